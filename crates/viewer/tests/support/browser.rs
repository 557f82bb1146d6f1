//! The WebDriver harness of the browser tests: chromedriver (in a process group of its own)
//! with one headless Chromium session, and the few page operations the tests use.
#![allow(dead_code)] // each test binary uses its own part of it

use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource as _, KeyAction, KeyActions, MouseActions, PointerAction};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

/// Chromium and chromedriver: `$BOTFORGE_CHROMIUM` / `$BOTFORGE_CHROMEDRIVER`, else
/// `/usr/bin/…`, else PATH. A missing one fails the test, naming it.
pub fn programs() -> (PathBuf, PathBuf) {
    let exe = program("BOTFORGE_CHROMIUM", "/usr/bin/chromium", "chromium").unwrap_or_else(|| {
        panic!(
            "chromium not found ($BOTFORGE_CHROMIUM, /usr/bin/chromium, PATH): the browser \
             tests need it (.ci/run installs Debian's chromium)"
        )
    });
    let driver = program(
        "BOTFORGE_CHROMEDRIVER",
        "/usr/bin/chromedriver",
        "chromedriver",
    )
    .unwrap_or_else(|| {
        panic!(
            "chromedriver not found ($BOTFORGE_CHROMEDRIVER, /usr/bin/chromedriver, PATH): the \
             browser tests need it (.ci/run installs Debian's chromium-driver)"
        )
    });
    (exe, driver)
}

/// `$var` if it names a file, else `fixed` if it exists, else `name` on PATH.
fn program(var: &str, fixed: &str, name: &str) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(var) {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let fixed = Path::new(fixed);
    if fixed.is_file() {
        return Some(fixed.to_path_buf());
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(name))
            .find(|p| p.is_file())
    })
}

/// chromedriver (in its own process group) and one WebDriver session with headless Chromium.
pub struct Browser {
    driver: Child,
    /// The WebDriver session.
    pub client: Client,
    /// What screenshot file names start with (`viewer`, `ladder`).
    prefix: &'static str,
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Chromium runs in chromedriver's process group: end both. (Not through the `kill`
        // program: procps-ng 4.0.2 turns `kill -KILL -PGID` into kill(-1), every process.)
        if let Ok(pgid) = i32::try_from(self.driver.id()) {
            let _ = nix::sys::signal::killpg(
                nix::unistd::Pid::from_raw(pgid),
                nix::sys::signal::Signal::SIGKILL,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

impl Browser {
    /// Starts chromedriver and a headless Chromium session; screenshots are named
    /// `PREFIX-NAME.png`.
    pub async fn launch(chromium: &Path, chromedriver: &Path, prefix: &'static str) -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let driver = Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0)
            .spawn()
            .expect("cannot start chromedriver");
        let end = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                Instant::now() < end,
                "chromedriver did not listen on {port}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": chromium,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--window-size=1280,860",
                ],
            }),
        );
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
            .expect("no WebDriver session");
        Browser {
            driver,
            client,
            prefix,
        }
    }

    pub async fn goto(&mut self, url: &str) {
        self.client.goto(url).await.unwrap();
        self.wait("document.readyState === 'complete'").await;
    }

    /// Evaluates a JS expression (statements allowed: the last one's value is returned).
    pub async fn eval(&mut self, expr: &str) -> Value {
        self.client
            .execute("return eval(arguments[0]);", vec![json!(expr)])
            .await
            .unwrap_or_else(|e| panic!("{expr}: {e}"))
    }

    pub async fn text(&mut self, selector: &str) -> String {
        let v = self
            .eval(&format!(
                "(document.querySelector({selector:?}) || {{}}).textContent || ''"
            ))
            .await;
        v.as_str().unwrap_or_default().to_owned()
    }

    /// Waits until `cond` (JS) is truthy; the page's `#error` text is shown on timeout.
    pub async fn wait(&mut self, cond: &str) {
        let end = Instant::now() + Duration::from_secs(20);
        loop {
            if self.eval(&format!("!!({cond})")).await == json!(true) {
                return;
            }
            if Instant::now() > end {
                let err = self.text("#error").await;
                panic!("timed out waiting for {cond}; page error: {err:?}");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Presses and releases one key (a character or a WebDriver key code).
    pub async fn key(&mut self, key: char) {
        let keys = KeyActions::new("keyboard".into())
            .then(KeyAction::Down { value: key })
            .then(KeyAction::Up { value: key });
        self.client.perform_actions(keys).await.unwrap();
    }

    /// A real mouse click in the middle of the element (scrolled into view).
    pub async fn click(&mut self, selector: &str) {
        self.client
            .find(Locator::Css(selector))
            .await
            .unwrap_or_else(|e| panic!("{selector}: {e}"))
            .click()
            .await
            .unwrap();
    }

    /// Moves the mouse to viewport coordinates.
    pub async fn hover(&mut self, x: f64, y: f64) {
        let mouse = MouseActions::new("mouse".into()).then(PointerAction::MoveTo {
            duration: None,
            x: x.round(),
            y: y.round(),
        });
        self.client.perform_actions(mouse).await.unwrap();
    }

    pub async fn screenshot(&mut self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{}-{name}.png", self.prefix)), &png).unwrap();
        if let Some(doc) = std::env::var_os("BOTFORGE_DOC_SCREENSHOTS") {
            std::fs::write(
                Path::new(&doc).join(format!("{}-{name}.png", self.prefix)),
                &png,
            )
            .unwrap();
        }
    }
}

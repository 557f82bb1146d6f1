//! Browser tests: the viewer runs in-process on a loopback port and headless Chromium,
//! driven over the DevTools protocol (websocket), loads each page, opens the bundled
//! replay / log / world, steps with key presses or clicks and checks what is rendered
//! against values computed here from the same files with the game crates.
//!
//! Without Chromium (`/usr/bin/chromium`, `chromium` on PATH or `$BOTFORGE_CHROMIUM`) the
//! test prints a skip message and passes. Screenshots go to `<target>/screenshots/`; with
//! `BOTFORGE_DOC_SCREENSHOTS=DIR` they are also written as `DIR/viewer-<page>.png`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine as _;
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn chromium() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("BOTFORGE_CHROMIUM") {
        return Some(PathBuf::from(p)).filter(|p| p.is_file());
    }
    let fixed = Path::new("/usr/bin/chromium");
    if fixed.is_file() {
        return Some(fixed.to_path_buf());
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join("chromium"))
            .find(|p| p.is_file())
    })
}

/// A headless Chromium process and one page session on it.
struct Browser {
    child: Child,
    ws: Ws,
    session: String,
    next_id: u64,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    async fn launch(exe: &Path) -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(exe)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--window-size=1280,860",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("cannot start chromium");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(i) = line.find("ws://") {
                    let _ = tx.send(line[i..].trim().to_owned());
                }
            }
        });
        let url = rx
            .recv_timeout(Duration::from_secs(20))
            .expect("chromium printed no DevTools URL");
        let (ws, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .unwrap();
        let mut b = Browser {
            child,
            ws,
            session: String::new(),
            next_id: 0,
            _profile: profile,
        };
        let target = b
            .call("Target.createTarget", json!({"url": "about:blank"}), false)
            .await;
        let target_id = target["targetId"].as_str().unwrap().to_owned();
        let att = b
            .call(
                "Target.attachToTarget",
                json!({"targetId": target_id, "flatten": true}),
                false,
            )
            .await;
        b.session = att["sessionId"].as_str().unwrap().to_owned();
        b.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1280, "height": 860, "deviceScaleFactor": 1, "mobile": false}),
            true,
        )
        .await;
        b
    }

    /// Sends one command and returns its result (events in between are skipped).
    async fn call(&mut self, method: &str, params: Value, on_page: bool) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({"id": id, "method": method, "params": params});
        if on_page {
            msg["sessionId"] = json!(self.session);
        }
        self.ws.send(Message::text(msg.to_string())).await.unwrap();
        loop {
            let m = tokio::time::timeout(Duration::from_secs(30), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("no answer to {method}"))
                .unwrap()
                .unwrap();
            let Message::Text(text) = m else { continue };
            let v: Value = serde_json::from_str(&text).unwrap();
            if v["id"] == json!(id) {
                assert!(v.get("error").is_none(), "{method} failed: {v}");
                return v["result"].clone();
            }
        }
    }

    async fn goto(&mut self, url: &str) {
        self.call("Page.navigate", json!({"url": url}), true).await;
        self.wait("document.readyState === 'complete'").await;
    }

    /// Evaluates a JS expression (awaiting promises) and returns its value.
    async fn eval(&mut self, expr: &str) -> Value {
        let r = self
            .call(
                "Runtime.evaluate",
                json!({"expression": expr, "returnByValue": true, "awaitPromise": true}),
                true,
            )
            .await;
        assert!(r.get("exceptionDetails").is_none(), "{expr}: {r}");
        r["result"]["value"].clone()
    }

    async fn text(&mut self, selector: &str) -> String {
        let v = self
            .eval(&format!(
                "(document.querySelector({selector:?}) || {{}}).textContent || ''"
            ))
            .await;
        v.as_str().unwrap_or_default().to_owned()
    }

    /// Waits until `cond` (JS) is truthy; the page's `#error` text is shown on timeout.
    async fn wait(&mut self, cond: &str) {
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

    async fn key(&mut self, key: &str, code: &str, vk: u32) {
        for ty in ["keyDown", "keyUp"] {
            let mut p = json!({"type": ty, "key": key, "code": code, "windowsVirtualKeyCode": vk});
            if key == " " && ty == "keyDown" {
                p["text"] = json!(" ");
            }
            self.call("Input.dispatchKeyEvent", p, true).await;
        }
    }

    /// A real mouse click in the middle of the element.
    async fn click(&mut self, selector: &str) {
        let r = self
            .eval(&format!(
                "(() => {{ const e = document.querySelector({selector:?}); e.scrollIntoView({{block: 'center'}}); const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
            ))
            .await;
        let (x, y) = (r[0].as_f64().unwrap(), r[1].as_f64().unwrap());
        for ty in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": ty, "x": x, "y": y, "button": "left", "clickCount": 1}),
                true,
            )
            .await;
        }
    }

    async fn screenshot(&mut self, name: &str) {
        let r = self
            .call("Page.captureScreenshot", json!({"format": "png"}), true)
            .await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(r["data"].as_str().unwrap())
            .unwrap();
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("../screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("viewer-{name}.png")), &png).unwrap();
        if let Some(doc) = std::env::var_os("BOTFORGE_DOC_SCREENSHOTS") {
            std::fs::write(Path::new(&doc).join(format!("viewer-{name}.png")), &png).unwrap();
        }
    }
}

async fn start_viewer() -> SocketAddr {
    let dir = tempfile::tempdir().unwrap();
    let app = viewer::router(viewer::ViewerConfig {
        db: dir.path().join("none.db"),
        root: workspace(),
    })
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// Ants: step with → and compare the turn counter and every player's ant count with the
/// replay's ant lifetimes.
async fn ants(b: &mut Browser, base: &str) {
    let path = "data/viewer/ants-sample.replay";
    let replay: Value =
        serde_json::from_str(&std::fs::read_to_string(workspace().join(path)).unwrap()).unwrap();
    let total = replay["game_length"].as_u64().unwrap();
    let players = replay["replaydata"]["players"].as_u64().unwrap() as usize;
    b.goto(&format!("{base}/ants?open={path}")).await;
    b.wait("document.getElementById('turn').textContent.startsWith('turn 0 /')")
        .await;
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    let steps = 12;
    for _ in 0..steps {
        b.key("ArrowRight", "ArrowRight", 39).await;
    }
    assert_eq!(b.text("#turn").await, format!("turn {steps} / {total}"));
    for p in 0..players {
        let alive = replay["replaydata"]["ants"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| {
                a[4].as_u64() == Some(p as u64)
                    && a[2].as_u64().unwrap() <= steps
                    && steps < a[3].as_u64().unwrap()
            })
            .count();
        let shown = b.text(&format!("#counts span[data-player='{p}']")).await;
        assert!(
            shown.contains(&format!(": {alive} ants")),
            "player {p}: {shown:?}, expected {alive} ants"
        );
    }
    let notes: Value = serde_json::from_str(
        &std::fs::read_to_string(workspace().join("data/viewer/ants-sample.annotations.json"))
            .unwrap(),
    )
    .unwrap();
    let note = notes
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["turn"].as_u64() == Some(steps))
        .expect("a note for the shown turn");
    let (r, c) = (
        note["pos"][0].as_f64().unwrap(),
        note["pos"][1].as_f64().unwrap(),
    );
    // The annotations beside the replay arrive in a second request after the replay.
    b.wait("view.replay && view.replay.annotations.size > 0")
        .await;
    let at = b
        .eval(&format!(
            "(() => {{ const e = document.getElementById('board'); e.scrollIntoView(); const b = e.getBoundingClientRect(); return [b.x + ({c} + 0.5) * view.cell, b.y + ({r} + 0.5) * view.cell]; }})()"
        ))
        .await;
    b.call(
        "Input.dispatchMouseEvent",
        json!({"type": "mouseMoved", "x": at[0], "y": at[1]}),
        true,
    )
    .await;
    b.wait("document.getElementById('tip').style.display === 'block'")
        .await;
    let tip = b.text("#tip").await;
    assert!(
        tip.contains(note["label"].as_str().unwrap()),
        "tooltip {tip:?} lacks the annotation {note}"
    );
    b.screenshot("ants").await;
}

/// spe_ed playback: step with the ▶| button and compare round, positions and speeds with
/// the log as parsed by the speed crate.
async fn speed_log(b: &mut Browser, base: &str) {
    let path = "data/viewer/speed-sample.jsonl";
    let log = speed::golden::read_log(&workspace().join(path)).unwrap();
    let last = log.lines.last().unwrap().state.round;
    b.goto(&format!("{base}/speed?open={path}")).await;
    b.wait("document.getElementById('turn').textContent.startsWith('round 1 /')")
        .await;
    let steps = 7;
    for _ in 0..steps {
        b.click("#next").await;
    }
    let line = &log.lines[steps];
    assert_eq!(
        b.text("#turn").await,
        format!("round {} / {last}", line.state.round)
    );
    for p in &line.state.players {
        let row = b
            .text(&format!("#players tr[data-player='{}']", p.id))
            .await;
        let expect = format!("{},{}{}{}", p.x, p.y, p.direction.name(), p.speed);
        assert!(
            row.contains(&expect),
            "player {}: row {row:?} lacks {expect:?}",
            p.id
        );
    }
    b.eval("document.getElementById('seek').value = 40; document.getElementById('seek').dispatchEvent(new Event('input'))").await;
    b.screenshot("speed").await;
}

/// spe_ed live: a human game against `pathfinding` played with space and arrow keys; every key
/// press must advance the round (or end the game), and ↑ must raise the human's speed.
async fn speed_live(b: &mut Browser, base: &str) {
    b.goto(&format!("{base}/speed?ais=pathfinding(2,75)")).await;
    b.wait("document.getElementById('opponents').value === 'pathfinding(2,75)'")
        .await;
    b.eval("document.getElementById('seed').value = '3'; document.getElementById('roundms').value = '20000'").await;
    b.click("#start").await;
    b.wait("document.getElementById('turn').textContent === 'round 1'")
        .await;
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    let speed_of_human =
        "Number(document.querySelector(\"#players tr[data-player='1']\").children[4].textContent)";
    let mut checked = 0;
    let keys = [
        (" ", "Space", 32),
        ("ArrowUp", "ArrowUp", 38),
        (" ", "Space", 32),
        ("ArrowRight", "ArrowRight", 39),
    ];
    for (k, (key, code, vk)) in keys.into_iter().enumerate() {
        let before = b.eval(speed_of_human).await.as_i64().unwrap();
        b.key(key, code, vk).await;
        let round = k + 2;
        b.wait(&format!(
            "(t => t === 'round {round}' || t.endsWith('(game over)'))(document.getElementById('turn').textContent)"
        ))
        .await;
        if b.text("#turn").await.ends_with("(game over)") {
            break;
        }
        let after = b.eval(speed_of_human).await.as_i64().unwrap();
        let expect = if key == "ArrowUp" { before + 1 } else { before };
        assert_eq!(after, expect, "speed after {key:?}");
        let last = b.text("#players tr[data-player='1']").await;
        let name = match key {
            "ArrowUp" => "speed_up",
            "ArrowRight" => "turn_right",
            _ => "change_nothing",
        };
        assert!(last.ends_with(name), "last action of the human: {last:?}");
        checked += 1;
    }
    assert!(
        checked >= 3,
        "the game ended after {checked} checked rounds"
    );
    b.screenshot("speed-live").await;
}

/// Wumpus: play the bundled world on the server, step with →, compare the step counter and
/// the shown action with a trace computed here with the wumpus crate.
async fn wumpus_game(b: &mut Browser, base: &str) {
    let path = "data/wumpus/seed-1-medium.wum";
    let world = wumpus::World::load(&workspace().join(path)).unwrap();
    let mut agent = wumpus::agents::ChampionAgent::new();
    let trace = wumpus::play_traced(&mut wumpus::Game::new(&world, 1), &mut agent, 1, "champion");
    b.goto(&format!("{base}/wumpus?open={path}&seed=1&agent=champion"))
        .await;
    b.wait("document.getElementById('turn').textContent.startsWith('step 0 /')")
        .await;
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    let steps = 5.min(trace.steps.len() - 1);
    for _ in 0..steps {
        b.key("ArrowRight", "ArrowRight", 39).await;
    }
    assert_eq!(
        b.text("#turn").await,
        format!("step {steps} / {}", trace.steps.len() - 1)
    );
    let action = serde_json::to_value(trace.steps[steps].action).unwrap();
    let shown = b.text("#percept").await;
    assert!(
        shown.starts_with(&format!("action {}", action.as_str().unwrap_or("—"))),
        "{shown:?} vs {action}"
    );
    b.screenshot("wumpus").await;
}

/// Economy: start a game, click an executable activity, click "Next round"; the round
/// advances and the human's state changed exactly as the activity's effects say (gold and
/// items are compared with a local economy game given the same choice).
async fn economy_round(b: &mut Browser, base: &str) {
    b.goto(&format!("{base}/economy?agents=gold&roundms=300&start=1"))
        .await;
    b.wait("document.querySelectorAll('#executable tbody tr').length > 0")
        .await;
    assert!(b.text("#round").await.starts_with("round 0 /"));
    let first = b
        .eval("Number(document.querySelector('#executable tbody tr').dataset.activity)")
        .await
        .as_u64()
        .unwrap() as usize;
    b.click("#executable tbody tr").await;
    b.click("#nextround").await;
    b.wait("document.getElementById('round').textContent.startsWith('round 1 /')")
        .await;
    let world = std::sync::Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    );
    let mut game =
        economy::game::Game::new(world, &[("me".into(), economy::game::Controller::Human)]);
    game.next_round(&[Some(first)]);
    let gold = game.view(Some(0)).players[0].gold;
    assert_eq!(b.text("#youlast").await, game.world.activities[first].name);
    let shown = b.eval("document.querySelector(\"#players div[data-player='0'] table tr:nth-child(2) td\").textContent").await;
    assert_eq!(shown.as_str().unwrap(), gold.to_string());
    b.screenshot("economy").await;
}

#[test]
fn pages_render_replays_logs_and_games_in_chromium() {
    let Some(exe) = chromium() else {
        println!(
            "SKIP: chromium not found (/usr/bin/chromium, PATH, $BOTFORGE_CHROMIUM); browser tests not run"
        );
        return;
    };
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let addr = start_viewer().await;
        let base = format!("http://{addr}");
        let mut b = Browser::launch(&exe).await;
        ants(&mut b, &base).await;
        speed_log(&mut b, &base).await;
        speed_live(&mut b, &base).await;
        wumpus_game(&mut b, &base).await;
        economy_round(&mut b, &base).await;
    });
}

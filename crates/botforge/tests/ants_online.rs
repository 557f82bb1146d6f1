//! `botforge ants online` against the fake 2011 server of the `ants` crate's tests
//! (`crates/ants/tests/online/fake_2011_server.py`): an in-process bot and the example
//! Python bot play whole games (one after an "already queued" rejection), each game's result
//! is printed and its transcript written; a wrong password and a bad login fail clearly.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

mod common;
use common::{botforge_at_root, require_python, text, workspace};

/// The fake server, killed when dropped.
struct Fake {
    child: Child,
    port: u16,
}

impl Drop for Fake {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn fake(scenarios: &str, dir: &Path) -> Fake {
    require_python();
    let script = workspace().join("crates/ants/tests/online/fake_2011_server.py");
    let mut child = Command::new("python3")
        .arg(script)
        .arg(scenarios)
        .arg(dir.join("server.jsonl"))
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let port = first.trim().strip_prefix("port ").unwrap().parse().unwrap();
    Fake { child, port }
}

/// `botforge ants online` without waits, transcripts into `dir/logs`.
fn online(port: u16, dir: &Path, extra: &[&str], bot: &str) -> std::process::Output {
    let port = port.to_string();
    let logs = dir.join("logs");
    let mut args = vec![
        "ants",
        "online",
        "--host",
        "127.0.0.1",
        "--port",
        &port,
        "--name",
        "alice",
        "--password",
        "secret",
        "--log-dir",
        logs.to_str().unwrap(),
        "--wait-ms",
        "0",
        "--wait-jitter-ms",
        "0",
        "--busy-wait-ms",
        "0",
        "--busy-jitter-ms",
        "0",
        "--socket-timeout-ms",
        "10000",
    ];
    args.extend_from_slice(extra);
    args.push(bot);
    botforge_at_root(&args)
}

#[test]
fn an_in_process_bot_plays_after_an_already_queued_rejection() {
    let dir = tempfile::tempdir().unwrap();
    let server = fake("busy,game", dir.path());
    let out = online(server.port, dir.path(), &["--rounds", "2"], "hunter");
    let shown = text(&out);
    assert!(out.status.success(), "{shown}");
    assert!(
        shown.contains("round 1: rejected by the server: alice is already queued for game 3"),
        "{shown}"
    );
    assert!(
        shown.contains("game 7 on tiny_p02.map (alice, bob): survived, score 1, turn 3"),
        "{shown}"
    );
    let log = dir
        .path()
        .join(format!("logs/127.0.0.1_{}-game-7-alice.log", server.port));
    let transcript = std::fs::read_to_string(&log).unwrap();
    assert!(transcript.contains("bot hunter"), "{transcript}");
    assert!(
        transcript.contains("   3 <- you timed out."),
        "{transcript}"
    );
    assert!(
        shown.contains(&format!("transcript {}", log.display())),
        "{shown}"
    );
}

#[test]
fn the_example_python_bot_plays_as_a_command() {
    let dir = tempfile::tempdir().unwrap();
    let server = fake("game", dir.path());
    let out = online(
        server.port,
        dir.path(),
        &[],
        "cmd:python3 examples/bots/ants_bot.py",
    );
    let shown = text(&out);
    assert!(out.status.success(), "{shown}");
    assert!(
        shown.contains("game 7 on tiny_p02.map (alice, bob): survived, score 1, turn 3"),
        "{shown}"
    );
    let sent = std::fs::read_to_string(dir.path().join("server.jsonl")).unwrap();
    assert!(sent.contains(r#""line": "USER alice secret\n""#), "{sent}");
    assert!(
        sent.contains(r#""line": "o 1 1 "#),
        "the bot's orders: {sent}"
    );
}

#[test]
fn a_wrong_password_and_a_bad_name_fail_clearly() {
    let dir = tempfile::tempdir().unwrap();
    let server = fake("password", dir.path());
    let out = online(server.port, dir.path(), &["--rounds", "5"], "hold");
    let shown = text(&out);
    assert_eq!(out.status.code(), Some(1), "{shown}");
    assert!(
        shown.contains("round 1: rejected by the server: invalid password for alice"),
        "{shown}"
    );
    assert!(shown.contains("stopped after round 1"), "{shown}");

    let out = botforge_at_root(&[
        "ants",
        "online",
        "--port",
        "1",
        "--name",
        "bad name",
        "--password",
        "x",
        "hold",
    ]);
    let shown = text(&out);
    assert!(!out.status.success(), "{shown}");
    assert!(shown.contains("the name must be 1 to 32"), "{shown}");
}

//! `botforge ants online` against the fake 2011 server of the `ants` crate's tests
//! (`crates/ants/tests/online/fake_2011_server.py`): an in-process bot and the example
//! Python bot play whole games (one after an "already queued" rejection), each game's result
//! is printed and its transcript written; a wrong password and a bad login fail clearly.
//! Then the same against `botforge ants server`: an in-process bot and the Python bot play
//! each other.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

mod common;
use common::{botforge_at_root, require_python, text, workspace};

/// A server process (the fake one or `botforge ants server`), killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn fake(scenarios: &str, dir: &Path) -> Server {
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
    Server { child, port }
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

/// `botforge ants server` on a free port with one 2-player map and no web pages; returns
/// the child and its game address.
fn real_server(dir: &Path) -> (Server, String) {
    let maps = dir.join("maps");
    std::fs::create_dir_all(&maps).unwrap();
    std::fs::copy(
        workspace().join("data/ants/maze_p02_01.map"),
        maps.join("maze_p02_01.map"),
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .current_dir(workspace())
        .args(["ants", "server", "--addr", "127.0.0.1:0", "--web", "off"])
        .args(["--maps", maps.to_str().unwrap()])
        .args(["--db", dir.join("ladder.db").to_str().unwrap()])
        .args(["--replays", dir.join("replays").to_str().unwrap()])
        .args(["--turns", "20", "--turntime", "200", "--turn-wait", "3000"])
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    let addr = loop {
        line.clear();
        assert!(
            stderr.read_line(&mut line).unwrap() > 0,
            "the server did not start"
        );
        if let Some(rest) = line.split("games on ").nth(1) {
            break rest.split_whitespace().next().unwrap().to_owned();
        }
    };
    // Keep reading the server's log so it never blocks on a full pipe.
    std::thread::spawn(move || for _ in stderr.lines() {});
    let port = addr.rsplit(':').next().unwrap().parse().unwrap();
    (Server { child, port }, addr)
}

#[test]
fn an_in_process_bot_and_a_command_bot_play_each_other_on_botforge_ants_server() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let (server, _) = real_server(dir.path());
    let port = server.port.to_string();
    let logs = dir.path().join("logs");
    let client = {
        let (port, logs) = (port.clone(), logs.clone());
        move |name: &str, bot: &str| {
            Command::new(env!("CARGO_BIN_EXE_botforge"))
                .current_dir(workspace())
                .args(["ants", "online", "--port", &port, "--name", name])
                .args(["--password", "pw", "--log-dir", logs.to_str().unwrap()])
                .args(["--wait-ms", "0", "--wait-jitter-ms", "0", bot])
                .output()
                .unwrap()
        }
    };
    let python = std::thread::spawn({
        let client = client.clone();
        move || client("bob", "cmd:python3 examples/bots/ants_bot.py")
    });
    let ours = client("alice", "greedy");
    let theirs = python.join().unwrap();
    for (out, name) in [(&ours, "alice"), (&theirs, "bob")] {
        let shown = text(out);
        assert!(out.status.success(), "{name}: {shown}");
        assert!(
            shown.contains("game 1 on maze_p02_01.map ("),
            "{name}: {shown}"
        );
        assert!(
            shown.contains(": survived, score ") || shown.contains(": eliminated, score "),
            "{name}: {shown}"
        );
        let log = logs.join(format!("127.0.0.1_{port}-game-1-{name}.log"));
        let transcript = std::fs::read_to_string(&log).unwrap();
        assert!(transcript.contains("<  game 1: "), "{transcript}");
    }
}

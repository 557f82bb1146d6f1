//! The Python example bots of `examples/bots/` (docs/writing-a-bot.md) play through
//! botforge: Ants via `ants play` with `cmd:`, Wumpus via `wumpus play --agent cmd:…` and
//! `wumpus eval`, spe_ed against `speed serve` on a loopback port. They fail without
//! `python3` (`.ci/run` installs it).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge_at_root as botforge, require_python, text, workspace};

use std::io::{BufRead as _, BufReader};

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[test]
fn python_ants_bot_survives_with_valid_orders() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let replay = dir.path().join("g.replay");
    // Strict mode: one invalid order line would remove the bot (status `invalid`).
    let o = botforge(&[
        "ants",
        "play",
        "--map",
        "data/ants/maze_p02_01.map",
        "--turns",
        "80",
        "--seed",
        "5",
        "--strict",
        "--replay",
        replay.to_str().unwrap(),
        "cmd:python3 examples/bots/ants_bot.py",
        "hold",
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let row = out
        .lines()
        .find(|l| l.starts_with("| 0 |"))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(row.contains("| survived |"), "{out}");
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    let ants = replay["replaydata"]["ants"].as_array().unwrap();
    // [row, col, start turn, end turn, owner, moves]: player 0's ants moved.
    let moves: usize = ants
        .iter()
        .filter(|a| a[4] == 0)
        .map(|a| {
            a[5].as_str()
                .unwrap()
                .chars()
                .filter(|c| "nesw".contains(*c))
                .count()
        })
        .sum();
    assert!(moves > 20, "the Python bot moved only {moves} times\n{out}");
}

#[test]
fn python_wumpus_agent_plays_through_the_line_protocol() {
    require_python();
    let agent = "cmd:python3 examples/bots/wumpus_agent.py";
    let o = botforge(&["wumpus", "play", "--agent", agent, "--seed", "1"]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    assert!(out.contains("END outcome="), "{out}");
    assert!(
        !out.contains("outcome=ERROR") && !out.contains("agent error"),
        "{out}"
    );
    let agents = format!("reference,{agent}");
    let o = botforge(&[
        "wumpus",
        "eval",
        "--worlds",
        "20",
        "--seed",
        "1",
        "--threads",
        "1",
        "--agents",
        &agents,
    ]);
    let out = text(&o);
    assert!(o.status.success(), "{out}");
    let row = out
        .lines()
        .find(|l| l.starts_with("cmd:"))
        .unwrap_or_else(|| panic!("{out}"));
    // Columns: agent success died_pit died_wumpus quit timeout error …
    let cols: Vec<&str> = row.split_whitespace().collect();
    let error = cols[cols.len() - 6];
    assert_eq!(error, "0.0%", "protocol errors in\n{out}");
}

#[test]
fn python_speed_client_finishes_a_game_against_speed_serve() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args([
            "speed",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--players",
            "2",
            "--fill",
        ])
        .arg("not-killing-itself(1,0,3)")
        .args([
            "--wait",
            "0",
            "--games",
            "1",
            "--min-round-secs",
            "2",
            "--max-round-secs",
            "2",
        ])
        .arg("--log-dir")
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // "spe_ed server on ws://ADDR/spe_ed (time: /spe_ed_time)"
    let mut stderr = BufReader::new(server.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("ws://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    let client = Command::new("python3")
        .current_dir(workspace())
        .arg("examples/bots/speed_client.py")
        .env("URL", &url)
        .env("KEY", "python")
        .output()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(90);
    let status = loop {
        if let Some(s) = server.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = server.kill();
            panic!("the server did not finish its game");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let served = server.wait_with_output().unwrap();
    let served = String::from_utf8_lossy(&served.stdout).into_owned();
    let out = text(&client);
    assert!(client.status.success(), "{out}");
    assert!(status.success(), "{served}");
    assert!(served.contains("game 0:"), "{served}");
    let result = out.lines().last().unwrap_or_default();
    assert!(result.starts_with("player "), "{out}");
    assert!(
        ["won", "lost", "draw"].iter().any(|r| result.ends_with(r)),
        "{out}"
    );
}

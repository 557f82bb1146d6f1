//! Hostile input end to end: external processes that must not outlive botforge, bot
//! commands that cannot start, closed or full output streams, out-of-range numbers.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn botforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .output()
        .unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name)
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .is_ok_and(|s| s.rsplit(')').next().is_some_and(|r| !r.trim_start().starts_with('Z')))
}

fn wait_for_pid(file: &Path) -> u32 {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(pid) = std::fs::read_to_string(file)
            .ok()
            .and_then(|s| s.trim().parse().ok())
        {
            return pid;
        }
        assert!(Instant::now() < until, "the agent did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Starts a Wumpus game with an agent that never answers, sends `signal` to botforge and
/// checks that the agent's child dies with it.
fn agent_dies_with_botforge(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let agent = format!(
        "cmd:sh {} {}",
        script("silent_with_child.sh").display(),
        pidfile.display()
    );
    let mut bf = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(["wumpus", "play", "--agent", &agent, "--first-reply-ms", "60000"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = wait_for_pid(&pidfile);
    std::thread::sleep(Duration::from_millis(200));
    let sent = Command::new("kill")
        .args([signal, &bf.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = bf.wait().unwrap();
    assert!(!status.success());
    let until = Instant::now() + Duration::from_secs(3);
    while alive(pid) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    let orphan = alive(pid);
    if orphan {
        let _ = Command::new("kill").arg(pid.to_string()).status();
    }
    assert!(!orphan, "the agent's child {pid} outlived botforge ({signal})");
}

#[test]
fn wumpus_agents_die_on_sigterm() {
    agent_dies_with_botforge("-TERM");
}

#[test]
fn wumpus_agents_die_on_sigint() {
    agent_dies_with_botforge("-INT");
}

#[test]
fn bot_commands_that_cannot_start_are_clear_errors() {
    for bot in ["cmd:/nonexistent/bot", "cmd:", "cmd:  "] {
        let o = botforge(&["ants", "play", "--turns", "5", bot, "hold"]);
        assert_eq!(o.status.code(), Some(2), "{bot}: {}", text(&o));
        let t = text(&o);
        assert!(
            t.contains("not found") || t.contains("empty"),
            "{bot}: {t}"
        );
    }
    let o = botforge(&["wumpus", "play", "--agent", "cmd:/nonexistent/agent"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("not found"), "{}", text(&o));
}

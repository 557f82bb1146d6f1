//! Hostile external agents (scripts in `tests/agents/`): none blocks the simulator, none
//! costs unbounded memory, none outlives its game.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use wumpus::protocol::{ExternalEntrant, Timeouts};
use wumpus::{Game, Outcome, PlayedGame, Preset, play_game};

fn agent(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/agents")
        .join(name)
}

/// Plays `command` on a medium world without wumpi (a sitting hunter lives to
/// max_actions), failing (instead of hanging) after `limit`.
fn run(command: String, limit: Duration) -> PlayedGame {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut params = Preset::Medium.params(1);
        params.wumpus_count = 0;
        let w = wumpus::generate(&params).unwrap();
        let mut g = Game::new(&w, 1);
        let mut ext = ExternalEntrant::new(&command, Timeouts::default());
        let out = play_game(&mut g, &mut ext, |_, _, _| {});
        drop(ext);
        let _ = tx.send(out);
    });
    rx.recv_timeout(limit).expect("the game must end")
}

fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| !r.trim_start().starts_with('Z'))
    })
}

#[test]
fn an_agent_that_never_reads_cannot_block_the_game() {
    let out = run(
        agent("never_reads.sh").display().to_string(),
        Duration::from_mins(1),
    );
    assert_eq!(out.error, None);
    assert_eq!(out.result.actions, 1000, "SIT until max_actions");
}

/// Plays `script`, an agent that floods one endless line: the game ends at once with
/// the overlong line as its error.
fn assert_endless_line_reported(script: &str) {
    let started = Instant::now();
    let out = run(agent(script).display().to_string(), Duration::from_secs(30));
    assert_eq!(out.result.outcome, Outcome::Error);
    let e = out.error.unwrap();
    assert!(e.contains("longer than"), "{e}");
    assert!(started.elapsed() < Duration::from_secs(4));
}

#[test]
fn an_endless_line_is_an_error_at_once() {
    assert_endless_line_reported("endless_line.sh");
}

/// An agent that closes its stdin (so that writes to it fail) and then floods one endless
/// line is reported by its line.
#[test]
fn an_endless_line_after_closing_stdin_is_reported_as_the_line() {
    assert_endless_line_reported("endless_line_late.sh");
}

#[test]
fn the_agents_children_die_with_the_game() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let cmd = format!(
        "sh {} {}",
        agent("leaves_child.sh").display(),
        pidfile.display()
    );
    let out = run(cmd, Duration::from_secs(30));
    assert_eq!(out.result.outcome, Outcome::Quit);
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(3);
    while alive(pid) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(!alive(pid), "the agent's child {pid} outlived the game");
}

#[test]
fn empty_agent_command_is_a_clear_error() {
    let out = run(String::new(), Duration::from_secs(10));
    assert_eq!(out.result.outcome, Outcome::Error);
    let e = out.error.unwrap();
    assert!(e.contains("empty"), "{e}");
}

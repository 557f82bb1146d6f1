//! Hostile external bots (scripts in `tests/bots/`): none outlives its game, none stalls
//! the engine past the turn deadline, none costs unbounded memory.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ants::process::{ProcessBot, Reply};
use ants::{Entrant, GameConfig, GameOutcome, Map, Status, bots, play_game};

const MAP: &str = "rows 10\ncols 10\nplayers 2\nm ..........\nm .0........\nm ..........\nm ..........\nm ..........\nm ..........\nm ......1...\nm ..........\nm ..........\nm ..........\n";

fn bot(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bots")
        .join(name)
}

fn config(turns: u32) -> GameConfig {
    GameConfig {
        turns,
        turntime_ms: 200,
        loadtime_ms: 500,
        ..GameConfig::seeded(5)
    }
}

/// Plays `command` against `hold`, failing (instead of hanging) after `limit`.
fn play(command: String, turns: u32, limit: Duration) -> GameOutcome {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let map = Map::parse(MAP).unwrap();
        let hold = Entrant::InProcess(Box::new(bots::HoldBot));
        let r = play_game(&map, &config(turns), vec![Entrant::Command(command), hold]);
        let _ = tx.send(r.unwrap());
    });
    rx.recv_timeout(limit)
        .expect("the game must end within its deadlines")
}

/// True while process `pid` exists and is not a zombie.
fn alive(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
        s.rsplit(')')
            .next()
            .is_some_and(|r| !r.trim_start().starts_with('Z'))
    })
}

fn gone_soon(pid: u32) -> bool {
    let until = Instant::now() + Duration::from_secs(3);
    while Instant::now() < until {
        if !alive(pid) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

fn child_pid(file: &Path) -> u32 {
    std::fs::read_to_string(file)
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn a_bot_and_its_children_die_at_game_end() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let cmd = format!(
        "sh {} {} answer",
        bot("orphan_maker.sh").display(),
        pidfile.display()
    );
    let r = play(cmd, 3, Duration::from_secs(30));
    assert_eq!(r.statuses[0], Status::Survived);
    let pid = child_pid(&pidfile);
    assert!(gone_soon(pid), "the bot's child {pid} outlived the game");
}

#[test]
fn a_timed_out_bot_and_its_children_are_killed() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let cmd = format!(
        "sh {} {} hang",
        bot("orphan_maker.sh").display(),
        pidfile.display()
    );
    let r = play(cmd, 3, Duration::from_secs(30));
    assert_eq!(r.statuses[0], Status::Timeout);
    let pid = child_pid(&pidfile);
    assert!(gone_soon(pid), "the bot's child {pid} outlived its timeout");
}

#[test]
fn a_bot_printing_orders_forever_times_out() {
    let started = Instant::now();
    let r = play(
        bot("orders_no_go.sh").display().to_string(),
        5,
        Duration::from_secs(20),
    );
    assert_eq!(r.statuses[0], Status::Timeout);
    assert_eq!(r.playerturns[0], 0);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn per_turn_output_is_bounded() {
    let mut pb = ProcessBot::spawn(&bot("orders_no_go.sh").display().to_string()).unwrap();
    let started = Instant::now();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let reply = pb.receive(Instant::now() + Duration::from_secs(30));
        let _ = tx.send(reply);
    });
    let reply = rx
        .recv_timeout(Duration::from_secs(25))
        .expect("receive must stop at the per-turn output limit");
    assert_eq!(reply, Reply::Timeout);
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn an_endless_line_ends_the_turn_at_once() {
    let mut pb = ProcessBot::spawn(&bot("endless_line.sh").display().to_string()).unwrap();
    let started = Instant::now();
    let reply = pb.receive(Instant::now() + Duration::from_secs(10));
    assert_eq!(reply, Reply::Timeout);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "an overlong line must not be read until the deadline"
    );
    pb.kill();
    assert_eq!(
        pb.receive(Instant::now() + Duration::from_secs(1)),
        Reply::Crashed,
        "a killed bot is not read any more"
    );
}

#[test]
fn bot_commands_that_cannot_start_are_crashed_at_start() {
    for cmd in ["/nonexistent/bot", "", "   "] {
        let r = play(cmd.to_owned(), 5, Duration::from_secs(20));
        assert_eq!(r.statuses[0], Status::CrashedAtStart, "{cmd:?}");
        assert_eq!(r.turns, 0);
    }
    assert!(ProcessBot::spawn("").is_err());
}

#[test]
fn a_bot_exiting_at_once_always_gets_the_same_status() {
    let cmd = bot("exit_at_once.sh").display().to_string();
    for _ in 0..8 {
        let r = play(cmd.clone(), 5, Duration::from_secs(20));
        assert_eq!(r.statuses[0], Status::Crashed);
        assert_eq!(r.playerturns[0], 0);
    }
}

/// A bot that closes its stdout but stays alive, and one that exits leaving a child that
/// holds its stdout, are `crashed` at once, not `timeout` at the deadline (loadtime here:
/// 500 ms; both answer in far less).
#[test]
fn a_bot_gone_without_an_answer_is_crashed_at_once() {
    for script in ["closes_stdout.sh", "forks_and_exits.sh"] {
        let started = Instant::now();
        let r = play(
            bot(script).display().to_string(),
            5,
            Duration::from_secs(20),
        );
        assert_eq!(r.statuses[0], Status::Crashed, "{script}");
        assert_eq!(r.playerturns[0], 0, "{script}");
        assert!(
            started.elapsed() < Duration::from_millis(450),
            "{script}: {:?}",
            started.elapsed()
        );
    }
}

/// What a crashed bot wrote to stderr is kept in the outcome.
#[test]
fn a_crashed_bots_stderr_is_kept() {
    let r = play(
        bot("crash_with_message.sh").display().to_string(),
        5,
        Duration::from_secs(20),
    );
    assert_eq!(r.statuses[0], Status::Crashed);
    assert!(r.stderr[0].contains("line 3: boom"), "{:?}", r.stderr);
    assert_eq!(r.stderr[1], "", "an in-process bot has no stderr");
    let table = ants::report::outcome(&r, Duration::ZERO);
    assert!(
        table.contains("player 0") && table.contains("line 3: boom"),
        "{table}"
    );
}

/// Only the last 16 KiB of a bot's stderr are kept, and `ants play`'s table shows the last
/// 20 lines of them.
#[test]
fn a_crashed_bots_stderr_is_bounded_to_its_end() {
    let r = play(
        bot("crash_with_a_long_story.sh").display().to_string(),
        5,
        Duration::from_secs(20),
    );
    assert_eq!(r.statuses[0], Status::Crashed);
    assert!(
        r.stderr[0].len() <= 16 * 1024,
        "{} bytes kept",
        r.stderr[0].len()
    );
    assert!(
        r.stderr[0].ends_with("last line 30\n"),
        "{:?}",
        &r.stderr[0][r.stderr[0].len().saturating_sub(40)..]
    );
    let table = ants::report::outcome(&r, Duration::ZERO);
    assert!(
        table.contains("last line 11") && table.contains("last line 30"),
        "{table}"
    );
    assert!(!table.contains("last line 10\n"), "{table}");
}

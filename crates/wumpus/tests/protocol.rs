//! The line protocol: exact line formats (spec transcript), parsing errors, the agent side
//! (`serve`) and external processes that behave, crash, hang or talk garbage.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use wumpus::agents::ReferenceBot;
use wumpus::protocol::{
    ExternalEntrant, Timeouts, format_end, format_percept, format_start, parse_action, parse_end,
    parse_percept, parse_start, serve,
};
use wumpus::{Game, HunterAction, Outcome, Preset, play_game, play_game_traced};

fn seed1() -> wumpus::World {
    wumpus::generate(&Preset::Medium.params(1)).unwrap()
}

#[test]
fn transcript_lines_match_the_spec() {
    let w = seed1();
    let mut g = Game::new(&w, 1);
    assert_eq!(
        format_start(&g.start_info()),
        "START width=12 height=12 start=1,1 heading=EAST arrows=4 stench_distance=3 rumble_distance=-1 score=0 max_actions=1000"
    );
    assert_eq!(
        format_percept(g.observation()),
        "PERCEPT turn=0 effect=GAME_INITIALIZED breeze=0 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=-"
    );
    let mut a = ReferenceBot::new();
    let t = play_game_traced(&mut g, &mut a, 1, "reference");
    assert_eq!(
        format_percept(&t.steps[1].observation),
        "PERCEPT turn=1 effect=MOVEMENT_SUCCESSFUL breeze=0 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=-"
    );
    assert_eq!(
        format_percept(&t.steps[2].observation),
        "PERCEPT turn=2 effect=MOVEMENT_SUCCESSFUL breeze=0 stench=0 glitter=0 bump=0 rumble=1 scream=0 radar=-"
    );
    assert_eq!(
        format_percept(&t.steps.last().unwrap().observation),
        "PERCEPT turn=124 effect=GAME_OVER breeze=0 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=-"
    );
    assert_eq!(
        format_end(&t.result),
        "END outcome=WIN score=1176 actions=124 gold=1 kills=2 arrows=1"
    );
}

#[test]
fn lines_round_trip_and_ignore_unknown_keys() {
    let w = seed1();
    let mut g = Game::new(&w, 1);
    let mut a = ReferenceBot::new();
    let t = play_game_traced(&mut g, &mut a, 1, "reference");
    assert_eq!(
        parse_start(&format_start(&g.start_info())).unwrap(),
        g.start_info()
    );
    for s in &t.steps {
        assert_eq!(
            parse_percept(&format_percept(&s.observation)).unwrap(),
            s.observation
        );
    }
    assert_eq!(parse_end(&format_end(&t.result)).unwrap(), t.result);
    let with_radar = "PERCEPT turn=5 effect=WUMPUS_KILLED breeze=1 stench=1 glitter=0 bump=0 rumble=1 scream=1 radar=1:3,2:1 extra=7";
    let o = parse_percept(with_radar).unwrap();
    assert_eq!(
        o.percept.radar.into_iter().collect::<Vec<_>>(),
        vec![(1, 3), (2, 1)]
    );
    for a in HunterAction::ALL {
        assert_eq!(parse_action(a.name()).unwrap(), a);
    }
}

#[test]
fn malformed_lines_are_clear_errors() {
    for (line, what) in [
        (
            "PERCEPT turn=x effect=GAME_OVER breeze=0 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=-",
            "turn",
        ),
        (
            "PERCEPT turn=1 effect=FLY breeze=0 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=-",
            "FLY",
        ),
        (
            "PERCEPT turn=1 effect=GAME_OVER breeze=2 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=-",
            "breeze",
        ),
        (
            "PERCEPT turn=1 effect=GAME_OVER breeze=0 stench=0 glitter=0 bump=0 rumble=0 scream=0 radar=1-3",
            "radar",
        ),
        ("PERCEPT turn=1 effect=GAME_OVER breeze=0", "missing field"),
        ("HELLO", "PERCEPT"),
    ] {
        let e = parse_percept(line).unwrap_err().to_string();
        assert!(e.contains(what), "{line}: {e}");
    }
    assert!(
        parse_start("START width=12")
            .unwrap_err()
            .to_string()
            .contains("missing field")
    );
    assert!(
        parse_action("JUMP")
            .unwrap_err()
            .to_string()
            .contains("JUMP")
    );
}

#[test]
fn serve_replays_an_in_process_game() {
    let w = seed1();
    let mut g = Game::new(&w, 1);
    let mut a = ReferenceBot::new();
    let t = play_game_traced(&mut g, &mut a, 1, "reference");
    let mut input = format!("{}\n\n", format_start(&g.start_info()));
    for s in &t.steps {
        input.push_str(&format_percept(&s.observation));
        input.push('\n');
    }
    input.push_str(&format_end(&t.result));
    input.push('\n');
    let mut out = Vec::new();
    let mut fresh = ReferenceBot::new();
    let r = serve(&mut fresh, input.as_bytes(), &mut out).unwrap();
    assert_eq!(r, t.result);
    let sent: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    let want: Vec<String> = t
        .steps
        .iter()
        .filter_map(|s| s.action)
        .map(|a| a.name().to_string())
        .collect();
    assert_eq!(sent, want);
}

#[test]
fn serve_rejects_garbage_and_early_eof() {
    let mut a = ReferenceBot::new();
    let e = serve(&mut a, "BLAH\n".as_bytes(), Vec::new())
        .unwrap_err()
        .to_string();
    assert!(e.contains("BLAH"), "{e}");
    let e = serve(&mut a, "".as_bytes(), Vec::new())
        .unwrap_err()
        .to_string();
    assert!(e.contains("END"), "{e}");
}

/// Fails the calling test, naming the tool, when `python3` does not run (`.ci/run`
/// installs Debian's `python3`).
fn require_python() {
    let ok = std::process::Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "python3 not found: this test runs Python agents (.ci/run installs Debian's python3)"
    );
}

fn run_script(
    script: &str,
    timeouts: Timeouts,
) -> (wumpus::PlayedGame, std::path::PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("agent.py");
    std::fs::write(&path, script).unwrap();
    let log = dir.path().join("log.txt");
    let cmd = format!("python3 -u {} {}", path.display(), log.display());
    let w = seed1();
    let mut g = Game::new(&w, 1);
    let mut ext = ExternalEntrant::new(&cmd, timeouts);
    let out = play_game(&mut g, &mut ext, |_, _, _| {});
    drop(ext);
    (out, log, dir)
}

const GOOD: &str = r#"
import sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    log.write(line); log.flush()
    if line.startswith("PERCEPT") and "GAME_OVER" not in line:
        turn = int(line.split()[1].split("=")[1])
        print("", flush=True)
        print("TURN_LEFT" if turn < 3 else "QUIT_GAME", flush=True)
"#;

#[test]
fn external_agent_plays_and_receives_end() {
    require_python();
    let (out, log, _d) = run_script(GOOD, Timeouts::default());
    assert_eq!(out.error, None);
    assert_eq!((out.result.outcome, out.result.actions), (Outcome::Quit, 4));
    let text = std::fs::read_to_string(log).unwrap();
    assert!(text.starts_with("START width=12"), "{text}");
    assert!(text.contains("PERCEPT turn=4 effect=GAME_OVER"), "{text}");
    assert!(
        text.trim_end()
            .ends_with("END outcome=QUIT score=-4 actions=4 gold=0 kills=0 arrows=4"),
        "{text}"
    );
}

#[test]
fn crashing_agent_ends_in_error() {
    require_python();
    let script = "import sys\nsys.stdin.readline()\nsys.stdin.readline()\nprint('GO_FORWARD', flush=True)\nsys.stdin.readline()\nsys.exit(3)\n";
    let (out, _, _d) = run_script(script, Timeouts::default());
    assert_eq!(out.result.outcome, Outcome::Error);
    assert_eq!(out.result.actions, 1);
    assert_eq!(out.result.score, -1 - 1000);
    assert!(out.error.unwrap().contains("exited"));
}

#[test]
fn hanging_agent_times_out() {
    require_python();
    let script = "import sys, time\nsys.stdin.readline()\ntime.sleep(30)\n";
    let t = std::time::Instant::now();
    let (out, _, _d) = run_script(
        script,
        Timeouts {
            first: Duration::from_millis(1500),
            reply: Duration::from_millis(100),
        },
    );
    assert_eq!(out.result.outcome, Outcome::Error);
    assert!(out.error.unwrap().contains("did not reply within 1500 ms"));
    assert!(
        t.elapsed() < Duration::from_secs(10),
        "the hung process was killed promptly"
    );
}

#[test]
fn garbage_reply_is_a_protocol_error() {
    require_python();
    let script = "import sys\nfor line in sys.stdin:\n    print('JUMP', flush=True)\n";
    let (out, _, _d) = run_script(script, Timeouts::default());
    assert_eq!(out.result.outcome, Outcome::Error);
    assert!(out.error.unwrap().contains("JUMP"));
}

#[test]
fn missing_command_is_an_error_not_a_panic() {
    let w = seed1();
    let mut g = Game::new(&w, 1);
    let mut ext = ExternalEntrant::new("/nonexistent/agent-binary", Timeouts::default());
    let out = play_game(&mut g, &mut ext, |_, _, _| {});
    assert_eq!(out.result.outcome, Outcome::Error);
    assert!(out.error.is_some());
}

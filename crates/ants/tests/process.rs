//! External bots as child processes: tiny Python bots that misbehave get the official
//! status (garbage lines are harmless, `--strict` makes them `invalid`; sleeping past
//! turntime gives `timeout`; exiting gives `crashed`) and the game always finishes.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::Instant;

use ants::{Entrant, GameConfig, Map, Status, bots, play_game};

const MAP: &str = "rows 10\ncols 10\nplayers 2\nm ..........\nm .0........\nm ..........\nm ..........\nm ..........\nm ..........\nm ......1...\nm ..........\nm ..........\nm ..........\n";

/// A Python bot that answers every turn with `go`, running `action(turn)` first.
fn script(dir: &Path, name: &str, action: &str) -> String {
    let body = format!(
        "import sys, time\nturn = 0\nfor line in sys.stdin:\n    line = line.strip()\n    if line.startswith('turn'):\n        turn = int(line.split()[1])\n    elif line in ('ready', 'go'):\n{action}\n        sys.stdout.write('go\\n')\n        sys.stdout.flush()\n    elif line == 'end':\n        break\n"
    );
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    format!("python3 {}", path.display())
}

/// Fails the test, naming the tool, when `python3` does not run (`.ci/run` installs it).
fn require_python() {
    let ok = std::process::Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        ok,
        "python3 not found: this test runs Python bots (.ci/run installs Debian's python3)"
    );
}

fn config(turns: u32, strict: bool) -> GameConfig {
    GameConfig {
        turns,
        turntime_ms: 300,
        loadtime_ms: 2000,
        strict,
        ..GameConfig::seeded(5)
    }
}

#[test]
fn misbehaving_process_bots_get_official_statuses() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let map = Map::parse(MAP).unwrap();
    let hold = || Entrant::InProcess(Box::new(bots::HoldBot));

    // Garbage output: harmless without --strict, `invalid` with it.
    let garbage = script(
        dir.path(),
        "garbage.py",
        "        sys.stdout.write('hello there\\nx y z\\no 1 1 q\\n')",
    );
    let r = play_game(
        &map,
        &config(8, false),
        vec![Entrant::Command(garbage.clone()), hold()],
    )
    .unwrap();
    assert_eq!(r.statuses, vec![Status::Survived, Status::Survived]);
    assert_eq!(r.turns, 8);
    let r = play_game(
        &map,
        &config(8, true),
        vec![Entrant::Command(garbage), hold()],
    )
    .unwrap();
    assert_eq!(r.statuses[0], Status::Invalid);
    assert_eq!(r.playerturns[0], 1);
    assert_eq!(r.scores[0], 0, "removal costs a point per hill");

    // Sleeping past turntime in turn 3.
    let sleeper = script(
        dir.path(),
        "sleeper.py",
        "        if turn == 3:\n            time.sleep(2)",
    );
    let started = Instant::now();
    let r = play_game(
        &map,
        &config(20, false),
        vec![hold(), Entrant::Command(sleeper)],
    )
    .unwrap();
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "the engine never waits for a sleeping bot"
    );
    assert_eq!(r.statuses[1], Status::Timeout);
    assert_eq!(r.playerturns[1], 3);
    assert_eq!(r.cutoff, ants::Cutoff::LoneSurvivor);
    assert_eq!(r.turns, 3);

    // Exiting in turn 5.
    let quitter = script(
        dir.path(),
        "quitter.py",
        "        if turn == 5:\n            sys.exit(1)",
    );
    let r = play_game(
        &map,
        &config(20, false),
        vec![Entrant::Command(quitter), hold()],
    )
    .unwrap();
    assert_eq!(r.statuses[0], Status::Crashed);
    assert_eq!(r.playerturns[0], 5);
    assert_eq!(r.turns, 5);

    // A command that does not exist crashes at once.
    let r = play_game(
        &map,
        &config(20, false),
        vec![Entrant::Command("/nonexistent/bot".into()), hold()],
    )
    .unwrap();
    assert!(
        matches!(r.statuses[0], Status::Crashed | Status::CrashedAtStart),
        "{:?}",
        r.statuses
    );
    assert_eq!(r.turns, 0);
}

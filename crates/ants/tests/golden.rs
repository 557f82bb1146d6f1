//! Replay-driven conformance: every golden replay of the official engine must re-simulate
//! exactly (spec §10), and the regenerated bot input logs must match byte for byte.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use ants::{Replay, check_replay};

/// The golden replays of the official engine, carried in the repository's
/// `data/ants/golden/`; a missing folder fails the test rather than skipping it.
fn golden_dir() -> PathBuf {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/ants/golden"
    ));
    assert!(
        dir.is_dir(),
        "golden replays missing: {} is not a folder (the repository carries them in data/ants/golden/)",
        dir.display()
    );
    dir
}

fn replays(dir: &PathBuf) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "replay"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_golden_replay_matches() {
    let dir = golden_dir();
    let files = replays(&dir);
    assert!(
        files.len() >= 38,
        "expected the 38 golden replays, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for f in &files {
        let replay = Replay::load(f).unwrap();
        if let Err(d) = check_replay(&replay, false) {
            failures.push(format!("{}: {d}", f.file_name().unwrap().to_string_lossy()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} diverge:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn golden_bot_inputs_match_byte_for_byte() {
    let dir = golden_dir();
    let mut checked = 0;
    let mut failures = Vec::new();
    for f in replays(&dir) {
        let stem = f.file_stem().unwrap().to_string_lossy().into_owned();
        let first = dir.join("io").join(format!("{stem}.bot0.input"));
        if !first.exists() {
            continue;
        }
        let replay = Replay::load(&f).unwrap();
        let report = check_replay(&replay, true).unwrap();
        for (p, got) in report.bot_inputs.iter().enumerate() {
            let want = std::fs::read_to_string(dir.join("io").join(format!("{stem}.bot{p}.input")))
                .unwrap();
            checked += 1;
            if *got != want {
                let line = got
                    .lines()
                    .zip(want.lines())
                    .take_while(|(a, b)| a == b)
                    .count();
                failures.push(format!(
                    "{stem} bot{p}: first difference at line {}: got {:?}, want {:?}",
                    line + 1,
                    got.lines().nth(line),
                    want.lines().nth(line)
                ));
            }
        }
    }
    assert!(
        checked >= 11,
        "expected 11 golden input logs, checked {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Mutating a single move or food entry of a combat game must be detected.
#[test]
fn mutated_replays_diverge() {
    let dir = golden_dir();
    let path = dir.join("maze_p04_01__strongjava-hunter-greedy-lefty__seed201.replay");
    let replay = Replay::load(&path).unwrap();
    let report = check_replay(&replay, false).unwrap();
    assert_eq!(report.turns, 126);

    // Turn one ant that moved into standing still at its first move.
    let mut changed = 0;
    for i in 0..replay.replaydata.ants.len() {
        let mut m = replay.clone();
        let moves = &mut m.replaydata.ants[i].5;
        if moves.len() < 3 || moves.starts_with('-') {
            continue;
        }
        moves.replace_range(0..1, "-");
        assert!(
            check_replay(&m, false).is_err(),
            "mutating ants[{i}] went unnoticed"
        );
        changed += 1;
        if changed == 10 {
            break;
        }
    }
    assert_eq!(changed, 10);

    // Move a late food item.
    let mut m = replay.clone();
    let last = m.replaydata.food.len() - 1;
    let f = &mut m.replaydata.food[last];
    f[3] -= 1;
    let err = check_replay(&m, false).unwrap_err();
    assert!(err.what.contains("food"), "{err}");

    // A wrong score history.
    let mut m = replay;
    m.replaydata.scores[0][50] += 1;
    let err = check_replay(&m, false).unwrap_err();
    assert_eq!(err.turn, 50, "{err}");
}

//! Whole games with in-process bots: determinism, replay consistency (a replay written by
//! our engine re-simulates exactly), and statuses.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use ants::{GameConfig, Map, Replay, bots, check_replay, play_game};

/// An official map from the repository's `data/ants/maps/`; a missing or unreadable map
/// fails the test with its path.
fn official_map(rel: &str) -> Map {
    Map::official(rel).unwrap_or_else(|e| panic!("{e}"))
}

fn four_bots() -> Vec<Box<dyn ants::Bot>> {
    vec![
        Box::new(bots::GreedyBot::hunter()),
        Box::new(bots::GreedyBot::greedy()),
        Box::new(bots::LeftyBot::default()),
        Box::new(bots::RandomBot::default()),
    ]
}

#[test]
fn maze_game_is_deterministic_and_its_replay_checks() {
    let map = official_map("maze/maze_p04_01.map");
    let config = GameConfig::seeded(42);
    let a = play_game(&map, &config, four_bots()).unwrap();
    let b = play_game(&map, &config, four_bots()).unwrap();
    println!(
        "turns {} cutoff {} scores {:?} engine {:?}",
        a.turns,
        a.cutoff.as_str(),
        a.scores,
        a.timing.engine
    );
    assert_eq!(a.replay, b.replay);
    assert!(a.turns > 0);
    let report = check_replay(&a.replay, false).unwrap();
    assert_eq!(report.turns, a.turns);
    // Round trip through the file format.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.replay");
    a.replay.write(&path).unwrap();
    assert_eq!(Replay::load(&path).unwrap(), a.replay);
}

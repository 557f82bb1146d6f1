//! Whole games in botforge's engine: both bots beat the baselines on a small official map,
//! never time out, and are deterministic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use ants::{Bot, GameConfig, Map, Status, bots, play_game};
use ants_xathis::{ChampionBot, XathisBot};

fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
    if p.join("ants/maps").is_dir() {
        Some(p)
    } else {
        eprintln!("skipping: shared data not found at {}", p.display());
        None
    }
}

fn play(
    map: &str,
    seed: u64,
    turns: u32,
    make: &dyn Fn(usize) -> Box<dyn Bot>,
) -> Option<ants::GameOutcome> {
    let root = shared()?;
    let map = Map::load(&root.join("ants/maps").join(map)).unwrap();
    let config = GameConfig {
        turns,
        turntime_ms: 500,
        ..GameConfig::seeded(seed)
    };
    let players = usize::from(map.players());
    Some(play_game(&map, &config, (0..players).map(make).collect()).unwrap())
}

#[test]
fn xathis_beats_hunter_and_never_times_out() {
    let Some(r) = play("maze/maze_p02_01.map", 1, 300, &|p| {
        if p == 0 {
            Box::new(XathisBot::new())
        } else {
            bots::by_name("hunter").unwrap()
        }
    }) else {
        return;
    };
    assert!(
        r.statuses.iter().all(|s| *s != Status::Timeout),
        "{:?}",
        r.statuses
    );
    assert!(r.scores[0] > r.scores[1], "scores {:?}", r.scores);
}

#[test]
fn champion_beats_greedy_and_never_times_out() {
    let Some(r) = play("random_walk/random_walk_p02_01.map", 2, 300, &|p| {
        if p == 0 {
            Box::new(ChampionBot::new())
        } else {
            bots::by_name("greedy").unwrap()
        }
    }) else {
        return;
    };
    assert!(
        r.statuses.iter().all(|s| *s != Status::Timeout),
        "{:?}",
        r.statuses
    );
    assert!(r.scores[0] > r.scores[1], "scores {:?}", r.scores);
}

#[test]
fn same_seed_same_game() {
    let make = |p: usize| -> Box<dyn Bot> {
        if p == 0 {
            Box::new(XathisBot::new())
        } else {
            Box::new(ChampionBot::new())
        }
    };
    let Some(a) = play("maze/maze_p02_02.map", 3, 60, &make) else {
        return;
    };
    let b = play("maze/maze_p02_02.map", 3, 60, &make).unwrap();
    assert_eq!(a.scores, b.scores);
    assert_eq!(a.turns, b.turns);
}

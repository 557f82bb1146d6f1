//! Whole games in botforge's engine: both bots beat the baselines on a small official map,
//! `champion` beats `xathis-style`, neither times out, and games are deterministic.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use ants::{Bot, GameConfig, Map, Status, bots, play_game};
use ants_xathis::{ChampionBot, Config, XathisBot};
use common::{FOREVER_MS, timeless};

/// An official map from the repository's `data/ants/maps/`; a missing or unreadable map
/// fails the test with its path.
fn official_map(rel: &str) -> Map {
    Map::official(rel).unwrap_or_else(|e| panic!("{e}"))
}

fn play(
    map: &str,
    seed: u64,
    turns: u32,
    make: &dyn Fn(usize) -> Box<dyn Bot>,
) -> ants::GameOutcome {
    play_timed(map, seed, turns, 500, make)
}

fn play_timed(
    map: &str,
    seed: u64,
    turns: u32,
    turntime_ms: u64,
    make: &dyn Fn(usize) -> Box<dyn Bot>,
) -> ants::GameOutcome {
    let map = official_map(map);
    let config = GameConfig {
        turns,
        turntime_ms,
        ..GameConfig::seeded(seed)
    };
    let players = usize::from(map.players());
    play_game(&map, &config, (0..players).map(make).collect()).unwrap()
}

#[test]
fn xathis_beats_hunter_and_never_times_out() {
    let r = play("maze/maze_p02_01.map", 1, 300, &|p| {
        if p == 0 {
            Box::new(XathisBot::new())
        } else {
            Box::new(bots::GreedyBot::hunter())
        }
    });
    assert!(
        r.statuses.iter().all(|s| *s != Status::Timeout),
        "{:?}",
        r.statuses
    );
    assert!(r.scores[0] > r.scores[1], "scores {:?}", r.scores);
}

#[test]
fn champion_beats_greedy_and_never_times_out() {
    let r = play("random_walk/random_walk_p02_01.map", 2, 300, &|p| {
        if p == 0 {
            Box::new(ChampionBot::new())
        } else {
            Box::new(bots::GreedyBot::greedy())
        }
    });
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
    let a = play("maze/maze_p02_02.map", 3, 60, &make);
    let b = play("maze/maze_p02_02.map", 3, 60, &make);
    assert_eq!(a.scores, b.scores);
    assert_eq!(a.turns, b.turns);
}

/// `champion` against `xathis-style` on the first bundled 2-player map of each official
/// type, full-length (1000-turn) games with clock-independent (timeless) bots, champion's
/// seat alternating from map to map: champion must win more of the three games than it
/// loses and score more points in total. (In 2-player games the two bots differ only in
/// relative aggression; 400-turn games between them are all drawn.)
#[test]
fn champion_beats_xathis_style_on_every_map_type() {
    let maps = [
        "cell_maze/cell_maze_p02_04.map",
        "maze/maze_p02_01.map",
        "random_walk/random_walk_p02_01.map",
    ];
    // The games run at once: the bots are timeless, so the machine's load changes
    // nothing but the wall time.
    let scores: Vec<(String, u64, i32, i32)> = std::thread::scope(|s| {
        let games: Vec<_> = maps
            .iter()
            .enumerate()
            .map(|(i, &map)| {
                let champion_seat = i % 2;
                let seed = 20 + 2 * i as u64 + champion_seat as u64;
                s.spawn(move || {
                    let make = |p: usize| {
                        if p == champion_seat {
                            timeless("champion", &Config::champion())
                        } else {
                            timeless("xathis-style", &Config::xathis())
                        }
                    };
                    let r = play_timed(map, seed, 1000, FOREVER_MS, &make);
                    let (c, x) = (r.scores[champion_seat], r.scores[1 - champion_seat]);
                    (map.to_owned(), seed, c, x)
                })
            })
            .collect();
        games.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let (mut wins, mut losses, mut ours, mut theirs) = (0, 0, 0, 0);
    for (map, seed, c, x) in scores {
        eprintln!("{map} seed {seed}: champion {c}, xathis-style {x}");
        ours += c;
        theirs += x;
        wins += u32::from(c > x);
        losses += u32::from(c < x);
    }
    assert!(
        wins > losses && ours > theirs,
        "champion won {wins}, lost {losses}; points {ours}:{theirs}"
    );
}

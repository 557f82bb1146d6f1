//! Engine speed: a whole 4-player game on maze_p04_01 with in-process hunter, greedy,
//! lefty and random (the official Python engine needs 17.7 s for that game), and the
//! engine alone re-simulating official 4-player maze games (time / turns = per turn).

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::path::PathBuf;

use ants::{GameConfig, Map, Replay, bots, check_replay, play_game};
use criterion::{Criterion, criterion_group, criterion_main};

/// The repository's Ants data (`data/ants/`: official maps and golden replays).
fn data() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ants"))
}

fn whole_game(c: &mut Criterion) {
    let path = data().join("maps/maze/maze_p04_01.map");
    let map = Map::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let config = GameConfig::seeded(1);
    let probe = play_game(&map, &config, four()).unwrap();
    eprintln!(
        "maze_p04_01 seed 1: {} turns ({}), engine {:.1} ms = {:.1} µs/turn",
        probe.turns,
        probe.cutoff.as_str(),
        probe.timing.engine.as_secs_f64() * 1e3,
        probe.timing.engine.as_secs_f64() * 1e6 / f64::from(probe.turns.max(1))
    );
    let mut g = c.benchmark_group("game");
    g.sample_size(10);
    g.bench_function("maze_p04_01 hunter/greedy/lefty/random", |b| {
        b.iter(|| play_game(&map, &config, four()).unwrap());
    });
    g.finish();
}

fn four() -> Vec<Box<dyn ants::Bot>> {
    vec![
        Box::new(bots::GreedyBot::hunter()),
        Box::new(bots::GreedyBot::greedy()),
        Box::new(bots::LeftyBot::default()),
        Box::new(bots::RandomBot::default()),
    ]
}

fn resimulation(c: &mut Criterion) {
    let mut g = c.benchmark_group("engine");
    g.sample_size(20);
    for name in [
        "maze_p04_10__hunter-greedy-lefty-random__seed209",
        "maze_p04_20__strongjava-strongjava-hunter-greedy__seed406",
    ] {
        let path = data().join(format!("golden/{name}.replay"));
        let replay = Replay::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let turns = replay.game_length;
        g.bench_function(format!("rules {name} ({turns} turns)"), |b| {
            b.iter(|| check_replay(&replay, false).unwrap());
        });
        g.bench_function(
            format!("rules+vision+messages {name} ({turns} turns)"),
            |b| {
                b.iter(|| check_replay(&replay, true).unwrap());
            },
        );
    }
    g.finish();
}

criterion_group!(benches, whole_game, resimulation);
criterion_main!(benches);

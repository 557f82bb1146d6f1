//! Release-mode timing: a 1000-turn game on the largest official map (cell_maze_p08_04,
//! 8 players, 24 000 squares) with every seat taken by the bot, turntime 500 ms. Asserts
//! no timeouts, per-turn p99 ≤ 100 ms and maximum < 500 ms, and prints the percentiles.
//! Ignored by default (it takes minutes); run with
//! `cargo test --release -p ants-xathis --test timing -- --ignored --nocapture`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ants::{Bot, GameConfig, GameSettings, Map, Order, Status, TurnInput, run_game};
use ants_xathis::{ChampionBot, XathisBot};

struct Timed {
    inner: Box<dyn Bot>,
    log: Arc<Mutex<Vec<Duration>>>,
}

impl Bot for Timed {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn setup(&mut self, settings: &GameSettings) {
        self.inner.setup(settings);
    }
    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        let t = Instant::now();
        let orders = self.inner.turn(input);
        self.log.lock().unwrap().push(t.elapsed());
        orders
    }
}

fn run(make: fn() -> Box<dyn Bot>) {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/ants/maps/cell_maze/cell_maze_p08_04.map"
    ));
    if !path.is_file() {
        eprintln!("skipping: {} not found", path.display());
        return;
    }
    let map = Map::load(&path).unwrap();
    let log = Arc::new(Mutex::new(Vec::new()));
    let seats: Vec<Box<dyn Bot>> = (0..map.players())
        .map(|_| {
            Box::new(Timed {
                inner: make(),
                log: Arc::clone(&log),
            }) as Box<dyn Bot>
        })
        .collect();
    let config = GameConfig {
        turns: 1000,
        turntime_ms: 500,
        ..GameConfig::seeded(5)
    };
    let result = run_game(&map, &config, seats).unwrap();
    assert!(
        result.statuses.iter().all(|s| *s != Status::Timeout),
        "{:?}",
        result.statuses
    );
    let mut t = log.lock().unwrap().clone();
    t.sort_unstable();
    let pct = |p: f64| t[((t.len() - 1) as f64 * p).round() as usize];
    let (p50, p99, max) = (pct(0.5), pct(0.99), t[t.len() - 1]);
    println!("{} bot-turns: p50 {p50:?} p99 {p99:?} max {max:?}", t.len());
    assert!(p99 <= Duration::from_millis(100), "p99 {p99:?}");
    assert!(max < Duration::from_millis(500), "max {max:?}");
}

#[test]
#[ignore = "minutes long; run in release with --ignored"]
fn xathis_style_on_the_largest_map() {
    run(|| Box::new(XathisBot::new()));
}

#[test]
#[ignore = "minutes long; run in release with --ignored"]
fn champion_on_the_largest_map() {
    run(|| Box::new(ChampionBot::new()));
}

/// 1000+ own ants: no official game reached that population here (8 copies of either bot on
/// cell_maze_p08_04 peak at ~370–780 ants in total even with a raised food rate), so this
/// drives one bot directly: the largest map's water, 1200 own ants and 1200 enemy ants on
/// random land squares (seeded), 100 turns in which the own ants follow the bot's orders.
#[test]
#[ignore = "release-mode timing; run with --ignored"]
fn champion_with_1200_own_ants() {
    use rand::{Rng, SeedableRng};
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/ants/maps/cell_maze/cell_maze_p08_04.map"
    ));
    if !path.is_file() {
        eprintln!("skipping: {} not found", path.display());
        return;
    }
    let map = Map::load(&path).unwrap();
    let (rows, cols) = (map.rows() as i32, map.cols() as i32);
    let mut land = Vec::new();
    let mut water = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let p = grid::Pos::new(r, c);
            if map.is_water(p) {
                water.push(p);
            } else {
                land.push(p);
            }
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    for i in (1..land.len()).rev() {
        let j = rng.random_range(0..=i);
        land.swap(i, j);
    }
    let mut own: Vec<grid::Pos> = land[..1200].to_vec();
    let enemies: Vec<(grid::Pos, u8)> = land[1200..2400]
        .iter()
        .enumerate()
        .map(|(k, &p)| (p, 1 + (k % 7) as u8))
        .collect();
    let mut bot = ChampionBot::new();
    bot.setup(&GameSettings {
        loadtime_ms: 3000,
        turntime_ms: 500,
        rows: rows as u32,
        cols: cols as u32,
        turns: 1000,
        viewradius2: 77,
        attackradius2: 5,
        spawnradius2: 1,
        player_seed: 3,
    });
    let mut times = Vec::new();
    for turn in 1..=100 {
        let mut ants: Vec<(grid::Pos, u8)> = own.iter().map(|&p| (p, 0)).collect();
        ants.extend(enemies.iter().copied());
        let input = TurnInput {
            turn,
            water: if turn == 1 { water.clone() } else { Vec::new() },
            ants,
            ..TurnInput::default()
        };
        let t = Instant::now();
        let orders = bot.turn(&input);
        times.push(t.elapsed());
        for o in orders {
            if let Some(p) = own.iter_mut().find(|p| **p == o.pos) {
                let (dr, dc) = o.dir.delta();
                *p = grid::Pos::new((p.row + dr).rem_euclid(rows), (p.col + dc).rem_euclid(cols));
            }
        }
    }
    times.sort_unstable();
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    let (p50, p99, max) = (pct(0.5), pct(0.99), times[times.len() - 1]);
    println!("1200 own + 1200 enemy ants, 100 turns: p50 {p50:?} p99 {p99:?} max {max:?}");
    assert!(p99 <= Duration::from_millis(100), "p99 {p99:?}");
    assert!(max < Duration::from_millis(500), "max {max:?}");
}

//! Time measurements in real engine games at turntime 500 ms, run by hand (release build,
//! they take minutes): `cargo test --release -p ants-xathis --test timing -- --ignored
//! --nocapture`. Every game asserts zero timeouts and prints per-turn time percentiles
//! (p50/p90/p99/max of the bots' `turn` calls) per bot and the largest number of ants on
//! the map; the tests assert p99 ≤ 100 ms and maximum < 500 ms per bot (for the mixed
//! game only the maximum), and the 1000+ ants game that the map held 1000+ ants. The
//! deadline check the test suite runs is `crates/ants-bots/tests/deadline.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ants::{Bot, GameConfig, GameSettings, Map, Order, Range, Status, TurnInput, play_game};
use ants_xathis::{ChampionBot, XathisBot};

/// Per-turn durations of every seat playing under one name.
type Log = Arc<Mutex<Vec<(String, Duration)>>>;

struct Timed {
    inner: Box<dyn Bot>,
    log: Log,
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
        let dt = t.elapsed();
        self.log
            .lock()
            .unwrap()
            .push((self.inner.name().to_owned(), dt));
        orders
    }
}

/// An official map from the repository's `data/ants/maps/`; a missing or unreadable map
/// fails the test with its path.
fn map(rel: &str) -> Map {
    let path =
        PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ants/maps")).join(rel);
    Map::load(&path).unwrap_or_else(|e| {
        panic!(
            "official map missing: {} ({e}; the repository carries the maps in data/ants/maps/)",
            path.display()
        )
    })
}

/// One bot's per-turn times, sorted.
struct Times {
    name: String,
    sorted: Vec<Duration>,
}

impl Times {
    fn pct(&self, p: f64) -> Duration {
        self.sorted[((self.sorted.len() - 1) as f64 * p).round() as usize]
    }
    fn max(&self) -> Duration {
        self.sorted[self.sorted.len() - 1]
    }
}

/// Plays one game with seat `i` taken by `makes[i % makes.len()]`, asserts zero timeouts
/// and returns the per-bot times and the largest number of ants alive on the map.
fn play(
    rel: &str,
    makes: &[fn() -> Box<dyn Bot>],
    seed: u64,
    food_rate: Option<u32>,
) -> (Vec<Times>, usize) {
    let map = map(rel);
    let log: Log = Arc::new(Mutex::new(Vec::new()));
    let seats: Vec<Box<dyn Bot>> = (0..usize::from(map.players()))
        .map(|i| {
            Box::new(Timed {
                inner: makes[i % makes.len()](),
                log: Arc::clone(&log),
            }) as Box<dyn Bot>
        })
        .collect();
    let mut config = GameConfig {
        turns: 1000,
        turntime_ms: 500,
        ..GameConfig::seeded(seed)
    };
    if let Some(r) = food_rate {
        config.food_rate = Range::new(r, r);
    }
    let result = play_game(&map, &config, seats).unwrap();
    assert!(
        result.statuses.iter().all(|s| *s != Status::Timeout),
        "{:?}",
        result.statuses
    );
    let ants = &result.replay.replaydata.ants;
    let peak = (1..=result.turns)
        .map(|t| ants.iter().filter(|a| a.2 <= t && a.3 > t).count())
        .max()
        .unwrap_or(0);
    let log = log.lock().unwrap();
    let mut names: Vec<String> = log.iter().map(|x| x.0.clone()).collect();
    names.sort_unstable();
    names.dedup();
    let times: Vec<Times> = names
        .into_iter()
        .map(|name| {
            let mut sorted: Vec<Duration> =
                log.iter().filter(|x| x.0 == name).map(|x| x.1).collect();
            sorted.sort_unstable();
            Times { name, sorted }
        })
        .collect();
    println!(
        "{rel}, seed {seed}, food rate {food_rate:?}: {} turns, cutoff {}, at most {peak} ants on the map",
        result.turns,
        result.cutoff.as_str()
    );
    for t in &times {
        println!(
            "  {}: {} bot-turns, p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            t.name,
            t.sorted.len(),
            t.pct(0.5).as_secs_f64() * 1e3,
            t.pct(0.9).as_secs_f64() * 1e3,
            t.pct(0.99).as_secs_f64() * 1e3,
            t.max().as_secs_f64() * 1e3
        );
    }
    (times, peak)
}

fn assert_fast(times: &[Times]) {
    for t in times {
        assert!(
            t.pct(0.99) <= Duration::from_millis(100),
            "{}: p99 {:?}",
            t.name,
            t.pct(0.99)
        );
        assert!(
            t.max() < Duration::from_millis(500),
            "{}: max {:?}",
            t.name,
            t.max()
        );
    }
}

fn xathis() -> Box<dyn Bot> {
    Box::new(XathisBot::new())
}

fn champion() -> Box<dyn Bot> {
    Box::new(ChampionBot::new())
}

/// A 1000-turn game on the largest official map, cell_maze_p08_04 (8 players, 24 000
/// squares), four `champion` and four `xathis-style` seats.
#[test]
#[ignore = "a 1000-turn 8-player game (about 2 minutes); run with --ignored"]
fn mixed_seats_on_the_largest_map() {
    let (times, _) = play(
        "cell_maze/cell_maze_p08_04.map",
        &[champion, xathis],
        5,
        None,
    );
    assert_eq!(times.len(), 2, "both bots played");
    for t in &times {
        assert!(
            t.max() < Duration::from_millis(500),
            "{}: max {:?}",
            t.name,
            t.max()
        );
    }
}

#[test]
#[ignore = "release-mode timing; run with --ignored"]
fn xathis_style_on_the_largest_map() {
    let (times, _) = play("cell_maze/cell_maze_p08_04.map", &[xathis], 5, None);
    assert_fast(&times);
}

#[test]
#[ignore = "release-mode timing; run with --ignored"]
fn champion_on_the_largest_map() {
    let (times, _) = play("cell_maze/cell_maze_p08_04.map", &[champion], 5, None);
    assert_fast(&times);
}

/// 1000+ ants in a real game: cell_maze_p09_05 (21 384 squares, 89 % of the largest official
/// map's 24 000; nine players with three hills each, so colonies grow three ants a turn) with five
/// `champion` and four `xathis-style` seats and the food rate raised to 300 (official range
/// 5–11). The official food rate never reaches 1000 ants, and with champion's food matching
/// the six-player cell_maze_p06_08 peaks at 905–953 ants.
#[test]
#[ignore = "release-mode timing; run with --ignored"]
fn a_game_with_1000_plus_ants() {
    let (times, peak) = play(
        "cell_maze/cell_maze_p09_05.map",
        &[champion, xathis],
        11,
        Some(300),
    );
    assert!(peak >= 1000, "only {peak} ants on the map");
    assert_fast(&times);
}

/// 1000+ own ants for one bot: the largest map's water, 1200 own ants and 1200 enemy ants
/// on random land squares (seeded), 100 turns in which the own ants follow the bot's
/// orders (no engine: no official game gives one bot that many ants).
#[test]
#[ignore = "release-mode timing; run with --ignored"]
fn champion_with_1200_own_ants() {
    use rand::{Rng, SeedableRng};
    let map = map("cell_maze/cell_maze_p08_04.map");
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
    let mut sorted = Vec::new();
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
        sorted.push(t.elapsed());
        for o in orders {
            if let Some(p) = own.iter_mut().find(|p| **p == o.pos) {
                let (dr, dc) = o.dir.delta();
                *p = grid::Pos::new((p.row + dr).rem_euclid(rows), (p.col + dc).rem_euclid(cols));
            }
        }
    }
    sorted.sort_unstable();
    let t = Times {
        name: "champion (1200 own + 1200 enemy ants, 100 turns)".into(),
        sorted,
    };
    println!(
        "{}: p50 {:?} p99 {:?} max {:?}",
        t.name,
        t.pct(0.5),
        t.pct(0.99),
        t.max()
    );
    assert_fast(&[t]);
}

/// The seconds champion's `turn` calls (with the handing over of its drawings) take in one
/// 200-turn game against xathis-style with a turn time no turn comes near, so both play the
/// same moves whatever the load and whether champion draws (`tests/same_moves.rs`).
fn champion_game_seconds(visualize: bool) -> f64 {
    struct Drawing {
        bot: ChampionBot,
        spent: Arc<Mutex<Duration>>,
    }
    impl Bot for Drawing {
        fn name(&self) -> &str {
            self.bot.name()
        }
        fn setup(&mut self, settings: &GameSettings) {
            self.bot.setup(settings);
        }
        fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
            let t = Instant::now();
            let orders = self.bot.turn(input);
            drop(self.bot.take_visuals());
            *self.spent.lock().unwrap() += t.elapsed();
            orders
        }
    }
    let forever = 2 * 3600 * 1000;
    let timeless = |cfg: ants_xathis::Config| ants_xathis::Config {
        max_turn_ms: forever,
        ..cfg
    };
    let mut bot =
        ChampionBot::with_named_config("champion", timeless(ants_xathis::Config::champion()));
    bot.set_visualize(visualize);
    let spent = Arc::new(Mutex::new(Duration::ZERO));
    let seats: Vec<Box<dyn Bot>> = vec![
        Box::new(Drawing {
            bot,
            spent: Arc::clone(&spent),
        }),
        Box::new(ChampionBot::with_named_config(
            "xathis-style",
            timeless(ants_xathis::Config::xathis()),
        )),
    ];
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/ants/maze_p02_01.map"
    ));
    let config = GameConfig {
        turns: 200,
        turntime_ms: forever,
        ..GameConfig::seeded(1)
    };
    play_game(&Map::load(&path).unwrap(), &config, seats).unwrap();
    spent.lock().unwrap().as_secs_f64()
}

/// What drawing costs: champion's time in the same game with `visualize` off and on, three
/// runs each alternating, min and median printed with the ratio on/off.
#[test]
#[ignore = "release-mode timing; run with --ignored --nocapture"]
fn visualize_cost() {
    let (mut off, mut on) = (Vec::new(), Vec::new());
    for _ in 0..3 {
        off.push(champion_game_seconds(false));
        on.push(champion_game_seconds(true));
    }
    let stats = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        (v[0], v[v.len() / 2])
    };
    let ((off_min, off_med), (on_min, on_med)) = (stats(&mut off), stats(&mut on));
    println!(
        "champion, 200 turns: off min {off_min:.3} s median {off_med:.3} s; on min {on_min:.3} s median {on_med:.3} s; on/off min {:.3} median {:.3}",
        on_min / off_min,
        on_med / off_med
    );
}

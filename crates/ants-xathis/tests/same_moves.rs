//! Same moves on the same seeds: complete in-process games whose every order, turn by turn,
//! is hashed and compared with a golden file (`tests/data/same_moves.txt`) recorded from an
//! earlier version of the bots. A change that is meant to be a pure refactoring of the
//! `xathis-style` / `champion` pipeline must leave every hash as it is; the first differing
//! turn is reported.
//!
//! Determinism: the bots read the clock. Every pipeline step stops when the turn's time is
//! used up, the fight's group limits ([`Config::adaptive_groups`]) and the mission refresh
//! depend on the time left, and each fight search gets a share of the time left. With a
//! real turn time these decisions depend on the machine's load. The games here therefore
//! give every bot a turn time (`max_turn_ms`, and the engine's `turntime_ms`) of hours, so
//! no step is ever cut short, `adaptive_groups` always takes its largest limits, missions
//! are always all refreshed and every fight search ends on its node cap or on completion —
//! all independent of the clock. The baselines (`hunter`, `greedy`) are deterministic.
//!
//! To record the golden file anew (only when a decision is meant to change):
//! `SAME_MOVES_BLESS=1 cargo test -p ants-xathis --test same_moves`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use ants::{Bot, GameConfig, GameSettings, Map, Order, Status, TurnInput, bots, play_game};
use ants_xathis::{ChampionBot, Config};
use common::{FOREVER_MS, timeless};

/// The orders of every seat, keyed by (turn, seat).
type Log = Arc<Mutex<BTreeMap<(u32, usize), Vec<Order>>>>;

/// Forwards to a bot and records its orders and how many visualizer commands it drew.
struct Recorder {
    inner: Box<dyn Bot>,
    seat: usize,
    log: Log,
    drawn: Arc<Mutex<usize>>,
}

impl Bot for Recorder {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn setup(&mut self, settings: &GameSettings) {
        self.inner.setup(settings);
    }
    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        let orders = self.inner.turn(input);
        self.log
            .lock()
            .unwrap()
            .insert((input.turn, self.seat), orders.clone());
        orders
    }
    fn take_visuals(&mut self) -> Vec<ants::visual::Command> {
        let shown = self.inner.take_visuals();
        *self.drawn.lock().unwrap() += shown.len();
        shown
    }
}

fn make(name: &str) -> Box<dyn Bot> {
    match name {
        "champion" => timeless(name, &Config::champion()),
        "champion(visualize=true)" => {
            let mut bot = ChampionBot::with_named_config(
                "champion",
                Config {
                    max_turn_ms: FOREVER_MS,
                    ..Config::champion()
                },
            );
            bot.set_visualize(true);
            Box::new(bot)
        }
        "xathis-style" => timeless(name, &Config::xathis()),
        "xathis-postmortem" => timeless(name, &Config::post_mortem()),
        "hunter" => Box::new(bots::GreedyBot::hunter()),
        "greedy" => Box::new(bots::GreedyBot::greedy()),
        other => panic!("no bot {other} in these games"),
    }
}

/// FNV-1a, 64 bit: stable across platforms and Rust versions (unlike `DefaultHasher`).
struct Fnv(u64);

impl Fnv {
    fn new() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
    fn eat(&mut self, x: i64) {
        for b in x.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Plays one game and returns one line per turn: `label turn hash`, the hash covering the
/// orders of every seat in seat order (bots that are out of the game have no entry).
fn play(label: &str, map: &str, seed: u64, turns: u32, seats: &[&str]) -> String {
    play_counting(label, map, seed, turns, seats).0
}

/// [`play`], also returning the number of visualizer commands the bots drew.
fn play_counting(label: &str, map: &str, seed: u64, turns: u32, seats: &[&str]) -> (String, usize) {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ants")).join(map);
    let map = Map::load(&path).unwrap();
    assert_eq!(usize::from(map.players()), seats.len(), "{label}");
    let config = GameConfig {
        turns,
        turntime_ms: FOREVER_MS,
        ..GameConfig::seeded(seed)
    };
    let log: Log = Arc::default();
    let drawn = Arc::new(Mutex::new(0));
    let bots: Vec<Box<dyn Bot>> = seats
        .iter()
        .enumerate()
        .map(|(seat, name)| {
            Box::new(Recorder {
                inner: make(name),
                seat,
                log: Arc::clone(&log),
                drawn: Arc::clone(&drawn),
            }) as Box<dyn Bot>
        })
        .collect();
    let result = play_game(&map, &config, bots).unwrap();
    assert!(
        result.statuses.iter().all(|s| *s != Status::Timeout),
        "{label}: {:?}",
        result.statuses
    );
    let log = log.lock().unwrap();
    let mut per_turn: BTreeMap<u32, Fnv> = BTreeMap::new();
    for (&(turn, seat), orders) in log.iter() {
        let h = per_turn.entry(turn).or_insert_with(Fnv::new);
        h.eat(seat as i64);
        h.eat(orders.len() as i64);
        for o in orders {
            h.eat(i64::from(o.pos.row));
            h.eat(i64::from(o.pos.col));
            h.eat(o.dir.index() as i64);
        }
    }
    let mut out = String::new();
    for (turn, h) in per_turn {
        writeln!(out, "{label} {turn} {:016x}", h.0).unwrap();
    }
    writeln!(out, "{label} scores {:?}", result.scores).unwrap();
    let drawn = *drawn.lock().unwrap();
    (out, drawn)
}

/// The games: 2- and 4-player maps, champion against xathis-style, xathis-postmortem and
/// the baselines.
fn all_games() -> String {
    let games: &[(&str, &str, u64, u32, &[&str])] = &[
        (
            "p2-champion-xathis-s1",
            "maze_p02_01.map",
            1,
            400,
            &["champion", "xathis-style"],
        ),
        (
            "p2-xathis-champion-s7",
            "maze_p02_01.map",
            7,
            400,
            &["xathis-style", "champion"],
        ),
        (
            "p2-postmortem-champion-s9",
            "maze_p02_01.map",
            9,
            300,
            &["xathis-postmortem", "champion"],
        ),
        (
            "p2-champion-hunter-s2",
            "maze_p02_01.map",
            2,
            300,
            &["champion", "hunter"],
        ),
        (
            "p4-mixed-s3",
            "maze_p04_01.map",
            3,
            400,
            &["champion", "xathis-style", "greedy", "hunter"],
        ),
    ];
    games
        .iter()
        .map(|&(label, map, seed, turns, seats)| play(label, map, seed, turns, seats))
        .collect()
}

#[test]
fn every_order_of_every_turn_matches_the_golden_file() {
    let golden = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/same_moves.txt"
    ));
    let got = all_games();
    if std::env::var_os("SAME_MOVES_BLESS").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(&golden, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&golden).unwrap();
    if let Some((g, w)) = got.lines().zip(want.lines()).find(|(g, w)| g != w) {
        panic!("first difference: got `{g}`, golden `{w}`");
    }
    assert_eq!(got.lines().count(), want.lines().count(), "number of lines");
}

/// Drawing the plans (`visualize=true`) never changes a move: champion drawing plays the
/// golden file's first game order for order, and draws every turn; without it nothing is
/// drawn.
#[test]
fn visualizing_leaves_every_order_as_it_is() {
    let seats = ["champion(visualize=true)", "xathis-style"];
    let (drawing, drawn) =
        play_counting("p2-champion-xathis-s1", "maze_p02_01.map", 1, 400, &seats);
    assert!(drawn > 400, "only {drawn} commands drawn");
    let golden = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/same_moves.txt"
    ));
    let want = std::fs::read_to_string(&golden).unwrap();
    let want: Vec<&str> = want
        .lines()
        .filter(|l| l.starts_with("p2-champion-xathis-s1 "))
        .collect();
    assert_eq!(drawing.lines().collect::<Vec<_>>(), want);
    let (_, quiet) = play_counting(
        "quiet",
        "maze_p02_01.map",
        1,
        30,
        &["champion", "xathis-style"],
    );
    assert_eq!(quiet, 0, "drawn without visualize");
}

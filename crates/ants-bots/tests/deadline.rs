//! The deadline invariant: every turn of our Ants bots (`champion`, `xathis-style`,
//! `thesis`) ends within the game's turntime, measured by the engine around each `turn`
//! call. The bots keep their own clocks well inside it (at turntime 500 ms: `champion` and
//! `xathis-style` stop thinking after `max_turn_ms` = 75 ms, the thesis after half the
//! turntime), so the bound holds on a loaded machine too. Two situations: an engine game on
//! an official 3-player map, and a crowded one with 1200 own and 1200 enemy ants, where
//! their clocks, not the work, end the turns. The check itself is tested on a bot that
//! ignores its clock: it must fail.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use ants::{
    Bot, GameConfig, GameOutcome, GameSettings, Map, Order, Status, TurnInput, bots, play_game,
};
use ants_thesis::{Profile, ThesisBot};
use ants_xathis::{ChampionBot, XathisBot};

/// The turntime of the games here: the contest's.
const TURNTIME_MS: u64 = 500;

/// Builds one bot.
type Make = fn() -> Box<dyn Bot>;

/// Our bots, by the name they play under.
const OURS: [(&str, Make); 3] = [
    ("champion", || Box::new(ChampionBot::new())),
    ("xathis-style", || Box::new(XathisBot::new())),
    ("thesis", || Box::new(ThesisBot::new(Profile::default()))),
];

/// An official map from the repository's `data/ants/maps/`; a missing or unreadable map
/// fails the test with its path.
fn official_map(rel: &str) -> Map {
    Map::official(rel).unwrap_or_else(|e| panic!("{e}"))
}

/// The turns of one seat longer than `limit`, as `turn N: TIME` (turns count from 1).
fn late_turns(times: &[Duration], limit: Duration) -> Vec<String> {
    times
        .iter()
        .enumerate()
        .filter(|(_, t)| **t > limit)
        .map(|(i, t)| format!("turn {}: {t:?}", i + 1))
        .collect()
}

/// `Ok` when no seat of the game timed out and every turn of every seat took at most
/// `limit`; otherwise every offence, by seat and turn.
fn check_deadline(outcome: &GameOutcome, limit: Duration) -> Result<(), String> {
    let mut problems = Vec::new();
    for (p, name) in outcome.names.iter().enumerate() {
        if outcome.statuses[p] == Status::Timeout {
            problems.push(format!("seat {p} ({name}) timed out"));
        }
        for late in late_turns(&outcome.timing.per_turn[p], limit) {
            problems.push(format!("seat {p} ({name}) over {limit:?} at {late}"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// A bot that ignores its clock: it holds still, but on turn `slow_turn` it sleeps `nap`.
struct Sleeper {
    slow_turn: u32,
    nap: Duration,
}

impl Bot for Sleeper {
    fn name(&self) -> &'static str {
        "sleeper"
    }
    fn setup(&mut self, _: &GameSettings) {}
    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        if input.turn == self.slow_turn {
            std::thread::sleep(self.nap);
        }
        Vec::new()
    }
}

/// A short game of a sleeper against `hold` on a bundled map.
fn sleeper_game(turntime_ms: u64, nap: Duration) -> GameOutcome {
    let map = official_map("maze/maze_p02_01.map");
    let config = GameConfig {
        turns: 6,
        turntime_ms,
        ..GameConfig::seeded(1)
    };
    let seats: Vec<Box<dyn Bot>> = vec![
        Box::new(Sleeper { slow_turn: 3, nap }),
        Box::new(bots::HoldBot),
    ];
    play_game(&map, &config, seats).unwrap()
}

#[test]
fn the_deadline_check_fails_a_bot_that_ignores_its_clock() {
    let limit = Duration::from_millis(100);
    // Past the turntime: the engine times the bot out, and the check says so.
    let late = sleeper_game(100, Duration::from_millis(250));
    let err = check_deadline(&late, limit).unwrap_err();
    assert!(err.contains("seat 0 (sleeper) timed out"), "{err}");
    assert!(
        err.contains("seat 0 (sleeper) over 100ms at turn 3:"),
        "{err}"
    );
    assert!(!err.contains("seat 1"), "{err}");
    // Within the engine's turntime but past the bound checked: the per-turn times decide.
    let slow = sleeper_game(2000, Duration::from_millis(250));
    assert_eq!(slow.statuses[0], Status::Survived);
    let err = check_deadline(&slow, limit).unwrap_err();
    assert!(!err.contains("timed out"), "{err}");
    assert!(
        err.contains("seat 0 (sleeper) over 100ms at turn 3:"),
        "{err}"
    );
    // A bot that keeps its clock passes.
    let quick = sleeper_game(2000, Duration::ZERO);
    check_deadline(&quick, limit).unwrap();
}

#[test]
fn our_bots_end_every_turn_within_the_turntime_in_a_game() {
    let map = official_map("maze/maze_p03_01.map");
    let config = GameConfig {
        turns: 1000,
        turntime_ms: TURNTIME_MS,
        ..GameConfig::seeded(7)
    };
    let seats: Vec<Box<dyn Bot>> = OURS.iter().map(|(_, make)| make()).collect();
    let outcome = play_game(&map, &config, seats).unwrap();
    for (p, name) in outcome.names.iter().enumerate() {
        println!(
            "{name}: {} turns, p50 {:?}, max {:?}",
            outcome.timing.per_turn[p].len(),
            outcome.timing.quantile(p, 0.5).unwrap_or_default(),
            outcome.timing.slowest[p]
        );
    }
    assert!(outcome.turns >= 100, "only {} turns", outcome.turns);
    check_deadline(&outcome, Duration::from_millis(TURNTIME_MS)).unwrap();
}

/// `turns` turns of `bot` with 1200 own and 1200 enemy ants (seven enemy players) on the
/// land of the largest official map; the own ants follow the bot's orders (no engine: no
/// official game gives one bot that many ants). Returns the time of each `turn` call.
fn crowded_turns(bot: &mut dyn Bot, turns: u32) -> Vec<Duration> {
    let map = official_map("cell_maze/cell_maze_p08_04.map");
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
    // Spread over the whole map: own ants on every other of 2400 evenly spaced squares.
    let step = land.len() / 2400;
    let spots: Vec<grid::Pos> = land.iter().step_by(step).take(2400).copied().collect();
    let mut own: Vec<grid::Pos> = spots.iter().step_by(2).copied().collect();
    let enemies: Vec<(grid::Pos, u8)> = spots
        .iter()
        .skip(1)
        .step_by(2)
        .enumerate()
        .map(|(k, &p)| (p, 1 + (k % 7) as u8))
        .collect();
    assert_eq!((own.len(), enemies.len()), (1200, 1200));
    bot.setup(&GameSettings {
        loadtime_ms: 3000,
        turntime_ms: TURNTIME_MS,
        rows: rows as u32,
        cols: cols as u32,
        turns: 1000,
        viewradius2: 77,
        attackradius2: 5,
        spawnradius2: 1,
        player_seed: 3,
    });
    let mut times = Vec::new();
    for turn in 1..=turns {
        let mut ants: Vec<(grid::Pos, u8)> = own.iter().map(|&p| (p, 0)).collect();
        ants.extend(enemies.iter().copied());
        let input = TurnInput {
            turn,
            water: if turn == 1 { water.clone() } else { Vec::new() },
            ants,
            ..TurnInput::default()
        };
        let began = Instant::now();
        let orders = bot.turn(&input);
        times.push(began.elapsed());
        for o in orders {
            if let Some(p) = own.iter_mut().find(|p| **p == o.pos) {
                let (dr, dc) = o.dir.delta();
                *p = grid::Pos::new((p.row + dr).rem_euclid(rows), (p.col + dc).rem_euclid(cols));
            }
        }
    }
    times
}

/// Turns of the crowded situation per bot.
const CROWDED_TURNS: u32 = 30;

#[test]
fn our_bots_end_every_turn_within_the_turntime_with_1200_ants() {
    let limit = Duration::from_millis(TURNTIME_MS);
    let mut problems = Vec::new();
    for (name, make) in OURS {
        // On a thread of its own, so that a bot without a clock fails the test when its
        // turns together overrun the turntime (plus setup time), instead of hanging it.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(crowded_turns(make().as_mut(), CROWDED_TURNS));
        });
        let wait = limit * CROWDED_TURNS + Duration::from_secs(10);
        let Ok(times) = rx.recv_timeout(wait) else {
            problems.push(format!(
                "{name}: {CROWDED_TURNS} turns did not end within {wait:?}: a turn (or the setup) took longer than {limit:?}"
            ));
            continue;
        };
        println!("{name}: max {:?}", times.iter().max().unwrap());
        problems.extend(
            late_turns(&times, limit)
                .into_iter()
                .map(|t| format!("{name} over {limit:?} at {t}")),
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

//! Seeded tournaments and timing runs for `xathis-style`, `champion` (and champion variants
//! with one of its improvements switched off: `champion-nomatch`, `-nosticky`, `-noadaptive`,
//! `-norelative`; or `champion:FLAGS` with exactly the improvements listed in
//! FLAGS, see `make`) against each other and the baseline bots.
//!
//! ```text
//! cargo run --release -p ants-xathis --example arena -- \
//!     --maps ../shared/ants/maps/maze --bots xathis-style,hunter --games 20 --seed 1
//! cargo run --release -p ants-xathis --example arena -- --timing \
//!     --maps ../shared/ants/maps/cell_maze/cell_maze_p08_04.map --bots champion --games 1
//! ```
//! With `--timing` (optionally `--food-rate N` to fix the food-rate numerator and grow large
//! colonies) every seat is taken by the (first) named bot, and the per-turn times of
//! all seats are reported as percentiles together with the largest total ant count seen.
//! With `--analyze` the tournament's games print one line each (hills fallen with turn, ants
//! alive at turns 100/200/300, spawned and lost per seat, own/enemy ants within 10 steps of
//! every fallen hill five turns before it fell) and per-game wins per bot; with the
//! environment variable `ARENA_REPLAYS=DIR` every game's replay is written to `DIR/gameI.json`.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ants::tournament::{Tournament, expand_maps, render_standings, standings};
use ants::{Bot, Entrant, GameConfig, GameSettings, Map, Order, Range, TurnInput, bots, play_game};
use ants_xathis::{ChampionBot, Config, XathisBot};

fn make(name: &str) -> Option<Box<dyn Bot>> {
    let mut cfg = Config::champion();
    match name {
        "xathis-style" => return Some(Box::new(XathisBot::new())),
        "champion" => return Some(Box::new(ChampionBot::new())),
        "champion-nomatch" => cfg.food_matching = false,
        "champion-nosticky" => cfg.sticky_missions = false,
        "champion-noadaptive" => cfg.adaptive_groups = false,
        "champion-norelative" => cfg.relative_aggression = false,
        other => {
            // `champion:FLAGS` enables exactly the listed improvements: v = vision
            // explore, h = remembered hills, b = scored border, s = sticky missions,
            // a = adaptive combat groups, r = relative aggression, x = hill rush,
            // p = per-player combat evaluation, f = food depth 15, n = food depth 8, d = relative aggression only
            // while one enemy player has been seen, g = relative
            // aggression at 3:2 instead of 2:1, m = food matching, c = hills in combat.
            let Some(flags) = other.strip_prefix("champion:") else {
                return bots::by_name(other);
            };
            cfg.vision_explore = flags.contains('v');
            cfg.remember_hills = flags.contains('h');
            cfg.scored_border = flags.contains('b');
            cfg.sticky_missions = flags.contains('s');
            cfg.adaptive_groups = flags.contains('a');
            cfg.relative_aggression = flags.contains('r');
            cfg.hill_rush = flags.contains('x');
            cfg.per_player_combat = flags.contains('p');
            cfg.relative_only_in_duels = flags.contains('d');
            cfg.food_matching = flags.contains('m');
            cfg.hill_combat = flags.contains('c');
            if flags.contains('f') {
                cfg.food_depth = 15;
            }
            if flags.contains('n') {
                cfg.food_depth = 8;
            }
            if flags.contains('g') {
                cfg.aggression_ratio10 = 15;
            }
        }
    }
    Some(Box::new(ChampionBot::with_config(cfg)))
}

/// An entrant by spec: an external program (`cmd:…`, `NAME=cmd:…`) or a bot of [`make`].
fn entrant(spec: &str) -> Option<Entrant> {
    Entrant::external(spec).or_else(|| make(spec).map(Entrant::InProcess))
}

/// Records the duration of every turn and the number of ants the bot saw.
struct Timed {
    inner: Box<dyn Bot>,
    log: Arc<Mutex<Vec<(Duration, usize, u32)>>>,
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
        let own = input.ants.iter().filter(|a| a.1 == 0).count();
        if let Ok(mut log) = self.log.lock() {
            log.push((t.elapsed(), own, input.turn));
        }
        orders
    }
}

struct Args {
    maps: String,
    bots: Vec<String>,
    games: usize,
    seed: u64,
    turns: u32,
    turntime: u64,
    threads: usize,
    timing: bool,
    analyze: bool,
    food_rate: Option<u32>,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        maps: String::new(),
        bots: Vec::new(),
        games: 10,
        seed: 1,
        turns: 1000,
        turntime: 500,
        threads: 1,
        timing: false,
        analyze: false,
        food_rate: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--timing" {
            a.timing = true;
            continue;
        }
        if flag == "--analyze" {
            a.analyze = true;
            continue;
        }
        let v = it.next().ok_or(format!("{flag} needs a value"))?;
        let num = |v: &str| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--maps" => a.maps = v,
            "--bots" => a.bots = v.split(',').map(str::to_owned).collect(),
            "--games" => a.games = num(&v)? as usize,
            "--seed" => a.seed = num(&v)?,
            "--turns" => a.turns = num(&v)? as u32,
            "--turntime" => a.turntime = num(&v)?,
            "--threads" => a.threads = num(&v)? as usize,
            "--food-rate" => a.food_rate = Some(num(&v)? as u32),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    if a.maps.is_empty() || a.bots.is_empty() {
        return Err("--maps and --bots are required".into());
    }
    Ok(a)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let k = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[k.min(sorted.len() - 1)]
}

fn timing(a: &Args) -> Result<(), String> {
    let maps = expand_maps(&a.maps).map_err(|e| e.to_string())?;
    for (g, path) in maps.iter().cycle().take(a.games).enumerate() {
        let map = Map::load(path).map_err(|e| e.to_string())?;
        let log = Arc::new(Mutex::new(Vec::new()));
        let seats = (0..usize::from(map.players()))
            .map(|_| {
                let inner = make(&a.bots[0]).ok_or(format!("unknown bot {}", a.bots[0]))?;
                Ok(Box::new(Timed {
                    inner,
                    log: Arc::clone(&log),
                }) as Box<dyn Bot>)
            })
            .collect::<Result<Vec<_>, String>>()?;
        let mut config = GameConfig {
            turns: a.turns,
            turntime_ms: a.turntime,
            ..GameConfig::seeded(a.seed + g as u64)
        };
        if let Some(r) = a.food_rate {
            config.food_rate = Range::new(r, r);
        }
        let r = play_game(&map, &config, seats).map_err(|e| e.to_string())?;
        let log = log.lock().map_err(|e| e.to_string())?;
        let mut times: Vec<Duration> = log.iter().map(|x| x.0).collect();
        times.sort_unstable();
        let mut per_turn = vec![0usize; a.turns as usize + 2];
        for &(_, own, turn) in log.iter() {
            if let Some(c) = per_turn.get_mut(turn as usize) {
                *c += own;
            }
        }
        let most_ants = per_turn.iter().copied().max().unwrap_or(0);
        let over_1000 = log
            .iter()
            .filter(|x| per_turn.get(x.2 as usize).is_some_and(|&c| c >= 1000))
            .map(|x| x.0);
        let mut big: Vec<Duration> = over_1000.collect();
        big.sort_unstable();
        println!(
            "{} seed {} turns {} statuses {:?}: bot-turns {} p50 {:.1} ms p90 {:.1} ms p99 {:.1} ms max {:.1} ms; most ants on the map {}; bot-turns with 1000+ ants {} (p99 {:.1} ms, max {:.1} ms)",
            path.display(),
            a.seed + g as u64,
            r.turns,
            r.statuses.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
            times.len(),
            percentile(&times, 0.5).as_secs_f64() * 1e3,
            percentile(&times, 0.9).as_secs_f64() * 1e3,
            percentile(&times, 0.99).as_secs_f64() * 1e3,
            times.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
            most_ants,
            big.len(),
            percentile(&big, 0.99).as_secs_f64() * 1e3,
            big.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        );
    }
    Ok(())
}

fn tournament(a: &Args) -> Result<(), String> {
    let t = Tournament {
        maps: expand_maps(&a.maps).map_err(|e| e.to_string())?,
        bots: a.bots.clone(),
        games: a.games,
        base: GameConfig {
            turns: a.turns,
            turntime_ms: a.turntime,
            ..GameConfig::seeded(a.seed)
        },
        replays: None,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let records = pool
        .install(|| t.run(&entrant, &|| {}))
        .map_err(|e| e.to_string())?;
    for r in &records {
        println!(
            "game {} {} {:?} {:?} turns {}",
            r.index,
            r.map.display(),
            r.bots,
            r.scores,
            r.turns
        );
    }
    print!("{}", render_standings(&standings(&a.bots, &records)));
    Ok(())
}

/// One analysed game: its report line and per seat (bot, score, has the top score).
type Analysed = (String, Vec<(String, i32, bool)>);

/// The games of [`tournament`] (same maps, seats and seeds), one line each with what decided
/// it: final scores, the turn each hill fell (`owner@turn`), ants alive per seat at turns
/// 100/200/300, ants spawned and ants lost per seat, and the totals per bot at the end.
fn analyze(a: &Args) -> Result<(), String> {
    use rayon::prelude::*;
    let maps = expand_maps(&a.maps).map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let lines: Vec<Result<Analysed, String>> = pool.install(|| {
        (0..a.games)
            .into_par_iter()
            .map(|i| {
                let path = &maps[i % maps.len()];
                let map = Map::load(path).map_err(|e| e.to_string())?;
                let seats: Vec<String> = (0..usize::from(map.players()))
                    .map(|j| a.bots[(i + j) % a.bots.len()].clone())
                    .collect();
                let bots = seats
                    .iter()
                    .map(|b| entrant(b).ok_or(format!("unknown bot {b}")))
                    .collect::<Result<Vec<_>, _>>()?;
                let base = GameConfig::seeded(a.seed);
                let config = GameConfig {
                    turns: a.turns,
                    turntime_ms: a.turntime,
                    engine_seed: base.engine_seed.wrapping_add(i as u64),
                    player_seed: base.player_seed.wrapping_add(i as i64),
                    game_id: i as i64,
                    ..base
                };
                let r = play_game(&map, &config, bots).map_err(|e| e.to_string())?;
                if let Ok(dir) = std::env::var("ARENA_REPLAYS") {
                    let path = std::path::Path::new(&dir).join(format!("game{i}.json"));
                    r.replay.write(&path).map_err(|e| e.to_string())?;
                }
                let d = &r.replay.replaydata;
                let alive = |p: usize, t: u32| {
                    d.ants
                        .iter()
                        .filter(|x| usize::from(x.4) == p && x.2 <= t && x.3 > t)
                        .count()
                };
                let mut fallen: Vec<(i64, i64)> = d
                    .hills
                    .iter()
                    .filter(|h| h[3] <= i64::from(r.turns))
                    .map(|h| (h[3], h[2]))
                    .collect();
                fallen.sort_unstable();
                let (rows, cols) = (i64::from(map.rows()), i64::from(map.cols()));
                // Ants of seat `p` (or of every other seat) within 10 steps of a tile at turn `t`.
                let near = |row: i64, col: i64, t: u32, own: usize| {
                    let mut n = [0usize; 2];
                    for x in &d.ants {
                        if !(x.2 <= t && x.3 > t) {
                            continue;
                        }
                        let (mut r, mut c) = (x.0, x.1);
                        for ch in x.5.bytes().take((t - x.2) as usize) {
                            match ch {
                                b'n' => r -= 1,
                                b's' => r += 1,
                                b'e' => c += 1,
                                b'w' => c -= 1,
                                _ => {}
                            }
                        }
                        let dr = (r - row).rem_euclid(rows);
                        let dc = (c - col).rem_euclid(cols);
                        if dr.min(rows - dr) + dc.min(cols - dc) <= 10 {
                            n[usize::from(usize::from(x.4) != own)] += 1;
                        }
                    }
                    n
                };
                let raids: Vec<String> = d
                    .hills
                    .iter()
                    .filter(|h| h[3] <= i64::from(r.turns))
                    .map(|h| {
                        let t = (h[3] as u32).saturating_sub(5);
                        let n = near(h[0], h[1], t, h[2] as usize);
                        format!("{}@{}:{}v{}", seats[h[2] as usize], h[3], n[0], n[1])
                    })
                    .collect();
                let best = r.scores.iter().copied().max().unwrap_or(0);
                let mut line = format!(
                    "game {i} {} turns {} scores {:?} hills {:?}",
                    path.file_name()
                        .map(|f| f.to_string_lossy())
                        .unwrap_or_default(),
                    r.turns,
                    r.scores,
                    fallen
                        .iter()
                        .map(|(t, o)| format!("{}@{t}", seats[*o as usize]))
                        .collect::<Vec<_>>()
                );
                let _ = write!(line, " raids {raids:?}");
                let mut per = Vec::new();
                for (p, s) in seats.iter().enumerate() {
                    let spawned = d.ants.iter().filter(|x| usize::from(x.4) == p).count();
                    let lost = d
                        .ants
                        .iter()
                        .filter(|x| usize::from(x.4) == p && x.3 <= r.turns)
                        .count();
                    let _ = write!(
                        line,
                        " | {s}: {}/{}/{} spawned {spawned} lost {lost}",
                        alive(p, 100),
                        alive(p, 200),
                        alive(p, 300)
                    );
                    per.push((s.clone(), r.scores[p], r.scores[p] == best));
                }
                Ok((line, per))
            })
            .collect()
    });
    // Per game: won by a bot when every seat with the top score is one of its seats,
    // drawn between the bots sharing the top score otherwise.
    let mut wins = vec![(0u32, 0u32); a.bots.len()];
    for l in lines {
        let (line, per) = l?;
        println!("{line}");
        let mut top: Vec<usize> = per
            .iter()
            .filter(|x| x.2)
            .filter_map(|x| a.bots.iter().position(|b| *b == x.0))
            .collect();
        top.sort_unstable();
        top.dedup();
        for &k in &top {
            if top.len() == 1 {
                wins[k].0 += 1;
            } else {
                wins[k].1 += 1;
            }
        }
    }
    for (b, (w, d)) in a.bots.iter().zip(wins) {
        println!("{b}: games won {w}, top score shared with another bot {d}");
    }
    Ok(())
}

fn main() -> ExitCode {
    let result = parse().and_then(|a| {
        if a.timing {
            timing(&a)
        } else if a.analyze {
            analyze(&a)
        } else {
            tournament(&a)
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "error: {e}\nusage: arena --maps PATTERN --bots A,B[,..] [--games N] [--seed S] [--turns T] [--turntime MS] [--threads K] [--timing] [--food-rate N]"
            );
            ExitCode::from(2)
        }
    }
}

//! Sweep: plays a case at several thinking limits and prints each case table.
//!
//! `cargo run --release -p economy --example sweep -- CASE LIMITS GAMES SEED [THREADS] [AGENTS]`
//!
//! `LIMITS` is a comma-separated list of expansion budgets (`1000`) or round times (`t200`,
//! milliseconds); `AGENTS` a comma-separated list of ratings (default: all eight, `all`).
//! A seventh argument `capN` caps the last agent (the GameAnalyzer by default) at N expansions
//! per round; `othersN` caps every other agent.

use std::sync::Arc;
use std::time::Instant;

use economy::experiment::{CASES, CaseResult, Mode, run_game_capped};
use economy::rating::Rating;
use economy::session::AgentCap;
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_owned());
    let case = CASES[arg(0, "1").parse::<usize>().unwrap_or(1).min(7)];
    let limits: Vec<Mode> = arg(1, "1000")
        .split(',')
        .filter_map(|s| match s.strip_prefix('t') {
            Some(ms) => ms.parse().ok().map(|ms| Mode::Time(Some(ms))),
            None => s.parse().ok().map(Mode::Budget),
        })
        .collect();
    let games: u32 = arg(2, "10").parse().unwrap_or(10);
    let seed: u64 = arg(3, "1000").parse().unwrap_or(1000);
    let threads: usize = arg(4, "1").parse().unwrap_or(1);
    let ratings: Vec<Rating> = match args.get(5) {
        Some(list) if list != "all" => list.split(',').filter_map(|r| r.parse().ok()).collect(),
        _ => Rating::ALL.to_vec(),
    };
    let mut caps = vec![AgentCap::default(); ratings.len()];
    let cap = |prefix: &str| {
        args.get(6)
            .and_then(|a| a.strip_prefix(prefix))
            .and_then(|n| n.parse::<u64>().ok())
    };
    let last = caps.len().saturating_sub(1);
    for (i, c) in caps.iter_mut().enumerate() {
        c.expansions = if i == last { cap("cap") } else { cap("others") };
    }
    let world = match economy::loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml") {
        Ok(l) => Arc::new(l.world),
        Err(err) => {
            eprintln!("{err}");
            return;
        }
    };
    let Ok(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build() else {
        eprintln!("cannot build the thread pool");
        return;
    };
    for mode in limits {
        let start = Instant::now();
        let results = pool.install(|| {
            (0..games)
                .into_par_iter()
                .map(|g| run_game_capped(&world, &ratings, &caps, case, mode, seed, g, 300))
                .collect()
        });
        let r = CaseResult {
            case,
            mode,
            ratings: ratings.clone(),
            games: results,
            wall_ms: start.elapsed().as_millis() as u64,
        };
        print!("{}", r.render());
    }
}

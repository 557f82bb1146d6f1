//! Traces one budget-mode game: per round the prices and every agent's activity and gold.
//!
//! `cargo run --release -p economy --example trace -- CASE E SEED GAME [AGENT7]`
//!
//! `AGENT7` seats another rating in the eighth seat (e.g. `game-analyzer-planner`).

use std::fmt::Write as _;
use std::sync::Arc;

use economy::experiment::CASES;
use economy::rating::Rating;
use economy::session::{Session, ThinkLimit};
use economy::world::World;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_owned());
    let case = CASES[arg(0, "1").parse::<usize>().unwrap_or(1)];
    let e: u64 = arg(1, "1000").parse().unwrap_or(1000);
    let seed: u64 = arg(2, "1000").parse().unwrap_or(1000);
    let game: u64 = arg(3, "0").parse().unwrap_or(0);
    let world = match economy::loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml") {
        Ok(l) => l.world,
        Err(err) => {
            eprintln!("{err}");
            return;
        }
    };
    let world = Arc::new(
        World::clone(&world)
            .with_gold_goal(case.goal)
            .with_variable_prices(case.variable_prices),
    );
    let mut seats = Rating::ALL;
    if let Some(r) = args.get(4).and_then(|r| r.parse().ok()) {
        seats[7] = r;
    }
    let mut s = Session::agents_only(Arc::clone(&world), &seats, seed, game);
    while !s.game.is_over() {
        let prices = s.game.merchant.price.clone();
        s.start_thinking(ThinkLimit {
            expansions: Some(e),
            deadline: None,
        });
        let r = s.finish_round(&[], false);
        let mut line = format!("r{:<3} p{:?}", r.round, prices);
        for (p, a) in r.executed.iter().enumerate() {
            let name = a.map_or("-", |a| world.activities[a].name.as_str());
            let d = s.last_decision(p).map_or(0, |d| d.depth_limit);
            let _ = write!(line, " | {p} {name} g{} d{d}", s.game.players[p].state[0]);
        }
        println!("{line}");
    }
    for p in &s.game.players {
        println!("{} {:?}", p.name, p.rounds_to_goal);
    }
}

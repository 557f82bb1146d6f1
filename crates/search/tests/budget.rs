//! Every search honours its `Budget`: the node limit exactly, the deadline within a few
//! clock checks, and a stop flag set by another party.

use search::adversarial::{
    ChainGame, alphabeta, alphabeta_iterative, chain_alphabeta, chain_minimax, minimax,
};
use search::{Budget, Stats, astar, best_first, bfs, dfs, hill_climbing, iddfs, uniform_cost};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Number of path searches [`run_one`] knows.
const SEARCHES: usize = 7;

/// The infinite integer lattice: every search on it runs until its budget stops it.
fn lattice(&(x, y): &(i64, i64)) -> [(i64, i64); 4] {
    [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
}

fn weighted(p: &(i64, i64)) -> impl Iterator<Item = ((i64, i64), u64)> + use<> {
    lattice(p).into_iter().map(|q| (q, 1))
}

/// Runs every path search on the lattice with `budget`; returns (name, stats, exhausted).
fn run_all(budget: &Budget) -> Vec<(&'static str, Stats, bool)> {
    (0..SEARCHES).map(|i| run_one(i, budget)).collect()
}

#[test]
fn node_limit_is_exact() {
    for limit in [0u64, 1, 7, 1000] {
        for (name, stats, exhausted) in run_all(&Budget::unlimited().with_nodes(limit)) {
            assert!(
                exhausted,
                "{name} with limit {limit} did not report an exhausted budget"
            );
            assert_eq!(
                stats.expanded, limit,
                "{name} expanded {} nodes with limit {limit}",
                stats.expanded
            );
        }
    }
}

/// Generous allowance for a loaded 2-core machine; the searches read the clock every 32
/// expansions, so their own overshoot is microseconds.
const SLACK: Duration = Duration::from_millis(100);

#[test]
fn deadline_is_honoured() {
    let time = Duration::from_millis(30);
    for (i, name) in [
        "bfs",
        "dfs",
        "iddfs",
        "uniform_cost",
        "astar",
        "best_first",
        "hill_climbing",
    ]
    .iter()
    .enumerate()
    {
        let started = Instant::now();
        let budget = Budget::unlimited().with_time(time);
        let (got, stats, exhausted) = run_one(i, &budget);
        let elapsed = started.elapsed();
        assert_eq!(&got, name);
        assert!(
            exhausted,
            "{name} ended without exhausting an infinite search"
        );
        assert!(elapsed >= time, "{name} stopped early after {elapsed:?}");
        assert!(
            elapsed < time + SLACK,
            "{name} overran its deadline: {elapsed:?}"
        );
        assert!(stats.expanded > 0);
    }
}

/// Runs the `i`-th path search on the lattice.
fn run_one(i: usize, budget: &Budget) -> (&'static str, Stats, bool) {
    let never = |_: &(i64, i64)| false;
    let far = |&(x, y): &(i64, i64)| (x - 1_000_000).unsigned_abs() + y.unsigned_abs();
    let o = (0i64, 0i64);
    match i {
        0 => {
            let r = bfs(&o, lattice, never, budget);
            ("bfs", r.stats, r.budget_exhausted)
        }
        1 => {
            let r = dfs(&o, lattice, never, usize::MAX, budget);
            ("dfs", r.stats, r.budget_exhausted)
        }
        2 => {
            let r = iddfs(&o, lattice, never, budget);
            ("iddfs", r.stats, r.budget_exhausted)
        }
        3 => {
            let r = uniform_cost(&o, weighted, never, budget);
            ("uniform_cost", r.stats, r.budget_exhausted)
        }
        4 => {
            let r = astar(&o, weighted, far, never, budget);
            ("astar", r.stats, r.budget_exhausted)
        }
        5 => {
            let r = best_first(&o, weighted, far, never, budget);
            ("best_first", r.stats, r.budget_exhausted)
        }
        _ => {
            let r = hill_climbing(&o, lattice, |&(x, y)| x + y, budget);
            ("hill_climbing", r.stats, r.budget_exhausted)
        }
    }
}

#[test]
fn stop_flag_set_beforehand_stops_at_once() {
    let stop = Arc::new(AtomicBool::new(true));
    for (name, stats, exhausted) in run_all(&Budget::unlimited().with_stop(stop.clone())) {
        assert!(exhausted, "{name}");
        assert_eq!(stats.expanded, 0, "{name}");
    }
}

#[test]
fn game_searches_honour_deadline_and_node_limit() {
    // A ternary tree 40 plies deep: far too big to finish.
    let moves = |&n: &u64| [3 * n + 1, 3 * n + 2, 3 * n + 3];
    let child = |_: &u64, &m: &u64| m;
    let eval = |&n: &u64| (n % 17) as i32;
    let time = Duration::from_millis(30);
    for ab in [false, true] {
        let started = Instant::now();
        let budget = Budget::unlimited().with_time(time);
        let r = if ab {
            alphabeta(&0, 40, moves, child, |_| false, eval, &budget)
        } else {
            minimax(&0, 40, moves, child, |_| false, eval, &budget)
        };
        let elapsed = started.elapsed();
        assert!(r.budget_exhausted);
        assert!(
            elapsed >= time && elapsed < time + SLACK,
            "alphabeta={ab}: {elapsed:?}"
        );
        for nodes in [0, 1, 500] {
            let limited = Budget::unlimited().with_nodes(nodes);
            let r = if ab {
                alphabeta(&0, 40, moves, child, |_| false, eval, &limited)
            } else {
                minimax(&0, 40, moves, child, |_| false, eval, &limited)
            };
            assert!(r.budget_exhausted && r.stats.expanded == nodes);
        }
    }
}

#[test]
fn iterative_alphabeta_answers_within_deadline() {
    let moves = |&n: &u64| [3 * n + 1, 3 * n + 2, 3 * n + 3];
    let eval = |&n: &u64| (n % 17) as i32;
    let time = Duration::from_millis(30);
    let started = Instant::now();
    let budget = Budget::unlimited().with_time(time);
    let r = alphabeta_iterative(&0, 40, moves, |_, &m| m, |_| false, eval, &budget);
    let elapsed = started.elapsed();
    assert!(r.budget_exhausted && r.best.is_some() && r.depth >= 3);
    assert!(elapsed >= time && elapsed < time + SLACK, "{elapsed:?}");
}

/// 12 own and 6 enemy units with 5 moves each: 5^18 leaves. Alpha-beta completes the first
/// own assignment (5^6 enemy replies) and then cuts most of the others early, but it still
/// visits all 5^12 ≈ 2.4·10^8 own assignments — more than any machine completes in the
/// test's 30 ms (with 8 + 8 units a fast idle machine finished the whole search in time).
struct Crowd;

/// Own units of [`Crowd`].
const CROWD: usize = 12;

impl ChainGame for Crowd {
    type Move = u8;
    type Value = i32;
    fn own_units(&self) -> usize {
        CROWD
    }
    fn enemy_units(&self) -> usize {
        6
    }
    fn own_moves(&mut self, _: usize, _: &[u8], moves: &mut Vec<u8>) {
        moves.extend(0..5);
    }
    fn enemy_moves(&mut self, _: usize, _: &[u8], _: &[u8], moves: &mut Vec<u8>) {
        moves.extend(0..5);
    }
    fn evaluate(&mut self, own: &[u8], enemy: &[u8]) -> i32 {
        own.iter()
            .zip(enemy)
            .map(|(&a, &b)| i32::from(a) * i32::from(b) - i32::from(a))
            .sum()
    }
}

#[test]
fn chain_searches_honour_deadline_and_keep_a_fallback() {
    let time = Duration::from_millis(30);
    for ab in [false, true] {
        let started = Instant::now();
        let budget = Budget::unlimited().with_time(time);
        let r = if ab {
            chain_alphabeta(&mut Crowd, &budget)
        } else {
            chain_minimax(&mut Crowd, &budget)
        };
        let elapsed = started.elapsed();
        assert!(r.budget_exhausted);
        assert!(
            elapsed >= time && elapsed < time + SLACK,
            "alphabeta={ab}: {elapsed:?}"
        );
        if ab {
            // Alpha-beta completes many own assignments in 30 ms; the best one is kept.
            let (own, _) = r.best.expect("a fallback assignment");
            assert_eq!(own.len(), CROWD);
        }
        for nodes in [0, 1, 100] {
            let limited = Budget::unlimited().with_nodes(nodes);
            let r = if ab {
                chain_alphabeta(&mut Crowd, &limited)
            } else {
                chain_minimax(&mut Crowd, &limited)
            };
            assert!(r.budget_exhausted && r.stats.expanded == nodes);
        }
    }
}

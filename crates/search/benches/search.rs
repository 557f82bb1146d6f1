//! Side-by-side benchmark of `search` against the `pathfinding` crate on the same generic
//! problem: a 200×200 4-connected grid with 20 % random walls, given to both as closures
//! over `(i32, i32)` nodes, and long corner-to-corner queries.
//!
//! A second group times the Ants-combat chain search: `chain_alphabeta` against plain
//! `chain_minimax` on fights of 3v2 and 4v3 ants in the open (5 moves per ant).
//!
//! Run: `cargo bench -p search --bench search`.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::Budget;
use search::adversarial::{chain_alphabeta, chain_minimax};
use std::hint::black_box;
use std::time::Duration;

const SIZE: i32 = 200;

type P = (i32, i32);

struct Map {
    walls: Vec<bool>,
}

impl Map {
    fn new(seed: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let walls = (0..SIZE * SIZE).map(|_| rng.random_bool(0.2)).collect();
        Self { walls }
    }

    #[inline]
    fn free(&self, (r, c): P) -> bool {
        (0..SIZE).contains(&r) && (0..SIZE).contains(&c) && !self.walls[(r * SIZE + c) as usize]
    }

    #[inline]
    fn neighbours(&self, (r, c): P) -> impl Iterator<Item = P> + '_ + use<'_> {
        [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
            .into_iter()
            .filter(|&p| self.free(p))
    }

    /// Cells reachable from `from` (a plain flood fill, independent of both libraries).
    fn reachable(&self, from: P) -> Vec<bool> {
        let mut seen = vec![false; (SIZE * SIZE) as usize];
        let mut queue = std::collections::VecDeque::from([from]);
        seen[(from.0 * SIZE + from.1) as usize] = true;
        while let Some(p) = queue.pop_front() {
            for q in self.neighbours(p) {
                let i = (q.0 * SIZE + q.1) as usize;
                if !seen[i] {
                    seen[i] = true;
                    queue.push_back(q);
                }
            }
        }
        seen
    }
}

/// The cell nearest (in scan order) to `p` that lies in `component`.
fn connected_near(p: P, component: &[bool]) -> P {
    (0..SIZE * SIZE)
        .map(|i| ((p.0 + i / SIZE) % SIZE, (p.1 + i % SIZE) % SIZE))
        .find(|q| component[(q.0 * SIZE + q.1) as usize])
        .unwrap()
}

fn manhattan(a: P, b: P) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

fn queries(map: &Map) -> Vec<(P, P)> {
    let m = SIZE - 1;
    let pairs = [
        ((0, 0), (m, m)),
        ((m, 0), (0, m)),
        ((0, m / 2), (m, m / 2)),
        ((m / 2, 0), (m / 2, m)),
    ];
    let free: Vec<bool> = map.walls.iter().map(|w| !w).collect();
    let component = map.reachable(connected_near((SIZE / 2, SIZE / 2), &free));
    pairs
        .iter()
        .map(|&(a, b)| (connected_near(a, &component), connected_near(b, &component)))
        .collect()
}

fn bench(c: &mut Criterion) {
    let map = Map::new(2011);
    let qs = queries(&map);
    let unlimited = Budget::unlimited();
    let succ = |&p: &P| map.neighbours(p);
    let wsucc = |&p: &P| map.neighbours(p).map(|q| (q, 1u32));

    // Both libraries must agree (and every query must have a long path) before we time them.
    for &(s, g) in &qs {
        assert!(
            search::bfs(&s, succ, |&p| p == g, &unlimited)
                .cost()
                .unwrap()
                >= 190
        );
        let ours = search::bfs(&s, succ, |&p| p == g, &unlimited).cost();
        let theirs = pathfinding::directed::bfs::bfs(&s, succ, |&p| p == g).map(|p| p.len() - 1);
        assert_eq!(ours, theirs);
        let ours = search::astar(&s, wsucc, |&p| manhattan(p, g), |&p| p == g, &unlimited).cost();
        let theirs =
            pathfinding::directed::astar::astar(&s, wsucc, |&p| manhattan(p, g), |&p| p == g)
                .map(|r| r.1);
        assert_eq!(ours, theirs);
        assert_eq!(
            ours.map(|c| c as usize),
            search::uniform_cost(&s, wsucc, |&p| p == g, &unlimited)
                .cost()
                .map(|c| c as usize)
        );
    }

    let mut group = c.benchmark_group("grid200");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    let all = |f: &mut dyn FnMut(P, P) -> usize| qs.iter().map(|&(s, g)| f(s, g)).sum::<usize>();

    group.bench_function(BenchmarkId::new("bfs", "search"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                search::bfs(&s, succ, |&p| p == g, &unlimited)
                    .cost()
                    .unwrap_or(0)
            })
        });
    });
    group.bench_function(BenchmarkId::new("bfs", "pathfinding"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                pathfinding::directed::bfs::bfs(&s, succ, |&p| p == g).map_or(0, |p| p.len())
            })
        });
    });
    group.bench_function(BenchmarkId::new("astar", "search"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                search::astar(&s, wsucc, |&p| manhattan(p, g), |&p| p == g, &unlimited)
                    .cost()
                    .unwrap_or(0) as usize
            })
        });
    });
    group.bench_function(BenchmarkId::new("astar", "pathfinding"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                pathfinding::directed::astar::astar(&s, wsucc, |&p| manhattan(p, g), |&p| p == g)
                    .map_or(0, |r| r.1 as usize)
            })
        });
    });
    group.bench_function(BenchmarkId::new("uniform_cost", "search"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                search::uniform_cost(&s, wsucc, |&p| p == g, &unlimited)
                    .cost()
                    .unwrap_or(0) as usize
            })
        });
    });
    group.bench_function(
        BenchmarkId::new("uniform_cost", "pathfinding::dijkstra"),
        |b| {
            b.iter(|| {
                all(&mut |s, g| {
                    pathfinding::directed::dijkstra::dijkstra(&s, wsucc, |&p| p == g)
                        .map_or(0, |r| r.1 as usize)
                })
            });
        },
    );
    group.bench_function(BenchmarkId::new("dfs", "search"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                search::dfs(&s, succ, |&p| p == g, usize::MAX, &unlimited)
                    .cost()
                    .unwrap_or(0)
            })
        });
    });
    group.bench_function(BenchmarkId::new("dfs", "pathfinding"), |b| {
        b.iter(|| {
            all(&mut |s, g| {
                pathfinding::directed::dfs::dfs(s, succ, |&p| p == g).map_or(0, |p| p.len())
            })
        });
    });
    group.finish();
    black_box(&map);
}

#[path = "../tests/support/fight.rs"]
mod fight;

fn open_fight(own: &[(i32, i32)], enemy: &[(i32, i32)]) -> fight::Fight {
    fight::Fight {
        rows: 10,
        cols: 10,
        water: vec![false; 100],
        own: own.to_vec(),
        enemy: enemy.to_vec(),
        weights: (300, 180),
        order: vec![0; own.len() + enemy.len()],
        prune_far_enemies: false,
        fallback: None,
    }
}

fn bench_chain(c: &mut Criterion) {
    let fights = [
        (
            "3v2",
            open_fight(&[(4, 3), (4, 5), (3, 4)], &[(6, 3), (6, 5)]),
        ),
        (
            "4v3",
            open_fight(&[(4, 3), (4, 4), (4, 5), (3, 4)], &[(6, 3), (6, 5), (7, 4)]),
        ),
    ];
    let unlimited = Budget::unlimited();
    let mut group = c.benchmark_group("chain");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1));
    for (name, fight) in &fights {
        let mut f = fight.clone();
        assert_eq!(
            chain_alphabeta(&mut f, &unlimited).best,
            chain_minimax(&mut f, &unlimited).best
        );
        group.bench_function(BenchmarkId::new("chain_alphabeta", name), |b| {
            b.iter(|| chain_alphabeta(&mut f, &unlimited).best);
        });
        group.bench_function(BenchmarkId::new("chain_minimax", name), |b| {
            b.iter(|| chain_minimax(&mut f, &unlimited).best);
        });
    }
    group.finish();
}

criterion_group!(benches, bench, bench_chain);
criterion_main!(benches);

//! The spe_ed AIs' own flood fills side by side with [`grid::FloodFill`] on spe_ed-sized
//! mid-game boards (40×40, 60×60, 80×80, six players, trails from 60 rounds of
//! `not-killing-itself` play):
//!
//! - `area`: the free area reachable from every active head (what `champion` and
//!   `pathfinding` call per candidate move); `own` is the BFS `speed::ai::fill` had
//!   before it switched to `grid` (kept below);
//! - `voronoi`: unique-nearest-head territory of all heads (what `champion` scores);
//!   `own` is [`speed::ai::fill::Fill::voronoi`]; `grid::FloodFill` has no tie rule, so its version is one fill per head plus a
//!   comparison of the distance fields.
//!
//! Both sides are checked to compute the same numbers before timing.
//!
//! Run: `cargo bench -p speed --bench fill -- --warm-up-time 1 --measurement-time 3`
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use grid::{FloodFill, Limits, Shape, Topology};
use rand::SeedableRng as _;
use speed::ai::fill::Fill;
use speed::state::FREE;
use speed::{GameState, PlayerAnswer};

/// A six-player board of `size`×`size` after up to 60 rounds (fewer if the game ends).
fn board(size: i32, seed: u64) -> GameState {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = speed::engine::setup_on_board(&mut rng, size, size, 6);
    let mut ais: Vec<_> = (0..6)
        .map(|k| {
            speed::ai::BOTS
                .build("not-killing-itself(1,0,2)", seed + k)
                .unwrap()
        })
        .collect();
    let far = std::time::Instant::now() + std::time::Duration::from_mins(1);
    for _ in 0..60 {
        let answers: Vec<PlayerAnswer> = state
            .players
            .iter()
            .zip(&mut ais)
            .map(|(p, ai)| {
                let mut view = state.clone();
                view.you = p.id;
                let a = p.active.then(|| ai.decide(&view, p.id, far));
                PlayerAnswer::from_choice(a, p.active)
            })
            .collect();
        let before = state.clone();
        speed::step(&mut state, &answers);
        if !state.running {
            return before;
        }
    }
    state
}

fn heads(state: &GameState) -> Vec<(i32, i32)> {
    state
        .players
        .iter()
        .filter(|p| p.active && state.contains(p.x, p.y))
        .map(|p| (p.x, p.y))
        .collect()
}

/// The area BFS `speed::ai::fill` used before switching to `grid::FloodFill` (per-call
/// div/mod neighbours, stamp buffer, own queue), kept here as the comparison.
#[derive(Default)]
struct OwnArea {
    stamp: Vec<u32>,
    epoch: u32,
    dist: Vec<u16>,
    queue: Vec<u32>,
}

impl OwnArea {
    fn area(&mut self, state: &GameState, x: i32, y: i32) -> usize {
        let n = state.cells.len();
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.dist = vec![0; n];
            self.epoch = 0;
        }
        self.epoch += 1;
        self.queue.clear();
        if !state.contains(x, y) {
            return 0;
        }
        let (w, h) = (state.width as u32, state.height as u32);
        let start = state.index(x, y) as u32;
        self.stamp[start as usize] = self.epoch;
        self.dist[start as usize] = 0;
        self.queue.push(start);
        let (mut head, mut count) = (0, 0);
        while head < self.queue.len() {
            let i = self.queue[head];
            head += 1;
            let d = self.dist[i as usize];
            let (cx, cy) = (i % w, i / w);
            let around = [
                (cy > 0).then(|| i - w),
                (cx + 1 < w).then(|| i + 1),
                (cy + 1 < h).then(|| i + w),
                (cx > 0).then(|| i - 1),
            ];
            for j in around.into_iter().flatten() {
                let ju = j as usize;
                if self.stamp[ju] != self.epoch && state.cells[ju] == FREE {
                    self.stamp[ju] = self.epoch;
                    self.dist[ju] = d.saturating_add(1);
                    self.queue.push(j);
                    count += 1;
                }
            }
        }
        count
    }
}

/// Areas from every head with `grid::FloodFill`.
fn grid_areas(ff: &mut FloodFill, state: &GameState, heads: &[(i32, i32)], out: &mut Vec<usize>) {
    out.clear();
    for &(x, y) in heads {
        let start = state.index(x, y) as u32;
        let n = ff.fill([start], Limits::NONE, |j| state.cells[j as usize] == FREE);
        out.push(n - 1);
    }
}

/// Unique-nearest-head territory with `grid::FloodFill`: one fill per head, then per cell
/// the strictly nearest head (ties: nobody).
fn grid_voronoi(
    ff: &mut FloodFill,
    best: &mut [(u32, u8)],
    state: &GameState,
    heads: &[(i32, i32)],
    counts: &mut Vec<u32>,
) {
    const NOBODY: u8 = u8::MAX;
    best.fill((u32::MAX, NOBODY));
    for (k, &(x, y)) in heads.iter().enumerate() {
        let start = state.index(x, y) as u32;
        ff.fill([start], Limits::NONE, |j| state.cells[j as usize] == FREE);
        for &i in &ff.visited()[1..] {
            let d = ff.dist(i).unwrap_or(u32::MAX);
            let b = &mut best[i as usize];
            if d < b.0 {
                *b = (d, k as u8);
            } else if d == b.0 {
                b.1 = NOBODY;
            }
        }
    }
    counts.clear();
    counts.resize(heads.len(), 0);
    for &(_, k) in best.iter() {
        if k != NOBODY {
            counts[k as usize] += 1;
        }
    }
}

fn bench(c: &mut Criterion) {
    for size in [40, 60, 80] {
        let state = board(size, 3);
        let heads = heads(&state);
        let free = state.cells.iter().filter(|&&v| v == FREE).count();
        println!(
            "{size}x{size}: round {}, {} active heads, {free} free cells",
            state.round,
            heads.len()
        );
        let shape = Shape::new(size as u32, size as u32, Topology::Bounded);
        let mut fill = Fill::new();
        let mut own = OwnArea::default();
        let mut ff = FloodFill::new(shape);
        let mut best = vec![(0_u32, 0_u8); shape.len()];
        let mut a = Vec::new();
        let (mut v, mut w) = (Vec::new(), Vec::new());
        // Same answers first.
        let own_areas: Vec<usize> = heads.iter().map(|&(x, y)| own.area(&state, x, y)).collect();
        grid_areas(&mut ff, &state, &heads, &mut a);
        assert_eq!(own_areas, a);
        let via_fill: Vec<usize> = heads
            .iter()
            .map(|&(x, y)| fill.area(&state, x, y))
            .collect();
        assert_eq!(via_fill, a);
        fill.voronoi(&state, &heads, &mut v);
        grid_voronoi(&mut ff, &mut best, &state, &heads, &mut w);
        assert_eq!(v, w);

        c.bench_function(&format!("area/{size}/own"), |bn| {
            bn.iter(|| {
                let s: usize = heads.iter().map(|&(x, y)| own.area(&state, x, y)).sum();
                black_box(s)
            });
        });
        c.bench_function(&format!("area/{size}/grid"), |bn| {
            bn.iter(|| {
                grid_areas(&mut ff, &state, &heads, &mut a);
                black_box(a.iter().sum::<usize>())
            });
        });
        c.bench_function(&format!("voronoi/{size}/own"), |bn| {
            bn.iter(|| {
                fill.voronoi(&state, &heads, &mut v);
                black_box(v[0])
            });
        });
        c.bench_function(&format!("voronoi/{size}/grid"), |bn| {
            bn.iter(|| {
                grid_voronoi(&mut ff, &mut best, &state, &heads, &mut w);
                black_box(w[0])
            });
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);

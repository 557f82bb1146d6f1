//! Grid search benchmarks, each side by side with the `pathfinding` crate on the same grid
//! and the same queries: long A* queries, full flood fill of a 200×200 torus, HPA* queries
//! (Centered, cluster 20) against grid A*, and HPA* clustering time.
//!
//! Run: `cargo bench -p grid --bench grid -- --warm-up-time 1 --measurement-time 3`
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::{Duration, Instant};

use common::{brute_bfs, load_ants_map, maps_dir, thesis_map};
use criterion::{Criterion, criterion_group, criterion_main};
use grid::{AStar, Dir, Entrances, FloodFill, Hpa, HpaMethod, Limits, Pos, Shape, Topology};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The benchmark maps: two official 4-player maps (`data/ants/maps/`) and the generated
/// thesis-like map.
fn maps() -> Vec<(String, Shape, Vec<bool>)> {
    let mut out = Vec::new();
    for (dir, name) in [
        ("maze", "maze_p04_01"),
        ("random_walk", "random_walk_p04_01"),
    ] {
        let path = maps_dir().join(format!("{dir}/{name}.map"));
        let (shape, water) = load_ants_map(&path);
        out.push((name.to_owned(), shape, water));
    }
    let (shape, water) = thesis_map();
    out.push(("thesis_100x110".to_owned(), shape, water));
    out
}

/// `n` seeded start/goal pairs whose shortest path has at least `min_len` steps.
fn long_queries(shape: Shape, water: &[bool], min_len: u32, n: usize) -> Vec<(Pos, Pos, u32)> {
    let land: Vec<u32> = (0..shape.len() as u32)
        .filter(|&i| !water[i as usize])
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut out = Vec::new();
    for _ in 0..10_000 {
        if out.len() == n {
            break;
        }
        let s = shape.pos(land[rng.random_range(0..land.len())]);
        let g = shape.pos(land[rng.random_range(0..land.len())]);
        if let Some(d) = brute_bfs(shape, water, &[s])[shape.index(g) as usize]
            && d >= min_len
        {
            out.push((s, g, d));
        }
    }
    out
}

/// Minimum and median wall time of `runs` calls of `f`. On a heavily shared machine the
/// minimum approximates the unloaded cost (a short run often completes unpreempted).
fn min_median(runs: usize, mut f: impl FnMut()) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .collect();
    times.sort();
    (times[0], times[runs / 2])
}

fn us(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

fn successors(shape: Shape, water: &[bool], p: Pos) -> impl Iterator<Item = Pos> + '_ {
    Dir::ALL
        .into_iter()
        .filter_map(move |d| shape.step(p, d))
        .filter(move |n| !water[shape.index(*n) as usize])
}

fn bench_astar(c: &mut Criterion) {
    for (name, shape, water) in maps() {
        let queries = long_queries(shape, &water, 100, 10);
        let mut g = c.benchmark_group(format!("astar_long/{name}"));
        let mut astar = AStar::new(shape);
        g.bench_function("grid::AStar", |b| {
            b.iter(|| {
                for &(s, t, d) in &queries {
                    let p = astar.find(s, t, |i| !water[i as usize]).unwrap();
                    assert_eq!(p.cost, d);
                }
            });
        });
        g.bench_function("pathfinding::astar", |b| {
            b.iter(|| {
                for &(s, t, d) in &queries {
                    let (_, cost) = pathfinding::prelude::astar(
                        &s,
                        |&p| successors(shape, &water, p).map(|n| (n, 1u32)),
                        |&p| shape.manhattan(p, t),
                        |&p| p == t,
                    )
                    .unwrap();
                    assert_eq!(cost, d);
                }
            });
        });
        g.bench_function("pathfinding::bfs", |b| {
            b.iter(|| {
                for &(s, t, _) in &queries {
                    black_box(
                        pathfinding::prelude::bfs(
                            &s,
                            |&p| successors(shape, &water, p),
                            |&p| p == t,
                        )
                        .unwrap(),
                    );
                }
            });
        });
        g.finish();
    }
}

fn bench_flood(c: &mut Criterion) {
    let shape = Shape::new(200, 200, Topology::Torus);
    let water = vec![false; shape.len()];
    let start = Pos::new(100, 100);
    let mut g = c.benchmark_group("flood_200x200_torus");
    let mut ff = FloodFill::new(shape);
    g.bench_function("grid::FloodFill", |b| {
        b.iter(|| {
            let n = ff.fill([shape.index(start)], Limits::NONE, |i| !water[i as usize]);
            assert_eq!(n, 40_000);
        });
    });
    g.bench_function("pathfinding::bfs_reach", |b| {
        b.iter(|| {
            let n =
                pathfinding::prelude::bfs_reach(start, |&p| successors(shape, &water, p)).count();
            assert_eq!(n, 40_000);
        });
    });
    g.finish();
    let (ours, ours_med) = min_median(300, || {
        black_box(ff.fill([shape.index(start)], Limits::NONE, |i| !water[i as usize]));
    });
    let (theirs, theirs_med) = min_median(30, || {
        black_box(
            pathfinding::prelude::bfs_reach(start, |&p| successors(shape, &water, p)).count(),
        );
    });
    println!(
        "flood_200x200_torus min/median: grid::FloodFill {:.1}/{:.1} µs, pathfinding::bfs_reach {:.1}/{:.1} µs",
        us(ours),
        us(ours_med),
        us(theirs),
        us(theirs_med)
    );
}

fn bench_hpa(c: &mut Criterion) {
    for (name, shape, water) in maps() {
        let queries = long_queries(shape, &water, 100, 10);
        let mut g = c.benchmark_group(format!("hpa_long/{name}"));
        g.bench_function("clustering (Centered, 20)", |b| {
            b.iter(|| Hpa::from_terrain(shape, 20, Entrances::Centered, |i| water[i as usize]));
        });
        let mut hpa = Hpa::from_terrain(shape, 20, Entrances::Centered, |i| water[i as usize]);
        g.bench_function("grid::Hpa query (Centered, 20, uncached)", |b| {
            b.iter(|| {
                for &(s, t, _) in &queries {
                    black_box(hpa.find(s, t).unwrap());
                }
            });
        });
        g.bench_function("grid::Hpa query + smoothing", |b| {
            b.iter(|| {
                for &(s, t, _) in &queries {
                    let p = hpa.find(s, t).unwrap();
                    black_box(hpa.smooth(&p.cells, 40));
                }
            });
        });
        let mut astar = AStar::new(shape);
        g.bench_function("grid::AStar", |b| {
            b.iter(|| {
                for &(s, t, _) in &queries {
                    black_box(astar.find(s, t, |i| !water[i as usize]).unwrap());
                }
            });
        });
        g.bench_function("pathfinding::astar", |b| {
            b.iter(|| {
                for &(s, t, _) in &queries {
                    black_box(
                        pathfinding::prelude::astar(
                            &s,
                            |&p| successors(shape, &water, p).map(|n| (n, 1u32)),
                            |&p| shape.manhattan(p, t),
                            |&p| p == t,
                        )
                        .unwrap(),
                    );
                }
            });
        });
        g.finish();
        // Per-query minima (robust against load), summed over the queries; our A* first.
        let (mut t_astar, mut t_astar_med, mut t_pf) = (0.0, 0.0, 0.0);
        for &(s, t, _) in &queries {
            let (min, med) = min_median(20, || {
                black_box(astar.find(s, t, |i| !water[i as usize]));
            });
            t_astar += us(min);
            t_astar_med += us(med);
            t_pf += us(min_median(10, || {
                black_box(pathfinding::prelude::astar(
                    &s,
                    |&p| successors(shape, &water, p).map(|n| (n, 1u32)),
                    |&p| shape.manhattan(p, t),
                    |&p| p == t,
                ));
            })
            .0);
        }
        println!(
            "{name}: grid::AStar {t_astar:.1} µs (median {t_astar_med:.1}), pathfinding::astar {t_pf:.1} µs"
        );
        for (kind, size) in [
            (Entrances::Centered, 10),
            (Entrances::Centered, 14),
            (Entrances::Centered, 20),
            (Entrances::Corner, 10),
            (Entrances::Corner, 14),
            (Entrances::Corner, 20),
        ] {
            let cluster = min_median(5, || {
                black_box(Hpa::from_terrain(shape, size, kind, |i| water[i as usize]));
            });
            let fresh = Hpa::from_terrain(shape, size, kind, |i| water[i as usize]);
            let mut hpa = fresh.clone();
            let t0 = Instant::now();
            hpa.cache_paths();
            let caching = us(t0.elapsed()) / 1e3;
            let (mut full, mut full_med, mut first, mut first_med) = (0.0, 0.0, 0.0, 0.0);
            let mut cold = f64::MAX;
            for _ in 0..5 {
                // Cold: no cached abstract paths, one abstract search per query.
                let mut h = fresh.clone();
                let t0 = Instant::now();
                for &(s, t, _) in &queries {
                    black_box(h.find(s, t));
                }
                cold = cold.min(us(t0.elapsed()));
            }
            let (mut worst, mut raw, mut opt) = (0.0f64, 0, 0);
            for &(s, t, d) in &queries {
                let p = hpa.find(s, t).unwrap();
                assert_eq!(p.method, HpaMethod::Abstract);
                worst = worst.max(f64::from(p.cost - d) / f64::from(d));
                raw += p.cost;
                opt += d;
                let (min, med) = min_median(50, || {
                    black_box(hpa.find(s, t));
                });
                full += us(min);
                full_med += us(med);
                let (min, med) = min_median(50, || {
                    black_box(hpa.plan(s, t));
                });
                first += us(min);
                first_med += us(med);
            }
            println!(
                "{name} {kind:?}/{size}: cached: full path {full:.1} µs (median {full_med:.1}) = {:.1}x A*, first move {first:.1} µs (median {first_med:.1}) = {:.1}x A*; uncached full path {cold:.1} µs = {:.1}x A*; caching {caching:.2} ms; length +{:.1} % mean, +{:.1} % max; clustering {:.2} ms (median {:.2}); {} clusters, {} nodes, {} edges",
                t_astar / full,
                t_astar / first,
                t_astar / cold,
                100.0 * f64::from(raw - opt) / f64::from(opt),
                100.0 * worst,
                us(cluster.0) / 1e3,
                us(cluster.1) / 1e3,
                hpa.cluster_count(),
                hpa.node_count(),
                hpa.edge_count()
            );
        }
    }
}

criterion_group!(benches, bench_astar, bench_flood, bench_hpa);
criterion_main!(benches);

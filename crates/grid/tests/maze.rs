//! HPA* quality on the official Ants maze maps: for long queries (optimal ≥ 100 steps), the
//! smoothed HPA* path (Centered entrances, cluster 20) is valid and within 10 % of optimal.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{assert_valid_path, brute_bfs, load_ants_map, maps_dir};
use grid::{Entrances, Hpa};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn smoothed_hpa_within_ten_percent_on_maze_maps() {
    let dir = maps_dir().join("maze");
    let mut maps: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "map"))
        .collect();
    maps.sort();
    // Every 10th map keeps the test fast while spanning all player counts and sizes.
    let mut queries = 0;
    let (mut worst, mut total_hpa, mut total_opt) = (0.0f64, 0u64, 0u64);
    for path in maps.iter().step_by(10) {
        let (shape, water) = load_ants_map(path);
        let land: Vec<u32> = (0..shape.len() as u32)
            .filter(|&i| !water[i as usize])
            .collect();
        let mut hpa = Hpa::from_terrain(shape, 20, Entrances::Centered, |i| water[i as usize]);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut done = 0;
        for _ in 0..200 {
            if done == 5 {
                break;
            }
            let s = shape.pos(land[rng.random_range(0..land.len())]);
            let dist = brute_bfs(shape, &water, &[s]);
            let g = shape.pos(land[rng.random_range(0..land.len())]);
            let Some(opt) = dist[shape.index(g) as usize] else {
                continue;
            };
            if opt < 100 {
                continue;
            }
            let raw = hpa.find(s, g).unwrap();
            assert_valid_path(shape, &water, &raw.cells, s, g);
            let smooth = hpa.smooth(&raw.cells, 40);
            assert_valid_path(shape, &water, &smooth, s, g);
            let len = smooth.len() as u64 - 1;
            let ratio = len as f64 / f64::from(opt);
            assert!(
                ratio <= 1.10,
                "{}: {s:?} -> {g:?}: smoothed {len} (raw {}) vs optimal {opt}",
                path.display(),
                raw.cost
            );
            worst = worst.max(ratio);
            total_hpa += len;
            total_opt += u64::from(opt);
            done += 1;
            queries += 1;
        }
    }
    assert!(queries >= 40, "too few long queries: {queries}");
    println!("{queries} queries, worst ratio {worst:.3}, total {total_hpa} vs optimal {total_opt}");
}

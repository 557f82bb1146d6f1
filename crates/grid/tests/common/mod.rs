//! Shared code for the grid integration tests: random grids, brute-force BFS, path
//! validation and a tiny Ants `.map` terrain loader.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::VecDeque;
use std::path::{Path, PathBuf};

use grid::{Pos, Shape, Topology};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random grid: `water[i]` per cell.
pub fn random_water(shape: Shape, density_pct: u32, seed: u64) -> Vec<bool> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..shape.len())
        .map(|_| rng.random_range(0..100) < density_pct)
        .collect()
}

/// Brute-force multi-source BFS distances via `Shape::step` (no tables, no tricks).
pub fn brute_bfs(shape: Shape, water: &[bool], sources: &[Pos]) -> Vec<Option<u32>> {
    let mut dist = vec![None; shape.len()];
    let mut q = VecDeque::new();
    for &s in sources {
        let i = shape.index(s) as usize;
        if dist[i].is_none() {
            dist[i] = Some(0);
            q.push_back(s);
        }
    }
    while let Some(p) = q.pop_front() {
        let d = dist[shape.index(p) as usize].unwrap();
        for dir in grid::Dir::ALL {
            if let Some(n) = shape.step(p, dir) {
                let j = shape.index(n) as usize;
                if !water[j] && dist[j].is_none() {
                    dist[j] = Some(d + 1);
                    q.push_back(n);
                }
            }
        }
    }
    dist
}

/// Panics unless `path` is a valid walk from `from` to `to`: consecutive cells are one
/// step apart (wrapping on a torus), no cell is water.
pub fn assert_valid_path(shape: Shape, water: &[bool], path: &[Pos], from: Pos, to: Pos) {
    assert_eq!(path.first(), Some(&from), "path must start at {from}");
    assert_eq!(path.last(), Some(&to), "path must end at {to}");
    for w in path.windows(2) {
        let adjacent = grid::Dir::ALL
            .into_iter()
            .any(|d| shape.step(w[0], d) == Some(w[1]));
        assert!(adjacent, "{} -> {} is not one step", w[0], w[1]);
    }
    for p in &path[1..] {
        assert!(
            !water[shape.index(*p) as usize],
            "path crosses water at {p}"
        );
    }
}

/// The official Ants maps the repository carries (`data/ants/maps/`); a missing folder
/// fails the caller with its path.
pub fn maps_dir() -> PathBuf {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ants/maps"));
    assert!(
        dir.is_dir(),
        "official Ants maps missing: {} is not a folder (the repository carries them in data/ants/maps/)",
        dir.display()
    );
    dir.to_path_buf()
}

/// Reads the terrain of an Ants `.map` file: `rows`/`cols` headers and `m ` lines, `%` is
/// water (everything else land). The shape is a torus.
pub fn load_ants_map(path: &Path) -> (Shape, Vec<bool>) {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read map {}: {e}", path.display()));
    let mut rows = Vec::new();
    for line in text.lines() {
        if let Some(m) = line.strip_prefix("m ") {
            rows.push(m.trim_end().chars().map(|c| c == '%').collect::<Vec<_>>());
        }
    }
    let shape = Shape::new(rows.len() as u32, rows[0].len() as u32, Topology::Torus);
    (shape, rows.concat())
}

/// A deterministic 100×110 torus resembling the thesis's test map (§8.4): open ground with
/// blobby lakes and ridges (~25 % water), made by smoothing seeded noise with a cellular
/// automaton, then keeping only the largest land region (the rest becomes water).
pub fn thesis_map() -> (Shape, Vec<bool>) {
    let shape = Shape::new(100, 110, Topology::Torus);
    let mut water = random_water(shape, 42, 2012);
    for _ in 0..4 {
        let next: Vec<bool> = (0..shape.len() as u32)
            .map(|i| {
                let p = shape.pos(i);
                let mut n = 0;
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let q = shape.normalize(Pos::new(p.row + dr, p.col + dc)).unwrap();
                        n += u32::from(water[shape.index(q) as usize]);
                    }
                }
                n >= 5
            })
            .collect();
        water = next;
    }
    // Keep the largest land component.
    let mut comp = vec![usize::MAX; shape.len()];
    let mut best = (0, 0);
    for i in 0..shape.len() {
        if water[i] || comp[i] != usize::MAX {
            continue;
        }
        let d = brute_bfs(shape, &water, &[shape.pos(i as u32)]);
        let size = d.iter().filter(|x| x.is_some()).count();
        for (j, x) in d.iter().enumerate() {
            if x.is_some() {
                comp[j] = i;
            }
        }
        if size > best.0 {
            best = (size, i);
        }
    }
    let water = (0..shape.len()).map(|i| comp[i] != best.1).collect();
    (shape, water)
}

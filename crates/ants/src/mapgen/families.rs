//! The three families' terrain: water squares and hill candidates on a symmetric layout.

use std::collections::{BTreeMap, BTreeSet};

use grid::Shape;
use rand::Rng as _;
use rand_chacha::ChaCha8Rng;

use super::carve::{self, CellGraph, NONE};
use super::group::Group;

/// The terrain of one attempt: water per square, squares hills may take, and the
/// parameters drawn (for the file header).
pub(crate) struct Terrain {
    pub water: Vec<bool>,
    pub candidates: Vec<u32>,
    pub notes: Vec<String>,
}

fn torus_d2(shape: Shape, a: (f64, f64), b: (f64, f64)) -> f64 {
    let (rows, cols) = (f64::from(shape.rows), f64::from(shape.cols));
    let dr = (a.0 - b.0).abs();
    let dc = (a.1 - b.1).abs();
    let dr = dr.min(rows - dr);
    let dc = dc.min(cols - dc);
    dr * dr + dc * dc
}

/// Cell maze: random points (in symmetric orbits, at least `cell size` apart), each the
/// centre of a Voronoi room; water walls `wall width` wide between rooms; a maze carved
/// through the walls, plus loops by `openness`.
pub(crate) fn cell_maze(
    shape: Shape,
    group: &Group,
    rng: &mut ChaCha8Rng,
    openness: f64,
) -> Result<Terrain, String> {
    let n = shape.len();
    let spacing: f64 = rng.random_range(6.0..10.0);
    let width: f64 = rng.random_range(1.0..2.2);
    let mut points: Vec<u32> = Vec::new();
    let coords = |i: u32| (f64::from(i / shape.cols), f64::from(i % shape.cols));
    let tries = (60 * n) / (spacing * spacing) as usize + 50;
    let s2 = spacing * spacing;
    for _ in 0..tries {
        let x = rng.random_range(0..n as u32);
        let orbit = group.orbit(x);
        let fits = orbit.iter().enumerate().all(|(k, &p)| {
            let cp = coords(p);
            orbit[..k]
                .iter()
                .all(|&q| torus_d2(shape, cp, coords(q)) >= s2)
                && points.iter().all(|&q| torus_d2(shape, cp, coords(q)) >= s2)
        });
        if fits {
            points.extend(orbit);
        }
    }
    if points.len() < 2 * group.len() {
        return Err("too few cells".to_owned());
    }
    let pc: Vec<(f64, f64)> = points.iter().map(|&p| coords(p)).collect();
    let mut cell_of = vec![NONE; n];
    let mut edges: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    let mut water = vec![true; n];
    for i in 0..n as u32 {
        let c = coords(i);
        // The three nearest points.
        let mut top = [(f64::INFINITY, NONE); 3];
        for (k, &p) in pc.iter().enumerate() {
            let d = torus_d2(shape, c, p).sqrt();
            if d < top[2].0 {
                top[2] = (d, k as u32);
                if top[2].0 < top[1].0 {
                    top.swap(1, 2);
                }
                if top[1].0 < top[0].0 {
                    top.swap(0, 1);
                }
            }
        }
        let cutoff = top[0].0 + width;
        if top[1].0 > cutoff {
            cell_of[i as usize] = top[0].1;
            water[i as usize] = false;
        } else if top[2].0 > cutoff {
            let (a, b) = (top[0].1.min(top[1].1), top[0].1.max(top[1].1));
            edges.entry((a, b)).or_default().push(i);
        }
    }
    // A point whose own square is a wall (crowded) has no room: drop its edges.
    if points.iter().any(|&p| cell_of[p as usize] == NONE) {
        return Err("a cell centre lies on a wall".to_owned());
    }
    edges.retain(|_, v| v.len() >= 2);
    let graph = CellGraph {
        rep: points.clone(),
        cell_of,
        edges,
    };
    carve::carve_maze(&graph, group, rng, openness, &mut water)?;
    Ok(Terrain {
        water,
        candidates: points,
        notes: vec![
            format!("cell size {spacing:.2}"),
            format!("wall width {width:.2}"),
            format!("cells {}", graph.rep.len()),
        ],
    })
}

/// Block maze: rooms of `block × block` squares on a grid of period `2 block`, walls one
/// block thick; a maze carved between the rooms, loops and open corners by `openness`,
/// and rough wall edges.
pub(crate) fn maze(
    shape: Shape,
    group: &Group,
    rng: &mut ChaCha8Rng,
    openness: f64,
    block: u32,
) -> Result<Terrain, String> {
    let n = shape.len();
    let (nr, nc) = (shape.rows / (2 * block), shape.cols / (2 * block));
    if nr == 0
        || nc == 0
        || !shape.rows.is_multiple_of(2 * block)
        || !shape.cols.is_multiple_of(2 * block)
    {
        return Err(format!(
            "a {}x{} map does not fit blocks of {block}",
            shape.rows, shape.cols
        ));
    }
    let idx = |r: u32, c: u32| r * shape.cols + c;
    let square = |br: u32, bc: u32| -> Vec<u32> {
        let mut v = Vec::with_capacity((block * block) as usize);
        for r in 0..block {
            for c in 0..block {
                v.push(idx(br * block + r, bc * block + c));
            }
        }
        v
    };
    let mut water = vec![true; n];
    let mut cell_of = vec![NONE; n];
    let mut rep = Vec::new();
    for i in 0..nr {
        for j in 0..nc {
            let id = i * nc + j;
            let sq = square(2 * i, 2 * j);
            rep.push(sq[0]);
            for px in sq {
                cell_of[px as usize] = id;
                water[px as usize] = false;
            }
        }
    }
    let mut edges: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for i in 0..nr {
        for j in 0..nc {
            let id = i * nc + j;
            let south = ((i + 1) % nr) * nc + j;
            let east = i * nc + (j + 1) % nc;
            for (other, sq) in [
                (south, square(2 * i + 1, 2 * j)),
                (east, square(2 * i, 2 * j + 1)),
            ] {
                if other != id {
                    edges
                        .entry((id.min(other), id.max(other)))
                        .or_default()
                        .extend(sq);
                }
            }
        }
    }
    let graph = CellGraph {
        rep,
        cell_of,
        edges,
    };
    carve::carve_maze(&graph, group, rng, openness, &mut water)?;
    // Open some corner blocks (small plazas), the same in every orbit.
    let mut decided = BTreeSet::new();
    for i in 0..nr {
        for j in 0..nc {
            let sq = square(2 * i + 1, 2 * j + 1);
            if decided.contains(&sq[0]) {
                continue;
            }
            let open = rng.random_bool((openness * 0.5).clamp(0.0, 1.0));
            for g in group.elements() {
                let img: Vec<u32> = sq.iter().map(|&p| g.apply_index(p)).collect();
                if let Some(&m) = img.iter().min() {
                    decided.insert(top_left(shape, block, m));
                }
                if open {
                    for p in img {
                        water[p as usize] = false;
                    }
                }
            }
        }
    }
    carve::roughen(shape, group, rng, 0.3, &mut water);
    let candidates = graph
        .rep
        .iter()
        .map(|&p| p + block / 2 * (shape.cols + 1))
        .collect();
    Ok(Terrain {
        water,
        candidates,
        notes: vec![
            format!("block {block}"),
            format!("rooms {}", graph.rep.len()),
        ],
    })
}

/// The top-left square of the block holding square `p`.
fn top_left(shape: Shape, block: u32, p: u32) -> u32 {
    let (r, c) = (p / shape.cols, p % shape.cols);
    (r / block * block) * shape.cols + c / block * block
}

/// Random walk: open land with water blobs laid by random walkers (and their images)
/// until the water share `0.04 + 0.30 · (1 − openness)` is reached.
pub(crate) fn random_walk(
    shape: Shape,
    group: &Group,
    rng: &mut ChaCha8Rng,
    openness: f64,
) -> Result<Terrain, String> {
    let n = shape.len();
    let share = 0.04 + 0.30 * (1.0 - openness.clamp(0.0, 1.0));
    let target = (share * n as f64) as usize;
    let mut water = vec![false; n];
    let mut count = 0usize;
    let mut walkers = 0u32;
    let mut paint = |water: &mut Vec<bool>, p: u32| {
        for j in group.orbit(p) {
            if !water[j as usize] {
                water[j as usize] = true;
                count += 1;
            }
        }
        count
    };
    let mut filled = 0;
    while filled < target {
        walkers += 1;
        let mut p = rng.random_range(0..n as u32);
        let len = rng.random_range(20..120);
        for _ in 0..len {
            filled = paint(&mut water, p);
            if rng.random_bool(0.4) {
                let d = grid::Dir::ALL[rng.random_range(0..4)];
                if let Some(q) = shape.step_index(p, d) {
                    filled = paint(&mut water, q);
                }
            }
            let d = grid::Dir::ALL[rng.random_range(0..4)];
            p = shape.step_index(p, d).unwrap_or(p);
            if filled >= target {
                break;
            }
        }
        if walkers > 100_000 {
            return Err("random walk did not reach its water share".to_owned());
        }
    }
    // Hills only where the 3x3 block around them is land.
    let candidates = (0..n as u32)
        .filter(|&i| {
            let p = shape.pos(i);
            (-1..=1).all(|dr| {
                (-1..=1).all(|dc| {
                    shape
                        .normalize(grid::Pos::new(p.row + dr, p.col + dc))
                        .is_some_and(|q| !water[shape.index(q) as usize])
                })
            })
        })
        .collect();
    Ok(Terrain {
        water,
        candidates,
        notes: vec![
            format!("walkers {walkers}"),
            format!("water share {share:.2}"),
        ],
    })
}

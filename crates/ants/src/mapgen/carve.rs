//! Building blocks shared by the generators: symmetric maze carving over a cell graph,
//! keeping the main land area, and hill placement that meets the distance rules.

use std::collections::{BTreeMap, BTreeSet};

use grid::Shape;
use rand::Rng as _;
use rand::seq::SliceRandom as _;
use rand_chacha::ChaCha8Rng;

use super::group::Group;
use super::rules::{self, HILL_ATTACK_RADIUS2, MAX_HILL_STEPS, MIN_ENEMY_HILL_STEPS};

/// No cell at this square.
pub(crate) const NONE: u32 = u32::MAX;

/// Rooms (cells) of land separated by water walls; carving a wall joins two rooms.
pub(crate) struct CellGraph {
    /// One square of every cell.
    pub rep: Vec<u32>,
    /// The cell of every square, [`NONE`] for walls.
    pub cell_of: Vec<u32>,
    /// The wall squares between two cells `(a, b)`, `a ≤ b`.
    pub edges: BTreeMap<(u32, u32), Vec<u32>>,
}

struct UnionFind(Vec<u32>);

impl UnionFind {
    fn find(&mut self, mut x: u32) -> u32 {
        while self.0[x as usize] != x {
            let up = self.0[self.0[x as usize] as usize];
            self.0[x as usize] = up;
            x = up;
        }
        x
    }

    fn union(&mut self, a: u32, b: u32) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            self.0[a as usize] = b;
        }
    }
}

/// Carves a maze into `water` (cells already land): randomized Kruskal over the orbits of
/// the walls, so every wall and its images are carved together. A wall orbit is carved when
/// it joins two areas, or else with probability `openness` (a loop).
pub(crate) fn carve_maze(
    graph: &CellGraph,
    group: &Group,
    rng: &mut ChaCha8Rng,
    openness: f64,
    water: &mut [bool],
) -> Result<(), String> {
    let image = |g: usize, c: u32| -> Result<u32, String> {
        let px = group.elements()[g].apply_index(graph.rep[c as usize]);
        match graph.cell_of[px as usize] {
            NONE => Err("the cell layout is not symmetric".to_owned()),
            c => Ok(c),
        }
    };
    let mut order: Vec<(u32, u32)> = graph.edges.keys().copied().collect();
    order.shuffle(rng);
    let mut uf = UnionFind((0..graph.rep.len() as u32).collect());
    let mut decided = BTreeSet::new();
    for e in order {
        if decided.contains(&e) {
            continue;
        }
        let mut images = Vec::with_capacity(group.len());
        for g in 0..group.len() {
            let (a, b) = (image(g, e.0)?, image(g, e.1)?);
            images.push((a.min(b), a.max(b)));
        }
        let joins = images.iter().any(|&(a, b)| uf.find(a) != uf.find(b));
        let carve = joins || rng.random_bool(openness.clamp(0.0, 1.0));
        for (g, &(a, b)) in images.iter().enumerate() {
            decided.insert((a, b));
            if carve {
                uf.union(a, b);
                let t = group.elements()[g];
                for &px in &graph.edges[&e] {
                    water[t.apply_index(px) as usize] = false;
                }
            }
        }
    }
    Ok(())
}

/// Turns water squares next to land into land with probability `p`, the same for every
/// square of an orbit (rough wall edges).
pub(crate) fn roughen(
    shape: Shape,
    group: &Group,
    rng: &mut ChaCha8Rng,
    p: f64,
    water: &mut [bool],
) {
    let before = water.to_vec();
    let mut decided = vec![false; water.len()];
    for i in 0..water.len() as u32 {
        if decided[i as usize] || !before[i as usize] {
            continue;
        }
        let coast = grid::Dir::ALL
            .iter()
            .any(|&d| shape.step_index(i, d).is_some_and(|n| !before[n as usize]));
        let open = coast && rng.random_bool(p);
        for j in group.orbit(i) {
            decided[j as usize] = true;
            if open {
                water[j as usize] = false;
            }
        }
    }
}

/// Fills every land area but the largest with water. Fails when the largest is not unique
/// or not mapped onto itself by the group, or keeps less than `min_share` of the land.
pub(crate) fn keep_main_area(
    shape: Shape,
    group: &Group,
    water: &mut [bool],
    min_share: f64,
) -> Result<(), String> {
    let (label, count) = rules::label_components(shape, water);
    if count == 0 {
        return Err("no land".to_owned());
    }
    let mut sizes = vec![0usize; count];
    for &l in &label {
        if l != NONE {
            sizes[l as usize] += 1;
        }
    }
    let land: usize = sizes.iter().sum();
    let best = sizes.iter().copied().max().unwrap_or(0);
    let main: Vec<usize> = (0..count).filter(|&l| sizes[l] == best).collect();
    if main.len() != 1 {
        return Err(format!("{} land areas of equal size", main.len()));
    }
    let main = main[0] as u32;
    if (best as f64) < min_share * land as f64 {
        return Err(format!(
            "the main land area holds only {best} of {land} land squares"
        ));
    }
    let Some(rep) = label.iter().position(|&l| l == main) else {
        return Err("no land".to_owned());
    };
    if group
        .orbit(rep as u32)
        .iter()
        .any(|&j| label[j as usize] != main)
    {
        return Err("the main land area is not symmetric".to_owned());
    }
    for (w, l) in water.iter_mut().zip(&label) {
        if *l != main {
            *w = true;
        }
    }
    Ok(())
}

/// Hills: `per_player` orbits, hill `g_i(r)` of every orbit representative `r` belonging to
/// player `i`. Each orbit is the best of a sample of `candidates` (largest BFS distance to
/// the nearest enemy hill) that keeps every distance rule.
pub(crate) fn place_hills(
    shape: Shape,
    water: &[bool],
    group: &Group,
    rng: &mut ChaCha8Rng,
    per_player: u8,
    candidates: &[u32],
) -> Result<Vec<(u32, u8)>, String> {
    let land: Vec<u32> = candidates
        .iter()
        .copied()
        .filter(|&c| !water[c as usize])
        .collect();
    if land.is_empty() {
        return Err("no land for hills".to_owned());
    }
    let mut hills: Vec<(u32, u8)> = Vec::new();
    let mut first_dist: Option<Vec<u32>> = None;
    for _ in 0..per_player {
        let mut best: Option<(u32, Vec<u32>)> = None;
        for _ in 0..60 {
            let x = land[rng.random_range(0..land.len())];
            let mut orbit = group.orbit(x);
            let distinct: BTreeSet<u32> = orbit.iter().copied().collect();
            if distinct.len() != orbit.len() {
                continue;
            }
            // Player 0 takes the orbit square nearest its first hill.
            if let Some(d0) = &first_dist {
                let Some(k) = (0..orbit.len()).min_by_key(|&k| d0[orbit[k] as usize]) else {
                    continue;
                };
                let rep = orbit[k];
                orbit = group.orbit(rep);
            }
            let rep = orbit[0];
            let dist = rules::bfs_land(shape, water, rep);
            let mut ok = true;
            let mut nearest_enemy = u32::MAX;
            let others = hills
                .iter()
                .copied()
                .chain(orbit.iter().enumerate().skip(1).map(|(i, &h)| (h, i as u8)));
            for (h, owner) in others {
                let steps = dist[h as usize];
                let (a, b) = (shape.pos(rep), shape.pos(h));
                if steps > MAX_HILL_STEPS || shape.dist2(a, b) <= HILL_ATTACK_RADIUS2 {
                    ok = false;
                    break;
                }
                if owner != 0 {
                    if steps < MIN_ENEMY_HILL_STEPS {
                        ok = false;
                        break;
                    }
                    nearest_enemy = nearest_enemy.min(steps);
                }
            }
            if ok && best.as_ref().is_none_or(|(s, _)| nearest_enemy > *s) {
                best = Some((nearest_enemy, orbit));
            }
        }
        let Some((_, orbit)) = best else {
            return Err(if hills.is_empty() {
                "no hill position meets the distance rules".to_owned()
            } else {
                format!(
                    "no room for hill {} of each player within the distance rules",
                    hills.len() / group.len() + 1
                )
            });
        };
        if first_dist.is_none() {
            first_dist = Some(rules::bfs_land(shape, water, orbit[0]));
        }
        hills.extend(orbit.iter().enumerate().map(|(i, &h)| (h, i as u8)));
    }
    Ok(hills)
}

//! Barrier (chokepoint) search (thesis §4.8, Listing 4.8): the smallest straight line of
//! passable cells just beyond the view radius of a location that is its only exit.
//!
//! Steps: count the `amount` of cells within the view radius (flood fill); take the first
//! `amount + extra_tiles` cells in BFS order; from index `amount` on, try a vertical and a
//! horizontal barrier through each cell — the run of passable cells along that axis, ended
//! by impassable cells on both sides. A run shorter than `max_size` and than the best so far
//! is accepted if it is the only exit: with the run blocked, a flood fill from the location
//! reaches at most `max_enclosed` cells and fewer than without it. Runs that fail this
//! (expensive) test are cached per axis and not tried again.
//!
//! Choices where the thesis is silent: all barrier cells must lie outside the view radius;
//! `max_enclosed` (default 400 cells, a 20×20 base) bounds what counts as "enclosed".

use crate::core::{Dir, Pos, Shape};
use crate::flood::{FloodFill, Limits};
use crate::neighbours::NONE;

/// Parameters of [`BarrierSearch::find`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BarrierParams {
    /// Squared view radius: the barrier must lie beyond it (Ants default 77).
    pub view_radius2: u32,
    /// Barriers must have fewer cells than this (thesis: 5).
    pub max_size: usize,
    /// Cells beyond the view radius examined, in BFS order (thesis: 30).
    pub extra_tiles: u32,
    /// The blocked region may hold at most this many cells.
    pub max_enclosed: u32,
}

impl Default for BarrierParams {
    fn default() -> Self {
        Self {
            view_radius2: 77,
            max_size: 5,
            extra_tiles: 30,
            max_enclosed: 400,
        }
    }
}

/// A barrier: a straight run of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Barrier {
    /// The cells, in order along the run.
    pub cells: Vec<Pos>,
    /// True for a north–south run, false for east–west.
    pub vertical: bool,
}

/// Reusable barrier search over one map shape.
///
/// ```
/// use grid::{BarrierParams, BarrierSearch, Pos, Shape, Topology};
/// // A 30×30 room, walled off except for a 3-cell gap at rows 14..=16 in column 20.
/// let shape = Shape::new(30, 30, Topology::Bounded);
/// let open = |i: u32| { let p = shape.pos(i); p.col != 20 || (14..=16).contains(&p.row) };
/// let mut bs = BarrierSearch::new(shape);
/// let params = BarrierParams { max_enclosed: 700, extra_tiles: 400, ..BarrierParams::default() };
/// let b = bs.find(Pos::new(15, 5), params, open).unwrap();
/// assert!(b.vertical);
/// assert_eq!(b.cells, vec![Pos::new(14, 20), Pos::new(15, 20), Pos::new(16, 20)]);
/// ```
#[derive(Clone, Debug)]
pub struct BarrierSearch {
    flood: FloodFill,
    invalid: [Vec<u32>; 2],
    blocked: Vec<u32>,
    generation: u32,
}

impl BarrierSearch {
    /// A barrier search for maps of `shape`.
    pub fn new(shape: Shape) -> Self {
        Self {
            flood: FloodFill::new(shape),
            invalid: [vec![0; shape.len()], vec![0; shape.len()]],
            blocked: vec![0; shape.len()],
            generation: 0,
        }
    }

    /// The smallest valid barrier protecting `protect`, or `None`.
    pub fn find(
        &mut self,
        protect: Pos,
        params: BarrierParams,
        mut passable: impl FnMut(u32) -> bool,
    ) -> Option<Barrier> {
        let shape = self.flood.shape();
        let origin = shape.index(shape.normalize(protect)?);
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            for v in self.invalid.iter_mut().chain([&mut self.blocked]) {
                v.fill(0);
            }
            self.generation = 1;
        }
        let generation = self.generation;
        let amount = self.flood.fill(
            [origin],
            Limits::radius2(params.view_radius2),
            &mut passable,
        ) as u32;
        let limits = Limits {
            max_cells: amount + params.extra_tiles,
            ..Limits::NONE
        };
        self.flood.fill([origin], limits, &mut passable);
        let candidates: Vec<u32> = self.flood.visited()[amount as usize..].to_vec();
        let cap = params.max_enclosed + 1;
        let unblocked = self.flood.fill(
            [origin],
            Limits {
                max_cells: cap,
                ..Limits::NONE
            },
            &mut passable,
        );
        let mut best: Option<(Vec<u32>, bool)> = None;
        for &t in &candidates {
            for (axis, vertical) in [(0usize, true), (1, false)] {
                if self.invalid[axis][t as usize] == generation {
                    continue;
                }
                let limit = best
                    .as_ref()
                    .map_or(params.max_size, |(b, _)| b.len())
                    .min(params.max_size);
                let Some(run) = self.run_through(t, vertical, limit, &mut passable) else {
                    continue;
                };
                let nb = self.flood.neighbours();
                if run
                    .iter()
                    .any(|&c| c == origin || nb.dist2(origin, c) <= params.view_radius2)
                {
                    continue;
                }
                for &c in &run {
                    self.blocked[c as usize] = generation;
                }
                let blocked = &self.blocked;
                let enclosed = self.flood.fill(
                    [origin],
                    Limits {
                        max_cells: cap,
                        ..Limits::NONE
                    },
                    |i| blocked[i as usize] != generation && passable(i),
                );
                for &c in &run {
                    self.blocked[c as usize] = 0;
                }
                if enclosed <= params.max_enclosed as usize && enclosed < unblocked {
                    best = Some((run, vertical));
                } else {
                    for &c in &run {
                        self.invalid[axis][c as usize] = generation;
                    }
                }
            }
        }
        best.map(|(cells, vertical)| Barrier {
            cells: cells.into_iter().map(|c| shape.pos(c)).collect(),
            vertical,
        })
    }

    /// The passable run through `t` along one axis, ordered north→south or west→east, if
    /// it is closed by impassable cells (or the edge of a bounded map) on both ends and
    /// shorter than `limit`.
    fn run_through(
        &self,
        t: u32,
        vertical: bool,
        limit: usize,
        passable: &mut impl FnMut(u32) -> bool,
    ) -> Option<Vec<u32>> {
        let nb = self.flood.neighbours();
        let (back, fwd) = if vertical {
            (Dir::N, Dir::S)
        } else {
            (Dir::W, Dir::E)
        };
        let mut before = Vec::new();
        let mut cur = t;
        loop {
            let n = nb.of(cur)[back.index()];
            if n == NONE || !passable(n) {
                break;
            }
            before.push(n);
            if before.len() + 1 >= limit || n == t {
                return None;
            }
            cur = n;
        }
        let mut run: Vec<u32> = before.into_iter().rev().collect();
        run.push(t);
        cur = t;
        loop {
            let n = nb.of(cur)[fwd.index()];
            if n == NONE || !passable(n) {
                break;
            }
            run.push(n);
            if run.len() >= limit || n == t {
                return None;
            }
            cur = n;
        }
        (run.len() < limit).then_some(run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Topology;

    #[test]
    fn no_barrier_in_open_field_and_prefers_the_narrower_gap() {
        let shape = Shape::new(30, 30, Topology::Torus);
        let mut bs = BarrierSearch::new(shape);
        assert_eq!(
            bs.find(Pos::new(5, 5), BarrierParams::default(), |_| true),
            None
        );
        // A closed box (rows 5..=25, cols 5..=25 walls) with two exits: a 2-gap east and
        // a 4-gap south. Neither alone is the only exit, so no barrier.
        let wall = move |p: Pos| {
            let on_box = ((p.row == 4 || p.row == 26) && (4..=26).contains(&p.col))
                || ((p.col == 4 || p.col == 26) && (4..=26).contains(&p.row));
            let east_gap = p.col == 26 && (14..=15).contains(&p.row);
            let south_gap = p.row == 26 && (10..=13).contains(&p.col);
            on_box && !east_gap && !south_gap
        };
        let params = BarrierParams {
            max_enclosed: 500,
            extra_tiles: 400,
            ..BarrierParams::default()
        };
        let found = bs.find(Pos::new(15, 15), params, |i| !wall(shape.pos(i)));
        assert_eq!(found, None);
        // Close the south gap: the east gap becomes the barrier.
        let closed = move |p: Pos| wall(p) || (p.row == 26 && (10..=13).contains(&p.col));
        let found = bs
            .find(Pos::new(15, 15), params, |i| !closed(shape.pos(i)))
            .unwrap();
        assert_eq!(found.cells, vec![Pos::new(14, 26), Pos::new(15, 26)]);
    }
}

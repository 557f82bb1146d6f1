//! Breadth-first flood fill: multi-source, with step, squared-radius and cell-count limits,
//! an early-exit goal test, and distance / first-move / source fields.
//!
//! One [`FloodFill`] is built per map shape and reused for every search: visited marks are
//! generation-stamped, so a new search costs nothing to reset and allocates nothing.

use crate::core::{Dir, Grid, Pos, Shape};
use crate::neighbours::{NONE, Neighbours};

/// Limits of one flood fill; the default is unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Cells farther than this many steps from their source are not entered.
    pub max_steps: u32,
    /// Cells whose squared Euclidean distance to their own source exceeds this are not
    /// entered (Ants radii are squared).
    pub max_dist2: u32,
    /// The fill stops after this many cells have been reached (sources included).
    pub max_cells: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self::NONE
    }
}

impl Limits {
    /// No limit at all.
    pub const NONE: Limits = Limits {
        max_steps: u32::MAX,
        max_dist2: u32::MAX,
        max_cells: u32::MAX,
    };

    /// Only a step limit.
    pub const fn steps(max_steps: u32) -> Self {
        Limits {
            max_steps,
            ..Self::NONE
        }
    }

    /// Only a squared-radius limit (relative to each cell's source).
    pub const fn radius2(max_dist2: u32) -> Self {
        Limits {
            max_dist2,
            ..Self::NONE
        }
    }
}

/// A reusable breadth-first search over one grid shape.
///
/// ```
/// use grid::{FloodFill, Limits, Pos, Shape, Topology};
/// let shape = Shape::new(5, 5, Topology::Torus);
/// let wall = shape.index(Pos::new(0, 1));
/// let mut ff = FloodFill::new(shape);
/// // Nearest cell in column 3 from (0,0), walking around the wall at (0,1).
/// let found = ff.search([shape.index(Pos::new(0, 0))], Limits::NONE, |i| i != wall, |i| i % 5 == 3);
/// assert_eq!(found.map(|i| shape.pos(i)), Some(Pos::new(0, 3)));
/// assert_eq!(ff.dist(shape.index(Pos::new(0, 3))), Some(2)); // west around the torus
/// ```
#[derive(Clone, Debug)]
pub struct FloodFill {
    nb: Neighbours,
    /// Generation stamp per cell: reached by the current search iff equal to `generation`.
    stamp: Vec<u32>,
    dist: Vec<u32>,
    parent: Vec<u32>,
    /// `source << 3 | first_dir`, with first_dir 4 meaning "is a source".
    src_dir: Vec<u32>,
    generation: u32,
    order: Vec<u32>,
    sources: Vec<u32>,
}

impl FloodFill {
    /// A flood fill for grids of `shape` (allocates its buffers once).
    pub fn new(shape: Shape) -> Self {
        Self::with_neighbours(Neighbours::new(shape))
    }

    /// A flood fill reusing an already built neighbour table.
    pub fn with_neighbours(nb: Neighbours) -> Self {
        let n = nb.shape().len();
        Self {
            nb,
            stamp: vec![0; n],
            dist: vec![0; n],
            parent: vec![NONE; n],
            src_dir: vec![0; n],
            generation: 0,
            order: Vec::with_capacity(n),
            sources: Vec::new(),
        }
    }

    /// The shape this flood fill works on.
    pub const fn shape(&self) -> Shape {
        self.nb.shape()
    }

    /// The neighbour table.
    pub const fn neighbours(&self) -> &Neighbours {
        &self.nb
    }

    fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        self.order.clear();
        self.sources.clear();
    }

    /// Fills from `sources` (flat indices; always entered, even if not passable) into every
    /// passable cell within `limits`. Returns the number of cells reached.
    pub fn fill(
        &mut self,
        sources: impl IntoIterator<Item = u32>,
        limits: Limits,
        passable: impl FnMut(u32) -> bool,
    ) -> usize {
        self.search(sources, limits, passable, |_| false);
        self.order.len()
    }

    /// Like [`FloodFill::fill`] but stops at the first reached cell satisfying `goal`
    /// (sources included) and returns it: the goal nearest to any source, ties broken by
    /// source order then by N, E, S, W expansion order.
    pub fn search(
        &mut self,
        sources: impl IntoIterator<Item = u32>,
        limits: Limits,
        mut passable: impl FnMut(u32) -> bool,
        mut goal: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        self.next_generation();
        let generation = self.generation;
        let max_cells = limits.max_cells as usize;
        for s in sources {
            let su = s as usize;
            if self.stamp[su] == generation || self.order.len() >= max_cells {
                continue;
            }
            let k = self.sources.len() as u32;
            self.stamp[su] = generation;
            self.dist[su] = 0;
            self.parent[su] = NONE;
            self.src_dir[su] = (k << 3) | 4;
            self.sources.push(s);
            self.order.push(s);
            if goal(s) {
                return Some(s);
            }
        }
        let check_radius = limits.max_dist2 != u32::MAX;
        let mut head = 0;
        while head < self.order.len() {
            let i = self.order[head];
            head += 1;
            let iu = i as usize;
            let dist = self.dist[iu];
            if dist >= limits.max_steps {
                continue;
            }
            let src_dir = self.src_dir[iu];
            let is_source = src_dir & 7 == 4;
            let source_cell = if check_radius {
                self.sources[(src_dir >> 3) as usize]
            } else {
                NONE
            };
            for (d, j) in self.nb.of(i).into_iter().enumerate() {
                if j == NONE || self.stamp[j as usize] == generation {
                    continue;
                }
                if check_radius && self.nb.dist2(source_cell, j) > limits.max_dist2 {
                    continue;
                }
                if !passable(j) {
                    continue;
                }
                let ju = j as usize;
                self.stamp[ju] = generation;
                self.dist[ju] = dist + 1;
                self.parent[ju] = i;
                self.src_dir[ju] = if is_source {
                    (src_dir & !7) | d as u32
                } else {
                    src_dir
                };
                self.order.push(j);
                if goal(j) {
                    return Some(j);
                }
                if self.order.len() >= max_cells {
                    return None;
                }
            }
        }
        None
    }

    /// True when the last search reached cell `i`.
    #[inline]
    pub fn reached(&self, i: u32) -> bool {
        self.stamp[i as usize] == self.generation && self.generation != 0
    }

    /// Steps from the nearest source to `i`, if the last search reached it.
    #[inline]
    pub fn dist(&self, i: u32) -> Option<u32> {
        self.reached(i).then(|| self.dist[i as usize])
    }

    /// The first step a unit at the source of `i` takes towards `i` (`None` for sources
    /// and unreached cells).
    #[inline]
    pub fn first_dir(&self, i: u32) -> Option<Dir> {
        let sd = self.src_dir[i as usize];
        (self.reached(i) && sd & 7 != 4).then(|| Dir::ALL[(sd & 7) as usize])
    }

    /// Which source reached `i` first, as a position in the deduplicated source list
    /// ([`FloodFill::sources`]).
    #[inline]
    pub fn source_of(&self, i: u32) -> Option<usize> {
        self.reached(i)
            .then(|| (self.src_dir[i as usize] >> 3) as usize)
    }

    /// The cell before `i` on its shortest path (`None` for sources and unreached cells).
    #[inline]
    pub fn parent(&self, i: u32) -> Option<u32> {
        let p = self.parent[i as usize];
        (self.reached(i) && p != NONE).then_some(p)
    }

    /// The sources of the last search (duplicates removed), in the given order.
    pub fn sources(&self) -> &[u32] {
        &self.sources
    }

    /// Every cell reached by the last search, in breadth-first order.
    pub fn visited(&self) -> &[u32] {
        &self.order
    }

    /// The shortest path from the source of `i` to `i` (both included), if reached.
    pub fn path_to(&self, i: u32) -> Option<Vec<Pos>> {
        if !self.reached(i) {
            return None;
        }
        let shape = self.shape();
        let mut path = vec![shape.pos(i)];
        let mut cur = i;
        while let Some(p) = self.parent(cur) {
            path.push(shape.pos(p));
            cur = p;
        }
        path.reverse();
        Some(path)
    }

    /// The distance field of the last search; `unreached` where it did not get to.
    pub fn distance_grid(&self, unreached: u32) -> Grid<u32> {
        let shape = self.shape();
        let cells = (0..shape.len() as u32)
            .map(|i| self.dist(i).unwrap_or(unreached))
            .collect();
        Grid::from_vec(shape, cells).unwrap_or_else(|| Grid::new(shape, unreached))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Topology;

    #[test]
    fn limits_and_fields() {
        let s = Shape::new(9, 9, Topology::Bounded);
        let mut ff = FloodFill::new(s);
        let c = s.index(Pos::new(4, 4));
        assert_eq!(ff.fill([c], Limits::steps(1), |_| true), 5);
        assert_eq!(ff.fill([c], Limits::radius2(2), |_| true), 9);
        assert_eq!(ff.fill([c], Limits::NONE, |_| true), 81);
        let corner = s.index(Pos::new(0, 0));
        assert_eq!(ff.dist(corner), Some(8));
        assert_eq!(ff.source_of(corner), Some(0));
        assert!(matches!(ff.first_dir(corner), Some(Dir::N | Dir::W)));
        assert_eq!(ff.first_dir(c), None);
        assert_eq!(ff.path_to(corner).map(|p| p.len()), Some(9));
        let limited = Limits {
            max_cells: 7,
            ..Limits::NONE
        };
        assert_eq!(ff.fill([c], limited, |_| true), 7);
    }

    #[test]
    fn two_sources_split_the_grid() {
        let s = Shape::new(1, 10, Topology::Bounded);
        let mut ff = FloodFill::new(s);
        ff.fill([0, 9], Limits::NONE, |_| true);
        assert_eq!(ff.source_of(3), Some(0));
        assert_eq!(ff.source_of(6), Some(1));
        assert_eq!(ff.first_dir(6), Some(Dir::W));
        assert_eq!(ff.first_dir(3), Some(Dir::E));
        // Reuse: a new search forgets the old one.
        ff.fill([5], Limits::steps(0), |_| true);
        assert_eq!(ff.dist(0), None);
        assert_eq!(ff.dist(5), Some(0));
    }
}

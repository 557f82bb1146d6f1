//! Breadth-first flood fill: multi-source, with step, squared-radius and cell-count limits,
//! an early-exit goal test, and distance / first-move / source fields.
//!
//! One [`FloodFill`] is built per map shape and reused for every search: visited marks are
//! stamps that double as distances (`base + dist`, with `base` moving past the previous
//! search), so a new search costs nothing to reset and allocates nothing. Per cell the fill
//! keeps 8 bytes (mark + packed source / first move / parent step); a fill without goal
//! and limits runs a lean loop over the breadth-first order, which doubles as the queue.

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

/// Bits of [`Cell::info`]: the first move (0..4 = [`Dir::ALL`] index, [`FIRST_SOURCE`] for a
/// source) in bits 0..3, the direction of the step parent → cell in bits 3..5, and the
/// source's position in [`FloodFill::sources`] from bit [`SOURCE_SHIFT`] on.
const FIRST_MASK: u32 = 0b111;
/// First-move value marking a source.
const FIRST_SOURCE: u32 = 4;
/// Shift of the parent-step direction in [`Cell::info`].
const STEP_SHIFT: u32 = 3;
/// Shift of the source position in [`Cell::info`].
const SOURCE_SHIFT: u32 = 5;

/// Everything the fill records about one cell, packed into 8 bytes so that the visited
/// test and the writes for a newly reached cell touch one cache line.
#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    /// `base + distance` when reached by the current search; anything below `base` means
    /// "not reached" (stamps only grow between resets, so older searches stay below).
    mark: u32,
    /// First move, parent-step direction and source position (see [`FIRST_MASK`]).
    info: u32,
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
    /// Per-cell record; distance and visited mark share one word (see [`Cell::mark`]).
    cells: Vec<Cell>,
    /// Mark of distance 0 in the current search; starts at 1 so nothing is reached before
    /// the first search.
    base: u32,
    /// Reached cells in breadth-first order; doubles as the queue.
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
            cells: vec![Cell::default(); n],
            base: 1,
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

    /// Starts a new search: moves `base` past every mark of the previous one (resetting
    /// all marks when the counter would overflow) and clears the queue.
    fn next_generation(&mut self) {
        let last = self
            .order
            .last()
            .map_or(self.base, |&i| self.cells[i as usize].mark);
        let n = u32::try_from(self.cells.len()).unwrap_or(u32::MAX);
        match last.checked_add(1) {
            Some(next) if next.checked_add(n).is_some() => self.base = next.max(self.base),
            _ => {
                self.cells.fill(Cell::default());
                self.base = 1;
            }
        }
        self.order.clear();
        self.sources.clear();
    }

    /// Marks the deduplicated `sources` as reached at distance 0 (up to `max_cells`) and
    /// returns the first one satisfying `goal`, if any.
    fn seed(
        &mut self,
        sources: impl IntoIterator<Item = u32>,
        max_cells: usize,
        mut goal: impl FnMut(u32) -> bool,
    ) -> Option<u32> {
        let base = self.base;
        for s in sources {
            let cell = &mut self.cells[s as usize];
            if cell.mark >= base || self.order.len() >= max_cells {
                continue;
            }
            let k = u32::try_from(self.sources.len()).unwrap_or(u32::MAX);
            debug_assert!(k < 1 << (32 - SOURCE_SHIFT), "too many sources");
            *cell = Cell {
                mark: base,
                info: (k << SOURCE_SHIFT) | FIRST_SOURCE,
            };
            self.sources.push(s);
            self.order.push(s);
            if goal(s) {
                return Some(s);
            }
        }
        None
    }

    /// Fills from `sources` (flat indices; always entered, even if not passable) into every
    /// passable cell within `limits`. Returns the number of cells reached.
    pub fn fill(
        &mut self,
        sources: impl IntoIterator<Item = u32>,
        limits: Limits,
        mut passable: impl FnMut(u32) -> bool,
    ) -> usize {
        if limits != Limits::NONE {
            self.search(sources, limits, passable, |_| false);
            return self.order.len();
        }
        self.next_generation();
        self.seed(sources, usize::MAX, |_| false);
        let base = self.base;
        // Lean path: no goal and no limits, so the loop only tests, stamps and enqueues.
        let mut head = 0;
        while let Some(&i) = self.order.get(head) {
            head += 1;
            let Cell { mark, info } = self.cells[i as usize];
            let next_mark = mark + 1;
            let is_source = info & FIRST_MASK == FIRST_SOURCE;
            let inherited = info & !(FIRST_MASK | (3 << STEP_SHIFT));
            for (d, j) in (0u32..).zip(self.nb.around(i)) {
                let Some(cell) = self.cells.get_mut(j as usize) else {
                    continue; // NONE: off a bounded grid
                };
                if cell.mark >= base || !passable(j) {
                    continue;
                }
                let first = if is_source { d } else { info & FIRST_MASK };
                *cell = Cell {
                    mark: next_mark,
                    info: inherited | (d << STEP_SHIFT) | first,
                };
                self.order.push(j);
            }
        }
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
        let base = self.base;
        let max_cells = limits.max_cells as usize;
        if let Some(found) = self.seed(sources, max_cells, &mut goal) {
            return Some(found);
        }
        let check_radius = limits.max_dist2 != u32::MAX;
        let mut head = 0;
        while let Some(&i) = self.order.get(head) {
            head += 1;
            let Cell { mark, info } = self.cells[i as usize];
            if mark - base >= limits.max_steps {
                continue;
            }
            let next_mark = mark + 1;
            let is_source = info & FIRST_MASK == FIRST_SOURCE;
            let inherited = info & !(FIRST_MASK | (3 << STEP_SHIFT));
            let source_cell = if check_radius {
                self.sources[(info >> SOURCE_SHIFT) as usize]
            } else {
                NONE
            };
            for (d, j) in (0u32..).zip(self.nb.around(i)) {
                let Some(cell) = self.cells.get(j as usize) else {
                    continue; // NONE: off a bounded grid
                };
                if cell.mark >= base {
                    continue;
                }
                if check_radius && self.nb.dist2(source_cell, j) > limits.max_dist2 {
                    continue;
                }
                if !passable(j) {
                    continue;
                }
                let first = if is_source { d } else { info & FIRST_MASK };
                self.cells[j as usize] = Cell {
                    mark: next_mark,
                    info: inherited | (d << STEP_SHIFT) | first,
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
        self.cells[i as usize].mark >= self.base
    }

    /// The record of `i` if the last search reached it.
    #[inline]
    fn cell(&self, i: u32) -> Option<Cell> {
        let c = self.cells[i as usize];
        (c.mark >= self.base).then_some(c)
    }

    /// Steps from the nearest source to `i`, if the last search reached it.
    #[inline]
    pub fn dist(&self, i: u32) -> Option<u32> {
        self.cell(i).map(|c| c.mark - self.base)
    }

    /// The first step a unit at the source of `i` takes towards `i` (`None` for sources
    /// and unreached cells).
    #[inline]
    pub fn first_dir(&self, i: u32) -> Option<Dir> {
        let first = self.cell(i)?.info & FIRST_MASK;
        (first != FIRST_SOURCE).then(|| Dir::ALL[first as usize])
    }

    /// Which source reached `i` first, as a position in the deduplicated source list
    /// ([`FloodFill::sources`]).
    #[inline]
    pub fn source_of(&self, i: u32) -> Option<usize> {
        self.cell(i).map(|c| (c.info >> SOURCE_SHIFT) as usize)
    }

    /// The cell before `i` on its shortest path (`None` for sources and unreached cells).
    #[inline]
    pub fn parent(&self, i: u32) -> Option<u32> {
        let info = self.cell(i)?.info;
        if info & FIRST_MASK == FIRST_SOURCE {
            return None;
        }
        // The parent stepped in direction `d` to reach `i`, so it is `i`'s neighbour in
        // the opposite direction (steps are symmetric on bounded grids and tori).
        let d = Dir::ALL[((info >> STEP_SHIFT) & 3) as usize];
        Some(self.nb.of(i)[d.opposite().index()])
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

    /// Checks every reached cell's record against its parent: the parent is a passable
    /// neighbour one step nearer, from the same source, with the same first move (or the
    /// move out of the source when the parent is the source).
    fn assert_consistent(ff: &FloodFill, water: &[bool]) {
        let nb = ff.neighbours();
        for &i in ff.visited() {
            let d = ff.dist(i).unwrap();
            let Some(p) = ff.parent(i) else {
                assert_eq!(d, 0);
                assert!(ff.sources().contains(&i));
                assert_eq!(ff.first_dir(i), None);
                continue;
            };
            assert!(!water[i as usize]);
            assert_eq!(ff.dist(p), Some(d - 1), "parent of {i}");
            assert_eq!(ff.source_of(p), ff.source_of(i));
            let step = nb.dir_between(p, i).unwrap();
            let expect_first = if d == 1 { Some(step) } else { ff.first_dir(p) };
            assert_eq!(ff.first_dir(i), expect_first, "first move of {i}");
            let path = ff.path_to(i).unwrap();
            assert_eq!(path.len() as u32, d + 1);
            let src = ff.sources()[ff.source_of(i).unwrap()];
            assert_eq!(ff.shape().index(path[0]), src);
        }
    }

    /// Distances by a plain breadth-first search over [`Shape::step`] (sources always
    /// entered, water never entered otherwise).
    fn brute_distances(s: Shape, srcs: &[u32], water: &[bool]) -> Vec<Option<u32>> {
        let mut dist = vec![None; s.len()];
        let mut queue = std::collections::VecDeque::new();
        for &src in srcs {
            if dist[src as usize].is_none() {
                dist[src as usize] = Some(0);
                queue.push_back(src);
            }
        }
        while let Some(i) = queue.pop_front() {
            let d = dist[i as usize].unwrap();
            for dir in Dir::ALL {
                if let Some(j) = s.step_index(i, dir)
                    && !water[j as usize]
                    && dist[j as usize].is_none()
                {
                    dist[j as usize] = Some(d + 1);
                    queue.push_back(j);
                }
            }
        }
        dist
    }

    /// The lean unlimited path and the general path (forced by a limit that never bites)
    /// record identical fields and visit in the same order, on both topologies (1×N, N×1,
    /// odd sizes, 0–40 % water), with brute-force distances.
    #[test]
    fn lean_fill_matches_general_search() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for topo in [Topology::Bounded, Topology::Torus] {
            for (rows, cols, density) in [
                (1, 1, 0),
                (1, 6, 10),
                (6, 1, 0),
                (1, 9, 40),
                (2, 2, 20),
                (3, 5, 0),
                (7, 9, 25),
                (23, 17, 40),
                (31, 29, 15),
            ] {
                let s = Shape::new(rows, cols, topo);
                let water: Vec<bool> = (0..s.len())
                    .map(|_| rng.random_range(0..100) < density)
                    .collect();
                let srcs: Vec<u32> = (0..3)
                    .map(|_| rng.random_range(0..s.len() as u32))
                    .collect();
                let mut lean = FloodFill::new(s);
                let mut general = FloodFill::new(s);
                let n = lean.fill(srcs.iter().copied(), Limits::NONE, |i| !water[i as usize]);
                let never = Limits::steps(u32::MAX - 1);
                let m = general.fill(srcs.iter().copied(), never, |i| !water[i as usize]);
                assert_eq!(n, m);
                assert_eq!(lean.visited(), general.visited());
                for i in 0..s.len() as u32 {
                    assert_eq!(lean.dist(i), general.dist(i));
                    assert_eq!(lean.parent(i), general.parent(i));
                    assert_eq!(lean.source_of(i), general.source_of(i));
                    assert_eq!(lean.first_dir(i), general.first_dir(i));
                }
                let brute = brute_distances(s, &srcs, &water);
                for i in 0..s.len() as u32 {
                    assert_eq!(
                        lean.dist(i),
                        brute[i as usize],
                        "{rows}x{cols} {topo:?} cell {i}"
                    );
                }
                let water_off_sources: Vec<bool> = (0..s.len() as u32)
                    .map(|i| water[i as usize] && !srcs.contains(&i))
                    .collect();
                assert_consistent(&lean, &water_off_sources);
                assert_consistent(&general, &water_off_sources);
            }
        }
    }

    /// Marks stay correct across many reuses, including when the stamp counter runs out
    /// and every mark is reset.
    #[test]
    fn stamps_survive_reuse_and_overflow() {
        let s = Shape::new(6, 6, Topology::Torus);
        let mut ff = FloodFill::new(s);
        assert!(!ff.reached(0));
        ff.base = u32::MAX - 100;
        for round in 0..40u32 {
            let src = round % 36;
            let reached = if round % 2 == 0 {
                ff.fill([src], Limits::NONE, |_| true)
            } else {
                ff.fill([src], Limits::steps(1), |_| true)
            };
            assert_eq!(reached, if round % 2 == 0 { 36 } else { 5 });
            let reached_now = (0..36).filter(|&i| ff.reached(i)).count();
            assert_eq!(reached_now, reached, "round {round}");
            assert_eq!(ff.dist(src), Some(0));
            for i in 0..36 {
                if let Some(d) = ff.dist(i) {
                    assert_eq!(d, ff.neighbours().manhattan(src, i));
                }
            }
        }
        assert!(ff.base < 1000, "the counter wrapped and restarted");
    }
}

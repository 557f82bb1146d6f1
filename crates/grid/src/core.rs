//! Positions, directions, shapes (dimensions + topology) and the flat grid container.

use std::fmt;
use std::ops::{Index, IndexMut};

/// A cell position: row (y, from the top) and column (x, from the left).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos {
    /// Row index, 0 at the top.
    pub row: i32,
    /// Column index, 0 at the left.
    pub col: i32,
}

impl Pos {
    /// Creates a position from row and column.
    pub const fn new(row: i32, col: i32) -> Self {
        Self { row, col }
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// One of the four compass directions. North is towards row 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Up (row − 1).
    N,
    /// Right (col + 1).
    E,
    /// Down (row + 1).
    S,
    /// Left (col − 1).
    W,
}

impl Dir {
    /// All four directions in the order N, E, S, W.
    pub const ALL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    /// The (row, col) offset of one step in this direction.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::N => (-1, 0),
            Dir::E => (0, 1),
            Dir::S => (1, 0),
            Dir::W => (0, -1),
        }
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::N => Dir::S,
            Dir::E => Dir::W,
            Dir::S => Dir::N,
            Dir::W => Dir::E,
        }
    }

    /// The direction after a quarter turn to the left (counter-clockwise).
    #[must_use]
    pub const fn left(self) -> Dir {
        match self {
            Dir::N => Dir::W,
            Dir::E => Dir::N,
            Dir::S => Dir::E,
            Dir::W => Dir::S,
        }
    }

    /// The direction after a quarter turn to the right (clockwise).
    #[must_use]
    pub const fn right(self) -> Dir {
        match self {
            Dir::N => Dir::E,
            Dir::E => Dir::S,
            Dir::S => Dir::W,
            Dir::W => Dir::N,
        }
    }

    /// Index 0..4 in the order of [`Dir::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter `N`, `E`, `S` or `W` (as in the Ants protocol).
    pub const fn letter(self) -> char {
        match self {
            Dir::N => 'N',
            Dir::E => 'E',
            Dir::S => 'S',
            Dir::W => 'W',
        }
    }

    /// Parses `N`/`E`/`S`/`W` (either case).
    pub fn from_letter(c: char) -> Option<Dir> {
        match c.to_ascii_uppercase() {
            'N' => Some(Dir::N),
            'E' => Some(Dir::E),
            'S' => Some(Dir::S),
            'W' => Some(Dir::W),
            _ => None,
        }
    }
}

/// How the edges of a grid behave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Topology {
    /// Stepping over an edge leaves the grid.
    Bounded,
    /// Stepping over an edge re-enters on the opposite side (Ants maps).
    Torus,
}

/// The dimensions of a grid together with its topology; converts between [`Pos`] and the
/// flat `u32` cell index used by [`Grid`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    /// Number of rows.
    pub rows: u32,
    /// Number of columns.
    pub cols: u32,
    /// Edge behaviour.
    pub topology: Topology,
}

impl Shape {
    /// A shape with the given dimensions and topology.
    pub const fn new(rows: u32, cols: u32, topology: Topology) -> Self {
        Self {
            rows,
            cols,
            topology,
        }
    }

    /// Number of cells.
    pub const fn len(&self) -> usize {
        self.rows as usize * self.cols as usize
    }

    /// True when the shape has no cells.
    pub const fn is_empty(&self) -> bool {
        self.rows == 0 || self.cols == 0
    }

    /// True when `p` lies inside the grid (no wrapping applied).
    pub const fn contains(&self, p: Pos) -> bool {
        p.row >= 0 && p.col >= 0 && (p.row as u32) < self.rows && (p.col as u32) < self.cols
    }

    /// The flat index of an in-range position.
    ///
    /// # Panics
    /// In debug builds, when `p` is outside the grid.
    #[inline]
    pub fn index(&self, p: Pos) -> u32 {
        debug_assert!(self.contains(p), "{p} outside {}x{}", self.rows, self.cols);
        p.row as u32 * self.cols + p.col as u32
    }

    /// The position of a flat index.
    #[inline]
    pub const fn pos(&self, i: u32) -> Pos {
        Pos::new((i / self.cols) as i32, (i % self.cols) as i32)
    }

    /// Maps any position into the grid: wraps on a torus, `None` outside a bounded grid.
    #[inline]
    pub fn normalize(&self, p: Pos) -> Option<Pos> {
        match self.topology {
            Topology::Torus => Some(Pos::new(
                p.row.rem_euclid(self.rows as i32),
                p.col.rem_euclid(self.cols as i32),
            )),
            Topology::Bounded => self.contains(p).then_some(p),
        }
    }

    /// The position one step from `p` in direction `d`, or `None` when it leaves a
    /// bounded grid.
    #[inline]
    pub fn step(&self, p: Pos, d: Dir) -> Option<Pos> {
        let (dr, dc) = d.delta();
        self.normalize(Pos::new(p.row + dr, p.col + dc))
    }

    /// [`Shape::step`] on flat indices.
    #[inline]
    pub fn step_index(&self, i: u32, d: Dir) -> Option<u32> {
        let (r, c) = (i / self.cols, i % self.cols);
        match (d, self.topology) {
            (Dir::N, _) if r > 0 => Some(i - self.cols),
            (Dir::N, Topology::Torus) => Some(i + (self.rows - 1) * self.cols),
            (Dir::S, _) if r + 1 < self.rows => Some(i + self.cols),
            (Dir::S, Topology::Torus) => Some(c),
            (Dir::W, _) if c > 0 => Some(i - 1),
            (Dir::W, Topology::Torus) => Some(i + self.cols - 1),
            (Dir::E, _) if c + 1 < self.cols => Some(i + 1),
            (Dir::E, Topology::Torus) => Some(i + 1 - self.cols),
            _ => None,
        }
    }

    /// The signed (row, col) offset from `a` to `b`, taking the shorter way round on a
    /// torus.
    pub fn offset(&self, a: Pos, b: Pos) -> (i32, i32) {
        let mut dr = b.row - a.row;
        let mut dc = b.col - a.col;
        if self.topology == Topology::Torus {
            let (rows, cols) = (self.rows as i32, self.cols as i32);
            dr = dr.rem_euclid(rows);
            if dr * 2 > rows {
                dr -= rows;
            }
            dc = dc.rem_euclid(cols);
            if dc * 2 > cols {
                dc -= cols;
            }
        }
        (dr, dc)
    }

    /// Manhattan distance, the shorter way round on a torus.
    pub fn manhattan(&self, a: Pos, b: Pos) -> u32 {
        let (dr, dc) = self.offset(a, b);
        dr.unsigned_abs() + dc.unsigned_abs()
    }

    /// Squared Euclidean distance, the shorter way round on a torus (Ants radii are
    /// given squared).
    pub fn dist2(&self, a: Pos, b: Pos) -> u32 {
        let (dr, dc) = self.offset(a, b);
        (dr * dr + dc * dc) as u32
    }

    /// Euclidean distance, the shorter way round on a torus.
    pub fn euclidean(&self, a: Pos, b: Pos) -> f64 {
        f64::from(self.dist2(a, b)).sqrt()
    }

    /// The directions that lead from `a` one step closer to `b` (the Ants starter kit's
    /// `direction`), at most two.
    pub fn directions_towards(&self, a: Pos, b: Pos) -> Vec<Dir> {
        let (dr, dc) = self.offset(a, b);
        let mut out = Vec::with_capacity(2);
        match dr.signum() {
            -1 => out.push(Dir::N),
            1 => out.push(Dir::S),
            _ => {}
        }
        match dc.signum() {
            -1 => out.push(Dir::W),
            1 => out.push(Dir::E),
            _ => {}
        }
        out
    }
}

/// A rectangular grid of `T` stored row-major in one flat `Vec`, indexed by `u32` or [`Pos`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    shape: Shape,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid of the given shape with every cell set to `value`.
    pub fn new(shape: Shape, value: T) -> Self {
        Self {
            shape,
            cells: vec![value; shape.len()],
        }
    }

    /// Sets every cell to `value` without reallocating.
    pub fn fill(&mut self, value: T) {
        self.cells.fill(value);
    }
}

impl<T> Grid<T> {
    /// Wraps row-major `cells`; `None` when their number does not match the shape.
    pub fn from_vec(shape: Shape, cells: Vec<T>) -> Option<Self> {
        (cells.len() == shape.len()).then_some(Self { shape, cells })
    }

    /// The grid's shape.
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of rows.
    pub const fn rows(&self) -> u32 {
        self.shape.rows
    }

    /// Number of columns.
    pub const fn cols(&self) -> u32 {
        self.shape.cols
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells, row-major, mutable.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The cell at `p` after normalising it (wrapping on a torus); `None` outside a
    /// bounded grid.
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.shape
            .normalize(p)
            .map(|q| &self.cells[self.shape.index(q) as usize])
    }

    /// Iterates over `(Pos, &T)` in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = (Pos, &T)> {
        let shape = self.shape;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, v)| (shape.pos(i as u32), v))
    }
}

impl<T> Index<u32> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, i: u32) -> &T {
        &self.cells[i as usize]
    }
}

impl<T> IndexMut<u32> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, i: u32) -> &mut T {
        &mut self.cells[i as usize]
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    #[inline]
    fn index(&self, p: Pos) -> &T {
        &self.cells[self.shape.index(p) as usize]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    #[inline]
    fn index_mut(&mut self, p: Pos) -> &mut T {
        let i = self.shape.index(p) as usize;
        &mut self.cells[i]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn torus_step_wraps_and_matches_pos_step() {
        let s = Shape::new(3, 4, Topology::Torus);
        for i in 0..s.len() as u32 {
            for d in Dir::ALL {
                let by_index = s.step_index(i, d).map(|j| s.pos(j));
                assert_eq!(by_index, s.step(s.pos(i), d), "cell {i} dir {d:?}");
            }
        }
        assert_eq!(s.step(Pos::new(0, 0), Dir::N), Some(Pos::new(2, 0)));
        assert_eq!(s.step(Pos::new(0, 3), Dir::E), Some(Pos::new(0, 0)));
    }

    #[test]
    fn bounded_step_stops_at_edges() {
        let s = Shape::new(3, 4, Topology::Bounded);
        for i in 0..s.len() as u32 {
            for d in Dir::ALL {
                let by_index = s.step_index(i, d).map(|j| s.pos(j));
                assert_eq!(by_index, s.step(s.pos(i), d));
            }
        }
        assert_eq!(s.step(Pos::new(0, 0), Dir::N), None);
        assert_eq!(s.step(Pos::new(2, 3), Dir::E), None);
    }

    #[test]
    fn torus_distances_take_the_short_way() {
        let s = Shape::new(10, 20, Topology::Torus);
        let a = Pos::new(0, 0);
        let b = Pos::new(9, 19);
        assert_eq!(s.offset(a, b), (-1, -1));
        assert_eq!(s.manhattan(a, b), 2);
        assert_eq!(s.dist2(a, b), 2);
        let bounded = Shape::new(10, 20, Topology::Bounded);
        assert_eq!(bounded.manhattan(a, b), 28);
        assert_eq!(
            s.directions_towards(a, Pos::new(9, 1)),
            vec![Dir::N, Dir::E]
        );
    }

    #[test]
    fn dirs_are_consistent() {
        for d in Dir::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.left().right(), d);
            assert_eq!(Dir::from_letter(d.letter()), Some(d));
            assert_eq!(Dir::ALL[d.index()], d);
        }
    }
}

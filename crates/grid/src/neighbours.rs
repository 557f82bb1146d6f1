//! Precomputed neighbour and coordinate tables for fast inner loops.

use crate::core::{Dir, Shape, Topology};

/// Marker for "no neighbour" (off a bounded grid) in a [`Neighbours`] table.
pub const NONE: u32 = u32::MAX;

/// For every cell of a [`Shape`], its four neighbours (in [`Dir::ALL`] order, [`NONE`]
/// where a bounded grid ends) and its (row, col), so that searches never divide or wrap
/// in their inner loops.
#[derive(Clone, Debug)]
pub struct Neighbours {
    shape: Shape,
    table: Vec<[u32; 4]>,
    rc: Vec<(u32, u32)>,
    /// One byte per cell: true when no step from it wraps or leaves the grid, so its
    /// neighbours are plain index arithmetic (a 1-byte look-up instead of 16).
    interior: Vec<bool>,
}

impl Neighbours {
    /// Builds the tables for `shape` (one pass over the cells).
    pub fn new(shape: Shape) -> Self {
        let n = shape.len() as u32;
        let mut table = Vec::with_capacity(n as usize);
        let mut rc = Vec::with_capacity(n as usize);
        let mut interior = Vec::with_capacity(n as usize);
        for i in 0..n {
            let mut row = [NONE; 4];
            for d in Dir::ALL {
                row[d.index()] = shape.step_index(i, d).unwrap_or(NONE);
            }
            table.push(row);
            let (r, c) = (i / shape.cols, i % shape.cols);
            rc.push((r, c));
            interior.push(r > 0 && r + 1 < shape.rows && c > 0 && c + 1 < shape.cols);
        }
        Self {
            shape,
            table,
            rc,
            interior,
        }
    }

    /// The shape the tables were built for.
    pub const fn shape(&self) -> Shape {
        self.shape
    }

    /// The four neighbours of cell `i` in [`Dir::ALL`] order ([`NONE`] = off the grid).
    #[inline]
    pub fn of(&self, i: u32) -> [u32; 4] {
        self.table[i as usize]
    }

    /// The same as [`Neighbours::of`], but computed by index arithmetic for cells away from
    /// the border (only border cells read the 16-byte table row), which keeps the memory
    /// touched by a full-grid sweep small.
    #[inline]
    pub fn around(&self, i: u32) -> [u32; 4] {
        if self.interior[i as usize] {
            let c = self.shape.cols;
            [i - c, i + 1, i + c, i - 1]
        } else {
            self.table[i as usize]
        }
    }

    /// Row and column of cell `i`.
    #[inline]
    pub fn row_col(&self, i: u32) -> (u32, u32) {
        self.rc[i as usize]
    }

    /// Manhattan distance between two cells, the short way round on a torus.
    #[inline]
    pub fn manhattan(&self, a: u32, b: u32) -> u32 {
        let (ar, ac) = self.rc[a as usize];
        let (br, bc) = self.rc[b as usize];
        let dr = ar.abs_diff(br);
        let dc = ac.abs_diff(bc);
        match self.shape.topology {
            Topology::Bounded => dr + dc,
            Topology::Torus => dr.min(self.shape.rows - dr) + dc.min(self.shape.cols - dc),
        }
    }

    /// Squared Euclidean distance between two cells, the short way round on a torus.
    #[inline]
    pub fn dist2(&self, a: u32, b: u32) -> u32 {
        let (ar, ac) = self.rc[a as usize];
        let (br, bc) = self.rc[b as usize];
        let mut dr = ar.abs_diff(br);
        let mut dc = ac.abs_diff(bc);
        if self.shape.topology == Topology::Torus {
            dr = dr.min(self.shape.rows - dr);
            dc = dc.min(self.shape.cols - dc);
        }
        dr * dr + dc * dc
    }

    /// The direction of the step from `a` to its neighbour `b`, if they are adjacent.
    pub fn dir_between(&self, a: u32, b: u32) -> Option<Dir> {
        let n = self.of(a);
        Dir::ALL.into_iter().find(|d| n[d.index()] == b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Pos;

    #[test]
    fn tables_match_shape() {
        for (topo, rows, cols) in [Topology::Bounded, Topology::Torus]
            .into_iter()
            .flat_map(|t| [(t, 5, 7), (t, 1, 4), (t, 2, 3), (t, 3, 3)])
        {
            let s = Shape::new(rows, cols, topo);
            let nb = Neighbours::new(s);
            for i in 0..s.len() as u32 {
                for d in Dir::ALL {
                    assert_eq!(nb.of(i)[d.index()], s.step_index(i, d).unwrap_or(NONE));
                    assert_eq!(nb.around(i)[d.index()], nb.of(i)[d.index()]);
                }
                for j in 0..s.len() as u32 {
                    assert_eq!(nb.manhattan(i, j), s.manhattan(s.pos(i), s.pos(j)));
                    assert_eq!(nb.dist2(i, j), s.dist2(s.pos(i), s.pos(j)));
                }
            }
            if rows == 5 {
                assert_eq!(nb.row_col(s.index(Pos::new(3, 4))), (3, 4));
            }
        }
    }
}

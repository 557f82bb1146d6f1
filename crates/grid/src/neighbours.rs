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
}

impl Neighbours {
    /// Builds the tables for `shape` (one pass over the cells).
    pub fn new(shape: Shape) -> Self {
        let n = shape.len() as u32;
        let mut table = Vec::with_capacity(n as usize);
        let mut rc = Vec::with_capacity(n as usize);
        for i in 0..n {
            let mut row = [NONE; 4];
            for d in Dir::ALL {
                row[d.index()] = shape.step_index(i, d).unwrap_or(NONE);
            }
            table.push(row);
            rc.push((i / shape.cols, i % shape.cols));
        }
        Self { shape, table, rc }
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
        for topo in [Topology::Bounded, Topology::Torus] {
            let s = Shape::new(5, 7, topo);
            let nb = Neighbours::new(s);
            for i in 0..s.len() as u32 {
                for d in Dir::ALL {
                    assert_eq!(nb.of(i)[d.index()], s.step_index(i, d).unwrap_or(NONE));
                }
                for j in 0..s.len() as u32 {
                    assert_eq!(nb.manhattan(i, j), s.manhattan(s.pos(i), s.pos(j)));
                    assert_eq!(nb.dist2(i, j), s.dist2(s.pos(i), s.pos(j)));
                }
            }
            assert_eq!(nb.row_col(s.index(Pos::new(3, 4))), (3, 4));
        }
    }
}

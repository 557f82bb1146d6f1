//! Isometries of the map torus and the finite groups of them that make a map symmetric.
//!
//! A [`Transform`] is `p ↦ L·p + t (mod rows, cols)` with `L` one of the eight
//! [`Orientation`]s (the square's symmetries). A [`Group`] of `players` transforms acting
//! freely on a hill gives every player one image of player 0's hill: player `i` owns
//! `g_i(h)` for every hill `h` of player 0.

use std::fmt;

/// The linear part of a [`Transform`]: one of the eight symmetries of a square, acting on
/// (row, col) offsets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Orientation {
    /// `(r, c) ↦ (r, c)`.
    Identity,
    /// `(r, c) ↦ (−r, c)`: mirror across a horizontal line.
    FlipRows,
    /// `(r, c) ↦ (r, −c)`: mirror across a vertical line.
    FlipCols,
    /// `(r, c) ↦ (−r, −c)`: half turn.
    Rotate180,
    /// `(r, c) ↦ (c, r)`: mirror across the main diagonal (square maps only).
    Transpose,
    /// `(r, c) ↦ (c, −r)`: quarter turn (square maps only).
    Rotate90,
    /// `(r, c) ↦ (−c, r)`: quarter turn the other way (square maps only).
    Rotate270,
    /// `(r, c) ↦ (−c, −r)`: mirror across the anti-diagonal (square maps only).
    AntiTranspose,
}

impl Orientation {
    /// All eight, identity first (the order [`crate::mapgen::check`] tries them in).
    pub const ALL: [Orientation; 8] = [
        Orientation::Identity,
        Orientation::FlipRows,
        Orientation::FlipCols,
        Orientation::Rotate180,
        Orientation::Transpose,
        Orientation::Rotate90,
        Orientation::Rotate270,
        Orientation::AntiTranspose,
    ];

    /// The matrix `[a, b, c, d]`: `r' = a·r + b·c`, `c' = c·r + d·c`.
    pub const fn matrix(self) -> [i64; 4] {
        match self {
            Orientation::Identity => [1, 0, 0, 1],
            Orientation::FlipRows => [-1, 0, 0, 1],
            Orientation::FlipCols => [1, 0, 0, -1],
            Orientation::Rotate180 => [-1, 0, 0, -1],
            Orientation::Transpose => [0, 1, 1, 0],
            Orientation::Rotate90 => [0, 1, -1, 0],
            Orientation::Rotate270 => [0, -1, 1, 0],
            Orientation::AntiTranspose => [0, -1, -1, 0],
        }
    }

    /// True when the orientation swaps rows and columns (needs a square map).
    pub const fn swaps_axes(self) -> bool {
        matches!(
            self,
            Orientation::Transpose
                | Orientation::Rotate90
                | Orientation::Rotate270
                | Orientation::AntiTranspose
        )
    }

    fn from_matrix(m: [i64; 4]) -> Orientation {
        Orientation::ALL
            .into_iter()
            .find(|o| o.matrix() == m)
            .unwrap_or(Orientation::Identity)
    }

    /// A short name: `shift`, `flip rows`, `rotate 180`, ….
    pub const fn name(self) -> &'static str {
        match self {
            Orientation::Identity => "shift",
            Orientation::FlipRows => "flip rows",
            Orientation::FlipCols => "flip cols",
            Orientation::Rotate180 => "rotate 180",
            Orientation::Transpose => "transpose",
            Orientation::Rotate90 => "rotate 90",
            Orientation::Rotate270 => "rotate 270",
            Orientation::AntiTranspose => "anti-transpose",
        }
    }
}

/// An isometry of a `rows × cols` torus: `p ↦ L·p + t`, reduced modulo the size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    /// The linear part.
    pub orientation: Orientation,
    /// The translation (row, col), already reduced modulo the size.
    pub shift: (i64, i64),
    rows: i64,
    cols: i64,
}

impl Transform {
    /// `p ↦ orientation·p + shift` on a `rows × cols` torus (`rows`, `cols` ≥ 1).
    pub fn new(orientation: Orientation, shift: (i64, i64), rows: u32, cols: u32) -> Transform {
        let (rows, cols) = (i64::from(rows.max(1)), i64::from(cols.max(1)));
        Transform {
            orientation,
            shift: (shift.0.rem_euclid(rows), shift.1.rem_euclid(cols)),
            rows,
            cols,
        }
    }

    /// The identity of a `rows × cols` torus.
    pub fn identity(rows: u32, cols: u32) -> Transform {
        Transform::new(Orientation::Identity, (0, 0), rows, cols)
    }

    /// The image of `(row, col)`.
    pub fn apply(&self, row: i64, col: i64) -> (i64, i64) {
        let [a, b, c, d] = self.orientation.matrix();
        (
            (a * row + b * col + self.shift.0).rem_euclid(self.rows),
            (c * row + d * col + self.shift.1).rem_euclid(self.cols),
        )
    }

    /// The image of the flat cell index `i` (row-major).
    pub fn apply_index(&self, i: u32) -> u32 {
        let cols = self.cols as u32;
        let (r, c) = self.apply(i64::from(i / cols), i64::from(i % cols));
        (r * self.cols + c) as u32
    }

    /// `self ∘ other`: first `other`, then `self`.
    #[must_use]
    pub fn compose(&self, other: &Transform) -> Transform {
        let [a, b, c, d] = self.orientation.matrix();
        let [e, f, g, h] = other.orientation.matrix();
        let m = [a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h];
        let (t0, t1) = other.shift;
        let shift = (
            a * t0 + b * t1 + self.shift.0,
            c * t0 + d * t1 + self.shift.1,
        );
        Transform::new(
            Orientation::from_matrix(m),
            shift,
            self.rows as u32,
            self.cols as u32,
        )
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} +{},{}",
            self.orientation.name(),
            self.shift.0,
            self.shift.1
        )
    }
}

/// A finite group of torus isometries, identity first.
#[derive(Clone, Debug)]
pub struct Group {
    elements: Vec<Transform>,
    /// `table[i][j]` = index of `elements[i] ∘ elements[j]`.
    table: Vec<Vec<usize>>,
}

impl Group {
    /// The group generated by `generators` on a `rows × cols` torus, or `None` when it has
    /// more than `limit` elements (or a generator swaps the axes of a non-square map).
    pub fn generate(rows: u32, cols: u32, generators: &[Transform], limit: usize) -> Option<Group> {
        if rows != cols && generators.iter().any(|g| g.orientation.swaps_axes()) {
            return None;
        }
        let mut elements = vec![Transform::identity(rows, cols)];
        let mut i = 0;
        while i < elements.len() {
            for g in generators {
                let e = g.compose(&elements[i]);
                if !elements.contains(&e) {
                    if elements.len() == limit {
                        return None;
                    }
                    elements.push(e);
                }
            }
            i += 1;
        }
        let mut table = Vec::with_capacity(elements.len());
        for x in &elements {
            let mut row = Vec::with_capacity(elements.len());
            for y in &elements {
                let xy = x.compose(y);
                row.push(elements.iter().position(|e| *e == xy)?);
            }
            table.push(row);
        }
        Some(Group { elements, table })
    }

    /// The elements, identity first: element `i` maps player 0's hills onto player `i`'s.
    pub fn elements(&self) -> &[Transform] {
        &self.elements
    }

    /// Number of elements (the number of players it serves).
    pub fn len(&self) -> usize {
        self.elements.len()
    }

    /// Always false (a group has its identity).
    pub fn is_empty(&self) -> bool {
        self.elements.is_empty()
    }

    /// Index of `elements[i] ∘ elements[j]`.
    pub fn product(&self, i: usize, j: usize) -> usize {
        self.table[i][j]
    }

    /// The images of cell `i` under every element, in element order.
    pub fn orbit(&self, i: u32) -> Vec<u32> {
        self.elements.iter().map(|g| g.apply_index(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotations_and_mirrors_compose_into_the_square_group() {
        let r90 = Transform::new(Orientation::Rotate90, (0, 0), 8, 8);
        let flip = Transform::new(Orientation::FlipRows, (0, 0), 8, 8);
        let g = Group::generate(8, 8, &[r90, flip], 10).unwrap();
        assert_eq!(g.len(), 8);
        assert!(Group::generate(8, 6, &[r90], 10).is_none());
        let shift = Transform::new(Orientation::Identity, (1, 2), 4, 6);
        let c = Group::generate(4, 6, &[shift], 20).unwrap();
        assert_eq!(c.len(), 12);
        assert_eq!(c.product(1, 1), 2);
        assert!(Group::generate(4, 6, &[shift], 5).is_none());
        let a = Transform::new(Orientation::Rotate180, (3, 1), 10, 12);
        for i in 0..120 {
            assert_eq!(a.compose(&a).apply_index(i), i);
        }
    }
}

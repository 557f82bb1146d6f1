//! The plain text grid format: a small, documented way to draw a bounded map by hand.
//!
//! Format: one line per row, all rows equally long (a trailing `\r` is ignored); `#` or
//! `%` is a wall, any other character is free. Trailing empty lines are ignored; at least
//! one row with at least one cell is required. The result is a bounded grid. (Ants `.map`
//! files, tori, are read by the `ants` crate.)

use crate::core::{Grid, Shape, Topology};

/// Why a plain text grid could not be read; lines and columns are 1-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// No rows at all.
    #[error("the grid is empty")]
    Empty,
    /// A row's length differs from the first row's.
    #[error("line {line}: row has {len} cells, expected {expected} like line 1")]
    Ragged {
        /// 1-based line of the offending row.
        line: usize,
        /// Its length in characters.
        len: usize,
        /// The first row's length.
        expected: usize,
    },
    /// The grid exceeds the supported size.
    #[error("grid of {rows}x{cols} cells is too large (at most 10000 per side)")]
    TooLarge {
        /// Rows.
        rows: usize,
        /// Columns.
        cols: usize,
    },
}

/// Parses a plain text grid into a bounded grid of walls (`true` = wall).
///
/// ```
/// let g = grid::text::parse_plain("..#\n.%.\n").unwrap();
/// assert_eq!((g.rows(), g.cols()), (2, 3));
/// assert!(g[grid::Pos::new(0, 2)] && g[grid::Pos::new(1, 1)] && !g[grid::Pos::new(0, 0)]);
/// assert!(grid::text::parse_plain("..\n...\n").is_err());
/// ```
pub fn parse_plain(text: &str) -> Result<Grid<bool>, TextError> {
    let mut lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let expected = lines.first().map_or(0, |l| l.chars().count());
    if expected == 0 {
        return Err(TextError::Empty);
    }
    if lines.len() > 10_000 || expected > 10_000 {
        return Err(TextError::TooLarge {
            rows: lines.len(),
            cols: expected,
        });
    }
    let mut cells = Vec::with_capacity(lines.len() * expected);
    for (n, line) in lines.iter().enumerate() {
        let len = line.chars().count();
        if len != expected {
            return Err(TextError::Ragged {
                line: n + 1,
                len,
                expected,
            });
        }
        cells.extend(line.chars().map(|c| c == '#' || c == '%'));
    }
    let shape = Shape::new(lines.len() as u32, expected as u32, Topology::Bounded);
    Grid::from_vec(shape, cells).ok_or(TextError::Empty)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_line() {
        assert_eq!(parse_plain(""), Err(TextError::Empty));
        assert_eq!(parse_plain("\n\n"), Err(TextError::Empty));
        assert_eq!(
            parse_plain("...\r\n...\r\n..\r\n"),
            Err(TextError::Ragged {
                line: 3,
                len: 2,
                expected: 3
            })
        );
        let g = parse_plain("#.\n.#\n\n").unwrap();
        assert_eq!(g.cells(), &[true, false, false, true]);
        assert_eq!(g.shape().topology, Topology::Bounded);
    }
}

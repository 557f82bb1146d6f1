//! Path smoothing (thesis §4.6, Listing 4.5): re-search windows of a path with A* and keep
//! the shorter result.
//!
//! Deviations from the printed listing, which loses or duplicates the junction tiles
//! between windows: consecutive windows here share their end tiles, and the recursive mode
//! repeats whole passes (alternating the window phase by half a window so that former
//! junctions fall inside a window) until a pass no longer shortens the path, instead of
//! re-smoothing the entire accumulated prefix (which is a full A* in disguise).

use crate::astar::AStar;

/// Smooths `path` (flat indices, consecutive cells adjacent) in windows of `window` steps:
/// a window whose endpoints are closer (Manhattan) than its length is re-searched with A*
/// under a cost limit of its length − 1 and replaced when a shorter way exists. With
/// `recursive`, passes repeat until nothing improves. Returns the smoothed path, which has
/// the same endpoints and is never longer.
///
/// ```
/// use grid::{smooth_path, AStar, Shape, Topology};
/// let shape = Shape::new(3, 3, Topology::Bounded);
/// let mut astar = AStar::new(shape);
/// // A detour 0 → 3 → 4 → 1 → 2 becomes 0 → 1 → 2.
/// let out = smooth_path(&mut astar, &[0, 3, 4, 1, 2], 8, true, |_| true);
/// assert_eq!(out, vec![0, 1, 2]);
/// ```
pub fn smooth_path(
    astar: &mut AStar,
    path: &[u32],
    window: usize,
    recursive: bool,
    mut passable: impl FnMut(u32) -> bool,
) -> Vec<u32> {
    let window = window.max(2);
    let mut cur = path.to_vec();
    let mut pass = 0usize;
    let mut idle = 0;
    loop {
        if cur.len() < 3 {
            return cur;
        }
        let mut out = Vec::with_capacity(cur.len());
        out.push(cur[0]);
        let mut improved = false;
        let last = cur.len() - 1;
        let mut i = 0;
        let mut first_len = if pass % 2 == 1 { window / 2 } else { window };
        while i < last {
            let j = (i + first_len).min(last);
            first_len = window;
            let steps = (j - i) as u32;
            let (a, b) = (cur[i], cur[j]);
            let shorter = if astar.neighbours().manhattan(a, b) < steps {
                astar.find_indices(a, b, steps - 1, |k| u32::from(passable(k)))
            } else {
                None
            };
            if let Some((seg, _)) = shorter {
                out.extend_from_slice(&seg[1..]);
                improved = true;
            } else {
                out.extend_from_slice(&cur[i + 1..=j]);
            }
            i = j;
        }
        cur = out;
        pass += 1;
        idle = if improved { 0 } else { idle + 1 };
        // A pass in each phase must fail to improve before recursion stops.
        if !recursive || idle >= 2 {
            return cur;
        }
    }
}

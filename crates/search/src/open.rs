//! The open-list entry of the heap-based searches (uniform cost, greedy best-first, A*).

use std::cmp::Ordering;

/// A heap entry: the priority `f` (smallest first), the path cost `g` it was pushed with
/// (larger first among equal `f`, which favours deeper nodes on ties), and the node's index
/// in the search tree. Entries whose `g` no longer matches the tree are stale and skipped
/// when popped (lazy deletion).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Open<C> {
    pub f: C,
    pub g: C,
    pub index: u32,
}

impl<C: Ord> Ord for Open<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.f.cmp(&self.f).then_with(|| self.g.cmp(&other.g))
    }
}

impl<C: Ord> PartialOrd for Open<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

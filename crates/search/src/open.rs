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

/// A heap entry ordered by the path cost `g` alone (smallest first), with the node's index
/// in the search tree: the open list of uniform-cost search, where `f = g` makes the
/// tie-break of [`Open`] a second comparison of the same value. Stale entries are skipped
/// when popped, as with [`Open`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cheapest<C> {
    pub g: C,
    pub index: u32,
}

impl<C: Ord> Ord for Cheapest<C> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        other.g.cmp(&self.g)
    }
}

impl<C: Ord> PartialOrd for Cheapest<C> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

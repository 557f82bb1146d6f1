//! The open-list entry of the heap-based searches (uniform cost, greedy best-first, A*).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

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

/// A priority queue of [`Open`] entries: a binary heap plus a stack of entries pushed in
/// non-decreasing priority. A push that is at least as urgent as the stack's top goes on
/// the stack in O(1); any other push goes to the heap. The stack's top is its most urgent
/// entry, so `pop` takes the more urgent of the two tops: the order is that of one heap
/// (entries of exactly equal `f` and `g` may come out in another order).
///
/// On A* with a consistent heuristic most successors keep `f` and add to `g`, which makes
/// them more urgent than the node just expanded: they bypass the heap.
pub(crate) struct OpenList<C> {
    heap: BinaryHeap<Open<C>>,
    stack: Vec<Open<C>>,
}

impl<C: Ord + Copy> OpenList<C> {
    /// An open list holding `first`.
    pub fn new(first: Open<C>) -> Self {
        Self {
            heap: BinaryHeap::new(),
            stack: vec![first],
        }
    }

    /// Number of entries (stale ones included).
    pub fn len(&self) -> usize {
        self.heap.len() + self.stack.len()
    }

    /// Adds an entry.
    #[inline]
    pub fn push(&mut self, entry: Open<C>) {
        match self.stack.last() {
            Some(top) if entry < *top => self.heap.push(entry),
            _ => self.stack.push(entry),
        }
    }

    /// Removes the most urgent entry.
    #[inline]
    pub fn pop(&mut self) -> Option<Open<C>> {
        match (self.stack.last(), self.heap.peek()) {
            (Some(top), Some(best)) if top < best => self.heap.pop(),
            (Some(_), _) => self.stack.pop(),
            (None, _) => self.heap.pop(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any mix of pushes and pops comes out of the open list in the order of one binary
        /// heap (compared on `(f, g)`: entries equal on both may swap).
        #[test]
        fn open_list_pops_like_one_heap(
            ops in prop::collection::vec(prop::option::of((0..20u32, 0..20u32)), 1..300),
        ) {
            let mut list = OpenList::new(Open { f: 5, g: 0, index: 0 });
            let mut heap = BinaryHeap::from([Open { f: 5, g: 0, index: 0 }]);
            for (n, op) in ops.into_iter().enumerate() {
                if let Some((f, g)) = op {
                    let entry = Open { f, g, index: n as u32 + 1 };
                    list.push(entry);
                    heap.push(entry);
                } else {
                    let (a, b) = (list.pop(), heap.pop());
                    prop_assert_eq!(a.map(|e| (e.f, e.g)), b.map(|e| (e.f, e.g)));
                }
                prop_assert_eq!(list.len(), heap.len());
            }
            while let Some(b) = heap.pop() {
                prop_assert_eq!(list.pop().map(|e| (e.f, e.g)), Some((b.f, b.g)));
            }
            prop_assert_eq!(list.pop(), None);
        }
    }
}

//! Work counters every search reports with its result.

/// What a search did: nodes expanded (successors generated for), nodes generated, and the
/// largest frontier (open list) size seen.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Nodes whose successors were generated.
    pub expanded: u64,
    /// Successor nodes produced (including duplicates that were discarded).
    pub generated: u64,
    /// Largest size of the frontier (open list, queue or stack) during the search.
    pub max_frontier: u64,
}

impl Stats {
    /// Records a frontier size, keeping the maximum.
    #[inline]
    pub fn frontier(&mut self, len: usize) {
        self.max_frontier = self.max_frontier.max(len as u64);
    }
}

//! The one result shape shared by every path search.

use crate::Stats;

/// What a path search returns: the path found (if any), the work done, and whether the
/// [`Budget`](crate::Budget) cut the search short.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct PathResult<N, C> {
    /// The nodes from start to goal (both included) and the path's cost; `None` when no
    /// goal was found.
    pub path: Option<(Vec<N>, C)>,
    /// Work counters.
    pub stats: Stats,
    /// True when the budget ran out before the search finished. A `None` path with this
    /// flag unset proves that no goal is reachable.
    pub budget_exhausted: bool,
}

impl<N, C: Copy> PathResult<N, C> {
    /// The cost of the path found, if any.
    pub fn cost(&self) -> Option<C> {
        self.path.as_ref().map(|(_, c)| *c)
    }

    /// The nodes of the path found, if any.
    pub fn nodes(&self) -> Option<&[N]> {
        self.path.as_ref().map(|(p, _)| p.as_slice())
    }

    pub(crate) fn found(path: Vec<N>, cost: C, stats: Stats) -> Self {
        Self {
            path: Some((path, cost)),
            stats,
            budget_exhausted: false,
        }
    }

    pub(crate) fn none(stats: Stats, budget_exhausted: bool) -> Self {
        Self {
            path: None,
            stats,
            budget_exhausted,
        }
    }
}

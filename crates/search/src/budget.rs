//! The one time/work limit type shared by every time-limited algorithm in the workspace.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A limit on a search: a wall-clock deadline, a node limit and/or a shared stop flag.
/// An unlimited budget never runs out.
///
/// ```
/// use search::Budget;
/// use std::time::Duration;
/// let budget = Budget::unlimited().with_time(Duration::from_millis(50)).with_nodes(10_000);
/// assert!(!budget.exhausted(0));
/// assert!(budget.exhausted(10_000));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stop: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget without any limit.
    pub fn unlimited() -> Self {
        Self::default()
    }

    /// Adds an absolute deadline.
    #[must_use]
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    /// Adds a deadline `time` from now.
    #[must_use]
    pub fn with_time(self, time: Duration) -> Self {
        self.with_deadline(Instant::now() + time)
    }

    /// Adds a limit on the number of nodes expanded.
    #[must_use]
    pub fn with_nodes(mut self, nodes: u64) -> Self {
        self.node_limit = Some(nodes);
        self
    }

    /// Adds a stop flag another thread may set to end the search early.
    #[must_use]
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// The deadline, if any.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// The node limit, if any.
    pub fn node_limit(&self) -> Option<u64> {
        self.node_limit
    }

    /// Time left before the deadline (`None` without a deadline).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// True when `nodes_used` reached the node limit, the deadline passed or the stop flag
    /// is set.
    pub fn exhausted(&self, nodes_used: u64) -> bool {
        self.node_limit.is_some_and(|n| nodes_used >= n)
            || self.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

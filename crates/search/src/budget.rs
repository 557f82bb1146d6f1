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
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// A cheap checker for this budget, for use in a search's inner loop: it compares the
    /// node limit on every call but reads the clock and stop flag only every
    /// [`Meter::CLOCK_EVERY`] calls.
    pub fn meter(&self) -> Meter<'_> {
        Meter {
            budget: self,
            node_limit: self.node_limit.unwrap_or(u64::MAX),
            timed: self.deadline.is_some() || self.stop.is_some(),
            next_clock: 0,
        }
    }
}

/// Checks a [`Budget`] from a search's inner loop without reading the clock every time.
///
/// ```
/// use search::Budget;
/// let budget = Budget::unlimited().with_nodes(3);
/// let mut meter = budget.meter();
/// assert!(!meter.spent(2));
/// assert!(meter.spent(3));
/// ```
#[derive(Debug)]
pub struct Meter<'a> {
    budget: &'a Budget,
    node_limit: u64,
    timed: bool,
    next_clock: u64,
}

impl Meter<'_> {
    /// How many calls to [`Meter::spent`] may pass between two reads of the clock.
    pub const CLOCK_EVERY: u64 = 32;

    /// True when the budget is used up after `nodes_used` nodes: the node limit is reached
    /// (checked exactly), or — checked on the first call and then every
    /// [`Meter::CLOCK_EVERY`] calls — the deadline passed or the stop flag is set.
    #[inline]
    pub fn spent(&mut self, nodes_used: u64) -> bool {
        if nodes_used >= self.node_limit {
            return true;
        }
        if self.timed {
            if self.next_clock == 0 {
                self.next_clock = Self::CLOCK_EVERY;
                return self.budget.exhausted(nodes_used);
            }
            self.next_clock -= 1;
        }
        false
    }
}

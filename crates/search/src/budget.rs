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
    /// When the time of a budget made by [`Budget::with_time`] started.
    started: Option<Instant>,
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
        self.started = None;
        self.deadline = Some(deadline);
        self
    }

    /// Adds a deadline `time` from now, remembering now as the start (see
    /// [`Budget::total`] and [`Budget::fraction`]).
    #[must_use]
    pub fn with_time(mut self, time: Duration) -> Self {
        let now = Instant::now();
        self.started = Some(now);
        self.deadline = Some(now + time);
        self
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

    /// The whole time of a budget made by [`Budget::with_time`], from its start to its
    /// deadline (`None` for other budgets).
    pub fn total(&self) -> Option<Duration> {
        Some(self.deadline? - self.started?)
    }

    /// This budget with its deadline moved to `frac` of its [`total`](Budget::total) time
    /// after its start (`0.6`: the first 60 %); unchanged when it has no total time. The
    /// node limit and stop flag are kept.
    ///
    /// ```
    /// use search::Budget;
    /// use std::time::Duration;
    /// let turn = Budget::unlimited().with_time(Duration::from_millis(100));
    /// let early = turn.fraction(0.5);
    /// assert_eq!(early.total(), Some(Duration::from_millis(50)));
    /// assert!(early.deadline() < turn.deadline());
    /// ```
    #[must_use]
    pub fn fraction(&self, frac: f64) -> Self {
        let mut part = self.clone();
        if let (Some(start), Some(total)) = (self.started, self.total()) {
            part.deadline = Some(start + total.mul_f64(frac));
        }
        part
    }

    /// The budget of one of `parts` equal tasks that start now: its deadline is now plus
    /// the time left divided by `parts` (at least 1). A budget without a deadline stays
    /// without one; the node limit and stop flag are kept.
    ///
    /// ```
    /// use search::Budget;
    /// use std::time::Duration;
    /// let turn = Budget::unlimited().with_time(Duration::from_secs(60));
    /// let share = turn.split(4);
    /// assert!(share.total().unwrap() <= Duration::from_secs(15));
    /// assert!(share.total().unwrap() > Duration::from_secs(14));
    /// assert_eq!(Budget::unlimited().split(4).deadline(), None);
    /// ```
    #[must_use]
    pub fn split(&self, parts: u32) -> Self {
        let mut share = self.clone();
        if let Some(deadline) = self.deadline {
            let now = Instant::now();
            let left = deadline.saturating_duration_since(now);
            share.started = Some(now);
            share.deadline = Some(now + left / parts.max(1));
        }
        share
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn total_is_known_only_for_a_budget_with_time() {
        let d = Duration::from_millis(80);
        assert_eq!(Budget::unlimited().with_time(d).total(), Some(d));
        assert_eq!(Budget::unlimited().total(), None);
        let at = Instant::now() + d;
        assert_eq!(Budget::unlimited().with_deadline(at).total(), None);
        // A later absolute deadline replaces the timed one, and its start.
        let b = Budget::unlimited().with_time(d).with_deadline(at);
        assert_eq!((b.total(), b.deadline()), (None, Some(at)));
    }

    #[test]
    fn fraction_moves_the_deadline_and_keeps_the_limits() {
        let stop = Arc::new(AtomicBool::new(false));
        let turn = Budget::unlimited()
            .with_time(Duration::from_secs(100))
            .with_nodes(9)
            .with_stop(Arc::clone(&stop));
        let part = turn.fraction(0.25);
        assert_eq!(part.total(), Some(Duration::from_secs(25)));
        assert_eq!(part.node_limit(), Some(9));
        assert!(!part.exhausted(0));
        stop.store(true, Ordering::Relaxed);
        assert!(part.exhausted(0), "the stop flag is shared");
        // No total time: nothing to take a fraction of.
        let at = Instant::now() + Duration::from_secs(5);
        let fixed = Budget::unlimited().with_deadline(at).fraction(0.1);
        assert_eq!(fixed.deadline(), Some(at));
        // An over budget stays over, its fractions too.
        let over = Budget::unlimited().with_time(Duration::ZERO);
        assert!(over.exhausted(0) && over.fraction(0.5).exhausted(0));
    }

    #[test]
    fn split_shares_the_time_left() {
        let turn = Budget::unlimited()
            .with_time(Duration::from_secs(100))
            .with_nodes(3);
        let share = turn.split(10);
        let t = share.total().unwrap();
        assert!(
            t <= Duration::from_secs(10) && t > Duration::from_secs(9),
            "{t:?}"
        );
        assert!(share.deadline() <= turn.deadline());
        assert_eq!(share.node_limit(), Some(3));
        // Zero parts count as one.
        assert!(turn.split(0).deadline() <= turn.deadline());
        assert!(turn.split(0).total().unwrap() > Duration::from_secs(99));
        // After the deadline the share is empty.
        let over = Budget::unlimited().with_time(Duration::ZERO).split(2);
        assert_eq!(over.total(), Some(Duration::ZERO));
        assert!(over.exhausted(0));
    }
}

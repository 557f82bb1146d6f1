//! Steepest-ascent hill climbing.

use crate::{Budget, PathResult, Stats};

/// Climbs from `start` to a local maximum of `value`: at each step moves to the best
/// successor (the first listed among equals) if it is strictly better than the current
/// node, and stops when none is.
///
/// The result's path is the climb (start first, local maximum last) and its cost is the
/// value reached; it is always `Some`. If `budget` runs out first, the climb so far is
/// returned with `budget_exhausted` set (on unbounded values the climb may never end
/// without a budget).
///
/// ```
/// use search::{hill_climbing, Budget};
/// // Maximise -(x - 7)^2 over integers by steps of ±1 or ±3.
/// let succ = |&x: &i32| [x - 3, x - 1, x + 1, x + 3];
/// let result = hill_climbing(&-5, succ, |&x| -(x - 7) * (x - 7), &Budget::unlimited());
/// let (climb, value) = result.path.unwrap();
/// assert_eq!((*climb.last().unwrap(), value), (7, 0));
/// assert_eq!(climb, vec![-5, -2, 1, 4, 7]);
/// ```
pub fn hill_climbing<N, V, FN, IN, FV>(
    start: &N,
    mut successors: FN,
    mut value: FV,
    budget: &Budget,
) -> PathResult<N, V>
where
    N: Clone,
    V: Ord + Copy,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FV: FnMut(&N) -> V,
{
    let mut stats = Stats::default();
    let mut meter = budget.meter();
    let mut climb = vec![start.clone()];
    let mut current = value(start);
    loop {
        if meter.spent(stats.expanded) {
            return PathResult {
                path: Some((climb, current)),
                stats,
                budget_exhausted: true,
            };
        }
        stats.expanded += 1;
        let Some(here) = climb.last() else { break };
        let mut best: Option<(N, V)> = None;
        let mut count = 0usize;
        for next in successors(here) {
            count += 1;
            let v = value(&next);
            if best.as_ref().is_none_or(|(_, b)| v > *b) {
                best = Some((next, v));
            }
        }
        stats.generated += count as u64;
        stats.frontier(count);
        match best {
            Some((next, v)) if v > current => {
                climb.push(next);
                current = v;
            }
            _ => break,
        }
    }
    PathResult::found(climb, current, stats)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_at_local_maximum() {
        // Two peaks: 3 (value 5) and 10 (value 9); starting at 0 climbs only to 3.
        let f = |&x: &i32| [0, 2, 4, 5, 4, 3, 4, 6, 8, 9, 9][x.clamp(0, 10) as usize];
        let succ = |&x: &i32| [x - 1, x + 1].into_iter().filter(|y| (0..=10).contains(y));
        let r = hill_climbing(&0, succ, f, &Budget::unlimited());
        assert_eq!(r.path, Some((vec![0, 1, 2, 3], 5)));
        assert!(!r.budget_exhausted);
    }

    #[test]
    fn budget_returns_climb_so_far() {
        let r = hill_climbing(
            &0i64,
            |&x| [x + 1],
            |&x| x,
            &Budget::unlimited().with_nodes(10),
        );
        assert!(r.budget_exhausted);
        assert_eq!(r.cost(), Some(10));
    }
}

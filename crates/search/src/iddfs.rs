//! Iterative deepening depth-first search.

use crate::{Budget, PathResult, Stats};

/// Finds a path with the fewest steps from `start` to a node satisfying `goal` by
/// depth-first searches with depth limits 1, 2, 3, …
///
/// Memory stays proportional to the path length: nodes are not stored in a visited set,
/// only cycles along the current path are avoided (so nodes need only `Eq`). The time is
/// exponential in the depth on graphs with many paths (grids), so give it a `budget`. The
/// search ends with `None` (and `budget_exhausted == false`) once a limit finds no node at
/// that depth, which proves the goal unreachable.
///
/// ```
/// use search::{iddfs, Budget};
/// // Words over {a, b} up to length 4; reach "abba".
/// let succ = |w: &String| {
///     if w.len() < 4 { vec![format!("{w}a"), format!("{w}b")] } else { vec![] }
/// };
/// let result = iddfs(&String::new(), succ, |w| w == "abba", &Budget::unlimited());
/// assert_eq!(result.cost(), Some(4));
/// let none = iddfs(&String::new(), succ, |w| w == "c", &Budget::unlimited());
/// assert!(none.path.is_none() && !none.budget_exhausted);
/// ```
pub fn iddfs<N, FN, IN, FG>(
    start: &N,
    mut successors: FN,
    mut goal: FG,
    budget: &Budget,
) -> PathResult<N, usize>
where
    N: Clone + Eq,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FG: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    if goal(start) {
        return PathResult::found(vec![start.clone()], 0, stats);
    }
    let mut meter = budget.meter();
    let mut path: Vec<N> = Vec::new();
    let mut iters: Vec<IN::IntoIter> = Vec::new();
    for limit in 1usize.. {
        // True when some node at depth `limit` was generated: a deeper search may succeed.
        let mut cut = false;
        if meter.spent(stats.expanded) {
            return PathResult::none(stats, true);
        }
        stats.expanded += 1;
        path.clear();
        iters.clear();
        path.push(start.clone());
        iters.push(successors(start).into_iter());
        // Invariant: iters[k] yields the successors of path[k].
        while let Some(it) = iters.last_mut() {
            let Some(next) = it.next() else {
                iters.pop();
                path.pop();
                continue;
            };
            stats.generated += 1;
            if path.contains(&next) {
                continue;
            }
            if goal(&next) {
                path.push(next);
                let steps = path.len() - 1;
                return PathResult::found(path, steps, stats);
            }
            if path.len() == limit {
                cut = true;
                continue;
            }
            if meter.spent(stats.expanded) {
                return PathResult::none(stats, true);
            }
            stats.expanded += 1;
            iters.push(successors(&next).into_iter());
            path.push(next);
            stats.frontier(path.len());
        }
        if !cut {
            break;
        }
    }
    PathResult::none(stats, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_shortest_on_cyclic_graph() {
        // A ring of 10 nodes with a chord 0 -> 5: the goal 6 is 2 steps away.
        let succ = |&n: &u8| {
            let mut v = vec![(n + 1) % 10, (n + 9) % 10];
            if n == 0 {
                v.push(5);
            }
            v
        };
        let r = iddfs(&0, succ, |&n| n == 6, &Budget::unlimited());
        assert_eq!(r.path, Some((vec![0, 5, 6], 2)));
    }

    #[test]
    fn node_limit_stops_exponential_search() {
        let r = iddfs(
            &0u64,
            |&n| [2 * n + 1, 2 * n + 2],
            |_| false,
            &Budget::unlimited().with_nodes(1000),
        );
        assert!(r.budget_exhausted);
        assert_eq!(r.stats.expanded, 1000);
    }
}

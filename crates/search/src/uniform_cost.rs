//! Uniform-cost search (Dijkstra's algorithm stopped at the first goal).

use crate::{Budget, PathResult, astar};
use num_traits::Zero;
use std::hash::Hash;

/// Finds a cheapest path from `start` to a node satisfying `goal`.
///
/// `successors(n)` lists `(neighbour, step cost)` pairs with non-negative costs. The goal
/// test runs when a node is taken from the open list, so the path returned is optimal.
/// Expansions stop when `budget` runs out.
///
/// ```
/// use search::{uniform_cost, Budget};
/// // Going +1 costs 3, going +5 costs 10: the cheapest way from 0 to 12 takes two +5 and
/// // two +1 steps (in some order).
/// let succ = |&n: &u32| [(n + 1, 3u32), (n + 5, 10)].into_iter().filter(|&(m, _)| m <= 12);
/// let result = uniform_cost(&0, succ, |&n| n == 12, &Budget::unlimited());
/// let (path, cost) = result.path.unwrap();
/// assert_eq!((path.len(), cost), (5, 26));
/// ```
pub fn uniform_cost<N, C, FN, IN, FG>(
    start: &N,
    successors: FN,
    goal: FG,
    budget: &Budget,
) -> PathResult<N, C>
where
    N: Clone + Eq + Hash,
    C: Zero + Ord + Copy,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FG: FnMut(&N) -> bool,
{
    // Uniform cost is A* with the zero heuristic: the open list is ordered by g alone.
    astar(start, successors, |_| C::zero(), goal, budget)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exhausts_finite_graph_without_goal() {
        let succ = |&n: &u8| (n < 20).then_some((n + 1, 1u32));
        let r = uniform_cost(&0, succ, |_| false, &Budget::unlimited());
        assert_eq!(r.path, None);
        assert!(!r.budget_exhausted);
        assert_eq!(r.stats.expanded, 21);
    }
}

//! Uniform-cost search (Dijkstra's algorithm stopped at the first goal).

use crate::open::Cheapest;
use crate::tree::{Offer, Tree};
use crate::{Budget, PathResult, Stats};
use num_traits::Zero;
use std::collections::BinaryHeap;
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
    mut successors: FN,
    mut goal: FG,
    budget: &Budget,
) -> PathResult<N, C>
where
    N: Clone + Eq + Hash,
    C: Zero + Ord + Copy,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FG: FnMut(&N) -> bool,
{
    // A* with the zero heuristic, but with heap entries of (g, index) only: with f = g the
    // A* entry's tie-break would compare g twice and carry it twice.
    let mut stats = Stats::default();
    let mut tree: Tree<N, C> = Tree::new(start.clone(), C::zero());
    let mut open = BinaryHeap::new();
    open.push(Cheapest {
        g: C::zero(),
        index: 0,
    });
    let mut meter = budget.meter();
    while let Some(Cheapest { g, index }) = open.pop() {
        let slot = &tree.slots[index as usize];
        if g > slot.value {
            continue;
        }
        if goal(&slot.node) {
            return PathResult::found(tree.path(index), g, stats);
        }
        if meter.spent(stats.expanded) {
            return PathResult::none(stats, true);
        }
        stats.expanded += 1;
        for (next, step) in successors(&slot.node) {
            stats.generated += 1;
            if tree.is_parent_of(index, &next) {
                continue;
            }
            let ng = g + step;
            if let Offer::New(i) | Offer::Improved(i) =
                tree.offer(next, index, ng, |new, old| new < old)
            {
                open.push(Cheapest { g: ng, index: i });
            }
        }
        stats.frontier(open.len());
    }
    PathResult::none(stats, false)
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

//! Greedy best-first search: always expand the node that looks closest to a goal.

use crate::open::Open;
use crate::tree::{Offer, Tree};
use crate::{Budget, PathResult, Stats};
use num_traits::Zero;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// Finds a path from `start` to a node satisfying `goal`, expanding nodes in order of
/// `heuristic` alone (smallest first; ties go to the node with the larger path cost).
///
/// Same closures as [`astar`](crate::astar), so the two are interchangeable; the result is
/// usually found with far fewer expansions but is not necessarily cheapest. Each node keeps
/// the parent it was first reached from; the cost in the result is the summed step cost of
/// the returned path. The goal test runs when a node is taken from the open list.
/// Expansions stop when `budget` runs out.
///
/// ```
/// use search::{best_first, Budget};
/// let succ = |&n: &i32| [(n - 1, 1), (n + 1, 1), (n * 2, 1)];
/// let result = best_first(&1, succ, |&n| (100 - n).abs(), |&n| n == 100, &Budget::unlimited());
/// let (path, cost) = result.path.unwrap();
/// assert_eq!(*path.last().unwrap(), 100);
/// assert_eq!(cost as usize, path.len() - 1);
/// ```
pub fn best_first<N, C, FN, IN, FH, FG>(
    start: &N,
    mut successors: FN,
    mut heuristic: FH,
    mut goal: FG,
    budget: &Budget,
) -> PathResult<N, C>
where
    N: Clone + Eq + Hash,
    C: Zero + Ord + Copy,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = (N, C)>,
    FH: FnMut(&N) -> C,
    FG: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    let mut tree: Tree<N, C> = Tree::new(start.clone(), C::zero());
    let mut open = BinaryHeap::new();
    open.push(Open {
        f: heuristic(start),
        g: C::zero(),
        index: 0,
    });
    let mut meter = budget.meter();
    while let Some(Open { g, index, .. }) = open.pop() {
        let slot = &tree.slots[index as usize];
        if goal(&slot.node) {
            return PathResult::found(tree.path(index), g, stats);
        }
        if meter.spent(stats.expanded) {
            return PathResult::none(stats, true);
        }
        stats.expanded += 1;
        for (next, step) in successors(&slot.node) {
            stats.generated += 1;
            let ng = g + step;
            if let Offer::New(i) = tree.offer(next, index, ng, |_, _| false) {
                let h = heuristic(&tree.slots[i as usize].node);
                open.push(Open {
                    f: h,
                    g: ng,
                    index: i,
                });
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
    fn follows_heuristic_not_cost() {
        // 0 -> 1 (cost 10) -> 3 and 0 -> 2 (cost 1) -> 3; h prefers 1.
        let succ = |&n: &u8| -> Vec<(u8, u32)> {
            match n {
                0 => vec![(1, 10), (2, 1)],
                1 | 2 => vec![(3, 1)],
                _ => vec![],
            }
        };
        let h = |&n: &u8| u32::from(n != 1 && n != 3);
        let r = best_first(&0, succ, h, |&n| n == 3, &Budget::unlimited());
        assert_eq!(r.path, Some((vec![0, 1, 3], 11)));
        assert_eq!(r.stats.expanded, 2);
    }
}

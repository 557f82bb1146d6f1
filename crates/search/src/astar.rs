//! A*: a cheapest path guided by an admissible heuristic.

use crate::open::{Open, OpenList};
use crate::tree::{Offer, Tree};
use crate::{Budget, PathResult, Stats};
use num_traits::Zero;
use std::hash::Hash;

/// Finds a cheapest path from `start` to a node satisfying `goal`.
///
/// `successors(n)` lists `(neighbour, step cost)` pairs with non-negative costs;
/// `heuristic(n)` estimates the remaining cost and must never overestimate it for the
/// result to be optimal. Nodes reached again more cheaply are reopened, so an admissible
/// but inconsistent heuristic still gives an optimal path. The goal test runs when a node
/// is taken from the open list. Among equal `f = g + h`, deeper nodes (larger `g`) are
/// expanded first; among equal `f` and `g`, the one pushed last usually comes first.
/// Successors at least as urgent as the newest open entry go on a stack instead of the
/// binary heap (O(1) push and pop; most successors under a consistent heuristic), and a
/// successor equal to the expanded node's parent is skipped without a lookup. Expansions
/// stop when `budget` runs out.
///
/// ```
/// use search::{astar, Budget};
/// // 4-connected 20×20 grid with a wall at column 10 (open at row 19).
/// let free = |(r, c): (i32, i32)| (0..20).contains(&r) && (0..20).contains(&c) && (c != 10 || r == 19);
/// let successors = |&(r, c): &(i32, i32)| {
///     [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)].into_iter().filter(|&p| free(p)).map(|p| (p, 1))
/// };
/// let goal = (0, 19);
/// let h = |&(r, c): &(i32, i32)| (r - goal.0).abs() + (c - goal.1).abs();
/// let result = astar(&(0, 0), successors, h, |&p| p == goal, &Budget::unlimited());
/// assert_eq!(result.cost(), Some(19 + 2 * 19));
/// assert!(result.stats.expanded > 0);
/// ```
pub fn astar<N, C, FN, IN, FH, FG>(
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
    let mut open = OpenList::new(Open {
        f: C::zero(),
        g: C::zero(),
        index: 0,
    });
    let mut meter = budget.meter();
    while let Some(Open { g, index, .. }) = open.pop() {
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
            let i = match tree.offer(next, index, ng, |new, old| new < old) {
                Offer::New(i) | Offer::Improved(i) => i,
                Offer::Kept => continue,
            };
            let h = heuristic(&tree.slots[i as usize].node);
            open.push(Open {
                f: ng + h,
                g: ng,
                index: i,
            });
        }
        stats.frontier(open.len());
    }
    PathResult::none(stats, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inconsistent_heuristic_still_optimal() {
        // Node 1 is first reached expensively (0 -> 1, cost 3) and expanded before the
        // cheap route 0 -> 2 -> 1 is found, so it must be reopened.
        let edges = |&n: &u8| -> Vec<(u8, u32)> {
            match n {
                0 => vec![(1, 3), (2, 1)],
                2 => vec![(1, 1)],
                1 => vec![(3, 2)],
                _ => vec![],
            }
        };
        // h(2) = 3 (true remaining 3), h(1) = 0: admissible but inconsistent on 0->1.
        let h = |&n: &u8| if n == 2 { 3 } else { 0 };
        let r = astar(&0, edges, h, |&n| n == 3, &Budget::unlimited());
        assert_eq!(r.path, Some((vec![0, 2, 1, 3], 4)));
    }

    #[test]
    fn zero_heuristic_matches_dijkstra_cost() {
        let succ = |&n: &u32| [(n + 1, 3u32), (n + 2, 5)];
        let r = astar(&0, succ, |_| 0, |&n| n == 10, &Budget::unlimited());
        assert_eq!(r.cost(), Some(25));
    }
}

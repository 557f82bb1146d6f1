//! Breadth-first search: a shortest path counted in steps.

use crate::tree::{Offer, Tree};
use crate::{Budget, PathResult, Stats};
use std::hash::Hash;

/// Finds a path with the fewest steps from `start` to a node satisfying `goal`.
///
/// `successors(n)` lists the neighbours of `n`. The goal test runs on `start` and on every
/// node when it is first generated. The cost in the result is the number of steps
/// (`path.len() - 1`). A successor equal to the expanded node's parent is skipped without a
/// lookup. Expansions stop when `budget` runs out.
///
/// ```
/// use search::{bfs, Budget};
/// // Knight moves on a 8×8 board from a1 to h8.
/// let knight = |&(r, c): &(i32, i32)| {
///     [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
///         .into_iter()
///         .map(move |(dr, dc)| (r + dr, c + dc))
///         .filter(|&(r, c)| (0..8).contains(&r) && (0..8).contains(&c))
/// };
/// let result = bfs(&(0, 0), knight, |&p| p == (7, 7), &Budget::unlimited());
/// let (path, steps) = result.path.unwrap();
/// assert_eq!(steps, 6);
/// assert_eq!((path[0], path[6]), ((0, 0), (7, 7)));
/// ```
pub fn bfs<N, FN, IN, FG>(
    start: &N,
    mut successors: FN,
    mut goal: FG,
    budget: &Budget,
) -> PathResult<N, usize>
where
    N: Clone + Eq + Hash,
    FN: FnMut(&N) -> IN,
    IN: IntoIterator<Item = N>,
    FG: FnMut(&N) -> bool,
{
    let mut stats = Stats::default();
    if goal(start) {
        return PathResult::found(vec![start.clone()], 0, stats);
    }
    // The tree's slots double as the FIFO queue: slots[head..] are not yet expanded.
    let mut tree: Tree<N, ()> = Tree::new(start.clone(), ());
    let mut meter = budget.meter();
    let mut head = 0usize;
    while head < tree.len() {
        stats.frontier(tree.len() - head);
        if meter.spent(stats.expanded) {
            return PathResult::none(stats, true);
        }
        stats.expanded += 1;
        let parent = head as u32;
        for next in successors(&tree.slots[head].node) {
            stats.generated += 1;
            if tree.is_parent_of(parent, &next) {
                continue;
            }
            if let Offer::New(i) = tree.offer(next, parent, (), |(), ()| false)
                && goal(&tree.slots[i as usize].node)
            {
                let path = tree.path(i);
                let steps = path.len() - 1;
                return PathResult::found(path, steps, stats);
            }
        }
        head += 1;
    }
    PathResult::none(stats, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unreachable_goal_is_proven_absent() {
        let r = bfs(
            &0u8,
            |&n| (n < 5).then_some(n + 1),
            |&n| n == 9,
            &Budget::unlimited(),
        );
        assert_eq!(r.path, None);
        assert!(!r.budget_exhausted);
        assert_eq!(r.stats.expanded, 6);
    }

    #[test]
    fn start_is_goal() {
        let r = bfs(&3u8, |&n| [n + 1], |&n| n == 3, &Budget::unlimited());
        assert_eq!(r.path, Some((vec![3], 0)));
    }

    #[test]
    fn node_limit_stops_search() {
        let r = bfs(
            &0i64,
            |&n| [n + 1, n - 1],
            |_| false,
            &Budget::unlimited().with_nodes(50),
        );
        assert!(r.budget_exhausted);
        assert_eq!(r.stats.expanded, 50);
    }
}

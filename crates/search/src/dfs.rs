//! Depth-limited depth-first search.

use crate::tree::{Offer, Tree};
use crate::{Budget, PathResult, Stats};
use std::hash::Hash;

/// Finds some path of at most `max_depth` steps from `start` to a node satisfying `goal`,
/// exploring depth first (successors in the order `successors` lists them).
///
/// Graph search: every node remembers the smallest depth it was reached at and is explored
/// again only when reached at a smaller depth, so the search is complete for the limit
/// (a `None` path without `budget_exhausted` proves there is no goal within `max_depth`
/// steps) yet never loops. The path found need not be shortest; use
/// [`bfs`](crate::bfs) or [`iddfs`](crate::iddfs) for that. The goal test runs on `start`
/// and on every node when it is generated. Pass `usize::MAX` for no depth limit: the search
/// is then a plain graph DFS that expands every node at most once.
/// Expansions stop when `budget` runs out.
///
/// ```
/// use search::{dfs, Budget};
/// let succ = |&n: &u32| [n + 1, n * 3];
/// let deep = dfs(&1, succ, |&n| n == 27, 10, &Budget::unlimited());
/// let (path, steps) = deep.path.unwrap();
/// assert!(steps <= 10 && path[0] == 1 && path[steps] == 27);
/// // 27 cannot be reached from 1 in 2 steps (1 -> 3 -> 9 at best).
/// let shallow = dfs(&1, succ, |&n| n == 27, 2, &Budget::unlimited());
/// assert!(shallow.path.is_none() && !shallow.budget_exhausted);
/// ```
pub fn dfs<N, FN, IN, FG>(
    start: &N,
    mut successors: FN,
    mut goal: FG,
    max_depth: usize,
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
    let max_depth = u32::try_from(max_depth).unwrap_or(u32::MAX);
    // Without a limit, reaching a node again more shallowly cannot uncover anything new.
    let limited = max_depth != u32::MAX;
    let mut tree: Tree<N, u32> = Tree::new(start.clone(), 0);
    // (tree index, depth it was pushed at); entries whose depth no longer matches are stale.
    let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
    let mut children: Vec<u32> = Vec::new();
    let mut meter = budget.meter();
    while let Some((index, depth)) = stack.pop() {
        if tree.slots[index as usize].value != depth || depth >= max_depth {
            continue;
        }
        if meter.spent(stats.expanded) {
            return PathResult::none(stats, true);
        }
        stats.expanded += 1;
        children.clear();
        for next in successors(&tree.slots[index as usize].node) {
            stats.generated += 1;
            match tree.offer(next, index, depth + 1, |new, old| limited && new < old) {
                Offer::New(i) => {
                    if goal(&tree.slots[i as usize].node) {
                        let path = tree.path(i);
                        let steps = path.len() - 1;
                        return PathResult::found(path, steps, stats);
                    }
                    children.push(i);
                }
                Offer::Improved(i) => children.push(i),
                Offer::Kept => {}
            }
        }
        stack.extend(children.iter().rev().map(|&i| (i, depth + 1)));
        stats.frontier(stack.len());
    }
    PathResult::none(stats, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn explores_first_successor_first() {
        // A binary tree of depth 3 over strings; the goal is in the leftmost branch.
        let succ = |s: &String| {
            if s.len() < 3 {
                vec![format!("{s}L"), format!("{s}R")]
            } else {
                vec![]
            }
        };
        let r = dfs(
            &String::new(),
            succ,
            |s| s == "LLR",
            3,
            &Budget::unlimited(),
        );
        assert_eq!(r.cost(), Some(3));
        assert_eq!(r.stats.expanded, 3);
    }

    #[test]
    fn reexpands_node_reached_shallower() {
        // Depth first reaches 3 via 0-1-2-3 (depth 3, at the limit) before 0-5-3 (depth 2);
        // only the re-expansion from depth 2 reaches the goal 4 within 3 steps.
        let succ = |&n: &u8| -> Vec<u8> {
            match n {
                0 => vec![1, 5],
                1 => vec![2],
                2 | 5 => vec![3],
                3 => vec![4],
                _ => vec![],
            }
        };
        let r = dfs(&0, succ, |&n| n == 4, 3, &Budget::unlimited());
        assert_eq!(r.path, Some((vec![0, 5, 3, 4], 3)));
    }
}

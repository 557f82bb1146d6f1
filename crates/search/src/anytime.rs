//! Anytime searches that always hold a best-so-far answer.
//!
//! [`iterative_best_first`] is the iterative best-first search of Wardel (2016, Listing 2.4
//! wrapped in iterative deepening): best-first over a rated open list, a random pick every
//! `random_period` pops, a depth limit that starts at 1 and grows by one per iteration, and a
//! [`Budget`] checked before every expansion. Nodes are dense `usize` ids owned by the caller
//! (an arena), so the search keeps its visited flags in a flat vector and never hashes.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;

use crate::{Budget, Stats};

/// Tuning knobs of [`iterative_best_first`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Every `random_period`-th pop takes a uniformly random open entry instead of the best
    /// one (0 disables random picks).
    pub random_period: u64,
    /// Highest depth limit tried; the search ends after the iteration with this limit.
    pub max_depth: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            random_period: 100,
            max_depth: u32::MAX,
        }
    }
}

/// Why [`iterative_best_first`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A goal node was popped.
    Goal,
    /// The budget ran out.
    Budget,
    /// The graph below the root is exhausted (no node was cut off by the depth limit) or
    /// `max_depth` was reached.
    Exhausted,
}

/// The answer of an anytime search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<V> {
    /// The goal node if one was found, else the best-rated nodes seen (never the root), in
    /// the order they were first reached with the best value.
    pub best: Vec<usize>,
    /// The best value seen (`None` if no node besides the root was popped).
    pub best_value: Option<V>,
    /// Why the search ended.
    pub stop: Stop,
    /// The depth limit of the last (possibly interrupted) iteration.
    pub depth_limit: u32,
    /// Work counters; `expanded` counts popped, not yet visited nodes.
    pub stats: Stats,
}

impl<V> Outcome<V> {
    /// Picks the answer: the goal, else `best[pick(best.len())]`; `None` when nothing
    /// besides the root was seen. `pick(n)` must return an index below `n`.
    pub fn choose(&self, pick: impl FnOnce(usize) -> usize) -> Option<usize> {
        match self.best.len() {
            0 => None,
            1 => Some(self.best[0]),
            n => Some(self.best[pick(n).min(n - 1)]),
        }
    }
}

/// One open-list entry: the value at insertion, then later expansions first, then lower
/// child index first (a stable "children in front, then sort").
struct Entry<V> {
    value: V,
    seq: u64,
    child: Reverse<u32>,
    node: usize,
    depth: u32,
}

impl<V: Ord> Ord for Entry<V> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.value
            .cmp(&other.value)
            .then(self.seq.cmp(&other.seq))
            .then(self.child.cmp(&other.child))
    }
}
impl<V: Ord> PartialOrd for Entry<V> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<V: Ord> PartialEq for Entry<V> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl<V: Ord> Eq for Entry<V> {}

/// Iterative best-first search with random exploration, interruptible at any time.
///
/// - `children(k, out)` appends the successor ids of `k` to `out` in a fixed order (the
///   caller may build them lazily and cache them; ids must be small, dense integers).
/// - `rate(k)` rates a node; **larger is better**. It is called when a node enters the open
///   list (for ordering) and again when it is popped (for the best-so-far answer).
/// - `is_goal(k)` ends the search at once when a popped non-root node is a goal.
/// - `pick(n)` returns a uniformly random index below `n` (random pops).
///
/// Each iteration clears the visited flags, restarts from `root` and expands nodes whose
/// depth is below the limit (1, 2, 3, …). The budget is checked before every pop, so the
/// search returns at most one expansion after the budget is spent. The root is never a
/// best-node candidate.
///
/// ```
/// use search::anytime::{iterative_best_first, Options, Stop};
/// use search::Budget;
/// // Nodes are numbers; children of k are 2k+1 and 2k+2; we want the largest node below 30.
/// let out = iterative_best_first(
///     0,
///     |k, out: &mut Vec<usize>| out.extend([2 * k + 1, 2 * k + 2].into_iter().filter(|&c| c < 30)),
///     |k| k,
///     |_| false,
///     &Budget::unlimited(),
///     Options { random_period: 0, max_depth: 10 },
///     |_| 0,
/// );
/// assert_eq!(out.best, vec![29]);
/// assert_eq!(out.stop, Stop::Exhausted);
/// ```
pub fn iterative_best_first<V: Ord>(
    root: usize,
    mut children: impl FnMut(usize, &mut Vec<usize>),
    mut rate: impl FnMut(usize) -> V,
    mut is_goal: impl FnMut(usize) -> bool,
    budget: &Budget,
    options: Options,
    mut pick: impl FnMut(usize) -> usize,
) -> Outcome<V> {
    let mut stats = Stats::default();
    let mut best: Vec<usize> = Vec::new();
    let mut best_value: Option<V> = None;
    let mut visited: Vec<bool> = Vec::new();
    // Membership flags of `best`: a node popped again in a later iteration is not re-added.
    let mut in_best: Vec<bool> = Vec::new();
    let mut open: BinaryHeap<Entry<V>> = BinaryHeap::new();
    let mut kids: Vec<usize> = Vec::new();
    let mut seq: u64 = 0;
    let mut limit: u32 = 1;
    loop {
        visited.fill(false);
        open.clear();
        open.push(Entry {
            value: rate(root),
            seq: 0,
            child: Reverse(0),
            node: root,
            depth: 0,
        });
        let mut counter: u64 = 0;
        let mut cut_off = false;
        while !open.is_empty() {
            if budget.exhausted(stats.expanded) {
                return Outcome {
                    best,
                    best_value,
                    stop: Stop::Budget,
                    depth_limit: limit,
                    stats,
                };
            }
            counter += 1;
            let entry = if options.random_period > 0 && counter == options.random_period {
                counter = 0;
                take_random(&mut open, &mut pick)
            } else {
                open.pop()
            };
            let Some(entry) = entry else { break };
            let k = entry.node;
            if k >= visited.len() {
                visited.resize(k + 1, false);
                in_best.resize(k + 1, false);
            }
            if visited[k] {
                continue;
            }
            visited[k] = true;
            stats.expanded += 1;
            if k != root {
                let v = rate(k);
                match &best_value {
                    Some(b) if v < *b => {}
                    Some(b) if v == *b => {
                        if !in_best[k] {
                            in_best[k] = true;
                            best.push(k);
                        }
                    }
                    _ => {
                        for &b in &best {
                            in_best[b] = false;
                        }
                        best.clear();
                        best.push(k);
                        in_best[k] = true;
                        best_value = Some(v);
                    }
                }
                if is_goal(k) {
                    return Outcome {
                        best: vec![k],
                        best_value,
                        stop: Stop::Goal,
                        depth_limit: limit,
                        stats,
                    };
                }
            }
            if entry.depth >= limit {
                cut_off = true;
                continue;
            }
            kids.clear();
            children(k, &mut kids);
            seq += 1;
            for (i, &c) in kids.iter().enumerate() {
                stats.generated += 1;
                if visited.get(c).copied().unwrap_or(false) {
                    continue;
                }
                open.push(Entry {
                    value: rate(c),
                    seq,
                    child: Reverse(i as u32),
                    node: c,
                    depth: entry.depth + 1,
                });
            }
            stats.frontier(open.len());
        }
        if !cut_off || limit >= options.max_depth {
            return Outcome {
                best,
                best_value,
                stop: Stop::Exhausted,
                depth_limit: limit,
                stats,
            };
        }
        limit += 1;
    }
}

/// Removes a uniformly random entry from the heap.
fn take_random<V: Ord>(
    open: &mut BinaryHeap<Entry<V>>,
    pick: &mut impl FnMut(usize) -> usize,
) -> Option<Entry<V>> {
    if open.is_empty() {
        return None;
    }
    let i = pick(open.len()).min(open.len() - 1);
    let mut all = std::mem::take(open).into_vec();
    let entry = all.swap_remove(i);
    *open = BinaryHeap::from(all);
    Some(entry)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Binary tree over ids: children of k are 2k+1, 2k+2 (infinite).
    fn tree(k: usize, out: &mut Vec<usize>) {
        out.extend([2 * k + 1, 2 * k + 2]);
    }

    #[test]
    fn finds_best_in_finite_tree_and_never_returns_root() {
        let out = iterative_best_first(
            0,
            |k, out: &mut Vec<usize>| {
                if k < 7 {
                    tree(k, out);
                }
            },
            Reverse,
            |_| false,
            &Budget::unlimited(),
            Options::default(),
            |_| 0,
        );
        // Smallest non-root id is the best under Reverse.
        assert_eq!(out.best, vec![1]);
        assert_eq!(out.stop, Stop::Exhausted);
    }

    #[test]
    fn goal_ends_search_at_shallowest_depth() {
        // Goal: any node >= 5; iterative deepening reaches depth 2 (ids 3..=6) first.
        let out = iterative_best_first(
            0,
            tree,
            Reverse,
            |k| k >= 5,
            &Budget::unlimited(),
            Options::default(),
            |_| 0,
        );
        assert_eq!(out.stop, Stop::Goal);
        assert_eq!(out.best, vec![5]);
        assert_eq!(out.depth_limit, 2);
    }

    #[test]
    fn ties_are_all_kept_in_order() {
        let out = iterative_best_first(
            0,
            |k, out: &mut Vec<usize>| {
                if k == 0 {
                    out.extend([1, 2, 3]);
                }
            },
            |k| usize::from(k != 0),
            |_| false,
            &Budget::unlimited(),
            Options::default(),
            |_| 0,
        );
        assert_eq!(out.best, vec![1, 2, 3]);
        assert_eq!(out.choose(|n| n - 1), Some(3));
    }

    #[test]
    fn equal_values_pop_later_expansions_first_then_child_order() {
        // Root 0 → [1, 2], 1 → [3, 4], 2 → [5, 6], all rated equal: "children in front, then
        // a stable sort" (E-27) makes the order depth-first, lowest child index first.
        let mut popped = Vec::new();
        let out = iterative_best_first(
            0,
            |k, out: &mut Vec<usize>| {
                if k < 3 {
                    tree(k, out);
                }
            },
            |_| 0,
            |k| {
                popped.push(k);
                false
            },
            &Budget::unlimited(),
            Options {
                random_period: 0,
                max_depth: 2,
            },
            |_| 0,
        );
        assert_eq!(popped, vec![1, 2, 1, 3, 4, 2, 5, 6]);
        assert_eq!(out.best, vec![1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn better_value_beats_later_expansion() {
        // Node 2 is rated above everything, so it is popped right after the root although
        // node 1's children were inserted later.
        let mut popped = Vec::new();
        iterative_best_first(
            0,
            |k, out: &mut Vec<usize>| {
                if k < 3 {
                    tree(k, out);
                }
            },
            |k| usize::from(k == 2),
            |k| {
                popped.push(k);
                false
            },
            &Budget::unlimited(),
            Options {
                random_period: 0,
                max_depth: 2,
            },
            |_| 0,
        );
        assert_eq!(&popped[2..], &[2, 5, 6, 1, 3, 4]);
    }

    #[test]
    fn node_budget_is_exact() {
        let out = iterative_best_first(
            0,
            tree,
            |k| k,
            |_| false,
            &Budget::unlimited().with_nodes(50),
            Options::default(),
            |_| 0,
        );
        assert_eq!(out.stop, Stop::Budget);
        assert_eq!(out.stats.expanded, 50);
        assert!(!out.best.is_empty());
    }

    #[test]
    fn deadline_interrupts_infinite_search() {
        let start = Instant::now();
        let out = iterative_best_first(
            0,
            tree,
            |k| k % 97,
            |_| false,
            &Budget::unlimited().with_time(Duration::from_millis(30)),
            Options::default(),
            |n| n / 2,
        );
        assert_eq!(out.stop, Stop::Budget);
        assert!(start.elapsed() < Duration::from_millis(200));
        assert!(out.depth_limit > 3);
        assert!(out.best.iter().all(|&b| b != 0));
    }

    #[test]
    fn random_pops_change_order_but_not_completeness() {
        // With every second pop random, a finite tree is still fully explored.
        let mut calls = 0;
        let out = iterative_best_first(
            0,
            |k, out: &mut Vec<usize>| {
                if k < 15 {
                    tree(k, out);
                }
            },
            |k| k,
            |_| false,
            &Budget::unlimited(),
            Options {
                random_period: 2,
                max_depth: 10,
            },
            |n| {
                calls += 1;
                n - 1
            },
        );
        assert_eq!(out.best, vec![30]);
        assert!(calls > 0);
    }
}

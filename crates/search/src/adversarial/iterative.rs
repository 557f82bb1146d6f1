//! Iterative-deepening alpha-beta: the anytime form of [`alphabeta`](super::alphabeta).

use super::GameResult;
use super::alphabeta::AlphaBeta;
use crate::Budget;
use num_traits::Bounded;

/// Runs [`alphabeta`](super::alphabeta) to depth 1, 2, … `max_depth` until the budget runs
/// out, and returns the best move of the deepest depth searched completely (`depth` in the
/// result). Each iteration tries the previous iteration's best root move first. If even
/// depth 1 is cut short, the best of the root moves it finished is returned. Deepening stops
/// early once an iteration reaches no position at its depth limit (the tree is exhausted).
/// `stats` add up over all iterations; `budget_exhausted` is true when the budget stopped
/// deepening before `max_depth`.
///
/// ```
/// use search::{adversarial::{alphabeta, alphabeta_iterative}, Budget};
/// use std::time::Duration;
/// let moves = |&n: &u64| vec![2 * n + 1, 2 * n + 2, 2 * n + 3];
/// let child = |_: &u64, &m: &u64| m;
/// let evaluate = |&n: &u64| (n.wrapping_mul(2654435761) % 100) as i32;
/// // Unlimited: the same value as a direct search at the maximum depth.
/// let deep = alphabeta_iterative(&0, 5, moves, child, |_| false, evaluate, &Budget::unlimited());
/// let direct = alphabeta(&0, 5, moves, child, |_| false, evaluate, &Budget::unlimited());
/// assert_eq!((deep.depth, deep.best.map(|b| b.1)), (5, direct.best.map(|b| b.1)));
/// // With a deadline it returns the deepest completed answer in time.
/// let timed = alphabeta_iterative(&0, 60, moves, child, |_| false, evaluate,
///                                 &Budget::unlimited().with_time(Duration::from_millis(5)));
/// assert!(timed.budget_exhausted && timed.best.is_some() && timed.depth >= 1);
/// ```
pub fn alphabeta_iterative<S, M, V, FM, IM, FC, FT, FE>(
    root: &S,
    max_depth: u32,
    moves: FM,
    child: FC,
    terminal: FT,
    evaluate: FE,
    budget: &Budget,
) -> GameResult<M, V>
where
    M: PartialEq,
    V: Copy + Ord + Bounded,
    FM: FnMut(&S) -> IM,
    IM: IntoIterator<Item = M>,
    FC: FnMut(&S, &M) -> S,
    FT: FnMut(&S) -> bool,
    FE: FnMut(&S) -> V,
{
    let mut search = AlphaBeta::new(moves, child, terminal, evaluate, budget);
    let mut result = GameResult {
        best: None,
        depth: 0,
        stats: search.stats,
        budget_exhausted: false,
    };
    if max_depth == 0 || (search.terminal)(root) {
        return result;
    }
    let mut deepest = 0;
    for depth in 1..=max_depth {
        let mut root_moves: Vec<M> = (search.moves)(root).into_iter().collect();
        if let Some((previous, _)) = &result.best
            && let Some(k) = root_moves.iter().position(|m| m == previous)
        {
            root_moves[..=k].rotate_right(1);
        }
        search.stats.max_frontier = 0;
        let best = search.root(root, depth, root_moves);
        let reached = search.stats.max_frontier;
        deepest = deepest.max(reached);
        if search.aborted {
            if depth == 1 {
                result.best = best;
                result.depth = 1;
            }
            result.budget_exhausted = true;
            break;
        }
        result.best = best;
        result.depth = depth;
        if reached < u64::from(depth) {
            break;
        }
    }
    result.stats = search.stats;
    result.stats.max_frontier = deepest;
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::adversarial::alphabeta;

    #[test]
    fn stops_deepening_when_tree_is_exhausted() {
        // A tree of depth 2 only.
        let moves = |&n: &u32| {
            if n < 3 {
                vec![2 * n + 1, 2 * n + 2]
            } else {
                vec![]
            }
        };
        let r = alphabeta_iterative(
            &0u32,
            50,
            moves,
            |_, &m| m,
            |_| false,
            |&n| n as i32,
            &Budget::unlimited(),
        );
        assert_eq!(r.best, Some((2, 5)));
        assert!(r.depth <= 3 && !r.budget_exhausted);
    }

    #[test]
    fn matches_direct_search_at_each_depth() {
        let moves = |&n: &u64| (0..=(n % 3)).map(|k| n * 7 + k + 1).collect::<Vec<_>>();
        let eval = |&n: &u64| ((n * 2_654_435_761) % 50) as i32;
        for d in 1..7 {
            let it = alphabeta_iterative(
                &1u64,
                d,
                moves,
                |_, &m| m,
                |_| false,
                eval,
                &Budget::unlimited(),
            );
            let direct = alphabeta(
                &1u64,
                d,
                moves,
                |_, &m| m,
                |_| false,
                eval,
                &Budget::unlimited(),
            );
            assert_eq!(it.best.map(|b| b.1), direct.best.map(|b| b.1));
        }
    }
}

//! Plain depth-limited minimax for alternating-move games.

use super::GameResult;
use crate::{Budget, Meter, Stats};
use num_traits::Bounded;

/// Searches every line of play `depth` plies deep and returns the best move for the player
/// to move at `root`, who maximises; the players alternate each ply.
///
/// - `moves(s)`: the legal moves in `s` (a non-terminal position without moves is scored
///   by `evaluate` like a terminal one);
/// - `child(s, m)`: the position after playing `m` in `s`;
/// - `terminal(s)`: true when the game is over in `s`;
/// - `evaluate(s)`: the value of `s` for the maximising (root) player, used at terminal
///   positions and at the depth limit.
///
/// This is the reference for [`alphabeta`](super::alphabeta), which returns the same
/// result while visiting fewer nodes.
///
/// ```
/// use search::{adversarial::minimax, Budget};
/// // Take 1 or 2 stones from a pile; whoever takes the last stone wins.
/// // State: (stones left, root player to move?).
/// let moves = |&(n, _): &(u32, bool)| (1..=n.min(2)).collect::<Vec<u32>>();
/// let child = |&(n, me): &(u32, bool), &m: &u32| (n - m, !me);
/// let terminal = |&(n, _): &(u32, bool)| n == 0;
/// // At the end, the player to move has lost.
/// let evaluate = |&(_, me): &(u32, bool)| if me { -1 } else { 1 };
/// let result = minimax(&(4, true), 10, moves, child, terminal, evaluate, &Budget::unlimited());
/// assert_eq!(result.best, Some((1, 1))); // take 1, leaving a multiple of 3
/// ```
pub fn minimax<S, M, V, FM, IM, FC, FT, FE>(
    root: &S,
    depth: u32,
    moves: FM,
    child: FC,
    terminal: FT,
    evaluate: FE,
    budget: &Budget,
) -> GameResult<M, V>
where
    V: Copy + Ord + Bounded,
    FM: FnMut(&S) -> IM,
    IM: IntoIterator<Item = M>,
    FC: FnMut(&S, &M) -> S,
    FT: FnMut(&S) -> bool,
    FE: FnMut(&S) -> V,
{
    let mut search = Minimax {
        moves,
        child,
        terminal,
        evaluate,
        meter: budget.meter(),
        stats: Stats::default(),
        aborted: false,
    };
    let mut best: Option<(M, V)> = None;
    if depth > 0 && !(search.terminal)(root) {
        if search.meter.spent(0) {
            search.aborted = true;
        } else {
            search.stats.expanded += 1;
            for m in (search.moves)(root) {
                search.stats.generated += 1;
                let c = (search.child)(root, &m);
                let v = search.value(&c, depth - 1, false, 1);
                if search.aborted {
                    break;
                }
                if best.as_ref().is_none_or(|&(_, b)| v > b) {
                    best = Some((m, v));
                }
            }
        }
    }
    GameResult {
        best,
        depth,
        stats: search.stats,
        budget_exhausted: search.aborted,
    }
}

/// The closures and counters of one minimax search.
struct Minimax<'b, FM, FC, FT, FE> {
    moves: FM,
    child: FC,
    terminal: FT,
    evaluate: FE,
    meter: Meter<'b>,
    stats: Stats,
    aborted: bool,
}

impl<FM, FC, FT, FE> Minimax<'_, FM, FC, FT, FE> {
    /// The minimax value of `s` searched `depth` plies deep; `max` tells whose turn it is.
    fn value<S, M, V, IM>(&mut self, s: &S, depth: u32, max: bool, ply: u64) -> V
    where
        V: Copy + Ord + Bounded,
        FM: FnMut(&S) -> IM,
        IM: IntoIterator<Item = M>,
        FC: FnMut(&S, &M) -> S,
        FT: FnMut(&S) -> bool,
        FE: FnMut(&S) -> V,
    {
        self.stats.frontier(ply as usize);
        if self.meter.spent(self.stats.expanded) {
            self.aborted = true;
            return V::min_value();
        }
        if depth == 0 || (self.terminal)(s) {
            return (self.evaluate)(s);
        }
        self.stats.expanded += 1;
        let mut best: Option<V> = None;
        for m in (self.moves)(s) {
            self.stats.generated += 1;
            let c = (self.child)(s, &m);
            let v = self.value(&c, depth - 1, !max, ply + 1);
            if self.aborted {
                return v;
            }
            best = Some(match best {
                None => v,
                Some(b) if max => b.max(v),
                Some(b) => b.min(v),
            });
        }
        best.unwrap_or_else(|| (self.evaluate)(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_limit_uses_evaluation() {
        // A binary tree of depth 2 over ids; leaves scored by id.
        let moves = |&n: &u32| {
            if n < 3 {
                vec![2 * n + 1, 2 * n + 2]
            } else {
                vec![]
            }
        };
        let r = minimax(
            &0u32,
            2,
            moves,
            |_, &m| m,
            |_| false,
            |&n| n as i32,
            &Budget::unlimited(),
        );
        // Max picks between min(3, 4) = 3 and min(5, 6) = 5.
        assert_eq!(r.best, Some((2, 5)));
        assert_eq!(r.stats.expanded, 3);
        let shallow = minimax(
            &0u32,
            1,
            moves,
            |_, &m| m,
            |_| false,
            |&n| n as i32,
            &Budget::unlimited(),
        );
        assert_eq!(shallow.best, Some((2, 2)));
    }
}

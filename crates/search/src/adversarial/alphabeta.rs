//! Depth-limited alpha-beta search for alternating-move games.

use super::GameResult;
use crate::{Budget, Meter, Stats};
use num_traits::Bounded;

/// Same contract and same result as [`minimax`](super::minimax) — the best root move
/// (first among equals, in move-list order) and its exact value — but skips lines that
/// cannot change it (fail-soft alpha-beta). Order `moves` best first for the most cuts.
///
/// ```
/// use search::{adversarial::{alphabeta, minimax}, Budget};
/// // A complete binary tree of depth 6 with pseudo-random leaf values.
/// let moves = |&n: &u64| vec![2 * n + 1, 2 * n + 2];
/// let child = |_: &u64, &m: &u64| m;
/// let evaluate = |&n: &u64| (n.wrapping_mul(2654435761) % 100) as i32;
/// let budget = Budget::unlimited();
/// let ab = alphabeta(&0, 6, moves, child, |_| false, evaluate, &budget);
/// let mm = minimax(&0, 6, moves, child, |_| false, evaluate, &budget);
/// assert_eq!(ab.best, mm.best);
/// assert!(ab.stats.expanded < mm.stats.expanded);
/// ```
pub fn alphabeta<S, M, V, FM, IM, FC, FT, FE>(
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
    let mut search = AlphaBeta::new(moves, child, terminal, evaluate, budget);
    let mut best = None;
    if depth > 0 && !(search.terminal)(root) {
        let root_moves = (search.moves)(root);
        best = search.root(root, depth, root_moves);
    }
    GameResult {
        best,
        depth,
        stats: search.stats,
        budget_exhausted: search.aborted,
    }
}

/// The closures and counters of one alpha-beta search (shared with
/// [`alphabeta_iterative`](super::alphabeta_iterative)).
pub(super) struct AlphaBeta<'b, FM, FC, FT, FE> {
    pub moves: FM,
    pub child: FC,
    pub terminal: FT,
    evaluate: FE,
    meter: Meter<'b>,
    pub stats: Stats,
    pub aborted: bool,
}

impl<'b, FM, FC, FT, FE> AlphaBeta<'b, FM, FC, FT, FE> {
    pub fn new(moves: FM, child: FC, terminal: FT, evaluate: FE, budget: &'b Budget) -> Self {
        Self {
            moves,
            child,
            terminal,
            evaluate,
            meter: budget.meter(),
            stats: Stats::default(),
            aborted: false,
        }
    }

    /// Searches the non-terminal `root` `depth > 0` plies deep, trying `root_moves` in order;
    /// the best move (first among equals) of those searched before the budget ran out.
    pub fn root<S, M, V, IM>(
        &mut self,
        root: &S,
        depth: u32,
        root_moves: impl IntoIterator<Item = M>,
    ) -> Option<(M, V)>
    where
        V: Copy + Ord + Bounded,
        FM: FnMut(&S) -> IM,
        IM: IntoIterator<Item = M>,
        FC: FnMut(&S, &M) -> S,
        FT: FnMut(&S) -> bool,
        FE: FnMut(&S) -> V,
    {
        let mut best: Option<(M, V)> = None;
        if self.meter.spent(self.stats.expanded) {
            self.aborted = true;
            return None;
        }
        self.stats.expanded += 1;
        for m in root_moves {
            self.stats.generated += 1;
            let c = (self.child)(root, &m);
            let alpha = best.as_ref().map_or_else(V::min_value, |&(_, b)| b);
            let v = self.value(&c, depth - 1, alpha, V::max_value(), false, 1);
            if self.aborted {
                break;
            }
            if best.as_ref().is_none_or(|&(_, b)| v > b) {
                best = Some((m, v));
            }
        }
        best
    }

    /// Fail-soft alpha-beta value of `s`: exact when strictly inside `(alpha, beta)`, an
    /// upper bound when `<= alpha`, a lower bound when `>= beta`.
    fn value<S, M, V, IM>(
        &mut self,
        s: &S,
        depth: u32,
        mut alpha: V,
        mut beta: V,
        max: bool,
        ply: u64,
    ) -> V
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
            let v = self.value(&c, depth - 1, alpha, beta, !max, ply + 1);
            if self.aborted {
                return v;
            }
            if max {
                let b = best.map_or(v, |b| b.max(v));
                best = Some(b);
                alpha = alpha.max(b);
            } else {
                let b = best.map_or(v, |b| b.min(v));
                best = Some(b);
                beta = beta.min(b);
            }
            if alpha >= beta {
                break;
            }
        }
        best.unwrap_or_else(|| (self.evaluate)(s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_the_textbook_example() {
        // Depth-2 tree: max over three min nodes with leaves [3, 12, 8], [2, 4, 6], [14, 5, 2].
        // After the first min node (3), the second is cut after its first leaf (2 <= 3).
        let leaves = [3, 12, 8, 2, 4, 6, 14, 5, 2];
        let moves = |&n: &usize| {
            if n == 0 {
                vec![1, 2, 3]
            } else if n <= 3 {
                vec![0, 1, 2]
            } else {
                vec![]
            }
        };
        let child = |&n: &usize, &m: &usize| if n == 0 { m } else { 10 + 3 * (n - 1) + m };
        let eval = |&n: &usize| leaves[n - 10];
        let r = alphabeta(
            &0usize,
            2,
            moves,
            child,
            |_| false,
            eval,
            &Budget::unlimited(),
        );
        assert_eq!(r.best, Some((1, 3)));
        // Root + 3 min nodes generate 3 + 3 + 1 + 3 = 10 children.
        assert_eq!(r.stats.generated, 10);
    }
}

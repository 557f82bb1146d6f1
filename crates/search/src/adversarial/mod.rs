//! Adversarial search for two-player zero-sum games.
//!
//! - [`minimax`] and [`alphabeta`]: alternating-move games given by closures (moves, child,
//!   terminal test, evaluation), searched to a depth limit under a [`Budget`](crate::Budget);
//!   [`alphabeta_iterative`] deepens step by step until the budget runs out.
//! - [`chain_alphabeta`] and [`chain_minimax`]: the shape of a simultaneous-move fight such
//!   as Ants combat. We fix one move per own unit (a chain of max decisions), then the
//!   enemy, knowing our moves, fixes one move per enemy unit (a chain of min decisions);
//!   the position is evaluated once all units have moved. Each unit's move list may depend
//!   on the moves already chosen. Alpha-beta cuts work across the whole chain: as soon as
//!   some enemy reply makes an own assignment no better than the best one found so far,
//!   the remaining replies are skipped. The game is described by the [`ChainGame`] trait.
//!
//! Values are from the maximising (own) side's point of view. Results carry the same
//! `stats` and `budget_exhausted` fields as [`PathResult`](crate::PathResult).

mod alphabeta;
mod chain;
mod iterative;
mod minimax;

pub use alphabeta::alphabeta;
pub use chain::{ChainGame, ChainResult, chain_alphabeta, chain_minimax};
pub use iterative::alphabeta_iterative;
pub use minimax::minimax;

use crate::Stats;

/// What [`minimax`] and [`alphabeta`] return.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct GameResult<M, V> {
    /// The best root move and its value: the first root move (in move-list order) that
    /// attains the best value. `None` when the root is terminal, the depth is 0, the root
    /// has no moves, or the budget ran out before the first root move was fully searched.
    pub best: Option<(M, V)>,
    /// The depth (in plies) of the search that produced `best`.
    pub depth: u32,
    /// Work counters: `expanded` = interior nodes whose moves were generated, `generated` =
    /// child positions made, `max_frontier` = deepest ply reached.
    pub stats: Stats,
    /// True when the budget stopped the search; `best` then covers only the root moves
    /// searched completely.
    pub budget_exhausted: bool,
}

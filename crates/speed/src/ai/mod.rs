//! The bots: the [`Bot`] trait, the catalogue [`BOTS`] that builds any of them from a spec
//! such as `pathfinding-search-tree(max_speed=1,paths=50)`, and every bot.
//!
//! A bot is anytime: [`Bot::decide`] first settles on a safe move, then improves it
//! while time remains, and returns before `deadline`.

use std::time::Instant;

use crate::state::{Action, GameState, PlayerId};

mod catalogue;
pub mod champion;
pub mod fill;
pub mod not_killing;
pub mod pathfinding;
pub mod random;
pub mod search_tree;
pub mod sim;

pub use catalogue::{BOTS, DEFAULT_LINEUP};
pub use champion::ChampionBot;
pub use not_killing::NotKillingItselfBot;
pub use pathfinding::PathfindingBot;
pub use random::RandomBot;
pub use search_tree::{PathfindingSearchTreeBot, SearchTreeBot, SearchTreePathfindingBot};

/// A spe_ed bot: what plays one seat of a game in-process.
pub trait Bot: Send {
    /// The bot's spec with its parameters, e.g. `pathfinding(2,75)`; [`BOTS`] builds the
    /// same bot from it.
    fn name(&self) -> String;

    /// Chooses the action answering `state` for player `me`, returning before
    /// `deadline`. `state.round` must be the 1-based round number (hole rule).
    fn decide(&mut self, state: &GameState, me: PlayerId, deadline: Instant) -> Action;
}

/// Index of player `me` in `state.players`, if it is active.
pub(crate) fn active_index(state: &GameState, me: PlayerId) -> Option<usize> {
    state.player_index(me).filter(|&i| state.players[i].active)
}

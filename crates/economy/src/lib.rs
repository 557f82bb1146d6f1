//! The economic strategy game of Wardel (2016), as specified in `shared/specs/economy.md`.
//!
//! - [`world`] and [`loader`]: the data model and the TOML world format with precise errors.
//! - [`rules`] and [`merchant`]: executability, effects, score, goal; trading and prices.
//! - [`game`]: the round engine and the serialisable [`game::GameView`] for front ends.
//! - [`analyzer`]: the GameAnalyzer (production paths, ranking, edge rating).
//! - [`rating`] and [`agent`]: the eight ratings and one round of anytime search.
//! - [`planner`]: our GameAnalyzer planner (plans whole games to the goal; beyond the thesis).
//! - [`bots`]: the player trait [`Bot`], [`RatingBot`], [`PlannerBot`] and the catalogue
//!   [`BOTS`] (`botforge economy bots`).
//! - [`session`]: bots thinking in parallel threads around the engine.
//! - [`experiment`]: one game ([`play_game`]) and the agent-vs-agent experiments of the
//!   thesis's Tab. 8.2.
//!
//! ```
//! use std::sync::Arc;
//! use economy::{PlayOptions, build_bot, loader, play_game};
//! let world = Arc::new(loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")?.world);
//! let bots = vec![build_bot("gold")?, build_bot("game-analyzer")?];
//! let options = PlayOptions { max_rounds: 5, ..PlayOptions::default() };
//! let outcome = play_game(&world, bots, &options);
//! assert_eq!(outcome.rounds.len(), 2);
//! assert_eq!(outcome.thought, [5, 5]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod agent;
pub mod analyzer;
pub mod bots;
pub mod experiment;
pub mod game;
pub mod loader;
pub mod merchant;
pub mod planner;
pub mod rating;
pub mod rng;
pub mod rules;
pub mod session;
pub mod world;

pub use bots::{BOTS, Bot, PlannerBot, RatingBot, build_bot};
pub use experiment::{GameOutcome, PlayOptions, play_game, play_game_traced};

/// The thesis's example world as shipped in `data/economy/beispielwelt.toml`.
pub const EXAMPLE_WORLD: &str = include_str!("../../../data/economy/beispielwelt.toml");

#[cfg(test)]
mod tests {
    /// The bundled example world, loaded (shared by the unit-test modules).
    pub(crate) fn example_world() -> crate::world::World {
        crate::loader::load_str(crate::EXAMPLE_WORLD, "beispielwelt.toml")
            .unwrap()
            .world
    }
}

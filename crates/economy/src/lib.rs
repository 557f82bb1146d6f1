//! The economic strategy game of Wardel (2016), as specified in `shared/specs/economy.md`.
//!
//! - [`world`] and [`loader`]: the data model and the TOML world format with precise errors.
//! - [`rules`] and [`merchant`]: executability, effects, score, goal; trading and prices.
//! - [`game`]: the round engine and the serialisable [`game::GameView`] for front ends.
//! - [`analyzer`]: the GameAnalyzer (production paths, ranking, edge rating).
//! - [`rating`] and [`agent`]: the eight ratings and one round of anytime search.
//! - [`session`]: agents thinking in parallel threads around the engine.
//! - [`planner`]: our GameAnalyzer planner (plans whole games to the goal; beyond the thesis).
//! - [`experiment`]: the agent-vs-agent experiments of the thesis's Tab. 8.2.
//!
//! ```
//! use std::sync::Arc;
//! use economy::{game::Controller, loader, rating::Rating, session::{Session, ThinkLimit}};
//! let world = Arc::new(loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")?.world);
//! let mut s = Session::agents_only(world, &[Rating::GameAnalyzer], 1, 0);
//! s.start_thinking(ThinkLimit { expansions: Some(200), deadline: None });
//! let report = s.finish_round(&[], false);
//! assert_eq!(report.round, 1);
//! assert!(report.executed[0].is_some());
//! # let _ = Controller::Human;
//! # Ok::<(), economy::loader::LoadError>(())
//! ```

pub mod agent;
pub mod analyzer;
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

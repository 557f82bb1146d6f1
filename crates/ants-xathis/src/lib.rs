//! Ants bots after the 2011 winner's post mortem (Mathis Lichtenberger, "xathis"):
//! [`XathisBot`] (`xathis-style`) follows the described design step by step, [`ChampionBot`]
//! (`champion`) improves it where the post mortem itself names weaknesses.
//!
//! Modules: [`world`] (world model), [`paths`] (BFS / A* scratch), [`areas`] (areas and
//! border), [`missions`], [`combat`] (the max-chain/min-chain fight search), [`brain`] (the
//! turn pipeline), [`bots`] (the two `ants::Bot` implementations).

pub mod areas;
pub mod bots;
pub mod brain;
pub mod combat;
pub mod missions;
pub mod paths;
pub mod world;

pub use bots::{ChampionBot, XathisBot};
pub use brain::{Brain, Config, Step};

//! Ants bots after the 2011 winner's post mortem (Mathis Lichtenberger, "xathis"): the
//! described design step by step ([`Config::post_mortem`], `xathis-postmortem`), the rebuild
//! [`XathisBot`] (`xathis-style`: that design with what the original's games show it does
//! beyond the text) and [`ChampionBot`] (`champion`), which improves on it.
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

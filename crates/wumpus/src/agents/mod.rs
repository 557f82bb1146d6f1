//! In-process agents and the name → agent factory.

pub mod champion;
pub mod pits;
pub mod plan;
pub mod reference;

use crate::agent::Bot;

pub use champion::ChampionBot;
pub use reference::ReferenceBot;

/// Names of the built-in agents.
pub const AGENT_NAMES: [&str; 2] = ["reference", "champion"];

/// A built-in agent by name, or `None` if unknown.
pub fn by_name(name: &str) -> Option<Box<dyn Bot + Send>> {
    match name {
        "reference" => Some(Box::new(ReferenceBot::new())),
        "champion" => Some(Box::new(ChampionBot::new())),
        _ => None,
    }
}

//! The baseline bots, modelled on the official Python sample bots: `hold` (never moves),
//! `random` (random passable moves), `lefty` (walks straight, then follows walls keeping
//! them on its left), `greedy` (heads for the nearest food or enemy ant) and `hunter`
//! (razes visible enemy hills first, then hunts the nearest enemy ant, then food).
//! All share [`Knowledge`], the starter kit's view of the map, and are seeded with the
//! game's `player_seed`.

mod greedy;
mod hold;
mod knowledge;
mod lefty;
mod random;

pub use greedy::{GreedyBot, Target};
pub use hold::HoldBot;
pub use knowledge::Knowledge;
pub use lefty::LeftyBot;
pub use random::RandomBot;

use crate::bot::Bot;

/// Names accepted by [`by_name`].
pub const NAMES: &[&str] = &["random", "hold", "lefty", "greedy", "hunter"];

/// A fresh baseline bot by name.
pub fn by_name(name: &str) -> Option<Box<dyn Bot>> {
    Some(match name {
        "random" => Box::new(RandomBot::default()),
        "hold" => Box::new(HoldBot),
        "lefty" => Box::new(LeftyBot::default()),
        "greedy" => Box::new(GreedyBot::new(Target::Greedy)),
        "hunter" => Box::new(GreedyBot::new(Target::Hunter)),
        _ => return None,
    })
}

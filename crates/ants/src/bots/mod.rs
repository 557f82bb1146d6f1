//! The baseline bots, modelled on the official Python sample bots: `hold` (never moves),
//! `random` (random passable moves), `lefty` (walks straight, then follows walls keeping
//! them on its left), `greedy` (heads for the nearest food or enemy ant) and `hunter`
//! (razes visible enemy hills first, then hunts the nearest enemy ant, then food).
//! All share [`Knowledge`], the starter kit's view of the map, and are seeded with the
//! game's `player_seed`. Specs name them through the catalogue of `ants-bots`; here they are
//! types: [`HoldBot`], [`RandomBot::default`], [`LeftyBot::default`], [`GreedyBot::greedy`]
//! and [`GreedyBot::hunter`].

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

//! Wumpus world with moving wumpi and a stench radar (spec `shared/specs/wumpus.md`).
//!
//! - [`world`]: the world, its text format ([`World::parse`], [`World::to_text`]);
//! - [`mod@generate`]: the seeded generator and presets;
//! - [`game`]: the simulator ([`Game`]) — every rule lives there;
//! - [`agent`]: the [`Bot`] trait, [`Entrant`] (a bot or an external program), knowledge
//!   snapshots, the game driver [`play_game`] and traces;
//! - [`protocol`]: the line protocol, both as simulator (external agents) and as agent;
//! - [`agents`]: the bots `reference` (the seed's agent) and `champion`, listed in the
//!   catalogue [`agents::BOTS`];
//! - [`eval`]: the evaluation procedure; [`render`]: text boards.

pub mod agent;
pub mod agents;
pub mod eval;
pub mod game;
pub mod generate;
pub mod protocol;
pub mod render;
pub mod rng;
pub mod world;

pub use agent::{
    Bot, CellKnowledge, Entrant, GameTrace, Knowledge, PlayedGame, TraceStep, play_game,
    play_game_traced,
};
pub use game::{
    ActionEffect, Game, GameOutcome, HunterAction, Observation, Outcome, Percept, StartInfo,
    WumpusState,
};
pub use generate::{GenError, GenParams, Preset, generate};
pub use rng::SplitMix64;
pub use world::{
    Cell, GameParams, Heading, Rewards, START, Tile, World, WorldError, WorldFileError, manhattan,
};

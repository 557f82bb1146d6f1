//! spe_ed (informatiCup 2021): the exact server rules, the JSON protocol, golden-log
//! replay, the team Chillow AI family, a stronger `champion`, and offline play and
//! evaluation.
//!
//! * [`state`]: [`GameState`], [`Player`], [`Direction`], [`Action`] (flat `i8` cells).
//! * [`protocol`]: parse/serialise server state messages and client action messages.
//! * [`engine`]: [`engine::step`] (one server round), seeded [`engine::random_setup`].
//! * [`golden`]: the JSON-lines golden log: replay check and writer.
//! * [`ai`]: the [`Bot`] trait (anytime: safe move first, improve until a deadline),
//!   every bot, and the catalogue [`ai::BOTS`] that builds them from specs.
//! * [`game`]: [`play_game`], one complete offline game between bots.
//! * [`eval`]: seeded evaluation games (line-up, board, AI seeds from the series seed) and
//!   their summary; the arena runs and stores the series.
//! * [`render`]: text rendering of a board.
//! * [`net`]: the websocket client for the official server and a compatible server.

pub mod ai;
pub mod engine;
pub mod eval;
pub mod game;
pub mod golden;
pub mod human;
pub mod net;
pub mod protocol;
pub mod render;
pub mod state;

pub use ai::Bot;
pub use engine::{AnswerStatus, PlayerAnswer, random_setup, step, step_actions};
pub use game::{GameOutcome, play_game};
pub use state::{Action, Direction, GameState, Player, PlayerId};

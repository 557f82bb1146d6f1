//! Ants (Google AI Challenge 2011): map and replay formats, an engine that reproduces the
//! official one (checked against golden replays), the stdin/stdout bot protocol, and the
//! baseline bots.
//!
//! * [`Map`] parses/writes map files; [`GameConfig`] holds every official parameter with the
//!   playgame.py defaults.
//! * [`play_game`] plays a game with in-process [`Bot`]s and external programs
//!   ([`Entrant::Command`]) and returns a [`GameOutcome`] with the official [`Replay`].
//! * [`check_replay`] re-simulates a replay and reports the first [`Divergence`].
//!
//! ```
//! use ants::{GameConfig, Map, bots, play_game};
//!
//! let map = Map::parse(
//!     "rows 8\ncols 8\nplayers 2\n\
//!      m ........\nm .0......\nm ........\nm ........\n\
//!      m ........\nm .....1..\nm ........\nm ........\n",
//! )?;
//! let config = GameConfig { turns: 50, ..GameConfig::seeded(7) };
//! let result = play_game(&map, &config, vec![Box::new(bots::GreedyBot::hunter()) as Box<dyn ants::Bot>, Box::new(bots::HoldBot)])?;
//! assert!(result.turns <= 50);
//! println!("{:?} {:?} {}", result.scores, result.statuses, result.cutoff.as_str());
//! result.replay.write(&std::env::temp_dir().join("doc-example.replay"))?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod agreement;
pub mod analysis;
pub mod bot;
pub mod bots;
pub mod check;
pub mod config;
pub mod engine;
pub mod food;
pub mod game;
pub mod map;
pub mod mapgen;
pub mod online;
pub mod process;
pub mod protocol;
pub mod replay;
pub mod report;
pub mod vision;
pub mod visual;

pub use bot::{Bot, GameSettings, Order, TurnInput};
pub use check::{CheckReport, Divergence, check_replay};
pub use config::{AttackMethod, FoodMethod, GameConfig, Range};
pub use engine::{Cutoff, Engine, Status};
pub use game::{Entrant, GameError, GameOutcome, Timing, VisualRecord, play_game};
pub use map::{Map, MapError, Tile};
pub use replay::{Replay, ReplayError};

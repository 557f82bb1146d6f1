//! The arena: many seeded games between bots, played in parallel, stored in SQLite or PostgreSQL, rated.
//!
//! The arena knows no game rules. A game plugs in through [`GamePlayer`], which turns a
//! [`Job`] (map, seed, one bot spec per seat) into a [`MatchResult`] (score, rank and status
//! per seat). [`runner::run`] schedules the jobs a [`Config`] describes, skips those already
//! in the [`Store`] (runs are resumable), and records each result as soon as it is known.
//! [`rating`] computes TrueSkill ratings, pairwise win/draw/loss tables and confidence
//! intervals from the store; [`report`] renders them as text or a self-contained HTML page.
//! [`work`] spreads a run's games over many workers sharing one PostgreSQL database
//! ([`store::pg`]).
//! [`schedule`] lays out the games (rotation, versus, round robin, the 2011 contest format,
//! reported by [`contest`]); [`sprt`] and
//! [`sprt_run`] stop a two-bot match as soon as a sequential probability ratio test decides.

pub mod config;
pub mod contest;
pub mod games;
pub mod rating;
pub mod report;
pub mod runner;
pub mod schedule;
pub mod sprt;
pub mod sprt_run;
pub mod store;
pub mod work;

pub use config::{BotEntry, Config, ConfigError};
pub use runner::{
    GamePlayer, Job, MatchResult, Observer, RunOptions, RunSummary, SeatResult, Seats,
};
pub use store::Store;

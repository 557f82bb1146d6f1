//! Headless evaluation series: seeded random games between bots given by spec, with win
//! rates and decision-time percentiles per bot. Game `g` of a series is fixed by the
//! series seed: its seed ([`game_seed`]), its line-up ([`lineup`]), board and bot seeds.
//! Running, storing and resuming a series is the arena's job
//! (`arena::games::speed::EvalPlayer`, `botforge speed eval`); this module plays one game
//! of the series ([`play_eval_game`]) and sums up ([`summarize`]).

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use botspec::SpecError;

use crate::ai::BOTS;
use crate::engine::{random_setup, setup_on_board};
use crate::play_game;
use crate::state::PlayerId;

/// What can go wrong in an evaluation.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    /// A bad bot spec.
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// A bad setting.
    #[error("{0}")]
    Config(String),
}

/// Settings of a series.
#[derive(Clone, Debug)]
pub struct EvalConfig {
    /// Number of games.
    pub games: usize,
    /// AI specs; each game draws `players` of them (all, shuffled, by default).
    pub ais: Vec<String>,
    /// Players per game (2 … 6); default: the number of AIs.
    pub players: Option<usize>,
    /// Base seed; game `g` uses a seed derived from it.
    pub seed: u64,
    /// Per-move time budget.
    pub budget: Duration,
    /// Fixed board size `(width, height)`; default: drawn as the server does.
    pub board: Option<(i32, i32)>,
}

/// The record of one finished game of a series (what the arena stores per game).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EvalGame {
    /// Game index in the series.
    pub index: usize,
    /// The game's seed.
    pub seed: u64,
    /// Board width.
    pub width: i32,
    /// Board height.
    pub height: i32,
    /// Rounds played.
    pub rounds: u32,
    /// `(player id, AI spec)` of every participant.
    pub participants: Vec<(PlayerId, String)>,
    /// The winner, `None` for a draw.
    pub winner: Option<PlayerId>,
    /// Decision times in microseconds per participant (same order).
    pub times_us: Vec<Vec<u64>>,
}

/// Totals of one bot spec over a series.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSummary {
    /// The bot spec as given.
    pub bot: String,
    /// Games played (with one or more seats).
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Games that ended in a draw it took part in.
    pub draws: usize,
    /// Decision time percentiles p50, p99, max (microseconds).
    pub time_us: (u64, u64, u64),
    /// Decisions that took longer than the budget (the game counted them as missing).
    pub late: usize,
}

/// Derives game `g`'s seed from the base seed.
pub fn game_seed(base: u64, g: usize) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(base ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    rng.next_u64()
}

impl EvalConfig {
    /// Checks the AI specs, the players per game and the board size.
    pub fn validate(&self) -> Result<(), EvalError> {
        for s in &self.ais {
            BOTS.build(s, 0)?;
        }
        let n = self.players.unwrap_or(self.ais.len());
        if !(2..=6).contains(&n) || n > self.ais.len() {
            return Err(EvalError::Config(format!(
                "players per game must be 2..=6 and at most the number of AIs, got {n}"
            )));
        }
        if let Some((w, h)) = self.board
            && !((8..=1000).contains(&w) && (8..=1000).contains(&h))
        {
            return Err(EvalError::Config(format!(
                "board sides must be 8..=1000, got {w}x{h}"
            )));
        }
        Ok(())
    }
}

/// Game `index`'s seed, its generator after drawing the line-up, and the line-up.
fn draw(cfg: &EvalConfig, index: usize) -> Result<(u64, ChaCha8Rng, Vec<String>), EvalError> {
    cfg.validate()?;
    let seed = game_seed(cfg.seed, index);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = cfg.players.unwrap_or(cfg.ais.len());
    let mut specs = cfg.ais.clone();
    specs.shuffle(&mut rng);
    specs.truncate(n);
    Ok((seed, rng, specs))
}

/// The AI specs of game `index`, one per player in player order (the series draws
/// `players` of the AIs, shuffled, from the game's seed).
pub fn lineup(cfg: &EvalConfig, index: usize) -> Result<Vec<String>, EvalError> {
    Ok(draw(cfg, index)?.2)
}

/// Plays game `index` of the series.
pub fn play_eval_game(cfg: &EvalConfig, index: usize) -> Result<EvalGame, EvalError> {
    let (seed, mut rng, specs) = draw(cfg, index)?;
    let n = specs.len();
    let mut state = match cfg.board {
        Some((w, h)) => setup_on_board(&mut rng, w, h, n),
        None => random_setup(&mut rng, n),
    };
    let mut bots = specs
        .iter()
        .map(|s| BOTS.build(s, rng.next_u64()))
        .collect::<Result<Vec<_>, _>>()?;
    let outcome = play_game(&mut state, &mut bots, cfg.budget, |_, _| {});
    Ok(EvalGame {
        index,
        seed,
        width: state.width,
        height: state.height,
        rounds: outcome.rounds,
        participants: state.players.iter().map(|p| p.id).zip(specs).collect(),
        winner: outcome.winner,
        times_us: outcome
            .times
            .iter()
            .map(|v| v.iter().map(|d| d.as_micros() as u64).collect())
            .collect(),
    })
}

/// Win counts and timing per bot spec, in the order the specs were first given (a spec
/// listed several times, e.g. five equal opponents, has one row).
pub fn summarize(cfg: &EvalConfig, results: &[EvalGame]) -> Vec<BotSummary> {
    let budget_us = u64::try_from(cfg.budget.as_micros()).unwrap_or(u64::MAX);
    let mut specs: Vec<&String> = Vec::new();
    for ai in &cfg.ais {
        if !specs.contains(&ai) {
            specs.push(ai);
        }
    }
    specs
        .into_iter()
        .map(|ai| {
            let (mut games, mut wins, mut draws, mut times) = (0, 0, 0, Vec::new());
            for r in results {
                let mut seated = false;
                for (k, (id, spec)) in r.participants.iter().enumerate() {
                    if spec == ai {
                        seated = true;
                        wins += usize::from(r.winner == Some(*id));
                        times.extend_from_slice(r.times_us.get(k).map_or(&[][..], Vec::as_slice));
                    }
                }
                games += usize::from(seated);
                draws += usize::from(seated && r.winner.is_none());
            }
            times.sort_unstable();
            let pct = |q: f64| {
                times
                    .get(((times.len() as f64 - 1.0) * q).round() as usize)
                    .copied()
                    .unwrap_or(0)
            };
            BotSummary {
                bot: ai.clone(),
                games,
                wins,
                draws,
                time_us: (pct(0.5), pct(0.99), times.last().copied().unwrap_or(0)),
                late: times.iter().filter(|&&t| t > budget_us).count(),
            }
        })
        .collect()
}

//! Headless evaluation series: seeded random games between named AIs with win rates and
//! decision-time percentiles per AI. Game `g` of a series is fixed by the series seed:
//! its seed ([`game_seed`]), its line-up ([`lineup`]), board and AI seeds. Running,
//! storing and resuming a series is the arena's job (`arena::games::speed::EvalPlayer`,
//! `botforge speed eval`); this module plays one game ([`play_one`]) and sums up
//! ([`summarize`]).

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::ai::{AiSpecError, from_spec};
use crate::engine::{random_setup, setup_on_board};
use crate::game::play;
use crate::state::PlayerId;

/// What can go wrong in an evaluation.
#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    /// A bad AI spec.
    #[error(transparent)]
    Spec(#[from] AiSpecError),
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

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
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

/// Per-AI totals.
#[derive(Clone, Debug, PartialEq)]
pub struct AiSummary {
    /// The AI spec as given.
    pub ai: String,
    /// Games played.
    pub games: usize,
    /// Games won.
    pub wins: usize,
    /// Games that ended in a draw it took part in.
    pub draws: usize,
    /// Decision time percentiles p50, p99, max (microseconds).
    pub time_us: (u64, u64, u64),
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
            from_spec(s, 0)?;
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

/// Plays one seeded game of the series.
pub fn play_one(cfg: &EvalConfig, index: usize) -> Result<GameResult, EvalError> {
    let (seed, mut rng, specs) = draw(cfg, index)?;
    let n = specs.len();
    let mut state = match cfg.board {
        Some((w, h)) => setup_on_board(&mut rng, w, h, n),
        None => random_setup(&mut rng, n),
    };
    let mut ais = specs
        .iter()
        .map(|s| from_spec(s, rng.next_u64()))
        .collect::<Result<Vec<_>, _>>()?;
    let timings = play(&mut state, &mut ais, cfg.budget, |_, _| {});
    Ok(GameResult {
        index,
        seed,
        width: state.width,
        height: state.height,
        rounds: state.round - 1,
        participants: state.players.iter().map(|p| p.id).zip(specs).collect(),
        winner: state.winner(),
        times_us: timings
            .times
            .iter()
            .map(|v| v.iter().map(|d| d.as_micros() as u64).collect())
            .collect(),
    })
}

/// Win counts and timing per AI spec, in the order the specs were given.
pub fn summarize(cfg: &EvalConfig, results: &[GameResult]) -> Vec<AiSummary> {
    cfg.ais
        .iter()
        .map(|ai| {
            let (mut games, mut wins, mut draws, mut times) = (0, 0, 0, Vec::new());
            for r in results {
                for (k, (id, spec)) in r.participants.iter().enumerate() {
                    if spec == ai {
                        games += 1;
                        wins += usize::from(r.winner == Some(*id));
                        draws += usize::from(r.winner.is_none());
                        times.extend_from_slice(&r.times_us[k]);
                    }
                }
            }
            times.sort_unstable();
            let pct = |q: f64| {
                times
                    .get(((times.len() as f64 - 1.0) * q).round() as usize)
                    .copied()
                    .unwrap_or(0)
            };
            AiSummary {
                ai: ai.clone(),
                games,
                wins,
                draws,
                time_us: (pct(0.5), pct(0.99), times.last().copied().unwrap_or(0)),
            }
        })
        .collect()
}

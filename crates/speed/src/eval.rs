//! Headless evaluation series: seeded random games between named AIs, run in
//! parallel (rayon), stored in SQLite (`games`, `participants`, `winners`), with win
//! rates and decision-time percentiles per AI.

use std::path::Path;
use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

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
    /// The database failed.
    #[error("database {path}: {source}")]
    Db {
        /// The database file.
        path: String,
        /// The SQLite error.
        source: rusqlite::Error,
    },
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
#[derive(Clone, Debug)]
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

/// Plays one seeded game of the series.
pub fn play_one(cfg: &EvalConfig, index: usize) -> Result<GameResult, EvalError> {
    let seed = game_seed(cfg.seed, index);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = cfg.players.unwrap_or(cfg.ais.len());
    if !(2..=6).contains(&n) || n > cfg.ais.len() {
        return Err(EvalError::Config(format!(
            "players per game must be 2..=6 and at most the number of AIs, got {n}"
        )));
    }
    let mut specs = cfg.ais.clone();
    specs.shuffle(&mut rng);
    specs.truncate(n);
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

/// Runs the series on `threads` threads, calling `progress` after each game.
pub fn run(
    cfg: &EvalConfig,
    threads: usize,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameResult>, EvalError> {
    for s in &cfg.ais {
        from_spec(s, 0)?;
    }
    if let Some((w, h)) = cfg.board
        && !((8..=1000).contains(&w) && (8..=1000).contains(&h))
    {
        return Err(EvalError::Config(format!(
            "board sides must be 8..=1000, got {w}x{h}"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| EvalError::Config(e.to_string()))?;
    pool.install(|| {
        (0..cfg.games)
            .into_par_iter()
            .map(|g| {
                let r = play_one(cfg, g);
                progress();
                r
            })
            .collect()
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

/// Appends the results to the SQLite database at `path` in one transaction.
pub fn store(path: &Path, cfg: &EvalConfig, results: &[GameResult]) -> Result<(), EvalError> {
    let err = |source| EvalError::Db {
        path: path.display().to_string(),
        source,
    };
    let mut conn = rusqlite::Connection::open(path).map_err(err)?;
    conn.execute_batch(
        "CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY, series_seed INTEGER NOT NULL, game_index INTEGER NOT NULL,
             seed INTEGER NOT NULL, width INTEGER NOT NULL, height INTEGER NOT NULL, rounds INTEGER NOT NULL,
             budget_ms INTEGER NOT NULL, date TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP);
         CREATE TABLE IF NOT EXISTS participants (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id),
             player_id INTEGER NOT NULL, ai TEXT NOT NULL);
         CREATE TABLE IF NOT EXISTS winners (id INTEGER PRIMARY KEY, game_id INTEGER NOT NULL REFERENCES games(id),
             player_id INTEGER NOT NULL);",
    )
    .map_err(err)?;
    let tx = conn.transaction().map_err(err)?;
    for r in results {
        tx.execute(
            "INSERT INTO games (series_seed, game_index, seed, width, height, rounds, budget_ms) VALUES (?1,?2,?3,?4,?5,?6,?7)",
            rusqlite::params![
                cfg.seed as i64,
                r.index as i64,
                r.seed as i64,
                r.width,
                r.height,
                r.rounds,
                cfg.budget.as_millis() as i64
            ],
        )
        .map_err(err)?;
        let gid = tx.last_insert_rowid();
        for (id, ai) in &r.participants {
            tx.execute(
                "INSERT INTO participants (game_id, player_id, ai) VALUES (?1,?2,?3)",
                rusqlite::params![gid, id, ai],
            )
            .map_err(err)?;
        }
        if let Some(w) = r.winner {
            tx.execute(
                "INSERT INTO winners (game_id, player_id) VALUES (?1,?2)",
                rusqlite::params![gid, w],
            )
            .map_err(err)?;
        }
    }
    tx.commit().map_err(err)
}

/// [`run`] with an indicatif progress bar on stderr (hidden when not a terminal).
pub fn run_with_progress_bar(
    cfg: &EvalConfig,
    threads: usize,
) -> Result<Vec<GameResult>, EvalError> {
    let bar = indicatif::ProgressBar::new(cfg.games as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} games  {elapsed_precise} (eta {eta})",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let result = run(cfg, threads, &|| bar.inc(1));
    bar.finish_and_clear();
    result
}

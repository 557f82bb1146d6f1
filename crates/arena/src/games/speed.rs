//! spe_ed in the arena: seeded random boards (as the official server draws them), bots of
//! the catalogue [`speed::ai::BOTS`] by spec and external programs by `cmd:COMMAND` /
//! `NAME=cmd:COMMAND` ([`SpeedPlayer`]), and `botforge speed eval` series
//! ([`EvalPlayer`]). A game with an external program is hosted on a loopback spe_ed server
//! ([`speed::net::hosted`]); the in-process bots of that game play as server bots on the
//! same board.

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use anyhow::Context as _;
use speed::eval::{EvalConfig, EvalGame};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::{check_keys, int_option, replay_name};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};
use crate::store::Store;

/// Plays spe_ed games between bots given by spec (e.g. `champion`,
/// `pathfinding-search-tree(max_speed=1,paths=50)`) and external programs (`cmd:COMMAND`,
/// `NAME=cmd:COMMAND`, started with `URL`, `KEY` and `TIME_URL` like the competition's
/// clients).
#[derive(Clone, Debug)]
pub struct SpeedPlayer {
    budget: Duration,
    round_secs: (u64, u64),
    grace: Duration,
    connect_timeout: Duration,
}

impl SpeedPlayer {
    /// Options: `budget_ms`, the per-move time budget of in-process AIs (default 200);
    /// for games with external programs the rules' round time-out `min_round_secs` …
    /// `max_round_secs` (whole seconds, default 5 … 15) plus `grace_ms` (default 2000),
    /// and `connect_timeout_ms` (default 10000), how long a program has to connect.
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(
            options,
            &[
                "budget_ms",
                "min_round_secs",
                "max_round_secs",
                "grace_ms",
                "connect_timeout_ms",
            ],
        )?;
        let lo = int_option(options, "min_round_secs", 5)?;
        let hi = int_option(options, "max_round_secs", 15)?;
        anyhow::ensure!(
            lo >= 1 && lo <= hi && hi <= 3600,
            "options.min_round_secs / max_round_secs: expected 1 <= min <= max <= 3600, got {lo} and {hi}"
        );
        let grace = int_option(options, "grace_ms", 2000)?;
        anyhow::ensure!(
            grace <= 60_000,
            "options.grace_ms: at most 60000, got {grace}"
        );
        let connect = int_option(options, "connect_timeout_ms", 10_000)?;
        anyhow::ensure!(
            (1..=600_000).contains(&connect),
            "options.connect_timeout_ms: expected 1 … 600000, got {connect}"
        );
        Ok(Self {
            budget: Duration::from_millis(int_option(options, "budget_ms", 200)?),
            round_secs: (lo, hi),
            grace: Duration::from_millis(grace),
            connect_timeout: Duration::from_millis(connect),
        })
    }

    /// A game with at least one external program, on a loopback server.
    fn play_hosted(&self, job: &Job, replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let log = replay_dir.map(|dir| dir.join(replay_name(&job.key, "jsonl")));
        let cfg = speed::net::hosted::HostedConfig {
            seed: job.seed,
            round_secs: self.round_secs,
            grace: self.grace,
            ai_budget: self.budget,
            connect_timeout: self.connect_timeout,
            log: log.clone(),
        };
        let game = speed::net::hosted::play(&job.specs, &cfg)?;
        let s = &game.summary;
        let state = &s.final_state;
        let external: serde_json::Map<String, serde_json::Value> = game
            .seats
            .iter()
            .zip(&job.seats)
            .filter_map(|(seat, shown)| {
                let (status, stderr) = seat.process.as_ref()?;
                Some((
                    shown.clone(),
                    serde_json::json!({"end": seat.end.as_str(), "process": status, "stderr": stderr}),
                ))
            })
            .collect();
        Ok(MatchResult {
            turns: s.rounds,
            outcome: outcome(state),
            replay: s.log.as_ref().map(|p| p.to_string_lossy().into_owned()),
            details: serde_json::json!({
                "width": state.width,
                "height": state.height,
                "external": external,
            }),
            seats: seat_results(job, state, &s.last_active, |i| match game.seats[i].end {
                speed::net::hosted::SeatEnd::Played => survivor_status(state, i),
                end => end.as_str().to_owned(),
            }),
        })
    }
}

/// `winner N` or `draw`.
fn outcome(state: &speed::state::GameState) -> String {
    match state.winner() {
        Some(id) => format!("winner {id}"),
        None => "draw".to_owned(),
    }
}

/// `survived` or `dead`, from the final state.
fn survivor_status(state: &speed::state::GameState, seat: usize) -> String {
    if state.players[seat].active {
        "survived".to_owned()
    } else {
        "dead".to_owned()
    }
}

/// The seats of a finished game. Score: rounds survived (survivors of the last round count
/// one more), so players dying in the same round tie and rank by how long they lasted.
fn seat_results(
    job: &Job,
    state: &speed::state::GameState,
    last_active: &[u32],
    status: impl Fn(usize) -> String,
) -> Vec<SeatResult> {
    let survived: Vec<f64> = state
        .players
        .iter()
        .zip(last_active)
        .map(|(p, &r)| f64::from(if p.active { state.round + 1 } else { r }))
        .collect();
    job.seats
        .iter()
        .enumerate()
        .map(|(i, bot)| SeatResult {
            bot: bot.clone(),
            score: survived[i],
            rank: survived.iter().filter(|&&o| o > survived[i]).count() as u32,
            status: status(i),
        })
        .collect()
}

impl GamePlayer for SpeedPlayer {
    fn seats(&self, map: &str) -> anyhow::Result<Seats> {
        anyhow::ensure!(
            map.is_empty(),
            "spe_ed boards are drawn from the seed; leave `maps` empty"
        );
        Ok(Seats::Fixed(2))
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        speed::net::hosted::entrant(spec).map(drop)?;
        Ok(())
    }

    fn play(&self, job: &Job, replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let n = job.specs.len();
        anyhow::ensure!((2..=6).contains(&n), "spe_ed needs 2 to 6 players, got {n}");
        if job.specs.iter().any(|s| speed::net::hosted::is_external(s)) {
            return self.play_hosted(job, replay_dir);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(job.seed);
        let mut state = speed::engine::random_setup(&mut rng, n);
        let mut bots = job
            .specs
            .iter()
            .map(|s| speed::ai::BOTS.build(s, rng.next_u64()))
            .collect::<Result<Vec<_>, _>>()?;
        let ids: Vec<_> = state.players.iter().map(|p| p.id).collect();
        let mut writer = replay_dir.map(|_| {
            speed::golden::GoldenWriter::new(
                job.key.clone(),
                ids.iter().copied().zip(job.specs.iter().cloned()).collect(),
            )
        });
        let game = speed::play_game(&mut state, &mut bots, self.budget, |s, answers| {
            if let Some(w) = writer.as_mut() {
                w.round(s, answers);
            }
        });
        let replay = match (writer, replay_dir) {
            (Some(mut w), Some(dir)) => {
                w.final_state(&state);
                let path = dir.join(replay_name(&job.key, "jsonl"));
                w.finish(&path)?;
                Some(path.to_string_lossy().into_owned())
            }
            _ => None,
        };
        Ok(MatchResult {
            turns: game.rounds,
            outcome: outcome(&state),
            replay,
            details: serde_json::json!({"width": state.width, "height": state.height}),
            seats: seat_results(job, &state, &game.last_active, |i| {
                survivor_status(&state, i)
            }),
        })
    }
}

/// A `botforge speed eval` series in the arena: game `g` is exactly
/// [`speed::eval::play_eval_game`] (line-up, board and bot seeds drawn from the series seed), and
/// the arena stores it game by game, so an interrupted series resumes where it stopped.
/// Each stored game keeps its [`EvalGame`] (with decision times) in `details.result`.
#[derive(Clone, Debug)]
pub struct EvalPlayer {
    cfg: EvalConfig,
}

impl EvalPlayer {
    /// A player for the series `cfg` (checked: AI specs, players per game, board size).
    pub fn new(cfg: EvalConfig) -> anyhow::Result<Self> {
        cfg.validate()?;
        Ok(Self { cfg })
    }

    /// The series settings.
    pub fn config(&self) -> &EvalConfig {
        &self.cfg
    }

    /// The series' games as arena jobs of run `run`. A key names everything that fixes
    /// the game (seed, budget, board, AI list, index, line-up), so a changed series never
    /// reuses stored games of another.
    pub fn jobs(&self, run: &str) -> anyhow::Result<Vec<Job>> {
        let c = &self.cfg;
        let board = c
            .board
            .map_or_else(|| "random".to_owned(), |(w, h)| format!("{w}x{h}"));
        (0..c.games)
            .map(|g| {
                let specs = speed::eval::lineup(c, g)?;
                Ok(Job {
                    key: format!(
                        "{run}|seed {}|budget {} ms|board {board}|ais {}|{g}|{}",
                        c.seed,
                        c.budget.as_millis(),
                        c.ais.join(";"),
                        specs.join(",")
                    ),
                    game: "speed".to_owned(),
                    map: String::new(),
                    seed: speed::eval::game_seed(c.seed, g),
                    index: u32::try_from(g)?,
                    seats: specs.clone(),
                    specs,
                })
            })
            .collect()
    }

    /// The games of this series stored under `run`, in game order (a partial series when
    /// it was interrupted).
    pub fn results(&self, store: &Store, run: &str) -> anyhow::Result<Vec<EvalGame>> {
        let keys: HashSet<String> = self.jobs(run)?.into_iter().map(|j| j.key).collect();
        let mut out = Vec::new();
        for (key, details) in store.details(run)? {
            if keys.contains(&key) {
                let result = details.get("result").cloned().unwrap_or_default();
                let r: EvalGame = serde_json::from_value(result)
                    .with_context(|| format!("game {key}: field `details.result`"))?;
                out.push(r);
            }
        }
        out.sort_by_key(|r| r.index);
        Ok(out)
    }
}

impl GamePlayer for EvalPlayer {
    fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
        Ok(Seats::Fixed(self.cfg.players.unwrap_or(self.cfg.ais.len())))
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        speed::ai::BOTS.build(spec, 0).map(drop)?;
        Ok(())
    }

    fn play(&self, job: &Job, _replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let r = speed::eval::play_eval_game(&self.cfg, job.index as usize)?;
        let specs: Vec<&String> = r.participants.iter().map(|(_, s)| s).collect();
        anyhow::ensure!(
            specs.iter().copied().eq(job.specs.iter()),
            "game {}: the series drew {specs:?}, the job says {:?}",
            job.index,
            job.specs
        );
        let seats = r
            .participants
            .iter()
            .map(|(id, spec)| {
                let (score, rank, status) = match r.winner {
                    Some(w) if w == *id => (1.0, 0, "won"),
                    Some(_) => (0.0, 1, "lost"),
                    None => (0.5, 0, "draw"),
                };
                SeatResult {
                    bot: spec.clone(),
                    score,
                    rank,
                    status: status.to_owned(),
                }
            })
            .collect();
        Ok(MatchResult {
            turns: r.rounds,
            outcome: match r.winner {
                Some(id) => format!("winner {id}"),
                None => "draw".to_owned(),
            },
            replay: None,
            details: serde_json::json!({ "result": r }),
            seats,
        })
    }
}

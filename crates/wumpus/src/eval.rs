//! The evaluation procedure of spec §5: every agent plays worlds `S…S+N−1` (identical
//! worlds and dice), with per-agent summaries and optional CSV rows.
//!
//! This module holds the unit of work ([`play_world`]: one world, every agent) and the
//! aggregation ([`EvalReport::new`], [`EvalReport::table`], [`EvalReport::write_csv`]) as
//! plain functions; the arena (`arena::games::wumpus`) plays the series on its threads.

use std::fmt::Write as _;
use std::path::Path;

use thiserror::Error;

use botspec::SpecError;

use crate::agent::play_game;
use crate::agents::EntrantSpec;
use crate::game::{Game, GameOutcome, Outcome};
use crate::generate::Preset;
use crate::protocol::Timeouts;
use crate::world::World;

/// Evaluation failure.
#[derive(Debug, Error)]
pub enum EvalError {
    /// Writing the CSV failed.
    #[error("{0}: {1}")]
    Io(String, std::io::Error),
}

/// Evaluation settings: which worlds are played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalConfig {
    /// Number of worlds N.
    pub worlds: u32,
    /// First seed S.
    pub seed: u64,
    /// Preset.
    pub preset: Preset,
}

impl EvalConfig {
    /// The world (and game) seeds `S…S+N−1`, in order.
    pub fn seeds(&self) -> impl Iterator<Item = u64> + '_ {
        (0..u64::from(self.worlds)).map(|i| self.seed.wrapping_add(i))
    }
}

/// One game of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// World and game seed.
    pub seed: u64,
    /// Agent index in the agent list.
    pub agent: usize,
    /// Result.
    pub result: GameOutcome,
    /// Whether the world is solvable.
    pub solvable: bool,
    /// Error message for `ERROR` games.
    pub error: Option<String>,
}

/// Every agent of `specs` plays `world` on its own with game seed `seed` (a fresh entrant
/// each; external programs get `timeouts`): one record per agent, in agent order.
pub fn play_world(
    world: &World,
    seed: u64,
    specs: &[EntrantSpec],
    timeouts: Timeouts,
) -> Result<Vec<GameRecord>, SpecError> {
    let solvable = world.solvable();
    specs
        .iter()
        .enumerate()
        .map(|(agent, spec)| {
            let mut game = Game::new(world, seed);
            let mut player = spec.entrant(timeouts)?;
            let out = play_game(&mut game, player.as_mut(), |_, _, _| {});
            Ok(GameRecord {
                seed,
                agent,
                result: out.result,
                solvable,
                error: out.error,
            })
        })
        .collect()
}

/// Per-agent summary.
#[derive(Clone, Debug, PartialEq)]
pub struct AgentSummary {
    /// Agent name.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// Count per outcome, in [`Outcome::ALL`] order.
    pub outcomes: [u32; 6],
    /// Wins on solvable worlds.
    pub solvable_wins: u32,
    /// Mean score.
    pub mean_score: f64,
    /// Mean actions.
    pub mean_actions: f64,
    /// Mean actions over wins.
    pub mean_win_actions: f64,
    /// Mean kills per game.
    pub mean_kills: f64,
}

impl AgentSummary {
    /// Share of games with `outcome`, in percent.
    pub fn rate(&self, outcome: Outcome) -> f64 {
        let i = Outcome::ALL.iter().position(|&o| o == outcome).unwrap_or(0);
        100.0 * f64::from(self.outcomes[i]) / f64::from(self.games.max(1))
    }
}

/// The whole evaluation.
#[derive(Clone, Debug)]
pub struct EvalReport {
    /// Settings used.
    pub config: EvalConfig,
    /// Number of solvable worlds.
    pub solvable: u32,
    /// Summaries in agent order.
    pub agents: Vec<AgentSummary>,
    /// All games, ordered by world then agent.
    pub records: Vec<GameRecord>,
}

impl EvalReport {
    /// The report of the games `records` (ordered by world then agent) of the agents
    /// `names` (in agent order).
    pub fn new(config: EvalConfig, names: &[String], records: Vec<GameRecord>) -> Self {
        let solvable = records
            .iter()
            .filter(|r| r.agent == 0 && r.solvable)
            .count() as u32;
        let agents = names
            .iter()
            .enumerate()
            .map(|(i, name)| summarize(name, records.iter().filter(|r| r.agent == i)))
            .collect();
        Self {
            config,
            solvable,
            agents,
            records,
        }
    }

    /// The table of spec §5: header line, column titles, one line per agent.
    pub fn table(&self) -> String {
        let c = &self.config;
        let n = c.worlds;
        let mut out = format!(
            "worlds={n} seeds={}..{} preset={} solvable={:.1}%\n",
            c.seed,
            c.seed.wrapping_add(u64::from(n)).wrapping_sub(1),
            c.preset.name(),
            100.0 * f64::from(self.solvable) / f64::from(n.max(1))
        );
        let width = self
            .agents
            .iter()
            .map(|a| a.name.len())
            .max()
            .unwrap_or(5)
            .max(5);
        let _ = writeln!(
            out,
            "{:<width$}  success  died_pit  died_wumpus    quit  timeout   error    score  actions  win_actions  kills  success_if_solvable",
            "agent"
        );
        for a in &self.agents {
            let _ = writeln!(
                out,
                "{:<width$}  {:>6.1}%  {:>7.1}%  {:>10.1}%  {:>5.1}%  {:>6.1}%  {:>5.1}%  {:>7.1}  {:>7.1}  {:>11.1}  {:>5.2}  {:>18.1}%",
                a.name,
                a.rate(Outcome::Win),
                a.rate(Outcome::DiedPit),
                a.rate(Outcome::DiedWumpus),
                a.rate(Outcome::Quit),
                a.rate(Outcome::Timeout),
                a.rate(Outcome::Error),
                a.mean_score,
                a.mean_actions,
                a.mean_win_actions,
                a.mean_kills,
                100.0 * f64::from(a.solvable_wins) / f64::from(self.solvable.max(1)),
            );
        }
        out
    }

    /// Writes one CSV row per (agent, world), atomically.
    pub fn write_csv(&self, path: &Path, names: &[String]) -> Result<(), EvalError> {
        let mut s =
            String::from("agent,seed,outcome,score,actions,gold,kills,arrows_left,solvable\n");
        for r in &self.records {
            let name = names.get(r.agent).map_or("?", String::as_str);
            let _ = writeln!(
                s,
                "{},{},{},{},{},{},{},{},{}",
                csv_field(name),
                r.seed,
                r.result.outcome.name(),
                r.result.score,
                r.result.actions,
                r.result.gold,
                r.result.kills,
                r.result.arrows,
                u8::from(r.solvable)
            );
        }
        outfile::write(path, s.as_bytes()).map_err(|e| EvalError::Io(path.display().to_string(), e))
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn summarize<'a>(name: &str, games: impl Iterator<Item = &'a GameRecord>) -> AgentSummary {
    let mut s = AgentSummary {
        name: name.to_string(),
        games: 0,
        outcomes: [0; 6],
        solvable_wins: 0,
        mean_score: 0.0,
        mean_actions: 0.0,
        mean_win_actions: 0.0,
        mean_kills: 0.0,
    };
    for g in games {
        s.games += 1;
        let i = Outcome::ALL
            .iter()
            .position(|&o| o == g.result.outcome)
            .unwrap_or(0);
        s.outcomes[i] += 1;
        if g.result.outcome == Outcome::Win {
            s.mean_win_actions += f64::from(g.result.actions);
            if g.solvable {
                s.solvable_wins += 1;
            }
        }
        s.mean_score += g.result.score as f64;
        s.mean_actions += f64::from(g.result.actions);
        s.mean_kills += f64::from(g.result.kills);
    }
    let n = f64::from(s.games.max(1));
    s.mean_score /= n;
    s.mean_actions /= n;
    s.mean_kills /= n;
    s.mean_win_actions /= f64::from(s.outcomes[0].max(1));
    s
}

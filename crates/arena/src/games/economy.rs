//! The economy game in the arena: all agents (one per rating) play one game together; rank by
//! rounds needed to reach the goal (fewer is better; not reaching it ranks last).

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use economy::experiment::{Case, Mode};
use economy::rating::Rating;

use crate::games::{check_keys, int_option};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// Plays economy games between rating agents (`gold`, `score`, `analyzer`, …).
#[derive(Clone, Debug)]
pub struct EconomyPlayer {
    goal: i64,
    variable_prices: bool,
    mode: Mode,
    max_rounds: u32,
}

impl EconomyPlayer {
    /// Options: `goal` (gold, default 500), `variable_prices` (bool, default true),
    /// `round_ms` (wall-clock thinking per round, default 200) or `expansions` (a fixed,
    /// reproducible search budget per round instead), `max_rounds` (default 200).
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(
            options,
            &[
                "goal",
                "variable_prices",
                "round_ms",
                "expansions",
                "max_rounds",
            ],
        )?;
        let variable_prices = match options.get("variable_prices") {
            None => true,
            Some(toml::Value::Boolean(b)) => *b,
            Some(v) => anyhow::bail!("options.variable_prices: expected true or false, found {v}"),
        };
        let mode = if options.contains_key("expansions") {
            anyhow::ensure!(
                !options.contains_key("round_ms"),
                "options: give either round_ms or expansions, not both"
            );
            Mode::Budget(int_option(options, "expansions", 0)?)
        } else {
            Mode::Time(Some(int_option(options, "round_ms", 200)?))
        };
        Ok(Self {
            goal: i64::try_from(int_option(options, "goal", 500)?)
                .context("options.goal: too large")?,
            variable_prices,
            mode,
            max_rounds: u32::try_from(int_option(options, "max_rounds", 200)?)
                .context("options.max_rounds: too large")?,
        })
    }
}

fn rating(spec: &str) -> anyhow::Result<Rating> {
    spec.parse::<Rating>().map_err(|e| anyhow::anyhow!(e))
}

impl GamePlayer for EconomyPlayer {
    fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
        Ok(Seats::All)
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        rating(spec).map(drop)
    }

    fn play(&self, job: &Job, _replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let world = if job.map.is_empty() {
            economy::loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")?.world
        } else {
            economy::loader::load_file(Path::new(&job.map))?.world
        };
        let ratings = job
            .specs
            .iter()
            .map(|s| rating(s))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let case = Case {
            id: 0,
            goal: self.goal,
            round_ms: 2000,
            variable_prices: self.variable_prices,
        };
        let result = economy::experiment::run_game_with(
            &Arc::new(world),
            &ratings,
            case,
            self.mode,
            job.seed,
            job.index,
            self.max_rounds,
        );
        let rounds: Vec<u32> = result
            .rounds
            .iter()
            .map(|r| r.unwrap_or(self.max_rounds + 1))
            .collect();
        Ok(MatchResult {
            turns: rounds.iter().copied().min().unwrap_or(0),
            outcome: match result.best() {
                Some(r) => format!("goal reached in {r} rounds"),
                None => "goal not reached".to_owned(),
            },
            replay: None,
            details: serde_json::json!({"expanded": result.expanded}),
            seats: job
                .seats
                .iter()
                .enumerate()
                .map(|(i, bot)| SeatResult {
                    bot: bot.clone(),
                    score: -f64::from(rounds[i]),
                    rank: rounds.iter().filter(|&&o| o < rounds[i]).count() as u32,
                    status: if result.rounds[i].is_some() {
                        "goal".to_owned()
                    } else {
                        "no goal".to_owned()
                    },
                })
                .collect(),
        })
    }
}

//! The economy game in the arena: all bots of [`economy::BOTS`] named in the config play one
//! game together; rank by rounds needed to reach the goal (fewer is better; not reaching it
//! ranks last). [`experiment`] is the thesis's agent-vs-agent experiment (`botforge economy
//! experiment`) as series of arena games.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use anyhow::Context;
use economy::experiment::{CASES, Case, CaseResult, Config, Mode};
use economy::{GameOutcome, PlayOptions};

use crate::games::{check_keys, int_option, play_series};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// Plays economy games between bots of [`economy::BOTS`] (`gold`, `game-analyzer`,
/// `game-analyzer(max_expansions=50)`, …).
#[derive(Clone, Debug)]
pub struct EconomyPlayer {
    case: Case,
    mode: Mode,
    max_rounds: u32,
}

/// The option keys [`EconomyPlayer::from_options`] reads.
const KEYS: [&str; 6] = [
    "case",
    "goal",
    "variable_prices",
    "round_ms",
    "expansions",
    "max_rounds",
];

impl EconomyPlayer {
    /// Plays `case` (its gold goal and price mode) with thinking limited by `mode`, at most
    /// `max_rounds` rounds.
    pub fn new(case: Case, mode: Mode, max_rounds: u32) -> Self {
        Self {
            case,
            mode,
            max_rounds,
        }
    }

    /// Options: `case` (0..=7, one of the thesis's cases of Tab. 8.1: its gold goal, price
    /// mode and round time) or `goal` (gold, default 500) and `variable_prices` (bool, default
    /// true); `round_ms` (wall-clock thinking per round, default the case's or 200) or
    /// `expansions` (a fixed, reproducible search budget per round instead); `max_rounds`
    /// (default 200). Per-bot caps are bot parameters (`gold(max_expansions=30)`).
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(options, &KEYS)?;
        let case = if options.contains_key("case") {
            for key in ["goal", "variable_prices"] {
                anyhow::ensure!(
                    !options.contains_key(key),
                    "options.{key}: give either case or goal and variable_prices, not both"
                );
            }
            let id = int_option(options, "case", 0)?;
            let case = usize::try_from(id)
                .ok()
                .and_then(|i| CASES.get(i))
                .with_context(|| format!("options.case: expected 0 to 7, found {id}"))?;
            Some(*case)
        } else {
            None
        };
        let variable_prices = match options.get("variable_prices") {
            None => true,
            Some(toml::Value::Boolean(b)) => *b,
            Some(v) => anyhow::bail!("options.variable_prices: expected true or false, found {v}"),
        };
        let goal =
            i64::try_from(int_option(options, "goal", 500)?).context("options.goal: too large")?;
        let case = case.unwrap_or(Case {
            id: 0,
            goal,
            round_ms: 200,
            variable_prices,
        });
        let mode = if options.contains_key("expansions") {
            anyhow::ensure!(
                !options.contains_key("round_ms"),
                "options.round_ms: give either round_ms or expansions, not both"
            );
            Mode::Budget(int_option(options, "expansions", 0)?)
        } else {
            Mode::Time(Some(int_option(options, "round_ms", case.round_ms)?))
        };
        Ok(Self {
            case,
            mode,
            max_rounds: u32::try_from(int_option(options, "max_rounds", 200)?)
                .context("options.max_rounds: too large")?,
        })
    }

    /// How the game of `job` is played: [`economy::play_game`] with these options and the
    /// job's bots gives the arena's result.
    pub fn play_options(&self, job: &Job) -> PlayOptions {
        PlayOptions {
            case: self.case,
            mode: self.mode,
            seed: job.seed,
            game: job.index,
            max_rounds: self.max_rounds,
        }
    }
}

/// The agent-vs-agent experiment through the arena: per case, game `g` (of `config.games`)
/// seats `config.specs()` on the world file `world` (empty: the bundled example world) with
/// base seed `config.seed` and game index `g` ([`EconomyPlayer::play_options`]),
/// `config.threads` games at a time, in an in-memory store. One result per case, games in
/// game order.
pub fn experiment(world: &str, cases: &[Case], config: &Config) -> anyhow::Result<Vec<CaseResult>> {
    let specs = config.specs();
    for (i, spec) in specs.iter().enumerate() {
        economy::build_bot(spec).with_context(|| format!("bot {i}"))?;
    }
    let mut out = Vec::with_capacity(cases.len());
    for &case in cases {
        let player = EconomyPlayer::new(case, config.mode, config.max_rounds);
        let jobs: Vec<Job> = (0..config.games)
            .map(|game| Job {
                key: format!("economy experiment|case {}|{game}", case.id),
                game: "economy".to_owned(),
                map: world.to_owned(),
                seed: config.seed,
                index: game,
                seats: (0..specs.len()).map(|i| format!("Agent{i}")).collect(),
                specs: specs.clone(),
            })
            .collect();
        let start = Instant::now();
        let details = play_series("economy", &jobs, &player, config.threads, config.progress)?;
        let wall_ms = start.elapsed().as_millis() as u64;
        let games = jobs
            .iter()
            .zip(details)
            .map(|(job, d)| {
                serde_json::from_value::<GameOutcome>(d)
                    .with_context(|| format!("game {}: details", job.key))
            })
            .collect::<anyhow::Result<_>>()?;
        out.push(CaseResult::new(case, config.mode, &specs, games, wall_ms)?);
    }
    Ok(out)
}

impl GamePlayer for EconomyPlayer {
    fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
        Ok(Seats::All)
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        economy::build_bot(spec)?;
        Ok(())
    }

    fn play(&self, job: &Job, _replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let world = if job.map.is_empty() {
            economy::loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")?.world
        } else {
            economy::loader::load_file(Path::new(&job.map))?.world
        };
        let bots = economy::experiment::build_bots(&job.specs)?;
        let result = economy::play_game(&Arc::new(world), bots, &self.play_options(job));
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
            details: serde_json::to_value(&result)?,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn options(text: &str) -> anyhow::Result<EconomyPlayer> {
        EconomyPlayer::from_options(&text.parse::<toml::Table>()?)
    }

    #[test]
    fn a_case_sets_goal_prices_and_round_time() {
        let p = options("case = 5").unwrap();
        assert_eq!(p.case, CASES[5]);
        assert_eq!(p.mode, Mode::Time(Some(2000)));
        let p = options("case = 6\nexpansions = 300\nmax_rounds = 300").unwrap();
        assert_eq!(
            (p.case, p.mode, p.max_rounds),
            (CASES[6], Mode::Budget(300), 300)
        );
        let p = options("goal = 300\nvariable_prices = false").unwrap();
        assert_eq!((p.case.goal, p.case.variable_prices), (300, false));
        assert_eq!(p.mode, Mode::Time(Some(200)));
    }

    #[test]
    fn bad_options_name_their_key() {
        for (text, key) in [
            ("case = 8", "options.case"),
            ("case = -1", "options.case"),
            ("case = \"one\"", "options.case"),
            ("case = 1\ngoal = 300", "options.goal"),
            (
                "case = 1\nvariable_prices = true",
                "options.variable_prices",
            ),
            ("expansions = 5\nround_ms = 5", "options.round_ms"),
            ("cases = 1", "options.cases"),
            ("max_rounds = 99999999999", "options.max_rounds"),
        ] {
            let e = format!("{:#}", options(text).unwrap_err());
            assert!(e.contains(key), "{text}: {e}");
        }
    }

    #[test]
    fn bots_are_checked_against_the_catalogue() {
        let p = options("").unwrap();
        assert!(p.check_bot("game-analyzer(max_expansions=5)").is_ok());
        assert!(p.check_bot("shortfall").is_ok());
        assert!(
            p.check_bot("Gold").is_err(),
            "names are the catalogue's exactly"
        );
        let e = p
            .check_bot("gold(max_expansions=-3)")
            .unwrap_err()
            .to_string();
        assert!(e.contains("max_expansions"), "values are checked: {e}");
        let e = p.check_bot("analyzer").unwrap_err().to_string();
        assert!(e.contains("game-analyzer-planner"), "{e}");
        let e = p.check_bot("x=cmd:./bot").unwrap_err().to_string();
        assert!(e.contains("external"), "{e}");
    }
}

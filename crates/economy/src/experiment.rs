//! Playing one game between bots ([`play_game`], [`PlayOptions`], [`GameOutcome`]) and the
//! agent-vs-agent experiments of Tab. 8.1/8.2 (spec §6.1): eight agents, one per rating,
//! play until all reach the goal; per case the wins, mean/min/max rounds and DNFs per agent.
//!
//! This module describes an experiment ([`Config`], [`CASES`]) and aggregates its games
//! ([`CaseResult`], [`write_csv`]); the arena (`arena::games::economy::experiment`) plays
//! the games on its threads.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use botspec::SpecError;

use crate::bots::{Bot, build_bot};
use crate::game::{DEFAULT_MAX_ROUNDS, RoundReport};
use crate::rating::Rating;
use crate::session::{Session, ThinkLimit};
use crate::world::World;

/// One test case of Tab. 8.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Case {
    /// Case number 0..7.
    pub id: u8,
    /// Gold goal.
    pub goal: i64,
    /// The thesis's round time in milliseconds.
    pub round_ms: u64,
    /// Variable prices.
    pub variable_prices: bool,
}

/// The eight cases of Tab. 8.1.
pub const CASES: [Case; 8] = [
    Case {
        id: 0,
        goal: 500,
        round_ms: 2000,
        variable_prices: false,
    },
    Case {
        id: 1,
        goal: 500,
        round_ms: 2000,
        variable_prices: true,
    },
    Case {
        id: 2,
        goal: 500,
        round_ms: 20000,
        variable_prices: false,
    },
    Case {
        id: 3,
        goal: 500,
        round_ms: 20000,
        variable_prices: true,
    },
    Case {
        id: 4,
        goal: 1000,
        round_ms: 2000,
        variable_prices: false,
    },
    Case {
        id: 5,
        goal: 1000,
        round_ms: 2000,
        variable_prices: true,
    },
    Case {
        id: 6,
        goal: 1000,
        round_ms: 20000,
        variable_prices: false,
    },
    Case {
        id: 7,
        goal: 1000,
        round_ms: 20000,
        variable_prices: true,
    },
];

/// How agents' thinking is limited per round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Mode {
    /// Wall-clock rounds (the thesis's method); `None` uses the case's own round time.
    Time(Option<u64>),
    /// Exactly this many expansions per agent and round (reproducible).
    Budget(u64),
}

/// How one game is played: everything but the world and the bots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlayOptions {
    /// The gold goal and price mode (and the round time of [`Mode::Time`]`(None)`).
    pub case: Case,
    /// How the bots' thinking is limited per round.
    pub mode: Mode,
    /// Base seed S: bot i of game g draws from `S + 256·g + i` (E-29).
    pub seed: u64,
    /// The game index g.
    pub game: u32,
    /// Round cap; a bot without the goal by then did not finish (DNF).
    pub max_rounds: u32,
}

impl Default for PlayOptions {
    /// Case 1 (500 gold, variable prices), 1000 expansions per round, seed 1, game 0, the
    /// default round cap.
    fn default() -> Self {
        Self {
            case: CASES[1],
            mode: Mode::Budget(1000),
            seed: 1,
            game: 0,
            max_rounds: DEFAULT_MAX_ROUNDS,
        }
    }
}

/// The record of one finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// Game index g.
    pub game: u32,
    /// Rounds to goal per bot (None = DNF).
    pub rounds: Vec<Option<u32>>,
    /// Total expansions per bot over the game.
    pub expanded: Vec<u64>,
    /// Rounds each bot thought.
    pub thought: Vec<u32>,
    /// Wall time.
    pub wall_ms: u64,
}

impl GameOutcome {
    /// The minimum rounds among finishers.
    pub fn best(&self) -> Option<u32> {
        self.rounds.iter().flatten().copied().min()
    }

    /// True if bot `i` is among the (possibly tied) winners (E-28).
    pub fn is_winner(&self, i: usize) -> bool {
        self.rounds[i].is_some() && self.rounds[i] == self.best()
    }
}

/// Plays one game of `bots` (in seat order, named `Agent0…`) on `world` with the case's goal
/// and price mode.
pub fn play_game(
    world: &Arc<World>,
    bots: Vec<Box<dyn Bot>>,
    options: &PlayOptions,
) -> GameOutcome {
    play_game_traced(world, bots, options, |_, _, _| {})
}

/// [`play_game`] calling `on_round(session, report, prices)` after every round, with the
/// merchant's prices as they were when the round started.
pub fn play_game_traced(
    world: &Arc<World>,
    bots: Vec<Box<dyn Bot>>,
    options: &PlayOptions,
    mut on_round: impl FnMut(&Session, &RoundReport, &[i64]),
) -> GameOutcome {
    let start = Instant::now();
    let PlayOptions {
        case,
        mode,
        seed,
        game,
        max_rounds,
    } = *options;
    let case_world = Arc::new(
        World::clone(world)
            .with_gold_goal(case.goal)
            .with_variable_prices(case.variable_prices),
    );
    let n = bots.len();
    let mut session = Session::bots_only(case_world, bots, seed, u64::from(game));
    session.game.max_rounds = max_rounds;
    let mut expanded = vec![0u64; n];
    let mut thought = vec![0u32; n];
    while !session.game.is_over() {
        let thinking: Vec<bool> = session.game.players.iter().map(|p| !p.finished).collect();
        let prices = session.game.merchant.price.clone();
        let report = match mode {
            Mode::Time(ms) => {
                let deadline = Instant::now() + Duration::from_millis(ms.unwrap_or(case.round_ms));
                session.start_thinking(ThinkLimit {
                    expansions: None,
                    deadline: Some(deadline),
                });
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                session.finish_round(&[], true)
            }
            Mode::Budget(e) => {
                session.start_thinking(ThinkLimit {
                    expansions: Some(e),
                    deadline: None,
                });
                session.finish_round(&[], false)
            }
        };
        for i in (0..n).filter(|&i| thinking[i]) {
            if let Some(d) = session.last_decision(i) {
                expanded[i] += d.expanded;
                thought[i] += 1;
            }
        }
        on_round(&session, &report, &prices);
    }
    GameOutcome {
        game,
        rounds: session
            .game
            .players
            .iter()
            .map(|p| p.rounds_to_goal)
            .collect(),
        expanded,
        thought,
        wall_ms: start.elapsed().as_millis() as u64,
    }
}

/// Experiment settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Games per case.
    pub games: u32,
    /// Thinking limit.
    pub mode: Mode,
    /// Games played concurrently (the arena's worker threads).
    pub threads: usize,
    /// Base seed S.
    pub seed: u64,
    /// Round cap (DNF beyond).
    pub max_rounds: u32,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// The bots' specs ([`crate::BOTS`]) in seat order; empty = the thesis's eight
    /// ([`Rating::ALL`]). Per-bot thinking caps are spec parameters
    /// (`game-analyzer(max_expansions=30)`).
    pub bots: Vec<String>,
}

impl Config {
    /// The seated bots' specs: [`Config::bots`], or the eight of the thesis if empty.
    pub fn specs(&self) -> Vec<String> {
        if self.bots.is_empty() {
            Rating::ALL
                .iter()
                .map(|r| r.bot_name().to_owned())
                .collect()
        } else {
            self.bots.clone()
        }
    }
}

/// Builds one bot per spec, in order.
pub fn build_bots(specs: &[String]) -> Result<Vec<Box<dyn Bot>>, SpecError> {
    specs.iter().map(|s| build_bot(s)).collect()
}

/// Per-agent summary of a case.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AgentSummary {
    /// The bot's table label.
    pub label: String,
    /// Wins (ties shared).
    pub wins: u32,
    /// Mean rounds of finished games.
    pub mean: Option<f64>,
    /// Fewest rounds.
    pub min: Option<u32>,
    /// Most rounds.
    pub max: Option<u32>,
    /// Games not finished within `max_rounds`.
    pub dnf: u32,
    /// Mean expansions per thinking round.
    pub expansions_per_round: f64,
}

/// A case's results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CaseResult {
    /// The case.
    pub case: Case,
    /// Round time or budget used.
    pub mode: Mode,
    /// The bots' names ([`Bot::name`]) in seat order.
    pub bots: Vec<String>,
    /// The bots' table labels ([`Bot::label`]) in seat order.
    pub labels: Vec<String>,
    /// All games.
    pub games: Vec<GameOutcome>,
    /// Total wall time.
    pub wall_ms: u64,
}

impl CaseResult {
    /// The result of `case`: the `games` (in game order) of the bots `specs` (in seat
    /// order), played in `wall_ms`.
    pub fn new(
        case: Case,
        mode: Mode,
        specs: &[String],
        games: Vec<GameOutcome>,
        wall_ms: u64,
    ) -> Result<Self, SpecError> {
        let seated = build_bots(specs)?;
        Ok(Self {
            case,
            mode,
            bots: seated.iter().map(|b| b.name()).collect(),
            labels: seated.iter().map(|b| b.label()).collect(),
            games,
            wall_ms,
        })
    }

    /// Summary of agent `i`.
    pub fn summary(&self, i: usize) -> AgentSummary {
        let done: Vec<u32> = self.games.iter().filter_map(|g| g.rounds[i]).collect();
        let (exp, rounds) = self.games.iter().fold((0u64, 0u64), |(e, r), g| {
            (e + g.expanded[i], r + u64::from(g.thought[i]))
        });
        AgentSummary {
            label: self.labels[i].clone(),
            wins: self.games.iter().filter(|g| g.is_winner(i)).count() as u32,
            mean: (!done.is_empty())
                .then(|| f64::from(done.iter().sum::<u32>()) / done.len() as f64),
            min: done.iter().copied().min(),
            max: done.iter().copied().max(),
            dnf: (self.games.len() - done.len()) as u32,
            expansions_per_round: if rounds == 0 {
                0.0
            } else {
                exp as f64 / rounds as f64
            },
        }
    }

    /// Ø-Runden: the mean of all agents' results.
    pub fn mean_rounds(&self) -> Option<f64> {
        let all: Vec<u32> = self
            .games
            .iter()
            .flat_map(|g| g.rounds.iter().flatten().copied())
            .collect();
        (!all.is_empty()).then(|| f64::from(all.iter().sum::<u32>()) / all.len() as f64)
    }

    /// The case as a text table in the layout of §6.1.
    pub fn render(&self) -> String {
        let mut s = String::new();
        let c = self.case;
        let mode = match self.mode {
            Mode::Time(ms) => format!("{} ms/round", ms.unwrap_or(c.round_ms)),
            Mode::Budget(e) => format!("{e} expansions/round"),
        };
        let n = self.games.len().max(1);
        let _ = writeln!(
            s,
            "case {}: goal {} gold, {} prices, {mode}, {} games: total {:.1} s, mean {:.1} s/game, Ø-Runden {}",
            c.id,
            c.goal,
            if c.variable_prices {
                "variable"
            } else {
                "fixed"
            },
            self.games.len(),
            self.wall_ms as f64 / 1000.0,
            self.wall_ms as f64 / 1000.0 / n as f64,
            self.mean_rounds()
                .map_or_else(|| "-".to_owned(), |m| format!("{m:.2}"))
        );
        let opt = |v: Option<u32>| v.map_or_else(|| "-".to_owned(), |v| v.to_string());
        for i in 0..self.labels.len() {
            let a = self.summary(i);
            let _ = writeln!(
                s,
                "  Agent{i}  {:<15} wins {:>3}  mean {:>5}  min {:>3}  max {:>3}  dnf {}  ({:.0} exp/round)",
                a.label,
                a.wins,
                a.mean.map_or_else(|| "-".to_owned(), |m| format!("{m:.1}")),
                opt(a.min),
                opt(a.max),
                a.dnf,
                a.expansions_per_round
            );
        }
        s
    }
}

/// Writes one CSV row per (case, game, agent) atomically: the file appears complete (with a
/// normal file's mode, 0644 under umask 022) or not at all.
pub fn write_csv(path: &Path, results: &[CaseResult]) -> std::io::Result<()> {
    outfile::write_with(path, |out| {
        writeln!(
            out,
            "case,goal,variable_prices,game,agent,bot,rounds,winner,expansions,thinking_rounds"
        )?;
        for r in results {
            for g in &r.games {
                for (i, bot) in r.bots.iter().enumerate() {
                    writeln!(
                        out,
                        "{},{},{},{},Agent{i},{},{},{},{},{}",
                        r.case.id,
                        r.case.goal,
                        r.case.variable_prices,
                        g.game,
                        csv_field(bot),
                        g.rounds[i].map_or_else(String::new, |v| v.to_string()),
                        u8::from(g.is_winner(i)),
                        g.expanded[i],
                        g.thought[i]
                    )?;
                }
            }
        }
        Ok(())
    })
}

/// A CSV field: quoted when it holds a comma or a quote (a spec with parameters).
fn csv_field(s: &str) -> String {
    if s.contains([',', '"']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result() -> CaseResult {
        CaseResult {
            case: CASES[1],
            mode: Mode::Budget(10),
            bots: vec![
                "gold".into(),
                "game-analyzer(max_expansions=5,max_ms=9)".into(),
            ],
            labels: vec!["Gold".into(), "GameAnalyzer".into()],
            games: vec![GameOutcome {
                game: 0,
                rounds: vec![Some(30), None],
                expanded: vec![300, 290],
                thought: vec![30, 30],
                wall_ms: 5,
            }],
            wall_ms: 5,
        }
    }

    #[test]
    fn csv_is_written_whole_with_a_plain_files_mode() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.csv");
        write_csv(&path, &[result()]).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1], "1,500,true,0,Agent0,gold,30,1,300,30");
        assert_eq!(
            lines[2],
            "1,500,true,0,Agent1,\"game-analyzer(max_expansions=5,max_ms=9)\",,0,290,30"
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            // Like any file created normally (0666 minus the umask: 0644 under umask 022),
            // not the 0600 of a temporary file.
            let plain = dir.path().join("plain");
            std::fs::write(&plain, "x").unwrap();
            let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode(&path), mode(&plain));
        }
    }

    #[test]
    fn csv_into_a_missing_directory_fails_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing").join("out.csv");
        assert!(write_csv(&path, &[result()]).is_err());
        assert!(!path.exists());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}

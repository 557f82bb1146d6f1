//! The economy game's players: the [`Bot`] trait, its two implementations — [`RatingBot`]
//! (the anytime search of spec §5 under one [`Rating`]) and [`PlannerBot`] (our planner,
//! [`crate::planner`]) — and [`BOTS`], the catalogue the CLI, the arena and the viewer build
//! bots from (`botforge economy bots` lists it).
//!
//! ```
//! let bot = economy::build_bot("game-analyzer(max_expansions=50)")?;
//! assert_eq!(bot.name(), "game-analyzer(max_expansions=50)");
//! assert_eq!(bot.cap().expansions, Some(50));
//! # Ok::<(), botspec::SpecError>(())
//! ```

use std::time::Duration;

use botspec::{Args, Catalogue, Entry, Param, SpecError};
use search::Budget;

use crate::agent::{Decision, SearchInput};
use crate::planner::{self, Params};
use crate::rating::Rating;
use crate::rng::SplitMix64;
use crate::session::AgentCap;

/// A player of the economy game: every round it gets the game as it is when thinking starts
/// and answers with one activity (or none) within a budget.
///
/// The engine ([`crate::game::Game`]) knows nothing of bots; a [`crate::session::Session`]
/// seats them, runs each one's [`Bot::think`] on its own thread and resolves the round with
/// the answers.
pub trait Bot: Send {
    /// The spec it was built from, canonical (`gold`, `game-analyzer(max_expansions=50)`):
    /// what CSV rows and logs show.
    fn name(&self) -> String;

    /// The short label of result tables (`Gold`, `GameAnalyzer`, `GA-Planner`).
    fn label(&self) -> String;

    /// Its own cap on thinking per round, on top of the round's limit (none by default).
    fn cap(&self) -> AgentCap {
        AgentCap::default()
    }

    /// One round of thinking within `budget`; random choices come from `rng` (the session
    /// seeds one generator per seat, E-29).
    fn think(&mut self, input: SearchInput<'_>, budget: &Budget, rng: &mut SplitMix64) -> Decision;
}

/// A thesis agent (or our GameAnalyzer+): the anytime iterative best-first search of §5 over
/// the agent's future states, rated by one [`Rating`] ([`crate::agent::think`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatingBot {
    rating: Rating,
    cap: AgentCap,
    name: String,
}

impl RatingBot {
    /// The agent of `rating` without a cap of its own.
    pub fn new(rating: Rating) -> Self {
        Self {
            rating,
            cap: AgentCap::default(),
            name: rating.bot_name().to_owned(),
        }
    }

    /// The same agent capped at `cap` per round (its name shows the cap).
    #[must_use]
    pub fn with_cap(mut self, cap: AgentCap) -> Self {
        self.cap = cap;
        self.name = cap_spec(self.rating.bot_name(), cap);
        self
    }

    /// The rating.
    pub fn rating(&self) -> Rating {
        self.rating
    }
}

impl Bot for RatingBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn label(&self) -> String {
        self.rating.label().to_owned()
    }

    fn cap(&self) -> AgentCap {
        self.cap
    }

    fn think(&mut self, input: SearchInput<'_>, budget: &Budget, rng: &mut SplitMix64) -> Decision {
        crate::agent::think(input, self.rating, budget, rng).0
    }
}

/// Our GameAnalyzer planner: plans whole games to the goal under a market model with the
/// GameAnalyzer's move as its fallback ([`crate::planner::think_with`]); it draws no random
/// numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannerBot {
    params: Params,
    cap: AgentCap,
    name: String,
}

impl PlannerBot {
    /// The planner with `params` and no cap of its own.
    pub fn new(params: Params) -> Self {
        Self {
            params,
            cap: AgentCap::default(),
            name: PLANNER.to_owned(),
        }
    }

    /// The planner's constants.
    pub fn params(&self) -> Params {
        self.params
    }
}

impl Default for PlannerBot {
    fn default() -> Self {
        Self::new(Params::default())
    }
}

impl Bot for PlannerBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn label(&self) -> String {
        "GA-Planner".to_owned()
    }

    fn cap(&self) -> AgentCap {
        self.cap
    }

    fn think(
        &mut self,
        input: SearchInput<'_>,
        budget: &Budget,
        _rng: &mut SplitMix64,
    ) -> Decision {
        planner::think_with(input, budget, self.params).0
    }
}

/// The planner's name in [`BOTS`].
const PLANNER: &str = "game-analyzer-planner";

/// Most expansions a cap may name (far beyond any round: 10^7 is minutes).
const MAX_CAP_EXPANSIONS: u64 = 1_000_000_000_000;
/// Longest time cap, in milliseconds (one hour).
const MAX_CAP_MS: u64 = 3_600_000;

/// The cap parameters every bot takes (the spec's optional `max_time`, §5.5, and its
/// reproducible analogue).
const CAP_PARAMS: [Param; 2] = [
    Param {
        key: "max_expansions",
        default: "",
        about: "at most this many expansions per round, below the round's own limit (none)",
    },
    Param {
        key: "max_ms",
        default: "",
        about: "at most this many milliseconds of thinking per round (the spec's max_time; none)",
    },
];

const RATING_PARAMS: &[Param] = &CAP_PARAMS;

const PLANNER_PARAMS: &[Param] = &[
    Param {
        key: "skill_value",
        default: "0",
        about: "gold a plan state is credited per point of a skill",
    },
    Param {
        key: "sell_round_cost",
        default: "20",
        about: "gold a plan state is charged per round still needed to sell its goods",
    },
    Param {
        key: "trend_rounds",
        default: "0",
        about: "rounds the price trend is extrapolated (0 = current prices)",
    },
    Param {
        key: "max_depth",
        default: "300",
        about: "longest plan, in rounds",
    },
    Param {
        key: "max_width",
        default: "4096",
        about: "widest beam tried (widths 1, 2, 4, … up to this)",
    },
    CAP_PARAMS[0],
    CAP_PARAMS[1],
];

/// `name(max_expansions=…,max_ms=…)` with the caps that are set.
fn cap_spec(name: &str, cap: AgentCap) -> String {
    let mut args = Vec::new();
    if let Some(e) = cap.expansions {
        args.push(format!("max_expansions={e}"));
    }
    if let Some(t) = cap.time {
        args.push(format!("max_ms={}", t.as_millis()));
    }
    if args.is_empty() {
        name.to_owned()
    } else {
        format!("{name}({})", args.join(","))
    }
}

fn cap(args: &Args) -> Result<AgentCap, SpecError> {
    let expansions = match args.given("max_expansions")? {
        None => None,
        Some(_) => Some(args.get_in("max_expansions", 0..=MAX_CAP_EXPANSIONS)?),
    };
    let time = match args.given("max_ms")? {
        None => None,
        Some(_) => Some(Duration::from_millis(
            args.get_in("max_ms", 0..=MAX_CAP_MS)?,
        )),
    };
    Ok(AgentCap { expansions, time })
}

fn rating_bot(rating: Rating, args: &Args) -> Result<Box<dyn Bot>, SpecError> {
    let mut bot = RatingBot::new(rating);
    bot.cap = cap(args)?;
    bot.name = args.canonical();
    Ok(Box::new(bot))
}

fn planner_bot(args: &Args) -> Result<Box<dyn Bot>, SpecError> {
    let params = Params {
        skill_value: args.get_in("skill_value", -1_000_000..=1_000_000)?,
        sell_round_cost: args.get_in("sell_round_cost", -1_000_000..=1_000_000)?,
        trend_rounds: args.get_in("trend_rounds", 0..=1000)?,
        max_depth: args.get_in("max_depth", 1..=10_000)?,
        max_width: args.get_in("max_width", 1..=16_384)?,
    };
    Ok(Box::new(PlannerBot {
        params,
        cap: cap(args)?,
        name: args.canonical(),
    }))
}

/// Every economy bot: the thesis's eight agents (Agent0 … Agent7 of its experiments, in that
/// order), then ours.
pub static BOTS: Catalogue<dyn Bot> = Catalogue {
    game: "economy",
    entries: &[
        Entry {
            name: "gold",
            about: "thesis agent Gold: maximises gold",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::Gold, a),
        },
        Entry {
            name: "score",
            about: "thesis agent Score: maximises the score (gold + goods + attributes)",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::Score, a),
        },
        Entry {
            name: "shortfall",
            about: "thesis agent Differenz: minimises the shortfall to the goal",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::Differenz, a),
        },
        Entry {
            name: "gold-per-round",
            about: "thesis agent Gold/Runden: maximises gold per round",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::GoldPerRound, a),
        },
        Entry {
            name: "score-per-round",
            about: "thesis agent Score/Runden: maximises the score per round",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::ScorePerRound, a),
        },
        Entry {
            name: "gold-score",
            about: "thesis agent Gold+Score: maximises [gold, score]",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::GoldScore, a),
        },
        Entry {
            name: "gold-score-per-round",
            about: "thesis agent Gold/R+Score/R: maximises [gold per round, score per round]",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::GoldScorePerRound, a),
        },
        Entry {
            name: "game-analyzer",
            about: "thesis agent GameAnalyzer: maximises the path sum of production-path edge values",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::GameAnalyzer, a),
        },
        Entry {
            name: "game-analyzer-plus",
            about: "ours: gold per round, ties by net worth per round after selling and eating",
            params: RATING_PARAMS,
            build: |a, ()| rating_bot(Rating::GameAnalyzerPlus, a),
        },
        Entry {
            name: PLANNER,
            about: "ours: plans whole games to the goal by beam search under a market model",
            params: PLANNER_PARAMS,
            build: |a, ()| planner_bot(a),
        },
    ],
};

/// Builds the bot a spec names: [`BOTS`]`.build(spec, ())`, the one lookup of economy bot
/// names. An external program (`cmd:…`) is refused, since the economy game has no protocol
/// for one.
pub fn build_bot(spec: &str) -> Result<Box<dyn Bot>, SpecError> {
    BOTS.build(spec, ())
}

/// The thesis's eight agents, Agent0 … Agent7 ([`Rating::ALL`]).
pub fn thesis_bots() -> Vec<Box<dyn Bot>> {
    Rating::ALL
        .iter()
        .map(|&r| Box::new(RatingBot::new(r)) as Box<dyn Bot>)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rating_has_its_entry() {
        for r in Rating::KNOWN {
            let bot = build_bot(r.bot_name()).unwrap();
            assert_eq!(bot.name(), r.bot_name());
            assert_eq!(bot.label(), r.label());
        }
        assert!(BOTS.entry(PLANNER).is_some());
    }

    #[test]
    fn caps_are_parameters_and_show_in_the_name() {
        let bot = build_bot("gold(max_expansions=30,max_ms=5)").unwrap();
        assert_eq!(
            bot.cap(),
            AgentCap {
                expansions: Some(30),
                time: Some(Duration::from_millis(5))
            }
        );
        assert_eq!(bot.name(), "gold(max_expansions=30,max_ms=5)");
        assert_eq!(
            build_bot("gold(30)").unwrap().name(),
            "gold(max_expansions=30)"
        );
        let direct = RatingBot::new(Rating::Gold).with_cap(bot.cap());
        assert_eq!(direct.name(), bot.name());
        assert_eq!(build_bot("gold").unwrap().cap(), AgentCap::default());
    }

    #[test]
    fn bad_specs_are_refused_with_the_key_or_the_names() {
        let e = build_bot("gold(max_ms=-1)").err().unwrap().to_string();
        assert!(e.contains("max_ms"), "{e}");
        let e = build_bot("game-analyzer-planner(max_width=0)")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("max_width") && e.contains("1..=16384"), "{e}");
        let e = build_bot("genius").err().unwrap().to_string();
        assert!(
            e.contains("genius") && e.contains("game-analyzer-planner"),
            "{e}"
        );
        let e = build_bot("gold(depth=3)").err().unwrap().to_string();
        assert!(e.contains("depth") && e.contains("max_expansions"), "{e}");
        assert!(matches!(
            build_bot("cmd:./bot"),
            Err(SpecError::External { .. })
        ));
    }

    #[test]
    fn names_are_the_catalogues_exactly() {
        for name in BOTS.names() {
            assert_eq!(build_bot(name).unwrap().name(), name);
        }
        for other in ["Gold", "differenz", "GameAnalyzer"] {
            assert!(build_bot(other).is_err(), "{other}");
        }
    }

    #[test]
    fn planner_params_reach_the_planner() {
        let (entry, args) = BOTS
            .resolve("game-analyzer-planner(max_width=8,trend_rounds=3)")
            .unwrap();
        assert_eq!(entry.name, PLANNER);
        assert_eq!(args.get::<usize>("max_width").unwrap(), 8);
        let bot = build_bot("game-analyzer-planner").unwrap();
        assert_eq!(bot.label(), "GA-Planner");
        assert_eq!(PlannerBot::default().params(), Params::default());
    }
}

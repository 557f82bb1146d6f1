//! The eight rating functions of the agents and the two overrides (spec §5.3, E-21–E-23).
//! Values are kept in a "larger is better" key space: a minimising rating (Differenz) is
//! stored negated, so the search can compare keys directly.

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::rules::{self, GOLD_SLOT, attr_slot};
use crate::world::World;

/// `Integer.MAX_VALUE` of the thesis.
pub const MAX: i64 = (1 << 31) - 1;

/// A rating function (one per agent in the experiments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rating {
    /// `[gold]`, maximise.
    Gold,
    /// `[score]`, maximise.
    Score,
    /// `[shortfall to the goal]`, minimise.
    Differenz,
    /// `[gold ÷ n]`.
    GoldPerRound,
    /// `[score ÷ n]`.
    ScorePerRound,
    /// `[gold, score]`.
    GoldScore,
    /// `[gold ÷ n, score ÷ n]`.
    GoldScorePerRound,
    /// `[path sum of GameAnalyzer edge values]`.
    GameAnalyzer,
}

impl Rating {
    /// All eight in agent order (Agent0 … Agent7).
    pub const ALL: [Rating; 8] = [
        Rating::Gold,
        Rating::Score,
        Rating::Differenz,
        Rating::GoldPerRound,
        Rating::ScorePerRound,
        Rating::GoldScore,
        Rating::GoldScorePerRound,
        Rating::GameAnalyzer,
    ];

    /// The label used in tables.
    pub fn label(self) -> &'static str {
        match self {
            Rating::Gold => "Gold",
            Rating::Score => "Score",
            Rating::Differenz => "Differenz",
            Rating::GoldPerRound => "Gold/Runden",
            Rating::ScorePerRound => "Score/Runden",
            Rating::GoldScore => "Gold+Score",
            Rating::GoldScorePerRound => "Gold/R+Score/R",
            Rating::GameAnalyzer => "GameAnalyzer",
        }
    }

    /// The command-line name.
    pub fn cli_name(self) -> &'static str {
        match self {
            Rating::Gold => "gold",
            Rating::Score => "score",
            Rating::Differenz => "differenz",
            Rating::GoldPerRound => "gold-per-round",
            Rating::ScorePerRound => "score-per-round",
            Rating::GoldScore => "gold-score",
            Rating::GoldScorePerRound => "gold-score-per-round",
            Rating::GameAnalyzer => "game-analyzer",
        }
    }

    /// Number of vector components.
    pub fn components(self) -> usize {
        match self {
            Rating::GoldScore | Rating::GoldScorePerRound => 2,
            _ => 1,
        }
    }

    /// True for the one minimising rating.
    pub fn minimises(self) -> bool {
        self == Rating::Differenz
    }

    /// The worst key (Table 6.1).
    pub fn worst(self) -> Key {
        if self.minimises() {
            Key([-MAX, 0])
        } else {
            Key([0, 0])
        }
    }

    /// The best key (Table 6.1).
    pub fn best(self) -> Key {
        match (self.minimises(), self.components()) {
            (true, _) => Key([0, 0]),
            (false, 1) => Key([MAX, 0]),
            _ => Key([MAX, MAX]),
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cli_name())
    }
}

impl FromStr for Rating {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rating::ALL
            .into_iter()
            .find(|r| r.cli_name() == s || r.label().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                format!(
                    "unknown rating {s:?}; expected one of: {}",
                    Rating::ALL.map(Rating::cli_name).join(", ")
                )
            })
    }
}

/// A rating value in "larger is better" form, compared lexicographically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Key(pub [i64; 2]);

/// Everything a rating needs about the search root (the "Ursprungsknoten", E-21).
#[derive(Clone, Debug)]
pub struct Rater<'a> {
    world: &'a World,
    rating: Rating,
    /// Current prices (score uses them, E-22).
    prices: &'a [i64],
    rounds_played: u32,
    root_gold: i64,
    root_key: Key,
    override_sell: bool,
    /// (slot, root value) of negative attributes at their maximum in the root.
    override_eat: Vec<(usize, i64)>,
}

impl<'a> Rater<'a> {
    /// Prepares a rater for a search from `root` after `rounds_played` rounds.
    pub fn new(
        world: &'a World,
        rating: Rating,
        prices: &'a [i64],
        root: &[i64],
        rounds_played: u32,
    ) -> Self {
        let mut r = Self {
            world,
            rating,
            prices,
            rounds_played,
            root_gold: root[GOLD_SLOT],
            root_key: Key([0, 0]),
            override_sell: false,
            override_eat: Vec::new(),
        };
        r.root_key = r.base(root, 0, 0);
        r.override_sell = world
            .goal
            .gold
            .is_some_and(|g| root[GOLD_SLOT] + rules::item_value(root, prices) >= g);
        r.override_eat = world
            .attributes
            .iter()
            .enumerate()
            .filter(|(a, attr)| !attr.positive && root[attr_slot(world, *a)] >= attr.max)
            .map(|(a, _)| (attr_slot(world, a), root[attr_slot(world, a)]))
            .collect();
        r
    }

    /// The rating's own vector (without overrides) for a node at `depth` with `path_sum`.
    pub fn base(&self, s: &[i64], depth: u32, path_sum: i64) -> Key {
        let n = i64::from((self.rounds_played + depth).max(1));
        let gold = s[GOLD_SLOT];
        let score = || rules::score(self.world, s, self.prices);
        Key(match self.rating {
            Rating::Gold => [gold, 0],
            Rating::Score => [score(), 0],
            Rating::Differenz => [-rules::shortfall(self.world, s), 0],
            Rating::GoldPerRound => [gold / n, 0],
            Rating::ScorePerRound => [score() / n, 0],
            Rating::GoldScore => [gold, score()],
            Rating::GoldScorePerRound => [gold / n, score() / n],
            Rating::GameAnalyzer => [path_sum, 0],
        })
    }

    /// The full rating with both overrides (§5.3).
    pub fn rate(&self, s: &[i64], depth: u32, path_sum: i64) -> Key {
        if self.override_sell {
            let gold = s[GOLD_SLOT];
            if gold > self.root_gold {
                let mut k = self.root_key;
                k.0[0] += gold - self.root_gold;
                return k;
            }
            return self.rating.worst();
        }
        if !self.override_eat.is_empty() {
            if self.override_eat.iter().any(|&(slot, v)| s[slot] < v) {
                let mut k = self.rating.best();
                let d = i64::from(depth);
                for c in k.0.iter_mut().take(self.rating.components()) {
                    *c -= d;
                }
                return k;
            }
            return self.rating.worst();
        }
        self.base(s, depth, path_sum)
    }
}

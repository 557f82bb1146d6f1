//! The eight rating functions of the agents and the two overrides (spec §5.3, E-21–E-23).
//! Values are kept in a "larger is better" key space: a minimising rating (Differenz) is
//! stored negated, so the search can compare keys directly.

use std::fmt;

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
    /// Ours, beyond the thesis (docs/economy.md, "Beyond the thesis"):
    /// `[gold ÷ n, net worth ÷ (n + rounds to sell the goods and to eat the hunger away)]`,
    /// goods at the predicted prices p̂ of the node's depth, see [`Rater::base`].
    GameAnalyzerPlus,
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

    /// Every rating: the eight spec agents, then ours (each is a [`crate::RatingBot`] in
    /// [`crate::BOTS`]).
    pub const KNOWN: [Rating; 9] = [
        Rating::Gold,
        Rating::Score,
        Rating::Differenz,
        Rating::GoldPerRound,
        Rating::ScorePerRound,
        Rating::GoldScore,
        Rating::GoldScorePerRound,
        Rating::GameAnalyzer,
        Rating::GameAnalyzerPlus,
    ];

    /// True if the search computes GameAnalyzer edge values and keeps, per node, the path
    /// with the larger edge sum (E-15); for [`Rating::GameAnalyzerPlus`] this decides which
    /// first move a state reached along several paths stands for.
    pub fn uses_edges(self) -> bool {
        matches!(self, Rating::GameAnalyzer | Rating::GameAnalyzerPlus)
    }

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
            Rating::GameAnalyzerPlus => "GameAnalyzer+",
        }
    }

    /// The name of the rating's bot in [`crate::BOTS`].
    pub fn bot_name(self) -> &'static str {
        match self {
            Rating::Gold => "gold",
            Rating::Score => "score",
            Rating::Differenz => "shortfall",
            Rating::GoldPerRound => "gold-per-round",
            Rating::ScorePerRound => "score-per-round",
            Rating::GoldScore => "gold-score",
            Rating::GoldScorePerRound => "gold-score-per-round",
            Rating::GameAnalyzer => "game-analyzer",
            Rating::GameAnalyzerPlus => "game-analyzer-plus",
        }
    }

    /// Number of vector components.
    pub fn components(self) -> usize {
        match self {
            Rating::GoldScore | Rating::GoldScorePerRound | Rating::GameAnalyzerPlus => 2,
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
        f.write_str(self.bot_name())
    }
}

/// Per item: its sale activities as (units, activity index), largest first.
pub(crate) fn sale_table(world: &World) -> Vec<Vec<(i64, usize)>> {
    let mut t = vec![Vec::new(); world.items.len()];
    for (a, act) in world.activities.iter().enumerate() {
        for e in &act.effects {
            if let crate::world::Effect::Sell(i, k) = *e
                && k > 0
            {
                t[i].push((k, a));
            }
        }
    }
    for v in &mut t {
        v.sort_by(|x, y| y.0.cmp(&x.0).then(x.1.cmp(&y.1)));
    }
    t
}

/// Rounds needed to sell every held unit of `s` with the largest sale (from [`sale_table`])
/// whose preconditions hold in `s` (merchant limits ignored); an item with no such sale counts
/// one round per unit.
pub(crate) fn selling_rounds(world: &World, sales: &[Vec<(i64, usize)>], s: &[i64]) -> i64 {
    let mut rounds = 0;
    for (i, sales) in sales.iter().enumerate() {
        let q = s[rules::item_slot(i)];
        if q <= 0 {
            continue;
        }
        let k = sales
            .iter()
            .find(|&&(_, a)| rules::preconditions_hold(world, s, &world.activities[a]))
            .map_or(1, |&(k, _)| k);
        rounds += (q + k - 1) / k;
    }
    rounds
}

/// The cost of bringing every negative attribute of `s` back to 0 with its cheapest relief
/// (from [`relief_table`]; gold at `prices` per point, first on ties): `(gold, rounds)`.
pub(crate) fn relief_cost(
    reliefs: &[(usize, Vec<Relief>)],
    s: &[i64],
    prices: &[i64],
) -> (i64, i64) {
    let (mut gold, mut rounds) = (0, 0);
    for (slot, acts) in reliefs {
        let v = s[*slot];
        if v <= 0 {
            continue;
        }
        let best = acts
            .iter()
            .map(|(r, items)| {
                let c: i64 = items.iter().map(|&(i, q)| q * prices[i]).sum();
                (c, *r)
            })
            .min_by(|a, b| (a.0 * b.1).cmp(&(b.0 * a.1)));
        if let Some((c, r)) = best {
            gold += v * c / r;
            rounds += (v + r - 1) / r;
        }
    }
    (gold, rounds)
}

/// An activity that lowers a negative attribute: points removed, items consumed (item, units).
pub(crate) type Relief = (i64, Vec<(usize, i64)>);

/// Per negative attribute: (state slot, the activities that lower it).
pub(crate) fn relief_table(world: &World) -> Vec<(usize, Vec<Relief>)> {
    use crate::world::Effect;
    let mut out = Vec::new();
    for (a, attr) in world.attributes.iter().enumerate() {
        if attr.positive {
            continue;
        }
        let mut acts = Vec::new();
        for act in &world.activities {
            let r: i64 = act
                .effects
                .iter()
                .map(|e| match *e {
                    Effect::Attribute(x, d) if x == a && d < 0 => -d,
                    _ => 0,
                })
                .sum();
            if r > 0 {
                let items = act
                    .effects
                    .iter()
                    .filter_map(|e| match *e {
                        Effect::Item(i, q) if q < 0 => Some((i, -q)),
                        _ => None,
                    })
                    .collect();
                acts.push((r, items));
            }
        }
        out.push((attr_slot(world, a), acts));
    }
    out
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
    /// Predicted prices p̂(·, t) for t = 0, 1, … (§5.1); empty = current prices.
    predicted: Vec<Vec<i64>>,
    /// Per item: its sale activities as (units, activity index), largest first.
    sales: Vec<Vec<(i64, usize)>>,
    /// Per negative attribute (slot): its relief activities as (points, consumed items).
    reliefs: Vec<(usize, Vec<Relief>)>,
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
            predicted: Vec::new(),
            sales: sale_table(world),
            reliefs: relief_table(world),
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

    /// Values held goods at the predicted prices p̂(·, t) of `table[t]` (t = node depth; the
    /// last row serves deeper nodes) instead of the current prices. Only
    /// [`Rating::GameAnalyzerPlus`] reads them.
    #[must_use]
    pub fn with_predicted_prices(mut self, table: Vec<Vec<i64>>) -> Self {
        self.predicted = table;
        self
    }

    fn prices_at(&self, depth: u32) -> &[i64] {
        match self.predicted.len() {
            0 => self.prices,
            len => &self.predicted[(depth as usize).min(len - 1)],
        }
    }

    /// Rounds needed to sell every held unit with the largest sale whose preconditions hold
    /// in `s` (merchant limits ignored); an item with no such sale counts one round per unit.
    pub fn selling_rounds(&self, s: &[i64]) -> i64 {
        selling_rounds(self.world, &self.sales, s)
    }

    /// The cost of bringing every negative attribute back to 0 with its cheapest relief
    /// (gold at `prices`, rounds): `(gold, rounds)`.
    pub fn relief_cost(&self, s: &[i64], prices: &[i64]) -> (i64, i64) {
        relief_cost(&self.reliefs, s, prices)
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
            Rating::GameAnalyzerPlus => {
                let prices = self.prices_at(depth);
                let (relief_gold, relief_rounds) = self.relief_cost(s, prices);
                let worth = gold + rules::item_value(s, prices) - relief_gold;
                [
                    gold / n,
                    worth / (n + self.selling_rounds(s) + relief_rounds),
                ]
            }
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

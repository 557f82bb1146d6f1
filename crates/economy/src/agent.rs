//! A search agent's thinking for one round (spec §5.1–5.5): the graph of its future states
//! with de-duplication and lazily built children, searched with
//! [`search::anytime::iterative_best_first`] under one of the eight ratings.
//!
//! States live in one flat `Vec<i64>` arena; the de-duplication index maps a 64-bit hash to
//! the first node with that hash and chains collisions, so no key is ever allocated.

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use search::anytime::{Options, Stop, iterative_best_first};
use search::{Budget, Stats};
use serde::Serialize;

use crate::analyzer::GameAnalyzer;
use crate::merchant::Merchant;
use crate::rating::{Key, Rater, Rating};
use crate::rng::SplitMix64;
use crate::rules::{self, Market};
use crate::world::World;

/// Everything an agent reads when it starts thinking (snapshots, never changed).
#[derive(Clone, Copy, Debug)]
pub struct SearchInput<'a> {
    /// The world.
    pub world: &'a World,
    /// The agent's real state (flat, see [`crate::rules`]).
    pub state: &'a [i64],
    /// Rounds the agent has played (the root's round).
    pub rounds_played: u32,
    /// The merchant as it is at the start of thinking.
    pub merchant: &'a Merchant,
    /// The shared analyzer as it is at the start of thinking.
    pub analyzer: &'a GameAnalyzer,
    /// Random pop period (E-18).
    pub random_period: u64,
}

/// An agent's answer for one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decision {
    /// The activity to perform (index), or `None` to skip.
    pub activity: Option<usize>,
    /// Nodes expanded and generated.
    pub expanded: u64,
    /// Graph nodes created.
    pub nodes: usize,
    /// Depth limit of the last iteration.
    pub depth_limit: u32,
    /// True if a goal node was found.
    pub goal_found: bool,
}

const NONE: u32 = u32::MAX;

/// Identity hasher for keys that already are well-mixed 64-bit hashes.
#[derive(Default)]
struct PreHashed(u64);

impl Hasher for PreHashed {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) | u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

fn hash_state(s: &[i64], depth: u32) -> u64 {
    let mut h: u64 = u64::from(depth).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for &v in s {
        h = (h.rotate_left(5) ^ v as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    h ^ (h >> 29)
}

/// The graph of future states of one search.
struct Graph<'a> {
    input: SearchInput<'a>,
    rating: Rating,
    width: usize,
    vals: Vec<i64>,
    depth: Vec<u32>,
    /// First activity of the node's path (`NONE` for the root).
    first: Vec<u32>,
    path_sum: Vec<i64>,
    /// `(start, len)` into `kids`, or `(NONE, 0)` before the children are built.
    kid_range: Vec<(u32, u32)>,
    kids: Vec<u32>,
    index: HashMap<u64, u32, BuildHasherDefault<PreHashed>>,
    next_same: Vec<u32>,
    prices_at: Vec<Vec<i64>>,
    scratch: Vec<i64>,
}

impl<'a> Graph<'a> {
    fn new(input: SearchInput<'a>, rating: Rating) -> Self {
        let width = input.state.len();
        let mut g = Self {
            input,
            rating,
            width,
            vals: Vec::with_capacity(width * 4096),
            depth: Vec::new(),
            first: Vec::new(),
            path_sum: Vec::new(),
            kid_range: Vec::new(),
            kids: Vec::new(),
            index: HashMap::default(),
            next_same: Vec::new(),
            prices_at: Vec::new(),
            scratch: vec![0; width],
        };
        g.insert(input.state, 0, NONE, 0);
        g
    }

    fn state(&self, k: usize) -> &[i64] {
        &self.vals[k * self.width..(k + 1) * self.width]
    }

    fn insert(&mut self, s: &[i64], depth: u32, first: u32, path_sum: i64) -> u32 {
        let id = self.depth.len() as u32;
        self.vals.extend_from_slice(s);
        self.depth.push(depth);
        self.first.push(first);
        self.path_sum.push(path_sum);
        self.kid_range.push((NONE, 0));
        let h = hash_state(s, depth);
        let prev = self.index.insert(h, id).unwrap_or(NONE);
        self.next_same.push(prev);
        id
    }

    fn find(&self, s: &[i64], depth: u32) -> Option<u32> {
        let mut id = *self.index.get(&hash_state(s, depth))?;
        while id != NONE {
            if self.depth[id as usize] == depth && self.state(id as usize) == s {
                return Some(id);
            }
            id = self.next_same[id as usize];
        }
        None
    }

    fn prices(&mut self, t: u32) -> usize {
        while self.prices_at.len() <= t as usize {
            let t = self.prices_at.len() as u32;
            self.prices_at.push(self.input.merchant.predicted_prices(t));
        }
        t as usize
    }

    /// Builds (once) and appends the children of `k` in activity order.
    fn children(&mut self, k: usize, out: &mut Vec<usize>) {
        let (start, len) = self.kid_range[k];
        if start == NONE {
            self.build_children(k);
        }
        let (start, len2) = self.kid_range[k];
        debug_assert!(len == 0 || len == len2);
        out.extend(
            self.kids[start as usize..(start + len2) as usize]
                .iter()
                .map(|&c| c as usize),
        );
    }

    fn build_children(&mut self, k: usize) {
        let SearchInput {
            world,
            merchant,
            analyzer,
            ..
        } = self.input;
        let rating = self.rating;
        let d = self.depth[k];
        let pi = self.prices(d);
        let parent: Vec<i64> = self.state(k).to_vec();
        let edge_ctx = rating.uses_edges().then(|| {
            let now = Market {
                prices: &merchant.price,
                stock: &merchant.stock,
                pending: None,
                merchant_gold: merchant.gold,
            };
            analyzer.edge_context(world, &parent, &now)
        });
        let start = self.kids.len() as u32;
        let parent_sum = self.path_sum[k];
        let parent_first = self.first[k];
        for (a, act) in world.activities.iter().enumerate() {
            let prices = &self.prices_at[pi];
            let market = Market {
                prices,
                stock: &merchant.stock,
                pending: None,
                merchant_gold: merchant.gold,
            };
            if !rules::executable(world, &parent, act, &market) {
                continue;
            }
            self.scratch.copy_from_slice(&parent);
            rules::apply(world, &mut self.scratch, act, prices);
            let w = edge_ctx
                .as_ref()
                .map_or(1, |c| analyzer.edge_value(&parent, c, a));
            let sum = parent_sum + w;
            let first = if parent_first == NONE {
                a as u32
            } else {
                parent_first
            };
            let scratch = std::mem::take(&mut self.scratch);
            let id = match self.find(&scratch, d + 1) {
                Some(id) => {
                    if rating.uses_edges() && sum > self.path_sum[id as usize] {
                        self.path_sum[id as usize] = sum;
                        self.first[id as usize] = first;
                    }
                    id
                }
                None => self.insert(&scratch, d + 1, first, sum),
            };
            self.scratch = scratch;
            self.kids.push(id);
        }
        self.kid_range[k] = (start, self.kids.len() as u32 - start);
    }
}

/// The safe answer computed before the search starts (one expansion): the root's best-rated
/// child, first in activity order on ties. Used only if the search is stopped before it
/// popped any node besides the root.
fn fallback(g: &mut Graph<'_>, rater: &Rater<'_>) -> Option<usize> {
    let mut kids = Vec::new();
    g.children(0, &mut kids);
    let mut best: Option<(Key, usize)> = None;
    for k in kids {
        let v = rater.rate(g.state(k), g.depth[k], g.path_sum[k]);
        if best.is_none_or(|(b, _)| v > b) {
            best = Some((v, k));
        }
    }
    best.map(|(_, k)| g.first[k] as usize)
}

/// Depths for which the rater gets its own row of predicted prices (deeper nodes use the
/// last row; searches at 200 ms reach depth 6–10).
const PREDICTED_DEPTHS: u32 = 32;

/// Runs one round of thinking with `rating` within `budget` and returns the chosen first
/// activity (the search of [`crate::RatingBot`]).
///
/// A fallback (the root's best-rated child) is computed first; then the search runs. The
/// budget's node limit counts expansions; its deadline and stop flag are checked before every
/// expansion, so this returns at most one expansion after the budget is spent.
pub fn think(
    input: SearchInput<'_>,
    rating: Rating,
    budget: &Budget,
    rng: &mut SplitMix64,
) -> (Decision, Stats) {
    let world = input.world;
    let rater = Rater::new(
        world,
        rating,
        &input.merchant.price,
        input.state,
        input.rounds_played,
    )
    .with_predicted_prices(
        (0..PREDICTED_DEPTHS)
            .map(|t| input.merchant.predicted_prices(t))
            .collect(),
    );
    let graph = RefCell::new(Graph::new(input, rating));
    let fallback = fallback(&mut graph.borrow_mut(), &rater);
    let rate = |k: usize| -> Key {
        let g = graph.borrow();
        rater.rate(g.state(k), g.depth[k], g.path_sum[k])
    };
    let is_goal = |k: usize| rules::goal_reached(world, graph.borrow().state(k));
    let options = Options {
        random_period: input.random_period,
        max_depth: u32::MAX,
    };
    let outcome = iterative_best_first(
        0,
        |k, out: &mut Vec<usize>| graph.borrow_mut().children(k, out),
        rate,
        is_goal,
        budget,
        options,
        |n| rng.below(n),
    );
    let chosen = match outcome.stop {
        Stop::Goal => outcome.best.first().copied(),
        _ => outcome.choose(|n| rng.below(n)),
    };
    let g = graph.into_inner();
    let activity = chosen
        .map(|k| g.first[k])
        .filter(|&f| f != NONE)
        .map(|f| f as usize)
        .or(fallback);
    (
        Decision {
            activity,
            expanded: outcome.stats.expanded,
            nodes: g.depth.len(),
            depth_limit: outcome.depth_limit,
            goal_found: outcome.stop == Stop::Goal,
        },
        outcome.stats,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{attr_slot, item_slot};

    fn example() -> World {
        crate::tests::example_world()
    }

    fn input<'a>(
        w: &'a World,
        s: &'a [i64],
        m: &'a Merchant,
        g: &'a GameAnalyzer,
    ) -> SearchInput<'a> {
        SearchInput {
            world: w,
            state: s,
            rounds_played: 0,
            merchant: m,
            analyzer: g,
            random_period: 100,
        }
    }

    fn child_by(g: &mut Graph<'_>, k: usize, a: usize) -> usize {
        let mut kids = Vec::new();
        g.children(k, &mut kids);
        kids.into_iter()
            .find(|&c| {
                let mut s = g.state(k).to_vec();
                let prices = g.input.merchant.predicted_prices(g.depth[k]);
                rules::apply(g.input.world, &mut s, &g.input.world.activities[a], &prices);
                g.state(c) == s.as_slice()
            })
            .unwrap()
    }

    /// §5.1 / E-12: a sale at depth t uses `max(1, round(price + t·prediction))`.
    #[test]
    fn simulated_sales_use_the_predicted_price_at_the_node_depth() {
        let w = example();
        let getreide = w.item_index("Getreide").unwrap();
        let mut m = Merchant::new(&w);
        m.price[getreide] = 22;
        m.prediction[getreide] = -4.5;
        let an = GameAnalyzer::new(&w, &m.price);
        let mut s = rules::start_state(&w);
        s[item_slot(getreide)] = 3;
        let mut g = Graph::new(input(&w, &s, &m, &an), Rating::Gold);
        let sell = w.activity_index("Verkaufen: Getreide1").unwrap();
        let k1 = child_by(&mut g, 0, sell);
        let k2 = child_by(&mut g, k1, sell);
        let k3 = child_by(&mut g, k2, sell);
        // t = 0: 22; t = 1: round(17.5) = 18 (half away from zero); t = 2: 13.
        assert_eq!(g.state(k1)[0], 22);
        assert_eq!(g.state(k2)[0], 22 + 18);
        assert_eq!(g.state(k3)[0], 22 + 18 + 13);
        assert_eq!((g.depth[k1], g.depth[k2], g.depth[k3]), (1, 2, 3));
        assert_eq!(g.first[k3] as usize, sell);
    }

    /// E-15: a GameAnalyzer node takes a strictly better path found later; other ratings
    /// keep the first path.
    #[test]
    fn only_the_game_analyzer_replaces_a_path_by_a_better_one() {
        let w = example();
        let m = Merchant::new(&w);
        let an = GameAnalyzer::new(&w, &m.price);
        // 3 Brot, Hunger 5. "Essen: Brot, Verkaufen: Brot1" rates 0 + 0 (2 Brot are fewer
        // than the best path's 3), "Verkaufen: Brot1, Essen: Brot" 100 + 0; both end in the
        // same state.
        let mut s = rules::start_state(&w);
        s[item_slot(w.item_index("Brot").unwrap())] = 3;
        s[attr_slot(&w, w.attribute_index("Hunger").unwrap())] = 5;
        let eat = w.activity_index("Essen: Brot").unwrap();
        let sell = w.activity_index("Verkaufen: Brot1").unwrap();
        for rating in [Rating::GameAnalyzer, Rating::Gold] {
            let mut g = Graph::new(input(&w, &s, &m, &an), rating);
            let ate = child_by(&mut g, 0, eat);
            let target = child_by(&mut g, ate, sell);
            let sold = child_by(&mut g, 0, sell);
            assert_eq!(child_by(&mut g, sold, eat), target);
            if rating == Rating::GameAnalyzer {
                assert_eq!((g.path_sum[ate], g.path_sum[sold]), (0, 100));
                assert_eq!((g.first[target] as usize, g.path_sum[target]), (sell, 100));
            } else {
                assert_eq!((g.first[target] as usize, g.path_sum[target]), (eat, 2));
            }
        }
    }
}

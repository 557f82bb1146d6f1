//! The GameAnalyzer (spec §5.4): activity yields, the item dependency graph, production-path
//! enumeration with ceil scaling, the ranking by yield per round, and the edge rating
//! (100 / 100 / 60 / 0). Dependency cycles are cut with a warning (E-24).

use std::collections::VecDeque;

use serde::Serialize;

use crate::rules::{self, Market, item_slot};
use crate::world::{Activity, Effect, Precondition, World};

/// Upper bound on enumerated paths, a guard against combinatorial worlds.
pub const MAX_PATHS: usize = 100_000;

/// What an activity does to items (§5.4.1).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ActivityData {
    /// Items with a positive item effect (item, amount).
    pub produced: Vec<(usize, i64)>,
    /// Items with a negative item effect (item, amount > 0).
    pub consumed: Vec<(usize, i64)>,
    /// Items bought (item, amount).
    pub bought: Vec<(usize, i64)>,
    /// Items sold (item, amount).
    pub sold: Vec<(usize, i64)>,
    /// Σ produced·price − Σ consumed·price at current prices.
    pub yield_value: i64,
}

impl ActivityData {
    fn new(a: &Activity) -> Self {
        let mut d = Self::default();
        for e in &a.effects {
            match *e {
                Effect::Item(i, n) if n > 0 => d.produced.push((i, n)),
                Effect::Item(i, n) if n < 0 => d.consumed.push((i, -n)),
                Effect::Buy(i, n) => d.bought.push((i, n)),
                Effect::Sell(i, n) => d.sold.push((i, n)),
                _ => {}
            }
        }
        d
    }

    /// Units of `item` this activity increases (produced or bought).
    pub fn increases(&self, item: usize) -> i64 {
        self.produced
            .iter()
            .chain(&self.bought)
            .filter(|(i, _)| *i == item)
            .map(|(_, n)| n)
            .sum()
    }

    /// Units of `item` this activity sells.
    pub fn sells(&self, item: usize) -> i64 {
        self.sold
            .iter()
            .filter(|(i, _)| *i == item)
            .map(|(_, n)| n)
            .sum()
    }

    fn compute_yield(&mut self, prices: &[i64]) {
        self.yield_value = self
            .produced
            .iter()
            .map(|&(i, n)| n * prices[i])
            .sum::<i64>()
            - self
                .consumed
                .iter()
                .map(|&(i, n)| n * prices[i])
                .sum::<i64>();
    }
}

/// A production path for one item ("ItemData", §5.4.3). Index 0 is executed last.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Path {
    /// The final product.
    pub item: usize,
    /// `(activity, count)` from the final product back to the raw material.
    pub steps: Vec<(usize, i64)>,
    /// Units still needed from elsewhere, sorted by item index.
    pub costs: Vec<(usize, i64)>,
    /// Union of all preconditions of its activities.
    pub preconditions: Vec<Precondition>,
    /// Units of `item` one execution of the index-0 activity yields.
    pub increased_amount: i64,
    /// Value created per round: (Σ yield·count) ÷ (Σ count).
    pub yield_value: i64,
}

impl Path {
    fn new(item: usize) -> Self {
        Self {
            item,
            steps: Vec::new(),
            costs: Vec::new(),
            preconditions: Vec::new(),
            increased_amount: 0,
            yield_value: 0,
        }
    }

    /// True if no costs remain.
    pub fn is_closed(&self) -> bool {
        self.costs.is_empty()
    }

    fn add(&mut self, world: &World, data: &[ActivityData], a: usize, c: i64) {
        let d = &data[a];
        for &(y, q) in d.produced.iter().chain(&d.bought) {
            if let Some(pos) = self.costs.iter().position(|(i, _)| *i == y) {
                let left = (self.costs[pos].1 - q * c).max(0);
                if left == 0 {
                    self.costs.remove(pos);
                } else {
                    self.costs[pos].1 = left;
                }
            }
        }
        for &(y, q) in &d.consumed {
            match self.costs.binary_search_by_key(&y, |(i, _)| *i) {
                Ok(pos) => self.costs[pos].1 += q * c,
                Err(pos) => self.costs.insert(pos, (y, q * c)),
            }
        }
        for p in &world.activities[a].preconditions {
            if !self.preconditions.contains(p) {
                self.preconditions.push(*p);
            }
        }
        if self.steps.is_empty() {
            self.increased_amount = d.increases(self.item);
        }
        self.steps.push((a, c));
    }

    fn compute_yield(&mut self, data: &[ActivityData]) {
        let total: i64 = self.steps.iter().map(|&(_, c)| c).sum();
        let value: i64 = self
            .steps
            .iter()
            .map(|&(a, c)| data[a].yield_value * c)
            .sum();
        self.yield_value = if total == 0 { 0 } else { value / total };
    }
}

/// The per-parent data the edge rating needs, computed once per search-node expansion.
#[derive(Clone, Debug, Default)]
pub struct EdgeContext {
    /// Ranking index of the best path whose preconditions hold (none: E-24).
    pub best: Option<usize>,
    /// Goal has gold G and gold + item value ≥ G.
    pub goal_by_selling: bool,
    /// Executable at current prices, per activity.
    pub executable: Vec<bool>,
    /// Most units of each item any executable activity sells.
    pub max_sell: Vec<i64>,
    /// The first executable activity in the best path's list (from index 0).
    pub next_step: Option<usize>,
}

/// The shared analyzer of one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameAnalyzer {
    /// Per-activity data in file order.
    pub activities: Vec<ActivityData>,
    /// All closed paths, best yield first (stable).
    pub ranking: Vec<Path>,
    /// Closed path count per item (file order), as enumerated.
    pub closed_per_item: Vec<usize>,
    /// Warnings from the enumeration (cycles, path cap).
    pub warnings: Vec<String>,
}

/// The item dependency graph: `parents[x]` lists the items consumed by activities producing x.
pub fn dependency_parents(world: &World) -> Vec<Vec<usize>> {
    let mut parents = vec![Vec::new(); world.items.len()];
    for a in &world.activities {
        let d = ActivityData::new(a);
        for &(x, _) in &d.produced {
            for &(y, _) in &d.consumed {
                if !parents[x].contains(&y) {
                    parents[x].push(y);
                }
            }
        }
    }
    for p in &mut parents {
        p.sort_unstable();
    }
    parents
}

/// Items left over by the topological order (they lie on or behind a dependency cycle).
pub fn dependency_cycles(world: &World) -> Vec<Vec<String>> {
    let parents = dependency_parents(world);
    let mut done = vec![false; world.items.len()];
    while let Some(x) = (0..done.len()).find(|&x| !done[x] && parents[x].iter().all(|&p| done[p])) {
        done[x] = true;
    }
    let rest: Vec<String> = (0..done.len())
        .filter(|&x| !done[x])
        .map(|x| world.items[x].name.clone())
        .collect();
    if rest.is_empty() {
        Vec::new()
    } else {
        vec![rest]
    }
}

impl GameAnalyzer {
    /// Analyses `world` at the given prices (§5.4.4).
    pub fn new(world: &World, prices: &[i64]) -> Self {
        let mut data: Vec<ActivityData> = world.activities.iter().map(ActivityData::new).collect();
        for d in &mut data {
            d.compute_yield(prices);
        }
        let n = world.items.len();
        let mut warnings = Vec::new();
        let mut open: Vec<VecDeque<Path>> = vec![VecDeque::new(); n];
        let mut closed: Vec<Vec<Path>> = vec![Vec::new(); n];
        let mut count = 0usize;
        let file = |p: Path, open: &mut Vec<VecDeque<Path>>, closed: &mut Vec<Vec<Path>>| {
            if p.is_closed() {
                closed[p.item].push(p);
            } else {
                open[p.item].push_back(p);
            }
        };
        for x in 0..n {
            for a in 0..data.len() {
                if data[a].increases(x) > 0 {
                    let mut p = Path::new(x);
                    p.add(world, &data, a, 1);
                    file(p, &mut open, &mut closed);
                    count += 1;
                }
            }
        }
        let parents = dependency_parents(world);
        let mut done = vec![false; n];
        loop {
            let Some(x) = (0..n).find(|&x| !done[x] && parents[x].iter().all(|&p| done[p])) else {
                let rest: Vec<usize> = (0..n).filter(|&x| !done[x]).collect();
                if !rest.is_empty() {
                    warnings.push(format!(
                        "dependency cycle among items {}: only their closed paths are kept",
                        rest.iter()
                            .map(|&x| world.items[x].name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                    for x in rest {
                        open[x].clear();
                        done[x] = true;
                    }
                }
                break;
            };
            while let Some(p) = open[x].pop_front() {
                let (y, need) = p.costs[0];
                if y == x {
                    continue;
                }
                for qi in 0..closed[y].len() {
                    if count >= MAX_PATHS {
                        break;
                    }
                    let q = &closed[y][qi];
                    let k = (need + q.increased_amount - 1) / q.increased_amount.max(1);
                    let mut np = Path::new(x);
                    for &(a, c) in &p.steps {
                        np.add(world, &data, a, c);
                    }
                    for &(a, c) in &q.steps.clone() {
                        np.add(world, &data, a, c * k);
                    }
                    file(np, &mut open, &mut closed);
                    count += 1;
                }
            }
            done[x] = true;
        }
        if count >= MAX_PATHS {
            warnings.push(format!("path enumeration stopped at {MAX_PATHS} paths"));
        }
        let closed_per_item = closed.iter().map(Vec::len).collect();
        let mut ranking: Vec<Path> = closed.into_iter().flatten().collect();
        for p in &mut ranking {
            p.compute_yield(&data);
        }
        ranking.sort_by_key(|p| std::cmp::Reverse(p.yield_value));
        Self {
            activities: data,
            ranking,
            closed_per_item,
            warnings,
        }
    }

    /// Recomputes all yields at new prices and stably re-sorts the ranking (§5.4.6).
    pub fn update(&mut self, prices: &[i64]) {
        self.activities
            .iter_mut()
            .for_each(|d| d.compute_yield(prices));
        let data = &self.activities;
        self.ranking.iter_mut().for_each(|p| p.compute_yield(data));
        self.ranking
            .sort_by_key(|p| std::cmp::Reverse(p.yield_value));
    }

    /// The first ranked path whose preconditions all hold in `s`.
    pub fn best_path(&self, world: &World, s: &[i64]) -> Option<usize> {
        self.ranking.iter().position(|p| {
            p.preconditions
                .iter()
                .all(|c| rules::precondition_holds(world, s, c))
        })
    }

    /// Computes the parent-state data for [`GameAnalyzer::edge_value`] at current prices.
    pub fn edge_context(&self, world: &World, s: &[i64], market: &Market<'_>) -> EdgeContext {
        let executable: Vec<bool> = world
            .activities
            .iter()
            .map(|a| rules::executable(world, s, a, market))
            .collect();
        let mut max_sell = vec![0; world.items.len()];
        for (d, _) in self.activities.iter().zip(&executable).filter(|(_, e)| **e) {
            for &(i, n) in &d.sold {
                max_sell[i] = max_sell[i].max(n);
            }
        }
        let goal_by_selling = world
            .goal
            .gold
            .is_some_and(|g| s[rules::GOLD_SLOT] + rules::item_value(s, market.prices) >= g);
        let best = self.best_path(world, s);
        let next_step = best.and_then(|b| {
            self.ranking[b]
                .steps
                .iter()
                .map(|&(a, _)| a)
                .find(|&a| executable[a])
        });
        EdgeContext {
            best,
            goal_by_selling,
            executable,
            max_sell,
            next_step,
        }
    }

    /// True if `a` sells some item, is executable, and no executable activity sells more.
    fn best_sell(&self, ctx: &EdgeContext, a: usize) -> bool {
        ctx.executable[a]
            && !self.activities[a].sold.is_empty()
            && self.activities[a]
                .sold
                .iter()
                .any(|&(i, n)| n >= ctx.max_sell[i])
    }

    /// The edge rating r(S, a) of §5.4.5.
    pub fn edge_value(&self, s: &[i64], ctx: &EdgeContext, a: usize) -> i64 {
        if ctx.goal_by_selling && self.best_sell(ctx, a) {
            return 100;
        }
        let Some(b) = ctx.best else { return 0 };
        let best = &self.ranking[b];
        if self.activities[a].sells(best.item) > 0
            && s[item_slot(best.item)] >= best.increased_amount
            && self.best_sell(ctx, a)
        {
            return 100;
        }
        if ctx.next_step == Some(a) {
            return 60;
        }
        0
    }
}

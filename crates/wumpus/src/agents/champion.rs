//! `champion`: a probabilistic agent.
//!
//! - **Pits:** exact posterior pit probabilities from breeze observations by weighted model
//!   enumeration on the frontier ([`super::pits`]).
//! - **Wumpi:** one belief per wumpus over (cell, heading), propagated with the wumpus motion
//!   model (forward / left / right / sit, equally likely) and conditioned every turn on the
//!   stench radar (exact distance within D, or "farther than D"), on rumbles (jointly: "some
//!   wumpus moved" / "none moved"), on the hunter's survival and on missed or hitting arrows.
//! - **Planning:** Dijkstra over (cell, heading) where every action costs 1 plus
//!   `risk_weight · −ln(1 − risk)`; risk combines the pit posterior and the probability that a
//!   wumpus is on, or walks onto, the cell. Exploration goes to the cheapest unvisited cell
//!   and accepts a path only if its death risk is worth the gold (`(1−p)·q·(gold+win) >
//!   p·death`); otherwise it returns home and quits. With the gold it returns home.
//! - **Shooting:** when the probability that the arrow's line holds a wumpus is high, or it
//!   turns to face such a line when a wumpus is close.
//!
//! The agent never plans a step onto a cell it holds as a certain pit (probability 1).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use crate::agent::{Bot, CellKnowledge, Knowledge};
use crate::agents::pits::{Constraint, posterior};
use crate::game::{ActionEffect, HunterAction, Observation, StartInfo};
use crate::world::{Cell, Heading, manhattan};

/// Tunable parameters of the champion.
#[derive(Clone, Debug, PartialEq)]
pub struct ChampionConfig {
    /// Prior pit probability of an unknown cell.
    pub pit_prior: f64,
    /// Action-equivalent cost of one unit of `−ln(survival)`.
    pub risk_weight: f64,
    /// Estimated chance of winning after surviving a gamble (weighs gold against death).
    pub win_chance: f64,
    /// Shoot straight ahead when the line holds a wumpus with at least this probability.
    pub shoot_threshold: f64,
    /// Turn towards a line holding a wumpus with at least this probability when one is close.
    pub turn_shoot_threshold: f64,
    /// Prior probability that each of the expected wumpi (by map size: 1 up to 6×6, 2 up to
    /// 10×10, else 3) exists before its id is first smelled.
    pub wumpus_prior: f64,
}

impl Default for ChampionConfig {
    fn default() -> Self {
        Self {
            pit_prior: 0.1,
            risk_weight: 1000.0,
            win_chance: 0.7,
            shoot_threshold: 0.5,
            turn_shoot_threshold: 0.6,
            wumpus_prior: 0.95,
        }
    }
}

const CERTAIN: f64 = 1.0 - 1e-9;

#[derive(Clone, Debug)]
struct Belief {
    alive: bool,
    /// Probability that this wumpus exists at all (1 once the radar has reported its id).
    exist: f64,
    /// Mass per (cell index * 4 + heading index).
    b: Vec<f64>,
}

/// The champion agent.
#[derive(Clone, Debug)]
pub struct ChampionBot {
    cfg: ChampionConfig,
    w: i32,
    h: i32,
    d: u32,
    rumble_distance: Option<u32>,
    max_actions: u32,
    pos: Cell,
    heading: Heading,
    arrows: u32,
    has_gold: bool,
    turn: u32,
    prev: Option<HunterAction>,
    visited: Vec<bool>,
    breeze: Vec<Option<bool>>,
    safe: Vec<bool>,
    pit: Vec<f64>,
    pits_dirty: bool,
    gold_here: bool,
    wumpi: Vec<Belief>,
    occ: Vec<f64>,
    enter: Vec<f64>,
    certain_pit_steps: u32,
    plan_note: String,
}

impl Default for ChampionBot {
    fn default() -> Self {
        Self::new()
    }
}

#[derive(Clone, Copy, PartialEq)]
struct QItem(f64, usize);
impl Eq for QItem {}
impl PartialOrd for QItem {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for QItem {
    fn cmp(&self, o: &Self) -> Ordering {
        o.0.total_cmp(&self.0).then_with(|| o.1.cmp(&self.1))
    }
}

impl ChampionBot {
    /// A champion with default parameters.
    pub fn new() -> Self {
        Self::with_config(ChampionConfig::default())
    }

    /// A champion with explicit parameters.
    pub fn with_config(cfg: ChampionConfig) -> Self {
        Self {
            cfg,
            w: 0,
            h: 0,
            d: 3,
            rumble_distance: None,
            max_actions: 1000,
            pos: (1, 1),
            heading: Heading::East,
            arrows: 0,
            has_gold: false,
            turn: 0,
            prev: None,
            visited: Vec::new(),
            breeze: Vec::new(),
            safe: Vec::new(),
            pit: Vec::new(),
            pits_dirty: true,
            gold_here: false,
            wumpi: Vec::new(),
            occ: Vec::new(),
            enter: Vec::new(),
            certain_pit_steps: 0,
            plan_note: String::new(),
        }
    }

    /// How often the agent stepped onto a cell its own model held as a certain pit (must be 0).
    pub fn certain_pit_steps(&self) -> u32 {
        self.certain_pit_steps
    }

    /// Posterior pit probability of `c` (0 for walls and known-safe cells).
    pub fn pit_prob(&self, c: Cell) -> f64 {
        self.idx(c).map_or(0.0, |i| self.pit[i])
    }

    /// Probability that some wumpus is on `c` now.
    pub fn wumpus_prob(&self, c: Cell) -> f64 {
        self.idx(c).map_or(0.0, |i| self.occ[i])
    }

    fn idx(&self, c: Cell) -> Option<usize> {
        (c.0 >= 0 && c.1 >= 0 && c.0 < self.w && c.1 < self.h)
            .then(|| (c.1 * self.w + c.0) as usize)
    }

    fn cell(&self, i: usize) -> Cell {
        ((i as i32) % self.w, (i as i32) / self.w)
    }

    fn interior(&self, c: Cell) -> bool {
        c.0 >= 1 && c.1 >= 1 && c.0 < self.w - 1 && c.1 < self.h - 1
    }

    fn n(&self) -> usize {
        (self.w * self.h) as usize
    }

    fn new_belief(&self, min_dist_from_start: u32) -> Belief {
        let mut b = vec![0.0; self.n() * 4];
        for i in 0..self.n() {
            let c = self.cell(i);
            if self.interior(c)
                && manhattan(c, (1, 1)) >= min_dist_from_start
                && self.pit[i] < CERTAIN
                && c != self.pos
            {
                for k in 0..4 {
                    b[i * 4 + k] = 1.0 - self.pit[i];
                }
            }
        }
        Belief {
            alive: true,
            exist: 1.0,
            b,
        }
    }

    fn line_cells(&self, from: Cell, h: Heading) -> Vec<usize> {
        let mut out = Vec::new();
        let mut c = h.step(from);
        while self.interior(c) {
            if let Some(i) = self.idx(c) {
                out.push(i);
            }
            c = h.step(c);
        }
        out
    }

    fn mass(b: &Belief, cells: &[usize]) -> f64 {
        cells
            .iter()
            .map(|&i| b.b[i * 4..i * 4 + 4].iter().sum::<f64>())
            .sum()
    }

    fn normalize(b: &mut Belief) -> bool {
        let s: f64 = b.b.iter().sum();
        if s <= 1e-300 || !s.is_finite() {
            return false;
        }
        for x in &mut b.b {
            *x /= s;
        }
        true
    }

    fn update_self(&mut self, obs: &Observation) {
        match obs.effect {
            ActionEffect::MovementSuccessful => match self.prev {
                Some(HunterAction::GoForward) => self.pos = self.heading.step(self.pos),
                Some(HunterAction::TurnLeft) => self.heading = self.heading.left(),
                Some(HunterAction::TurnRight) => self.heading = self.heading.right(),
                Some(HunterAction::Shoot) => self.arrows = self.arrows.saturating_sub(1),
                _ => {}
            },
            ActionEffect::GoldFound => self.has_gold = true,
            ActionEffect::WumpusKilled => self.arrows = self.arrows.saturating_sub(1),
            ActionEffect::NoMoreShoots => self.arrows = 0,
            ActionEffect::GameInitialized
            | ActionEffect::GameOver
            | ActionEffect::BumpedIntoWall => {}
        }
        let Some(i) = self.idx(self.pos) else { return };
        if !self.visited[i] {
            self.visited[i] = true;
            self.pits_dirty = true;
        }
        self.safe[i] = true;
        self.breeze[i] = Some(obs.percept.breeze);
        self.gold_here = obs.percept.glitter;
        if !obs.percept.breeze {
            for h in Heading::ALL {
                if let Some(j) = self.idx(h.step(self.pos))
                    && !self.safe[j]
                {
                    self.safe[j] = true;
                    self.pits_dirty = true;
                }
            }
        }
    }

    fn infer_pits(&mut self) {
        if !self.pits_dirty {
            return;
        }
        self.pits_dirty = false;
        let n = self.n();
        let mut var_of = vec![usize::MAX; n];
        let mut cells = Vec::new();
        let mut constraints = Vec::new();
        for i in 0..n {
            if self.breeze[i] != Some(true) {
                continue;
            }
            let c = self.cell(i);
            let mut vars = Vec::new();
            for h in Heading::ALL {
                let nc = h.step(c);
                if !self.interior(nc) {
                    continue;
                }
                let Some(j) = self.idx(nc) else { continue };
                if self.safe[j] {
                    continue;
                }
                if var_of[j] == usize::MAX {
                    var_of[j] = cells.len();
                    cells.push(j);
                }
                vars.push(var_of[j]);
            }
            constraints.push(Constraint { vars });
        }
        let probs = posterior(cells.len(), &constraints, self.cfg.pit_prior);
        for i in 0..n {
            let c = self.cell(i);
            self.pit[i] = if !self.interior(c) || self.safe[i] {
                0.0
            } else if var_of[i] != usize::MAX {
                probs[var_of[i]]
            } else {
                self.cfg.pit_prior
            };
        }
    }

    fn update_wumpi(&mut self, obs: &Observation) {
        let p = &obs.percept;
        let d = self.d;
        if let Some(&maxid) = p.radar.keys().next_back() {
            while self.wumpi.len() < maxid as usize {
                let b = self.new_belief(0);
                self.wumpi.push(b);
            }
            for wb in &mut self.wumpi[..maxid as usize] {
                wb.exist = 1.0;
            }
        }
        if obs.turn > 0 {
            // arrows resolve before the wumpi move
            if self.prev == Some(HunterAction::Shoot) {
                let line = self.line_cells(self.pos, self.heading);
                if obs.effect == ActionEffect::WumpusKilled {
                    let best = (0..self.wumpi.len())
                        .filter(|&k| self.wumpi[k].alive)
                        .map(|k| (self.wumpi[k].exist * Self::mass(&self.wumpi[k], &line), k))
                        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
                    if let Some((_, k)) = best {
                        self.wumpi[k].alive = false;
                    }
                } else if obs.effect == ActionEffect::MovementSuccessful {
                    for wb in self.wumpi.iter_mut().filter(|w| w.alive) {
                        for &i in &line {
                            wb.b[i * 4..i * 4 + 4].fill(0.0);
                        }
                    }
                }
            }
            if self.prev == Some(HunterAction::GoForward)
                && obs.effect == ActionEffect::MovementSuccessful
                && let Some(i) = self.idx(self.pos)
            {
                for wb in self.wumpi.iter_mut().filter(|w| w.alive) {
                    wb.b[i * 4..i * 4 + 4].fill(0.0);
                }
            }
            self.predict(p.rumble);
        }
        let hp = self.idx(self.pos);
        for (k, wb) in self.wumpi.iter_mut().enumerate() {
            let id = k as u32 + 1;
            if p.radar.contains_key(&id) {
                wb.alive = true;
            }
            if !wb.alive {
                continue;
            }
            if let Some(i) = hp {
                wb.b[i * 4..i * 4 + 4].fill(0.0);
            }
            let want = p.radar.get(&id).copied();
            for i in 0..(self.w * self.h) as usize {
                let c = ((i as i32) % self.w, (i as i32) / self.w);
                let dist = manhattan(c, self.pos);
                let ok = match want {
                    Some(x) => dist == x,
                    None => dist > d,
                };
                if !ok || self.pit[i] >= CERTAIN {
                    wb.b[i * 4..i * 4 + 4].fill(0.0);
                }
            }
        }
        for k in 0..self.wumpi.len() {
            if !self.wumpi[k].alive {
                continue;
            }
            let mut wb = std::mem::replace(
                &mut self.wumpi[k],
                Belief {
                    alive: true,
                    exist: 1.0,
                    b: Vec::new(),
                },
            );
            let z: f64 = wb.b.iter().sum::<f64>().min(1.0);
            let denom = wb.exist * z + 1.0 - wb.exist;
            if denom > 1e-300 {
                wb.exist = wb.exist * z / denom;
            }
            if !Self::normalize(&mut wb) {
                if wb.exist <= 1e-9 {
                    // every place it could be has been ruled out: it does not exist
                    wb.alive = false;
                    self.wumpi[k] = wb;
                    continue;
                }
                // the model was wrong (e.g. a mis-attributed kill): restart from the radar
                let exist = wb.exist;
                wb = self.new_belief(0);
                wb.exist = exist;
                let want = p.radar.get(&(k as u32 + 1)).copied();
                for i in 0..self.n() {
                    let dist = manhattan(self.cell(i), self.pos);
                    let ok = match want {
                        Some(x) => dist == x,
                        None => dist > d,
                    };
                    if !ok {
                        wb.b[i * 4..i * 4 + 4].fill(0.0);
                    }
                }
                if !Self::normalize(&mut wb) {
                    wb.alive = false;
                }
            }
            self.wumpi[k] = wb;
        }
        self.compute_risk();
    }

    /// Motion model plus the joint rumble observation.
    fn predict(&mut self, rumble: bool) {
        let n = self.n();
        let mut heard: Vec<Vec<f64>> = Vec::with_capacity(self.wumpi.len());
        let mut rest: Vec<Vec<f64>> = Vec::with_capacity(self.wumpi.len());
        let mut heard_mass = Vec::with_capacity(self.wumpi.len());
        for wb in &self.wumpi {
            let mut hv = vec![0.0; n * 4];
            let mut rv = vec![0.0; n * 4];
            if wb.alive {
                for i in 0..n {
                    for (k, hd) in Heading::ALL.into_iter().enumerate() {
                        let m = wb.b[i * 4 + k];
                        if m == 0.0 {
                            continue;
                        }
                        let q = m * 0.25;
                        rv[i * 4 + hd.left().index()] += q;
                        rv[i * 4 + hd.right().index()] += q;
                        rv[i * 4 + k] += q;
                        let t = hd.step(self.cell(i));
                        match self.idx(t).filter(|_| self.interior(t)) {
                            Some(j) => {
                                let free = 1.0 - self.pit[j];
                                rv[i * 4 + k] += q * (1.0 - free);
                                let audible = self
                                    .rumble_distance
                                    .is_none_or(|r| manhattan(t, self.pos) <= r);
                                if audible {
                                    hv[j * 4 + k] += q * free;
                                } else {
                                    rv[j * 4 + k] += q * free;
                                }
                            }
                            None => rv[i * 4 + k] += q,
                        }
                    }
                }
            }
            heard_mass.push(hv.iter().sum::<f64>());
            heard.push(hv);
            rest.push(rv);
        }
        for k in 0..self.wumpi.len() {
            if !self.wumpi[k].alive {
                continue;
            }
            let others = if rumble {
                let stay_all: f64 = (0..self.wumpi.len())
                    .filter(|&j| j != k && self.wumpi[j].alive)
                    .map(|j| 1.0 - heard_mass[j])
                    .product();
                1.0 - stay_all
            } else {
                1.0
            };
            let wb = &mut self.wumpi[k];
            for s in 0..n * 4 {
                wb.b[s] = if rumble {
                    heard[k][s] + rest[k][s] * others
                } else {
                    rest[k][s]
                };
            }
            if !Self::normalize(wb) {
                wb.b.copy_from_slice(&rest[k]);
                Self::normalize(wb);
            }
        }
    }

    fn compute_risk(&mut self) {
        let n = self.n();
        let mut free_now = vec![1.0; n];
        let mut free_enter = vec![1.0; n];
        for wb in self.wumpi.iter().filter(|w| w.alive) {
            for i in 0..n {
                let o: f64 = wb.exist * wb.b[i * 4..i * 4 + 4].iter().sum::<f64>();
                free_now[i] *= 1.0 - o.min(1.0);
                let c = self.cell(i);
                if !self.interior(c) {
                    continue;
                }
                let mut e = 0.0;
                for hd in Heading::ALL {
                    // a wumpus on the cell behind c (relative to hd) facing hd steps onto c
                    let from = hd.left().left().step(c);
                    if let Some(j) = self.idx(from) {
                        e += wb.exist * wb.b[j * 4 + hd.index()] * 0.25;
                    }
                }
                free_enter[i] *= 1.0 - e.min(1.0);
            }
        }
        self.occ = free_now.iter().map(|f| 1.0 - f).collect();
        self.enter = free_enter.iter().map(|f| 1.0 - f).collect();
    }

    fn step_risk(&self, j: usize) -> f64 {
        1.0 - (1.0 - self.pit[j]) * (1.0 - self.occ[j]) * (1.0 - self.enter[j])
    }

    fn penalty(&self, risk: f64) -> f64 {
        if risk >= CERTAIN {
            f64::INFINITY
        } else {
            self.cfg.risk_weight * -(1.0 - risk).ln()
        }
    }

    /// Dijkstra over (cell, heading); returns (cost, parent state, action) per state.
    fn dijkstra(&self) -> (Vec<f64>, Vec<(usize, HunterAction)>) {
        let n = self.n() * 4;
        let mut dist = vec![f64::INFINITY; n];
        let mut par = vec![(usize::MAX, HunterAction::Sit); n];
        let Some(start) = self.idx(self.pos) else {
            return (dist, par);
        };
        let stay_pen: Vec<f64> = self.enter.iter().map(|&e| self.penalty(e)).collect();
        let step_pen: Vec<f64> = (0..self.n())
            .map(|j| {
                if self.interior(self.cell(j)) && self.pit[j] < CERTAIN {
                    self.penalty(self.step_risk(j))
                } else {
                    f64::INFINITY
                }
            })
            .collect();
        let s0 = start * 4 + self.heading.index();
        dist[s0] = 0.0;
        let mut q = BinaryHeap::new();
        q.push(QItem(0.0, s0));
        while let Some(QItem(dc, s)) = q.pop() {
            if dc > dist[s] {
                continue;
            }
            let (i, hd) = (s / 4, Heading::ALL[s % 4]);
            let stay = stay_pen[i];
            let mut relax = |t: usize, cost: f64, a: HunterAction, q: &mut BinaryHeap<QItem>| {
                let nd = dc + cost;
                if nd < dist[t] {
                    dist[t] = nd;
                    par[t] = (s, a);
                    q.push(QItem(nd, t));
                }
            };
            relax(
                i * 4 + hd.left().index(),
                1.0 + stay,
                HunterAction::TurnLeft,
                &mut q,
            );
            relax(
                i * 4 + hd.right().index(),
                1.0 + stay,
                HunterAction::TurnRight,
                &mut q,
            );
            if let Some(j) = self.idx(hd.step(self.cell(i)))
                && step_pen[j].is_finite()
            {
                relax(
                    j * 4 + hd.index(),
                    1.0 + step_pen[j],
                    HunterAction::GoForward,
                    &mut q,
                );
            }
        }
        (dist, par)
    }

    /// First action and death risk of the path to state `t`.
    fn path_to(&self, par: &[(usize, HunterAction)], t: usize) -> (Option<HunterAction>, f64, u32) {
        let mut survive = 1.0;
        let mut first = None;
        let mut len = 0;
        let mut s = t;
        while par[s].0 != usize::MAX {
            let (p, a) = par[s];
            let r = if a == HunterAction::GoForward {
                self.step_risk(s / 4)
            } else {
                self.enter[p / 4]
            };
            survive *= 1.0 - r;
            first = Some(a);
            len += 1;
            s = p;
        }
        (first, 1.0 - survive, len)
    }

    fn p_hit(&self, hd: Heading) -> f64 {
        let line = self.line_cells(self.pos, hd);
        let miss: f64 = self
            .wumpi
            .iter()
            .filter(|w| w.alive)
            .map(|w| 1.0 - (w.exist * Self::mass(w, &line)).min(1.0))
            .product();
        1.0 - miss
    }

    fn shoot_decision(&self) -> Option<HunterAction> {
        if self.arrows == 0 {
            return None;
        }
        if self.p_hit(self.heading) >= self.cfg.shoot_threshold {
            return Some(HunterAction::Shoot);
        }
        let near: f64 = {
            let mut free = 1.0;
            for i in 0..self.n() {
                if manhattan(self.cell(i), self.pos) <= 2 {
                    free *= 1.0 - self.occ[i];
                }
            }
            1.0 - free
        };
        if near < 0.5 {
            return None;
        }
        let best = [
            self.heading.left(),
            self.heading.right(),
            self.heading.right().right(),
        ]
        .into_iter()
        .map(|h| (self.p_hit(h), h))
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
        if best.0 < self.cfg.turn_shoot_threshold {
            return None;
        }
        Some(if best.1 == self.heading.left() {
            HunterAction::TurnLeft
        } else {
            HunterAction::TurnRight
        })
    }

    fn choose(&mut self) -> HunterAction {
        if self.gold_here && !self.has_gold {
            return HunterAction::Grab;
        }
        if self.has_gold && self.pos == (1, 1) {
            return HunterAction::QuitGame;
        }
        if let Some(a) = self.shoot_decision() {
            self.plan_note = "shoot".into();
            return a;
        }
        let (dist, par) = self.dijkstra();
        let Some(home) = self.idx((1, 1)) else {
            return HunterAction::QuitGame;
        };
        let home_state = (0..4)
            .map(|k| home * 4 + k)
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]))
            .unwrap_or(home * 4);
        let go_home = |me: &mut Self, why: &str| -> HunterAction {
            me.plan_note = format!("home ({why})");
            if me.pos == (1, 1) {
                return HunterAction::QuitGame;
            }
            me.path_to(&par, home_state)
                .0
                .unwrap_or(HunterAction::QuitGame)
        };
        if self.has_gold {
            return go_home(self, "gold");
        }
        let (_, _, home_len) = self.path_to(&par, home_state);
        if self.turn + home_len + 20 >= self.max_actions {
            return go_home(self, "turn limit");
        }
        let mut best: Option<(f64, usize)> = None;
        for (s, &ds) in dist.iter().enumerate() {
            if self.visited[s / 4] || !ds.is_finite() {
                continue;
            }
            if best.is_none_or(|(bd, _)| ds < bd) {
                best = Some((ds, s));
            }
        }
        let Some((_, target)) = best else {
            return go_home(self, "nothing left");
        };
        let (first, risk, _) = self.path_to(&par, target);
        let r = &self.cfg;
        let gain = (1.0 - risk) * r.win_chance * 1100.0;
        if gain <= risk * 1000.0 {
            return go_home(self, &format!("risk {risk:.2} too high"));
        }
        let t = self.cell(target / 4);
        self.plan_note = format!("explore {t:?} risk {risk:.3}");
        first.unwrap_or(HunterAction::Sit)
    }
}

impl Bot for ChampionBot {
    fn start(&mut self, info: &StartInfo) {
        *self = ChampionBot::with_config(self.cfg.clone());
        self.w = info.width as i32;
        self.h = info.height as i32;
        self.d = info.stench_distance;
        self.rumble_distance = info.rumble_distance;
        self.max_actions = info.max_actions;
        self.pos = info.start;
        self.heading = info.heading;
        self.arrows = info.arrows;
        let n = self.n();
        self.visited = vec![false; n];
        self.breeze = vec![None; n];
        self.safe = vec![false; n];
        self.pit = vec![0.0; n];
        self.occ = vec![0.0; n];
        self.enter = vec![0.0; n];
        self.pits_dirty = true;
        self.infer_pits();
        let interior = (self.w - 2).max(0) * (self.h - 2).max(0);
        let expected = if interior <= 36 {
            1
        } else if interior <= 100 {
            2
        } else {
            3
        };
        for _ in 0..expected {
            let mut b = self.new_belief(self.d + 1);
            b.exist = self.cfg.wumpus_prior;
            self.wumpi.push(b);
        }
    }

    fn act(&mut self, obs: &Observation) -> HunterAction {
        self.turn = obs.turn;
        self.update_self(obs);
        self.infer_pits();
        self.update_wumpi(obs);
        let a = self.choose();
        if a == HunterAction::GoForward {
            let t = self.heading.step(self.pos);
            if self.pit_prob(t) >= CERTAIN {
                self.certain_pit_steps += 1;
            }
        }
        self.prev = Some(a);
        a
    }

    fn knowledge(&self) -> Option<Knowledge> {
        let mut cells = Vec::with_capacity(self.n());
        for i in 0..self.n() {
            let c = self.cell(i);
            let wall = !self.interior(c);
            cells.push(CellKnowledge {
                visited: self.visited[i],
                safe: !wall && self.safe[i],
                wall,
                breeze: self.breeze[i],
                possible_pit: !wall && self.pit[i] > 0.0,
                certain_pit: self.pit[i] >= CERTAIN,
                possible_wumpus: self.occ[i] > 0.02,
                gold: self.gold_here && c == self.pos,
                pit_prob: Some(self.pit[i] as f32),
                wumpus_prob: Some(self.occ[i] as f32),
            });
        }
        let alive = self.wumpi.iter().filter(|w| w.alive).count();
        Some(Knowledge {
            width: self.w as u32,
            height: self.h as u32,
            cells,
            position: self.pos,
            heading: self.heading,
            notes: vec![
                format!(
                    "arrows={} gold={} wumpi tracked alive={alive}",
                    self.arrows, self.has_gold
                ),
                format!("plan: {}", self.plan_note),
            ],
        })
    }
}

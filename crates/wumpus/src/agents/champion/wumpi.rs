//! Wumpus beliefs: one distribution per wumpus over (cell, heading) with an existence
//! probability, propagated with the motion model, conditioned on radar, rumbles, survival and
//! arrows, and turned into the per-cell risk maps the planner reads.

use super::{CERTAIN, ChampionBot};
use crate::game::{ActionEffect, HunterAction, Observation};
use crate::world::{Cell, Heading, manhattan};

/// The belief about one wumpus.
#[derive(Clone, Debug)]
pub(super) struct Belief {
    /// Not known to be dead (nor proven absent).
    pub(super) alive: bool,
    /// Probability that this wumpus exists at all (1 once the radar has reported its id).
    pub(super) exist: f64,
    /// Mass per (cell index * 4 + heading index).
    pub(super) b: Vec<f64>,
}

impl ChampionBot {
    pub(super) fn new_belief(&self, min_dist_from_start: u32) -> Belief {
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

    pub(super) fn line_cells(&self, from: Cell, h: Heading) -> Vec<usize> {
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

    pub(super) fn mass(b: &Belief, cells: &[usize]) -> f64 {
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

    pub(super) fn update_wumpi(&mut self, obs: &Observation) {
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
}

//! Planning: Dijkstra over (cell, heading) with risk-weighted action costs, the path's death
//! risk, and the choice of the next action (grab, shoot, explore if worth it, or go home).

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::{CERTAIN, ChampionBot};
use crate::game::HunterAction;
use crate::world::Heading;

/// A Dijkstra queue entry (cost, state), ordered as a min-heap by cost, then state.
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

    pub(super) fn choose(&mut self) -> HunterAction {
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

//! What the hunter's own percepts say: its pose, arrows and gold from the action's effect,
//! visited and pit-free cells, breezes, and the exact pit posterior over the frontier
//! ([`crate::agents::pits`]).

use super::ChampionBot;
use crate::agents::pits::{Constraint, posterior};
use crate::game::{ActionEffect, HunterAction, Observation};
use crate::world::Heading;

impl ChampionBot {
    pub(super) fn update_self(&mut self, obs: &Observation) {
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

    pub(super) fn infer_pits(&mut self) {
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
}

//! Shooting: the probability that an arrow along a line hits a wumpus, and whether to shoot
//! now or turn towards a likely line.

use super::ChampionBot;
use crate::game::HunterAction;
use crate::world::{Heading, manhattan};

impl ChampionBot {
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

    pub(super) fn shoot_decision(&self) -> Option<HunterAction> {
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
}

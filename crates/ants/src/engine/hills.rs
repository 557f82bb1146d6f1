//! Hills (spec §4.5): touches and razing after the battle, spawning from hills, and food
//! gathering (§4.6).

use super::{Engine, HILL_POINTS, NONE, RAZE_POINTS};

impl Engine {
    pub(super) fn touch_hills(&mut self) {
        for h in 0..self.hills.len() {
            let a = self.ant_at[self.hills[h].cell as usize];
            if a == NONE {
                continue;
            }
            let owner = self.ants[a as usize].owner;
            let hill = &mut self.hills[h];
            if owner == hill.owner {
                hill.last_touched = self.turn;
            } else if hill.end_turn.is_none() {
                hill.end_turn = Some(self.turn);
                hill.killed_by = Some(owner);
                let victim = usize::from(hill.owner);
                let charge = !hill.raze_penalised;
                hill.raze_penalised = true;
                self.players[usize::from(owner)].score += HILL_POINTS;
                if charge {
                    self.players[victim].score += RAZE_POINTS;
                }
                self.cutoff_turns = 0;
            }
        }
    }

    /// The un-razed hills of `p` (ids, hill-table order).
    pub fn unrazed_hills(&self, p: u8) -> Vec<u32> {
        (0..self.hills.len() as u32)
            .filter(|&h| {
                let hill = &self.hills[h as usize];
                hill.owner == p && hill.end_turn.is_none()
            })
            .collect()
    }

    /// Spawns an ant of the hill's owner from hill `h` if the owner has hive food and no
    /// ant stands there (spec §4.6 step 2); returns the new ant id.
    pub fn try_spawn(&mut self, h: u32) -> Option<u32> {
        let hill = &self.hills[h as usize];
        let (cell, owner) = (hill.cell, hill.owner);
        let pl = &self.players[usize::from(owner)];
        if pl.hive == 0 || self.ant_at[cell as usize] != NONE || hill.end_turn.is_some() {
            return None;
        }
        self.players[usize::from(owner)].hive -= 1;
        Some(self.add_ant(cell, owner, self.turn, true))
    }

    /// Food gathering (§4.7).
    pub fn gather(&mut self) {
        let live = std::mem::take(&mut self.live_food);
        let mut keep = Vec::with_capacity(live.len());
        for f in live {
            let cell = self.food[f as usize].cell;
            let mut mask: u16 = 0;
            self.spawn_offsets.for_each(cell, |c, _| {
                let a = self.ant_at[c as usize];
                if a != NONE {
                    mask |= 1 << self.ants[a as usize].owner;
                }
            });
            if mask == 0 {
                keep.push(f);
                continue;
            }
            let food = &mut self.food[f as usize];
            food.end_turn = Some(self.turn);
            if mask.is_power_of_two() {
                let p = mask.trailing_zeros() as u8;
                food.gatherer = Some(p);
                self.players[usize::from(p)].hive += 1;
            }
            if self.food_at[cell as usize] == f {
                self.food_at[cell as usize] = NONE;
            }
        }
        self.live_food = keep;
    }
}

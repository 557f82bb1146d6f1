//! Movement with collisions (spec §4.3) and battle resolution (§4.4): the first phases of
//! [`Engine::move_and_fight`].

use grid::Dir;

use super::{AttackMethod, Dominator, Engine, NONE};

impl Engine {
    fn kill(&mut self, id: u32) {
        let ant = &mut self.ants[id as usize];
        ant.death_turn = Some(self.turn);
        let (cell, owner) = (ant.cell, ant.owner);
        self.players[usize::from(owner)].ant_count -= 1;
        self.killed.push(id);
        let h = self.hill_at[cell as usize];
        if h != NONE {
            let hill = &self.hills[h as usize];
            if hill.end_turn.is_none() && self.cutoff_owner != Dominator::Player(hill.owner) {
                self.hill_kill = true;
            }
        }
    }

    /// Movement with collisions (§4.3), battle (§4.4) and hills (§4.5).
    pub fn move_and_fight(&mut self) {
        self.movement();
        self.battle();
        self.touch_hills();
    }

    fn movement(&mut self) {
        let live = std::mem::take(&mut self.live_ants);
        for &a in &live {
            let ant = &mut self.ants[a as usize];
            self.ant_at[ant.cell as usize] = NONE;
            let dest = match Dir::from_letter(char::from(ant.next)) {
                Some(d) => self.shape.step_index(ant.cell, d).unwrap_or(ant.cell),
                None => ant.cell,
            };
            ant.moves.push(ant.next);
            ant.next = b'-';
            ant.cell = dest;
            let o = &mut self.occ[dest as usize];
            *o = o.saturating_add(1);
        }
        let mut survivors = Vec::with_capacity(live.len());
        for &a in &live {
            let cell = self.ants[a as usize].cell as usize;
            if self.occ[cell] > 1 {
                self.kill(a);
            } else {
                self.ant_at[cell] = a;
                survivors.push(a);
            }
        }
        for &a in &live {
            self.occ[self.ants[a as usize].cell as usize] = 0;
        }
        self.live_ants = survivors;
    }

    /// Number of enemies within attack radius of every living ant (indexed like `live_ants`).
    fn enemy_counts(&self) -> Vec<u32> {
        self.live_ants
            .iter()
            .map(|&a| {
                let me = &self.ants[a as usize];
                let mut n = 0;
                self.attack_offsets.for_each(me.cell, |c, _| {
                    let b = self.ant_at[c as usize];
                    if b != NONE && self.ants[b as usize].owner != me.owner {
                        n += 1;
                    }
                });
                n
            })
            .collect()
    }

    fn battle(&mut self) {
        let counts = self.enemy_counts();
        // Per-ant enemy count lookup (ant id -> count) via the scratch buffer.
        let mut by_id = std::mem::take(&mut self.scratch);
        by_id.clear();
        by_id.resize(self.ants.len(), 0);
        for (i, &a) in self.live_ants.iter().enumerate() {
            by_id[a as usize] = counts[i];
        }
        let mut dead: Vec<u32> = Vec::new();
        match self.rules.attack {
            AttackMethod::Focus => {
                for (i, &a) in self.live_ants.iter().enumerate() {
                    let mine = counts[i];
                    if mine == 0 {
                        continue;
                    }
                    let me = &self.ants[a as usize];
                    let mut dies = false;
                    self.attack_offsets.for_each(me.cell, |c, _| {
                        let b = self.ant_at[c as usize];
                        if !dies
                            && b != NONE
                            && self.ants[b as usize].owner != me.owner
                            && by_id[b as usize] <= mine
                        {
                            dies = true;
                        }
                    });
                    if dies {
                        dead.push(a);
                    }
                }
            }
            AttackMethod::Support => {
                for (i, &a) in self.live_ants.iter().enumerate() {
                    if counts[i] > 0 {
                        dead.push(a);
                    }
                }
            }
            AttackMethod::Damage => {
                let mut damage = vec![0.0_f64; self.ants.len()];
                for (i, &a) in self.live_ants.iter().enumerate() {
                    if counts[i] == 0 {
                        continue;
                    }
                    let me = &self.ants[a as usize];
                    let share = 1.0 / f64::from(counts[i]);
                    self.attack_offsets.for_each(me.cell, |c, _| {
                        let b = self.ant_at[c as usize];
                        if b != NONE && self.ants[b as usize].owner != me.owner {
                            damage[b as usize] += share;
                        }
                    });
                }
                dead.extend(
                    self.live_ants
                        .iter()
                        .copied()
                        .filter(|&a| damage[a as usize] >= 1.0),
                );
            }
            AttackMethod::Closest => dead = self.closest_battle(&counts),
        }
        self.scratch = by_id;
        if !dead.is_empty() {
            for &a in &dead {
                self.kill(a);
                self.ant_at[self.ants[a as usize].cell as usize] = NONE;
            }
            let ants = &self.ants;
            self.live_ants
                .retain(|&a| ants[a as usize].death_turn.is_none());
        }
    }

    fn closest_battle(&self, counts: &[u32]) -> Vec<u32> {
        let mut is_dead = vec![false; self.ants.len()];
        let mut dead = Vec::new();
        for d in 1..self.rules.attackradius2 {
            for (i, &a) in self.live_ants.iter().enumerate() {
                if is_dead[a as usize] || counts[i] == 0 {
                    continue;
                }
                let mut group = vec![a];
                let mut k = 0;
                while k < group.len() {
                    let x = group[k];
                    let me = &self.ants[x as usize];
                    self.attack_offsets.for_each(me.cell, |c, d2| {
                        let b = self.ant_at[c as usize];
                        if d2 == d
                            && b != NONE
                            && !is_dead[b as usize]
                            && self.ants[b as usize].owner != me.owner
                            && !group.contains(&b)
                        {
                            group.push(b);
                        }
                    });
                    k += 1;
                }
                if group.len() > 1 {
                    for &g in &group {
                        is_dead[g as usize] = true;
                        dead.push(g);
                    }
                }
            }
        }
        dead
    }
}

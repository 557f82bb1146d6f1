//! Going after the enemy: ants near a known enemy hill are sent to it, ants out of danger
//! approach the nearest enemy ant, and enemy ants standing alone are chased by two ants.

use crate::paths::Flow;

use super::{APPROACH_DEPTH, Brain, NO_IDX, Task};

/// Enemy hills: ants within this many steps are sent.
const HILL_DEPTH: u16 = 20;

impl Brain {
    pub(super) fn enemy_hills(&mut self) {
        let hills: Vec<u32> = self.world.enemy_hills.iter().map(|&(t, _)| t).collect();
        let n = self.world.own_ants.len();
        let (limit, depth) = if n <= 10 {
            (1, HILL_DEPTH)
        } else if self.cfg.hill_rush && n >= 30 {
            (8, HILL_DEPTH + 10)
        } else {
            (4, HILL_DEPTH)
        };
        for h in hills {
            if self.out_of_time() {
                return;
            }
            let mut found = Vec::new();
            let (w, ant_at, done) = (&self.world, &self.scratch.ant_at, &self.scratch.done);
            self.bfs.run(w, [h], depth, |t, _| {
                let a = ant_at[t as usize];
                if a != NO_IDX && !done[a as usize] {
                    found.push(a as usize);
                    if found.len() >= limit {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
            for a in found {
                if self.world.own_ants[a] == h {
                    continue;
                }
                self.step_to_source(a);
            }
        }
    }

    pub(super) fn approach_enemies(&mut self) {
        for a in 0..self.world.own_ants.len() {
            if self.scratch.done[a] || !self.scratch.danger[a].is_empty() {
                continue;
            }
            if a % 32 == 0 && self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            let e = self.scratch.enemy_near_src[t as usize];
            if e == NO_IDX {
                continue;
            }
            let target = self.world.enemy_ants[e as usize].0;
            let limit = 3 * self.world.manhattan(t, target);
            let (next_occ, owner) = (&self.scratch.next_occ, &self.world.owner);
            let free = self
                .astar
                .first_move(&self.world, t, target, limit, 2000, |u| {
                    next_occ[u as usize] || owner[u as usize] == 0
                });
            let mv = free.or_else(|| {
                self.astar
                    .first_move(&self.world, t, target, limit + 10, 2000, |_| false)
            });
            if let Some((dir, _)) = mv {
                self.go_dir(a, dir, Task::Other);
            }
        }
    }

    pub(super) fn attack_detached_enemies(&mut self) {
        for e in 0..self.world.enemy_ants.len() {
            if !self.scratch.detached[e] {
                continue;
            }
            if self.out_of_time() {
                return;
            }
            let target = self.world.enemy_ants[e].0;
            let mut found = Vec::new();
            let (w, ant_at, done, danger) = (
                &self.world,
                &self.scratch.ant_at,
                &self.scratch.done,
                &self.scratch.danger,
            );
            self.bfs.run(w, [target], 2 * APPROACH_DEPTH, |t, _| {
                let a = ant_at[t as usize];
                if a != NO_IDX && !done[a as usize] && danger[a as usize].is_empty() {
                    found.push(a as usize);
                    if found.len() >= 2 {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
            for a in found {
                self.step_to_source(a);
            }
        }
    }
}

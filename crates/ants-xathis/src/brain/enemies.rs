//! Going after the enemy: ants near a known enemy hill are sent to it, ants out of danger
//! approach the nearest enemy ant, and enemy ants standing alone are chased by two ants.

use crate::paths::Flow;

use super::{APPROACH_DEPTH, Brain, NO_IDX};

/// Enemy hills: ants within this many steps are sent.
const HILL_DEPTH: u16 = 20;

impl Brain {
    pub(super) fn enemy_hills(&mut self) {
        let hills: Vec<u32> = self.world.enemy_hills.iter().map(|&(t, _)| t).collect();
        let limit = if self.world.own_ants.len() <= 10 {
            1
        } else {
            4
        };
        for h in hills {
            if self.out_of_time() {
                return;
            }
            let mut found = Vec::new();
            let (w, ant_at, done) = (&self.world, &self.scratch.ant_at, &self.scratch.done);
            self.bfs.run(w, [h], HILL_DEPTH, |t, _| {
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
                self.step_to_source(a, false);
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
            if e == NO_IDX || self.scratch.enemy_near[t as usize] > self.cfg.approach_depth {
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
                self.go_dir(a, dir);
            }
        }
    }

    /// [`Config::chase_detached`](super::Config::chase_detached): the two nearest free ants
    /// out of danger step toward every enemy ant that stands alone.
    pub(super) fn attack_detached_enemies(&mut self) {
        if !self.cfg.chase_detached {
            return;
        }
        let targets: Vec<usize> = (0..self.world.enemy_ants.len())
            .filter(|&e| self.scratch.detached[e])
            .collect();
        for e in targets {
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
                self.step_to_source(a, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{ant, orders_after};
    use super::super::{Brain, Config};
    use ants::{Order, TurnInput};
    use grid::{Dir, Pos};

    /// The orders one step gives on an open 40×40 map with own ants at `own` and one enemy
    /// ant at `enemy`, after the turn's bookkeeping.
    fn step_orders(
        cfg: Config,
        own: &[(i32, i32)],
        enemy: (i32, i32),
        step: fn(&mut Brain),
    ) -> Vec<Order> {
        orders_with(cfg, own, &[enemy], step)
    }

    #[test]
    fn a_lone_enemy_is_chased_by_two_ants_only_with_chase_detached() {
        // The enemy is 16 steps east: beyond the approach step's 12, within the chase's 24.
        let own = [(10, 10), (12, 10), (20, 10)];
        let chase = |on: bool| {
            step_orders(
                Config {
                    chase_detached: on,
                    ..Config::post_mortem()
                },
                &own,
                (10, 26),
                Brain::attack_detached_enemies,
            )
        };
        let orders = chase(true);
        assert_eq!(orders.len(), 2, "{orders:?}");
        // Each of the two nearest ants steps toward the enemy.
        let closer = |o: &Order| {
            let (dr, dc) = o.dir.delta();
            let d = |r: i32, c: i32| (r - 10).abs() + (c - 26).abs();
            d(o.pos.row + dr, o.pos.col + dc) < d(o.pos.row, o.pos.col)
        };
        assert!(orders.iter().all(closer), "{orders:?}");
        assert!(
            !orders.iter().any(|o| o.pos == Pos::new(20, 10)),
            "{orders:?}"
        );
        assert!(chase(false).is_empty());
    }

    /// The orders of `step` with own ants at `own` (a hill at the first), enemy ants at
    /// `enemies`, on an open 40×40 map.
    fn orders_with(
        cfg: Config,
        own: &[(i32, i32)],
        enemies: &[(i32, i32)],
        step: fn(&mut Brain),
    ) -> Vec<Order> {
        let mut ants: Vec<_> = own.iter().map(|&(r, c)| ant(r, c, 0)).collect();
        ants.extend(enemies.iter().map(|&(r, c)| ant(r, c, 1)));
        let input = TurnInput {
            turn: 1,
            ants,
            hills: vec![(Pos::new(own[0].0, own[0].1), 0)],
            ..TurnInput::default()
        };
        orders_after(cfg, 40, 40, &input, step)
    }

    #[test]
    fn ants_approach_an_enemy_within_the_approach_depth_only() {
        // One own ant 14 steps west of an enemy ant.
        let approach = |depth: u16| {
            step_orders(
                Config {
                    approach_depth: depth,
                    ..Config::post_mortem()
                },
                &[(10, 10)],
                (10, 24),
                Brain::approach_enemies,
            )
        };
        assert!(approach(12).is_empty(), "14 steps is beyond the default 12");
        assert!(approach(13).is_empty());
        let orders = approach(14);
        assert_eq!(orders.len(), 1, "{orders:?}");
        assert_eq!(orders[0].dir, Dir::E);
        assert_eq!(approach(20), orders);
    }
}

//! Going after the enemy: ants near a known enemy hill are sent to it, ants out of danger
//! approach the nearest enemy ant, and enemy ants standing alone are chased by two ants.

use crate::paths::Flow;

use super::turn::Turn;
use super::{APPROACH_DEPTH, NO_IDX};

/// Enemy hills: ants within this many steps are sent.
const HILL_DEPTH: u16 = 20;

/// The enemy-hill and chase steps; they own the detached-enemy marks and keep their lists
/// between turns.
#[derive(Debug, Default)]
pub(super) struct EnemySteps {
    /// Enemy ants without another enemy ant within 4 rows and columns.
    detached: Vec<bool>,
    /// The enemy hill tiles of the turn (the step moves ants while it walks them).
    hills: Vec<u32>,
    /// The ants one search found.
    found: Vec<usize>,
}

/// Free ants out of danger within [`Config::approach_depth`](super::Config::approach_depth)
/// steps of an enemy ant step toward it.
pub(super) fn approach(t: &mut Turn) {
    for a in 0..t.world.own_ants.len() {
        if t.moves.done[a] || !t.threats.danger[a].is_empty() {
            continue;
        }
        if a % 32 == 0 && t.out_of_time() {
            return;
        }
        let at = t.world.own_ants[a];
        let e = t.threats.enemy_near_src[at as usize];
        if e == NO_IDX || t.threats.enemy_near[at as usize] > t.cfg.approach_depth {
            continue;
        }
        let target = t.world.enemy_ants[e as usize].0;
        let limit = 3 * t.world.manhattan(at, target);
        let (next_occ, owner) = (&t.moves.next_occ, &t.world.owner);
        let free = t.astar.first_move(&t.world, at, target, limit, 2000, |u| {
            next_occ[u as usize] || owner[u as usize] == 0
        });
        let mv = free.or_else(|| {
            t.astar
                .first_move(&t.world, at, target, limit + 10, 2000, |_| false)
        });
        if let Some((dir, _)) = mv {
            t.go_dir(a, dir);
        }
    }
}

impl EnemySteps {
    /// Marks the detached enemy ants of the turn.
    pub(super) fn begin(&mut self, t: &Turn) {
        let (w, en_at) = (&t.world, &t.threats.en_at);
        self.detached.clear();
        self.detached.extend(w.enemy_ants.iter().map(|&(t, _)| {
            (-4..=4).all(|dr: i32| {
                (-4..=4).all(|dc: i32| {
                    (dr == 0 && dc == 0) || {
                        let u = w.offset_tile(t, dr, dc);
                        en_at[u as usize] == NO_IDX
                    }
                })
            })
        }));
    }

    /// Sends up to 4 free ants within [`HILL_DEPTH`] steps (1 with at most 10 own ants)
    /// toward every visible enemy hill.
    pub(super) fn hills(&mut self, t: &mut Turn) {
        self.hills.clear();
        self.hills
            .extend(t.world.enemy_hills.iter().map(|&(h, _)| h));
        let limit = if t.world.own_ants.len() <= 10 { 1 } else { 4 };
        for &h in &self.hills {
            if t.out_of_time() {
                return;
            }
            let found = &mut self.found;
            found.clear();
            let (w, ant_at, done) = (&t.world, &t.moves.ant_at, &t.moves.done);
            t.bfs.run(w, [h], HILL_DEPTH, |u, _| {
                let a = ant_at[u as usize];
                if a != NO_IDX && !done[a as usize] {
                    found.push(a as usize);
                    if found.len() >= limit {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
            for &a in &self.found {
                if t.world.own_ants[a] == h {
                    continue;
                }
                t.step_to_source(a, false);
            }
        }
    }

    /// [`Config::chase_detached`](super::Config::chase_detached): the two nearest free ants
    /// out of danger step toward every enemy ant that stands alone.
    pub(super) fn chase(&mut self, t: &mut Turn) {
        if !t.cfg.chase_detached {
            return;
        }
        for e in 0..t.world.enemy_ants.len() {
            if !self.detached[e] {
                continue;
            }
            if t.out_of_time() {
                return;
            }
            let target = t.world.enemy_ants[e].0;
            let found = &mut self.found;
            found.clear();
            let (w, ant_at, done, danger) =
                (&t.world, &t.moves.ant_at, &t.moves.done, &t.threats.danger);
            t.bfs.run(w, [target], 2 * APPROACH_DEPTH, |u, _| {
                let a = ant_at[u as usize];
                if a != NO_IDX && !done[a as usize] && danger[a as usize].is_empty() {
                    found.push(a as usize);
                    if found.len() >= 2 {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
            for &a in &self.found {
                t.step_to_source(a, false);
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
                |b| b.enemies.chase(&mut b.turn),
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
                |b| super::approach(&mut b.turn),
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

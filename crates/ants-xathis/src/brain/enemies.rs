//! Going after the enemy: ants near a known enemy hill are sent to it, ants out of danger
//! approach the nearest enemy ant (or, with the options of [`Config`](super::Config), hold
//! or step away where they are outnumbered, and call free ants to outnumbered ants), and
//! enemy ants standing alone are chased by two ants.

use crate::paths::Flow;

use super::{APPROACH_DEPTH, Brain, NO_IDX};

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
                let safe_only = self.cfg.safe_hill && !self.scratch.danger[a].is_empty();
                self.step_to_source(a, safe_only);
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
            if (self.cfg.approach_hold || self.cfg.approach_retreat) && self.outnumbered_at(t) {
                let mut to = t;
                if self.cfg.approach_retreat {
                    // The free squares farthest from the enemy ants, then the escape choice.
                    let near = &self.scratch.enemy_near;
                    let free: Vec<u32> = self.free_moves(a).collect();
                    let far = free.iter().map(|&m| near[m as usize]).max();
                    let options: Vec<u32> = free
                        .into_iter()
                        .filter(|&m| Some(near[m as usize]) == far)
                        .collect();
                    if !options.is_empty() {
                        to = self.escape_choice(t, &options);
                    }
                }
                self.go(a, to);
                continue;
            }
            let target = self.world.enemy_ants[e as usize].0;
            if self.front_has_surplus(target) {
                continue;
            }
            let limit = 3 * self.world.manhattan(t, target);
            self.astar.straight = self.cfg.approach_straight;
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
            self.astar.straight = false;
            if let Some((dir, _)) = mv {
                self.go_dir(a, dir);
            }
        }
    }

    /// [`Config::reinforce_depth`](super::Config::reinforce_depth): every own ant with
    /// more enemy ants than own ants (itself included) within
    /// [`Config::close2`](super::Config::close2) is a front point short of the difference
    /// plus one; the nearest free ants out of danger within `reinforce_depth` steps (one
    /// search from all front points, nearest ants first) step toward the point they were
    /// reached from until it is no longer short. Front points within `close2` of an earlier
    /// one are counted with it, and so are the ants already within `close2` of one.
    pub(super) fn reinforce(&mut self) {
        let depth = self.cfg.reinforce_depth;
        if depth == 0 || self.world.enemy_ants.is_empty() || self.out_of_time() {
            return;
        }
        let w = &self.world;
        let close2 = self.cfg.close2;
        let mut fronts: Vec<u32> = Vec::new();
        let mut short: Vec<u32> = Vec::new();
        for &t in &w.own_ants {
            if self.scratch.enemy_near[t as usize] > APPROACH_DEPTH
                || fronts.iter().any(|&f| w.dist2(f, t) <= close2)
            {
                continue;
            }
            let by = self.outnumbered_by(t);
            if by > 0 {
                fronts.push(t);
                short.push(by + 1);
            }
        }
        if fronts.is_empty() {
            return;
        }
        let mut found: Vec<usize> = Vec::new();
        let (ant_at, done, danger) = (
            &self.scratch.ant_at,
            &self.scratch.done,
            &self.scratch.danger,
        );
        self.bfs.run(w, fronts.iter().copied(), depth, |t, d| {
            let a = ant_at[t as usize];
            if d > 0 && a != NO_IDX && !done[a as usize] && danger[a as usize].is_empty() {
                found.push(a as usize);
            }
            Flow::Expand
        });
        // Nearest first (BFS order), each front point until it is no longer short.
        let mut sent: Vec<usize> = Vec::new();
        for a in found {
            let t = self.world.own_ants[a];
            let f = self.bfs.src[t as usize] as usize;
            let k = &mut short[f];
            // Ants already within `close2` of the front point are counted there.
            if *k > 0 && self.world.dist2(fronts[f], t) > close2 {
                *k -= 1;
                sent.push(a);
            }
        }
        for a in sent {
            self.step_to_source(a, false);
        }
    }

    /// [`Config::multi_approach_surplus`](super::Config::multi_approach_surplus): once two
    /// enemy players have been seen, whether the own ants within
    /// [`Config::close2`](super::Config::close2) of the enemy ant on `t` outnumber the enemy
    /// ants there (that one included) by the surplus or more.
    fn front_has_surplus(&self, t: u32) -> bool {
        let surplus = u32::from(self.cfg.multi_approach_surplus);
        if surplus == 0 || self.duel() {
            return false;
        }
        let (own, _, foes) = super::scratch::around(&self.world, t, self.cfg.close2, 0);
        own >= foes + 1 + surplus
    }

    /// [`Config::approach_hold`](super::Config::approach_hold): more enemy ants than own
    /// ants (counting one standing on `t`) within [`Config::close2`](super::Config::close2)
    /// of tile `t`.
    fn outnumbered_at(&self, t: u32) -> bool {
        self.outnumbered_by(t) > 0
    }

    /// How many more enemy ants than own ants (counting one standing on `t`) are within
    /// [`Config::close2`](super::Config::close2) of tile `t` (0 when not more).
    fn outnumbered_by(&self, t: u32) -> u32 {
        let (own, _, foes) = super::scratch::around(&self.world, t, self.cfg.close2, 0);
        foes.saturating_sub(own + 1)
    }

    pub(super) fn attack_detached_enemies(&mut self) {
        if !self.cfg.chase_detached {
            return;
        }
        // Lone enemies, only those near the own hills with chase_home_depth.
        let home = self.cfg.chase_home_depth;
        let w = &self.world;
        if home > 0 {
            self.bfs2
                .run(w, w.own_hills.iter().copied(), home, |_, _| Flow::Expand);
        }
        let targets: Vec<usize> = (0..w.enemy_ants.len())
            .filter(|&e| self.scratch.detached[e])
            .filter(|&e| home == 0 || self.bfs2.reached(w.enemy_ants[e].0))
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
    fn approach_hold_keeps_an_outnumbered_ant_from_approaching() {
        // Two enemy ants 7 steps east of a lone ant: out of reach next turn, within close2.
        let enemies = [(10, 17), (11, 17)];
        let approach = |hold: bool, own: &[(i32, i32)]| {
            let cfg = Config {
                approach_hold: hold,
                ..Config::post_mortem()
            };
            orders_with(cfg, own, &enemies, Brain::approach_enemies)
        };
        let lone = [(10, 10)];
        assert_eq!(
            approach(false, &lone).len(),
            1,
            "the post mortem approaches"
        );
        assert!(approach(true, &lone).is_empty(), "outnumbered: it stays");
        // With a friend beside it the two are not outnumbered and both approach.
        let pair = [(10, 10), (11, 10)];
        let orders = approach(true, &pair);
        assert_eq!(orders.len(), 2, "{orders:?}");
        assert!(orders.iter().all(|o| o.dir == Dir::E), "{orders:?}");
    }

    #[test]
    fn multi_approach_surplus_leaves_a_front_the_own_ants_outnumber() {
        // Three own ants 5 steps west of an enemy ant of player 1 (within close2, out of
        // reach next turn) and a fourth ant 12 steps west of it; a second enemy player far
        // away makes it a 4-player game.
        let own = [(10, 5), (9, 12), (10, 12), (11, 12)];
        let orders = |surplus: u16, second_player: bool| {
            let mut ants: Vec<_> = own.iter().map(|&(r, c)| ant(r, c, 0)).collect();
            ants.push(ant(10, 17, 1));
            if second_player {
                ants.push(ant(30, 30, 2));
            }
            let input = TurnInput {
                turn: 1,
                ants,
                hills: vec![(Pos::new(10, 5), 0)],
                ..TurnInput::default()
            };
            let cfg = Config {
                multi_approach_surplus: surplus,
                ..Config::champion()
            };
            orders_after(cfg, 40, 40, &input, Brain::approach_enemies)
        };
        let rear_moves = |o: &[Order]| o.iter().any(|o| o.pos == Pos::new(10, 5));
        let off = orders(0, true);
        assert!(
            rear_moves(&off) && off.len() == 4,
            "off: every ant approaches: {off:?}"
        );
        let duel = orders(2, false);
        assert!(
            rear_moves(&duel) && duel.len() == 4,
            "one enemy player: {duel:?}"
        );
        // Three against one: a surplus of two, so no ant walks toward that enemy.
        assert!(orders(2, true).is_empty(), "{:?}", orders(2, true));
        // A surplus of three is not reached: they approach.
        assert_eq!(orders(3, true).len(), 4);
    }

    #[test]
    fn approach_retreat_steps_an_outnumbered_ant_away() {
        // Two enemy ants 7 steps east of a lone ant: it steps away from them.
        let enemies = [(10, 17), (11, 17)];
        let retreat = |own: &[(i32, i32)]| {
            let cfg = Config {
                approach_retreat: true,
                ..Config::post_mortem()
            };
            orders_with(cfg, own, &enemies, Brain::approach_enemies)
        };
        let orders = retreat(&[(10, 10)]);
        assert_eq!(orders.len(), 1, "{orders:?}");
        let (dr, dc) = orders[0].dir.delta();
        let nearest = |r: i32, c: i32| {
            (enemies.iter())
                .map(|&(er, ec)| (er - r).abs() + (ec - c).abs())
                .min()
        };
        assert_eq!(
            nearest(10 + dr, 10 + dc),
            Some(8),
            "one step farther: {orders:?}"
        );
        // Not outnumbered: both approach as in the post mortem.
        let orders = retreat(&[(10, 10), (11, 10)]);
        assert_eq!(orders.len(), 2, "{orders:?}");
        assert!(orders.iter().all(|o| o.dir == Dir::E), "{orders:?}");
    }

    #[test]
    fn chase_home_depth_chases_only_lone_enemies_near_an_own_hill() {
        // A lone enemy 16 steps east of the hill; two free ants near the hill.
        let own = [(10, 10), (12, 10)];
        let chase = |home: u16| {
            let cfg = Config {
                chase_detached: true,
                chase_home_depth: home,
                ..Config::post_mortem()
            };
            orders_with(cfg, &own, &[(10, 26)], Brain::attack_detached_enemies).len()
        };
        assert_eq!(chase(0), 2, "0: every lone enemy");
        assert_eq!(chase(15), 0, "16 steps from the hill");
        assert_eq!(chase(16), 2);
    }

    #[test]
    fn outnumbered_front_ants_call_the_nearest_free_ants() {
        // A front ant at (10,10) with three enemy ants 6 columns east: it is short of three.
        // Free ants 10, 15, 15 and 20 steps away (the second 15 across the torus edge).
        let enemies = [(9, 16), (10, 16), (11, 16)];
        let free = [(10, 0), (25, 10), (10, 35), (30, 10)];
        let reinforce = |depth: u16, front: &[(i32, i32)]| {
            let cfg = Config {
                reinforce_depth: depth,
                ..Config::post_mortem()
            };
            let own: Vec<_> = front.iter().chain(&free).copied().collect();
            orders_with(cfg, &own, &enemies, Brain::reinforce)
        };
        let dist = |r: i32, c: i32| {
            let (dr, dc) = ((r - 10).rem_euclid(40), (c - 10).rem_euclid(40));
            dr.min(40 - dr) + dc.min(40 - dc)
        };
        let toward_front = |o: &Order| {
            let (dr, dc) = o.dir.delta();
            dist(o.pos.row + dr, o.pos.col + dc) < dist(o.pos.row, o.pos.col)
        };
        let orders = reinforce(20, &[(10, 10)]);
        assert_eq!(orders.len(), 3, "the three nearest: {orders:?}");
        assert!(orders.iter().all(toward_front), "{orders:?}");
        assert!(
            !orders.iter().any(|o| o.pos == Pos::new(30, 10)),
            "{orders:?}"
        );
        assert_eq!(
            reinforce(12, &[(10, 10)]).len(),
            1,
            "only the one 10 steps away"
        );
        assert!(reinforce(0, &[(10, 10)]).is_empty(), "off");
        // A friend beside it: short of two; the friend itself is not called.
        let orders = reinforce(20, &[(10, 10), (11, 10)]);
        assert_eq!(orders.len(), 2, "{orders:?}");
        assert!(
            orders.iter().any(|o| o.pos == Pos::new(10, 0)),
            "{orders:?}"
        );
        assert!(
            !orders.iter().any(|o| o.pos == Pos::new(11, 10)),
            "{orders:?}"
        );
        // Two friends: three against three is not outnumbered.
        assert!(reinforce(20, &[(10, 10), (11, 10), (9, 10)]).is_empty());
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

    #[test]
    fn approach_straight_walks_toward_the_enemy_along_the_longer_axis() {
        // An enemy 7 rows down and 2 columns right: every first step south or east is on a
        // shortest path; the straight line starts south.
        let first = |approach_straight: bool| {
            let orders = step_orders(
                Config {
                    approach_straight,
                    ..Config::post_mortem()
                },
                &[(10, 10)],
                (17, 12),
                Brain::approach_enemies,
            );
            assert_eq!(orders.len(), 1, "{orders:?}");
            orders[0].dir
        };
        assert_eq!(first(true), Dir::S);
        assert_eq!(first(false), Dir::E, "tile order alone starts east");
    }
}

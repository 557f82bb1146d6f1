//! Fights: own ants an enemy can reach next turn are put in combat groups, each group is
//! searched with the max-chain/min-chain search of [`crate::combat`] and its moves are
//! committed; dangered ants that did not fight escape.

use ants::Order;

use crate::combat::{Eval, Fight, fight_budget};
use search::Budget;

use crate::paths::Flow;
use crate::world::{NO_ANT, World};

use super::turn::Turn;
use super::visual::GroupNote;

/// Combat group limits (fixed): product of own check-list sizes, number of enemies.
const OWN_COMBOS: u64 = 2048;
const MAX_ENEMIES: usize = 8;
/// Escape: BFS depth of the safe-move weighting.
const ESCAPE_CHECK_DIST: u16 = 8;
/// The largest `close2` used (larger settings are capped: the count scans a square).
const MAX_CLOSE2: u32 = 400;

/// The fight and escape steps, with the counts around every dangered own ant that only
/// they read (indexed like `World::own_ants`).
#[derive(Debug, Default)]
pub(super) struct FightStep {
    /// Own ants close to a dangered own ant (aggression).
    close_own: Vec<u32>,
    /// Enemy ants close to a dangered own ant (relative aggression).
    close_enemy: Vec<u32>,
    /// Own ants near enough to support a dangered own ant.
    support: Vec<u32>,
    /// Own ants already put in a combat group this turn.
    assigned: Vec<bool>,
}

/// Counts the ants around tile `t` (not on it) within squared distance `close2` (capped at
/// [`MAX_CLOSE2`]): own ants, own ants within `support2`, and enemy ants.
fn around(w: &World, t: u32, close2: u32, support2: u32) -> (u32, u32, u32) {
    let close2 = close2.min(MAX_CLOSE2);
    let r = f64::from(close2).sqrt() as i32;
    let (mut close, mut sup, mut foes) = (0, 0, 0);
    for dr in -r..=r {
        for dc in -r..=r {
            let d2 = (dr * dr + dc * dc) as u32;
            if d2 == 0 || d2 > close2 {
                continue;
            }
            let o = w.owner[w.offset_tile(t, dr, dc) as usize];
            if o == 0 {
                close += 1;
                if d2 <= support2 {
                    sup += 1;
                }
            } else if o != NO_ANT {
                foes += 1;
            }
        }
    }
    (close, sup, foes)
}

/// [`Config::multi_hill_aggression2`](super::Config::multi_hill_aggression2): whether two
/// enemy players have been seen and one of `ants` (own ant indices) stands within that
/// squared distance of an enemy hill in sight.
fn hill_raid<'a>(t: &Turn, mut ants: impl Iterator<Item = &'a usize>) -> bool {
    let d2 = t.cfg.multi_hill_aggression2;
    let w = &t.world;
    d2 > 0
        && !t.duel()
        && ants.any(|&a| {
            let at = t.moves.next_pos[a];
            w.enemy_hills.iter().any(|h| w.dist2(at, h.0) <= d2)
        })
}

/// The weight of the combat evaluation's stay term: [`Config::stay_percent`] while at most
/// one enemy player has been seen, [`Config::multi_stay_percent`] from the second.
///
/// [`Config::stay_percent`]: super::Config::stay_percent
/// [`Config::multi_stay_percent`]: super::Config::multi_stay_percent
fn stay_weight(t: &Turn) -> u32 {
    t.by_players(t.cfg.stay_percent, t.cfg.multi_stay_percent)
}

/// The post mortem's escape choice for the ant on `at` among the squares `options` (not
/// empty): the one whose tiles within [`ESCAPE_CHECK_DIST`] steps, nearer ones weighing
/// more, hold the most own ants (other than the ant itself) and the fewest enemy ants.
fn escape_choice(t: &mut Turn, at: u32, options: &[u32]) -> u32 {
    let mut best = (i64::MIN, at);
    for &m in options {
        let mut v = 0i64;
        let w = &t.world;
        t.bfs.run(w, [m], ESCAPE_CHECK_DIST, |u, d| {
            let mut add = i64::from(ESCAPE_CHECK_DIST + 1 - d);
            let o = w.owner[u as usize];
            if o == 0 && u != at {
                add *= 3;
            } else if o != NO_ANT && o != 0 {
                add *= -3;
            }
            v += add;
            Flow::Expand
        });
        if v > best.0 {
            best = (v, m);
        }
    }
    best.1
}

impl FightStep {
    /// Counts the own and enemy ants around every dangered own ant: within squared distance
    /// [`Config::close2`](super::Config::close2) as close, within
    /// [`Config::support2`](super::Config::support2) as support.
    pub(super) fn begin(&mut self, t: &Turn) {
        let (w, cfg) = (&t.world, &t.cfg);
        let n_own = w.own_ants.len();
        for v in [
            &mut self.close_own,
            &mut self.close_enemy,
            &mut self.support,
        ] {
            v.clear();
            v.resize(n_own, 0);
        }
        for (a, &at) in w.own_ants.iter().enumerate() {
            if t.threats.danger[a].is_empty() {
                continue;
            }
            let (close, sup, foes) = around(w, at, cfg.close2, cfg.support2);
            self.close_own[a] = close;
            self.close_enemy[a] = foes;
            self.support[a] = sup;
        }
    }

    /// Puts the dangered ants with support in combat groups and searches each, within the
    /// first 60 % of the turn's time.
    pub(super) fn fight(&mut self, t: &mut Turn) {
        let fight_clock = t.clock.fraction(0.6);
        let n_own = t.world.own_ants.len();
        self.assigned.clear();
        self.assigned.resize(n_own, false);
        let mut groups: Vec<(Vec<usize>, Vec<u32>)> = Vec::new();
        let (combo_limit, enemy_limit) = if t.cfg.adaptive_groups {
            let ms = t
                .clock
                .remaining()
                .map_or(u64::MAX, |left| left.as_millis() as u64);
            if ms >= 60 {
                (t.cfg.group_combos, t.cfg.group_enemies)
            } else if ms >= 30 {
                (OWN_COMBOS * 2, MAX_ENEMIES + 1)
            } else {
                (OWN_COMBOS, MAX_ENEMIES)
            }
        } else {
            (OWN_COMBOS, MAX_ENEMIES)
        };
        let (th, done, assigned) = (&t.threats, &t.moves.done, &mut self.assigned);
        for a0 in 0..n_own {
            // An ant without support is left to the escape step.
            if assigned[a0] || done[a0] || th.danger[a0].is_empty() || self.support[a0] == 0 {
                continue;
            }
            assigned[a0] = true;
            let mut own = vec![a0];
            let mut enemies = th.danger[a0].clone();
            let mut combos = u64::from(th.check_count[a0]);
            loop {
                let t0 = t.world.own_ants[a0];
                let mut cands: Vec<(u32, usize)> = Vec::new();
                for &e in &enemies {
                    for &b in &th.threatened[e as usize] {
                        let b = b as usize;
                        if !assigned[b] && !done[b] && !cands.iter().any(|&(_, x)| x == b) {
                            cands.push((t.world.dist2(t0, t.world.own_ants[b]), b));
                        }
                    }
                }
                cands.sort_unstable();
                let mut added = false;
                for (_, b) in cands {
                    let new_en = th.danger[b].iter().filter(|e| !enemies.contains(e)).count();
                    let c = combos * u64::from(th.check_count[b]);
                    if c <= combo_limit && enemies.len() + new_en <= enemy_limit {
                        assigned[b] = true;
                        own.push(b);
                        combos = c;
                        for &e in &th.danger[b] {
                            if !enemies.contains(&e) {
                                enemies.push(e);
                            }
                        }
                        added = true;
                        break;
                    }
                }
                if !added {
                    break;
                }
            }
            groups.push((own, enemies));
        }
        let total = groups.len();
        for (k, (own, enemies)) in groups.into_iter().enumerate() {
            if fight_clock.exhausted(0) {
                return;
            }
            self.solve_group(t, &own, &enemies, &fight_clock, total - k);
        }
    }

    /// Builds and searches one combat group, then commits the chosen moves.
    fn solve_group(
        &self,
        t: &mut Turn,
        own: &[usize],
        enemies: &[u32],
        clock: &Budget,
        left: usize,
    ) -> bool {
        let (w, th) = (&t.world, &t.threats);
        let in_group = |u: u32| own.iter().any(|&a| w.own_ants[a] == u);
        let mut fight = Fight::default();
        for &a in own {
            let at = w.own_ants[a];
            let moves: Vec<u32> = th.own_moves[a]
                .iter()
                .copied()
                .filter(|&m| m == at || !t.moves.next_occ[m as usize] || in_group(m))
                .collect();
            fight.own.push((at, moves));
        }
        for &e in enemies {
            let (at, _) = w.enemy_ants[e as usize];
            fight.enemies.push((at, th.en_moves[e as usize].clone()));
        }
        // Other own ants threatened by these enemies fight at their (planned) position.
        let mut fixed = Vec::new();
        for &e in enemies {
            for &b in &th.threatened[e as usize] {
                let b = b as usize;
                if !own.contains(&b) && !fixed.contains(&b) {
                    fixed.push(b);
                }
            }
        }
        fight.fixed = fixed.iter().map(|&b| t.moves.next_pos[b]).collect();
        let near = || own.iter().chain(fixed.iter());
        let mut aggressive = near().any(|&a| self.close_own[a] as usize >= t.cfg.aggressive_count);
        if t.cfg.relative_aggression {
            let mine = near().map(|&a| self.close_own[a] + 1).max().unwrap_or(0);
            let theirs = near().map(|&a| self.close_enemy[a]).max().unwrap_or(0);
            let ratio10 = if hill_raid(t, near()) {
                Some(match t.cfg.multi_hill_ratio10 {
                    0 => t.cfg.aggression_ratio10,
                    r => r,
                })
            } else if t.duel() || !t.cfg.relative_only_in_duels {
                Some(t.cfg.aggression_ratio10)
            } else {
                None
            };
            if let Some(r) = ratio10 {
                aggressive |= 10 * mine >= r * theirs.max(1);
            }
        }
        fight.dist_percent = Some(t.cfg.dist_percent);
        fight.stay_percent = stay_weight(t);
        fight.escape_fallback = t.cfg.escape_fallback;
        let budget = fight_budget(clock, left, 2_000_000);
        let out = fight.solve(w, Eval::Weighted { aggressive }, &budget);
        let Some(moves) = out.moves else { return false };
        // Commit: first free the group's squares, then claim the destinations.
        let m = &mut t.moves;
        for &a in own {
            let at = t.world.own_ants[a];
            m.next_occ[at as usize] = false;
        }
        for (k, &a) in own.iter().enumerate() {
            let from = t.world.own_ants[a];
            let to = moves[k];
            if let Some(dir) = t.world.dir_to(from, to).filter(|_| to != from) {
                m.orders.push(Order {
                    pos: t.world.pos(from),
                    dir,
                });
            }
            m.next_occ[to as usize] = true;
            m.next_pos[a] = to;
            m.done[a] = true;
            m.decided_by[a] = m.step;
            t.missions.remove(from);
        }
        if let Some(s) = t.sketch.as_mut() {
            s.groups.push(GroupNote {
                own: own
                    .iter()
                    .zip(&moves)
                    .map(|(&a, &to)| (t.world.own_ants[a], to))
                    .collect(),
                enemies: enemies
                    .iter()
                    .map(|&e| t.world.enemy_ants[e as usize].0)
                    .collect(),
                value: out.value,
                aggressive,
                complete: out.complete,
            });
        }
        true
    }

    /// Dangered ants still free take the best safe move ([`escape_choice`]); without one a
    /// one-ant fight search picks the move.
    pub(super) fn escape(&mut self, t: &mut Turn) {
        for a in 0..t.world.own_ants.len() {
            if t.moves.done[a] || t.threats.danger[a].is_empty() {
                continue;
            }
            if t.out_of_time() {
                return;
            }
            let at = t.world.own_ants[a];
            let options: Vec<u32> = t.free_moves(a).filter(|&m| t.safe(a, m)).collect();
            if options.is_empty() {
                let enemies = t.threats.danger[a].clone();
                let clock = t.clock.clone();
                self.solve_group(t, &[a], &enemies, &clock, 8);
                continue;
            }
            let m = escape_choice(t, at, &options);
            t.go(a, m);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{ant, long_clock_brain, orders_after};
    use super::super::{Brain, Config};
    use ants::{Order, TurnInput};
    use grid::Pos;

    /// Whether the fight step takes own ant A (10,12), which the enemy ant (10,15) can reach
    /// next turn, with its only friend B three rows south (squared distance 9) out of the
    /// enemy's reach: A fights when B is within `support2`, else it is left to the escape
    /// step.
    fn supported_ant_fights(support2: u32) -> bool {
        let mut b = long_clock_brain(
            Config {
                support2,
                ..Config::post_mortem()
            },
            40,
            40,
        );
        b.turn.world.update(&TurnInput {
            turn: 1,
            ants: vec![ant(10, 12, 0), ant(13, 12, 0), ant(10, 15, 1)],
            ..TurnInput::default()
        });
        b.begin_turn();
        let danger = &b.turn.threats.danger;
        assert!(!danger[0].is_empty() && danger[1].is_empty());
        b.fight.fight(&mut b.turn);
        b.turn.moves.done[0]
    }

    #[test]
    fn an_ant_without_support_is_left_to_the_escape_step() {
        assert!(
            supported_ant_fights(20),
            "the post mortem's support distance"
        );
        assert!(supported_ant_fights(9));
        assert!(!supported_ant_fights(8));
    }

    #[test]
    fn the_stay_weight_switches_to_multi_stay_percent_once_two_enemy_players_are_seen() {
        let mut b = long_clock_brain(
            Config {
                stay_percent: 25,
                multi_stay_percent: 50,
                ..Config::post_mortem()
            },
            30,
            30,
        );
        let turn = |b: &mut Brain, turn: u32, enemies: &[(i32, i32, u8)]| {
            let mut ants = vec![ant(5, 5, 0)];
            ants.extend(enemies.iter().map(|&(r, c, o)| ant(r, c, o)));
            b.turn(&TurnInput {
                turn,
                ants,
                ..TurnInput::default()
            });
            super::stay_weight(&b.turn)
        };
        assert_eq!(turn(&mut b, 1, &[]), 25, "no enemy seen yet");
        assert_eq!(turn(&mut b, 2, &[(8, 8, 1)]), 25, "one enemy player");
        assert_eq!(turn(&mut b, 3, &[(8, 8, 1), (9, 9, 1)]), 25);
        assert_eq!(turn(&mut b, 4, &[(20, 20, 2)]), 50, "a second enemy player");
        assert_eq!(turn(&mut b, 5, &[]), 50, "players once seen are remembered");
    }

    /// The orders of the fight step for two own ants beside an enemy ant on its hill at
    /// (10,10) (one of them can step into a 1:1 trade), with a third player's ant in sight
    /// when `third`.
    fn raid_orders(multi_hill_aggression2: u32, hill: (i32, i32), third: bool) -> Vec<Order> {
        let cfg = Config {
            multi_hill_aggression2,
            ..Config::champion()
        };
        raid_orders_with(cfg, hill, third, &[])
    }

    /// [`raid_orders`] with any configuration and more ants of player 1.
    fn raid_orders_with(
        cfg: Config,
        hill: (i32, i32),
        third: bool,
        more: &[(i32, i32)],
    ) -> Vec<Order> {
        let mut ants = vec![ant(10, 14, 0), ant(12, 14, 0), ant(10, 11, 1)];
        ants.extend(more.iter().map(|&(r, c)| ant(r, c, 1)));
        if third {
            ants.push(ant(30, 5, 2));
        }
        let input = TurnInput {
            turn: 1,
            hills: vec![(Pos::new(30, 30), 0), (Pos::new(hill.0, hill.1), 1)],
            ants,
            ..TurnInput::default()
        };
        orders_after(cfg, 40, 40, &input, |b| b.fight.fight(&mut b.turn))
    }

    /// Whether the ant at (10,14) steps west, toward the enemy.
    fn trades(orders: &[Order]) -> bool {
        orders
            .iter()
            .any(|o| o.pos == Pos::new(10, 14) && o.dir == grid::Dir::W)
    }

    #[test]
    fn multi_hill_aggression_trades_beside_an_enemy_hill_in_4_player_games() {
        // In a duel relative aggression (two to one) trades whatever the setting.
        assert!(trades(&raid_orders(0, (10, 10), false)));
        // With a second enemy player seen the fight is cautious unless the raid is within
        // the squared distance of the enemy hill (the ant at (10,14) is 16 away).
        assert!(!trades(&raid_orders(0, (10, 10), true)));
        assert!(trades(&raid_orders(100, (10, 10), true)));
        assert!(trades(&raid_orders(16, (10, 10), true)));
        assert!(
            !trades(&raid_orders(15, (10, 10), true)),
            "(12,14) is 20 away"
        );
        // A hill far from the fight does not make it aggressive.
        assert!(!trades(&raid_orders(100, (25, 25), true)));
    }

    #[test]
    fn multi_hill_ratio_trades_beside_an_enemy_hill_at_even_numbers() {
        // `raid_orders`' scene with a second enemy ant beside the hill: two against two,
        // short of the two-to-one ratio, so the raid waits; with `multi_hill_ratio10=10`
        // even numbers are enough and (10,14) steps into the trade. Not in a duel, and not
        // without `multi_hill_aggression2`.
        let orders = |aggression2: u32, ratio10: u32, third: bool| {
            let cfg = Config {
                multi_hill_aggression2: aggression2,
                multi_hill_ratio10: ratio10,
                ..Config::champion()
            };
            raid_orders_with(cfg, (10, 10), third, &[(12, 11)])
        };
        assert!(!trades(&orders(100, 0, true)), "ratio 2:1 by default");
        assert!(trades(&orders(100, 10, true)));
        assert!(
            !trades(&orders(0, 10, true)),
            "no hill raid without the distance"
        );
        assert!(!trades(&orders(100, 10, false)), "duels keep their ratio");
    }
}

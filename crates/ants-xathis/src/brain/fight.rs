//! Fights: own ants an enemy can reach next turn are put in combat groups, each group is
//! searched with the max-chain/min-chain search of [`crate::combat`] and its moves are
//! committed; then own hills get defenders and dangered ants that did not fight escape.

use ants::Order;

use crate::combat::{Eval, Fight, fight_budget};
use search::Budget;

use crate::paths::Flow;
use crate::world::NO_ANT;

use super::{Brain, NO_IDX};

/// Combat group limits (fixed): product of own check-list sizes, number of enemies.
const OWN_COMBOS: u64 = 2048;
const MAX_ENEMIES: usize = 8;
/// Defence: enemies within this many steps of an own hill get a defender.
pub(super) const DEFENCE_DEPTH: u16 = 15;
/// Escape: BFS depth of the safe-move weighting.
const ESCAPE_CHECK_DIST: u16 = 8;

impl Brain {
    pub(super) fn fight(&mut self) {
        let fight_clock = self.clock.fraction(0.6);
        let n_own = self.world.own_ants.len();
        let mut assigned = vec![false; n_own];
        let mut groups: Vec<(Vec<usize>, Vec<u32>)> = Vec::new();
        let (combo_limit, enemy_limit) = if self.cfg.adaptive_groups {
            let ms = self
                .clock
                .remaining()
                .map_or(u64::MAX, |left| left.as_millis() as u64);
            if ms >= 60 {
                (self.cfg.group_combos, self.cfg.group_enemies)
            } else if ms >= 30 {
                (OWN_COMBOS * 2, MAX_ENEMIES + 1)
            } else {
                (OWN_COMBOS, MAX_ENEMIES)
            }
        } else {
            (OWN_COMBOS, MAX_ENEMIES)
        };
        for a0 in 0..n_own {
            // An ant without support is left to the escape step.
            if assigned[a0]
                || self.scratch.done[a0]
                || self.scratch.danger[a0].is_empty()
                || self.scratch.support[a0] == 0
            {
                continue;
            }
            assigned[a0] = true;
            let mut own = vec![a0];
            let mut enemies = self.scratch.danger[a0].clone();
            let mut combos = u64::from(self.scratch.check_count[a0]);
            loop {
                let t0 = self.world.own_ants[a0];
                let mut cands: Vec<(u32, usize)> = Vec::new();
                for &e in &enemies {
                    for &b in &self.scratch.threatened[e as usize] {
                        let b = b as usize;
                        if !assigned[b]
                            && !self.scratch.done[b]
                            && !cands.iter().any(|&(_, x)| x == b)
                        {
                            cands.push((self.world.dist2(t0, self.world.own_ants[b]), b));
                        }
                    }
                }
                cands.sort_unstable();
                let mut added = false;
                for (_, b) in cands {
                    let new_en = self.scratch.danger[b]
                        .iter()
                        .filter(|e| !enemies.contains(e))
                        .count();
                    let c = combos * u64::from(self.scratch.check_count[b]);
                    if c <= combo_limit && enemies.len() + new_en <= enemy_limit {
                        assigned[b] = true;
                        own.push(b);
                        combos = c;
                        for &e in &self.scratch.danger[b] {
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
            self.solve_group(&own, &enemies, &fight_clock, total - k);
        }
    }

    /// [`Config::multi_hill_aggression2`](super::Config::multi_hill_aggression2): whether
    /// two enemy players have been seen and one of `ants` (own ant indices) stands within
    /// that squared distance of an enemy hill in sight.
    fn hill_raid<'a>(&self, mut ants: impl Iterator<Item = &'a usize>) -> bool {
        let d2 = self.cfg.multi_hill_aggression2;
        let w = &self.world;
        d2 > 0
            && !self.duel()
            && ants.any(|&a| {
                let t = self.scratch.next_pos[a];
                w.enemy_hills.iter().any(|h| w.dist2(t, h.0) <= d2)
            })
    }

    /// Whether at most one enemy player has been seen so far.
    pub(super) fn duel(&self) -> bool {
        self.enemy_players.count_ones() <= 1
    }

    /// `duel` while at most one enemy player has been seen, `multi` from the second: the
    /// value of a setting with a 4-player form (`food_depth` / `multi_food_depth`, …).
    pub(super) fn by_players<T>(&self, duel: T, multi: T) -> T {
        if self.duel() { duel } else { multi }
    }

    /// The weight of the combat evaluation's stay term: [`Config::stay_percent`] while at
    /// most one enemy player has been seen, [`Config::multi_stay_percent`] from the second.
    ///
    /// [`Config::stay_percent`]: super::Config::stay_percent
    /// [`Config::multi_stay_percent`]: super::Config::multi_stay_percent
    fn stay_weight(&self) -> u32 {
        self.by_players(self.cfg.stay_percent, self.cfg.multi_stay_percent)
    }

    /// Builds and searches one combat group, then commits the chosen moves.
    fn solve_group(&mut self, own: &[usize], enemies: &[u32], clock: &Budget, left: usize) -> bool {
        let w = &self.world;
        let in_group = |t: u32| own.iter().any(|&a| w.own_ants[a] == t);
        let mut fight = Fight::default();
        for &a in own {
            let t = w.own_ants[a];
            let moves: Vec<u32> = self.scratch.own_moves[a]
                .iter()
                .copied()
                .filter(|&m| m == t || !self.scratch.next_occ[m as usize] || in_group(m))
                .collect();
            fight.own.push((t, moves));
        }
        for &e in enemies {
            let (t, _) = w.enemy_ants[e as usize];
            fight
                .enemies
                .push((t, self.scratch.en_moves[e as usize].clone()));
        }
        // Other own ants threatened by these enemies fight at their (planned) position.
        let mut fixed = Vec::new();
        for &e in enemies {
            for &b in &self.scratch.threatened[e as usize] {
                let b = b as usize;
                if !own.contains(&b) && !fixed.contains(&b) {
                    fixed.push(b);
                }
            }
        }
        fight.fixed = fixed.iter().map(|&b| self.scratch.next_pos[b]).collect();
        let near = || own.iter().chain(fixed.iter());
        let mut aggressive =
            near().any(|&a| self.scratch.close_own[a] as usize >= self.cfg.aggressive_count);
        if self.cfg.relative_aggression {
            let mine = near()
                .map(|&a| self.scratch.close_own[a] + 1)
                .max()
                .unwrap_or(0);
            let theirs = near()
                .map(|&a| self.scratch.close_enemy[a])
                .max()
                .unwrap_or(0);
            let ratio10 = if self.hill_raid(near()) {
                Some(match self.cfg.multi_hill_ratio10 {
                    0 => self.cfg.aggression_ratio10,
                    r => r,
                })
            } else if self.duel() || !self.cfg.relative_only_in_duels {
                Some(self.cfg.aggression_ratio10)
            } else {
                None
            };
            if let Some(r) = ratio10 {
                aggressive |= 10 * mine >= r * theirs.max(1);
            }
        }
        fight.dist_percent = Some(self.cfg.dist_percent);
        fight.stay_percent = self.stay_weight();
        fight.escape_fallback = self.cfg.escape_fallback;
        let budget = fight_budget(clock, left, 2_000_000);
        let out = fight.solve(w, Eval::Weighted { aggressive }, &budget);
        let Some(moves) = out.moves else { return false };
        // Commit: first free the group's squares, then claim the destinations.
        for &a in own {
            let t = self.world.own_ants[a];
            self.scratch.next_occ[t as usize] = false;
        }
        for (k, &a) in own.iter().enumerate() {
            let from = self.world.own_ants[a];
            let to = moves[k];
            if let Some(dir) = self.world.dir_to(from, to).filter(|_| to != from) {
                self.scratch.orders.push(Order {
                    pos: self.world.pos(from),
                    dir,
                });
            }
            self.scratch.next_occ[to as usize] = true;
            self.scratch.next_pos[a] = to;
            self.scratch.done[a] = true;
            self.scratch.decided_by[a] = self.scratch.step;
            self.missions.remove(from);
        }
        true
    }

    /// Whether the defence step acts for the own hills: some, and at most
    /// [`Config::defend_hills`](super::Config::defend_hills) (or `multi_defend_hills` once two
    /// enemy players have been seen).
    pub(super) fn defends_hills(&self) -> bool {
        let most = self.by_players(self.cfg.defend_hills, self.cfg.multi_defend_hills);
        let hills = self.world.own_hills.len();
        hills > 0 && hills <= usize::from(most)
    }

    /// The defence step (post mortem): every enemy ant within [`DEFENCE_DEPTH`] of an own
    /// hill (from the second enemy player seen, within
    /// [`Config::multi_defence_depth`](super::Config::multi_defence_depth) where set) is met
    /// by one free ant, on its path to the hill where there is one.
    pub(super) fn defence(&mut self) {
        if !self.defends_hills() || self.world.enemy_ants.is_empty() {
            return;
        }
        let depth = match self.cfg.multi_defence_depth {
            0 => DEFENCE_DEPTH,
            d => self.by_players(DEFENCE_DEPTH, d),
        };
        let mut threats: Vec<(u16, Vec<u32>)> = Vec::new();
        self.home_bfs();
        let (w, bfs) = (&self.world, &self.home);
        for &(t, _) in &w.enemy_ants {
            if bfs.within(t, depth) {
                threats.push((bfs.dist[t as usize], bfs.path_back(t)));
            }
        }
        threats.sort_by_key(|x| x.0);
        for (d, path) in threats {
            if self.out_of_time() {
                return;
            }
            // path[k] is k steps from the enemy; the hill is the last tile.
            let d = d as usize;
            if d < 2 {
                continue;
            }
            // The target: `defence_percent` of the way from the hill to the enemy.
            let target_k = d - d * usize::from(self.cfg.defence_percent.min(100)) / 100;
            let target = path[target_k];
            let mut defender: Option<usize> = None;
            let mut best = usize::MAX;
            for (k, &p) in path.iter().enumerate().skip(1) {
                for q in std::iter::once(p).chain(self.world.nbr[p as usize]) {
                    if let Some(a) = self.free_ant_at(q) {
                        let score = k.abs_diff(target_k);
                        if score < best {
                            best = score;
                            defender = Some(a);
                        }
                    }
                }
            }
            if defender.is_none() {
                // Else the nearest free ant within the raider's distance of the path near
                // the hill.
                let (w, ant_at, done) = (&self.world, &self.scratch.ant_at, &self.scratch.done);
                self.bfs2.run(w, [path[d - d / 4]], d as u16, |t, _| {
                    let a = ant_at[t as usize];
                    if a != NO_IDX && !done[a as usize] {
                        defender = Some(a as usize);
                        return Flow::Stop;
                    }
                    Flow::Expand
                });
            }
            let Some(a) = defender else { continue };
            let at = self.world.own_ants[a];
            let to = if at == target {
                Some(at)
            } else {
                let next_occ = &self.scratch.next_occ;
                let limit = 2 * self.world.manhattan(at, target) + 10;
                self.astar
                    .first_move(&self.world, at, target, limit, 4000, |t| {
                        next_occ[t as usize]
                    })
                    .map(|(dir, _)| self.world.step(at, dir))
            };
            if let Some(to) = to {
                self.go(a, to);
            }
        }
    }

    /// True when no enemy dangerous to ant `a` can reach attack range of `m` this turn.
    pub(super) fn safe(&self, a: usize, m: u32) -> bool {
        let w = &self.world;
        !self.scratch.danger[a].iter().any(|&e| {
            self.scratch.en_moves[e as usize]
                .iter()
                .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
        })
    }

    pub(super) fn escape_enemies(&mut self) {
        for a in 0..self.world.own_ants.len() {
            if self.scratch.done[a] || self.scratch.danger[a].is_empty() {
                continue;
            }
            if self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            let options: Vec<u32> = self.free_moves(a).filter(|&m| self.safe(a, m)).collect();
            if options.is_empty() {
                let enemies = self.scratch.danger[a].clone();
                let clock = self.clock.clone();
                self.solve_group(&[a], &enemies, &clock, 8);
                continue;
            }
            let m = self.escape_choice(t, &options);
            self.go(a, m);
        }
    }

    /// The post mortem's escape choice for the ant on `t` among the squares `options` (not
    /// empty): the one whose tiles within [`ESCAPE_CHECK_DIST`] steps, nearer ones weighing
    /// more, hold the most own ants (other than the ant itself) and the fewest enemy ants.
    pub(super) fn escape_choice(&mut self, t: u32, options: &[u32]) -> u32 {
        let mut best = (i64::MIN, t);
        for &m in options {
            let mut v = 0i64;
            let w = &self.world;
            self.bfs.run(w, [m], ESCAPE_CHECK_DIST, |u, d| {
                let mut add = i64::from(ESCAPE_CHECK_DIST + 1 - d);
                let o = w.owner[u as usize];
                if o == 0 && u != t {
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
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{ant, orders_after, settings};
    use super::super::{Brain, Config};
    use ants::{Order, TurnInput};
    use grid::Pos;

    /// Whether the fight step takes own ant A (10,12), which the enemy ant (10,15) can reach
    /// next turn, with its only friend B three rows south (squared distance 9) out of the
    /// enemy's reach: A fights when B is within `support2`, else it is left to the escape
    /// step.
    fn supported_ant_fights(support2: u32) -> bool {
        let mut b = Brain::new(Config {
            support2,
            ..Config::post_mortem()
        });
        b.setup(&settings(40, 40, 500));
        b.world.update(&TurnInput {
            turn: 1,
            ants: vec![ant(10, 12, 0), ant(13, 12, 0), ant(10, 15, 1)],
            ..TurnInput::default()
        });
        b.begin_turn();
        assert!(!b.scratch.danger[0].is_empty() && b.scratch.danger[1].is_empty());
        b.fight();
        b.scratch.done[0]
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
    fn the_defender_walks_to_the_share_of_the_way_set_by_defence_percent() {
        // The own hill at (10,10), an enemy 8 steps east at (10,18), the own ant half way on
        // its path at (10,14): at 50 % (the post mortem) the ant holds the middle tile; at
        // 75 % and 100 % its target lies further out and it steps east, toward the enemy.
        let order = |defence_percent: u16| {
            let cfg = Config {
                defence_percent,
                ..Config::post_mortem()
            };
            let input = TurnInput {
                turn: 1,
                hills: vec![(Pos::new(10, 10), 0)],
                ants: vec![ant(10, 14, 0), ant(10, 18, 1)],
                ..TurnInput::default()
            };
            orders_after(cfg, 30, 30, &input, Brain::defence)
        };
        assert!(order(50).is_empty(), "{:?}", order(50));
        for pct in [75, 100] {
            let o = order(pct);
            assert_eq!(o.len(), 1, "{o:?}");
            assert_eq!((o[0].pos, o[0].dir), (Pos::new(10, 14), grid::Dir::E));
        }
        // Nearer the hill than the post mortem's target, the ant steps back west.
        let o = order(25);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(o[0].dir, grid::Dir::W);
    }

    #[test]
    fn the_stay_weight_switches_to_multi_stay_percent_once_two_enemy_players_are_seen() {
        let mut b = Brain::new(Config {
            stay_percent: 25,
            multi_stay_percent: 50,
            ..Config::post_mortem()
        });
        b.setup(&settings(30, 30, 500));
        let turn = |b: &mut Brain, turn: u32, enemies: &[(i32, i32, u8)]| {
            let mut ants = vec![ant(5, 5, 0)];
            ants.extend(enemies.iter().map(|&(r, c, o)| ant(r, c, o)));
            b.turn(&TurnInput {
                turn,
                ants,
                ..TurnInput::default()
            });
            b.stay_weight()
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
        orders_after(cfg, 40, 40, &input, Brain::fight)
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

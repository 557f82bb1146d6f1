//! Fights: own ants an enemy can reach next turn are put in combat groups, each group is
//! searched with the max-chain/min-chain search of [`crate::combat`] and its moves are
//! committed; then own hills get defenders (and, with `recall_depth`, ants called home) and
//! dangered ants that did not fight escape.

use ants::Order;

use crate::combat::{Eval, Fight, fight_budget};
use search::Budget;

use crate::paths::Flow;
use crate::world::NO_ANT;

use super::{Brain, NO_IDX};

/// Combat: aggressive evaluation when an ant in the fight has this many own ants close.
pub const AGGRESSIVE_COUNT: usize = 14;
/// Combat group limits (fixed): product of own check-list sizes, number of enemies.
pub(super) const OWN_COMBOS: u64 = 2048;
pub(super) const MAX_ENEMIES: usize = 8;
/// Hill combat: unsupported ants this close (squared distance) to a hill still fight.
pub const HILL_FIGHT2: u32 = 64;
/// Defence: enemies within this many steps of an own hill get a defender.
pub(super) const DEFENCE_DEPTH: u16 = 15;
/// [`Config::multi_sentinels`](super::Config::multi_sentinels): the farthest (in steps) an
/// ant is called from to stand beside an own hill.
pub(super) const SENTINEL_DEPTH: u16 = 12;
/// The defence step acts while the own hills number at most this many (post mortem).
pub(super) const DEFEND_HILLS: u16 = 4;
/// [`Config::multi_hill_danger`](super::Config::multi_hill_danger): the cost of an enemy
/// ant left alive one step from an own hill, the weight of an own ant lost in a cautious
/// fight (so one own ant traded for a raider there is worth it); nearer and farther
/// squares cost in proportion.
const HILL_DANGER: i32 = 768;
/// Threat context: ants outside a combat group within this squared distance of one of its
/// own ants count for the next-turn threat, at most [`MAX_CONTEXT`] of each side.
const CONTEXT2: u32 = 50;
const MAX_CONTEXT: usize = 16;
/// Garrison: own ants this many steps or fewer from an own hill are its garrison.
const GARRISON_DEPTH: u16 = 8;
/// Garrison: ants this close to a hill are not held (the hill's spawns need the room).
const GARRISON_INNER: u16 = 3;
/// Garrison: kept only while the own ants are at least this many.
const GARRISON_MIN_ANTS: usize = 20;
/// Escape: BFS depth of the safe-move weighting.
const ESCAPE_CHECK_DIST: u16 = 8;

/// The hill alarm's limits for [`Brain::defend`].
#[derive(Clone, Copy)]
struct Alarm {
    /// Raiders at most this many steps from an own hill.
    max_d: u16,
    /// Only raiders without another enemy ant within 4 rows and columns.
    lone_raiders: bool,
}

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
        self.mark_guarded();
        // With `escape_outnumbered`, outnumbered ants (away from own hills and guarded
        // enemies) are left to the escape step, like ants without support.
        let escapes = |b: &Self, a: usize| {
            b.cfg.escape_outnumbered
                && b.scratch.close_enemy[a] > b.scratch.close_own[a] + 1
                && !b.near_hill(a)
        };
        for a0 in 0..n_own {
            let guarded = |a: usize| {
                self.scratch.danger[a]
                    .iter()
                    .any(|&e| self.scratch.guarded[e as usize])
            };
            if assigned[a0]
                || self.scratch.done[a0]
                || self.scratch.danger[a0].is_empty()
                || ((self.scratch.support[a0] == 0 || escapes(self, a0))
                    && !self.near_hill(a0)
                    && !guarded(a0))
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
                            && !escapes(self, b)
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

    /// Marks the enemy ants within [`Config::guard_depth`](super::Config::guard_depth) steps
    /// of an own hill in `scratch.guarded` (none when the guard is off).
    fn mark_guarded(&mut self) {
        let guarded = &mut self.scratch.guarded;
        guarded.clear();
        guarded.resize(self.world.enemy_ants.len(), false);
        let depth = self.cfg.guard_depth;
        if depth == 0 || self.world.own_hills.is_empty() || self.world.enemy_ants.is_empty() {
            return;
        }
        self.home_bfs();
        let (w, bfs, guarded) = (&self.world, &self.home, &mut self.scratch.guarded);
        for (e, &(t, _)) in w.enemy_ants.iter().enumerate() {
            guarded[e] = bfs.within(t, depth);
        }
    }

    /// True when [`Config::hill_combat`](super::Config::hill_combat) is on and own ant `a`
    /// is within [`HILL_FIGHT2`] of a known hill.
    fn near_hill(&self, a: usize) -> bool {
        let w = &self.world;
        let t = w.own_ants[a];
        self.cfg.hill_combat
            && w.own_hills
                .iter()
                .copied()
                .chain(w.enemy_hills.iter().map(|h| h.0))
                .any(|h| w.dist2(t, h) <= HILL_FIGHT2)
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

    /// [`Config::multi_hill_danger`](super::Config::multi_hill_danger): the squares the
    /// group's enemy ants can end on within that many steps of an own hill, each with
    /// [`HILL_DANGER`] times (steps + 1 − distance) / steps (empty when off or in duels).
    fn hill_danger(&mut self, enemies: &[u32]) -> Vec<(u32, i32)> {
        let k = self.cfg.multi_hill_danger;
        if k == 0 || self.duel() || self.world.own_hills.is_empty() {
            return Vec::new();
        }
        self.home_bfs();
        let (w, home) = (&self.world, &self.home);
        let mut out: Vec<(u32, i32)> = Vec::new();
        for &e in enemies {
            let start = w.enemy_ants[e as usize].0;
            for &t in std::iter::once(&start).chain(&self.scratch.en_moves[e as usize]) {
                if home.within(t, k) && !out.iter().any(|d| d.0 == t) {
                    let d = i32::from(home.dist[t as usize]);
                    let k = i32::from(k);
                    out.push((t, HILL_DANGER * (k + 1 - d) / k));
                }
            }
        }
        out
    }

    /// Whether at most one enemy player has been seen so far.
    pub(super) fn duel(&self) -> bool {
        self.enemy_players.count_ones() <= 1
    }

    /// Whether [`Config::multi_defence`](super::Config::multi_defence) acts this turn (on,
    /// and two or more enemy players seen).
    pub(super) fn multi_defence(&self) -> bool {
        self.cfg.multi_defence && !self.duel()
    }

    /// `duel` while at most one enemy player has been seen, `multi` from the second: the
    /// value of a setting with a 4-player form (`food_depth` / `multi_food_depth`, …).
    pub(super) fn by_players<T>(&self, duel: T, multi: T) -> T {
        if self.duel() { duel } else { multi }
    }

    /// The weight of the combat evaluation's stay term: [`Config::stay_percent`] while at
    /// most one enemy player has been seen, [`Config::multi_stay_percent`] from the second.
    fn stay_weight(&self) -> u32 {
        self.by_players(self.cfg.stay_percent, self.cfg.multi_stay_percent)
    }

    /// Builds and searches one combat group, then commits the chosen moves.
    fn solve_group(&mut self, own: &[usize], enemies: &[u32], clock: &Budget, left: usize) -> bool {
        let danger = self.hill_danger(enemies);
        let w = &self.world;
        let in_group = |t: u32| own.iter().any(|&a| w.own_ants[a] == t);
        let mut fight = Fight {
            hill_danger: danger,
            ..Fight::default()
        };
        let outside: Vec<u32> = if self.cfg.exposure_check {
            (0..w.enemy_ants.len() as u32)
                .filter(|e| !enemies.contains(e))
                .collect()
        } else {
            Vec::new()
        };
        for &a in own {
            let t = w.own_ants[a];
            let mut moves: Vec<u32> = self.scratch.own_moves[a]
                .iter()
                .copied()
                .filter(|&m| m == t || !self.scratch.next_occ[m as usize] || in_group(m))
                .collect();
            if !outside.is_empty() {
                // Moves into the reach of enemies the search does not see are left out
                // (staying is always kept).
                moves.retain(|&m| m == t || !self.exposed(m, &outside));
            }
            fight.own.push((t, moves));
        }
        for &e in enemies {
            let (t, o) = w.enemy_ants[e as usize];
            fight
                .enemies
                .push((t, o, self.scratch.en_moves[e as usize].clone()));
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
        if self.cfg.hill_combat {
            fight.own_hills.clone_from(&w.own_hills);
            fight.enemy_hills = w.enemy_hills.iter().map(|h| h.0).collect();
        }
        let near = || own.iter().chain(fixed.iter());
        let mut aggressive = enemies.iter().any(|&e| self.scratch.guarded[e as usize])
            || near().any(|&a| self.scratch.close_own[a] as usize >= self.cfg.aggressive_count);
        let duel = self.duel();
        let mine = near()
            .map(|&a| self.scratch.close_own[a] + 1)
            .max()
            .unwrap_or(0);
        let theirs = near()
            .map(|&a| self.scratch.close_enemy[a])
            .max()
            .unwrap_or(0);
        if self.cfg.relative_aggression {
            let ratio10 = if self.hill_raid(near()) {
                Some(match self.cfg.multi_hill_ratio10 {
                    0 => self.cfg.aggression_ratio10,
                    r => r,
                })
            } else if duel || !self.cfg.relative_only_in_duels {
                Some(self.cfg.aggression_ratio10)
            } else {
                None
            };
            if let Some(r) = ratio10 {
                aggressive |= 10 * mine >= r * theirs.max(1);
            }
        }
        fight.keep_away = self.cfg.keep_away && !aggressive && theirs > mine;
        fight.dist_percent = Some(self.cfg.dist_percent);
        fight.cohesion = self.cfg.cohesion;
        fight.stay_percent = self.stay_weight();
        fight.make_room = self.cfg.make_room;
        fight.escape_fallback = self.cfg.escape_fallback;
        fight.threat_percent = self.cfg.threat_percent;
        fight.threat_own_only = self.cfg.threat_own_only;
        if self.cfg.threat_percent > 0 {
            self.threat_context(own, enemies, &fixed, &mut fight);
        }
        let budget = fight_budget(clock, left, 2_000_000);
        let eval = Eval::Weighted {
            aggressive,
            per_player: self.cfg.per_player_combat,
        };
        let out = fight.solve(w, eval, &budget);
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

    /// The threat's context of a group: the own ants (at their planned squares) and enemy
    /// ants outside it within [`CONTEXT2`] of one of its own ants, nearest first, at most
    /// [`MAX_CONTEXT`] of each.
    fn threat_context(&self, own: &[usize], enemies: &[u32], fixed: &[usize], fight: &mut Fight) {
        let w = &self.world;
        let near = |t: u32| {
            own.iter()
                .map(|&a| w.dist2(t, w.own_ants[a]))
                .min()
                .unwrap_or(u32::MAX)
        };
        let nearest = |tiles: Vec<u32>| -> Vec<u32> {
            let mut by_dist: Vec<(u32, u32)> = tiles
                .into_iter()
                .map(|t| (near(t), t))
                .filter(|&(d, _)| d <= CONTEXT2)
                .collect();
            by_dist.sort_unstable();
            by_dist.into_iter().take(MAX_CONTEXT).map(|x| x.1).collect()
        };
        fight.context_enemies = nearest(
            (0..w.enemy_ants.len() as u32)
                .filter(|e| !enemies.contains(e))
                .map(|e| w.enemy_ants[e as usize].0)
                .collect(),
        );
        fight.context_own = nearest(
            (0..w.own_ants.len())
                .filter(|b| !own.contains(b) && !fixed.contains(b))
                .map(|b| self.scratch.next_pos[b])
                .collect(),
        );
    }

    /// The defence step (post mortem): every enemy ant within [`DEFENCE_DEPTH`] of an own
    /// hill (from the second enemy player seen, within
    /// [`Config::multi_defence_depth`](super::Config::multi_defence_depth) where set) is met
    /// by one free ant, on its path to the hill where there is one.
    pub(super) fn defence(&mut self) {
        self.defend(None);
    }

    /// Whether the defence step acts for the own hills: some, and at most
    /// [`Config::defend_hills`](super::Config::defend_hills) (or `multi_defend_hills` once two
    /// enemy players have been seen).
    pub(super) fn defends_hills(&self) -> bool {
        let most = self.by_players(self.cfg.defend_hills, self.cfg.multi_defend_hills);
        let hills = self.world.own_hills.len();
        hills > 0 && hills <= usize::from(most)
    }

    /// [`Config::multi_sentinels`](super::Config::multi_sentinels): once two enemy players
    /// have been seen and the own ants number at least that many per own hill, each own
    /// hill keeps the nearest ant beside it (one step away, in attack range of a raider on
    /// the hill, without blocking the hill's spawns): a free one there stays; where none
    /// is there, the nearest free ant within [`SENTINEL_DEPTH`] steps walks toward the hill
    /// by a step no enemy can reach.
    pub(super) fn sentinels(&mut self) {
        let per_hill = usize::from(self.cfg.multi_sentinels);
        let hills = self.world.own_hills.len();
        if per_hill == 0
            || self.duel()
            || hills == 0
            || self.world.own_ants.len() < per_hill * hills
        {
            return;
        }
        for h in self.world.own_hills.clone() {
            let (w, ant_at, done) = (&self.world, &self.scratch.ant_at, &self.scratch.done);
            let mut sentinel: Option<(usize, u16)> = None;
            self.bfs.run(w, [h], SENTINEL_DEPTH, |t, d| {
                let a = ant_at[t as usize];
                if d >= 1 && a != NO_IDX && (d == 1 || !done[a as usize]) {
                    sentinel = Some((a as usize, d));
                    return Flow::Stop;
                }
                Flow::Expand
            });
            match sentinel {
                Some((a, 1)) => {
                    let at = self.world.own_ants[a];
                    self.go(a, at);
                }
                Some((a, _)) => {
                    self.step_to_source(a, true);
                }
                None => {}
            }
        }
    }

    /// [`Config::multi_hill_alarm`](super::Config::multi_hill_alarm): once two enemy
    /// players have been seen, the defence of the raiders that close to an own hill, before
    /// the other steps (ants an enemy can reach are not kept back).
    pub(super) fn hill_alarm(&mut self) {
        let max_d = self.cfg.multi_hill_alarm;
        if max_d > 0 && !self.duel() {
            self.defend(Some(Alarm {
                max_d,
                lone_raiders: self.cfg.alarm_lone_raiders,
            }));
        }
    }

    /// Defends against the enemy ants within reach of an own hill that have no defender yet
    /// this turn. With `alarm` (the hill alarm) only those within its `max_d` steps (and
    /// without company, with `lone_raiders`), a defender is looked for as with
    /// [`Config::multi_defence`](super::Config::multi_defence), and it moves only by a step
    /// at most one enemy can reach next turn.
    fn defend(&mut self, alarm: Option<Alarm>) {
        if !self.defends_hills() || self.world.enemy_ants.is_empty() {
            return;
        }
        let wide = alarm.is_some() || self.multi_defence();
        let depth = match self.cfg.multi_defence_depth {
            0 => DEFENCE_DEPTH,
            d => self.by_players(DEFENCE_DEPTH, d),
        };
        let (max_d, detached_only) = alarm.map_or((depth, false), |x| (x.max_d, x.lone_raiders));
        let mut threats: Vec<(u16, Vec<u32>)> = Vec::new();
        self.home_bfs();
        let (w, bfs) = (&self.world, &self.home);
        for (e, &(t, _)) in w.enemy_ants.iter().enumerate() {
            if bfs.within(t, max_d)
                && (!detached_only || self.scratch.detached[e])
                && !self.scratch.defended.contains(&t)
            {
                threats.push((bfs.dist[t as usize], bfs.path_back(t)));
            }
        }
        if self.cfg.defend_raiders_only {
            self.drop_home_ants(&mut threats);
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
                // By default the nearest free ant within the raider's distance of the path
                // near the hill; with `multi_defence` within that distance plus two of the
                // hill itself (an ant that reaches attack range of the hill with the raider
                // kills it there before it razes the hill).
                let (from, depth) = if wide {
                    (path[d], d as u16 + 2)
                } else {
                    (path[d - d / 4], d as u16)
                };
                let (w, ant_at, done) = (&self.world, &self.scratch.ant_at, &self.scratch.done);
                self.bfs2.run(w, [from], depth, |t, _| {
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
            // The alarm leaves a defender whose step two or more enemies can reach to the
            // fight (one ant at a time would walk into a wall of raiders); one enemy is met,
            // a trade at worst.
            if let Some(to) = to.filter(|&to| alarm.is_none() || self.reachers(a, to) <= 1) {
                self.scratch.defended.push(path[0]);
                self.go(a, to);
            }
        }
    }

    /// [`Config::defend_raiders_only`](super::Config::defend_raiders_only): drops the
    /// threats (steps to the nearest own hill, path from the enemy ant) whose enemy ant is
    /// fewer steps from a hill of its own player in sight than from the own hill.
    fn drop_home_ants(&mut self, threats: &mut Vec<(u16, Vec<u32>)>) {
        let w = &self.world;
        let owners: Vec<u8> = {
            let mut o: Vec<u8> = w.enemy_hills.iter().map(|h| h.1).collect();
            o.sort_unstable();
            o.dedup();
            o
        };
        for o in owners {
            let Some(depth) = threats.iter().map(|x| x.0).max() else {
                return;
            };
            let hills = w.enemy_hills.iter().filter(|h| h.1 == o).map(|h| h.0);
            self.bfs2.run(w, hills, depth, |_, _| Flow::Expand);
            let bfs2 = &self.bfs2;
            threats.retain(|(d, path)| {
                let t = path[0];
                w.owner[t as usize] != o || !bfs2.reached(t) || bfs2.dist[t as usize] >= *d
            });
        }
    }

    /// [`Config::recall_depth`](super::Config::recall_depth): when the enemy ants within
    /// `recall_depth` steps of the own hills are at least as many as the own ants there less
    /// [`Config::recall_margin`](super::Config::recall_margin), the nearest free ants out of
    /// danger from up to twice as far step toward the hills until the own ants would
    /// outnumber the enemy ants there by that margin (from two enemy ants on: a single one
    /// is the defence step's).
    pub(super) fn recall(&mut self) {
        let depth = self.cfg.recall_depth;
        if depth == 0 || self.world.own_hills.is_empty() || self.world.enemy_ants.is_empty() {
            return;
        }
        let (mut enemies, mut own) = (0usize, 0usize);
        let mut far: Vec<usize> = Vec::new();
        let (w, ant_at, done, danger) = (
            &self.world,
            &self.scratch.ant_at,
            &self.scratch.done,
            &self.scratch.danger,
        );
        self.bfs
            .run(w, w.own_hills.iter().copied(), 2 * depth, |t, d| {
                let o = w.owner[t as usize];
                if d <= depth {
                    if o == 0 {
                        own += 1;
                    } else if o != NO_ANT {
                        enemies += 1;
                    }
                } else {
                    let a = ant_at[t as usize];
                    if a != NO_IDX && !done[a as usize] && danger[a as usize].is_empty() {
                        far.push(a as usize);
                    }
                }
                Flow::Expand
            });
        let want = enemies + usize::from(self.cfg.recall_margin);
        if enemies < 2 || own >= want {
            return;
        }
        for a in far.into_iter().take(want - own) {
            self.step_to_source(a, false);
        }
    }

    /// [`Config::multi_garrison_percent`](super::Config::multi_garrison_percent): once two
    /// enemy players have been seen and the own ants are at least [`GARRISON_MIN_ANTS`],
    /// that percent of them is kept within [`GARRISON_DEPTH`] steps of the own hills. Own
    /// ants already there count (whatever moved them); free ants out of danger there, from
    /// [`GARRISON_INNER`] steps out, stay where they are, nearest first, until the share is
    /// met; the rest of it comes from the nearest free ants out of danger up to twice as
    /// far, which step toward the hills.
    pub(super) fn garrison(&mut self) {
        let percent = usize::from(self.cfg.multi_garrison_percent);
        let n = self.world.own_ants.len();
        if percent == 0 || self.duel() || n < GARRISON_MIN_ANTS || self.world.own_hills.is_empty() {
            return;
        }
        let want = n * percent / 100;
        let mut have = 0usize;
        let (mut hold, mut far): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
        let (w, ant_at, done, danger) = (
            &self.world,
            &self.scratch.ant_at,
            &self.scratch.done,
            &self.scratch.danger,
        );
        self.bfs.run(
            w,
            w.own_hills.iter().copied(),
            2 * GARRISON_DEPTH,
            |t, d| {
                let a = ant_at[t as usize];
                if a == NO_IDX {
                    return Flow::Expand;
                }
                let a = a as usize;
                let free = !done[a] && danger[a].is_empty();
                if d <= GARRISON_DEPTH {
                    if free && d >= GARRISON_INNER {
                        hold.push(a);
                    } else {
                        have += 1;
                    }
                } else if free {
                    far.push(a);
                }
                Flow::Expand
            },
        );
        for a in hold {
            if have >= want {
                return;
            }
            let at = self.world.own_ants[a];
            if self.go(a, at) {
                have += 1;
            }
        }
        for a in far.into_iter().take(want.saturating_sub(have)) {
            self.step_to_source(a, false);
        }
    }

    /// True when one of the enemies `among` can reach attack range of square `m` next turn.
    fn exposed(&self, m: u32, among: &[u32]) -> bool {
        let w = &self.world;
        among.iter().any(|&e| {
            let (t, _) = w.enemy_ants[e as usize];
            w.manhattan(t, m) <= 4
                && self.scratch.en_moves[e as usize]
                    .iter()
                    .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
        })
    }

    /// How many enemies dangerous to ant `a` can reach attack range of `m` this turn.
    fn reachers(&self, a: usize, m: u32) -> usize {
        let w = &self.world;
        self.scratch.danger[a]
            .iter()
            .filter(|&&e| {
                self.scratch.en_moves[e as usize]
                    .iter()
                    .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
            })
            .count()
    }

    /// True when no enemy dangerous to ant `a` can reach attack range of `m` this turn.
    pub(super) fn safe(&self, a: usize, m: u32) -> bool {
        self.reachers(a, m) == 0
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
    use super::super::fixtures::{ant, brain_after, orders_after, settings};
    use super::super::{Brain, Config};
    use ants::{Order, TurnInput};
    use grid::Pos;

    /// Which own ants (in input order) the fight step takes on an open 40×40 map with an own
    /// hill at `hill` and the ants `ants`, every own ant dangered.
    fn fought(cfg: Config, hill: (i32, i32), ants: Vec<(Pos, u8)>) -> Vec<bool> {
        let mut b = Brain::new(cfg);
        b.setup(&settings(40, 40, 500));
        b.world.update(&TurnInput {
            turn: 1,
            hills: vec![(Pos::new(hill.0, hill.1), 0)],
            ants,
            ..TurnInput::default()
        });
        b.begin_turn();
        assert!(b.scratch.danger.iter().all(|d| !d.is_empty()));
        b.fight();
        b.scratch.done.clone()
    }

    /// Whether the fight step moves a lone own ant 2 steps from its hill that an enemy ant
    /// 3 steps further out can reach next turn (an ant without support is left to the escape
    /// step unless the enemy is guarded).
    fn lone_defender_fights(guard_depth: u16) -> bool {
        let cfg = Config {
            guard_depth,
            ..Config::post_mortem()
        };
        fought(cfg, (10, 10), vec![ant(10, 12, 0), ant(10, 15, 1)])[0]
    }

    #[test]
    fn an_enemy_within_the_guard_depth_is_fought_without_support() {
        assert!(!lone_defender_fights(0));
        assert!(
            !lone_defender_fights(4),
            "the enemy is 5 steps from the hill"
        );
        assert!(lone_defender_fights(5));
        assert!(lone_defender_fights(12));
    }

    /// Whether the fight step takes both of two own ants 20 steps from their hill that three
    /// enemy ants can reach next turn (each has the other as support).
    fn outnumbered_pair_fights(escape_outnumbered: bool) -> bool {
        let cfg = Config {
            escape_outnumbered,
            ..Config::post_mortem()
        };
        let ants = vec![
            ant(10, 10, 0),
            ant(11, 10, 0),
            ant(9, 13, 1),
            ant(10, 13, 1),
            ant(11, 13, 1),
        ];
        fought(cfg, (10, 30), ants).iter().all(|&d| d)
    }

    #[test]
    fn escape_outnumbered_leaves_an_outnumbered_pair_to_the_escape_step() {
        assert!(outnumbered_pair_fights(false), "the post mortem fights");
        assert!(!outnumbered_pair_fights(true));
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

    /// The orders of the recall step on an open 60×60 map with an own hill at (30,30), own
    /// ants at `own` and enemy ants at `enemies`.
    fn recall_orders(recall_depth: u16, own: &[(i32, i32)], enemies: &[(i32, i32)]) -> Vec<Order> {
        let cfg = Config {
            recall_depth,
            ..Config::post_mortem()
        };
        let ants = own
            .iter()
            .map(|&(r, c)| ant(r, c, 0))
            .chain(enemies.iter().map(|&(r, c)| ant(r, c, 1)))
            .collect();
        orders_after(cfg, 60, 60, &hill_turn(ants), Brain::recall)
    }

    /// Turn 1 with `ants` and an own hill at (30,30).
    fn hill_turn(ants: Vec<(Pos, u8)>) -> TurnInput {
        TurnInput {
            turn: 1,
            hills: vec![(Pos::new(30, 30), 0)],
            ants,
            ..TurnInput::default()
        }
    }

    #[test]
    fn outnumbered_hills_call_the_nearest_free_ants_home() {
        // Three enemy ants 8 steps north of the hill, one own ant beside it: with the margin
        // of 2 four more ants are wanted, and the three free ants 12–18 steps away (within
        // twice the depth of 10) each step toward the hill; the one 25 steps away does not.
        let own = [(31, 30), (30, 42), (30, 15), (45, 33), (30, 55)];
        let enemies = [(22, 29), (22, 30), (22, 31)];
        let orders = recall_orders(10, &own, &enemies);
        let dist = |r: i32, c: i32| (r - 30).abs() + (c - 30).abs();
        assert_eq!(orders.len(), 3, "{orders:?}");
        for o in &orders {
            let (dr, dc) = o.dir.delta();
            assert!(
                dist(o.pos.row + dr, o.pos.col + dc) < dist(o.pos.row, o.pos.col),
                "{o:?} walks home"
            );
            assert_ne!(
                o.pos,
                Pos::new(30, 55),
                "25 steps is beyond twice the depth"
            );
        }
        assert!(recall_orders(0, &own, &enemies).is_empty(), "off");
        assert!(
            recall_orders(7, &own, &enemies).is_empty(),
            "the enemies are 8 steps away"
        );
        // Enough own ants near the hill already: nobody is called.
        let home = [(31, 30), (29, 31), (31, 31), (30, 29), (29, 29), (30, 42)];
        assert!(recall_orders(10, &home, &enemies).is_empty());
    }

    /// The brain after the garrison step on an open 60×60 map with an own hill at (30,30),
    /// own ants at `own` plus fifteen more 25 steps or farther from the hill, and one ant
    /// of each of `players` enemy players in a far corner.
    fn after_garrison(percent: u16, players: u8, own: &[(i32, i32)]) -> Brain {
        let cfg = Config {
            multi_garrison_percent: percent,
            ..Config::post_mortem()
        };
        let ants = own
            .iter()
            .copied()
            .chain((10..25).map(|c| (50, c)))
            .map(|(r, c)| ant(r, c, 0))
            .chain((1..=players).map(|o| ant(5 + 50 * i32::from(o - 1), 55, o)))
            .collect();
        let mut b = Brain::new(cfg);
        b.setup(&settings(60, 60, 500));
        b.world.update(&hill_turn(ants));
        b.begin_turn();
        b.garrison();
        b
    }

    #[test]
    fn the_garrison_holds_ants_near_the_hill_and_calls_the_nearest_home() {
        // One ant beside the hill (1 step, too close to be held), three 4–7 steps out, two
        // 10 steps out: 21 own ants.
        let own = [(31, 30), (30, 34), (35, 30), (30, 23), (30, 40), (40, 30)];
        let held = |b: &Brain| -> Vec<(i32, i32)> {
            let mut held: Vec<(i32, i32)> = (0..b.world.own_ants.len())
                .filter(|&a| {
                    b.scratch.done[a]
                        && b.scratch
                            .orders
                            .iter()
                            .all(|o| o.pos != b.world.pos(b.world.own_ants[a]))
                })
                .map(|a| {
                    let p = b.world.pos(b.world.own_ants[a]);
                    (p.row, p.col)
                })
                .collect();
            held.sort_unstable();
            held
        };
        // 20 % of 21 ants: 4 wanted; the ant beside the hill and the three within 8 steps
        // make them, so the three stay and nobody walks home.
        let b = after_garrison(20, 2, &own);
        assert_eq!(held(&b), vec![(30, 23), (30, 34), (35, 30)]);
        assert!(b.scratch.orders.is_empty(), "{:?}", b.scratch.orders);
        // 40 %: 8 wanted; the two ants 10 steps out walk home, those 25+ steps out do not.
        let b = after_garrison(40, 2, &own);
        assert_eq!(held(&b).len(), 3);
        let dist = |r: i32, c: i32| (r - 30).abs() + (c - 30).abs();
        assert_eq!(b.scratch.orders.len(), 2, "{:?}", b.scratch.orders);
        for o in &b.scratch.orders {
            let (dr, dc) = o.dir.delta();
            assert_eq!(dist(o.pos.row, o.pos.col), 10, "{o:?}");
            assert!(
                dist(o.pos.row + dr, o.pos.col + dc) < 10,
                "{o:?} walks home"
            );
        }
        // Off, with one enemy player seen, or with fewer than 20 own ants: nothing.
        for b in [
            after_garrison(0, 2, &own),
            after_garrison(40, 1, &own),
            after_garrison(40, 2, &own[..4]),
        ] {
            assert!(held(&b).is_empty() && b.scratch.orders.is_empty());
        }
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

    /// The orders of the sentinel step and which own ants it decided, on an open 30×30 map
    /// with an own hill at (10,10), the own ants `own`, an enemy of player 1 far away and,
    /// with `third`, one of player 2.
    fn sentinel_turn(per_hill: u16, own: &[(i32, i32)], third: bool) -> (Vec<Order>, Vec<bool>) {
        let cfg = Config {
            multi_sentinels: per_hill,
            ..Config::champion()
        };
        let mut ants: Vec<(Pos, u8)> = own.iter().map(|&(r, c)| ant(r, c, 0)).collect();
        ants.push(ant(25, 25, 1));
        let b = brain_at_hill(cfg, ants, third, Brain::sentinels);
        (
            b.scratch.orders.clone(),
            b.scratch.done[..own.len()].to_vec(),
        )
    }

    #[test]
    fn sentinels_keep_one_ant_beside_each_hill_in_4_player_games() {
        // The nearer of two free ants walks toward the hill, by the shortest way.
        let (orders, done) = sentinel_turn(2, &[(10, 14), (10, 20)], true);
        assert_eq!(orders.len(), 1, "{orders:?}");
        assert_eq!(
            (orders[0].pos, orders[0].dir),
            (Pos::new(10, 14), grid::Dir::W)
        );
        assert_eq!(done, [true, false]);
        // An ant beside the hill stays there, and no other ant is called.
        let (orders, done) = sentinel_turn(2, &[(10, 11), (10, 14)], true);
        assert!(orders.is_empty(), "{orders:?}");
        assert_eq!(done, [true, false]);
        // An ant on the hill is not a sentinel: the nearest other ant is called.
        let (orders, done) = sentinel_turn(2, &[(10, 10), (12, 10)], true);
        assert_eq!(orders.len(), 1, "{orders:?}");
        assert_eq!(orders[0].pos, Pos::new(12, 10));
        assert_eq!(done, [false, true]);
        // Off, in a duel, with fewer ants than asked per hill, or beyond 12 steps: nothing.
        for (per_hill, own, third) in [
            (0, vec![(10, 14)], true),
            (2, vec![(10, 14), (10, 20)], false),
            (3, vec![(10, 14), (10, 20)], true),
            (1, vec![(10, 23)], true),
        ] {
            let (orders, done) = sentinel_turn(per_hill, &own, third);
            assert!(orders.is_empty(), "{per_hill} {own:?} {third}: {orders:?}");
            assert!(done.iter().all(|&d| !d), "{per_hill} {own:?} {third}");
        }
    }

    /// The brain after `step` in turn 1 on a 30×30 map with the own hill at (10,10), `ants`
    /// and, with `third`, an ant of a second enemy player at (25,5).
    fn brain_at_hill(
        cfg: Config,
        mut ants: Vec<(Pos, u8)>,
        third: bool,
        step: fn(&mut Brain),
    ) -> Brain {
        if third {
            ants.push(ant(25, 5, 2));
        }
        let input = TurnInput {
            turn: 1,
            hills: vec![(Pos::new(10, 10), 0)],
            ants,
            ..TurnInput::default()
        };
        brain_after(cfg, 30, 30, &input, step)
    }

    /// [`Brain::hill_danger`] for a raider at (10,13), three steps east of the own hill at
    /// (10,10), with an own ant at (10,8) and, if `third`, a second enemy player seen.
    fn danger_of_a_raider(steps: u16, third: bool) -> Vec<((i32, i32), i32)> {
        let cfg = Config {
            multi_hill_danger: steps,
            ..Config::champion()
        };
        let ants = vec![ant(10, 8, 0), ant(10, 13, 1)];
        let mut b = brain_at_hill(cfg, ants, third, |_| {});
        let mut v: Vec<((i32, i32), i32)> = b
            .hill_danger(&[0])
            .into_iter()
            .map(|(t, cost)| {
                let p = b.world.pos(t);
                ((p.row, p.col), cost)
            })
            .collect();
        v.sort_unstable();
        v
    }

    #[test]
    fn hill_danger_prices_the_raiders_squares_by_their_steps_to_the_hill() {
        // Three steps: the raider's square (3 steps) and its step west (2); the other
        // steps are 4 away.
        assert_eq!(
            danger_of_a_raider(3, true),
            [((10, 12), 512), ((10, 13), 256)]
        );
        // Four steps: every square the raider can end on, in proportion to 768 per step
        // from the hill's far edge.
        assert_eq!(
            danger_of_a_raider(4, true),
            [
                ((9, 13), 192),
                ((10, 12), 576),
                ((10, 13), 384),
                ((10, 14), 192),
                ((11, 13), 192)
            ]
        );
        // Off, or in a duel: nothing.
        assert!(danger_of_a_raider(0, true).is_empty());
        assert!(danger_of_a_raider(3, false).is_empty());
    }
}

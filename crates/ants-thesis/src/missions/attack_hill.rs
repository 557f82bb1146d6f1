//! AttackHillMission (thesis §6.5): one per known enemy hill, valid while the hill stands.
//! Recruits at most [`RECRUIT_PER_TURN`] unemployed ants per turn within [`RECRUIT_STEPS`] steps of
//! the hill. Modes, chosen every turn:
//! * **DestroyHill** in the last [`DESTROY_TURNS`] turns (or once more enemies approach a
//!   controlled hill): straight to the hill, no positioning.
//! * **ControlEnemyHill** when ≥ 2 own ants are near and exactly one enemy defends: the two
//!   closest ants take two diagonals of the hill (killing every hatchling), the rest are released.
//! * **AttackEnemyHill** otherwise: ants are grouped by position; each group gets a path to the
//!   hill, a milestone [`MILESTONE_STEPS`] steps ahead on it when the path is longer than that,
//!   and [`crate::combat`]'s attacking positioning against the enemies between group and
//!   milestone.
//!
//! Ants are released for safe food nearby or an own hill nearby needing support.

use grid::{Limits, Pos};
use tracing::{debug, info};

use super::Ctx;
use crate::combat::{self, Kind};
use crate::influence::EXTENDED_RADIUS2;
use crate::log;
use crate::orders::MissionId;
use crate::resources::TaskType;
use crate::safety::Engagement;
use crate::world::{AntId, NO_ANT};

/// Most ants recruited per turn.
pub const RECRUIT_PER_TURN: usize = 5;
/// Recruiting radius in BFS steps from the hill ("within 25 tiles").
pub const RECRUIT_STEPS: u32 = 25;
/// Turns before the end in which the hill is razed at any cost.
pub const DESTROY_TURNS: u32 = 5;
/// Paths longer than this get a milestone this many steps ahead.
pub const MILESTONE_STEPS: usize = 5;
/// Squared distance within which own ants count as "near the hill" and enemies as defenders.
pub const NEAR_RADIUS2: u32 = EXTENDED_RADIUS2;
/// Squared distance linking two ants into one local group.
pub const GROUP_RADIUS2: u32 = EXTENDED_RADIUS2;

/// The mission's mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttackMode {
    /// Hold two diagonals of the hill.
    ControlEnemyHill,
    /// Raze the hill at any cost.
    DestroyHill,
    /// Grouped, positioned advance.
    AttackEnemyHill,
}

/// The attack on one enemy hill.
#[derive(Clone, Debug)]
pub struct AttackHillMission {
    /// Mission id.
    pub id: MissionId,
    /// The enemy hill.
    pub hill: Pos,
    /// The ants.
    pub ants: Vec<AntId>,
    /// Mode of the last turn.
    pub mode: AttackMode,
    destroy: bool,
}

impl AttackHillMission {
    /// A new mission against `hill`.
    pub fn new(id: MissionId, hill: Pos) -> Self {
        Self {
            id,
            hill,
            ants: Vec::new(),
            mode: AttackMode::AttackEnemyHill,
            destroy: false,
        }
    }

    /// One turn; false once the hill is razed.
    pub fn execute(&mut self, ctx: &mut Ctx) -> bool {
        let world = ctx.world;
        if !world.enemy_hills.iter().any(|h| h.0 == self.hill) {
            info!(target: log::ATTACK_HILLS, "hill {} destroyed, mission over", self.hill);
            for a in std::mem::take(&mut self.ants) {
                ctx.release(a);
            }
            return false;
        }
        self.release_for_other_needs(ctx);
        self.gather(ctx);
        self.mode = self.determine_mode(ctx);
        let before = ctx
            .orders
            .set_engagement(if self.mode == AttackMode::DestroyHill {
                Engagement::Always
            } else {
                Engagement::Superior
            });
        match self.mode {
            AttackMode::DestroyHill => {
                for &a in &self.ants {
                    ctx.move_towards(a, self.hill, "attack hill: destroy");
                }
            }
            AttackMode::ControlEnemyHill => self.control(ctx),
            AttackMode::AttackEnemyHill => self.attack(ctx),
        }
        ctx.orders.set_engagement(before);
        true
    }

    fn defenders(&self, ctx: &Ctx) -> usize {
        let w = ctx.world;
        w.enemy_ants
            .iter()
            .filter(|e| w.shape.dist2(e.0, self.hill) <= NEAR_RADIUS2)
            .count()
    }

    fn determine_mode(&mut self, ctx: &Ctx) -> AttackMode {
        let w = ctx.world;
        if self.destroy || w.turn + DESTROY_TURNS >= w.settings.turns {
            return AttackMode::DestroyHill;
        }
        let near = self
            .ants
            .iter()
            .filter_map(|&a| w.ant(a))
            .filter(|a| w.shape.dist2(a.pos, self.hill) <= NEAR_RADIUS2)
            .count();
        let defenders = self.defenders(ctx);
        if self.mode == AttackMode::ControlEnemyHill && defenders > 1 {
            self.destroy = true;
            return AttackMode::DestroyHill;
        }
        if near >= 2 && defenders == 1 {
            AttackMode::ControlEnemyHill
        } else {
            AttackMode::AttackEnemyHill
        }
    }

    fn release_for_other_needs(&mut self, ctx: &mut Ctx) {
        let mut keep = Vec::with_capacity(self.ants.len());
        for a in std::mem::take(&mut self.ants) {
            let Some(ant) = ctx.world.ant(a) else {
                continue;
            };
            let near_hill = ctx.world.shape.dist2(ant.pos, self.hill) <= NEAR_RADIUS2;
            let env = ctx.environment(ant.pos);
            if !near_hill && (env.safe_food.is_some() || env.own_hill_in_need) {
                ctx.release(a);
            } else {
                keep.push(a);
            }
        }
        self.ants = keep;
    }

    fn gather(&mut self, ctx: &mut Ctx) {
        let wanted = RECRUIT_PER_TURN.min(ctx.pop.free(TaskType::AttackHills));
        if wanted == 0 || ctx.out_of_time() {
            return;
        }
        let w = ctx.world;
        let src = w.shape.index(self.hill);
        ctx.nav
            .ff
            .fill([src], Limits::steps(RECRUIT_STEPS), |i| !w.water[i]);
        let candidates: Vec<AntId> = ctx
            .nav
            .ff
            .visited()
            .iter()
            .map(|&i| w.my_ant_id[i])
            .filter(|&id| id != NO_ANT)
            .collect();
        let mut added = 0;
        for id in candidates {
            if added == wanted {
                break;
            }
            if ctx.admit(id, self.id, TaskType::AttackHills) {
                self.ants.push(id);
                added += 1;
            }
        }
        if added > 0 {
            info!(target: log::ATTACK_HILLS, "new ants gathered for hill {} amount {added}", self.hill);
        }
    }

    fn control(&mut self, ctx: &mut Ctx) {
        let w = ctx.world;
        let hill = self.hill;
        let mut by_dist: Vec<(u32, AntId)> = self
            .ants
            .iter()
            .filter_map(|&a| w.ant(a).map(|x| (w.shape.dist2(x.pos, hill), a)))
            .collect();
        by_dist.sort_unstable();
        for &(_, a) in by_dist.iter().skip(2) {
            ctx.release(a);
        }
        self.ants = by_dist.iter().take(2).map(|x| x.1).collect();
        let diagonals: Vec<Pos> = [(-1, -1), (1, 1), (-1, 1), (1, -1)]
            .into_iter()
            .map(|(dr, dc)| w.offset(hill, dr, dc))
            .filter(|&p| w.walkable(p))
            .collect();
        let units: Vec<Pos> = self
            .ants
            .iter()
            .filter_map(|&a| w.ant(a))
            .map(|a| a.pos)
            .collect();
        let goals = combat::assign(w, &units, &diagonals, hill);
        for (&a, g) in self.ants.clone().iter().zip(goals) {
            ctx.move_towards(a, g, "attack hill: control");
        }
    }

    fn groups(&self, ctx: &Ctx) -> Vec<Vec<AntId>> {
        let w = ctx.world;
        let ants: Vec<(AntId, Pos)> = self
            .ants
            .iter()
            .filter_map(|&a| w.ant(a).map(|x| (a, x.pos)))
            .collect();
        let mut group = vec![usize::MAX; ants.len()];
        let mut out: Vec<Vec<AntId>> = Vec::new();
        for start in 0..ants.len() {
            if group[start] != usize::MAX {
                continue;
            }
            let g = out.len();
            group[start] = g;
            let mut stack = vec![start];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(ants[i].0);
                for j in 0..ants.len() {
                    if group[j] == usize::MAX
                        && w.shape.dist2(ants[i].1, ants[j].1) <= GROUP_RADIUS2
                    {
                        group[j] = g;
                        stack.push(j);
                    }
                }
            }
            out.push(members);
        }
        out
    }

    fn attack(&mut self, ctx: &mut Ctx) {
        for group in self.groups(ctx) {
            if ctx.out_of_time() {
                break;
            }
            let w = ctx.world;
            let units: Vec<Pos> = group
                .iter()
                .filter_map(|&a| w.ant(a))
                .map(|a| a.pos)
                .collect();
            let Some(leader) = units
                .iter()
                .copied()
                .min_by_key(|&p| w.shape.manhattan(p, self.hill))
            else {
                continue;
            };
            let target = match ctx.nav.route(w, ctx.influence, leader, self.hill) {
                Some(path) if path.len() > MILESTONE_STEPS + 1 => path[MILESTONE_STEPS],
                _ => self.hill,
            };
            let Some(centre) = combat::centroid(w, &units) else {
                continue;
            };
            let r2 = w.shape.dist2(centre, target) + EXTENDED_RADIUS2;
            let src = w.shape.index(centre);
            ctx.nav.ff.fill([src], Limits::radius2(r2), |i| !w.water[i]);
            let enemies: Vec<Pos> = w
                .enemy_ants
                .iter()
                .map(|e| e.0)
                .filter(|&e| ctx.nav.ff.reached(w.shape.index(e)))
                .collect();
            let kind = Kind::Attacking(target);
            let mode = combat::determine_mode(w, ctx.nav, kind, &units, &enemies);
            let goals = combat::goals(w, ctx.nav, ctx.influence, mode, kind, &units, &enemies);
            debug!(target: log::ATTACK_HILLS, "hill {} group of {} mode {mode:?} target {target}", self.hill, units.len());
            for (&a, g) in group.iter().zip(goals) {
                ctx.move_towards(a, g, "attack hill");
            }
        }
    }
}

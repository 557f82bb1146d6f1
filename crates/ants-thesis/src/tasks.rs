//! The tasks (thesis §6.4), run every turn in the thesis's order: MissionTask (all missions,
//! sorted EXPLORE, COMBAT, DEFEND_HILL, GATHER_FOOD, ATTACK_HILLS), then GatherFood, DefendHill,
//! AttackHills, Explore, Combat, ClearHill and Clustering (HPA* clusters, skipped when the turn's
//! time is up; the squares revealed meanwhile are recorded next time). A task only sees unemployed ants;
//! work lasting several turns becomes a mission. Every step checks the turn's deadline and stops
//! early, leaving the remaining ants where they are (always a legal answer).

use grid::{Limits, Pos};
use tracing::debug;

use crate::combat::{self, Kind};
use crate::influence::EXTENDED_RADIUS2;
use crate::log;
use crate::missions::{
    AttackHillMission, Ctx, DefendHillMission, ExploreMission, GatherFoodMission, Mission,
};
use crate::orders::MissionId;
use crate::resources::TaskType;
use crate::safety::Engagement;
use crate::world::{AntId, World};

/// BFS limits of the ExploreTask's search for an unexplored square.
pub const EXPLORE_LIMITS: Limits = Limits {
    max_steps: 40,
    max_dist2: u32::MAX,
    max_cells: 4000,
};

/// The missions of the game and the id counter.
#[derive(Clone, Debug, Default)]
pub struct Missions {
    /// Live missions.
    pub list: Vec<Mission>,
    next_id: MissionId,
}

impl Missions {
    fn next_id(&mut self) -> MissionId {
        self.next_id += 1;
        self.next_id
    }

    /// Own hills whose defence mission counts at least as many attackers as defenders.
    pub fn hills_in_need(&self, world: &World) -> Vec<Pos> {
        self.list
            .iter()
            .filter_map(|m| match m {
                Mission::DefendHill(d) if d.in_need(world) => Some(d.hill),
                _ => None,
            })
            .collect()
    }

    /// Runs all tasks for one turn.
    pub fn run_turn(&mut self, ctx: &mut Ctx) {
        self.mission_task(ctx);
        self.gather_food_task(ctx);
        self.defend_hill_task(ctx);
        self.attack_hills_task(ctx);
        self.explore_task(ctx);
        combat_task(ctx);
        clear_hill_task(ctx);
        if !ctx.out_of_time() {
            let rebuilt = ctx.nav.update_clusters(ctx.world);
            debug!(target: log::PERFORMANCE, "clustering: {rebuilt} clusters rebuilt");
        }
        let idle = ctx
            .world
            .my_ants
            .iter()
            .filter(|a| !ctx.orders.has_order(a.id))
            .count();
        debug!(target: log::STATISTICS, "turn {}: {idle} ants without order", ctx.world.turn);
    }

    fn finish(ctx: &mut Ctx, m: &Mission) {
        for a in m.ants() {
            if ctx.orders.mission_of(a) == Some(m.id()) {
                ctx.release(a);
            }
        }
    }

    fn run_new(&mut self, ctx: &mut Ctx, mut m: Mission) {
        if m.execute(ctx) {
            self.list.push(m);
        } else {
            Self::finish(ctx, &m);
        }
    }

    /// MissionTask: set up every mission, then execute them in type order, dissolving those
    /// complete, invalid or abandoned.
    fn mission_task(&mut self, ctx: &mut Ctx) {
        for m in &mut self.list {
            m.setup(ctx);
        }
        self.list.sort_by_key(Mission::rank);
        let mut keep = Vec::with_capacity(self.list.len());
        for mut m in std::mem::take(&mut self.list) {
            if ctx.out_of_time() || m.execute(ctx) {
                keep.push(m);
            } else {
                Self::finish(ctx, &m);
            }
        }
        self.list = keep;
    }

    /// GatherFoodTask: the single food mission, created once.
    fn gather_food_task(&mut self, ctx: &mut Ctx) {
        if !self
            .list
            .iter()
            .any(|m| matches!(m, Mission::GatherFood(_)))
        {
            let id = self.next_id();
            self.run_new(ctx, Mission::GatherFood(GatherFoodMission::new(id)));
        }
    }

    /// DefendHillTask: one mission per own hill.
    fn defend_hill_task(&mut self, ctx: &mut Ctx) {
        for &hill in &ctx.world.my_hills {
            let exists = self
                .list
                .iter()
                .any(|m| matches!(m, Mission::DefendHill(d) if d.hill == hill));
            if !exists && !ctx.out_of_time() {
                let id = self.next_id();
                let m = DefendHillMission::new(id, hill, ctx);
                self.run_new(ctx, Mission::DefendHill(m));
            }
        }
    }

    /// AttackHillsTask: one mission per known enemy hill.
    fn attack_hills_task(&mut self, ctx: &mut Ctx) {
        for &(hill, _) in &ctx.world.enemy_hills {
            let exists = self
                .list
                .iter()
                .any(|m| matches!(m, Mission::AttackHill(a) if a.hill == hill));
            if !exists && !ctx.out_of_time() {
                let id = self.next_id();
                self.run_new(ctx, Mission::AttackHill(AttackHillMission::new(id, hill)));
            }
        }
    }

    /// ExploreTask: every still unemployed ant (within the quota, which also receives the places
    /// other types left unused) gets a path to the nearest unexplored square not claimed by
    /// another explorer, or, once everything was seen, to the nearest square out of sight.
    fn explore_task(&mut self, ctx: &mut Ctx) {
        ctx.pop.spill_to_explore();
        let ants: Vec<(AntId, Pos)> = ctx.world.my_ants.iter().map(|a| (a.id, a.pos)).collect();
        for (id, pos) in ants {
            if ctx.out_of_time() {
                break;
            }
            if !ctx.is_free(id) {
                continue;
            }
            if ctx.environment(pos).enemies_near > 0 {
                ctx.combat.push(id);
                continue;
            }
            if ctx.pop.free(TaskType::Explore) == 0 {
                break;
            }
            let w = ctx.world;
            let claimed = &*ctx.claimed;
            let stamp = ctx.claim_stamp;
            let found = ctx
                .nav
                .nearest(w, pos, EXPLORE_LIMITS, |i| {
                    !w.seen[i] && claimed[i] != stamp
                })
                .or_else(|| {
                    ctx.nav.nearest(w, pos, EXPLORE_LIMITS, |i| {
                        !w.visible[i] && claimed[i] != stamp
                    })
                });
            let Some((target, path)) = found else {
                continue;
            };
            let mid = self.next_id();
            if !ctx.admit(id, mid, TaskType::Explore) {
                continue;
            }
            ctx.claim(target);
            self.run_new(
                ctx,
                Mission::Explore(ExploreMission {
                    id: mid,
                    ant: id,
                    path,
                }),
            );
        }
    }
}

/// CombatTask: ants whose missions were aborted for enemies nearby (and still unemployed) are
/// grouped by position and positioned for one turn by the attacking positioning against the
/// enemies around them.
fn combat_task(ctx: &mut Ctx) {
    let w = ctx.world;
    let mut ants: Vec<(AntId, Pos)> = std::mem::take(ctx.combat)
        .into_iter()
        .filter(|&a| ctx.is_free(a))
        .filter_map(|a| w.ant(a).map(|x| (a, x.pos)))
        .collect();
    ants.sort_unstable();
    ants.dedup();
    let mut done = vec![false; ants.len()];
    for start in 0..ants.len() {
        if done[start] || ctx.out_of_time() {
            continue;
        }
        let mut group = vec![start];
        done[start] = true;
        let mut k = 0;
        while k < group.len() {
            let p = ants[group[k]].1;
            for j in 0..ants.len() {
                if !done[j] && w.shape.dist2(p, ants[j].1) <= EXTENDED_RADIUS2 {
                    done[j] = true;
                    group.push(j);
                }
            }
            k += 1;
        }
        let units: Vec<Pos> = group.iter().map(|&i| ants[i].1).collect();
        let enemies: Vec<Pos> = w
            .enemy_ants
            .iter()
            .map(|e| e.0)
            .filter(|&e| {
                units
                    .iter()
                    .any(|&u| w.shape.dist2(u, e) <= w.settings.viewradius2)
            })
            .collect();
        let Some(target) = combat::centroid(w, &enemies) else {
            continue;
        };
        let kind = Kind::Attacking(target);
        let mode = combat::determine_mode(w, ctx.nav, kind, &units, &enemies);
        let goals = combat::goals(w, ctx.nav, ctx.influence, mode, kind, &units, &enemies);
        debug!(target: log::COMBAT, "group of {} vs {} enemies: {mode:?}", units.len(), enemies.len());
        let engage = if mode == combat::Mode::Flee {
            Engagement::Cautious
        } else {
            ctx.profile.combat_engagement
        };
        let before = ctx.orders.set_engagement(engage);
        for (&i, g) in group.iter().zip(goals) {
            let id = ants[i].0;
            ctx.pop.keep(id, TaskType::Combat);
            ctx.move_towards(id, g, "combat");
        }
        ctx.orders.set_engagement(before);
    }
}

/// ClearHillTask: unemployed ants standing on an own hill step off it.
fn clear_hill_task(ctx: &mut Ctx) {
    let w = ctx.world;
    for a in &w.my_ants {
        if !w.my_hill_at[a.pos] || ctx.orders.has_order(a.id) {
            continue;
        }
        for d in grid::Dir::ALL {
            if ctx
                .orders
                .order(w, a.id, d, "clear hill", None, &[])
                .is_ok()
            {
                ctx.pop.keep(a.id, TaskType::ClearHill);
                break;
            }
        }
    }
}

//! Missions (thesis §6.5): work lasting several turns, persisting across turns, each owning its
//! ants. [`Ctx`] bundles what a mission may read and the books it writes (orders, employment);
//! the functions here are the thesis's `BaseMission` methods (`checkEnviroment`, moving along a
//! path, releasing ants).

pub mod attack_hill;
pub mod defend_hill;
pub mod explore;
pub mod gather_food;

use grid::{Grid, Limits, Pos};
use search::Budget;

use crate::influence::{EXTENDED_RADIUS2, InfluenceMap};
use crate::nav::Nav;
use crate::orders::{MissionId, OrderBook};
use crate::profile::Profile;
use crate::resources::{Population, TaskType};
use crate::world::{AntId, World};

pub use attack_hill::AttackHillMission;
pub use defend_hill::DefendHillMission;
pub use explore::ExploreMission;
pub use gather_food::GatherFoodMission;

/// What a task or mission works with during one turn.
pub struct Ctx<'a> {
    /// The world as known this turn.
    pub world: &'a World,
    /// The influence map.
    pub influence: &'a InfluenceMap,
    /// The order book.
    pub orders: &'a mut OrderBook,
    /// Employment and quotas.
    pub pop: &'a mut Population,
    /// Search buffers.
    pub nav: &'a mut Nav,
    /// The profile.
    pub profile: &'a Profile,
    /// The turn's time budget (a deadline).
    pub budget: Budget,
    /// Ants whose missions were aborted because of enemies nearby (for the CombatTask).
    pub combat: &'a mut Vec<AntId>,
    /// Own hills that need support (attackers ≥ defenders).
    pub hills_in_need: &'a [Pos],
    /// Squares claimed as exploration targets this turn (stamp == `claim_stamp`).
    pub claimed: &'a mut Grid<u32>,
    /// The current claim stamp.
    pub claim_stamp: u32,
}

impl Ctx<'_> {
    /// True when the turn's time is used up.
    pub fn out_of_time(&self) -> bool {
        self.budget.exhausted(0)
    }

    /// Marks the squares within [`CLAIM_RADIUS2`] of an exploration target as taken, so the
    /// next explorers spread out.
    pub fn claim(&mut self, target: Pos) {
        for dr in -3..=3i32 {
            for dc in -3..=3i32 {
                if (dr * dr + dc * dc) as u32 <= CLAIM_RADIUS2 {
                    let q = self.world.offset(target, dr, dc);
                    self.claimed[q] = self.claim_stamp;
                }
            }
        }
    }

    /// True when the ant neither works nor has an order this turn.
    pub fn is_free(&self, ant: AntId) -> bool {
        !self.pop.is_busy(ant)
            && !self.orders.has_order(ant)
            && self.orders.mission_of(ant).is_none()
    }

    /// Admits an unemployed ant into a mission (quota, one mission per ant).
    pub fn admit(&mut self, ant: AntId, mission: MissionId, t: TaskType) -> bool {
        if !self.is_free(ant) || !self.pop.employ(ant, t) {
            return false;
        }
        if self.orders.join(ant, mission).is_err() {
            self.pop.release(ant);
            return false;
        }
        true
    }

    /// Removes an ant from its mission and frees it for later tasks this turn.
    pub fn release(&mut self, ant: AntId) {
        self.orders.leave(ant);
        self.pop.release(ant);
    }

    /// Moves an ant one step along `path` (`path[0]` is its square). Returns true on a move.
    pub fn move_on_path(&mut self, ant: AntId, path: &[Pos], label: &'static str) -> bool {
        let (Some(&next), Some(&target)) = (path.get(1), path.last()) else {
            let _ = self.orders.hold(self.world, ant, label);
            return false;
        };
        self.orders
            .step_to(self.world, ant, next, label, Some(target), path)
    }

    /// Moves an ant one step towards `goal` (A* for the step, any closer free square as a
    /// fallback); holds when already there or stuck.
    pub fn move_towards(&mut self, ant: AntId, goal: Pos, label: &'static str) -> bool {
        let Some(a) = self.world.ant(ant) else {
            return false;
        };
        let world = self.world;
        let orders = &*self.orders;
        let next = self
            .nav
            .step_towards(world, a.pos, goal, |q| orders.can_enter(world, q));
        if let Some(n) = next {
            self.orders
                .step_to(self.world, ant, n, label, Some(goal), &[a.pos, n])
        } else {
            let _ = self.orders.hold(self.world, ant, label);
            false
        }
    }

    /// The thesis's `checkEnviroment`: what lies around an ant.
    pub fn environment(&mut self, pos: Pos) -> Environment {
        let world = self.world;
        let mut env = Environment::default();
        for &(e, _) in &world.enemy_ants {
            if world.shape.dist2(pos, e) <= EXTENDED_RADIUS2 {
                env.enemies_near += 1;
            }
        }
        env.enemy_hill = world
            .enemy_hills
            .iter()
            .map(|h| h.0)
            .find(|&h| world.shape.dist2(pos, h) <= world.settings.viewradius2);
        let r2 = self.profile.defend_min_control_radius.pow(2);
        env.own_hill_in_need = self
            .hills_in_need
            .iter()
            .any(|&h| world.shape.dist2(pos, h) <= r2);
        env.safe_food = self.safe_food(pos);
        env
    }

    /// Food reachable within a few steps over squares that are all safe (safety ≥ 0): the
    /// thesis aborts a mission for food only on a safe path (§5.1.2).
    pub fn safe_food(&mut self, pos: Pos) -> Option<Pos> {
        let world = self.world;
        let influence = self.influence;
        let (food, path) = self
            .nav
            .nearest(world, pos, Limits::steps(SAFE_FOOD_STEPS), |i| {
                world.food_at[i]
            })?;
        path.iter()
            .all(|&p| influence.safety(world, p) >= 0.0)
            .then_some(food)
    }
}

/// Squared radius around an exploration target that no other explorer targets.
pub const CLAIM_RADIUS2: u32 = 9;

/// Steps within which a mission ant notices food (the thesis's "food nearby").
pub const SAFE_FOOD_STEPS: u32 = 5;

/// The result of `checkEnviroment`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Environment {
    /// Enemy ants within the extended attack radius.
    pub enemies_near: usize,
    /// A visible enemy hill within view.
    pub enemy_hill: Option<Pos>,
    /// An own hill needing support nearby.
    pub own_hill_in_need: bool,
    /// Food on a safe short path.
    pub safe_food: Option<Pos>,
}

/// One mission of any kind.
#[derive(Clone, Debug)]
pub enum Mission {
    /// Walk an exploration path.
    Explore(ExploreMission),
    /// Attack one enemy hill.
    AttackHill(AttackHillMission),
    /// Defend one own hill.
    DefendHill(DefendHillMission),
    /// The single food-gathering mission.
    GatherFood(GatherFoodMission),
}

impl Mission {
    /// The task type the mission's ants count for.
    pub fn task_type(&self) -> TaskType {
        match self {
            Mission::Explore(_) => TaskType::Explore,
            Mission::AttackHill(_) => TaskType::AttackHills,
            Mission::DefendHill(_) => TaskType::DefendHill,
            Mission::GatherFood(_) => TaskType::GatherFood,
        }
    }

    /// Execution rank (thesis: EXPLORE, COMBAT, DEFEND_HILL, GATHER_FOOD, ATTACK_HILLS).
    pub fn rank(&self) -> u8 {
        match self {
            Mission::Explore(_) => 0,
            Mission::DefendHill(_) => 2,
            Mission::GatherFood(_) => 3,
            Mission::AttackHill(_) => 4,
        }
    }

    /// The mission's id.
    pub fn id(&self) -> MissionId {
        match self {
            Mission::Explore(m) => m.id,
            Mission::AttackHill(m) => m.id,
            Mission::DefendHill(m) => m.id,
            Mission::GatherFood(m) => m.id,
        }
    }

    /// The mission's ants.
    pub fn ants(&self) -> Vec<AntId> {
        match self {
            Mission::Explore(m) => vec![m.ant],
            Mission::AttackHill(m) => m.ants.clone(),
            Mission::DefendHill(m) => m.ants.clone(),
            Mission::GatherFood(m) => m.routes.keys().copied().collect(),
        }
    }

    /// Start of turn (`setup`): forgets dead ants and marks the living busy.
    pub fn setup(&mut self, ctx: &mut Ctx) {
        let world = ctx.world;
        let alive = |id: &AntId| world.ant(*id).is_some();
        match self {
            Mission::Explore(_) => {}
            Mission::AttackHill(m) => m.ants.retain(alive),
            Mission::DefendHill(m) => m.ants.retain(alive),
            Mission::GatherFood(m) => m.routes.retain(|id, _| alive(id)),
        }
        let t = self.task_type();
        for a in self.ants() {
            if world.ant(a).is_some() {
                ctx.pop.keep(a, t);
            }
        }
    }

    /// Runs one turn; returns false when the mission is complete, invalid or abandoned.
    pub fn execute(&mut self, ctx: &mut Ctx) -> bool {
        match self {
            Mission::Explore(m) => m.execute(ctx),
            Mission::AttackHill(m) => m.execute(ctx),
            Mission::DefendHill(m) => m.execute(ctx),
            Mission::GatherFood(m) => m.execute(ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::Harness;
    use ants::TurnInput;
    use attack_hill::AttackMode;

    fn input(
        turn: u32,
        mine: &[(i32, i32)],
        enemy: &[(i32, i32)],
        hills: &[((i32, i32), u8)],
        food: &[(i32, i32)],
    ) -> TurnInput {
        let mut ants: Vec<(Pos, u8)> = mine.iter().map(|&(r, c)| (Pos::new(r, c), 0)).collect();
        ants.extend(enemy.iter().map(|&(r, c)| (Pos::new(r, c), 1)));
        TurnInput {
            turn,
            water: vec![],
            hills: hills
                .iter()
                .map(|&((r, c), o)| (Pos::new(r, c), o))
                .collect(),
            ants,
            food: food.iter().map(|&(r, c)| Pos::new(r, c)).collect(),
            dead: vec![],
        }
    }

    #[test]
    fn gather_food_hands_the_food_to_a_closer_ant() {
        let t1 = input(1, &[(10, 2)], &[], &[], &[(10, 10)]);
        let mut h = Harness::new(&t1, 500);
        let far = h.world.my_ants[0].id;
        let mut m = GatherFoodMission::new(1);
        assert!(m.execute(&mut h.ctx()));
        assert_eq!(m.routes.get(&far).map(|r| r.food), Some(Pos::new(10, 10)));
        assert_eq!(h.orders.mission_of(far), Some(1));
        // Next turn a new ant appears right next to the food: it takes over, the far one is
        // released.
        let t2 = input(2, &[(10, 3), (10, 12)], &[], &[], &[(10, 10)]);
        h.next(&t2);
        let near = h.world.my_ant_at(Pos::new(10, 12)).unwrap();
        let mut ctx = h.ctx();
        Mission::GatherFood(m.clone()).setup(&mut ctx);
        assert!(m.execute(&mut ctx));
        assert_eq!(m.routes.len(), 1);
        assert_eq!(m.routes.get(&near).map(|r| r.food), Some(Pos::new(10, 10)));
        assert_eq!(h.orders.mission_of(far), None, "the far ant was released");
    }

    #[test]
    fn attack_hill_controls_a_hill_with_one_defender() {
        let hill = (10, 10);
        let t1 = input(
            1,
            &[(12, 12), (13, 10), (14, 10)],
            &[(10, 10)],
            &[(hill, 1)],
            &[],
        );
        let mut h = Harness::new(&t1, 500);
        let mut m = AttackHillMission::new(7, Pos::new(10, 10));
        assert!(m.execute(&mut h.ctx()));
        assert_eq!(m.mode, AttackMode::ControlEnemyHill);
        assert_eq!(m.ants.len(), 2, "all but the two closest are released");
        let far = h.world.my_ant_at(Pos::new(14, 10)).unwrap();
        assert!(!m.ants.contains(&far));
        assert_eq!(h.orders.mission_of(far), None);
        // The ant at (12,12) is one step from the diagonal (11,11): it goes there or stays on
        // its way; neither kept ant steps onto the hill.
        let notes = h.orders.finish(&h.world).1;
        assert!(
            notes
                .iter()
                .all(|n| !n.to_string().ends_with("target 10 10")),
            "{notes:?}"
        );
    }

    #[test]
    fn attack_hill_destroys_in_the_last_turns() {
        let t = input(
            496,
            &[(12, 12), (13, 10)],
            &[(10, 10)],
            &[((10, 10), 1)],
            &[],
        );
        let mut h = Harness::new(&t, 500);
        let mut m = AttackHillMission::new(7, Pos::new(10, 10));
        assert!(m.execute(&mut h.ctx()));
        assert_eq!(m.mode, AttackMode::DestroyHill);
        let (orders, notes) = h.orders.finish(&h.world);
        assert_eq!(orders.len(), 2);
        let infos: Vec<String> = notes
            .iter()
            .filter(|n| matches!(n, ants::visual::Command::Info { .. }))
            .map(ToString::to_string)
            .collect();
        assert_eq!(infos.len(), 2);
        assert!(
            infos.iter().all(|n| n.ends_with("target 10 10 mission 7")),
            "{infos:?}"
        );
    }

    #[test]
    fn defend_hill_recruits_attackers_plus_margin_and_releases_surplus() {
        let hill = (20, 20);
        let mine = [(21, 21), (19, 19), (22, 20), (20, 23), (18, 20), (25, 25)];
        let t1 = input(1, &mine, &[(20, 26), (21, 26)], &[(hill, 0)], &[]);
        let mut h = Harness::new(&t1, 500);
        let mut ctx = h.ctx();
        let mut m = DefendHillMission::new(3, Pos::new(20, 20), &mut ctx);
        assert_eq!(m.attackers(ctx.world).len(), 2);
        assert!(m.execute(&mut ctx));
        assert_eq!(m.ants.len(), 2 + defend_hill::DEFENDER_MORETHAN_ATTACKERS);
        // The attackers leave; before startTurn no defender is kept.
        let t2 = input(2, &mine, &[], &[(hill, 0)], &[]);
        h.next(&t2);
        let mut ctx = h.ctx();
        Mission::DefendHill(m.clone()).setup(&mut ctx);
        assert!(m.execute(&mut ctx));
        assert!(m.ants.is_empty());
    }
}

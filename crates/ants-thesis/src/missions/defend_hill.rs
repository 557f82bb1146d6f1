//! DefendHillMission (thesis §6.5): one per own hill, valid while the hill stands. The control
//! area is the flood fill of radius `defendHills.minControlRadius` around the hill; enemy ants
//! in it are attackers.
//!
//! * **Barrier mode**: in turn [`BARRIER_TURN`] a barrier (chokepoint narrower than
//!   [`BARRIER_MAX`] beyond the view radius) is searched; while one exists and no enemy stands on
//!   it, defenders keep it: with no enemy near they stand on every second barrier tile (the
//!   gaps let own ants pass, the thesis's "pairwise one behind the other"), with enemies near it
//!   closes (every tile taken). An enemy on the barrier switches to Default mode for good.
//! * **Default mode**: attackers + [`DEFENDER_MORETHAN_ATTACKERS`] defenders are recruited (one
//!   from `defendHills.startTurn` on even without attackers), surplus ones are released, and the
//!   defending combat positioning places them.

use grid::{Limits, Pos};
use tracing::{debug, info};

use super::Ctx;
use crate::combat::{self, Kind, Mode};
use crate::log;
use crate::orders::MissionId;
use crate::resources::TaskType;
use crate::safety::Engagement;
use crate::world::{AntId, NO_ANT, World};

/// How many defenders beyond the number of attackers are recruited (value ours).
pub const DEFENDER_MORETHAN_ATTACKERS: usize = 2;
/// The turn of the barrier search.
pub const BARRIER_TURN: u32 = 10;
/// Barriers must be narrower than this.
pub const BARRIER_MAX: usize = 5;

/// The defence mode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DefendMode {
    /// Hold the barrier tiles.
    Barrier(Vec<Pos>),
    /// Defending combat positioning around the hill.
    Default,
}

/// The defence of one own hill.
#[derive(Clone, Debug)]
pub struct DefendHillMission {
    /// Mission id.
    pub id: MissionId,
    /// The own hill.
    pub hill: Pos,
    /// The defenders.
    pub ants: Vec<AntId>,
    /// Current mode.
    pub mode: DefendMode,
    control: Vec<bool>,
    barrier_checked: bool,
}

impl DefendHillMission {
    /// A new mission for `hill`; computes its control area.
    pub fn new(id: MissionId, hill: Pos, ctx: &mut Ctx) -> Self {
        let w = ctx.world;
        let r2 = ctx.profile.defend_min_control_radius.pow(2);
        ctx.nav
            .ff
            .fill([w.shape.index(hill)], Limits::radius2(r2), |i| !w.water[i]);
        let mut control = vec![false; w.shape.len()];
        for &i in ctx.nav.ff.visited() {
            control[i as usize] = true;
        }
        Self {
            id,
            hill,
            ants: Vec::new(),
            mode: DefendMode::Default,
            control,
            barrier_checked: false,
        }
    }

    /// Enemy ants inside the control area.
    pub fn attackers(&self, w: &World) -> Vec<Pos> {
        w.enemy_ants
            .iter()
            .map(|e| e.0)
            .filter(|&e| self.control[w.shape.index(e) as usize])
            .collect()
    }

    /// True when the hill needs support from other missions (attackers ≥ defenders).
    pub fn in_need(&self, world: &World) -> bool {
        let n = self.attackers(world).len();
        n > 0 && n >= self.ants.len()
    }

    /// One turn; false once the hill is gone.
    pub fn execute(&mut self, ctx: &mut Ctx) -> bool {
        let w = ctx.world;
        if !w.my_hills.contains(&self.hill) {
            for a in std::mem::take(&mut self.ants) {
                ctx.release(a);
            }
            return false;
        }
        self.determine_mode(ctx);
        let attackers = self.attackers(ctx.world);
        let needed = self.needed(ctx, &attackers);
        self.adjust(ctx, needed);
        let before = ctx.orders.set_engagement(Engagement::Always);
        match self.mode.clone() {
            DefendMode::Barrier(tiles) => self.hold_barrier(ctx, &tiles),
            DefendMode::Default => {
                let units: Vec<Pos> = self
                    .ants
                    .iter()
                    .filter_map(|&a| w.ant(a))
                    .map(|a| a.pos)
                    .collect();
                let kind = Kind::Defending(self.hill);
                let goals = combat::goals(
                    w,
                    ctx.nav,
                    ctx.influence,
                    Mode::Defend,
                    kind,
                    &units,
                    &attackers,
                );
                for (&a, g) in self.ants.clone().iter().zip(goals) {
                    ctx.move_towards(a, g, "defend hill");
                }
            }
        }
        ctx.orders.set_engagement(before);
        true
    }

    fn determine_mode(&mut self, ctx: &mut Ctx) {
        let w = ctx.world;
        if !self.barrier_checked && w.turn >= BARRIER_TURN {
            self.barrier_checked = true;
            if let Some(b) = crate::barrier::find(w, self.hill, w.settings.viewradius2, BARRIER_MAX)
            {
                info!(target: log::DEFEND_HILL, "hill {}: barrier {:?}", self.hill, b);
                self.mode = DefendMode::Barrier(b);
            }
        }
        if let DefendMode::Barrier(tiles) = &self.mode
            && tiles.iter().any(|&t| w.enemy_at(t))
        {
            info!(target: log::DEFEND_HILL, "hill {}: barrier overrun", self.hill);
            self.mode = DefendMode::Default;
        }
    }

    fn needed(&self, ctx: &Ctx, attackers: &[Pos]) -> usize {
        let w = ctx.world;
        match &self.mode {
            DefendMode::Barrier(tiles) => {
                if Self::barrier_threatened(ctx, tiles) {
                    tiles.len()
                } else {
                    tiles.len().div_ceil(2)
                }
            }
            DefendMode::Default if !attackers.is_empty() => {
                attackers.len() + DEFENDER_MORETHAN_ATTACKERS
            }
            DefendMode::Default => usize::from(w.turn >= ctx.profile.defend_start_turn),
        }
    }

    fn barrier_threatened(ctx: &Ctx, tiles: &[Pos]) -> bool {
        let w = ctx.world;
        w.enemy_ants.iter().any(|e| {
            tiles
                .iter()
                .any(|&t| w.shape.dist2(t, e.0) <= w.settings.viewradius2)
        })
    }

    /// Recruits the nearest unemployed ants up to `needed` (quota permitting) and releases the
    /// farthest surplus defenders.
    fn adjust(&mut self, ctx: &mut Ctx, needed: usize) {
        let w = ctx.world;
        let hill = self.hill;
        if self.ants.len() > needed {
            self.ants
                .sort_by_key(|&a| w.ant(a).map_or(u32::MAX, |x| w.shape.dist2(x.pos, hill)));
            for a in self.ants.split_off(needed) {
                ctx.release(a);
            }
            debug!(target: log::DEFEND_HILL, "hill {hill}: released to {needed} defenders");
            return;
        }
        if self.ants.len() == needed || ctx.pop.free(TaskType::DefendHill) == 0 {
            return;
        }
        let radius = ctx.profile.defend_min_control_radius * 2;
        ctx.nav
            .ff
            .fill([w.shape.index(hill)], Limits::steps(radius), |i| {
                !w.water[i]
            });
        let candidates: Vec<AntId> = ctx
            .nav
            .ff
            .visited()
            .iter()
            .map(|&i| w.my_ant_id[i])
            .filter(|&id| id != NO_ANT)
            .collect();
        for id in candidates {
            if self.ants.len() >= needed {
                break;
            }
            if ctx.admit(id, self.id, TaskType::DefendHill) {
                self.ants.push(id);
            }
        }
    }

    fn hold_barrier(&mut self, ctx: &mut Ctx, tiles: &[Pos]) {
        let w = ctx.world;
        let spots: Vec<Pos> = if Self::barrier_threatened(ctx, tiles) {
            tiles.to_vec()
        } else {
            tiles.iter().step_by(2).copied().collect()
        };
        let units: Vec<Pos> = self
            .ants
            .iter()
            .filter_map(|&a| w.ant(a))
            .map(|a| a.pos)
            .collect();
        let goals = combat::assign(w, &units, &spots, self.hill);
        for (&a, g) in self.ants.clone().iter().zip(goals) {
            ctx.move_towards(a, g, "defend hill: barrier");
        }
    }
}

//! ExploreMission (thesis §6.5): one ant walks the path the ExploreTask gave it. Aborted when the
//! path turns invalid (water), the ant is blocked, food lies on a safe path nearby, enemy ants or
//! an enemy hill appear, or an own hill nearby needs help.

use grid::Pos;
use tracing::debug;

use super::Ctx;
use crate::log;
use crate::orders::MissionId;
use crate::world::AntId;

/// One ant on an exploration path.
#[derive(Clone, Debug)]
pub struct ExploreMission {
    /// Mission id.
    pub id: MissionId,
    /// The ant.
    pub ant: AntId,
    /// Remaining path; `path[0]` is where the ant should stand.
    pub path: Vec<Pos>,
}

impl ExploreMission {
    /// The target square.
    pub fn target(&self) -> Option<Pos> {
        self.path.last().copied()
    }

    /// One turn; false when the mission ends (its ant is then released by the caller).
    pub fn execute(&mut self, ctx: &mut Ctx) -> bool {
        let Some(ant) = ctx.world.ant(self.ant) else {
            return false;
        };
        let Some(i) = self.path.iter().position(|&p| p == ant.pos) else {
            debug!(target: log::EXPLORE, "ant {} left its path, abandoned", self.ant);
            return false;
        };
        self.path.drain(..i);
        if self.path.len() < 2 {
            return false;
        }
        if self.path.iter().any(|&p| ctx.world.water[p]) {
            return false;
        }
        let env = ctx.environment(ant.pos);
        if env.enemies_near > 0 {
            ctx.combat.push(self.ant);
            return false;
        }
        if env.safe_food.is_some() || env.enemy_hill.is_some() || env.own_hill_in_need {
            return false;
        }
        if let Some(t) = self.target() {
            ctx.claim(t);
        }
        let path = self.path.clone();
        ctx.move_on_path(self.ant, &path, "explore")
    }
}

//! GatherFoodMission (thesis §6.5, Listing 6.5): the one food mission of the game. Each turn it
//! drops routes whose food is gone, finds for every food the nearest available ant by BFS
//! (skipping food already served by a route shorter than [`SERVED_LENGTH`]), computes
//! influence-aware A* paths, hands a food over to a closer ant (releasing the other) and keeps
//! only the shorter route per ant, then moves every gatherer one step.

use std::collections::BTreeMap;

use grid::{Limits, Pos};
use tracing::debug;

use super::Ctx;
use crate::log;
use crate::orders::MissionId;
use crate::resources::TaskType;
use crate::world::AntId;

/// Food whose gatherer is fewer steps away is not re-assigned.
pub const SERVED_LENGTH: usize = 5;
/// BFS step limit when looking for the ant nearest to a food.
pub const SEARCH_STEPS: u32 = 20;

/// One ant's way to one food.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    /// The food.
    pub food: Pos,
    /// Path from the ant (first) to the food (last).
    pub path: Vec<Pos>,
}

/// The single food mission.
#[derive(Clone, Debug, Default)]
pub struct GatherFoodMission {
    /// Mission id.
    pub id: MissionId,
    /// Route per gathering ant.
    pub routes: BTreeMap<AntId, Route>,
}

impl GatherFoodMission {
    /// A mission without routes.
    pub fn new(id: MissionId) -> Self {
        Self {
            id,
            routes: BTreeMap::new(),
        }
    }

    /// One turn; the mission never ends.
    pub fn execute(&mut self, ctx: &mut Ctx) -> bool {
        self.check_routes(ctx);
        self.gather_ants(ctx);
        self.move_ants(ctx);
        true
    }

    fn check_routes(&mut self, ctx: &mut Ctx) {
        let world = ctx.world;
        let gone: Vec<AntId> = self
            .routes
            .iter()
            .filter(|(_, r)| world.visible[r.food] && !world.food_at[r.food])
            .map(|(&a, _)| a)
            .collect();
        for a in gone {
            self.routes.remove(&a);
            ctx.release(a);
        }
    }

    fn remaining(&self, ant: AntId, ctx: &Ctx) -> usize {
        let Some(r) = self.routes.get(&ant) else {
            return usize::MAX;
        };
        let pos = ctx.world.ant(ant).map(|a| a.pos);
        match r.path.iter().position(|&p| Some(p) == pos) {
            Some(i) => r.path.len() - i,
            None => r.path.len(),
        }
    }

    fn gather_ants(&mut self, ctx: &mut Ctx) {
        let world = ctx.world;
        let mut targeted: BTreeMap<Pos, AntId> = BTreeMap::new();
        for (&a, r) in &self.routes {
            targeted.insert(r.food, a);
        }
        let mut possible: Vec<(AntId, Pos)> = Vec::new();
        for &food in &world.food {
            if ctx.out_of_time() {
                break;
            }
            if let Some(&a) = targeted.get(&food)
                && self.remaining(a, ctx) < SERVED_LENGTH
            {
                continue;
            }
            let src = world.shape.index(food);
            let routes = &self.routes;
            let orders = &*ctx.orders;
            let pop = &*ctx.pop;
            let found = ctx.nav.ff.search(
                [src],
                Limits::steps(SEARCH_STEPS),
                |i| !world.water[i],
                |i| {
                    let id = world.my_ant_id[i];
                    id != crate::world::NO_ANT
                        && !orders.has_order(id)
                        && (routes.contains_key(&id)
                            || (!pop.is_busy(id) && orders.mission_of(id).is_none()))
                },
            );
            if let Some(cell) = found {
                possible.push((world.my_ant_id[cell], food));
            }
        }
        for (ant, food) in possible {
            if ctx.out_of_time() {
                break;
            }
            let Some(a) = world.ant(ant) else { continue };
            let limit = 4 * (world.shape.manhattan(a.pos, food) + 10);
            let Some(path) = ctx.nav.path(world, Some(ctx.influence), a.pos, food, limit) else {
                continue;
            };
            let route = Route { food, path };
            if let Some(&other) = targeted.get(&food) {
                if other != ant
                    && route.path.len() < self.remaining(other, ctx)
                    && self.assign(ctx, ant, route)
                {
                    self.routes.remove(&other);
                    ctx.release(other);
                    targeted.insert(food, ant);
                    debug!(target: log::GATHER_FOOD, "food {food}: ant {ant} takes over from {other}");
                }
                continue;
            }
            if self.assign(ctx, ant, route) {
                targeted.insert(food, ant);
            }
        }
    }

    /// Gives `ant` the route if it has none or the new one is shorter (its old food is then
    /// free again). Returns whether the route was taken.
    fn assign(&mut self, ctx: &mut Ctx, ant: AntId, route: Route) -> bool {
        if let Some(old) = self.routes.get(&ant) {
            if route.path.len() >= self.remaining(ant, ctx) && old.food != route.food {
                return false;
            }
        } else if !ctx.admit(ant, self.id, TaskType::GatherFood) {
            return false;
        }
        self.routes.insert(ant, route);
        true
    }

    fn move_ants(&mut self, ctx: &mut Ctx) {
        let ants: Vec<AntId> = self.routes.keys().copied().collect();
        for ant in ants {
            let Some(a) = ctx.world.ant(ant) else {
                continue;
            };
            let Some(route) = self.routes.get_mut(&ant) else {
                continue;
            };
            if let Some(i) = route.path.iter().position(|&p| p == a.pos) {
                route.path.drain(..i);
            } else {
                let limit = 4 * (ctx.world.shape.manhattan(a.pos, route.food) + 10);
                let Some(p) =
                    ctx.nav
                        .path(ctx.world, Some(ctx.influence), a.pos, route.food, limit)
                else {
                    self.routes.remove(&ant);
                    ctx.release(ant);
                    continue;
                };
                route.path = p;
            }
            let path = route.path.clone();
            if path.len() <= 2 {
                // Next to the food: it is gathered without stepping on it.
                let _ = ctx.orders.hold(ctx.world, ant, "gather food");
            } else {
                ctx.move_on_path(ant, &path, "gather food");
            }
        }
    }
}

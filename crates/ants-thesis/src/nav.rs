//! Path search for the bot, built on the grid crate: [`grid::AStar`] with the thesis's
//! influence-aware costs (§4.5), [`grid::FloodFill`] for the thesis's BFS look-ups (§4.3), and
//! step functions, and [`grid::Hpa`] (HPA*, Centered entrances, cluster size [`CLUSTER_SIZE`],
//! clustered incrementally as the map is revealed — the thesis's ClusteringTask) for long
//! hauls. Own hills are never part of an A* path (§3.2); unknown squares count as land.

use grid::{AStar, Entrances, FloodFill, Hpa, Limits, Pos, Terrain};

use crate::influence::InfluenceMap;
use crate::orders::step;
use crate::world::World;

/// HPA* cluster size (the thesis's usage example; its live value is not stated).
pub const CLUSTER_SIZE: u32 = 10;
/// Paths longer than this (Manhattan) use HPA* instead of influence-aware A*.
pub const LONG_PATH: u32 = 40;

/// Reusable search buffers.
#[derive(Clone, Debug)]
pub struct Nav {
    /// Breadth-first search / flood fill.
    pub ff: FloodFill,
    /// Second flood fill for nested look-ups.
    pub ff2: FloodFill,
    astar: AStar,
    hpa: Hpa,
    /// A* searches run this turn (for the performance log).
    pub searches: u32,
}

impl Nav {
    /// Buffers for the world's shape.
    pub fn new(world: &World) -> Self {
        Self {
            ff: FloodFill::new(world.shape),
            ff2: FloodFill::new(world.shape),
            astar: AStar::new(world.shape),
            hpa: Hpa::new(world.shape, CLUSTER_SIZE, Entrances::Centered),
            searches: 0,
        }
    }

    /// A* from `from` to `to` (both included in the result), over walkable squares; with
    /// `influence` each square costs 1..4 by its safety. Nodes with f > `max_cost` are pruned.
    pub fn path(
        &mut self,
        world: &World,
        influence: Option<&InfluenceMap>,
        from: Pos,
        to: Pos,
        max_cost: u32,
    ) -> Option<Vec<Pos>> {
        self.searches += 1;
        let goal = world.shape.index(to);
        let found = self.astar.find_weighted(from, to, max_cost, |i| {
            if world.water[i] || (world.my_hill_at[i] && i != goal) {
                0
            } else {
                influence.map_or(1, |m| m.path_cost(i))
            }
        })?;
        Some(found.cells)
    }

    /// ClusteringTask: records every square seen so far (known ones are skipped) and updates the HPA* clusters
    /// whose terrain changed. Returns the number of clusters rebuilt.
    pub fn update_clusters(&mut self, world: &World) -> usize {
        for i in 0..world.shape.len() as u32 {
            if world.seen[i] {
                let t = if world.water[i] {
                    Terrain::Water
                } else {
                    Terrain::Land
                };
                self.hpa.set_terrain(i, t);
            }
        }
        self.hpa.update()
    }

    /// A long path: HPA* when `from` and `to` are more than [`LONG_PATH`] apart (falling back
    /// to grid A* inside the HPA* when the clusters cannot answer), else influence-aware A*.
    pub fn route(
        &mut self,
        world: &World,
        influence: &InfluenceMap,
        from: Pos,
        to: Pos,
    ) -> Option<Vec<Pos>> {
        if world.shape.manhattan(from, to) > LONG_PATH {
            self.searches += 1;
            return self.hpa.find(from, to).map(|p| p.cells);
        }
        let limit = 4 * (world.shape.manhattan(from, to) + 20);
        self.path(world, Some(influence), from, to, limit)
    }

    /// The neighbour of `from` to step onto to approach `goal` (`None` when already there or
    /// no free neighbour gets closer). `free` tells whether a square may be entered now.
    pub fn step_towards(
        &mut self,
        world: &World,
        from: Pos,
        goal: Pos,
        free: impl Fn(Pos) -> bool,
    ) -> Option<Pos> {
        if from == goal {
            return None;
        }
        let max = world.shape.manhattan(from, goal) * 3 + 10;
        if let Some(path) = self.path(world, None, from, goal, max)
            && path.len() >= 2
            && free(path[1])
        {
            return Some(path[1]);
        }
        // Fall back to any free neighbour that reduces the straight-line distance.
        let here = world.shape.dist2(from, goal);
        grid::Dir::ALL
            .into_iter()
            .map(|d| world.wrap(step(from, d)))
            .filter(|&q| free(q) && world.shape.dist2(q, goal) < here)
            .min_by_key(|&q| world.shape.dist2(q, goal))
    }

    /// Nearest square (by steps, within `limits`) from `from` for which `goal` holds, walking
    /// over walkable squares, with the path to it.
    pub fn nearest(
        &mut self,
        world: &World,
        from: Pos,
        limits: Limits,
        mut goal: impl FnMut(u32) -> bool,
    ) -> Option<(Pos, Vec<Pos>)> {
        let src = world.shape.index(from);
        let found = self.ff.search(
            [src],
            limits,
            |i| world.walkable(world.shape.pos(i)),
            |i| i != src && goal(i),
        )?;
        let path = self.ff.path_to(found)?;
        Some((world.shape.pos(found), path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ants::TurnInput;

    #[test]
    fn paths_avoid_own_hills_and_water() {
        let mut w = World::new(&crate::test_support::settings(10, 10));
        w.update(
            &TurnInput {
                turn: 1,
                water: vec![Pos::new(4, 4), Pos::new(6, 4)],
                hills: vec![(Pos::new(5, 4), 0)],
                ants: vec![(Pos::new(5, 3), 0)],
                ..TurnInput::default()
            },
            &[],
        );
        let mut nav = Nav::new(&w);
        let p = nav
            .path(&w, None, Pos::new(5, 3), Pos::new(5, 5), 100)
            .unwrap();
        assert!(!p.contains(&Pos::new(5, 4)), "{p:?}");
        assert!(p.len() > 3);
        // A hill may be the goal itself.
        let p = nav
            .path(&w, None, Pos::new(5, 3), Pos::new(5, 4), 100)
            .unwrap();
        assert_eq!(p, vec![Pos::new(5, 3), Pos::new(5, 4)]);
        let s = nav.step_towards(&w, Pos::new(5, 3), Pos::new(5, 5), |q| w.walkable(q));
        assert!(s.is_some_and(|q| q != Pos::new(5, 4)));
        let (f, path) = nav
            .nearest(&w, Pos::new(5, 3), Limits::steps(5), |i| {
                w.shape.pos(i) == Pos::new(3, 3)
            })
            .unwrap();
        assert_eq!((f, path.len()), (Pos::new(3, 3), 3));
    }
}

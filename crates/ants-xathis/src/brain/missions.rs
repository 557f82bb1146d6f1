//! Missions: free ants without anything else to do walk to a border tile of their area (from
//! an own hill a random one), keep their target between turns and refresh it.

use rand::Rng;

use crate::paths::Flow;

use crate::areas::Areas;
use crate::missions::Mission;

use super::NO_IDX;
use super::turn::Turn;

/// Missions refresh their target at least every this many turns.
const REFRESH_TURNS: u32 = 10;

/// The mission steps; they own the areas and border of the turn. The missions themselves
/// are in the [`Turn`]: a move by any other step drops its ant's mission.
#[derive(Debug, Default)]
pub(super) struct MissionStep {
    /// The areas and border of the turn.
    areas: Areas,
    /// The missions of the turn (the step changes them while it walks them).
    list: Vec<Mission>,
}

/// The nearest border tile from `from` (BFS), if any within `depth` steps.
fn nearest_border(t: &mut Turn, areas: &Areas, from: u32, depth: u16) -> Option<u32> {
    let mut found = None;
    let w = &t.world;
    t.bfs.run(w, [from], depth, |u, _| {
        if areas.is_border[u as usize] {
            found = Some(u);
            return Flow::Stop;
        }
        Flow::Expand
    });
    found
}

/// Moves ant `a` one step along an A* path to `target` (mission move).
fn walk(t: &mut Turn, a: usize, target: u32) -> bool {
    let at = t.world.own_ants[a];
    let limit = 3 * t.world.manhattan(at, target) + 20;
    let next_occ = &t.moves.next_occ;
    let first = t
        .astar
        .first_move(&t.world, at, target, limit, 6000, |u| next_occ[u as usize]);
    let first = first.or_else(|| {
        t.astar
            .first_move(&t.world, at, target, limit, 6000, |_| false)
    });
    match first {
        Some((d, _)) => {
            t.go_dir(a, d);
            true
        }
        None => false,
    }
}

/// Drops the missions whose ant is gone or whose target turned out to be water.
pub(super) fn drop_stale(t: &mut Turn) {
    let (w, ant_at) = (&t.world, &t.moves.ant_at);
    t.missions
        .retain(|ant, target| ant_at[ant as usize] != NO_IDX && !w.water[target as usize]);
}

impl MissionStep {
    /// A step for a map of `n` tiles.
    pub(super) fn new(n: usize) -> Self {
        Self {
            areas: Areas::new(n),
            list: Vec::new(),
        }
    }

    /// The areas and border of the last turn.
    pub(super) fn areas(&self) -> &Areas {
        &self.areas
    }

    /// Computes the areas and border of the turn.
    pub(super) fn compute_areas(&mut self, t: &Turn) {
        self.areas.compute(&t.world);
    }

    /// The free ants on a mission walk on; the targets are refreshed to the nearest border
    /// tile (all while more than half of the turn's time is left, else every
    /// [`REFRESH_TURNS`] turns).
    pub(super) fn run(&mut self, t: &mut Turn) {
        let refresh_all = t
            .clock
            .remaining()
            .zip(t.clock.total())
            .is_some_and(|(left, total)| left > total / 2);
        let turn = t.world.turn;
        self.list.clear();
        self.list.extend(t.missions.iter().copied());
        for &m in &self.list {
            if t.out_of_time() {
                return;
            }
            let Some(a) = t.free_ant_at(m.ant) else {
                continue;
            };
            let mut target = m.target;
            if refresh_all || turn.saturating_sub(m.refreshed) >= REFRESH_TURNS {
                if let Some(b) = nearest_border(t, &self.areas, target, 20) {
                    target = b;
                }
                t.missions.retarget(m.ant, target, turn);
            }
            if target == m.ant || t.world.water[target as usize] {
                t.missions.remove(m.ant);
                continue;
            }
            if !walk(t, a, target) {
                t.missions.remove(m.ant);
            }
        }
    }

    /// The free ants left get a mission to the nearest border tile (from an own hill a
    /// random border tile of its area) and take its first step.
    pub(super) fn create(&mut self, t: &mut Turn) {
        let turn = t.world.turn;
        for a in 0..t.world.own_ants.len() {
            if t.moves.done[a] {
                continue;
            }
            if t.out_of_time() {
                return;
            }
            let at = t.world.own_ants[a];
            if t.missions.get(at).is_some() {
                continue;
            }
            let target = if t.world.own_hills.contains(&at) {
                self.hill_target(t, at)
            } else {
                nearest_border(t, &self.areas, at, 60)
            };
            let Some(target) = target else { continue };
            if target == at {
                continue;
            }
            t.missions.set(at, target, turn);
            if !walk(t, a, target) {
                t.missions.remove(at);
            }
        }
    }

    /// The border target of an ant that stands on an own hill: a random border tile of its
    /// area.
    fn hill_target(&self, t: &mut Turn, at: u32) -> Option<u32> {
        let area = self.areas.area(at)?;
        let border = self.areas.border_of(area);
        if border.is_empty() {
            return None;
        }
        let k = t.rng.random_range(0..border.len());
        Some(border[k].1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{ant, brain};
    use crate::world::NO_ANT;
    use ants::TurnInput;
    use grid::Pos;

    #[test]
    fn border_is_twenty_steps_out_or_halfway_to_the_enemy() {
        let mut b = brain(80, 80);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let start = w.tile(Pos::new(10, 10));
        let border: Vec<u32> = b.areas().border.iter().map(|x| x.1).collect();
        assert_eq!(border.len(), 80, "the diamond of radius 20");
        assert!(border.iter().all(|&t| w.manhattan(start, t) == 20));
        // An enemy ant 10 columns east: the border runs between them.
        let mut b = brain(80, 80);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0), ant(10, 20, 1)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let mid = w.tile(Pos::new(10, 15));
        assert!(b.areas().is_border[mid as usize]);
        assert!(!b.areas().is_border[w.tile(Pos::new(10, 14)) as usize]);
        // Two own ants 20 apart: their areas merge, nothing between them is border.
        let mut b = brain(80, 80);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0), ant(10, 30, 0)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let between = |c| w.tile(Pos::new(10, c));
        assert!((11..30).all(|c| !b.areas().is_border[between(c) as usize]));
        let a1 = b.areas().area(w.tile(Pos::new(10, 10)));
        assert_eq!(a1, b.areas().area(w.tile(Pos::new(10, 30))));
    }

    #[test]
    fn missions_follow_their_ant_and_are_refreshed_to_the_border() {
        // A block of nine ants five apart: the centre ant has nothing to explore (its
        // 11th step is within 10 steps of its neighbours), so it gets a mission toward the
        // border; the mission follows the ant and its target is refreshed every turn.
        let mut b = brain(80, 80);
        let mut ants: Vec<(Pos, u8)> = Vec::new();
        for dr in [-5, 0, 5] {
            for dc in [-5, 0, 5] {
                ants.push(ant(30 + dr, 30 + dc, 0));
            }
        }
        let mut orders = b.turn(&TurnInput {
            turn: 1,
            ants: ants.clone(),
            ..TurnInput::default()
        });
        assert!(!b.missions().is_empty(), "idle ants got missions");
        for turn in 2..8 {
            // Apply the orders to the own ants; the enemy steps west.
            for (p, o) in &mut ants {
                if *o == 0
                    && let Some(ord) = orders.iter().find(|ord| ord.pos == *p)
                {
                    let (dr, dc) = ord.dir.delta();
                    *p = Pos::new((p.row + dr).rem_euclid(80), (p.col + dc).rem_euclid(80));
                }
            }
            let before: Vec<u32> = b.missions().iter().map(|m| m.ant).collect();
            orders = b.turn(&TurnInput {
                turn,
                ants: ants.clone(),
                ..TurnInput::default()
            });
            let w = b.world();
            assert!(!b.missions().is_empty(), "turn {turn}: the mission is kept");
            for t in before {
                assert_ne!(
                    w.owner[t as usize], NO_ANT,
                    "a mission pointed at a tile with an own ant"
                );
            }
            for m in b.missions().iter() {
                assert!(
                    b.areas().is_border[m.target as usize],
                    "turn {turn}: target refreshed onto the border"
                );
                assert_eq!(m.refreshed, turn);
            }
        }
    }
}

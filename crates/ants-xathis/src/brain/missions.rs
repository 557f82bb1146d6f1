//! Missions: free ants without anything else to do walk to a border tile of their area (from
//! an own hill a random one), keep their target between turns and refresh it.

use rand::Rng;

use crate::paths::Flow;

use super::{Brain, NO_IDX};

/// Missions refresh their target at least every this many turns.
const REFRESH_TURNS: u32 = 10;

impl Brain {
    pub(super) fn init_missions(&mut self) {
        let w = &self.world;
        let ant_at = &self.scratch.ant_at;
        self.missions
            .retain(|ant, target| ant_at[ant as usize] != NO_IDX && !w.water[target as usize]);
    }

    /// The nearest border tile from `from` (BFS), if any within `depth` steps.
    fn nearest_border(&mut self, from: u32, depth: u16) -> Option<u32> {
        let mut found = None;
        let (w, areas) = (&self.world, &self.areas);
        self.bfs.run(w, [from], depth, |t, _| {
            if areas.is_border[t as usize] {
                found = Some(t);
                return Flow::Stop;
            }
            Flow::Expand
        });
        found
    }

    pub(super) fn do_missions(&mut self) {
        // All targets are refreshed while more than half of the turn's time is left.
        let refresh_all = self
            .clock
            .remaining()
            .zip(self.clock.total())
            .is_some_and(|(left, total)| left > total / 2);
        let turn = self.world.turn;
        let list: Vec<_> = self.missions.iter().copied().collect();
        for m in list {
            if self.out_of_time() {
                return;
            }
            let Some(a) = self.free_ant_at(m.ant) else {
                continue;
            };
            let mut target = m.target;
            if refresh_all || turn.saturating_sub(m.refreshed) >= REFRESH_TURNS {
                if let Some(b) = self.nearest_border(target, 20) {
                    target = b;
                }
                self.missions.retarget(m.ant, target, turn);
            }
            if target == m.ant || self.world.water[target as usize] {
                self.missions.remove(m.ant);
                continue;
            }
            if !self.walk(a, target) {
                self.missions.remove(m.ant);
            }
        }
    }

    /// Moves ant `a` one step along an A* path to `target` (mission move).
    fn walk(&mut self, a: usize, target: u32) -> bool {
        let t = self.world.own_ants[a];
        let limit = 3 * self.world.manhattan(t, target) + 20;
        let next_occ = &self.scratch.next_occ;
        let first = self
            .astar
            .first_move(&self.world, t, target, limit, 6000, |u| {
                next_occ[u as usize]
            });
        let first = first.or_else(|| {
            self.astar
                .first_move(&self.world, t, target, limit, 6000, |_| false)
        });
        match first {
            Some((d, _)) => {
                self.go_dir(a, d);
                true
            }
            None => false,
        }
    }

    pub(super) fn create_missions(&mut self) {
        let turn = self.world.turn;
        for a in 0..self.world.own_ants.len() {
            if self.scratch.done[a] {
                continue;
            }
            if self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            if self.missions.get(t).is_some() {
                continue;
            }
            let target = if self.world.own_hills.contains(&t) {
                self.hill_target(t)
            } else {
                self.nearest_border(t, 60)
            };
            let Some(target) = target else { continue };
            if target == t {
                continue;
            }
            self.missions.set(t, target, turn);
            if !self.walk(a, target) {
                self.missions.remove(t);
            }
        }
    }

    /// The border target of an ant that stands on an own hill: a random border tile of its
    /// area.
    fn hill_target(&mut self, t: u32) -> Option<u32> {
        let area = self.areas.area(t)?;
        let border = self.areas.border_of(area);
        if border.is_empty() {
            return None;
        }
        let k = self.rng.random_range(0..border.len());
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

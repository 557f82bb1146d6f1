//! The thesis's influence map (§5.1) for the bot: a thin wrapper over [`grid::InfluenceMap`]
//! with two sides (0 = own, 1 = all enemies together). Every known ant radiates 50 inside the
//! attack radius, 30 inside the "extended attack radius" (5 tiles) and 10 inside the view
//! radius, spread by flood fill (water blocks it) and blended with the previous turn by
//! `val = val·decay + new·(1 − decay)`. Safety is own minus enemy influence; path costs 1 (safe)
//! … 4 (dangerous) come from it.
//!
//! Values the thesis leaves open (the grid crate's choices, adopted): decay [`DECAY`] = 0.5;
//! ring membership by squared Euclidean distance among the flood-filled squares; path cost 1
//! for safety ≥ 0, 2 down to −20, 3 down to −50, 4 below.

use grid::{InfluenceParams, Pos};

use crate::world::World;

/// Weight of the old value in the per-turn blend.
pub const DECAY: f32 = 0.5;
/// The extended attack radius, squared (5 tiles).
pub const EXTENDED_RADIUS2: u32 = 25;

/// Own and enemy influence per square.
#[derive(Clone, Debug)]
pub struct InfluenceMap {
    map: grid::InfluenceMap,
    own_total: f32,
    enemy_total: f32,
}

impl InfluenceMap {
    /// A zero map for the world's shape and radii.
    pub fn new(world: &World) -> Self {
        let params = InfluenceParams {
            extended_radius2: EXTENDED_RADIUS2,
            decay: DECAY,
            ..InfluenceParams::thesis(world.settings.attackradius2, world.settings.viewradius2)
        };
        Self {
            map: grid::InfluenceMap::new(world.shape, 2, params),
            own_total: 0.0,
            enemy_total: 0.0,
        }
    }

    /// Recomputes the influence of the ants now known and blends it into the map.
    pub fn update(&mut self, world: &World) {
        let units = world
            .my_ants
            .iter()
            .map(|a| (a.pos, 0))
            .chain(world.enemy_ants.iter().map(|e| (e.0, 1)));
        self.map.update(units, |i| !world.water[i]);
        let (mut own, mut enemy) = (0.0, 0.0);
        for i in 0..world.shape.len() as u32 {
            let p = world.shape.pos(i);
            own += self.map.influence(0, p);
            enemy += self.map.influence(1, p);
        }
        self.own_total = own;
        self.enemy_total = enemy;
    }

    /// Own minus enemy influence (positive = safe).
    pub fn safety(&self, _world: &World, p: Pos) -> f32 {
        self.map.safety(0, p)
    }

    /// Path cost of entering a square (1 safe … 4 dangerous).
    pub fn path_cost(&self, i: u32) -> u32 {
        self.map.path_cost_at(0, i)
    }

    /// Sum of own influence over the map.
    pub fn own_total(&self) -> f32 {
        self.own_total
    }

    /// Sum of enemy influence over the map.
    pub fn enemy_total(&self) -> f32 {
        self.enemy_total
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use ants::TurnInput;

    #[test]
    fn rings_decay_and_water_blocking() {
        let mut w = World::new(&crate::test_support::settings(30, 30));
        let water: Vec<Pos> = (0..30).map(|r| Pos::new(r, 12)).collect();
        w.update(
            &TurnInput {
                turn: 1,
                water,
                ants: vec![(Pos::new(10, 10), 0), (Pos::new(20, 20), 1)],
                ..TurnInput::default()
            },
            &[],
        );
        let mut m = InfluenceMap::new(&w);
        m.update(&w);
        let at = |m: &InfluenceMap, r, c| m.safety(&w, Pos::new(r, c));
        assert_eq!(at(&m, 10, 10), 50.0);
        assert_eq!(at(&m, 10, 7), 30.0, "d2=9 is extended ring");
        assert_eq!(at(&m, 10, 3), 10.0, "d2=49 is view ring");
        assert_eq!(at(&m, 10, 13), 0.0, "water wall blocks influence");
        assert_eq!(at(&m, 20, 21), -50.0);
        assert_eq!(m.path_cost(w.shape.index(Pos::new(10, 10))), 1);
        assert_eq!(
            m.path_cost(w.shape.index(Pos::new(20, 20))),
            3,
            "-50 is the 3/4 boundary"
        );
        assert_eq!(
            m.path_cost(w.shape.index(Pos::new(20, 27))),
            2,
            "view ring only"
        );
        // The enemy leaves: its influence halves each turn.
        let mut w2 = w.clone();
        w2.enemy_ants.clear();
        m.update(&w2);
        assert_eq!(m.safety(&w2, Pos::new(20, 21)), -25.0);
        assert_eq!(m.safety(&w2, Pos::new(10, 10)), 50.0);
        assert!(m.own_total() > 0.0 && m.enemy_total() > 0.0);
    }
}

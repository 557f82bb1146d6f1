//! Influence map (thesis §5.1): every unit radiates influence in three rings, spread by a
//! flood fill that water blocks; per-player values blend over turns with a decay; safety is
//! own minus enemy influence and maps to a path cost of 1..=4.
//!
//! Values the thesis leaves open, chosen here (all in [`InfluenceParams`]):
//! * ring membership uses the squared Euclidean distance from the unit, but only cells the
//!   flood fill reaches inside the view radius count (so influence does not cross water);
//! * a cell takes the value of the innermost ring containing it, summed over a player's
//!   units;
//! * decay 0.5 (`val = val·decay + new·(1 − decay)`); the first update takes the new
//!   values as they are;
//! * safety for player p = influence(p) − Σ influence(other players);
//! * path cost: 1 where safety ≥ 0, 2 down to −20 (one enemy's view ring), 3 down to −50
//!   (extended attack ring), 4 below (enemy attack range or several enemies).

use crate::core::{Pos, Shape};
use crate::flood::{FloodFill, Limits};

/// Ring radii and values of the influence map, and the blend factor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InfluenceParams {
    /// Squared attack radius (Ants default 5); cells inside get `values[0]`.
    pub attack_radius2: u32,
    /// Squared extended attack radius (thesis: 5 tiles, so 25); cells inside get
    /// `values[1]`.
    pub extended_radius2: u32,
    /// Squared view radius (Ants default 77); cells inside get `values[2]`.
    pub view_radius2: u32,
    /// Ring values, innermost first (thesis: 50, 30, 10).
    pub values: [f32; 3],
    /// Share of the old value kept per update, in 0..=1.
    pub decay: f32,
}

impl InfluenceParams {
    /// The thesis's rings for a game with the given squared attack and view radii.
    pub const fn thesis(attack_radius2: u32, view_radius2: u32) -> Self {
        Self {
            attack_radius2,
            extended_radius2: 25,
            view_radius2,
            values: [50.0, 30.0, 10.0],
            decay: 0.5,
        }
    }
}

impl Default for InfluenceParams {
    fn default() -> Self {
        Self::thesis(5, 77)
    }
}

/// Per-player influence over one map, updated once per turn.
///
/// ```
/// use grid::{InfluenceMap, InfluenceParams, Pos, Shape, Topology};
/// let shape = Shape::new(20, 20, Topology::Torus);
/// let mut im = InfluenceMap::new(shape, 2, InfluenceParams::default());
/// im.update([(Pos::new(5, 5), 0), (Pos::new(5, 12), 1)], |_| true);
/// assert!(im.safety(0, Pos::new(5, 4)) > 0.0);
/// assert!(im.safety(0, Pos::new(5, 12)) < 0.0);
/// // Enemy attack ring (50) minus own view ring (10): safety −40, path cost 3.
/// assert_eq!(im.path_cost(0, Pos::new(5, 12)), 3);
/// ```
#[derive(Clone, Debug)]
pub struct InfluenceMap {
    shape: Shape,
    players: usize,
    params: InfluenceParams,
    /// `values[player * len + cell]`.
    values: Vec<f32>,
    fresh: Vec<f32>,
    initialised: bool,
    flood: FloodFill,
}

impl InfluenceMap {
    /// An all-zero map for `players` players.
    pub fn new(shape: Shape, players: usize, params: InfluenceParams) -> Self {
        let n = shape.len() * players;
        Self {
            shape,
            players,
            params,
            values: vec![0.0; n],
            fresh: vec![0.0; n],
            initialised: false,
            flood: FloodFill::new(shape),
        }
    }

    /// The parameters.
    pub const fn params(&self) -> InfluenceParams {
        self.params
    }

    /// Number of players.
    pub const fn players(&self) -> usize {
        self.players
    }

    /// Recomputes the influence of `units` (position, owner; owners ≥ `players` are
    /// ignored) over cells where `passable` holds and blends it into the map.
    pub fn update(
        &mut self,
        units: impl IntoIterator<Item = (Pos, usize)>,
        mut passable: impl FnMut(u32) -> bool,
    ) {
        let len = self.shape.len();
        let p = self.params;
        self.fresh.fill(0.0);
        for (pos, owner) in units {
            let Some(pos) = self.shape.normalize(pos) else {
                continue;
            };
            if owner >= self.players {
                continue;
            }
            let src = self.shape.index(pos);
            self.flood
                .fill([src], Limits::radius2(p.view_radius2), &mut passable);
            let nb = self.flood.neighbours();
            let base = owner * len;
            for &i in self.flood.visited() {
                let d2 = nb.dist2(src, i);
                let v = if d2 <= p.attack_radius2 {
                    p.values[0]
                } else if d2 <= p.extended_radius2 {
                    p.values[1]
                } else {
                    p.values[2]
                };
                self.fresh[base + i as usize] += v;
            }
        }
        if self.initialised {
            for (old, new) in self.values.iter_mut().zip(&self.fresh) {
                *old = *old * p.decay + new * (1.0 - p.decay);
            }
        } else {
            self.values.copy_from_slice(&self.fresh);
            self.initialised = true;
        }
    }

    fn cell(&self, pos: Pos) -> Option<usize> {
        self.shape
            .normalize(pos)
            .map(|q| self.shape.index(q) as usize)
    }

    /// Influence of `player` at `pos` (0 outside a bounded grid or for unknown players).
    pub fn influence(&self, player: usize, pos: Pos) -> f32 {
        match self.cell(pos) {
            Some(i) if player < self.players => self.values[player * self.shape.len() + i],
            _ => 0.0,
        }
    }

    /// Safety of cell index `i` for `player`: own influence minus all others'.
    pub fn safety_at(&self, player: usize, i: u32) -> f32 {
        let len = self.shape.len();
        let mut s = 0.0;
        for q in 0..self.players {
            let v = self.values[q * len + i as usize];
            if q == player {
                s += v;
            } else {
                s -= v;
            }
        }
        s
    }

    /// Safety of `pos` for `player` (see [`InfluenceMap::safety_at`]).
    pub fn safety(&self, player: usize, pos: Pos) -> f32 {
        self.cell(pos)
            .map_or(0.0, |i| self.safety_at(player, i as u32))
    }

    /// The path cost 1..=4 of entering cell index `i` for `player` (module docs give the
    /// mapping); use with [`crate::AStar::find_weighted`].
    pub fn path_cost_at(&self, player: usize, i: u32) -> u32 {
        let s = self.safety_at(player, i);
        if s >= 0.0 {
            1
        } else if s >= -20.0 {
            2
        } else if s >= -50.0 {
            3
        } else {
            4
        }
    }

    /// [`InfluenceMap::path_cost_at`] by position (1 outside a bounded grid).
    pub fn path_cost(&self, player: usize, pos: Pos) -> u32 {
        self.cell(pos)
            .map_or(1, |i| self.path_cost_at(player, i as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Topology;

    #[test]
    fn rings_water_and_decay() {
        let shape = Shape::new(30, 30, Topology::Bounded);
        let mut im = InfluenceMap::new(shape, 2, InfluenceParams::thesis(5, 77));
        // A wall at column 12 blocks influence from (10, 10) to the east.
        let wall = |i: u32| shape.pos(i).col != 12;
        im.update([(Pos::new(10, 10), 0)], wall);
        assert!((im.influence(0, Pos::new(10, 10)) - 50.0).abs() < 1e-6);
        assert!((im.influence(0, Pos::new(12 - 1, 9)) - 50.0).abs() < 1e-6); // d2 = 2
        assert!((im.influence(0, Pos::new(10, 6)) - 30.0).abs() < 1e-6); // d2 = 16
        assert!((im.influence(0, Pos::new(10, 2)) - 10.0).abs() < 1e-6); // d2 = 64
        assert!(im.influence(0, Pos::new(10, 13)).abs() < 1e-6); // behind the wall
        assert!(im.influence(0, Pos::new(10, 0)).abs() < 1e-6); // d2 = 100 > 77
        // Two units sum; then decay halves towards the new (empty) state.
        let mut im2 = InfluenceMap::new(shape, 2, InfluenceParams::thesis(5, 77));
        im2.update([(Pos::new(5, 5), 1), (Pos::new(5, 6), 1)], |_| true);
        assert!((im2.influence(1, Pos::new(5, 5)) - 100.0).abs() < 1e-6);
        assert_eq!(im2.path_cost(0, Pos::new(5, 5)), 4);
        assert!((im2.safety(1, Pos::new(5, 5)) - 100.0).abs() < 1e-6);
        im2.update(std::iter::empty(), |_| true);
        assert!((im2.influence(1, Pos::new(5, 5)) - 50.0).abs() < 1e-6);
        assert_eq!(im2.path_cost(0, Pos::new(25, 25)), 1);
        assert_eq!(im2.path_cost(0, Pos::new(5, 14)), 2); // view ring of both: -10
    }

    #[test]
    fn influence_aware_astar_detours_around_the_enemy() {
        // Thesis Table 4.1 in miniature: the straight path passes an enemy; with influence
        // costs the cheapest path bends away and costs less than the straight one would.
        let shape = Shape::new(40, 40, Topology::Bounded);
        let mut im = InfluenceMap::new(shape, 2, InfluenceParams::default());
        im.update([(Pos::new(20, 20), 1), (Pos::new(30, 5), 0)], |_| true);
        let mut astar = crate::AStar::new(shape);
        let (s, g) = (Pos::new(20, 5), Pos::new(20, 35));
        let plain = astar.find(s, g, |_| true).unwrap();
        let plain_weighted: u32 = plain.cells[1..].iter().map(|&p| im.path_cost(0, p)).sum();
        let safe = astar
            .find_weighted(s, g, u32::MAX, |i| im.path_cost_at(0, i))
            .unwrap();
        assert_eq!(plain.cost, 30);
        assert!(
            safe.cost < plain_weighted,
            "{} vs {plain_weighted}",
            safe.cost
        );
        assert!(
            safe.cells.len() > plain.cells.len(),
            "the safe path is a detour"
        );
        assert!(
            safe.cells
                .iter()
                .all(|&p| shape.dist2(p, Pos::new(20, 20)) > 5)
        );
    }
}

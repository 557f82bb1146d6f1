//! The starter kit's map model: remembered water plus this turn's ants and food, with
//! `passable`/`unoccupied`/`destination`/`distance` as in the official `ants.py`, and a
//! per-turn "destinations" set so ants of one player never collide.

use grid::{Dir, Pos, Shape, Topology};

use crate::bot::{GameSettings, TurnInput};

const LAND: u8 = 0;
const WATER: u8 = 1;
const FOOD: u8 = 2;
const ANT: u8 = 3;

/// What a bot knows about the map.
#[derive(Clone, Debug)]
pub struct Knowledge {
    shape: Shape,
    cells: Vec<u8>,
    touched: Vec<u32>,
    taken: Vec<u32>,
    stamp: u32,
    /// Own ants this turn (sorted).
    pub my_ants: Vec<Pos>,
    /// Enemy ants this turn.
    pub enemy_ants: Vec<(Pos, u8)>,
    /// Visible food this turn.
    pub food: Vec<Pos>,
    /// Visible enemy hills this turn.
    pub enemy_hills: Vec<(Pos, u8)>,
}

impl Knowledge {
    /// A blank model for the game's map size.
    pub fn new(settings: &GameSettings) -> Knowledge {
        let shape = Shape::new(settings.rows.max(1), settings.cols.max(1), Topology::Torus);
        Knowledge {
            shape,
            cells: vec![LAND; shape.len()],
            touched: Vec::new(),
            taken: vec![0; shape.len()],
            stamp: 0,
            my_ants: Vec::new(),
            enemy_ants: Vec::new(),
            food: Vec::new(),
            enemy_hills: Vec::new(),
        }
    }

    /// The map shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    fn idx(&self, p: Pos) -> Option<usize> {
        self.shape
            .normalize(p)
            .map(|q| self.shape.index(q) as usize)
    }

    /// Applies one turn message and starts a fresh destinations set.
    pub fn update(&mut self, input: &TurnInput) {
        for &c in &self.touched {
            self.cells[c as usize] = LAND;
        }
        self.touched.clear();
        self.stamp += 1;
        for &w in &input.water {
            if let Some(i) = self.idx(w) {
                self.cells[i] = WATER;
            }
        }
        self.my_ants.clear();
        self.enemy_ants.clear();
        for &(p, o) in &input.ants {
            if o == 0 {
                self.my_ants.push(p);
            } else {
                self.enemy_ants.push((p, o));
            }
            self.mark(p, ANT);
        }
        self.food.clone_from(&input.food);
        for &f in &input.food {
            self.mark(f, FOOD);
        }
        self.enemy_hills = input.hills.iter().copied().filter(|h| h.1 != 0).collect();
    }

    fn mark(&mut self, p: Pos, v: u8) {
        if let Some(i) = self.idx(p)
            && self.cells[i] != WATER
        {
            self.cells[i] = v;
            self.touched.push(i as u32);
        }
    }

    /// Not water.
    pub fn passable(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.cells[i] != WATER)
    }

    /// Land without food or ant.
    pub fn unoccupied(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.cells[i] == LAND)
    }

    /// The square one step from `p`.
    pub fn destination(&self, p: Pos, d: Dir) -> Pos {
        self.shape.step(p, d).unwrap_or(p)
    }

    /// Manhattan distance on the torus (as `ants.py`).
    #[inline]
    pub fn distance(&self, a: Pos, b: Pos) -> u32 {
        let dr = a.row.abs_diff(b.row);
        let dc = a.col.abs_diff(b.col);
        dr.min(self.shape.rows.saturating_sub(dr)) + dc.min(self.shape.cols.saturating_sub(dc))
    }

    /// True when a square was already claimed as a destination this turn.
    pub fn is_taken(&self, p: Pos) -> bool {
        self.idx(p).is_some_and(|i| self.taken[i] == self.stamp)
    }

    /// Claims a square as a destination for this turn.
    pub fn take(&mut self, p: Pos) {
        if let Some(i) = self.idx(p) {
            self.taken[i] = self.stamp;
        }
    }
}

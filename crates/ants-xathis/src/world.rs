//! The bot's world model: remembered water, per-turn ants/food/hills, vision, remembered
//! own hills and the "stood still" counters of enemy ants. Tiles are flat `u32` indices of a torus
//! [`Shape`]; unknown tiles count as land (as in the post mortem).

use ants::{GameSettings, TurnInput};
use grid::{Dir, Pos, Shape, Topology};

/// Marker for "no ant" in [`World::owner`].
pub const NO_ANT: u8 = u8::MAX;

/// Everything the bot knows about the map at the start of a turn.
#[derive(Clone, Debug)]
pub struct World {
    /// Map dimensions (always a torus).
    pub shape: Shape,
    /// Squared attack radius.
    pub attack2: u32,
    /// Squared view radius.
    pub view2: u32,
    /// The current turn (1-based).
    pub turn: u32,
    /// Known water (never forgotten).
    pub water: Vec<bool>,
    /// The four neighbours of each tile in [`Dir::ALL`] order (water included).
    pub nbr: Vec<[u32; 4]>,
    /// Row of each tile.
    row: Vec<i32>,
    /// Column of each tile.
    col: Vec<i32>,
    /// Own ants this turn, in input order.
    pub own_ants: Vec<u32>,
    /// Visible enemy ants with their owner.
    pub enemy_ants: Vec<(u32, u8)>,
    /// Owner of the ant on each tile ([`NO_ANT`] if none).
    pub owner: Vec<u8>,
    /// Visible food this turn.
    pub food: Vec<u32>,
    /// True where food lies this turn.
    pub is_food: Vec<bool>,
    /// Own hills (visible this turn, or remembered while not seen razed).
    pub own_hills: Vec<u32>,
    /// Enemy hills with owner (visible this turn).
    pub enemy_hills: Vec<(u32, u8)>,
    /// Consecutive turns an enemy ant of the same owner has stood on each tile.
    pub still_turns: Vec<u16>,
    /// Tiles inside the vision of an own ant this turn.
    pub visible: Vec<bool>,
    vision_offsets: Vec<(i32, i32)>,
    prev_owner: Vec<u8>,
}

impl World {
    /// An empty world for the given settings.
    pub fn new(settings: &GameSettings) -> Self {
        let rows = settings.rows.max(1);
        let cols = settings.cols.max(1);
        let shape = Shape::new(rows, cols, Topology::Torus);
        let n = shape.len();
        let mut nbr = Vec::with_capacity(n);
        let mut row = Vec::with_capacity(n);
        let mut col = Vec::with_capacity(n);
        for i in 0..n as u32 {
            let mut a = [0; 4];
            for d in Dir::ALL {
                a[d.index()] = shape.step_index(i, d).unwrap_or(i);
            }
            nbr.push(a);
            let p = shape.pos(i);
            row.push(p.row);
            col.push(p.col);
        }
        let r = (settings.viewradius2 as f64).sqrt() as i32 + 1;
        let mut vision_offsets = Vec::new();
        for dr in -r..=r {
            for dc in -r..=r {
                if (dr * dr + dc * dc) as u32 <= settings.viewradius2 {
                    vision_offsets.push((dr, dc));
                }
            }
        }
        Self {
            shape,
            attack2: settings.attackradius2,
            view2: settings.viewradius2,
            turn: 0,
            water: vec![false; n],
            nbr,
            row,
            col,
            own_ants: Vec::new(),
            enemy_ants: Vec::new(),
            owner: vec![NO_ANT; n],
            food: Vec::new(),
            is_food: vec![false; n],
            own_hills: Vec::new(),
            enemy_hills: Vec::new(),
            still_turns: vec![0; n],
            visible: vec![false; n],
            vision_offsets,
            prev_owner: vec![NO_ANT; n],
        }
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.water.len()
    }

    /// True for a zero-sized map (never for a real game).
    pub fn is_empty(&self) -> bool {
        self.water.is_empty()
    }

    /// The flat index of a position (wrapped onto the torus).
    pub fn tile(&self, p: Pos) -> u32 {
        let q = self.shape.normalize(p).unwrap_or_default();
        self.shape.index(q)
    }

    /// The position of a flat index.
    pub fn pos(&self, t: u32) -> Pos {
        Pos::new(self.row[t as usize], self.col[t as usize])
    }

    /// The neighbour of `t` in direction `d`.
    #[inline]
    pub fn step(&self, t: u32, d: Dir) -> u32 {
        self.nbr[t as usize][d.index()]
    }

    /// True when an ant may stand on `t` next turn as far as the map goes: not water and
    /// no food (a move onto food is ignored by the engine).
    #[inline]
    pub fn walkable(&self, t: u32) -> bool {
        !self.water[t as usize] && !self.is_food[t as usize]
    }

    /// The signed torus offset from `a` to `b`.
    #[inline]
    pub fn offset(&self, a: u32, b: u32) -> (i32, i32) {
        let (rows, cols) = (self.shape.rows as i32, self.shape.cols as i32);
        let mut dr = self.row[b as usize] - self.row[a as usize];
        let mut dc = self.col[b as usize] - self.col[a as usize];
        if dr * 2 > rows {
            dr -= rows;
        } else if dr * 2 < -rows {
            dr += rows;
        }
        if dc * 2 > cols {
            dc -= cols;
        } else if dc * 2 < -cols {
            dc += cols;
        }
        (dr, dc)
    }

    /// Squared Euclidean torus distance.
    #[inline]
    pub fn dist2(&self, a: u32, b: u32) -> u32 {
        let (dr, dc) = self.offset(a, b);
        (dr * dr + dc * dc) as u32
    }

    /// Manhattan torus distance.
    #[inline]
    pub fn manhattan(&self, a: u32, b: u32) -> u32 {
        let (dr, dc) = self.offset(a, b);
        dr.unsigned_abs() + dc.unsigned_abs()
    }

    /// The tile at offset `(dr, dc)` from `t`.
    pub fn offset_tile(&self, t: u32, dr: i32, dc: i32) -> u32 {
        let rows = self.shape.rows as i32;
        let cols = self.shape.cols as i32;
        let r = (self.row[t as usize] + dr).rem_euclid(rows);
        let c = (self.col[t as usize] + dc).rem_euclid(cols);
        (r * cols + c) as u32
    }

    /// The direction of a one-step move from `from` to its neighbour `to`.
    pub fn dir_to(&self, from: u32, to: u32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|&d| self.step(from, d) == to)
    }

    /// Reads one turn message: updates water, ants, food, hills, vision and counters.
    pub fn update(&mut self, input: &TurnInput) {
        self.turn = input.turn;
        for &p in &input.water {
            let t = self.tile(p) as usize;
            self.water[t] = true;
        }
        // `prev_owner` is all NO_ANT between turns; after the swap it holds last turn's ants.
        std::mem::swap(&mut self.owner, &mut self.prev_owner);
        for &t in &self.food {
            self.is_food[t as usize] = false;
        }
        let (old_own, old_enemy) = (
            std::mem::take(&mut self.own_ants),
            std::mem::take(&mut self.enemy_ants),
        );
        for &(p, o) in &input.ants {
            let t = self.tile(p);
            if self.owner[t as usize] != NO_ANT {
                continue;
            }
            self.owner[t as usize] = o;
            if o == 0 {
                self.own_ants.push(t);
            } else {
                self.enemy_ants.push((t, o));
            }
        }
        for &(t, o) in &self.enemy_ants {
            let t = t as usize;
            self.still_turns[t] = if self.prev_owner[t] == o {
                self.still_turns[t].saturating_add(1)
            } else {
                1
            };
        }
        for &t in &old_own {
            self.prev_owner[t as usize] = NO_ANT;
        }
        for &(t, _) in &old_enemy {
            self.prev_owner[t as usize] = NO_ANT;
            if self.owner[t as usize] == NO_ANT {
                self.still_turns[t as usize] = 0;
            }
        }
        self.food.clear();
        for &p in &input.food {
            let t = self.tile(p);
            if !self.is_food[t as usize] {
                self.is_food[t as usize] = true;
                self.food.push(t);
            }
        }
        self.update_vision();
        self.update_hills(input);
    }

    fn update_vision(&mut self) {
        self.visible.fill(false);
        for i in 0..self.own_ants.len() {
            let a = self.own_ants[i];
            for k in 0..self.vision_offsets.len() {
                let (dr, dc) = self.vision_offsets[k];
                let t = self.offset_tile(a, dr, dc) as usize;
                self.visible[t] = true;
            }
        }
    }

    fn update_hills(&mut self, input: &TurnInput) {
        let mut own: Vec<u32> = Vec::new();
        let mut enemy: Vec<(u32, u8)> = Vec::new();
        for &(p, o) in &input.hills {
            let t = self.tile(p);
            if o == 0 {
                own.push(t);
            } else {
                enemy.push((t, o));
            }
        }
        for &t in &self.own_hills {
            if !self.visible[t as usize] && !own.contains(&t) {
                own.push(t);
            }
        }
        own.sort_unstable();
        enemy.sort_unstable();
        self.own_hills = own;
        self.enemy_hills = enemy;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn settings(rows: u32, cols: u32) -> GameSettings {
        GameSettings {
            loadtime_ms: 3000,
            turntime_ms: 500,
            rows,
            cols,
            turns: 1000,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            player_seed: 7,
        }
    }

    #[test]
    fn update_tracks_water_ants_and_still_enemies() {
        let mut w = World::new(&settings(20, 30));
        let input = TurnInput {
            turn: 1,
            water: vec![Pos::new(0, 0)],
            hills: vec![(Pos::new(5, 5), 0), (Pos::new(6, 20), 1)],
            ants: vec![(Pos::new(5, 5), 0), (Pos::new(6, 6), 1)],
            food: vec![Pos::new(7, 7)],
            dead: vec![],
        };
        w.update(&input);
        assert!(w.water[0]);
        assert_eq!(w.own_ants, vec![w.tile(Pos::new(5, 5))]);
        assert_eq!(w.enemy_ants.len(), 1);
        assert!(!w.walkable(w.tile(Pos::new(7, 7))));
        let e = w.tile(Pos::new(6, 6));
        assert_eq!(w.still_turns[e as usize], 1);
        w.update(&TurnInput {
            turn: 2,
            food: vec![],
            water: vec![],
            ..input.clone()
        });
        assert_eq!(w.still_turns[e as usize], 2);
        assert!(w.water[0], "water is remembered");
        assert_eq!(w.food.len(), 0);
        w.update(&TurnInput {
            turn: 3,
            ants: vec![(Pos::new(15, 25), 0)],
            ..TurnInput::default()
        });
        assert_eq!(w.still_turns[e as usize], 0);
        assert_eq!(
            w.own_hills,
            vec![w.tile(Pos::new(5, 5))],
            "own hill out of sight is remembered"
        );
        assert!(
            w.enemy_hills.is_empty(),
            "enemy hills out of sight are forgotten"
        );
        w.update(&TurnInput {
            turn: 4,
            ants: vec![(Pos::new(5, 6), 0)],
            ..TurnInput::default()
        });
        assert!(
            w.own_hills.is_empty(),
            "a visible hill that is not reported was razed"
        );
    }

    #[test]
    fn torus_distances_wrap() {
        let w = World::new(&settings(10, 12));
        let a = w.tile(Pos::new(0, 0));
        let b = w.tile(Pos::new(9, 11));
        assert_eq!(w.offset(a, b), (-1, -1));
        assert_eq!(w.dist2(a, b), 2);
        assert_eq!(w.manhattan(a, b), 2);
        assert_eq!(w.offset_tile(a, -1, -1), b);
        assert_eq!(w.dir_to(a, w.step(a, Dir::W)), Some(Dir::W));
    }
}

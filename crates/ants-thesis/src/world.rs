//! World knowledge (thesis §6.1 `World` and `Population`): remembered water, what has ever been
//! seen and what is visible now, own and enemy hills, food, and own ants tracked across turns by
//! stable ids.

use std::collections::BTreeMap;

use ants::{GameSettings, TurnInput};
use grid::{Grid, Pos, Shape, Topology};

/// A stable id of one own ant, kept while the ant lives.
pub type AntId = u32;

/// Marks a square without an own ant in [`World::my_ant_id`].
pub const NO_ANT: AntId = AntId::MAX;

/// One own ant this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MyAnt {
    /// Stable id.
    pub id: AntId,
    /// Current square.
    pub pos: Pos,
}

/// Everything the bot knows about the map and the units on it.
#[derive(Clone, Debug)]
pub struct World {
    /// Dimensions (always a torus in Ants).
    pub shape: Shape,
    /// The game settings of turn 0.
    pub settings: GameSettings,
    /// Current turn.
    pub turn: u32,
    /// Water squares ever reported (water is sent only once).
    pub water: Grid<bool>,
    /// Squares ever seen.
    pub seen: Grid<bool>,
    /// Squares visible this turn.
    pub visible: Grid<bool>,
    /// Number of squares ever seen.
    pub seen_count: u32,
    /// Food visible this turn (row-major order).
    pub food: Vec<Pos>,
    /// Food flags per square.
    pub food_at: Grid<bool>,
    /// Own hills still standing (as far as known).
    pub my_hills: Vec<Pos>,
    /// Enemy hills still standing (as far as known) with their owner.
    pub enemy_hills: Vec<(Pos, u8)>,
    /// Own ants this turn, ordered by id.
    pub my_ants: Vec<MyAnt>,
    /// Enemy ants visible this turn with their owner.
    pub enemy_ants: Vec<(Pos, u8)>,
    /// Owner + 1 of the ant on each square this turn (0 = none).
    pub ant_owner: Grid<u8>,
    /// Own hill flags per square.
    pub my_hill_at: Grid<bool>,
    /// Id of the own ant on each square this turn ([`NO_ANT`] = none).
    pub my_ant_id: Grid<AntId>,
    index_of: BTreeMap<AntId, usize>,
    next_id: AntId,
    vision: Vec<(i32, i32)>,
}

/// The (row, col) offsets with `d2 <= radius2` (including the centre).
pub fn disc_offsets(radius2: u32) -> Vec<(i32, i32)> {
    let r = f64::from(radius2).sqrt() as i32 + 1;
    let mut out = Vec::new();
    for dr in -r..=r {
        for dc in -r..=r {
            if (dr * dr + dc * dc) as u32 <= radius2 {
                out.push((dr, dc));
            }
        }
    }
    out
}

impl World {
    /// An empty world for the given settings.
    pub fn new(settings: &GameSettings) -> Self {
        let shape = Shape::new(settings.rows.max(1), settings.cols.max(1), Topology::Torus);
        Self {
            shape,
            settings: settings.clone(),
            turn: 0,
            water: Grid::new(shape, false),
            seen: Grid::new(shape, false),
            visible: Grid::new(shape, false),
            seen_count: 0,
            food: Vec::new(),
            food_at: Grid::new(shape, false),
            my_hills: Vec::new(),
            enemy_hills: Vec::new(),
            my_ants: Vec::new(),
            enemy_ants: Vec::new(),
            ant_owner: Grid::new(shape, 0),
            my_hill_at: Grid::new(shape, false),
            my_ant_id: Grid::new(shape, NO_ANT),
            index_of: BTreeMap::new(),
            next_id: 0,
            vision: disc_offsets(settings.viewradius2),
        }
    }

    /// Wraps a position onto the torus.
    pub fn wrap(&self, p: Pos) -> Pos {
        Pos::new(
            p.row.rem_euclid(self.shape.rows as i32),
            p.col.rem_euclid(self.shape.cols as i32),
        )
    }

    /// `p + (dr, dc)` wrapped.
    pub fn offset(&self, p: Pos, dr: i32, dc: i32) -> Pos {
        self.wrap(Pos::new(p.row + dr, p.col + dc))
    }

    /// True unless the square is known water.
    pub fn passable(&self, p: Pos) -> bool {
        !self.water[p]
    }

    /// True when an ant can path through `p`: not water and not an own hill (thesis §3.2:
    /// paths never lead over own hills).
    pub fn walkable(&self, p: Pos) -> bool {
        !self.water[p] && !self.my_hill_at[p]
    }

    /// Share of the map ever seen, in percent.
    pub fn percent_explored(&self) -> f64 {
        f64::from(self.seen_count) * 100.0 / self.shape.len() as f64
    }

    /// The own ant with this id, if alive.
    pub fn ant(&self, id: AntId) -> Option<MyAnt> {
        self.index_of.get(&id).map(|&i| self.my_ants[i])
    }

    /// True when an enemy ant stands on `p`.
    pub fn enemy_at(&self, p: Pos) -> bool {
        self.ant_owner[p] > 1
    }

    /// The id of the own ant on `p`, if any.
    pub fn my_ant_at(&self, p: Pos) -> Option<AntId> {
        let id = self.my_ant_id[p];
        (id != NO_ANT).then_some(id)
    }

    /// Applies one turn message. `expected` lists, for each ant ordered last turn, its id, the
    /// square it stood on and the square it should now stand on; unordered ants are expected
    /// where they stood. Ants are matched by expected square first, then by old square (a
    /// refused move); unmatched ants are new, unmatched ids have died.
    pub fn update(&mut self, input: &TurnInput, expected: &[(AntId, Pos, Pos)]) {
        self.turn = input.turn;
        for &w in &input.water {
            if let Some(w) = self.shape.normalize(w) {
                self.water[w] = true;
            }
        }
        self.ant_owner.fill(0);
        self.enemy_ants.clear();
        let mut mine: Vec<Pos> = Vec::new();
        for &(p, owner) in &input.ants {
            let Some(p) = self.shape.normalize(p) else {
                continue;
            };
            self.ant_owner[p] = owner.saturating_add(1);
            if owner == 0 {
                mine.push(p);
            } else {
                self.enemy_ants.push((p, owner));
            }
        }
        mine.sort();
        self.track(&mine, expected);
        self.compute_vision();
        self.food_at.fill(false);
        self.food.clear();
        for &f in &input.food {
            if let Some(f) = self.shape.normalize(f)
                && !self.food_at[f]
            {
                self.food_at[f] = true;
                self.food.push(f);
            }
        }
        self.food.sort();
        self.update_hills(&input.hills);
    }

    fn track(&mut self, mine: &[Pos], expected: &[(AntId, Pos, Pos)]) {
        let mut taken = vec![false; mine.len()];
        let mut matched: Vec<MyAnt> = Vec::with_capacity(mine.len());
        let mut unmatched: Vec<(AntId, Pos)> = Vec::new();
        for &(id, _, now) in expected {
            match mine.binary_search(&now) {
                Ok(i) if !taken[i] => {
                    taken[i] = true;
                    matched.push(MyAnt { id, pos: now });
                }
                _ => unmatched.push((id, now)),
            }
        }
        for &(id, old, _) in expected {
            if !unmatched.iter().any(|u| u.0 == id) {
                continue;
            }
            if let Ok(i) = mine.binary_search(&old)
                && !taken[i]
            {
                taken[i] = true;
                matched.push(MyAnt { id, pos: old });
            }
        }
        for (i, &p) in mine.iter().enumerate() {
            if !taken[i] {
                matched.push(MyAnt {
                    id: self.next_id,
                    pos: p,
                });
                self.next_id += 1;
            }
        }
        matched.sort_by_key(|a| a.id);
        self.index_of = matched.iter().enumerate().map(|(i, a)| (a.id, i)).collect();
        self.my_ant_id.fill(NO_ANT);
        for a in &matched {
            self.my_ant_id[a.pos] = a.id;
        }
        self.my_ants = matched;
    }

    fn compute_vision(&mut self) {
        self.visible.fill(false);
        let ants: Vec<Pos> = self.my_ants.iter().map(|a| a.pos).collect();
        for p in ants {
            for &(dr, dc) in &self.vision {
                let q = Pos::new(
                    (p.row + dr).rem_euclid(self.shape.rows as i32),
                    (p.col + dc).rem_euclid(self.shape.cols as i32),
                );
                self.visible[q] = true;
                if !self.seen[q] {
                    self.seen[q] = true;
                    self.seen_count += 1;
                }
            }
        }
    }

    fn update_hills(&mut self, hills: &[(Pos, u8)]) {
        let visible = &self.visible;
        self.my_hills.retain(|&h| !visible[h]);
        self.enemy_hills.retain(|&(h, _)| !visible[h]);
        for &(p, owner) in hills {
            let Some(p) = self.shape.normalize(p) else {
                continue;
            };
            if owner == 0 {
                if !self.my_hills.contains(&p) {
                    self.my_hills.push(p);
                }
            } else if !self.enemy_hills.iter().any(|h| h.0 == p) {
                self.enemy_hills.push((p, owner));
            }
        }
        self.my_hills.sort();
        self.enemy_hills.sort();
        self.my_hill_at.fill(false);
        for &h in &self.my_hills {
            self.my_hill_at[h] = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_support::settings;

    #[test]
    fn remembers_water_and_hills_and_tracks_ants() {
        let mut w = World::new(&settings(30, 30));
        let t1 = TurnInput {
            turn: 1,
            water: vec![Pos::new(3, 3)],
            hills: vec![(Pos::new(5, 5), 0), (Pos::new(12, 5), 1)],
            ants: vec![
                (Pos::new(5, 5), 0),
                (Pos::new(6, 9), 0),
                (Pos::new(12, 6), 1),
            ],
            food: vec![Pos::new(7, 7)],
            dead: vec![],
        };
        w.update(&t1, &[]);
        assert_eq!(w.my_ants.len(), 2);
        assert_eq!(w.enemy_ants, vec![(Pos::new(12, 6), 1)]);
        let a = w.my_ants[0];
        let b = w.my_ants[1];
        assert!(w.visible[Pos::new(5, 13)] && !w.visible[Pos::new(20, 20)]);
        // Turn 2: a moved east, b's move was refused (it stays); water not resent.
        let t2 = TurnInput {
            turn: 2,
            water: vec![],
            hills: vec![(Pos::new(5, 5), 0)],
            ants: vec![
                (Pos::new(5, 6), 0),
                (Pos::new(6, 9), 0),
                (Pos::new(5, 5), 0),
            ],
            food: vec![],
            dead: vec![],
        };
        w.update(
            &t2,
            &[(a.id, a.pos, Pos::new(5, 6)), (b.id, b.pos, Pos::new(7, 9))],
        );
        assert!(w.water[Pos::new(3, 3)], "water is remembered");
        assert_eq!(w.ant(a.id).map(|x| x.pos), Some(Pos::new(5, 6)));
        assert_eq!(w.ant(b.id).map(|x| x.pos), Some(Pos::new(6, 9)));
        assert_eq!(w.my_ants.len(), 3, "the hatchling gets a new id");
        // The enemy hill at (12,5) is visible (d2 = 49 from (5,5)) and not reported: razed.
        assert!(w.enemy_hills.is_empty());
        assert_eq!(w.my_hills, vec![Pos::new(5, 5)]);
        assert!(!w.walkable(Pos::new(5, 5)) && w.passable(Pos::new(5, 5)));
        // Turn 3: a dies.
        let t3 = TurnInput {
            turn: 3,
            ants: vec![(Pos::new(6, 9), 0), (Pos::new(5, 5), 0)],
            hills: vec![(Pos::new(5, 5), 0)],
            ..TurnInput::default()
        };
        let ids: Vec<(AntId, Pos, Pos)> = w.my_ants.iter().map(|x| (x.id, x.pos, x.pos)).collect();
        w.update(&t3, &ids);
        assert!(w.ant(a.id).is_none());
        assert_eq!(w.my_ants.len(), 2);
    }

    #[test]
    fn enemy_hill_out_of_sight_is_remembered() {
        let mut w = World::new(&settings(40, 40));
        let t1 = TurnInput {
            turn: 1,
            hills: vec![(Pos::new(10, 10), 2)],
            ants: vec![(Pos::new(10, 12), 0)],
            ..TurnInput::default()
        };
        w.update(&t1, &[]);
        let id = w.my_ants[0].id;
        let t2 = TurnInput {
            turn: 2,
            ants: vec![(Pos::new(30, 30), 0)],
            ..TurnInput::default()
        };
        w.update(&t2, &[(id, Pos::new(10, 12), Pos::new(10, 12))]);
        assert_eq!(w.enemy_hills, vec![(Pos::new(10, 10), 2)]);
        assert!(w.percent_explored() > 0.0);
    }
}

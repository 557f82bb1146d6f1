//! Fog of war (spec §4.11, §5.2, §5.3): per-player visible squares, revealed water,
//! perspective ids, and the rendering of what a player is told each turn.

use grid::Shape;

use crate::bot::TurnInput;
use crate::engine::Engine;

/// A vision disc as row spans: for each row offset, the half width of the visible run.
#[derive(Clone, Debug)]
struct Disc {
    rows: u32,
    cols: u32,
    spans: Vec<(u32, u32)>,
}

impl Disc {
    fn new(shape: Shape, r2: u32) -> Disc {
        let r = f64::from(r2).sqrt() as i32 + 1;
        let mut spans = Vec::new();
        for dr in -r..=r {
            let rest = r2 as i32 - dr * dr;
            if rest < 0 {
                continue;
            }
            let mut w = f64::from(rest).sqrt() as i32;
            while (w + 1) * (w + 1) <= rest {
                w += 1;
            }
            while w * w > rest {
                w -= 1;
            }
            spans.push((dr.rem_euclid(shape.rows as i32) as u32, w as u32));
        }
        Disc {
            rows: shape.rows,
            cols: shape.cols,
            spans,
        }
    }

    /// Calls `f(start, end)` for the contiguous index ranges covered around `cell`.
    #[inline]
    fn for_each_run(&self, cell: u32, mut f: impl FnMut(usize, usize)) {
        let (r, c) = (cell / self.cols, cell % self.cols);
        for &(dr, w) in &self.spans {
            let mut row = r + dr;
            if row >= self.rows {
                row -= self.rows;
            }
            let base = (row * self.cols) as usize;
            let width = 2 * w + 1;
            if width >= self.cols {
                f(base, base + self.cols as usize);
                continue;
            }
            let mut start = c + self.cols - w;
            if start >= self.cols {
                start -= self.cols;
            }
            let end = start + width;
            if end <= self.cols {
                f(base + start as usize, base + end as usize);
            } else {
                f(base + start as usize, base + self.cols as usize);
                f(base, base + (end - self.cols) as usize);
            }
        }
    }
}

/// Per-player vision state.
#[derive(Clone, Debug)]
pub struct Views {
    visible: Vec<Vec<bool>>,
    revealed: Vec<Vec<u8>>,
    last_cell: Vec<u32>,
    order: Vec<u32>,
    new_water: Vec<Vec<u32>>,
    pid: Vec<Vec<Option<u8>>>,
    next_id: Vec<u8>,
    disc: Disc,
    seen: Vec<Vec<u32>>,
}

impl Views {
    /// Empty views for the engine's players; call [`Views::update`] to compute them.
    pub fn new(engine: &Engine) -> Views {
        let n = engine.num_players();
        let len = engine.shape().len();
        let mut pid = vec![vec![None; n]; n];
        for (p, row) in pid.iter_mut().enumerate() {
            row[p] = Some(0);
        }
        Views {
            visible: vec![vec![false; len]; n],
            revealed: vec![vec![0; len]; n],
            last_cell: Vec::new(),
            order: Vec::new(),
            new_water: vec![Vec::new(); n],
            pid,
            next_id: vec![1; n],
            disc: Disc::new(engine.shape(), engine.rules.viewradius2),
            seen: vec![Vec::new(); n],
        }
    }

    /// Recomputes every player's vision from its living ants, the newly revealed water and
    /// the perspective ids of newly seen enemies.
    pub fn update(&mut self, engine: &Engine) {
        for p in 0..self.visible.len() {
            self.visible[p].fill(false);
            self.new_water[p].clear();
        }
        self.last_cell.resize(engine.ants.len(), u32::MAX);
        for &a in engine.live_ants() {
            let ant = &engine.ants[a as usize];
            let p = usize::from(ant.owner);
            // A stationary ant cannot reveal anything new: its disc was revealed before.
            let moved = std::mem::replace(&mut self.last_cell[a as usize], ant.cell) != ant.cell;
            let (vis, rev, water) = (
                &mut self.visible[p],
                &mut self.revealed[p],
                &mut self.new_water[p],
            );
            self.disc.for_each_run(ant.cell, |a, b| {
                vis[a..b].fill(true);
                if !moved || !rev[a..b].contains(&0) {
                    return;
                }
                for (c, r) in rev[a..b].iter_mut().enumerate() {
                    if *r == 0 {
                        *r = 1;
                        if engine.water[a + c] {
                            water.push((a + c) as u32);
                        }
                    }
                }
            });
        }
        self.order.clear();
        self.order.extend_from_slice(engine.live_ants());
        self.order
            .sort_unstable_by_key(|&a| engine.ants[a as usize].cell);
        for p in 0..self.visible.len() {
            self.new_water[p].sort_unstable();
            let seen = &mut self.seen[p];
            seen.clear();
            let vis = &self.visible[p];
            seen.extend(
                self.order
                    .iter()
                    .copied()
                    .filter(|&a| vis[engine.ants[a as usize].cell as usize]),
            );
            for i in 0..self.seen[p].len() {
                let owner = engine.ants[self.seen[p][i] as usize].owner;
                self.assign(p, owner);
            }
        }
    }

    fn assign(&mut self, p: usize, owner: u8) -> u8 {
        let slot = &mut self.pid[p][usize::from(owner)];
        if let Some(id) = *slot {
            return id;
        }
        let id = self.next_id[p];
        *slot = Some(id);
        self.next_id[p] += 1;
        id
    }

    /// True when player `p` currently sees `cell`.
    pub fn is_visible(&self, p: usize, cell: u32) -> bool {
        self.visible[p][cell as usize]
    }

    /// The perspective id player `p` uses for player `owner`, if assigned.
    pub fn perspective_id(&self, p: usize, owner: usize) -> Option<u8> {
        self.pid[p][owner]
    }

    /// What player `p` is told about the current state (spec §5.2.2), assigning perspective
    /// ids to owners of `h` and `d` lines on the way.
    pub fn turn_input(&mut self, engine: &Engine, p: usize, turn: u32) -> TurnInput {
        let shape = engine.shape();
        let vis = &self.visible[p];
        let mut hills: Vec<(u32, u8)> = engine
            .hills
            .iter()
            .filter(|h| h.killed_by.is_none() && vis[h.cell as usize])
            .map(|h| (h.cell, h.owner))
            .collect();
        hills.sort_unstable();
        let mut food: Vec<u32> = engine
            .live_food()
            .iter()
            .map(|&f| engine.food[f as usize].cell)
            .filter(|&c| vis[c as usize])
            .collect();
        food.sort_unstable();
        let mut dead: Vec<(u32, u8)> = engine
            .killed
            .iter()
            .map(|&a| (engine.ants[a as usize].cell, engine.ants[a as usize].owner))
            .filter(|&(c, o)| vis[c as usize] || usize::from(o) == p)
            .collect();
        dead.sort_unstable();
        let ants: Vec<(u32, u8)> = self.seen[p]
            .iter()
            .map(|&a| (engine.ants[a as usize].cell, engine.ants[a as usize].owner))
            .collect();
        let water = self.new_water[p].iter().map(|&c| shape.pos(c)).collect();
        let hills = hills
            .into_iter()
            .map(|(c, o)| (shape.pos(c), self.assign(p, o)))
            .collect();
        let ants = ants
            .into_iter()
            .map(|(c, o)| (shape.pos(c), self.assign(p, o)))
            .collect();
        let food = food.into_iter().map(|c| shape.pos(c)).collect();
        let dead = dead
            .into_iter()
            .map(|(c, o)| (shape.pos(c), self.assign(p, o)))
            .collect();
        TurnInput {
            turn,
            water,
            hills,
            ants,
            food,
            dead,
        }
    }

    /// Values of all players in player `p`'s perspective order (`None` for ids not given).
    pub fn in_perspective<T: Clone>(&self, p: usize, values: &[T]) -> Vec<Option<T>> {
        let mut out = vec![None; values.len()];
        for (real, v) in values.iter().enumerate() {
            if let Some(id) = self.pid[p][real]
                && let Some(slot) = out.get_mut(usize::from(id))
            {
                *slot = Some(v.clone());
            }
        }
        out
    }
}

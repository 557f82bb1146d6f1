//! Flood fills on the flat board: the free area reachable from a head (with distances),
//! and multi-source (Voronoi) territory with ties.
//!
//! Areas and distances use [`grid::FloodFill`] (one per board shape, reused). The Voronoi
//! fill stays a BFS of its own because `grid::FloodFill` has no tie rule: a cell reached
//! equally soon from two heads belongs to nobody here, which with `grid` takes one fill
//! per head plus a comparison of the distances. Measured with
//! `cargo bench -p speed --bench fill -- --warm-up-time 1 --measurement-time 3` on
//! mid-game 6-player boards (criterion medians, 2-core machine at load ≈ 18):
//!
//! | board | area of every head: old own BFS → grid | Voronoi: own vs grid |
//! |---|---|---|
//! | 40×40 | 59.4 → 35.2 µs | 20.3 vs 46.0 µs |
//! | 60×60 | 221 → 129 µs | 47.5 vs 153 µs |
//! | 80×80 | 423 → 357 µs | 132 vs 445 µs |
//!
//! The Voronoi buffers are kept between calls; generation stamps avoid clearing.

use grid::{FloodFill, Limits, Shape, Topology};

use crate::state::{FREE, GameState};

/// Reusable fill buffers.
#[derive(Clone, Debug, Default)]
pub struct Fill {
    /// The area fill, built for the shape of the last board.
    flood: Option<FloodFill>,
    stamp: Vec<u32>,
    epoch: u32,
    dist: Vec<u16>,
    owner: Vec<u8>,
    queue: Vec<u32>,
}

/// Neighbour indices of `i` on a `w` × `h` board.
#[inline]
fn neighbours(i: u32, w: u32, h: u32) -> impl Iterator<Item = u32> {
    let (x, y) = (i % w, i / w);
    let up = (y > 0).then(|| i - w);
    let down = (y + 1 < h).then(|| i + w);
    let left = (x > 0).then(|| i - 1);
    let right = (x + 1 < w).then(|| i + 1);
    [up, right, down, left].into_iter().flatten()
}

impl Fill {
    /// Empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    fn reset(&mut self, n: usize) {
        if self.stamp.len() != n {
            self.stamp = vec![0; n];
            self.dist = vec![0; n];
            self.owner = vec![0; n];
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.queue.clear();
    }

    /// The area fill for `state`'s board (rebuilt when the board size changes).
    fn flood(&mut self, state: &GameState) -> &mut FloodFill {
        let shape = Shape::new(
            u32::try_from(state.height).unwrap_or(0),
            u32::try_from(state.width).unwrap_or(0),
            Topology::Bounded,
        );
        let flood = self.flood.take().filter(|f| f.shape() == shape);
        self.flood
            .insert(flood.unwrap_or_else(|| FloodFill::new(shape)))
    }

    /// Whether the last [`Fill::area`] reached cell `i` (the head included).
    #[inline]
    pub fn reached(&self, i: u32) -> bool {
        self.flood.as_ref().is_some_and(|f| f.reached(i))
    }

    /// BFS distance of cell `i` from the head in the last [`Fill::area`] (valid when
    /// [`Fill::reached`]).
    #[inline]
    pub fn distance(&self, i: u32) -> u16 {
        let d = self.flood.as_ref().and_then(|f| f.dist(i)).unwrap_or(0);
        u16::try_from(d).unwrap_or(u16::MAX)
    }

    /// Number of free cells connected to the head at `(x, y)` (0 when it is off the
    /// board); the head itself is not counted.
    pub fn area(&mut self, state: &GameState, x: i32, y: i32) -> usize {
        let on_board = state.contains(x, y);
        let start = on_board.then(|| state.index(x, y) as u32);
        let cells = &state.cells;
        let reached = self
            .flood(state)
            .fill(start, Limits::NONE, |j| cells[j as usize] == FREE);
        reached.saturating_sub(1)
    }

    /// BFS distance over free cells from head `(x, y)` to the cell next to head
    /// `(tx, ty)` (i.e. path length to reach it), or `None` if unreachable.
    pub fn head_distance(
        &mut self,
        state: &GameState,
        x: i32,
        y: i32,
        tx: i32,
        ty: i32,
    ) -> Option<u16> {
        self.area(state, x, y);
        if !state.contains(tx, ty) {
            return None;
        }
        let t = state.index(tx, ty) as u32;
        let (w, h) = (state.width as u32, state.height as u32);
        neighbours(t, w, h)
            .filter(|&n| self.reached(n))
            .map(|n| self.distance(n) + 1)
            .min()
    }

    /// Multi-source territory: every free cell is owned by the source that reaches it
    /// strictly first (ties: nobody). `sources[k] = (x, y)` of an on-board head.
    /// Returns the cell count owned by each source in `counts`.
    pub fn voronoi(&mut self, state: &GameState, sources: &[(i32, i32)], counts: &mut Vec<u32>) {
        const TIE: u8 = u8::MAX;
        self.reset(state.cells.len());
        counts.clear();
        counts.resize(sources.len(), 0);
        let (w, h) = (state.width as u32, state.height as u32);
        for (k, &(x, y)) in sources.iter().enumerate() {
            if state.contains(x, y) {
                let s = state.index(x, y);
                self.stamp[s] = self.epoch;
                self.dist[s] = 0;
                self.owner[s] = k as u8;
                self.queue.push(s as u32);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let i = self.queue[head] as usize;
            head += 1;
            let (d, o) = (self.dist[i], self.owner[i]);
            if d > 0 && o != TIE {
                counts[o as usize] += 1;
            }
            for n in neighbours(i as u32, w, h) {
                let nu = n as usize;
                if state.cells[nu] != FREE {
                    continue;
                }
                if self.stamp[nu] != self.epoch {
                    self.stamp[nu] = self.epoch;
                    self.dist[nu] = d + 1;
                    self.owner[nu] = o;
                    self.queue.push(n);
                } else if self.dist[nu] == d + 1 && self.owner[nu] != o {
                    self.owner[nu] = TIE;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::VecDeque;

    use rand::{Rng as _, SeedableRng as _};

    use super::*;

    /// A seeded board with random walls (a third of the cells) and 4 heads.
    fn board(seed: u64) -> GameState {
        let mut state = crate::engine::seeded_setup(seed, 4);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let heads: Vec<usize> = state
            .players
            .iter()
            .map(|p| state.index(p.x, p.y))
            .collect();
        for (i, c) in state.cells.iter_mut().enumerate() {
            if !heads.contains(&i) && rng.random_range(0..3) == 0 {
                *c = rng.random_range(-1..=4);
            }
        }
        state
    }

    /// Plain BFS distances over free cells from `(x, y)`.
    fn brute(state: &GameState, x: i32, y: i32) -> Vec<Option<u16>> {
        let mut dist = vec![None; state.cells.len()];
        let mut queue = VecDeque::from([(x, y)]);
        dist[state.index(x, y)] = Some(0);
        while let Some((cx, cy)) = queue.pop_front() {
            let d = dist[state.index(cx, cy)].unwrap();
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let (nx, ny) = (cx + dx, cy + dy);
                if state.contains(nx, ny) {
                    let j = state.index(nx, ny);
                    if dist[j].is_none() && state.cells[j] == FREE {
                        dist[j] = Some(d + 1);
                        queue.push_back((nx, ny));
                    }
                }
            }
        }
        dist
    }

    #[test]
    fn area_distances_and_head_distance_match_brute_force() {
        let mut fill = Fill::new();
        for seed in 0..20 {
            let state = board(seed);
            for p in &state.players {
                let want = brute(&state, p.x, p.y);
                let area = fill.area(&state, p.x, p.y);
                assert_eq!(area, want.iter().flatten().count() - 1, "seed {seed}");
                for (i, w) in want.iter().enumerate() {
                    assert_eq!(fill.reached(i as u32), w.is_some(), "seed {seed} cell {i}");
                    if let Some(d) = w {
                        assert_eq!(fill.distance(i as u32), *d);
                    }
                }
                for q in &state.players {
                    let next_to_q = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                        .iter()
                        .filter(|(dx, dy)| state.contains(q.x + dx, q.y + dy))
                        .filter_map(|(dx, dy)| want[state.index(q.x + dx, q.y + dy)])
                        .min()
                        .map(|d| d + 1);
                    assert_eq!(fill.head_distance(&state, p.x, p.y, q.x, q.y), next_to_q);
                }
            }
            assert_eq!(fill.area(&state, -1, 0), 0);
            assert!(!fill.reached(0), "an off-board head reaches nothing");
        }
    }

    #[test]
    fn voronoi_counts_cells_strictly_nearest_to_one_head() {
        let mut fill = Fill::new();
        let mut counts = Vec::new();
        for seed in 0..20 {
            let state = board(seed);
            let mut heads: Vec<(i32, i32)> = state.players.iter().map(|p| (p.x, p.y)).collect();
            heads.push((-1, -1));
            let fields: Vec<_> = heads[..4]
                .iter()
                .map(|&(x, y)| brute(&state, x, y))
                .collect();
            let mut want = vec![0_u32; heads.len()];
            for i in 0..state.cells.len() {
                if state.cells[i] != FREE {
                    continue;
                }
                let ds: Vec<u16> = fields.iter().map(|f| f[i].unwrap_or(u16::MAX)).collect();
                let min = ds.iter().copied().min().unwrap_or(u16::MAX);
                if min < u16::MAX && ds.iter().filter(|&&d| d == min).count() == 1 {
                    want[ds.iter().position(|&d| d == min).unwrap()] += 1;
                }
            }
            fill.voronoi(&state, &heads, &mut counts);
            assert_eq!(counts, want, "seed {seed}");
        }
    }
}

//! Reusable flood fills on the flat board: reachable area from a cell and multi-source
//! (Voronoi) territory. Buffers are kept between calls; generation stamps avoid clearing.

use crate::state::{FREE, GameState};

/// Reusable BFS buffers.
#[derive(Clone, Debug, Default)]
pub struct Fill {
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

    /// Whether the last fill reached cell `i`.
    #[inline]
    pub fn reached(&self, i: u32) -> bool {
        self.stamp.get(i as usize) == Some(&self.epoch)
    }

    /// BFS distance of cell `i` in the last fill (valid when [`Fill::reached`]).
    #[inline]
    pub fn distance(&self, i: u32) -> u16 {
        self.dist[i as usize]
    }

    /// Number of free cells connected to the (on-board) head at `(x, y)`; the head
    /// itself is not counted. Stops counting at `limit`.
    pub fn area(&mut self, state: &GameState, x: i32, y: i32, limit: usize) -> usize {
        self.reset(state.cells.len());
        if !state.contains(x, y) {
            return 0;
        }
        let (w, h) = (state.width as u32, state.height as u32);
        let start = state.index(x, y) as u32;
        self.stamp[start as usize] = self.epoch;
        self.dist[start as usize] = 0;
        self.queue.push(start);
        let mut head = 0;
        let mut count = 0;
        while head < self.queue.len() && count < limit {
            let i = self.queue[head];
            head += 1;
            let d = self.dist[i as usize];
            for n in neighbours(i, w, h) {
                let nu = n as usize;
                if self.stamp[nu] != self.epoch && state.cells[nu] == FREE {
                    self.stamp[nu] = self.epoch;
                    self.dist[nu] = d.saturating_add(1);
                    self.queue.push(n);
                    count += 1;
                }
            }
        }
        count
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
        self.area(state, x, y, usize::MAX);
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

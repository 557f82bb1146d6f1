//! Reusable breadth-first search and step-limited A* over the bot's torus map (water blocks).
//!
//! Local to this crate: the `grid` crate's flood fills did not exist when the bot was written
//! and the bot needs a few extras (first-move masks, per-call blocked predicates, generation
//! stamps so no buffer is cleared between the many small searches of one turn).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use grid::Dir;

use crate::world::World;

/// What a BFS visitor wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Expand this tile's neighbours.
    Expand,
    /// Do not expand this tile.
    Skip,
    /// End the search.
    Stop,
}

/// Scratch buffers for breadth-first searches, stamped so they are never cleared.
#[derive(Clone, Debug, Default)]
pub struct Bfs {
    stamp: Vec<u32>,
    epoch: u32,
    /// Step distance of each tile reached by the current search.
    pub dist: Vec<u16>,
    /// The tile each reached tile was reached from (itself for sources).
    pub parent: Vec<u32>,
    /// First-move bit mask (bit `d` = reachable with first move `Dir::ALL[d]`).
    pub first: Vec<u8>,
    /// Index (in the order given) of the source each tile was reached from.
    pub src: Vec<u32>,
    queue: Vec<u32>,
}

impl Bfs {
    /// Buffers for a map of `n` tiles.
    pub fn new(n: usize) -> Self {
        Self {
            stamp: vec![0; n],
            epoch: 0,
            dist: vec![0; n],
            parent: vec![0; n],
            first: vec![0; n],
            src: vec![0; n],
            queue: Vec::with_capacity(n),
        }
    }

    fn begin(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.queue.clear();
    }

    /// True when `t` was reached by the last search.
    #[inline]
    pub fn reached(&self, t: u32) -> bool {
        self.stamp[t as usize] == self.epoch
    }

    /// True when `t` was reached by the last search at most `d` steps from a source.
    #[inline]
    pub fn within(&self, t: u32, d: u16) -> bool {
        self.reached(t) && self.dist[t as usize] <= d
    }

    /// Multi-source BFS through non-water tiles up to `max_depth` steps. `visit(tile, dist)`
    /// is called once per reached tile in BFS order (sources first, at distance 0).
    pub fn run(
        &mut self,
        world: &World,
        sources: impl IntoIterator<Item = u32>,
        max_depth: u16,
        mut visit: impl FnMut(u32, u16) -> Flow,
    ) {
        self.begin();
        for (k, s) in sources.into_iter().enumerate() {
            if self.stamp[s as usize] != self.epoch {
                self.stamp[s as usize] = self.epoch;
                self.dist[s as usize] = 0;
                self.parent[s as usize] = s;
                self.src[s as usize] = k as u32;
                self.queue.push(s);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head];
            head += 1;
            let d = self.dist[t as usize];
            match visit(t, d) {
                Flow::Stop => return,
                Flow::Skip => continue,
                Flow::Expand => {}
            }
            if d >= max_depth {
                continue;
            }
            for n in world.nbr[t as usize] {
                let ni = n as usize;
                if self.stamp[ni] == self.epoch || world.water[ni] {
                    continue;
                }
                self.stamp[ni] = self.epoch;
                self.dist[ni] = d + 1;
                self.parent[ni] = t;
                self.src[ni] = self.src[t as usize];
                self.queue.push(n);
            }
        }
    }

    /// BFS from one tile to exactly `depth` steps that records for every tile the set of
    /// first moves reaching it on a shortest path; calls `visit(tile, dist, mask)` for
    /// tiles at distance `depth` once all of them are known.
    pub fn first_moves(
        &mut self,
        world: &World,
        start: u32,
        depth: u16,
        mut visit: impl FnMut(u32, u8),
    ) {
        self.begin();
        self.stamp[start as usize] = self.epoch;
        self.dist[start as usize] = 0;
        self.first[start as usize] = 0;
        self.queue.push(start);
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head];
            head += 1;
            let d = self.dist[t as usize];
            if d >= depth {
                continue;
            }
            let mask_t = self.first[t as usize];
            for dir in Dir::ALL {
                let n = world.step(t, dir);
                let ni = n as usize;
                if world.water[ni] {
                    continue;
                }
                let m = if d == 0 { 1u8 << dir.index() } else { mask_t };
                if self.stamp[ni] != self.epoch {
                    self.stamp[ni] = self.epoch;
                    self.dist[ni] = d + 1;
                    self.first[ni] = m;
                    self.queue.push(n);
                } else if self.dist[ni] == d + 1 {
                    self.first[ni] |= m;
                }
            }
        }
        for &t in &self.queue {
            if self.dist[t as usize] == depth {
                visit(t, self.first[t as usize]);
            }
        }
    }

    /// Neighbours of a reached tile one step closer to the sources.
    pub fn toward_source(&self, world: &World, t: u32) -> impl Iterator<Item = u32> + '_ {
        let d = self.dist[t as usize];
        let nbrs = world.nbr[t as usize];
        nbrs.into_iter()
            .filter(move |&n| d > 0 && self.reached(n) && self.dist[n as usize] + 1 == d)
    }

    /// The tiles of the path from a reached tile back to its source (tile first, source last).
    pub fn path_back(&self, mut t: u32) -> Vec<u32> {
        let mut out = vec![t];
        while self.parent[t as usize] != t {
            t = self.parent[t as usize];
            out.push(t);
        }
        out
    }
}

/// Scratch buffers for grid A* (Manhattan heuristic on the torus, unit costs).
#[derive(Clone, Debug, Default)]
pub struct AStar {
    stamp: Vec<u32>,
    epoch: u32,
    g: Vec<u32>,
    parent: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32, u32, u32)>>,
    /// Nodes expanded by the last search.
    pub expanded: u64,
    /// Nonzero: among equally promising tiles, expand first by a
    /// hash of the tile salted with this value, so that ties between shortest paths fall
    /// differently from search to search instead of always toward lower tile indices.
    pub salt: u32,
}

impl AStar {
    /// Buffers for a map of `n` tiles.
    pub fn new(n: usize) -> Self {
        Self {
            stamp: vec![0; n],
            epoch: 0,
            g: vec![0; n],
            parent: vec![0; n],
            heap: BinaryHeap::new(),
            expanded: 0,
            salt: 0,
        }
    }

    /// Shortest path from `from` to `to` through non-water tiles for which `blocked` is false
    /// (the goal is never blocked), of at most `max_len` steps and at most `max_expand`
    /// expansions. Returns the first move and the path length.
    pub fn first_move(
        &mut self,
        world: &World,
        from: u32,
        to: u32,
        max_len: u32,
        max_expand: u32,
        blocked: impl Fn(u32) -> bool,
    ) -> Option<(Dir, u32)> {
        if from == to {
            return None;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.stamp.fill(0);
            self.epoch = 1;
        }
        self.heap.clear();
        self.expanded = 0;
        let fi = from as usize;
        self.stamp[fi] = self.epoch;
        self.g[fi] = 0;
        self.parent[fi] = from;
        self.heap
            .push(Reverse((world.manhattan(from, to), 0, 0, from)));
        while let Some(Reverse((_, _, g, t))) = self.heap.pop() {
            if g > self.g[t as usize] {
                continue;
            }
            if t == to {
                let mut cur = t;
                while self.parent[cur as usize] != from {
                    cur = self.parent[cur as usize];
                }
                return world.dir_to(from, cur).map(|d| (d, g));
            }
            self.expanded += 1;
            if self.expanded > u64::from(max_expand) {
                return None;
            }
            for n in world.nbr[t as usize] {
                let ni = n as usize;
                if world.water[ni] || (n != to && blocked(n)) {
                    continue;
                }
                let ng = g + 1;
                if self.stamp[ni] != self.epoch || ng < self.g[ni] {
                    self.stamp[ni] = self.epoch;
                    self.g[ni] = ng;
                    self.parent[ni] = t;
                    let h = world.manhattan(n, to);
                    if ng + h <= max_len {
                        let tie = if self.salt != 0 {
                            mix(n ^ self.salt)
                        } else {
                            0
                        };
                        self.heap.push(Reverse((ng + h, tie, ng, n)));
                    }
                }
            }
        }
        None
    }
}

/// A cheap 32-bit mixing function (the finalizer of MurmurHash3) for A*'s salted ties.
fn mix(mut x: u32) -> u32 {
    x ^= x >> 16;
    x = x.wrapping_mul(0x85eb_ca6b);
    x ^= x >> 13;
    x = x.wrapping_mul(0xc2b2_ae35);
    x ^ (x >> 16)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ants::GameSettings;
    use grid::Pos;

    fn world(rows: &[&str]) -> World {
        let settings = GameSettings {
            loadtime_ms: 3000,
            turntime_ms: 500,
            rows: rows.len() as u32,
            cols: rows[0].len() as u32,
            turns: 100,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            player_seed: 1,
        };
        let mut w = World::new(&settings);
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                if ch == '%' {
                    let t = w.tile(Pos::new(r as i32, c as i32));
                    w.water[t as usize] = true;
                }
            }
        }
        w
    }

    #[test]
    fn bfs_respects_water_and_depth() {
        let w = world(&["%%%%%", "%...%", "%.%.%", "%...%", "%%%%%"]);
        let mut b = Bfs::new(w.len());
        let start = w.tile(Pos::new(1, 1));
        let mut seen = Vec::new();
        b.run(&w, [start], 2, |t, d| {
            seen.push((t, d));
            Flow::Expand
        });
        assert_eq!(seen.len(), 5);
        assert!(seen.iter().all(|&(_, d)| d <= 2));
        let far = w.tile(Pos::new(3, 3));
        assert!(!b.reached(far));
        b.run(&w, [start], 10, |_, _| Flow::Expand);
        assert_eq!(b.dist[far as usize], 4);
        assert_eq!(b.path_back(far).len(), 5);
    }

    #[test]
    fn first_moves_merge_two_shortest_paths() {
        let w = world(&["%%%%%", "%...%", "%.%.%", "%...%", "%%%%%"]);
        let mut b = Bfs::new(w.len());
        let start = w.tile(Pos::new(1, 1));
        let mut found = Vec::new();
        b.first_moves(&w, start, 4, |t, m| found.push((t, m)));
        let target = w.tile(Pos::new(3, 3));
        let bits = (1 << Dir::E.index()) | (1 << Dir::S.index());
        assert_eq!(found, vec![(target, bits)]);
    }

    #[test]
    fn salted_ties_vary_the_first_move_among_shortest_paths() {
        // Open 12×12, goal 5 rows down and 2 columns right: south and east both start a
        // shortest path. Unsalted ties always leave east; salts spread the first moves over
        // both, every path stays shortest, and one salt always gives the same move.
        let w = world(&["............"; 12]);
        let mut a = AStar::new(w.len());
        let (from, to) = (w.tile(Pos::new(3, 3)), w.tile(Pos::new(8, 5)));
        let mut seen = Vec::new();
        for k in 0..64u32 {
            a.salt = 2 * k + 1;
            let r = a.first_move(&w, from, to, 20, 1000, |_| false);
            let Some((d, len)) = r else {
                panic!("salt {}: no path", a.salt)
            };
            assert_eq!(len, 7, "salt {}", a.salt);
            assert!(d == Dir::S || d == Dir::E, "salt {}: {d:?}", a.salt);
            assert_eq!(a.first_move(&w, from, to, 20, 1000, |_| false), r);
            seen.push(d);
        }
        assert!(seen.contains(&Dir::S) && seen.contains(&Dir::E), "{seen:?}");
        a.salt = 0;
        assert_eq!(
            a.first_move(&w, from, to, 20, 1000, |_| false),
            Some((Dir::E, 7))
        );
    }

    #[test]
    fn astar_finds_detour_and_honours_limits() {
        let w = world(&["%%%%%%", "%....%", "%.%%.%", "%....%", "%%%%%%"]);
        let mut a = AStar::new(w.len());
        let from = w.tile(Pos::new(2, 1));
        let to = w.tile(Pos::new(2, 4));
        let blocked_top = w.tile(Pos::new(1, 2));
        let r = a.first_move(&w, from, to, 20, 1000, |t| t == blocked_top);
        assert_eq!(r, Some((Dir::S, 5)));
        assert_eq!(a.first_move(&w, from, to, 4, 1000, |_| false), None);
        assert_eq!(a.first_move(&w, from, from, 4, 1000, |_| false), None);
    }
}

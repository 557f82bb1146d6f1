//! Areas and border (post mortem "createAreas"): a simultaneous BFS from every ant (own and
//! enemy) up to 20 steps; each ant starts its own area, areas of the same player merge when
//! they meet (union-find). Own tiles with a neighbour outside their area are border tiles.

use crate::world::World;

/// Depth of the area BFS.
pub const AREA_DEPTH: u16 = 20;

const UNSET: u32 = u32::MAX;

/// The areas of one turn and the own border tiles grouped by area.
#[derive(Clone, Debug, Default)]
pub struct Areas {
    /// Area (root id) of each tile reached this turn, `u32::MAX` if none.
    pub area_of: Vec<u32>,
    dist: Vec<u16>,
    uf: Vec<u32>,
    player: Vec<u8>,
    queue: Vec<u32>,
    /// True on own border tiles.
    pub is_border: Vec<bool>,
    /// Own border tiles sorted by (area root, tile).
    pub border: Vec<(u32, u32)>,
}

impl Areas {
    /// Buffers for `n` tiles.
    pub fn new(n: usize) -> Self {
        Self {
            area_of: vec![UNSET; n],
            dist: vec![0; n],
            is_border: vec![false; n],
            ..Self::default()
        }
    }

    fn find(&mut self, mut a: u32) -> u32 {
        while self.uf[a as usize] != a {
            let p = self.uf[a as usize];
            self.uf[a as usize] = self.uf[p as usize];
            a = p;
        }
        a
    }

    /// Recomputes areas and border from the ants of `world`.
    pub fn compute(&mut self, world: &World) {
        for &(_, t) in &self.border {
            self.is_border[t as usize] = false;
        }
        self.border.clear();
        for &t in &self.queue {
            self.area_of[t as usize] = UNSET;
        }
        self.queue.clear();
        self.uf.clear();
        self.player.clear();
        let ants = world
            .own_ants
            .iter()
            .map(|&t| (t, 0u8))
            .chain(world.enemy_ants.iter().copied());
        for (t, o) in ants {
            let id = self.uf.len() as u32;
            self.uf.push(id);
            self.player.push(o);
            self.area_of[t as usize] = id;
            self.dist[t as usize] = 0;
            self.queue.push(t);
        }
        let mut head = 0;
        while head < self.queue.len() {
            let t = self.queue[head];
            head += 1;
            let a = self.area_of[t as usize];
            let d = self.dist[t as usize];
            for n in world.nbr[t as usize] {
                let ni = n as usize;
                if world.water[ni] {
                    continue;
                }
                let b = self.area_of[ni];
                if b == UNSET {
                    if d < AREA_DEPTH {
                        self.area_of[ni] = a;
                        self.dist[ni] = d + 1;
                        self.queue.push(n);
                    }
                } else if self.player[a as usize] == self.player[b as usize] {
                    let (ra, rb) = (self.find(a), self.find(b));
                    if ra != rb {
                        self.uf[ra.max(rb) as usize] = ra.min(rb);
                    }
                }
            }
        }
        for k in 0..self.queue.len() {
            let t = self.queue[k];
            let r = self.find(self.area_of[t as usize]);
            self.area_of[t as usize] = r;
        }
        for k in 0..self.queue.len() {
            let t = self.queue[k];
            let a = self.area_of[t as usize];
            if self.player[a as usize] != 0 {
                continue;
            }
            let mut border = false;
            for n in world.nbr[t as usize] {
                if world.water[n as usize] {
                    continue;
                }
                let b = self.area_of[n as usize];
                if b == UNSET {
                    border = true;
                } else {
                    let rb = self.find(b);
                    if rb != a {
                        border = true;
                    }
                }
            }
            if border {
                self.is_border[t as usize] = true;
                self.border.push((a, t));
            }
        }
        self.border.sort_unstable();
    }

    /// The area root of an own ant's tile (if reached).
    pub fn area(&self, t: u32) -> Option<u32> {
        let a = self.area_of[t as usize];
        (a != UNSET).then_some(a)
    }

    /// The border tiles of one area.
    pub fn border_of(&self, area: u32) -> &[(u32, u32)] {
        let lo = self.border.partition_point(|&(a, _)| a < area);
        let hi = self.border.partition_point(|&(a, _)| a <= area);
        &self.border[lo..hi]
    }
}

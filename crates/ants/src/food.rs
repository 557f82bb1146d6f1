//! Food generation (spec §3.3, §4.8, §4.9): the amount accumulator and the placement
//! methods `symmetric` (with the engine's symmetry analysis), `random`, `sections`, `none`,
//! plus the visible starting food. Randomness comes from the game's seeded ChaCha8 RNG.

use std::collections::{BTreeMap, VecDeque};

use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use crate::config::FoodMethod;
use crate::engine::Engine;

/// The map has no consistent symmetry, so symmetric food cannot be placed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("map is not symmetric: {0}")]
pub struct NotSymmetric(pub String);

/// A cyclic queue of food sets, reshuffled at every round boundary.
#[derive(Debug, Default)]
struct SetQueue {
    sets: Vec<Vec<u32>>,
    order: Vec<usize>,
    next: usize,
}

impl SetQueue {
    /// Adds whole sets to `pending` while the budget allows; returns the left-over.
    fn take(&mut self, mut k: u64, pending: &mut BTreeMap<u32, u32>, rng: &mut ChaCha8Rng) -> u64 {
        if self.sets.is_empty() {
            return k;
        }
        if self.order.is_empty() {
            self.order = (0..self.sets.len()).collect();
            self.order.shuffle(rng);
        }
        loop {
            if self.next == self.order.len() {
                self.next = 0;
                self.order.shuffle(rng);
            }
            let set = &self.sets[self.order[self.next]];
            if set.len() as u64 > k {
                return k;
            }
            k -= set.len() as u64;
            for &c in set {
                *pending.entry(c).or_insert(0) += 1;
            }
            self.next += 1;
        }
    }
}

/// The food scheduler of one game.
#[derive(Debug)]
pub struct FoodGen {
    method: FoodMethod,
    rate: u64,
    turn_div: u64,
    start: u64,
    visible: u64,
    extra: u64,
    pending: BTreeMap<u32, u32>,
    members: Vec<(u32, u8)>,
    symmetric: SetQueue,
    sections: Vec<Vec<u32>>,
}

/// Cell kinds compared by the symmetry analysis.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Land,
    Water,
    Food,
    Ant(u8),
}

fn orient(o: u8, r: i64, c: i64) -> (i64, i64) {
    match o {
        0 => (r, c),
        1 => (-r, c),
        2 => (r, -c),
        3 => (-r, -c),
        4 => (c, r),
        5 => (-c, r),
        6 => (c, -r),
        _ => (-c, -r),
    }
}

fn at(engine: &Engine, base: u32, dr: i64, dc: i64) -> u32 {
    let s = engine.shape();
    let (h, w) = (i64::from(s.rows), i64::from(s.cols));
    let r = (i64::from(base / s.cols) + dr).rem_euclid(h);
    let c = (i64::from(base % s.cols) + dc).rem_euclid(w);
    (r * w + c) as u32
}

impl FoodGen {
    /// A scheduler with the resolved parameters (`food_rate`, `food_turn`, `food_start`,
    /// `food_visible`).
    pub fn new(method: FoodMethod, rate: u32, turn_div: u32, start: u32, visible: u32) -> FoodGen {
        FoodGen {
            method,
            rate: u64::from(rate),
            turn_div: u64::from(turn_div.max(1)),
            start: u64::from(start.max(1)),
            visible: u64::from(visible),
            extra: 0,
            pending: BTreeMap::new(),
            members: Vec::new(),
            symmetric: SetQueue::default(),
            sections: Vec::new(),
        }
    }

    fn kind(engine: &Engine, cell: u32, marked: &[u32]) -> Kind {
        if engine.water[cell as usize] {
            Kind::Water
        } else if let Some(a) = engine.ant_at(cell) {
            Kind::Ant(engine.ants[a as usize].owner)
        } else if engine.food_at(cell).is_some() || marked.contains(&cell) {
            Kind::Food
        } else {
            Kind::Land
        }
    }

    fn similar(engine: &Engine, h0: u32, h: u32, o: u8, p: u8, marked: &[u32]) -> bool {
        let s = engine.shape();
        for r in 0..i64::from(s.rows) {
            for c in 0..i64::from(s.cols) {
                let a = Self::kind(engine, at(engine, h0, r, c), marked);
                let (orr, oc) = orient(o, r, c);
                let b = Self::kind(engine, at(engine, h, orr, oc), marked);
                let ok = match (a, b) {
                    (Kind::Ant(0), Kind::Ant(x)) => x == p,
                    (Kind::Ant(_), Kind::Ant(x)) => x != p,
                    (Kind::Ant(_), _) | (_, Kind::Ant(_)) => false,
                    (x, y) => x == y,
                };
                if !ok {
                    return false;
                }
            }
        }
        true
    }

    /// The symmetry analysis (spec §4.9.1): picks an orientation set.
    fn analyse(&mut self, engine: &Engine, rng: &mut ChaCha8Rng) -> Result<(), NotSymmetric> {
        if !self.members.is_empty() {
            return Ok(());
        }
        let n = engine.num_players() as u8;
        let hills = engine.hills();
        let Some(h0) = hills.iter().find(|h| h.owner == 0).map(|h| h.cell) else {
            return Err(NotSymmetric("player 0 has no hill".into()));
        };
        let count0 = hills.iter().filter(|h| h.owner == 0).count();
        let mut options: Vec<Vec<(u32, u8)>> = vec![vec![(h0, 0)]];
        for p in 1..n {
            let own: Vec<u32> = hills
                .iter()
                .filter(|h| h.owner == p)
                .map(|h| h.cell)
                .collect();
            if own.len() != count0 {
                return Err(NotSymmetric(format!(
                    "player {p} has {} hills, player 0 has {count0}",
                    own.len()
                )));
            }
            let mut sim = Vec::new();
            for &h in &own {
                for o in 0..8 {
                    if Self::similar(engine, h0, h, o, p, &[]) {
                        sim.push((h, o));
                    }
                }
            }
            if sim.is_empty() {
                return Err(NotSymmetric(format!(
                    "no orientation maps player 0 onto player {p}"
                )));
            }
            options.push(sim);
        }
        let mut valid: Vec<Vec<(u32, u8)>> = Vec::new();
        let mut idx = vec![0_usize; options.len()];
        'combos: loop {
            let combo: Vec<(u32, u8)> = idx
                .iter()
                .enumerate()
                .map(|(p, &i)| options[p][i])
                .collect();
            let marked: Vec<u32> = combo
                .iter()
                .map(|&(h, o)| {
                    let (r, c) = orient(o, 1, 2);
                    at(engine, h, r, c)
                })
                .collect();
            if combo
                .iter()
                .enumerate()
                .all(|(p, &(h, o))| Self::similar(engine, h0, h, o, p as u8, &marked))
            {
                valid.push(combo);
                if valid.len() >= 8 {
                    break;
                }
            }
            for p in (0..idx.len()).rev() {
                idx[p] += 1;
                if idx[p] < options[p].len() {
                    continue 'combos;
                }
                idx[p] = 0;
            }
            break;
        }
        if valid.is_empty() {
            return Err(NotSymmetric("no consistent orientation set".into()));
        }
        let pick = rng.random_range(0..valid.len());
        self.members = valid.swap_remove(pick);
        Ok(())
    }

    /// Builds food sets from `cells` (scanned in the given order).
    fn build_sets(
        &self,
        engine: &Engine,
        cells: impl Iterator<Item = u32>,
        exact: bool,
    ) -> Vec<Vec<u32>> {
        let s = engine.shape();
        let h0 = self.members[0].0;
        let mut in_set = vec![false; s.len()];
        let is_hill: Vec<bool> = {
            let mut v = vec![false; s.len()];
            for h in engine.hills() {
                v[h.cell as usize] = true;
            }
            v
        };
        let mut sets = Vec::new();
        for cell in cells {
            if in_set[cell as usize] || is_hill[cell as usize] {
                continue;
            }
            let dr = i64::from(cell / s.cols) - i64::from(h0 / s.cols);
            let dc = i64::from(cell % s.cols) - i64::from(h0 % s.cols);
            let mut set: Vec<u32> = Vec::with_capacity(self.members.len());
            for &(h, o) in &self.members {
                let (r, c) = orient(o, dr, dc);
                let loc = at(engine, h, r, c);
                if !set.contains(&loc) {
                    set.push(loc);
                }
            }
            let first = s.pos(set[0]);
            if set[1..].iter().any(|&c| s.dist2(first, s.pos(c)) == 1) {
                continue;
            }
            if exact && set.len() != self.members.len() {
                continue;
            }
            for &c in &set {
                in_set[c as usize] = true;
            }
            sets.push(set);
        }
        sets
    }

    fn visible_region(engine: &Engine, viewradius2: u32) -> Vec<u32> {
        let s = engine.shape();
        let mut visited = vec![false; s.len()];
        let mut region = Vec::new();
        for h in engine.hills() {
            let centre = s.pos(h.cell);
            let mut queue = VecDeque::from([h.cell]);
            if visited[h.cell as usize] {
                continue;
            }
            visited[h.cell as usize] = true;
            while let Some(c) = queue.pop_front() {
                region.push(c);
                for d in grid::Dir::ALL {
                    let Some(nc) = s.step_index(c, d) else {
                        continue;
                    };
                    if !visited[nc as usize]
                        && !engine.water[nc as usize]
                        && s.dist2(centre, s.pos(nc)) <= viewradius2
                    {
                        visited[nc as usize] = true;
                        queue.push_back(nc);
                    }
                }
            }
        }
        region.sort_unstable();
        region
    }

    fn place_pending(&mut self, engine: &mut Engine, turn: u32) {
        self.pending.retain(|&cell, count| {
            if *count > 0 && engine.is_land(cell) {
                engine.add_food(cell, turn);
                *count -= 1;
            }
            *count > 0
        });
    }

    fn sections_setup(&mut self, engine: &Engine) {
        let s = engine.shape();
        let n = engine.num_players();
        let mut owner = vec![u16::MAX; s.len()];
        let mut dist = vec![u32::MAX; s.len()];
        let mut queue = VecDeque::new();
        for &a in engine.live_ants() {
            let ant = &engine.ants[a as usize];
            let c = ant.cell as usize;
            if dist[c] == u32::MAX {
                dist[c] = 0;
                owner[c] = u16::from(ant.owner);
                queue.push_back(ant.cell);
            } else if owner[c] != u16::from(ant.owner) {
                owner[c] = u16::MAX - 1;
            }
        }
        while let Some(c) = queue.pop_front() {
            for d in grid::Dir::ALL {
                let Some(nc) = s.step_index(c, d) else {
                    continue;
                };
                let ni = nc as usize;
                if engine.water[ni] {
                    continue;
                }
                if dist[ni] == u32::MAX {
                    dist[ni] = dist[c as usize] + 1;
                    owner[ni] = owner[c as usize];
                    queue.push_back(nc);
                } else if dist[ni] == dist[c as usize] + 1 && owner[ni] != owner[c as usize] {
                    owner[ni] = u16::MAX - 1;
                }
            }
        }
        self.sections = vec![Vec::new(); n];
        for (c, &o) in owner.iter().enumerate() {
            if usize::from(o) < n {
                self.sections[usize::from(o)].push(c as u32);
            }
        }
    }

    /// Runs the configured method with budget `k`; returns the left-over.
    fn method(&mut self, engine: &mut Engine, k: u64, rng: &mut ChaCha8Rng, turn: u32) -> u64 {
        match self.method {
            FoodMethod::None => k,
            FoodMethod::Symmetric => {
                let left = self.symmetric.take(k, &mut self.pending, rng);
                self.place_pending(engine, turn);
                left
            }
            FoodMethod::Random => {
                let s = engine.shape();
                if (0..s.len() as u32).any(|c| engine.is_land(c)) {
                    for _ in 0..k {
                        loop {
                            let r = rng.random_range(0..s.rows);
                            let c = rng.random_range(0..s.cols);
                            let cell = r * s.cols + c;
                            if engine.is_land(cell) {
                                *self.pending.entry(cell).or_insert(0) += 1;
                                break;
                            }
                        }
                    }
                }
                self.place_pending(engine, turn);
                0
            }
            FoodMethod::Sections => {
                let n = self.sections.len().max(1) as u64;
                for _ in 0..k / n {
                    for p in 0..self.sections.len() {
                        let sec = &self.sections[p];
                        if sec.is_empty() {
                            continue;
                        }
                        let cell = sec[rng.random_range(0..sec.len())];
                        if engine.is_land(cell) {
                            *self.pending.entry(cell).or_insert(0) += 1;
                        }
                    }
                }
                self.place_pending(engine, turn);
                k % n
            }
        }
    }

    /// Places the starting food at turn 0 (spec §3.3).
    pub fn start(
        &mut self,
        engine: &mut Engine,
        viewradius2: u32,
        rng: &mut ChaCha8Rng,
    ) -> Result<(), NotSymmetric> {
        if self.method == FoodMethod::None {
            return Ok(());
        }
        self.analyse(engine, rng)?;
        let n = engine.num_players() as u64;
        let region = Self::visible_region(engine, viewradius2);
        let mut visible = SetQueue {
            sets: self.build_sets(engine, region.into_iter(), true),
            ..SetQueue::default()
        };
        visible.take(self.visible * n, &mut self.pending, rng);
        self.place_pending(engine, 0);
        match self.method {
            FoodMethod::Symmetric => {
                let len = engine.shape().len() as u32;
                self.symmetric.sets = self.build_sets(engine, 0..len, false);
            }
            FoodMethod::Sections => self.sections_setup(engine),
            _ => {}
        }
        let land = engine.water.iter().filter(|w| !**w).count() as u64;
        let amount = (land / self.start).saturating_sub(self.visible * n);
        if amount > 0 {
            self.method(engine, amount, rng, 0);
        }
        Ok(())
    }

    /// Per-turn food generation (spec §4.8) after gathering in `turn`.
    pub fn generate(&mut self, engine: &mut Engine, rng: &mut ChaCha8Rng, turn: u32) {
        let n = engine.num_players() as u64;
        self.extra += self.rate * n;
        let k = self.extra / self.turn_div;
        let left = self.method(engine, k, rng, turn);
        self.extra -= (k - left) * self.turn_div;
    }
}

//! Missions (post mortem "missions"): an ant and a target border tile, kept across turns. The
//! path is recomputed every turn; the target is refreshed toward the nearest border tile.

/// Marker for "no mission" in the per-tile index.
const NONE: u32 = u32::MAX;

/// One mission: the tile the ant will stand on at the start of the next turn and its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mission {
    /// The ant's tile.
    pub ant: u32,
    /// The target border tile.
    pub target: u32,
    /// Turn the target was last refreshed.
    pub refreshed: u32,
}

/// All missions, with a per-tile index of the ant tiles.
#[derive(Clone, Debug, Default)]
pub struct Missions {
    list: Vec<Mission>,
    at: Vec<u32>,
}

impl Missions {
    /// An empty store for `n` tiles.
    pub fn new(n: usize) -> Self {
        Self {
            list: Vec::new(),
            at: vec![NONE; n],
        }
    }

    /// Keeps only the missions whose ant still exists (`keep(ant tile, target)`), and
    /// rebuilds the index.
    pub fn retain(&mut self, mut keep: impl FnMut(u32, u32) -> bool) {
        for m in &self.list {
            self.at[m.ant as usize] = NONE;
        }
        self.list.retain(|m| keep(m.ant, m.target));
        let mut seen = Vec::with_capacity(self.list.len());
        self.list.retain(|m| {
            let fresh = !seen.contains(&m.ant);
            seen.push(m.ant);
            fresh
        });
        for (k, m) in self.list.iter().enumerate() {
            self.at[m.ant as usize] = k as u32;
        }
    }

    /// The mission of the ant on `ant`, if any.
    pub fn get(&self, ant: u32) -> Option<Mission> {
        let k = self.at[ant as usize];
        (k != NONE).then(|| self.list[k as usize])
    }

    /// Creates or replaces the mission of the ant on `ant`.
    pub fn set(&mut self, ant: u32, target: u32, turn: u32) {
        let m = Mission {
            ant,
            target,
            refreshed: turn,
        };
        let k = self.at[ant as usize];
        if k == NONE {
            self.at[ant as usize] = self.list.len() as u32;
            self.list.push(m);
        } else {
            self.list[k as usize] = m;
        }
    }

    /// Removes the mission of the ant on `ant`, if any.
    pub fn remove(&mut self, ant: u32) {
        let k = self.at[ant as usize];
        if k == NONE {
            return;
        }
        self.at[ant as usize] = NONE;
        self.list.swap_remove(k as usize);
        if let Some(m) = self.list.get(k as usize) {
            self.at[m.ant as usize] = k;
        }
    }

    /// Moves every mission's ant to `next(ant tile)` (where it will stand next turn) and
    /// rebuilds the index.
    pub fn relocate(&mut self, next: impl Fn(u32) -> u32) {
        for m in &self.list {
            self.at[m.ant as usize] = NONE;
        }
        for m in &mut self.list {
            m.ant = next(m.ant);
        }
        self.retain(|_, _| true);
    }

    /// Number of missions.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// True when there is no mission.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// All missions.
    pub fn iter(&self) -> impl Iterator<Item = &Mission> {
        self.list.iter()
    }

    /// Sets the target of the ant on `ant` (refresh).
    pub fn retarget(&mut self, ant: u32, target: u32, turn: u32) {
        let k = self.at[ant as usize];
        if k != NONE {
            self.list[k as usize].target = target;
            self.list[k as usize].refreshed = turn;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missions_follow_ants_and_drop_lost_ones() {
        let mut m = Missions::new(20);
        m.set(1, 10, 1);
        m.set(2, 11, 1);
        m.set(3, 12, 1);
        m.relocate(|t| {
            if t == 1 {
                4
            } else if t == 4 {
                5
            } else {
                t
            }
        });
        assert_eq!(m.get(4).map(|x| x.target), Some(10));
        assert_eq!(m.get(1), None);
        m.remove(2);
        assert_eq!(m.get(3).map(|x| x.target), Some(12));
        m.retain(|ant, _| ant != 3);
        assert_eq!(m.len(), 1);
        assert_eq!(m.get(4).map(|x| x.target), Some(10));
        assert_eq!(m.get(3), None);
    }
}

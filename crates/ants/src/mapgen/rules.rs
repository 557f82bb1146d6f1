//! The official map rules (the 2011 `map.py` `allowable` check) and their numbers.

use std::collections::VecDeque;
use std::fmt;

use crate::map::{Map, Tile};

use super::group::{Orientation, Transform};

/// Largest number of rows or columns.
pub const MAX_SIDE: u32 = 200;
/// Upper area bound: at most `max(MAX_AREA_FLOOR, MAX_AREA_PER_PLAYER · players)` squares.
pub const MAX_AREA_PER_PLAYER: u64 = 5000;
/// See [`MAX_AREA_PER_PLAYER`].
pub const MAX_AREA_FLOOR: u64 = 25_000;
/// Lower area bound: at least this many squares per player.
pub const MIN_AREA_PER_PLAYER: u64 = 900;
/// At least this many squares per hill (all players' hills together).
pub const MIN_AREA_PER_HILL: u64 = 500;
/// Hills of different players are at least this many steps apart (BFS over land).
pub const MIN_ENEMY_HILL_STEPS: u32 = 20;
/// Any two hills are at most this many steps apart (BFS over land).
pub const MAX_HILL_STEPS: u32 = 150;
/// Two hills may not lie within this squared Euclidean distance (the attack radius²).
pub const HILL_ATTACK_RADIUS2: u32 = 25;

/// The two area floors, which the 2011 map pool does not all keep (the other rules are
/// fixed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// At least this many squares per player.
    pub min_area_per_player: u64,
    /// At least this many squares per hill (all players' hills together).
    pub min_area_per_hill: u64,
}

impl Rules {
    /// The numbers of the 2011 `map.py` (900 per player, 500 per hill): every generated
    /// map keeps them.
    pub const MAP_PY: Rules = Rules {
        min_area_per_player: MIN_AREA_PER_PLAYER,
        min_area_per_hill: MIN_AREA_PER_HILL,
    };
    /// The floors the 453 maps of the 2011 map pool keep (the smallest there are 784 squares
    /// per player and 240 per hill): 750 and 200.
    pub const POOL: Rules = Rules {
        min_area_per_player: 750,
        min_area_per_hill: 200,
    };
}

/// The symmetry [`check`] found: per player `p ≥ 1`, a transform mapping the map (water
/// and hills, with players relabelled) onto itself and player 0's first hill onto one of
/// `p`'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundSymmetry {
    /// Transform of player `p` at index `p - 1`.
    pub transforms: Vec<Transform>,
}

impl FoundSymmetry {
    /// `translational` when every transform is a shift, else the kinds found, e.g.
    /// `rotate 180`, `flip rows + shift`.
    pub fn kind(&self) -> String {
        let mut names: Vec<&str> = Vec::new();
        for t in &self.transforms {
            let n = t.orientation.name();
            if !names.contains(&n) {
                names.push(n);
            }
        }
        if names.iter().all(|n| *n == Orientation::Identity.name()) {
            return "translational".to_owned();
        }
        names.sort_by_key(|n| (*n == Orientation::Identity.name(), *n));
        names.join(" + ")
    }
}

impl fmt::Display for FoundSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (", self.kind())?;
        for (i, t) in self.transforms.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "p{}: {t}", i + 1)?;
        }
        f.write_str(")")
    }
}

/// The first official rule a map breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// More than [`MAX_SIDE`] rows or columns.
    #[error("map is {rows}x{cols}, more than {MAX_SIDE} rows or columns")]
    TooLarge {
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
    },
    /// Area above `max(25000, 5000 · players)`.
    #[error("area {area} is too large for {players} players (at most {max})")]
    AreaTooLarge {
        /// Squares.
        area: u64,
        /// Players.
        players: u8,
        /// The bound.
        max: u64,
    },
    /// Area below `900 · players` (see [`Rules`]).
    #[error("area {area} is too small for {players} players (at least {min})")]
    AreaTooSmall {
        /// Squares.
        area: u64,
        /// Players.
        players: u8,
        /// The bound.
        min: u64,
    },
    /// Area below `500 · hills` (see [`Rules`]).
    #[error("{hills} hills need an area of at least {min}, the map has {area}")]
    TooManyHills {
        /// Squares.
        area: u64,
        /// Hills of all players.
        hills: usize,
        /// The bound.
        min: u64,
    },
    /// A player has no hill, or not as many as player 0.
    #[error("player {player} has {count} hills, player 0 has {first}")]
    HillCount {
        /// The player.
        player: u8,
        /// Its hills.
        count: usize,
        /// Player 0's hills.
        first: usize,
    },
    /// No transform maps player 0's view onto this player's.
    #[error(
        "not symmetric: no shift, mirror or rotation maps player 0's first hill and the map onto player {player}"
    )]
    NotSymmetric {
        /// The player.
        player: u8,
    },
    /// The land falls apart.
    #[error(
        "land is not connected: {components} separate areas ({unreached} land squares cannot be reached from the first hill)"
    )]
    NotConnected {
        /// Separate land areas.
        components: usize,
        /// Land squares not reachable from player 0's first hill.
        unreached: usize,
    },
    /// Two hills lie within the attack radius.
    #[error(
        "hills at {a} and {b} are within attack range (distance² {dist2} ≤ {HILL_ATTACK_RADIUS2})"
    )]
    HillsInAttackRange {
        /// One hill (row,col).
        a: grid::Pos,
        /// The other.
        b: grid::Pos,
        /// Squared distance.
        dist2: u32,
    },
    /// Hills of different players are closer than [`MIN_ENEMY_HILL_STEPS`].
    #[error(
        "hills at {a} and {b} of different players are {steps} steps apart (at least {MIN_ENEMY_HILL_STEPS})"
    )]
    HillsTooClose {
        /// One hill.
        a: grid::Pos,
        /// The other.
        b: grid::Pos,
        /// BFS steps.
        steps: u32,
    },
    /// Two hills are farther apart than [`MAX_HILL_STEPS`].
    #[error("hills at {a} and {b} are {steps} steps apart (at most {MAX_HILL_STEPS})")]
    HillsTooFar {
        /// One hill.
        a: grid::Pos,
        /// The other.
        b: grid::Pos,
        /// BFS steps.
        steps: u32,
    },
}

fn hill_owner(t: Tile) -> Option<u8> {
    t.hill_owner()
}

fn is_water(t: Tile) -> bool {
    t == Tile::Water
}

/// Checks every official rule with the `map.py` numbers ([`Rules::MAP_PY`]), in this
/// order: size, area per player, area per hill, hill counts, symmetry, connected land,
/// attack range, hill distances. Returns the symmetry found, or the first rule broken.
/// Ants and food on the map count as land.
pub fn check(map: &Map) -> Result<FoundSymmetry, RuleError> {
    check_with(map, &Rules::MAP_PY)
}

/// [`check`] with the given area floors.
pub fn check_with(map: &Map, limits: &Rules) -> Result<FoundSymmetry, RuleError> {
    let (rows, cols) = (map.rows(), map.cols());
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(RuleError::TooLarge { rows, cols });
    }
    let players = map.players();
    let area = u64::from(rows) * u64::from(cols);
    let max = MAX_AREA_FLOOR.max(MAX_AREA_PER_PLAYER * u64::from(players));
    if area > max {
        return Err(RuleError::AreaTooLarge { area, players, max });
    }
    let min = limits.min_area_per_player * u64::from(players);
    if area < min {
        return Err(RuleError::AreaTooSmall { area, players, min });
    }
    let hills = map.hills();
    let min = limits.min_area_per_hill * hills.len() as u64;
    if area < min {
        return Err(RuleError::TooManyHills {
            area,
            hills: hills.len(),
            min,
        });
    }
    let mut by_player: Vec<Vec<u32>> = vec![Vec::new(); usize::from(players)];
    for (p, o) in &hills {
        if let Some(v) = by_player.get_mut(usize::from(*o)) {
            v.push(map.shape().index(*p));
        }
    }
    let first = by_player[0].len();
    for (p, v) in by_player.iter().enumerate() {
        if v.is_empty() || v.len() != first {
            return Err(RuleError::HillCount {
                player: p as u8,
                count: v.len(),
                first,
            });
        }
    }
    let h0 = by_player[0][0];
    let mut transforms = Vec::new();
    for p in 1..players {
        let found = by_player[usize::from(p)]
            .iter()
            .flat_map(|&h| Orientation::ALL.into_iter().map(move |o| (h, o)))
            .find_map(|(h, o)| matching_transform(map, h0, h, o));
        match found {
            Some(t) => transforms.push(t),
            None => return Err(RuleError::NotSymmetric { player: p }),
        }
    }
    let shape = map.shape();
    let tiles = map.tiles();
    let from_first = bfs(map, h0);
    let land = tiles.iter().filter(|t| !is_water(**t)).count();
    let reached = from_first.iter().filter(|d| **d != u32::MAX).count();
    if reached != land {
        return Err(RuleError::NotConnected {
            components: components(map),
            unreached: land - reached,
        });
    }
    for (i, (a, _)) in hills.iter().enumerate() {
        for (b, _) in &hills[i + 1..] {
            let dist2 = shape.dist2(*a, *b);
            if dist2 <= HILL_ATTACK_RADIUS2 {
                return Err(RuleError::HillsInAttackRange {
                    a: *a,
                    b: *b,
                    dist2,
                });
            }
        }
    }
    for (i, (a, oa)) in hills.iter().enumerate() {
        let dist = bfs(map, shape.index(*a));
        for (b, ob) in &hills[i + 1..] {
            let steps = dist[shape.index(*b) as usize];
            if oa != ob && steps < MIN_ENEMY_HILL_STEPS {
                return Err(RuleError::HillsTooClose {
                    a: *a,
                    b: *b,
                    steps,
                });
            }
            if steps > MAX_HILL_STEPS {
                return Err(RuleError::HillsTooFar {
                    a: *a,
                    b: *b,
                    steps,
                });
            }
        }
    }
    Ok(FoundSymmetry { transforms })
}

/// The transform `q ↦ to + o·(q − from)` when it maps the map onto itself (water onto
/// water, hills onto hills with one consistent relabelling of the players).
fn matching_transform(map: &Map, from: u32, to: u32, o: Orientation) -> Option<Transform> {
    let (rows, cols) = (map.rows(), map.cols());
    if o.swaps_axes() && rows != cols {
        return None;
    }
    let (fr, fc) = (i64::from(from / cols), i64::from(from % cols));
    let (tr, tc) = (i64::from(to / cols), i64::from(to % cols));
    let [a, b, c, d] = o.matrix();
    let t = Transform::new(o, (tr - a * fr - b * fc, tc - c * fr - d * fc), rows, cols);
    let tiles = map.tiles();
    let mut relabel = [u8::MAX; 10];
    let mut used = [false; 10];
    for (i, tile) in tiles.iter().enumerate() {
        let image = tiles[t.apply_index(i as u32) as usize];
        if is_water(*tile) != is_water(image) {
            return None;
        }
        match (hill_owner(*tile), hill_owner(image)) {
            (None, None) => {}
            (Some(x), Some(y)) => {
                let slot = &mut relabel[usize::from(x)];
                if *slot == u8::MAX {
                    if used[usize::from(y)] {
                        return None;
                    }
                    *slot = y;
                    used[usize::from(y)] = true;
                } else if *slot != y {
                    return None;
                }
            }
            _ => return None,
        }
    }
    Some(t)
}

/// BFS steps over land from cell `start` (`u32::MAX` where unreachable).
pub(crate) fn bfs(map: &Map, start: u32) -> Vec<u32> {
    let water: Vec<bool> = map.tiles().iter().map(|t| is_water(*t)).collect();
    bfs_land(map.shape(), &water, start)
}

/// BFS steps from `start` over the cells where `water` is false.
pub(crate) fn bfs_land(shape: grid::Shape, water: &[bool], start: u32) -> Vec<u32> {
    let mut dist = vec![u32::MAX; water.len()];
    if water.get(start as usize).copied().unwrap_or(true) {
        return dist;
    }
    dist[start as usize] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(i) = queue.pop_front() {
        let d = dist[i as usize];
        for dir in grid::Dir::ALL {
            if let Some(n) = shape.step_index(i, dir)
                && !water[n as usize]
                && dist[n as usize] == u32::MAX
            {
                dist[n as usize] = d + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Number of separate land areas.
fn components(map: &Map) -> usize {
    let water: Vec<bool> = map.tiles().iter().map(|t| is_water(*t)).collect();
    label_components(map.shape(), &water).1
}

/// Labels every land cell with its area (water: `u32::MAX`); returns the labels and the
/// number of areas.
pub(crate) fn label_components(shape: grid::Shape, water: &[bool]) -> (Vec<u32>, usize) {
    let mut label = vec![u32::MAX; water.len()];
    let mut count = 0u32;
    let mut stack = Vec::new();
    for s in 0..water.len() as u32 {
        if water[s as usize] || label[s as usize] != u32::MAX {
            continue;
        }
        label[s as usize] = count;
        stack.push(s);
        while let Some(i) = stack.pop() {
            for dir in grid::Dir::ALL {
                if let Some(n) = shape.step_index(i, dir)
                    && !water[n as usize]
                    && label[n as usize] == u32::MAX
                {
                    label[n as usize] = count;
                    stack.push(n);
                }
            }
        }
        count += 1;
    }
    (label, count as usize)
}

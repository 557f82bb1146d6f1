//! Seeded generators for the official map families and the official map rules.
//!
//! [`generate`] makes a map of one [`Family`] — `cell_maze` (Voronoi rooms), `random_walk`
//! (open land with water blobs) or `maze` (the symmetric block maze) — for 2 to 10
//! players. Every map is exactly symmetric (one torus isometry per player maps water and
//! hills onto themselves, players relabelled) and passes [`check`], the rules of the 2011
//! `map.py` (docs/ants-maps.md lists them with their numbers). The same [`Params`] give the
//! same map.
//!
//! ```
//! use ants::mapgen::{Family, Params, check, generate};
//!
//! let params = Params { size: Some((48, 60)), ..Params::new(Family::RandomWalk, 2, 7) };
//! let made = generate(&params)?;
//! assert_eq!(made.map.players(), 2);
//! assert!(check(&made.map).is_ok());
//! assert_eq!(generate(&params)?.map, made.map);
//! # Ok::<(), ants::mapgen::MapgenError>(())
//! ```

mod carve;
mod families;
pub mod group;
pub mod rules;

use std::fmt::Write as _;
use std::str::FromStr;

use rand::Rng as _;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;

use crate::map::{Map, Tile};
use group::{Group, Orientation, Transform};
pub use rules::{FoundSymmetry, RuleError, Rules, check, check_with};

/// A family of official maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Voronoi rooms with thin walls and a maze through them (`cell_maze_*.map`).
    CellMaze,
    /// Open land with water blobs laid by random walks (`random_walk_*.map`).
    RandomWalk,
    /// The symmetric block maze (`maze_*.map`).
    Maze,
}

impl Family {
    /// All families.
    pub const ALL: [Family; 3] = [Family::CellMaze, Family::RandomWalk, Family::Maze];

    /// The command-line name: `cell_maze`, `random_walk`, `maze`.
    pub const fn name(self) -> &'static str {
        match self {
            Family::CellMaze => "cell_maze",
            Family::RandomWalk => "random_walk",
            Family::Maze => "maze",
        }
    }
}

impl FromStr for Family {
    type Err = MapgenError;

    fn from_str(s: &str) -> Result<Family, MapgenError> {
        Family::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or_else(|| {
                MapgenError::Parameter(format!(
                    "unknown map family `{s}` (cell_maze, random_walk or maze)"
                ))
            })
    }
}

/// The kind of symmetry a generated map gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SymmetryKind {
    /// Any kind the player count allows, drawn from the seed.
    #[default]
    Any,
    /// Shifts only: the players' parts of the map are copies (tiled, possibly sheared).
    Translational,
    /// A mirror (with shifts for more than 2 players, both mirrors for 4, the full square
    /// group for 8 on a square map); even player counts only.
    Mirror,
    /// A half turn (with shifts for more than 2 players, or a quarter turn for 4 on a
    /// square map); even player counts only.
    Rotational,
}

impl FromStr for SymmetryKind {
    type Err = MapgenError;

    fn from_str(s: &str) -> Result<SymmetryKind, MapgenError> {
        match s {
            "any" => Ok(SymmetryKind::Any),
            "translational" | "tile" => Ok(SymmetryKind::Translational),
            "mirror" => Ok(SymmetryKind::Mirror),
            "rotational" | "rotate" => Ok(SymmetryKind::Rotational),
            _ => Err(MapgenError::Parameter(format!(
                "unknown symmetry `{s}` (any, translational, mirror or rotational)"
            ))),
        }
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    /// The family.
    pub family: Family,
    /// Players, 2 to 10.
    pub players: u8,
    /// The seed: the same parameters give the same map.
    pub seed: u64,
    /// Wanted (rows, cols), each at most 200; rounded to the nearest size the family and
    /// symmetry fit. `None`: drawn from the family's range of the official maps.
    pub size: Option<(u32, u32)>,
    /// 0 (closed) to 1 (open): loops in the mazes, less water in `random_walk`. `None`:
    /// drawn from the family's range.
    pub openness: Option<f64>,
    /// The symmetry kind.
    pub symmetry: SymmetryKind,
    /// Hills per player (`None`: 1, or for the mazes 1 to 3 drawn from the seed).
    pub hills: Option<u8>,
    /// Attempts before giving up (each draws new random parameters within the given ones).
    pub attempts: u32,
}

impl Params {
    /// Defaults for `family`, `players` and `seed`: size, openness, symmetry and hills
    /// drawn from the seed, 200 attempts.
    pub fn new(family: Family, players: u8, seed: u64) -> Params {
        Params {
            family,
            players,
            seed,
            size: None,
            openness: None,
            symmetry: SymmetryKind::Any,
            hills: None,
            attempts: 200,
        }
    }
}

/// Why no map was made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MapgenError {
    /// A parameter is out of range or does not fit the others.
    #[error("{0}")]
    Parameter(String),
    /// Every attempt broke a rule or a quality bound.
    #[error("no valid {family} map in {attempts} attempts (last problem: {last})")]
    Exhausted {
        /// The family's name.
        family: &'static str,
        /// Attempts made.
        attempts: u32,
        /// What the last attempt ran into.
        last: String,
    },
}

/// A generated map with what [`check`] found and the parameters drawn.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The map.
    pub map: Map,
    /// The symmetry the rule check found.
    pub symmetry: FoundSymmetry,
    /// The attempt (1-based) that succeeded.
    pub attempt: u32,
    /// The parameters drawn, one `key value` per entry (for the file header).
    pub notes: Vec<String>,
}

impl Generated {
    /// The map file: `#` comment lines with the parameters, then the official format.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for n in &self.notes {
            let _ = writeln!(out, "# {n}");
        }
        let _ = writeln!(out, "# symmetry {}", self.symmetry);
        out.push_str(&self.map.to_text());
        out
    }
}

/// Largest hills per player accepted.
pub const MAX_HILLS_PER_PLAYER: u8 = 9;
/// Largest number of attempts accepted.
pub const MAX_ATTEMPTS: u32 = 10_000;

fn validate(p: &Params) -> Result<(), MapgenError> {
    let bad = |m: String| Err(MapgenError::Parameter(m));
    if !(2..=10).contains(&p.players) {
        return bad(format!("players must be 2 to 10, got {}", p.players));
    }
    if let Some((r, c)) = p.size {
        if r == 0 || c == 0 || r > rules::MAX_SIDE || c > rules::MAX_SIDE {
            return bad(format!(
                "size {r}x{c}: rows and cols must be 1 to {}",
                rules::MAX_SIDE
            ));
        }
        let area = u64::from(r) * u64::from(c);
        let (lo, hi) = area_bounds(p.players);
        if area < lo || area > hi {
            return bad(format!(
                "size {r}x{c} (area {area}) is outside the area rule for {} players ({lo} to {hi})",
                p.players
            ));
        }
        let hills = u64::from(p.hills.unwrap_or(1)) * u64::from(p.players);
        if area < rules::MIN_AREA_PER_HILL * hills {
            return bad(format!(
                "size {r}x{c} (area {area}) is too small for {hills} hills (at least {} squares each)",
                rules::MIN_AREA_PER_HILL
            ));
        }
    }
    if let Some(o) = p.openness
        && !(0.0..=1.0).contains(&o)
    {
        return bad(format!("openness must be 0 to 1, got {o}"));
    }
    if let Some(h) = p.hills {
        if !(1..=MAX_HILLS_PER_PLAYER).contains(&h) {
            return bad(format!(
                "hills per player must be 1 to {MAX_HILLS_PER_PLAYER}, got {h}"
            ));
        }
        let (_, hi) = area_bounds(p.players);
        let need = rules::MIN_AREA_PER_HILL * u64::from(h) * u64::from(p.players);
        if need > hi.min(u64::from(rules::MAX_SIDE).pow(2)) {
            return bad(format!(
                "{h} hills for each of {} players need an area of {need}, more than a map may have",
                p.players
            ));
        }
    }
    if matches!(p.symmetry, SymmetryKind::Mirror | SymmetryKind::Rotational)
        && !p.players.is_multiple_of(2)
    {
        return bad(format!(
            "mirror and rotational symmetry need an even number of players, got {}",
            p.players
        ));
    }
    if !(1..=MAX_ATTEMPTS).contains(&p.attempts) {
        return bad(format!(
            "attempts must be 1 to {MAX_ATTEMPTS}, got {}",
            p.attempts
        ));
    }
    Ok(())
}

/// The area rule for `players`: (min, max) squares.
fn area_bounds(players: u8) -> (u64, u64) {
    let p = u64::from(players);
    (
        rules::MIN_AREA_PER_PLAYER * p,
        rules::MAX_AREA_FLOOR.max(rules::MAX_AREA_PER_PLAYER * p),
    )
}

/// Generates a map; see the module documentation.
pub fn generate(p: &Params) -> Result<Generated, MapgenError> {
    validate(p)?;
    let mut rng = ChaCha8Rng::seed_from_u64(p.seed);
    let mut last = String::new();
    for attempt in 1..=p.attempts {
        match attempt_once(p, &mut rng) {
            Ok((map, symmetry, mut notes)) => {
                notes.insert(
                    0,
                    format!(
                        "botforge ants mapgen {} --players {} --seed {} (attempt {attempt})",
                        p.family.name(),
                        p.players,
                        p.seed
                    ),
                );
                return Ok(Generated {
                    map,
                    symmetry,
                    attempt,
                    notes,
                });
            }
            Err(e) => last = e,
        }
    }
    Err(MapgenError::Exhausted {
        family: p.family.name(),
        attempts: p.attempts,
        last,
    })
}

/// The construction of the symmetry group for one attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Construction {
    /// Cyclic shifts along the columns (with a shear of the rows).
    Shift,
    /// Mirror rows × shifts along the columns.
    MirrorShift,
    /// Both mirrors (4 players).
    MirrorBoth,
    /// The square's full group (8 players, square map).
    Square,
    /// Half turn × shifts along the columns.
    RotateShift,
    /// Quarter turns (4 players, square map).
    Quarter,
}

fn constructions(kind: SymmetryKind, players: u8) -> Vec<Construction> {
    use Construction as C;
    let even = players.is_multiple_of(2);
    let mirror = || {
        let mut v = vec![C::MirrorShift];
        if players == 4 {
            v.push(C::MirrorBoth);
        }
        if players == 8 {
            v.push(C::Square);
        }
        v
    };
    let rotate = || {
        let mut v = vec![C::RotateShift];
        if players == 4 {
            v.push(C::Quarter);
        }
        v
    };
    match kind {
        SymmetryKind::Mirror => mirror(),
        SymmetryKind::Rotational => rotate(),
        SymmetryKind::Any if even => {
            let mut v = vec![C::Shift];
            v.extend(mirror());
            v.extend(rotate());
            v
        }
        SymmetryKind::Any | SymmetryKind::Translational => vec![C::Shift],
    }
}

/// The family's target size when none is given (ranges of the official maps).
fn target_size(rng: &mut ChaCha8Rng, family: Family, players: u8, hills: u8) -> (u32, u32) {
    let pl = f64::from(players);
    let floor = (1100.0 * pl).max(600.0 * f64::from(hills) * pl);
    let (mut rows, mut cols) = match family {
        Family::CellMaze => {
            let hi = (25_000f64.min(4500.0 * pl)).max(floor * 1.2);
            let area = rng.random_range(floor..hi);
            let aspect: f64 = rng.random_range(1.0..2.5);
            let rows = (area / aspect).sqrt();
            (rows, area / rows)
        }
        Family::Maze => {
            let rows = f64::from(rng.random_range(60..=150u32));
            (rows, f64::from(rng.random_range(rows as u32..=150)))
        }
        Family::RandomWalk => (
            f64::from(rng.random_range(50..=150u32)),
            f64::from(rng.random_range(50..=150u32)),
        ),
    };
    let area = rows * cols;
    if area < floor {
        let k = (floor / area).sqrt();
        rows *= k;
        cols *= k;
    }
    let side = f64::from(rules::MAX_SIDE);
    (rows.min(side) as u32, cols.min(side) as u32)
}

/// `target` rounded to a multiple of `unit` within 1..=200 (nearest, or the next one up
/// when `up`).
fn fit(target: u32, unit: u32, up: bool) -> u32 {
    let max = rules::MAX_SIDE / unit * unit;
    let m = if up {
        target.div_ceil(unit) * unit
    } else {
        (target + unit / 2) / unit * unit
    };
    m.clamp(unit, max.max(unit))
}

/// The group, size and a description for one attempt.
struct Layout {
    rows: u32,
    cols: u32,
    group: Group,
    construction: Construction,
}

fn layout(
    rng: &mut ChaCha8Rng,
    p: &Params,
    target: (u32, u32),
    block: u32,
) -> Result<Layout, String> {
    use Construction as C;
    let options = constructions(p.symmetry, p.players);
    let construction = options[rng.random_range(0..options.len())];
    let players = u32::from(p.players);
    // Shifts come in steps of `unit`; mirrors and turns keep blocks of `block` whole.
    let unit = if p.family == Family::Maze {
        2 * block
    } else {
        1
    };
    let k = match construction {
        C::Shift => players,
        C::MirrorShift | C::RotateShift => players / 2,
        C::MirrorBoth | C::Square | C::Quarter => 1,
    };
    let square = matches!(construction, C::Square | C::Quarter);
    let (lo, hi) = area_bounds(p.players);
    let min_hills =
        rules::MIN_AREA_PER_HILL * u64::from(p.hills.unwrap_or(1)) * u64::from(p.players);
    let mut size = None;
    for up in [false, true] {
        // A shift of order k needs a shear s with k·s ≡ 0: rows a multiple of k too.
        let row_unit = if construction == C::Shift {
            unit * k
        } else {
            unit
        };
        let (mut r, mut c) = (fit(target.0, row_unit, up), fit(target.1, unit * k, up));
        if square {
            let s = fit(target.0.max(target.1), unit, up);
            (r, c) = (s, s);
        }
        let area = u64::from(r) * u64::from(c);
        if area >= lo.max(min_hills) && area <= hi {
            size = Some((r, c));
            break;
        }
    }
    let Some((rows, cols)) = size else {
        return Err(format!(
            "no {} size near {}x{} fits the area rule",
            p.family.name(),
            target.0,
            target.1
        ));
    };
    let t = |o: Orientation, s: (i64, i64)| Transform::new(o, s, rows, cols);
    let b1 = i64::from(block) - 1;
    let tile = i64::from(cols / k.max(1));
    // The shear of the shift: among the rows multiples of `unit`, one that keeps the
    // players' copies far apart.
    let shear = |rng: &mut ChaCha8Rng, choices: Vec<i64>, order: i64| -> i64 {
        let score = |s: i64| {
            (1..order)
                .map(|i| {
                    let shape = grid::Shape::new(rows, cols, grid::Topology::Torus);
                    let (r, c) = t(Orientation::Identity, (i * s, i * tile)).shift;
                    shape.dist2(grid::Pos::new(0, 0), grid::Pos::new(r as i32, c as i32))
                })
                .min()
                .unwrap_or(u32::MAX)
        };
        let best = choices.iter().map(|&s| score(s)).max().unwrap_or(0);
        let good: Vec<i64> = choices
            .into_iter()
            .filter(|&s| score(s) as f64 >= 0.8 * best as f64)
            .collect();
        if good.is_empty() {
            0
        } else {
            good[rng.random_range(0..good.len())]
        }
    };
    let half_rows: Vec<i64> = if rows % (2 * unit) == 0 {
        vec![0, i64::from(rows / 2)]
    } else {
        vec![0]
    };
    let kk = i64::from(k);
    let generators = match construction {
        C::Shift => {
            let step = i64::from(rows) / kk;
            let choices = (0..kk).map(|j| j * step).collect();
            let s = shear(rng, choices, kk);
            vec![t(Orientation::Identity, (s, tile))]
        }
        C::MirrorShift | C::RotateShift => {
            let o = if construction == C::MirrorShift {
                t(Orientation::FlipRows, (b1, 0))
            } else {
                t(Orientation::Rotate180, (b1, b1))
            };
            if k > 1 {
                let s = shear(rng, half_rows, kk);
                vec![o, t(Orientation::Identity, (s, tile))]
            } else {
                vec![o]
            }
        }
        C::MirrorBoth => vec![
            t(Orientation::FlipRows, (b1, 0)),
            t(Orientation::FlipCols, (0, b1)),
        ],
        C::Square => vec![
            t(Orientation::FlipRows, (b1, 0)),
            t(Orientation::Transpose, (0, 0)),
        ],
        C::Quarter => vec![t(Orientation::Rotate90, (0, b1))],
    };
    let group = Group::generate(rows, cols, &generators, 10)
        .filter(|g| g.len() == usize::from(p.players))
        .ok_or_else(|| format!("{construction:?} gives no {}-player group", p.players))?;
    Ok(Layout {
        rows,
        cols,
        group,
        construction,
    })
}

type Attempt = (Map, FoundSymmetry, Vec<String>);

fn attempt_once(p: &Params, rng: &mut ChaCha8Rng) -> Result<Attempt, String> {
    let hills = match (p.hills, p.family) {
        (Some(h), _) => h,
        (None, Family::RandomWalk) => 1,
        (None, _) => rng.random_range(1..=3u8),
    };
    let target = match p.size {
        Some(s) => s,
        None => target_size(rng, p.family, p.players, hills),
    };
    let block = rng.random_range(3..=4u32);
    let layout = layout(rng, p, target, block)?;
    let openness = match (p.openness, p.family) {
        (Some(o), _) => o,
        (None, Family::RandomWalk) => rng.random_range(0.2..0.9),
        (None, _) => rng.random_range(0.05..0.35),
    };
    let shape = grid::Shape::new(layout.rows, layout.cols, grid::Topology::Torus);
    let group = &layout.group;
    let terrain = match p.family {
        Family::CellMaze => families::cell_maze(shape, group, rng, openness)?,
        Family::RandomWalk => families::random_walk(shape, group, rng, openness)?,
        Family::Maze => families::maze(shape, group, rng, openness, block)?,
    };
    let mut water = terrain.water;
    carve::keep_main_area(shape, group, &mut water, 0.8)?;
    let land = water.iter().filter(|w| !**w).count();
    if (land as f64) < 0.35 * shape.len() as f64 {
        return Err(format!("only {land} of {} squares are land", shape.len()));
    }
    let placed = carve::place_hills(shape, &water, group, rng, hills, &terrain.candidates)?;
    let mut tiles: Vec<Tile> = water
        .iter()
        .map(|&w| if w { Tile::Water } else { Tile::Land })
        .collect();
    for (i, owner) in placed {
        tiles[i as usize] = Tile::Hill(owner);
    }
    let map =
        Map::from_tiles(layout.rows, layout.cols, p.players, tiles).map_err(|e| e.to_string())?;
    let symmetry = check(&map).map_err(|e| e.to_string())?;
    let mut notes = vec![
        format!("family {}", p.family.name()),
        format!("size {}x{}", layout.rows, layout.cols),
        format!("construction {:?}", layout.construction),
        format!("openness {openness:.3}"),
        format!("hills per player {hills}"),
    ];
    notes.extend(terrain.notes);
    Ok((map, symmetry, notes))
}

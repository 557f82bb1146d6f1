//! The world: grid, gold, wumpus start cells and game parameters; text format parser and
//! writer (spec §2, §2.1, §3.1).

use std::fmt::Write as _;
use std::path::Path;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The grid sides (border included) a world may have.
pub const WORLD_SIDES: std::ops::RangeInclusive<u32> = 4..=64;

/// The largest `start_score` in absolute value (10^12): no game can then overflow a score.
pub const MAX_START_SCORE: i64 = 1_000_000_000_000;

/// The largest `max_actions` of a world (100,000: a hundred times the presets' 1000, far
/// more than walking every cell of a 64×64 world several times; a game's trace stays a few
/// MB).
pub const MAX_ACTIONS: u32 = 100_000;

/// The largest world file read (1 MiB; a 64×64 world is about 4 KB plus its parameters).
pub const MAX_WORLD_BYTES: u64 = 1 << 20;

/// A cell `(x, y)`: `x` grows to the east, `y` to the south.
pub type Cell = (i32, i32);

/// Manhattan distance between two cells.
pub fn manhattan(a: Cell, b: Cell) -> u32 {
    a.0.abs_diff(b.0) + a.1.abs_diff(b.1)
}

/// A heading, in clockwise order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Heading {
    /// `(0,-1)`.
    North,
    /// `(1,0)`.
    East,
    /// `(0,1)`.
    South,
    /// `(-1,0)`.
    West,
}

impl Heading {
    /// All headings in clockwise order starting at north.
    pub const ALL: [Heading; 4] = [Heading::North, Heading::East, Heading::South, Heading::West];

    /// The unit step `(dx, dy)`.
    pub fn delta(self) -> Cell {
        match self {
            Heading::North => (0, -1),
            Heading::East => (1, 0),
            Heading::South => (0, 1),
            Heading::West => (-1, 0),
        }
    }

    /// The neighbour of `c` along this heading.
    pub fn step(self, c: Cell) -> Cell {
        let (dx, dy) = self.delta();
        (c.0 + dx, c.1 + dy)
    }

    /// One step clockwise.
    #[must_use]
    pub fn right(self) -> Heading {
        Heading::ALL[(self.index() + 1) % 4]
    }

    /// One step counter-clockwise.
    #[must_use]
    pub fn left(self) -> Heading {
        Heading::ALL[(self.index() + 3) % 4]
    }

    /// Index in [`Heading::ALL`] (0 = north … 3 = west).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Protocol name (`NORTH` …).
    pub fn name(self) -> &'static str {
        match self {
            Heading::North => "NORTH",
            Heading::East => "EAST",
            Heading::South => "SOUTH",
            Heading::West => "WEST",
        }
    }

    /// Parses a protocol name.
    pub fn from_name(s: &str) -> Option<Heading> {
        Heading::ALL.into_iter().find(|h| h.name() == s)
    }
}

/// Score rewards (spec §3.1, W-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rewards {
    /// Added per action (−1).
    pub action: i64,
    /// Added when the gold is grabbed (+100).
    pub gold: i64,
    /// Added per wumpus killed (+100).
    pub kill: i64,
    /// Added on death (−1000).
    pub death: i64,
    /// Added on a win (+1000).
    pub win: i64,
}

impl Default for Rewards {
    fn default() -> Self {
        Self {
            action: -1,
            gold: 100,
            kill: 100,
            death: -1000,
            win: 1000,
        }
    }
}

/// Game parameters (spec §3.1). The default is the `medium` preset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameParams {
    /// Shots available.
    pub arrows: u32,
    /// Radar range D.
    pub stench_distance: u32,
    /// Rumbles are heard only within this distance; `None` = unlimited.
    pub rumble_distance: Option<u32>,
    /// Whether wumpi act at all.
    pub moving_wumpi: bool,
    /// Relative weights of forward, turn left, turn right, sit.
    pub wumpus_weights: [u32; 4],
    /// Turn limit.
    pub max_actions: u32,
    /// Initial score.
    pub start_score: i64,
    /// Score rewards.
    pub rewards: Rewards,
}

impl Default for GameParams {
    fn default() -> Self {
        Self {
            arrows: 4,
            stench_distance: 3,
            rumble_distance: None,
            moving_wumpi: true,
            wumpus_weights: [1, 1, 1, 1],
            max_actions: 1000,
            start_score: 0,
            rewards: Rewards::default(),
        }
    }
}

/// What a grid cell is made of (gold and wumpi are kept apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Tile {
    /// Border wall.
    Wall,
    /// Walkable floor (including the start, the gold cell and wumpus start cells).
    Floor,
    /// A pit.
    Pit,
}

/// A complete world: the grid with its wall ring, the gold, the wumpus start cells (ids
/// 1… in row-major order) and the game parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct World {
    /// Free-text name from the header.
    pub name: Option<String>,
    width: u32,
    height: u32,
    tiles: Vec<Tile>,
    gold: Cell,
    wumpi: Vec<Cell>,
    /// Game parameters (defaults overridden by the header).
    pub params: GameParams,
}

/// The start cell, always (1,1).
pub const START: Cell = (1, 1);

/// Error in a world file, with 1-based line and column.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}, column {column}: {message}")]
pub struct WorldError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (1 when the whole line is meant).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Error loading or saving a world file.
#[derive(Debug, Error)]
pub enum WorldFileError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file content is invalid.
    #[error("{path}: {source}")]
    Parse {
        /// The file.
        path: String,
        /// The parse error.
        source: WorldError,
    },
}

fn err(line: usize, column: usize, message: impl Into<String>) -> WorldError {
    WorldError {
        line,
        column,
        message: message.into(),
    }
}

impl World {
    /// Builds a world from its parts, checking the same rules as the parser.
    pub fn new(
        width: u32,
        height: u32,
        pits: &[Cell],
        gold: Cell,
        wumpi: &[Cell],
        params: GameParams,
    ) -> Result<World, WorldError> {
        let mut text = String::new();
        for y in 0..height as i32 {
            for x in 0..width as i32 {
                let c = (x, y);
                let border = x == 0 || y == 0 || x == width as i32 - 1 || y == height as i32 - 1;
                let ch = if border {
                    '#'
                } else if c == START {
                    'S'
                } else if c == gold {
                    'G'
                } else if wumpi.contains(&c) {
                    'W'
                } else if pits.contains(&c) {
                    'P'
                } else {
                    '.'
                };
                text.push(ch);
            }
            text.push('\n');
        }
        let mut w = World::parse(&text)?;
        w.params = params;
        Ok(w)
    }

    /// Parses the text format of spec §2.1.
    pub fn parse(text: &str) -> Result<World, WorldError> {
        let lines: Vec<&str> = text
            .split('\n')
            .map(|l| l.strip_suffix('\r').unwrap_or(l))
            .collect();
        let mut params = GameParams::default();
        let mut name = None;
        let mut i = 0;
        while i < lines.len() && !lines[i].starts_with('#') {
            parse_header_line(lines[i], i + 1, &mut params, &mut name)?;
            i += 1;
        }
        if i == lines.len() {
            return Err(err(
                text.lines().count().max(1),
                1,
                "no grid found (a grid starts with a line beginning with '#')",
            ));
        }
        let first = i;
        let mut last = lines.len();
        while last > first && lines[last - 1].is_empty() {
            last -= 1;
        }
        let grid = &lines[first..last];
        let width = grid[0].chars().count();
        for (k, l) in grid.iter().enumerate() {
            let n = l.chars().count();
            if n != width {
                return Err(err(
                    first + k + 1,
                    n.min(width) + 1,
                    format!("grid line has length {n}, expected {width}"),
                ));
            }
        }
        let height = grid.len();
        if !WORLD_SIDES.contains(&(width as u32)) {
            return Err(err(
                first + 1,
                1,
                format!("grid width {width} is outside 4..64"),
            ));
        }
        if !WORLD_SIDES.contains(&(height as u32)) {
            return Err(err(
                first + 1,
                1,
                format!("grid height {height} is outside 4..64"),
            ));
        }
        let mut tiles = Vec::with_capacity(width * height);
        let mut start = None;
        let mut gold = None;
        let mut wumpi = Vec::new();
        for (y, l) in grid.iter().enumerate() {
            for (x, ch) in l.chars().enumerate() {
                let (line, column) = (first + y + 1, x + 1);
                let border = x == 0 || y == 0 || x == width - 1 || y == height - 1;
                let c = (x as i32, y as i32);
                if border && ch != '#' {
                    return Err(err(
                        line,
                        column,
                        format!("border cell must be '#', found '{ch}'"),
                    ));
                }
                let tile = match ch {
                    '#' if border => Tile::Wall,
                    '#' => return Err(err(line, column, "wall '#' inside the grid")),
                    '.' => Tile::Floor,
                    'P' => Tile::Pit,
                    'S' => {
                        if start.is_some() {
                            return Err(err(line, column, "second start 'S'"));
                        }
                        if c != START {
                            return Err(err(line, column, "start 'S' must be at (1,1)"));
                        }
                        start = Some(c);
                        Tile::Floor
                    }
                    'G' => {
                        if gold.is_some() {
                            return Err(err(line, column, "second gold 'G'"));
                        }
                        gold = Some(c);
                        Tile::Floor
                    }
                    'W' => {
                        wumpi.push(c);
                        Tile::Floor
                    }
                    other => return Err(err(line, column, format!("unknown character '{other}'"))),
                };
                tiles.push(tile);
            }
        }
        if start.is_none() {
            return Err(err(first + 2, 2, "start 'S' missing (it must be at (1,1))"));
        }
        let Some(gold) = gold else {
            return Err(err(first + 1, 1, "gold 'G' missing"));
        };
        Ok(World {
            name,
            width: width as u32,
            height: height as u32,
            tiles,
            gold,
            wumpi,
            params,
        })
    }

    /// Reads and parses a world file.
    pub fn load(path: &Path) -> Result<World, WorldFileError> {
        let p = path.display().to_string();
        let text = outfile::read_bounded(path, MAX_WORLD_BYTES, "world").map_err(|source| {
            WorldFileError::Io {
                path: p.clone(),
                source,
            }
        })?;
        World::parse(&text).map_err(|source| WorldFileError::Parse { path: p, source })
    }

    /// Writes the world atomically: the file appears complete or not at all.
    pub fn save(&self, path: &Path) -> Result<(), WorldFileError> {
        outfile::write(path, self.to_text().as_bytes()).map_err(|source| WorldFileError::Io {
            path: path.display().to_string(),
            source,
        })
    }

    /// The text format; header lines only for parameters that differ from the defaults.
    pub fn to_text(&self) -> String {
        let mut s = String::from("; botforge wumpus world\n");
        if let Some(n) = &self.name {
            let _ = writeln!(s, "name = {n}");
        }
        let d = GameParams::default();
        let p = &self.params;
        if p.arrows != d.arrows {
            let _ = writeln!(s, "arrows = {}", p.arrows);
        }
        if p.stench_distance != d.stench_distance {
            let _ = writeln!(s, "stench_distance = {}", p.stench_distance);
        }
        if p.max_actions != d.max_actions {
            let _ = writeln!(s, "max_actions = {}", p.max_actions);
        }
        if p.start_score != d.start_score {
            let _ = writeln!(s, "start_score = {}", p.start_score);
        }
        if p.rumble_distance != d.rumble_distance {
            match p.rumble_distance {
                Some(r) => {
                    let _ = writeln!(s, "rumble_distance = {r}");
                }
                None => s.push_str("rumble_distance = none\n"),
            }
        }
        if p.moving_wumpi != d.moving_wumpi {
            let _ = writeln!(s, "moving_wumpi = {}", p.moving_wumpi);
        }
        if p.wumpus_weights != d.wumpus_weights {
            let w = p.wumpus_weights;
            let _ = writeln!(s, "wumpus_weights = {},{},{},{}", w[0], w[1], w[2], w[3]);
        }
        for y in 0..self.height as i32 {
            for x in 0..self.width as i32 {
                let c = (x, y);
                let ch = match self.tile(c) {
                    Tile::Wall => '#',
                    Tile::Pit => 'P',
                    Tile::Floor if c == START => 'S',
                    Tile::Floor if c == self.gold => 'G',
                    Tile::Floor if self.wumpi.contains(&c) => 'W',
                    Tile::Floor => '.',
                };
                s.push(ch);
            }
            s.push('\n');
        }
        s
    }

    /// Width including the wall ring.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height including the wall ring.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Whether `c` lies on the grid (walls included).
    pub fn contains(&self, c: Cell) -> bool {
        c.0 >= 0 && c.1 >= 0 && c.0 < self.width as i32 && c.1 < self.height as i32
    }

    /// The tile at `c`; outside the grid counts as wall.
    pub fn tile(&self, c: Cell) -> Tile {
        if self.contains(c) {
            self.tiles[(c.1 as u32 * self.width + c.0 as u32) as usize]
        } else {
            Tile::Wall
        }
    }

    /// Whether `c` is a pit.
    pub fn is_pit(&self, c: Cell) -> bool {
        self.tile(c) == Tile::Pit
    }

    /// The gold cell.
    pub fn gold(&self) -> Cell {
        self.gold
    }

    /// Wumpus start cells; wumpus id `k` starts at `wumpi()[k-1]`.
    pub fn wumpi(&self) -> &[Cell] {
        &self.wumpi
    }

    /// Spec §5: the gold can be reached from (1,1) over non-pit interior cells (wumpi ignored).
    pub fn solvable(&self) -> bool {
        let mut seen = vec![false; self.tiles.len()];
        let mut stack = vec![START];
        seen[(self.width + 1) as usize] = true;
        while let Some(c) = stack.pop() {
            if c == self.gold {
                return true;
            }
            for h in Heading::ALL {
                let n = h.step(c);
                if self.tile(n) == Tile::Floor {
                    let i = (n.1 as u32 * self.width + n.0 as u32) as usize;
                    if !seen[i] {
                        seen[i] = true;
                        stack.push(n);
                    }
                }
            }
        }
        false
    }
}

fn parse_header_line(
    line: &str,
    no: usize,
    params: &mut GameParams,
    name: &mut Option<String>,
) -> Result<(), WorldError> {
    let t = line.trim();
    if t.is_empty() || t.starts_with(';') {
        return Ok(());
    }
    let Some(eq) = line.find('=') else {
        return Err(err(
            no,
            1,
            format!("expected 'key = value', a ';' comment or an empty line, found '{t}'"),
        ));
    };
    let key = line[..eq].trim();
    let value = line[eq + 1..].trim();
    let vcol = eq + 2 + (line[eq + 1..].len() - line[eq + 1..].trim_start().len());
    let int = |v: &str| -> Result<i64, WorldError> {
        v.parse::<i64>()
            .map_err(|_| err(no, vcol, format!("'{key}' needs an integer, found '{v}'")))
    };
    let uint = |v: &str| -> Result<u32, WorldError> {
        v.parse::<u32>().map_err(|_| {
            err(
                no,
                vcol,
                format!("'{key}' needs a non-negative integer, found '{v}'"),
            )
        })
    };
    match key {
        "name" => *name = Some(value.to_string()),
        "arrows" => params.arrows = uint(value)?,
        "stench_distance" => params.stench_distance = uint(value)?,
        "max_actions" => {
            let v = uint(value)?;
            if !(1..=MAX_ACTIONS).contains(&v) {
                return Err(err(
                    no,
                    vcol,
                    format!("'max_actions' {v} is out of range (1..={MAX_ACTIONS})"),
                ));
            }
            params.max_actions = v;
        }
        "start_score" => {
            let v = int(value)?;
            if v.unsigned_abs() > MAX_START_SCORE.unsigned_abs() {
                return Err(err(
                    no,
                    vcol,
                    format!(
                        "'start_score' {v} is out of range (at most {MAX_START_SCORE} in absolute value)"
                    ),
                ));
            }
            params.start_score = v;
        }
        "rumble_distance" => {
            params.rumble_distance = if value == "none" {
                None
            } else {
                Some(uint(value)?)
            };
        }
        "moving_wumpi" => {
            params.moving_wumpi = match value {
                "true" => true,
                "false" => false,
                v => {
                    return Err(err(
                        no,
                        vcol,
                        format!("'moving_wumpi' needs true or false, found '{v}'"),
                    ));
                }
            };
        }
        "wumpus_weights" => {
            let parts: Vec<&str> = value.split(',').map(str::trim).collect();
            if parts.len() != 4 {
                return Err(err(
                    no,
                    vcol,
                    format!(
                        "'wumpus_weights' needs four comma-separated integers, found '{value}'"
                    ),
                ));
            }
            let mut w = [0u32; 4];
            for (k, p) in parts.iter().enumerate() {
                w[k] = uint(p)?;
            }
            if w.iter().all(|&x| x == 0) {
                return Err(err(no, vcol, "'wumpus_weights' must not be all 0"));
            }
            params.wumpus_weights = w;
        }
        other => return Err(err(no, 1, format!("unknown key '{other}'"))),
    }
    Ok(())
}

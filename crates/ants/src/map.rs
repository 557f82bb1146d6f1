//! The official Ants map format (spec §1): parser with line/column errors, and a writer.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use grid::{Pos, Shape, Topology};

/// One square of a map file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tile {
    /// `.` land.
    Land,
    /// `%` water.
    Water,
    /// `*` food (used in scenario mode only).
    Food,
    /// `a`..`j`: an ant of a player (scenario mode only).
    Ant(u8),
    /// `0`..`9`: a hill of a player.
    Hill(u8),
    /// `A`..`J`: a hill with its owner's ant on it.
    HillAnt(u8),
}

impl Tile {
    /// The map character of this tile.
    pub fn to_char(self) -> char {
        match self {
            Tile::Land => '.',
            Tile::Water => '%',
            Tile::Food => '*',
            Tile::Ant(p) => char::from(b'a' + p),
            Tile::Hill(p) => char::from(b'0' + p),
            Tile::HillAnt(p) => char::from(b'A' + p),
        }
    }

    /// Parses a map character valid for an `players`-player map.
    pub fn from_char(c: char, players: u8) -> Option<Tile> {
        let b = u8::try_from(c).ok()?;
        let tile = match b {
            b'.' => Tile::Land,
            b'%' => Tile::Water,
            b'*' => Tile::Food,
            b'a'..=b'j' => Tile::Ant(b - b'a'),
            b'0'..=b'9' => Tile::Hill(b - b'0'),
            b'A'..=b'J' => Tile::HillAnt(b - b'A'),
            _ => return None,
        };
        match tile {
            Tile::Ant(p) | Tile::Hill(p) | Tile::HillAnt(p) if p >= players => None,
            t => Some(t),
        }
    }

    /// The owner of the hill on this tile, if any.
    pub fn hill_owner(self) -> Option<u8> {
        match self {
            Tile::Hill(p) | Tile::HillAnt(p) => Some(p),
            _ => None,
        }
    }
}

/// A map could not be read; names the file (if any), line and column (both 1-based).
#[derive(Debug, thiserror::Error)]
pub enum MapError {
    /// The file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The text is not a valid map.
    #[error("{}:{line}:{column}: {message}", file.as_ref().map_or_else(|| "<map>".to_owned(), |p| p.display().to_string()))]
    Syntax {
        /// The file, when loaded from disk.
        file: Option<PathBuf>,
        /// 1-based line (0 when the error concerns the whole file).
        line: usize,
        /// 1-based column (0 when the error concerns the whole line).
        column: usize,
        /// What is wrong.
        message: String,
    },
}

/// An Ants map: a torus of tiles with `players` players and their hills.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    shape: Shape,
    players: u8,
    tiles: Vec<Tile>,
}

fn syntax(line: usize, column: usize, message: impl Into<String>) -> MapError {
    MapError::Syntax {
        file: None,
        line,
        column,
        message: message.into(),
    }
}

fn parse_int(value: &str, line: usize, column: usize, key: &str) -> Result<i64, MapError> {
    value.trim().parse::<i64>().map_err(|_| {
        syntax(
            line,
            column,
            format!("`{key}` needs an integer, got `{value}`"),
        )
    })
}

impl Map {
    /// Builds a map from its parts. `tiles` is row-major and must have `rows * cols` entries.
    pub fn from_tiles(
        rows: u32,
        cols: u32,
        players: u8,
        tiles: Vec<Tile>,
    ) -> Result<Map, MapError> {
        if tiles.len() != rows as usize * cols as usize || rows == 0 || cols == 0 {
            return Err(syntax(
                0,
                0,
                format!("{} tiles do not form a {rows}x{cols} map", tiles.len()),
            ));
        }
        if !(2..=10).contains(&players) {
            return Err(syntax(
                0,
                0,
                format!("players must be 2..10, got {players}"),
            ));
        }
        Ok(Map {
            shape: Shape::new(rows, cols, Topology::Torus),
            players,
            tiles,
        })
    }

    /// The map whose `m` lines are `rows` (`rows`/`cols` taken from them), for `players`
    /// players: a small map written inline, e.g. in a test.
    pub fn from_rows(rows: &[&str], players: u8) -> Result<Map, MapError> {
        let cols = rows.first().map_or(0, |r| r.len());
        let mut text = format!("rows {}\ncols {cols}\nplayers {players}\n", rows.len());
        for r in rows {
            let _ = writeln!(text, "m {r}");
        }
        Map::parse(&text)
    }

    /// Parses map text (spec §1).
    pub fn parse(text: &str) -> Result<Map, MapError> {
        let mut rows: Option<i64> = None;
        let mut cols: Option<i64> = None;
        let mut players: Option<u8> = None;
        let mut tiles: Vec<Tile> = Vec::new();
        let mut row_count: u32 = 0;
        for (idx, raw) in text.lines().enumerate() {
            let line_no = idx + 1;
            let lead = raw.len() - raw.trim_start().len();
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((key, value)) = line.split_once(' ') else {
                return Err(syntax(
                    line_no,
                    lead + 1,
                    format!("line `{line}` has no `key value` form"),
                ));
            };
            let vcol = lead + key.len() + 2;
            match key.to_ascii_lowercase().as_str() {
                "rows" | "cols" => {
                    let v = parse_int(value, line_no, vcol, key)?;
                    let side = crate::config::MAX_MAP_SIDE;
                    if !(1..=i64::from(side)).contains(&v) {
                        return Err(syntax(
                            line_no,
                            vcol,
                            format!("`{key}` is {v}, out of range (1..={side})"),
                        ));
                    }
                    if key.eq_ignore_ascii_case("rows") {
                        rows = Some(v);
                    } else {
                        cols = Some(v);
                    }
                }
                "players" => {
                    let n = parse_int(value, line_no, vcol, "players")?;
                    if !(2..=10).contains(&n) {
                        return Err(syntax(
                            line_no,
                            vcol,
                            format!("players must be 2..10, got {n}"),
                        ));
                    }
                    players = Some(n as u8);
                }
                "m" => {
                    let Some(n) = players else {
                        return Err(syntax(line_no, lead + 1, "`m` row before `players`"));
                    };
                    let width = value.chars().count();
                    if cols != Some(width as i64) {
                        return Err(syntax(
                            line_no,
                            vcol,
                            match cols {
                                Some(c) => format!("row has {width} characters, `cols` is {c}"),
                                None => "`m` row before `cols`".to_owned(),
                            },
                        ));
                    }
                    for (i, c) in value.chars().enumerate() {
                        let Some(t) = Tile::from_char(c, n) else {
                            return Err(syntax(
                                line_no,
                                vcol + i,
                                format!("invalid character `{c}` for a {n}-player map"),
                            ));
                        };
                        tiles.push(t);
                    }
                    row_count += 1;
                }
                "score" | "hive" => {
                    let Some(n) = players else {
                        return Err(syntax(
                            line_no,
                            lead + 1,
                            format!("`{key}` before `players`"),
                        ));
                    };
                    let mut count = 0;
                    for tok in value.split_whitespace() {
                        parse_int(tok, line_no, vcol, key)?;
                        count += 1;
                    }
                    if count != usize::from(n) {
                        return Err(syntax(
                            line_no,
                            vcol,
                            format!("`{key}` needs {n} entries, got {count}"),
                        ));
                    }
                }
                _ => {}
            }
        }
        let Some(n) = players else {
            return Err(syntax(0, 0, "missing `players`"));
        };
        let (Some(r), Some(c)) = (rows, cols) else {
            return Err(syntax(0, 0, "missing `rows` or `cols`"));
        };
        if i64::from(row_count) != r {
            return Err(syntax(
                0,
                0,
                format!("`rows` is {r} but {row_count} `m` rows were given"),
            ));
        }
        let side = i64::from(crate::config::MAX_MAP_SIDE);
        if r <= 0 || c <= 0 || r > side || c > side {
            return Err(syntax(
                0,
                0,
                format!("unsupported map size {r}x{c} (rows and cols are 1..={side})"),
            ));
        }
        Map::from_tiles(r as u32, c as u32, n, tiles)
    }

    /// The official map `rel` (e.g. `maze/maze_p02_01.map`) of this source tree's
    /// `data/ants/maps/`, where the repository carries the 2011 maps: for tests, benches and
    /// examples that run from the source tree. A missing map is an error that names the
    /// path and where the maps belong.
    pub fn official(rel: &str) -> Result<Map, MapError> {
        let path =
            Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/ants/maps")).join(rel);
        Map::load(&path).map_err(|e| match e {
            MapError::Io { path, source } => MapError::Io {
                source: std::io::Error::new(
                    source.kind(),
                    format!(
                        "{source} (the repository carries the official maps in data/ants/maps/)"
                    ),
                ),
                path,
            },
            other @ MapError::Syntax { .. } => other,
        })
    }

    /// Reads and parses a map file; errors name the file.
    pub fn load(path: &Path) -> Result<Map, MapError> {
        let text =
            outfile::read_bounded(path, crate::config::MAX_MAP_BYTES, "map").map_err(|source| {
                MapError::Io {
                    path: path.to_owned(),
                    source,
                }
            })?;
        Map::parse(&text).map_err(|e| match e {
            MapError::Syntax {
                line,
                column,
                message,
                ..
            } => MapError::Syntax {
                file: Some(path.to_owned()),
                line,
                column,
                message,
            },
            io @ MapError::Io { .. } => io,
        })
    }

    /// The map's dimensions (always a torus).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of rows.
    pub fn rows(&self) -> u32 {
        self.shape.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> u32 {
        self.shape.cols
    }

    /// Number of players.
    pub fn players(&self) -> u8 {
        self.players
    }

    /// All tiles, row-major.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The tile at `p` (wrapped onto the torus).
    pub fn tile(&self, p: Pos) -> Tile {
        let p = self.wrap(p);
        self.tiles[self.shape.index(p) as usize]
    }

    /// True when the square at `p` (wrapped) is water.
    pub fn is_water(&self, p: Pos) -> bool {
        self.tile(p) == Tile::Water
    }

    /// Number of non-water squares.
    pub fn land_area(&self) -> usize {
        self.tiles.iter().filter(|t| **t != Tile::Water).count()
    }

    /// All hills as `(position, owner)` in row-major order.
    pub fn hills(&self) -> Vec<(Pos, u8)> {
        self.tiles
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.hill_owner().map(|o| (self.shape.pos(i as u32), o)))
            .collect()
    }

    fn wrap(&self, p: Pos) -> Pos {
        Pos::new(
            p.row.rem_euclid(self.shape.rows as i32),
            p.col.rem_euclid(self.shape.cols as i32),
        )
    }

    /// Renders the map in the official file format (parses back to an equal map).
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.tiles.len() + 64);
        let _ = writeln!(out, "rows {}", self.shape.rows);
        let _ = writeln!(out, "cols {}", self.shape.cols);
        let _ = writeln!(out, "players {}", self.players);
        for row in self.tiles.chunks(self.shape.cols as usize) {
            out.push_str("m ");
            out.extend(row.iter().map(|t| t.to_char()));
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_maps_load_and_a_missing_one_says_where_they_belong() {
        let map = Map::official("maze/maze_p02_01.map").unwrap();
        assert_eq!(map.players(), 2);
        let e = Map::official("maze/no_such.map").unwrap_err().to_string();
        assert!(
            e.contains("no_such.map") && e.contains("data/ants/maps/"),
            "{e}"
        );
    }

    #[test]
    fn from_rows_is_the_map_of_those_lines() {
        let map = Map::from_rows(&[".%0*", "aB.."], 2).unwrap();
        let text = "rows 2\ncols 4\nplayers 2\nm .%0*\nm aB..\n";
        assert_eq!(map, Map::parse(text).unwrap());
        // Rows of unequal length are the parser's error, not a panic.
        assert!(Map::from_rows(&["..0", ".1"], 2).is_err());
        assert!(Map::from_rows(&[], 2).is_err());
    }

    #[test]
    fn parses_and_round_trips() {
        let text = "# c\nrows 2\ncols 4\nplayers 2\nm .%0*\nm aB..\n";
        let map = Map::parse(text).unwrap();
        assert_eq!(map.rows(), 2);
        assert_eq!(map.hills(), vec![(Pos::new(0, 2), 0), (Pos::new(1, 1), 1)]);
        assert!(map.is_water(Pos::new(0, 1)));
        assert!(map.is_water(Pos::new(2, 5)));
        assert_eq!(Map::parse(&map.to_text()).unwrap(), map);
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = Map::parse("rows 1\ncols 3\nplayers 2\nm .c.\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains(":4:4:"), "{err}");
        let err = Map::parse("rows 1\ncols 3\nm ...\nplayers 2\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("before `players`"), "{err}");
        let err = Map::parse("rows 2\ncols 3\nplayers 2\nm ...\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("rows"), "{err}");
        let err = Map::parse("rows 1\ncols 3\nplayers 11\nm ...\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("2..10"), "{err}");
        let err = Map::parse("rows 1\ncols 3\nplayers 2\nscore 1\nm ...\n")
            .unwrap_err()
            .to_string();
        assert!(err.contains("score"), "{err}");
        assert!(Map::parse("rows\n").is_err());
    }
}

//! The server's map folder as the ladder shows it: every `.map` file below the folder (a
//! few levels deep), known by its file name. A requested name is only ever looked up in
//! this listing, never joined to a path, so no request reaches a file outside the folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use serde::Serialize;

/// The folder is listed again at most this often.
pub const RESCAN: Duration = Duration::from_secs(10);
/// Folders below the map folder that are searched.
pub const MAX_DEPTH: usize = 4;
/// Most files looked at in one listing.
pub const MAX_FILES: usize = 10_000;

/// One map of the folder.
#[derive(Clone, Debug, Serialize)]
pub struct MapInfo {
    /// File name (`maze_p04_01.map`).
    pub name: String,
    /// Players (hills) of the map.
    pub players: u8,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    #[serde(skip)]
    path: PathBuf,
    #[serde(skip)]
    stamp: (Option<SystemTime>, u64),
}

/// A map with its tiles, one string per row (`.` land, `%` water, `0`–`9` hills, …).
#[derive(Clone, Debug, Serialize)]
pub struct MapText {
    /// The map's header.
    #[serde(flatten)]
    pub info: MapInfo,
    /// The rows of the map.
    pub data: Vec<String>,
}

/// Whether `name` may name a map: a plain file name of letters, digits, `_`, `-` and `.`,
/// not starting with a dot, ending in `.map`.
pub fn valid_name(name: &str) -> bool {
    name.len() <= 255
        && std::path::Path::new(name)
            .extension()
            .is_some_and(|e| e == "map")
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
}

/// The listing of the map folder, kept between requests.
pub struct Maps {
    folder: PathBuf,
    by_name: BTreeMap<String, MapInfo>,
    scanned: Option<Instant>,
    error: Option<String>,
}

impl Maps {
    /// The maps of `folder` (nothing read yet).
    pub fn new(folder: &Path) -> Self {
        Maps {
            folder: folder.to_path_buf(),
            by_name: BTreeMap::new(),
            scanned: None,
            error: None,
        }
    }

    /// Every map, by name, and the error of the last listing if it failed. Blocking.
    pub fn list(&mut self) -> (Vec<MapInfo>, Option<String>) {
        self.rescan();
        (self.by_name.values().cloned().collect(), self.error.clone())
    }

    /// One map with its tiles; `None` when no map of the folder has that name.
    pub fn get(&mut self, name: &str) -> Option<MapText> {
        if !valid_name(name) {
            return None;
        }
        self.rescan();
        let info = self.by_name.get(name)?.clone();
        let map = ants::Map::load(&info.path).ok()?;
        let cols = map.cols() as usize;
        let data = map
            .tiles()
            .chunks(cols.max(1))
            .map(|row| row.iter().map(|t| t.to_char()).collect())
            .collect();
        Some(MapText { info, data })
    }

    fn rescan(&mut self) {
        if self.scanned.is_some_and(|t| t.elapsed() < RESCAN) {
            return;
        }
        self.scanned = Some(Instant::now());
        let mut files = Vec::new();
        let mut budget = MAX_FILES;
        if let Err(e) = walk(&self.folder, 0, &mut budget, &mut files) {
            self.error = Some(format!("map folder {}: {e}", self.folder.display()));
            self.by_name.clear();
            return;
        }
        self.error = None;
        files.sort();
        let mut maps = BTreeMap::new();
        for path in files {
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            if !valid_name(name) || maps.contains_key(name) {
                continue;
            }
            let stamp =
                std::fs::metadata(&path).map_or((None, 0), |m| (m.modified().ok(), m.len()));
            if let Some(old) = self
                .by_name
                .get(name)
                .filter(|o| o.path == path && o.stamp == stamp)
            {
                maps.insert(name.to_owned(), old.clone());
                continue;
            }
            let Ok(map) = ants::Map::load(&path) else {
                continue;
            };
            maps.insert(
                name.to_owned(),
                MapInfo {
                    name: name.to_owned(),
                    players: map.players(),
                    rows: map.rows(),
                    cols: map.cols(),
                    path,
                    stamp,
                },
            );
        }
        self.by_name = maps;
    }
}

/// Collects the `.map` files below `dir` (symbolic links are not followed).
fn walk(
    dir: &Path,
    depth: usize,
    budget: &mut usize,
    out: &mut Vec<PathBuf>,
) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        if *budget == 0 {
            return Ok(());
        }
        *budget -= 1;
        let Ok(entry) = entry else { continue };
        let Ok(ty) = entry.file_type() else { continue };
        let path = entry.path();
        if ty.is_dir() && depth < MAX_DEPTH {
            // An unreadable subfolder is skipped, not an error of the whole listing.
            let _ = walk(&path, depth + 1, budget, out);
        } else if ty.is_file() && path.extension().is_some_and(|e| e == "map") {
            out.push(path);
        }
    }
    Ok(())
}

//! The server's map folder: every `*.map` file below it, loaded once, and the 2011 pick (a
//! random map whose player count fits the players online).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::Context;
use rand::Rng;

/// Most map files a server loads (the official set has 453).
pub const MAX_MAPS: usize = 5000;

/// One map of the folder.
#[derive(Clone, Debug)]
pub struct MapEntry {
    /// The file name (e.g. `maze_p04_01.map`), stored as the game's `map`.
    pub name: String,
    /// The file.
    pub path: PathBuf,
    /// The parsed map.
    pub map: Arc<ants::Map>,
}

impl MapEntry {
    /// Players of the map.
    pub fn players(&self) -> usize {
        usize::from(self.map.players())
    }
}

/// The maps a server picks from.
#[derive(Clone, Debug)]
pub struct MapPool {
    maps: Vec<MapEntry>,
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("cannot read the map folder {}", dir.display()))?;
    for e in entries {
        let path = e?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|x| x == "map") {
            out.push(path);
        }
        anyhow::ensure!(
            out.len() <= MAX_MAPS,
            "more than {MAX_MAPS} maps below {}",
            dir.display()
        );
    }
    Ok(())
}

impl MapPool {
    /// Loads every `*.map` below `dir` (sorted by path); an unreadable map or an empty
    /// folder is an error naming it.
    pub fn load(dir: &Path) -> anyhow::Result<MapPool> {
        let mut paths = Vec::new();
        collect(dir, &mut paths)?;
        paths.sort();
        let mut maps = Vec::with_capacity(paths.len());
        for path in paths {
            let map = ants::Map::load(&path).with_context(|| format!("map {}", path.display()))?;
            if map.players() < 2 {
                continue;
            }
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            maps.push(MapEntry {
                name,
                path,
                map: Arc::new(map),
            });
        }
        anyhow::ensure!(
            !maps.is_empty(),
            "no map for 2 or more players below {}",
            dir.display()
        );
        Ok(MapPool { maps })
    }

    /// All maps.
    pub fn maps(&self) -> &[MapEntry] {
        &self.maps
    }

    /// The 2011 pick: a random map with at most `max(2, online / 2)` players; when no map
    /// is that small, a random one of the smallest maps of the folder.
    pub fn pick(&self, online: usize, rng: &mut impl Rng) -> &MapEntry {
        let limit = (online / 2).max(2);
        let fitting: Vec<&MapEntry> = self.maps.iter().filter(|m| m.players() <= limit).collect();
        let candidates = if fitting.is_empty() {
            let least = self.maps.iter().map(MapEntry::players).min().unwrap_or(2);
            self.maps.iter().filter(|m| m.players() == least).collect()
        } else {
            fitting
        };
        candidates[rng.random_range(0..candidates.len())]
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_map_folder_over_the_limits_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let map = "rows 4\ncols 4\nplayers 2\nm 0...\nm ....\nm ..1.\nm ....\n";
        for i in 0..=MAX_MAPS {
            std::fs::write(dir.path().join(format!("m{i}.map")), map).unwrap();
        }
        let e = format!("{:#}", MapPool::load(dir.path()).map(|_| ()).unwrap_err());
        assert!(
            e.contains("more than 5000 maps") && e.contains(&dir.path().display().to_string()),
            "{e}"
        );
        let big = tempfile::tempdir().unwrap();
        std::fs::write(big.path().join("ok.map"), map).unwrap();
        std::fs::write(big.path().join("huge.map"), vec![b' '; (1 << 20) + 1]).unwrap();
        let e = format!("{:#}", MapPool::load(big.path()).map(|_| ()).unwrap_err());
        assert!(e.contains("huge.map") && e.contains("larger than"), "{e}");
    }

    use super::*;
    use rand::SeedableRng;

    fn folder(players: &[u8]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (i, &p) in players.iter().enumerate() {
            let row: String = (0..p).map(|k| char::from(b'0' + k)).collect();
            let dots = ".".repeat(p.into());
            let text = format!("rows 2\ncols {p}\nplayers {p}\nm {row}\nm {dots}\n");
            std::fs::write(dir.path().join(format!("m{i}_p{p}.map")), text).unwrap();
        }
        dir
    }

    #[test]
    fn the_pick_fits_the_players_online() {
        let dir = folder(&[2, 4, 8]);
        let pool = MapPool::load(dir.path()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for _ in 0..20 {
            assert_eq!(pool.pick(0, &mut rng).players(), 2);
            assert!(pool.pick(9, &mut rng).players() <= 4);
            assert!(pool.pick(16, &mut rng).players() <= 8);
        }
        let big = folder(&[4, 6]);
        let pool = MapPool::load(big.path()).unwrap();
        assert_eq!(
            pool.pick(0, &mut rng).players(),
            4,
            "the smallest when none fits"
        );
        let empty = tempfile::tempdir().unwrap();
        assert!(MapPool::load(empty.path()).is_err());
    }
}

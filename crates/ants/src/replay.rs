//! The official replay JSON format (spec §6): types, building from a finished game,
//! atomic writing, and loading with field-naming errors.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::config::GameConfig;
use crate::engine::{Engine, NONE, competition_ranks};

/// One ant: `[row, col, spawn_turn, end_turn, owner, moves]`.
pub type ReplayAnt = (i64, i64, u32, u32, u8, String);

/// A replay file (top level, spec §6.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// Always `"ants"`.
    pub challenge: String,
    /// Always `"json"`.
    pub replayformat: String,
    /// Always `"localhost"`.
    pub location: String,
    /// Game id.
    pub game_id: i64,
    /// Status strings per player.
    pub status: Vec<String>,
    /// Last turn per player.
    pub playerturns: Vec<u32>,
    /// Final scores.
    pub score: Vec<i64>,
    /// Competition ranks.
    pub rank: Vec<u32>,
    /// Last turn played.
    pub game_length: u32,
    /// The game record.
    pub replaydata: ReplayData,
    /// Bot names.
    pub playernames: Vec<String>,
}

/// The `replaydata` object (spec §6.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[allow(missing_docs)]
pub struct ReplayData {
    pub revision: u32,
    pub players: u32,
    pub loadtime: u64,
    pub turntime: u64,
    pub turns: u32,
    pub viewradius2: u32,
    pub attackradius2: u32,
    pub spawnradius2: u32,
    pub engine_seed: serde_json::Value,
    pub player_seed: serde_json::Value,
    pub food_rate: u32,
    pub food_turn: u32,
    pub food_start: u32,
    pub map: ReplayMap,
    /// `[row, col, start, end]` or `[row, col, start, end, gatherer]`.
    pub food: Vec<Vec<i64>>,
    pub ants: Vec<ReplayAnt>,
    /// `[row, col, owner, end_turn]`.
    pub hills: Vec<[i64; 4]>,
    pub scores: Vec<Vec<i64>>,
    pub hive_history: Vec<Vec<i64>>,
    pub bonus: Vec<i64>,
    pub winning_turn: u32,
    pub ranking_turn: u32,
    pub cutoff: String,
}

/// The `map` object of a replay.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayMap {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// One string per row.
    pub data: Vec<String>,
}

impl ReplayMap {
    /// Rows and columns as the torus arithmetic of the analyses uses them (at least 1 each,
    /// so a malformed replay cannot divide by zero).
    pub fn torus(&self) -> (i64, i64) {
        (i64::from(self.rows.max(1)), i64::from(self.cols.max(1)))
    }
}

/// The largest replay file [`Replay::load`] reads (a 1000-turn game on the official maps
/// takes a few MiB).
pub const MAX_REPLAY_BYTES: u64 = 256 << 20;

/// The text of the replay file at `path`, refused when it is larger than `limit` bytes.
fn read_capped(path: &Path, limit: u64) -> Result<String, ReplayError> {
    outfile::read_bounded(path, limit, "replay").map_err(|source| ReplayError::Io {
        path: path.to_owned(),
        source,
    })
}

/// A replay could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// I/O failure.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// Not valid replay JSON.
    #[error("{}: {message}", path.display())]
    Format {
        /// The file.
        path: PathBuf,
        /// What is wrong (with line/column or field).
        message: String,
    },
}

impl Replay {
    /// Parses replay JSON; `path` is only used in error messages.
    pub fn parse(text: &str, path: &Path) -> Result<Replay, ReplayError> {
        let fmt = |message: String| ReplayError::Format {
            path: path.to_owned(),
            message,
        };
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| fmt(format!("invalid JSON: {e}")))?;
        if let Some(err) = value.get("error") {
            return Err(fmt(format!("the replay records an engine error: {err}")));
        }
        // The error names the field: `replaydata.map.rows: invalid type: …`.
        let replay: Replay = serde_path_to_error::deserialize(value)
            .map_err(|e| fmt(format!("not an Ants replay: {e}")))?;
        replay.validate().map_err(fmt)?;
        Ok(replay)
    }

    /// Reads and parses a replay file.
    pub fn load(path: &Path) -> Result<Replay, ReplayError> {
        let text = read_capped(path, MAX_REPLAY_BYTES)?;
        Replay::parse(&text, path)
    }

    /// Structural checks every consumer relies on (sizes, ranges).
    pub fn validate(&self) -> Result<(), String> {
        let d = &self.replaydata;
        let n = d.players as usize;
        if !(1..=10).contains(&n) {
            return Err(format!("replaydata.players: {n} is out of range"));
        }
        if d.map.rows == 0 || d.map.cols == 0 || d.map.rows > 1024 || d.map.cols > 1024 {
            return Err("replaydata.map: bad size".into());
        }
        if d.map.data.len() != d.map.rows as usize {
            return Err(format!(
                "replaydata.map.data: {} rows, expected {}",
                d.map.data.len(),
                d.map.rows
            ));
        }
        for (i, row) in d.map.data.iter().enumerate() {
            if row.chars().count() != d.map.cols as usize {
                return Err(format!(
                    "replaydata.map.data[{i}]: length is not {}",
                    d.map.cols
                ));
            }
        }
        for (name, len) in [
            ("status", self.status.len()),
            ("playerturns", self.playerturns.len()),
            ("score", self.score.len()),
            ("rank", self.rank.len()),
            ("replaydata.scores", d.scores.len()),
            ("replaydata.hive_history", d.hive_history.len()),
            ("replaydata.bonus", d.bonus.len()),
        ] {
            if len != n {
                return Err(format!("{name}: {len} entries for {n} players"));
            }
        }
        let in_map = |r: i64, c: i64| {
            (0..i64::from(d.map.rows)).contains(&r) && (0..i64::from(d.map.cols)).contains(&c)
        };
        for (i, f) in d.food.iter().enumerate() {
            if !(f.len() == 4 || f.len() == 5) || !in_map(f[0], f[1]) || f[2] < 0 || f[3] < 0 {
                return Err(format!(
                    "replaydata.food[{i}]: expected [row, col, start, end(, owner)] inside the map"
                ));
            }
            if f.len() == 5 && !(0..n as i64).contains(&f[4]) {
                return Err(format!("replaydata.food[{i}]: bad gatherer"));
            }
        }
        for (i, a) in d.ants.iter().enumerate() {
            if !in_map(a.0, a.1) || usize::from(a.4) >= n {
                return Err(format!("replaydata.ants[{i}]: bad location or owner"));
            }
            if a.5.bytes().any(|b| !b"nesw-".contains(&b)) {
                return Err(format!(
                    "replaydata.ants[{i}]: moves contain characters other than nesw-"
                ));
            }
        }
        for (i, h) in d.hills.iter().enumerate() {
            if !in_map(h[0], h[1]) || !(0..n as i64).contains(&h[2]) {
                return Err(format!("replaydata.hills[{i}]: bad location or owner"));
            }
        }
        for s in &self.status {
            if crate::engine::Status::parse(s).is_none() {
                return Err(format!("status: unknown value `{s}`"));
            }
        }
        Ok(())
    }

    /// Builds the replay of a finished game (after [`Engine::finish`]).
    pub fn from_engine(
        engine: &Engine,
        config: &GameConfig,
        food_params: [u32; 3],
        names: &[String],
    ) -> Replay {
        let s = engine.shape();
        let t = engine.turn();
        let pos = |cell: u32| (i64::from(cell / s.cols), i64::from(cell % s.cols));
        let scores = engine.final_scores();
        let data = (0..s.rows)
            .map(|r| {
                (0..s.cols)
                    .map(|c| render_cell(engine, r * s.cols + c, config.scenario))
                    .collect::<String>()
            })
            .collect();
        let food = engine
            .food()
            .iter()
            .map(|f| {
                let (r, c) = pos(f.cell);
                let mut v = vec![
                    r,
                    c,
                    i64::from(f.start_turn),
                    i64::from(f.end_turn.unwrap_or(t + 1)),
                ];
                if let Some(g) = f.gatherer {
                    v.push(i64::from(g));
                }
                v
            })
            .collect();
        let ants = engine
            .ants()
            .iter()
            .map(|a| {
                let (r, c) = pos(a.spawn);
                (
                    r,
                    c,
                    a.spawn_turn,
                    a.death_turn.unwrap_or(t + 1),
                    a.owner,
                    String::from_utf8_lossy(&a.moves).into_owned(),
                )
            })
            .collect();
        let hills = engine
            .hills()
            .iter()
            .map(|h| {
                let (r, c) = pos(h.cell);
                [
                    r,
                    c,
                    i64::from(h.owner),
                    i64::from(h.end_turn.unwrap_or(t + 1)),
                ]
            })
            .collect();
        let players = engine.players();
        Replay {
            challenge: "ants".into(),
            replayformat: "json".into(),
            location: "localhost".into(),
            game_id: config.game_id,
            status: players
                .iter()
                .map(|p| p.status.as_str().to_owned())
                .collect(),
            playerturns: players.iter().map(|p| p.playerturns).collect(),
            score: scores.iter().map(|&x| i64::from(x)).collect(),
            rank: competition_ranks(&scores),
            game_length: t,
            replaydata: ReplayData {
                revision: 3,
                players: engine.num_players() as u32,
                loadtime: config.loadtime_ms,
                turntime: config.turntime_ms,
                turns: config.turns,
                viewradius2: config.viewradius2,
                attackradius2: config.attackradius2,
                spawnradius2: config.spawnradius2,
                engine_seed: config.engine_seed.into(),
                player_seed: config.player_seed.into(),
                food_rate: food_params[0],
                food_turn: food_params[1],
                food_start: food_params[2],
                map: ReplayMap {
                    rows: s.rows,
                    cols: s.cols,
                    data,
                },
                food,
                ants,
                hills,
                scores: players
                    .iter()
                    .map(|p| p.score_history.iter().map(|&x| i64::from(x)).collect())
                    .collect(),
                hive_history: players
                    .iter()
                    .map(|p| p.hive_history.iter().map(|&x| i64::from(x)).collect())
                    .collect(),
                bonus: engine.bonus().iter().map(|&x| i64::from(x)).collect(),
                winning_turn: engine.winning_turn(),
                ranking_turn: engine.ranking_turn(),
                cutoff: engine
                    .cutoff()
                    .map_or("turn limit reached", |c| c.as_str())
                    .to_owned(),
            },
            playernames: names.to_vec(),
        }
    }

    /// Writes the replay as JSON atomically (see [`write_atomic_with`]): the file appears
    /// complete or not at all.
    pub fn write(&self, path: &Path) -> Result<(), ReplayError> {
        write_atomic_with(path, |w| {
            serde_json::to_writer(w, self).map_err(std::io::Error::from)
        })
    }
}

/// Writes `bytes` to `path` atomically (see [`write_atomic_with`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ReplayError> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Creates `path` from what `fill` writes, atomically ([`outfile::write_with`]): the file
/// appears complete or not at all, and the error names `path`.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), ReplayError> {
    outfile::write_with(path, fill).map_err(|source| ReplayError::Io {
        path: path.to_owned(),
        source,
    })
}

/// The replay renderer of one cell (spec §6.3, including the hill quirk).
fn render_cell(engine: &Engine, cell: u32, scenario: bool) -> char {
    let c = cell as usize;
    if engine.water[c] {
        return '%';
    }
    let ant = engine.ant_at[c];
    let is_hill = !scenario && engine.hill_at[c] != NONE;
    if is_hill {
        return if ant != NONE {
            char::from(b'A' + engine.ants()[ant as usize].owner)
        } else if engine.food_at[c] != NONE {
            'H'
        } else {
            'I'
        };
    }
    if ant != NONE {
        char::from(b'a' + engine.ants()[ant as usize].owner)
    } else if engine.food_at[c] != NONE {
        '*'
    } else {
        '.'
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_midway_keeps_the_previous_file_and_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("replay.json");
        write_atomic(&out, b"old").unwrap();
        let err = write_atomic_with(&out, |w| {
            w.write_all(b"half of the new")?;
            Err(std::io::Error::other("serialisation failed"))
        })
        .unwrap_err();
        assert!(err.to_string().contains(&*out.to_string_lossy()), "{err}");
        assert!(err.to_string().contains("serialisation failed"), "{err}");
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left behind");
    }

    #[test]
    fn replays_larger_than_the_cap_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.replay");
        std::fs::write(&path, "0123456789").unwrap();
        assert_eq!(read_capped(&path, 10).unwrap(), "0123456789");
        let err = read_capped(&path, 9).unwrap_err().to_string();
        assert!(err.contains("larger than 9 bytes"), "{err}");
        assert!(err.contains("big.replay"), "{err}");
        let err = read_capped(&dir.path().join("none"), 9).unwrap_err();
        assert!(matches!(err, ReplayError::Io { .. }), "{err}");
    }

    #[test]
    fn missing_directory_is_an_error_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("missing").join("replay.json");
        let err = write_atomic(&out, b"x").unwrap_err();
        assert!(err.to_string().contains(&*out.to_string_lossy()), "{err}");
        assert!(!out.exists());
    }
}

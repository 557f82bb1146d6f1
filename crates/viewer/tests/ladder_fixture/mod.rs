//! A results store filled as the Ants server fills it (see the ladder's contract): one run,
//! one match row per finished game with key `game-<id>`, the map's file name, an absolute
//! replay path (the sample replay with the seat names as `playernames`), details with the
//! game id and every seat's rating after the game, seats in seat order with score, rank
//! (equal scores share a rank) and status.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use arena::rating::{Ladder, TrueSkillParams};
use arena::runner::{Job, MatchResult, SeatResult};
use serde_json::{Value, json};

/// The run the fixture's games belong to.
pub const RUN: &str = "ants-ladder";

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// A temporary directory with a map folder, the sample replay and (once a game is added)
/// a SQLite results store.
pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub db: PathBuf,
    pub maps: PathBuf,
    store: Option<arena::Store>,
    ladder: Ladder,
    next_id: i64,
    sample: Value,
}

impl Fixture {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let maps = dir.path().join("maps");
        std::fs::create_dir_all(maps.join("sub")).unwrap();
        let ants = workspace().join("data/ants");
        std::fs::copy(ants.join("maze_p04_01.map"), maps.join("maze_p04_01.map")).unwrap();
        std::fs::copy(
            ants.join("maze_p02_01.map"),
            maps.join("sub/maze_p02_01.map"),
        )
        .unwrap();
        std::fs::write(maps.join("README"), "not a map").unwrap();
        std::fs::write(maps.join("broken.map"), "rows 3\n").unwrap();
        // A map beside (not inside) the folder: no request may reach it.
        std::fs::copy(ants.join("maze_p02_01.map"), dir.path().join("secret.map")).unwrap();
        std::fs::create_dir_all(dir.path().join("replays")).unwrap();
        let sample = serde_json::from_str(
            &std::fs::read_to_string(workspace().join("data/viewer/ants-sample.replay")).unwrap(),
        )
        .unwrap();
        Fixture {
            db: dir.path().join("ladder.db"),
            maps,
            dir,
            store: None,
            ladder: Ladder::new(TrueSkillParams::CONTEST_2011),
            next_id: 1,
            sample,
        }
    }

    pub fn config(&self) -> viewer::LadderConfig {
        viewer::LadderConfig {
            db: self.db.to_str().unwrap().to_owned(),
            run: RUN.to_owned(),
            maps: self.maps.clone(),
            game_addr: "127.0.0.1:2081".to_owned(),
        }
    }

    pub fn store(&mut self) -> &mut arena::Store {
        if self.store.is_none() {
            self.store = Some(arena::Store::open(&self.db).unwrap());
        }
        self.store.as_mut().unwrap()
    }

    /// Stores one finished game of run [`RUN`]: `(name, score, status)` per seat. Returns
    /// its game id. A two-seat game gets a replay (the sample's, with these names).
    pub fn add_game(&mut self, map: &str, seats: &[(&str, f64, &str)]) -> i64 {
        self.add_game_in(RUN, map, seats)
    }

    pub fn add_game_in(&mut self, run: &str, map: &str, seats: &[(&str, f64, &str)]) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        let results: Vec<SeatResult> = seats
            .iter()
            .map(|&(bot, score, status)| SeatResult {
                bot: bot.to_owned(),
                score,
                rank: seats.iter().filter(|o| o.1 > score).count() as u32,
                status: status.to_owned(),
            })
            .collect();
        let replay = (seats.len() == 2).then(|| {
            let mut r = self.sample.clone();
            r["playernames"] = json!(seats.iter().map(|s| s.0).collect::<Vec<_>>());
            r["score"] = json!(seats.iter().map(|s| s.1).collect::<Vec<_>>());
            r["status"] = json!(seats.iter().map(|s| s.2).collect::<Vec<_>>());
            r["game_id"] = json!(id);
            let path = self.dir.path().join(format!("replays/{id}.replay"));
            std::fs::write(&path, r.to_string()).unwrap();
            path.to_str().unwrap().to_owned()
        });
        let job = Job {
            key: format!("game-{id}"),
            game: "ants".into(),
            map: map.into(),
            seed: id as u64,
            index: 0,
            seats: seats.iter().map(|s| s.0.to_owned()).collect(),
            specs: seats.iter().map(|s| s.0.to_owned()).collect(),
        };
        let mut result = MatchResult {
            turns: 100 + id as u32,
            outcome: "turn limit".into(),
            replay,
            details: Value::Null,
            seats: results,
        };
        let probe = arena::store::StoredMatch {
            id: 0,
            run: run.into(),
            key: job.key.clone(),
            game: "ants".into(),
            map: map.into(),
            seed: 0,
            turns: result.turns,
            outcome: String::new(),
            replay: None,
            played_at: String::new(),
            details: Value::Null,
            seats: result.seats.clone(),
        };
        let ratings: Vec<Value> = if run == RUN {
            self.ladder.record(&probe);
            result
                .seats
                .iter()
                .map(|s| {
                    let r = self.ladder.rating(&s.bot).unwrap();
                    json!({ "mu": r.mu, "sigma": r.sigma, "skill": r.conservative() })
                })
                .collect()
        } else {
            Vec::new()
        };
        result.details = json!({ "game_id": id, "map_players": seats.len(), "ratings": ratings });
        self.store().insert(run, &job, &result).unwrap();
        id
    }
}

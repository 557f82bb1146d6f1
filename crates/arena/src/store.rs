//! The results store: one SQLite schema for every game.
//!
//! `matches` holds one row per finished game (run, stable job key, game, map, seed, turns,
//! outcome, replay path, game-specific details as JSON); `seats` one row per participant
//! (bot, score, rank with 0 = best, status).
//!
//! `accounts` holds the players of a game server (`botforge ants server`): a name, its
//! salted password hash (never the password), when it was created and last logged in.
//!
//! [`pg`] keeps the same results in PostgreSQL together with a work queue that many
//! workers share; [`any::AnyStore`] opens either from a `--db` value.

pub mod any;
pub mod pg;

use std::collections::HashSet;
use std::path::Path;

use anyhow::Context;
use rusqlite::{Connection, OptionalExtension, params};

use crate::runner::{Job, MatchResult, SeatResult};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS matches (
    id        INTEGER PRIMARY KEY,
    run       TEXT NOT NULL,
    key       TEXT NOT NULL UNIQUE,
    game      TEXT NOT NULL,
    map       TEXT NOT NULL,
    seed      INTEGER NOT NULL,
    turns     INTEGER NOT NULL,
    outcome   TEXT NOT NULL,
    replay    TEXT,
    details   TEXT NOT NULL,
    played_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX IF NOT EXISTS matches_run ON matches(run);
CREATE TABLE IF NOT EXISTS seats (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    bot      TEXT NOT NULL,
    score    REAL NOT NULL,
    rank     INTEGER NOT NULL,
    status   TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS runs (
    run     TEXT PRIMARY KEY,
    meaning TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS accounts (
    name       TEXT PRIMARY KEY,
    hash       TEXT NOT NULL,
    created    TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    last_login TEXT
);
";

/// A player account of a game server.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Account {
    /// Login name.
    pub name: String,
    /// Salted password hash in PHC string format (e.g. `$argon2id$…`).
    pub hash: String,
    /// When it was created (UTC, `YYYY-MM-DD HH:MM:SS`).
    pub created: String,
    /// Last successful login (UTC), if any.
    pub last_login: Option<String>,
}

/// The largest `N` of the keys `<prefix>N` in `keys` (e.g. `game-17` with prefix `game-`).
pub(crate) fn max_key_number<'a>(
    keys: impl IntoIterator<Item = &'a str>,
    prefix: &str,
) -> Option<u64> {
    keys.into_iter()
        .filter_map(|k| k.strip_prefix(prefix)?.parse::<u64>().ok())
        .max()
}

/// A stored game with its seats.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct StoredMatch {
    /// Row id.
    pub id: i64,
    /// Run name.
    pub run: String,
    /// The job key (stable identity of the game within its run's schedule).
    pub key: String,
    /// Game name.
    pub game: String,
    /// Map or world.
    pub map: String,
    /// Seed.
    pub seed: u64,
    /// Turns or rounds played.
    pub turns: u32,
    /// How the game ended.
    pub outcome: String,
    /// Replay or log file, if one was written.
    pub replay: Option<String>,
    /// When it was recorded (UTC, SQLite format).
    pub played_at: String,
    /// Game-specific details (e.g. Ants' per-seat analysis in `seats`); null when the
    /// stored text is not JSON.
    pub details: serde_json::Value,
    /// Participants in seat order.
    pub seats: Vec<SeatResult>,
}

/// Stored details text as JSON (null when it is not JSON).
pub(crate) fn parse_details(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or(serde_json::Value::Null)
}

/// An open results database.
pub struct Store {
    conn: Connection,
    name: String,
}

impl Store {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> anyhow::Result<Self> {
        let conn = Connection::open(path)
            .with_context(|| format!("cannot open results database {}", path.display()))?;
        Self::init(conn, path.display().to_string())
            .with_context(|| format!("results database {}", path.display()))
    }

    /// The database as messages name it: its path (`:memory:` for [`Store::in_memory`]).
    /// Callers add it to errors of the other methods (e.g. a file that turns out corrupt).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// An in-memory database (tests).
    pub fn in_memory() -> anyhow::Result<Self> {
        Self::init(Connection::open_in_memory()?, ":memory:".to_owned())
    }

    fn init(conn: Connection, name: String) -> anyhow::Result<Self> {
        let tables: Vec<String> = conn
            .prepare(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            )?
            .query_map([], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        if !tables.is_empty() && !tables.iter().any(|t| t == "matches") {
            anyhow::bail!(
                "not a botforge results database: it holds other tables ({}); it is left unchanged",
                tables.join(", ")
            );
        }
        conn.execute_batch("PRAGMA foreign_keys = ON; PRAGMA journal_mode = WAL;")?;
        conn.execute_batch(SCHEMA)
            .context("not a botforge results database (schema mismatch)")?;
        Ok(Self { conn, name })
    }

    /// Records that `run` stores games of a config with `meaning` ([`crate::Config::meaning`]),
    /// or checks that it fits the meaning recorded before: a run whose games were played
    /// with other options, seeds or bot specs is refused with the difference, so results of
    /// two configs never mix under one name. (Runs stored before runs were recorded are
    /// recorded now.)
    pub fn register_run(&mut self, run: &str, meaning: &serde_json::Value) -> anyhow::Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let stored: Option<String> = tx
            .query_row("SELECT meaning FROM runs WHERE run = ?1", [run], |r| {
                r.get(0)
            })
            .optional()?;
        match stored {
            Some(text) => {
                let stored = parse_details(&text);
                if let Some(why) = crate::Config::meaning_conflict(&stored, meaning) {
                    anyhow::bail!(
                        "run {run:?} in results database {} holds games of another config ({why}); \
                         give the config another `name`, or use another database, to keep both",
                        self.name
                    );
                }
            }
            None => {
                tx.execute(
                    "INSERT INTO runs (run, meaning) VALUES (?1, ?2)",
                    params![run, meaning.to_string()],
                )?;
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// The job keys already recorded for `run`.
    pub fn done_keys(&self, run: &str) -> anyhow::Result<HashSet<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT key FROM matches WHERE run = ?1")?;
        let keys = stmt
            .query_map([run], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        Ok(keys)
    }

    /// Records one finished game atomically (the match row and all seats, or nothing).
    /// A game already stored (e.g. by another run on the same database) is a clear error;
    /// the stored result stays.
    pub fn insert(&mut self, run: &str, job: &Job, result: &MatchResult) -> anyhow::Result<i64> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let stored: Option<i64> = tx
            .query_row("SELECT id FROM matches WHERE key = ?1", [&job.key], |r| {
                r.get(0)
            })
            .optional()?;
        if stored.is_some() {
            anyhow::bail!(
                "game {} is already stored (another run on the same database recorded it first)",
                job.key
            );
        }
        tx.execute(
            "INSERT INTO matches (run, key, game, map, seed, turns, outcome, replay, details)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                run,
                job.key,
                job.game,
                job.map,
                job.seed as i64,
                result.turns,
                result.outcome,
                result.replay,
                result.details.to_string(),
            ],
        )?;
        let id = tx.last_insert_rowid();
        for (seat, s) in result.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (match_id, seat, bot, score, rank, status)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![id, seat as i64, s.bot, s.score, s.rank, s.status],
            )?;
        }
        tx.commit()?;
        Ok(id)
    }

    /// The account `name`, if it exists.
    pub fn account(&self, name: &str) -> anyhow::Result<Option<Account>> {
        Ok(self
            .conn
            .query_row(
                "SELECT name, hash, created, last_login FROM accounts WHERE name = ?1",
                [name],
                |r| {
                    Ok(Account {
                        name: r.get(0)?,
                        hash: r.get(1)?,
                        created: r.get(2)?,
                        last_login: r.get(3)?,
                    })
                },
            )
            .optional()?)
    }

    /// Creates the account `name` with the password hash `hash` unless the name exists;
    /// true when this call created it (of two concurrent registrations one wins).
    pub fn create_account(&mut self, name: &str, hash: &str) -> anyhow::Result<bool> {
        Ok(self.conn.execute(
            "INSERT INTO accounts (name, hash) VALUES (?1, ?2) ON CONFLICT (name) DO NOTHING",
            params![name, hash],
        )? == 1)
    }

    /// Records a successful login of `name` now.
    pub fn touch_account(&mut self, name: &str) -> anyhow::Result<()> {
        self.conn.execute(
            "UPDATE accounts SET last_login = CURRENT_TIMESTAMP WHERE name = ?1",
            [name],
        )?;
        Ok(())
    }

    /// The largest `N` of the stored job keys `<prefix>N` of every run (a game server
    /// continues its game numbers from it after a restart).
    pub fn max_key_number(&self, prefix: &str) -> anyhow::Result<Option<u64>> {
        let mut stmt = self
            .conn
            .prepare("SELECT key FROM matches WHERE substr(key, 1, length(?1)) = ?1")?;
        let keys: Vec<String> = stmt
            .query_map([prefix], |r| r.get(0))?
            .collect::<Result<_, _>>()?;
        Ok(max_key_number(keys.iter().map(String::as_str), prefix))
    }

    /// The job key and game-specific details of every game of `run`, oldest first. A
    /// details text that is not JSON is an error naming the key.
    pub fn details(&self, run: &str) -> anyhow::Result<Vec<(String, serde_json::Value)>> {
        let mut stmt = self
            .conn
            .prepare("SELECT key, details FROM matches WHERE run = ?1 ORDER BY id")?;
        let rows: Vec<(String, String)> = stmt
            .query_map([run], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<_, _>>()?;
        rows.into_iter()
            .map(|(key, text)| {
                let details = serde_json::from_str(&text)
                    .with_context(|| format!("game {key}: details are not JSON"))?;
                Ok((key, details))
            })
            .collect()
    }

    /// All games of `run` (or of every run when `None`), oldest first.
    pub fn matches(&self, run: Option<&str>) -> anyhow::Result<Vec<StoredMatch>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, run, game, map, seed, turns, outcome, replay, played_at, details, key FROM matches
             WHERE ?1 IS NULL OR run = ?1 ORDER BY id",
        )?;
        let mut matches: Vec<StoredMatch> = stmt
            .query_map([run], |r| {
                Ok(StoredMatch {
                    id: r.get(0)?,
                    run: r.get(1)?,
                    game: r.get(2)?,
                    map: r.get(3)?,
                    seed: r.get::<_, i64>(4)? as u64,
                    turns: r.get(5)?,
                    outcome: r.get(6)?,
                    replay: r.get(7)?,
                    played_at: r.get(8)?,
                    details: parse_details(&r.get::<_, String>(9)?),
                    key: r.get(10)?,
                    seats: Vec::new(),
                })
            })?
            .collect::<Result<_, _>>()?;
        let mut seat_stmt = self.conn.prepare(
            "SELECT bot, score, rank, status FROM seats WHERE match_id = ?1 ORDER BY seat",
        )?;
        for m in &mut matches {
            m.seats = seat_stmt
                .query_map([m.id], |r| {
                    Ok(SeatResult {
                        bot: r.get(0)?,
                        score: r.get(1)?,
                        rank: r.get(2)?,
                        status: r.get(3)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
        }
        Ok(matches)
    }

    /// The names of all runs, most recent first.
    pub fn runs(&self) -> anyhow::Result<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT run FROM matches GROUP BY run ORDER BY MAX(id) DESC")?;
        let runs = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        Ok(runs)
    }

    /// The game a run belongs to, if the run exists.
    pub fn run_game(&self, run: &str) -> anyhow::Result<Option<String>> {
        Ok(self
            .conn
            .query_row(
                "SELECT game FROM matches WHERE run = ?1 LIMIT 1",
                [run],
                |r| r.get(0),
            )
            .optional()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_refuses_games_of_another_config_and_keeps_its_meaning() {
        let parse = |text: &str| {
            crate::Config::parse(
                &format!("name = \"r\"\ngame = \"wumpus\"\n{text}"),
                Path::new("r.toml"),
            )
            .unwrap()
        };
        let base = parse("games = 2\n[[bots]]\nname = \"a\"\n[[bots]]\nname = \"b\"\n");
        let mut store = Store::in_memory().unwrap();
        store.register_run("r", &base.meaning()).unwrap();
        // More games and one more bot extend the run.
        let more = parse(
            "games = 9\n[[bots]]\nname = \"a\"\n[[bots]]\nname = \"b\"\n[[bots]]\nname = \"c\"\n",
        );
        store.register_run("r", &more.meaning()).unwrap();
        for (text, why) in [
            (
                "games = 2\nseed = 9\n[[bots]]\nname = \"a\"\n",
                "`seed` was 1, now 9",
            ),
            (
                "games = 2\n[[bots]]\nname = \"a\"\nspec = \"random\"\n",
                "bot `a` was \"a\", now \"random\"",
            ),
            (
                "games = 2\n[options]\npreset = \"large\"\n[[bots]]\nname = \"a\"\n",
                "`options`",
            ),
        ] {
            let e = store
                .register_run("r", &parse(text).meaning())
                .unwrap_err()
                .to_string();
            assert!(e.contains(why) && e.contains(":memory:"), "{e}");
        }
        // Another run name is another run.
        store
            .register_run(
                "r2",
                &parse("games = 2\nseed = 9\n[[bots]]\nname = \"a\"\n").meaning(),
            )
            .unwrap();
    }

    fn job(key: &str) -> Job {
        Job {
            key: key.into(),
            game: "ants".into(),
            map: "m.map".into(),
            seed: 7,
            index: 0,
            seats: vec!["a".into(), "b".into()],
            specs: vec!["a".into(), "b".into()],
        }
    }

    fn result() -> MatchResult {
        MatchResult {
            turns: 12,
            outcome: "turn limit".into(),
            replay: None,
            details: serde_json::json!({"x": 1}),
            seats: vec![
                SeatResult {
                    bot: "a".into(),
                    score: 3.0,
                    rank: 0,
                    status: "survived".into(),
                },
                SeatResult {
                    bot: "b".into(),
                    score: 1.0,
                    rank: 1,
                    status: "eliminated".into(),
                },
            ],
        }
    }

    #[test]
    fn insert_then_read_back() {
        let mut s = Store::in_memory().unwrap();
        s.insert("r", &job("k1"), &result()).unwrap();
        assert_eq!(s.done_keys("r").unwrap(), HashSet::from(["k1".to_owned()]));
        assert!(s.done_keys("other").unwrap().is_empty());
        let m = s.matches(Some("r")).unwrap();
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].seats, result().seats);
        assert_eq!(m[0].seed, 7);
        assert_eq!(s.runs().unwrap(), vec!["r".to_owned()]);
        assert_eq!(s.run_game("r").unwrap().as_deref(), Some("ants"));
        let details = s.details("r").unwrap();
        assert_eq!(
            details,
            vec![("k1".to_owned(), serde_json::json!({"x": 1}))]
        );
        assert!(s.details("other").unwrap().is_empty());
    }

    #[test]
    fn accounts_are_created_once_and_keep_their_hash() {
        let mut s = Store::in_memory().unwrap();
        assert_eq!(s.account("ann").unwrap(), None);
        assert!(s.create_account("ann", "$argon2id$h1").unwrap());
        assert!(!s.create_account("ann", "$argon2id$h2").unwrap());
        let a = s.account("ann").unwrap().unwrap();
        assert_eq!((a.name.as_str(), a.hash.as_str()), ("ann", "$argon2id$h1"));
        assert_eq!(a.last_login, None);
        s.touch_account("ann").unwrap();
        assert!(s.account("ann").unwrap().unwrap().last_login.is_some());
    }

    #[test]
    fn key_numbers_continue_after_the_largest() {
        let mut s = Store::in_memory().unwrap();
        assert_eq!(s.max_key_number("game-").unwrap(), None);
        for key in ["game-2", "game-10", "other-99", "game-x"] {
            s.insert("r", &job(key), &result()).unwrap();
        }
        assert_eq!(s.max_key_number("game-").unwrap(), Some(10));
    }

    #[test]
    fn duplicate_key_is_rejected_without_partial_rows() {
        let mut s = Store::in_memory().unwrap();
        s.insert("r", &job("k1"), &result()).unwrap();
        let e = s
            .insert("r", &job("k1"), &result())
            .unwrap_err()
            .to_string();
        assert!(e.contains("already stored"), "{e}");
        assert_eq!(s.matches(None).unwrap().len(), 1);
    }

    #[test]
    fn another_applications_database_is_left_unchanged() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("other.db");
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE contacts (name TEXT);")
            .unwrap();
        drop(conn);
        let Err(e) = Store::open(&path) else {
            panic!("a foreign database was accepted");
        };
        assert!(
            format!("{e:#}").contains("not a botforge results database"),
            "{e:#}"
        );
        let conn = Connection::open(&path).unwrap();
        let n: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE type = 'table'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(n, 1, "no table was added");
        let fresh = dir.path().join("fresh.db");
        Store::open(&fresh).unwrap();
        Store::open(&fresh).unwrap();
    }
}

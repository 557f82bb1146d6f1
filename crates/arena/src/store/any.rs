//! Either results store behind one type: a SQLite file (the embedded default) or a
//! PostgreSQL database shared by workers, chosen by the `--db` value.

use std::path::Path;

use crate::runner::{Job, MatchResult};
use crate::store::pg::{PgStore, is_url, redact};
use crate::store::{Account, Store, StoredMatch};

/// An open results store of either kind.
pub enum AnyStore {
    /// A SQLite file.
    Sqlite(Store),
    /// A PostgreSQL database.
    Postgres(PgStore),
}

impl AnyStore {
    /// Opens `db`: a `postgres://`/`postgresql://` URL connects to PostgreSQL, anything
    /// else is a SQLite file path (created if missing).
    pub fn open(db: &str) -> anyhow::Result<Self> {
        if is_url(db) {
            Ok(Self::Postgres(PgStore::connect(db)?))
        } else {
            Ok(Self::Sqlite(Store::open(Path::new(db))?))
        }
    }

    /// Opens an existing store for reading: a SQLite path that does not exist is an error
    /// (instead of an empty new file).
    pub fn open_existing(db: &str) -> anyhow::Result<Self> {
        anyhow::ensure!(
            is_url(db) || Path::new(db).exists(),
            "no results database at {db}"
        );
        Self::open(db)
    }

    /// `db` as it may be shown (a URL's password hidden).
    pub fn display_name(db: &str) -> String {
        if is_url(db) {
            redact(db)
        } else {
            db.to_owned()
        }
    }

    /// All games of `run` (or of every run when `None`), oldest first.
    pub fn matches(&mut self, run: Option<&str>) -> anyhow::Result<Vec<StoredMatch>> {
        match self {
            Self::Sqlite(s) => {
                let name = format!("results database {}", s.name());
                anyhow::Context::context(s.matches(run), name)
            }
            Self::Postgres(s) => s.matches(run),
        }
    }

    /// The names of all runs with stored games, most recent first.
    pub fn runs(&mut self) -> anyhow::Result<Vec<String>> {
        match self {
            Self::Sqlite(s) => {
                let name = format!("results database {}", s.name());
                anyhow::Context::context(s.runs(), name)
            }
            Self::Postgres(s) => s.runs(),
        }
    }

    /// Records one finished game atomically (match row and seats, or nothing); a key
    /// already stored is an error.
    pub fn insert(&mut self, run: &str, job: &Job, result: &MatchResult) -> anyhow::Result<i64> {
        match self {
            Self::Sqlite(s) => s.insert(run, job, result),
            Self::Postgres(s) => s.insert(run, job, result),
        }
    }

    /// The account `name`, if it exists.
    pub fn account(&mut self, name: &str) -> anyhow::Result<Option<Account>> {
        match self {
            Self::Sqlite(s) => s.account(name),
            Self::Postgres(s) => s.account(name),
        }
    }

    /// Creates the account `name` with the password hash `hash` unless the name exists;
    /// true when this call created it.
    pub fn create_account(&mut self, name: &str, hash: &str) -> anyhow::Result<bool> {
        match self {
            Self::Sqlite(s) => s.create_account(name, hash),
            Self::Postgres(s) => s.create_account(name, hash),
        }
    }

    /// Records a successful login of `name` now.
    pub fn touch_account(&mut self, name: &str) -> anyhow::Result<()> {
        match self {
            Self::Sqlite(s) => s.touch_account(name),
            Self::Postgres(s) => s.touch_account(name),
        }
    }

    /// The largest `N` of the stored job keys `<prefix>N` of every run.
    pub fn max_key_number(&mut self, prefix: &str) -> anyhow::Result<Option<u64>> {
        match self {
            Self::Sqlite(s) => s.max_key_number(prefix),
            Self::Postgres(s) => s.max_key_number(prefix),
        }
    }
}

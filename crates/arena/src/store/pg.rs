//! The PostgreSQL results store, shared by many workers on many machines.
//!
//! Besides the results (`arena_matches`, `arena_seats`: the same columns as the SQLite
//! store) and the accounts of a game server (`arena_accounts`, as the SQLite `accounts`) it holds the work queue: `arena_runs` keeps each run's config text, and
//! `arena_jobs` one row per scheduled game with its state (`pending`, `done`, `failed`),
//! the worker that claimed it and the end of that worker's lease.
//!
//! A worker claims a game with `SELECT … FOR UPDATE SKIP LOCKED` (so concurrent workers
//! never pick the same row), taking pending games that nobody holds or whose lease ran out,
//! and renews its leases while it plays. A result is stored in one transaction that first
//! checks, under a row lock, that the game is still pending and still claimed by this
//! worker; together with the unique job key of `arena_matches` this stores every game
//! exactly once, even when a worker that lost its lease finishes late.

use std::collections::HashSet;
use std::str::FromStr;
use std::time::Duration;

use anyhow::Context;
use postgres::{Client, NoTls};

use crate::runner::{Job, MatchResult, SeatResult};
use crate::store::{Account, StoredMatch};

/// Whether `db` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather
/// than a SQLite file.
pub fn is_url(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// `url` with the password (if any) replaced by `***`, for messages.
pub fn redact(url: &str) -> String {
    let Some(start) = url.find("://").map(|i| i + 3) else {
        return url.to_owned();
    };
    let rest = &url[start..];
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else {
        return url.to_owned();
    };
    match rest[..at].find(':') {
        Some(colon) => format!("{}{}:***{}", &url[..start], &rest[..colon], &rest[at..]),
        None => url.to_owned(),
    }
}

/// Serialises schema creation between processes that connect at the same moment.
const SCHEMA_LOCK: i64 = 0x626f_7466_6f72_6765; // "botforge"

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS arena_runs (
    run        TEXT PRIMARY KEY,
    game       TEXT NOT NULL,
    config     TEXT NOT NULL,
    config_path TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS arena_jobs (
    key         TEXT PRIMARY KEY,
    run         TEXT NOT NULL REFERENCES arena_runs(run) ON DELETE CASCADE,
    ord         INTEGER NOT NULL,
    game        TEXT NOT NULL,
    map         TEXT NOT NULL,
    seed        BIGINT NOT NULL,
    idx         INTEGER NOT NULL,
    seats       TEXT NOT NULL,
    specs       TEXT NOT NULL,
    state       TEXT NOT NULL DEFAULT 'pending',
    claimed_by  TEXT,
    lease_until TIMESTAMPTZ,
    attempts    INTEGER NOT NULL DEFAULT 0,
    error       TEXT
);
CREATE INDEX IF NOT EXISTS arena_jobs_todo ON arena_jobs(run, ord) WHERE state = 'pending';
CREATE TABLE IF NOT EXISTS arena_matches (
    id        BIGSERIAL PRIMARY KEY,
    run       TEXT NOT NULL,
    key       TEXT NOT NULL UNIQUE,
    game      TEXT NOT NULL,
    map       TEXT NOT NULL,
    seed      BIGINT NOT NULL,
    turns     BIGINT NOT NULL,
    outcome   TEXT NOT NULL,
    replay    TEXT,
    details   TEXT NOT NULL,
    played_by TEXT,
    played_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
);
CREATE INDEX IF NOT EXISTS arena_matches_run ON arena_matches(run);
CREATE TABLE IF NOT EXISTS arena_seats (
    match_id BIGINT NOT NULL REFERENCES arena_matches(id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    bot      TEXT NOT NULL,
    score    DOUBLE PRECISION NOT NULL,
    rank     BIGINT NOT NULL,
    status   TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS arena_accounts (
    name       TEXT PRIMARY KEY,
    hash       TEXT NOT NULL,
    created    TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'),
    last_login TEXT
);
";

/// A run as registered: its game and the config it was registered with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunRecord {
    /// Game name.
    pub game: String,
    /// The config file's text.
    pub config: String,
    /// The config's path on the machine that registered it (for messages).
    pub config_path: String,
}

/// What [`PgStore::register`] found and added.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Registered {
    /// Games in the schedule.
    pub scheduled: usize,
    /// Of those, games already stored.
    pub done: usize,
}

/// A game claimed by a worker: play it, then [`PgStore::finish`] or [`PgStore::fail`] it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Claim {
    /// The run the game belongs to.
    pub run: String,
    /// The game.
    pub job: Job,
}

/// Games of a run (or of all runs) not yet finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pending {
    /// Pending games, held or not.
    pub total: u64,
    /// Pending games nobody holds a live lease on (claimable now).
    pub free: u64,
}

/// The seats of stored match `id`, in seat order (part of the caller's transaction).
fn insert_seats(
    tx: &mut postgres::Transaction<'_>,
    id: i64,
    seats: &[SeatResult],
) -> Result<(), postgres::Error> {
    for (seat, s) in seats.iter().enumerate() {
        tx.execute(
            "INSERT INTO arena_seats (match_id, seat, bot, score, rank, status)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &id,
                &(seat as i32),
                &s.bot,
                &s.score,
                &i64::from(s.rank),
                &s.status,
            ],
        )?;
    }
    Ok(())
}

/// Refuses to extend run `run`, registered with the config text `stored` (read from
/// `stored_path`), by the config of `record` when their games mean different things
/// ([`crate::Config::meaning_conflict`]). A stored text that no longer parses is not
/// compared.
fn check_same_meaning(
    run: &str,
    stored: &str,
    stored_path: &str,
    record: &RunRecord,
) -> anyhow::Result<()> {
    let parse =
        |text: &str, path: &str| crate::Config::parse(text, std::path::Path::new(path)).ok();
    let (Some(old), Some(new)) = (
        parse(stored, stored_path),
        parse(&record.config, &record.config_path),
    ) else {
        return Ok(());
    };
    if let Some(why) = crate::Config::meaning_conflict(&old.meaning(), &new.meaning()) {
        anyhow::bail!(
            "run {run:?} in the store holds games of another config ({why}, registered from \
             {stored_path}); give the config another `name` to keep both"
        );
    }
    Ok(())
}

/// How long [`PgStore::connect`] waits for the server unless the URL's `connect_timeout`
/// says otherwise.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The server-side limit of one statement (`statement_timeout`) on a botforge connection:
/// every arena statement takes milliseconds; one stuck for a minute is an error.
pub const STATEMENT_TIMEOUT: Duration = Duration::from_mins(1);

/// A connection to a PostgreSQL results database.
pub struct PgStore {
    client: Client,
}

fn seconds(d: Duration) -> f64 {
    d.as_secs_f64()
}

impl PgStore {
    /// Connects to `url` (a `postgres://` URL) and creates the tables if needed. The whole
    /// connection (TCP and the start-up exchange) must succeed within the URL's
    /// `connect_timeout`, 10 s by default: a host that accepts the connection but never
    /// answers is an error, not a hang. Every statement runs with the server's
    /// `statement_timeout` at [`STATEMENT_TIMEOUT`] (unless the URL's `options` set one) and
    /// TCP keepalives, so a server host that disappears is noticed.
    pub fn connect(url: &str) -> anyhow::Result<Self> {
        let shown = redact(url);
        let mut config = postgres::Config::from_str(url)
            .with_context(|| format!("invalid PostgreSQL URL {shown}"))?;
        let timeout = *config.get_connect_timeout().unwrap_or(&CONNECT_TIMEOUT);
        config.connect_timeout(timeout);
        let options = config.get_options().unwrap_or("").to_owned();
        if !options.contains("statement_timeout") {
            config.options(&format!(
                "{options} -c statement_timeout={}",
                STATEMENT_TIMEOUT.as_millis()
            ));
        }
        config
            .keepalives(true)
            .keepalives_idle(Duration::from_secs(30))
            .keepalives_interval(Duration::from_secs(10))
            .keepalives_retries(3);
        // The client's own timeout covers only the TCP connect: the start-up exchange runs
        // on a thread, abandoned (with its socket) when the time is up.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(config.connect(NoTls));
        });
        let mut client = match rx.recv_timeout(timeout) {
            Ok(connected) => {
                connected.with_context(|| format!("cannot connect to PostgreSQL at {shown}"))?
            }
            Err(_) => anyhow::bail!(
                "cannot connect to PostgreSQL at {shown}: no answer within {} s (connect_timeout)",
                timeout.as_secs_f64()
            ),
        };
        // `CREATE … IF NOT EXISTS` locks the tables even when they exist, which deadlocks
        // with workers storing results: create the schema only when something is missing.
        let present: bool = client
            .query_one(
                "SELECT to_regclass('arena_runs') IS NOT NULL AND to_regclass('arena_jobs') IS NOT NULL
                    AND to_regclass('arena_jobs_todo') IS NOT NULL
                    AND to_regclass('arena_matches') IS NOT NULL
                    AND to_regclass('arena_matches_run') IS NOT NULL
                    AND to_regclass('arena_seats') IS NOT NULL
                    AND to_regclass('arena_accounts') IS NOT NULL",
                &[],
            )
            .with_context(|| format!("cannot read the arena tables at {shown}"))?
            .get(0);
        if !present {
            let mut tx = client.transaction()?;
            tx.execute("SELECT pg_advisory_xact_lock($1)", &[&SCHEMA_LOCK])?;
            tx.batch_execute(SCHEMA)
                .with_context(|| format!("cannot create the arena tables at {shown}"))?;
            tx.commit()?;
        }
        Ok(Self { client })
    }

    /// Registers `run` with its config text and schedule: a new run is created; a known
    /// run of the same game gets the new config text and any jobs it lacks, and its failed
    /// games become pending again (as a resumed SQLite run retries them). A known run of
    /// another game is an error.
    pub fn register(
        &mut self,
        run: &str,
        record: &RunRecord,
        jobs: &[Job],
    ) -> anyhow::Result<Registered> {
        let mut tx = self.client.transaction()?;
        // Two coordinators may register one new run at once: the second insert does
        // nothing and both then read the one row (locked).
        let created = tx.execute(
            "INSERT INTO arena_runs (run, game, config, config_path) VALUES ($1, $2, $3, $4)
             ON CONFLICT (run) DO NOTHING",
            &[&run, &record.game, &record.config, &record.config_path],
        )? == 1;
        let row = tx.query_one(
            "SELECT game, config, config_path FROM arena_runs WHERE run = $1 FOR UPDATE",
            &[&run],
        )?;
        if !created {
            let (game, config, path): (String, String, String) =
                (row.get(0), row.get(1), row.get(2));
            anyhow::ensure!(
                game == record.game,
                "run {run:?} in the store is a {game} run, not {}; choose another `name`",
                record.game
            );
            check_same_meaning(run, &config, &path, record)?;
            tx.execute(
                "UPDATE arena_runs SET config = $2, config_path = $3 WHERE run = $1",
                &[&run, &record.config, &record.config_path],
            )?;
        }
        let insert = tx.prepare(
            "INSERT INTO arena_jobs (key, run, ord, game, map, seed, idx, seats, specs)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (key) DO NOTHING",
        )?;
        for (ord, job) in jobs.iter().enumerate() {
            let seats = serde_json::to_string(&job.seats)?;
            let specs = serde_json::to_string(&job.specs)?;
            tx.execute(
                &insert,
                &[
                    &job.key,
                    &run,
                    &(ord as i32),
                    &job.game,
                    &job.map,
                    &(job.seed as i64),
                    &(job.index as i32),
                    &seats,
                    &specs,
                ],
            )?;
        }
        tx.execute(
            "UPDATE arena_jobs SET state = 'pending', error = NULL, claimed_by = NULL,
             lease_until = NULL WHERE run = $1 AND state IN ('failed', 'stopped')",
            &[&run],
        )?;
        let keys: Vec<&str> = jobs.iter().map(|j| j.key.as_str()).collect();
        let done: i64 = tx
            .query_one(
                "SELECT count(*) FROM arena_matches WHERE run = $1 AND key = ANY($2)",
                &[&run, &keys],
            )?
            .get(0);
        tx.commit()?;
        Ok(Registered {
            scheduled: jobs.len(),
            done: done as usize,
        })
    }

    /// The registered run `run`, if any.
    pub fn run_record(&mut self, run: &str) -> anyhow::Result<Option<RunRecord>> {
        Ok(self
            .client
            .query_opt(
                "SELECT game, config, config_path FROM arena_runs WHERE run = $1",
                &[&run],
            )?
            .map(|r| RunRecord {
                game: r.get(0),
                config: r.get(1),
                config_path: r.get(2),
            }))
    }

    /// Claims one pending game of `run` (of any run when `None`) that nobody holds or
    /// whose lease has run out, for `worker` until now + `lease`. `None` when there is none
    /// to claim right now.
    pub fn claim(
        &mut self,
        worker: &str,
        run: Option<&str>,
        lease: Duration,
    ) -> anyhow::Result<Option<Claim>> {
        let row = self.client.query_opt(
            "UPDATE arena_jobs SET claimed_by = $1,
                 lease_until = now() + make_interval(secs => $2), attempts = attempts + 1
             WHERE key = (
                 SELECT key FROM arena_jobs
                 WHERE state = 'pending' AND ($3::text IS NULL OR run = $3)
                   AND (lease_until IS NULL OR lease_until < now())
                 ORDER BY run, ord LIMIT 1
                 FOR UPDATE SKIP LOCKED)
             RETURNING run, key, game, map, seed, idx, seats, specs",
            &[&worker, &seconds(lease), &run],
        )?;
        let Some(r) = row else { return Ok(None) };
        let key: String = r.get(1);
        let seats: String = r.get(6);
        let specs: String = r.get(7);
        let job = Job {
            key: key.clone(),
            game: r.get(2),
            map: r.get(3),
            seed: r.get::<_, i64>(4) as u64,
            index: r.get::<_, i32>(5) as u32,
            seats: serde_json::from_str(&seats)
                .with_context(|| format!("game {key}: bad seat list in the store"))?,
            specs: serde_json::from_str(&specs)
                .with_context(|| format!("game {key}: bad bot list in the store"))?,
        };
        Ok(Some(Claim { run: r.get(0), job }))
    }

    /// Extends every lease `worker` holds to now + `lease` (the heartbeat); returns how
    /// many games it holds.
    pub fn renew(&mut self, worker: &str, lease: Duration) -> anyhow::Result<u64> {
        Ok(self.client.execute(
            "UPDATE arena_jobs SET lease_until = now() + make_interval(secs => $2)
             WHERE claimed_by = $1 AND state = 'pending'",
            &[&worker, &seconds(lease)],
        )?)
    }

    /// Stores the result of a claimed game, exactly once: in one transaction, only if the
    /// game is still pending and claimed by `worker`. `Ok(false)` when the claim was lost
    /// (the lease ran out and another worker took the game); nothing is stored then.
    pub fn finish(
        &mut self,
        worker: &str,
        claim: &Claim,
        result: &MatchResult,
    ) -> anyhow::Result<bool> {
        let job = &claim.job;
        let mut tx = self.client.transaction()?;
        let row = tx
            .query_opt(
                "SELECT state, claimed_by FROM arena_jobs WHERE key = $1 FOR UPDATE",
                &[&job.key],
            )?
            .with_context(|| format!("game {} is not scheduled in the store", job.key))?;
        let state: String = row.get(0);
        let holder: Option<String> = row.get(1);
        if state != "pending" || holder.as_deref() != Some(worker) {
            return Ok(false);
        }
        let id: i64 = tx
            .query_one(
                "INSERT INTO arena_matches
                     (run, key, game, map, seed, turns, outcome, replay, details, played_by)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
                &[
                    &claim.run,
                    &job.key,
                    &job.game,
                    &job.map,
                    &(job.seed as i64),
                    &i64::from(result.turns),
                    &result.outcome,
                    &result.replay,
                    &result.details.to_string(),
                    &worker,
                ],
            )?
            .get(0);
        insert_seats(&mut tx, id, &result.seats)?;
        tx.execute(
            "UPDATE arena_jobs SET state = 'done', lease_until = NULL WHERE key = $1",
            &[&job.key],
        )?;
        tx.commit()?;
        Ok(true)
    }

    /// Records one finished game that no work queue scheduled (e.g. a game server's)
    /// atomically: the match row and all seats, or nothing. A key already stored is a
    /// clear error; the stored result stays.
    pub fn insert(&mut self, run: &str, job: &Job, result: &MatchResult) -> anyhow::Result<i64> {
        let mut tx = self.client.transaction()?;
        let id: Option<i64> = tx
            .query_opt(
                "INSERT INTO arena_matches
                     (run, key, game, map, seed, turns, outcome, replay, details)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
                 ON CONFLICT (key) DO NOTHING RETURNING id",
                &[
                    &run,
                    &job.key,
                    &job.game,
                    &job.map,
                    &(job.seed as i64),
                    &i64::from(result.turns),
                    &result.outcome,
                    &result.replay,
                    &result.details.to_string(),
                ],
            )?
            .map(|r| r.get(0));
        let Some(id) = id else {
            anyhow::bail!(
                "game {} is already stored (another run on the same database recorded it first)",
                job.key
            );
        };
        insert_seats(&mut tx, id, &result.seats)?;
        tx.commit()?;
        Ok(id)
    }

    /// The account `name`, if it exists.
    pub fn account(&mut self, name: &str) -> anyhow::Result<Option<Account>> {
        Ok(self
            .client
            .query_opt(
                "SELECT name, hash, created, last_login FROM arena_accounts WHERE name = $1",
                &[&name],
            )?
            .map(|r| Account {
                name: r.get(0),
                hash: r.get(1),
                created: r.get(2),
                last_login: r.get(3),
            }))
    }

    /// Creates the account `name` with the password hash `hash` unless the name exists;
    /// true when this call created it.
    pub fn create_account(&mut self, name: &str, hash: &str) -> anyhow::Result<bool> {
        Ok(self.client.execute(
            "INSERT INTO arena_accounts (name, hash) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
            &[&name, &hash],
        )? == 1)
    }

    /// Records a successful login of `name` now.
    pub fn touch_account(&mut self, name: &str) -> anyhow::Result<()> {
        self.client.execute(
            "UPDATE arena_accounts
             SET last_login = to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')
             WHERE name = $1",
            &[&name],
        )?;
        Ok(())
    }

    /// The largest `N` of the stored job keys `<prefix>N` of every run.
    pub fn max_key_number(&mut self, prefix: &str) -> anyhow::Result<Option<u64>> {
        let keys: Vec<String> = self
            .client
            .query(
                "SELECT key FROM arena_matches WHERE starts_with(key, $1)",
                &[&prefix],
            )?
            .into_iter()
            .map(|r| r.get(0))
            .collect();
        Ok(crate::store::max_key_number(
            keys.iter().map(String::as_str),
            prefix,
        ))
    }

    /// Marks a claimed game as failed with `error` (if `worker` still holds it); a later
    /// `arena run` of the same config makes it pending again.
    pub fn fail(&mut self, worker: &str, claim: &Claim, error: &str) -> anyhow::Result<bool> {
        Ok(self.client.execute(
            "UPDATE arena_jobs SET state = 'failed', error = $3, lease_until = NULL
             WHERE key = $1 AND claimed_by = $2 AND state = 'pending'",
            &[&claim.job.key, &worker, &error],
        )? == 1)
    }

    /// Stops the pending games of `run` that nobody holds a live lease on (the run's test
    /// has decided): no worker claims them any more, and games being played finish and
    /// are stored. Returns how many were stopped. Registering the run again makes them
    /// pending if the test has not decided then.
    pub fn stop_pending(&mut self, run: &str) -> anyhow::Result<u64> {
        Ok(self.client.execute(
            "UPDATE arena_jobs SET state = 'stopped', claimed_by = NULL, lease_until = NULL
             WHERE run = $1 AND state = 'pending'
               AND (lease_until IS NULL OR lease_until < now())",
            &[&run],
        )?)
    }

    /// How many games of `run` were stopped unplayed by [`PgStore::stop_pending`].
    pub fn stopped(&mut self, run: &str) -> anyhow::Result<u64> {
        let n: i64 = self
            .client
            .query_one(
                "SELECT count(*) FROM arena_jobs WHERE run = $1 AND state = 'stopped'",
                &[&run],
            )?
            .get(0);
        Ok(n as u64)
    }

    /// Unfinished games of `run` (of all runs when `None`).
    pub fn pending(&mut self, run: Option<&str>) -> anyhow::Result<Pending> {
        let r = self.client.query_one(
            "SELECT count(*),
                    count(*) FILTER (WHERE lease_until IS NULL OR lease_until < now())
             FROM arena_jobs WHERE state = 'pending' AND ($1::text IS NULL OR run = $1)",
            &[&run],
        )?;
        Ok(Pending {
            total: r.get::<_, i64>(0) as u64,
            free: r.get::<_, i64>(1) as u64,
        })
    }

    /// The failed games of `run`, with their errors.
    pub fn failed(&mut self, run: &str) -> anyhow::Result<Vec<(String, String)>> {
        Ok(self
            .client
            .query(
                "SELECT key, coalesce(error, '') FROM arena_jobs
                 WHERE run = $1 AND state = 'failed' ORDER BY ord",
                &[&run],
            )?
            .into_iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect())
    }

    /// How often each game of `run` was claimed, by job key (a game replayed after a lost
    /// lease shows 2 or more).
    pub fn attempts(&mut self, run: &str) -> anyhow::Result<Vec<(String, u32)>> {
        Ok(self
            .client
            .query(
                "SELECT key, attempts FROM arena_jobs WHERE run = $1 ORDER BY ord",
                &[&run],
            )?
            .into_iter()
            .map(|r| (r.get(0), r.get::<_, i32>(1) as u32))
            .collect())
    }

    /// The job keys already recorded for `run`.
    pub fn done_keys(&mut self, run: &str) -> anyhow::Result<HashSet<String>> {
        Ok(self
            .client
            .query("SELECT key FROM arena_matches WHERE run = $1", &[&run])?
            .into_iter()
            .map(|r| r.get(0))
            .collect())
    }

    /// All games of `run` (or of every run when `None`) in schedule order (so ratings do
    /// not depend on which worker finished first).
    pub fn matches(&mut self, run: Option<&str>) -> anyhow::Result<Vec<StoredMatch>> {
        let rows = self.client.query(
            "SELECT m.id, m.run, m.game, m.map, m.seed, m.turns, m.outcome, m.replay, m.played_at,
                    m.details, m.key
             FROM arena_matches m LEFT JOIN arena_jobs j ON j.key = m.key
             WHERE $1::text IS NULL OR m.run = $1 ORDER BY m.run, j.ord, m.id",
            &[&run],
        )?;
        let mut matches: Vec<StoredMatch> = rows
            .into_iter()
            .map(|r| StoredMatch {
                id: r.get(0),
                run: r.get(1),
                game: r.get(2),
                map: r.get(3),
                seed: r.get::<_, i64>(4) as u64,
                turns: r.get::<_, i64>(5) as u32,
                outcome: r.get(6),
                replay: r.get(7),
                played_at: r.get(8),
                details: crate::store::parse_details(r.get(9)),
                key: r.get(10),
                seats: Vec::new(),
            })
            .collect();
        let ids: Vec<i64> = matches.iter().map(|m| m.id).collect();
        let seat_rows = self.client.query(
            "SELECT match_id, bot, score, rank, status FROM arena_seats
             WHERE match_id = ANY($1) ORDER BY match_id, seat",
            &[&ids],
        )?;
        let index: std::collections::HashMap<i64, usize> =
            ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
        for r in seat_rows {
            let id: i64 = r.get(0);
            if let Some(&i) = index.get(&id) {
                matches[i].seats.push(SeatResult {
                    bot: r.get(1),
                    score: r.get(2),
                    rank: r.get::<_, i64>(3) as u32,
                    status: r.get(4),
                });
            }
        }
        Ok(matches)
    }

    /// The names of all runs with stored games, most recent first.
    pub fn runs(&mut self) -> anyhow::Result<Vec<String>> {
        Ok(self
            .client
            .query(
                "SELECT run FROM arena_matches GROUP BY run ORDER BY MAX(id) DESC",
                &[],
            )?
            .into_iter()
            .map(|r| r.get(0))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A host that accepts the TCP connection but never answers used to hang `arena run`
    /// and `arena work` (the client's timeout covers only the TCP connect).
    #[test]
    fn a_server_that_never_answers_is_a_connect_error_within_the_timeout() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let held = std::thread::spawn(move || {
            let conn = listener.accept();
            std::thread::sleep(Duration::from_secs(2));
            drop(conn);
        });
        let started = std::time::Instant::now();
        let url = format!("postgres://u:secret@127.0.0.1:{port}/db?connect_timeout=1");
        let e = match PgStore::connect(&url) {
            Ok(_) => panic!("connected to a server that never answers"),
            Err(e) => format!("{e:#}"),
        };
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{:?}",
            started.elapsed()
        );
        assert!(
            e.contains("no answer within 1 s") && !e.contains("secret"),
            "{e}"
        );
        held.join().unwrap();
    }

    #[test]
    fn urls_are_told_from_paths_and_passwords_hidden() {
        assert!(is_url("postgres://u@h/db"));
        assert!(is_url("postgresql://h/db"));
        assert!(!is_url("botforge.db"));
        assert!(!is_url("./postgres://x"));
        assert_eq!(
            redact("postgres://user:secret@host:5432/db"),
            "postgres://user:***@host:5432/db"
        );
        assert_eq!(redact("postgres://user@host/db"), "postgres://user@host/db");
        assert_eq!(
            redact("postgres://host/db?x=a@b"),
            "postgres://host/db?x=a@b"
        );
    }

    #[test]
    fn an_unreachable_server_is_a_clear_error_without_the_password() {
        // Port 1 on loopback: nothing listens there, the connection is refused at once.
        let Err(e) = PgStore::connect("postgres://u:hunter2@127.0.0.1:1/db") else {
            panic!("connected to nothing");
        };
        let text = format!("{e:#}");
        assert!(text.contains("cannot connect to PostgreSQL"), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
    }
}

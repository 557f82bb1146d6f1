//! Many workers, one PostgreSQL database: registering a run's games as a work queue and
//! the worker loop that claims, plays and stores them.
//!
//! [`register`] stores a run's config text and one pending row per scheduled game.
//! With a `[sprt]` table, every worker that stores a game of the run reruns the test on the
//! run's stored games; once it accepts H0 or H1 the run's unclaimed pending games are
//! stopped ([`stop_if_decided`]), so the workers stop claiming them and end.
//! [`work`] then plays games on `threads` threads, each with its own connection: claim a
//! pending game (or one whose lease ran out), play it, store the result if the claim is
//! still ours. A heartbeat thread renews this worker's leases every third of the lease
//! length while games are played, so only a worker that died (or hangs without its
//! process) loses its games. A worker ends when its run (or every run) has no pending game
//! left; while games held by others are still pending it waits, ready to take them over
//! if their leases run out.
//!
//! Map and world paths are stored as the registering machine resolved them; workers read
//! them from their own file system, so every worker needs the same files at the same paths
//! (relative to its working directory when the config used relative paths), e.g. the same
//! checkout.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::config::Config;
use crate::runner::{GamePlayer, schedule};
use crate::store::pg::{Claim, PgStore, Registered, RunRecord};

/// The default lease: a game's claim lapses this long after the worker's last heartbeat.
pub const DEFAULT_LEASE: Duration = Duration::from_mins(1);

/// The longest lease a worker may ask for (one day).
pub const MAX_LEASE: Duration = Duration::from_hours(24);

/// Registers the games `config` schedules as pending rows of run `config.run_name()`,
/// with the config's text (`config_text`, as read from `config_path`) for the workers.
/// Bot specs are checked first; nothing is registered when one is unknown.
pub fn register(
    store: &mut PgStore,
    config: &Config,
    config_text: &str,
    config_path: &Path,
    player: &dyn GamePlayer,
) -> anyhow::Result<Registered> {
    for (i, b) in config.bots.iter().enumerate() {
        player
            .check_bot(b.spec())
            .with_context(|| format!("bots[{i}] ({})", b.name))?;
    }
    let jobs = schedule(config, player)?;
    let record = RunRecord {
        game: config.game.clone(),
        config: config_text.to_owned(),
        config_path: config_path.to_string_lossy().into_owned(),
    };
    let registered = store.register(&config.run_name(), &record, &jobs)?;
    stop_if_decided(store, &config.run_name(), config)?;
    Ok(registered)
}

/// With a `[sprt]` table in `config`: when the test on the games of `run` stored so far
/// has decided, stops the run's unclaimed pending games (see [`PgStore::stop_pending`]).
/// Returns whether the test has decided.
pub fn stop_if_decided(store: &mut PgStore, run: &str, config: &Config) -> anyhow::Result<bool> {
    if config.sprt.is_none() {
        return Ok(false);
    }
    let games = store.matches(Some(run))?;
    let decided = crate::sprt_run::Monitor::from_games(config, &games)
        .is_some_and(|m| m.analysis().verdict != crate::sprt::Verdict::Continue);
    if decided {
        let n = store.stop_pending(run)?;
        if n > 0 {
            tracing::info!(target: "arena", "run {run}: the SPRT has decided; {n} pending games stopped");
        }
    }
    Ok(decided)
}

/// How a worker runs.
#[derive(Clone, Debug)]
pub struct WorkOptions {
    /// This worker's identity in `claimed_by` (unique among concurrent workers);
    /// [`worker_id`] makes one.
    pub worker: String,
    /// Only games of this run (every run when `None`).
    pub run: Option<String>,
    /// Threads playing games (0 = one per core).
    pub threads: usize,
    /// Lease length; the heartbeat renews every third of it.
    pub lease: Duration,
    /// Claim at most this many games, then end (the rest is left to other workers).
    pub limit: Option<usize>,
    /// How long to wait between looks at the queue while every pending game is held by
    /// another worker.
    pub poll: Duration,
    /// Stop claiming games once this flag is set.
    pub stop: Option<Arc<AtomicBool>>,
    /// Overrides the replay directory of the runs' configs (`None`: as configured).
    pub replays: Option<PathBuf>,
}

impl WorkOptions {
    /// Options for worker `worker` with the defaults: every run, one thread per core, the
    /// default lease, no limit, a one-second poll.
    pub fn new(worker: String) -> Self {
        Self {
            worker,
            run: None,
            threads: 0,
            lease: DEFAULT_LEASE,
            limit: None,
            poll: Duration::from_secs(1),
            stop: None,
            replays: None,
        }
    }
}

/// What a worker did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct WorkSummary {
    /// Games played and stored by this worker.
    pub played: usize,
    /// Games this worker played whose result was dropped because its claim had lapsed and
    /// another worker took the game over (that worker stores it).
    pub lost: Vec<String>,
    /// Games that failed, with their key and error (marked failed in the store).
    pub failed: Vec<(String, String)>,
    /// The runs this worker played games of.
    pub runs: BTreeSet<String>,
}

/// A worker identity: host name, process id and a time stamp.
pub fn worker_id() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "host".to_owned());
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!("{host}:{}:{nanos:08x}", std::process::id())
}

/// A run's config and game as a worker needs them.
struct RunSetup {
    config: Config,
    player: Box<dyn GamePlayer>,
    replays: Option<PathBuf>,
}

fn setup(store: &mut PgStore, run: &str, options: &WorkOptions) -> anyhow::Result<RunSetup> {
    let record = store
        .run_record(run)?
        .with_context(|| format!("run {run:?} is not registered"))?;
    let config = Config::parse(&record.config, Path::new(&record.config_path))
        .with_context(|| format!("the config of run {run:?}"))?;
    let player = crate::games::player_for(&config, options.threads)
        .with_context(|| format!("the config of run {run:?}"))?;
    for (i, b) in config.bots.iter().enumerate() {
        player
            .check_bot(b.spec())
            .with_context(|| format!("run {run:?}: bots[{i}] ({})", b.name))?;
    }
    let replays = options.replays.clone().or_else(|| config.replays.clone());
    if let Some(dir) = &replays {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create replay directory {}", dir.display()))?;
    }
    Ok(RunSetup {
        config,
        player,
        replays,
    })
}

/// Plays pending games from the database at `url` until none is left (see the module
/// documentation). Errors of the database or of a run's config end the worker; a game
/// that fails is marked failed and the worker goes on.
pub fn work(url: &str, options: &WorkOptions) -> anyhow::Result<WorkSummary> {
    anyhow::ensure!(
        options.lease >= Duration::from_secs(1) && options.lease <= MAX_LEASE,
        "the lease must be between 1 s and {} s",
        MAX_LEASE.as_secs()
    );
    if let Some(run) = &options.run {
        let mut store = PgStore::connect(url)?;
        anyhow::ensure!(
            store.run_record(run)?.is_some(),
            "run {run:?} is not registered in the database (start `botforge arena run --config F --db URL` first)"
        );
    }
    let threads = if options.threads == 0 {
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
    } else {
        options.threads
    };
    let claimed = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    let summary = Mutex::new(WorkSummary::default());
    let stop = options.stop.clone().unwrap_or_default();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let heartbeat = scope.spawn(|| heartbeat(url, options, &finished));
        let handles: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| worker_thread(url, options, &claimed, &stop, &summary)))
            .collect();
        let mut first_error = None;
        for h in handles {
            let r = h
                .join()
                .unwrap_or_else(|_| Err(anyhow::anyhow!("a worker thread panicked")));
            if let Err(e) = r {
                stop.store(true, Ordering::Relaxed);
                first_error.get_or_insert(e);
            }
        }
        finished.store(true, Ordering::Relaxed);
        let _ = heartbeat.join();
        first_error.map_or(Ok(()), Err)
    })?;
    summary
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker thread panicked"))
}

/// Renews this worker's leases every third of the lease until `finished`; connection
/// errors are logged and retried (a lease lapses only if renewal fails for a whole lease).
fn heartbeat(url: &str, options: &WorkOptions, finished: &AtomicBool) {
    let every = options.lease / 3;
    let mut store: Option<PgStore> = None;
    let mut last = Instant::now();
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(50).min(every));
        if last.elapsed() < every {
            continue;
        }
        last = Instant::now();
        if store.is_none() {
            match PgStore::connect(url) {
                Ok(s) => store = Some(s),
                Err(e) => {
                    tracing::warn!(target: "arena", "heartbeat: {e:#}");
                    continue;
                }
            }
        }
        if let Some(s) = &mut store
            && let Err(e) = s.renew(&options.worker, options.lease)
        {
            tracing::warn!(target: "arena", "heartbeat: cannot renew leases: {e:#}");
            store = None;
        }
    }
}

fn worker_thread(
    url: &str,
    options: &WorkOptions,
    claimed: &AtomicUsize,
    stop: &AtomicBool,
    summary: &Mutex<WorkSummary>,
) -> anyhow::Result<()> {
    let mut store = PgStore::connect(url)?;
    let mut setups: HashMap<String, RunSetup> = HashMap::new();
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        if let Some(limit) = options.limit
            && claimed.fetch_add(1, Ordering::Relaxed) >= limit
        {
            return Ok(());
        }
        let Some(claim) = store.claim(&options.worker, options.run.as_deref(), options.lease)?
        else {
            if options.limit.is_some() {
                // Nothing was claimed: give the slot back.
                claimed.fetch_sub(1, Ordering::Relaxed);
            }
            if store.pending(options.run.as_deref())?.total == 0 {
                return Ok(());
            }
            std::thread::sleep(options.poll);
            continue;
        };
        if !setups.contains_key(&claim.run) {
            let s = setup(&mut store, &claim.run, options);
            match s {
                Ok(s) => {
                    setups.insert(claim.run.clone(), s);
                }
                Err(e) => {
                    let _ = store.fail(&options.worker, &claim, &format!("{e:#}"));
                    return Err(e);
                }
            }
        }
        let Some(run_setup) = setups.get(&claim.run) else {
            continue;
        };
        note(summary, |s| {
            s.runs.insert(claim.run.clone());
        });
        let result = run_setup
            .player
            .play(&claim.job, run_setup.replays.as_deref());
        play_done(&mut store, options, &claim, result, summary)?;
        stop_if_decided(&mut store, &claim.run, &run_setup.config)?;
    }
}

/// Updates the shared summary (a poisoned lock, after a panic elsewhere, is skipped).
fn note(summary: &Mutex<WorkSummary>, f: impl FnOnce(&mut WorkSummary)) {
    if let Ok(mut s) = summary.lock() {
        f(&mut s);
    }
}

fn play_done(
    store: &mut PgStore,
    options: &WorkOptions,
    claim: &Claim,
    result: anyhow::Result<crate::runner::MatchResult>,
    summary: &Mutex<WorkSummary>,
) -> anyhow::Result<()> {
    let key = claim.job.key.clone();
    match result {
        Ok(r) => {
            if store
                .finish(&options.worker, claim, &r)
                .with_context(|| format!("storing game {key}"))?
            {
                note(summary, |s| s.played += 1);
            } else {
                tracing::warn!(target: "arena", "game {key}: the lease ran out and another worker took it over; result dropped");
                note(summary, |s| s.lost.push(key));
            }
        }
        Err(e) => {
            let text = format!("{e:#}");
            tracing::warn!(target: "arena", "game {key} failed: {text}");
            store.fail(&options.worker, claim, &text)?;
            note(summary, |s| s.failed.push((key, text)));
        }
    }
    Ok(())
}

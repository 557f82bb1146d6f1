//! Scheduling and running the games of a [`Config`] in parallel, resumably.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::config::Config;
use crate::store::Store;

/// How many seats a game on a given map has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seats {
    /// Exactly this many players (an Ants map's player count, a spe_ed game size).
    Fixed(usize),
    /// Every bot of the config takes part (single-agent games play each bot on the same
    /// world; the economy game seats all agents together).
    All,
}

/// One game to play. The key identifies it across runs so resumed runs skip it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// Stable identity: run, map, game index and seating.
    pub key: String,
    /// Game name.
    pub game: String,
    /// Map or world path (empty when the game generates its board from the seed).
    pub map: String,
    /// The game's seed.
    pub seed: u64,
    /// Index of the game on its map (0-based).
    pub index: u32,
    /// Bot display names, one per seat.
    pub seats: Vec<String>,
    /// Bot specs, one per seat (what the game builds the bots from).
    pub specs: Vec<String>,
}

/// The result of one participant.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SeatResult {
    /// Bot display name.
    pub bot: String,
    /// Final score.
    pub score: f64,
    /// Rank, 0 = best; equal ranks are draws.
    pub rank: u32,
    /// The game's status for the seat (e.g. `survived`, `timeout`, `dead`).
    pub status: String,
}

/// The result of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// Turns or rounds played.
    pub turns: u32,
    /// How the game ended (cutoff reason, winner, …).
    pub outcome: String,
    /// Replay or log file written for the game, if any.
    pub replay: Option<String>,
    /// Game-specific extra data.
    pub details: serde_json::Value,
    /// One entry per seat, in seat order.
    pub seats: Vec<SeatResult>,
}

/// A game the arena can run.
pub trait GamePlayer: Sync {
    /// How many seats a game on `map` has (`map` is empty for generated boards).
    fn seats(&self, map: &str) -> anyhow::Result<Seats>;
    /// Checks that a bot spec names a bot this game can build.
    fn check_bot(&self, spec: &str) -> anyhow::Result<()>;
    /// Plays one game. `replay_dir` is where a replay/log should go, if anywhere.
    fn play(&self, job: &Job, replay_dir: Option<&std::path::Path>) -> anyhow::Result<MatchResult>;
}

/// Called with every game stored during a run; returning `true` stops the run (no new
/// games start; those running finish and are stored). The arena's SPRT uses it.
#[derive(Clone)]
pub struct Observer(pub Arc<ObserverFn>);

/// The function an [`Observer`] calls.
pub type ObserverFn = dyn Fn(&Job, &MatchResult) -> bool + Send + Sync;

impl std::fmt::Debug for Observer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Observer")
    }
}

/// Run-time switches.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Show a progress bar (on a terminal).
    pub progress: bool,
    /// Stop starting new games once this flag is set (results so far are kept).
    pub stop: Option<Arc<AtomicBool>>,
    /// Play at most this many new games, then stop (the rest is left for a resumed run).
    pub limit: Option<usize>,
    /// Told of every stored game; may stop the run.
    pub observer: Option<Observer>,
}

/// What a run did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    /// Games in the schedule.
    pub scheduled: usize,
    /// Games skipped because the store already had them.
    pub skipped: usize,
    /// Games played and stored now.
    pub played: usize,
    /// Games that failed, with their key and error.
    pub failed: Vec<(String, String)>,
}

/// Whether a file found in a maps directory is a board of `game` (Ants `.map`, Wumpus
/// `.wum`; any file for other games), so that a README beside the maps is left out.
fn is_board_file(game: &str, path: &std::path::Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str());
    match game {
        "ants" => ext == Some("map"),
        "wumpus" => ext == Some("wum"),
        _ => true,
    }
}

/// Every board file of `game` in `dir` and its subdirectories.
fn boards_below(game: &str, dir: &std::path::Path, out: &mut Vec<PathBuf>) -> anyhow::Result<()> {
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    for p in entries.filter_map(|e| e.ok().map(|e| e.path())) {
        if p.is_dir() {
            boards_below(game, &p, out)?;
        } else if p.is_file() && is_board_file(game, &p) {
            out.push(p);
        }
    }
    Ok(())
}

/// Expands the config's map entries (files, directories with every board file below them,
/// glob patterns), relative to the config's directory, into one sorted list without
/// duplicates.
pub fn resolve_maps(config: &Config) -> anyhow::Result<Vec<String>> {
    let base = config.base_dir();
    let mut out = Vec::new();
    for (i, entry) in config.maps.iter().enumerate() {
        let path = base.join(entry);
        let pattern = path.to_string_lossy().into_owned();
        let found: Vec<PathBuf> = if path.is_dir() {
            let mut found = Vec::new();
            boards_below(&config.game, &path, &mut found).with_context(|| format!("maps[{i}]"))?;
            found
        } else {
            glob::glob(&pattern)
                .with_context(|| format!("maps[{i}]: bad pattern {entry:?}"))?
                .filter_map(Result::ok)
                .filter(|p| p.is_file())
                .collect()
        };
        anyhow::ensure!(!found.is_empty(), "maps[{i}]: no file matches {entry:?}");
        out.extend(found.into_iter().map(|p| p.to_string_lossy().into_owned()));
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The games a config asks for, in a deterministic order (see [`crate::schedule`]).
pub fn schedule(config: &Config, player: &dyn GamePlayer) -> anyhow::Result<Vec<Job>> {
    crate::schedule::jobs(config, player)
}

/// Plays every scheduled game not yet in `store`, `config.threads` at a time, storing each
/// result as soon as it is known. With a `[sprt]` table no game starts once the test has
/// decided (on the games stored so far, or on those of this run).
pub fn run(
    config: &Config,
    player: &dyn GamePlayer,
    store: &mut Store,
    options: &RunOptions,
) -> anyhow::Result<RunSummary> {
    for (i, b) in config.bots.iter().enumerate() {
        player
            .check_bot(b.spec())
            .with_context(|| format!("bots[{i}] ({})", b.name))?;
    }
    let jobs = schedule(config, player)?;
    store.register_run(&config.run_name(), &config.meaning())?;
    let options = &crate::sprt_run::options(config, store, options)?;
    let batch = Batch {
        run: config.run_name(),
        game: config.game.clone(),
        threads: config.threads,
        replays: config.replays.clone(),
    };
    run_jobs(&batch, jobs, player, store, options)
}

/// Where and how [`run_jobs`] plays a list of jobs.
#[derive(Clone, Debug)]
pub struct Batch {
    /// Run name the results are stored under.
    pub run: String,
    /// Game name (a run holds one game only).
    pub game: String,
    /// Worker threads (0 = one per core).
    pub threads: usize,
    /// Directory for replays/logs, if any.
    pub replays: Option<PathBuf>,
}

/// Plays the `jobs` not yet in `store` under `batch.run`, `batch.threads` at a time,
/// storing each result as soon as it is known (so an interrupted batch resumes where it
/// stopped). [`run`] is this with the jobs a config schedules.
pub fn run_jobs(
    batch: &Batch,
    jobs: Vec<Job>,
    player: &dyn GamePlayer,
    store: &mut Store,
    options: &RunOptions,
) -> anyhow::Result<RunSummary> {
    let run = batch.run.clone();
    if let Some(game) = store.run_game(&run)? {
        anyhow::ensure!(
            game == batch.game,
            "run {run:?} in the store is a {game} run, not {}; choose another `name`",
            batch.game
        );
    }
    let done = store
        .done_keys(&run)
        .with_context(|| format!("results database {}", store.name()))?;
    let mut summary = RunSummary {
        scheduled: jobs.len(),
        ..RunSummary::default()
    };
    let mut todo: Vec<Job> = jobs
        .into_iter()
        .filter(|j| !done.contains(&j.key))
        .collect();
    summary.skipped = summary.scheduled - todo.len();
    if let Some(limit) = options.limit {
        todo.truncate(limit);
    }
    if let Some(dir) = &batch.replays {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create replay directory {}", dir.display()))?;
    }
    let bar = progress_bar(todo.len(), options.progress);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(batch.threads)
        .build()
        .context("cannot start worker threads")?;
    let stop = options.stop.clone().unwrap_or_default();
    // A rendezvous channel: a worker hands over its result before it starts another game,
    // so a stop (an interrupt, a decided test) leaves no finished games waiting unseen.
    let (tx, rx) = mpsc::sync_channel::<(Job, anyhow::Result<MatchResult>)>(0);
    let replay_dir = batch.replays.as_deref();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let stop_workers = Arc::clone(&stop);
        let todo = &todo;
        scope.spawn(move || {
            pool.install(|| {
                use rayon::prelude::*;
                todo.par_iter().for_each_with(tx, |tx, job| {
                    if stop_workers.load(Ordering::Relaxed) {
                        return;
                    }
                    let result = player.play(job, replay_dir);
                    // The receiver only goes away on a storage error; nothing to report then.
                    let _ = tx.send((job.clone(), result));
                });
            });
        });
        for (job, result) in rx {
            match result {
                Ok(r) => {
                    if let Err(e) = store.insert(&run, &job, &r) {
                        stop.store(true, Ordering::Relaxed);
                        return Err(e.context(format!(
                            "storing game {} in results database {}",
                            job.key,
                            store.name()
                        )));
                    }
                    summary.played += 1;
                    if options.observer.as_ref().is_some_and(|o| (o.0)(&job, &r)) {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                Err(e) => {
                    tracing::warn!(target: "arena", "game {} failed: {e:#}", job.key);
                    summary.failed.push((job.key, format!("{e:#}")));
                }
            }
            bar.inc(1);
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    Ok(summary)
}

fn progress_bar(len: usize, show: bool) -> ProgressBar {
    let bar = ProgressBar::new(len as u64);
    if show {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(250));
        if let Ok(style) = ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
        ) {
            bar.set_style(style);
        }
    } else {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    }
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A toy game: the bot with the longer spec wins; seats by config.
    struct Toy;

    impl GamePlayer for Toy {
        fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
            Ok(Seats::Fixed(2))
        }
        fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
            anyhow::ensure!(!spec.contains('!'), "unknown bot {spec}");
            Ok(())
        }
        fn play(&self, job: &Job, _: Option<&Path>) -> anyhow::Result<MatchResult> {
            let scores: Vec<f64> = job.specs.iter().map(|s| s.len() as f64).collect();
            Ok(MatchResult {
                turns: 1,
                outcome: "done".into(),
                replay: None,
                details: serde_json::Value::Null,
                seats: job
                    .seats
                    .iter()
                    .zip(&scores)
                    .map(|(b, &sc)| SeatResult {
                        bot: b.clone(),
                        score: sc,
                        rank: scores.iter().filter(|&&o| o > sc).count() as u32,
                        status: "ok".into(),
                    })
                    .collect(),
            })
        }
    }

    fn config(games: u32) -> Config {
        Config::parse(
            &format!(
                "name = \"toy\"\ngame = \"ants\"\ngames = {games}\nthreads = 2\n\
                 [[bots]]\nname = \"long\"\nspec = \"longer\"\n[[bots]]\nname = \"s\"\n\
                 [[bots]]\nname = \"mid\"\n"
            ),
            Path::new("toy.toml"),
        )
        .unwrap()
    }

    #[test]
    fn schedule_rotates_seats_and_is_deterministic() {
        let jobs = schedule(&config(3), &Toy).unwrap();
        let seats: Vec<_> = jobs.iter().map(|j| j.seats.join("-")).collect();
        assert_eq!(seats, ["long-s", "s-mid", "mid-long"]);
        assert_eq!(jobs, schedule(&config(3), &Toy).unwrap());
        let seeds: std::collections::HashSet<_> = jobs.iter().map(|j| j.seed).collect();
        assert_eq!(seeds.len(), 3);
    }

    #[test]
    fn interrupted_run_resumes_without_replaying() {
        let mut store = Store::in_memory().unwrap();
        let cfg = config(6);
        let first = run(
            &cfg,
            &Toy,
            &mut store,
            &RunOptions {
                limit: Some(4),
                ..RunOptions::default()
            },
        )
        .unwrap();
        assert_eq!((first.scheduled, first.skipped, first.played), (6, 0, 4));
        let second = run(&cfg, &Toy, &mut store, &RunOptions::default()).unwrap();
        assert_eq!((second.skipped, second.played), (4, 2));
        let stored = store.matches(Some("toy")).unwrap();
        assert_eq!(stored.len(), 6);
        for m in &stored {
            let winner = m.seats.iter().find(|s| s.rank == 0).unwrap();
            assert_ne!(winner.bot, "s", "the shortest spec never wins: {m:?}");
        }
    }

    #[test]
    fn unknown_bot_is_rejected_before_playing() {
        let mut cfg = config(1);
        cfg.bots[1].spec = Some("bad!".into());
        let mut store = Store::in_memory().unwrap();
        let e = run(&cfg, &Toy, &mut store, &RunOptions::default()).unwrap_err();
        assert!(format!("{e:#}").contains("bots[1]"), "{e:#}");
        assert!(store.matches(None).unwrap().is_empty());
    }
}

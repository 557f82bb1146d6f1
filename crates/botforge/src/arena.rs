//! `botforge arena …`: tournaments across games with stored results and ratings.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use arena::store::any::AnyStore;
use arena::store::pg::{PgStore, is_url};
use arena::work::{WorkOptions, worker_id};
use clap::Subcommand;

/// The bundled default tournament, used when `--config` is not given.
const DEFAULT_CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/arena/default.toml");

/// Subcommands of `botforge arena`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play the games of a config (skipping those already stored) and print the standings.
    Run {
        /// Arena config (TOML); default: the bundled Ants tournament.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Results database (overrides the config's `db`): a SQLite file, or a
        /// `postgres://` URL to register the run for `arena work` processes and play too.
        #[arg(long)]
        db: Option<String>,
        /// Play at most this many new games (the rest is left for a resumed run or, with
        /// PostgreSQL, for the workers; `--limit 0` only registers the run).
        #[arg(long)]
        limit: Option<usize>,
        /// Worker threads (overrides the config's `threads`).
        #[arg(long, value_parser = crate::limits::threads)]
        threads: Option<usize>,
        /// With PostgreSQL: seconds a claimed game stays ours without a heartbeat.
        #[arg(long, default_value = "60", value_parser = crate::limits::lease_seconds)]
        lease: u64,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Claim and play pending games of runs registered in a PostgreSQL database (by
    /// `arena run --db postgres://…`) until none is left; any number of workers may share
    /// a run.
    Work {
        /// The database: a `postgres://` or `postgresql://` URL.
        #[arg(long)]
        db: String,
        /// Only games of this run (default: every run with pending games).
        #[arg(long)]
        run: Option<String>,
        /// Threads playing games (0 = one per core).
        #[arg(long, default_value = "0", value_parser = crate::limits::threads)]
        threads: usize,
        /// Seconds a claimed game stays ours without a heartbeat (renewed every third of
        /// it); a killed worker's games are replayed by others after this.
        #[arg(long, default_value = "60", value_parser = crate::limits::lease_seconds)]
        lease: u64,
        /// Claim at most this many games, then end.
        #[arg(long)]
        limit: Option<usize>,
    },
    /// Print ratings and head-to-head tables from the results database.
    Report {
        /// Results database: a SQLite file or a `postgres://` URL.
        #[arg(long, default_value = "botforge.db")]
        db: String,
        /// Only this run (default: the most recent run).
        #[arg(long)]
        run: Option<String>,
        /// Also write an HTML report here.
        #[arg(long)]
        html: Option<PathBuf>,
        /// Viewer address the HTML report links games to.
        #[arg(long, default_value = "http://127.0.0.1:8080")]
        viewer: String,
        /// The run's config: with a `[sprt]` table the report shows the test's state.
        #[arg(long)]
        config: Option<PathBuf>,
        /// Also write every seat of every game as CSV here (with the game's analysis
        /// columns, e.g. Ants' ants alive at turns 100/200/300, hills lost, slowest turn).
        #[arg(long)]
        csv: Option<PathBuf>,
    },
}

/// Runs one `botforge arena` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Run {
            config,
            db,
            limit,
            threads,
            lease,
            quiet,
        } => {
            let path = config.unwrap_or_else(|| PathBuf::from(DEFAULT_CONFIG));
            let text = arena::config::read(&path)?;
            let mut cfg = arena::Config::parse(&text, &path)?;
            if let Some(t) = threads {
                cfg.threads = t;
            }
            let db = db.unwrap_or_else(|| cfg.db.to_string_lossy().into_owned());
            let player = arena::games::player_for(&cfg, cfg.threads)
                .with_context(|| format!("arena config {}", path.display()))?;
            if is_url(&db) {
                return run_shared(&cfg, &text, &path, player.as_ref(), &db, limit, lease);
            }
            let mut store = arena::Store::open(std::path::Path::new(&db))?;
            let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
            let options = arena::RunOptions {
                progress: !quiet,
                stop: Some(stop),
                limit,
                ..arena::RunOptions::default()
            };
            let summary = arena::runner::run(&cfg, player.as_ref(), &mut store, &options)?;
            eprintln!(
                "run {:?}: {} games scheduled, {} already stored, {} played now, {} failed; results in {}",
                cfg.run_name(),
                summary.scheduled,
                summary.skipped,
                summary.played,
                summary.failed.len(),
                db
            );
            for (key, err) in &summary.failed {
                eprintln!("failed: {key}: {err}");
            }
            let games = store.matches(Some(&cfg.run_name()))?;
            out!("{}", arena::report::text(&arena::rating::standings(&games)))?;
            if let Some(section) = sprt_text(&cfg, &games) {
                out!("\n{section}")?;
            }
            Ok(if summary.failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Work {
            db,
            run,
            threads,
            lease,
            limit,
        } => {
            anyhow::ensure!(
                is_url(&db),
                "`arena work` needs a PostgreSQL database (--db postgres://…), not {db}"
            );
            let mut options = WorkOptions::new(worker_id());
            options.run = run;
            options.threads = threads;
            options.lease = Duration::from_secs(lease);
            options.limit = limit;
            let summary = arena::work::work(&db, &options)?;
            let runs: Vec<&str> = summary.runs.iter().map(String::as_str).collect();
            eprintln!(
                "worker {}: {} games played and stored, {} failed, {} dropped after a lost lease; runs: {}",
                options.worker,
                summary.played,
                summary.failed.len(),
                summary.lost.len(),
                if runs.is_empty() {
                    "none".to_owned()
                } else {
                    runs.join(", ")
                }
            );
            for (key, err) in &summary.failed {
                eprintln!("failed: {key}: {err}");
            }
            Ok(if summary.failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        Command::Report {
            db,
            run,
            html,
            viewer,
            config,
            csv,
        } => {
            crate::check_output(csv.as_deref())?;
            crate::check_output(html.as_deref())?;
            let mut store = AnyStore::open_existing(&db)?;
            let cfg = config.as_deref().map(arena::Config::load).transpose()?;
            let run = match run.or_else(|| cfg.as_ref().map(arena::Config::run_name)) {
                Some(r) => r,
                None => store
                    .runs()?
                    .into_iter()
                    .next()
                    .context("the results database holds no games yet")?,
            };
            let games = store.matches(Some(&run))?;
            anyhow::ensure!(!games.is_empty(), "no games stored for run {run:?}");
            let standings = arena::rating::standings_with(&games, &arena::contest::params(&games));
            outln!("run {run:?}: {} games", games.len())?;
            out!("{}", arena::report::text(&standings))?;
            let bots: Vec<String> = cfg
                .as_ref()
                .map(|c| c.bots.iter().map(|b| b.name.clone()).collect())
                .unwrap_or_default();
            out!(
                "\n{}",
                arena::report::results_table(&arena::report::bot_results(&bots, &games))
            )?;
            if let Some(section) = arena::contest::text(&games) {
                out!("\n{section}")?;
            }
            if let Some(path) = &csv {
                arena::report::write_atomic(path, arena::report::csv(&games).as_bytes())?;
                eprintln!("games written to {}", path.display());
            }
            let test = cfg.as_ref().and_then(|c| {
                let m = arena::sprt_run::Monitor::from_games(c, &games)?;
                Some((m.bots().0.to_owned(), m.bots().1.to_owned(), m.analysis()))
            });
            if let Some((a, b, analysis)) = &test {
                out!("\n{}", arena::sprt_run::text(a, b, analysis))?;
            }
            if let Some(out) = html {
                let section = test
                    .as_ref()
                    .map(|(a, b, analysis)| arena::sprt_run::html(a, b, analysis))
                    .unwrap_or_default();
                let page = arena::report::html_with(
                    &format!("botforge arena: {run}"),
                    &standings,
                    &games,
                    Some(&viewer),
                    &section,
                );
                arena::report::write_atomic(&out, page.as_bytes())?;
                eprintln!("HTML report written to {}", out.display());
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// `arena run` on PostgreSQL: registers the run's games, plays them as one worker among
/// any others, waits until every game is stored, then prints the standings.
fn run_shared(
    cfg: &arena::Config,
    text: &str,
    path: &std::path::Path,
    player: &dyn arena::GamePlayer,
    db: &str,
    limit: Option<usize>,
    lease: u64,
) -> anyhow::Result<ExitCode> {
    let shown = AnyStore::display_name(db);
    let run = cfg.run_name();
    let mut store = PgStore::connect(db)?;
    let registered = arena::work::register(&mut store, cfg, text, path, player)?;
    eprintln!(
        "run {run:?}: {} games scheduled, {} already stored; registered in {shown}",
        registered.scheduled, registered.done
    );
    if limit == Some(0) {
        eprintln!("run {run:?} registered; `botforge arena work --db URL --run {run}` plays it");
        return Ok(ExitCode::SUCCESS);
    }
    let mut options = WorkOptions::new(worker_id());
    options.run = Some(run.clone());
    options.threads = cfg.threads;
    options.lease = Duration::from_secs(lease);
    options.limit = limit;
    let summary = arena::work::work(db, &options)?;
    let failed = store.failed(&run)?;
    let stopped = store.stopped(&run)?;
    eprintln!(
        "run {run:?}: {} played here, {} failed in the run, {stopped} not played (the SPRT decided); results in {shown}",
        summary.played,
        failed.len()
    );
    for (key, err) in &failed {
        eprintln!("failed: {key}: {err}");
    }
    let games = store.matches(Some(&run))?;
    out!("{}", arena::report::text(&arena::rating::standings(&games)))?;
    if let Some(section) = sprt_text(cfg, &games) {
        out!("\n{section}")?;
    }
    Ok(if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The state of `cfg`'s SPRT over `games`, as text; `None` without a `[sprt]` table.
fn sprt_text(cfg: &arena::Config, games: &[arena::store::StoredMatch]) -> Option<String> {
    let m = arena::sprt_run::Monitor::from_games(cfg, games)?;
    let (a, b) = m.bots();
    Some(arena::sprt_run::text(a, b, &m.analysis()))
}

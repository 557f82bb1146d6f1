//! `botforge arena …`: tournaments across games with stored results and ratings.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
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
        /// Results database (overrides the config's `db`).
        #[arg(long)]
        db: Option<PathBuf>,
        /// Play at most this many new games (the rest is left for a resumed run).
        #[arg(long)]
        limit: Option<usize>,
        /// Worker threads (overrides the config's `threads`).
        #[arg(long, value_parser = crate::limits::threads)]
        threads: Option<usize>,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Print ratings and head-to-head tables from the results database.
    Report {
        /// Results database.
        #[arg(long, default_value = "botforge.db")]
        db: PathBuf,
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
            quiet,
        } => {
            let path = config.unwrap_or_else(|| PathBuf::from(DEFAULT_CONFIG));
            let mut cfg = arena::Config::load(&path)?;
            if let Some(t) = threads {
                cfg.threads = t;
            }
            let db = db.unwrap_or_else(|| cfg.db.clone());
            let player = arena::games::player(&cfg.game, &cfg.options)
                .with_context(|| format!("arena config {}", path.display()))?;
            let mut store = arena::Store::open(&db)?;
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
                db.display()
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
        Command::Report {
            db,
            run,
            html,
            viewer,
            config,
        } => {
            anyhow::ensure!(db.exists(), "no results database at {}", db.display());
            let store = arena::Store::open(&db)?;
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
            let standings = arena::rating::standings(&games);
            outln!("run {run:?}: {} games", games.len())?;
            out!("{}", arena::report::text(&standings))?;
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

/// The state of `cfg`'s SPRT over `games`, as text; `None` without a `[sprt]` table.
fn sprt_text(cfg: &arena::Config, games: &[arena::store::StoredMatch]) -> Option<String> {
    let m = arena::sprt_run::Monitor::from_games(cfg, games)?;
    let (a, b) = m.bots();
    Some(arena::sprt_run::text(a, b, &m.analysis()))
}

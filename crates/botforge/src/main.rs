//! `botforge`: the one command line for every game and tool in the workspace.
//!
//! This binary only parses arguments and wires them to the library crates; each
//! subcommand lives in its own module.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// `print!` to a locked stdout that returns the `io::Result` instead of panicking (closed
/// pipe, full disk); `main` ends quietly on a closed pipe and reports other errors.
macro_rules! out {
    ($($arg:tt)*) => {
        ::std::io::Write::write_fmt(&mut ::std::io::stdout().lock(), format_args!($($arg)*))
            .map_err($crate::stdout_error)
    };
}

/// `println!` that returns the `io::Result`, see [`out!`].
macro_rules! outln {
    () => {
        ::std::io::Write::write_all(&mut ::std::io::stdout().lock(), b"\n")
            .map_err($crate::stdout_error)
    };
    ($($arg:tt)*) => {
        ::std::io::Write::write_fmt(
            &mut ::std::io::stdout().lock(),
            format_args!("{}\n", format_args!($($arg)*)),
        )
        .map_err($crate::stdout_error)
    };
}

mod ants;
mod ants_mapgen;
mod ants_online;
mod ants_server;
mod arena;
mod economy;
mod limits;
mod path;
mod serve;
mod speed;
mod speed_net;
mod wumpus;

/// botforge: engines, bots and search for Ants, spe_ed, Wumpus world and an economy game.
#[derive(Parser, Debug)]
#[command(name = "botforge", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Find a path on an Ants map or a plain text grid (search demo).
    Path(path::Args),
    /// Google AI Challenge 2011 Ants: play, run bots, check replays, tournaments.
    #[command(subcommand)]
    Ants(ants::Command),
    /// informatiCup 2021 spe_ed: play, online client, server, evaluation, log checks.
    #[command(subcommand)]
    Speed(speed::Command),
    /// Wumpus world with moving wumpi: play, evaluate, run agents.
    #[command(subcommand)]
    Wumpus(wumpus::Command),
    /// The economic strategy game: play, experiments.
    #[command(subcommand)]
    Economy(economy::Command),
    /// Tournaments across games: run configs, ratings, reports.
    #[command(subcommand)]
    Arena(arena::Command),
    /// The browser viewer: replays, logs, live play and the results store.
    Serve(serve::Args),
}

fn main() -> ExitCode {
    init_logging();
    // Bots and agents run in process groups of their own, which a Ctrl-C in the terminal
    // does not reach: on SIGINT, SIGTERM or SIGHUP kill them all, then exit with 130.
    if let Err(e) = ctrlc::set_handler(|| {
        procgroup::kill_all();
        std::process::exit(130);
    }) {
        tracing::warn!("no signal handler: {e}");
    }
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Path(args) => path::run(&args),
        Command::Ants(cmd) => ants::run(cmd),
        Command::Speed(cmd) => speed::run(cmd),
        Command::Wumpus(cmd) => wumpus::run(cmd),
        Command::Economy(cmd) => economy::run(cmd),
        Command::Serve(args) => serve::run(args),
        Command::Arena(cmd) => arena::run(cmd),
    };
    procgroup::kill_all();
    let result = result.and_then(|code| {
        std::io::Write::flush(&mut std::io::stdout()).map_err(stdout_error)?;
        Ok(code)
    });
    match result {
        Ok(code) => code,
        Err(err) if is_closed_stdout(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", error_text(&err));
            ExitCode::from(2)
        }
    }
}

/// The cause of an error from writing to stdout (see [`stdout_error`]): it marks the error
/// so that [`is_closed_stdout`] can tell a closed stdout from any other broken pipe.
#[derive(Debug)]
struct StdoutWrite(std::io::Error);

impl std::fmt::Display for StdoutWrite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "writing to stdout: {}", self.0)
    }
}

impl std::error::Error for StdoutWrite {}

/// A stdout write error that says so, keeping the kind (see [`is_closed_stdout`]).
#[allow(clippy::needless_pass_by_value)] // the shape `map_err` needs
fn stdout_error(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), StdoutWrite(e))
}

/// Locked stdout whose write errors go through [`stdout_error`]: what every command writes
/// its output with, so that only a closed stdout ends botforge quietly.
pub(crate) struct Stdout(std::io::StdoutLock<'static>);

/// [`Stdout`], locked.
pub(crate) fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

impl std::io::Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.write(buf).map_err(stdout_error)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(stdout_error)
    }
}

/// Fails at once when an output file named on the command line could not be written when
/// the work is done (its directory missing or read-only, a directory in its place), so a
/// typo costs nothing instead of a whole game or series.
pub(crate) fn check_output(path: Option<&std::path::Path>) -> anyhow::Result<()> {
    if let Some(p) = path {
        anyhow::Context::with_context(outfile::check_writable(p), || {
            format!("cannot write {}", p.display())
        })?;
    }
    Ok(())
}

/// The error and its causes joined by `: `, leaving out a cause whose text the message
/// already contains (many errors print their source themselves).
fn error_text(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let c = cause.to_string();
        if text.is_empty() {
            text = c;
        } else if !text.contains(&c) {
            text.push_str(": ");
            text.push_str(&c);
        }
    }
    text
}

/// True when `err` comes from writing to a closed stdout (`botforge … | head`): the reader
/// has all it wanted, so botforge ends quietly. A broken pipe anywhere else (a database
/// connection, a bot's stdin) is a failure like any other.
fn is_closed_stdout(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>().is_some_and(|e| {
            e.kind() == std::io::ErrorKind::BrokenPipe
                && e.get_ref()
                    .is_some_and(<dyn std::error::Error + Send + Sync>::is::<StdoutWrite>)
        })
    })
}

/// Logs go to stderr; the level comes from `BOTFORGE_LOG` (e.g. `ants::combat=debug`),
/// default `warn`.
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("BOTFORGE_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pipe() -> std::io::Error {
        std::io::Error::from(std::io::ErrorKind::BrokenPipe)
    }

    #[test]
    fn only_a_closed_stdout_ends_quietly() {
        let closed = anyhow::Error::new(stdout_error(pipe())).context("printing the table");
        assert!(is_closed_stdout(&closed));
        assert!(error_text(&closed).contains("writing to stdout"));
        // A broken pipe from a database connection or a bot is an error (exit 2).
        let database = anyhow::Error::new(pipe()).context("storing game 3");
        assert!(!is_closed_stdout(&database));
        let other = anyhow::Error::new(stdout_error(std::io::Error::from(
            std::io::ErrorKind::StorageFull,
        )));
        assert!(!is_closed_stdout(&other));
    }
}

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
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", error_text(&err));
            ExitCode::from(2)
        }
    }
}

/// A stdout write error that says so (the kind is kept, see [`is_broken_pipe`]).
#[allow(clippy::needless_pass_by_value)] // the shape `map_err` needs
fn stdout_error(e: std::io::Error) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("writing to stdout: {e}"))
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

/// True when `err` comes from writing to a closed pipe (`botforge … | head`): the reader
/// has all it wanted, so botforge ends quietly.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
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

//! `botforge`: the one command line for every game and tool in the workspace.
//!
//! This binary only parses arguments and wires them to the library crates; each
//! subcommand lives in its own module.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod ants;
mod ants_bots;
mod arena;
mod economy;
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
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
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

//! `botforge ants …`: argument parsing and wiring for the `ants` crate.

use std::process::ExitCode;

use clap::Subcommand;

/// Subcommands of `botforge ants`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Placeholder until the ants crate lands.
    Info,
}

/// Runs one `botforge ants` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Info => anyhow::bail!("botforge ants is not built yet"),
    }
}

//! `botforge economy …`: argument parsing and wiring for the `economy` crate.

use std::process::ExitCode;

use clap::Subcommand;

/// Subcommands of `botforge economy`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Placeholder until the economy crate lands.
    Info,
}

/// Runs one `botforge economy` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Info => anyhow::bail!("botforge economy is not built yet"),
    }
}

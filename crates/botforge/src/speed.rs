//! `botforge speed …`: argument parsing and wiring for the `speed` crate.

use std::process::ExitCode;

use clap::Subcommand;

/// Subcommands of `botforge speed`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Placeholder until the speed crate lands.
    Info,
}

/// Runs one `botforge speed` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Info => anyhow::bail!("botforge speed is not built yet"),
    }
}

//! `botforge wumpus …`: argument parsing and wiring for the `wumpus` crate.

use std::process::ExitCode;

use clap::Subcommand;

/// Subcommands of `botforge wumpus`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Placeholder until the wumpus crate lands.
    Info,
}

/// Runs one `botforge wumpus` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Info => anyhow::bail!("botforge wumpus is not built yet"),
    }
}

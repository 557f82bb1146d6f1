//! `botforge path`: the search demo on an Ants map or a plain text grid.

use std::process::ExitCode;

/// Arguments of `botforge path`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Map file: an Ants `.map` (torus) or a plain text grid.
    #[arg(long)]
    pub map: std::path::PathBuf,
}

/// Runs `botforge path`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("botforge path is not built yet ({})", args.map.display())
}

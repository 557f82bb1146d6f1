//! `botforge serve`: the browser viewer.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;

/// Arguments of `botforge serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// A replay, log or world to open (its viewer URL is printed).
    #[arg(long)]
    pub open: Option<PathBuf>,
    /// Results database listed on the start page.
    #[arg(long, default_value = "botforge.db")]
    pub db: PathBuf,
    /// Directory whose files the viewer may open.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

/// Runs the viewer until interrupted.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.root.is_dir(),
        "--root: {} is not a directory",
        args.root.display()
    );
    let mut query = String::new();
    if let Some(open) = &args.open {
        anyhow::ensure!(open.is_file(), "--open: no such file {}", open.display());
        let root = args.root.canonicalize()?;
        let file = open.canonicalize()?;
        anyhow::ensure!(
            file.starts_with(&root),
            "--open: {} is outside the viewer root {} (see --root)",
            open.display(),
            root.display()
        );
        query.push_str("?open=");
        query.push_str(&open.to_string_lossy());
    }
    let config = viewer::ViewerConfig {
        db: args.db,
        root: args.root,
    };
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(viewer::serve_ready(args.addr, config, |addr| {
        eprintln!("botforge viewer: http://{addr}/{query}");
    }))?;
    Ok(ExitCode::SUCCESS)
}

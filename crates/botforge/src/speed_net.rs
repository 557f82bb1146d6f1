//! `botforge speed online` and `botforge speed serve`: argument parsing and wiring for
//! [`speed::net`].

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use clap::Args;
use speed::ai::DEFAULT_LINEUP;

use crate::speed::split_specs;
use speed::net::client::{ClientConfig, Outcome, play, with_key};
use speed::net::server::{Server, ServerConfig, parse_keys};

/// Arguments of `botforge speed online`.
#[derive(Args, Debug)]
pub struct OnlineArgs {
    /// Websocket URL of the server, e.g. `ws://127.0.0.1:10101/spe_ed`.
    #[arg(long, env = "URL")]
    pub url: String,
    /// API key (sent as the `key` query parameter).
    #[arg(long, env = "KEY", hide_env_values = true)]
    pub key: String,
    /// Bot spec (see `botforge speed bots`), e.g. `champion` or
    /// `pathfinding(max_speed=2,paths=75)`.
    #[arg(
        long = "bot",
        visible_alias = "ai",
        value_name = "BOT",
        default_value = "champion"
    )]
    pub ai: String,
    /// Time endpoint; default: derived from the URL (`…/spe_ed_time`).
    #[arg(long, env = "TIME_URL")]
    pub time_url: Option<String>,
    /// Write the game as golden JSON lines to this file.
    #[arg(long)]
    pub log: Option<PathBuf>,
    /// Safety margin before the deadline in milliseconds.
    #[arg(long, default_value_t = 500, value_parser = crate::limits::milliseconds)]
    pub margin_ms: u64,
    /// Cap on the thinking time per round in milliseconds (default: until the margin).
    #[arg(long, value_parser = crate::limits::milliseconds)]
    pub think_ms: Option<u64>,
    /// Seed of the AI's random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Limit for connecting and the websocket handshake, in milliseconds.
    #[arg(long, default_value_t = 10_000, value_parser = crate::limits::milliseconds)]
    pub connect_timeout_ms: u64,
    /// Longest silence of the server (before the first state and between states), in
    /// milliseconds; then the connection counts as lost.
    #[arg(long, default_value_t = 300_000, value_parser = crate::limits::milliseconds)]
    pub idle_timeout_ms: u64,
}

/// Plays one online game; exit code 0 when the game was played to the end (or to our
/// elimination), 1 when the connection was lost mid-game.
pub fn online(args: OnlineArgs) -> anyhow::Result<ExitCode> {
    crate::check_output(args.log.as_deref())?;
    let config = ClientConfig {
        url: with_key(&args.url, &args.key),
        time_url: args.time_url,
        ai: args.ai,
        seed: args.seed,
        margin: Duration::from_millis(args.margin_ms),
        think: args.think_ms.map(Duration::from_millis),
        log: args.log,
        connect_timeout: Duration::from_millis(args.connect_timeout_ms),
        idle_timeout: Duration::from_millis(args.idle_timeout_ms),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .context("starting the tokio runtime")?;
    let report = runtime.block_on(play(&config))?;
    for p in &report.problems {
        eprintln!("warning: {p}");
    }
    let me = report.me.map_or_else(|| "?".to_owned(), |m| m.to_string());
    outln!(
        "player {me}: {} rounds, {} answers ({} fallback moves), clock offset {} ms",
        report.rounds,
        report.answers,
        report.fallbacks,
        report.offset_ms
    )?;
    let code = match &report.outcome {
        Outcome::Won => {
            outln!("won")?;
            0
        }
        Outcome::Draw => {
            outln!("draw")?;
            0
        }
        Outcome::Lost { winner } => {
            outln!("lost: player {winner} won")?;
            0
        }
        Outcome::Eliminated { round } => {
            outln!("eliminated (state {round})")?;
            0
        }
        Outcome::ConnectionLost { round, message } => {
            eprintln!("error: connection lost after {round} states: {message}");
            1
        }
    };
    Ok(ExitCode::from(code))
}

/// The largest key file `speed serve --keys` reads (1 MiB, some 30,000 keys).
const MAX_KEY_FILE_BYTES: u64 = 1 << 20;

/// Arguments of `botforge speed serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Listening address.
    #[arg(long, default_value = "127.0.0.1:10101")]
    pub addr: String,
    /// Players per game (1 … 6); default: drawn from 2 … 6 per game like the official
    /// server.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
    pub players: Option<u8>,
    /// Bot specs that fill free seats, e.g. `champion,random`; default: all team bots and
    /// champion.
    #[arg(long)]
    pub fill: Option<String>,
    /// Seconds a lobby waits for players before filling the free seats (at most a day).
    #[arg(long, default_value_t = 300.0, value_parser = crate::limits::fractional_seconds)]
    pub wait: f64,
    /// Seed of every random choice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Directory for the game logs (golden JSON lines).
    #[arg(long, default_value = "log")]
    pub log_dir: PathBuf,
    /// Stop after this many games (default: serve forever).
    #[arg(long)]
    pub games: Option<usize>,
    /// Key file (one key per line, `#` comments); default: any non-empty key.
    #[arg(long)]
    pub keys: Option<PathBuf>,
    /// Shortest round time-out in whole seconds (1 to a day).
    #[arg(long, default_value_t = 5, value_parser = crate::limits::seconds)]
    pub min_round_secs: u64,
    /// Longest round time-out in whole seconds (1 to a day).
    #[arg(long, default_value_t = 15, value_parser = crate::limits::seconds)]
    pub max_round_secs: u64,
    /// Thinking time of each server AI per round in milliseconds (at most a day).
    #[arg(long, default_value_t = 200, value_parser = crate::limits::milliseconds)]
    pub ai_ms: u64,
    /// Most connections open at once (websockets included); more wait to be accepted.
    #[arg(long, default_value_t = speed::net::http::MAX_CONNECTIONS,
          value_parser = crate::limits::connections)]
    pub max_connections: usize,
    /// Time a connection has to send its request (the websocket handshake), in ms.
    #[arg(long, default_value_t = 3000,
          value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub handshake_timeout_ms: u64,
}

/// Runs the server until `--games` games have finished; prints one line per game.
pub fn serve(args: ServeArgs) -> anyhow::Result<ExitCode> {
    if args.min_round_secs > args.max_round_secs {
        anyhow::bail!("--min-round-secs must not exceed --max-round-secs");
    }
    let fill = match &args.fill {
        Some(list) => split_specs(list),
        None => DEFAULT_LINEUP.iter().map(|s| (*s).to_owned()).collect(),
    };
    if fill.is_empty() {
        anyhow::bail!("--fill: expected at least one bot spec");
    }
    let keys = match &args.keys {
        Some(path) => {
            let keys = parse_keys(
                &outfile::read_bounded(path, MAX_KEY_FILE_BYTES, "key")
                    .with_context(|| format!("reading key file {}", path.display()))?,
            );
            anyhow::ensure!(
                !keys.is_empty(),
                "key file {} holds no keys (every connection would be refused)",
                path.display()
            );
            Some(keys)
        }
        None => None,
    };
    let config = ServerConfig {
        players: args.players.map(usize::from),
        fill,
        wait: Duration::from_secs_f64(args.wait),
        seed: args.seed,
        log_dir: Some(args.log_dir),
        games: args.games,
        keys,
        round_secs: (args.min_round_secs, args.max_round_secs),
        grace: Duration::from_secs(2),
        ai_budget: Duration::from_millis(args.ai_ms),
        limits: speed::net::http::Limits {
            max_connections: args.max_connections,
            handshake_timeout: Duration::from_millis(args.handshake_timeout_ms),
            ..speed::net::http::Limits::default()
        },
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the tokio runtime")?;
    let summaries = runtime.block_on(async {
        let server = Server::bind(&args.addr, config).await?;
        eprintln!(
            "spe_ed server on ws://{}/spe_ed (time: /spe_ed_time)",
            server.local_addr()?
        );
        server.run().await
    })?;
    for s in &summaries {
        let winner = s
            .final_state
            .winner()
            .map_or_else(|| "draw".to_owned(), |w| format!("player {w} won"));
        let log = s
            .log
            .as_ref()
            .map_or_else(String::new, |p| format!(", log {}", p.display()));
        outln!("game {}: {} rounds, {winner}{log}", s.index, s.rounds)?;
    }
    Ok(ExitCode::SUCCESS)
}

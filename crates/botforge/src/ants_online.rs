//! `botforge ants online`: argument parsing and wiring for [`ants::online`] — play any
//! Ants bot spec on a 2011-style TCP game server, one game per round.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use clap::Args;

use ants::online::{Backoff, ClientConfig, GameReport, Observer, OnlineBot, Outcome};
use ants_bots::BOTS;

/// Arguments of `botforge ants online`.
#[derive(Args, Debug)]
pub struct OnlineArgs {
    /// Server host name or address.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Server game port (2081 on the 2011 servers).
    #[arg(long, default_value_t = 2081)]
    pub port: u16,
    /// Login name: 1 to 32 letters, digits or `_`. The first login registers it.
    #[arg(long)]
    pub name: String,
    /// Password: 1 to 32 letters, digits or `_` (or the environment variable
    /// BOTFORGE_ANTS_PASSWORD, which keeps it out of the process list).
    #[arg(long, env = "BOTFORGE_ANTS_PASSWORD", hide_env_values = true)]
    pub password: String,
    /// Games to play, one connection each (a rejected connection counts, as in
    /// tcpclient.py); a rejection other than "already running/queued" stops early.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..))]
    pub rounds: u32,
    /// Folder of the transcripts (one text file per game: every line received and sent,
    /// with the turn).
    #[arg(long, default_value = "online")]
    pub log_dir: PathBuf,
    /// Longest silence of the server in milliseconds (also waiting in the queue for a
    /// game, and the connect and write timeout); tcpclient.py's is 240 s.
    #[arg(long, default_value_t = 240_000)]
    pub socket_timeout_ms: u64,
    /// Longest a bot may take for one answer, in milliseconds (the server's own, usually
    /// shorter, deadline ends the game first).
    #[arg(long, default_value_t = 60_000)]
    pub bot_timeout_ms: u64,
    /// Fixed wait before each connection, in milliseconds (tcpclient.py: 1000).
    #[arg(long, default_value_t = 1000)]
    pub wait_ms: u64,
    /// Random extra wait before each connection, up to this many milliseconds
    /// (tcpclient.py: 5000).
    #[arg(long, default_value_t = 5000)]
    pub wait_jitter_ms: u64,
    /// Extra wait after an "already running/queued" rejection, in milliseconds, plus up
    /// to --busy-jitter-ms at random (tcpclient.py: 10000 + 10000).
    #[arg(long, default_value_t = 10_000)]
    pub busy_wait_ms: u64,
    /// Random part of the wait after an "already running/queued" rejection.
    #[arg(long, default_value_t = 10_000)]
    pub busy_jitter_ms: u64,
    /// The bot: a spec of `botforge ants bots` (e.g. `champion` or
    /// `champion(max_turn_ms=120)`), built anew for every game, or an external program as
    /// `cmd:SHELL COMMAND` or `NAME=cmd:SHELL COMMAND` (official protocol), started anew
    /// for every game.
    #[arg(value_name = "BOT")]
    pub bot: String,
}

/// Prints each round as it ends.
struct Printer {
    failed: usize,
}

impl Observer for Printer {
    fn wait(&mut self, round: u32, delay: Duration) {
        if delay >= Duration::from_secs(1) {
            eprintln!(
                "round {round}: waiting {:.1} s before connecting",
                delay.as_secs_f64()
            );
        }
        std::thread::sleep(delay);
    }

    fn game(&mut self, report: &GameReport) {
        if matches!(
            report.outcome,
            Outcome::Lost(_) | Outcome::Rejected { busy: false, .. }
        ) {
            self.failed += 1;
        }
        let mut line = report.summary();
        if let Some(path) = &report.transcript {
            let _ = write!(line, "\n  transcript {}", path.display());
        }
        if let Some(e) = &report.transcript_error {
            let _ = write!(line, "\n  no transcript: {e}");
        }
        if outln!("{line}").is_err() {
            eprintln!("{line}");
        }
    }
}

/// The bot a spec names, built as `botforge ants play` builds it.
fn online_bot(spec: &str) -> anyhow::Result<OnlineBot> {
    let name = ants_bots::display_name(spec);
    Ok(match ants_bots::entrant(spec)? {
        ants::Entrant::Command(command) | ants::Entrant::Named { command, .. } => {
            procgroup::check_command(&command).with_context(|| format!("bot '{spec}'"))?;
            OnlineBot::Command { name, command }
        }
        _ => {
            let spec = spec.to_owned();
            OnlineBot::InProcess {
                name,
                make: Box::new(move || BOTS.build(&spec, ()).map_err(|e| e.to_string())),
            }
        }
    })
}

/// `botforge ants online`: exit code 0 when every round reached the end of its game (or
/// was put off with "already running/queued"), 1 otherwise.
pub fn online(args: OnlineArgs) -> anyhow::Result<ExitCode> {
    let mut bot = online_bot(&args.bot)?;
    let config = ClientConfig {
        rounds: args.rounds,
        log_dir: Some(args.log_dir),
        socket_timeout: Duration::from_millis(args.socket_timeout_ms.max(1)),
        bot_timeout: Duration::from_millis(args.bot_timeout_ms.max(1)),
        backoff: Backoff {
            wait: Duration::from_millis(args.wait_ms),
            jitter: Duration::from_millis(args.wait_jitter_ms),
            busy: Duration::from_millis(args.busy_wait_ms),
            busy_jitter: Duration::from_millis(args.busy_jitter_ms),
        },
        ..ClientConfig::new(&args.host, args.port, &args.name, &args.password)
    };
    eprintln!(
        "playing {} on {} as {} ({} round{})",
        bot.name(),
        config.server(),
        config.name,
        config.rounds,
        if config.rounds == 1 { "" } else { "s" }
    );
    let mut printer = Printer { failed: 0 };
    let reports = ants::online::run(&config, &mut bot, &mut printer)?;
    if reports.len() < config.rounds as usize {
        eprintln!(
            "stopped after round {}: the server refused the login",
            reports.len()
        );
    }
    Ok(if printer.failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

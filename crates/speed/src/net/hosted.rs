//! spe_ed games with external programs: [`play`] hosts the game on a loopback server
//! ([`super::server::Server::run_match`], bound to `127.0.0.1:0`) and starts every
//! external command with `URL` (the websocket URL), `KEY` (its API key) and `TIME_URL`
//! (the time endpoint) in its environment, as the informatiCup server's participants
//! expect, so an unchanged competition client can play. AI specs play as server AIs in
//! the same game. Every command runs in its own process group, which is killed when the
//! game ends; a seat's [`SeatEnd`] says how it went (`no-connection`, `timeout`,
//! `crashed`, `invalid`).
//!
//! A seat is given as a spec ([`botspec::BotSpec`]): a bot of [`crate::ai::BOTS`],
//! `cmd:COMMAND` or `NAME=cmd:COMMAND`.

use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::NetError;
use super::server::{GameSummary, Match, MatchSeat, Server, ServerConfig};
use botspec::{BotSpec, SpecError};

use crate::ai::BOTS;
use crate::engine::{AnswerStatus, random_setup};

/// One player of a hosted game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    /// An in-process bot of [`BOTS`] by spec (played by the server).
    Bot(String),
    /// An external program (a websocket client).
    External {
        /// Display name: `NAME` of `NAME=cmd:…`, else [`procgroup::command_name`].
        name: String,
        /// The shell command.
        command: String,
    },
}

/// Whether `spec` names an external program (`cmd:…` or `NAME=cmd:…`).
pub fn is_external(spec: &str) -> bool {
    matches!(BotSpec::parse(spec), Ok(BotSpec::External(_)))
}

/// Reads a player spec: `NAME=cmd:COMMAND` / `cmd:COMMAND` (the command must be
/// startable, see [`procgroup::check_command`]) or a bot of [`BOTS`].
pub fn entrant(spec: &str) -> Result<Entrant, SpecError> {
    match BotSpec::parse(spec)? {
        BotSpec::External(ext) => {
            procgroup::check_command(&ext.command).map_err(|e| SpecError::Invalid {
                bot: spec.to_owned(),
                message: e.to_string(),
            })?;
            Ok(Entrant::External {
                name: ext
                    .name
                    .unwrap_or_else(|| procgroup::command_name(&ext.command)),
                command: ext.command,
            })
        }
        BotSpec::Bot(_) => {
            BOTS.build(spec, 0)?;
            Ok(Entrant::Bot(spec.to_owned()))
        }
    }
}

/// Settings of a hosted game. The round time-out is the game's rule (drawn per round from
/// `round_secs`, whole seconds, answers accepted until the deadline plus `grace`).
#[derive(Clone, Debug)]
pub struct HostedConfig {
    /// Seed of the board, the round time-outs and the AI seeds (the board is the one
    /// [`random_setup`] draws from `ChaCha8Rng::seed_from_u64(seed)`).
    pub seed: u64,
    /// Round time-out range in whole seconds (official: 5 … 15).
    pub round_secs: (u64, u64),
    /// Grace after the deadline (official: 2 s).
    pub grace: Duration,
    /// Thinking time of each in-process AI per round.
    pub ai_budget: Duration,
    /// How long the external programs have to connect.
    pub connect_timeout: Duration,
    /// Where to write the game log (golden JSON lines).
    pub log: Option<PathBuf>,
}

impl Default for HostedConfig {
    fn default() -> Self {
        HostedConfig {
            seed: 1,
            round_secs: (5, 15),
            grace: Duration::from_secs(2),
            ai_budget: Duration::from_millis(200),
            connect_timeout: Duration::from_secs(10),
            log: None,
        }
    }
}

/// How an external seat's game went (in-process AIs are always [`SeatEnd::Played`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatEnd {
    /// It played; alive or dead by the rules.
    Played,
    /// The program never connected within the connect time-out.
    NoConnection,
    /// It sent no answer before the deadline plus grace.
    Timeout,
    /// Its connection ended mid-game (the program exited, crashed or closed it) or it
    /// sent something undecodable.
    Crashed,
    /// Its answer was not a valid action, or it answered twice in one round.
    Invalid,
}

impl SeatEnd {
    /// Short name for results: `played`, `no-connection`, `timeout`, `crashed`, `invalid`.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatEnd::Played => "played",
            SeatEnd::NoConnection => "no-connection",
            SeatEnd::Timeout => "timeout",
            SeatEnd::Crashed => "crashed",
            SeatEnd::Invalid => "invalid",
        }
    }
}

/// One seat of a finished hosted game.
#[derive(Clone, Debug)]
pub struct HostedSeat {
    /// The seat's display name (AI spec or external name).
    pub name: String,
    /// How it went.
    pub end: SeatEnd,
    /// For external programs: how the process ended before it was killed (`exit code 0`,
    /// `running` …) and the last bytes of its standard error.
    pub process: Option<(String, String)>,
}

/// A finished hosted game.
#[derive(Clone, Debug)]
pub struct HostedGame {
    /// The server's summary (final state, rounds, log).
    pub summary: GameSummary,
    /// Per seat, in the order given.
    pub seats: Vec<HostedSeat>,
}

/// A started external program.
struct Client {
    group: procgroup::Group,
    stdout: Option<JoinHandle<String>>,
    stderr: Option<JoinHandle<String>>,
}

/// Plays one game between `specs` (seat `i` is player `i + 1`) on a loopback server and
/// kills every external program (with its process group) before returning.
pub fn play(specs: &[String], cfg: &HostedConfig) -> Result<HostedGame, NetError> {
    let entrants = specs
        .iter()
        .map(|s| entrant(s))
        .collect::<Result<Vec<_>, _>>()?;
    let n = entrants.len();
    if !(2..=6).contains(&n) {
        return Err(NetError::Connection(format!(
            "a game needs 2 to 6 players, got {n}"
        )));
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|source| NetError::Io {
            context: "starting the tokio runtime".into(),
            source,
        })?;
    let config = ServerConfig {
        players: Some(n),
        fill: Vec::new(),
        seed: cfg.seed,
        round_secs: cfg.round_secs,
        grace: cfg.grace,
        ai_budget: cfg.ai_budget,
        ..ServerConfig::default()
    };
    let server = runtime.block_on(Server::bind("127.0.0.1:0", config))?;
    let addr = server.local_addr()?;
    // The AI seeds as the direct (all in-process) game draws them: after the board.
    let mut rng = ChaCha8Rng::seed_from_u64(cfg.seed);
    random_setup(&mut rng, n);
    let mut seats = Vec::with_capacity(n);
    let clients: Arc<Mutex<Vec<Option<Client>>>> = Arc::new(Mutex::new(Vec::new()));
    let mut started = Vec::with_capacity(n);
    for (i, e) in entrants.iter().enumerate() {
        let seed = rng.next_u64();
        match e {
            Entrant::Bot(spec) => {
                seats.push(MatchSeat::Bot {
                    spec: spec.clone(),
                    seed,
                });
                started.push(None);
            }
            Entrant::External { command, .. } => {
                let key = format!("seat{}-{:016x}", i + 1, rand::random::<u64>());
                started.push(Some(start(command, addr, &key)));
                seats.push(MatchSeat::Client { key });
            }
        }
    }
    let mut start_errors = vec![None; n];
    {
        let mut list = clients.lock().unwrap_or_else(PoisonError::into_inner);
        for (i, s) in started.into_iter().enumerate() {
            list.push(match s {
                Some(Ok(c)) => Some(c),
                Some(Err(e)) => {
                    start_errors[i] = Some(e.to_string());
                    None
                }
                None => None,
            });
        }
    }
    let game = Match {
        seed: cfg.seed,
        seats,
        connect_timeout: cfg.connect_timeout,
        log: cfg.log.clone(),
    };
    let watched = clients.clone();
    let gone = move |i: usize| {
        let mut list = watched.lock().unwrap_or_else(PoisonError::into_inner);
        match list.get_mut(i).and_then(Option::as_mut) {
            Some(c) => c.group.child().try_wait().ok().flatten().is_some(),
            None => true, // it could not be started
        }
    };
    let result = runtime.block_on(server.run_match(game, gone));
    // End the game's processes whatever happened, then the server's tasks.
    let mut ended = Vec::with_capacity(n);
    {
        let mut list = clients.lock().unwrap_or_else(PoisonError::into_inner);
        for c in list.iter_mut() {
            ended.push(c.as_mut().map(|c| {
                let status = match c.group.child().try_wait() {
                    Ok(Some(s)) => match s.code() {
                        Some(code) => format!("exit code {code}"),
                        None => format!("ended by {s}"),
                    },
                    _ => "running".to_owned(),
                };
                c.group.kill();
                status
            }));
        }
    }
    runtime.shutdown_timeout(Duration::from_secs(1));
    let summary = result?;
    let mut list = clients.lock().unwrap_or_else(PoisonError::into_inner);
    let out = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let connected = summary.connected.get(i).copied().unwrap_or(true);
            let end = match summary.eliminated_by.get(i).copied().flatten() {
                _ if !connected => SeatEnd::NoConnection,
                Some(AnswerStatus::Missing) => SeatEnd::Timeout,
                Some(AnswerStatus::Closed) => SeatEnd::Crashed,
                Some(AnswerStatus::Invalid | AnswerStatus::Duplicate) => SeatEnd::Invalid,
                _ => SeatEnd::Played,
            };
            let (name, process) = match e {
                Entrant::Bot(spec) => (spec.clone(), None),
                Entrant::External { name, .. } => {
                    let stderr = list
                        .get_mut(i)
                        .and_then(Option::take)
                        .map(|mut c| {
                            if let Some(h) = c.stdout.take() {
                                finish(h);
                            }
                            c.stderr.take().map(finish).unwrap_or_default()
                        })
                        .unwrap_or_default();
                    let status = match (&start_errors[i], ended.get(i).cloned().flatten()) {
                        (Some(e), _) => format!("not started: {e}"),
                        (None, Some(s)) => s,
                        (None, None) => "not started".to_owned(),
                    };
                    (name.clone(), Some((status, stderr)))
                }
            };
            HostedSeat { name, end, process }
        })
        .collect();
    Ok(HostedGame {
        summary,
        seats: out,
    })
}

/// Starts `command` in its own process group with the competition's environment.
fn start(command: &str, addr: std::net::SocketAddr, key: &str) -> std::io::Result<Client> {
    let mut cmd = procgroup::Group::shell(command)?;
    cmd.env("URL", format!("ws://{addr}/spe_ed"))
        .env("KEY", key)
        .env("TIME_URL", format!("http://{addr}/spe_ed_time"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut group = procgroup::Group::spawn(&mut cmd)?;
    let child = group.child();
    let stdout = child.stdout.take().map(procgroup::read_tail);
    let stderr = child.stderr.take().map(procgroup::read_tail);
    Ok(Client {
        group,
        stdout,
        stderr,
    })
}

/// The tail a reader thread collected, waiting at most one second (a process that left
/// its group may keep the pipe open; its reader is then left behind).
fn finish(handle: JoinHandle<String>) -> String {
    let until = Instant::now() + Duration::from_secs(1);
    while !handle.is_finished() && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(10));
    }
    if handle.is_finished() {
        handle.join().unwrap_or_default()
    } else {
        String::new()
    }
}

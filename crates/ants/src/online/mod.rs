//! A client for the 2011-style Ants TCP game servers (`botforge ants online`): what the
//! community's `tcpclient.py` did, for any bot, bounded against a hostile server.
//!
//! One TCP connection is one game. [`run`] connects once per round (after the 2011
//! client's back-off, [`Backoff`]), logs in with `USER name password`, copies the
//! server's lines to the bot and the bot's answers to the server, and returns a
//! [`GameReport`] per round:
//!
//! * every line starting with `INFO:` is dropped (never given to the bot); the
//!   `INFO: game <id> <map> : ['a', 'b']` line gives the game id, map and seats, and an
//!   "already running" / "already queued" message adds the 2011 client's penalty to the
//!   next wait;
//! * the bot is in process (an [`crate::Bot`] run by [`crate::protocol::serve`] on its own
//!   thread) or an external program (`sh -c COMMAND` in its own process group,
//!   [`procgroup`]); both are read through [`procgroup::read_lines`], so a line is at most
//!   [`procgroup::MAX_LINE_BYTES`] and a turn at most [`MAX_TURN_LINES`] lines and
//!   [`MAX_TURN_BYTES`] bytes, from the bot and from the server alike;
//! * a bot's answer ends at `go` and is sent as its order lines and `go`; an answer that is
//!   only an empty line is sent as a bare `\r\n`, as `tcpclient.py` sends it; lines
//!   starting with `v` or `i` (the extended visualizer's commands) are never sent;
//! * both end forms are understood: the TCP server's `end`, `game <id>: <status> score:
//!   <score> turn: <turn>`, `go` (followed by the 2011 server's `end`, `you timed out.` and
//!   an empty line, which are read for the transcript and otherwise ignored), and the local
//!   engine's `end`, `players`/`score`/`status`/`playerturns`, state lines, `go`;
//! * the server's silence is bounded by [`ClientConfig::socket_timeout`] (240 s like
//!   `tcpclient.py`), the bot's by [`ClientConfig::bot_timeout`];
//! * everything received and sent is kept, with the turn, as a text transcript per game
//!   ([`Transcript`]), written atomically into [`ClientConfig::log_dir`] (password masked).
//!
//! [`Session`] is the network-free state machine (server lines and bot lines in, bytes to
//! send and the outcome out), so its handling of every server quirk is unit-testable.

use std::fmt::Write as _;
use std::io::{BufReader, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use procgroup::{Group, Line};

use crate::bot::Bot;
pub use crate::process::{MAX_TURN_BYTES, MAX_TURN_LINES};

mod bot;
mod session;

use bot::{Event, RunningBot, forward};
pub use session::{BotStep, ServerStep, Session, Transcript, parse_game_info};

/// The 2011 client's socket timeout: the longest silence of the server (240 s).
pub const SOCKET_TIMEOUT: Duration = Duration::from_mins(4);

/// Default [`ClientConfig::bot_timeout`]: the longest a bot may take for one answer (60 s;
/// the server's own deadline is usually far shorter and ends the game first).
pub const BOT_TIMEOUT: Duration = Duration::from_mins(1);

/// How long the lines after the end of a game (the 2011 server's `end`, `you timed out.`,
/// empty line) are read before the connection is closed.
pub const TRAILER_WAIT: Duration = Duration::from_secs(2);

/// Most lines read after the end of a game.
pub const TRAILER_LINES: usize = 64;

/// Most bytes a transcript keeps (64 MiB); later lines are counted, not kept.
pub const MAX_TRANSCRIPT_BYTES: usize = 64 * 1024 * 1024;

/// Most turns a game may have when the server announced none (`turns` of the setup caps
/// it otherwise, and never above this).
pub const MAX_TURNS: u32 = 100_000;

/// The longest login name or password the 2011 servers accept.
pub const MAX_LOGIN_LEN: usize = 32;

/// How long a stopped bot gets to exit before its process group is killed (as
/// `tcpclient.py`'s 0.5 s).
const BOT_EXIT_WAIT: Duration = Duration::from_millis(500);

/// The waits before each connection, as `tcpclient.py`: `wait` plus up to `jitter` at
/// random, plus a penalty of `busy` plus up to `busy_jitter` for every "already running" /
/// "already queued" message since the last game that started (the penalty is dropped when
/// a game starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backoff {
    /// Fixed wait before every connection.
    pub wait: Duration,
    /// Random extra wait (uniform in 0..jitter) before every connection.
    pub jitter: Duration,
    /// Fixed penalty per "already running/queued" message.
    pub busy: Duration,
    /// Random extra penalty (uniform in 0..busy_jitter) per such message.
    pub busy_jitter: Duration,
}

impl Backoff {
    /// `tcpclient.py`'s waits: 1 s + up to 5 s, and 10 s + up to 10 s per busy message.
    pub const TCPCLIENT: Backoff = Backoff {
        wait: Duration::from_secs(1),
        jitter: Duration::from_secs(5),
        busy: Duration::from_secs(10),
        busy_jitter: Duration::from_secs(10),
    };

    /// No waits at all (tests, a private server).
    pub const NONE: Backoff = Backoff {
        wait: Duration::ZERO,
        jitter: Duration::ZERO,
        busy: Duration::ZERO,
        busy_jitter: Duration::ZERO,
    };

    /// The wait before a connection: `wait + penalty + jitter·u` for `u` in `[0, 1)`.
    pub fn delay(&self, penalty: Duration, u: f64) -> Duration {
        self.wait
            .saturating_add(penalty)
            .saturating_add(part(self.jitter, u))
    }

    /// The penalty one busy message adds: `busy + busy_jitter·u` for `u` in `[0, 1)`.
    pub fn penalty(&self, u: f64) -> Duration {
        self.busy.saturating_add(part(self.busy_jitter, u))
    }
}

/// `d·u` for `u` clamped to `[0, 1]` (NaN counts as 0), never panicking.
fn part(d: Duration, u: f64) -> Duration {
    let u = if u.is_nan() { 0.0 } else { u.clamp(0.0, 1.0) };
    Duration::try_from_secs_f64(d.as_secs_f64() * u).unwrap_or(d)
}

impl Default for Backoff {
    fn default() -> Self {
        Backoff::TCPCLIENT
    }
}

/// Where and how to play.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// Server host name or address.
    pub host: String,
    /// Server game port (2081 on the 2011 servers).
    pub port: u16,
    /// Login name (letters, digits, `_`, at most 32).
    pub name: String,
    /// Password (letters, digits, `_`, at most 32); never written to a transcript.
    pub password: String,
    /// Connections to make, one game each (a rejected connection counts, as in
    /// `tcpclient.py`).
    pub rounds: u32,
    /// Folder of the transcripts (created when missing); `None` keeps none.
    pub log_dir: Option<PathBuf>,
    /// Longest silence of the server before the connection counts as lost; also the
    /// connect and write timeout.
    pub socket_timeout: Duration,
    /// Longest a bot may take for one answer.
    pub bot_timeout: Duration,
    /// The waits before each connection.
    pub backoff: Backoff,
}

impl ClientConfig {
    /// A config with one round, no transcripts and the 2011 client's timeouts and waits.
    pub fn new(host: &str, port: u16, name: &str, password: &str) -> ClientConfig {
        ClientConfig {
            host: host.to_owned(),
            port,
            name: name.to_owned(),
            password: password.to_owned(),
            rounds: 1,
            log_dir: None,
            socket_timeout: SOCKET_TIMEOUT,
            bot_timeout: BOT_TIMEOUT,
            backoff: Backoff::TCPCLIENT,
        }
    }

    /// The server as shown in results: `host:port`.
    pub fn server(&self) -> String {
        if self.host.contains(':') {
            format!("[{}]:{}", self.host, self.port)
        } else {
            format!("{}:{}", self.host, self.port)
        }
    }
}

/// A fresh in-process bot for each game.
pub type MakeBot = Box<dyn FnMut() -> Result<Box<dyn Bot>, String> + Send>;

/// The bot that plays.
pub enum OnlineBot {
    /// An in-process bot, built anew for every game by `make`.
    InProcess {
        /// Shown in results and transcripts.
        name: String,
        /// Builds the bot.
        make: MakeBot,
    },
    /// An external program, started anew for every game with `sh -c command` in its own
    /// process group (killed as a whole when the game ends).
    Command {
        /// Shown in results and transcripts.
        name: String,
        /// The shell command.
        command: String,
    },
}

impl OnlineBot {
    /// The bot's display name.
    pub fn name(&self) -> &str {
        match self {
            OnlineBot::InProcess { name, .. } | OnlineBot::Command { name, .. } => name,
        }
    }
}

impl std::fmt::Debug for OnlineBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OnlineBot::InProcess { name, .. } => write!(f, "InProcess({name})"),
            OnlineBot::Command { name, command } => write!(f, "Command({name}={command})"),
        }
    }
}

/// The end of a game as the server told it (either end form).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameResult {
    /// Our status (`survived`, `eliminated`, `crashed`, `timeout`, `invalid`), when told.
    pub status: Option<String>,
    /// Our score, when told.
    pub score: Option<i64>,
    /// The turn of our end (`turn:` of the TCP form, our `playerturns` of the local form).
    pub turn: Option<u32>,
    /// Every seat's score, our own first (local engine form only).
    pub scores: Vec<String>,
    /// Every seat's status, our own first (local engine form only).
    pub statuses: Vec<String>,
    /// Lines of the end block that are neither form (e.g. `you timed out.`).
    pub other: Vec<String>,
}

/// What became of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game reached its end (the server's `end` block).
    Ended(GameResult),
    /// The server refused the login (`INFO: <message>`, `end`, `go`). `busy` for "already
    /// running" / "already queued", after which the next round waits longer.
    Rejected {
        /// The server's message, without `INFO: `.
        message: String,
        /// An "already running" / "already queued" message.
        busy: bool,
    },
    /// The game did not reach its end: why (connection refused or lost, silence past the
    /// socket timeout, a protocol violation, the bot crashed or timed out).
    Lost(String),
}

/// One round: the game as this client saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameReport {
    /// 1-based round number.
    pub round: u32,
    /// `host:port`.
    pub server: String,
    /// The game id from `INFO: game …`, when the server sent it.
    pub game_id: Option<String>,
    /// The map file name from `INFO: game …`.
    pub map: Option<String>,
    /// The seats from `INFO: game …`, in order.
    pub players: Vec<String>,
    /// The last turn seen.
    pub turn: u32,
    /// The game's setup (`ready`) arrived.
    pub started: bool,
    /// What became of the round.
    pub outcome: Outcome,
    /// The transcript file, when written.
    pub transcript: Option<PathBuf>,
    /// Why the transcript could not be written.
    pub transcript_error: Option<String>,
}

impl GameReport {
    /// One line for a terminal: game, map, seats and the result.
    pub fn summary(&self) -> String {
        let mut s = match (&self.game_id, &self.map) {
            (Some(id), Some(map)) => format!("game {id} on {map}"),
            (Some(id), None) => format!("game {id}"),
            _ => format!("round {}", self.round),
        };
        if !self.players.is_empty() {
            let _ = write!(s, " ({})", self.players.join(", "));
        }
        match &self.outcome {
            Outcome::Ended(r) => {
                let _ = write!(
                    s,
                    ": {}",
                    r.status.as_deref().unwrap_or("ended (no status given)")
                );
                if let Some(score) = r.score {
                    let _ = write!(s, ", score {score}");
                }
                let _ = write!(s, ", turn {}", r.turn.unwrap_or(self.turn));
                if r.scores.len() > 1 {
                    let _ = write!(s, "; all scores {}", r.scores.join(" "));
                }
                if r.statuses.len() > 1 {
                    let _ = write!(s, "; all statuses {}", r.statuses.join(" "));
                }
                if !r.other.is_empty() {
                    let _ = write!(s, " (server: {})", r.other.join(" / "));
                }
            }
            Outcome::Rejected { message, busy } => {
                let _ = write!(s, ": rejected by the server: {message}");
                if *busy {
                    s.push_str(" (the next round waits longer)");
                }
            }
            Outcome::Lost(why) => {
                let _ = write!(s, ": lost at turn {}: {why}", self.turn);
            }
        }
        s
    }
}

/// A client could not start.
#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    /// The login name or password breaks the 2011 rules.
    #[error("{0}")]
    Login(String),
}

/// Checks a login name or password against the 2011 rules: 1 to 32 letters, digits or `_`.
pub fn check_login(what: &str, value: &str) -> Result<(), OnlineError> {
    if value.is_empty()
        || value.len() > MAX_LOGIN_LEN
        || !value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Err(OnlineError::Login(format!(
            "the {what} must be 1 to {MAX_LOGIN_LEN} ASCII letters, digits or `_` (the 2011 servers' rule)"
        )));
    }
    Ok(())
}

/// What the caller sees of a run: the waits (sleeping is up to it, so tests need not
/// wait) and each round's report as soon as it is known.
pub trait Observer {
    /// Called before a connection with the back-off wait; the default sleeps.
    fn wait(&mut self, round: u32, delay: Duration) {
        let _ = round;
        thread::sleep(delay);
    }

    /// Called with each round's report.
    fn game(&mut self, report: &GameReport);
}

/// Plays `config.rounds` rounds with `bot`, one connection each. Stops early after a
/// rejection that is not "already running/queued" (a wrong password stays wrong).
pub fn run(
    config: &ClientConfig,
    bot: &mut OnlineBot,
    observer: &mut dyn Observer,
) -> Result<Vec<GameReport>, OnlineError> {
    check_login("name", &config.name)?;
    check_login("password", &config.password)?;
    let mut reports = Vec::new();
    let mut penalty = Duration::ZERO;
    for round in 1..=config.rounds {
        observer.wait(round, config.backoff.delay(penalty, rand::random::<f64>()));
        let report = play_round(config, bot, round);
        match &report.outcome {
            Outcome::Rejected { busy: true, .. } => {
                penalty = penalty.saturating_add(config.backoff.penalty(rand::random::<f64>()));
            }
            Outcome::Ended(_) => penalty = Duration::ZERO,
            Outcome::Lost(_) if report.started => penalty = Duration::ZERO,
            _ => {}
        }
        observer.game(&report);
        let fatal = matches!(report.outcome, Outcome::Rejected { busy: false, .. });
        reports.push(report);
        if fatal {
            break;
        }
    }
    Ok(reports)
}

/// Connects to the first address of `host:port` that answers within `timeout`.
fn connect(host: &str, port: u16, timeout: Duration) -> Result<TcpStream, String> {
    let addrs = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {host}: {e}"))?;
    let mut last = format!("{host} has no address");
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, timeout) {
            Ok(s) => return Ok(s),
            Err(e) => last = format!("cannot connect to {addr}: {e}"),
        }
    }
    Err(last)
}

/// Plays one round: connect, log in, play, write the transcript.
fn play_round(config: &ClientConfig, bot: &mut OnlineBot, round: u32) -> GameReport {
    let started = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let mut session = Session::new();
    session.transcript.comment(&format!(
        "botforge ants online transcript: server {}, login {}, bot {}, round {round}, started at unix time {}",
        config.server(),
        config.name,
        bot.name(),
        started.as_secs()
    ));
    session.transcript.comment(
        "columns: turn, mark (< from the server to the bot, <- from the server not given to the bot, > sent to the server, >- from the bot not sent, ! client note), line",
    );
    let outcome = play_connection(config, bot, &mut session);
    let mut report = GameReport {
        round,
        server: config.server(),
        game_id: session.game.as_ref().map(|g| g.0.clone()),
        map: session.game.as_ref().map(|g| g.1.clone()),
        players: session
            .game
            .as_ref()
            .map(|g| g.2.clone())
            .unwrap_or_default(),
        turn: session.turn,
        started: session.started(),
        outcome,
        transcript: None,
        transcript_error: None,
    };
    session.note(&format!("result: {}", report.summary()));
    if let Some(dir) = &config.log_dir {
        match write_transcript(dir, config, &report, started, &session.transcript) {
            Ok(path) => report.transcript = Some(path),
            Err(e) => report.transcript_error = Some(e),
        }
    }
    report
}

/// Keeps the characters of `s` safe in a file name (others become `_`).
fn file_part(s: &str) -> String {
    s.chars()
        .take(64)
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Writes the transcript as `HOST_PORT-game-ID-NAME.log` (no game id:
/// `HOST_PORT-UNIXMS-roundN-NAME.log`), never over an existing file: the name is reserved
/// with a new empty file first (`-2`, `-3`, … when taken), so clients sharing a folder
/// never overwrite each other, then filled atomically.
fn write_transcript(
    dir: &Path,
    config: &ClientConfig,
    report: &GameReport,
    started: Duration,
    transcript: &Transcript,
) -> Result<PathBuf, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let server = format!("{}_{}", file_part(&config.host), config.port);
    let name = file_part(&config.name);
    let stem = match &report.game_id {
        Some(id) => format!("{server}-game-{}-{name}", file_part(id)),
        None => format!(
            "{server}-{}-round{}-{name}",
            started.as_millis(),
            report.round
        ),
    };
    let mut k = 1;
    let path = loop {
        let path = if k == 1 {
            dir.join(format!("{stem}.log"))
        } else {
            dir.join(format!("{stem}-{k}.log"))
        };
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => break path,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && k < 1000 => k += 1,
            Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
        }
    };
    outfile::write(&path, transcript.text().as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// Starts the bot, connects and plays one game.
fn play_connection(config: &ClientConfig, bot: &mut OnlineBot, session: &mut Session) -> Outcome {
    let (events_tx, events) = mpsc::sync_channel::<Event>(64);
    // The bot starts before the connection (as in `tcpclient.py`, its start-up time does
    // not count against the server's load time), so one that cannot start costs the
    // server nothing.
    let mut running = match RunningBot::start(bot, &events_tx) {
        Ok(r) => r,
        Err(e) => {
            session.note(&e);
            return Outcome::Lost(e);
        }
    };
    let mut stream = match connect(&config.host, config.port, config.socket_timeout) {
        Ok(s) => s,
        Err(e) => {
            session.note(&e);
            running.stop();
            return Outcome::Lost(e);
        }
    };
    let _ = stream.set_nodelay(true);
    let _ = stream.set_write_timeout(Some(config.socket_timeout));
    match stream.try_clone() {
        Ok(reader) => forward(
            procgroup::read_lines(reader),
            events_tx.clone(),
            Event::Server,
        ),
        Err(e) => {
            running.stop();
            return Outcome::Lost(format!("socket: {e}"));
        }
    }
    drop(events_tx);
    let outcome = converse(config, session, &mut stream, &events, &mut running);
    let _ = stream.shutdown(Shutdown::Both);
    let how = running.stop();
    let outcome = match outcome {
        Outcome::Lost(why) if why.starts_with("the bot") => {
            Outcome::Lost(format!("{why}; the bot {how}"))
        }
        o => o,
    };
    if how != "stopped" && how != "exited (exit status: 0)" {
        session.note(&format!("the bot {how}"));
    }
    outcome
}

/// The message loop of one connection.
fn converse(
    config: &ClientConfig,
    session: &mut Session,
    stream: &mut TcpStream,
    events: &Receiver<Event>,
    bot: &mut RunningBot,
) -> Outcome {
    if let Err(e) = stream.write_all(&session.login(&config.name, &config.password)) {
        let why = format!("cannot send the login: {e}");
        session.note(&why);
        return Outcome::Lost(why);
    }
    let mut bot_deadline = Instant::now();
    loop {
        let (wait, waiting_for_bot) = if session.asking() {
            (bot_deadline.saturating_duration_since(Instant::now()), true)
        } else {
            (config.socket_timeout, false)
        };
        let event = match events.recv_timeout(wait) {
            Ok(e) => e,
            Err(RecvTimeoutError::Timeout) => {
                let why = if waiting_for_bot {
                    format!(
                        "the bot did not answer turn {} within {} ms",
                        session.turn,
                        config.bot_timeout.as_millis()
                    )
                } else if session.started() {
                    format!(
                        "the server sent nothing for {} ms (socket timeout)",
                        config.socket_timeout.as_millis()
                    )
                } else {
                    format!(
                        "no game started within {} ms (socket timeout)",
                        config.socket_timeout.as_millis()
                    )
                };
                session.note(&why);
                return Outcome::Lost(why);
            }
            Err(RecvTimeoutError::Disconnected) => {
                let why = "the connection and the bot both closed".to_owned();
                session.note(&why);
                return Outcome::Lost(why);
            }
        };
        match event {
            Event::Server(Line::Text(line)) => match session.server_line(&line) {
                ServerStep::Continue => {}
                ServerStep::AskBot(text) => {
                    bot.send(text);
                    let now = Instant::now();
                    // A deadline past what an `Instant` holds is a year away.
                    bot_deadline = now
                        .checked_add(config.bot_timeout)
                        .unwrap_or(now + Duration::from_hours(365 * 24));
                    if let Some(step) = session.early_answer()
                        && let Some(outcome) = answer(session, stream, step)
                    {
                        return outcome;
                    }
                }
                ServerStep::Finished(text) => {
                    bot.send(text);
                    read_trailer(session, events);
                    return session
                        .outcome()
                        .unwrap_or_else(|| Outcome::Lost("no end".to_owned()));
                }
                ServerStep::Violation(why) => return Outcome::Lost(why),
            },
            Event::Server(Line::TooLong) => {
                let why = format!(
                    "the server sent a line longer than {} bytes",
                    procgroup::MAX_LINE_BYTES
                );
                session.note(&why);
                return Outcome::Lost(why);
            }
            Event::Server(Line::Eof) => {
                if let Some(outcome) = session.outcome() {
                    session.note("the server closed the connection (no `go` after `end`)");
                    return outcome;
                }
                let why = if session.started() {
                    "the server closed the connection before the game ended".to_owned()
                } else {
                    "the server closed the connection before the game started".to_owned()
                };
                session.note(&why);
                return Outcome::Lost(why);
            }
            Event::Bot(Line::Text(line)) => {
                let step = session.bot_line(&line);
                if let Some(outcome) = answer(session, stream, step) {
                    return outcome;
                }
            }
            Event::Bot(Line::TooLong) => {
                let why = format!(
                    "the bot wrote a line longer than {} bytes at turn {}",
                    procgroup::MAX_LINE_BYTES,
                    session.turn
                );
                session.note(&why);
                return Outcome::Lost(why);
            }
            Event::Bot(Line::Eof) => {
                let why = format!("the bot ended its output at turn {}", session.turn);
                session.note(&why);
                return Outcome::Lost(why);
            }
        }
    }
}

/// Sends a complete answer; `Some` ends the connection.
fn answer(session: &mut Session, stream: &mut TcpStream, step: BotStep) -> Option<Outcome> {
    match step {
        BotStep::Continue => None,
        BotStep::Send(bytes) => match stream.write_all(&bytes) {
            Ok(()) => None,
            Err(e) => {
                let why = format!("cannot send to the server: {e}");
                session.note(&why);
                Some(Outcome::Lost(why))
            }
        },
        BotStep::Violation(why) => {
            session.note(&why);
            Some(Outcome::Lost(why))
        }
    }
}

/// Reads what the server writes after the end of the game (the 2011 server's `end`,
/// `you timed out.`, empty line) for at most [`TRAILER_WAIT`] and [`TRAILER_LINES`] lines.
fn read_trailer(session: &mut Session, events: &Receiver<Event>) {
    let deadline = Instant::now() + TRAILER_WAIT;
    let mut lines = 0;
    while lines < TRAILER_LINES {
        let wait = deadline.saturating_duration_since(Instant::now());
        match events.recv_timeout(wait) {
            Ok(Event::Server(Line::Text(l))) => {
                lines += 1;
                session.server_line(&l);
            }
            Ok(Event::Bot(Line::Text(l))) => {
                session.bot_line(&l);
            }
            Ok(Event::Bot(_)) => {}
            Ok(Event::Server(_)) | Err(_) => break,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn feed(s: &mut Session, text: &str) -> Vec<ServerStep> {
        text.lines().map(|l| s.server_line(l)).collect()
    }

    #[test]
    fn a_tcp_game_with_info_lines_and_the_quirk_trailer() {
        let mut s = Session::new();
        assert_eq!(s.login("alice", "pw"), b"USER alice pw\n");
        let steps = feed(
            &mut s,
            "INFO: game 7 maze_p02_01.map : ['alice', 'bob']\nturn 0\nloadtime 5000\nturntime 500\nrows 10\ncols 10\nturns 5\nready",
        );
        assert_eq!(
            steps.last(),
            Some(&ServerStep::AskBot(
                "turn 0\nloadtime 5000\nturntime 500\nrows 10\ncols 10\nturns 5\nready\n"
                    .to_owned()
            ))
        );
        assert_eq!(
            s.game,
            Some((
                "7".into(),
                "maze_p02_01.map".into(),
                vec!["alice".into(), "bob".into()]
            ))
        );
        assert_eq!(s.bot_line("go"), BotStep::Send(b"go\n".to_vec()));
        let steps = feed(&mut s, "turn 1\na 1 1 0\nINFO: ignored o 9 9 n\nf 2 2\ngo");
        assert_eq!(
            steps.last(),
            Some(&ServerStep::AskBot(
                "turn 1\na 1 1 0\nf 2 2\ngo\n".to_owned()
            ))
        );
        assert_eq!(s.bot_line("v setLineColor 1 2 3 0.5"), BotStep::Continue);
        assert_eq!(s.bot_line("i 1 1 hello"), BotStep::Continue);
        assert_eq!(s.bot_line("o 1 1 n"), BotStep::Continue);
        assert_eq!(s.bot_line("GO"), BotStep::Send(b"o 1 1 n\ngo\n".to_vec()));
        feed(&mut s, "turn 2\ngo");
        assert_eq!(s.bot_line(""), BotStep::Send(b"\r\n".to_vec()));
        let steps = feed(
            &mut s,
            "end\ngame 7: survived score: 3 turn: 2\ngo\nend\nyou timed out.\n",
        );
        assert_eq!(
            steps[2],
            ServerStep::Finished("end\ngame 7: survived score: 3 turn: 2\ngo\n".to_owned())
        );
        assert_eq!(
            s.outcome(),
            Some(Outcome::Ended(GameResult {
                status: Some("survived".into()),
                score: Some(3),
                turn: Some(2),
                ..GameResult::default()
            }))
        );
        let text = s.transcript.text();
        assert!(text.contains("   0 >  USER alice *"), "{text}");
        assert!(text.contains("   1 <- INFO: ignored o 9 9 n"), "{text}");
        assert!(text.contains("   1 >- v setLineColor"), "{text}");
        assert!(text.contains("   2 <- you timed out."), "{text}");
    }

    #[test]
    fn lines_written_before_the_question_answer_the_next_turn() {
        let mut s = Session::new();
        assert_eq!(s.bot_line("o 1 1 n"), BotStep::Continue);
        assert_eq!(s.bot_line("go"), BotStep::Continue);
        assert_eq!(s.bot_line("go"), BotStep::Continue);
        feed(&mut s, "turn 0\nready");
        assert_eq!(
            s.early_answer(),
            Some(BotStep::Send(b"o 1 1 n\ngo\n".to_vec()))
        );
        feed(&mut s, "turn 1\ngo");
        assert_eq!(s.early_answer(), Some(BotStep::Send(b"go\n".to_vec())));
        feed(&mut s, "turn 2\ngo");
        assert_eq!(s.early_answer(), None);
        assert_eq!(s.bot_line("  "), BotStep::Send(b"\r\n".to_vec()));
    }

    #[test]
    fn rejections_and_the_local_end_form() {
        let mut s = Session::new();
        feed(&mut s, "INFO: alice is already queued for game 3\nend\ngo");
        assert_eq!(
            s.outcome(),
            Some(Outcome::Rejected {
                message: "alice is already queued for game 3".into(),
                busy: true
            })
        );
        let mut s = Session::new();
        feed(&mut s, "turn 0\nready");
        s.bot_line("go");
        feed(
            &mut s,
            "turn 1\ngo\nend\nplayers 2\nscore 1 4\nstatus eliminated survived\nplayerturns 1 1\na 1 1 1\ngo",
        );
        let Some(Outcome::Ended(r)) = s.outcome() else {
            panic!("no end")
        };
        assert_eq!(r.status.as_deref(), Some("eliminated"));
        assert_eq!(r.score, Some(1));
        assert_eq!(r.scores, ["1", "4"]);
        assert_eq!(r.statuses, ["eliminated", "survived"]);
    }

    #[test]
    fn server_violations_are_bounded() {
        let mut s = Session::new();
        feed(&mut s, "turn 0\nturns 3\nready");
        s.bot_line("go");
        assert!(matches!(s.server_line("turn 9"), ServerStep::Violation(_)));
        let mut s = Session::new();
        feed(&mut s, "turn 0\nready");
        assert!(matches!(s.server_line("turn 1"), ServerStep::Violation(_)));
        let mut s = Session::new();
        let mut last = ServerStep::Continue;
        for _ in 0..=MAX_TURN_LINES {
            last = s.server_line("f 1 1");
        }
        assert!(matches!(last, ServerStep::Violation(_)));
        assert!(s.over());
    }

    #[test]
    fn game_info_lines_parse() {
        assert_eq!(
            parse_game_info("game 12 a b.map : [\"x\", 'house:champion']"),
            Some((
                "12".into(),
                "a b.map".into(),
                vec!["x".into(), "house:champion".into()]
            ))
        );
        assert_eq!(parse_game_info("gamer"), None);
        assert_eq!(parse_game_info("game 3").map(|g| g.0), Some("3".to_owned()));
    }

    #[test]
    fn backoff_follows_tcpclient() {
        let b = Backoff::TCPCLIENT;
        assert_eq!(b.delay(Duration::ZERO, 0.0), Duration::from_secs(1));
        assert_eq!(b.delay(Duration::ZERO, 0.5), Duration::from_millis(3500));
        assert_eq!(b.penalty(1.0), Duration::from_secs(20));
        assert_eq!(b.penalty(f64::NAN), Duration::from_secs(10));
        let huge = Backoff {
            wait: Duration::MAX,
            jitter: Duration::MAX,
            busy: Duration::MAX,
            busy_jitter: Duration::MAX,
        };
        assert_eq!(huge.delay(Duration::MAX, 0.7), Duration::MAX);
        assert_eq!(huge.penalty(2.0), Duration::MAX);
        assert!(check_login("name", "bob_1").is_ok());
        assert!(check_login("name", "bob 1").is_err());
        assert!(check_login("password", &"x".repeat(33)).is_err());
    }
}

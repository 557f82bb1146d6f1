//! External bots as child processes (spec §5.1, §5.4): started through the shell, fed over
//! stdin by a writer thread and read over stdout by a reader thread, so a bot that stops
//! reading or writing can never stall the engine.

use std::io::{Read, Write};
use std::process::Stdio;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use procgroup::{Group, Line};

/// Most lines accepted from a bot in one turn (more than the ants of a full 200×200 map).
pub const MAX_TURN_LINES: usize = 65_536;

/// Most bytes accepted from a bot in one turn (4 MiB).
pub const MAX_TURN_BYTES: usize = 4 * 1024 * 1024;

/// The outcome of waiting for a bot's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The bot sent `go`; these are the lines before it.
    Go(Vec<String>),
    /// No `go` before the deadline, or no `go` within the output bounds (a line longer
    /// than `procgroup::MAX_LINE_BYTES`, more than [`MAX_TURN_LINES`] lines or
    /// [`MAX_TURN_BYTES`] bytes): the engine removes the bot as for a missed deadline.
    Timeout,
    /// The process ended (or its output closed).
    Crashed,
}

/// Waits until `deadline` for a `go` line (any case) on `lines` (a
/// [`procgroup::read_lines`] queue of a process's stdout or a socket) and returns the lines
/// before it. Lines after `go` stay queued. Output beyond the per-turn bounds
/// ([`MAX_TURN_LINES`], [`MAX_TURN_BYTES`]) or a line longer than
/// `procgroup::MAX_LINE_BYTES` is [`Reply::Timeout`]; the end of the stream is
/// [`Reply::Crashed`]. With `blank_is_go`, an empty line before any other line is the
/// whole answer (no orders), as the 2011 TCP client sends when its bot printed nothing.
pub fn receive_lines(lines_in: &Receiver<Line>, deadline: Instant, blank_is_go: bool) -> Reply {
    receive_lines_while(lines_in, deadline, blank_is_go, || true)
}

/// How often [`receive_lines_while`] asks whether the writer is still there.
const ALIVE_POLL: Duration = Duration::from_millis(20);

/// What a writer that is gone may still have in flight: lines already in the pipe are
/// taken for this long after `alive` turned false.
const GONE_GRACE: Duration = Duration::from_millis(50);

/// [`receive_lines`] that also asks `alive` every 20 ms whether the writer (the bot's
/// process) still runs: once it does not, the lines already on their way are taken for
/// 50 ms more and a missing `go` is [`Reply::Crashed`] at once — not a [`Reply::Timeout`]
/// at the deadline, when a child of the bot keeps its stdout open.
pub fn receive_lines_while(
    lines_in: &Receiver<Line>,
    deadline: Instant,
    blank_is_go: bool,
    mut alive: impl FnMut() -> bool,
) -> Reply {
    let mut lines = Vec::new();
    let mut bytes = 0_usize;
    let mut deadline = deadline;
    let mut gone = false;
    loop {
        let now = Instant::now();
        // Past the deadline only what is already queued counts (bounded by the per-turn
        // limits below), so a bot that never stops printing still times out.
        let event = if now >= deadline {
            match lines_in.try_recv() {
                Ok(e) => e,
                Err(TryRecvError::Empty) if gone => return Reply::Crashed,
                Err(TryRecvError::Empty) => return Reply::Timeout,
                Err(TryRecvError::Disconnected) => return Reply::Crashed,
            }
        } else {
            match lines_in.recv_timeout((deadline - now).min(ALIVE_POLL)) {
                Ok(e) => e,
                Err(RecvTimeoutError::Timeout) => {
                    if !gone && !alive() {
                        gone = true;
                        deadline = deadline.min(Instant::now() + GONE_GRACE);
                    }
                    continue;
                }
                Err(RecvTimeoutError::Disconnected) => return Reply::Crashed,
            }
        };
        match event {
            Line::Text(l) if l.trim().eq_ignore_ascii_case("go") => return Reply::Go(lines),
            Line::Text(l) if blank_is_go && lines.is_empty() && l.trim().is_empty() => {
                return Reply::Go(lines);
            }
            Line::Text(l) => {
                bytes += l.len() + 1;
                lines.push(l);
                if lines.len() > MAX_TURN_LINES || bytes > MAX_TURN_BYTES {
                    return Reply::Timeout;
                }
            }
            Line::TooLong => return Reply::Timeout,
            Line::Eof => return Reply::Crashed,
        }
    }
}

/// A running external bot.
pub struct ProcessBot {
    name: String,
    child: Group,
    to_bot: Option<Sender<String>>,
    from_bot: Option<Receiver<Line>>,
    stderr_tail: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
    stderr_reader: Option<thread::JoinHandle<()>>,
}

/// How long [`ProcessBot::kill`] waits for the last of a killed bot's stderr.
const STDERR_DRAIN: Duration = Duration::from_millis(200);

impl std::fmt::Debug for ProcessBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProcessBot")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

pub use procgroup::{check_command, command_name};

const STDERR_KEEP: usize = 16 * 1024;

impl ProcessBot {
    /// Starts `command` with `sh -c` in a new process group (killed as a whole).
    pub fn spawn(command: &str) -> std::io::Result<ProcessBot> {
        let mut child = Group::spawn_shell(command, Stdio::piped())?;
        let c = child.child();
        let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
            (c.stdin.take(), c.stdout.take(), c.stderr.take())
        else {
            child.kill();
            return Err(std::io::Error::other("child pipes unavailable"));
        };
        let (to_bot, writer_rx) = mpsc::channel::<String>();
        thread::spawn(move || {
            for msg in writer_rx {
                if stdin
                    .write_all(msg.as_bytes())
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        let from_bot = procgroup::read_lines(stdout);
        let stderr_tail = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let tail = stderr_tail.clone();
        let stderr_reader = thread::spawn(move || {
            let mut chunk = [0_u8; 4096];
            while let Ok(k) = stderr.read(&mut chunk) {
                if k == 0 {
                    break;
                }
                if let Ok(mut t) = tail.lock() {
                    t.extend_from_slice(&chunk[..k]);
                    let excess = t.len().saturating_sub(STDERR_KEEP);
                    t.drain(..excess);
                }
            }
        });
        Ok(ProcessBot {
            name: command_name(command),
            child,
            to_bot: Some(to_bot),
            from_bot: Some(from_bot),
            stderr_tail,
            stderr_reader: Some(stderr_reader),
        })
    }

    /// The bot's display name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True while the process has not exited.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.child().try_wait(), Ok(None))
    }

    /// Queues a message for the bot (never blocks).
    pub fn send(&mut self, text: &str) {
        if let Some(tx) = &self.to_bot {
            let _ = tx.send(text.to_owned());
        }
    }

    /// Waits until `deadline` for the bot's `go` (spec §5.4). Lines received after `go`
    /// stay queued for the next call. Output beyond the per-turn bounds, or a line longer
    /// than `procgroup::MAX_LINE_BYTES`, ends the turn as [`Reply::Timeout`]; a bot whose
    /// process has ended (or closed its stdout) without `go` is [`Reply::Crashed`] at once.
    pub fn receive(&mut self, deadline: Instant) -> Reply {
        let child = &mut self.child;
        match &self.from_bot {
            Some(from_bot) => receive_lines_while(from_bot, deadline, false, || {
                matches!(child.child().try_wait(), Ok(None))
            }),
            None => Reply::Crashed,
        }
    }

    /// The last bytes the bot wrote to stderr.
    pub fn stderr_tail(&self) -> String {
        self.stderr_tail
            .lock()
            .map(|t| String::from_utf8_lossy(&t).into_owned())
            .unwrap_or_default()
    }

    /// Closes stdin, stops reading and kills the bot's whole process group; then waits up
    /// to 200 ms for the rest of its stderr, so [`ProcessBot::stderr_tail`] holds the
    /// bot's last words.
    pub fn kill(&mut self) {
        self.to_bot = None;
        self.from_bot = None;
        self.child.kill();
        if let Some(reader) = self.stderr_reader.take() {
            let until = Instant::now() + STDERR_DRAIN;
            while !reader.is_finished() && Instant::now() < until {
                thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

impl Drop for ProcessBot {
    fn drop(&mut self) {
        self.kill();
    }
}

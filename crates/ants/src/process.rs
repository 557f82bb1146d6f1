//! External bots as child processes (spec §5.1, §5.4): started through the shell, fed over
//! stdin by a writer thread and read over stdout by a reader thread, so a bot that stops
//! reading or writing can never stall the engine.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::Instant;

/// A line from the bot, or the end of its output.
enum Event {
    Line(String),
    Eof,
}

/// The outcome of waiting for a bot's reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// The bot sent `go`; these are the lines before it.
    Go(Vec<String>),
    /// No `go` before the deadline.
    Timeout,
    /// The process ended (or its output closed).
    Crashed,
}

/// A running external bot.
pub struct ProcessBot {
    name: String,
    child: Child,
    to_bot: Option<Sender<String>>,
    from_bot: Receiver<Event>,
    stderr_tail: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl std::fmt::Debug for ProcessBot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProcessBot")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

/// The display name of a bot command: the base name of its last token that names an
/// existing path (as the official replay's `playernames`), else the whole command.
pub fn command_name(command: &str) -> String {
    command
        .split_whitespace()
        .rev()
        .find(|t| std::path::Path::new(t).exists())
        .and_then(|t| std::path::Path::new(t).file_name())
        .map_or_else(|| command.to_owned(), |n| n.to_string_lossy().into_owned())
}

const STDERR_KEEP: usize = 16 * 1024;

impl ProcessBot {
    /// Starts `command` with `sh -c`.
    pub fn spawn(command: &str) -> std::io::Result<ProcessBot> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
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
        let (reader_tx, from_bot) = mpsc::channel();
        thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf);
                        let line = text
                            .trim_end_matches('\n')
                            .trim_end_matches('\r')
                            .to_owned();
                        if reader_tx.send(Event::Line(line)).is_err() {
                            return;
                        }
                    }
                }
            }
            let _ = reader_tx.send(Event::Eof);
        });
        let stderr_tail = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let tail = stderr_tail.clone();
        thread::spawn(move || {
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
            from_bot,
            stderr_tail,
        })
    }

    /// The bot's display name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// True while the process has not exited.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Queues a message for the bot (never blocks).
    pub fn send(&mut self, text: &str) {
        if let Some(tx) = &self.to_bot {
            let _ = tx.send(text.to_owned());
        }
    }

    /// Waits until `deadline` for the bot's `go` (spec §5.4). Lines received after `go`
    /// stay queued for the next call.
    pub fn receive(&mut self, deadline: Instant) -> Reply {
        let mut lines = Vec::new();
        loop {
            let now = Instant::now();
            let event = if now >= deadline {
                match self.from_bot.try_recv() {
                    Ok(e) => e,
                    Err(TryRecvError::Empty) => return Reply::Timeout,
                    Err(TryRecvError::Disconnected) => return Reply::Crashed,
                }
            } else {
                match self.from_bot.recv_timeout(deadline - now) {
                    Ok(e) => e,
                    Err(RecvTimeoutError::Timeout) => continue,
                    Err(RecvTimeoutError::Disconnected) => return Reply::Crashed,
                }
            };
            match event {
                Event::Line(l) if l.trim().eq_ignore_ascii_case("go") => return Reply::Go(lines),
                Event::Line(l) => lines.push(l),
                Event::Eof => return Reply::Crashed,
            }
        }
    }

    /// The last bytes the bot wrote to stderr.
    pub fn stderr_tail(&self) -> String {
        self.stderr_tail
            .lock()
            .map(|t| String::from_utf8_lossy(&t).into_owned())
            .unwrap_or_default()
    }

    /// Closes stdin and kills the process.
    pub fn kill(&mut self) {
        self.to_bot = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for ProcessBot {
    fn drop(&mut self) {
        self.kill();
    }
}

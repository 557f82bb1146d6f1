//! External bot processes that cannot outlive their game or flood the engine.
//!
//! [`Group::spawn_shell`] starts `sh -c COMMAND` as the leader of a new process group;
//! [`Group::kill`] (also on drop) kills the whole group, so the bot's own children go too.
//! Every live group is listed, so a signal handler can end them all with [`kill_all`].
//! A group also dies when botforge dies without running any handler (SIGKILL, the OOM
//! killer): each group has a watchdog, a tiny `sh` that blocks reading a pipe whose only
//! writer is botforge; the kernel closes that pipe when botforge ends in any way, and the
//! watchdog then kills the group. A descendant that leaves the group (`setsid`, `setpgid`)
//! escapes both; see `docs/limits.md`.
//! [`read_lines`] reads a pipe on a thread into a bounded queue with a bounded line length;
//! [`read_tail`] drains a pipe keeping only its last bytes. [`command_name`] names an
//! external program in results.

use std::io::{ErrorKind, Read};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver};

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;

/// The longest line read from a bot, newline excluded (64 KiB).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// Lines queued between a reader thread and the engine; a bot that writes faster than the
/// engine reads blocks on its pipe instead of growing the queue.
pub const QUEUE_LINES: usize = 1024;

/// Process groups started here and not yet killed.
static LIVE: Mutex<Vec<i32>> = Mutex::new(Vec::new());

fn live() -> std::sync::MutexGuard<'static, Vec<i32>> {
    LIVE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A shell command running as the leader of its own process group.
#[derive(Debug)]
pub struct Group {
    child: Child,
    pgid: Option<i32>,
    watchdog: Option<Child>,
}

/// Starts the watchdog of group `pgid`: `sh` reading its stdin, a pipe whose write end only
/// this process holds (close-on-exec, so no other child inherits it). End of input means
/// botforge is gone: the watchdog kills the group. `None` when it cannot start (the group
/// then still dies on [`Group::kill`] and [`kill_all`]).
fn watchdog(pgid: i32) -> Option<Child> {
    Command::new("sh")
        .arg("-c")
        .arg(format!("read _line; kill -9 -{pgid} 2>/dev/null"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .ok()
}

impl Group {
    /// Starts `sh -c command` in a new process group with piped stdin and stdout and the
    /// given stderr. An empty command is refused.
    pub fn spawn_shell(command: &str, stderr: Stdio) -> std::io::Result<Group> {
        let mut cmd = Group::shell(command)?;
        cmd.stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        Group::spawn(&mut cmd)
    }

    /// `sh -c command` for [`Group::spawn`], after [`check_command`]; the caller adds the
    /// environment and standard streams. A simple command (see [`exec_form`]) is run as
    /// `sh -c 'exec command'`: the program replaces the shell, so the group leader is the
    /// bot itself, and its exit or the close of its stdout is seen at once (no shell holding
    /// the pipes open).
    pub fn shell(command: &str) -> std::io::Result<Command> {
        check_command(command)
            .map_err(|e| std::io::Error::new(ErrorKind::InvalidInput, e.to_string()))?;
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(exec_form(command));
        Ok(cmd)
    }

    /// Starts `command` as the leader of a new process group.
    pub fn spawn(command: &mut Command) -> std::io::Result<Group> {
        let child = command.process_group(0).spawn()?;
        let pgid = i32::try_from(child.id()).ok();
        if let Some(g) = pgid {
            live().push(g);
        }
        Ok(Group {
            child,
            pgid,
            watchdog: pgid.and_then(watchdog),
        })
    }

    /// The process group id (the leader's pid) while the group was not killed.
    pub fn pgid(&self) -> Option<i32> {
        self.pgid
    }

    /// The leader process (the shell).
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// Kills the whole process group and reaps the leader. Safe to call twice.
    pub fn kill(&mut self) {
        // The watchdog goes first: it must never outlive the group, whose id may be reused.
        if let Some(mut w) = self.watchdog.take() {
            let _ = w.kill();
            let _ = w.wait();
        }
        if let Some(g) = self.pgid.take() {
            let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
            live().retain(|&x| x != g);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Kills every process group started by [`Group::spawn_shell`] and not yet killed (for
/// signal handlers and exit paths).
pub fn kill_all() {
    for &g in live().iter() {
        let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
    }
}

/// Why a bot command cannot be started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The command is empty or blank.
    Empty,
    /// The program (first word) does not exist or is not executable.
    NotFound(String),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::Empty => write!(f, "empty bot command"),
            CommandError::NotFound(p) => {
                write!(f, "bot program '{p}' not found or not executable")
            }
        }
    }
}

impl std::error::Error for CommandError {}

/// Checks a bot command before it is started: it must not be blank, and when its first word
/// is a plain program name or path (no shell syntax), that program must exist and be
/// executable (searched in `PATH` for a bare name). Shell builtins and anything with shell
/// syntax are left to the shell.
pub fn check_command(command: &str) -> Result<(), CommandError> {
    let Some(first) = command.split_whitespace().next() else {
        return Err(CommandError::Empty);
    };
    let plain = first
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "/._-+".contains(c));
    if !plain || BUILTINS.contains(&first) {
        return Ok(());
    }
    let found = if first.contains('/') {
        is_executable(std::path::Path::new(first))
    } else {
        std::env::var_os("PATH").is_some_and(|path| {
            std::env::split_paths(&path).any(|dir| is_executable(&dir.join(first)))
        })
    };
    if found {
        Ok(())
    } else {
        Err(CommandError::NotFound(first.to_owned()))
    }
}

/// `exec COMMAND` when `command` is one simple command (no shell operators, redirections,
/// substitutions, groupings or line breaks; its first word a program, not a builtin or an
/// assignment), else `command` unchanged.
///
/// ```
/// assert_eq!(procgroup::exec_form("python3 'my bot.py' --fast"), "exec python3 'my bot.py' --fast");
/// assert_eq!(procgroup::exec_form("cd bots && ./run"), "cd bots && ./run");
/// assert_eq!(procgroup::exec_form("FAST=1 ./bot"), "FAST=1 ./bot");
/// ```
pub fn exec_form(command: &str) -> String {
    let trimmed = command.trim();
    let first = trimmed.split_whitespace().next().unwrap_or("");
    let simple = !trimmed.is_empty()
        && !trimmed.contains(|c| ";&|<>()`\n{}".contains(c))
        && !trimmed.contains("$(")
        && !first.contains('=')
        && !BUILTINS.contains(&first);
    if simple {
        format!("exec {trimmed}")
    } else {
        command.to_owned()
    }
}

/// Shell words that run without a program file.
const BUILTINS: &[&str] = &[
    ".", "cd", "command", "eval", "exec", "export", "false", "set", "test", "trap", "true",
    "ulimit", "umask", "unset", "wait", "echo", "printf", "read", "if", "for", "while", "case",
    "until", "exit",
];

fn is_executable(p: &std::path::Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// A short name for a command: the base name of its last word that is an existing path
/// (`python3 bots/my_bot.py` → `my_bot.py`), else the command itself.
pub fn command_name(command: &str) -> String {
    command
        .split_whitespace()
        .rev()
        .find(|t| std::path::Path::new(t).exists())
        .and_then(|t| std::path::Path::new(t).file_name())
        .map_or_else(|| command.to_owned(), |n| n.to_string_lossy().into_owned())
}

/// Bytes [`read_tail`] keeps.
pub const TAIL_BYTES: usize = 4096;

/// Drains `source` on a new thread until its end and returns its last [`TAIL_BYTES`]
/// bytes (invalid UTF-8 replaced), so a chatty program never blocks on a full pipe and
/// costs bounded memory.
pub fn read_tail<R: Read + Send + 'static>(source: R) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut source = source;
        let mut tail: Vec<u8> = Vec::with_capacity(TAIL_BYTES);
        let mut chunk = vec![0_u8; 8192];
        loop {
            match source.read(&mut chunk) {
                Ok(0) => break,
                Ok(k) => {
                    tail.extend_from_slice(&chunk[..k]);
                    if tail.len() > TAIL_BYTES {
                        tail.drain(..tail.len() - TAIL_BYTES);
                    }
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        String::from_utf8_lossy(&tail).into_owned()
    })
}

/// What a reader thread delivers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// One line, without its `\n` or `\r\n` (invalid UTF-8 replaced).
    Text(String),
    /// A line longer than [`MAX_LINE_BYTES`]: the reader stopped (closing the pipe).
    TooLong,
    /// The output ended.
    Eof,
}

/// Reads `source` line by line on a new thread. The queue holds at most [`QUEUE_LINES`]
/// lines and a line at most [`MAX_LINE_BYTES`] bytes, so a flooding bot costs bounded
/// memory. The thread stops at the end of the output, at an overlong line, or as soon as
/// the receiver is dropped.
pub fn read_lines<R: Read + Send + 'static>(source: R) -> Receiver<Line> {
    let (tx, rx) = mpsc::sync_channel(QUEUE_LINES);
    std::thread::spawn(move || {
        let mut source = source;
        let mut line: Vec<u8> = Vec::new();
        let mut chunk = vec![0_u8; 8192];
        let text = |line: &[u8]| {
            let s = String::from_utf8_lossy(line);
            Line::Text(s.strip_suffix('\r').unwrap_or(&s).to_owned())
        };
        loop {
            let k = match source.read(&mut chunk) {
                Ok(0) => break,
                Ok(k) => k,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            let mut rest = &chunk[..k];
            while !rest.is_empty() {
                let (part, end) = match rest.iter().position(|&b| b == b'\n') {
                    Some(i) => (&rest[..i], Some(i + 1)),
                    None => (rest, None),
                };
                if line.len() + part.len() > MAX_LINE_BYTES {
                    let _ = tx.send(Line::TooLong);
                    return;
                }
                line.extend_from_slice(part);
                let Some(end) = end else { break };
                rest = &rest[end..];
                if tx.send(text(&line)).is_err() {
                    return;
                }
                line.clear();
            }
        }
        if !line.is_empty() && tx.send(text(&line)).is_err() {
            return;
        }
        let _ = tx.send(Line::Eof);
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_split_and_bounded() {
        let mut input = b"a\r\nb\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
        let rx = read_lines(std::io::Cursor::new(input));
        assert_eq!(rx.recv().unwrap(), Line::Text("a".into()));
        assert_eq!(rx.recv().unwrap(), Line::Text("b".into()));
        assert_eq!(rx.recv().unwrap(), Line::TooLong);
        assert!(rx.recv().is_err());
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept() {
        let mut input = vec![b'y'; MAX_LINE_BYTES];
        input.push(b'\n');
        let rx = read_lines(std::io::Cursor::new(input));
        assert_eq!(rx.recv().unwrap(), Line::Text("y".repeat(MAX_LINE_BYTES)));
        assert_eq!(rx.recv().unwrap(), Line::Eof);
    }

    #[test]
    fn the_tail_keeps_the_last_bytes() {
        let mut input = vec![b'a'; 3 * TAIL_BYTES];
        input.extend_from_slice(b"end");
        let tail = read_tail(std::io::Cursor::new(input)).join().unwrap();
        assert_eq!(tail.len(), TAIL_BYTES);
        assert!(tail.ends_with("aend"));
    }

    fn alive(pid: i32) -> bool {
        std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|s| {
            s.rsplit(')')
                .next()
                .is_some_and(|r| !r.trim_start().starts_with('Z'))
        })
    }

    #[test]
    fn the_watchdog_kills_the_group_when_its_pipe_closes_and_dies_with_the_group() {
        let mut g = Group::spawn_shell("sleep 1000 & exec sleep 1000", Stdio::null()).unwrap();
        let pgid = g.pgid().unwrap();
        let mut w = g.watchdog.take().unwrap();
        let wpid = i32::try_from(w.id()).unwrap();
        // What the kernel does when botforge dies: the watchdog's stdin reaches its end.
        drop(w.stdin.take());
        let _ = w.wait();
        let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while killpg(Pid::from_raw(pgid), None).is_ok() && std::time::Instant::now() < until {
            let _ = g.child.try_wait();
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        assert!(
            killpg(Pid::from_raw(pgid), None).is_err(),
            "the group outlived its watchdog's pipe"
        );
        assert!(!alive(wpid));
        g.kill();

        // A normal kill takes the watchdog with it.
        let mut g = Group::spawn_shell("exec sleep 1000", Stdio::null()).unwrap();
        let wpid = i32::try_from(g.watchdog.as_ref().unwrap().id()).unwrap();
        assert!(alive(wpid));
        g.kill();
        assert!(!alive(wpid));
    }

    /// An endless source of 1000-byte lines: how many bytes the reader thread took.
    struct Endless(std::sync::Arc<std::sync::atomic::AtomicUsize>);

    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            for (i, b) in buf.iter_mut().enumerate() {
                *b = if i % 1000 == 999 { b'\n' } else { b'x' };
            }
            self.0
                .fetch_add(buf.len(), std::sync::atomic::Ordering::Relaxed);
            Ok(buf.len())
        }
    }

    #[test]
    fn a_reader_nobody_reads_stops_after_the_queue_is_full() {
        let taken = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let rx = read_lines(Endless(taken.clone()));
        std::thread::sleep(std::time::Duration::from_millis(300));
        let bytes = taken.load(std::sync::atomic::Ordering::Relaxed);
        // The queue's lines plus the chunks in hand (8 KiB reads; lines straddle them).
        assert!(
            bytes <= QUEUE_LINES * 1000 + 64 * 1024,
            "{bytes} bytes read"
        );
        assert!(bytes >= QUEUE_LINES * 1000, "{bytes} bytes read");
        // And it stays there: the reader blocks instead of reading on.
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert_eq!(taken.load(std::sync::atomic::Ordering::Relaxed), bytes);
        drop(rx);
    }

    #[test]
    fn commands_are_checked() {
        assert_eq!(check_command("  "), Err(CommandError::Empty));
        assert!(matches!(
            check_command("/nonexistent/bot --x"),
            Err(CommandError::NotFound(_))
        ));
        assert!(matches!(
            check_command("no-such-program-anywhere-42"),
            Err(CommandError::NotFound(_))
        ));
        assert_eq!(check_command("sh -c 'exit 0'"), Ok(()));
        assert_eq!(check_command("cd /tmp && ./bot"), Ok(()));
        assert_eq!(check_command("A=1 ./bot"), Ok(()));
    }
}

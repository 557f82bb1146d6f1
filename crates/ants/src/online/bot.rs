//! The bot behind the client: an in-process [`crate::Bot`] on its own thread or an
//! external program, both read line by line into one event queue.

use super::*;

/// What the connection loop waits for.
pub(super) enum Event {
    Server(Line),
    Bot(Line),
}

/// Moves every line of `rx` into `tx` as `wrap(line)` until either side closes.
pub(super) fn forward(rx: Receiver<Line>, tx: SyncSender<Event>, wrap: fn(Line) -> Event) {
    thread::spawn(move || {
        for line in rx {
            if tx.send(wrap(line)).is_err() {
                break;
            }
        }
    });
}

/// Writes each message to `w` on a thread, so a bot that stops reading never blocks us.
pub(super) fn writer(mut w: impl Write + Send + 'static) -> Sender<String> {
    let (tx, rx) = mpsc::channel::<String>();
    thread::spawn(move || {
        for msg in rx {
            if w.write_all(msg.as_bytes())
                .and_then(|()| w.flush())
                .is_err()
            {
                break;
            }
        }
    });
    tx
}

/// How a running bot is kept.
pub(super) enum Runner {
    Process {
        group: Group,
        stderr: Option<JoinHandle<String>>,
    },
    Thread {
        handle: Option<JoinHandle<Result<(), String>>>,
    },
}

/// A bot playing one game: its input queue and how to stop it.
pub(super) struct RunningBot {
    to_bot: Option<Sender<String>>,
    runner: Runner,
}

impl RunningBot {
    /// Starts the bot; its output lines arrive as [`Event::Bot`].
    pub(super) fn start(
        bot: &mut OnlineBot,
        events: &SyncSender<Event>,
    ) -> Result<RunningBot, String> {
        match bot {
            OnlineBot::InProcess { make, .. } => {
                let mut bot = make()?;
                let (in_rx, in_tx) = std::io::pipe().map_err(|e| format!("pipe: {e}"))?;
                let (out_rx, out_tx) = std::io::pipe().map_err(|e| format!("pipe: {e}"))?;
                let handle = thread::Builder::new()
                    .name("ants-online-bot".to_owned())
                    .spawn(move || {
                        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            crate::protocol::serve(bot.as_mut(), BufReader::new(in_rx), out_tx)
                        }));
                        match run {
                            Ok(Ok(())) => Ok(()),
                            Ok(Err(e)) => Err(e.to_string()),
                            Err(panic) => Err(format!("panicked: {}", panic_text(panic.as_ref()))),
                        }
                    })
                    .map_err(|e| format!("cannot start the bot thread: {e}"))?;
                forward(procgroup::read_lines(out_rx), events.clone(), Event::Bot);
                Ok(RunningBot {
                    to_bot: Some(writer(in_tx)),
                    runner: Runner::Thread {
                        handle: Some(handle),
                    },
                })
            }
            OnlineBot::Command { command, .. } => {
                let mut group = Group::spawn_shell(command, Stdio::piped())
                    .map_err(|e| format!("cannot start `{command}`: {e}"))?;
                let c = group.child();
                let (Some(stdin), Some(stdout), Some(stderr)) =
                    (c.stdin.take(), c.stdout.take(), c.stderr.take())
                else {
                    group.kill();
                    return Err("the bot's pipes are unavailable".to_owned());
                };
                forward(procgroup::read_lines(stdout), events.clone(), Event::Bot);
                Ok(RunningBot {
                    to_bot: Some(writer(stdin)),
                    runner: Runner::Process {
                        group,
                        stderr: Some(procgroup::read_tail(stderr)),
                    },
                })
            }
        }
    }

    pub(super) fn send(&self, text: String) {
        if let Some(tx) = &self.to_bot {
            let _ = tx.send(text);
        }
    }

    /// Closes the bot's input, gives it [`BOT_EXIT_WAIT`] to exit, kills what is left and
    /// says how it ended (exit status or error, and the end of its stderr).
    pub(super) fn stop(&mut self) -> String {
        self.to_bot = None;
        let deadline = Instant::now() + BOT_EXIT_WAIT;
        match &mut self.runner {
            Runner::Process { group, stderr } => {
                let mut status = None;
                while Instant::now() < deadline {
                    if let Ok(Some(s)) = group.child().try_wait() {
                        status = Some(s);
                        break;
                    }
                    thread::sleep(Duration::from_millis(10));
                }
                group.kill();
                let mut why = match status {
                    Some(s) => format!("exited ({s})"),
                    None => "did not exit and was killed".to_owned(),
                };
                if let Some(h) = stderr.take() {
                    while !h.is_finished() && Instant::now() < deadline + BOT_EXIT_WAIT {
                        thread::sleep(Duration::from_millis(10));
                    }
                    if h.is_finished()
                        && let Ok(tail) = h.join()
                        && !tail.trim().is_empty()
                    {
                        let _ = write!(why, "; its stderr ended with:\n{}", tail.trim_end());
                    }
                }
                why
            }
            Runner::Thread { handle } => {
                let Some(h) = handle.take() else {
                    return "stopped".to_owned();
                };
                while !h.is_finished() && Instant::now() < deadline {
                    thread::sleep(Duration::from_millis(5));
                }
                if !h.is_finished() {
                    // A thread cannot be killed: it is left to finish its turn on its own.
                    return "is still computing (its thread is left to finish)".to_owned();
                }
                match h.join() {
                    Ok(Ok(())) => "stopped".to_owned(),
                    Ok(Err(e)) => format!("stopped: {e}"),
                    Err(_) => "panicked".to_owned(),
                }
            }
        }
    }
}

impl Drop for RunningBot {
    fn drop(&mut self) {
        self.to_bot = None;
        if let Runner::Process { group, .. } = &mut self.runner {
            group.kill();
        }
    }
}

pub(super) fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(no message)".to_owned())
}

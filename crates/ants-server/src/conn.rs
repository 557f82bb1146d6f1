//! One client connection: a bounded line reader from the first byte on, direct writes for
//! rejections, and in a game a writer thread with a bounded backlog ([`RemoteSeat`], the
//! engine's [`ants::game::Remote`]).

use std::io::Write;
use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::{Duration, Instant};

use ants::Status;
use ants::game::{Remote, SeatEnd};
use ants::process::{Reply, receive_lines};
use procgroup::Line;

/// How long one write to a client may block before the client counts as gone.
pub const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Most bytes queued for a client that does not read; beyond it the seat is dropped.
pub const MAX_BACKLOG: usize = 1 << 20;

/// The lines the 2011 server wrote before dropping any connection (spec §6).
pub const QUIRK: &str = "end\nyou timed out.\n\n";

/// Counts open connections (in total and per address); a [`Slot`] frees its place when
/// dropped.
#[derive(Default)]
pub struct Slots {
    total: AtomicUsize,
    per_address: std::sync::Mutex<std::collections::HashMap<IpAddr, usize>>,
}

/// One connection's place in [`Slots`].
pub struct Slot {
    slots: Arc<Slots>,
    peer: IpAddr,
}

impl Slots {
    /// Takes a place for a connection from `peer`, unless `max` connections are open or
    /// `max_per_address` from `peer`.
    pub fn take(
        self: &Arc<Self>,
        peer: IpAddr,
        max: usize,
        max_per_address: usize,
    ) -> Option<Slot> {
        let mut per = self.per_address.lock().ok()?;
        let here = per.entry(peer).or_insert(0);
        if *here >= max_per_address || self.total.load(Ordering::SeqCst) >= max {
            if *here == 0 {
                per.remove(&peer);
            }
            return None;
        }
        *here += 1;
        self.total.fetch_add(1, Ordering::SeqCst);
        Some(Slot {
            slots: self.clone(),
            peer,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.total.load(Ordering::SeqCst)
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.slots.total.fetch_sub(1, Ordering::SeqCst);
        if let Ok(mut per) = self.slots.per_address.lock()
            && let Some(n) = per.get_mut(&self.peer)
        {
            *n -= 1;
            if *n == 0 {
                per.remove(&self.peer);
            }
        }
    }
}

/// A client connection before its game: the socket and its line reader.
pub struct Conn {
    stream: TcpStream,
    lines: Receiver<Line>,
    /// The client's address.
    pub peer: IpAddr,
    _slot: Slot,
}

impl Conn {
    /// Wraps an accepted socket: starts its bounded line reader.
    pub fn new(stream: TcpStream, slot: Slot) -> std::io::Result<Conn> {
        let peer = stream.peer_addr()?.ip();
        stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
        stream.set_nodelay(true)?;
        let lines = procgroup::read_lines(stream.try_clone()?);
        Ok(Conn {
            stream,
            lines,
            peer,
            _slot: slot,
        })
    }

    /// The next line within `timeout`: `None` on timeout, end of stream or an overlong
    /// line.
    pub fn first_line(&self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(Line::Text(l)) => Some(l),
            _ => None,
        }
    }

    /// Whether the client is still there while it waits for a game: reads (and drops)
    /// what it sent; false once it closed or sent an overlong line.
    pub fn still_there(&self) -> bool {
        loop {
            match self.lines.try_recv() {
                Ok(Line::Text(_)) => {}
                Ok(Line::TooLong | Line::Eof) | Err(TryRecvError::Disconnected) => return false,
                Err(TryRecvError::Empty) => return true,
            }
        }
    }

    /// Writes `text` and closes the connection (a rejection).
    pub fn reject(mut self, message: &str) {
        let _ = self
            .stream
            .write_all(crate::login::rejection(message).as_bytes());
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

/// A seat in a running game over a [`Conn`]: writes go through a writer thread (a client
/// that does not read never blocks the game), replies are read with the engine's
/// per-turn bounds until the sent deadline plus the grace.
pub struct RemoteSeat {
    name: String,
    game_id: u64,
    grace: Duration,
    lines: Receiver<Line>,
    stream: TcpStream,
    to_client: Option<Sender<String>>,
    backlog: Arc<AtomicUsize>,
    broken: Arc<AtomicBool>,
    _slot: Slot,
}

impl RemoteSeat {
    /// A seat named `name` in game `game_id`, waiting `grace` beyond each deadline.
    pub fn new(conn: Conn, name: String, game_id: u64, grace: Duration) -> RemoteSeat {
        let (tx, rx) = mpsc::channel::<String>();
        let backlog = Arc::new(AtomicUsize::new(0));
        let broken = Arc::new(AtomicBool::new(false));
        let Conn {
            stream,
            lines,
            _slot: slot,
            ..
        } = conn;
        let writer = stream.try_clone();
        let (queued, failed) = (backlog.clone(), broken.clone());
        let spawned = writer.and_then(|mut w| {
            std::thread::Builder::new()
                .name("ants-server-writer".into())
                .stack_size(64 * 1024)
                .spawn(move || {
                    for t in rx {
                        let ok = w.write_all(t.as_bytes()).is_ok();
                        queued.fetch_sub(t.len(), Ordering::SeqCst);
                        if !ok {
                            failed.store(true, Ordering::SeqCst);
                            break;
                        }
                    }
                    let _ = w.shutdown(Shutdown::Both);
                })
        });
        if spawned.is_err() {
            broken.store(true, Ordering::SeqCst);
            let _ = stream.shutdown(Shutdown::Both);
        }
        RemoteSeat {
            name,
            game_id,
            grace,
            lines,
            stream,
            to_client: Some(tx),
            backlog,
            broken,
            _slot: slot,
        }
    }

    fn queue(&mut self, text: String) {
        if self.broken.load(Ordering::SeqCst) {
            return;
        }
        if self.backlog.load(Ordering::SeqCst) + text.len() > MAX_BACKLOG {
            tracing::info!(
                game = self.game_id,
                seat = self.name,
                "dropped: does not read"
            );
            self.broken.store(true, Ordering::SeqCst);
            let _ = self.stream.shutdown(Shutdown::Both);
            return;
        }
        if let Some(tx) = &self.to_client {
            self.backlog.fetch_add(text.len(), Ordering::SeqCst);
            if tx.send(text).is_err() {
                self.broken.store(true, Ordering::SeqCst);
            }
        }
    }

    /// Writes the last lines and lets the writer close the connection.
    fn close(&mut self, last: String) {
        self.queue(last);
        self.to_client = None;
    }
}

/// The end-of-game block of the 2011 server (spec §6) followed by its quirk lines.
pub fn end_block(game_id: u64, status: Status, score: i32, turn: u32) -> String {
    let status = match status {
        Status::CrashedAtStart => "crashed",
        s => s.as_str(),
    };
    format!("end\ngame {game_id}: {status} score: {score} turn: {turn}\ngo\n{QUIRK}")
}

impl Remote for RemoteSeat {
    fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, text: &str) {
        self.queue(text.to_owned());
    }

    fn receive(&mut self, deadline: Instant) -> Reply {
        if self.broken.load(Ordering::SeqCst) {
            return Reply::Crashed;
        }
        receive_lines(&self.lines, deadline + self.grace, true)
    }

    fn finish(&mut self, end: &SeatEnd) {
        let block = end_block(self.game_id, end.status, end.score, end.turn);
        self.close(block);
    }

    fn kill(&mut self) {
        self.close(QUIRK.to_owned());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_end_block_is_the_2011_text() {
        assert_eq!(
            end_block(12, Status::Survived, 3, 100),
            "end\ngame 12: survived score: 3 turn: 100\ngo\nend\nyou timed out.\n\n"
        );
        assert!(end_block(1, Status::CrashedAtStart, 0, 0).contains("game 1: crashed score"));
    }

    #[test]
    fn slots_cap_connections_in_total_and_per_address() {
        let slots = Arc::new(Slots::default());
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        let s1 = slots.take(a, 3, 2).unwrap();
        let _s2 = slots.take(a, 3, 2).unwrap();
        assert!(slots.take(a, 3, 2).is_none(), "per address");
        let _s3 = slots.take(b, 3, 2).unwrap();
        assert!(slots.take(b, 3, 2).is_none(), "in total");
        drop(s1);
        assert_eq!(slots.open(), 2);
        assert!(slots.take(b, 3, 2).is_some());
    }
}

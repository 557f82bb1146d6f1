//! Shared helpers of the server's tests: a server on loopback with a small map folder and
//! short games, and inline clients that speak the 2011 protocol over TCP.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ants_server::{Server, ServerConfig};

/// A map of the repository's data folder.
pub fn data_map(name: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/ants")
        .join(name);
    assert!(
        p.is_file(),
        "missing map {} (the repository's data/ants)",
        p.display()
    );
    p
}

/// A temporary folder with the given maps of the repository.
pub fn map_folder(dir: &Path, maps: &[&str]) -> PathBuf {
    let folder = dir.join("maps");
    std::fs::create_dir_all(&folder).unwrap();
    for m in maps {
        let src = data_map(m);
        std::fs::copy(&src, folder.join(src.file_name().unwrap())).unwrap();
    }
    folder
}

/// A test server's configuration: loopback port 0, the 2-player tutorial map, 30 turns,
/// 1.5 s per turn at most, a SQLite store in `dir`.
pub fn config(dir: &Path, maps: &[&str]) -> ServerConfig {
    let folder = map_folder(dir, maps);
    let db = dir.join("ladder.db");
    let mut c = ServerConfig::new(db.to_str().unwrap(), folder.to_str().unwrap());
    c.addr = "127.0.0.1:0".parse().unwrap();
    c.replays = dir.join("replays");
    c.game.turns = 30;
    c.game.turntime_ms = 200;
    c.game.loadtime_ms = 500;
    c.turn_wait = Duration::from_millis(1500);
    c.login_timeout = Duration::from_secs(2);
    c
}

/// The 2-player map of the tests.
pub const TWO: &str = "maps/example/tutorial1.map";
/// A 4-player map.
pub const FOUR: &str = "maze_p04_01.map";

/// Starts a server with `config`; returns its address.
pub fn start(config: ServerConfig) -> SocketAddr {
    Server::bind(config).unwrap().spawn().unwrap()
}

/// What a client saw of its game.
#[derive(Debug, Default, Clone)]
pub struct Seen {
    /// The `INFO: game …` line.
    pub info: String,
    /// The `game <id>: <status> score: <score> turn: <turn>` line.
    pub result: String,
    /// Every line after `end` (the game line, `go`, the quirk lines).
    pub after_end: Vec<String>,
    /// Turns answered.
    pub turns: u32,
    /// Lines received in total.
    pub lines: usize,
}

/// A raw client connection.
pub struct Client {
    pub stream: TcpStream,
    pub reader: BufReader<TcpStream>,
}

impl Client {
    pub fn connect(addr: SocketAddr) -> Client {
        let stream = TcpStream::connect(addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_mins(1)))
            .unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        Client { stream, reader }
    }

    pub fn login(addr: SocketAddr, name: &str, password: &str) -> Client {
        let mut c = Client::connect(addr);
        c.send(&format!("USER {name} {password}\n"));
        c
    }

    pub fn send(&mut self, text: &str) {
        let _ = self.stream.write_all(text.as_bytes());
    }

    /// The next line without its newline; `None` at the end of the stream.
    pub fn line(&mut self) -> Option<String> {
        let mut l = String::new();
        match self.reader.read_line(&mut l) {
            Ok(0) | Err(_) => None,
            Ok(_) => Some(l.trim_end_matches(['\n', '\r']).to_owned()),
        }
    }

    /// Everything until the server closes.
    pub fn rest(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(l) = self.line() {
            out.push(l);
        }
        out
    }

    /// Plays the game as a bot that never moves (answers `go` each turn, after
    /// `delay_turn(turn)`), until the server closes.
    pub fn play(mut self, delay_turn: impl Fn(u32) -> Duration) -> Seen {
        let mut seen = Seen::default();
        let mut turn = 0;
        let mut ended = false;
        while let Some(l) = self.line() {
            seen.lines += 1;
            if ended {
                if l.starts_with("game ") && seen.result.is_empty() {
                    seen.result = l.clone();
                }
                seen.after_end.push(l);
                continue;
            }
            if l.starts_with("INFO: game") {
                seen.info = l;
            } else if let Some(t) = l.strip_prefix("turn ") {
                turn = t.trim().parse().unwrap_or(0);
            } else if l == "end" {
                ended = true;
            } else if l == "ready" || l == "go" {
                std::thread::sleep(delay_turn(turn));
                seen.turns += 1;
                self.send("go\n");
            }
        }
        seen
    }
}

/// Plays one game as `name` that never moves.
pub fn player(addr: SocketAddr, name: &str) -> std::thread::JoinHandle<Seen> {
    let name = name.to_owned();
    std::thread::spawn(move || Client::login(addr, &name, "pw").play(|_| Duration::ZERO))
}

/// Waits until `run` has `n` stored games (or fails after `limit`).
pub fn wait_games(
    db: &Path,
    run: &str,
    n: usize,
    limit: Duration,
) -> Vec<arena::store::StoredMatch> {
    let start = Instant::now();
    loop {
        if let Ok(mut s) = arena::store::any::AnyStore::open(db.to_str().unwrap()) {
            let m = s.matches(Some(run)).unwrap();
            if m.len() >= n {
                return m;
            }
        }
        assert!(
            start.elapsed() < limit,
            "fewer than {n} games stored after {limit:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The parts of a result line `game <id>: <status> score: <score> turn: <turn>`.
pub fn parse_result(line: &str) -> (u64, String, i32, u32) {
    let t: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(t.len(), 7, "{line}");
    assert_eq!((t[0], t[3], t[5]), ("game", "score:", "turn:"), "{line}");
    (
        t[1].trim_end_matches(':').parse().unwrap(),
        t[2].to_owned(),
        t[4].parse().unwrap(),
        t[6].parse().unwrap(),
    )
}

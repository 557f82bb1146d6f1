//! `botforge ants server` end to end: the unchanged 2011 client `tcpclient.py` (run from
//! `../shared/ants/tcp/`, never copied into the repository) seating
//! `examples/bots/ants_bot.py` beside `botforge ants online` with an in-process bot and
//! beside inline clients, a 4-player game of four `tcpclient.py` seats, a game filled by a
//! house bot, the stored games, ratings and web ranking against a recomputation, and a
//! server killed mid-game. Needs `python3`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use arena::rating::{TrueSkillParams, standings_with};
use arena::store::StoredMatch;
use arena::store::any::AnyStore;
use common::{botforge_at_root, require_python, text, workspace};

/// The 2011 client beside the repository (`../shared/ants/tcp/tcpclient.py`).
fn tcpclient_py() -> PathBuf {
    let p = workspace().join("../shared/ants/tcp/tcpclient.py");
    assert!(
        p.is_file(),
        "the 2011 client is missing: {} (the shared reference folder beside the repository \
         holds it; it is run from there, never copied into the project)",
        p.display()
    );
    p
}

/// A running `botforge ants server`, killed when dropped.
struct Srv {
    child: Child,
    game: SocketAddr,
    web: Option<SocketAddr>,
    db: PathBuf,
    log: mpsc::Receiver<String>,
}

impl Drop for Srv {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A map folder in `dir` with `map` (a path below the repository's `data/ants`).
fn maps(dir: &Path, map: &str) -> PathBuf {
    let folder = dir.join("maps");
    std::fs::create_dir_all(&folder).unwrap();
    let src = workspace().join("data/ants").join(map);
    std::fs::copy(&src, folder.join(src.file_name().unwrap())).unwrap();
    folder
}

fn server(dir: &Path, map_folder: &Path, extra: &[&str]) -> Srv {
    let db = dir.join("ladder.db");
    let mut child = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .current_dir(workspace())
        .args([
            "ants",
            "server",
            "--addr",
            "127.0.0.1:0",
            "--web",
            "127.0.0.1:0",
        ])
        .args([
            "--maps",
            map_folder.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
        ])
        .args(["--replays", dir.join("replays").to_str().unwrap()])
        .args(["--turns", "30", "--turntime", "200", "--turn-wait", "3000"])
        .args(extra)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, log) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let (mut game, mut web) = (None, None);
    let start = Instant::now();
    while game.is_none() || web.is_none() {
        let line = log
            .recv_timeout(Duration::from_secs(30).saturating_sub(start.elapsed()))
            .expect("the server did not start");
        if let Some(rest) = line.split("games on ").nth(1) {
            game = rest.split_whitespace().next().and_then(|a| a.parse().ok());
        }
        if let Some(rest) = line.split("ladder on http://").nth(1) {
            web = rest.trim_end_matches('/').parse().ok();
        }
    }
    Srv {
        child,
        game: game.unwrap(),
        web,
        db,
        log,
    }
}

impl Srv {
    /// Waits for `n` stored games (the server prints `game N stored` after each).
    fn games(&self, n: usize) -> Vec<StoredMatch> {
        let start = Instant::now();
        loop {
            let games = AnyStore::open(self.db.to_str().unwrap())
                .unwrap()
                .matches(Some("ants-ladder"))
                .unwrap();
            if games.len() >= n {
                return games;
            }
            assert!(
                start.elapsed() < Duration::from_secs(90),
                "only {} games stored",
                games.len()
            );
            while self.log.try_recv().is_ok() {}
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

/// `tcpclient.py` seating the example Python bot as `name` for one round.
fn tcpclient(addr: SocketAddr, name: &str) -> Child {
    Command::new("python3")
        .current_dir(workspace())
        .arg(tcpclient_py())
        .args([
            "127.0.0.1",
            &addr.port().to_string(),
            "python3 examples/bots/ants_bot.py",
            name,
            "secret",
            "1",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// The `game N: status score: S turn: T` line a finished `tcpclient.py` printed.
fn tcp_result(child: Child) -> String {
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    stdout
        .lines()
        .find(|l| l.starts_with("game ") && l.contains(" score: "))
        .unwrap_or_else(|| panic!("tcpclient.py printed no result:\n{stdout}"))
        .to_owned()
}

/// An inline client that never moves; returns its result line.
fn inline(addr: SocketAddr, name: &str, delay: Duration) -> std::thread::JoinHandle<String> {
    let name = name.to_owned();
    std::thread::spawn(move || {
        let mut s = TcpStream::connect(addr).unwrap();
        s.set_read_timeout(Some(Duration::from_mins(2))).unwrap();
        s.write_all(format!("USER {name} pw\n").as_bytes()).unwrap();
        let mut r = BufReader::new(s.try_clone().unwrap());
        let mut result = String::new();
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) {
            let l = line.trim_end();
            if l.starts_with("game ") && result.is_empty() {
                l.clone_into(&mut result);
            } else if (l == "go" || l == "ready") && result.is_empty() {
                std::thread::sleep(delay);
                let _ = s.write_all(b"go\n");
            }
            line.clear();
        }
        result
    })
}

/// The result line of seat `seat` of a stored game.
fn expected(g: &StoredMatch, seat: usize) -> String {
    let s = &g.seats[seat];
    format!(
        "game {}: {} score: {} turn: {}",
        g.details["game_id"], s.status, s.score, g.turns
    )
}

/// Stored ratings and the web ranking agree with a recomputation; replays check.
fn check_ladder(srv: &Srv, games: &[StoredMatch]) {
    let params = TrueSkillParams::CONTEST_2011;
    for (i, g) in games.iter().enumerate() {
        let after = standings_with(&games[..=i], &params);
        for (seat, r) in g.seats.iter().zip(g.details["ratings"].as_array().unwrap()) {
            let want = after.ratings.iter().find(|b| b.bot == seat.bot).unwrap();
            assert!((r["mu"].as_f64().unwrap() - want.mu).abs() < 1e-9);
            assert!((r["skill"].as_f64().unwrap() - want.conservative()).abs() < 1e-9);
        }
        let replay = g.replay.clone().unwrap();
        let out = botforge_at_root(&["ants", "check-replay", &replay]);
        assert!(out.status.success(), "{}", text(&out));
        let names: Vec<&str> = g.seats.iter().map(|s| s.bot.as_str()).collect();
        assert_eq!(
            ants::Replay::load(Path::new(&replay)).unwrap().playernames,
            names
        );
    }
    let standings = standings_with(games, &params);
    let web = srv.web.unwrap();
    let body = http_get(web, "/api/ladder/ranking?per=100");
    let json: serde_json::Value = serde_json::from_str(&body).unwrap();
    let rows = json["ranking"].as_array().unwrap();
    assert_eq!(rows.len(), standings.ratings.len(), "{body}");
    for (row, want) in rows.iter().zip(&standings.ratings) {
        assert_eq!(row["player"], want.bot.as_str(), "{body}");
        assert!((row["skill"].as_f64().unwrap() - want.conservative()).abs() < 1e-6);
        assert_eq!(row["games"], want.games);
    }
}

fn http_get(addr: SocketAddr, path: &str) -> String {
    let start = Instant::now();
    loop {
        let mut s = TcpStream::connect(addr).unwrap();
        write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let ok = text.starts_with("HTTP/1.0 200") || text.starts_with("HTTP/1.1 200");
        if ok || start.elapsed() > Duration::from_secs(10) {
            assert!(ok, "{text}");
            return text.split("\r\n\r\n").nth(1).unwrap_or("").to_owned();
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn tcpclient_plays_beside_botforge_ants_online_and_the_ladder_agrees() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let srv = server(
        dir.path(),
        &maps(dir.path(), "maps/example/tutorial1.map"),
        &[],
    );
    let py = tcpclient(srv.game, "pybot");
    // tcpclient.py waits 1 to 6 s before it connects; botforge's client comes second.
    let port = srv.game.port().to_string();
    let logs = dir.path().join("online");
    let ours = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(["ants", "online", "--host", "127.0.0.1", "--port", &port])
        .args(["--name", "hunterbot", "--password", "pw", "--rounds", "1"])
        .args(["--wait-ms", "7000", "--wait-jitter-ms", "0"])
        .args(["--log-dir", logs.to_str().unwrap(), "hunter"])
        .output()
        .unwrap();
    assert!(ours.status.success(), "{}", text(&ours));
    let py = tcp_result(py);
    let games = srv.games(1);
    let g = &games[0];
    assert_eq!(g.seats[0].bot, "pybot");
    assert_eq!(g.seats[1].bot, "hunterbot");
    assert_eq!(py, expected(g, 0));
    let printed = text(&ours);
    assert!(printed.contains(&g.seats[1].status), "{printed}");
    // A second game: the same botforge client against an inline client.
    let rust = inline(srv.game, "rustbot", Duration::ZERO);
    std::thread::sleep(Duration::from_millis(300));
    let again = Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(["ants", "online", "--host", "127.0.0.1", "--port", &port])
        .args(["--name", "hunterbot", "--password", "pw", "--rounds", "1"])
        .args(["--wait-ms", "0", "--wait-jitter-ms", "0"])
        .args(["--log-dir", logs.to_str().unwrap(), "hunter"])
        .output()
        .unwrap();
    assert!(again.status.success(), "{}", text(&again));
    let rust = rust.join().unwrap();
    let games = srv.games(2);
    assert_eq!(rust, expected(&games[1], 0));
    check_ladder(&srv, &games);
}

#[test]
fn four_tcpclient_seats_play_a_four_player_game() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let srv = server(dir.path(), &maps(dir.path(), "maze_p04_01.map"), &[]);
    let names = ["py1", "py2", "py3", "py4"];
    let clients: Vec<Child> = names.iter().map(|n| tcpclient(srv.game, n)).collect();
    let results: Vec<String> = clients.into_iter().map(tcp_result).collect();
    let games = srv.games(1);
    let g = &games[0];
    assert_eq!(g.seats.len(), 4);
    assert_eq!(g.map, "maze_p04_01.map");
    for (name, result) in names.iter().zip(&results) {
        let seat = g.seats.iter().position(|s| s.bot == *name).unwrap();
        assert_eq!(*result, expected(g, seat));
    }
    check_ladder(&srv, &games);
}

#[test]
fn a_house_bot_fills_a_lone_tcpclient_game() {
    require_python();
    let dir = tempfile::tempdir().unwrap();
    let folder = maps(dir.path(), "maps/example/tutorial1.map");
    let srv = server(
        dir.path(),
        &folder,
        &["--house", "hunter", "--house-wait", "0.5"],
    );
    let result = tcp_result(tcpclient(srv.game, "alone"));
    let games = srv.games(1);
    let g = &games[0];
    assert_eq!(g.seats[0].bot, "alone");
    assert_eq!(g.seats[1].bot, "house:hunter");
    assert_eq!(result, expected(g, 0));
    check_ladder(&srv, &games);
}

#[test]
fn a_server_killed_mid_game_keeps_its_finished_games_and_restarts_consistent() {
    let dir = tempfile::tempdir().unwrap();
    let folder = maps(dir.path(), "maps/example/tutorial1.map");
    let mut srv = server(dir.path(), &folder, &[]);
    let a = inline(srv.game, "ann", Duration::ZERO);
    std::thread::sleep(Duration::from_millis(200));
    let b = inline(srv.game, "bob", Duration::ZERO);
    let (a, b) = (a.join().unwrap(), b.join().unwrap());
    assert!(
        a.starts_with("game 1: ") && b.starts_with("game 1: "),
        "{a} / {b}"
    );
    srv.games(1);
    // Game 2 plays slowly; the server is killed in the middle of it.
    let slow = Duration::from_millis(100);
    let _c = inline(srv.game, "cat", slow);
    std::thread::sleep(Duration::from_millis(200));
    let _d = inline(srv.game, "dan", slow);
    std::thread::sleep(Duration::from_millis(1500));
    srv.child.kill().unwrap();
    srv.child.wait().unwrap();
    let games = AnyStore::open(srv.db.to_str().unwrap())
        .unwrap()
        .matches(Some("ants-ladder"))
        .unwrap();
    assert_eq!(games.len(), 1, "only the finished game is stored");
    assert_eq!(games[0].seats.len(), 2);
    drop(srv);
    let srv = server(dir.path(), &folder, &[]);
    let c = inline(srv.game, "cat", Duration::ZERO);
    std::thread::sleep(Duration::from_millis(200));
    let d = inline(srv.game, "ann", Duration::ZERO);
    let (c, d) = (c.join().unwrap(), d.join().unwrap());
    assert!(
        c.starts_with("game 2: ") && d.starts_with("game 2: "),
        "{c} / {d}"
    );
    let games = srv.games(2);
    assert_eq!(games[1].key, "game-2");
    check_ladder(&srv, &games);
}

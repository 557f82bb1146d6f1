//! Load measurement of the game server: a server process holding idle connections while
//! concurrent games of fast in-process bots play over loopback; reports the server's CPU
//! time per turn and per game beyond the engine (the engine's share measured by
//! re-simulating every stored replay with its bot inputs, on an idle core).
//!
//! `cargo bench -p ants-server --bench load` (environment: `LOAD_IDLE` idle connections,
//! 200; `LOAD_GAMES` concurrent games, 20; `LOAD_TURNS` turns per game, 300; `LOAD_MAP` a
//! 2-player map below `data/ants`, `maps/example/tutorial1.map`). The bench runs itself a
//! second time as the server process (`LOAD_SERVE=DIR`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn env(key: &str, default: usize) -> usize {
    std::env::var(key)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The server side: serves from `dir` and prints its address.
fn serve(dir: &Path) {
    let maps = dir.join("maps");
    std::fs::create_dir_all(&maps).unwrap();
    let map = std::env::var("LOAD_MAP").unwrap_or_else(|_| "maps/example/tutorial1.map".into());
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/ants")
        .join(&map);
    std::fs::copy(&src, maps.join(src.file_name().unwrap())).unwrap();
    let db = dir.join("load.db");
    let mut c = ants_server::ServerConfig::new(db.to_str().unwrap(), maps.to_str().unwrap());
    c.addr = "127.0.0.1:0".parse().unwrap();
    c.replays = dir.join("replays");
    c.game.turns = env("LOAD_TURNS", 300) as u32;
    c.login_timeout = Duration::from_hours(1);
    c.max_connections = 100_000;
    c.max_per_address = 100_000;
    let server = ants_server::Server::bind(c).unwrap();
    println!("ADDR {}", server.local_addr());
    server.run().unwrap();
}

/// User plus system CPU time of process `pid` (from `/proc/PID/stat`, 100 ticks a second).
fn cpu(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    Duration::from_millis(ticks * 10)
}

/// One client: logs in, drops the `INFO: game` line and plays the greedy hunter.
fn client(addr: SocketAddr, name: String) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(format!("USER {name} pw\n").as_bytes()).unwrap();
        let mut reader = BufReader::new(s.try_clone().unwrap());
        let mut info = String::new();
        reader.read_line(&mut info).unwrap();
        assert!(info.starts_with("INFO: game"), "{info}");
        let mut bot = ants::bots::GreedyBot::hunter();
        let _ = ants::protocol::serve(&mut bot, reader, s);
    })
}

fn main() {
    if let Ok(dir) = std::env::var("LOAD_SERVE") {
        serve(Path::new(&dir));
        return;
    }
    if std::env::args().any(|a| a == "--list" || a == "--test") {
        return;
    }
    let (idle_n, games_n) = (env("LOAD_IDLE", 200), env("LOAD_GAMES", 20));
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(std::env::current_exe().unwrap())
        .env("LOAD_SERVE", dir.path())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr: SocketAddr = line.trim().strip_prefix("ADDR ").unwrap().parse().unwrap();
    let pid = child.id();
    let idle: Vec<TcpStream> = (0..idle_n)
        .map(|_| TcpStream::connect(addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_secs(1));
    let idle_cpu = cpu(pid);
    // Register the names first (argon2 runs once per name), so the games start together.
    let names: Vec<String> = (0..2 * games_n).map(|i| format!("load{i}")).collect();
    let cpu0 = cpu(pid);
    let t0 = Instant::now();
    let clients: Vec<_> = names.iter().map(|n| client(addr, n.clone())).collect();
    for c in clients {
        c.join().unwrap();
    }
    let wall = t0.elapsed();
    let db = dir.path().join("load.db");
    let games = loop {
        let g = arena::store::any::AnyStore::open(db.to_str().unwrap())
            .unwrap()
            .matches(None)
            .unwrap();
        if g.len() >= games_n {
            break g;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let server_cpu = cpu(pid).saturating_sub(cpu0);
    let _ = child.kill();
    let _ = child.wait();
    drop(idle);
    let turns: u64 = games.iter().map(|g| u64::from(g.turns)).sum();
    let engine_wall: f64 = games
        .iter()
        .map(|g| g.details["engine_ms"].as_f64().unwrap())
        .sum();
    let mut engine = Duration::ZERO;
    for g in &games {
        let replay = ants::Replay::load(&PathBuf::from(g.replay.as_deref().unwrap())).unwrap();
        let t = Instant::now();
        ants::check_replay(&replay, true).unwrap();
        engine += t.elapsed();
    }
    let logins = 2 * games_n as u32;
    let per_turn = |d: Duration| d.as_secs_f64() * 1000.0 / turns as f64;
    println!(
        "idle connections: {idle_n} (server CPU while only they were open: {idle_cpu:?} in total)"
    );
    println!(
        "games: {} of {} turns on average, 2 players each, all at once; wall {:.2} s",
        games.len(),
        turns / games.len() as u64,
        wall.as_secs_f64()
    );
    println!(
        "server CPU: {:.0} ms in all ({} logins with argon2 included), {:.3} ms per turn",
        server_cpu.as_secs_f64() * 1000.0,
        logins,
        per_turn(server_cpu)
    );
    println!(
        "engine (re-simulated with bot inputs): {:.0} ms, {:.3} ms per turn; in the games' own clocks {:.3} ms per turn",
        engine.as_secs_f64() * 1000.0,
        per_turn(engine),
        engine_wall / turns as f64
    );
    let t = Instant::now();
    for _ in 0..5 {
        ants_server::login::hash_password("pw").unwrap();
    }
    let hash = t.elapsed() / 5;
    let overhead = server_cpu.saturating_sub(engine);
    let beyond = overhead.saturating_sub(hash * logins);
    println!(
        "server overhead beyond the engine: {:.3} ms per turn, {:.1} ms per game; \
         without the logins ({:.1} ms of argon2 each): {:.3} ms per turn, {:.1} ms per game",
        per_turn(overhead),
        overhead.as_secs_f64() * 1000.0 / games.len() as f64,
        hash.as_secs_f64() * 1000.0,
        per_turn(beyond),
        beyond.as_secs_f64() * 1000.0 / games.len() as f64
    );
}

//! An Ants game server speaking the protocol of the 2011 community TCP servers
//! (`../shared/specs/ants-tcp.md`), which the unchanged 2011 client `tcpclient.py` plays on.
//!
//! * [`login`]: `USER name password`, the name rules, accounts with salted argon2 hashes in
//!   the arena store's `accounts` table, the lock-out after repeated wrong passwords.
//! * [`lobby`]: the 2011 matching — one pending game on a random map whose player count is
//!   at most max(2, names online ÷ 2), filled first come first served; a client that leaves
//!   while waiting is dropped; optional house bots fill the seats after a wait.
//! * [`play`]: each game in a thread of its own through the official engine loop
//!   ([`ants::play_game`] with [`ants::Entrant::Remote`] seats), then stored once, atomically,
//!   with its replay, statuses and the TrueSkill ratings of the 2011 parameters.
//! * [`conn`]: bounded reading and writing per connection, the 2011 end-of-game lines.
//!
//! Decisions where the 2011 server was vague are in `docs/ants-online.md`.
//!
//! ```no_run
//! let mut config = ants_server::ServerConfig::new("ladder.db", "data/ants/maps");
//! config.house = vec!["champion".to_owned()];
//! let server = ants_server::Server::bind(config)?;
//! eprintln!("games on {}", server.local_addr());
//! server.run()?;
//! # Ok::<(), anyhow::Error>(())
//! ```

pub mod conn;
pub mod lobby;
pub mod login;
pub mod maps;
pub mod play;

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;

use arena::store::any::AnyStore;

use crate::conn::{Conn, Slots};
use crate::lobby::Lobby;
use crate::login::{Accounts, parse_login};
use crate::maps::MapPool;
use crate::play::Recorder;

/// The default run name of a server's games in the store.
pub const DEFAULT_RUN: &str = "ants-ladder";

/// Everything a server is started with.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Address of the game port.
    pub addr: SocketAddr,
    /// The map folder (every `*.map` below it).
    pub maps: PathBuf,
    /// The results store: a SQLite path or a `postgres://` URL.
    pub db: String,
    /// The run the games are stored under.
    pub run: String,
    /// Folder of the replay files (created if missing).
    pub replays: PathBuf,
    /// House bot specs (from `ants_bots::BOTS`) that fill empty seats; empty: none.
    pub house: Vec<String>,
    /// How long a pending game with a player waits before house bots fill it.
    pub house_wait: Duration,
    /// The server seed; game `id` is played with [`game_seed`]`(seed, id)`.
    pub seed: u64,
    /// Game parameters (seeds are set per game): the 2011 settings by default, with
    /// `turntime` 500 and `loadtime` 5000 as sent to the clients.
    pub game: ants::GameConfig,
    /// How long the server waits for an answer in a turn (and for the setup answer),
    /// whatever turntime it sends; at least the turntime.
    pub turn_wait: Duration,
    /// How long a new connection has to send its login line.
    pub login_timeout: Duration,
    /// Most open connections.
    pub max_connections: usize,
    /// Most open connections from one address.
    pub max_per_address: usize,
    /// Most games (pending and running) one name may be in at once.
    pub games_per_name: usize,
}

impl ServerConfig {
    /// The defaults: port 2081 on loopback, the 2011 game settings, no house bots.
    pub fn new(db: &str, maps: &str) -> ServerConfig {
        ServerConfig {
            addr: SocketAddr::from(([127, 0, 0, 1], 2081)),
            maps: PathBuf::from(maps),
            db: db.to_owned(),
            run: DEFAULT_RUN.to_owned(),
            replays: PathBuf::from("replays"),
            house: Vec::new(),
            house_wait: Duration::from_secs(10),
            seed: 1,
            game: ants::GameConfig {
                turntime_ms: 500,
                loadtime_ms: 5000,
                ..ants::GameConfig::default()
            },
            turn_wait: Duration::from_secs(5),
            login_timeout: Duration::from_secs(10),
            max_connections: 512,
            max_per_address: 128,
            games_per_name: 1,
        }
    }
}

/// The seed of game `id` on a server seeded `seed` (SplitMix64 of both).
pub fn game_seed(seed: u64, id: u64) -> u64 {
    let mut z = seed ^ id.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// What every thread of a server shares.
pub(crate) struct Shared {
    pub(crate) config: ServerConfig,
    pub(crate) maps: MapPool,
    pub(crate) accounts: Accounts,
    pub(crate) lobby: Mutex<Lobby>,
    pub(crate) recorder: Mutex<Recorder>,
    pub(crate) slots: Arc<Slots>,
}

/// A bound server: [`Server::run`] serves until the process ends.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Opens the store (rebuilding the ladder from its games and continuing the game
    /// numbers), loads the maps, checks the house bots and binds the game port.
    pub fn bind(mut config: ServerConfig) -> anyhow::Result<Server> {
        for spec in &config.house {
            ants_bots::BOTS
                .build(spec, ())
                .with_context(|| format!("house bot {spec}"))?;
        }
        anyhow::ensure!(
            config.turn_wait >= Duration::from_millis(config.game.turntime_ms),
            "the turn wait must be at least the turntime"
        );
        std::fs::create_dir_all(&config.replays)
            .with_context(|| format!("cannot create {}", config.replays.display()))?;
        config.replays = config.replays.canonicalize()?;
        let maps = MapPool::load(&config.maps)?;
        let shown = AnyStore::display_name(&config.db);
        let mut store = AnyStore::open(&config.db).with_context(|| format!("store {shown}"))?;
        let recorder = Recorder::open(&mut store, &config.run)?;
        let next_id = store.max_key_number(play::KEY_PREFIX)?.map_or(1, |n| n + 1);
        let store = Arc::new(Mutex::new(store));
        let accounts = Accounts::new(store.clone());
        let listener = TcpListener::bind(config.addr)
            .with_context(|| format!("cannot listen on {}", config.addr))?;
        let lobby = Lobby::new(next_id, &maps, &config);
        Ok(Server {
            listener,
            shared: Arc::new(Shared {
                recorder: Mutex::new(recorder.with_store(store)),
                config,
                maps,
                accounts,
                lobby: Mutex::new(lobby),
                slots: Arc::default(),
            }),
        })
    }

    /// The address the game port listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or(self.shared.config.addr)
    }

    /// Serves until the process ends: accepts connections, runs logins, matching and
    /// games each on threads of their own.
    pub fn run(self) -> anyhow::Result<()> {
        let ticker = self.shared.clone();
        std::thread::Builder::new()
            .name("ants-server-lobby".into())
            .spawn(move || lobby::tick_forever(&ticker))?;
        for stream in self.listener.incoming() {
            match stream {
                Ok(s) => accept(&self.shared, s),
                Err(e) => {
                    tracing::warn!("accept: {e}");
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
        }
        Ok(())
    }

    /// Runs the server on a thread of its own; returns its game address.
    pub fn spawn(self) -> anyhow::Result<SocketAddr> {
        let addr = self.local_addr();
        std::thread::Builder::new()
            .name("ants-server".into())
            .spawn(move || {
                if let Err(e) = self.run() {
                    tracing::error!("server: {e:#}");
                }
            })?;
        Ok(addr)
    }
}

/// Takes a connection's slot (or turns it away) and starts its login thread.
fn accept(shared: &Arc<Shared>, stream: TcpStream) {
    let Ok(peer) = stream.peer_addr() else { return };
    let config = &shared.config;
    let Some(slot) = shared
        .slots
        .take(peer.ip(), config.max_connections, config.max_per_address)
    else {
        let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
        let mut s = &stream;
        let _ = std::io::Write::write_all(
            &mut s,
            login::rejection("the server is full, try again later.").as_bytes(),
        );
        return;
    };
    let shared = shared.clone();
    let spawned = std::thread::Builder::new()
        .name("ants-server-login".into())
        .stack_size(256 * 1024)
        .spawn(move || {
            let Ok(conn) = Conn::new(stream, slot) else {
                return;
            };
            login_and_queue(&shared, conn);
        });
    if let Err(e) = spawned {
        tracing::warn!("cannot start a login thread: {e}");
    }
}

/// Reads the login line within the timeout, checks the account and queues the player.
fn login_and_queue(shared: &Arc<Shared>, conn: Conn) {
    let timeout = shared.config.login_timeout;
    let Some(line) = conn.first_line(timeout) else {
        conn.reject(&format!(
            "no login within {} s: you need to send: [USER name password].",
            timeout.as_secs()
        ));
        return;
    };
    let (name, password) = match parse_login(&line) {
        Ok(login) => login,
        Err(message) => return conn.reject(&message),
    };
    if let Err(message) = shared.accounts.login(&name, &password, conn.peer) {
        return conn.reject(&message);
    }
    lobby::join(shared, name, conn);
}

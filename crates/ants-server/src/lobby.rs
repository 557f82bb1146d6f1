//! Matching as the 2011 server did (spec §3): one pending game on a random map, filled
//! first come first served; a full game starts on its own thread and a new pending game is
//! created. Clients that leave while waiting are dropped; house bots fill the empty seats
//! of a game that has waited long enough.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::conn::Conn;
use crate::maps::{MapEntry, MapPool};
use crate::play::{self, Seat};
use crate::{ServerConfig, Shared, game_seed};

/// How often waiting clients are checked and house bots considered.
pub const TICK: Duration = Duration::from_millis(100);

/// The game being filled.
pub struct Pending {
    /// Game id.
    pub id: u64,
    /// Seed of the game.
    pub seed: u64,
    /// The map it will be played on.
    pub map: MapEntry,
    /// Players waiting, in arrival order.
    pub seats: Vec<(String, Conn)>,
    /// When the first waiting player arrived.
    pub since: Option<Instant>,
}

/// The matching state of a server.
pub struct Lobby {
    next_id: u64,
    pending: Pending,
    /// Games (pending or running) per logged-in name.
    names: HashMap<String, usize>,
}

fn new_pending(id: u64, maps: &MapPool, config: &ServerConfig, online: usize) -> Pending {
    let seed = game_seed(config.seed, id);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    Pending {
        id,
        seed,
        map: maps.pick(online, &mut rng).clone(),
        seats: Vec::new(),
        since: None,
    }
}

impl Lobby {
    /// A lobby whose first pending game is `next_id`.
    pub fn new(next_id: u64, maps: &MapPool, config: &ServerConfig) -> Lobby {
        Lobby {
            next_id: next_id + 1,
            pending: new_pending(next_id, maps, config, 0),
            names: HashMap::new(),
        }
    }

    /// Names logged in now (waiting or playing).
    pub fn online(&self) -> usize {
        self.names.len()
    }

    /// The pending game's id and its map's player count.
    pub fn pending(&self) -> (u64, usize) {
        (self.pending.id, self.pending.map.players())
    }

    fn release(&mut self, name: &str) {
        if let Some(n) = self.names.get_mut(name) {
            *n -= 1;
            if *n == 0 {
                self.names.remove(name);
            }
        }
    }

    /// Takes the pending game out and creates the next one.
    fn take(&mut self, maps: &MapPool, config: &ServerConfig) -> Pending {
        let next = new_pending(self.next_id, maps, config, self.online());
        self.next_id += 1;
        std::mem::replace(&mut self.pending, next)
    }
}

/// Queues a logged-in player: rejected when the name already is in as many games as
/// allowed (or waits in the pending game); starts the game once it is full.
pub(crate) fn join(shared: &Arc<Shared>, name: String, conn: Conn) {
    let config = &shared.config;
    let Ok(mut lobby) = shared.lobby.lock() else {
        return conn.reject("the server is shutting down.");
    };
    let queued = lobby.pending.seats.iter().any(|(n, _)| *n == name);
    let games = lobby.names.get(&name).copied().unwrap_or(0);
    if queued {
        let id = lobby.pending.id;
        drop(lobby);
        return conn.reject(&format!("{name} is already queued for game {id}"));
    }
    if games >= config.games_per_name {
        drop(lobby);
        return conn.reject(&format!("{name} is already running a game."));
    }
    *lobby.names.entry(name.clone()).or_insert(0) += 1;
    lobby.pending.seats.push((name, conn));
    lobby.pending.since.get_or_insert_with(Instant::now);
    if lobby.pending.seats.len() >= lobby.pending.map.players() {
        let game = lobby.take(&shared.maps, config);
        drop(lobby);
        start(shared, game, 0);
    }
}

/// Drops waiting clients that left and fills a game that waited long enough with house
/// bots; runs every [`TICK`] until the process ends.
pub(crate) fn tick_forever(shared: &Arc<Shared>) {
    loop {
        std::thread::sleep(TICK);
        tick(shared);
    }
}

fn tick(shared: &Arc<Shared>) {
    let config = &shared.config;
    let Ok(mut lobby) = shared.lobby.lock() else {
        return;
    };
    let seats = std::mem::take(&mut lobby.pending.seats);
    let mut gone = Vec::new();
    for (name, conn) in seats {
        if conn.still_there() {
            lobby.pending.seats.push((name, conn));
        } else {
            gone.push(name);
        }
    }
    for name in &gone {
        tracing::info!("{name} left while waiting for game {}", lobby.pending.id);
        lobby.release(name);
    }
    if lobby.pending.seats.is_empty() {
        lobby.pending.since = None;
        return;
    }
    let waited = lobby
        .pending
        .since
        .is_some_and(|t| t.elapsed() >= config.house_wait);
    if !config.house.is_empty() && waited {
        let game = lobby.take(&shared.maps, config);
        drop(lobby);
        let house = game.map.players() - game.seats.len();
        start(shared, game, house);
    }
}

/// Starts `game` with `house` house seats on a thread of its own.
fn start(shared: &Arc<Shared>, game: Pending, house: usize) {
    let mut seats: Vec<Seat> = game
        .seats
        .into_iter()
        .map(|(name, conn)| Seat::Player(name, conn))
        .collect();
    let specs = &shared.config.house;
    let first = (game.seed % specs.len().max(1) as u64) as usize;
    for k in 0..house {
        seats.push(Seat::House(specs[(first + k) % specs.len()].clone()));
    }
    let started = play::Started {
        id: game.id,
        seed: game.seed,
        map: game.map,
        seats,
    };
    let shared = shared.clone();
    let id = started.id;
    let players: Vec<String> = started
        .seats
        .iter()
        .filter_map(|s| match s {
            Seat::Player(n, _) => Some(n.clone()),
            Seat::House(_) => None,
        })
        .collect();
    let spawned = std::thread::Builder::new()
        .name(format!("ants-game-{id}"))
        .spawn(move || {
            // A game that fails in any way still frees its players' names.
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                play::run(&shared, started);
            }));
            if run.is_err() {
                tracing::error!("game {id} failed; its players are free again");
            }
            if let Ok(mut lobby) = shared.lobby.lock() {
                for n in &players {
                    lobby.release(n);
                }
            }
        });
    if let Err(e) = spawned {
        tracing::error!("cannot start game {id}: {e}");
    }
}

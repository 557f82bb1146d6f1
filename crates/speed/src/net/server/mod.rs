//! A spe_ed server speaking the official protocol (§7, §8): websocket at
//! `/spe_ed?key=…` (403 for an empty or unknown key, 429 for a key in use), the time
//! endpoint `/spe_ed_time`, a lobby that starts a game when N players joined or fills
//! the free seats with server AIs after `wait`, and the round loop of §4: state with a
//! deadline to every connection, an input phase with the first-valid-answer rule
//! (invalid, duplicate, undecodable, closed and missing answers as in §5.2/§7.4/§7.5),
//! the engine step, the final state with pseudonyms, then the connections are dropped
//! without a close frame. Every game is written in the golden JSON-lines format.
//! This module holds the configuration, the lobby and the connections; the game itself
//! (controllers, round loop, input phase) is in the private `round` module.
//! Connections are bounded in number and time ([`super::http`]).
//!
//! [`Server::run_match`] hosts one game with fixed seats instead of the lobby: websocket
//! clients by key next to server AIs, as [`super::hosted`] uses it for external programs.

use std::collections::{BTreeSet, VecDeque};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use futures_util::stream::SplitStream;
use futures_util::{SinkExt as _, StreamExt as _};
use rand::seq::SliceRandom as _;
use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use tokio::net::TcpListener;
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;

mod round;

use round::{Controller, run_game};

use super::NetError;
use super::clock::{now_millis, time_body};
use super::http::Limits;
use crate::ai::BOTS;
use crate::engine::AnswerStatus;
use crate::protocol::{ParsedAnswer, parse_answer};
use crate::state::{GameState, PlayerId};

/// Server settings.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Players per game; `None` draws 2 … 6 per lobby as the official server does.
    pub players: Option<usize>,
    /// AI specs to fill free seats with, drawn without repeating an entry.
    pub fill: Vec<String>,
    /// How long a lobby waits for players before filling.
    pub wait: Duration,
    /// Seed of every random choice (lobby sizes, boards, time-outs, AI draws).
    pub seed: u64,
    /// Directory for the golden logs (`None`: no logs).
    pub log_dir: Option<PathBuf>,
    /// Stop after this many games (`None`: serve forever).
    pub games: Option<usize>,
    /// Allowed keys (`None`: any non-empty key).
    pub keys: Option<BTreeSet<String>>,
    /// Per-round time-out range in whole seconds (official: 5 … 15).
    pub round_secs: (u64, u64),
    /// Grace after the deadline (official: 2 s).
    pub grace: Duration,
    /// Thinking time of each server AI per round.
    pub ai_budget: Duration,
    /// Connection cap and time limits.
    pub limits: Limits,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            players: None,
            fill: crate::ai::DEFAULT_LINEUP
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
            wait: Duration::from_mins(5),
            seed: 1,
            log_dir: None,
            games: None,
            keys: None,
            round_secs: (5, 15),
            grace: Duration::from_secs(2),
            ai_budget: Duration::from_millis(200),
            limits: Limits::default(),
        }
    }
}

/// Reads a key file: one key per line; empty lines and `#` comments ignored.
pub fn parse_keys(text: &str) -> BTreeSet<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameSummary {
    /// 0-based number of the game on this server.
    pub index: usize,
    /// Seed the game was set up with.
    pub seed: u64,
    /// Who controlled each player id: `websocket` or the AI spec.
    pub controllers: Vec<(PlayerId, String)>,
    /// Processed rounds.
    pub rounds: u32,
    /// The final state.
    pub final_state: GameState,
    /// The written log, if any.
    pub log: Option<PathBuf>,
    /// Per seat, the answer status that eliminated the player (`missing`, `invalid`,
    /// `duplicate`, `closed`), `None` when it was not eliminated for its answer.
    pub eliminated_by: Vec<Option<AnswerStatus>>,
    /// Per seat, the last round in which the player was active.
    pub last_active: Vec<u32>,
    /// Per seat, whether it had a player: `false` for a [`MatchSeat::Client`] that never
    /// connected.
    pub connected: Vec<bool>,
}

/// Who plays one seat of a [`Match`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchSeat {
    /// A websocket client that connects with this key.
    Client {
        /// The client's key (unique within the match).
        key: String,
    },
    /// A bot played by the server.
    Bot {
        /// The bot's spec.
        spec: String,
        /// The bot's seed.
        seed: u64,
    },
}

/// One game with fixed seats for [`Server::run_match`]: seat `i` is player `i + 1`.
#[derive(Clone, Debug)]
pub struct Match {
    /// Seed of the board and the round time-outs.
    pub seed: u64,
    /// The seats (2 … 6).
    pub seats: Vec<MatchSeat>,
    /// How long to wait for the clients to connect before the game starts without them.
    pub connect_timeout: Duration,
    /// Where to write the game log (`None`: nowhere).
    pub log: Option<PathBuf>,
}

/// A bound, not yet running server.
#[derive(Debug)]
pub struct Server {
    listener: TcpListener,
    config: ServerConfig,
}

/// Messages received from one connection, waiting for an input phase (§7.5).
#[derive(Default)]
struct Inbox {
    queue: Mutex<(VecDeque<ParsedAnswer>, bool)>,
}

/// Queue length after which further messages are dropped (§7.5).
const QUEUE: usize = 5;

impl Inbox {
    fn push(&self, a: ParsedAnswer) {
        let mut q = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        if q.0.len() < QUEUE {
            q.0.push_back(a);
        }
    }

    fn close(&self) {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner).1 = true;
    }

    /// The next queued message, or `Err(())` when the queue is empty and reading stopped.
    fn pop(&self) -> Result<Option<ParsedAnswer>, ()> {
        let mut q = self.queue.lock().unwrap_or_else(PoisonError::into_inner);
        match q.0.pop_front() {
            Some(a) => Ok(Some(a)),
            None if q.1 => Err(()),
            None => Ok(None),
        }
    }
}

/// A websocket player waiting in the lobby or playing.
struct Seat {
    key: String,
    inbox: Arc<Inbox>,
    out: mpsc::UnboundedSender<String>,
}

struct Shared {
    keys: Option<BTreeSet<String>>,
    in_use: Mutex<BTreeSet<String>>,
    lobby: mpsc::UnboundedSender<Seat>,
    notify: Arc<Notify>,
    accepting: AtomicBool,
}

impl Shared {
    fn new(keys: Option<BTreeSet<String>>, lobby: mpsc::UnboundedSender<Seat>) -> Arc<Shared> {
        Arc::new(Shared {
            keys,
            in_use: Mutex::new(BTreeSet::new()),
            lobby,
            notify: Arc::new(Notify::new()),
            accepting: AtomicBool::new(true),
        })
    }
}

/// Releases a key when the connection (or a failed upgrade) ends.
struct KeyGuard {
    key: String,
    shared: Arc<Shared>,
}

impl Drop for KeyGuard {
    fn drop(&mut self) {
        self.shared
            .in_use
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.key);
    }
}

/// What [`Server::bind`] checks before it binds: fill specs and the log directory (fail at
/// start-up, not silently after the first game).
fn check_config(config: &ServerConfig) -> Result<(), NetError> {
    for spec in &config.fill {
        BOTS.build(spec, 0)?;
    }
    if let Some(dir) = &config.log_dir {
        std::fs::create_dir_all(dir).map_err(|source| NetError::Io {
            context: format!("creating {}", dir.display()),
            source,
        })?;
        let probe = dir.join(".botforge-write-check");
        outfile::write(&probe, b"")
            .and_then(|()| std::fs::remove_file(&probe))
            .map_err(|source| NetError::Io {
                context: format!("log directory {} is not writable", dir.display()),
                source,
            })?;
    }
    Ok(())
}

impl Server {
    /// Checks the configuration (every `fill` spec builds, the log directory exists or can
    /// be created and takes files) and binds the listening socket (`127.0.0.1:0` picks a
    /// free port): a server that binds is one that can serve, so its address is announced
    /// only then.
    pub async fn bind(addr: &str, config: ServerConfig) -> Result<Server, NetError> {
        check_config(&config)?;
        let listener = TcpListener::bind(addr)
            .await
            .map_err(|source| NetError::Io {
                context: format!("binding {addr}"),
                source,
            })?;
        Ok(Server { listener, config })
    }

    /// The bound address.
    pub fn local_addr(&self) -> Result<SocketAddr, NetError> {
        self.listener.local_addr().map_err(|source| NetError::Io {
            context: "local address".into(),
            source,
        })
    }

    /// Serves until `config.games` games have finished (forever without a limit) and
    /// returns their summaries in start order.
    pub async fn run(self) -> Result<Vec<GameSummary>, NetError> {
        let (lobby_tx, lobby_rx) = mpsc::unbounded_channel();
        let shared = Shared::new(self.config.keys.clone(), lobby_tx);
        let config = Arc::new(self.config);
        let games = lobby(lobby_rx, config.clone(), shared.notify.clone());
        serve_until(self.listener, shared, config.limits, games).await
    }

    /// Hosts one game with the fixed seats of `game`: waits up to
    /// `game.connect_timeout` for every client (by its key; other keys get 403), stops
    /// waiting for seat `i` as soon as `gone(i)` says its client cannot come any more, and
    /// plays the game; a client that did not connect is eliminated in round 1. Round
    /// time-outs, grace, AI budget and limits come from the server config.
    pub async fn run_match(
        self,
        game: Match,
        mut gone: impl FnMut(usize) -> bool + Send + 'static,
    ) -> Result<GameSummary, NetError> {
        let n = game.seats.len();
        if !(1..=6).contains(&n) {
            return Err(NetError::Connection(format!(
                "a game needs 1 to 6 seats, got {n}"
            )));
        }
        let mut keys = BTreeSet::new();
        for seat in &game.seats {
            match seat {
                MatchSeat::Client { key } => {
                    if key.is_empty() || !keys.insert(key.clone()) {
                        return Err(NetError::Connection(format!(
                            "client keys must be non-empty and unique, got {key:?}"
                        )));
                    }
                }
                MatchSeat::Bot { spec, .. } => drop(BOTS.build(spec, 0)?),
            }
        }
        let (lobby_tx, mut lobby_rx) = mpsc::unbounded_channel::<Seat>();
        let shared = Shared::new(Some(keys), lobby_tx);
        let config = Arc::new(self.config);
        let limits = config.limits;
        let notify = shared.notify.clone();
        let play = async move {
            let mut sockets: Vec<Option<Seat>> = game.seats.iter().map(|_| None).collect();
            let mut given_up = vec![false; n];
            let until = Instant::now() + game.connect_timeout;
            loop {
                let waiting: Vec<usize> = (0..n)
                    .filter(|&i| {
                        matches!(game.seats[i], MatchSeat::Client { .. })
                            && sockets[i].is_none()
                            && !given_up[i]
                    })
                    .collect();
                if waiting.is_empty() {
                    break;
                }
                let poll = (Instant::now() + Duration::from_millis(50)).min(until);
                match tokio::time::timeout_at(poll, lobby_rx.recv()).await {
                    Ok(Some(seat)) => {
                        let i = game.seats.iter().position(
                            |s| matches!(s, MatchSeat::Client { key } if *key == seat.key),
                        );
                        if let Some(i) = i {
                            sockets[i] = Some(seat);
                        }
                    }
                    Ok(None) => break,
                    Err(_) if Instant::now() >= until => break,
                    Err(_) => {
                        for i in waiting {
                            given_up[i] = gone(i);
                        }
                    }
                }
            }
            let mut controllers = Vec::with_capacity(n);
            for (seat, socket) in game.seats.iter().zip(sockets) {
                controllers.push(match (seat, socket) {
                    (MatchSeat::Client { .. }, Some(s)) => Controller::Socket(s),
                    (MatchSeat::Client { .. }, None) => Controller::Absent,
                    (MatchSeat::Bot { spec, seed }, _) => {
                        Controller::Server(BOTS.build(spec, *seed)?, spec.clone())
                    }
                });
            }
            let name = game.log.as_ref().and_then(|p| p.file_stem()).map_or_else(
                || format!("match-{:016x}", game.seed),
                |s| s.to_string_lossy().into_owned(),
            );
            let summary =
                run_game(0, game.seed, controllers, config, notify, (name, game.log)).await?;
            Ok(vec![summary])
        };
        let mut summaries = serve_until(self.listener, shared, limits, play).await?;
        summaries
            .pop()
            .ok_or_else(|| NetError::Connection("the game did not finish".into()))
    }
}

/// Serves the websocket and time endpoints on `listener` until `games` ends; from then on
/// new connections get 503.
async fn serve_until(
    listener: TcpListener,
    shared: Arc<Shared>,
    limits: Limits,
    games: impl Future<Output = Result<Vec<GameSummary>, NetError>>,
) -> Result<Vec<GameSummary>, NetError> {
    let app = Router::new()
        .route("/spe_ed", get(ws_handler))
        .route("/spe_ed_time", get(time_handler))
        .with_state(shared.clone());
    let serve = super::http::serve(listener, app, limits);
    tokio::pin!(serve);
    tokio::select! {
        r = &mut serve => {
            r.map_err(|source| NetError::Io { context: "serving".into(), source })?;
            Err(NetError::Connection("the listener stopped".into()))
        }
        r = games => {
            shared.accepting.store(false, Ordering::SeqCst);
            // Dropping `serve` closes every connection at once: keep serving until the open
            // ones have sent what is queued for them (the final state), at most
            // `CLOSE_DRAIN`.
            let drained = async {
                while !shared
                    .in_use
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .is_empty()
                {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            };
            tokio::select! {
                _ = &mut serve => {}
                _ = tokio::time::timeout(CLOSE_DRAIN, drained) => {}
            }
            r
        }
    }
}

/// How long a server that has played its games keeps serving its open connections.
const CLOSE_DRAIN: Duration = Duration::from_secs(2);

async fn time_handler() -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
            (header::CACHE_CONTROL, "no-cache, no-store, must-revalidate"),
        ],
        time_body(now_millis()),
    )
        .into_response()
}

/// The `key` query parameter, percent-decoded.
fn query_key(query: Option<&str>) -> String {
    let Some(q) = query else {
        return String::new();
    };
    let Some(raw) = q.split('&').find_map(|kv| kv.strip_prefix("key=")) else {
        return String::new();
    };
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        match (
            b[i],
            b.get(i + 1).copied().and_then(hex),
            b.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b'+', _, _) => {
                out.push(b' ');
                i += 1;
            }
            (c, _, _) => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

async fn ws_handler(
    State(shared): State<Arc<Shared>>,
    RawQuery(query): RawQuery,
    ws: WebSocketUpgrade,
) -> Response {
    if !shared.accepting.load(Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, "server is shutting down").into_response();
    }
    let key = query_key(query.as_deref());
    if key.is_empty() || shared.keys.as_ref().is_some_and(|k| !k.contains(&key)) {
        return (StatusCode::FORBIDDEN, "empty or unknown key").into_response();
    }
    if !shared
        .in_use
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key.clone())
    {
        return (StatusCode::TOO_MANY_REQUESTS, "key already in use").into_response();
    }
    let guard = KeyGuard {
        key,
        shared: shared.clone(),
    };
    ws.on_upgrade(move |socket| connection(socket, guard))
}

/// One websocket connection: joins the lobby, writes every state the game sends, reads
/// answers into its inbox; ends (dropping the socket, no close frame) when the game
/// drops its seat or a write fails.
async fn connection(socket: WebSocket, guard: KeyGuard) {
    let shared = guard.shared.clone();
    let (mut sink, stream) = socket.split();
    let inbox = Arc::new(Inbox::default());
    let (out, mut out_rx) = mpsc::unbounded_channel::<String>();
    let seat = Seat {
        key: guard.key.clone(),
        inbox: inbox.clone(),
        out,
    };
    if shared.lobby.send(seat).is_err() {
        return;
    }
    let reader = tokio::spawn(read_loop(stream, inbox.clone(), shared.notify.clone()));
    while let Some(text) = out_rx.recv().await {
        if sink.send(Message::text(text)).await.is_err() {
            break;
        }
    }
    reader.abort();
    inbox.close();
    shared.notify.notify_waiters();
    drop(guard);
}

/// Reads answers with the reference server's 10 ms pause before every read; stops for
/// good on a closed connection or an undecodable message (§7.4).
async fn read_loop(mut stream: SplitStream<WebSocket>, inbox: Arc<Inbox>, notify: Arc<Notify>) {
    loop {
        tokio::time::sleep(Duration::from_millis(10)).await;
        let parsed = match stream.next().await {
            Some(Ok(Message::Text(t))) => parse_answer(t.as_str()),
            Some(Ok(Message::Binary(b))) => {
                std::str::from_utf8(&b).map_or(ParsedAnswer::Undecodable, parse_answer)
            }
            Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
            Some(Ok(Message::Close(_)) | Err(_)) | None => ParsedAnswer::Undecodable,
        };
        if parsed == ParsedAnswer::Undecodable {
            inbox.close();
            notify.notify_waiters();
            return;
        }
        inbox.push(parsed);
        notify.notify_waiters();
    }
}

/// Collects lobbies and starts games until the game limit, then waits for them.
async fn lobby(
    mut rx: mpsc::UnboundedReceiver<Seat>,
    config: Arc<ServerConfig>,
    notify: Arc<Notify>,
) -> Result<Vec<GameSummary>, NetError> {
    let mut rng = ChaCha8Rng::seed_from_u64(config.seed);
    let mut games = Vec::new();
    let mut started = 0;
    while config.games.is_none_or(|g| started < g) {
        let Some(first) = rx.recv().await else { break };
        let n = config
            .players
            .unwrap_or_else(|| rng.random_range(2..=6))
            .clamp(1, 6);
        let until = Instant::now() + config.wait;
        let mut seats = vec![first];
        while seats.len() < n {
            match tokio::time::timeout_at(until, rx.recv()).await {
                Ok(Some(s)) => seats.push(s),
                Ok(None) | Err(_) => break,
            }
        }
        let mut pool = config.fill.clone();
        pool.shuffle(&mut rng);
        let mut controllers: Vec<Controller> = seats.into_iter().map(Controller::Socket).collect();
        for spec in pool.iter().cycle().take(n - controllers.len()) {
            let ai = BOTS.build(spec, rng.random())?;
            controllers.push(Controller::Server(ai, spec.clone()));
        }
        let seed: u64 = rng.random();
        let index = started;
        started += 1;
        if config.games.is_none() {
            // Serving forever nobody collects the summaries: keep only running games.
            games.retain(|g: &tokio::task::JoinHandle<_>| !g.is_finished());
        }
        let stem = format!("game-{index:04}-{seed:016x}");
        let log = config
            .log_dir
            .as_ref()
            .map(|dir| dir.join(format!("{stem}.jsonl")));
        games.push(tokio::spawn(run_game(
            index,
            seed,
            controllers,
            config.clone(),
            notify.clone(),
            (stem, log),
        )));
    }
    drop(rx);
    let mut out = Vec::with_capacity(games.len());
    for g in games {
        out.push(
            g.await
                .map_err(|e| NetError::Connection(format!("game task failed: {e}")))??,
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Action;

    #[test]
    fn keys_file_and_query() {
        let k = parse_keys("# comment\n\nabc\n  def  \n");
        assert_eq!(k.into_iter().collect::<Vec<_>>(), ["abc", "def"]);
        assert_eq!(query_key(Some("x=1&key=a%2Fb+c")), "a/b c");
        assert_eq!(query_key(Some("key=")), "");
        assert_eq!(query_key(None), "");
        assert_eq!(query_key(Some("key=%zz")), "%zz");
    }

    #[test]
    fn inbox_keeps_five_and_reports_close_after_the_queue() {
        let inbox = Inbox::default();
        for _ in 0..7 {
            inbox.push(ParsedAnswer::Valid(Action::TurnLeft));
        }
        inbox.close();
        let mut n = 0;
        while let Ok(Some(_)) = inbox.pop() {
            n += 1;
        }
        assert_eq!(n, 5);
        assert!(inbox.pop().is_err());
    }
}

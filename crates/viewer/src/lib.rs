//! The botforge viewer: a local web server (axum) whose pages show Ants replays, spe_ed logs,
//! Wumpus games and economy games, and list recent games from the results store. Every page
//! asset is compiled into the binary; nothing is fetched from the network.

mod assets;
pub mod economy_api;
mod files;
pub mod ladder;
mod speed_api;
pub mod visualizer;
mod wumpus_api;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
pub use ladder::{LadderConfig, ladder_router, serve_ladder};
pub use speed::net::http::Limits;

/// Most live games (spe_ed and economy, each) kept at once; the oldest is dropped first.
pub const MAX_SESSIONS: usize = 64;

/// Where the viewer finds its data.
#[derive(Clone, Debug)]
pub struct ViewerConfig {
    /// The results database listed on the start page (need not exist).
    pub db: PathBuf,
    /// Files (replays, logs, worlds) may only be served from below this directory.
    pub root: PathBuf,
}

/// Shared state of the request handlers.
pub struct AppState {
    config: ViewerConfig,
    root: PathBuf,
    speed: std::sync::Mutex<speed_api::Games>,
    economy: std::sync::Mutex<economy_api::Games>,
}

/// The viewer's routes (also used by tests without a socket).
pub fn router(config: ViewerConfig) -> anyhow::Result<Router> {
    let root = config
        .root
        .canonicalize()
        .with_context(|| format!("viewer root {}", config.root.display()))?;
    let state = Arc::new(AppState {
        config,
        root,
        speed: std::sync::Mutex::default(),
        economy: std::sync::Mutex::default(),
    });
    Ok(Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route("/ants", get(|| async { assets::page("ants.html") }))
        .route("/speed", get(|| async { assets::page("speed.html") }))
        .route("/wumpus", get(|| async { assets::page("wumpus.html") }))
        .route("/economy", get(|| async { assets::page("economy.html") }))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/wumpus/trace", get(wumpus_api::trace))
        .route("/api/wumpus/bots", get(wumpus_api::bots))
        .route("/api/economy/bots", get(economy_api::bots))
        .route("/api/economy/new", post(economy_api::new_game))
        .route("/api/economy/game/{id}", get(economy_api::get_game))
        .route("/api/economy/game/{id}/next", post(economy_api::next_round))
        .route("/api/speed/bots", get(speed_api::bots))
        .route(
            "/api/speed/log",
            get(speed_api::log_file).post(speed_api::log_text),
        )
        .route("/api/speed/new", post(speed_api::new_game))
        .route("/api/speed/game/{id}", get(speed_api::get_game))
        .route("/api/speed/game/{id}/action", post(speed_api::act))
        .route("/api/speed/game/{id}/log", get(speed_api::game_log))
        .route("/api/games", get(games))
        .route("/api/file", get(files::file))
        .route("/api/ants/visualizer", get(visualizer::visualizer))
        .with_state(state))
}

/// Serves the viewer on `addr` until the process is stopped.
pub async fn serve(addr: SocketAddr, config: ViewerConfig) -> anyhow::Result<()> {
    serve_ready(addr, config, |_| {}).await
}

/// [`serve`], calling `ready` with the bound address once the viewer listens (so a URL is
/// announced only when it works).
pub async fn serve_ready(
    addr: SocketAddr,
    config: ViewerConfig,
    ready: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    serve_limited(addr, config, Limits::default(), ready).await
}

/// [`serve_ready`] within explicit connection limits (cap, handshake and request
/// time-outs; see [`speed::net::http`] and `docs/limits.md`).
pub async fn serve_limited(
    addr: SocketAddr,
    config: ViewerConfig,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    let app = router(config)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!(target: "viewer", "listening on http://{addr}");
    ready(listener.local_addr().unwrap_or(addr));
    speed::net::http::serve(listener, app, limits)
        .await
        .context("viewer server failed")
}

#[derive(serde::Deserialize)]
struct GamesQuery {
    #[serde(default = "default_limit")]
    limit: usize,
}

fn default_limit() -> usize {
    200
}

/// Recent games from the results store, newest first.
async fn games(State(state): State<Arc<AppState>>, Query(q): Query<GamesQuery>) -> Response {
    let db = state.config.db.clone();
    if !db.exists() {
        return Json(serde_json::json!([])).into_response();
    }
    let result = tokio::task::spawn_blocking(move || -> anyhow::Result<_> {
        let store = arena::Store::open(&db)?;
        let mut games = store.matches(None)?;
        games.reverse();
        games.truncate(q.limit);
        Ok(games)
    })
    .await;
    match result {
        Ok(Ok(games)) => Json(games).into_response(),
        Ok(Err(e)) => (StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")).into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

//! The botforge viewer: a local web server (axum) whose pages show Ants replays, spe_ed logs,
//! Wumpus games and economy games, and list recent games from the results store. Every page
//! asset is compiled into the binary; nothing is fetched from the network.

mod assets;
mod files;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;

/// Where the viewer finds its data.
#[derive(Clone, Debug)]
pub struct ViewerConfig {
    /// The results database listed on the start page (need not exist).
    pub db: PathBuf,
    /// Files (replays, logs, worlds) may only be served from below this directory.
    pub root: PathBuf,
}

/// Shared state of the request handlers.
#[derive(Debug)]
pub struct AppState {
    config: ViewerConfig,
    root: PathBuf,
}

/// The viewer's routes (also used by tests without a socket).
pub fn router(config: ViewerConfig) -> anyhow::Result<Router> {
    let root = config
        .root
        .canonicalize()
        .with_context(|| format!("viewer root {}", config.root.display()))?;
    let state = Arc::new(AppState { config, root });
    Ok(Router::new()
        .route("/", get(|| async { assets::page("index.html") }))
        .route("/ants", get(|| async { assets::page("ants.html") }))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/games", get(games))
        .route("/api/file", get(files::file))
        .with_state(state))
}

/// Serves the viewer on `addr` until the process is stopped.
pub async fn serve(addr: SocketAddr, config: ViewerConfig) -> anyhow::Result<()> {
    let app = router(config)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!(target: "viewer", "listening on http://{addr}");
    axum::serve(listener, app).await.context("viewer server failed")
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

//! The ladder on the web: the pages of an Ants game server (as the 2011 TCP servers had on
//! port 2080), read from the results store of one run.
//!
//! Pages: `/` recent games, `/ranking` (paged), `/player/<name>`, `/maps`, `/map/<name>`,
//! `/replay/<id>` (the Ants replay viewer on that game's stored replay) and `/howto`; the
//! JSON behind them is under `/api/ladder/`. The pages poll `/api/ladder/status` and
//! reload their data when a game was stored, so they follow the server without a manual
//! reload. Ratings are TrueSkill on the 2011 scale, recomputed from the stored results
//! (`ladder::data`); nothing is written to the store, and a missing SQLite file is not
//! created.

mod data;
mod maps;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use anyhow::Context;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use serde_json::{Value, json};

pub use data::{COST_FACTOR, GameView, HOUSE, REFRESH, RankRow, SeatView};

use crate::Limits;
use crate::assets;
use data::{Cache, Snapshot};

/// Rows of a page when the request names none.
pub const PAGE_SIZE: usize = 50;
/// Most rows of one page (`per=`).
pub const MAX_PAGE_SIZE: usize = 200;
/// Largest replay file served.
pub const MAX_REPLAY_BYTES: u64 = ants::replay::MAX_REPLAY_BYTES;
/// Largest client script served.
const MAX_SCRIPT_BYTES: u64 = 1 << 20;

/// What the ladder shows.
#[derive(Clone, Debug)]
pub struct LadderConfig {
    /// The results store: a SQLite path or a `postgres://` URL (the server's `--db`).
    pub db: String,
    /// The run whose games are shown (e.g. `ants-ladder`).
    pub run: String,
    /// The server's map folder (for `/maps`).
    pub maps: PathBuf,
    /// `host:port` of the game server, shown on `/howto`.
    pub game_addr: String,
}

struct LadderState {
    config: LadderConfig,
    client_script: Option<PathBuf>,
    cache: Mutex<Cache>,
    maps: Mutex<maps::Maps>,
    replay_page: String,
}

type Shared = Arc<LadderState>;

/// The ladder's routes (tests use them without a socket); no client script is served.
pub fn ladder_router(config: LadderConfig) -> anyhow::Result<Router> {
    ladder_router_with(config, None)
}

/// [`ladder_router`] that also serves the 2011 client `tcpclient.py` from `client_script`
/// at `/tcpclient.py` (botforge does not ship it; see `docs/ants-ladder.md`).
pub fn ladder_router_with(
    config: LadderConfig,
    client_script: Option<PathBuf>,
) -> anyhow::Result<Router> {
    anyhow::ensure!(!config.run.is_empty(), "the ladder needs a run name");
    if let Some(p) = &client_script {
        anyhow::ensure!(p.is_file(), "client script {} is not a file", p.display());
    }
    let state = Arc::new(LadderState {
        cache: Mutex::new(Cache::new(&config.db, &config.run)),
        maps: Mutex::new(maps::Maps::new(&config.maps)),
        replay_page: replay_page()?,
        client_script,
        config,
    });
    Ok(Router::new()
        .route("/", get(page))
        .route("/ranking", get(page))
        .route("/maps", get(page))
        .route("/howto", get(page))
        .route("/player/{name}", get(player_page))
        .route("/map/{name}", get(map_page))
        .route("/replay/{id}", get(replay_viewer))
        .route("/tcpclient.py", get(client_script_file))
        .route("/assets/{name}", get(assets::asset))
        .route("/api/ladder/status", get(status))
        .route("/api/ladder/games", get(games))
        .route("/api/ladder/ranking", get(ranking))
        .route("/api/ladder/player/{name}", get(player))
        .route("/api/ladder/maps", get(map_list))
        .route("/api/ladder/map/{name}", get(map_one))
        .route("/api/ladder/replay/{id}", get(replay_file))
        .route("/api/ladder/howto", get(howto))
        .fallback(fallback)
        .with_state(state))
}

/// Serves the ladder on `addr` within `limits` until the process stops, calling `ready`
/// with the bound address once it listens.
pub async fn serve_ladder(
    addr: SocketAddr,
    config: LadderConfig,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    serve_ladder_with(addr, config, None, limits, ready).await
}

/// [`serve_ladder`] that also serves `client_script` at `/tcpclient.py`.
pub async fn serve_ladder_with(
    addr: SocketAddr,
    config: LadderConfig,
    client_script: Option<PathBuf>,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> anyhow::Result<()> {
    let app = ladder_router_with(config, client_script)?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let bound = listener.local_addr().unwrap_or(addr);
    tracing::info!(target: "viewer", "ladder on http://{bound}");
    ready(bound);
    speed::net::http::serve(listener, app, limits)
        .await
        .context("ladder web server failed")
}

/// The Ants viewer page with the ladder's navigation and the replay of the game in the
/// URL (`ladder-replay.js` points the viewer's file loading at `/api/ladder/replay/<id>`).
fn replay_page() -> anyhow::Result<String> {
    let (_, html) = assets::lookup("ants.html").context("ants.html is not bundled")?;
    let start = html.find("<header>").context("ants.html has no <header>")?;
    let end = html[start..]
        .find("</header>")
        .map(|i| start + i + "</header>".len())
        .context("ants.html has no </header>")?;
    let script = "<script src=\"/assets/ants.js\">";
    anyhow::ensure!(html.contains(script), "ants.html does not load ants.js");
    let page = format!("{}{NAV}{}", &html[..start], &html[end..]).replacen(
        script,
        &format!("<script src=\"/assets/ladder-replay.js\"></script>\n{script}"),
        1,
    );
    Ok(page.replacen(
        "<title>Ants replay — botforge</title>",
        "<title>Replay — botforge ladder</title>",
        1,
    ))
}

/// The navigation bar of every ladder page.
const NAV: &str = "<header><h1>botforge ladder</h1><a href=\"/\">games</a><a href=\"/ranking\">ranking</a><a href=\"/maps\">maps</a><a href=\"/howto\">how to join</a></header>";

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

fn ladder_html(status: StatusCode) -> Response {
    match assets::lookup("ladder.html") {
        Some((_, body)) => html(status, body.to_owned()),
        None => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

fn not_found_page() -> Response {
    ladder_html(StatusCode::NOT_FOUND)
}

/// Unknown paths: the 2011 servers' `/replay.<id>` links go to `/replay/<id>`; anything
/// else is the 404 page.
async fn fallback(uri: axum::http::Uri) -> Response {
    match uri.path().strip_prefix("/replay.") {
        Some(id) if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) => {
            axum::response::Redirect::permanent(&format!("/replay/{id}")).into_response()
        }
        _ => not_found_page(),
    }
}

async fn page() -> Response {
    ladder_html(StatusCode::OK)
}

/// The current snapshot (reading the store off the async threads).
async fn snapshot(state: &Shared) -> Result<Arc<Snapshot>, Response> {
    let state = Arc::clone(state);
    blocking(move || match state.cache.lock() {
        Ok(mut cache) => Ok(cache.snapshot()),
        Err(_) => Err("the ladder's cache is unusable after a failed read".to_owned()),
    })
    .await
}

/// Runs `f` off the async threads; its error, or a task that failed, is a 500 with the
/// message as JSON.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, String> + Send + 'static,
) -> Result<T, Response> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| e.to_string())
        .and_then(|r| r)
        .map_err(|e| {
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                Json(json!({ "error": e })),
            )
                .into_response()
        })
}

fn not_found(what: &str) -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "error": what }))).into_response()
}

/// The fields every answer carries: store state and error.
fn store_fields(s: &Snapshot) -> Value {
    json!({
        "state": s.state,
        "error": s.error,
        "games_total": s.games.len(),
        "last": s.games.last().map(|g| g.id),
    })
}

fn merge(mut a: Value, b: Value) -> Value {
    if let (Some(a), Value::Object(b)) = (a.as_object_mut(), b) {
        a.extend(b);
    }
    a
}

#[derive(serde::Deserialize)]
struct PageQuery {
    page: Option<usize>,
    per: Option<usize>,
}

impl PageQuery {
    /// (page starting at 1, rows per page, first index) for `total` rows.
    fn window(&self, total: usize) -> (usize, usize, usize, usize) {
        let per = self.per.unwrap_or(PAGE_SIZE).clamp(1, MAX_PAGE_SIZE);
        let pages = total.div_ceil(per).max(1);
        let page = self.page.unwrap_or(1).clamp(1, pages);
        (page, per, pages, (page - 1) * per)
    }
}

/// `GET /api/ladder/status`: the number of stored games and the newest game's id — the
/// small answer the pages poll.
async fn status(State(state): State<Shared>) -> Response {
    match snapshot(&state).await {
        Ok(s) => Json(merge(
            store_fields(&s),
            json!({ "run": state.config.run, "players": s.ranking.len() }),
        ))
        .into_response(),
        Err(r) => r,
    }
}

/// Games newest first, paged.
fn newest_first<'a>(
    s: &'a Snapshot,
    indices: impl DoubleEndedIterator<Item = usize> + ExactSizeIterator,
    q: &PageQuery,
) -> (Value, Vec<&'a GameView>) {
    let total = indices.len();
    let (page, per, pages, skip) = q.window(total);
    let list = indices
        .rev()
        .skip(skip)
        .take(per)
        .filter_map(|i| s.games.get(i).map(AsRef::as_ref))
        .collect();
    (
        json!({ "total": total, "page": page, "per": per, "pages": pages }),
        list,
    )
}

/// `GET /api/ladder/games?page=&per=`: recent games, newest first.
async fn games(State(state): State<Shared>, Query(q): Query<PageQuery>) -> Response {
    let s = match snapshot(&state).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let (paging, list) = newest_first(&s, 0..s.games.len(), &q);
    Json(merge(
        merge(store_fields(&s), paging),
        json!({ "games": list }),
    ))
    .into_response()
}

/// `GET /api/ladder/ranking?page=&per=`: the ranking, best first.
async fn ranking(State(state): State<Shared>, Query(q): Query<PageQuery>) -> Response {
    let s = match snapshot(&state).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let total = s.ranking.len();
    let (page, per, pages, skip) = q.window(total);
    let rows: Vec<&RankRow> = s.ranking.iter().skip(skip).take(per).collect();
    Json(merge(
        store_fields(&s),
        json!({ "total": total, "page": page, "per": per, "pages": pages, "ranking": rows }),
    ))
    .into_response()
}

/// `GET /api/ladder/player/{name}?page=&per=`: one player's rating, skill after each game
/// (oldest first) and games (newest first, paged).
async fn player(
    State(state): State<Shared>,
    Path(name): Path<String>,
    Query(q): Query<PageQuery>,
) -> Response {
    let s = match snapshot(&state).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let Some(indices) = s.by_player.get(&name) else {
        return not_found(&format!("no player named {name} has played on this ladder"));
    };
    let rating = s.rank_of.get(&name).and_then(|&i| s.ranking.get(i));
    let history: Vec<Value> = indices
        .iter()
        .filter_map(|&i| s.games.get(i))
        .filter_map(|g| {
            let seat = g.seats.iter().find(|x| x.player == name)?;
            Some(json!({ "game": g.id, "skill": seat.skill, "mu": seat.mu, "sigma": seat.sigma }))
        })
        .collect();
    let (paging, list) = newest_first(&s, indices.iter().copied(), &q);
    Json(merge(
        merge(store_fields(&s), paging),
        json!({
            "player": name,
            "house": name.starts_with(HOUSE),
            "rating": rating,
            "history": history,
            "games": list,
        }),
    ))
    .into_response()
}

async fn player_page(State(state): State<Shared>, Path(name): Path<String>) -> Response {
    match snapshot(&state).await {
        Ok(s) if s.by_player.contains_key(&name) => ladder_html(StatusCode::OK),
        Ok(_) => not_found_page(),
        Err(r) => r,
    }
}

/// Runs `f` on the map listing off the async threads.
async fn with_maps<T: Send + 'static>(
    state: &Shared,
    f: impl FnOnce(&mut maps::Maps) -> T + Send + 'static,
) -> Result<T, Response> {
    let state = Arc::clone(state);
    blocking(move || match state.maps.lock() {
        Ok(mut m) => Ok(f(&mut m)),
        Err(_) => Err("the map listing is unusable after a failed read".to_owned()),
    })
    .await
}

/// `GET /api/ladder/maps`: the maps of the server's folder with the games played on each.
async fn map_list(State(state): State<Shared>) -> Response {
    let (list, error) = match with_maps(&state, maps::Maps::list).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let s = match snapshot(&state).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let mut played: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for g in &s.games {
        *played.entry(g.map.as_str()).or_default() += 1;
    }
    let rows: Vec<Value> = list
        .iter()
        .map(|m| {
            merge(
                json!(m),
                json!({ "games": played.get(m.name.as_str()).copied().unwrap_or(0) }),
            )
        })
        .collect();
    Json(json!({ "maps": rows, "error": error })).into_response()
}

/// `GET /api/ladder/map/{name}`: one map's tiles and its latest games.
async fn map_one(State(state): State<Shared>, Path(name): Path<String>) -> Response {
    let wanted = name.clone();
    let map = match with_maps(&state, move |m| m.get(&wanted)).await {
        Ok(Some(m)) => m,
        Ok(None) => return not_found(&format!("no map named {name} in the server's map folder")),
        Err(r) => return r,
    };
    let s = match snapshot(&state).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let recent: Vec<&GameView> = s
        .games
        .iter()
        .rev()
        .filter(|g| g.map == name)
        .take(PAGE_SIZE)
        .map(AsRef::as_ref)
        .collect();
    Json(merge(json!(map), json!({ "recent": recent }))).into_response()
}

async fn map_page(State(state): State<Shared>, Path(name): Path<String>) -> Response {
    match with_maps(&state, move |m| m.get(&name).is_some()).await {
        Ok(true) => ladder_html(StatusCode::OK),
        Ok(false) => not_found_page(),
        Err(r) => r,
    }
}

/// The stored replay path of game `id`, or the error answer.
async fn replay_path(state: &Shared, id: &str) -> Result<String, Response> {
    let s = snapshot(state).await?;
    let found = id
        .parse::<i64>()
        .ok()
        .and_then(|n| s.replays.get(&n).cloned());
    found.ok_or_else(|| not_found(&format!("no stored replay of game {id}")))
}

async fn replay_viewer(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    match replay_path(&state, &id).await {
        Ok(_) => html(StatusCode::OK, state.replay_page.clone()),
        Err(_) => not_found_page(),
    }
}

/// `GET /api/ladder/replay/{id}`: the replay file the store names for game `id` (only
/// that path; nothing else on disk can be requested).
async fn replay_file(State(state): State<Shared>, Path(id): Path<String>) -> Response {
    let path = match replay_path(&state, &id).await {
        Ok(p) => p,
        Err(r) => return r,
    };
    match tokio::fs::metadata(&path).await {
        Ok(m) if !m.is_file() => {
            return not_found(&format!("the replay of game {id} is not a file"));
        }
        Ok(m) if m.len() > MAX_REPLAY_BYTES => {
            return (
                StatusCode::PAYLOAD_TOO_LARGE,
                Json(json!({ "error": format!("the replay of game {id} is larger than {MAX_REPLAY_BYTES} bytes") })),
            )
                .into_response();
        }
        Ok(_) => {}
        Err(_) => return not_found(&format!("the replay file of game {id} is missing")),
    }
    match tokio::fs::read(&path).await {
        Ok(bytes) => (
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            bytes,
        )
            .into_response(),
        Err(e) => not_found(&format!("the replay of game {id} cannot be read: {e}")),
    }
}

/// The game address split into host and port (`[::1]:2081` → `::1`, `2081`).
fn host_port(addr: &str) -> (String, String) {
    match addr.rsplit_once(':') {
        Some((h, p)) if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => (
            h.trim_start_matches('[').trim_end_matches(']').to_owned(),
            p.to_owned(),
        ),
        _ => (addr.to_owned(), "2081".to_owned()),
    }
}

/// `GET /api/ladder/howto`: the game server's address and whether `/tcpclient.py` is served.
async fn howto(State(state): State<Shared>) -> Response {
    let (host, port) = host_port(&state.config.game_addr);
    let unspecified = host
        .parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_unspecified())
        || host.is_empty();
    Json(json!({
        "game_addr": state.config.game_addr,
        "host": host,
        "port": port,
        "unspecified": unspecified,
        "client_script": state.client_script.is_some(),
        "run": state.config.run,
    }))
    .into_response()
}

/// `GET /tcpclient.py`: the 2011 client, when the server was given its path.
async fn client_script_file(State(state): State<Shared>) -> Response {
    let Some(path) = state.client_script.clone() else {
        return (
            StatusCode::NOT_FOUND,
            "This server does not serve tcpclient.py. It is the client of the 2011 ants-tcp \
             project (clients/tcpclient.py in https://github.com/berak/ants-tcp); see /howto.\n",
        )
            .into_response();
    };
    match tokio::fs::metadata(&path).await {
        Ok(m) if m.is_file() && m.len() <= MAX_SCRIPT_BYTES => {}
        _ => {
            return (
                StatusCode::NOT_FOUND,
                "the client script is not available\n",
            )
                .into_response();
        }
    }
    match tokio::fs::read(&path).await {
        Ok(bytes) => (
            [
                (header::CONTENT_TYPE, "text/x-python; charset=utf-8"),
                (
                    header::CONTENT_DISPOSITION,
                    "attachment; filename=\"tcpclient.py\"",
                ),
            ],
            bytes,
        )
            .into_response(),
        Err(_) => (
            StatusCode::NOT_FOUND,
            "the client script is not available\n",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_replay_page_is_the_ants_viewer_with_the_ladder_header() {
        let page = replay_page().unwrap_or_default();
        assert!(page.contains("botforge ladder"), "{page}");
        assert!(page.contains("id=\"board\""));
        let hook = page.find("ladder-replay.js").unwrap_or(usize::MAX);
        let viewer = page.find("/assets/ants.js").unwrap_or(0);
        assert!(hook < viewer);
    }

    #[test]
    fn game_addresses_split_into_host_and_port() {
        assert_eq!(
            host_port("127.0.0.1:2081"),
            ("127.0.0.1".into(), "2081".into())
        );
        assert_eq!(host_port("[::1]:99"), ("::1".into(), "99".into()));
        assert_eq!(
            host_port("example.org"),
            ("example.org".into(), "2081".into())
        );
    }

    #[test]
    fn map_names_are_plain_file_names() {
        assert!(maps::valid_name("maze_p04_01.map"));
        for bad in [
            "../x.map",
            "a/b.map",
            ".hidden.map",
            "x.txt",
            "x%2f.map",
            "",
        ] {
            assert!(!maps::valid_name(bad), "{bad}");
        }
    }
}

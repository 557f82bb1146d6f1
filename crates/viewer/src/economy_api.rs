//! The economy game: a human (player 0) against search agents, one economy
//! [`Session`] per game. Agents think on their own threads until the round's deadline;
//! "Next round" resolves the round with the human's choice.
//!
//! Routes: `GET /api/economy/bots`, `POST /api/economy/new`, `GET /api/economy/game/{id}`,
//! `POST /api/economy/game/{id}/next`.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use economy::game::Controller;
use economy::session::{Seat, Session, ThinkLimit};
use serde_json::{Value, json};

use crate::AppState;
use crate::files::read_below_root;

/// Longest round time a game may ask for.
const MAX_ROUND_MS: u64 = 60_000;
/// Most agents in one game.
const MAX_AGENTS: usize = 8;
/// Most search expansions of one agent in one round (an expansion holds about 0.4 KB
/// until the round ends, so an agent's round stays near 40 MB and an 8-agent game's near
/// 340 MB however long the round).
pub const MAX_EXPANSIONS: u64 = 100_000;
/// Most agents thinking in all live economy games of the server together: a new game
/// beyond it ends the oldest games first (as [`crate::MAX_SESSIONS`] does), so the
/// server's economy memory stays within about 16 agents' rounds (some 700 MB).
pub const MAX_LIVE_AGENTS: usize = 16;

/// One running game with its round deadline and the last round's report.
pub struct EconomyGame {
    session: Session,
    round_time: Duration,
    deadline: Instant,
    last_executed: Vec<Option<usize>>,
}

/// The economy games of the server by id.
#[derive(Default)]
pub struct Games {
    next: u64,
    games: BTreeMap<u64, Arc<Mutex<EconomyGame>>>,
}

fn bad(code: StatusCode, msg: impl Into<String>) -> Response {
    (code, msg.into()).into_response()
}

/// `GET /api/economy/bots`: every bot of [`economy::BOTS`] (the thesis's eight agents and
/// ours) by name, with its one-line description.
pub async fn bots() -> Json<Value> {
    Json(bot_list())
}

/// The bot list `GET /api/economy/bots` answers.
pub fn bot_list() -> Value {
    let list: Vec<Value> = economy::BOTS
        .entries
        .iter()
        .map(|e| json!({"name": e.name, "about": e.about}))
        .collect();
    Value::Array(list)
}

/// Body of `POST /api/economy/new`.
#[derive(serde::Deserialize)]
pub struct NewGame {
    /// The bots' specs ([`economy::BOTS`]).
    agents: Vec<String>,
    /// Agents' thinking time per round in milliseconds.
    #[serde(default = "default_round_ms")]
    round_ms: u64,
    /// Seed of the agents' random choices.
    #[serde(default)]
    seed: u64,
    /// A world file below the viewer root (default: the thesis's example world).
    #[serde(default)]
    world: Option<String>,
}

fn default_round_ms() -> u64 {
    2_000
}

/// What the page shows: the game view for the human, agent panels, time left.
fn view(id: u64, g: &EconomyGame) -> Value {
    let game = &g.session.game;
    let names: Vec<&str> = game
        .world
        .activities
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    let agents: Vec<Value> = game
        .players
        .iter()
        .enumerate()
        .filter_map(|(p, pl)| match &pl.controller {
            Controller::Human => None,
            Controller::Bot(label) => {
                let d = g.session.last_decision(p);
                Some(json!({
                    "player": p, "name": pl.name, "rating": label,
                    "last": g.last_executed.get(p).copied().flatten().and_then(|a| names.get(a)),
                    "expanded": d.map(|d| d.expanded), "nodes": d.map(|d| d.nodes),
                    "depth": d.map(|d| d.depth_limit), "goal_found": d.map(|d| d.goal_found),
                }))
            }
        })
        .collect();
    let left = g.deadline.saturating_duration_since(Instant::now());
    json!({
        "id": id, "view": game.view(Some(0)), "agents": agents, "over": game.is_over(),
        "round_ms": g.round_time.as_millis() as u64, "left_ms": left.as_millis() as u64,
        "you_last": g.last_executed.first().copied().flatten().and_then(|a| names.get(a)),
    })
}

/// `POST /api/economy/new`: a game of the human against the listed agents.
pub async fn new_game(State(app): State<Arc<AppState>>, Json(req): Json<NewGame>) -> Response {
    if req.agents.is_empty() || req.agents.len() > MAX_AGENTS {
        return bad(
            StatusCode::BAD_REQUEST,
            format!("field `agents`: give 1 to {MAX_AGENTS} bots"),
        );
    }
    if !(100..=MAX_ROUND_MS).contains(&req.round_ms) {
        return bad(
            StatusCode::BAD_REQUEST,
            format!("field `round_ms`: expected 100 … {MAX_ROUND_MS}"),
        );
    }
    let mut players = vec![("Spieler".to_owned(), Seat::Human)];
    for (i, spec) in req.agents.iter().enumerate() {
        let bot = match economy::build_bot(spec) {
            Ok(bot) => bot,
            Err(e) => return bad(StatusCode::BAD_REQUEST, format!("field `agents.{i}`: {e}")),
        };
        players.push((format!("Agent{i} ({})", bot.label()), Seat::Bot(bot)));
    }
    let seats = players.len();
    let loaded = match &req.world {
        None => economy::loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml"),
        Some(path) => match read_below_root(&app, path).await {
            Ok(text) => economy::loader::load_str(&text, path),
            Err(r) => return r,
        },
    };
    let world = match loaded {
        Ok(l) => Arc::new(l.world),
        Err(e) => return bad(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()),
    };
    let round_time = Duration::from_millis(req.round_ms);
    let mut session = Session::new(world, players, req.seed, 0);
    let deadline = Instant::now() + round_time;
    session.start_thinking(ThinkLimit {
        expansions: Some(MAX_EXPANSIONS),
        deadline: Some(deadline),
    });
    let game = EconomyGame {
        last_executed: vec![None; seats],
        session,
        round_time,
        deadline,
    };
    let mut games = app.economy.lock().unwrap_or_else(PoisonError::into_inner);
    if games.games.len() >= crate::MAX_SESSIONS {
        games.games.pop_first();
    }
    let agents = |g: &Arc<Mutex<EconomyGame>>| {
        g.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .last_executed
            .len()
            .saturating_sub(1)
    };
    while !games.games.is_empty()
        && games.games.values().map(agents).sum::<usize>() + (seats - 1) > MAX_LIVE_AGENTS
    {
        games.games.pop_first();
    }
    games.next += 1;
    let id = games.next;
    let v = view(id, &game);
    games.games.insert(id, Arc::new(Mutex::new(game)));
    Json(v).into_response()
}

fn find(app: &AppState, id: u64) -> Result<Arc<Mutex<EconomyGame>>, Box<Response>> {
    let games = app.economy.lock().unwrap_or_else(PoisonError::into_inner);
    games
        .games
        .get(&id)
        .cloned()
        .ok_or_else(|| Box::new(bad(StatusCode::NOT_FOUND, format!("no economy game {id}"))))
}

/// `GET /api/economy/game/{id}`.
pub async fn get_game(State(app): State<Arc<AppState>>, Path(id): Path<u64>) -> Response {
    match find(&app, id) {
        Ok(g) => Json(view(id, &g.lock().unwrap_or_else(PoisonError::into_inner))).into_response(),
        Err(r) => *r,
    }
}

/// Body of `POST /api/economy/game/{id}/next`.
#[derive(serde::Deserialize)]
pub struct NextRound {
    /// The round the choice belongs to (stale clicks are refused).
    round: u32,
    /// The chosen executable activity (index into the world's activities), or none.
    activity: Option<usize>,
}

/// `POST /api/economy/game/{id}/next`: waits for the agents' deadline, resolves the round
/// with the human's choice and lets the agents think about the next one.
pub async fn next_round(
    State(app): State<Arc<AppState>>,
    Path(id): Path<u64>,
    Json(req): Json<NextRound>,
) -> Response {
    let game = match find(&app, id) {
        Ok(g) => g,
        Err(r) => return *r,
    };
    let result = tokio::task::spawn_blocking(move || {
        let mut g = game.lock().unwrap_or_else(PoisonError::into_inner);
        if req.round != g.session.game.round || g.session.game.is_over() {
            return Err(Box::new(bad(
                StatusCode::CONFLICT,
                format!("round {} is over", req.round),
            )));
        }
        if let Some(a) = req.activity
            && !g.session.game.executable(0).contains(&a)
        {
            return Err(Box::new(bad(
                StatusCode::BAD_REQUEST,
                format!("field `activity`: {a} is not executable now"),
            )));
        }
        let report = g.session.finish_round(&[req.activity], false);
        g.last_executed = report.executed;
        let deadline = Instant::now() + g.round_time;
        g.deadline = deadline;
        if !g.session.game.is_over() {
            g.session.start_thinking(ThinkLimit {
                expansions: Some(MAX_EXPANSIONS),
                deadline: Some(deadline),
            });
        }
        Ok(view(id, &g))
    })
    .await;
    match result {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(r)) => *r,
        Err(e) => bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

//! spe_ed: JSON-lines game logs as frames for playback, and live games of a human
//! against AIs run by the speed engine (one session per game, kept in the app state).
//!
//! Routes: `GET /api/speed/bots`, `GET|POST /api/speed/log` (path query or log text body),
//! `POST /api/speed/new`, `GET /api/speed/game/{id}`, `POST /api/speed/game/{id}/action`,
//! `GET /api/speed/game/{id}/log`.

use std::collections::BTreeMap;
use std::path::Path as FsPath;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Json, Response};
use serde_json::{Value, json};
use speed::Bot;
use speed::ai::{BOTS, DEFAULT_LINEUP};
use speed::golden::{GoldenWriter, parse_log};
use speed::{Action, GameState, PlayerAnswer};

use crate::AppState;
use crate::files::{FileQuery, read_below_root};

/// Most players of a spe_ed game.
const MAX_PLAYERS: usize = 6;
/// Longest time a human may be given per round.
const MAX_ROUND_MS: u64 = 60_000;
/// Longest thinking time of an AI per round.
const MAX_AI_MS: u64 = 5_000;

/// One live game: the state, the AIs of seats 2…N and the log written so far.
pub struct LiveGame {
    state: GameState,
    ais: Vec<Box<dyn Bot>>,
    writer: GoldenWriter,
    round_time: Duration,
    ai_time: Duration,
    deadline: Instant,
    last_actions: Vec<Option<Action>>,
}

/// The live games of the server by id.
#[derive(Default)]
pub struct Games {
    next: u64,
    games: BTreeMap<u64, Arc<Mutex<LiveGame>>>,
}

/// Error response with a message.
fn bad(code: StatusCode, msg: impl Into<String>) -> Response {
    (code, msg.into()).into_response()
}

/// A state as the pages draw it: flat row-major cells and the players.
pub fn frame(state: &GameState) -> Value {
    let players: Vec<Value> = state
        .players
        .iter()
        .map(|p| {
            json!({"id": p.id, "x": p.x, "y": p.y, "direction": p.direction.name(),
                   "speed": p.speed, "active": p.active, "name": p.name})
        })
        .collect();
    json!({"round": state.round, "running": state.running, "width": state.width,
           "height": state.height, "cells": state.cells, "players": players})
}

/// Frames of a log text: `{meta, frames:[{…frame, actions}]}`.
pub fn log_frames(name: &FsPath, text: &str) -> Result<Value, String> {
    let log = parse_log(name, text).map_err(|e| e.to_string())?;
    let frames: Vec<Value> = log
        .lines
        .iter()
        .map(|l| {
            let mut f = frame(&l.state);
            if let (Some(ans), Some(obj)) = (&l.answers, f.as_object_mut()) {
                let acts: serde_json::Map<String, Value> = l
                    .state
                    .players
                    .iter()
                    .zip(ans)
                    .map(|(p, a)| {
                        (p.id.to_string(), json!({"action": a.action.map(Action::name), "status": a.status.name()}))
                    })
                    .collect();
                obj.insert("actions".into(), Value::Object(acts));
            }
            f
        })
        .collect();
    Ok(json!({"meta": log.meta, "frames": frames}))
}

/// `GET /api/speed/log?path=`: a log below the root as frames.
pub async fn log_file(State(state): State<Arc<AppState>>, Query(q): Query<FileQuery>) -> Response {
    match read_below_root(&state, &q.path).await {
        Ok(text) => match log_frames(FsPath::new(&q.path), &text) {
            Ok(v) => Json(v).into_response(),
            Err(e) => bad(StatusCode::UNPROCESSABLE_ENTITY, e),
        },
        Err(r) => r,
    }
}

/// `POST /api/speed/log` with the log text as body (a file opened in the browser).
pub async fn log_text(body: String) -> Response {
    match log_frames(FsPath::new("uploaded log"), &body) {
        Ok(v) => Json(v).into_response(),
        Err(e) => bad(StatusCode::UNPROCESSABLE_ENTITY, e),
    }
}

/// `GET /api/speed/bots`: the default line-up and the bots of the catalogue
/// ([`speed::ai::BOTS`]) with their parameters.
pub async fn bots() -> Json<Value> {
    Json(bots_json())
}

/// The body of `GET /api/speed/bots`: `lineup` (specs), `bots` (`name`, `about`, `params`
/// with `key`, `default`, `about`) and `known` (the names, comma-separated).
fn bots_json() -> Value {
    let bots: Vec<Value> = BOTS
        .entries
        .iter()
        .map(|e| {
            let params: Vec<Value> = e
                .params
                .iter()
                .map(|p| json!({"key": p.key, "default": p.default, "about": p.about}))
                .collect();
            json!({"name": e.name, "about": e.about, "params": params})
        })
        .collect();
    json!({"lineup": DEFAULT_LINEUP, "bots": bots, "known": BOTS.names().join(", ")})
}

/// Body of `POST /api/speed/new`.
#[derive(serde::Deserialize)]
pub struct NewGame {
    /// AI specs of the opponents (1…5).
    ais: Vec<String>,
    /// Seed of the board setup and the AIs.
    #[serde(default)]
    seed: u64,
    /// The human's time per round in milliseconds.
    #[serde(default = "default_round_ms")]
    round_ms: u64,
    /// Each AI's thinking time per round in milliseconds.
    #[serde(default = "default_ai_ms")]
    ai_ms: u64,
}

fn default_round_ms() -> u64 {
    8_000
}

fn default_ai_ms() -> u64 {
    100
}

/// The response describing a live game to its page.
fn live_view(id: u64, g: &LiveGame) -> Value {
    let left = g.deadline.saturating_duration_since(Instant::now());
    let actions: Vec<Value> = g
        .last_actions
        .iter()
        .map(|a| json!(a.map(Action::name)))
        .collect();
    let names: Vec<String> = std::iter::once("human".to_owned())
        .chain(g.ais.iter().map(|a| a.name()))
        .collect();
    json!({"id": id, "frame": frame(&g.state), "you": 1, "names": names,
           "deadline_ms": if g.state.running { left.as_millis() as u64 } else { 0 },
           "round_ms": g.round_time.as_millis() as u64, "last_actions": actions,
           "winner": if g.state.running { None } else { g.state.winner() }})
}

/// `POST /api/speed/new`: starts a game, the human is player 1.
pub async fn new_game(State(app): State<Arc<AppState>>, Json(req): Json<NewGame>) -> Response {
    if req.ais.is_empty() || req.ais.len() >= MAX_PLAYERS {
        return bad(
            StatusCode::BAD_REQUEST,
            format!("field `ais`: give 1 to {} AI specs", MAX_PLAYERS - 1),
        );
    }
    if !(100..=MAX_ROUND_MS).contains(&req.round_ms) {
        return bad(
            StatusCode::BAD_REQUEST,
            format!("field `round_ms`: expected 100 … {MAX_ROUND_MS}"),
        );
    }
    if !(1..=MAX_AI_MS).contains(&req.ai_ms) {
        return bad(
            StatusCode::BAD_REQUEST,
            format!("field `ai_ms`: expected 1 … {MAX_AI_MS}"),
        );
    }
    let mut ais = Vec::with_capacity(req.ais.len());
    for (i, spec) in req.ais.iter().enumerate() {
        match BOTS.build(spec, req.seed.wrapping_add(i as u64 + 1)) {
            Ok(ai) => ais.push(ai),
            Err(e) => return bad(StatusCode::BAD_REQUEST, format!("field `ais.{i}`: {e}")),
        }
    }
    let state = speed::engine::seeded_setup(req.seed, ais.len() + 1);
    let names = std::iter::once((1, "human".to_owned()))
        .chain(
            ais.iter()
                .enumerate()
                .map(|(i, a)| ((i + 2) as u8, a.name())),
        )
        .collect();
    let round_time = Duration::from_millis(req.round_ms);
    let game = LiveGame {
        writer: GoldenWriter::new(format!("live-{}", req.seed), names),
        last_actions: vec![None; state.players.len()],
        state,
        ais,
        round_time,
        ai_time: Duration::from_millis(req.ai_ms),
        deadline: Instant::now() + round_time,
    };
    let mut games = app
        .speed
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if games.games.len() >= crate::MAX_SESSIONS {
        games.games.pop_first();
    }
    games.next += 1;
    let id = games.next;
    let view = live_view(id, &game);
    games.games.insert(id, Arc::new(Mutex::new(game)));
    Json(view).into_response()
}

fn find(app: &AppState, id: u64) -> Result<Arc<Mutex<LiveGame>>, Box<Response>> {
    let games = app
        .speed
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    games.games.get(&id).cloned().ok_or_else(|| {
        Box::new(bad(
            StatusCode::NOT_FOUND,
            format!("no live spe_ed game {id}"),
        ))
    })
}

/// `GET /api/speed/game/{id}`: the current state and the time left.
pub async fn get_game(State(app): State<Arc<AppState>>, Path(id): Path<u64>) -> Response {
    match find(&app, id) {
        Ok(g) => {
            let g = g.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            Json(live_view(id, &g)).into_response()
        }
        Err(r) => *r,
    }
}

/// Body of `POST /api/speed/game/{id}/action`.
#[derive(serde::Deserialize)]
pub struct HumanMove {
    /// The round the move answers (stale moves are refused).
    round: u32,
    /// The action name, or null when the page's timer ran out.
    action: Option<String>,
}

/// `POST /api/speed/game/{id}/action`: the human's answer; the AIs answer within their
/// budget and the round is processed. A human answer after the deadline counts as
/// missing (the player is eliminated, as on the official server).
pub async fn act(
    State(app): State<Arc<AppState>>,
    Path(id): Path<u64>,
    Json(mv): Json<HumanMove>,
) -> Response {
    let game = match find(&app, id) {
        Ok(g) => g,
        Err(r) => return *r,
    };
    let action = match mv.action.as_deref().map(|a| Action::from_name(a).ok_or(a)) {
        None => None,
        Some(Ok(a)) => Some(a),
        Some(Err(a)) => {
            return bad(
                StatusCode::BAD_REQUEST,
                format!("field `action`: unknown action {a:?}"),
            );
        }
    };
    let arrived = Instant::now();
    let result = tokio::task::spawn_blocking(move || {
        let mut g = game
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if mv.round != g.state.round || !g.state.running {
            return Err(Box::new(bad(
                StatusCode::CONFLICT,
                format!("round {} is over (now {})", mv.round, g.state.round),
            )));
        }
        let in_time = arrived <= g.deadline;
        play_round(&mut g, action.filter(|_| in_time));
        Ok(live_view(id, &g))
    })
    .await;
    match result {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(r)) => *r,
        Err(e) => bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// Asks every active AI (in parallel, each within its budget; late answers count as
/// missing), then processes the round with the human's `human` answer.
fn play_round(g: &mut LiveGame, human: Option<Action>) {
    let state = &g.state;
    let budget = g.ai_time;
    let mut ai_actions: Vec<Option<Action>> = vec![None; g.ais.len()];
    std::thread::scope(|s| {
        for ((ai, slot), p) in g
            .ais
            .iter_mut()
            .zip(ai_actions.iter_mut())
            .zip(state.players.iter().skip(1))
        {
            if !p.active {
                continue;
            }
            s.spawn(move || {
                let mut view = state.clone();
                view.you = p.id;
                let start = Instant::now();
                let a = ai.decide(&view, p.id, start + budget);
                *slot = (start.elapsed() <= budget).then_some(a);
            });
        }
    });
    let actions: Vec<Option<Action>> = std::iter::once(human).chain(ai_actions).collect();
    let answers: Vec<PlayerAnswer> = g
        .state
        .players
        .iter()
        .zip(&actions)
        .map(|(p, a)| PlayerAnswer::from_choice(*a, p.active))
        .collect();
    g.writer.round(&g.state, &answers);
    speed::step(&mut g.state, &answers);
    g.last_actions = actions;
    if g.state.running {
        g.deadline = Instant::now() + g.round_time;
    } else {
        g.writer.final_state(&g.state);
    }
}

/// `GET /api/speed/game/{id}/log`: the game so far as a JSON-lines log (download).
pub async fn game_log(State(app): State<Arc<AppState>>, Path(id): Path<u64>) -> Response {
    match find(&app, id) {
        Ok(g) => {
            let mut g = g.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let text = g.writer.text();
            (
                [
                    (header::CONTENT_TYPE, "application/x-ndjson".to_owned()),
                    (
                        header::CONTENT_DISPOSITION,
                        format!("attachment; filename=\"speed-live-{id}.jsonl\""),
                    ),
                ],
                text,
            )
                .into_response()
        }
        Err(r) => *r,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bot_list_is_the_catalogue() {
        let body = bots_json();
        let names: Vec<&str> = body["bots"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|b| b["name"].as_str())
            .collect();
        assert_eq!(names, BOTS.names());
        assert_eq!(body["known"], BOTS.names().join(", "));
    }
}

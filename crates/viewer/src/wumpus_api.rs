//! Wumpus games as traces for the step-through page: a saved trace (JSON), a world file
//! played by a bot, or a world generated from a seed and played by a bot; and the bot list
//! (the catalogue [`wumpus::agents::BOTS`]) the page offers.
//!
//! Routes: `GET /api/wumpus/trace?path=&seed=&agent=&preset=`, `GET /api/wumpus/bots`.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use serde_json::{Value, json};
use wumpus::agents::BOTS;
use wumpus::{Game, GameTrace, Preset, World, generate, play_game_traced};

use crate::AppState;
use crate::files::read_below_root;

/// Query of `GET /api/wumpus/trace`.
#[derive(serde::Deserialize)]
pub struct TraceQuery {
    /// A trace (`.json`) or world file below the root; without it a world is generated.
    path: Option<String>,
    /// Seed of the generated world and of the game.
    #[serde(default = "default_seed")]
    seed: u64,
    /// The bot spec that plays a world (default `champion`; any catalogue spec such as
    /// `champion(win_chance=0.5)`).
    agent: Option<String>,
    /// Generator preset (`small`, `medium`, `large`; default `medium`).
    preset: Option<String>,
}

fn default_seed() -> u64 {
    1
}

fn bad(code: StatusCode, msg: impl Into<String>) -> Response {
    (code, msg.into()).into_response()
}

/// `GET /api/wumpus/trace`: the trace of one game, with the bot's knowledge per step.
pub async fn trace(State(app): State<Arc<AppState>>, Query(q): Query<TraceQuery>) -> Response {
    let spec = q.agent.as_deref().unwrap_or("champion");
    let (entry, args) = match BOTS.resolve(spec) {
        Ok(r) => r,
        Err(e) => return bad(StatusCode::BAD_REQUEST, format!("`agent`: {e}")),
    };
    let mut bot = match (entry.build)(&args, ()) {
        Ok(b) => b,
        Err(e) => return bad(StatusCode::BAD_REQUEST, format!("`agent`: {e}")),
    };
    let name = args.canonical();
    let world = if let Some(path) = &q.path {
        let text = match read_below_root(&app, path).await {
            Ok(t) => t,
            Err(r) => return r,
        };
        if text.trim_start().starts_with('{') {
            return match GameTrace::from_json(&text) {
                Ok(t) => Json(t).into_response(),
                Err(e) => bad(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("{path}: not a Wumpus trace: {e}"),
                ),
            };
        }
        match World::parse(&text) {
            Ok(w) => w,
            Err(e) => return bad(StatusCode::UNPROCESSABLE_ENTITY, format!("{path}: {e}")),
        }
    } else {
        let preset = match q.preset.as_deref().unwrap_or("medium").parse::<Preset>() {
            Ok(p) => p,
            Err(e) => return bad(StatusCode::BAD_REQUEST, format!("`preset`: {e}")),
        };
        match generate(&preset.params(q.seed)) {
            Ok(w) => w,
            Err(e) => {
                return bad(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("cannot generate world: {e}"),
                );
            }
        }
    };
    let seed = q.seed;
    let played = tokio::task::spawn_blocking(move || {
        let mut game = Game::new(&world, seed);
        play_game_traced(&mut game, &mut bot, seed, &name)
    })
    .await;
    match played {
        Ok(t) => Json(t).into_response(),
        Err(e) => bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// `GET /api/wumpus/bots`: the catalogue, in listing order: `[{name, about, params: [{key,
/// default, about}]}]`.
pub async fn bots() -> Json<Value> {
    Json(Value::Array(
        BOTS.entries
            .iter()
            .map(|e| {
                json!({
                    "name": e.name,
                    "about": e.about,
                    "params": e.params.iter().map(|p| json!({
                        "key": p.key,
                        "default": p.default,
                        "about": p.about,
                    })).collect::<Vec<_>>(),
                })
            })
            .collect(),
    ))
}

//! Wumpus games as traces for the step-through page: a saved trace (JSON), a world file
//! played by an agent, or a world generated from a seed and played by an agent.
//!
//! Route: `GET /api/wumpus/trace?path=&seed=&agent=&preset=`.

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Json, Response};
use wumpus::agents::{AGENT_NAMES, by_name};
use wumpus::{
    Bot, Game, GameOutcome, GameTrace, HunterAction, Knowledge, Observation, Preset, StartInfo,
    World, generate, play_game_traced,
};

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
    /// The agent that plays a world (default `champion`).
    agent: Option<String>,
    /// Generator preset (`small`, `medium`, `large`; default `medium`).
    preset: Option<String>,
}

/// A boxed built-in agent as a sized [`Bot`] (so it can be used as a `Entrant`).
struct Agent(Box<dyn Bot + Send>);

impl Bot for Agent {
    fn start(&mut self, info: &StartInfo) {
        self.0.start(info);
    }
    fn act(&mut self, obs: &Observation) -> HunterAction {
        self.0.act(obs)
    }
    fn finish(&mut self, result: &GameOutcome) {
        self.0.finish(result);
    }
    fn knowledge(&self) -> Option<Knowledge> {
        self.0.knowledge()
    }
}

fn default_seed() -> u64 {
    1
}

fn bad(code: StatusCode, msg: impl Into<String>) -> Response {
    (code, msg.into()).into_response()
}

/// `GET /api/wumpus/trace`: the trace of one game, with the agent's knowledge per step.
pub async fn trace(State(app): State<Arc<AppState>>, Query(q): Query<TraceQuery>) -> Response {
    let agent = q.agent.clone().unwrap_or_else(|| "champion".to_owned());
    if !AGENT_NAMES.contains(&agent.as_str()) {
        return bad(
            StatusCode::BAD_REQUEST,
            format!(
                "`agent`: unknown agent {agent:?} (known: {})",
                AGENT_NAMES.join(", ")
            ),
        );
    }
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
        let mut player = Agent(by_name(&agent)?);
        let mut game = Game::new(&world, seed);
        Some(play_game_traced(&mut game, &mut player, seed, &agent))
    })
    .await;
    match played {
        Ok(Some(t)) => Json(t).into_response(),
        Ok(None) => bad(StatusCode::BAD_REQUEST, "unknown agent"),
        Err(e) => bad(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

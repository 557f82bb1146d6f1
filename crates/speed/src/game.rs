//! Running a complete offline game: every active player's AI decides under a per-move
//! budget, answers are processed by the engine. A late answer counts as missing, as on
//! the server.

use std::time::{Duration, Instant};

use crate::ai::Ai;
use crate::engine::{PlayerAnswer, step};
use crate::state::GameState;

/// Decision times of one game, per player index.
#[derive(Clone, Debug, Default)]
pub struct Timings {
    /// `times[i]` holds every decision time of `state.players[i]`.
    pub times: Vec<Vec<Duration>>,
}

/// Plays `state` to the end with `ais[i]` controlling `state.players[i]`. `on_round`
/// sees each running state with the answers processed for it. Returns the decision
/// times; `state` ends as the final state.
pub fn play(
    state: &mut GameState,
    ais: &mut [Box<dyn Ai>],
    budget: Duration,
    mut on_round: impl FnMut(&GameState, &[PlayerAnswer]),
) -> Timings {
    let mut timings = Timings {
        times: vec![Vec::new(); state.players.len()],
    };
    while state.running {
        let mut answers = Vec::with_capacity(state.players.len());
        for (i, ai) in ais.iter_mut().enumerate().take(state.players.len()) {
            let p = &state.players[i];
            if !p.active {
                answers.push(PlayerAnswer::from_choice(None, false));
                continue;
            }
            let mut view = state.clone();
            view.you = p.id;
            let start = Instant::now();
            let deadline = start + budget;
            let action = ai.decide(&view, p.id, deadline);
            let took = start.elapsed();
            timings.times[i].push(took);
            let action = (took <= budget).then_some(action);
            answers.push(PlayerAnswer::from_choice(action, true));
        }
        on_round(state, &answers);
        step(state, &answers);
    }
    timings
}

//! Playing one complete offline game ([`play_game`]): every active player's bot decides
//! under a per-move budget, answers are processed by the engine. A late answer counts as
//! missing, as on the server.

use std::time::{Duration, Instant};

use crate::Bot;
use crate::engine::{PlayerAnswer, step};
use crate::state::{GameState, PlayerId};

/// The record of one finished game (the final state is the `state` [`play_game`] played).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameOutcome {
    /// Rounds played.
    pub rounds: u32,
    /// The winner, `None` for a draw.
    pub winner: Option<PlayerId>,
    /// `last_active[i]`: the last round in which `state.players[i]` was still active.
    pub last_active: Vec<u32>,
    /// `times[i]` holds every decision time of `state.players[i]`.
    pub times: Vec<Vec<Duration>>,
}

/// Plays `state` to the end with `bots[i]` controlling `state.players[i]`. `on_round`
/// sees each running state with the answers processed for it; `state` ends as the final
/// state.
pub fn play_game(
    state: &mut GameState,
    bots: &mut [Box<dyn Bot>],
    budget: Duration,
    mut on_round: impl FnMut(&GameState, &[PlayerAnswer]),
) -> GameOutcome {
    let n = state.players.len();
    let mut times = vec![Vec::new(); n];
    let mut last_active = vec![0_u32; n];
    while state.running {
        for (last, p) in last_active.iter_mut().zip(&state.players) {
            if p.active {
                *last = state.round;
            }
        }
        let mut answers = Vec::with_capacity(n);
        for (i, bot) in bots.iter_mut().enumerate().take(n) {
            let p = &state.players[i];
            if !p.active {
                answers.push(PlayerAnswer::from_choice(None, false));
                continue;
            }
            let mut view = state.clone();
            view.you = p.id;
            let start = Instant::now();
            let deadline = start + budget;
            let action = bot.decide(&view, p.id, deadline);
            let took = start.elapsed();
            times[i].push(took);
            let action = (took <= budget).then_some(action);
            answers.push(PlayerAnswer::from_choice(action, true));
        }
        on_round(state, &answers);
        step(state, &answers);
    }
    GameOutcome {
        rounds: state.round.saturating_sub(1),
        winner: state.winner(),
        last_active,
        times,
    }
}

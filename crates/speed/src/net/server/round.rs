//! One game on the server (§4): the seats' controllers (websocket, server bot, absent
//! client), the round loop with its input phase (first valid answer per player; invalid,
//! duplicate, undecodable, closed and missing answers as in §5.2/§7.4/§7.5), the engine
//! step, the final state with pseudonyms (§7.3) and the game log.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rand::{Rng as _, SeedableRng as _};
use rand_chacha::ChaCha8Rng;
use tokio::sync::Notify;
use tokio::time::Instant;

use super::{GameSummary, Seat, ServerConfig};
use crate::Bot;
use crate::engine::{AnswerStatus, PlayerAnswer, random_setup, step};
use crate::golden::GoldenWriter;
use crate::net::NetError;
use crate::net::clock::{format_rfc3339, now_millis};
use crate::protocol::{ParsedAnswer, state_to_json};
use crate::state::{Action, GameState, PlayerId};

/// Who plays a seat of a running game.
pub(super) enum Controller {
    Socket(Seat),
    Server(Box<dyn Bot>, String),
    /// A match client that never connected.
    Absent,
}

/// Pseudonyms: three German words joined by `-` (§7.3).
const WORDS: [&str; 16] = [
    "Apfel", "Birne", "Dampfer", "Eimer", "Fenster", "Gabel", "Hafen", "Insel", "Kessel", "Leiter",
    "Mantel", "Nebel", "Ofen", "Pinsel", "Rakete", "Sessel",
];

fn pseudonym(rng: &mut ChaCha8Rng) -> String {
    (0..3)
        .map(|_| WORDS[rng.random_range(0..WORDS.len())])
        .collect::<Vec<_>>()
        .join("-")
}

/// The input-phase state of one player.
#[derive(Clone, Copy)]
enum Phase {
    Waiting,
    Answered(Action),
    Done(PlayerAnswer),
}

/// Plays one game to the end and writes its log (`log`: the game's name and file).
pub(super) async fn run_game(
    index: usize,
    seed: u64,
    mut seats: Vec<Controller>,
    config: Arc<ServerConfig>,
    notify: Arc<Notify>,
    log: (String, Option<PathBuf>),
) -> Result<GameSummary, NetError> {
    let (stem, log_path) = log;
    let connected: Vec<bool> = seats
        .iter()
        .map(|c| !matches!(c, Controller::Absent))
        .collect();
    let mut eliminated_by: Vec<Option<AnswerStatus>> = vec![None; seats.len()];
    let mut last_active = vec![0_u32; seats.len()];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = random_setup(&mut rng, seats.len());
    let controllers: Vec<(PlayerId, String)> = state
        .players
        .iter()
        .zip(&seats)
        .map(|(p, c)| {
            let name = match c {
                Controller::Socket(_) | Controller::Absent => "websocket".to_owned(),
                Controller::Server(_, spec) => spec.clone(),
            };
            (p.id, name)
        })
        .collect();
    let mut writer = GoldenWriter::new(stem, controllers.clone());
    let (lo, hi) = (
        config.round_secs.0.min(config.round_secs.1),
        config.round_secs.1,
    );
    while state.running {
        let secs = rng.random_range(lo..=hi);
        let real_deadline = Instant::now() + Duration::from_secs(secs);
        state.deadline = Some(format_rfc3339(now_millis() + secs as i64 * 1000));
        for (p, c) in state.players.iter().zip(&seats) {
            if let Controller::Socket(seat) = c {
                let mut view = state.clone();
                view.you = p.id;
                let _ = seat.out.send(state_to_json(&view));
            }
        }
        let mut phases: Vec<Phase> = state
            .players
            .iter()
            .map(|p| {
                if p.active {
                    Phase::Waiting
                } else {
                    Phase::Done(PlayerAnswer::from_choice(None, false))
                }
            })
            .collect();
        for (i, c) in seats.iter().enumerate() {
            if matches!(c, Controller::Absent) && state.players[i].active {
                phases[i] = Phase::Done(PlayerAnswer {
                    action: None,
                    status: AnswerStatus::Closed,
                });
            }
        }
        let ai_seats = take_ais(&mut seats);
        let budget = config.ai_budget;
        let view = state.clone();
        let ai_task = tokio::task::spawn_blocking(move || {
            let mut ai_seats = ai_seats;
            let actions: Vec<(usize, Action)> = ai_seats
                .iter_mut()
                .filter(|(i, _, _)| view.players[*i].active)
                .map(|(i, ai, _)| {
                    let mut v = view.clone();
                    v.you = view.players[*i].id;
                    let deadline = std::time::Instant::now() + budget;
                    (*i, ai.decide(&v, v.you, deadline))
                })
                .collect();
            (ai_seats, actions)
        });
        let sockets: Vec<Option<&Seat>> = seats
            .iter()
            .map(|c| match c {
                Controller::Socket(s) => Some(s),
                Controller::Server(..) | Controller::Absent => None,
            })
            .collect();
        input_phase(
            &sockets,
            &state,
            &mut phases,
            real_deadline + config.grace,
            &notify,
        )
        .await;
        drop(sockets);
        let (ai_seats, actions) = ai_task
            .await
            .map_err(|e| NetError::Connection(format!("server AI task failed: {e}")))?;
        for (i, a) in actions {
            phases[i] = Phase::Done(PlayerAnswer::from_choice(Some(a), true));
        }
        for (i, ai, spec) in ai_seats {
            seats[i] = Controller::Server(ai, spec);
        }
        let answers: Vec<PlayerAnswer> = phases
            .iter()
            .map(|ph| match *ph {
                Phase::Waiting => PlayerAnswer::from_choice(None, true),
                Phase::Answered(a) => PlayerAnswer::from_choice(Some(a), true),
                Phase::Done(a) => a,
            })
            .collect();
        for (i, a) in answers.iter().enumerate() {
            if state.players[i].active {
                last_active[i] = state.round;
            }
            let for_answer = matches!(
                a.status,
                AnswerStatus::Missing
                    | AnswerStatus::Invalid
                    | AnswerStatus::Duplicate
                    | AnswerStatus::Closed
            );
            if for_answer && state.players[i].active && eliminated_by[i].is_none() {
                eliminated_by[i] = Some(a.status);
            }
        }
        writer.round(&state, &answers);
        step(&mut state, &answers);
    }
    for p in &mut state.players {
        p.name = Some(pseudonym(&mut rng));
    }
    for (p, c) in state.players.iter().zip(&seats) {
        if let Controller::Socket(seat) = c {
            let mut view = state.clone();
            view.you = p.id;
            let _ = seat.out.send(state_to_json(&view));
        }
    }
    drop(seats);
    let rounds = state.round - 1;
    writer.final_state(&state);
    let log = match log_path {
        Some(path) => match writer.finish(&path) {
            Ok(()) => Some(path),
            Err(e) => {
                // Reported for every game; serving goes on.
                tracing::error!(
                    "game {index}: the log {} was not written: {e}",
                    path.display()
                );
                None
            }
        },
        None => None,
    };
    Ok(GameSummary {
        index,
        seed,
        controllers,
        rounds,
        final_state: state,
        log,
        eliminated_by,
        last_active,
        connected,
    })
}

/// Moves the server AIs out of `seats` (for a blocking task); their slots hold a
/// placeholder until they are put back.
fn take_ais(seats: &mut [Controller]) -> Vec<(usize, Box<dyn Bot>, String)> {
    let mut out = Vec::new();
    for (i, c) in seats.iter_mut().enumerate() {
        if matches!(c, Controller::Server(..)) {
            let placeholder = Controller::Server(Box::new(Placeholder), String::new());
            if let Controller::Server(ai, spec) = std::mem::replace(c, placeholder) {
                out.push((i, ai, spec));
            }
        }
    }
    out
}

/// Stands in for a server AI while it thinks in a blocking task.
struct Placeholder;

impl Bot for Placeholder {
    fn name(&self) -> String {
        "placeholder".into()
    }

    fn decide(&mut self, _: &GameState, _: PlayerId, _: std::time::Instant) -> Action {
        Action::ChangeNothing
    }
}

/// The input phase (§4.2, §5.2, §7.5): reads at most one queued message per player per
/// pass until every active, still-read player has a stored answer or `until` passes.
/// Messages of players that were already out are discarded.
async fn input_phase(
    seats: &[Option<&Seat>],
    state: &GameState,
    phases: &mut [Phase],
    until: Instant,
    notify: &Notify,
) {
    loop {
        let notified = notify.notified();
        tokio::pin!(notified);
        notified.as_mut().enable();
        loop {
            let mut progressed = false;
            for (i, c) in seats.iter().enumerate() {
                let Some(seat) = c else { continue };
                if !state.players[i].active {
                    while let Ok(Some(_)) = seat.inbox.pop() {}
                    continue;
                }
                let next = match phases[i] {
                    Phase::Done(_) => continue,
                    Phase::Waiting | Phase::Answered(_) => seat.inbox.pop(),
                };
                let stored = match phases[i] {
                    Phase::Answered(a) => Some(a),
                    _ => None,
                };
                let done = |status| {
                    Phase::Done(PlayerAnswer {
                        action: stored,
                        status,
                    })
                };
                phases[i] = match (next, stored) {
                    (Ok(None), _) => continue,
                    (Err(()), _) | (Ok(Some(ParsedAnswer::Undecodable)), None) => {
                        done(AnswerStatus::Closed)
                    }
                    (Ok(Some(_)), Some(_)) => done(AnswerStatus::Duplicate),
                    (Ok(Some(ParsedAnswer::Valid(a))), None) => Phase::Answered(a),
                    (Ok(Some(ParsedAnswer::Invalid(_))), None) => done(AnswerStatus::Invalid),
                };
                progressed = true;
            }
            let waiting = seats
                .iter()
                .zip(phases.iter())
                .any(|(c, ph)| c.is_some() && matches!(ph, Phase::Waiting));
            if !waiting {
                return;
            }
            if !progressed {
                break;
            }
        }
        tokio::select! {
            () = &mut notified => {}
            () = tokio::time::sleep_until(until) => return,
        }
    }
}

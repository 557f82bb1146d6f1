//! The server's round processing (spec §4) and random game setup (§2), seeded.
//!
//! [`step`] turns a state and every player's answer into the next state exactly as the
//! reference server does: answers first (turns, speed changes, eliminations), then
//! per-step movement with the hole rule, then the walk-back crash check, then the end
//! check. The result does not depend on player order.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::state::{
    Action, COLLISION, Direction, FREE, GameState, MAX_SPEED, MIN_SPEED, Player, PlayerId,
};

/// How the server received a player's answer in one input phase (golden `status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnswerStatus {
    /// One valid answer.
    Ok,
    /// Active, but nothing arrived before deadline + grace.
    Missing,
    /// The first message had an empty or unknown action: eliminated, nothing stored.
    Invalid,
    /// A second message after a valid one: eliminated, the first answer still applies.
    Duplicate,
    /// The server stopped reading the player: eliminated, an earlier answer still applies.
    Closed,
    /// Already out before this round.
    Inactive,
}

impl AnswerStatus {
    /// The golden-log name (`"ok"`, `"missing"`, …).
    pub fn name(self) -> &'static str {
        match self {
            AnswerStatus::Ok => "ok",
            AnswerStatus::Missing => "missing",
            AnswerStatus::Invalid => "invalid",
            AnswerStatus::Duplicate => "duplicate",
            AnswerStatus::Closed => "closed",
            AnswerStatus::Inactive => "inactive",
        }
    }

    /// Parses a golden-log name.
    pub fn from_name(s: &str) -> Option<AnswerStatus> {
        [
            AnswerStatus::Ok,
            AnswerStatus::Missing,
            AnswerStatus::Invalid,
            AnswerStatus::Duplicate,
            AnswerStatus::Closed,
            AnswerStatus::Inactive,
        ]
        .into_iter()
        .find(|a| a.name() == s)
    }

    /// True for the statuses that eliminate the player during the input phase.
    pub fn eliminates(self) -> bool {
        matches!(
            self,
            AnswerStatus::Missing
                | AnswerStatus::Invalid
                | AnswerStatus::Duplicate
                | AnswerStatus::Closed
        )
    }
}

/// The answer the server stored for one player, and how it was received.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerAnswer {
    /// The stored (and processed) action, `None` if none was stored.
    pub action: Option<Action>,
    /// How the input phase went for this player.
    pub status: AnswerStatus,
}

impl PlayerAnswer {
    /// The answer for a player that chose `action` (or nothing) in time; `active` says
    /// whether it was still in the game.
    pub fn from_choice(action: Option<Action>, active: bool) -> PlayerAnswer {
        match (active, action) {
            (false, _) => PlayerAnswer {
                action: None,
                status: AnswerStatus::Inactive,
            },
            (true, Some(a)) => PlayerAnswer {
                action: Some(a),
                status: AnswerStatus::Ok,
            },
            (true, None) => PlayerAnswer {
                action: None,
                status: AnswerStatus::Missing,
            },
        }
    }
}

/// Most cells one move covers (speed 10).
const MAX_PATH: usize = MAX_SPEED as usize;

/// The non-hole cells one player wrote in this round.
#[derive(Clone, Copy)]
struct Path {
    cells: [u32; MAX_PATH],
    len: usize,
}

/// Processes one round (§4.3–§4.7). `answers[i]` belongs to `state.players[i]`; a
/// missing entry counts as "no answer". Afterwards `state.round` is incremented,
/// `running` is false once at most one player is active (then `deadline` is cleared).
pub fn step(state: &mut GameState, answers: &[PlayerAnswer]) {
    for (i, p) in state.players.iter_mut().enumerate() {
        let answer = answers.get(i).copied().unwrap_or(PlayerAnswer {
            action: None,
            status: AnswerStatus::Missing,
        });
        if answer.status.eliminates() {
            p.active = false;
        }
        match answer.action {
            None => p.active = false,
            Some(a) => {
                let (d, s) = a.apply(p.direction, p.speed);
                p.direction = d;
                p.speed = s;
                if !(MIN_SPEED..=MAX_SPEED).contains(&s) {
                    p.active = false;
                }
            }
        }
    }
    move_and_check(state);
}

/// Convenience for simulations: `actions[i]` is `state.players[i]`'s choice (`None` =
/// no answer); inactive players are ignored.
pub fn step_actions(state: &mut GameState, actions: &[Option<Action>]) {
    let answers: Vec<PlayerAnswer> = state
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| PlayerAnswer::from_choice(actions.get(i).copied().flatten(), p.active))
        .collect();
    step(state, &answers);
}

/// Movement (§4.4, §4.6), crash check (§4.5) and end check (§4.7).
fn move_and_check(state: &mut GameState) {
    let empty = Path {
        cells: [0; MAX_PATH],
        len: 0,
    };
    let mut paths = vec![empty; state.players.len()];
    let hole_round = state.round.is_multiple_of(6);
    let (w, h) = (state.width, state.height);
    for (pi, p) in state.players.iter_mut().enumerate() {
        if !p.active {
            continue;
        }
        let holes = hole_round && p.speed >= 3;
        let (dx, dy) = p.direction.delta();
        let path = &mut paths[pi];
        for s in 0..p.speed {
            p.x += dx;
            p.y += dy;
            if p.x < 0 || p.y < 0 || p.x >= w || p.y >= h {
                p.active = false;
                break;
            }
            if holes && s != 0 && s != p.speed - 1 {
                continue;
            }
            let idx = (p.y * w + p.x) as usize;
            let c = &mut state.cells[idx];
            *c = if *c == FREE { p.id as i8 } else { COLLISION };
            path.cells[path.len] = idx as u32;
            path.len += 1;
        }
    }
    for (pi, p) in state.players.iter_mut().enumerate() {
        if p.active {
            let path = &paths[pi];
            if path.cells[..path.len]
                .iter()
                .any(|&i| state.cells[i as usize] == COLLISION)
            {
                p.active = false;
            }
        }
    }
    state.round += 1;
    if state.active_count() <= 1 {
        state.running = false;
        state.deadline = None;
    }
}

/// Start direction of a cell (§2.3).
pub fn start_direction(width: i32, height: i32, x: i32, y: i32) -> Direction {
    let (hx, hy) = (width / 2, height / 2);
    match (x > hx, y > hy) {
        (true, true) => Direction::Up,
        (false, true) => Direction::Right,
        (true, false) => Direction::Left,
        (false, false) => Direction::Down,
    }
}

/// Draws a game as the server does (§2): board sides uniform in 41 … 80, `players`
/// players (2 … 6) in randomly assigned start slots, speed 1, round 1.
pub fn random_setup<R: Rng>(rng: &mut R, players: usize) -> GameState {
    let width = rng.random_range(41..=80);
    let height = rng.random_range(41..=80);
    setup_on_board(rng, width, height, players)
}

/// Like [`random_setup`] but with the player count drawn uniformly from 2 … 6 too.
pub fn random_lobby_setup<R: Rng>(rng: &mut R) -> GameState {
    let n = rng.random_range(2..=6);
    random_setup(rng, n)
}

/// Places `players` players (clamped to 1 … 6) on a `width` × `height` board as the
/// server does: slot Si for some player, uniform cell inside the slot.
pub fn setup_on_board<R: Rng>(rng: &mut R, width: i32, height: i32, players: usize) -> GameState {
    let n = players.clamp(1, 6);
    let (qw, qh) = ((width / 4).max(1), (height / 2).max(1));
    let slots = [(0, 0), (qw, 0), (2 * qw, 0), (3 * qw, 0), (0, qh), (qw, qh)];
    let mut order: Vec<usize> = (0..n).collect();
    order.shuffle(rng);
    let mut cells = vec![FREE; (width * height) as usize];
    let mut list = Vec::with_capacity(n);
    for (i, &slot) in order.iter().enumerate() {
        let id = (i + 1) as PlayerId;
        let (sx, sy) = slots[slot];
        let x = (sx + rng.random_range(0..qw)).min(width - 1);
        let y = (sy + rng.random_range(0..qh)).min(height - 1);
        cells[(y * width + x) as usize] = id as i8;
        list.push(Player {
            id,
            x,
            y,
            direction: start_direction(width, height, x, y),
            speed: 1,
            active: true,
            name: None,
        });
    }
    GameState {
        width,
        height,
        cells,
        players: list,
        you: 0,
        running: true,
        deadline: None,
        round: 1,
    }
}

/// [`random_setup`] driven by a ChaCha8 generator seeded with `seed`.
pub fn seeded_setup(seed: u64, players: usize) -> GameState {
    use rand::SeedableRng as _;
    random_setup(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed), players)
}

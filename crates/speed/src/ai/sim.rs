//! Cheap simulation functions for the AIs: one player's own move (opponents ignored),
//! applying it, and the possible next-move cells of opponents ("danger").

use crate::state::{Action, COLLISION, FREE, GameState, MAX_SPEED, MIN_SPEED};

/// The outcome of one player's move on the current board, ignoring everyone else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnMove {
    /// The action.
    pub action: Action,
    /// Head column after the move.
    pub x: i32,
    /// Head row after the move.
    pub y: i32,
    /// Direction after the move.
    pub direction: crate::state::Direction,
    /// Speed after the move.
    pub speed: i32,
    /// Non-hole cells written (flat indices).
    pub cells: [u32; 10],
    /// Number of valid entries in `cells`.
    pub len: usize,
    /// Survives: speed in range, on the board, every non-hole cell free.
    pub alive: bool,
}

impl OwnMove {
    /// The written cells.
    pub fn path(&self) -> &[u32] {
        &self.cells[..self.len]
    }
}

/// Simulates `state.players[pi]` playing `action` alone (hole rule included).
pub fn own_move(state: &GameState, pi: usize, action: Action) -> OwnMove {
    let p = &state.players[pi];
    let (direction, speed) = action.apply(p.direction, p.speed);
    let mut m = OwnMove {
        action,
        x: p.x,
        y: p.y,
        direction,
        speed,
        cells: [0; 10],
        len: 0,
        alive: p.active,
    };
    if !(MIN_SPEED..=MAX_SPEED).contains(&speed) {
        m.alive = false;
        return m;
    }
    let holes = state.is_hole_move(speed);
    let (dx, dy) = direction.delta();
    for s in 0..speed {
        m.x += dx;
        m.y += dy;
        if !state.contains(m.x, m.y) {
            m.alive = false;
            return m;
        }
        if holes && s != 0 && s != speed - 1 {
            continue;
        }
        let idx = state.index(m.x, m.y);
        if state.cells[idx] != FREE {
            m.alive = false;
        }
        m.cells[m.len] = idx as u32;
        m.len += 1;
    }
    m
}

/// Applies an own move to the board (others do not move) and advances the round.
pub fn apply_own(state: &mut GameState, pi: usize, m: &OwnMove) {
    for &i in m.path() {
        let c = &mut state.cells[i as usize];
        *c = if *c == FREE {
            state.players[pi].id as i8
        } else {
            COLLISION
        };
    }
    let p = &mut state.players[pi];
    p.x = m.x;
    p.y = m.y;
    p.direction = m.direction;
    p.speed = m.speed;
    p.active = m.alive;
    state.round += 1;
}

/// Marks every cell some other active player could write in its next move (any of its
/// five actions) as `true` in `out` (resized to the board).
pub fn danger_cells(state: &GameState, me: usize, out: &mut Vec<bool>) {
    out.clear();
    out.resize(state.cells.len(), false);
    for (i, p) in state.players.iter().enumerate() {
        if i == me || !p.active {
            continue;
        }
        for a in Action::ALL {
            let m = own_move(state, i, a);
            for &c in m.path() {
                out[c as usize] = true;
            }
        }
    }
}

/// Actions that survive `depth` own moves (the team's NotKillingItselfAI test), with
/// `speed_up` skipped at or above `max_speed`. Depth is reduced until something
/// survives; empty only if no action survives even one move.
pub fn surviving_actions(state: &GameState, pi: usize, max_speed: i32, depth: u32) -> Vec<Action> {
    let mut d = depth.max(1);
    loop {
        let out: Vec<Action> = Action::ALL
            .into_iter()
            .filter(|&a| allowed(state, pi, a, max_speed) && survives(state, pi, a, max_speed, d))
            .collect();
        if !out.is_empty() || d == 1 {
            return out;
        }
        d -= 1;
    }
}

/// True unless `a` is a speed-up at or above `max_speed`.
pub fn allowed(state: &GameState, pi: usize, a: Action, max_speed: i32) -> bool {
    !(a == Action::SpeedUp && state.players[pi].speed >= max_speed)
}

fn survives(state: &GameState, pi: usize, a: Action, max_speed: i32, depth: u32) -> bool {
    let m = own_move(state, pi, a);
    if !m.alive {
        return false;
    }
    if depth <= 1 {
        return true;
    }
    let mut next = state.clone();
    apply_own(&mut next, pi, &m);
    Action::ALL
        .into_iter()
        .any(|b| allowed(&next, pi, b, max_speed) && survives(&next, pi, b, max_speed, depth - 1))
}

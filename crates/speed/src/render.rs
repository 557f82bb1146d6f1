//! Plain-text board rendering for the terminal: `.` free, `1`…`6` trails, `A`…`F`
//! heads of players 1…6 (lower case once eliminated), `X` collision cells.

use std::fmt::Write as _;

use crate::state::{COLLISION, FREE, GameState, PlayerId};

/// Renders the board with a header line per player; `you` is marked with `*`.
pub fn render(state: &GameState, you: Option<PlayerId>) -> String {
    let mut s = String::with_capacity(((state.width + 1) * (state.height + 8)) as usize);
    let _ = writeln!(
        s,
        "round {}  board {}x{}{}",
        state.round,
        state.width,
        state.height,
        if state.running { "" } else { "  (game over)" }
    );
    for p in &state.players {
        let _ = writeln!(
            s,
            "{} player {} ({}) at ({},{}) {} speed {} {}",
            if Some(p.id) == you { '*' } else { ' ' },
            p.id,
            head_char(p.id, true),
            p.x,
            p.y,
            p.direction,
            p.speed,
            if p.active { "active" } else { "out" }
        );
    }
    let mut grid: Vec<char> = state
        .cells
        .iter()
        .map(|&c| match c {
            FREE => '.',
            COLLISION => 'X',
            c if (1..=9).contains(&c) => char::from(b'0' + c as u8),
            _ => '?',
        })
        .collect();
    for p in &state.players {
        if state.contains(p.x, p.y) {
            grid[state.index(p.x, p.y)] = head_char(p.id, p.active);
        }
    }
    for row in grid.chunks(state.width.max(1) as usize) {
        s.extend(row.iter());
        s.push('\n');
    }
    s
}

fn head_char(id: PlayerId, active: bool) -> char {
    let c = char::from(b'A' + (id.saturating_sub(1) % 26));
    if active { c } else { c.to_ascii_lowercase() }
}

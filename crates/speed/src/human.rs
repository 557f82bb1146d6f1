//! A human player on the terminal: one line per round with a key from the team's
//! Table 8.1 (`r` turn_right, `l` turn_left, `u` speed_up, `d` slow_down,
//! `n` change_nothing).

use std::io::{BufRead, Write};
use std::time::Instant;

use crate::Bot;
use crate::render::render;
use crate::state::{Action, GameState, PlayerId};

/// Reads actions from `input`, shows the board and prompts on `output`.
pub struct HumanBot<R, W> {
    input: R,
    output: W,
}

impl<R: BufRead + Send, W: Write + Send> HumanBot<R, W> {
    /// A human reading keys from `input` and drawing on `output`.
    pub fn new(input: R, output: W) -> Self {
        HumanBot { input, output }
    }
}

impl<R: BufRead + Send, W: Write + Send> Bot for HumanBot<R, W> {
    fn name(&self) -> String {
        "human".into()
    }

    /// Blocks until a valid key is read; at end of input answers `change_nothing`.
    fn decide(&mut self, state: &GameState, me: PlayerId, _deadline: Instant) -> Action {
        let _ = write!(self.output, "{}", render(state, Some(me)));
        loop {
            let _ = write!(self.output, "your move (r/l/u/d/n): ");
            let _ = self.output.flush();
            let mut line = String::new();
            match self.input.read_line(&mut line) {
                Ok(0) | Err(_) => return Action::ChangeNothing,
                Ok(_) => {}
            }
            let mut chars = line.trim().chars();
            if let (Some(c), None) = (chars.next(), chars.next())
                && let Some(a) = Action::from_key(c.to_ascii_lowercase())
            {
                return a;
            }
            let _ = writeln!(
                self.output,
                "unknown key {:?}; use r, l, u, d or n",
                line.trim()
            );
        }
    }
}

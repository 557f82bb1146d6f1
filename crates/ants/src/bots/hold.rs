//! `hold`: never moves (the official HoldBot).

use crate::bot::{Bot, GameSettings, Order, TurnInput};

/// A bot that never issues an order.
#[derive(Clone, Copy, Debug, Default)]
pub struct HoldBot;

impl Bot for HoldBot {
    fn name(&self) -> &'static str {
        "hold"
    }

    fn setup(&mut self, _settings: &GameSettings) {}

    fn turn(&mut self, _input: &TurnInput) -> Vec<Order> {
        Vec::new()
    }
}

//! Ants (Google AI Challenge 2011): map and replay formats, an engine faithful to the
//! official one, the bot protocol, and the baseline bots.

pub mod bot;

pub use bot::{Annotation, Bot, GameSettings, Order, TurnInput};

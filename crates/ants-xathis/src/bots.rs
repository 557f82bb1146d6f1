//! The two exported players: [`XathisBot`] (the rebuild of the 2011 winner, [`Config::xathis`])
//! and [`ChampionBot`] (the same pipeline with any [`Config`]; by default the improvements of
//! [`Config::champion`]).

use ants::{Bot, GameSettings, Order, TurnInput};
use grid::Pos;

use crate::brain::{Brain, Config};

/// The rebuild of the 2011 winner (`xathis-style`, [`Config::xathis`]).
#[derive(Debug)]
pub struct XathisBot {
    brain: Brain,
}

impl XathisBot {
    /// A new bot (settings arrive with [`Bot::setup`]).
    pub fn new() -> Self {
        Self {
            brain: Brain::new(Config::xathis()),
        }
    }

    /// The bot's internal state (for tests and diagnostics).
    pub fn brain(&self) -> &Brain {
        &self.brain
    }
}

impl Default for XathisBot {
    fn default() -> Self {
        Self::new()
    }
}

impl Bot for XathisBot {
    fn name(&self) -> &'static str {
        "xathis-style"
    }

    fn setup(&mut self, settings: &GameSettings) {
        self.brain.setup(settings);
    }

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        self.brain.turn(input)
    }

    fn move_reasons(&self) -> Vec<(Pos, &'static str)> {
        move_reasons(&self.brain)
    }
}

/// `xathis-style` improved where the post mortem names its weaknesses (`champion`).
#[derive(Debug)]
pub struct ChampionBot {
    brain: Brain,
    name: String,
}

impl ChampionBot {
    /// A new bot (settings arrive with [`Bot::setup`]).
    pub fn new() -> Self {
        Self::with_config(Config::champion())
    }

    /// A bot with a custom configuration (experiments), named `champion`.
    pub fn with_config(cfg: Config) -> Self {
        Self::with_named_config("champion", cfg)
    }

    /// A bot with a custom configuration shown under `name` (e.g. its spec string).
    pub fn with_named_config(name: &str, cfg: Config) -> Self {
        Self {
            brain: Brain::new(cfg),
            name: name.to_owned(),
        }
    }

    /// The bot's internal state (for tests and diagnostics).
    pub fn brain(&self) -> &Brain {
        &self.brain
    }
}

impl Default for ChampionBot {
    fn default() -> Self {
        Self::new()
    }
}

impl Bot for ChampionBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn setup(&mut self, settings: &GameSettings) {
        self.brain.setup(settings);
    }

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        self.brain.turn(input)
    }

    fn move_reasons(&self) -> Vec<(Pos, &'static str)> {
        move_reasons(&self.brain)
    }
}

/// The step of the brain's pipeline behind each move of the turn just played, by name.
fn move_reasons(brain: &Brain) -> Vec<(Pos, &'static str)> {
    brain.decided_by().map(|(p, s)| (p, s.name())).collect()
}

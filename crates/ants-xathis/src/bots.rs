//! The two exported players: [`XathisBot`] (the rebuild of the 2011 winner, [`Config::xathis`])
//! and [`ChampionBot`] (the same pipeline with any [`Config`]; by default the improvements of
//! [`Config::champion`]).

use ants::visual::Command;
use ants::{Bot, GameSettings, Order, TurnInput};
use botspec::{Args, Param, SpecError};
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

    fn take_visuals(&mut self) -> Vec<Command> {
        self.brain.take_visuals()
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

    /// The bot a spec names: the preset `base` with the spec's [`Config`] parameters applied
    /// ([`Config::apply`]) and [`VISUALIZE`], named by the spec (`champion`,
    /// `champion(fight_first=false)`); `args` must be resolved against one of the
    /// `Config::*_PARAMS` lists.
    pub fn from_spec(args: &Args, base: Config) -> Result<Self, SpecError> {
        let mut cfg = base;
        cfg.apply(args)?;
        let mut bot = Self::with_named_config(&args.canonical(), cfg);
        bot.set_visualize(args.get(VISUALIZE.key)?);
        Ok(bot)
    }

    /// Draws the plans of every turn ([`Brain::set_visualize`]).
    pub fn set_visualize(&mut self, on: bool) {
        self.brain.set_visualize(on);
    }

    /// The bot's internal state (for tests and diagnostics).
    pub fn brain(&self) -> &Brain {
        &self.brain
    }
}

/// The `visualize` spec parameter of the pipeline bots: a display switch, not part of
/// [`Config`] (it never changes a move).
pub const VISUALIZE: Param = Param {
    key: "visualize",
    default: "false",
    about: "draw the plans each turn as visualizer commands (areas, border, missions, food, explore, fights, defence; docs/ants-viewer.md); never changes a move",
};

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

    fn take_visuals(&mut self) -> Vec<Command> {
        self.brain.take_visuals()
    }
}

/// The step of the brain's pipeline behind each move of the turn just played, by name.
fn move_reasons(brain: &Brain) -> Vec<(Pos, &'static str)> {
    brain.decided_by().map(|(p, s)| (p, s.name())).collect()
}

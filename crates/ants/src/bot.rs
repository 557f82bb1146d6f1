//! The in-process player interface: a [`Bot`] receives exactly what the official stdin/stdout
//! protocol would give its player (settings at turn 0, then one [`TurnInput`] per turn, owner
//! ids in the player's own perspective) and answers with [`Order`]s.

use grid::{Dir, Pos};

/// The setup message of turn 0 (protocol §5.2.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSettings {
    /// Time for the setup answer, in milliseconds.
    pub loadtime_ms: u64,
    /// Time per turn, in milliseconds.
    pub turntime_ms: u64,
    /// Map rows.
    pub rows: u32,
    /// Map columns.
    pub cols: u32,
    /// Maximum number of turns.
    pub turns: u32,
    /// Squared view radius.
    pub viewradius2: u32,
    /// Squared attack radius.
    pub attackradius2: u32,
    /// Squared spawn radius.
    pub spawnradius2: u32,
    /// The player's random seed.
    pub player_seed: i64,
}

/// One turn message (protocol §5.2.2): what the player sees after the previous turn.
/// Owners are perspective ids: 0 is the receiving player.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnInput {
    /// The turn number (1-based).
    pub turn: u32,
    /// Newly revealed water squares (each sent once per game).
    pub water: Vec<Pos>,
    /// Visible un-razed hills with their owner.
    pub hills: Vec<(Pos, u8)>,
    /// Visible living ants with their owner.
    pub ants: Vec<(Pos, u8)>,
    /// Visible food.
    pub food: Vec<Pos>,
    /// Ants that died in the previous turn, with their owner.
    pub dead: Vec<(Pos, u8)>,
}

/// One move order: the ant at `pos` steps in direction `dir`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    /// The square of the ant to move.
    pub pos: Pos,
    /// The direction to move it.
    pub dir: Dir,
}

/// An in-process Ants player. The engine calls [`Bot::setup`] once, then [`Bot::turn`] once
/// per turn while the player is alive; the time a call takes counts against `turntime` just as
/// for an external process.
pub trait Bot: Send {
    /// The bot's name as shown in results and replays.
    fn name(&self) -> &str;

    /// Receives the game settings (turn 0).
    fn setup(&mut self, settings: &GameSettings);

    /// Plays one turn.
    fn turn(&mut self, input: &TurnInput) -> Vec<Order>;

    /// What the bot wants to show about the turn just played, as the 2011 visualizer's
    /// commands (empty by default). The engine stores them beside the replay as the `v`/`i`
    /// lines an external bot would print; `botforge ants bot --visualize` prints them.
    fn take_visuals(&mut self) -> Vec<crate::visual::Command> {
        Vec::new()
    }

    /// Which part of the bot decided each of its moves in the turn just played: the ant's
    /// square and a short name (empty by default). `botforge ants agree` splits its
    /// comparison with a recorded player by it.
    fn move_reasons(&self) -> Vec<(Pos, &'static str)> {
        Vec::new()
    }
}

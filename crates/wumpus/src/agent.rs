//! The bot interface (spec §4.1: the hunter agent), what is seated in a game ([`Entrant`]: a
//! bot or an external program), the knowledge snapshot bots expose for viewers, the game
//! driver [`play_game`] and the serializable game trace.

use serde::{Deserialize, Serialize};

use crate::game::{Game, GameOutcome, HunterAction, Observation, StartInfo, WumpusState};
use crate::world::{Cell, Heading, World};

/// An in-process bot (the spec's hunter agent). It sees only [`StartInfo`] and
/// [`Observation`]s. The built-in bots are listed in [`crate::agents::BOTS`].
pub trait Bot {
    /// Called once before the first observation.
    fn start(&mut self, info: &StartInfo);
    /// Chooses the next action; never called after `GameOver`.
    fn act(&mut self, obs: &Observation) -> HunterAction;
    /// Called once with the final result.
    fn finish(&mut self, _result: &GameOutcome) {}
    /// The agent's current beliefs, for rendering (default: none).
    fn knowledge(&self) -> Option<Knowledge> {
        None
    }
}

/// A boxed bot is a bot (so catalogue-built bots can be played).
impl<T: Bot + ?Sized> Bot for Box<T> {
    fn start(&mut self, info: &StartInfo) {
        (**self).start(info);
    }
    fn act(&mut self, obs: &Observation) -> HunterAction {
        (**self).act(obs)
    }
    fn finish(&mut self, result: &GameOutcome) {
        (**self).finish(result);
    }
    fn knowledge(&self) -> Option<Knowledge> {
        (**self).knowledge()
    }
}

/// What is seated in one game: a [`Bot`] (every bot is an entrant) or an external program
/// ([`crate::protocol::ExternalEntrant`]), whose action choice may fail.
pub trait Entrant {
    /// Called once before the first observation.
    fn start(&mut self, info: &StartInfo) -> Result<(), String>;
    /// The next action, or why none could be obtained.
    fn act(&mut self, obs: &Observation) -> Result<HunterAction, String>;
    /// Called once with the final result.
    fn finish(&mut self, result: &GameOutcome);
    /// The player's current beliefs, if it exposes them.
    fn knowledge(&self) -> Option<Knowledge>;
}

impl<A: Bot + ?Sized> Entrant for A {
    fn start(&mut self, info: &StartInfo) -> Result<(), String> {
        Bot::start(self, info);
        Ok(())
    }
    fn act(&mut self, obs: &Observation) -> Result<HunterAction, String> {
        Ok(Bot::act(self, obs))
    }
    fn finish(&mut self, result: &GameOutcome) {
        Bot::finish(self, result);
    }
    fn knowledge(&self) -> Option<Knowledge> {
        Bot::knowledge(self)
    }
}

/// What an agent believes about one cell. Probabilities are `None` when the agent does not
/// model them.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CellKnowledge {
    /// The agent has stood here.
    pub visited: bool,
    /// The agent holds the cell free of pits.
    pub safe: bool,
    /// A wall.
    pub wall: bool,
    /// Breeze felt here (`None`: not visited).
    pub breeze: Option<bool>,
    /// The agent thinks a pit may be here.
    pub possible_pit: bool,
    /// The agent holds this cell to be a pit for certain.
    pub certain_pit: bool,
    /// The agent thinks a wumpus may be here now.
    pub possible_wumpus: bool,
    /// Gold seen here.
    pub gold: bool,
    /// Pit probability, if modelled.
    pub pit_prob: Option<f32>,
    /// Probability that some wumpus is here now, if modelled.
    pub wumpus_prob: Option<f32>,
}

/// Snapshot of an agent's beliefs over the whole grid (row-major, walls included).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Knowledge {
    /// Width including walls (as the agent knows it).
    pub width: u32,
    /// Height including walls.
    pub height: u32,
    /// Cells in row-major order: index `y * width + x`.
    pub cells: Vec<CellKnowledge>,
    /// Where the agent believes it stands.
    pub position: Cell,
    /// Its believed heading.
    pub heading: Heading,
    /// Free-form notes (mode, plan …).
    pub notes: Vec<String>,
}

impl Knowledge {
    /// The entry for `c`, if on the grid.
    pub fn cell(&self, c: Cell) -> Option<&CellKnowledge> {
        if c.0 < 0 || c.1 < 0 || c.0 >= self.width as i32 || c.1 >= self.height as i32 {
            return None;
        }
        self.cells
            .get((c.1 as u32 * self.width + c.0 as u32) as usize)
    }
}

/// One recorded turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TraceStep {
    /// The action that led here (`None` for turn 0).
    pub action: Option<HunterAction>,
    /// The observation sent after it.
    pub observation: Observation,
    /// True hunter cell.
    pub hunter: Cell,
    /// True hunter heading.
    pub heading: Heading,
    /// True wumpus states.
    pub wumpi: Vec<WumpusState>,
    /// The agent's knowledge after it chose `action`'s successor (or at the end).
    pub knowledge: Option<Knowledge>,
}

/// A complete game record for viewers (serde; JSON via `serde_json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameTrace {
    /// The world played.
    pub world: World,
    /// Game seed.
    pub seed: u64,
    /// Agent name.
    pub agent: String,
    /// Turn 0 and every action.
    pub steps: Vec<TraceStep>,
    /// Final result.
    pub result: GameOutcome,
    /// Why the game ended in `ERROR`, if it did.
    pub error: Option<String>,
}

/// What [`play_game`] returns: the game's outcome and, for `ERROR`, the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// Final result.
    pub result: GameOutcome,
    /// The player's failure, if the game ended in `ERROR`.
    pub error: Option<String>,
}

/// Plays one game: `game` to the end with `player`. `observe` is called after turn 0 and after every
/// action with the game, the action and the player (for traces and rendering).
pub fn play_game(
    game: &mut Game,
    player: &mut dyn Entrant,
    mut observe: impl FnMut(&Game, Option<HunterAction>, &dyn Entrant),
) -> PlayedGame {
    let mut error = None;
    if let Err(e) = player.start(&game.start_info()) {
        game.fail();
        error = Some(e);
    }
    observe(game, None, player);
    while !game.is_over() {
        let obs = game.observation().clone();
        match player.act(&obs) {
            Ok(a) => {
                game.step(a);
                observe(game, Some(a), player);
            }
            Err(e) => {
                game.fail();
                error = Some(e);
                observe(game, None, player);
            }
        }
    }
    let Some(result) = game.result() else {
        unreachable!("loop ends only when the game is over")
    };
    player.finish(&result);
    PlayedGame { result, error }
}

/// Plays `game` and records a [`GameTrace`].
pub fn play_game_traced(
    game: &mut Game,
    player: &mut dyn Entrant,
    seed: u64,
    agent: &str,
) -> GameTrace {
    let world = game.world().clone();
    let mut steps = Vec::new();
    let out = play_game(game, player, |g, a, p| {
        steps.push(TraceStep {
            action: a,
            observation: g.observation().clone(),
            hunter: g.hunter_pos(),
            heading: g.hunter_heading(),
            wumpi: g.wumpi().to_vec(),
            knowledge: p.knowledge(),
        });
    });
    GameTrace {
        world,
        seed,
        agent: agent.to_string(),
        steps,
        result: out.result,
        error: out.error,
    }
}

impl GameTrace {
    /// The trace as pretty JSON.
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }

    /// Parses a JSON trace.
    pub fn from_json(s: &str) -> Result<GameTrace, serde_json::Error> {
        serde_json::from_str(s)
    }

    /// Writes the trace as JSON (as [`GameTrace::to_json`]) atomically: the file appears
    /// complete or not at all.
    pub fn save_json(&self, path: &std::path::Path) -> std::io::Result<()> {
        outfile::write_with(path, |w| {
            serde_json::to_writer_pretty(w, self).map_err(std::io::Error::from)
        })
    }
}

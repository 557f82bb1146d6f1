//! The simulator: hunter actions, wumpus movement, percepts, scoring and game end
//! (spec §3). Rules live here alone; agents see only [`StartInfo`] and [`Observation`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::rng::SplitMix64;
use crate::world::{Cell, GameParams, Heading, START, Tile, World, manhattan};

/// The seven hunter actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HunterAction {
    /// Step along the heading.
    GoForward,
    /// Rotate counter-clockwise.
    TurnLeft,
    /// Rotate clockwise.
    TurnRight,
    /// Fire an arrow along the heading.
    Shoot,
    /// Do nothing.
    Sit,
    /// Pick up the gold.
    Grab,
    /// End the game (a win on the start cell with the gold).
    QuitGame,
}

impl HunterAction {
    /// All actions.
    pub const ALL: [HunterAction; 7] = [
        HunterAction::GoForward,
        HunterAction::TurnLeft,
        HunterAction::TurnRight,
        HunterAction::Shoot,
        HunterAction::Sit,
        HunterAction::Grab,
        HunterAction::QuitGame,
    ];

    /// Protocol name (`GO_FORWARD` …).
    pub fn name(self) -> &'static str {
        match self {
            HunterAction::GoForward => "GO_FORWARD",
            HunterAction::TurnLeft => "TURN_LEFT",
            HunterAction::TurnRight => "TURN_RIGHT",
            HunterAction::Shoot => "SHOOT",
            HunterAction::Sit => "SIT",
            HunterAction::Grab => "GRAB",
            HunterAction::QuitGame => "QUIT_GAME",
        }
    }

    /// Parses a protocol name.
    pub fn from_name(s: &str) -> Option<HunterAction> {
        HunterAction::ALL.into_iter().find(|a| a.name() == s)
    }
}

/// The effect reported with each observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ActionEffect {
    /// Turn 0.
    GameInitialized,
    /// The game has ended.
    GameOver,
    /// `GO_FORWARD` hit a wall.
    BumpedIntoWall,
    /// Ordinary success (also a missed shot, a grab without gold, sit).
    MovementSuccessful,
    /// The gold was grabbed.
    GoldFound,
    /// An arrow killed a wumpus.
    WumpusKilled,
    /// `SHOOT` with no arrows left.
    NoMoreShoots,
}

impl ActionEffect {
    /// All effects.
    pub const ALL: [ActionEffect; 7] = [
        ActionEffect::GameInitialized,
        ActionEffect::GameOver,
        ActionEffect::BumpedIntoWall,
        ActionEffect::MovementSuccessful,
        ActionEffect::GoldFound,
        ActionEffect::WumpusKilled,
        ActionEffect::NoMoreShoots,
    ];

    /// Protocol name.
    pub fn name(self) -> &'static str {
        match self {
            ActionEffect::GameInitialized => "GAME_INITIALIZED",
            ActionEffect::GameOver => "GAME_OVER",
            ActionEffect::BumpedIntoWall => "BUMPED_INTO_WALL",
            ActionEffect::MovementSuccessful => "MOVEMENT_SUCCESSFUL",
            ActionEffect::GoldFound => "GOLD_FOUND",
            ActionEffect::WumpusKilled => "WUMPUS_KILLED",
            ActionEffect::NoMoreShoots => "NO_MORE_SHOOTS",
        }
    }

    /// Parses a protocol name.
    pub fn from_name(s: &str) -> Option<ActionEffect> {
        ActionEffect::ALL.into_iter().find(|a| a.name() == s)
    }
}

/// What the hunter perceives after a turn (spec §3.5).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Percept {
    /// A pit is orthogonally adjacent.
    pub breeze: bool,
    /// The radar is non-empty.
    pub stench: bool,
    /// The gold lies on the hunter's cell.
    pub glitter: bool,
    /// This turn's `GO_FORWARD` hit a wall.
    pub bump: bool,
    /// A wumpus changed cell within rumble distance.
    pub rumble: bool,
    /// This turn's arrow killed a wumpus.
    pub scream: bool,
    /// Wumpus id → Manhattan distance, for living wumpi within the stench distance.
    pub radar: BTreeMap<u32, u32>,
}

/// One observation: turn number, effect and percept.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Observation {
    /// Turn number (0 = initial observation).
    pub turn: u32,
    /// Effect of the last action.
    pub effect: ActionEffect,
    /// Percepts at the hunter's cell.
    pub percept: Percept,
}

/// What the agent is told at the start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StartInfo {
    /// Width including walls.
    pub width: u32,
    /// Height including walls.
    pub height: u32,
    /// Start cell.
    pub start: Cell,
    /// Start heading.
    pub heading: Heading,
    /// Arrows.
    pub arrows: u32,
    /// Radar range D.
    pub stench_distance: u32,
    /// Rumble range (`None` = unlimited).
    pub rumble_distance: Option<u32>,
    /// Start score.
    pub score: i64,
    /// Turn limit.
    pub max_actions: u32,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Outcome {
    /// Quit on the start cell carrying the gold.
    Win,
    /// Fell into a pit.
    DiedPit,
    /// Eaten by a wumpus.
    DiedWumpus,
    /// Quit without winning.
    Quit,
    /// Reached the turn limit.
    Timeout,
    /// The agent broke the protocol, crashed or was too slow.
    Error,
}

impl Outcome {
    /// All outcomes.
    pub const ALL: [Outcome; 6] = [
        Outcome::Win,
        Outcome::DiedPit,
        Outcome::DiedWumpus,
        Outcome::Quit,
        Outcome::Timeout,
        Outcome::Error,
    ];

    /// Protocol name.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "WIN",
            Outcome::DiedPit => "DIED_PIT",
            Outcome::DiedWumpus => "DIED_WUMPUS",
            Outcome::Quit => "QUIT",
            Outcome::Timeout => "TIMEOUT",
            Outcome::Error => "ERROR",
        }
    }

    /// Parses a protocol name.
    pub fn from_name(s: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.name() == s)
    }
}

/// The record of one finished game: how it ended, the score and the counters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameOutcome {
    /// How it ended.
    pub outcome: Outcome,
    /// Final score.
    pub score: i64,
    /// Actions taken.
    pub actions: u32,
    /// Gold grabbed (0/1).
    pub gold: u32,
    /// Wumpi killed.
    pub kills: u32,
    /// Arrows left.
    pub arrows: u32,
}

/// A wumpus's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WumpusState {
    /// Id (1…).
    pub id: u32,
    /// Current cell.
    pub pos: Cell,
    /// Current heading.
    pub heading: Heading,
    /// Alive?
    pub alive: bool,
}

/// A running game.
#[derive(Clone, Debug)]
pub struct Game {
    world: World,
    params: GameParams,
    rng: SplitMix64,
    pos: Cell,
    heading: Heading,
    arrows: u32,
    has_gold: bool,
    gold_on_floor: bool,
    alive: bool,
    wumpi: Vec<WumpusState>,
    actions: u32,
    score: i64,
    kills: u32,
    outcome: Option<Outcome>,
    last: Observation,
}

impl Game {
    /// Starts a game on `world` (its own parameters) with game seed `seed`.
    pub fn new(world: &World, seed: u64) -> Game {
        let params = world.params.clone();
        let mut rng = SplitMix64::new(seed ^ 0xA5A5_A5A5_A5A5_A5A5);
        let wumpi = world
            .wumpi()
            .iter()
            .enumerate()
            .map(|(i, &pos)| WumpusState {
                id: i as u32 + 1,
                pos,
                heading: Heading::ALL[rng.below(4) as usize],
                alive: true,
            })
            .collect();
        let mut g = Game {
            world: world.clone(),
            rng,
            pos: START,
            heading: Heading::East,
            arrows: params.arrows,
            has_gold: false,
            gold_on_floor: true,
            alive: true,
            wumpi,
            actions: 0,
            score: params.start_score,
            kills: 0,
            outcome: None,
            last: Observation {
                turn: 0,
                effect: ActionEffect::GameInitialized,
                percept: Percept::default(),
            },
            params,
        };
        g.last.percept = g.percept(false, false, false);
        g
    }

    /// What the agent is told at the start.
    pub fn start_info(&self) -> StartInfo {
        StartInfo {
            width: self.world.width(),
            height: self.world.height(),
            start: START,
            heading: Heading::East,
            arrows: self.params.arrows,
            stench_distance: self.params.stench_distance,
            rumble_distance: self.params.rumble_distance,
            score: self.params.start_score,
            max_actions: self.params.max_actions,
        }
    }

    /// The latest observation (turn 0 before any step).
    pub fn observation(&self) -> &Observation {
        &self.last
    }

    /// The world being played.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// Hunter cell.
    pub fn hunter_pos(&self) -> Cell {
        self.pos
    }

    /// Hunter heading.
    pub fn hunter_heading(&self) -> Heading {
        self.heading
    }

    /// Arrows left.
    pub fn arrows(&self) -> u32 {
        self.arrows
    }

    /// Whether the hunter carries the gold.
    pub fn has_gold(&self) -> bool {
        self.has_gold
    }

    /// Whether the gold still lies on its cell.
    pub fn gold_on_floor(&self) -> bool {
        self.gold_on_floor
    }

    /// Wumpus states in id order.
    pub fn wumpi(&self) -> &[WumpusState] {
        &self.wumpi
    }

    /// Actions so far.
    pub fn actions(&self) -> u32 {
        self.actions
    }

    /// Score so far.
    pub fn score(&self) -> i64 {
        self.score
    }

    /// Whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The result once the game has ended.
    pub fn result(&self) -> Option<GameOutcome> {
        self.outcome.map(|outcome| GameOutcome {
            outcome,
            score: self.score,
            actions: self.actions,
            gold: u32::from(self.has_gold),
            kills: self.kills,
            arrows: self.arrows,
        })
    }

    /// Ends the game with `ERROR` (spec §4.2): score so far minus 1000. No-op once over.
    pub fn fail(&mut self) {
        if self.outcome.is_none() {
            self.score = self.score.saturating_add(self.params.rewards.death);
            self.outcome = Some(Outcome::Error);
            self.last = Observation {
                turn: self.actions,
                effect: ActionEffect::GameOver,
                percept: Percept::default(),
            };
        }
    }

    fn living_wumpus_at(&self, c: Cell) -> Option<usize> {
        self.wumpi.iter().position(|w| w.alive && w.pos == c)
    }

    fn end(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::DiedPit | Outcome::DiedWumpus => {
                self.alive = false;
                self.score = self.score.saturating_add(self.params.rewards.death);
            }
            Outcome::Win => self.score = self.score.saturating_add(self.params.rewards.win),
            _ => {}
        }
        self.outcome = Some(outcome);
    }

    /// Plays one action (spec §3.3) and returns the new observation. After the game has
    /// ended this changes nothing and returns the final observation again.
    pub fn step(&mut self, action: HunterAction) -> Observation {
        if self.outcome.is_some() {
            return self.last.clone();
        }
        self.actions += 1;
        self.score = self.score.saturating_add(self.params.rewards.action);
        let mut effect = ActionEffect::MovementSuccessful;
        let (mut bump, mut scream) = (false, false);
        match action {
            HunterAction::GoForward => {
                let t = self.heading.step(self.pos);
                match self.world.tile(t) {
                    Tile::Wall => {
                        bump = true;
                        effect = ActionEffect::BumpedIntoWall;
                    }
                    Tile::Pit => {
                        self.pos = t;
                        self.end(Outcome::DiedPit);
                    }
                    Tile::Floor => {
                        self.pos = t;
                        if self.living_wumpus_at(t).is_some() {
                            self.end(Outcome::DiedWumpus);
                        }
                    }
                }
            }
            HunterAction::TurnLeft => self.heading = self.heading.left(),
            HunterAction::TurnRight => self.heading = self.heading.right(),
            HunterAction::Sit => {}
            HunterAction::Grab => {
                if self.gold_on_floor && self.pos == self.world.gold() {
                    self.gold_on_floor = false;
                    self.has_gold = true;
                    self.score = self.score.saturating_add(self.params.rewards.gold);
                    effect = ActionEffect::GoldFound;
                }
            }
            HunterAction::Shoot => {
                if self.arrows == 0 {
                    effect = ActionEffect::NoMoreShoots;
                } else {
                    self.arrows -= 1;
                    let mut c = self.pos;
                    loop {
                        let n = self.heading.step(c);
                        if self.world.tile(n) == Tile::Wall {
                            break;
                        }
                        c = n;
                        if let Some(i) = self.living_wumpus_at(c) {
                            self.wumpi[i].alive = false;
                            self.kills += 1;
                            self.score = self.score.saturating_add(self.params.rewards.kill);
                            scream = true;
                            effect = ActionEffect::WumpusKilled;
                            break;
                        }
                    }
                }
            }
            HunterAction::QuitGame => {
                let win = self.pos == START && self.has_gold;
                self.end(if win { Outcome::Win } else { Outcome::Quit });
            }
        }
        let mut rumble = false;
        if self.outcome.is_none() {
            if self.params.moving_wumpi {
                rumble = self.move_wumpi();
            }
            if self.living_wumpus_at(self.pos).is_some() {
                self.end(Outcome::DiedWumpus);
            }
        }
        if self.outcome.is_none() && self.actions >= self.params.max_actions {
            self.end(Outcome::Timeout);
        }
        self.last = if self.outcome.is_some() {
            Observation {
                turn: self.actions,
                effect: ActionEffect::GameOver,
                percept: Percept::default(),
            }
        } else {
            Observation {
                turn: self.actions,
                effect,
                percept: self.percept(bump, rumble, scream),
            }
        };
        self.last.clone()
    }

    /// Step 3: every wumpus draws and acts; returns the rumble flag.
    fn move_wumpi(&mut self) -> bool {
        let w = self.params.wumpus_weights;
        let total: u64 = w.iter().map(|&x| u64::from(x)).sum();
        let mut rumble = false;
        for i in 0..self.wumpi.len() {
            let k = self.rng.below(total.max(1));
            if !self.wumpi[i].alive {
                continue;
            }
            let mut acc = 0u64;
            let mut choice = 3;
            for (j, &wj) in w.iter().enumerate() {
                acc += u64::from(wj);
                if k < acc {
                    choice = j;
                    break;
                }
            }
            match choice {
                0 => {
                    let t = self.wumpi[i].heading.step(self.wumpi[i].pos);
                    let blocked =
                        self.world.tile(t) != Tile::Floor || self.living_wumpus_at(t).is_some();
                    if !blocked {
                        self.wumpi[i].pos = t;
                        let heard = self
                            .params
                            .rumble_distance
                            .is_none_or(|r| manhattan(t, self.pos) <= r);
                        rumble |= heard;
                    }
                }
                1 => self.wumpi[i].heading = self.wumpi[i].heading.left(),
                2 => self.wumpi[i].heading = self.wumpi[i].heading.right(),
                _ => {}
            }
        }
        rumble
    }

    fn percept(&self, bump: bool, rumble: bool, scream: bool) -> Percept {
        let d = self.params.stench_distance;
        let radar: BTreeMap<u32, u32> = self
            .wumpi
            .iter()
            .filter(|w| w.alive)
            .map(|w| (w.id, manhattan(w.pos, self.pos)))
            .filter(|&(_, dist)| dist >= 1 && dist <= d)
            .collect();
        Percept {
            breeze: Heading::ALL
                .iter()
                .any(|h| self.world.is_pit(h.step(self.pos))),
            stench: !radar.is_empty(),
            glitter: self.gold_on_floor && self.pos == self.world.gold(),
            bump,
            rumble,
            scream,
            radar,
        }
    }
}

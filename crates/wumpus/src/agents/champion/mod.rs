//! `champion`: a probabilistic agent.
//!
//! - **Pits:** exact posterior pit probabilities from breeze observations by weighted model
//!   enumeration on the frontier ([`super::pits`]).
//! - **Wumpi:** one belief per wumpus over (cell, heading), propagated with the wumpus motion
//!   model (forward / left / right / sit, equally likely) and conditioned every turn on the
//!   stench radar (exact distance within D, or "farther than D"), on rumbles (jointly: "some
//!   wumpus moved" / "none moved"), on the hunter's survival and on missed or hitting arrows.
//! - **Planning:** Dijkstra over (cell, heading) where every action costs 1 plus
//!   `risk_weight · −ln(1 − risk)`; risk combines the pit posterior and the probability that a
//!   wumpus is on, or walks onto, the cell. Exploration goes to the cheapest unvisited cell
//!   and accepts a path only if its death risk is worth the gold (`(1−p)·q·(gold+win) >
//!   p·death`); otherwise it returns home and quits. With the gold it returns home.
//! - **Shooting:** when the probability that the arrow's line holds a wumpus is high, or it
//!   turns to face such a line when a wumpus is close.
//!
//! The agent never plans a step onto a cell it holds as a certain pit (probability 1).
//!
//! This module holds the configuration, the state and the turn loop ([`Bot`]); the concerns
//! live in `senses` (pose and pits), `wumpi` (wumpus beliefs and risk maps), `planning`
//! (Dijkstra and the choice of action) and `shooting`.

mod planning;
mod senses;
mod shooting;
mod wumpi;

use botspec::{Args, Param, SpecError};

use crate::agent::{Bot, CellKnowledge, Knowledge};
use crate::game::{HunterAction, Observation, StartInfo};
use crate::world::{Cell, Heading};
use wumpi::Belief;

/// Tunable parameters of the champion (spec parameters: [`PARAMS`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ChampionConfig {
    /// Prior pit probability of an unknown cell.
    pub pit_prior: f64,
    /// Action-equivalent cost of one unit of `−ln(survival)`.
    pub risk_weight: f64,
    /// Estimated chance of winning after surviving a gamble (weighs gold against death).
    pub win_chance: f64,
    /// Shoot straight ahead when the line holds a wumpus with at least this probability.
    pub shoot_threshold: f64,
    /// Turn towards a line holding a wumpus with at least this probability when one is close.
    pub turn_shoot_threshold: f64,
    /// Prior probability that each of the expected wumpi (by map size: 1 up to 6×6, 2 up to
    /// 10×10, else 3) exists before its id is first smelled.
    pub wumpus_prior: f64,
}

impl Default for ChampionConfig {
    fn default() -> Self {
        Self {
            pit_prior: 0.1,
            risk_weight: 1000.0,
            win_chance: 0.7,
            shoot_threshold: 0.5,
            turn_shoot_threshold: 0.6,
            wumpus_prior: 0.95,
        }
    }
}

/// The champion's spec parameters (`champion(key=value,…)`), positionally in this order;
/// the defaults are [`ChampionConfig::default`]'s.
pub const PARAMS: &[Param] = &[
    Param {
        key: "risk_weight",
        default: "1000",
        about: "action-equivalent cost of one unit of -ln(survival), 0..=1e9",
    },
    Param {
        key: "win_chance",
        default: "0.7",
        about: "estimated chance of winning after surviving a gamble, 0..=10",
    },
    Param {
        key: "shoot_threshold",
        default: "0.5",
        about: "shoot ahead when the line holds a wumpus with at least this probability, 0..=1",
    },
    Param {
        key: "turn_shoot_threshold",
        default: "0.6",
        about: "turn towards a line this likely to hold a wumpus when one is close, 0..=1",
    },
    Param {
        key: "pit_prior",
        default: "0.1",
        about: "prior pit probability of an unknown cell, 0.001..=0.999",
    },
    Param {
        key: "wumpus_prior",
        default: "0.95",
        about: "prior probability that each expected wumpus exists, 0..=1",
    },
];

impl ChampionConfig {
    /// The configuration a spec's parameters give (declared in [`PARAMS`]; each checked
    /// against its range).
    pub fn from_args(args: &Args) -> Result<ChampionConfig, SpecError> {
        Ok(ChampionConfig {
            risk_weight: args.get_in("risk_weight", 0.0..=1e9)?,
            win_chance: args.get_in("win_chance", 0.0..=10.0)?,
            shoot_threshold: args.get_in("shoot_threshold", 0.0..=1.0)?,
            turn_shoot_threshold: args.get_in("turn_shoot_threshold", 0.0..=1.0)?,
            pit_prior: args.get_in("pit_prior", 0.001..=0.999)?,
            wumpus_prior: args.get_in("wumpus_prior", 0.0..=1.0)?,
        })
    }
}

const CERTAIN: f64 = 1.0 - 1e-9;

/// The champion bot (catalogue name `champion`).
#[derive(Clone, Debug)]
pub struct ChampionBot {
    cfg: ChampionConfig,
    w: i32,
    h: i32,
    d: u32,
    rumble_distance: Option<u32>,
    max_actions: u32,
    pos: Cell,
    heading: Heading,
    arrows: u32,
    has_gold: bool,
    turn: u32,
    prev: Option<HunterAction>,
    visited: Vec<bool>,
    breeze: Vec<Option<bool>>,
    safe: Vec<bool>,
    pit: Vec<f64>,
    pits_dirty: bool,
    gold_here: bool,
    wumpi: Vec<Belief>,
    occ: Vec<f64>,
    enter: Vec<f64>,
    certain_pit_steps: u32,
    plan_note: String,
}

impl Default for ChampionBot {
    fn default() -> Self {
        Self::new()
    }
}

impl ChampionBot {
    /// A champion with default parameters.
    pub fn new() -> Self {
        Self::with_config(ChampionConfig::default())
    }

    /// A champion with explicit parameters.
    pub fn with_config(cfg: ChampionConfig) -> Self {
        Self {
            cfg,
            w: 0,
            h: 0,
            d: 3,
            rumble_distance: None,
            max_actions: 1000,
            pos: (1, 1),
            heading: Heading::East,
            arrows: 0,
            has_gold: false,
            turn: 0,
            prev: None,
            visited: Vec::new(),
            breeze: Vec::new(),
            safe: Vec::new(),
            pit: Vec::new(),
            pits_dirty: true,
            gold_here: false,
            wumpi: Vec::new(),
            occ: Vec::new(),
            enter: Vec::new(),
            certain_pit_steps: 0,
            plan_note: String::new(),
        }
    }

    /// How often the agent stepped onto a cell its own model held as a certain pit (must be 0).
    pub fn certain_pit_steps(&self) -> u32 {
        self.certain_pit_steps
    }

    /// Posterior pit probability of `c` (0 for walls and known-safe cells).
    pub fn pit_prob(&self, c: Cell) -> f64 {
        self.idx(c).map_or(0.0, |i| self.pit[i])
    }

    /// Probability that some wumpus is on `c` now.
    pub fn wumpus_prob(&self, c: Cell) -> f64 {
        self.idx(c).map_or(0.0, |i| self.occ[i])
    }

    fn idx(&self, c: Cell) -> Option<usize> {
        (c.0 >= 0 && c.1 >= 0 && c.0 < self.w && c.1 < self.h)
            .then(|| (c.1 * self.w + c.0) as usize)
    }

    fn cell(&self, i: usize) -> Cell {
        ((i as i32) % self.w, (i as i32) / self.w)
    }

    fn interior(&self, c: Cell) -> bool {
        c.0 >= 1 && c.1 >= 1 && c.0 < self.w - 1 && c.1 < self.h - 1
    }

    fn n(&self) -> usize {
        (self.w * self.h) as usize
    }
}

impl Bot for ChampionBot {
    fn start(&mut self, info: &StartInfo) {
        *self = ChampionBot::with_config(self.cfg.clone());
        self.w = info.width as i32;
        self.h = info.height as i32;
        self.d = info.stench_distance;
        self.rumble_distance = info.rumble_distance;
        self.max_actions = info.max_actions;
        self.pos = info.start;
        self.heading = info.heading;
        self.arrows = info.arrows;
        let n = self.n();
        self.visited = vec![false; n];
        self.breeze = vec![None; n];
        self.safe = vec![false; n];
        self.pit = vec![0.0; n];
        self.occ = vec![0.0; n];
        self.enter = vec![0.0; n];
        self.pits_dirty = true;
        self.infer_pits();
        let interior = (self.w - 2).max(0) * (self.h - 2).max(0);
        let expected = if interior <= 36 {
            1
        } else if interior <= 100 {
            2
        } else {
            3
        };
        for _ in 0..expected {
            let mut b = self.new_belief(self.d + 1);
            b.exist = self.cfg.wumpus_prior;
            self.wumpi.push(b);
        }
    }

    fn act(&mut self, obs: &Observation) -> HunterAction {
        self.turn = obs.turn;
        self.update_self(obs);
        self.infer_pits();
        self.update_wumpi(obs);
        let a = self.choose();
        if a == HunterAction::GoForward {
            let t = self.heading.step(self.pos);
            if self.pit_prob(t) >= CERTAIN {
                self.certain_pit_steps += 1;
            }
        }
        self.prev = Some(a);
        a
    }

    fn knowledge(&self) -> Option<Knowledge> {
        let mut cells = Vec::with_capacity(self.n());
        for i in 0..self.n() {
            let c = self.cell(i);
            let wall = !self.interior(c);
            cells.push(CellKnowledge {
                visited: self.visited[i],
                safe: !wall && self.safe[i],
                wall,
                breeze: self.breeze[i],
                possible_pit: !wall && self.pit[i] > 0.0,
                certain_pit: self.pit[i] >= CERTAIN,
                possible_wumpus: self.occ[i] > 0.02,
                gold: self.gold_here && c == self.pos,
                pit_prob: Some(self.pit[i] as f32),
                wumpus_prob: Some(self.occ[i] as f32),
            });
        }
        let alive = self.wumpi.iter().filter(|w| w.alive).count();
        Some(Knowledge {
            width: self.w as u32,
            height: self.h as u32,
            cells,
            position: self.pos,
            heading: self.heading,
            notes: vec![
                format!(
                    "arrows={} gold={} wumpi tracked alive={alive}",
                    self.arrows, self.has_gold
                ),
                format!("plan: {}", self.plan_note),
            ],
        })
    }
}

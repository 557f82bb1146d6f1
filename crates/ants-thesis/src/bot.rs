//! [`ThesisBot`]: the thesis's `MyBot.doTurn()` (§6.3) as an in-process [`ants::Bot`]: turn
//! summary, influence update, statistics, resource allocation, tasks, orders, unemployed-ant log.

use std::time::{Duration, Instant};

use ants::visual::Command;
use ants::{Bot, GameSettings, Order, TurnInput};
use grid::{Grid, Pos};
use search::Budget;
use tracing::{debug, info, trace};

use crate::influence::InfluenceMap;
use crate::log;
use crate::missions::Ctx;
use crate::nav::Nav;
use crate::orders::OrderBook;
use crate::profile::Profile;
use crate::resources::{Population, Situation, TaskType, allocate};
use crate::safety::Threat;
use crate::tasks::Missions;
use crate::visual::{self, Visualize};
use crate::world::{AntId, World};

/// Share of `turntime` the bot allows itself per turn (the rest is a safety margin for the
/// order bookkeeping and the engine's own overhead).
pub const TIME_SHARE: f64 = 0.5;

/// Everything that lives for one game.
#[derive(Clone, Debug)]
struct Game {
    world: World,
    orders: OrderBook,
    influence: InfluenceMap,
    threat: Threat,
    nav: Nav,
    pop: Population,
    missions: Missions,
    claimed: Grid<u32>,
    claim_stamp: u32,
    expected: Vec<(AntId, Pos, Pos)>,
    budget: Duration,
}

/// The Bern thesis bot (Kuster & Käser 2013), configured by a [`Profile`].
#[derive(Clone, Debug)]
pub struct ThesisBot {
    profile: Profile,
    name: String,
    game: Option<Game>,
    notes: Vec<Command>,
    visualize: Visualize,
    last_turn: Duration,
}

impl ThesisBot {
    /// A bot playing with `profile`.
    pub fn new(profile: Profile) -> Self {
        let name = if profile.name == "default" {
            "thesis".to_owned()
        } else {
            format!("thesis-{}", profile.name)
        };
        Self {
            profile,
            name,
            game: None,
            notes: Vec::new(),
            visualize: Visualize::Off,
            last_turn: Duration::ZERO,
        }
    }

    /// The profile in use.
    pub fn profile(&self) -> &Profile {
        &self.profile
    }

    /// What to draw each turn from now on (default [`Visualize::Off`]); drawing never
    /// changes a move.
    pub fn set_visualize(&mut self, visualize: Visualize) {
        self.visualize = visualize;
    }

    /// Wall time the last turn took.
    pub fn last_turn_time(&self) -> Duration {
        self.last_turn
    }
}

impl Default for ThesisBot {
    fn default() -> Self {
        Self::new(Profile::default())
    }
}

impl Bot for ThesisBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn setup(&mut self, settings: &GameSettings) {
        let world = World::new(settings);
        let budget = Duration::from_secs_f64(settings.turntime_ms as f64 / 1000.0 * TIME_SHARE);
        info!(target: log::SETUP, "profile {} on {}x{}, budget {budget:?}", self.profile.name, settings.rows, settings.cols);
        self.game = Some(Game {
            orders: OrderBook::new(&world),
            influence: InfluenceMap::new(&world),
            threat: Threat::new(&world),
            nav: Nav::new(&world),
            pop: Population::default(),
            missions: Missions::default(),
            claimed: Grid::new(world.shape, 0),
            claim_stamp: 0,
            expected: Vec::new(),
            budget,
            world,
        });
    }

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        let start = Instant::now();
        let Some(g) = self.game.as_mut() else {
            return Vec::new();
        };
        let deadline = start + g.budget;
        g.world.update(input, &g.expected);
        let w = &g.world;
        info!(target: log::STATISTICS, "turn {} ants {}", w.turn, w.my_ants.len());
        g.orders.new_turn(w);
        g.influence.update(w);
        let situation = Situation {
            turn: w.turn,
            turns: w.settings.turns,
            percent_explored: w.percent_explored(),
            ants: w.my_ants.len(),
            own_influence: g.influence.own_total(),
            enemy_influence: g.influence.enemy_total(),
        };
        if w.turn % 10 == 0 {
            info!(target: log::STATISTICS, "turn {}: {} ants, {} enemies visible, {:.1}% explored, {} missions",
                w.turn, w.my_ants.len(), w.enemy_ants.len(), situation.percent_explored, g.missions.list.len());
        }
        let alloc = allocate(&self.profile, &situation);
        debug!(target: log::RESOURCES, "allocation food {} explore {} attack {} defend {}",
            alloc.get(TaskType::GatherFood), alloc.get(TaskType::Explore),
            alloc.get(TaskType::AttackHills), alloc.get(TaskType::DefendHill));
        g.pop.reset(&alloc, w.my_ants.len());
        g.claim_stamp += 1;
        let hills_in_need = g.missions.hills_in_need(w);
        let mut combat = Vec::new();
        let mut ctx = Ctx {
            world: w,
            influence: &g.influence,
            orders: &mut g.orders,
            pop: &mut g.pop,
            nav: &mut g.nav,
            profile: &self.profile,
            budget: Budget::unlimited().with_deadline(deadline),
            combat: &mut combat,
            hills_in_need: &hills_in_need,
            claimed: &mut g.claimed,
            claim_stamp: g.claim_stamp,
        };
        g.missions.run_turn(&mut ctx);
        if self.profile.safety {
            g.threat.update(w);
            let moved = g
                .orders
                .enforce_safety(w, &g.threat, self.profile.superiority_margin);
            debug!(target: log::COMBAT, "turn {}: safety re-routed {moved} ants", w.turn);
        }
        let (orders, mut notes) = g.orders.finish_with(w, self.visualize != Visualize::Off);
        if self.visualize != Visualize::Off {
            // The influence map under the plans: the viewer draws in order.
            let mut drawn = match self.visualize {
                Visualize::Influence => visual::influence(w, &g.influence),
                _ => Vec::new(),
            };
            drawn.push(Command::SetLineColor(visual::PATH));
            drawn.push(Command::SetLineWidth(2.0));
            drawn.append(&mut notes);
            notes = drawn;
        }
        g.expected = g.orders.expected(w);
        self.notes = notes;
        self.last_turn = start.elapsed();
        trace!(target: log::PERFORMANCE, "turn {} took {:?} ({} A* searches)", w.turn, self.last_turn, g.nav.searches);
        g.nav.searches = 0;
        debug!(target: log::ORDERS, "turn {}: {} orders", w.turn, orders.len());
        orders
    }

    fn take_visuals(&mut self) -> Vec<Command> {
        std::mem::take(&mut self.notes)
    }
}

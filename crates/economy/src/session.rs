//! A game with bots thinking in parallel (spec §5.6): after every round each unfinished
//! bot starts thinking on its own thread; `finish_round` stops them (stop flag), joins,
//! and resolves the round with their answers and the humans' choices.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use search::Budget;

use crate::agent::{Decision, SearchInput};
use crate::bots::Bot;
use crate::game::{Controller, Game, RoundReport};
use crate::rng::SplitMix64;
use crate::world::World;

/// How long agents think each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ThinkLimit {
    /// Stop after this many expansions (budget mode, deterministic).
    pub expansions: Option<u64>,
    /// Stop at this instant (time mode).
    pub deadline: Option<Instant>,
}

/// An agent's own cap on thinking per round, on top of the round's [`ThinkLimit`]: the spec's
/// optional `max_time` (§5.5) and its reproducible analogue, a maximum number of expansions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AgentCap {
    /// Stop after at most this many expansions per round.
    pub expansions: Option<u64>,
    /// Stop after at most this long per round (`max_time`).
    pub time: Option<Duration>,
}

/// Who sits in one seat of a session.
pub enum Seat {
    /// A person choosing from the executable activities.
    Human,
    /// A bot.
    Bot(Box<dyn Bot>),
}

impl std::fmt::Debug for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seat::Human => f.write_str("Human"),
            Seat::Bot(bot) => write!(f, "Bot({})", bot.name()),
        }
    }
}

/// A running thinking thread: the answer, the bot and its generator come back on join.
type Thinking = JoinHandle<(Decision, SplitMix64, Box<dyn Bot>)>;

/// A bot's persistent data across rounds (the bot and its generator are away while it
/// thinks).
struct AgentSlot {
    bot: Option<Box<dyn Bot>>,
    cap: AgentCap,
    rng: Option<SplitMix64>,
    thinking: Option<(Arc<AtomicBool>, Thinking)>,
    last: Option<Decision>,
}

impl std::fmt::Debug for AgentSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AgentSlot")
            .field("bot", &self.bot.as_ref().map(|b| b.name()))
            .field("cap", &self.cap)
            .field("thinking", &self.thinking.is_some())
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

/// A game plus its bots.
#[derive(Debug)]
pub struct Session {
    /// The game.
    pub game: Game,
    agents: Vec<Option<AgentSlot>>,
    /// Random pop period of all agents (E-18).
    pub random_period: u64,
}

impl Session {
    /// A session; `seats` in acting order (name, who plays); bot `i` (counting only bots) of
    /// game `g` is seeded `seed + 256·g + i` (E-29) and starts with its own [`Bot::cap`].
    pub fn new(world: Arc<World>, seats: Vec<(String, Seat)>, seed: u64, game_index: u64) -> Self {
        let players: Vec<(String, Controller)> = seats
            .iter()
            .map(|(name, seat)| {
                let controller = match seat {
                    Seat::Human => Controller::Human,
                    Seat::Bot(bot) => Controller::Bot(bot.label()),
                };
                (name.clone(), controller)
            })
            .collect();
        let game = Game::new(world, &players);
        let mut next = 0u64;
        let agents = seats
            .into_iter()
            .map(|(_, seat)| match seat {
                Seat::Human => None,
                Seat::Bot(bot) => {
                    let rng =
                        SplitMix64::new(seed.wrapping_add(256 * game_index).wrapping_add(next));
                    next += 1;
                    Some(AgentSlot {
                        cap: bot.cap(),
                        bot: Some(bot),
                        rng: Some(rng),
                        thinking: None,
                        last: None,
                    })
                }
            })
            .collect();
        Self {
            game,
            agents,
            random_period: 100,
        }
    }

    /// Bots only, named `Agent0…` in the given order.
    pub fn bots_only(
        world: Arc<World>,
        bots: Vec<Box<dyn Bot>>,
        seed: u64,
        game_index: u64,
    ) -> Self {
        let seats = bots
            .into_iter()
            .enumerate()
            .map(|(i, bot)| (format!("Agent{i}"), Seat::Bot(bot)))
            .collect();
        Self::new(world, seats, seed, game_index)
    }

    /// Replaces the thinking cap of player `p` (ignored if `p` is not a bot).
    pub fn set_cap(&mut self, p: usize, cap: AgentCap) {
        if let Some(Some(slot)) = self.agents.get_mut(p) {
            slot.cap = cap;
        }
    }

    /// Starts every unfinished bot's thinking on its own thread.
    pub fn start_thinking(&mut self, limit: ThinkLimit) {
        let game = &self.game;
        for (p, slot) in self.agents.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            if game.players[p].finished || slot.thinking.is_some() {
                continue;
            }
            let (Some(mut rng), Some(mut bot)) = (slot.rng.take(), slot.bot.take()) else {
                continue;
            };
            let stop = Arc::new(AtomicBool::new(false));
            let mut budget = Budget::unlimited().with_stop(Arc::clone(&stop));
            let nodes = match (limit.expansions, slot.cap.expansions) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if let Some(n) = nodes {
                budget = budget.with_nodes(n);
            }
            let own = slot.cap.time.map(|t| Instant::now() + t);
            let deadline = match (limit.deadline, own) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            if let Some(d) = deadline {
                budget = budget.with_deadline(d);
            }
            let world = Arc::clone(&game.world);
            let analyzer = Arc::clone(&game.analyzer);
            let merchant = game.merchant.clone();
            let state = game.players[p].state.clone();
            let rounds_played = game.players[p].round;
            let random_period = self.random_period;
            let handle = std::thread::spawn(move || {
                let input = SearchInput {
                    world: &world,
                    state: &state,
                    rounds_played,
                    merchant: &merchant,
                    analyzer: &analyzer,
                    random_period,
                };
                let decision = bot.think(input, &budget, &mut rng);
                (decision, rng, bot)
            });
            slot.thinking = Some((stop, handle));
        }
    }

    /// Stops (if `stop_now`) or awaits every thinking agent and collects its choice.
    fn collect(&mut self, stop_now: bool) -> Vec<Option<usize>> {
        if stop_now {
            for slot in self.agents.iter().flatten() {
                if let Some((stop, _)) = &slot.thinking {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        }
        let mut choices = vec![None; self.agents.len()];
        for (p, slot) in self.agents.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            let Some((_, handle)) = slot.thinking.take() else {
                continue;
            };
            match handle.join() {
                Ok((decision, rng, bot)) => {
                    choices[p] = decision.activity;
                    slot.last = Some(decision);
                    slot.rng = Some(rng);
                    slot.bot = Some(bot);
                }
                Err(_) => {
                    tracing::error!(player = p, "bot thread panicked; the bot skips from now on");
                }
            }
        }
        choices
    }

    /// Ends the round: stops the agents (`stop_now`) or waits for them, merges the humans'
    /// `human_choices` (indexed by player) and resolves the round.
    pub fn finish_round(&mut self, human_choices: &[Option<usize>], stop_now: bool) -> RoundReport {
        let mut choices = self.collect(stop_now);
        for (p, c) in human_choices.iter().enumerate() {
            if p < choices.len() && self.agents[p].is_none() {
                choices[p] = *c;
            }
        }
        self.game.next_round(&choices)
    }

    /// The last decision (with search statistics) of player `p`, if it is a bot.
    pub fn last_decision(&self, p: usize) -> Option<&Decision> {
        self.agents.get(p)?.as_ref()?.last.as_ref()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.collect(true);
    }
}

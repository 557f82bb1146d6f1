//! The engine (spec §2.2): players act in order with the real merchant, then the merchant
//! and the analyzer update, then counters and goals. Also the serialisable [`GameView`] a
//! terminal or browser front end renders.

use std::sync::Arc;

use serde::Serialize;

use crate::analyzer::GameAnalyzer;
use crate::merchant::Merchant;
use crate::rules::{self, GOLD_SLOT, attr_slot, item_slot};
use crate::world::{Effect, World};

/// Default round cap (E-26).
pub const DEFAULT_MAX_ROUNDS: u32 = 300;

/// Who controls a player, as the player table shows it (the bots themselves are seated by a
/// [`crate::session::Session`]; the engine never calls them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Controller {
    /// A person choosing from the executable activities.
    Human,
    /// A bot, by its table label ([`crate::Bot::label`]).
    Bot(String),
}

/// A player of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Player {
    /// Display name.
    pub name: String,
    /// Human or bot.
    pub controller: Controller,
    /// Flat state `[gold, items…, attributes…]`.
    pub state: Vec<i64>,
    /// Rounds played (skips count, E-26).
    pub round: u32,
    /// True once the goal was reached.
    pub finished: bool,
    /// The round in which the goal was reached.
    pub rounds_to_goal: Option<u32>,
}

/// What happened in one round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundReport {
    /// The round just resolved (1-based).
    pub round: u32,
    /// Per player: the activity executed (None = skipped or finished).
    pub executed: Vec<Option<usize>>,
    /// Players that reached the goal in this round ("player reached goal" events).
    pub reached_goal: Vec<usize>,
}

/// A running game.
#[derive(Clone, Debug)]
pub struct Game {
    /// The rules.
    pub world: Arc<World>,
    /// The merchant.
    pub merchant: Merchant,
    /// The shared analyzer (updated after every round).
    pub analyzer: Arc<GameAnalyzer>,
    /// Players in acting order.
    pub players: Vec<Player>,
    /// Rounds resolved so far.
    pub round: u32,
    /// The game ends at this round (E-26).
    pub max_rounds: u32,
}

impl Game {
    /// A new game in its start state with the given players.
    pub fn new(world: Arc<World>, players: &[(String, Controller)]) -> Self {
        let merchant = Merchant::new(&world);
        let analyzer = Arc::new(GameAnalyzer::new(&world, &merchant.price));
        let start = rules::start_state(&world);
        let players = players
            .iter()
            .map(|(name, controller)| Player {
                name: name.clone(),
                controller: controller.clone(),
                state: start.clone(),
                round: 0,
                finished: false,
                rounds_to_goal: None,
            })
            .collect();
        Self {
            world,
            merchant,
            analyzer,
            players,
            round: 0,
            max_rounds: DEFAULT_MAX_ROUNDS,
        }
    }

    /// True when every player is finished or `max_rounds` is reached.
    pub fn is_over(&self) -> bool {
        self.round >= self.max_rounds || self.players.iter().all(|p| p.finished)
    }

    /// Activities player `p` may choose now (file order).
    pub fn executable(&self, p: usize) -> Vec<usize> {
        let s = &self.players[p].state;
        let m = self.merchant.market();
        (0..self.world.activities.len())
            .filter(|&a| rules::executable(&self.world, s, &self.world.activities[a], &m))
            .collect()
    }

    /// Resolves one round with each player's choice (`choices[p]`, missing = skip).
    pub fn next_round(&mut self, choices: &[Option<usize>]) -> RoundReport {
        let world = Arc::clone(&self.world);
        let mut executed = vec![None; self.players.len()];
        for (p, slot) in executed.iter_mut().enumerate() {
            if self.players[p].finished {
                continue;
            }
            let Some(a) = choices.get(p).copied().flatten() else {
                continue;
            };
            let Some(act) = world.activities.get(a) else {
                continue;
            };
            if !rules::executable(&world, &self.players[p].state, act, &self.merchant.market()) {
                continue;
            }
            rules::apply(
                &world,
                &mut self.players[p].state,
                act,
                &self.merchant.price,
            );
            for e in &act.effects {
                match *e {
                    Effect::Buy(i, n) => self.merchant.sell_to_player(i, n),
                    Effect::Sell(i, n) => self.merchant.buy_from_player(i, n),
                    _ => {}
                }
            }
            *slot = Some(a);
        }
        self.merchant.end_round();
        if self.merchant.variable_prices {
            Arc::make_mut(&mut self.analyzer).update(&self.merchant.price);
        }
        self.round += 1;
        let mut reached_goal = Vec::new();
        for (i, p) in self
            .players
            .iter_mut()
            .enumerate()
            .filter(|(_, p)| !p.finished)
        {
            p.round += 1;
            if rules::goal_reached(&world, &p.state) {
                p.finished = true;
                p.rounds_to_goal = Some(p.round);
                reached_goal.push(i);
            }
        }
        RoundReport {
            round: self.round,
            executed,
            reached_goal,
        }
    }

    /// The serialisable view of the game; `for_player` selects whose executable activities
    /// are listed.
    pub fn view(&self, for_player: Option<usize>) -> GameView {
        let w = &self.world;
        let prices = &self.merchant.price;
        let merchant = w
            .items
            .iter()
            .enumerate()
            .map(|(i, it)| MerchantRow {
                item: it.name.clone(),
                stock: self.merchant.stock[i],
                price: prices[i],
                prediction: self.merchant.prediction[i],
            })
            .collect();
        let players = self
            .players
            .iter()
            .map(|p| {
                let item_score = rules::item_value(&p.state, prices);
                let attribute_score = rules::attribute_score(w, &p.state);
                PlayerRow {
                    name: p.name.clone(),
                    controller: p.controller.clone(),
                    total_score: p.state[GOLD_SLOT] + item_score + attribute_score,
                    attribute_score,
                    item_score,
                    gold: p.state[GOLD_SLOT],
                    attributes: w
                        .attributes
                        .iter()
                        .enumerate()
                        .map(|(a, at)| (at.name.clone(), p.state[attr_slot(w, a)]))
                        .collect(),
                    items: w
                        .items
                        .iter()
                        .enumerate()
                        .map(|(i, it)| (it.name.clone(), p.state[item_slot(i)]))
                        .collect(),
                    round: p.round,
                    finished: p.finished,
                    rounds_to_goal: p.rounds_to_goal,
                }
            })
            .collect();
        let activity_row = |a: usize| {
            let act = &w.activities[a];
            ActivityRow {
                index: a,
                name: act.name.clone(),
                effects: w.effects_text(act),
                preconditions: w.preconditions_text(act),
            }
        };
        let executable = for_player
            .filter(|&p| p < self.players.len() && !self.players[p].finished)
            .map(|p| self.executable(p).into_iter().map(activity_row).collect())
            .unwrap_or_default();
        GameView {
            world: w.name.clone(),
            round: self.round,
            max_rounds: self.max_rounds,
            goal_gold: w.goal.gold,
            merchant,
            players,
            executable,
            activities: (0..w.activities.len()).map(activity_row).collect(),
        }
    }
}

/// One merchant-table row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MerchantRow {
    /// Item name.
    pub item: String,
    /// Stock.
    pub stock: i64,
    /// Current price.
    pub price: i64,
    /// Price prediction.
    pub prediction: f64,
}

/// One player-table row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerRow {
    /// Name.
    pub name: String,
    /// Human or bot.
    pub controller: Controller,
    /// Total score.
    pub total_score: i64,
    /// Attribute score.
    pub attribute_score: i64,
    /// Item score.
    pub item_score: i64,
    /// Gold.
    pub gold: i64,
    /// Attribute values in file order.
    pub attributes: Vec<(String, i64)>,
    /// Item counts in file order.
    pub items: Vec<(String, i64)>,
    /// Rounds played.
    pub round: u32,
    /// Goal reached.
    pub finished: bool,
    /// Round of reaching the goal.
    pub rounds_to_goal: Option<u32>,
}

/// An activity in the thesis's text form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ActivityRow {
    /// Activity index (what a front end sends back).
    pub index: usize,
    /// Name.
    pub name: String,
    /// Effects, e.g. `Brot +3; Skill: BrotBacken +1; Mehl -1; Hunger +1;`.
    pub effects: String,
    /// Preconditions, e.g. `Skill: BrotBacken >= 1; Hunger < 10;`.
    pub preconditions: String,
}

/// Everything a front end shows (spec §2.4), serialisable to JSON.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameView {
    /// World name.
    pub world: String,
    /// Rounds resolved.
    pub round: u32,
    /// Round cap.
    pub max_rounds: u32,
    /// The gold goal, if any.
    pub goal_gold: Option<i64>,
    /// Merchant table.
    pub merchant: Vec<MerchantRow>,
    /// Player table.
    pub players: Vec<PlayerRow>,
    /// The selected player's executable activities.
    pub executable: Vec<ActivityRow>,
    /// All activities.
    pub activities: Vec<ActivityRow>,
}

impl GameView {
    /// Plain-text tables for a terminal.
    pub fn render_text(&self) -> String {
        use std::fmt::Write as _;
        let mut s = String::new();
        let _ = writeln!(
            s,
            "== {} — round {} (goal: {} gold) ==",
            self.world,
            self.round,
            self.goal_gold
                .map_or_else(|| "-".to_owned(), |g| g.to_string())
        );
        let _ = writeln!(
            s,
            "{:<12} {:>7} {:>7} {:>10}",
            "Item", "Stock", "Price", "Prediction"
        );
        for m in &self.merchant {
            let _ = writeln!(
                s,
                "{:<12} {:>7} {:>7} {:>10.1}",
                m.item, m.stock, m.price, m.prediction
            );
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{:<10} {:>6} {:>6} {:>6} {:>6}  attributes | items",
            "Player", "Total", "Attr", "Item", "Gold"
        );
        for p in &self.players {
            let attrs: Vec<String> = p
                .attributes
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            let items: Vec<String> = p
                .items
                .iter()
                .filter(|(_, v)| *v != 0)
                .map(|(n, v)| format!("{n}={v}"))
                .collect();
            let done = p
                .rounds_to_goal
                .map_or(String::new(), |r| format!("  [goal in {r} rounds]"));
            let _ = writeln!(
                s,
                "{:<10} {:>6} {:>6} {:>6} {:>6}  {} | {}{}",
                p.name,
                p.total_score,
                p.attribute_score,
                p.item_score,
                p.gold,
                attrs.join(", "),
                items.join(", "),
                done
            );
        }
        s
    }
}

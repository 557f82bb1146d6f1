//! The merchant (spec §2.1, §2.3): stock, buffered stock changes, supply-and-demand prices and
//! the 10-round price prediction.

use std::collections::VecDeque;

use serde::Serialize;

use crate::rules::Market;
use crate::world::World;

/// The merchant's state.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Merchant {
    /// Gold (changes at once on every trade).
    pub gold: i64,
    /// Stock per item.
    pub stock: Vec<i64>,
    /// Current unit price per item.
    pub price: Vec<i64>,
    /// Stock changes buffered during the current round.
    pub pending: Vec<i64>,
    /// The last `history_rounds` per-round price changes per item (E-7).
    pub history: Vec<VecDeque<i64>>,
    /// Mean of the history before the latest change (0.0 initially).
    pub prediction: Vec<f64>,
    /// False = fixed prices.
    pub variable_prices: bool,
    /// Price floor.
    pub min_price: i64,
    /// History length.
    pub history_rounds: usize,
}

impl Merchant {
    /// The merchant at game start.
    pub fn new(world: &World) -> Self {
        let n = world.items.len();
        Self {
            gold: world.merchant.gold,
            stock: world.merchant.stock.clone(),
            price: world.start_prices(),
            pending: vec![0; n],
            history: vec![VecDeque::new(); n],
            prediction: vec![0.0; n],
            variable_prices: world.merchant.variable_prices,
            min_price: world.merchant.min_price,
            history_rounds: world.merchant.history_rounds,
        }
    }

    /// The live market (current prices, stock plus pending changes, gold).
    pub fn market(&self) -> Market<'_> {
        Market {
            prices: &self.price,
            stock: &self.stock,
            pending: Some(&self.pending),
            merchant_gold: self.gold,
        }
    }

    /// The predicted unit prices `t` rounds ahead (E-12):
    /// `max(min_price, round(price + t · prediction))`, rounding half away from zero.
    pub fn predicted_prices(&self, t: u32) -> Vec<i64> {
        self.price
            .iter()
            .zip(&self.prediction)
            .map(|(&p, &d)| ((p as f64 + f64::from(t) * d).round() as i64).max(self.min_price))
            .collect()
    }

    /// Records a player buying `n` units of item `i` at the current price: gold at once,
    /// stock buffered.
    pub fn sell_to_player(&mut self, i: usize, n: i64) {
        self.gold += n * self.price[i];
        self.pending[i] -= n;
    }

    /// Records a player selling `n` units of item `i` at the current price.
    pub fn buy_from_player(&mut self, i: usize, n: i64) {
        self.gold -= n * self.price[i];
        self.pending[i] += n;
    }

    /// The end-of-round update (§2.3): apply the buffer, predict, move prices.
    pub fn end_round(&mut self) {
        if !self.variable_prices {
            self.pending.iter_mut().for_each(|p| *p = 0);
            return;
        }
        for i in 0..self.price.len() {
            let delta = std::mem::take(&mut self.pending[i]);
            self.stock[i] += delta;
            let h = &mut self.history[i];
            self.prediction[i] = if h.is_empty() {
                0.0
            } else {
                h.iter().sum::<i64>() as f64 / h.len() as f64
            };
            let new = (self.price[i] - delta).max(self.min_price);
            h.push_back(new - self.price[i]);
            while h.len() > self.history_rounds {
                h.pop_front();
            }
            self.price[i] = new;
        }
    }
}

//! `greedy` and `hunter`: every ant steps towards its nearest target (Manhattan distance
//! on the torus, as the official sample bots), choosing randomly among the directions that
//! close the distance and never stepping onto an occupied or already claimed square.
//! Ants without a target stay. `greedy` targets food and enemy ants (the official
//! GreedyBot); `hunter` first targets visible enemy hills, then enemy ants, then food.

use grid::Pos;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::Knowledge;
use crate::bot::{Bot, GameSettings, Order, TurnInput};

/// Which targets a [`GreedyBot`] chases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// Nearest food or enemy ant.
    Greedy,
    /// Enemy hills first, then enemy ants, then food.
    Hunter,
}

/// The greedy/hunter sample bot.
#[derive(Clone, Debug)]
pub struct GreedyBot {
    target: Target,
    know: Option<Knowledge>,
    rng: Option<ChaCha8Rng>,
}

impl GreedyBot {
    /// A bot chasing the given kind of target.
    pub fn new(target: Target) -> GreedyBot {
        GreedyBot {
            target,
            know: None,
            rng: None,
        }
    }

    /// The `greedy` bot: nearest food or enemy ant.
    pub fn greedy() -> GreedyBot {
        GreedyBot::new(Target::Greedy)
    }

    /// The `hunter` bot: enemy hills first, then enemy ants, then food.
    pub fn hunter() -> GreedyBot {
        GreedyBot::new(Target::Hunter)
    }
}

fn nearest(k: &Knowledge, ant: Pos, targets: impl Iterator<Item = Pos>) -> Option<Pos> {
    let mut best: Option<(u32, Pos)> = None;
    for t in targets {
        let d = k.distance(ant, t);
        if best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, t));
        }
    }
    best.map(|b| b.1)
}

impl Bot for GreedyBot {
    fn name(&self) -> &'static str {
        match self.target {
            Target::Greedy => "greedy",
            Target::Hunter => "hunter",
        }
    }

    fn setup(&mut self, settings: &GameSettings) {
        self.know = Some(Knowledge::new(settings));
        self.rng = Some(ChaCha8Rng::seed_from_u64(settings.player_seed as u64));
    }

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        let (Some(k), Some(rng)) = (self.know.as_mut(), self.rng.as_mut()) else {
            return Vec::new();
        };
        k.update(input);
        let mut orders = Vec::new();
        for i in 0..k.my_ants.len() {
            let ant = k.my_ants[i];
            let target = match self.target {
                Target::Greedy => nearest(
                    k,
                    ant,
                    k.food
                        .iter()
                        .copied()
                        .chain(k.enemy_ants.iter().map(|e| e.0)),
                ),
                Target::Hunter => nearest(k, ant, k.enemy_hills.iter().map(|h| h.0))
                    .or_else(|| nearest(k, ant, k.enemy_ants.iter().map(|e| e.0)))
                    .or_else(|| nearest(k, ant, k.food.iter().copied())),
            };
            let Some(target) = target else {
                k.take(ant);
                continue;
            };
            let mut dirs = k.shape().directions_towards(ant, target);
            dirs.shuffle(rng);
            let choice = dirs.into_iter().find(|&d| {
                let n = k.destination(ant, d);
                !k.is_taken(n) && k.unoccupied(n)
            });
            match choice {
                Some(d) => {
                    k.take(k.destination(ant, d));
                    orders.push(Order { pos: ant, dir: d });
                }
                None => k.take(ant),
            }
        }
        orders
    }
}

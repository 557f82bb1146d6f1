//! `random`: every ant takes a random passable direction not yet claimed (the official
//! RandomBot).

use grid::Dir;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

use super::Knowledge;
use crate::bot::{Bot, GameSettings, Order, TurnInput};

/// Random walker.
#[derive(Clone, Debug, Default)]
pub struct RandomBot {
    know: Option<Knowledge>,
    rng: Option<ChaCha8Rng>,
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
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
            let mut dirs = Dir::ALL;
            dirs.shuffle(rng);
            let choice = dirs.into_iter().find(|&d| {
                let n = k.destination(ant, d);
                !k.is_taken(n) && k.passable(n)
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

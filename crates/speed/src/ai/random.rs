//! RandomAI: the team's baseline, a uniformly random action.

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::Bot;
use crate::state::{Action, GameState, PlayerId};

/// Picks one of the five actions uniformly at random.
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A seeded RandomAI.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> String {
        "random".into()
    }

    fn decide(&mut self, _state: &GameState, _me: PlayerId, _deadline: Instant) -> Action {
        Action::ALL[self.rng.random_range(0..Action::ALL.len())]
    }
}

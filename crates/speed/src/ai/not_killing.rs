//! NotKillingItselfAI(max_speed, max_worse_distance, depth): a random action among
//! those that survive `depth` own moves (opponents ignored), preferring actions whose
//! free straight run ahead is within `max_worse_distance` of the longest.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::sim::{own_move, surviving_actions};
use super::{Bot, active_index};
use crate::state::{Action, FREE, GameState, PlayerId};

/// The team's NotKillingItselfAI.
#[derive(Clone, Debug)]
pub struct NotKillingItselfBot {
    max_speed: i32,
    max_worse_distance: i32,
    depth: u32,
    rng: ChaCha8Rng,
}

impl NotKillingItselfBot {
    /// New AI; never speeds up at `max_speed`.
    pub fn new(max_speed: i32, max_worse_distance: i32, depth: u32, seed: u64) -> Self {
        NotKillingItselfBot {
            max_speed,
            max_worse_distance,
            depth,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

/// Free cells in a straight line ahead of the head after the action.
pub(crate) fn straight_distance(state: &GameState, pi: usize, a: Action) -> i32 {
    let m = own_move(state, pi, a);
    if !m.alive {
        return -1;
    }
    let (dx, dy) = m.direction.delta();
    let (mut x, mut y, mut n) = (m.x + dx, m.y + dy, 0);
    while state.contains(x, y)
        && state.cell(x, y) == FREE
        && !m.path().contains(&(state.index(x, y) as u32))
    {
        n += 1;
        x += dx;
        y += dy;
    }
    n
}

impl Bot for NotKillingItselfBot {
    fn name(&self) -> String {
        format!(
            "not-killing-itself({},{},{})",
            self.max_speed, self.max_worse_distance, self.depth
        )
    }

    fn decide(&mut self, state: &GameState, me: PlayerId, _deadline: Instant) -> Action {
        let Some(pi) = active_index(state, me) else {
            return Action::ChangeNothing;
        };
        let survivors = surviving_actions(state, pi, self.max_speed, self.depth);
        let dists: Vec<i32> = survivors
            .iter()
            .map(|&a| straight_distance(state, pi, a))
            .collect();
        let best = dists.iter().copied().max().unwrap_or(0);
        let options: Vec<Action> = survivors
            .iter()
            .zip(&dists)
            .filter(|&(_, &d)| d >= best - self.max_worse_distance)
            .map(|(&a, _)| a)
            .collect();
        options
            .choose(&mut self.rng)
            .copied()
            .unwrap_or(Action::ChangeNothing)
    }
}

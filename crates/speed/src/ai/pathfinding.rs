//! PathfindingAI(max_speed, count_paths_to_check): among the actions that survive one
//! own move, the one after which most of `count_paths_to_check` random free cells are
//! still reachable. The team sampled paths with a best-first path finder; here one
//! exact flood fill per action decides reachability (same decision rule, exact).

use std::time::Instant;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::fill::Fill;
use super::sim::{apply_own, own_move, surviving_actions};
use super::{Bot, active_index};
use crate::state::{Action, FREE, GameState, PlayerId};

/// The team's PathfindingAI.
#[derive(Clone, Debug)]
pub struct PathfindingBot {
    max_speed: i32,
    count_paths: usize,
    rng: ChaCha8Rng,
    fill: Fill,
}

impl PathfindingBot {
    /// New AI.
    pub fn new(max_speed: i32, count_paths: usize, seed: u64) -> Self {
        PathfindingBot {
            max_speed,
            count_paths,
            rng: ChaCha8Rng::seed_from_u64(seed),
            fill: Fill::new(),
        }
    }

    /// The surviving actions with the number of sampled cells reachable after each,
    /// sorted best first (stable: ties keep action order).
    pub fn ranked(&mut self, state: &GameState, pi: usize) -> Vec<(Action, usize)> {
        let free: Vec<u32> = (0..state.cells.len() as u32)
            .filter(|&i| state.cells[i as usize] == FREE)
            .collect();
        let targets: Vec<u32> = if free.is_empty() {
            Vec::new()
        } else {
            (0..self.count_paths)
                .map(|_| free[self.rng.random_range(0..free.len())])
                .collect()
        };
        let mut out: Vec<(Action, usize)> = surviving_actions(state, pi, self.max_speed, 1)
            .into_iter()
            .map(|a| {
                let m = own_move(state, pi, a);
                let mut next = state.clone();
                apply_own(&mut next, pi, &m);
                self.fill.area(&next, m.x, m.y);
                let n = targets
                    .iter()
                    .filter(|&&t| next.cells[t as usize] == FREE && self.fill.reached(t))
                    .count();
                (a, n)
            })
            .collect();
        out.sort_by_key(|&(_, n)| std::cmp::Reverse(n));
        out
    }
}

impl Bot for PathfindingBot {
    fn name(&self) -> String {
        format!("pathfinding({},{})", self.max_speed, self.count_paths)
    }

    fn decide(&mut self, state: &GameState, me: PlayerId, _deadline: Instant) -> Action {
        let Some(pi) = active_index(state, me) else {
            return Action::ChangeNothing;
        };
        self.ranked(state, pi)
            .first()
            .map_or(Action::ChangeNothing, |&(a, _)| a)
    }
}

//! SearchTreeAI(depth, distance_to_check) and the two combinations with PathfindingAI.
//!
//! The tree alternates the own action and every combination of actions of the
//! opponents within `distance_to_check` (free-path distance; 0 = all; unreachable
//! opponents are included, as in the team's code). An action is safe if some own
//! continuation survives `depth` rounds against every combination. Opponents further
//! away stand still in the simulation. The work is bounded by a node limit (for
//! reproducible results) and the deadline.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

use super::fill::Fill;
use super::pathfinding::PathfindingBot;
use super::sim::{allowed, own_move, surviving_actions};
use super::{Bot, active_index};
use crate::engine::step_actions;
use crate::state::{Action, GameState, PlayerId};

/// Simulated rounds one decision may use (keeps results reproducible).
pub const NODE_LIMIT: u64 = 40_000;

/// The budget ran out.
struct Abort;

/// The shared tree search.
#[derive(Clone, Debug)]
pub struct Tree {
    depth: u32,
    distance: u32,
    max_speed: i32,
    nodes: u64,
    deadline: Option<Instant>,
    fill: Fill,
}

impl Tree {
    /// A tree of `depth` rounds against opponents within `distance` (0 = all).
    pub fn new(depth: u32, distance: u32, max_speed: i32) -> Self {
        Tree {
            depth: depth.max(1),
            distance,
            max_speed,
            nodes: 0,
            deadline: None,
            fill: Fill::new(),
        }
    }

    /// The actions that are safe for `depth` rounds, or `None` if the budget ran out.
    pub fn safe_actions(
        &mut self,
        state: &GameState,
        pi: usize,
        deadline: Instant,
    ) -> Option<Vec<Action>> {
        self.nodes = 0;
        self.deadline = Some(deadline);
        let me = &state.players[pi];
        let mut sim = state.clone();
        let mut opps = Vec::new();
        for (j, p) in state.players.iter().enumerate() {
            if j == pi || !p.active {
                continue;
            }
            let near = self.distance == 0
                || self
                    .fill
                    .head_distance(state, me.x, me.y, p.x, p.y)
                    .is_none_or(|d| u32::from(d) <= self.distance);
            if near {
                opps.push(j);
            } else {
                sim.players[j].active = false;
            }
        }
        let mut out = Vec::new();
        for a in Action::ALL {
            match self.action_safe(&sim, pi, &opps, a, self.depth) {
                Ok(true) => out.push(a),
                Ok(false) => {}
                Err(Abort) => return None,
            }
        }
        Some(out)
    }

    fn action_safe(
        &mut self,
        state: &GameState,
        pi: usize,
        opps: &[usize],
        a: Action,
        depth: u32,
    ) -> Result<bool, Abort> {
        if !allowed(state, pi, a, self.max_speed) || !own_move(state, pi, a).alive {
            return Ok(false);
        }
        let mut digits = vec![0usize; opps.len()];
        let mut actions = vec![None; state.players.len()];
        loop {
            self.nodes += 1;
            if self.nodes > NODE_LIMIT
                || (self.nodes.is_multiple_of(256)
                    && self.deadline.is_some_and(|d| Instant::now() >= d))
            {
                return Err(Abort);
            }
            actions[pi] = Some(a);
            for (k, &j) in opps.iter().enumerate() {
                actions[j] = Some(Action::ALL[digits[k]]);
            }
            let mut next = state.clone();
            step_actions(&mut next, &actions);
            if !next.players[pi].active {
                return Ok(false);
            }
            if depth > 1 {
                let mut any = false;
                for b in Action::ALL {
                    if self.action_safe(&next, pi, opps, b, depth - 1)? {
                        any = true;
                        break;
                    }
                }
                if !any {
                    return Ok(false);
                }
            }
            // Next combination (odometer over the opponents' five actions).
            let mut k = 0;
            loop {
                if k == digits.len() {
                    return Ok(true);
                }
                digits[k] += 1;
                if digits[k] < Action::ALL.len() {
                    break;
                }
                digits[k] = 0;
                k += 1;
            }
        }
    }
}

/// The team's SearchTreeAI: a random safe action; if none (or out of budget), a random
/// action surviving one own move, else `change_nothing`.
#[derive(Clone, Debug)]
pub struct SearchTreeBot {
    tree: Tree,
    rng: ChaCha8Rng,
}

impl SearchTreeBot {
    /// New AI.
    pub fn new(depth: u32, distance: u32, max_speed: i32, seed: u64) -> Self {
        SearchTreeBot {
            tree: Tree::new(depth, distance, max_speed),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Bot for SearchTreeBot {
    fn name(&self) -> String {
        format!(
            "search-tree({},{},{})",
            self.tree.depth, self.tree.distance, self.tree.max_speed
        )
    }

    fn decide(&mut self, state: &GameState, me: PlayerId, deadline: Instant) -> Action {
        let Some(pi) = active_index(state, me) else {
            return Action::ChangeNothing;
        };
        let fallback = surviving_actions(state, pi, self.tree.max_speed, 1);
        let safe = self
            .tree
            .safe_actions(state, pi, deadline)
            .filter(|s| !s.is_empty())
            .unwrap_or(fallback);
        safe.choose(&mut self.rng)
            .copied()
            .unwrap_or(Action::ChangeNothing)
    }
}

/// SearchTreePathfindingAI(max_speed, paths, depth, distance): the PathfindingAI ranks
/// only the actions the tree found safe; without a safe action it plays the best
/// PathfindingAI action.
#[derive(Clone, Debug)]
pub struct SearchTreePathfindingBot {
    pf: PathfindingBot,
    tree: Tree,
    params: (i32, usize),
}

impl SearchTreePathfindingBot {
    /// New AI.
    pub fn new(max_speed: i32, paths: usize, depth: u32, distance: u32, seed: u64) -> Self {
        SearchTreePathfindingBot {
            pf: PathfindingBot::new(max_speed, paths, seed),
            tree: Tree::new(depth, distance, max_speed),
            params: (max_speed, paths),
        }
    }
}

impl Bot for SearchTreePathfindingBot {
    fn name(&self) -> String {
        format!(
            "search-tree-pathfinding({},{},{},{})",
            self.params.0, self.params.1, self.tree.depth, self.tree.distance
        )
    }

    fn decide(&mut self, state: &GameState, me: PlayerId, deadline: Instant) -> Action {
        let Some(pi) = active_index(state, me) else {
            return Action::ChangeNothing;
        };
        let ranked = self.pf.ranked(state, pi);
        let fallback = ranked.first().map_or(Action::ChangeNothing, |&(a, _)| a);
        let Some(safe) = self.tree.safe_actions(state, pi, deadline) else {
            return fallback;
        };
        ranked
            .iter()
            .find(|(a, _)| safe.contains(a))
            .map_or(fallback, |&(a, _)| a)
    }
}

/// PathfindingSearchTreeAI(max_speed, paths, depth, tolerance, distance), the team's
/// final AI with default (1, 50, 3, 0.75, 10): walking the PathfindingAI ranking, the
/// first tree-safe action whose reachable count is at least `tolerance` × the best
/// count; otherwise the best PathfindingAI action.
#[derive(Clone, Debug)]
pub struct PathfindingSearchTreeBot {
    pf: PathfindingBot,
    tree: Tree,
    tolerance: f64,
    params: (i32, usize),
}

impl PathfindingSearchTreeBot {
    /// New AI.
    pub fn new(
        max_speed: i32,
        paths: usize,
        depth: u32,
        tolerance: f64,
        distance: u32,
        seed: u64,
    ) -> Self {
        PathfindingSearchTreeBot {
            pf: PathfindingBot::new(max_speed, paths, seed),
            tree: Tree::new(depth, distance, max_speed),
            tolerance,
            params: (max_speed, paths),
        }
    }
}

impl Bot for PathfindingSearchTreeBot {
    fn name(&self) -> String {
        format!(
            "pathfinding-search-tree({},{},{},{},{})",
            self.params.0, self.params.1, self.tree.depth, self.tolerance, self.tree.distance
        )
    }

    fn decide(&mut self, state: &GameState, me: PlayerId, deadline: Instant) -> Action {
        let Some(pi) = active_index(state, me) else {
            return Action::ChangeNothing;
        };
        let ranked = self.pf.ranked(state, pi);
        let Some(&(best_action, best)) = ranked.first() else {
            return Action::ChangeNothing;
        };
        let Some(safe) = self.tree.safe_actions(state, pi, deadline) else {
            return best_action;
        };
        let threshold = best as f64 * self.tolerance;
        for &(a, n) in &ranked {
            if (n as f64) < threshold {
                break;
            }
            if safe.contains(&a) {
                return a;
            }
        }
        best_action
    }
}

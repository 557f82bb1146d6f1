//! `champion`: territory (Voronoi) evaluation with paranoid alpha-beta search against
//! the nearest opponent, iterative deepening under a deadline and a node limit, holes
//! handled by simulating with the exact engine, and an own-move space-filling search
//! once no opponent can reach our region.
//!
//! Every decision first fixes a safe move (survives its own move, avoids cells other
//! players could write next round, maximises the reachable area); the searches only
//! replace it with the result of a completed iteration.

use std::time::{Duration, Instant};

use super::fill::Fill;
use super::sim::{OwnMove, apply_own, danger_cells, own_move};
use super::{Bot, active_index};
use crate::engine::step_actions;
use crate::state::{Action, FREE, GameState, PlayerId};

/// Tuning of [`ChampionBot`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Highest speed it accelerates to.
    pub max_speed: i32,
    /// Longest time one decision may take (further capped by the deadline).
    pub think_ms: u64,
    /// Most simulated rounds per decision (keeps results reproducible when time allows).
    pub max_nodes: u64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_speed: 2,
            think_ms: 100,
            max_nodes: 20_000,
        }
    }
}

const WIN: f64 = 1_000_000.0;
const DANGER: f64 = 200_000.0;
const MAX_DEPTH: u32 = 12;
const FILL_DEPTH: u32 = 7;

/// The search ran out of nodes or time.
struct Abort;

/// The strongest AI of this crate.
#[derive(Clone, Debug)]
pub struct ChampionBot {
    cfg: Config,
    fill: Fill,
    counts: Vec<u32>,
    danger: Vec<bool>,
    nodes: u64,
    stop: Instant,
    /// Real opponents that are active at the root (Voronoi sources).
    sources: Vec<usize>,
    duel: bool,
}

impl ChampionBot {
    /// A champion with the given tuning.
    pub fn new(cfg: Config) -> Self {
        ChampionBot {
            cfg,
            fill: Fill::new(),
            counts: Vec::new(),
            danger: Vec::new(),
            nodes: 0,
            stop: Instant::now(),
            sources: Vec::new(),
            duel: false,
        }
    }

    fn tick(&mut self) -> Result<(), Abort> {
        self.nodes += 1;
        if self.nodes > self.cfg.max_nodes
            || (self.nodes.is_multiple_of(4) && Instant::now() >= self.stop)
        {
            return Err(Abort);
        }
        Ok(())
    }

    fn my_actions(&self, state: &GameState, pi: usize) -> Vec<OwnMove> {
        Action::ALL
            .into_iter()
            .filter(|&a| !(a == Action::SpeedUp && state.players[pi].speed >= self.cfg.max_speed))
            .map(|a| own_move(state, pi, a))
            .filter(|m| m.alive)
            .collect()
    }

    /// The safe move: alive, outside the danger zone if possible, largest area.
    fn safe_move(&mut self, state: &GameState, pi: usize) -> Action {
        danger_cells(state, pi, &mut self.danger);
        let mut best = (f64::NEG_INFINITY, Action::ChangeNothing);
        for m in self.my_actions(state, pi) {
            let mut next = state.clone();
            apply_own(&mut next, pi, &m);
            let mut score = self.fill.area(&next, m.x, m.y) as f64;
            if m.path().iter().any(|&c| self.danger[c as usize]) {
                score -= DANGER;
            }
            score -= f64::from(m.speed) * 0.1;
            if score > best.0 {
                best = (score, m.action);
            }
        }
        best.1
    }

    /// Nearest opponent reachable through free cells, by path length.
    fn nearest_reachable(&mut self, state: &GameState, pi: usize) -> Option<usize> {
        let me = &state.players[pi];
        self.fill.area(state, me.x, me.y);
        let (w, h) = (state.width, state.height);
        let mut best: Option<(u16, usize)> = None;
        for (j, p) in state.players.iter().enumerate() {
            if j == pi || !p.active {
                continue;
            }
            for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
                let (x, y) = (p.x + dx, p.y + dy);
                if x >= 0 && y >= 0 && x < w && y < h {
                    let i = state.index(x, y) as u32;
                    if self.fill.reached(i) {
                        let d = self.fill.distance(i);
                        if best.is_none_or(|(bd, _)| d < bd) {
                            best = Some((d, j));
                        }
                    }
                }
            }
        }
        best.map(|(_, j)| j)
    }

    fn evaluate(&mut self, state: &GameState, pi: usize) -> f64 {
        let mut heads = Vec::with_capacity(self.sources.len() + 1);
        heads.push((state.players[pi].x, state.players[pi].y));
        for &j in &self.sources {
            let p = &state.players[j];
            if p.active || !state.contains(p.x, p.y) {
                heads.push((p.x, p.y));
            } else {
                heads.push((-1, -1));
            }
        }
        let mut counts = std::mem::take(&mut self.counts);
        self.fill.voronoi(state, &heads, &mut counts);
        let mine = f64::from(counts[0]);
        let other = counts[1..].iter().copied().max().unwrap_or(0);
        self.counts = counts;
        mine - f64::from(other)
    }

    /// Paranoid search: my action, then the opponent's reply, then one engine round.
    #[allow(clippy::too_many_arguments)]
    fn max_node(
        &mut self,
        state: &GameState,
        pi: usize,
        oj: usize,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        beta: f64,
    ) -> Result<(f64, Action), Abort> {
        let moves = self.my_actions(state, pi);
        if moves.is_empty() {
            return Ok((-WIN + f64::from(ply), Action::ChangeNothing));
        }
        let mut best = (f64::NEG_INFINITY, moves[0].action);
        for m in moves {
            let mut v = self.min_node(state, pi, oj, m.action, depth, ply, alpha, beta)?;
            if ply == 0 && m.path().iter().any(|&c| self.danger[c as usize]) {
                v -= DANGER;
            }
            if v > best.0 {
                best = (v, m.action);
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    #[allow(clippy::too_many_arguments)]
    fn min_node(
        &mut self,
        state: &GameState,
        pi: usize,
        oj: usize,
        mine: Action,
        depth: u32,
        ply: u32,
        alpha: f64,
        mut beta: f64,
    ) -> Result<f64, Abort> {
        let mut best = f64::INFINITY;
        let mut actions = vec![None; state.players.len()];
        actions[pi] = Some(mine);
        for b in Action::ALL {
            let (_, s) = b.apply(state.players[oj].direction, state.players[oj].speed);
            if !(1..=10).contains(&s) {
                continue;
            }
            self.tick()?;
            actions[oj] = Some(b);
            let mut next = state.clone();
            step_actions(&mut next, &actions);
            let (me_alive, opp_alive) = (next.players[pi].active, next.players[oj].active);
            let v = match (me_alive, opp_alive) {
                (false, false) => -WIN / 2.0 + f64::from(ply),
                (false, true) => -WIN + f64::from(ply),
                (true, false) if self.duel => WIN - f64::from(ply),
                (true, false) => WIN / 10.0 + self.evaluate(&next, pi),
                (true, true) if depth <= 1 => self.evaluate(&next, pi),
                (true, true) => {
                    self.max_node(&next, pi, oj, depth - 1, ply + 1, alpha, beta)?
                        .0
                }
            };
            best = best.min(v);
            beta = beta.min(v);
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }

    /// Own-moves-only search maximising the area reached at the leaf (space filling).
    fn fill_search(&mut self, state: &GameState, pi: usize, depth: u32) -> Result<f64, Abort> {
        self.tick()?;
        let p = &state.players[pi];
        if depth == 0 {
            let area = self.fill.area(state, p.x, p.y) as f64;
            return Ok(
                area * 16.0 + f64::from(blocked_neighbours(state, p.x, p.y)) - f64::from(p.speed)
            );
        }
        let mut best = -WIN;
        for m in self.my_actions(state, pi) {
            let mut next = state.clone();
            apply_own(&mut next, pi, &m);
            best = best.max(self.fill_search(&next, pi, depth - 1)? + 1.0);
        }
        Ok(best)
    }

    fn endgame(&mut self, state: &GameState, pi: usize, mut chosen: Action) -> Action {
        let moves = self.my_actions(state, pi);
        for depth in 1..=FILL_DEPTH {
            let mut best = (f64::NEG_INFINITY, chosen);
            for m in &moves {
                let mut next = state.clone();
                apply_own(&mut next, pi, m);
                match self.fill_search(&next, pi, depth - 1) {
                    Ok(v) => {
                        let v = v + f64::from(blocked_neighbours(state, m.x, m.y)) * 0.5;
                        if v > best.0 {
                            best = (v, m.action);
                        }
                    }
                    Err(Abort) => return chosen,
                }
            }
            chosen = best.1;
        }
        chosen
    }
}

/// Non-free or off-board neighbours of a cell (wall hugging tie-break).
fn blocked_neighbours(state: &GameState, x: i32, y: i32) -> u32 {
    [(0, -1), (1, 0), (0, 1), (-1, 0)]
        .into_iter()
        .filter(|&(dx, dy)| !state.contains(x + dx, y + dy) || state.cell(x + dx, y + dy) != FREE)
        .count() as u32
}

impl Bot for ChampionBot {
    fn name(&self) -> String {
        format!(
            "champion({},{},{})",
            self.cfg.max_speed, self.cfg.think_ms, self.cfg.max_nodes
        )
    }

    fn decide(&mut self, state: &GameState, me: PlayerId, deadline: Instant) -> Action {
        let now = Instant::now();
        let left = deadline.saturating_duration_since(now);
        self.stop = now + (left / 2).min(Duration::from_millis(self.cfg.think_ms));
        self.nodes = 0;
        let Some(pi) = active_index(state, me) else {
            return Action::ChangeNothing;
        };
        let mut chosen = self.safe_move(state, pi);
        let Some(oj) = self.nearest_reachable(state, pi) else {
            return self.endgame(state, pi, chosen);
        };
        self.sources = (0..state.players.len())
            .filter(|&j| j != pi && state.players[j].active)
            .collect();
        self.duel = self.sources.len() == 1;
        let mut sim = state.clone();
        for &j in &self.sources {
            if j != oj {
                sim.players[j].active = false;
            }
        }
        // Cells the searched opponent could write are handled by the search itself.
        let mut danger = std::mem::take(&mut self.danger);
        if self.duel {
            danger.fill(false);
        } else {
            let mut others = sim.clone();
            for (j, p) in others.players.iter_mut().enumerate() {
                p.active = j != oj && state.players[j].active;
            }
            danger_cells(&others, pi, &mut danger);
        }
        self.danger = danger;
        for depth in 1..=MAX_DEPTH {
            match self.max_node(&sim, pi, oj, depth, 0, f64::NEG_INFINITY, f64::INFINITY) {
                Ok((v, a)) => {
                    chosen = a;
                    if v.abs() >= WIN / 2.0 {
                        break;
                    }
                }
                Err(Abort) => break,
            }
        }
        chosen
    }
}

//! The turn pipeline of the post mortem, shared by `xathis-style` and `champion` (which only
//! differ in their [`Config`]). Every step moves some of the ants that are still free; a move
//! is final once made. Time: the turn has a [`search::Budget`] (turntime minus a margin,
//! capped); each step checks it and the ants left when it runs out simply stay, which is
//! always a legal answer (own ants never collide: a square is only entered when no own ant
//! will be on it). The fights get the first 60 % of the turn's time, shared among them.
//!
//! This module holds the [`Brain`], the turn loop and the bookkeeping of moves; the steps
//! are in their own files, in pipeline order: `food` (food and the food matching),
//! `enemies` (enemy hills, approaching and chasing enemy ants), `fight` (combat groups,
//! defence of own hills, escape), `explore` (explore values, spreading out) and
//! `missions` (long walks to the border); `config` holds the [`Config`] and `scratch` the
//! per-turn buffers every step reads and writes.

use std::time::Duration;

use ants::{GameSettings, Order, TurnInput};
use grid::Dir;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::Budget;

use crate::areas::Areas;
use crate::missions::Missions;
use crate::paths::{AStar, Bfs, Flow};
use crate::world::World;

mod config;
mod enemies;
mod explore;
mod fight;
mod food;
mod missions;
mod scratch;

pub use config::Config;
pub use explore::EXPLORE_DEPTH;
pub use food::match_food;
use scratch::Scratch;

/// Approach: own ants this many steps from an enemy move toward it.
const APPROACH_DEPTH: u16 = 12;

/// The pipeline step that decided an ant's move in the turn just played
/// ([`Brain::decided_by`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// The walk to a visible enemy hill.
    EnemyHill,
    /// The food step.
    Food,
    /// The combat search of a group.
    Fight,
    /// The defence of an own hill.
    Defence,
    /// The approach toward enemy ants.
    Approach,
    /// The chase of a detached enemy ant.
    Chase,
    /// The escape of a dangered ant.
    Escape,
    /// Spreading out ants near enemies.
    DistributeNear,
    /// The explore step.
    Explore,
    /// An existing mission.
    Mission,
    /// A new mission.
    NewMission,
    /// Spreading out the remaining ants.
    Distribute,
    /// No step moved the ant (time ran out, or every step passed it): it stays.
    #[default]
    Idle,
}

impl Step {
    /// Every step, in pipeline order.
    pub const ALL: [Step; 13] = [
        Step::EnemyHill,
        Step::Food,
        Step::Fight,
        Step::Defence,
        Step::Approach,
        Step::Chase,
        Step::Escape,
        Step::DistributeNear,
        Step::Explore,
        Step::Mission,
        Step::NewMission,
        Step::Distribute,
        Step::Idle,
    ];

    /// The step's short name, as `botforge ants agree` prints it.
    pub fn name(self) -> &'static str {
        match self {
            Step::EnemyHill => "enemy hill",
            Step::Food => "food",
            Step::Fight => "fight",
            Step::Defence => "defence",
            Step::Approach => "approach",
            Step::Chase => "chase",
            Step::Escape => "escape",
            Step::DistributeNear => "distribute near enemies",
            Step::Explore => "explore",
            Step::Mission => "mission",
            Step::NewMission => "new mission",
            Step::Distribute => "distribute",
            Step::Idle => "idle",
        }
    }
}

const NO_IDX: u32 = u32::MAX;

/// The shared bot state.
#[derive(Debug)]
pub struct Brain {
    cfg: Config,
    settings: Option<GameSettings>,
    world: World,
    bfs: Bfs,
    bfs2: Bfs,
    /// Steps from the own hills, to [`Brain::home_depth`]: one search per turn
    /// ([`Brain::home_bfs`]) for the home guard and the defence step.
    home: Bfs,
    /// Whether `home` holds this turn's search.
    home_ready: bool,
    astar: AStar,
    explore: Vec<u32>,
    areas: Areas,
    missions: Missions,
    rng: ChaCha8Rng,
    /// Bit `p` set once an ant or hill of enemy player `p` was seen.
    enemy_players: u32,
    /// The time of the current turn ([`Brain::turn_time`] from its start).
    clock: Budget,
    /// Per-turn buffers.
    scratch: Scratch,
}

impl Brain {
    /// A brain with the given behaviour (call [`Brain::setup`] before the first turn).
    pub fn new(cfg: Config) -> Self {
        let settings = GameSettings {
            loadtime_ms: 3000,
            turntime_ms: 500,
            rows: 1,
            cols: 1,
            turns: 1,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            player_seed: 0,
        };
        let mut b = Self {
            cfg,
            settings: None,
            world: World::new(&settings),
            bfs: Bfs::default(),
            bfs2: Bfs::default(),
            home: Bfs::default(),
            home_ready: false,
            astar: AStar::default(),
            explore: Vec::new(),
            areas: Areas::default(),
            missions: Missions::default(),
            rng: ChaCha8Rng::seed_from_u64(0),
            enemy_players: 0,
            clock: Budget::unlimited(),
            scratch: Scratch::default(),
        };
        b.setup(&settings);
        b.settings = None;
        b
    }

    /// Reads the game settings and sizes every buffer.
    pub fn setup(&mut self, settings: &GameSettings) {
        self.world = World::new(settings);
        let n = self.world.len();
        self.bfs = Bfs::new(n);
        self.bfs2 = Bfs::new(n);
        self.home = Bfs::new(n);
        self.home_ready = false;
        self.astar = AStar::new(n);
        self.explore = vec![0; n];
        self.areas = Areas::new(n);
        self.missions = Missions::new(n);
        self.rng = ChaCha8Rng::seed_from_u64(settings.player_seed as u64);
        self.enemy_players = 0;
        self.scratch = Scratch::new(n);
        self.settings = Some(settings.clone());
    }

    /// The world model (for tests and annotations).
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The per-tile explore values.
    pub fn explore_values(&self) -> &[u32] {
        &self.explore
    }

    /// The areas and border of the last turn.
    pub fn areas(&self) -> &Areas {
        &self.areas
    }

    /// The missions kept between turns.
    pub fn missions(&self) -> &Missions {
        &self.missions
    }

    /// The time a turn may use: the turntime minus the margin (at most half the
    /// turntime), capped at `max_turn_ms`, at least 1 ms.
    fn turn_time(&self) -> Duration {
        let turntime = self.settings.as_ref().map_or(500, |s| s.turntime_ms);
        let ms = turntime
            .saturating_sub(self.cfg.margin_ms.min(turntime / 2))
            .min(self.cfg.max_turn_ms)
            .max(1);
        Duration::from_millis(ms)
    }

    /// True when the turn's time is used up (the ants not moved yet stay).
    fn out_of_time(&self) -> bool {
        self.clock.exhausted(0)
    }

    /// Plays one turn.
    pub fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        self.clock = Budget::unlimited().with_time(self.turn_time());
        self.world.update(input);
        self.scratch.orders.clear();
        self.astar.salt = if self.cfg.random_ties {
            self.rng.random::<u32>() | 1
        } else {
            0
        };
        self.begin_turn();
        self.init_missions();
        self.hills_and_food();
        self.init_explore();
        self.areas.compute(&self.world);
        self.at(Step::Fight).fight();
        self.at(Step::Defence).defence();
        self.at(Step::Approach).approach_enemies();
        self.at(Step::Chase).attack_detached_enemies();
        self.at(Step::Escape).escape_enemies();
        self.at(Step::DistributeNear).distribute(true);
        self.at(Step::Explore).explore_step();
        self.at(Step::Mission).do_missions();
        self.at(Step::NewMission).create_missions();
        self.at(Step::Distribute).distribute(false);
        self.end_turn();
        std::mem::take(&mut self.scratch.orders)
    }

    /// The ants of the turn just played with the step that decided each one's move (in the
    /// order of [`World::own_ants`]; [`Step::Idle`] for ants no step moved).
    pub fn decided_by(&self) -> impl Iterator<Item = (grid::Pos, Step)> + '_ {
        self.world
            .own_ants
            .iter()
            .zip(&self.scratch.decided_by)
            .map(|(&t, &s)| (self.world.pos(t), s))
    }

    // ----- bookkeeping -------------------------------------------------------------------

    /// Makes `step` the step that the moves given from now on are credited to.
    fn at(&mut self, step: Step) -> &mut Self {
        self.scratch.step = step;
        self
    }

    fn begin_turn(&mut self) {
        for &(_, o) in self.world.enemy_ants.iter().chain(&self.world.enemy_hills) {
            self.enemy_players |= 1 << u32::from(o).min(31);
        }
        self.scratch.begin(&self.world, &mut self.bfs, &self.cfg);
        self.home_ready = false;
    }

    /// The depth of [`Brain::home_bfs`]: the larger of the defence step's depths in 2- and
    /// 4-player games.
    fn home_depth(&self) -> u16 {
        fight::DEFENCE_DEPTH.max(self.cfg.multi_defence_depth)
    }

    /// Fills `home` with the steps from the own hills up to [`Brain::home_depth`], once per
    /// turn (it depends on the map alone).
    fn home_bfs(&mut self) {
        if !self.home_ready {
            let depth = self.home_depth();
            let w = &self.world;
            self.home
                .run(w, w.own_hills.iter().copied(), depth, |_, _| Flow::Expand);
            self.home_ready = true;
        }
    }

    /// The enemy-hill and food steps. With [`Config::fight_first`] the ants an enemy can
    /// reach next turn are kept from both (with [`Config::safe_food`] only from the hill step:
    /// the food step gives them safe steps only).
    fn hills_and_food(&mut self) {
        let mut reserved = self.reserve_dangered();
        let home = self.reserve_home_guard();
        self.at(Step::EnemyHill).enemy_hills();
        self.release(home);
        if self.cfg.safe_food {
            self.release(std::mem::take(&mut reserved));
        }
        self.at(Step::Food).food();
        self.release(reserved);
    }

    /// [`Config::multi_home_guard`]: once two enemy players have been seen, marks as busy
    /// the free ants no farther (in steps) from a threatened own hill than the nearest enemy
    /// ant within [`fight::DEFENCE_DEPTH`] of it, and returns them, to be freed again; none
    /// while the defence step does not act (more own hills than it defends).
    fn reserve_home_guard(&mut self) -> Vec<usize> {
        if !self.cfg.multi_home_guard
            || self.duel()
            || self.world.enemy_ants.is_empty()
            || !self.defends_hills()
        {
            return Vec::new();
        }
        self.home_bfs();
        let (w, bfs) = (&self.world, &self.home);
        let near = |t: u32| bfs.within(t, fight::DEFENCE_DEPTH);
        // The nearest raider's distance per own hill (in the order of `own_hills`).
        let mut threat = vec![None; w.own_hills.len()];
        for &(t, _) in &w.enemy_ants {
            if near(t) {
                let (h, d) = (bfs.src[t as usize] as usize, bfs.dist[t as usize]);
                threat[h] = Some(threat[h].map_or(d, |e: u16| e.min(d)));
            }
        }
        let reserved: Vec<usize> = (0..w.own_ants.len())
            .filter(|&a| {
                let t = w.own_ants[a];
                !self.scratch.done[a]
                    && near(t)
                    && threat[bfs.src[t as usize] as usize]
                        .is_some_and(|d| bfs.dist[t as usize] <= d)
            })
            .collect();
        for &a in &reserved {
            self.scratch.done[a] = true;
        }
        reserved
    }

    /// [`Config::fight_first`]: marks the free ants an enemy can reach next turn as busy
    /// (so food and hill steps skip them) and returns them, to be freed again.
    fn reserve_dangered(&mut self) -> Vec<usize> {
        if !self.cfg.fight_first {
            return Vec::new();
        }
        let reserved: Vec<usize> = (0..self.scratch.done.len())
            .filter(|&a| !self.scratch.done[a] && !self.scratch.danger[a].is_empty())
            .collect();
        for &a in &reserved {
            self.scratch.done[a] = true;
        }
        reserved
    }

    /// Frees the ants [`Brain::reserve_dangered`] reserved.
    fn release(&mut self, reserved: Vec<usize>) {
        for a in reserved {
            self.scratch.done[a] = false;
        }
    }

    fn end_turn(&mut self) {
        let next_pos = &self.scratch.next_pos;
        let ant_at = &self.scratch.ant_at;
        self.missions.relocate(|t| {
            let a = ant_at[t as usize];
            if a == NO_IDX { t } else { next_pos[a as usize] }
        });
    }

    /// Moves ant `a` to the neighbouring (or own) tile `to` if legal; `to == pos` stays. The
    /// move is credited to the step now running; a step other than the missions' drops the
    /// ant's mission.
    fn go(&mut self, a: usize, to: u32) -> bool {
        if self.scratch.done[a] {
            return false;
        }
        let from = self.world.own_ants[a];
        if to != from {
            let Some(dir) = self.world.dir_to(from, to) else {
                return false;
            };
            if !self.world.walkable(to) || self.scratch.next_occ[to as usize] {
                return false;
            }
            self.scratch.next_occ[from as usize] = false;
            self.scratch.next_occ[to as usize] = true;
            self.scratch.orders.push(Order {
                pos: self.world.pos(from),
                dir,
            });
        }
        self.scratch.next_pos[a] = to;
        self.scratch.done[a] = true;
        self.scratch.decided_by[a] = self.scratch.step;
        if !matches!(self.scratch.step, Step::Mission | Step::NewMission) {
            self.missions.remove(from);
        }
        true
    }

    fn go_dir(&mut self, a: usize, d: Dir) -> bool {
        let to = self.world.step(self.world.own_ants[a], d);
        self.go(a, to)
    }

    /// The squares ant `a` may move to now: its own and those no own ant keeps or takes.
    fn free_moves(&self, a: usize) -> impl Iterator<Item = u32> + '_ {
        let t = self.world.own_ants[a];
        self.scratch.own_moves[a]
            .iter()
            .copied()
            .filter(move |&m| m == t || !self.scratch.next_occ[m as usize])
    }

    fn free_ant_at(&self, t: u32) -> Option<usize> {
        let a = self.scratch.ant_at[t as usize];
        (a != NO_IDX && !self.scratch.done[a as usize]).then_some(a as usize)
    }

    /// Moves a free ant on a tile reached by `self.bfs` one step toward the BFS sources
    /// (among several such steps the first free one, in random order with
    /// [`Config::random_ties`]); with `safe_only` only by a step no enemy can reach.
    fn step_to_source(&mut self, a: usize, safe_only: bool) -> bool {
        let t = self.world.own_ants[a];
        let mut steps: Vec<u32> = self
            .bfs
            .toward_source(&self.world, t)
            .filter(|&n| !safe_only || self.safe(a, n))
            .collect();
        if self.cfg.random_ties {
            steps.shuffle(&mut self.rng);
        }
        steps.into_iter().any(|n| self.go(a, n))
    }

    /// The order in which equally good directions are tried: [`Dir::ALL`], or a random
    /// order with [`Config::random_ties`].
    fn dir_order(&mut self) -> [Dir; 4] {
        let mut dirs = Dir::ALL;
        if self.cfg.random_ties {
            dirs.shuffle(&mut self.rng);
        }
        dirs
    }
}

/// Settings, brains and ants for the tests of the pipeline steps.
#[cfg(test)]
mod fixtures {
    use super::{Brain, Config};
    use ants::{GameSettings, Order, TurnInput};
    use grid::Pos;

    pub(super) fn settings(rows: u32, cols: u32, turntime_ms: u64) -> GameSettings {
        GameSettings {
            loadtime_ms: 3000,
            turntime_ms,
            rows,
            cols,
            turns: 1000,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            player_seed: 42,
        }
    }

    pub(super) fn brain(rows: u32, cols: u32) -> Brain {
        let mut b = Brain::new(Config::post_mortem());
        b.setup(&settings(rows, cols, 500));
        b
    }

    pub(super) fn ant(r: i32, c: i32, o: u8) -> (Pos, u8) {
        (Pos::new(r, c), o)
    }

    /// The orders one pipeline `step` gives on an open `rows`×`cols` map in the first turn
    /// `input` describes, after the turn's bookkeeping.
    pub(super) fn orders_after(
        cfg: Config,
        rows: u32,
        cols: u32,
        input: &TurnInput,
        step: fn(&mut Brain),
    ) -> Vec<Order> {
        brain_after(cfg, rows, cols, input, step).scratch.orders
    }

    /// The brain after one pipeline `step` of the first turn, as in [`orders_after`] (for
    /// tests that also look at which ants the step decided).
    pub(super) fn brain_after(
        cfg: Config,
        rows: u32,
        cols: u32,
        input: &TurnInput,
        step: fn(&mut Brain),
    ) -> Brain {
        let mut b = Brain::new(cfg);
        b.setup(&settings(rows, cols, 500));
        b.world.update(input);
        b.begin_turn();
        step(&mut b);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{ant, orders_after, settings};
    use super::*;
    use grid::Pos;
    use rand::Rng;

    #[test]
    fn fight_first_keeps_a_dangered_ant_from_walking_into_a_trade_for_food() {
        // Ant A (10,10) is 3 steps from food F (10,13); enemy E (12,12) is as close to F, and
        // ant B (10,8) backs A up, so the food step sends A east: next to E, a 1:1 trade.
        // With `fight_first` A, which E can reach next turn, is left to the fight search.
        let order_of_a = |fight_first: bool| {
            let mut b = Brain::new(Config {
                fight_first,
                food_matching: true,
                ..Config::post_mortem()
            });
            b.setup(&settings(30, 30, 500));
            let orders = b.turn(&TurnInput {
                turn: 1,
                ants: vec![ant(10, 10, 0), ant(10, 8, 0), ant(12, 12, 1)],
                food: vec![Pos::new(10, 13)],
                ..TurnInput::default()
            });
            orders
                .iter()
                .find(|o| o.pos == Pos::new(10, 10))
                .map(|o| o.dir)
        };
        assert_eq!(order_of_a(false), Some(Dir::E));
        assert_ne!(order_of_a(true), Some(Dir::E));
    }

    /// The step that decided the move of the own ant at `at` in the first turn of a brain
    /// with `cfg` on an open 30×30 map.
    fn step_at(cfg: Config, input: &TurnInput, at: Pos) -> Option<Step> {
        let mut b = Brain::new(cfg);
        b.setup(&settings(30, 30, 500));
        b.turn(input);
        b.decided_by().find(|&(p, _)| p == at).map(|(_, s)| s)
    }

    #[test]
    fn multi_home_guard_keeps_the_ant_at_home_from_the_enemy_hill_step() {
        // Own hill H (10,10) with own ant A (11,10) beside it; an enemy hill (10,22) of
        // player 1 is 13 steps from A and a raider (2,10) of player 1 is 8 steps from H.
        // The enemy-hill step sends A toward the enemy hill. With `multi_home_guard`, once
        // a second enemy player (25,25) has been seen, A (nearer to H than the raider) is
        // left to the defence step, which sends it to meet the raider; but not while the
        // defence step does not act (no hill defended with `multi_defend_hills=0`).
        let step_of_a = |multi_home_guard: bool, second_enemy: bool, multi_defend_hills: u16| {
            let cfg = Config {
                multi_home_guard,
                multi_defend_hills,
                ..Config::champion()
            };
            let mut ants = vec![ant(11, 10, 0), ant(2, 10, 1)];
            if second_enemy {
                ants.push(ant(25, 25, 2));
            }
            let input = TurnInput {
                turn: 1,
                ants,
                hills: vec![(Pos::new(10, 10), 0), (Pos::new(10, 22), 1)],
                ..TurnInput::default()
            };
            step_at(cfg, &input, Pos::new(11, 10))
        };
        assert_eq!(step_of_a(false, true, 4), Some(Step::EnemyHill));
        assert_eq!(step_of_a(true, false, 4), Some(Step::EnemyHill));
        assert_eq!(step_of_a(true, true, 0), Some(Step::EnemyHill));
        assert_eq!(step_of_a(true, true, 4), Some(Step::Defence));
    }

    #[test]
    fn multi_food_depth_reaches_farther_once_two_enemy_players_are_seen() {
        // Own ant A (14,10) is 12 steps from the food (2,10), beyond the food step's 10.
        // `multi_food_depth=15` sends it, but only once a second enemy player (20,22)
        // has been seen besides the first (25,25).
        let step_of_a = |multi_food_depth: u16, second_enemy: bool| {
            let cfg = Config {
                multi_food_depth,
                ..Config::champion()
            };
            let mut ants = vec![ant(14, 10, 0), ant(25, 25, 1)];
            if second_enemy {
                ants.push(ant(20, 22, 2));
            }
            let input = TurnInput {
                turn: 1,
                ants,
                food: vec![Pos::new(2, 10)],
                ..TurnInput::default()
            };
            step_at(cfg, &input, Pos::new(14, 10))
        };
        assert_ne!(step_of_a(10, true), Some(Step::Food));
        assert_ne!(step_of_a(15, false), Some(Step::Food));
        assert_eq!(step_of_a(15, true), Some(Step::Food));
    }

    #[test]
    fn the_defence_step_stops_above_its_hill_limit() {
        // Five own hills; an enemy ant (16,10) walks toward the hill (10,10) and own ant A
        // (12,10) stands on its path. With at most four hills defended (the post mortem's
        // rule) the defence step leaves A alone; `multi_defend_hills` lifts the limit once a
        // second enemy player (25,25) has been seen, and only then.
        let step_of_a = |multi_defend_hills: u16, second_enemy: bool| {
            let cfg = Config {
                multi_defend_hills,
                ..Config::champion()
            };
            let mut ants = vec![ant(12, 10, 0), ant(16, 10, 1)];
            if second_enemy {
                ants.push(ant(25, 25, 2));
            }
            let hills = [(10, 10), (2, 2), (2, 20), (20, 2), (20, 20)]
                .map(|(r, c)| (Pos::new(r, c), 0))
                .to_vec();
            let input = TurnInput {
                turn: 1,
                ants,
                hills,
                ..TurnInput::default()
            };
            step_at(cfg, &input, Pos::new(12, 10))
        };
        assert_ne!(step_of_a(4, true), Some(Step::Defence));
        assert_ne!(step_of_a(5, false), Some(Step::Defence));
        assert_eq!(step_of_a(5, true), Some(Step::Defence));
    }

    #[test]
    fn multi_defence_depth_narrows_the_defence_once_a_second_enemy_is_seen() {
        // Own hill (10,10) and own ant A (12,10); an enemy ant of player 1 at `e`. With
        // `multi_defence_depth` = 10, A meets an enemy 12 steps away only while no second
        // enemy player (25,25) has been seen.
        let step_of_a = |depth: u16, e: (i32, i32), second_enemy: bool| {
            let cfg = Config {
                multi_defence_depth: depth,
                ..Config::champion()
            };
            let mut ants = vec![ant(12, 10, 0), ant(e.0, e.1, 1)];
            if second_enemy {
                ants.push(ant(25, 25, 2));
            }
            let input = TurnInput {
                turn: 1,
                ants,
                hills: vec![(Pos::new(10, 10), 0)],
                ..TurnInput::default()
            };
            step_at(cfg, &input, Pos::new(12, 10))
        };
        assert_eq!(step_of_a(0, (22, 10), true), Some(Step::Defence));
        assert_eq!(step_of_a(10, (22, 10), false), Some(Step::Defence));
        assert_ne!(step_of_a(10, (22, 10), true), Some(Step::Defence));
        assert_eq!(step_of_a(10, (19, 10), true), Some(Step::Defence));
        // A larger depth reaches beyond the 2-player depth (15 steps): 17 steps away.
        assert_ne!(step_of_a(0, (22, 15), true), Some(Step::Defence));
        assert_eq!(step_of_a(20, (22, 15), true), Some(Step::Defence));
    }

    /// The order the enemy-hill and food steps give the own ant at (10,10) on an open 30×30
    /// map with fight first on.
    fn food_step_order(safe_food: bool, ants: Vec<(Pos, u8)>, food: Pos) -> Option<Dir> {
        let cfg = Config {
            fight_first: true,
            safe_food,
            ..Config::post_mortem()
        };
        food_order(cfg, ants, food)
    }

    /// The order the enemy-hill and food steps of a brain with `cfg` give the own ant at
    /// (10,10) on an open 30×30 map with one food.
    fn food_order(cfg: Config, ants: Vec<(Pos, u8)>, food: Pos) -> Option<Dir> {
        let input = TurnInput {
            turn: 1,
            ants,
            food: vec![food],
            ..TurnInput::default()
        };
        hills_and_food_order(cfg, &input)
    }

    /// The order the enemy-hill and food steps of a brain with `cfg` give the own ant at
    /// (10,10) on an open 30×30 map, turn `input`.
    fn hills_and_food_order(cfg: Config, input: &TurnInput) -> Option<Dir> {
        orders_after(cfg, 30, 30, input, Brain::hills_and_food)
            .iter()
            .find(|o| o.pos == Pos::new(10, 10))
            .map(|o| o.dir)
    }

    #[test]
    fn safe_food_sends_a_dangered_ant_to_food_only_by_a_safe_step() {
        // The enemy 4 steps east can reach the ant next turn; the food is 4 steps north, and
        // the step north is out of the enemy's reach: fight first alone keeps the ant from
        // the food, safe food sends it.
        let ants = vec![ant(10, 10, 0), ant(10, 14, 1)];
        assert_eq!(food_step_order(false, ants.clone(), Pos::new(6, 10)), None);
        assert_eq!(food_step_order(true, ants, Pos::new(6, 10)), Some(Dir::N));
        // The only step toward the food (east, with a second own ant backing) is within the
        // enemy's reach: the ant is left to the fight either way.
        let ants = vec![ant(10, 10, 0), ant(10, 8, 0), ant(12, 12, 1)];
        assert_eq!(food_step_order(false, ants.clone(), Pos::new(10, 13)), None);
        assert_eq!(food_step_order(true, ants, Pos::new(10, 13)), None);
    }

    #[test]
    fn every_ant_is_credited_to_the_step_that_moved_it() {
        // Ant A (10,10) is 2 steps from a food, ant B (20,20) has nothing near: the food
        // step moves A, a later step (explore or missions) B; the table has both ants.
        let mut b = Brain::new(Config::post_mortem());
        b.setup(&settings(30, 30, 500));
        b.turn(&TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0), ant(20, 20, 0)],
            food: vec![Pos::new(10, 12)],
            ..TurnInput::default()
        });
        let steps: Vec<(Pos, Step)> = b.decided_by().collect();
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert!(steps.contains(&(Pos::new(10, 10), Step::Food)), "{steps:?}");
        let (_, other) = steps[1 - steps.iter().position(|s| s.1 == Step::Food).unwrap_or(0)];
        assert!(!matches!(other, Step::Food | Step::Idle), "{steps:?}");
        // Before any step has run every ant of the new turn is idle.
        let mut idle = Brain::new(Config::post_mortem());
        idle.setup(&settings(30, 30, 500));
        idle.world.update(&TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0)],
            ..TurnInput::default()
        });
        idle.begin_turn();
        assert!(idle.decided_by().all(|(_, s)| s == Step::Idle));
        assert_eq!(Step::ALL.len(), 13);
        assert!(Step::ALL.iter().all(|s| !s.name().is_empty()));
    }

    #[test]
    fn contested_foods_are_approached_by_safe_steps_only() {
        // The food is 4 steps east of the ant and 4 steps west of a lone enemy: contested,
        // and no second own ant to avenge. The post mortem's rule gives it up; with
        // `multi_contest_food` in a 4-player game (an ant of a second enemy player far away)
        // the ant steps east, out of the enemy's reach, in both food modes.
        let far = ant(25, 25, 2);
        for food_matching in [true, false] {
            let cfg = |multi_contest_food| Config {
                food_matching,
                multi_contest_food,
                ..Config::post_mortem()
            };
            let ants = vec![ant(10, 10, 0), ant(10, 18, 1), far];
            let food = Pos::new(10, 14);
            assert_eq!(food_order(cfg(false), ants.clone(), food), None);
            assert_eq!(food_order(cfg(true), ants, food), Some(Dir::E));
            // The enemy 2 steps from the food can reach the only step toward it: the ant is
            // not sent (one on one exchanges are avoided).
            let ants = vec![ant(10, 10, 0), ant(12, 13, 1), far];
            let food = Pos::new(10, 13);
            assert_eq!(food_order(cfg(true), ants, food), None);
            // With a second own ant 2 steps farther the closer one is sacrificed.
            let ants = vec![ant(10, 10, 0), ant(10, 8, 0), ant(12, 13, 1), far];
            assert_eq!(food_order(cfg(false), ants, food), Some(Dir::E));
        }
    }

    #[test]
    fn multi_contest_food_contests_only_once_two_enemy_players_are_seen() {
        // The contested food of the test above: with `multi_contest_food` the ant gives it up
        // while one enemy player is in sight and contests it once a second one is.
        let cfg = Config {
            multi_contest_food: true,
            ..Config::post_mortem()
        };
        let food = Pos::new(10, 14);
        let one = vec![ant(10, 10, 0), ant(10, 18, 1)];
        assert_eq!(food_order(cfg.clone(), one.clone(), food), None);
        let mut two = one;
        two.push(ant(25, 25, 2));
        assert_eq!(food_order(cfg, two.clone(), food), Some(Dir::E));
        assert_eq!(food_order(Config::post_mortem(), two, food), None, "off");
    }

    #[test]
    fn a_brain_set_up_again_for_a_smaller_map_plays_on() {
        // `setup` sizes the per-turn buffers anew: where the ants of a game on a larger map
        // were going must not index the tiles of the smaller one.
        let mut b = Brain::new(Config::post_mortem());
        b.setup(&settings(40, 40, 500));
        b.turn(&TurnInput {
            turn: 1,
            ants: vec![ant(30, 30, 0)],
            ..TurnInput::default()
        });
        b.setup(&settings(10, 10, 500));
        let orders = b.turn(&TurnInput {
            turn: 1,
            ants: vec![ant(5, 5, 0)],
            ..TurnInput::default()
        });
        assert!(orders.len() <= 1, "{orders:?}");
    }

    #[test]
    fn a_crowded_turn_stays_within_the_turn_time() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut b = Brain::new(Config::champion());
        b.setup(&settings(150, 150, 200));
        let mut ants = Vec::new();
        let mut used = std::collections::BTreeSet::new();
        while ants.len() < 2400 {
            let p = Pos::new(rng.random_range(0..150), rng.random_range(0..150));
            if used.insert(p) {
                ants.push((p, (ants.len() % 3 != 0) as u8 * rng.random_range(1..4)));
            }
        }
        // The work of a turn is measured in this thread's CPU time: the wall clock also
        // counts the time other tests running in parallel hold the cores, and that is not
        // the bot's to bound (its wall-clock budget makes it stop even earlier then).
        let cpu = || {
            let t = nix::time::clock_gettime(nix::time::ClockId::CLOCK_THREAD_CPUTIME_ID)
                .expect("thread CPU clock");
            Duration::new(t.tv_sec() as u64, t.tv_nsec() as u32)
        };
        for turn in 1..4 {
            let t = cpu();
            let orders = b.turn(&TurnInput {
                turn,
                ants: ants.clone(),
                ..TurnInput::default()
            });
            let used = cpu().saturating_sub(t);
            assert!(
                used < Duration::from_millis(200),
                "turn {turn} took {used:?} of CPU time"
            );
            let mut from: Vec<Pos> = orders.iter().map(|o| o.pos).collect();
            from.sort_unstable();
            from.dedup();
            assert_eq!(from.len(), orders.len(), "one order per ant");
        }
    }
}

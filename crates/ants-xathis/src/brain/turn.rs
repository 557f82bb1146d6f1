//! The turn context every step works in: the configuration, the world, the clock, the random
//! source, the search buffers, the enemy view ([`Threats`]), the missions and the moves given
//! so far ([`Moves`]), with the move bookkeeping ([`Turn::go`]) that keeps own ants from
//! colliding. The steps own everything else they use.

use std::time::Duration;

use ants::{GameSettings, Order, TurnInput};
use grid::Dir;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use search::Budget;

use crate::missions::Missions;
use crate::paths::{AStar, Bfs};
use crate::world::World;

use super::threats::Threats;
use super::visual::Sketch;
use super::{Config, NO_IDX, Step};

/// Where the own ants stand and will stand, which are done and the orders given so far.
/// Own ants are indexed like `World::own_ants`, tiles like the world.
#[derive(Debug, Default)]
pub(super) struct Moves {
    /// Own ant index per tile ([`NO_IDX`]: none).
    pub(super) ant_at: Vec<u32>,
    /// Tiles an own ant will stand on after this turn's moves (so far).
    pub(super) next_occ: Vec<bool>,
    /// Own ants whose move is final.
    pub(super) done: Vec<bool>,
    /// Where every own ant will stand (its tile until it moves).
    pub(super) next_pos: Vec<u32>,
    /// The orders given so far this turn.
    pub(super) orders: Vec<Order>,
    /// The step now running (the moves it gives are credited to it).
    pub(super) step: Step,
    /// The step that decided each own ant's move ([`Step::Idle`]: none yet).
    pub(super) decided_by: Vec<Step>,
}

impl Moves {
    /// Buffers for a map of `n` tiles.
    fn new(n: usize) -> Self {
        Self {
            ant_at: vec![NO_IDX; n],
            next_occ: vec![false; n],
            ..Self::default()
        }
    }

    /// Every own ant of the new turn stands on its tile, free, credited to no step.
    fn begin(&mut self, w: &World) {
        let n_own = w.own_ants.len();
        for t in self.next_pos.drain(..) {
            self.next_occ[t as usize] = false;
        }
        self.ant_at.fill(NO_IDX);
        self.done.clear();
        self.done.resize(n_own, false);
        self.decided_by.clear();
        self.decided_by.resize(n_own, Step::Idle);
        self.step = Step::Idle;
        for (i, &t) in w.own_ants.iter().enumerate() {
            self.ant_at[t as usize] = i as u32;
            self.next_occ[t as usize] = true;
            self.next_pos.push(t);
        }
    }
}

/// The parts of the bot state that several steps read or write.
#[derive(Debug)]
pub(super) struct Turn {
    /// The behaviour.
    pub(super) cfg: Config,
    /// The game settings ([`None`] before [`Turn::setup`]).
    settings: Option<GameSettings>,
    /// The world model.
    pub(super) world: World,
    /// Search scratch of the steps (its contents are only read by the step that ran it).
    pub(super) bfs: Bfs,
    /// A second search buffer, for steps that keep one search while running another.
    pub(super) bfs2: Bfs,
    /// Path search scratch.
    pub(super) astar: AStar,
    /// The random source of the ties ([`Config::random_ties`]) and hill missions.
    pub(super) rng: ChaCha8Rng,
    /// Bit `p` set once an ant or hill of enemy player `p` was seen.
    enemy_players: u32,
    /// The time of the current turn ([`Turn::turn_time`] from its start).
    pub(super) clock: Budget,
    /// The missions kept between turns (a move by another step drops its ant's mission).
    pub(super) missions: Missions,
    /// The enemy view of the turn, computed at its start.
    pub(super) threats: Threats,
    /// The moves given so far.
    pub(super) moves: Moves,
    /// What the steps decided, noted for drawing; `None` unless the bot visualizes.
    pub(super) sketch: Option<Sketch>,
}

impl Turn {
    /// A context for `cfg` sized for `settings`, as set up by [`Turn::setup`].
    pub(super) fn new(cfg: Config, settings: &GameSettings) -> Self {
        let mut t = Self {
            cfg,
            settings: None,
            world: World::new(settings),
            bfs: Bfs::default(),
            bfs2: Bfs::default(),
            astar: AStar::default(),
            rng: ChaCha8Rng::seed_from_u64(0),
            enemy_players: 0,
            clock: Budget::unlimited(),
            missions: Missions::default(),
            threats: Threats::default(),
            moves: Moves::default(),
            sketch: None,
        };
        t.setup(settings);
        t
    }

    /// Reads the game settings and sizes every buffer.
    pub(super) fn setup(&mut self, settings: &GameSettings) {
        self.world = World::new(settings);
        let n = self.world.len();
        self.bfs = Bfs::new(n);
        self.bfs2 = Bfs::new(n);
        self.astar = AStar::new(n);
        self.missions = Missions::new(n);
        self.rng = ChaCha8Rng::seed_from_u64(settings.player_seed as u64);
        self.enemy_players = 0;
        self.threats = Threats::default();
        self.moves = Moves::new(n);
        self.settings = Some(settings.clone());
    }

    /// Forgets the settings (the brain's placeholder before its real setup).
    pub(super) fn forget_settings(&mut self) {
        self.settings = None;
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

    /// Starts a turn: the clock, the world and the tie salt of the path search.
    pub(super) fn start(&mut self, input: &TurnInput) {
        self.clock = Budget::unlimited().with_time(self.turn_time());
        self.world.update(input);
        self.moves.orders.clear();
        self.astar.salt = if self.cfg.random_ties {
            self.rng.random::<u32>() | 1
        } else {
            0
        };
    }

    /// The turn's bookkeeping before any step: the enemy players seen, the moves and the
    /// enemy view.
    pub(super) fn begin(&mut self) {
        for &(_, o) in self.world.enemy_ants.iter().chain(&self.world.enemy_hills) {
            self.enemy_players |= 1 << u32::from(o).min(31);
        }
        self.moves.begin(&self.world);
        self.threats.begin(&self.world, &mut self.bfs, &self.cfg);
    }

    /// Moves the missions with their ants, to where they will stand next turn.
    pub(super) fn end(&mut self) {
        let next_pos = &self.moves.next_pos;
        let ant_at = &self.moves.ant_at;
        self.missions.relocate(|t| {
            let a = ant_at[t as usize];
            if a == NO_IDX { t } else { next_pos[a as usize] }
        });
    }

    /// True when the turn's time is used up (the ants not moved yet stay).
    pub(super) fn out_of_time(&self) -> bool {
        self.clock.exhausted(0)
    }

    /// Whether at most one enemy player has been seen so far.
    pub(super) fn duel(&self) -> bool {
        self.enemy_players.count_ones() <= 1
    }

    /// `duel` while at most one enemy player has been seen, `multi` from the second: the
    /// value of a setting with a 4-player form (`food_depth` / `multi_food_depth`, …).
    pub(super) fn by_players<T>(&self, duel: T, multi: T) -> T {
        if self.duel() { duel } else { multi }
    }

    /// Makes `step` the step that the moves given from now on are credited to.
    pub(super) fn at(&mut self, step: Step) -> &mut Self {
        self.moves.step = step;
        self
    }

    /// Moves ant `a` to the neighbouring (or own) tile `to` if legal; `to == pos` stays. The
    /// move is credited to the step now running; a step other than the missions' drops the
    /// ant's mission.
    pub(super) fn go(&mut self, a: usize, to: u32) -> bool {
        let m = &mut self.moves;
        if m.done[a] {
            return false;
        }
        let from = self.world.own_ants[a];
        if to != from {
            let Some(dir) = self.world.dir_to(from, to) else {
                return false;
            };
            if !self.world.walkable(to) || m.next_occ[to as usize] {
                return false;
            }
            m.next_occ[from as usize] = false;
            m.next_occ[to as usize] = true;
            m.orders.push(Order {
                pos: self.world.pos(from),
                dir,
            });
        }
        m.next_pos[a] = to;
        m.done[a] = true;
        m.decided_by[a] = m.step;
        if !matches!(m.step, Step::Mission | Step::NewMission) {
            self.missions.remove(from);
        }
        true
    }

    /// [`Turn::go`] one step in direction `d`.
    pub(super) fn go_dir(&mut self, a: usize, d: Dir) -> bool {
        let to = self.world.step(self.world.own_ants[a], d);
        self.go(a, to)
    }

    /// The squares ant `a` may move to now: its own and those no own ant keeps or takes.
    pub(super) fn free_moves(&self, a: usize) -> impl Iterator<Item = u32> + '_ {
        let t = self.world.own_ants[a];
        self.threats.own_moves[a]
            .iter()
            .copied()
            .filter(move |&m| m == t || !self.moves.next_occ[m as usize])
    }

    /// The own ant on tile `t` if there is one and it is still free.
    pub(super) fn free_ant_at(&self, t: u32) -> Option<usize> {
        let a = self.moves.ant_at[t as usize];
        (a != NO_IDX && !self.moves.done[a as usize]).then_some(a as usize)
    }

    /// True when no enemy dangerous to ant `a` can reach attack range of `m` this turn.
    pub(super) fn safe(&self, a: usize, m: u32) -> bool {
        let w = &self.world;
        !self.threats.danger[a].iter().any(|&e| {
            self.threats.en_moves[e as usize]
                .iter()
                .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
        })
    }

    /// Moves a free ant on a tile reached by `self.bfs` one step toward the BFS sources
    /// (among several such steps the first free one, in random order with
    /// [`Config::random_ties`]); with `safe_only` only by a step no enemy can reach.
    pub(super) fn step_to_source(&mut self, a: usize, safe_only: bool) -> bool {
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
    pub(super) fn dir_order(&mut self) -> [Dir; 4] {
        let mut dirs = Dir::ALL;
        if self.cfg.random_ties {
            dirs.shuffle(&mut self.rng);
        }
        dirs
    }

    /// Marks the free ants `pick` chooses as busy (so the next steps skip them) and returns
    /// them, to be freed again by [`Turn::release`].
    pub(super) fn reserve(&mut self, mut pick: impl FnMut(&Self, usize) -> bool) -> Vec<usize> {
        let reserved: Vec<usize> = (0..self.moves.done.len())
            .filter(|&a| !self.moves.done[a] && pick(self, a))
            .collect();
        for &a in &reserved {
            self.moves.done[a] = true;
        }
        reserved
    }

    /// Frees the ants [`Turn::reserve`] reserved.
    pub(super) fn release(&mut self, reserved: Vec<usize>) {
        for a in reserved {
            self.moves.done[a] = false;
        }
    }
}

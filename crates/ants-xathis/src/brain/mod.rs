//! The turn pipeline of the post mortem, shared by `xathis-style` and `champion` (which only
//! differ in their [`Config`]). Every step moves some of the ants that are still free; a move
//! is final once made. Time: the turn has a [`search::Budget`] (turntime minus a margin,
//! capped); each step checks it and the ants left when it runs out simply stay, which is
//! always a legal answer (own ants never collide: a square is only entered when no own ant
//! will be on it). The fights get the first 60 % of the turn's time, shared among them.
//!
//! This module holds the [`Brain`] and its turn loop. What several steps share is the
//! `turn::Turn` context: configuration, world, clock, random source, search buffers, the
//! missions, the enemy view of `threats` (moves, dangers, distances to enemies) and the
//! moves given so far, with the move bookkeeping. Every step is a struct in its own file
//! that owns the state only it uses, in pipeline order: `missions::MissionStep` (areas and
//! border; long walks to the border), `enemies::EnemySteps` (enemy hills, approaching and
//! chasing detached enemy ants), `food::FoodStep` (food and the food matching),
//! `explore::ExploreStep` (explore values, spreading out), `fight::FightStep` (combat
//! groups, escape) and `defence::DefenceStep` (the search from the own hills; defence and
//! home guard). `config` holds the [`Config`].

use ants::{GameSettings, Order, TurnInput};

use crate::areas::Areas;
use crate::missions::Missions;
use crate::world::World;

mod config;
mod defence;
mod enemies;
mod explore;
mod fight;
mod food;
mod missions;
mod threats;
mod turn;
mod visual;

pub use config::Config;
pub use explore::EXPLORE_DEPTH;
pub use food::match_food;
pub use visual::{BORDER, DEFENCE, EXPLORE, FIGHT, FOOD, MISSION, OTHER};

use defence::DefenceStep;
use enemies::EnemySteps;
use explore::ExploreStep;
use fight::FightStep;
use food::FoodStep;
use missions::MissionStep;
use turn::Turn;

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

/// The bot: the shared turn context (world, clock, searches, moves) and the pipeline steps,
/// each owning its own state.
#[derive(Debug)]
pub struct Brain {
    /// What several steps read or write: world, clock, searches, enemy view, moves.
    turn: Turn,
    /// The food step.
    food: FoodStep,
    /// The enemy-hill and chase steps.
    enemies: EnemySteps,
    /// The fight and escape steps.
    fight: FightStep,
    /// The defence step and the home guard.
    defence: DefenceStep,
    /// The explore values, the explore and distribute steps.
    explore: ExploreStep,
    /// The areas and border, the mission steps.
    missions: MissionStep,
    /// Whether each turn's plans are drawn ([`Brain::set_visualize`]).
    visualize: bool,
    /// The plans of the turn just played, as visualizer commands.
    visuals: Vec<ants::visual::Command>,
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
            turn: Turn::new(cfg, &settings),
            food: FoodStep::default(),
            enemies: EnemySteps::default(),
            fight: FightStep::default(),
            defence: DefenceStep::default(),
            explore: ExploreStep::default(),
            missions: MissionStep::default(),
            visualize: false,
            visuals: Vec::new(),
        };
        b.setup(&settings);
        b.turn.forget_settings();
        b
    }

    /// Reads the game settings and sizes every buffer.
    pub fn setup(&mut self, settings: &GameSettings) {
        self.turn.setup(settings);
        let n = self.turn.world.len();
        self.food = FoodStep::default();
        self.enemies = EnemySteps::default();
        self.fight = FightStep::default();
        self.defence = DefenceStep::new(n);
        self.explore = ExploreStep::new(n);
        self.missions = MissionStep::new(n);
    }

    /// The world model (for tests and annotations).
    pub fn world(&self) -> &World {
        &self.turn.world
    }

    /// The per-tile explore values.
    pub fn explore_values(&self) -> &[u32] {
        self.explore.values()
    }

    /// The areas and border of the last turn.
    pub fn areas(&self) -> &Areas {
        self.missions.areas()
    }

    /// The missions kept between turns.
    pub fn missions(&self) -> &Missions {
        &self.turn.missions
    }

    /// Draws each turn's plans from now on (`visualize=true`): areas and border, missions,
    /// food, explore, fights, defence and every move with its reason, taken with
    /// [`Brain::take_visuals`]. Drawing never changes a move.
    pub fn set_visualize(&mut self, on: bool) {
        self.visualize = on;
    }

    /// The plans of the turn just played (empty unless [`Brain::set_visualize`] is on).
    pub fn take_visuals(&mut self) -> Vec<ants::visual::Command> {
        std::mem::take(&mut self.visuals)
    }

    /// Plays one turn: the steps in pipeline order, each moving some of the ants still free.
    pub fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        self.turn.sketch = self.visualize.then(visual::Sketch::default);
        self.turn.start(input);
        self.begin_turn();
        missions::drop_stale(&mut self.turn);
        self.hills_and_food();
        let t = &mut self.turn;
        self.explore.update(t);
        self.missions.compute_areas(t);
        self.fight.fight(t.at(Step::Fight));
        self.defence.run(t.at(Step::Defence));
        enemies::approach(t.at(Step::Approach));
        self.enemies.chase(t.at(Step::Chase));
        self.fight.escape(t.at(Step::Escape));
        self.explore.distribute(t.at(Step::DistributeNear), true);
        self.explore.explore(t.at(Step::Explore));
        self.missions.run(t.at(Step::Mission));
        self.missions.create(t.at(Step::NewMission));
        self.explore.distribute(t.at(Step::Distribute), false);
        if let Some(sketch) = t.sketch.take() {
            self.visuals = sketch.draw(t, self.missions.areas());
        }
        t.end();
        std::mem::take(&mut t.moves.orders)
    }

    /// The ants of the turn just played with the step that decided each one's move (in the
    /// order of [`World::own_ants`]; [`Step::Idle`] for ants no step moved).
    pub fn decided_by(&self) -> impl Iterator<Item = (grid::Pos, Step)> + '_ {
        let w = &self.turn.world;
        w.own_ants
            .iter()
            .zip(&self.turn.moves.decided_by)
            .map(|(&t, &s)| (w.pos(t), s))
    }

    /// The turn's bookkeeping before any step: the moves, the enemy view and what the
    /// steps prepare from them.
    fn begin_turn(&mut self) {
        self.turn.begin();
        self.fight.begin(&self.turn);
        self.enemies.begin(&self.turn);
        self.defence.begin();
    }

    /// The enemy-hill and food steps. With [`Config::fight_first`] the ants an enemy can
    /// reach next turn are kept from both (with [`Config::safe_food`] only from the hill step:
    /// the food step gives them safe steps only).
    fn hills_and_food(&mut self) {
        let t = &mut self.turn;
        let mut reserved = reserve_dangered(t);
        let home = self.defence.reserve_home_guard(t);
        self.enemies.hills(t.at(Step::EnemyHill));
        t.release(home);
        if t.cfg.safe_food {
            t.release(std::mem::take(&mut reserved));
        }
        self.food.run(t.at(Step::Food));
        t.release(reserved);
    }
}

/// [`Config::fight_first`]: marks the free ants an enemy can reach next turn as busy (so
/// food and hill steps skip them) and returns them, to be freed again.
fn reserve_dangered(t: &mut Turn) -> Vec<usize> {
    if !t.cfg.fight_first {
        return Vec::new();
    }
    t.reserve(|t, a| !t.threats.danger[a].is_empty())
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

    /// A `cfg` brain set up for an open `rows`×`cols` map with a minute per turn, so that a
    /// busy machine cannot cut a step short and the adaptive combat groups get their
    /// largest limits, as on an idle machine.
    pub(super) fn long_clock_brain(cfg: Config, rows: u32, cols: u32) -> Brain {
        seeded_long_clock_brain(cfg, rows, cols, 42)
    }

    /// [`long_clock_brain`] with the player seed `player_seed`.
    pub(super) fn seeded_long_clock_brain(
        mut cfg: Config,
        rows: u32,
        cols: u32,
        player_seed: i64,
    ) -> Brain {
        cfg.max_turn_ms = 60_000;
        let mut b = Brain::new(cfg);
        let mut s = settings(rows, cols, 61_000);
        s.player_seed = player_seed;
        b.setup(&s);
        b
    }

    /// A [`Config::post_mortem`] brain, as in [`long_clock_brain`].
    pub(super) fn brain(rows: u32, cols: u32) -> Brain {
        long_clock_brain(Config::post_mortem(), rows, cols)
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
        brain_after(cfg, rows, cols, input, step).turn.moves.orders
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
        let mut b = long_clock_brain(cfg, rows, cols);
        b.turn.world.update(input);
        b.begin_turn();
        step(&mut b);
        b
    }
}

#[cfg(test)]
mod tests {
    use super::fixtures::{ant, long_clock_brain, orders_after, settings};
    use super::*;
    use grid::{Dir, Pos};
    use rand::{Rng, SeedableRng};
    use std::time::Duration;

    #[test]
    fn fight_first_keeps_a_dangered_ant_from_walking_into_a_trade_for_food() {
        // Ant A (10,10) is 3 steps from food F (10,13); enemy E (12,12) is as close to F, and
        // ant B (10,8) backs A up, so the food step sends A east: next to E, a 1:1 trade.
        // With `fight_first` A, which E can reach next turn, is left to the fight search.
        let order_of_a = |fight_first: bool| {
            let mut b = long_clock_brain(
                Config {
                    fight_first,
                    food_matching: true,
                    ..Config::post_mortem()
                },
                30,
                30,
            );
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
        let mut b = long_clock_brain(cfg, 30, 30);
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
        // defence step does not act (no hill defended with `defend_hills=0`).
        let step_of_a = |multi_home_guard: bool, second_enemy: bool, defend_hills: u16| {
            let cfg = Config {
                multi_home_guard,
                defend_hills,
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
        // rule) the defence step leaves A alone; with a limit of five it sends A.
        let step_of_a = |defend_hills: u16| {
            let cfg = Config {
                defend_hills,
                ..Config::champion()
            };
            let ants = vec![ant(12, 10, 0), ant(16, 10, 1)];
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
        assert_ne!(step_of_a(4), Some(Step::Defence));
        assert_eq!(step_of_a(5), Some(Step::Defence));
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
        let mut b = long_clock_brain(Config::post_mortem(), 30, 30);
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
        let mut idle = long_clock_brain(Config::post_mortem(), 30, 30);
        idle.turn.world.update(&TurnInput {
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
        let mut b = long_clock_brain(Config::post_mortem(), 40, 40);
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

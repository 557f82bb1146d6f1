//! The turn pipeline of the post mortem, shared by `xathis-style` and `champion` (which only
//! differ in their [`Config`]). Every step moves some of the ants that are still free; a move
//! is final once made. Time: the turn has a budget (turntime minus a margin, capped); each
//! step checks the clock and the ants left when it runs out simply stay, which is always a
//! legal answer (own ants never collide: a square is only entered when no own ant will be on
//! it).

use std::time::{Duration, Instant};

use ants::{GameSettings, Order, TurnInput};
use grid::Dir;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::areas::Areas;
use crate::combat::{Eval, Fight, fight_budget};
use crate::missions::Missions;
use crate::paths::{AStar, Bfs, Flow};
use crate::world::{NO_ANT, World};

/// Tunable behaviour; [`Config::xathis`] is the post mortem, [`Config::champion`] the
/// improved bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Explore values from the real vision (tiles not seen this turn age) instead of
    /// "reachable within 10 steps".
    pub vision_explore: bool,
    /// Remember enemy hills out of sight until seen razed.
    pub remember_hills: bool,
    /// New missions from a hill pick a scored border tile (contested front, near known
    /// enemy hills, few missions already heading there) instead of a random one.
    pub scored_border: bool,
    /// An ant on a mission only leaves it for exploring when the explore value is large
    /// (stops the cave oscillation).
    pub sticky_missions: bool,
    /// Combat group limits grow with the time left instead of being fixed.
    pub adaptive_groups: bool,
    /// With 30+ own ants, up to 8 (not 4) ants within 30 (not 20) steps are sent to an
    /// enemy hill.
    pub hill_rush: bool,
    /// Fights are also aggressive where own ants outnumber the enemy ants close to the
    /// fight two to one (not only with 14+ own ants close).
    pub relative_aggression: bool,
    /// Combat evaluation applies the focus rule per enemy player (enemies of different
    /// players also fight each other) instead of treating all enemies as one side.
    pub per_player_combat: bool,
    /// Food: ants within this many steps of a food are sent (post mortem: 10).
    pub food_depth: u16,
    /// Relative aggression: own ants near the fight must outnumber the enemy ants near it
    /// by this ratio, in tenths (20 = two to one).
    pub aggression_ratio10: u32,
    /// Relative aggression only while a single enemy player has been seen (it wins duels
    /// but loses 4-player games, where a third player profits from the trades).
    pub relative_only_in_duels: bool,
    /// Food as a matching: every food lists its nearest free own ants (BFS to `food_depth`),
    /// then (ant, food) pairs are taken shortest first, each ant and each food at most once:
    /// our reading of the post mortem's "I search from all foods via bfs and make the first
    /// ant found move" as one search from all foods at once (on by default in both bots).
    /// Off: foods in turn, the first free ant of each, so an ant nearer to a later food can
    /// be taken by an earlier one. The contested-food rule is the same.
    pub food_matching: bool,
    /// Hills in combat: the fight evaluation adds [`crate::combat::HILL_VALUE`] per own ant
    /// alive on an enemy hill and subtracts it per enemy ant alive on an own hill, and a
    /// dangered ant within [`HILL_FIGHT2`] (squared distance) of a hill fights even without
    /// support (instead of escaping and leaving the hill to a lone raider).
    pub hill_combat: bool,
    /// Ants an enemy can reach next turn are left to the fight, defence and escape steps
    /// instead of being sent to food or enemy hills first (post mortem: food and hills come
    /// first, so an ant can walk into a fight nobody searched).
    pub fight_first: bool,
    /// Combat groups leave out own moves into the reach of enemies outside the group (the
    /// group limits can leave enemies of a large fight unseen by the search).
    pub exposure_check: bool,
    /// Upper bound on the time used per turn, in milliseconds.
    pub max_turn_ms: u64,
    /// Safety margin kept below `turntime`, in milliseconds.
    pub margin_ms: u64,
}

impl Config {
    /// The post mortem's bot.
    pub fn xathis() -> Self {
        Self {
            vision_explore: false,
            remember_hills: false,
            scored_border: false,
            sticky_missions: false,
            adaptive_groups: false,
            relative_aggression: false,
            hill_rush: false,
            per_player_combat: false,
            food_depth: FOOD_DEPTH,
            aggression_ratio10: 20,
            relative_only_in_duels: false,
            food_matching: true,
            hill_combat: false,
            fight_first: false,
            exposure_check: false,
            max_turn_ms: 75,
            margin_ms: 60,
        }
    }

    /// The improved bot: fight first, sticky missions, adaptive combat groups and relative
    /// aggression in duels (vision explore and hills in combat were measured and left off;
    /// see docs/ants-bots.md).
    pub fn champion() -> Self {
        Self {
            vision_explore: false,
            fight_first: true,
            remember_hills: false,
            scored_border: false,
            sticky_missions: true,
            adaptive_groups: true,
            relative_aggression: true,
            relative_only_in_duels: true,
            ..Self::xathis()
        }
    }
}

impl Config {
    /// Sets one field by name from text (`food_matching=true`, `max_turn_ms=120`): the
    /// parameters of a bot spec such as `champion(max_turn_ms=120,food_matching=false)`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn flag(v: &str) -> Result<bool, String> {
            match v {
                "true" | "on" | "1" => Ok(true),
                "false" | "off" | "0" => Ok(false),
                _ => Err(format!("`{v}` is not a boolean (true/false)")),
            }
        }
        fn int<T: std::str::FromStr>(v: &str) -> Result<T, String> {
            v.parse()
                .map_err(|_| format!("`{v}` is not a valid number"))
        }
        match key {
            "vision_explore" => self.vision_explore = flag(value)?,
            "remember_hills" => self.remember_hills = flag(value)?,
            "scored_border" => self.scored_border = flag(value)?,
            "sticky_missions" => self.sticky_missions = flag(value)?,
            "adaptive_groups" => self.adaptive_groups = flag(value)?,
            "hill_rush" => self.hill_rush = flag(value)?,
            "relative_aggression" => self.relative_aggression = flag(value)?,
            "per_player_combat" => self.per_player_combat = flag(value)?,
            "food_depth" => self.food_depth = int(value)?,
            "aggression_ratio10" => self.aggression_ratio10 = int(value)?,
            "relative_only_in_duels" => self.relative_only_in_duels = flag(value)?,
            "food_matching" => self.food_matching = flag(value)?,
            "hill_combat" => self.hill_combat = flag(value)?,
            "fight_first" => self.fight_first = flag(value)?,
            "exposure_check" => self.exposure_check = flag(value)?,
            "max_turn_ms" => self.max_turn_ms = int(value)?,
            "margin_ms" => self.margin_ms = int(value)?,
            _ => {
                return Err(format!(
                    "unknown parameter `{key}`; known: {}",
                    Self::PARAMS.join(", ")
                ));
            }
        }
        Ok(())
    }

    /// The parameter names [`Config::set`] accepts.
    pub const PARAMS: [&'static str; 17] = [
        "vision_explore",
        "remember_hills",
        "scored_border",
        "sticky_missions",
        "adaptive_groups",
        "hill_rush",
        "relative_aggression",
        "per_player_combat",
        "food_depth",
        "aggression_ratio10",
        "relative_only_in_duels",
        "food_matching",
        "hill_combat",
        "fight_first",
        "exposure_check",
        "max_turn_ms",
        "margin_ms",
    ];
}

/// Steps of the explore BFS (post mortem: values reset within 10 steps, sums on step 11).
pub const EXPLORE_DEPTH: u16 = 11;
/// Enemy hills: ants within this many steps are sent.
const HILL_DEPTH: u16 = 20;
/// Food: ants within this many steps are sent.
const FOOD_DEPTH: u16 = 10;
/// Defence: enemies within this many steps of an own hill get a defender.
const DEFENCE_DEPTH: u16 = 15;
/// Escape: BFS depth of the safe-move weighting.
const ESCAPE_CHECK_DIST: u16 = 8;
/// Approach: own ants this many steps from an enemy move toward it.
const APPROACH_DEPTH: u16 = 12;
/// Combat: aggressive evaluation when an ant in the fight has this many own ants close.
pub const AGGRESSIVE_COUNT: usize = 14;
/// Combat: "close" own ants are within this squared distance.
const CLOSE2: u32 = 77;
/// Combat: an ant is "single" (escapes instead of fighting) without own ants this close.
const SUPPORT2: u32 = 20;
/// Combat group limits (fixed): product of own check-list sizes, number of enemies.
const OWN_COMBOS: u64 = 2048;
const MAX_ENEMIES: usize = 8;
/// Distribute: BFS depth of the reachable-tiles count.
const DEPTH: u16 = 6;
/// Missions refresh their target at least every this many turns.
const REFRESH_TURNS: u32 = 10;
/// Enemies standing still this long are assumed not to move.
const STILL_TURNS: u16 = 5;

/// Hill combat: unsupported ants this close (squared distance) to a hill still fight.
pub const HILL_FIGHT2: u32 = 64;
/// Food matching: nearest free ants listed per food.
const FOOD_CANDIDATES: usize = 3;

/// Greedy matching of ants to foods. `pairs` holds `(steps, food, ant)` for the nearest free
/// ants of every food, `enemy[food]` the steps of the nearest enemy ant (`u16::MAX`: none).
/// Pairs are taken shortest first (ties: lower food, lower ant), every food and every ant at
/// most once. A food whose nearest enemy is at least as close as the chosen ant is only taken
/// when a second own ant of its list is within 2 more steps (the post mortem's sacrifice
/// rule); otherwise the food is given up and its ants stay free for other foods. Returns
/// the chosen `(steps, food, ant)` in the order taken.
pub fn match_food(pairs: &[(u16, u32, u32)], enemy: &[u16]) -> Vec<(u16, u32, u32)> {
    let mut sorted = pairs.to_vec();
    sorted.sort_unstable();
    let mut food_done = vec![false; enemy.len()];
    let n_ants = pairs.iter().map(|p| p.2 as usize + 1).max().unwrap_or(0);
    let mut ant_used = vec![false; n_ants];
    let mut out = Vec::new();
    for &(d, k, a) in &sorted {
        let ku = k as usize;
        if food_done[ku] || ant_used[a as usize] {
            continue;
        }
        if enemy[ku] <= d {
            let backed = pairs
                .iter()
                .any(|&(d2, k2, a2)| k2 == k && a2 != a && d2 <= d + 2);
            if !backed {
                food_done[ku] = true;
                continue;
            }
        }
        food_done[ku] = true;
        ant_used[a as usize] = true;
        out.push((d, k, a));
    }
    out
}

/// Which step moved an ant (missions are dropped when another task takes the ant).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    Mission,
    Other,
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
    astar: AStar,
    explore: Vec<u32>,
    areas: Areas,
    missions: Missions,
    rng: ChaCha8Rng,
    /// Bit `p` set once an ant or hill of enemy player `p` was seen.
    enemy_players: u32,
    deadline: Instant,
    start: Instant,
    // Per turn.
    ant_at: Vec<u32>,
    next_occ: Vec<bool>,
    done: Vec<bool>,
    next_pos: Vec<u32>,
    own_moves: Vec<Vec<u32>>,
    en_moves: Vec<Vec<u32>>,
    danger: Vec<Vec<u32>>,
    threatened: Vec<Vec<u32>>,
    check_count: Vec<u32>,
    close_own: Vec<u32>,
    close_enemy: Vec<u32>,
    support: Vec<u32>,
    enemy_near: Vec<u16>,
    enemy_near_src: Vec<u32>,
    detached: Vec<bool>,
    orders: Vec<Order>,
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
            astar: AStar::default(),
            explore: Vec::new(),
            areas: Areas::default(),
            missions: Missions::default(),
            rng: ChaCha8Rng::seed_from_u64(0),
            enemy_players: 0,
            deadline: Instant::now(),
            start: Instant::now(),
            ant_at: Vec::new(),
            next_occ: Vec::new(),
            done: Vec::new(),
            next_pos: Vec::new(),
            own_moves: Vec::new(),
            en_moves: Vec::new(),
            danger: Vec::new(),
            threatened: Vec::new(),
            check_count: Vec::new(),
            close_own: Vec::new(),
            close_enemy: Vec::new(),
            support: Vec::new(),
            enemy_near: Vec::new(),
            enemy_near_src: Vec::new(),
            detached: Vec::new(),
            orders: Vec::new(),
        };
        b.setup(&settings);
        b.settings = None;
        b
    }

    /// Reads the game settings and sizes every buffer.
    pub fn setup(&mut self, settings: &GameSettings) {
        self.world = World::new(settings);
        self.world.remember_hills = self.cfg.remember_hills;
        let n = self.world.len();
        self.bfs = Bfs::new(n);
        self.bfs2 = Bfs::new(n);
        self.astar = AStar::new(n);
        self.explore = vec![0; n];
        self.areas = Areas::new(n);
        self.missions = Missions::new(n);
        self.rng = ChaCha8Rng::seed_from_u64(settings.player_seed as u64);
        self.enemy_players = 0;
        self.ant_at = vec![NO_IDX; n];
        self.next_occ = vec![false; n];
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

    fn budget(&self) -> Duration {
        let turntime = self.settings.as_ref().map_or(500, |s| s.turntime_ms);
        let ms = turntime
            .saturating_sub(self.cfg.margin_ms.min(turntime / 2))
            .min(self.cfg.max_turn_ms)
            .max(1);
        Duration::from_millis(ms)
    }

    /// Time left before the turn's soft deadline.
    fn left(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    fn out_of_time(&self) -> bool {
        Instant::now() >= self.deadline
    }

    /// A point in time `frac` of the turn budget after the turn started.
    fn at_fraction(&self, frac: f64) -> Instant {
        self.start + self.budget().mul_f64(frac)
    }

    /// Plays one turn.
    pub fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        self.start = Instant::now();
        self.deadline = self.start + self.budget();
        self.world.update(input);
        for &(_, o) in self.world.enemy_ants.iter().chain(&self.world.enemy_hills) {
            self.enemy_players |= 1 << u32::from(o).min(31);
        }
        self.orders.clear();
        self.begin_turn();
        self.init_missions();
        let reserved = self.reserve_dangered();
        self.enemy_hills();
        self.food();
        for a in reserved {
            self.done[a] = false;
        }
        self.init_explore();
        self.areas.compute(&self.world);
        self.fight();
        self.defence();
        self.approach_enemies();
        self.attack_detached_enemies();
        self.escape_enemies();
        self.distribute(true);
        self.explore_step();
        self.do_missions();
        self.create_missions();
        self.distribute(false);
        self.end_turn();
        std::mem::take(&mut self.orders)
    }

    // ----- bookkeeping -------------------------------------------------------------------

    fn begin_turn(&mut self) {
        let w = &self.world;
        let n_own = w.own_ants.len();
        for t in self.next_pos.drain(..) {
            self.next_occ[t as usize] = false;
        }
        self.ant_at.fill(NO_IDX);
        self.done.clear();
        self.done.resize(n_own, false);
        for (i, &t) in w.own_ants.iter().enumerate() {
            self.ant_at[t as usize] = i as u32;
            self.next_occ[t as usize] = true;
            self.next_pos.push(t);
        }
        let moves_of = |t: u32, still: bool| -> Vec<u32> {
            let mut v = vec![t];
            if !still {
                v.extend(w.nbr[t as usize].iter().copied().filter(|&n| w.walkable(n)));
            }
            v
        };
        self.own_moves = w.own_ants.iter().map(|&t| moves_of(t, false)).collect();
        self.en_moves = w
            .enemy_ants
            .iter()
            .map(|&(t, _)| moves_of(t, w.still_turns[t as usize] > STILL_TURNS))
            .collect();
        // Enemy index per tile for window scans.
        let mut en_at = vec![NO_IDX; 0];
        en_at.resize(w.len(), NO_IDX);
        for (e, &(t, _)) in w.enemy_ants.iter().enumerate() {
            en_at[t as usize] = e as u32;
        }
        let reach = (f64::from(w.attack2).sqrt() as i32) + 2;
        self.danger = vec![Vec::new(); n_own];
        self.threatened = vec![Vec::new(); w.enemy_ants.len()];
        self.check_count = vec![1; n_own];
        for (a, &t) in w.own_ants.iter().enumerate() {
            let mut checks = 0u8;
            for dr in -reach..=reach {
                for dc in -reach..=reach {
                    let u = w.offset_tile(t, dr, dc);
                    let e = en_at[u as usize];
                    if e == NO_IDX {
                        continue;
                    }
                    let mut hit = false;
                    for (j, &m) in self.own_moves[a].iter().enumerate() {
                        if self.en_moves[e as usize]
                            .iter()
                            .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
                        {
                            hit = true;
                            checks |= 1 << j;
                        }
                    }
                    if hit {
                        self.danger[a].push(e);
                        self.threatened[e as usize].push(a as u32);
                    }
                }
            }
            self.check_count[a] = (checks | 1).count_ones();
        }
        // Close own ants (aggression) and support (single ants escape).
        let r = f64::from(CLOSE2).sqrt() as i32;
        self.close_own = vec![0; n_own];
        self.close_enemy = vec![0; n_own];
        self.support = vec![0; n_own];
        for (a, &t) in w.own_ants.iter().enumerate() {
            if self.danger[a].is_empty() {
                continue;
            }
            let (mut close, mut sup, mut foes) = (0, 0, 0);
            for dr in -r..=r {
                for dc in -r..=r {
                    let d2 = (dr * dr + dc * dc) as u32;
                    if d2 == 0 || d2 > CLOSE2 {
                        continue;
                    }
                    let u = w.offset_tile(t, dr, dc);
                    let o = w.owner[u as usize];
                    if o == 0 {
                        close += 1;
                        if d2 <= SUPPORT2 {
                            sup += 1;
                        }
                    } else if o != NO_ANT {
                        foes += 1;
                    }
                }
            }
            self.close_own[a] = close;
            self.close_enemy[a] = foes;
            self.support[a] = sup;
        }
        // Distance field from all enemies (approach), and detached enemies.
        self.enemy_near.clear();
        self.enemy_near.resize(w.len(), u16::MAX);
        self.enemy_near_src.clear();
        self.enemy_near_src.resize(w.len(), NO_IDX);
        let (near, near_src) = (&mut self.enemy_near, &mut self.enemy_near_src);
        let bfs = &mut self.bfs;
        bfs.run(
            w,
            w.enemy_ants.iter().map(|&(t, _)| t),
            APPROACH_DEPTH,
            |_, _| Flow::Expand,
        );
        for k in 0..w.len() as u32 {
            if bfs.reached(k) {
                near[k as usize] = bfs.dist[k as usize];
                near_src[k as usize] = bfs.src[k as usize];
            }
        }
        self.detached = w
            .enemy_ants
            .iter()
            .map(|&(t, _)| {
                (-4..=4).all(|dr: i32| {
                    (-4..=4).all(|dc: i32| {
                        (dr == 0 && dc == 0) || {
                            let u = w.offset_tile(t, dr, dc);
                            en_at[u as usize] == NO_IDX
                        }
                    })
                })
            })
            .collect();
    }

    /// [`Config::fight_first`]: marks the free ants an enemy can reach next turn as busy
    /// (so food and hill steps skip them) and returns them, to be freed again.
    fn reserve_dangered(&mut self) -> Vec<usize> {
        if !self.cfg.fight_first {
            return Vec::new();
        }
        let reserved: Vec<usize> = (0..self.done.len())
            .filter(|&a| !self.done[a] && !self.danger[a].is_empty())
            .collect();
        for &a in &reserved {
            self.done[a] = true;
        }
        reserved
    }

    fn end_turn(&mut self) {
        let next_pos = &self.next_pos;
        let ant_at = &self.ant_at;
        self.missions.relocate(|t| {
            let a = ant_at[t as usize];
            if a == NO_IDX { t } else { next_pos[a as usize] }
        });
    }

    /// Moves ant `a` to the neighbouring (or own) tile `to` if legal; `to == pos` stays.
    fn go(&mut self, a: usize, to: u32, task: Task) -> bool {
        if self.done[a] {
            return false;
        }
        let from = self.world.own_ants[a];
        if to != from {
            let Some(dir) = self.world.dir_to(from, to) else {
                return false;
            };
            if !self.world.walkable(to) || self.next_occ[to as usize] {
                return false;
            }
            self.next_occ[from as usize] = false;
            self.next_occ[to as usize] = true;
            self.orders.push(Order {
                pos: self.world.pos(from),
                dir,
            });
        }
        self.next_pos[a] = to;
        self.done[a] = true;
        if task != Task::Mission {
            self.missions.remove(from);
        }
        true
    }

    fn go_dir(&mut self, a: usize, d: Dir, task: Task) -> bool {
        let to = self.world.step(self.world.own_ants[a], d);
        self.go(a, to, task)
    }

    fn free_ant_at(&self, t: u32) -> Option<usize> {
        let a = self.ant_at[t as usize];
        (a != NO_IDX && !self.done[a as usize]).then_some(a as usize)
    }

    /// Moves a free ant on a tile reached by `self.bfs` one step toward the BFS sources.
    fn step_to_source(&mut self, a: usize) -> bool {
        let t = self.world.own_ants[a];
        let steps: Vec<u32> = self.bfs.toward_source(&self.world, t).collect();
        steps.into_iter().any(|n| self.go(a, n, Task::Other))
    }

    // ----- pipeline steps ----------------------------------------------------------------

    fn init_missions(&mut self) {
        let w = &self.world;
        let ant_at = &self.ant_at;
        self.missions
            .retain(|ant, target| ant_at[ant as usize] != NO_IDX && !w.water[target as usize]);
    }

    fn enemy_hills(&mut self) {
        let hills: Vec<u32> = self.world.enemy_hills.iter().map(|&(t, _)| t).collect();
        let n = self.world.own_ants.len();
        let (limit, depth) = if n <= 10 {
            (1, HILL_DEPTH)
        } else if self.cfg.hill_rush && n >= 30 {
            (8, HILL_DEPTH + 10)
        } else {
            (4, HILL_DEPTH)
        };
        for h in hills {
            if self.out_of_time() {
                return;
            }
            let mut found = Vec::new();
            let (w, ant_at, done) = (&self.world, &self.ant_at, &self.done);
            self.bfs.run(w, [h], depth, |t, _| {
                let a = ant_at[t as usize];
                if a != NO_IDX && !done[a as usize] {
                    found.push(a as usize);
                    if found.len() >= limit {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
            for a in found {
                if self.world.own_ants[a] == h {
                    continue;
                }
                self.step_to_source(a);
            }
        }
    }

    /// [`Config::food_matching`]: (ant, food) pairs shortest first, see [`match_food`].
    fn food_matched(&mut self) {
        let foods = self.world.food.clone();
        let mut pairs: Vec<(u16, u32, u32)> = Vec::new();
        let mut enemy = vec![u16::MAX; foods.len()];
        for (k, &f) in foods.iter().enumerate() {
            if self.out_of_time() {
                break;
            }
            let mut n = 0;
            let (w, ant_at, done) = (&self.world, &self.ant_at, &self.done);
            let e = &mut enemy[k];
            self.bfs.run(w, [f], self.cfg.food_depth, |t, d| {
                let o = w.owner[t as usize];
                if o != NO_ANT && o != 0 && *e == u16::MAX {
                    *e = d;
                }
                let a = ant_at[t as usize];
                if a != NO_IDX && !done[a as usize] {
                    pairs.push((d, k as u32, a));
                    n += 1;
                    if n >= FOOD_CANDIDATES {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
        }
        for (d, k, a) in match_food(&pairs, &enemy) {
            let (a, f) = (a as usize, foods[k as usize]);
            if self.out_of_time() {
                return;
            }
            if d <= 1 {
                self.go(a, self.world.own_ants[a], Task::Other);
                continue;
            }
            let w = &self.world;
            self.bfs.run(w, [f], d, |_, _| Flow::Expand);
            self.step_to_source(a);
        }
    }

    fn food(&mut self) {
        if self.cfg.food_matching {
            self.food_matched();
            return;
        }
        let foods = self.world.food.clone();
        for f in foods {
            if self.out_of_time() {
                return;
            }
            let mut first: Option<(usize, u16)> = None;
            let mut second: Option<u16> = None;
            let mut enemy: Option<u16> = None;
            let (w, ant_at, done) = (&self.world, &self.ant_at, &self.done);
            self.bfs.run(w, [f], self.cfg.food_depth, |t, d| {
                let o = w.owner[t as usize];
                if o != NO_ANT && o != 0 && enemy.is_none() {
                    enemy = Some(d);
                }
                let a = ant_at[t as usize];
                if a != NO_IDX && !done[a as usize] {
                    match first {
                        None => first = Some((a as usize, d)),
                        Some(_) if second.is_none() => second = Some(d),
                        Some(_) => {}
                    }
                }
                match (first, enemy) {
                    (Some((_, d1)), Some(_)) if second.is_some() || d > d1 + 2 => Flow::Stop,
                    (Some((_, d1)), None) if d > d1 + 2 => Flow::Stop,
                    _ => Flow::Expand,
                }
            });
            let Some((a, d1)) = first else { continue };
            // Contested food: go only when the enemy is farther, or a second own ant is
            // close enough to avenge (sacrifice the closer one).
            if let Some(de) = enemy {
                let backed = second.is_some_and(|d2| d2 <= d1 + 2);
                if de <= d1 && !backed {
                    continue;
                }
            }
            if d1 <= 1 {
                self.go(a, self.world.own_ants[a], Task::Other);
            } else {
                self.step_to_source(a);
            }
        }
    }

    fn init_explore(&mut self) {
        let w = &self.world;
        if self.cfg.vision_explore {
            for t in 0..w.len() {
                if w.water[t] || w.visible[t] {
                    self.explore[t] = 0;
                } else {
                    self.explore[t] = self.explore[t].saturating_add(1);
                }
            }
            return;
        }
        self.bfs
            .run(w, w.own_ants.iter().copied(), EXPLORE_DEPTH - 1, |_, _| {
                Flow::Expand
            });
        for t in 0..w.len() as u32 {
            let v = &mut self.explore[t as usize];
            if w.water[t as usize] || self.bfs.reached(t) {
                *v = 0;
            } else {
                *v = v.saturating_add(1);
            }
        }
    }

    // ----- combat ------------------------------------------------------------------------

    fn fight(&mut self) {
        let fight_deadline = self.at_fraction(0.6);
        let n_own = self.world.own_ants.len();
        let mut assigned = vec![false; n_own];
        let mut groups: Vec<(Vec<usize>, Vec<u32>)> = Vec::new();
        let (combo_limit, enemy_limit) = if self.cfg.adaptive_groups {
            let ms = self.left().as_millis() as u64;
            if ms >= 60 {
                (OWN_COMBOS * 8, MAX_ENEMIES + 3)
            } else if ms >= 30 {
                (OWN_COMBOS * 2, MAX_ENEMIES + 1)
            } else {
                (OWN_COMBOS, MAX_ENEMIES)
            }
        } else {
            (OWN_COMBOS, MAX_ENEMIES)
        };
        for a0 in 0..n_own {
            if assigned[a0]
                || self.done[a0]
                || self.danger[a0].is_empty()
                || (self.support[a0] == 0 && !self.near_hill(a0))
            {
                continue;
            }
            assigned[a0] = true;
            let mut own = vec![a0];
            let mut enemies = self.danger[a0].clone();
            let mut combos = u64::from(self.check_count[a0]);
            loop {
                let t0 = self.world.own_ants[a0];
                let mut cands: Vec<(u32, usize)> = Vec::new();
                for &e in &enemies {
                    for &b in &self.threatened[e as usize] {
                        let b = b as usize;
                        if !assigned[b] && !self.done[b] && !cands.iter().any(|&(_, x)| x == b) {
                            cands.push((self.world.dist2(t0, self.world.own_ants[b]), b));
                        }
                    }
                }
                cands.sort_unstable();
                let mut added = false;
                for (_, b) in cands {
                    let new_en = self.danger[b]
                        .iter()
                        .filter(|e| !enemies.contains(e))
                        .count();
                    let c = combos * u64::from(self.check_count[b]);
                    if c <= combo_limit && enemies.len() + new_en <= enemy_limit {
                        assigned[b] = true;
                        own.push(b);
                        combos = c;
                        for &e in &self.danger[b] {
                            if !enemies.contains(&e) {
                                enemies.push(e);
                            }
                        }
                        added = true;
                        break;
                    }
                }
                if !added {
                    break;
                }
            }
            groups.push((own, enemies));
        }
        let total = groups.len();
        for (k, (own, enemies)) in groups.into_iter().enumerate() {
            if Instant::now() >= fight_deadline {
                return;
            }
            self.solve_group(&own, &enemies, fight_deadline, total - k);
        }
    }

    /// True when [`Config::hill_combat`] is on and own ant `a` is within [`HILL_FIGHT2`] of
    /// a known hill.
    fn near_hill(&self, a: usize) -> bool {
        let w = &self.world;
        let t = w.own_ants[a];
        self.cfg.hill_combat
            && w.own_hills
                .iter()
                .copied()
                .chain(w.enemy_hills.iter().map(|h| h.0))
                .any(|h| w.dist2(t, h) <= HILL_FIGHT2)
    }

    /// Builds and searches one combat group, then commits the chosen moves.
    fn solve_group(
        &mut self,
        own: &[usize],
        enemies: &[u32],
        deadline: Instant,
        left: usize,
    ) -> bool {
        let w = &self.world;
        let in_group = |t: u32| own.iter().any(|&a| w.own_ants[a] == t);
        let mut fight = Fight::default();
        let outside: Vec<u32> = if self.cfg.exposure_check {
            (0..w.enemy_ants.len() as u32)
                .filter(|e| !enemies.contains(e))
                .collect()
        } else {
            Vec::new()
        };
        for &a in own {
            let t = w.own_ants[a];
            let mut moves: Vec<u32> = self.own_moves[a]
                .iter()
                .copied()
                .filter(|&m| m == t || !self.next_occ[m as usize] || in_group(m))
                .collect();
            if !outside.is_empty() {
                // Moves into the reach of enemies the search does not see are left out
                // (staying is always kept).
                moves.retain(|&m| m == t || !self.exposed(m, &outside));
            }
            fight.own.push((t, moves));
        }
        for &e in enemies {
            let (t, o) = w.enemy_ants[e as usize];
            fight
                .enemies
                .push((t, o, self.en_moves[e as usize].clone()));
        }
        // Other own ants threatened by these enemies fight at their (planned) position.
        let mut fixed = Vec::new();
        for &e in enemies {
            for &b in &self.threatened[e as usize] {
                let b = b as usize;
                if !own.contains(&b) && !fixed.contains(&b) {
                    fixed.push(b);
                }
            }
        }
        fight.fixed = fixed.iter().map(|&b| self.next_pos[b]).collect();
        if self.cfg.hill_combat {
            fight.own_hills.clone_from(&w.own_hills);
            fight.enemy_hills = w.enemy_hills.iter().map(|h| h.0).collect();
        }
        let near = || own.iter().chain(fixed.iter());
        let mut aggressive = near().any(|&a| self.close_own[a] as usize >= AGGRESSIVE_COUNT);
        let duel = self.enemy_players.count_ones() <= 1;
        if self.cfg.relative_aggression && (duel || !self.cfg.relative_only_in_duels) {
            let mine = near().map(|&a| self.close_own[a] + 1).max().unwrap_or(0);
            let theirs = near().map(|&a| self.close_enemy[a]).max().unwrap_or(0);
            aggressive |= 10 * mine >= self.cfg.aggression_ratio10 * theirs.max(1);
        }
        let budget = fight_budget(deadline, left, 2_000_000);
        let eval = Eval::Weighted {
            aggressive,
            per_player: self.cfg.per_player_combat,
        };
        let out = fight.solve(w, eval, &budget);
        let Some(moves) = out.moves else { return false };
        // Commit: first free the group's squares, then claim the destinations.
        for &a in own {
            let t = self.world.own_ants[a];
            self.next_occ[t as usize] = false;
        }
        for (k, &a) in own.iter().enumerate() {
            let from = self.world.own_ants[a];
            let to = moves[k];
            if let Some(dir) = self.world.dir_to(from, to).filter(|_| to != from) {
                self.orders.push(Order {
                    pos: self.world.pos(from),
                    dir,
                });
            }
            self.next_occ[to as usize] = true;
            self.next_pos[a] = to;
            self.done[a] = true;
            self.missions.remove(from);
        }
        true
    }

    // ----- defence, approach, escape -------------------------------------------------------

    fn defence(&mut self) {
        let hills = self.world.own_hills.clone();
        if hills.is_empty() || hills.len() > 4 || self.world.enemy_ants.is_empty() {
            return;
        }
        let mut threats: Vec<(u16, Vec<u32>)> = Vec::new();
        let w = &self.world;
        let bfs = &mut self.bfs;
        bfs.run(w, hills.iter().copied(), DEFENCE_DEPTH, |_, _| Flow::Expand);
        for &(t, _) in &w.enemy_ants {
            if bfs.reached(t) {
                threats.push((bfs.dist[t as usize], bfs.path_back(t)));
            }
        }
        threats.sort_by_key(|x| x.0);
        for (d, path) in threats {
            if self.out_of_time() {
                return;
            }
            // path[k] is k steps from the enemy; the hill is the last tile.
            let d = d as usize;
            if d < 2 {
                continue;
            }
            let target = path[d - d / 2];
            let mut defender: Option<usize> = None;
            let mut best = usize::MAX;
            for (k, &p) in path.iter().enumerate().skip(1) {
                for q in std::iter::once(p).chain(self.world.nbr[p as usize]) {
                    if let Some(a) = self.free_ant_at(q) {
                        let score = k.abs_diff(d - d / 2);
                        if score < best {
                            best = score;
                            defender = Some(a);
                        }
                    }
                }
            }
            if defender.is_none() {
                let from = path[d - d / 4];
                let (w, ant_at, done) = (&self.world, &self.ant_at, &self.done);
                self.bfs2.run(w, [from], d as u16, |t, _| {
                    let a = ant_at[t as usize];
                    if a != NO_IDX && !done[a as usize] {
                        defender = Some(a as usize);
                        return Flow::Stop;
                    }
                    Flow::Expand
                });
            }
            let Some(a) = defender else { continue };
            let at = self.world.own_ants[a];
            if at == target {
                self.go(a, at, Task::Other);
                continue;
            }
            let next_occ = &self.next_occ;
            let limit = 2 * self.world.manhattan(at, target) + 10;
            if let Some((dir, _)) =
                self.astar
                    .first_move(&self.world, at, target, limit, 4000, |t| {
                        next_occ[t as usize]
                    })
            {
                self.go_dir(a, dir, Task::Other);
            }
        }
    }

    fn approach_enemies(&mut self) {
        for a in 0..self.world.own_ants.len() {
            if self.done[a] || !self.danger[a].is_empty() {
                continue;
            }
            if a % 32 == 0 && self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            let e = self.enemy_near_src[t as usize];
            if e == NO_IDX {
                continue;
            }
            let target = self.world.enemy_ants[e as usize].0;
            let limit = 3 * self.world.manhattan(t, target);
            let (next_occ, owner) = (&self.next_occ, &self.world.owner);
            let free = self
                .astar
                .first_move(&self.world, t, target, limit, 2000, |u| {
                    next_occ[u as usize] || owner[u as usize] == 0
                });
            let mv = free.or_else(|| {
                self.astar
                    .first_move(&self.world, t, target, limit + 10, 2000, |_| false)
            });
            if let Some((dir, _)) = mv {
                self.go_dir(a, dir, Task::Other);
            }
        }
    }

    fn attack_detached_enemies(&mut self) {
        for e in 0..self.world.enemy_ants.len() {
            if !self.detached[e] {
                continue;
            }
            if self.out_of_time() {
                return;
            }
            let target = self.world.enemy_ants[e].0;
            let mut found = Vec::new();
            let (w, ant_at, done, danger) = (&self.world, &self.ant_at, &self.done, &self.danger);
            self.bfs.run(w, [target], 2 * APPROACH_DEPTH, |t, _| {
                let a = ant_at[t as usize];
                if a != NO_IDX && !done[a as usize] && danger[a as usize].is_empty() {
                    found.push(a as usize);
                    if found.len() >= 2 {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
            for a in found {
                self.step_to_source(a);
            }
        }
    }

    /// True when no enemy dangerous to ant `a` can reach attack range of `m` this turn.
    /// True when one of the enemies `among` can reach attack range of square `m` next turn.
    fn exposed(&self, m: u32, among: &[u32]) -> bool {
        let w = &self.world;
        among.iter().any(|&e| {
            let (t, _) = w.enemy_ants[e as usize];
            w.manhattan(t, m) <= 4
                && self.en_moves[e as usize]
                    .iter()
                    .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
        })
    }

    fn safe(&self, a: usize, m: u32) -> bool {
        let w = &self.world;
        self.danger[a].iter().all(|&e| {
            self.en_moves[e as usize]
                .iter()
                .all(|&x| x != m && w.dist2(m, x) > w.attack2)
        })
    }

    fn escape_enemies(&mut self) {
        for a in 0..self.world.own_ants.len() {
            if self.done[a] || self.danger[a].is_empty() {
                continue;
            }
            if self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            let options: Vec<u32> = self.own_moves[a]
                .iter()
                .copied()
                .filter(|&m| m == t || !self.next_occ[m as usize])
                .filter(|&m| self.safe(a, m))
                .collect();
            if options.is_empty() {
                let enemies = self.danger[a].clone();
                let deadline = self.deadline;
                self.solve_group(&[a], &enemies, deadline, 8);
                continue;
            }
            let mut best = (i64::MIN, t);
            for m in options {
                let mut v = 0i64;
                let w = &self.world;
                self.bfs.run(w, [m], ESCAPE_CHECK_DIST, |u, d| {
                    let mut add = i64::from(ESCAPE_CHECK_DIST + 1 - d);
                    let o = w.owner[u as usize];
                    if o == 0 && u != t {
                        add *= 3;
                    } else if o != NO_ANT && o != 0 {
                        add *= -3;
                    }
                    v += add;
                    Flow::Expand
                });
                if v > best.0 {
                    best = (v, m);
                }
            }
            self.go(a, best.1, Task::Other);
        }
    }

    // ----- spreading out -----------------------------------------------------------------

    fn distribute(&mut self, near_enemies_only: bool) {
        let todo: Vec<usize> = (0..self.world.own_ants.len())
            .filter(|&a| !self.done[a])
            .filter(|&a| {
                !near_enemies_only || self.enemy_near[self.world.own_ants[a] as usize] != u16::MAX
            })
            .collect();
        if todo.is_empty() || self.out_of_time() {
            return;
        }
        // Nearest own ant of every tile (by steps), then per move the tiles this ant would
        // reach first.
        let w = &self.world;
        self.bfs2
            .run(w, w.own_ants.iter().copied(), DEPTH + 1, |_, _| {
                Flow::Expand
            });
        for a in todo {
            if self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            let mut best: Option<(i64, u32)> = None;
            for &m in &self.own_moves[a] {
                if m != t && self.next_occ[m as usize] {
                    continue;
                }
                let mut v = 0i64;
                let (w, bfs2) = (&self.world, &self.bfs2);
                self.bfs.run(w, [m], DEPTH, |u, d| {
                    let mine = bfs2.reached(u) && bfs2.src[u as usize] == a as u32;
                    let closer = !bfs2.reached(u) || bfs2.dist[u as usize] > d;
                    if mine || closer {
                        v += i64::from(DEPTH + 1 - d);
                    }
                    Flow::Expand
                });
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, m));
                }
            }
            if let Some((_, m)) = best
                && !self.go(a, m, Task::Other)
            {
                self.go(a, t, Task::Other);
            }
        }
    }

    fn explore_step(&mut self) {
        for a in 0..self.world.own_ants.len() {
            if self.done[a] {
                continue;
            }
            if a % 16 == 0 && self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            let mut sums = [0u64; 4];
            let (w, explore) = (&self.world, &self.explore);
            self.bfs.first_moves(w, t, EXPLORE_DEPTH, |u, mask| {
                let v = u64::from(explore[u as usize]);
                for (d, s) in sums.iter_mut().enumerate() {
                    if mask & (1 << d) != 0 {
                        *s += v;
                    }
                }
            });
            let top = sums.iter().copied().max().unwrap_or(0);
            if top == 0 {
                continue;
            }
            if self.cfg.sticky_missions && self.missions.get(t).is_some() && top < 40 {
                continue;
            }
            let mut order: Vec<Dir> = Dir::ALL
                .into_iter()
                .filter(|d| sums[d.index()] > 0)
                .collect();
            order.sort_by_key(|d| std::cmp::Reverse(sums[d.index()]));
            for d in order {
                if self.go_dir(a, d, Task::Other) {
                    break;
                }
            }
        }
    }

    // ----- missions ----------------------------------------------------------------------

    /// The nearest border tile from `from` (BFS), if any within `depth` steps.
    fn nearest_border(&mut self, from: u32, depth: u16) -> Option<u32> {
        let mut found = None;
        let (w, areas) = (&self.world, &self.areas);
        self.bfs.run(w, [from], depth, |t, _| {
            if areas.is_border[t as usize] {
                found = Some(t);
                return Flow::Stop;
            }
            Flow::Expand
        });
        found
    }

    fn do_missions(&mut self) {
        let refresh_all = self.left() > self.budget() / 2;
        let turn = self.world.turn;
        let list: Vec<_> = self.missions.iter().copied().collect();
        for m in list {
            if self.out_of_time() {
                return;
            }
            let Some(a) = self.free_ant_at(m.ant) else {
                continue;
            };
            let mut target = m.target;
            if refresh_all || turn.saturating_sub(m.refreshed) >= REFRESH_TURNS {
                if let Some(b) = self.nearest_border(target, 20) {
                    target = b;
                }
                self.missions.retarget(m.ant, target, turn);
            }
            if target == m.ant || self.world.water[target as usize] {
                self.missions.remove(m.ant);
                continue;
            }
            if !self.walk(a, target) {
                self.missions.remove(m.ant);
            }
        }
    }

    /// Moves ant `a` one step along an A* path to `target` (mission move).
    fn walk(&mut self, a: usize, target: u32) -> bool {
        let t = self.world.own_ants[a];
        let limit = 3 * self.world.manhattan(t, target) + 20;
        let next_occ = &self.next_occ;
        let first = self
            .astar
            .first_move(&self.world, t, target, limit, 6000, |u| {
                next_occ[u as usize]
            });
        let first = first.or_else(|| {
            self.astar
                .first_move(&self.world, t, target, limit, 6000, |_| false)
        });
        match first {
            Some((d, _)) => {
                self.go_dir(a, d, Task::Mission);
                true
            }
            None => false,
        }
    }

    fn create_missions(&mut self) {
        let turn = self.world.turn;
        for a in 0..self.world.own_ants.len() {
            if self.done[a] {
                continue;
            }
            if self.out_of_time() {
                return;
            }
            let t = self.world.own_ants[a];
            if self.missions.get(t).is_some() {
                continue;
            }
            let target = if self.world.own_hills.contains(&t) {
                self.hill_target(t)
            } else {
                self.nearest_border(t, 60)
            };
            let Some(target) = target else { continue };
            if target == t {
                continue;
            }
            self.missions.set(t, target, turn);
            if !self.walk(a, target) {
                self.missions.remove(t);
            }
        }
    }

    /// The border target of an ant that stands on an own hill.
    fn hill_target(&mut self, t: u32) -> Option<u32> {
        let area = self.areas.area(t)?;
        let border = self.areas.border_of(area);
        if border.is_empty() {
            return None;
        }
        if !self.cfg.scored_border {
            let k = self.rng.random_range(0..border.len());
            return Some(border[k].1);
        }
        let w = &self.world;
        let mut best: Option<(i64, u32)> = None;
        for _ in 0..12 {
            let b = border[self.rng.random_range(0..border.len())].1;
            let mut score = 0i64;
            if self.areas.contested[b as usize] {
                score += 40;
            }
            if let Some(h) = w.enemy_hills.iter().map(|&(h, _)| w.manhattan(b, h)).min() {
                score -= i64::from(h) / 2;
            }
            let crowd = self
                .missions
                .iter()
                .filter(|m| w.manhattan(m.target, b) <= 6)
                .count();
            score -= 8 * crowd as i64;
            score -= i64::from(w.manhattan(t, b)) / 4;
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, b));
            }
        }
        best.map(|(_, b)| b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid::Pos;

    fn settings(rows: u32, cols: u32, turntime_ms: u64) -> GameSettings {
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

    fn brain(rows: u32, cols: u32) -> Brain {
        let mut b = Brain::new(Config::xathis());
        b.setup(&settings(rows, cols, 500));
        b
    }

    fn ant(r: i32, c: i32, o: u8) -> (Pos, u8) {
        (Pos::new(r, c), o)
    }

    #[test]
    fn fight_first_keeps_a_dangered_ant_from_walking_into_a_trade_for_food() {
        // Ant A (10,10) is 3 steps from food F (10,13); enemy E (12,12) is as close to F, and
        // ant B (10,8) backs A up, so the food step sends A east: next to E, a 1:1 trade.
        // With `fight_first` A, which E can reach next turn, is left to the fight search.
        let order_of_a = |fight_first: bool| {
            let mut b = Brain::new(Config {
                fight_first,
                food_matching: true,
                ..Config::xathis()
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

    #[test]
    fn config_parameters_set_by_name() {
        let mut c = Config::champion();
        c.set("max_turn_ms", "120").unwrap();
        c.set("food_matching", "false").unwrap();
        assert_eq!(c.max_turn_ms, 120);
        assert!(!c.food_matching);
        assert!(c.set("max_turn_ms", "lots").unwrap_err().contains("number"));
        assert!(
            c.set("food_matching", "maybe")
                .unwrap_err()
                .contains("boolean")
        );
        let err = c.set("nosuch", "1").unwrap_err();
        assert!(
            err.contains("unknown parameter") && err.contains("margin_ms"),
            "{err}"
        );
        for key in Config::PARAMS {
            let value = if key.ends_with("_ms") || key.contains("depth") || key.contains("ratio") {
                "7"
            } else {
                "true"
            };
            c.set(key, value).unwrap();
        }
    }

    #[test]
    fn explore_values_reset_within_ten_steps_and_age_elsewhere() {
        let mut b = brain(40, 40);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(5, 5, 0)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let at = |r, c| b.explore_values()[w.tile(Pos::new(r, c)) as usize];
        assert_eq!(at(5, 15), 0, "10 steps away");
        assert_eq!(at(5, 16), 1, "11 steps away");
        assert_eq!(at(25, 25), 1);
        let input2 = TurnInput {
            turn: 2,
            ants: vec![ant(5, 5, 0)],
            ..TurnInput::default()
        };
        b.turn(&input2);
        let w = b.world();
        let at = |r, c| b.explore_values()[w.tile(Pos::new(r, c)) as usize];
        assert_eq!(at(25, 25), 2, "unreached tiles age by one per turn");
        assert_eq!(at(5, 14), 0);
    }

    #[test]
    fn explore_moves_toward_the_larger_unexplored_side() {
        // A water row just north of the ant: the open side (south) has the larger sum of
        // explore values on the 11th step.
        let mut b = brain(40, 40);
        let water = (0..40).map(|c| Pos::new(3, c)).collect();
        let input = TurnInput {
            turn: 1,
            water,
            ants: vec![ant(4, 5, 0)],
            ..TurnInput::default()
        };
        let orders = b.turn(&input);
        assert_eq!(
            orders,
            vec![Order {
                pos: Pos::new(4, 5),
                dir: Dir::S
            }]
        );
    }

    #[test]
    fn border_is_twenty_steps_out_or_halfway_to_the_enemy() {
        let mut b = brain(80, 80);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let start = w.tile(Pos::new(10, 10));
        let border: Vec<u32> = b.areas().border.iter().map(|x| x.1).collect();
        assert_eq!(border.len(), 80, "the diamond of radius 20");
        assert!(border.iter().all(|&t| w.manhattan(start, t) == 20));
        // An enemy ant 10 columns east: the border runs between them and is contested.
        let mut b = brain(80, 80);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0), ant(10, 20, 1)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let mid = w.tile(Pos::new(10, 15));
        assert!(b.areas().is_border[mid as usize] && b.areas().contested[mid as usize]);
        assert!(!b.areas().is_border[w.tile(Pos::new(10, 14)) as usize]);
        // Two own ants 20 apart: their areas merge, nothing between them is border.
        let mut b = brain(80, 80);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(10, 10, 0), ant(10, 30, 0)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let between = |c| w.tile(Pos::new(10, c));
        assert!((11..30).all(|c| !b.areas().is_border[between(c) as usize]));
        let a1 = b.areas().area(w.tile(Pos::new(10, 10)));
        assert_eq!(a1, b.areas().area(w.tile(Pos::new(10, 30))));
    }

    #[test]
    fn missions_follow_their_ant_and_are_refreshed_to_the_border() {
        // A block of nine ants five apart: the centre ant has nothing to explore (its
        // 11th step is within 10 steps of its neighbours), so it gets a mission toward the
        // border; the mission follows the ant and its target is refreshed every turn.
        let mut b = brain(80, 80);
        let mut ants: Vec<(Pos, u8)> = Vec::new();
        for dr in [-5, 0, 5] {
            for dc in [-5, 0, 5] {
                ants.push(ant(30 + dr, 30 + dc, 0));
            }
        }
        let mut orders = b.turn(&TurnInput {
            turn: 1,
            ants: ants.clone(),
            ..TurnInput::default()
        });
        assert!(!b.missions().is_empty(), "idle ants got missions");
        for turn in 2..8 {
            // Apply the orders to the own ants; the enemy steps west.
            for (p, o) in &mut ants {
                if *o == 0
                    && let Some(ord) = orders.iter().find(|ord| ord.pos == *p)
                {
                    let (dr, dc) = ord.dir.delta();
                    *p = Pos::new((p.row + dr).rem_euclid(80), (p.col + dc).rem_euclid(80));
                }
            }
            let before: Vec<u32> = b.missions().iter().map(|m| m.ant).collect();
            orders = b.turn(&TurnInput {
                turn,
                ants: ants.clone(),
                ..TurnInput::default()
            });
            let w = b.world();
            assert!(!b.missions().is_empty(), "turn {turn}: the mission is kept");
            for t in before {
                assert_ne!(
                    w.owner[t as usize], NO_ANT,
                    "a mission pointed at a tile with an own ant"
                );
            }
            for m in b.missions().iter() {
                assert!(
                    b.areas().is_border[m.target as usize],
                    "turn {turn}: target refreshed onto the border"
                );
                assert_eq!(m.refreshed, turn);
            }
        }
    }

    #[test]
    fn food_matching_takes_shortest_pairs_once_each() {
        // Ant 0 is 2 steps from food 0 and 3 from food 1; ant 1 is 4 from food 0 and 5 from
        // food 1. In food order the post mortem gives food 0 to ant 0 and food 1 to ant 1
        // (5 steps); the matching does the same here, but when ant 0 is nearer to food 1
        // (1 step) it takes food 1 and food 0 goes to ant 1.
        let none = [u16::MAX; 2];
        let pairs = [(2, 0, 0), (4, 0, 1), (3, 1, 0), (5, 1, 1)];
        assert_eq!(match_food(&pairs, &none), vec![(2, 0, 0), (5, 1, 1)]);
        let pairs = [(2, 0, 0), (4, 0, 1), (1, 1, 0), (5, 1, 1)];
        assert_eq!(match_food(&pairs, &none), vec![(1, 1, 0), (4, 0, 1)]);
        // One ant, two foods: it takes the nearer one only.
        let pairs = [(3, 0, 7), (2, 1, 7)];
        assert_eq!(match_food(&pairs, &none), vec![(2, 1, 7)]);
    }

    #[test]
    fn food_matching_keeps_the_sacrifice_rule() {
        // Food 0 has an enemy 3 steps away. Ant 0 at 3 steps alone does not go (the enemy is
        // as close); with ant 1 at 5 steps as backup it goes.
        let enemy = [3];
        assert_eq!(match_food(&[(3, 0, 0)], &enemy), vec![]);
        assert_eq!(match_food(&[(3, 0, 0), (6, 0, 1)], &enemy), vec![]);
        assert_eq!(match_food(&[(3, 0, 0), (5, 0, 1)], &enemy), vec![(3, 0, 0)]);
        // The enemy farther than the ant: no backup needed.
        assert_eq!(match_food(&[(2, 0, 0)], &enemy), vec![(2, 0, 0)]);
        // A given-up food leaves its ant free for another food.
        let enemy = [1, u16::MAX];
        assert_eq!(match_food(&[(2, 0, 4), (6, 1, 4)], &enemy), vec![(6, 1, 4)]);
    }

    #[test]
    fn food_matching_sends_the_nearer_ant_to_the_later_food() {
        // Foods F1 (5,5) and F2 (5,10), in that order; ant A at (5,8) is 3 steps from F1 and
        // 2 from F2, ant B at (5,1) 4 steps from F1. In food order A takes F1 (west) and B
        // walks 9 steps to F2; matched, A takes F2 (east) and B takes F1 (east).
        let order_of_a = |food_matching: bool| {
            let mut b = Brain::new(Config {
                food_matching,
                ..Config::xathis()
            });
            b.setup(&settings(20, 20, 500));
            let orders = b.turn(&TurnInput {
                turn: 1,
                ants: vec![ant(5, 8, 0), ant(5, 1, 0)],
                food: vec![Pos::new(5, 5), Pos::new(5, 10)],
                ..TurnInput::default()
            });
            let dir = |p: Pos| orders.iter().find(|o| o.pos == p).map(|o| o.dir);
            (dir(Pos::new(5, 8)), dir(Pos::new(5, 1)))
        };
        assert_eq!(order_of_a(false), (Some(Dir::W), Some(Dir::E)));
        assert_eq!(order_of_a(true), (Some(Dir::E), Some(Dir::E)));
    }

    /// Brute force: the greedy result equals taking, repeatedly, the globally shortest pair
    /// among the foods and ants still free (no sacrifice rule involved).
    #[test]
    fn food_matching_equals_repeated_global_minimum() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let (nf, na) = (rng.random_range(1..6u32), rng.random_range(1..6u32));
            let mut pairs = Vec::new();
            for k in 0..nf {
                for a in 0..na {
                    if rng.random_range(0..3) > 0 {
                        pairs.push((rng.random_range(0..11u16), k, a));
                    }
                }
            }
            let none = vec![u16::MAX; nf as usize];
            let got = match_food(&pairs, &none);
            let mut left = pairs.clone();
            let mut want = Vec::new();
            while let Some(&best) = left.iter().min() {
                want.push(best);
                left.retain(|p| p.1 != best.1 && p.2 != best.2);
            }
            assert_eq!(got, want);
        }
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
        for turn in 1..4 {
            let t = Instant::now();
            let orders = b.turn(&TurnInput {
                turn,
                ants: ants.clone(),
                ..TurnInput::default()
            });
            assert!(
                t.elapsed() < Duration::from_millis(200),
                "turn {turn} took {:?}",
                t.elapsed()
            );
            let mut from: Vec<Pos> = orders.iter().map(|o| o.pos).collect();
            from.sort_unstable();
            from.dedup();
            assert_eq!(from.len(), orders.len(), "one order per ant");
        }
    }
}

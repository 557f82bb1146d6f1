//! The rules of one Ants game (spec §3–§4.15) as a state machine on flat arrays.
//!
//! [`Engine`] knows nothing about bots or randomness: the driver ([`crate::game`] for live
//! games, [`crate::check`] for replay re-simulation) feeds it orders, decides the random
//! parts (spawn tie-breaks, food placement) and calls the turn phases in the official order:
//! [`Engine::begin_turn`], orders, [`Engine::move_and_fight`], spawning, [`Engine::gather`],
//! food, [`Engine::end_turn`].
//!
//! Submodules hold the phases: `battle` (movement, collisions, battle resolution),
//! `hills` (hill touches, spawning, food gathering), `ending` (histories, cutoffs,
//! significant turns, the end of the game and the bonus).

mod battle;
mod ending;
mod hills;

use grid::{Dir, Pos, Shape, Topology};

use crate::config::{AttackMethod, GameConfig};
use crate::map::{Map, Tile};

/// Points for razing a hill.
pub const HILL_POINTS: i32 = 2;
/// Points charged to a hill's owner (once per hill).
pub const RAZE_POINTS: i32 = -1;
/// "No entity" marker in the per-cell index arrays.
pub const NONE: u32 = u32::MAX;

/// A player's status as the official engine reports it (spec §5.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// Still playing or played to the end.
    Survived,
    /// Lost all its ants.
    Eliminated,
    /// Did not answer in time.
    Timeout,
    /// The process exited or failed.
    Crashed,
    /// The process was not running right after launch (`crashed 0`).
    CrashedAtStart,
    /// Sent an invalid line in strict mode.
    Invalid,
}

impl Status {
    /// The official status string.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Survived => "survived",
            Status::Eliminated => "eliminated",
            Status::Timeout => "timeout",
            Status::Crashed => "crashed",
            Status::CrashedAtStart => "crashed 0",
            Status::Invalid => "invalid",
        }
    }

    /// Parses an official status string.
    pub fn parse(s: &str) -> Option<Status> {
        Some(match s {
            "survived" => Status::Survived,
            "eliminated" => Status::Eliminated,
            "timeout" => Status::Timeout,
            "crashed" => Status::Crashed,
            "crashed 0" => Status::CrashedAtStart,
            "invalid" => Status::Invalid,
            _ => return None,
        })
    }

    /// True for statuses that mean the engine removed the bot.
    pub fn is_removal(self) -> bool {
        matches!(
            self,
            Status::Timeout | Status::Crashed | Status::CrashedAtStart | Status::Invalid
        )
    }
}

/// Why a game ended (spec §4.13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cutoff {
    /// No player alive.
    Extermination,
    /// Exactly one player alive.
    LoneSurvivor,
    /// Food dominated for `cutoff_turn` turns.
    FoodNotGathered,
    /// One player dominated for `cutoff_turn` turns.
    AntsNotRazing,
    /// No player can change the ranking any more.
    RankStabilized,
    /// The turn limit was reached.
    TurnLimit,
}

impl Cutoff {
    /// The official reason string.
    pub fn as_str(self) -> &'static str {
        match self {
            Cutoff::Extermination => "extermination",
            Cutoff::LoneSurvivor => "lone survivor",
            Cutoff::FoodNotGathered => "food not being gathered",
            Cutoff::AntsNotRazing => "ants not razing hills",
            Cutoff::RankStabilized => "rank stabilized",
            Cutoff::TurnLimit => "turn limit reached",
        }
    }

    /// Parses an official reason string.
    pub fn parse(s: &str) -> Option<Cutoff> {
        [
            Cutoff::Extermination,
            Cutoff::LoneSurvivor,
            Cutoff::FoodNotGathered,
            Cutoff::AntsNotRazing,
            Cutoff::RankStabilized,
            Cutoff::TurnLimit,
        ]
        .into_iter()
        .find(|c| c.as_str() == s)
    }
}

/// Who currently dominates the population (cutoff tracker, spec §4.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dominator {
    /// Nobody.
    Nobody,
    /// The food.
    Food,
    /// A player.
    Player(u8),
}

/// One ant ever created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ant {
    /// Spawn cell.
    pub spawn: u32,
    /// Current cell (death cell once dead).
    pub cell: u32,
    /// Owner.
    pub owner: u8,
    /// Turn of creation.
    pub spawn_turn: u32,
    /// Death turn, if dead.
    pub death_turn: Option<u32>,
    /// One of `nesw-` per turn taken part in.
    pub moves: Vec<u8>,
    /// The accepted order of the current turn (`b'-'` = none).
    pub next: u8,
}

/// One food item ever created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Food {
    /// Cell.
    pub cell: u32,
    /// Turn of creation.
    pub start_turn: u32,
    /// Turn gathered or destroyed.
    pub end_turn: Option<u32>,
    /// The gathering player.
    pub gatherer: Option<u8>,
}

/// One hill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hill {
    /// Cell.
    pub cell: u32,
    /// Owner.
    pub owner: u8,
    /// Last turn an own ant stood on or spawned from it.
    pub last_touched: u32,
    /// The razing player.
    pub killed_by: Option<u8>,
    /// Turn razed.
    pub end_turn: Option<u32>,
    /// Whether the owner was already charged [`RAZE_POINTS`].
    pub raze_penalised: bool,
}

/// Per-player state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Current score (without end bonus).
    pub score: i32,
    /// Stored food.
    pub hive: u32,
    /// Removed by the engine (crash, timeout, strict invalid).
    pub removed: bool,
    /// Status.
    pub status: Status,
    /// Last turn sent / status change turn.
    pub playerturns: u32,
    /// Score after each turn (spec §4.10).
    pub score_history: Vec<i32>,
    /// Hive after each turn.
    pub hive_history: Vec<i32>,
    /// Number of living ants.
    pub ant_count: u32,
}

/// What happened to one order line (spec §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderOutcome {
    /// Executed this turn.
    Accepted,
    /// Harmless: the destination is water or food.
    Ignored(&'static str),
    /// Invalid: counts in strict mode.
    Invalid(&'static str),
}

/// Rule parameters the engine needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rules {
    /// Squared attack radius.
    pub attackradius2: u32,
    /// Squared gathering radius.
    pub spawnradius2: u32,
    /// Squared view radius.
    pub viewradius2: u32,
    /// Domination turns.
    pub cutoff_turn: u32,
    /// Domination threshold.
    pub cutoff_percent: f64,
    /// Battle method.
    pub attack: AttackMethod,
}

impl Rules {
    /// The rules of a configuration.
    pub fn from_config(c: &GameConfig) -> Rules {
        Rules {
            attackradius2: c.attackradius2,
            spawnradius2: c.spawnradius2,
            viewradius2: c.viewradius2,
            cutoff_turn: c.cutoff_turn,
            cutoff_percent: c.cutoff_percent,
            attack: c.attack,
        }
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::from_config(&GameConfig::default())
    }
}

/// Offsets `(dr, dc)` with `min <= dr² + dc² <= r2`, as non-negative wrapped deltas.
#[derive(Clone, Debug)]
pub(crate) struct Offsets {
    rows: u32,
    cols: u32,
    deltas: Vec<(u32, u32, u32)>,
}

impl Offsets {
    pub(crate) fn new(shape: Shape, r2: u32, include_centre: bool) -> Offsets {
        let r = (f64::from(r2).sqrt() as i32) + 1;
        let mut deltas = Vec::new();
        for dr in -r..=r {
            for dc in -r..=r {
                let d2 = (dr * dr + dc * dc) as u32;
                if d2 <= r2 && (d2 > 0 || include_centre) {
                    deltas.push((
                        dr.rem_euclid(shape.rows as i32) as u32,
                        dc.rem_euclid(shape.cols as i32) as u32,
                        d2,
                    ));
                }
            }
        }
        Offsets {
            rows: shape.rows,
            cols: shape.cols,
            deltas,
        }
    }

    /// Calls `f(cell, d2)` for every cell at an offset from `cell`.
    #[inline]
    pub(crate) fn for_each(&self, cell: u32, mut f: impl FnMut(u32, u32)) {
        let (r, c) = (cell / self.cols, cell % self.cols);
        for &(dr, dc, d2) in &self.deltas {
            let mut rr = r + dr;
            if rr >= self.rows {
                rr -= self.rows;
            }
            let mut cc = c + dc;
            if cc >= self.cols {
                cc -= self.cols;
            }
            f(rr * self.cols + cc, d2);
        }
    }
}

/// The state of one game.
#[derive(Clone, Debug)]
pub struct Engine {
    pub(crate) shape: Shape,
    pub(crate) water: Vec<bool>,
    pub(crate) rules: Rules,
    pub(crate) ant_at: Vec<u32>,
    pub(crate) food_at: Vec<u32>,
    pub(crate) hill_at: Vec<u32>,
    pub(crate) ants: Vec<Ant>,
    pub(crate) live_ants: Vec<u32>,
    pub(crate) food: Vec<Food>,
    pub(crate) live_food: Vec<u32>,
    pub(crate) hills: Vec<Hill>,
    pub(crate) players: Vec<Player>,
    pub(crate) bonus: Vec<i32>,
    pub(crate) turn: u32,
    pub(crate) killed: Vec<u32>,
    cutoff_owner: Dominator,
    cutoff_turns: u32,
    hill_kill: bool,
    pub(crate) winning_turn: u32,
    pub(crate) ranking_turn: u32,
    last_leaders: Option<Vec<bool>>,
    last_ranks: Option<Vec<u32>>,
    pub(crate) cutoff: Option<Cutoff>,
    attack_offsets: Offsets,
    spawn_offsets: Offsets,
    occ: Vec<u8>,
    scratch: Vec<u32>,
}

impl Engine {
    /// An engine with the given water layout and hills (in hill-table order) and no ants.
    /// Every player's score starts at player 0's hill count (spec §3.2).
    pub fn new(
        rows: u32,
        cols: u32,
        water: Vec<bool>,
        players: u8,
        hills: &[(Pos, u8)],
        rules: Rules,
    ) -> Engine {
        let shape = Shape::new(rows, cols, Topology::Torus);
        let len = shape.len();
        let mut hill_at = vec![NONE; len];
        let hills: Vec<Hill> = hills
            .iter()
            .enumerate()
            .map(|(i, &(p, owner))| {
                let cell = shape.index(p);
                hill_at[cell as usize] = i as u32;
                Hill {
                    cell,
                    owner,
                    last_touched: 0,
                    killed_by: None,
                    end_turn: None,
                    raze_penalised: false,
                }
            })
            .collect();
        let initial = hills.iter().filter(|h| h.owner == 0).count() as i32;
        let n = usize::from(players);
        Engine {
            shape,
            water,
            rules,
            ant_at: vec![NONE; len],
            food_at: vec![NONE; len],
            hill_at,
            ants: Vec::new(),
            live_ants: Vec::new(),
            food: Vec::new(),
            live_food: Vec::new(),
            hills,
            players: (0..n)
                .map(|_| Player {
                    score: initial,
                    hive: 0,
                    removed: false,
                    status: Status::Survived,
                    playerturns: 0,
                    score_history: vec![initial],
                    hive_history: vec![0],
                    ant_count: 0,
                })
                .collect(),
            bonus: vec![0; n],
            turn: 0,
            killed: Vec::new(),
            cutoff_owner: Dominator::Nobody,
            cutoff_turns: 0,
            hill_kill: false,
            winning_turn: 0,
            ranking_turn: 0,
            last_leaders: None,
            last_ranks: None,
            cutoff: None,
            attack_offsets: Offsets::new(shape, rules.attackradius2, false),
            spawn_offsets: Offsets::new(shape, rules.spawnradius2, false),
            occ: vec![0; len],
            scratch: Vec::new(),
        }
    }

    /// Sets up a game from a map (spec §3.2 step 3 and §2.2): hills in row-major order,
    /// then one ant per hill (player by player), or in scenario mode the map's ants and food.
    pub fn from_map(map: &Map, rules: Rules, scenario: bool) -> Engine {
        let shape = map.shape();
        let water = map.tiles().iter().map(|t| *t == Tile::Water).collect();
        let hills = map.hills();
        let mut e = Engine::new(shape.rows, shape.cols, water, map.players(), &hills, rules);
        let has_ants = map
            .tiles()
            .iter()
            .any(|t| matches!(t, Tile::Ant(_) | Tile::HillAnt(_)));
        if scenario && has_ants {
            for (i, t) in map.tiles().iter().enumerate() {
                match *t {
                    Tile::Ant(p) | Tile::HillAnt(p) => {
                        e.add_ant(i as u32, p, 0, false);
                    }
                    Tile::Food => {
                        e.add_food(i as u32, 0);
                    }
                    _ => {}
                }
            }
        } else {
            for p in 0..map.players() {
                for (pos, o) in &hills {
                    if *o == p {
                        e.add_ant(shape.index(*pos), p, 0, true);
                    }
                }
            }
        }
        e
    }

    /// The board shape (torus).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        self.players.len()
    }

    /// The current turn.
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Per-player state.
    pub fn players(&self) -> &[Player] {
        &self.players
    }

    /// Every ant ever created, in creation order.
    pub fn ants(&self) -> &[Ant] {
        &self.ants
    }

    /// Every food item ever created, in creation order.
    pub fn food(&self) -> &[Food] {
        &self.food
    }

    /// All hills in hill-table order.
    pub fn hills(&self) -> &[Hill] {
        &self.hills
    }

    /// The end-of-game bonus per player.
    pub fn bonus(&self) -> &[i32] {
        &self.bonus
    }

    /// The game-end reason once set.
    pub fn cutoff(&self) -> Option<Cutoff> {
        self.cutoff
    }

    /// Turn at which the set of leaders last changed.
    pub fn winning_turn(&self) -> u32 {
        self.winning_turn
    }

    /// Turn of the last change of the ranking.
    pub fn ranking_turn(&self) -> u32 {
        self.ranking_turn
    }

    /// Ids of the living ants.
    pub fn live_ants(&self) -> &[u32] {
        &self.live_ants
    }

    /// Ids of the food items on the board.
    pub fn live_food(&self) -> &[u32] {
        &self.live_food
    }

    /// Water flags per cell.
    pub fn water(&self) -> &[bool] {
        &self.water
    }

    /// The living ant on `cell`, if any.
    pub fn ant_at(&self, cell: u32) -> Option<u32> {
        let a = self.ant_at[cell as usize];
        (a != NONE).then_some(a)
    }

    /// The food on `cell`, if any.
    pub fn food_at(&self, cell: u32) -> Option<u32> {
        let f = self.food_at[cell as usize];
        (f != NONE).then_some(f)
    }

    /// True when `cell` is land in the official grid sense: no water, food or ant.
    pub fn is_land(&self, cell: u32) -> bool {
        let c = cell as usize;
        !self.water[c] && self.food_at[c] == NONE && self.ant_at[c] == NONE
    }

    /// Creates an ant of `owner` on `cell` at `turn`. With `touch`, the hill under it (if
    /// any) gets `last_touched = turn`. Returns the ant id.
    pub fn add_ant(&mut self, cell: u32, owner: u8, turn: u32, touch: bool) -> u32 {
        let id = self.ants.len() as u32;
        self.ants.push(Ant {
            spawn: cell,
            cell,
            owner,
            spawn_turn: turn,
            death_turn: None,
            moves: Vec::new(),
            next: b'-',
        });
        self.live_ants.push(id);
        self.ant_at[cell as usize] = id;
        self.players[usize::from(owner)].ant_count += 1;
        if touch {
            let h = self.hill_at[cell as usize];
            if h != NONE {
                self.hills[h as usize].last_touched = turn;
            }
        }
        id
    }

    /// Creates a food item on `cell` at `turn`; returns its id.
    pub fn add_food(&mut self, cell: u32, turn: u32) -> u32 {
        let id = self.food.len() as u32;
        self.food.push(Food {
            cell,
            start_turn: turn,
            end_turn: None,
            gatherer: None,
        });
        self.live_food.push(id);
        self.food_at[cell as usize] = id;
        id
    }

    /// A player is alive when not removed and owning a living ant.
    pub fn is_alive(&self, p: usize) -> bool {
        let pl = &self.players[p];
        !pl.removed && pl.ant_count > 0
    }

    /// Number of alive players.
    pub fn alive_count(&self) -> usize {
        (0..self.players.len())
            .filter(|&p| self.is_alive(p))
            .count()
    }

    /// Starts turn `turn` (spec §4.1 step 3).
    pub fn begin_turn(&mut self, turn: u32) {
        self.turn = turn;
        self.killed.clear();
        self.hill_kill = false;
        for &a in &self.live_ants {
            self.ants[a as usize].next = b'-';
        }
    }

    /// Removes player `p` by the engine (spec §4.14) with the given status.
    pub fn remove_player(&mut self, p: usize, status: Status, turn: u32) {
        let pl = &mut self.players[p];
        pl.removed = true;
        pl.status = status;
        pl.playerturns = turn;
        for h in &mut self.hills {
            if usize::from(h.owner) == p && !h.raze_penalised {
                h.raze_penalised = true;
                self.players[p].score += RAZE_POINTS;
            }
        }
    }

    /// Validates one order of player `p` (spec §4.2) and records it when accepted.
    pub fn order(&mut self, p: u8, row: i64, col: i64, dir: Dir) -> OrderOutcome {
        let (h, w) = (i64::from(self.shape.rows), i64::from(self.shape.cols));
        if row >= h || col >= w || row < -h || col < -w {
            return OrderOutcome::Invalid("out of bounds");
        }
        let wrapped = (row.rem_euclid(h) * w + col.rem_euclid(w)) as u32;
        let ant = self.ant_at[wrapped as usize];
        let own = ant != NONE && self.ants[ant as usize].owner == p;
        if row < 0 || col < 0 {
            return OrderOutcome::Invalid(if own {
                "out of bounds"
            } else {
                "not player ant"
            });
        }
        if !own {
            return OrderOutcome::Invalid("not player ant");
        }
        if self.ants[ant as usize].next != b'-' {
            return OrderOutcome::Invalid("duplicate order");
        }
        let dest = self.shape.step_index(wrapped, dir).unwrap_or(wrapped) as usize;
        if self.water[dest] || (self.food_at[dest] != NONE && self.ant_at[dest] == NONE) {
            return OrderOutcome::Ignored("move blocked");
        }
        self.ants[ant as usize].next = dir_letter(dir);
        OrderOutcome::Accepted
    }

    /// Sets the move of ant `id` for this turn directly (replay re-simulation).
    pub fn set_move(&mut self, id: u32, mv: u8) {
        self.ants[id as usize].next = mv;
    }
}

/// Competition ranks: the number of players with a strictly higher score.
pub fn competition_ranks(scores: &[i32]) -> Vec<u32> {
    scores
        .iter()
        .map(|&s| scores.iter().filter(|&&o| o > s).count() as u32)
        .collect()
}

/// The protocol letter (`n`, `e`, `s`, `w`) of a direction.
pub fn dir_letter(d: Dir) -> u8 {
    match d {
        Dir::N => b'n',
        Dir::E => b'e',
        Dir::S => b's',
        Dir::W => b'w',
    }
}

//! `reference`: the seed's agent, rebuilt behaviour for behaviour from spec §7 — field-type
//! world model, nearest-`Empty` exploration, wall-line inference, the WumpusDangerMap with
//! rumble counters and candidate fields, the three shooting cases and `find_safe_field`.

use std::collections::BTreeMap;

use crate::agent::{Bot, CellKnowledge, Knowledge};
use crate::agents::plan::{NWES, search};
use crate::game::{ActionEffect, HunterAction, Observation, StartInfo};
use crate::world::{Cell, Heading, manhattan};

/// Field types of the seed's world model (bit flags).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u16)]
pub enum FieldType {
    /// Gold seen here.
    Gold = 1,
    /// Known safe, nothing more known.
    Empty = 2,
    /// The hunter has stood here.
    Visited = 4,
    /// Maybe a pit (a breeze was felt next to it).
    Breeze = 8,
    /// Never set (kept for fidelity).
    Stench = 16,
    /// The hunter's current cell.
    Player = 32,
    /// The start cell.
    Start = 64,
    /// Never set (kept for fidelity).
    Wumpus = 128,
    /// Suspected pit (two breeze marks).
    Hole = 256,
    /// Wall.
    Wall = 512,
}

/// Dominance order of spec §7.1.
const DOMINANCE: [FieldType; 8] = [
    FieldType::Gold,
    FieldType::Wall,
    FieldType::Hole,
    FieldType::Player,
    FieldType::Start,
    FieldType::Visited,
    FieldType::Empty,
    FieldType::Breeze,
];

/// A Field: a set of [`FieldType`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Field(u16);

impl Field {
    /// Whether `t` is in the set.
    pub fn has(self, t: FieldType) -> bool {
        self.0 & t as u16 != 0
    }

    /// Dominant type; a fresh field counts as `Empty`.
    pub fn dominant(self) -> FieldType {
        DOMINANCE
            .into_iter()
            .find(|&t| self.has(t))
            .unwrap_or(FieldType::Empty)
    }

    /// isWalkable: no `Wall`, `Hole` or `Breeze`.
    pub fn walkable(self) -> bool {
        !(self.has(FieldType::Wall) || self.has(FieldType::Hole) || self.has(FieldType::Breeze))
    }

    /// Adds a type with the seed's rules for `Empty` and `Breeze`.
    pub fn add(&mut self, t: FieldType) {
        match t {
            FieldType::Empty => {
                self.remove(FieldType::Breeze);
                self.remove(FieldType::Hole);
                self.0 |= t as u16;
            }
            FieldType::Breeze => {
                if self.has(FieldType::Empty) {
                    return;
                }
                if self.has(FieldType::Breeze) {
                    self.0 |= FieldType::Hole as u16;
                }
                self.0 |= t as u16;
            }
            _ => self.0 |= t as u16,
        }
    }

    /// Removes a type.
    pub fn remove(&mut self, t: FieldType) {
        self.0 &= !(t as u16);
    }
}

const DIM: i32 = 66;

/// One tracked wumpus of the danger map.
#[derive(Clone, Debug)]
struct WumpusBot {
    candidates: Vec<Cell>,
    rumble_counter: u32,
    detected: bool,
    smelled_now: bool,
    intensity: u32,
    prev_intensity: u32,
    created_turn: u32,
    moves: Vec<bool>,
}

/// Danger-map mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Arrows left: may shoot.
    Brave,
    /// No arrows: only flee.
    Scared,
}

/// The seed's agent.
#[derive(Clone, Debug)]
pub struct ReferenceBot {
    map: Vec<Option<Field>>,
    ex: Option<i32>,
    sy: Option<i32>,
    pos: Cell,
    heading: Heading,
    arrows: i64,
    gold_found: u32,
    prev: Option<HunterAction>,
    history: Vec<Cell>,
    d: u32,
    width: u32,
    height: u32,
    turn: u32,
    rumble: bool,
    scream: bool,
    radar: BTreeMap<u32, u32>,
    mode: Mode,
    bots: BTreeMap<u32, WumpusBot>,
    global_rumbles: u32,
    field_shot: Option<Cell>,
    try_shots: u32,
    last_intensity: u32,
    danger: Vec<(Cell, Vec<u32>)>,
}

impl Default for ReferenceBot {
    fn default() -> Self {
        Self::new()
    }
}

impl ReferenceBot {
    /// A fresh agent (call `start` before use).
    pub fn new() -> Self {
        Self {
            map: vec![None; (DIM * DIM) as usize],
            ex: None,
            sy: None,
            pos: (1, 1),
            heading: Heading::East,
            arrows: 0,
            gold_found: 0,
            prev: None,
            history: Vec::new(),
            d: 3,
            width: 0,
            height: 0,
            turn: 0,
            rumble: false,
            scream: false,
            radar: BTreeMap::new(),
            mode: Mode::Brave,
            bots: BTreeMap::new(),
            global_rumbles: 0,
            field_shot: None,
            try_shots: 0,
            last_intensity: 4,
            danger: Vec::new(),
        }
    }

    fn idx(c: Cell) -> Option<usize> {
        (c.0 >= 0 && c.1 >= 0 && c.0 < DIM && c.1 < DIM).then(|| (c.1 * DIM + c.0) as usize)
    }

    /// The Field at `c`, if known.
    pub fn field(&self, c: Cell) -> Option<Field> {
        Self::idx(c).and_then(|i| self.map[i])
    }

    fn field_mut(&mut self, c: Cell) -> Option<&mut Field> {
        let i = Self::idx(c)?;
        Some(self.map[i].get_or_insert_with(Field::default))
    }

    /// Known east wall line.
    pub fn east_wall(&self) -> Option<i32> {
        self.ex
    }

    /// Known south wall line.
    pub fn south_wall(&self) -> Option<i32> {
        self.sy
    }

    /// Current danger list (cell, wumpus ids).
    pub fn danger(&self) -> &[(Cell, Vec<u32>)] {
        &self.danger
    }

    /// Current mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Believed arrows left.
    pub fn arrows(&self) -> i64 {
        self.arrows
    }

    fn on_wall_line(&self, c: Cell) -> bool {
        c.0 <= 0
            || c.1 <= 0
            || self.ex.is_some_and(|e| c.0 >= e)
            || self.sy.is_some_and(|s| c.1 >= s)
    }

    fn touch(&mut self, c: Cell) {
        let wall = self.on_wall_line(c);
        if let Some(f) = self.field_mut(c)
            && wall
        {
            f.add(FieldType::Wall);
        }
    }

    fn add(&mut self, c: Cell, t: FieldType) {
        if let Some(f) = self.field_mut(c) {
            f.add(t);
        }
    }

    fn update(&mut self, obs: &Observation) {
        let p = &obs.percept;
        match obs.effect {
            ActionEffect::GameInitialized => {
                self.add((1, 1), FieldType::Start);
                self.add((1, 1), FieldType::Empty);
                for c in [(0, 0), (1, 0), (0, 1)] {
                    self.add(c, FieldType::Wall);
                }
                let t = if p.breeze {
                    FieldType::Breeze
                } else {
                    FieldType::Empty
                };
                self.add((2, 1), t);
                self.add((1, 2), t);
            }
            ActionEffect::BumpedIntoWall => {
                let (x, y) = self.pos;
                match self.heading {
                    Heading::East => {
                        self.ex = Some(x + 1);
                        self.add((x + 1, y), FieldType::Wall);
                    }
                    Heading::South => {
                        self.sy = Some(y + 1);
                        self.add((x, y + 1), FieldType::Wall);
                    }
                    Heading::North | Heading::West => {}
                }
            }
            ActionEffect::GoldFound => {
                if let Some(f) = self.field_mut(self.pos) {
                    f.remove(FieldType::Gold);
                }
                self.gold_found += 1;
            }
            ActionEffect::MovementSuccessful => match self.prev {
                Some(HunterAction::TurnLeft) => self.heading = self.heading.left(),
                Some(HunterAction::TurnRight) => self.heading = self.heading.right(),
                Some(HunterAction::GoForward) => {
                    if let Some(f) = self.field_mut(self.pos) {
                        f.remove(FieldType::Player);
                    }
                    self.pos = self.heading.step(self.pos);
                    self.add(self.pos, FieldType::Visited);
                    self.add(self.pos, FieldType::Player);
                    for d in NWES {
                        self.touch(d.step(self.pos));
                    }
                    for d in NWES {
                        let n = d.step(self.pos);
                        if p.breeze {
                            if self
                                .field(n)
                                .is_some_and(|f| f.dominant() != FieldType::Wall)
                            {
                                self.add(n, FieldType::Breeze);
                            }
                        } else {
                            self.add(n, FieldType::Empty);
                        }
                    }
                    if p.glitter {
                        self.add(self.pos, FieldType::Gold);
                    }
                }
                _ => {}
            },
            ActionEffect::NoMoreShoots => self.arrows = 0,
            ActionEffect::WumpusKilled | ActionEffect::GameOver => {}
        }
        self.history.push(self.pos);
        if self.prev == Some(HunterAction::Shoot) {
            self.arrows -= 1;
        }
        self.rumble = p.rumble;
        self.scream = p.scream;
        self.radar.clone_from(&p.radar);
    }

    fn in_wall_lines(&self, c: Cell) -> bool {
        c.0 >= 1 && c.1 >= 1 && self.ex.is_none_or(|e| c.0 < e) && self.sy.is_none_or(|s| c.1 < s)
    }

    /// `plan_to_type(T)`: first action towards the nearest field whose dominant type is `t`.
    pub fn plan_to_type(&self, t: FieldType) -> Option<HunterAction> {
        let path = search(
            self.pos,
            self.heading,
            |c| self.field(c).is_some_and(Field::walkable),
            |c| self.field(c).is_some_and(|f| f.dominant() == t),
        )?;
        path.first().copied()
    }

    /// `plan_to_cell(c)`: the whole action list to `c` (W-11 for unknown cells).
    pub fn plan_to_cell(&self, target: Cell) -> Option<Vec<HunterAction>> {
        if self.field(target).is_some_and(|f| !f.walkable()) {
            return None;
        }
        let reach = self.d + 2;
        search(
            self.pos,
            self.heading,
            |c| match self.field(c) {
                Some(f) => f.walkable(),
                None => self.in_wall_lines(c) && manhattan(c, self.pos) <= reach,
            },
            |c| c == target,
        )
    }

    fn refresh_danger(&mut self) {
        let d = self.d;
        let p = self.pos;
        let now = self.turn;
        // 1. result of the last shot
        if self.scream {
            for b in self.bots.values_mut() {
                b.detected = false;
            }
            self.danger.clear();
        } else if let Some(f) = self.field_shot {
            for b in self.bots.values_mut() {
                b.candidates.retain(|&c| c != f);
            }
            self.danger.retain(|(c, _)| *c != f);
        }
        self.field_shot = None;
        // 2.
        self.last_intensity = d + 1;
        // 3. scope
        let di = d as i32;
        let mut scope = Vec::new();
        for y in p.1 - di..=p.1 + di {
            for x in p.0 - di..=p.0 + di {
                if manhattan((x, y), p) <= d && self.in_wall_lines((x, y)) {
                    scope.push((x, y));
                }
            }
        }
        // 4.
        if self.rumble {
            self.global_rumbles += 1;
        }
        // 5. existing bots
        for (id, b) in &mut self.bots {
            if self.rumble {
                b.rumble_counter += 1;
            }
            if !self.radar.contains_key(id) {
                b.prev_intensity = b.intensity;
                b.intensity = d + 1;
            }
            b.smelled_now = false;
            b.moves.push(self.rumble);
        }
        // 6. radar entries, descending id
        let entries: Vec<(u32, u32)> = self.radar.iter().rev().map(|(&k, &v)| (k, v)).collect();
        for (id, i) in entries {
            let (global, rumble) = (self.global_rumbles, self.rumble);
            let bot = self.bots.entry(id).or_insert_with(|| WumpusBot {
                candidates: Vec::new(),
                rumble_counter: global,
                detected: false,
                smelled_now: false,
                intensity: d + 1,
                prev_intensity: d + 1,
                created_turn: now,
                moves: vec![rumble],
            });
            let ii = i as i32;
            let mut rows: Vec<Vec<Cell>> = Vec::new();
            for dy in -ii..=ii {
                let r = ii - dy.abs();
                let west = (p.0 - r, p.1 + dy);
                let east = (p.0 + r, p.1 + dy);
                let mut row = vec![west];
                if east != west {
                    row.push(east);
                }
                row.retain(|c| scope.contains(c));
                rows.push(row);
            }
            let mut result: Vec<Cell> = Vec::new();
            if bot.detected {
                for row in &rows {
                    for old in &bot.candidates {
                        for &c in row {
                            if manhattan(*old, c) <= bot.rumble_counter && !result.contains(&c) {
                                result.push(c);
                            }
                        }
                    }
                }
            } else {
                result = rows.concat();
            }
            bot.rumble_counter = 0;
            bot.candidates = result;
            bot.smelled_now = true;
            bot.detected = true;
            bot.intensity = i;
            self.last_intensity = i;
        }
        // 7. prune
        let prev = self.prev;
        for b in self.bots.values_mut() {
            let mut t = now;
            loop {
                if t < b.created_turn {
                    break;
                }
                let k = (t - b.created_turn) as usize;
                if b.moves.get(k).copied().unwrap_or(true) {
                    break;
                }
                if let Some(&h) = self.history.get(t as usize) {
                    b.candidates.retain(|&c| c != h);
                }
                if t == 0 {
                    break;
                }
                t -= 1;
            }
            if b.intensity == d + 1 && b.prev_intensity == d {
                match prev {
                    Some(HunterAction::GoForward) => b.candidates.retain(|c| !scope.contains(c)),
                    Some(HunterAction::TurnLeft | HunterAction::TurnRight) => {
                        let axis = [
                            (p.0 + di, p.1),
                            (p.0 - di, p.1),
                            (p.0, p.1 + di),
                            (p.0, p.1 - di),
                        ];
                        b.candidates
                            .retain(|c| !scope.contains(c) || axis.contains(c));
                    }
                    _ => {}
                }
            }
        }
        // 8. global list
        self.danger.clear();
        for (&id, b) in &self.bots {
            if !b.smelled_now {
                continue;
            }
            for &c in &b.candidates {
                if let Some(e) = self.danger.iter_mut().find(|(x, _)| *x == c) {
                    e.1.push(id);
                } else {
                    self.danger.push((c, vec![id]));
                }
            }
        }
    }

    fn in_line(&self, c: Cell) -> bool {
        let (dx, dy) = (c.0 - self.pos.0, c.1 - self.pos.1);
        match self.heading {
            Heading::North => dx == 0 && dy < 0,
            Heading::South => dx == 0 && dy > 0,
            Heading::East => dy == 0 && dx > 0,
            Heading::West => dy == 0 && dx < 0,
        }
    }

    /// `find_safe_field()`: the neighbour farthest from every danger cell, or the current cell.
    pub fn find_safe_field(&self) -> Cell {
        let d = self.d;
        let mut scored: Vec<(i64, Cell)> = NWES
            .iter()
            .map(|h| {
                let n = h.step(self.pos);
                let s = match self.field(n) {
                    Some(f) if f.walkable() => {
                        let m = self
                            .danger
                            .iter()
                            .map(|(c, _)| manhattan(n, *c))
                            .min()
                            .unwrap_or(d + 1);
                        i64::from(m.min(d + 1))
                    }
                    _ => -1,
                };
                (s, n)
            })
            .collect();
        if scored.iter().all(|s| s.0 == scored[0].0) {
            return self.pos;
        }
        scored.sort_by_key(|a| std::cmp::Reverse(a.0));
        scored[0].1
    }

    fn flee(&self) -> Option<HunterAction> {
        let s = self.find_safe_field();
        if s == self.pos {
            return None;
        }
        self.plan_to_cell(s).and_then(|p| p.first().copied())
    }

    fn shoot_at(&mut self, t: Cell) -> HunterAction {
        self.field_shot = Some(t);
        HunterAction::Shoot
    }

    fn danger_action(&mut self) -> Option<HunterAction> {
        self.refresh_danger();
        if self.mode == Mode::Scared {
            if self.arrows <= 0 && self.last_intensity <= self.d {
                return self.flee();
            }
            return None;
        }
        let n = self.danger.len();
        if n == 1 {
            let t = self.danger[0].0;
            if self.in_line(t) {
                return Some(self.shoot_at(t));
            }
            let path = self.plan_to_cell(t).unwrap_or_default();
            if path.len() < 2 {
                return Some(self.shoot_at(t));
            }
            return Some(path[0]);
        }
        if n > 1 && self.last_intensity <= 1 {
            let t = self.danger[0].0;
            let path = self.plan_to_cell(t).unwrap_or_default();
            if path.len() < 2 {
                return Some(self.shoot_at(t));
            }
            return Some(path[0]);
        }
        if n > 1 && self.last_intensity == 2 {
            if self.try_shots < 2
                && let Some(t) = self.danger.iter().map(|e| e.0).find(|&c| self.in_line(c))
            {
                self.try_shots += 1;
                return Some(self.shoot_at(t));
            }
            return self.flee();
        }
        None
    }

    fn choose(&mut self) -> HunterAction {
        if self.arrows <= 0 {
            self.mode = Mode::Scared;
        }
        if let Some(a) = self.danger_action() {
            return a;
        }
        if self.gold_found >= 1 {
            return self
                .plan_to_type(FieldType::Start)
                .unwrap_or(HunterAction::QuitGame);
        }
        if let Some(a) = self.plan_to_type(FieldType::Gold) {
            return a;
        }
        if self
            .field(self.pos)
            .is_some_and(|f| f.dominant() == FieldType::Gold)
        {
            self.add(self.pos, FieldType::Visited);
            if let Some(f) = self.field_mut(self.pos) {
                f.remove(FieldType::Gold);
            }
            return HunterAction::Grab;
        }
        if let Some(a) = self.plan_to_type(FieldType::Empty) {
            return a;
        }
        self.plan_to_type(FieldType::Start)
            .unwrap_or(HunterAction::QuitGame)
    }
}

impl Bot for ReferenceBot {
    fn start(&mut self, info: &StartInfo) {
        *self = ReferenceBot::new();
        self.pos = info.start;
        self.heading = info.heading;
        self.arrows = i64::from(info.arrows);
        self.d = info.stench_distance;
        self.last_intensity = self.d + 1;
        self.width = info.width;
        self.height = info.height;
    }

    fn act(&mut self, obs: &Observation) -> HunterAction {
        self.turn = obs.turn;
        self.update(obs);
        let a = self.choose();
        self.prev = Some(a);
        a
    }

    fn knowledge(&self) -> Option<Knowledge> {
        let (w, h) = (self.width, self.height);
        let mut cells = Vec::with_capacity((w * h) as usize);
        for y in 0..h as i32 {
            for x in 0..w as i32 {
                let f = self.field((x, y));
                let mut k = CellKnowledge::default();
                if let Some(f) = f {
                    k.visited = f.has(FieldType::Visited);
                    k.safe = f.has(FieldType::Empty) && !f.has(FieldType::Wall);
                    k.wall = f.has(FieldType::Wall);
                    k.possible_pit = f.has(FieldType::Breeze) || f.has(FieldType::Hole);
                    k.gold = f.has(FieldType::Gold);
                }
                k.possible_wumpus = self.danger.iter().any(|e| e.0 == (x, y));
                cells.push(k);
            }
        }
        let notes = vec![
            format!(
                "mode={:?} arrows={} try_shots={}",
                self.mode, self.arrows, self.try_shots
            ),
            format!("walls: east={:?} south={:?}", self.ex, self.sy),
        ];
        Some(Knowledge {
            width: w,
            height: h,
            cells,
            position: self.pos,
            heading: self.heading,
            notes,
        })
    }
}

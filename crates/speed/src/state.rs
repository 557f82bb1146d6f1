//! Game state, directions and actions: the model shared by the engine, the AIs and the
//! protocol code. Cells are a flat row-major `Vec<i8>` (`index = y * width + x`).

use std::fmt;

/// Cell value of a free cell.
pub const FREE: i8 = 0;
/// Cell value written where a collision happened.
pub const COLLISION: i8 = -1;
/// Lowest legal speed.
pub const MIN_SPEED: i32 = 1;
/// Highest legal speed.
pub const MAX_SPEED: i32 = 10;

/// A player id as the server uses it (1 … 6; the cell value of its trail).
pub type PlayerId = u8;

/// Facing direction of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// y − 1.
    Up,
    /// x + 1.
    Right,
    /// y + 1.
    Down,
    /// x − 1.
    Left,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Right,
        Direction::Down,
        Direction::Left,
    ];

    /// The one-cell step `(dx, dy)`.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, -1),
            Direction::Right => (1, 0),
            Direction::Down => (0, 1),
            Direction::Left => (-1, 0),
        }
    }

    /// Rotated 90° counter-clockwise (`turn_left`).
    #[must_use]
    pub fn left(self) -> Direction {
        match self {
            Direction::Up => Direction::Left,
            Direction::Left => Direction::Down,
            Direction::Down => Direction::Right,
            Direction::Right => Direction::Up,
        }
    }

    /// Rotated 90° clockwise (`turn_right`).
    #[must_use]
    pub fn right(self) -> Direction {
        match self {
            Direction::Up => Direction::Right,
            Direction::Right => Direction::Down,
            Direction::Down => Direction::Left,
            Direction::Left => Direction::Up,
        }
    }

    /// The protocol name (`"up"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Right => "right",
            Direction::Down => "down",
            Direction::Left => "left",
        }
    }

    /// Parses a protocol name (case-sensitive).
    pub fn from_name(s: &str) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.name() == s)
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One of the five actions, in the team's index order (turn_left = 0 … change_nothing = 4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Rotate counter-clockwise.
    TurnLeft,
    /// Rotate clockwise.
    TurnRight,
    /// Speed + 1.
    SpeedUp,
    /// Speed − 1.
    SlowDown,
    /// Keep direction and speed.
    ChangeNothing,
}

impl Action {
    /// All actions in index order.
    pub const ALL: [Action; 5] = [
        Action::TurnLeft,
        Action::TurnRight,
        Action::SpeedUp,
        Action::SlowDown,
        Action::ChangeNothing,
    ];

    /// The protocol name (`"turn_left"`, …).
    pub fn name(self) -> &'static str {
        match self {
            Action::TurnLeft => "turn_left",
            Action::TurnRight => "turn_right",
            Action::SpeedUp => "speed_up",
            Action::SlowDown => "slow_down",
            Action::ChangeNothing => "change_nothing",
        }
    }

    /// Parses a protocol name; exact, case-sensitive, as the server does.
    pub fn from_name(s: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.name() == s)
    }

    /// Index 0 … 4 (team order).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Direction and speed after applying this action (the speed may leave 1 … 10).
    pub fn apply(self, direction: Direction, speed: i32) -> (Direction, i32) {
        match self {
            Action::TurnLeft => (direction.left(), speed),
            Action::TurnRight => (direction.right(), speed),
            Action::SpeedUp => (direction, speed + 1),
            Action::SlowDown => (direction, speed - 1),
            Action::ChangeNothing => (direction, speed),
        }
    }

    /// The console key of the team's Table 8.1 (`r`, `l`, `u`, `d`, `n`).
    pub fn key(self) -> char {
        match self {
            Action::TurnLeft => 'l',
            Action::TurnRight => 'r',
            Action::SpeedUp => 'u',
            Action::SlowDown => 'd',
            Action::ChangeNothing => 'n',
        }
    }

    /// Parses a console key (`r`, `l`, `u`, `d`, `n`).
    pub fn from_key(c: char) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.key() == c)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One player as in the server's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Player id (1 … 6).
    pub id: PlayerId,
    /// Head column; may be off the board after leaving it.
    pub x: i32,
    /// Head row; may be off the board after leaving it.
    pub y: i32,
    /// Facing direction.
    pub direction: Direction,
    /// Speed; 1 … 10 while active, may be 0 or 11 after such an elimination.
    pub speed: i32,
    /// Still in the game.
    pub active: bool,
    /// Pseudonym, sent only in the final state.
    pub name: Option<String>,
}

/// A full game state. `players` is sorted by id; `round` is the 1-based number of this
/// state among the states sent while running (never on the wire: clients count it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameState {
    /// Board width (columns).
    pub width: i32,
    /// Board height (rows).
    pub height: i32,
    /// Row-major cells: 0 free, 1 … 6 player id, −1 collision.
    pub cells: Vec<i8>,
    /// Players sorted by id.
    pub players: Vec<Player>,
    /// Id of the receiving player (0 in server logs).
    pub you: PlayerId,
    /// False only in the final state.
    pub running: bool,
    /// RFC 3339 deadline as sent; absent in the final state.
    pub deadline: Option<String>,
    /// 1-based round number of this state; a move answering it is a hole move when
    /// `round % 6 == 0` and the speed is ≥ 3.
    pub round: u32,
}

impl GameState {
    /// True when `(x, y)` is on the board.
    #[inline]
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= 0 && y >= 0 && x < self.width && y < self.height
    }

    /// Flat index of an on-board cell.
    #[inline]
    pub fn index(&self, x: i32, y: i32) -> usize {
        (y * self.width + x) as usize
    }

    /// Cell value at an on-board position.
    #[inline]
    pub fn cell(&self, x: i32, y: i32) -> i8 {
        self.cells[self.index(x, y)]
    }

    /// The player with this id.
    pub fn player(&self, id: PlayerId) -> Option<&Player> {
        self.players.iter().find(|p| p.id == id)
    }

    /// Position of the player with this id in `players`.
    pub fn player_index(&self, id: PlayerId) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// Number of active players.
    pub fn active_count(&self) -> usize {
        self.players.iter().filter(|p| p.active).count()
    }

    /// The winner of a finished game: the only active player, `None` for a draw or a
    /// running game.
    pub fn winner(&self) -> Option<PlayerId> {
        if self.running {
            return None;
        }
        let mut active = self.players.iter().filter(|p| p.active);
        match (active.next(), active.next()) {
            (Some(p), None) => Some(p.id),
            _ => None,
        }
    }

    /// True when a move answering this state at `speed` has holes.
    #[inline]
    pub fn is_hole_move(&self, speed: i32) -> bool {
        speed >= 3 && self.round.is_multiple_of(6)
    }
}

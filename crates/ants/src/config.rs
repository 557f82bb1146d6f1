//! Game parameters with the defaults of the official `playgame.py` (spec §2.1).

use std::fmt;
use std::str::FromStr;

/// The largest map side (rows or cols) accepted anywhere: the official maps are at most
/// 200×200.
pub const MAX_MAP_SIDE: u32 = 200;

/// The largest squared radius (view, attack, spawn) accepted anywhere: the squared diagonal
/// of the largest map, beyond which a radius reaches nothing more.
pub const MAX_RADIUS2: u32 = 2 * MAX_MAP_SIDE * MAX_MAP_SIDE;

/// The largest map file read (1 MiB; a 200×200 map is about 41 KB).
pub const MAX_MAP_BYTES: u64 = 1 << 20;

/// Checks the three squared radii against [`MAX_RADIUS2`]; the error names the first one
/// out of range.
pub fn check_radii(viewradius2: u32, attackradius2: u32, spawnradius2: u32) -> Result<(), String> {
    for (name, v) in [
        ("viewradius2", viewradius2),
        ("attackradius2", attackradius2),
        ("spawnradius2", spawnradius2),
    ] {
        if v > MAX_RADIUS2 {
            return Err(format!(
                "{name} {v} is out of range (at most {MAX_RADIUS2}, the squared diagonal of a {MAX_MAP_SIDE}x{MAX_MAP_SIDE} map)"
            ));
        }
    }
    Ok(())
}

/// How food is placed (`--food`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum FoodMethod {
    /// Whole symmetric sets (the official default).
    #[default]
    Symmetric,
    /// Uniformly random land squares.
    Random,
    /// Random squares of each player's BFS section.
    Sections,
    /// No food at all.
    None,
}

impl FromStr for FoodMethod {
    type Err = std::convert::Infallible;
    /// Any unknown string means `sections`, as in the official engine.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "symmetric" => FoodMethod::Symmetric,
            "random" => FoodMethod::Random,
            "none" => FoodMethod::None,
            _ => FoodMethod::Sections,
        })
    }
}

impl fmt::Display for FoodMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FoodMethod::Symmetric => "symmetric",
            FoodMethod::Random => "random",
            FoodMethod::Sections => "sections",
            FoodMethod::None => "none",
        })
    }
}

/// Battle resolution (`--attack`, spec §4.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum AttackMethod {
    /// The official rule.
    #[default]
    Focus,
    /// Closest-distance groups die.
    Closest,
    /// Every engaged ant dies (the official `support` as implemented).
    Support,
    /// Damage split over enemies in range.
    Damage,
}

impl FromStr for AttackMethod {
    type Err = std::convert::Infallible;
    /// Any unknown string means `focus`, as in the official engine.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "closest" => AttackMethod::Closest,
            "support" => AttackMethod::Support,
            "damage" => AttackMethod::Damage,
            _ => AttackMethod::Focus,
        })
    }
}

/// An inclusive integer range a parameter is drawn from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Range {
    /// Lowest value.
    pub lo: u32,
    /// Highest value (inclusive).
    pub hi: u32,
}

impl Range {
    /// A range `[lo, hi]`.
    pub const fn new(lo: u32, hi: u32) -> Range {
        Range { lo, hi }
    }
}

/// Every official game parameter; [`GameConfig::default`] gives the playgame.py defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct GameConfig {
    /// Maximum number of game turns (1000).
    pub turns: u32,
    /// Setup answer time in ms (3000).
    pub loadtime_ms: u64,
    /// Turn answer time in ms (1000).
    pub turntime_ms: u64,
    /// Squared vision radius (77).
    pub viewradius2: u32,
    /// Squared attack radius (5).
    pub attackradius2: u32,
    /// Squared gathering radius (1).
    pub spawnradius2: u32,
    /// Food rate numerator range (5..=11).
    pub food_rate: Range,
    /// Food rate denominator range (19..=37).
    pub food_turn: Range,
    /// Starting food divisor range (75..=175).
    pub food_start: Range,
    /// Visible starting food per player range (3..=5).
    pub food_visible: Range,
    /// Food placement method (symmetric).
    pub food: FoodMethod,
    /// Battle resolution (focus).
    pub attack: AttackMethod,
    /// Turns of domination that end the game (150).
    pub cutoff_turn: u32,
    /// Domination threshold (0.85).
    pub cutoff_percent: f64,
    /// Scenario mode: ants and food of the map are used.
    pub scenario: bool,
    /// Strict mode: an invalid order line removes the bot.
    pub strict: bool,
    /// Engine random seed.
    pub engine_seed: u64,
    /// Seed forwarded to every bot.
    pub player_seed: i64,
    /// Game id written to the replay.
    pub game_id: i64,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            turns: 1000,
            loadtime_ms: 3000,
            turntime_ms: 1000,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            food_rate: Range::new(5, 11),
            food_turn: Range::new(19, 37),
            food_start: Range::new(75, 175),
            food_visible: Range::new(3, 5),
            food: FoodMethod::Symmetric,
            attack: AttackMethod::Focus,
            cutoff_turn: 150,
            cutoff_percent: 0.85,
            scenario: false,
            strict: false,
            engine_seed: 0,
            player_seed: 0,
            game_id: 0,
        }
    }
}

impl GameConfig {
    /// The defaults with both seeds set to `seed`.
    pub fn seeded(seed: u64) -> GameConfig {
        GameConfig {
            engine_seed: seed,
            player_seed: seed as i64,
            ..GameConfig::default()
        }
    }
}

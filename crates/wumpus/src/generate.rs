//! Seeded world generator and presets (spec §2.2).

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::rng::SplitMix64;
use crate::world::{Cell, GameParams, START, World, manhattan};

/// A named set of generator and game parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Preset {
    /// 6×6 interior, 1 wumpus, 3 arrows, 500 actions.
    Small,
    /// 10×10 interior, 2 wumpi, 4 arrows, 1000 actions (the default).
    #[default]
    Medium,
    /// 15×15 interior, 3 wumpi, 5 arrows, 2000 actions.
    Large,
}

impl Preset {
    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Small => "small",
            Preset::Medium => "medium",
            Preset::Large => "large",
        }
    }

    /// Generator parameters of this preset for `seed`.
    pub fn params(self, seed: u64) -> GenParams {
        let (n, wumpi, arrows, max_actions) = match self {
            Preset::Small => (6, 1, 3, 500),
            Preset::Medium => (10, 2, 4, 1000),
            Preset::Large => (15, 3, 5, 2000),
        };
        GenParams {
            width: n,
            height: n,
            pit_prob: 0.10,
            wumpus_count: wumpi,
            seed,
            name: Some(format!("seed-{seed}-{}", self.name())),
            game: GameParams {
                arrows,
                max_actions,
                ..GameParams::default()
            },
        }
    }
}

impl FromStr for Preset {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "small" => Ok(Preset::Small),
            "medium" => Ok(Preset::Medium),
            "large" => Ok(Preset::Large),
            other => Err(format!(
                "unknown preset '{other}' (expected small, medium or large)"
            )),
        }
    }
}

/// Generator parameters: interior size, pit probability, wumpus count, seed, game parameters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenParams {
    /// Interior width (without the border).
    pub width: u32,
    /// Interior height (without the border).
    pub height: u32,
    /// Probability that an interior cell (not the start) is a pit.
    pub pit_prob: f64,
    /// Number of wumpi.
    pub wumpus_count: u32,
    /// Seed of the SplitMix64 generator.
    pub seed: u64,
    /// Name written into the world.
    pub name: Option<String>,
    /// Game parameters stored in the world.
    pub game: GameParams,
}

/// Generator failure.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum GenError {
    /// The interior size is outside 2..62.
    #[error("interior size {0}×{1} is outside 2..62")]
    Size(u32, u32),
    /// Not enough cells far from the start for the wumpi.
    #[error("world too small: no room for wumpus {0}")]
    TooSmall(u32),
    /// Only pits and the start: no place for the gold.
    #[error("world too small: no room for the gold")]
    NoGold,
}

/// Generates a world exactly as spec §2.2 describes.
pub fn generate(p: &GenParams) -> Result<World, GenError> {
    if !(2..=62).contains(&p.width) || !(2..=62).contains(&p.height) {
        return Err(GenError::Size(p.width, p.height));
    }
    let mut rng = SplitMix64::new(p.seed);
    let mut pits = Vec::new();
    let mut free: Vec<Cell> = Vec::new();
    for y in 1..=p.height as i32 {
        for x in 1..=p.width as i32 {
            if (x, y) == START {
                continue;
            }
            if rng.unit() < p.pit_prob {
                pits.push((x, y));
            } else {
                free.push((x, y));
            }
        }
    }
    if free.is_empty() {
        return Err(GenError::NoGold);
    }
    let gold = free[rng.below(free.len() as u64) as usize];
    let d = p.game.stench_distance;
    let mut cand: Vec<Cell> = free
        .into_iter()
        .filter(|&c| c != gold && manhattan(c, START) > d)
        .collect();
    let mut wumpi = Vec::new();
    for k in 0..p.wumpus_count {
        if cand.is_empty() {
            return Err(GenError::TooSmall(k + 1));
        }
        let i = rng.below(cand.len() as u64) as usize;
        wumpi.push(cand.remove(i));
    }
    let mut world = World::new(
        p.width + 2,
        p.height + 2,
        &pits,
        gold,
        &wumpi,
        p.game.clone(),
    )
    .map_err(|_| GenError::Size(p.width, p.height))?;
    world.name.clone_from(&p.name);
    Ok(world)
}

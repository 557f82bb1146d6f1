//! What [`crate::ThesisBot`] draws (`visualize=…` of the `thesis` bot spec, [`Visualize`]):
//! per ant its task, target, mission (`i` notes) and planned path in [`PATH`]'s colour
//! ([`crate::orders::OrderBook::finish_with`])
//! and, with [`Visualize::Influence`], the influence map: every square whose own minus enemy
//! influence is at least [`SHOWN`] in size shaded green (own) or red (enemy), darker for
//! larger values. Colours and shapes are listed in `docs/ants-viewer.md`, "Our bots' plans".

use std::str::FromStr;

use ants::visual::{Color, Command};

use crate::influence::InfluenceMap;
use crate::world::World;

/// What the bot draws each turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Visualize {
    /// Nothing (nothing is computed for drawing).
    #[default]
    Off,
    /// Task, target, mission and planned path per ant (`visualize=true`).
    Plans,
    /// The plans and the influence map (`visualize=influence`).
    Influence,
}

impl FromStr for Visualize {
    type Err = String;

    /// `false`, `true` or `influence`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "false" => Ok(Visualize::Off),
            "true" => Ok(Visualize::Plans),
            "influence" => Ok(Visualize::Influence),
            other => Err(format!("`{other}` is none of false, true, influence")),
        }
    }
}

/// The planned paths (`routePlan`) and lines to targets.
pub const PATH: Color = Color::new(90, 170, 255, 1.0);

/// Squares with own minus enemy influence smaller than this in size are not shaded.
pub const SHOWN: f32 = 5.0;

/// Influence this large (or larger) in size is shaded darkest.
const FULL: f32 = 50.0;

/// The shading steps: opacity of step `k` of [`STEPS`] is `0.15 · (k + 1)`.
const STEPS: usize = 4;

/// Own influence (safety > 0): green.
pub const OWN: (u8, u8, u8) = (0, 200, 60);
/// Enemy influence (safety < 0): red.
pub const ENEMY: (u8, u8, u8) = (230, 30, 30);

/// The influence map as filled tiles, grouped by colour and shading step (one
/// `setFillColor` per group).
pub fn influence(world: &World, map: &InfluenceMap) -> Vec<Command> {
    let mut groups: [Vec<Command>; 2 * STEPS] = Default::default();
    for i in 0..world.shape.len() as u32 {
        let p = world.shape.pos(i);
        if world.water[p] {
            continue;
        }
        let s = map.safety(world, p);
        if s.abs() < SHOWN || !s.is_finite() {
            continue;
        }
        let step = ((s.abs() / FULL * STEPS as f32) as usize).min(STEPS - 1);
        let side = usize::from(s < 0.0);
        groups[side * STEPS + step].push(Command::Tile(p));
    }
    let mut out = Vec::new();
    for (k, tiles) in groups.into_iter().enumerate() {
        if tiles.is_empty() {
            continue;
        }
        let (r, g, b) = if k < STEPS { OWN } else { ENEMY };
        let alpha = 0.15 * ((k % STEPS) + 1) as f64;
        out.push(Command::SetFillColor(Color::new(r, g, b, alpha)));
        out.extend(tiles);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_values_parse() {
        assert_eq!("false".parse(), Ok(Visualize::Off));
        assert_eq!("true".parse(), Ok(Visualize::Plans));
        assert_eq!("influence".parse(), Ok(Visualize::Influence));
        assert!("yes".parse::<Visualize>().is_err());
    }
}

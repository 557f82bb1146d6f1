//! The AIs: the [`Ai`] trait, construction by name ([`from_spec`]), and every AI.
//!
//! An AI is anytime: [`Ai::decide`] first settles on a safe move, then improves it
//! while time remains, and returns before `deadline`.

use std::time::Instant;

use crate::state::{Action, GameState, PlayerId};

pub mod champion;
pub mod fill;
pub mod not_killing;
pub mod pathfinding;
pub mod random;
pub mod search_tree;
pub mod sim;

pub use champion::Champion;
pub use not_killing::NotKillingItselfAi;
pub use pathfinding::PathfindingAi;
pub use random::RandomAi;
pub use search_tree::{PathfindingSearchTreeAi, SearchTreeAi, SearchTreePathfindingAi};

/// A spe_ed player.
pub trait Ai: Send {
    /// The AI's spec with its parameters, e.g. `pathfinding(2,75)`; parseable by
    /// [`from_spec`].
    fn name(&self) -> String;

    /// Chooses the action answering `state` for player `me`, returning before
    /// `deadline`. `state.round` must be the 1-based round number (hole rule).
    fn decide(&mut self, state: &GameState, me: PlayerId, deadline: Instant) -> Action;
}

/// An AI spec that cannot be parsed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum AiSpecError {
    /// Unknown AI name.
    #[error("unknown AI `{0}` (known: {KNOWN})")]
    Unknown(String),
    /// Wrong parameter count or value.
    #[error("AI `{name}`: {message}")]
    Params {
        /// The AI name.
        name: String,
        /// What is wrong.
        message: String,
    },
}

/// Names accepted by [`from_spec`], with their parameters.
pub const KNOWN: &str = "random, not-killing-itself(max_speed,max_worse_distance,depth), \
pathfinding(max_speed,count_paths_to_check), search-tree(depth,distance_to_check[,max_speed]), \
search-tree-pathfinding(max_speed,paths,depth,distance), \
pathfinding-search-tree(max_speed,paths,depth,tolerance,distance), champion[(max_speed,think_ms,max_nodes)]";

/// The team AIs plus champion with the parameters used in evaluations.
pub const DEFAULT_LINEUP: [&str; 7] = [
    "random",
    "not-killing-itself(1,0,3)",
    "pathfinding(2,75)",
    "search-tree(2,10)",
    "search-tree-pathfinding(2,75,2,10)",
    "pathfinding-search-tree(1,50,3,0.75,10)",
    "champion",
];

/// Builds an AI from a spec such as `pathfinding-search-tree(1,50,3,0.75,10)`; `seed`
/// seeds its random choices. Missing parameters take the documented defaults.
pub fn from_spec(spec: &str, seed: u64) -> Result<Box<dyn Ai>, AiSpecError> {
    let spec = spec.trim();
    let (name, params) = match spec.find('(') {
        Some(i) if spec.ends_with(')') => (&spec[..i], &spec[i + 1..spec.len() - 1]),
        Some(_) => {
            return Err(AiSpecError::Params {
                name: spec.into(),
                message: "missing `)`".into(),
            });
        }
        None => (spec, ""),
    };
    let name = name.trim().to_ascii_lowercase();
    let values: Vec<f64> = if params.trim().is_empty() {
        Vec::new()
    } else {
        params
            .split(',')
            .map(|p| {
                p.trim().parse::<f64>().map_err(|_| AiSpecError::Params {
                    name: name.clone(),
                    message: format!("parameter `{}` is not a number", p.trim()),
                })
            })
            .collect::<Result<_, _>>()?
    };
    let p = Params {
        name: &name,
        values: &values,
    };
    let ai: Box<dyn Ai> = match name.as_str() {
        "random" => {
            p.count(0, 0)?;
            Box::new(RandomAi::new(seed))
        }
        "not-killing-itself" => {
            p.count(0, 3)?;
            Box::new(NotKillingItselfAi::new(
                p.int(0, 1, 1, 10)?,
                p.int(1, 0, 0, 100)?,
                p.int(2, 1, 1, 10)? as u32,
                seed,
            ))
        }
        "pathfinding" => {
            p.count(0, 2)?;
            Box::new(PathfindingAi::new(
                p.int(0, 2, 1, 10)?,
                p.int(1, 75, 1, 100_000)? as usize,
                seed,
            ))
        }
        "search-tree" => {
            p.count(0, 3)?;
            Box::new(SearchTreeAi::new(
                p.int(0, 2, 1, 10)? as u32,
                p.int(1, 0, 0, 1000)? as u32,
                p.int(2, 10, 1, 10)?,
                seed,
            ))
        }
        "search-tree-pathfinding" => {
            p.count(0, 4)?;
            Box::new(SearchTreePathfindingAi::new(
                p.int(0, 2, 1, 10)?,
                p.int(1, 75, 1, 100_000)? as usize,
                p.int(2, 2, 1, 10)? as u32,
                p.int(3, 10, 0, 1000)? as u32,
                seed,
            ))
        }
        "pathfinding-search-tree" => {
            p.count(0, 5)?;
            Box::new(PathfindingSearchTreeAi::new(
                p.int(0, 1, 1, 10)?,
                p.int(1, 50, 1, 100_000)? as usize,
                p.int(2, 3, 1, 10)? as u32,
                p.float(3, 0.75, 0.0, 1.0)?,
                p.int(4, 10, 0, 1000)? as u32,
                seed,
            ))
        }
        "champion" => {
            p.count(0, 3)?;
            let d = champion::Config::default();
            Box::new(Champion::new(champion::Config {
                max_speed: p.int(0, d.max_speed, 1, 10)?,
                think_ms: p.int(1, d.think_ms as i32, 1, 60_000)? as u64,
                max_nodes: p.int(2, d.max_nodes as i32, 1, i32::MAX)? as u64,
            }))
        }
        _ => return Err(AiSpecError::Unknown(name)),
    };
    Ok(ai)
}

struct Params<'a> {
    name: &'a str,
    values: &'a [f64],
}

impl Params<'_> {
    fn err(&self, message: String) -> AiSpecError {
        AiSpecError::Params {
            name: self.name.to_owned(),
            message,
        }
    }

    fn count(&self, lo: usize, hi: usize) -> Result<(), AiSpecError> {
        if (lo..=hi).contains(&self.values.len()) {
            Ok(())
        } else {
            Err(self.err(format!(
                "expected {lo} to {hi} parameters, got {}",
                self.values.len()
            )))
        }
    }

    fn int(&self, i: usize, default: i32, lo: i32, hi: i32) -> Result<i32, AiSpecError> {
        let Some(&v) = self.values.get(i) else {
            return Ok(default);
        };
        if v.fract() != 0.0 || v < f64::from(lo) || v > f64::from(hi) {
            return Err(self.err(format!(
                "parameter {} must be an integer in {lo}..={hi}",
                i + 1
            )));
        }
        Ok(v as i32)
    }

    fn float(&self, i: usize, default: f64, lo: f64, hi: f64) -> Result<f64, AiSpecError> {
        let Some(&v) = self.values.get(i) else {
            return Ok(default);
        };
        if !(lo..=hi).contains(&v) {
            return Err(self.err(format!("parameter {} must be in {lo}..={hi}", i + 1)));
        }
        Ok(v)
    }
}

/// Index of player `me` in `state.players`, if it is active.
pub(crate) fn active_index(state: &GameState, me: PlayerId) -> Option<usize> {
    state.player_index(me).filter(|&i| state.players[i].active)
}

/// Splits a list of specs at the commas outside parentheses:
/// `champion,pathfinding(2,75)` → `["champion", "pathfinding(2,75)"]`.
pub fn split_specs(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut cur) = (0i32, String::new());
    for c in list.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur).trim().to_owned());
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(cur.trim().to_owned());
    }
    out
}

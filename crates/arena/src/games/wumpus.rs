//! Wumpus world in the arena: every agent plays the same world (a file, or one generated from
//! the game's seed) on its own; agents rank by score on that world.

use std::path::Path;

use wumpus::agents::EntrantSpec;

use crate::games::check_keys;
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// Plays Wumpus worlds with the bots of [`wumpus::agents::BOTS`] (any spec, e.g.
/// `champion(win_chance=0.5)`) and external programs (`NAME=cmd:COMMAND`).
#[derive(Clone, Debug)]
pub struct WumpusPlayer {
    preset: wumpus::Preset,
}

impl WumpusPlayer {
    /// Options: `preset` for generated worlds: `small`, `medium` (default) or `large`.
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(options, &["preset"])?;
        let preset = match options.get("preset") {
            None => wumpus::Preset::Medium,
            Some(toml::Value::String(s)) => match s.as_str() {
                "small" => wumpus::Preset::Small,
                "medium" => wumpus::Preset::Medium,
                "large" => wumpus::Preset::Large,
                other => {
                    anyhow::bail!("options.preset: unknown preset {other:?} (small, medium, large)")
                }
            },
            Some(v) => anyhow::bail!("options.preset: expected a string, found {v}"),
        };
        Ok(Self { preset })
    }
}

impl GamePlayer for WumpusPlayer {
    fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
        Ok(Seats::All)
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        EntrantSpec::parse(spec)?;
        Ok(())
    }

    fn play(&self, job: &Job, _replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let world = if job.map.is_empty() {
            wumpus::generate(&self.preset.params(job.seed))?
        } else {
            wumpus::World::load(Path::new(&job.map))?
        };
        let mut results = Vec::with_capacity(job.specs.len());
        for spec in &job.specs {
            let mut game = wumpus::Game::new(&world, job.seed);
            let mut player =
                EntrantSpec::parse(spec)?.entrant(wumpus::protocol::Timeouts::default())?;
            results.push(wumpus::play_game(&mut game, player.as_mut(), |_, _, _| {}).result);
        }
        Ok(MatchResult {
            turns: results.iter().map(|r| r.actions).max().unwrap_or(0),
            outcome: if world.solvable() {
                "solvable"
            } else {
                "unsolvable"
            }
            .to_owned(),
            replay: None,
            details: serde_json::json!({
                "outcomes": results.iter().map(|r| format!("{:?}", r.outcome)).collect::<Vec<_>>(),
            }),
            seats: job
                .seats
                .iter()
                .zip(&results)
                .map(|(bot, r)| SeatResult {
                    bot: bot.clone(),
                    score: r.score as f64,
                    rank: results.iter().filter(|o| o.score > r.score).count() as u32,
                    status: format!("{:?}", r.outcome).to_lowercase(),
                })
                .collect(),
        })
    }
}

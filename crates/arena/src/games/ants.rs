//! Ants in the arena: bots and external programs from [`ants_bots`], games on map files.

use std::path::Path;

use anyhow::Context;

use crate::games::{check_keys, int_option, replay_name};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// The in-process bots: the names of [`ants_bots::BOTS`].
pub fn bot_names() -> Vec<&'static str> {
    ants_bots::BOTS.names()
}

/// Builds a bot of [`ants_bots::BOTS`] from a spec: `NAME`, `NAME(key=value,…)` or
/// `thesis:PROFILE`.
pub fn make_bot(spec: &str) -> anyhow::Result<Box<dyn ants::Bot>> {
    Ok(ants_bots::BOTS.build(spec, ())?)
}

/// An entrant from a spec: an external program (`cmd:COMMAND`, `NAME=cmd:COMMAND`, official
/// stdin/stdout protocol) or an in-process bot of [`make_bot`] ([`ants_bots::entrant`]).
pub fn make_entrant(spec: &str) -> anyhow::Result<ants::Entrant> {
    Ok(ants_bots::entrant(spec)?)
}

/// Plays Ants games on map files.
#[derive(Clone, Debug)]
pub struct AntsPlayer {
    turns: u32,
    turntime_ms: u64,
    loadtime_ms: u64,
}

impl AntsPlayer {
    /// Options: `turns` (default 500), `turntime` and `loadtime` in ms (500 / 3000).
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(options, &["turns", "turntime", "loadtime"])?;
        Ok(Self {
            turns: u32::try_from(int_option(options, "turns", 500)?)
                .context("options.turns: too large")?,
            turntime_ms: int_option(options, "turntime", 500)?,
            loadtime_ms: int_option(options, "loadtime", 3000)?,
        })
    }
}

impl GamePlayer for AntsPlayer {
    fn seats(&self, map: &str) -> anyhow::Result<Seats> {
        anyhow::ensure!(!map.is_empty(), "Ants games need `maps`");
        let m = ants::Map::load(Path::new(map))?;
        Ok(Seats::Fixed(usize::from(m.players())))
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        make_entrant(spec).map(drop)
    }

    fn play(&self, job: &Job, replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let map = ants::Map::load(Path::new(&job.map))?;
        let bots = job
            .specs
            .iter()
            .map(|s| make_entrant(s))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let config = ants::GameConfig {
            turns: self.turns,
            turntime_ms: self.turntime_ms,
            loadtime_ms: self.loadtime_ms,
            ..ants::GameConfig::seeded(job.seed)
        };
        let result = ants::play_game(&map, &config, bots)?;
        let replay = match replay_dir {
            Some(dir) => {
                let path = dir.join(replay_name(&job.key, "replay"));
                result.write_replay(&path)?;
                Some(path.to_string_lossy().into_owned())
            }
            None => None,
        };
        Ok(MatchResult {
            turns: result.turns,
            outcome: result.cutoff.as_str().to_owned(),
            replay,
            details: serde_json::json!({
                "playerturns": result.playerturns,
                "slowest_turn_ms": result.timing.slowest.iter().map(|d| d.as_secs_f64() * 1000.0).collect::<Vec<_>>(),
            }),
            seats: job
                .seats
                .iter()
                .enumerate()
                .map(|(i, bot)| SeatResult {
                    bot: bot.clone(),
                    score: f64::from(result.scores[i]),
                    rank: result.ranks[i],
                    status: result.statuses[i].as_str().to_owned(),
                })
                .collect(),
        })
    }
}

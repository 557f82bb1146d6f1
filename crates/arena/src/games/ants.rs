//! Ants in the arena, and the registry of every in-process Ants bot by name.

use std::path::Path;

use anyhow::Context;

use crate::games::{check_keys, int_option, replay_name};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// The in-process bots: the baselines of the `ants` crate, `xathis-style` and `champion`,
/// and `thesis` (optionally `thesis:PROFILE` with a bundled profile name or a TOML file).
pub fn bot_names() -> Vec<&'static str> {
    let mut names = ants::bots::NAMES.to_vec();
    names.extend(["xathis-style", "champion", "thesis"]);
    names
}

/// Builds a bot from a spec: `NAME`, `thesis:PROFILE`, or `champion(key=value,…)` /
/// `xathis-style(key=value,…)` with parameters of [`ants_xathis::Config::set`].
pub fn make_bot(spec: &str) -> anyhow::Result<Box<dyn ants::Bot>> {
    if let Some((name, params)) = spec.strip_suffix(')').and_then(|s| s.split_once('(')) {
        let mut cfg = match name {
            "champion" => ants_xathis::Config::champion(),
            "xathis-style" => ants_xathis::Config::xathis(),
            _ => anyhow::bail!("Ants bot `{name}` takes no parameters (in `{spec}`)"),
        };
        for kv in params.split(',').map(str::trim).filter(|kv| !kv.is_empty()) {
            let (k, v) = kv
                .split_once('=')
                .ok_or_else(|| anyhow::anyhow!("`{kv}` in `{spec}` is not key=value"))?;
            cfg.set(k.trim(), v.trim())
                .map_err(|e| anyhow::anyhow!("`{spec}`: {e}"))?;
        }
        return Ok(Box::new(ants_xathis::ChampionBot::with_named_config(
            spec, cfg,
        )));
    }
    let (name, arg) = spec
        .split_once(':')
        .map_or((spec, None), |(n, a)| (n, Some(a)));
    let bot: Box<dyn ants::Bot> = match (name, arg) {
        ("xathis-style", None) => Box::new(ants_xathis::XathisBot::new()),
        ("champion", None) => Box::new(ants_xathis::ChampionBot::new()),
        ("thesis", profile) => Box::new(ants_thesis::ThesisBot::new(thesis_profile(profile)?)),
        (name, None) => ants::bots::by_name(name).ok_or_else(|| {
            anyhow::anyhow!(
                "unknown bot `{name}`; known Ants bots: {}",
                bot_names().join(", ")
            )
        })?,
        (name, Some(_)) => anyhow::bail!("Ants bot `{name}` takes no `:` argument"),
    };
    Ok(bot)
}

/// An entrant from a spec: an external program (`cmd:COMMAND`, `NAME=cmd:COMMAND`, official
/// stdin/stdout protocol) or an in-process bot of [`make_bot`].
pub fn make_entrant(spec: &str) -> anyhow::Result<ants::Entrant> {
    match ants::Entrant::external(spec) {
        Some(e) => Ok(e),
        None => make_bot(spec).map(ants::Entrant::InProcess),
    }
}

/// The thesis profile named `arg` (bundled name or TOML file; default when absent).
pub fn thesis_profile(arg: Option<&str>) -> anyhow::Result<ants_thesis::Profile> {
    match arg {
        None => Ok(ants_thesis::Profile::default()),
        Some(arg) => Ok(ants_thesis::Profile::by_name_or_file(arg)?),
    }
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
        let result = ants::run_game_with(&map, &config, bots)?;
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

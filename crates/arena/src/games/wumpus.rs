//! Wumpus world in the arena: every agent plays the same world (a file, or one generated from
//! the game's seed) on its own; agents rank by score on that world. [`evaluate`] is the
//! evaluation of spec §5 (`botforge wumpus eval`) as a series of arena games.

use std::path::Path;

use anyhow::Context as _;
use wumpus::agents::EntrantSpec;
use wumpus::eval::{EvalConfig, EvalReport, GameRecord, play_world};
use wumpus::protocol::Timeouts;

use crate::games::{check_keys, play_series};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// Plays Wumpus worlds with the bots of [`wumpus::agents::BOTS`] (any spec, e.g.
/// `champion(win_chance=0.5)`) and external programs (`NAME=cmd:COMMAND`).
#[derive(Clone, Debug)]
pub struct WumpusPlayer {
    preset: wumpus::Preset,
    timeouts: Timeouts,
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
        Ok(Self {
            preset,
            timeouts: Timeouts::default(),
        })
    }
}

/// The evaluation of spec §5 through the arena: world `i` of `cfg` is generated from seed
/// `S+i` and every agent of `specs` plays it with game seed `S+i`
/// ([`wumpus::eval::play_world`]; external programs get `timeouts`), `threads` worlds at a
/// time (0 = one per core), in an in-memory store. The report holds the games in world order.
pub fn evaluate(
    cfg: &EvalConfig,
    specs: &[String],
    timeouts: Timeouts,
    threads: usize,
) -> anyhow::Result<EvalReport> {
    let names: Vec<String> = specs
        .iter()
        .map(|s| EntrantSpec::parse(s).map(|e| e.name().to_owned()))
        .collect::<Result<_, _>>()?;
    let player = WumpusPlayer {
        preset: cfg.preset,
        timeouts,
    };
    let jobs: Vec<Job> = cfg
        .seeds()
        .zip(0u32..)
        .map(|(seed, index)| Job {
            key: format!("wumpus eval|{index}"),
            game: "wumpus".to_owned(),
            map: String::new(),
            seed,
            index,
            seats: names.clone(),
            specs: specs.to_vec(),
        })
        .collect();
    let mut records = Vec::with_capacity(jobs.len() * specs.len());
    for (job, details) in jobs
        .iter()
        .zip(play_series("wumpus", &jobs, &player, threads, false)?)
    {
        let games: Vec<GameRecord> =
            serde_json::from_value(details.get("games").cloned().unwrap_or_default())
                .with_context(|| format!("game {}: field `details.games`", job.key))?;
        records.extend(games);
    }
    Ok(EvalReport::new(cfg.clone(), &names, records))
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
        let entrants: Vec<EntrantSpec> = job
            .specs
            .iter()
            .map(|s| EntrantSpec::parse(s))
            .collect::<Result<_, _>>()?;
        let games = play_world(&world, job.seed, &entrants, self.timeouts)?;
        let results: Vec<&wumpus::GameOutcome> = games.iter().map(|g| &g.result).collect();
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
                "games": games,
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

//! Ants in the arena: bots and external programs from [`ants_bots`], games on map files,
//! each thinking in parallel or serially by the run's [`Serial`] rule.

use std::path::Path;

use anyhow::Context;

use crate::games::{check_keys, int_option, replay_name};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// The in-process bots: the names of [`ants_bots::BOTS`].
pub fn bot_names() -> Vec<&'static str> {
    ants_bots::BOTS.names()
}

/// The per-seat columns an Ants game adds to its stored details (`details.seats[i]`), in
/// the order the CSV export shows them.
pub const SEAT_COLUMNS: [&str; 5] = [
    "slowest_ms",
    "alive_100",
    "alive_200",
    "alive_300",
    "hills_lost",
];

/// The option keys of an Ants run (`[options]` of a config).
const OPTION_KEYS: [&str; 15] = [
    "turns",
    "turntime",
    "loadtime",
    "food",
    "food_rate",
    "food_turn",
    "food_start",
    "food_visible",
    "attack",
    "viewradius2",
    "attackradius2",
    "spawnradius2",
    "cutoff_turn",
    "strict",
    "scenario",
];

/// When the bots of a game think one at a time ([`ants::game::PlayOptions::serial`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Serial {
    /// Every game (`serial = true`).
    Always,
    /// No game (`serial = false`).
    Never,
    /// Games with more seats than `cores_per_game` (the config's `serial` absent).
    Auto {
        /// The cores each game has: the machine's cores divided by the games played at
        /// once, at least one.
        cores_per_game: usize,
    },
}

impl Serial {
    /// The rule for a run of `config` playing `games_at_once` games at a time (0 = one per
    /// core) on a machine of `cores` cores.
    pub fn rule(config: &crate::Config, games_at_once: usize, cores: usize) -> Self {
        match config.serial {
            Some(true) => Self::Always,
            Some(false) => Self::Never,
            None => {
                let cores = cores.max(1);
                let at_once = if games_at_once == 0 {
                    cores
                } else {
                    games_at_once
                };
                Self::Auto {
                    cores_per_game: (cores / at_once).max(1),
                }
            }
        }
    }

    /// Whether a game of `seats` seats thinks serially.
    pub fn applies(self, seats: usize) -> bool {
        match self {
            Self::Always => true,
            Self::Never => false,
            Self::Auto { cores_per_game } => seats > cores_per_game,
        }
    }
}

/// Plays Ants games on map files.
#[derive(Clone, Debug)]
pub struct AntsPlayer {
    /// Every game's parameters; the seeds are set per game.
    config: ants::GameConfig,
    /// Which games think serially.
    serial: Serial,
}

/// A string option that must be one of `allowed`.
fn choice<'a>(
    options: &'a toml::Table,
    key: &str,
    allowed: &[&str],
) -> anyhow::Result<Option<&'a str>> {
    match options.get(key) {
        None => Ok(None),
        Some(toml::Value::String(v)) if allowed.contains(&v.as_str()) => Ok(Some(v)),
        Some(v) => anyhow::bail!(
            "options.{key}: expected one of {}, found {v}",
            allowed.join(", ")
        ),
    }
}

/// A range option: an integer `n` (the range `n..=n`) or `[lo, hi]` with `lo <= hi`.
fn range_option(
    options: &toml::Table,
    key: &str,
    default: ants::Range,
) -> anyhow::Result<ants::Range> {
    let int = |v: &toml::Value| match v {
        toml::Value::Integer(i) => u32::try_from(*i).ok(),
        _ => None,
    };
    match options.get(key) {
        None => Ok(default),
        Some(v) => {
            let (lo, hi) = match v {
                toml::Value::Array(a) if a.len() == 2 => (int(&a[0]), int(&a[1])),
                v => (int(v), int(v)),
            };
            match (lo, hi) {
                (Some(lo), Some(hi)) if lo <= hi => Ok(ants::Range::new(lo, hi)),
                _ => anyhow::bail!(
                    "options.{key}: expected a non-negative integer or [low, high] with low <= high, found {v}"
                ),
            }
        }
    }
}

/// A `u32` option.
fn u32_option(options: &toml::Table, key: &str, default: u32) -> anyhow::Result<u32> {
    u32::try_from(int_option(options, key, u64::from(default))?)
        .with_context(|| format!("options.{key}: too large"))
}

/// A boolean option.
fn bool_option(options: &toml::Table, key: &str) -> anyhow::Result<bool> {
    match options.get(key) {
        None => Ok(false),
        Some(toml::Value::Boolean(b)) => Ok(*b),
        Some(v) => anyhow::bail!("options.{key}: expected true or false, found {v}"),
    }
}

impl AntsPlayer {
    /// Options, with their defaults: `turns` (500), `turntime` and `loadtime` in ms
    /// (500 / 3000), `food` (`symmetric`, `random`, `sections` or `none`; symmetric),
    /// `food_rate`, `food_turn`, `food_start`, `food_visible` (an integer or `[low, high]`,
    /// the range the engine draws the parameter from; the official ranges), `attack`
    /// (`focus`, `closest`, `support` or `damage`; focus), `viewradius2` (77),
    /// `attackradius2` (5), `spawnradius2` (1), `cutoff_turn` (150), `strict` (an invalid
    /// order removes the bot; false), `scenario` (the map's ants and food are placed; false).
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(options, &OPTION_KEYS)?;
        let d = ants::GameConfig::default();
        let config = ants::GameConfig {
            turns: u32_option(options, "turns", 500)?,
            turntime_ms: int_option(options, "turntime", 500)?,
            loadtime_ms: int_option(options, "loadtime", 3000)?,
            food: choice(
                options,
                "food",
                &["symmetric", "random", "sections", "none"],
            )?
            .map_or(d.food, |v| v.parse().unwrap_or_default()),
            food_rate: range_option(options, "food_rate", d.food_rate)?,
            food_turn: range_option(options, "food_turn", d.food_turn)?,
            food_start: range_option(options, "food_start", d.food_start)?,
            food_visible: range_option(options, "food_visible", d.food_visible)?,
            attack: choice(
                options,
                "attack",
                &["focus", "closest", "support", "damage"],
            )?
            .map_or(d.attack, |v| v.parse().unwrap_or_default()),
            viewradius2: u32_option(options, "viewradius2", d.viewradius2)?,
            attackradius2: u32_option(options, "attackradius2", d.attackradius2)?,
            spawnradius2: u32_option(options, "spawnradius2", d.spawnradius2)?,
            cutoff_turn: u32_option(options, "cutoff_turn", d.cutoff_turn)?,
            strict: bool_option(options, "strict")?,
            scenario: bool_option(options, "scenario")?,
            ..d
        };
        ants::config::check_radii(
            config.viewradius2,
            config.attackradius2,
            config.spawnradius2,
        )
        .map_err(|e| anyhow::anyhow!("options: {e}"))?;
        anyhow::ensure!(
            config.food_turn.lo > 0,
            "options.food_turn: must be at least 1"
        );
        Ok(Self {
            config,
            serial: Serial::Never,
        })
    }

    /// This player with the serial-thinking rule `serial` (the default is
    /// [`Serial::Never`]: the bots of every game think at once).
    #[must_use]
    pub fn with_serial(mut self, serial: Serial) -> Self {
        self.serial = serial;
        self
    }

    /// The parameters every game is played with (seeds aside).
    pub fn config(&self) -> &ants::GameConfig {
        &self.config
    }

    /// Which games think serially.
    pub fn serial(&self) -> Serial {
        self.serial
    }
}

/// The per-seat analysis columns of a finished game (see [`SEAT_COLUMNS`]): the slowest
/// turn in ms, ants alive at turns 100, 200 and 300 (0 once the game is over), and hills
/// lost.
pub fn seat_details(result: &ants::GameOutcome) -> Vec<serde_json::Value> {
    let stats = ants::analysis::analyze(&result.replay);
    let at = |t: u32| {
        ants::analysis::SAMPLE_TURNS
            .iter()
            .position(|&s| s == t)
            .unwrap_or(0)
    };
    let ms = |d: Option<std::time::Duration>| d.map_or(0.0, |d| d.as_secs_f64() * 1000.0);
    (0..result.scores.len())
        .map(|i| {
            let s = stats.get(i);
            serde_json::json!({
                "slowest_ms": result.timing.slowest.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0),
                "turn_p50_ms": ms(result.timing.quantile(i, 0.5)),
                "turn_p99_ms": ms(result.timing.quantile(i, 0.99)),
                "alive_100": s.map_or(0, |s| s.alive[at(100)]),
                "alive_200": s.map_or(0, |s| s.alive[at(200)]),
                "alive_300": s.map_or(0, |s| s.alive[at(300)]),
                "hills_lost": s.map_or(0, |s| s.hills_lost.len()),
            })
        })
        .collect()
}

impl GamePlayer for AntsPlayer {
    fn seats(&self, map: &str) -> anyhow::Result<Seats> {
        anyhow::ensure!(!map.is_empty(), "Ants games need `maps`");
        let m = ants::Map::load(Path::new(map))?;
        Ok(Seats::Fixed(usize::from(m.players())))
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        ants_bots::entrant(spec)?
            .check()
            .map_err(|e| anyhow::anyhow!("bot `{spec}`: {e}"))
    }

    fn play(&self, job: &Job, replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let map = ants::Map::load(Path::new(&job.map))?;
        let bots = job
            .specs
            .iter()
            .map(|s| ants_bots::entrant(s))
            .collect::<Result<Vec<_>, _>>()?;
        let config = ants::GameConfig {
            engine_seed: job.seed,
            player_seed: job.seed as i64,
            game_id: i64::from(job.index),
            ..self.config.clone()
        };
        let serial = self.serial.applies(bots.len());
        let result =
            ants::game::play_game_with(&map, &config, bots, ants::game::PlayOptions { serial })?;
        let replay = match replay_dir {
            Some(dir) => {
                let name = crate::schedule::numbered_file(job, "replay")
                    .unwrap_or_else(|| replay_name(&job.key, "replay"));
                let path = dir.join(name);
                result.write_replay(&path)?;
                Some(path.to_string_lossy().into_owned())
            }
            None => None,
        };
        let mut details = serde_json::json!({
            "playerturns": result.playerturns,
            "seats": seat_details(&result),
            "serial": serial,
        });
        // What external bots wrote to stderr, per seat, when any did (a crash's message).
        if result.stderr.iter().any(|s| !s.is_empty()) {
            details["stderr"] = serde_json::json!(result.stderr);
        }
        Ok(MatchResult {
            turns: result.turns,
            outcome: result.cutoff.as_str().to_owned(),
            replay,
            details,
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

#[cfg(test)]
mod tests {
    use super::*;

    fn config(serial: &str) -> crate::Config {
        crate::Config::parse(
            &format!("game = \"ants\"\ngames = 1\n{serial}\n[[bots]]\nname = \"hunter\"\n"),
            Path::new("s.toml"),
        )
        .unwrap()
    }

    #[test]
    fn serial_thinking_applies_to_games_with_more_seats_than_their_cores() {
        let auto = config("");
        // Two games at a time on two cores: one core per game, every game is serial.
        let r = Serial::rule(&auto, 2, 2);
        assert_eq!(r, Serial::Auto { cores_per_game: 1 });
        assert!(r.applies(2));
        // One game at a time on two cores: 2-player games think at once, 3+ serially.
        let r = Serial::rule(&auto, 1, 2);
        assert!(!r.applies(2) && r.applies(3));
        // `threads = 0` plays one game per core; more games than cores still get one.
        assert_eq!(
            Serial::rule(&auto, 0, 8),
            Serial::Auto { cores_per_game: 1 }
        );
        assert_eq!(
            Serial::rule(&auto, 16, 8),
            Serial::Auto { cores_per_game: 1 }
        );
        assert_eq!(
            Serial::rule(&auto, 2, 16),
            Serial::Auto { cores_per_game: 8 }
        );
        assert!(!Serial::rule(&auto, 2, 16).applies(8));
        assert_eq!(
            Serial::rule(&config("serial = true"), 1, 64),
            Serial::Always
        );
        assert!(!Serial::rule(&config("serial = false"), 2, 1).applies(10));
    }
}

//! Arena configuration files (TOML): which game, which bots, which maps or worlds, how many
//! games, seeds and threads.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::schedule::{Schedule, Seeding};
use crate::sprt::SprtConfig;

/// The most games one run or series may ask for (per pair or bot where games repeat).
pub const MAX_GAMES: usize = 1_000_000;

/// The most worker threads a run may ask for.
pub const MAX_THREADS: usize = 256;

/// The largest config file read (1 MiB; the bundled configs are under 2 KB).
pub const MAX_CONFIG_BYTES: u64 = 1 << 20;

/// The text of the config file at `path` (at most [`MAX_CONFIG_BYTES`]).
pub fn read(path: &Path) -> Result<String, ConfigError> {
    outfile::read_bounded(path, MAX_CONFIG_BYTES, "arena config").map_err(|source| {
        ConfigError::Io {
            path: path.to_owned(),
            source,
        }
    })
}

/// Errors reading a configuration file; each names the file and, where known, the key.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read arena config {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The TOML is malformed, a key is missing, unknown or has the wrong type.
    #[error("invalid arena config {path}: {message}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// The parser's message (names the key and line).
        message: String,
    },
    /// A value is out of range or inconsistent.
    #[error("invalid arena config {path}: key `{key}`: {message}")]
    Value {
        /// The file.
        path: PathBuf,
        /// The offending key.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// One bot taking part: a display name and the spec string the game uses to build it
/// (e.g. `thesis(profile=aggressive)`, `pathfinding-search-tree(1,50,3,0.75,10)`).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct BotEntry {
    /// Name in tables and ratings (unique within the config).
    pub name: String,
    /// The game's bot spec; defaults to `name`.
    #[serde(default)]
    pub spec: Option<String>,
}

impl BotEntry {
    /// The spec handed to the game (the name when no spec is given).
    pub fn spec(&self) -> &str {
        self.spec.as_deref().unwrap_or(&self.name)
    }
}

/// An arena run as described by a TOML file.
///
/// ```
/// let cfg = arena::Config::parse(r#"
///     game = "ants"
///     games = 4
///     maps = ["data/ants/maps/*.map"]
///     [[bots]]
///     name = "hunter"
///     [[bots]]
///     name = "greedy"
/// "#, "example.toml".as_ref()).unwrap();
/// assert_eq!(cfg.threads, 0);
/// assert_eq!(cfg.run_name(), "example");
/// ```
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Run name; results of one name form one resumable run (default: the file's stem).
    #[serde(default)]
    pub name: Option<String>,
    /// The game: `ants`, `speed`, `wumpus` or `economy`.
    pub game: String,
    /// The bots.
    pub bots: Vec<BotEntry>,
    /// Games per map (or world) and seat rotation.
    pub games: u32,
    /// Map or world files, directories or glob patterns; `[]` lets the game generate its own
    /// boards from the seed.
    #[serde(default)]
    pub maps: Vec<String>,
    /// Players per game for games without maps that fix it (spe_ed); 0 = every bot plays.
    #[serde(default)]
    pub players: usize,
    /// Base seed; every game's seed derives from it.
    #[serde(default = "default_seed")]
    pub seed: u64,
    /// How games are laid out on the maps and numbered (default `hashed`; `sequential` is
    /// the numbering of `botforge ants tournament`), see [`crate::schedule`].
    #[serde(default)]
    pub seeding: Seeding,
    /// Worker threads (0 = one per core).
    #[serde(default)]
    pub threads: usize,
    /// SQLite file (relative paths are relative to the working directory).
    #[serde(default = "default_db")]
    pub db: PathBuf,
    /// Directory for replays/logs of the games (none written when absent).
    #[serde(default)]
    pub replays: Option<PathBuf>,
    /// Game-specific options (turns, turn time, …) passed to the game unchanged.
    #[serde(default)]
    pub options: toml::Table,
    /// Which games are played (default `rotate`; `versus` with a `[sprt]` table), see
    /// [`crate::schedule`].
    #[serde(default)]
    pub schedule: Option<Schedule>,
    /// The bot every other bot plays in the `versus` schedule (default with two bots: the
    /// second).
    #[serde(default)]
    pub opponent: Option<String>,
    /// Stop the run as soon as a sequential probability ratio test between the two bots
    /// decides (see [`crate::sprt`]).
    #[serde(default)]
    pub sprt: Option<SprtConfig>,
    /// Serial thinking in Ants games (the bots think one at a time, each with its full
    /// turntime, see [`ants::game::PlayOptions`]): `true` always, `false` never; absent, a
    /// game thinks serially when it has more seats than the cores given to it (the cores
    /// divided by the games played at once, at least one). Not part of a run's meaning.
    #[serde(default)]
    pub serial: Option<bool>,
    #[serde(skip)]
    source: PathBuf,
}

fn default_seed() -> u64 {
    1
}

fn default_db() -> PathBuf {
    PathBuf::from("botforge.db")
}

impl Config {
    /// Reads and validates a configuration file (at most [`MAX_CONFIG_BYTES`]).
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        Self::parse(&read(path)?, path)
    }

    /// Parses and validates configuration text; `path` is used in messages and for the
    /// default run name.
    pub fn parse(text: &str, path: &Path) -> Result<Self, ConfigError> {
        let mut cfg: Config = toml::from_str(text).map_err(|e| ConfigError::Toml {
            path: path.to_owned(),
            message: e.to_string().trim_end().replace('\n', " | "),
        })?;
        path.clone_into(&mut cfg.source);
        cfg.validate()?;
        Ok(cfg)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let bad = |key: &str, message: String| ConfigError::Value {
            path: self.source.clone(),
            key: key.to_owned(),
            message,
        };
        if !["ants", "speed", "wumpus", "economy"].contains(&self.game.as_str()) {
            return Err(bad(
                "game",
                format!(
                    "unknown game {:?} (expected ants, speed, wumpus or economy)",
                    self.game
                ),
            ));
        }
        if self.bots.is_empty() {
            return Err(bad("bots", "at least one bot is needed".into()));
        }
        for (i, b) in self.bots.iter().enumerate() {
            if b.name.trim().is_empty() {
                return Err(bad(&format!("bots[{i}].name"), "must not be empty".into()));
            }
            if self.bots[..i].iter().any(|o| o.name == b.name) {
                return Err(bad(
                    &format!("bots[{i}].name"),
                    format!("duplicate bot name {:?}", b.name),
                ));
            }
        }
        if self.games == 0 {
            return Err(bad("games", "must be at least 1".into()));
        }
        if self.games as usize > MAX_GAMES {
            return Err(bad("games", format!("must be at most {MAX_GAMES}")));
        }
        if self.threads > MAX_THREADS {
            return Err(bad("threads", format!("must be at most {MAX_THREADS}")));
        }
        if let Some(sprt) = &self.sprt {
            if self.bots.len() != 2 {
                return Err(bad(
                    "sprt",
                    format!("a test needs exactly two bots, found {}", self.bots.len()),
                ));
            }
            sprt.validate()
                .map_err(|(key, message)| bad(&key, message))?;
        }
        if let Some(o) = &self.opponent {
            if !self.bots.iter().any(|b| &b.name == o) {
                return Err(bad("opponent", format!("{o:?} is not one of the bots")));
            }
            if self.schedule() != Schedule::Versus {
                return Err(bad(
                    "opponent",
                    "applies to the `versus` schedule only".into(),
                ));
            }
        }
        if self.schedule() == Schedule::Versus && self.opponent_entry().is_none() {
            return Err(bad(
                "opponent",
                "the versus schedule needs an `opponent` (one of the bots) when more than two bots play".into(),
            ));
        }
        if self.schedule().paired() && self.bots.len() < 2 {
            return Err(bad(
                "bots",
                "a paired schedule needs at least two bots".into(),
            ));
        }
        if self.schedule() == Schedule::Contest {
            if self.bots.len() < 2 {
                return Err(bad(
                    "bots",
                    "the contest schedule needs at least two bots".into(),
                ));
            }
            if self.maps.is_empty() {
                return Err(bad(
                    "maps",
                    "the contest schedule draws every game's map from `maps`; give the pool".into(),
                ));
            }
            if self.sprt.is_some() {
                return Err(bad(
                    "sprt",
                    "a test needs a paired schedule, not `contest`".into(),
                ));
            }
        }
        if self.serial.is_some() && self.game != "ants" {
            return Err(bad(
                "serial",
                format!("applies to ants games only, not {}", self.game),
            ));
        }
        Ok(())
    }

    /// The schedule: `schedule`, else `versus` when a `[sprt]` table is given, else
    /// `rotate`.
    pub fn schedule(&self) -> Schedule {
        self.schedule.unwrap_or(if self.sprt.is_some() {
            Schedule::Versus
        } else {
            Schedule::Rotate
        })
    }

    /// The opponent of the `versus` schedule: `opponent`, or the second of exactly two
    /// bots.
    pub fn opponent_entry(&self) -> Option<&BotEntry> {
        match &self.opponent {
            Some(o) => self.bots.iter().find(|b| &b.name == o),
            None if self.bots.len() == 2 => self.bots.get(1),
            None => None,
        }
    }

    /// The two bots of a `[sprt]` test as (candidate, baseline): the Elo difference is the
    /// candidate's over the baseline (the opponent, by default the second bot).
    pub fn sprt_pair(&self) -> Option<(&str, &str)> {
        self.sprt.as_ref()?;
        let baseline = self.opponent_entry()?;
        let candidate = self.bots.iter().find(|b| b.name != baseline.name)?;
        Some((&candidate.name, &baseline.name))
    }

    /// What the stored results of a run depend on: the game, its `options`, the seeds
    /// (`seed`, `seeding`), `players`, and the spec behind each bot name. Two configs of one
    /// run may differ in anything else (more games, maps or bots, another schedule, SPRT
    /// or thread count): their new games extend the run.
    pub fn meaning(&self) -> serde_json::Value {
        let bots: serde_json::Map<String, serde_json::Value> = self
            .bots
            .iter()
            .map(|b| (b.name.clone(), b.spec().into()))
            .collect();
        serde_json::json!({
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "seeding": self.seeding,
            "players": self.players,
            "bots": bots,
        })
    }

    /// Why results stored under the meaning `stored` ([`Config::meaning`]) cannot be
    /// extended by games of a config with meaning `new`: the first difference, or `None`
    /// when they fit (bots only in one of them are fine).
    pub fn meaning_conflict(stored: &serde_json::Value, new: &serde_json::Value) -> Option<String> {
        for key in ["game", "options", "seed", "seeding", "players"] {
            if stored.get(key) != new.get(key) {
                let show = |v: &serde_json::Value| {
                    v.get(key).map_or_else(String::new, ToString::to_string)
                };
                return Some(format!("`{key}` was {}, now {}", show(stored), show(new)));
            }
        }
        let (Some(old), Some(now)) = (
            stored.get("bots").and_then(serde_json::Value::as_object),
            new.get("bots").and_then(serde_json::Value::as_object),
        ) else {
            return None;
        };
        old.iter().find_map(|(name, spec)| match now.get(name) {
            Some(s) if s != spec => Some(format!("bot `{name}` was {spec}, now {s}")),
            _ => None,
        })
    }

    /// The run name: `name`, or the config file's stem.
    pub fn run_name(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            self.source
                .file_stem()
                .map_or_else(|| "arena".to_owned(), |s| s.to_string_lossy().into_owned())
        })
    }

    /// The directory relative map paths are resolved against: the config file's directory.
    pub fn base_dir(&self) -> PathBuf {
        self.source
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("t.toml"))
    }

    #[test]
    fn minimal_config_gets_defaults() {
        let c = parse("game = \"wumpus\"\ngames = 2\n[[bots]]\nname = \"reference\"\n").unwrap();
        assert_eq!(c.seed, 1);
        assert_eq!(c.db, PathBuf::from("botforge.db"));
        assert_eq!(c.bots[0].spec(), "reference");
        assert_eq!(c.run_name(), "t");
    }

    #[test]
    fn missing_key_is_named() {
        let e = parse("game = \"ants\"\n[[bots]]\nname = \"a\"\n").unwrap_err();
        assert!(e.to_string().contains("games"), "{e}");
    }

    #[test]
    fn unknown_key_is_named() {
        let e =
            parse("game = \"ants\"\ngames = 1\ngamez = 3\n[[bots]]\nname = \"a\"\n").unwrap_err();
        assert!(e.to_string().contains("gamez"), "{e}");
    }

    #[test]
    fn wrong_type_is_named() {
        let e = parse("game = \"ants\"\ngames = \"many\"\n[[bots]]\nname = \"a\"\n").unwrap_err();
        assert!(e.to_string().contains("games"), "{e}");
    }

    #[test]
    fn bad_values_name_the_key() {
        let e = parse("game = \"chess\"\ngames = 1\n[[bots]]\nname = \"a\"\n").unwrap_err();
        assert!(e.to_string().contains("`game`"), "{e}");
        let e =
            parse("game = \"ants\"\ngames = 1\n[[bots]]\nname = \"a\"\n[[bots]]\nname = \"a\"\n")
                .unwrap_err();
        assert!(e.to_string().contains("bots[1].name"), "{e}");
        let e = parse("game = \"ants\"\ngames = 0\n[[bots]]\nname = \"a\"\n").unwrap_err();
        assert!(e.to_string().contains("`games`"), "{e}");
        let e = parse("game = \"ants\"\ngames = 4294967295\n[[bots]]\nname = \"a\"\n").unwrap_err();
        assert!(e.to_string().contains("at most 1000000"), "{e}");
        let e = parse("game = \"ants\"\ngames = 1\nthreads = 100000\n[[bots]]\nname = \"a\"\n")
            .unwrap_err();
        assert!(e.to_string().contains("`threads`"), "{e}");
    }

    #[test]
    fn sprt_and_schedule_keys_are_checked() {
        let two = "game = \"ants\"\ngames = 2\n[[bots]]\nname = \"a\"\n[[bots]]\nname = \"b\"\n";
        let c = parse(&format!("{two}[sprt]\n")).unwrap();
        assert_eq!(c.sprt, Some(SprtConfig::default()));
        assert_eq!(c.sprt_pair(), Some(("a", "b")));
        let c = parse(&format!("opponent = \"a\"\n{two}[sprt]\nelo1 = 20\n")).unwrap();
        assert_eq!(c.sprt_pair(), Some(("b", "a")));
        assert_eq!(c.sprt.map(|s| s.elo1), Some(20.0));
        let e = parse(&format!("{two}[sprt]\nelo1 = -3\n")).unwrap_err();
        assert!(e.to_string().contains("`sprt.elo1`"), "{e}");
        let e = parse(&format!("{two}[sprt]\nalpah = 0.1\n")).unwrap_err();
        assert!(e.to_string().contains("alpah"), "{e}");
        let e = parse(&format!("{two}[[bots]]\nname = \"c\"\n[sprt]\n")).unwrap_err();
        assert!(e.to_string().contains("`sprt`"), "{e}");
        let e = parse(&format!(
            "schedule = \"versus\"\n{two}[[bots]]\nname = \"c\"\n"
        ))
        .unwrap_err();
        assert!(e.to_string().contains("`opponent`"), "{e}");
        let e = parse(&format!("opponent = \"z\"\nschedule = \"versus\"\n{two}")).unwrap_err();
        assert!(e.to_string().contains("not one of the bots"), "{e}");
        let e = parse(&format!("schedule = \"swiss\"\n{two}")).unwrap_err();
        assert!(e.to_string().contains("schedule"), "{e}");
    }

    #[test]
    fn contest_and_serial_keys_are_checked() {
        let two = "game = \"ants\"\ngames = 2\n[[bots]]\nname = \"a\"\n[[bots]]\nname = \"b\"\n";
        let c = parse(&format!(
            "schedule = \"contest\"\nmaps = [\"m\"]\nserial = true\n{two}"
        ))
        .unwrap();
        assert_eq!(c.schedule(), Schedule::Contest);
        assert_eq!(c.serial, Some(true));
        assert!(!c.schedule().paired());
        let e = parse(&format!("schedule = \"contest\"\n{two}")).unwrap_err();
        assert!(e.to_string().contains("`maps`"), "{e}");
        let e = parse("schedule = \"contest\"\nmaps = [\"m\"]\ngame = \"ants\"\ngames = 2\n[[bots]]\nname = \"a\"\n")
            .unwrap_err();
        assert!(e.to_string().contains("at least two bots"), "{e}");
        let e = parse(&format!(
            "schedule = \"contest\"\nmaps = [\"m\"]\n{two}[sprt]\n"
        ))
        .unwrap_err();
        assert!(e.to_string().contains("`sprt`"), "{e}");
        let e =
            parse("serial = false\ngame = \"wumpus\"\ngames = 1\n[[bots]]\nname = \"reference\"\n")
                .unwrap_err();
        assert!(e.to_string().contains("`serial`"), "{e}");
    }
}

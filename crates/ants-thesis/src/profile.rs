//! Profiles: the thesis's 11 behaviour parameters (§6.7, Tables 6.6 and 8.6), loaded from TOML,
//! validated and defaulted.
//!
//! The file mirrors the thesis's dotted parameter names as TOML tables:
//!
//! ```toml
//! name = "aggressive"
//! [defaultAllocation]
//! gatherFood = 20
//! explore = 20
//! attackHills = 45
//! defendHills = 15
//! [defendHills]
//! startTurn = 30
//! minControlRadius = 8
//! [explore]
//! forceThresholdPercent = 80
//! forceGain = 0.25
//! dominantPositionBoost = 5
//! [attackHills]
//! dominantPositionBoost = 5
//! halfTimeBoost = 25
//! ```
//!
//! Our addition (not in the thesis): `[safety] enabled = 0|1` and `superiorityMargin = 0..=10`
//! control the per-move safety pass ([`crate::safety`]).
//!
//! A missing key takes the Default profile's value; an unknown key, a wrong type, a value out
//! of range or allocations that do not sum to 100 are errors naming the key.

use std::path::{Path, PathBuf};

use thiserror::Error;

/// An error loading or validating a profile; every variant names the offending key or file.
#[derive(Debug, Error)]
pub enum ProfileError {
    /// The file could not be read.
    #[error("cannot read profile {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The text is not valid TOML.
    #[error("profile {origin}: invalid TOML: {message}")]
    Toml {
        /// File name or profile name.
        origin: String,
        /// The parser's message (with line and column).
        message: String,
    },
    /// A key the profile format does not know.
    #[error("profile {origin}: unknown key `{key}`")]
    UnknownKey {
        /// File name or profile name.
        origin: String,
        /// The dotted key.
        key: String,
    },
    /// A key holding the wrong kind of value.
    #[error("profile {origin}: key `{key}` must be {expected}")]
    WrongType {
        /// File name or profile name.
        origin: String,
        /// The dotted key.
        key: String,
        /// What was expected.
        expected: &'static str,
    },
    /// A value outside its allowed range.
    #[error("profile {origin}: key `{key}` = {value} is outside {min}..={max}")]
    OutOfRange {
        /// File name or profile name.
        origin: String,
        /// The dotted key.
        key: String,
        /// The value found.
        value: f64,
        /// Smallest allowed value.
        min: f64,
        /// Largest allowed value.
        max: f64,
    },
    /// The four `defaultAllocation.*` percentages do not add up to 100.
    #[error(
        "profile {origin}: defaultAllocation.gatherFood + explore + attackHills + defendHills = {sum}, must be 100"
    )]
    AllocationSum {
        /// File name or profile name.
        origin: String,
        /// The sum found.
        sum: u32,
    },
}

/// The thesis's 11 profile parameters (§6.7).
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// Profile name (shown in logs).
    pub name: String,
    /// `defaultAllocation.gatherFood`: initial % of ants for food.
    pub gather_food: u32,
    /// `defaultAllocation.explore`: initial % for exploration.
    pub explore: u32,
    /// `defaultAllocation.attackHills`: initial % for attacking hills.
    pub attack_hills: u32,
    /// `defaultAllocation.defendHills`: initial % for defending hills.
    pub defend_hills: u32,
    /// `defendHills.startTurn`: from this turn each hill keeps a defender even without attackers.
    pub defend_start_turn: u32,
    /// `defendHills.minControlRadius`: radius (tiles) of the defended area around own hills.
    pub defend_min_control_radius: u32,
    /// `explore.forceThresholdPercent`: exploration is forced while less of the map is explored.
    pub explore_force_threshold_percent: u32,
    /// `explore.forceGain`: 0..1, how strongly exploration is forced.
    pub explore_force_gain: f64,
    /// `explore.dominantPositionBoost`: extra exploration % when dominant.
    pub explore_dominant_boost: u32,
    /// `attackHills.dominantPositionBoost`: extra hill-attack % when dominant.
    pub attack_dominant_boost: u32,
    /// `attackHills.halfTimeBoost`: extra hill-attack % in the second half.
    pub attack_half_time_boost: u32,
    /// `safety.enabled` (our addition, 0 or 1, default 0 — it did not help against
    /// `xathis-postmortem`, see docs/ants-thesis.md): the per-move safety pass ([`crate::safety`]).
    pub safety: bool,
    /// `safety.superiorityMargin` (our addition, 0..=10, default
    /// [`crate::safety::SUPERIORITY_MARGIN`]): how far own support must exceed the threat.
    pub superiority_margin: u16,
    /// `safety.combatEngagement` (our addition, 0 = cautious, 1 = superior, 2 = always; default
    /// 1): the [`crate::safety::Engagement`] of CombatTask orders outside FLEE.
    pub combat_engagement: crate::safety::Engagement,
}

/// One bundled profile: name and TOML text (compiled in, so `--profile NAME` needs no files).
const BUNDLED: [(&str, &str); 7] = [
    (
        "default",
        include_str!("../../../data/ants/profiles/default.toml"),
    ),
    (
        "aggressive",
        include_str!("../../../data/ants/profiles/aggressive.toml"),
    ),
    (
        "defensive",
        include_str!("../../../data/ants/profiles/defensive.toml"),
    ),
    (
        "expansive",
        include_str!("../../../data/ants/profiles/expansive.toml"),
    ),
    (
        "aggressive2",
        include_str!("../../../data/ants/profiles/aggressive2.toml"),
    ),
    (
        "defensive2",
        include_str!("../../../data/ants/profiles/defensive2.toml"),
    ),
    (
        "expansive2",
        include_str!("../../../data/ants/profiles/expansive2.toml"),
    ),
];

impl Default for Profile {
    /// The thesis's Default profile (Table 6.6, unchanged in Table 8.6).
    fn default() -> Self {
        Self {
            name: "default".to_owned(),
            gather_food: 25,
            explore: 25,
            attack_hills: 25,
            defend_hills: 25,
            defend_start_turn: 30,
            defend_min_control_radius: 8,
            explore_force_threshold_percent: 80,
            explore_force_gain: 0.25,
            explore_dominant_boost: 5,
            attack_dominant_boost: 2,
            attack_half_time_boost: 20,
            safety: false,
            superiority_margin: crate::safety::SUPERIORITY_MARGIN,
            combat_engagement: crate::safety::Engagement::Superior,
        }
    }
}

/// Integer keys: (table, key, min, max, setter).
type IntKey = (&'static str, &'static str, u32, u32, fn(&mut Profile, u32));

const INT_KEYS: [IntKey; 13] = [
    ("defaultAllocation", "gatherFood", 0, 100, |p, v| {
        p.gather_food = v;
    }),
    ("defaultAllocation", "explore", 0, 100, |p, v| p.explore = v),
    ("defaultAllocation", "attackHills", 0, 100, |p, v| {
        p.attack_hills = v;
    }),
    ("defaultAllocation", "defendHills", 0, 100, |p, v| {
        p.defend_hills = v;
    }),
    ("defendHills", "startTurn", 0, 100_000, |p, v| {
        p.defend_start_turn = v;
    }),
    ("defendHills", "minControlRadius", 1, 50, |p, v| {
        p.defend_min_control_radius = v;
    }),
    ("explore", "forceThresholdPercent", 0, 100, |p, v| {
        p.explore_force_threshold_percent = v;
    }),
    ("explore", "dominantPositionBoost", 0, 100, |p, v| {
        p.explore_dominant_boost = v;
    }),
    ("attackHills", "dominantPositionBoost", 0, 100, |p, v| {
        p.attack_dominant_boost = v;
    }),
    ("attackHills", "halfTimeBoost", 0, 100, |p, v| {
        p.attack_half_time_boost = v;
    }),
    ("safety", "enabled", 0, 1, |p, v| p.safety = v != 0),
    ("safety", "superiorityMargin", 0, 10, |p, v| {
        p.superiority_margin = v as u16;
    }),
    ("safety", "combatEngagement", 0, 2, |p, v| {
        p.combat_engagement = crate::safety::Engagement::from_level(v);
    }),
];

/// The largest profile file read (1 MiB; the bundled profiles are under 2 KB).
pub const MAX_PROFILE_BYTES: u64 = 1 << 20;

impl Profile {
    /// The names of the bundled profiles (Table 6.6: default, aggressive, defensive,
    /// expansive; Table 8.6: aggressive2, defensive2, expansive2 — its Default is `default`).
    pub fn names() -> Vec<&'static str> {
        BUNDLED.iter().map(|(n, _)| *n).collect()
    }

    /// A bundled profile by name (case-insensitive).
    pub fn by_name(name: &str) -> Option<Profile> {
        BUNDLED
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .and_then(|(n, text)| Self::parse(text, n).ok())
    }

    /// Loads and validates a profile file (at most [`MAX_PROFILE_BYTES`]).
    pub fn load(path: impl AsRef<Path>) -> Result<Profile, ProfileError> {
        let path = path.as_ref();
        let text = outfile::read_bounded(path, MAX_PROFILE_BYTES, "profile").map_err(|source| {
            ProfileError::Io {
                path: path.to_owned(),
                source,
            }
        })?;
        Self::parse(&text, &path.display().to_string())
    }

    /// A bundled profile name, or else a file path.
    pub fn by_name_or_file(arg: &str) -> Result<Profile, ProfileError> {
        match Self::by_name(arg) {
            Some(p) => Ok(p),
            None => Self::load(arg),
        }
    }

    /// Parses and validates profile TOML; `origin` names the source in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Profile, ProfileError> {
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| ProfileError::Toml {
                origin: origin.to_owned(),
                message: e.to_string().trim().to_owned(),
            })?;
        let mut profile = Profile {
            name: origin.to_owned(),
            ..Profile::default()
        };
        let err_type = |key: String, expected| ProfileError::WrongType {
            origin: origin.to_owned(),
            key,
            expected,
        };
        for (key, value) in &table {
            match (key.as_str(), value) {
                ("name", toml::Value::String(s)) => profile.name.clone_from(s),
                ("name", _) => return Err(err_type("name".into(), "a string")),
                (section, toml::Value::Table(inner)) if INT_KEYS.iter().any(|k| k.0 == section) => {
                    for (k, v) in inner {
                        profile.set(origin, section, k, v)?;
                    }
                }
                (section, _) if INT_KEYS.iter().any(|k| k.0 == section) => {
                    return Err(err_type(section.to_owned(), "a table"));
                }
                _ => {
                    return Err(ProfileError::UnknownKey {
                        origin: origin.to_owned(),
                        key: key.clone(),
                    });
                }
            }
        }
        profile.validate(origin)?;
        Ok(profile)
    }

    fn set(
        &mut self,
        origin: &str,
        section: &str,
        key: &str,
        value: &toml::Value,
    ) -> Result<(), ProfileError> {
        let dotted = format!("{section}.{key}");
        let range = |value: f64, min: f64, max: f64| ProfileError::OutOfRange {
            origin: origin.to_owned(),
            key: dotted.clone(),
            value,
            min,
            max,
        };
        if section == "explore" && key == "forceGain" {
            let v = match value {
                toml::Value::Float(f) => *f,
                toml::Value::Integer(i) => *i as f64,
                _ => {
                    return Err(ProfileError::WrongType {
                        origin: origin.to_owned(),
                        key: dotted,
                        expected: "a number between 0 and 1",
                    });
                }
            };
            if !(0.0..=1.0).contains(&v) {
                return Err(range(v, 0.0, 1.0));
            }
            self.explore_force_gain = v;
            return Ok(());
        }
        let Some(&(_, _, min, max, setter)) =
            INT_KEYS.iter().find(|k| k.0 == section && k.1 == key)
        else {
            return Err(ProfileError::UnknownKey {
                origin: origin.to_owned(),
                key: dotted,
            });
        };
        let toml::Value::Integer(v) = value else {
            return Err(ProfileError::WrongType {
                origin: origin.to_owned(),
                key: dotted,
                expected: "an integer",
            });
        };
        if *v < i64::from(min) || *v > i64::from(max) {
            return Err(range(*v as f64, f64::from(min), f64::from(max)));
        }
        setter(self, *v as u32);
        Ok(())
    }

    fn validate(&self, origin: &str) -> Result<(), ProfileError> {
        let sum = self.gather_food + self.explore + self.attack_hills + self.defend_hills;
        if sum == 100 {
            Ok(())
        } else {
            Err(ProfileError::AllocationSum {
                origin: origin.to_owned(),
                sum,
            })
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;

    #[test]
    fn bundled_profiles_match_tables_6_6_and_8_6() {
        assert_eq!(Profile::names().len(), 7);
        for name in Profile::names() {
            let p = Profile::by_name(name).unwrap_or_else(|| panic!("{name} must parse"));
            assert_eq!(p.name, name);
        }
        let d = Profile::by_name("default").unwrap();
        assert_eq!(d, Profile::default());
        let a = Profile::by_name("Aggressive").unwrap();
        assert_eq!(
            (a.gather_food, a.explore, a.attack_hills, a.defend_hills),
            (20, 20, 45, 15)
        );
        assert_eq!(a.attack_half_time_boost, 25);
        let d2 = Profile::by_name("defensive2").unwrap();
        assert_eq!((d2.defend_hills, d2.defend_min_control_radius), (40, 20));
        let e2 = Profile::by_name("expansive2").unwrap();
        assert_eq!(e2.defend_start_turn, 50);
        assert!((e2.explore_force_gain - 0.4).abs() < 1e-12);
        assert_eq!(e2.explore_dominant_boost, 10);
        assert!(Profile::by_name("nope").is_none());
    }

    #[test]
    fn missing_values_take_defaults() {
        let p = Profile::parse("[attackHills]\nhalfTimeBoost = 33\n", "t").unwrap();
        assert_eq!(p.attack_half_time_boost, 33);
        assert_eq!(p.gather_food, 25);
        assert_eq!(p.defend_min_control_radius, 8);
        let empty = Profile::parse("", "t").unwrap();
        assert_eq!(empty.explore_force_gain, 0.25);
    }

    fn err(text: &str) -> String {
        Profile::parse(text, "t.toml").unwrap_err().to_string()
    }

    #[test]
    fn errors_name_the_bad_key() {
        let e = err("[defaultAllocation]\ngatherFood = 30\n");
        assert!(e.contains("must be 100") && e.contains("= 105"), "{e}");
        let e = err("[defaultAllocation]\ngatherFood = 130\n");
        assert!(e.contains("`defaultAllocation.gatherFood` = 130"), "{e}");
        let e = err("[explore]\nforceGain = 1.5\n");
        assert!(e.contains("`explore.forceGain`"), "{e}");
        let e = err("[explore]\nforceGain = \"x\"\n");
        assert!(e.contains("`explore.forceGain` must be a number"), "{e}");
        let e = err("[defendHills]\nstartTurn = 1.5\n");
        assert!(
            e.contains("`defendHills.startTurn` must be an integer"),
            "{e}"
        );
        let e = err("[defendHills]\nstartTurns = 3\n");
        assert!(e.contains("unknown key `defendHills.startTurns`"), "{e}");
        let e = err("colour = 3\n");
        assert!(e.contains("unknown key `colour`"), "{e}");
        let e = err("explore = 3\n");
        assert!(e.contains("`explore` must be a table"), "{e}");
        let e = err("[explore\n");
        assert!(e.contains("t.toml") && e.contains("invalid TOML"), "{e}");
        let e = err("[defendHills]\nminControlRadius = 0\n");
        assert!(e.contains("`defendHills.minControlRadius` = 0"), "{e}");
        let e = Profile::load("/nonexistent/p.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("/nonexistent/p.toml"), "{e}");
    }

    #[test]
    fn by_name_or_file_reads_files() {
        let dir = std::env::temp_dir().join(format!("thesis-profile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("x.toml");
        std::fs::write(&f, "name = \"x\"\n[explore]\ndominantPositionBoost = 9\n").unwrap();
        let p = Profile::by_name_or_file(f.to_str().unwrap()).unwrap();
        assert_eq!((p.name.as_str(), p.explore_dominant_boost), ("x", 9));
        assert_eq!(
            Profile::by_name_or_file("defensive").unwrap().defend_hills,
            35
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

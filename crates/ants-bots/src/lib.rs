//! The catalogue of every in-process Ants bot: [`BOTS`] lists the baselines of
//! [`ants::bots`], `xathis-postmortem`, `xathis-style` and `champion` of `ants-xathis` (with every
//! [`ants_xathis::Config`] field as a parameter), the champion's ablation variants, and
//! `thesis` of `ants-thesis` (with its behaviour profile). The CLI (`botforge ants bots`,
//! `play`, `tournament`, `bot`) and the arena build Ants bots only through it.
//!
//! Specs use the one syntax of [`botspec`]: `hunter`, `champion(max_turn_ms=120)`,
//! `thesis(profile=aggressive)` (or `thesis:aggressive`), and `NAME=cmd:COMMAND` for external
//! programs ([`entrant`]).
//!
//! ```
//! let bot = ants_bots::BOTS.build("champion(fight_first=false)", ())?;
//! assert_eq!(bot.name(), "champion(fight_first=false)");
//! assert!(ants_bots::BOTS.names().contains(&"thesis"));
//! # Ok::<(), botspec::SpecError>(())
//! ```

use ants::Bot;
use ants_xathis::{ChampionBot, Config, XathisBot};
use botspec::{Args, BotSpec, Catalogue, Entry, Param, SpecError};

/// An entry for the baseline bot of [`ants::bots::by_name`] called `$name`.
macro_rules! baseline {
    ($name:literal, $about:literal) => {
        Entry {
            name: $name,
            about: $about,
            params: &[],
            build: |args, ()| baseline(args, $name),
        }
    };
}

/// An entry for `champion` with the boolean [`Config`] field `$field` switched off.
macro_rules! ablation {
    ($name:literal, $about:literal, $field:ident) => {
        Entry {
            name: $name,
            about: concat!("champion with `", stringify!($field), "=false`: ", $about),
            params: &[],
            build: |_, ()| {
                let cfg = Config {
                    $field: false,
                    ..Config::champion()
                };
                Ok(Box::new(ChampionBot::with_named_config($name, cfg)))
            },
        }
    };
}

/// Every in-process Ants bot, in listing order.
pub static BOTS: Catalogue<dyn Bot> = Catalogue {
    game: "Ants",
    entries: &[
        baseline!("random", "random passable, unclaimed moves"),
        baseline!("hold", "never moves"),
        baseline!(
            "lefty",
            "the official LeftyBot: walks straight, then follows walls on its left"
        ),
        baseline!("greedy", "heads for the nearest food or enemy ant"),
        baseline!(
            "hunter",
            "razes visible enemy hills, then hunts enemy ants, then food"
        ),
        Entry {
            name: "xathis-postmortem",
            about: "the 2011 winner's design as his post mortem describes it, read literally (ants-xathis)",
            params: POST_MORTEM_PARAMS,
            build: xathis_postmortem,
        },
        Entry {
            name: "xathis-style",
            about: "the rebuild of the 2011 winner: xathis-postmortem with what the original's games show it does beyond the text (fights first with safe steps to food, no chasing of lone enemies, every enemy ant free to move in fights with the escape kept when a search is cut, a stay term in the fight evaluation, fight limits that grow with the time left, no preferred direction) and missions kept until there is much to explore (ants-xathis)",
            params: XATHIS_PARAMS,
            build: xathis_style,
        },
        Entry {
            name: "champion",
            about: "xathis-style with relative aggression in duels (a fight is also aggressive where the own ants near it outnumber the enemy's two to one) and, once two enemy players have been seen, a heavier stay term, contested foods, a longer food reach, a home guard, a narrower defence and raids that trade beside enemy hills",
            params: CHAMPION_PARAMS,
            build: champion,
        },
        ablation!(
            "champion-no-fight-first",
            "food and hill steps may take ants an enemy can reach",
            fight_first
        ),
        ablation!(
            "champion-no-safe-food",
            "ants an enemy can reach never go for food",
            safe_food
        ),
        ablation!(
            "champion-no-food-matching",
            "foods in turn, each takes its first free ant",
            food_matching
        ),
        ablation!(
            "champion-no-sticky-missions",
            "ants leave missions for any explore value",
            sticky_missions
        ),
        ablation!(
            "champion-no-adaptive-groups",
            "fixed combat group limits",
            adaptive_groups
        ),
        ablation!(
            "champion-no-relative-aggression",
            "aggressive only with 14+ own ants close",
            relative_aggression
        ),
        Entry {
            name: "thesis",
            about: "the Bern master thesis bot (ants-thesis): tasks, missions, influence-map combat",
            params: &[Param {
                key: "profile",
                default: "default",
                about: "behaviour profile: a bundled name (default, aggressive, defensive, expansive, aggressive2, defensive2, expansive2) or a TOML file",
            }],
            build: thesis,
        },
    ],
};

fn baseline(args: &Args, name: &str) -> Result<Box<dyn Bot>, SpecError> {
    ants::bots::by_name(name).ok_or_else(|| args.invalid("not a baseline bot of `ants::bots`"))
}

/// `cfg` with every given parameter applied by [`Config::set`].
fn configure(args: &Args, mut cfg: Config) -> Result<Config, SpecError> {
    for (key, value) in args.given_pairs() {
        cfg.set(key, value).map_err(|message| SpecError::BadValue {
            bot: args.canonical(),
            key: key.to_owned(),
            value: value.to_owned(),
            message,
        })?;
    }
    Ok(cfg)
}

/// A pipeline bot of `ants-xathis` on `base` with the spec's parameters applied, named by
/// the spec.
fn pipeline_bot(args: &Args, base: Config) -> Result<Box<dyn Bot>, SpecError> {
    let cfg = configure(args, base)?;
    Ok(Box::new(ChampionBot::with_named_config(
        &args.canonical(),
        cfg,
    )))
}

fn xathis_postmortem(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    pipeline_bot(args, Config::post_mortem())
}

fn xathis_style(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    if args.given_pairs().next().is_none() {
        return Ok(Box::new(XathisBot::new()));
    }
    pipeline_bot(args, Config::xathis())
}

fn champion(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    if args.given_pairs().next().is_none() {
        return Ok(Box::new(ChampionBot::new()));
    }
    pipeline_bot(args, Config::champion())
}

fn thesis(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    let profile = match args.opt::<String>("profile")? {
        None => ants_thesis::Profile::default(),
        Some(p) => {
            ants_thesis::Profile::by_name_or_file(&p).map_err(|e| args.invalid(e.to_string()))?
        }
    };
    Ok(Box::new(ants_thesis::ThesisBot::new(profile)))
}

/// Declares the parameters of `xathis-postmortem`, `xathis-style` and `champion`: every
/// [`Config`] field in the order of [`Config::PARAMS`], each with its default in
/// [`Config::post_mortem`], [`Config::xathis`] and [`Config::champion`].
macro_rules! config_params {
    ($($key:ident = $post_mortem:literal / $xathis:literal / $champion:literal : $about:literal;)*) => {
        /// The parameters of `xathis-postmortem` (defaults of [`Config::post_mortem`]).
        pub const POST_MORTEM_PARAMS: &[Param] = &[$(Param {
            key: stringify!($key),
            default: $post_mortem,
            about: $about,
        }),*];
        /// The parameters of `xathis-style` (defaults of [`Config::xathis`]).
        pub const XATHIS_PARAMS: &[Param] = &[$(Param {
            key: stringify!($key),
            default: $xathis,
            about: $about,
        }),*];
        /// The parameters of `champion` (defaults of [`Config::champion`]).
        pub const CHAMPION_PARAMS: &[Param] = &[$(Param {
            key: stringify!($key),
            default: $champion,
            about: $about,
        }),*];
    };
}

config_params! {
    vision_explore = "false" / "false" / "false": "explore values age on tiles outside the real vision";
    remember_hills = "false" / "false" / "false": "remember enemy hills out of sight until seen razed";
    scored_border = "false" / "false" / "false": "new missions from a hill pick a scored border tile";
    sticky_missions = "false" / "true" / "true": "an ant leaves its mission only for a large explore value";
    adaptive_groups = "false" / "true" / "true": "combat group limits grow with the time left";
    hill_rush = "false" / "false" / "false": "with 30+ ants, up to 8 ants within 30 steps go for an enemy hill";
    relative_aggression = "false" / "false" / "true": "aggressive also where own ants outnumber the enemy 2:1 near the fight";
    per_player_combat = "false" / "false" / "false": "the combat evaluation applies the focus rule per enemy player";
    food_depth = "10" / "10" / "10": "ants within this many steps of a food are sent";
    multi_food_depth = "10" / "10" / "20": "food_depth once two or more enemy players have been seen (4-player games)";
    aggression_ratio10 = "20" / "20" / "20": "relative aggression ratio in tenths (20 = two to one)";
    relative_only_in_duels = "false" / "false" / "true": "relative aggression only while one enemy player has been seen";
    food_matching = "true" / "true" / "true": "food as a matching of ants to foods, shortest pairs first";
    hill_combat = "false" / "false" / "false": "the combat evaluation values ants alive on hills";
    fight_first = "false" / "true" / "true": "ants an enemy can reach are left to the fight steps";
    exposure_check = "false" / "false" / "false": "combat groups avoid moves into reach of enemies outside the group";
    group_combos = "16384" / "16384" / "16384": "adaptive groups with 60 ms left: most own move combinations per group";
    group_enemies = "11" / "11" / "11": "adaptive groups with 60 ms left: most enemy ants per group";
    keep_away = "false" / "false" / "false": "outnumbered, non-aggressive groups are searched to keep away";
    close2 = "77" / "77" / "77": "squared distance within which own ants count as close to a fight";
    aggressive_count = "14" / "14" / "14": "a fight is aggressive with this many close own ants";
    support2 = "20" / "20" / "20": "squared distance of the own ant that makes a dangered ant fight";
    dist_percent = "100" / "100" / "100": "weight of the distance term of the combat evaluation, in percent";
    approach_depth = "12" / "12" / "12": "free ants this many steps from an enemy ant walk toward it";
    chase_detached = "true" / "false" / "false": "two free ants chase every enemy ant standing alone";
    guard_depth = "0" / "0" / "0": "enemies this many steps from an own hill are fought at any price (0: off)";
    make_room = "false" / "false" / "false": "a combat group ant may step out of reach to make room for another";
    still_turns = "5" / "0" / "0": "enemies still longer than this many turns are assumed to stay (0: all move)";
    safe_food = "false" / "true" / "true": "with fight first, food may take a dangered ant by a step no enemy can reach";
    contest_food = "false" / "false" / "false": "a contested food without a second own ant near is approached by safe steps instead of given up";
    multi_contest_food = "false" / "false" / "true": "contest_food once two or more enemy players have been seen (4-player games)";
    multi_defence = "false" / "false" / "false": "once two or more enemy players have been seen, defence comes before food and enemy hills and looks for defenders around the hill";
    multi_home_guard = "false" / "false" / "true": "once two or more enemy players have been seen, the enemy-hill step leaves the ants no farther from a threatened own hill than its nearest raider";
    multi_hill_alarm = "0" / "0" / "0": "once two or more enemy players have been seen, raiders this many steps or fewer from an own hill are met before the fight by any own ant whose step at most one enemy can reach (0: off)";
    alarm_lone_raiders = "false" / "false" / "false": "multi_hill_alarm acts only for raiders without another enemy ant within 4 rows and columns";
    defend_hills = "4" / "4" / "4": "the defence step acts while the own hills number at most this many";
    multi_defend_hills = "4" / "4" / "4": "defend_hills once two or more enemy players have been seen (4-player games)";
    hill_first = "false" / "false" / "false": "with fight first, the enemy-hill step still takes ants an enemy can reach";
    safe_hill = "false" / "false" / "false": "the enemy-hill step moves a dangered ant only by a step no enemy can reach";
    defence_percent = "50" / "50" / "50": "defence: the defender's target lies this many percent of the way from the hill to the enemy";
    recall_depth = "0" / "0" / "0": "enemies this many steps from an own hill call free ants home (0: off)";
    recall_margin = "2" / "2" / "2": "recall: own ants wanted near the hill beyond the enemy ants there";
    multi_garrison_percent = "0" / "0" / "0": "percent of the own ants kept near the own hills once two enemy players have been seen (0: off)";
    multi_approach_surplus = "0" / "0" / "0": "once two enemy players have been seen, free ants do not approach an enemy that own ants near it outnumber by this many (0: off)";
    defend_raiders_only = "false" / "false" / "false": "the defence step leaves enemy ants nearer to a hill of their own in sight than to the own hill";
    multi_defence_depth = "0" / "0" / "10": "once two or more enemy players have been seen, the defence step meets only enemy ants this many steps from an own hill (0: 15, as in 2-player games)";
    multi_hill_aggression2 = "0" / "0" / "100": "once two or more enemy players have been seen, fights with an own ant within this squared distance of an enemy hill in sight use relative aggression, at the ratio multi_hill_ratio10 (0: off)";
    multi_hill_ratio10 = "0" / "0" / "10": "once two or more enemy players have been seen, the relative aggression ratio in tenths of the fights within multi_hill_aggression2 of an enemy hill (0: aggression_ratio10)";
    multi_sentinels = "0" / "0" / "0": "once two or more enemy players have been seen and the own ants number at least this many per own hill, the nearest free ant of each own hill (within 12 steps) stays beside it or walks there (0: off)";
    multi_hill_danger = "0" / "0" / "0": "once two or more enemy players have been seen, the combat evaluation charges every enemy ant left alive this many steps or fewer from an own hill, the more the closer (0: off)";
    threat_percent = "0" / "0" / "0": "combat: weight of next turn's threat to an ant, in percent of a death (0: off)";
    threat_own_only = "false" / "false" / "false": "the threat charges own ants only, no credit for threatened enemies";
    reinforce_depth = "0" / "0" / "0": "outnumbered ants near the enemy call free ants from this many steps (0: off)";
    approach_straight = "false" / "false" / "false": "approach paths break ties toward the straight line to the enemy";
    escape_fallback = "false" / "true" / "true": "combat searches the group's escape first and keeps it when time runs out";
    chase_home_depth = "0" / "0" / "0": "with chase_detached, chase only lone enemies this many steps from an own hill (0: all)";
    approach_hold = "false" / "false" / "false": "an ant outnumbered near it stays instead of approaching the enemy";
    approach_retreat = "false" / "false" / "false": "an ant outnumbered near it steps as if escaping instead of approaching";
    escape_outnumbered = "false" / "false" / "false": "a dangered ant outnumbered near it escapes instead of fighting";
    cohesion = "0" / "0" / "0": "combat: value of each pair of group ants within attack range of each other, in distance steps";
    stay_percent = "0" / "25" / "25": "combat: weight in percent of the deaths the own moves cause against enemy ants that all stay";
    multi_stay_percent = "0" / "25" / "50": "stay_percent once two or more enemy players have been seen (4-player games)";
    random_ties = "false" / "true" / "true": "equally good directions are chosen at random (seeded) instead of north first";
    max_turn_ms = "75" / "75" / "75": "upper bound on the time used per turn, in milliseconds";
    margin_ms = "60" / "60" / "60": "safety margin kept below the turn time, in milliseconds";
}

/// The entrant a spec names: an external program (`cmd:COMMAND` shown under its program's
/// name, `NAME=cmd:COMMAND` shown as `NAME`, official stdin/stdout protocol) or a bot of
/// [`BOTS`].
pub fn entrant(spec: &str) -> Result<ants::Entrant, SpecError> {
    Ok(match BotSpec::parse(spec)? {
        BotSpec::External(botspec::External {
            name: Some(name),
            command,
        }) => ants::Entrant::Named { name, command },
        BotSpec::External(botspec::External {
            name: None,
            command,
        }) => ants::Entrant::Command(command),
        BotSpec::Bot(_) => ants::Entrant::InProcess(BOTS.build(spec, ())?),
    })
}

/// The name results show for a spec: `NAME` of `NAME=cmd:COMMAND`, the program's name
/// ([`ants::process::command_name`]) for `cmd:COMMAND`, the spec itself otherwise.
pub fn display_name(spec: &str) -> String {
    match BotSpec::parse(spec) {
        Ok(BotSpec::External(botspec::External {
            name: Some(name), ..
        })) => name,
        Ok(BotSpec::External(botspec::External {
            name: None,
            command,
        })) => ants::process::command_name(&command),
        _ => spec.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_names() {
        assert_eq!(display_name("xathis=cmd:./run.sh"), "xathis");
        assert_eq!(
            display_name("cmd:no/such/program --flag"),
            "no/such/program --flag"
        );
        assert_eq!(
            display_name("champion(max_turn_ms=20)"),
            "champion(max_turn_ms=20)"
        );
        assert_eq!(display_name("bad name=cmd:x"), "bad name=cmd:x");
    }

    /// `set` every declared default of `params` on `start`.
    fn with_defaults(params: &[Param], mut start: Config) -> Config {
        for p in params {
            start.set(p.key, p.default).unwrap();
        }
        start
    }

    #[test]
    fn declared_parameters_are_the_config_fields_with_their_defaults() {
        let keys = |ps: &[Param]| ps.iter().map(|p| p.key).collect::<Vec<_>>();
        assert_eq!(keys(POST_MORTEM_PARAMS), Config::PARAMS);
        assert_eq!(keys(XATHIS_PARAMS), Config::PARAMS);
        assert_eq!(keys(CHAMPION_PARAMS), Config::PARAMS);
        // Applying the declared defaults to another bot's config gives this bot's.
        assert_eq!(
            with_defaults(POST_MORTEM_PARAMS, Config::champion()),
            Config::post_mortem()
        );
        assert_eq!(
            with_defaults(XATHIS_PARAMS, Config::champion()),
            Config::xathis()
        );
        assert_eq!(
            with_defaults(CHAMPION_PARAMS, Config::post_mortem()),
            Config::champion()
        );
    }

    #[test]
    fn every_ablation_differs_from_champion_in_one_field() {
        for e in BOTS.entries {
            if let Some(field) = e.name.strip_prefix("champion-no-") {
                let key = field.replace('-', "_");
                assert!(Config::PARAMS.contains(&key.as_str()), "{}", e.name);
                let mut cfg = Config::champion();
                cfg.set(&key, "false").unwrap();
                assert_ne!(cfg, Config::champion(), "{} is champion itself", e.name);
                assert!(e.about.contains(&format!("`{key}=false`")), "{}", e.name);
            }
        }
    }

    #[test]
    fn unknown_names_and_parameters_are_typed_errors() {
        assert!(matches!(
            BOTS.build("nosuch", ()),
            Err(SpecError::UnknownBot { .. })
        ));
        assert!(matches!(
            BOTS.build("champion(nosuch=1)", ()),
            Err(SpecError::UnknownParam { .. })
        ));
        assert!(matches!(
            BOTS.build("champion(max_turn_ms=lots)", ()),
            Err(SpecError::BadValue { .. })
        ));
        assert!(matches!(
            BOTS.build("hunter(3)", ()),
            Err(SpecError::TooManyValues { .. })
        ));
        assert!(matches!(
            BOTS.build("thesis:/no/such/profile.toml", ()),
            Err(SpecError::Invalid { .. })
        ));
        assert!(matches!(
            BOTS.build("x=cmd:true", ()),
            Err(SpecError::External { .. })
        ));
    }

    #[test]
    fn entrants_of_every_kind() {
        assert!(matches!(
            entrant("mine=cmd:./run.sh --fast"),
            Ok(ants::Entrant::Named { name, command }) if name == "mine" && command == "./run.sh --fast"
        ));
        assert!(matches!(
            entrant("cmd:python3 bot.py"),
            Ok(ants::Entrant::Command(c)) if c == "python3 bot.py"
        ));
        assert!(
            matches!(entrant("hunter"), Ok(ants::Entrant::InProcess(b)) if b.name() == "hunter")
        );
        assert!(entrant("nosuch").is_err());
    }
}

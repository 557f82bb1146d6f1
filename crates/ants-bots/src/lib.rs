//! The catalogue of every in-process Ants bot: [`BOTS`] lists the baselines of
//! [`ants::bots`], the three pipeline bots of `ants-xathis` — `xathis-postmortem`,
//! `xathis-style` and `champion`, the presets [`Config::post_mortem`], [`Config::xathis`] and
//! [`Config::champion`], with every [`Config`] field as a parameter — and `thesis` of
//! `ants-thesis` (with its behaviour profile). The CLI (`botforge ants bots`, `play`,
//! `tournament`, `bot`) and the arena build Ants bots only through it.
//!
//! Specs use the one syntax of [`botspec`]: `hunter`, `champion(max_turn_ms=120)`,
//! `thesis(profile=aggressive)` (or `thesis:aggressive`), and `NAME=cmd:COMMAND` for external
//! programs ([`entrant`]). A variant of a pipeline bot is a spec, not an entry:
//! `champion(fight_first=false)` is champion without fight first, and plays under that name.
//!
//! ```
//! let bot = ants_bots::BOTS.build("champion(fight_first=false)", ())?;
//! assert_eq!(bot.name(), "champion(fight_first=false)");
//! assert!(ants_bots::BOTS.names().contains(&"thesis"));
//! # Ok::<(), botspec::SpecError>(())
//! ```

use ants::Bot;
use ants::bots::{GreedyBot, HoldBot, LeftyBot, RandomBot, Target};
use ants_xathis::{ChampionBot, Config};
use botspec::{Args, BotSpec, Catalogue, Entry, Param, SpecError};

/// An entry for a baseline bot of [`ants::bots`] (no parameters) built by `$make`.
macro_rules! baseline {
    ($name:literal, $about:literal, $make:expr) => {
        Entry {
            name: $name,
            about: $about,
            params: &[],
            build: |_, ()| Ok(Box::new($make)),
        }
    };
}

/// Every in-process Ants bot, in listing order.
pub static BOTS: Catalogue<dyn Bot> = Catalogue {
    game: "Ants",
    entries: &[
        baseline!(
            "random",
            "random passable, unclaimed moves",
            RandomBot::default()
        ),
        baseline!("hold", "never moves", HoldBot),
        baseline!(
            "lefty",
            "the official LeftyBot: walks straight, then follows walls on its left",
            LeftyBot::default()
        ),
        baseline!(
            "greedy",
            "heads for the nearest food or enemy ant",
            GreedyBot::new(Target::Greedy)
        ),
        baseline!(
            "hunter",
            "razes visible enemy hills, then hunts enemy ants, then food",
            GreedyBot::new(Target::Hunter)
        ),
        Entry {
            name: "xathis-postmortem",
            about: "the 2011 winner's design as his post mortem describes it, read literally (ants-xathis)",
            params: Config::POST_MORTEM_PARAMS,
            build: |args, ()| pipeline_bot(args, Config::post_mortem()),
        },
        Entry {
            name: "xathis-style",
            about: "the rebuild of the 2011 winner: xathis-postmortem with what the original's games show it does beyond the text (fights first with safe steps to food, no chasing of lone enemies, every enemy ant free to move in fights with the escape kept when a search is cut, a stay term in the fight evaluation, fight limits that grow with the time left, no preferred direction) and missions kept until there is much to explore (ants-xathis)",
            params: Config::XATHIS_PARAMS,
            build: |args, ()| pipeline_bot(args, Config::xathis()),
        },
        Entry {
            name: "champion",
            about: "xathis-style with relative aggression in duels (a fight is also aggressive where the own ants near it outnumber the enemy's two to one) and, once two enemy players have been seen, a heavier stay term, contested foods, a longer food reach, a home guard, a narrower defence and raids that trade beside enemy hills",
            params: Config::CHAMPION_PARAMS,
            build: |args, ()| pipeline_bot(args, Config::champion()),
        },
        Entry {
            name: "thesis",
            about: "the Bern bachelor thesis bot (ants-thesis): tasks, missions, influence-map combat",
            params: &[
                Param {
                    key: "profile",
                    default: "default",
                    about: "behaviour profile: a bundled name (default, aggressive, defensive, expansive, aggressive2, defensive2, expansive2) or a TOML file",
                },
                Param {
                    key: "visualize",
                    default: "false",
                    about: "draw each ant's task, target, mission and planned path (true), also the influence map (influence), or nothing (false); docs/ants-viewer.md; never changes a move",
                },
            ],
            build: thesis,
        },
    ],
};

/// A pipeline bot of `ants-xathis`: the preset `base` with the spec's parameters applied
/// ([`ChampionBot::from_spec`]), named by the spec (`champion`, `champion(fight_first=false)`).
fn pipeline_bot(args: &Args, base: Config) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(ChampionBot::from_spec(args, base)?))
}

fn thesis(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    let profile = match args.opt::<String>("profile")? {
        None => ants_thesis::Profile::default(),
        Some(p) => {
            ants_thesis::Profile::by_name_or_file(&p).map_err(|e| args.invalid(e.to_string()))?
        }
    };
    let mut bot = ants_thesis::ThesisBot::new(profile);
    bot.set_visualize(args.get("visualize")?);
    Ok(Box::new(bot))
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
        for bad in [
            "champion(max_turn_ms=lots)",
            "champion(defence_percent=101)",
            "xathis-style(fight_first=on)",
            "xathis-postmortem(food_matching=1)",
        ] {
            assert!(
                matches!(BOTS.build(bad, ()), Err(SpecError::BadValue { .. })),
                "{bad}"
            );
        }
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

//! The catalogue against the bots it lists: every name builds, plays and keeps its name, and a
//! bot given by an old spec form (`thesis:aggressive`, a champion variant as it was built
//! before the catalogue) plays exactly the game of its new spec.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ants::{Bot, GameConfig, Map, play_game};
use ants_bots::BOTS;
use ants_xathis::{ChampionBot, Config};

/// A turn time no game here comes close to (a minute, in milliseconds, the most a spec's
/// `max_turn_ms` takes): the bots' clocks never cut a decision short, so seeded games are
/// repeatable.
const FOREVER_MS: u64 = 60_000;

fn map() -> Map {
    Map::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/ants/maze_p02_01.map"
    )))
    .unwrap()
}

fn config(turns: u32) -> GameConfig {
    GameConfig {
        turns,
        turntime_ms: FOREVER_MS,
        ..GameConfig::seeded(11)
    }
}

/// What a seeded game between `a` and `hunter` shows, without the player names: every ant
/// with its moves, food, hills, score histories, final scores and statuses.
fn game(a: Box<dyn Bot>, turns: u32) -> String {
    let hunter = BOTS.build("hunter", ()).unwrap();
    let outcome = play_game(&map(), &config(turns), vec![a, hunter]).unwrap();
    let d = &outcome.replay.replaydata;
    format!(
        "{:?} {:?} {:?} {:?} {:?} {:?}",
        d.ants, d.food, d.hills, d.scores, outcome.scores, outcome.statuses
    )
}

#[test]
fn every_listed_bot_builds_and_plays_a_short_game() {
    assert!(!BOTS.entries.is_empty());
    for name in BOTS.names() {
        let bot = BOTS
            .build(name, ())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let other = BOTS.build(name, ()).unwrap();
        let outcome = play_game(&map(), &config(5), vec![bot, other]).unwrap();
        assert_eq!(outcome.turns, 5, "{name}");
    }
}

#[test]
fn names_are_unique_and_parameters_have_descriptions() {
    let mut names = BOTS.names();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), BOTS.entries.len());
    for e in BOTS.entries {
        assert!(!e.about.is_empty(), "{}", e.name);
        assert!(e.params.iter().all(|p| !p.about.is_empty()), "{}", e.name);
    }
    let text = BOTS.describe();
    for e in BOTS.entries {
        assert!(text.contains(e.name) && text.contains(e.about), "{text}");
    }
}

#[test]
fn thesis_colon_profile_and_profile_key_play_the_same_game() {
    let old = game(BOTS.build("thesis:aggressive", ()).unwrap(), 120);
    let new = game(BOTS.build("thesis(profile=aggressive)", ()).unwrap(), 120);
    assert_eq!(old, new);
    let direct = ants_thesis::ThesisBot::new(ants_thesis::Profile::by_name("aggressive").unwrap());
    assert_eq!(game(Box::new(direct), 120), new);
    // And the profile matters: the default profile plays another game.
    assert_ne!(game(BOTS.build("thesis", ()).unwrap(), 120), new);
}

#[test]
fn champion_variant_by_old_construction_and_by_spec_play_the_same_game() {
    // The former `champion-nomatch` of the ablation tool: champion without food matching.
    let old = ChampionBot::with_config(Config {
        food_matching: false,
        max_turn_ms: FOREVER_MS,
        ..Config::champion()
    });
    let spec = format!("champion(food_matching=false,max_turn_ms={FOREVER_MS})");
    let new = BOTS.build(&spec, ()).unwrap();
    assert_eq!(new.name(), spec);
    let old = game(Box::new(old), 150);
    assert_eq!(old, game(new, 150));
    // The first parameter (`sticky_missions`, on in champion) given by position.
    let positional_and_keys =
        format!("champion(true,food_matching=false,max_turn_ms={FOREVER_MS})");
    assert_eq!(
        old,
        game(BOTS.build(&positional_and_keys, ()).unwrap(), 150)
    );
    // And the parameter matters: champion itself plays another game.
    let champion = format!("champion(max_turn_ms={FOREVER_MS})");
    assert_ne!(old, game(BOTS.build(&champion, ()).unwrap(), 150));
}

#[test]
fn every_bot_plays_under_the_name_of_its_spec() {
    // Replays and `analyze --team` group the games by the name a bot gives.
    for name in BOTS.names() {
        assert_eq!(BOTS.build(name, ()).unwrap().name(), name);
    }
    for spec in ["champion(fight_first=false)", "xathis-style(still_turns=5)"] {
        assert_eq!(BOTS.build(spec, ()).unwrap().name(), spec);
    }
}

#[test]
fn the_pipeline_bots_take_every_config_field_as_a_parameter() {
    let keys = |name: &str| {
        let entry = BOTS.entry(name).unwrap();
        entry.params.iter().map(|p| p.key).collect::<Vec<_>>()
    };
    let fields = Config::CHAMPION_PARAMS
        .iter()
        .map(|p| p.key)
        .collect::<Vec<_>>();
    for name in ["xathis-postmortem", "xathis-style", "champion"] {
        assert_eq!(keys(name), fields, "{name}");
    }
    let listing = BOTS.describe();
    assert!(listing.contains("fight_first = true: "), "{listing}");
    assert!(listing.contains("chase_detached = true: "), "{listing}");
}

//! The bot catalogue `wumpus::agents::BOTS`: every entry builds and plays, specs with
//! parameters configure the bot exactly as the constructors do (the same game move for
//! move), and bad parameters are clear errors.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use wumpus::agents::{BOTS, ChampionBot, ChampionConfig, EntrantSpec, ReferenceBot};
use wumpus::protocol::Timeouts;
use wumpus::{Bot, Entrant, Game, GameTrace, Preset, generate, play_game_traced};

fn trace(bot: &mut dyn Entrant, preset: Preset, seed: u64) -> GameTrace {
    let world = generate(&preset.params(seed)).unwrap();
    play_game_traced(&mut Game::new(&world, seed), bot, seed, "x")
}

fn spec_trace(spec: &str, preset: Preset, seed: u64) -> GameTrace {
    let mut bot = BOTS.build(spec, ()).unwrap();
    trace(&mut bot, preset, seed)
}

#[test]
fn every_entry_builds_and_plays() {
    // The two bots the other tests of this file configure are listed (any others may be).
    for name in ["reference", "champion"] {
        assert!(BOTS.entry(name).is_some(), "{name}");
    }
    for entry in BOTS.entries {
        for seed in 1..=3 {
            let t = spec_trace(entry.name, Preset::Small, seed);
            assert_eq!(t.steps.len() as u32, t.result.actions + 1, "{}", entry.name);
            assert!(t.error.is_none(), "{}: {:?}", entry.name, t.error);
        }
        // All parameters given at their defaults: the same bot.
        let defaults: Vec<String> = entry
            .params
            .iter()
            .map(|p| format!("{}={}", p.key, p.default))
            .collect();
        let explicit = format!("{}({})", entry.name, defaults.join(","));
        assert_eq!(
            spec_trace(&explicit, Preset::Medium, 4).steps,
            spec_trace(entry.name, Preset::Medium, 4).steps,
            "{explicit}"
        );
        // Through EntrantSpec (what the CLI and the arena use) as well.
        let mut entrant = EntrantSpec::parse(entry.name)
            .unwrap()
            .entrant(Timeouts::default())
            .unwrap();
        assert_eq!(
            trace(entrant.as_mut(), Preset::Medium, 4).steps,
            spec_trace(entry.name, Preset::Medium, 4).steps
        );
    }
}

#[test]
fn champion_defaults_are_the_configs_defaults() {
    let (_, args) = BOTS.resolve("champion").unwrap();
    assert_eq!(
        ChampionConfig::from_args(&args).unwrap(),
        ChampionConfig::default()
    );
}

/// The old ways to configure a bot (the constructors, as the former tuning harness did) and
/// the spec forms (positional in declaration order, by key) play the identical game.
#[test]
fn old_and_new_forms_play_the_identical_game() {
    let tuned = ChampionConfig {
        risk_weight: 300.0,
        win_chance: 2.0,
        shoot_threshold: 0.4,
        turn_shoot_threshold: 0.5,
        ..ChampionConfig::default()
    };
    for seed in [1, 7, 12] {
        let old = trace(
            &mut ChampionBot::with_config(tuned.clone()),
            Preset::Medium,
            seed,
        );
        for spec in [
            "champion(300,2,0.4,0.5)",
            "champion(risk_weight=300,win_chance=2,shoot_threshold=0.4,turn_shoot_threshold=0.5)",
            "champion(300, 2, turn_shoot_threshold=0.5, shoot_threshold=0.4)",
        ] {
            assert_eq!(
                spec_trace(spec, Preset::Medium, seed).steps,
                old.steps,
                "{spec}"
            );
        }
        let old = trace(&mut ChampionBot::new(), Preset::Medium, seed);
        assert_eq!(
            spec_trace("champion", Preset::Medium, seed).steps,
            old.steps
        );
        assert_eq!(
            spec_trace("champion()", Preset::Medium, seed).steps,
            old.steps
        );
        let old = trace(&mut ReferenceBot::new(), Preset::Medium, seed);
        assert_eq!(
            spec_trace("reference", Preset::Medium, seed).steps,
            old.steps
        );
    }
    // A parameter changes the game (the spec is not ignored).
    let differs = (1..=10).any(|seed| {
        spec_trace("champion(win_chance=3)", Preset::Medium, seed).steps
            != spec_trace("champion", Preset::Medium, seed).steps
    });
    assert!(differs);
}

#[test]
fn bad_parameters_are_clear_errors() {
    let err = |spec: &str| match BOTS.build(spec, ()) {
        Ok(_) => panic!("{spec} was accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        err("champion(pit_prior=0)"),
        "champion(pit_prior=0): must be within 0.001..=0.999"
    );
    assert!(err("champion(win_chance=NaN)").contains("must be within"));
    assert!(err("champion(risk_weight=inf)").contains("must be within"));
    assert!(err("champion(shoot_threshold=x)").contains("shoot_threshold=x"));
    assert_eq!(
        err("champion(greed=1)"),
        "champion: unknown parameter `greed`; its parameters: risk_weight, win_chance, \
         shoot_threshold, turn_shoot_threshold, pit_prior, wumpus_prior"
    );
    assert_eq!(
        err("reference(1)"),
        "reference: 1 positional values, but it takes no parameters"
    );
    assert!(err("cmd:./agent").contains("external program"));
}

#[test]
fn a_boxed_catalogue_bot_is_a_bot() {
    fn takes_bot(_: &mut dyn Bot) {}
    let mut bot = BOTS.build("reference", ()).unwrap();
    takes_bot(&mut bot);
}

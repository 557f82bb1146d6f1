//! The catalogue `economy::BOTS`: every entry builds from its name and plays a short game,
//! and spec parameters reach the game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use economy::experiment::{CASES, Mode};
use economy::{BOTS, PlayOptions, build_bot, play_game};

fn world() -> Arc<economy::world::World> {
    Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    )
}

fn options() -> PlayOptions {
    PlayOptions {
        case: CASES[1],
        mode: Mode::Budget(100),
        seed: 3,
        game: 0,
        max_rounds: 12,
    }
}

#[test]
fn every_entry_builds_and_plays_a_short_game() {
    let w = world();
    for entry in BOTS.entries {
        let bot = build_bot(entry.name).unwrap();
        assert_eq!(bot.name(), entry.name);
        assert!(!bot.label().is_empty());
        assert!(!entry.about.is_empty());
        let outcome = play_game(&w, vec![bot, build_bot("gold").unwrap()], &options());
        assert_eq!(outcome.thought[0], 12, "{}", entry.name);
        assert!(outcome.expanded[0] > 0, "{}", entry.name);
    }
}

#[test]
fn spec_parameters_are_what_the_game_sees() {
    let w = world();
    let capped = play_game(
        &w,
        vec![build_bot("game-analyzer-planner(max_width=2,max_expansions=40)").unwrap()],
        &options(),
    );
    let plain = play_game(
        &w,
        vec![build_bot("game-analyzer-planner").unwrap()],
        &options(),
    );
    assert!(capped.expanded[0] <= 40 * 12, "{:?}", capped.expanded);
    assert!(plain.expanded[0] > capped.expanded[0]);
}

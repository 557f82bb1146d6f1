//! The "Adding a Wumpus bot" recipe of `docs/ARCHITECTURE.md`, followed step by step: a
//! tiny bot implements `wumpus::Bot`, an `Entry` in a catalogue built like
//! `wumpus::agents::BOTS` makes it buildable from a spec, and it plays a game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use botspec::{Args, Catalogue, Entry, Param, SpecError};
use wumpus::{Bot, Game, HunterAction, Observation, Outcome, StartInfo, World, play_game};

/// Step 1: the bot (in the crate: `src/agents/sitter.rs`, declared by `pub mod sitter;` in
/// `src/agents/mod.rs`). It sits `patience` turns on the start cell, then quits.
struct SitterBot {
    patience: u32,
    sat: u32,
}

impl Bot for SitterBot {
    fn start(&mut self, _info: &StartInfo) {
        self.sat = 0;
    }

    fn act(&mut self, _obs: &Observation) -> HunterAction {
        if self.sat < self.patience {
            self.sat += 1;
            HunterAction::Sit
        } else {
            HunterAction::QuitGame
        }
    }
}

/// Step 2: its constructor, reading the declared parameters.
fn sitter(args: &Args, (): ()) -> Result<Box<dyn Bot + Send>, SpecError> {
    Ok(Box::new(SitterBot {
        patience: args.get_in("patience", 0..=100)?,
        sat: 0,
    }))
}

/// Step 3: its entry in the catalogue (in the crate: one more `Entry` in `BOTS`).
static MY_BOTS: Catalogue<dyn Bot + Send, ()> = Catalogue {
    game: "wumpus",
    entries: &[Entry {
        name: "sitter",
        about: "sits on the start cell, then quits",
        params: &[Param {
            key: "patience",
            default: "3",
            about: "turns to sit before quitting",
        }],
        build: sitter,
    }],
};

fn aima() -> World {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/wumpus/aima-4x4.wum"
    );
    World::load(std::path::Path::new(path)).unwrap()
}

#[test]
fn the_recipe_bot_builds_from_specs_and_plays() {
    assert!(
        MY_BOTS
            .describe()
            .starts_with("sitter  sits on the start cell, then quits\n")
    );
    for (spec, actions) in [("sitter", 4), ("sitter(patience=1)", 2), ("sitter:0", 1)] {
        let mut bot = MY_BOTS.build(spec, ()).unwrap();
        let played = play_game(&mut Game::new(&aima(), 1), &mut bot, |_, _, _| {});
        assert_eq!(played.result.outcome, Outcome::Quit, "{spec}");
        assert_eq!(played.result.actions, actions, "{spec}");
    }
    assert!(MY_BOTS.build("sitter(patience=1000)", ()).is_err());
}

//! The "Adding an Ants bot" recipe of docs/ARCHITECTURE.md, followed step by step: a tiny bot
//! implements `ants::Bot`, an `Entry` for it goes into a catalogue built like
//! `ants_bots::BOTS`, and the spec `name(key=value)` builds it and plays a game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ants::{Bot, GameConfig, GameSettings, Map, Order, TurnInput, play_game};
use botspec::{Args, Catalogue, Entry, Param, SpecError};
use grid::Dir;

/// Step 1: the bot. Every own ant steps north for the first `turns` turns, then holds.
struct NorthBot {
    turns: u32,
}

impl Bot for NorthBot {
    fn name(&self) -> &'static str {
        "north"
    }

    fn setup(&mut self, _settings: &GameSettings) {}

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        if input.turn > self.turns {
            return Vec::new();
        }
        input
            .ants
            .iter()
            .filter(|(_, owner)| *owner == 0)
            .map(|&(pos, _)| Order { pos, dir: Dir::N })
            .collect()
    }
}

/// Step 2: its constructor, reading the declared parameters.
fn north(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    let turns = args.get_in("turns", 0..=10_000)?;
    Ok(Box::new(NorthBot { turns }))
}

/// Step 3: the entry in the catalogue (in `crates/ants-bots/src/lib.rs` it goes into
/// `BOTS.entries`).
static MY_BOTS: Catalogue<dyn Bot> = Catalogue {
    game: "Ants",
    entries: &[Entry {
        name: "north",
        about: "every ant steps north, then holds",
        params: &[Param {
            key: "turns",
            default: "20",
            about: "turns before it holds",
        }],
        build: north,
    }],
};

#[test]
fn the_recipe_bot_builds_from_its_spec_and_plays_a_game() {
    let map = Map::load(std::path::Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../data/ants/maze_p02_01.map"
    )))
    .unwrap();
    let config = GameConfig {
        turns: 30,
        ..GameConfig::seeded(3)
    };
    let bots = vec![
        MY_BOTS.build("north(turns=5)", ()).unwrap(),
        ants_bots::BOTS.build("hold", ()).unwrap(),
    ];
    let outcome = play_game(&map, &config, bots).unwrap();
    assert_eq!(outcome.names, ["north", "hold"]);
    assert_eq!(outcome.turns, 30);
    assert!(
        MY_BOTS
            .describe()
            .contains("turns = 20: turns before it holds")
    );
    assert!(matches!(
        MY_BOTS.build("north(turns=-1)", ()),
        Err(SpecError::BadValue { .. })
    ));
}

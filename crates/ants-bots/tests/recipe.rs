//! The "Adding an Ants bot" recipe of docs/ARCHITECTURE.md, followed step by step: a tiny bot
//! implements `ants::Bot`, an `Entry` for it goes into a catalogue built like
//! `ants_bots::BOTS`, and the spec `name(key=value)` builds it and plays a game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ants::{Bot, GameConfig, GameSettings, Map, Order, TurnInput, play_game};
use botspec::{Args, Catalogue, Entry, Param, SpecError};
use grid::Dir;
use std::time::{Duration, Instant};

/// Step 1: the bot. Every own ant steps north for the first `turns` turns, then holds;
/// while it walks, one ant chosen at random (seeded by the player seed) holds each turn.
/// It names itself by the spec that built it and ends each turn well inside the turn time.
struct NorthBot {
    name: String,
    turns: u32,
    rng: u64,
    turntime: Duration,
}

impl Bot for NorthBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn setup(&mut self, settings: &GameSettings) {
        // Seed every random choice from the player seed: same game seed, same game.
        self.rng = settings.player_seed as u64 | 1;
        self.turntime = Duration::from_millis(settings.turntime_ms);
    }

    fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
        // The turn time counts from the moment the input is sent: keep a margin.
        let deadline = Instant::now() + self.turntime / 2;
        if input.turn > self.turns {
            return Vec::new();
        }
        let own: Vec<_> = input.ants.iter().filter(|(_, o)| *o == 0).collect();
        // xorshift64: a tiny seeded generator.
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        let resting = (self.rng % own.len().max(1) as u64) as usize;
        own.iter()
            .enumerate()
            .take_while(|_| Instant::now() < deadline)
            .filter(|&(i, _)| i != resting)
            .map(|(_, &&(pos, _))| Order { pos, dir: Dir::N })
            .collect()
    }
}

/// Step 2: its constructor, reading the declared parameters; the name is the canonical spec.
fn north(args: &Args, (): ()) -> Result<Box<dyn Bot>, SpecError> {
    let turns = args.get_in("turns", 0..=10_000)?;
    Ok(Box::new(NorthBot {
        name: args.canonical(),
        turns,
        rng: 1,
        turntime: Duration::ZERO,
    }))
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
    let play = || {
        let bots = vec![
            MY_BOTS.build("north(turns=5)", ()).unwrap(),
            ants_bots::BOTS.build("hold", ()).unwrap(),
        ];
        play_game(&map, &config, bots).unwrap()
    };
    let outcome = play();
    // Seats are named by the spec that built them.
    assert_eq!(outcome.names, ["north(turns=5)", "hold"]);
    assert_eq!(outcome.turns, 30);
    // Seeded from the player seed: the same game seed plays the same game.
    assert_eq!(play().replay, outcome.replay);
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

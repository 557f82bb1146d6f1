//! The recipe "Adding a spe_ed bot" of docs/ARCHITECTURE.md, followed step by step: a bot
//! implementing `speed::Bot`, an `Entry` with its parameters in a catalogue built like
//! `speed::ai::BOTS`, and a game played with bots built from specs.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use botspec::{Args, Catalogue, Entry, Param, SpecError};
use speed::ai::BOTS;
use speed::{Action, Bot, GameState, PlayerId, play_game};

/// Step 1: the bot. It always turns the same way, every `every` rounds.
struct SpinnerBot {
    every: u32,
    left: bool,
}

impl Bot for SpinnerBot {
    fn name(&self) -> String {
        format!("spinner({},{})", self.every, self.left)
    }

    fn decide(&mut self, state: &GameState, _me: PlayerId, _deadline: Instant) -> Action {
        match (state.round.is_multiple_of(self.every), self.left) {
            (false, _) => Action::ChangeNothing,
            (true, true) => Action::TurnLeft,
            (true, false) => Action::TurnRight,
        }
    }
}

/// Step 2: its constructor, reading the declared parameters (the context is the seed).
fn spinner(args: &Args, _seed: u64) -> Result<Box<dyn Bot>, SpecError> {
    Ok(Box::new(SpinnerBot {
        every: args.get_in("every", 1..=100)?,
        left: args.get("left")?,
    }))
}

/// Step 3: its entry, in a catalogue built like `speed::ai::BOTS` (there the entry goes
/// into the `entries` list of crates/speed/src/ai/catalogue.rs).
static MY_BOTS: Catalogue<dyn Bot, u64> = Catalogue {
    game: "spe_ed",
    entries: &[Entry {
        name: "spinner",
        about: "turns the same way every few rounds",
        params: &[
            Param {
                key: "every",
                default: "3",
                about: "rounds between turns (1..=100)",
            },
            Param {
                key: "left",
                default: "true",
                about: "turn left (else right)",
            },
        ],
        build: spinner,
    }],
};

#[test]
fn the_recipe_bot_builds_from_specs_and_plays_a_game() {
    // Step 4: it builds from every spec form and is listed.
    assert_eq!(
        MY_BOTS.build("spinner", 1).unwrap().name(),
        "spinner(3,true)"
    );
    assert_eq!(
        MY_BOTS
            .build("spinner(every=2,left=false)", 1)
            .unwrap()
            .name(),
        "spinner(2,false)"
    );
    assert_eq!(
        MY_BOTS.build("spinner(5)", 1).unwrap().name(),
        "spinner(5,true)"
    );
    assert!(MY_BOTS.build("spinner(every=0)", 1).is_err());
    assert!(MY_BOTS.describe().contains("spinner  turns the same way"));

    // Step 5: it plays a game against a catalogue bot.
    let mut state = speed::engine::seeded_setup(5, 2);
    let mut bots = vec![
        MY_BOTS.build("spinner(every=2)", 1).unwrap(),
        BOTS.build("pathfinding(max_speed=2,paths=75)", 2).unwrap(),
    ];
    let outcome = play_game(&mut state, &mut bots, Duration::from_secs(5), |_, _| {});
    assert!(!state.running);
    assert!(outcome.rounds > 0);
    assert_eq!(outcome.times[0].len() as u32, outcome.last_active[0]);
}

//! The "Adding an economy bot" recipe of docs/ARCHITECTURE.md, followed step by step: a
//! tiny bot implements `economy::Bot`, an `Entry` lists it in a catalogue built like
//! `economy::BOTS`, and the bot built from its spec plays a game with `economy::play_game`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use botspec::{Args, Catalogue, Entry, Param, SpecError};
use economy::agent::{Decision, SearchInput};
use economy::rng::SplitMix64;
use economy::rules::{self, Market};
use economy::{Bot, PlayOptions, play_game};
use search::Budget;

/// Step 1: the bot. It plays the `nth` executable activity (the last one if there are fewer).
struct NthBot {
    nth: usize,
}

impl Bot for NthBot {
    fn name(&self) -> String {
        format!("nth(n={})", self.nth)
    }

    fn label(&self) -> String {
        "Nth".to_owned()
    }

    fn think(&mut self, input: SearchInput<'_>, _: &Budget, _: &mut SplitMix64) -> Decision {
        let m = input.merchant;
        let market = Market {
            prices: &m.price,
            stock: &m.stock,
            pending: None,
            merchant_gold: m.gold,
        };
        let executable: Vec<usize> = (0..input.world.activities.len())
            .filter(|&a| {
                rules::executable(
                    input.world,
                    input.state,
                    &input.world.activities[a],
                    &market,
                )
            })
            .collect();
        Decision {
            activity: executable.get(self.nth).or(executable.last()).copied(),
            expanded: 1,
            nodes: 1,
            depth_limit: 1,
            goal_found: false,
        }
    }
}

/// Step 2: its entry (in the crate this is one more `Entry` in `economy::BOTS`).
static MY_BOTS: Catalogue<dyn Bot> = Catalogue {
    game: "economy",
    entries: &[Entry {
        name: "nth",
        about: "plays the n-th executable activity",
        params: &[Param {
            key: "n",
            default: "0",
            about: "which executable activity (0 = the first)",
        }],
        build: |args: &Args, ()| -> Result<Box<dyn Bot>, SpecError> {
            Ok(Box::new(NthBot {
                nth: args.get_in("n", 0..=100)?,
            }))
        },
    }],
};

#[test]
fn a_new_bot_is_listed_built_from_its_spec_and_plays() {
    // Step 3: it is listed (what `botforge economy bots` prints) and built from a spec.
    assert!(
        MY_BOTS
            .describe()
            .contains("nth  plays the n-th executable activity")
    );
    let bot = MY_BOTS.build("nth(n=1)", ()).unwrap();
    assert_eq!(bot.name(), "nth(n=1)");
    let e = MY_BOTS.build("nth(n=999)", ()).err().unwrap().to_string();
    assert!(e.contains("n=999"), "{e}");
    // Step 3 (continued): it plays with `economy::play_game` against a catalogue bot.
    let world = Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    );
    let bots = vec![bot, economy::build_bot("gold").unwrap()];
    let options = PlayOptions {
        max_rounds: 10,
        ..PlayOptions::default()
    };
    let outcome = play_game(&world, bots, &options);
    assert_eq!(outcome.thought, [10, 10]);
    assert_eq!(outcome.expanded[0], 10, "one decision per round");
}

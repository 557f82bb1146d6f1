//! The catalogue `speed::ai::BOTS`: every bot builds and plays, its name is a spec of
//! itself, positional (the team's form) and keyed specs build the same bot and play the
//! identical game, the declared ranges are the checked ones, and errors are typed.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Duration;

use botspec::SpecError;
use rand::SeedableRng as _;
use rand_chacha::ChaCha8Rng;
use speed::ai::{BOTS, DEFAULT_LINEUP};
use speed::engine::setup_on_board;
use speed::{Action, Bot, play_game};

/// Plays `specs` on a seeded small board with a generous budget (node limits and depths
/// decide, not the clock) and returns every round's actions and the winner.
fn game(specs: &[&str], seed: u64) -> (Vec<Vec<Option<Action>>>, Option<u8>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = setup_on_board(&mut rng, 16, 16, specs.len());
    let mut bots: Vec<Box<dyn Bot>> = specs
        .iter()
        .enumerate()
        .map(|(k, s)| BOTS.build(s, seed + k as u64).unwrap())
        .collect();
    let mut rounds = Vec::new();
    let outcome = play_game(
        &mut state,
        &mut bots,
        Duration::from_secs(30),
        |_, answers| {
            rounds.push(answers.iter().map(|a| a.action).collect());
        },
    );
    assert!(!state.running);
    assert_eq!(outcome.rounds as usize, rounds.len());
    (rounds, outcome.winner)
}

#[test]
fn every_bot_builds_and_plays_a_short_game() {
    assert_eq!(
        BOTS.names(),
        [
            "random",
            "not-killing-itself",
            "pathfinding",
            "search-tree",
            "search-tree-pathfinding",
            "pathfinding-search-tree",
            "champion",
        ]
    );
    for name in BOTS.names() {
        let (rounds, _) = game(&[name, "random"], 3);
        assert!(!rounds.is_empty(), "{name}");
    }
}

#[test]
fn every_name_is_a_spec_of_the_same_bot() {
    for spec in BOTS.names().into_iter().chain(DEFAULT_LINEUP) {
        let bot = BOTS.build(spec, 1).unwrap();
        let again = BOTS.build(&bot.name(), 1).unwrap();
        assert_eq!(again.name(), bot.name(), "{spec}");
    }
}

/// The team's positional specs and their keyed forms.
const SAME_BOT: [(&str, &str); 6] = [
    (
        "not-killing-itself(1,0,2)",
        "not-killing-itself(max_speed=1,max_worse_distance=0,depth=2)",
    ),
    ("pathfinding(2,75)", "pathfinding(max_speed=2,paths=75)"),
    (
        "search-tree(2,10,3)",
        "search-tree(depth=2,distance=10,max_speed=3)",
    ),
    (
        "search-tree-pathfinding(2,75,2,10)",
        "search-tree-pathfinding(paths=75,max_speed=2,distance=10,depth=2)",
    ),
    (
        "pathfinding-search-tree(1,50,3,0.75,10)",
        "pathfinding-search-tree(max_speed=1,paths=50,depth=3,tolerance=0.75,distance=10)",
    ),
    (
        "champion(2,60000,2000)",
        "champion(max_speed=2,think_ms=60000,max_nodes=2000)",
    ),
];

#[test]
fn positional_and_keyed_specs_play_the_identical_game() {
    for (positional, keyed) in SAME_BOT {
        assert_eq!(
            BOTS.build(positional, 1).unwrap().name(),
            BOTS.build(keyed, 1).unwrap().name()
        );
        let seed = 11;
        let a = game(&[positional, "pathfinding(2,75)"], seed);
        let b = game(&[keyed, "pathfinding(2,75)"], seed);
        assert_eq!(a, b, "{positional} vs {keyed}");
    }
    // Mixed: positional values first, then keys.
    assert_eq!(
        BOTS.build("pathfinding-search-tree(1,50,tolerance=0.5)", 1)
            .unwrap()
            .name(),
        "pathfinding-search-tree(1,50,3,0.5,10)"
    );
}

#[test]
fn a_bare_name_takes_the_declared_defaults() {
    for entry in BOTS.entries {
        let explicit = format!(
            "{}({})",
            entry.name,
            entry
                .params
                .iter()
                .map(|p| format!("{}={}", p.key, p.default))
                .collect::<Vec<_>>()
                .join(",")
        );
        assert_eq!(
            BOTS.build(entry.name, 1).unwrap().name(),
            BOTS.build(&explicit, 1).unwrap().name(),
            "{explicit}"
        );
    }
}

/// `(lo..=hi)` at the end of a parameter's description.
fn declared_range(about: &str) -> (f64, f64) {
    let inner = about
        .rsplit_once('(')
        .and_then(|(_, r)| r.strip_suffix(')'))
        .unwrap_or_else(|| panic!("no range in {about:?}"));
    let (lo, hi) = inner.split_once("..=").unwrap();
    (lo.parse().unwrap(), hi.parse().unwrap())
}

#[test]
fn declared_ranges_are_the_checked_ones() {
    for entry in BOTS.entries {
        for p in entry.params {
            let (lo, hi) = declared_range(p.about);
            let step = if p.key == "tolerance" { 0.25 } else { 1.0 };
            let spec = |v: f64| format!("{}({}={v})", entry.name, p.key);
            for ok in [lo, hi] {
                assert!(BOTS.build(&spec(ok), 1).is_ok(), "{}", spec(ok));
            }
            for bad in [lo - step, hi + step] {
                assert!(
                    matches!(BOTS.build(&spec(bad), 1), Err(SpecError::BadValue { .. })),
                    "{}",
                    spec(bad)
                );
            }
        }
    }
}

#[test]
fn bad_specs_are_typed_errors_naming_what_is_known() {
    let Err(SpecError::UnknownBot { known, .. }) = BOTS.build("nope", 1) else {
        panic!("expected UnknownBot");
    };
    assert_eq!(known, BOTS.names());
    let Err(SpecError::UnknownParam { known, .. }) = BOTS.build("pathfinding(speed=2)", 1) else {
        panic!("expected UnknownParam");
    };
    assert_eq!(known, ["max_speed", "paths"]);
    assert!(matches!(
        BOTS.build("pathfinding(2,75,1)", 1),
        Err(SpecError::TooManyValues { .. })
    ));
    assert!(matches!(
        BOTS.build("pathfinding(x)", 1),
        Err(SpecError::BadValue { .. })
    ));
    assert!(matches!(
        BOTS.build("pathfinding(2,75", 1),
        Err(SpecError::Syntax { .. })
    ));
    assert!(matches!(
        BOTS.build("mine=cmd:./client", 1),
        Err(SpecError::External { .. })
    ));
    let text = BOTS.describe();
    for name in BOTS.names() {
        assert!(text.contains(name), "{text}");
    }
}

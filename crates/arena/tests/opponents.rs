//! The real 2011 bots draw in our games: an arena game of `champion(visualize=true)` against
//! BenJackson's bot built with `-DVISUALIZER`, and one against xathis's bot with `DEBUG` on,
//! store both players' visualizer commands beside the replay, and every stored line is a
//! command of [`ants::visual::Command::parse`]. The bots are built from
//! `../shared/ants/opponents` into the target directory (`tests/support/opponents.rs` of the
//! viewer); a missing shared folder or tool (`make`, `g++`, `javac`, `java`) fails the test,
//! naming it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "../../viewer/tests/support/opponents.rs"]
mod opponents;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use ants::Status;
use arena::{Config, RunOptions, Store};

/// Turns per game: enough for both bots to see food, fights and the other's ants.
const TURNS: u64 = 40;

/// Plays one arena game of `champion(visualize=true)` against `command` (shown as `name`)
/// and returns the stored visualizer file.
fn game(name: &str, command: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let map = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/ants/maps/random_walk/random_walk_p02_32.map");
    let replays = dir.path().join("replays");
    let path = dir.path().join("opponent.toml");
    let (map, replays) = (map.to_string_lossy(), replays.to_string_lossy());
    std::fs::write(
        &path,
        format!(
            "game = \"ants\"\ngames = 1\nmaps = [{map:?}]\nreplays = {replays:?}\n\
             [options]\nturns = {TURNS}\nturntime = 500\nloadtime = 5000\nstrict = true\n\
             [[bots]]\nname = \"champion\"\nspec = \"champion(visualize=true)\"\n\
             [[bots]]\nname = \"{name}\"\nspec = {:?}\n",
            format!("cmd:{command}")
        ),
    )
    .unwrap();
    let cfg = Config::load(&path).unwrap();
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    let matches = store.matches(None).unwrap();
    assert_eq!(matches.len(), 1);
    let replay = PathBuf::from(matches[0].replay.as_ref().unwrap());
    let outcome: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&replay).unwrap()).unwrap();
    // Both play the whole game: no crash, timeout or invalid order (strict mode removes a
    // bot for one) from the drawing.
    let status = &outcome["status"];
    for (p, s) in status.as_array().unwrap().iter().enumerate() {
        let s = s.as_str().unwrap();
        assert!(
            s == Status::Survived.as_str() || s == Status::Eliminated.as_str(),
            "player {p} ended `{s}`: {outcome}"
        );
    }
    let side = ants::game::GameOutcome::visualizer_path(&replay);
    let text = std::fs::read_to_string(&side)
        .unwrap_or_else(|e| panic!("no visualizer file {}: {e}", side.display()));
    serde_json::from_str(&text).unwrap()
}

/// Checks the stored file: both players drew in most turns, every line parses, and the
/// opponent's lines hold `kinds` (command names such as `tile`).
fn check(file: &serde_json::Value, kinds: &[&str]) {
    assert_eq!(file["format"], ants::game::VISUALIZER_FORMAT);
    assert_eq!(file["players"], 2);
    let mut turns = [0u64; 2];
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for t in file["turns"].as_array().unwrap() {
        let p = usize::try_from(t["player"].as_u64().unwrap()).unwrap();
        assert!(t["turn"].as_u64().unwrap() < TURNS);
        turns[p] += 1;
        for line in t["lines"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            if let Err(e) = ants::visual::Command::parse(line) {
                panic!("player {p}: `{line}`: {e}");
            }
            if p == 1 {
                let kind = line.split_whitespace().nth(1).unwrap_or("info");
                *seen.entry(kind.to_owned()).or_default() += 1;
            }
        }
    }
    for (p, n) in turns.iter().enumerate() {
        assert!(
            *n * 2 >= TURNS,
            "player {p} drew in only {n} of {TURNS} turns"
        );
    }
    for kind in kinds {
        assert!(
            seen.contains_key(*kind),
            "the opponent drew no `{kind}`: {seen:?}"
        );
    }
}

#[test]
fn benjackson_built_with_visualizer_draws_beside_champion() {
    let bot = opponents::benjackson_visualizer();
    let file = game("benjackson", &bot);
    // Its territory bonus as grey tiles, the fill colour set before them.
    check(&file, &["setFillColor", "tile"]);
}

#[test]
fn xathis_with_debug_draws_beside_champion() {
    let bot = opponents::xathis_debug();
    let file = game("xathis", &bot);
    // Colour and width before its circles and tiles.
    check(&file, &["setLineColor", "setLineWidth"]);
}

//! The 2011 visualizer lines end to end: `botforge ants bot SPEC --visualize` prints the
//! bot's plans as `v`/`i` lines, `botforge ants play --replay OUT` stores every bot's lines
//! beside the replay as `OUT`'s `NAME.visualizer.json`, and the replay itself stays the
//! official one (it checks, and is the same game as without the lines).

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge, text};

fn map() -> String {
    format!(
        "{}/../../data/ants/maze_p02_01.map",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// `ants play` of `hold` against `bot` for 25 turns on the small maze, with `--strict`
/// when `strict` (one invalid line removes the bot).
fn play(replay: &std::path::Path, bot: &str, strict: bool) -> std::process::Output {
    let map = map();
    let mut args = vec![
        "ants", "play", "--map", &map, "--turns", "25", "--seed", "4",
    ];
    if strict {
        args.push("--strict");
    }
    args.extend(["--replay", replay.to_str().unwrap(), "hold", bot]);
    botforge(&args)
}

#[test]
fn an_external_bots_plans_are_stored_beside_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_botforge");
    let shown = dir.path().join("shown.replay");
    let o = play(
        &shown,
        &format!("t=cmd:{exe} ants bot 'thesis(visualize=true)' --visualize"),
        false,
    );
    assert!(o.status.success(), "{}", text(&o));
    let quiet = dir.path().join("quiet.replay");
    let o = play(&quiet, &format!("t=cmd:{exe} ants bot thesis"), false);
    assert!(o.status.success(), "{}", text(&o));

    assert!(!dir.path().join("quiet.visualizer.json").exists());
    let side = dir.path().join("shown.visualizer.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&side).unwrap()).unwrap();
    assert_eq!(file["format"], "botforge-visualizer-1");
    let turns = file["turns"].as_array().unwrap();
    assert!(turns.len() > 10, "{file}");
    let mut notes = 0;
    for t in turns {
        assert_eq!(t["player"], 1);
        for line in t["lines"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            ants::visual::Command::parse(line).unwrap();
            notes += usize::from(line.starts_with("i "));
        }
    }
    assert!(notes > 0);

    // The lines are not orders: the thesis bot plays the same game either way.
    let a = ants::Replay::load(&shown).unwrap();
    let b = ants::Replay::load(&quiet).unwrap();
    assert_eq!(a.replaydata, b.replaydata);
    let o = botforge(&["ants", "check-replay", shown.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
}

/// Every player's status in the replay at `path`.
fn statuses(path: &std::path::Path) -> Vec<String> {
    let replay: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    replay["status"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn visualize_turns_on_the_drawing_of_a_bot_that_draws() {
    let dir = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_botforge");
    let shown = dir.path().join("champion.replay");
    let o = play(
        &shown,
        &format!("c=cmd:{exe} ants bot champion --visualize"),
        true,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        statuses(&shown)
            .iter()
            .all(|s| s == "survived" || s == "eliminated"),
        "{:?}",
        statuses(&shown)
    );
    let side = dir.path().join("champion.visualizer.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&side).unwrap()).unwrap();
    let turns = file["turns"].as_array().unwrap();
    assert!(turns.len() > 10, "{file}");
    for t in turns {
        assert_eq!(t["player"], 1);
        for line in t["lines"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            if let Err(e) = ants::visual::Command::parse(line) {
                panic!("`{line}`: {e}");
            }
        }
    }
    // The same game as without drawing: the lines are not orders.
    let quiet = dir.path().join("quiet.replay");
    let o = play(&quiet, &format!("c=cmd:{exe} ants bot champion"), true);
    assert!(o.status.success(), "{}", text(&o));
    assert!(!dir.path().join("quiet.visualizer.json").exists());
    let a = ants::Replay::load(&shown).unwrap();
    let b = ants::Replay::load(&quiet).unwrap();
    assert_eq!(a.replaydata, b.replaydata);

    // A bot without a `visualize` parameter draws nothing and still plays.
    let plain = dir.path().join("hunter.replay");
    let o = play(
        &plain,
        &format!("h=cmd:{exe} ants bot hunter --visualize"),
        true,
    );
    assert!(o.status.success(), "{}", text(&o));
    assert!(!dir.path().join("hunter.visualizer.json").exists());
    assert_eq!(statuses(&plain)[1], "survived");
}

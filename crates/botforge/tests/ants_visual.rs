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

fn play(replay: &std::path::Path, bot: &str) -> std::process::Output {
    botforge(&[
        "ants",
        "play",
        "--map",
        &map(),
        "--turns",
        "25",
        "--seed",
        "4",
        "--replay",
        replay.to_str().unwrap(),
        "hold",
        bot,
    ])
}

#[test]
fn an_external_bots_plans_are_stored_beside_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_botforge");
    let shown = dir.path().join("shown.replay");
    let o = play(
        &shown,
        &format!("t=cmd:{exe} ants bot 'thesis(visualize=true)' --visualize"),
    );
    assert!(o.status.success(), "{}", text(&o));
    let quiet = dir.path().join("quiet.replay");
    let o = play(&quiet, &format!("t=cmd:{exe} ants bot thesis"));
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

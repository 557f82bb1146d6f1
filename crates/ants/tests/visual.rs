//! The 2011 visualizer lines in games: external bots' `v`/`i` lines and in-process bots'
//! [`ants::visual::Command`]s are kept per (turn, player), within bounds, never read as
//! orders (not even in strict mode), and stored beside the replay as
//! `NAME.visualizer.json`; the game itself is the same as without them.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use ants::game::{MAX_VISUAL_LINES, VISUALIZER_FORMAT};
use ants::visual::{Color, Command};
use ants::{Bot, Entrant, GameConfig, GameOutcome, Map, Status, bots, play_game};
use grid::Pos;

const MAP: &str = "rows 10\ncols 10\nplayers 2\nm ..........\nm .0........\nm ..........\nm ..........\nm ..........\nm ..........\nm ......1...\nm ..........\nm ..........\nm ..........\n";

/// A shell bot that answers `go` each turn after running `show` (with `$t` the turn).
fn shell_bot(show: &str) -> String {
    format!(
        "while read l; do case $l in 'turn '*) t=${{l#turn }};; ready) echo go;; go) {show} echo go;; end) exit;; esac; done"
    )
}

fn config(turns: u32) -> GameConfig {
    GameConfig {
        turns,
        turntime_ms: 2000,
        loadtime_ms: 2000,
        strict: true,
        ..GameConfig::seeded(11)
    }
}

fn play(show: &str, turns: u32) -> GameOutcome {
    let map = Map::parse(MAP).unwrap();
    let seats: Vec<Entrant> = vec![
        Entrant::Named {
            name: "shell".into(),
            command: shell_bot(show),
        },
        Entrant::InProcess(Box::new(bots::HoldBot)),
    ];
    play_game(&map, &config(turns), seats).unwrap()
}

#[test]
fn external_bots_visualizer_lines_are_kept_per_turn_and_never_orders() {
    let quiet = play("", 6);
    let shown = play(
        "echo 'v setLineColor 0x99 0 0 0.5'; echo \"i 1 1 seen turn $t\"; echo 'v bogus 1 2'; echo 'v tile 1 1   ';",
        6,
    );
    // Strict mode, yet the bot survives: `v`/`i` lines are not orders.
    assert_eq!(shown.statuses, [Status::Survived, Status::Survived]);
    assert_eq!(shown.replay, quiet.replay, "the game is unaffected");
    assert!(quiet.visuals.is_empty());
    assert_eq!(shown.visuals.len(), shown.turns as usize);
    for (k, r) in shown.visuals.iter().enumerate() {
        assert_eq!(r.turn, k as u32, "the replay turn the bot saw");
        assert_eq!(r.player, 0);
        assert_eq!(r.dropped, 0);
        assert_eq!(
            r.lines,
            [
                "v setLineColor 0x99 0 0 0.5".to_owned(),
                format!("i 1 1 seen turn {}", k + 1),
                "v bogus 1 2".to_owned(),
                "v tile 1 1".to_owned(),
            ]
        );
    }
    let json: serde_json::Value = serde_json::from_str(&shown.visualizer_json()).unwrap();
    assert_eq!(json["format"], VISUALIZER_FORMAT);
    assert_eq!(json["players"], 2);
    assert_eq!(json["turns"][2]["turn"], 2);
    assert_eq!(json["turns"][2]["lines"][1], "i 1 1 seen turn 3");
    assert!(json["turns"][2].get("dropped").is_none());
}

#[test]
fn other_unknown_lines_stay_invalid_as_in_the_official_engine() {
    let out = play("echo 'x 1 2 n'; echo 'vtile 1 1';", 6);
    assert_eq!(
        out.statuses[0],
        Status::Invalid,
        "strict mode, unknown action"
    );
    assert!(out.visuals.is_empty());
}

#[test]
fn a_flood_of_lines_is_bounded_counted_and_harmless() {
    let quiet = play("", 4);
    let flood = play("seq 12000 | sed 's/^/v tile 1 /';", 4);
    assert_eq!(flood.statuses, [Status::Survived, Status::Survived]);
    assert_eq!(flood.replay, quiet.replay);
    assert_eq!(flood.visuals.len(), flood.turns as usize);
    for r in &flood.visuals {
        assert_eq!(r.lines.len(), MAX_VISUAL_LINES);
        assert_eq!(r.dropped, 12_000 - MAX_VISUAL_LINES);
        assert_eq!(r.lines[0], "v tile 1 1");
    }
    let json: serde_json::Value = serde_json::from_str(&flood.visualizer_json()).unwrap();
    assert_eq!(json["turns"][0]["dropped"], 12_000 - MAX_VISUAL_LINES);
}

/// A bot that holds and shows a circle and a note on its first ant each turn.
struct Shows;

impl Bot for Shows {
    fn name(&self) -> &'static str {
        "shows"
    }
    fn setup(&mut self, _: &ants::GameSettings) {}
    fn turn(&mut self, _: &ants::TurnInput) -> Vec<ants::Order> {
        Vec::new()
    }
    fn take_visuals(&mut self) -> Vec<Command> {
        vec![
            Command::SetFillColor(Color::new(0, 255, 0, 0.25)),
            Command::Circle {
                pos: Pos::new(1, 1),
                radius: 1.5,
                fill: true,
            },
            Command::info(Pos::new(1, 1), "hold\nstill"),
        ]
    }
}

#[test]
fn in_process_commands_are_stored_as_lines_beside_the_replay() {
    let map = Map::parse(MAP).unwrap();
    let bots: Vec<Box<dyn Bot>> = vec![Box::new(bots::HoldBot), Box::new(Shows)];
    let out = play_game(&map, &config(5), bots).unwrap();
    assert_eq!(out.visuals.len(), out.turns as usize);
    assert!(out.visuals.iter().all(|r| r.player == 1));
    assert_eq!(
        out.visuals[0].lines,
        [
            "v setFillColor 0 255 0 0.25",
            "v circle 1 1 1.5 true",
            "i 1 1 hold still"
        ]
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.replay");
    out.write_replay(&path).unwrap();
    let side = dir.path().join("game.visualizer.json");
    assert_eq!(GameOutcome::visualizer_path(&path), side);
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&side).unwrap()).unwrap();
    assert_eq!(json["format"], VISUALIZER_FORMAT);
    assert_eq!(json["turns"][4]["turn"], 4);
    assert_eq!(json["turns"][4]["player"], 1);
    for line in json["turns"][4]["lines"].as_array().unwrap() {
        Command::parse(line.as_str().unwrap()).unwrap();
    }
    // The replay itself is the official JSON, nothing added.
    let replay = std::fs::read_to_string(&path).unwrap();
    assert!(!replay.contains("setFillColor"));

    // No visualizer lines: no file.
    let quiet: Vec<Box<dyn Bot>> = vec![Box::new(bots::HoldBot), Box::new(bots::HoldBot)];
    let out = play_game(&map, &config(5), quiet).unwrap();
    let path = dir.path().join("quiet.replay");
    out.write_replay(&path).unwrap();
    assert!(path.exists());
    assert!(!dir.path().join("quiet.visualizer.json").exists());
}

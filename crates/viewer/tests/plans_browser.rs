//! Our bots' plans in the viewer: an in-process seeded game of `champion(visualize=true)`
//! against `thesis(visualize=influence)` is written (replay and `NAME.visualizer.json`) to a
//! temporary directory under the viewer's root, opened in headless Chromium, and the layer
//! colours of `docs/ants-viewer.md` ("Our bots' plans") are checked at the tiles where the
//! commands put them: champion's border tiles (translucent fill over the board) and food
//! lines, thesis's influence tiles and planned paths. Each bot's drawings are shown alone
//! (the other player's box off) and saved as a screenshot; with
//! `BOTFORGE_DOC_SCREENSHOTS=DIR` also as `DIR/viewer-champion-plans.png` and
//! `DIR/viewer-thesis-plans.png`. Chromium and chromedriver as in `tests/browser.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/browser.rs"]
mod browser_support;
#[path = "support/canvas.rs"]
mod canvas;
#[path = "support/serve.rs"]
mod serve;
use browser_support::Browser;
use canvas::{check_drawings, close, drawn, only, pixel, translucent_tiles};

use ants::game::GameOutcome;
use ants::visual::{Color, Command};
use ants::{GameConfig, Map, play_game};
use serde_json::Value;

/// The turn whose drawings are checked.
const TURN: u64 = 60;

/// Plays the seeded game.
fn play() -> GameOutcome {
    let map = Map::official("cell_maze/cell_maze_p02_14.map").unwrap_or_else(|e| panic!("{e}"));
    let config = GameConfig {
        turns: 100,
        turntime_ms: 500,
        ..GameConfig::seeded(3)
    };
    let bots = vec![
        ants_bots::BOTS
            .build("champion(visualize=true)", ())
            .unwrap(),
        ants_bots::BOTS
            .build("thesis(visualize=influence)", ())
            .unwrap(),
    ];
    play_game(&map, &config, bots).unwrap()
}

/// Checks that at least one of the `points` (on opaque lines of colour `line`) shows it.
async fn some_line(b: &mut Browser, points: &[(f64, f64)], line: Color, what: &str) {
    assert!(!points.is_empty(), "no {what} drawn at turn {TURN}");
    let want = [f64::from(line.r), f64::from(line.g), f64::from(line.b)];
    let mut seen = Vec::new();
    for &(r, c) in points.iter().take(40) {
        let px = pixel(b, r, c).await;
        if close(px, want) {
            return;
        }
        seen.push(px);
    }
    panic!("no {what} in {line:?}: {seen:?}");
}

/// Champion: border tiles and food lines in their colours.
async fn champion(b: &mut Browser, file: &Value) {
    only(b, 0).await;
    let cmds = drawn(file, 0, TURN);
    let border: Vec<(i32, i32)> = cmds
        .iter()
        .filter_map(|(c, fill, _)| match c {
            Command::Tile(p) if *fill == ants_xathis::brain::BORDER => Some((p.row, p.col)),
            _ => None,
        })
        .collect();
    translucent_tiles(b, 0, &border, ants_xathis::brain::BORDER).await;
    // Food lines within the map (not over an edge): their midpoints.
    let food: Vec<(f64, f64)> = cmds
        .iter()
        .filter_map(|(c, _, line)| match c {
            Command::Line(a, z) if *line == ants_xathis::brain::FOOD => Some((*a, *z)),
            _ => None,
        })
        .filter(|(a, z)| (a.row - z.row).abs() < 20 && (a.col - z.col).abs() < 20)
        .map(|(a, z)| {
            (
                f64::from(a.row + z.row) / 2.0,
                f64::from(a.col + z.col) / 2.0,
            )
        })
        .collect();
    some_line(b, &food, ants_xathis::brain::FOOD, "food line").await;
    b.screenshot("champion-plans").await;
}

/// Thesis: influence tiles and planned paths in their colours.
async fn thesis(b: &mut Browser, file: &Value) {
    only(b, 1).await;
    let cmds = drawn(file, 1, TURN);
    let mut shaded: Vec<((i32, i32), Color)> = cmds
        .iter()
        .filter_map(|(c, fill, _)| match c {
            Command::Tile(p) => Some(((p.row, p.col), *fill)),
            _ => None,
        })
        .collect();
    // The most common shade (one colour per check).
    shaded.sort_by(|x, y| x.1.a.total_cmp(&y.1.a));
    let own = ants_thesis::visual::OWN;
    let fill = shaded
        .iter()
        .map(|s| s.1)
        .find(|f| (f.r, f.g, f.b) == own)
        .expect("own influence drawn");
    let tiles: Vec<(i32, i32)> = shaded.iter().filter(|s| s.1 == fill).map(|s| s.0).collect();
    translucent_tiles(b, 1, &tiles, fill).await;
    // The first step of every planned path: its midpoint.
    let steps: Vec<(f64, f64)> = cmds
        .iter()
        .filter_map(|(c, _, _)| match c {
            Command::RoutePlan(p, plan) => plan.first().map(|d| {
                let (dr, dc) = d.delta();
                (
                    f64::from(p.row) + f64::from(dr) / 2.0,
                    f64::from(p.col) + f64::from(dc) / 2.0,
                )
            }),
            _ => None,
        })
        .collect();
    some_line(b, &steps, ants_thesis::visual::PATH, "planned path").await;
    b.screenshot("thesis-plans").await;
}

#[test]
fn our_bots_plans_are_drawn_in_their_layer_colours() {
    check_drawings(play, TURN, async |b: &mut Browser, file: &Value| {
        champion(b, file).await;
        thesis(b, file).await;
    });
}

//! A real 2011 bot's drawings in the viewer: `champion(visualize=true)` plays BenJackson's
//! bot built with `-DVISUALIZER` (from `../shared/ants/opponents`, see
//! `tests/support/opponents.rs`; needs `make` and `g++`), the game is written (replay and
//! `NAME.visualizer.json`) under the viewer's root and opened in headless Chromium. At the
//! tiles where BenJackson's `v tile` commands put its translucent grey fills, the board shows
//! the fill blended over what it shows with that player's drawings off, and switching them
//! off changes those pixels (per-player on/off). Saved as a screenshot; with
//! `BOTFORGE_DOC_SCREENSHOTS=DIR` also as `DIR/viewer-benjackson.png`. Chromium and
//! chromedriver as in `tests/browser.rs`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/browser.rs"]
mod browser_support;
#[path = "support/canvas.rs"]
mod canvas;
#[path = "support/opponents.rs"]
mod opponents;
#[path = "support/serve.rs"]
mod serve;
use browser_support::Browser;
use canvas::{blend, check_drawings, close, drawn, only, pixel};

use ants::game::GameOutcome;
use ants::visual::{Color, Command};
use ants::{Entrant, GameConfig, Map, play_game};
use serde_json::Value;

/// The turn whose drawings are checked.
const TURN: u64 = 30;

/// Plays champion against `command`.
fn play(command: String) -> GameOutcome {
    let map = Map::official("random_walk/random_walk_p02_32.map").unwrap_or_else(|e| panic!("{e}"));
    let config = GameConfig {
        turns: 40,
        turntime_ms: 500,
        ..GameConfig::seeded(3)
    };
    let bots = vec![
        Entrant::InProcess(
            ants_bots::BOTS
                .build("champion(visualize=true)", ())
                .unwrap(),
        ),
        Entrant::Named {
            name: "benjackson".into(),
            command,
        },
    ];
    play_game(&map, &config, bots).unwrap()
}

/// BenJackson's filled tiles of its most common fill at [`TURN`] show the fill with its
/// drawings on and not with them off.
async fn benjackson(b: &mut Browser, file: &Value) {
    only(b, 1).await;
    let mut fills: Vec<(Color, Vec<(i32, i32)>)> = Vec::new();
    for (c, fill, _) in drawn(file, 1, TURN) {
        if let Command::Tile(p) = c {
            match fills.iter_mut().find(|f| f.0 == fill) {
                Some(f) => f.1.push((p.row, p.col)),
                None => fills.push((fill, vec![(p.row, p.col)])),
            }
        }
    }
    fills.sort_by_key(|f| std::cmp::Reverse(f.1.len()));
    let (fill, tiles) = fills.first().expect("BenJackson drew no tiles");
    assert!(tiles.len() >= 5, "only {} tiles in {fill:?}", tiles.len());
    let tiles = &tiles[..tiles.len().min(40)];
    let mut on = Vec::new();
    for &(r, c) in tiles {
        on.push(pixel(b, f64::from(r), f64::from(c)).await);
    }
    b.screenshot("benjackson").await;
    b.click("#viz-1").await;
    let (mut shown, mut changed) = (0, 0);
    for (&(r, c), &px) in tiles.iter().zip(&on) {
        let off = pixel(b, f64::from(r), f64::from(c)).await;
        shown += usize::from(close(px, blend(off, *fill)));
        let same = px.iter().zip(off).all(|(&a, z)| a.abs_diff(z) <= 6);
        changed += usize::from(!same);
    }
    b.click("#viz-1").await;
    let n = tiles.len();
    assert!(shown * 10 >= n * 8, "{shown} of {n} tiles in {fill:?}");
    assert!(
        changed * 10 >= n * 8,
        "{changed} of {n} tiles changed when switched off"
    );
}

#[test]
fn benjackson_visualizer_drawings_show_and_switch_off() {
    let command = opponents::benjackson_visualizer();
    check_drawings(|| play(command), TURN, benjackson);
}

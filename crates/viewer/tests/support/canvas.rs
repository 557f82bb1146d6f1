//! The canvas checks of the viewer's drawing tests: a replay opened in the viewer, the
//! commands a player drew in a turn with the colours in force, board pixels at map points
//! and per-player on/off of the drawings.
#![allow(dead_code)] // each test binary uses its own part of it

use ants::visual::{Color, Command};
use serde_json::Value;

use crate::browser_support::Browser;
use crate::serve::{start_viewer, workspace};

/// Writes the replay of the game `play` returns into a new folder under the workspace's
/// `target/` (the viewer's root), opens it in the viewer in Chromium at `turn` once the
/// drawings are loaded, runs `check` on the browser and the replay's visualizer file, and
/// closes the browser.
pub fn check_drawings<F>(play: impl FnOnce() -> ants::game::GameOutcome, turn: u64, check: F)
where
    F: AsyncFnOnce(&mut Browser, &Value),
{
    let (exe, driver) = crate::browser_support::programs();
    let target = workspace().join("target");
    std::fs::create_dir_all(&target).unwrap();
    let dir = tempfile::tempdir_in(&target).unwrap();
    let path = dir.path().join("game.replay");
    play().write_replay(&path).unwrap();
    let side = ants::game::GameOutcome::visualizer_path(&path);
    let replay = path.strip_prefix(workspace()).unwrap().to_string_lossy();
    let file: Value = serde_json::from_str(&std::fs::read_to_string(side).unwrap()).unwrap();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let addr = start_viewer().await;
        let base = format!("http://{addr}");
        let mut b = Browser::launch(&exe, &driver, "viewer").await;
        b.goto(&format!("{base}/ants?open={replay}&turn={turn}"))
            .await;
        b.wait(&format!(
            "view.viz && document.getElementById('turn').textContent.startsWith('turn {turn} /')"
        ))
        .await;
        assert_eq!(b.text("#error").await, "");
        check(&mut b, &file).await;
        b.client.clone().close().await.unwrap();
    });
}

/// The commands `player` drew at turn `turn`, with the fill and line colour in force at
/// each.
pub fn drawn(file: &Value, player: u64, turn: u64) -> Vec<(Command, Color, Color)> {
    let entry = file["turns"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["turn"] == turn && t["player"] == player)
        .unwrap_or_else(|| panic!("player {player} drew nothing at turn {turn}"));
    let (mut fill, mut line) = (Color::new(0, 0, 0, 1.0), Color::new(0, 0, 0, 1.0));
    let mut out = Vec::new();
    for l in entry["lines"].as_array().unwrap() {
        let c = Command::parse(l.as_str().unwrap()).unwrap();
        match c {
            Command::SetFillColor(f) => fill = f,
            Command::SetLineColor(f) => line = f,
            _ => {}
        }
        out.push((c, fill, line));
    }
    out
}

/// The colour [r, g, b] of the board's pixel at map point (r, c) (tile centres at
/// `(r + 0.5, c + 0.5)` cells).
pub async fn pixel(b: &mut Browser, r: f64, c: f64) -> [u8; 3] {
    let v = b
        .eval(&format!(
            "Array.from(document.getElementById('board').getContext('2d').getImageData(Math.floor(({c} + 0.5) * view.cell), Math.floor(({r} + 0.5) * view.cell), 1, 1).data.slice(0, 3))"
        ))
        .await;
    let px: Vec<u8> = serde_json::from_value(v).unwrap();
    [px[0], px[1], px[2]]
}

/// `over` blended onto `under` with the colour's alpha, as the canvas does.
pub fn blend(under: [u8; 3], over: Color) -> [f64; 3] {
    let a = over.a;
    let mix = |u: u8, o: u8| f64::from(u) * (1.0 - a) + f64::from(o) * a;
    [
        mix(under[0], over.r),
        mix(under[1], over.g),
        mix(under[2], over.b),
    ]
}

pub fn close(px: [u8; 3], want: [f64; 3]) -> bool {
    px.iter()
        .zip(want)
        .all(|(&p, w)| (f64::from(p) - w).abs() <= 6.0)
}

/// Shows only `player`'s drawings (the other player's box off).
pub async fn only(b: &mut Browser, player: u64) {
    let other = 1 - player;
    b.eval(&format!(
        "(() => {{ for (const [p, on] of [[{player}, true], [{other}, false]]) {{ const e = document.getElementById('viz-' + p); if (e.checked !== on) e.click(); }} }})()"
    ))
    .await;
}

/// Checks that most `tiles` (filled tiles of colour `fill`) show it blended over the board
/// as drawn without drawings: a later shape may cover a few.
pub async fn translucent_tiles(b: &mut Browser, player: u64, tiles: &[(i32, i32)], fill: Color) {
    assert!(tiles.len() >= 5, "only {} tiles to check", tiles.len());
    let tiles = &tiles[..tiles.len().min(40)];
    let mut on = Vec::new();
    for &(r, c) in tiles {
        on.push(pixel(b, f64::from(r), f64::from(c)).await);
    }
    b.click(&format!("#viz-{player}")).await;
    let mut hits = 0;
    for (&(r, c), &px) in tiles.iter().zip(&on) {
        let under = pixel(b, f64::from(r), f64::from(c)).await;
        hits += usize::from(close(px, blend(under, fill)));
    }
    b.click(&format!("#viz-{player}")).await;
    assert!(
        hits * 10 >= tiles.len() * 8,
        "{hits} of {} tiles of player {player} in {fill:?}",
        tiles.len()
    );
}

//! Browser tests: the viewer runs in-process on a loopback port and headless Chromium,
//! driven over WebDriver (`fantoccini` talking to Debian's `chromedriver`), loads each page,
//! opens the bundled replay / log / world, steps with key presses or clicks and checks what
//! is rendered against values computed here from the same files with the game crates.
//!
//! Without Chromium (`/usr/bin/chromium`, `chromium` on PATH or `$BOTFORGE_CHROMIUM`) or
//! chromedriver (`/usr/bin/chromedriver`, PATH or `$BOTFORGE_CHROMEDRIVER`) the test fails,
//! naming the missing program (`.ci/run` installs Debian's `chromium` and
//! `chromium-driver`). Screenshots go to `<target>/screenshots/`; with
//! `BOTFORGE_DOC_SCREENSHOTS=DIR` they are also written as `DIR/viewer-<page>.png`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/browser.rs"]
mod browser_support;
use browser_support::Browser;
#[path = "support/serve.rs"]
mod serve;
use serve::{start_viewer, workspace};

use serde_json::{Value, json};

/// WebDriver key codes of the keys the pages use.
const RIGHT: char = '\u{E014}';
const UP: char = '\u{E013}';

/// Ants: step with → and compare the turn counter and every player's ant count with the
/// replay's ant lifetimes.
async fn ants(b: &mut Browser, base: &str) {
    let path = "data/viewer/ants-sample.replay";
    let replay: Value =
        serde_json::from_str(&std::fs::read_to_string(workspace().join(path)).unwrap()).unwrap();
    let total = replay["game_length"].as_u64().unwrap();
    let players = replay["replaydata"]["players"].as_u64().unwrap() as usize;
    b.goto(&format!("{base}/ants?open={path}")).await;
    b.wait("document.getElementById('turn').textContent.startsWith('turn 0 /')")
        .await;
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    let steps = 12;
    for _ in 0..steps {
        b.key(RIGHT).await;
    }
    assert_eq!(b.text("#turn").await, format!("turn {steps} / {total}"));
    for p in 0..players {
        let alive = replay["replaydata"]["ants"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|a| {
                a[4].as_u64() == Some(p as u64)
                    && a[2].as_u64().unwrap() <= steps
                    && steps < a[3].as_u64().unwrap()
            })
            .count();
        let shown = b.text(&format!("#counts span[data-player='{p}']")).await;
        assert!(
            shown.contains(&format!(": {alive} ants")),
            "player {p}: {shown:?}, expected {alive} ants"
        );
    }
    b.screenshot("ants").await;
}

/// The colour [r, g, b] of the board's pixel at the centre of tile (r, c).
async fn tile_pixel(b: &mut Browser, r: u32, c: u32) -> [u8; 3] {
    let v = b
        .eval(&format!(
            "Array.from(document.getElementById('board').getContext('2d').getImageData(Math.floor(({c} + 0.5) * view.cell), Math.floor(({r} + 0.5) * view.cell), 1, 1).data.slice(0, 3))"
        ))
        .await;
    let px: Vec<u8> = serde_json::from_value(v).unwrap();
    [px[0], px[1], px[2]]
}

/// Hovers tile (r, c) of the board and returns the tooltip.
async fn hover_tile(b: &mut Browser, r: u32, c: u32) -> String {
    let at = b
        .eval(&format!(
            "(() => {{ const e = document.getElementById('board'); e.scrollIntoView(); const b = e.getBoundingClientRect(); return [b.x + ({c} + 0.5) * view.cell, b.y + ({r} + 0.5) * view.cell]; }})()"
        ))
        .await;
    b.hover(at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
        .await;
    b.wait("document.getElementById('tip').style.display === 'block'")
        .await;
    b.text("#tip").await
}

/// The bots' drawings (`NAME.visualizer.json` beside the replay): the tiles, rects and lines
/// of the fixture's turn 12 are on the canvas in their colours (also on both sides of the
/// map's edge), a player's box switches its drawings off and on, the fog view of a player
/// shows only that player's, malformed lines are counted and skipped, and `i` notes show on
/// hover.
async fn ants_visualizer(b: &mut Browser, base: &str) {
    let path = "crates/viewer/tests/data/ants-viz.replay";
    b.goto(&format!("{base}/ants?open={path}&turn=12")).await;
    b.wait("view.viz && document.getElementById('turn').textContent.startsWith('turn 12 /')")
        .await;
    assert_eq!(b.text("#error").await, "");
    let magenta: [u8; 3] = [255, 0, 255];
    let cyan: [u8; 3] = [0, 255, 255];
    let orange: [u8; 3] = [255, 128, 0];
    let blue: [u8; 3] = [0, 0, 255];
    let green: [u8; 3] = [0, 200, 0];
    // Player 0: `v tile 16 50`, `v line 10 2 10 20`, `v line 17 94 17 1` (over the edge),
    // `v rect 12 60 14 65 true`; player 1: `v tile 18 30`, `v routePlan 7 94 eeee`.
    let p0: [(u32, u32, [u8; 3]); 6] = [
        (16, 50, magenta),
        (10, 11, cyan),
        (17, 95, cyan),
        (17, 0, cyan),
        (13, 62, orange),
        (12, 65, orange),
    ];
    let p1: [(u32, u32, [u8; 3]); 4] =
        [(18, 30, blue), (7, 95, green), (7, 0, green), (7, 1, green)];
    for &(r, c, want) in p0.iter().chain(&p1) {
        assert_eq!(tile_pixel(b, r, c).await, want, "tile ({r}, {c})");
    }
    // Outside the drawn shapes the board keeps its own colours.
    assert_ne!(tile_pixel(b, 10, 22).await, cyan);
    assert_ne!(tile_pixel(b, 7, 3).await, green);
    let info = b.text("#vizinfo").await;
    assert!(
        info.contains("5 malformed skipped"),
        "the five malformed lines of player 0: {info:?}"
    );
    // The note of a drawn tile shows on hover, with its player.
    let tip = hover_tile(b, 16, 50).await;
    assert!(tip.contains("magenta tile of player 0"), "{tip:?}");
    let tip = hover_tile(b, 2, 38).await;
    assert!(tip.contains("explore (2, 38) -> (5, 38)"), "{tip:?}");
    b.screenshot("visualizer").await;
    // Player 0 off: its pixels are gone, player 1's stay; its notes are gone too.
    b.click("#viz-0").await;
    for &(r, c, want) in &p0 {
        assert_ne!(
            tile_pixel(b, r, c).await,
            want,
            "tile ({r}, {c}) with p0 off"
        );
    }
    for &(r, c, want) in &p1 {
        assert_eq!(
            tile_pixel(b, r, c).await,
            want,
            "tile ({r}, {c}) with p0 off"
        );
    }
    let tip = hover_tile(b, 16, 50).await;
    assert!(!tip.contains("magenta"), "{tip:?}");
    // On again.
    b.click("#viz-0").await;
    for &(r, c, want) in &p0 {
        assert_eq!(
            tile_pixel(b, r, c).await,
            want,
            "tile ({r}, {c}) with p0 on again"
        );
    }
    // The fog view of player 1 shows player 1's drawings only.
    b.eval("const f = document.getElementById('fog'); f.value = '1'; f.dispatchEvent(new Event('change'))")
        .await;
    for &(r, c, want) in &p0 {
        assert_ne!(
            tile_pixel(b, r, c).await,
            want,
            "tile ({r}, {c}) in p1's fog"
        );
    }
    for &(r, c, want) in &p1 {
        assert_eq!(
            tile_pixel(b, r, c).await,
            want,
            "tile ({r}, {c}) in p1's fog"
        );
    }
    // Another turn has other drawings: turn 13's are circles around the hills only.
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    b.key(RIGHT).await;
    b.wait("document.getElementById('turn').textContent.startsWith('turn 13 /')")
        .await;
    for &(r, c, want) in &p1 {
        assert_ne!(
            tile_pixel(b, r, c).await,
            want,
            "tile ({r}, {c}) at turn 13"
        );
    }
    // A replay without drawings has no layer and no boxes.
    b.goto(&format!("{base}/ants?open=data/viewer/ants-sample.replay"))
        .await;
    b.wait("document.getElementById('turn').textContent.startsWith('turn 0 /')")
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(b.eval("view.viz === null").await, json!(true));
    assert_eq!(b.text("#vizplayers").await, "");
    assert_eq!(b.text("#error").await, "");
}

/// spe_ed playback: step with the ▶| button and compare round, positions and speeds with
/// the log as parsed by the speed crate.
async fn speed_log(b: &mut Browser, base: &str) {
    let path = "data/viewer/speed-sample.jsonl";
    let log = speed::golden::read_log(&workspace().join(path)).unwrap();
    let last = log.lines.last().unwrap().state.round;
    b.goto(&format!("{base}/speed?open={path}")).await;
    b.wait("document.getElementById('turn').textContent.startsWith('round 1 /')")
        .await;
    let steps = 7;
    for _ in 0..steps {
        b.click("#next").await;
    }
    let line = &log.lines[steps];
    assert_eq!(
        b.text("#turn").await,
        format!("round {} / {last}", line.state.round)
    );
    for p in &line.state.players {
        let row = b
            .text(&format!("#players tr[data-player='{}']", p.id))
            .await;
        let expect = format!("{},{}{}{}", p.x, p.y, p.direction.name(), p.speed);
        assert!(
            row.contains(&expect),
            "player {}: row {row:?} lacks {expect:?}",
            p.id
        );
    }
    b.eval("document.getElementById('seek').value = 40; document.getElementById('seek').dispatchEvent(new Event('input'))").await;
    b.screenshot("speed").await;
}

/// spe_ed live: a human game against `pathfinding` played with space and arrow keys; every key
/// press must advance the round (or end the game), and ↑ must raise the human's speed.
async fn speed_live(b: &mut Browser, base: &str) {
    b.goto(&format!("{base}/speed?ais=pathfinding(2,75)")).await;
    b.wait("document.getElementById('opponents').value === 'pathfinding(2,75)'")
        .await;
    b.eval("document.getElementById('seed').value = '3'; document.getElementById('roundms').value = '20000'").await;
    b.click("#start").await;
    b.wait("document.getElementById('turn').textContent === 'round 1'")
        .await;
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    let speed_of_human =
        "Number(document.querySelector(\"#players tr[data-player='1']\").children[4].textContent)";
    let mut checked = 0;
    let keys = [
        (" ", ' '),
        ("ArrowUp", UP),
        (" ", ' '),
        ("ArrowRight", RIGHT),
    ];
    for (k, (key, code)) in keys.into_iter().enumerate() {
        let before = b.eval(speed_of_human).await.as_i64().unwrap();
        b.key(code).await;
        let round = k + 2;
        b.wait(&format!(
            "(t => t === 'round {round}' || t.endsWith('(game over)'))(document.getElementById('turn').textContent)"
        ))
        .await;
        if b.text("#turn").await.ends_with("(game over)") {
            break;
        }
        let after = b.eval(speed_of_human).await.as_i64().unwrap();
        let expect = if key == "ArrowUp" { before + 1 } else { before };
        assert_eq!(after, expect, "speed after {key:?}");
        let last = b.text("#players tr[data-player='1']").await;
        let name = match key {
            "ArrowUp" => "speed_up",
            "ArrowRight" => "turn_right",
            _ => "change_nothing",
        };
        assert!(last.ends_with(name), "last action of the human: {last:?}");
        checked += 1;
    }
    assert!(
        checked >= 3,
        "the game ended after {checked} checked rounds"
    );
    b.screenshot("speed-live").await;
}

/// Wumpus: play the bundled world on the server, step with →, compare the step counter and
/// the shown action with a trace computed here with the wumpus crate.
async fn wumpus_game(b: &mut Browser, base: &str) {
    let path = "data/wumpus/seed-1-medium.wum";
    let world = wumpus::World::load(&workspace().join(path)).unwrap();
    let mut agent = wumpus::agents::ChampionBot::new();
    let trace =
        wumpus::play_game_traced(&mut wumpus::Game::new(&world, 1), &mut agent, 1, "champion");
    b.goto(&format!("{base}/wumpus?open={path}&seed=1&agent=champion"))
        .await;
    b.wait("document.getElementById('turn').textContent.startsWith('step 0 /')")
        .await;
    // The bot list is the catalogue's.
    let options = b
        .eval("[...document.querySelectorAll('#agent option')].map(o => o.value)")
        .await;
    assert_eq!(options, json!(wumpus::agents::BOTS.names()));
    assert_eq!(
        b.eval("document.getElementById('agent').value").await,
        json!("champion")
    );
    b.eval("document.activeElement && document.activeElement.blur()")
        .await;
    let steps = 5.min(trace.steps.len() - 1);
    for _ in 0..steps {
        b.key(RIGHT).await;
    }
    assert_eq!(
        b.text("#turn").await,
        format!("step {steps} / {}", trace.steps.len() - 1)
    );
    let action = serde_json::to_value(trace.steps[steps].action).unwrap();
    let shown = b.text("#percept").await;
    assert!(
        shown.starts_with(&format!("action {}", action.as_str().unwrap_or("—"))),
        "{shown:?} vs {action}"
    );
    b.screenshot("wumpus").await;
    // A spec with parameters in the URL is played and offered as one more entry.
    b.goto(&format!(
        "{base}/wumpus?seed=2&preset=small&agent=champion(win_chance%3D2)"
    ))
    .await;
    b.wait("document.getElementById('turn').textContent.startsWith('step 0 /')")
        .await;
    let options = b
        .eval("[...document.querySelectorAll('#agent option')].map(o => o.value)")
        .await;
    let mut want = wumpus::agents::BOTS.names();
    want.push("champion(win_chance=2)");
    assert_eq!(options, json!(want));
    assert!(
        b.text("#status").await.contains("champion(win_chance=2)"),
        "{}",
        b.text("#status").await
    );
}

/// Economy: start a game, click an executable activity, click "Next round"; the round
/// advances and the human's state changed exactly as the activity's effects say (gold and
/// items are compared with a local economy game given the same choice).
async fn economy_round(b: &mut Browser, base: &str) {
    b.goto(&format!("{base}/economy?agents=gold&roundms=300&start=1"))
        .await;
    b.wait("document.querySelectorAll('#executable tbody tr').length > 0")
        .await;
    assert!(b.text("#round").await.starts_with("round 0 /"));
    let first = b
        .eval("Number(document.querySelector('#executable tbody tr').dataset.activity)")
        .await
        .as_u64()
        .unwrap() as usize;
    b.click("#executable tbody tr").await;
    b.click("#nextround").await;
    b.wait("document.getElementById('round').textContent.startsWith('round 1 /')")
        .await;
    let world = std::sync::Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    );
    let mut game =
        economy::game::Game::new(world, &[("me".into(), economy::game::Controller::Human)]);
    game.next_round(&[Some(first)]);
    let gold = game.view(Some(0)).players[0].gold;
    assert_eq!(b.text("#youlast").await, game.world.activities[first].name);
    let shown = b.eval("document.querySelector(\"#players div[data-player='0'] table tr:nth-child(2) td\").textContent").await;
    assert_eq!(shown.as_str().unwrap(), gold.to_string());
    b.screenshot("economy").await;
}

#[test]
fn pages_render_replays_logs_and_games_in_chromium() {
    let (exe, driver) = browser_support::programs();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let addr = start_viewer().await;
        let base = format!("http://{addr}");
        let mut b = Browser::launch(&exe, &driver, "viewer").await;
        ants(&mut b, &base).await;
        ants_visualizer(&mut b, &base).await;
        speed_log(&mut b, &base).await;
        speed_live(&mut b, &base).await;
        wumpus_game(&mut b, &base).await;
        economy_round(&mut b, &base).await;
        b.client.clone().close().await.unwrap();
    });
}

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

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// WebDriver key codes of the keys the pages use.
const RIGHT: char = '\u{E014}';
const UP: char = '\u{E013}';

async fn start_viewer() -> SocketAddr {
    let dir = tempfile::tempdir().unwrap();
    let app = viewer::router(viewer::ViewerConfig {
        db: dir.path().join("none.db"),
        root: workspace(),
    })
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

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
    let notes: Value = serde_json::from_str(
        &std::fs::read_to_string(workspace().join("data/viewer/ants-sample.annotations.json"))
            .unwrap(),
    )
    .unwrap();
    let note = notes
        .as_array()
        .unwrap()
        .iter()
        .find(|n| n["turn"].as_u64() == Some(steps))
        .expect("a note for the shown turn");
    let (r, c) = (
        note["pos"][0].as_f64().unwrap(),
        note["pos"][1].as_f64().unwrap(),
    );
    // The annotations beside the replay arrive in a second request after the replay.
    b.wait("view.replay && view.replay.annotations.size > 0")
        .await;
    let at = b
        .eval(&format!(
            "(() => {{ const e = document.getElementById('board'); e.scrollIntoView(); const b = e.getBoundingClientRect(); return [b.x + ({c} + 0.5) * view.cell, b.y + ({r} + 0.5) * view.cell]; }})()"
        ))
        .await;
    b.hover(at[0].as_f64().unwrap(), at[1].as_f64().unwrap())
        .await;
    b.wait("document.getElementById('tip').style.display === 'block'")
        .await;
    let tip = b.text("#tip").await;
    assert!(
        tip.contains(note["label"].as_str().unwrap()),
        "tooltip {tip:?} lacks the annotation {note}"
    );
    b.screenshot("ants").await;
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
        speed_log(&mut b, &base).await;
        speed_live(&mut b, &base).await;
        wumpus_game(&mut b, &base).await;
        economy_round(&mut b, &base).await;
        b.client.clone().close().await.unwrap();
    });
}

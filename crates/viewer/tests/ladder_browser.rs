//! Browser test of the ladder: the ladder serves a store filled as the Ants server fills it
//! on a loopback port, headless Chromium (over WebDriver, `fantoccini` and Debian's
//! `chromedriver`) loads its pages: the ranking as recomputed here, a game stored while the
//! games page is open appearing without a reload (with status, rank and skill on hover),
//! its replay link opening the Ants viewer with the player names, and the map page's
//! drawing checked pixel by pixel against the map file.
//!
//! Without Chromium (`/usr/bin/chromium`, `chromium` on PATH or `$BOTFORGE_CHROMIUM`) or
//! chromedriver (`/usr/bin/chromedriver`, PATH or `$BOTFORGE_CHROMEDRIVER`) the test fails,
//! naming the missing program. Screenshots go to `<target>/screenshots/`; with
//! `BOTFORGE_DOC_SCREENSHOTS=DIR` they are also written as `DIR/ladder-<page>.png`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/browser.rs"]
mod browser_support;
use browser_support::Browser;

mod ladder_fixture;

use std::net::SocketAddr;

use arena::rating::{TrueSkillParams, standings_with};
use ladder_fixture::{Fixture, RUN};
use serde_json::json;

async fn start_ladder(f: &Fixture) -> SocketAddr {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let config = f.config();
    tokio::spawn(async move {
        viewer::serve_ladder(
            "127.0.0.1:0".parse().unwrap(),
            config,
            viewer::Limits::default(),
            |a| {
                let _ = tx.send(a);
            },
        )
        .await
        .unwrap();
    });
    rx.await.unwrap()
}

/// The ranking page shows the players in the order and with the skills of
/// `standings_with(CONTEST_2011)` over the stored games.
async fn ranking(b: &mut Browser, base: &str, f: &mut Fixture) {
    let stored = f.store().matches(Some(RUN)).unwrap();
    let want = standings_with(&stored, &TrueSkillParams::CONTEST_2011);
    b.goto(&format!("{base}/ranking")).await;
    b.wait(&format!(
        "document.querySelectorAll('#ranking tbody tr').length === {}",
        want.ratings.len()
    ))
    .await;
    let rows = b
        .eval("[...document.querySelectorAll('#ranking tbody tr')].map(r => [r.dataset.player, ...[...r.children].map(c => c.textContent)])")
        .await;
    for (i, (row, r)) in rows
        .as_array()
        .unwrap()
        .iter()
        .zip(&want.ratings)
        .enumerate()
    {
        assert_eq!(row[0], r.bot.as_str());
        assert_eq!(row[1], (i + 1).to_string());
        assert!(
            row[2]
                .as_str()
                .unwrap()
                .starts_with(r.bot.trim_start_matches("house:")),
            "{row}"
        );
        assert_eq!(row[3], format!("{:.2}", r.conservative()), "{row}");
        assert_eq!(row[4], format!("{:.2}", r.mu), "{row}");
        assert_eq!(row[5], format!("{:.2}", r.sigma), "{row}");
        assert_eq!(row[6], r.games.to_string(), "{row}");
    }
    // The house bot is marked.
    let house = b
        .text("#ranking tr[data-player='house:champion'] .tag")
        .await;
    assert_eq!(house, "house bot");
    b.screenshot("ranking").await;
}

/// A game stored while the games page is open shows up without a reload, with status, rank
/// and skill on hover; its replay link opens the viewer with the two names.
async fn live_game_and_replay(b: &mut Browser, base: &str, f: &mut Fixture) {
    b.goto(&format!("{base}/")).await;
    let before = f.store().matches(Some(RUN)).unwrap().len();
    b.wait(&format!(
        "document.querySelectorAll('tr[data-game]').length === {before}"
    ))
    .await;
    b.eval("window.marker = 'same page'").await;
    let id = f.add_game(
        "maze_p02_01.map",
        &[
            ("newcomer", 4.0, "survived"),
            ("house:champion", 1.0, "eliminated"),
        ],
    );
    b.wait(&format!(
        "document.querySelector('tr[data-game]').dataset.game === '{id}'"
    ))
    .await;
    assert_eq!(
        b.eval("window.marker").await,
        json!("same page"),
        "the page was reloaded"
    );
    let stored = f.store().matches(Some(RUN)).unwrap();
    let want = &stored.last().unwrap().details["ratings"][0];
    let title = b
        .eval("document.querySelector(\"tr[data-game] .seat[data-player='newcomer']\").title")
        .await;
    let title = title.as_str().unwrap();
    assert!(
        title.contains("survived")
            && title.contains("rank 1")
            && title.contains(&format!("skill {:.2}", want["skill"].as_f64().unwrap())),
        "{title}"
    );
    let row = b.text("tr[data-game]").await;
    assert!(
        row.contains("newcomer 4") && row.contains("champion"),
        "{row}"
    );
    b.screenshot("games").await;
    b.click(&format!("tr[data-game='{id}'] a.replay")).await;
    b.wait("document.readyState === 'complete' && typeof view !== 'undefined' && view.replay")
        .await;
    assert_eq!(
        b.eval("location.pathname").await,
        json!(format!("/replay/{id}"))
    );
    let names = b
        .eval(
            "[...document.querySelectorAll('#counts span')].map(s => s.textContent.replace(/: \\d+ ants.*$/, ''))",
        )
        .await;
    assert_eq!(names, json!(["newcomer", "house:champion"]));
    assert!(b.text("#info").await.contains("newcomer: 4"));
    b.screenshot("replay").await;
}

/// The map page draws the map file: the colour of every tile's centre is that of water,
/// land or the owner's hill.
async fn map(b: &mut Browser, base: &str, f: &Fixture) {
    let name = "maze_p04_01.map";
    let text = std::fs::read_to_string(f.maps.join(name)).unwrap();
    let rows: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("m ")).collect();
    b.goto(&format!("{base}/map/{name}")).await;
    b.wait("document.getElementById('map') && document.getElementById('map').width > 0")
        .await;
    assert!(b.text("#mapinfo").await.starts_with("4 players"));
    let tiles = b
        .eval(
            "(() => { const c = document.getElementById('map'), cs = Number(c.dataset.cell), \
             d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data, out = []; \
             for (let r = 0; r < c.height / cs; r++) { let line = ''; for (let k = 0; k < c.width / cs; k++) { \
             const i = ((r * cs + (cs >> 1)) * c.width + k * cs + (cs >> 1)) * 4; \
             const rgb = [d[i], d[i + 1], d[i + 2]].join(','); \
             line += rgb === '31,78,140' ? '%' : rgb === '217,201,163' ? '.' : rgb === '230,25,75' ? '0' : \
             rgb === '60,180,75' ? '1' : rgb === '67,99,216' ? '2' : rgb === '245,130,49' ? '3' : '?'; } out.push(line); } \
             return out; })()",
        )
        .await;
    let drawn: Vec<&str> = tiles
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let want: Vec<&str> = rows.clone();
    assert_eq!(drawn, want);
    b.screenshot("map").await;
}

/// A player's page: its rating row, the skill chart and its games.
async fn player(b: &mut Browser, base: &str, f: &mut Fixture) {
    let stored = f.store().matches(Some(RUN)).unwrap();
    let want = standings_with(&stored, &TrueSkillParams::CONTEST_2011);
    let (rank, alice) = want
        .ratings
        .iter()
        .enumerate()
        .find(|(_, r)| r.bot == "alice")
        .unwrap();
    b.goto(&format!("{base}/player/alice")).await;
    b.wait("document.querySelector('#rating') && document.getElementById('skill')")
        .await;
    let cells = b
        .eval(
            "[...document.querySelectorAll('#rating tr:nth-child(2) td')].map(c => c.textContent)",
        )
        .await;
    assert_eq!(cells[0], (rank + 1).to_string());
    assert_eq!(cells[1], format!("{:.2}", alice.conservative()));
    assert_eq!(cells[4], alice.games.to_string());
    let rows = b
        .eval("document.querySelectorAll('tr[data-game]').length")
        .await;
    assert_eq!(rows, json!(alice.games));
    b.screenshot("player").await;
}

/// Before the database exists the page says that no game was played yet.
async fn empty(b: &mut Browser) {
    let f = Fixture::new();
    let addr = start_ladder(&f).await;
    b.goto(&format!("http://{addr}/")).await;
    b.wait("document.getElementById('note').textContent.startsWith('No games yet')")
        .await;
    assert_eq!(b.text("#error").await, "");
    assert!(!f.db.exists());
}

/// The how-to page gives both commands with the game server's address.
async fn howto(b: &mut Browser, base: &str) {
    b.goto(&format!("{base}/howto")).await;
    b.wait("document.getElementById('tcpclient-cmd')").await;
    assert_eq!(
        b.text("#tcpclient-cmd").await,
        "python3 tcpclient.py 127.0.0.1 2081 \"BOT COMMAND\" NAME PASSWORD [ROUNDS]"
    );
    assert_eq!(
        b.text("#online-cmd").await,
        "botforge ants online --host 127.0.0.1 --port 2081 --name NAME --password PW [--rounds K] BOT"
    );
}

#[test]
fn the_ladder_renders_updates_live_and_opens_replays_and_maps_in_chromium() {
    let (exe, driver) = browser_support::programs();
    let mut f = Fixture::new();
    let games: [&[(&str, f64, &str)]; 5] = [
        &[("alice", 3.0, "survived"), ("bob", 1.0, "eliminated")],
        &[
            ("bob", 2.0, "survived"),
            ("carol", 2.0, "survived"),
            ("alice", 0.0, "crashed"),
            ("house:champion", 5.0, "survived"),
        ],
        &[
            ("carol", 1.0, "timeout"),
            ("house:champion", 4.0, "survived"),
        ],
        &[("alice", 2.0, "survived"), ("carol", 0.0, "invalid")],
        &[("bob", 1.0, "survived"), ("alice", 1.0, "survived")],
    ];
    for seats in games {
        let map = if seats.len() == 2 {
            "maze_p02_01.map"
        } else {
            "maze_p04_01.map"
        };
        f.add_game(map, seats);
    }
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let addr = start_ladder(&f).await;
        let base = format!("http://{addr}");
        let mut b = Browser::launch(&exe, &driver, "ladder").await;
        ranking(&mut b, &base, &mut f).await;
        live_game_and_replay(&mut b, &base, &mut f).await;
        map(&mut b, &base, &f).await;
        howto(&mut b, &base).await;
        player(&mut b, &base, &mut f).await;
        empty(&mut b).await;
        b.client.clone().close().await.unwrap();
    });
}

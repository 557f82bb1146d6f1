//! The ladder's pages and JSON APIs, called on the router without a socket, on stores
//! filled as the Ants server fills them: the ranking equals `standings_with` on the 2011
//! scale of the stored games (also after games are added), paging, house seats, the maps,
//! the replays, the how-to page, 404s for unknown names and refused path escapes, and the
//! empty and unreadable stores.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod ladder_fixture;
#[path = "support/router.rs"]
mod router;

use std::time::Duration;

use arena::rating::{TrueSkillParams, standings_with};
use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use ladder_fixture::{Fixture, RUN};
use serde_json::Value;
use tower::ServiceExt as _;

async fn get(app: &Router, uri: &str) -> (StatusCode, String) {
    let (status, bytes) = router::get(app, uri).await;
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

async fn json(app: &Router, uri: &str) -> Value {
    let (status, body) = get(app, uri).await;
    assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    serde_json::from_str(&body).unwrap_or_else(|e| panic!("{uri}: {e}: {body}"))
}

/// Waits out the store's read interval so the next request sees new games.
async fn next_read() {
    tokio::time::sleep(viewer::ladder::REFRESH + Duration::from_millis(50)).await;
}

const PLAYERS: [&str; 6] = ["alice", "bob", "carol", "dave", "erin", "house:champion"];
const STATUSES: [&str; 5] = ["survived", "eliminated", "crashed", "timeout", "invalid"];

/// `n` games of 2 to 4 seats from [`PLAYERS`], deterministic, with ties now and then.
fn fill(f: &mut Fixture, n: usize, salt: usize) {
    for g in 0..n {
        let k = 2 + (g + salt) % 3;
        let seats: Vec<(&str, f64, &str)> = (0..k)
            .map(|i| {
                let p = PLAYERS[(g * 5 + i * 7 + salt) % PLAYERS.len()];
                let score = ((g * 3 + i * 11 + salt) % 5) as f64;
                (p, score, STATUSES[(g + i) % STATUSES.len()])
            })
            .collect();
        let map = if k == 2 {
            "maze_p02_01.map"
        } else {
            "maze_p04_01.map"
        };
        f.add_game(map, &seats);
    }
}

fn close(a: &Value, b: f64) -> bool {
    a.as_f64().is_some_and(|a| (a - b).abs() < 1e-9)
}

/// The ranking API against `standings_with(CONTEST_2011)` of the run's stored games.
async fn assert_ranking_is_recomputed(app: &Router, f: &mut Fixture) {
    let stored = f.store().matches(Some(RUN)).unwrap();
    let want = standings_with(&stored, &TrueSkillParams::CONTEST_2011);
    let got = json(app, "/api/ladder/ranking?per=200").await;
    let rows = got["ranking"].as_array().unwrap();
    assert_eq!(rows.len(), want.ratings.len());
    assert_eq!(got["games_total"], stored.len());
    for (i, (row, r)) in rows.iter().zip(&want.ratings).enumerate() {
        assert_eq!(row["rank"], i + 1);
        assert_eq!(row["player"], r.bot.as_str());
        assert_eq!(row["house"], r.bot.starts_with("house:"));
        assert!(close(&row["mu"], r.mu), "{row} vs {r:?}");
        assert!(close(&row["sigma"], r.sigma), "{row} vs {r:?}");
        assert!(close(&row["skill"], r.conservative()), "{row} vs {r:?}");
        assert_eq!(row["games"], r.games);
        assert_eq!(row["last_seen"], r.last_seen.as_str());
    }
}

#[tokio::test]
async fn ranking_equals_the_2011_trueskill_of_the_stored_games_also_as_games_are_added() {
    let mut f = Fixture::new();
    fill(&mut f, 25, 0);
    // Another run in the same store is not this ladder's.
    f.add_game_in(
        "other-run",
        "maze_p02_01.map",
        &[("zed", 1.0, "survived"), ("alice", 0.0, "eliminated")],
    );
    let app = viewer::ladder_router(f.config()).unwrap();
    assert_ranking_is_recomputed(&app, &mut f).await;
    let ranking = json(&app, "/api/ladder/ranking").await;
    assert!(!ranking["ranking"].to_string().contains("zed"));
    // Games stored while the ladder runs are taken in (the kept ladder is fed the new ones).
    fill(&mut f, 7, 3);
    next_read().await;
    assert_ranking_is_recomputed(&app, &mut f).await;
    let status = json(&app, "/api/ladder/status").await;
    assert_eq!(status["games_total"], 32);
    assert_eq!(status["last"], 33);
    assert_eq!(status["state"], "ready");
    assert_eq!(status["error"], Value::Null);
}

#[tokio::test]
async fn ranking_and_games_are_paged() {
    let mut f = Fixture::new();
    fill(&mut f, 12, 1);
    let app = viewer::ladder_router(f.config()).unwrap();
    let all = json(&app, "/api/ladder/ranking?per=200").await["ranking"].clone();
    let n = all.as_array().unwrap().len();
    assert_eq!(n, PLAYERS.len());
    let p2 = json(&app, "/api/ladder/ranking?per=2&page=2").await;
    assert_eq!(
        (p2["page"].clone(), p2["pages"].clone(), p2["total"].clone()),
        (2.into(), 3.into(), n.into())
    );
    assert_eq!(p2["ranking"][0], all[2]);
    assert_eq!(p2["ranking"][1], all[3]);
    // A page beyond the last is the last; per is bounded.
    let past = json(&app, "/api/ladder/ranking?per=4&page=99").await;
    assert_eq!(past["page"], 2);
    assert_eq!(past["ranking"].as_array().unwrap().len(), n - 4);
    let big = json(&app, "/api/ladder/games?per=100000").await;
    assert_eq!(big["per"], viewer::ladder::MAX_PAGE_SIZE);
    // Games newest first, 5 a page.
    let g = json(&app, "/api/ladder/games?per=5&page=3").await;
    let ids: Vec<i64> = g["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [2, 1]);
    assert_eq!(g["pages"], 3);
    let (status, _) = get(&app, "/api/ladder/games?page=x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn games_show_scores_statuses_ranks_and_the_skill_after_each_game() {
    let mut f = Fixture::new();
    let a = f.add_game(
        "maze_p02_01.map",
        &[
            ("alice", 3.0, "survived"),
            ("house:champion", 1.0, "eliminated"),
        ],
    );
    let b = f.add_game(
        "maze_p04_01.map",
        &[
            ("bob", 2.0, "survived"),
            ("alice", 2.0, "timeout"),
            ("carol", 0.0, "crashed"),
        ],
    );
    let app = viewer::ladder_router(f.config()).unwrap();
    let games = json(&app, "/api/ladder/games").await;
    let list = games["games"].as_array().unwrap();
    assert_eq!(list.len(), 2);
    let (newest, oldest) = (&list[0], &list[1]);
    assert_eq!(newest["id"], b);
    assert_eq!(oldest["id"], a);
    assert_eq!(newest["map"], "maze_p04_01.map");
    assert_eq!(newest["turns"], 102);
    assert_eq!(newest["replay"], false);
    assert_eq!(oldest["replay"], true);
    let seats = newest["seats"].as_array().unwrap();
    let shown: Vec<(String, f64, u64, String)> = seats
        .iter()
        .map(|s| {
            (
                s["player"].as_str().unwrap().into(),
                s["score"].as_f64().unwrap(),
                s["rank"].as_u64().unwrap(),
                s["status"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("bob".into(), 2.0, 0, "survived".into()),
            ("alice".into(), 2.0, 0, "timeout".into()),
            ("carol".into(), 0.0, 2, "crashed".into())
        ]
    );
    assert_eq!(oldest["seats"][1]["house"], true);
    assert_eq!(oldest["seats"][0]["house"], false);
    // Each seat's skill is its rating right after that game: the server's stored ratings.
    let stored = f.store().matches(Some(RUN)).unwrap();
    for (g, m) in list.iter().rev().zip(&stored) {
        for (seat, r) in g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .zip(m.details["ratings"].as_array().unwrap())
        {
            for k in ["mu", "sigma", "skill"] {
                assert!(close(&seat[k], r[k].as_f64().unwrap()), "{seat} vs {r}");
            }
        }
    }
    let (status, page) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("/assets/ladder.js"), "{page}");
}

#[tokio::test]
async fn a_players_page_lists_its_games_and_rating_and_unknown_players_are_404() {
    let mut f = Fixture::new();
    fill(&mut f, 10, 2);
    let app = viewer::ladder_router(f.config()).unwrap();
    let stored = f.store().matches(Some(RUN)).unwrap();
    let want = standings_with(&stored, &TrueSkillParams::CONTEST_2011);
    for (rank, r) in want.ratings.iter().enumerate() {
        let uri = format!("/api/ladder/player/{}", r.bot.replace(':', "%3A"));
        let p = json(&app, &format!("{uri}?per=200")).await;
        assert_eq!(p["rating"]["rank"], rank + 1);
        assert!(close(&p["rating"]["skill"], r.conservative()));
        assert_eq!(p["house"], r.bot.starts_with("house:"));
        let games: Vec<&Value> = p["games"].as_array().unwrap().iter().collect();
        let played: Vec<i64> = stored
            .iter()
            .rev()
            .filter(|m| m.seats.iter().any(|s| s.bot == r.bot))
            .map(|m| m.details["game_id"].as_i64().unwrap())
            .collect();
        assert_eq!(
            games
                .iter()
                .map(|g| g["id"].as_i64().unwrap())
                .collect::<Vec<_>>(),
            played
        );
        assert_eq!(p["history"].as_array().unwrap().len(), played.len());
        let last = p["history"].as_array().unwrap().last().unwrap();
        assert!(close(&last["skill"], r.conservative()));
        let (status, _) = get(&app, &format!("/player/{}", r.bot.replace(':', "%3A"))).await;
        assert_eq!(status, StatusCode::OK);
    }
    for uri in [
        "/player/nobody",
        "/api/ladder/player/nobody",
        "/api/ladder/player/..%2F..%2Fetc",
    ] {
        let (status, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
    }
}

#[tokio::test]
async fn maps_are_those_of_the_folder_and_no_name_escapes_it() {
    let mut f = Fixture::new();
    f.add_game(
        "maze_p04_01.map",
        &[
            ("a", 1.0, "survived"),
            ("b", 0.0, "eliminated"),
            ("c", 0.0, "eliminated"),
        ],
    );
    let app = viewer::ladder_router(f.config()).unwrap();
    let maps = json(&app, "/api/ladder/maps").await;
    let list: Vec<(String, u64, u64)> = maps["maps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["name"].as_str().unwrap().into(),
                m["players"].as_u64().unwrap(),
                m["games"].as_u64().unwrap(),
            )
        })
        .collect();
    // The map in a subfolder is listed by file name; the README and the broken map are not.
    assert_eq!(
        list,
        [
            ("maze_p02_01.map".into(), 2, 0),
            ("maze_p04_01.map".into(), 4, 1)
        ]
    );
    let m = json(&app, "/api/ladder/map/maze_p04_01.map").await;
    let text = std::fs::read_to_string(f.maps.join("maze_p04_01.map")).unwrap();
    let rows: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("m ")).collect();
    assert_eq!(m["data"].as_array().unwrap().len(), rows.len());
    for (got, want) in m["data"].as_array().unwrap().iter().zip(&rows) {
        assert_eq!(got, want);
    }
    assert_eq!(
        (m["rows"].clone(), m["cols"].clone(), m["players"].clone()),
        (rows.len().into(), rows[0].len().into(), 4.into())
    );
    assert_eq!(m["recent"].as_array().unwrap().len(), 1);
    assert_eq!(get(&app, "/map/maze_p02_01.map").await.0, StatusCode::OK);
    for uri in [
        "/map/nothere.map",
        "/api/ladder/map/nothere.map",
        "/api/ladder/map/broken.map",
        "/api/ladder/map/README",
        "/api/ladder/map/..%2Fsecret.map",
        "/map/..%2Fsecret.map",
        "/api/ladder/map/sub%2Fmaze_p02_01.map",
        "/api/ladder/map/%2Fetc%2Fpasswd",
        "/api/ladder/map/..",
    ] {
        let (status, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
        assert!(!body.contains("%%%"), "{uri} served a map: {body}");
    }
    // A folder that does not exist is an error message, not a failure.
    let mut config = f.config();
    config.maps = f.dir.path().join("no-such-folder");
    let app = viewer::ladder_router(config).unwrap();
    let maps = json(&app, "/api/ladder/maps").await;
    assert_eq!(maps["maps"], Value::Array(Vec::new()));
    assert!(
        maps["error"].as_str().unwrap().contains("no-such-folder"),
        "{maps}"
    );
}

#[tokio::test]
async fn replays_are_served_only_from_the_stored_path_of_a_game() {
    let mut f = Fixture::new();
    let two = f.add_game(
        "maze_p02_01.map",
        &[
            ("alice", 1.0, "survived"),
            ("house:champion", 0.0, "eliminated"),
        ],
    );
    let four = f.add_game(
        "maze_p04_01.map",
        &[
            ("a", 1.0, "survived"),
            ("b", 0.0, "eliminated"),
            ("c", 0.0, "eliminated"),
        ],
    );
    let gone = f.add_game(
        "maze_p02_01.map",
        &[("bob", 1.0, "survived"), ("carol", 0.0, "eliminated")],
    );
    std::fs::remove_file(f.dir.path().join(format!("replays/{gone}.replay"))).unwrap();
    let app = viewer::ladder_router(f.config()).unwrap();
    let replay = json(&app, &format!("/api/ladder/replay/{two}")).await;
    assert_eq!(
        replay["playernames"],
        serde_json::json!(["alice", "house:champion"])
    );
    let (status, page) = get(&app, &format!("/replay/{two}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        page.contains("ladder-replay.js") && page.contains("/assets/ants.js"),
        "{page}"
    );
    // The 2011 servers' form of the link.
    let res = app
        .clone()
        .oneshot(
            Request::get(format!("/replay.{two}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::PERMANENT_REDIRECT);
    assert_eq!(res.headers()["location"], format!("/replay/{two}").as_str());
    assert_eq!(get(&app, "/replay.x").await.0, StatusCode::NOT_FOUND);
    for uri in [
        format!("/replay/{four}"),
        format!("/api/ladder/replay/{four}"),
        format!("/api/ladder/replay/{gone}"),
        "/replay/999".to_owned(),
        "/api/ladder/replay/999".to_owned(),
        "/api/ladder/replay/-1".to_owned(),
        "/api/ladder/replay/..%2F..%2Fetc%2Fpasswd".to_owned(),
        "/api/ladder/replay/%2Fetc%2Fpasswd".to_owned(),
        format!("/api/ladder/replay/{two}.annotations.json"),
    ] {
        let (status, body) = get(&app, &uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
    }
}

#[tokio::test]
async fn a_missing_store_is_an_empty_ladder_and_is_not_created() {
    let f = Fixture::new();
    assert!(!f.db.exists());
    let app = viewer::ladder_router(f.config()).unwrap();
    for uri in ["/", "/ranking", "/maps", "/howto", "/map/maze_p04_01.map"] {
        let (status, body) = get(&app, uri).await;
        assert_eq!(status, StatusCode::OK, "{uri}: {body}");
    }
    let status = json(&app, "/api/ladder/status").await;
    assert_eq!(status["state"], "missing");
    assert_eq!(status["games_total"], 0);
    assert_eq!(status["error"], Value::Null);
    assert_eq!(
        json(&app, "/api/ladder/ranking").await["ranking"],
        Value::Array(Vec::new())
    );
    assert_eq!(
        json(&app, "/api/ladder/games").await["games"],
        Value::Array(Vec::new())
    );
    assert_eq!(get(&app, "/player/alice").await.0, StatusCode::NOT_FOUND);
    assert!(!f.db.exists(), "the web server created the database");
    // An empty store (the server created it, no game yet) is ready and empty.
    let mut f = f;
    f.store();
    next_read().await;
    let status = json(&app, "/api/ladder/status").await;
    assert_eq!(
        (status["state"].clone(), status["games_total"].clone()),
        ("ready".into(), 0.into())
    );
}

#[tokio::test]
async fn an_unreadable_store_is_a_clear_error_and_is_left_unchanged() {
    let f = Fixture::new();
    std::fs::write(
        &f.db,
        "this is not a database, but it is long enough to be read as one",
    )
    .unwrap();
    let before = std::fs::read(&f.db).unwrap();
    let app = viewer::ladder_router(f.config()).unwrap();
    let status = json(&app, "/api/ladder/status").await;
    let error = status["error"].as_str().unwrap();
    assert!(
        error.contains("cannot read the results store") && error.contains("ladder.db"),
        "{error}"
    );
    let games = json(&app, "/api/ladder/games").await;
    assert_eq!(games["games"], Value::Array(Vec::new()));
    assert_eq!(get(&app, "/").await.0, StatusCode::OK);
    assert_eq!(std::fs::read(&f.db).unwrap(), before);
}

#[tokio::test]
async fn an_unreachable_postgres_store_is_an_error_without_its_password() {
    let f = Fixture::new();
    let mut config = f.config();
    config.db = "postgres://ladder:s3cret@127.0.0.1:1/ladder?connect_timeout=2".into();
    let app = viewer::ladder_router(config).unwrap();
    let (status, body) = get(&app, "/api/ladder/status").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    let error = v["error"].as_str().unwrap();
    assert!(
        error.contains("cannot read the results store postgres://"),
        "{error}"
    );
    assert!(!body.contains("s3cret"), "{body}");
    assert_eq!(get(&app, "/ranking").await.0, StatusCode::OK);
}

#[tokio::test]
async fn howto_gives_the_game_address_and_the_client_script_only_when_configured() {
    let f = Fixture::new();
    let mut config = f.config();
    config.game_addr = "ladder.example.org:4321".into();
    let app = viewer::ladder_router(config.clone()).unwrap();
    let h = json(&app, "/api/ladder/howto").await;
    assert_eq!(
        (h["host"].clone(), h["port"].clone()),
        ("ladder.example.org".into(), "4321".into())
    );
    assert_eq!(h["client_script"], false);
    assert_eq!(h["unspecified"], false);
    let (status, body) = get(&app, "/tcpclient.py").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(body.contains("github.com/berak/ants-tcp"), "{body}");
    // With a path to the 2011 client it is served for download.
    let script = f.dir.path().join("tcpclient.py");
    std::fs::write(&script, "print('the client')\n").unwrap();
    let app = viewer::ladder::ladder_router_with(config.clone(), Some(script.clone())).unwrap();
    assert_eq!(json(&app, "/api/ladder/howto").await["client_script"], true);
    assert_eq!(
        get(&app, "/tcpclient.py").await,
        (StatusCode::OK, "print('the client')\n".into())
    );
    assert!(
        viewer::ladder::ladder_router_with(config.clone(), Some(f.dir.path().join("none.py")))
            .is_err()
    );
    config.game_addr = "0.0.0.0:2081".into();
    let app = viewer::ladder_router(config).unwrap();
    assert_eq!(json(&app, "/api/ladder/howto").await["unspecified"], true);
    for uri in ["/nothing", "/assets/nothing.js", "/api/ladder/nothing"] {
        assert_eq!(get(&app, uri).await.0, StatusCode::NOT_FOUND, "{uri}");
    }
    for asset in [
        "ladder.js",
        "ladder-replay.js",
        "ladder.html",
        "ants.js",
        "common.js",
        "style.css",
    ] {
        assert_eq!(
            get(&app, &format!("/assets/{asset}")).await.0,
            StatusCode::OK,
            "{asset}"
        );
    }
}

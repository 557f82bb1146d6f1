//! The JSON APIs behind the spe_ed, Wumpus and economy pages, over a loopback socket,
//! checked against the game crates run directly on the same inputs.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/serve.rs"]
mod serve;
use serve::{start_viewer as start, workspace};

use std::net::SocketAddr;
use std::path::Path;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// One HTTP/1.1 request; returns (status, body).
async fn request(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

async fn json_ok(addr: SocketAddr, method: &str, path: &str, body: &Value) -> Value {
    let (status, text) = request(addr, method, path, &body.to_string()).await;
    assert_eq!(status, 200, "{method} {path}: {text}");
    serde_json::from_str(&text).unwrap()
}

fn players_of(state: &speed::GameState) -> Vec<(i32, i32, String, i32, bool)> {
    state
        .players
        .iter()
        .map(|p| (p.x, p.y, p.direction.name().to_owned(), p.speed, p.active))
        .collect()
}

fn players_of_frame(f: &Value) -> Vec<(i32, i32, String, i32, bool)> {
    f["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["x"].as_i64().unwrap() as i32,
                p["y"].as_i64().unwrap() as i32,
                p["direction"].as_str().unwrap().to_owned(),
                p["speed"].as_i64().unwrap() as i32,
                p["active"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn speed_log_frames_match_the_parsed_log_and_bad_logs_name_the_line() {
    let addr = start().await;
    let path = "data/viewer/speed-sample.jsonl";
    let log = speed::golden::read_log(&workspace().join(path)).unwrap();
    let v = json_ok(
        addr,
        "GET",
        &format!("/api/speed/log?path={path}"),
        &Value::Null,
    )
    .await;
    let frames = v["frames"].as_array().unwrap();
    assert_eq!(frames.len(), log.lines.len());
    for (f, l) in frames.iter().zip(&log.lines) {
        assert_eq!(f["round"], json!(l.state.round));
        assert_eq!(players_of_frame(f), players_of(&l.state));
        assert_eq!(f["cells"], json!(l.state.cells));
    }
    let (status, body) = request(
        addr,
        "POST",
        "/api/speed/log",
        "{\"type\":\"meta\"}\nnot json",
    )
    .await;
    assert_eq!(status, 422);
    assert!(body.contains(":1:") || body.contains(":2:"), "{body}");
    assert_eq!(
        request(addr, "GET", "/api/speed/log?path=../../etc/passwd", "")
            .await
            .0,
        404
    );
}

#[tokio::test]
async fn live_speed_game_follows_the_engine_and_refuses_bad_moves() {
    let addr = start().await;
    let (status, body) = request(
        addr,
        "POST",
        "/api/speed/new",
        &json!({"ais": ["nobody"]}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body.contains("field `ais.0`"), "{body}");
    let v = json_ok(
        addr,
        "POST",
        "/api/speed/new",
        &json!({"ais": ["random"], "seed": 7, "round_ms": 20000}),
    )
    .await;
    let mut local = speed::engine::seeded_setup(7, 2);
    assert_eq!(players_of_frame(&v["frame"]), players_of(&local));
    assert_eq!(v["frame"]["cells"], json!(local.cells));
    let id = v["id"].as_u64().unwrap();
    let act = format!("/api/speed/game/{id}/action");
    let (status, body) = request(
        addr,
        "POST",
        &act,
        &json!({"round": 1, "action": "jump"}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body.contains("field `action`"), "{body}");
    let v = json_ok(
        addr,
        "POST",
        &act,
        &json!({"round": 1, "action": "speed_up"}),
    )
    .await;
    assert_eq!(v["frame"]["round"], json!(2));
    // Replay the same round locally with the AI's answer as the server reports it.
    let ai = v["last_actions"][1]
        .as_str()
        .map(|a| speed::Action::from_name(a).unwrap());
    speed::step_actions(&mut local, &[Some(speed::Action::SpeedUp), ai]);
    assert_eq!(players_of_frame(&v["frame"]), players_of(&local));
    assert_eq!(
        request(
            addr,
            "POST",
            &act,
            &json!({"round": 1, "action": "speed_up"}).to_string()
        )
        .await
        .0,
        409
    );
    let (status, log) = request(addr, "GET", &format!("/api/speed/game/{id}/log"), "").await;
    assert_eq!(status, 200);
    let parsed = speed::golden::parse_log(Path::new("live"), &log).unwrap();
    assert_eq!(parsed.lines.len(), 1);
    assert_eq!(
        parsed.lines[0].answers.as_ref().unwrap()[0].action,
        Some(speed::Action::SpeedUp)
    );
}

#[tokio::test]
async fn a_late_human_answer_counts_as_missing() {
    let addr = start().await;
    let v = json_ok(
        addr,
        "POST",
        "/api/speed/new",
        &json!({"ais": ["random"], "seed": 1, "round_ms": 100}),
    )
    .await;
    let id = v["id"].as_u64().unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    let v = json_ok(
        addr,
        "POST",
        &format!("/api/speed/game/{id}/action"),
        &json!({"round": 1, "action": "change_nothing"}),
    )
    .await;
    assert_eq!(v["frame"]["players"][0]["active"], json!(false));
    assert_eq!(v["last_actions"][0], Value::Null);
}

#[tokio::test]
async fn economy_round_applies_the_human_choice_like_the_engine() {
    let addr = start().await;
    let (status, body) = request(
        addr,
        "POST",
        "/api/economy/new",
        &json!({"agents": ["best"]}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body.contains("field `agents.0`"), "{body}");
    let v = json_ok(
        addr,
        "POST",
        "/api/economy/new",
        &json!({"agents": ["gold"], "round_ms": 200}),
    )
    .await;
    let id = v["id"].as_u64().unwrap();
    assert_eq!(v["view"]["round"], json!(0));
    let first = v["view"]["executable"][0]["index"].as_u64().unwrap() as usize;
    let next = format!("/api/economy/game/{id}/next");
    let (status, body) = request(
        addr,
        "POST",
        &next,
        &json!({"round": 0, "activity": 9999}).to_string(),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body.contains("field `activity`"), "{body}");
    let v = json_ok(addr, "POST", &next, &json!({"round": 0, "activity": first})).await;
    assert_eq!(v["view"]["round"], json!(1));
    let world = std::sync::Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    );
    let mut game =
        economy::game::Game::new(world, &[("me".into(), economy::game::Controller::Human)]);
    game.next_round(&[Some(first)]);
    let mine = serde_json::to_value(&game.view(Some(0)).players[0]).unwrap();
    for key in ["gold", "items", "attributes", "round"] {
        assert_eq!(v["view"]["players"][0][key], mine[key], "{key}");
    }
    assert!(
        v["agents"][0]["expanded"].is_u64(),
        "the agent decided: {}",
        v["agents"]
    );
    assert_eq!(
        request(
            addr,
            "POST",
            &next,
            &json!({"round": 0, "activity": null}).to_string()
        )
        .await
        .0,
        409
    );
}

/// Same world, result, and per-step action, hunter cell, heading, observation and beliefs
/// (compared without the f32 probabilities, which JSON rounds).
fn assert_same_game(got: &Value, want: &wumpus::GameTrace) {
    let want = serde_json::to_value(want).unwrap();
    for key in ["world", "result", "agent", "seed"] {
        assert_eq!(got[key], want[key], "{key}");
    }
    let (g, w) = (
        got["steps"].as_array().unwrap(),
        want["steps"].as_array().unwrap(),
    );
    assert_eq!(g.len(), w.len());
    for (a, b) in g.iter().zip(w) {
        for key in ["action", "hunter", "heading", "observation", "wumpi"] {
            assert_eq!(a[key], b[key], "{key}");
        }
        let flags = |k: &Value| -> Vec<Value> {
            k["knowledge"]["cells"]
                .as_array()
                .map(|cells| {
                    cells
                        .iter()
                        .map(|c| {
                            json!([
                                c["safe"],
                                c["breeze"],
                                c["possible_pit"],
                                c["possible_wumpus"]
                            ])
                        })
                        .collect()
                })
                .unwrap_or_default()
        };
        assert_eq!(flags(a), flags(b));
    }
}

#[tokio::test]
async fn wumpus_traces_match_a_local_game() {
    let addr = start().await;
    let path = "data/wumpus/seed-1-medium.wum";
    let v = json_ok(
        addr,
        "GET",
        &format!("/api/wumpus/trace?path={path}&seed=3&agent=reference"),
        &Value::Null,
    )
    .await;
    let world = wumpus::World::load(&workspace().join(path)).unwrap();
    let mut agent = wumpus::agents::ReferenceBot::new();
    let local = wumpus::play_game_traced(
        &mut wumpus::Game::new(&world, 3),
        &mut agent,
        3,
        "reference",
    );
    assert_same_game(&v, &local);
    let generated = json_ok(
        addr,
        "GET",
        "/api/wumpus/trace?seed=2&preset=small&agent=champion",
        &Value::Null,
    )
    .await;
    let world = wumpus::generate(&wumpus::Preset::Small.params(2)).unwrap();
    let mut agent = wumpus::agents::ChampionBot::new();
    let local =
        wumpus::play_game_traced(&mut wumpus::Game::new(&world, 2), &mut agent, 2, "champion");
    assert_same_game(&generated, &local);
    // A spec with parameters plays that bot, named by its canonical spec.
    let tuned = json_ok(
        addr,
        "GET",
        "/api/wumpus/trace?seed=2&preset=small&agent=champion%28300%2Cwin_chance%3D2%29",
        &Value::Null,
    )
    .await;
    assert!(
        tuned["agent"] == "champion(risk_weight=300,win_chance=2)",
        "{}",
        tuned["agent"]
    );
    let mut bot = wumpus::agents::BOTS
        .build("champion(risk_weight=300,win_chance=2)", ())
        .unwrap();
    let local = wumpus::play_game_traced(
        &mut wumpus::Game::new(&world, 2),
        &mut bot,
        2,
        "champion(risk_weight=300,win_chance=2)",
    );
    assert_same_game(&tuned, &local);
    let (status, body) = request(addr, "GET", "/api/wumpus/trace?agent=oracle", "").await;
    assert_eq!(status, 400);
    let known = wumpus::agents::BOTS.names().join(", ");
    assert!(
        body.contains(&format!("unknown wumpus bot `oracle`; known: {known}")),
        "{body}"
    );
    for bad in ["cmd%3Atrue", "champion%28pit_prior%3D2%29"] {
        let (status, body) =
            request(addr, "GET", &format!("/api/wumpus/trace?agent={bad}"), "").await;
        assert_eq!(status, 400, "{bad}: {body}");
    }
}

/// The page's bot list is the catalogue.
#[tokio::test]
async fn wumpus_bot_list_is_the_catalogue() {
    let addr = start().await;
    let v = json_ok(addr, "GET", "/api/wumpus/bots", &Value::Null).await;
    let names: Vec<&str> = v
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, wumpus::agents::BOTS.names());
    for (b, e) in v
        .as_array()
        .unwrap()
        .iter()
        .zip(wumpus::agents::BOTS.entries)
    {
        assert_eq!(b["about"], e.about);
        let keys: Vec<&str> = b["params"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["key"].as_str().unwrap())
            .collect();
        let want: Vec<&str> = e.params.iter().map(|p| p.key).collect();
        assert_eq!(keys, want);
    }
}

/// The economy page offers exactly the bots of `economy::BOTS`, and a spec with parameters
/// (or an old name) seats its bot.
#[tokio::test]
async fn economy_bot_list_is_the_catalogue() {
    let addr = start().await;
    let list = json_ok(addr, "GET", "/api/economy/bots", &Value::Null).await;
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, economy::BOTS.names());
    let v = json_ok(
        addr,
        "POST",
        "/api/economy/new",
        &json!({"agents": ["game-analyzer(max_expansions=5)", "shortfall"], "round_ms": 100}),
    )
    .await;
    assert_eq!(v["agents"][0]["rating"], json!("GameAnalyzer"));
    assert_eq!(v["agents"][1]["rating"], json!("Differenz"));
}

/// 8 agents with a 60 s round used to take 1.8 GB per game: each agent's round is capped at
/// `MAX_EXPANSIONS` (so the round ends as soon as they are done), and the agents of all
/// live games at `MAX_LIVE_AGENTS` (a new game ends the oldest).
// Three 8-agent games exceed the server's bound.
const _: () = assert!(3 * 8 > viewer::economy_api::MAX_LIVE_AGENTS);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn economy_thinking_is_bounded_per_agent_and_per_server() {
    let addr = start().await;
    let eight = json!({"agents": vec!["gold"; 8], "round_ms": 60_000});
    let started = std::time::Instant::now();
    let v = json_ok(addr, "POST", "/api/economy/new", &eight).await;
    let id = v["id"].as_u64().unwrap();
    let first = v["view"]["executable"][0]["index"].as_u64().unwrap();
    let v = json_ok(
        addr,
        "POST",
        &format!("/api/economy/game/{id}/next"),
        &json!({"round": 0, "activity": first}),
    )
    .await;
    assert!(
        started.elapsed() < std::time::Duration::from_secs(45),
        "the round waited for its 60 s deadline: {:?}",
        started.elapsed()
    );
    let agents = v["agents"].as_array().unwrap();
    assert_eq!(agents.len(), 8);
    for a in agents {
        let expanded = a["expanded"].as_u64().unwrap();
        assert!(expanded <= viewer::economy_api::MAX_EXPANSIONS, "{a}");
    }
    // Two more 8-agent games: 24 agents > MAX_LIVE_AGENTS, so the first game ends.
    let small = json!({"agents": vec!["gold"; 8], "round_ms": 100});
    let second = json_ok(addr, "POST", "/api/economy/new", &small).await;
    let third = json_ok(addr, "POST", "/api/economy/new", &small).await;
    let (status, _) = request(addr, "GET", &format!("/api/economy/game/{id}"), "").await;
    assert_eq!(status, 404, "the oldest game is still live");
    for g in [second, third] {
        let id = g["id"].as_u64().unwrap();
        let (status, body) = request(addr, "GET", &format!("/api/economy/game/{id}"), "").await;
        assert_eq!(status, 200, "{body}");
    }
}

//! Whole games on a server over loopback with inline clients: the 2011 start line, end
//! block and quirk lines, statuses, the stored match with its replay and ratings, house
//! bots, 4 players, and a restart that continues the ladder.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod support;

use std::time::Duration;

use arena::rating::{TrueSkillParams, standings_with};
use support::*;

/// The ratings stored with each game agree with a recomputation over the stored games.
fn check_ratings(games: &[arena::store::StoredMatch]) {
    for (i, g) in games.iter().enumerate() {
        let after = standings_with(&games[..=i], &TrueSkillParams::CONTEST_2011);
        let ratings = g.details["ratings"].as_array().expect("ratings");
        assert_eq!(ratings.len(), g.seats.len());
        for (seat, r) in g.seats.iter().zip(ratings) {
            let want = after.ratings.iter().find(|b| b.bot == seat.bot).unwrap();
            assert!(
                (r["mu"].as_f64().unwrap() - want.mu).abs() < 1e-9,
                "{r} {want:?}"
            );
            assert!((r["sigma"].as_f64().unwrap() - want.sigma).abs() < 1e-9);
            assert!((r["skill"].as_f64().unwrap() - want.conservative()).abs() < 1e-9);
        }
    }
}

/// The stored replay exists, names the seats and re-simulates without divergence.
fn check_replay(g: &arena::store::StoredMatch) {
    let path = std::path::PathBuf::from(g.replay.as_deref().expect("a replay"));
    assert!(path.is_absolute(), "{}", path.display());
    let replay = ants::Replay::load(&path).unwrap();
    let names: Vec<&str> = g.seats.iter().map(|s| s.bot.as_str()).collect();
    assert_eq!(replay.playernames, names);
    ants::check_replay(&replay, false).unwrap();
}

#[test]
fn two_players_play_a_stored_rated_game_with_the_2011_lines() {
    let dir = tempfile::tempdir().unwrap();
    let addr = start(config(dir.path(), &[TWO]));
    let ann = player(addr, "ann");
    std::thread::sleep(Duration::from_millis(200));
    let bob = player(addr, "bob");
    let (ann, bob) = (ann.join().unwrap(), bob.join().unwrap());
    assert_eq!(ann.info, "INFO: game 1 tutorial1.map : ['ann', 'bob']");
    assert_eq!(bob.info, ann.info);
    let games = wait_games(
        &dir.path().join("ladder.db"),
        "ants-ladder",
        1,
        Duration::from_secs(20),
    );
    let g = &games[0];
    assert_eq!(
        (g.key.as_str(), g.game.as_str(), g.map.as_str()),
        ("game-1", "ants", "tutorial1.map")
    );
    assert_eq!(g.details["game_id"], 1);
    assert_eq!(g.details["map_players"], 2);
    for (seen, seat) in [&ann, &bob].into_iter().zip(&g.seats) {
        let (id, status, score, turn) = parse_result(&seen.result);
        assert_eq!(id, 1);
        assert_eq!(status, seat.status);
        assert!((f64::from(score) - seat.score).abs() < 1e-9);
        assert_eq!(turn, g.turns);
        assert_eq!(
            seen.after_end,
            [seen.result.as_str(), "go", "end", "you timed out.", ""],
            "the end block and the quirk lines"
        );
    }
    assert_eq!(g.seats[0].bot, "ann");
    assert_eq!(g.seats[1].bot, "bob");
    check_ratings(&games);
    check_replay(g);
}

#[test]
fn house_bots_fill_a_lone_players_game() {
    let dir = tempfile::tempdir().unwrap();
    let mut c = config(dir.path(), &[TWO]);
    c.house = vec!["hunter".to_owned()];
    c.house_wait = Duration::from_millis(300);
    let addr = start(c);
    let seen = player(addr, "solo").join().unwrap();
    assert_eq!(
        seen.info,
        "INFO: game 1 tutorial1.map : ['solo', 'house:hunter']"
    );
    let games = wait_games(
        &dir.path().join("ladder.db"),
        "ants-ladder",
        1,
        Duration::from_secs(20),
    );
    let g = &games[0];
    assert_eq!(g.seats[1].bot, "house:hunter");
    assert_eq!(parse_result(&seen.result).1, g.seats[0].status);
    check_ratings(&games);
    check_replay(g);
}

#[test]
fn four_players_fill_a_four_player_map_and_a_restart_continues_the_ladder() {
    let dir = tempfile::tempdir().unwrap();
    let addr = start(config(dir.path(), &[FOUR]));
    let names = ["p1", "p2", "p3", "p4"];
    let mut clients = Vec::new();
    for n in names {
        clients.push(player(addr, n));
        std::thread::sleep(Duration::from_millis(100));
    }
    let seen: Vec<_> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert_eq!(
        seen[0].info,
        "INFO: game 1 maze_p04_01.map : ['p1', 'p2', 'p3', 'p4']"
    );
    let db = dir.path().join("ladder.db");
    let games = wait_games(&db, "ants-ladder", 1, Duration::from_secs(20));
    assert_eq!(games[0].seats.len(), 4);
    for (s, seat) in seen.iter().zip(&games[0].seats) {
        assert_eq!(parse_result(&s.result).1, seat.status);
    }
    // A second server on the same store continues the game numbers and the ratings.
    let again = start(config(dir.path(), &[FOUR]));
    let clients: Vec<_> = names.iter().map(|n| player(again, n)).collect();
    let seen: Vec<_> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    assert!(
        seen[0].info.starts_with("INFO: game 2 maze_p04_01.map : ["),
        "{}",
        seen[0].info
    );
    let games = wait_games(&db, "ants-ladder", 2, Duration::from_secs(20));
    assert_eq!(games[1].key, "game-2");
    check_ratings(&games);
    for g in &games {
        check_replay(g);
    }
}

#[path = "../../arena/tests/support/pg_env.rs"]
mod pg_env;

#[test]
fn a_server_on_postgres_keeps_accounts_games_and_ratings_there() {
    let url = pg_env::pg_url();
    let dir = tempfile::tempdir().unwrap();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let tag = format!("{}_{nanos}", std::process::id());
    let run = format!("server-{tag}");
    let mut c = config(dir.path(), &[TWO]);
    c.db.clone_from(&url);
    c.run.clone_from(&run);
    let addr = start(c);
    let (a, b) = (format!("pa{tag}"), format!("pb{tag}"));
    let first = player(addr, &a);
    std::thread::sleep(Duration::from_millis(200));
    let second = player(addr, &b);
    let seen = [first.join().unwrap(), second.join().unwrap()];
    let start = std::time::Instant::now();
    let mut store = arena::store::any::AnyStore::open(&url).unwrap();
    let games = loop {
        let games = store.matches(Some(&run)).unwrap();
        if !games.is_empty() {
            break games;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the game was not stored"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    let g = &games[0];
    assert_eq!(g.seats[0].bot, a);
    assert_eq!(parse_result(&seen[0].result).1, g.seats[0].status);
    check_ratings(&games);
    check_replay(g);
    let account = store.account(&a).unwrap().expect("an account");
    assert!(account.hash.starts_with("$argon2id$"));
    assert!(account.last_login.is_some());
}

#[test]
fn the_same_server_seed_plays_the_same_game() {
    let replays: Vec<(u64, String)> = (0..2)
        .map(|_| {
            let dir = tempfile::tempdir().unwrap();
            let mut c = config(dir.path(), &[TWO]);
            c.seed = 7;
            let addr = start(c);
            let a = player(addr, "ann");
            std::thread::sleep(Duration::from_millis(200));
            let b = player(addr, "bob");
            a.join().unwrap();
            b.join().unwrap();
            let games = wait_games(
                &dir.path().join("ladder.db"),
                "ants-ladder",
                1,
                Duration::from_secs(20),
            );
            let text = std::fs::read_to_string(games[0].replay.as_deref().unwrap()).unwrap();
            (games[0].seed, text)
        })
        .collect();
    assert_eq!(replays[0].0, ants_server::game_seed(7, 1));
    assert_eq!(replays[0], replays[1], "same seed and game id, same game");
    assert_ne!(ants_server::game_seed(7, 1), ants_server::game_seed(7, 2));
    assert_ne!(ants_server::game_seed(7, 1), ants_server::game_seed(8, 1));
}

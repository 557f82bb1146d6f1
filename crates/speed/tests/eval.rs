//! Offline games: recorded logs replay exactly; evaluation series are seeded and stored
//! in SQLite.

use std::time::Duration;

use speed::ai::from_spec;
use speed::eval::{EvalConfig, run, store, summarize};
use speed::golden::{GoldenWriter, check_file, read_log};

#[test]
fn a_recorded_offline_game_replays_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let mut state = speed::engine::seeded_setup(5, 3);
    let mut ais: Vec<_> = ["random", "not-killing-itself(2,0,2)", "pathfinding(2,20)"]
        .iter()
        .map(|s| from_spec(s, 9).unwrap())
        .collect();
    let names = state
        .players
        .iter()
        .map(|p| p.id)
        .zip(ais.iter().map(|a| a.name()))
        .collect();
    let mut writer = GoldenWriter::new("t", names);
    speed::game::play(&mut state, &mut ais, Duration::from_secs(1), |s, a| {
        writer.round(s, a);
    });
    writer.final_state(&state);
    writer.finish(&path).unwrap();
    let report = check_file(&path).unwrap();
    assert_eq!(report.divergence, None);
    assert_eq!(report.transitions as u32, state.round - 1);
    let log = read_log(&path).unwrap();
    assert_eq!(log.lines.last().unwrap().state.cells, state.cells);
    assert_eq!(log.meta["winner"].as_u64(), state.winner().map(u64::from));
}

#[test]
fn evaluation_is_seeded_and_stored() {
    let cfg = EvalConfig {
        games: 6,
        ais: vec!["random".into(), "not-killing-itself(1,0,2)".into()],
        players: None,
        seed: 42,
        budget: Duration::from_secs(1),
        board: None,
    };
    let a = run(&cfg, 2, &|| {}).unwrap();
    let b = run(&cfg, 1, &|| {}).unwrap();
    let key = |r: &speed::eval::GameResult| {
        (
            r.seed,
            r.width,
            r.height,
            r.rounds,
            r.winner,
            r.participants.clone(),
        )
    };
    assert_eq!(
        a.iter().map(key).collect::<Vec<_>>(),
        b.iter().map(key).collect::<Vec<_>>()
    );
    let sum = summarize(&cfg, &a);
    assert_eq!(sum.iter().map(|s| s.games).sum::<usize>(), 12);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("e.db");
    store(&db, &cfg, &a).unwrap();
    let conn = rusqlite::Connection::open(&db).unwrap();
    let n: i64 = conn
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .unwrap();
    let p: i64 = conn
        .query_row("SELECT COUNT(*) FROM participants", [], |r| r.get(0))
        .unwrap();
    let w: i64 = conn
        .query_row("SELECT COUNT(*) FROM winners", [], |r| r.get(0))
        .unwrap();
    assert_eq!((n, p), (6, 12));
    assert_eq!(w as usize, a.iter().filter(|r| r.winner.is_some()).count());
    let bad = EvalConfig {
        ais: vec!["nope".into()],
        ..cfg
    };
    assert!(run(&bad, 1, &|| {}).is_err());
}

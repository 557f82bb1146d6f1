//! `botforge arena …` end to end: the SPRT example of `docs/arena.md` stops early and
//! prints the test's state, and `arena report --config` shows it again.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge, text};

#[test]
fn the_documented_sprt_match_stops_early_and_reports_the_test() {
    let dir = tempfile::tempdir().unwrap();
    let config = format!("{}/../../data/arena/sprt.toml", env!("CARGO_MANIFEST_DIR"));
    let db = dir.path().join("sprt.db");
    let db = db.to_str().unwrap();
    // The command of docs/arena.md, with the database in a temporary directory.
    let o = botforge(&["arena", "run", "--config", &config, "--db", db, "--quiet"]);
    assert!(o.status.success(), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(out.contains("SPRT champion vs random"), "{out}");
    assert!(out.contains("H1 accepted"), "{out}");
    assert!(out.contains("bounds -2.944, 2.944"), "{out}");
    assert!(out.contains("pentanomial 0-2:"), "{out}");
    assert!(out.contains("Elo +"), "{out}");
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(err.contains("40 games scheduled"), "{err}");
    assert!(!err.contains("40 played now"), "stopped early: {err}");
    // The report reads the same state back from the store.
    let html = dir.path().join("r.html");
    let o = botforge(&[
        "arena",
        "report",
        "--db",
        db,
        "--config",
        &config,
        "--html",
        html.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(text(&o).contains("H1 accepted"), "{}", text(&o));
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.contains("SPRT: champion vs random") && page.contains("H1 accepted"));
}

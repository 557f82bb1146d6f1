//! End-to-end: `botforge arena run` and two `botforge arena work` processes share one run
//! in PostgreSQL; one worker is killed with SIGKILL mid-run. Every game is stored once and
//! the head-to-head table equals that of a single-process SQLite run of the same config.
//!
//! Needs `BOTFORGE_TEST_PG` (set by `.ci/run`, or in a shell by `source .ci/postgres.sh`);
//! without it the test fails, saying so.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::pg_env::pg_url;

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child` at most `limit`; kills it and fails the test past that.
fn finish(mut child: Child, limit: Duration) -> (bool, String, String) {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("a botforge process did not end within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The head-to-head part of a standings table (independent of the order games finished):
/// the block after the ratings, up to the next blank line.
fn pairs(table: &str) -> String {
    table
        .lines()
        .skip_while(|l| !l.trim().is_empty())
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_killed_worker_loses_its_games_to_the_others_and_every_game_is_stored_once() {
    let url = pg_url();
    let dir = tempfile::tempdir().unwrap();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let run = format!("cli-{}-{nanos}", std::process::id());
    let config = dir.path().join("shared.toml");
    std::fs::write(
        &config,
        format!(
            "name = {run:?}\ngame = \"wumpus\"\ngames = 40\nseed = 9\nthreads = 1\n\
             [options]\npreset = \"medium\"\n\
             [[bots]]\nname = \"reference\"\n[[bots]]\nname = \"champion\"\n"
        ),
    )
    .unwrap();
    let config = config.to_string_lossy().into_owned();
    // Register first, so the workers find the run.
    let (ok, _, err) = finish(
        spawn(&[
            "arena", "run", "--config", &config, "--db", &url, "--limit", "0",
        ]),
        Duration::from_mins(1),
    );
    assert!(ok, "{err}");
    let lease = ["--lease", "2"];
    let work = |_: usize| {
        let mut args = vec![
            "arena",
            "work",
            "--db",
            &url,
            "--run",
            &run,
            "--threads",
            "1",
        ];
        args.extend(lease);
        spawn(&args)
    };
    let doomed = work(0);
    let survivor = work(1);
    let mut coordinator_args = vec![
        "arena",
        "run",
        "--config",
        &config,
        "--db",
        &url,
        "--threads",
        "1",
        "--quiet",
    ];
    coordinator_args.extend(lease);
    let coordinator = spawn(&coordinator_args);
    std::thread::sleep(Duration::from_millis(400));
    let mut doomed = doomed;
    doomed.kill().unwrap(); // SIGKILL: no chance to release its claim
    let _ = doomed.wait();
    let (ok, _, err) = finish(survivor, Duration::from_mins(2));
    assert!(ok, "worker: {err}");
    assert!(err.contains("games played and stored"), "{err}");
    let (ok, standings, err) = finish(coordinator, Duration::from_mins(2));
    assert!(ok, "coordinator: {err}");

    let (ok, report, err) = finish(
        spawn(&["arena", "report", "--db", &url, "--run", &run]),
        Duration::from_mins(1),
    );
    assert!(ok, "{err}");
    assert!(
        report.starts_with(&format!("run {run:?}: 40 games")),
        "{report}"
    );

    let db = dir.path().join("local.db").to_string_lossy().into_owned();
    let (ok, local, err) = finish(
        spawn(&["arena", "run", "--config", &config, "--db", &db, "--quiet"]),
        Duration::from_mins(2),
    );
    assert!(ok, "{err}");
    assert_eq!(pairs(&standings), pairs(&local));
    assert_eq!(pairs(&report), pairs(&local));
    assert!(pairs(&local).contains("reference"), "{local}");
}

#[test]
fn work_needs_a_postgres_url_and_a_bounded_lease() {
    let bad = |args: &[&str], expect: &str| {
        let (ok, _, err) = finish(spawn(args), Duration::from_secs(30));
        assert!(!ok);
        assert!(err.contains(expect), "{args:?}: {err}");
    };
    bad(
        &["arena", "work", "--db", "results.db"],
        "needs a PostgreSQL",
    );
    bad(
        &["arena", "work", "--db", "postgres://h/d", "--lease", "0"],
        "out of range",
    );
    bad(
        &[
            "arena",
            "work",
            "--db",
            "postgres://h/d",
            "--lease",
            "100000000",
        ],
        "out of range",
    );
    bad(
        &[
            "arena",
            "work",
            "--db",
            "postgres://h/d",
            "--threads",
            "100000",
        ],
        "out of range",
    );
    bad(
        &["arena", "run", "--db", "postgres://h/d", "--lease", "0"],
        "out of range",
    );
}

//! `botforge path` end to end: a success case on a plain grid and on an official Ants map,
//! and the error cases (exit code 2 with a clear message).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::{Command, Output};

fn botforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
        .arg("path")
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A 5×7 bounded grid with a wall forcing a detour.
const PLAIN: &str = ".......\n.##.##.\n.#.#.#.\n.#...#.\n.......\n";

fn plain_file(dir: &Path) -> String {
    let p = dir.join("room.txt");
    std::fs::write(&p, PLAIN).unwrap();
    p.to_str().unwrap().to_owned()
}

#[test]
fn finds_the_shortest_path_on_a_plain_grid_with_every_algorithm() {
    let dir = tempfile::tempdir().unwrap();
    let map = plain_file(dir.path());
    // (2,2) and (2,4) are pockets joined only through row 3.
    for algo in ["bfs", "astar", "hpa"] {
        let out = botforge(&[
            "--map",
            &map,
            "--from",
            "2,2",
            "--to",
            "2,4",
            "--algo",
            algo,
            "--cluster",
            "3",
            "--show",
        ]);
        assert!(out.status.success(), "{algo}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("length: 4 steps"), "{algo}: {text}");
        assert!(text.contains("path: SEEN"), "{algo}: {text}");
        assert!(text.contains("nodes expanded: "), "{algo}: {text}");
        assert!(text.contains(".%S%G%."), "{algo} rendering: {text}");
    }
    let out = botforge(&[
        "--map",
        &map,
        "--from",
        "0,0",
        "--to",
        "4,6",
        "--algo",
        "best-first",
        "--smooth",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("smoothed: 10 steps"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn reports_no_path_with_exit_code_1() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("split.txt");
    std::fs::write(&p, "..#..\n..#..\n").unwrap();
    let out = botforge(&["--map", p.to_str().unwrap(), "--from", "0,0", "--to", "1,4"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stdout(&out).contains("no path"));
}

#[test]
fn wraps_on_an_official_ants_map() {
    let map =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ants/maps/example/tutorial1.map");
    assert!(
        map.is_file(),
        "official map missing: {} (the repository carries it in data/ants/maps/)",
        map.display()
    );
    // Rows 0 and 42 of the 43-row torus are adjacent: one step north wraps round.
    for algo in ["bfs", "astar", "best-first", "hpa"] {
        let out = botforge(&[
            "--map",
            map.to_str().unwrap(),
            "--from",
            "0,5",
            "--to",
            "42,5",
            "--algo",
            algo,
        ]);
        assert!(out.status.success(), "{algo}: {}", stderr(&out));
        let text = stdout(&out);
        assert!(text.contains("(43x39 torus)"), "{text}");
        assert!(text.contains("length: 1 steps"), "{algo}: {text}");
        assert!(text.contains("path: N\n"), "{algo}: {text}");
    }
}

#[test]
fn bad_input_is_an_error_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let map = plain_file(dir.path());
    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec![
                "--map".into(),
                map.clone(),
                "--from".into(),
                "1,1".into(),
                "--to".into(),
                "0,0".into(),
            ],
            "--from 1,1 is a wall/water cell",
        ),
        (
            vec![
                "--map".into(),
                map.clone(),
                "--from".into(),
                "0,0".into(),
                "--to".into(),
                "9,0".into(),
            ],
            "--to 9,0 is outside the 5x7 map",
        ),
        (
            vec![
                "--map".into(),
                map.clone(),
                "--from".into(),
                "0,-1".into(),
                "--to".into(),
                "0,0".into(),
            ],
            "outside",
        ),
        (
            vec![
                "--map".into(),
                dir.path().join("missing.txt").to_str().unwrap().into(),
                "--from".into(),
                "0,0".into(),
                "--to".into(),
                "0,0".into(),
            ],
            "cannot read",
        ),
        (
            vec![
                "--map".into(),
                dir.path().join("missing.map").to_str().unwrap().into(),
                "--from".into(),
                "0,0".into(),
                "--to".into(),
                "0,0".into(),
            ],
            "missing.map",
        ),
    ];
    for (args, msg) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = botforge(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("error: "),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(
            stderr(&out).contains(msg),
            "{args:?}: expected {msg:?} in {}",
            stderr(&out)
        );
    }
    let ragged = dir.path().join("ragged.txt");
    std::fs::write(&ragged, "...\n..\n").unwrap();
    let out = botforge(&[
        "--map",
        ragged.to_str().unwrap(),
        "--from",
        "0,0",
        "--to",
        "0,1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("ragged.txt: line 2: row has 2 cells, expected 3"),
        "{}",
        stderr(&out)
    );
    // A malformed coordinate is rejected by argument parsing (clap's exit code 2).
    let out = botforge(&["--map", &map, "--from", "x", "--to", "0,0"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("expected ROW,COL"),
        "{}",
        stderr(&out)
    );
}

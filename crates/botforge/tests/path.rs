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

fn maze_map() -> String {
    let map =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ants/maps/maze/maze_p04_01.map");
    assert!(
        map.is_file(),
        "official map missing: {} (the repository carries it in data/ants/maps/)",
        map.display()
    );
    map.to_str().unwrap().to_owned()
}

/// The numbers after the label of the Markdown table row `| label | … |`.
fn row_numbers(text: &str, label: &str) -> Vec<u32> {
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("| {label} |")))
        .unwrap_or_else(|| panic!("no row {label:?} in {text}"));
    line.split('|')
        .skip(2)
        .map_while(|t| t.trim().parse().ok())
        .collect()
}

/// The path length of a `--compare` row.
fn row_length(text: &str, label: &str) -> u32 {
    row_numbers(text, label)[0]
}

#[test]
fn compare_runs_every_algorithm_and_draws_clusters_and_paths() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("maze.svg");
    let map = maze_map();
    let out = botforge(&[
        "--map",
        &map,
        "--from",
        "1,1",
        "--to",
        "50,50",
        "--compare",
        "--cluster",
        "14,20",
        "--entrances",
        "centered,corner",
        "--repeat",
        "3",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let optimal = row_length(&text, "BFS");
    assert_eq!(row_length(&text, "A*"), optimal, "{text}");
    assert!(row_length(&text, "best-first") >= optimal, "{text}");
    let hpa = [
        "HPA* (Centered, 14)",
        "HPA* (Corner, 14)",
        "HPA* (Centered, 20)",
        "HPA* (Corner, 20)",
    ];
    for label in hpa {
        assert!(row_length(&text, label) >= optimal, "{label}: {text}");
    }
    assert!(text.contains("fastest of 3 runs"), "{text}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(picture.trim_end().ends_with("</svg>"));
    // 98 rows and columns in clusters of 14 overlapping by one: 9 × 9 clusters.
    assert!(
        picture.matches("stroke-dasharray").count() >= 81,
        "cluster outlines"
    );
    assert!(picture.contains("clusters of HPA* (Centered, 14)"));
    for label in ["BFS", "A*", "best-first"].into_iter().chain(hpa) {
        assert!(picture.contains(&format!(">{label} (")), "legend {label}");
    }
    // Every path is drawn in its colour: the first two colours of the palette.
    assert!(picture.contains("stroke=\"#e6194b\"") && picture.contains("stroke=\"#4363d8\""));
}

#[test]
fn influence_detours_around_enemies_as_in_the_thesis_table() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("influence.svg");
    let map = maze_map();
    let out = botforge(&[
        "--map",
        &map,
        "--from",
        "14,5",
        "--to",
        "23,40",
        "--own",
        "14,6;15,5",
        "--enemy",
        "21,20;22,22;20,24;23,18",
        "--svg",
        svg.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let row = |label: &str| match row_numbers(&text, label)[..] {
        [steps, cost] => (steps, cost),
        ref other => panic!("{label}: {other:?} in {text}"),
    };
    let (plain_steps, plain_cost) = row("without influence");
    let (safe_steps, safe_cost) = row("with influence");
    assert_eq!(plain_steps, 44, "{text}");
    // The influence-aware path is longer but cheaper under the influence costs, which are
    // 1..=4 per step.
    assert!(safe_steps > plain_steps && safe_cost < plain_cost, "{text}");
    assert!(
        plain_cost > plain_steps && safe_cost >= safe_steps,
        "{text}"
    );
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.contains("fill=\"#d00000\""), "enemy safety wash");
    assert!(picture.contains("fill=\"#00a000\""), "own safety wash");
    assert_eq!(
        picture.matches("fill=\"#b00000\"").count(),
        4,
        "enemy units"
    );
}

/// `botforge path` on the maze map from 1,1 to 50,50 with `extra` flags fails with exit code 2
/// and `msg` on stderr, having printed nothing.
fn maze_query_fails(extra: &[&str], msg: &str) {
    let map = maze_map();
    let mut args = vec!["--map", &map, "--from", "1,1", "--to", "50,50"];
    args.extend_from_slice(extra);
    let out = botforge(&args);
    assert_eq!(out.status.code(), Some(2), "{extra:?}");
    assert!(stderr(&out).contains(msg), "{extra:?}: {}", stderr(&out));
    assert!(
        stdout(&out).is_empty(),
        "{extra:?}: nothing before the error"
    );
}

#[test]
fn list_flags_need_compare_and_the_svg_path_is_checked_first() {
    maze_query_fails(
        &["--cluster", "14,20"],
        "--cluster takes several values only with --compare",
    );
    // The output path is checked before any search runs.
    maze_query_fails(
        &["--svg", "/nonexistent-dir/x.svg"],
        "cannot write /nonexistent-dir/x.svg",
    );
    maze_query_fails(&["--enemy", "0,0;x"], "expected ROW,COL");
}

//! `botforge ants mapgen` end to end: a map on stdout that is the same for the same seed,
//! `--out` with a check of the written file, `--check` of official and broken maps, and
//! clear errors for bad parameters.

#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
use common::{botforge, official_map, text};

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_same_seed_prints_the_same_map_and_it_passes_the_check() {
    let args = [
        "ants",
        "mapgen",
        "maze",
        "--players",
        "4",
        "--seed",
        "8",
        "--size",
        "72x96",
    ];
    let a = botforge(&args);
    assert!(a.status.success(), "{}", text(&a));
    let b = botforge(&args);
    assert_eq!(stdout(&a), stdout(&b));
    let map = ants::Map::parse(&stdout(&a)).unwrap();
    assert_eq!(map.players(), 4);
    assert!(stdout(&a).contains("# symmetry "), "{}", stdout(&a));

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("made.map");
    let o = botforge(&[
        "ants",
        "mapgen",
        "cell_maze",
        "--players",
        "3",
        "--seed",
        "2",
        "--hills",
        "2",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        stdout(&o).contains("symmetry translational"),
        "{}",
        text(&o)
    );
    let o = botforge(&["ants", "mapgen", "--check", file.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o));
    let out = stdout(&o);
    assert!(out.starts_with("ok ") && out.contains("6 hills"), "{out}");
}

#[test]
fn check_prints_one_line_per_file_and_fails_on_a_broken_map() {
    let good = official_map("maze/maze_p04_01.map");
    let small = official_map("cell_maze/cell_maze_p07_03.map");
    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.map");
    std::fs::write(
        &broken,
        "rows 30\ncols 60\nplayers 2\n".to_owned()
            + &format!("m 0{}1{}\n", ".".repeat(29), ".".repeat(29))
            + &format!("m {}%\n", ".".repeat(59)).repeat(29),
    )
    .unwrap();
    let missing = dir.path().join("missing.map");
    let paths = [&good, &small, &broken, &missing].map(|p| p.to_str().unwrap().to_owned());
    let mut args = vec!["ants", "mapgen", "--check"];
    args.extend(paths.iter().map(String::as_str));
    let o = botforge(&args);
    assert!(!o.status.success(), "{}", text(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0].starts_with("ok ") && lines[0].contains("symmetry"),
        "{out}"
    );
    assert!(lines[1].starts_with("ok "), "{out}");
    assert!(
        lines[2].starts_with("FAIL ") && lines[2].contains("not symmetric"),
        "{out}"
    );
    assert!(
        lines[3].starts_with("FAIL ") && lines[3].contains("missing.map"),
        "{out}"
    );

    // --strict applies map.py's area floors, which the small official map breaks.
    let o = botforge(&["ants", "mapgen", "--strict", "--check", &paths[1]]);
    assert!(!o.status.success(), "{}", text(&o));
    assert!(
        stdout(&o).contains("too small for 7 players"),
        "{}",
        text(&o)
    );
}

#[test]
fn bad_parameters_get_a_clear_error() {
    for (args, want) in [
        (vec!["maze", "--players", "11"], "players must be 2 to 10"),
        (vec!["maze", "--players", "1"], "players must be 2 to 10"),
        (
            vec!["maze", "--players", "2", "--size", "300x100"],
            "1 to 200",
        ),
        (vec!["maze", "--players", "2", "--size", "big"], "ROWSxCOLS"),
        (vec!["hexagon", "--players", "2"], "unknown map family"),
        (
            vec!["random_walk", "--players", "3", "--symmetry", "mirror"],
            "even number",
        ),
        (
            vec!["maze", "--players", "2", "--openness", "7"],
            "openness",
        ),
        (vec!["maze"], "--players"),
    ] {
        let mut full = vec!["ants", "mapgen"];
        full.extend(args.iter().copied());
        let o = botforge(&full);
        assert!(!o.status.success(), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(want), "{args:?}: {}", text(&o));
        assert!(!text(&o).contains("panicked"), "{}", text(&o));
    }
}

//! World text format: every validation error names its line and column; the writer
//! round-trips; the generator follows its parameters.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use wumpus::{GameParams, GenParams, Preset, START, Tile, World, generate, manhattan};

fn err(text: &str) -> (usize, usize, String) {
    let e = World::parse(text).unwrap_err();
    (e.line, e.column, e.message)
}

#[test]
fn errors_name_line_and_column() {
    let cases: &[(&str, usize, usize, &str)] = &[
        ("#####\n#SG.#\n#..#\n#####\n", 3, 5, "length"),
        ("###\n#S#\n###\n", 1, 1, "width"),
        ("#####\n#SG.#\n#...#\n#....\n#####\n", 4, 5, "border"),
        ("#####\n#SG.#\n#...#\n##...\n", 4, 3, "border"),
        ("#####\n#SG.#\n#.#.#\n#####\n", 3, 3, "inside"),
        (
            "#####\n#SGx#\n#...#\n#####\n",
            2,
            4,
            "unknown character 'x'",
        ),
        ("#####\n#.G.#\n#..S#\n#####\n", 3, 4, "(1,1)"),
        ("#####\n#.G.#\n#...#\n#####\n", 2, 2, "start 'S' missing"),
        ("#####\n#S..#\n#...#\n#####\n", 1, 1, "gold 'G' missing"),
        ("#####\n#SG.#\n#.G.#\n#####\n", 3, 3, "second gold"),
        ("arrows = x\n#####\n#SG.#\n#...#\n#####\n", 1, 10, "integer"),
        (
            "; c\n\ncolour = red\n#####\n#SG.#\n#...#\n#####\n",
            3,
            1,
            "unknown key 'colour'",
        ),
        ("hello\n#####\n#SG.#\n#...#\n#####\n", 1, 1, "key = value"),
        (
            "wumpus_weights = 0,0,0,0\n#####\n#SG.#\n#...#\n#####\n",
            1,
            18,
            "all 0",
        ),
        (
            "wumpus_weights = 1,2\n#####\n#SG.#\n#...#\n#####\n",
            1,
            18,
            "four",
        ),
        (
            "moving_wumpi = yes\n#####\n#SG.#\n#...#\n#####\n",
            1,
            16,
            "true or false",
        ),
        ("name = x\n", 1, 1, "no grid"),
        ("#####\n#SG.#\n\n#...#\n#####\n", 3, 1, "length"),
    ];
    for &(text, line, col, msg) in cases {
        let (l, c, m) = err(text);
        assert_eq!((l, c), (line, col), "{text:?}: {m}");
        assert!(m.contains(msg), "{text:?}: '{m}' should mention '{msg}'");
    }
}

#[test]
fn header_keys_crlf_and_trailing_lines() {
    let text = "; comment\r\nname = my world\r\narrows=2\r\nstench_distance = 2\r\nmax_actions = 10\r\nstart_score = -5\r\nrumble_distance = 4\r\nmoving_wumpi = false\r\nwumpus_weights = 1, 2, 3, 0\r\n#####\r\n#SGW#\r\n#.P.#\r\n#####\r\n\r\n\r\n";
    let w = World::parse(text).unwrap();
    assert_eq!(w.name.as_deref(), Some("my world"));
    assert_eq!(
        w.params,
        GameParams {
            arrows: 2,
            stench_distance: 2,
            max_actions: 10,
            start_score: -5,
            rumble_distance: Some(4),
            moving_wumpi: false,
            wumpus_weights: [1, 2, 3, 0],
            ..GameParams::default()
        }
    );
    assert_eq!(
        (w.width(), w.height(), w.gold(), w.wumpi()),
        (5, 4, (2, 1), &[(3, 1)][..])
    );
    assert_eq!(w.tile((2, 2)), Tile::Pit);
    assert_eq!(World::parse(&w.to_text()).unwrap(), w);
    let none = World::parse("rumble_distance = none\n#####\n#SG.#\n#...#\n#####\n").unwrap();
    assert_eq!(none.params.rumble_distance, None);
}

#[test]
fn load_and_save_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.wum");
    std::fs::write(&p, "#####\n#SX.#\n#...#\n#####\n").unwrap();
    let e = World::load(&p).unwrap_err().to_string();
    assert!(
        e.contains("bad.wum") && e.contains("line 2, column 3"),
        "{e}"
    );
    let missing = World::load(&dir.path().join("nope.wum"))
        .unwrap_err()
        .to_string();
    assert!(missing.contains("nope.wum"), "{missing}");
    let w = generate(&Preset::Small.params(5)).unwrap();
    let out = dir.path().join("w.wum");
    w.save(&out).unwrap();
    assert_eq!(World::load(&out).unwrap(), w);
    let nowhere = dir.path().join("no-dir").join("w.wum");
    let e = w.save(&nowhere).unwrap_err().to_string();
    assert!(e.contains(&*nowhere.to_string_lossy()), "{e}");
    assert!(!nowhere.exists());
}

#[test]
fn bundled_worlds_parse() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/wumpus");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "wum") {
            World::load(&p).unwrap();
            n += 1;
        }
    }
    assert!(n >= 3, "expected bundled worlds in {dir}");
}

#[test]
fn generator_too_small_is_an_error() {
    let p = GenParams {
        width: 2,
        height: 2,
        pit_prob: 0.0,
        wumpus_count: 1,
        seed: 1,
        name: None,
        game: GameParams::default(),
    };
    assert!(generate(&p).is_err());
}

proptest! {
    #[test]
    fn generated_worlds_follow_the_rules_and_round_trip(seed in 0u64..100_000, preset in 0usize..3) {
        let preset = [Preset::Small, Preset::Medium, Preset::Large][preset];
        let gp = preset.params(seed);
        let w = generate(&gp).unwrap();
        prop_assert_eq!(w.width(), gp.width + 2);
        prop_assert_eq!(w.wumpi().len() as u32, gp.wumpus_count);
        prop_assert_eq!(w.tile(START), Tile::Floor);
        prop_assert_eq!(w.tile(w.gold()), Tile::Floor);
        for &c in w.wumpi() {
            prop_assert!(manhattan(c, START) > 3);
            prop_assert!(c != w.gold());
            prop_assert_eq!(w.tile(c), Tile::Floor);
        }
        let mut sorted = w.wumpi().to_vec();
        sorted.sort_by_key(|c| (c.1, c.0));
        prop_assert_eq!(&sorted[..], w.wumpi());
        prop_assert_eq!(World::parse(&w.to_text()).unwrap(), w);
    }
}

#[test]
fn max_actions_is_bounded() {
    let world = |n: &str| World::parse(&format!("max_actions = {n}\n#####\n#SG.#\n#...#\n#####\n"));
    assert_eq!(
        world("100000").unwrap().params.max_actions,
        wumpus::world::MAX_ACTIONS
    );
    for bad in ["0", "100001", "4294967295"] {
        let e = world(bad).unwrap_err().to_string();
        assert!(
            e.contains("line 1") && e.contains("max_actions"),
            "{bad}: {e}"
        );
    }
}

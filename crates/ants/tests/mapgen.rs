//! `ants::mapgen`: the official maps keep the rules, every generated map of every family
//! and player count keeps them over many seeds and is playable, the same seed gives the
//! same map, each rule is caught, and bad parameters are refused with a clear error.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use ants::mapgen::{
    self, Family, MapgenError, Params, RuleError, Rules, SymmetryKind, check, check_with,
};
use ants::{GameConfig, Map, bots, play_game};

fn maps_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for family in std::fs::read_dir(dir).unwrap() {
        let family = family.unwrap().path();
        if family.is_dir() {
            for f in std::fs::read_dir(&family).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "map") {
                    out.push(f);
                }
            }
        }
    }
    out.sort();
    out
}

fn assert_pool_passes(dir: &Path) -> usize {
    assert!(dir.is_dir(), "official maps missing: {}", dir.display());
    let files = maps_under(dir);
    for f in &files {
        let map = Map::load(f).unwrap();
        if let Err(e) = check_with(&map, &Rules::POOL) {
            panic!("{}: {e}", f.display());
        }
    }
    files.len()
}

#[test]
fn the_official_maps_keep_the_rules() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let n = assert_pool_passes(&root.join("data/ants/maps"));
    assert!(n >= 450, "only {n} official maps");
    // The symmetry found is named: a translational and a rotated official map.
    let tiled = Map::official("cell_maze/cell_maze_p04_10.map").unwrap();
    assert_eq!(
        check_with(&tiled, &Rules::POOL).unwrap().kind(),
        "translational"
    );
    let square = Map::official("maze/maze_p08_15.map").unwrap();
    let found = check_with(&square, &Rules::POOL).unwrap();
    assert_eq!(found.transforms.len(), 7);
    assert_ne!(found.kind(), "translational");
}

#[test]
fn map_py_floors_flag_the_small_official_maps() {
    let small = Map::official("cell_maze/cell_maze_p07_03.map").unwrap();
    assert!(check_with(&small, &Rules::POOL).is_ok());
    let e = check(&small).unwrap_err();
    assert!(
        matches!(e, RuleError::AreaTooSmall { min: 6300, .. }),
        "{e}"
    );
    let crowded = Map::official("maze/maze_p07_02.map").unwrap();
    let e = check(&crowded).unwrap_err();
    assert!(matches!(e, RuleError::TooManyHills { .. }), "{e}");
}

/// A small size for `players` (area about 1000 per player, at least 3 hills' worth).
fn small(players: u8) -> (u32, u32) {
    let area = 1050.0 * f64::from(players);
    let rows = (area / 1.6).sqrt();
    (rows as u32, (area / rows) as u32 + 1)
}

#[test]
fn every_family_and_player_count_keeps_the_rules_over_many_seeds() {
    let jobs: Vec<(Family, u8)> = Family::ALL
        .into_iter()
        .flat_map(|f| (2..=10u8).map(move |p| (f, p)))
        .collect();
    let seeds = 0..20u64;
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks(jobs.len().div_ceil(2))
            .map(|chunk| {
                let seeds = seeds.clone();
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for &(family, players) in chunk {
                        for seed in seeds.clone() {
                            let params = Params {
                                size: Some(small(players)),
                                hills: Some(1),
                                ..Params::new(family, players, seed)
                            };
                            match mapgen::generate(&params) {
                                Ok(made) => {
                                    if let Err(e) = check(&made.map) {
                                        bad.push(format!("{family:?} {players} {seed}: {e}"));
                                    }
                                    assert_eq!(made.map.players(), players);
                                    assert!(made.map.rows() <= 200 && made.map.cols() <= 200);
                                }
                                Err(e) => bad.push(format!("{family:?} {players} {seed}: {e}")),
                            }
                        }
                    }
                    bad
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn default_sizes_and_hill_counts_keep_the_rules() {
    for family in Family::ALL {
        for players in [2u8, 5, 8] {
            let made = mapgen::generate(&Params::new(family, players, 11)).unwrap();
            check(&made.map).unwrap();
            let text = made.to_text();
            assert_eq!(Map::parse(&text).unwrap(), made.map);
            assert!(text.contains("# symmetry "), "{text}");
        }
        let made = mapgen::generate(&Params {
            hills: Some(3),
            ..Params::new(family, 4, 2)
        })
        .unwrap();
        assert_eq!(made.map.hills().len(), 12);
        check(&made.map).unwrap();
    }
}

#[test]
fn the_same_seed_gives_the_same_map() {
    for family in Family::ALL {
        let params = Params {
            size: Some((60, 80)),
            ..Params::new(family, 4, 99)
        };
        let a = mapgen::generate(&params).unwrap();
        let b = mapgen::generate(&params).unwrap();
        assert_eq!(a.map, b.map);
        assert_eq!(a.to_text(), b.to_text());
        let other = mapgen::generate(&Params {
            seed: 100,
            ..params
        })
        .unwrap();
        assert_ne!(a.map, other.map, "{family:?}");
    }
}

#[test]
fn each_symmetry_kind_is_the_one_found() {
    for family in Family::ALL {
        for players in [2u8, 4, 6] {
            for (kind, expect) in [
                (SymmetryKind::Translational, "shift"),
                (SymmetryKind::Mirror, "flip"),
                (SymmetryKind::Rotational, "rotate"),
            ] {
                let made = mapgen::generate(&Params {
                    symmetry: kind,
                    size: Some((70, 100)),
                    ..Params::new(family, players, 5)
                })
                .unwrap();
                let found = check(&made.map).unwrap();
                let desc = found.to_string();
                assert!(
                    desc.contains(expect),
                    "{family:?} {players} {kind:?}: {desc}"
                );
                if kind == SymmetryKind::Translational {
                    assert_eq!(found.kind(), "translational");
                }
            }
        }
    }
}

#[test]
fn generated_maps_are_playable() {
    for family in Family::ALL {
        for players in [2u8, 4] {
            let made = mapgen::generate(&Params {
                size: Some(small(players)),
                ..Params::new(family, players, 3)
            })
            .unwrap();
            let config = GameConfig {
                turns: 60,
                ..GameConfig::seeded(1)
            };
            let seats: Vec<Box<dyn ants::Bot>> = (0..players)
                .map(|i| {
                    Box::new(if i % 2 == 0 {
                        bots::GreedyBot::hunter()
                    } else {
                        bots::GreedyBot::greedy()
                    }) as Box<dyn ants::Bot>
                })
                .collect();
            let out = play_game(&made.map, &config, seats).unwrap();
            assert!(out.turns > 0 && out.turns <= 60);
            assert_eq!(out.scores.len(), usize::from(players));
        }
    }
}

fn parse(rows: &[&str], players: u8) -> Map {
    Map::from_rows(rows, players).unwrap()
}

/// A `rows x 2·width` two-player map: two copies of a `rows x width` tile with a hill at
/// `hill` and water at `water` (positions in the tile), shifted by `width` columns.
fn tiled(
    rows: usize,
    width: usize,
    hill: (usize, usize),
    water: &[(usize, usize)],
    second: bool,
) -> Map {
    let mut grid = vec![vec!['.'; 2 * width]; rows];
    for &(r, c) in water {
        grid[r][c] = '%';
        grid[r][c + width] = '%';
    }
    grid[hill.0][hill.1] = '0';
    if second {
        grid[hill.0][hill.1 + width] = '1';
    }
    let rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    parse(&refs, 2)
}

#[test]
fn each_rule_is_caught() {
    let ok = tiled(30, 30, (5, 5), &[(10, 10)], true);
    let found = check(&ok).unwrap();
    assert_eq!(found.kind(), "translational");
    assert_eq!(found.transforms[0].shift, (0, 30));

    // Broken symmetry: one extra water square in one copy only.
    let mut text = ok.to_text();
    let at = text.find("m ").unwrap() + 2 + 40;
    text.replace_range(at..=at, "%");
    let e = check(&Map::parse(&text).unwrap()).unwrap_err();
    assert!(matches!(e, RuleError::NotSymmetric { player: 1 }), "{e}");

    // A player without a hill.
    let e = check(&tiled(30, 30, (5, 5), &[], false)).unwrap_err();
    assert!(matches!(e, RuleError::HillCount { player: 1, .. }), "{e}");

    // Land cut into pieces: a closed ring of water around a square in both copies.
    let ring: Vec<(usize, usize)> = (14..=18)
        .flat_map(|r| (14..=18).map(move |c| (r, c)))
        .filter(|&(r, c)| r == 14 || r == 18 || c == 14 || c == 18)
        .collect();
    let e = check(&tiled(30, 30, (5, 5), &ring, true)).unwrap_err();
    assert!(
        matches!(e, RuleError::NotConnected { unreached: 18, .. }),
        "{e}"
    );

    // Enemy hills 18 steps apart, then hills 200 steps apart (8 players on 200x200, a
    // lattice of shifts by (50,50) and (0,100)).
    let e = check(&tiled(60, 18, (5, 5), &[], true)).unwrap_err();
    assert!(
        matches!(e, RuleError::HillsTooClose { steps: 18, .. }),
        "{e}"
    );
    let mut grid = vec![vec!['.'; 200]; 200];
    for k in 0..4usize {
        for j in 0..2usize {
            grid[50 * k][(50 * k + 100 * j) % 200] = char::from(b'0' + (2 * k + j) as u8);
        }
    }
    let rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let e = check(&parse(&refs, 8)).unwrap_err();
    assert!(
        matches!(e, RuleError::HillsTooFar { steps: 200, .. }),
        "{e}"
    );

    // Area bounds.
    let e = check(&parse(&["0.........", ".....1...."], 2)).unwrap_err();
    assert!(
        matches!(e, RuleError::AreaTooSmall { min: 1800, .. }),
        "{e}"
    );
}

#[test]
fn bad_parameters_are_refused_with_a_clear_error() {
    let base = Params::new(Family::Maze, 4, 1);
    let cases: Vec<(Params, &str)> = vec![
        (
            Params {
                players: 1,
                ..base.clone()
            },
            "players must be 2 to 10",
        ),
        (
            Params {
                players: 11,
                ..base.clone()
            },
            "players must be 2 to 10",
        ),
        (
            Params {
                size: Some((201, 100)),
                ..base.clone()
            },
            "rows and cols must be 1 to 200",
        ),
        (
            Params {
                size: Some((0, 100)),
                ..base.clone()
            },
            "rows and cols",
        ),
        (
            Params {
                size: Some((40, 40)),
                ..base.clone()
            },
            "area rule",
        ),
        (
            Params {
                size: Some((60, 70)),
                hills: Some(3),
                ..base.clone()
            },
            "too small for 12 hills",
        ),
        (
            Params {
                openness: Some(1.5),
                ..base.clone()
            },
            "openness",
        ),
        (
            Params {
                openness: Some(f64::NAN),
                ..base.clone()
            },
            "openness",
        ),
        (
            Params {
                hills: Some(0),
                ..base.clone()
            },
            "hills per player",
        ),
        (
            Params {
                players: 10,
                hills: Some(9),
                ..base.clone()
            },
            "more than a map may have",
        ),
        (
            Params {
                players: 5,
                symmetry: SymmetryKind::Mirror,
                ..base.clone()
            },
            "even number",
        ),
        (
            Params {
                attempts: 0,
                ..base.clone()
            },
            "attempts",
        ),
    ];
    for (params, want) in cases {
        match mapgen::generate(&params) {
            Err(MapgenError::Parameter(m)) => assert!(m.contains(want), "{m} lacks {want}"),
            Err(other) => panic!("{params:?}: {other}"),
            Ok(made) => panic!(
                "{params:?}: made a {}x{} map",
                made.map.rows(),
                made.map.cols()
            ),
        }
    }
    assert!(
        "hexagon"
            .parse::<Family>()
            .unwrap_err()
            .to_string()
            .contains("cell_maze")
    );
    assert!("spiral".parse::<SymmetryKind>().is_err());
    // A generator that cannot meet the rules says so after its attempts: a 45x200 maze
    // for 9 players whose drawn block size fits no size near it (seed 2, one attempt).
    let e = mapgen::generate(&Params {
        size: Some((45, 200)),
        hills: Some(2),
        attempts: 1,
        ..Params::new(Family::Maze, 9, 2)
    });
    match e {
        Err(MapgenError::Exhausted {
            attempts: 1, last, ..
        }) => assert!(last.contains("area rule"), "{last}"),
        Err(other) => panic!("expected exhaustion, got {other}"),
        Ok(made) => panic!(
            "expected exhaustion, got a map with {} hills",
            made.map.hills().len()
        ),
    }
}

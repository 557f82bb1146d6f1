//! Property tests: the map and replay parsers (and the replay checker behind them) never
//! panic on arbitrary or mutated input, and the map writer round-trips.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use ants::{GameConfig, Map, Replay, Tile, bots, check_replay, play_game};
use proptest::prelude::*;

const SMALL: &str = "rows 8\ncols 8\nplayers 2\nm ........\nm .0......\nm ........\nm ........\nm ........\nm .....1..\nm ........\nm ........\n";

fn small_replay_json() -> String {
    static JSON: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    JSON.get_or_init(build_replay_json).clone()
}

fn build_replay_json() -> String {
    let map = Map::parse(SMALL).unwrap();
    let config = GameConfig {
        turns: 30,
        ..GameConfig::seeded(11)
    };
    let r = play_game(
        &map,
        &config,
        vec![
            Box::new(bots::GreedyBot::hunter()) as Box<dyn ants::Bot>,
            Box::new(bots::RandomBot::default()),
        ],
    )
    .unwrap();
    serde_json::to_string(&r.replay).unwrap()
}

fn map_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("rows 3".to_owned()),
        Just("cols 4".to_owned()),
        Just("players 2".to_owned()),
        "m [.%*0-9a-jA-J?! ]{0,6}",
        "(score|hive) [-0-9 ]{0,8}",
        "#[ -~]{0,10}",
        "[ -~]{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn map_parser_never_panics(text in "\\PC{0,200}") {
        let _ = Map::parse(&text);
    }

    #[test]
    fn map_parser_never_panics_on_near_maps(lines in proptest::collection::vec(map_line(), 0..10)) {
        let text = lines.join("\n");
        if let Ok(map) = Map::parse(&text) {
            prop_assert_eq!(map.tiles().len(), (map.rows() * map.cols()) as usize);
        }
    }

    #[test]
    fn map_writer_round_trips(rows in 1u32..6, cols in 1u32..6, players in 2u8..5, seed in proptest::collection::vec(0u8..8, 36)) {
        let tiles: Vec<Tile> = (0..(rows * cols) as usize)
            .map(|i| match seed[i % seed.len()] {
                0..=2 => Tile::Land,
                3 => Tile::Water,
                4 => Tile::Food,
                5 => Tile::Hill(seed[(i + 1) % seed.len()] % players),
                6 => Tile::Ant(seed[(i + 2) % seed.len()] % players),
                _ => Tile::HillAnt(seed[(i + 3) % seed.len()] % players),
            })
            .collect();
        let map = Map::from_tiles(rows, cols, players, tiles).unwrap();
        prop_assert_eq!(Map::parse(&map.to_text()).unwrap(), map);
    }

    #[test]
    fn replay_parser_never_panics(text in "\\PC{0,200}") {
        let _ = Replay::parse(&text, Path::new("fuzz.replay"));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Replace one number of a valid replay by an arbitrary one: parsing and checking must
    /// return (an error or a report), never panic.
    #[test]
    fn mutated_replays_never_panic(which in 0usize..4000, value in prop_oneof![-3i64..40, Just(1_000_000i64), Just(-1_000_000i64)]) {
        let json = small_replay_json();
        let numbers: Vec<(usize, usize)> = {
            let b = json.as_bytes();
            let mut out = Vec::new();
            let mut i = 0;
            while i < b.len() {
                if b[i].is_ascii_digit() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    out.push((start, i));
                } else {
                    i += 1;
                }
            }
            out
        };
        let (s, e) = numbers[which % numbers.len()];
        let mutated = format!("{}{}{}", &json[..s], value, &json[e..]);
        if let Ok(replay) = Replay::parse(&mutated, Path::new("m.replay")) {
            let _ = check_replay(&replay, true);
        }
    }

    /// Replace one move character.
    #[test]
    fn mutated_moves_never_panic(which in 0usize..4000, ch in prop_oneof![Just('n'), Just('e'), Just('s'), Just('w'), Just('-')]) {
        let json = small_replay_json();
        let mut replay = Replay::parse(&json, Path::new("x")).unwrap();
        let total: usize = replay.replaydata.ants.iter().map(|a| a.5.len()).sum();
        if total > 0 {
            let mut k = which % total;
            for a in &mut replay.replaydata.ants {
                if k < a.5.len() {
                    a.5.replace_range(k..=k, &ch.to_string());
                    break;
                }
                k -= a.5.len();
            }
            let _ = check_replay(&replay, true);
        }
    }
}

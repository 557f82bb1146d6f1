//! The arena's Ants runs with engine options and the `sequential` seeding play exactly the
//! games `botforge ants tournament` plays (its seats, maps and seeds, recomputed here game
//! by game with the engine directly), and the per-seat analysis columns stored with every
//! game agree with counts taken from the game's replay.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use arena::{Config, RunOptions, Store};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn write_config(dir: &Path, name: &str, text: &str) -> Config {
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(&path, text).unwrap();
    Config::load(&path).unwrap()
}

/// The engine options of the test run, as the arena's `[options]` and as the engine's
/// parameters.
const OPTIONS: &str = "turns = 60\nturntime = 700\nfood = \"random\"\nfood_rate = [3, 4]\n\
                       attack = \"damage\"\nviewradius2 = 50\nattackradius2 = 6\n\
                       spawnradius2 = 2\nstrict = true\n";

fn engine_config(seed: u64) -> ants::GameConfig {
    ants::GameConfig {
        turns: 60,
        turntime_ms: 700,
        food: ants::FoodMethod::Random,
        food_rate: ants::Range::new(3, 4),
        attack: ants::AttackMethod::Damage,
        viewradius2: 50,
        attackradius2: 6,
        spawnradius2: 2,
        strict: true,
        ..ants::GameConfig::seeded(seed)
    }
}

#[test]
fn sequential_seeding_with_engine_options_plays_the_tournaments_games() {
    let dir = tempfile::tempdir().unwrap();
    let maps = [data("ants/maze_p02_01.map"), data("ants/maze_p04_01.map")];
    let replays = dir.path().join("replays");
    let bots = ["hunter", "greedy", "random"];
    let games = 7u32;
    let cfg = write_config(
        dir.path(),
        "seq",
        &format!(
            "game = \"ants\"\ngames = {games}\nseed = 40\nseeding = \"sequential\"\nthreads = 2\n\
             maps = [{:?}, {:?}]\nreplays = {replays:?}\n[options]\n{OPTIONS}\
             [[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"greedy\"\n[[bots]]\nname = \"random\"\n",
            maps[1], maps[0]
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let summary =
        arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((summary.played, summary.failed.len()), (7, 0));
    let stored = store.matches(Some("seq")).unwrap();
    // The tournament's rotation: game i on map (i div k) mod #maps (maps sorted), seat j
    // taken by bot (i + j) mod k, engine and player seed `seed + i`.
    let k = bots.len();
    for i in 0..games as usize {
        let map_path = &maps[(i / k) % maps.len()];
        let map = ants::Map::load(map_path).unwrap();
        let seats: Vec<&str> = (0..usize::from(map.players()))
            .map(|j| bots[(i + j) % k])
            .collect();
        let seed = 40 + i as u64;
        let entrants = seats
            .iter()
            .map(|b| ants::Entrant::InProcess(ants_bots::BOTS.build(b, ()).unwrap()))
            .collect();
        let expected = ants::play_game(&map, &engine_config(seed), entrants).unwrap();
        let game = stored
            .iter()
            .find(|g| g.seed == seed)
            .unwrap_or_else(|| panic!("no game with seed {seed}"));
        assert_eq!(Path::new(&game.map), map_path.as_path(), "game {i}");
        let got: Vec<(&str, f64, &str)> = game
            .seats
            .iter()
            .map(|s| (s.bot.as_str(), s.score, s.status.as_str()))
            .collect();
        let want: Vec<(&str, f64, &str)> = seats
            .iter()
            .enumerate()
            .map(|(j, b)| {
                (
                    *b,
                    f64::from(expected.scores[j]),
                    expected.statuses[j].as_str(),
                )
            })
            .collect();
        assert_eq!(got, want, "game {i}");
        assert_eq!(game.turns, expected.turns, "game {i}");
        // The options reached the engine, and the replay is named by the game's number.
        let replay = ants::Replay::load(&replays.join(format!("game-{i}.replay"))).unwrap();
        let d = &replay.replaydata;
        assert_eq!((d.viewradius2, d.attackradius2, d.spawnradius2), (50, 6, 2));
        assert!((3..=4).contains(&d.food_rate), "{}", d.food_rate);
        assert_eq!(d.turntime, 700);
    }
}

#[test]
fn analysis_columns_agree_with_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let map = data("ants/maze_p02_01.map");
    let replays = dir.path().join("replays");
    let cfg = write_config(
        dir.path(),
        "analysis",
        &format!(
            "game = \"ants\"\ngames = 1\nseed = 5\nmaps = [{map:?}]\nreplays = {replays:?}\n\
             [options]\nturns = 310\n\
             [[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"greedy\"\n"
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    let games = store.matches(Some("analysis")).unwrap();
    let game = &games[0];
    let replay = ants::Replay::load(Path::new(game.replay.as_ref().unwrap())).unwrap();
    let d = &replay.replaydata;
    let end = replay.game_length;
    let mut some_alive = false;
    for (p, seat) in game.seats.iter().enumerate() {
        let details = &game.details["seats"][p];
        for t in [100u32, 200, 300] {
            let alive = d
                .ants
                .iter()
                .filter(|a| usize::from(a.4) == p && a.2 <= t && a.3 > t && t <= end)
                .count();
            some_alive |= alive > 0;
            assert_eq!(
                details[format!("alive_{t}")].as_u64(),
                Some(alive as u64),
                "{} at turn {t}: {details}",
                seat.bot
            );
        }
        let hills = d
            .hills
            .iter()
            .filter(|h| h[2] == p as i64 && h[3] <= i64::from(end))
            .count();
        assert_eq!(details["hills_lost"].as_u64(), Some(hills as u64));
        assert!(details["slowest_ms"].as_f64().unwrap() >= 0.0);
        let (p50, p99, slowest) = (
            details["turn_p50_ms"].as_f64().unwrap(),
            details["turn_p99_ms"].as_f64().unwrap(),
            details["slowest_ms"].as_f64().unwrap(),
        );
        assert!(p50 <= p99 && p99 <= slowest, "{p50} {p99} {slowest}");
    }
    assert!(some_alive, "the game should have ants to count");
    // The same columns in the CSV export and in the per-bot table.
    let csv = arena::report::csv(&games);
    let header = csv.lines().next().unwrap();
    assert_eq!(
        header,
        "game,map,seed,turns,seat,bot,score,result,status,alive_100,alive_200,alive_300,hills_lost,slowest_ms,turn_p50_ms,turn_p99_ms,replay"
    );
    let row = csv.lines().nth(1).unwrap();
    let cells: Vec<&str> = row.split(',').collect();
    assert_eq!(cells[5], game.seats[0].bot);
    assert_eq!(
        cells[9],
        game.details["seats"][0]["alive_100"].to_string(),
        "{row}"
    );
    let names: Vec<String> = cfg.bots.iter().map(|b| b.name.clone()).collect();
    let table = arena::report::results_table(&arena::report::bot_results(&names, &games));
    assert!(table.contains("| hunter | 1 |"), "{table}");
    assert!(!table.contains('–'), "slowest turn recorded: {table}");
}

#[test]
fn bad_ants_options_name_the_option() {
    for (options, key) in [
        ("food = \"lots\"", "options.food"),
        ("attack = 3", "options.attack"),
        ("food_rate = [5, 2]", "options.food_rate"),
        ("viewradius2 = 9999999", "viewradius2"),
        ("strict = \"yes\"", "options.strict"),
        ("turnz = 3", "options.turnz"),
    ] {
        let table: toml::Table = toml::from_str(options).unwrap();
        let err = format!("{:#}", arena::games::player("ants", &table).err().unwrap());
        assert!(err.contains(key), "{options}: {err}");
    }
}

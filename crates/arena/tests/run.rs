//! Real arena runs: an Ants config to completion, a spe_ed config interrupted and resumed,
//! and config errors that name the key.
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

#[test]
fn ants_config_runs_to_completion_with_replays_and_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let map = data("ants/maze_p02_01.map");
    let replays = dir.path().join("replays");
    let cfg = write_config(
        dir.path(),
        "small",
        &format!(
            "game = \"ants\"\ngames = 3\nthreads = 2\nmaps = [{map:?}]\nreplays = {replays:?}\n\
             [options]\nturns = 40\n\
             [[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"greedy\"\n[[bots]]\nname = \"random\"\n"
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::open(&dir.path().join("r.db")).unwrap();
    let summary =
        arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!(
        (summary.scheduled, summary.played, summary.failed.len()),
        (3, 3, 0)
    );
    let games = store.matches(Some("small")).unwrap();
    assert_eq!(games.len(), 3);
    for g in &games {
        assert_eq!(g.seats.len(), 2);
        assert!(g.turns <= 40);
        let replay = ants::Replay::load(Path::new(g.replay.as_ref().unwrap())).unwrap();
        let report = ants::check_replay(&replay, false).unwrap();
        assert_eq!(report.turns, g.turns, "{report:?}");
    }
    // Every pair met once, with seats rotated.
    let mut pairs: Vec<String> = games
        .iter()
        .map(|g| format!("{}-{}", g.seats[0].bot, g.seats[1].bot))
        .collect();
    pairs.sort();
    assert_eq!(pairs, ["greedy-random", "hunter-greedy", "random-hunter"]);
    let standings = arena::rating::standings(&games);
    assert_eq!(standings.ratings.len(), 3);
    let total: u32 = standings
        .pairs
        .iter()
        .map(arena::rating::PairRecord::games)
        .sum();
    assert_eq!(total, 6, "each game counts once per ordered pair");
    // Same config, same seeds: a second store gets identical results.
    let mut again = Store::in_memory().unwrap();
    let mut cfg2 = cfg.clone();
    cfg2.replays = None;
    arena::runner::run(&cfg2, player.as_ref(), &mut again, &RunOptions::default()).unwrap();
    let scores = |gs: &[arena::store::StoredMatch]| -> Vec<(u64, Vec<f64>)> {
        let mut v: Vec<_> = gs
            .iter()
            .map(|g| (g.seed, g.seats.iter().map(|s| s.score).collect()))
            .collect();
        v.sort_by_key(|g| g.0);
        v
    };
    assert_eq!(scores(&again.matches(None).unwrap()), scores(&games));
}

#[test]
fn speed_config_is_interrupted_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = write_config(
        dir.path(),
        "duel",
        "game = \"speed\"\ngames = 4\nthreads = 1\nplayers = 3\n[options]\nbudget_ms = 20\n\
         [[bots]]\nname = \"nki\"\nspec = \"not-killing-itself(1,0,1)\"\n\
         [[bots]]\nname = \"random\"\n[[bots]]\nname = \"pf\"\nspec = \"pathfinding(1,5)\"\n",
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let db = dir.path().join("r.db");
    {
        let mut store = Store::open(&db).unwrap();
        let options = RunOptions {
            limit: Some(2),
            ..RunOptions::default()
        };
        let first = arena::runner::run(&cfg, player.as_ref(), &mut store, &options).unwrap();
        assert_eq!((first.played, first.skipped), (2, 0));
    }
    let mut store = Store::open(&db).unwrap();
    let second =
        arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((second.played, second.skipped), (2, 2));
    let games = store.matches(Some("duel")).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.seats.len(), 3);
        let best = g.seats.iter().map(|s| s.score).fold(f64::MIN, f64::max);
        for s in &g.seats {
            let better = g.seats.iter().filter(|o| o.score > s.score).count() as u32;
            assert_eq!(s.rank, better);
            assert_eq!(s.rank == 0, s.score >= best);
        }
    }
    let standings = arena::rating::standings(&games);
    assert_eq!(standings.ratings.len(), 3);
    assert!(standings.ratings.iter().all(|r| r.games == 4));
}

#[test]
fn config_errors_name_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.toml");
    for (text, key) in [
        ("game = \"ants\"\n[[bots]]\nname = \"a\"\n", "games"),
        (
            "game = \"ants\"\ngames = 1\nthreads = \"two\"\n[[bots]]\nname = \"a\"\n",
            "threads",
        ),
        ("game = \"ants\"\ngames = 1\n[[bots]]\nnam = \"a\"\n", "nam"),
        (
            "game = \"ants\"\ngames = 1\n[[bots]\nname = \"a\"\n",
            "line 3",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let err = Config::load(&path).unwrap_err().to_string();
        assert!(
            err.contains(key) && err.contains("bad.toml"),
            "{key}: {err}"
        );
    }
    let e = arena::games::player("ants", &toml::from_str("turnz = 3").unwrap())
        .err()
        .unwrap();
    assert!(e.to_string().contains("options.turnz"), "{e}");
    let cfg = write_config(
        dir.path(),
        "unknown",
        "game = \"ants\"\ngames = 1\nmaps = [\"nothing-*.map\"]\n[[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"nobody\"\n",
    );
    let player = arena::games::player("ants", &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let e =
        arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap_err();
    assert!(format!("{e:#}").contains("bots[1]"), "{e:#}");
}

#[test]
fn economy_agents_share_one_game_and_budget_mode_is_reproducible() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = write_config(
        dir.path(),
        "eco",
        "game = \"economy\"\ngames = 2\nthreads = 2\n[options]\ngoal = 300\nexpansions = 150\nmax_rounds = 60\n\
         [[bots]]\nname = \"gold\"\n[[bots]]\nname = \"analyzer\"\nspec = \"game-analyzer\"\n",
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let play = || {
        let mut store = Store::in_memory().unwrap();
        arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
        let mut games = store.matches(None).unwrap();
        games.sort_by_key(|g| g.seed);
        games
    };
    let games = play();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.seats.len(), 2, "every agent sits in every game");
        for s in &g.seats {
            let better = g.seats.iter().filter(|o| o.score > s.score).count() as u32;
            assert_eq!(s.rank, better);
        }
    }
    let again = play();
    let scores = |gs: &[arena::store::StoredMatch]| -> Vec<Vec<f64>> {
        gs.iter()
            .map(|g| g.seats.iter().map(|s| s.score).collect())
            .collect()
    };
    assert_eq!(scores(&games), scores(&again));
}

/// A parameter sweep point (what the removed `sweep` example played: one case, a budget per
/// round, one bot capped below it) as an arena config: every stored game equals
/// `economy::play_game` with the same case, budget, seed, game index and bots.
#[test]
fn economy_case_and_caps_reproduce_play_game() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = write_config(
        dir.path(),
        "sweep",
        "game = \"economy\"\ngames = 2\n[options]\ncase = 1\nexpansions = 300\nmax_rounds = 300\n\
         [[bots]]\nname = \"gold\"\n[[bots]]\nname = \"score\"\n\
         [[bots]]\nname = \"ga-capped\"\nspec = \"game-analyzer(max_expansions=50)\"\n",
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    let stored = store.matches(None).unwrap();
    let jobs = arena::schedule::jobs(&cfg, player.as_ref()).unwrap();
    assert_eq!((stored.len(), jobs.len()), (2, 2));
    let world = std::sync::Arc::new(
        economy::loader::load_str(economy::EXAMPLE_WORLD, "w")
            .unwrap()
            .world,
    );
    for job in &jobs {
        let bots = job
            .specs
            .iter()
            .map(|s| economy::build_bot(s).unwrap())
            .collect();
        let options = economy::PlayOptions {
            case: economy::experiment::CASES[1],
            mode: economy::experiment::Mode::Budget(300),
            seed: job.seed,
            game: job.index,
            max_rounds: 300,
        };
        let direct = economy::play_game(&world, bots, &options);
        // Seats rotate between games: find the capped bot's seat.
        let capped = job
            .specs
            .iter()
            .position(|s| s.contains("max_expansions"))
            .unwrap();
        assert!(
            direct.expanded[capped] <= 50 * u64::from(direct.thought[capped]),
            "capped: {direct:?}"
        );
        let game = stored.iter().find(|m| m.seed == job.seed).unwrap();
        let scores: Vec<f64> = game.seats.iter().map(|s| s.score).collect();
        let expected: Vec<f64> = direct
            .rounds
            .iter()
            .map(|r| -f64::from(r.unwrap_or(301)))
            .collect();
        assert_eq!(scores, expected, "game {}", job.index);
        assert_eq!(Some(game.turns), direct.best());
    }
}

#[test]
fn wumpus_agents_play_the_same_worlds() {
    let dir = tempfile::tempdir().unwrap();
    let world = data("wumpus/corridor.wum");
    let cfg = write_config(
        dir.path(),
        "wum",
        &format!(
            "game = \"wumpus\"\ngames = 3\nmaps = [{world:?}]\n\
             [[bots]]\nname = \"reference\"\n[[bots]]\nname = \"champion\"\n"
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((s.played, s.failed.len()), (3, 0));
    let games = store.matches(None).unwrap();
    for g in &games {
        let bots: Vec<&str> = g.seats.iter().map(|s| s.bot.as_str()).collect();
        assert_eq!(bots.len(), 2);
        assert!(bots.contains(&"reference") && bots.contains(&"champion"));
    }
    // A generated world per game when no maps are given.
    let cfg = write_config(
        dir.path(),
        "gen",
        "game = \"wumpus\"\ngames = 2\n[options]\npreset = \"small\"\n[[bots]]\nname = \"reference\"\n[[bots]]\nname = \"champion\"\n",
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!(s.played, 2);
}

#[test]
fn thesis_visualizer_lines_are_written_beside_the_replay() {
    let dir = tempfile::tempdir().unwrap();
    let map = data("ants/maze_p02_01.map");
    let replays = dir.path().join("replays");
    let cfg = write_config(
        dir.path(),
        "notes",
        &format!(
            "game = \"ants\"\ngames = 1\nmaps = [{map:?}]\nreplays = {replays:?}\n[options]\nturns = 15\n\
             [[bots]]\nname = \"thesis\"\nspec = \"thesis(visualize=true)\"\n[[bots]]\nname = \"hold\"\n"
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    let game = &store.matches(None).unwrap()[0];
    let replay = PathBuf::from(game.replay.as_ref().unwrap());
    let side = replay.with_extension("visualizer.json");
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&side).unwrap()).unwrap();
    assert_eq!(file["format"], ants::game::VISUALIZER_FORMAT);
    assert_eq!(file["players"], 2);
    let turns = file["turns"].as_array().unwrap();
    assert!(!turns.is_empty());
    for t in turns {
        assert_eq!(t["player"], 0, "only the thesis bot shows its plans");
        assert!(t["turn"].as_u64().unwrap() < u64::from(game.turns));
        for line in t["lines"].as_array().unwrap() {
            let line = line.as_str().unwrap();
            assert!(ants::visual::Command::parse(line).is_ok(), "{line}");
        }
    }
    assert!(!replay.with_extension("annotations.json").exists());
}

#[test]
fn speed_eval_series_interrupted_and_resumed_equals_an_uninterrupted_one() {
    use arena::games::speed::EvalPlayer;
    use arena::runner::{Batch, run_jobs};
    let cfg = speed::eval::EvalConfig {
        games: 7,
        ais: vec![
            "random".into(),
            "not-killing-itself(1,0,2)".into(),
            "pathfinding(2,20)".into(),
        ],
        players: Some(2),
        seed: 5,
        budget: std::time::Duration::from_secs(2),
        board: Some((30, 24)),
    };
    let player = EvalPlayer::new(cfg.clone()).unwrap();
    let batch = Batch {
        run: "eval".into(),
        game: "speed".into(),
        threads: 2,
        replays: None,
    };
    let limit = |n| RunOptions {
        limit: Some(n),
        ..RunOptions::default()
    };
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("eval.db");
    // Interrupted after 3 games; the store is closed and reopened before resuming.
    {
        let mut store = Store::open(&db).unwrap();
        let s = run_jobs(
            &batch,
            player.jobs("eval").unwrap(),
            &player,
            &mut store,
            &limit(3),
        );
        assert_eq!(s.unwrap().played, 3);
        assert_eq!(player.results(&store, "eval").unwrap().len(), 3);
    }
    let mut store = Store::open(&db).unwrap();
    let s = run_jobs(
        &batch,
        player.jobs("eval").unwrap(),
        &player,
        &mut store,
        &RunOptions::default(),
    )
    .unwrap();
    assert_eq!((s.scheduled, s.skipped, s.played), (7, 3, 4));
    let resumed = player.results(&store, "eval").unwrap();

    let mut fresh = Store::in_memory().unwrap();
    run_jobs(
        &batch,
        player.jobs("eval").unwrap(),
        &player,
        &mut fresh,
        &RunOptions::default(),
    )
    .unwrap();
    let whole = player.results(&fresh, "eval").unwrap();
    // Everything but the measured decision times is identical, game by game.
    let key = |r: &speed::eval::EvalGame| {
        (
            r.index,
            r.seed,
            r.width,
            r.height,
            r.rounds,
            r.participants.clone(),
            r.winner,
        )
    };
    assert_eq!(resumed.len(), 7);
    assert_eq!(
        resumed.iter().map(key).collect::<Vec<_>>(),
        whole.iter().map(key).collect::<Vec<_>>()
    );
    // … and equal to playing the series directly.
    for r in &whole {
        assert_eq!(
            key(r),
            key(&speed::eval::play_eval_game(&cfg, r.index).unwrap())
        );
    }
    let counts = |rs: &[speed::eval::EvalGame]| -> Vec<(String, usize, usize, usize)> {
        speed::eval::summarize(&cfg, rs)
            .into_iter()
            .map(|s| (s.bot, s.games, s.wins, s.draws))
            .collect()
    };
    assert_eq!(counts(&resumed), counts(&whole));
    assert_eq!(counts(&whole).iter().map(|c| c.1).sum::<usize>(), 14);
    // A changed series does not reuse the stored games.
    let other = EvalPlayer::new(speed::eval::EvalConfig { seed: 6, ..cfg }).unwrap();
    assert!(other.results(&store, "eval").unwrap().is_empty());
}

#[test]
fn ants_config_seats_an_external_program() {
    let python = std::process::Command::new("python3")
        .arg("-c")
        .arg("pass")
        .status()
        .is_ok_and(|s| s.success());
    assert!(
        python,
        "python3 not found: this test runs a Python bot (.ci/run installs Debian's python3)"
    );
    let dir = tempfile::tempdir().unwrap();
    let bot = dir.path().join("holder.py");
    std::fs::write(
        &bot,
        "import sys\nfor line in sys.stdin:\n    if line.strip() in ('ready', 'go'):\n        \
         sys.stdout.write('go\\n')\n        sys.stdout.flush()\n",
    )
    .unwrap();
    let map = data("ants/maze_p02_01.map");
    let cfg = write_config(
        dir.path(),
        "external",
        &format!(
            "game = \"ants\"\ngames = 2\nthreads = 1\nmaps = [{map:?}]\n[options]\nturns = 30\n\
             [[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"holder\"\nspec = \"cmd:python3 {}\"\n",
            bot.display()
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::open(&dir.path().join("r.db")).unwrap();
    let summary =
        arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((summary.played, summary.failed.len()), (2, 0));
    for g in store.matches(Some("external")).unwrap() {
        let holder = g.seats.iter().find(|s| s.bot == "holder").unwrap();
        assert_eq!(holder.status, "survived", "{g:?}");
    }
}

#[test]
fn a_readme_in_a_maps_directory_is_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let maps = dir.path().join("maps");
    std::fs::create_dir(&maps).unwrap();
    std::fs::copy(data("ants/maze_p02_01.map"), maps.join("a.map")).unwrap();
    std::fs::write(maps.join("readme.txt"), "where these maps come from\n").unwrap();
    std::fs::create_dir(maps.join("more")).unwrap();
    std::fs::copy(
        data("ants/maze_p02_01.map"),
        maps.join("more").join("b.map"),
    )
    .unwrap();
    let cfg = write_config(
        dir.path(),
        "readme",
        "game = \"ants\"\ngames = 1\nmaps = [\"maps\"]\n[[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"greedy\"\n",
    );
    let found = arena::runner::resolve_maps(&cfg).unwrap();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].ends_with("a.map"), "{found:?}");
    assert!(
        found[1].ends_with("more/b.map"),
        "boards in subdirectories: {found:?}"
    );
}

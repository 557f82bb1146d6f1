//! Workers sharing one PostgreSQL database: every scheduled game stored exactly once, a
//! dead worker's game replayed after its lease, reports read from PostgreSQL.
//!
//! These tests need a server: `BOTFORGE_TEST_PG` holds its URL (`.ci/run` starts one and
//! sets it; `source .ci/postgres.sh` does the same in a shell). Without it they fail,
//! saying so. Each test uses run names of its own, so they can share the database and run
//! in parallel.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, HashSet};
use std::path::Path;
use std::time::Duration;

use arena::store::any::AnyStore;
use arena::store::pg::PgStore;
use arena::work::{WorkOptions, register, work};
use arena::{Config, RunOptions, Store};

#[path = "support/pg_env.rs"]
mod pg_env;
use pg_env::pg_url;

/// A run name no other test (or earlier test run on the same database) uses.
fn unique(base: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{base}-{}-{nanos}", std::process::id())
}

/// Cheap Wumpus games on generated worlds with deterministic agents.
fn config(run: &str, games: u32) -> (Config, String) {
    let text = format!(
        "name = {run:?}\ngame = \"wumpus\"\ngames = {games}\nseed = 5\nthreads = 1\n\
         [options]\npreset = \"small\"\n\
         [[bots]]\nname = \"reference\"\n[[bots]]\nname = \"champion\"\n"
    );
    (Config::parse(&text, Path::new("pg.toml")).unwrap(), text)
}

fn options(worker: &str, run: &str, lease: Duration) -> WorkOptions {
    let mut o = WorkOptions::new(worker.to_owned());
    o.run = Some(run.to_owned());
    o.threads = 1;
    o.lease = lease;
    o.poll = Duration::from_millis(100);
    o
}

/// Scores by job key from a store's games.
fn scores(games: &[arena::store::StoredMatch]) -> BTreeMap<(u64, String), Vec<(String, f64)>> {
    games
        .iter()
        .map(|g| {
            (
                (g.seed, g.map.clone()),
                g.seats.iter().map(|s| (s.bot.clone(), s.score)).collect(),
            )
        })
        .collect()
}

#[test]
fn a_coordinator_and_two_workers_store_every_game_once() {
    let url = pg_url();
    let run = unique("share");
    let (cfg, text) = config(&run, 12);
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = PgStore::connect(&url).unwrap();
    let registered = register(
        &mut store,
        &cfg,
        &text,
        Path::new("pg.toml"),
        player.as_ref(),
    )
    .unwrap();
    assert_eq!((registered.scheduled, registered.done), (12, 0));
    let lease = Duration::from_secs(30);
    let summaries: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = ["coordinator", "worker-1", "worker-2"]
            .into_iter()
            .map(|w| {
                let (url, run) = (&url, &run);
                s.spawn(move || work(url, &options(w, run, lease)).unwrap())
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let played: usize = summaries.iter().map(|s| s.played).sum();
    assert_eq!(played, 12, "{summaries:?}");
    assert!(
        summaries
            .iter()
            .all(|s| s.failed.is_empty() && s.lost.is_empty())
    );

    // Every scheduled game exactly once.
    let jobs = arena::runner::schedule(&cfg, player.as_ref()).unwrap();
    let games = store.matches(Some(&run)).unwrap();
    assert_eq!(games.len(), jobs.len());
    let keys = store.done_keys(&run).unwrap();
    let scheduled: HashSet<String> = jobs.iter().map(|j| j.key.clone()).collect();
    assert_eq!(keys, scheduled);
    assert!(store.attempts(&run).unwrap().iter().all(|(_, n)| *n == 1));
    assert_eq!(store.pending(Some(&run)).unwrap().total, 0);

    // Same results as a single-process SQLite run of the same config and seeds.
    let mut sqlite = Store::in_memory().unwrap();
    arena::runner::run(&cfg, player.as_ref(), &mut sqlite, &RunOptions::default()).unwrap();
    let local = sqlite.matches(Some(&run)).unwrap();
    assert_eq!(scores(&games), scores(&local));
    assert_eq!(
        arena::report::text(&arena::rating::standings(&games)),
        arena::report::text(&arena::rating::standings(&local))
    );

    // Registering again (a resumed coordinator) adds nothing and sees every game done.
    let again = register(
        &mut store,
        &cfg,
        &text,
        Path::new("pg.toml"),
        player.as_ref(),
    )
    .unwrap();
    assert_eq!((again.scheduled, again.done), (12, 12));
    let summary = work(&url, &options("late", &run, lease)).unwrap();
    assert_eq!(summary.played, 0);
}

#[test]
fn a_dead_workers_game_is_replayed_after_its_lease_and_stored_once() {
    let url = pg_url();
    let run = unique("dead");
    let (cfg, text) = config(&run, 4);
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = PgStore::connect(&url).unwrap();
    register(
        &mut store,
        &cfg,
        &text,
        Path::new("pg.toml"),
        player.as_ref(),
    )
    .unwrap();

    // A worker claims a game with a one-second lease and dies (never renews or finishes).
    let dead = store
        .claim("dead", Some(&run), Duration::from_secs(1))
        .unwrap()
        .unwrap();
    // While the lease runs, nobody else gets that game.
    let other = store
        .claim("probe", Some(&run), Duration::from_secs(30))
        .unwrap()
        .unwrap();
    assert_ne!(other.job.key, dead.job.key);
    let r = player.play(&other.job, None).unwrap();
    assert!(store.finish("probe", &other, &r).unwrap());

    let started = std::time::Instant::now();
    let summary = work(&url, &options("survivor", &run, Duration::from_secs(30))).unwrap();
    assert_eq!(summary.played, 3, "{summary:?}");
    assert!(started.elapsed() < Duration::from_secs(20));
    let attempts: BTreeMap<String, u32> = store.attempts(&run).unwrap().into_iter().collect();
    assert_eq!(
        attempts[&dead.job.key], 2,
        "replayed once after the lease ran out"
    );

    // The dead worker comes back late with a result: it is dropped, not stored twice.
    let late = player.play(&dead.job, None).unwrap();
    assert!(!store.finish("dead", &dead, &late).unwrap());
    let games = store.matches(Some(&run)).unwrap();
    assert_eq!(games.len(), 4);
    let keys = store.done_keys(&run).unwrap();
    assert_eq!(keys.len(), 4);

    // A report reads the PostgreSQL store like a SQLite one.
    let mut any = AnyStore::open_existing(&url).unwrap();
    assert!(any.runs().unwrap().contains(&run));
    let read = any.matches(Some(&run)).unwrap();
    assert_eq!(read, games);
    let table = arena::report::text(&arena::rating::standings(&read));
    assert!(
        table.contains("reference") && table.contains("champion"),
        "{table}"
    );
}

#[test]
fn a_run_of_another_game_under_the_same_name_is_refused() {
    let url = pg_url();
    let run = unique("clash");
    let (cfg, text) = config(&run, 1);
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = PgStore::connect(&url).unwrap();
    register(
        &mut store,
        &cfg,
        &text,
        Path::new("pg.toml"),
        player.as_ref(),
    )
    .unwrap();
    let other =
        format!("name = {run:?}\ngame = \"economy\"\ngames = 1\n[[bots]]\nname = \"gold\"\n");
    let ocfg = Config::parse(&other, Path::new("o.toml")).unwrap();
    let oplayer = arena::games::player(&ocfg.game, &ocfg.options).unwrap();
    let Err(e) = register(
        &mut store,
        &ocfg,
        &other,
        Path::new("o.toml"),
        oplayer.as_ref(),
    ) else {
        panic!("a run of another game was registered under the same name");
    };
    assert!(format!("{e:#}").contains("is a wumpus run"), "{e:#}");
    // A worker for an unknown run says so instead of waiting.
    let e = work(
        &url,
        &options("w", &unique("nothing"), Duration::from_secs(5)),
    )
    .unwrap_err();
    assert!(format!("{e:#}").contains("not registered"), "{e:#}");
}

/// Two coordinators registering one new run at once both succeed (one inserts, the other
/// finds the row; it used to be a raw "duplicate key … arena_runs_pkey"); a config whose
/// games mean something else (another seed, another spec under a bot's name) is refused,
/// one that only adds games is not.
#[test]
fn runs_register_concurrently_and_refuse_a_config_of_other_games() {
    let url = pg_url();
    let run = unique("race");
    let (cfg, text) = config(&run, 2);
    let handles: Vec<_> = (0..4)
        .map(|_| {
            let (url, cfg, text) = (url.clone(), cfg.clone(), text.clone());
            std::thread::spawn(move || {
                let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
                let mut store = PgStore::connect(&url).unwrap();
                register(
                    &mut store,
                    &cfg,
                    &text,
                    Path::new("pg.toml"),
                    player.as_ref(),
                )
                .map(|r| r.scheduled)
                .map_err(|e| format!("{e:#}"))
            })
        })
        .collect();
    for h in handles {
        assert_eq!(h.join().unwrap(), Ok(2));
    }
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = PgStore::connect(&url).unwrap();
    let more = text.replace("games = 2", "games = 3");
    let mcfg = Config::parse(&more, Path::new("pg.toml")).unwrap();
    let r = register(
        &mut store,
        &mcfg,
        &more,
        Path::new("pg.toml"),
        player.as_ref(),
    )
    .unwrap();
    assert_eq!(r.scheduled, 3);
    for (from, to, why) in [
        ("seed = 5", "seed = 6", "`seed` was 5, now 6"),
        (
            "name = \"champion\"\n",
            "name = \"champion\"\nspec = \"reference\"\n",
            "bot `champion`",
        ),
    ] {
        let other = more.replace(from, to);
        let ocfg = Config::parse(&other, Path::new("pg.toml")).unwrap();
        let e = register(
            &mut store,
            &ocfg,
            &other,
            Path::new("pg.toml"),
            player.as_ref(),
        )
        .map(|_| ())
        .unwrap_err();
        assert!(format!("{e:#}").contains(why), "{e:#}");
    }
}

#[test]
fn a_decided_sprt_stops_the_games_workers_share() {
    let url = pg_url();
    let run = unique("sprt");
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ants/maze_p02_01.map");
    let text = format!(
        "name = {run:?}\ngame = \"ants\"\ngames = 40\nseed = 2011\nmaps = [{map:?}]\n\
         [options]\nturns = 150\n\
         [[bots]]\nname = \"champion\"\n[[bots]]\nname = \"random\"\n\
         [sprt]\nelo0 = 0\nelo1 = 200\n"
    );
    let cfg = Config::parse(&text, Path::new("sprt.toml")).unwrap();
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = PgStore::connect(&url).unwrap();
    let registered = register(
        &mut store,
        &cfg,
        &text,
        Path::new("sprt.toml"),
        player.as_ref(),
    )
    .unwrap();
    assert_eq!((registered.scheduled, registered.done), (40, 0));
    // Two workers share the run; each ends once nothing is pending.
    let summaries: Vec<_> = std::thread::scope(|s| {
        let workers: Vec<_> = ["w1", "w2"]
            .iter()
            .map(|w| {
                let o = options(&format!("{run}-{w}"), &run, Duration::from_mins(1));
                let url = url.clone();
                s.spawn(move || work(&url, &o).unwrap())
            })
            .collect();
        workers.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let games = store.matches(Some(&run)).unwrap();
    let played: usize = summaries.iter().map(|s| s.played).sum();
    assert_eq!(played, games.len(), "{summaries:?}");
    assert!(
        summaries.iter().all(|s| s.failed.is_empty()),
        "{summaries:?}"
    );
    let monitor = arena::sprt_run::Monitor::from_games(&cfg, &games).unwrap();
    assert_eq!(monitor.analysis().verdict, arena::sprt::Verdict::H1);
    assert!(
        games.len() < 30,
        "the test decides after about 16 games; {} were played",
        games.len()
    );
    let stopped = store.stopped(&run).unwrap();
    assert_eq!(stopped as usize + games.len(), 40);
    assert_eq!(store.pending(Some(&run)).unwrap().total, 0);
    // Registering the run again keeps the decided run stopped; a worker finds nothing.
    register(
        &mut store,
        &cfg,
        &text,
        Path::new("sprt.toml"),
        player.as_ref(),
    )
    .unwrap();
    assert_eq!(store.stopped(&run).unwrap(), stopped);
    let again = work(
        &url,
        &options(&format!("{run}-w3"), &run, Duration::from_mins(1)),
    )
    .unwrap();
    assert_eq!(again.played, 0);
    // Narrower bounds the stored games no longer decide make the stopped games pending.
    let narrow = text.replace("elo1 = 200", "elo1 = 2");
    let cfg = Config::parse(&narrow, Path::new("sprt.toml")).unwrap();
    register(
        &mut store,
        &cfg,
        &narrow,
        Path::new("sprt.toml"),
        player.as_ref(),
    )
    .unwrap();
    assert_eq!(store.stopped(&run).unwrap(), 0);
    assert_eq!(store.pending(Some(&run)).unwrap().total, stopped);
}

//! Wumpus in the arena: bots are built only through the catalogue `wumpus::agents::BOTS`
//! (every name is accepted, unknown names are refused with the catalogue's list), bots with
//! parameters play exactly as built from their spec, and the bundled parameter sweep
//! `data/arena/wumpus-tune.toml` runs.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::float_cmp)]

use std::path::{Path, PathBuf};

use arena::{Config, RunOptions, Store};
use wumpus::agents::BOTS;

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(rel)
}

fn player() -> Box<dyn arena::runner::GamePlayer> {
    arena::games::player("wumpus", &toml::Table::new()).unwrap()
}

#[test]
fn the_arena_accepts_exactly_the_catalogue() {
    let p = player();
    for name in BOTS.names() {
        p.check_bot(name).unwrap();
    }
    p.check_bot("champion(win_chance=0.5,risk_weight=300)")
        .unwrap();
    p.check_bot("mine=cmd:sh -c true").unwrap();
    let e = format!("{:#}", p.check_bot("oracle").unwrap_err());
    assert!(
        e.contains(&format!("known: {}", BOTS.names().join(", "))),
        "{e}"
    );
    let e = format!("{:#}", p.check_bot("champion(pit_prior=0)").unwrap_err());
    assert!(e.contains("must be within"), "{e}");
}

#[test]
fn the_tuning_sweep_runs_and_each_variant_plays_its_spec() {
    let path = data("arena/wumpus-tune.toml");
    let cfg = Config::load(&path).unwrap();
    let p = arena::games::player(&cfg.game, &cfg.options).unwrap();
    assert!(cfg.bots.len() >= 3);
    for bot in &cfg.bots {
        p.check_bot(bot.spec()).unwrap();
    }
    // The same sweep, shortened to two small worlds.
    let text = std::fs::read_to_string(&path)
        .unwrap()
        .replace("games = 200", "games = 2")
        .replace("preset = \"medium\"", "preset = \"small\"");
    let dir = tempfile::tempdir().unwrap();
    let short = dir.path().join("wumpus-tune.toml");
    std::fs::write(&short, text).unwrap();
    let cfg = Config::load(&short).unwrap();
    let p = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, p.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!((s.played, s.failed.len()), (2, 0));
    for m in store.matches(None).unwrap() {
        let world = wumpus::generate(&wumpus::Preset::Small.params(m.seed)).unwrap();
        assert_eq!(m.seats.len(), cfg.bots.len());
        for seat in &m.seats {
            let entry = cfg.bots.iter().find(|b| b.name == seat.bot).unwrap();
            let mut bot = BOTS.build(entry.spec(), ()).unwrap();
            let local = wumpus::play_game(
                &mut wumpus::Game::new(&world, m.seed),
                &mut bot,
                |_, _, _| {},
            );
            assert_eq!(seat.score, local.result.score as f64, "{}", seat.bot);
        }
    }
}

//! A `contest` run on the official map pool: every game's map is drawn from the pool, its
//! seats from the bots, the run resumes by its keys, the report shows the 2011 ladder and
//! the top shares per player-count band and map type, and the serial-thinking rule is
//! recorded with every game.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use arena::{Config, RunOptions, Store};

fn maps_dir() -> String {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ants/maps");
    assert!(
        dir.is_dir(),
        "the official maps are missing: {}",
        dir.display()
    );
    dir.to_string_lossy().into_owned()
}

fn contest_config(dir: &Path, games: u32, serial: &str) -> Config {
    let text = format!(
        "name = \"contest\"\ngame = \"ants\"\nschedule = \"contest\"\ngames = {games}\nseed = 7\n\
         threads = 2\n{serial}\nmaps = [{:?}]\n[options]\nturns = 12\nturntime = 200\n\
         [[bots]]\nname = \"hunter\"\n[[bots]]\nname = \"greedy\"\n[[bots]]\nname = \"lefty\"\n",
        maps_dir()
    );
    let path = dir.join("contest.toml");
    std::fs::write(&path, text).unwrap();
    Config::load(&path).unwrap()
}

#[test]
fn a_contest_run_draws_maps_and_seats_and_reports_the_2011_ladder() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = contest_config(dir.path(), 6, "serial = true");
    let player = arena::games::player_for(&cfg, cfg.threads).unwrap();
    let jobs = arena::runner::schedule(&cfg, player.as_ref()).unwrap();
    assert_eq!(jobs.len(), 6);
    // The pool holds every official map: the draw visits several of its seat counts.
    let counts: std::collections::BTreeSet<usize> =
        arena::runner::schedule(&contest_config(dir.path(), 300, ""), player.as_ref())
            .unwrap()
            .iter()
            .map(|j| j.seats.len())
            .collect();
    assert!(
        counts.len() >= 8 && counts.contains(&2) && counts.contains(&10),
        "{counts:?}"
    );
    let mut store = Store::in_memory().unwrap();
    let options = RunOptions::default();
    let first = arena::runner::run(&cfg, player.as_ref(), &mut store, &options).unwrap();
    assert_eq!((first.played, first.failed.len()), (6, 0), "{first:?}");
    let again = arena::runner::run(&cfg, player.as_ref(), &mut store, &options).unwrap();
    assert_eq!((again.played, again.skipped), (0, 6));
    let games = store.matches(Some("contest")).unwrap();
    assert_eq!(games.len(), 6);
    for g in &games {
        assert_eq!(g.details["serial"], serde_json::json!(true), "{}", g.key);
        let j = jobs
            .iter()
            .find(|j| j.key == g.key)
            .expect("a scheduled game");
        assert_eq!((g.seats.len(), &g.map), (j.seats.len(), &j.map));
    }
    let text = arena::contest::text(&games).expect("a contest run is reported");
    assert!(text.contains("TrueSkill on the 2011 scale"), "{text}");
    for bot in ["hunter", "greedy", "lefty"] {
        assert!(text.contains(&format!(" {bot} |")), "{bot}: {text}");
    }
    assert!(text.contains("| **first** |"), "{text}");
    assert_eq!(
        arena::contest::params(&games),
        arena::rating::TrueSkillParams::CONTEST_2011
    );
    let ladder = arena::contest::ladder(&games);
    let played: u32 = ladder.ratings.iter().map(|r| r.games).sum();
    let seats_by_bot: usize = games
        .iter()
        .map(|g| {
            let mut b: Vec<&str> = g.seats.iter().map(|s| s.bot.as_str()).collect();
            b.sort_unstable();
            b.dedup();
            b.len()
        })
        .sum();
    assert_eq!(played as usize, seats_by_bot);
}

#[test]
fn without_the_key_games_think_serially_when_seats_outnumber_their_cores() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = contest_config(dir.path(), 3, "");
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let rule = arena::games::ants::Serial::rule(&cfg, cfg.threads, cores);
    let player = arena::games::player_for(&cfg, cfg.threads).unwrap();
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    assert_eq!(s.played, 3);
    for g in store.matches(Some("contest")).unwrap() {
        assert_eq!(
            g.details["serial"],
            serde_json::json!(rule.applies(g.seats.len())),
            "{} on {cores} cores",
            g.key
        );
    }
}

//! The SPRT in runs: a clearly decided match stops early and a resumed run plays nothing
//! more; a real Ants match (champion vs random) accepts H1 within a handful of games; and a
//! simulation of thousands of tests on a synthetic game of known strength shows the
//! false-positive rate near `alpha` and the power near `1 − beta`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;

use arena::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};
use arena::sprt::{SprtConfig, Tally, Verdict, analyze};
use arena::sprt_run::Monitor;
use arena::{Config, RunOptions, Store};
use rand::{Rng, SeedableRng};

/// A two-seat game the bot named `strong` always wins.
struct Lopsided;

impl GamePlayer for Lopsided {
    fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
        Ok(Seats::Fixed(2))
    }
    fn check_bot(&self, _spec: &str) -> anyhow::Result<()> {
        Ok(())
    }
    fn play(&self, job: &Job, _: Option<&Path>) -> anyhow::Result<MatchResult> {
        Ok(MatchResult {
            turns: 1,
            outcome: "done".into(),
            replay: None,
            details: serde_json::Value::Null,
            seats: job
                .seats
                .iter()
                .map(|b| SeatResult {
                    bot: b.clone(),
                    score: f64::from(u8::from(b == "strong")),
                    rank: u32::from(b != "strong"),
                    status: "ok".into(),
                })
                .collect(),
        })
    }
}

fn config(dir: &Path, text: &str) -> Config {
    let path = dir.join("match.toml");
    std::fs::write(&path, text).unwrap();
    Config::load(&path).unwrap()
}

#[test]
fn a_clearly_decided_match_stops_early_and_stays_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(
        dir.path(),
        "game = \"ants\"\ngames = 400\nthreads = 2\n\
         [[bots]]\nname = \"strong\"\n[[bots]]\nname = \"weak\"\n\
         [sprt]\nelo0 = 0\nelo1 = 100\n",
    );
    let db = dir.path().join("r.db");
    let mut store = Store::open(&db).unwrap();
    let s = arena::runner::run(&cfg, &Lopsided, &mut store, &RunOptions::default()).unwrap();
    assert_eq!(s.scheduled, 400);
    // Ten won pairs decide [0, 100]; the two threads may finish a few games already begun.
    assert!((20..=30).contains(&s.played), "{s:?}");
    let games = store.matches(Some("match")).unwrap();
    assert_eq!(games.len(), s.played, "every game begun is stored");
    let a = Monitor::from_games(&cfg, &games).unwrap().analysis();
    assert_eq!(a.verdict, Verdict::H1, "{a:?}");
    assert!(a.llr >= a.upper);
    assert!(a.tally.pairs.unwrap()[4] >= 10, "{a:?}");
    drop(store);
    // A resumed run recomputes the state from the store and plays nothing more.
    let mut store = Store::open(&db).unwrap();
    let again = arena::runner::run(&cfg, &Lopsided, &mut store, &RunOptions::default()).unwrap();
    assert_eq!((again.skipped, again.played), (s.played, 0));
}

#[test]
fn an_undecided_match_ends_at_the_game_limit() {
    let dir = tempfile::tempdir().unwrap();
    let cfg = config(
        dir.path(),
        "game = \"ants\"\ngames = 6\nthreads = 2\n\
         [[bots]]\nname = \"strong\"\n[[bots]]\nname = \"weak\"\n[sprt]\n",
    );
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, &Lopsided, &mut store, &RunOptions::default()).unwrap();
    assert_eq!(s.played, 6);
    let games = store.matches(None).unwrap();
    let a = Monitor::from_games(&cfg, &games).unwrap().analysis();
    assert_eq!(a.verdict, Verdict::Continue, "{a:?}");
    assert_eq!(a.tally.pairs, Some([0, 0, 0, 0, 3]));
}

#[test]
fn champion_beats_random_within_a_handful_of_ants_games() {
    let dir = tempfile::tempdir().unwrap();
    let map = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/ants/maze_p02_01.map");
    let cfg = config(
        dir.path(),
        &format!(
            "game = \"ants\"\ngames = 40\nthreads = 2\nmaps = [{map:?}]\n\
             [options]\nturns = 150\n\
             [[bots]]\nname = \"champion\"\n[[bots]]\nname = \"random\"\n\
             [sprt]\nelo0 = 0\nelo1 = 200\n"
        ),
    );
    let player = arena::games::player(&cfg.game, &cfg.options).unwrap();
    let mut store = Store::in_memory().unwrap();
    let s = arena::runner::run(&cfg, player.as_ref(), &mut store, &RunOptions::default()).unwrap();
    let games = store.matches(None).unwrap();
    let a = Monitor::from_games(&cfg, &games).unwrap().analysis();
    assert_eq!(a.verdict, Verdict::H1, "{a:?}");
    assert!(s.played < 40, "stopped early: {s:?}");
}

/// One simulated test: games of a trinomial with the given (loss, draw, win) probabilities,
/// evaluated after every `step` games, up to `limit` games.
fn simulate(
    rng: &mut rand_chacha::ChaCha8Rng,
    probs: [f64; 3],
    cfg: &SprtConfig,
    step: u64,
    limit: u64,
) -> Verdict {
    let mut t = Tally::default();
    while t.games() < limit {
        for _ in 0..step {
            let x: f64 = rng.random();
            if x < probs[0] {
                t.losses += 1;
            } else if x < probs[0] + probs[1] {
                t.draws += 1;
            } else {
                t.wins += 1;
            }
        }
        let v = analyze(cfg, &t).verdict;
        if v != Verdict::Continue {
            return v;
        }
    }
    Verdict::Continue
}

/// Loss/draw/win probabilities with draw rate `d` and normalized Elo `nelo` per game.
fn with_nelo(nelo: f64, d: f64) -> [f64; 3] {
    // score s = w + d/2, variance v = w + d/4 − s²; t = (s − ½) / √v. Solve for w by
    // bisection (t grows with w at fixed d).
    let t = nelo / arena::sprt::NELO_PER_T;
    let tval = |w: f64| {
        let s = w + d / 2.0;
        let v = w + d / 4.0 - s * s;
        (s - 0.5) / v.sqrt()
    };
    let (mut lo, mut hi) = (1e-9, 1.0 - d - 1e-9);
    for _ in 0..100 {
        let mid = 0.5 * (lo + hi);
        if tval(mid) < t {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let w = 0.5 * (lo + hi);
    [1.0 - d - w, d, w]
}

/// 2000 tests at the H0 boundary and 2000 at the H1 boundary (bounds [0, 40] nElo, 20 %
/// draws, checked every 4 games like a worker reporting in batches). With 2000 tests the
/// standard error of a rate near 0.05 is 0.005; the tolerances allow 3 of them above the
/// nominal rate (the discrete checks make the test slightly conservative, not liberal).
#[test]
fn simulated_error_rates_match_alpha_and_beta() {
    let cfg = SprtConfig {
        elo0: 0.0,
        elo1: 40.0,
        alpha: 0.05,
        beta: 0.05,
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let runs = 2000;
    let h0 = with_nelo(0.0, 0.2);
    let h1 = with_nelo(40.0, 0.2);
    let false_positives = (0..runs)
        .filter(|_| simulate(&mut rng, h0, &cfg, 4, 100_000) == Verdict::H1)
        .count();
    let accepted = (0..runs)
        .filter(|_| simulate(&mut rng, h1, &cfg, 4, 100_000) == Verdict::H1)
        .count();
    let fp = false_positives as f64 / f64::from(runs);
    let power = accepted as f64 / f64::from(runs);
    assert!((0.02..=0.065).contains(&fp), "false-positive rate {fp}");
    assert!((0.935..=0.98).contains(&power), "power {power}");
}

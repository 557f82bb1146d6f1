//! Property tests of the simulator: the hunter never leaves the map, and the score always
//! equals the sum of the rewards in the action log.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use wumpus::{ActionEffect, Game, HunterAction as A, Outcome, Preset, Tile};

fn action(k: usize) -> A {
    match k {
        0..=5 => A::ALL[k],
        6..=11 => A::GoForward,
        _ => A::QuitGame,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn hunter_stays_on_map_and_score_adds_up(seed in 0u64..1_000_000, small in any::<bool>(), acts in proptest::collection::vec(0usize..13, 0..400)) {
        let preset = if small { Preset::Small } else { Preset::Medium };
        let w = wumpus::generate(&preset.params(seed)).unwrap();
        let mut g = Game::new(&w, seed);
        let mut log: i64 = w.params.start_score;
        let (mut gold, mut kills) = (0, 0);
        for k in acts {
            if g.is_over() {
                break;
            }
            let o = g.step(action(k));
            log -= 1;
            match o.effect {
                ActionEffect::GoldFound => { log += 100; gold += 1; }
                ActionEffect::WumpusKilled => { log += 100; kills += 1; }
                // A step that ends the game reports `GameOver`, even when its shot killed a
                // wumpus first (the hunter then dies to another one): take the kill from the
                // result.
                ActionEffect::GameOver => {
                    if let Some(r) = g.result() {
                        log += 100 * i64::from(r.kills - kills) + 100 * i64::from(r.gold - gold);
                        (gold, kills) = (r.gold, r.kills);
                    }
                }
                _ => {}
            }
            let p = g.hunter_pos();
            prop_assert!(p.0 >= 1 && p.1 >= 1 && p.0 <= w.width() as i32 - 2 && p.1 <= w.height() as i32 - 2, "left the map: {p:?}");
            prop_assert_ne!(w.tile(p), Tile::Wall);
            for wu in g.wumpi() {
                prop_assert_eq!(w.tile(wu.pos), Tile::Floor, "wumpus on a wall or pit");
            }
        }
        if let Some(r) = g.result() {
            match r.outcome {
                Outcome::Win => log += 1000,
                Outcome::DiedPit | Outcome::DiedWumpus => log -= 1000,
                _ => {}
            }
            prop_assert_eq!((r.gold, r.kills), (gold, kills));
            let formula = w.params.start_score - i64::from(r.actions) + 100 * i64::from(r.gold) + 100 * i64::from(r.kills)
                + if r.outcome == Outcome::Win { 1000 } else { 0 }
                - if matches!(r.outcome, Outcome::DiedPit | Outcome::DiedWumpus) { 1000 } else { 0 };
            prop_assert_eq!(r.score, formula);
        }
        prop_assert_eq!(g.score(), log);
    }
}

/// Regression: a shot that kills a wumpus in the step the hunter dies to another one (medium
/// world, seed 39129) counts the kill in the result and its reward in the score.
#[test]
fn a_kill_in_the_dying_step_counts() {
    let seed = 39129;
    let w = wumpus::generate(&Preset::Medium.params(seed)).unwrap();
    let mut g = Game::new(&w, seed);
    let mut last = None;
    for k in [6, 6, 0, 3, 6, 2, 0, 3] {
        last = Some(g.step(action(k)).effect);
    }
    assert_eq!(last, Some(ActionEffect::GameOver));
    let r = g.result().unwrap();
    assert_eq!((r.outcome, r.kills, r.actions), (Outcome::DiedWumpus, 1, 8));
    assert_eq!(r.score, w.params.start_score - 8 + 100 - 1000);
}

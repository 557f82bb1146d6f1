//! One test per simulator rule and percept, on hand-made worlds (spec §3).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use wumpus::{
    ActionEffect, Game, GameParams, Heading, HunterAction as A, Outcome, SplitMix64, World,
};

/// Parses a grid with the given extra header lines.
fn world(header: &str, grid: &str) -> World {
    World::parse(&format!("{header}\n{grid}")).unwrap()
}

const STILL: &str = "moving_wumpi = false";

#[test]
fn initial_observation_has_start_percepts() {
    let w = world(STILL, "#####\n#SP.#\n#..G#\n#####\n");
    let g = Game::new(&w, 1);
    let o = g.observation();
    assert_eq!(o.turn, 0);
    assert_eq!(o.effect, ActionEffect::GameInitialized);
    assert!(o.percept.breeze);
    assert!(!o.percept.glitter && !o.percept.bump && !o.percept.rumble && !o.percept.scream);
    let i = g.start_info();
    assert_eq!(
        (i.width, i.height, i.start, i.heading, i.arrows),
        (5, 4, (1, 1), Heading::East, 4)
    );
}

#[test]
fn breeze_only_next_to_pit() {
    let w = world(STILL, "######\n#S...#\n#...P#\n#G...#\n######\n");
    let mut g = Game::new(&w, 1);
    assert!(!g.observation().percept.breeze);
    assert!(!g.step(A::GoForward).percept.breeze); // (2,1): pit at (4,2) is 3 away
    assert!(!g.step(A::GoForward).percept.breeze); // (3,1): diagonal only
    assert!(g.step(A::GoForward).percept.breeze); // (4,1): pit below
}

#[test]
fn stench_radar_reports_exact_distance_up_to_d() {
    let w = world(
        STILL,
        "#########\n#S......#\n#......W#\n#G......#\n#########\n",
    );
    let mut g = Game::new(&w, 1);
    // wumpus at (7,2): distance from (1,1) is 7
    assert!(g.observation().percept.radar.is_empty());
    assert!(!g.observation().percept.stench);
    for expect in [6, 5, 4] {
        let o = g.step(A::GoForward);
        assert!(
            o.percept.radar.is_empty(),
            "distance {expect} is out of range"
        );
        assert!(!o.percept.stench);
    }
    let o = g.step(A::GoForward); // (5,1): distance 3
    assert_eq!(o.percept.radar.get(&1), Some(&3));
    assert!(o.percept.stench);
    let o = g.step(A::GoForward); // (6,1): distance 2
    assert_eq!(o.percept.radar.get(&1), Some(&2));
}

#[test]
fn radar_ids_follow_row_major_order() {
    let w = world(STILL, "#######\n#S..W.#\n#..W..#\n#G....#\n#######\n");
    assert_eq!(w.wumpi(), &[(4, 1), (3, 2)]);
    let mut g = Game::new(&w, 1);
    let o = g.step(A::GoForward); // (2,1): w1 at distance 2, w2 at distance 2
    assert_eq!(
        o.percept
            .radar
            .iter()
            .map(|(&k, &v)| (k, v))
            .collect::<Vec<_>>(),
        vec![(1, 2), (2, 2)]
    );
}

#[test]
fn glitter_and_grab() {
    let w = world(STILL, "#####\n#SG.#\n#...#\n#####\n");
    let mut g = Game::new(&w, 1);
    let o = g.step(A::Grab);
    assert_eq!(
        o.effect,
        ActionEffect::MovementSuccessful,
        "grab without gold is a no-op"
    );
    assert!(!g.has_gold());
    let o = g.step(A::GoForward);
    assert!(o.percept.glitter);
    let o = g.step(A::Grab);
    assert_eq!(o.effect, ActionEffect::GoldFound);
    assert!(!o.percept.glitter);
    assert!(g.has_gold());
    assert_eq!(g.score(), -3 + 100);
    assert_eq!(g.step(A::Grab).effect, ActionEffect::MovementSuccessful);
}

#[test]
fn bump_keeps_position() {
    let w = world(STILL, "####\n#S.#\n#.G#\n####\n");
    let mut g = Game::new(&w, 1);
    g.step(A::GoForward);
    let o = g.step(A::GoForward);
    assert_eq!(o.effect, ActionEffect::BumpedIntoWall);
    assert!(o.percept.bump);
    assert_eq!(g.hunter_pos(), (2, 1));
    let o = g.step(A::TurnLeft);
    assert!(!o.percept.bump);
    assert_eq!(g.hunter_heading(), Heading::North);
    assert_eq!(g.step(A::GoForward).effect, ActionEffect::BumpedIntoWall);
}

#[test]
fn turns_rotate() {
    let w = world(STILL, "####\n#S.#\n#.G#\n####\n");
    let mut g = Game::new(&w, 1);
    g.step(A::TurnRight);
    assert_eq!(g.hunter_heading(), Heading::South);
    g.step(A::TurnRight);
    g.step(A::TurnRight);
    assert_eq!(g.hunter_heading(), Heading::North);
    g.step(A::TurnLeft);
    assert_eq!(g.hunter_heading(), Heading::West);
}

#[test]
fn initial_wumpus_headings_come_from_game_rng() {
    let w = world(STILL, "#######\n#S..W.#\n#..W..#\n#G....#\n#######\n");
    let g = Game::new(&w, 0x2a);
    let mut r = SplitMix64::new(0x2a ^ 0xA5A5_A5A5_A5A5_A5A5);
    for wu in g.wumpi() {
        assert_eq!(wu.heading, Heading::ALL[r.below(4) as usize]);
    }
}

/// A world whose single wumpus always goes forward.
fn forward_world(grid: &str) -> World {
    world("wumpus_weights = 1,0,0,0", grid)
}

#[test]
fn wumpus_moves_forward_and_rumbles() {
    let w = forward_world(
        "##########\n#S.......#\n#........#\n#....W...#\n#........#\n#.......G#\n##########\n",
    );
    for seed in 0..8 {
        let mut g = Game::new(&w, seed);
        let h = g.wumpi()[0].heading;
        let o = g.step(A::Sit);
        assert_eq!(g.wumpi()[0].pos, h.step((5, 3)), "seed {seed}");
        assert!(o.percept.rumble);
    }
}

#[test]
fn blocked_forward_becomes_sit_without_rumble() {
    // wumpus boxed in by walls and pits on every side
    let w = forward_world("#######\n#S....#\n#...P.#\n#..PWP#\n#G..P.#\n#######\n");
    for seed in 0..8 {
        let mut g = Game::new(&w, seed);
        let o = g.step(A::Sit);
        assert_eq!(g.wumpi()[0].pos, (4, 3));
        assert!(!o.percept.rumble);
    }
}

#[test]
fn wumpus_does_not_enter_another_living_wumpus() {
    let w = forward_world("#######\n#S....#\n#.....#\n#..WW.#\n#G....#\n#######\n");
    for seed in 0..32 {
        let mut g = Game::new(&w, seed);
        let before: Vec<_> = g.wumpi().iter().map(|x| (x.pos, x.heading)).collect();
        g.step(A::Sit);
        // wumpus 1 acts first against the old position of wumpus 2
        let t1 = before[0].1.step(before[0].0);
        let want1 = if t1 == before[1].0 { before[0].0 } else { t1 };
        assert_eq!(g.wumpi()[0].pos, want1, "seed {seed}");
        let t2 = before[1].1.step(before[1].0);
        let want2 = if t2 == want1 { before[1].0 } else { t2 };
        assert_eq!(g.wumpi()[1].pos, want2, "seed {seed}");
    }
}

#[test]
fn rumble_distance_limits_hearing() {
    let grid = "############\n#S.........#\n#..........#\n#..........#\n#.......W..#\n#..........#\n#.........G#\n############\n";
    let w = world("wumpus_weights = 1,0,0,0\nrumble_distance = 2", grid);
    let mut g = Game::new(&w, 3);
    let o = g.step(A::Sit);
    assert_ne!(g.wumpi()[0].pos, (8, 4), "the wumpus moved");
    assert!(!o.percept.rumble, "moves far away are not heard");
}

#[test]
fn dice_do_not_depend_on_hunter_actions() {
    let w = World::parse(&format!(
        "name = x\n{}",
        "##########\n#S.......#\n#........#\n#....W...#\n#...W....#\n#.......G#\n##########\n"
    ))
    .unwrap();
    let mut a = Game::new(&w, 9);
    let mut b = Game::new(&w, 9);
    for _ in 0..20 {
        a.step(A::Sit);
        b.step(A::TurnLeft);
    }
    assert_eq!(a.wumpi(), b.wumpi());
}

#[test]
fn arrow_kills_first_wumpus_in_line_over_pits() {
    let w = world(
        STILL,
        "#########\n#S.P.WW.#\n#.......#\n#G......#\n#########\n",
    );
    let mut g = Game::new(&w, 1);
    let o = g.step(A::Shoot);
    assert_eq!(o.effect, ActionEffect::WumpusKilled);
    assert!(o.percept.scream);
    assert!(!g.wumpi()[0].alive && g.wumpi()[1].alive);
    assert_eq!((g.arrows(), g.score()), (3, -1 + 100));
    let o = g.step(A::Shoot);
    assert_eq!(
        o.effect,
        ActionEffect::WumpusKilled,
        "the dead wumpus no longer stops arrows"
    );
    assert!(!g.wumpi()[1].alive);
    let o = g.step(A::Shoot);
    assert_eq!(o.effect, ActionEffect::MovementSuccessful, "a miss");
    assert!(!o.percept.scream);
    assert_eq!(g.arrows(), 1);
    g.step(A::Shoot);
    let o = g.step(A::Shoot);
    assert_eq!(o.effect, ActionEffect::NoMoreShoots);
    assert_eq!(g.arrows(), 0);
    assert_eq!(g.score(), -5 + 200);
    assert_eq!(g.result(), None);
}

#[test]
fn dead_wumpus_gives_no_stench_and_does_not_block() {
    let w = world(STILL, "#######\n#S.W..#\n#.....#\n#G....#\n#######\n");
    let mut g = Game::new(&w, 1);
    assert_eq!(g.observation().percept.radar.get(&1), Some(&2));
    let o = g.step(A::Shoot);
    assert!(o.percept.radar.is_empty() && !o.percept.stench);
    g.step(A::GoForward);
    let o = g.step(A::GoForward);
    assert_eq!(o.effect, ActionEffect::MovementSuccessful);
    assert_eq!(g.hunter_pos(), (3, 1));
}

#[test]
fn pit_kills() {
    let w = world(STILL, "#####\n#SP.#\n#..G#\n#####\n");
    let mut g = Game::new(&w, 1);
    let o = g.step(A::GoForward);
    assert_eq!(o.effect, ActionEffect::GameOver);
    assert_eq!(o.percept, wumpus::Percept::default());
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.score, r.actions),
        (Outcome::DiedPit, -1001, 1)
    );
}

#[test]
fn walking_into_wumpus_kills() {
    let w = world(STILL, "#####\n#SW.#\n#..G#\n#####\n");
    let mut g = Game::new(&w, 1);
    g.step(A::GoForward);
    assert_eq!(g.result().unwrap().outcome, Outcome::DiedWumpus);
}

#[test]
fn wumpus_walking_onto_hunter_kills() {
    // search a seed where the forward-only wumpus at (2,2) faces north onto the hunter at (2,1)
    let w = forward_world("######\n#S...#\n#.W..#\n#...G#\n######\n");
    let seed = (0..100)
        .find(|&s| Game::new(&w, s).wumpi()[0].heading == Heading::North)
        .unwrap();
    let mut g = Game::new(&w, seed);
    g.step(A::GoForward); // hunter to (2,1); then the wumpus steps onto him
    let r = g.result().unwrap();
    assert_eq!((r.outcome, r.score), (Outcome::DiedWumpus, -1001));
}

#[test]
fn quit_on_start_with_gold_wins() {
    let w = world(STILL, "#####\n#SG.#\n#...#\n#####\n");
    let mut g = Game::new(&w, 1);
    for a in [
        A::GoForward,
        A::Grab,
        A::TurnLeft,
        A::TurnLeft,
        A::GoForward,
        A::QuitGame,
    ] {
        g.step(a);
    }
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.score, r.actions, r.gold),
        (Outcome::Win, -6 + 100 + 1000, 6, 1)
    );
}

#[test]
fn quit_elsewhere_or_without_gold_is_quit() {
    let w = world(STILL, "#####\n#SG.#\n#...#\n#####\n");
    let mut g = Game::new(&w, 1);
    g.step(A::QuitGame);
    assert_eq!(g.result().unwrap().outcome, Outcome::Quit);
    let mut g = Game::new(&w, 1);
    g.step(A::GoForward);
    g.step(A::Grab);
    g.step(A::QuitGame);
    let r = g.result().unwrap();
    assert_eq!((r.outcome, r.score), (Outcome::Quit, -3 + 100));
}

#[test]
fn turn_limit_times_out_and_game_stays_over() {
    let w = world(
        "max_actions = 3\nmoving_wumpi = false",
        "#####\n#SG.#\n#...#\n#####\n",
    );
    let mut g = Game::new(&w, 1);
    g.step(A::Sit);
    g.step(A::Sit);
    assert!(!g.is_over());
    let o = g.step(A::Sit);
    assert_eq!(o.effect, ActionEffect::GameOver);
    let r = g.result().unwrap();
    assert_eq!((r.outcome, r.actions, r.score), (Outcome::Timeout, 3, -3));
    let again = g.step(A::GoForward);
    assert_eq!(again, o);
    assert_eq!(g.result().unwrap(), r);
}

#[test]
fn start_score_and_error_penalty() {
    let w = world(
        "start_score = 50\nmoving_wumpi = false",
        "#####\n#SG.#\n#...#\n#####\n",
    );
    let mut g = Game::new(&w, 1);
    g.step(A::Sit);
    g.fail();
    let r = g.result().unwrap();
    assert_eq!((r.outcome, r.score), (Outcome::Error, 50 - 1 - 1000));
}

#[test]
fn params_from_header_reach_the_game() {
    let w = world(
        "arrows = 1\nstench_distance = 1",
        "######\n#S.W.#\n#...G#\n######\n",
    );
    assert_eq!(
        w.params,
        GameParams {
            arrows: 1,
            stench_distance: 1,
            ..GameParams::default()
        }
    );
    let g = Game::new(&w, 1);
    assert!(g.observation().percept.radar.is_empty());
}

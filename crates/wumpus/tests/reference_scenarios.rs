//! Scenario tests of the seed's agent (spec §7): breeze cells avoided, wall lines inferred,
//! the three shooting cases, fleeing, scared mode.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use wumpus::agents::reference::{FieldType, Mode, ReferenceBot};
use wumpus::{
    ActionEffect, Bot, Game, HunterAction as A, Observation, Outcome, Percept, Preset, StartInfo,
    World, play_game,
};

fn info(arrows: u32) -> StartInfo {
    StartInfo {
        width: 12,
        height: 12,
        start: (1, 1),
        heading: wumpus::Heading::East,
        arrows,
        stench_distance: 3,
        rumble_distance: None,
        score: 0,
        max_actions: 1000,
    }
}

fn obs(
    turn: u32,
    effect: ActionEffect,
    breeze: bool,
    rumble: bool,
    radar: &[(u32, u32)],
) -> Observation {
    let radar: BTreeMap<u32, u32> = radar.iter().copied().collect();
    Observation {
        turn,
        effect,
        percept: Percept {
            breeze,
            stench: !radar.is_empty(),
            rumble,
            radar,
            ..Percept::default()
        },
    }
}

const INIT: ActionEffect = ActionEffect::GameInitialized;
const OK: ActionEffect = ActionEffect::MovementSuccessful;

#[test]
fn explores_east_first_because_turns_cost() {
    let mut a = ReferenceBot::new();
    a.start(&info(4));
    assert_eq!(a.act(&obs(0, INIT, false, false, &[])), A::GoForward);
}

#[test]
fn breeze_at_start_quits_at_once() {
    let mut a = ReferenceBot::new();
    a.start(&info(4));
    assert_eq!(a.act(&obs(0, INIT, true, false, &[])), A::QuitGame);
    assert!(!a.field((2, 1)).unwrap().walkable());
}

#[test]
fn breeze_marks_neighbours_and_second_mark_makes_hole() {
    let mut a = ReferenceBot::new();
    a.start(&info(4));
    assert_eq!(a.act(&obs(0, INIT, false, false, &[])), A::GoForward);
    // at (2,1) a breeze: (3,1) and (2,2) become Breeze; (1,1) keeps Empty
    let next = a.act(&obs(1, OK, true, false, &[]));
    assert!(a.field((3, 1)).unwrap().has(FieldType::Breeze));
    assert!(a.field((2, 2)).unwrap().has(FieldType::Breeze));
    assert!(!a.field((1, 1)).unwrap().has(FieldType::Breeze));
    // the only Empty left is (1,2), reached via (1,1): turn around, never into a breeze cell
    assert_eq!(next, A::TurnRight);
}

#[test]
fn never_enters_a_cell_marked_breeze() {
    let mut forward_moves = 0;
    for seed in 1..=300u64 {
        let w = wumpus::generate(&Preset::Medium.params(seed)).unwrap();
        let mut g = Game::new(&w, seed);
        let mut a = ReferenceBot::new();
        let out = play_game(&mut g, &mut a, |_, act, p| {
            if act == Some(A::GoForward) {
                let k = p.knowledge().unwrap();
                let target = k.heading.step(k.position);
                assert!(
                    !k.cell(target).unwrap().possible_pit,
                    "seed {seed}: stepped onto a Breeze cell {target:?}"
                );
                forward_moves += 1;
            }
        });
        assert_ne!(out.result.outcome, Outcome::DiedPit, "seed {seed}");
    }
    assert!(forward_moves > 1000);
}

#[test]
fn wall_lines_are_inferred_and_applied() {
    let w = World::parse(
        "moving_wumpi = false\n#######\n#S....#\n#.....#\n#.....#\n#.....#\n#....G#\n#######\n",
    )
    .unwrap();
    let mut g = Game::new(&w, 1);
    let mut a = ReferenceBot::new();
    a.start(&g.start_info());
    let mut checked = 0;
    let mut prev = None;
    while !g.is_over() {
        let o = g.observation().clone();
        let act = a.act(&o);
        if prev == Some(A::GoForward) && o.effect == OK {
            let (x, y) = g.hunter_pos();
            if let Some(ex) = a.east_wall() {
                assert_eq!(ex, 6);
                if x == 5 {
                    assert_eq!(
                        a.field((6, y)).unwrap().dominant(),
                        FieldType::Wall,
                        "east line applied at y={y}"
                    );
                    checked += 1;
                }
            }
            if let Some(sy) = a.south_wall() {
                assert_eq!(sy, 6);
                if y == 5 {
                    assert_eq!(
                        a.field((x, 6)).unwrap().dominant(),
                        FieldType::Wall,
                        "south line applied at x={x}"
                    );
                    checked += 1;
                }
            }
        }
        prev = Some(act);
        g.step(act);
    }
    assert_eq!(a.east_wall(), Some(6));
    assert_eq!(g.result().unwrap().outcome, Outcome::Win);
    assert!(checked > 0, "the agent walked along a known wall line");
    // north and west lines are known from the start
    assert_eq!(a.field((0, 1)).unwrap().dominant(), FieldType::Wall);
}

#[test]
fn adjacent_wumpus_is_shot_then_single_candidate_is_faced_and_shot() {
    let mut a = ReferenceBot::new();
    a.start(&info(4));
    // intensity 1 with two candidates (2,1), (1,2): face danger[0] = (2,1) — already ahead — shoot
    assert_eq!(a.act(&obs(0, INIT, false, false, &[(1, 1)])), A::Shoot);
    // the shot missed (no scream): (2,1) leaves the candidates, (1,2) remains alone
    assert_eq!(a.act(&obs(1, OK, false, false, &[(1, 1)])), A::TurnRight);
    assert_eq!(a.danger().len(), 1);
    assert_eq!(a.danger()[0].0, (1, 2));
    // now (1,2) is in line: case 1 shoots
    assert_eq!(a.act(&obs(2, OK, false, false, &[(1, 1)])), A::Shoot);
    assert_eq!(a.arrows(), 3);
    // a scream clears the danger list
    let killed = Observation {
        turn: 3,
        effect: ActionEffect::WumpusKilled,
        percept: Percept {
            scream: true,
            ..Percept::default()
        },
    };
    let next = a.act(&killed);
    assert!(a.danger().is_empty());
    assert_eq!(a.arrows(), 2);
    assert_eq!(next, A::GoForward, "back to exploring: (1,2) lies ahead");
}

#[test]
fn try_shot_at_intensity_two_then_flee() {
    let mut a = ReferenceBot::new();
    a.start(&info(4));
    // ring at distance 2: (3,1), (2,2), (1,3); (3,1) is in line
    assert_eq!(a.act(&obs(0, INIT, false, false, &[(1, 2)])), A::Shoot);
    // miss: (3,1) is removed; nothing in line; flee to the neighbour farthest from (2,2), (1,3)
    let act = a.act(&obs(1, OK, false, false, &[(1, 2)]));
    assert!(a.danger().iter().all(|(c, _)| *c != (3, 1)));
    assert_eq!(a.find_safe_field(), (2, 1));
    assert_eq!(act, A::GoForward);
}

#[test]
fn at_most_two_try_shots() {
    let mut a = ReferenceBot::new();
    a.start(&info(4));
    let mut shots = 0;
    let mut effect = INIT;
    // the wumpus keeps moving (rumbles), so its candidates never shrink to one
    for turn in 0..12 {
        let act = a.act(&obs(turn, effect, false, turn > 0, &[(1, 2)]));
        if act == A::Shoot {
            shots += 1;
        }
        effect = OK;
        if act == A::GoForward {
            effect = ActionEffect::BumpedIntoWall;
        }
    }
    assert!(shots <= 2, "{shots} try-shots");
    assert_eq!(shots, 2);
}

#[test]
fn scared_without_arrows_flees() {
    let mut a = ReferenceBot::new();
    a.start(&info(0));
    let act = a.act(&obs(0, INIT, false, false, &[(1, 2)]));
    assert_eq!(a.mode(), Mode::Scared);
    assert_ne!(act, A::Shoot);
    assert_eq!(act, A::GoForward, "flee to (2,1)");
}

#[test]
fn gold_is_grabbed_and_brought_home() {
    let w = World::parse("moving_wumpi = false\n######\n#S.G.#\n#....#\n#....#\n######\n").unwrap();
    let mut g = Game::new(&w, 1);
    let mut a = ReferenceBot::new();
    let r = play_game(&mut g, &mut a, |_, _, _| {}).result;
    assert_eq!((r.outcome, r.gold), (Outcome::Win, 1));
    // east ×2, grab, turn ×2, east... back ×2, quit
    assert_eq!(r.actions, 8);
}

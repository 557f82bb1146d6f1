//! The champion: beliefs follow the observations, it never steps onto a cell its own model
//! holds as a certain pit, it shoots concentrated beliefs, and it beats the reference by at
//! least 15 percentage points on 1000 default worlds.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeMap;

use rayon::prelude::*;
use wumpus::agents::{ChampionBot, ReferenceBot};
use wumpus::{
    ActionEffect, Bot, Game, GameTrace, HunterAction as A, Observation, Outcome, Percept, Preset,
    StartInfo, World, manhattan, play_game, play_game_traced,
};

fn info() -> StartInfo {
    StartInfo {
        width: 12,
        height: 12,
        start: (1, 1),
        heading: wumpus::Heading::East,
        arrows: 4,
        stench_distance: 3,
        rumble_distance: None,
        score: 0,
        max_actions: 1000,
    }
}

fn obs(turn: u32, effect: ActionEffect, rumble: bool, radar: &[(u32, u32)]) -> Observation {
    let radar: BTreeMap<u32, u32> = radar.iter().copied().collect();
    Observation {
        turn,
        effect,
        percept: Percept {
            stench: !radar.is_empty(),
            rumble,
            radar,
            ..Percept::default()
        },
    }
}

#[test]
fn radar_reading_confines_the_belief_to_its_ring() {
    let mut a = ChampionBot::new();
    a.start(&info());
    a.act(&obs(0, ActionEffect::GameInitialized, false, &[(1, 2)]));
    let mut ring = 0.0;
    for y in 0..12 {
        for x in 0..12 {
            let d = manhattan((x, y), (1, 1));
            let p = a.wumpus_prob((x, y));
            if d == 2 {
                ring += p;
            } else if d <= 3 {
                assert!(p.abs() < 1e-12, "{x},{y}: {p}");
            }
        }
    }
    assert!((ring - 1.0).abs() < 1e-9, "{ring}");
}

#[test]
fn adjacent_wumpus_is_shot_and_a_miss_moves_the_belief() {
    let mut a = ChampionBot::new();
    a.start(&info());
    // (2,1) or (1,2), equally likely: the line east holds it with probability 1/2
    assert_eq!(
        a.act(&obs(0, ActionEffect::GameInitialized, false, &[(1, 1)])),
        A::Shoot
    );
    // a miss without rumble: it must be at (1,2)
    let next = a.act(&obs(1, ActionEffect::MovementSuccessful, false, &[(1, 1)]));
    assert!((a.wumpus_prob((1, 2)) - 1.0).abs() < 1e-9);
    assert_eq!(next, A::TurnRight, "turn to face it");
    assert_eq!(
        a.act(&obs(2, ActionEffect::MovementSuccessful, false, &[(1, 1)])),
        A::Shoot
    );
}

#[test]
fn certain_pit_is_known_and_avoided() {
    // breezes at (2,1) and (1,2); once (3,1) is found breeze-free, (2,2) is a certain pit
    let w = World::parse("moving_wumpi = false\n######\n#S...#\n#.P..#\n#....#\n#...G#\n######\n")
        .unwrap();
    let mut g = Game::new(&w, 1);
    let mut a = ChampionBot::new();
    let mut seen_certain = false;
    let out = play_game(&mut g, &mut a, |_, act, p| {
        let k = p.knowledge().unwrap();
        if k.cell((2, 2)).unwrap().certain_pit {
            seen_certain = true;
        }
        if act == Some(A::GoForward) {
            let t = k.heading.step(k.position);
            assert!(
                !k.cell(t).unwrap().certain_pit,
                "planned a step onto a certain pit {t:?}"
            );
        }
    });
    assert!(seen_certain, "the model inferred the pit");
    assert_eq!(out.result.outcome, Outcome::Win);
    assert_eq!(a.certain_pit_steps(), 0);
}

#[test]
fn knowledge_is_consistent_and_trace_round_trips() {
    let w = wumpus::generate(&Preset::Medium.params(7)).unwrap();
    let mut g = Game::new(&w, 7);
    let mut a = ChampionBot::new();
    let t = play_game_traced(&mut g, &mut a, 7, "champion");
    assert_eq!(t.steps.len() as u32, t.result.actions + 1);
    for s in &t.steps {
        let k = s.knowledge.as_ref().unwrap();
        for c in &k.cells {
            let p = c.pit_prob.unwrap();
            let q = c.wumpus_prob.unwrap();
            assert!((0.0..=1.0).contains(&p) && (0.0..=1.0 + 1e-6).contains(&q));
            if c.visited {
                assert!(c.safe && p == 0.0 && c.breeze.is_some());
            }
        }
    }
    let back = GameTrace::from_json(&t.to_json().unwrap()).unwrap();
    assert_eq!(back.result, t.result);
    assert_eq!(back.steps.len(), t.steps.len());
    assert_eq!(back.world, t.world);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trace.json");
    t.save_json(&path).unwrap();
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        t.to_json().unwrap()
    );
}

#[test]
fn champion_beats_reference_by_15_points_and_never_steps_on_a_certain_pit() {
    let res: Vec<(bool, bool, u32)> = (1..=1000u64)
        .into_par_iter()
        .map(|seed| {
            let w = wumpus::generate(&Preset::Medium.params(seed)).unwrap();
            let mut r = ReferenceBot::new();
            let ref_win = play_game(&mut Game::new(&w, seed), &mut r, |_, _, _| {})
                .result
                .outcome
                == Outcome::Win;
            let mut c = ChampionBot::new();
            let champ_win = play_game(&mut Game::new(&w, seed), &mut c, |_, _, _| {})
                .result
                .outcome
                == Outcome::Win;
            (ref_win, champ_win, c.certain_pit_steps())
        })
        .collect();
    let r = res.iter().filter(|x| x.0).count();
    let c = res.iter().filter(|x| x.1).count();
    println!("reference {r} / champion {c} wins of 1000");
    assert!(res.iter().all(|x| x.2 == 0), "stepped onto a certain pit");
    assert!(c >= r + 150, "champion {c} vs reference {r}");
}

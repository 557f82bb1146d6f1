//! Conformance with the numbers published in the spec (§2.1 example world, §4.2 transcript,
//! §5 expected values for the reference agent).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use wumpus::agents::EntrantSpec;
use wumpus::agents::ReferenceBot;
use wumpus::eval::{EvalConfig, EvalReport, play_world};
use wumpus::protocol::Timeouts;
use wumpus::{Game, Outcome, Preset, World, generate, play_game};

const SEED1: &str = "; botforge wumpus world
name = seed-1-medium
############
#S.........#
#..........#
#.PP...P.WP#
#G.........#
#......W...#
#......P...#
#..P....PP.#
#..........#
#..........#
#...P..P..P#
############
";

#[test]
fn generator_reproduces_spec_example() {
    let w = generate(&Preset::Medium.params(1)).unwrap();
    assert_eq!(w.to_text(), SEED1);
    assert_eq!(w.wumpi(), &[(9, 3), (7, 5)]);
    assert_eq!(w.gold(), (1, 4));
    assert_eq!(World::parse(SEED1).unwrap(), w);
}

#[test]
fn reference_seed_1_matches_transcript() {
    let w = generate(&Preset::Medium.params(1)).unwrap();
    let mut g = Game::new(&w, 1);
    let mut a = ReferenceBot::new();
    let out = play_game(&mut g, &mut a, |_, _, _| {});
    let r = out.result;
    assert_eq!(
        (r.outcome, r.actions, r.score, r.kills, r.arrows, r.gold),
        (Outcome::Win, 124, 1176, 2, 1, 1)
    );
}

#[test]
fn reference_1000_worlds_match_spec_expected_values() {
    let cfg = EvalConfig {
        worlds: 1000,
        seed: 1,
        preset: Preset::Medium,
    };
    let specs = [EntrantSpec::parse("reference").unwrap()];
    let records = cfg
        .seeds()
        .flat_map(|seed| {
            let world = generate(&cfg.preset.params(seed)).unwrap();
            play_world(&world, seed, &specs, Timeouts::default()).unwrap()
        })
        .collect();
    let rep = EvalReport::new(cfg, &["reference".to_owned()], records);
    let a = &rep.agents[0];
    println!("{}", rep.table());
    assert_eq!(rep.solvable, 986);
    assert_eq!(a.outcomes, [399, 0, 97, 504, 0, 0]);
    assert!((a.mean_score - 333.5).abs() < 0.05, "{}", a.mean_score);
    assert!((a.mean_actions - 61.6).abs() < 0.05, "{}", a.mean_actions);
}

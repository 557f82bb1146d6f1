//! The AIs: construction by name, legal and safe decisions, and champion's strength
//! in a few seeded duels.

use std::time::{Duration, Instant};

use speed::ai::sim::own_move;
use speed::ai::{BOTS, DEFAULT_LINEUP};
use speed::engine::seeded_setup;
use speed::state::{Action, Direction, GameState, Player};

#[test]
fn specs_parse_with_parameters_and_bad_specs_are_errors() {
    assert_eq!(
        botspec::split_list("champion,pathfinding(2,75), random"),
        vec!["champion", "pathfinding(2,75)", "random"]
    );
    for spec in DEFAULT_LINEUP {
        let ai = BOTS.build(spec, 1).unwrap();
        assert!(!ai.name().is_empty());
    }
    assert_eq!(
        BOTS.build("pathfinding-search-tree(1,50,3,0.75,10)", 1)
            .unwrap()
            .name(),
        "pathfinding-search-tree(1,50,3,0.75,10)"
    );
    assert!(BOTS.build("nope", 1).is_err());
    assert!(BOTS.build("pathfinding(2,75,1)", 1).is_err());
    assert!(BOTS.build("pathfinding(x)", 1).is_err());
    assert!(
        BOTS.build("pathfinding-search-tree(1,50,3,1.5,10)", 1)
            .is_err()
    );
    assert!(BOTS.build("pathfinding(2,75", 1).is_err());
}

/// A dead end: the only surviving action from (1,1) facing right is a left turn (up).
fn corridor() -> GameState {
    let (w, h) = (12, 8);
    let mut cells = vec![0i8; (w * h) as usize];
    // Row 2 is a trail across the board, and the cell ahead of the head is taken.
    for x in 0..w {
        cells[(2 * w + x) as usize] = 2;
    }
    cells[(w + 2) as usize] = 2;
    cells[(w + 1) as usize] = 1;
    let players = vec![
        Player {
            id: 1,
            x: 1,
            y: 1,
            direction: Direction::Right,
            speed: 1,
            active: true,
            name: None,
        },
        Player {
            id: 2,
            x: 11,
            y: 7,
            direction: Direction::Left,
            speed: 1,
            active: true,
            name: None,
        },
    ];
    cells[(7 * w + 11) as usize] = 2;
    GameState {
        width: w,
        height: h,
        cells,
        players,
        you: 1,
        running: true,
        deadline: None,
        round: 3,
    }
}

#[test]
fn every_non_random_ai_takes_the_only_surviving_action() {
    let s = corridor();
    let alive: Vec<Action> = Action::ALL
        .into_iter()
        .filter(|&a| own_move(&s, 0, a).alive)
        .collect();
    assert_eq!(alive, vec![Action::TurnLeft]);
    for spec in DEFAULT_LINEUP.iter().skip(1) {
        let mut ai = BOTS.build(spec, 7).unwrap();
        let a = ai.decide(&s, 1, Instant::now() + Duration::from_millis(500));
        assert_eq!(a, Action::TurnLeft, "{spec}");
    }
}

#[test]
fn decisions_respect_the_deadline_at_80x80_with_6_players() {
    use rand::SeedableRng as _;
    let mut s =
        speed::engine::setup_on_board(&mut rand_chacha::ChaCha8Rng::seed_from_u64(11), 80, 80, 6);
    let mut ai = BOTS.build("champion", 3).unwrap();
    for _ in 0..5 {
        let start = Instant::now();
        let deadline = start + Duration::from_secs(1);
        let a = ai.decide(&s, 1, deadline);
        assert!(Instant::now() < deadline, "late");
        let n = s.players.len();
        let mut acts = vec![Some(Action::ChangeNothing); n];
        acts[0] = Some(a);
        speed::engine::step_actions(&mut s, &acts);
        if !s.running {
            break;
        }
    }
}

#[test]
fn champion_beats_the_final_team_ai_in_seeded_duels() {
    let mut wins = 0;
    for seed in 0..4u64 {
        let mut s = seeded_setup(100 + seed, 2);
        let mut ais = vec![
            BOTS.build("champion(2,10,3000)", seed).unwrap(),
            BOTS.build("pathfinding-search-tree(1,50,3,0.75,10)", seed)
                .unwrap(),
        ];
        if seed % 2 == 1 {
            ais.swap(0, 1);
        }
        speed::play_game(&mut s, &mut ais, Duration::from_secs(1), |_, _| {});
        let champ_id = if seed % 2 == 1 { 2 } else { 1 };
        wins += usize::from(s.winner() == Some(champ_id));
    }
    assert!(wins >= 3, "champion won only {wins} of 4");
}

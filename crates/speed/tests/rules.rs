//! Unit tests for every round-processing rule of the spec (§4–§6).

use speed::engine::{
    AnswerStatus, PlayerAnswer, random_setup, start_direction, step, step_actions,
};
use speed::state::{Action, Direction, GameState, Player};

fn player(id: u8, x: i32, y: i32, direction: Direction, speed: i32) -> Player {
    Player {
        id,
        x,
        y,
        direction,
        speed,
        active: true,
        name: None,
    }
}

/// A `w` × `h` board with the players' start cells marked.
fn board(w: i32, h: i32, players: Vec<Player>, round: u32) -> GameState {
    let mut cells = vec![0; (w * h) as usize];
    for p in &players {
        cells[(p.y * w + p.x) as usize] = p.id as i8;
    }
    GameState {
        width: w,
        height: h,
        cells,
        players,
        you: 0,
        running: true,
        deadline: None,
        round,
    }
}

fn all(state: &mut GameState, a: Action) {
    let n = state.players.len();
    step_actions(state, &vec![Some(a); n]);
}

#[test]
fn hole_moves_skip_every_inner_step_at_speeds_3_to_10() {
    for speed in 3..=10 {
        for round in [6, 12, 18] {
            let far = player(2, 0, 5, Direction::Right, 1);
            let mut s = board(
                30,
                8,
                vec![player(1, 2, 1, Direction::Right, speed), far],
                round,
            );
            // Occupied cells under every inner step are jumped over.
            for x in 4..2 + speed {
                let i = s.index(x, 1);
                s.cells[i] = 2;
            }
            all(&mut s, Action::ChangeNothing);
            let p = &s.players[0];
            assert!(p.active, "speed {speed} round {round}");
            assert_eq!((p.x, p.y), (2 + speed, 1));
            assert_eq!(s.cell(3, 1), 1, "first step written");
            assert_eq!(s.cell(2 + speed, 1), 1, "last step written");
            for x in 4..2 + speed {
                assert_eq!(s.cell(x, 1), 2, "speed {speed}: inner step x={x} untouched");
            }
            assert_eq!(s.round, round + 1);
        }
    }
}

#[test]
fn without_a_hole_round_every_step_is_written_and_occupied_cells_kill() {
    for speed in 3..=10 {
        for round in [1, 5, 7, 11] {
            let mut s = board(
                30,
                8,
                vec![
                    player(1, 2, 1, Direction::Right, speed),
                    player(2, 0, 5, Direction::Right, 1),
                ],
                round,
            );
            all(&mut s, Action::ChangeNothing);
            assert!(s.players[0].active);
            assert!(
                (3..=2 + speed).all(|x| s.cell(x, 1) == 1),
                "speed {speed} round {round}"
            );
            let mut s = board(
                30,
                8,
                vec![
                    player(1, 2, 1, Direction::Right, speed),
                    player(2, 0, 5, Direction::Right, 1),
                ],
                round,
            );
            let i = s.index(4, 1);
            s.cells[i] = 2;
            all(&mut s, Action::ChangeNothing);
            assert!(
                !s.players[0].active,
                "speed {speed} round {round}: entering a trail kills"
            );
            assert_eq!(s.cell(4, 1), -1);
        }
    }
}

#[test]
fn speed_two_in_a_hole_round_has_no_hole_and_speed_change_counts_this_round() {
    let mut s = board(
        20,
        8,
        vec![
            player(1, 2, 1, Direction::Right, 2),
            player(2, 0, 5, Direction::Right, 1),
        ],
        6,
    );
    all(&mut s, Action::ChangeNothing);
    assert_eq!((s.cell(3, 1), s.cell(4, 1)), (1, 1));
    let mut s = board(
        20,
        8,
        vec![
            player(1, 2, 1, Direction::Right, 2),
            player(2, 0, 5, Direction::Right, 1),
        ],
        6,
    );
    all(&mut s, Action::SpeedUp);
    assert_eq!(
        (s.cell(3, 1), s.cell(4, 1), s.cell(5, 1)),
        (1, 0, 1),
        "speed_up 2→3 in round 6 already jumps"
    );
}

#[test]
fn head_on_swap_kills_both() {
    let mut s = board(
        10,
        5,
        vec![
            player(1, 3, 2, Direction::Right, 1),
            player(2, 4, 2, Direction::Left, 1),
        ],
        1,
    );
    all(&mut s, Action::ChangeNothing);
    assert!(!s.players[0].active && !s.players[1].active);
    assert_eq!((s.cell(3, 2), s.cell(4, 2)), (-1, -1));
    assert!(!s.running);
    assert_eq!(
        s.winner(),
        None,
        "all eliminated in the last round is a draw"
    );
}

#[test]
fn same_free_cell_kills_both_regardless_of_step_index() {
    let mut s = board(
        10,
        5,
        vec![
            player(1, 2, 2, Direction::Right, 1),
            player(2, 4, 2, Direction::Left, 1),
        ],
        1,
    );
    all(&mut s, Action::ChangeNothing);
    assert!(!s.players[0].active && !s.players[1].active);
    assert_eq!(s.cell(3, 2), -1);
    // A fast player's path crossed by another player's head: both die.
    let mut s = board(
        10,
        8,
        vec![
            player(1, 1, 3, Direction::Right, 4),
            player(2, 3, 4, Direction::Up, 1),
            player(3, 9, 7, Direction::Left, 1),
        ],
        1,
    );
    all(&mut s, Action::ChangeNothing);
    assert!(!s.players[0].active && !s.players[1].active && s.players[2].active);
    assert_eq!(s.cell(3, 3), -1);
    assert_eq!(s.players[0].x, 5, "a crashed player completes its move");
    assert_eq!(
        (s.cell(4, 3), s.cell(5, 3)),
        (1, 1),
        "cells after the crash are written"
    );
    assert_eq!(s.winner(), Some(3));
}

#[test]
fn the_owner_of_a_hit_trail_survives_and_passing_at_speed_kills_both() {
    let mut s = board(
        10,
        6,
        vec![
            player(1, 1, 2, Direction::Right, 1),
            player(2, 5, 0, Direction::Down, 1),
        ],
        1,
    );
    let i = s.index(2, 2);
    s.cells[i] = 2;
    all(&mut s, Action::ChangeNothing);
    assert!(!s.players[0].active);
    assert!(s.players[1].active);
    // Moving through each other at speed 2.
    let mut s = board(
        10,
        6,
        vec![
            player(1, 2, 2, Direction::Right, 2),
            player(2, 5, 2, Direction::Left, 2),
            player(3, 0, 5, Direction::Right, 1),
        ],
        1,
    );
    all(&mut s, Action::ChangeNothing);
    assert!(!s.players[0].active && !s.players[1].active);
}

#[test]
fn leaving_the_board_keeps_the_off_board_coordinate_and_written_cells() {
    for (dir, x, y, want) in [
        (Direction::Right, 8, 2, (10, 2)),
        (Direction::Left, 1, 2, (-1, 2)),
        (Direction::Up, 4, 1, (4, -1)),
        (Direction::Down, 4, 4, (4, 6)),
    ] {
        let mut s = board(
            10,
            6,
            vec![
                player(1, x, y, dir, 3),
                player(2, 0, 5, Direction::Right, 1),
            ],
            1,
        );
        all(&mut s, Action::ChangeNothing);
        let p = &s.players[0];
        assert!(!p.active, "{dir}");
        assert_eq!((p.x, p.y), want, "{dir}");
        let (dx, dy) = dir.delta();
        assert_eq!(
            s.cell(x + dx, y + dy),
            1,
            "{dir}: the cell before the edge is written"
        );
    }
    // Even a hole step off the board eliminates.
    let mut s = board(
        10,
        6,
        vec![
            player(1, 7, 2, Direction::Right, 5),
            player(2, 0, 5, Direction::Right, 1),
        ],
        6,
    );
    all(&mut s, Action::ChangeNothing);
    assert!(!s.players[0].active);
    assert_eq!(s.players[0].x, 10);
}

#[test]
fn speed_out_of_range_eliminates_and_shows_0_or_11() {
    let mut s = board(
        20,
        6,
        vec![
            player(1, 2, 2, Direction::Right, 10),
            player(2, 0, 5, Direction::Right, 1),
            player(3, 9, 0, Direction::Down, 1),
        ],
        1,
    );
    step_actions(
        &mut s,
        &[
            Some(Action::SpeedUp),
            Some(Action::SlowDown),
            Some(Action::ChangeNothing),
        ],
    );
    assert_eq!(
        (s.players[0].speed, s.players[0].active, s.players[0].x),
        (11, false, 2)
    );
    assert_eq!(
        (s.players[1].speed, s.players[1].active, s.players[1].x),
        (0, false, 0)
    );
    assert!(!s.running && s.winner() == Some(3));
}

#[test]
fn turns_rotate_as_specified() {
    let mut d = Direction::Up;
    for want in [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Up,
    ] {
        d = Action::TurnLeft.apply(d, 1).0;
        assert_eq!(d, want);
    }
    for want in [
        Direction::Right,
        Direction::Down,
        Direction::Left,
        Direction::Up,
    ] {
        d = Action::TurnRight.apply(d, 1).0;
        assert_eq!(d, want);
    }
}

#[test]
fn invalid_missing_duplicate_and_closed_answers() {
    let base = board(
        20,
        10,
        vec![
            player(1, 2, 2, Direction::Right, 1),
            player(2, 2, 5, Direction::Right, 1),
            player(3, 2, 7, Direction::Right, 1),
            player(4, 9, 9, Direction::Up, 1),
            player(5, 15, 1, Direction::Down, 1),
        ],
        4,
    );
    let mut s = base.clone();
    let ans = [
        PlayerAnswer {
            action: None,
            status: AnswerStatus::Invalid,
        },
        PlayerAnswer {
            action: None,
            status: AnswerStatus::Missing,
        },
        PlayerAnswer {
            action: Some(Action::TurnLeft),
            status: AnswerStatus::Duplicate,
        },
        PlayerAnswer {
            action: Some(Action::SpeedUp),
            status: AnswerStatus::Closed,
        },
        PlayerAnswer {
            action: Some(Action::ChangeNothing),
            status: AnswerStatus::Ok,
        },
    ];
    step(&mut s, &ans);
    assert!(s.players[..4].iter().all(|p| !p.active));
    assert_eq!(
        s.players[2].direction,
        Direction::Up,
        "a duplicate's first answer is still applied"
    );
    assert_eq!(
        (s.players[2].x, s.players[2].y),
        (2, 7),
        "but it does not move"
    );
    assert_eq!(s.players[3].speed, 2, "closed keeps an earlier answer");
    assert_eq!(
        s.cells.iter().filter(|&&c| c != 0).count(),
        6,
        "only player 5 moved"
    );
    assert_eq!(s.winner(), Some(5));
}

#[test]
fn processing_order_does_not_matter() {
    use rand::SeedableRng as _;
    for seed in 0..40u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = random_setup(&mut rng, 6);
        let mut actions_rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 1000);
        while s.running {
            use rand::Rng as _;
            let acts: Vec<Option<Action>> = (0..6)
                .map(|_| Some(Action::ALL[actions_rng.random_range(0..5)]))
                .collect();
            let mut rev = s.clone();
            rev.players.reverse();
            let mut rev_acts = acts.clone();
            rev_acts.reverse();
            step_actions(&mut s, &acts);
            step_actions(&mut rev, &rev_acts);
            rev.players.reverse();
            assert_eq!(s, rev, "seed {seed}");
        }
    }
}

#[test]
fn random_setup_follows_the_server() {
    use rand::SeedableRng as _;
    let mut sizes = std::collections::BTreeSet::new();
    for seed in 0..400u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let n = 2 + (seed % 5) as usize;
        let s = random_setup(&mut rng, n);
        assert!((41..=80).contains(&s.width) && (41..=80).contains(&s.height));
        sizes.insert(s.width);
        assert_eq!(s.players.len(), n);
        let (qw, qh) = (s.width / 4, s.height / 2);
        let mut slots = std::collections::BTreeSet::new();
        for p in &s.players {
            assert_eq!(s.cell(p.x, p.y), p.id as i8);
            assert_eq!((p.speed, p.active), (1, true));
            assert_eq!(p.direction, start_direction(s.width, s.height, p.x, p.y));
            let slot = if p.y < qh { p.x / qw } else { 4 + p.x / qw };
            assert!(p.y < 2 * qh && p.x < 4 * qw && (p.y < qh || p.x < 2 * qw));
            slots.insert(slot);
        }
        assert_eq!(slots, (0..n as i32).collect(), "slots S0..S(N-1) are used");
        assert_eq!(
            s,
            random_setup(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed), n),
            "seeded"
        );
    }
    assert!(sizes.contains(&41) && sizes.contains(&80));
}

#[test]
fn start_direction_uses_strict_comparisons() {
    // 60 x 50: hx = 30, hy = 25.
    assert_eq!(start_direction(60, 50, 31, 26), Direction::Up);
    assert_eq!(start_direction(60, 50, 30, 26), Direction::Right);
    assert_eq!(start_direction(60, 50, 31, 25), Direction::Left);
    assert_eq!(start_direction(60, 50, 30, 25), Direction::Down);
}

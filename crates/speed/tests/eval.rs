//! Offline games: recorded logs replay exactly and record how rounds ended; evaluation
//! games are seeded.

use std::time::Duration;

use speed::ai::from_spec;
use speed::eval::{EvalConfig, GameResult, lineup, play_one, summarize};
use speed::golden::{GoldenWriter, check_file, read_log};

#[test]
fn a_recorded_offline_game_replays_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let mut state = speed::engine::seeded_setup(5, 3);
    let mut ais: Vec<_> = ["random", "not-killing-itself(2,0,2)", "pathfinding(2,20)"]
        .iter()
        .map(|s| from_spec(s, 9).unwrap())
        .collect();
    let names = state
        .players
        .iter()
        .map(|p| p.id)
        .zip(ais.iter().map(|a| a.name()))
        .collect();
    let mut writer = GoldenWriter::new("t", names);
    speed::game::play(&mut state, &mut ais, Duration::from_secs(1), |s, a| {
        writer.round(s, a);
    });
    writer.final_state(&state);
    writer.finish(&path).unwrap();
    let report = check_file(&path).unwrap();
    assert_eq!(report.divergence, None);
    assert_eq!(report.transitions as u32, state.round - 1);
    let log = read_log(&path).unwrap();
    assert_eq!(log.lines.last().unwrap().state.cells, state.cells);
    assert_eq!(log.meta["winner"].as_u64(), state.winner().map(u64::from));
}

/// Answers `change_nothing`, but only after sleeping past the deadline from round
/// `late_from` on.
struct Sleepy {
    late_from: u32,
}

impl speed::ai::Ai for Sleepy {
    fn name(&self) -> String {
        "sleepy".into()
    }

    fn decide(
        &mut self,
        state: &speed::GameState,
        _me: speed::state::PlayerId,
        deadline: std::time::Instant,
    ) -> speed::state::Action {
        if state.round >= self.late_from {
            std::thread::sleep(deadline.saturating_duration_since(std::time::Instant::now()));
            std::thread::sleep(Duration::from_millis(2));
        }
        speed::state::Action::ChangeNothing
    }
}

#[test]
fn the_log_records_how_each_round_ended() {
    use speed::golden::RoundEnd;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let mut state = speed::engine::seeded_setup(3, 2);
    let mut ais: Vec<Box<dyn speed::ai::Ai>> = vec![
        from_spec("not-killing-itself(1,0,2)", 1).unwrap(),
        Box::new(Sleepy { late_from: 3 }),
    ];
    let mut writer = GoldenWriter::new("t", vec![(1, "a".into()), (2, "sleepy".into())]);
    speed::game::play(&mut state, &mut ais, Duration::from_millis(300), |s, a| {
        writer.round(s, a);
    });
    writer.final_state(&state);
    writer.finish(&path).unwrap();
    let log = read_log(&path).unwrap();
    assert_eq!(check_file(&path).unwrap().divergence, None);
    let ends: Vec<_> = log.lines.iter().map(|l| l.ended_by).collect();
    // Rounds 1 and 2: both answered; round 3: the sleepy AI missed the deadline and is
    // out, which ends the game (or the other player survives alone).
    assert_eq!(
        ends[..3],
        [
            Some(RoundEnd::AllAnswered),
            Some(RoundEnd::AllAnswered),
            Some(RoundEnd::Deadline)
        ]
    );
    assert_eq!(ends.last(), Some(&None), "the final line has no phase");
    let deadline_rounds = ends
        .iter()
        .filter(|e| **e == Some(RoundEnd::Deadline))
        .count();
    assert_eq!(deadline_rounds, 1);
    assert_eq!(log.meta["rounds_ended_by_deadline"].as_u64(), Some(1));
}

#[test]
fn evaluation_games_are_seeded_and_summed_up() {
    let cfg = EvalConfig {
        games: 6,
        ais: vec![
            "random".into(),
            "not-killing-itself(1,0,2)".into(),
            "pathfinding(2,20)".into(),
        ],
        players: Some(2),
        seed: 42,
        budget: Duration::from_secs(1),
        board: None,
    };
    let key = |r: &GameResult| {
        (
            r.seed,
            r.width,
            r.height,
            r.rounds,
            r.winner,
            r.participants.clone(),
        )
    };
    let a: Vec<GameResult> = (0..cfg.games).map(|g| play_one(&cfg, g).unwrap()).collect();
    let b: Vec<GameResult> = (0..cfg.games)
        .rev()
        .map(|g| play_one(&cfg, g).unwrap())
        .collect();
    assert_eq!(
        a.iter().map(key).collect::<Vec<_>>(),
        b.iter().rev().map(key).collect::<Vec<_>>()
    );
    for (g, r) in a.iter().enumerate() {
        let specs: Vec<String> = r.participants.iter().map(|(_, s)| s.clone()).collect();
        assert_eq!(lineup(&cfg, g).unwrap(), specs);
        assert_eq!(r.seed, speed::eval::game_seed(42, g));
    }
    let drawn: std::collections::HashSet<Vec<String>> =
        (0..cfg.games).map(|g| lineup(&cfg, g).unwrap()).collect();
    assert!(drawn.len() > 1, "line-ups vary between games");
    let sum = summarize(&cfg, &a);
    assert_eq!(sum.iter().map(|s| s.games).sum::<usize>(), 12);
    let wins = a.iter().filter(|r| r.winner.is_some()).count();
    assert_eq!(sum.iter().map(|s| s.wins).sum::<usize>(), wins);
    let bad = EvalConfig {
        ais: vec!["nope".into(), "random".into()],
        ..cfg.clone()
    };
    assert!(play_one(&bad, 0).is_err());
    let too_many = EvalConfig {
        players: Some(4),
        ..cfg
    };
    assert!(
        lineup(&too_many, 0)
            .unwrap_err()
            .to_string()
            .contains("players per game")
    );
}

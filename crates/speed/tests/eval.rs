//! Offline games: recorded logs replay exactly and record how rounds ended; evaluation
//! games are seeded.

use std::time::Duration;

use speed::ai::BOTS;
use speed::eval::{EvalConfig, EvalGame, lineup, play_eval_game, summarize};
use speed::golden::{GoldenWriter, check_file, read_log};

#[test]
fn a_recorded_offline_game_replays_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.jsonl");
    let mut state = speed::engine::seeded_setup(5, 3);
    let mut ais: Vec<_> = ["random", "not-killing-itself(2,0,2)", "pathfinding(2,20)"]
        .iter()
        .map(|s| BOTS.build(s, 9).unwrap())
        .collect();
    let names = state
        .players
        .iter()
        .map(|p| p.id)
        .zip(ais.iter().map(|a| a.name()))
        .collect();
    let mut writer = GoldenWriter::new("t", names);
    speed::play_game(&mut state, &mut ais, Duration::from_secs(1), |s, a| {
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

impl speed::Bot for Sleepy {
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
    let mut ais: Vec<Box<dyn speed::Bot>> = vec![
        BOTS.build("not-killing-itself(1,0,2)", 1).unwrap(),
        Box::new(Sleepy { late_from: 3 }),
    ];
    let mut writer = GoldenWriter::new("t", vec![(1, "a".into()), (2, "sleepy".into())]);
    speed::play_game(&mut state, &mut ais, Duration::from_millis(300), |s, a| {
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
    let key = |r: &EvalGame| {
        (
            r.seed,
            r.width,
            r.height,
            r.rounds,
            r.winner,
            r.participants.clone(),
        )
    };
    let a: Vec<EvalGame> = (0..cfg.games)
        .map(|g| play_eval_game(&cfg, g).unwrap())
        .collect();
    let b: Vec<EvalGame> = (0..cfg.games)
        .rev()
        .map(|g| play_eval_game(&cfg, g).unwrap())
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
    assert!(play_eval_game(&bad, 0).is_err());
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

/// Decision-time statistics as `botforge speed eval` prints them: one row per spec even
/// when it holds several seats (five equal opponents), and the decisions over budget.
#[test]
fn summaries_merge_repeated_specs_and_count_late_decisions() {
    let cfg = EvalConfig {
        games: 2,
        ais: vec!["champion".into(), "random".into(), "random".into()],
        players: Some(3),
        seed: 1,
        budget: Duration::from_millis(10),
        board: None,
    };
    let game = |index: usize, winner: Option<u8>, times_us: Vec<Vec<u64>>| EvalGame {
        index,
        seed: 0,
        width: 40,
        height: 40,
        rounds: 3,
        participants: vec![
            (1, "random".into()),
            (2, "champion".into()),
            (3, "random".into()),
        ],
        winner,
        times_us,
    };
    let results = [
        game(0, Some(3), vec![vec![1, 2], vec![5_000, 20_000], vec![3]]),
        game(1, None, vec![vec![10_001], vec![10_000], vec![4, 5]]),
    ];
    let sum = summarize(&cfg, &results);
    assert_eq!(sum.len(), 2);
    assert_eq!(
        (sum[0].bot.as_str(), sum[0].games, sum[0].wins, sum[0].draws),
        ("champion", 2, 0, 1)
    );
    assert_eq!(sum[0].time_us, (10_000, 20_000, 20_000));
    assert_eq!(sum[0].late, 1);
    assert_eq!(
        (sum[1].bot.as_str(), sum[1].games, sum[1].wins, sum[1].draws),
        ("random", 2, 1, 1)
    );
    assert_eq!(sum[1].late, 1);
    assert_eq!(sum[1].time_us.2, 10_001);
}

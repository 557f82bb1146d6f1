//! End-to-end: the server on a loopback port, `online` clients and hand-written
//! misbehaving clients over real websockets; the server's and the clients' logs must
//! replay exactly with the golden checker.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::time::Duration;

use futures_util::{SinkExt as _, StreamExt as _};
use speed::engine::AnswerStatus;
use speed::golden::{RoundEnd, check, read_log};
use speed::net::NetError;
use speed::net::client::{ClientConfig, GameReport, Outcome, play, with_key};
use speed::net::server::{GameSummary, Server, ServerConfig};
use speed::protocol::parse_state;
use speed::state::{Action, PlayerId};
use tokio_tungstenite::tungstenite::Message;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn assert_replays(path: &Path) -> usize {
    let log = read_log(path).unwrap();
    let report = check(&log);
    assert_eq!(report.divergence, None, "{}", path.display());
    assert_eq!(report.transitions, log.lines.len() - 1);
    report.transitions
}

fn client(base: &str, key: &str, ai: &str, seed: u64, log: &Path) -> ClientConfig {
    ClientConfig {
        url: with_key(base, key),
        time_url: None,
        ai: ai.into(),
        seed,
        margin: Duration::from_millis(100),
        think: Some(Duration::from_millis(15)),
        log: Some(log.to_path_buf()),
        ..ClientConfig::new("", "")
    }
}

fn check_client(report: &GameReport, summary: &GameSummary, log: &Path) {
    let me = report.me.expect("player id");
    let fin = &summary.final_state;
    let p = fin.player(me).unwrap();
    match &report.outcome {
        Outcome::Won => assert_eq!(fin.winner(), Some(me)),
        Outcome::Lost { winner } => assert_eq!(fin.winner(), Some(*winner)),
        Outcome::Draw => assert_eq!(fin.winner(), None),
        Outcome::Eliminated { .. } => assert!(!p.active),
        Outcome::ConnectionLost { message, .. } => panic!("connection lost: {message}"),
    }
    assert_eq!(
        report.answers,
        report.rounds - u32::from(matches!(report.outcome, Outcome::Eliminated { .. }))
    );
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert!(report.offset_ms.abs() < 1000, "offset {}", report.offset_ms);
    assert!(assert_replays(log) >= 1);
}

#[test]
fn complete_games_with_online_clients_replay_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("server");
    runtime().block_on(async {
        let config = ServerConfig {
            players: Some(3),
            fill: vec!["random".into()],
            wait: Duration::from_millis(1500),
            seed: 11,
            log_dir: Some(logs.clone()),
            games: Some(2),
            round_secs: (2, 2),
            grace: Duration::from_millis(500),
            ai_budget: Duration::from_millis(5),
            ..ServerConfig::default()
        };
        let server = Server::bind("127.0.0.1:0", config).await.unwrap();
        let base = format!("ws://{}/spe_ed", server.local_addr().unwrap());
        let srv = tokio::spawn(server.run());
        let mut reports = Vec::new();
        for (game, ais) in [
            ["champion", "random"],
            ["pathfinding(2,75)", "not-killing-itself(1,0,3)"],
        ]
        .iter()
        .enumerate()
        {
            let mut tasks = Vec::new();
            for (k, ai) in ais.iter().enumerate() {
                let log = dir.path().join(format!("client-{game}-{k}.jsonl"));
                let cfg = client(&base, &format!("g{game}k{k}"), ai, k as u64, &log);
                tasks.push(tokio::spawn(async move { (play(&cfg).await, log) }));
            }
            let mut done = Vec::new();
            for t in tasks {
                let (r, log) = t.await.unwrap();
                done.push((r.unwrap(), log));
            }
            reports.push(done);
        }
        let summaries = tokio::time::timeout(Duration::from_mins(1), srv)
            .await
            .expect("server finishes")
            .unwrap()
            .unwrap();
        assert_eq!(summaries.len(), 2);
        for (summary, clients) in summaries.iter().zip(&reports) {
            let kinds: Vec<&str> = summary
                .controllers
                .iter()
                .map(|(_, c)| c.as_str())
                .collect();
            assert_eq!(kinds, ["websocket", "websocket", "random"]);
            assert!(!summary.final_state.running);
            assert!(summary.final_state.players.iter().all(|p| p.name.is_some()));
            let path = summary.log.as_ref().unwrap();
            assert_eq!(assert_replays(path), summary.rounds as usize);
            eprintln!("game {}: {} rounds", summary.index, summary.rounds);
            for (report, log) in clients {
                check_client(report, summary, log);
            }
        }
    });
}

/// A raw client: connects, then per state either sends the `script(round)` texts
/// (`sleep:MS` pauses) or closes; returns its id and the number of states received.
async fn raw_client(url: String, script: fn(u32) -> Option<Vec<String>>) -> (PlayerId, u32) {
    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap();
    let (mut me, mut n) = (0, 0);
    while let Some(Ok(msg)) = ws.next().await {
        let Message::Text(t) = msg else { continue };
        let s = parse_state(t.as_str()).unwrap();
        me = s.you;
        n += 1;
        if !s.running {
            break;
        }
        let Some(texts) = script(n) else {
            let _ = ws.close(None).await;
            return (me, n);
        };
        for text in texts {
            if let Some(ms) = text.strip_prefix("sleep:") {
                tokio::time::sleep(Duration::from_millis(ms.parse().unwrap())).await;
            } else {
                ws.send(Message::text(text)).await.unwrap();
            }
        }
    }
    (me, n)
}

#[test]
fn misbehaving_clients_are_eliminated_as_the_spec_says() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let config = ServerConfig {
            players: Some(6),
            fill: vec!["random".into()],
            wait: Duration::from_secs(20),
            seed: 5,
            log_dir: Some(dir.path().to_path_buf()),
            games: Some(1),
            round_secs: (1, 1),
            grace: Duration::from_millis(300),
            ai_budget: Duration::from_millis(5),
            ..ServerConfig::default()
        };
        let server = Server::bind("127.0.0.1:0", config).await.unwrap();
        let base = format!("ws://{}/spe_ed", server.local_addr().unwrap());
        let srv = tokio::spawn(server.run());

        let invalid = tokio::spawn(raw_client(with_key(&base, "invalid"), |_| {
            Some(vec![r#"{"action":"Turn_Left"}"#.into()])
        }));
        tokio::time::sleep(Duration::from_millis(200)).await;
        // The same key again: 429; an empty key: 403.
        let log = dir.path().join("rejected.jsonl");
        for (key, code) in [("invalid", "429"), ("", "403")] {
            let err = play(&client(&base, key, "random", 0, &log))
                .await
                .unwrap_err();
            assert!(
                matches!(&err, NetError::Connect { message, .. } if message.contains(code)),
                "{err}"
            );
        }
        let garbage = tokio::spawn(raw_client(with_key(&base, "garbage"), |_| {
            Some(vec!["not json".into()])
        }));
        let silent = tokio::spawn(raw_client(with_key(&base, "silent"), |_| Some(vec![])));
        let dup = tokio::spawn(raw_client(with_key(&base, "dup"), |_| {
            Some(vec![
                r#"{"action":"turn_right"}"#.into(),
                r#"{"ACTION":"change_nothing"}"#.into(),
            ])
        }));
        let closer = tokio::spawn(raw_client(with_key(&base, "closer"), |_| None));
        let good_log = dir.path().join("good.jsonl");
        let good = play(&client(&base, "good", "champion", 3, &good_log))
            .await
            .unwrap();

        let (invalid, garbage, silent, dup, closer) = (
            invalid.await.unwrap(),
            garbage.await.unwrap(),
            silent.await.unwrap(),
            dup.await.unwrap(),
            closer.await.unwrap(),
        );
        let summaries = tokio::time::timeout(Duration::from_secs(30), srv)
            .await
            .expect("server finishes")
            .unwrap()
            .unwrap();
        let summary = &summaries[0];
        assert_eq!(summary.rounds, 1);
        assert_eq!(good.outcome, Outcome::Won);
        assert_eq!(summary.final_state.winner(), good.me);
        // Everyone still connected got the round-1 state and the final state.
        for (id, n) in [invalid, garbage, silent, dup] {
            assert!(id >= 1);
            assert_eq!(n, 2, "player {id}");
        }
        assert_eq!(closer.1, 1);
        let log = read_log(summary.log.as_ref().unwrap()).unwrap();
        assert!(check(&log).divergence.is_none());
        let answers = log.lines[0].answers.clone().unwrap();
        let of = |id: PlayerId| answers[log.lines[0].state.player_index(id).unwrap()];
        assert_eq!(of(good.me.unwrap()).status, AnswerStatus::Ok);
        assert_eq!(
            (of(invalid.0).status, of(invalid.0).action),
            (AnswerStatus::Invalid, None)
        );
        assert_eq!(
            (of(garbage.0).status, of(garbage.0).action),
            (AnswerStatus::Closed, None)
        );
        assert_eq!(
            (of(silent.0).status, of(silent.0).action),
            (AnswerStatus::Missing, None)
        );
        // The silent client kept the phase open until the deadline.
        assert_eq!(log.lines[0].ended_by, Some(RoundEnd::Deadline));
        assert_eq!(log.meta["rounds_ended_by_deadline"].as_u64(), Some(1));
        assert_eq!(
            (of(dup.0).status, of(dup.0).action),
            (AnswerStatus::Duplicate, Some(Action::TurnRight))
        );
        assert_eq!(
            (of(closer.0).status, of(closer.0).action),
            (AnswerStatus::Closed, None)
        );
        // The duplicate's first answer is still applied: it turned but did not move.
        let (before, after) = (&log.lines[0].state, &log.lines[1].state);
        let (b, a) = (before.player(dup.0).unwrap(), after.player(dup.0).unwrap());
        assert_eq!(
            (a.direction, a.x, a.y, a.active),
            (b.direction.right(), b.x, b.y, false)
        );
        assert_replays(&good_log);
    });
}

#[test]
fn an_extra_answer_after_the_phase_closed_is_the_next_rounds_answer() {
    let dir = tempfile::tempdir().unwrap();
    runtime().block_on(async {
        let config = ServerConfig {
            players: Some(2),
            fill: vec!["not-killing-itself(1,0,3)".into()],
            wait: Duration::from_millis(200),
            seed: 9,
            log_dir: Some(dir.path().to_path_buf()),
            games: Some(1),
            round_secs: (2, 2),
            grace: Duration::from_millis(300),
            ai_budget: Duration::from_millis(5),
            ..ServerConfig::default()
        };
        let server = Server::bind("127.0.0.1:0", config).await.unwrap();
        let base = format!("ws://{}/spe_ed", server.local_addr().unwrap());
        let srv = tokio::spawn(server.run());
        // Round 1: two answers 150 ms apart; this client is the last to answer, so the
        // phase closes at the first and the second is queued for round 2, in which the
        // client sends nothing itself.
        let (me, _) = raw_client(with_key(&base, "early"), |n| match n {
            1 => Some(vec![
                r#"{"action":"turn_right"}"#.into(),
                "sleep:150".into(),
                r#"{"action":"turn_left"}"#.into(),
            ]),
            2 => Some(vec![]),
            _ => Some(vec![r#"{"action":"change_nothing"}"#.into()]),
        })
        .await;
        let summaries = tokio::time::timeout(Duration::from_secs(30), srv)
            .await
            .expect("server finishes")
            .unwrap()
            .unwrap();
        let log = read_log(summaries[0].log.as_ref().unwrap()).unwrap();
        assert!(check(&log).divergence.is_none());
        let answer = |line: usize| {
            let l = &log.lines[line];
            l.answers.as_ref().unwrap()[l.state.player_index(me).unwrap()]
        };
        assert_eq!(
            (answer(0).status, answer(0).action),
            (AnswerStatus::Ok, Some(Action::TurnRight))
        );
        assert_eq!(
            (answer(1).status, answer(1).action),
            (AnswerStatus::Ok, Some(Action::TurnLeft))
        );
        // Every phase closed as soon as both had answered, well before the 2 s deadline.
        let (last, running) = log.lines.split_last().unwrap();
        assert!(
            running
                .iter()
                .all(|l| l.ended_by == Some(RoundEnd::AllAnswered))
        );
        assert_eq!(last.ended_by, None);
        assert_eq!(log.meta["rounds_ended_by_deadline"].as_u64(), Some(0));
    });
}

//! The online client's message state machine without a network: malformed and
//! unexpected messages give clear errors and change nothing, rounds are counted for
//! the hole rule, the inferred answers replay exactly, and fuzzed input never panics.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use proptest::prelude::*;
use rand::{Rng as _, SeedableRng as _};
use speed::engine::{seeded_setup, step};
use speed::net::NetError;
use speed::net::client::{Event, Session, infer_answers, time_plan};
use speed::net::clock::{format_rfc3339, now_millis};
use speed::protocol::state_to_json;
use speed::state::{Action, GameState};
use tokio_tungstenite::tungstenite::Message;

fn state(seed: u64, you: u8) -> GameState {
    let mut s = seeded_setup(seed, 3);
    s.you = you;
    s.deadline = Some(format_rfc3339(now_millis() + 5000));
    s
}

fn json(s: &GameState) -> String {
    state_to_json(s)
}

#[test]
fn malformed_json_is_an_error_naming_the_message_and_changes_nothing() {
    let mut session = Session::new("random");
    let err = session.on_text("{\"width\": 10,").unwrap_err();
    assert!(matches!(err, NetError::Protocol { index: 1, .. }), "{err}");
    assert_eq!(session.round(), 0);
    let err = session
        .on_text(&json(&state(1, 1)).replace("\"speed\":1", "\"speed\":\"fast\""))
        .unwrap_err();
    assert!(err.to_string().contains("players.1.speed"), "{err}");
    assert_eq!(session.round(), 0);
    match session.on_text(&json(&state(1, 1))).unwrap() {
        Event::Decide(s) => assert_eq!((s.round, s.you), (1, 1)),
        other => panic!("{other:?}"),
    }
    assert_eq!(session.round(), 1);
}

#[test]
fn unexpected_messages_are_errors() {
    let mut session = Session::new("random");
    let err = session.on_text(&json(&state(1, 9))).unwrap_err();
    assert!(
        err.to_string().contains("`you` = 9 is not a player"),
        "{err}"
    );
    let mut no_deadline = state(1, 1);
    no_deadline.deadline = None;
    let err = session.on_text(&json(&no_deadline)).unwrap_err();
    assert!(err.to_string().contains("without `deadline`"), "{err}");
    let err = session
        .on_message(&Message::Binary(vec![1, 2, 3].into()))
        .unwrap_err();
    assert!(err.to_string().contains("binary frame"), "{err}");
    assert_eq!(
        session.on_message(&Message::Ping(vec![].into())).unwrap(),
        Event::Ignore
    );
    assert!(matches!(
        session.on_message(&Message::Close(None)).unwrap_err(),
        NetError::Connection(_)
    ));
    assert!(matches!(
        session.on_text("[1,2]").unwrap_err(),
        NetError::Protocol { .. }
    ));
    session.on_text(&json(&state(1, 1))).unwrap();
    let err = session.on_text(&json(&state(1, 2))).unwrap_err();
    assert!(err.to_string().contains("`you` changed"), "{err}");
    let err = session.on_text(&json(&state(2, 1))).unwrap_err();
    assert!(err.to_string().contains("board size"), "{err}");
    assert_eq!(session.round(), 1);
}

#[test]
fn rounds_elimination_and_end() {
    let mut session = Session::new("random");
    let mut s = state(3, 2);
    for r in 1..=7 {
        match session.on_text(&json(&s)).unwrap() {
            Event::Decide(got) => assert_eq!(got.round, r),
            other => panic!("{other:?}"),
        }
        s.round = r;
        speed::engine::step_actions(&mut s, &[Some(Action::ChangeNothing); 3]);
        s.deadline = Some(format_rfc3339(now_millis() + 5000));
    }
    let mut out = s.clone();
    out.players[1].active = false;
    assert!(matches!(
        session.on_text(&json(&out)).unwrap(),
        Event::Eliminated(_)
    ));
    assert!(session.done());
    assert_eq!(session.on_text(&json(&out)).unwrap(), Event::Ignore);

    let mut fin = Session::new("random");
    let mut f = state(4, 1);
    f.running = false;
    f.deadline = None;
    assert!(matches!(
        fin.on_text(&json(&f)).unwrap(),
        Event::Finished(_)
    ));
    assert_eq!(fin.on_text("garbage").unwrap(), Event::Ignore);
    assert!(fin.into_log_text().is_some());
}

#[test]
fn time_plan_respects_offset_margin_and_cap() {
    let deadline = format_rfc3339(now_millis() + 3000);
    let (think, send) =
        time_plan(&deadline, 0, std::time::Duration::from_millis(400), None).unwrap();
    assert!(think < send);
    let left = send.saturating_duration_since(std::time::Instant::now());
    assert!(left <= std::time::Duration::from_millis(2800), "{left:?}");
    // A server clock 10 s ahead: the deadline is already past locally.
    let (think, send) = time_plan(&deadline, 10_000, std::time::Duration::ZERO, None).unwrap();
    assert!(send <= std::time::Instant::now() && think <= send);
    let (think, _) = time_plan(
        &deadline,
        0,
        std::time::Duration::ZERO,
        Some(std::time::Duration::from_millis(5)),
    )
    .unwrap();
    assert!(think <= std::time::Instant::now() + std::time::Duration::from_millis(5));
    assert!(time_plan("soon", 0, std::time::Duration::ZERO, None).is_err());
}

/// Plays a random game (random actions, some missing answers) and checks that the
/// answers inferred from each pair of states reproduce the next state.
fn inferred_answers_replay(seed: u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let n = rng.random_range(2..=6);
    let mut s = seeded_setup(seed, n);
    while s.running && s.round < 300 {
        let actions: Vec<Option<Action>> = (0..n)
            .map(|_| {
                (rng.random_range(0..20) != 0).then(|| {
                    // Mostly straight so games last; every action occurs.
                    if rng.random_range(0..3) == 0 {
                        Action::ALL[rng.random_range(0..5)]
                    } else {
                        Action::ChangeNothing
                    }
                })
            })
            .collect();
        let prev = s.clone();
        speed::engine::step_actions(&mut s, &actions);
        let mut replay = prev.clone();
        step(&mut replay, &infer_answers(&prev, &s));
        assert_eq!(
            speed::golden::compare(&replay, &s),
            None,
            "seed {seed} round {}",
            prev.round
        );
    }
}

#[test]
fn inferred_answers_replay_random_games() {
    for seed in 0..40 {
        inferred_answers_replay(seed);
    }
}

proptest! {
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let mut session = Session::new("random");
        let _ = session.on_text(&text);
    }

    #[test]
    fn mutated_states_never_panic(seed in 0u64..50, cut in 0usize..4000, pos in 0usize..4000, byte in 0u8..128) {
        let valid = json(&state(seed, 1));
        let mut session = Session::new("random");
        let cut = cut.min(valid.len());
        let _ = session.on_text(&valid[..cut]);
        let mut bytes = valid.into_bytes();
        let pos = pos % bytes.len();
        bytes[pos] = byte;
        let _ = session.on_text(&String::from_utf8_lossy(&bytes));
        let _ = session.on_text(&json(&state(seed, 1)));
    }
}

/// `wss://` and `https://` are supported (TLS via rustls + ring with the webpki roots): a
/// closed loopback port fails at the TCP connect, not for want of TLS support.
#[tokio::test]
async fn tls_urls_are_supported() {
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let config = speed::net::client::ClientConfig::new(
        format!("wss://127.0.0.1:{port}/spe_ed?key=k"),
        "random",
    );
    let err = speed::net::client::play(&config)
        .await
        .unwrap_err()
        .to_string();
    assert!(!err.to_lowercase().contains("tls"), "{err}");
    assert!(err.contains("127.0.0.1"), "{err}");
    let err = speed::net::clock::clock_offset(
        &format!("https://127.0.0.1:{port}/spe_ed_time"),
        std::time::Duration::from_secs(2),
    )
    .await
    .unwrap_err()
    .to_string();
    assert!(err.contains("connecting to"), "{err}");
}

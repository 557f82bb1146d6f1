//! Connection limits of `speed serve` (docs/limits.md): idle and half-sent connections
//! are closed after the handshake time-out, and a real pair of players gets in and plays
//! while idle sockets hold every connection slot.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use speed::net::client::{ClientConfig, Outcome, play, with_key};
use speed::net::http::Limits;
use speed::net::server::{Server, ServerConfig};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const HANDSHAKE: Duration = Duration::from_millis(500);

/// Reads until the server closes the connection; panics if it is still open after 10 s.
async fn closed_within(mut s: TcpStream) -> Duration {
    let t = Instant::now();
    let mut buf = Vec::new();
    let r = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf)).await;
    assert!(r.is_ok(), "the connection is still open after 10 s");
    t.elapsed()
}

#[test]
fn idle_connections_are_closed_and_a_real_pair_still_plays_at_the_cap() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let config = ServerConfig {
            players: Some(2),
            fill: vec!["random".into()],
            wait: Duration::from_mins(1),
            games: Some(1),
            round_secs: (1, 1),
            grace: Duration::from_millis(300),
            ai_budget: Duration::from_millis(5),
            limits: Limits {
                max_connections: 8,
                handshake_timeout: HANDSHAKE,
                ..Limits::default()
            },
            ..ServerConfig::default()
        };
        let server = Server::bind("127.0.0.1:0", config).await.unwrap();
        let addr = server.local_addr().unwrap();
        let srv = tokio::spawn(server.run());
        // Nine idle or half-sent sockets: more than the cap.
        let mut idle = Vec::new();
        for k in 0..9 {
            let mut s = TcpStream::connect(addr).await.unwrap();
            if k % 3 == 0 {
                s.write_all(b"GET /spe_ed?key=x HTTP/1.1\r\nHost: x\r\n")
                    .await
                    .unwrap();
            }
            idle.push(s);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        let base = format!("ws://{addr}/spe_ed");
        let players = ["a", "b"].map(|k| {
            let cfg = ClientConfig {
                think: Some(Duration::from_millis(5)),
                margin: Duration::from_millis(100),
                ..ClientConfig::new(with_key(&base, k), "random")
            };
            tokio::spawn(async move { play(&cfg).await })
        });
        let closes: Vec<Duration> =
            futures_util::future::join_all(idle.into_iter().map(closed_within)).await;
        for took in closes {
            assert!(took < HANDSHAKE * 8, "closed only after {took:?}");
        }
        for p in players {
            let report = tokio::time::timeout(Duration::from_mins(1), p)
                .await
                .expect("the game must end")
                .unwrap()
                .unwrap();
            assert!(
                !matches!(report.outcome, Outcome::ConnectionLost { .. }),
                "{report:?}"
            );
        }
        let summaries = srv.await.unwrap().unwrap();
        assert_eq!(summaries.len(), 1);
        let controllers: Vec<&str> = summaries[0]
            .controllers
            .iter()
            .map(|(_, c)| c.as_str())
            .collect();
        assert_eq!(controllers, ["websocket", "websocket"]);
    });
}

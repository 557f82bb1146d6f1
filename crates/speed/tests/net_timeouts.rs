//! Hostile servers: one that accepts TCP but never upgrades, one that upgrades and then
//! stays silent. The online client gives up at its connect or idle limit.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use speed::net::client::{ClientConfig, Outcome, play};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

fn config(port: u16) -> ClientConfig {
    ClientConfig {
        connect_timeout: Duration::from_millis(500),
        idle_timeout: Duration::from_millis(500),
        ..ClientConfig::new(format!("ws://127.0.0.1:{port}/spe_ed?key=k"), "random")
    }
}

#[test]
fn a_server_that_never_upgrades_is_a_connect_error() {
    runtime().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let held = tokio::spawn(async move {
            let mut open = Vec::new();
            while let Ok((sock, _)) = listener.accept().await {
                open.push(sock);
            }
        });
        let started = Instant::now();
        let cfg = config(port);
        let err = tokio::time::timeout(Duration::from_secs(20), play(&cfg))
            .await
            .expect("the client must give up")
            .unwrap_err();
        assert!(err.to_string().contains("handshake"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(10));
        held.abort();
    });
}

#[test]
fn a_silent_server_loses_the_connection() {
    runtime().block_on(async {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(async move {
            let mut open = Vec::new();
            while let Ok((sock, _)) = listener.accept().await {
                if let Ok(ws) = tokio_tungstenite::accept_async(sock).await {
                    open.push(ws);
                }
            }
        });
        let cfg = config(port);
        let report = tokio::time::timeout(Duration::from_secs(20), play(&cfg))
            .await
            .expect("the client must give up")
            .unwrap();
        match report.outcome {
            Outcome::ConnectionLost { message, .. } => {
                assert!(message.contains("no message"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        server.abort();
    });
}

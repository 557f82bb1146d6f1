//! Connection limits of the viewer (docs/limits.md): idle, half-sent and idle keep-alive
//! connections are closed after the handshake time-out, and with the connection cap
//! reached by idle sockets a real request is served once they time out.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

const HANDSHAKE: Duration = Duration::from_millis(400);

async fn start(root: &std::path::Path, cap: usize) -> SocketAddr {
    start_limited(
        root,
        viewer::Limits {
            max_connections: cap,
            handshake_timeout: HANDSHAKE,
            ..viewer::Limits::default()
        },
    )
    .await
}

async fn start_limited(root: &std::path::Path, limits: viewer::Limits) -> SocketAddr {
    let config = viewer::ViewerConfig {
        db: root.join("none.db"),
        root: root.to_path_buf(),
    };
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        viewer::serve_limited("127.0.0.1:0".parse().unwrap(), config, limits, |a| {
            tx.send(a).unwrap();
        })
        .await
        .unwrap();
    });
    rx.await.unwrap()
}

/// Reads until the server closes the connection; panics if it is still open after 10 s.
async fn closed_within(mut s: TcpStream) -> (Duration, String) {
    let t = Instant::now();
    let mut buf = Vec::new();
    let r = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf)).await;
    assert!(r.is_ok(), "the connection is still open after 10 s");
    (t.elapsed(), String::from_utf8_lossy(&buf).into_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_half_sent_and_idle_keep_alive_connections_are_closed() {
    let dir = tempfile::tempdir().unwrap();
    let addr = start(dir.path(), 64).await;
    let idle = TcpStream::connect(addr).await.unwrap();
    let mut half = TcpStream::connect(addr).await.unwrap();
    half.write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let mut kept = TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /assets/ants.js HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let (a, b, c) = tokio::join!(
        closed_within(idle),
        closed_within(half),
        closed_within(kept)
    );
    for (took, _) in [&a, &b, &c] {
        assert!(*took < HANDSHAKE * 10, "closed only after {took:?}");
    }
    // The kept-alive connection got its answer before it was closed.
    assert!(c.1.starts_with("HTTP/1.1 200"), "{}", c.1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_request_is_served_once_idle_connections_at_the_cap_time_out() {
    let dir = tempfile::tempdir().unwrap();
    let addr = start(dir.path(), 4).await;
    let mut idle = Vec::new();
    for _ in 0..6 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    let t = Instant::now();
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (_, text) = closed_within(s).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(t.elapsed() < Duration::from_secs(8), "{:?}", t.elapsed());
    for s in idle {
        closed_within(s).await;
    }
}

/// A request whose body never arrives is answered `408 Request Timeout` once the request
/// time-out has passed (here 500 ms; 30 s by default).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_whose_body_never_arrives_gets_408() {
    let dir = tempfile::tempdir().unwrap();
    let timeout = Duration::from_millis(500);
    let addr = start_limited(
        dir.path(),
        viewer::Limits {
            max_connections: 64,
            handshake_timeout: HANDSHAKE,
            request_timeout: timeout,
        },
    )
    .await;
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(
        b"POST /api/speed/log HTTP/1.1\r\nHost: x\r\ncontent-type: text/plain\r\ncontent-length: 100\r\n\r\n0123456789",
    )
    .await
    .unwrap();
    let (took, text) = closed_within(s).await;
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(took >= timeout && took < timeout * 10, "{took:?}");
}

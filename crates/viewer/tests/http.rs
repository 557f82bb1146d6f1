//! The viewer's routes over a real loopback socket.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};

async fn start(root: &std::path::Path, db: &std::path::Path) -> SocketAddr {
    let app = viewer::router(viewer::ViewerConfig {
        db: db.to_path_buf(),
        root: root.to_path_buf(),
    })
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

/// A minimal HTTP/1.1 GET returning (status, body).
async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).into_owned();
    let status = text[9..12].parse().unwrap();
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    (status, body)
}

#[tokio::test]
async fn pages_assets_files_and_games() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.replay"), "{\"replaydata\":{}}").unwrap();
    let db = dir.path().join("results.db");
    let addr = start(dir.path(), &db).await;

    let (status, body) = get(addr, "/").await;
    assert_eq!(status, 200);
    assert!(body.contains("Recent games"));
    let (status, body) = get(addr, "/ants").await;
    assert_eq!(status, 200);
    assert!(body.contains("/assets/ants.js"));
    let (status, body) = get(addr, "/assets/ants.js").await;
    assert_eq!(status, 200);
    assert!(body.contains("class AntsReplay"));
    assert_eq!(get(addr, "/assets/nope.js").await.0, 404);

    let (status, body) = get(addr, "/api/file?path=g.replay").await;
    assert_eq!((status, body.as_str()), (200, "{\"replaydata\":{}}"));
    assert_eq!(get(addr, "/api/file?path=../etc/passwd").await.0, 404);
    assert_eq!(get(addr, "/api/file?path=/etc/passwd").await.0, 404);

    assert_eq!(get(addr, "/api/games").await, (200, "[]".to_owned()));
    {
        let mut store = arena::Store::open(&db).unwrap();
        let job = arena::Job {
            key: "k".into(),
            game: "ants".into(),
            map: "m.map".into(),
            seed: 5,
            index: 0,
            seats: vec!["a".into()],
            specs: vec!["a".into()],
        };
        let result = arena::MatchResult {
            turns: 3,
            outcome: "turn limit reached".into(),
            replay: Some("g.replay".into()),
            details: serde_json::Value::Null,
            seats: vec![arena::SeatResult {
                bot: "a".into(),
                score: 1.0,
                rank: 0,
                status: "survived".into(),
            }],
        };
        store.insert("run1", &job, &result).unwrap();
    }
    let (status, body) = get(addr, "/api/games").await;
    assert_eq!(status, 200);
    let games: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(games[0]["run"], "run1");
    assert_eq!(games[0]["replay"], "g.replay");
    assert_eq!(games[0]["seats"][0]["bot"], "a");
}

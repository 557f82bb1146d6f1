//! `GET /api/ants/visualizer?replay=…`: the bots' drawings stored beside a replay as
//! `NAME.visualizer.json` are served when valid, absent is no content, and a malformed, too
//! large or escaping file is refused with the reason.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[path = "support/router.rs"]
mod router;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use axum::Router;
use axum::http::StatusCode;
use serde_json::Value;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

fn app(root: &Path) -> Router {
    viewer::router(viewer::ViewerConfig {
        db: root.join("none.db"),
        root: root.to_path_buf(),
    })
    .unwrap()
}

async fn get(app: &Router, replay: &str) -> (StatusCode, Vec<u8>) {
    let mut uri = String::from("/api/ants/visualizer?replay=");
    for b in replay.bytes() {
        if b.is_ascii_alphanumeric() || b"-_./".contains(&b) {
            uri.push(b as char);
        } else {
            write!(uri, "%{b:02X}").unwrap();
        }
    }
    router::get(app, &uri).await
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[tokio::test]
async fn the_file_beside_the_fixture_replay_is_served_as_stored() {
    let root = workspace();
    let (status, body) = get(&app(&root), "crates/viewer/tests/data/ants-viz.replay").await;
    assert_eq!(status, StatusCode::OK, "{}", text(&body));
    let stored =
        std::fs::read(root.join("crates/viewer/tests/data/ants-viz.visualizer.json")).unwrap();
    assert_eq!(body, stored);
    let v: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(v["format"], viewer::visualizer::VISUALIZER_FORMAT);
    assert_eq!(v["players"], 2);
}

#[tokio::test]
async fn absent_malformed_too_large_and_escaping_files() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    let app = app(&root);
    std::fs::write(root.join("none.replay"), "{}").unwrap();
    // No file: no content, no error (the game has no drawings).
    let (status, body) = get(&app, "none.replay").await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{}", text(&body));
    assert!(body.is_empty());
    // A replay named NAME.json has NAME.visualizer.json beside it.
    let good = r#"{"format":"botforge-visualizer-1","players":1,"turns":[{"turn":3,"player":0,"lines":["v tile 1 1","i 1 1 hi"]}]}"#;
    std::fs::write(root.join("g.visualizer.json"), good).unwrap();
    let (status, body) = get(&app, "g.json").await;
    assert_eq!(status, StatusCode::OK, "{}", text(&body));
    assert_eq!(text(&body), good);
    let abs = root.join("g.replay");
    let (status, _) = get(&app, abs.to_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    // Malformed: 422 naming the file and the reason.
    for (name, content, reason) in [
        ("trunc", &b"{\"format\":\"botforge-visualizer-1\",\"play"[..], "EOF"),
        (
            "format",
            br#"{"format":"botforge-visualizer-2","players":1,"turns":[]}"#,
            "expected \"botforge-visualizer-1\"",
        ),
        (
            "player",
            br#"{"format":"botforge-visualizer-1","players":2,"turns":[{"turn":0,"player":2,"lines":[]}]}"#,
            "player 2 of 2",
        ),
        (
            "order",
            br#"{"format":"botforge-visualizer-1","players":1,"turns":[{"turn":0,"player":0,"lines":["o 1 1 n"]}]}"#,
            "no visualizer command",
        ),
        ("binary", b"\xff\x00\xfe", "not a visualizer file"),
    ] {
        std::fs::write(root.join(format!("{name}.visualizer.json")), content).unwrap();
        let (status, body) = get(&app, &format!("{name}.replay")).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}");
        let msg = text(&body);
        assert!(
            msg.contains(&format!("{name}.visualizer.json")) && msg.contains(reason),
            "{name}: {msg}"
        );
    }
    // Too large: refused before it is read (a sparse file).
    let big = std::fs::File::create(root.join("big.visualizer.json")).unwrap();
    big.set_len(viewer::visualizer::MAX_VISUALIZER_BYTES + 1)
        .unwrap();
    let (status, body) = get(&app, "big.replay").await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{}", text(&body));
    // Outside the root: refused, whether it exists or not.
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("x.visualizer.json"), good).unwrap();
    let out = outside.path().join("x.replay");
    for replay in [
        "../x.replay".to_owned(),
        "a/../../x.replay".to_owned(),
        out.to_str().unwrap().to_owned(),
        "/nonexistent/y.replay".to_owned(),
    ] {
        let (status, body) = get(&app, &replay).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{replay}: {}", text(&body));
    }
    // A symbolic link below the root to a file outside it is refused too.
    std::os::unix::fs::symlink(
        outside.path().join("x.visualizer.json"),
        root.join("link.visualizer.json"),
    )
    .unwrap();
    let (status, _) = get(&app, "link.replay").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // A directory of that name is no file.
    std::fs::create_dir(root.join("dir.visualizer.json")).unwrap();
    let (status, _) = get(&app, "dir.replay").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

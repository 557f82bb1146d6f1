//! The viewer over the workspace on a loopback port, as the HTTP and browser tests start it.
#![allow(dead_code)] // each test binary uses its own part of it

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The workspace root (the viewer's root in these tests).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// Starts the viewer over the workspace on a free loopback port and returns its address.
pub async fn start_viewer() -> SocketAddr {
    let dir = tempfile::tempdir().unwrap();
    let app = viewer::router(viewer::ViewerConfig {
        db: dir.path().join("none.db"),
        root: workspace(),
    })
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    addr
}

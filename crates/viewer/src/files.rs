//! `GET /api/file?path=…`: replays, logs and worlds from below the viewer's root directory.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::AppState;

/// Largest file served (replays of long 10-player games stay well below this).
const MAX_FILE: u64 = 256 * 1024 * 1024;

/// `?path=…`: a file below the viewer root.
#[derive(serde::Deserialize)]
pub struct FileQuery {
    /// The requested path (relative to the root, or absolute inside it).
    pub path: String,
}

/// Resolves `requested` inside `root`; `None` when it escapes it or does not exist.
pub fn resolve(root: &Path, requested: &str) -> Option<PathBuf> {
    let req = Path::new(requested);
    let joined = if req.is_absolute() {
        req.to_path_buf()
    } else {
        if req.components().any(|c| matches!(c, Component::ParentDir)) {
            return None;
        }
        root.join(req)
    };
    let real = joined.canonicalize().ok()?;
    (real.starts_with(root) && real.is_file()).then_some(real)
}

/// Reads a text file below the root, or the error response to send.
pub async fn read_below_root(state: &AppState, requested: &str) -> Result<String, Response> {
    let Some(path) = resolve(&state.root, requested) else {
        return Err((
            StatusCode::NOT_FOUND,
            format!("no such file below the viewer root: {requested}"),
        )
            .into_response());
    };
    match tokio::fs::metadata(&path).await {
        Ok(m) if m.len() > MAX_FILE => {
            return Err((StatusCode::PAYLOAD_TOO_LARGE, "file too large").into_response());
        }
        Ok(_) => {}
        Err(e) => return Err((StatusCode::NOT_FOUND, e.to_string()).into_response()),
    }
    tokio::fs::read_to_string(&path).await.map_err(|e| {
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{requested}: {e}"),
        )
            .into_response()
    })
}

/// Serves one file as text.
pub async fn file(State(state): State<Arc<AppState>>, Query(q): Query<FileQuery>) -> Response {
    let Some(path) = resolve(&state.root, &q.path) else {
        return (
            StatusCode::NOT_FOUND,
            format!("no such file below the viewer root: {}", q.path),
        )
            .into_response();
    };
    match tokio::fs::metadata(&path).await {
        Ok(m) if m.len() > MAX_FILE => {
            return (StatusCode::PAYLOAD_TOO_LARGE, "file too large").into_response();
        }
        Ok(_) => {}
        Err(e) => return (StatusCode::NOT_FOUND, e.to_string()).into_response(),
    }
    match tokio::fs::read(&path).await {
        Ok(bytes) => ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], bytes).into_response(),
        Err(e) => (StatusCode::NOT_FOUND, e.to_string()).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_outside_the_root_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        std::fs::create_dir(root.join("sub")).unwrap();
        std::fs::write(root.join("sub/a.replay"), "{}").unwrap();
        assert_eq!(
            resolve(&root, "sub/a.replay"),
            Some(root.join("sub/a.replay"))
        );
        assert_eq!(resolve(&root, "sub/../sub/a.replay"), None);
        assert_eq!(resolve(&root, "/etc/passwd"), None);
        assert_eq!(resolve(&root, "sub/missing"), None);
        assert_eq!(resolve(&root, "sub"), None);
        let abs = root.join("sub/a.replay");
        assert_eq!(resolve(&root, abs.to_str().unwrap()), Some(abs.clone()));
    }
}

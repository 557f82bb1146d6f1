//! `GET /api/ants/visualizer?replay=…`: the 2011 visualizer commands the bots of an Ants game
//! printed, stored beside its replay `NAME.replay` (or `NAME.json`) as
//! `NAME.visualizer.json` (format `botforge-visualizer-1`, see `docs/ants-viewer.md`).
//!
//! Answers: 200 with the file (checked to be of that format) when it is there, 204 when there
//! is none (the game has no drawings), 413 when it is larger than
//! [`MAX_VISUALIZER_BYTES`], 422 with the reason when it is malformed, 404 for a path that is
//! not below the viewer root.

use std::path::{Component, Path};
use std::sync::Arc;

use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::AppState;

/// Largest visualizer file served: the engine keeps at most 64 MiB of lines per game, this
/// leaves room for the JSON around them (escapes, entry fields).
pub const MAX_VISUALIZER_BYTES: u64 = 96 * 1024 * 1024;

/// The `format` field every visualizer file carries.
pub const VISUALIZER_FORMAT: &str = "botforge-visualizer-1";

/// `?replay=…`: the replay whose visualizer file is asked for.
#[derive(serde::Deserialize)]
pub struct VisualizerQuery {
    /// The replay's path (relative to the viewer root, or absolute inside it).
    pub replay: String,
}

/// The file as far as the viewer checks it (unknown fields are allowed).
#[derive(serde::Deserialize)]
struct VisualizerFile {
    format: String,
    players: usize,
    turns: Vec<Entry>,
}

/// The lines one player printed in one turn.
#[derive(serde::Deserialize)]
struct Entry {
    turn: u64,
    player: usize,
    lines: Vec<String>,
    #[serde(default)]
    #[allow(dead_code)] // checked to be a count, shown by the page
    dropped: u64,
}

/// The visualizer file's path for a replay path: `NAME.replay` / `NAME.json` (or any other
/// name) → `NAME.visualizer.json`.
pub fn visualizer_path(replay: &str) -> String {
    let stem = replay
        .strip_suffix(".replay")
        .or_else(|| replay.strip_suffix(".json"))
        .unwrap_or(replay);
    format!("{stem}.visualizer.json")
}

/// Why `text` is not a visualizer file, if it is not one.
pub fn check_visualizer(text: &[u8]) -> Result<(), String> {
    let file: VisualizerFile = serde_json::from_slice(text).map_err(|e| e.to_string())?;
    if file.format != VISUALIZER_FORMAT {
        return Err(format!(
            "format is {:?}, expected {VISUALIZER_FORMAT:?}",
            file.format
        ));
    }
    for (k, e) in file.turns.iter().enumerate() {
        if e.player >= file.players {
            return Err(format!(
                "entry {k} (turn {}) names player {} of {}",
                e.turn, e.player, file.players
            ));
        }
        if let Some(line) = e
            .lines
            .iter()
            .find(|l| !(l.starts_with("v ") || l.starts_with("i ")))
        {
            let shown: String = line.chars().take(60).collect();
            return Err(format!(
                "entry {k} (turn {}) holds a line that is no visualizer command: {shown:?}",
                e.turn
            ));
        }
    }
    Ok(())
}

/// True when `requested` (relative, without `..`, or absolute) lies below `root` by name.
fn below_root(root: &Path, requested: &str) -> bool {
    let req = Path::new(requested);
    if req.is_absolute() {
        req.starts_with(root)
    } else {
        !req.components()
            .any(|c| matches!(c, Component::ParentDir | Component::RootDir))
    }
}

fn error(status: StatusCode, message: String) -> Response {
    (status, message).into_response()
}

/// Serves the visualizer file beside a replay.
pub async fn visualizer(
    State(state): State<Arc<AppState>>,
    Query(q): Query<VisualizerQuery>,
) -> Response {
    let name = visualizer_path(&q.replay);
    if !below_root(&state.root, &name) {
        return error(
            StatusCode::NOT_FOUND,
            format!("no such file below the viewer root: {name}"),
        );
    }
    let joined = state.root.join(&name);
    let Some(path) = crate::files::resolve(&state.root, &name) else {
        // Absent (no bot printed anything) is no error; a name that exists but resolves
        // outside the root (a symbolic link) or is no file is refused.
        return if tokio::fs::symlink_metadata(&joined).await.is_err() {
            StatusCode::NO_CONTENT.into_response()
        } else {
            error(
                StatusCode::NOT_FOUND,
                format!("no such file below the viewer root: {name}"),
            )
        };
    };
    match tokio::fs::metadata(&path).await {
        Ok(m) if m.len() > MAX_VISUALIZER_BYTES => {
            return error(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("{name}: larger than {MAX_VISUALIZER_BYTES} bytes"),
            );
        }
        Ok(_) => {}
        Err(e) => return error(StatusCode::NOT_FOUND, format!("{name}: {e}")),
    }
    let bytes = match tokio::fs::read(&path).await {
        Ok(b) => b,
        Err(e) => return error(StatusCode::NOT_FOUND, format!("{name}: {e}")),
    };
    // A cut-off read of a file that grew after the size check is still bounded.
    if bytes.len() as u64 > MAX_VISUALIZER_BYTES {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("{name}: larger than {MAX_VISUALIZER_BYTES} bytes"),
        );
    }
    let checked = tokio::task::spawn_blocking(move || check_visualizer(&bytes).map(|()| bytes))
        .await
        .unwrap_or_else(|e| Err(e.to_string()));
    match checked {
        Ok(bytes) => ([(header::CONTENT_TYPE, "application/json")], bytes).into_response(),
        Err(why) => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("{name} is not a visualizer file ({VISUALIZER_FORMAT}): {why}"),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_beside_a_replay_is_named_after_it() {
        assert_eq!(visualizer_path("a/b.replay"), "a/b.visualizer.json");
        assert_eq!(visualizer_path("a/b.json"), "a/b.visualizer.json");
        assert_eq!(visualizer_path("a/b.txt"), "a/b.txt.visualizer.json");
    }

    #[test]
    fn files_are_checked_for_format_players_and_lines() {
        let ok = br#"{"format":"botforge-visualizer-1","players":2,"turns":[{"turn":0,"player":1,"lines":["v tile 1 2","i 1 2 x"],"dropped":3}]}"#;
        assert_eq!(check_visualizer(ok), Ok(()));
        for bad in [
            &br#"{"format":"other","players":2,"turns":[]}"#[..],
            br#"{"format":"botforge-visualizer-1","players":1,"turns":[{"turn":0,"player":1,"lines":[]}]}"#,
            br#"{"format":"botforge-visualizer-1","players":1,"turns":[{"turn":0,"player":0,"lines":["o 1 2 n"]}]}"#,
            br#"{"format":"botforge-visualizer-1","players":1,"turns":[{"turn":-1,"player":0,"lines":[]}]}"#,
            br#"{"format":"botforge-visualizer-1""#,
            b"\xff\xfe",
        ] {
            assert!(
                check_visualizer(bad).is_err(),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}

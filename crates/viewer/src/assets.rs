//! The page assets, compiled into the binary.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Every embedded file: name, content type, content.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "ants.html",
        "text/html; charset=utf-8",
        include_str!("../assets/ants.html"),
    ),
    (
        "ants.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/ants.js"),
    ),
    (
        "viz.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/viz.js"),
    ),
    (
        "speed.html",
        "text/html; charset=utf-8",
        include_str!("../assets/speed.html"),
    ),
    (
        "speed.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/speed.js"),
    ),
    (
        "wumpus.html",
        "text/html; charset=utf-8",
        include_str!("../assets/wumpus.html"),
    ),
    (
        "wumpus.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/wumpus.js"),
    ),
    (
        "economy.html",
        "text/html; charset=utf-8",
        include_str!("../assets/economy.html"),
    ),
    (
        "economy.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/economy.js"),
    ),
    (
        "ladder.html",
        "text/html; charset=utf-8",
        include_str!("../assets/ladder.html"),
    ),
    (
        "ladder.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/ladder.js"),
    ),
    (
        "ladder-replay.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/ladder-replay.js"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/common.js"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
];

/// An embedded file's content type and content.
pub(crate) fn lookup(name: &str) -> Option<(&'static str, &'static str)> {
    ASSETS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, ty, body)| (ty, body))
}

/// A whole page by asset name.
pub fn page(name: &str) -> Response {
    match lookup(name) {
        Some((ty, body)) => ([(header::CONTENT_TYPE, ty)], body).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `GET /assets/{name}`.
pub async fn asset(Path(name): Path<String>) -> Response {
    page(&name)
}

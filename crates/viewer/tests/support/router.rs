//! Requests on the viewer's router without a socket, for the API tests.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use tower::ServiceExt as _;

/// `GET uri` on `app`: the status and the body (at most 256 MiB).
pub async fn get(app: &Router, uri: &str) -> (StatusCode, Vec<u8>) {
    let res = app
        .clone()
        .oneshot(Request::get(uri).body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = res.status();
    let bytes = axum::body::to_bytes(res.into_body(), 256 << 20)
        .await
        .unwrap();
    (status, bytes.to_vec())
}

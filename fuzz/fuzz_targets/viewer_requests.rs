#![no_main]
//! Fuzz target: the viewer's JSON request bodies. Every input is posted as the body of each
//! route that reads one (new spe_ed and economy games, their moves, a spe_ed log); the
//! viewer must answer every request — never panic, hang or answer 5xx.

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use tower::ServiceExt as _;

const ROUTES: [&str; 5] = [
    "/api/speed/new",
    "/api/speed/game/1/action",
    "/api/economy/new",
    "/api/economy/game/1/next",
    "/api/speed/log",
];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("tokio runtime")
    })
}

fn app() -> &'static axum::Router {
    static APP: OnceLock<axum::Router> = OnceLock::new();
    APP.get_or_init(|| {
        let root = std::env::temp_dir();
        viewer::router(viewer::ViewerConfig {
            db: root.join("botforge-fuzz-none.db"),
            root,
        })
        .expect("viewer router")
    })
}

fuzz_target!(|data: &[u8]| {
    runtime().block_on(async {
        for route in ROUTES {
            let request = axum::http::Request::post(route)
                .header("content-type", "application/json")
                .body(axum::body::Body::from(data.to_vec()))
                .expect("request");
            let response = app().clone().oneshot(request).await.expect("infallible");
            assert!(
                !response.status().is_server_error(),
                "{route}: {}",
                response.status()
            );
        }
    });
});

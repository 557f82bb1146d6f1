//! The fuzzed entry points: one function per target of `fuzz/` (run there by `cargo fuzz`
//! under libFuzzer and AddressSanitizer), each feeding arbitrary bytes to a parser that reads
//! untrusted text. A function panics only on a finding: the parser panicked, or (the
//! viewer) answered a request with a 5xx. The test suite replays every input of
//! `fuzz/corpus/NAME/` through [`TARGETS`], so a parser change that breaks a kept input
//! fails `cargo test` without a fuzzing build.

use std::path::Path;
use std::sync::OnceLock;

use tower::ServiceExt as _;

/// A target's function: feeds one input to its parser, panics only on a finding.
pub type Target = fn(&[u8]);

/// Every target: its name (the file `fuzz/fuzz_targets/NAME.rs`, the corpus
/// `fuzz/corpus/NAME/`) and its function.
pub const TARGETS: &[(&str, Target)] = &[
    ("ants_map", ants_map),
    ("ants_replay", ants_replay),
    ("ants_protocol", ants_protocol),
    ("speed_state", speed_state),
    ("speed_log", speed_log),
    ("wumpus_world", wumpus_world),
    ("wumpus_protocol", wumpus_protocol),
    ("economy_world", economy_world),
    ("arena_config", arena_config),
    ("viewer_requests", viewer_requests),
];

/// An Ants map (`ants::Map::parse`).
pub fn ants_map(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = ants::Map::parse(text);
    }
}

/// An Ants replay (`ants::Replay::parse`).
pub fn ants_replay(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = ants::Replay::parse(text, Path::new("fuzz.replay"));
    }
}

/// The engine's messages as a bot reads them (`ants::protocol::serve`, behind `ants bot`).
pub fn ants_protocol(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let mut bot = ants::bots::HoldBot;
        let _ = ants::protocol::serve(&mut bot, text.as_bytes(), std::io::sink());
    }
}

/// The spe_ed JSON state and answers (`speed::protocol::parse_state`, `parse_answer`).
pub fn speed_state(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = speed::protocol::parse_state(text);
        let _ = speed::protocol::parse_answer(text);
    }
}

/// A spe_ed game log (`speed::golden::parse_log`, as `speed check-log` reads it).
pub fn speed_log(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = speed::golden::parse_log(Path::new("fuzz.jsonl"), text);
    }
}

/// A Wumpus world file (`wumpus::World::parse`).
pub fn wumpus_world(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = wumpus::World::parse(text);
    }
}

/// The Wumpus line protocol: every line as start, percept, end and action.
pub fn wumpus_protocol(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        for line in text.lines() {
            let _ = wumpus::protocol::parse_start(line);
            let _ = wumpus::protocol::parse_percept(line);
            let _ = wumpus::protocol::parse_end(line);
            let _ = wumpus::protocol::parse_action(line);
        }
    }
}

/// An economy world TOML (`economy::loader::load_str`).
pub fn economy_world(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = economy::loader::load_str(text, "fuzz.toml");
    }
}

/// An arena config TOML (`arena::Config::parse`).
pub fn arena_config(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = arena::Config::parse(text, Path::new("fuzz.toml"));
    }
}

/// The viewer's routes that read a JSON body.
const VIEWER_ROUTES: [&str; 5] = [
    "/api/speed/new",
    "/api/speed/game/1/action",
    "/api/economy/new",
    "/api/economy/game/1/next",
    "/api/speed/log",
];

/// The viewer's JSON request bodies: `data` is posted as the body of each route that reads
/// one (new spe_ed and economy games, their moves, a spe_ed log); every request must be
/// answered, never with a 5xx.
pub fn viewer_requests(data: &[u8]) {
    static RUNTIME: OnceLock<Option<tokio::runtime::Runtime>> = OnceLock::new();
    static APP: OnceLock<Option<axum::Router>> = OnceLock::new();
    let runtime = RUNTIME.get_or_init(|| {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .ok()
    });
    let app = APP.get_or_init(|| {
        let root = std::env::temp_dir();
        viewer::router(viewer::ViewerConfig {
            db: root.join("botforge-fuzz-none.db"),
            root,
        })
        .ok()
    });
    let (Some(runtime), Some(app)) = (runtime, app) else {
        panic!("the tokio runtime or the viewer's router could not be built");
    };
    runtime.block_on(async {
        for route in VIEWER_ROUTES {
            let Ok(request) = axum::http::Request::post(route)
                .header("content-type", "application/json")
                .body(axum::body::Body::from(data.to_vec()))
            else {
                panic!("{route}: the request could not be built");
            };
            let Ok(response) = app.clone().oneshot(request).await;
            assert!(
                !response.status().is_server_error(),
                "{route}: {}",
                response.status()
            );
        }
    });
}

//! Helpers shared by the CLI tests: run the `botforge` binary and read what it printed.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The workspace root (where `data/` and `examples/` are).
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap()
}

/// The official map `rel` (e.g. `maze/maze_p02_01.map`) of the repository's
/// `data/ants/maps/`; a missing one fails the calling test with its path.
pub fn official_map(rel: &str) -> PathBuf {
    let path = workspace().join("data/ants/maps").join(rel);
    assert!(
        path.is_file(),
        "official map missing: {} (the repository carries the maps in data/ants/maps/)",
        path.display()
    );
    path
}

/// Fails the calling test, naming the tool, when `python3` does not run (the test runs
/// Python programs; `.ci/run` installs Debian's `python3`).
pub fn require_python() {
    let ok = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "python3 not found: this test runs Python programs (.ci/run installs Debian's python3)"
    );
}

/// Runs `botforge ARGS` in the test's working directory (the crate's directory).
pub fn botforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `botforge ARGS` in the workspace root, as the docs' commands are written.
pub fn botforge_at_root(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_botforge"))
        .current_dir(workspace())
        .args(args)
        .output()
        .unwrap()
}

/// Standard output followed by standard error, as text.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

#[path = "../../../arena/tests/support/pg_env.rs"]
pub mod pg_env;

/// Files under `dir`, recursively, whose name ends with one of `exts`, sorted; build output
/// (`target`) and hidden folders below `dir` are skipped, unreadable folders give nothing.
pub fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    walk(&path, exts, out);
                }
            } else if exts.iter().any(|e| name.ends_with(e)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, exts, &mut out);
    out.sort();
    out
}

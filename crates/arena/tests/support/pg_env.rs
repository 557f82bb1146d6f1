//! The test PostgreSQL server of the arena's and the CLI's tests (one file, included by
//! both with `#[path]`).

/// The test PostgreSQL server's URL (`BOTFORGE_TEST_PG`, set by `.ci/run`). Without it the
/// caller skips its PostgreSQL part after a notice, except under CI (`CI` set), where a
/// missing server fails the test.
pub fn pg_url() -> Option<String> {
    match std::env::var("BOTFORGE_TEST_PG") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            assert!(
                std::env::var_os("CI").is_none(),
                "BOTFORGE_TEST_PG is not set under CI: .ci/run must start PostgreSQL"
            );
            eprintln!("BOTFORGE_TEST_PG is not set: skipping a PostgreSQL test");
            None
        }
    }
}

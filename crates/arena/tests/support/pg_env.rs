//! The test PostgreSQL server of the arena's and the CLI's tests (one file, included by
//! both with `#[path]`).

/// The test PostgreSQL server's URL (`BOTFORGE_TEST_PG`). Without it the calling test fails
/// with a message saying how to get one: `.ci/run` starts a private server and sets it
/// (`source .ci/postgres.sh` does the same in a developer's shell).
pub fn pg_url() -> String {
    match std::env::var("BOTFORGE_TEST_PG") {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "BOTFORGE_TEST_PG is not set: this test needs a PostgreSQL server (.ci/run starts \
             one with .ci/postgres.sh, which installs Debian's postgresql and exports the URL; \
             `source .ci/postgres.sh` does the same in a shell)"
        ),
    }
}

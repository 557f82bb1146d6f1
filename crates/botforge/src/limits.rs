//! Range checks of count options (`--games`, `--worlds`, `--threads`, `--lease`) at argument parsing,
//! so a huge value is a clear usage error instead of a stall or an abort.

pub use arena::config::{MAX_GAMES, MAX_THREADS};

fn count(s: &str, lo: usize, hi: usize) -> Result<usize, String> {
    let v: usize = s.trim().parse().map_err(|e| format!("{e}"))?;
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is out of range ({lo}..={hi})"))
    }
}

/// A number of games: 1 to [`MAX_GAMES`].
pub fn games(s: &str) -> Result<usize, String> {
    count(s, 1, MAX_GAMES)
}

/// A number of games as `u32`: 1 to [`MAX_GAMES`].
pub fn games_u32(s: &str) -> Result<u32, String> {
    games(s).and_then(|v| u32::try_from(v).map_err(|e| e.to_string()))
}

/// A number of worker threads: 0 (the default of the command) to [`MAX_THREADS`].
pub fn threads(s: &str) -> Result<usize, String> {
    count(s, 0, MAX_THREADS)
}

/// A lease length in seconds: 1 to [`arena::work::MAX_LEASE`].
pub fn lease_seconds(s: &str) -> Result<u64, String> {
    count(s, 1, arena::work::MAX_LEASE.as_secs() as usize).map(|v| v as u64)
}

/// A connection cap (`--max-connections`): 1 to 65 536.
pub fn connections(s: &str) -> Result<usize, String> {
    count(s, 1, 65_536)
}

//! Range checks of count and duration options (`--games`, `--worlds`, `--threads`, `--lease`,
//! the `speed serve` times) at argument parsing, so a huge value is a clear usage error
//! instead of a stall, an overflow or an abort.

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

/// Longest duration any time option takes: one day ([`MAX_SECONDS`] seconds).
pub const MAX_SECONDS: u64 = 86_400;

/// Whole seconds: 1 to [`MAX_SECONDS`] (`speed serve --min-round-secs`/`--max-round-secs`).
pub fn seconds(s: &str) -> Result<u64, String> {
    count(s, 1, MAX_SECONDS as usize).map(|v| v as u64)
}

/// Seconds with a fraction: 0 to [`MAX_SECONDS`] (`speed serve --wait`).
pub fn fractional_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.trim().parse().map_err(|e| format!("{e}"))?;
    if v.is_finite() && (0.0..=MAX_SECONDS as f64).contains(&v) {
        Ok(v)
    } else {
        Err(format!("{v} is out of range (0..={MAX_SECONDS} seconds)"))
    }
}

/// Milliseconds: 0 to [`MAX_SECONDS`] seconds (`speed serve --ai-ms`, the `speed online`
/// margins and time-outs).
pub fn milliseconds(s: &str) -> Result<u64, String> {
    count(s, 0, (MAX_SECONDS * 1000) as usize).map(|v| v as u64)
}

/// Most expansions per bot and round of the economy's budget mode (1000 times the thesis's
/// 1000; `botforge economy trace --case 1 --expansions 100000`, a tenth of it for each of
/// eight bots, peaks at 339 MB).
pub const MAX_EXPANSIONS: u64 = 1_000_000;

/// Expansions per bot and round: 1 to [`MAX_EXPANSIONS`] (`economy experiment`/`trace
/// --expansions`).
pub fn expansions(s: &str) -> Result<u64, String> {
    count(s, 1, MAX_EXPANSIONS as usize).map(|v| v as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_are_range_checked() {
        assert_eq!(seconds("15"), Ok(15));
        assert!(seconds("0").is_err());
        assert!(seconds("18446744073709551615").is_err());
        assert!(seconds("86401").is_err());
        assert_eq!(fractional_seconds("0.5"), Ok(0.5));
        for bad in ["-1", "NaN", "inf", "1e300", "18446744073709551615"] {
            assert!(fractional_seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(milliseconds("200"), Ok(200));
        assert_eq!(milliseconds("0"), Ok(0));
        assert!(milliseconds("86400001").is_err());
        assert!(milliseconds("18446744073709551615").is_err());
        assert_eq!(expansions("1000"), Ok(1000));
        assert!(expansions("0").is_err() && expansions("18446744073709551615").is_err());
    }
}

//! Helpers shared by the whole-game tests: bots whose clock never runs out, so a game is the
//! same on every machine and under any load.

use ants::Bot;
use ants_xathis::{ChampionBot, Config};

/// A turn time no game here comes close to, in milliseconds (two hours).
pub const FOREVER_MS: u64 = 2 * 3600 * 1000;

/// A pipeline bot with the given configuration and a turn time that never runs out.
pub fn timeless(name: &str, cfg: &Config) -> Box<dyn Bot> {
    Box::new(ChampionBot::with_named_config(
        name,
        Config {
            max_turn_ms: FOREVER_MS,
            ..cfg.clone()
        },
    ))
}

//! The games the arena can run, each as a [`GamePlayer`] adapter over its crate.

pub mod ants;
pub mod economy;
pub mod speed;
pub mod wumpus;

use anyhow::Context as _;

use crate::runner::{Batch, GamePlayer, Job, RunOptions, run_jobs};
use crate::store::Store;

/// The adapter for `game`, configured from the config's `[options]` table (unknown option
/// keys are errors naming the key).
pub fn player(game: &str, options: &toml::Table) -> anyhow::Result<Box<dyn GamePlayer>> {
    match game {
        "ants" => Ok(Box::new(ants::AntsPlayer::from_options(options)?)),
        "speed" => Ok(Box::new(speed::SpeedPlayer::from_options(options)?)),
        "economy" => Ok(Box::new(economy::EconomyPlayer::from_options(options)?)),
        "wumpus" => Ok(Box::new(wumpus::WumpusPlayer::from_options(options)?)),
        other => anyhow::bail!("unknown game `{other}` (ants, speed, wumpus, economy)"),
    }
}

/// The adapter for a run of `config` that plays `games_at_once` games at a time (0 = one
/// per core): [`player`] with the config's `[options]`, and for Ants the serial-thinking
/// rule of the config's `serial` key ([`ants::Serial::rule`] on this machine's cores).
pub fn player_for(
    config: &crate::Config,
    games_at_once: usize,
) -> anyhow::Result<Box<dyn GamePlayer>> {
    if config.game == "ants" {
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        let serial = ants::Serial::rule(config, games_at_once, cores);
        return Ok(Box::new(
            ants::AntsPlayer::from_options(&config.options)?.with_serial(serial),
        ));
    }
    player(&config.game, &config.options)
}

/// Reads an optional non-negative integer option.
pub(crate) fn int_option(options: &toml::Table, key: &str, default: u64) -> anyhow::Result<u64> {
    match options.get(key) {
        None => Ok(default),
        Some(toml::Value::Integer(v)) if *v >= 0 => Ok(*v as u64),
        Some(v) => anyhow::bail!("options.{key}: expected a non-negative integer, found {v}"),
    }
}

/// Fails on option keys not in `known`.
pub(crate) fn check_keys(options: &toml::Table, known: &[&str]) -> anyhow::Result<()> {
    for key in options.keys() {
        anyhow::ensure!(
            known.contains(&key.as_str()),
            "options.{key}: unknown option (known: {})",
            known.join(", ")
        );
    }
    Ok(())
}

/// A file name for a game's replay derived from its job key (stable, collision-resistant).
pub(crate) fn replay_name(key: &str, extension: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in key.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}.{extension}")
}

/// Plays the `jobs` of one series of `game` (unique keys) on the arena's runner, `threads`
/// games at a time (0 = one per core), in an in-memory store, and returns each game's
/// details in job order. A game that fails fails the series, naming the game.
pub fn play_series(
    game: &str,
    jobs: &[Job],
    player: &dyn GamePlayer,
    threads: usize,
    progress: bool,
) -> anyhow::Result<Vec<serde_json::Value>> {
    let batch = Batch {
        run: format!("{game} series"),
        game: game.to_owned(),
        threads,
        replays: None,
    };
    let mut store = Store::in_memory()?;
    let options = RunOptions {
        progress,
        ..RunOptions::default()
    };
    let summary = run_jobs(&batch, jobs.to_vec(), player, &mut store, &options)?;
    if let Some((key, e)) = summary.failed.first() {
        anyhow::bail!("game {key} failed: {e}");
    }
    let mut details: std::collections::HashMap<String, serde_json::Value> =
        store.details(&batch.run)?.into_iter().collect();
    jobs.iter()
        .map(|j| {
            details
                .remove(&j.key)
                .with_context(|| format!("game {} was not stored", j.key))
        })
        .collect()
}

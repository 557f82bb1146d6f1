//! Same moves on the same seeds: complete champion games whose traces (every action,
//! observation, true state and the bot's knowledge snapshot with its pit and wumpus
//! probabilities, step by step) are hashed and compared with a golden file
//! (`tests/data/same_moves.txt`) recorded from an earlier version of the bot. A change meant
//! to be a pure refactoring of `agents::champion` must leave every hash as it is; the first
//! differing game is reported.
//!
//! The bots are deterministic (no clock, no randomness), so the hashes do not depend on the
//! machine. To record the golden file anew (only when a decision is meant to change):
//! `SAME_MOVES_BLESS=1 cargo test -p wumpus --test same_moves`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::fmt::Write as _;
use std::path::PathBuf;

use rayon::prelude::*;
use wumpus::agents::champion::{ChampionBot, ChampionConfig};
use wumpus::{Game, Preset, generate, play_game_traced};

/// FNV-1a, 64 bit: a hash that is the same on every machine and Rust version.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// The games: (label, preset, seed, configuration).
fn games() -> Vec<(String, Preset, u64, ChampionConfig)> {
    let d = ChampionConfig::default();
    let variants = [
        ("default", d.clone()),
        (
            "bold",
            ChampionConfig {
                risk_weight: 300.0,
                win_chance: 2.0,
                ..d.clone()
            },
        ),
        (
            "trigger-happy",
            ChampionConfig {
                shoot_threshold: 0.2,
                turn_shoot_threshold: 0.3,
                pit_prior: 0.2,
                wumpus_prior: 0.5,
                ..d.clone()
            },
        ),
    ];
    let mut out = Vec::new();
    for seed in 1..=200 {
        out.push(("default".to_owned(), Preset::Medium, seed, d.clone()));
    }
    for (label, cfg) in &variants {
        for seed in 1..=15 {
            out.push(((*label).to_owned(), Preset::Small, seed, cfg.clone()));
            out.push(((*label).to_owned(), Preset::Large, seed, cfg.clone()));
        }
    }
    out
}

fn record() -> String {
    let lines: Vec<String> = games()
        .into_par_iter()
        .map(|(label, preset, seed, cfg)| {
            let world = generate(&preset.params(seed)).unwrap();
            let mut game = Game::new(&world, seed);
            let mut bot = ChampionBot::with_config(cfg);
            let trace = play_game_traced(&mut game, &mut bot, seed, "champion");
            let mut text = serde_json::to_string(&trace.steps).unwrap();
            text.push_str(&serde_json::to_string(&trace.result).unwrap());
            format!(
                "{label} {} {seed} {} {:016x}",
                preset.name(),
                trace.steps.len(),
                fnv1a(text.as_bytes())
            )
        })
        .collect();
    let mut out = String::new();
    for l in lines {
        let _ = writeln!(out, "{l}");
    }
    out
}

#[test]
fn champion_plays_the_recorded_games() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/same_moves.txt");
    let got = record();
    if std::env::var_os("SAME_MOVES_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path).unwrap();
    for (g, w) in got.lines().zip(want.lines()) {
        assert_eq!(g, w, "first differing game (label preset seed steps hash)");
    }
    assert_eq!(got.lines().count(), want.lines().count());
}

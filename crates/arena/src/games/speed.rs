//! spe_ed in the arena: seeded random boards (as the official server draws them), AIs by spec.

use std::path::Path;
use std::time::Duration;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::games::{check_keys, int_option, replay_name};
use crate::runner::{GamePlayer, Job, MatchResult, SeatResult, Seats};

/// Plays spe_ed games between AIs given by spec (e.g. `champion`,
/// `pathfinding-search-tree(1,50,3,0.75,10)`).
#[derive(Clone, Debug)]
pub struct SpeedPlayer {
    budget: Duration,
}

impl SpeedPlayer {
    /// Options: `budget_ms`, the per-move time budget (default 200).
    pub fn from_options(options: &toml::Table) -> anyhow::Result<Self> {
        check_keys(options, &["budget_ms"])?;
        Ok(Self {
            budget: Duration::from_millis(int_option(options, "budget_ms", 200)?),
        })
    }
}

impl GamePlayer for SpeedPlayer {
    fn seats(&self, map: &str) -> anyhow::Result<Seats> {
        anyhow::ensure!(
            map.is_empty(),
            "spe_ed boards are drawn from the seed; leave `maps` empty"
        );
        Ok(Seats::Fixed(2))
    }

    fn check_bot(&self, spec: &str) -> anyhow::Result<()> {
        speed::ai::from_spec(spec, 0).map(drop)?;
        Ok(())
    }

    fn play(&self, job: &Job, replay_dir: Option<&Path>) -> anyhow::Result<MatchResult> {
        let n = job.specs.len();
        anyhow::ensure!((2..=6).contains(&n), "spe_ed needs 2 to 6 players, got {n}");
        let mut rng = ChaCha8Rng::seed_from_u64(job.seed);
        let mut state = speed::engine::random_setup(&mut rng, n);
        let mut ais = job
            .specs
            .iter()
            .map(|s| speed::ai::from_spec(s, rng.next_u64()))
            .collect::<Result<Vec<_>, _>>()?;
        let ids: Vec<_> = state.players.iter().map(|p| p.id).collect();
        let mut writer = replay_dir.map(|_| {
            speed::golden::GoldenWriter::new(
                job.key.clone(),
                ids.iter().copied().zip(job.specs.iter().cloned()).collect(),
            )
        });
        // The last round in which each player was still active.
        let mut last_active = vec![0_u32; n];
        speed::game::play(&mut state, &mut ais, self.budget, |s, answers| {
            for (i, p) in s.players.iter().enumerate().take(n) {
                if p.active {
                    last_active[i] = s.round;
                }
            }
            if let Some(w) = writer.as_mut() {
                w.round(s, answers);
            }
        });
        let final_round = state.round;
        let replay = match (writer, replay_dir) {
            (Some(mut w), Some(dir)) => {
                w.final_state(&state);
                let path = dir.join(replay_name(&job.key, "jsonl"));
                w.finish(&path)?;
                Some(path.to_string_lossy().into_owned())
            }
            _ => None,
        };
        // Score: rounds survived (survivors of the last round count one more), so players
        // dying in the same round tie and rank by how long they lasted.
        let survived: Vec<f64> = state
            .players
            .iter()
            .zip(&last_active)
            .map(|(p, &r)| f64::from(if p.active { final_round + 1 } else { r }))
            .collect();
        let winner = state.winner();
        Ok(MatchResult {
            turns: final_round.saturating_sub(1),
            outcome: match winner {
                Some(id) => format!("winner {id}"),
                None => "draw".to_owned(),
            },
            replay,
            details: serde_json::json!({"width": state.width, "height": state.height}),
            seats: job
                .seats
                .iter()
                .enumerate()
                .map(|(i, bot)| SeatResult {
                    bot: bot.clone(),
                    score: survived[i],
                    rank: survived.iter().filter(|&&o| o > survived[i]).count() as u32,
                    status: if state.players[i].active {
                        "survived".to_owned()
                    } else {
                        "dead".to_owned()
                    },
                })
                .collect(),
        })
    }
}

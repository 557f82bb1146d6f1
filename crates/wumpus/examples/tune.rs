//! Parameter sweep for the champion: `cargo run --release -p wumpus --example tune --
//! WORLDS SEED risk_weight win_chance shoot turn_shoot`. Prints success and outcome counts.

use rayon::prelude::*;
use wumpus::agents::champion::{ChampionBot, ChampionConfig};
use wumpus::{Game, Outcome, Preset, generate, play_game};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: f64| a.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let worlds = num(0, 1000.0) as u64;
    let seed = num(1, 1.0) as u64;
    let d = ChampionConfig::default();
    let cfg = ChampionConfig {
        risk_weight: num(2, d.risk_weight),
        win_chance: num(3, d.win_chance),
        shoot_threshold: num(4, d.shoot_threshold),
        turn_shoot_threshold: num(5, d.turn_shoot_threshold),
        ..d
    };
    let t = std::time::Instant::now();
    let res: Vec<(Outcome, i64, u32)> = (seed..seed + worlds)
        .into_par_iter()
        .filter_map(|s| {
            let w = generate(&Preset::Medium.params(s)).ok()?;
            let mut g = Game::new(&w, s);
            let mut ag = ChampionBot::with_config(cfg.clone());
            let r = play_game(&mut g, &mut ag, |_, _, _| {}).result;
            assert_eq!(ag.certain_pit_steps(), 0);
            Some((r.outcome, r.score, r.actions))
        })
        .collect();
    let mut counts = [0u32; 6];
    for r in &res {
        counts[Outcome::ALL.iter().position(|&o| o == r.0).unwrap_or(0)] += 1;
    }
    let score: f64 = res.iter().map(|r| r.1 as f64).sum::<f64>() / res.len().max(1) as f64;
    let acts: f64 = res.iter().map(|r| f64::from(r.2)).sum::<f64>() / res.len().max(1) as f64;
    println!(
        "{cfg:?}\nwin {} pit {} wumpus {} quit {} timeout {} | score {score:.1} actions {acts:.1} | {:.2}s",
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        counts[4],
        t.elapsed().as_secs_f64()
    );
}

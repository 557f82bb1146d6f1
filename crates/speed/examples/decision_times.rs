//! Decision-time percentiles of an AI at 80×80 with 6 players and a 1 s budget.
//!
//! `cargo run -p speed --release --example decision_times -- [AI] [GAMES] [SEED]`
//! (default `champion 3 1`): the AI plays player 1 against five
//! `pathfinding-search-tree(1,50,3,0.75,10)` opponents on 80×80 boards.

use std::time::Duration;

use rand::SeedableRng as _;
use speed::ai::from_spec;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let spec = args.first().map_or("champion", String::as_str);
    let games: u64 = args.get(1).map_or(Ok(3), |s| s.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(1), |s| s.parse())?;
    let budget = Duration::from_secs(1);
    let mut times = Vec::new();
    let mut late = 0;
    for g in 0..games {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + g);
        let mut state = speed::engine::setup_on_board(&mut rng, 80, 80, 6);
        let mut ais = vec![from_spec(spec, seed + g)?];
        for k in 0..5 {
            ais.push(from_spec(
                "pathfinding-search-tree(1,50,3,0.75,10)",
                seed + g + 100 * (k + 1),
            )?);
        }
        let t = speed::game::play(&mut state, &mut ais, budget, |_, _| {});
        late += t.times[0].iter().filter(|&&d| d > budget).count();
        times.extend(t.times[0].iter().copied());
    }
    times.sort_unstable();
    let pct = |q: f64| {
        times
            .get(((times.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or_default()
    };
    println!(
        "{spec}: {} decisions in {games} games (80x80, 6 players, 1 s budget): p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms, late {late}",
        times.len(),
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.9).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        pct(1.0).as_secs_f64() * 1e3
    );
    Ok(())
}

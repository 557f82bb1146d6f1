//! The evaluation of `botforge wumpus eval` without the CLI binary:
//! `cargo run --release -p wumpus --example eval -- WORLDS SEED THREADS AGENTS`.

use wumpus::Preset;
use wumpus::eval::{AgentSpec, EvalConfig, evaluate};
use wumpus::protocol::Timeouts;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let worlds = a.first().and_then(|s| s.parse().ok()).unwrap_or(1000);
    let seed = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let threads = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let names = a
        .get(3)
        .cloned()
        .unwrap_or_else(|| "reference,champion".into());
    let specs: Result<Vec<AgentSpec>, _> = names.split(',').map(AgentSpec::parse).collect();
    let specs = match specs {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return;
        }
    };
    let cfg = EvalConfig {
        worlds,
        seed,
        preset: Preset::Medium,
        threads,
        timeouts: Timeouts::default(),
    };
    let t = std::time::Instant::now();
    match evaluate(&cfg, &specs) {
        Ok(rep) => print!("{}", rep.table()),
        Err(e) => eprintln!("error: {e}"),
    }
    eprintln!("elapsed {:.2}s", t.elapsed().as_secs_f64());
}

//! Plays one world with an agent and prints every step with the agent's knowledge:
//! `cargo run --release -p wumpus --example show -- FILE|SEED [AGENT]`.

use wumpus::agents::by_name;
use wumpus::render::render;
use wumpus::{Game, Preset, World, generate, play_game};

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let src = a.first().cloned().unwrap_or_else(|| "1".into());
    let (world, seed) = match src.parse::<u64>() {
        Ok(s) => (generate(&Preset::Medium.params(s)).ok(), s),
        Err(_) => (World::load(std::path::Path::new(&src)).ok(), 1),
    };
    let Some(world) = world else {
        eprintln!("cannot load {src}");
        return;
    };
    let Some(mut agent) = by_name(a.get(1).map_or("champion", String::as_str)) else {
        eprintln!("unknown agent");
        return;
    };
    let mut g = Game::new(&world, seed);
    let out = play_game(&mut g, &mut agent, |g, act, p| {
        println!("{:?} -> {:?}", act, g.observation());
        print!("{}", render(g, p.knowledge().as_ref()));
    });
    println!("{:?}", out.result);
}

//! Agent search speed: one round of thinking with a fixed budget of expansions, for three of
//! the eight ratings, from the start state and from a mid-game state (example world).
//! Throughput is reported in expansions per second.

#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use economy::agent::{SearchInput, think};
use economy::analyzer::GameAnalyzer;
use economy::merchant::Merchant;
use economy::rating::Rating;
use economy::rng::SplitMix64;
use economy::rules::{self, attr_slot, item_slot};
use search::Budget;

const EXPANSIONS: u64 = 10_000;

fn expansions(c: &mut Criterion) {
    let world = economy::loader::load_str(economy::EXAMPLE_WORLD, "beispielwelt.toml")
        .unwrap()
        .world;
    let merchant = Merchant::new(&world);
    let analyzer = GameAnalyzer::new(&world, &merchant.price);
    let start = rules::start_state(&world);
    // Round 12: 150 gold, 4 Getreide, 1 Mehl, GetreideErnten 6, MehlMahlen 3, Handeln 4,
    // Hunger 6.
    let mut mid = start.clone();
    mid[0] = 150;
    mid[item_slot(world.item_index("Getreide").unwrap())] = 4;
    mid[item_slot(world.item_index("Mehl").unwrap())] = 1;
    for (name, v) in [
        ("Skill: GetreideErnten", 6),
        ("Skill: MehlMahlen", 3),
        ("Skill: Handeln", 4),
        ("Hunger", 6),
    ] {
        mid[attr_slot(&world, world.attribute_index(name).unwrap())] = v;
    }
    let mut g = c.benchmark_group("think");
    g.sample_size(20);
    g.throughput(Throughput::Elements(EXPANSIONS));
    for (label, state, rounds) in [("start", &start, 0u32), ("mid", &mid, 12)] {
        for rating in [Rating::Gold, Rating::ScorePerRound, Rating::GameAnalyzer] {
            let input = SearchInput {
                world: &world,
                state,
                rounds_played: rounds,
                merchant: &merchant,
                analyzer: &analyzer,
                random_period: 100,
            };
            g.bench_function(format!("{label} {} 10k", rating.bot_name()), |b| {
                b.iter(|| {
                    let budget = Budget::unlimited().with_nodes(EXPANSIONS);
                    think(input, rating, &budget, &mut SplitMix64::new(1)).0
                });
            });
        }
    }
    g.finish();
}

criterion_group!(benches, expansions);
criterion_main!(benches);

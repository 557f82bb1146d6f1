//! Property tests: alpha-beta returns exactly what plain minimax returns, on random game
//! trees and on random Ants-like combat positions searched as a max-chain / min-chain.

use proptest::prelude::*;
use search::Budget;
use search::adversarial::{
    ChainGame, alphabeta, alphabeta_iterative, chain_alphabeta, chain_minimax, minimax,
};

/// SplitMix64: a deterministic hash that turns node ids into tree shapes and values.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A random tree given by a seed: a node is an id; it has 0..=4 children; leaves and the
/// depth limit are scored by the id's hash.
fn tree_moves(seed: u64) -> impl Fn(&u64) -> Vec<u64> + Copy {
    move |&id| {
        (0..mix(id ^ seed) % 5)
            .map(|k| mix(id.wrapping_mul(31).wrapping_add(k + 1)))
            .collect()
    }
}

fn tree_value(seed: u64) -> impl Fn(&u64) -> i32 + Copy {
    move |&id| (mix(id ^ seed.rotate_left(17)) % 41) as i32 - 20
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn alphabeta_equals_minimax_on_random_trees(seed in any::<u64>(), depth in 0u32..7, terminal_bias in 0u64..4) {
        let moves = tree_moves(seed);
        let value = tree_value(seed);
        // Some interior nodes are declared terminal.
        let terminal = move |&id: &u64| mix(id ^ 0xABCD) % 8 < terminal_bias;
        let child = |_: &u64, &m: &u64| m;
        let unlimited = Budget::unlimited();
        let mm = minimax(&seed, depth, moves, child, terminal, value, &unlimited);
        let ab = alphabeta(&seed, depth, moves, child, terminal, value, &unlimited);
        prop_assert_eq!(ab.best, mm.best);
        prop_assert!(!ab.budget_exhausted && !mm.budget_exhausted);
        prop_assert!(ab.stats.expanded <= mm.stats.expanded);
        prop_assert!(ab.stats.generated <= mm.stats.generated);
        // Iterative deepening reaches the same value (its move may differ among equals).
        let it = alphabeta_iterative(&seed, depth, moves, child, terminal, value, &unlimited);
        prop_assert_eq!(it.best.map(|b| b.1), mm.best.map(|b| b.1));
    }
}

#[path = "support/fight.rs"]
mod fight;
use fight::Fight;

fn fight_strategy() -> impl Strategy<Value = Fight> {
    (4..=7i32, 4..=7i32, 1..=3usize, 1..=3usize)
        .prop_flat_map(|(rows, cols, n_own, n_enemy)| {
            let cells = (rows * cols) as usize;
            (
                Just((rows, cols)),
                prop::collection::vec(prop::bool::weighted(0.15), cells),
                rand_free_cells(cells, n_own + n_enemy),
                Just(n_own),
                prop_oneof![Just((1, 1)), Just((300, 180)), Just((512, 768))],
                prop::collection::vec(0..5usize, n_own + n_enemy),
                any::<bool>(),
                prop::option::of(0..5usize),
            )
        })
        .prop_map(
            |(
                (rows, cols),
                mut water,
                cells,
                n_own,
                weights,
                order,
                prune_far_enemies,
                fallback,
            )| {
                let at = |i: usize| (i as i32 / cols, i as i32 % cols);
                for &i in &cells {
                    water[i] = false;
                }
                Fight {
                    rows,
                    cols,
                    water,
                    own: cells[..n_own].iter().map(|&i| at(i)).collect(),
                    enemy: cells[n_own..].iter().map(|&i| at(i)).collect(),
                    weights,
                    order,
                    prune_far_enemies,
                    fallback,
                }
            },
        )
}

/// `k` distinct cells out of `n`, in random order.
fn rand_free_cells(n: usize, k: usize) -> impl Strategy<Value = Vec<usize>> {
    Just((0..n).collect::<Vec<_>>())
        .prop_shuffle()
        .prop_map(move |v| v[..k].to_vec())
}

/// The own assignment [`ChainGame::fallback_move`] picks, unit by unit (`None` without one).
fn fallback_assignment(fight: &mut Fight) -> Option<Vec<(i32, i32)>> {
    let mut own = Vec::new();
    for unit in 0..fight.own.len() {
        let mut moves = Vec::new();
        fight.own_moves(unit, &own, &mut moves);
        let k = fight.fallback_move(unit, &moves)?;
        own.push(moves[k]);
    }
    Some(own)
}

/// The exact value of an own assignment: the minimum over every enemy reply.
fn exact_value(fight: &mut Fight, own: &[(i32, i32)]) -> i32 {
    fn rec(fight: &mut Fight, own: &[(i32, i32)], enemy: &mut Vec<(i32, i32)>) -> i32 {
        if enemy.len() == fight.enemy.len() {
            return fight.evaluate(own, enemy);
        }
        let mut moves = Vec::new();
        fight.enemy_moves(enemy.len(), own, enemy, &mut moves);
        let mut best = i32::MAX;
        for m in moves {
            enemy.push(m);
            best = best.min(rec(fight, own, enemy));
            enemy.pop();
        }
        best
    }
    rec(fight, own, &mut Vec::new())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn chain_alphabeta_equals_chain_minimax(mut fight in fight_strategy()) {
        let unlimited = Budget::unlimited();
        let mm = chain_minimax(&mut fight, &unlimited);
        let ab = chain_alphabeta(&mut fight, &unlimited);
        prop_assert_eq!(&ab.best, &mm.best);
        prop_assert!(!ab.budget_exhausted && !mm.budget_exhausted);
        if fight.fallback.is_none() {
            prop_assert!(ab.stats.generated <= mm.stats.generated);
        }
        let (own, value) = ab.best.clone().unwrap();
        prop_assert_eq!(own.len(), fight.own.len());
        prop_assert_eq!(exact_value(&mut fight, &own), value);
    }

    #[test]
    fn budget_cut_chain_keeps_an_exactly_valued_assignment(mut fight in fight_strategy(), nodes in 1u64..200) {
        let full = chain_minimax(&mut fight, &Budget::unlimited());
        let (_, optimum) = full.best.unwrap();
        let cut = chain_alphabeta(&mut fight, &Budget::unlimited().with_nodes(nodes));
        prop_assert!(cut.stats.expanded <= nodes);
        if !cut.budget_exhausted {
            prop_assert_eq!(cut.best.map(|b| b.1), Some(optimum));
        } else if let Some((own, value)) = cut.best {
            prop_assert_eq!(exact_value(&mut fight, &own), value);
            prop_assert!(value <= optimum);
            // The fallback is searched first: a result at all is at least as good.
            if let Some(fallback) = fallback_assignment(&mut fight) {
                prop_assert!(value >= exact_value(&mut fight, &fallback));
            }
        }
    }
}

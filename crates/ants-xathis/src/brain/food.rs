//! Food: the ants nearest to each food are sent to it, either as one matching of ants to
//! foods ([`match_food`], [`Config::food_matching`](super::Config::food_matching)) or food
//! by food as in the post mortem; a contested food is only taken with a second own ant
//! close enough to avenge the first.

use crate::paths::Flow;
use crate::world::NO_ANT;

use super::NO_IDX;
use super::turn::Turn;

/// Food matching: nearest free ants listed per food.
const FOOD_CANDIDATES: usize = 3;

/// The sacrifice rule: a second own ant at most this many steps farther from a contested
/// food than the first backs it.
const BACKUP_STEPS: u16 = 2;

/// The contested-food rule for an ant `d` steps from a food whose nearest enemy ant is
/// `enemy` steps away (`u16::MAX`: none) and whose next own ant is `second()` steps away
/// (only asked when the enemy is as close). `Some(false)` sends the ant: the enemy is
/// farther, or the second ant backs it (the post mortem's sacrifice). Otherwise `None`
/// gives the food up, or with `contest` `Some(true)` sends the ant by safe steps only.
fn contested(
    d: u16,
    enemy: u16,
    contest: bool,
    second: impl FnOnce() -> Option<u16>,
) -> Option<bool> {
    if enemy > d || second().is_some_and(|d2| d2 <= d.saturating_add(BACKUP_STEPS)) {
        Some(false)
    } else if contest {
        Some(true)
    } else {
        None
    }
}

/// Greedy matching of ants to foods. `pairs` holds `(steps, food, ant)` for the nearest free
/// ants of every food, `enemy[food]` the steps of the nearest enemy ant (`u16::MAX`: none).
/// Pairs are taken shortest first (ties: lower food, lower ant), every food and every ant at
/// most once. A food whose nearest enemy is at least as close as the chosen ant is taken
/// outright when a second own ant of its list is within 2 more steps (`BACKUP_STEPS`; the
/// post mortem's sacrifice rule). Without that second ant it is given up and its ants stay
/// free for other foods, or, with `contest`, taken with the flag `safe_only` (the caller
/// moves the ant only by steps no enemy can reach). Returns the chosen
/// `(steps, food, ant, safe_only)` in the order taken.
pub fn match_food(
    pairs: &[(u16, u32, u32)],
    enemy: &[u16],
    contest: bool,
) -> Vec<(u16, u32, u32, bool)> {
    let mut sorted = pairs.to_vec();
    sorted.sort_unstable();
    let mut food_done = vec![false; enemy.len()];
    let n_ants = pairs.iter().map(|p| p.2 as usize + 1).max().unwrap_or(0);
    let mut ant_used = vec![false; n_ants];
    let mut out = Vec::new();
    for &(d, k, a) in &sorted {
        let ku = k as usize;
        if food_done[ku] || ant_used[a as usize] {
            continue;
        }
        let second = || {
            pairs
                .iter()
                .filter(|&&(_, k2, a2)| k2 == k && a2 != a)
                .map(|&(d2, _, _)| d2)
                .min()
        };
        food_done[ku] = true;
        let Some(safe_only) = contested(d, enemy[ku], contest, second) else {
            continue;
        };
        ant_used[a as usize] = true;
        out.push((d, k, a, safe_only));
    }
    out
}

/// The food step; it keeps its lists between turns.
#[derive(Debug, Default)]
pub(super) struct FoodStep {
    /// The foods of the turn (the step moves ants while it walks them).
    foods: Vec<u32>,
    /// Food matching: `(steps, food, ant)` for the nearest free ants of every food.
    pairs: Vec<(u16, u32, u32)>,
    /// Food matching: steps from every food to its nearest enemy ant (`u16::MAX`: none).
    enemy: Vec<u16>,
}

/// Whether contested foods are approached by safe steps:
/// [`Config::multi_contest_food`](super::Config::multi_contest_food) once two enemy
/// players have been seen.
fn contest_food(t: &Turn) -> bool {
    t.cfg.multi_contest_food && !t.duel()
}

/// How far the food step looks for ants: [`Config::food_depth`] while at most one enemy
/// player has been seen, [`Config::multi_food_depth`] from the second.
///
/// [`Config::food_depth`]: super::Config::food_depth
/// [`Config::multi_food_depth`]: super::Config::multi_food_depth
fn food_depth(t: &Turn) -> u16 {
    t.by_players(t.cfg.food_depth, t.cfg.multi_food_depth)
}

/// Moves ant `a`, `d` steps from the food `t.bfs` was last run from, one step toward it
/// (next to it, `d` ≤ 1, it stays). With `safe_only`, or with
/// [`Config::safe_food`](super::Config::safe_food) for an ant an enemy can reach, it only
/// takes a step no enemy can reach; without one it stays free for the later steps.
fn food_step(t: &mut Turn, a: usize, d: u16, safe_only: bool) -> bool {
    let at = t.world.own_ants[a];
    let guard =
        safe_only || (t.cfg.fight_first && t.cfg.safe_food && !t.threats.danger[a].is_empty());
    if d <= 1 {
        return (!guard || t.safe(a, at)) && t.go(a, at);
    }
    let steps: Vec<u32> = t
        .bfs
        .toward_source(&t.world, at)
        .filter(|&n| !guard || t.safe(a, n))
        .collect();
    steps.into_iter().any(|n| t.go(a, n))
}

impl FoodStep {
    /// Sends the nearest free ants to the foods, matched or food by food
    /// ([`Config::food_matching`](super::Config::food_matching)).
    pub(super) fn run(&mut self, t: &mut Turn) {
        self.foods.clear();
        self.foods.extend_from_slice(&t.world.food);
        if t.cfg.food_matching {
            self.matched(t);
            return;
        }
        let depth = food_depth(t);
        for &f in &self.foods {
            if t.out_of_time() {
                return;
            }
            let mut first: Option<(usize, u16)> = None;
            let mut second: Option<u16> = None;
            let mut enemy: Option<u16> = None;
            let (w, ant_at, done) = (&t.world, &t.moves.ant_at, &t.moves.done);
            t.bfs.run(w, [f], depth, |u, d| {
                let o = w.owner[u as usize];
                if o != NO_ANT && o != 0 && enemy.is_none() {
                    enemy = Some(d);
                }
                let a = ant_at[u as usize];
                if a != NO_IDX && !done[a as usize] {
                    match first {
                        None => first = Some((a as usize, d)),
                        Some(_) if second.is_none() => second = Some(d),
                        Some(_) => {}
                    }
                }
                match (first, enemy) {
                    (Some((_, d1)), Some(_))
                        if second.is_some() || d > d1.saturating_add(BACKUP_STEPS) =>
                    {
                        Flow::Stop
                    }
                    (Some((_, d1)), None) if d > d1.saturating_add(BACKUP_STEPS) => Flow::Stop,
                    _ => Flow::Expand,
                }
            });
            let Some((a, d1)) = first else { continue };
            let enemy = enemy.unwrap_or(u16::MAX);
            let Some(safe_only) = contested(d1, enemy, contest_food(t), || second) else {
                continue;
            };
            let at = t.world.own_ants[a];
            if food_step(t, a, d1, safe_only)
                && let Some(s) = t.sketch.as_mut()
            {
                s.food.push((at, f, d1, safe_only));
            }
        }
    }

    /// [`Config::food_matching`](super::Config::food_matching): (ant, food) pairs shortest
    /// first, see [`match_food`].
    fn matched(&mut self, t: &mut Turn) {
        let depth = food_depth(t);
        let pairs = &mut self.pairs;
        pairs.clear();
        self.enemy.clear();
        self.enemy.resize(self.foods.len(), u16::MAX);
        for (k, &f) in self.foods.iter().enumerate() {
            if t.out_of_time() {
                break;
            }
            let mut n = 0;
            let (w, ant_at, done) = (&t.world, &t.moves.ant_at, &t.moves.done);
            let e = &mut self.enemy[k];
            t.bfs.run(w, [f], depth, |u, d| {
                let o = w.owner[u as usize];
                if o != NO_ANT && o != 0 && *e == u16::MAX {
                    *e = d;
                }
                let a = ant_at[u as usize];
                if a != NO_IDX && !done[a as usize] {
                    pairs.push((d, k as u32, a));
                    n += 1;
                    if n >= FOOD_CANDIDATES {
                        return Flow::Stop;
                    }
                }
                Flow::Expand
            });
        }
        for (d, k, a, safe_only) in match_food(pairs, &self.enemy, contest_food(t)) {
            let (a, f) = (a as usize, self.foods[k as usize]);
            if t.out_of_time() {
                return;
            }
            if d > 1 {
                let w = &t.world;
                t.bfs.run(w, [f], d, |_, _| Flow::Expand);
            }
            let at = t.world.own_ants[a];
            if food_step(t, a, d, safe_only)
                && let Some(s) = t.sketch.as_mut()
            {
                s.food.push((at, f, d, safe_only));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Config;
    use super::super::fixtures::{ant, long_clock_brain};
    use super::*;
    use ants::TurnInput;
    use grid::{Dir, Pos};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// [`match_food`] without `contest`, the `safe_only` flags dropped (all false then).
    fn plain(pairs: &[(u16, u32, u32)], enemy: &[u16]) -> Vec<(u16, u32, u32)> {
        match_food(pairs, enemy, false)
            .into_iter()
            .map(|(d, k, a, safe_only)| {
                assert!(!safe_only);
                (d, k, a)
            })
            .collect()
    }

    #[test]
    fn food_matching_takes_shortest_pairs_once_each() {
        // Ant 0 is 2 steps from food 0 and 3 from food 1; ant 1 is 4 from food 0 and 5 from
        // food 1. In food order the post mortem gives food 0 to ant 0 and food 1 to ant 1
        // (5 steps); the matching does the same here, but when ant 0 is nearer to food 1
        // (1 step) it takes food 1 and food 0 goes to ant 1.
        let none = [u16::MAX; 2];
        let pairs = [(2, 0, 0), (4, 0, 1), (3, 1, 0), (5, 1, 1)];
        assert_eq!(plain(&pairs, &none), vec![(2, 0, 0), (5, 1, 1)]);
        let pairs = [(2, 0, 0), (4, 0, 1), (1, 1, 0), (5, 1, 1)];
        assert_eq!(plain(&pairs, &none), vec![(1, 1, 0), (4, 0, 1)]);
        // One ant, two foods: it takes the nearer one only.
        let pairs = [(3, 0, 7), (2, 1, 7)];
        assert_eq!(plain(&pairs, &none), vec![(2, 1, 7)]);
    }

    #[test]
    fn food_matching_keeps_the_sacrifice_rule() {
        // Food 0 has an enemy 3 steps away. Ant 0 at 3 steps alone does not go (the enemy is
        // as close); with ant 1 at 5 steps as backup it goes.
        let enemy = [3];
        assert_eq!(plain(&[(3, 0, 0)], &enemy), vec![]);
        assert_eq!(plain(&[(3, 0, 0), (6, 0, 1)], &enemy), vec![]);
        assert_eq!(plain(&[(3, 0, 0), (5, 0, 1)], &enemy), vec![(3, 0, 0)]);
        // The enemy farther than the ant: no backup needed.
        assert_eq!(plain(&[(2, 0, 0)], &enemy), vec![(2, 0, 0)]);
        // A given-up food leaves its ant free for another food.
        let enemy = [1, u16::MAX];
        assert_eq!(plain(&[(2, 0, 4), (6, 1, 4)], &enemy), vec![(6, 1, 4)]);
    }

    #[test]
    fn contest_takes_an_unbacked_contested_food_by_safe_steps() {
        // The food the post mortem's rule gives up is taken with `safe_only`; a backed or
        // uncontested food is taken as before, and the ant is used once.
        let enemy = [3, u16::MAX];
        assert_eq!(
            match_food(&[(3, 0, 0)], &enemy, true),
            vec![(3, 0, 0, true)]
        );
        assert_eq!(
            match_food(&[(3, 0, 0), (5, 0, 1)], &enemy, true),
            vec![(3, 0, 0, false)]
        );
        assert_eq!(
            match_food(&[(2, 0, 0)], &enemy, true),
            vec![(2, 0, 0, false)]
        );
        assert_eq!(
            match_food(&[(2, 0, 4), (6, 1, 4)], &[1, u16::MAX], true),
            vec![(2, 0, 4, true)]
        );
    }

    #[test]
    fn food_matching_sends_the_nearer_ant_to_the_later_food() {
        // Foods F1 (5,5) and F2 (5,10), in that order; ant A at (5,8) is 3 steps from F1 and
        // 2 from F2, ant B at (5,1) 4 steps from F1. In food order A takes F1 (west) and B
        // walks 9 steps to F2; matched, A takes F2 (east) and B takes F1 (east).
        let order_of_a = |food_matching: bool| {
            let mut b = long_clock_brain(
                Config {
                    food_matching,
                    ..Config::post_mortem()
                },
                20,
                20,
            );
            let orders = b.turn(&TurnInput {
                turn: 1,
                ants: vec![ant(5, 8, 0), ant(5, 1, 0)],
                food: vec![Pos::new(5, 5), Pos::new(5, 10)],
                ..TurnInput::default()
            });
            let dir = |p: Pos| orders.iter().find(|o| o.pos == p).map(|o| o.dir);
            (dir(Pos::new(5, 8)), dir(Pos::new(5, 1)))
        };
        assert_eq!(order_of_a(false), (Some(Dir::W), Some(Dir::E)));
        assert_eq!(order_of_a(true), (Some(Dir::E), Some(Dir::E)));
    }

    /// Brute force: the greedy result equals taking, repeatedly, the globally shortest pair
    /// among the foods and ants still free (no sacrifice rule involved).
    #[test]
    fn food_matching_equals_repeated_global_minimum() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..200 {
            let (nf, na) = (rng.random_range(1..6u32), rng.random_range(1..6u32));
            let mut pairs = Vec::new();
            for k in 0..nf {
                for a in 0..na {
                    if rng.random_range(0..3) > 0 {
                        pairs.push((rng.random_range(0..11u16), k, a));
                    }
                }
            }
            let none = vec![u16::MAX; nf as usize];
            let got = plain(&pairs, &none);
            let mut left = pairs.clone();
            let mut want = Vec::new();
            while let Some(&best) = left.iter().min() {
                want.push(best);
                left.retain(|p| p.1 != best.1 && p.2 != best.2);
            }
            assert_eq!(got, want);
        }
    }
}

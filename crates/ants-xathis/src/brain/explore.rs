//! Exploring and spreading out: explore values age on tiles no ant reached lately, a free
//! ant steps toward the larger sum of them, and ants near enemies (then all that are left)
//! spread so that each covers the most tiles no other own ant reaches first.

use grid::Dir;

use crate::paths::Flow;

use super::APPROACH_DEPTH;
use super::turn::Turn;

/// Steps of the explore BFS (post mortem: values reset within 10 steps, sums on step 11).
pub const EXPLORE_DEPTH: u16 = 11;
/// Distribute: BFS depth of the reachable-tiles count.
const DEPTH: u16 = 6;

/// The explore and distribute steps; they own the explore values (kept across turns).
#[derive(Debug, Default)]
pub(super) struct ExploreStep {
    /// Turns since each tile was last within 10 steps of an own ant (0 for water).
    values: Vec<u32>,
    /// The ants the distribute step spreads out.
    todo: Vec<usize>,
}

impl ExploreStep {
    /// A step for a map of `n` tiles.
    pub(super) fn new(n: usize) -> Self {
        Self {
            values: vec![0; n],
            todo: Vec::new(),
        }
    }

    /// The per-tile explore values.
    pub(super) fn values(&self) -> &[u32] {
        &self.values
    }

    /// Ages the explore values: +1 per turn, reset on water and within
    /// [`EXPLORE_DEPTH`] − 1 steps of an own ant.
    pub(super) fn update(&mut self, t: &mut Turn) {
        let w = &t.world;
        t.bfs
            .run(w, w.own_ants.iter().copied(), EXPLORE_DEPTH - 1, |_, _| {
                Flow::Expand
            });
        for u in 0..w.len() as u32 {
            let v = &mut self.values[u as usize];
            if w.water[u as usize] || t.bfs.reached(u) {
                *v = 0;
            } else {
                *v = v.saturating_add(1);
            }
        }
    }

    /// Spreads out the free ants (only those within [`APPROACH_DEPTH`] of an enemy with
    /// `near_enemies_only`): each takes the move that covers the most tiles within
    /// [`DEPTH`] steps no other own ant reaches first.
    pub(super) fn distribute(&mut self, t: &mut Turn, near_enemies_only: bool) {
        self.todo.clear();
        self.todo.extend(
            (0..t.world.own_ants.len())
                .filter(|&a| !t.moves.done[a])
                .filter(|&a| {
                    !near_enemies_only
                        || t.threats.enemy_near[t.world.own_ants[a] as usize] <= APPROACH_DEPTH
                }),
        );
        if self.todo.is_empty() || t.out_of_time() {
            return;
        }
        // Nearest own ant of every tile (by steps), then per move the tiles this ant would
        // reach first.
        let w = &t.world;
        t.bfs2
            .run(w, w.own_ants.iter().copied(), DEPTH + 1, |_, _| {
                Flow::Expand
            });
        for &a in &self.todo {
            if t.out_of_time() {
                return;
            }
            let at = t.world.own_ants[a];
            let mut best: Option<(i64, u32)> = None;
            for &m in &t.threats.own_moves[a] {
                if m != at && t.moves.next_occ[m as usize] {
                    continue;
                }
                let mut v = 0i64;
                let (w, bfs2) = (&t.world, &t.bfs2);
                t.bfs.run(w, [m], DEPTH, |u, d| {
                    let mine = bfs2.reached(u) && bfs2.src[u as usize] == a as u32;
                    let closer = !bfs2.reached(u) || bfs2.dist[u as usize] > d;
                    if mine || closer {
                        v += i64::from(DEPTH + 1 - d);
                    }
                    Flow::Expand
                });
                if best.is_none_or(|(bv, _)| v > bv) {
                    best = Some((v, m));
                }
            }
            if let Some((_, m)) = best
                && !t.go(a, m)
            {
                t.go(a, at);
            }
        }
    }

    /// Every free ant steps toward the larger sum of explore values on step
    /// [`EXPLORE_DEPTH`] (with [`Config::sticky_missions`](super::Config::sticky_missions)
    /// an ant on a mission only for a sum of 40 or more).
    pub(super) fn explore(&mut self, t: &mut Turn) {
        for a in 0..t.world.own_ants.len() {
            if t.moves.done[a] {
                continue;
            }
            if a % 16 == 0 && t.out_of_time() {
                return;
            }
            let at = t.world.own_ants[a];
            let mut sums = [0u64; 4];
            let (w, explore) = (&t.world, &self.values);
            t.bfs.first_moves(w, at, EXPLORE_DEPTH, |u, mask| {
                let v = u64::from(explore[u as usize]);
                for (d, s) in sums.iter_mut().enumerate() {
                    if mask & (1 << d) != 0 {
                        *s += v;
                    }
                }
            });
            let top = sums.iter().copied().max().unwrap_or(0);
            if top == 0 {
                continue;
            }
            if t.cfg.sticky_missions && t.missions.get(at).is_some() && top < 40 {
                continue;
            }
            let mut order: Vec<Dir> = t
                .dir_order()
                .into_iter()
                .filter(|d| sums[d.index()] > 0)
                .collect();
            order.sort_by_key(|d| std::cmp::Reverse(sums[d.index()]));
            for d in order {
                if t.go_dir(a, d) {
                    if let Some(s) = t.sketch.as_mut() {
                        s.explore.push((at, sums[d.index()]));
                    }
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{ant, brain};
    use ants::{Order, TurnInput};
    use grid::{Dir, Pos};

    #[test]
    fn explore_values_reset_within_ten_steps_and_age_elsewhere() {
        let mut b = brain(40, 40);
        let input = TurnInput {
            turn: 1,
            ants: vec![ant(5, 5, 0)],
            ..TurnInput::default()
        };
        b.turn(&input);
        let w = b.world();
        let at = |r, c| b.explore_values()[w.tile(Pos::new(r, c)) as usize];
        assert_eq!(at(5, 15), 0, "10 steps away");
        assert_eq!(at(5, 16), 1, "11 steps away");
        assert_eq!(at(25, 25), 1);
        let input2 = TurnInput {
            turn: 2,
            ants: vec![ant(5, 5, 0)],
            ..TurnInput::default()
        };
        b.turn(&input2);
        let w = b.world();
        let at = |r, c| b.explore_values()[w.tile(Pos::new(r, c)) as usize];
        assert_eq!(at(25, 25), 2, "unreached tiles age by one per turn");
        assert_eq!(at(5, 14), 0);
    }

    /// The first move of a lone ant in the middle of an open map (all four directions equally
    /// unexplored) with the given player seed.
    fn first_move(random_ties: bool, seed: i64) -> Option<Dir> {
        let cfg = super::super::Config {
            random_ties,
            ..super::super::Config::post_mortem()
        };
        let mut b = super::super::fixtures::seeded_long_clock_brain(cfg, 60, 60, seed);
        let orders = b.turn(&TurnInput {
            turn: 1,
            ants: vec![ant(30, 30, 0)],
            ..TurnInput::default()
        });
        orders.first().map(|o| o.dir)
    }

    #[test]
    fn equally_unexplored_directions_are_chosen_at_random_with_random_ties() {
        // Regression: the fixed order sent every such ant north.
        assert!((0..20).all(|seed| first_move(false, seed) == Some(Dir::N)));
        let dirs: Vec<Option<Dir>> = (0..40).map(|seed| first_move(true, seed)).collect();
        for d in Dir::ALL {
            assert!(dirs.contains(&Some(d)), "{d:?} never chosen: {dirs:?}");
        }
        // Same seed, same move.
        assert!((0..10).all(|seed| first_move(true, seed) == dirs[seed as usize]));
    }

    #[test]
    fn explore_moves_toward_the_larger_unexplored_side() {
        // A water row just north of the ant: the open side (south) has the larger sum of
        // explore values on the 11th step.
        let mut b = brain(40, 40);
        let water = (0..40).map(|c| Pos::new(3, c)).collect();
        let input = TurnInput {
            turn: 1,
            water,
            ants: vec![ant(4, 5, 0)],
            ..TurnInput::default()
        };
        let orders = b.turn(&input);
        assert_eq!(
            orders,
            vec![Order {
                pos: Pos::new(4, 5),
                dir: Dir::S
            }]
        );
    }
}

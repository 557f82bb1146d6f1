//! The enemy view of a turn: the moves of every own and enemy ant, which enemy ants can
//! attack which own ants next turn and the distances to the enemy ants. Recomputed at the
//! start of every turn into buffers that are kept (and reused) across turns, and read by
//! the steps. The per-ant check-list sizes and the threatened lists, which only the fight
//! reads, are kept here because they come out of the same scan as the dangers.

use crate::paths::{Bfs, Flow};
use crate::world::World;

use super::{APPROACH_DEPTH, Config, NO_IDX};

/// The enemy view. Own ants are indexed like `World::own_ants`, enemy ants like
/// `World::enemy_ants`, tiles like the world.
#[derive(Debug, Default)]
pub(super) struct Threats {
    /// Possible destinations of every own ant (staying first).
    pub(super) own_moves: Vec<Vec<u32>>,
    /// Possible destinations of every enemy ant (staying first; only staying for enemies
    /// that stood still a while).
    pub(super) en_moves: Vec<Vec<u32>>,
    /// Enemy ants that can attack own ant `a` next turn.
    pub(super) danger: Vec<Vec<u32>>,
    /// Own ants enemy ant `e` can attack next turn.
    pub(super) threatened: Vec<Vec<u32>>,
    /// Moves of own ant `a` that need checking in a fight (staying counts once).
    pub(super) check_count: Vec<u32>,
    /// Steps from every tile to the nearest enemy ant (`u16::MAX`: farther than
    /// [`APPROACH_DEPTH`] and [`Config::approach_depth`](super::Config::approach_depth)).
    pub(super) enemy_near: Vec<u16>,
    /// The enemy ant index nearest to every tile ([`NO_IDX`]: none within reach).
    pub(super) enemy_near_src: Vec<u32>,
    /// Enemy ant index per tile ([`NO_IDX`]: none).
    pub(super) en_at: Vec<u32>,
}

/// Makes `lists` hold `n` empty lists, keeping the allocations of the lists it had.
fn empty_lists(lists: &mut Vec<Vec<u32>>, n: usize) {
    lists.resize_with(n, Vec::new);
    for l in lists.iter_mut() {
        l.clear();
    }
}

impl Threats {
    /// Recomputes everything from the world at the start of a turn (`bfs` is used as
    /// search scratch); distances to enemy ants are known up to [`Config::approach_depth`]
    /// steps (at least [`APPROACH_DEPTH`]); enemies still for more than
    /// [`Config::still_turns`] turns only stay (0: all move).
    pub(super) fn begin(&mut self, w: &World, bfs: &mut Bfs, cfg: &Config) {
        let approach_depth = cfg.approach_depth;
        let n_own = w.own_ants.len();
        let moves_of = |v: &mut Vec<u32>, t: u32, still: bool| {
            v.push(t);
            if !still {
                v.extend(w.nbr[t as usize].iter().copied().filter(|&n| w.walkable(n)));
            }
        };
        empty_lists(&mut self.own_moves, n_own);
        for (v, &t) in self.own_moves.iter_mut().zip(&w.own_ants) {
            moves_of(v, t, false);
        }
        empty_lists(&mut self.en_moves, w.enemy_ants.len());
        for (v, &(t, _)) in self.en_moves.iter_mut().zip(&w.enemy_ants) {
            let still = cfg.still_turns > 0 && w.still_turns[t as usize] > cfg.still_turns;
            moves_of(v, t, still);
        }
        // Enemy index per tile for window scans.
        let en_at = &mut self.en_at;
        en_at.clear();
        en_at.resize(w.len(), NO_IDX);
        for (e, &(t, _)) in w.enemy_ants.iter().enumerate() {
            en_at[t as usize] = e as u32;
        }
        let reach = (f64::from(w.attack2).sqrt() as i32) + 2;
        empty_lists(&mut self.danger, n_own);
        empty_lists(&mut self.threatened, w.enemy_ants.len());
        self.check_count.clear();
        self.check_count.resize(n_own, 1);
        for (a, &t) in w.own_ants.iter().enumerate() {
            let mut checks = 0u8;
            for dr in -reach..=reach {
                for dc in -reach..=reach {
                    let u = w.offset_tile(t, dr, dc);
                    let e = en_at[u as usize];
                    if e == NO_IDX {
                        continue;
                    }
                    let mut hit = false;
                    for (j, &m) in self.own_moves[a].iter().enumerate() {
                        if self.en_moves[e as usize]
                            .iter()
                            .any(|&x| x == m || w.dist2(m, x) <= w.attack2)
                        {
                            hit = true;
                            checks |= 1 << j;
                        }
                    }
                    if hit {
                        self.danger[a].push(e);
                        self.threatened[e as usize].push(a as u32);
                    }
                }
            }
            self.check_count[a] = (checks | 1).count_ones();
        }
        // Distance field from all enemies (approach).
        self.enemy_near.clear();
        self.enemy_near.resize(w.len(), u16::MAX);
        self.enemy_near_src.clear();
        self.enemy_near_src.resize(w.len(), NO_IDX);
        let (near, near_src) = (&mut self.enemy_near, &mut self.enemy_near_src);
        bfs.run(
            w,
            w.enemy_ants.iter().map(|&(t, _)| t),
            APPROACH_DEPTH.max(approach_depth),
            |_, _| Flow::Expand,
        );
        for k in 0..w.len() as u32 {
            if bfs.reached(k) {
                near[k as usize] = bfs.dist[k as usize];
                near_src[k as usize] = bfs.src[k as usize];
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Config;
    use super::super::fixtures::{ant, long_clock_brain};
    use ants::TurnInput;

    /// Whether an own ant 4 steps from an enemy ant seen on the same square on `seen`
    /// turns in a row is in danger under `still_turns` (only when both may move can they
    /// come within attack range).
    fn dangered_after(seen: u32, still_turns: u16) -> bool {
        let mut b = long_clock_brain(
            Config {
                still_turns,
                ..Config::post_mortem()
            },
            30,
            30,
        );
        for turn in 1..=seen {
            b.turn.world.update(&TurnInput {
                turn,
                ants: vec![ant(10, 10, 0), ant(10, 14, 1)],
                ..TurnInput::default()
            });
        }
        b.begin_turn();
        !b.turn.threats.danger[0].is_empty()
    }

    #[test]
    fn an_enemy_still_for_longer_than_still_turns_is_assumed_to_stay() {
        assert!(dangered_after(5, 5), "seen 5 times: it may move");
        assert!(!dangered_after(6, 5), "seen 6 times: it stays");
        assert!(dangered_after(6, 6));
        assert!(dangered_after(50, 0), "0: every enemy may move");
    }
}

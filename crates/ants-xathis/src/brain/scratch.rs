//! The per-turn state of the pipeline: where every own ant stands and will stand, which ants
//! are done, the moves and dangers of every ant and the distances to enemies. Recomputed at
//! the start of every turn into buffers that are kept (and reused) across turns.

use ants::Order;

use crate::paths::{Bfs, Flow};
use crate::world::{NO_ANT, World};

use super::{APPROACH_DEPTH, Config, NO_IDX, Step};

/// The largest `close2` used (larger settings are capped: the count scans a square).
const MAX_CLOSE2: u32 = 400;

/// The per-turn buffers. Own ants are indexed like `World::own_ants`, enemy ants like
/// `World::enemy_ants`, tiles like the world.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    /// Own ant index per tile ([`NO_IDX`]: none).
    pub(super) ant_at: Vec<u32>,
    /// Tiles an own ant will stand on after this turn's moves (so far).
    pub(super) next_occ: Vec<bool>,
    /// Own ants whose move is final.
    pub(super) done: Vec<bool>,
    /// Where every own ant will stand (its tile until it moves).
    pub(super) next_pos: Vec<u32>,
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
    /// Own ants close to a dangered own ant (aggression).
    pub(super) close_own: Vec<u32>,
    /// Enemy ants close to a dangered own ant (relative aggression).
    pub(super) close_enemy: Vec<u32>,
    /// Own ants near enough to support a dangered own ant.
    pub(super) support: Vec<u32>,
    /// Steps from every tile to the nearest enemy ant (`u16::MAX`: farther than
    /// [`APPROACH_DEPTH`] and [`Config::approach_depth`](super::Config::approach_depth)).
    pub(super) enemy_near: Vec<u16>,
    /// The enemy ant index nearest to every tile ([`NO_IDX`]: none within reach).
    pub(super) enemy_near_src: Vec<u32>,
    /// Enemy ants without another enemy ant within 4 rows and columns.
    pub(super) detached: Vec<bool>,
    /// Enemy ant index per tile ([`NO_IDX`]: none).
    en_at: Vec<u32>,
    /// The orders given so far this turn.
    pub(super) orders: Vec<Order>,
    /// The step now running (the moves it gives are credited to it).
    pub(super) step: Step,
    /// The step that decided each own ant's move ([`Step::Idle`]: none yet).
    pub(super) decided_by: Vec<Step>,
}

/// Makes `lists` hold `n` empty lists, keeping the allocations of the lists it had.
fn empty_lists(lists: &mut Vec<Vec<u32>>, n: usize) {
    lists.resize_with(n, Vec::new);
    for l in lists.iter_mut() {
        l.clear();
    }
}

impl Scratch {
    /// Buffers for a map of `n` tiles.
    pub(super) fn new(n: usize) -> Self {
        Self {
            ant_at: vec![NO_IDX; n],
            next_occ: vec![false; n],
            ..Self::default()
        }
    }

    /// Recomputes everything from the world at the start of a turn (`bfs` is used as
    /// search scratch); own ants within squared distance [`Config::close2`] of a dangered
    /// ant count as close, within [`Config::support2`] as support; distances to enemy ants
    /// are known up to [`Config::approach_depth`] steps (at least [`APPROACH_DEPTH`]);
    /// enemies still for more than [`Config::still_turns`] turns only stay (0: all move).
    pub(super) fn begin(&mut self, w: &World, bfs: &mut Bfs, cfg: &Config) {
        let (close2, support2, approach_depth) = (cfg.close2, cfg.support2, cfg.approach_depth);
        let n_own = w.own_ants.len();
        for t in self.next_pos.drain(..) {
            self.next_occ[t as usize] = false;
        }
        self.ant_at.fill(NO_IDX);
        self.done.clear();
        self.done.resize(n_own, false);
        self.decided_by.clear();
        self.decided_by.resize(n_own, Step::Idle);
        self.step = Step::Idle;
        for (i, &t) in w.own_ants.iter().enumerate() {
            self.ant_at[t as usize] = i as u32;
            self.next_occ[t as usize] = true;
            self.next_pos.push(t);
        }
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
        // Close own ants (aggression) and support (single ants escape).
        for v in [
            &mut self.close_own,
            &mut self.close_enemy,
            &mut self.support,
        ] {
            v.clear();
            v.resize(n_own, 0);
        }
        for (a, &t) in w.own_ants.iter().enumerate() {
            if self.danger[a].is_empty() {
                continue;
            }
            let (close, sup, foes) = around(w, t, close2, support2);
            self.close_own[a] = close;
            self.close_enemy[a] = foes;
            self.support[a] = sup;
        }
        // Distance field from all enemies (approach), and detached enemies.
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
        self.detached.clear();
        self.detached.extend(w.enemy_ants.iter().map(|&(t, _)| {
            (-4..=4).all(|dr: i32| {
                (-4..=4).all(|dc: i32| {
                    (dr == 0 && dc == 0) || {
                        let u = w.offset_tile(t, dr, dc);
                        en_at[u as usize] == NO_IDX
                    }
                })
            })
        }));
    }
}

/// Counts the ants around tile `t` (not on it) within squared distance `close2` (capped at
/// [`MAX_CLOSE2`]): own ants, own ants within `support2`, and enemy ants.
fn around(w: &World, t: u32, close2: u32, support2: u32) -> (u32, u32, u32) {
    let close2 = close2.min(MAX_CLOSE2);
    let r = f64::from(close2).sqrt() as i32;
    let (mut close, mut sup, mut foes) = (0, 0, 0);
    for dr in -r..=r {
        for dc in -r..=r {
            let d2 = (dr * dr + dc * dc) as u32;
            if d2 == 0 || d2 > close2 {
                continue;
            }
            let o = w.owner[w.offset_tile(t, dr, dc) as usize];
            if o == 0 {
                close += 1;
                if d2 <= support2 {
                    sup += 1;
                }
            } else if o != NO_ANT {
                foes += 1;
            }
        }
    }
    (close, sup, foes)
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::{ant, settings};
    use super::super::{Brain, Config};
    use ants::TurnInput;

    /// Whether an own ant 4 steps from an enemy ant seen on the same square on `seen`
    /// turns in a row is in danger under `still_turns` (only when both may move can they
    /// come within attack range).
    fn dangered_after(seen: u32, still_turns: u16) -> bool {
        let mut b = Brain::new(Config {
            still_turns,
            ..Config::post_mortem()
        });
        b.setup(&settings(30, 30, 500));
        for turn in 1..=seen {
            b.world.update(&TurnInput {
                turn,
                ants: vec![ant(10, 10, 0), ant(10, 14, 1)],
                ..TurnInput::default()
            });
        }
        b.begin_turn();
        !b.scratch.danger[0].is_empty()
    }

    #[test]
    fn an_enemy_still_for_longer_than_still_turns_is_assumed_to_stay() {
        assert!(dangered_after(5, 5), "seen 5 times: it may move");
        assert!(!dangered_after(6, 5), "seen 6 times: it stays");
        assert!(dangered_after(6, 6));
        assert!(dangered_after(50, 0), "0: every enemy may move");
    }
}

//! Defence of the own hills: every enemy ant near an own hill is met by one free ant, and
//! (4-player rule) the ants at home are kept from the enemy-hill and food steps while a
//! raider is near. Both read one search from the own hills per turn, which this step owns.

use crate::paths::{Bfs, Flow};

use super::NO_IDX;
use super::turn::Turn;

/// Defence: enemies within this many steps of an own hill get a defender.
pub(super) const DEFENCE_DEPTH: u16 = 15;

/// The defence step and the home guard.
#[derive(Debug, Default)]
pub(super) struct DefenceStep {
    /// Steps from the own hills, to [`DefenceStep::home_depth`]: one search per turn
    /// ([`DefenceStep::home_bfs`]).
    home: Bfs,
    /// Whether `home` holds this turn's search.
    home_ready: bool,
}

/// Whether the defence step acts for the own hills: some, and at most
/// [`Config::defend_hills`](super::Config::defend_hills).
fn defends_hills(t: &Turn) -> bool {
    let hills = t.world.own_hills.len();
    hills > 0 && hills <= usize::from(t.cfg.defend_hills)
}

impl DefenceStep {
    /// A step for a map of `n` tiles.
    pub(super) fn new(n: usize) -> Self {
        Self {
            home: Bfs::new(n),
            home_ready: false,
        }
    }

    /// A new turn: the search from the own hills is to be run again.
    pub(super) fn begin(&mut self) {
        self.home_ready = false;
    }

    /// The depth of [`DefenceStep::home_bfs`]: the larger of the defence step's depths in
    /// 2- and 4-player games.
    fn home_depth(t: &Turn) -> u16 {
        DEFENCE_DEPTH.max(t.cfg.multi_defence_depth)
    }

    /// Fills `home` with the steps from the own hills up to [`DefenceStep::home_depth`],
    /// once per turn (it depends on the map alone).
    fn home_bfs(&mut self, t: &Turn) {
        if !self.home_ready {
            let depth = Self::home_depth(t);
            let w = &t.world;
            self.home
                .run(w, w.own_hills.iter().copied(), depth, |_, _| Flow::Expand);
            self.home_ready = true;
        }
    }

    /// [`Config::multi_home_guard`](super::Config::multi_home_guard): once two enemy players
    /// have been seen, marks as busy the free ants no farther (in steps) from a threatened
    /// own hill than the nearest enemy ant within [`DEFENCE_DEPTH`] of it, and returns them,
    /// to be freed again ([`Turn::release`]); none while the defence step does not act (more
    /// own hills than it defends).
    pub(super) fn reserve_home_guard(&mut self, t: &mut Turn) -> Vec<usize> {
        if !t.cfg.multi_home_guard || t.duel() || t.world.enemy_ants.is_empty() || !defends_hills(t)
        {
            return Vec::new();
        }
        self.home_bfs(t);
        let bfs = &self.home;
        let near = |u: u32| bfs.within(u, DEFENCE_DEPTH);
        // The nearest raider's distance per own hill (in the order of `own_hills`).
        let mut threat = vec![None; t.world.own_hills.len()];
        for &(u, _) in &t.world.enemy_ants {
            if near(u) {
                let (h, d) = (bfs.src[u as usize] as usize, bfs.dist[u as usize]);
                threat[h] = Some(threat[h].map_or(d, |e: u16| e.min(d)));
            }
        }
        t.reserve(|t, a| {
            let u = t.world.own_ants[a];
            near(u)
                && threat[bfs.src[u as usize] as usize].is_some_and(|d| bfs.dist[u as usize] <= d)
        })
    }

    /// The defence step (post mortem): every enemy ant within [`DEFENCE_DEPTH`] of an own
    /// hill (from the second enemy player seen, within
    /// [`Config::multi_defence_depth`](super::Config::multi_defence_depth) where set) is met
    /// by one free ant, on its path to the hill where there is one.
    pub(super) fn run(&mut self, t: &mut Turn) {
        if !defends_hills(t) || t.world.enemy_ants.is_empty() {
            return;
        }
        let depth = match t.cfg.multi_defence_depth {
            0 => DEFENCE_DEPTH,
            d => t.by_players(DEFENCE_DEPTH, d),
        };
        let mut threats: Vec<(u16, Vec<u32>)> = Vec::new();
        self.home_bfs(t);
        let bfs = &self.home;
        for &(u, _) in &t.world.enemy_ants {
            if bfs.within(u, depth) {
                threats.push((bfs.dist[u as usize], bfs.path_back(u)));
            }
        }
        threats.sort_by_key(|x| x.0);
        for (d, path) in threats {
            if t.out_of_time() {
                return;
            }
            // path[k] is k steps from the enemy; the hill is the last tile.
            let d = d as usize;
            if d < 2 {
                continue;
            }
            // The target: `defence_percent` of the way from the hill to the enemy.
            let target_k = d - d * usize::from(t.cfg.defence_percent.min(100)) / 100;
            let target = path[target_k];
            let mut defender: Option<usize> = None;
            let mut best = usize::MAX;
            for (k, &p) in path.iter().enumerate().skip(1) {
                for q in std::iter::once(p).chain(t.world.nbr[p as usize]) {
                    if let Some(a) = t.free_ant_at(q) {
                        let score = k.abs_diff(target_k);
                        if score < best {
                            best = score;
                            defender = Some(a);
                        }
                    }
                }
            }
            if defender.is_none() {
                // Else the nearest free ant within the raider's distance of the path near
                // the hill.
                let (w, ant_at, done) = (&t.world, &t.moves.ant_at, &t.moves.done);
                t.bfs2.run(w, [path[d - d / 4]], d as u16, |u, _| {
                    let a = ant_at[u as usize];
                    if a != NO_IDX && !done[a as usize] {
                        defender = Some(a as usize);
                        return Flow::Stop;
                    }
                    Flow::Expand
                });
            }
            let Some(a) = defender else { continue };
            let at = t.world.own_ants[a];
            let to = if at == target {
                Some(at)
            } else {
                let next_occ = &t.moves.next_occ;
                let limit = 2 * t.world.manhattan(at, target) + 10;
                t.astar
                    .first_move(&t.world, at, target, limit, 4000, |u| next_occ[u as usize])
                    .map(|(dir, _)| t.world.step(at, dir))
            };
            if let Some(to) = to
                && t.go(a, to)
                && let Some(s) = t.sketch.as_mut()
            {
                let hill = path.last().copied().unwrap_or(target);
                s.defence.push((path[0], hill, at, target));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Config;
    use super::super::fixtures::{ant, orders_after};
    use ants::TurnInput;
    use grid::Pos;

    #[test]
    fn the_defender_walks_to_the_share_of_the_way_set_by_defence_percent() {
        // The own hill at (10,10), an enemy 8 steps east at (10,18), the own ant half way on
        // its path at (10,14): at 50 % (the post mortem) the ant holds the middle tile; at
        // 75 % and 100 % its target lies further out and it steps east, toward the enemy.
        let order = |defence_percent: u16| {
            let cfg = Config {
                defence_percent,
                ..Config::post_mortem()
            };
            let input = TurnInput {
                turn: 1,
                hills: vec![(Pos::new(10, 10), 0)],
                ants: vec![ant(10, 14, 0), ant(10, 18, 1)],
                ..TurnInput::default()
            };
            orders_after(cfg, 30, 30, &input, |b| b.defence.run(&mut b.turn))
        };
        assert!(order(50).is_empty(), "{:?}", order(50));
        for pct in [75, 100] {
            let o = order(pct);
            assert_eq!(o.len(), 1, "{o:?}");
            assert_eq!((o[0].pos, o[0].dir), (Pos::new(10, 14), grid::Dir::E));
        }
        // Nearer the hill than the post mortem's target, the ant steps back west.
        let o = order(25);
        assert_eq!(o.len(), 1, "{o:?}");
        assert_eq!(o[0].dir, grid::Dir::W);
    }
}

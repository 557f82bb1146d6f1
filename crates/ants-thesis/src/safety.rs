//! Per-move safety (our addition; the thesis has no such check; off unless the profile sets
//! `[safety] enabled = 1`): before the orders go out, every ant whose destination an enemy
//! could attack next turn is moved to a safer square, unless its order engages on purpose.
//!
//! [`Threat`] counts, for every square, the enemy ants that can bring it within the attack
//! radius next turn (an enemy may first step to any walkable neighbour), and the same for own
//! ants ("support"). An order carries an [`Engagement`]:
//! * [`Engagement::Cautious`] (gathering, exploring, fleeing, idle ants): the destination must
//!   be unthreatened, or own support there must exceed the threat by more than margin + 1;
//! * [`Engagement::Superior`] (attacking/default combat positioning, hill attacks): a
//!   threatened destination is allowed when own support there exceeds the threat by more than
//!   the margin ([`SUPERIORITY_MARGIN`]; we locally outnumber the enemies in reach);
//! * [`Engagement::Always`] (hill defence, the final hill rush): never re-routed.
//!
//! An unsafe ant takes the least threatened free square among staying and its four neighbours
//! (ties: the one closest to the original destination, staying first), and only when that is
//! strictly less threatened than the original destination.

use grid::{Grid, Pos};

use crate::world::{World, disc_offsets};

/// How much own support must exceed the threat for a `Superior` order into a threatened square.
pub const SUPERIORITY_MARGIN: u16 = 1;

/// How willing an order is to enter attack range.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engagement {
    /// Never into a square an enemy can attack next turn.
    #[default]
    Cautious,
    /// Only where own support exceeds the threat.
    Superior,
    /// No check (hill defence, final rush).
    Always,
}

impl Engagement {
    /// 0 = cautious, 1 = superior, anything else = always.
    pub fn from_level(level: u32) -> Self {
        match level {
            0 => Engagement::Cautious,
            1 => Engagement::Superior,
            _ => Engagement::Always,
        }
    }
}

/// Enemy threat and own support per square for the next turn.
#[derive(Clone, Debug)]
pub struct Threat {
    enemy: Grid<u16>,
    own: Grid<u16>,
    mark: Grid<u32>,
    stamp: u32,
    disc: Vec<(i32, i32)>,
}

impl Threat {
    /// Zero maps for the world's shape and attack radius.
    pub fn new(world: &World) -> Self {
        Self {
            enemy: Grid::new(world.shape, 0),
            own: Grid::new(world.shape, 0),
            mark: Grid::new(world.shape, 0),
            stamp: 0,
            disc: disc_offsets(world.settings.attackradius2),
        }
    }

    /// Recomputes both maps from the ants now visible.
    pub fn update(&mut self, world: &World) {
        self.enemy.fill(0);
        self.own.fill(0);
        let enemies: Vec<Pos> = world.enemy_ants.iter().map(|e| e.0).collect();
        let own: Vec<Pos> = world.my_ants.iter().map(|a| a.pos).collect();
        for p in enemies {
            self.spread(world, p, true);
        }
        for p in own {
            self.spread(world, p, false);
        }
    }

    /// Adds one ant's reach (its square and walkable neighbours, each with the attack disc).
    fn spread(&mut self, world: &World, p: Pos, enemy: bool) {
        self.stamp = self.stamp.wrapping_add(1);
        let mut from = [p; 5];
        let mut n = 1;
        for d in grid::Dir::ALL {
            let (dr, dc) = d.delta();
            let q = world.offset(p, dr, dc);
            if !world.water[q] {
                from[n] = q;
                n += 1;
            }
        }
        for &f in &from[..n] {
            for &(dr, dc) in &self.disc {
                let q = world.offset(f, dr, dc);
                if self.mark[q] != self.stamp {
                    self.mark[q] = self.stamp;
                    let g = if enemy {
                        &mut self.enemy
                    } else {
                        &mut self.own
                    };
                    g[q] = g[q].saturating_add(1);
                }
            }
        }
    }

    /// Enemy ants that can attack `p` next turn.
    pub fn enemy(&self, p: Pos) -> u16 {
        self.enemy[p]
    }

    /// Own ants that can attack around `p` next turn (the ant itself included).
    pub fn own(&self, p: Pos) -> u16 {
        self.own[p]
    }

    /// True when an order with `engagement` may end on `p`; `margin` is the superiority
    /// margin ([`SUPERIORITY_MARGIN`] by default).
    pub fn allows(&self, p: Pos, engagement: Engagement, margin: u16) -> bool {
        let e = self.enemy[p];
        match engagement {
            Engagement::Always => true,
            Engagement::Cautious => e == 0 || self.own[p] > e.saturating_add(margin + 1),
            Engagement::Superior => e == 0 || self.own[p] > e.saturating_add(margin),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ants::TurnInput;

    fn world(ants: Vec<(Pos, u8)>, water: Vec<Pos>) -> World {
        let mut w = World::new(&crate::test_support::settings(30, 30));
        w.update(
            &TurnInput {
                turn: 1,
                water,
                ants,
                ..TurnInput::default()
            },
            &[],
        );
        w
    }

    /// Brute force: can an enemy at `e` attack `p` after one step (or staying)?
    fn reaches(w: &World, e: Pos, p: Pos) -> bool {
        let mut from = vec![e];
        for d in grid::Dir::ALL {
            let (dr, dc) = d.delta();
            let q = w.offset(e, dr, dc);
            if !w.water[q] {
                from.push(q);
            }
        }
        from.iter()
            .any(|&f| w.shape.dist2(f, p) <= w.settings.attackradius2)
    }

    #[test]
    fn threat_counts_enemies_that_can_attack_next_turn() {
        let enemies = [Pos::new(10, 10), Pos::new(12, 11), Pos::new(20, 3)];
        let water = vec![Pos::new(10, 9)];
        let mut ants: Vec<(Pos, u8)> = enemies.iter().map(|&p| (p, 1)).collect();
        ants.push((Pos::new(5, 5), 0));
        let w = world(ants, water);
        let mut t = Threat::new(&w);
        t.update(&w);
        for r in 0..30 {
            for c in 0..30 {
                let p = Pos::new(r, c);
                let want = enemies.iter().filter(|&&e| reaches(&w, e, p)).count();
                assert_eq!(usize::from(t.enemy(p)), want, "square {p}");
            }
        }
        // Attack radius² 5 plus one step: (10,13) is d²=9 from (10,10) but (10,11) reaches it.
        // (10,13) is d² = 9 from (10,10) but 4 after its step E; (12,11) reaches it via (11,11).
        assert_eq!(t.enemy(Pos::new(10, 13)), 2);
        assert_eq!(t.enemy(Pos::new(10, 14)), 0);
        assert_eq!(t.own(Pos::new(5, 5)), 1);
    }

    #[test]
    fn engagement_levels() {
        let w = world(
            vec![
                (Pos::new(10, 10), 1),
                (Pos::new(10, 14), 0),
                (Pos::new(11, 14), 0),
                (Pos::new(9, 14), 0),
            ],
            vec![],
        );
        let mut t = Threat::new(&w);
        t.update(&w);
        let p = Pos::new(10, 13);
        assert_eq!((t.enemy(p), t.own(p)), (1, 3));
        assert!(!t.allows(p, Engagement::Cautious, SUPERIORITY_MARGIN));
        assert!(
            t.allows(p, Engagement::Superior, SUPERIORITY_MARGIN),
            "3 own ≥ 1 enemy + 2"
        );
        assert!(t.allows(p, Engagement::Always, SUPERIORITY_MARGIN));
        assert!(t.allows(Pos::new(25, 25), Engagement::Cautious, SUPERIORITY_MARGIN));
        let lone = Pos::new(10, 12);
        assert_eq!((t.enemy(lone), t.own(lone)), (1, 3));
        let far = Pos::new(10, 8);
        assert_eq!(t.own(far), 0);
        assert!(!t.allows(far, Engagement::Superior, SUPERIORITY_MARGIN));
    }
}

//! The order book (thesis §6.1 `Orders`): at most one order per ant, no two ants sent to one
//! square, at most one mission per ant, never a step onto water, food or an own hill. Orders are
//! cleared every turn; mission membership persists.

use std::collections::BTreeMap;

use ants::Order;
use ants::visual::{Command, route_steps};
use grid::{Dir, Grid, Pos};

use crate::safety::{Engagement, Threat};
use crate::world::{AntId, World};

/// Identifies one mission for the lifetime of the game.
pub type MissionId = u32;

/// Why an order or a mission assignment was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The ant already has an order this turn.
    AntAlreadyOrdered,
    /// Another ant already goes to (or stays on) that square.
    TileTaken,
    /// The square is water, food or an own hill.
    Blocked,
    /// The ant is not alive.
    UnknownAnt,
    /// The ant already belongs to a mission.
    AlreadyInMission,
}

/// One accepted order with its debug note.
#[derive(Clone, Debug)]
struct Entry {
    from: Pos,
    dir: Option<Dir>,
    to: Pos,
    label: &'static str,
    target: Option<Pos>,
    path: Vec<Pos>,
    engage: Engagement,
}

/// The per-turn orders and the persistent mission membership.
#[derive(Clone, Debug)]
pub struct OrderBook {
    entries: BTreeMap<AntId, Entry>,
    taken: Grid<u32>,
    stamp: u32,
    mission_of: BTreeMap<AntId, MissionId>,
    engagement: Engagement,
}

impl OrderBook {
    /// An empty book for a world.
    pub fn new(world: &World) -> Self {
        Self {
            entries: BTreeMap::new(),
            taken: Grid::new(world.shape, 0),
            stamp: 1,
            mission_of: BTreeMap::new(),
            engagement: Engagement::Cautious,
        }
    }

    /// Clears the orders of the previous turn and forgets dead ants' missions.
    pub fn new_turn(&mut self, world: &World) {
        self.entries.clear();
        self.stamp += 1;
        self.engagement = Engagement::Cautious;
        self.mission_of.retain(|&id, _| world.ant(id).is_some());
    }

    /// True when the ant already has an order (move or hold) this turn.
    pub fn has_order(&self, ant: AntId) -> bool {
        self.entries.contains_key(&ant)
    }

    /// True when some ant already goes to or holds `p` this turn.
    pub fn is_taken(&self, p: Pos) -> bool {
        self.taken[p] == self.stamp
    }

    /// True when `ant` may step from its square onto `to` now.
    pub fn can_enter(&self, world: &World, to: Pos) -> bool {
        world.walkable(to) && !world.food_at[to] && !self.is_taken(to)
    }

    /// Orders `ant` one step in `dir`.
    pub fn order(
        &mut self,
        world: &World,
        ant: AntId,
        dir: Dir,
        label: &'static str,
        target: Option<Pos>,
        path: &[Pos],
    ) -> Result<(), Refusal> {
        let from = world.ant(ant).ok_or(Refusal::UnknownAnt)?.pos;
        if self.has_order(ant) {
            return Err(Refusal::AntAlreadyOrdered);
        }
        let to = world.wrap(step(from, dir));
        if !world.walkable(to) || world.food_at[to] {
            return Err(Refusal::Blocked);
        }
        if self.is_taken(to) {
            return Err(Refusal::TileTaken);
        }
        self.taken[to] = self.stamp;
        self.entries.insert(
            ant,
            Entry {
                from,
                dir: Some(dir),
                to,
                label,
                target,
                path: path.iter().take(24).copied().collect(),
                engage: self.engagement,
            },
        );
        Ok(())
    }

    /// Keeps `ant` where it is this turn (reserves its square).
    pub fn hold(&mut self, world: &World, ant: AntId, label: &'static str) -> Result<(), Refusal> {
        let from = world.ant(ant).ok_or(Refusal::UnknownAnt)?.pos;
        if self.has_order(ant) {
            return Err(Refusal::AntAlreadyOrdered);
        }
        if self.is_taken(from) {
            return Err(Refusal::TileTaken);
        }
        self.taken[from] = self.stamp;
        self.entries.insert(
            ant,
            Entry {
                from,
                dir: None,
                to: from,
                label,
                target: None,
                path: Vec::new(),
                engage: self.engagement,
            },
        );
        Ok(())
    }

    /// Moves `ant` one step towards `next` (a neighbour) if allowed, else tries to hold.
    /// Returns true when a move order was placed.
    pub fn step_to(
        &mut self,
        world: &World,
        ant: AntId,
        next: Pos,
        label: &'static str,
        target: Option<Pos>,
        path: &[Pos],
    ) -> bool {
        let Some(a) = world.ant(ant) else {
            return false;
        };
        let dir = Dir::ALL
            .into_iter()
            .find(|&d| world.wrap(step(a.pos, d)) == next);
        if let Some(d) = dir
            && self.order(world, ant, d, label, target, path).is_ok()
        {
            return true;
        }
        let _ = self.hold(world, ant, label);
        false
    }

    /// Sets the [`Engagement`] of the orders placed from now on; returns the previous one.
    pub fn set_engagement(&mut self, e: Engagement) -> Engagement {
        std::mem::replace(&mut self.engagement, e)
    }

    /// The safety pass (see [`crate::safety`]): every ant (ordered or not) whose destination
    /// its engagement does not allow takes the least threatened free square among staying and
    /// its neighbours, when that is strictly less threatened. Returns the number of ants
    /// re-routed.
    pub fn enforce_safety(&mut self, world: &World, threat: &Threat, margin: u16) -> usize {
        let mut occupied: Grid<bool> = Grid::new(world.shape, false);
        for a in &world.my_ants {
            let to = self.entries.get(&a.id).map_or(a.pos, |e| e.to);
            occupied[to] = true;
        }
        let mut changed = 0;
        for a in &world.my_ants {
            let (to, engage) = self
                .entries
                .get(&a.id)
                .map_or((a.pos, Engagement::Cautious), |e| (e.to, e.engage));
            if threat.allows(to, engage, margin) {
                continue;
            }
            let mut best: Option<(u16, u32, Option<Dir>, Pos)> = None;
            let options = std::iter::once((None, a.pos)).chain(
                Dir::ALL
                    .into_iter()
                    .map(|d| (Some(d), world.wrap(step(a.pos, d)))),
            );
            for (dir, q) in options {
                let free = q == to || !occupied[q];
                let enterable = dir.is_none() || (world.walkable(q) && !world.food_at[q]);
                if !free || !enterable {
                    continue;
                }
                let key = (threat.enemy(q), world.shape.manhattan(q, to), dir, q);
                if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                    best = Some(key);
                }
            }
            let Some((level, _, dir, q)) = best else {
                continue;
            };
            if level >= threat.enemy(to) || q == to {
                continue;
            }
            occupied[to] = false;
            occupied[q] = true;
            self.taken[q] = self.stamp;
            let entry = self.entries.entry(a.id).or_insert(Entry {
                from: a.pos,
                dir: None,
                to: a.pos,
                label: "retreat",
                target: None,
                path: Vec::new(),
                engage: Engagement::Cautious,
            });
            entry.dir = dir;
            entry.to = q;
            entry.label = "retreat";
            entry.path = vec![a.pos, q];
            changed += 1;
        }
        changed
    }

    /// The mission `ant` belongs to.
    pub fn mission_of(&self, ant: AntId) -> Option<MissionId> {
        self.mission_of.get(&ant).copied()
    }

    /// Puts `ant` into `mission`; refused if it already belongs to another mission.
    pub fn join(&mut self, ant: AntId, mission: MissionId) -> Result<(), Refusal> {
        match self.mission_of.get(&ant) {
            Some(&m) if m != mission => Err(Refusal::AlreadyInMission),
            _ => {
                self.mission_of.insert(ant, mission);
                Ok(())
            }
        }
    }

    /// Removes `ant` from its mission.
    pub fn leave(&mut self, ant: AntId) {
        self.mission_of.remove(&ant);
    }

    /// [`OrderBook::finish_with`] drawing the notes.
    pub fn finish(&mut self, world: &World) -> (Vec<Order>, Vec<Command>) {
        self.finish_with(world, true)
    }

    /// Finalises the turn: cancels moves into a square where an own ant stays (cascading, so
    /// no own collision can happen) and returns the orders and, with `draw`, per ant what to
    /// show in the 2011 visualizer: `i r c task LABEL [target R C] [mission N]` and its
    /// planned path as a `routePlan` (or a `line` to the target when the path is not a chain
    /// of steps); without `draw` no notes (nothing is computed for them).
    pub fn finish_with(&mut self, world: &World, draw: bool) -> (Vec<Order>, Vec<Command>) {
        let mut stays: Grid<bool> = Grid::new(world.shape, false);
        for a in &world.my_ants {
            let moves = self.entries.get(&a.id).is_some_and(|e| e.dir.is_some());
            if !moves {
                stays[a.pos] = true;
            }
        }
        loop {
            let mut changed = false;
            for e in self.entries.values_mut() {
                if e.dir.is_some() && stays[e.to] {
                    e.dir = None;
                    e.to = e.from;
                    stays[e.from] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let mut orders = Vec::new();
        let mut notes = Vec::new();
        for (id, e) in &self.entries {
            if let Some(dir) = e.dir {
                orders.push(Order { pos: e.from, dir });
            }
            if draw {
                notes.push((e.from, e.label, e.target, &e.path, self.mission_of.get(id)));
            }
        }
        orders.sort_by_key(|o| o.pos);
        notes.sort_by_key(|n| n.0);
        let (rows, cols) = (world.shape.rows as i32, world.shape.cols as i32);
        let mut shown = Vec::with_capacity(notes.len() * 2);
        for (from, label, target, path, mission) in notes {
            let mut text = match target {
                Some(t) => format!("task {label} target {} {}", t.row, t.col),
                None => format!("task {label}"),
            };
            if let Some(m) = mission {
                text = format!("{text} mission {m}");
            }
            shown.push(Command::info(from, &text));
            match (route_steps(from, path, rows, cols), target) {
                (Some(steps), _) if !steps.is_empty() => {
                    shown.push(Command::RoutePlan(from, steps));
                }
                (_, Some(t)) if t != from => shown.push(Command::Line(from, t)),
                _ => {}
            }
        }
        (orders, shown)
    }

    /// For ant tracking next turn: (id, square now, square after the orders).
    pub fn expected(&self, world: &World) -> Vec<(AntId, Pos, Pos)> {
        world
            .my_ants
            .iter()
            .map(|a| {
                let to = self
                    .entries
                    .get(&a.id)
                    .filter(|e| e.dir.is_some())
                    .map_or(a.pos, |e| e.to);
                (a.id, a.pos, to)
            })
            .collect()
    }
}

/// `p` moved one step in `d` (not wrapped).
pub fn step(p: Pos, d: Dir) -> Pos {
    let (dr, dc) = d.delta();
    Pos::new(p.row + dr, p.col + dc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::World;
    use ants::TurnInput;

    fn world() -> World {
        let mut w = World::new(&crate::test_support::settings(20, 20));
        w.update(
            &TurnInput {
                turn: 1,
                water: vec![Pos::new(4, 6)],
                hills: vec![(Pos::new(4, 4), 0)],
                ants: vec![
                    (Pos::new(4, 5), 0),
                    (Pos::new(5, 4), 0),
                    (Pos::new(6, 5), 0),
                ],
                food: vec![Pos::new(7, 5)],
                dead: vec![],
            },
            &[],
        );
        w
    }

    #[test]
    fn one_order_per_ant_and_one_ant_per_tile() {
        let w = world();
        let mut b = OrderBook::new(&w);
        b.new_turn(&w);
        let a = w.my_ant_at(Pos::new(4, 5)).unwrap();
        let c = w.my_ant_at(Pos::new(6, 5)).unwrap();
        assert_eq!(b.order(&w, a, Dir::S, "t", None, &[]), Ok(()));
        assert_eq!(
            b.order(&w, a, Dir::N, "t", None, &[]),
            Err(Refusal::AntAlreadyOrdered)
        );
        assert_eq!(b.hold(&w, a, "t"), Err(Refusal::AntAlreadyOrdered));
        // (5,5) is now taken: the ant at (6,5) may not go there too.
        assert_eq!(
            b.order(&w, c, Dir::N, "t", None, &[]),
            Err(Refusal::TileTaken)
        );
        assert_eq!(b.order(&w, c, Dir::E, "t", None, &[]), Ok(()));
    }

    #[test]
    fn never_onto_water_food_or_own_hill() {
        let w = world();
        let mut b = OrderBook::new(&w);
        b.new_turn(&w);
        let a = w.my_ant_at(Pos::new(4, 5)).unwrap();
        let d = w.my_ant_at(Pos::new(5, 4)).unwrap();
        let c = w.my_ant_at(Pos::new(6, 5)).unwrap();
        assert_eq!(
            b.order(&w, a, Dir::E, "t", None, &[]),
            Err(Refusal::Blocked)
        );
        assert_eq!(
            b.order(&w, a, Dir::W, "t", None, &[]),
            Err(Refusal::Blocked)
        );
        assert_eq!(
            b.order(&w, d, Dir::N, "t", None, &[]),
            Err(Refusal::Blocked)
        );
        assert_eq!(
            b.order(&w, c, Dir::S, "t", None, &[]),
            Err(Refusal::Blocked)
        );
        assert!(b.finish(&w).0.is_empty());
    }

    #[test]
    fn one_mission_per_ant() {
        let w = world();
        let mut b = OrderBook::new(&w);
        let a = w.my_ants[0].id;
        assert_eq!(b.join(a, 1), Ok(()));
        assert_eq!(b.join(a, 1), Ok(()));
        assert_eq!(b.join(a, 2), Err(Refusal::AlreadyInMission));
        b.leave(a);
        assert_eq!(b.join(a, 2), Ok(()));
        assert_eq!(b.mission_of(a), Some(2));
    }

    #[test]
    fn moves_into_a_staying_ant_are_cancelled_in_cascade() {
        let mut w = World::new(&crate::test_support::settings(20, 20));
        w.update(
            &TurnInput {
                turn: 1,
                ants: vec![
                    (Pos::new(10, 10), 0),
                    (Pos::new(10, 11), 0),
                    (Pos::new(10, 12), 0),
                ],
                ..TurnInput::default()
            },
            &[],
        );
        let mut b = OrderBook::new(&w);
        b.new_turn(&w);
        let x = w.my_ant_at(Pos::new(10, 10)).unwrap();
        let y = w.my_ant_at(Pos::new(10, 11)).unwrap();
        // x steps onto y's square and y onto z's square; z stays unordered. y must then stay,
        // and so must x: no own collision.
        assert_eq!(b.order(&w, x, Dir::E, "t", None, &[]), Ok(()));
        assert_eq!(b.order(&w, y, Dir::E, "t", None, &[]), Ok(()));
        let (orders, notes) = b.finish(&w);
        assert!(orders.is_empty(), "{orders:?}");
        assert_eq!(notes.len(), 2);
        // Without the stayer both moves survive.
        let mut b = OrderBook::new(&w);
        b.new_turn(&w);
        let z = w.my_ant_at(Pos::new(10, 12)).unwrap();
        assert_eq!(b.order(&w, z, Dir::E, "t", None, &[]), Ok(()));
        assert_eq!(b.order(&w, y, Dir::E, "t", None, &[]), Ok(()));
        assert_eq!(b.order(&w, x, Dir::E, "t", None, &[]), Ok(()));
        assert_eq!(b.finish(&w).0.len(), 3);
        assert_eq!(b.expected(&w).len(), 3);
    }

    #[test]
    fn safety_pass_reroutes_cautious_orders_out_of_attack_range() {
        use crate::safety::{Engagement, SUPERIORITY_MARGIN, Threat};
        let mut w = World::new(&crate::test_support::settings(30, 30));
        // Enemy at (10,10) reaches every square within d² ≤ 5 of its square or a neighbour.
        w.update(
            &TurnInput {
                turn: 1,
                ants: vec![
                    (Pos::new(10, 10), 1),
                    (Pos::new(10, 14), 0),
                    (Pos::new(13, 10), 0),
                    (Pos::new(10, 20), 0),
                    (Pos::new(14, 14), 0),
                ],
                ..TurnInput::default()
            },
            &[],
        );
        let mut t = Threat::new(&w);
        t.update(&w);
        let mut b = OrderBook::new(&w);
        b.new_turn(&w);
        let walker = w.my_ant_at(Pos::new(10, 14)).unwrap();
        let idle = w.my_ant_at(Pos::new(13, 10)).unwrap();
        let brave = w.my_ant_at(Pos::new(10, 20)).unwrap();
        let far = w.my_ant_at(Pos::new(14, 14)).unwrap();
        // The walker steps W into (10,13), threatened: it must stay on (10,14) instead.
        assert!(t.enemy(Pos::new(10, 13)) > 0 && t.enemy(Pos::new(10, 14)) == 0);
        b.order(&w, walker, Dir::W, "walk", None, &[]).unwrap();
        // The brave ant walks W unthreatened; the far ant walks N (unthreatened) under Always.
        b.order(&w, brave, Dir::W, "walk", None, &[]).unwrap();
        b.set_engagement(Engagement::Always);
        b.order(&w, far, Dir::N, "walk", None, &[]).unwrap();
        // The idle ant on (13,10) is threatened (d² = 4 after the enemy steps S) and unordered.
        assert!(t.enemy(Pos::new(13, 10)) > 0);
        let moved = b.enforce_safety(&w, &t, SUPERIORITY_MARGIN);
        assert_eq!(moved, 2);
        let (orders, notes) = b.finish(&w);
        let dest = |p: Pos| {
            orders
                .iter()
                .find(|o| o.pos == p)
                .map_or(p, |o| w.wrap(step(p, o.dir)))
        };
        assert_eq!(dest(Pos::new(10, 14)), Pos::new(10, 14));
        assert_eq!(dest(Pos::new(10, 20)), Pos::new(10, 19));
        assert_eq!(dest(Pos::new(14, 14)), Pos::new(13, 14));
        let idle_to = dest(Pos::new(13, 10));
        assert!(t.enemy(idle_to) < t.enemy(Pos::new(13, 10)), "{idle_to}");
        assert!(
            notes
                .iter()
                .any(|n| matches!(n, Command::Info { text, .. } if text == "task retreat"))
        );
        assert!(notes.iter().any(|n| matches!(n, Command::RoutePlan(..))));
        assert!(w.ant(idle).is_some());
    }

    proptest::proptest! {
        /// Whatever orders tasks try, after the safety pass (if any) and `finish` no two own
        /// ants share a square and no ant steps onto water, food or an own hill.
        #[test]
        fn finished_orders_never_collide(
            cells in proptest::collection::btree_set((0i32..8, 0i32..8), 1..30),
            water in proptest::collection::vec((0i32..8, 0i32..8), 0..10),
            dirs in proptest::collection::vec(0usize..5, 30),
            enemies in proptest::collection::vec((0i32..8, 0i32..8), 0..4),
            safety in proptest::bool::ANY,
        ) {
            let mut ants: Vec<(Pos, u8)> = cells.iter().map(|&(r, c)| (Pos::new(r, c), 0)).collect();
            let water: Vec<Pos> = water
                .into_iter()
                .map(|(r, c)| Pos::new(r, c))
                .filter(|p| !cells.contains(&(p.row, p.col)))
                .collect();
            let own_hill = ants[0].0;
            for (r, c) in enemies {
                let p = Pos::new(r, c);
                if !cells.contains(&(r, c)) && !water.contains(&p) {
                    ants.push((p, 1));
                }
            }
            let mut w = World::new(&crate::test_support::settings(8, 8));
            w.update(
                &TurnInput {
                    turn: 1,
                    water: water.clone(),
                    hills: vec![(own_hill, 0)],
                    ants,
                    food: vec![],
                    dead: vec![],
                },
                &[],
            );
            let mut b = OrderBook::new(&w);
            b.new_turn(&w);
            for (a, &d) in w.my_ants.iter().zip(&dirs) {
                if d < 4 {
                    let _ = b.order(&w, a.id, Dir::ALL[d], "p", None, &[]);
                }
            }
            if safety {
                let mut t = crate::safety::Threat::new(&w);
                t.update(&w);
                b.enforce_safety(&w, &t, crate::safety::SUPERIORITY_MARGIN);
            }
            let (orders, _) = b.finish(&w);
            let mut end: Vec<Pos> = w
                .my_ants
                .iter()
                .map(|a| a.pos)
                .filter(|p| !orders.iter().any(|o| o.pos == *p))
                .collect();
            for o in &orders {
                let to = w.wrap(step(o.pos, o.dir));
                proptest::prop_assert!(!w.water[to] && !w.my_hill_at[to]);
                end.push(to);
            }
            let n = end.len();
            end.sort();
            end.dedup();
            proptest::prop_assert_eq!(end.len(), n);
        }
    }
}

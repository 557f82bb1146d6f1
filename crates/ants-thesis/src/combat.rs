//! Combat positioning (thesis §5.2): FLEE, DEFEND, ATTACK and DEFAULT modes. Formations are
//! tiles on a circle around the enemy cluster centre whose radius is the distance between the
//! own and the enemy centre, chosen by BFS from the own centre (never an own hill); once more
//! than [`FORMATION_SHARE`] of the units stand in formation the circle shrinks by one tile and
//! the group advances.
//!
//! Mode choice: the default positioning flees when outnumbered, else DEFAULT; attacking
//! positioning attacks when own units ≥ 2 × the enemies guarding the target, else falls back to
//! the default choice; defending positioning always defends.
//!
//! Values the thesis leaves open: "more than x formed" is [`FORMATION_SHARE`] = one half; the
//! circle tolerance is ±0.5 tiles; the defence "sides" are the four quadrants around the
//! defended tile (a side whose first step is water needs no defence).

use grid::{Limits, Pos};

use crate::influence::InfluenceMap;
use crate::nav::Nav;
use crate::orders::step;
use crate::world::World;

/// The formation counts as formed when more than this share of the units stand on it.
pub const FORMATION_SHARE: f64 = 0.5;

/// The positioning mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Every unit steps to its safest neighbour.
    Flee,
    /// Hold a formation between the attackers and the defended tile.
    Defend,
    /// Form up against the enemies guarding the target and advance.
    Attack,
    /// Like attack, against all enemies (open-field combat).
    Default,
}

/// Which positioning class decides the mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `DefaultCombatPositioning`.
    Default,
    /// `AttackingCombatPositioning` towards a target.
    Attacking(Pos),
    /// `DefendingCombatPositioning` of a target (an own hill).
    Defending(Pos),
}

/// The cluster centre (centroid) of units on the torus, relative to the first unit.
pub fn centroid(world: &World, units: &[Pos]) -> Option<Pos> {
    let first = *units.first()?;
    let (mut sr, mut sc) = (0i64, 0i64);
    for &u in units {
        let (dr, dc) = world.shape.offset(first, u);
        sr += i64::from(dr);
        sc += i64::from(dc);
    }
    let n = units.len() as i64;
    let r = (sr as f64 / n as f64).round() as i32;
    let c = (sc as f64 / n as f64).round() as i32;
    Some(world.offset(first, r, c))
}

/// Enemies within `d2(centre, target)` of `target`, reachable by flood fill (the thesis's
/// "enemies guarding the target").
pub fn guarding(
    world: &World,
    nav: &mut Nav,
    my_centre: Pos,
    target: Pos,
    enemies: &[Pos],
) -> Vec<Pos> {
    let r2 = world.shape.dist2(my_centre, target).max(1);
    let src = world.shape.index(target);
    nav.ff2
        .fill([src], Limits::radius2(r2), |i| !world.water[i]);
    enemies
        .iter()
        .copied()
        .filter(|&e| nav.ff2.reached(world.shape.index(e)))
        .collect()
}

/// Chooses the mode (thesis `determineMode`).
pub fn determine_mode(
    world: &World,
    nav: &mut Nav,
    kind: Kind,
    my: &[Pos],
    enemies: &[Pos],
) -> Mode {
    let default = if enemies.len() > my.len() {
        Mode::Flee
    } else {
        Mode::Default
    };
    match kind {
        Kind::Default => default,
        Kind::Defending(_) => Mode::Defend,
        Kind::Attacking(target) => {
            let Some(c) = centroid(world, my) else {
                return default;
            };
            let guards = guarding(world, nav, c, target, enemies);
            if guards.len() * 2 <= my.len() {
                Mode::Attack
            } else {
                default
            }
        }
    }
}

/// Up to `n` tiles on the circle of `radius` around `centre`, found by BFS from `from`.
pub fn circle_tiles(
    world: &World,
    nav: &mut Nav,
    from: Pos,
    centre: Pos,
    radius: f64,
    n: usize,
) -> Vec<Pos> {
    let mut out = Vec::with_capacity(n);
    let src = world.shape.index(from);
    let max_steps = (radius as u32) * 3 + 12;
    let shape = world.shape;
    nav.ff2.search(
        [src],
        Limits {
            max_steps,
            max_dist2: u32::MAX,
            max_cells: 4000,
        },
        |i| !world.water[i],
        |i| {
            let p = shape.pos(i);
            if !world.my_hill_at[p] && (shape.euclidean(p, centre) - radius).abs() <= 0.5 {
                out.push(p);
            }
            out.len() >= n
        },
    );
    out
}

/// Assigns each unit one of `tiles` (greedy, nearest pair first); units without a tile get
/// `fallback`.
pub fn assign(world: &World, units: &[Pos], tiles: &[Pos], fallback: Pos) -> Vec<Pos> {
    let mut pairs: Vec<(u32, usize, usize)> = Vec::with_capacity(units.len() * tiles.len());
    for (u, &up) in units.iter().enumerate() {
        for (t, &tp) in tiles.iter().enumerate() {
            pairs.push((world.shape.manhattan(up, tp), u, t));
        }
    }
    pairs.sort_unstable();
    let mut goal: Vec<Option<Pos>> = vec![None; units.len()];
    let mut used = vec![false; tiles.len()];
    for (_, u, t) in pairs {
        if goal[u].is_none() && !used[t] {
            goal[u] = Some(tiles[t]);
            used[t] = true;
        }
    }
    goal.into_iter().map(|g| g.unwrap_or(fallback)).collect()
}

/// The formation goals against the enemy group `enemies` (ATTACK/DEFAULT), shrinking the
/// circle by one when more than [`FORMATION_SHARE`] of the units already stand on it.
pub fn formation(world: &World, nav: &mut Nav, my: &[Pos], enemies: &[Pos]) -> Vec<Pos> {
    let (Some(mc), Some(ec)) = (centroid(world, my), centroid(world, enemies)) else {
        return my.to_vec();
    };
    let mut radius = world.shape.euclidean(mc, ec).round().max(1.0);
    let mut tiles = circle_tiles(world, nav, mc, ec, radius, my.len());
    let formed = my.iter().filter(|p| tiles.contains(p)).count();
    if formed as f64 > FORMATION_SHARE * my.len() as f64 && radius > 1.0 {
        radius -= 1.0;
        tiles = circle_tiles(world, nav, mc, ec, radius, my.len());
    }
    assign(world, my, &tiles, ec)
}

/// FLEE: each unit's safest neighbour (or its own square).
pub fn flee(world: &World, influence: &InfluenceMap, my: &[Pos]) -> Vec<Pos> {
    my.iter()
        .map(|&u| {
            let mut best = (influence.safety(world, u), u);
            for d in grid::Dir::ALL {
                let q = world.wrap(step(u, d));
                if world.walkable(q) {
                    let s = influence.safety(world, q);
                    if s > best.0 {
                        best = (s, q);
                    }
                }
            }
            best.1
        })
        .collect()
}

/// DEFEND: with no attackers the defenders take the walkable diagonals of `target`; else the
/// attacked sides are found, defenders on an attacked side defend it, the rest go to the side
/// most attackers come from, and each side's defenders form a circle around that side's
/// attacker centre.
pub fn defend(world: &World, nav: &mut Nav, target: Pos, my: &[Pos], enemies: &[Pos]) -> Vec<Pos> {
    if enemies.is_empty() {
        let diagonals: Vec<Pos> = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
            .into_iter()
            .map(|(dr, dc)| world.offset(target, dr, dc))
            .filter(|&p| world.walkable(p))
            .collect();
        return assign(world, my, &diagonals, target);
    }
    // Quadrant (side) of a unit relative to the target: 0 N, 1 E, 2 S, 3 W.
    let side = |p: Pos| {
        let (dr, dc) = world.shape.offset(target, p);
        if dr.abs() >= dc.abs() {
            if dr < 0 { 0 } else { 2 }
        } else if dc > 0 {
            1
        } else {
            3
        }
    };
    let mut attackers: [Vec<Pos>; 4] = Default::default();
    for &e in enemies {
        attackers[side(e)].push(e);
    }
    let main = (0..4)
        .max_by_key(|&s| (attackers[s].len(), 4 - s))
        .unwrap_or(0);
    let mut defenders: [Vec<usize>; 4] = Default::default();
    for (i, &u) in my.iter().enumerate() {
        let s = side(u);
        if attackers[s].is_empty() {
            defenders[main].push(i);
        } else {
            defenders[s].push(i);
        }
    }
    let mut goals = my.to_vec();
    for s in 0..4 {
        if defenders[s].is_empty() || attackers[s].is_empty() {
            continue;
        }
        let units: Vec<Pos> = defenders[s].iter().map(|&i| my[i]).collect();
        let (Some(mc), Some(ec)) = (centroid(world, &units), centroid(world, &attackers[s])) else {
            continue;
        };
        let radius = world.shape.euclidean(mc, ec).round().max(1.0);
        let tiles = circle_tiles(world, nav, mc, ec, radius, units.len());
        for (k, g) in assign(world, &units, &tiles, mc).into_iter().enumerate() {
            goals[defenders[s][k]] = g;
        }
    }
    goals
}

/// The goal square of every unit for the given mode. `target` is the attacked or defended
/// tile (for ATTACK with no guarding enemies every unit heads straight for it).
pub fn goals(
    world: &World,
    nav: &mut Nav,
    influence: &InfluenceMap,
    mode: Mode,
    kind: Kind,
    my: &[Pos],
    enemies: &[Pos],
) -> Vec<Pos> {
    match (mode, kind) {
        (Mode::Flee, _) => flee(world, influence, my),
        (Mode::Defend, Kind::Defending(t) | Kind::Attacking(t)) => {
            defend(world, nav, t, my, enemies)
        }
        (Mode::Defend, Kind::Default) => my.to_vec(),
        (Mode::Attack, Kind::Attacking(t)) => {
            let Some(c) = centroid(world, my) else {
                return Vec::new();
            };
            let guards = guarding(world, nav, c, t, enemies);
            if guards.is_empty() {
                vec![t; my.len()]
            } else {
                formation(world, nav, my, &guards)
            }
        }
        (Mode::Attack | Mode::Default, _) => {
            if enemies.is_empty() {
                my.to_vec()
            } else {
                formation(world, nav, my, enemies)
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::float_cmp)]
mod tests {
    use super::*;
    use ants::TurnInput;

    fn world(ants: Vec<(Pos, u8)>, hills: Vec<(Pos, u8)>, water: Vec<Pos>) -> World {
        let mut w = World::new(&crate::test_support::settings(40, 40));
        w.update(
            &TurnInput {
                turn: 1,
                water,
                hills,
                ants,
                ..TurnInput::default()
            },
            &[],
        );
        w
    }

    fn positions(w: &World) -> (Vec<Pos>, Vec<Pos>) {
        let my = w.my_ants.iter().map(|a| a.pos).collect();
        let en = w.enemy_ants.iter().map(|a| a.0).collect();
        (my, en)
    }

    #[test]
    fn default_mode_flees_when_outnumbered() {
        let w = world(
            vec![
                (Pos::new(10, 10), 0),
                (Pos::new(10, 14), 1),
                (Pos::new(11, 14), 1),
            ],
            vec![],
            vec![],
        );
        let mut nav = Nav::new(&w);
        let (my, en) = positions(&w);
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Default, &my, &en),
            Mode::Flee
        );
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Default, &my, &en[..1]),
            Mode::Default
        );
        let mut inf = InfluenceMap::new(&w);
        inf.update(&w);
        let g = goals(&w, &mut nav, &inf, Mode::Flee, Kind::Default, &my, &en);
        assert_eq!(g, vec![Pos::new(10, 9)], "flee steps away from the enemies");
    }

    #[test]
    fn attacking_mode_needs_twice_the_guards() {
        let target = Pos::new(10, 20);
        let my: Vec<(Pos, u8)> = (0..4).map(|i| (Pos::new(9 + i, 10), 0)).collect();
        let mut ants = my.clone();
        ants.push((Pos::new(10, 18), 1));
        ants.push((Pos::new(11, 18), 1));
        let w = world(ants, vec![(target, 1)], vec![]);
        let mut nav = Nav::new(&w);
        let (my, en) = positions(&w);
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Attacking(target), &my, &en),
            Mode::Attack
        );
        let three = [en[0], en[1], Pos::new(9, 19)];
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Attacking(target), &my, &three),
            Mode::Default,
            "3 guards vs 4 units: not attack, not outnumbered"
        );
        // Enemies far behind the target do not guard it.
        let far = [Pos::new(30, 30), Pos::new(31, 30), Pos::new(32, 30)];
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Attacking(target), &my, &far),
            Mode::Attack
        );
        let g = goals(
            &w,
            &mut nav,
            &InfluenceMap::new(&w),
            Mode::Attack,
            Kind::Attacking(target),
            &my,
            &far,
        );
        assert_eq!(g, vec![target; 4], "no guards: head for the target");
    }

    #[test]
    fn attack_formation_is_a_circle_and_advances_when_formed() {
        // Enemy centre (10,20); own units in a line at distance 6 from it.
        let enemies = [Pos::new(10, 20)];
        let spread: Vec<(Pos, u8)> = [(10, 10), (4, 16), (16, 16), (10, 12)]
            .into_iter()
            .map(|(r, c)| (Pos::new(r, c), 0))
            .collect();
        let w = world(spread, vec![], vec![]);
        let mut nav = Nav::new(&w);
        let (my, _) = positions(&w);
        let g = formation(&w, &mut nav, &my, &enemies);
        let c = centroid(&w, &my).unwrap();
        let r = w.shape.euclidean(c, enemies[0]).round();
        for p in &g {
            assert!(
                (w.shape.euclidean(*p, enemies[0]) - r).abs() <= 0.5,
                "{p} not on circle {r}"
            );
        }
        // Units already standing on the circle: the circle shrinks by one.
        let on: Vec<(Pos, u8)> = [(10, 14), (9, 14), (11, 14)]
            .into_iter()
            .map(|(r, c)| (Pos::new(r, c), 0))
            .collect();
        let w = world(on, vec![], vec![]);
        let (my, _) = positions(&w);
        let g = formation(&w, &mut nav, &my, &enemies);
        let c = centroid(&w, &my).unwrap();
        let r = w.shape.euclidean(c, enemies[0]).round();
        assert_eq!(r, 6.0);
        for p in &g {
            assert!(
                (w.shape.euclidean(*p, enemies[0]) - 5.0).abs() <= 0.5,
                "{p} should be at 5"
            );
        }
    }

    #[test]
    fn defend_uses_diagonals_without_enemies_and_blocks_the_attacked_side() {
        let hill = Pos::new(20, 20);
        let w = world(
            vec![
                (Pos::new(20, 22), 0),
                (Pos::new(19, 20), 0),
                (Pos::new(20, 27), 1),
            ],
            vec![(hill, 0)],
            vec![],
        );
        let mut nav = Nav::new(&w);
        let (my, en) = positions(&w);
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Defending(hill), &my, &en),
            Mode::Defend,
            "defenders never flee"
        );
        let g = defend(&w, &mut nav, hill, &my, &[]);
        for p in &g {
            let (dr, dc) = w.shape.offset(hill, *p);
            assert!(dr.abs() == 1 && dc.abs() == 1, "{p} is not a diagonal");
        }
        let g = defend(&w, &mut nav, hill, &my, &en);
        for p in &g {
            assert_ne!(*p, hill, "never on the own hill");
            let (_, dc) = w.shape.offset(hill, *p);
            assert!(
                dc > 0,
                "{p}: defenders go to the east side the attacker comes from"
            );
        }
    }

    #[test]
    fn default_mode_forms_against_all_enemies() {
        // Two own units, two enemies on opposite sides of their centre: DEFAULT (not
        // outnumbered) puts both units on the circle around the centroid of all enemies.
        let w = world(
            vec![
                (Pos::new(10, 10), 0),
                (Pos::new(11, 10), 0),
                (Pos::new(4, 18), 1),
                (Pos::new(16, 18), 1),
            ],
            vec![],
            vec![],
        );
        let mut nav = Nav::new(&w);
        let (my, en) = positions(&w);
        assert_eq!(
            determine_mode(&w, &mut nav, Kind::Default, &my, &en),
            Mode::Default
        );
        let g = goals(
            &w,
            &mut nav,
            &InfluenceMap::new(&w),
            Mode::Default,
            Kind::Default,
            &my,
            &en,
        );
        let ec = centroid(&w, &en).unwrap();
        assert_eq!(ec, Pos::new(10, 18));
        let mc = centroid(&w, &my).unwrap();
        let r = w.shape.euclidean(mc, ec).round();
        assert_eq!(r, 8.0);
        assert_eq!(g.len(), 2);
        assert_ne!(g[0], g[1]);
        // Both units already stand on the circle of radius 8: formed, so it shrinks to 7.
        for p in &g {
            assert!(
                (w.shape.euclidean(*p, ec) - 7.0).abs() <= 0.5,
                "{p} not on circle 7"
            );
        }
    }
}

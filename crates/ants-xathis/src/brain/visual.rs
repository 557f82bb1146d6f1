//! What the pipeline bots draw with `visualize=true`: the turn's plans as 2011 visualizer
//! commands ([`ants::visual::Command`]), one layer per step, each in its own colour (the
//! table in `docs/ants-viewer.md`). The steps record what they decided in a [`Sketch`] only
//! when the brain has one (visualizing on); [`Sketch::draw`] adds what the brain keeps anyway
//! (areas and border, missions, the step behind each move) and turns it all into commands.

use ants::visual::{Color, Command};

use crate::areas::Areas;

use super::turn::Turn;
use super::{NO_IDX, Step};

/// Border tiles of the own areas (filled tiles).
pub const BORDER: Color = Color::new(0, 170, 170, 0.45);
/// Missions: an arrow from the ant to its target, a circle on the target.
pub const MISSION: Color = Color::new(255, 140, 0, 0.9);
/// Explore: an arrow for the step toward the larger explore sum.
pub const EXPLORE: Color = Color::new(120, 230, 120, 0.9);
/// Food: a line from the ant to the food it was matched with.
pub const FOOD: Color = Color::new(255, 230, 0, 1.0);
/// Fights: outlined circles on the group's own ants, arrows for their chosen moves.
pub const FIGHT: Color = Color::new(255, 40, 40, 1.0);
/// Fights: outlined circles on the group's enemy ants.
pub const FIGHT_ENEMY: Color = Color::new(255, 0, 255, 1.0);
/// Hill defence: a line from the defender to its target on the raider's path, a filled
/// circle on the target.
pub const DEFENCE: Color = Color::new(60, 120, 255, 1.0);
/// The moves of the other steps (enemy hill, approach, chase, escape, distribute): arrows.
pub const OTHER: Color = Color::new(230, 230, 230, 0.8);

/// One combat group as searched and committed.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct GroupNote {
    /// The own ants' tiles and the tiles they move to.
    pub(super) own: Vec<(u32, u32)>,
    /// The enemy ants' tiles.
    pub(super) enemies: Vec<u32>,
    /// The evaluation of the chosen moves.
    pub(super) value: i32,
    /// Whether the fight was evaluated aggressively.
    pub(super) aggressive: bool,
    /// Whether the search finished (or was cut by the clock).
    pub(super) complete: bool,
}

/// What the steps decided this turn, recorded only while visualizing.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Sketch {
    /// (ant tile, food tile, steps, safe steps only) per food the food step sent an ant to.
    pub(super) food: Vec<(u32, u32, u16, bool)>,
    /// The combat groups in search order.
    pub(super) groups: Vec<GroupNote>,
    /// (raider tile, hill tile, defender tile, target tile) per defence.
    pub(super) defence: Vec<(u32, u32, u32, u32)>,
    /// (ant tile, explore sum of the direction taken) per explore move.
    pub(super) explore: Vec<(u32, u64)>,
}

/// Appends the commands of one layer: its colours first, then `shapes`.
fn layer(out: &mut Vec<Command>, line: Color, fill: Color, shapes: Vec<Command>) {
    if shapes.is_empty() {
        return;
    }
    out.push(Command::SetLineColor(line));
    out.push(Command::SetFillColor(fill));
    out.extend(shapes);
}

impl Sketch {
    /// The turn's drawing, called after the last step and before the missions move with
    /// their ants: border, missions, explore, food, fights, defence, the other steps' moves,
    /// then a note per own ant naming the step that decided its move.
    pub(super) fn draw(self, t: &Turn, areas: &Areas) -> Vec<Command> {
        let w = &t.world;
        let p = |u: u32| w.pos(u);
        let next = |u: u32| match t.moves.ant_at.get(u as usize) {
            Some(&a) if a != NO_IDX => t.moves.next_pos[a as usize],
            _ => u,
        };
        let mut out = vec![Command::SetLineWidth(2.0)];
        let mut shapes: Vec<Command> = areas
            .border
            .iter()
            .map(|&(_, u)| Command::Tile(p(u)))
            .collect();
        let mut seen_area = u32::MAX;
        for &(area, u) in &areas.border {
            if area != seen_area {
                seen_area = area;
                let n = areas.border_of(area).len();
                shapes.push(Command::info(
                    p(u),
                    &format!("border of area {area}: {n} tiles"),
                ));
            }
        }
        layer(&mut out, BORDER, BORDER, shapes);
        let mut shapes = Vec::new();
        for m in t.missions.iter() {
            let (from, to) = (p(m.ant), p(m.target));
            shapes.push(Command::Arrow(from, to));
            shapes.push(Command::Circle {
                pos: to,
                radius: 0.4,
                fill: false,
            });
            shapes.push(Command::info(
                from,
                &format!(
                    "mission to {} {} (refreshed turn {})",
                    to.row, to.col, m.refreshed
                ),
            ));
        }
        layer(&mut out, MISSION, MISSION, shapes);
        let mut shapes = Vec::new();
        for &(a, sum) in &self.explore {
            shapes.push(Command::Arrow(p(a), p(next(a))));
            shapes.push(Command::info(
                p(a),
                &format!("explore: direction sum {sum}"),
            ));
        }
        layer(&mut out, EXPLORE, EXPLORE, shapes);
        let mut shapes = Vec::new();
        for &(a, f, d, safe) in &self.food {
            let (from, to) = (p(a), p(f));
            shapes.push(Command::Line(from, to));
            let how = if safe { ", safe steps only" } else { "" };
            shapes.push(Command::info(
                from,
                &format!("food {} {}: {d} steps{how}", to.row, to.col),
            ));
        }
        layer(&mut out, FOOD, FOOD, shapes);
        for (k, g) in self.groups.iter().enumerate() {
            let mut shapes = Vec::new();
            for &(from, to) in &g.own {
                shapes.push(Command::Circle {
                    pos: p(from),
                    radius: 0.5,
                    fill: false,
                });
                if from != to {
                    shapes.push(Command::Arrow(p(from), p(to)));
                }
            }
            if let Some(&(first, _)) = g.own.first() {
                let mode = if g.aggressive {
                    "aggressive"
                } else {
                    "careful"
                };
                let search = if g.complete {
                    "complete"
                } else {
                    "cut by the clock"
                };
                shapes.push(Command::info(
                    p(first),
                    &format!(
                        "fight group {k}: {} own vs {} enemy, score {} ({mode}, search {search})",
                        g.own.len(),
                        g.enemies.len(),
                        g.value
                    ),
                ));
            }
            layer(&mut out, FIGHT, FIGHT, shapes);
            let shapes = g
                .enemies
                .iter()
                .map(|&e| Command::Circle {
                    pos: p(e),
                    radius: 0.5,
                    fill: false,
                })
                .collect();
            layer(&mut out, FIGHT_ENEMY, FIGHT_ENEMY, shapes);
        }
        let mut shapes = Vec::new();
        for &(raider, hill, a, target) in &self.defence {
            let (from, to, r, h) = (p(a), p(target), p(raider), p(hill));
            shapes.push(Command::Line(from, to));
            shapes.push(Command::Circle {
                pos: to,
                radius: 0.3,
                fill: true,
            });
            shapes.push(Command::info(
                from,
                &format!(
                    "defend hill {} {} against {} {}: target {} {}",
                    h.row, h.col, r.row, r.col, to.row, to.col
                ),
            ));
        }
        layer(&mut out, DEFENCE, DEFENCE, shapes);
        let mut shapes = Vec::new();
        for (a, (&u, &step)) in w.own_ants.iter().zip(&t.moves.decided_by).enumerate() {
            let to = t.moves.next_pos.get(a).copied().unwrap_or(u);
            let own_layer = matches!(
                step,
                Step::Food
                    | Step::Fight
                    | Step::Defence
                    | Step::Explore
                    | Step::Mission
                    | Step::NewMission
            );
            if !own_layer && to != u {
                shapes.push(Command::Arrow(p(u), p(to)));
            }
            shapes.push(Command::info(p(u), &format!("step {}", step.name())));
        }
        layer(&mut out, OTHER, OTHER, shapes);
        out
    }
}

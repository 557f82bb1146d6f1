//! The seed's planner: uniform-cost search over (cell, heading) where turns cost actions
//! (spec §7.3). Shared by the reference agent; the closed set holds cells.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::game::HunterAction;
use crate::world::{Cell, Heading};

/// Neighbour order of the seed's search: N, W, E, S.
pub const NWES: [Heading; 4] = [Heading::North, Heading::West, Heading::East, Heading::South];

/// Actions that move from heading `h` to the neighbour in direction `d`.
pub fn moves_towards(h: Heading, d: Heading) -> &'static [HunterAction] {
    use HunterAction::{GoForward, TurnLeft, TurnRight};
    if d == h {
        &[GoForward]
    } else if d == h.right() {
        &[TurnRight, GoForward]
    } else if d == h.left() {
        &[TurnLeft, GoForward]
    } else {
        &[TurnRight, TurnRight, GoForward]
    }
}

/// Cells with coordinates in `-1..SIDE-1` can be searched (worlds are at most 64 wide).
const SIDE: i32 = 68;

struct Node {
    cell: Cell,
    heading: Heading,
    cost: u32,
    parent: usize,
    step: Heading,
}

/// Uniform-cost search from `(start, heading)`: returns the action list to the first popped
/// cell satisfying `goal` (empty if the root matches), or `None` if there is no path.
pub fn search(
    start: Cell,
    heading: Heading,
    usable: impl Fn(Cell) -> bool,
    goal: impl Fn(Cell) -> bool,
) -> Option<Vec<HunterAction>> {
    let mut nodes = vec![Node {
        cell: start,
        heading,
        cost: 0,
        parent: usize::MAX,
        step: heading,
    }];
    let mut open = BinaryHeap::new();
    open.push(Reverse((0u32, 0usize)));
    let mut closed = vec![false; (SIDE * SIDE) as usize];
    let slot = |c: Cell| -> Option<usize> {
        let (x, y) = (c.0 + 1, c.1 + 1);
        (x >= 0 && y >= 0 && x < SIDE && y < SIDE).then(|| (y * SIDE + x) as usize)
    };
    while let Some(Reverse((cost, i))) = open.pop() {
        let (cell, h) = (nodes[i].cell, nodes[i].heading);
        if let Some(k) = slot(cell) {
            closed[k] = true;
        }
        if goal(cell) {
            let mut acts = Vec::new();
            let mut k = i;
            while nodes[k].parent != usize::MAX {
                let p = nodes[k].parent;
                let m = moves_towards(nodes[p].heading, nodes[k].step);
                acts.extend(m.iter().rev());
                k = p;
            }
            acts.reverse();
            return Some(acts);
        }
        for d in NWES {
            let n = d.step(cell);
            if slot(n).is_none_or(|k| closed[k]) || !usable(n) {
                continue;
            }
            let c = cost + moves_towards(h, d).len() as u32;
            nodes.push(Node {
                cell: n,
                heading: d,
                cost: c,
                parent: i,
                step: d,
            });
            open.push(Reverse((c, nodes.len() - 1)));
        }
        debug_assert!(nodes[i].cost == cost);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use HunterAction::{GoForward, TurnLeft, TurnRight};

    #[test]
    fn turns_cost_actions() {
        let open = |c: Cell| c.0 >= 1 && c.1 >= 1 && c.0 <= 5 && c.1 <= 5;
        assert_eq!(
            search((1, 1), Heading::East, open, |c| c == (2, 1)),
            Some(vec![GoForward])
        );
        assert_eq!(
            search((1, 1), Heading::East, open, |c| c == (1, 2)),
            Some(vec![TurnRight, GoForward])
        );
        assert_eq!(
            search((2, 2), Heading::East, open, |c| c == (2, 1)),
            Some(vec![TurnLeft, GoForward])
        );
        assert_eq!(
            search((2, 2), Heading::East, open, |c| c == (1, 2)),
            Some(vec![TurnRight, TurnRight, GoForward])
        );
        assert_eq!(
            search((2, 2), Heading::East, open, |c| c == (2, 2)),
            Some(vec![])
        );
        assert_eq!(search((1, 1), Heading::East, open, |c| c == (9, 9)), None);
    }
}

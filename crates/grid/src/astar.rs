//! Grid A*: 4-connected, bounded or torus, unit or per-cell costs, array-backed bookkeeping.
//!
//! Open list: a binary heap keyed by (f, h) with lazy deletion. Closed set, g-values and
//! parents live in flat per-cell arrays stamped with a generation counter, so a search
//! never clears or allocates once the heap has grown. The heuristic is the wrapped
//! Manhattan distance times the minimum step cost (1), which is admissible and consistent
//! for 4-connected moves with costs ≥ 1 (the thesis uses the weaker Euclidean distance).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::core::{Pos, Shape};
use crate::neighbours::{NONE, Neighbours};

/// A path found by a grid search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridPath {
    /// The cells from start to goal, both included (a single cell when start == goal).
    pub cells: Vec<Pos>,
    /// Total cost: the sum of the entry costs of every cell after the start.
    pub cost: u32,
    /// Number of nodes expanded (closed) by the search.
    pub expanded: u32,
}

impl GridPath {
    /// Number of steps (cells − 1).
    pub fn steps(&self) -> usize {
        self.cells.len().saturating_sub(1)
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Node {
    stamp: u32,
    closed: bool,
    g: u32,
    parent: u32,
}

/// A reusable A* search over one grid shape.
///
/// ```
/// use grid::{AStar, Pos, Shape, Topology};
/// let shape = Shape::new(3, 4, Topology::Bounded);
/// let wall = |p: Pos| p.col == 1 && p.row < 2;
/// let mut astar = AStar::new(shape);
/// let path = astar
///     .find(Pos::new(0, 0), Pos::new(0, 3), |i| !wall(shape.pos(i)))
///     .unwrap();
/// assert_eq!(path.cost, 7); // down two, right three, up two
/// ```
#[derive(Clone, Debug)]
pub struct AStar {
    nb: Neighbours,
    nodes: Vec<Node>,
    generation: u32,
    heap: BinaryHeap<Reverse<u64>>,
    /// Cells whose f equals the f being expanded: expanded next, last in first out.
    lane: Vec<u32>,
    last_expanded: u32,
    /// Bits of a heap key holding the cell index.
    idx_bits: u32,
    /// Bits of a heap key holding the (clamped) h tie-breaker.
    tie_bits: u32,
}

impl AStar {
    /// An A* for grids of `shape` (allocates its buffers once).
    pub fn new(shape: Shape) -> Self {
        Self::with_neighbours(Neighbours::new(shape))
    }

    /// An A* reusing an already built neighbour table.
    pub fn with_neighbours(nb: Neighbours) -> Self {
        let n = nb.shape().len();
        let idx_bits = (u64::BITS - (n.max(2) as u64 - 1).leading_zeros()).min(32);
        Self {
            nb,
            nodes: vec![Node::default(); n],
            generation: 0,
            heap: BinaryHeap::new(),
            lane: Vec::new(),
            last_expanded: 0,
            idx_bits,
            tie_bits: (32 - idx_bits).min(16),
        }
    }

    /// The shape this search works on.
    pub const fn shape(&self) -> Shape {
        self.nb.shape()
    }

    /// The neighbour table.
    pub const fn neighbours(&self) -> &Neighbours {
        &self.nb
    }

    /// Nodes expanded by the last search (also when it failed).
    pub const fn last_expanded(&self) -> u32 {
        self.last_expanded
    }

    /// Shortest path with unit step costs through cells where `passable` holds (the start
    /// need not be passable; the goal must be).
    pub fn find(
        &mut self,
        start: Pos,
        goal: Pos,
        mut passable: impl FnMut(u32) -> bool,
    ) -> Option<GridPath> {
        self.find_weighted(start, goal, u32::MAX, |i| u32::from(passable(i)))
    }

    /// Cheapest path where entering cell `i` costs `cost(i)` (≥ 1; 0 means impassable),
    /// pruning every node whose f-value exceeds `max_cost` (`u32::MAX` = no limit; the
    /// thesis's `maxCost`). Positions outside a bounded grid or a torus are normalised.
    pub fn find_weighted(
        &mut self,
        start: Pos,
        goal: Pos,
        max_cost: u32,
        cost: impl FnMut(u32) -> u32,
    ) -> Option<GridPath> {
        let shape = self.shape();
        let (s, g) = (shape.normalize(start)?, shape.normalize(goal)?);
        let (s, g) = (shape.index(s), shape.index(g));
        let (goal_cell, total) = self.run(s, g, max_cost, 1, cost)?;
        Some(GridPath {
            cells: self.trace(goal_cell),
            cost: total,
            expanded: self.last_expanded,
        })
    }

    /// Like [`AStar::find_weighted`] on flat indices, returning the path as indices.
    pub fn find_indices(
        &mut self,
        start: u32,
        goal: u32,
        max_cost: u32,
        cost: impl FnMut(u32) -> u32,
    ) -> Option<(Vec<u32>, u32)> {
        let (goal_cell, total) = self.run(start, goal, max_cost, 1, cost)?;
        let mut path = vec![goal_cell];
        let mut cur = goal_cell;
        while self.nodes[cur as usize].parent != NONE {
            cur = self.nodes[cur as usize].parent;
            path.push(cur);
        }
        path.reverse();
        Some((path, total))
    }

    /// Greedy best-first search: expands by heuristic alone (fast, not optimal), unit
    /// costs through cells where `passable` holds.
    pub fn find_greedy(
        &mut self,
        start: Pos,
        goal: Pos,
        mut passable: impl FnMut(u32) -> bool,
    ) -> Option<GridPath> {
        let shape = self.shape();
        let (s, g) = (shape.normalize(start)?, shape.normalize(goal)?);
        let (s, g) = (shape.index(s), shape.index(g));
        let (goal_cell, total) = self.run(s, g, u32::MAX, 0, |i| u32::from(passable(i)))?;
        Some(GridPath {
            cells: self.trace(goal_cell),
            cost: total,
            expanded: self.last_expanded,
        })
    }

    /// One heap word: f in the high 32 bits, then h (clamped; only breaks ties towards
    /// deeper nodes), then the cell index.
    #[inline]
    fn key(&self, f: u32, h: u32, i: u32) -> u64 {
        let tie = u64::from(h).min((1 << self.tie_bits) - 1);
        (u64::from(f) << 32) | (tie << self.idx_bits) | u64::from(i)
    }

    fn trace(&self, goal: u32) -> Vec<Pos> {
        let shape = self.shape();
        let mut path = vec![shape.pos(goal)];
        let mut cur = goal;
        while self.nodes[cur as usize].parent != NONE {
            cur = self.nodes[cur as usize].parent;
            path.push(shape.pos(cur));
        }
        path.reverse();
        path
    }

    fn run(
        &mut self,
        start: u32,
        goal: u32,
        max_cost: u32,
        g_weight: u32,
        mut cost: impl FnMut(u32) -> u32,
    ) -> Option<(u32, u32)> {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.nodes.fill(Node::default());
            self.generation = 1;
        }
        let generation = self.generation;
        self.heap.clear();
        self.lane.clear();
        self.last_expanded = 0;
        let h0 = self.nb.manhattan(start, goal);
        // g_weight 1: A* (f = g + h); 0: greedy best-first (f = h).
        if h0 > max_cost {
            return None;
        }
        self.nodes[start as usize] = Node {
            stamp: generation,
            closed: false,
            g: 0,
            parent: NONE,
        };
        self.heap.push(Reverse(self.key(h0, h0, start)));
        let idx_mask = (1u64 << self.idx_bits) - 1;
        // The heuristic is consistent, so f never decreases along the expansion order and
        // the first entry popped for a cell carries its best g: later (stale) entries find
        // the cell closed. A successor with the same f as the cell being expanded is
        // therefore minimal too and goes to the LIFO `lane` instead of the heap (deepest
        // first, which is also the best tie-break). Greedy search has no such order.
        let use_lane = g_weight == 1;
        let mut f_cur = h0;
        loop {
            let i = if let Some(i) = self.lane.pop() {
                i
            } else if let Some(Reverse(key)) = self.heap.pop() {
                f_cur = (key >> 32) as u32;
                (key & idx_mask) as u32
            } else {
                break;
            };
            let node = self.nodes[i as usize];
            if node.closed {
                continue;
            }
            self.nodes[i as usize].closed = true;
            self.last_expanded += 1;
            if i == goal {
                return Some((i, node.g));
            }
            for j in self.nb.of(i) {
                if j == NONE {
                    continue;
                }
                let nj = self.nodes[j as usize];
                let seen = nj.stamp == generation;
                if seen && nj.closed {
                    continue;
                }
                let c = cost(j);
                if c == 0 {
                    continue;
                }
                let g2 = node.g.saturating_add(c);
                if seen && (g_weight == 0 || g2 >= nj.g) {
                    continue;
                }
                let h2 = self.nb.manhattan(j, goal);
                let f2 = (g2 * g_weight).saturating_add(h2);
                if g2.saturating_add(h2) > max_cost {
                    continue;
                }
                self.nodes[j as usize] = Node {
                    stamp: generation,
                    closed: false,
                    g: g2,
                    parent: i,
                };
                if use_lane && f2 == f_cur {
                    self.lane.push(j);
                } else {
                    let key = self.key(f2, h2, j);
                    self.heap.push(Reverse(key));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Topology;

    #[test]
    fn wraps_on_torus_and_respects_max_cost() {
        let s = Shape::new(10, 10, Topology::Torus);
        let mut a = AStar::new(s);
        let p = a.find(Pos::new(0, 0), Pos::new(9, 9), |_| true).unwrap();
        assert_eq!(p.cost, 2);
        assert_eq!(p.cells.len(), 3);
        assert!(
            a.find_weighted(Pos::new(0, 0), Pos::new(5, 5), 9, |_| 1)
                .is_none()
        );
        assert_eq!(
            a.find_weighted(Pos::new(0, 0), Pos::new(5, 5), 10, |_| 1)
                .map(|p| p.cost),
            Some(10)
        );
    }

    #[test]
    fn weighted_costs_detour_around_expensive_cells() {
        let s = Shape::new(3, 5, Topology::Bounded);
        let mut a = AStar::new(s);
        // Row 1 is cheap, row 0 costs 4 per cell.
        let p = a
            .find_weighted(Pos::new(0, 0), Pos::new(0, 4), u32::MAX, |i| {
                if s.pos(i).row == 0 { 4 } else { 1 }
            })
            .unwrap();
        assert_eq!(p.cost, 1 + 4 + 4);
        assert!(
            a.find(Pos::new(0, 0), Pos::new(2, 4), |i| s.pos(i).col != 2)
                .is_none()
        );
        let same = a.find(Pos::new(1, 1), Pos::new(1, 1), |_| true).unwrap();
        assert_eq!((same.cost, same.cells.len()), (0, 1));
    }
}

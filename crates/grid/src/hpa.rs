//! HPA* (Botea, Müller & Schaeffer, "Near Optimal Hierarchical Path-Finding") as the
//! thesis builds it (§4.4): square clusters that overlap by one cell, one abstract level.
//!
//! * **Clusters.** Along each axis clusters start every `size − 1` cells and span `size`
//!   cells, so neighbouring clusters share a border line; on a torus the last cluster
//!   shares its far line with the first (it may be narrower than `size`).
//! * **Entrances.** A *side* is the part of a border line shared by two clusters. Each
//!   maximal run of land on a side is an entrance; [`Entrances::Centered`] puts one
//!   transition node in the middle of the run, [`Entrances::Corner`] one at each end (the
//!   two are joined by an inner edge along the side). Because of the overlap a node belongs
//!   to both clusters, so no inter-cluster edges are needed.
//! * **Known terrain only.** A side is computed once all its cells are known and then
//!   cached forever (Ants terrain never changes). A cluster's inner edges connect all its
//!   nodes with shortest paths through its known land (one cluster-restricted BFS per node,
//!   which on unit costs gives the same costs as the thesis's A* per pair); they are rebuilt
//!   only for clusters whose cells or sides changed since the last [`Hpa::update`].
//! * **Queries** connect start and goal to the nodes of their clusters, search the abstract
//!   graph with A*, and splice the cached edge paths. Queries shorter than one cluster go
//!   straight to grid A*, and when the abstract graph has no answer (unknown areas) the
//!   query falls back to grid A* over all cells not known to be water.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::astar::AStar;
use crate::core::{Pos, Shape, Topology};
use crate::flood::{FloodFill, Limits};
use crate::neighbours::{NONE, Neighbours};
use crate::smooth::smooth_path;

/// Where transition nodes are placed on each entrance (a land run on a cluster side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entrances {
    /// One node in the middle of each entrance (the thesis's sparser type).
    Centered,
    /// One node at each end of each entrance (the paper's and Projekt 2's type).
    Corner,
}

/// What is known about a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    /// Not seen yet.
    Unknown,
    /// Passable.
    Land,
    /// Impassable.
    Water,
}

/// How a query was answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HpaMethod {
    /// Through the abstract cluster graph.
    Abstract,
    /// Start and goal are within one cluster size: plain grid A*.
    Direct,
    /// The abstract graph could not answer: plain grid A* over non-water cells.
    Fallback,
}

/// A path found by [`Hpa::find`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HpaPath {
    /// Cells from start to goal, both included.
    pub cells: Vec<Pos>,
    /// Number of steps.
    pub cost: u32,
    /// Nodes expanded: abstract nodes plus cells visited by the local searches.
    pub expanded: u32,
    /// How the path was found.
    pub method: HpaMethod,
}

#[derive(Clone, Copy, Debug)]
struct Axis {
    len: u32,
    step: u32,
    count: u32,
    torus: bool,
}

impl Axis {
    fn new(len: u32, size: u32, torus: bool) -> Self {
        let step = size.saturating_sub(1).max(1);
        let count = if torus {
            len.div_ceil(step).max(1)
        } else {
            len.saturating_sub(1).div_ceil(step).max(1)
        };
        Self {
            len,
            step,
            count,
            torus,
        }
    }

    fn start(&self, k: u32) -> u32 {
        k * self.step
    }

    /// Offset of the last line of cluster `k` from its start.
    fn ext(&self, k: u32) -> u32 {
        let rest = if self.torus {
            self.len - self.start(k)
        } else {
            (self.len - 1).saturating_sub(self.start(k))
        };
        rest.min(self.step)
    }

    fn contains(&self, k: u32, x: u32) -> bool {
        let start = self.start(k);
        let off = if x >= start {
            x - start
        } else if self.torus {
            x + self.len - start
        } else {
            return false;
        };
        off <= self.ext(k)
    }

    /// The coordinate `off` cells after the start of cluster `k`.
    fn at(&self, k: u32, off: u32) -> u32 {
        (self.start(k) + off) % self.len
    }

    /// The cluster after `k`, if there is one.
    fn next(&self, k: u32) -> Option<u32> {
        if k + 1 < self.count {
            Some(k + 1)
        } else if self.torus {
            Some(0)
        } else {
            None
        }
    }

    /// The (at most two) clusters containing coordinate `x`.
    fn clusters_of(&self, x: u32) -> ([u32; 2], usize) {
        let k = (x / self.step).min(self.count - 1);
        let mut out = [k, k];
        let mut n = 1;
        let prev = if k > 0 {
            Some(k - 1)
        } else if self.torus {
            Some(self.count - 1)
        } else {
            None
        };
        if let Some(p) = prev
            && p != k
            && self.contains(p, x)
        {
            out[1] = p;
            n = 2;
        }
        (out, n)
    }
}

#[derive(Clone, Debug)]
struct Side {
    cells: Vec<u32>,
    computed: bool,
    clusters: [u32; 2],
}

#[derive(Clone, Copy, Debug)]
struct Edge {
    from: u32,
    to: u32,
    cost: u32,
    path_start: u32,
    path_len: u32,
    reversed: bool,
}

#[derive(Clone, Debug, Default)]
struct Cluster {
    row: u32,
    col: u32,
    sides: Vec<u32>,
    nodes: Vec<u32>,
    edges: Vec<Edge>,
    paths: Vec<u32>,
    dirty: bool,
}

#[derive(Clone, Copy, Debug, Default)]
struct AbsNode {
    stamp: u32,
    closed: bool,
    g: u32,
    parent: u32,
    /// Cluster and edge index of the edge used to reach this node (`NONE` for the
    /// start/goal connections).
    via: (u32, u32),
}

/// Hierarchical path-finder over one map, built incrementally from known terrain.
///
/// ```
/// use grid::{Entrances, Hpa, HpaMethod, Pos, Shape, Topology};
/// let shape = Shape::new(40, 40, Topology::Bounded);
/// // A wall across column 20 with a gap at row 5.
/// let water = |i: u32| { let p = shape.pos(i); p.col == 20 && p.row != 5 };
/// let mut hpa = Hpa::from_terrain(shape, 10, Entrances::Centered, water);
/// let path = hpa.find(Pos::new(30, 15), Pos::new(30, 28)).unwrap();
/// assert_eq!(path.method, HpaMethod::Abstract);
/// assert_eq!(path.cells.last(), Some(&Pos::new(30, 28)));
/// assert!(path.cost >= 13 + 2 * 25); // through the gap at row 5
/// ```
#[derive(Clone, Debug)]
pub struct Hpa {
    nb: Neighbours,
    size: u32,
    entrances: Entrances,
    rows: Axis,
    cols: Axis,
    terrain: Vec<Terrain>,
    sides: Vec<Side>,
    clusters: Vec<Cluster>,
    node_cell: Vec<u32>,
    node_clusters: Vec<Vec<u32>>,
    node_of_cell: Vec<u32>,
    dirty: Vec<u32>,
    flood: FloodFill,
    astar: AStar,
    abs: Vec<AbsNode>,
    generation: u32,
    heap: BinaryHeap<Reverse<(u64, u32)>>,
}

impl Hpa {
    /// An empty path-finder (all terrain unknown) with square clusters of `size` cells
    /// (at least 2) per side.
    pub fn new(shape: Shape, size: u32, entrances: Entrances) -> Self {
        let nb = Neighbours::new(shape);
        let size = size.max(2);
        let torus = shape.topology == Topology::Torus;
        let rows = Axis::new(shape.rows, size, torus);
        let cols = Axis::new(shape.cols, size, torus);
        let mut hpa = Self {
            flood: FloodFill::with_neighbours(nb.clone()),
            astar: AStar::with_neighbours(nb.clone()),
            nb,
            size,
            entrances,
            rows,
            cols,
            terrain: vec![Terrain::Unknown; shape.len()],
            sides: Vec::new(),
            clusters: Vec::new(),
            node_cell: Vec::new(),
            node_clusters: Vec::new(),
            node_of_cell: vec![NONE; shape.len()],
            dirty: Vec::new(),
            abs: Vec::new(),
            generation: 0,
            heap: BinaryHeap::new(),
        };
        hpa.build_layout();
        hpa
    }

    /// A path-finder over fully known terrain (`water(i)` for every cell), clustered
    /// at once.
    pub fn from_terrain(
        shape: Shape,
        size: u32,
        entrances: Entrances,
        mut water: impl FnMut(u32) -> bool,
    ) -> Self {
        let mut hpa = Self::new(shape, size, entrances);
        for i in 0..shape.len() as u32 {
            let t = if water(i) {
                Terrain::Water
            } else {
                Terrain::Land
            };
            hpa.set_terrain(i, t);
        }
        hpa.update();
        hpa
    }

    fn cluster_id(&self, r: u32, c: u32) -> u32 {
        r * self.cols.count + c
    }

    fn build_layout(&mut self) {
        let shape = self.nb.shape();
        for r in 0..self.rows.count {
            for c in 0..self.cols.count {
                self.clusters.push(Cluster {
                    row: r,
                    col: c,
                    ..Cluster::default()
                });
            }
        }
        for r in 0..self.rows.count {
            for c in 0..self.cols.count {
                let me = self.cluster_id(r, c);
                if let Some(c2) = self.cols.next(c) {
                    let col = self.cols.at(c, self.cols.ext(c));
                    let cells = (0..=self.rows.ext(r))
                        .map(|o| shape.index(Pos::new(self.rows.at(r, o) as i32, col as i32)))
                        .collect();
                    self.add_side(cells, me, self.cluster_id(r, c2));
                }
                if let Some(r2) = self.rows.next(r) {
                    let row = self.rows.at(r, self.rows.ext(r));
                    let cells = (0..=self.cols.ext(c))
                        .map(|o| shape.index(Pos::new(row as i32, self.cols.at(c, o) as i32)))
                        .collect();
                    self.add_side(cells, me, self.cluster_id(r2, c));
                }
            }
        }
    }

    fn add_side(&mut self, mut cells: Vec<u32>, a: u32, b: u32) {
        cells.dedup();
        if cells.len() > 1 && cells.first() == cells.last() {
            cells.pop(); // a side wrapping all the way round a small torus
        }
        let id = self.sides.len() as u32;
        self.sides.push(Side {
            cells,
            computed: false,
            clusters: [a, b],
        });
        self.clusters[a as usize].sides.push(id);
        if b != a {
            self.clusters[b as usize].sides.push(id);
        }
    }

    /// The cluster size.
    pub const fn cluster_size(&self) -> u32 {
        self.size
    }

    /// The map shape.
    pub const fn shape(&self) -> Shape {
        self.nb.shape()
    }

    /// Number of clusters.
    pub fn cluster_count(&self) -> usize {
        self.clusters.len()
    }

    /// Number of abstract (transition) nodes created so far.
    pub fn node_count(&self) -> usize {
        self.node_cell.len()
    }

    /// Number of directed inner edges over all clusters.
    pub fn edge_count(&self) -> usize {
        self.clusters.iter().map(|c| c.edges.len()).sum()
    }

    /// What is known about cell `i`.
    pub fn terrain(&self, i: u32) -> Terrain {
        self.terrain[i as usize]
    }

    /// The cells of every transition node.
    pub fn node_cells(&self) -> impl Iterator<Item = Pos> + '_ {
        let shape = self.shape();
        self.node_cell.iter().map(move |&i| shape.pos(i))
    }

    /// Every cluster as its top-left cell and its extent in rows and columns (the cells it
    /// spans, its shared border lines included; on a torus a cluster may wrap past the
    /// last row or column).
    pub fn cluster_bounds(&self) -> impl Iterator<Item = (Pos, u32, u32)> + '_ {
        self.clusters.iter().map(|cl| {
            let top = Pos::new(
                self.rows.start(cl.row) as i32,
                self.cols.start(cl.col) as i32,
            );
            (top, self.rows.ext(cl.row) + 1, self.cols.ext(cl.col) + 1)
        })
    }

    /// The abstract graph: every inner edge once (in one direction), as the cells of its
    /// two transition nodes and its cost in steps.
    pub fn abstract_edges(&self) -> impl Iterator<Item = (Pos, Pos, u32)> + '_ {
        let shape = self.shape();
        self.clusters.iter().flat_map(move |cl| {
            cl.edges.iter().filter(|e| !e.reversed).map(move |e| {
                (
                    shape.pos(self.node_cell[e.from as usize]),
                    shape.pos(self.node_cell[e.to as usize]),
                    e.cost,
                )
            })
        })
    }

    /// The clusters containing cell `i` (1, 2 or 4 because of the overlap).
    fn clusters_of(&self, i: u32) -> Vec<u32> {
        let (r, c) = self.nb.row_col(i);
        let (rs, rn) = self.rows.clusters_of(r);
        let (cs, cn) = self.cols.clusters_of(c);
        let mut out = Vec::with_capacity(4);
        for &rr in &rs[..rn] {
            for &cc in &cs[..cn] {
                out.push(self.cluster_id(rr, cc));
            }
        }
        out
    }

    /// Records what is known about cell `i`. Cells already known keep their first value
    /// (terrain never changes in Ants). Marks the affected clusters for the next
    /// [`Hpa::update`]; returns whether anything changed.
    pub fn set_terrain(&mut self, i: u32, t: Terrain) -> bool {
        if self.terrain[i as usize] != Terrain::Unknown || t == Terrain::Unknown {
            return false;
        }
        self.terrain[i as usize] = t;
        for k in self.clusters_of(i) {
            self.mark_dirty(k);
        }
        true
    }

    fn mark_dirty(&mut self, k: u32) {
        let cl = &mut self.clusters[k as usize];
        if !cl.dirty {
            cl.dirty = true;
            self.dirty.push(k);
        }
    }

    /// Brings the abstract graph up to date with the terrain: computes every side that has
    /// become fully known and rebuilds the inner edges of the clusters touched since the
    /// last update. Returns the number of clusters rebuilt.
    pub fn update(&mut self) -> usize {
        let mut i = 0;
        while i < self.dirty.len() {
            let k = self.dirty[i];
            i += 1;
            for s in self.clusters[k as usize].sides.clone() {
                if !self.sides[s as usize].computed && self.compute_side(s) {
                    for other in self.sides[s as usize].clusters {
                        self.mark_dirty(other);
                    }
                }
            }
        }
        let dirty = std::mem::take(&mut self.dirty);
        for &k in &dirty {
            self.rebuild_edges(k);
            self.clusters[k as usize].dirty = false;
        }
        dirty.len()
    }

    /// Computes the entrances of side `s` if all its cells are known.
    fn compute_side(&mut self, s: u32) -> bool {
        let cells = &self.sides[s as usize].cells;
        if cells
            .iter()
            .any(|&c| self.terrain[c as usize] == Terrain::Unknown)
        {
            return false;
        }
        let mut picks = Vec::new();
        let mut run_start = None;
        for (j, &c) in cells.iter().enumerate() {
            let land = self.terrain[c as usize] == Terrain::Land;
            if land && run_start.is_none() {
                run_start = Some(j);
            }
            let run_ends = !land || j + 1 == cells.len();
            if let (true, Some(a)) = (run_ends, run_start) {
                let b = if land { j } else { j - 1 };
                match self.entrances {
                    Entrances::Centered => picks.push(cells[usize::midpoint(a, b)]),
                    Entrances::Corner => {
                        picks.push(cells[a]);
                        if b != a {
                            picks.push(cells[b]);
                        }
                    }
                }
                run_start = None;
            }
        }
        self.sides[s as usize].computed = true;
        for cell in picks {
            if self.node_of_cell[cell as usize] == NONE {
                let id = self.node_cell.len() as u32;
                self.node_of_cell[cell as usize] = id;
                self.node_cell.push(cell);
                let ks = self.clusters_of(cell);
                for &k in &ks {
                    self.clusters[k as usize].nodes.push(id);
                }
                self.node_clusters.push(ks);
            }
        }
        true
    }

    fn rebuild_edges(&mut self, k: u32) {
        let mut cl = std::mem::take(&mut self.clusters[k as usize]);
        cl.edges.clear();
        cl.paths.clear();
        cl.nodes.sort_unstable();
        cl.nodes.dedup();
        for (ai, &a) in cl.nodes.iter().enumerate() {
            let a_cell = self.node_cell[a as usize];
            if self.terrain[a_cell as usize] != Terrain::Land {
                continue;
            }
            let (rows, cols, nb, terrain) = (self.rows, self.cols, &self.nb, &self.terrain);
            let (kr, kc) = (cl.row, cl.col);
            self.flood.fill([a_cell], Limits::NONE, |i| {
                let (r, c) = nb.row_col(i);
                terrain[i as usize] == Terrain::Land && rows.contains(kr, r) && cols.contains(kc, c)
            });
            for &b in &cl.nodes[ai + 1..] {
                let b_cell = self.node_cell[b as usize];
                let Some(cost) = self.flood.dist(b_cell) else {
                    continue;
                };
                let path_start = cl.paths.len() as u32;
                let mut cur = b_cell;
                cl.paths.push(cur);
                while let Some(p) = self.flood.parent(cur) {
                    cl.paths.push(p);
                    cur = p;
                }
                // Stored from b to a: the reversed edge a → b reads it backwards.
                let path_len = cl.paths.len() as u32 - path_start;
                let e = Edge {
                    from: b,
                    to: a,
                    cost,
                    path_start,
                    path_len,
                    reversed: false,
                };
                cl.edges.push(e);
                cl.edges.push(Edge {
                    from: a,
                    to: b,
                    reversed: true,
                    ..e
                });
            }
        }
        self.clusters[k as usize] = cl;
    }

    fn edge_path(&self, k: u32, e: &Edge, out: &mut Vec<u32>) {
        let cl = &self.clusters[k as usize];
        let p = &cl.paths[e.path_start as usize..(e.path_start + e.path_len) as usize];
        if e.reversed {
            out.extend(p.iter().rev().skip(1));
        } else {
            out.extend(p.iter().skip(1));
        }
    }

    /// Local BFS from `from` inside cluster `k` over known land, stopping once every node
    /// of `k` (and `target`, if inside) is reached; returns the reached nodes with their
    /// distances, the distance to `target`, and the number of cells visited.
    fn connect(&mut self, from: u32, k: u32, target: u32) -> (Vec<(u32, u32)>, Option<u32>, u32) {
        let (rows, cols, nb, terrain) = (self.rows, self.cols, &self.nb, &self.terrain);
        let node_of_cell = &self.node_of_cell;
        let cl = &self.clusters[k as usize];
        let (kr, kc) = (cl.row, cl.col);
        let (tr, tc) = nb.row_col(target);
        let target_inside = rows.contains(kr, tr) && cols.contains(kc, tc);
        let mut remaining = cl.nodes.len() + usize::from(target_inside);
        self.flood.search(
            [from],
            Limits::NONE,
            |i| {
                let (r, c) = nb.row_col(i);
                terrain[i as usize] == Terrain::Land && rows.contains(kr, r) && cols.contains(kc, c)
            },
            |i| {
                if node_of_cell[i as usize] != NONE || i == target {
                    remaining = remaining.saturating_sub(1);
                }
                remaining == 0
            },
        );
        let visited = self.flood.visited().len();
        let reached = cl
            .nodes
            .iter()
            .filter_map(|&n| self.flood.dist(self.node_cell[n as usize]).map(|d| (n, d)))
            .collect();
        (reached, self.flood.dist(target), visited as u32)
    }

    /// Cells of the cluster-restricted shortest path from `from` to `to` inside `k`
    /// (excluding `from`), found by grid A*.
    fn local_path(&mut self, from: u32, to: u32, k: u32, out: &mut Vec<u32>) {
        let (rows, cols, nb, terrain) = (self.rows, self.cols, &self.nb, &self.terrain);
        let cl = &self.clusters[k as usize];
        let (kr, kc) = (cl.row, cl.col);
        if let Some((seg, _)) = self.astar.find_indices(from, to, u32::MAX, |i| {
            let (r, c) = nb.row_col(i);
            u32::from(
                terrain[i as usize] == Terrain::Land
                    && rows.contains(kr, r)
                    && cols.contains(kc, c),
            )
        }) {
            out.extend_from_slice(&seg[1..]);
        }
    }

    /// Finds a path from `start` to `goal` (see the module docs for the strategy). `None`
    /// when either end is outside the grid or known water, or no path exists through
    /// cells not known to be water.
    pub fn find(&mut self, start: Pos, goal: Pos) -> Option<HpaPath> {
        let shape = self.shape();
        let s = shape.index(shape.normalize(start)?);
        let g = shape.index(shape.normalize(goal)?);
        if self.terrain[s as usize] == Terrain::Water || self.terrain[g as usize] == Terrain::Water
        {
            return None;
        }
        if self.nb.manhattan(s, g) <= self.size {
            return self.grid_astar(s, g, HpaMethod::Direct);
        }
        if let Some(p) = self.abstract_search(s, g) {
            return Some(p);
        }
        self.grid_astar(s, g, HpaMethod::Fallback)
    }

    fn grid_astar(&mut self, s: u32, g: u32, method: HpaMethod) -> Option<HpaPath> {
        let terrain = &self.terrain;
        let (cells, cost) = self.astar.find_indices(s, g, u32::MAX, |i| {
            u32::from(terrain[i as usize] != Terrain::Water)
        })?;
        let shape = self.shape();
        Some(HpaPath {
            cells: cells.into_iter().map(|i| shape.pos(i)).collect(),
            cost,
            expanded: self.astar.last_expanded(),
            method,
        })
    }

    fn abstract_search(&mut self, s: u32, g: u32) -> Option<HpaPath> {
        if self.terrain[s as usize] != Terrain::Land || self.terrain[g as usize] != Terrain::Land {
            return None;
        }
        let mut expanded = 0;
        // Start connections: (node, cost, cluster); a direct start→goal link if they share
        // a cluster.
        let mut start_links = Vec::new();
        let mut direct: Option<(u32, u32)> = None;
        for k in self.clusters_of(s) {
            let (reached, to_goal, visited) = self.connect(s, k, g);
            expanded += visited;
            start_links.extend(reached.into_iter().map(|(n, d)| (n, d, k)));
            if let Some(d) = to_goal
                && direct.is_none_or(|(best, _)| d < best)
            {
                direct = Some((d, k));
            }
        }
        let mut goal_links: Vec<(u32, u32, u32)> = Vec::new();
        for k in self.clusters_of(g) {
            let (reached, _, visited) = self.connect(g, k, s);
            expanded += visited;
            goal_links.extend(reached.into_iter().map(|(n, d)| (n, d, k)));
        }
        let node_count = self.node_cell.len() as u32;
        let (start_id, goal_id) = (node_count, node_count + 1);
        if self.abs.len() < (node_count + 2) as usize {
            self.abs
                .resize((node_count + 2) as usize, AbsNode::default());
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.abs.fill(AbsNode::default());
            self.generation = 1;
        }
        let generation = self.generation;
        self.heap.clear();
        let h = |hpa: &Self, id: u32| -> u32 {
            if id == goal_id {
                0
            } else {
                let cell = if id == start_id {
                    s
                } else {
                    hpa.node_cell[id as usize]
                };
                hpa.nb.manhattan(cell, g)
            }
        };
        self.abs[start_id as usize] = AbsNode {
            stamp: generation,
            closed: false,
            g: 0,
            parent: NONE,
            via: (NONE, NONE),
        };
        let h0 = h(self, start_id);
        self.heap
            .push(Reverse(((u64::from(h0) << 32) | u64::from(h0), start_id)));
        let mut found = false;
        let mut succ: Vec<(u32, u32, (u32, u32))> = Vec::new();
        while let Some(Reverse((key, id))) = self.heap.pop() {
            let node = self.abs[id as usize];
            if node.closed || node.g + (key as u32) != (key >> 32) as u32 {
                continue;
            }
            self.abs[id as usize].closed = true;
            expanded += 1;
            if id == goal_id {
                found = true;
                break;
            }
            succ.clear();
            if id == start_id {
                succ.extend(start_links.iter().map(|&(m, d, k)| (m, d, (k, NONE))));
                if let Some((d, k)) = direct {
                    succ.push((goal_id, d, (k, NONE)));
                }
            } else {
                for &k in &self.node_clusters[id as usize] {
                    for (ei, e) in self.clusters[k as usize].edges.iter().enumerate() {
                        if e.from == id {
                            succ.push((e.to, e.cost, (k, ei as u32)));
                        }
                    }
                }
                for &(m, d, k) in &goal_links {
                    if m == id {
                        succ.push((goal_id, d, (k, NONE)));
                    }
                }
            }
            for &(m, c, via) in &succ {
                let nm = self.abs[m as usize];
                let seen = nm.stamp == generation;
                if seen && nm.closed {
                    continue;
                }
                let g2 = node.g + c;
                if seen && g2 >= nm.g {
                    continue;
                }
                let h2 = h(self, m);
                self.abs[m as usize] = AbsNode {
                    stamp: generation,
                    closed: false,
                    g: g2,
                    parent: id,
                    via,
                };
                self.heap
                    .push(Reverse(((u64::from(g2 + h2) << 32) | u64::from(h2), m)));
            }
        }
        if !found {
            return None;
        }
        // Walk back to the start, then refine forwards.
        let mut chain = Vec::new();
        let mut cur = goal_id;
        while cur != start_id {
            let a = self.abs[cur as usize];
            chain.push((a.parent, cur, a.via));
            cur = a.parent;
        }
        chain.reverse();
        let mut cells = vec![s];
        for &(from, to, (k, ei)) in &chain {
            let from_cell = if from == start_id {
                s
            } else {
                self.node_cell[from as usize]
            };
            if ei != NONE {
                let e = self.clusters[k as usize].edges[ei as usize];
                self.edge_path(k, &e, &mut cells);
            } else if to == goal_id {
                self.local_path(from_cell, g, k, &mut cells);
            } else {
                self.local_path(from_cell, self.node_cell[to as usize], k, &mut cells);
            }
        }
        let shape = self.shape();
        Some(HpaPath {
            cost: cells.len() as u32 - 1,
            cells: cells.into_iter().map(|i| shape.pos(i)).collect(),
            expanded,
            method: HpaMethod::Abstract,
        })
    }

    /// Smooths a path with [`smooth_path`] over cells not known to be water, using windows
    /// of `window` steps (recursive mode).
    pub fn smooth(&mut self, path: &[Pos], window: usize) -> Vec<Pos> {
        let shape = self.shape();
        let idx: Vec<u32> = path
            .iter()
            .filter_map(|&p| shape.normalize(p).map(|q| shape.index(q)))
            .collect();
        let terrain = &self.terrain;
        let out = smooth_path(&mut self.astar, &idx, window, true, |i| {
            terrain[i as usize] != Terrain::Water
        });
        out.into_iter().map(|i| shape.pos(i)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn axis_layout_overlaps_by_one() {
        let a = Axis::new(40, 10, true);
        assert_eq!((a.count, a.step), (5, 9));
        assert_eq!(a.ext(4), 4); // 36..=40 ≡ 0
        assert!(a.contains(4, 0));
        assert_eq!(a.clusters_of(0), ([0, 4], 2));
        assert_eq!(a.clusters_of(9), ([1, 0], 2));
        let b = Axis::new(40, 10, false);
        assert_eq!(b.count, 5); // 0..=9, 9..=18, 18..=27, 27..=36, 36..=39
        assert_eq!(b.ext(4), 3);
        assert_eq!(b.clusters_of(39), ([4, 4], 1));
        assert_eq!(b.clusters_of(0), ([0, 0], 1));
    }

    #[test]
    fn cluster_bounds_cover_the_map_and_edges_join_nodes_at_their_distance() {
        for topology in [Topology::Bounded, Topology::Torus] {
            let shape = Shape::new(23, 31, topology);
            // A wall across column 15 with gaps at rows 4 and 17.
            let water = |i: u32| {
                let p = shape.pos(i);
                p.col == 15 && p.row != 4 && p.row != 17
            };
            let hpa = Hpa::from_terrain(shape, 8, Entrances::Corner, water);
            let mut covered = vec![0u32; shape.len()];
            for (top, h, w) in hpa.cluster_bounds() {
                assert!(h >= 2 && w >= 2 && h <= 8 && w <= 8, "{top:?} {h}x{w}");
                for r in 0..h as i32 {
                    for c in 0..w as i32 {
                        let p = shape.normalize(Pos::new(top.row + r, top.col + c));
                        covered[shape.index(p.unwrap()) as usize] += 1;
                    }
                }
            }
            assert_eq!(hpa.cluster_bounds().count(), hpa.cluster_count());
            assert!(
                covered.iter().all(|&n| (1..=4).contains(&n)),
                "{topology:?}"
            );
            let nodes: Vec<Pos> = hpa.node_cells().collect();
            let edges: Vec<_> = hpa.abstract_edges().collect();
            assert_eq!(edges.len() * 2, hpa.edge_count());
            let mut flood = FloodFill::new(shape);
            for &(a, b, cost) in &edges {
                assert!(nodes.contains(&a) && nodes.contains(&b));
                flood.fill([shape.index(a)], Limits::NONE, |i| !water(i));
                // Inside one cluster the path may be longer than across the whole map.
                assert!(cost >= flood.dist(shape.index(b)).unwrap(), "{a:?} {b:?}");
            }
        }
    }

    #[test]
    fn incremental_reveal_switches_from_fallback_to_abstract() {
        let shape = Shape::new(30, 30, Topology::Bounded);
        let mut hpa = Hpa::new(shape, 10, Entrances::Centered);
        let (s, g) = (Pos::new(2, 2), Pos::new(27, 27));
        let p = hpa.find(s, g).unwrap();
        assert_eq!(p.method, HpaMethod::Fallback);
        for i in 0..shape.len() as u32 {
            hpa.set_terrain(i, Terrain::Land);
        }
        assert_eq!(hpa.update(), hpa.cluster_count());
        let p = hpa.find(s, g).unwrap();
        assert_eq!(p.method, HpaMethod::Abstract);
        assert_eq!(p.cells.first(), Some(&s));
        assert_eq!(p.cells.last(), Some(&g));
        // Revealing nothing new rebuilds nothing.
        assert!(!hpa.set_terrain(0, Terrain::Water));
        assert_eq!(hpa.update(), 0);
    }
}

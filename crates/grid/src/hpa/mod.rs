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
//!   The same BFS from a node fills a table of its distance to every cell of the cluster,
//!   so start and goal connect to their clusters' nodes by table look-ups, no search.
//! * **Abstract search.** A query runs one A* over the abstract graph (a flat adjacency
//!   array) from all start links at once to the goal links, splices the cached edge
//!   paths, and walks the first and last segment down the distance tables. After
//!   [`Hpa::cache_paths`] (shortest abstract paths between all node pairs, kept until an
//!   [`Hpa::update`] changes the graph) a query only combines start links, cached paths
//!   and goal links. [`Hpa::plan`] refines only the first segment (what a unit needs for
//!   its next move).
//! * Queries shorter than one cluster go straight to grid A*, and when the abstract graph
//!   has no answer (unknown areas) the query falls back to grid A* over all cells not
//!   known to be water.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::astar::AStar;
use crate::core::{Pos, Shape, Topology};
use crate::flood::{FloodFill, Limits};
use crate::neighbours::{NONE, Neighbours};
use crate::smooth::smooth_path;

mod query;

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
    /// Nodes expanded: abstract nodes settled by the abstract searches this query had to
    /// run (0 when every abstract path it needed was cached) plus cells expanded by grid
    /// A* (direct, fallback, or a start and goal sharing a cluster).
    pub expanded: u32,
    /// How the path was found.
    pub method: HpaMethod,
}

/// A route found by [`Hpa::plan`]: the abstract path, with only its first segment refined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HpaPlan {
    /// Start, the transition nodes passed, and goal (just start and goal for direct and
    /// fallback answers).
    pub waypoints: Vec<Pos>,
    /// Length in steps of the whole route (the length [`Hpa::find`] returns).
    pub cost: u32,
    /// Cells from the start to the first waypoint at least one step away, both included
    /// (the whole path for direct and fallback answers).
    pub first: Vec<Pos>,
    /// How the route was found.
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
    /// `dist[slot * area + local]`: BFS distance inside the cluster from node
    /// `nodes[slot]` to local cell `local` (`UNREACHED` if none).
    dist: Vec<u16>,
    dirty: bool,
}

const UNREACHED: u16 = u16::MAX;

/// One directed abstract edge in the flat adjacency array: target node, cost, and the
/// cluster edge holding its cell path.
#[derive(Clone, Copy, Debug)]
struct Arc {
    from: u32,
    to: u32,
    cost: u32,
    cluster: u32,
    edge: u32,
}

/// Per-query state of an abstract node in [`Hpa::search`] (valid when `stamp` is the
/// current query's).
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    stamp: u32,
    g: u32,
    /// Arc used to reach the node, `NONE` for a start link.
    via: u32,
    /// Index of the start link the node's best path begins with.
    link: u32,
    /// Index of the node's shortest goal link, `NONE` if it has none.
    goal: u32,
}

/// A connection of the start or goal cell to a node of one of its clusters.
#[derive(Clone, Copy, Debug)]
struct Link {
    node: u32,
    dist: u32,
    cluster: u32,
    slot: u32,
}

/// The best answer of the abstract graph: a link from the start, the cached abstract path
/// (in `Hpa::hops`), and a link into the goal; or a path inside one shared cluster.
#[derive(Clone, Copy, Debug)]
enum Route {
    Via { cost: u32, first: Link, last: Link },
    Inside { cost: u32 },
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
    node_of_cell: Vec<u32>,
    dirty: Vec<u32>,
    flood: FloodFill,
    astar: AStar,
    /// Flat adjacency of the abstract graph: the arcs of node `n` are
    /// `arcs[arc_start[n]..arc_start[n + 1]]`.
    arc_start: Vec<u32>,
    arcs: Vec<Arc>,
    /// Per source node, once computed: (distance, arc used to reach) for every node.
    rows_cache: Vec<Vec<(u32, u32)>>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    marks: Vec<Mark>,
    stamp: u32,
    start_links: Vec<Link>,
    goal_links: Vec<Link>,
    /// Arcs of the last route's abstract path, goal side first.
    hops: Vec<u32>,
    inside: Vec<u32>,
    scratch: Vec<u32>,
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
            node_of_cell: vec![NONE; shape.len()],
            dirty: Vec::new(),
            arc_start: vec![0],
            arcs: Vec::new(),
            rows_cache: Vec::new(),
            heap: BinaryHeap::new(),
            marks: Vec::new(),
            stamp: 0,
            start_links: Vec::new(),
            goal_links: Vec::new(),
            hops: Vec::new(),
            inside: Vec::new(),
            scratch: Vec::new(),
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

    /// The clusters containing cell `i` (1, 2 or 4 because of the overlap) and their
    /// number.
    fn clusters_of(&self, i: u32) -> ([u32; 4], usize) {
        let (r, c) = self.nb.row_col(i);
        let (rs, rn) = self.rows.clusters_of(r);
        let (cs, cn) = self.cols.clusters_of(c);
        let mut out = [0; 4];
        let mut n = 0;
        for &rr in &rs[..rn] {
            for &cc in &cs[..cn] {
                out[n] = self.cluster_id(rr, cc);
                n += 1;
            }
        }
        (out, n)
    }

    /// Rows and columns spanned by cluster `k`.
    fn extent(&self, k: u32) -> (u32, u32) {
        let cl = &self.clusters[k as usize];
        (self.rows.ext(cl.row) + 1, self.cols.ext(cl.col) + 1)
    }

    /// Index of cell `i` inside cluster `k` (row-major over its extent), if it is inside.
    fn local(&self, k: u32, i: u32) -> Option<usize> {
        let cl = &self.clusters[k as usize];
        let (r, c) = self.nb.row_col(i);
        let off = |axis: &Axis, kk: u32, x: u32| {
            let start = axis.start(kk);
            let o = if x >= start {
                x - start
            } else if axis.torus {
                x + axis.len - start
            } else {
                return None;
            };
            (o <= axis.ext(kk)).then_some(o)
        };
        let dr = off(&self.rows, cl.row, r)?;
        let dc = off(&self.cols, cl.col, c)?;
        Some((dr * (self.cols.ext(cl.col) + 1) + dc) as usize)
    }

    /// Records what is known about cell `i`. Cells already known keep their first value
    /// (terrain never changes in Ants). Marks the affected clusters for the next
    /// [`Hpa::update`]; returns whether anything changed.
    pub fn set_terrain(&mut self, i: u32, t: Terrain) -> bool {
        if self.terrain[i as usize] != Terrain::Unknown || t == Terrain::Unknown {
            return false;
        }
        self.terrain[i as usize] = t;
        let (ks, n) = self.clusters_of(i);
        for &k in &ks[..n] {
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
        if !dirty.is_empty() {
            self.build_arcs();
        }
        dirty.len()
    }

    /// Rebuilds the flat adjacency from the cluster edges and drops the cached abstract
    /// paths.
    fn build_arcs(&mut self) {
        let n = self.node_cell.len();
        self.arc_start.clear();
        self.arc_start.resize(n + 1, 0);
        for cl in &self.clusters {
            for e in &cl.edges {
                self.arc_start[e.from as usize + 1] += 1;
            }
        }
        for i in 0..n {
            self.arc_start[i + 1] += self.arc_start[i];
        }
        let mut fill = self.arc_start.clone();
        let blank = Arc {
            from: 0,
            to: 0,
            cost: 0,
            cluster: 0,
            edge: 0,
        };
        self.arcs.clear();
        self.arcs.resize(self.arc_start[n] as usize, blank);
        for (k, cl) in self.clusters.iter().enumerate() {
            for (ei, e) in cl.edges.iter().enumerate() {
                let at = &mut fill[e.from as usize];
                self.arcs[*at as usize] = Arc {
                    from: e.from,
                    to: e.to,
                    cost: e.cost,
                    cluster: k as u32,
                    edge: ei as u32,
                };
                *at += 1;
            }
        }
        self.rows_cache.clear();
        self.rows_cache.resize(n, Vec::new());
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
                let (ks, n) = self.clusters_of(cell);
                // A corner cell joins up to four clusters, not only the side's two: each
                // must rebuild its distance tables.
                for &k in &ks[..n] {
                    self.clusters[k as usize].nodes.push(id);
                    self.mark_dirty(k);
                }
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
        let (h, w) = (self.rows.ext(cl.row) + 1, self.cols.ext(cl.col) + 1);
        let area = (h * w) as usize;
        cl.dist.clear();
        cl.dist.resize(area * cl.nodes.len(), UNREACHED);
        // The cluster's cells in local order.
        let cells: Vec<u32> = (0..h)
            .flat_map(|dr| {
                let r = self.rows.at(cl.row, dr);
                (0..w).map(move |dc| (r, dc))
            })
            .map(|(r, dc)| r * self.cols.len + self.cols.at(cl.col, dc))
            .collect();
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
            let table = &mut cl.dist[ai * area..(ai + 1) * area];
            for (slot, &cell) in table.iter_mut().zip(&cells) {
                if let Some(d) = self.flood.dist(cell) {
                    *slot = u16::try_from(d).unwrap_or(UNREACHED);
                }
            }
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

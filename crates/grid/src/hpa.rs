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
//! * **Abstract paths** are shortest paths over the abstract graph (a flat adjacency
//!   array), found by one Dijkstra per source node on first use and cached until the
//!   next [`Hpa::update`] that changes the graph. A query takes the best
//!   start → node → … → node → goal combination of the start and goal links, splices the
//!   cached edge paths, and walks the first and last segment down the distance tables.
//!   [`Hpa::plan`] refines only the first segment (what a unit needs for its next move).
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
    node_clusters: Vec<Vec<u32>>,
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
            node_clusters: Vec::new(),
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

    /// Caches the shortest abstract paths between all transition nodes (one Dijkstra per
    /// node), so that later queries combine cached paths instead of searching the
    /// abstract graph. The cache lasts until an [`Hpa::update`] changes the graph.
    /// Returns the number of nodes settled.
    pub fn cache_paths(&mut self) -> u32 {
        (0..self.node_cell.len() as u32)
            .map(|a| self.ensure_row(a))
            .sum()
    }

    /// A* over the abstract graph from all start links at once (each node starting at
    /// its link's distance) to the goal links (each adding its distance), below `bound`.
    /// Leaves the arcs in `self.hops`; returns the route's cost and links and the nodes
    /// settled.
    fn search(
        &mut self,
        start_links: &[Link],
        goal_links: &[Link],
        g: u32,
        bound: u32,
    ) -> (Option<(u32, Link, Link)>, u32) {
        let n = self.node_cell.len();
        if self.marks.len() < n {
            self.marks.resize(n, Mark::default());
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(Mark::default());
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let h = |hpa: &Self, m: u32| hpa.nb.manhattan(hpa.node_cell[m as usize], g);
        self.heap.clear();
        for (li, a) in start_links.iter().enumerate() {
            let m = &mut self.marks[a.node as usize];
            if m.stamp == stamp && m.g <= a.dist {
                continue;
            }
            *m = Mark {
                stamp,
                g: a.dist,
                via: NONE,
                link: li as u32,
                goal: NONE,
            };
        }
        for (li, b) in goal_links.iter().enumerate() {
            let m = &mut self.marks[b.node as usize];
            if m.stamp != stamp {
                *m = Mark {
                    stamp,
                    g: u32::MAX,
                    via: NONE,
                    link: NONE,
                    goal: NONE,
                };
            }
            if m.goal == NONE || goal_links[m.goal as usize].dist > b.dist {
                m.goal = li as u32;
            }
        }
        for a in start_links {
            let m = self.marks[a.node as usize];
            if m.g == a.dist {
                let f = a.dist + h(self, a.node);
                self.heap.push(Reverse((f, a.node)));
            }
        }
        // The best complete route so far: (cost, node whose goal link ends it).
        let mut best: Option<(u32, u32)> = None;
        let mut settled = 0;
        while let Some(Reverse((f, m))) = self.heap.pop() {
            if best.is_some_and(|(c, _)| f >= c) || f >= bound {
                break;
            }
            let mark = self.marks[m as usize];
            if f != mark.g + h(self, m) {
                continue;
            }
            settled += 1;
            if mark.goal != NONE {
                let c = mark.g + goal_links[mark.goal as usize].dist;
                if c < bound && best.is_none_or(|(b, _)| c < b) {
                    best = Some((c, m));
                }
            }
            let (lo, hi) = (self.arc_start[m as usize], self.arc_start[m as usize + 1]);
            for ai in lo..hi {
                let arc = self.arcs[ai as usize];
                let g2 = mark.g + arc.cost;
                let t = &mut self.marks[arc.to as usize];
                if t.stamp != stamp {
                    *t = Mark {
                        stamp,
                        g: u32::MAX,
                        via: NONE,
                        link: NONE,
                        goal: NONE,
                    };
                }
                if g2 < t.g {
                    t.g = g2;
                    t.via = ai;
                    t.link = mark.link;
                    let f2 = g2 + h(self, arc.to);
                    self.heap.push(Reverse((f2, arc.to)));
                }
            }
        }
        let Some((cost, end)) = best else {
            return (None, settled);
        };
        self.hops.clear();
        let mut cur = end;
        loop {
            let via = self.marks[cur as usize].via;
            if via == NONE {
                break;
            }
            self.hops.push(via);
            cur = self.arcs[via as usize].from;
        }
        let mark = self.marks[end as usize];
        let first = start_links[self.marks[cur as usize].link as usize];
        let last = goal_links[mark.goal as usize];
        (Some((cost, first, last)), settled)
    }

    /// Makes sure the shortest abstract paths from node `a` are cached (one Dijkstra over
    /// the abstract graph); returns the number of nodes settled (0 if cached).
    fn ensure_row(&mut self, a: u32) -> u32 {
        if !self.rows_cache[a as usize].is_empty() {
            return 0;
        }
        let mut row = vec![(u32::MAX, NONE); self.node_cell.len()];
        row[a as usize].0 = 0;
        self.heap.clear();
        self.heap.push(Reverse((0, a)));
        let mut settled = 0;
        while let Some(Reverse((d, n))) = self.heap.pop() {
            if d > row[n as usize].0 {
                continue;
            }
            settled += 1;
            let (lo, hi) = (self.arc_start[n as usize], self.arc_start[n as usize + 1]);
            for ai in lo..hi {
                let arc = self.arcs[ai as usize];
                let d2 = d + arc.cost;
                if d2 < row[arc.to as usize].0 {
                    row[arc.to as usize] = (d2, ai);
                    self.heap.push(Reverse((d2, arc.to)));
                }
            }
        }
        self.rows_cache[a as usize] = row;
        settled
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
                self.node_clusters.push(ks[..n].to_vec());
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

    /// Appends the links of `cell` to the nodes of its clusters (table look-ups) to `out`.
    fn links(&self, cell: u32, out: &mut Vec<Link>) {
        out.clear();
        let (ks, n) = self.clusters_of(cell);
        for &k in &ks[..n] {
            let Some(li) = self.local(k, cell) else {
                continue;
            };
            let cl = &self.clusters[k as usize];
            let (h, w) = self.extent(k);
            let area = (h * w) as usize;
            for (slot, &node) in cl.nodes.iter().enumerate() {
                let d = cl.dist.get(slot * area + li).copied().unwrap_or(UNREACHED);
                if d != UNREACHED {
                    out.push(Link {
                        node,
                        dist: u32::from(d),
                        cluster: k,
                        slot: slot as u32,
                    });
                }
            }
        }
    }

    /// Appends the cells after `from` on a shortest path inside `link.cluster` from `from`
    /// to the link's node, walking down that node's distance table.
    fn descend(&self, from: u32, link: Link, out: &mut Vec<u32>) {
        let k = link.cluster;
        let (h, w) = self.extent(k);
        let area = (h * w) as usize;
        let table = &self.clusters[k as usize].dist
            [link.slot as usize * area..(link.slot as usize + 1) * area];
        let at = |i: u32| self.local(k, i).map_or(UNREACHED, |li| table[li]);
        let mut cur = from;
        let mut d = at(cur);
        while d != 0 && d != UNREACHED {
            let Some(next) = self
                .nb
                .of(cur)
                .into_iter()
                .find(|&n| n != NONE && at(n) == d - 1)
            else {
                return;
            };
            cur = next;
            d -= 1;
            out.push(cur);
        }
    }

    /// Cells of the cluster-restricted shortest path from `from` to `to` inside `k`
    /// (excluding `from`), found by grid A*; returns the cells expanded, or `None` if
    /// `to` is unreachable inside `k`.
    fn local_path(&mut self, from: u32, to: u32, k: u32, out: &mut Vec<u32>) -> Option<u32> {
        let (rows, cols, nb, terrain) = (self.rows, self.cols, &self.nb, &self.terrain);
        let cl = &self.clusters[k as usize];
        let (kr, kc) = (cl.row, cl.col);
        let (seg, _) = self.astar.find_indices(from, to, u32::MAX, |i| {
            let (r, c) = nb.row_col(i);
            u32::from(
                terrain[i as usize] == Terrain::Land
                    && rows.contains(kr, r)
                    && cols.contains(kc, c),
            )
        })?;
        out.extend_from_slice(&seg[1..]);
        Some(self.astar.last_expanded())
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
        if let Some((route, expanded)) = self.route(s, g) {
            let mut cells = vec![s];
            match route {
                Route::Inside { .. } => cells.extend_from_slice(&self.inside),
                Route::Via { first, last, .. } => {
                    self.descend(s, first, &mut cells);
                    for &ai in self.hops.iter().rev() {
                        self.arc_path(ai, &mut cells);
                    }
                    let mut tail = std::mem::take(&mut self.scratch);
                    tail.clear();
                    tail.push(g);
                    self.descend(g, last, &mut tail);
                    tail.pop();
                    cells.extend(tail.iter().rev());
                    self.scratch = tail;
                }
            }
            return Some(HpaPath {
                cost: cells.len() as u32 - 1,
                cells: cells.into_iter().map(|i| shape.pos(i)).collect(),
                expanded,
                method: HpaMethod::Abstract,
            });
        }
        self.grid_astar(s, g, HpaMethod::Fallback)
    }

    /// Like [`Hpa::find`], but refines only the first segment of the route: the abstract
    /// path as waypoints plus the cells a unit walks first. Costs the abstract search and
    /// one table walk, independent of the path's length.
    pub fn plan(&mut self, start: Pos, goal: Pos) -> Option<HpaPlan> {
        let shape = self.shape();
        let s = shape.index(shape.normalize(start)?);
        let g = shape.index(shape.normalize(goal)?);
        if self.terrain[s as usize] == Terrain::Water || self.terrain[g as usize] == Terrain::Water
        {
            return None;
        }
        let whole = |p: HpaPath| HpaPlan {
            waypoints: vec![start, goal],
            cost: p.cost,
            first: p.cells,
            method: p.method,
        };
        if self.nb.manhattan(s, g) <= self.size {
            return self.grid_astar(s, g, HpaMethod::Direct).map(whole);
        }
        match self.route(s, g) {
            Some((Route::Inside { cost }, _)) => {
                let mut first = vec![start];
                first.extend(self.inside.iter().map(|&i| shape.pos(i)));
                Some(HpaPlan {
                    waypoints: vec![start, goal],
                    cost,
                    first,
                    method: HpaMethod::Abstract,
                })
            }
            Some((Route::Via { cost, first, last }, _)) => {
                let mut cells = vec![s];
                self.descend(s, first, &mut cells);
                if cells.len() == 1
                    && let Some(&ai) = self.hops.last()
                {
                    self.arc_path(ai, &mut cells);
                }
                let mut waypoints = vec![start, shape.pos(self.node_cell[first.node as usize])];
                waypoints.extend(
                    self.hops
                        .iter()
                        .rev()
                        .map(|&ai| shape.pos(self.node_cell[self.arcs[ai as usize].to as usize])),
                );
                debug_assert_eq!(
                    waypoints.last(),
                    Some(&shape.pos(self.node_cell[last.node as usize]))
                );
                waypoints.push(goal);
                waypoints.dedup();
                Some(HpaPlan {
                    waypoints,
                    cost,
                    first: cells.into_iter().map(|i| shape.pos(i)).collect(),
                    method: HpaMethod::Abstract,
                })
            }
            None => self.grid_astar(s, g, HpaMethod::Fallback).map(whole),
        }
    }

    /// Appends the cells of arc `ai`'s edge path after its source node.
    fn arc_path(&self, ai: u32, out: &mut Vec<u32>) {
        let arc = self.arcs[ai as usize];
        let cl = &self.clusters[arc.cluster as usize];
        let e = &cl.edges[arc.edge as usize];
        let p = &cl.paths[e.path_start as usize..(e.path_start + e.path_len) as usize];
        if e.reversed {
            out.extend(p.iter().rev().skip(1));
        } else {
            out.extend(p.iter().skip(1));
        }
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

    /// The shortest route from `s` to `g` through the abstract graph (or inside a cluster
    /// both share), leaving its arcs in `self.hops` or its cells in `self.inside`, and the
    /// nodes and cells expanded to find it.
    fn route(&mut self, s: u32, g: u32) -> Option<(Route, u32)> {
        if self.terrain[s as usize] != Terrain::Land || self.terrain[g as usize] != Terrain::Land {
            return None;
        }
        let mut expanded = 0;
        let mut best: Option<Route> = None;
        let mut best_cost = u32::MAX;
        // A path inside a cluster containing both ends.
        let (ks, n) = self.clusters_of(s);
        for &k in &ks[..n] {
            if self.local(k, g).is_none() {
                continue;
            }
            let mut cells = std::mem::take(&mut self.scratch);
            cells.clear();
            if let Some(e) = self.local_path(s, g, k, &mut cells) {
                expanded += e;
                if (cells.len() as u32) < best_cost {
                    best_cost = cells.len() as u32;
                    best = Some(Route::Inside { cost: best_cost });
                    std::mem::swap(&mut self.inside, &mut cells);
                }
            }
            self.scratch = cells;
        }
        let mut start_links = std::mem::take(&mut self.start_links);
        let mut goal_links = std::mem::take(&mut self.goal_links);
        self.links(s, &mut start_links);
        self.links(g, &mut goal_links);
        let cached = start_links
            .iter()
            .all(|a| !self.rows_cache[a.node as usize].is_empty());
        if !cached {
            let found = self.search(&start_links, &goal_links, g, best_cost);
            expanded += found.1;
            if let Some((cost, first, last)) = found.0 {
                best = Some(Route::Via { cost, first, last });
            }
            self.start_links = start_links;
            self.goal_links = goal_links;
            return best.map(|r| (r, expanded));
        }
        let mut pick: Option<(Link, Link)> = None;
        for &a in &start_links {
            if a.dist >= best_cost {
                continue;
            }
            let row = &self.rows_cache[a.node as usize];
            for &b in &goal_links {
                let mid = row[b.node as usize].0;
                if mid == u32::MAX {
                    continue;
                }
                let cost = a.dist + mid + b.dist;
                if cost < best_cost {
                    best_cost = cost;
                    pick = Some((a, b));
                }
            }
        }
        if let Some((a, b)) = pick {
            self.hops.clear();
            let row = &self.rows_cache[a.node as usize];
            let mut cur = b.node;
            while cur != a.node {
                let ai = row[cur as usize].1;
                self.hops.push(ai);
                cur = self.arcs[ai as usize].from;
            }
            best = Some(Route::Via {
                cost: best_cost,
                first: a,
                last: b,
            });
        }
        self.start_links = start_links;
        self.goal_links = goal_links;
        best.map(|r| (r, expanded))
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

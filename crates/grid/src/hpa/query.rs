//! Queries on the abstract graph: cached abstract paths, the abstract A*, and the
//! refinement of a route into grid cells ([`Hpa::find`], [`Hpa::plan`]).

use std::cmp::Reverse;

use super::{
    Hpa, HpaMethod, HpaPath, HpaPlan, Link, Mark, NONE, Pos, Route, Terrain, UNREACHED, smooth_path,
};

impl Hpa {
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

//! Property tests of the path searches against a brute-force reference (Bellman-Ford) on
//! random grids (bounded and torus) and random weighted digraphs.

use proptest::prelude::*;
use search::{Budget, astar, best_first, bfs, dfs, hill_climbing, iddfs, uniform_cost};

/// A random grid: `walls[r * cols + c]` is true for a wall.
#[derive(Clone, Debug)]
struct Grid {
    rows: i32,
    cols: i32,
    torus: bool,
    walls: Vec<bool>,
}

impl Grid {
    fn free(&self, (r, c): (i32, i32)) -> bool {
        !self.walls[(r * self.cols + c) as usize]
    }

    /// The free 4-neighbours of a cell, wrapping on a torus.
    fn neighbours(&self, (r, c): (i32, i32)) -> Vec<(i32, i32)> {
        let mut out = Vec::with_capacity(4);
        for (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)] {
            let (mut nr, mut nc) = (r + dr, c + dc);
            if self.torus {
                nr = nr.rem_euclid(self.rows);
                nc = nc.rem_euclid(self.cols);
            } else if !(0..self.rows).contains(&nr) || !(0..self.cols).contains(&nc) {
                continue;
            }
            if self.free((nr, nc)) && !out.contains(&(nr, nc)) {
                out.push((nr, nc));
            }
        }
        out
    }

    /// Manhattan distance respecting wrap-around: an admissible, consistent heuristic.
    fn manhattan(&self, (r, c): (i32, i32), (gr, gc): (i32, i32)) -> u32 {
        let (mut dr, mut dc) = ((r - gr).abs(), (c - gc).abs());
        if self.torus {
            dr = dr.min(self.rows - dr);
            dc = dc.min(self.cols - dc);
        }
        (dr + dc) as u32
    }

    /// True when consecutive cells are neighbours and every cell is free.
    fn valid_path(&self, path: &[(i32, i32)]) -> bool {
        path.iter().all(|&p| self.free(p))
            && path
                .windows(2)
                .all(|w| self.neighbours(w[0]).contains(&w[1]))
    }

    fn as_graph(&self) -> Vec<Vec<(usize, u32)>> {
        let idx = |(r, c): (i32, i32)| (r * self.cols + c) as usize;
        (0..self.rows * self.cols)
            .map(|i| {
                let p = (i / self.cols, i % self.cols);
                if self.free(p) {
                    self.neighbours(p)
                        .into_iter()
                        .map(|q| (idx(q), 1))
                        .collect()
                } else {
                    Vec::new()
                }
            })
            .collect()
    }
}

fn grid_strategy() -> impl Strategy<Value = (Grid, (i32, i32), (i32, i32))> {
    (2..=12i32, 2..=12i32, any::<bool>())
        .prop_flat_map(|(rows, cols, torus)| {
            let n = (rows * cols) as usize;
            (
                Just((rows, cols, torus)),
                prop::collection::vec(prop::bool::weighted(0.3), n),
                0..n,
                0..n,
            )
        })
        .prop_map(|((rows, cols, torus), mut walls, s, g)| {
            walls[s] = false;
            walls[g] = false;
            let at = |i: usize| (i as i32 / cols, i as i32 % cols);
            (
                Grid {
                    rows,
                    cols,
                    torus,
                    walls,
                },
                at(s),
                at(g),
            )
        })
}

/// Cheapest distances from `start` by Bellman-Ford relaxation (`None` = unreachable).
fn reference_dist(graph: &[Vec<(usize, u32)>], start: usize) -> Vec<Option<u32>> {
    let mut dist = vec![None; graph.len()];
    dist[start] = Some(0);
    for _ in 0..graph.len() {
        let mut changed = false;
        for (u, edges) in graph.iter().enumerate() {
            let Some(du) = dist[u] else { continue };
            for &(v, w) in edges {
                if dist[v].is_none_or(|dv| du + w < dv) {
                    dist[v] = Some(du + w);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    dist
}

/// A random digraph with `n` nodes and edge costs 0..10 (self-loops allowed, at most one
/// edge per ordered pair so that a path determines its cost).
fn graph_strategy(
    max_nodes: usize,
    max_degree: usize,
) -> impl Strategy<Value = Vec<Vec<(usize, u32)>>> {
    (2..=max_nodes)
        .prop_flat_map(move |n| {
            prop::collection::vec(prop::collection::vec((0..n, 0..10u32), 0..=max_degree), n)
        })
        .prop_map(|mut graph| {
            for edges in &mut graph {
                let mut seen = Vec::new();
                edges.retain(|&(v, _)| {
                    let fresh = !seen.contains(&v);
                    seen.push(v);
                    fresh
                });
            }
            graph
        })
}

fn path_cost(graph: &[Vec<(usize, u32)>], path: &[usize]) -> Option<u32> {
    path.windows(2)
        .map(|w| {
            graph[w[0]]
                .iter()
                .filter(|&&(v, _)| v == w[1])
                .map(|&(_, c)| c)
                .min()
        })
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn grid_bfs_astar_uniform_cost_agree_with_reference((grid, start, goal) in grid_strategy()) {
        let unlimited = Budget::unlimited();
        let reference = reference_dist(&grid.as_graph(), (goal.0 * grid.cols + goal.1) as usize);
        // The grid graph is symmetric, so distances from the goal equal distances to it.
        let expected = reference[(start.0 * grid.cols + start.1) as usize];
        let succ = |&p: &(i32, i32)| grid.neighbours(p);
        let weighted = |&p: &(i32, i32)| grid.neighbours(p).into_iter().map(|q| (q, 1u32));

        let b = bfs(&start, succ, |&p| p == goal, &unlimited);
        let u = uniform_cost(&start, weighted, |&p| p == goal, &unlimited);
        let a = astar(&start, weighted, |&p| grid.manhattan(p, goal), |&p| p == goal, &unlimited);
        let g = best_first(&start, weighted, |&p| grid.manhattan(p, goal), |&p| p == goal, &unlimited);
        prop_assert_eq!(b.cost().map(|s| s as u32), expected);
        prop_assert_eq!(u.cost(), expected);
        prop_assert_eq!(a.cost(), expected);
        prop_assert_eq!(g.cost().is_some(), expected.is_some());
        for r in [&u, &a, &g] {
            prop_assert!(!r.budget_exhausted);
            if let Some((path, cost)) = &r.path {
                prop_assert!(grid.valid_path(path));
                prop_assert_eq!((path[0], *path.last().unwrap()), (start, goal));
                prop_assert_eq!(path.len() as u32 - 1, *cost);
            }
        }
        if let Some((path, _)) = &b.path {
            prop_assert!(grid.valid_path(path));
            prop_assert_eq!((path[0], *path.last().unwrap()), (start, goal));
        }
        // A* with a consistent heuristic never expands more than uniform cost.
        prop_assert!(a.stats.expanded <= u.stats.expanded + 1);
    }

    #[test]
    fn grid_dfs_respects_depth_limit((grid, start, goal) in grid_strategy(), limit in 0usize..30) {
        let reference = reference_dist(&grid.as_graph(), (start.0 * grid.cols + start.1) as usize);
        let expected = reference[(goal.0 * grid.cols + goal.1) as usize];
        let r = dfs(&start, |&p| grid.neighbours(p), |&p| p == goal, limit, &Budget::unlimited());
        prop_assert!(!r.budget_exhausted);
        prop_assert_eq!(r.path.is_some(), expected.is_some_and(|d| d as usize <= limit));
        if let Some((path, steps)) = &r.path {
            prop_assert!(grid.valid_path(path));
            prop_assert_eq!((path[0], *path.last().unwrap()), (start, goal));
            prop_assert!(*steps <= limit && *steps == path.len() - 1);
        }
    }

    #[test]
    fn weighted_graph_searches_agree_with_reference(
        graph in graph_strategy(14, 4),
        seeds in prop::collection::vec(0..100u32, 14),
        start in 0usize..14,
        goal in 0usize..14,
    ) {
        let n = graph.len();
        let (start, goal) = (start % n, goal % n);
        let unlimited = Budget::unlimited();
        let expected = reference_dist(&graph, start)[goal];
        // Exact remaining distances, scaled down at random: admissible but not consistent.
        let reverse: Vec<Vec<(usize, u32)>> = (0..n)
            .map(|v| (0..n).flat_map(|u| graph[u].iter().filter(move |e| e.0 == v).map(move |e| (u, e.1))).collect())
            .collect();
        let to_goal = reference_dist(&reverse, goal);
        let h = |&v: &usize| to_goal[v].map_or(0, |d| d * seeds[v] / 100);
        let succ = |&v: &usize| graph[v].clone();

        let u = uniform_cost(&start, succ, |&v| v == goal, &unlimited);
        let a = astar(&start, succ, h, |&v| v == goal, &unlimited);
        let a0 = astar(&start, succ, |_| 0, |&v| v == goal, &unlimited);
        let g = best_first(&start, succ, h, |&v| v == goal, &unlimited);
        prop_assert_eq!(u.cost(), expected);
        prop_assert_eq!(a.cost(), expected);
        prop_assert_eq!(a0.cost(), expected);
        prop_assert_eq!(g.path.is_some(), expected.is_some());
        for r in [&u, &a, &a0, &g] {
            if let Some((path, cost)) = &r.path {
                prop_assert_eq!((path[0], *path.last().unwrap()), (start, goal));
                prop_assert_eq!(path_cost(&graph, path), Some(*cost));
            }
        }
    }

    #[test]
    fn iddfs_and_bfs_agree_on_depth(graph in graph_strategy(10, 3), start in 0usize..10, goal in 0usize..10) {
        let n = graph.len();
        let (start, goal) = (start % n, goal % n);
        let succ = |&v: &usize| graph[v].iter().map(|e| e.0).collect::<Vec<_>>();
        let unlimited = Budget::unlimited();
        let b = bfs(&start, succ, |&v| v == goal, &unlimited);
        let i = iddfs(&start, succ, |&v| v == goal, &unlimited);
        let unit: Vec<Vec<(usize, u32)>> = graph.iter().map(|es| es.iter().map(|e| (e.0, 1)).collect()).collect();
        let expected = reference_dist(&unit, start)[goal].map(|d| d as usize);
        prop_assert_eq!(b.cost(), expected);
        prop_assert_eq!(i.cost(), expected);
        prop_assert!(!i.budget_exhausted);
        for r in [&b, &i] {
            if let Some((path, _)) = &r.path {
                prop_assert_eq!((path[0], *path.last().unwrap()), (start, goal));
                prop_assert!(path.windows(2).all(|w| graph[w[0]].iter().any(|e| e.0 == w[1])));
            }
        }
    }

    #[test]
    fn hill_climbing_ends_at_local_maximum(graph in graph_strategy(12, 4), values in prop::collection::vec(0..20i32, 12), start in 0usize..12) {
        let n = graph.len();
        let start = start % n;
        let succ = |&v: &usize| graph[v].iter().map(|e| e.0).collect::<Vec<_>>();
        let r = hill_climbing(&start, succ, |&v| values[v], &Budget::unlimited());
        let (climb, value) = r.path.unwrap();
        prop_assert_eq!(climb[0], start);
        let last = *climb.last().unwrap();
        prop_assert_eq!(value, values[last]);
        prop_assert!(climb.windows(2).all(|w| values[w[1]] > values[w[0]] && graph[w[0]].iter().any(|e| e.0 == w[1])));
        prop_assert!(graph[last].iter().all(|e| values[e.0] <= value));
        // Steepest ascent: each step goes to a best successor.
        for w in climb.windows(2) {
            prop_assert!(graph[w[0]].iter().all(|e| values[e.0] <= values[w[1]]));
        }
    }
}

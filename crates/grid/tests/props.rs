//! Property tests on random grids (bounded and torus): grid A*, flood fill, smoothing and
//! HPA* against brute-force BFS and the `pathfinding` crate.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{assert_valid_path, brute_bfs, random_water};
use grid::{
    AStar, Dir, Entrances, FloodFill, Hpa, HpaMethod, Limits, Pos, Shape, Terrain, Topology,
    smooth_path,
};
use proptest::prelude::*;

fn shape_strategy() -> impl Strategy<Value = Shape> {
    (2u32..18, 2u32..18, any::<bool>()).prop_map(|(r, c, torus)| {
        let topo = if torus {
            Topology::Torus
        } else {
            Topology::Bounded
        };
        Shape::new(r, c, topo)
    })
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn pos_in(shape: Shape, a: u32) -> Pos {
    shape.pos(a % shape.len() as u32)
}

fn successors(shape: Shape, water: &[bool], p: Pos) -> Vec<Pos> {
    Dir::ALL
        .into_iter()
        .filter_map(|d| shape.step(p, d))
        .filter(|n| !water[shape.index(*n) as usize])
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A* cost == BFS distance == pathfinding::astar == pathfinding::bfs, paths valid.
    #[test]
    fn astar_matches_bfs_and_pathfinding(
        shape in shape_strategy(), density in 0u32..45, seed: u64, a: u32, b: u32,
    ) {
        let mut water = random_water(shape, density, seed);
        let (s, g) = (pos_in(shape, a), pos_in(shape, b));
        water[shape.index(s) as usize] = false;
        water[shape.index(g) as usize] = false;
        let brute = brute_bfs(shape, &water, &[s])[shape.index(g) as usize];
        let mut astar = AStar::new(shape);
        let ours = astar.find(s, g, |i| !water[i as usize]);
        let pf_astar = pathfinding::prelude::astar(
            &s,
            |&p| successors(shape, &water, p).into_iter().map(|n| (n, 1u32)),
            |&p| shape.manhattan(p, g),
            |&p| p == g,
        );
        let pf_bfs = pathfinding::prelude::bfs(&s, |&p| successors(shape, &water, p), |&p| p == g);
        prop_assert_eq!(ours.as_ref().map(|p| p.cost), brute);
        prop_assert_eq!(pf_astar.map(|(_, c)| c), brute);
        prop_assert_eq!(pf_bfs.map(|p| p.len() as u32 - 1), brute);
        if let Some(path) = ours {
            prop_assert_eq!(path.cells.len() as u32, path.cost + 1);
            assert_valid_path(shape, &water, &path.cells, s, g);
        }
        // Greedy best-first: complete, valid, never shorter than optimal.
        let greedy = astar.find_greedy(s, g, |i| !water[i as usize]);
        prop_assert_eq!(greedy.is_some(), brute.is_some());
        if let (Some(path), Some(opt)) = (greedy, brute) {
            prop_assert!(path.cost >= opt);
            prop_assert_eq!(path.cells.len() as u32, path.cost + 1);
            assert_valid_path(shape, &water, &path.cells, s, g);
        }
    }

    /// Weighted A* (costs 1..4) == pathfinding::dijkstra, and the path's summed entry
    /// costs equal the reported cost.
    #[test]
    fn weighted_astar_matches_dijkstra(
        shape in shape_strategy(), density in 0u32..35, seed: u64, a: u32, b: u32,
    ) {
        let water = random_water(shape, density, seed);
        let cost: Vec<u32> = random_water(shape, 50, seed ^ 0x55)
            .iter()
            .zip(random_water(shape, 50, seed ^ 0xaa))
            .map(|(&x, y)| 1 + u32::from(x) + 2 * u32::from(y))
            .collect();
        let (s, g) = (pos_in(shape, a), pos_in(shape, b));
        let mut astar = AStar::new(shape);
        let ours = astar.find_weighted(s, g, u32::MAX, |i| {
            if water[i as usize] { 0 } else { cost[i as usize] }
        });
        let oracle = pathfinding::prelude::dijkstra(
            &s,
            |&p| {
                successors(shape, &water, p)
                    .into_iter()
                    .map(|n| (n, cost[shape.index(n) as usize]))
                    .collect::<Vec<_>>()
            },
            |&p| p == g,
        );
        prop_assert_eq!(ours.as_ref().map(|p| p.cost), oracle.map(|(_, c)| c));
        if let Some(path) = ours {
            let summed: u32 = path.cells[1..].iter().map(|p| cost[shape.index(*p) as usize]).sum();
            prop_assert_eq!(summed, path.cost);
            let mut w = water.clone();
            w[shape.index(s) as usize] = false;
            assert_valid_path(shape, &w, &path.cells, s, g);
        }
    }

    /// Multi-source flood fill: distance field == brute-force BFS; the source and first
    /// move recorded for each cell start a shortest path to it; step limits cut exactly.
    #[test]
    fn flood_fill_fields_match_brute_force(
        shape in shape_strategy(), density in 0u32..40, seed: u64,
        srcs in proptest::collection::vec(any::<u32>(), 1..4), max_steps in 0u32..12,
    ) {
        let mut water = random_water(shape, density, seed);
        let sources: Vec<Pos> = srcs.iter().map(|&a| pos_in(shape, a)).collect();
        for s in &sources {
            water[shape.index(*s) as usize] = false;
        }
        let brute = brute_bfs(shape, &water, &sources);
        let mut ff = FloodFill::new(shape);
        let idx: Vec<u32> = sources.iter().map(|&p| shape.index(p)).collect();
        ff.fill(idx.iter().copied(), Limits::NONE, |i| !water[i as usize]);
        for i in 0..shape.len() as u32 {
            prop_assert_eq!(ff.dist(i), brute[i as usize], "cell {}", shape.pos(i));
            let Some(d) = ff.dist(i) else { continue };
            let src = ff.sources()[ff.source_of(i).unwrap()];
            let from_src = brute_bfs(shape, &water, &[shape.pos(src)]);
            prop_assert_eq!(from_src[i as usize], Some(d), "source of {} is not a nearest one", i);
            match ff.first_dir(i) {
                None => prop_assert_eq!(d, 0),
                Some(dir) => {
                    let first = shape.step(shape.pos(src), dir).unwrap();
                    prop_assert!(!water[shape.index(first) as usize]);
                    let from_first = brute_bfs(shape, &water, &[first]);
                    prop_assert_eq!(from_first[i as usize], Some(d - 1), "first move of {}", i);
                }
            }
        }
        // Reuse with a step limit: exactly the cells within max_steps.
        let reached = ff.fill(idx.iter().copied(), Limits::steps(max_steps), |i| !water[i as usize]);
        let expect = brute.iter().filter(|d| d.is_some_and(|d| d <= max_steps)).count();
        prop_assert_eq!(reached, expect);
    }

    /// Squared-radius limit: a single-source fill reaches exactly the cells reachable by
    /// paths staying inside the radius (brute force: BFS on the grid with cells outside
    /// the radius turned into water). The goal test returns the nearest goal.
    #[test]
    fn radius_limit_and_goal_test(
        shape in shape_strategy(), density in 0u32..40, seed: u64, a: u32, r2 in 0u32..40,
        goal_mod in 2u32..7,
    ) {
        let mut water = random_water(shape, density, seed);
        let s = pos_in(shape, a);
        water[shape.index(s) as usize] = false;
        let clipped: Vec<bool> = (0..shape.len() as u32)
            .map(|i| water[i as usize] || shape.dist2(s, shape.pos(i)) > r2)
            .collect();
        let brute = brute_bfs(shape, &clipped, &[s]);
        let mut ff = FloodFill::new(shape);
        ff.fill([shape.index(s)], Limits::radius2(r2), |i| !water[i as usize]);
        for i in 0..shape.len() as u32 {
            prop_assert_eq!(ff.dist(i), brute[i as usize]);
        }
        let is_goal = |i: u32| i.is_multiple_of(goal_mod);
        let found = ff.search([shape.index(s)], Limits::NONE, |i| !water[i as usize], is_goal);
        let full = brute_bfs(shape, &water, &[s]);
        let best = (0..shape.len() as u32).filter(|&i| is_goal(i)).filter_map(|i| full[i as usize]).min();
        prop_assert_eq!(found.map(|i| full[i as usize].unwrap()), best);
    }

    /// HPA* on fully known random terrain: finds a path iff one exists, paths are valid,
    /// never shorter than optimal; smoothing keeps them valid and never longer.
    #[test]
    fn hpa_paths_are_valid(
        rows in 8u32..40, cols in 8u32..40, torus: bool, density in 0u32..35, seed: u64,
        a: u32, b: u32, size in 3u32..12, corner: bool,
    ) {
        let shape = Shape::new(rows, cols, if torus { Topology::Torus } else { Topology::Bounded });
        let water = random_water(shape, density, seed);
        let (s, g) = (pos_in(shape, a), pos_in(shape, b));
        let kind = if corner { Entrances::Corner } else { Entrances::Centered };
        let mut hpa = Hpa::from_terrain(shape, size, kind, |i| water[i as usize]);
        let found = hpa.find(s, g);
        let on_water = water[shape.index(s) as usize] || water[shape.index(g) as usize];
        let optimal = if on_water { None } else { brute_bfs(shape, &water, &[s])[shape.index(g) as usize] };
        prop_assert_eq!(found.is_some(), optimal.is_some());
        if let (Some(p), Some(opt)) = (found, optimal) {
            assert_valid_path(shape, &water, &p.cells, s, g);
            prop_assert_eq!(p.cost as usize, p.cells.len() - 1);
            prop_assert!(p.cost >= opt);
            if p.method == HpaMethod::Direct {
                prop_assert_eq!(p.cost, opt);
            }
            let smoothed = hpa.smooth(&p.cells, 2 * size as usize);
            assert_valid_path(shape, &water, &smoothed, s, g);
            prop_assert!(smoothed.len() <= p.cells.len());
            prop_assert!(smoothed.len() as u32 > opt);
        }
    }

    /// HPA* built incrementally (terrain revealed in random batches, `update` after each)
    /// answers like HPA* built at once, and like it after `cache_paths`; `plan` reports the same length as `find`, its first
    /// segment is a prefix of the path and its waypoints lie on the path in order.
    #[test]
    fn hpa_incremental_and_plan_agree(
        rows in 8u32..36, cols in 8u32..36, torus: bool, density in 0u32..35, seed: u64,
        a: u32, b: u32, size in 3u32..12, corner: bool, batches in 1usize..6,
    ) {
        let shape = Shape::new(rows, cols, if torus { Topology::Torus } else { Topology::Bounded });
        let water = random_water(shape, density, seed);
        let (s, g) = (pos_in(shape, a), pos_in(shape, b));
        let kind = if corner { Entrances::Corner } else { Entrances::Centered };
        let mut whole = Hpa::from_terrain(shape, size, kind, |i| water[i as usize]);
        let mut inc = Hpa::new(shape, size, kind);
        let n = shape.len() as u32;
        let mut order: Vec<u32> = (0..n).collect();
        // A seeded shuffle: position i goes to (i * step + seed) mod n, step coprime to n.
        let step = (1..n).rev().find(|k| gcd(*k, n) == 1).unwrap_or(1);
        order.sort_by_key(|&i| (u64::from(i) * u64::from(step) + seed) % u64::from(n));
        for chunk in order.chunks(order.len().div_ceil(batches)) {
            for &i in chunk {
                let t = if water[i as usize] { Terrain::Water } else { Terrain::Land };
                inc.set_terrain(i, t);
            }
            inc.update();
            // Unknown cells count as passable until revealed.
            let known_water: Vec<bool> = (0..n).map(|i| inc.terrain(i) == Terrain::Water).collect();
            if let Some(p) = inc.find(s, g) {
                assert_valid_path(shape, &known_water, &p.cells, s, g);
            }
        }
        let (p, q) = (whole.find(s, g), inc.find(s, g));
        prop_assert_eq!(p.as_ref().map(|p| p.cost), q.as_ref().map(|q| q.cost));
        // Combining cached abstract paths gives the length the abstract search gives.
        let mut cached = whole.clone();
        cached.cache_paths();
        let c = cached.find(s, g);
        prop_assert_eq!(c.as_ref().map(|c| c.cost), p.as_ref().map(|p| p.cost));
        if let Some(c) = &c {
            assert_valid_path(shape, &water, &c.cells, s, g);
        }
        let plan = cached.plan(s, g);
        prop_assert_eq!(plan.as_ref().map(|p| p.cost), p.as_ref().map(|p| p.cost));
        if let (Some(plan), Some(p)) = (plan, c) {
            prop_assert_eq!(plan.method, p.method);
            prop_assert!(p.cells.starts_with(&plan.first), "{:?} vs {:?}", plan.first, p.cells);
            prop_assert!(plan.first.len() >= 2 || s == g);
            prop_assert_eq!(plan.waypoints.first(), Some(&s));
            prop_assert_eq!(plan.waypoints.last(), Some(&g));
            let mut at = 0;
            for w in &plan.waypoints {
                let found = p.cells[at..].iter().position(|c| c == w);
                prop_assert!(found.is_some(), "waypoint {} not on the path", w);
                at += found.unwrap_or(0);
            }
        }
    }

    /// smooth_path on an arbitrary valid walk (a BFS path with a random detour loop)
    /// returns a valid path between the same ends that is no longer.
    #[test]
    fn smoothing_never_lengthens(
        shape in shape_strategy(), density in 0u32..30, seed: u64, a: u32, b: u32, c: u32,
        window in 2usize..12, recursive: bool,
    ) {
        let water = random_water(shape, density, seed);
        let (s, m, g) = (pos_in(shape, a), pos_in(shape, b), pos_in(shape, c));
        let passable = |p: Pos| !water[shape.index(p) as usize];
        prop_assume!(passable(s) && passable(m) && passable(g));
        let mut astar = AStar::new(shape);
        let Some(p1) = astar.find(s, m, |i| !water[i as usize]) else { return Ok(()) };
        let Some(p2) = astar.find(m, g, |i| !water[i as usize]) else { return Ok(()) };
        let walk: Vec<u32> = p1.cells.iter().chain(&p2.cells[1..]).map(|&p| shape.index(p)).collect();
        let out = smooth_path(&mut astar, &walk, window, recursive, |i| !water[i as usize]);
        let out_pos: Vec<Pos> = out.iter().map(|&i| shape.pos(i)).collect();
        assert_valid_path(shape, &water, &out_pos, s, g);
        prop_assert!(out.len() <= walk.len());
        let opt = brute_bfs(shape, &water, &[s])[shape.index(g) as usize].unwrap();
        prop_assert!(out.len() as u32 > opt);
    }
}

//! `botforge path`: the search demo on an Ants map or a plain text grid.
//!
//! Files ending in `.map` are read as Ants maps (a torus) by `ants::Map`; anything else is a
//! plain text grid (bounded; `#` or `%` is a wall, any other character free — see
//! `grid::text`). Exit code 0 when a path is found, 1 when none exists; bad input is an
//! error (exit code 2 from `main`).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use grid::{AStar, Entrances, FloodFill, Grid, Hpa, Limits, Pos, Shape, Topology, smooth_path};

/// Search algorithm of `botforge path`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algo {
    /// Breadth-first search (optimal on unit costs).
    Bfs,
    /// A* with the wrapped Manhattan heuristic (optimal).
    Astar,
    /// Greedy best-first search (fast, not optimal).
    BestFirst,
    /// Hierarchical path-finding A* over clusters (near optimal).
    Hpa,
}

/// HPA* entrance placement.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntranceKind {
    /// One transition node in the middle of each entrance.
    Centered,
    /// Transition nodes at both ends of each entrance.
    Corner,
}

/// Arguments of `botforge path`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Map file: an Ants `.map` (torus) or a plain text grid (bounded; `#`/`%` = wall).
    #[arg(long)]
    pub map: PathBuf,
    /// Start cell as ROW,COL (0-based).
    #[arg(long, value_parser = parse_pos)]
    pub from: Pos,
    /// Goal cell as ROW,COL (0-based).
    #[arg(long, value_parser = parse_pos)]
    pub to: Pos,
    /// Search algorithm.
    #[arg(long, value_enum, default_value_t = Algo::Astar)]
    pub algo: Algo,
    /// HPA* cluster size (cells per side).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub cluster: u32,
    /// HPA* entrance type.
    #[arg(long, value_enum, default_value_t = EntranceKind::Centered)]
    pub entrances: EntranceKind,
    /// Smooth the path afterwards (windows of twice the cluster size, recursive).
    #[arg(long)]
    pub smooth: bool,
    /// Print the map with the path drawn on it.
    #[arg(long)]
    pub show: bool,
}

fn parse_pos(s: &str) -> Result<Pos, String> {
    let (r, c) = s
        .split_once(',')
        .ok_or_else(|| format!("expected ROW,COL, got {s:?}"))?;
    let num = |t: &str| {
        t.trim()
            .parse::<i32>()
            .map_err(|e| format!("bad number {t:?} in {s:?}: {e}"))
    };
    Ok(Pos::new(num(r)?, num(c)?))
}

/// Loads the walls of `path`: Ants `.map` files as a torus, anything else as a plain grid.
fn load(path: &Path) -> anyhow::Result<Grid<bool>> {
    if path.extension().is_some_and(|e| e == "map") {
        let map = ants::Map::load(path)?;
        let shape = map.shape();
        let cells = (0..shape.len() as u32)
            .map(|i| map.is_water(shape.pos(i)))
            .collect();
        Grid::from_vec(shape, cells).context("map size mismatch")
    } else {
        let text = outfile::read_bounded(path, ants::config::MAX_MAP_BYTES, "grid")
            .with_context(|| format!("cannot read {}", path.display()))?;
        grid::text::parse_plain(&text).with_context(|| format!("{}", path.display()))
    }
}

fn check_cell(walls: &Grid<bool>, p: Pos, flag: &str) -> anyhow::Result<()> {
    let s = walls.shape();
    if !s.contains(p) {
        bail!(
            "--{flag} {p} is outside the {}x{} map (rows 0..{}, cols 0..{})",
            s.rows,
            s.cols,
            s.rows,
            s.cols
        );
    }
    if walls[p] {
        bail!("--{flag} {p} is a wall/water cell");
    }
    Ok(())
}

/// A found path with its search statistics.
struct Found {
    cells: Vec<Pos>,
    expanded: u32,
    note: String,
}

/// Runs `botforge path`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    let walls = load(&args.map)?;
    check_cell(&walls, args.from, "from")?;
    check_cell(&walls, args.to, "to")?;
    let shape = walls.shape();
    let open = |i: u32| !walls[i];
    let mut astar = AStar::new(shape);
    let mut flood = FloodFill::new(shape);
    let mut setup = None;
    let t0 = Instant::now();
    let found: Option<Found> = match args.algo {
        Algo::Bfs => {
            let goal = shape.index(args.to);
            flood.search([shape.index(args.from)], Limits::NONE, open, |i| i == goal);
            flood.path_to(goal).map(|cells| Found {
                cells,
                expanded: flood.visited().len() as u32,
                note: String::new(),
            })
        }
        Algo::Astar => astar.find(args.from, args.to, open).map(|p| Found {
            cells: p.cells,
            expanded: p.expanded,
            note: String::new(),
        }),
        Algo::BestFirst => astar.find_greedy(args.from, args.to, open).map(|p| Found {
            cells: p.cells,
            expanded: p.expanded,
            note: String::new(),
        }),
        Algo::Hpa => {
            let kind = match args.entrances {
                EntranceKind::Centered => Entrances::Centered,
                EntranceKind::Corner => Entrances::Corner,
            };
            let mut hpa = Hpa::from_terrain(shape, args.cluster, kind, |i| walls[i]);
            setup = Some(("clustering", t0.elapsed()));
            let note = format!(
                "{} clusters, {} nodes, {} edges",
                hpa.cluster_count(),
                hpa.node_count(),
                hpa.edge_count()
            );
            hpa.find(args.from, args.to).map(|p| Found {
                cells: p.cells,
                expanded: p.expanded,
                note: format!("{note}; answered by {:?}", p.method),
            })
        }
    };
    let total = t0.elapsed();
    let search_time = total.saturating_sub(setup.map_or(Duration::ZERO, |(_, d)| d));
    let topo = match shape.topology {
        Topology::Torus => "torus",
        Topology::Bounded => "bounded",
    };
    outln!(
        "map: {} ({}x{} {topo})",
        args.map.display(),
        shape.rows,
        shape.cols
    )?;
    outln!("algorithm: {:?}", args.algo)?;
    if let Some((what, d)) = setup {
        outln!("{what}: {}", fmt_time(d))?;
    }
    let Some(found) = found else {
        outln!("no path from {} to {}", args.from, args.to)?;
        outln!("time: {}", fmt_time(search_time))?;
        return Ok(ExitCode::from(1));
    };
    if !found.note.is_empty() {
        outln!("hpa: {}", found.note)?;
    }
    outln!("length: {} steps", found.cells.len() - 1)?;
    outln!("nodes expanded: {}", found.expanded)?;
    outln!("time: {}", fmt_time(search_time))?;
    let mut cells = found.cells;
    if args.smooth {
        let t = Instant::now();
        let idx: Vec<u32> = cells.iter().map(|&p| shape.index(p)).collect();
        let window = 2 * args.cluster as usize;
        let out = smooth_path(&mut astar, &idx, window, true, open);
        outln!(
            "smoothed: {} steps in {}",
            out.len() - 1,
            fmt_time(t.elapsed())
        )?;
        cells = out.into_iter().map(|i| shape.pos(i)).collect();
    }
    outln!("path: {}", directions(shape, &cells))?;
    if args.show {
        out!("{}", render(&walls, &cells))?;
    }
    Ok(ExitCode::SUCCESS)
}

fn fmt_time(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

/// The path as a string of direction letters (N/E/S/W).
fn directions(shape: Shape, cells: &[Pos]) -> String {
    cells
        .windows(2)
        .filter_map(|w| {
            grid::Dir::ALL
                .into_iter()
                .find(|&d| shape.step(w[0], d) == Some(w[1]))
        })
        .map(grid::Dir::letter)
        .collect()
}

/// The map with walls `%`, free cells `.`, the path `*`, start `S` and goal `G`.
fn render(walls: &Grid<bool>, cells: &[Pos]) -> String {
    let shape = walls.shape();
    let mut chars: Vec<char> = walls
        .cells()
        .iter()
        .map(|&w| if w { '%' } else { '.' })
        .collect();
    for p in cells {
        chars[shape.index(*p) as usize] = '*';
    }
    if let (Some(first), Some(last)) = (cells.first(), cells.last()) {
        chars[shape.index(*first) as usize] = 'S';
        chars[shape.index(*last) as usize] = 'G';
    }
    let mut out = String::with_capacity(chars.len() + shape.rows as usize);
    for row in chars.chunks(shape.cols as usize) {
        let line: String = row.iter().collect();
        let _ = writeln!(out, "{line}");
    }
    out
}

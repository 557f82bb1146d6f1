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
use grid::{
    AStar, Entrances, FloodFill, Grid, Hpa, InfluenceMap, InfluenceParams, Limits, Pos, Shape,
    Topology, smooth_path,
};

mod svg;

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
    /// HPA* cluster size (cells per side); with `--compare` a comma-separated list.
    #[arg(long, default_value = "20", value_delimiter = ',',
          value_parser = clap::value_parser!(u32).range(2..=1000))]
    pub cluster: Vec<u32>,
    /// HPA* entrance type; with `--compare` a comma-separated list.
    #[arg(long, value_enum, default_value = "centered", value_delimiter = ',')]
    pub entrances: Vec<EntranceKind>,
    /// Smooth the path afterwards (windows of twice the cluster size, recursive).
    #[arg(long)]
    pub smooth: bool,
    /// Print the map with the path drawn on it.
    #[arg(long)]
    pub show: bool,
    /// Run every algorithm on the same query and print one row each (the thesis's
    /// Table 8.1): BFS, A*, best-first and HPA* for every `--cluster` × `--entrances`.
    #[arg(long)]
    pub compare: bool,
    /// Time every search this many times and report the fastest (clustering included
    /// once per HPA* row).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub repeat: u32,
    /// Own units for an influence map, as `ROW,COL;ROW,COL;…`: with `--enemy`, A* is run
    /// without and with the influence path costs (the thesis's Table 4.1).
    #[arg(long, value_parser = parse_units, default_value = "")]
    pub own: Units,
    /// Enemy units for the influence map, as `ROW,COL;ROW,COL;…`.
    #[arg(long, value_parser = parse_units, default_value = "")]
    pub enemy: Units,
    /// Draw the map, the paths, the HPA* clusters with their entrances and abstract graph,
    /// and the influence field into this SVG file (written atomically).
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

/// Unit positions of `--own` / `--enemy`.
#[derive(Clone, Debug, Default)]
pub struct Units(pub Vec<Pos>);

/// Most units `--own` and `--enemy` accept each.
const MAX_UNITS: usize = 10_000;

fn parse_units(s: &str) -> Result<Units, String> {
    let cells: Result<Vec<Pos>, String> = s
        .split(';')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(parse_pos)
        .collect();
    let cells = cells?;
    if cells.len() > MAX_UNITS {
        return Err(format!("at most {MAX_UNITS} units, got {}", cells.len()));
    }
    Ok(Units(cells))
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

/// One algorithm of a run: what it is called, its HPA* setting, and what it found.
struct Row {
    label: String,
    found: Option<Found>,
    /// Fastest search over `--repeat` runs.
    time: Duration,
    /// HPA* clustering of the whole map.
    clustering: Option<Duration>,
}

fn hpa_entrances(kind: EntranceKind) -> Entrances {
    match kind {
        EntranceKind::Centered => Entrances::Centered,
        EntranceKind::Corner => Entrances::Corner,
    }
}

/// The first value of a list flag; more than one is only meaningful with `--compare`.
fn single<T: Copy + std::fmt::Debug>(values: &[T], flag: &str) -> anyhow::Result<T> {
    match values {
        [one] => Ok(*one),
        [] => bail!("--{flag} needs a value"),
        _ => bail!("--{flag} takes several values only with --compare (got {values:?})"),
    }
}

/// Runs one search `repeat` times; returns the last result and the fastest time.
fn timed(repeat: u32, mut search: impl FnMut() -> Option<Found>) -> (Option<Found>, Duration) {
    let mut best = Duration::MAX;
    let mut found = None;
    for _ in 0..repeat {
        let t = Instant::now();
        found = search();
        best = best.min(t.elapsed());
    }
    (found, best)
}

/// Searches for `--algo` (or every algorithm with `--compare`); the HPA* path-finders
/// built on the way are returned for the drawing.
fn search_rows(
    args: &Args,
    walls: &Grid<bool>,
    algos: &[Algo],
    hpa_settings: &[(u32, EntranceKind)],
) -> (Vec<Row>, Option<(Hpa, String)>) {
    let shape = walls.shape();
    let open = |i: u32| !walls[i];
    let mut astar = AStar::new(shape);
    let mut flood = FloodFill::new(shape);
    let (from, to) = (args.from, args.to);
    let mut rows = Vec::new();
    let mut drawn_hpa = None;
    let plain = |p: grid::GridPath| Found {
        cells: p.cells,
        expanded: p.expanded,
        note: String::new(),
    };
    for &algo in algos {
        let (label, (found, time)) = match algo {
            Algo::Bfs => {
                let goal = shape.index(to);
                let r = timed(args.repeat, || {
                    flood.search([shape.index(from)], Limits::NONE, open, |i| i == goal);
                    flood.path_to(goal).map(|cells| Found {
                        cells,
                        expanded: flood.visited().len() as u32,
                        note: String::new(),
                    })
                });
                ("BFS".to_owned(), r)
            }
            Algo::Astar => (
                "A*".to_owned(),
                timed(args.repeat, || astar.find(from, to, open).map(plain)),
            ),
            Algo::BestFirst => (
                "best-first".to_owned(),
                timed(args.repeat, || astar.find_greedy(from, to, open).map(plain)),
            ),
            Algo::Hpa => {
                for &(size, kind) in hpa_settings {
                    let t = Instant::now();
                    let mut hpa = Hpa::from_terrain(shape, size, hpa_entrances(kind), |i| walls[i]);
                    let clustering = t.elapsed();
                    let note = format!(
                        "{} clusters, {} nodes, {} edges",
                        hpa.cluster_count(),
                        hpa.node_count(),
                        hpa.edge_count()
                    );
                    let (found, time) = timed(args.repeat, || {
                        hpa.find(from, to).map(|p| Found {
                            cells: p.cells,
                            expanded: p.expanded,
                            note: format!("{note}; answered by {:?}", p.method),
                        })
                    });
                    let label = format!("HPA* ({kind:?}, {size})");
                    if drawn_hpa.is_none() {
                        drawn_hpa = Some((hpa.clone(), label.clone()));
                    }
                    rows.push(Row {
                        label,
                        found,
                        time,
                        clustering: Some(clustering),
                    });
                }
                continue;
            }
        };
        rows.push(Row {
            label,
            found,
            time,
            clustering: None,
        });
    }
    (rows, drawn_hpa)
}

/// The influence comparison of `--own`/`--enemy`: A* without and with influence costs.
struct InfluenceRun {
    map: InfluenceMap,
    /// (label, path, steps, influence cost)
    paths: Vec<(&'static str, Vec<Pos>, u32, u32)>,
}

fn influence_run(args: &Args, walls: &Grid<bool>) -> anyhow::Result<Option<InfluenceRun>> {
    if args.own.0.is_empty() && args.enemy.0.is_empty() {
        return Ok(None);
    }
    let shape = walls.shape();
    for (units, flag) in [(&args.own, "own"), (&args.enemy, "enemy")] {
        for &p in &units.0 {
            check_cell(walls, p, flag)?;
        }
    }
    let mut map = InfluenceMap::new(shape, 2, InfluenceParams::default());
    let units = args
        .own
        .0
        .iter()
        .map(|&p| (p, 0))
        .chain(args.enemy.0.iter().map(|&p| (p, 1)));
    map.update(units, |i| !walls[i]);
    let cost_of =
        |cells: &[Pos]| -> u32 { cells.iter().skip(1).map(|&p| map.path_cost(0, p)).sum() };
    let mut astar = AStar::new(shape);
    let mut paths = Vec::new();
    if let Some(p) = astar.find(args.from, args.to, |i| !walls[i]) {
        let c = cost_of(&p.cells);
        paths.push(("without influence", p.cells, p.cost, c));
    }
    let weighted = astar.find_weighted(args.from, args.to, u32::MAX, |i| {
        if walls[i] { 0 } else { map.path_cost_at(0, i) }
    });
    if let Some(p) = weighted {
        let steps = p.cells.len().saturating_sub(1) as u32;
        paths.push(("with influence", p.cells, steps, p.cost));
    }
    Ok(Some(InfluenceRun { map, paths }))
}

/// Runs `botforge path`.
pub fn run(args: &Args) -> anyhow::Result<ExitCode> {
    crate::check_output(args.svg.as_deref())?;
    let walls = load(&args.map)?;
    check_cell(&walls, args.from, "from")?;
    check_cell(&walls, args.to, "to")?;
    let shape = walls.shape();
    let algos: Vec<Algo> = if args.compare {
        vec![Algo::Bfs, Algo::Astar, Algo::BestFirst, Algo::Hpa]
    } else {
        vec![args.algo]
    };
    let hpa_settings: Vec<(u32, EntranceKind)> = if args.compare {
        let mut entrances = args.entrances.clone();
        entrances.dedup();
        args.cluster
            .iter()
            .flat_map(|&c| entrances.iter().map(move |&e| (c, e)))
            .collect()
    } else {
        vec![(
            single(&args.cluster, "cluster")?,
            single(&args.entrances, "entrances")?,
        )]
    };
    let influence = influence_run(args, &walls)?;
    let (rows, hpa) = search_rows(args, &walls, &algos, &hpa_settings);
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
    let mut drawn: Vec<(String, Vec<Pos>)> = Vec::new();
    let found_any = if args.compare {
        print_table(args, &rows)?;
        for row in &rows {
            if let Some(f) = &row.found {
                drawn.push((row.label.clone(), f.cells.clone()));
            }
        }
        rows.iter().any(|r| r.found.is_some())
    } else {
        let Some(row) = rows.into_iter().next() else {
            bail!("no algorithm ran");
        };
        print_single(args, &walls, row, &mut drawn)?
    };
    if let Some(inf) = &influence {
        if !args.compare && args.algo == Algo::Astar {
            drawn.clear(); // the same path as "without influence"
        }
        outln!(
            "influence (own units {}, enemy units {}):",
            args.own.0.len(),
            args.enemy.0.len()
        )?;
        outln!("| path | steps | cost with influence |")?;
        outln!("|---|---|---|")?;
        for (label, cells, steps, cost) in &inf.paths {
            outln!("| {label} | {steps} | {cost} |")?;
            drawn.push(((*label).to_owned(), cells.clone()));
        }
    }
    if let Some(out) = &args.svg {
        let picture = svg::Picture {
            title: &args.map.display().to_string(),
            walls: &walls,
            hpa: hpa.as_ref().map(|(h, label)| (h, label.as_str())),
            influence: influence.as_ref().map(|i| &i.map),
            paths: &drawn,
            from: args.from,
            to: args.to,
            own: &args.own.0,
            enemy: &args.enemy.0,
        };
        outfile::write(out, picture.render().as_bytes())
            .with_context(|| format!("cannot write {}", out.display()))?;
        outln!("svg: {}", out.display())?;
    }
    Ok(if found_any {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The rows of `--compare` as a Markdown table.
fn print_table(args: &Args, rows: &[Row]) -> anyhow::Result<()> {
    outln!(
        "query: {} -> {}, fastest of {} runs",
        args.from,
        args.to,
        args.repeat
    )?;
    outln!("| algorithm | length | nodes expanded | search | clustering |")?;
    outln!("|---|---|---|---|---|")?;
    for row in rows {
        let clustering = row.clustering.map_or_else(|| "–".to_owned(), fmt_time);
        match &row.found {
            Some(f) => outln!(
                "| {} | {} | {} | {} | {clustering} |",
                row.label,
                f.cells.len() - 1,
                f.expanded,
                fmt_time(row.time)
            )?,
            None => outln!(
                "| {} | no path | – | {} | {clustering} |",
                row.label,
                fmt_time(row.time)
            )?,
        }
    }
    Ok(())
}

/// One algorithm's answer in the line format; returns whether a path was found.
fn print_single(
    args: &Args,
    walls: &Grid<bool>,
    row: Row,
    drawn: &mut Vec<(String, Vec<Pos>)>,
) -> anyhow::Result<bool> {
    let shape = walls.shape();
    outln!("algorithm: {:?}", args.algo)?;
    if let Some(d) = row.clustering {
        outln!("clustering: {}", fmt_time(d))?;
    }
    let Some(found) = row.found else {
        outln!("no path from {} to {}", args.from, args.to)?;
        outln!("time: {}", fmt_time(row.time))?;
        return Ok(false);
    };
    if !found.note.is_empty() {
        outln!("hpa: {}", found.note)?;
    }
    outln!("length: {} steps", found.cells.len() - 1)?;
    outln!("nodes expanded: {}", found.expanded)?;
    outln!("time: {}", fmt_time(row.time))?;
    let mut cells = found.cells;
    if args.smooth {
        let t = Instant::now();
        let idx: Vec<u32> = cells.iter().map(|&p| shape.index(p)).collect();
        let window = 2 * single(&args.cluster, "cluster")? as usize;
        let mut astar = AStar::new(shape);
        let out = smooth_path(&mut astar, &idx, window, true, |i| !walls[i]);
        outln!(
            "smoothed: {} steps in {}",
            out.len() - 1,
            fmt_time(t.elapsed())
        )?;
        cells = out.into_iter().map(|i| shape.pos(i)).collect();
    }
    outln!("path: {}", directions(shape, &cells))?;
    if args.show {
        out!("{}", render(walls, &cells))?;
    }
    drawn.push((row.label, cells));
    Ok(true)
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

//! `botforge ants mapgen`: seeded maps of the official families ([`ants::mapgen`]) and the
//! official map rule check of map files.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;

use ants::mapgen::{self, Family, Params, Rules, SymmetryKind};

/// Arguments of `botforge ants mapgen`.
#[derive(Args, Debug)]
pub struct MapgenArgs {
    /// Map family: cell_maze, random_walk or maze (the symmetric block maze).
    #[arg(value_name = "KIND", required_unless_present = "check")]
    pub kind: Option<String>,
    /// Players, 2 to 10.
    #[arg(long, required_unless_present = "check")]
    pub players: Option<u8>,
    /// Seed: the same arguments give the same map.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Wanted size ROWSxCOLS (each at most 200), rounded to the nearest size the family
    /// and symmetry fit (default: drawn from the family's range).
    #[arg(long, value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// 0 (closed) to 1 (open): loops in the mazes, less water in random_walk (default:
    /// drawn from the family's range).
    #[arg(long)]
    pub openness: Option<f64>,
    /// Symmetry: any, translational, mirror or rotational (mirror and rotational need an
    /// even number of players).
    #[arg(long, default_value = "any")]
    pub symmetry: String,
    /// Hills per player (default: 1 for random_walk, 1 to 3 for the mazes).
    #[arg(long)]
    pub hills: Option<u8>,
    /// Attempts before giving up.
    #[arg(long, default_value_t = 200)]
    pub attempts: u32,
    /// Write the map here (atomically) instead of to stdout.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Check map files against the official rules instead: one line per file (ok and the
    /// symmetry found, or the broken rule); exits non-zero if any fails.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["kind", "players", "out"])]
    pub check: Vec<PathBuf>,
    /// With --check: the area floors of the 2011 map.py (900 squares per player, 500 per
    /// hill) instead of the ones the 2011 map pool keeps (750 and 200).
    #[arg(long, requires = "check")]
    pub strict: bool,
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (r, c) = s
        .split_once(['x', 'X', ','])
        .ok_or_else(|| format!("size `{s}` is not ROWSxCOLS"))?;
    let num = |v: &str| {
        v.trim()
            .parse::<u32>()
            .map_err(|_| format!("size `{s}` is not ROWSxCOLS"))
    };
    Ok((num(r)?, num(c)?))
}

/// Runs `botforge ants mapgen`.
pub fn run(args: &MapgenArgs) -> anyhow::Result<ExitCode> {
    if !args.check.is_empty() {
        return check(&args.check, args.strict);
    }
    let (Some(kind), Some(players)) = (&args.kind, args.players) else {
        anyhow::bail!("mapgen needs KIND and --players (or --check FILE…)");
    };
    if let Some(out) = &args.out {
        crate::check_output(Some(out))?;
    }
    let params = Params {
        size: args.size,
        openness: args.openness,
        symmetry: args.symmetry.parse::<SymmetryKind>()?,
        hills: args.hills,
        attempts: args.attempts,
        ..Params::new(kind.parse::<Family>()?, players, args.seed)
    };
    let made = mapgen::generate(&params)?;
    let text = made.to_text();
    match &args.out {
        Some(path) => {
            outfile::write(path, text.as_bytes())
                .with_context(|| format!("cannot write {}", path.display()))?;
            outln!(
                "wrote {}: {} {}x{}, {} players, symmetry {}",
                path.display(),
                kind,
                made.map.rows(),
                made.map.cols(),
                players,
                made.symmetry.kind()
            )?;
        }
        None => out!("{text}")?,
    }
    Ok(ExitCode::SUCCESS)
}

fn check(files: &[PathBuf], strict: bool) -> anyhow::Result<ExitCode> {
    let rules = if strict { Rules::MAP_PY } else { Rules::POOL };
    let mut failed = 0;
    for file in files {
        let line = match ants::Map::load(file) {
            Err(e) => {
                failed += 1;
                format!("FAIL {}: {e}", file.display())
            }
            Ok(map) => match mapgen::check_with(&map, &rules) {
                Ok(sym) => format!(
                    "ok {}: {} players, {}x{}, {} hills, symmetry {sym}",
                    file.display(),
                    map.players(),
                    map.rows(),
                    map.cols(),
                    map.hills().len()
                ),
                Err(e) => {
                    failed += 1;
                    format!("FAIL {}: {e}", file.display())
                }
            },
        };
        outln!("{line}")?;
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

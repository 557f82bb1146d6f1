//! `botforge ants …`: argument parsing and wiring for the `ants` crate.

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use crate::ants_bots::{bot_names, make_bot};

/// The map used when `play` gets no `--map`.
const DEFAULT_MAP: &str = include_str!("../../../data/ants/maze_p04_01.map");
/// The bots used when `play` gets none.
const DEFAULT_BOTS: [&str; 4] = ["hunter", "greedy", "lefty", "random"];

/// Game parameters shared by `play` and `tournament`.
#[derive(Args, Debug, Clone)]
pub struct Params {
    /// Maximum number of turns.
    #[arg(long, default_value_t = 1000)]
    turns: u32,
    /// Milliseconds per turn.
    #[arg(long, default_value_t = 1000)]
    turntime: u64,
    /// Milliseconds for the setup answer.
    #[arg(long, default_value_t = 3000)]
    loadtime: u64,
    /// Food placement: symmetric, random, sections, none.
    #[arg(long = "food-method", default_value = "symmetric")]
    food_method: String,
    /// Battle resolution: focus, closest, support, damage.
    #[arg(long, default_value = "focus")]
    attack: String,
    /// Squared view radius.
    #[arg(long, default_value_t = 77)]
    viewradius2: u32,
    /// Squared attack radius.
    #[arg(long, default_value_t = 5)]
    attackradius2: u32,
    /// Squared food-gathering radius.
    #[arg(long, default_value_t = 1)]
    spawnradius2: u32,
    /// Invalid orders remove the bot.
    #[arg(long)]
    strict: bool,
    /// Engine and player seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl Params {
    fn config(&self) -> anyhow::Result<ants::GameConfig> {
        if !["symmetric", "random", "sections", "none"].contains(&self.food_method.as_str()) {
            anyhow::bail!(
                "--food-method must be symmetric, random, sections or none, got `{}`",
                self.food_method
            );
        }
        if !["focus", "closest", "support", "damage"].contains(&self.attack.as_str()) {
            anyhow::bail!(
                "--attack must be focus, closest, support or damage, got `{}`",
                self.attack
            );
        }
        Ok(ants::GameConfig {
            turns: self.turns,
            turntime_ms: self.turntime,
            loadtime_ms: self.loadtime,
            food: self.food_method.parse().unwrap_or_default(),
            attack: self.attack.parse().unwrap_or_default(),
            viewradius2: self.viewradius2,
            attackradius2: self.attackradius2,
            spawnradius2: self.spawnradius2,
            strict: self.strict,
            ..ants::GameConfig::seeded(self.seed)
        })
    }
}

/// Subcommands of `botforge ants`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play one game and print the result table (no arguments: a 4-player game of the
    /// baseline bots on the bundled maze map).
    Play {
        /// Map file (default: the bundled maze_p04_01.map).
        #[arg(long)]
        map: Option<PathBuf>,
        /// Write the replay (official JSON format) here.
        #[arg(long)]
        replay: Option<PathBuf>,
        #[command(flatten)]
        params: Params,
        /// Bots in player order: a registered NAME or `cmd:SHELL COMMAND`.
        bots: Vec<String>,
    },
    /// Run a registered in-process bot as a protocol process on stdin/stdout.
    Bot {
        /// Bot name (see `botforge ants bots`).
        name: String,
        /// Profile of the `thesis` bot: a bundled profile name or a TOML file.
        #[arg(long)]
        profile: Option<String>,
    },
    /// Re-simulate replays and report the first divergence of each.
    CheckReplay {
        /// Replay files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play seeded games in parallel and print a win/draw/loss table per bot.
    Tournament {
        /// Maps: files, directories or `dir/pattern*.map`, comma separated.
        #[arg(long)]
        maps: String,
        /// Number of games.
        #[arg(long, default_value_t = 10)]
        games: usize,
        /// Bot names, comma separated.
        #[arg(long, value_delimiter = ',', required = true)]
        bots: Vec<String>,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<usize>,
        #[command(flatten)]
        params: Params,
    },
    /// List the registered bots.
    Bots,
}

/// Runs one `botforge ants` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Play {
            map,
            replay,
            params,
            bots,
        } => play(map.as_ref(), replay, &params, bots),
        Command::Bot { name, profile } => {
            let spec = match profile {
                Some(p) => format!("{name}:{p}"),
                None => name,
            };
            let mut bot = make_bot(&spec)?;
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            ants::protocol::serve(bot.as_mut(), BufReader::new(stdin.lock()), stdout.lock())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::CheckReplay { files } => Ok(check(&files)),
        Command::Tournament {
            maps,
            games,
            bots,
            threads,
            params,
        } => tournament(&maps, games, &bots, threads, &params),
        Command::Bots => {
            for n in bot_names() {
                println!("{n}");
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn play(
    map: Option<&PathBuf>,
    replay: Option<PathBuf>,
    params: &Params,
    bots: Vec<String>,
) -> anyhow::Result<ExitCode> {
    let map = match map {
        Some(p) => ants::Map::load(p)?,
        None => ants::Map::parse(DEFAULT_MAP).context("bundled map")?,
    };
    let bots = if bots.is_empty() {
        let n = usize::from(map.players());
        (0..n)
            .map(|i| DEFAULT_BOTS[i % DEFAULT_BOTS.len()].to_owned())
            .collect()
    } else {
        bots
    };
    let entrants = bots
        .iter()
        .map(|b| match b.strip_prefix("cmd:") {
            Some(cmd) => Ok(ants::Entrant::Command(cmd.to_owned())),
            None => make_bot(b).map(ants::Entrant::InProcess),
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let config = params.config()?;
    let started = Instant::now();
    let result = ants::run_game_with(&map, &config, entrants)?;
    let wall = started.elapsed();
    let mut out = std::io::stdout().lock();
    writeln!(out, "| player | bot | status | score | rank | turns |")?;
    writeln!(out, "|---|---|---|---|---|---|")?;
    for p in 0..result.names.len() {
        writeln!(
            out,
            "| {p} | {} | {} | {} | {} | {} |",
            result.names[p],
            result.statuses[p].as_str(),
            result.scores[p],
            result.ranks[p] + 1,
            result.playerturns[p]
        )?;
    }
    writeln!(
        out,
        "\n{} turns, cutoff: {}; {:.3} s wall, engine {:.3} s",
        result.turns,
        result.cutoff.as_str(),
        wall.as_secs_f64(),
        result.timing.engine.as_secs_f64()
    )?;
    if let Some(path) = replay {
        result.write_replay(&path)?;
        writeln!(out, "replay written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn check(files: &[PathBuf]) -> ExitCode {
    let mut failed = 0;
    for f in files {
        let outcome = ants::Replay::load(f)
            .map_err(|e| e.to_string())
            .and_then(|r| ants::check_replay(&r, false).map_err(|d| format!("diverges at {d}")));
        match outcome {
            Ok(rep) => println!(
                "{}: ok ({} turns, {} ants, {} food)",
                f.display(),
                rep.turns,
                rep.ants,
                rep.food
            ),
            Err(e) => {
                failed += 1;
                println!("{}: {e}", f.display());
            }
        }
    }
    println!("{} of {} replays match", files.len() - failed, files.len());
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn tournament(
    maps: &str,
    games: usize,
    bots: &[String],
    threads: Option<usize>,
    params: &Params,
) -> anyhow::Result<ExitCode> {
    for b in bots {
        make_bot(b)?;
    }
    let t = ants::tournament::Tournament {
        maps: ants::tournament::expand_maps(maps)?,
        bots: bots.to_vec(),
        games,
        base: params.config()?,
    };
    let factory = |name: &str| make_bot(name).ok();
    let records = t.run_with_progress(&factory, threads)?;
    let table = ants::tournament::standings(bots, &records);
    print!("{}", ants::tournament::render_standings(&table));
    Ok(ExitCode::SUCCESS)
}

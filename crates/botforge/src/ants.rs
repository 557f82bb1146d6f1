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
    /// Play seeded games in parallel and print a table per bot: games, wins (strictly highest
    /// score), draws (shared highest), losses, win %, points own:opponents', slowest turn,
    /// timeouts and crashes.
    ///
    /// Without `--opponent` the bots rotate over the seats (game i: seat j = bot (i+j) mod k,
    /// map (i div k) mod #maps); with `--opponent` every bot plays `--games` games against it
    /// on the same maps and seeds, with `--round-robin` every pair does. Game g (of a bot or
    /// pair) uses seed `--seed` + g.
    Tournament {
        #[command(flatten)]
        args: TournamentArgs,
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
        Command::CheckReplay { files } => Ok(check(&files)?),
        Command::Tournament { args, params } => tournament(&args, &params),
        Command::Bots => {
            for n in bot_names() {
                outln!("{n}")?;
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
    let map_name = map.map_or_else(|| "the bundled map".to_owned(), |p| p.display().to_string());
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
    for e in &entrants {
        if let ants::Entrant::Command(c) = e {
            procgroup::check_command(c).with_context(|| format!("bot 'cmd:{c}'"))?;
        }
    }
    let config = params.config()?;
    let started = Instant::now();
    let result = ants::run_game_with(&map, &config, entrants)
        .with_context(|| format!("cannot play on {map_name}"))?;
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

fn check(files: &[PathBuf]) -> std::io::Result<ExitCode> {
    let mut failed = 0;
    for f in files {
        let outcome = ants::Replay::load(f)
            .map_err(|e| e.to_string())
            .and_then(|r| ants::check_replay(&r, false).map_err(|d| format!("diverges at {d}")));
        match outcome {
            Ok(rep) => outln!(
                "{}: ok ({} turns, {} ants, {} food)",
                f.display(),
                rep.turns,
                rep.ants,
                rep.food
            )?,
            Err(e) => {
                failed += 1;
                outln!("{}: {e}", f.display())?;
            }
        }
    }
    outln!("{} of {} replays match", files.len() - failed, files.len())?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The arguments of `botforge ants tournament` besides the game parameters.
/// What `tournament` plays: maps, games, bots, schedule and outputs.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Maps: files, directories or `dir/pattern*.map`, comma separated.
    #[arg(long)]
    pub maps: String,
    /// Number of games (per bot with `--opponent`, per pair with `--round-robin`).
    #[arg(long, default_value_t = 10, value_parser = crate::limits::games)]
    pub games: usize,
    /// Bot names, comma separated (e.g. `thesis,thesis:aggressive,hunter`).
    #[arg(long, value_delimiter = ',', required = true)]
    pub bots: Vec<String>,
    /// Play every bot against this one instead of rotating the bots.
    #[arg(long, conflicts_with = "round_robin")]
    pub opponent: Option<String>,
    /// Play every pair of bots `--games` games instead of rotating the bots.
    #[arg(long)]
    pub round_robin: bool,
    /// Also write every seat of every game as CSV to this file (atomically).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = crate::limits::threads)]
    pub threads: Option<usize>,
}

fn tournament(a: &TournamentArgs, params: &Params) -> anyhow::Result<ExitCode> {
    for b in a.bots.iter().chain(&a.opponent) {
        make_bot(b)?;
    }
    let t = ants::tournament::Tournament {
        maps: ants::tournament::expand_maps(&a.maps)?,
        bots: a.bots.clone(),
        games: a.games,
        base: params.config()?,
    };
    let factory = |name: &str| make_bot(name).ok();
    let schedule = match (&a.opponent, a.round_robin) {
        (Some(o), _) => ants::tournament::Schedule::Versus(o),
        (None, true) => ants::tournament::Schedule::RoundRobin,
        (None, false) => ants::tournament::Schedule::Rotation,
    };
    let records = t.run_with_progress(&factory, a.threads, schedule)?;
    let mut rows = a.bots.clone();
    rows.extend(a.opponent.clone());
    let table = ants::tournament::standings(&rows, &records);
    out!("{}", ants::tournament::render_standings(&table))?;
    if a.round_robin {
        out!("\n{}\n", ants::tournament::render_pairs(&a.bots, &records))?;
    }
    outln!(
        "{} games, {} turns, turntime {} ms, seeds {}..={}",
        records.len(),
        params.turns,
        params.turntime,
        records.iter().map(|r| r.seed).min().unwrap_or(params.seed),
        records.iter().map(|r| r.seed).max().unwrap_or(params.seed)
    )?;
    if let Some(path) = &a.csv {
        ants::tournament::write_csv(path, &records)?;
        outln!("games written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

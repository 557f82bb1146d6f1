//! `botforge economy …`: argument parsing and wiring for the `economy` crate.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};
use economy::experiment::{self, CASES, Config, Mode};
use economy::loader::{self, Loaded};
use economy::rating::Rating;
use economy::session::{Seat, Session, ThinkLimit};
use economy::{BOTS, PlayOptions};

/// Subcommands of `botforge economy`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal against bots: choose an activity by number, `n` for next round.
    Play(PlayArgs),
    /// Agent-vs-agent experiments of the thesis's Tab. 8.2, played by the arena.
    Experiment(ExperimentArgs),
    /// Trace one reproducible game: per round the prices and every bot's activity, gold and
    /// search depth, then the rounds each bot needed.
    Trace(TraceArgs),
    /// List the bots with their parameters.
    Bots,
}

/// A comma-separated list of bot specs of [`economy::BOTS`] (commas inside a spec's
/// parentheses do not split it), each checked when parsed.
#[derive(Clone, Debug)]
pub struct BotList(Vec<String>);

/// Parses and checks a [`BotList`].
fn bot_list(text: &str) -> Result<BotList, String> {
    let specs: Vec<String> = botspec::split_list(text)
        .into_iter()
        .map(str::to_owned)
        .collect();
    if specs.is_empty() {
        return Err("expected at least one bot".to_owned());
    }
    for spec in &specs {
        economy::build_bot(spec).map_err(|e| e.to_string())?;
    }
    Ok(BotList(specs))
}

/// Parses and checks one bot spec.
fn bot_spec(text: &str) -> Result<String, String> {
    economy::build_bot(text).map_err(|e| e.to_string())?;
    Ok(text.to_owned())
}

/// Which bots sit in a game: `--bots` or the thesis's eight with `--agent7` in the last
/// seat.
#[derive(Args, Debug)]
pub struct Seating {
    /// Bots in seat order, comma-separated specs (`botforge economy bots` lists them, e.g.
    /// `gold,game-analyzer(max_expansions=30)`); default: the thesis's eight, Agent0…Agent7.
    #[arg(long = "bots", visible_alias = "agents", value_name = "BOTS", value_parser = bot_list, conflicts_with = "agent7")]
    agents: Option<BotList>,
    /// The bot of the eighth seat (Agent7) when `--bots` is not given: the thesis's
    /// `game-analyzer`, or ours: `game-analyzer-plus`, `game-analyzer-planner`
    /// (docs/economy.md, "beyond the thesis").
    #[arg(long, value_parser = bot_spec)]
    agent7: Option<String>,
}

impl Seating {
    /// The bots' specs in seat order.
    fn specs(&self) -> Vec<String> {
        if let Some(BotList(specs)) = &self.agents {
            return specs.clone();
        }
        let mut specs: Vec<String> = Rating::ALL
            .iter()
            .map(|r| r.bot_name().to_owned())
            .collect();
        if let Some(a7) = &self.agent7 {
            specs[7].clone_from(a7);
        }
        specs
    }
}

/// Arguments of `botforge economy play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// World file (TOML); default: the bundled example world.
    #[arg(long)]
    world: Option<PathBuf>,
    /// Bots, comma-separated specs (default: the eight of the thesis, Agent0…Agent7;
    /// `botforge economy bots` lists them all).
    #[arg(long = "bots", visible_alias = "agents", value_name = "BOTS", value_parser = bot_list)]
    agents: Option<BotList>,
    /// Longest thinking time per round in ms (a human never waits longer).
    #[arg(long, default_value_t = 2000, value_parser = crate::limits::milliseconds)]
    round_ms: u64,
    /// Seed of the agents' random generators.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Override the gold goal.
    #[arg(long)]
    goal: Option<i64>,
    /// Fixed prices instead of the world's setting.
    #[arg(long)]
    fixed_prices: bool,
}

/// Arguments of `botforge economy experiment`.
#[derive(Args, Debug)]
pub struct ExperimentArgs {
    /// Run one case (0..7).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..8), conflicts_with = "all")]
    case: Option<u8>,
    /// Run all eight cases.
    #[arg(long)]
    all: bool,
    /// Games per case.
    #[arg(long, default_value_t = 100, value_parser = crate::limits::games_u32)]
    games: u32,
    /// Round time in ms (default: the case's 2000 or 20000).
    #[arg(long, conflicts_with = "expansions", value_parser = crate::limits::milliseconds)]
    round_ms: Option<u64>,
    /// Budget mode: exactly this many expansions per agent and round (reproducible).
    #[arg(long, value_parser = crate::limits::expansions)]
    expansions: Option<u64>,
    /// Games played concurrently (0 = one per core).
    #[arg(long, default_value_t = 1, value_parser = crate::limits::threads)]
    threads: usize,
    /// Base seed S (agent i of game g uses S + 256·g + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Round cap; unfinished agents are DNF.
    #[arg(long, default_value_t = 300)]
    max_rounds: u32,
    /// Also write one CSV row per (case, game, agent).
    #[arg(long)]
    csv: Option<PathBuf>,
    /// World file (default: the bundled example world).
    #[arg(long)]
    world: Option<PathBuf>,
    /// The bots.
    #[command(flatten)]
    seating: Seating,
}

/// Arguments of `botforge economy trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    /// The case (0..7): gold goal and price mode.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(0..8))]
    case: u8,
    /// Expansions per bot and round (the reproducible budget mode).
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::expansions)]
    expansions: u64,
    /// Base seed S (bot i of game g uses S + 256·g + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The game index g.
    #[arg(long, default_value_t = 0)]
    game: u32,
    /// Round cap.
    #[arg(long, default_value_t = 300)]
    max_rounds: u32,
    /// World file (default: the bundled example world).
    #[arg(long)]
    world: Option<PathBuf>,
    /// The bots.
    #[command(flatten)]
    seating: Seating,
}

/// Runs one `botforge economy` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Play(args) => play(&args),
        Command::Experiment(args) => run_experiment(&args),
        Command::Trace(args) => trace(&args),
        Command::Bots => {
            out!("{}", BOTS.describe())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn load(path: Option<&PathBuf>) -> anyhow::Result<Loaded> {
    let loaded = match path {
        Some(p) => loader::load_file(p)?,
        None => loader::load_str(economy::EXAMPLE_WORLD, "data/economy/beispielwelt.toml")?,
    };
    for w in &loaded.warnings {
        eprintln!("warning: {w}");
    }
    Ok(loaded)
}

fn play(args: &PlayArgs) -> anyhow::Result<ExitCode> {
    let mut world = load(args.world.as_ref())?.world;
    if let Some(g) = args.goal {
        world = world.with_gold_goal(g);
    }
    if args.fixed_prices {
        world = world.with_variable_prices(false);
    }
    let specs = match &args.agents {
        Some(BotList(specs)) => specs.clone(),
        None => Rating::ALL
            .iter()
            .map(|r| r.bot_name().to_owned())
            .collect(),
    };
    let mut seats = vec![("You".to_owned(), Seat::Human)];
    for (i, bot) in experiment::build_bots(&specs)?.into_iter().enumerate() {
        seats.push((format!("Agent{i}"), Seat::Bot(bot)));
    }
    let mut session = Session::new(Arc::new(world), seats, args.seed, 0);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = crate::stdout();
    while !session.game.is_over() {
        let deadline = Instant::now() + Duration::from_millis(args.round_ms);
        session.start_thinking(ThinkLimit {
            expansions: None,
            deadline: Some(deadline),
        });
        let view = session.game.view(Some(0));
        write!(out, "\n{}", view.render_text())?;
        let mut choice: Option<usize> = None;
        if session.game.players[0].finished {
            writeln!(
                out,
                "You reached the goal; press enter for the next round, q to quit."
            )?;
        } else {
            writeln!(out, "\nExecutable activities:")?;
            for (k, a) in view.executable.iter().enumerate() {
                writeln!(
                    out,
                    "  {:>2}  {:<22} {}  [{}]",
                    k + 1,
                    a.name,
                    a.effects,
                    a.preconditions
                )?;
            }
            writeln!(
                out,
                "Choose a number, then `n` (or an empty line) for the next round; `q` quits."
            )?;
        }
        loop {
            write!(out, "> ")?;
            out.flush()?;
            let Some(line) = lines.next() else {
                writeln!(out)?;
                return Ok(ExitCode::SUCCESS);
            };
            let line = line.context("reading stdin")?;
            match line.trim() {
                "q" | "quit" => return Ok(ExitCode::SUCCESS),
                "" | "n" | "next" => break,
                t => match t.parse::<usize>() {
                    Ok(k) if (1..=view.executable.len()).contains(&k) => {
                        let a = &view.executable[k - 1];
                        choice = Some(a.index);
                        writeln!(out, "selected {}", a.name)?;
                    }
                    _ => writeln!(out, "enter 1..{}, n or q", view.executable.len())?,
                },
            }
        }
        let report = session.finish_round(&[choice], true);
        for &p in &report.reached_goal {
            let pl = &session.game.players[p];
            writeln!(
                out,
                "*** {} reached the goal in {} rounds ***",
                pl.name, pl.round
            )?;
        }
    }
    write!(
        out,
        "\nGame over.\n{}",
        session.game.view(None).render_text()
    )?;
    Ok(ExitCode::SUCCESS)
}

fn run_experiment(args: &ExperimentArgs) -> anyhow::Result<ExitCode> {
    let cases: Vec<_> = match (args.case, args.all) {
        (Some(c), _) => vec![CASES[c as usize]],
        (None, true) => CASES.to_vec(),
        (None, false) => anyhow::bail!("choose --case 0..7 or --all"),
    };
    anyhow::ensure!(args.games >= 1, "--games must be at least 1");
    crate::check_output(args.csv.as_deref())?;
    // Loaded here for its warnings; the arena's games load it again.
    load(args.world.as_ref())?;
    let world = args
        .world
        .as_ref()
        .map_or_else(String::new, |p| p.to_string_lossy().into_owned());
    let mode = match args.expansions {
        Some(e) => Mode::Budget(e),
        None => Mode::Time(args.round_ms),
    };
    let config = Config {
        games: args.games,
        mode,
        threads: args.threads,
        seed: args.seed,
        max_rounds: args.max_rounds,
        progress: true,
        bots: args.seating.specs(),
    };
    let results = arena::games::economy::experiment(&world, &cases, &config)?;
    for r in &results {
        out!("{}", r.render())?;
    }
    if let Some(path) = &args.csv {
        experiment::write_csv(path, &results)
            .with_context(|| format!("writing {}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

fn trace(args: &TraceArgs) -> anyhow::Result<ExitCode> {
    use std::fmt::Write as _;
    let world = Arc::new(load(args.world.as_ref())?.world);
    let bots = experiment::build_bots(&args.seating.specs())?;
    let labels: Vec<String> = bots.iter().map(|b| b.label()).collect();
    let options = PlayOptions {
        case: CASES[usize::from(args.case)],
        mode: Mode::Budget(args.expansions),
        seed: args.seed,
        game: args.game,
        max_rounds: args.max_rounds,
    };
    let mut out = std::io::stdout().lock();
    let mut failed: Option<std::io::Error> = None;
    let outcome = economy::play_game_traced(&world, bots, &options, |session, report, prices| {
        let mut line = format!("r{:<3} p{prices:?}", report.round);
        for (p, a) in report.executed.iter().enumerate() {
            let name = a.map_or("-", |a| world.activities[a].name.as_str());
            let depth = session.last_decision(p).map_or(0, |d| d.depth_limit);
            let gold = session.game.players[p].state[economy::rules::GOLD_SLOT];
            let _ = write!(line, " | {p} {name} g{gold} d{depth}");
        }
        if failed.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(crate::stdout_error(e).into());
    }
    for (i, (rounds, label)) in outcome.rounds.iter().zip(&labels).enumerate() {
        match rounds {
            Some(r) => writeln!(out, "Agent{i} {label}: goal in {r} rounds"),
            None => writeln!(out, "Agent{i} {label}: goal not reached"),
        }
        .map_err(crate::stdout_error)?;
    }
    Ok(ExitCode::SUCCESS)
}

//! `botforge economy …`: argument parsing and wiring for the `economy` crate.

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::{Args, Subcommand};
use economy::experiment::{self, CASES, Config, Mode};
use economy::game::Controller;
use economy::loader::{self, Loaded};
use economy::rating::Rating;
use economy::session::{Session, ThinkLimit};

/// Subcommands of `botforge economy`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play in the terminal against agents: choose an activity by number, `n` for next round.
    Play(PlayArgs),
    /// Agent-vs-agent experiments of the thesis's Tab. 8.2.
    Experiment(ExperimentArgs),
}

/// Arguments of `botforge economy play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// World file (TOML); default: the bundled example world.
    #[arg(long)]
    world: Option<PathBuf>,
    /// Agent ratings, comma-separated (default: the eight of the thesis, Agent0…Agent7;
    /// `game-analyzer-plus` is ours, see docs/economy.md).
    #[arg(long, value_delimiter = ',')]
    agents: Option<Vec<Rating>>,
    /// Longest thinking time per round in ms (a human never waits longer).
    #[arg(long, default_value_t = 2000)]
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
    #[arg(long, conflicts_with = "expansions")]
    round_ms: Option<u64>,
    /// Budget mode: exactly this many expansions per agent and round (reproducible).
    #[arg(long)]
    expansions: Option<u64>,
    /// Games played concurrently.
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
    /// Rating of the eighth seat (Agent7): the thesis's `game-analyzer`, or ours:
    /// `game-analyzer-plus`, `game-analyzer-planner` (docs/economy.md, "beyond the thesis").
    #[arg(long, default_value_t = Rating::GameAnalyzer)]
    agent7: Rating,
}

/// Runs one `botforge economy` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Play(args) => play(&args),
        Command::Experiment(args) => run_experiment(&args),
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
    let ratings = args.agents.clone().unwrap_or_else(|| Rating::ALL.to_vec());
    let mut players = vec![("You".to_owned(), Controller::Human)];
    players.extend(
        ratings
            .iter()
            .enumerate()
            .map(|(i, r)| (format!("Agent{i}"), Controller::Agent(*r))),
    );
    let mut session = Session::new(Arc::new(world), &players, args.seed, 0);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut out = std::io::stdout().lock();
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
    let world = Arc::new(load(args.world.as_ref())?.world);
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
        caps: Vec::new(),
        ratings: {
            let mut r = Rating::ALL.to_vec();
            r[7] = args.agent7;
            r
        },
    };
    let results = experiment::run(&world, &cases, &config)?;
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

//! `botforge wumpus …`: argument parsing and wiring for the `wumpus` crate.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use clap::{Args, Subcommand};
use wumpus::agents::{BOTS, EntrantSpec};
use wumpus::eval::EvalConfig;
use wumpus::protocol::{Timeouts, serve};
use wumpus::render::{LEGEND, render};
use wumpus::{Game, Preset, World, generate, play_game, play_game_traced};

/// Subcommands of `botforge wumpus`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play one game and print the result (optionally every step).
    Play(PlayArgs),
    /// Evaluate agents on N seeded worlds (spec §5), played by the arena.
    Eval(EvalArgs),
    /// List the bots (the names and parameters specs accept).
    Bots,
    /// Run a bot as a line-protocol process on stdin/stdout.
    #[command(name = "bot", visible_alias = "agent")]
    Agent {
        /// Bot spec, e.g. `champion` or `champion(win_chance=0.5)` (see `botforge wumpus bots`).
        spec: String,
    },
    /// Generate a world and print it (or write it to a file).
    Generate {
        /// World seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Preset: small, medium or large.
        #[arg(long, default_value = "medium")]
        preset: Preset,
        /// Output file (written atomically); stdout if absent.
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// Options of timeouts for external agents.
#[derive(Args, Debug, Clone, Copy)]
pub struct TimeoutArgs {
    /// Per-action reply limit for external agents, in ms.
    #[arg(long, default_value_t = 1000)]
    reply_ms: u64,
    /// Limit for the first reply of external agents, in ms.
    #[arg(long, default_value_t = 5000)]
    first_reply_ms: u64,
}

impl TimeoutArgs {
    fn timeouts(self) -> Timeouts {
        Timeouts {
            first: Duration::from_millis(self.first_reply_ms),
            reply: Duration::from_millis(self.reply_ms),
        }
    }
}

/// Arguments of `botforge wumpus play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// World file; played with game seed `--seed`.
    #[arg(long)]
    world: Option<PathBuf>,
    /// World seed (generated world) or game seed (with --world).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Preset for generated worlds: small, medium or large.
    #[arg(long, default_value = "medium")]
    preset: Preset,
    /// What plays: a bot spec (`champion`, `champion(win_chance=0.5)`; see `botforge wumpus
    /// bots`), `cmd:COMMAND` or `NAME=cmd:COMMAND`.
    #[arg(
        long = "bot",
        visible_alias = "agent",
        value_name = "BOT",
        default_value = "champion"
    )]
    agent: String,
    /// Print the board and the agent's knowledge after every step.
    #[arg(long)]
    show: bool,
    /// Write the game trace (JSON) to this file.
    #[arg(long)]
    trace: Option<PathBuf>,
    #[command(flatten)]
    timeouts: TimeoutArgs,
}

/// Arguments of `botforge wumpus eval`.
#[derive(Args, Debug)]
pub struct EvalArgs {
    /// Number of worlds.
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::games_u32)]
    worlds: u32,
    /// First seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Preset: small, medium or large.
    #[arg(long, default_value = "medium")]
    preset: Preset,
    /// Comma-separated specs: bots (`champion(win_chance=0.5)`), `cmd:COMMAND`,
    /// `NAME=cmd:COMMAND`.
    #[arg(
        long = "bots",
        visible_alias = "agents",
        value_name = "BOTS",
        default_value = "reference,champion"
    )]
    agents: String,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0, value_parser = crate::limits::threads)]
    threads: usize,
    /// Also write one CSV row per (agent, world).
    #[arg(long)]
    csv: Option<PathBuf>,
    #[command(flatten)]
    timeouts: TimeoutArgs,
}

/// Runs one `botforge wumpus` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Play(a) => run_play(&a),
        Command::Eval(a) => run_eval(&a),
        Command::Bots => {
            out!("{}", BOTS.describe())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Agent { spec } => {
            let mut agent = BOTS.build(&spec, ())?;
            let stdin = std::io::stdin().lock();
            serve(agent.as_mut(), stdin, crate::stdout()).context("protocol session failed")?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Generate { seed, preset, out } => {
            let w = generate(&preset.params(seed))?;
            match out {
                Some(p) => w.save(&p)?,
                None => out!("{}", w.to_text())?,
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn run_play(a: &PlayArgs) -> anyhow::Result<ExitCode> {
    crate::check_output(a.trace.as_deref())?;
    let world = match &a.world {
        Some(p) => World::load(p)?,
        None => generate(&a.preset.params(a.seed))?,
    };
    let spec = EntrantSpec::parse(&a.agent)?;
    let mut player = spec.entrant(a.timeouts.timeouts())?;
    let mut game = Game::new(&world, a.seed);
    let (result, error) = if let Some(path) = &a.trace {
        let t = play_game_traced(&mut game, player.as_mut(), a.seed, spec.name());
        t.save_json(path)
            .with_context(|| format!("writing trace {}", path.display()))?;
        (t.result, t.error)
    } else {
        let show = a.show;
        let mut out = std::io::stdout().lock();
        if show {
            let _ = writeln!(out, "{LEGEND}");
        }
        let o = play_game(&mut game, player.as_mut(), |g, act, p| {
            if show {
                let k = p.knowledge();
                let head = act.map_or_else(|| "start".to_string(), |x| x.name().to_string());
                let obs = g.observation();
                let _ = writeln!(
                    out,
                    "turn {} {head} -> {} {}",
                    obs.turn,
                    obs.effect.name(),
                    wumpus::protocol::format_percept(obs)
                );
                let _ = write!(out, "{}", render(g, k.as_ref()));
            }
        });
        (o.result, o.error)
    };
    if let Some(e) = error {
        eprintln!("agent error: {e}");
    }
    outln!("{}", wumpus::protocol::format_end(&result))?;
    Ok(ExitCode::SUCCESS)
}

fn run_eval(a: &EvalArgs) -> anyhow::Result<ExitCode> {
    crate::check_output(a.csv.as_deref())?;
    let specs: Vec<String> = botspec::split_list(&a.agents)
        .into_iter()
        .map(str::to_owned)
        .collect();
    anyhow::ensure!(!specs.is_empty(), "--agents is empty");
    let cfg = EvalConfig {
        worlds: a.worlds,
        seed: a.seed,
        preset: a.preset,
    };
    let t = std::time::Instant::now();
    let rep = arena::games::wumpus::evaluate(&cfg, &specs, a.timeouts.timeouts(), a.threads)?;
    out!("{}", rep.table())?;
    let names: Vec<String> = rep.agents.iter().map(|s| s.name.clone()).collect();
    for r in rep.records.iter().filter(|r| r.error.is_some()) {
        eprintln!(
            "seed {} agent {}: {}",
            r.seed,
            names.get(r.agent).map_or("?", String::as_str),
            r.error.as_deref().unwrap_or("")
        );
    }
    eprintln!("elapsed {:.2}s", t.elapsed().as_secs_f64());
    if let Some(p) = &a.csv {
        rep.write_csv(p, &names)?;
    }
    Ok(ExitCode::SUCCESS)
}

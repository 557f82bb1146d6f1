//! `botforge speed …`: argument parsing and wiring for the `speed` crate.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;
use clap::Subcommand;
use speed::Bot;
use speed::ai::{BOTS, DEFAULT_LINEUP};
use speed::eval::{EvalConfig, summarize};
use speed::golden::{GoldenWriter, check_file};

/// Subcommands of `botforge speed`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the bots with their parameters (the names and keys every spe_ed spec uses).
    Bots,
    /// Play one game on a spe_ed server over websockets.
    Online(crate::speed_net::OnlineArgs),
    /// Run a server compatible with the official one.
    Serve(crate::speed_net::ServeArgs),
    /// Replay golden JSON-lines logs and report the first divergence per file.
    CheckLog {
        /// Log files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play an offline game in the terminal. With an external program among the players
    /// (`cmd:COMMAND` or `NAME=cmd:COMMAND`) the game runs on a loopback server and the
    /// program is started with `URL`, `KEY` and `TIME_URL` like an informatiCup client.
    Play {
        /// Players: bot specs (`botforge speed bots`) or external programs, e.g.
        /// `champion,mine=cmd:python3 client.py`.
        #[arg(
            long = "bots",
            visible_alias = "ais",
            value_name = "BOTS",
            default_value = "champion,pathfinding-search-tree(1,50,3,0.75,10)"
        )]
        ais: String,
        /// Add a human player (keys r/l/u/d/n, one line per round).
        #[arg(long)]
        human: bool,
        /// Seed of the setup and the AIs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Per-move budget of the AIs in milliseconds.
        #[arg(long, default_value_t = 200, value_parser = crate::limits::milliseconds)]
        budget_ms: u64,
        /// Write the game in the golden JSON-lines format to this file.
        #[arg(long)]
        log: Option<PathBuf>,
        /// Print only the final board (AI-only games).
        #[arg(long)]
        quiet: bool,
        /// Shortest round time-out in whole seconds (games with external programs).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=3600))]
        min_round_secs: u64,
        /// Longest round time-out in whole seconds (games with external programs).
        #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(u64).range(1..=3600))]
        max_round_secs: u64,
        /// Time external programs have to connect, in milliseconds.
        #[arg(long, default_value_t = 10_000, value_parser = crate::limits::milliseconds)]
        connect_timeout_ms: u64,
    },
    /// Headless seeded evaluation series, stored game by game in the arena results
    /// database (an interrupted series resumes when run again).
    Eval {
        /// Number of games.
        #[arg(long, default_value_t = 100, value_parser = crate::limits::games)]
        games: usize,
        /// Bot specs, e.g. `champion,pathfinding-search-tree(max_speed=1,paths=50)`;
        /// default: all team bots and champion. A spec may be listed more than once.
        #[arg(long = "bots", visible_alias = "ais", value_name = "BOTS")]
        ais: Option<String>,
        /// Players per game (2 … 6); default: the number of bots.
        #[arg(long)]
        players: Option<usize>,
        /// Worker threads.
        #[arg(long, default_value_t = 1, value_parser = crate::limits::threads)]
        threads: usize,
        /// Results database (the arena's SQLite schema).
        #[arg(long, default_value = "botforge.db")]
        db: PathBuf,
        /// Run name the games are stored under.
        #[arg(long, default_value = "speed-eval")]
        run: String,
        /// Play at most this many new games (the rest is left for a resumed series).
        #[arg(long)]
        limit: Option<usize>,
        /// Hide the progress bar.
        #[arg(long)]
        quiet: bool,
        /// Base seed of the series.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Per-move budget in milliseconds.
        #[arg(long, default_value_t = 100, value_parser = crate::limits::milliseconds)]
        budget_ms: u64,
        /// Fixed board size `WxH` (e.g. `80x80`); default: random 41…80 per side.
        #[arg(long, value_parser = parse_board)]
        board: Option<(i32, i32)>,
    },
}

/// Runs one `botforge speed` subcommand.
pub fn run(cmd: Command) -> anyhow::Result<ExitCode> {
    match cmd {
        Command::Bots => {
            out!("{}", BOTS.describe())?;
            Ok(ExitCode::SUCCESS)
        }
        Command::Online(args) => crate::speed_net::online(args),
        Command::Serve(args) => crate::speed_net::serve(args),
        Command::CheckLog { files } => check_logs(&files),
        Command::Play {
            ais,
            human,
            seed,
            budget_ms,
            log,
            quiet,
            min_round_secs,
            max_round_secs,
            connect_timeout_ms,
        } => {
            crate::check_output(log.as_deref())?;
            let specs = split_specs(&ais);
            if specs.iter().any(|s| speed::net::hosted::is_external(s)) {
                anyhow::ensure!(!human, "--human cannot be combined with external programs");
                anyhow::ensure!(
                    min_round_secs <= max_round_secs,
                    "--min-round-secs must not exceed --max-round-secs"
                );
                let cfg = speed::net::hosted::HostedConfig {
                    seed,
                    round_secs: (min_round_secs, max_round_secs),
                    grace: Duration::from_secs(2),
                    ai_budget: Duration::from_millis(budget_ms),
                    connect_timeout: Duration::from_millis(connect_timeout_ms),
                    log,
                };
                return play_hosted(&specs, &cfg);
            }
            play(&specs, human, seed, budget_ms, log, quiet)
        }
        Command::Eval {
            games,
            ais,
            players,
            threads,
            db,
            run,
            limit,
            quiet,
            seed,
            budget_ms,
            board,
        } => {
            let ais: Vec<String> = ais.map_or_else(
                || DEFAULT_LINEUP.iter().map(|s| (*s).to_owned()).collect(),
                |a| split_specs(&a),
            );
            if let Some(s) = ais.iter().find(|s| speed::net::hosted::is_external(s)) {
                anyhow::bail!(
                    "--bots: `{s}` is an external program; they play in `speed play` and in \
                     arena configs (game = \"speed\"), not in `speed eval`"
                );
            }
            let cfg = EvalConfig {
                games,
                ais,
                players,
                seed,
                budget: Duration::from_millis(budget_ms),
                board,
            };
            eval(cfg, threads, &db, &run, limit, quiet)
        }
    }
}

/// `botforge speed eval`: the series through the arena runner and store, then the table.
fn eval(
    cfg: EvalConfig,
    threads: usize,
    db: &Path,
    run: &str,
    limit: Option<usize>,
    quiet: bool,
) -> anyhow::Result<ExitCode> {
    let player = arena::games::speed::EvalPlayer::new(cfg)?;
    let mut store = arena::Store::open(db)?;
    let batch = arena::runner::Batch {
        run: run.to_owned(),
        game: "speed".to_owned(),
        threads: threads.max(1),
        replays: None,
    };
    let options = arena::RunOptions {
        progress: !quiet,
        stop: None,
        limit,
        ..arena::RunOptions::default()
    };
    let summary =
        arena::runner::run_jobs(&batch, player.jobs(run)?, &player, &mut store, &options)?;
    for (key, err) in &summary.failed {
        eprintln!("failed: {key}: {err}");
    }
    let cfg = player.config();
    let results = player.results(&store, run)?;
    outln!(
        "{} of {} games, seed {}, budget {} ms, stored in {} (run {run:?}: {} played now, {} already stored)",
        results.len(),
        cfg.games,
        cfg.seed,
        cfg.budget.as_millis(),
        db.display(),
        summary.played,
        summary.skipped
    )?;
    outln!(
        "{:<45} {:>6} {:>6} {:>7} {:>6} {:>9} {:>9} {:>9} {:>6}",
        "bot",
        "games",
        "wins",
        "win%",
        "draws",
        "p50 ms",
        "p99 ms",
        "max ms",
        "late"
    )?;
    for s in summarize(cfg, &results) {
        let rate = if s.games == 0 {
            0.0
        } else {
            100.0 * s.wins as f64 / s.games as f64
        };
        let ms = |us: u64| us as f64 / 1000.0;
        outln!(
            "{:<45} {:>6} {:>6} {:>6.1}% {:>6} {:>9.2} {:>9.2} {:>9.2} {:>6}",
            s.bot,
            s.games,
            s.wins,
            rate,
            s.draws,
            ms(s.time_us.0),
            ms(s.time_us.1),
            ms(s.time_us.2),
            s.late
        )?;
    }
    Ok(if summary.failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn parse_board(s: &str) -> Result<(i32, i32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WxH, got `{s}`"))?;
    let side = |v: &str| {
        v.trim()
            .parse::<i32>()
            .map_err(|_| format!("`{v}` is not a board side"))
    };
    Ok((side(w)?, side(h)?))
}

fn check_logs(files: &[PathBuf]) -> anyhow::Result<ExitCode> {
    let mut ok = true;
    for f in files {
        let report = check_file(f)?;
        match report.divergence {
            None => outln!(
                "{}: ok, {} transitions replayed exactly",
                f.display(),
                report.transitions
            )?,
            Some(d) if d.truncated => {
                ok = false;
                outln!(
                    "{}:{}: {} ({} transitions replayed exactly)",
                    f.display(),
                    d.line,
                    d.message,
                    report.transitions
                )?;
            }
            Some(d) => {
                ok = false;
                outln!(
                    "{}:{}: divergence in round {} → {} after {} matching transitions: {}",
                    f.display(),
                    d.line,
                    d.round,
                    d.round + 1,
                    report.transitions,
                    d.message
                )?;
            }
        }
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// `speed play` with external programs: one game on a loopback server.
fn play_hosted(
    specs: &[String],
    cfg: &speed::net::hosted::HostedConfig,
) -> anyhow::Result<ExitCode> {
    let game = speed::net::hosted::play(specs, cfg)?;
    let state = &game.summary.final_state;
    out!("{}", speed::render::render(state, None))?;
    for (p, seat) in state.players.iter().zip(&game.seats) {
        let alive = if p.active { "survived" } else { "dead" };
        match &seat.process {
            Some((process, stderr)) => {
                outln!(
                    "player {} ({}): {alive}, {}, process {process}",
                    p.id,
                    seat.name,
                    seat.end.as_str()
                )?;
                if !stderr.trim().is_empty() {
                    eprintln!(
                        "player {} ({}) stderr:\n{}",
                        p.id,
                        seat.name,
                        stderr.trim_end()
                    );
                }
            }
            None => outln!("player {} ({}): {alive}", p.id, seat.name)?,
        }
    }
    match state.winner() {
        Some(w) => outln!("winner: player {w} after {} rounds", game.summary.rounds)?,
        None => outln!("draw after {} rounds", game.summary.rounds)?,
    }
    match (&game.summary.log, &cfg.log) {
        (Some(path), _) => outln!("game log written to {}", path.display())?,
        (None, Some(path)) => anyhow::bail!("the game log {} was not written", path.display()),
        (None, None) => {}
    }
    Ok(ExitCode::SUCCESS)
}

fn play(
    specs: &[String],
    human: bool,
    seed: u64,
    budget_ms: u64,
    log: Option<PathBuf>,
    quiet: bool,
) -> anyhow::Result<ExitCode> {
    let mut bots: Vec<Box<dyn Bot>> = Vec::new();
    if human {
        bots.push(Box::new(speed::human::HumanBot::new(
            std::io::BufReader::new(std::io::stdin()),
            std::io::stdout(),
        )));
    }
    for (k, s) in specs.iter().enumerate() {
        bots.push(BOTS.build(s, seed.wrapping_add(k as u64 + 1))?);
    }
    anyhow::ensure!(
        (2..=6).contains(&bots.len()),
        "a game needs 2 to 6 players, got {}",
        bots.len()
    );
    let mut state = speed::engine::seeded_setup(seed, bots.len());
    let names: Vec<(u8, String)> = state
        .players
        .iter()
        .map(|p| p.id)
        .zip(bots.iter().map(|b| b.name()))
        .collect();
    let mut writer = GoldenWriter::new(format!("play-seed-{seed}"), names.clone());
    let budget = if human {
        Duration::from_hours(24)
    } else {
        Duration::from_millis(budget_ms)
    };
    let show = !human && !quiet;
    speed::play_game(&mut state, &mut bots, budget, |s, answers| {
        writer.round(s, answers);
        if show {
            let _ = out!("{}", speed::render::render(s, None));
            let _ = std::io::stdout().flush();
        }
    });
    writer.final_state(&state);
    out!("{}", speed::render::render(&state, None))?;
    match state.winner() {
        Some(w) => {
            let name = names
                .iter()
                .find(|(id, _)| *id == w)
                .map_or("?", |(_, n)| n.as_str());
            outln!(
                "winner: player {w} ({name}) after {} rounds",
                state.round - 1
            )?;
        }
        None => outln!("draw after {} rounds", state.round - 1)?,
    }
    if let Some(path) = log {
        writer
            .finish(&path)
            .with_context(|| format!("writing {}", path.display()))?;
        outln!("game log written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The specs of a `--bots`/`--fill` list ([`botspec::split_list`]), owned.
pub(crate) fn split_specs(list: &str) -> Vec<String> {
    botspec::split_list(list)
        .into_iter()
        .map(str::to_owned)
        .collect()
}

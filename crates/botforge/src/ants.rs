//! `botforge ants …`: argument parsing and wiring for the `ants` crate.

use std::io::{BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use crate::ants_bots::{describe, make_bot, make_entrant};

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
    /// Scenario mode, as the official engine's `--scenario`: the map's ant (`a`..`j`) and
    /// food (`*`) characters are placed at turn 0 instead of one ant per hill.
    #[arg(long)]
    scenario: bool,
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
            scenario: self.scenario,
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
        /// Bots in player order: a registered NAME, `cmd:SHELL COMMAND`, or
        /// `NAME=cmd:SHELL COMMAND` (an external program shown as NAME).
        bots: Vec<String>,
    },
    /// Run a registered in-process bot as a protocol process on stdin/stdout.
    Bot {
        /// Bot spec (see `botforge ants bots`), e.g. `hunter` or `champion(max_turn_ms=120)`.
        name: String,
        /// Profile of the `thesis` bot: a bundled profile name or a TOML file.
        #[arg(long)]
        profile: Option<String>,
    },
    /// Compare a bot with a recorded player: the bot sees, turn by turn, what the player saw
    /// in each replay, and every order is compared with the player's move. Ants near an
    /// enemy are split by situation (fight, escape, free) and local balance; where the moves
    /// differ, the table counts who ended closer to the enemy. For `xathis-postmortem`,
    /// `xathis-style` and `champion` a second table splits the comparison by the pipeline step that decided
    /// the bot's move.
    Agree {
        /// The bot to compare: a registered name or spec, e.g. `xathis-style(fight_first=true)`.
        #[arg(long)]
        bot: String,
        /// The recorded player's name in the replays (replays without it are skipped).
        #[arg(long)]
        player: String,
        /// Replay files or directories (every `*.replay` below).
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// What replays show per player: one line per game (result, ants alive, food gathered,
    /// ants lost (on the own side, for nothing: no enemy ant died within 6 steps in the same
    /// turn, and of those the ones outnumbered within the view radius) and share of the map
    /// in sight at turns 50/100/200/300, hills lost, enemy hills razed, first
    /// contact), then the means per bot name (hills lost and razed also by turn 300). Files or
    /// directories (every `*.replay` below).
    /// With `--team`, a last table counts the games whose top score a seat of the team held.
    Analyze {
        /// Replay files or directories.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// A player name that belongs to the team (repeat for every seat name, e.g.
        /// `--team champion --team "champion(margin_ms=61)"`): the games whose top score
        /// only team seats hold, the games they share it with another seat, and points,
        /// hills lost, enemy hills razed and eliminated seats per seat of the team and of the
        /// others.
        #[arg(long)]
        team: Vec<String>,
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
        Command::Analyze { paths, team } => analyze(&paths, &team),
        Command::Agree { bot, player, paths } => agree(&bot, &player, &paths),
        Command::Tournament { args, params } => tournament(&args, &params),
        Command::Bots => {
            outln!("{}", describe().trim_end())?;
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
        .map(|b| make_entrant(b))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for e in &entrants {
        if let ants::Entrant::Command(c) = e {
            procgroup::check_command(c).with_context(|| format!("bot 'cmd:{c}'"))?;
        }
    }
    let config = params.config()?;
    let started = Instant::now();
    let result = ants::play_game(&map, &config, entrants)
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

/// Replay files named by `paths` (directories: every `*.replay` below, in name order).
fn replay_files(paths: &[PathBuf]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .with_context(|| format!("cannot read the directory {}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "replay"))
                .collect();
            found.sort_by_key(|f| natural_key(f));
            out.extend(found);
        } else {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// Sorts `game-2` before `game-10`: the file name with its digits as a number.
fn natural_key(path: &std::path::Path) -> (String, u64) {
    let name = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let digits: String = name.chars().filter(char::is_ascii_digit).collect();
    let letters: String = name.chars().filter(|c| !c.is_ascii_digit()).collect();
    (letters, digits.parse().unwrap_or(0))
}

fn agree(spec: &str, player: &str, paths: &[PathBuf]) -> anyhow::Result<ExitCode> {
    use ants::agreement::{Agreement, Balance, Situation, Tally, agreement};
    let files = replay_files(paths)?;
    anyhow::ensure!(!files.is_empty(), "no replay files found");
    make_bot(spec)?;
    let mut total = Agreement::default();
    let mut games = 0;
    for f in &files {
        let replay = ants::Replay::load(f)?;
        let Some(seat) = replay.playernames.iter().position(|n| n == player) else {
            continue;
        };
        let mut bot = make_bot(spec)?;
        let a =
            agreement(&replay, seat, bot.as_mut()).with_context(|| format!("{}", f.display()))?;
        total.add(&a);
        games += 1;
    }
    anyhow::ensure!(games > 0, "no replay has a player named `{player}`");
    let mut out = std::io::stdout().lock();
    writeln!(out, "`{spec}` against `{player}` in {games} replays")?;
    writeln!(out)?;
    writeln!(
        out,
        "| ants | balance | positions | same move % | bot closer | {player} closer | bot stays % | {player} stays % |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|---|---|")?;
    let row = |out: &mut std::io::StdoutLock, what: &str, bal: &str, t: &Tally| {
        writeln!(
            out,
            "| {what} | {bal} | {} | {:.1} | {} | {} | {:.1} | {:.1} |",
            t.positions,
            100.0 * t.rate(),
            t.bot_closer,
            t.player_closer,
            100.0 * t.bot_stay_rate(),
            100.0 * t.player_stay_rate()
        )
    };
    for (s, sname) in [
        (Situation::Fight, "fight"),
        (Situation::Escape, "escape"),
        (Situation::Free, "near, safe"),
    ] {
        for (b, bname) in [
            (Balance::Outnumbered, "outnumbered"),
            (Balance::Even, "even"),
            (Balance::Superior, "superior"),
        ] {
            row(&mut out, sname, bname, total.get(s, b))?;
        }
    }
    row(&mut out, "near an enemy", "all", &total.near_total())?;
    row(&mut out, "all ants", "all", &total.all)?;
    if !total.by_step.is_empty() {
        let mut steps = total.by_step.clone();
        steps.sort_by_key(|(_, t)| std::cmp::Reverse(t.all.positions));
        writeln!(out)?;
        writeln!(out, "By the step of the bot that decided the move:")?;
        writeln!(out)?;
        writeln!(
            out,
            "| step | positions | same move % | near an enemy | same move % | bot closer | {player} closer | bot stays % (near) | {player} stays % (near) |"
        )?;
        writeln!(out, "|---|---|---|---|---|---|---|---|---|")?;
        for (name, t) in steps {
            writeln!(
                out,
                "| {name} | {} | {:.1} | {} | {:.1} | {} | {} | {:.1} ({:.1}) | {:.1} ({:.1}) |",
                t.all.positions,
                100.0 * t.all.rate(),
                t.near.positions,
                100.0 * t.near.rate(),
                t.near.bot_closer,
                t.near.player_closer,
                100.0 * t.all.bot_stay_rate(),
                100.0 * t.near.bot_stay_rate(),
                100.0 * t.all.player_stay_rate(),
                100.0 * t.near.player_stay_rate()
            )?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn analyze(paths: &[PathBuf], team: &[String]) -> anyhow::Result<ExitCode> {
    use ants::analysis::{SAMPLE_TURNS, SeatStats, TeamTally};
    let files = replay_files(paths)?;
    anyhow::ensure!(!files.is_empty(), "no replay files found");
    let mut out = std::io::stdout().lock();
    let mut per_bot: Vec<(String, Vec<SeatStats>)> = Vec::new();
    let mut tally = TeamTally::default();
    let t = SAMPLE_TURNS;
    writeln!(
        out,
        "| game | player | result | score | alive {t:?} | food | on own side | own side's taken by enemies | lost | lost on own side | lost for nothing | … outnumbered | in sight % | hills lost at | hills razed at | first contact |"
    )?;
    writeln!(
        out,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    )?;
    for f in &files {
        let replay = ants::Replay::load(f)?;
        let game = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let seats = ants::analysis::analyze(&replay);
        tally.add(&seats, |n| team.iter().any(|t| t == n));
        for s in seats {
            let pct: Vec<String> = s
                .vision
                .iter()
                .map(|v| format!("{:.0}", 100.0 * v))
                .collect();
            writeln!(
                out,
                "| {game} | {} | {} | {} | {:?} | {:?} | {:?} | {:?} | {:?} | {:?} | {:?} | {:?} | {} | {:?} | {:?} | {} |",
                s.name,
                s.result,
                s.score,
                s.alive,
                s.food,
                s.food_home,
                s.food_conceded,
                s.lost,
                s.lost_home,
                s.lost_free,
                s.lost_outnumbered,
                pct.join("/"),
                s.hills_lost,
                s.hills_razed,
                s.first_contact.map_or("-".into(), |t| t.to_string())
            )?;
            match per_bot.iter_mut().find(|(n, _)| *n == s.name) {
                Some((_, v)) => v.push(s),
                None => per_bot.push((s.name.clone(), vec![s])),
            }
        }
    }
    writeln!(
        out,
        "\nMeans per bot (seats; turns {t:?}; a game that ended earlier counts 0 alive):\n"
    )?;
    writeln!(
        out,
        "| bot | seats | W | D | L | alive | food | on own side | own side's taken by enemies | lost | lost on own side | lost for nothing | … outnumbered | in sight % | hills lost per seat (by turn {}) | hills razed per seat (by turn {}) |",
        t[3], t[3]
    )?;
    writeln!(
        out,
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    )?;
    for (name, seats) in &per_bot {
        let k = seats.len() as f64;
        let mean = |f: &dyn Fn(&SeatStats) -> f64| seats.iter().map(f).sum::<f64>() / k;
        let fmt4 = |f: &dyn Fn(&SeatStats, usize) -> f64, digits: usize| {
            (0..4)
                .map(|i| format!("{:.*}", digits, mean(&|s| f(s, i))))
                .collect::<Vec<_>>()
                .join(" / ")
        };
        let count = |c: char| seats.iter().filter(|s| s.result == c).count();
        let by_last_sample = |turns: &[u32]| turns.iter().filter(|&&r| r <= t[3]).count() as f64;
        writeln!(
            out,
            "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} ({:.2}) | {:.2} ({:.2}) |",
            seats.len(),
            count('W'),
            count('D'),
            count('L'),
            fmt4(&|s, i| f64::from(s.alive[i]), 1),
            fmt4(&|s, i| f64::from(s.food[i]), 1),
            fmt4(&|s, i| f64::from(s.food_home[i]), 1),
            fmt4(&|s, i| f64::from(s.food_conceded[i]), 1),
            fmt4(&|s, i| f64::from(s.lost[i]), 1),
            fmt4(&|s, i| f64::from(s.lost_home[i]), 1),
            fmt4(&|s, i| f64::from(s.lost_free[i]), 1),
            fmt4(&|s, i| f64::from(s.lost_outnumbered[i]), 1),
            fmt4(&|s, i| 100.0 * s.vision[i], 1),
            mean(&|s| s.hills_lost.len() as f64),
            mean(&|s| by_last_sample(&s.hills_lost)),
            mean(&|s| s.hills_razed.len() as f64),
            mean(&|s| by_last_sample(&s.hills_razed)),
        )?;
    }
    front_table(&mut out, &per_bot)?;
    if !team.is_empty() {
        let unknown: Vec<&String> = team
            .iter()
            .filter(|t| !per_bot.iter().any(|(n, _)| n == *t))
            .collect();
        if unknown.len() == team.len() {
            anyhow::bail!(
                "--team {} names no player of these replays",
                team.iter()
                    .map(|t| format!("`{t}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
        for t in unknown {
            eprintln!("warning: --team `{t}` names no player of these replays");
        }
        team_table(&mut out, team, &tally)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The `--team` table of `ants analyze` (see [`ants::analysis::TeamTally`]).
fn team_table(
    out: &mut impl Write,
    team: &[String],
    t: &ants::analysis::TeamTally,
) -> std::io::Result<()> {
    let per_seat = |x: f64, k: usize| x / f64::from(t.seats[k].max(1));
    let pct = |x: u32| 100.0 * f64::from(x) / f64::from(t.games.max(1));
    writeln!(
        out,
        "\nTeam {} against the other seats ({} games; {} more left out for a timeout, crash or invalid line):\n",
        team.join(" + "),
        t.games,
        t.faulted
    )?;
    writeln!(
        out,
        "| top score: team only | shared with others | not the team's | points per seat: team / others | hills lost per seat | hills razed per seat | seats eliminated |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|---|")?;
    writeln!(
        out,
        "| {} ({:.1} %) | {} ({:.1} %) | {} | {:.2} / {:.2} | {:.2} / {:.2} | {:.2} / {:.2} | {} of {} / {} of {} |",
        t.top,
        pct(t.top),
        t.top_shared,
        pct(t.top_shared),
        t.games - t.top - t.top_shared,
        per_seat(t.points[0] as f64, 0),
        per_seat(t.points[1] as f64, 1),
        per_seat(f64::from(t.hills_lost[0]), 0),
        per_seat(f64::from(t.hills_lost[1]), 1),
        per_seat(f64::from(t.hills_razed[0]), 0),
        per_seat(f64::from(t.hills_razed[1]), 1),
        t.eliminated[0],
        t.seats[0],
        t.eliminated[1],
        t.seats[1],
    )
}

/// The means table of [`ants::analysis::SeatStats::front`]: per bot and local balance, the
/// ants near the front per seat and the shares that died soon, stepped away and held.
fn front_table(
    out: &mut impl Write,
    per_bot: &[(String, Vec<ants::analysis::SeatStats>)],
) -> std::io::Result<()> {
    use ants::analysis::{
        BALANCES, FRONT_EVERY, FRONT_HORIZON, FRONT_STEPS, FRONT_TURNS, FrontCounts,
    };
    writeln!(
        out,
        "\nAnts near the front (an enemy ant {FRONT_STEPS} rows plus columns away or fewer) at every \
         {FRONT_EVERY}th turn of {}–{}, by the balance within the view radius:\n",
        FRONT_TURNS.start(),
        FRONT_TURNS.end()
    )?;
    writeln!(
        out,
        "| bot | balance | ants per seat | died within {FRONT_HORIZON} turns % | stepped away % | held % |"
    )?;
    writeln!(out, "|---|---|---|---|---|---|")?;
    for (name, seats) in per_bot {
        for (b, balance) in BALANCES.iter().enumerate() {
            let sum = seats.iter().fold(FrontCounts::default(), |acc, s| {
                let c = s.front[b];
                FrontCounts {
                    ants: acc.ants + c.ants,
                    died: acc.died + c.died,
                    away: acc.away + c.away,
                    held: acc.held + c.held,
                }
            });
            let pct = |k: u32| 100.0 * f64::from(k) / f64::from(sum.ants.max(1));
            writeln!(
                out,
                "| {name} | {balance} | {:.1} | {:.1} | {:.1} | {:.1} |",
                f64::from(sum.ants) / seats.len().max(1) as f64,
                pct(sum.died),
                pct(sum.away),
                pct(sum.held)
            )?;
        }
    }
    Ok(())
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

/// The arguments of `botforge ants tournament` besides the game parameters: maps, games,
/// bots, schedule and outputs.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Maps: files, directories (every `*.map` below) or patterns such as
    /// `dir/maze_p02_*.map`, comma separated.
    #[arg(long)]
    pub maps: String,
    /// Number of games (per bot with `--opponent`, per pair with `--round-robin`).
    #[arg(long, default_value_t = 10, value_parser = crate::limits::games_u32)]
    pub games: u32,
    /// Bots, comma separated: specs of `botforge ants bots` (e.g. `thesis,thesis(profile=aggressive),hunter`) or
    /// external programs as `cmd:COMMAND` or `NAME=cmd:COMMAND` (shown as `NAME`).
    #[arg(long, required = true, value_parser = parse_bot_list)]
    pub bots: BotList,
    /// Play every bot against this one (a name or an external program, as in `--bots`)
    /// instead of rotating the bots.
    #[arg(long, conflicts_with = "round_robin")]
    pub opponent: Option<String>,
    /// Play every pair of bots `--games` games instead of rotating the bots.
    #[arg(long)]
    pub round_robin: bool,
    /// Also write every seat of every game as CSV to this file (atomically), with the
    /// analysis columns (ants alive at turns 100/200/300, hills lost, slowest turn).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long, value_parser = crate::limits::threads)]
    pub threads: Option<usize>,
    /// Write every game's replay into this directory as `game-INDEX.replay`.
    #[arg(long)]
    pub replays: Option<PathBuf>,
    /// Keep the games in this arena results database (SQLite) under the run name
    /// `tournament`, so an interrupted tournament resumes and `botforge arena report`
    /// reads it (default: in memory). Use one file per tournament: a game already stored
    /// with the same map, number and seats is not played again.
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Print the arena config this tournament runs (`botforge arena run --config FILE`
    /// plays the same games) and exit.
    #[arg(long)]
    pub print_config: bool,
}

/// A `--bots` list (see [`split_bot_list`]).
#[derive(Clone, Debug)]
pub struct BotList(pub Vec<String>);

/// Splits a comma-separated bot list at the commas outside parentheses, so parameter specs
/// such as `champion(max_turn_ms=120,fight_first=true)` stay whole.
pub fn split_bot_list(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in list.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(list[start..i].trim().to_owned());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(list[start..].trim().to_owned());
    out.retain(|s| !s.is_empty());
    out
}

fn parse_bot_list(s: &str) -> Result<BotList, String> {
    let list = split_bot_list(s);
    if list.is_empty() {
        return Err("no bot given".into());
    }
    Ok(BotList(list))
}

/// The run name of a tournament in its results database.
const TOURNAMENT_RUN: &str = "tournament";

/// The arena config (TOML text) that plays the tournament of `a` and `params`: the
/// `sequential` seeding, the flags' engine options, one bot per spec named as in the
/// tables.
fn tournament_config(a: &TournamentArgs, params: &Params) -> anyhow::Result<String> {
    params.config()?;
    let mut specs = a.bots.0.clone();
    specs.extend(a.opponent.clone());
    let mut shown: Vec<String> = Vec::new();
    for spec in &specs {
        make_entrant(spec)?;
        let name = ants_bots::display_name(spec);
        anyhow::ensure!(
            !shown.contains(&name),
            "bot `{name}` is named twice; give every entrant a distinct name"
        );
        shown.push(name);
    }
    if let [only] = &specs[..] {
        anyhow::bail!(
            "bot `{only}` alone cannot play a tournament (it would play itself); give a second bot or --opponent"
        );
    }
    let mut cfg = toml::Table::new();
    let mut set = |k: &str, v: toml::Value| cfg.insert(k.to_owned(), v);
    set("name", TOURNAMENT_RUN.into());
    set("game", "ants".into());
    set("games", i64::from(a.games).into());
    set(
        "seed",
        toml::Value::Integer(
            i64::try_from(params.seed)
                .context("--seed is too large for a config (at most 2^63 - 1)")?,
        ),
    );
    set("seeding", "sequential".into());
    set("threads", (a.threads.unwrap_or(0) as i64).into());
    let maps: Vec<toml::Value> = a
        .maps
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(toml::Value::from)
        .collect();
    anyhow::ensure!(!maps.is_empty(), "--maps names no map");
    set("maps", maps.into());
    if let Some(dir) = &a.replays {
        set("replays", dir.to_string_lossy().into_owned().into());
    }
    match (&a.opponent, a.round_robin) {
        (Some(o), _) => {
            set("schedule", "versus".into());
            set("opponent", ants_bots::display_name(o).into());
        }
        (None, true) => {
            set("schedule", "round-robin".into());
        }
        (None, false) => {}
    }
    let mut options = toml::Table::new();
    let mut opt = |k: &str, v: toml::Value| options.insert(k.to_owned(), v);
    opt("turns", i64::from(params.turns).into());
    opt(
        "turntime",
        i64::try_from(params.turntime)
            .context("--turntime is too large")?
            .into(),
    );
    opt(
        "loadtime",
        i64::try_from(params.loadtime)
            .context("--loadtime is too large")?
            .into(),
    );
    opt("food", params.food_method.clone().into());
    opt("attack", params.attack.clone().into());
    opt("viewradius2", i64::from(params.viewradius2).into());
    opt("attackradius2", i64::from(params.attackradius2).into());
    opt("spawnradius2", i64::from(params.spawnradius2).into());
    opt("strict", params.strict.into());
    opt("scenario", params.scenario.into());
    cfg.insert("options".into(), options.into());
    let bots: Vec<toml::Value> = specs
        .iter()
        .zip(&shown)
        .map(|(spec, name)| {
            let mut b = toml::Table::new();
            b.insert("name".into(), name.clone().into());
            if name != spec {
                b.insert("spec".into(), spec.clone().into());
            }
            b.into()
        })
        .collect();
    cfg.insert("bots".into(), bots.into());
    Ok(toml::to_string(&cfg)?)
}

/// `botforge ants tournament`: the arena with the tournament's `sequential` seeding, its
/// tables and its CSV.
fn tournament(a: &TournamentArgs, params: &Params) -> anyhow::Result<ExitCode> {
    let text = tournament_config(a, params)?;
    if a.print_config {
        out!("{text}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let cfg = arena::Config::parse(&text, std::path::Path::new("tournament.toml"))?;
    let player = arena::games::player("ants", &cfg.options)?;
    let mut store = match &a.db {
        Some(path) => arena::Store::open(path)?,
        None => arena::Store::in_memory()?,
    };
    let options = arena::RunOptions {
        progress: true,
        ..arena::RunOptions::default()
    };
    let jobs = arena::runner::schedule(&cfg, player.as_ref())?;
    let summary = arena::runner::run(&cfg, player.as_ref(), &mut store, &options)?;
    if let Some((key, error)) = summary.failed.first() {
        anyhow::bail!("game {key} failed: {error}");
    }
    let order: std::collections::HashMap<&str, usize> = jobs
        .iter()
        .enumerate()
        .map(|(i, j)| (j.key.as_str(), i))
        .collect();
    let mut games = store.matches(Some(TOURNAMENT_RUN))?;
    games.retain(|g| order.contains_key(g.key.as_str()));
    games.sort_by_key(|g| order.get(g.key.as_str()).copied());
    let rows: Vec<String> = cfg.bots.iter().map(|b| b.name.clone()).collect();
    let table = arena::report::bot_results(&rows, &games);
    out!("{}", arena::report::results_table(&table))?;
    if a.round_robin {
        out!("\n{}\n", arena::report::pair_matrix(&rows, &games))?;
    }
    outln!(
        "{} games, {} turns, turntime {} ms, seeds {}..={}",
        games.len(),
        params.turns,
        params.turntime,
        games.iter().map(|g| g.seed).min().unwrap_or(params.seed),
        games.iter().map(|g| g.seed).max().unwrap_or(params.seed)
    )?;
    if let Some(path) = &a.csv {
        arena::report::write_atomic(path, arena::report::csv(&games).as_bytes())?;
        outln!("games written to {}", path.display())?;
    }
    Ok(ExitCode::SUCCESS)
}

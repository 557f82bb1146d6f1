//! `botforge ants …`: argument parsing and wiring for the `ants` crate.

use std::io::BufReader;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use clap::{Args, Subcommand};

use ants_bots::BOTS;

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
    #[arg(long, default_value_t = 1000, value_parser = crate::limits::milliseconds)]
    turntime: u64,
    /// Milliseconds for the setup answer.
    #[arg(long, default_value_t = 3000, value_parser = crate::limits::milliseconds)]
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
        /// Serial thinking: the bots think one at a time, each with its own full turntime
        /// from the moment its state is sent (fair time for many bots on few cores; the
        /// same game as parallel thinking).
        #[arg(long)]
        serial: bool,
        /// Bots in player order, comma separated, as in `tournament --bots` (instead of the
        /// positional BOTS).
        #[arg(long = "bots", value_name = "BOTS", value_parser = parse_bot_list, conflicts_with = "bots")]
        bot_list: Option<BotList>,
        /// Bots in player order: specs of `botforge ants bots` (e.g. `hunter` or
        /// `champion(max_turn_ms=120)`), `cmd:SHELL COMMAND`, or `NAME=cmd:SHELL COMMAND` (an
        /// external program shown as NAME).
        bots: Vec<String>,
    },
    /// Run an in-process bot as a protocol process on stdin/stdout (for the official
    /// engine's `play.py`).
    Bot {
        /// Bot spec (see `botforge ants bots`), e.g. `hunter`,
        /// `champion(max_turn_ms=120)` or `thesis(profile=aggressive)`.
        #[arg(value_name = "BOT")]
        spec: String,
        /// Deprecated spelling of the spec's `profile` parameter: `thesis --profile P` is
        /// `thesis(profile=P)`.
        #[arg(long, hide = true)]
        profile: Option<String>,
        /// Print the bot's plans as the 2011 visualizer's `v`/`i` lines before its orders
        /// each turn. For a bot with a `visualize` parameter (`champion`, `xathis-style`,
        /// `xathis-postmortem`, `thesis`) it also sets `visualize=true` unless the spec gives
        /// a value (`thesis(visualize=influence)`); a bot without one (the baselines) prints
        /// its orders only. Our engine stores the lines beside the replay and never counts
        /// them as orders; the official engine reports every line that is not an `o` order
        /// as invalid ("unknown action"), which is only logged unless it runs with
        /// `--strict`, where it removes the bot. A turn prints at most 5 lines per
        /// millisecond of turntime left after the bot's turn (the official engine reads 100
        /// lines per 10 ms); a cut is marked by one `#` comment line. Off by default.
        #[arg(long)]
        visualize: bool,
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
    /// Play a bot on a 2011-style TCP game server (the `ants-tcp` protocol that
    /// tcpclient.py speaks): one game per round, each game's result printed and its
    /// transcript kept in --log-dir (docs/ants-online.md).
    Online(crate::ants_online::OnlineArgs),
    /// Host a game server speaking the 2011 TCP protocol (the unchanged tcpclient.py and
    /// `botforge ants online` play on it): accounts, 2011 matching, optional house bots,
    /// every game stored with its replay and TrueSkill ratings, the ladder pages on --web
    /// (docs/ants-online.md).
    Server(crate::ants_server::ServerArgs),
    /// Make a seeded map of an official family (cell_maze, random_walk, maze) for 2 to 10
    /// players that keeps the official map rules, or check map files against the rules
    /// (`--check FILE…`); see docs/ants-maps.md.
    Mapgen(crate::ants_mapgen::MapgenArgs),
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
            serial,
            bot_list,
            bots,
        } => play(
            map.as_ref(),
            replay,
            &params,
            ants::game::PlayOptions { serial },
            bot_list.map_or(bots, |BotList(list)| list),
        ),
        Command::Bot {
            spec,
            profile,
            visualize,
        } => {
            let spec = with_profile(&spec, profile)?;
            let spec = if visualize {
                with_visualize(&spec)?
            } else {
                spec
            };
            let mut bot = BOTS.build(&spec, ())?;
            let stdin = std::io::stdin();
            ants::protocol::serve_with(
                bot.as_mut(),
                BufReader::new(stdin.lock()),
                crate::stdout(),
                visualize,
            )?;
            Ok(ExitCode::SUCCESS)
        }
        Command::CheckReplay { files } => Ok(check(&files)?),
        Command::Analyze { paths, team } => analyze(&paths, &team),
        Command::Agree { bot, player, paths } => agree(&bot, &player, &paths),
        Command::Tournament { args, params } => tournament(&args, &params),
        Command::Server(args) => crate::ants_server::run(&args),
        Command::Online(args) => crate::ants_online::online(args),
        Command::Mapgen(args) => crate::ants_mapgen::run(&args),
        Command::Bots => {
            outln!("{}", BOTS.describe().trim_end())?;
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// The spec `ants bot SPEC --profile P` stands for: `SPEC` with the parameter `profile=P`
/// (`thesis --profile aggressive` is `thesis(profile=aggressive)`).
fn with_profile(spec: &str, profile: Option<String>) -> anyhow::Result<String> {
    let Some(profile) = profile else {
        return Ok(spec.to_owned());
    };
    let mut parsed = botspec::Spec::parse(spec)?;
    parsed.args.push(botspec::Arg {
        key: Some("profile".to_owned()),
        value: profile,
    });
    Ok(parsed.to_string())
}

/// The spec `ants bot SPEC --visualize` runs: `SPEC` with `visualize=true` when its bot has
/// that parameter and the spec does not set it, else `SPEC` as written.
fn with_visualize(spec: &str) -> anyhow::Result<String> {
    let (entry, args) = BOTS.resolve(spec)?;
    if !entry.params.iter().any(|p| p.key == "visualize") || args.given("visualize")?.is_some() {
        return Ok(spec.to_owned());
    }
    let mut parsed = botspec::Spec::parse(spec)?;
    parsed.args.push(botspec::Arg {
        key: Some("visualize".to_owned()),
        value: "true".to_owned(),
    });
    Ok(parsed.to_string())
}

fn play(
    map: Option<&PathBuf>,
    replay: Option<PathBuf>,
    params: &Params,
    options: ants::game::PlayOptions,
    bots: Vec<String>,
) -> anyhow::Result<ExitCode> {
    crate::check_output(replay.as_deref())?;
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
        .map(|b| ants_bots::entrant(b))
        .collect::<Result<Vec<_>, _>>()?;
    for (e, spec) in entrants.iter().zip(&bots) {
        e.check().with_context(|| format!("bot '{spec}'"))?;
    }
    let config = params.config()?;
    let started = Instant::now();
    let result = ants::game::play_game_with(&map, &config, entrants, options)
        .with_context(|| format!("cannot play on {map_name}"))?;
    out!("{}", ants::report::outcome(&result, started.elapsed()))?;
    if let Some(path) = replay {
        result.write_replay(&path)?;
        outln!("replay written to {}", path.display())?;
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
    let files = replay_files(paths)?;
    anyhow::ensure!(!files.is_empty(), "no replay files found");
    BOTS.build(spec, ())?;
    let mut total = ants::agreement::Agreement::default();
    let mut games = 0;
    for f in &files {
        let replay = ants::Replay::load(f)?;
        let Some(seat) = replay.playernames.iter().position(|n| n == player) else {
            continue;
        };
        let mut bot = BOTS.build(spec, ())?;
        let a = ants::agreement::agreement(&replay, seat, bot.as_mut())
            .with_context(|| format!("{}", f.display()))?;
        total.add(&a);
        games += 1;
    }
    anyhow::ensure!(games > 0, "no replay has a player named `{player}`");
    out!("{}", ants::report::agreement(spec, player, games, &total))?;
    Ok(ExitCode::SUCCESS)
}

fn analyze(paths: &[PathBuf], team: &[String]) -> anyhow::Result<ExitCode> {
    let files = replay_files(paths)?;
    anyhow::ensure!(!files.is_empty(), "no replay files found");
    let mut report = ants::report::Analysis::new(team);
    out!("{}", ants::report::Analysis::header())?;
    for f in &files {
        let replay = ants::Replay::load(f)?;
        let game = f
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        out!("{}", report.add(&game, ants::analysis::analyze(&replay)))?;
    }
    out!("{}", report.means())?;
    if !team.is_empty() {
        let unknown = report.unknown_team();
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
        out!("{}", report.team())?;
    }
    Ok(ExitCode::SUCCESS)
}

fn check(files: &[PathBuf]) -> std::io::Result<ExitCode> {
    let mut failed = 0;
    for f in files {
        // A load error names the file itself; a divergence gets the name here.
        let outcome = ants::Replay::load(f)
            .map_err(|e| e.to_string())
            .and_then(|r| {
                ants::check_replay(&r, false)
                    .map_err(|d| format!("{}: diverges at {d}", f.display()))
            });
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
                outln!("{e}")?;
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
    /// The 2011 contest format: `--games` games in all, each on a map drawn from `--maps`
    /// with its seats drawn from the bots (the arena's `contest` schedule).
    #[arg(long, conflicts_with_all = ["opponent", "round_robin"])]
    pub contest: bool,
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

/// A `--bots` list: specs split at the commas outside parentheses and quotes
/// ([`botspec::split_list`]), so `champion(max_turn_ms=120,fight_first=true)` stays whole.
#[derive(Clone, Debug)]
pub struct BotList(pub Vec<String>);

fn parse_bot_list(s: &str) -> Result<BotList, String> {
    let list: Vec<String> = botspec::split_list(s)
        .into_iter()
        .map(str::to_owned)
        .collect();
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
        ants_bots::entrant(spec)?;
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
        (None, false) if a.contest => {
            set("schedule", "contest".into());
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
    crate::check_output(a.csv.as_deref())?;
    let text = tournament_config(a, params)?;
    if a.print_config {
        out!("{text}")?;
        return Ok(ExitCode::SUCCESS);
    }
    let cfg = arena::Config::parse(&text, std::path::Path::new("tournament.toml"))?;
    let player = arena::games::player_for(&cfg, cfg.threads)?;
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

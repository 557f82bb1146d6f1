//! Seeded tournaments: many games in parallel (rayon), bots rotated over the seats, and a
//! win/draw/loss + points table per bot with its slowest turn and its timeouts/crashes (the
//! format of the thesis's tables 8.3–8.8), optionally every seat of every game as CSV.
//!
//! Two schedules:
//! * **rotation** ([`Tournament::run`]): with `k` bots, game `i` uses rotation `r = i mod k`
//!   (seat `j` is taken by bot `(r + j) mod k`) on map `(i div k) mod #maps`, so every map is
//!   played in all `k` rotations before the next map starts. With `k` = players every bot
//!   plays every game, and each of `k` consecutive games in another seat; with fewer bots than seats a bot takes several
//!   seats (each seat counts as one game of that bot).
//! * **versus** ([`Tournament::run_versus`]): every bot plays `games` games against one fixed
//!   opponent, alternating the two over the seats, on the same maps and seeds for every bot
//!   (one table row per bot, as in the thesis's profile-vs-opponent tables).
//! * **round robin** ([`Schedule::RoundRobin`]): every pair of bots plays `games` games in the
//!   same way.
//!
//! Game `g` of a schedule uses engine and player seed `base + g`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use rayon::prelude::*;

use crate::config::GameConfig;
use crate::engine::Status;
use crate::game::{Entrant, GameError, display_name, play_game};
use crate::map::{Map, MapError};

/// Creates a fresh entrant from a bot spec (an in-process bot, or an external program for
/// `cmd:COMMAND` / `NAME=cmd:COMMAND`); `None` for an unknown spec.
pub type BotFactory = dyn Fn(&str) -> Option<Entrant> + Sync;

/// One bot's totals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// Bot name.
    pub bot: String,
    /// Games played (one per seat taken).
    pub games: u32,
    /// Games with the strictly highest score.
    pub wins: u32,
    /// Games sharing the highest score.
    pub draws: u32,
    /// Other games.
    pub losses: u32,
    /// Sum of own final scores.
    pub points_for: i64,
    /// Sum of the opponents' final scores.
    pub points_against: i64,
    /// Slowest single call of the bot over all its games (setup included).
    pub slowest: Duration,
    /// Games in which the engine removed the bot for a timeout.
    pub timeouts: u32,
    /// Games in which the bot crashed (panicked, or was removed for invalid orders).
    pub crashes: u32,
}

/// One played game of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Game index.
    pub index: usize,
    /// Map file.
    pub map: PathBuf,
    /// Bots in seat order.
    pub bots: Vec<String>,
    /// Final scores.
    pub scores: Vec<i32>,
    /// Turns played.
    pub turns: u32,
    /// Engine seed of the game (the player seed is the same number).
    pub seed: u64,
    /// Final status per seat.
    pub statuses: Vec<Status>,
    /// Slowest call per seat (setup included).
    pub slowest: Vec<Duration>,
}

/// A tournament failed before or while playing.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// A map could not be loaded.
    #[error(transparent)]
    Map(#[from] MapError),
    /// No map matched.
    #[error("no map matches `{0}`")]
    NoMaps(String),
    /// No bot was given.
    #[error("no bots given")]
    NoBots,
    /// Only one bot: it would play itself and count every game twice.
    #[error(
        "bot `{0}` alone cannot play a tournament (it would play itself); give a second bot or --opponent"
    )]
    OneBot(String),
    /// An unknown bot name.
    #[error("unknown bot `{0}`")]
    UnknownBot(String),
    /// A bot name appears twice (its rows would merge).
    #[error("bot `{0}` is named twice; give every entrant a distinct name")]
    DuplicateBot(String),
    /// The thread pool could not be built.
    #[error("thread pool: {0}")]
    Pool(#[from] rayon::ThreadPoolBuildError),
    /// A game could not be played.
    #[error("game {index} on {}: {source}", map.display())]
    Game {
        /// Game index.
        index: usize,
        /// Map file.
        map: PathBuf,
        /// The error.
        source: GameError,
    },
    /// A replay could not be written.
    #[error(transparent)]
    Replay(#[from] crate::replay::ReplayError),
    /// The CSV file could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// Output file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// Shell-style wildcard match of `*` and `?` on one file name.
fn wildcard(pattern: &[u8], name: &[u8]) -> bool {
    match (pattern.first(), name.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            wildcard(&pattern[1..], name) || (!name.is_empty() && wildcard(pattern, &name[1..]))
        }
        (Some(b'?'), Some(_)) => wildcard(&pattern[1..], &name[1..]),
        (Some(a), Some(b)) if a == b => wildcard(&pattern[1..], &name[1..]),
        _ => false,
    }
}

fn collect_maps(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_maps(&p, out);
        } else if p.extension().is_some_and(|x| x == "map") {
            out.push(p);
        }
    }
}

/// Expands comma-separated map patterns: a file, a directory (all `*.map` below it), or a
/// directory followed by a file-name pattern with `*`/`?` (e.g. `maps/maze/maze_p04_*.map`).
/// The result is sorted.
pub fn expand_maps(patterns: &str) -> Result<Vec<PathBuf>, TournamentError> {
    let mut out = Vec::new();
    for pat in patterns.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let path = Path::new(pat);
        let before = out.len();
        if path.is_file() {
            out.push(path.to_owned());
        } else if path.is_dir() {
            collect_maps(path, &mut out);
        } else {
            let dir = match path.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => Path::new("."),
            };
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if let Ok(entries) = std::fs::read_dir(dir) {
                for e in entries.flatten() {
                    if wildcard(name.as_bytes(), e.file_name().to_string_lossy().as_bytes())
                        && e.path().is_file()
                    {
                        out.push(e.path());
                    }
                }
            }
        }
        if out.len() == before {
            return Err(TournamentError::NoMaps(pat.to_owned()));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// A tournament: `games` games (per bot in the versus schedule) on `maps`, see the module
/// documentation for the schedules.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Map files.
    pub maps: Vec<PathBuf>,
    /// Bot specs.
    pub bots: Vec<String>,
    /// Number of games (rotation) or games per bot (versus).
    pub games: usize,
    /// Parameters of every game (seeds are offset per game).
    pub base: GameConfig,
    /// Write every game's replay into this directory (`game-INDEX.replay`).
    pub replays: Option<PathBuf>,
}

/// One scheduled game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixture {
    /// Game index (unique within the schedule; results are reported in this order).
    pub index: usize,
    /// Added to the base engine and player seeds.
    pub seed_offset: u64,
    /// Index into [`Tournament::maps`].
    pub map: usize,
    /// Bot names in seat order.
    pub seats: Vec<String>,
}

/// The seats of a game of `players` seats in rotation `r` of `bots`.
fn rotate(bots: &[String], r: usize, players: usize) -> Vec<String> {
    (0..players)
        .map(|j| bots[(r + j) % bots.len()].clone())
        .collect()
}

/// `games` games per pair: pair `q`, game `g` has index `q · games + g`, seed offset `g`, map
/// `(g div 2) mod #maps` and the pair alternating over the seats (first bot first in even
/// games).
fn pair_fixtures(pairs: &[[String; 2]], games: usize, players: &[usize]) -> Vec<Fixture> {
    let mut out = Vec::with_capacity(pairs.len() * games);
    for (q, pair) in pairs.iter().enumerate() {
        for g in 0..games {
            let map = (g / 2) % players.len().max(1);
            out.push(Fixture {
                index: q * games + g,
                seed_offset: g as u64,
                map,
                seats: rotate(pair, g % 2, players.get(map).copied().unwrap_or(0)),
            });
        }
    }
    out
}

/// Which games a tournament plays (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule<'a> {
    /// The bots rotate over the seats of every game.
    Rotation,
    /// Every bot plays `games` games against this opponent.
    Versus(&'a str),
    /// Every pair of bots plays `games` games.
    RoundRobin,
}

impl Tournament {
    /// The rotation schedule; `players[m]` is the player count of map `m`.
    pub fn fixtures(&self, players: &[usize]) -> Vec<Fixture> {
        let k = self.bots.len().max(1);
        (0..self.games)
            .map(|i| {
                let map = (i / k) % players.len().max(1);
                Fixture {
                    index: i,
                    seed_offset: i as u64,
                    map,
                    seats: rotate(&self.bots, i % k, players.get(map).copied().unwrap_or(0)),
                }
            })
            .collect()
    }

    /// The versus schedule: for bot `q` and game `g`, index `q · games + g`, seed offset `g`,
    /// map `(g div 2) mod #maps`, seats alternating bot and `opponent` starting with the bot
    /// in even games and with the opponent in odd ones.
    pub fn versus_fixtures(&self, opponent: &str, players: &[usize]) -> Vec<Fixture> {
        let pairs: Vec<[String; 2]> = self
            .bots
            .iter()
            .map(|b| [b.clone(), opponent.to_owned()])
            .collect();
        pair_fixtures(&pairs, self.games, players)
    }

    /// The round-robin schedule: every pair of bots (in the order (0,1), (0,2), …, (1,2), …)
    /// plays `games` games as in [`Tournament::versus_fixtures`].
    pub fn round_robin_fixtures(&self, players: &[usize]) -> Vec<Fixture> {
        let mut pairs = Vec::new();
        for (i, a) in self.bots.iter().enumerate() {
            for b in &self.bots[i + 1..] {
                pairs.push([a.clone(), b.clone()]);
            }
        }
        pair_fixtures(&pairs, self.games, players)
    }

    /// Checks the entrants and loads the maps.
    fn prepare(
        &self,
        factory: &BotFactory,
        extra: Option<&str>,
    ) -> Result<Vec<(PathBuf, Map)>, TournamentError> {
        if self.bots.is_empty() {
            return Err(TournamentError::NoBots);
        }
        let mut names: Vec<&str> = self.bots.iter().map(String::as_str).collect();
        names.extend(extra);
        let shown: Vec<String> = names.iter().map(|b| display_name(b)).collect();
        for (i, b) in names.iter().enumerate() {
            if shown[..i].contains(&shown[i]) {
                return Err(TournamentError::DuplicateBot(shown[i].clone()));
            }
            if factory(b).is_none() {
                return Err(TournamentError::UnknownBot((*b).to_owned()));
            }
        }
        if let [only] = names[..] {
            return Err(TournamentError::OneBot(only.to_owned()));
        }
        let maps: Vec<(PathBuf, Map)> = self
            .maps
            .iter()
            .map(|p| Map::load(p).map(|m| (p.clone(), m)))
            .collect::<Result<_, _>>()?;
        if maps.is_empty() {
            return Err(TournamentError::NoMaps(String::new()));
        }
        Ok(maps)
    }

    /// Plays the rotation schedule in parallel on the current rayon pool; `progress` is
    /// called after each finished game. Results are in game order regardless of scheduling.
    pub fn run(
        &self,
        factory: &BotFactory,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<GameRecord>, TournamentError> {
        self.run_schedule(Schedule::Rotation, factory, progress)
    }

    /// Plays the versus schedule against `opponent` (see [`Tournament::versus_fixtures`]).
    pub fn run_versus(
        &self,
        opponent: &str,
        factory: &BotFactory,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<GameRecord>, TournamentError> {
        self.run_schedule(Schedule::Versus(opponent), factory, progress)
    }

    /// Plays `schedule` in parallel on the current rayon pool; `progress` is called after
    /// each finished game. Results are in game order regardless of scheduling.
    pub fn run_schedule(
        &self,
        schedule: Schedule<'_>,
        factory: &BotFactory,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<GameRecord>, TournamentError> {
        let opponent = match schedule {
            Schedule::Versus(o) => Some(o),
            _ => None,
        };
        let maps = self.prepare(factory, opponent)?;
        let players: Vec<usize> = maps.iter().map(|(_, m)| usize::from(m.players())).collect();
        let fixtures = match schedule {
            Schedule::Rotation => self.fixtures(&players),
            Schedule::Versus(o) => self.versus_fixtures(o, &players),
            Schedule::RoundRobin => self.round_robin_fixtures(&players),
        };
        self.play(&maps, &fixtures, factory, progress)
    }

    fn play(
        &self,
        maps: &[(PathBuf, Map)],
        fixtures: &[Fixture],
        factory: &BotFactory,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<GameRecord>, TournamentError> {
        let errors = Mutex::new(Vec::new());
        let mut records: Vec<GameRecord> = fixtures
            .par_iter()
            .filter_map(|f| {
                let (path, map) = &maps[f.map];
                let bots: Vec<Entrant> = f.seats.iter().filter_map(|b| factory(b)).collect();
                let seed = self.base.engine_seed.wrapping_add(f.seed_offset);
                let config = GameConfig {
                    engine_seed: seed,
                    player_seed: self.base.player_seed.wrapping_add(f.seed_offset as i64),
                    game_id: f.index as i64,
                    ..self.base.clone()
                };
                let result = play_game(map, &config, bots)
                    .map_err(|source| TournamentError::Game {
                        index: f.index,
                        map: path.clone(),
                        source,
                    })
                    .and_then(|r| match &self.replays {
                        Some(dir) => r
                            .write_replay(&dir.join(format!("game-{}.replay", f.index)))
                            .map(|()| r)
                            .map_err(TournamentError::Replay),
                        None => Ok(r),
                    });
                progress();
                match result {
                    Ok(r) => Some(GameRecord {
                        index: f.index,
                        map: path.clone(),
                        bots: f.seats.clone(),
                        scores: r.scores,
                        turns: r.turns,
                        seed,
                        statuses: r.statuses,
                        slowest: r.timing.slowest,
                    }),
                    Err(error) => {
                        if let Ok(mut e) = errors.lock() {
                            e.push(error);
                        }
                        None
                    }
                }
            })
            .collect();
        if let Some(e) = errors
            .into_inner()
            .ok()
            .and_then(|mut v| (!v.is_empty()).then(|| v.swap_remove(0)))
        {
            return Err(e);
        }
        records.sort_by_key(|r| r.index);
        Ok(records)
    }

    /// [`Tournament::run_schedule`] on a pool of `threads` workers (`None` = all cores) with
    /// an indicatif progress bar on stderr.
    pub fn run_with_progress(
        &self,
        factory: &BotFactory,
        threads: Option<usize>,
        schedule: Schedule<'_>,
    ) -> Result<Vec<GameRecord>, TournamentError> {
        let k = self.bots.len();
        let total = match schedule {
            Schedule::Rotation => self.games,
            Schedule::Versus(_) => self.games * k,
            Schedule::RoundRobin => self.games * k * k.saturating_sub(1) / 2,
        };
        let bar = indicatif::ProgressBar::new(total as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()?;
        let records = pool.install(|| self.run_schedule(schedule, factory, &|| bar.inc(1)));
        bar.finish_and_clear();
        records
    }
}

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

/// The result of seat `seat` of a game: `'W'` strictly highest score, `'D'` shared highest,
/// `'L'` otherwise.
pub fn outcome(scores: &[i32], seat: usize) -> char {
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders = scores.iter().filter(|&&s| s == best).count();
    match scores.get(seat) {
        Some(&s) if s == best && leaders == 1 => 'W',
        Some(&s) if s == best => 'D',
        _ => 'L',
    }
}

/// Totals per bot (in the order the bots were given); every seat a bot takes counts as one
/// game of that bot.
pub fn standings(bots: &[String], records: &[GameRecord]) -> Vec<Standing> {
    let mut table: Vec<Standing> = bots
        .iter()
        .map(|b| Standing {
            bot: display_name(b),
            ..Standing::default()
        })
        .collect();
    for r in records {
        let total: i64 = r.scores.iter().map(|&s| i64::from(s)).sum();
        for (seat, spec) in r.bots.iter().enumerate() {
            let Some(row) = bots.iter().position(|b| b == spec) else {
                continue;
            };
            let s = &mut table[row];
            let score = r.scores[seat];
            s.games += 1;
            match outcome(&r.scores, seat) {
                'W' => s.wins += 1,
                'D' => s.draws += 1,
                _ => s.losses += 1,
            }
            s.points_for += i64::from(score);
            s.points_against += total - i64::from(score);
            if let Some(&t) = r.slowest.get(seat) {
                s.slowest = s.slowest.max(t);
            }
            match r.statuses.get(seat) {
                Some(Status::Timeout) => s.timeouts += 1,
                Some(Status::Crashed | Status::CrashedAtStart | Status::Invalid) => {
                    s.crashes += 1;
                }
                _ => {}
            }
        }
    }
    table
}

/// Renders standings as a Markdown table (Bot | Games | Wins | Draws | Losses | Win % |
/// Total points | Slowest turn | Timeouts | Crashes); points are own : opponents'.
pub fn render_standings(table: &[Standing]) -> String {
    let mut out = String::from(
        "| Bot | Games | Wins | Draws | Losses | Win % | Total points | Slowest turn | Timeouts | Crashes |\n\
         |---|---|---|---|---|---|---|---|---|---|\n",
    );
    for s in table {
        let pct = if s.games == 0 {
            0.0
        } else {
            100.0 * f64::from(s.wins) / f64::from(s.games)
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {pct:.1} | {}:{} | {:.1} ms | {} | {} |",
            s.bot,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.points_for,
            s.points_against,
            s.slowest.as_secs_f64() * 1000.0,
            s.timeouts,
            s.crashes
        );
    }
    out
}

/// Head-to-head results of 2-player games as a Markdown matrix: the cell in row `a`, column
/// `b` is `wins-draws-losses` of `a` against `b` (by final score); games with more seats are
/// left out.
pub fn render_pairs(bots: &[String], records: &[GameRecord]) -> String {
    let k = bots.len();
    let mut wdl = vec![[0u32; 3]; k * k];
    for r in records.iter().filter(|r| r.bots.len() == 2) {
        let (Some(a), Some(b)) = (
            bots.iter().position(|x| *x == r.bots[0]),
            bots.iter().position(|x| *x == r.bots[1]),
        ) else {
            continue;
        };
        let (sa, sb) = (r.scores[0], r.scores[1]);
        let cell = usize::from(sa == sb) + 2 * usize::from(sa < sb);
        wdl[a * k + b][cell] += 1;
        wdl[b * k + a][2 - cell] += 1;
    }
    let mut out = String::from("| W-D-L vs |");
    for b in bots {
        let _ = write!(out, " {} |", display_name(b));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(k));
    out.push('\n');
    for (a, name) in bots.iter().enumerate() {
        let _ = write!(out, "| {} |", display_name(name));
        for b in 0..k {
            let [w, d, l] = wdl[a * k + b];
            if a == b {
                out.push_str(" – |");
            } else {
                let _ = write!(out, " {w}-{d}-{l} |");
            }
        }
        out.push('\n');
    }
    out
}

/// Quotes a CSV field when it needs it.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// Every seat of every game as CSV, one row per seat:
/// `game,map,seed,turns,seat,bot,score,result,status,slowest_ms`.
pub fn records_csv(records: &[GameRecord]) -> String {
    let mut out = String::from("game,map,seed,turns,seat,bot,score,result,status,slowest_ms\n");
    for r in records {
        for (seat, bot) in r.bots.iter().enumerate() {
            let _ = writeln!(
                out,
                "{},{},{},{},{seat},{},{},{},{},{:.3}",
                r.index,
                csv_field(&r.map.display().to_string()),
                r.seed,
                r.turns,
                csv_field(&display_name(bot)),
                r.scores.get(seat).copied().unwrap_or(0),
                outcome(&r.scores, seat),
                r.statuses.get(seat).map_or("", |s| s.as_str()),
                r.slowest
                    .get(seat)
                    .map_or(0.0, |d| d.as_secs_f64() * 1000.0),
            );
        }
    }
    out
}

/// Writes [`records_csv`] to `path` atomically (the file is complete or untouched).
pub fn write_csv(path: &Path, records: &[GameRecord]) -> Result<(), TournamentError> {
    let io = |source| TournamentError::Io {
        path: path.to_owned(),
        source,
    };
    outfile::write(path, records_csv(records).as_bytes()).map_err(io)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    fn tournament(bots: &[&str], games: usize, maps: usize) -> Tournament {
        Tournament {
            maps: (0..maps)
                .map(|m| PathBuf::from(format!("{m}.map")))
                .collect(),
            bots: names(bots),
            games,
            base: GameConfig::seeded(10),
            replays: None,
        }
    }

    fn rec(bots: &[&str], scores: &[i32]) -> GameRecord {
        GameRecord {
            index: 0,
            map: PathBuf::new(),
            bots: names(bots),
            scores: scores.to_vec(),
            turns: 1,
            seed: 0,
            statuses: vec![Status::Survived; bots.len()],
            slowest: vec![Duration::from_millis(1); bots.len()],
        }
    }

    #[test]
    fn wildcards() {
        assert!(wildcard(b"maze_p04_*.map", b"maze_p04_01.map"));
        assert!(!wildcard(b"maze_p04_*.map", b"maze_p02_01.map"));
        assert!(wildcard(b"a?c", b"abc"));
        assert!(!wildcard(b"a?c", b"ac"));
    }

    #[test]
    fn two_bots_on_four_seats_alternate_and_swap() {
        let t = tournament(&["a", "b"], 4, 3);
        let f = t.fixtures(&[4, 4, 4]);
        let seats: Vec<Vec<String>> = f.iter().map(|f| f.seats.clone()).collect();
        assert_eq!(
            seats,
            vec![
                names(&["a", "b", "a", "b"]),
                names(&["b", "a", "b", "a"]),
                names(&["a", "b", "a", "b"]),
                names(&["b", "a", "b", "a"]),
            ]
        );
        assert_eq!(f.iter().map(|f| f.map).collect::<Vec<_>>(), [0, 0, 1, 1]);
        assert_eq!(
            f.iter().map(|f| f.seed_offset).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
    }

    #[test]
    fn four_bots_on_four_seats_take_every_seat_once_per_map() {
        let bots = ["a", "b", "c", "d"];
        let t = tournament(&bots, 8, 2);
        let f = t.fixtures(&[4, 4]);
        for chunk in f.chunks(4) {
            assert!(chunk.iter().all(|g| g.map == chunk[0].map));
            for g in chunk {
                let mut s = g.seats.clone();
                s.sort();
                assert_eq!(s, names(&bots), "every bot plays every game once");
            }
            for seat in 0..4 {
                let mut col: Vec<&str> = chunk.iter().map(|g| g.seats[seat].as_str()).collect();
                col.sort_unstable();
                assert_eq!(col, bots, "every bot takes seat {seat} once");
            }
        }
        assert_eq!(f[4].map, 1);
    }

    #[test]
    fn versus_gives_every_bot_the_same_maps_and_seeds() {
        let t = tournament(&["p", "q"], 4, 5);
        let f = t.versus_fixtures("x", &[2, 2, 2, 2, 2]);
        assert_eq!(f.len(), 8);
        assert_eq!(f[0].seats, names(&["p", "x"]));
        assert_eq!(f[1].seats, names(&["x", "p"]));
        assert_eq!(f[5].seats, names(&["x", "q"]));
        for g in 0..4 {
            assert_eq!(f[g].map, f[4 + g].map);
            assert_eq!(f[g].seed_offset, f[4 + g].seed_offset);
        }
        assert_eq!(
            f.iter().map(|f| f.index).collect::<Vec<_>>(),
            (0..8).collect::<Vec<_>>()
        );
        assert_eq!((f[1].map, f[2].map), (0, 1));
    }

    #[test]
    fn round_robin_pairs_every_two_bots() {
        let t = tournament(&["a", "b", "c"], 2, 1);
        let f = t.round_robin_fixtures(&[2]);
        let seats: Vec<Vec<String>> = f.iter().map(|f| f.seats.clone()).collect();
        assert_eq!(
            seats,
            vec![
                names(&["a", "b"]),
                names(&["b", "a"]),
                names(&["a", "c"]),
                names(&["c", "a"]),
                names(&["b", "c"]),
                names(&["c", "b"]),
            ]
        );
        assert_eq!(
            f.iter().map(|f| f.index).collect::<Vec<_>>(),
            (0..6).collect::<Vec<_>>()
        );
    }

    #[test]
    fn outcome_is_strict_top_for_a_win_and_shared_top_for_a_draw() {
        assert_eq!(outcome(&[3, 1, 3, 0], 0), 'D');
        assert_eq!(outcome(&[3, 1, 3, 0], 1), 'L');
        assert_eq!(outcome(&[1, 4, 3, 0], 1), 'W');
        assert_eq!(outcome(&[2, 2], 1), 'D');
    }

    #[test]
    fn standings_count_results_points_times_and_removals() {
        let mut slow = rec(&["b", "a"], &[2, 2]);
        slow.slowest = vec![Duration::from_millis(7), Duration::from_millis(40)];
        slow.statuses = vec![Status::Timeout, Status::Survived];
        let mut crash = rec(&["a", "b"], &[0, 5]);
        crash.statuses = vec![Status::Crashed, Status::Survived];
        let records = [rec(&["a", "b"], &[3, 1]), slow, crash];
        let t = standings(&names(&["a", "b"]), &records);
        assert_eq!(
            (t[0].games, t[0].wins, t[0].draws, t[0].losses),
            (3, 1, 1, 1)
        );
        assert_eq!((t[0].points_for, t[0].points_against), (5, 8));
        assert_eq!((t[1].wins, t[1].draws, t[1].losses), (1, 1, 1));
        assert_eq!(t[0].slowest, Duration::from_millis(40));
        assert_eq!(t[1].slowest, Duration::from_millis(7));
        assert_eq!((t[0].timeouts, t[0].crashes), (0, 1));
        assert_eq!((t[1].timeouts, t[1].crashes), (1, 0));
        let text = render_standings(&t);
        assert!(
            text.contains("| a | 3 | 1 | 1 | 1 | 33.3 | 5:8 | 40.0 ms | 0 | 1 |"),
            "{text}"
        );
    }

    #[test]
    fn pair_matrix_is_antisymmetric() {
        let records = [
            rec(&["a", "b"], &[3, 1]),
            rec(&["b", "a"], &[2, 2]),
            rec(&["c", "a"], &[4, 1]),
            rec(&["a", "b", "a", "b"], &[9, 0, 0, 0]),
        ];
        let m = render_pairs(&names(&["a", "b", "c"]), &records);
        assert!(m.contains("| a | – | 1-1-0 | 0-0-1 |"), "{m}");
        assert!(m.contains("| b | 0-1-1 | – | 0-0-0 |"), "{m}");
        assert!(m.contains("| c | 1-0-0 | 0-0-0 | – |"), "{m}");
    }

    #[test]
    fn a_bot_on_two_seats_counts_each_seat() {
        let t = standings(
            &names(&["a", "b"]),
            &[rec(&["a", "b", "a", "b"], &[5, 1, 5, 0])],
        );
        assert_eq!((t[0].games, t[0].draws, t[0].points_for), (2, 2, 10));
        assert_eq!((t[1].games, t[1].losses), (2, 2));
    }

    #[test]
    fn csv_has_one_quoted_row_per_seat_and_is_written_whole() {
        let mut r = rec(&["a,1", "b"], &[1, 0]);
        r.map = PathBuf::from("m.map");
        let csv = records_csv(&[r.clone()]);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1], "0,m.map,0,1,0,\"a,1\",1,W,survived,1.000");
        assert_eq!(lines[2], "0,m.map,0,1,1,b,0,L,survived,1.000");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.csv");
        write_csv(&path, &[r.clone()]).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), csv);
        let bad = dir.path().join("missing").join("t.csv");
        let err = write_csv(&bad, &[r]).unwrap_err().to_string();
        assert!(err.contains("missing"), "{err}");
        assert!(!bad.exists());
    }

    #[test]
    fn bot_lists_split_outside_parentheses() {
        assert_eq!(
            split_bot_list("champion(a=1,b=2), hold,x=cmd:run.sh"),
            names(&["champion(a=1,b=2)", "hold", "x=cmd:run.sh"])
        );
        assert_eq!(split_bot_list("hunter"), names(&["hunter"]));
        assert!(split_bot_list(" , ").is_empty());
    }

    #[test]
    fn runs_real_games_and_rejects_bad_entrants() {
        let dir = tempfile::tempdir().unwrap();
        let map = dir.path().join("tiny.map");
        std::fs::write(
            &map,
            "rows 8\ncols 8\nplayers 2\nm ........\nm .0......\nm ........\nm ........\n\
             m ........\nm .....1..\nm ........\nm ........\n",
        )
        .unwrap();
        let factory = |n: &str| crate::bots::by_name(n).map(Entrant::InProcess);
        let t = Tournament {
            maps: vec![map],
            bots: names(&["hunter", "hold"]),
            games: 4,
            base: GameConfig {
                turns: 30,
                ..GameConfig::seeded(3)
            },
            replays: None,
        };
        let records = t.run(&factory, &|| {}).unwrap();
        assert_eq!(records.len(), 4);
        assert_eq!(records[1].bots, names(&["hold", "hunter"]));
        assert_eq!(records[2].seed, 5);
        let again = t.run(&factory, &|| {}).unwrap();
        assert_eq!(
            records.iter().map(|r| &r.scores).collect::<Vec<_>>(),
            again.iter().map(|r| &r.scores).collect::<Vec<_>>(),
            "same seeds, same results"
        );
        let s = standings(&t.bots, &records);
        assert_eq!(s[0].games, 4);
        assert_eq!(s[0].wins + s[0].draws + s[0].losses, 4);
        let versus = Tournament {
            bots: names(&["hunter", "greedy"]),
            ..t.clone()
        }
        .run_versus("hold", &factory, &|| {})
        .unwrap();
        assert_eq!(versus.len(), 8);
        assert!(matches!(
            t.run_versus("hunter", &factory, &|| {}),
            Err(TournamentError::DuplicateBot(_))
        ));
        let unknown = Tournament {
            bots: names(&["nosuch"]),
            ..t
        };
        assert!(matches!(
            unknown.run(&factory, &|| {}),
            Err(TournamentError::UnknownBot(_))
        ));
    }
}

//! Seeded tournaments: many games in parallel (rayon), bots rotated over the seats, and a
//! win/draw/loss + points table per bot (the format of the thesis's tables 8.3–8.8).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::bot::Bot;
use crate::config::GameConfig;
use crate::game::{GameError, run_game};
use crate::map::{Map, MapError};

/// Creates a fresh bot by name.
pub type BotFactory = dyn Fn(&str) -> Option<Box<dyn Bot>> + Sync;

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
    /// An unknown bot name.
    #[error("unknown bot `{0}`")]
    UnknownBot(String),
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

/// A tournament: `games` games, game `i` on map `i % maps.len()` with engine seed
/// `base.engine_seed + i`, seat `j` taken by bot `(i + j) % bots.len()`.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Map files.
    pub maps: Vec<PathBuf>,
    /// Bot names.
    pub bots: Vec<String>,
    /// Number of games.
    pub games: usize,
    /// Parameters of every game (seeds are offset per game).
    pub base: GameConfig,
}

impl Tournament {
    /// Plays all games in parallel on the current rayon pool; `progress` is called after
    /// each finished game. Results are in game order regardless of scheduling.
    pub fn run(
        &self,
        factory: &BotFactory,
        progress: &(dyn Fn() + Sync),
    ) -> Result<Vec<GameRecord>, TournamentError> {
        for b in &self.bots {
            if factory(b).is_none() {
                return Err(TournamentError::UnknownBot(b.clone()));
            }
        }
        let maps: Vec<(PathBuf, Map)> = self
            .maps
            .iter()
            .map(|p| Map::load(p).map(|m| (p.clone(), m)))
            .collect::<Result<_, _>>()?;
        if maps.is_empty() || self.bots.is_empty() {
            return Err(TournamentError::NoMaps(String::new()));
        }
        let errors = Mutex::new(Vec::new());
        let mut records: Vec<GameRecord> = (0..self.games)
            .into_par_iter()
            .filter_map(|i| {
                let (path, map) = &maps[i % maps.len()];
                let seats: Vec<String> = (0..usize::from(map.players()))
                    .map(|j| self.bots[(i + j) % self.bots.len()].clone())
                    .collect();
                let bots: Vec<Box<dyn Bot>> = seats.iter().filter_map(|b| factory(b)).collect();
                let config = GameConfig {
                    engine_seed: self.base.engine_seed.wrapping_add(i as u64),
                    player_seed: self.base.player_seed.wrapping_add(i as i64),
                    game_id: i as i64,
                    ..self.base.clone()
                };
                let result = run_game(map, &config, bots);
                progress();
                match result {
                    Ok(r) => Some(GameRecord {
                        index: i,
                        map: path.clone(),
                        bots: seats,
                        scores: r.scores,
                        turns: r.turns,
                    }),
                    Err(source) => {
                        if let Ok(mut e) = errors.lock() {
                            e.push(TournamentError::Game {
                                index: i,
                                map: path.clone(),
                                source,
                            });
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
}

impl Tournament {
    /// [`Tournament::run`] on a pool of `threads` workers (`None` = all cores) with an
    /// indicatif progress bar on stderr.
    pub fn run_with_progress(
        &self,
        factory: &BotFactory,
        threads: Option<usize>,
    ) -> Result<Vec<GameRecord>, TournamentError> {
        let bar = indicatif::ProgressBar::new(self.games as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games, {elapsed} elapsed, eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()?;
        let records = pool.install(|| self.run(factory, &|| bar.inc(1)));
        bar.finish_and_clear();
        records
    }
}

/// Totals per bot (in the order the bots were given).
pub fn standings(bots: &[String], records: &[GameRecord]) -> Vec<Standing> {
    let mut table: Vec<Standing> = bots
        .iter()
        .map(|b| Standing {
            bot: b.clone(),
            ..Standing::default()
        })
        .collect();
    for r in records {
        let best = r.scores.iter().copied().max().unwrap_or(0);
        let leaders = r.scores.iter().filter(|&&s| s == best).count();
        let total: i64 = r.scores.iter().map(|&s| i64::from(s)).sum();
        for (seat, name) in r.bots.iter().enumerate() {
            let Some(s) = table.iter_mut().find(|s| &s.bot == name) else {
                continue;
            };
            let score = r.scores[seat];
            s.games += 1;
            if score == best && leaders == 1 {
                s.wins += 1;
            } else if score == best {
                s.draws += 1;
            } else {
                s.losses += 1;
            }
            s.points_for += i64::from(score);
            s.points_against += total - i64::from(score);
        }
    }
    table
}

/// Renders standings as a Markdown table (Bot | Games | Wins | Draws | Losses | Total points).
pub fn render_standings(table: &[Standing]) -> String {
    let mut out = String::from(
        "| Bot | Games | Wins | Draws | Losses | Total points |\n|---|---|---|---|---|---|\n",
    );
    for s in table {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {}:{} |",
            s.bot, s.games, s.wins, s.draws, s.losses, s.points_for, s.points_against
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards() {
        assert!(wildcard(b"maze_p04_*.map", b"maze_p04_01.map"));
        assert!(!wildcard(b"maze_p04_*.map", b"maze_p02_01.map"));
        assert!(wildcard(b"a?c", b"abc"));
        assert!(!wildcard(b"a?c", b"ac"));
    }

    #[test]
    fn standings_count_wins_draws_losses() {
        let rec = |bots: [&str; 2], scores: [i32; 2]| GameRecord {
            index: 0,
            map: PathBuf::new(),
            bots: bots.iter().map(|s| (*s).to_owned()).collect(),
            scores: scores.to_vec(),
            turns: 1,
        };
        let records = [
            rec(["a", "b"], [3, 1]),
            rec(["b", "a"], [2, 2]),
            rec(["a", "b"], [0, 5]),
        ];
        let t = standings(&["a".into(), "b".into()], &records);
        assert_eq!(
            (t[0].games, t[0].wins, t[0].draws, t[0].losses),
            (3, 1, 1, 1)
        );
        assert_eq!((t[0].points_for, t[0].points_against), (5, 8));
        assert_eq!((t[1].wins, t[1].draws, t[1].losses), (1, 1, 1));
        assert!(render_standings(&t).contains("| a | 3 | 1 | 1 | 1 | 5:8 |"));
    }
}

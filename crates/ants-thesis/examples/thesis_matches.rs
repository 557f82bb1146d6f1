//! Plays seeded series of games for the thesis bot, in the design of the thesis's experiments
//! (Tables 8.3–8.8): each profile against one opponent in 2-player games, or the profiles against
//! each other in 4-player games. Games run one after the other on one thread.
//!
//! ```text
//! cargo run --release -p ants-thesis --example thesis_matches -- \
//!     --profiles default,aggressive --opponent hunter --games 10 --seed 1
//! cargo run --release -p ants-thesis --example thesis_matches -- \
//!     --profiles default,aggressive,defensive,expansive --self-play 4 --games 10 --seed 1
//! ```
//!
//! Game `i` uses seed `seed + i` and map number `37·i mod n` of the sorted map list; the
//! thesis bot alternates seats. `RUST_LOG=thesis::attack_hills=info` shows the bot's log.
//!
//! Rows: wins / draws / losses (a win is a strictly highest score, a draw a shared highest one)
//! and total points own : opponents'. Also prints the slowest turn of the thesis bot.

use std::path::{Path, PathBuf};
use std::time::Duration;

use ants::{Bot, GameConfig, Map, run_game};
use ants_thesis::{Profile, ThesisBot};
use clap::Parser;

/// Command-line arguments.
#[derive(Parser, Debug)]
struct Args {
    /// Comma-separated profile names or files.
    #[arg(long, default_value = "default")]
    profiles: String,
    /// Opponent for 2-player games: a baseline bot name or `xathis-style`.
    #[arg(long, default_value = "hunter")]
    opponent: String,
    /// Play the profiles against each other on maps with this many players instead (seat k of
    /// game g gets profile (k + g) mod #profiles).
    #[arg(long)]
    self_play: Option<u8>,
    /// Games per profile (2-player) or in total (4-player).
    #[arg(long, default_value_t = 10)]
    games: u32,
    /// First seed; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Turn limit.
    #[arg(long, default_value_t = 500)]
    turns: u32,
    /// Turn time in ms.
    #[arg(long, default_value_t = 500)]
    turntime: u64,
    /// Map directory (searched recursively for maps with the right player count).
    #[arg(long, default_value = "../shared/ants/maps")]
    maps: PathBuf,
    /// Only maps whose file name contains this.
    #[arg(long, default_value = "")]
    filter: String,
}

fn maps(dir: &Path, players: u8, filter: &str) -> Vec<(PathBuf, Map)> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "map")
                && p.to_string_lossy().contains(filter)
            {
                files.push(p);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .filter_map(|p| Map::load(&p).ok().map(|m| (p, m)))
        .filter(|(_, m)| m.players() == players)
        .collect()
}

/// Game `g`'s map: the pool walked with a stride coprime to most pool sizes, so a short series
/// still sees many map families.
fn pick(g: u64, len: usize) -> usize {
    ((g * 37) % len as u64) as usize
}

fn opponent(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "xathis-style" | "xathis" => Some(Box::new(ants_xathis::XathisBot::new())),
        "champion" => Some(Box::new(ants_xathis::ChampionBot::new())),
        _ => ants::bots::by_name(name),
    }
}

#[derive(Default)]
struct Row {
    wins: u32,
    draws: u32,
    losses: u32,
    own: i64,
    others: i64,
    slowest: Duration,
}

fn record(row: &mut Row, scores: &[i32], me: usize, slowest: Duration) {
    let best = scores.iter().copied().max().unwrap_or(0);
    let leaders = scores.iter().filter(|&&s| s == best).count();
    if scores[me] == best && leaders == 1 {
        row.wins += 1;
    } else if scores[me] == best {
        row.draws += 1;
    } else {
        row.losses += 1;
    }
    row.own += i64::from(scores[me]);
    row.others += scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != me)
        .map(|(_, &s)| i64::from(s))
        .sum::<i64>();
    row.slowest = row.slowest.max(slowest);
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
        .with_writer(std::io::stderr)
        .init();
    let profiles: Vec<Profile> = args
        .profiles
        .split(',')
        .map(Profile::by_name_or_file)
        .collect::<Result<_, _>>()?;
    let players = args.self_play.unwrap_or(2);
    let pool = maps(&args.maps, players, &args.filter);
    if pool.is_empty() {
        return Err(format!("no {players}-player maps under {}", args.maps.display()).into());
    }
    let mut rows: Vec<Row> = profiles.iter().map(|_| Row::default()).collect();
    let config = |i: u64| GameConfig {
        turns: args.turns,
        turntime_ms: args.turntime,
        ..GameConfig::seeded(args.seed + i)
    };
    if args.self_play.is_some() {
        for g in 0..u64::from(args.games) {
            let (path, map) = &pool[pick(g, pool.len())];
            let seats: Vec<usize> = (0..usize::from(players))
                .map(|k| (k + g as usize) % profiles.len())
                .collect();
            let bots: Vec<Box<dyn Bot>> = seats
                .iter()
                .map(|&p| Box::new(ThesisBot::new(profiles[p].clone())) as Box<dyn Bot>)
                .collect();
            let r = run_game(map, &config(g), bots)?;
            for (seat, &p) in seats.iter().enumerate() {
                record(&mut rows[p], &r.scores, seat, r.timing.slowest[seat]);
            }
            eprintln!(
                "game {g} {} seed {}: {:?} {:?}",
                path.display(),
                args.seed + g,
                r.scores,
                r.cutoff
            );
        }
    } else {
        for (pi, profile) in profiles.iter().enumerate() {
            for g in 0..u64::from(args.games) {
                let (path, map) = &pool[pick(g, pool.len())];
                let me = (g % 2) as usize;
                let opp = opponent(&args.opponent)
                    .ok_or_else(|| format!("unknown opponent {}", args.opponent))?;
                let mine: Box<dyn Bot> = Box::new(ThesisBot::new(profile.clone()));
                let bots = if me == 0 {
                    vec![mine, opp]
                } else {
                    vec![opp, mine]
                };
                let r = run_game(map, &config(g), bots)?;
                record(&mut rows[pi], &r.scores, me, r.timing.slowest[me]);
                eprintln!(
                    "{} game {g} {} seed {} seat {me}: {:?} {:?} {:?}",
                    profile.name,
                    path.display(),
                    args.seed + g,
                    r.scores,
                    r.statuses,
                    r.cutoff
                );
            }
        }
    }
    let against = if args.self_play.is_some() {
        format!("each other ({players}-player)")
    } else {
        args.opponent.clone()
    };
    println!("| Profile vs {against} | Wins | Draws | Losses | Total points | slowest turn |");
    println!("|---|---|---|---|---|---|");
    for (p, r) in profiles.iter().zip(&rows) {
        println!(
            "| {} | {} | {} | {} | {}:{} | {:?} |",
            p.name, r.wins, r.draws, r.losses, r.own, r.others, r.slowest
        );
    }
    Ok(())
}

//! Which games a config plays: the `rotate`, `versus` and `round-robin` schedules.
//!
//! * **rotate** (the default): game `g` on a map with `n` seats seats bot `(g + s) mod k`
//!   in seat `s`, so over a multiple of the bot count every bot sits in every seat equally
//!   often; every game has its own seed.
//! * **versus**: every bot plays `games` games per map against the `opponent`. Games come
//!   in pairs: games `2p` and `2p + 1` are played on the same map with the same seed and
//!   the two bots' seats swapped (with more than two seats the two bots alternate over the
//!   seats), so luck of the map and the seed cancels within a pair.
//! * **round-robin**: every pair of bots plays `games` games per map as in `versus`.
//! * **contest** (the AI Challenge 2011 format): `games` games in all; game `g` draws its
//!   map from the whole pool (every map of `maps`, any player count) and fills the map's
//!   `n` seats from the `k` bots, with repetition when the map has more seats than there
//!   are bots: every bot sits `n div k` times and `n mod k` bots drawn at random once more,
//!   in a shuffled order (a game of at most `k` seats has `n` different bots; in a larger
//!   one every bot plays, none more than `⌈n / k⌉` times). The draw and the game's seed come from a SplitMix64 stream seeded by the base
//!   seed and `g` (stable across platforms and versions: same seed, same schedule); the
//!   `seeding` key does not apply. Rate it with [`crate::rating::TrueSkillParams::CONTEST_2011`]
//!   (see [`crate::contest`]).
//!
//! Two seedings lay the games out on the maps and number them:
//!
//! * **hashed** (the default): `games` games per map (per matchup and map in the paired
//!   schedules); a game's seed derives from the base seed, the map's file name and the game
//!   index (for paired schedules the pair index), so every bot meets the same boards.
//! * **sequential** (the numbering of `botforge ants tournament`): `games` games in all
//!   (per matchup in the paired schedules), the maps taken in turn, and game `n` of a
//!   matchup has seed `seed + n`. In `rotate` with `k` bots game `n` is played on map
//!   `(n div k) mod #maps` in rotation `n mod k`, so every map is played in all `k`
//!   rotations before the next map starts; in the paired schedules game `n` is played on map
//!   `(n div 2) mod #maps` with the two bots' seats swapped between games `2p` and `2p + 1`
//!   (each game keeps its own seed).

use serde::{Deserialize, Serialize};

use crate::config::{BotEntry, Config};
use crate::runner::{GamePlayer, Job, Seats, resolve_maps};

/// A schedule kind (`schedule = "…"` in a config).
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Schedule {
    /// The bots rotate over the seats of every game.
    #[default]
    Rotate,
    /// Every bot plays the opponent in seat-swapped pairs of games.
    Versus,
    /// Every pair of bots plays in seat-swapped pairs of games.
    RoundRobin,
    /// The 2011 contest: every game draws a map from the pool and its seats from the bots.
    Contest,
}

/// How games are laid out on the maps and seeded (`seeding = "…"` in a config), see the
/// module documentation.
#[derive(Clone, Copy, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Seeding {
    /// `games` per map; seeds hashed from the base seed, map name and game index.
    #[default]
    Hashed,
    /// `games` in all, maps in turn, game `n` has seed `seed + n`.
    Sequential,
}

impl Schedule {
    /// Whether games come in seat-swapped pairs sharing map and seed.
    pub fn paired(self) -> bool {
        matches!(self, Self::Versus | Self::RoundRobin)
    }
}

/// Most games one schedule holds (each costs about 0.6 KB while the run lasts): `games`
/// times the matchups times the maps of a config must stay within it.
pub const MAX_SCHEDULE: u128 = 1_000_000;

/// How many games `config` schedules on `maps` maps.
pub fn count(config: &Config, maps: usize) -> u128 {
    let matchups = match config.schedule() {
        Schedule::Rotate => 1,
        Schedule::Contest => return u128::from(config.games),
        _ => matchups(config).len() as u128,
    };
    let per_map = u128::from(config.games) * matchups;
    if config.seeding == Seeding::Sequential {
        per_map
    } else {
        per_map * maps.max(1) as u128
    }
}

/// The games `config` asks for, in a deterministic order (map by map; for paired
/// schedules matchup by matchup, then game by game). A schedule of more than
/// [`MAX_SCHEDULE`] games is an error that gives the product.
pub fn jobs(config: &Config, player: &dyn GamePlayer) -> anyhow::Result<Vec<Job>> {
    let maps = if config.maps.is_empty() {
        vec![String::new()]
    } else {
        resolve_maps(config)?
    };
    let total = count(config, maps.len());
    anyhow::ensure!(
        total <= MAX_SCHEDULE,
        "the schedule holds {total} games ({} games × {} matchups{}), more than {MAX_SCHEDULE}; \
         split it into several runs",
        config.games,
        match config.schedule() {
            Schedule::Rotate | Schedule::Contest => 1,
            _ => matchups(config).len(),
        },
        if config.seeding == Seeding::Sequential || config.schedule() == Schedule::Contest {
            String::new()
        } else {
            format!(" × {} maps", maps.len())
        }
    );
    let seats_of = |map: &str| -> anyhow::Result<usize> {
        let seats = match player.seats(map)? {
            Seats::Fixed(n) => n,
            Seats::All => config.bots.len(),
        };
        Ok(if config.players > 0 && map.is_empty() {
            config.players
        } else {
            seats
        })
    };
    if config.schedule() == Schedule::Contest {
        let seats = maps
            .iter()
            .map(|m| seats_of(m))
            .collect::<anyhow::Result<Vec<_>>>()?;
        return Ok(contest(config, &maps, &seats));
    }
    if config.seeding == Seeding::Sequential {
        let seats = maps
            .iter()
            .map(|m| seats_of(m))
            .collect::<anyhow::Result<Vec<_>>>()?;
        return Ok(sequential(config, &maps, &seats));
    }
    let mut out = Vec::new();
    for map in &maps {
        let seats = seats_of(map)?;
        match config.schedule() {
            Schedule::Rotate => rotate(config, map, seats, &mut out),
            Schedule::Versus => {
                let opponent = config.opponent_entry();
                for bot in config.bots.iter().filter(|b| Some(*b) != opponent) {
                    if let Some(o) = opponent {
                        paired(config, map, seats, [bot, o], &mut out);
                    }
                }
            }
            Schedule::RoundRobin => {
                for (i, a) in config.bots.iter().enumerate() {
                    for b in &config.bots[i + 1..] {
                        paired(config, map, seats, [a, b], &mut out);
                    }
                }
            }
            Schedule::Contest => {}
        }
    }
    Ok(out)
}

fn job(config: &Config, map: &str, g: u32, seed: u64, bots: &[&BotEntry], tag: &str) -> Job {
    let names: Vec<String> = bots.iter().map(|b| b.name.clone()).collect();
    Job {
        key: format!("{}|{map}|{g}|{}{tag}", config.run_name(), names.join(",")),
        seed,
        game: config.game.clone(),
        map: map.to_owned(),
        index: g,
        specs: bots.iter().map(|b| b.spec().to_owned()).collect(),
        seats: names,
    }
}

fn rotate(config: &Config, map: &str, seats: usize, out: &mut Vec<Job>) {
    let nb = config.bots.len();
    for g in 0..config.games {
        let bots: Vec<&BotEntry> = (0..seats)
            .map(|s| &config.bots[(g as usize + s) % nb])
            .collect();
        out.push(job(config, map, g, mix(config.seed, map, g), &bots, ""));
    }
}

/// `games` games of the two bots: pair `g / 2` shares one seed; even games seat `a` first,
/// odd games `b` first (the two alternate over any further seats).
fn paired(config: &Config, map: &str, seats: usize, pair: [&BotEntry; 2], out: &mut Vec<Job>) {
    for g in 0..config.games {
        let bots: Vec<&BotEntry> = (0..seats).map(|s| pair[(s + g as usize) % 2]).collect();
        let seed = mix(config.seed, map, g / 2);
        out.push(job(config, map, g, seed, &bots, &format!("|pair{}", g / 2)));
    }
}

/// The tag ending the job keys of the `contest` schedule (how a report tells a contest run).
pub const CONTEST_TAG: &str = "|contest";

/// SplitMix64: a small generator whose stream is fixed by its definition, so a contest
/// schedule stays the same across versions of any crate (resumed runs find their keys).
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`; multiply-shift, bias below 2^-32 for the sizes here).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` (Fisher–Yates).
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The jobs of the `contest` schedule (see the module documentation); `seats[m]` is the
/// seat count of `maps[m]`.
fn contest(config: &Config, maps: &[String], seats: &[usize]) -> Vec<Job> {
    let k = config.bots.len().max(1);
    let mut out = Vec::new();
    if maps.is_empty() || config.bots.is_empty() {
        return out;
    }
    for g in 0..config.games {
        let mut rng = SplitMix(mix(config.seed, CONTEST_TAG, g));
        let m = rng.below(maps.len());
        let n = seats[m];
        // `n div k` of every bot, `n mod k` different bots more, in a shuffled order.
        let mut extra: Vec<&BotEntry> = config.bots.iter().collect();
        rng.shuffle(&mut extra);
        extra.truncate(n % k);
        let mut pool: Vec<&BotEntry> = (0..n / k).flat_map(|_| config.bots.iter()).collect();
        pool.extend(extra);
        rng.shuffle(&mut pool);
        let seed = rng.next() >> 1;
        out.push(job(config, &maps[m], g, seed, &pool, CONTEST_TAG));
    }
    out
}

/// The tag ending the job keys of the `sequential` seeding.
const SEQUENTIAL_TAG: &str = "|seq";

/// The file name of a game's replay or log with extension `extension` when the game is
/// numbered in its whole schedule (`sequential` seeding): `game-N.EXT`, as
/// `botforge ants tournament` names them; `None` for other jobs.
pub fn numbered_file(job: &Job, extension: &str) -> Option<String> {
    job.key
        .ends_with(SEQUENTIAL_TAG)
        .then(|| format!("game-{}.{extension}", job.index))
}

/// The matchups of a paired schedule, in order: every bot with the opponent (`versus`),
/// or every pair of bots (`round-robin`).
fn matchups(config: &Config) -> Vec<[&BotEntry; 2]> {
    let mut out = Vec::new();
    match config.schedule() {
        Schedule::Rotate | Schedule::Contest => {}
        Schedule::Versus => {
            if let Some(o) = config.opponent_entry() {
                out.extend(
                    config
                        .bots
                        .iter()
                        .filter(|b| b.name != o.name)
                        .map(|b| [b, o]),
                );
            }
        }
        Schedule::RoundRobin => {
            for (i, a) in config.bots.iter().enumerate() {
                out.extend(config.bots[i + 1..].iter().map(|b| [a, b]));
            }
        }
    }
    out
}

/// The jobs of the `sequential` seeding (see the module documentation); `seats[m]` is the
/// seat count of `maps[m]`. A job's index is its number in the whole schedule.
fn sequential(config: &Config, maps: &[String], seats: &[usize]) -> Vec<Job> {
    let m = maps.len().max(1);
    let mut out = Vec::new();
    let seed = |n: u32| config.seed.wrapping_add(u64::from(n));
    if config.schedule() == Schedule::Rotate {
        let k = config.bots.len().max(1);
        for n in 0..config.games {
            let map = (n as usize / k) % m;
            let bots: Vec<&BotEntry> = (0..seats[map])
                .map(|s| &config.bots[(n as usize + s) % k])
                .collect();
            out.push(job(config, &maps[map], n, seed(n), &bots, SEQUENTIAL_TAG));
        }
        return out;
    }
    for (q, pair) in matchups(config).into_iter().enumerate() {
        for g in 0..config.games {
            let map = (g as usize / 2) % m;
            let bots: Vec<&BotEntry> = (0..seats[map])
                .map(|s| pair[(s + g as usize) % 2])
                .collect();
            let mut j = job(config, &maps[map], g, seed(g), &bots, SEQUENTIAL_TAG);
            j.index = (q as u32).saturating_mul(config.games).saturating_add(g);
            out.push(j);
        }
    }
    out
}

/// A game's seed from the base seed, the map and an index (FNV-1a, stable across platforms
/// and versions).
pub(crate) fn mix(seed: u64, map: &str, index: u32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    let name = std::path::Path::new(map)
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    for b in name.bytes().chain(index.to_le_bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h >> 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::MatchResult;

    struct Seated(Seats);

    impl GamePlayer for Seated {
        fn seats(&self, _map: &str) -> anyhow::Result<Seats> {
            Ok(self.0)
        }
        fn check_bot(&self, _spec: &str) -> anyhow::Result<()> {
            Ok(())
        }
        fn play(&self, _: &Job, _: Option<&std::path::Path>) -> anyhow::Result<MatchResult> {
            anyhow::bail!("not played")
        }
    }

    fn config(extra: &str, bots: &[&str], games: u32) -> Config {
        let mut text = format!("name = \"s\"\ngame = \"wumpus\"\ngames = {games}\n{extra}\n");
        for b in bots {
            text.push_str("[[bots]]\nname = \"");
            text.push_str(b);
            text.push_str("\"\n");
        }
        Config::parse(&text, std::path::Path::new("s.toml")).unwrap()
    }

    fn seats(jobs: &[Job]) -> Vec<String> {
        jobs.iter().map(|j| j.seats.join("-")).collect()
    }

    #[test]
    fn the_schedule_is_bounded_as_a_product_and_counted_exactly() {
        for (extra, bots, games) in [
            ("", &["a", "b", "c"][..], 7),
            (
                "schedule = \"versus\"\nopponent = \"x\"",
                &["p", "x", "q"][..],
                4,
            ),
            ("schedule = \"round-robin\"", &["a", "b", "c", "d"][..], 3),
            (
                "schedule = \"round-robin\"\nseeding = \"sequential\"",
                &["a", "b", "c"][..],
                5,
            ),
        ] {
            let c = config(extra, bots, games);
            let j = jobs(&c, &Seated(Seats::Fixed(2))).unwrap();
            assert_eq!(count(&c, 1), j.len() as u128, "{extra}");
        }
        // 1,000,000 games for each of 10 pairs: refused before any job is built.
        let c = config(
            "schedule = \"round-robin\"",
            &["a", "b", "c", "d", "e"],
            1_000_000,
        );
        let e = jobs(&c, &Seated(Seats::Fixed(2))).unwrap_err().to_string();
        assert!(
            e.contains("10000000 games") && e.contains("10 matchups"),
            "{e}"
        );
        let ok = config("", &["a", "b"], 1_000_000);
        assert_eq!(count(&ok, 1), MAX_SCHEDULE);
    }

    #[test]
    fn rotate_is_the_default_and_keeps_its_keys_and_seeds() {
        let c = config("", &["a", "b", "c"], 3);
        let j = jobs(&c, &Seated(Seats::Fixed(2))).unwrap();
        assert_eq!(seats(&j), ["a-b", "b-c", "c-a"]);
        assert_eq!(j[1].key, "s||1|b,c");
        assert_eq!(j[1].seed, mix(1, "", 1));
        let distinct: std::collections::HashSet<_> = j.iter().map(|j| j.seed).collect();
        assert_eq!(distinct.len(), 3);
    }

    #[test]
    fn versus_pairs_every_bot_with_the_opponent_in_swapped_pairs() {
        let c = config(
            "schedule = \"versus\"\nopponent = \"x\"",
            &["p", "x", "q"],
            4,
        );
        let j = jobs(&c, &Seated(Seats::Fixed(2))).unwrap();
        assert_eq!(
            seats(&j),
            ["p-x", "x-p", "p-x", "x-p", "q-x", "x-q", "q-x", "x-q"]
        );
        assert_eq!(j[0].seed, j[1].seed, "a pair shares its seed");
        assert_ne!(j[1].seed, j[2].seed, "pairs differ");
        assert_eq!(j[0].seed, j[4].seed, "every bot meets the same seeds");
        let keys: std::collections::HashSet<_> = j.iter().map(|j| &j.key).collect();
        assert_eq!(keys.len(), 8);
    }

    #[test]
    fn versus_on_four_seats_alternates_the_two_bots() {
        let c = config("schedule = \"versus\"\nopponent = \"x\"", &["p", "x"], 2);
        let j = jobs(&c, &Seated(Seats::Fixed(4))).unwrap();
        assert_eq!(seats(&j), ["p-x-p-x", "x-p-x-p"]);
    }

    #[test]
    fn round_robin_plays_every_pair() {
        let c = config("schedule = \"round-robin\"", &["a", "b", "c"], 2);
        let j = jobs(&c, &Seated(Seats::Fixed(2))).unwrap();
        assert_eq!(seats(&j), ["a-b", "b-a", "a-c", "c-a", "b-c", "c-b"]);
    }

    #[test]
    fn sprt_defaults_to_versus_against_the_second_bot() {
        let c = config("[sprt]", &["new", "old"], 4);
        assert_eq!(c.schedule(), Schedule::Versus);
        let j = jobs(&c, &Seated(Seats::All)).unwrap();
        assert_eq!(seats(&j), ["new-old", "old-new", "new-old", "old-new"]);
    }

    /// A player whose maps `0.map`, `1.map`, … have the seat counts in the map's name
    /// prefix (`4-0.map` has 4 seats).
    struct BySeats;

    impl GamePlayer for BySeats {
        fn seats(&self, map: &str) -> anyhow::Result<Seats> {
            let name = std::path::Path::new(map)
                .file_name()
                .unwrap()
                .to_string_lossy();
            Ok(Seats::Fixed(name.split('-').next().unwrap().parse()?))
        }
        fn check_bot(&self, _spec: &str) -> anyhow::Result<()> {
            Ok(())
        }
        fn play(&self, _: &Job, _: Option<&std::path::Path>) -> anyhow::Result<MatchResult> {
            anyhow::bail!("not played")
        }
    }

    /// A sequential config over map files `names` created in a temporary directory.
    fn sequential_config(
        dir: &std::path::Path,
        names: &[&str],
        extra: &str,
        bots: &[&str],
        games: u32,
    ) -> Config {
        for n in names {
            std::fs::write(dir.join(n), "").unwrap();
        }
        let maps: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
        let mut text = format!(
            "name = \"s\"\ngame = \"ants\"\ngames = {games}\nseed = 10\nseeding = \"sequential\"\n\
             maps = [{}]\n{extra}\n",
            maps.join(", ")
        );
        for b in bots {
            text.push_str("[[bots]]\nname = \"");
            text.push_str(b);
            text.push_str("\"\n");
        }
        Config::parse(&text, &dir.join("s.toml")).unwrap()
    }

    fn map_names(jobs: &[Job]) -> Vec<String> {
        jobs.iter()
            .map(|j| {
                std::path::Path::new(&j.map)
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect()
    }

    #[test]
    fn sequential_rotation_plays_two_bots_on_four_seats_map_by_map() {
        let dir = tempfile::tempdir().unwrap();
        let c = sequential_config(
            dir.path(),
            &["4-a.map", "4-b.map", "4-c.map"],
            "",
            &["a", "b"],
            4,
        );
        let j = jobs(&c, &BySeats).unwrap();
        assert_eq!(seats(&j), ["a-b-a-b", "b-a-b-a", "a-b-a-b", "b-a-b-a"]);
        assert_eq!(map_names(&j), ["4-a.map", "4-a.map", "4-b.map", "4-b.map"]);
        assert_eq!(
            j.iter().map(|j| j.seed).collect::<Vec<_>>(),
            [10, 11, 12, 13]
        );
        assert_eq!(j.iter().map(|j| j.index).collect::<Vec<_>>(), [0, 1, 2, 3]);
        assert_eq!(
            numbered_file(&j[3], "replay").as_deref(),
            Some("game-3.replay")
        );
        let hashed = config("", &["a", "b"], 1);
        let h = jobs(&hashed, &Seated(Seats::Fixed(2))).unwrap();
        assert_eq!(numbered_file(&h[0], "replay"), None);
    }

    #[test]
    fn sequential_rotation_of_four_bots_takes_every_seat_once_per_map() {
        let dir = tempfile::tempdir().unwrap();
        let bots = ["a", "b", "c", "d"];
        let c = sequential_config(dir.path(), &["4-x.map", "4-y.map"], "", &bots, 8);
        let j = jobs(&c, &BySeats).unwrap();
        for chunk in j.chunks(4) {
            assert!(chunk.iter().all(|g| g.map == chunk[0].map));
            for seat in 0..4 {
                let mut col: Vec<&str> = chunk.iter().map(|g| g.seats[seat].as_str()).collect();
                col.sort_unstable();
                assert_eq!(col, bots, "every bot takes seat {seat} once");
            }
        }
        assert_ne!(j[0].map, j[4].map);
    }

    #[test]
    fn sequential_versus_gives_every_bot_the_same_maps_and_seeds() {
        let dir = tempfile::tempdir().unwrap();
        let names = ["2-a.map", "2-b.map", "2-c.map"];
        let c = sequential_config(
            dir.path(),
            &names,
            "schedule = \"versus\"\nopponent = \"x\"",
            &["p", "x", "q"],
            4,
        );
        let j = jobs(&c, &BySeats).unwrap();
        assert_eq!(
            seats(&j),
            ["p-x", "x-p", "p-x", "x-p", "q-x", "x-q", "q-x", "x-q"]
        );
        for g in 0..4 {
            assert_eq!(j[g].map, j[4 + g].map);
            assert_eq!(j[g].seed, j[4 + g].seed);
            assert_eq!(j[g].seed, 10 + g as u64);
        }
        assert_eq!(
            map_names(&j)[..4],
            ["2-a.map", "2-a.map", "2-b.map", "2-b.map"]
        );
        assert_eq!(
            j.iter().map(|j| j.index).collect::<Vec<_>>(),
            (0..8).collect::<Vec<_>>()
        );
        let keys: std::collections::HashSet<_> = j.iter().map(|j| &j.key).collect();
        assert_eq!(keys.len(), 8);
    }

    #[test]
    fn contest_draws_maps_and_seats_deterministically_with_bounded_repetition() {
        let dir = tempfile::tempdir().unwrap();
        let names = ["2-a.map", "3-b.map", "4-c.map", "6-d.map", "10-e.map"];
        let bots = ["p", "q", "r", "s"];
        let c = sequential_config(dir.path(), &names, "schedule = \"contest\"", &bots, 200);
        let j = jobs(&c, &BySeats).unwrap();
        assert_eq!(j.len(), 200);
        assert_eq!(count(&c, names.len()), 200);
        assert_eq!(j, jobs(&c, &BySeats).unwrap(), "same seed, same schedule");
        let mut maps_seen = std::collections::HashSet::new();
        for g in &j {
            let name = map_names(std::slice::from_ref(g)).remove(0);
            let n: usize = name.split('-').next().unwrap().parse().unwrap();
            assert_eq!(
                g.seats.len(),
                n,
                "{name}: the map's player count seats the game"
            );
            for b in bots {
                let k = g.seats.iter().filter(|s| *s == b).count();
                assert!(
                    k >= n / bots.len() && k <= n.div_ceil(bots.len()),
                    "{b} sits {k} times in {:?}",
                    g.seats
                );
            }
            assert!(g.key.ends_with(CONTEST_TAG));
            maps_seen.insert(name);
        }
        assert_eq!(maps_seen.len(), names.len(), "every map is drawn");
        let keys: std::collections::HashSet<_> = j.iter().map(|g| &g.key).collect();
        assert_eq!(keys.len(), 200);
        let seeds: std::collections::HashSet<_> = j.iter().map(|g| g.seed).collect();
        assert_eq!(seeds.len(), 200);
        // Every bot takes every seat index of the 2-player map at some point.
        let firsts: std::collections::HashSet<_> = j
            .iter()
            .filter(|g| g.seats.len() == 2)
            .map(|g| g.seats[0].clone())
            .collect();
        assert_eq!(firsts.len(), bots.len());
        // Another base seed draws another schedule; more games extend it unchanged.
        let mut other = c.clone();
        other.seed = 11;
        assert_ne!(jobs(&other, &BySeats).unwrap(), j);
        let mut more = c.clone();
        more.games = 250;
        assert_eq!(jobs(&more, &BySeats).unwrap()[..200], j[..]);
    }

    #[test]
    fn sequential_round_robin_pairs_every_two_bots() {
        let dir = tempfile::tempdir().unwrap();
        let c = sequential_config(
            dir.path(),
            &["2-a.map"],
            "schedule = \"round-robin\"",
            &["a", "b", "c"],
            2,
        );
        let j = jobs(&c, &BySeats).unwrap();
        assert_eq!(seats(&j), ["a-b", "b-a", "a-c", "c-a", "b-c", "c-b"]);
        assert_eq!(
            j.iter().map(|j| j.seed).collect::<Vec<_>>(),
            [10, 11, 10, 11, 10, 11]
        );
    }
}

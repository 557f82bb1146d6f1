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
//!
//! A game's seed derives from the base seed, the map's file name and the game index (for
//! paired schedules the pair index), so every bot meets the same boards.

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
}

impl Schedule {
    /// Whether games come in seat-swapped pairs sharing map and seed.
    pub fn paired(self) -> bool {
        self != Self::Rotate
    }
}

/// The games `config` asks for, in a deterministic order (map by map; for paired
/// schedules matchup by matchup, then game by game).
pub fn jobs(config: &Config, player: &dyn GamePlayer) -> anyhow::Result<Vec<Job>> {
    let maps = if config.maps.is_empty() {
        vec![String::new()]
    } else {
        resolve_maps(config)?
    };
    let mut out = Vec::new();
    for map in &maps {
        let seats = match player.seats(map)? {
            Seats::Fixed(n) => n,
            Seats::All => config.bots.len(),
        };
        let seats = if config.players > 0 && map.is_empty() {
            config.players
        } else {
            seats
        };
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
}

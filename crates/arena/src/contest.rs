//! The report of a `contest` run (see [`crate::schedule`]): the TrueSkill ladder on the
//! AI Challenge 2011 scale ([`TrueSkillParams::CONTEST_2011`]), and per player-count band
//! (2, 3–4, 5–10 seats) and per map type (the map file's directory, e.g. `maze`,
//! `cell_maze`) each bot's games and the share of them it topped, with its timeouts and
//! crashes.
//!
//! **Tops.** A bot *tops* a game when its seats alone hold the game's top score (one of its
//! seats, or several of them level); it *shares* the top when a seat of another bot has the
//! same top score. The top share is tops ÷ games the bot played: shared tops are shown
//! beside it and not counted in it, as `ants analyze --team` counts them ("team only" and
//! "shared with others"). A bot counts one game per game, however many seats it had.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::rating::{Standings, TrueSkillParams, standings_with};
use crate::schedule::CONTEST_TAG;
use crate::store::StoredMatch;

/// Whether `games` are those of a contest run (their keys carry the contest tag).
pub fn is_contest(games: &[StoredMatch]) -> bool {
    games.iter().any(|m| m.key.ends_with(CONTEST_TAG))
}

/// The TrueSkill scale a report of `games` rates on: the 2011 contest's for a contest run,
/// the standard one otherwise.
pub fn params(games: &[StoredMatch]) -> TrueSkillParams {
    if is_contest(games) {
        TrueSkillParams::CONTEST_2011
    } else {
        TrueSkillParams::STANDARD
    }
}

/// The player-count band of a game of `seats` seats: `2`, `3–4`, `5–10` (and `11+`).
pub fn band(seats: usize) -> &'static str {
    match seats {
        0..=2 => "2",
        3..=4 => "3–4",
        5..=10 => "5–10",
        _ => "11+",
    }
}

/// The type of a map: the name of the directory holding its file (the official pool's
/// `cell_maze`, `maze`, `multi_hill_maze`, `random_walk`, `example`), `-` without one.
pub fn map_type(map: &str) -> String {
    std::path::Path::new(map)
        .parent()
        .and_then(|p| p.file_name())
        .map_or_else(|| "-".to_owned(), |n| n.to_string_lossy().into_owned())
}

/// One bot's games in a group of games and how many of them it topped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tops {
    /// Games the bot played (once per game, whatever its seat count).
    pub games: u32,
    /// Games whose top score only its seats hold.
    pub tops: u32,
    /// Games whose top score it holds level with another bot.
    pub shared: u32,
}

impl Tops {
    /// Tops ÷ games (0 without games).
    pub fn share(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            f64::from(self.tops) / f64::from(self.games)
        }
    }
}

/// Per group (the key `group` gives a game), per bot, its [`Tops`].
pub fn tops_by(
    games: &[StoredMatch],
    group: impl Fn(&StoredMatch) -> String,
) -> BTreeMap<String, BTreeMap<String, Tops>> {
    let mut out: BTreeMap<String, BTreeMap<String, Tops>> = BTreeMap::new();
    for m in games.iter().filter(|m| !m.seats.is_empty()) {
        let best = m
            .seats
            .iter()
            .map(|s| s.score)
            .fold(f64::NEG_INFINITY, f64::max);
        let mut holders: Vec<&str> = m
            .seats
            .iter()
            .filter(|s| (s.score - best).abs() < 1e-9)
            .map(|s| s.bot.as_str())
            .collect();
        holders.sort_unstable();
        holders.dedup();
        let mut bots: Vec<&str> = m.seats.iter().map(|s| s.bot.as_str()).collect();
        bots.sort_unstable();
        bots.dedup();
        let row = out.entry(group(m)).or_default();
        for bot in bots {
            let t = row.entry(bot.to_owned()).or_default();
            t.games += 1;
            if holders.contains(&bot) {
                if holders.len() == 1 {
                    t.tops += 1;
                } else {
                    t.shared += 1;
                }
            }
        }
    }
    out
}

/// A bot's seats that timed out and that crashed (or were removed for invalid orders).
pub fn faults(games: &[StoredMatch]) -> BTreeMap<String, (u32, u32)> {
    let mut out: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    for s in games.iter().flat_map(|m| &m.seats) {
        let e = out.entry(s.bot.clone()).or_default();
        e.0 += u32::from(s.status == "timeout");
        e.1 += u32::from(crate::report::crashed(&s.status));
    }
    out
}

/// The contest ladder of `games` (in the order played) on the 2011 scale.
pub fn ladder(games: &[StoredMatch]) -> Standings {
    standings_with(games, &TrueSkillParams::CONTEST_2011)
}

/// The bots of `row` with the highest top share (several when level), `–` for none.
fn leaders(row: &BTreeMap<String, Tops>) -> String {
    let best = row.values().map(Tops::share).fold(0.0, f64::max);
    let names: Vec<&str> = row
        .iter()
        .filter(|(_, t)| t.games > 0 && (t.share() - best).abs() < 1e-12)
        .map(|(b, _)| b.as_str())
        .collect();
    if names.is_empty() {
        "–".to_owned()
    } else {
        names.join(", ")
    }
}

/// A Markdown table of top shares: one row per bot of `order`, one column per group.
fn tops_table(
    out: &mut String,
    order: &[String],
    groups: &BTreeMap<String, BTreeMap<String, Tops>>,
    suffix: &str,
) {
    out.push_str("| Bot |");
    for g in groups.keys() {
        let _ = write!(out, " {g}{suffix} |");
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(groups.len()));
    out.push('\n');
    for bot in order {
        let _ = write!(out, "| {bot} |");
        for row in groups.values() {
            match row.get(bot) {
                Some(t) if t.games > 0 => {
                    let _ = write!(
                        out,
                        " {:.1} % ({} of {}, {} shared) |",
                        100.0 * t.share(),
                        t.tops,
                        t.games,
                        t.shared
                    );
                }
                _ => out.push_str(" – |"),
            }
        }
        out.push('\n');
    }
    out.push_str("| **first** |");
    for row in groups.values() {
        let _ = write!(out, " {} |", leaders(row));
    }
    out.push('\n');
}

/// The contest section of a report: the ladder (mu, sigma, mu − 3σ, games, timeouts,
/// crashes; best first by mu − 3σ), then the top shares per player-count band and per map
/// type (see the module documentation); `None` when `games` are not a contest run's.
pub fn text(games: &[StoredMatch]) -> Option<String> {
    if !is_contest(games) {
        return None;
    }
    let standings = ladder(games);
    let faults = faults(games);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "contest: {} games; TrueSkill on the 2011 scale (mu 50, sigma 50/3, beta 50/6, tau 50/300, draw probability 0.05)\n",
        games.len()
    );
    out.push_str(
        "| # | Bot | mu | sigma | mu − 3σ | Games | Timeouts | Crashes |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for (i, r) in standings.ratings.iter().enumerate() {
        let (t, c) = faults.get(&r.bot).copied().unwrap_or_default();
        let _ = writeln!(
            out,
            "| {} | {} | {:.2} | {:.2} | {:.2} | {} | {t} | {c} |",
            i + 1,
            r.bot,
            r.mu,
            r.sigma,
            r.conservative(),
            r.games
        );
    }
    let order: Vec<String> = standings.ratings.iter().map(|r| r.bot.clone()).collect();
    out.push_str(
        "\nGames topped per player count: the share of its games in which only the bot's seats \
         hold the top score (tops of games); shared tops, level with another bot, apart.\n\n",
    );
    tops_table(
        &mut out,
        &order,
        &tops_by(games, |m| band(m.seats.len()).to_owned()),
        " players",
    );
    out.push_str("\nGames topped per map type:\n\n");
    tops_table(&mut out, &order, &tops_by(games, |m| map_type(&m.map)), "");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::SeatResult;

    fn game(map: &str, seats: &[(&str, f64, &str)]) -> StoredMatch {
        StoredMatch {
            id: 0,
            run: "c".into(),
            key: format!("c|{map}|0|x{CONTEST_TAG}"),
            game: "ants".into(),
            map: map.into(),
            seed: 0,
            turns: 1,
            outcome: String::new(),
            replay: None,
            played_at: String::new(),
            details: serde_json::Value::Null,
            seats: seats
                .iter()
                .map(|&(b, score, status)| SeatResult {
                    bot: b.into(),
                    score,
                    rank: 0,
                    status: status.into(),
                })
                .collect(),
        }
    }

    #[test]
    fn tops_count_sole_tops_and_shared_tops_apart_once_per_game() {
        let games = [
            // a tops alone with two seats level at the top.
            game(
                "m/maze/a.map",
                &[
                    ("a", 5.0, "survived"),
                    ("a", 5.0, "survived"),
                    ("b", 1.0, "timeout"),
                ],
            ),
            // a and b share the top; c is last.
            game(
                "m/cell_maze/b.map",
                &[
                    ("a", 3.0, "survived"),
                    ("b", 3.0, "crashed"),
                    ("c", 0.0, "survived"),
                ],
            ),
            game(
                "m/maze/c.map",
                &[("b", 4.0, "survived"), ("a", 2.0, "survived")],
            ),
        ];
        let bands = tops_by(&games, |m| band(m.seats.len()).to_owned());
        assert_eq!(
            bands["3–4"]["a"],
            Tops {
                games: 2,
                tops: 1,
                shared: 1
            }
        );
        assert_eq!(
            bands["3–4"]["b"],
            Tops {
                games: 2,
                tops: 0,
                shared: 1
            }
        );
        assert_eq!(bands["2"]["b"].tops, 1);
        assert_eq!((bands["2"]["a"].games, bands["2"]["a"].tops), (1, 0));
        let types = tops_by(&games, |m| map_type(&m.map));
        assert_eq!(types.keys().collect::<Vec<_>>(), ["cell_maze", "maze"]);
        assert_eq!(types["maze"]["a"].games, 2);
        assert_eq!(faults(&games)["b"], (1, 1));
        assert_eq!(leaders(&bands["3–4"]), "a");
        assert_eq!(map_type("a.map"), "-");
    }

    #[test]
    fn the_report_rates_on_the_2011_scale_and_only_contest_runs() {
        let mut games = vec![game(
            "m/maze/a.map",
            &[("a", 5.0, "survived"), ("b", 1.0, "survived")],
        )];
        games[0].seats[1].rank = 1;
        let text = text(&games).unwrap();
        assert!(text.contains("| 1 | a |"), "{text}");
        assert!(text.contains("| 2 players |"), "{text}");
        assert!(text.contains("| **first** | a |"), "{text}");
        let l = ladder(&games);
        assert!(l.ratings[0].mu > 50.0 && l.ratings[1].mu < 50.0, "{l:?}");
        assert_eq!(params(&games), TrueSkillParams::CONTEST_2011);
        games[0].key = "plain|m|0|a,b".into();
        assert!(super::text(&games).is_none());
        assert_eq!(params(&games), TrueSkillParams::STANDARD);
    }
}

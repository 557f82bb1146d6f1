//! Markdown tables of a game's result and of what the replay analyses find: the text
//! `botforge ants play`, `ants agree` and `ants analyze` print. The numbers come from
//! [`crate::GameOutcome`], [`crate::agreement`] and [`crate::analysis`]; this module only
//! lays them out.

use std::fmt::Write as _;
use std::time::Duration;

use crate::agreement::{Agreement, Balance, Situation, Tally};
use crate::analysis::{
    BALANCES, FRONT_EVERY, FRONT_HORIZON, FRONT_STEPS, FRONT_TURNS, FrontCounts, SAMPLE_TURNS,
    SeatStats, TeamTally,
};
use crate::{GameOutcome, Status};

/// The result of one game: a row per player (bot, status, score, rank, turns played), then
/// the game's length, why it ended and the times (`wall`: as measured by the caller).
pub fn outcome(result: &GameOutcome, wall: Duration) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "| player | bot | status | score | rank | turns |");
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for p in 0..result.names.len() {
        let _ = writeln!(
            out,
            "| {p} | {} | {} | {} | {} | {} |",
            result.names[p],
            result.statuses[p].as_str(),
            result.scores[p],
            result.ranks[p] + 1,
            result.playerturns[p]
        );
    }
    let _ = writeln!(
        out,
        "\n{} turns, cutoff: {}; {:.3} s wall, engine {:.3} s",
        result.turns,
        result.cutoff.as_str(),
        wall.as_secs_f64(),
        result.timing.engine.as_secs_f64()
    );
    for p in 0..result.names.len() {
        let said = result.stderr.get(p).map_or("", |s| s.trim_end());
        let failed = matches!(
            result.statuses[p],
            Status::Crashed | Status::CrashedAtStart | Status::Timeout | Status::Invalid
        );
        if failed && !said.is_empty() {
            let _ = writeln!(
                out,
                "\nplayer {p} ({}) {} in turn {}; the end of its stderr:",
                result.names[p],
                result.statuses[p].as_str(),
                result.playerturns[p]
            );
            for line in said
                .lines()
                .rev()
                .take(STDERR_LINES)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
            {
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    out
}

/// Most stderr lines [`outcome`] shows of a failed external bot.
const STDERR_LINES: usize = 20;

/// The comparison of bot `spec` with the recorded `player` over `games` replays: a row per
/// situation and balance of the ants near an enemy, the totals, and (for bots that report
/// the step behind each move) a table by that step, the most frequent first.
pub fn agreement(spec: &str, player: &str, games: usize, total: &Agreement) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "`{spec}` against `{player}` in {games} replays");
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| ants | balance | positions | same move % | bot closer | {player} closer | bot stays % | {player} stays % |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    let row = |out: &mut String, what: &str, bal: &str, t: &Tally| {
        let _ = writeln!(
            out,
            "| {what} | {bal} | {} | {:.1} | {} | {} | {:.1} | {:.1} |",
            t.positions,
            100.0 * t.rate(),
            t.bot_closer,
            t.player_closer,
            100.0 * t.bot_stay_rate(),
            100.0 * t.player_stay_rate()
        );
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
            row(&mut out, sname, bname, total.get(s, b));
        }
    }
    row(&mut out, "near an enemy", "all", &total.near_total());
    row(&mut out, "all ants", "all", &total.all);
    if total.by_step.is_empty() {
        return out;
    }
    let mut steps = total.by_step.clone();
    steps.sort_by_key(|(_, t)| std::cmp::Reverse(t.all.positions));
    let _ = writeln!(out);
    let _ = writeln!(out, "By the step of the bot that decided the move:");
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "| step | positions | same move % | near an enemy | same move % | bot closer | {player} closer | bot stays % (near) | {player} stays % (near) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|---|");
    for (name, t) in steps {
        let _ = writeln!(
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
        );
    }
    out
}

/// The tables of `botforge ants analyze`, built game by game: [`Analysis::header`], then
/// the rows [`Analysis::add`] returns per game, then [`Analysis::means`] (means per bot and
/// the near-front table) and, for a team, [`Analysis::team`].
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The player names that form the team of [`Analysis::team`] (may be empty).
    team: Vec<String>,
    /// Every seat so far, grouped by player name in order of appearance.
    per_bot: Vec<(String, Vec<SeatStats>)>,
    /// The team's tally over the games so far.
    tally: TeamTally,
}

impl Analysis {
    /// An empty report; `team` names the seats of the team table (none: no team table).
    pub fn new(team: &[String]) -> Self {
        Analysis {
            team: team.to_vec(),
            ..Analysis::default()
        }
    }

    /// The header of the per-game table.
    pub fn header() -> String {
        let t = SAMPLE_TURNS;
        format!(
            "| game | player | result | score | alive {t:?} | food | on own side | own side's taken by enemies | lost | lost on own side | lost for nothing | … outnumbered | in sight % | hills lost at | hills razed at | first contact |\n\
             |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        )
    }

    /// Adds one game (`seats` as [`crate::analysis::analyze`] returns them) and returns its
    /// rows of the per-game table.
    pub fn add(&mut self, game: &str, seats: Vec<SeatStats>) -> String {
        let team = &self.team;
        self.tally.add(&seats, |n| team.iter().any(|t| t == n));
        let mut out = String::new();
        for s in seats {
            let pct: Vec<String> = s
                .vision
                .iter()
                .map(|v| format!("{:.0}", 100.0 * v))
                .collect();
            let _ = writeln!(
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
            );
            match self.per_bot.iter_mut().find(|(n, _)| *n == s.name) {
                Some((_, v)) => v.push(s),
                None => self.per_bot.push((s.name.clone(), vec![s])),
            }
        }
        out
    }

    /// The team names that no player of the games added so far has.
    pub fn unknown_team(&self) -> Vec<&str> {
        self.team
            .iter()
            .filter(|t| !self.per_bot.iter().any(|(n, _)| n == *t))
            .map(String::as_str)
            .collect()
    }

    /// The means per bot (seats, wins, draws, losses and the per-game columns averaged),
    /// then the near-front table ([`SeatStats::front`] summed per bot and balance).
    pub fn means(&self) -> String {
        let t = SAMPLE_TURNS;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "\nMeans per bot (seats; turns {t:?}; a game that ended earlier counts 0 alive):\n"
        );
        let _ = writeln!(
            out,
            "| bot | seats | W | D | L | alive | food | on own side | own side's taken by enemies | lost | lost on own side | lost for nothing | … outnumbered | in sight % | hills lost per seat (by turn {}) | hills razed per seat (by turn {}) |",
            t[3], t[3]
        );
        let _ = writeln!(
            out,
            "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
        );
        for (name, seats) in &self.per_bot {
            let k = seats.len() as f64;
            let mean = |f: &dyn Fn(&SeatStats) -> f64| seats.iter().map(f).sum::<f64>() / k;
            let fmt4 = |f: &dyn Fn(&SeatStats, usize) -> f64| {
                (0..4)
                    .map(|i| format!("{:.1}", mean(&|s| f(s, i))))
                    .collect::<Vec<_>>()
                    .join(" / ")
            };
            let count = |c: char| seats.iter().filter(|s| s.result == c).count();
            let by_last_sample =
                |turns: &[u32]| turns.iter().filter(|&&r| r <= t[3]).count() as f64;
            let _ = writeln!(
                out,
                "| {name} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} ({:.2}) | {:.2} ({:.2}) |",
                seats.len(),
                count('W'),
                count('D'),
                count('L'),
                fmt4(&|s, i| f64::from(s.alive[i])),
                fmt4(&|s, i| f64::from(s.food[i])),
                fmt4(&|s, i| f64::from(s.food_home[i])),
                fmt4(&|s, i| f64::from(s.food_conceded[i])),
                fmt4(&|s, i| f64::from(s.lost[i])),
                fmt4(&|s, i| f64::from(s.lost_home[i])),
                fmt4(&|s, i| f64::from(s.lost_free[i])),
                fmt4(&|s, i| f64::from(s.lost_outnumbered[i])),
                fmt4(&|s, i| 100.0 * s.vision[i]),
                mean(&|s| s.hills_lost.len() as f64),
                mean(&|s| by_last_sample(&s.hills_lost)),
                mean(&|s| s.hills_razed.len() as f64),
                mean(&|s| by_last_sample(&s.hills_razed)),
            );
        }
        out.push_str(&self.front());
        out
    }

    /// Per bot and local balance, the ants near the front per seat and the shares that died
    /// soon, stepped away and held (see [`SeatStats::front`]).
    fn front(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "\nAnts near the front (an enemy ant {FRONT_STEPS} rows plus columns away or fewer) at every \
             {FRONT_EVERY}th turn of {}–{}, by the balance within the view radius:\n",
            FRONT_TURNS.start(),
            FRONT_TURNS.end()
        );
        let _ = writeln!(
            out,
            "| bot | balance | ants per seat | died within {FRONT_HORIZON} turns % | stepped away % | held % |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|");
        for (name, seats) in &self.per_bot {
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
                let _ = writeln!(
                    out,
                    "| {name} | {balance} | {:.1} | {:.1} | {:.1} | {:.1} |",
                    f64::from(sum.ants) / seats.len().max(1) as f64,
                    pct(sum.died),
                    pct(sum.away),
                    pct(sum.held)
                );
            }
        }
        out
    }

    /// The team table (see [`TeamTally`]): the games whose top score only team seats hold,
    /// those they share, and points, hills and eliminations per seat of the team and of the
    /// others.
    pub fn team(&self) -> String {
        let t = &self.tally;
        let per_seat = |x: f64, k: usize| x / f64::from(t.seats[k].max(1));
        let pct = |x: u32| 100.0 * f64::from(x) / f64::from(t.games.max(1));
        let mut out = String::new();
        let _ = writeln!(
            out,
            "\nTeam {} against the other seats ({} games; {} more left out for a timeout, crash or invalid line):\n",
            self.team.join(" + "),
            t.games,
            t.faulted
        );
        let _ = writeln!(
            out,
            "| top score: team only | shared with others | not the team's | points per seat: team / others | hills lost per seat | hills razed per seat | seats eliminated |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|---|---|");
        let _ = writeln!(
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
        );
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agreement::StepTally;
    use crate::bots::{HoldBot, LeftyBot};
    use crate::{Entrant, GameConfig, Map, play_game};

    /// The cells, trimmed, of the markdown row that starts with `prefix`.
    fn cells(table: &str, prefix: &str) -> Vec<String> {
        let line = table
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no row {prefix} in\n{table}"));
        line.trim_matches('|')
            .split('|')
            .map(|c| c.trim().to_owned())
            .collect()
    }

    #[test]
    fn outcome_has_a_row_per_player_and_the_game_line() {
        let map = Map::parse(
            "rows 8\ncols 8\nplayers 2\nm ........\nm .0......\nm ........\nm ........\n\
             m ........\nm .....1..\nm ........\nm ........\n",
        )
        .unwrap();
        let config = GameConfig {
            turns: 20,
            ..GameConfig::seeded(2)
        };
        let bots = vec![
            Entrant::InProcess(Box::new(LeftyBot::default())),
            Entrant::InProcess(Box::new(HoldBot)),
        ];
        let result = play_game(&map, &config, bots).unwrap();
        let text = outcome(&result, Duration::from_millis(1500));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "| player | bot | status | score | rank | turns |");
        for (p, name) in ["lefty", "hold"].iter().enumerate() {
            let row = cells(&text, &format!("| {p} | {name} |"));
            assert_eq!(row[2], result.statuses[p].as_str());
            assert_eq!(row[3], result.scores[p].to_string());
            assert_eq!(
                row[4],
                (result.ranks[p] + 1).to_string(),
                "ranks count from 1"
            );
            assert_eq!(row[5], result.playerturns[p].to_string());
        }
        let last = lines.last().unwrap();
        assert!(
            last.starts_with(&format!(
                "{} turns, cutoff: {}; 1.500 s wall, engine ",
                result.turns,
                result.cutoff.as_str()
            )),
            "{last}"
        );
    }

    fn tally(positions: u64, same: u64, bot_stays: u64, player_stays: u64) -> Tally {
        Tally {
            positions,
            same,
            bot_closer: 2,
            player_closer: 1,
            bot_stays,
            player_stays,
        }
    }

    #[test]
    fn agreement_rows_give_rates_in_percent_and_steps_by_frequency() {
        let mut a = Agreement {
            all: tally(40, 30, 10, 20),
            ..Agreement::default()
        };
        a.near[0][1] = tally(8, 2, 4, 0);
        let text = agreement("hold", "greedy", 3, &a);
        assert!(
            text.starts_with("`hold` against `greedy` in 3 replays\n"),
            "{text}"
        );
        assert_eq!(
            cells(&text, "| all ants | all |"),
            ["all ants", "all", "40", "75.0", "2", "1", "25.0", "50.0"]
        );
        assert_eq!(
            cells(&text, "| fight | even |"),
            ["fight", "even", "8", "25.0", "2", "1", "50.0", "0.0"]
        );
        assert_eq!(cells(&text, "| escape | even |")[2], "0");
        assert_eq!(cells(&text, "| near an enemy | all |")[2], "8");
        assert!(!text.contains("By the step"), "{text}");

        a.by_step = vec![
            (
                "rare",
                StepTally {
                    all: tally(1, 1, 0, 0),
                    near: Tally::default(),
                },
            ),
            (
                "often",
                StepTally {
                    all: tally(10, 5, 5, 0),
                    near: tally(4, 1, 1, 2),
                },
            ),
        ];
        let text = agreement("hold", "greedy", 3, &a);
        let often = text.find("| often |").unwrap();
        let rare = text.find("| rare |").unwrap();
        assert!(often < rare, "the most positions first: {text}");
        assert_eq!(
            cells(&text, "| often |"),
            [
                "often",
                "10",
                "50.0",
                "4",
                "25.0",
                "2",
                "1",
                "50.0 (25.0)",
                "0.0 (50.0)"
            ]
        );
    }

    fn seat(name: &str, result: char, score: i64, alive: u32, hills_lost: Vec<u32>) -> SeatStats {
        SeatStats {
            name: name.to_owned(),
            result,
            score,
            status: Some(crate::Status::Survived),
            alive: [alive; 4],
            vision: [0.25; 4],
            hills_lost,
            ..SeatStats::default()
        }
    }

    #[test]
    fn analysis_means_average_the_seats_and_the_team_table_counts_top_scores() {
        let team = ["a".to_owned()];
        let mut report = Analysis::new(&team);
        assert!(Analysis::header().starts_with("| game | player | result |"));
        let rows = report.add(
            "g1",
            vec![
                seat("a", 'W', 3, 10, vec![]),
                seat("b", 'L', 1, 4, vec![250]),
            ],
        );
        assert_eq!(rows.lines().count(), 2);
        assert_eq!(cells(&rows, "| g1 | b |")[13], "[250]", "{rows}");
        let mut second = seat("a", 'L', 0, 2, vec![120, 400]);
        second.front[0] = FrontCounts {
            ants: 4,
            died: 1,
            away: 2,
            held: 1,
        };
        report.add("g2", vec![second, seat("b", 'W', 2, 6, vec![])]);
        assert!(report.unknown_team().is_empty());

        let means = report.means();
        let a = cells(&means, "| a | 2 |");
        assert_eq!(&a[2..5], ["1", "0", "1"], "W D L: {means}");
        assert_eq!(a[5], "6.0 / 6.0 / 6.0 / 6.0", "alive: {means}");
        assert_eq!(a[13], "25.0 / 25.0 / 25.0 / 25.0", "in sight %: {means}");
        // Hills lost: 2 in 2 seats, 1 of them by turn 300.
        assert_eq!(a[14], "1.00 (0.50)", "{means}");
        // The near-front table: 4 ants in 2 seats, 1 died, 2 stepped away, 1 held.
        assert_eq!(
            cells(&means, "| a | outnumbered |"),
            ["a", "outnumbered", "2.0", "25.0", "50.0", "25.0"]
        );
        assert_eq!(cells(&means, "| b | even |")[2], "0.0");

        let t = report.team();
        assert!(
            t.contains("Team a against the other seats (2 games; 0 more"),
            "{t}"
        );
        assert_eq!(
            cells(&t, "| 1 (50.0 %)"),
            [
                "1 (50.0 %)",
                "0 (0.0 %)",
                "1",
                "1.50 / 1.50",
                "1.00 / 0.50",
                "0.00 / 0.00",
                "0 of 2 / 0 of 2"
            ]
        );
        let other = Analysis::new(&["nobody".to_owned(), "a".to_owned()]);
        assert_eq!(other.unknown_team(), ["nobody", "a"], "nothing added yet");
    }
}

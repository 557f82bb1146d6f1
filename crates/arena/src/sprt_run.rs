//! Feeding the SPRT of a config's `[sprt]` table from games: counts W/D/L of the
//! candidate against the baseline and, for paired schedules of two-seat games, the
//! pentanomial of complete seat-swapped pairs (two games on the same map and seed). The
//! state is rebuilt from the store when a run resumes and updated after every game.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

use crate::config::Config;
use crate::runner::{Observer, RunOptions, SeatResult};
use crate::sprt::Verdict;
use crate::sprt::{Analysis, SprtConfig, Tally, analyze};
use crate::store::StoredMatch;

/// The running state of a test.
#[derive(Clone, Debug)]
pub struct Monitor {
    config: SprtConfig,
    candidate: String,
    baseline: String,
    paired: bool,
    all_two_seats: bool,
    wdl: [u64; 3],
    /// Candidate scores (0, ½, 1) per (map, seed), in the order the games finished.
    by_board: BTreeMap<(String, u64), Vec<f64>>,
}

impl Monitor {
    /// A monitor for `config`'s `[sprt]` table; `None` without one.
    pub fn new(config: &Config) -> Option<Self> {
        let sprt = config.sprt?;
        let (candidate, baseline) = config.sprt_pair()?;
        Some(Self {
            config: sprt,
            candidate: candidate.to_owned(),
            baseline: baseline.to_owned(),
            paired: config.schedule().paired(),
            all_two_seats: true,
            wdl: [0; 3],
            by_board: BTreeMap::new(),
        })
    }

    /// A monitor with the games already stored for the run.
    pub fn from_games(config: &Config, games: &[StoredMatch]) -> Option<Self> {
        let mut m = Self::new(config)?;
        for g in games {
            m.add(&g.map, g.seed, &g.seats);
        }
        Some(m)
    }

    /// The candidate and the baseline.
    pub fn bots(&self) -> (&str, &str) {
        (&self.candidate, &self.baseline)
    }

    /// Counts one finished game (games without both bots are ignored). The candidate wins
    /// when its best seat ranks better than the baseline's best seat.
    pub fn add(&mut self, map: &str, seed: u64, seats: &[SeatResult]) {
        let best = |bot: &str| seats.iter().filter(|s| s.bot == bot).map(|s| s.rank).min();
        let (Some(a), Some(b)) = (best(&self.candidate), best(&self.baseline)) else {
            return;
        };
        let score = match a.cmp(&b) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        self.wdl[(score * 2.0) as usize] += 1;
        if seats.len() != 2 {
            self.all_two_seats = false;
        }
        self.by_board
            .entry((map.to_owned(), seed))
            .or_default()
            .push(score);
    }

    /// The counts: W/D/L over all games and, when pairs apply, the pentanomial of the
    /// complete pairs (a pair's score is the sum of its two games' scores).
    pub fn tally(&self) -> Tally {
        let pairs = (self.paired && self.all_two_seats).then(|| {
            let mut p = [0u64; 5];
            for scores in self.by_board.values() {
                for pair in scores.chunks_exact(2) {
                    p[((pair[0] + pair[1]) * 2.0) as usize] += 1;
                }
            }
            p
        });
        Tally {
            losses: self.wdl[0],
            draws: self.wdl[1],
            wins: self.wdl[2],
            pairs,
        }
    }

    /// The test on the current counts.
    pub fn analysis(&self) -> Analysis {
        analyze(&self.config, &self.tally())
    }
}

/// `options` extended for `config`'s test: an observer that counts every stored game and
/// stops the run once the test decides, and no game at all when the games already stored
/// decide it. Without a `[sprt]` table, `options` unchanged.
pub fn options(
    config: &Config,
    store: &crate::store::Store,
    options: &RunOptions,
) -> anyhow::Result<RunOptions> {
    let stored = if config.sprt.is_some() {
        store.matches(Some(&config.run_name()))?
    } else {
        Vec::new()
    };
    let Some(monitor) = Monitor::from_games(config, &stored) else {
        return Ok(options.clone());
    };
    let mut out = options.clone();
    if monitor.analysis().verdict != Verdict::Continue {
        out.limit = Some(0);
    }
    let state = Arc::new(Mutex::new(monitor));
    let inner = options.observer.clone();
    out.observer = Some(Observer(Arc::new(move |job, result| {
        let stop_inner = inner.as_ref().is_some_and(|o| (o.0)(job, result));
        let decided = match state.lock() {
            Ok(mut m) => {
                m.add(&job.map, job.seed, &result.seats);
                m.analysis().verdict != Verdict::Continue
            }
            Err(_) => false,
        };
        stop_inner || decided
    })));
    Ok(out)
}

/// The test as plain text: games, W/D/L (and the pentanomial), LLR with its bounds, the
/// verdict and the Elo difference with its 95 % interval.
pub fn text(candidate: &str, baseline: &str, a: &Analysis) -> String {
    let mut out = String::new();
    let c = &a.config;
    let _ = writeln!(
        out,
        "SPRT {candidate} vs {baseline}: elo0 {}, elo1 {} (normalized Elo), alpha {}, beta {}",
        c.elo0, c.elo1, c.alpha, c.beta
    );
    let t = &a.tally;
    let _ = write!(
        out,
        "games {}: W {} D {} L {}",
        t.games(),
        t.wins,
        t.draws,
        t.losses
    );
    match t.pairs {
        Some(p) => {
            let _ = writeln!(
                out,
                "; pairs {} (pentanomial 0-2: {} {} {} {} {})",
                p.iter().sum::<u64>(),
                p[0],
                p[1],
                p[2],
                p[3],
                p[4]
            );
        }
        None => out.push_str(" (trinomial)\n"),
    }
    let _ = writeln!(
        out,
        "LLR {:.3} (bounds {:.3}, {:.3}): {}",
        a.llr,
        a.lower,
        a.upper,
        a.verdict.describe()
    );
    match (a.elo, a.nelo) {
        (Some(e), Some(n)) => {
            let _ = writeln!(
                out,
                "Elo {:+.1} [{:+.1}, {:+.1}] (logistic, 95 %), nElo {:+.1} [{:+.1}, {:+.1}]",
                e.value, e.lo, e.hi, n.value, n.lo, n.hi
            );
        }
        _ => out.push_str("Elo: no games yet\n"),
    }
    out
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The test as an HTML section (a heading and a table).
pub fn html(candidate: &str, baseline: &str, a: &Analysis) -> String {
    let mut h = String::new();
    let c = &a.config;
    let t = &a.tally;
    let _ = write!(
        h,
        "<h2>SPRT: {} vs {}</h2><table>\
         <tr><th>hypotheses</th><td class=\"n\">H0: nElo ≤ {}, H1: nElo ≥ {} (α {}, β {})</td></tr>\
         <tr><th>games</th><td class=\"n\">{} (W {} D {} L {})</td></tr>",
        esc(candidate),
        esc(baseline),
        c.elo0,
        c.elo1,
        c.alpha,
        c.beta,
        t.games(),
        t.wins,
        t.draws,
        t.losses
    );
    if let Some(p) = t.pairs {
        let _ = write!(
            h,
            "<tr><th>pentanomial (pair score 0, ½, 1, 1½, 2)</th><td class=\"n\">{} {} {} {} {}</td></tr>",
            p[0], p[1], p[2], p[3], p[4]
        );
    }
    let _ = write!(
        h,
        "<tr><th>LLR</th><td class=\"n\">{:.3} (bounds {:.3}, {:.3})</td></tr>\
         <tr><th>verdict</th><td class=\"n\">{}</td></tr>",
        a.llr,
        a.lower,
        a.upper,
        a.verdict.describe()
    );
    if let (Some(e), Some(n)) = (a.elo, a.nelo) {
        let _ = write!(
            h,
            "<tr><th>Elo (logistic, 95 %)</th><td class=\"n\">{:+.1} [{:+.1}, {:+.1}]</td></tr>\
             <tr><th>nElo (95 %)</th><td class=\"n\">{:+.1} [{:+.1}, {:+.1}]</td></tr>",
            e.value, e.lo, e.hi, n.value, n.lo, n.hi
        );
    }
    h.push_str("</table>");
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(bot: &str, rank: u32) -> SeatResult {
        SeatResult {
            bot: bot.into(),
            score: 0.0,
            rank,
            status: "ok".into(),
        }
    }

    fn config(extra: &str) -> Config {
        Config::parse(
            &format!(
                "game = \"wumpus\"\ngames = 8\n{extra}\n[[bots]]\nname = \"a\"\n\
                 [[bots]]\nname = \"b\"\n[sprt]\n"
            ),
            std::path::Path::new("t.toml"),
        )
        .unwrap()
    }

    #[test]
    fn pairs_are_games_on_one_board_and_incomplete_pairs_count_in_wdl_only() {
        let mut m = Monitor::new(&config("")).unwrap();
        m.add("m", 1, &[seat("a", 0), seat("b", 1)]);
        m.add("m", 1, &[seat("b", 0), seat("a", 0)]);
        m.add("m", 2, &[seat("a", 1), seat("b", 0)]);
        m.add("m", 2, &[seat("b", 0), seat("a", 1)]);
        m.add("m", 3, &[seat("a", 0), seat("b", 1)]);
        m.add("m", 3, &[seat("x", 0), seat("y", 1)]);
        let t = m.tally();
        assert_eq!((t.wins, t.draws, t.losses), (2, 1, 2));
        assert_eq!(t.pairs, Some([1, 0, 0, 1, 0]));
    }

    #[test]
    fn rotate_schedules_and_many_seats_use_the_trinomial() {
        let mut m = Monitor::new(&config("schedule = \"rotate\"")).unwrap();
        m.add("m", 1, &[seat("a", 0), seat("b", 1)]);
        assert_eq!(m.tally().pairs, None);
        let mut m = Monitor::new(&config("")).unwrap();
        m.add(
            "m",
            1,
            &[seat("a", 0), seat("b", 1), seat("a", 2), seat("b", 3)],
        );
        let t = m.tally();
        assert_eq!((t.wins, t.pairs), (1, None));
    }

    #[test]
    fn reports_show_counts_llr_bounds_verdict_and_elo() {
        let mut m = Monitor::new(&config("")).unwrap();
        for s in 0..4 {
            m.add("m", s, &[seat("a", 0), seat("b", 1)]);
            m.add("m", s, &[seat("b", 1), seat("a", 0)]);
        }
        let a = m.analysis();
        let t = text("a", "b", &a);
        assert!(t.contains("games 8: W 8 D 0 L 0"), "{t}");
        assert!(t.contains("pentanomial 0-2: 0 0 0 0 4"), "{t}");
        assert!(t.contains("bounds -2.944, 2.944"), "{t}");
        assert!(t.contains("undecided") && t.contains("Elo +"), "{t}");
        let h = html("a<", "b", &a);
        assert!(
            h.contains("a&lt;") && h.contains("LLR") && h.contains("0 0 0 0 4"),
            "{h}"
        );
    }
}

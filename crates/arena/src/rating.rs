//! Ratings and head-to-head tables from stored games: TrueSkill (via `skillratings`),
//! win/draw/loss per pair of bots, and Wilson confidence intervals on win rates.

use std::collections::BTreeMap;

use skillratings::MultiTeamOutcome;
use skillratings::trueskill::{TrueSkillConfig, TrueSkillRating, trueskill_multi_team};

use crate::store::StoredMatch;

/// One bot's standing.
#[derive(Clone, Debug, PartialEq)]
pub struct BotRating {
    /// Bot name.
    pub bot: String,
    /// TrueSkill mean.
    pub mu: f64,
    /// TrueSkill standard deviation.
    pub sigma: f64,
    /// Games played (a bot in several seats of one game counts once).
    pub games: u32,
    /// Games in which the bot had rank 0 alone.
    pub wins: u32,
    /// Mean score over its seats.
    pub mean_score: f64,
    /// All its seat scores (for distributions).
    pub scores: Vec<f64>,
    /// When its latest game was recorded (the store's `played_at`).
    pub last_seen: String,
}

impl BotRating {
    /// The conservative TrueSkill estimate `mu − 3·sigma` used for ordering.
    pub fn conservative(&self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// Head-to-head record of `bot` against `opponent`, counted over every game where both sat:
/// better rank = win, equal rank = draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PairRecord {
    /// The bot.
    pub bot: String,
    /// Its opponent.
    pub opponent: String,
    /// Games the bot ranked better.
    pub wins: u32,
    /// Games with equal rank.
    pub draws: u32,
    /// Games the bot ranked worse.
    pub losses: u32,
}

impl PairRecord {
    /// Number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Win rate with draws counted as half a win (0 when no game was played).
    pub fn win_rate(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(n)
        }
    }

    /// 95 % Wilson score interval of [`PairRecord::win_rate`].
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.win_rate(), self.games())
    }
}

/// The 95 % Wilson score interval for a proportion `p` observed over `n` trials.
///
/// ```
/// let (lo, hi) = arena::rating::wilson(0.5, 100);
/// assert!((lo - 0.404).abs() < 0.001 && (hi - 0.596).abs() < 0.001);
/// ```
pub fn wilson(p: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964;
    let n = f64::from(n);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The parameters of a TrueSkill ladder: the prior of a new player, the performance spread,
/// the dynamics added before each game and the draw probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrueSkillParams {
    /// Prior mean of a new player.
    pub mu: f64,
    /// Prior standard deviation of a new player.
    pub sigma: f64,
    /// Performance spread (`beta`).
    pub beta: f64,
    /// Dynamics added to every player's sigma before a game (`tau`).
    pub tau: f64,
    /// Probability of a draw.
    pub draw_probability: f64,
}

impl TrueSkillParams {
    /// The usual TrueSkill scale (mu 25, sigma 25/3, beta 25/6, tau 25/300, draws 0.1): the
    /// arena's reports.
    pub const STANDARD: Self = Self {
        mu: 25.0,
        sigma: 25.0 / 3.0,
        beta: 25.0 / 6.0,
        tau: 25.0 / 300.0,
        draw_probability: 0.1,
    };

    /// The AI Challenge 2011 ladder (the contest and its TCP servers): mu 50, sigma 50/3,
    /// beta 50/6, tau 50/300, draw probability 0.05.
    pub const CONTEST_2011: Self = Self {
        mu: 50.0,
        sigma: 50.0 / 3.0,
        beta: 50.0 / 6.0,
        tau: 50.0 / 300.0,
        draw_probability: 0.05,
    };

    fn config(&self) -> TrueSkillConfig {
        TrueSkillConfig {
            draw_probability: self.draw_probability,
            beta: self.beta,
            dynamics_factor: self.tau,
        }
    }
}

/// Ratings (best first, by the conservative estimate) and pairwise records (sorted by bot,
/// then opponent).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standings {
    /// One entry per bot.
    pub ratings: Vec<BotRating>,
    /// One entry per ordered pair of bots that met.
    pub pairs: Vec<PairRecord>,
}

/// Computes standings from games in the order they were played, on the
/// [`TrueSkillParams::STANDARD`] scale.
pub fn standings(matches: &[StoredMatch]) -> Standings {
    standings_with(matches, &TrueSkillParams::STANDARD)
}

/// Computes standings from games in the order they were played, with the TrueSkill
/// parameters `params`. Every seat is a team of one and a game is one multi-player
/// ranking (equal ranks are draws).
pub fn standings_with(matches: &[StoredMatch], params: &TrueSkillParams) -> Standings {
    let mut ladder = Ladder::new(*params);
    for m in matches {
        ladder.record(m);
    }
    ladder.standings()
}

/// Ratings kept up to date game by game (a ladder that records each game as it ends);
/// recording the games of a store in order gives exactly [`standings_with`].
#[derive(Clone, Debug)]
pub struct Ladder {
    params: TrueSkillParams,
    config: TrueSkillConfig,
    ratings: BTreeMap<String, BotRating>,
    pairs: BTreeMap<(String, String), PairRecord>,
}

impl Ladder {
    /// An empty ladder on the scale `params`.
    pub fn new(params: TrueSkillParams) -> Self {
        Self {
            params,
            config: params.config(),
            ratings: BTreeMap::new(),
            pairs: BTreeMap::new(),
        }
    }

    /// Records one finished game (games of fewer than two seats change nothing).
    pub fn record(&mut self, m: &StoredMatch) {
        if m.seats.len() < 2 {
            return;
        }
        let ratings = &mut self.ratings;
        for s in &m.seats {
            ratings.entry(s.bot.clone()).or_insert_with(|| BotRating {
                bot: s.bot.clone(),
                mu: self.params.mu,
                sigma: self.params.sigma,
                games: 0,
                wins: 0,
                mean_score: 0.0,
                scores: Vec::new(),
                last_seen: String::new(),
            });
        }
        update_trueskill(m, ratings, &self.config);
        let mut seen = Vec::new();
        for s in &m.seats {
            let Some(r) = ratings.get_mut(&s.bot) else {
                continue;
            };
            r.scores.push(s.score);
            r.mean_score = r.scores.iter().sum::<f64>() / r.scores.len() as f64;
            r.last_seen.clone_from(&m.played_at);
            if !seen.contains(&&s.bot) {
                seen.push(&s.bot);
                r.games += 1;
                let alone_first =
                    s.rank == 0 && m.seats.iter().filter(|o| o.rank == 0).count() == 1;
                r.wins += u32::from(alone_first);
            }
        }
        for a in &m.seats {
            for b in &m.seats {
                if a.bot == b.bot {
                    continue;
                }
                let rec = self
                    .pairs
                    .entry((a.bot.clone(), b.bot.clone()))
                    .or_insert_with(|| PairRecord {
                        bot: a.bot.clone(),
                        opponent: b.bot.clone(),
                        ..PairRecord::default()
                    });
                match a.rank.cmp(&b.rank) {
                    std::cmp::Ordering::Less => rec.wins += 1,
                    std::cmp::Ordering::Equal => rec.draws += 1,
                    std::cmp::Ordering::Greater => rec.losses += 1,
                }
            }
        }
    }

    /// The current rating of `bot` (`None` before its first game).
    pub fn rating(&self, bot: &str) -> Option<&BotRating> {
        self.ratings.get(bot)
    }

    /// The standings now: ratings best first by the conservative estimate, pairs sorted.
    pub fn standings(&self) -> Standings {
        let mut ratings: Vec<BotRating> = self.ratings.values().cloned().collect();
        ratings.sort_by(|a, b| b.conservative().total_cmp(&a.conservative()));
        Standings {
            ratings,
            pairs: self.pairs.values().cloned().collect(),
        }
    }
}

/// One TrueSkill update with every seat a team of one; a bot in several seats gets the mean
/// of its seats' new ratings.
fn update_trueskill(
    m: &StoredMatch,
    ratings: &mut BTreeMap<String, BotRating>,
    config: &TrueSkillConfig,
) {
    let before: Vec<[TrueSkillRating; 1]> = m
        .seats
        .iter()
        .map(|s| {
            let r = &ratings[&s.bot];
            [TrueSkillRating {
                rating: r.mu,
                uncertainty: r.sigma,
            }]
        })
        .collect();
    let teams: Vec<(&[TrueSkillRating], MultiTeamOutcome)> = before
        .iter()
        .zip(&m.seats)
        .map(|(t, s)| (&t[..], MultiTeamOutcome::new(s.rank as usize + 1)))
        .collect();
    let Ok(after) = trueskill_multi_team(&teams, config, None) else {
        return;
    };
    let mut sums: BTreeMap<&str, (f64, f64, f64)> = BTreeMap::new();
    for (s, team) in m.seats.iter().zip(&after) {
        if let Some(r) = team.first() {
            let e = sums.entry(&s.bot).or_default();
            *e = (e.0 + r.rating, e.1 + r.uncertainty, e.2 + 1.0);
        }
    }
    for (bot, (mu, sigma, n)) in sums {
        if let Some(r) = ratings.get_mut(bot) {
            r.mu = mu / n;
            r.sigma = sigma / n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::SeatResult;

    fn game(ranks: &[(&str, u32)]) -> StoredMatch {
        StoredMatch {
            id: 0,
            run: "r".into(),
            key: String::new(),
            game: "ants".into(),
            map: String::new(),
            seed: 0,
            turns: 1,
            outcome: String::new(),
            replay: None,
            played_at: String::new(),
            details: serde_json::Value::Null,
            seats: ranks
                .iter()
                .map(|&(b, r)| SeatResult {
                    bot: b.into(),
                    score: f64::from(3 - r),
                    rank: r,
                    status: "survived".into(),
                })
                .collect(),
        }
    }

    #[test]
    fn consistent_winner_rates_highest_and_pairs_add_up() {
        let mut games = Vec::new();
        for _ in 0..10 {
            games.push(game(&[("strong", 0), ("weak", 1)]));
            games.push(game(&[("mid", 0), ("weak", 1)]));
            games.push(game(&[("strong", 0), ("mid", 1)]));
        }
        games.push(game(&[("strong", 0), ("mid", 0)]));
        let s = standings(&games);
        let order: Vec<_> = s.ratings.iter().map(|r| r.bot.as_str()).collect();
        assert_eq!(order, ["strong", "mid", "weak"]);
        let rec = s
            .pairs
            .iter()
            .find(|p| p.bot == "strong" && p.opponent == "mid")
            .unwrap();
        assert_eq!((rec.wins, rec.draws, rec.losses), (10, 1, 0));
        let back = s
            .pairs
            .iter()
            .find(|p| p.bot == "mid" && p.opponent == "strong")
            .unwrap();
        assert_eq!((back.wins, back.draws, back.losses), (0, 1, 10));
        let (lo, hi) = rec.interval();
        assert!(lo < rec.win_rate() && rec.win_rate() < hi && hi <= 1.0);
        assert_eq!(s.ratings[0].wins, 20);
        assert_eq!(s.ratings[0].games, 21);
    }

    #[test]
    fn the_standard_scale_is_skillratings_default() {
        let c = TrueSkillParams::STANDARD.config();
        let d = TrueSkillConfig::new();
        assert_eq!(
            (c.beta, c.dynamics_factor, c.draw_probability),
            (d.beta, d.dynamics_factor, d.draw_probability)
        );
        let prior = TrueSkillRating {
            rating: TrueSkillParams::STANDARD.mu,
            uncertainty: TrueSkillParams::STANDARD.sigma,
        };
        assert_eq!(prior, TrueSkillRating::new());
    }

    #[test]
    fn contest_ladder_starts_at_mu_50_and_moves_by_its_own_scale() {
        let one = [game(&[("a", 0), ("b", 1), ("c", 2)])];
        let contest = standings_with(&one, &TrueSkillParams::CONTEST_2011);
        let standard = standings(&one);
        let get =
            |s: &Standings, bot: &str| s.ratings.iter().find(|r| r.bot == bot).cloned().unwrap();
        // Three players, one game: the winner above the prior, the last below, the middle
        // near it; every sigma shrinks from 50/3. The contest scale is the standard one
        // times two (every parameter but the draw probability doubled), so with the same
        // draw probability the ratings would be doubled (up to the factor graph's convergence tolerance).
        let (a, b, c) = (get(&contest, "a"), get(&contest, "b"), get(&contest, "c"));
        assert!(
            a.mu > 50.0 && c.mu < 50.0 && (b.mu - 50.0).abs() < 1.0,
            "{a:?} {b:?} {c:?}"
        );
        for r in [&a, &b, &c] {
            assert!(r.sigma < 50.0 / 3.0, "{r:?}");
        }
        let doubled = TrueSkillParams {
            draw_probability: TrueSkillParams::STANDARD.draw_probability,
            ..TrueSkillParams::CONTEST_2011
        };
        let d = standings_with(&one, &doubled);
        for bot in ["a", "b", "c"] {
            let (x, y) = (get(&d, bot), get(&standard, bot));
            assert!(
                (x.mu - 2.0 * y.mu).abs() < 1e-6 && (x.sigma - 2.0 * y.sigma).abs() < 1e-6,
                "{x:?} {y:?}"
            );
        }
        assert_eq!(contest.ratings[0].bot, "a");
        assert!(contest.ratings[0].conservative() > contest.ratings[2].conservative());
    }

    #[test]
    fn a_ladder_fed_game_by_game_equals_the_standings_of_all_games() {
        let games = [
            game(&[("a", 0), ("b", 1), ("c", 2)]),
            game(&[("b", 0), ("c", 0)]),
            game(&[("c", 0), ("a", 1), ("b", 1), ("d", 2)]),
            game(&[("a", 0)]),
        ];
        let mut ladder = Ladder::new(TrueSkillParams::CONTEST_2011);
        for (i, g) in games.iter().enumerate() {
            ladder.record(g);
            assert_eq!(
                ladder.standings(),
                standings_with(&games[..=i], &TrueSkillParams::CONTEST_2011)
            );
        }
        assert!(ladder.rating("d").is_some_and(|d| d.games == 1));
        assert!(ladder.rating("e").is_none());
    }

    #[test]
    fn last_seen_is_the_latest_game() {
        let mut g1 = game(&[("a", 0), ("b", 1)]);
        g1.played_at = "2026-01-01 10:00:00".into();
        let mut g2 = game(&[("a", 1), ("c", 0)]);
        g2.played_at = "2026-01-02 10:00:00".into();
        let s = standings(&[g1, g2]);
        let seen = |bot: &str| {
            s.ratings
                .iter()
                .find(|r| r.bot == bot)
                .unwrap()
                .last_seen
                .clone()
        };
        assert_eq!(seen("a"), "2026-01-02 10:00:00");
        assert_eq!(seen("b"), "2026-01-01 10:00:00");
    }

    #[test]
    fn wilson_is_a_valid_interval() {
        for n in [1u32, 5, 50, 500] {
            for k in 0..=10 {
                let p = f64::from(k) / 10.0;
                let (lo, hi) = wilson(p, n);
                assert!(
                    (0.0..=p + 1e-12).contains(&lo) && (p - 1e-12..=1.0).contains(&hi),
                    "{p} {n}"
                );
            }
        }
        assert!(wilson(0.5, 1000).1 - wilson(0.5, 1000).0 < wilson(0.5, 10).1 - wilson(0.5, 10).0);
    }
}

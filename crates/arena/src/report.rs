//! Rendering standings as plain-text tables and as a self-contained HTML page (inline SVG
//! charts, no scripts or network).

use std::fmt::Write as _;

use crate::rating::{PairRecord, Standings};
use crate::store::StoredMatch;

/// Writes `bytes` to `path` atomically ([`outfile::write`]): readers see the old file or the
/// complete new one, never a half-written report; the error names `path`.
pub fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    use anyhow::Context as _;
    outfile::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// Plain-text ratings table and win-rate matrix.
pub fn text(standings: &Standings) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<24} {:>7} {:>6} {:>7} {:>6} {:>6} {:>10}",
        "bot", "rating", "sigma", "games", "wins", "win%", "mean score"
    );
    for r in &standings.ratings {
        let _ = writeln!(
            out,
            "{:<24} {:>7.2} {:>6.2} {:>7} {:>6} {:>5.1}% {:>10.2}",
            r.bot,
            r.mu,
            r.sigma,
            r.games,
            r.wins,
            percent(r.wins, r.games),
            r.mean_score
        );
    }
    if !standings.pairs.is_empty() {
        let _ = writeln!(
            out,
            "\n{:<24} {:<24} {:>5} {:>5} {:>5} {:>7}  {:>15}",
            "bot", "opponent", "W", "D", "L", "win%", "95% interval"
        );
        for p in &standings.pairs {
            let (lo, hi) = p.interval();
            let _ = writeln!(
                out,
                "{:<24} {:<24} {:>5} {:>5} {:>5} {:>6.1}%  [{:>5.1}, {:>5.1}]",
                p.bot,
                p.opponent,
                p.wins,
                p.draws,
                p.losses,
                100.0 * p.win_rate(),
                100.0 * lo,
                100.0 * hi
            );
        }
    }
    out
}

/// A seat's result by rank: `'W'` alone at rank 0, `'D'` sharing rank 0, `'L'` otherwise.
pub fn seat_outcome(m: &StoredMatch, seat: usize) -> char {
    let leaders = m.seats.iter().filter(|s| s.rank == 0).count();
    match m.seats.get(seat) {
        Some(s) if s.rank == 0 && leaders == 1 => 'W',
        Some(s) if s.rank == 0 => 'D',
        _ => 'L',
    }
}

/// A per-seat detail of a stored game (`details.seats[seat][key]`), if recorded.
fn seat_detail<'a>(m: &'a StoredMatch, seat: usize, key: &str) -> Option<&'a serde_json::Value> {
    m.details.get("seats")?.get(seat)?.get(key)
}

/// A number without a fraction when it has none (scores, points).
fn number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.3}")
    }
}

/// Whether a seat status means the bot crashed or was removed for invalid orders.
pub(crate) fn crashed(status: &str) -> bool {
    status.starts_with("crash") || status == "invalid"
}

/// One bot's totals in [`results_table`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BotResults {
    /// Bot name.
    pub bot: String,
    /// Seats taken (a bot in two seats of one game counts twice).
    pub games: u32,
    /// Seats alone at the best rank.
    pub wins: u32,
    /// Seats sharing the best rank.
    pub draws: u32,
    /// Other seats.
    pub losses: u32,
    /// Sum of own scores.
    pub points_for: f64,
    /// Sum of the other seats' scores.
    pub points_against: f64,
    /// Slowest turn over all games in ms (`details.seats[i].slowest_ms`), if recorded.
    pub slowest_ms: Option<f64>,
    /// Seats that ended with status `timeout`.
    pub timeouts: u32,
    /// Seats that ended crashed (or removed for invalid orders).
    pub crashes: u32,
}

/// Totals per bot over `games`, one row per name of `bots` (then any other bot in order of
/// appearance); every seat a bot takes counts as one game of that bot.
pub fn bot_results(bots: &[String], games: &[StoredMatch]) -> Vec<BotResults> {
    let mut rows: Vec<BotResults> = bots
        .iter()
        .map(|b| BotResults {
            bot: b.clone(),
            ..BotResults::default()
        })
        .collect();
    for m in games {
        let total: f64 = m.seats.iter().map(|s| s.score).sum();
        for (i, seat) in m.seats.iter().enumerate() {
            let row = rows
                .iter()
                .position(|r| r.bot == seat.bot)
                .unwrap_or_else(|| {
                    rows.push(BotResults {
                        bot: seat.bot.clone(),
                        ..BotResults::default()
                    });
                    rows.len() - 1
                });
            let r = &mut rows[row];
            r.games += 1;
            match seat_outcome(m, i) {
                'W' => r.wins += 1,
                'D' => r.draws += 1,
                _ => r.losses += 1,
            }
            r.points_for += seat.score;
            r.points_against += total - seat.score;
            if let Some(ms) = seat_detail(m, i, "slowest_ms").and_then(serde_json::Value::as_f64) {
                r.slowest_ms = Some(r.slowest_ms.map_or(ms, |s| s.max(ms)));
            }
            if seat.status == "timeout" {
                r.timeouts += 1;
            }
            if crashed(&seat.status) {
                r.crashes += 1;
            }
        }
    }
    rows
}

/// The results per bot as a Markdown table (Bot | Games | Wins | Draws | Losses | Win % |
/// Total points | Slowest turn | Timeouts | Crashes); points are own : opponents', wins
/// are seats alone at the best rank, draws seats sharing it.
pub fn results_table(rows: &[BotResults]) -> String {
    let mut out = String::from(
        "| Bot | Games | Wins | Draws | Losses | Win % | Total points | Slowest turn | Timeouts | Crashes |\n\
         |---|---|---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {:.1} | {}:{} | {} | {} | {} |",
            r.bot,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            percent(r.wins, r.games),
            number(r.points_for),
            number(r.points_against),
            r.slowest_ms
                .map_or_else(|| "–".to_owned(), |ms| format!("{ms:.1} ms")),
            r.timeouts,
            r.crashes
        );
    }
    out
}

/// Head-to-head results of the 2-seat games as a Markdown matrix: the cell in row `a`,
/// column `b` is `wins-draws-losses` of `a` against `b` (by rank); games with more seats
/// are left out.
pub fn pair_matrix(bots: &[String], games: &[StoredMatch]) -> String {
    let k = bots.len();
    let mut wdl = vec![[0u32; 3]; k * k];
    for m in games.iter().filter(|m| m.seats.len() == 2) {
        let (Some(a), Some(b)) = (
            bots.iter().position(|x| *x == m.seats[0].bot),
            bots.iter().position(|x| *x == m.seats[1].bot),
        ) else {
            continue;
        };
        let (ra, rb) = (m.seats[0].rank, m.seats[1].rank);
        let cell = usize::from(ra == rb) + 2 * usize::from(ra > rb);
        wdl[a * k + b][cell] += 1;
        wdl[b * k + a][2 - cell] += 1;
    }
    let mut out = String::from("| W-D-L vs |");
    for b in bots {
        let _ = write!(out, " {b} |");
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(k));
    out.push('\n');
    for (a, name) in bots.iter().enumerate() {
        let _ = write!(out, "| {name} |");
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
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}

/// A detail value as a CSV cell (numbers with at most three decimals).
fn csv_value(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Null => String::new(),
        serde_json::Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(f)) => format!("{f:.3}"),
            (None, None) => n.to_string(),
        },
        serde_json::Value::String(s) => csv_field(s),
        other => csv_field(&other.to_string()),
    }
}

/// Every seat of every game as CSV, one row per seat, games numbered in the given order:
/// `game,map,seed,turns,seat,bot,score,result,status`, then the game's per-seat details
/// (`details.seats[i]`, e.g. Ants' `alive_100,alive_200,alive_300,hills_lost,slowest_ms,turn_p50_ms,turn_p99_ms`,
/// in name order), then `replay`.
pub fn csv(games: &[StoredMatch]) -> String {
    let mut columns = std::collections::BTreeSet::new();
    for m in games {
        if let Some(seats) = m.details.get("seats").and_then(serde_json::Value::as_array) {
            for s in seats.iter().filter_map(serde_json::Value::as_object) {
                columns.extend(s.keys().cloned());
            }
        }
    }
    let mut out = String::from("game,map,seed,turns,seat,bot,score,result,status");
    for c in &columns {
        let _ = write!(out, ",{}", csv_field(c));
    }
    out.push_str(",replay\n");
    for (g, m) in games.iter().enumerate() {
        for (i, s) in m.seats.iter().enumerate() {
            let _ = write!(
                out,
                "{g},{},{},{},{i},{},{},{},{}",
                csv_field(&m.map),
                m.seed,
                m.turns,
                csv_field(&s.bot),
                number(s.score),
                seat_outcome(m, i),
                csv_field(&s.status),
            );
            for c in &columns {
                let _ = write!(
                    out,
                    ",{}",
                    seat_detail(m, i, c).map_or_else(String::new, csv_value)
                );
            }
            let _ = writeln!(
                out,
                ",{}",
                m.replay.as_deref().map_or_else(String::new, csv_field)
            );
        }
    }
    out
}

fn percent(k: u32, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * f64::from(k) / f64::from(n)
    }
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A complete HTML report: rating chart, win-rate matrix, score distributions and the list of
/// games, each linking to `viewer` (e.g. `http://127.0.0.1:8080`) when given.
pub fn html(
    title: &str,
    standings: &Standings,
    games: &[StoredMatch],
    viewer: Option<&str>,
) -> String {
    html_with(title, standings, games, viewer, "")
}

/// [`html`] with an extra section (already HTML, e.g. [`crate::sprt_run::html`]) placed
/// before the ratings.
pub fn html_with(
    title: &str,
    standings: &Standings,
    games: &[StoredMatch],
    viewer: Option<&str>,
    section: &str,
) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>{t}</title><style>\
         body{{font-family:sans-serif;margin:2em;color:#222}}table{{border-collapse:collapse}}\
         td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}th{{background:#eee}}\
         td.n{{text-align:left}}</style></head><body><h1>{t}</h1>",
        t = esc(title)
    );
    h.push_str(section);
    h.push_str("<h2>Ratings (TrueSkill, μ ± 3σ)</h2>");
    h.push_str(&rating_chart(standings));
    h.push_str("<h2>Win rate matrix (row vs column, draws count ½)</h2>");
    h.push_str(&matrix(standings));
    h.push_str("<h2>Score distributions</h2>");
    h.push_str(&score_chart(standings));
    let _ = write!(
        h,
        "<h2>Games ({})</h2><table><tr><th>#</th><th>map</th><th>seed</th><th>turns</th>\
         <th>outcome</th><th>seats (score/rank)</th><th>view</th></tr>",
        games.len()
    );
    for m in games {
        let seats: Vec<String> = m
            .seats
            .iter()
            .map(|s| format!("{} {}/{}", esc(&s.bot), s.score, s.rank))
            .collect();
        let link = match (viewer, &m.replay) {
            (Some(v), Some(r)) => format!(
                "<a href=\"{}/?open={}\">open</a>",
                esc(v.trim_end_matches('/')),
                esc(&url_encode(r))
            ),
            _ => String::new(),
        };
        let _ = write!(
            h,
            "<tr><td>{}</td><td class=n>{}</td><td>{}</td><td>{}</td><td class=n>{}</td>\
             <td class=n>{}</td><td>{}</td></tr>",
            m.id,
            esc(&m.map),
            m.seed,
            m.turns,
            esc(&m.outcome),
            seats.join(", "),
            link
        );
    }
    h.push_str("</table></body></html>\n");
    h
}

/// Percent-encodes everything but unreserved characters and `/`.
fn url_encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn rating_chart(s: &Standings) -> String {
    let rows = s.ratings.len().max(1);
    let (w, row_h, left) = (640.0, 26.0, 180.0);
    let hgt = row_h * rows as f64 + 30.0;
    let lo = s
        .ratings
        .iter()
        .map(|r| r.mu - 3.0 * r.sigma)
        .fold(0.0_f64, f64::min);
    let hi = s
        .ratings
        .iter()
        .map(|r| r.mu + 3.0 * r.sigma)
        .fold(50.0_f64, f64::max);
    let x = |v: f64| left + (v - lo) / (hi - lo) * (w - left - 20.0);
    let mut g = format!("<svg width=\"{w}\" height=\"{hgt}\" role=\"img\">");
    for (i, r) in s.ratings.iter().enumerate() {
        let y = 10.0 + row_h * i as f64;
        let _ = write!(
            g,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"13\">{}</text>\
             <line x1=\"{}\" x2=\"{}\" y1=\"{cy}\" y2=\"{cy}\" stroke=\"#888\" stroke-width=\"2\"/>\
             <circle cx=\"{}\" cy=\"{cy}\" r=\"5\" fill=\"#36c\"/>\
             <text x=\"{}\" y=\"{}\" font-size=\"11\">{:.1}</text>",
            left - 8.0,
            y + 14.0,
            esc(&r.bot),
            x(r.mu - 3.0 * r.sigma),
            x(r.mu + 3.0 * r.sigma),
            x(r.mu),
            x(r.mu) + 8.0,
            y + 6.0,
            r.mu,
            cy = y + 10.0,
        );
    }
    g.push_str("</svg>");
    g
}

fn matrix(s: &Standings) -> String {
    let bots: Vec<&str> = s.ratings.iter().map(|r| r.bot.as_str()).collect();
    let find = |a: &str, b: &str| -> Option<&PairRecord> {
        s.pairs.iter().find(|p| p.bot == a && p.opponent == b)
    };
    let mut t = String::from("<table><tr><th></th>");
    for b in &bots {
        let _ = write!(t, "<th>{}</th>", esc(b));
    }
    t.push_str("</tr>");
    for a in &bots {
        let _ = write!(t, "<tr><th>{}</th>", esc(a));
        for b in &bots {
            match find(a, b) {
                Some(p) if p.games() > 0 => {
                    let rate = p.win_rate();
                    let (lo, hi) = p.interval();
                    let shade = (255.0 * (1.0 - (rate - 0.5).abs() * 1.2)) as u8;
                    let color = if rate >= 0.5 {
                        format!("rgb({shade},255,{shade})")
                    } else {
                        format!("rgb(255,{shade},{shade})")
                    };
                    let _ = write!(
                        t,
                        "<td style=\"background:{color}\" title=\"{}W {}D {}L, 95% [{:.0}–{:.0}%]\">{:.0}%</td>",
                        p.wins,
                        p.draws,
                        p.losses,
                        100.0 * lo,
                        100.0 * hi,
                        100.0 * rate
                    );
                }
                _ => t.push_str("<td>–</td>"),
            }
        }
        t.push_str("</tr>");
    }
    t.push_str("</table>");
    t
}

fn score_chart(s: &Standings) -> String {
    let rows = s.ratings.len().max(1);
    let (w, row_h, left) = (640.0, 26.0, 180.0);
    let hgt = row_h * rows as f64 + 20.0;
    let all = s.ratings.iter().flat_map(|r| r.scores.iter().copied());
    let (lo, hi) = all.fold((f64::MAX, f64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    let (lo, hi) = if lo > hi {
        (0.0, 1.0)
    } else {
        (lo, hi.max(lo + 1.0))
    };
    let x = |v: f64| left + (v - lo) / (hi - lo) * (w - left - 20.0);
    let mut g = format!("<svg width=\"{w}\" height=\"{hgt}\" role=\"img\">");
    for (i, r) in s.ratings.iter().enumerate() {
        let mut v = r.scores.clone();
        v.sort_by(f64::total_cmp);
        if v.is_empty() {
            continue;
        }
        let q = |f: f64| v[((v.len() - 1) as f64 * f).round() as usize];
        let y = 8.0 + row_h * i as f64;
        let _ = write!(
            g,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"13\">{}</text>\
             <line x1=\"{}\" x2=\"{}\" y1=\"{cy}\" y2=\"{cy}\" stroke=\"#888\"/>\
             <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"14\" fill=\"#9bd\" stroke=\"#357\"/>\
             <line x1=\"{m}\" x2=\"{m}\" y1=\"{}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"2\"/>",
            left - 8.0,
            y + 14.0,
            esc(&r.bot),
            x(q(0.0)),
            x(q(1.0)),
            x(q(0.25)),
            y + 3.0,
            (x(q(0.75)) - x(q(0.25))).max(1.0),
            y + 3.0,
            y + 17.0,
            cy = y + 10.0,
            m = x(q(0.5)),
        );
    }
    g.push_str("</svg>");
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::standings;
    use crate::runner::SeatResult;

    fn mode(path: &std::path::Path) -> u32 {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_report_is_written_whole_with_plain_permissions() {
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        std::fs::File::create(&plain).unwrap();
        let out = dir.path().join("report.html");
        write_atomic(&out, b"old").unwrap();
        write_atomic(&out, b"<html></html>").unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"<html></html>");
        assert_eq!(mode(&out), mode(&plain));
        assert_ne!(
            mode(&out) & 0o044,
            0,
            "readable by group/others under umask 022"
        );
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            2,
            "no temp file left"
        );
    }

    #[test]
    fn writing_into_a_missing_directory_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("missing").join("report.html");
        let err = format!("{:#}", write_atomic(&out, b"x").unwrap_err());
        assert!(err.contains(&*out.to_string_lossy()), "{err}");
        assert!(!out.exists());
    }

    #[test]
    fn reports_name_every_bot_and_link_games() {
        let m = StoredMatch {
            id: 1,
            run: "r".into(),
            key: String::new(),
            game: "ants".into(),
            map: "a<b>.map".into(),
            seed: 3,
            turns: 10,
            outcome: "turn limit".into(),
            replay: Some("replays/x y.replay".into()),
            played_at: String::new(),
            details: serde_json::Value::Null,
            seats: vec![
                SeatResult {
                    bot: "alpha".into(),
                    score: 2.0,
                    rank: 0,
                    status: "survived".into(),
                },
                SeatResult {
                    bot: "beta".into(),
                    score: 1.0,
                    rank: 1,
                    status: "survived".into(),
                },
            ],
        };
        let s = standings(std::slice::from_ref(&m));
        let t = text(&s);
        assert!(
            t.contains("alpha") && t.contains("beta") && t.contains("100.0%"),
            "{t}"
        );
        let h = html("R", &s, &[m], Some("http://127.0.0.1:8080/"));
        assert!(h.contains("a&lt;b&gt;.map"));
        assert!(h.contains("http://127.0.0.1:8080/?open=replays/x%20y.replay"));
        assert!(h.contains("<svg"));
    }

    /// A stored game of `bots` with `scores` (ranks from the scores), statuses `survived`
    /// and slowest turns 1 ms.
    fn scored(bots: &[&str], scores: &[f64]) -> StoredMatch {
        StoredMatch {
            id: 0,
            run: "r".into(),
            key: String::new(),
            game: "ants".into(),
            map: "m.map".into(),
            seed: 0,
            turns: 1,
            outcome: String::new(),
            replay: None,
            played_at: String::new(),
            details: serde_json::json!({
                "seats": bots.iter().map(|_| serde_json::json!({"slowest_ms": 1.0})).collect::<Vec<_>>()
            }),
            seats: bots
                .iter()
                .zip(scores)
                .map(|(b, &sc)| SeatResult {
                    bot: (*b).into(),
                    score: sc,
                    rank: scores.iter().filter(|&&o| o > sc).count() as u32,
                    status: "survived".into(),
                })
                .collect(),
        }
    }

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn results_count_outcomes_points_times_and_removals() {
        let mut slow = scored(&["b", "a"], &[2.0, 2.0]);
        slow.details = serde_json::json!({"seats": [{"slowest_ms": 7.0}, {"slowest_ms": 40.0}]});
        slow.seats[0].status = "timeout".into();
        let mut crash = scored(&["a", "b"], &[0.0, 5.0]);
        crash.seats[0].status = "crashed".into();
        let games = [scored(&["a", "b"], &[3.0, 1.0]), slow, crash];
        let t = bot_results(&names(&["a", "b"]), &games);
        assert_eq!(
            (t[0].games, t[0].wins, t[0].draws, t[0].losses),
            (3, 1, 1, 1)
        );
        assert_eq!((t[0].points_for, t[0].points_against), (5.0, 8.0));
        assert_eq!((t[1].wins, t[1].draws, t[1].losses), (1, 1, 1));
        assert_eq!(t[0].slowest_ms, Some(40.0));
        assert_eq!(t[1].slowest_ms, Some(7.0));
        assert_eq!((t[0].timeouts, t[0].crashes), (0, 1));
        assert_eq!((t[1].timeouts, t[1].crashes), (1, 0));
        let text = results_table(&t);
        assert!(
            text.contains("| a | 3 | 1 | 1 | 1 | 33.3 | 5:8 | 40.0 ms | 0 | 1 |"),
            "{text}"
        );
    }

    #[test]
    fn a_bot_in_two_seats_counts_each_seat() {
        let t = bot_results(
            &names(&["a", "b"]),
            &[scored(&["a", "b", "a", "b"], &[5.0, 1.0, 5.0, 0.0])],
        );
        assert_eq!((t[0].games, t[0].draws, t[0].points_for), (2, 2, 10.0));
        assert_eq!((t[1].games, t[1].losses), (2, 2));
    }

    #[test]
    fn pair_matrix_is_antisymmetric_and_skips_bigger_games() {
        let games = [
            scored(&["a", "b"], &[3.0, 1.0]),
            scored(&["b", "a"], &[2.0, 2.0]),
            scored(&["c", "a"], &[4.0, 1.0]),
            scored(&["a", "b", "a", "b"], &[9.0, 0.0, 0.0, 0.0]),
        ];
        let m = pair_matrix(&names(&["a", "b", "c"]), &games);
        assert!(m.contains("| a | – | 1-1-0 | 0-0-1 |"), "{m}");
        assert!(m.contains("| b | 0-1-1 | – | 0-0-0 |"), "{m}");
        assert!(m.contains("| c | 1-0-0 | 0-0-0 | – |"), "{m}");
    }

    #[test]
    fn csv_has_one_quoted_row_per_seat_with_the_detail_columns() {
        let mut g = scored(&["a,1", "b"], &[1.0, 0.0]);
        g.details = serde_json::json!({"seats": [
            {"slowest_ms": 1.0, "alive_100": 4, "hills_lost": 0},
            {"slowest_ms": 2.5, "alive_100": 0, "hills_lost": 1}
        ]});
        g.replay = Some("r/x.replay".into());
        let text = csv(&[g, scored(&["b", "a,1"], &[2.0, 2.0])]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "game,map,seed,turns,seat,bot,score,result,status,alive_100,hills_lost,slowest_ms,replay",
                "0,m.map,0,1,0,\"a,1\",1,W,survived,4,0,1.000,r/x.replay",
                "0,m.map,0,1,1,b,0,L,survived,0,1,2.500,r/x.replay",
                "1,m.map,0,1,0,b,2,D,survived,,,1.000,",
                "1,m.map,0,1,1,\"a,1\",2,D,survived,,,1.000,",
            ]
        );
    }
}

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
            game: "ants".into(),
            map: "a<b>.map".into(),
            seed: 3,
            turns: 10,
            outcome: "turn limit".into(),
            replay: Some("replays/x y.replay".into()),
            played_at: String::new(),
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
}

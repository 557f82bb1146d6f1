//! `botforge path --svg`: the map as a picture, in the manner of the thesis's visual tests
//! (§8.2, Fig. 8.1/8.2): water and land, the influence field as a red/green wash (enemy /
//! own safety), the HPA* clusters with their transition nodes and abstract edges, and the
//! path of every algorithm in a colour of its own with a legend.
//!
//! Coordinates are map cells scaled by [`CELL`] pixels. On a torus, lines that cross the
//! edge (a path step from the last column to the first, an abstract edge or a cluster that
//! wraps) are drawn on both sides and left to the picture's clipping.

use std::fmt::Write as _;

use grid::{Grid, Hpa, InfluenceMap, Pos, Shape, Topology};

/// Pixels per map cell.
const CELL: i32 = 8;

/// Path colours, in the order the paths are drawn.
const COLOURS: [&str; 8] = [
    "#e6194b", "#4363d8", "#f58231", "#911eb4", "#3cb44b", "#f032e6", "#9a6324", "#000075",
];

/// Everything one picture shows.
pub(super) struct Picture<'a> {
    /// Shown as the picture's title.
    pub title: &'a str,
    /// Water (`true`) and land.
    pub walls: &'a Grid<bool>,
    /// Clusters, transition nodes and abstract edges of the first HPA* setting that ran,
    /// with its label.
    pub hpa: Option<(&'a Hpa, &'a str)>,
    /// The influence field (player 0 = own), when units were given.
    pub influence: Option<&'a InfluenceMap>,
    /// Labelled paths, drawn in order.
    pub paths: &'a [(String, Vec<Pos>)],
    /// Start cell.
    pub from: Pos,
    /// Goal cell.
    pub to: Pos,
    /// Own units of the influence map.
    pub own: &'a [Pos],
    /// Enemy units of the influence map.
    pub enemy: &'a [Pos],
}

/// `text` with the five XML special characters escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The centre of cell `p` in pixels.
fn centre(p: Pos) -> (i32, i32) {
    (p.col * CELL + CELL / 2, p.row * CELL + CELL / 2)
}

/// The shortest offset from `a` to `b` along an axis of length `len` (wrapping on a torus).
fn delta(a: i32, b: i32, len: i32, torus: bool) -> i32 {
    let d = b - a;
    if !torus {
        return d;
    }
    let d = d.rem_euclid(len);
    if d > len / 2 { d - len } else { d }
}

/// A line from `a` to `b` by the shortest way; one that wraps is drawn from both ends.
fn line(out: &mut String, shape: Shape, a: Pos, b: Pos, style: &str) {
    let torus = shape.topology == Topology::Torus;
    let dr = delta(a.row, b.row, shape.rows as i32, torus);
    let dc = delta(a.col, b.col, shape.cols as i32, torus);
    let mut draw = |p: Pos, dr: i32, dc: i32| {
        let (x1, y1) = centre(p);
        let (x2, y2) = (x1 + dc * CELL, y1 + dr * CELL);
        let _ = writeln!(
            out,
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>"#
        );
    };
    draw(a, dr, dc);
    if a.row + dr != b.row || a.col + dc != b.col {
        draw(b, -dr, -dc);
    }
}

impl Picture<'_> {
    /// The picture as an SVG document.
    pub(super) fn render(&self) -> String {
        let shape = self.walls.shape();
        let (w, h) = (shape.cols as i32 * CELL, shape.rows as i32 * CELL);
        let legend_lines = self.paths.len() as i32 + 2;
        let total_h = h + legend_lines * 14 + 8;
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{total_h}" viewBox="0 0 {w} {total_h}" font-family="sans-serif" font-size="12">"#
        );
        let _ = writeln!(out, "<title>{}</title>", escape(self.title));
        let _ = writeln!(out, r#"<svg width="{w}" height="{h}" overflow="hidden">"#);
        let _ = writeln!(out, r##"<rect width="{w}" height="{h}" fill="#d9c9a3"/>"##);
        self.water(&mut out, shape);
        if let Some(inf) = self.influence {
            Self::influence(&mut out, shape, self.walls, inf);
        }
        if let Some((hpa, _)) = self.hpa {
            Self::clusters(&mut out, shape, hpa);
        }
        for (k, (_, cells)) in self.paths.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            // Later paths are drawn thinner so that shared stretches stay visible.
            let width = (CELL as f32 * 0.6 * (1.0 - 0.12 * k as f32)).max(1.0);
            let style = format!(
                r#"stroke="{colour}" stroke-width="{width:.1}" stroke-linecap="round" opacity="0.85""#
            );
            for pair in cells.windows(2) {
                line(&mut out, shape, pair[0], pair[1], &style);
            }
        }
        for (units, colour) in [(self.own, "#1a7f1a"), (self.enemy, "#b00000")] {
            for &p in units {
                let (x, y) = centre(p);
                let _ = writeln!(
                    out,
                    r##"<circle cx="{x}" cy="{y}" r="{}" fill="{colour}" stroke="#fff"/>"##,
                    CELL / 2
                );
            }
        }
        for (p, label) in [(self.from, "S"), (self.to, "G")] {
            let (x, y) = centre(p);
            let _ = writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{}" height="{}" fill="#fff" stroke="#000"/><text x="{x}" y="{}" text-anchor="middle" font-size="{}">{label}</text>"##,
                x - CELL,
                y - CELL,
                2 * CELL,
                2 * CELL,
                y + CELL / 2,
                CELL + 2
            );
        }
        out.push_str("</svg>\n");
        self.legend(&mut out, h);
        out.push_str("</svg>\n");
        out
    }

    /// Water as one rectangle per horizontal run.
    fn water(&self, out: &mut String, shape: Shape) {
        for r in 0..shape.rows as i32 {
            let mut c = 0;
            while c < shape.cols as i32 {
                if !self.walls[Pos::new(r, c)] {
                    c += 1;
                    continue;
                }
                let start = c;
                while c < shape.cols as i32 && self.walls[Pos::new(r, c)] {
                    c += 1;
                }
                let _ = writeln!(
                    out,
                    r##"<rect x="{}" y="{}" width="{}" height="{CELL}" fill="#1f3b73"/>"##,
                    start * CELL,
                    r * CELL,
                    (c - start) * CELL
                );
            }
        }
    }

    /// Safety of player 0 on every land cell: green where own influence leads, red where
    /// the enemy's does, stronger with the margin.
    fn influence(out: &mut String, shape: Shape, walls: &Grid<bool>, inf: &InfluenceMap) {
        for i in 0..shape.len() as u32 {
            if walls[i] {
                continue;
            }
            let s = inf.safety_at(0, i);
            if s == 0.0 {
                continue;
            }
            let colour = if s > 0.0 { "#00a000" } else { "#d00000" };
            let alpha = (s.abs() / 100.0).clamp(0.08, 0.6);
            let p = shape.pos(i);
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{colour}" fill-opacity="{alpha:.2}"/>"#,
                p.col * CELL,
                p.row * CELL
            );
        }
    }

    /// Cluster outlines, abstract edges and transition nodes.
    fn clusters(out: &mut String, shape: Shape, hpa: &Hpa) {
        let (mw, mh) = (shape.cols as i32 * CELL, shape.rows as i32 * CELL);
        for (top, h, w) in hpa.cluster_bounds() {
            let (x, y) = (top.col * CELL, top.row * CELL);
            let (cw, ch) = (w as i32 * CELL, h as i32 * CELL);
            // A cluster that wraps past the edge is drawn again one map width/height back.
            for (dx, dy) in [(0, 0), (-mw, 0), (0, -mh), (-mw, -mh)] {
                let (x, y) = (x + dx, y + dy);
                if x + cw <= 0 || y + ch <= 0 {
                    continue;
                }
                let _ = writeln!(
                    out,
                    r##"<rect x="{x}" y="{y}" width="{cw}" height="{ch}" fill="none" stroke="#ffffff" stroke-width="1" stroke-dasharray="4 2"/>"##
                );
                if x + cw <= mw && y + ch <= mh {
                    break;
                }
            }
        }
        let style = r##"stroke="#ffd700" stroke-width="1" opacity="0.8""##;
        for (a, b, _) in hpa.abstract_edges() {
            line(out, shape, a, b, style);
        }
        for p in hpa.node_cells() {
            let (x, y) = centre(p);
            let _ = writeln!(
                out,
                r##"<circle cx="{x}" cy="{y}" r="{}" fill="#ffd700" stroke="#000" stroke-width="0.5"/>"##,
                CELL / 3
            );
        }
    }

    /// One legend line per path (colour, label, steps), then the other marks.
    fn legend(&self, out: &mut String, top: i32) {
        let mut y = top + 16;
        for (k, (label, cells)) in self.paths.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            let _ = writeln!(
                out,
                r#"<rect x="4" y="{}" width="20" height="6" fill="{colour}"/><text x="30" y="{y}">{} ({} steps)</text>"#,
                y - 7,
                escape(label),
                cells.len().saturating_sub(1)
            );
            y += 14;
        }
        let mut marks = String::from("S start, G goal");
        if let Some((_, label)) = self.hpa {
            let _ = write!(
                marks,
                "; dashed: clusters of {label}, gold: its transition nodes and abstract edges"
            );
        }
        if self.influence.is_some() {
            marks.push_str("; green/red: own/enemy safety, dots: own/enemy units");
        }
        let _ = writeln!(out, r#"<text x="4" y="{y}">{}</text>"#, escape(&marks));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_wraps_lines_on_the_torus() {
        assert_eq!(escape("a<b>&\"'"), "a&lt;b&gt;&amp;&quot;&apos;");
        assert_eq!(delta(0, 9, 10, true), -1);
        assert_eq!(delta(0, 9, 10, false), 9);
        assert_eq!(delta(9, 0, 10, true), 1);
        let shape = Shape::new(10, 10, Topology::Torus);
        let mut out = String::new();
        line(&mut out, shape, Pos::new(0, 0), Pos::new(0, 9), "");
        // Drawn from both ends: once leaving the left edge, once leaving the right edge.
        assert_eq!(out.lines().count(), 2);
        assert!(out.contains(r#"x1="4" y1="4" x2="-4""#), "{out}");
        assert!(out.contains(r#"x1="76" y1="4" x2="84""#), "{out}");
        out.clear();
        line(&mut out, shape, Pos::new(0, 0), Pos::new(0, 1), "");
        assert_eq!(out.lines().count(), 1);
    }
}

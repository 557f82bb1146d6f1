//! The 2011 extended visualizer's commands: the `v …` and `i …` lines bots print on stdout
//! between their orders to show what they think (spec `ants-tcp.md` §5). [`Command`] maps
//! 1:1 onto them; [`Command::parse`] reads a line and `Display` prints it back.
//!
//! Coordinates are `row col` as in orders; colours are 0–255 (decimal or `0x` hex; integers
//! outside are clamped, as the 2011 visualizer's canvas does) with an alpha of 0–1; `fill` is `true`/`false` or `1`/`0` (printed as `true`/`false`).
//!
//! ```
//! use ants::visual::Command;
//! let c = Command::parse("v setLineColor 0x99 0 0 0.5").unwrap();
//! assert_eq!(c.to_string(), "v setLineColor 153 0 0 0.5");
//! assert!(Command::parse("v circle 3 4").is_err());
//! ```

use std::fmt;

use grid::{Dir, Pos};

/// A colour with opacity: red, green, blue 0–255 and alpha 0–1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Color {
    /// Red, 0–255.
    pub r: u8,
    /// Green, 0–255.
    pub g: u8,
    /// Blue, 0–255.
    pub b: u8,
    /// Opacity, 0 (transparent) to 1 (opaque).
    pub a: f64,
}

impl Color {
    /// A colour from its components.
    pub const fn new(r: u8, g: u8, b: u8, a: f64) -> Color {
        Color { r, g, b, a }
    }
}

/// One of the nine parts of a tile a `tileBorder`/`tileSubTile` draws on: top, middle or
/// bottom row × left, middle or right column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SubTile {
    /// Top left.
    TL,
    /// Top middle.
    TM,
    /// Top right.
    TR,
    /// Middle left.
    ML,
    /// The middle.
    MM,
    /// Middle right.
    MR,
    /// Bottom left.
    BL,
    /// Bottom middle.
    BM,
    /// Bottom right.
    BR,
}

impl SubTile {
    /// All nine, row by row.
    pub const ALL: [SubTile; 9] = [
        SubTile::TL,
        SubTile::TM,
        SubTile::TR,
        SubTile::ML,
        SubTile::MM,
        SubTile::MR,
        SubTile::BL,
        SubTile::BM,
        SubTile::BR,
    ];

    /// The two-letter name (`TL` … `BR`).
    pub const fn as_str(self) -> &'static str {
        match self {
            SubTile::TL => "TL",
            SubTile::TM => "TM",
            SubTile::TR => "TR",
            SubTile::ML => "ML",
            SubTile::MM => "MM",
            SubTile::MR => "MR",
            SubTile::BL => "BL",
            SubTile::BM => "BM",
            SubTile::BR => "BR",
        }
    }

    /// The part named `s` (any case).
    pub fn from_name(s: &str) -> Option<SubTile> {
        SubTile::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(s))
    }
}

/// One visualizer command, 1:1 with the 2011 line vocabulary.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// `v setLineColor r g b a`: the colour of the lines drawn next.
    SetLineColor(Color),
    /// `v setFillColor r g b a`: the colour of the filled shapes drawn next.
    SetFillColor(Color),
    /// `v setLineWidth w`: the width of the lines drawn next.
    SetLineWidth(f64),
    /// `v line r1 c1 r2 c2`: a line between two tiles' centres.
    Line(Pos, Pos),
    /// `v arrow r1 c1 r2 c2`: an arrow from the first tile to the second.
    Arrow(Pos, Pos),
    /// `v rect r1 c1 r2 c2 fill`: a rectangle from the first tile to the second.
    Rect {
        /// One corner tile.
        from: Pos,
        /// The opposite corner tile.
        to: Pos,
        /// Filled (fill colour) or outlined (line colour).
        fill: bool,
    },
    /// `v circle r c radius fill`: a circle around a tile (radius in tiles).
    Circle {
        /// The centre tile.
        pos: Pos,
        /// Radius in tiles.
        radius: f64,
        /// Filled or outlined.
        fill: bool,
    },
    /// `v star r c r1 r2 points fill`: a star around a tile with inner and outer radius.
    Star {
        /// The centre tile.
        pos: Pos,
        /// Inner radius in tiles.
        inner: f64,
        /// Outer radius in tiles.
        outer: f64,
        /// Number of points.
        points: u32,
        /// Filled or outlined.
        fill: bool,
    },
    /// `v tile r c`: fills a tile.
    Tile(Pos),
    /// `v tileBorder r c SUB`: a border on one part of a tile.
    TileBorder(Pos, SubTile),
    /// `v tileSubTile r c SUB`: fills one part of a tile.
    TileSubTile(Pos, SubTile),
    /// `v routePlan r c PLAN`: a route from a tile, one step per letter of `n`/`e`/`s`/`w`
    /// (at least one step: an empty plan is not a line the visualizer reads).
    RoutePlan(Pos, Vec<Dir>),
    /// `i r c text`: a note on a tile.
    Info {
        /// The tile.
        pos: Pos,
        /// The note (printed on one line: control characters become spaces).
        text: String,
    },
}

/// Why a line is not a visualizer command.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The line starts with neither `v ` nor `i `.
    #[error("not a visualizer line (it starts with neither `v ` nor `i `)")]
    NotVisual,
    /// The command after `v` is not one of the vocabulary.
    #[error("unknown visualizer command `{0}`")]
    UnknownCommand(String),
    /// Too few or too many arguments.
    #[error("`{command}` takes {expected}")]
    Arity {
        /// The command.
        command: &'static str,
        /// Its arguments, e.g. `r1 c1 r2 c2`.
        expected: &'static str,
    },
    /// An argument has the wrong form or is out of range.
    #[error("`{command}`: bad {what} `{value}`")]
    Argument {
        /// The command.
        command: &'static str,
        /// What the argument is (e.g. `row`, `colour component`).
        what: &'static str,
        /// The offending text.
        value: String,
    },
}

/// The argument lists of the commands after `v`, as shown in arity errors.
const SIGNATURES: [(&str, &str); 12] = [
    ("setLineColor", "r g b a"),
    ("setFillColor", "r g b a"),
    ("setLineWidth", "w"),
    ("line", "r1 c1 r2 c2"),
    ("arrow", "r1 c1 r2 c2"),
    ("rect", "r1 c1 r2 c2 fill"),
    ("circle", "r c radius fill"),
    ("star", "r c r1 r2 points fill"),
    ("tile", "r c"),
    ("tileBorder", "r c SUB (TL TM TR ML MM MR BL BM BR)"),
    ("tileSubTile", "r c SUB (TL TM TR ML MM MR BL BM BR)"),
    ("routePlan", "r c PLAN (n/e/s/w steps)"),
];

/// The arguments of one command being parsed.
struct Args<'a> {
    command: &'static str,
    tokens: &'a [&'a str],
}

impl Args<'_> {
    fn bad(&self, what: &'static str, value: &str) -> ParseError {
        ParseError::Argument {
            command: self.command,
            what,
            value: value.to_owned(),
        }
    }

    fn int(&self, i: usize, what: &'static str) -> Result<i32, ParseError> {
        let t = self.tokens[i];
        t.parse().map_err(|_| self.bad(what, t))
    }

    fn pos(&self, i: usize) -> Result<Pos, ParseError> {
        Ok(Pos::new(self.int(i, "row")?, self.int(i + 1, "column")?))
    }

    fn float(&self, i: usize, what: &'static str) -> Result<f64, ParseError> {
        let t = self.tokens[i];
        t.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| self.bad(what, t))
    }

    fn fill(&self, i: usize) -> Result<bool, ParseError> {
        let t = self.tokens[i];
        match t {
            "1" => Ok(true),
            "0" => Ok(false),
            _ if t.eq_ignore_ascii_case("true") => Ok(true),
            _ if t.eq_ignore_ascii_case("false") => Ok(false),
            _ => Err(self.bad("fill (true, false, 1 or 0)", t)),
        }
    }

    /// An integer (decimal or `0x` hex) clamped to 0–255, as the 2011 visualizer's canvas
    /// clamps an `rgba()` component: BenJackson's bot prints `v setFillColor -25 -25 -25 0.5`
    /// for its darkest shade.
    fn component(&self, i: usize) -> Result<u8, ParseError> {
        let t = self.tokens[i];
        let v = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            Some(hex) => i64::from_str_radix(hex, 16)
                .ok()
                .filter(|_| !hex.starts_with(['+', '-'])),
            None => t.parse::<i64>().ok(),
        };
        v.and_then(|v| u8::try_from(v.clamp(0, 255)).ok())
            .ok_or_else(|| self.bad("colour component (0-255)", t))
    }

    fn color(&self) -> Result<Color, ParseError> {
        let t = self.tokens[3];
        let a = t
            .parse::<f64>()
            .ok()
            .filter(|a| (0.0..=1.0).contains(a))
            .ok_or_else(|| self.bad("alpha (0-1)", t))?;
        Ok(Color::new(
            self.component(0)?,
            self.component(1)?,
            self.component(2)?,
            a,
        ))
    }

    fn sub(&self, i: usize) -> Result<SubTile, ParseError> {
        let t = self.tokens[i];
        SubTile::from_name(t).ok_or_else(|| self.bad("sub-tile", t))
    }

    fn plan(&self, i: usize) -> Result<Vec<Dir>, ParseError> {
        let t = self.tokens[i];
        t.chars()
            .map(|c| Dir::from_letter(c.to_ascii_uppercase()))
            .collect::<Option<Vec<Dir>>>()
            .ok_or_else(|| self.bad("route plan (n/e/s/w steps)", t))
    }
}

impl Command {
    /// Reads one line as the bot printed it (surrounding whitespace ignored, arguments
    /// separated by any whitespace). The command names are case-sensitive as the 2011
    /// visualizer's; fill words and sub-tile names are read in any case.
    pub fn parse(line: &str) -> Result<Command, ParseError> {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("i ").or_else(|| line.strip_prefix("i\t")) {
            return parse_info(rest);
        }
        let Some(rest) = line.strip_prefix("v ").or_else(|| line.strip_prefix("v\t")) else {
            return Err(ParseError::NotVisual);
        };
        let tokens: Vec<&str> = rest.split_whitespace().collect();
        let Some((&name, tokens)) = tokens.split_first() else {
            return Err(ParseError::UnknownCommand(String::new()));
        };
        let Some(&(command, expected)) = SIGNATURES.iter().find(|(n, _)| *n == name) else {
            return Err(ParseError::UnknownCommand(name.to_owned()));
        };
        let arity = match command {
            "setLineWidth" => 1,
            "tile" => 2,
            "tileBorder" | "tileSubTile" | "routePlan" => 3,
            "setLineColor" | "setFillColor" | "line" | "arrow" | "circle" => 4,
            "rect" => 5,
            _ => 6, // star
        };
        if tokens.len() != arity {
            return Err(ParseError::Arity { command, expected });
        }
        let a = Args { command, tokens };
        Ok(match command {
            "setLineColor" => Command::SetLineColor(a.color()?),
            "setFillColor" => Command::SetFillColor(a.color()?),
            "setLineWidth" => Command::SetLineWidth(a.float(0, "width")?),
            "line" => Command::Line(a.pos(0)?, a.pos(2)?),
            "arrow" => Command::Arrow(a.pos(0)?, a.pos(2)?),
            "rect" => Command::Rect {
                from: a.pos(0)?,
                to: a.pos(2)?,
                fill: a.fill(4)?,
            },
            "circle" => Command::Circle {
                pos: a.pos(0)?,
                radius: a.float(2, "radius")?,
                fill: a.fill(3)?,
            },
            "star" => Command::Star {
                pos: a.pos(0)?,
                inner: a.float(2, "inner radius")?,
                outer: a.float(3, "outer radius")?,
                points: tokens[4]
                    .parse()
                    .map_err(|_| a.bad("number of points", tokens[4]))?,
                fill: a.fill(5)?,
            },
            "tile" => Command::Tile(a.pos(0)?),
            "tileBorder" => Command::TileBorder(a.pos(0)?, a.sub(2)?),
            "tileSubTile" => Command::TileSubTile(a.pos(0)?, a.sub(2)?),
            _ => Command::RoutePlan(a.pos(0)?, a.plan(2)?),
        })
    }

    /// An [`Command::Info`] note whose text is kept as it will be printed: control
    /// characters become spaces and surrounding whitespace is dropped, so
    /// `Command::parse(&note.to_string()) == Ok(note)`.
    pub fn info(pos: Pos, text: &str) -> Command {
        Command::Info {
            pos,
            text: one_line(text).trim().to_owned(),
        }
    }

    /// Whether a line as a bot printed it is one the engine keeps for the visualizer: it
    /// starts with `v ` or `i ` (whether or not it parses).
    pub fn is_visual_line(line: &str) -> bool {
        line.starts_with("v ") || line.starts_with("i ")
    }
}

/// `i r c text`: the text is the rest of the line after the column (may be empty).
fn parse_info(rest: &str) -> Result<Command, ParseError> {
    let a = |what, value: &str| ParseError::Argument {
        command: "i",
        what,
        value: value.to_owned(),
    };
    let rest = rest.trim_start();
    let (row, rest) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let rest = rest.trim_start();
    let (col, text) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    if row.is_empty() || col.is_empty() {
        return Err(ParseError::Arity {
            command: "i",
            expected: "r c text",
        });
    }
    let row = row.parse().map_err(|_| a("row", row))?;
    let col = col.parse().map_err(|_| a("column", col))?;
    Ok(Command::info(Pos::new(row, col), text))
}

/// `text` with every control character (newlines included) replaced by a space.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn fill(f: bool) -> &'static str {
    if f { "true" } else { "false" }
}

impl fmt::Display for Command {
    /// The line as a bot prints it (without the newline).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = |p: &Pos| format!("{} {}", p.row, p.col);
        match self {
            Command::SetLineColor(c) => {
                write!(f, "v setLineColor {} {} {} {}", c.r, c.g, c.b, c.a)
            }
            Command::SetFillColor(c) => {
                write!(f, "v setFillColor {} {} {} {}", c.r, c.g, c.b, c.a)
            }
            Command::SetLineWidth(w) => write!(f, "v setLineWidth {w}"),
            Command::Line(a, b) => write!(f, "v line {} {}", p(a), p(b)),
            Command::Arrow(a, b) => write!(f, "v arrow {} {}", p(a), p(b)),
            Command::Rect { from, to, fill: x } => {
                write!(f, "v rect {} {} {}", p(from), p(to), fill(*x))
            }
            Command::Circle {
                pos,
                radius,
                fill: x,
            } => write!(f, "v circle {} {radius} {}", p(pos), fill(*x)),
            Command::Star {
                pos,
                inner,
                outer,
                points,
                fill: x,
            } => write!(f, "v star {} {inner} {outer} {points} {}", p(pos), fill(*x)),
            Command::Tile(a) => write!(f, "v tile {}", p(a)),
            Command::TileBorder(a, s) => write!(f, "v tileBorder {} {}", p(a), s.as_str()),
            Command::TileSubTile(a, s) => write!(f, "v tileSubTile {} {}", p(a), s.as_str()),
            Command::RoutePlan(a, plan) => {
                let steps: String = plan
                    .iter()
                    .map(|d| d.letter().to_ascii_lowercase())
                    .collect();
                write!(f, "v routePlan {} {steps}", p(a))
            }
            Command::Info { pos, text } => {
                let text = one_line(text);
                let text = text.trim();
                if text.is_empty() {
                    write!(f, "i {}", p(pos))
                } else {
                    write!(f, "i {} {text}", p(pos))
                }
            }
        }
    }
}

/// The route from `from` along `path` (each next square one step away; on a torus of
/// `rows` × `cols`; a first square equal to `from` is skipped) as `routePlan` steps;
/// `None` when two squares in a row are not neighbours.
pub fn route_steps(from: Pos, path: &[Pos], rows: i32, cols: i32) -> Option<Vec<Dir>> {
    let wrap = |p: Pos| Pos::new(p.row.rem_euclid(rows.max(1)), p.col.rem_euclid(cols.max(1)));
    let path = match path.split_first() {
        Some((&first, rest)) if wrap(first) == wrap(from) => rest,
        _ => path,
    };
    let mut at = from;
    let mut steps = Vec::with_capacity(path.len());
    for &next in path {
        let d = Dir::ALL.into_iter().find(|d| {
            let (dr, dc) = d.delta();
            wrap(Pos::new(at.row + dr, at.col + dc)) == wrap(next)
        })?;
        steps.push(d);
        at = next;
    }
    Some(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(line: &str) -> Command {
        match Command::parse(line) {
            Ok(c) => c,
            Err(e) => panic!("{line}: {e}"),
        }
    }

    #[test]
    fn every_command_parses_and_prints() {
        let q = Pos::new;
        let cases = [
            (
                "v setLineColor 255 0 0 1",
                Command::SetLineColor(Color::new(255, 0, 0, 1.0)),
            ),
            (
                "v setFillColor 0 128 0 0.075",
                Command::SetFillColor(Color::new(0, 128, 0, 0.075)),
            ),
            ("v setLineWidth 2", Command::SetLineWidth(2.0)),
            ("v line 3 4 10 4", Command::Line(q(3, 4), q(10, 4))),
            ("v arrow 1 2 3 4", Command::Arrow(q(1, 2), q(3, 4))),
            (
                "v rect 1 2 3 4 true",
                Command::Rect {
                    from: q(1, 2),
                    to: q(3, 4),
                    fill: true,
                },
            ),
            (
                "v circle 5 6 0.8 false",
                Command::Circle {
                    pos: q(5, 6),
                    radius: 0.8,
                    fill: false,
                },
            ),
            (
                "v star 5 6 0.5 1.5 5 true",
                Command::Star {
                    pos: q(5, 6),
                    inner: 0.5,
                    outer: 1.5,
                    points: 5,
                    fill: true,
                },
            ),
            ("v tile 7 8", Command::Tile(q(7, 8))),
            (
                "v tileBorder 7 8 MM",
                Command::TileBorder(q(7, 8), SubTile::MM),
            ),
            (
                "v tileSubTile 7 8 BR",
                Command::TileSubTile(q(7, 8), SubTile::BR),
            ),
            (
                "v routePlan 7 8 nnesw",
                Command::RoutePlan(q(7, 8), vec![Dir::N, Dir::N, Dir::E, Dir::S, Dir::W]),
            ),
            (
                "i 3 4 gather food",
                Command::Info {
                    pos: q(3, 4),
                    text: "gather food".into(),
                },
            ),
            (
                "i 3 4",
                Command::Info {
                    pos: q(3, 4),
                    text: String::new(),
                },
            ),
        ];
        for (line, command) in cases {
            assert_eq!(ok(line), command, "{line}");
            assert_eq!(command.to_string(), line);
            assert!(Command::is_visual_line(line));
        }
    }

    #[test]
    fn the_2011_spellings_are_read() {
        // Hex colours as the 2011 winner printed them, C++ bools as 1/0.
        assert_eq!(
            ok("v setLineColor 0x99 0 0 0.5"),
            Command::SetLineColor(Color::new(0x99, 0, 0, 0.5))
        );
        assert_eq!(
            ok("v setLineColor 0xCC 0xcc 0XFF 0.8").to_string(),
            "v setLineColor 204 204 255 0.8"
        );
        // Components outside 0-255 clamped as the canvas does (BenJackson's darkest shades).
        assert_eq!(
            ok("v setFillColor -25 256 0x100 0.5"),
            Command::SetFillColor(Color::new(0, 255, 255, 0.5))
        );
        for (word, value) in [("1", true), ("0", false), ("TRUE", true), ("False", false)] {
            assert_eq!(
                ok(&format!("v rect 0 0 1 1 {word}")),
                Command::Rect {
                    from: Pos::new(0, 0),
                    to: Pos::new(1, 1),
                    fill: value
                }
            );
        }
        assert_eq!(
            ok("v tileBorder 1 1 tl"),
            Command::TileBorder(Pos::new(1, 1), SubTile::TL)
        );
        assert_eq!(
            ok("v routePlan 0 0 NeSw").to_string(),
            "v routePlan 0 0 nesw"
        );
        // Extra whitespace and a trailing `\r` are tolerated.
        assert_eq!(ok("v  tile\t2   3 \r"), Command::Tile(Pos::new(2, 3)));
        assert_eq!(
            ok("i  2 3   note  with  spaces \r"),
            Command::Info {
                pos: Pos::new(2, 3),
                text: "note  with  spaces".into()
            }
        );
        // Off-map and negative squares are the bot's business (the viewer wraps them).
        assert_eq!(ok("v tile -1 250"), Command::Tile(Pos::new(-1, 250)));
    }

    #[test]
    fn malformed_lines_are_clear_errors() {
        let err = |l: &str| Command::parse(l).unwrap_err();
        assert_eq!(err("o 1 2 n"), ParseError::NotVisual);
        assert_eq!(err(""), ParseError::NotVisual);
        assert_eq!(err("v"), ParseError::NotVisual);
        assert_eq!(err("vtile 1 2"), ParseError::NotVisual);
        assert_eq!(err("v "), ParseError::NotVisual);
        assert_eq!(err("v \t"), ParseError::NotVisual);
        assert_eq!(err("v Tile 1 2"), ParseError::UnknownCommand("Tile".into()));
        assert_eq!(
            err("v blink 1 2"),
            ParseError::UnknownCommand("blink".into())
        );
        assert!(matches!(
            err("v circle 3 4"),
            ParseError::Arity {
                command: "circle",
                ..
            }
        ));
        assert!(matches!(err("v tile 1 2 true"), ParseError::Arity { .. }));
        assert!(matches!(err("i 3"), ParseError::Arity { command: "i", .. }));
        let bad = |l: &str, w: &str| match err(l) {
            ParseError::Argument { what, .. } => assert!(what.starts_with(w), "{l}: {what}"),
            e => panic!("{l}: {e}"),
        };
        bad("v setLineColor 0xzz 0 0 1", "colour");
        bad("v setLineColor 0x-1 0 0 1", "colour");
        bad("v setLineColor 1.5 0 0 1", "colour");
        bad("v setLineColor 99999999999999999999 0 0 1", "colour");
        bad("v setFillColor 0 0 0 1.5", "alpha");
        bad("v setFillColor 0 0 0 NaN", "alpha");
        bad("v setLineWidth inf", "width");
        bad("v setLineWidth -2", "width");
        bad("v line a 1 2 3", "row");
        bad("v arrow 1 1 2 x", "column");
        bad("v line 1 1 2 99999999999", "column");
        bad("v rect 1 1 2 2 yes", "fill");
        bad("v circle 1 1 NaN true", "radius");
        bad("v star 1 1 1 2 -5 true", "number");
        bad("v tileSubTile 1 1 XX", "sub-tile");
        bad("v routePlan 1 1 nxe", "route");
        bad("i x 2 text", "row");
        // Errors read well.
        assert_eq!(
            err("v circle 3 4").to_string(),
            "`circle` takes r c radius fill"
        );
        assert_eq!(
            err("v setLineColor red 0 0 1").to_string(),
            "`setLineColor`: bad colour component (0-255) `red`"
        );
    }

    #[test]
    fn notes_stay_on_one_line() {
        let note = Command::info(Pos::new(1, 2), " two\nlines\r\n");
        assert_eq!(note.to_string(), "i 1 2 two lines");
        assert_eq!(Command::parse(&note.to_string()), Ok(note));
        // Even a note built by hand cannot smuggle an order line.
        let raw = Command::Info {
            pos: Pos::new(0, 0),
            text: "x\no 1 1 n".into(),
        };
        assert_eq!(raw.to_string().lines().count(), 1);
    }

    #[test]
    fn routes_become_steps() {
        let path = [Pos::new(0, 1), Pos::new(0, 0), Pos::new(9, 0)];
        assert_eq!(
            route_steps(Pos::new(0, 2), &path, 10, 10),
            Some(vec![Dir::W, Dir::W, Dir::N])
        );
        assert_eq!(route_steps(Pos::new(0, 2), &[Pos::new(5, 5)], 10, 10), None);
        assert_eq!(route_steps(Pos::new(0, 2), &[], 10, 10), Some(vec![]));
        assert_eq!(
            route_steps(Pos::new(0, 2), &[Pos::new(0, 2), Pos::new(1, 2)], 10, 10),
            Some(vec![Dir::S])
        );
    }

    fn pos() -> impl Strategy<Value = Pos> {
        (-300..300_i32, -300..300_i32).prop_map(|(r, c)| Pos::new(r, c))
    }

    fn color() -> impl Strategy<Value = Color> {
        (any::<u8>(), any::<u8>(), any::<u8>(), 0.0..=1.0_f64)
            .prop_map(|(r, g, b, a)| Color::new(r, g, b, a))
    }

    fn size() -> impl Strategy<Value = f64> {
        prop_oneof![0.0..100.0_f64, (0..100_u32).prop_map(f64::from)]
    }

    fn sub() -> impl Strategy<Value = SubTile> {
        proptest::sample::select(SubTile::ALL.to_vec())
    }

    fn command() -> impl Strategy<Value = Command> {
        prop_oneof![
            color().prop_map(Command::SetLineColor),
            color().prop_map(Command::SetFillColor),
            size().prop_map(Command::SetLineWidth),
            (pos(), pos()).prop_map(|(a, b)| Command::Line(a, b)),
            (pos(), pos()).prop_map(|(a, b)| Command::Arrow(a, b)),
            (pos(), pos(), any::<bool>()).prop_map(|(from, to, fill)| Command::Rect {
                from,
                to,
                fill
            }),
            (pos(), size(), any::<bool>()).prop_map(|(pos, radius, fill)| Command::Circle {
                pos,
                radius,
                fill
            }),
            (pos(), size(), size(), any::<u32>(), any::<bool>()).prop_map(
                |(pos, inner, outer, points, fill)| Command::Star {
                    pos,
                    inner,
                    outer,
                    points,
                    fill
                }
            ),
            pos().prop_map(Command::Tile),
            (pos(), sub()).prop_map(|(p, s)| Command::TileBorder(p, s)),
            (pos(), sub()).prop_map(|(p, s)| Command::TileSubTile(p, s)),
            (
                pos(),
                proptest::collection::vec(proptest::sample::select(Dir::ALL.to_vec()), 1..20)
            )
                .prop_map(|(p, plan)| Command::RoutePlan(p, plan)),
            (pos(), "\\PC*").prop_map(|(p, t)| Command::info(p, &t)),
        ]
    }

    proptest! {
        #[test]
        fn parse_reads_what_display_prints(c in command()) {
            let line = c.to_string();
            prop_assert!(Command::is_visual_line(&line));
            prop_assert!(!line.contains('\n'));
            prop_assert_eq!(Command::parse(&line), Ok(c));
        }

        #[test]
        fn any_line_parses_or_fails_without_panic(line in "[vi] \\PC{0,40}") {
            let _ = Command::parse(&line);
        }
    }
}

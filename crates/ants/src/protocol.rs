//! The official stdin/stdout bot protocol (spec §5): rendering engine messages, parsing
//! order lines, and [`serve`], which runs an in-process [`Bot`] as a protocol process.

use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use grid::{Dir, Pos};

use crate::bot::{Bot, GameSettings, Order, TurnInput};

/// The setup message (spec §5.2.1), `ready` included.
pub fn render_settings(s: &GameSettings) -> String {
    format!(
        "turn 0\nloadtime {}\nturntime {}\nrows {}\ncols {}\nturns {}\nviewradius2 {}\nattackradius2 {}\nspawnradius2 {}\nplayer_seed {}\nready\n",
        s.loadtime_ms,
        s.turntime_ms,
        s.rows,
        s.cols,
        s.turns,
        s.viewradius2,
        s.attackradius2,
        s.spawnradius2,
        s.player_seed
    )
}

/// The state lines of a turn message (w, h, a, f, d), without `turn` and `go`.
pub fn render_state(input: &TurnInput, out: &mut String) {
    for p in &input.water {
        let _ = writeln!(out, "w {} {}", p.row, p.col);
    }
    for (p, o) in &input.hills {
        let _ = writeln!(out, "h {} {} {o}", p.row, p.col);
    }
    for (p, o) in &input.ants {
        let _ = writeln!(out, "a {} {} {o}", p.row, p.col);
    }
    for p in &input.food {
        let _ = writeln!(out, "f {} {}", p.row, p.col);
    }
    for (p, o) in &input.dead {
        let _ = writeln!(out, "d {} {} {o}", p.row, p.col);
    }
}

/// A turn message (spec §5.2.2).
pub fn render_turn(input: &TurnInput) -> String {
    let mut out = format!("turn {}\n", input.turn);
    render_state(input, &mut out);
    out.push_str("go\n");
    out
}

/// The end message (spec §5.2.3); list entries are in the receiver's perspective order.
pub fn render_end(
    scores: &[Option<i32>],
    statuses: &[Option<&str>],
    playerturns: &[Option<u32>],
    state: &TurnInput,
) -> String {
    fn list<T: std::fmt::Display>(v: &[Option<T>]) -> String {
        v.iter()
            .map(|x| {
                x.as_ref()
                    .map_or_else(|| "None".to_owned(), ToString::to_string)
            })
            .collect::<Vec<_>>()
            .join(" ")
    }
    let mut out = format!(
        "end\nplayers {}\nscore {}\nstatus {}\nplayerturns {}\n",
        scores.len(),
        list(scores),
        list(statuses),
        list(playerturns)
    );
    render_state(state, &mut out);
    out.push_str("go\n");
    out
}

/// Parses one order line as the engine does (spec §4.2 steps 1–3). `Ok(None)` for blank
/// and comment lines; `Err` names why the line is invalid.
pub fn parse_order_line(line: &str) -> Result<Option<(i64, i64, Dir)>, &'static str> {
    let line = line.trim().to_ascii_lowercase();
    if line.is_empty() || line.starts_with('#') {
        return Ok(None);
    }
    let tokens: Vec<&str> = line.split_whitespace().collect();
    if tokens[0] != "o" {
        return Err("unknown action");
    }
    if tokens.len() != 4 {
        return Err("incorrectly formatted order");
    }
    let (Ok(row), Ok(col)) = (tokens[1].parse::<i64>(), tokens[2].parse::<i64>()) else {
        return Err("invalid row or col");
    };
    let dir = match tokens[3] {
        "n" => Dir::N,
        "e" => Dir::E,
        "s" => Dir::S,
        "w" => Dir::W,
        _ => return Err("invalid direction"),
    };
    Ok(Some((row, col, dir)))
}

/// Renders orders as protocol lines followed by `go`.
pub fn render_orders(orders: &[Order]) -> String {
    let mut out = String::new();
    for o in orders {
        let _ = writeln!(
            out,
            "o {} {} {}",
            o.pos.row,
            o.pos.col,
            o.dir.letter().to_ascii_lowercase()
        );
    }
    out.push_str("go\n");
    out
}

/// A malformed message from the engine, with the 1-based input line number.
#[derive(Debug, thiserror::Error)]
pub enum ProtocolError {
    /// A line could not be understood.
    #[error("protocol line {line}: {message}: `{text}`")]
    Line {
        /// 1-based line number of the input stream.
        line: usize,
        /// What is wrong.
        message: &'static str,
        /// The offending line.
        text: String,
    },
    /// Reading or writing failed.
    #[error("protocol i/o: {0}")]
    Io(#[from] std::io::Error),
}

fn ints<const K: usize>(tokens: &[&str]) -> Option<[i64; K]> {
    if tokens.len() != K + 1 {
        return None;
    }
    let mut out = [0; K];
    for (i, t) in tokens[1..].iter().enumerate() {
        out[i] = t.parse().ok()?;
    }
    Some(out)
}

fn pos(r: i64, c: i64) -> Pos {
    Pos::new(r as i32, c as i32)
}

/// Runs `bot` as a protocol process: reads engine messages from `input`, writes orders to
/// `output`, until the `go` after `end` or end of input. Malformed lines give an error
/// naming the line; after `end` every line but `go` is ignored (the end message's
/// information, in the local engine's or a TCP server's form).
pub fn serve(
    bot: &mut dyn Bot,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), ProtocolError> {
    serve_with(bot, input, output, false)
}

/// Drawing lines [`serve_with`] prints per millisecond of turn time left after the bot's
/// turn: half the official engine's reading rate (its turn loop takes at most 100 lines of
/// a bot per 10 ms), so that drawing never makes the bot miss its turn there.
pub const VISUAL_LINES_PER_MS: u64 = 5;

/// [`serve`] that, with `visualize`, also prints the bot's [`Bot::take_visuals`] as `v`/`i`
/// lines before its orders each turn (for the 2011 visualizer; the official engine counts
/// such lines as invalid orders, which removes the bot in `--strict` mode). The drawings
/// of a turn are cut to [`VISUAL_LINES_PER_MS`] lines per millisecond of the turntime left
/// (counted from the turn's `go`), orders included; a cut is told by one `#` comment line,
/// which engines ignore.
pub fn serve_with(
    bot: &mut dyn Bot,
    input: impl BufRead,
    mut output: impl Write,
    visualize: bool,
) -> Result<(), ProtocolError> {
    let mut settings = GameSettings {
        loadtime_ms: 3000,
        turntime_ms: 1000,
        rows: 0,
        cols: 0,
        turns: 1000,
        viewradius2: 77,
        attackradius2: 5,
        spawnradius2: 1,
        player_seed: 0,
    };
    let mut turn = TurnInput::default();
    let mut in_setup = false;
    let mut ended = false;
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let text = line.trim();
        let bad = |message| ProtocolError::Line {
            line: i + 1,
            message,
            text: text.to_owned(),
        };
        if text.is_empty() {
            continue;
        }
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let num = |k: usize| -> Result<i64, ProtocolError> {
            tokens
                .get(k)
                .and_then(|t| t.parse().ok())
                .ok_or_else(|| bad("expected an integer"))
        };
        match tokens[0] {
            // The rest of an end message (the local engine's `players`/`score`/… and state
            // lines, a TCP server's `game <id>: <status> score: … turn: …`) is information.
            key if ended && key != "go" => {}
            "turn" => {
                let t = num(1)?;
                in_setup = t == 0;
                turn = TurnInput {
                    turn: u32::try_from(t).map_err(|_| bad("negative turn"))?,
                    ..TurnInput::default()
                };
            }
            "loadtime" => settings.loadtime_ms = num(1)?.max(0) as u64,
            "turntime" => settings.turntime_ms = num(1)?.max(0) as u64,
            "rows" | "cols" => {
                let side = crate::config::MAX_MAP_SIDE;
                let v = u32::try_from(num(1)?)
                    .ok()
                    .filter(|v| (1..=side).contains(v))
                    .ok_or_else(|| bad("map size out of range (rows and cols are 1..=200)"))?;
                if tokens[0] == "rows" {
                    settings.rows = v;
                } else {
                    settings.cols = v;
                }
            }
            "turns" => settings.turns = num(1)?.max(0) as u32,
            "viewradius2" | "attackradius2" | "spawnradius2" => {
                let max = crate::config::MAX_RADIUS2;
                let v = u32::try_from(num(1)?.max(0))
                    .ok()
                    .filter(|&v| v <= max)
                    .ok_or_else(|| bad("radius out of range (at most 80000)"))?;
                match tokens[0] {
                    "viewradius2" => settings.viewradius2 = v,
                    "attackradius2" => settings.attackradius2 = v,
                    _ => settings.spawnradius2 = v,
                }
            }
            "player_seed" => settings.player_seed = num(1)?,
            "ready" => {
                bot.setup(&settings);
                output.write_all(b"go\n")?;
                output.flush()?;
            }
            "w" | "f" => {
                let [r, c] = ints::<2>(&tokens).ok_or_else(|| bad("expected `w|f ROW COL`"))?;
                if tokens[0] == "w" {
                    turn.water.push(pos(r, c));
                } else {
                    turn.food.push(pos(r, c));
                }
            }
            "h" | "a" | "d" => {
                let [r, c, o] =
                    ints::<3>(&tokens).ok_or_else(|| bad("expected `h|a|d ROW COL OWNER`"))?;
                let o = u8::try_from(o).map_err(|_| bad("owner out of range"))?;
                let v = match tokens[0] {
                    "h" => &mut turn.hills,
                    "a" => &mut turn.ants,
                    _ => &mut turn.dead,
                };
                v.push((pos(r, c), o));
            }
            "go" => {
                if ended {
                    return Ok(());
                }
                if in_setup {
                    return Err(bad("`go` during setup"));
                }
                let started = Instant::now();
                let orders = bot.turn(&turn);
                let shown = bot.take_visuals();
                if visualize {
                    let left = Duration::from_millis(settings.turntime_ms)
                        .saturating_sub(started.elapsed());
                    let room = visual_room(left, orders.len());
                    for command in shown.iter().take(room) {
                        writeln!(output, "{command}")?;
                    }
                    if shown.len() > room {
                        writeln!(
                            output,
                            "# visualizer: {} of {} drawing lines left out (turn time)",
                            shown.len() - room,
                            shown.len()
                        )?;
                    }
                }
                output.write_all(render_orders(&orders).as_bytes())?;
                output.flush()?;
            }
            "end" => ended = true,
            _ => return Err(bad("unknown message")),
        }
    }
    Ok(())
}

/// How many drawing lines fit in the turn time `left` beside `orders` order lines, a
/// cut's comment line and `go` (see [`VISUAL_LINES_PER_MS`]).
fn visual_room(left: Duration, orders: usize) -> usize {
    let lines = u64::try_from(left.as_millis())
        .unwrap_or(u64::MAX)
        .saturating_mul(VISUAL_LINES_PER_MS);
    usize::try_from(lines)
        .unwrap_or(usize::MAX)
        .saturating_sub(orders + 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_lines_follow_the_engine() {
        assert_eq!(parse_order_line(" O 1 2 N "), Ok(Some((1, 2, Dir::N))));
        assert_eq!(parse_order_line("# hi"), Ok(None));
        assert_eq!(parse_order_line(""), Ok(None));
        assert_eq!(parse_order_line("x 1 2 n"), Err("unknown action"));
        assert_eq!(
            parse_order_line("o 1 2"),
            Err("incorrectly formatted order")
        );
        assert_eq!(parse_order_line("o a 2 n"), Err("invalid row or col"));
        assert_eq!(parse_order_line("o 1 2 h"), Err("invalid direction"));
        assert_eq!(parse_order_line("o -1 -1 s"), Ok(Some((-1, -1, Dir::S))));
    }

    struct Echo(Vec<TurnInput>);
    impl Bot for Echo {
        fn name(&self) -> &'static str {
            "echo"
        }
        fn setup(&mut self, _: &GameSettings) {}
        fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
            self.0.push(input.clone());
            input
                .ants
                .iter()
                .filter(|a| a.1 == 0)
                .map(|a| Order {
                    pos: a.0,
                    dir: Dir::E,
                })
                .collect()
        }
        fn take_visuals(&mut self) -> Vec<crate::visual::Command> {
            let seen = self.0.last().map_or(0, |t| t.ants.len());
            vec![crate::visual::Command::info(
                Pos::new(0, 0),
                &format!("{seen} ants"),
            )]
        }
    }

    #[test]
    fn serve_prints_visuals_only_when_asked() {
        let input = "turn 0\nrows 10\ncols 10\nready\nturn 1\na 2 3 0\ngo\nend\ngo\n";
        let mut out = Vec::new();
        serve_with(&mut Echo(Vec::new()), input.as_bytes(), &mut out, true).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "go\ni 0 0 1 ants\no 2 3 e\ngo\n"
        );
        let mut out = Vec::new();
        serve(&mut Echo(Vec::new()), input.as_bytes(), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "go\no 2 3 e\ngo\n");
    }

    /// Draws 10 000 notes a turn and orders its ant east.
    struct Chatty;
    impl Bot for Chatty {
        fn name(&self) -> &'static str {
            "chatty"
        }
        fn setup(&mut self, _: &GameSettings) {}
        fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
            Echo(Vec::new()).turn(input)
        }
        fn take_visuals(&mut self) -> Vec<crate::visual::Command> {
            (0..10_000)
                .map(|i| crate::visual::Command::info(Pos::new(0, 0), &i.to_string()))
                .collect()
        }
    }

    #[test]
    fn drawing_is_cut_to_the_turn_time_left() {
        let play = |turntime: u64| {
            let input = format!(
                "turn 0\nturntime {turntime}\nrows 10\ncols 10\nready\nturn 1\na 2 3 0\ngo\nend\ngo\n"
            );
            let mut out = Vec::new();
            serve_with(&mut Chatty, input.as_bytes(), &mut out, true).unwrap();
            String::from_utf8(out).unwrap()
        };
        // 100 ms leave room for at most 500 lines, the order, the note and `go` included.
        let out = play(100);
        let lines: Vec<&str> = out.lines().collect();
        let drawn = lines.iter().filter(|l| l.starts_with("i ")).count();
        assert!(lines.len() <= 1 + 500, "{} lines", lines.len());
        assert!(drawn > 0 && drawn < 10_000, "{drawn} drawn");
        assert_eq!(
            lines[1 + drawn],
            format!(
                "# visualizer: {} of 10000 drawing lines left out (turn time)",
                10_000 - drawn
            )
        );
        assert_eq!(lines[2 + drawn..], ["o 2 3 e", "go"]);
        // A minute is room for all of them, with no note.
        let out = play(60_000);
        assert_eq!(out.lines().filter(|l| l.starts_with("i ")).count(), 10_000);
        assert!(!out.contains('#'));
        assert_eq!(visual_room(Duration::from_millis(10), 3), 45);
        assert_eq!(visual_room(Duration::ZERO, 3), 0);
    }

    #[test]
    fn serve_answers_setup_and_turns() {
        let input = "turn 0\nrows 10\ncols 10\nready\nturn 1\nw 1 1\na 2 3 0\na 4 4 1\nf 5 5\ngo\nend\nplayers 2\nscore 1 1\ngame 3: survived score: 1 turn: 1\ngo\n";
        let mut bot = Echo(Vec::new());
        let mut out = Vec::new();
        serve(&mut bot, input.as_bytes(), &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "go\no 2 3 e\ngo\n");
        assert_eq!(bot.0[0].water, vec![Pos::new(1, 1)]);
        assert_eq!(bot.0[0].food, vec![Pos::new(5, 5)]);
        let err = serve(
            &mut Echo(Vec::new()),
            "turn 1\na 1 x 0\n".as_bytes(),
            Vec::new(),
        )
        .unwrap_err();
        assert!(err.to_string().contains("line 2"), "{err}");
    }
}

//! The golden JSON-lines game log (`spe_ed-golden/1`, see `data/speed/golden/INDEX.md`):
//! reading, replay checking against the engine, and writing.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::engine::{AnswerStatus, PlayerAnswer, step};
use crate::protocol::{ProtocolError, players_json, state_from_value};
use crate::state::{Action, GameState, PlayerId};

/// Format tag of the meta line.
pub const FORMAT: &str = "spe_ed-golden/1";

/// A golden log that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum GoldenError {
    /// The file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A line is malformed.
    #[error("{path}:{line}: {message}")]
    Line {
        /// The file.
        path: PathBuf,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// One state line with its cells rebuilt and its actions aligned to `state.players`.
#[derive(Clone, Debug)]
pub struct GoldenLine {
    /// 1-based line number in the file.
    pub line: usize,
    /// The state (with full cells; `round` set from the line).
    pub state: GameState,
    /// The answers of this round, `None` on the final line.
    pub answers: Option<Vec<PlayerAnswer>>,
    /// The full cells given on this line, if any (round 1 and the final line).
    pub given_cells: bool,
    /// How the input phase ended (`round_ended_by`), `None` on the final line or when
    /// the line does not say.
    pub ended_by: Option<RoundEnd>,
    /// The line's `final` field (`true` only on the final state), `None` when absent.
    pub final_flag: Option<bool>,
}

/// How a round's input phase ended (`round_ended_by`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEnd {
    /// Every active player had answered (`all_answered`).
    AllAnswered,
    /// The deadline (plus grace) passed first (`deadline`).
    Deadline,
}

impl RoundEnd {
    /// The log name.
    pub fn name(self) -> &'static str {
        match self {
            RoundEnd::AllAnswered => "all_answered",
            RoundEnd::Deadline => "deadline",
        }
    }

    /// Parses a log name.
    pub fn from_name(s: &str) -> Option<RoundEnd> {
        match s {
            "all_answered" => Some(RoundEnd::AllAnswered),
            "deadline" => Some(RoundEnd::Deadline),
            _ => None,
        }
    }

    /// How the phase that produced `answers` ended. A `missing` status means an active
    /// player sent nothing before the deadline + grace, so the deadline closed the phase;
    /// without one every active player had answered, and the server closes the phase as
    /// soon as that happens. (The golden logs agree: 7,531 `all_answered` rounds without
    /// a `missing` answer, 1 `deadline` round with one.)
    pub fn of(answers: &[PlayerAnswer]) -> RoundEnd {
        if answers.iter().any(|a| a.status == AnswerStatus::Missing) {
            RoundEnd::Deadline
        } else {
            RoundEnd::AllAnswered
        }
    }
}

/// A parsed golden log.
#[derive(Clone, Debug)]
pub struct GoldenLog {
    /// The meta line as JSON.
    pub meta: Value,
    /// All state lines in order.
    pub lines: Vec<GoldenLine>,
}

/// The first point where the engine and a log disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Line number of the expected state (state r+1).
    pub line: usize,
    /// Round r of the transition r → r+1.
    pub round: u32,
    /// What differs.
    pub message: String,
    /// The log stops before the final state (no engine mismatch; `round` is its last
    /// round).
    pub truncated: bool,
}

/// Result of replaying one log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Transitions replayed identically.
    pub transitions: usize,
    /// The first mismatch, if any.
    pub divergence: Option<Divergence>,
}

fn line_err(path: &Path, line: usize, message: impl Into<String>) -> GoldenError {
    GoldenError::Line {
        path: path.to_path_buf(),
        line,
        message: message.into(),
    }
}

/// The largest log file read (256 MiB; the largest golden log, a 6-player game, is 0.8 MB).
pub const MAX_LOG_BYTES: u64 = 256 << 20;

/// Reads and parses a golden log file (at most [`MAX_LOG_BYTES`]).
pub fn read_log(path: &Path) -> Result<GoldenLog, GoldenError> {
    let text =
        outfile::read_bounded(path, MAX_LOG_BYTES, "log").map_err(|source| GoldenError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    parse_log(path, &text)
}

/// Parses golden log text; `path` is only used in error messages.
pub fn parse_log(path: &Path, text: &str) -> Result<GoldenLog, GoldenError> {
    let mut meta = None;
    let mut lines: Vec<GoldenLine> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.trim().is_empty() {
            continue;
        }
        let v: Value = serde_json::from_str(raw)
            .map_err(|e| line_err(path, n, format!("invalid JSON: {e}")))?;
        match v.get("type").and_then(Value::as_str) {
            Some("meta") => {
                if v.get("format").and_then(Value::as_str) != Some(FORMAT) {
                    return Err(line_err(
                        path,
                        n,
                        format!("meta: field `format` must be \"{FORMAT}\""),
                    ));
                }
                meta = Some(v);
            }
            Some("state") => {
                let prev = lines.last().map(|l| &l.state);
                lines.push(parse_state_line(&v, prev).map_err(|m| line_err(path, n, m))?);
                if let Some(l) = lines.last_mut() {
                    l.line = n;
                }
            }
            _ => {
                return Err(line_err(
                    path,
                    n,
                    "field `type`: expected \"meta\" or \"state\"",
                ));
            }
        }
    }
    let meta = meta.ok_or_else(|| line_err(path, 1, "no meta line"))?;
    if lines.is_empty() {
        return Err(line_err(path, 1, "no state lines"));
    }
    Ok(GoldenLog { meta, lines })
}

fn parse_state_line(v: &Value, prev: Option<&GameState>) -> Result<GoldenLine, String> {
    let round = v
        .get("round")
        .and_then(Value::as_u64)
        .filter(|&r| r >= 1 && u32::try_from(r).is_ok())
        .ok_or("field `round`: expected a positive integer")? as u32;
    let sv = v.get("state").ok_or("missing field `state`")?;
    let given_cells = sv.get("cells").is_some();
    let mut state =
        state_from_value(sv, prev.is_none()).map_err(|e: ProtocolError| format!("state: {e}"))?;
    state.round = round;
    if !given_cells {
        let prev = prev.ok_or("missing field `state.cells`")?;
        if prev.width != state.width || prev.height != state.height {
            return Err("board size changed".into());
        }
        state.cells.clone_from(&prev.cells);
    }
    if let Some(diff) = v.get("cells_diff") {
        let diff = diff
            .as_array()
            .ok_or("field `cells_diff`: expected an array")?;
        let mut rebuilt = prev.map_or_else(|| state.cells.clone(), |p| p.cells.clone());
        for (k, d) in diff.iter().enumerate() {
            let t = d
                .as_array()
                .filter(|a| a.len() == 3)
                .ok_or(format!("field `cells_diff.{k}`: expected [x,y,v]"))?;
            let num = |j: usize| {
                t[j].as_i64()
                    .ok_or(format!("field `cells_diff.{k}.{j}`: expected an integer"))
            };
            let (x, y, val) = (num(0)?, num(1)?, num(2)?);
            if x < 0
                || y < 0
                || x >= i64::from(state.width)
                || y >= i64::from(state.height)
                || !(-1..=127).contains(&val)
            {
                return Err(format!("field `cells_diff.{k}`: out of range"));
            }
            rebuilt[(y * i64::from(state.width) + x) as usize] = val as i8;
        }
        if given_cells && rebuilt != state.cells {
            return Err("`cells` disagrees with the previous cells plus `cells_diff`".into());
        }
        state.cells = rebuilt;
    }
    let answers = match v.get("actions") {
        None | Some(Value::Null) => None,
        Some(a) => Some(parse_actions(a, &state)?),
    };
    let ended_by = match v.get("round_ended_by") {
        None | Some(Value::Null) => None,
        Some(e) => Some(
            e.as_str()
                .and_then(RoundEnd::from_name)
                .ok_or("field `round_ended_by`: expected \"all_answered\" or \"deadline\"")?,
        ),
    };
    let final_flag = match v.get("final") {
        None | Some(Value::Null) => None,
        Some(f) => Some(f.as_bool().ok_or("field `final`: expected true or false")?),
    };
    Ok(GoldenLine {
        line: 0,
        state,
        answers,
        given_cells,
        ended_by,
        final_flag,
    })
}

fn parse_actions(v: &Value, state: &GameState) -> Result<Vec<PlayerAnswer>, String> {
    let obj = v.as_object().ok_or("field `actions`: expected an object")?;
    let mut out = Vec::with_capacity(state.players.len());
    for p in &state.players {
        let key = p.id.to_string();
        let e = obj
            .get(&key)
            .ok_or(format!("missing field `actions.{key}`"))?;
        let action = match e.get("action") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(Action::from_name(s).ok_or(format!(
                "field `actions.{key}.action`: unknown action {s:?}"
            ))?),
            Some(_) => {
                return Err(format!(
                    "field `actions.{key}.action`: expected a string or null"
                ));
            }
        };
        let status = e
            .get("status")
            .and_then(Value::as_str)
            .and_then(AnswerStatus::from_name)
            .ok_or(format!(
                "field `actions.{key}.status`: expected a known status"
            ))?;
        out.push(PlayerAnswer { action, status });
    }
    Ok(out)
}

/// Replays every transition of a parsed log and reports the first divergence.
pub fn check(log: &GoldenLog) -> CheckReport {
    let mut transitions = 0;
    let bad = |transitions, line: &GoldenLine, message: String| CheckReport {
        transitions,
        divergence: Some(Divergence {
            line: line.line,
            round: line.state.round,
            message,
            truncated: false,
        }),
    };
    let last = log.lines.len().saturating_sub(1);
    for (k, line) in log.lines.iter().enumerate() {
        // `final: true` marks the final state and nothing else; the final state of a game
        // recorded to its end (last line, not running) may not say `final: false`.
        let is_final = k == last && !line.state.running && line.answers.is_none();
        match line.final_flag {
            Some(true) if !is_final => {
                return bad(
                    transitions,
                    line,
                    "`final: true` on a line that is not the final state".into(),
                );
            }
            Some(false) if is_final => {
                return bad(
                    transitions,
                    line,
                    "the final state says `final: false`".into(),
                );
            }
            _ => {}
        }
    }
    for pair in log.lines.windows(2) {
        let (cur, next) = (&pair[0], &pair[1]);
        if next.state.round != cur.state.round.saturating_add(1) {
            return bad(
                transitions,
                next,
                format!(
                    "round {} follows round {} (rounds go up by one)",
                    next.state.round, cur.state.round
                ),
            );
        }
        let Some(answers) = &cur.answers else {
            return CheckReport {
                transitions,
                divergence: Some(Divergence {
                    line: cur.line,
                    round: cur.state.round,
                    message: "state line without actions before the end".into(),
                    truncated: false,
                }),
            };
        };
        let mut sim = cur.state.clone();
        step(&mut sim, answers);
        if let Some(message) = compare(&sim, &next.state) {
            return CheckReport {
                transitions,
                divergence: Some(Divergence {
                    line: next.line,
                    round: cur.state.round,
                    message,
                    truncated: false,
                }),
            };
        }
        transitions += 1;
    }
    // A log cut at a line boundary replays cleanly up to its cut: only the final state
    // (`running: false`, no actions) shows that the game was recorded to its end — or, in
    // an online client's log, the state in which the client's own player is out (the
    // client stops there).
    if let Some(last) = log.lines.last()
        && (last.state.running || last.answers.is_some())
        && !(last.answers.is_none() && client_is_out(log, &last.state))
    {
        return CheckReport {
            transitions,
            divergence: Some(Divergence {
                line: last.line,
                round: last.state.round,
                message: format!(
                    "the log ends in round {} without the final state (`running: false`): truncated",
                    last.state.round
                ),
                truncated: true,
            }),
        };
    }
    CheckReport {
        transitions,
        divergence: None,
    }
}

/// True when `log` is an online client's log (`game` = `online`, one player in the meta
/// line) and that player is no longer active in `state`.
fn client_is_out(log: &GoldenLog, state: &GameState) -> bool {
    let players = log.meta.get("players").and_then(Value::as_object);
    let me = match players {
        Some(p) if p.len() == 1 => p.keys().next().and_then(|k| k.parse::<PlayerId>().ok()),
        _ => None,
    };
    log.meta.get("game").and_then(Value::as_str) == Some("online")
        && me.is_some_and(|me| state.player(me).is_some_and(|p| !p.active))
}

/// Describes the first difference between the engine's state and the expected one.
pub fn compare(got: &GameState, want: &GameState) -> Option<String> {
    if got.players.len() != want.players.len() {
        return Some("different number of players".into());
    }
    for (g, w) in got.players.iter().zip(&want.players) {
        if (g.id, g.x, g.y, g.direction, g.speed, g.active)
            != (w.id, w.x, w.y, w.direction, w.speed, w.active)
        {
            return Some(format!(
                "player {}: engine x={} y={} {} speed={} active={}, log x={} y={} {} speed={} active={}",
                w.id,
                g.x,
                g.y,
                g.direction,
                g.speed,
                g.active,
                w.x,
                w.y,
                w.direction,
                w.speed,
                w.active
            ));
        }
    }
    if let Some(i) = (0..got.cells.len()).find(|&i| got.cells[i] != want.cells[i]) {
        let (x, y) = (i as i32 % got.width, i as i32 / got.width);
        return Some(format!(
            "cell x={x} y={y}: engine {}, log {}",
            got.cells[i], want.cells[i]
        ));
    }
    if got.running != want.running {
        return Some(format!(
            "running: engine {}, log {}",
            got.running, want.running
        ));
    }
    None
}

/// Reads and checks one file.
pub fn check_file(path: &Path) -> Result<CheckReport, GoldenError> {
    Ok(check(&read_log(path)?))
}

/// Records a game in the golden format; [`GoldenWriter::finish`] writes it atomically.
#[derive(Debug)]
pub struct GoldenWriter {
    game: String,
    ais: Vec<(PlayerId, String)>,
    body: String,
    prev: Option<GameState>,
    pending: Option<GameState>,
    rounds: u32,
    deadline_rounds: u32,
}

impl GoldenWriter {
    /// Starts a log for game `game` whose players are controlled by the named AIs.
    pub fn new(game: impl Into<String>, ais: Vec<(PlayerId, String)>) -> Self {
        GoldenWriter {
            game: game.into(),
            ais,
            body: String::new(),
            prev: None,
            pending: None,
            rounds: 0,
            deadline_rounds: 0,
        }
    }

    /// Records a running state, the answers processed for it and how its input phase
    /// ended ([`RoundEnd::of`] the answers).
    pub fn round(&mut self, state: &GameState, answers: &[PlayerAnswer]) {
        self.push_line(state, Some(answers));
        self.rounds += 1;
    }

    /// Records the final state.
    pub fn final_state(&mut self, state: &GameState) {
        self.pending = Some(state.clone());
    }

    fn push_line(&mut self, state: &GameState, answers: Option<&[PlayerAnswer]>) {
        let s = &mut self.body;
        let _ = write!(
            s,
            "{{\"type\":\"state\",\"round\":{},\"final\":{},\"state\":{{",
            state.round, !state.running
        );
        let _ = write!(s, "\"width\":{},\"height\":{},", state.width, state.height);
        players_json(s, state);
        let _ = write!(s, ",\"you\":0,\"running\":{}", state.running);
        if let Some(d) = &state.deadline {
            let _ = write!(s, ",\"deadline\":{}", Value::String(d.clone()));
        }
        if self.prev.is_none() || !state.running {
            s.push_str(",\"cells\":[");
            for y in 0..state.height {
                s.push_str(if y > 0 { ",[" } else { "[" });
                for x in 0..state.width {
                    let _ = write!(s, "{}{}", if x > 0 { "," } else { "" }, state.cell(x, y));
                }
                s.push(']');
            }
            s.push(']');
        }
        s.push('}');
        if let Some(prev) = &self.prev {
            s.push_str(",\"cells_diff\":[");
            let mut first = true;
            for (i, (&a, &b)) in prev.cells.iter().zip(&state.cells).enumerate() {
                if a != b {
                    let (x, y) = (i as i32 % state.width, i as i32 / state.width);
                    let _ = write!(s, "{}[{x},{y},{b}]", if first { "" } else { "," });
                    first = false;
                }
            }
            s.push(']');
        }
        match answers {
            None => s.push_str(",\"actions\":null}\n"),
            Some(ans) => {
                s.push_str(",\"actions\":{");
                for (k, (p, a)) in state.players.iter().zip(ans).enumerate() {
                    let act = a
                        .action
                        .map_or_else(|| "null".to_owned(), |a| format!("\"{}\"", a.name()));
                    let _ = write!(
                        s,
                        "{}\"{}\":{{\"action\":{act},\"status\":\"{}\",\"step_counter_before\":{}}}",
                        if k > 0 { "," } else { "" },
                        p.id,
                        a.status.name(),
                        state.round - 1
                    );
                }
                let end = RoundEnd::of(ans);
                self.deadline_rounds += u32::from(end == RoundEnd::Deadline);
                let _ = writeln!(s, "}},\"round_ended_by\":\"{}\"}}", end.name());
            }
        }
        self.prev = Some(state.clone());
    }

    /// The complete log text (meta line first).
    pub fn text(&mut self) -> String {
        if let Some(fin) = self.pending.take() {
            self.push_line(&fin, None);
        }
        let last = self.prev.as_ref();
        let winner = last.and_then(GameState::winner);
        let draw = last.is_some_and(|s| !s.running && winner.is_none());
        let (w, h, n) = last.map_or((0, 0, 0), |s| (s.width, s.height, s.players.len()));
        let players: serde_json::Map<String, Value> = self
            .ais
            .iter()
            .map(|(id, ai)| {
                (
                    id.to_string(),
                    serde_json::json!({"controller": "botforge", "ai": ai}),
                )
            })
            .collect();
        let meta = serde_json::json!({
            "type": "meta", "format": FORMAT, "game": self.game, "width": w, "height": h,
            "num_players": n, "players": players, "rounds": self.rounds, "winner": winner, "draw": draw,
            "rounds_ended_by_deadline": self.deadline_rounds,
        });
        format!("{meta}\n{}", self.body)
    }

    /// Writes the log to `path` atomically ([`write_atomic`]).
    pub fn finish(mut self, path: &Path) -> Result<(), GoldenError> {
        let text = self.text();
        write_atomic(path, text.as_bytes())
    }
}

/// Writes `bytes` to `path` atomically (see [`write_atomic_with`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), GoldenError> {
    write_atomic_with(path, |w| w.write_all(bytes))
}

/// Creates `path` from what `fill` writes, atomically ([`outfile::write_with`]): the file
/// appears complete or not at all, and the error names `path`.
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn std::io::Write) -> std::io::Result<()>,
) -> Result<(), GoldenError> {
    outfile::write_with(path, fill).map_err(|source| GoldenError::Io {
        path: path.to_path_buf(),
        source,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failure_midway_keeps_the_previous_file_and_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("game.jsonl");
        write_atomic(&out, b"old").unwrap();
        let err = write_atomic_with(&out, |w| {
            w.write_all(b"half of the new")?;
            Err(std::io::Error::other("serialisation failed"))
        })
        .unwrap_err();
        assert!(err.to_string().contains(&*out.to_string_lossy()), "{err}");
        assert!(err.to_string().contains("serialisation failed"), "{err}");
        assert_eq!(std::fs::read(&out).unwrap(), b"old");
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temp file left"
        );
    }

    #[test]
    fn missing_directory_is_an_error_naming_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("missing").join("game.jsonl");
        let err = write_atomic(&out, b"x").unwrap_err();
        assert!(err.to_string().contains(&*out.to_string_lossy()), "{err}");
        assert!(!out.exists());
    }
}

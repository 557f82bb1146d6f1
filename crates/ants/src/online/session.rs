//! The client's network-free state machine ([`Session`]) and the per-game [`Transcript`].

use super::*;

/// The transcript of one connection: every line received and sent, with the turn it
/// belongs to. Line format: the turn (right-aligned), a mark, the line:
///
/// * `<`  received from the server and given to the bot,
/// * `<-` received from the server and not given to the bot (`INFO:` lines, empty lines,
///   the lines after the end of the game),
/// * `>`  sent to the server (the password shown as `*`),
/// * `>-` written by the bot and not sent (visualizer lines, an answer after the game),
/// * `!`  the client's notes (timeouts, the bot's end, the result).
///
/// Control characters are shown as `\u{…}` escapes. At most [`MAX_TRANSCRIPT_BYTES`] are
/// kept.
#[derive(Clone, Debug, Default)]
pub struct Transcript {
    text: String,
    dropped: usize,
}

impl Transcript {
    /// Appends one line.
    pub fn record(&mut self, turn: u32, mark: &str, line: &str) {
        if self.text.len() + line.len() + 16 > MAX_TRANSCRIPT_BYTES {
            self.dropped += 1;
            return;
        }
        let _ = write!(self.text, "{turn:>4} {mark:<2} ");
        for c in line.chars() {
            if c.is_control() && c != '\t' {
                let _ = write!(self.text, "{}", c.escape_unicode());
            } else {
                self.text.push(c);
            }
        }
        self.text.push('\n');
    }

    /// Appends a comment line (`# …`).
    pub fn comment(&mut self, text: &str) {
        for line in text.lines() {
            if self.text.len() + line.len() + 3 > MAX_TRANSCRIPT_BYTES {
                self.dropped += 1;
                return;
            }
            let _ = writeln!(self.text, "# {line}");
        }
    }

    /// The text so far (plus a note on lines not kept).
    pub fn text(&self) -> String {
        let mut t = self.text.clone();
        if self.dropped > 0 {
            let _ = writeln!(
                t,
                "# {} more lines not kept (transcript limit {MAX_TRANSCRIPT_BYTES} bytes)",
                self.dropped
            );
        }
        t
    }
}

/// The phase of a [`Session`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Before the end block.
    Playing,
    /// Inside the end block (after `end`, before `go`).
    Ending,
    /// After the end block's `go`, or after a violation: nothing more goes to the bot.
    Over,
}

/// What the connection loop does after a server line ([`Session::server_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerStep {
    /// Nothing yet.
    Continue,
    /// Give this text to the bot and wait for its answer (after `ready` or `go`).
    AskBot(String),
    /// The game is over: give this text (the end block) to the bot, then read the rest of
    /// the connection for the transcript and close.
    Finished(String),
    /// Stop now: the server broke the protocol or the bounds.
    Violation(String),
}

/// What the connection loop does after a bot line ([`Session::bot_line`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotStep {
    /// Nothing yet.
    Continue,
    /// The answer is complete: send these bytes to the server.
    Send(Vec<u8>),
    /// The bot broke the bounds: stop.
    Violation(String),
}

/// The network-free part of a connection: server lines and bot lines in, what to send and
/// the outcome out, everything recorded in the [`Transcript`].
#[derive(Debug)]
pub struct Session {
    phase: Phase,
    /// The last turn seen (`turn N`).
    pub turn: u32,
    max_turns: u32,
    started: bool,
    to_bot: String,
    server_lines: usize,
    server_bytes: usize,
    asking: bool,
    answer: Vec<String>,
    answer_lines: usize,
    answer_bytes: usize,
    /// Game id, map and seats from `INFO: game …`.
    pub game: Option<(String, String, Vec<String>)>,
    last_info: Option<String>,
    /// An "already running/queued" message was seen.
    pub busy: bool,
    result: GameResult,
    violated: bool,
    /// Everything seen and sent.
    pub transcript: Transcript,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    /// A session before the login.
    pub fn new() -> Session {
        Session {
            phase: Phase::Playing,
            turn: 0,
            max_turns: MAX_TURNS,
            started: false,
            to_bot: String::new(),
            server_lines: 0,
            server_bytes: 0,
            asking: false,
            answer: Vec::new(),
            answer_lines: 0,
            answer_bytes: 0,
            game: None,
            last_info: None,
            busy: false,
            result: GameResult::default(),
            violated: false,
            transcript: Transcript::default(),
        }
    }

    /// The login line (recorded with the password masked).
    pub fn login(&mut self, name: &str, password: &str) -> Vec<u8> {
        self.transcript.record(0, ">", &format!("USER {name} *"));
        format!("USER {name} {password}\n").into_bytes()
    }

    /// True while the bot owes an answer.
    pub fn asking(&self) -> bool {
        self.asking
    }

    /// True once the game's setup (`ready`) was seen.
    pub fn started(&self) -> bool {
        self.started
    }

    /// True after the end block (or a violation): lines now only go to the transcript.
    pub fn over(&self) -> bool {
        self.phase == Phase::Over
    }

    /// Handles one line from the server (without its line end).
    pub fn server_line(&mut self, line: &str) -> ServerStep {
        if self.phase == Phase::Over {
            self.transcript.record(self.turn, "<-", line);
            return ServerStep::Continue;
        }
        self.server_lines += 1;
        self.server_bytes += line.len() + 1;
        if self.server_lines > MAX_TURN_LINES || self.server_bytes > MAX_TURN_BYTES {
            self.transcript.record(self.turn, "<-", line);
            return self.violation(format!(
                "the server sent more than {MAX_TURN_LINES} lines or {MAX_TURN_BYTES} bytes in one turn"
            ));
        }
        if let Some(info) = line.strip_prefix("INFO:") {
            self.transcript.record(self.turn, "<-", line);
            self.info(info.trim());
            return ServerStep::Continue;
        }
        let text = line.trim();
        if text.is_empty() {
            self.transcript.record(self.turn, "<-", line);
            return ServerStep::Continue;
        }
        let mut tokens = text.split_whitespace();
        let key = tokens.next().unwrap_or_default();
        // A `turn N` line is shown under its own turn.
        let shown = match (key, self.phase, self.asking) {
            ("turn", Phase::Playing, false) => text
                .split_whitespace()
                .nth(1)
                .and_then(|t| t.parse().ok())
                .unwrap_or(self.turn),
            _ => self.turn,
        };
        self.transcript.record(shown, "<", line);
        if self.phase == Phase::Ending {
            if key == "go" {
                self.to_bot.push_str("go\n");
                self.phase = Phase::Over;
                self.asking = false;
                return ServerStep::Finished(std::mem::take(&mut self.to_bot));
            }
            self.end_line(text);
            self.push_to_bot(text);
            return ServerStep::Continue;
        }
        match key {
            "end" => {
                self.phase = Phase::Ending;
                self.asking = false;
                self.push_to_bot(text);
                ServerStep::Continue
            }
            _ if self.asking => self.violation(format!(
                "the server sent `{}` before the bot answered turn {}",
                clip(text),
                self.turn
            )),
            "turn" => {
                let Some(n) = tokens.next().and_then(|t| t.parse::<u32>().ok()) else {
                    return self.violation(format!("bad turn line `{}`", clip(text)));
                };
                if n > self.max_turns.saturating_add(1) {
                    return self.violation(format!(
                        "the server sent turn {n}, past the game's {} turns",
                        self.max_turns
                    ));
                }
                self.turn = n;
                self.push_to_bot(text);
                ServerStep::Continue
            }
            "turns" => {
                if let Some(n) = tokens.next().and_then(|t| t.parse::<u32>().ok()) {
                    self.max_turns = n.min(MAX_TURNS);
                }
                self.push_to_bot(text);
                ServerStep::Continue
            }
            "ready" | "go" => {
                if key == "ready" {
                    self.started = true;
                }
                self.push_to_bot(text);
                self.asking = true;
                self.server_lines = 0;
                self.server_bytes = 0;
                ServerStep::AskBot(std::mem::take(&mut self.to_bot))
            }
            _ => {
                self.push_to_bot(text);
                ServerStep::Continue
            }
        }
    }

    fn push_to_bot(&mut self, text: &str) {
        self.to_bot.push_str(text);
        self.to_bot.push('\n');
    }

    fn violation(&mut self, why: String) -> ServerStep {
        self.phase = Phase::Over;
        self.violated = true;
        self.asking = false;
        self.transcript.record(self.turn, "!", &why);
        ServerStep::Violation(why)
    }

    fn info(&mut self, info: &str) {
        if info.contains("already running") || info.contains("already queued") {
            self.busy = true;
        }
        if let Some(game) = parse_game_info(info) {
            self.game = Some(game);
        }
        self.last_info = Some(clip(info));
    }

    fn end_line(&mut self, text: &str) {
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let list = |t: &[&str]| t[1..].iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        match tokens[0] {
            "game" if tokens.len() >= 3 => {
                // `game <id>: <status> score: <score> turn: <turn>`
                self.result.status = Some(tokens[2].to_owned());
                let after = |key: &str| {
                    tokens
                        .iter()
                        .position(|t| *t == key)
                        .and_then(|i| tokens.get(i + 1))
                };
                self.result.score = after("score:").and_then(|s| s.parse().ok());
                self.result.turn = after("turn:").and_then(|s| s.parse().ok());
            }
            "score" => {
                self.result.scores = list(&tokens);
                self.result.score = tokens.get(1).and_then(|s| s.parse().ok());
            }
            "status" => {
                self.result.statuses = list(&tokens);
                self.result.status = tokens.get(1).map(|s| (*s).to_owned());
            }
            "playerturns" => {
                self.result.turn = tokens.get(1).and_then(|s| s.parse().ok());
            }
            "players" | "w" | "f" | "h" | "a" | "d" => {}
            _ => {
                if self.result.other.len() < 8 {
                    self.result.other.push(clip(text));
                }
            }
        }
    }

    /// The outcome once the end block was seen, or the connection ended (`None`: the game
    /// did not reach its end).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.phase == Phase::Playing || self.violated {
            return None;
        }
        let told = self.result.status.is_some() || !self.result.scores.is_empty();
        if !self.started && !told {
            return Some(Outcome::Rejected {
                message: self
                    .last_info
                    .clone()
                    .unwrap_or_else(|| "(no message)".to_owned()),
                busy: self.busy,
            });
        }
        Some(Outcome::Ended(self.result.clone()))
    }

    /// Handles one line the bot wrote (without its line end).
    pub fn bot_line(&mut self, line: &str) -> BotStep {
        self.answer_lines += 1;
        self.answer_bytes += line.len() + 1;
        if self.answer_lines > MAX_TURN_LINES || self.answer_bytes > MAX_TURN_BYTES {
            return BotStep::Violation(format!(
                "the bot wrote more than {MAX_TURN_LINES} lines or {MAX_TURN_BYTES} bytes in one turn"
            ));
        }
        if !self.asking {
            if self.phase == Phase::Playing && !line.trim().is_empty() {
                // Written before it was asked: kept for the next answer, as a pipe would
                // (and recorded when that answer is sent).
                self.answer.push(line.to_owned());
            } else {
                self.transcript.record(self.turn, ">-", line);
            }
            return BotStep::Continue;
        }
        if line.starts_with('v') || line.starts_with('i') {
            self.transcript.record(self.turn, ">-", line);
            return BotStep::Continue;
        }
        let text = line.trim();
        let done_with_go = text.eq_ignore_ascii_case("go");
        if text.is_empty() && !self.answer.is_empty() {
            // An empty line after orders is ignored: the answer still ends at `go`.
            return BotStep::Continue;
        }
        if !done_with_go && !text.is_empty() {
            self.answer.push(line.to_owned());
            return BotStep::Continue;
        }
        let mut out = String::new();
        for l in self.answer.drain(..) {
            self.transcript.record(self.turn, ">", &l);
            out.push_str(&l);
            out.push('\n');
        }
        if done_with_go {
            self.transcript.record(self.turn, ">", "go");
            out.push_str("go\n");
        } else if out.is_empty() {
            self.transcript.record(self.turn, ">", "");
            out.push_str("\r\n");
        }
        self.asking = false;
        self.answer_lines = 0;
        self.answer_bytes = 0;
        BotStep::Send(out.into_bytes())
    }

    /// Records a client note (`!`).
    pub fn note(&mut self, text: &str) {
        self.transcript.record(self.turn, "!", text);
    }

    /// Replays lines the bot wrote before it was asked (see [`Session::bot_line`]) as the
    /// start of the answer now asked for.
    pub(super) fn early_answer(&mut self) -> Option<BotStep> {
        let mut early = std::mem::take(&mut self.answer).into_iter();
        while let Some(l) = early.next() {
            if let step @ (BotStep::Send(_) | BotStep::Violation(_)) = self.bot_line(&l) {
                // What follows belongs to later answers.
                self.answer.extend(early);
                return Some(step);
            }
        }
        None
    }
}

/// Parses `game <id> <map> : ['a', 'b']` (the text after `INFO:`).
pub fn parse_game_info(info: &str) -> Option<(String, String, Vec<String>)> {
    let rest = info.strip_prefix("game ")?;
    let (head, seats) = rest.split_once(" : ").unwrap_or((rest, ""));
    let mut head = head.split_whitespace();
    let id = head.next()?.to_owned();
    let map = head.collect::<Vec<_>>().join(" ");
    let seats = seats.trim();
    let inner = seats
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(seats);
    let players = inner
        .split(',')
        .map(|s| s.trim().trim_matches(['\'', '"']).to_owned())
        .filter(|s| !s.is_empty())
        .take(64)
        .collect();
    Some((clip(&id), clip(&map), players))
}

/// At most 200 characters of `s` (for messages).
fn clip(s: &str) -> String {
    const KEEP: usize = 200;
    if s.chars().count() <= KEEP {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(KEEP).collect();
        t.push('…');
        t
    }
}

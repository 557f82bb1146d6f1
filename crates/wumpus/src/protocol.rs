//! The line protocol of spec §4.2: formatting and parsing of every line, the agent side
//! ([`serve`]: run an in-process agent on stdin/stdout) and the simulator side
//! ([`ExternalEntrant`]: a child process with reply time limits).

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::process::{Child, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use procgroup::{Group, Line};

use thiserror::Error;

use crate::agent::{Bot, Entrant, Knowledge};
use crate::game::{
    ActionEffect, GameOutcome, HunterAction, Observation, Outcome, Percept, StartInfo,
};
use crate::world::Heading;

/// A malformed protocol line.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("protocol error in line '{line}': {message}")]
pub struct ProtocolError {
    /// The offending line.
    pub line: String,
    /// What is wrong.
    pub message: String,
}

fn perr(line: &str, message: impl Into<String>) -> ProtocolError {
    ProtocolError {
        line: line.to_string(),
        message: message.into(),
    }
}

fn b(x: bool) -> u8 {
    u8::from(x)
}

/// The `START` line.
pub fn format_start(i: &StartInfo) -> String {
    format!(
        "START width={} height={} start={},{} heading={} arrows={} stench_distance={} rumble_distance={} score={} max_actions={}",
        i.width,
        i.height,
        i.start.0,
        i.start.1,
        i.heading.name(),
        i.arrows,
        i.stench_distance,
        i.rumble_distance.map_or(-1, i64::from),
        i.score,
        i.max_actions
    )
}

/// A `PERCEPT` line.
pub fn format_percept(o: &Observation) -> String {
    let p = &o.percept;
    let radar = if p.radar.is_empty() {
        "-".to_string()
    } else {
        p.radar
            .iter()
            .map(|(k, v)| format!("{k}:{v}"))
            .collect::<Vec<_>>()
            .join(",")
    };
    format!(
        "PERCEPT turn={} effect={} breeze={} stench={} glitter={} bump={} rumble={} scream={} radar={radar}",
        o.turn,
        o.effect.name(),
        b(p.breeze),
        b(p.stench),
        b(p.glitter),
        b(p.bump),
        b(p.rumble),
        b(p.scream)
    )
}

/// The `END` line.
pub fn format_end(r: &GameOutcome) -> String {
    format!(
        "END outcome={} score={} actions={} gold={} kills={} arrows={}",
        r.outcome.name(),
        r.score,
        r.actions,
        r.gold,
        r.kills,
        r.arrows
    )
}

/// Splits `TAG k=v k=v …` into a key map after checking the tag; unknown keys are kept.
fn fields<'a>(line: &'a str, tag: &str) -> Result<BTreeMap<&'a str, &'a str>, ProtocolError> {
    let mut it = line.split(' ');
    if it.next() != Some(tag) {
        return Err(perr(line, format!("expected a {tag} line")));
    }
    let mut m = BTreeMap::new();
    for f in it.filter(|f| !f.is_empty()) {
        let (k, v) = f
            .split_once('=')
            .ok_or_else(|| perr(line, format!("field '{f}' is not key=value")))?;
        m.insert(k, v);
    }
    Ok(m)
}

fn get<'a>(m: &BTreeMap<&str, &'a str>, line: &str, key: &str) -> Result<&'a str, ProtocolError> {
    m.get(key)
        .copied()
        .ok_or_else(|| perr(line, format!("missing field '{key}'")))
}

fn num<T: std::str::FromStr>(
    m: &BTreeMap<&str, &str>,
    line: &str,
    key: &str,
) -> Result<T, ProtocolError> {
    let v = get(m, line, key)?;
    v.parse()
        .map_err(|_| perr(line, format!("field '{key}' has bad number '{v}'")))
}

fn flag(m: &BTreeMap<&str, &str>, line: &str, key: &str) -> Result<bool, ProtocolError> {
    match get(m, line, key)? {
        "0" => Ok(false),
        "1" => Ok(true),
        v => Err(perr(
            line,
            format!("field '{key}' must be 0 or 1, found '{v}'"),
        )),
    }
}

/// Parses a `START` line.
pub fn parse_start(line: &str) -> Result<StartInfo, ProtocolError> {
    let m = fields(line, "START")?;
    let start = get(&m, line, "start")?;
    let (sx, sy) = start
        .split_once(',')
        .ok_or_else(|| perr(line, "field 'start' must be x,y"))?;
    let parse_i = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| perr(line, format!("bad coordinate '{s}'")))
    };
    let heading = get(&m, line, "heading")?;
    let rumble: i64 = num(&m, line, "rumble_distance")?;
    let side = |key: &str| -> Result<u32, ProtocolError> {
        let v: u32 = num(&m, line, key)?;
        if crate::world::WORLD_SIDES.contains(&v) {
            Ok(v)
        } else {
            Err(perr(
                line,
                format!("field '{key}' is {v}, outside 4..64 (the world sizes)"),
            ))
        }
    };
    let (width, height) = (side("width")?, side("height")?);
    let start = (parse_i(sx)?, parse_i(sy)?);
    if start.0 < 0 || start.1 < 0 || start.0 >= width as i32 || start.1 >= height as i32 {
        return Err(perr(line, "field 'start' is outside the world"));
    }
    Ok(StartInfo {
        width,
        height,
        start,
        heading: Heading::from_name(heading)
            .ok_or_else(|| perr(line, format!("unknown heading '{heading}'")))?,
        arrows: num(&m, line, "arrows")?,
        stench_distance: num(&m, line, "stench_distance")?,
        rumble_distance: if rumble < 0 {
            None
        } else {
            Some(u32::try_from(rumble).map_err(|_| perr(line, "rumble_distance too large"))?)
        },
        score: num(&m, line, "score")?,
        max_actions: num(&m, line, "max_actions")?,
    })
}

/// Parses a `PERCEPT` line.
pub fn parse_percept(line: &str) -> Result<Observation, ProtocolError> {
    let m = fields(line, "PERCEPT")?;
    let effect = get(&m, line, "effect")?;
    let radar_s = get(&m, line, "radar")?;
    let mut radar = BTreeMap::new();
    if radar_s != "-" {
        for pair in radar_s.split(',') {
            let (k, v) = pair
                .split_once(':')
                .ok_or_else(|| perr(line, format!("radar entry '{pair}' is not id:distance")))?;
            let k: u32 = k
                .parse()
                .map_err(|_| perr(line, format!("bad radar id '{k}'")))?;
            let v: u32 = v
                .parse()
                .map_err(|_| perr(line, format!("bad radar distance '{v}'")))?;
            radar.insert(k, v);
        }
    }
    Ok(Observation {
        turn: num(&m, line, "turn")?,
        effect: ActionEffect::from_name(effect)
            .ok_or_else(|| perr(line, format!("unknown effect '{effect}'")))?,
        percept: Percept {
            breeze: flag(&m, line, "breeze")?,
            stench: flag(&m, line, "stench")?,
            glitter: flag(&m, line, "glitter")?,
            bump: flag(&m, line, "bump")?,
            rumble: flag(&m, line, "rumble")?,
            scream: flag(&m, line, "scream")?,
            radar,
        },
    })
}

/// Parses an `END` line.
pub fn parse_end(line: &str) -> Result<GameOutcome, ProtocolError> {
    let m = fields(line, "END")?;
    let o = get(&m, line, "outcome")?;
    Ok(GameOutcome {
        outcome: Outcome::from_name(o)
            .ok_or_else(|| perr(line, format!("unknown outcome '{o}'")))?,
        score: num(&m, line, "score")?,
        actions: num(&m, line, "actions")?,
        gold: num(&m, line, "gold")?,
        kills: num(&m, line, "kills")?,
        arrows: num(&m, line, "arrows")?,
    })
}

/// Parses an agent's reply (already trimmed and non-empty).
pub fn parse_action(line: &str) -> Result<HunterAction, ProtocolError> {
    HunterAction::from_name(line).ok_or_else(|| {
        perr(
            line,
            "expected one of GO_FORWARD, TURN_LEFT, TURN_RIGHT, SHOOT, SIT, GRAB, QUIT_GAME",
        )
    })
}

/// Error while serving an agent over the protocol.
#[derive(Debug, Error)]
pub enum ServeError {
    /// A line from the simulator was malformed or out of order.
    #[error(transparent)]
    Protocol(#[from] ProtocolError),
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] std::io::Error),
    /// Input ended before `END`.
    #[error("input ended before END")]
    Eof,
}

/// Runs `agent` as a protocol process: reads simulator lines from `input`, writes actions to
/// `output`, and returns the final result from the `END` line.
pub fn serve(
    agent: &mut dyn Bot,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<GameOutcome, ServeError> {
    let mut started = false;
    for line in input.lines() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with("START") {
            agent.start(&parse_start(line)?);
            started = true;
        } else if line.starts_with("PERCEPT") {
            if !started {
                return Err(perr(line, "PERCEPT before START").into());
            }
            let obs = parse_percept(line)?;
            if obs.effect != ActionEffect::GameOver {
                let a = agent.act(&obs);
                writeln!(output, "{}", a.name())?;
                output.flush()?;
            }
        } else if line.starts_with("END") {
            let r = parse_end(line)?;
            agent.finish(&r);
            return Ok(r);
        } else {
            return Err(perr(line, "expected START, PERCEPT or END").into());
        }
    }
    Err(ServeError::Eof)
}

/// Time limits for external agents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    /// Limit for the first reply (default 5000 ms).
    pub first: Duration,
    /// Limit for every later reply (default 1000 ms).
    pub reply: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Self {
            first: Duration::from_secs(5),
            reply: Duration::from_secs(1),
        }
    }
}

/// Most blank lines skipped while waiting for one reply.
const MAX_BLANK_LINES: usize = 1024;

/// How long [`ExternalEntrant`] looks at an agent's output for the cause when a message
/// cannot be written to it.
const UNWRITABLE_GRACE: Duration = Duration::from_secs(1);

/// The error for an agent's line longer than `procgroup::MAX_LINE_BYTES`.
fn too_long(turn: u32) -> String {
    format!(
        "agent wrote a line longer than {} bytes (turn {turn})",
        procgroup::MAX_LINE_BYTES
    )
}

/// An external agent: a shell command run as a child process speaking the protocol, in its
/// own process group (killed as a whole at the end, on drop, and by
/// [`procgroup::kill_all`]). Lines to the agent go through a writer thread, so an agent
/// that never reads cannot block the simulator; its replies are read with the bounds of
/// [`procgroup::read_lines`].
pub struct ExternalEntrant {
    command: String,
    timeouts: Timeouts,
    child: Option<Group>,
    stdin: Option<Sender<String>>,
    lines: Option<Receiver<Line>>,
    replies: u32,
}

impl ExternalEntrant {
    /// An agent that will run `sh -c command` when the game starts.
    pub fn new(command: &str, timeouts: Timeouts) -> Self {
        Self {
            command: command.to_string(),
            timeouts,
            child: None,
            stdin: None,
            lines: None,
            replies: 0,
        }
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        let stdin = self.stdin.as_ref().ok_or("agent stdin is closed")?;
        stdin
            .send(format!("{line}\n"))
            .map_err(|_| "cannot write to agent (exited?)".to_string())
    }

    /// The error for a message the agent could not be sent (its stdin is closed): what its
    /// output shows within [`UNWRITABLE_GRACE`] if that is a line too long, else `error`.
    /// The reader may still be on its way to the end of an overlong line when the writer
    /// finds the pipe closed, so the cause is reported, not the symptom.
    fn unwritable(&self, error: String, turn: u32) -> String {
        let Some(rx) = self.lines.as_ref() else {
            return error;
        };
        let until = Instant::now() + UNWRITABLE_GRACE;
        loop {
            let now = Instant::now();
            if now >= until {
                return error;
            }
            match rx.recv_timeout(until - now) {
                Ok(Line::Text(_)) => {}
                Ok(Line::TooLong) => return too_long(turn),
                Ok(Line::Eof) | Err(_) => return error,
            }
        }
    }

    fn exit_status(&mut self) -> String {
        match self.child.as_mut().map(|g| g.child().try_wait()) {
            Some(Ok(Some(s))) => format!(" ({s})"),
            _ => String::new(),
        }
    }

    /// Gives the agent up to a second to exit by itself, then kills its process group.
    fn shutdown(&mut self) {
        self.stdin = None;
        self.lines = None;
        if let Some(mut g) = self.child.take() {
            let deadline = Instant::now() + Duration::from_secs(1);
            while Instant::now() < deadline {
                if matches!(g.child().try_wait(), Ok(Some(_))) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            g.kill();
        }
    }
}

impl Drop for ExternalEntrant {
    fn drop(&mut self) {
        self.stdin = None;
        self.lines = None;
        if let Some(mut g) = self.child.take() {
            g.kill();
        }
    }
}

impl Entrant for ExternalEntrant {
    fn start(&mut self, info: &StartInfo) -> Result<(), String> {
        let mut group = Group::spawn_shell(&self.command, Stdio::inherit())
            .map_err(|e| format!("cannot start agent command '{}': {e}", self.command))?;
        let child: &mut Child = group.child();
        let stdout = child.stdout.take().ok_or("agent has no stdout")?;
        let mut stdin = child.stdin.take().ok_or("agent has no stdin")?;
        self.child = Some(group);
        let (tx, rx) = mpsc::channel::<String>();
        std::thread::spawn(move || {
            for msg in rx {
                if stdin
                    .write_all(msg.as_bytes())
                    .and_then(|()| stdin.flush())
                    .is_err()
                {
                    break;
                }
            }
        });
        self.stdin = Some(tx);
        self.lines = Some(procgroup::read_lines(stdout));
        self.send(&format_start(info))
            .map_err(|e| self.unwritable(e, 0))
    }

    fn act(&mut self, obs: &Observation) -> Result<HunterAction, String> {
        self.send(&format_percept(obs))
            .map_err(|e| self.unwritable(e, obs.turn))?;
        let limit = if self.replies == 0 {
            self.timeouts.first
        } else {
            self.timeouts.reply
        };
        let deadline = Instant::now() + limit;
        let timeout = || {
            format!(
                "agent did not reply within {} ms (turn {})",
                limit.as_millis(),
                obs.turn
            )
        };
        let mut blank = 0;
        loop {
            let rx = self.lines.as_ref().ok_or("agent not started")?;
            let now = Instant::now();
            if now >= deadline || blank > MAX_BLANK_LINES {
                return Err(timeout());
            }
            match rx.recv_timeout(deadline - now) {
                Ok(Line::Text(line)) => {
                    let t = line.trim();
                    if t.is_empty() {
                        blank += 1;
                        continue;
                    }
                    self.replies += 1;
                    return parse_action(t).map_err(|e| e.to_string());
                }
                Ok(Line::TooLong) => return Err(too_long(obs.turn)),
                Err(RecvTimeoutError::Timeout) => return Err(timeout()),
                Ok(Line::Eof) | Err(RecvTimeoutError::Disconnected) => {
                    std::thread::sleep(Duration::from_millis(20));
                    let status = self.exit_status();
                    return Err(format!(
                        "agent closed its output before END (process exited{status}) at turn {}",
                        obs.turn
                    ));
                }
            }
        }
    }

    fn finish(&mut self, result: &GameOutcome) {
        if self.child.is_none() {
            return;
        }
        let over = Observation {
            turn: result.actions,
            effect: ActionEffect::GameOver,
            percept: Percept::default(),
        };
        let _ = self.send(&format_percept(&over));
        let _ = self.send(&format_end(result));
        self.shutdown();
    }

    fn knowledge(&self) -> Option<Knowledge> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: when the writer found the agent's stdin closed before the reader reached
    /// the end of its overlong line, the game reported "cannot write to agent" instead of
    /// the line (a race, seen under load in `tests/hostile.rs`).
    #[test]
    fn an_unwritable_agent_is_reported_by_what_its_output_shows() {
        let mut agent = ExternalEntrant::new("unused", Timeouts::default());
        let mut flood = b"x\n".to_vec();
        flood.extend(std::iter::repeat_n(b'x', procgroup::MAX_LINE_BYTES + 1));
        agent.lines = Some(procgroup::read_lines(std::io::Cursor::new(flood)));
        assert_eq!(agent.unwritable("write failed".into(), 7), too_long(7));
        agent.lines = Some(procgroup::read_lines(std::io::Cursor::new(b"x\n".to_vec())));
        assert_eq!(agent.unwritable("write failed".into(), 7), "write failed");
        agent.lines = None;
        assert_eq!(agent.unwritable("write failed".into(), 7), "write failed");
    }
}

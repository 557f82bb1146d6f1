//! The online client (§7): connects to `ws[s]://…/spe_ed?key=…`, estimates the clock
//! offset from the time endpoint, answers every running state exactly once before the
//! deadline (an anytime AI in a blocking thread, with a cheap safe fallback sent if the
//! AI overruns), stops when the game ends or the player is out, and logs the game in
//! the golden JSON-lines format (others' answers inferred from consecutive states).
//!
//! [`Session`] is the network-free message state machine, so its handling of malformed
//! and unexpected messages is unit-testable; [`play`] drives it over a websocket.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use futures_util::{SinkExt as _, StreamExt as _};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::NetError;
use super::clock::{clock_offset, derive_time_url, now_millis, parse_rfc3339};
use crate::Bot;
use crate::ai::{BOTS, sim};
use crate::engine::{AnswerStatus, PlayerAnswer};
use crate::golden::GoldenWriter;
use crate::protocol::{action_to_json, parse_state};
use crate::state::{Action, GameState, MAX_SPEED, MIN_SPEED, PlayerId};

/// How the online client plays.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// Websocket URL including the key (see [`with_key`]).
    pub url: String,
    /// Time endpoint; `None` derives it from `url` ([`derive_time_url`]).
    pub time_url: Option<String>,
    /// Bot spec for [`BOTS`], e.g. `champion`.
    pub ai: String,
    /// Seed of the AI's random choices.
    pub seed: u64,
    /// Safety margin before the (offset-corrected) deadline.
    pub margin: Duration,
    /// Optional cap on the thinking time per round.
    pub think: Option<Duration>,
    /// Write the game here (golden JSON lines, atomically) when it ends.
    pub log: Option<PathBuf>,
    /// Limit for the TCP connect and the websocket handshake together.
    pub connect_timeout: Duration,
    /// Longest silence of the server (before the first state and between states), after
    /// which the connection counts as lost.
    pub idle_timeout: Duration,
}

/// Default [`ClientConfig::connect_timeout`]: 10 s.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// Default [`ClientConfig::idle_timeout`]: 5 minutes (a server may wait that long for the
/// other players before the first state).
pub const IDLE_TIMEOUT: Duration = Duration::from_mins(5);

impl ClientConfig {
    /// A config with the default margin (500 ms), no think cap and no log.
    pub fn new(url: impl Into<String>, ai: impl Into<String>) -> Self {
        ClientConfig {
            url: url.into(),
            time_url: None,
            ai: ai.into(),
            seed: 1,
            margin: Duration::from_millis(500),
            think: None,
            log: None,
            connect_timeout: CONNECT_TIMEOUT,
            idle_timeout: IDLE_TIMEOUT,
        }
    }
}

/// Appends `key=…` (percent-encoded) to a websocket URL.
pub fn with_key(url: &str, key: &str) -> String {
    let mut enc = String::with_capacity(key.len());
    for b in key.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            enc.push(b as char);
        } else {
            let _ = write!(enc, "%{b:02X}");
        }
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}key={enc}")
}

/// How a game ended for this client.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The final state has this player as the only active one.
    Won,
    /// The final state has nobody active.
    Draw,
    /// Another player won.
    Lost {
        /// The winner.
        winner: PlayerId,
    },
    /// This player was out in a running state; the client stopped there.
    Eliminated {
        /// The round of the first state showing it inactive.
        round: u32,
    },
    /// The connection ended before the game did.
    ConnectionLost {
        /// Running states received before.
        round: u32,
        /// What happened.
        message: String,
    },
}

/// The result of one online game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Our player id (from `you`), once known.
    pub me: Option<PlayerId>,
    /// Running states received (= rounds answered or skipped).
    pub rounds: u32,
    /// Answers sent.
    pub answers: u32,
    /// Rounds in which the AI overran and the fallback move was sent instead.
    pub fallbacks: u32,
    /// Estimated clock offset `server − local` in milliseconds.
    pub offset_ms: i64,
    /// Messages that were skipped, with the reason.
    pub problems: Vec<String>,
    /// How it ended.
    pub outcome: Outcome,
    /// The last state received.
    pub last_state: Option<GameState>,
}

/// What the client has to do after a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A running state in which we are active: answer it (once).
    Decide(GameState),
    /// A running state in which we are out: stop.
    Eliminated(GameState),
    /// The final state (`running: false`).
    Finished(GameState),
    /// Nothing to do (ping/pong, or a message after the end).
    Ignore,
}

/// The network-free client state machine: validates messages, counts rounds (for the
/// hole rule), and records the game for the log.
#[derive(Debug)]
pub struct Session {
    ai: String,
    messages: u32,
    round: u32,
    me: Option<PlayerId>,
    prev: Option<GameState>,
    writer: Option<GoldenWriter>,
    done: bool,
}

impl Session {
    /// A new session for a client playing the AI `ai` (recorded in the log).
    pub fn new(ai: impl Into<String>) -> Self {
        Session {
            ai: ai.into(),
            messages: 0,
            round: 0,
            me: None,
            prev: None,
            writer: None,
            done: false,
        }
    }

    /// Running states received so far.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Our player id, once known.
    pub fn me(&self) -> Option<PlayerId> {
        self.me
    }

    /// True after the final state or our elimination.
    pub fn done(&self) -> bool {
        self.done
    }

    /// Handles one websocket message. Text is a state; binary frames and close frames
    /// are errors; pings and pongs are ignored.
    pub fn on_message(&mut self, msg: &Message) -> Result<Event, NetError> {
        match msg {
            Message::Text(t) => self.on_text(t.as_str()),
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => Ok(Event::Ignore),
            Message::Binary(b) => {
                self.messages += 1;
                Err(self.unexpected(format!("binary frame of {} bytes", b.len())))
            }
            Message::Close(_) => Err(NetError::Connection(format!(
                "closed by the server after {} running states",
                self.round
            ))),
        }
    }

    fn unexpected(&self, message: impl Into<String>) -> NetError {
        NetError::Unexpected {
            index: self.messages,
            message: message.into(),
        }
    }

    /// Handles one text message (a state). An invalid message changes nothing.
    pub fn on_text(&mut self, text: &str) -> Result<Event, NetError> {
        self.messages += 1;
        if self.done {
            return Ok(Event::Ignore);
        }
        let mut state = parse_state(text).map_err(|source| NetError::Protocol {
            index: self.messages,
            source,
        })?;
        let me = state.you;
        if state.player(me).is_none() {
            return Err(self.unexpected(format!("`you` = {me} is not a player")));
        }
        if self.me.is_some_and(|m| m != me) {
            return Err(self.unexpected(format!("`you` changed to {me}")));
        }
        if let Some(prev) = &self.prev
            && ((prev.width, prev.height) != (state.width, state.height)
                || prev
                    .players
                    .iter()
                    .map(|p| p.id)
                    .ne(state.players.iter().map(|p| p.id)))
        {
            return Err(self.unexpected("board size or player ids changed"));
        }
        if state.running && state.deadline.is_none() {
            return Err(self.unexpected("running state without `deadline`"));
        }
        self.me = Some(me);
        state.round = self.round + 1;
        if state.running {
            self.round += 1;
        }
        self.record(&state);
        let active = state.player(me).is_some_and(|p| p.active);
        Ok(if !state.running {
            self.done = true;
            Event::Finished(state)
        } else if active {
            Event::Decide(state)
        } else {
            self.done = true;
            Event::Eliminated(state)
        })
    }

    fn record(&mut self, state: &GameState) {
        let writer = self
            .writer
            .get_or_insert_with(|| GoldenWriter::new("online", vec![(state.you, self.ai.clone())]));
        if let Some(prev) = &self.prev {
            writer.round(prev, &infer_answers(prev, state));
        }
        self.prev = Some(state.clone());
    }

    /// Ends the session and returns the golden log of everything received (`None`
    /// before the first state); the last state received is the log's last line.
    pub fn into_log_text(self) -> Option<String> {
        let mut writer = self.writer?;
        if let Some(last) = &self.prev {
            writer.final_state(last);
        }
        Some(writer.text())
    }
}

/// The answers the server must have processed to turn `prev` into `next`, inferred
/// from direction, speed and position changes: a turn or ±1 speed is that action,
/// otherwise `change_nothing`; an active player that was eliminated without moving
/// had its answer stored but was thrown out in the input phase (`closed`), or had none
/// (`missing`); a speed of 0 or 11 is the processed speed change.
pub fn infer_answers(prev: &GameState, next: &GameState) -> Vec<PlayerAnswer> {
    prev.players
        .iter()
        .map(|p| {
            let Some(n) = next.player(p.id).filter(|_| p.active) else {
                return PlayerAnswer {
                    action: None,
                    status: AnswerStatus::Inactive,
                };
            };
            let action = if n.direction == p.direction.left() {
                Action::TurnLeft
            } else if n.direction == p.direction.right() {
                Action::TurnRight
            } else if n.speed == p.speed + 1 {
                Action::SpeedUp
            } else if n.speed == p.speed - 1 {
                Action::SlowDown
            } else {
                Action::ChangeNothing
            };
            let moved = (n.x, n.y) != (p.x, p.y);
            let speed_out = !(MIN_SPEED..=MAX_SPEED).contains(&n.speed);
            match (moved || speed_out, action) {
                (true, a) => PlayerAnswer {
                    action: Some(a),
                    status: AnswerStatus::Ok,
                },
                (false, Action::ChangeNothing) => PlayerAnswer {
                    action: None,
                    status: AnswerStatus::Missing,
                },
                (false, a) => PlayerAnswer {
                    action: Some(a),
                    status: AnswerStatus::Closed,
                },
            }
        })
        .collect()
}

/// A cheap safe move: an action whose own move survives one round (opponents
/// ignored), preferring `change_nothing`; `change_nothing` if none does.
pub fn fallback_action(state: &GameState, me: PlayerId) -> Action {
    let Some(pi) = state.player_index(me) else {
        return Action::ChangeNothing;
    };
    let ok = sim::surviving_actions(state, pi, MAX_SPEED, 1);
    if ok.contains(&Action::ChangeNothing) {
        Action::ChangeNothing
    } else {
        ok.first().copied().unwrap_or(Action::ChangeNothing)
    }
}

/// The AI with its blocking worker: one decision at a time; an overrunning decision is
/// left to finish in the background while fallbacks are sent.
struct Brain {
    spec: String,
    seed: u64,
    ai: Option<Box<dyn Bot>>,
    busy: Option<JoinHandle<(Box<dyn Bot>, Action)>>,
}

impl Brain {
    async fn reclaim(&mut self) {
        if self.ai.is_some() {
            return;
        }
        match self.busy.take() {
            Some(h) if h.is_finished() => match h.await {
                Ok((ai, _)) => self.ai = Some(ai),
                Err(e) => {
                    tracing::warn!("AI task failed ({e}); rebuilding `{}`", self.spec);
                    self.ai = BOTS.build(&self.spec, self.seed).ok();
                }
            },
            other => self.busy = other,
        }
    }

    /// Decides with the AI until `think_until`; returns the fallback if the AI has not
    /// answered by `send_by` (or is still busy with an earlier round).
    async fn decide(
        &mut self,
        state: GameState,
        think_until: Instant,
        send_by: Instant,
    ) -> (Action, bool) {
        let me = state.you;
        let fallback = fallback_action(&state, me);
        self.reclaim().await;
        let Some(mut ai) = self.ai.take() else {
            return (fallback, true);
        };
        let mut handle = tokio::task::spawn_blocking(move || {
            let a = ai.decide(&state, me, think_until);
            (ai, a)
        });
        match tokio::time::timeout_at(send_by.into(), &mut handle).await {
            Ok(Ok((ai, a))) => {
                self.ai = Some(ai);
                (a, false)
            }
            Ok(Err(e)) => {
                tracing::warn!("AI task failed ({e}); rebuilding `{}`", self.spec);
                self.ai = BOTS.build(&self.spec, self.seed).ok();
                (fallback, true)
            }
            Err(_) => {
                self.busy = Some(handle);
                (fallback, true)
            }
        }
    }
}

/// Local instants to stop thinking and to send by, for a state's deadline: the server
/// deadline minus the clock offset, minus `margin` (thinking) or `margin / 2` (sending),
/// thinking capped by `think`.
pub fn time_plan(
    deadline: &str,
    offset_ms: i64,
    margin: Duration,
    think: Option<Duration>,
) -> Result<(Instant, Instant), NetError> {
    let now = Instant::now();
    let left_ms = parse_rfc3339(deadline)? - offset_ms - now_millis();
    let left = Duration::from_millis(left_ms.max(0) as u64);
    let send_by = now + left.saturating_sub(margin / 2);
    let mut think_until = now + left.saturating_sub(margin);
    if let Some(t) = think {
        think_until = think_until.min(now + t);
    }
    Ok((think_until.min(send_by), send_by))
}

/// Plays one game online and writes the log (if configured). Errors only for problems
/// before the game (bad AI spec, URL, handshake refused) or writing the log; a
/// connection lost mid-game is reported as [`Outcome::ConnectionLost`].
pub async fn play(config: &ClientConfig) -> Result<GameReport, NetError> {
    let ai = BOTS.build(&config.ai, config.seed)?;
    let time_url = match &config.time_url {
        Some(u) => Some(u.clone()),
        None => derive_time_url(&config.url).ok(),
    };
    let offset_ms = match time_url {
        Some(u) => match clock_offset(&u, Duration::from_secs(3)).await {
            Ok(o) => o,
            Err(e) => {
                tracing::warn!("no clock offset ({e}); assuming 0");
                0
            }
        },
        None => 0,
    };
    super::clock::init_tls();
    let connecting = tokio::time::timeout(
        config.connect_timeout,
        tokio_tungstenite::connect_async(config.url.as_str()),
    )
    .await
    .map_err(|_| NetError::Connect {
        url: redact(&config.url),
        message: format!(
            "no websocket handshake within {} ms",
            config.connect_timeout.as_millis()
        ),
    })?;
    let (ws, _) = connecting.map_err(|e| NetError::Connect {
        url: redact(&config.url),
        message: match e {
            WsError::Http(r) => format!(
                "HTTP {}{}",
                r.status(),
                match r.status().as_u16() {
                    403 => " (empty or unknown key)",
                    429 => " (key already in use)",
                    _ => "",
                }
            ),
            other => other.to_string(),
        },
    })?;
    let (mut sink, mut stream) = ws.split();
    let mut session = Session::new(config.ai.clone());
    let mut brain = Brain {
        spec: config.ai.clone(),
        seed: config.seed,
        ai: Some(ai),
        busy: None,
    };
    let mut report = GameReport {
        me: None,
        rounds: 0,
        answers: 0,
        fallbacks: 0,
        offset_ms,
        problems: Vec::new(),
        outcome: Outcome::ConnectionLost {
            round: 0,
            message: "no message".into(),
        },
        last_state: None,
    };
    let outcome = loop {
        let next = tokio::time::timeout(config.idle_timeout, stream.next()).await;
        let Ok(next) = next else {
            break Outcome::ConnectionLost {
                round: session.round(),
                message: format!(
                    "no message from the server for {} ms",
                    config.idle_timeout.as_millis()
                ),
            };
        };
        let msg = match next {
            Some(Ok(m)) => m,
            Some(Err(e)) => {
                break Outcome::ConnectionLost {
                    round: session.round(),
                    message: e.to_string(),
                };
            }
            None => {
                break Outcome::ConnectionLost {
                    round: session.round(),
                    message: "closed".into(),
                };
            }
        };
        match session.on_message(&msg) {
            Err(NetError::Connection(message)) => {
                break Outcome::ConnectionLost {
                    round: session.round(),
                    message,
                };
            }
            Err(e) => {
                tracing::warn!("skipping a message: {e}");
                report.problems.push(e.to_string());
            }
            Ok(Event::Ignore) => {}
            Ok(Event::Decide(state)) => {
                let deadline = state.deadline.clone().unwrap_or_default();
                let plan = time_plan(&deadline, offset_ms, config.margin, config.think);
                let (think_until, send_by) = plan.unwrap_or_else(|e| {
                    report.problems.push(e.to_string());
                    let now = Instant::now();
                    (now, now)
                });
                report.last_state = Some(state.clone());
                let (action, fell_back) = brain.decide(state, think_until, send_by).await;
                report.fallbacks += u32::from(fell_back);
                if let Err(e) = sink.send(Message::text(action_to_json(action))).await {
                    break Outcome::ConnectionLost {
                        round: session.round(),
                        message: e.to_string(),
                    };
                }
                report.answers += 1;
            }
            Ok(Event::Eliminated(state)) => {
                report.last_state = Some(state);
                break Outcome::Eliminated {
                    round: session.round(),
                };
            }
            Ok(Event::Finished(state)) => {
                let outcome = match state.winner() {
                    Some(w) if Some(w) == session.me() => Outcome::Won,
                    Some(w) => Outcome::Lost { winner: w },
                    None => Outcome::Draw,
                };
                report.last_state = Some(state);
                break outcome;
            }
        }
    };
    let _ = sink.close().await;
    report.me = session.me();
    report.rounds = session.round();
    report.outcome = outcome;
    if let (Some(path), Some(text)) = (&config.log, session.into_log_text()) {
        crate::golden::write_atomic(path, text.as_bytes())?;
    }
    Ok(report)
}

/// The URL with its query (the key) removed, for error messages.
fn redact(url: &str) -> String {
    url.split('?').next().unwrap_or(url).to_owned()
}

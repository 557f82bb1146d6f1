//! Running a whole game (spec §4.1): the engine loop with in-process bots and external
//! processes, time limits, removals, eliminations, and the resulting replay.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::{Duration, Instant};

use rand::Rng;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bot::{Bot, GameSettings, Order};
use crate::check::end_message;
use crate::config::{GameConfig, Range};
use crate::engine::{Cutoff, Engine, OrderOutcome, Rules, Status, competition_ranks};
use crate::food::{FoodGen, NotSymmetric};
use crate::map::Map;
use crate::process::{ProcessBot, Reply, command_name};
use crate::protocol::{parse_order_line, render_settings, render_turn};
use crate::replay::Replay;
use crate::vision::Views;

/// One participant of a game.
pub enum Entrant {
    /// A Rust bot called in-process (timed against loadtime/turntime).
    InProcess(Box<dyn Bot>),
    /// An external program, started with `sh -c COMMAND`, shown under the base name of its
    /// program (as the official engine's `playernames`).
    Command(String),
    /// An external program, started with `sh -c command`, shown as `name`.
    Named {
        /// Display name in results and replays.
        name: String,
        /// The shell command.
        command: String,
    },
    /// A player over a connection (e.g. a TCP game server's client), driven with the same
    /// protocol text and deadlines as an external program.
    Remote(Box<dyn Remote>),
}

/// How a seat's game ended, as a [`Remote`] is told when the engine lets it go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatEnd {
    /// The seat's status (`Survived` at the end of the game, `Eliminated` mid-game).
    pub status: Status,
    /// The seat's score at that moment (final score, bonus included, at the end).
    pub score: i32,
    /// The turn it happened.
    pub turn: u32,
    /// The official end message the local engine sends an external program.
    pub message: String,
}

/// A seat played over a connection instead of a child process: the engine sends it the
/// same text as an external bot's stdin and waits for the same reply.
pub trait Remote: Send {
    /// Name in results and replays.
    fn name(&self) -> &str;
    /// Queues `text` (setup or turn message) for the player; never blocks.
    fn send(&mut self, text: &str);
    /// Waits until `deadline` for the player's `go` (as [`ProcessBot::receive`]).
    fn receive(&mut self, deadline: Instant) -> Reply;
    /// The seat's game is over (eliminated, or the game ended): tell the player, then
    /// close. Not called after [`Remote::kill`].
    fn finish(&mut self, end: &SeatEnd);
    /// The seat was removed (timeout, crash, invalid order in strict mode without an end
    /// message): close the connection.
    fn kill(&mut self);
}

impl Entrant {
    /// Checks that an external program can start (not blank; a plain program path or
    /// name must be an executable file, see [`procgroup::check_command`]), so a typo is
    /// refused before a game instead of being played as `crashed 0`.
    pub fn check(&self) -> Result<(), procgroup::CommandError> {
        match self {
            Entrant::Command(command) | Entrant::Named { command, .. } => {
                procgroup::check_command(command)
            }
            Entrant::InProcess(_) | Entrant::Remote(_) => Ok(()),
        }
    }
}

impl From<Box<dyn Bot>> for Entrant {
    fn from(bot: Box<dyn Bot>) -> Self {
        Entrant::InProcess(bot)
    }
}

impl std::fmt::Debug for Entrant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entrant::InProcess(b) => write!(f, "InProcess({})", b.name()),
            Entrant::Command(c) => write!(f, "Command({c})"),
            Entrant::Named { name, command } => write!(f, "Named({name}={command})"),
            Entrant::Remote(r) => write!(f, "Remote({})", r.name()),
        }
    }
}

/// A game could not be played.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// The number of bots does not match the map.
    #[error("the map is for {map} players but {bots} bots were given")]
    PlayerCount {
        /// Players of the map.
        map: usize,
        /// Bots given.
        bots: usize,
    },
    /// Symmetric food needs a symmetric map.
    #[error(transparent)]
    NotSymmetric(#[from] NotSymmetric),
    /// A game parameter is out of range (e.g. a radius, see [`crate::config::MAX_RADIUS2`]).
    #[error("{0}")]
    Config(String),
}

/// Where the time went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Timing {
    /// Total engine time (rules, vision, messages), bots excluded.
    pub engine: Duration,
    /// Total time per bot (setup included).
    pub bots: Vec<Duration>,
    /// Slowest turn per bot.
    pub slowest: Vec<Duration>,
    /// Wall time of every turn (index 0 = setup).
    pub turns: Vec<Duration>,
    /// Per bot, the time of each turn it played (setup excluded).
    pub per_turn: Vec<Vec<Duration>>,
}

impl Timing {
    /// The `q`-quantile (0 ≤ `q` ≤ 1, nearest rank) of bot `p`'s turn times, `None` if it
    /// played no turn.
    pub fn quantile(&self, p: usize, q: f64) -> Option<Duration> {
        let mut times = self.per_turn.get(p)?.clone();
        if times.is_empty() {
            return None;
        }
        times.sort_unstable();
        let rank = (q.clamp(0.0, 1.0) * times.len() as f64).ceil() as usize;
        times.get(rank.saturating_sub(1)).copied()
    }
}

/// The record of one finished game: names, scores, statuses, ranks, timing and the replay.
#[derive(Clone, Debug)]
pub struct GameOutcome {
    /// Bot names in player order.
    pub names: Vec<String>,
    /// Final scores (bonus included).
    pub scores: Vec<i32>,
    /// Final statuses.
    pub statuses: Vec<Status>,
    /// Last turn of every player (spec §5.4).
    pub playerturns: Vec<u32>,
    /// Competition ranks (0 = best).
    pub ranks: Vec<u32>,
    /// Turns played (`game_length`).
    pub turns: u32,
    /// Why the game ended.
    pub cutoff: Cutoff,
    /// Timing measurements.
    pub timing: Timing,
    /// The replay in the official format.
    pub replay: Replay,
    /// The visualizer lines the bots printed (external programs) or handed over
    /// ([`Bot::take_visuals`]), per (turn, player) in turn order, then player order.
    pub visuals: Vec<VisualRecord>,
    /// Per player, the last bytes (at most 16 KiB) an external program wrote to stderr by
    /// the time its seat ended, empty for other seats: what a crashed bot said.
    pub stderr: Vec<String>,
}

/// Most visualizer lines kept per player and turn.
pub const MAX_VISUAL_LINES: usize = 10_000;

/// Most bytes of visualizer lines kept per player and turn (1 MiB).
pub const MAX_VISUAL_BYTES: usize = 1024 * 1024;

/// Most bytes of visualizer lines kept per game (64 MiB).
pub const MAX_VISUAL_GAME_BYTES: usize = 64 * 1024 * 1024;

/// The visualizer lines (`v …`, `i …`, see [`crate::visual`]) one player printed in one
/// turn. `turn` is the replay turn whose state the bot saw: it printed them while deciding
/// turn `turn + 1`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VisualRecord {
    /// Replay turn whose state the bot saw.
    pub turn: u32,
    /// Player index.
    pub player: usize,
    /// The lines as printed (trailing whitespace trimmed), at most [`MAX_VISUAL_LINES`]
    /// lines and [`MAX_VISUAL_BYTES`] bytes.
    pub lines: Vec<String>,
    /// Lines beyond the bounds (per turn or [`MAX_VISUAL_GAME_BYTES`] per game), dropped.
    pub dropped: usize,
}

/// The format name of the visualizer file ([`GameOutcome::visualizer_json`]).
pub const VISUALIZER_FORMAT: &str = "botforge-visualizer-1";

/// The visualizer lines of a game being played, within the bounds.
#[derive(Default)]
struct VisualLog {
    records: Vec<VisualRecord>,
    bytes: usize,
}

impl VisualLog {
    /// Keeps `lines` of `player` seen at replay turn `turn` up to the bounds.
    fn add(&mut self, turn: u32, player: usize, lines: impl IntoIterator<Item = String>) {
        let mut record = VisualRecord {
            turn,
            player,
            ..VisualRecord::default()
        };
        let mut bytes = 0;
        for line in lines {
            let len = line.len() + 1;
            if record.lines.len() >= MAX_VISUAL_LINES
                || bytes + len > MAX_VISUAL_BYTES
                || self.bytes + len > MAX_VISUAL_GAME_BYTES
            {
                record.dropped += 1;
                continue;
            }
            bytes += len;
            self.bytes += len;
            record.lines.push(line);
        }
        if !record.lines.is_empty() || record.dropped > 0 {
            self.records.push(record);
        }
    }

    /// The records in turn order, then player order.
    fn finish(mut self) -> Vec<VisualRecord> {
        self.records.sort_by_key(|r| (r.turn, r.player));
        self.records
    }
}

impl GameOutcome {
    /// The visualizer file stored beside a replay (`NAME.visualizer.json`):
    /// `{"format": "botforge-visualizer-1", "players": N, "turns": [{"turn", "player",
    /// "lines", "dropped" (only when > 0)}, …]}`.
    pub fn visualizer_json(&self) -> String {
        let turns: Vec<serde_json::Value> = self
            .visuals
            .iter()
            .map(|r| {
                let mut entry = serde_json::json!({
                    "turn": r.turn,
                    "player": r.player,
                    "lines": r.lines,
                });
                if r.dropped > 0 {
                    entry["dropped"] = r.dropped.into();
                }
                entry
            })
            .collect();
        serde_json::json!({
            "format": VISUALIZER_FORMAT,
            "players": self.names.len(),
            "turns": turns,
        })
        .to_string()
    }

    /// The path of the visualizer file beside the replay `path`: `NAME.visualizer.json`
    /// for `NAME.replay` (or any other extension).
    pub fn visualizer_path(path: &std::path::Path) -> std::path::PathBuf {
        path.with_extension("visualizer.json")
    }

    /// Writes the replay to `path` and, when any bot printed visualizer lines, those beside
    /// it as [`GameOutcome::visualizer_path`] (both atomically).
    pub fn write_replay(&self, path: &std::path::Path) -> Result<(), crate::replay::ReplayError> {
        self.replay.write(path)?;
        if !self.visuals.is_empty() {
            let side = Self::visualizer_path(path);
            crate::replay::write_atomic(&side, self.visualizer_json().as_bytes())?;
        }
        Ok(())
    }
}

enum Seat {
    Rust(Box<dyn Bot>),
    Process(ProcessBot),
    Remote(Box<dyn Remote>),
    Gone,
}

fn draw(rng: &mut ChaCha8Rng, r: Range) -> u32 {
    rng.random_range(r.lo.min(r.hi)..=r.hi.max(r.lo))
}

/// How the bots of a game think: all at once (the default, as the official engine) or
/// one at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// Serial thinking: each turn the seats think one after another, in player order. A
    /// seat's state is sent when its own turn starts and its deadline (turntime, loadtime
    /// at setup) counts from that moment, so every bot has the machine to itself for its
    /// whole turn. The results are those of parallel thinking on a machine with a core per
    /// bot: no bot sees another's orders before the turn resolves. Each turn then takes
    /// up to the sum of the bots' times instead of the longest one.
    pub serial: bool,
}

/// Plays one game: player `i` is `entrants[i]`, an in-process [`Bot`] (`Box<dyn Bot>`) or an
/// external program ([`Entrant`]). The bots think in parallel ([`play_game_with`] chooses).
///
/// See the crate documentation for an example.
pub fn play_game<E: Into<Entrant>>(
    map: &Map,
    config: &GameConfig,
    entrants: Vec<E>,
) -> Result<GameOutcome, GameError> {
    play_game_with(map, config, entrants, PlayOptions::default())
}

/// [`play_game`] with the thinking mode of `options` (e.g. [`PlayOptions::serial`]).
pub fn play_game_with<E: Into<Entrant>>(
    map: &Map,
    config: &GameConfig,
    entrants: Vec<E>,
    options: PlayOptions,
) -> Result<GameOutcome, GameError> {
    let entrants: Vec<Entrant> = entrants.into_iter().map(Into::into).collect();
    let n = usize::from(map.players());
    if entrants.len() != n {
        return Err(GameError::PlayerCount {
            map: n,
            bots: entrants.len(),
        });
    }
    crate::config::check_radii(
        config.viewradius2,
        config.attackradius2,
        config.spawnradius2,
    )
    .map_err(GameError::Config)?;
    let mut rng = ChaCha8Rng::seed_from_u64(config.engine_seed);
    let food_params = [
        draw(&mut rng, config.food_rate),
        draw(&mut rng, config.food_turn),
        draw(&mut rng, config.food_start),
        draw(&mut rng, config.food_visible),
    ];
    let mut engine = Engine::from_map(map, Rules::from_config(config), config.scenario);
    let mut views = Views::new(&engine);
    views.update(&engine);
    let mut food = FoodGen::new(
        config.food,
        food_params[0],
        food_params[1],
        food_params[2],
        food_params[3],
    );

    let mut names = Vec::with_capacity(n);
    let mut seats = Vec::with_capacity(n);
    for (p, ent) in entrants.into_iter().enumerate() {
        let (name, cmd) = match ent {
            Entrant::InProcess(b) => {
                names.push(b.name().to_owned());
                seats.push(Seat::Rust(b));
                continue;
            }
            Entrant::Remote(r) => {
                names.push(r.name().to_owned());
                seats.push(Seat::Remote(r));
                continue;
            }
            Entrant::Named { name, command } => (name, command),
            Entrant::Command(command) => (command_name(&command), command),
        };
        names.push(name);
        // A command that cannot be started is `crashed 0`; one that starts and exits at
        // once is `crashed` in turn 0 (no race on "still running?").
        if let Ok(pb) = ProcessBot::spawn(&cmd) {
            seats.push(Seat::Process(pb));
            continue;
        }
        engine.remove_player(p, Status::CrashedAtStart, 0);
        seats.push(Seat::Gone);
    }
    let settings = GameSettings {
        loadtime_ms: config.loadtime_ms,
        turntime_ms: config.turntime_ms,
        rows: map.rows(),
        cols: map.cols(),
        turns: config.turns,
        viewradius2: config.viewradius2,
        attackradius2: config.attackradius2,
        spawnradius2: config.spawnradius2,
        player_seed: config.player_seed,
    };
    let mut stderr = vec![String::new(); n];
    let mut visuals = VisualLog::default();
    let mut timing = Timing {
        bots: vec![Duration::ZERO; n],
        slowest: vec![Duration::ZERO; n],
        per_turn: vec![Vec::new(); n],
        ..Timing::default()
    };
    let mut engine_time = Duration::ZERO;
    let mut turn = 0;
    loop {
        let turn_start = Instant::now();
        let t0 = Instant::now();
        if turn == 0 {
            food.start(&mut engine, config.viewradius2, &mut rng)?;
        }
        // Step 2: messages.
        let limit = Duration::from_millis(if turn == 0 {
            config.loadtime_ms
        } else {
            config.turntime_ms
        });
        let mut replies: Vec<Option<Reply>> = (0..n).map(|_| None).collect();
        let mut rust_orders: Vec<Vec<Order>> = vec![Vec::new(); n];
        let visuals = &mut visuals;
        let alive: Vec<usize> = (0..n).filter(|&p| engine.is_alive(p)).collect();
        let mut inputs = Vec::with_capacity(alive.len());
        for &p in &alive {
            if turn > 0 {
                engine.players[p].playerturns = turn;
                inputs.push((p, Some(views.turn_input(&engine, p, turn))));
            } else {
                inputs.push((p, None));
            }
        }
        engine_time += t0.elapsed();
        let mut turn_ctx = TurnCtx {
            turn,
            limit,
            settings: &settings,
            timing: &mut timing,
            visuals,
        };
        if options.serial {
            for (p, input) in &inputs {
                let began = Instant::now();
                let reply = match &mut seats[*p] {
                    Seat::Process(pb) => {
                        pb.send(&message(input.as_ref(), &settings));
                        pb.receive(began + limit)
                    }
                    Seat::Remote(r) => {
                        r.send(&message(input.as_ref(), &settings));
                        r.receive(began + limit)
                    }
                    Seat::Rust(bot) => {
                        replies[*p] = Some(turn_ctx.think(
                            bot.as_mut(),
                            *p,
                            input.as_ref(),
                            &mut rust_orders[*p],
                        ));
                        continue;
                    }
                    Seat::Gone => continue,
                };
                turn_ctx.record(*p, began.elapsed());
                replies[*p] = Some(reply);
            }
        } else {
            let start = Instant::now();
            let deadline = start + limit;
            for (p, input) in &inputs {
                match &mut seats[*p] {
                    Seat::Process(pb) => pb.send(&message(input.as_ref(), &settings)),
                    Seat::Remote(r) => r.send(&message(input.as_ref(), &settings)),
                    _ => {}
                }
            }
            for (p, input) in &inputs {
                if let Seat::Rust(bot) = &mut seats[*p] {
                    replies[*p] = Some(turn_ctx.think(
                        bot.as_mut(),
                        *p,
                        input.as_ref(),
                        &mut rust_orders[*p],
                    ));
                }
            }
            for (p, _) in &inputs {
                let reply = match &mut seats[*p] {
                    Seat::Process(pb) => pb.receive(deadline),
                    Seat::Remote(r) => r.receive(deadline),
                    _ => continue,
                };
                replies[*p] = Some(reply);
                turn_ctx.record(*p, start.elapsed());
            }
        }
        let t1 = Instant::now();
        if turn > 0 {
            engine.begin_turn(turn);
            // Visualizer lines are kept for the viewer, never read as orders.
            for (p, reply) in replies.iter_mut().enumerate() {
                if let Some(Reply::Go(lines)) = reply {
                    let (shown, orders): (Vec<String>, Vec<String>) = std::mem::take(lines)
                        .into_iter()
                        .partition(|l| crate::visual::Command::is_visual_line(l.trim_end()));
                    *lines = orders;
                    turn_ctx.visuals.add(
                        turn - 1,
                        p,
                        shown.into_iter().map(|l| l.trim_end().to_owned()),
                    );
                }
            }
        }
        // Step 4: removals.
        for (p, reply) in replies.iter().enumerate() {
            let status = match reply {
                Some(Reply::Timeout) => Status::Timeout,
                Some(Reply::Crashed) => Status::Crashed,
                _ => continue,
            };
            engine.remove_player(p, status, turn);
            match &mut seats[p] {
                Seat::Process(pb) => {
                    pb.kill();
                    stderr[p] = pb.stderr_tail();
                }
                Seat::Remote(r) => r.kill(),
                _ => {}
            }
            seats[p] = Seat::Gone;
        }
        let alive_before: Vec<bool> = (0..n).map(|p| engine.is_alive(p)).collect();
        let mut strict_removed = vec![false; n];
        if turn > 0 && !engine.game_over() {
            for p in 0..n {
                if !alive_before[p] {
                    continue;
                }
                let Some(Reply::Go(lines)) = &replies[p] else {
                    continue;
                };
                let mut invalid = false;
                for o in &rust_orders[p] {
                    let (r, c) = (i64::from(o.pos.row), i64::from(o.pos.col));
                    if let OrderOutcome::Invalid(why) = engine.order(p as u8, r, c, o.dir) {
                        invalid = true;
                        tracing::debug!(player = p, turn, why, "invalid order");
                    }
                }
                for line in lines {
                    let outcome = match parse_order_line(line) {
                        Ok(None) => continue,
                        Ok(Some((r, c, d))) => engine.order(p as u8, r, c, d),
                        Err(why) => OrderOutcome::Invalid(why),
                    };
                    if let OrderOutcome::Invalid(why) = outcome {
                        invalid = true;
                        tracing::debug!(
                            player = p,
                            turn,
                            line = line.as_str(),
                            why,
                            "invalid order"
                        );
                    }
                }
                if invalid && config.strict {
                    engine.remove_player(p, Status::Invalid, turn);
                    strict_removed[p] = true;
                }
            }
        }
        if turn > 0 {
            engine.move_and_fight();
            for p in 0..n as u8 {
                let mut hills: Vec<(u32, u32, u32)> = engine
                    .unrazed_hills(p)
                    .into_iter()
                    .map(|h| {
                        (
                            engine.hills()[h as usize].last_touched,
                            rng.random::<u32>(),
                            h,
                        )
                    })
                    .collect();
                hills.sort_unstable();
                for (_, _, h) in hills {
                    engine.try_spawn(h);
                }
            }
            engine.gather();
            food.generate(&mut engine, &mut rng, turn);
            engine.end_turn();
            views.update(&engine);
        }
        for p in 0..n {
            if alive_before[p] && !engine.is_alive(p) {
                if engine.players[p].status == Status::Survived {
                    engine.players[p].status = Status::Eliminated;
                    engine.players[p].playerturns = turn;
                }
                finish_seat(&mut seats[p], &mut stderr[p], &engine, &mut views, p, turn);
            } else if strict_removed[p] {
                finish_seat(&mut seats[p], &mut stderr[p], &engine, &mut views, p, turn);
            }
        }
        let over = engine.game_over();
        engine_time += t1.elapsed();
        timing.turns.push(turn_start.elapsed());
        if over || turn >= config.turns {
            break;
        }
        turn += 1;
    }
    let t2 = Instant::now();
    engine.finish();
    for (p, seat) in seats.iter_mut().enumerate() {
        if engine.is_alive(p) {
            finish_seat(seat, &mut stderr[p], &engine, &mut views, p, turn);
        }
    }
    let replay = Replay::from_engine(
        &engine,
        config,
        [food_params[0], food_params[1], food_params[2]],
        &names,
    );
    engine_time += t2.elapsed();
    timing.engine = engine_time;
    let scores = engine.final_scores();
    Ok(GameOutcome {
        visuals: visuals.finish(),
        stderr,
        ranks: competition_ranks(&scores),
        scores,
        statuses: engine.players().iter().map(|p| p.status).collect(),
        playerturns: engine.players().iter().map(|p| p.playerturns).collect(),
        turns: turn,
        cutoff: engine.cutoff().unwrap_or(Cutoff::TurnLimit),
        timing,
        replay,
        names,
    })
}

/// The protocol text of a seat's turn: the settings at setup (no input), else its turn.
fn message(input: Option<&crate::bot::TurnInput>, settings: &GameSettings) -> String {
    match input {
        Some(i) => render_turn(i),
        None => render_settings(settings),
    }
}

/// What the seats of one turn share while they think: the turn, its time limit, the
/// settings, and where their times and visualizer lines go.
struct TurnCtx<'a> {
    turn: u32,
    limit: Duration,
    settings: &'a GameSettings,
    timing: &'a mut Timing,
    visuals: &'a mut VisualLog,
}

impl TurnCtx<'_> {
    /// Records that seat `p` took `took` this turn.
    fn record(&mut self, p: usize, took: Duration) {
        self.timing.bots[p] += took;
        self.timing.slowest[p] = self.timing.slowest[p].max(took);
        if self.turn > 0 {
            self.timing.per_turn[p].push(took);
        }
    }

    /// Lets in-process bot `p` set up (no input) or play its turn, timed from the call; its
    /// orders go to `orders`. A panic is a crash, an answer after the limit a timeout.
    fn think(
        &mut self,
        bot: &mut dyn Bot,
        p: usize,
        input: Option<&crate::bot::TurnInput>,
        orders: &mut Vec<Order>,
    ) -> Reply {
        let began = Instant::now();
        let turn = self.turn;
        let visuals = &mut *self.visuals;
        let out = catch_unwind(AssertUnwindSafe(|| {
            if let Some(i) = input {
                let orders = bot.turn(i);
                let shown = bot.take_visuals();
                visuals.add(turn - 1, p, shown.iter().map(ToString::to_string));
                orders
            } else {
                bot.setup(self.settings);
                Vec::new()
            }
        }));
        let took = began.elapsed();
        self.record(p, took);
        match out {
            Err(_) => Reply::Crashed,
            Ok(_) if took > self.limit => Reply::Timeout,
            Ok(o) => {
                *orders = o;
                Reply::Go(Vec::new())
            }
        }
    }
}

/// Sends the end message to an external bot or a remote seat and stops it (an external
/// bot's stderr tail goes to `stderr`).
fn finish_seat(
    seat: &mut Seat,
    stderr: &mut String,
    engine: &Engine,
    views: &mut Views,
    p: usize,
    turn: u32,
) {
    match seat {
        Seat::Process(pb) => {
            pb.send(&end_message(engine, views, p, turn));
            pb.kill();
            *stderr = pb.stderr_tail();
        }
        Seat::Remote(r) => r.finish(&SeatEnd {
            status: engine.players()[p].status,
            score: engine.final_scores()[p],
            turn,
            message: end_message(engine, views, p, turn),
        }),
        _ => {}
    }
    *seat = Seat::Gone;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A remote seat that answers `go` without orders until turn `answer_until`, then
    /// stays silent; it logs what the engine does with it.
    struct Scripted {
        answer_until: u32,
        turn: u32,
        log: Arc<Mutex<Vec<String>>>,
    }

    impl Remote for Scripted {
        fn name(&self) -> &'static str {
            "scripted"
        }
        fn send(&mut self, text: &str) {
            if let Some(t) = text.strip_prefix("turn ") {
                self.turn = t
                    .lines()
                    .next()
                    .and_then(|n| n.trim().parse().ok())
                    .unwrap_or(0);
            }
        }
        fn receive(&mut self, deadline: Instant) -> Reply {
            if self.turn < self.answer_until {
                Reply::Go(Vec::new())
            } else {
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                Reply::Timeout
            }
        }
        fn finish(&mut self, end: &SeatEnd) {
            self.log.lock().unwrap().push(format!(
                "finish {} {} {}",
                end.status.as_str(),
                end.score,
                end.turn
            ));
        }
        fn kill(&mut self) {
            self.log.lock().unwrap().push(format!("kill {}", self.turn));
        }
    }

    #[test]
    fn remote_seats_play_like_external_programs() {
        let map = Map::parse(
            "rows 8\ncols 8\nplayers 2\nm ........\nm .0......\nm ........\nm ........\n\
             m ........\nm .....1..\nm ........\nm ........\n",
        )
        .unwrap();
        let config = GameConfig {
            turns: 6,
            turntime_ms: 20,
            loadtime_ms: 20,
            ..GameConfig::seeded(3)
        };
        let logs: Vec<Arc<Mutex<Vec<String>>>> = (0..2).map(|_| Arc::default()).collect();
        let seats: Vec<Entrant> = [100, 3]
            .iter()
            .zip(&logs)
            .map(|(&answer_until, log)| {
                Entrant::Remote(Box::new(Scripted {
                    answer_until,
                    turn: 0,
                    log: log.clone(),
                }))
            })
            .collect();
        let out = play_game(&map, &config, seats).unwrap();
        assert_eq!(out.names, ["scripted", "scripted"]);
        assert_eq!(out.statuses, [Status::Survived, Status::Timeout]);
        assert_eq!(*logs[1].lock().unwrap(), ["kill 3"]);
        let first = logs[0].lock().unwrap();
        assert_eq!(first.len(), 1, "{first:?}");
        assert!(first[0].starts_with("finish survived "), "{first:?}");
    }

    #[test]
    fn serial_thinking_plays_the_same_game_as_parallel_thinking() {
        let map = Map::official("maze/maze_p04_01.map").unwrap();
        let config = GameConfig {
            turns: 150,
            ..GameConfig::seeded(9)
        };
        // Two in-process bots and two external programs that answer `go` at once.
        let quiet = "while read l; do case $l in ready|go) echo go;; end) exit;; esac; done";
        let seats = || -> Vec<Entrant> {
            vec![
                Entrant::InProcess(Box::new(crate::bots::GreedyBot::hunter())),
                Entrant::Command(quiet.into()),
                Entrant::InProcess(Box::new(crate::bots::GreedyBot::greedy())),
                Entrant::Command(quiet.into()),
            ]
        };
        let parallel = play_game(&map, &config, seats()).unwrap();
        let serial = play_game_with(&map, &config, seats(), PlayOptions { serial: true }).unwrap();
        assert_eq!(parallel.turns, serial.turns);
        assert_eq!(parallel.statuses, serial.statuses);
        assert_eq!(parallel.scores, serial.scores);
        assert_eq!(parallel.replay, serial.replay);
        assert!(
            serial
                .timing
                .per_turn
                .iter()
                .all(|t| t.len() == serial.turns as usize)
        );
    }

    #[test]
    fn turn_time_quantiles_are_nearest_ranks() {
        let ms = Duration::from_millis;
        let timing = Timing {
            per_turn: vec![(1..=100).rev().map(ms).collect(), Vec::new()],
            ..Timing::default()
        };
        assert_eq!(timing.quantile(0, 0.5), Some(ms(50)));
        assert_eq!(timing.quantile(0, 0.99), Some(ms(99)));
        assert_eq!(timing.quantile(0, 1.0), Some(ms(100)));
        assert_eq!(timing.quantile(0, 0.0), Some(ms(1)));
        assert_eq!(timing.quantile(1, 0.5), None);
        assert_eq!(timing.quantile(2, 0.5), None);
    }
}

//! How closely a bot imitates a recorded player. The bot is shown, turn by turn, exactly what
//! that player saw in a replay (the engine's input, rebuilt by [`crate::check_replay`]), and
//! each of its orders is compared with the move the player made from the same square.
//!
//! Ants near an enemy (one within squared distance [`NEAR2`] at the start of the turn) are
//! counted by situation and by the local balance of ants, and where the bot and the player
//! disagree, by who ended closer to the enemy. `botforge ants agree` prints the table: it
//! measures how faithful a rebuild is to the original, and in which situations it is more or
//! less aggressive. For bots that name the part of their pipeline behind each move
//! ([`Bot::move_reasons`]) every comparison is also counted by that step. The bot's own
//! state (missions, memory) follows its own decisions only through what the player saw, so
//! agreement away from enemies is a weaker signal.

use std::io::Cursor;

use crate::bot::Bot;
use crate::check::check_replay;
use crate::replay::Replay;

/// Ants with an enemy within this squared distance at the start of a turn are "near" one.
pub const NEAR2: i64 = 20;

/// An own ant within this squared distance supports a dangered ant (it fights instead of
/// escaping).
pub const SUPPORT2: i64 = 20;

/// Ants within this squared distance count for the local balance.
pub const BALANCE2: i64 = 80;

/// Where an ant near an enemy stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    /// An enemy can attack it next turn and an own ant is within [`SUPPORT2`].
    Fight,
    /// An enemy can attack it next turn and no own ant is within [`SUPPORT2`].
    Escape,
    /// Near an enemy, but no enemy can attack it next turn.
    Free,
}

/// The local balance of ants within [`BALANCE2`] (the ant itself counts as own).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Balance {
    /// More enemy ants than own.
    Outnumbered,
    /// Own ants equal to enemy ants or one more.
    Even,
    /// At least two own ants more than enemy ants.
    Superior,
}

/// Counts of one kind of position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Positions (ant-turns) seen.
    pub positions: u64,
    /// Positions where the bot made the player's move.
    pub same: u64,
    /// Disagreements where the bot's square is closer to the nearest enemy.
    pub bot_closer: u64,
    /// Disagreements where the player's square is closer to the nearest enemy.
    pub player_closer: u64,
    /// Positions where the bot's order leaves the ant where it stands.
    pub bot_stays: u64,
    /// Positions where the player's ant stayed.
    pub player_stays: u64,
}

impl Tally {
    /// Share of positions with the player's move (0 when there were none).
    pub fn rate(&self) -> f64 {
        share(self.same, self.positions)
    }

    /// Share of positions where the bot's ant stays (0 when there were none).
    pub fn bot_stay_rate(&self) -> f64 {
        share(self.bot_stays, self.positions)
    }

    /// Share of positions where the player's ant stayed (0 when there were none).
    pub fn player_stay_rate(&self) -> f64 {
        share(self.player_stays, self.positions)
    }

    /// Counts one position: the bot's and the player's moves (`b'-'` stays), and the
    /// squared distances from the nearest enemy of the bot's square `bot` and the player's
    /// square `player` (which decide who ended closer where the moves differ).
    fn count(&mut self, moves: (u8, u8), bot: i64, player: i64) {
        let same = moves.0 == moves.1;
        self.positions += 1;
        self.same += u64::from(same);
        self.bot_closer += u64::from(!same && bot < player);
        self.player_closer += u64::from(!same && player < bot);
        self.bot_stays += u64::from(moves.0 == b'-');
        self.player_stays += u64::from(moves.1 == b'-');
    }

    /// Adds another tally.
    pub fn add(&mut self, o: &Tally) {
        self.positions += o.positions;
        self.same += o.same;
        self.bot_closer += o.bot_closer;
        self.player_closer += o.player_closer;
        self.bot_stays += o.bot_stays;
        self.player_stays += o.player_stays;
    }
}

/// `part` of `whole` (0 when `whole` is 0).
fn share(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The comparison of the moves one step of the bot decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StepTally {
    /// Every ant the step moved.
    pub all: Tally,
    /// The ants the step moved that were near an enemy.
    pub near: Tally,
}

/// The step name of ants the bot named no reason for, while it did for others.
pub const UNREPORTED: &str = "unreported";

/// The comparison of one bot with one player over one or more replays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    /// Every own ant of every turn.
    pub all: Tally,
    /// Ants near an enemy, by `[situation][balance]` (order of [`Situation`] and
    /// [`Balance`]).
    pub near: [[Tally; 3]; 3],
    /// By the step the bot named for its move ([`Bot::move_reasons`]), in the order the
    /// steps were first seen; empty for bots that name none.
    pub by_step: Vec<(&'static str, StepTally)>,
}

impl Agreement {
    /// The tally of one kind of position near enemies.
    pub fn get(&self, s: Situation, b: Balance) -> &Tally {
        &self.near[s as usize][b as usize]
    }

    /// Adds another comparison (e.g. of the next replay).
    pub fn add(&mut self, o: &Agreement) {
        self.all.add(&o.all);
        for (row, orow) in self.near.iter_mut().zip(&o.near) {
            for (t, ot) in row.iter_mut().zip(orow) {
                t.add(ot);
            }
        }
        for (name, t) in &o.by_step {
            let mine = self.step_mut(name);
            mine.all.add(&t.all);
            mine.near.add(&t.near);
        }
    }

    /// The tally of one step, added if new.
    fn step_mut(&mut self, name: &'static str) -> &mut StepTally {
        let i = self
            .by_step
            .iter()
            .position(|(n, _)| *n == name)
            .unwrap_or_else(|| {
                self.by_step.push((name, StepTally::default()));
                self.by_step.len() - 1
            });
        &mut self.by_step[i].1
    }

    /// All ants near enemies.
    pub fn near_total(&self) -> Tally {
        let mut t = Tally::default();
        for row in &self.near {
            for x in row {
                t.add(x);
            }
        }
        t
    }
}

/// Why a replay could not be compared.
#[derive(Debug, thiserror::Error)]
pub enum AgreementError {
    /// The seat does not exist in the replay.
    #[error("the replay has {players} players, seat {seat} does not exist")]
    NoSeat {
        /// The asked seat.
        seat: usize,
        /// Players in the replay.
        players: usize,
    },
    /// The replay does not re-simulate, so the player's input cannot be rebuilt.
    #[error("the replay does not re-simulate: {0}")]
    Replay(#[from] crate::check::Divergence),
    /// The bot broke the protocol on the rebuilt input.
    #[error("the bot failed on the replay's input: {0}")]
    Bot(#[from] crate::protocol::ProtocolError),
}

/// Passes every call on to a bot and keeps its move reasons per turn (index 0: setup), in
/// the order of the protocol output.
struct Recorder<'a> {
    bot: &'a mut dyn Bot,
    reasons: Vec<Vec<((i64, i64), &'static str)>>,
}

impl Bot for Recorder<'_> {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn setup(&mut self, settings: &crate::bot::GameSettings) {
        self.bot.setup(settings);
        self.reasons.push(Vec::new());
    }

    fn turn(&mut self, input: &crate::bot::TurnInput) -> Vec<crate::bot::Order> {
        let orders = self.bot.turn(input);
        let mut reasons: Vec<_> = self
            .bot
            .move_reasons()
            .into_iter()
            .map(|(p, r)| ((i64::from(p.row), i64::from(p.col)), r))
            .collect();
        reasons.sort_unstable();
        self.reasons.push(reasons);
        orders
    }
}

/// The bot's orders per turn from its protocol output (index 0 answers `ready`): for each
/// turn the ordered squares and the direction letter.
fn orders_per_turn(output: &str) -> Vec<Vec<((i64, i64), u8)>> {
    let mut turns = Vec::new();
    let mut cur = Vec::new();
    for line in output.lines() {
        let t: Vec<&str> = line.split_whitespace().collect();
        match t.as_slice() {
            ["go"] => turns.push(std::mem::take(&mut cur)),
            ["o", r, c, d] => {
                if let (Ok(r), Ok(c), Some(&d)) = (r.parse(), c.parse(), d.as_bytes().first()) {
                    cur.push(((r, c), d.to_ascii_lowercase()));
                }
            }
            _ => {}
        }
    }
    turns
}

/// Compares `bot` with player `seat` of `replay` on every turn the player played.
pub fn agreement(
    replay: &Replay,
    seat: usize,
    bot: &mut dyn Bot,
) -> Result<Agreement, AgreementError> {
    let players = replay.playernames.len();
    if seat >= players {
        return Err(AgreementError::NoSeat { seat, players });
    }
    let report = check_replay(replay, true)?;
    let input = report.bot_inputs.get(seat).cloned().unwrap_or_default();
    let mut out = Vec::new();
    let mut recorder = Recorder {
        bot,
        reasons: Vec::new(),
    };
    crate::protocol::serve(&mut recorder, Cursor::new(input.as_bytes()), &mut out)?;
    let reasons = recorder.reasons;
    let orders = orders_per_turn(&String::from_utf8_lossy(&out));

    let d = &replay.replaydata;
    let (rows, cols) = d.map.torus();
    let water: Vec<Vec<bool>> = d
        .map
        .data
        .iter()
        .map(|r| r.chars().map(|c| c == '%').collect())
        .collect();
    let land = |(r, c): (i64, i64)| {
        !water
            .get(r as usize)
            .and_then(|row| row.get(c as usize))
            .copied()
            .unwrap_or(false)
    };
    let wrap = |r: i64, c: i64| (r.rem_euclid(rows), c.rem_euclid(cols));
    let d2 = |a, b| crate::analysis::torus_dist2(a, b, rows, cols);
    let step = |p: (i64, i64), m: u8| match m {
        b'n' => wrap(p.0 - 1, p.1),
        b's' => wrap(p.0 + 1, p.1),
        b'e' => wrap(p.0, p.1 + 1),
        b'w' => wrap(p.0, p.1 - 1),
        _ => p,
    };
    let moves = |p: (i64, i64)| {
        [b'-', b'n', b's', b'e', b'w']
            .into_iter()
            .map(move |m| step(p, m))
            .filter(|&q| land(q))
    };
    let attack2 = i64::from(d.attackradius2);
    let end = replay.game_length;
    let mut res = Agreement::default();
    for t in 1..=end {
        let Some(bot_orders) = orders.get(t as usize) else {
            break;
        };
        let turn_reasons = reasons.get(t as usize).map_or(&[][..], Vec::as_slice);
        // Ants alive at the start of turn t, with their squares.
        let alive: Vec<(usize, (i64, i64))> = d
            .ants
            .iter()
            .enumerate()
            .filter(|(_, a)| a.2 < t && a.3 >= t)
            .map(|(i, a)| (i, crate::analysis::position(a, t - 1, rows, cols)))
            .collect();
        let own: Vec<(i64, i64)> = alive
            .iter()
            .filter(|(i, _)| usize::from(d.ants[*i].4) == seat)
            .map(|x| x.1)
            .collect();
        let enemies: Vec<(i64, i64)> = alive
            .iter()
            .filter(|(i, _)| usize::from(d.ants[*i].4) != seat)
            .map(|x| x.1)
            .collect();
        for &(i, p) in &alive {
            let a = &d.ants[i];
            if usize::from(a.4) != seat {
                continue;
            }
            let Some(&played) = a.5.as_bytes().get((t - a.2 - 1) as usize) else {
                continue;
            };
            let mine = bot_orders
                .iter()
                .find(|(q, _)| *q == p)
                .map_or(b'-', |x| x.1);
            let pair = (mine, played);
            let near: Vec<(i64, i64)> = enemies
                .iter()
                .copied()
                .filter(|&e| d2(p, e) <= NEAR2)
                .collect();
            let closest = |q: (i64, i64)| near.iter().map(|&e| d2(q, e)).min().unwrap_or(0);
            let (b, r) = (closest(step(p, mine)), closest(step(p, played)));
            res.all.count(pair, b, r);
            if !turn_reasons.is_empty() {
                let name = turn_reasons
                    .binary_search_by(|(q, _)| q.cmp(&p))
                    .map_or(UNREPORTED, |i| turn_reasons[i].1);
                let st = res.step_mut(name);
                st.all.count(pair, b, r);
                if !near.is_empty() {
                    st.near.count(pair, b, r);
                }
            }
            if near.is_empty() {
                continue;
            }
            let danger = near
                .iter()
                .any(|&e| moves(p).any(|m| moves(e).any(|x| d2(m, x) <= attack2)));
            let supported = own.iter().any(|&o| o != p && d2(p, o) <= SUPPORT2);
            let situation = match (danger, supported) {
                (false, _) => Situation::Free,
                (true, true) => Situation::Fight,
                (true, false) => Situation::Escape,
            };
            let n_own = own.iter().filter(|&&o| d2(p, o) <= BALANCE2).count();
            let n_en = enemies.iter().filter(|&&e| d2(p, e) <= BALANCE2).count();
            let balance = if n_en > n_own {
                Balance::Outnumbered
            } else if n_own > n_en + 1 {
                Balance::Superior
            } else {
                Balance::Even
            };
            res.near[situation as usize][balance as usize].count(pair, b, r);
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{GameSettings, Order, TurnInput};
    use crate::{GameConfig, Map, bots, play_game};

    /// Repeats the moves of a recorded player: reads them from the replay by square.
    struct Parrot {
        moves: Vec<Vec<Order>>,
        turn: usize,
    }

    impl Bot for Parrot {
        fn name(&self) -> &'static str {
            "parrot"
        }
        fn setup(&mut self, _: &GameSettings) {}
        fn turn(&mut self, _: &TurnInput) -> Vec<Order> {
            self.turn += 1;
            self.moves.get(self.turn).cloned().unwrap_or_default()
        }
    }

    fn recorded_orders(replay: &Replay, seat: usize) -> Vec<Vec<Order>> {
        let d = &replay.replaydata;
        let (rows, cols) = (i64::from(d.map.rows), i64::from(d.map.cols));
        let mut out = vec![Vec::new(); replay.game_length as usize + 2];
        for a in d.ants.iter().filter(|a| usize::from(a.4) == seat) {
            for t in a.2 + 1..=a.3.min(replay.game_length) {
                let Some(&m) = a.5.as_bytes().get((t - a.2 - 1) as usize) else {
                    continue;
                };
                if let Some(dir) = grid::Dir::from_letter(char::from(m)) {
                    let (r, c) = crate::analysis::position(a, t - 1, rows, cols);
                    out[t as usize].push(Order {
                        pos: grid::Pos::new(r as i32, c as i32),
                        dir,
                    });
                }
            }
        }
        out
    }

    /// A duel of two `hunter` bots on the repository's 2-player maze map.
    fn game() -> Replay {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../data/ants/maze_p02_01.map"
        );
        let map = Map::load(std::path::Path::new(path)).expect("map");
        let config = GameConfig {
            turns: 500,
            ..GameConfig::seeded(4)
        };
        let bots: Vec<Box<dyn crate::Bot>> = vec![
            Box::new(bots::GreedyBot::hunter()),
            Box::new(bots::GreedyBot::hunter()),
        ];
        play_game(&map, &config, bots).expect("game").replay
    }

    #[test]
    fn the_player_itself_agrees_everywhere_and_a_statue_does_not() {
        let replay = game();
        let moves = recorded_orders(&replay, 0);
        let mut parrot = Parrot { moves, turn: 0 };
        let a = agreement(&replay, 0, &mut parrot).expect("agreement");
        assert!(a.all.positions > 100, "{a:?}");
        assert_eq!(a.all.same, a.all.positions, "{a:?}");
        assert!(a.near_total().positions > 0, "{a:?}");
        assert_eq!(a.near_total().same, a.near_total().positions);

        // A bot that never moves agrees only where the player stayed.
        let mut statue = Parrot {
            moves: Vec::new(),
            turn: 0,
        };
        let s = agreement(&replay, 0, &mut statue).expect("agreement");
        assert_eq!(s.all.positions, a.all.positions);
        let stays = replay
            .replaydata
            .ants
            .iter()
            .filter(|x| x.4 == 0)
            .map(|x| x.5.bytes().filter(|&m| m == b'-').count() as u64)
            .sum::<u64>();
        assert_eq!(s.all.same, stays);
        assert!(s.all.same < s.all.positions);
        // The statue stays everywhere; the player's stays are counted alike for both bots,
        // and the parrot stays exactly where the player did.
        assert_eq!(s.all.bot_stays, s.all.positions);
        assert_eq!((s.all.player_stays, a.all.player_stays), (stays, stays));
        assert_eq!(a.all.bot_stays, stays);
        assert!(s.all.bot_stay_rate() > s.all.player_stay_rate());
        assert!(Tally::default().bot_stay_rate().abs() < f64::EPSILON);
    }

    /// A [`Parrot`] that names a reason for its moves: "ordered" for the ants it moves,
    /// "stayed" for the others on even rows, none for those on odd rows.
    struct Labelled {
        parrot: Parrot,
        last: Vec<(grid::Pos, &'static str)>,
    }

    impl Bot for Labelled {
        fn name(&self) -> &'static str {
            "labelled"
        }
        fn setup(&mut self, _: &GameSettings) {}
        fn turn(&mut self, input: &TurnInput) -> Vec<Order> {
            let orders = self.parrot.turn(input);
            self.last = input
                .ants
                .iter()
                .filter(|a| a.1 == 0)
                .filter_map(|&(p, _)| {
                    if orders.iter().any(|o| o.pos == p) {
                        Some((p, "ordered"))
                    } else {
                        (p.row % 2 == 0).then_some((p, "stayed"))
                    }
                })
                .collect();
            orders
        }
        fn move_reasons(&self) -> Vec<(grid::Pos, &'static str)> {
            self.last.clone()
        }
    }

    #[test]
    fn moves_are_split_by_the_reason_the_bot_names() {
        let replay = game();
        let moves = recorded_orders(&replay, 0);
        let mut bot = Labelled {
            parrot: Parrot { moves, turn: 0 },
            last: Vec::new(),
        };
        let a = agreement(&replay, 0, &mut bot).expect("agreement");
        let mut names: Vec<&str> = a.by_step.iter().map(|s| s.0).collect();
        names.sort_unstable();
        assert_eq!(names, ["ordered", "stayed", UNREPORTED]);
        let sum = |f: fn(&StepTally) -> u64| a.by_step.iter().map(|s| f(&s.1)).sum::<u64>();
        assert_eq!(sum(|t| t.all.positions), a.all.positions);
        assert_eq!(sum(|t| t.all.same), a.all.same);
        assert_eq!(sum(|t| t.all.bot_stays), a.all.bot_stays);
        assert_eq!(sum(|t| t.near.positions), a.near_total().positions);
        // The parrot makes the player's move everywhere, whatever the reason.
        assert!(a.by_step.iter().all(|s| s.1.all.same == s.1.all.positions));
        // Adding a comparison to itself doubles every step.
        let mut twice = a.clone();
        twice.add(&a);
        assert_eq!(twice.by_step.len(), a.by_step.len());
        for (x, y) in twice.by_step.iter().zip(&a.by_step) {
            assert_eq!(x.1.all.positions, 2 * y.1.all.positions);
        }

        // A bot that names no reasons has no split.
        let mut statue = Parrot {
            moves: Vec::new(),
            turn: 0,
        };
        assert!(
            agreement(&replay, 0, &mut statue)
                .expect("agreement")
                .by_step
                .is_empty()
        );
    }

    #[test]
    fn a_missing_seat_is_an_error() {
        let replay = game();
        let mut statue = Parrot {
            moves: Vec::new(),
            turn: 0,
        };
        assert!(matches!(
            agreement(&replay, 5, &mut statue),
            Err(AgreementError::NoSeat { seat: 5, .. })
        ));
    }

    #[test]
    fn orders_are_split_at_go() {
        let t = orders_per_turn("go\no 1 2 N\no 3 4 e\ngo\ngo\n");
        assert_eq!(t.len(), 3);
        assert_eq!(t[1], vec![((1, 2), b'n'), ((3, 4), b'e')]);
        assert!(t[2].is_empty());
    }
}

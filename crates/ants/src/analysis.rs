//! What a replay shows about each player: ants alive, food gathered and ants lost at fixed
//! turns, where the food was gathered (on the player's own side of the map or the enemy's,
//! and how much of its own side's food the enemies took), how many of its ants fell on its
//! own side and how many fell for nothing (no enemy ant died near them), the share of the
//! map in sight (how far the territory reaches), the turns its hills fell, and when it first
//! saw an enemy ant. `botforge ants analyze` prints these per game and as means per bot, to
//! compare two bots on the same maps and seeds. For the ants near the front it also counts,
//! by the local balance of ants, how many die soon after, step away from the enemy or hold
//! their square ([`SeatStats::front`]).

use crate::replay::Replay;

/// The turns at which [`SeatStats`] samples a game.
pub const SAMPLE_TURNS: [u32; 4] = [50, 100, 200, 300];

/// A lost ant counts in [`SeatStats::lost_free`] when no enemy ant died this close
/// (Manhattan distance on the torus) in the same turn.
pub const FREE_LOSS_STEPS: i64 = 6;

/// [`SeatStats::front`] samples every [`FRONT_EVERY`]th turn of this range.
pub const FRONT_TURNS: std::ops::RangeInclusive<u32> = 100..=300;

/// See [`FRONT_TURNS`].
pub const FRONT_EVERY: usize = 10;

/// An ant is near the front when an ant of another player is this many rows plus columns
/// away or fewer (on the torus, walls ignored).
pub const FRONT_STEPS: i64 = 6;

/// A sampled ant counts in [`FrontCounts::died`] when it dies within this many turns.
pub const FRONT_HORIZON: u32 = 5;

/// The local balances of [`SeatStats::front`], in its order: within the view radius of the
/// ant the other players have more ants than the player (the ant included), fewer than two
/// less, or at least two less.
pub const BALANCES: [&str; 3] = ["outnumbered", "even", "superior"];

/// What the ants near the front did in one local balance (see [`SeatStats::front`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FrontCounts {
    /// Ants sampled (an ant counts once per sampled turn).
    pub ants: u32,
    /// Of those, the ants that died within [`FRONT_HORIZON`] turns.
    pub died: u32,
    /// The ants whose next move took them farther (rows plus columns) from the nearest ant
    /// of another player.
    pub away: u32,
    /// The ants that did not move.
    pub held: u32,
}

/// One player's numbers in one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeatStats {
    /// The player's name in the replay.
    pub name: String,
    /// Final score.
    pub score: i64,
    /// How the player's game ended (`None` when the replay does not say).
    pub status: Option<crate::Status>,
    /// `'W'` strictly highest score, `'D'` shared highest, `'L'` otherwise.
    pub result: char,
    /// Ants alive at each of [`SAMPLE_TURNS`] (0 once the game is over).
    pub alive: [u32; 4],
    /// Food gathered by each of [`SAMPLE_TURNS`].
    pub food: [u32; 4],
    /// Ants lost (killed) by each of [`SAMPLE_TURNS`].
    pub lost: [u32; 4],
    /// Ants lost on the player's own side (the square of their last move, see [`sides`]) by
    /// each of [`SAMPLE_TURNS`].
    pub lost_home: [u32; 4],
    /// Ants lost for nothing by each of [`SAMPLE_TURNS`]: no ant of another player died in
    /// the same turn within [`FREE_LOSS_STEPS`] rows plus columns of the ant's last square.
    pub lost_free: [u32; 4],
    /// Of [`SeatStats::lost_free`], the ants that died outnumbered: within the view radius of
    /// the ant's last square the other players had more ants than the player (the ant
    /// itself included), counting every ant alive in that turn where it stood after it.
    pub lost_outnumbered: [u32; 4],
    /// Food gathered on the player's own side (see [`sides`]) by each of [`SAMPLE_TURNS`].
    pub food_home: [u32; 4],
    /// Food on the player's own side gathered by an enemy, by each of [`SAMPLE_TURNS`].
    pub food_conceded: [u32; 4],
    /// Share of the map's squares within the view radius of the player's ants at each of
    /// [`SAMPLE_TURNS`].
    pub vision: [f64; 4],
    /// Turns at which the player's hills were razed.
    pub hills_lost: Vec<u32>,
    /// Turns at which the player razed an enemy hill (its ant stood on the hill's square at
    /// the end of the turn the hill was razed; see [`razer`]).
    pub hills_razed: Vec<u32>,
    /// First turn an enemy ant was within the player's view radius.
    pub first_contact: Option<u32>,
    /// The player's ants near the front ([`FRONT_STEPS`]) at the sampled turns
    /// ([`FRONT_TURNS`] that end [`FRONT_HORIZON`] turns or more before the game), by local
    /// balance in the order of [`BALANCES`].
    pub front: [FrontCounts; 3],
}

/// An ant's square at `turn` (its start square moved by the first `turn − start` moves).
pub(crate) fn position(
    ant: &crate::replay::ReplayAnt,
    turn: u32,
    rows: i64,
    cols: i64,
) -> (i64, i64) {
    let (mut r, mut c) = (ant.0, ant.1);
    let steps = turn.saturating_sub(ant.2) as usize;
    for m in ant.5.bytes().take(steps) {
        match m {
            b'n' => r -= 1,
            b's' => r += 1,
            b'e' => c += 1,
            b'w' => c -= 1,
            _ => {}
        }
    }
    (r.rem_euclid(rows), c.rem_euclid(cols))
}

/// Rows and columns between two squares on the torus of `rows` × `cols`, the short way.
fn torus_delta(a: (i64, i64), b: (i64, i64), rows: i64, cols: i64) -> (i64, i64) {
    let dr = (a.0 - b.0)
        .rem_euclid(rows)
        .min((b.0 - a.0).rem_euclid(rows));
    let dc = (a.1 - b.1)
        .rem_euclid(cols)
        .min((b.1 - a.1).rem_euclid(cols));
    (dr, dc)
}

/// Rows plus columns between two squares on the torus of `rows` × `cols`.
fn torus_steps(a: (i64, i64), b: (i64, i64), rows: i64, cols: i64) -> i64 {
    let (dr, dc) = torus_delta(a, b, rows, cols);
    dr + dc
}

/// The ants of `player` and of the other players among `ants` (player, square) within
/// squared distance `r2` of `square` on the torus of `rows` × `cols`.
fn balance(
    square: (i64, i64),
    player: usize,
    ants: impl IntoIterator<Item = (usize, (i64, i64))>,
    r2: i64,
    rows: i64,
    cols: i64,
) -> (u32, u32) {
    let (mut own, mut others) = (0, 0);
    for (q, sq) in ants {
        if torus_dist2(square, sq, rows, cols) <= r2 {
            if q == player {
                own += 1;
            } else {
                others += 1;
            }
        }
    }
    (own, others)
}

/// Squared distance between two squares on the torus of `rows` × `cols`.
pub(crate) fn torus_dist2(a: (i64, i64), b: (i64, i64), rows: i64, cols: i64) -> i64 {
    let (dr, dc) = torus_delta(a, b, rows, cols);
    dr * dr + dc * dc
}

/// The side of the map each square is on: `Some(p)` when the square is strictly nearer (in
/// steps over land, on the torus) to a hill of player `p` than to any other player's hill,
/// `None` for water, ties and squares no hill reaches. Row-major, `rows × cols`.
pub fn sides(replay: &Replay) -> Vec<Option<usize>> {
    const TIE: usize = usize::MAX;
    let d = &replay.replaydata;
    let (rows, cols) = (d.map.rows as usize, d.map.cols as usize);
    let squares = rows * cols;
    let water: Vec<bool> = (0..squares)
        .map(|sq| {
            d.map
                .data
                .get(sq / cols.max(1))
                .and_then(|row| row.as_bytes().get(sq % cols.max(1)))
                == Some(&b'%')
        })
        .collect();
    // Multi-source BFS from every hill; a square reached first by two players is a tie.
    let mut dist = vec![u32::MAX; squares];
    let mut owner = vec![None::<usize>; squares];
    let mut queue = std::collections::VecDeque::new();
    for h in &d.hills {
        let (r, c) = (h[0], h[1]);
        let Ok(p) = usize::try_from(h[2]) else {
            continue;
        };
        if !(0..rows as i64).contains(&r) || !(0..cols as i64).contains(&c) {
            continue;
        }
        let sq = r as usize * cols + c as usize;
        match owner[sq] {
            Some(q) if q != p => owner[sq] = Some(TIE),
            Some(_) => {}
            None => {
                owner[sq] = Some(p);
                dist[sq] = 0;
                queue.push_back(sq);
            }
        }
    }
    while let Some(sq) = queue.pop_front() {
        let (r, c) = (sq / cols, sq % cols);
        let next = [
            ((r + rows - 1) % rows) * cols + c,
            ((r + 1) % rows) * cols + c,
            r * cols + (c + cols - 1) % cols,
            r * cols + (c + 1) % cols,
        ];
        for n in next {
            if water[n] {
                continue;
            }
            if dist[n] == u32::MAX {
                dist[n] = dist[sq] + 1;
                owner[n] = owner[sq];
                queue.push_back(n);
            } else if dist[n] == dist[sq] + 1 && owner[n] != owner[sq] {
                owner[n] = Some(TIE);
            }
        }
    }
    owner.into_iter().map(|o| o.filter(|&p| p != TIE)).collect()
}

/// One ant that died before the game ended.
#[derive(Clone, Copy)]
struct Death {
    turn: u32,
    player: usize,
    /// The square of its last move.
    square: (i64, i64),
    /// Died for nothing (see [`SeatStats::lost_free`]).
    free: bool,
    /// Died for nothing and outnumbered (see [`SeatStats::lost_outnumbered`]).
    outnumbered: bool,
}

/// Every ant that died before the game ended, sorted by turn.
fn deaths(replay: &Replay) -> Vec<Death> {
    let d = &replay.replaydata;
    let n = replay.playernames.len();
    let (rows, cols) = d.map.torus();
    let mut out: Vec<Death> = d
        .ants
        .iter()
        .filter(|a| a.3 <= replay.game_length && usize::from(a.4) < n)
        .map(|a| Death {
            turn: a.3,
            player: usize::from(a.4),
            square: position(a, a.3, rows, cols),
            free: true,
            outnumbered: false,
        })
        .collect();
    let r2 = i64::from(d.viewradius2);
    out.sort_by_key(|x| x.turn);
    let steps = |a, b| torus_steps(a, b, rows, cols);
    // Deaths of one turn are compared with each other only.
    let mut i = 0;
    while i < out.len() {
        let j = i + out[i..].partition_point(|x| x.turn == out[i].turn);
        for a in i..j {
            let Death { player, square, .. } = out[a];
            out[a].free = !out[i..j]
                .iter()
                .any(|x| x.player != player && steps(square, x.square) <= FREE_LOSS_STEPS);
        }
        // The balance around each free loss: every ant alive in this turn where it stood.
        if out[i..j].iter().any(|x| x.free) {
            let t = out[i].turn;
            let near: Vec<(usize, (i64, i64))> = d
                .ants
                .iter()
                .filter(|a| a.2 <= t && t <= a.3 && usize::from(a.4) < n)
                .map(|a| (usize::from(a.4), position(a, t, rows, cols)))
                .collect();
            for x in out[i..j].iter_mut().filter(|x| x.free) {
                let (own, others) =
                    balance(x.square, x.player, near.iter().copied(), r2, rows, cols);
                x.outnumbered = others > own;
            }
        }
        i = j;
    }
    out
}

/// Fills [`SeatStats::front`] of every player.
fn front(replay: &Replay, out: &mut [SeatStats]) {
    let d = &replay.replaydata;
    let n = out.len();
    let (rows, cols) = d.map.torus();
    let end = replay.game_length;
    let r2 = i64::from(d.viewradius2);
    let steps = |a, b| torus_steps(a, b, rows, cols);
    for t in FRONT_TURNS.step_by(FRONT_EVERY) {
        if t + FRONT_HORIZON > end {
            break;
        }
        let ants: Vec<Sampled> = d
            .ants
            .iter()
            .filter(|a| a.2 <= t && a.3 > t && usize::from(a.4) < n)
            .map(|a| Sampled {
                player: usize::from(a.4),
                square: position(a, t, rows, cols),
                next: position(a, t + 1, rows, cols),
                gone: a.3,
            })
            .collect();
        for x in &ants {
            let nearest = |at| {
                ants.iter()
                    .filter(|y| y.player != x.player)
                    .map(|y| steps(at, y.square))
                    .min()
            };
            let Some(near) = nearest(x.square).filter(|&k| k <= FRONT_STEPS) else {
                continue;
            };
            let around = ants.iter().map(|y| (y.player, y.square));
            let (own, others) = balance(x.square, x.player, around, r2, rows, cols);
            let class = if others > own {
                0
            } else if others + 2 > own {
                1
            } else {
                2
            };
            let c = &mut out[x.player].front[class];
            c.ants += 1;
            c.died += u32::from(x.gone <= t + FRONT_HORIZON);
            c.held += u32::from(x.next == x.square);
            c.away += u32::from(nearest(x.next).is_some_and(|k| k > near));
        }
    }
}

/// The player whose ant stood on `square` at the end of `turn`, other than `owner`: for a
/// hill of `owner` razed at `turn`, the player who razed it (the engine razes a hill when an
/// enemy ant is on it after the battle, so that ant is alive at the end of the turn).
pub fn razer(replay: &Replay, square: (i64, i64), owner: i64, turn: u32) -> Option<usize> {
    let d = &replay.replaydata;
    let (rows, cols) = d.map.torus();
    d.ants
        .iter()
        .filter(|a| i64::from(a.4) != owner && a.2 <= turn && a.3 > turn)
        .find(|a| position(a, turn, rows, cols) == square)
        .map(|a| usize::from(a.4))
}

/// An ant alive at a sampled turn of [`front`].
struct Sampled {
    player: usize,
    square: (i64, i64),
    /// Its square after its next move.
    next: (i64, i64),
    /// The turn its interval in the replay ends (its death, if before the game's end).
    gone: u32,
}

/// The numbers of every player of `replay`, in player order.
pub fn analyze(replay: &Replay) -> Vec<SeatStats> {
    let d = &replay.replaydata;
    let n = replay.playernames.len();
    let (rows, cols) = d.map.torus();
    let squares = (rows * cols) as usize;
    let end = replay.game_length;
    let alive_at = |a: &crate::replay::ReplayAnt, t: u32| a.2 <= t && a.3 > t && t <= end;
    let r2 = i64::from(d.viewradius2);
    let reach = (r2 as f64).sqrt() as i64;
    let disc: Vec<(i64, i64)> = (-reach..=reach)
        .flat_map(|dr| (-reach..=reach).map(move |dc| (dr, dc)))
        .filter(|&(dr, dc)| dr * dr + dc * dc <= r2)
        .collect();
    let best = replay.score.iter().copied().max().unwrap_or(0);
    let leaders = replay.score.iter().filter(|&&s| s == best).count();
    let mut out: Vec<SeatStats> = (0..n)
        .map(|p| {
            let score = replay.score.get(p).copied().unwrap_or(0);
            SeatStats {
                name: replay.playernames[p].clone(),
                score,
                status: replay.status.get(p).and_then(|s| crate::Status::parse(s)),
                result: match (score == best, leaders) {
                    (true, 1) => 'W',
                    (true, _) => 'D',
                    _ => 'L',
                },
                hills_lost: d
                    .hills
                    .iter()
                    .filter(|h| h[2] == p as i64 && h[3] <= i64::from(end))
                    .map(|h| h[3] as u32)
                    .collect(),
                ..SeatStats::default()
            }
        })
        .collect();
    for h in &d.hills {
        let (square, owner, turn) = ((h[0], h[1]), h[2], h[3]);
        let Ok(turn) = u32::try_from(turn) else {
            continue;
        };
        if turn > end {
            continue;
        }
        if let Some(p) = razer(replay, square, owner, turn).filter(|&p| p < n) {
            out[p].hills_razed.push(turn);
        }
    }
    let side = sides(replay);
    let side_of = |f: &[i64]| -> Option<usize> {
        let (r, c) = (*f.first()?, *f.get(1)?);
        if !(0..rows).contains(&r) || !(0..cols).contains(&c) {
            return None;
        }
        side.get((r * cols + c) as usize).copied().flatten()
    };
    let deaths = deaths(replay);
    let mut seen = vec![false; squares * n];
    for (k, &t) in SAMPLE_TURNS.iter().enumerate() {
        seen.fill(false);
        for a in d.ants.iter().filter(|a| alive_at(a, t)) {
            let p = usize::from(a.4);
            if p >= n {
                continue;
            }
            out[p].alive[k] += 1;
            let (r, c) = position(a, t, rows, cols);
            for &(dr, dc) in &disc {
                let sq = ((r + dr).rem_euclid(rows) * cols + (c + dc).rem_euclid(cols)) as usize;
                seen[p * squares + sq] = true;
            }
        }
        for (p, s) in out.iter_mut().enumerate() {
            let visible = seen[p * squares..(p + 1) * squares]
                .iter()
                .filter(|&&v| v)
                .count();
            s.vision[k] = visible as f64 / squares as f64;
        }
        for f in &d.food {
            if let (Some(&gone), Some(&owner)) = (f.get(3), f.get(4))
                && gone <= i64::from(t)
                && (0..n as i64).contains(&owner)
            {
                out[owner as usize].food[k] += 1;
                match side_of(f) {
                    Some(p) if p == owner as usize => out[p].food_home[k] += 1,
                    Some(p) if p < n => out[p].food_conceded[k] += 1,
                    _ => {}
                }
            }
        }
        for x in &deaths {
            let (p, (r, c)) = (x.player, x.square);
            if x.turn <= t {
                out[p].lost[k] += 1;
                out[p].lost_free[k] += u32::from(x.free);
                out[p].lost_outnumbered[k] += u32::from(x.outnumbered);
                if side.get((r * cols + c) as usize).copied().flatten() == Some(p) {
                    out[p].lost_home[k] += 1;
                }
            }
        }
    }
    front(replay, &mut out);
    // First contact: the first turn two players' ants are within the view radius.
    let mut turn = 0;
    while turn <= end.min(1000) && out.iter().any(|s| s.first_contact.is_none()) {
        let ants: Vec<(usize, (i64, i64))> = d
            .ants
            .iter()
            .filter(|a| alive_at(a, turn) && usize::from(a.4) < n)
            .map(|a| (usize::from(a.4), position(a, turn, rows, cols)))
            .collect();
        for (i, &(p, (r, c))) in ants.iter().enumerate() {
            for &(q, (r2b, c2b)) in &ants[i + 1..] {
                if p == q {
                    continue;
                }
                if torus_dist2((r, c), (r2b, c2b), rows, cols) <= r2 {
                    for x in [p, q] {
                        out[x].first_contact.get_or_insert(turn);
                    }
                }
            }
        }
        turn += 1;
    }
    out
}

/// How the seats of a team (for example the two seats one bot plays in a 4-player game)
/// fared against the other seats over a series of games: in how many games a team seat had
/// the top score, and points, hills lost and eliminations per seat of either side. Games in
/// which a seat timed out, crashed or was removed for an invalid line are counted apart and
/// left out of everything else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamTally {
    /// Games counted.
    pub games: u32,
    /// Games whose top score only team seats hold (one of them, or several level).
    pub top: u32,
    /// Games whose top score a team seat shares with a seat outside the team.
    pub top_shared: u32,
    /// Games left out because a seat timed out, crashed or sent an invalid line.
    pub faulted: u32,
    /// Seats counted, team first, then the others.
    pub seats: [u32; 2],
    /// Their points (final scores).
    pub points: [i64; 2],
    /// Their hills lost.
    pub hills_lost: [u32; 2],
    /// The enemy hills they razed.
    pub hills_razed: [u32; 2],
    /// Their seats that lost every ant.
    pub eliminated: [u32; 2],
}

impl TeamTally {
    /// Adds one game: `seats` as [`analyze`] returns them, `in_team` tells the team's seats
    /// by name. A game without a team seat, or with nothing but team seats, is not a game
    /// of the team against anyone and is left out.
    pub fn add(&mut self, seats: &[SeatStats], in_team: impl Fn(&str) -> bool) {
        let team = seats.iter().filter(|s| in_team(&s.name)).count();
        if team == 0 || team == seats.len() {
            return;
        }
        let faulted = seats.iter().any(|s| {
            !matches!(
                s.status,
                None | Some(crate::Status::Survived | crate::Status::Eliminated)
            )
        });
        if faulted {
            self.faulted += 1;
            return;
        }
        self.games += 1;
        let best = seats.iter().map(|s| s.score).max().unwrap_or(0);
        let (mut ours, mut theirs) = (false, false);
        for s in seats {
            let k = usize::from(!in_team(&s.name));
            if s.score == best {
                if k == 0 {
                    ours = true;
                } else {
                    theirs = true;
                }
            }
            self.seats[k] += 1;
            self.points[k] += s.score;
            self.hills_lost[k] += s.hills_lost.len() as u32;
            self.hills_razed[k] += s.hills_razed.len() as u32;
            self.eliminated[k] += u32::from(s.status == Some(crate::Status::Eliminated));
        }
        match (ours, theirs) {
            (true, false) => self.top += 1,
            (true, true) => self.top_shared += 1,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameConfig, Map, bots, play_game};

    #[test]
    fn counts_match_a_played_game() {
        let map = Map::parse(
            "rows 12\ncols 12\nplayers 2\nm ............\nm .0..........\nm ............\n\
             m ............\nm ............\nm ............\nm ............\nm ............\n\
             m ............\nm ............\nm ........1...\nm ............\n",
        )
        .unwrap();
        let config = GameConfig {
            turns: 120,
            ..GameConfig::seeded(4)
        };
        let bots: Vec<Box<dyn crate::Bot>> =
            vec![Box::new(bots::GreedyBot::hunter()), Box::new(bots::HoldBot)];
        let result = play_game(&map, &config, bots).unwrap();
        let stats = analyze(&result.replay);
        assert_eq!(stats.len(), 2);
        let d = &result.replay.replaydata;
        for (p, s) in stats.iter().enumerate() {
            assert_eq!(s.name, result.names[p]);
            assert_eq!(s.score, i64::from(result.scores[p]));
            // Brute force: ants alive at turn 50 straight from the replay's intervals.
            let t = SAMPLE_TURNS[0];
            let alive = d
                .ants
                .iter()
                .filter(|a| usize::from(a.4) == p && a.2 <= t && a.3 > t && t <= result.turns)
                .count() as u32;
            assert_eq!(s.alive[0], alive);
            let spawned = d.ants.iter().filter(|a| usize::from(a.4) == p).count() as u32;
            let gathered = d
                .food
                .iter()
                .filter(|f| f.get(4) == Some(&(p as i64)))
                .count() as u32;
            // One ant at the start, every other one hatched from food gathered.
            assert!(
                spawned <= 1 + gathered,
                "{spawned} ants from {gathered} food"
            );
            assert!(s.food[0] <= gathered && s.lost[0] <= spawned);
            assert!(s.vision.iter().all(|v| (0.0..=1.0).contains(v)));
        }
        // The hunter finds the idle bot: both see each other at the same turn.
        assert!(stats[0].first_contact.is_some());
        assert_eq!(stats[0].first_contact, stats[1].first_contact);
        let winner = stats.iter().filter(|s| s.result == 'W').count();
        let drawn = stats.iter().filter(|s| s.result == 'D').count();
        assert!(winner == 1 || drawn >= 2);
    }

    /// Steps from `from` to every square, by a plain BFS over land on the torus.
    fn steps_from(map: &[&[u8]], from: (usize, usize)) -> Vec<Vec<u32>> {
        let (rows, cols) = (map.len(), map[0].len());
        let mut dist = vec![vec![u32::MAX; cols]; rows];
        dist[from.0][from.1] = 0;
        let mut frontier = vec![from];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next = Vec::new();
            for (r, c) in frontier {
                for (nr, nc) in [
                    ((r + rows - 1) % rows, c),
                    ((r + 1) % rows, c),
                    (r, (c + cols - 1) % cols),
                    (r, (c + 1) % cols),
                ] {
                    if map[nr][nc] != b'%' && dist[nr][nc] == u32::MAX {
                        dist[nr][nc] = d;
                        next.push((nr, nc));
                    }
                }
            }
            frontier = next;
        }
        dist
    }

    /// A game of two baseline bots on the map of `text`.
    fn two_bots(
        text: &str,
        turns: u32,
        seed: u64,
        a: Box<dyn crate::Bot>,
        b: Box<dyn crate::Bot>,
    ) -> crate::GameOutcome {
        let map = Map::parse(text).unwrap();
        let config = GameConfig {
            turns,
            ..GameConfig::seeded(seed)
        };
        play_game(&map, &config, vec![a, b]).unwrap()
    }

    #[test]
    fn sides_and_home_food_match_a_brute_force() {
        // Point-symmetric (the engine wants symmetric maps): the bottom half is the top half
        // turned by 180° with the players swapped.
        let top: [&[u8]; 4] = [b"..........", b".0...%....", b".....%..0.", b"..%%%%...."];
        let bottom: Vec<Vec<u8>> = top
            .iter()
            .rev()
            .map(|r| {
                r.iter()
                    .rev()
                    .map(|&b| if b == b'0' { b'1' } else { b })
                    .collect()
            })
            .collect();
        let rows: Vec<&[u8]> = top
            .iter()
            .copied()
            .chain(bottom.iter().map(Vec::as_slice))
            .collect();
        let mut text = String::from("rows 8\ncols 10\nplayers 2\n");
        for r in &rows {
            text.push_str("m ");
            text.push_str(&String::from_utf8_lossy(r));
            text.push('\n');
        }
        let result = two_bots(
            &text,
            150,
            7,
            Box::new(bots::GreedyBot::greedy()),
            Box::new(bots::GreedyBot::hunter()),
        );
        let side = sides(&result.replay);
        let d = &result.replay.replaydata;
        // Brute force: the nearest hill of each player, per square.
        let per_hill: Vec<(usize, Vec<Vec<u32>>)> = d
            .hills
            .iter()
            .map(|h| {
                (
                    h[2] as usize,
                    steps_from(&rows, (h[0] as usize, h[1] as usize)),
                )
            })
            .collect();
        let mut sided = [0; 2];
        for r in 0..8 {
            for c in 0..10 {
                let best = |p: usize| {
                    per_hill
                        .iter()
                        .filter(|(q, _)| *q == p)
                        .map(|(_, d)| d[r][c])
                        .min()
                        .unwrap_or(u32::MAX)
                };
                let (a, b) = (best(0), best(1));
                let expect = if rows[r][c] == b'%' || a == b {
                    None
                } else if a < b {
                    Some(0)
                } else {
                    Some(1)
                };
                assert_eq!(side[r * 10 + c], expect, "square ({r},{c}): {a} vs {b}");
                if let Some(p) = expect {
                    sided[p] += 1;
                }
            }
        }
        assert!(sided[0] > 0 && sided[1] > 0, "{sided:?}");
        let stats = analyze(&result.replay);
        let last = SAMPLE_TURNS.len() - 1;
        for (p, s) in stats.iter().enumerate() {
            let (mut home, mut conceded) = (0, 0);
            for f in &d.food {
                let (Some(&gone), Some(&owner)) = (f.get(3), f.get(4)) else {
                    continue;
                };
                if gone > i64::from(SAMPLE_TURNS[last]) {
                    continue;
                }
                let on = side[(f[0] * 10 + f[1]) as usize];
                if on == Some(p) && owner == p as i64 {
                    home += 1;
                } else if on == Some(p) {
                    conceded += 1;
                }
            }
            assert_eq!((s.food_home[last], s.food_conceded[last]), (home, conceded));
            assert!(s.food_home[last] <= s.food[last]);
            // Ants lost on the own side: walk every dead ant's moves to its last square.
            let mut lost_home = 0;
            for a in d.ants.iter().filter(|a| usize::from(a.4) == p) {
                if a.3 > SAMPLE_TURNS[last] || a.3 > result.replay.game_length {
                    continue;
                }
                let (mut r, mut c) = (a.0, a.1);
                for m in a.5.chars() {
                    match m {
                        'n' => r = (r + 7) % 8,
                        's' => r = (r + 1) % 8,
                        'e' => c = (c + 1) % 10,
                        'w' => c = (c + 9) % 10,
                        _ => {}
                    }
                }
                if side[(r * 10 + c) as usize] == Some(p) {
                    lost_home += 1;
                }
            }
            assert_eq!(s.lost_home[last], lost_home, "seat {p}");
            assert!(s.lost_home[last] <= s.lost[last]);
            // Lost for nothing: every pair of deaths in the same turn, by brute force.
            let died = |a: &crate::replay::ReplayAnt| a.3 <= result.replay.game_length;
            let free: Vec<&crate::replay::ReplayAnt> = d
                .ants
                .iter()
                .filter(|a| usize::from(a.4) == p && died(a) && a.3 <= SAMPLE_TURNS[last])
                .filter(|a| {
                    let sq = position(a, a.3, 8, 10);
                    !d.ants.iter().any(|b| {
                        let other = position(b, b.3, 8, 10);
                        let (dr, dc) = ((sq.0 - other.0).abs(), (sq.1 - other.1).abs());
                        b.4 != a.4
                            && died(b)
                            && b.3 == a.3
                            && dr.min(8 - dr) + dc.min(10 - dc) <= FREE_LOSS_STEPS
                    })
                })
                .collect();
            assert_eq!(s.lost_free[last], free.len() as u32, "seat {p}");
            assert!(s.lost_free[last] <= s.lost[last]);
            // Outnumbered: count the ants around each free loss, by brute force.
            let r2 = i64::from(d.viewradius2);
            let outnumbered = free
                .iter()
                .filter(|a| {
                    let (t, sq) = (a.3, position(a, a.3, 8, 10));
                    let around = |mine: bool| {
                        d.ants
                            .iter()
                            .filter(|b| b.2 <= t && t <= b.3 && (b.4 == a.4) == mine)
                            .filter(|b| torus_dist2(sq, position(b, t, 8, 10), 8, 10) <= r2)
                            .count()
                    };
                    around(false) > around(true)
                })
                .count() as u32;
            assert_eq!(s.lost_outnumbered[last], outnumbered, "seat {p}");
            assert!(s.lost_outnumbered[last] <= s.lost_free[last]);
        }
        assert!(stats.iter().map(|s| s.food_home[last]).sum::<u32>() > 0);
        assert!(
            stats.iter().map(|s| s.lost_home[last]).sum::<u32>() > 0,
            "the game loses ants on some side: {:?}",
            stats
                .iter()
                .map(|s| (s.lost, s.lost_home))
                .collect::<Vec<_>>()
        );
    }

    /// The replay of a short game on a 40×40 open map (the view radius covers a small part
    /// of it) with `game_length` set and no food or hills: the tests replace its ants by
    /// hand-made ones.
    fn open_map_replay(game_length: u32) -> Replay {
        let dots = ".".repeat(39);
        let mut rows = vec![format!("0{dots}")];
        rows.extend(std::iter::repeat_n(format!(".{dots}"), 38));
        rows.push(format!("{dots}1"));
        let text = format!("rows 40\ncols 40\nplayers 2\nm {}\n", rows.join("\nm "));
        let mut replay = two_bots(
            &text,
            10,
            3,
            Box::new(bots::HoldBot),
            Box::new(bots::HoldBot),
        )
        .replay;
        replay.game_length = game_length;
        replay.replaydata.food.clear();
        replay.replaydata.hills.clear();
        replay
    }

    #[test]
    fn losses_for_nothing_and_outnumbered_on_hand_made_deaths() {
        // Groups 20 squares apart.
        let mut replay = open_map_replay(10);
        let still = |n: u32| "-".repeat(n as usize);
        // Survivors end after the last turn.
        let ant = |r, c, start, end, owner| (r, c, start, end, owner, still(end - start));
        replay.replaydata.ants = vec![
            // Player 0's ant beside two of player 1's dies alone at turn 3: for nothing,
            // outnumbered.
            ant(5, 5, 0, 3, 0),
            ant(5, 7, 0, 11, 1),
            ant(6, 7, 0, 11, 1),
            // Player 1's ant among three of player 0's dies at turn 5: for nothing,
            // outnumbered (player 0's ant at (5, 5) is dead by then).
            ant(22, 5, 0, 5, 1),
            ant(22, 2, 0, 11, 0),
            ant(22, 3, 0, 11, 0),
            ant(23, 2, 0, 11, 0),
            // Player 0's ant at (8, 25) dies at turn 6 one against one: for nothing, not
            // outnumbered.
            ant(8, 25, 0, 6, 0),
            ant(8, 27, 0, 11, 1),
            // At turn 8 an ant of each player dies side by side: not for nothing.
            ant(30, 28, 0, 8, 0),
            ant(30, 29, 0, 8, 1),
        ];
        let stats = analyze(&replay);
        let last = SAMPLE_TURNS.len() - 1;
        assert_eq!(stats[0].lost[last], 3);
        assert_eq!(stats[0].lost_free[last], 2);
        assert_eq!(stats[0].lost_outnumbered[last], 1);
        assert_eq!(stats[1].lost[last], 2);
        assert_eq!(stats[1].lost_free[last], 1);
        assert_eq!(stats[1].lost_outnumbered[last], 1);
    }

    #[test]
    fn hills_razed_go_to_the_enemy_ant_on_the_hill_at_the_razing_turn() {
        let mut replay = open_map_replay(10);
        let ant = |r, c, start, end, owner, moves: &str| (r, c, start, end, owner, moves.into());
        replay.replaydata.ants = vec![
            // Player 1's ant steps off its hill at (20, 20); player 0's ant walks onto it by
            // turn 3 and stays there.
            ant(20, 20, 0, 11, 1, "s---------"),
            ant(20, 17, 0, 11, 0, "eee-------"),
            // Player 1's ant reaches player 0's hill at (5, 5) at turn 8, the razing turn.
            ant(5, 3, 0, 11, 1, "------ee--"),
            // Player 0's ant leaves (35, 35) at turn 1: nobody stands on the hill there when
            // it is razed at turn 6.
            ant(35, 35, 0, 11, 0, "n---------"),
            // A hill razed after the game's last turn counts for nobody.
            ant(30, 30, 0, 11, 0, "----------"),
        ];
        replay.replaydata.hills = vec![
            [20, 20, 1, 5],
            [5, 5, 0, 8],
            [35, 35, 1, 6],
            [30, 30, 1, 11],
        ];
        let stats = analyze(&replay);
        assert_eq!(stats[0].hills_razed, vec![5]);
        assert_eq!(stats[1].hills_razed, vec![8]);
        assert_eq!(stats[0].hills_lost, vec![8]);
        assert_eq!(stats[1].hills_lost, vec![5, 6]);
        assert_eq!(razer(&replay, (20, 20), 1, 2), None, "not there yet");
        assert_eq!(razer(&replay, (20, 20), 0, 5), None, "the razer's own hill");
    }

    #[test]
    fn front_counts_on_hand_made_ants() {
        // 110 turns: only turn 100 is sampled.
        let mut replay = open_map_replay(110);
        // An ant from turn 0 to `end` that makes move `m` in turn 101 and holds otherwise.
        let ant = |r, c, end, owner, m: char| {
            let moves = format!("{}{m}{}", "-".repeat(100), "-".repeat(10));
            (r, c, 0, end, owner, moves)
        };
        replay.replaydata.ants = vec![
            // Player 0's ant beside two of player 1's steps away and dies at turn 103; the
            // two hold, even (two against one).
            ant(5, 5, 103, 0, 'w'),
            ant(5, 9, 111, 1, '-'),
            ant(6, 9, 111, 1, '-'),
            // Three of player 0's against one of player 1's: superior. One holds, one
            // steps closer, one steps away; the lone enemy ant steps away.
            ant(25, 5, 111, 0, '-'),
            ant(25, 6, 111, 0, 'e'),
            ant(26, 5, 111, 0, 's'),
            ant(25, 10, 111, 1, 'e'),
            // Far from every enemy ant: not near the front.
            ant(5, 25, 111, 0, 'n'),
        ];
        let stats = analyze(&replay);
        let c = |ants, died, away, held| FrontCounts {
            ants,
            died,
            away,
            held,
        };
        assert_eq!(
            stats[0].front,
            [c(1, 1, 1, 0), c(0, 0, 0, 0), c(3, 0, 1, 1)]
        );
        assert_eq!(
            stats[1].front,
            [c(1, 0, 1, 0), c(2, 0, 0, 2), c(0, 0, 0, 0)]
        );
        // A game too short to see a sampled ant's next five turns samples nothing.
        replay.game_length = 104;
        let stats = analyze(&replay);
        assert!(stats.iter().all(|s| s.front == [FrontCounts::default(); 3]));
    }

    #[test]
    fn positions_follow_the_moves_on_the_torus() {
        let ant = (0, 0, 3, 9, 0, "nnw-e".to_owned());
        assert_eq!(position(&ant, 3, 10, 10), (0, 0));
        assert_eq!(position(&ant, 4, 10, 10), (9, 0));
        assert_eq!(position(&ant, 6, 10, 10), (8, 9));
        assert_eq!(position(&ant, 8, 10, 10), (8, 0));
    }

    fn seat(name: &str, score: i64, status: crate::Status, hills_lost: usize) -> SeatStats {
        SeatStats {
            name: name.into(),
            score,
            status: Some(status),
            result: 'L',
            hills_lost: vec![7; hills_lost],
            hills_razed: vec![9; usize::from(score > 2)],
            ..SeatStats::default()
        }
    }

    #[test]
    fn team_tally_counts_top_scores_and_means_per_side() {
        use crate::Status::{Crashed, Eliminated as E, Survived as S, Timeout};
        let in_team = |n: &str| n == "a" || n == "a2";
        // Seats "a", "x", "a2", "y": scores, statuses and hills lost.
        let game = |score: [i64; 4], status: [crate::Status; 4], hills: [usize; 4]| {
            let names = ["a", "x", "a2", "y"];
            (0..4)
                .map(|i| seat(names[i], score[i], status[i], hills[i]))
                .collect::<Vec<_>>()
        };
        let mut t = TeamTally::default();
        for g in [
            // The two team seats level at the top: the team's.
            game([5, 1, 5, 0], [S, S, S, E], [0, 1, 0, 1]),
            // Shared with a seat outside the team.
            game([3, 3, 0, 1], [S, S, E, S], [0, 0, 2, 1]),
            // Another seat alone on top.
            game([1, 4, 2, 0], [S, S, S, E], [1, 0, 0, 1]),
            // A timeout or a crash anywhere leaves the game out.
            game([9, 0, 9, 0], [S, Timeout, S, S], [0, 1, 0, 1]),
            game([9, 0, 9, 0], [S, S, S, Crashed], [0, 1, 0, 1]),
        ] {
            t.add(&g, in_team);
        }
        // Nothing but team seats, or no team seat: not a game of the team.
        t.add(&[seat("a", 1, S, 0), seat("a2", 0, S, 1)], in_team);
        t.add(&[seat("x", 1, S, 0), seat("y", 0, S, 1)], in_team);
        assert_eq!(
            t,
            TeamTally {
                games: 3,
                top: 1,
                top_shared: 1,
                faulted: 2,
                seats: [6, 6],
                points: [16, 9],
                hills_lost: [3, 4],
                hills_razed: [3, 2],
                eliminated: [1, 2],
            }
        );
    }
}

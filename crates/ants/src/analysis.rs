//! What a replay shows about each player: ants alive, food gathered and ants lost at fixed
//! turns, the share of the map in sight (how far the territory reaches), the turns its hills
//! fell, and when it first saw an enemy ant. `botforge ants analyze` prints these per game
//! and as means per bot, to compare two bots on the same maps and seeds.

use crate::replay::Replay;

/// The turns at which [`SeatStats`] samples a game.
pub const SAMPLE_TURNS: [u32; 4] = [50, 100, 200, 300];

/// One player's numbers in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatStats {
    /// The player's name in the replay.
    pub name: String,
    /// Final score.
    pub score: i64,
    /// `'W'` strictly highest score, `'D'` shared highest, `'L'` otherwise.
    pub result: char,
    /// Ants alive at each of [`SAMPLE_TURNS`] (0 once the game is over).
    pub alive: [u32; 4],
    /// Food gathered by each of [`SAMPLE_TURNS`].
    pub food: [u32; 4],
    /// Ants lost (killed) by each of [`SAMPLE_TURNS`].
    pub lost: [u32; 4],
    /// Share of the map's squares within the view radius of the player's ants at each of
    /// [`SAMPLE_TURNS`].
    pub vision: [f64; 4],
    /// Turns at which the player's hills were razed.
    pub hills_lost: Vec<u32>,
    /// First turn an enemy ant was within the player's view radius.
    pub first_contact: Option<u32>,
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

/// Squared distance between two squares on the torus of `rows` × `cols`.
pub(crate) fn torus_dist2(a: (i64, i64), b: (i64, i64), rows: i64, cols: i64) -> i64 {
    let dr = (a.0 - b.0)
        .rem_euclid(rows)
        .min((b.0 - a.0).rem_euclid(rows));
    let dc = (a.1 - b.1)
        .rem_euclid(cols)
        .min((b.1 - a.1).rem_euclid(cols));
    dr * dr + dc * dc
}

/// The numbers of every player of `replay`, in player order.
pub fn analyze(replay: &Replay) -> Vec<SeatStats> {
    let d = &replay.replaydata;
    let n = replay.playernames.len();
    let (rows, cols) = (i64::from(d.map.rows.max(1)), i64::from(d.map.cols.max(1)));
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
                result: match (score == best, leaders) {
                    (true, 1) => 'W',
                    (true, _) => 'D',
                    _ => 'L',
                },
                alive: [0; 4],
                food: [0; 4],
                lost: [0; 4],
                vision: [0.0; 4],
                hills_lost: d
                    .hills
                    .iter()
                    .filter(|h| h[2] == p as i64 && h[3] <= i64::from(end))
                    .map(|h| h[3] as u32)
                    .collect(),
                first_contact: None,
            }
        })
        .collect();
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
            }
        }
        for a in &d.ants {
            if a.3 <= t && a.3 <= end && usize::from(a.4) < n {
                out[usize::from(a.4)].lost[k] += 1;
            }
        }
    }
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
        let bots = vec![
            bots::by_name("hunter").unwrap(),
            bots::by_name("hold").unwrap(),
        ];
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

    #[test]
    fn positions_follow_the_moves_on_the_torus() {
        let ant = (0, 0, 3, 9, 0, "nnw-e".to_owned());
        assert_eq!(position(&ant, 3, 10, 10), (0, 0));
        assert_eq!(position(&ant, 4, 10, 10), (9, 0));
        assert_eq!(position(&ant, 6, 10, 10), (8, 9));
        assert_eq!(position(&ant, 8, 10, 10), (8, 0));
    }
}

//! Replay-driven conformance (spec §10): re-simulates a replay from its map, food, spawn
//! positions, moves and removals, and reports the first divergence from the recorded
//! outcome. Optionally regenerates the exact text every bot was sent (§10.4).

use std::fmt;

use grid::{Dir, Pos};

use crate::bot::GameSettings;
use crate::engine::{Engine, OrderOutcome, Rules, Status, competition_ranks};
use crate::protocol::{render_end, render_settings, render_turn};
use crate::replay::Replay;
use crate::vision::Views;

/// The first point where a re-simulation disagrees with a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// The turn where it happened (0 for setup).
    pub turn: u32,
    /// What differed.
    pub what: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}: {}", self.turn, self.what)
    }
}

impl std::error::Error for Divergence {}

/// Summary of a replay that matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckReport {
    /// Turns re-simulated.
    pub turns: u32,
    /// Ants checked.
    pub ants: usize,
    /// Food items checked.
    pub food: usize,
    /// Regenerated bot input logs (only when requested), one per player.
    pub bot_inputs: Vec<String>,
}

/// Checks the replay's `map.data`: `rows` strings of `cols` characters of the replay map
/// alphabet (`.%*!?`, hills `0-9`, ants `a-j`, ants on hills `A-J`).
fn check_map_data(data: &[String], rows: u32, cols: u32) -> Result<(), String> {
    if data.len() != rows as usize {
        return Err(format!(
            "`map.data` has {} rows, `map.rows` is {rows}",
            data.len()
        ));
    }
    for (r, row) in data.iter().enumerate() {
        if row.chars().count() != cols as usize {
            return Err(format!(
                "`map.data` row {r} has {} characters, `map.cols` is {cols}",
                row.chars().count()
            ));
        }
        if let Some((c, ch)) = row.chars().enumerate().find(|&(_, ch)| {
            !(".%*!?".contains(ch)
                || ch.is_ascii_digit()
                || ('a'..='j').contains(&ch)
                || ('A'..='J').contains(&ch))
        }) {
            return Err(format!(
                "`map.data` row {r}, column {c}: unknown map character {ch:?}"
            ));
        }
    }
    Ok(())
}

fn div(turn: u32, what: impl Into<String>) -> Divergence {
    Divergence {
        turn,
        what: what.into(),
    }
}

/// Re-simulates `replay` and compares every derived field (spec §10.3). With `with_inputs`
/// the report also carries the regenerated per-bot input text (spec §10.4).
pub fn check_replay(replay: &Replay, with_inputs: bool) -> Result<CheckReport, Divergence> {
    let d = &replay.replaydata;
    let n = d.players as usize;
    let (rows, cols) = (d.map.rows, d.map.cols);
    let side = crate::config::MAX_MAP_SIDE;
    if rows == 0 || cols == 0 || rows > side || cols > side {
        return Err(div(
            0,
            format!("map size {rows}x{cols} is out of range (1..={side} rows and cols)"),
        ));
    }
    crate::config::check_radii(d.viewradius2, d.attackradius2, d.spawnradius2)
        .map_err(|e| div(0, e))?;
    check_map_data(&d.map.data, rows, cols).map_err(|e| div(0, e))?;
    for (name, v) in [
        ("engine_seed", &d.engine_seed),
        ("player_seed", &d.player_seed),
    ] {
        if !(v.is_i64() || v.is_u64() || v.is_null()) {
            return Err(div(0, format!("`{name}` must be an integer, found {v}")));
        }
    }
    let water: Vec<bool> = d
        .map
        .data
        .iter()
        .flat_map(|r| r.chars().map(|c| c == '%'))
        .collect();
    let hills: Vec<(Pos, u8)> = d
        .hills
        .iter()
        .map(|h| (Pos::new(h[0] as i32, h[1] as i32), h[2] as u8))
        .collect();
    let rules = Rules {
        attackradius2: d.attackradius2,
        spawnradius2: d.spawnradius2,
        viewradius2: d.viewradius2,
        ..Rules::default()
    };
    let mut e = Engine::new(rows, cols, water, n as u8, &hills, rules);
    let shape = e.shape();
    let cell = |r: i64, c: i64| (r as u32) * cols + c as u32;
    let statuses: Vec<Status> = replay
        .status
        .iter()
        .map(|s| Status::parse(s).ok_or_else(|| div(0, format!("unknown status `{s}`"))))
        .collect::<Result<_, _>>()?;
    let removal_turn = |p: usize| statuses[p].is_removal().then_some(replay.playerturns[p]);

    let mut ant_cursor = 0;
    while ant_cursor < d.ants.len() && d.ants[ant_cursor].2 == 0 {
        let a = &d.ants[ant_cursor];
        e.add_ant(cell(a.0, a.1), a.4, 0, true);
        ant_cursor += 1;
    }
    let mut food_cursor = 0;
    while food_cursor < d.food.len() && d.food[food_cursor][2] == 0 {
        let f = &d.food[food_cursor];
        let c = cell(f[0], f[1]);
        if !e.is_land(c) {
            return Err(div(
                0,
                format!("food[{food_cursor}] at {},{} is not on land", f[0], f[1]),
            ));
        }
        e.add_food(c, 0);
        food_cursor += 1;
    }
    let mut views = Views::new(&e);
    views.update(&e);
    let mut logs = vec![String::new(); n];
    let settings = GameSettings {
        loadtime_ms: d.loadtime,
        turntime_ms: d.turntime,
        rows,
        cols,
        turns: d.turns,
        viewradius2: d.viewradius2,
        attackradius2: d.attackradius2,
        spawnradius2: d.spawnradius2,
        player_seed: d.player_seed.as_i64().unwrap_or(0),
    };
    for (p, log) in logs.iter_mut().enumerate() {
        if statuses[p] == Status::CrashedAtStart {
            e.remove_player(p, Status::CrashedAtStart, 0);
        } else if with_inputs && e.is_alive(p) {
            log.push_str(&render_settings(&settings));
        }
    }
    for (p, &st) in statuses.iter().enumerate() {
        if removal_turn(p) == Some(0) && st != Status::CrashedAtStart {
            e.remove_player(p, st, 0);
        }
    }
    let mut over = e.game_over();
    let mut t = 0;
    while !over && t < d.turns {
        t += 1;
        for (p, log) in logs.iter_mut().enumerate() {
            if e.is_alive(p) {
                e.players[p].playerturns = t;
                if with_inputs {
                    let input = views.turn_input(&e, p, t);
                    log.push_str(&render_turn(&input));
                }
            }
        }
        e.begin_turn(t);
        for (p, &st) in statuses.iter().enumerate() {
            if removal_turn(p) == Some(t) && st != Status::Invalid {
                e.remove_player(p, st, t);
            }
        }
        let alive_before: Vec<bool> = (0..n).map(|p| e.is_alive(p)).collect();
        for (p, &st) in statuses.iter().enumerate() {
            if removal_turn(p) == Some(t) && st == Status::Invalid {
                e.remove_player(p, st, t);
            }
        }
        // Moves.
        for i in 0..e.live_ants().len() {
            let id = e.live_ants()[i];
            let ant = &e.ants()[id as usize];
            let (owner, at, spawn_turn) = (ant.owner, ant.cell, ant.spawn_turn);
            let moves = d.ants[id as usize].5.as_bytes();
            let k = (t - spawn_turn - 1) as usize;
            let Some(&mv) = moves.get(k) else {
                return Err(div(
                    t,
                    format!("ants[{id}] is alive but its move string has no entry for this turn"),
                ));
            };
            if mv == b'-' {
                continue;
            }
            let o = usize::from(owner);
            if e.players[o].removed
                && !(statuses[o] == Status::Invalid && replay.playerturns[o] == t)
            {
                return Err(div(
                    t,
                    format!(
                        "ants[{id}] of removed player {o} moves `{}`",
                        char::from(mv)
                    ),
                ));
            }
            let dir = Dir::from_letter(char::from(mv))
                .ok_or_else(|| div(t, format!("ants[{id}]: bad move")))?;
            let pos = shape.pos(at);
            match e.order(owner, i64::from(pos.row), i64::from(pos.col), dir) {
                OrderOutcome::Accepted => {}
                OrderOutcome::Ignored(why) | OrderOutcome::Invalid(why) => {
                    return Err(div(
                        t,
                        format!(
                            "ants[{id}] move `{}` from {pos} would not be accepted: {why}",
                            char::from(mv)
                        ),
                    ));
                }
            }
        }
        e.move_and_fight();
        // Spawning.
        let block_end = ant_cursor + d.ants[ant_cursor..].iter().take_while(|a| a.2 == t).count();
        for p in 0..n as u8 {
            let free: Vec<u32> = e
                .unrazed_hills(p)
                .into_iter()
                .filter(|&h| e.ant_at(e.hills()[h as usize].cell).is_none())
                .collect();
            let k = (e.players[usize::from(p)].hive as usize).min(free.len());
            let chosen: Vec<usize> = (ant_cursor..block_end)
                .filter(|&i| d.ants[i].4 == p)
                .collect();
            if chosen.len() != k {
                return Err(div(
                    t,
                    format!(
                        "player {p} should spawn {k} ants, replay has {}",
                        chosen.len()
                    ),
                ));
            }
            let mut chosen_hills = Vec::new();
            for &i in &chosen {
                let c = cell(d.ants[i].0, d.ants[i].1);
                let Some(&h) = free.iter().find(|&&h| e.hills()[h as usize].cell == c) else {
                    return Err(div(
                        t,
                        format!(
                            "ants[{i}] spawns at {},{}, not a free hill of player {p}",
                            d.ants[i].0, d.ants[i].1
                        ),
                    ));
                };
                chosen_hills.push(h);
            }
            let lt = |h: &u32| e.hills()[*h as usize].last_touched;
            let max_chosen = chosen_hills.iter().map(lt).max();
            let min_other = free
                .iter()
                .filter(|h| !chosen_hills.contains(h))
                .map(lt)
                .min();
            if let (Some(a), Some(b)) = (max_chosen, min_other)
                && a > b
            {
                return Err(div(
                    t,
                    format!("player {p} spawned on a more recently touched hill"),
                ));
            }
        }
        for i in ant_cursor..block_end {
            let h = chosen_hill(&e, cell(d.ants[i].0, d.ants[i].1));
            if e.ants().len() != i || h.and_then(|h| e.try_spawn(h)).is_none() {
                return Err(div(
                    t,
                    format!("ants[{i}] cannot be spawned (replay ant order)"),
                ));
            }
        }
        ant_cursor = block_end;
        e.gather();
        while food_cursor < d.food.len() && d.food[food_cursor][2] == i64::from(t) {
            let f = &d.food[food_cursor];
            let c = cell(f[0], f[1]);
            if !e.is_land(c) {
                return Err(div(
                    t,
                    format!("food[{food_cursor}] at {},{} is not on land", f[0], f[1]),
                ));
            }
            e.add_food(c, t);
            food_cursor += 1;
        }
        e.end_turn();
        if with_inputs {
            views.update(&e);
        }
        for (p, log) in logs.iter_mut().enumerate() {
            if alive_before[p] && !e.is_alive(p) {
                if e.players[p].status == Status::Survived {
                    e.players[p].status = Status::Eliminated;
                    e.players[p].playerturns = t;
                }
                if with_inputs {
                    log.push_str(&end_message(&e, &mut views, p, t));
                }
            }
        }
        over = e.game_over();
    }
    e.finish();
    if with_inputs {
        for (p, log) in logs.iter_mut().enumerate() {
            if e.is_alive(p) {
                log.push_str(&end_message(&e, &mut views, p, t));
            }
        }
    }
    if ant_cursor != d.ants.len() {
        return Err(div(
            t,
            format!(
                "replay has {} ants never spawned by the simulation",
                d.ants.len() - ant_cursor
            ),
        ));
    }
    if food_cursor != d.food.len() {
        return Err(div(
            t,
            format!("replay has food items after the game ended (food[{food_cursor}])"),
        ));
    }
    compare(replay, &e)?;
    Ok(CheckReport {
        turns: t,
        ants: d.ants.len(),
        food: d.food.len(),
        bot_inputs: if with_inputs { logs } else { Vec::new() },
    })
}

fn chosen_hill(e: &Engine, cell: u32) -> Option<u32> {
    (0..e.hills().len() as u32).find(|&h| e.hills()[h as usize].cell == cell)
}

/// The end message for player `p` in the engine's current state.
pub(crate) fn end_message(e: &Engine, views: &mut Views, p: usize, turn: u32) -> String {
    let state = views.turn_input(e, p, turn);
    let scores: Vec<i32> = e.players().iter().map(|x| x.score).collect();
    let statuses: Vec<&str> = e.players().iter().map(|x| x.status.as_str()).collect();
    let turns: Vec<u32> = e.players().iter().map(|x| x.playerturns).collect();
    render_end(
        &views.in_perspective(p, &scores),
        &views.in_perspective(p, &statuses),
        &views.in_perspective(p, &turns),
        &state,
    )
}

fn first_diff(a: &[i64], b: &[i64]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// Compares every derived field; reports the earliest divergence.
fn compare(replay: &Replay, e: &Engine) -> Result<(), Divergence> {
    let d = &replay.replaydata;
    let t = e.turn();
    let mut found: Vec<Divergence> = Vec::new();
    if replay.game_length != t {
        found.push(div(
            t.min(replay.game_length),
            format!("game_length: replay {}, simulated {t}", replay.game_length),
        ));
    }
    let cutoff = e.cutoff().map_or("turn limit reached", |c| c.as_str());
    if d.cutoff != cutoff {
        found.push(div(
            t,
            format!("cutoff: replay `{}`, simulated `{cutoff}`", d.cutoff),
        ));
    }
    for (i, (a, ra)) in e.ants().iter().zip(&d.ants).enumerate() {
        let end = a.death_turn.unwrap_or(t + 1);
        if end != ra.3 {
            found.push(div(
                end.min(ra.3),
                format!("ants[{i}] end turn: replay {}, simulated {end}", ra.3),
            ));
        } else if a.moves.len() != ra.5.len() {
            found.push(div(
                end,
                format!(
                    "ants[{i}] move count: replay {}, simulated {}",
                    ra.5.len(),
                    a.moves.len()
                ),
            ));
        }
    }
    for (j, (f, rf)) in e.food().iter().zip(&d.food).enumerate() {
        let end = i64::from(f.end_turn.unwrap_or(t + 1));
        let g = f.gatherer.map(i64::from);
        if end != rf[3] || g != rf.get(4).copied() {
            found.push(div(
                end.min(rf[3]).max(0) as u32,
                format!(
                    "food[{j}] end/gatherer: replay {:?}, simulated [{end}, {g:?}]",
                    &rf[3..]
                ),
            ));
        }
    }
    for rh in &d.hills {
        let c = (rh[0] as u32) * d.map.cols + rh[1] as u32;
        let end = e
            .hills()
            .iter()
            .find(|h| h.cell == c)
            .map_or(i64::from(t + 1), |h| i64::from(h.end_turn.unwrap_or(t + 1)));
        if end != rh[3] {
            found.push(div(
                end.min(rh[3]).max(0) as u32,
                format!(
                    "hill at {},{} end turn: replay {}, simulated {end}",
                    rh[0], rh[1], rh[3]
                ),
            ));
        }
    }
    for p in 0..e.num_players() {
        let pl = &e.players()[p];
        let sh: Vec<i64> = pl.score_history.iter().map(|&x| i64::from(x)).collect();
        if sh != d.scores[p] {
            let k = first_diff(&sh, &d.scores[p]);
            found.push(div(
                k as u32,
                format!(
                    "scores[{p}] from index {k}: replay {:?}, simulated {:?}",
                    &d.scores[p][k.min(d.scores[p].len())..],
                    &sh[k..]
                ),
            ));
        }
        let hh: Vec<i64> = pl.hive_history.iter().map(|&x| i64::from(x)).collect();
        if hh != d.hive_history[p] {
            let k = first_diff(&hh, &d.hive_history[p]);
            found.push(div(
                k as u32,
                format!(
                    "hive_history[{p}] from index {k}: replay {:?}, simulated {:?}",
                    &d.hive_history[p][k.min(d.hive_history[p].len())..],
                    &hh[k..]
                ),
            ));
        }
        if i64::from(e.bonus()[p]) != d.bonus[p] {
            found.push(div(
                t,
                format!(
                    "bonus[{p}]: replay {}, simulated {}",
                    d.bonus[p],
                    e.bonus()[p]
                ),
            ));
        }
        if pl.status.as_str() != replay.status[p] {
            found.push(div(
                pl.playerturns,
                format!(
                    "status[{p}]: replay `{}`, simulated `{}`",
                    replay.status[p],
                    pl.status.as_str()
                ),
            ));
        }
        if pl.playerturns != replay.playerturns[p] {
            found.push(div(
                pl.playerturns.min(replay.playerturns[p]),
                format!(
                    "playerturns[{p}]: replay {}, simulated {}",
                    replay.playerturns[p], pl.playerturns
                ),
            ));
        }
    }
    let scores = e.final_scores();
    let s64: Vec<i64> = scores.iter().map(|&x| i64::from(x)).collect();
    if s64 != replay.score {
        found.push(div(
            t,
            format!("score: replay {:?}, simulated {s64:?}", replay.score),
        ));
    }
    let ranks = competition_ranks(&scores);
    if ranks != replay.rank {
        found.push(div(
            t,
            format!("rank: replay {:?}, simulated {ranks:?}", replay.rank),
        ));
    }
    if d.winning_turn != e.winning_turn() {
        found.push(div(
            t,
            format!(
                "winning_turn: replay {}, simulated {}",
                d.winning_turn,
                e.winning_turn()
            ),
        ));
    }
    if d.ranking_turn != e.ranking_turn() {
        found.push(div(
            t,
            format!(
                "ranking_turn: replay {}, simulated {}",
                d.ranking_turn,
                e.ranking_turn()
            ),
        ));
    }
    match found.into_iter().min_by_key(|d| d.turn) {
        Some(first) => Err(first),
        None => Ok(()),
    }
}

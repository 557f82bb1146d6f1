//! The combat search of the post mortem: one turn ahead, a chain of max decisions (one per own
//! ant) followed by a chain of min decisions (one per enemy ant), with the alpha-beta style
//! cut ("an enemy reply already as bad as the best known own combination ends this
//! combination"), move check lists for own ants, dependency tables for enemies and the
//! swap-equivalence pruning. Deaths follow the engine's `focus` rule and collisions.
//!
//! The tree walk itself is `search::adversarial::chain_alphabeta`; this module supplies the
//! Ants-specific move lists and evaluation. A [`Fight`] is built from tiles only (no world access during the search): every square a
//! unit may end on becomes a candidate with precomputed pairwise "in attack range" and
//! Manhattan tables, so a leaf evaluation is a few hundred table look-ups.

use search::adversarial::{ChainGame, chain_alphabeta};
use search::{Budget, Stats};

use crate::world::World;

/// How a finished position is scored (own point of view).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// `dead enemies − dead own ants` (the post mortem's worked example).
    Simple,
    /// The bot's evaluation: aggressive `300·dead enemies − 180·dead own`, otherwise
    /// `512·dead enemies − 768·dead own`; both minus the summed distance of every own ant to
    /// its closest enemy.
    Weighted {
        /// Aggressive weights (14+ own ants close to the fight).
        aggressive: bool,
        /// Enemies of different players fight each other as well (focus rule per player)
        /// instead of counting as one side.
        per_player: bool,
    },
}

/// One combat group, ready to search.
#[derive(Clone, Debug, Default)]
pub struct Fight {
    /// Own ants of the group: start tile and possible destination tiles (stay first).
    pub own: Vec<(u32, Vec<u32>)>,
    /// Enemy ants of the group: start tile, owner and possible destination tiles (stay first).
    pub enemies: Vec<(u32, u8, Vec<u32>)>,
    /// Other own ants whose next position is fixed (they fight but do not move here).
    pub fixed: Vec<u32>,
    /// Own hill tiles: an enemy ant alive on one after the fight costs [`HILL_VALUE`]
    /// (empty: hills are ignored, as in the post mortem).
    pub own_hills: Vec<u32>,
    /// Enemy hill tiles: an own ant alive on one after the fight gains [`HILL_VALUE`].
    pub enemy_hills: Vec<u32>,
    /// The weighted evaluation adds (instead of subtracting) the distance of every own ant
    /// to its closest enemy: an outnumbered group keeps its distance rather than closing in.
    pub keep_away: bool,
    /// Weight of the distance term in percent (`None`: 100).
    pub dist_percent: Option<u32>,
    /// An own ant whose square another own ant of the group took may step to a square out
    /// of every enemy's reach (without it an ant that could only stay blocks the retreat of
    /// the ant behind it).
    pub make_room: bool,
    /// Next-turn threat, in percent of a death's weight (0: off): the evaluation applies the
    /// focus rule once more to the ants left alive, counting as opponents those one move of
    /// each side from attack range, and charges every own ant of the group that rule would
    /// kill (and credits every enemy ant) this share of a death. Without it a group that
    /// loses nothing this turn may end where it is outnumbered and trapped the next.
    pub threat_percent: u32,
    /// The threat charges own ants only (no credit for threatened enemy ants).
    pub threat_own_only: bool,
    /// Threat only: own ants outside the group (at their planned squares) and enemy ants
    /// outside it (where they stand) that count as near when the threat is weighed.
    pub context_own: Vec<u32>,
    /// See [`Fight::context_own`].
    pub context_enemies: Vec<u32>,
    /// Weighted evaluation: value of every pair of own group ants within attack range of
    /// each other after the move, in steps of the distance term (0: off, as in the post
    /// mortem): a group that keeps together supports itself in the next turn's fight.
    pub cohesion: u32,
    /// Search first the assignment in which every own ant escapes (its move out of every
    /// enemy's reach where staying may meet one, otherwise staying) and keep it when the
    /// budget runs out before something better is found; a complete search returns the
    /// same either way ([`search::adversarial::ChainGame::fallback_move`]).
    pub escape_fallback: bool,
    /// Weight, in percent, of the deaths the own moves cause if every enemy ant stays where
    /// it is (0: off, as in the post mortem). The worst case over the enemy replies often
    /// rates several own moves alike — e.g. one own ant lost whatever the group does — and
    /// the distance term then favours stepping forward; this term prefers, among them, the
    /// moves that lose nothing against enemies that hold their ground.
    pub stay_percent: u32,
    /// Weighted evaluation: squares near an own hill, each with what an enemy ant left
    /// alive on it costs (empty: off, as in the post mortem). Enemy moves onto these squares
    /// are always searched, like moves onto an own hill, so the worst case has raiders step
    /// toward the hill and the own ants beside it are rated by whether such a step survives.
    pub hill_danger: Vec<(u32, i32)>,
}

/// Value of razing a hill (or of not losing one) in the weighted evaluation: more than
/// four ants lost in a defensive fight (a hill is worth the game's points).
pub const HILL_VALUE: i32 = 4000;

/// The outcome of a combat search.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// Chosen destination of each own ant (same order as [`Fight::own`]); `None` when the
    /// search ran out of budget before a single combination was fully evaluated.
    pub moves: Option<Vec<u32>>,
    /// Value of the chosen combination (worst case over the enemy replies considered).
    pub value: i32,
    /// True when the whole tree was searched.
    pub complete: bool,
    /// Search work of `search::adversarial::chain_alphabeta` (`expanded` = decisions,
    /// `generated` = moves tried).
    pub stats: Stats,
}

/// The fight as a [`ChainGame`]: moves are candidate indices.
struct FightGame {
    eval: Eval,
    n_cand: usize,
    inr: Vec<bool>,
    manh: Vec<u16>,
    /// Own check lists (stay first) and, when staying may meet an enemy, the moves out of
    /// every enemy's reach (one of them is tried).
    own_moves: Vec<Vec<u16>>,
    own_free: Vec<Vec<u16>>,
    /// Per own ant: staying may meet an enemy (then one free move is always tried).
    stay_engages: Vec<bool>,
    own_start: Vec<u16>,
    /// Enemy candidate moves (index 0 = stay).
    en_moves: Vec<Vec<u16>>,
    /// Owner of every enemy (1.. in the bot's numbering).
    en_owner: Vec<u8>,
    /// `dep[e * n_cand + c]`: bit mask of enemy `e`'s moves that meet an own ant standing
    /// on candidate `c` (the dependency table); `dep_fixed[e]` the same for fixed own ants.
    dep: Vec<u8>,
    dep_fixed: Vec<u8>,
    fixed: Vec<u16>,
    /// Per candidate: an enemy hill (not an own one).
    enemy_hill: Vec<bool>,
    keep_away: bool,
    dist_percent: i32,
    cohesion: i32,
    units: Vec<(u16, u8, bool)>,
    counts: Vec<u16>,
    /// Threat: `near[a * n_cand + b]` when one move of each side can bring candidates `a`
    /// and `b` into attack range (empty when the threat term is off), and its weight.
    near: Vec<bool>,
    threat_percent: i32,
    threat_own_only: bool,
    dead: Vec<bool>,
    /// Candidates of [`Fight::context_own`] and [`Fight::context_enemies`].
    ctx_own: Vec<u16>,
    ctx_en: Vec<u16>,
    escape_fallback: bool,
    /// [`Fight::stay_percent`], the enemy start squares, and the last own assignment with
    /// its stay term (leaves of one own assignment are evaluated one after another).
    stay_percent: i32,
    en_start: Vec<u16>,
    stay_own: Vec<u16>,
    stay_value: Option<i32>,
    /// Per candidate: what an enemy ant alive there costs, [`HILL_VALUE`] on an own hill
    /// plus its [`Fight::hill_danger`] (empty when neither is given), and that cost summed
    /// over the enemy ants alive after the last [`FightGame::deaths`].
    en_cost: Vec<i32>,
    en_cost_sum: i32,
}

impl Fight {
    /// Searches the fight and returns the best own moves under the worst enemy reply.
    pub fn solve(&self, world: &World, eval: Eval, budget: &Budget) -> Outcome {
        let mut cands: Vec<u32> = Vec::new();
        let idx = |t: u32, cands: &mut Vec<u32>| -> u16 {
            if let Some(i) = cands.iter().position(|&c| c == t) {
                i as u16
            } else {
                cands.push(t);
                (cands.len() - 1) as u16
            }
        };
        let lists = |start: u32, ms: &[u32], cands: &mut Vec<u32>| -> Vec<u16> {
            let mut v = vec![idx(start, cands)];
            for &m in ms {
                let i = idx(m, cands);
                if !v.contains(&i) {
                    v.push(i);
                }
            }
            v
        };
        let own_all: Vec<Vec<u16>> = self
            .own
            .iter()
            .map(|(s, ms)| lists(*s, ms, &mut cands))
            .collect();
        let en_moves: Vec<Vec<u16>> = self
            .enemies
            .iter()
            .map(|(s, _, ms)| lists(*s, ms, &mut cands))
            .collect();
        let fixed: Vec<u16> = self.fixed.iter().map(|&t| idx(t, &mut cands)).collect();
        let (ctx_own, ctx_en): (Vec<u16>, Vec<u16>) = if self.threat_percent > 0 {
            (
                self.context_own
                    .iter()
                    .map(|&t| idx(t, &mut cands))
                    .collect(),
                self.context_enemies
                    .iter()
                    .map(|&t| idx(t, &mut cands))
                    .collect(),
            )
        } else {
            (Vec::new(), Vec::new())
        };
        let n = cands.len();
        let mut inr = vec![false; n * n];
        let mut manh = vec![0u16; n * n];
        for a in 0..n {
            for b in 0..n {
                let d2 = world.dist2(cands[a], cands[b]);
                inr[a * n + b] = d2 > 0 && d2 <= world.attack2;
                manh[a * n + b] =
                    world.manhattan(cands[a], cands[b]).min(u32::from(u16::MAX)) as u16;
            }
        }
        // Next-turn reach: some offset of at most two steps (one move of each side) brings
        // the two squares within attack range (water is ignored).
        let near: Vec<bool> = if self.threat_percent > 0 {
            let mut near = vec![false; n * n];
            for a in 0..n {
                for b in 0..n {
                    let (dr, dc) = world.offset(cands[a], cands[b]);
                    near[a * n + b] = (-2i32..=2).any(|x| {
                        let y = 2 - x.abs();
                        (-y..=y).any(|y| {
                            let (r, c) = (dr + x, dc + y);
                            (r * r + c * c) as u32 <= world.attack2
                        })
                    });
                }
            }
            near
        } else {
            Vec::new()
        };
        let touches = |a: u16, b: u16| a == b || inr[a as usize * n + b as usize];
        // Enemy hills among the candidates, and what an enemy ant alive on each costs: an
        // own hill, a square of the hill danger, or both.
        let enemy_hill: Vec<bool> = cands
            .iter()
            .map(|t| self.enemy_hills.contains(t) && !self.own_hills.contains(t))
            .collect();
        let mut en_cost: Vec<i32> = Vec::new();
        if !self.own_hills.is_empty() || !self.hill_danger.is_empty() {
            en_cost = cands
                .iter()
                .map(|t| {
                    let hill = if self.own_hills.contains(t) {
                        HILL_VALUE
                    } else {
                        0
                    };
                    let danger = self
                        .hill_danger
                        .iter()
                        .find(|d| d.0 == *t)
                        .map_or(0, |d| d.1);
                    hill + danger
                })
                .collect();
        }
        // Move check lists: stay, plus every move that could meet some enemy move. The
        // moves that cannot meet any enemy are all worth the same; one of them is tried as
        // well when staying could meet an enemy (an escape is not the same as staying).
        let engaging = |m: u16| en_moves.iter().any(|em| em.iter().any(|&x| touches(m, x)));
        let mut own_moves: Vec<Vec<u16>> = Vec::new();
        let mut own_free: Vec<Vec<u16>> = Vec::new();
        let mut stay_engages: Vec<bool> = Vec::new();
        for ms in &own_all {
            let check: Vec<u16> = ms
                .iter()
                .enumerate()
                .filter(|&(j, &m)| j == 0 || engaging(m) || enemy_hill[m as usize])
                .map(|(_, &m)| m)
                .collect();
            let engages = engaging(ms[0]);
            let free: Vec<u16> = if engages || self.make_room {
                ms.iter()
                    .skip(1)
                    .copied()
                    .filter(|&m| !engaging(m) && !enemy_hill[m as usize])
                    .collect()
            } else {
                Vec::new()
            };
            stay_engages.push(engages);
            own_moves.push(check);
            own_free.push(free);
        }
        let mut dep = vec![0u8; en_moves.len() * n];
        let mut dep_fixed = vec![0u8; en_moves.len()];
        for (e, em) in en_moves.iter().enumerate() {
            for c in 0..n as u16 {
                dep[e * n + c as usize] = em
                    .iter()
                    .enumerate()
                    .filter(|&(_, &x)| touches(c, x))
                    .fold(0u8, |m, (k, _)| m | (1 << k));
            }
            dep_fixed[e] = fixed.iter().fold(0u8, |m, &f| m | dep[e * n + f as usize]);
            // Moves onto own hills (and, with the hill danger, toward them) are always
            // checked.
            dep_fixed[e] |= em
                .iter()
                .enumerate()
                .filter(|&(_, &x)| en_cost.get(x as usize).is_some_and(|&c| c > 0))
                .fold(0u8, |m, (k, _)| m | (1 << k));
        }
        let en_start: Vec<u16> = en_moves.iter().map(|m| m[0]).collect();
        let mut game = FightGame {
            eval,
            n_cand: n,
            inr,
            manh,
            own_start: own_all.iter().map(|v| v[0]).collect(),
            own_moves,
            own_free,
            stay_engages,
            en_owner: self.enemies.iter().map(|e| e.1.max(1)).collect(),
            en_moves,
            dep,
            dep_fixed,
            fixed,
            enemy_hill,
            keep_away: self.keep_away,
            dist_percent: self.dist_percent.unwrap_or(100).min(10_000) as i32,
            cohesion: self.cohesion.min(10_000) as i32,
            units: Vec::new(),
            counts: Vec::new(),
            near,
            threat_percent: self.threat_percent.min(1000) as i32,
            threat_own_only: self.threat_own_only,
            dead: Vec::new(),
            ctx_own,
            ctx_en,
            escape_fallback: self.escape_fallback,
            stay_percent: self.stay_percent.min(1000) as i32,
            en_start,
            stay_own: Vec::new(),
            stay_value: None,
            en_cost,
            en_cost_sum: 0,
        };
        let result = chain_alphabeta(&mut game, budget);
        let (moves, value) = match result.best {
            Some((m, v)) => (Some(m.into_iter().map(|c| cands[c as usize]).collect()), v),
            None => (None, i32::MIN),
        };
        Outcome {
            moves,
            value,
            complete: !result.budget_exhausted,
            stats: result.stats,
        }
    }
}

impl ChainGame for FightGame {
    type Move = u16;
    type Value = i32;

    fn own_units(&self) -> usize {
        self.own_moves.len()
    }

    fn enemy_units(&self) -> usize {
        self.en_moves.len()
    }

    fn own_moves(&mut self, i: usize, own: &[u16], moves: &mut Vec<u16>) {
        let start = self.own_start[i];
        // No two own ants on one square (a later ant whose start square was taken must
        // move away when its turn comes), and swapping two ants equals both staying.
        let allowed = |m: u16| {
            !(0..i)
                .any(|k| own[k] == m || (m != start && self.own_start[k] == m && own[k] == start))
        };
        moves.extend(self.own_moves[i].iter().copied().filter(|&m| allowed(m)));
        // One move out of every enemy's reach: an escape when staying may meet an enemy,
        // or room for an earlier ant that took this ant's square.
        if (self.stay_engages[i] || !allowed(start))
            && let Some(free) = self.own_free[i].iter().copied().find(|&m| allowed(m))
        {
            moves.push(free);
        }
    }

    fn fallback_move(&mut self, i: usize, moves: &[u16]) -> Option<usize> {
        if !self.escape_fallback || moves.is_empty() {
            return None;
        }
        // The escape is the last move of the list when there is one; otherwise stay (the
        // first move, unless an earlier ant took this ant's square).
        let last = moves.len() - 1;
        let escape = self.own_free[i].contains(&moves[last]) && moves[last] != self.own_start[i];
        Some(if escape { last } else { 0 })
    }

    fn enemy_moves(&mut self, k: usize, own: &[u16], enemy: &[u16], moves: &mut Vec<u16>) {
        // Moves worth checking: those in range of some own ant where it now stands
        // (dependency table), plus staying, plus one move out of everybody's range.
        let n = self.n_cand;
        let mut mask = self.dep_fixed[k];
        for &c in own {
            mask |= self.dep[k * n + c as usize];
        }
        let em = &self.en_moves[k];
        if mask & 1 != 0
            && let Some(free) = (1..em.len()).find(|&b| mask & (1 << b) == 0)
        {
            mask |= 1 << free;
        }
        mask |= 1;
        let start = em[0];
        for (b, &m) in em.iter().enumerate() {
            if mask & (1 << b) == 0 {
                continue;
            }
            if b != 0 && (0..k).any(|q| self.en_moves[q][0] == m && enemy[q] == start) {
                continue;
            }
            moves.push(m);
        }
    }

    fn evaluate(&mut self, own: &[u16], enemy: &[u16]) -> i32 {
        let stay = self.stay_term(own);
        let (own_dead, en_dead, raids) = self.deaths(own, enemy);
        match self.eval {
            Eval::Simple => en_dead - own_dead,
            Eval::Weighted { aggressive, .. } => {
                let (en_w, own_w) = weights(aggressive);
                let (own_threat, mut en_threat) =
                    self.threat(own.len(), own.len() + self.fixed.len());
                if self.threat_own_only {
                    en_threat = 0;
                }
                let threat = (en_threat * en_w - own_threat * own_w) * self.threat_percent / 100;
                let mut dist = 0i32;
                let n = self.n_cand;
                for &o in own {
                    let d = enemy
                        .iter()
                        .map(|&e| self.manh[o as usize * n + e as usize])
                        .min()
                        .unwrap_or(0);
                    dist += i32::from(d);
                }
                let raids = raids * HILL_VALUE;
                if self.keep_away {
                    dist = -dist;
                }
                if self.dist_percent != 100 {
                    dist = dist * self.dist_percent / 100;
                }
                let mut pairs = 0i32;
                if self.cohesion > 0 {
                    for (i, &a) in own.iter().enumerate() {
                        for &b in &own[i + 1..] {
                            pairs += i32::from(self.inr[a as usize * n + b as usize]);
                        }
                    }
                }
                en_dead * en_w - own_dead * own_w - dist - self.en_cost_sum
                    + raids
                    + threat
                    + pairs * self.cohesion
                    + stay
            }
        }
    }
}

/// The death weights of the weighted evaluation: (per dead enemy, per dead own ant).
fn weights(aggressive: bool) -> (i32, i32) {
    if aggressive { (300, 180) } else { (512, 768) }
}

impl FightGame {
    /// [`Fight::stay_percent`]: the weighted deaths of own assignment `own` against enemies
    /// that all stay, times the percentage (0 when off or with the simple evaluation).
    fn stay_term(&mut self, own: &[u16]) -> i32 {
        let Eval::Weighted { aggressive, .. } = self.eval else {
            return 0;
        };
        if self.stay_percent == 0 {
            return 0;
        }
        if let Some(v) = self.stay_value
            && self.stay_own == own
        {
            return v;
        }
        let start = std::mem::take(&mut self.en_start);
        let (own_dead, en_dead, _) = self.deaths(own, &start);
        self.en_start = start;
        let (en_w, own_w) = weights(aggressive);
        let v = (en_dead * en_w - own_dead * own_w) * self.stay_percent / 100;
        self.stay_own.clear();
        self.stay_own.extend_from_slice(own);
        self.stay_value = Some(v);
        v
    }

    /// Applies the focus rule to the position `own` / `enemy` (plus the fixed own ants):
    /// (own ants dead, enemy ants dead, own ants alive on enemy hills), and in
    /// `self.en_cost_sum` what the enemy ants left alive cost. Keeps who died in `self.dead`
    /// when the threat term needs it.
    fn deaths(&mut self, own: &[u16], enemy: &[u16]) -> (i32, i32, i32) {
        let n = self.n_cand;
        self.units.clear();
        for &c in own.iter().chain(&self.fixed) {
            self.units.push((c, 0, false));
        }
        // All enemies count as one side ("I treat all enemies the same") unless the
        // evaluation separates the players.
        let per_player = matches!(
            self.eval,
            Eval::Weighted {
                per_player: true,
                ..
            }
        );
        for (k, &c) in enemy.iter().enumerate() {
            let side = if per_player { self.en_owner[k] } else { 1 };
            self.units.push((c, side, false));
        }
        let u = self.units.len();
        // Collisions: every ant sharing a square dies.
        for a in 0..u {
            for b in a + 1..u {
                if self.units[a].0 == self.units[b].0 {
                    self.units[a].2 = true;
                    self.units[b].2 = true;
                }
            }
        }
        let collided = |a: usize| self.units[a].2;
        focus_counts(&self.units, collided, &self.inr, n, &mut self.counts);
        let (mut own_dead, mut en_dead, mut raids) = (0i32, 0i32, 0i32);
        self.en_cost_sum = 0;
        let n_own = own.len() + self.fixed.len();
        // Who died is kept only for the threat term.
        let keep_dead = self.threat_percent > 0;
        self.dead.clear();
        for a in 0..u {
            let ca = self.units[a].0;
            let dead =
                collided(a) || focus_kills(a, &self.units, collided, &self.inr, n, &self.counts);
            if keep_dead {
                self.dead.push(dead);
            }
            if dead {
                if a < n_own {
                    own_dead += 1;
                } else {
                    en_dead += 1;
                }
            } else if a < n_own {
                raids += i32::from(self.enemy_hill[ca as usize]);
            } else if let Some(&c) = self.en_cost.get(ca as usize) {
                self.en_cost_sum += c;
            }
        }
        (own_dead, en_dead, raids)
    }

    /// The next-turn threat after [`ChainGame::evaluate`] resolved this turn's deaths: the
    /// focus rule over the ants left alive, with [`FightGame::near`] as the range. Returns
    /// the own group ants (the first `n_group` units) and the enemy ants it would kill;
    /// (0, 0) when the threat term is off.
    fn threat(&mut self, n_group: usize, n_own: usize) -> (i32, i32) {
        if self.threat_percent == 0 {
            return (0, 0);
        }
        let n = self.n_cand;
        let u = self.units.len();
        // Ants near the group that it does not search count where they stand (own ants at
        // their planned squares).
        for (&c, side) in self
            .ctx_own
            .iter()
            .map(|c| (c, 0))
            .chain(self.ctx_en.iter().map(|c| (c, 1)))
        {
            self.units.push((c, side, false));
            self.dead.push(false);
        }
        let dead = |a: usize| self.dead[a];
        focus_counts(&self.units, dead, &self.near, n, &mut self.counts);
        let (mut own, mut en) = (0, 0);
        for a in (0..u).filter(|&a| a < n_group || a >= n_own) {
            let threatened =
                !dead(a) && focus_kills(a, &self.units, dead, &self.near, n, &self.counts);
            if threatened {
                if a < n_group { own += 1 } else { en += 1 }
            }
        }
        self.units.truncate(u);
        self.dead.truncate(u);
        (own, en)
    }
}

/// The focus rule's count: `counts[a]` becomes the number of opponents (units of another
/// side) within `range` (`range[ca * n + cb]` for candidates `ca`, `cb`) of unit `a`. Units
/// for which `out` holds neither count nor are counted.
fn focus_counts(
    units: &[(u16, u8, bool)],
    out: impl Fn(usize) -> bool,
    range: &[bool],
    n: usize,
    counts: &mut Vec<u16>,
) {
    counts.clear();
    counts.resize(units.len(), 0);
    for a in 0..units.len() {
        if out(a) {
            continue;
        }
        let (ca, oa, _) = units[a];
        for b in a + 1..units.len() {
            let (cb, ob, _) = units[b];
            if !out(b) && oa != ob && range[ca as usize * n + cb as usize] {
                counts[a] += 1;
                counts[b] += 1;
            }
        }
    }
}

/// The focus rule's verdict on unit `a` after [`focus_counts`]: it dies when an opponent
/// within range (not `out`) has no more opponents within range than `a` has.
fn focus_kills(
    a: usize,
    units: &[(u16, u8, bool)],
    out: impl Fn(usize) -> bool,
    range: &[bool],
    n: usize,
    counts: &[u16],
) -> bool {
    let (ca, oa, _) = units[a];
    counts[a] > 0
        && (0..units.len()).any(|b| {
            let (cb, ob, _) = units[b];
            !out(b) && ob != oa && range[ca as usize * n + cb as usize] && counts[b] <= counts[a]
        })
}

/// The post mortem's dependency table of one enemy: for every square an own ant may stand
/// on (`own_tiles`), the enemy moves (other than staying) that bring it into attack range
/// of that square. [`Fight::solve`] applies the same rule to candidate indices.
pub fn dependency_table(
    world: &World,
    enemy_moves: &[u32],
    own_tiles: &[u32],
) -> Vec<(u32, Vec<u32>)> {
    own_tiles
        .iter()
        .map(|&o| {
            let checks = enemy_moves
                .iter()
                .skip(1)
                .copied()
                .filter(|&x| x == o || world.dist2(o, x) <= world.attack2)
                .collect();
            (o, checks)
        })
        .filter(|(_, v): &(u32, Vec<u32>)| !v.is_empty())
        .collect()
}

/// A budget for one of `fights_left` fights: its share of the time left of `turn` (see
/// [`Budget::split`]), capped by `max_nodes`.
pub fn fight_budget(turn: &Budget, fights_left: usize, max_nodes: u64) -> Budget {
    turn.split(fights_left.max(1) as u32).with_nodes(max_nodes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ants::GameSettings;
    use grid::{Dir, Pos};

    /// A world from ASCII rows (`%` water) plus the tiles of the letters: `a`..`m` own,
    /// `n`..`z` enemy, in letter order.
    pub(crate) fn parse(rows: &[&str]) -> (World, Vec<u32>, Vec<u32>) {
        let rows: Vec<String> = rows.iter().map(|r| r.replace(' ', "")).collect();
        let settings = GameSettings {
            loadtime_ms: 3000,
            turntime_ms: 500,
            rows: rows.len() as u32,
            cols: rows[0].len() as u32,
            turns: 100,
            viewradius2: 77,
            attackradius2: 5,
            spawnradius2: 1,
            player_seed: 1,
        };
        let mut w = World::new(&settings);
        let mut own = Vec::new();
        let mut en = Vec::new();
        for (r, line) in rows.iter().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let t = w.tile(Pos::new(r as i32, c as i32));
                match ch {
                    '%' => w.water[t as usize] = true,
                    'a'..='m' => own.push((ch, t)),
                    'n'..='z' => en.push((ch, t)),
                    _ => {}
                }
            }
        }
        own.sort_unstable();
        en.sort_unstable();
        (
            w,
            own.into_iter().map(|x| x.1).collect(),
            en.into_iter().map(|x| x.1).collect(),
        )
    }

    fn moves(w: &World, t: u32) -> Vec<u32> {
        w.nbr[t as usize]
            .iter()
            .copied()
            .filter(|&n| !w.water[n as usize])
            .collect()
    }

    fn fight(w: &World, own: &[u32], en: &[u32]) -> Fight {
        Fight {
            own: own.iter().map(|&t| (t, moves(w, t))).collect(),
            enemies: en.iter().map(|&t| (t, 1, moves(w, t))).collect(),
            fixed: Vec::new(),
            ..Fight::default()
        }
    }

    const EXAMPLE: [&str; 7] = [
        "% % % % % %",
        "% % a % % %",
        "% % . b % %",
        "% % . . c %",
        "% x . . . %",
        "% % y . . %",
        "% % % % % %",
    ];

    /// Value of one fixed own placement: the worst case over all enemy replies.
    fn value_of(w: &World, own_after: &[u32], en: &[u32], eval: Eval) -> i32 {
        let f = Fight {
            own: own_after.iter().map(|&t| (t, Vec::new())).collect(),
            enemies: en.iter().map(|&t| (t, 1, moves(w, t))).collect(),
            fixed: Vec::new(),
            ..Fight::default()
        };
        f.solve(w, eval, &Budget::unlimited()).value
    }

    #[test]
    fn worked_example_values_under_focus_rules() {
        // The post mortem's a/b/c vs x/y position. Its hand-drawn tree values "all south"
        // at +2 "regardless of where they move"; under the official focus rule (spec §4.4,
        // which wins over the seed) the enemy can answer y→N (a, b, x, y die) or x→E (b, c,
        // x, y die), so the line is worth 0; when both enemies stay it wins (+1: x and y
        // die, b dies too because x is engaged with a and b).
        let (w, own, en) = parse(&EXAMPLE);
        let south: Vec<u32> = own.iter().map(|&t| w.step(t, Dir::S)).collect();
        let (x, y) = (en[0], en[1]);
        let reply = |xr: u32, yr: u32| {
            let f = Fight {
                own: south.iter().map(|&t| (t, Vec::new())).collect(),
                enemies: vec![(xr, 1, Vec::new()), (yr, 1, Vec::new())],
                fixed: Vec::new(),
                ..Fight::default()
            };
            f.solve(&w, Eval::Simple, &Budget::unlimited()).value
        };
        assert_eq!(reply(x, y), 1);
        assert_eq!(reply(x, w.step(y, Dir::N)), 0);
        assert_eq!(reply(w.step(x, Dir::E), y), 0);
        assert_eq!(value_of(&w, &south, &en, Eval::Simple), 0);
        // "a stays, b and c west, both enemies east" is worth 0 as in the post mortem.
        let west = [own[0], w.step(own[1], Dir::W), w.step(own[2], Dir::W)];
        let east = [w.step(x, Dir::E), w.step(y, Dir::E)];
        let f = Fight {
            own: west.iter().map(|&t| (t, Vec::new())).collect(),
            enemies: east.iter().map(|&t| (t, 1, Vec::new())).collect(),
            fixed: Vec::new(),
            ..Fight::default()
        };
        assert_eq!(f.solve(&w, Eval::Simple, &Budget::unlimited()).value, 0);
        // The full search agrees with exhaustive minimax.
        let full = fight(&w, &own, &en).solve(&w, Eval::Simple, &Budget::unlimited());
        assert!(full.complete);
        assert_eq!(full.value, brute_force(&w, &own, &en));
    }

    #[test]
    fn attack_that_wins_against_every_reply_is_found() {
        // x is cornered (it can only stay): a and b step in and kill it without loss.
        let (w, own, en) = parse(&[
            "% % % % % % %",
            "% . . . . . %",
            "% . a . b . %",
            "% . . . . . %",
            "% . . . . . %",
            "% % % x % % %",
            "% % % % % % %",
        ]);
        let full = fight(&w, &own, &en).solve(&w, Eval::Simple, &Budget::unlimited());
        assert_eq!(full.value, 1);
        assert_eq!(full.value, brute_force(&w, &own, &en));
        let m = full.moves.expect("complete");
        assert!(
            m.iter().all(|&t| w.dist2(t, en[0]) <= 5),
            "both ants engage x"
        );
    }

    #[test]
    fn dependency_table_matches_post_mortem() {
        let (w, _, en) = parse(&[
            ". . . . . . . . . . . .",
            ". . . a . . . . . . . .",
            ". . . . b . . . . . . .",
            ". . . . . . . . . . . .",
            ". x . . . . . . . . . .",
            ". . . . . . . . . . . .",
            ". . . . . . . . . . . .",
            ". . . . . . . . . . . .",
        ]);
        let x = en[0];
        let t = |r, c| w.tile(Pos::new(r, c));
        let mut xm = vec![x];
        xm.extend(moves(&w, x));
        let table = dependency_table(&w, &xm, &[t(1, 2), t(2, 3), t(3, 4), t(0, 0)]);
        let sorted = |mut v: Vec<u32>| {
            v.sort_unstable();
            v
        };
        assert_eq!(table.len(), 3, "(0/0) is out of reach of every move of x");
        assert_eq!(table[0], (t(1, 2), vec![t(3, 1)]));
        assert_eq!(
            (table[1].0, sorted(table[1].1.clone())),
            (t(2, 3), sorted(vec![t(3, 1), t(4, 2)]))
        );
        assert_eq!(table[2], (t(3, 4), vec![t(4, 2)]));
    }

    #[test]
    fn move_check_lists_prune_without_changing_the_value() {
        // The open-field example: a's north/east/west moves cannot meet an enemy.
        let (w, own, en) = parse(&[
            ". . . . . . . .",
            ". . a . . . . .",
            ". . . b . . . .",
            ". . . . c . . .",
            ". . . . . . . .",
            ". x y . . . . .",
            ". . . . . . . .",
            ". . . . . . . .",
        ]);
        let f = fight(&w, &own, &en);
        let out = f.solve(&w, Eval::Simple, &Budget::unlimited());
        assert_eq!(out.value, brute_force(&w, &own, &en));
        let leaves_all = 5u64.pow(3) * 5u64.pow(2);
        assert!(
            out.stats.generated < leaves_all / 4,
            "pruned to {} leaves",
            out.stats.generated
        );
    }

    #[test]
    fn threat_keeps_a_lone_ant_out_of_reach_of_two_enemies_next_turn() {
        // a four or eight steps west of x and y. No enemy reaches a this turn either way, so
        // the plain evaluation only sees the distance and prefers the nearer square. With
        // the threat term it sees that two enemies one move each from attack range of a lone
        // ant kill it next turn (a share of a death), which they cannot do from eight steps.
        let rows = |a_col: usize| {
            let mut r = vec![". ".repeat(16); 16];
            r[8].replace_range(2 * a_col..=2 * a_col, "a");
            r[8].replace_range(24..25, "x");
            r[9].replace_range(24..25, "y");
            r
        };
        // The value of the own ants placed (they do not move) against the enemies' replies.
        let placed = |rows: &[String], threat_percent: u32| {
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let (w, own, en) = parse(&rows);
            let f = Fight {
                own: own.iter().map(|&t| (t, Vec::new())).collect(),
                enemies: en.iter().map(|&t| (t, 1, moves(&w, t))).collect(),
                threat_percent,
                ..Fight::default()
            };
            let eval = Eval::Weighted {
                aggressive: false,
                per_player: false,
            };
            f.solve(&w, eval, &Budget::unlimited()).value
        };
        let value = |a_col: usize, threat_percent: u32| placed(&rows(a_col), threat_percent);
        // a in column 8 is four steps from x, in column 4 eight steps. Enemy moves that
        // cannot meet an own ant this turn are not searched (dependency tables): they stay.
        assert!(value(8, 0) > value(4, 0), "plain: nearer is better");
        assert_eq!(value(8, 0), -4);
        assert_eq!(value(4, 0), -8);
        assert!(value(8, 50) < value(4, 50), "threat: farther is better");
        assert_eq!(value(8, 50), -384 - 4, "half a death");
        assert_eq!(value(4, 50), -8, "out of reach next turn: no threat");
        // With b beside a it is two against two: next turn's exchange is even, which costs
        // half the difference of the death weights (768 − 512), less than the lone ant's.
        let mut r = rows(8);
        r[9].replace_range(16..17, "b");
        let both = |p| placed(&r, p);
        assert_eq!(both(50), (2 * 512 - 2 * 768) / 2 - 8, "two distances of 4");
        assert_eq!(both(0), -8);
    }

    #[test]
    fn threat_counts_the_ants_near_a_group_that_it_does_not_search() {
        // a faces x four steps east: one against one next turn. y beside x is outside the
        // group; as context it makes a lone ant against two. b beside a, also outside the
        // group, evens it out again.
        let (w, own, en) = parse(&[
            ". . . . . . . . . . .",
            ". . . . . . . . . . .",
            ". . . a . . . x . . .",
            ". . . b . . . y . . .",
            ". . . . . . . . . . .",
            ". . . . . . . . . . .",
        ]);
        let (a, b, x, y) = (own[0], own[1], en[0], en[1]);
        let eval = Eval::Weighted {
            aggressive: false,
            per_player: false,
        };
        let value = |context_enemies: Vec<u32>, context_own: Vec<u32>| {
            let f = Fight {
                own: vec![(a, Vec::new())],
                enemies: vec![(x, 1, moves(&w, x))],
                threat_percent: 50,
                context_enemies,
                context_own,
                ..Fight::default()
            };
            f.solve(&w, eval, &Budget::unlimited()).value
        };
        // One against one: both threatened, (512 − 768) / 2, minus the distance 4.
        assert_eq!(value(Vec::new(), Vec::new()), -128 - 4);
        // With y only a is threatened.
        assert_eq!(value(vec![y], Vec::new()), -384 - 4);
        // With b as well, two against two: a and x are threatened again.
        assert_eq!(value(vec![y], vec![b]), -128 - 4);
        // Without the threat term none of it counts.
        let plain = Fight {
            own: vec![(a, Vec::new())],
            enemies: vec![(x, 1, moves(&w, x))],
            context_enemies: vec![y],
            ..Fight::default()
        };
        assert_eq!(plain.solve(&w, eval, &Budget::unlimited()).value, -4);
    }

    #[test]
    fn defensive_eval_avoids_one_to_one_trades_and_aggressive_accepts_them() {
        // a can step into range of x (a 1:1 trade if x stays); x is walled in and cannot
        // escape. Not aggressive (−768 per own loss) the bot stays out of range; aggressive
        // (300 vs −180) it takes the trade.
        let (w, own, en) = parse(&[
            "% % % % % % % %",
            "% . . . . . . %",
            "% . . . a . . %",
            "% . . . . . . %",
            "% . . . % . . %",
            "% . . % x % . %",
            "% % % % % % % %",
        ]);
        let calm = fight(&w, &own, &en).solve(
            &w,
            Eval::Weighted {
                aggressive: false,
                per_player: false,
            },
            &Budget::unlimited(),
        );
        let m = calm.moves.expect("complete")[0];
        assert!(calm.value > -768);
        assert!(w.dist2(m, en[0]) > 5);
        let hot = fight(&w, &own, &en).solve(
            &w,
            Eval::Weighted {
                aggressive: true,
                per_player: false,
            },
            &Budget::unlimited(),
        );
        assert!(
            hot.value > 0,
            "aggressive trade 300 − 180 − distance, got {}",
            hot.value
        );
    }

    #[test]
    fn escape_fallback_keeps_an_unfinished_search_out_of_a_losing_fight() {
        // Four own ants face five enemy ants three columns east (the enemies move first
        // into range). The budget stops the search long before its end. Without the
        // fallback the combinations reached (the first ants staying, escapes tried last)
        // lose ants in the worst case; with it the search starts from the escape, which
        // loses none. Searched to the end, both pick the same moves.
        let (w, own, en) = parse(&[
            "% % % % % % % % % % %",
            "% . . . . . . . . . %",
            "% . . . . . . x . . %",
            "% . . . a . . y . . %",
            "% . . . b . . z . . %",
            "% . . . c . . u . . %",
            "% . . . d . . v . . %",
            "% . . . . . . . . . %",
            "% % % % % % % % % % %",
        ]);
        let eval = Eval::Weighted {
            aggressive: false,
            per_player: false,
        };
        let search = |fallback: bool, budget: &Budget| {
            let mut f = fight(&w, &own, &en);
            f.escape_fallback = fallback;
            f.solve(&w, eval, budget)
        };
        let small = Budget::unlimited().with_nodes(300);
        let plain = search(false, &small);
        let safe = search(true, &small);
        assert!(!plain.complete && !safe.complete);
        assert!(plain.value <= -768, "plain: {}", plain.value);
        assert!(safe.value > -768, "fallback: {}", safe.value);
        let moves = safe.moves.expect("the fallback was searched");
        assert!(
            moves.iter().all(|&m| en.iter().all(|&e| w.dist2(m, e) > 5)),
            "every ant out of attack range"
        );
        let full = |fallback| search(fallback, &Budget::unlimited());
        let (a, b) = (full(false), full(true));
        assert!(a.complete && b.complete);
        assert_eq!((a.moves, a.value), (b.moves, b.value));
    }

    /// An open 9×9 map with own ants `a` and `b` (row, column) and one enemy ant at (6, 4).
    fn pair_above_lone_enemy(a: (usize, usize), b: (usize, usize)) -> (World, Vec<u32>, Vec<u32>) {
        let mut rows = vec![vec!["."; 9]; 9];
        rows[a.0][a.1] = "a";
        rows[b.0][b.1] = "b";
        rows[6][4] = "x";
        let lines: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
        parse(&lines.iter().map(String::as_str).collect::<Vec<_>>())
    }

    /// The summed steps from the squares `moves` to the square `to`.
    fn distance_sum(w: &World, moves: &[u32], to: u32) -> u32 {
        moves.iter().map(|&m| w.manhattan(m, to)).sum()
    }

    #[test]
    fn stay_term_keeps_an_ant_out_of_range_of_enemies_that_hold_their_ground() {
        // Enemy ants `y` and `x` can reach own ant `b` whatever it does: the worst reply
        // costs it in every case, and the distance term then prefers `b` stepping west,
        // into the range of both where they stand. Against the real bot, whose ants often
        // hold their ground, that step is an ant lost for nothing; with the stay term `b`
        // stays, and its worst case is the same.
        let (w, own, en) = parse(&[
            "% % % % % % %",
            "% . y . . b %",
            "% % x . . . %",
            "% . % . . . %",
            "% % . . . . %",
            "% a . . . . %",
            "% % % % % % %",
        ]);
        let eval = Eval::Weighted {
            aggressive: false,
            per_player: false,
        };
        let solve = |stay_percent: u32| {
            let mut f = fight(&w, &own, &en);
            f.stay_percent = stay_percent;
            let out = f.solve(&w, eval, &Budget::unlimited());
            assert!(out.complete);
            out.moves.expect("complete search")
        };
        // Dead enemies − dead own ants if every enemy ant stays, and under the worst reply.
        let stayed = |moves: &[u32]| {
            let f = Fight {
                own: moves.iter().map(|&t| (t, Vec::new())).collect(),
                enemies: en.iter().map(|&t| (t, 1, Vec::new())).collect(),
                ..Fight::default()
            };
            f.solve(&w, Eval::Simple, &Budget::unlimited()).value
        };
        let worst = |moves: &[u32]| value_of(&w, moves, &en, Eval::Simple);
        let plain = solve(0);
        assert_eq!(stayed(&plain), -1, "plain: {plain:?}");
        let held = solve(25);
        assert_eq!(stayed(&held), 0, "stay term: {held:?}");
        assert_eq!(worst(&held), worst(&plain));
    }

    #[test]
    fn keep_away_holds_back_where_the_plain_eval_closes_in() {
        // Two own ants four rows above a lone enemy: x dies if it engages the pair, so no
        // own loss is possible and only the distance term decides. The plain evaluation
        // closes in; keep-away and a zero weight leave both ants where they are (staying is
        // the first combination, and the only other moves considered are those that can
        // meet x).
        let (w, own, en) = pair_above_lone_enemy((2, 3), (2, 5));
        let eval = Eval::Weighted {
            aggressive: false,
            per_player: false,
        };
        let dist = |moves: &[u32]| distance_sum(&w, moves, en[0]);
        let start = dist(&own);
        let mut f = fight(&w, &own, &en);
        let plain = f.solve(&w, eval, &Budget::unlimited());
        let plain_moves = plain.moves.expect("complete");
        assert!(dist(&plain_moves) < start, "{plain_moves:?}");
        f.dist_percent = Some(50);
        let half = f.solve(&w, eval, &Budget::unlimited());
        assert_eq!(half.moves, Some(plain_moves));
        f.dist_percent = Some(0);
        let none = f.solve(&w, eval, &Budget::unlimited());
        assert_eq!(none.moves, Some(own.clone()));
        f.dist_percent = None;
        f.keep_away = true;
        let away = f.solve(&w, eval, &Budget::unlimited());
        assert_eq!(away.moves, Some(own.clone()));
    }

    #[test]
    fn cohesion_closes_in_side_by_side() {
        // Two own ants four columns apart above a lone enemy, aggressive: the plain
        // evaluation closes in with a east and b south (as good as any other pair of moves
        // toward x); with cohesion b steps west instead, within attack range of a.
        let (w, own, en) = pair_above_lone_enemy((3, 2), (3, 6));
        let eval = Eval::Weighted {
            aggressive: true,
            per_player: false,
        };
        let together = |moves: &[u32]| w.dist2(moves[0], moves[1]) <= w.attack2;
        let dist = |moves: &[u32]| distance_sum(&w, moves, en[0]);
        let mut f = fight(&w, &own, &en);
        let plain = f
            .solve(&w, eval, &Budget::unlimited())
            .moves
            .expect("complete");
        assert!(!together(&plain), "{plain:?}");
        f.cohesion = 3;
        let close = f
            .solve(&w, eval, &Budget::unlimited())
            .moves
            .expect("complete");
        assert!(together(&close), "{close:?}");
        assert_eq!(dist(&close), dist(&plain), "both still close in");
        assert!(dist(&close) < dist(&own));
    }

    #[test]
    fn make_room_lets_an_ant_retreat_onto_the_square_of_a_friend() {
        // x, y and z can each step one column east. a escapes east; b's only square out of
        // their reach is c's, and c, out of reach where it stands, has no move of its own
        // in the check list: without `make_room` b cannot retreat and dies alone.
        let (w, own, en) = parse(&[
            ". . . . . . . . . . . .",
            ". . . . % . . . . . . .",
            ". x . . a . . . . . . .",
            ". y . . b c . . . . . .",
            ". z . . . . . . . . . .",
            ". . . . . . . . . . . .",
            ". . . . . . . . . . . .",
        ]);
        let eval = Eval::Weighted {
            aggressive: false,
            per_player: false,
        };
        let mut f = fight(&w, &own, &en);
        let blocked = f.solve(&w, eval, &Budget::unlimited());
        f.make_room = true;
        let room = f.solve(&w, eval, &Budget::unlimited());
        assert!(blocked.value < -500, "{blocked:?}");
        assert!(room.value > -100, "{room:?}");
        let moves = room.moves.expect("complete");
        assert_eq!(moves[1], own[2], "b takes c's square");
        assert!(
            !moves.contains(&own[1]),
            "nobody stays on b's square: {moves:?}"
        );
    }

    /// Own hill H at (3, 5), enemy x beside it, own ant a three columns west, the cautious
    /// evaluation: the fight, H, and a's step east, the only one that keeps H in a's attack
    /// range. With nothing about the hill in the evaluation a keeps out of x's reach (x
    /// stepping onto H would trade with a, one for one).
    fn raider_beside_hill() -> (World, Fight, Eval, u32, u32) {
        let (w, own, en) = parse(&[
            "% % % % % % % % %",
            "% . . . . . . . %",
            "% . . . . . . . %",
            "% . a . . . x . %",
            "% . . . . . . . %",
            "% . . . . . . . %",
            "% % % % % % % % %",
        ]);
        let hill = w.tile(Pos::new(3, 5));
        let east = w.step(own[0], Dir::E);
        let eval = Eval::Weighted {
            aggressive: false,
            per_player: false,
        };
        let f = fight(&w, &own, &en);
        let plain = f.solve(&w, eval, &Budget::unlimited());
        let to = plain.moves.as_ref().map(|m| m[0]);
        assert!(to.is_some_and(|t| t != east), "{to:?}");
        (w, f, eval, hill, east)
    }

    #[test]
    fn hills_in_the_evaluation_make_a_lone_ant_guard_its_hill() {
        // `raider_beside_hill`: after a→E, x stepping onto the hill dies with a (a trade,
        // -256); otherwise x razes the hill (-HILL_VALUE).
        let (w, mut f, eval, hill, east) = raider_beside_hill();
        f.own_hills = vec![hill];
        let guarded = f.solve(&w, eval, &Budget::unlimited());
        assert!(guarded.complete);
        assert_eq!(guarded.moves, Some(vec![east]));
        assert!(guarded.value > -HILL_VALUE / 2, "{}", guarded.value);
        // An enemy hill next to our ant, the enemy too far to reach it: our ant steps onto
        // the hill (the move is in its check list although it meets no enemy).
        let (w, own, en) = parse(&[
            "% % % % % % % % %",
            "% . . . . . . . %",
            "% . a . . . . . %",
            "% . . . . . . . %",
            "% . . . . . . . %",
            "% . . . . . . x %",
            "% % % % % % % % %",
        ]);
        let target = w.step(own[0], Dir::E);
        let mut f = fight(&w, &own, &en);
        f.enemy_hills = vec![target];
        let razed = f.solve(&w, eval, &Budget::unlimited());
        assert_eq!(razed.moves, Some(vec![target]));
        assert!(razed.value > HILL_VALUE / 2, "{}", razed.value);
    }

    #[test]
    fn hill_danger_makes_an_ant_meet_a_raider_beside_its_hill() {
        // `raider_beside_hill`, but the hill itself is not in the evaluation: only the
        // squares around it cost while an enemy ant stands on them alive. After a→E, x
        // stepping onto the hill trades with a (-256); staying beside the hill costs x's
        // square (-768) and is the enemy's best reply. Anywhere else x steps onto the hill
        // alive (-1024).
        let (w, mut f, eval, hill, east) = raider_beside_hill();
        f.hill_danger = vec![(hill, 1024)];
        f.hill_danger
            .extend(Dir::ALL.iter().map(|&d| (w.step(hill, d), 768)));
        let met = f.solve(&w, eval, &Budget::unlimited());
        assert!(met.complete);
        assert_eq!(met.moves, Some(vec![east]));
        // x stays beside the hill (768) and a stands two steps from it (distance term 3).
        assert_eq!(met.value, -768 - 3);
        // The raider's step toward the hill meets no own ant, and the pruned enemy move
        // lists would try only one such step (the first, north): squares with a danger are
        // always tried, so the worst case has x step south, beside the hill (H, row 5).
        let (w, own, en) = parse(&[
            "% % % % % % % % %",
            "% . . . . . . . %",
            "% . . . . . . . %",
            "% . a . . . x . %",
            "% . . . . . . . %",
            "% . . . . . . . %",
            "% . . . . . . . %",
            "% % % % % % % % %",
        ]);
        let at = |r, c| w.tile(Pos::new(r, c));
        let mut f = fight(&w, &own, &en);
        f.hill_danger = vec![
            (at(5, 6), 1024),
            (at(4, 6), 768),
            (at(3, 6), 512),
            (at(2, 6), 256),
            (at(3, 5), 256),
            (at(3, 7), 256),
        ];
        let out = f.solve(&w, eval, &Budget::unlimited());
        assert!(out.complete);
        // a→E (four steps from x's square beside the hill); x south costs 768.
        assert_eq!(out.value, -768 - 4, "{out:?}");
    }

    #[test]
    fn per_player_evaluation_lets_enemies_of_different_players_fight() {
        // a (own) next to x (player 1), x next to y (player 2), nobody moves. As one side
        // (post mortem) a and x trade one for one; per player x is engaged with a and y
        // (two enemies) while a has one, so only x dies.
        let (w, own, en) = parse(&["% % % % % % % %", "% . a . x . y %", "% % % % % % % %"]);
        let fixed = |per_player: bool| {
            let f = Fight {
                own: vec![(own[0], Vec::new())],
                enemies: vec![(en[0], 1, Vec::new()), (en[1], 2, Vec::new())],
                fixed: Vec::new(),
                ..Fight::default()
            };
            let eval = Eval::Weighted {
                aggressive: false,
                per_player,
            };
            f.solve(&w, eval, &Budget::unlimited()).value
        };
        assert_eq!(fixed(false), 512 - 768 - 2);
        assert_eq!(fixed(true), 512 - 2);
    }

    #[test]
    fn exhausted_budget_returns_no_moves_or_a_complete_leaf() {
        let (w, own, en) = parse(&EXAMPLE);
        let out = fight(&w, &own, &en).solve(&w, Eval::Simple, &Budget::unlimited().with_nodes(1));
        assert!(!out.complete);
        assert!(out.moves.is_none());
    }

    /// Every combination of one move (or staying) per ant.
    fn combos(w: &World, ants: &[u32]) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for &t in ants {
            let mut opts = vec![t];
            opts.extend(moves(w, t));
            out = out
                .into_iter()
                .flat_map(|c| {
                    opts.iter().map(move |&m| {
                        let mut c = c.clone();
                        c.push(m);
                        c
                    })
                })
                .collect();
        }
        out
    }

    /// (own ants dead, enemy ants dead) with the own ants on `o` and the enemy ants on
    /// `e`, by the focus rule written out directly (collisions kill both ants).
    fn brute_deaths(w: &World, o: &[u32], e: &[u32]) -> (i32, i32) {
        let ants: Vec<(u32, bool)> = o
            .iter()
            .map(|&t| (t, true))
            .chain(e.iter().map(|&t| (t, false)))
            .collect();
        let alive: Vec<bool> = ants
            .iter()
            .map(|a| ants.iter().filter(|b| b.0 == a.0).count() == 1)
            .collect();
        let foes = |i: usize| -> Vec<usize> {
            (0..ants.len())
                .filter(|&j| {
                    alive[j] && ants[j].1 != ants[i].1 && {
                        let d = w.dist2(ants[i].0, ants[j].0);
                        d > 0 && d <= 5
                    }
                })
                .collect()
        };
        let (mut own_dead, mut en_dead) = (0, 0);
        for i in 0..ants.len() {
            let dead = !alive[i] || {
                let f = foes(i);
                !f.is_empty() && f.iter().any(|&j| foes(j).len() <= f.len())
            };
            if dead {
                if ants[i].1 {
                    own_dead += 1;
                } else {
                    en_dead += 1;
                }
            }
        }
        (own_dead, en_dead)
    }

    /// Exhaustive minimax over every own and enemy move (no pruning): max over own
    /// combinations (no two own ants on one square) of the min over enemy combinations of
    /// `value(own squares, enemy squares)`.
    fn brute_force_by(
        w: &World,
        own: &[u32],
        en: &[u32],
        value: impl Fn(&[u32], &[u32]) -> i32,
    ) -> i32 {
        combos(w, own)
            .into_iter()
            .filter(|o| (0..o.len()).all(|i| (0..i).all(|j| o[i] != o[j])))
            .map(|o| {
                combos(w, en)
                    .iter()
                    .map(|e| value(&o, e))
                    .min()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(i32::MIN)
    }

    /// Exhaustive minimax of `dead enemies − dead own ants`, focus rule written out
    /// independently.
    fn brute_force(w: &World, own: &[u32], en: &[u32]) -> i32 {
        brute_force_by(w, own, en, |o, e| {
            let (own_dead, en_dead) = brute_deaths(w, o, e);
            en_dead - own_dead
        })
    }

    /// The defensive weighted evaluation without the distance term, plus the stay term,
    /// written out directly.
    fn brute_force_stay(w: &World, own: &[u32], en: &[u32], stay_percent: i32) -> i32 {
        let deaths_value = |o: &[u32], e: &[u32]| {
            let (own_dead, en_dead) = brute_deaths(w, o, e);
            512 * en_dead - 768 * own_dead
        };
        brute_force_by(w, own, en, |o, e| {
            deaths_value(o, e) + deaths_value(o, en) * stay_percent / 100
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn search_equals_exhaustive_minimax_also_with_the_stay_term(
            cells in proptest::collection::vec((0i32..6, 0i32..6), 2..6),
            n_own in 1usize..4,
            water in proptest::collection::vec((0i32..8, 0i32..8), 0..6),
        ) {
            let mut rows = vec![vec!['.'; 8]; 8];
            for &(r, c) in &water {
                rows[r as usize][c as usize] = '%';
            }
            let mut own_n = 0;
            let mut en_n = 0;
            for (k, &(r, c)) in cells.iter().enumerate() {
                let cell = &mut rows[r as usize + 1][c as usize + 1];
                if *cell != '.' {
                    continue;
                }
                if k < n_own {
                    *cell = (b'a' + own_n) as char;
                    own_n += 1;
                } else {
                    *cell = (b'n' + en_n) as char;
                    en_n += 1;
                }
            }
            proptest::prop_assume!(own_n > 0 && en_n > 0);
            let rows: Vec<String> = rows.into_iter().map(|r| r.into_iter().collect()).collect();
            let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
            let (w, own, en) = parse(&refs);
            let out = fight(&w, &own, &en).solve(&w, Eval::Simple, &Budget::unlimited());
            proptest::prop_assert!(out.complete);
            proptest::prop_assert_eq!(out.value, brute_force(&w, &own, &en));
            // With one own ant the move check lists are exact for deaths (with more, an ant
            // whose only escape is a friend's square that the friend need not leave is
            // not searched; not so for the distance term, hence no distance here).
            if own.len() == 1 {
                let stay_percent = (cells.len() as u32 * 37) % 101;
                let mut f = fight(&w, &own, &en);
                f.stay_percent = stay_percent;
                f.dist_percent = Some(0);
                let eval = Eval::Weighted { aggressive: false, per_player: false };
                let out = f.solve(&w, eval, &Budget::unlimited());
                proptest::prop_assert!(out.complete);
                proptest::prop_assert_eq!(
                    out.value,
                    brute_force_stay(&w, &own, &en, stay_percent as i32)
                );
            }
        }
    }
}

//! The max-chain / min-chain search of a simultaneous-move fight (Ants combat): one max
//! decision per own unit, then one min decision per enemy unit, evaluated at the leaf.

use crate::{Budget, Meter, Stats};
use num_traits::Bounded;
use std::mem;

/// A fight searched by [`chain_alphabeta`] / [`chain_minimax`].
///
/// The search picks a move for own unit 0, then own unit 1, … (each a max decision), then,
/// knowing all own moves, a move for enemy unit 0, 1, … (each a min decision), and finally
/// asks [`evaluate`](ChainGame::evaluate) for the value of the complete assignment. The
/// move lists may depend on everything chosen before (e.g. "no two units on one square",
/// the post mortem's swap pruning, move check lists, or enemy dependency tables).
///
/// An empty move list marks the partial assignment as illegal: an own branch without moves
/// is dropped, and an enemy without legal moves gives the own assignment the value
/// `Value::max_value()`. Give every unit at least one move (e.g. staying put) to avoid
/// both.
///
/// Order own moves best first: the sooner a good assignment is found, the more enemy
/// replies are cut. Enemy moves that hurt us most should come first for the same reason.
pub trait ChainGame {
    /// A unit's move (e.g. its destination square).
    type Move: Clone;
    /// The evaluation, from the own side's point of view.
    type Value: Copy + Ord + Bounded;

    /// Number of own units (max decisions).
    fn own_units(&self) -> usize;
    /// Number of enemy units (min decisions).
    fn enemy_units(&self) -> usize;
    /// Writes into `moves` (cleared by the caller) the candidate moves of own unit `unit`,
    /// given the moves `own[..unit]` chosen for the own units before it.
    fn own_moves(&mut self, unit: usize, own: &[Self::Move], moves: &mut Vec<Self::Move>);
    /// Writes into `moves` (cleared by the caller) the candidate moves of enemy unit
    /// `unit`, given all own moves and the moves `enemy[..unit]` of the enemies before it.
    fn enemy_moves(
        &mut self,
        unit: usize,
        own: &[Self::Move],
        enemy: &[Self::Move],
        moves: &mut Vec<Self::Move>,
    );
    /// The value of the position after every unit made its move.
    fn evaluate(&mut self, own: &[Self::Move], enemy: &[Self::Move]) -> Self::Value;

    /// The fallback assignment, one unit at a time: the index in `moves` (own unit `unit`'s
    /// list, generated after the fallback moves of the units before it) of the unit's
    /// fallback move. [`chain_alphabeta`] searches this assignment first, so its exact value
    /// bounds the rest of the search from the start, and keeps it when the budget runs out
    /// before anything better is found; a complete search returns the same as without it.
    /// `None` for any unit (the default): no fallback.
    fn fallback_move(&mut self, unit: usize, moves: &[Self::Move]) -> Option<usize> {
        let _ = (unit, moves);
        None
    }
}

/// What [`chain_alphabeta`] and [`chain_minimax`] return.
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use]
pub struct ChainResult<M, V> {
    /// The best own assignment (one move per own unit, in unit order) and its value: the
    /// worst the enemy can do to it. Among equal values, the assignment enumerated first.
    /// `None` when no own assignment is legal or the budget ran out before the first one
    /// was fully searched — use a safe fallback then.
    pub best: Option<(Vec<M>, V)>,
    /// Work counters: `expanded` = decisions whose move list was generated, `generated` =
    /// moves tried, `max_frontier` = deepest decision level reached (own + enemy units).
    pub stats: Stats,
    /// True when the budget stopped the search; `best` is then the best among the own
    /// assignments searched completely, which is a safe (exactly valued) choice.
    pub budget_exhausted: bool,
}

/// Finds the own assignment maximising the minimum over enemy replies of
/// [`ChainGame::evaluate`], with alpha-beta cut-offs across the chain: the best value found
/// so far is the bound below which an own assignment's enemy replies stop being searched
/// (the post mortem's "cut!").
///
/// Returns exactly what [`chain_minimax`] returns (same assignment, same value) while
/// evaluating far fewer leaves. Checks `budget` at every decision. With a
/// [`ChainGame::fallback_move`] the fallback assignment is searched first; when the budget
/// stops the search, the result is at least as good as the fallback.
///
/// ```
/// use search::adversarial::{chain_alphabeta, chain_minimax, ChainGame};
/// use search::Budget;
///
/// /// Units on squares 0..=9 of a line. Each unit stays or steps one square; two own units
/// /// may not end on one square and an enemy may not step onto an own unit's square.
/// /// Value: how many own units end next to (or on) an enemy — the enemy minimises it.
/// struct Line { own: Vec<i32>, enemy: Vec<i32> }
///
/// fn steps(from: i32) -> impl Iterator<Item = i32> {
///     [from, from - 1, from + 1].into_iter().filter(|s| (0..=9).contains(s))
/// }
///
/// impl ChainGame for Line {
///     type Move = i32; // destination square
///     type Value = i32;
///     fn own_units(&self) -> usize { self.own.len() }
///     fn enemy_units(&self) -> usize { self.enemy.len() }
///     fn own_moves(&mut self, unit: usize, own: &[i32], moves: &mut Vec<i32>) {
///         moves.extend(steps(self.own[unit]).filter(|s| !own.contains(s)));
///     }
///     fn enemy_moves(&mut self, unit: usize, own: &[i32], _enemy: &[i32], moves: &mut Vec<i32>) {
///         moves.extend(steps(self.enemy[unit]).filter(|s| !own.contains(s)));
///     }
///     fn evaluate(&mut self, own: &[i32], enemy: &[i32]) -> i32 {
///         own.iter().filter(|&&o| enemy.iter().any(|&e| (o - e).abs() <= 1)).count() as i32
///     }
/// }
///
/// // Own units on 6 and 7, the enemy cornered on 9.
/// let mut fight = Line { own: vec![6, 7], enemy: vec![9] };
/// let result = chain_alphabeta(&mut fight, &Budget::unlimited());
/// assert_eq!(result.best, Some((vec![6, 8], 1))); // unit 1 steps next to the enemy
/// assert_eq!(result.best, chain_minimax(&mut fight, &Budget::unlimited()).best);
/// ```
pub fn chain_alphabeta<G: ChainGame>(
    game: &mut G,
    budget: &Budget,
) -> ChainResult<G::Move, G::Value> {
    let levels = game.own_units() + game.enemy_units();
    let mut search = AlphaBetaChain {
        own_units: game.own_units(),
        enemy_units: game.enemy_units(),
        game,
        own: Vec::new(),
        enemy: Vec::new(),
        buffers: (0..levels).map(|_| Vec::new()).collect(),
        best: None,
        meter: budget.meter(),
        stats: Stats::default(),
        aborted: false,
        fallback: false,
    };
    search.fallback_first();
    if !search.aborted {
        search.max_level(0);
    }
    ChainResult {
        best: search.best,
        stats: search.stats,
        budget_exhausted: search.aborted,
    }
}

/// The state of one [`chain_alphabeta`] search.
struct AlphaBetaChain<'g, 'b, G: ChainGame> {
    game: &'g mut G,
    own_units: usize,
    enemy_units: usize,
    /// Own moves chosen so far (one per own unit before the current level).
    own: Vec<G::Move>,
    /// Enemy moves chosen so far.
    enemy: Vec<G::Move>,
    /// One reusable move list per decision level.
    buffers: Vec<Vec<G::Move>>,
    best: Option<(Vec<G::Move>, G::Value)>,
    meter: Meter<'b>,
    stats: Stats,
    aborted: bool,
    /// `best` is the fallback assignment: the first enumerated assignment at least as good
    /// replaces it (so a complete search picks what it would pick without the fallback).
    fallback: bool,
}

impl<G: ChainGame> AlphaBetaChain<'_, '_, G> {
    /// Searches the fallback assignment of [`ChainGame::fallback_move`] (if every unit has
    /// one) exactly and keeps it as `best`.
    fn fallback_first(&mut self) {
        if self.own_units == 0 {
            return;
        }
        let mut moves = Vec::new();
        for unit in 0..self.own_units {
            moves.clear();
            self.game.own_moves(unit, &self.own, &mut moves);
            let Some(m) = self
                .game
                .fallback_move(unit, &moves)
                .and_then(|k| moves.get(k))
            else {
                self.own.clear();
                return;
            };
            self.own.push(m.clone());
        }
        let v = self.min_level(0, None);
        if !self.aborted {
            self.best = Some((self.own.clone(), v));
            self.fallback = true;
        }
        self.own.clear();
    }

    /// Tries every move of own unit `unit` and, below it, every completion of the own
    /// assignment; complete assignments update `self.best`.
    fn max_level(&mut self, unit: usize) {
        if unit == self.own_units {
            let alpha = self.best.as_ref().map(|&(_, v)| v);
            let fallback = self.fallback;
            let v = self.min_level(0, alpha);
            let better = |b: G::Value| v > b || (fallback && v == b);
            if !self.aborted && self.best.as_ref().is_none_or(|&(_, b)| better(b)) {
                self.best = Some((self.own.clone(), v));
                self.fallback = false;
            }
            return;
        }
        if !self.enter(unit) {
            return;
        }
        let mut moves = mem::take(&mut self.buffers[unit]);
        moves.clear();
        self.game.own_moves(unit, &self.own, &mut moves);
        for m in &moves {
            self.stats.generated += 1;
            self.own.push(m.clone());
            self.max_level(unit + 1);
            self.own.pop();
            if self.aborted {
                break;
            }
        }
        self.buffers[unit] = moves;
    }

    /// The minimum over the moves of enemy unit `unit` and all completions of the enemy
    /// assignment — exact when above `alpha` (or equal to it while the fallback is best),
    /// otherwise some value `<= alpha` (the search stops as soon as that is certain).
    fn min_level(&mut self, unit: usize, alpha: Option<G::Value>) -> G::Value {
        if unit == self.enemy_units {
            return self.game.evaluate(&self.own, &self.enemy);
        }
        let level = self.own_units + unit;
        if !self.enter(level) {
            return G::Value::min_value();
        }
        let mut moves = mem::take(&mut self.buffers[level]);
        moves.clear();
        self.game
            .enemy_moves(unit, &self.own, &self.enemy, &mut moves);
        let mut value = G::Value::max_value();
        for m in &moves {
            self.stats.generated += 1;
            self.enemy.push(m.clone());
            let v = self.min_level(unit + 1, alpha);
            self.enemy.pop();
            if self.aborted {
                break;
            }
            value = value.min(v);
            // While the fallback is best, an assignment as good replaces it: cut only below.
            if alpha.is_some_and(|a| value < a || (value == a && !self.fallback)) {
                break;
            }
        }
        self.buffers[level] = moves;
        value
    }

    /// Counts a decision at `level`; false (and `aborted` set) when the budget is spent.
    fn enter(&mut self, level: usize) -> bool {
        self.stats.frontier(level + 1);
        if self.meter.spent(self.stats.expanded) {
            self.aborted = true;
            return false;
        }
        self.stats.expanded += 1;
        true
    }
}

/// Plain minimax over the same chain: every own assignment, every enemy reply, no cuts.
/// The reference for [`chain_alphabeta`] (same result) and a baseline for its speed-up.
pub fn chain_minimax<G: ChainGame>(
    game: &mut G,
    budget: &Budget,
) -> ChainResult<G::Move, G::Value> {
    let mut stats = Stats::default();
    let mut meter = budget.meter();
    let mut aborted = false;
    let mut best: Option<(Vec<G::Move>, G::Value)> = None;
    let mut own = Vec::new();
    max_chain(
        game,
        &mut own,
        &mut best,
        &mut stats,
        &mut meter,
        &mut aborted,
    );
    ChainResult {
        best,
        stats,
        budget_exhausted: aborted,
    }
}

/// Recursively enumerates own assignments, scoring each complete one by [`min_chain`].
fn max_chain<G: ChainGame>(
    game: &mut G,
    own: &mut Vec<G::Move>,
    best: &mut Option<(Vec<G::Move>, G::Value)>,
    stats: &mut Stats,
    meter: &mut Meter<'_>,
    aborted: &mut bool,
) {
    let unit = own.len();
    if unit == game.own_units() {
        let v = min_chain(game, own, &mut Vec::new(), stats, meter, aborted);
        if !*aborted && best.as_ref().is_none_or(|&(_, b)| v > b) {
            *best = Some((own.clone(), v));
        }
        return;
    }
    stats.frontier(unit + 1);
    if meter.spent(stats.expanded) {
        *aborted = true;
        return;
    }
    stats.expanded += 1;
    let mut moves = Vec::new();
    game.own_moves(unit, own, &mut moves);
    for m in moves {
        stats.generated += 1;
        own.push(m);
        max_chain(game, own, best, stats, meter, aborted);
        own.pop();
        if *aborted {
            return;
        }
    }
}

/// The minimum over all enemy completions of `enemy` of the leaf evaluation.
fn min_chain<G: ChainGame>(
    game: &mut G,
    own: &[G::Move],
    enemy: &mut Vec<G::Move>,
    stats: &mut Stats,
    meter: &mut Meter<'_>,
    aborted: &mut bool,
) -> G::Value {
    let unit = enemy.len();
    if unit == game.enemy_units() {
        return game.evaluate(own, enemy);
    }
    stats.frontier(own.len() + unit + 1);
    if meter.spent(stats.expanded) {
        *aborted = true;
        return G::Value::min_value();
    }
    stats.expanded += 1;
    let mut moves = Vec::new();
    game.enemy_moves(unit, own, enemy, &mut moves);
    let mut value = G::Value::max_value();
    for m in moves {
        stats.generated += 1;
        enemy.push(m);
        let v = min_chain(game, own, enemy, stats, meter, aborted);
        enemy.pop();
        if *aborted {
            break;
        }
        value = value.min(v);
    }
    value
}

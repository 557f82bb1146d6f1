//! An Ants-like fight as a [`ChainGame`], shared by the property tests and the bench.

use search::adversarial::ChainGame;

/// An Ants-like fight on a small bounded map with water. Moves are destination squares;
/// the evaluation resolves the fight with the Ants "focus" rule (attack radius² 5) and
/// collisions, and scores `weights.0 * dead enemies - weights.1 * dead own - distance`.
#[derive(Clone, Debug)]
pub struct Fight {
    pub rows: i32,
    pub cols: i32,
    pub water: Vec<bool>,
    pub own: Vec<(i32, i32)>,
    pub enemy: Vec<(i32, i32)>,
    pub weights: (i32, i32),
    /// Per-unit rotation of the move order, so that move ordering varies between cases.
    pub order: Vec<usize>,
    /// Enemies far from every own destination only consider staying (a dependency table).
    pub prune_far_enemies: bool,
    /// [`ChainGame::fallback_move`]: every own unit's fallback is this index (modulo the
    /// length of its move list); `None`: no fallback.
    pub fallback: Option<usize>,
}

impl Fight {
    pub fn land(&self, (r, c): (i32, i32)) -> bool {
        (0..self.rows).contains(&r)
            && (0..self.cols).contains(&c)
            && !self.water[(r * self.cols + c) as usize]
    }

    /// Staying put, then N, E, S, W where there is land, rotated by `rot`.
    pub fn steps(&self, from: (i32, i32), rot: usize) -> Vec<(i32, i32)> {
        let mut out = vec![from];
        out.extend(
            [(-1, 0), (0, 1), (1, 0), (0, -1)]
                .map(|(dr, dc)| (from.0 + dr, from.1 + dc))
                .into_iter()
                .filter(|&p| self.land(p)),
        );
        let k = rot % out.len();
        out.rotate_left(k);
        out
    }

    pub fn resolve(own: &[(i32, i32)], enemy: &[(i32, i32)]) -> (i32, i32, i32) {
        let d2 = |a: (i32, i32), b: (i32, i32)| (a.0 - b.0).pow(2) + (a.1 - b.1).pow(2);
        let in_range =
            |p: (i32, i32), foes: &[(i32, i32)]| foes.iter().filter(|&&f| d2(p, f) <= 5).count();
        let dies = |p: (i32, i32), friends: &[(i32, i32)], foes: &[(i32, i32)]| {
            let mine = in_range(p, foes);
            foes.contains(&p)
                || foes
                    .iter()
                    .any(|&f| d2(p, f) <= 5 && in_range(f, friends) <= mine)
        };
        let dead_own = own.iter().filter(|&&p| dies(p, own, enemy)).count() as i32;
        let dead_enemy = enemy.iter().filter(|&&p| dies(p, enemy, own)).count() as i32;
        let dist: i32 = own
            .iter()
            .map(|&p| {
                enemy
                    .iter()
                    .map(|&e| (p.0 - e.0).abs() + (p.1 - e.1).abs())
                    .min()
                    .unwrap_or(0)
            })
            .sum();
        (dead_own, dead_enemy, dist)
    }
}

impl ChainGame for Fight {
    type Move = (i32, i32);
    type Value = i32;

    fn own_units(&self) -> usize {
        self.own.len()
    }

    fn enemy_units(&self) -> usize {
        self.enemy.len()
    }

    fn own_moves(&mut self, unit: usize, own: &[(i32, i32)], moves: &mut Vec<(i32, i32)>) {
        let from = self.own[unit];
        for to in self.steps(from, self.order[unit]) {
            // No two own ants on one square; swapping two neighbours equals both staying.
            let taken = own.contains(&to);
            let swap = own
                .iter()
                .zip(&self.own)
                .any(|(&dest, &start)| start == to && dest == from && to != from);
            if !taken && !swap {
                moves.push(to);
            }
        }
    }

    fn enemy_moves(
        &mut self,
        unit: usize,
        own: &[(i32, i32)],
        enemy: &[(i32, i32)],
        moves: &mut Vec<(i32, i32)>,
    ) {
        let from = self.enemy[unit];
        let near = own
            .iter()
            .any(|&o| (o.0 - from.0).abs() + (o.1 - from.1).abs() <= 4);
        if self.prune_far_enemies && !near {
            moves.push(from);
            return;
        }
        moves.extend(
            self.steps(from, self.order[self.own.len() + unit])
                .into_iter()
                .filter(|to| !enemy.contains(to)),
        );
    }

    fn evaluate(&mut self, own: &[(i32, i32)], enemy: &[(i32, i32)]) -> i32 {
        let (dead_own, dead_enemy, dist) = Self::resolve(own, enemy);
        self.weights.0 * dead_enemy - self.weights.1 * dead_own - dist
    }

    fn fallback_move(&mut self, _unit: usize, moves: &[(i32, i32)]) -> Option<usize> {
        self.fallback
            .filter(|_| !moves.is_empty())
            .map(|k| k % moves.len())
    }
}

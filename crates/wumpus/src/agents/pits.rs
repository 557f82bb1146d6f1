//! Exact pit inference for the champion: posterior pit probabilities given breeze
//! observations, by weighted model enumeration on each connected frontier component.
//!
//! Pits are independent Bernoulli(`prior`) a priori, so cells outside the frontier keep the
//! prior and components are independent; each component is enumerated exactly by
//! backtracking with constraint pruning (components above [`MAX_EXACT`] variables fall back
//! to a per-constraint approximation).

/// Largest component enumerated exactly.
pub const MAX_EXACT: usize = 14;

/// A breeze constraint: at least one of `vars` is a pit.
#[derive(Clone, Debug)]
pub struct Constraint {
    /// Variable indices.
    pub vars: Vec<usize>,
}

/// Posterior pit probability of each of `n` variables given "at least one pit" constraints.
pub fn posterior(n: usize, constraints: &[Constraint], prior: f64) -> Vec<f64> {
    let mut probs = vec![prior; n];
    let mut var_cons: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (k, c) in constraints.iter().enumerate() {
        for &v in &c.vars {
            var_cons[v].push(k);
        }
    }
    let mut comp = vec![usize::MAX; n];
    for s in 0..n {
        if comp[s] != usize::MAX || var_cons[s].is_empty() {
            continue;
        }
        let mut order = vec![s];
        comp[s] = s;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            for &k in &var_cons[v] {
                for &u in &constraints[k].vars {
                    if comp[u] == usize::MAX {
                        comp[u] = s;
                        order.push(u);
                    }
                }
            }
        }
        let cons: Vec<usize> = {
            let mut c: Vec<usize> = order
                .iter()
                .flat_map(|&v| var_cons[v].iter().copied())
                .collect();
            c.sort_unstable();
            c.dedup();
            c
        };
        let marg = if order.len() <= MAX_EXACT {
            enumerate(&order, &cons, constraints, prior)
        } else {
            approximate(&order, &cons, constraints, prior)
        };
        for (j, &v) in order.iter().enumerate() {
            probs[v] = marg[j];
        }
    }
    probs
}

fn enumerate(order: &[usize], cons: &[usize], constraints: &[Constraint], prior: f64) -> Vec<f64> {
    let m = order.len();
    let mut pos = vec![usize::MAX; order.iter().copied().max().map_or(0, |x| x + 1)];
    for (j, &v) in order.iter().enumerate() {
        pos[v] = j;
    }
    // constraints closing at each position, as lists of local positions
    let mut closing: Vec<Vec<Vec<usize>>> = vec![Vec::new(); m];
    for &k in cons {
        let locals: Vec<usize> = constraints[k].vars.iter().map(|&v| pos[v]).collect();
        if let Some(&last) = locals.iter().max() {
            closing[last].push(locals);
        }
    }
    let mut st = Enum {
        assign: vec![false; m],
        total: 0.0,
        pit_w: vec![0.0; m],
        closing,
        prior,
    };
    st.go(0, 1.0);
    if st.total <= 0.0 {
        return vec![prior; m];
    }
    st.pit_w.iter().map(|w| w / st.total).collect()
}

struct Enum {
    assign: Vec<bool>,
    total: f64,
    pit_w: Vec<f64>,
    closing: Vec<Vec<Vec<usize>>>,
    prior: f64,
}

impl Enum {
    fn go(&mut self, j: usize, w: f64) {
        if j == self.assign.len() {
            self.total += w;
            for (k, &a) in self.assign.iter().enumerate() {
                if a {
                    self.pit_w[k] += w;
                }
            }
            return;
        }
        for val in [false, true] {
            self.assign[j] = val;
            let ok = self.closing[j]
                .iter()
                .all(|c| c.iter().any(|&l| self.assign[l]));
            if ok {
                let f = if val { self.prior } else { 1.0 - self.prior };
                self.go(j + 1, w * f);
            }
        }
        self.assign[j] = false;
    }
}

fn approximate(
    order: &[usize],
    cons: &[usize],
    constraints: &[Constraint],
    prior: f64,
) -> Vec<f64> {
    order
        .iter()
        .map(|&v| {
            let mut p_free = 1.0 - prior;
            for &k in cons {
                let c = &constraints[k].vars;
                if c.contains(&v) {
                    p_free *= 1.0 - 1.0 / c.len() as f64;
                }
            }
            1.0 - p_free
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn brute(n: usize, cons: &[Constraint], prior: f64) -> Vec<f64> {
        let mut total = 0.0;
        let mut pw = vec![0.0; n];
        for mask in 0u32..(1 << n) {
            if !cons
                .iter()
                .all(|c| c.vars.iter().any(|&v| mask >> v & 1 == 1))
            {
                continue;
            }
            let k = mask.count_ones() as i32;
            let w = prior.powi(k) * (1.0 - prior).powi(n as i32 - k);
            total += w;
            for (v, p) in pw.iter_mut().enumerate() {
                if mask >> v & 1 == 1 {
                    *p += w;
                }
            }
        }
        pw.iter().map(|w| w / total).collect()
    }

    #[test]
    fn single_cell_constraint_is_certain() {
        let p = posterior(3, &[Constraint { vars: vec![1] }], 0.1);
        assert!((p[1] - 1.0).abs() < 1e-12);
        assert!((p[0] - 0.1).abs() < 1e-12);
    }

    #[test]
    fn two_cell_constraint() {
        // P(a | a or b) = p / (1 - (1-p)^2)
        let p = posterior(2, &[Constraint { vars: vec![0, 1] }], 0.1);
        let want = 0.1 / (1.0 - 0.81);
        assert!((p[0] - want).abs() < 1e-12 && (p[1] - want).abs() < 1e-12);
    }

    proptest! {
        #[test]
        fn matches_brute_force(n in 1usize..10, raw in proptest::collection::vec(proptest::collection::vec(0usize..10, 1..4), 0..6), prior in 0.05f64..0.5) {
            let cons: Vec<Constraint> = raw.into_iter().map(|vs| {
                let mut v: Vec<usize> = vs.into_iter().map(|x| x % n).collect();
                v.sort_unstable();
                v.dedup();
                Constraint { vars: v }
            }).collect();
            let got = posterior(n, &cons, prior);
            let want = brute(n, &cons, prior);
            for (g, w) in got.iter().zip(&want) {
                prop_assert!((g - w).abs() < 1e-9, "{got:?} vs {want:?}");
            }
        }
    }
}

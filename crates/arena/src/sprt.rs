//! The sequential probability ratio test (SPRT) of a two-bot match, as fishtest runs it.
//!
//! Results are either a *pentanomial* — counts of game pairs (the two games of a pair are
//! played on the same map and seed with the seats swapped) by the candidate's pair score
//! 0, ½, 1, 1½, 2 — or a *trinomial* — counts of single games lost, drawn and won. Elo is
//! fishtest's *normalized* Elo (nElo): `nElo = 800 / ln 10 · t`, where `t` is the
//! t-value `(score − ½) / σ` of one game (for pairs, σ is the per-pair standard deviation
//! divided by √2). The test is fishtest's generalized SPRT: the log-likelihood ratio is
//! `N · Σ p̂ᵢ · ln(p₁ᵢ / p₀ᵢ)`, where `p̂` is the observed distribution (zero counts replaced
//! by 10⁻³) and `p₀`, `p₁` are the distributions of greatest likelihood whose t-value is
//! that of `elo0`, `elo1`. The test accepts H1 (`elo ≥ elo1`) when the LLR reaches
//! `ln((1 − β) / α)` and H0 (`elo ≤ elo0`) when it falls to `ln(β / (1 − α))`.
//!
//! Everything here is pure arithmetic on counts; [`crate::sprt_run`] feeds it from games.

use serde::{Deserialize, Serialize};

/// nElo per unit of t-value: `800 / ln 10`.
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The largest |elo0|, |elo1| accepted (normalized Elo); larger bounds make the test
/// meaningless and the likelihood maximisation ill-posed.
pub const MAX_ELO: f64 = 200.0;

/// Count given to an outcome never observed, so that every likelihood is positive.
const EPSILON_COUNT: f64 = 1e-3;

/// The `[sprt]` table of an arena config: the hypotheses (normalized Elo of the first bot
/// over the second) and the error rates.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SprtConfig {
    /// H0: the Elo difference is at most this (default 0).
    #[serde(default = "default_elo0")]
    pub elo0: f64,
    /// H1: the Elo difference is at least this (default 5).
    #[serde(default = "default_elo1")]
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds (default 0.05).
    #[serde(default = "default_error")]
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds (default 0.05).
    #[serde(default = "default_error")]
    pub beta: f64,
}

fn default_elo0() -> f64 {
    0.0
}

fn default_elo1() -> f64 {
    5.0
}

fn default_error() -> f64 {
    0.05
}

impl Default for SprtConfig {
    fn default() -> Self {
        Self {
            elo0: default_elo0(),
            elo1: default_elo1(),
            alpha: default_error(),
            beta: default_error(),
        }
    }
}

impl SprtConfig {
    /// Checks the values: finite Elo bounds within ±[`MAX_ELO`] with `elo0 < elo1`, and
    /// error rates strictly between 0 and ½. The error names the key.
    pub fn validate(&self) -> Result<(), (String, String)> {
        for (key, v) in [("sprt.elo0", self.elo0), ("sprt.elo1", self.elo1)] {
            if !v.is_finite() || v.abs() > MAX_ELO {
                return Err((
                    key.into(),
                    format!("must be a number between -{MAX_ELO} and {MAX_ELO}"),
                ));
            }
        }
        if self.elo0 >= self.elo1 {
            return Err(("sprt.elo1".into(), "must be greater than elo0".into()));
        }
        for (key, v) in [("sprt.alpha", self.alpha), ("sprt.beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err((key.into(), "must be between 0 and 0.5 (exclusive)".into()));
            }
        }
        Ok(())
    }

    /// The lower bound `ln(β / (1 − α))` (H0 is accepted at or below it).
    pub fn lower(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The upper bound `ln((1 − β) / α)` (H1 is accepted at or above it).
    pub fn upper(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }
}

/// The counts of a match from the first bot's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
    /// Complete game pairs by pair score 0, ½, 1, 1½, 2 (`None`: the games are not
    /// paired and the test uses the trinomial).
    pub pairs: Option<[u64; 5]>,
}

impl Tally {
    /// Games counted in W/D/L.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// The results the test uses: the pentanomial when pairs apply, else `[L, D, W]`.
    pub fn results(&self) -> Vec<u64> {
        match self.pairs {
            Some(p) => p.to_vec(),
            None => vec![self.losses, self.draws, self.wins],
        }
    }
}

/// The test's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Verdict {
    /// The LLR reached the upper bound: the first bot is at least `elo1` stronger.
    H1,
    /// The LLR reached the lower bound: the first bot is at most `elo0` stronger.
    H0,
    /// Neither bound reached yet.
    Continue,
}

impl Verdict {
    /// Words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            Self::H1 => "H1 accepted",
            Self::H0 => "H0 accepted",
            Self::Continue => "undecided",
        }
    }
}

/// An Elo estimate with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Estimate {
    /// Point estimate.
    pub value: f64,
    /// Lower end of the 95 % interval.
    pub lo: f64,
    /// Upper end of the 95 % interval.
    pub hi: f64,
}

/// The state of a test: the counts, the LLR against its bounds, the verdict and the Elo
/// difference.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// The hypotheses and error rates.
    pub config: SprtConfig,
    /// The counts.
    pub tally: Tally,
    /// The log-likelihood ratio (0 before any game).
    pub llr: f64,
    /// `ln(β / (1 − α))`.
    pub lower: f64,
    /// `ln((1 − β) / α)`.
    pub upper: f64,
    /// The decision.
    pub verdict: Verdict,
    /// Logistic Elo (from the mean score) with its 95 % interval; `None` before any game.
    pub elo: Option<Estimate>,
    /// Normalized Elo with its 95 % interval; `None` before any game.
    pub nelo: Option<Estimate>,
}

/// Runs the test on `tally`.
pub fn analyze(config: &SprtConfig, tally: &Tally) -> Analysis {
    let results = tally.results();
    let llr = llr_normalized(&results, config.elo0, config.elo1).unwrap_or(0.0);
    let (lower, upper) = (config.lower(), config.upper());
    let verdict = if llr >= upper {
        Verdict::H1
    } else if llr <= lower {
        Verdict::H0
    } else {
        Verdict::Continue
    };
    let (elo, nelo) = estimates(&results).unzip();
    Analysis {
        config: *config,
        tally: *tally,
        llr,
        lower,
        upper,
        verdict,
        elo,
        nelo,
    }
}

/// The empirical distribution of `results` (outcome `i` of `k` has value `i / (k − 1)`),
/// zero counts replaced by 10⁻³, and the (regularised) number of observations. `None`
/// when nothing was observed.
fn to_pdf(results: &[u64]) -> Option<(f64, Vec<(f64, f64)>)> {
    if results.len() < 2 || results.iter().all(|&c| c == 0) {
        return None;
    }
    let counts: Vec<f64> = results
        .iter()
        .map(|&c| if c == 0 { EPSILON_COUNT } else { c as f64 })
        .collect();
    let n: f64 = counts.iter().sum();
    let k = (counts.len() - 1) as f64;
    Some((
        n,
        counts
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as f64 / k, c / n))
            .collect(),
    ))
}

/// Mean and variance of a discrete distribution of (value, probability).
fn stats(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| a * p).sum();
    let var = pdf.iter().map(|(a, p)| p * (a - mean).powi(2)).sum();
    (mean, var)
}

/// The root of `Σ pᵢ aᵢ / (1 + x aᵢ) = 0` on `(−1 / max a, −1 / min a)` (the function is
/// strictly decreasing there); `None` when the values do not straddle zero.
fn secular(pdf: &[(f64, f64)]) -> Option<f64> {
    let v = pdf.iter().map(|x| x.0).fold(f64::INFINITY, f64::min);
    let w = pdf.iter().map(|x| x.0).fold(f64::NEG_INFINITY, f64::max);
    if !(v < 0.0 && w > 0.0) {
        return None;
    }
    let f = |x: f64| pdf.iter().map(|(a, p)| p * a / (1.0 + x * a)).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / w, -1.0 / v);
    let span = hi - lo;
    lo += span * 1e-12;
    hi -= span * 1e-12;
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo <= 1e-15 * (1.0 + mid.abs()) {
            break;
        }
    }
    Some(0.5 * (lo + hi))
}

/// The distribution on the support of `pdfhat` of greatest likelihood for the
/// observations `pdfhat` among those with t-value `(mean − reference) / σ = t`.
fn mle_t_value(pdfhat: &[(f64, f64)], reference: f64, t: f64) -> Option<Vec<(f64, f64)>> {
    let k = pdfhat.len() as f64;
    let mut pdf: Vec<(f64, f64)> = pdfhat.iter().map(|&(a, _)| (a, 1.0 / k)).collect();
    for _ in 0..100 {
        let (mu, var) = stats(&pdf);
        let sigma = var.sqrt();
        if sigma <= 0.0 || !sigma.is_finite() {
            return None;
        }
        let shifted: Vec<(f64, f64)> = pdfhat
            .iter()
            .map(|&(a, p)| {
                let z = (mu - a) / sigma;
                (a - reference - t * sigma * (1.0 + z * z) / 2.0, p)
            })
            .collect();
        let x = secular(&shifted)?;
        let next: Vec<(f64, f64)> = pdfhat
            .iter()
            .zip(&shifted)
            .map(|(&(a, p), &(s, _))| (a, p / (1.0 + x * s)))
            .collect();
        let change = next
            .iter()
            .zip(&pdf)
            .map(|(n, o)| (n.1 - o.1).abs())
            .fold(0.0, f64::max);
        pdf = next;
        if change < 1e-12 {
            break;
        }
    }
    pdf.iter()
        .all(|&(_, p)| p > 0.0 && p.is_finite())
        .then_some(pdf)
}

/// fishtest's log-likelihood ratio of H1 (`nelo1`) against H0 (`nelo0`) for `results`:
/// a pentanomial (5 counts of pair scores 0 … 2) or a trinomial (3 counts L, D, W).
/// `None` when no game was counted or the likelihood cannot be maximised.
pub fn llr_normalized(results: &[u64], nelo0: f64, nelo1: f64) -> Option<f64> {
    let (n, pdf) = to_pdf(results)?;
    let scale = if results.len() == 5 {
        std::f64::consts::SQRT_2
    } else {
        1.0
    };
    let (t0, t1) = (nelo0 / NELO_PER_T * scale, nelo1 / NELO_PER_T * scale);
    let p0 = mle_t_value(&pdf, 0.5, t0)?;
    let p1 = mle_t_value(&pdf, 0.5, t1)?;
    let mean_jump: f64 = pdf
        .iter()
        .zip(p0.iter().zip(&p1))
        .map(|(&(_, p), (q0, q1))| p * (q1.1.ln() - q0.1.ln()))
        .sum();
    let llr = n * mean_jump;
    llr.is_finite().then_some(llr)
}

/// Logistic Elo of a mean score (clamped to [0.001, 0.999]).
pub fn logistic_elo(score: f64) -> f64 {
    let s = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Logistic and normalized Elo with 95 % intervals from the (regularised) results: the
/// mean score per game `s` with standard error `σ / √N` (σ of one pair for pentanomials,
/// where the per-game t-value uses σ / √2).
fn estimates(results: &[u64]) -> Option<(Estimate, Estimate)> {
    let (n, pdf) = to_pdf(results)?;
    let (mean, var) = stats(&pdf);
    let se = (var / n).sqrt();
    let z = 1.959_963_984_540_054;
    let elo = Estimate {
        value: logistic_elo(mean),
        lo: logistic_elo(mean - z * se),
        hi: logistic_elo(mean + z * se),
    };
    let (sigma_game, games) = if results.len() == 5 {
        ((2.0 * var).sqrt(), 2.0 * n)
    } else {
        (var.sqrt(), n)
    };
    let nelo_value = if sigma_game > 0.0 {
        (mean - 0.5) / sigma_game * NELO_PER_T
    } else {
        0.0
    };
    let half = z * NELO_PER_T / games.sqrt();
    let nelo = Estimate {
        value: nelo_value,
        lo: nelo_value - half,
        hi: nelo_value + half,
    };
    Some((elo, nelo))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn bounds_are_fishtests() {
        let c = SprtConfig::default();
        assert!(close(c.lower(), -2.944_438_979, 1e-8), "{}", c.lower());
        assert!(close(c.upper(), 2.944_438_979, 1e-8), "{}", c.upper());
        assert_eq!((c.elo0, c.elo1, c.alpha, c.beta), (0.0, 5.0, 0.05, 0.05));
    }

    /// fastchess prints `Ptnml(0-2): [0, 0, 2, 0, 37]` … `LLR: 2.96 (-2.94, 2.94)
    /// [0.00, 20.00]` for a normalized-Elo SPRT; the same counts give the same LLR here.
    #[test]
    fn pentanomial_llr_matches_a_published_run() {
        let llr = llr_normalized(&[0, 0, 2, 0, 37], 0.0, 20.0).unwrap();
        assert!(close(llr, 2.962, 0.001), "{llr}");
    }

    /// Independent check: for a trinomial the maximum-likelihood distribution under a
    /// t-value constraint can be found by brute force over a fine grid of (p_L, p_W).
    #[test]
    fn trinomial_llr_matches_brute_force_maximum_likelihood() {
        let counts = [30u64, 40, 50];
        let n: f64 = counts.iter().sum::<u64>() as f64;
        let loglik = |t: f64| {
            // Maximise Σ cᵢ ln qᵢ over distributions q on {0, ½, 1} with t-value t.
            let mut best = f64::NEG_INFINITY;
            let steps = 4000;
            for i in 1..steps {
                let pl = f64::from(i) / f64::from(steps);
                // For fixed p_L, solve for p_W by bisection on the t-value (monotone in p_W).
                let tval = |pw: f64| {
                    let pd = 1.0 - pl - pw;
                    let mean = 0.5 * pd + pw;
                    let var =
                        pl * mean * mean + pd * (0.5 - mean).powi(2) + pw * (1.0 - mean).powi(2);
                    (mean - 0.5) / var.sqrt()
                };
                let (mut lo, mut hi) = (1e-12, 1.0 - pl - 1e-12);
                if hi <= lo || tval(lo) > t || tval(hi) < t {
                    continue;
                }
                for _ in 0..80 {
                    let mid = 0.5 * (lo + hi);
                    if tval(mid) < t {
                        lo = mid;
                    } else {
                        hi = mid;
                    }
                }
                let pw = 0.5 * (lo + hi);
                let pd = 1.0 - pl - pw;
                let ll = counts[0] as f64 * pl.ln()
                    + counts[1] as f64 * pd.ln()
                    + counts[2] as f64 * pw.ln();
                best = best.max(ll);
            }
            best
        };
        let (e0, e1) = (0.0, 40.0);
        let brute = loglik(e1 / NELO_PER_T) - loglik(e0 / NELO_PER_T);
        let llr = llr_normalized(&counts, e0, e1).unwrap();
        assert!(
            close(llr, brute, 0.01),
            "{llr} vs brute force {brute} (n = {n})"
        );
    }

    #[test]
    fn no_games_no_evidence() {
        let a = analyze(&SprtConfig::default(), &Tally::default());
        assert!(a.llr.abs() < f64::EPSILON);
        assert_eq!(a.verdict, Verdict::Continue);
        assert!(a.elo.is_none() && a.nelo.is_none());
    }

    #[test]
    fn a_sweep_accepts_h1_and_a_rout_accepts_h0() {
        // With every pair won the LLR grows by about 0.078 per pair for bounds [0, 20]
        // (fishtest's regularisation keeps unseen outcomes possible): 40 pairs suffice.
        let cfg = SprtConfig {
            elo1: 20.0,
            ..SprtConfig::default()
        };
        let win = Tally {
            wins: 80,
            draws: 0,
            losses: 0,
            pairs: Some([0, 0, 0, 0, 40]),
        };
        let a = analyze(&cfg, &win);
        assert_eq!(a.verdict, Verdict::H1, "{a:?}");
        assert!(a.elo.unwrap().lo > 0.0);
        let loss = Tally {
            wins: 0,
            draws: 0,
            losses: 80,
            pairs: Some([40, 0, 0, 0, 0]),
        };
        let a = analyze(&cfg, &loss);
        assert_eq!(a.verdict, Verdict::H0, "{a:?}");
        assert!(a.elo.unwrap().hi < 0.0);
    }

    #[test]
    fn elo_of_an_even_match_is_zero_with_a_symmetric_interval() {
        let t = Tally {
            wins: 30,
            draws: 40,
            losses: 30,
            pairs: None,
        };
        let e = analyze(&SprtConfig::default(), &t).elo.unwrap();
        assert!(close(e.value, 0.0, 1e-9));
        assert!(close(e.lo, -e.hi, 1e-9) && e.hi > 0.0, "{e:?}");
        // 100 games, σ = √0.15: the score interval is 0.5 ± 1.96·0.0387 → about ±53 Elo.
        assert!(close(e.hi, 53.16, 0.01), "{e:?}");
    }

    #[test]
    fn config_values_are_checked() {
        let bad = |c: SprtConfig| c.validate().unwrap_err().0;
        let d = SprtConfig::default();
        assert_eq!(bad(SprtConfig { elo1: -1.0, ..d }), "sprt.elo1");
        assert_eq!(
            bad(SprtConfig {
                elo0: f64::NAN,
                ..d
            }),
            "sprt.elo0"
        );
        assert_eq!(bad(SprtConfig { alpha: 0.0, ..d }), "sprt.alpha");
        assert_eq!(bad(SprtConfig { beta: 0.7, ..d }), "sprt.beta");
        assert!(d.validate().is_ok());
    }

    proptest! {
        /// One more win in place of a loss never lowers the LLR, nor the Elo estimate.
        #[test]
        fn llr_is_monotone_in_wins(l in 1u64..60, d in 0u64..60, w in 0u64..60) {
            let before = llr_normalized(&[l, d, w], 0.0, 5.0).unwrap();
            let after = llr_normalized(&[l - 1, d, w + 1], 0.0, 5.0).unwrap();
            prop_assert!(after >= before - 1e-9, "{before} -> {after}");
        }

        /// Likewise for pairs: moving a pair from score s to s + ½ never lowers the LLR.
        #[test]
        fn pentanomial_llr_is_monotone(c in proptest::array::uniform5(0u64..30), i in 0usize..4) {
            let mut c = c;
            prop_assume!(c[i] > 0);
            let before = llr_normalized(&c, 0.0, 5.0).unwrap();
            c[i] -= 1;
            c[i + 1] += 1;
            let after = llr_normalized(&c, 0.0, 5.0).unwrap();
            prop_assert!(after >= before - 1e-9, "{before} -> {after}");
        }

        /// Swapping the bots mirrors the evidence: the LLR of H1 (elo ≥ e) for one bot is
        /// the LLR of "elo ≤ −e" for the other.
        #[test]
        fn swapping_the_bots_mirrors_the_llr(l in 0u64..50, d in 0u64..50, w in 0u64..50, e in 1.0f64..30.0) {
            prop_assume!(l + d + w > 0);
            let a = llr_normalized(&[l, d, w], 0.0, e).unwrap();
            let b = llr_normalized(&[w, d, l], -e, 0.0).unwrap();
            prop_assert!((a + b).abs() < 1e-6, "{a} vs {b}");
        }

        /// The Elo interval contains the estimate and narrows with more games.
        #[test]
        fn interval_contains_estimate(l in 1u64..40, d in 0u64..40, w in 1u64..40) {
            let one = estimates(&[l, d, w]).unwrap().0;
            let ten = estimates(&[10 * l, 10 * d, 10 * w]).unwrap().0;
            prop_assert!(one.lo <= one.value && one.value <= one.hi);
            prop_assert!(ten.hi - ten.lo < one.hi - one.lo);
        }
    }
}

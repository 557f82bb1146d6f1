//! SplitMix64: the one random number generator of the wumpus crate (spec §2.2), a thin
//! wrapper around [`rand_xoshiro::SplitMix64`] adding the spec's `below` and `unit`
//! reductions.

use rand_xoshiro::rand_core::{RngCore as _, SeedableRng as _};

/// SplitMix64 generator with a 64-bit state, seeded directly with the seed (no extra
/// mixing).
#[derive(Clone, Debug)]
pub struct SplitMix64(rand_xoshiro::SplitMix64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(rand_xoshiro::SplitMix64::seed_from_u64(seed))
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// `next() % n`; `n` must be positive.
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0, "below(0)");
        self.next_u64() % n.max(1)
    }

    /// A float in `[0, 1)`: `(next() >> 11) / 2^53`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_test_vector() {
        let mut r = SplitMix64::new(1);
        assert_eq!(r.next_u64(), 0x910a_2dec_8902_5cc1);
        assert_eq!(r.next_u64(), 0xbeeb_8da1_658e_ec67);
        assert_eq!(r.next_u64(), 0xf893_a2ee_fb32_555e);
    }

    #[test]
    fn below_and_unit_ranges() {
        let mut r = SplitMix64::new(7);
        for _ in 0..1000 {
            assert!(r.below(5) < 5);
            let u = r.unit();
            assert!((0.0..1.0).contains(&u));
        }
    }

    #[test]
    fn below_and_unit_are_the_spec_reductions_of_next() {
        let mut a = SplitMix64::new(11);
        let mut b = SplitMix64::new(11);
        for n in [1_u64, 2, 3, 10, 47, 1000, u64::MAX] {
            assert_eq!(a.below(n), b.next_u64() % n);
            let bits = b.next_u64() >> 11;
            assert_eq!(
                a.unit().to_bits(),
                (bits as f64 / 9_007_199_254_740_992.0).to_bits()
            );
        }
    }
}

//! SplitMix64, the seeded generator every agent uses (spec E-29, `wumpus.md` §2.2): a thin
//! wrapper around [`rand_xoshiro::SplitMix64`] adding the spec's `below` reduction.

use rand_xoshiro::rand_core::{RngCore, SeedableRng};

/// SplitMix64 with a 64-bit state, seeded directly with the seed (no extra mixing).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64(rand_xoshiro::SplitMix64);

impl SplitMix64 {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Self(rand_xoshiro::SplitMix64::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`next() % n`, the spec's reduction); 0 when `n` is 0.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        (self.next_u64() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_reference_vector() {
        let mut r = SplitMix64::new(1);
        assert_eq!(r.next_u64(), 0x910a_2dec_8902_5cc1);
        assert_eq!(r.next_u64(), 0xbeeb_8da1_658e_ec67);
        assert_eq!(r.next_u64(), 0xf893_a2ee_fb32_555e);
    }

    #[test]
    fn below_is_next_modulo_n() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        for n in [1usize, 2, 3, 10, 47, 1000] {
            assert_eq!(a.below(n), (b.next_u64() % n as u64) as usize);
        }
        assert_eq!(a.below(0), 0);
    }
}

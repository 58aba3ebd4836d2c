//! PCG XSL RR 128/64 (O'Neill, "PCG: A Family of Simple Fast
//! Space-Efficient Statistically Good Algorithms for Random Number
//! Generation", 2014): a 128-bit LCG with the XSL RR output function, as
//! pcg-c's `pcg_setseq_128_xsl_rr_64` and `pcg_oneseq_128_xsl_rr_64`
//! (PHP 8.2's `Random\Engine\PcgOneseq128XslRr64` is the latter).

use crate::generators::impl_rng_u64;

/// pcg-c's `PCG_DEFAULT_MULTIPLIER_128`.
pub const MULTIPLIER: u128 = 0x2360_ed05_1fc6_5da4_4385_df64_9fcc_f645;
/// pcg-c's `PCG_DEFAULT_INCREMENT_128`, the increment of the "oneseq"
/// variant (PHP's `PcgOneseq128XslRr64`).
pub const DEFAULT_INCREMENT: u128 = 0x5851_f42d_4c95_7f2d_1405_7b7e_f767_814f;

/// PCG XSL RR 128/64: the state moves by `state = state * MULTIPLIER + inc`
/// (`inc` odd), and each step outputs the *new* state through XSL RR:
/// `rotr64(hi ^ lo, hi >> 58)`.
///
/// ```
/// use rngkit::runtimes::pcg64::Pcg64;
/// use rngkit::rand_core::Rng;
///
/// // PHP 8.2: (new Random\Engine\PcgOneseq128XslRr64(42))->generate() is
/// // the bytes 5a70f57fe8727428, and the serialised state after it is
/// // ["bb50df3306aa2826", "ebe43fd9f97acdce"] (little-endian hex).
/// let mut rng = Pcg64::oneseq(42);
/// assert_eq!(rng.next_u64(), 0x2874_72e8_7ff5_705a);
/// assert_eq!(rng.state(), 0x2628_aa06_33df_50bb_cecd_7af9_d93f_e4eb);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pcg64 {
    state: u128,
    inc: u128,
}

impl Pcg64 {
    /// `pcg_oneseq_128_srandom_r(initstate)`: the default increment, state
    /// 0, one step, add `initstate`, one step. PHP's
    /// `new PcgOneseq128XslRr64(int $seed)` is `oneseq(seed as u64)`.
    pub const fn oneseq(initstate: u128) -> Self {
        Self::seeded(initstate, DEFAULT_INCREMENT)
    }

    /// `pcg_setseq_128_srandom_r(initstate, initseq)`: increment
    /// `initseq << 1 | 1`, then as [`oneseq`](Self::oneseq).
    pub const fn setseq(initstate: u128, initseq: u128) -> Self {
        Self::seeded(initstate, (initseq << 1) | 1)
    }

    const fn seeded(initstate: u128, inc: u128) -> Self {
        let mut rng = Pcg64 { state: 0, inc };
        rng.step();
        rng.state = rng.state.wrapping_add(initstate);
        rng.step();
        rng
    }

    #[inline]
    const fn step(&mut self) {
        self.state = self.state.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
    }

    /// Moves `delta` steps forward in O(log delta) (Brown's algorithm,
    /// [`affine_power_u128`](crate::engines::lcg::affine_power_u128), as
    /// pcg-c's `pcg_advance_lcg_128` and PHP's `PcgOneseq128XslRr64::jump`).
    ///
    /// ```
    /// use rngkit::runtimes::pcg64::Pcg64;
    /// use rngkit::WordRng;
    ///
    /// let mut a = Pcg64::oneseq(7);
    /// let mut b = a.clone();
    /// a.advance(1000);
    /// b.discard(1000);
    /// assert_eq!(a, b);
    /// ```
    pub fn advance(&mut self, delta: u128) {
        let (mult, plus) = crate::engines::lcg::affine_power_u128(MULTIPLIER, self.inc, delta);
        self.state = mult.wrapping_mul(self.state).wrapping_add(plus);
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u64 {
        self.step();
        let hi = (self.state >> 64) as u64;
        let lo = self.state as u64;
        (hi ^ lo).rotate_right((hi >> 58) as u32)
    }
}

impl_rng_u64!(Pcg64, scalar);

/// The state of a 128-bit LCG with an odd increment (`state`, `inc`
/// fields) and what reads and sets it: `from_state`, `state`, `increment`
/// and `StateWords` under `$name`. PCG64 and numpy's PCG64DXSM keep the same
/// state and differ only in the step's multiplier and the output.
macro_rules! lcg128_state {
    ($ty:ident, $name:literal) => {
        impl $ty {
            /// The generator with exactly this state and increment.
            ///
            /// # Errors
            /// [`StateError::EvenIncrement`](crate::StateError::EvenIncrement) for an
            /// even increment (the LCG would not have full period); the error
            /// shows the increment's low 64 bits.
            pub const fn from_state(state: u128, inc: u128) -> Result<Self, $crate::StateError> {
                if inc & 1 == 0 {
                    Err($crate::StateError::EvenIncrement {
                        increment: inc as u64,
                    })
                } else {
                    Ok($ty { state, inc })
                }
            }

            /// The 128-bit LCG state.
            pub const fn state(&self) -> u128 {
                self.state
            }

            /// The (odd) increment.
            pub const fn increment(&self) -> u128 {
                self.inc
            }
        }

        impl $crate::StateWords for $ty {
            const NAME: &'static str = $name;
            const WORD_BITS: u32 = 64;
            /// state hi, state lo, increment hi, increment lo.
            const WORD_COUNT: usize = 4;
            /// The 128-bit state; the increment is the stream, which is given.
            const FREE_BITS: u32 = 128;

            fn to_words(&self) -> alloc::vec::Vec<u64> {
                $crate::state::u128_words(&[self.state, self.inc])
            }

            fn from_words(words: &[u64]) -> Result<Self, $crate::StateError> {
                let [state, inc] = $crate::state::words_u128::<2>(Self::NAME, words)?;
                Self::from_state(state, inc)
            }
        }
    };
}
pub(crate) use lcg128_state;

lcg128_state!(Pcg64, "pcg64");

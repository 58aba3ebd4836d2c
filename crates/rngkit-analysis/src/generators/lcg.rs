//! The analysis of the power-of-two-modulus LCGs whose output is the new
//! state (`unreal`, `pokerng`, `xdrng`, `arng`, `bwrng`): stepping back (the
//! games' reverse generators), O(log n) jumps (Brown's method), the exact
//! 2-adic distance, and state recovery from a few 16-bit outputs.
//!
//! Distance: advancing by `2^k` steps leaves the low `k` bits of the state
//! unchanged and flips bit `k` exactly when the LCG has full period (odd
//! increment, multiplier ≡ 1 mod 4), so the distance is fixed one bit at a
//! time, low bit first: 32 (64) jumps, exact over the whole period.
//!
//! Recovery (32-bit LCRNGs): each `next-u16` (or `bits` on the top half)
//! gives the high 16 bits of a state; the low 16 bits of the first state are
//! enumerated (65536 candidates) and each is checked against the others,
//! then against every observation.

use rngkit::WordRng;
use rngkit::engines::lcg::{Lcg32, Lcg32Params, Lcg64, Lcg64Params, affine_distance};
use rngkit::registry::{Engine, Gen};

use crate::observe::{Observation, layout};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, conclude, fits};
use crate::{Distance, DistanceError, Jump, StepBack};

impl<P: Lcg32Params> StepBack for Lcg32<P>
where
    Lcg32<P>: WordRng,
{
    fn step_back(&mut self) {
        self.prev_output();
    }
}

impl<P: Lcg32Params> Jump for Lcg32<P>
where
    Lcg32<P>: WordRng,
{
    /// Period 2^32: `n` is taken modulo 2^32.
    fn jump(&mut self, n: u128) {
        Lcg32::jump(self, (n as u32).into());
    }

    fn jump_back(&mut self, n: u128) {
        Lcg32::jump(self, (n as u32).wrapping_neg().into());
    }
}

impl<P: Lcg32Params> Distance for Lcg32<P>
where
    Lcg32<P>: WordRng,
{
    const HAS_FAST_METHOD: bool = true;

    /// ```
    /// use rngkit::engines::pokemon::lcrng::PokeRng;
    /// use rngkit_analysis::{Distance, Jump};
    /// let a = PokeRng::new(0x1234_5678);
    /// let mut b = a.clone();
    /// b.jump(3_000_000_000);
    /// assert_eq!(a.distance_to(&b), Ok(3_000_000_000));
    /// ```
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        // The games' LCGs have full period: 2-adic distance.
        Ok(u128::from(affine_distance(
            u64::from(P::MUL),
            u64::from(P::ADD),
            u64::from(self.state()),
            u64::from(to.state()),
            32,
        )))
    }
}

impl<P: Lcg64Params> StepBack for Lcg64<P>
where
    Lcg64<P>: WordRng,
{
    fn step_back(&mut self) {
        self.prev_output();
    }
}

impl<P: Lcg64Params> Jump for Lcg64<P>
where
    Lcg64<P>: WordRng,
{
    /// Period 2^64: `n` is taken modulo 2^64.
    fn jump(&mut self, n: u128) {
        Lcg64::jump(self, n as u64);
    }

    fn jump_back(&mut self, n: u128) {
        Lcg64::jump(self, (n as u64).wrapping_neg());
    }
}

impl<P: Lcg64Params> Distance for Lcg64<P>
where
    Lcg64<P>: WordRng,
{
    const HAS_FAST_METHOD: bool = true;

    /// ```
    /// use rngkit::engines::pokemon::bwrng::BwRng;
    /// use rngkit_analysis::{Distance, Jump};
    /// let a = BwRng::new(42);
    /// let mut b = a.clone();
    /// b.jump(0xdead_beef_cafe_f00d);
    /// assert_eq!(a.distance_to(&b), Ok(0xdead_beef_cafe_f00d));
    /// ```
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        Ok(u128::from(affine_distance(
            P::MUL,
            P::ADD,
            self.state(),
            to.state(),
            64,
        )))
    }
}

/// State recovery for a 32-bit LCRNG GEN from its observations: the known
/// bits of the raw words (at least 16 known bits in one word and more in
/// the others, e.g. two or three `next-u16`) narrow the state word by word.
///
/// The word with the most known bits is the anchor; its unknown bits are
/// enumerated when there are at most 2^24 of them, and each candidate state
/// is stepped to every other constrained word. The survivors are verified
/// against every observation and moved back to the state before the first.
///
/// # Errors
/// [`RecoverError`] when no word has at least 8 known bits.
pub fn recover_lcg32<G, P>(
    observations: &[Observation],
    _options: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    P: Lcg32Params,
    Lcg32<P>: WordRng,
    G: Gen<Rng = Lcg32<P>>,
{
    let lay = layout(observations, 32, true);
    let Some(anchor) = lay
        .constraints
        .iter()
        .max_by_key(|c| c.known.mask.count_ones())
        .copied()
    else {
        return Err(RecoverError(format!(
            "{} recovery needs observed bits (next, next-u16, rand 2^k or bits MASK = VALUE)",
            G::INFO.name
        )));
    };
    let known = anchor.known.mask as u32;
    let free = 32 - known.count_ones();
    if free > 24 {
        return Err(RecoverError(format!(
            "{} recovery needs one observation revealing at least 8 bits of a word (next-u16 reveals 16)",
            G::INFO.name
        )));
    }
    let total_known: u32 = lay
        .constraints
        .iter()
        .map(|c| c.known.mask.count_ones())
        .sum();
    if total_known < 32 {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(32 - total_known),
            states: Vec::new(),
        });
    }
    // The free bit positions of the anchor.
    let free_bits: Vec<u32> = (0..32).filter(|b| known >> b & 1 == 0).collect();
    let others: Vec<_> = lay
        .constraints
        .iter()
        .filter(|c| c.offset != anchor.offset)
        .map(|c| {
            let (m, p) = Lcg32::<P>::power(c.offset.wrapping_sub(anchor.offset));
            (m, p, c.known)
        })
        .collect();
    let mut found = Vec::new();
    for combo in 0u64..1 << free {
        let mut word = anchor.known.value as u32;
        for (i, &b) in free_bits.iter().enumerate() {
            word |= ((combo >> i & 1) as u32) << b;
        }
        // The anchor word is the state after step `offset + 1`.
        if others.iter().all(|&(m, p, k)| {
            let w = word.wrapping_mul(m).wrapping_add(p);
            k.matches(u64::from(w))
        }) {
            let mut rng = Lcg32::<P>::new(word);
            Jump::jump_back(&mut rng, u128::from(anchor.offset) + 1);
            let engine = Engine::new::<G>(rng);
            if fits(observations, &engine) {
                found.push(engine);
            }
        }
    }
    Ok(conclude(found))
}

/// What `recover` does for the 32-bit LCGs whose output is the state's top
/// half (`unreal`, `pokerng`, `xdrng`, `arng`), for the front ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "One full 32-bit output is the state. A 16-bit output (`next-u16`, or `bits` \
              on the top half) gives the high half of a state: the 65536 low halves of the \
              first are tried against the others, then against every observation; bounded \
              draws need an observation that reveals at least 8 bits of a word.",
    ..crate::notes::Notes::NONE
};

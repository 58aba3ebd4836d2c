//! The analysis of the C++ standard engines: jumps of the two minstd
//! engines (`x -> A^n x mod 2^31 - 1`) and their recovery from one
//! observed value, which is the state.
//!
//! The other engines have no analysis yet: `mt19937-64` is F2-linear, but
//! the GF(2) machinery here is written for the 32-bit MT19937 layout;
//! `ranlux24`/`ranlux48` (subtract-with-carry, linear modulo `2^(W R) -
//! 2^(W S) + 1` but not over GF(2)) and `knuth-b` (a shuffle table over
//! `minstd_rand0`) have none.

use rngkit::registry::{Engine, Gen};
use rngkit::runtimes::cpp::{MINSTD_M, MinStd};

use crate::Jump;
use crate::advance::StepBack;
use crate::observe::{Observation, layout};
use crate::recover::{RecoverError, RecoverOptions, Recovered, fits};

/// `base^e mod 2^31 - 1`.
fn pow_mod(base: u64, mut e: u128) -> u64 {
    let (mut acc, mut b) = (1u64, base % MINSTD_M);
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * b % MINSTD_M;
        }
        b = b * b % MINSTD_M;
        e >>= 1;
    }
    acc
}

/// `A^-n mod m`: `A^(n (m - 2))`, by Fermat (`m` is prime), with `n`
/// reduced modulo the period `m - 1`.
fn inverse_power(a: u64, n: u128) -> u64 {
    pow_mod(
        pow_mod(a, n % u128::from(MINSTD_M - 1)),
        u128::from(MINSTD_M - 2),
    )
}

fn with_state<const A: u64>(x: u64) -> MinStd<A> {
    MinStd::<A>::from_state(x).expect("a nonzero residue times a unit stays in 1..m")
}

impl<const A: u64> StepBack for MinStd<A>
where
    MinStd<A>: rngkit::WordRng,
{
    fn step_back(&mut self) {
        *self = with_state(u64::from(self.state()) * inverse_power(A, 1) % MINSTD_M);
    }
}

/// Jumps in O(log n): the state times `A^n` modulo 2^31 - 1 (16807 and
/// 48271 are primitive roots, so the period is 2^31 - 2 from every state).
///
/// ```
/// use rngkit::WordRng;
/// use rngkit::runtimes::cpp::MinstdRand;
/// use rngkit_analysis::Jump;
///
/// let mut stepped = MinstdRand::new(7);
/// for _ in 0..1000 { stepped.next_word(); }
/// let mut jumped = MinstdRand::new(7);
/// jumped.jump(1000);
/// assert_eq!(jumped, stepped);
/// jumped.jump_back(1000);
/// assert_eq!(jumped, MinstdRand::new(7));
/// ```
impl<const A: u64> Jump for MinStd<A>
where
    MinStd<A>: rngkit::WordRng,
{
    fn jump(&mut self, n: u128) {
        let mult = pow_mod(A, n % u128::from(MINSTD_M - 1));
        *self = with_state(u64::from(self.state()) * mult % MINSTD_M);
    }

    fn jump_back(&mut self, n: u128) {
        *self = with_state(u64::from(self.state()) * inverse_power(A, n) % MINSTD_M);
    }
}

/// The period of both minstd engines, 2^31 - 2.
///
/// ```
/// use rngkit_analysis::generators::cpp::minstd_period;
/// assert_eq!(minstd_period(), rngkit::number::BigInt::from(2147483646u64));
/// ```
pub fn minstd_period() -> rngkit::number::BigInt {
    rngkit::number::BigInt::from(MINSTD_M - 1)
}

/// minstd recovery: a call's value is the new state, so the first wholly
/// observed value (a `next`, or the common `u32`), at offset `k`, gives
/// the state before the observations as that value times `A^-(k+1)`;
/// every observation is then checked against it.
///
/// # Errors
/// [`RecoverError`] when no value is observed whole.
pub fn recover_minstd<G, const A: u64>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G: Gen<Rng = MinStd<A>>,
    MinStd<A>: rngkit::WordRng,
{
    let lay = layout(observations, 32, false);
    let Some(c) = lay.constraints.iter().find(|c| c.known.mask == 0xffff_ffff) else {
        return Err(RecoverError(
            "minstd recovery needs one whole engine value (a `next` or `u32` observation): it is the state"
                .into(),
        ));
    };
    if !(1..MINSTD_M).contains(&c.known.value) {
        return Ok(Recovered::NoneFits);
    }
    let state = c.known.value * inverse_power(A, u128::from(c.offset) + 1) % MINSTD_M;
    let rng = Engine::new::<G>(with_state::<A>(state));
    Ok(if fits(observations, &rng) {
        Recovered::Unique(rng)
    } else {
        Recovered::NoneFits
    })
}

/// The text of `minstd-rand` and `minstd-rand0`.
pub const NOTES_MINSTD: crate::notes::Notes = crate::notes::Notes {
    recover: "One whole value (`next`) is the state: the state before the observations is \
              that value times A^-(k+1) modulo 2^31 - 1 for the value at offset k, checked \
              against every other observation. The uniform-int draws reveal no exact bits \
              of the word.",
    recover_examples: &[],
    search: "The generic kernel: each seed costs its reduction modulo 2^31 - 1 and one \
             multiplication a step.",
    search_examples: &[],
    examples: &[],
};

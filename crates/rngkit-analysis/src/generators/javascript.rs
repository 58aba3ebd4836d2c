//! The analysis of JavaScript's `Math.random()` (`v8`, `v8-14`, `v8-13`,
//! `v8-legacy`, `spidermonkey`, `javascriptcore`): steps back, jumps and distances of
//! xorshift128+ (23, 17, 26) and of V8's cached calls, and state recovery.
//!
//! **Jumps.** xorshift128+ moves its state by a fixed matrix over GF(2)
//! whose characteristic polynomial is primitive of degree 128, so a jump of
//! `n` steps is `x^n mod P` applied to the state (period 2^128 - 1). For the
//! V8 GENs one raw step is one `Math.random()` call, and the state is
//! `(s0, s1, remaining)`: the xorshift state after the last refill and the
//! cached values left. Calls are numbered `p = 64 k - remaining`, where `k`
//! counts refills, so `n` calls later `remaining' = (remaining - n) mod 64`
//! and the xorshift state has moved `64 (n + remaining' - remaining) / 64`
//! blocks: one field jump of `64 · blocks` steps (`64 · m mod (2^128 - 1)` is
//! `m` rotated left by 6), and the cache is rebuilt from the new state. The
//! V8 call stream repeats after `64 (2^128 - 1)` calls.
//!
//! **Recovery.**
//!
//! * `v8-legacy` (V8 up to 13.4, Node.js 20, 22) and `v8-13` (Node.js 24):
//!   a call's double is the top 52 or 53 bits of `s0` after a step, linear
//!   in the state, but the calls hand
//!   each block of 64 steps out last-made first, so which step a call shows
//!   depends on where the first observed call sits in the cache. Each of the
//!   64 positions is tried: the known bits become equations over GF(2) in
//!   the 128 bits of the block's starting state, solved by Gaussian
//!   elimination; every consistent position gives its solutions, each one
//!   replayed against every observation. Three doubles that cross a refill
//!   fix the state; observations that all fall inside one block leave one
//!   state per position that keeps them inside it (`65 - n` for `n`
//!   values), since nothing observed says where the block ends. `floor N`
//!   reveals the bits its interval pins (`floor 2`: the top bit).
//! * `spidermonkey`, `javascriptcore` (low 53 bits of `s0 + s1`) and `v8`
//!   (V8 15.6, `(s0 + s1) >> 11`): the word is a sum, so only its carries
//!   stand between the observations and linear equations. With
//!   `s0' = s1`, the sums of consecutive calls are `q[t-1] + q[t]` for the
//!   sequence `q` of second words, so a run of consecutive known sums lets
//!   one word `q[0]`, guessed one bit plane at a time from the lowest known
//!   bit upwards, give every `q[t]` at that plane by subtraction with borrow
//!   ([`chain`]). Every plane adds `m + 1` equations for one guess; the
//!   coefficient rows do not depend on the guesses, so their elimination is
//!   done once and each search node only checks parities of the values.
//!   The unknown carry into the lowest known bit (bit 11 of `v8`'s sum) is
//!   one more guess per call. With few calls the elimination finds nothing
//!   to check for a long time: the step relation `q[t+1] = f(q[t-1]) ^
//!   g(q[t])` (`f(x) = t ^ (t >> 17)` with `t = x ^ (x << 23)`, `g(y) = y ^
//!   (y >> 26)`) reaches 26 bits up and 23 down, so three doubles leave
//!   2^26 live guesses whatever the order. For them [`chain::Plan::sweep`]
//!   walks the planes with the relations instead: sweeping up from bit 0
//!   (SpiderMonkey/JSC, no carries) relation 1 *sets* `q[0]`'s bit of each
//!   new plane and relation 2 checks it, so each of the 2^26 choices of
//!   `q[0]`'s low bits is one path that dies within a few planes; sweeping
//!   down from bit 63 (`v8`, whose carry out of bit 63 is dropped) relation
//!   `k` sets `q[k-1]`'s bit, each call's borrow branches or dies, and the
//!   2^23 starts are `q[0]`'s top 23 bits. Before walking any plane, each
//!   start goes through one word-wide check: at the bits where `f`'s and
//!   `g`'s right shifts fall off the word, the relations give a band of
//!   every call's bits at once, and neighbouring calls must add up to
//!   their word there (16 bits a pair down, 9 up). Three consecutive doubles
//!   recover in a tenth to a third of a second of CPU (`v8`'s 159 known
//!   bits now and then leave two or three states, listed). Decimal doubles
//!   are read first as the exact doubles they print (`exact_doubles`),
//!   since a decimal otherwise leaves its last few bits open and the sweep
//!   needs a known end. SpiderMonkey/JSC's bit 0 is also linear on its
//!   own: 128 or more observed bit 0s are solved directly. For `floor N`
//!   only the top `log2 N` or so bits of each value are known (fewer when
//!   the value's interval straddles a power of two), so every call's carry
//!   is a guess and the chain must be about `128 / log2 N` calls long; the
//!   window of consecutive calls with the fewest guesses is searched
//!   (`floor 256`: 40 values, 2^24 leaves, under a second on `v8`). Below
//!   that the guesses outgrow the chain (`floor 100`: 2^35 from the best
//!   window of 600 values, 31 calls with 4 known bits each, every carry a
//!   guess and no check before the last plane), and the meet in the middle
//!   ([`meet`]) takes over: it reads each value's whole interval, not only
//!   its known prefix, and splits each chain's paths in two halves that
//!   meet on a linear syndrome (`floor 100`: 28 values in under a second,
//!   600 in 0.05 s; `floor 28` and up, and `floor 16`, from a few hundred).
//!   Dice and coins stay out of reach (`floor 6`: about 2^87 steps), and a
//!   SAT solver does no better (CaDiCaL on the adder and
//!   xorshift clauses: 64 values of `floor 10^6` in 2.2 s, but no answer in
//!   100 s for 400 `floor 6` or 64 to 150 `floor 1000`).
//!
//! `v8` hands its cache out in step order, so its calls are the xorshift
//! steps in order whatever the cache position: all 64 positions give the
//! same stream, and recovery answers the one with an empty cache
//! (`remaining` 0). `v8-14` (Node.js 26) has `v8`'s sum but hands each
//! block out last-made first: at each cache position the calls inside one
//! block are consecutive steps in reverse, and the chain search runs on the
//! longest such run, once per distinct run ([`recover_v8_era`]).
//!
//! `--fresh` ([`RecoverOptions::fresh`]) fixes the cache position at 0 for
//! all V8 eras: the first observation is the first call of a context, which
//! refills.
//!
//! ```
//! use rngkit::runtimes::javascript::V8LegacyRandom;
//! use rngkit_analysis::{Distance, Jump};
//!
//! let start = V8LegacyRandom::with_random_seed(5).unwrap();
//! let mut a = start.clone();
//! a.jump(1000); // 1000 Math.random() calls
//! let mut b = start.clone();
//! for _ in 0..1000 { b.math_random(); }
//! assert_eq!(a, b);
//! assert_eq!(start.distance_to(&a), Ok(1000));
//! a.jump_back(1000);
//! assert_eq!(a, start);
//! ```

use std::sync::OnceLock;

use rngkit::number::BigInt;
use rngkit::registry::{Engine, Gen};
use rngkit::runtimes::javascript::{
    SpiderMonkeyGen, V8_CACHE_SIZE, V8CacheOrder, V8Era, V8Gen, V8LegacyGen, V8Mapping,
    V8MathRandom, Xorshift128Plus, murmur_hash3_fmix64, xorshift128plus_step,
    xorshift128plus_step_back,
};
use rngkit::{StateError, WordRng};

use crate::advance::{field_jump_poly, small_f2_jump};
use crate::distance::distance_in_field_128;
use crate::gf2::{BitVec, Field, Modulus, Poly};
use crate::linear::{
    F2Linear, apply_polynomial, bits_to_u64, cached_poly, derive_characteristic_polynomial,
};
use crate::observe::{KnownBits, Observation, WordConstraint, layout};
use crate::recover::{Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, fits};
use crate::{Distance, DistanceError, Jump, StepBack};

// ------------------------------------------------------------ xorshift128+

impl StepBack for Xorshift128Plus {
    /// ```
    /// use rngkit::runtimes::javascript::Xorshift128Plus;
    /// use rngkit::WordRng;
    /// use rngkit_analysis::StepBack;
    /// let start = Xorshift128Plus::weak_random(9);
    /// let mut rng = start.clone();
    /// rng.next_word();
    /// rng.step_back();
    /// assert_eq!(rng, start);
    /// ```
    fn step_back(&mut self) {
        let [s0, s1] = self.state();
        let (a, b) = xorshift128plus_step_back(s0, s1);
        *self = Xorshift128Plus::from_state([a, b]).expect("the inverse keeps the state nonzero");
    }
}

small_f2_jump!(
    Xorshift128Plus,
    xorshift128plus_field(),
    |r: &Xorshift128Plus| r.state(),
    |s| Xorshift128Plus::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible")
);

impl Distance for Xorshift128Plus {
    const HAS_FAST_METHOD: bool = true;

    /// ```
    /// use rngkit::runtimes::javascript::Xorshift128Plus;
    /// use rngkit_analysis::{Distance, Jump};
    /// let a = Xorshift128Plus::weak_random(1);
    /// let mut b = a.clone();
    /// b.jump(1 << 100);
    /// assert_eq!(a.distance_to(&b), Ok(1 << 100));
    /// ```
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        Ok(distance_in_field_128(self, to, xorshift128plus_field()))
    }
}

impl F2Linear for Xorshift128Plus {
    const STATE_BITS: usize = 128;
    const DEGREE: usize = 128;

    fn to_bits(&self) -> BitVec {
        BitVec::from_words(&self.state(), 128)
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        Xorshift128Plus::from_state(bits_to_u64::<2>(bits, "xorshift128+ bits")?)
    }

    fn step_linear_bit(&mut self) -> bool {
        // Bit 0 of s0 + s1 is bit 0 of s0 ^ s1: linear.
        self.next_word() & 1 == 1
    }

    cached_poly!(
        Xorshift128Plus,
        Xorshift128Plus::from_state([0x0123_4567_89ab_cdef, 1]).expect("nonzero")
    );
}

/// GF(2^128) modulo the characteristic polynomial of xorshift128+ (23, 17,
/// 26) (cached).
fn xorshift128plus_field() -> &'static Field<2> {
    static F: OnceLock<Field<2>> = OnceLock::new();
    F.get_or_init(|| Field::new(Xorshift128Plus::characteristic_polynomial()))
}

/// `64 · m` modulo 2^128 - 1 (so that 2^128 ≡ 1): `m` rotated left by 6.
fn times_64_mod_period(m: u128) -> u128 {
    m.rotate_left(6)
}

/// The xorshift state `(s0, s1)` jumped by `n` steps (`back`: backwards).
fn jump_words(s0: u64, s1: u64, n: u128, back: bool) -> (u64, u64) {
    let mut x = Xorshift128Plus::from_state([s0, s1]).expect("a V8 state is never all zero");
    if back {
        x.jump_back(n)
    } else {
        x.jump(n)
    }
    let [a, b] = x.state();
    (a, b)
}

// ---------------------------------------------------------- V8's calls

/// The period of the V8 GENs in calls: `64 (2^128 - 1)` (the state after a
/// number of calls repeats only when the cache position does too).
///
/// ```
/// use rngkit_analysis::generators::javascript::v8_period;
/// assert_eq!(v8_period().to_string(), "21778071482940061661655974875633165533120");
/// ```
pub fn v8_period() -> BigInt {
    // 2^134 - 64, little-endian 32-bit limbs.
    BigInt::from_limbs(
        false,
        &[0xffff_ffc0, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0x3f],
    )
}

impl<E: V8Era> Jump for V8MathRandom<E> {
    /// `n` calls forwards: the cache position moves by `n mod 64`, the
    /// xorshift state by the blocks refilled on the way.
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8Random;
    /// use rngkit_analysis::Jump;
    /// let mut a = V8Random::with_random_seed(3).unwrap();
    /// a.math_random();
    /// let mut b = a.clone();
    /// a.jump(130);
    /// for _ in 0..130 { b.math_random(); }
    /// assert_eq!(a, b);
    /// ```
    fn jump(&mut self, n: u128) {
        let [s0, s1, r] = self.state();
        let r = u128::from(r);
        let (q, t) = (n / 64, n % 64);
        let blocks = q + u128::from(r < t);
        let r2 = (r + 64 - t) % 64;
        let (a, b) = jump_words(s0, s1, times_64_mod_period(blocks), false);
        *self = V8MathRandom::from_state(a, b, r2 as u8).expect("a jump keeps the state nonzero");
    }

    fn jump_back(&mut self, n: u128) {
        let [s0, s1, r] = self.state();
        let r = u128::from(r);
        let (q, t) = (n / 64, n % 64);
        let blocks = q + u128::from(r + t >= 64);
        let r2 = (r + t) % 64;
        let (a, b) = jump_words(s0, s1, times_64_mod_period(blocks), true);
        *self = V8MathRandom::from_state(a, b, r2 as u8).expect("a jump keeps the state nonzero");
    }
}

impl<E: V8Era> StepBack for V8MathRandom<E> {
    /// One call back (across a refill when the cache was full).
    ///
    /// ```
    /// use rngkit::runtimes::javascript::V8LegacyRandom;
    /// use rngkit_analysis::StepBack;
    /// let mut rng = V8LegacyRandom::with_random_seed(2).unwrap();
    /// let first = rng.math_random();
    /// rng.step_back();
    /// assert_eq!(rng.math_random(), first);
    /// ```
    fn step_back(&mut self) {
        self.jump_back(1);
    }
}

impl<E: V8Era> Distance for V8MathRandom<E> {
    const HAS_FAST_METHOD: bool = true;

    /// The xorshift distance `d` between the two states fixes the refills
    /// between them, `d / 64 mod (2^128 - 1)`; the cache positions add the
    /// rest. Distances of 2^128 calls or more are out of range.
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        let [a0, a1, ra] = self.state();
        let [b0, b1, rb] = to.state();
        let xa = Xorshift128Plus::from_state([a0, a1]).expect("nonzero");
        let xb = Xorshift128Plus::from_state([b0, b1]).expect("nonzero");
        let d = distance_in_field_128(&xa, &xb, xorshift128plus_field());
        let mut blocks = d.rotate_right(6);
        if blocks == u128::MAX {
            blocks = 0;
        }
        let (ra, rb) = (u128::from(ra), u128::from(rb));
        blocks
            .checked_mul(64)
            .and_then(|c| c.checked_add(ra))
            .and_then(|c| c.checked_sub(rb))
            .ok_or(DistanceError::BeyondRange { limit: u128::MAX })
    }
}

// ------------------------------------------------------- symbolic xorshift

/// A 64-bit word as linear forms over the 128 state bits: bit `j` of the
/// word is the parity of `form[j] & state`, with state bit `i < 64` bit `i`
/// of `s0` and `64 + i` bit `i` of `s1`.
type Forms = [u128; 64];

/// The forms of the initial `(s0, s1)`.
fn unit_forms() -> (Forms, Forms) {
    (
        std::array::from_fn(|j| 1u128 << j),
        std::array::from_fn(|j| 1u128 << (64 + j)),
    )
}

/// [`xorshift128plus_step`] on forms.
fn step_forms(s0: &Forms, s1: &Forms) -> (Forms, Forms) {
    let mut x = *s0;
    for j in (23..64).rev() {
        x[j] ^= x[j - 23];
    }
    for j in 0..64 - 17 {
        x[j] ^= x[j + 17];
    }
    for j in 0..64 {
        x[j] ^= s1[j];
        if j + 26 < 64 {
            x[j] ^= s1[j + 26];
        }
    }
    (*s1, x)
}

/// Back-substitution of an elimination whose pivot rows (by their lowest
/// bit, a state bit) carry the set of original rows they are the sum of
/// (a bitset, the same number of words each): per state bit, the set of
/// rows whose values sum to it, flat. Needs all 128 pivots. The chain
/// search and the meet in the middle both eliminate this way.
fn back_substitute(pivots: &[Option<(u128, Vec<u64>)>]) -> Vec<u64> {
    let mut sol: Vec<Vec<u64>> = vec![Vec::new(); 128];
    for b in (0..128).rev() {
        let (row, comb) = pivots[b].as_ref().expect("rank 128");
        let mut s = comb.clone();
        let mut rest = row & !(1u128 << b);
        while rest != 0 {
            let j = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            for (x, y) in s.iter_mut().zip(&sol[j]) {
                *x ^= y;
            }
        }
        sol[b] = s;
    }
    sol.concat()
}

/// The state whose rows take `values` (a bitset of row values), through a
/// [`back_substitute`] solution of `words` words per state bit.
fn solve_rows(solution: &[u64], words: usize, values: &[u64]) -> u128 {
    let mut x = 0u128;
    for b in 0..128 {
        let s = &solution[b * words..(b + 1) * words];
        // The parity of a sum of words is the parity of their XOR.
        let parity = s
            .iter()
            .zip(values)
            .fold(0u64, |acc, (a, v)| acc ^ (a & v))
            .count_ones()
            & 1;
        x |= u128::from(parity) << b;
    }
    x
}

/// The state `(s0, s1)` of a 128-bit solution vector.
fn split(x: u128) -> (u64, u64) {
    (x as u64, (x >> 64) as u64)
}

/// Linear equations over GF(2) in 128 unknowns, kept in echelon form (each
/// pivot row's lowest set bit is its pivot).
#[derive(Clone)]
struct Echelon {
    rows: [(u128, bool); 128],
    present: u128,
}

impl Echelon {
    fn new() -> Self {
        Echelon {
            rows: [(0, false); 128],
            present: 0,
        }
    }

    /// Adds `form · x = value`; `false` when it contradicts the others.
    fn add(&mut self, mut form: u128, mut value: bool) -> bool {
        loop {
            let common = form & self.present;
            if common == 0 {
                break;
            }
            let (row, v) = self.rows[common.trailing_zeros() as usize];
            form ^= row;
            value ^= v;
        }
        if form == 0 {
            return !value;
        }
        self.rows[form.trailing_zeros() as usize] = (form, value);
        self.present |= 1 << form.trailing_zeros();
        true
    }

    fn rank(&self) -> u32 {
        self.present.count_ones()
    }

    /// The solution with the free unknowns set as in `free_values` (bits
    /// at non-pivot positions).
    fn solution(&self, free_values: u128) -> u128 {
        let mut x = free_values & !self.present;
        for b in (0..128).rev() {
            if self.present >> b & 1 == 1 {
                let (row, v) = self.rows[b];
                let parity = (row & x).count_ones() & 1 == 1;
                x |= u128::from(v ^ parity) << b;
            }
        }
        x
    }

    /// The non-pivot positions.
    fn free(&self) -> Vec<u32> {
        (0..128).filter(|b| self.present >> b & 1 == 0).collect()
    }
}

/// The free unknowns' values of combination `c` (bit `i` of `c` goes to
/// `free[i]`).
fn spread(c: u64, free: &[u32]) -> u128 {
    free.iter()
        .enumerate()
        .fold(0, |acc, (i, &b)| acc | (u128::from(c >> i & 1) << b))
}

fn count_of(total: u128) -> Count {
    if total.is_power_of_two() {
        Count::PowerOfTwo(total.trailing_zeros())
    } else {
        Count::Exact(total)
    }
}

/// Observations reach at most this many calls in (the symbolic model walks
/// the steps one by one).
pub const JS_MAX_OFFSET: u64 = 1 << 20;

fn constraints(observations: &[Observation]) -> Result<Vec<WordConstraint>, RecoverError> {
    Ok(js_layout(observations)?.constraints)
}

/// The observations' layout (one call a word), refused past
/// [`JS_MAX_OFFSET`] calls.
fn js_layout(observations: &[Observation]) -> Result<crate::observe::Layout, RecoverError> {
    let lay = layout(observations, 64, true);
    if let Some(last) = lay.constraints.last()
        && last.offset > JS_MAX_OFFSET
    {
        return Err(RecoverError(format!(
            "the observations reach {} calls in; Math.random recovery follows at most {JS_MAX_OFFSET}",
            last.offset
        )));
    }
    Ok(lay)
}

/// One call of a sum engine as the searches read it: its known bits and
/// the interval its visible 53-bit value (the double's mantissa) lies in. A
/// `floor N` value pins the value to about `2^53 / N` mantissas, which is
/// more than the bits they all share (the meet-in-the-middle search reads
/// the interval, the chain search the bits).
#[derive(Clone, Copy, Debug)]
struct SumCall {
    /// Raw steps from the first observed word.
    offset: u64,
    /// The bits known there.
    known: KnownBits,
    /// The visible value's interval, inclusive.
    span: (u64, u64),
}

impl SumCall {
    /// The bits the call reveals: those its interval of `2^53` visible
    /// values leaves (whole bits, rounded down: a `floor 100` value counts
    /// 6), or its known bits where they say more (bits that are not a
    /// prefix, such as SpiderMonkey's bit 0 alone).
    fn revealed(&self) -> u32 {
        self.information().floor() as u32
    }

    /// The information the call carries, in bits: `53 - log2` of its
    /// interval's width (`log2 100` for a `floor 100` value), or its known
    /// bits where they say more.
    fn information(&self) -> f64 {
        let width = (self.span.1 - self.span.0) as f64 + 1.0;
        (53.0 - width.log2()).max(f64::from(self.known.mask.count_ones()))
    }
}

/// The visible 53 bits of a word (bits `top - 52..=top`).
const VISIBLE: u64 = (1 << 53) - 1;

/// The calls the observations constrain, for a sum engine whose doubles
/// show bits `top - 52..=top` of the word: the known bits of each, with the
/// interval of a `math-random` or `floor N` value (others: the interval of
/// the known prefix).
fn sum_calls(observations: &[Observation], top: u32) -> Result<Vec<SumCall>, RecoverError> {
    use crate::observe::ObservationKind;
    use rngkit::runtimes::javascript::{MathRandomDraw, mantissa_span};
    let lay = js_layout(observations)?;
    // Words whose visible bits are not a double's 53 (libGDX's `next-int`,
    // `top` 31): the known bits say everything the searches use.
    if top < 52 {
        return Ok(lay
            .constraints
            .into_iter()
            .map(|c| SumCall {
                offset: c.offset,
                known: c.known,
                span: (0, VISIBLE),
            })
            .collect());
    }
    let shift = top - 52;
    Ok(lay
        .constraints
        .into_iter()
        .zip(lay.sources)
        .map(|(c, source)| {
            // A Math.random draw's whole interval, else the known bits'.
            let drawn = match &observations[source].kind {
                ObservationKind::Draw { draw, value } => draw
                    .engine_draw::<MathRandomDraw>()
                    .and_then(|d| mantissa_span(53, d, value)),
                _ => None,
            };
            let span = drawn.unwrap_or_else(|| {
                let mask = c.known.mask >> shift & VISIBLE;
                let low = lowest_known(mask, 52);
                if low > 52 {
                    (0, VISIBLE)
                } else {
                    let free = (1u64 << low) - 1;
                    let lo = c.known.value >> shift & VISIBLE & !free;
                    (lo, lo | free)
                }
            });
            SumCall {
                offset: c.offset,
                known: c.known,
                span,
            }
        })
        .collect())
}

// ------------------------------------------------ the linear eras (s0)

/// The cache positions (calls since the last refill, `0..=63`) the first
/// observation may sit at: every one, or with `--fresh` only 0.
fn positions(options: &RecoverOptions) -> std::ops::Range<u64> {
    if options.fresh {
        0..1
    } else {
        0..V8_CACHE_SIZE as u64
    }
}

/// `recover` for the V8 eras whose word is `s0` (`v8-legacy`, `v8-13`):
/// each cache position solved over GF(2) (see the module docs).
fn recover_v8_linear<E: V8Era>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let cons = constraints(observations)?;
    let step_of = |call: u64| E::ORDER.step_of_call(call);
    // The steps any position needs, and their s0 forms.
    let mut needed: Vec<u64> = Vec::new();
    for position in positions(options) {
        needed.extend(cons.iter().map(|c| step_of(c.offset + position)));
    }
    needed.sort_unstable();
    needed.dedup();
    let mut forms: Vec<Forms> = Vec::with_capacity(needed.len());
    let (mut s0, mut s1) = unit_forms();
    let mut step = 0;
    for &want in &needed {
        while step < want {
            (s0, s1) = step_forms(&s0, &s1);
            step += 1;
        }
        forms.push(s0);
    }
    let form_at = |m: u64| &forms[needed.binary_search(&m).expect("a needed step")];
    let mut systems = Vec::new();
    for position in positions(options) {
        let mut eq = Echelon::new();
        let consistent = cons.iter().all(|c| {
            let f = form_at(step_of(c.offset + position));
            (0..64)
                .filter(|j| c.known.mask >> j & 1 == 1)
                .all(|j| eq.add(f[j], c.known.value >> j & 1 == 1))
        });
        if consistent {
            systems.push((position, eq));
        }
    }
    let total: u128 = systems
        .iter()
        .map(|(_, eq)| 1u128.checked_shl(128 - eq.rank()).unwrap_or(u128::MAX))
        .fold(0, u128::saturating_add);
    if total > ENUMERATE_LIMIT {
        return Ok(Recovered::Several {
            count: count_of(total),
            states: Vec::new(),
        });
    }
    let mut states = Vec::new();
    for (position, eq) in &systems {
        let free = eq.free();
        for c in 0..1u64 << free.len() {
            let (b0, b1) = split(eq.solution(spread(c, &free)));
            if let Ok(rng) = V8MathRandom::<E>::at_block_position(b0, b1, *position as u8) {
                let engine = Engine::new::<E>(rng);
                if fits(observations, &engine) {
                    states.push(engine);
                }
            }
        }
    }
    Ok(crate::recover::conclude(states))
}

// ------------------------------------------------- the sum engines: chain

pub mod meet;

pub mod chain {
    //! The search behind `spidermonkey`, `javascriptcore` and `v8`
    //! recovery: a run of `m` consecutive calls whose words `w[t] = q[t-1] +
    //! q[t]` (`q[t]`: `s1` after `t` steps, `q[0]`: `s1` of the unknown
    //! state) are known in bit planes `low..=top`.
    //!
    //! Plane by plane from `low` up, a guessed bit of `q[0]` gives the
    //! plane's bit of every `q[t]` by subtraction, `q[t] = w[t] - q[t-1] -
    //! c[t]`, with one borrow per call (its start, the carry `c[t]` into
    //! bit `low`, is a guess too unless `low` is 0). Each bit is one linear
    //! equation in the 128 state bits, with a coefficient row fixed in
    //! advance: [`Plan::new`] eliminates the rows once, in search order,
    //! recording for each row that depends on earlier ones which of them it
    //! is the sum of. A search node then only computes its values and checks
    //! the parities of the dependent rows; a guess whose row depends on
    //! earlier rows is not a guess at all. The search costs at most 2 to
    //! the power [`Plan::guesses`] nodes.

    use super::{Forms, back_substitute, solve_rows, step_forms, unit_forms};

    /// The elimination of one chain's rows (see the module docs).
    #[derive(Clone, Debug)]
    pub struct Plan {
        /// Calls in the chain.
        pub m: usize,
        /// Lowest known bit plane.
        pub low: u32,
        /// Highest known bit plane.
        pub top: u32,
        /// The known bits of each call's word, shifted down by `low`.
        windows: Vec<u64>,
        /// 64-bit words of a row bitset.
        words: usize,
        /// Per row: the earlier rows it is the sum of (flat, `words` each),
        /// or `None` when it is independent of them.
        deps: Vec<Option<usize>>,
        dep_bits: Vec<u64>,
        /// Per state bit: the rows whose values sum to it (when the rows
        /// have rank 128).
        solution: Vec<u64>,
        rank: u32,
        guesses: u32,
        /// Per plane: the guessed bits of `q[0]` in the planes below it.
        guessed_below: Vec<u32>,
        /// log2 of the expected search nodes (see [`Plan::nodes_log2`]).
        nodes_log2: f64,
    }

    impl Plan {
        /// The plan for words `windows[t]` (call `t + 1`, bits `low..=top`,
        /// shifted down by `low`).
        pub fn new(windows: &[u64], low: u32, top: u32) -> Plan {
            let m = windows.len();
            let width = (top - low + 1) as usize;
            let rows_count = width * (m + 1);
            let words = rows_count.div_ceil(64);
            // q[t] forms, t = 0..=m.
            let (mut s0, mut s1) = unit_forms();
            let mut q: Vec<Forms> = vec![s1];
            for _ in 0..m {
                (s0, s1) = step_forms(&s0, &s1);
                q.push(s1);
            }
            let mut pivots: Vec<Option<(u128, Vec<u64>)>> = vec![None; 128];
            let mut deps = Vec::with_capacity(rows_count);
            let mut dep_bits = Vec::new();
            let mut rank = 0;
            let mut guesses = if low > 0 { m as u32 } else { 0 };
            let mut guessed_below = Vec::with_capacity(width);
            let mut q0_guesses = 0u32;
            // Expected nodes: every guess doubles the live nodes, every
            // dependent row of a derived word halves them (a wrong partial
            // guess passes a parity check half the time), never below the
            // one true path.
            let mut live = f64::from(guesses);
            let mut nodes = 0f64;
            for p in 0..width {
                guessed_below.push(q0_guesses);
                for (t, qt) in q.iter().enumerate() {
                    let i = p * (m + 1) + t;
                    let mut form = qt[low as usize + p];
                    let mut comb = vec![0u64; words];
                    comb[i / 64] |= 1 << (i % 64);
                    while form != 0 {
                        let b = form.trailing_zeros() as usize;
                        match &pivots[b] {
                            Some((row, c)) => {
                                form ^= row;
                                for (x, y) in comb.iter_mut().zip(c) {
                                    *x ^= y;
                                }
                            }
                            None => break,
                        }
                    }
                    if form == 0 {
                        comb[i / 64] &= !(1 << (i % 64));
                        deps.push(Some(dep_bits.len()));
                        dep_bits.extend_from_slice(&comb);
                        if t > 0 {
                            live = (live - 1.0).max(0.0);
                        }
                    } else {
                        deps.push(None);
                        pivots[form.trailing_zeros() as usize] = Some((form, comb));
                        rank += 1;
                        if t == 0 {
                            guesses += 1;
                            q0_guesses += 1;
                            live += 1.0;
                        }
                    }
                    if t == 0 {
                        nodes += live.exp2();
                    }
                }
            }
            // The leaves, each solved and replayed.
            nodes += live.exp2();
            let solution = if rank == 128 {
                back_substitute(&pivots)
            } else {
                Vec::new()
            };
            Plan {
                m,
                low,
                top,
                windows: windows.to_vec(),
                words,
                deps,
                dep_bits,
                solution,
                rank,
                guesses,
                guessed_below,
                nodes_log2: nodes.log2(),
            }
        }

        /// log2 of the nodes the search is expected to visit: the guesses
        /// (carries, then `q[0]`'s bit per plane) double the live nodes and
        /// every bit of a later word that earlier rows already determine
        /// halves them, plane by plane. With three SpiderMonkey doubles the
        /// relation `q[t+1] = f(q[t-1]) ^ g(q[t])` reaches 26 bits up, so
        /// the first 26 planes only guess (2^26 live nodes) and every plane
        /// after that guesses one bit and checks two: about 2^27 nodes in
        /// all, though [`Plan::guesses`] is 38.
        pub fn nodes_log2(&self) -> f64 {
            self.nodes_log2
        }

        /// The guessed bits of `q[0]` in all (the search's work can be
        /// split over prefixes of up to this many of them).
        pub fn q0_guesses(&self) -> u32 {
            self.guesses - if self.low > 0 { self.m as u32 } else { 0 }
        }

        /// The rank of all the rows (128: the chain fixes the state).
        pub fn rank(&self) -> u32 {
            self.rank
        }

        /// The guessed bits before the rows fix the state: the search visits
        /// at most 2^guesses leaves.
        pub fn guesses(&self) -> u32 {
            self.guesses
        }

        fn parity(&self, start: usize, upto: usize, values: &[u64]) -> u64 {
            let n = upto / 64 + 1;
            // The parity of a sum of words is the parity of their XOR: one
            // bit count a row instead of one a word (the portable build has
            // no POPCNT, and the search does little else: 5 V8 doubles took
            // 3.5 CPU s counting word by word).
            let acc = self.dep_bits[start..start + n]
                .iter()
                .zip(&values[..n])
                .fold(0u64, |acc, (d, v)| acc ^ (d & v));
            u64::from(acc.count_ones() & 1)
        }

        /// Every state `(s0, s1)` before the chain's first call that the
        /// chain's words allow, for the carries in `carries` (their bit `t`
        /// is the carry into bit `low` of call `t + 1`; all 0 when `low` is
        /// 0). Needs rank 128.
        pub fn search(&self, carries: std::ops::Range<u64>, out: &mut Vec<u128>) {
            self.search_split(carries, 0, out);
        }

        /// [`Plan::search`] over work items: item `k` is the carries `k >>
        /// split` with the first `split` guessed bits of `q[0]` fixed to
        /// the low bits of `k` (so `0..carries << split` covers the whole
        /// search, and threads can take items in turn). `split` is at most
        /// [`Plan::q0_guesses`].
        pub fn search_split(&self, items: std::ops::Range<u64>, split: u32, out: &mut Vec<u128>) {
            assert_eq!(self.rank, 128, "a search needs rows of rank 128");
            assert!(split <= self.q0_guesses(), "a split within the guesses");
            let mut values = vec![0u64; self.words];
            for k in items {
                let prefix = (k & ((1u64 << split) - 1), split);
                self.plane(0, k >> split, prefix, &mut values, out);
            }
        }

        fn plane(
            &self,
            p: usize,
            borrows: u64,
            prefix: (u64, u32),
            values: &mut [u64],
            out: &mut Vec<u128>,
        ) {
            let width = (self.top - self.low + 1) as usize;
            if p == width {
                out.push(self.solve(values));
                return;
            }
            let m = self.m;
            let i0 = p * (m + 1);
            let g = self.guessed_below[p];
            let choices: &[u64] = match self.deps[i0] {
                None if g < prefix.1 => {
                    if prefix.0 >> g & 1 == 0 {
                        &[0]
                    } else {
                        &[1]
                    }
                }
                None => &[0, 1],
                Some(d) => {
                    if self.parity(d, i0, values) == 0 {
                        &[0]
                    } else {
                        &[1]
                    }
                }
            };
            'guess: for &g in choices {
                set(values, i0, g);
                let mut prev = g;
                let mut next_borrows = 0u64;
                for t in 1..=m {
                    let w = self.windows[t - 1] >> p & 1;
                    let br = borrows >> (t - 1) & 1;
                    let q = w ^ prev ^ br;
                    let nw = w ^ 1;
                    let nb = (nw & prev) | (nw & br) | (prev & br);
                    next_borrows |= nb << (t - 1);
                    let i = i0 + t;
                    if let Some(d) = self.deps[i]
                        && self.parity(d, i, values) != q
                    {
                        continue 'guess;
                    }
                    set(values, i, q);
                    prev = q;
                }
                self.plane(p + 1, next_borrows, prefix, values, out);
            }
        }

        fn solve(&self, values: &[u64]) -> u128 {
            solve_rows(&self.solution, self.words, values)
        }
    }

    fn set(values: &mut [u64], i: usize, bit: u64) {
        values[i / 64] = (values[i / 64] & !(1 << (i % 64))) | (bit << (i % 64));
    }

    /// `s0`'s half of a step: `t = x ^ (x << 23)`, then `t ^ (t >> 17)`.
    fn f(x: u64) -> u64 {
        let t = x ^ (x << 23);
        t ^ (t >> 17)
    }

    /// `s1`'s half of a step.
    fn g(y: u64) -> u64 {
        y ^ (y >> 26)
    }

    /// Relation `k` (`1..m`) of a chain, `q[k+1] = f(q[k-1]) ^ g(q[k])`, as
    /// a word that is 0 where it holds.
    fn relation(q: &[u64], k: usize) -> u64 {
        f(q[k - 1]) ^ g(q[k]) ^ q[k + 1]
    }

    /// The longest chain [`Plan::sweep`] takes (its words sit on the stack).
    pub const SWEEP_MAX_CALLS: usize = 8;

    /// The plane order of [`Plan::sweep`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Sweep {
        /// From bit 0 up (known bits from bit 0: SpiderMonkey, JSC): the
        /// sums' carries into bit 0 are 0, so each plane follows from
        /// `q[0]`'s bit by subtraction.
        Up,
        /// From bit 63 down (known bits up to bit 63: V8): the carry out of
        /// bit 63 is dropped, so every call's top part is `w[t] - q[t-1]`
        /// less an unknown borrow from below, 0 or 1.
        Down,
    }

    impl Plan {
        /// The plane order [`Plan::sweep`] takes, `None` when it cannot run
        /// (no known end of the words, a chain of under 3 or over
        /// [`SWEEP_MAX_CALLS`] calls, or too few planes for the relations
        /// to reach across). The sweep tries `2^26` partial states for `Up`
        /// (`q[0]`'s bits 0..=25) and `2^23` for `Down` (`q[0]`'s bits
        /// 41..=63; the borrows into plane 41 are found at plane 40), each
        /// followed by a path that survives a plane with probability 1/2 or
        /// less.
        pub fn sweep_direction(&self) -> Option<Sweep> {
            if !(3..=SWEEP_MAX_CALLS).contains(&self.m) || self.rank != 128 {
                None
            } else if self.low == 0 && self.top >= 27 {
                Some(Sweep::Up)
            } else if self.top == 63 && self.low <= 40 {
                Some(Sweep::Down)
            } else {
                None
            }
        }

        /// The number of work items of [`Plan::sweep`] (see there).
        pub fn sweep_items(&self) -> u64 {
            match self.sweep_direction() {
                Some(Sweep::Up) => 1 << 26,
                Some(Sweep::Down) => 1 << 23,
                None => 0,
            }
        }

        /// Every state the chain's words allow, as [`Plan::search`], by a
        /// sweep over the planes driven by the step relations instead of
        /// the elimination. Relation `k`, `q[k+1] = f(q[k-1]) ^ g(q[k])`,
        /// reaches from 23 bits below to 26 bits above its bit: sweeping
        /// up, its bit `p - 26` is the first to involve plane `p`, through
        /// `g(q[k])` and so through `q[0]`'s bit (every `q[t]`'s bit flips
        /// with it), so relation 1 *sets* `q[0]`'s bit and the others check
        /// it; sweeping down, its bit `p + 23` involves plane `p` only
        /// through `f(q[k-1])`, so relation `k` sets `q[k-1]`'s bit, the
        /// borrows of those calls must fit, and only the last two calls'
        /// borrows branch. Before the relations reach (26 planes up, 23
        /// down) the planes are enumerated: `Up` item `k` is `q[0]`'s bits
        /// 0..=25, `Down` item `k` is `q[0]`'s bits 41..=63 (the borrows
        /// into plane 41 follow from plane 40's bits, see
        /// `Plan::sweep_down_top`); `0..`[`Plan::sweep_items`] is the whole search. Each start
        /// first goes through a word-wide check that the relations allow
        /// (`Plan::up_start_may_fit`, `Plan::down_start_may_fit`: 9 or 16
        /// bits for each pair of calls the relations reach), so that few
        /// starts walk their planes. The leaves' plane
        /// bits go through the rows' elimination to the state.
        ///
        /// ```
        /// use rngkit::runtimes::javascript::xorshift128plus_step;
        /// use rngkit_analysis::generators::javascript::chain::{Plan, Sweep};
        ///
        /// // Three SpiderMonkey calls: the low 53 bits of s0 + s1.
        /// let start = (0x0123_4567_89ab_cdef_u64, 0xfedc_ba98_7654_3210_u64);
        /// let (mut s0, mut s1) = start;
        /// let words: Vec<u64> = (0..3)
        ///     .map(|_| {
        ///         (s0, s1) = xorshift128plus_step(s0, s1);
        ///         s0.wrapping_add(s1) & ((1 << 53) - 1)
        ///     })
        ///     .collect();
        /// let plan = Plan::new(&words, 0, 52);
        /// assert_eq!(plan.guesses(), 38); // the elimination would guess 2^38
        /// assert_eq!(plan.sweep_direction(), Some(Sweep::Up));
        /// let mut found = Vec::new();
        /// plan.sweep(0..plan.sweep_items(), &mut found);
        /// assert!(found.contains(&(u128::from(start.0) | u128::from(start.1) << 64)));
        /// ```
        pub fn sweep(&self, items: std::ops::Range<u64>, out: &mut Vec<u128>) {
            let dir = self.sweep_direction().expect("a sweep that can run");
            let mut values = vec![0u64; self.words];
            let m = self.m;
            // The words, 0 where unknown (their bits below `low` and above
            // `top` are never read).
            let mut w = [0u64; SWEEP_MAX_CALLS + 1];
            for (wt, window) in w[1..=m].iter_mut().zip(&self.windows) {
                *wt = window << self.low;
            }
            for k in items {
                let mut q = [0u64; SWEEP_MAX_CALLS + 1];
                match dir {
                    Sweep::Up => {
                        q[0] = k;
                        if self.up_start_may_fit(&w, k) && self.sweep_up(&w, &mut q) {
                            out.push(self.leaf(&q, &mut values));
                        }
                    }
                    Sweep::Down => {
                        if self.down_start_may_fit(&w, k) {
                            q[0] = k << 41;
                            self.sweep_down_top(&w, &mut q, &mut values, out);
                        }
                    }
                }
            }
        }

        /// Whether an `Up` start (`q[0]`'s bits 0..=25) can lead to any
        /// state: a necessary condition checked with a few word operations
        /// before [`Plan::sweep_up`] walks its planes. The start gives every
        /// call's bits 0..=25 exactly (no carry comes into bit 0). At bits
        /// `j` in 0..=8, `f(q[k-1])` reads only those bits and `g(q[k])`
        /// one bit above them, `j + 26`, so relation `k` gives `q[k]`'s bits
        /// 26..=34 for `k` in `1..m`; two calls given so (`t - 1` and `t`,
        /// `t` in `2..m`) must add up to the word's bits 26..=34 with the
        /// carry their bits 0..=25 make: 9 bits of check a pair (one start
        /// in 200 passes with three calls, one in 10000 with four).
        fn up_start_may_fit(&self, w: &[u64], start: u64) -> bool {
            const LOW: u64 = (1 << 26) - 1;
            const NINE: u64 = (1 << 9) - 1;
            let m = self.m;
            if m < 3 || self.top < 34 {
                return true;
            }
            let mut q = [0u64; SWEEP_MAX_CALLS + 1];
            q[0] = start & LOW;
            for t in 1..=m {
                q[t] = w[t].wrapping_sub(q[t - 1]) & LOW;
            }
            let part = |k: usize| (q[k + 1] ^ f(q[k - 1]) ^ q[k]) & NINE;
            (2..m).all(|t| {
                let carry = (q[t - 1] + q[t]) >> 26;
                (part(t - 1) + part(t) + carry) & NINE == (w[t] >> 26) & NINE
            })
        }

        /// `Up` from `q[0]`'s bits 0..=25: planes 26..=top, one way each.
        fn sweep_up(&self, w: &[u64], q: &mut [u64; SWEEP_MAX_CALLS + 1]) -> bool {
            let m = self.m;
            // Bits at or below the plane are exact whatever lies above.
            let chain = |q: &mut [u64; SWEEP_MAX_CALLS + 1]| {
                for t in 1..=m {
                    q[t] = w[t].wrapping_sub(q[t - 1]);
                }
            };
            for p in 26..=self.top {
                let j = p - 26;
                chain(q);
                if relation(q, 1) >> j & 1 == 1 {
                    q[0] |= 1 << p;
                    chain(q);
                }
                for k in 2..m {
                    if relation(q, k) >> j & 1 == 1 {
                        return false;
                    }
                }
            }
            true
        }

        /// Whether a `Down` start (`q[0]`'s bits 41..=63, `start`) can lead
        /// to any state: a necessary condition checked with a few word
        /// operations before [`Plan::sweep_down_top`] walks its planes.
        ///
        /// The calls' bits 41..=63 are `T[t]`, worked out from `start` with
        /// no borrows as there, up to a small `D[t]` at bit 41 (`|D[t]| <=
        /// ceil(t / 2)`), which changes bits 47..=63 only when `T[t]`'s bits
        /// 41..=46 are within `|D[t]|` of wrapping: then both are tried. At
        /// bits `j` in 47..=63 the step relation is `q[k+1] = q[k-1] ^
        /// q[k-1] << 23 ^ q[k]` (`f`'s `>> 17` and `g`'s `>> 26` reach
        /// past bit 63), so relation `k` gives `q[k-1]`'s bits 24..=40 from
        /// bits 47..=63 alone, for `k` in `1..m`. Each pair of calls `t - 1,
        /// t` both given so (`t` in `1..m - 1`) must then add up to the
        /// word's known bits in `max(low, 24)..=40`, less a carry from
        /// below: 16 bits of check a pair. They are not independent (where
        /// no carry moves, XOR is addition and the start cancels out), so
        /// more starts pass than that: about one in 60 with three calls,
        /// one in 1300 with four, one in 7000 with five (measured). The
        /// sweep would rule them out by walking those planes one by one with
        /// every borrow open (five V8 doubles: about 13 nodes a start).
        fn down_start_may_fit(&self, w: &[u64], start: u64) -> bool {
            let m = self.m;
            let low = self.low.max(24);
            if m < 3 || low > 40 {
                return true;
            }
            let hi = !0u64 << 41;
            let mut base = [0u64; SWEEP_MAX_CALLS + 1];
            // The other bits 47..=63 a call may have (as a change at bit 47).
            let mut other = [0u64; SWEEP_MAX_CALLS + 1];
            let mut open = 0u32;
            base[0] = start << 41;
            for t in 1..=m {
                base[t] = (w[t] & hi).wrapping_sub(base[t - 1]) & hi;
                let field = base[t] >> 41 & 63;
                let reach = t.div_ceil(2) as u64;
                if field < reach {
                    other[t] = (1u64 << 47).wrapping_neg();
                    open |= 1 << t;
                } else if field > 63 - reach {
                    other[t] = 1 << 47;
                    open |= 1 << t;
                }
            }
            let width = 41 - low;
            let mask = (1u64 << width) - 1;
            let fits = |tops: &[u64; SWEEP_MAX_CALLS + 1]| {
                // Relation k: q[k-1]'s bits low..=40 from bits low+23..=63.
                let part = |k: usize| ((tops[k + 1] ^ tops[k] ^ tops[k - 1]) >> (23 + low)) & mask;
                // Calls t - 1 and t add up to word t, plus a carry of 0 or
                // 1 from below bit `low`.
                (1..m - 1).all(|t| {
                    let word = (w[t] >> low) & mask;
                    (word.wrapping_sub(part(t)).wrapping_sub(part(t + 1)) & mask) <= 1
                })
            };
            // Every choice among the open calls, the empty one first.
            let mut choice = 0u32;
            loop {
                let mut tops = base;
                for t in 1..=m {
                    if choice >> t & 1 == 1 {
                        tops[t] = tops[t].wrapping_add(other[t]);
                    }
                }
                if fits(&tops) {
                    return true;
                }
                choice = choice.wrapping_sub(open) & open;
                if choice == 0 {
                    return false;
                }
            }
        }

        /// `Down` from `q[0]`'s bits 41..=63 (in `q[0]`): plane 40, whose
        /// bits decide each call's borrow into plane 41, then the planes
        /// below.
        ///
        /// The calls' bits 41..=63 are `w[t] - q[t-1]` less those borrows,
        /// so they are first worked out with no borrows, `Q[t]`; the true
        /// ones are `Q[t] + D[t] 2^41` with `D[t] = -(D[t-1] + borrow[t])`,
        /// `|D[t]| <= ceil(t / 2)`. Plane 40 reads only bits 57..=63 of
        /// them (`p + 17`, `p + 23`), which no such `D` changes unless
        /// `Q[t]`'s bits 41..=56 are within `ceil(t / 2)` of wrapping
        /// (about 2^-13 of the starts): then every borrow is tried in
        /// turn, as the items of a search over `q[0]` and the borrows
        /// would. Otherwise the plane's bits are set as [`Plan::down_call`]
        /// sets them, and each call's borrow into plane 41 is the carry
        /// out of its plane-40 sum (`q[t-1] + q[t]` with the carry in
        /// that makes the word's bit), found rather than tried: one start
        /// instead of `2^m`, which took three times fewer nodes for five
        /// doubles and twelve times fewer for six.
        fn sweep_down_top(
            &self,
            w: &[u64],
            q: &mut [u64; SWEEP_MAX_CALLS + 1],
            values: &mut [u64],
            out: &mut Vec<u128>,
        ) {
            const P: u32 = 40;
            let m = self.m;
            let hi = !0u64 << (P + 1);
            for t in 1..=m {
                q[t] = (w[t] & hi).wrapping_sub(q[t - 1]) & hi;
            }
            let safe = (1..=m).all(|t| {
                let field = (q[t] >> (P + 1)) & 0xffff;
                let reach = t.div_ceil(2) as u64;
                (reach..=0xffff - reach).contains(&field)
            });
            if !safe {
                let start = *q;
                for borrows in 0..1u64 << m {
                    let mut q = start;
                    for t in 1..=m {
                        let borrow = (borrows >> (t - 1) & 1) << (P + 1);
                        q[t] = (w[t] & hi).wrapping_sub(q[t - 1]).wrapping_sub(borrow) & hi;
                    }
                    self.sweep_down(w, &mut q, borrows, P, values, out);
                }
                return;
            }
            q[0] |= (relation(q, 1) >> (P + 23) & 1) << P;
            self.top_call(w, q, 0, 0, 1, values, out);
        }

        /// Call `t` at plane 40 with the borrows into plane 41 unknown:
        /// its bit (set by relation `t + 1`, or both ways for the last
        /// two calls) and the carry in that makes the word's bit decide
        /// its borrow out (`up`, bit `t - 1`) and in (`next`).
        #[allow(clippy::too_many_arguments)]
        fn top_call(
            &self,
            w: &[u64],
            q: &mut [u64; SWEEP_MAX_CALLS + 1],
            up: u64,
            next: u64,
            t: usize,
            values: &mut [u64],
            out: &mut Vec<u128>,
        ) {
            const P: u32 = 40;
            let m = self.m;
            if t > m {
                // The true bits 41..=63 with the borrows found.
                let mut exact = *q;
                let hi = !0u64 << (P + 1);
                let mut d = 0i64;
                for (t, x) in exact.iter_mut().enumerate().take(m + 1).skip(1) {
                    d = -(d + (up >> (t - 1) & 1) as i64);
                    *x = ((*x & hi).wrapping_add((d as u64) << (P + 1)) & hi) | (*x & !hi);
                }
                self.sweep_down(w, &mut exact, next, P - 1, values, out);
                return;
            }
            let a = q[t - 1] >> P & 1;
            let word = w[t] >> P & 1;
            let choices: &[u64] = if t + 1 < m {
                if relation(q, t + 1) >> (P + 23) & 1 == 1 {
                    &[1]
                } else {
                    &[0]
                }
            } else {
                &[0, 1]
            };
            for &b in choices {
                // a + b + carry-in = word + 2 carry-out.
                let carry_in = word ^ a ^ b;
                let carry_out = (a + b + carry_in) >> 1;
                q[t] |= b << P;
                self.top_call(
                    w,
                    q,
                    up | carry_out << (t - 1),
                    next | carry_in << (t - 1),
                    t + 1,
                    values,
                    out,
                );
                q[t] &= !(1 << P);
            }
        }

        /// `Down` at plane `p` (bits above it fixed in `q`, 0 below;
        /// `borrows` bit `t - 1`: the borrow call `t` takes from plane `p`).
        fn sweep_down(
            &self,
            w: &[u64],
            q: &mut [u64; SWEEP_MAX_CALLS + 1],
            borrows: u64,
            p: u32,
            values: &mut [u64],
            out: &mut Vec<u128>,
        ) {
            if p + 1 == self.low {
                out.push(self.leaf(q, values));
                return;
            }
            let j = p + 23;
            // q[0]'s bit: the one that clears relation 1's bit j.
            q[0] |= (relation(q, 1) >> j & 1) << p;
            self.down_call(w, q, borrows, 0, p, 1, values, out);
            q[0] &= !(1 << p);
        }

        /// Call `t`'s bit at plane `p` and its borrow from plane `p - 1`.
        #[allow(clippy::too_many_arguments)]
        fn down_call(
            &self,
            w: &[u64],
            q: &mut [u64; SWEEP_MAX_CALLS + 1],
            borrows: u64,
            next: u64,
            p: u32,
            t: usize,
            values: &mut [u64],
            out: &mut Vec<u128>,
        ) {
            let m = self.m;
            if t > m {
                if p > 0 {
                    self.sweep_down(w, q, next, p - 1, values, out);
                } else if self.low == 0 {
                    out.push(self.leaf(q, values));
                }
                return;
            }
            let a = q[t - 1] >> p & 1;
            let c = borrows >> (t - 1) & 1;
            // a + b + borrow-in = w + 2 borrow-out, at this plane.
            let v = (w[t] >> p & 1) + 2 * c;
            let Some(sum) = v.checked_sub(a).filter(|&s| s <= 2) else {
                return;
            };
            let bit = 1u64 << p;
            // The two branches differ only in which bits of q[t] they try;
            // written once over a range of choices (or through a closure
            // taking one choice) this recursion, the hot loop of 3 V8
            // doubles, ran 10 to 20% slower (6.4 against 7.3 to 7.8 CPU s).
            if t + 1 < m {
                // Relation t + 1 sets q[t]'s bit; its borrow must fit.
                let b = relation(q, t + 1) >> (p + 23) & 1;
                let Some(borrow_in) = sum.checked_sub(b).filter(|&x| x <= 1) else {
                    return;
                };
                q[t] |= b << p;
                self.down_call(
                    w,
                    q,
                    borrows,
                    next | borrow_in << (t - 1),
                    p,
                    t + 1,
                    values,
                    out,
                );
                q[t] &= !bit;
            } else {
                for b in 0..=1u64 {
                    let Some(borrow_in) = sum.checked_sub(b).filter(|&x| x <= 1) else {
                        continue;
                    };
                    q[t] |= b << p;
                    self.down_call(
                        w,
                        q,
                        borrows,
                        next | borrow_in << (t - 1),
                        p,
                        t + 1,
                        values,
                        out,
                    );
                    q[t] &= !bit;
                }
            }
        }

        /// The state of a leaf's plane bits, through the elimination.
        fn leaf(&self, q: &[u64], values: &mut [u64]) -> u128 {
            for p in self.low..=self.top {
                let base = ((p - self.low) as usize) * (self.m + 1);
                for (t, x) in q[..=self.m].iter().enumerate() {
                    set(values, base + t, x >> p & 1);
                }
            }
            self.solve(values)
        }
    }

    #[cfg(test)]
    mod tests {
        use super::{Plan, SWEEP_MAX_CALLS};
        use rngkit::generators::SplitMix64;
        use rngkit::rand_core::Rng;
        use rngkit::runtimes::javascript::xorshift128plus_step;

        /// The sums of `m` steps from `(s0, s1)`, bits `low..=top`, shifted
        /// down (a chain's windows), and the sweep's words (bits in place,
        /// word 0 unused).
        fn chain_words(s0: u64, s1: u64, m: usize, low: u32, top: u32) -> (Vec<u64>, Vec<u64>) {
            let (mut a, mut b) = (s0, s1);
            let keep = if top == 63 {
                u64::MAX
            } else {
                (1 << (top + 1)) - 1
            };
            let mut windows = Vec::new();
            let mut w = vec![0u64; SWEEP_MAX_CALLS + 1];
            for slot in w.iter_mut().skip(1).take(m) {
                (a, b) = xorshift128plus_step(a, b);
                let word = a.wrapping_add(b) & keep;
                windows.push(word >> low);
                *slot = (word >> low) << low;
            }
            (windows, w)
        }

        /// The start checks never rule out the true start (V8's top 53
        /// bits, bands of `floor` values from bits 30 and 40, SpiderMonkey's
        /// low 53 bits; three to eight calls, 300 states each), and rule
        /// out all but a few in a hundred other starts (three calls) or
        /// in a thousand (four and more).
        #[test]
        fn start_checks_keep_the_true_start_and_drop_the_rest() {
            let mut x = SplitMix64::new(2026);
            for (low, top) in [(11, 63), (40, 63), (30, 63), (0, 52)] {
                for m in 3..=SWEEP_MAX_CALLS {
                    let mut passed_others = 0;
                    for _ in 0..300 {
                        let (s0, s1) = (x.next_u64(), x.next_u64());
                        let (windows, w) = chain_words(s0, s1, m, low, top);
                        let plan = Plan::new(&windows, low, top);
                        // q[0] is s1 of the state before the first call.
                        let other = x.next_u64();
                        if top == 63 {
                            assert!(plan.down_start_may_fit(&w, s1 >> 41), "{low} {m}");
                            passed_others += usize::from(plan.down_start_may_fit(&w, other >> 41));
                        } else {
                            let low26 = s1 & ((1 << 26) - 1);
                            assert!(plan.up_start_may_fit(&w, low26), "{m}");
                            passed_others +=
                                usize::from(plan.up_start_may_fit(&w, other & ((1 << 26) - 1)));
                        }
                    }
                    // Measured over 20000 states: V8 (bits 11..=63) lets
                    // 1.7% of other starts through with three calls, 0.08%
                    // with four, 0.015% with five; a band from bit 30,
                    // 7.4%, 1.1%, 0.4%; SpiderMonkey 0.47% and 0.01%. (The
                    // bits checked are not independent: where no carry
                    // moves, XOR is addition and the start cancels out.)
                    // A band from bit 40 leaves no bit to check.
                    let limit = match (low, m) {
                        (40, _) => 300,
                        (11, 3) => 20,
                        (11, 4) => 3,
                        (30, 3) => 45,
                        (30, 4) => 12,
                        (30, _) => 6,
                        (0, 3) => 8,
                        _ => 2,
                    };
                    assert!(
                        passed_others <= limit,
                        "{low}..={top}, {m} calls: {passed_others}"
                    );
                }
            }
        }
    }
}

/// Searches expected to visit more than 2^(this + 1) nodes, about 2^this
/// leaves ([`chain::Plan::nodes_log2`], or the sweep's nodes as
/// `chain_cost` counts them) are refused with what to add: measured on 2
/// threads, the elimination's 2^24 leaves
/// take about 0.8 s, 2^26 about 2 s and 2^28 about 10 s (a leaf costs more
/// in longer chains); the sweep's 2^27 steps for three doubles under 1 s.
pub const MAX_GUESSES: u32 = 28;

/// The longest chain tried: `floor N` values with few known top bits need
/// long chains (about `128 / log2 N` calls).
const MAX_CHAIN: usize = 48;

/// The lowest bit `l` with every bit of `l..=top` known (`top + 1`: the top
/// bit is not known).
fn lowest_known(mask: u64, top: u32) -> u32 {
    let want = if top == 63 {
        u64::MAX
    } else {
        (1u64 << (top + 1)) - 1
    };
    let unknown = want & !mask;
    if unknown == 0 {
        0
    } else {
        64 - unknown.leading_zeros()
    }
}

/// log2 of a chain's search cost in word operations, and whether the
/// sweep ([`chain::Plan::sweep`]) is the cheaper way: the elimination's
/// nodes each walk the chain's `m + 1` rows with a parity over the earlier
/// ones, the sweep's steps are a few word operations.
///
/// Measured: the elimination's 2^28.6 nodes for three SpiderMonkey doubles
/// took 4.8 s of CPU, so a CPU second is about 2^26.3 units; the sweeps'
/// costs are their measured times in those units ([`UP_SWEEP_COST`],
/// [`down_sweep_cost`]), and a node of a chain of `m` calls counts as `(m +
/// 1) / 4` nodes of a chain of 3.
fn chain_cost(plan: &chain::Plan) -> (f64, bool) {
    let elimination = plan.nodes_log2() + ((plan.m + 1) as f64 / 4.0).log2();
    match plan.sweep_direction() {
        Some(chain::Sweep::Up) if elimination > UP_SWEEP_COST => (UP_SWEEP_COST, true),
        Some(chain::Sweep::Down) if elimination > down_sweep_cost(plan.m) => {
            (down_sweep_cost(plan.m), true)
        }
        _ => (elimination, false),
    }
}

/// The `Up` sweep's cost (see [`chain_cost`]), in the elimination's units
/// (2^26.3 a CPU second): its 2^26 starts each take a few word operations
/// to rule out ([`chain::Plan::sweep`]'s check of bits 26..=34), three to
/// six SpiderMonkey doubles 0.2 to 0.35 s of CPU in full (release CLI, 2
/// cores); before that check every start walked a plane or two, 0.8 s.
const UP_SWEEP_COST: f64 = 24.6;

/// The `Down` sweep's cost (see [`chain_cost`]) for `m` V8 doubles, in
/// the elimination's units (2^26.3 a CPU second), measured (release CLI,
/// 2 cores): its 2^23 starts each take a few word operations to rule out
/// ([`chain::Plan::sweep`]'s check of bits 24..=40); one start in 1300
/// goes on with four calls, fewer with more, so a search that finds
/// nothing takes 0.11 s of CPU at every length from 4 to 8; with three
/// calls one start in 60 goes on, 0.1 to 0.45 s. Before that check every
/// start walked its planes: 1.9 to 2.6 s for three to six calls.
fn down_sweep_cost(m: usize) -> f64 {
    if m <= 3 { 24.5 } else { 23.2 }
}

/// The cheapest chain among the windows of consecutive known words: `(first
/// call offset, plan)`.
///
/// Every start inside a run of consecutive calls is tried, since one call
/// with few known bits (a `floor N` interval that straddles a power of two)
/// raises the lowest plane of every chain through it. From each start the
/// chain grows call by call (a longer chain has more rows a plane, so fewer
/// guessed planes, but one more guessed carry a call when `low > 0`) until
/// its carries alone would cost as much as the best plan so far.
fn best_chain(cons: &[SumCall], top: u32) -> Option<(u64, chain::Plan)> {
    let cost = |p: &chain::Plan| chain_cost(p).0;
    let mut best: Option<(u64, chain::Plan)> = None;
    let mut i = 0;
    while i < cons.len() {
        let mut j = i;
        while j + 1 < cons.len() && cons[j + 1].offset == cons[j].offset + 1 {
            j += 1;
        }
        let run = &cons[i..=j];
        for start in 0..run.len() {
            let mut low = 0;
            for m in 1..=(run.len() - start).min(MAX_CHAIN) {
                low = low.max(lowest_known(run[start + m - 1].known.mask, top));
                if low > top {
                    break;
                }
                // Every chain from here on costs at least its carries.
                let carries = if low > 0 { m as u32 } else { 0 };
                let floor = f64::from(carries) + ((m + 1) as f64).log2();
                if best.as_ref().is_some_and(|(_, b)| floor >= cost(b)) {
                    break;
                }
                let width = (top - low + 1) as usize;
                if (m + 1) * width < 128 {
                    continue;
                }
                let windows: Vec<u64> = run[start..start + m]
                    .iter()
                    .map(|c| c.known.value >> low)
                    .collect();
                let plan = chain::Plan::new(&windows, low, top);
                // The cheapest: 2^guesses leaves, each walking the chain.
                if plan.rank() == 128 && best.as_ref().is_none_or(|(_, b)| cost(&plan) < cost(b)) {
                    best = Some((run[start].offset, plan));
                }
            }
        }
        i = j + 1;
    }
    best
}

/// What the sum engines' searches reach, for advice (measured with 600
/// values on `v8`: the meet-in-the-middle search takes `floor 28` and up in
/// seconds, `floor 24` to `floor 27` on some streams; `floor 16` as a power
/// of two).
const SUM_REACH: &str = "give at least 3 consecutive math-random values, or about 30 consecutive floor N values with N >= 28 or N = 16 (floor 100: 24 to 30 values; a few hundred let the search pick its cheapest window); floor N below 24 is out of reach on the sum engines (each value's few known bits sit behind an unknown carry, and dice and coins need too long a chain)";

/// Meet-in-the-middle searches over more than 2^this steps
/// ([`meet::Meet::steps_log2`]) are refused: a step (a syndrome table read
/// and a hash probe) took 16 to 35 ns here, more when the stored half
/// outgrows the caches, so 2^30 steps are 20 to 40 s of CPU.
const MEET_MAX_STEPS: f64 = 30.0;

/// A meet step costs about a quarter of a chain search node (16 to 35 ns
/// against the elimination's 2^24 leaves in 1.6 s of CPU): log2 of the
/// ratio.
const MEET_STEPS_PER_NODE: f64 = 2.0;

/// The most paths a meet may let through its checks by chance, as a power
/// of two: each is solved (about a microsecond) and checked against the
/// calls that follow. A looser bound lets a shorter chain qualify: each
/// call fewer saves half its choices in steps.
const MEET_MAX_FALSE: f64 = 14.0;

/// The cheapest meet-in-the-middle search ([`meet::Meet`]) over the runs of
/// consecutive calls: `(first call offset, plan)`. For each plane count `k`
/// and start, the shortest chain whose rows reach rank 128 with few enough
/// chance paths ([`MEET_MAX_FALSE`]) is the cheapest from that start (each
/// further call multiplies the paths by its choices).
fn best_meet(cons: &[SumCall], top: u32) -> Option<(u64, meet::Meet)> {
    if top < 52 {
        return None;
    }
    let mut best: Option<(f64, usize, usize, u32)> = None;
    for k in 3..=meet::MAX_PLANES.min(8) {
        let low = top + 1 - k;
        let profile = meet::rank_profile(k, low, meet::MAX_CALLS);
        let logs: Vec<f64> = cons
            .iter()
            .map(|c| (meet::choices(c.span, k, low > 0).1 as f64).log2())
            .collect();
        let mut i = 0;
        while i < cons.len() {
            let mut j = i;
            while j + 1 < cons.len() && cons[j + 1].offset == cons[j].offset + 1 {
                j += 1;
            }
            for start in i..=j {
                let mut paths = f64::from(k);
                for m in 1..=(j + 1 - start).min(meet::MAX_CALLS) {
                    paths += logs[start + m - 1];
                    let (rank, checks) = profile[m];
                    if rank < 128 || paths - f64::from(checks.min(128)) > MEET_MAX_FALSE {
                        continue;
                    }
                    let steps = meet::steps_log2(k, &logs[start..start + m]);
                    if best.is_none_or(|(b, ..)| steps < b) {
                        best = Some((steps, start, m, k));
                    }
                    break;
                }
            }
            i = j + 1;
        }
    }
    let (_, start, m, k) = best?;
    let spans: Vec<(u64, u64)> = cons[start..start + m].iter().map(|c| c.span).collect();
    Some((cons[start].offset, meet::Meet::new(&spans, top, k)?))
}

/// Whether the state `x` before call `offset` gives the known bits of the
/// calls `later` (all at or after `offset`).
fn follows(later: &[&SumCall], offset: u64, x: u128) -> bool {
    let (mut a, mut b) = split(x);
    let mut calls = offset;
    for c in later {
        while calls <= c.offset {
            (a, b) = xorshift128plus_step(a, b);
            calls += 1;
        }
        if a.wrapping_add(b) & c.known.mask != c.known.value {
            return false;
        }
    }
    true
}

/// The meet's states (before call `offset`) that give every known bit of
/// the calls from there on, its middle values shared among the threads.
fn meet_states(
    meet: &meet::Meet,
    offset: u64,
    cons: &[SumCall],
    options: &RecoverOptions,
) -> Vec<u128> {
    run_parts(meet.items(), offset, cons, options, false, &|k, out| {
        meet.search(k..k + 1, out)
    })
}

/// A search in `parts` pieces (`piece(k, out)` adds piece `k`'s candidate
/// states before call `offset`), taken in turn by the recovery's threads,
/// this one among them (one thread spawns nothing: the browser build has
/// no threads). Each piece's candidates are kept only when they give the
/// known bits of the calls of `cons` from `offset` on, there and in
/// parallel: a search's rows only just fix the state, so most candidates
/// are wrong. With `stop_at_first`, the first piece that keeps a state
/// ends the search.
fn run_parts(
    parts: u64,
    offset: u64,
    cons: &[SumCall],
    options: &RecoverOptions,
    stop_at_first: bool,
    piece: &(dyn Fn(u64, &mut Vec<u128>) + Sync),
) -> Vec<u128> {
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    // Progress in pieces (their sizes differ, so the bar moves unevenly,
    // but it moves).
    options.progress.add_total(parts, "parts");
    let later: Vec<&SumCall> = cons.iter().filter(|c| c.offset >= offset).collect();
    let threads = options.threads.clamp(1, 64) as u64;
    let found_one = AtomicBool::new(false);
    let next = AtomicU64::new(0);
    let (later, next, found_one) = (&later, &next, &found_one);
    let work = move || {
        let mut out = Vec::new();
        loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= parts || options.stop.is_set() || found_one.load(Ordering::Relaxed) {
                break out;
            }
            let before = out.len();
            piece(k, &mut out);
            let mut kept = before;
            for i in before..out.len() {
                if follows(later, offset, out[i]) {
                    out[kept] = out[i];
                    kept += 1;
                }
            }
            out.truncate(kept);
            if stop_at_first && !out.is_empty() {
                found_one.store(true, Ordering::Relaxed);
            }
            options.progress.advance(1);
        }
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads.min(parts)).map(|_| scope.spawn(work)).collect();
        let mut found = work();
        for h in handles {
            found.extend(h.join().expect("a search thread"));
        }
        found
    })
}

/// `recover` for the sum engines whose calls are the xorshift steps in
/// order: the state before the first observation, as an engine.
fn sum_recover(
    observations: &[Observation],
    options: &RecoverOptions,
    top: u32,
    name: &str,
    engine_of: &(dyn Fn(u64, u64) -> Option<Engine> + Sync),
) -> Result<Recovered, RecoverError> {
    sum_search(
        observations,
        &sum_calls(observations, top)?,
        options,
        top,
        name,
        engine_of,
    )
}

/// The chain search on `cons`, constraints on the sums of the xorshift
/// steps (`offset` k: the sum after step k + 1 from the unknown state);
/// `engine_of` makes the engine of a found xorshift state, each one
/// verified against every observation.
fn sum_search(
    observations: &[Observation],
    cons: &[SumCall],
    options: &RecoverOptions,
    top: u32,
    name: &str,
    engine_of: &(dyn Fn(u64, u64) -> Option<Engine> + Sync),
) -> Result<Recovered, RecoverError> {
    Ok(match sum_states(cons, options, top, name)? {
        SumStates::Found(found) => crate::recover::conclude(
            found
                .into_iter()
                .filter_map(|(a, b)| engine_of(a, b))
                .filter(|e| fits(observations, e))
                .collect(),
        ),
        SumStates::Open(count) => Recovered::Several {
            count,
            states: Vec::new(),
        },
        SumStates::OverBudget { count, advice } => Recovered::OverBudget { count, advice },
    })
}

/// What the chain search found: the xorshift states before step 0 that fit
/// the constraints it used (to be verified against the rest), or only a
/// count when the constraints reveal too few bits.
enum SumStates {
    Found(Vec<(u64, u64)>),
    Open(Count),
    /// The search the constraints call for is over the budget.
    OverBudget {
        count: Count,
        advice: String,
    },
}

/// The chain search itself (see [`sum_search`]).
fn sum_states(
    cons: &[SumCall],
    options: &RecoverOptions,
    top: u32,
    name: &str,
) -> Result<SumStates, RecoverError> {
    // The state before step 0 of a solution `x` for the state before step
    // `offset`.
    let candidate = |x: u128, offset: u64| -> Option<(u64, u64)> {
        let (a, b) = split(x);
        if a == 0 && b == 0 {
            return None;
        }
        Some(jump_words(a, b, u128::from(offset), true))
    };
    // SpiderMonkey/JSC: bit 0 of the sum is linear; 128 of them may do.
    if top == 52 {
        let with_bit0: Vec<&SumCall> = cons.iter().filter(|c| c.known.mask & 1 == 1).collect();
        if with_bit0.len() >= 128 {
            let mut eq = Echelon::new();
            let (mut s0, mut s1) = unit_forms();
            let mut step = 0;
            let mut consistent = true;
            for c in &with_bit0 {
                while step <= c.offset {
                    (s0, s1) = step_forms(&s0, &s1);
                    step += 1;
                }
                consistent &= eq.add(s0[0] ^ s1[0], c.known.value & 1 == 1);
            }
            if !consistent {
                return Ok(SumStates::Found(Vec::new()));
            }
            if eq.rank() == 128 {
                return Ok(SumStates::Found(
                    candidate(eq.solution(0), 0).into_iter().collect(),
                ));
            }
        }
    }
    let chain = best_chain(cons, top);
    // The chain search's cost in its nodes (the budget counts the
    // elimination's nodes as they are: a long `floor N` chain's nodes cost
    // more, but its budget was set by time).
    let chain_nodes = chain.as_ref().map(|(_, plan)| match chain_cost(plan) {
        (cost, true) => cost,
        (_, false) => plan.nodes_log2(),
    });
    let meet = best_meet(cons, top);
    if let Some((offset, meet)) = &meet
        && meet.steps_log2() <= MEET_MAX_STEPS
        && chain_nodes.is_none_or(|nodes| {
            nodes > f64::from(MAX_GUESSES) + 1.0 || meet.steps_log2() - MEET_STEPS_PER_NODE < nodes
        })
    {
        let found = meet_states(meet, *offset, cons, options);
        return Ok(found_states(found, *offset, candidate));
    }
    // About 2^(128 - information) states fit: an estimate (the values'
    // intervals are not independent of each other).
    let information: f64 = cons.iter().map(SumCall::information).sum();
    let about = Count::About((128.0 - information).round().max(0.0) as u32);
    let meet_note = match &meet {
        Some((_, meet)) => format!(
            "; the cheapest meet-in-the-middle window, {} consecutive calls, takes 2^{:.1} steps (the budget is 2^{MEET_MAX_STEPS})",
            meet.m,
            meet.steps_log2()
        ),
        None => String::new(),
    };
    let Some((offset, plan)) = chain else {
        if information < 128.0 {
            return Ok(SumStates::Open(about));
        }
        // Valid input that says enough but not in a shape the search can
        // use: exit 3 with what to add, not a usage error.
        return Ok(SumStates::OverBudget {
            count: about,
            advice: format!(
                "{name}: the observations reveal {information:.0} bits, but not as a run of consecutive calls the searches can use{meet_note}; {SUM_REACH}"
            ),
        });
    };
    let sweep = chain_cost(&plan).1.then_some(());
    let cost = chain_nodes.expect("a chain");
    // 2^MAX_GUESSES leaves are about twice as many nodes.
    if cost > f64::from(MAX_GUESSES) + 1.0 {
        // Valid input, a search over budget: exit 3 with what to add.
        return Ok(SumStates::OverBudget {
            count: about,
            advice: format!(
                "{name}: the best chain, {} consecutive calls with bits {}..={} known, leaves 2^{} candidates to search (the budget is 2^{MAX_GUESSES}, about a minute on 2 threads){meet_note}; {SUM_REACH}",
                plan.m,
                plan.low,
                plan.top,
                plan.guesses()
            ),
        });
    }
    let carries: u64 = if plan.low > 0 { 1 << plan.m } else { 1 };
    let threads = options.threads.clamp(1, 64) as u64;
    // Work items: the carries, each split over the first guessed bits of
    // q[0] when the carries alone are too few to share (SpiderMonkey's
    // carries are all 0: one item without the split).
    let mut prefix_bits = 0;
    while sweep.is_none()
        && (carries << prefix_bits) < threads * 1024
        && prefix_bits < plan.q0_guesses().min(16)
    {
        prefix_bits += 1;
    }
    let items = if sweep.is_some() {
        plan.sweep_items()
    } else {
        carries << prefix_bits
    };
    // The items' subtrees differ widely in size (most die at once), so
    // the threads take small chunks of them in turn rather than one range
    // each.
    let chunks = (threads * 64).min(items);
    // When the calls a leaf is checked against reveal enough bits, the
    // first leaf that passes is the only state but by a chance of about
    // 2^-64 (see `SUB_RUN_PINS`): the search ends there, on average half
    // way through (five doubles of Node.js 26 with `--fresh`: 1.8 to 2.5 s
    // of CPU before, about half that after).
    let pinned = cons
        .iter()
        .filter(|c| c.offset >= offset)
        .map(|c| c.revealed())
        .sum::<u32>()
        >= SUB_RUN_PINS;
    let plan = &plan;
    let found = run_parts(chunks, offset, cons, options, pinned, &|k, out| {
        let range = items * k / chunks..items * (k + 1) / chunks;
        if sweep.is_some() {
            plan.sweep(range, out);
        } else {
            plan.search_split(range, prefix_bits, out);
        }
    });
    Ok(found_states(found, offset, candidate))
}

/// A search's solutions for the state before call `offset`, distinct, as
/// the states before step 0 (`candidate` maps one, `None` for the zero
/// state).
fn found_states(
    mut found: Vec<u128>,
    offset: u64,
    candidate: impl Fn(u128, u64) -> Option<(u64, u64)>,
) -> SumStates {
    found.sort_unstable();
    found.dedup();
    SumStates::Found(
        found
            .into_iter()
            .filter_map(|x| candidate(x, offset))
            .collect(),
    )
}

/// `recover` for `spidermonkey` and `javascriptcore`: bit 0 of 128 calls
/// over GF(2), or else the chain search over a run of consecutive calls
/// (see the module docs; five consecutive doubles are enough, six or more
/// are faster).
///
/// ```
/// use rngkit::runtimes::javascript::Xorshift128Plus;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// let start = Xorshift128Plus::weak_random(77);
/// let mut rng = start.clone();
/// let text: String = (0..8).map(|_| format!("math-random = {}\n", rng.next_double())).collect();
/// let entry = registry::find("spidermonkey").unwrap();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// assert_eq!(state.words(), start.state().to_vec());
/// ```
///
/// # Errors
/// [`RecoverError`] when the search would be too large (too few
/// consecutive calls with enough known bits).
pub fn recover_xorshift128plus<G: Gen<Rng = Xorshift128Plus>>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_xorshift128plus_to::<G>(observations, options, 52)
}

/// [`recover_xorshift128plus`] with the chains' top bit `top` instead of
/// bit 52 (a draw that shows the sum's low 32 bits chains up to bit 31;
/// bit 0's linear path is taken only at 52).
///
/// # Errors
/// As [`recover_xorshift128plus`].
pub fn recover_xorshift128plus_to<G: Gen<Rng = Xorshift128Plus>>(
    observations: &[Observation],
    options: &RecoverOptions,
    top: u32,
) -> Result<Recovered, RecoverError> {
    exact_first(observations, |obs| {
        sum_recover(obs, options, top, G::INFO.name, &|a, b| {
            Xorshift128Plus::from_state([a, b])
                .ok()
                .map(Engine::new::<G>)
        })
    })
}

/// The observations with the decimal `math-random` values that `exact`
/// accepts read as the exact double each parses to; `None` when there is
/// none to read so.
///
/// A decimal matches any double within half a unit of its last digit, so
/// the 15 to 17 digits JavaScript prints (the shortest text that reads
/// back as the same double) leave the lowest few bits of a value unknown,
/// and the sum engines' searches need every bit of a few values: the low
/// bits carry into all the others (SpiderMonkey), or the search starts at
/// the lowest known bit (V8).
fn exact_doubles(
    observations: &[Observation],
    exact: impl Fn(f64, &rngkit::observe::ObservedValue) -> bool,
) -> Option<Vec<Observation>> {
    use crate::observe::{ObservationKind, ObservedValue};
    let mut changed = false;
    let read = observations
        .iter()
        .map(|o| {
            if let ObservationKind::Draw { draw, value } = &o.kind
                && draw.text() == "math-random"
                && value.tolerance() > 0.0
                && let Some(x) = value.as_f64()
                && exact(x, value)
                && let Ok(bits) = ObservedValue::parse(&format!("{:#018x}", x.to_bits()))
            {
                changed = true;
                return Observation {
                    line: o.line,
                    kind: ObservationKind::Draw {
                        draw: draw.clone(),
                        value: bits,
                    },
                };
            }
            o.clone()
        })
        .collect();
    changed.then_some(read)
}

/// Whether a decimal allows one double of the sum engines' grid
/// (multiples of 2^-53) and no other: the double `x` it parses to lies on
/// the grid and both grid neighbours fall outside its last digit's
/// rounding. Then reading it exactly loses no stream.
fn one_grid_double(x: f64, value: &rngkit::observe::ObservedValue) -> bool {
    const GRID: f64 = 1.0 / (1u64 << 53) as f64;
    (x / GRID).fract() == 0.0 && !value.matches_f64(x - GRID) && !value.matches_f64(x + GRID)
}

/// `recover` on the exact doubles first ([`exact_doubles`]): JavaScript
/// prints the shortest decimal that reads back as the double, so its
/// output read exactly is the double itself. When no state gives those
/// exact doubles (values typed with fewer digits), or that search cannot
/// answer, the decimals are read as rounded to their last digit, except
/// those that allow one double of the grid anyway ([`one_grid_double`]:
/// most of 16 and 17 digits), which stay exact: the same streams fit, and
/// the search keeps its exact runs (ten doubles of another generator,
/// two of them printed with 15 digits: SpiderMonkey's second search took
/// 0.3 to 0.6 s of CPU reading all ten rounded; it is skipped when every
/// decimal allows one double).
fn exact_first(
    observations: &[Observation],
    recover: impl Fn(&[Observation]) -> Result<Recovered, RecoverError>,
) -> Result<Recovered, RecoverError> {
    let Some(exact) = exact_doubles(observations, |_, _| true) else {
        return recover(observations);
    };
    let found = recover(&exact);
    if matches!(&found, Ok(Recovered::Unique(_)))
        || matches!(&found, Ok(Recovered::Several { states, .. }) if !states.is_empty())
    {
        return found;
    }
    let rounded =
        exact_doubles(observations, one_grid_double).unwrap_or_else(|| observations.to_vec());
    if rounded == exact {
        return found;
    }
    recover(&rounded)
}

/// `recover` for every V8 era: the linear eras (`v8-legacy`, `v8-13`) over
/// GF(2) at each cache position, the sum eras (`v8`, `v8-14`) by the chain
/// search. `v8` gives its calls in step order, so every cache position
/// gives the same stream and the state is given with an empty cache
/// (`remaining` 0); `v8-14` hands each block out last-made first, so the
/// search runs once per cache position on the steps the calls show, in
/// step order. With [`RecoverOptions::fresh`] only position 0 (the first
/// observation is the first call of a fresh context) is tried.
///
/// ```
/// use rngkit::runtimes::javascript::V8Random;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// let mut rng = V8Random::with_random_seed(11).unwrap();
/// let text: String = (0..10).map(|_| format!("math-random = {}\n", rng.math_random())).collect();
/// let entry = registry::find("v8").unwrap();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(mut state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// state.discard(10);
/// assert_eq!(state.next_word(), rng.next_output());
/// ```
///
/// # Errors
/// As [`recover_xorshift128plus`] for the sum eras; [`RecoverError`] for
/// observations more than [`JS_MAX_OFFSET`] calls in.
pub fn recover_v8_era<E: V8Era>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    if E::MAPPING.is_linear() {
        return recover_v8_linear::<E>(observations, options);
    }
    exact_first(observations, |obs| recover_v8_sum::<E>(obs, options))
}

/// [`recover_v8_era`] for the sum eras (`v8`, `v8-14`).
fn recover_v8_sum<E: V8Era>(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    // The era's parts as values, so that the search below is built once
    // rather than once per era (the page's wasm has a size budget).
    let era = SumEra {
        name: <E as V8Era>::INFO.name,
        order: E::ORDER,
        empty_cache: &|a, b| {
            V8MathRandom::<E>::from_state(a, b, 0)
                .ok()
                .map(Engine::new::<E>)
        },
        at_block_position: &|a, b, position| {
            V8MathRandom::<E>::at_block_position(a, b, position)
                .ok()
                .map(Engine::new::<E>)
        },
    };
    recover_sum_era(observations, options, &era)
}

/// What [`recover_sum_era`] needs of a V8 sum era.
struct SumEra<'a> {
    name: &'static str,
    order: V8CacheOrder,
    /// The engine with xorshift state `(a, b)` and nothing cached.
    empty_cache: &'a (dyn Fn(u64, u64) -> Option<Engine> + Sync),
    /// The engine whose block starts from `(a, b)`, `position` calls in.
    at_block_position: &'a dyn Fn(u64, u64, u8) -> Option<Engine>,
}

/// [`recover_v8_sum`] for one era.
fn recover_sum_era(
    observations: &[Observation],
    options: &RecoverOptions,
    era: &SumEra<'_>,
) -> Result<Recovered, RecoverError> {
    let name = era.name;
    if era.order == V8CacheOrder::StepOrder {
        return sum_recover(observations, options, 63, name, era.empty_cache);
    }
    // Blocks handed out last-made first: at position p, call c shows step
    // `step_of_call(c + p)`, so the calls inside one block are consecutive
    // steps in reverse. The chain search runs on the longest such run of
    // calls; its solutions (the xorshift states before the run's first
    // step) do not depend on p, so each run is searched once and every
    // position that shares it reuses the answer. Every candidate is then
    // verified against all observations.
    let cons = sum_calls(observations, 63)?;
    if cons.is_empty() {
        return Ok(Recovered::Several {
            count: Count::PowerOfTwo(128 + 6),
            states: Vec::new(),
        });
    }
    let total_known: u32 = cons.iter().map(SumCall::revealed).sum();
    let mut searched: Vec<SearchedRun> = Vec::new();
    let mut states = Vec::new();
    let mut unlisted: u128 = 0;
    let mut failed: Vec<(u64, RecoverError)> = Vec::new();
    let mut short_runs: Vec<(u64, Count)> = Vec::new();
    let mut over_budget: Option<(Count, String)> = None;
    let tried = positions(options);
    let total = tried.end - tried.start;
    // Each position's longest run of observed calls inside one block (ties:
    // the first), as the call range `first..=last`.
    let mut order: Vec<(u64, usize, usize)> = Vec::with_capacity(total as usize);
    for position in tried {
        let block = |c: &SumCall| (c.offset + position) / V8_CACHE_SIZE as u64;
        let mut best: Option<(usize, usize)> = None;
        let mut start = 0;
        for end in 0..cons.len() {
            let closes = end + 1 == cons.len()
                || block(&cons[end + 1]) != block(&cons[end])
                || cons[end + 1].offset != cons[end].offset + 1;
            if closes {
                if best.is_none_or(|(a, b)| end - start > b - a) {
                    best = Some((start, end));
                }
                start = end + 1;
            }
        }
        let Some((first, last)) = best else {
            return Ok(crate::recover::conclude(Vec::new()));
        };
        order.push((position, first, last));
    }
    // Longest runs first: a longer run is searched no slower than a
    // shorter one, and when the values reveal enough bits, the first state
    // that gives every value ends the search (see `PINNED_BY_ALL`).
    order.sort_by_key(|&(_, first, last)| std::cmp::Reverse(last - first));
    // Which step each observed call shows, relative to the first call's:
    // positions with the same pattern give the same values from states
    // that differ only in where the block ends (values inside one block fit
    // at every position that keeps them inside it), so they are all still
    // searched once a state is found; the others are left alone then.
    let pattern = |position: u64| -> Vec<i128> {
        let step = |c: &SumCall| i128::from(era.order.step_of_call(c.offset + position));
        cons.iter().map(|c| step(c) - step(&cons[0])).collect()
    };
    // The engine at `position` whose run ending with call `last` (inside
    // one block there) starts from the xorshift state `(a, b)`, if it gives
    // every observed value.
    let place = |a: u64, b: u64, last: u64, position: u64| -> Option<Engine> {
        // Steps from the block's start to just before the run.
        let before = era.order.step_of_call(last + position) - 1;
        let (a, b) = jump_words(a, b, u128::from(before), true);
        let engine = (era.at_block_position)(a, b, position as u8)?;
        fits(observations, &engine).then_some(engine)
    };
    let mut cover = cover_windows(&cons);
    let mut covered: Vec<u64> = Vec::new();
    let mut found_pattern: Option<Vec<i128>> = None;
    // Whether the windows were all searched in full and placed no state:
    // then no position where the refill falls among the values has one.
    let mut windows_found_none = false;
    for (position, first, last) in order.iter().copied() {
        // The run of the whole is searched first: quickly, and it ends
        // the search when the refill falls outside the values.
        if found_pattern.is_none()
            && last - first + 1 < cons.len()
            && let Some(windows) = cover.take()
        {
            // Every position whose longest run is shorter than this holds
            // one of the windows inside a block: search them, and place
            // what they find at every position.
            let mut complete = true;
            for (from, to) in windows {
                let run = step_order_run(&cons, from, to);
                let result = sum_states(&run, options, 63, name);
                complete &= matches!(result, Ok(SumStates::Found(_)));
                if let Ok(SumStates::Found(found)) = &result {
                    for &(a, b) in found {
                        for &(p, _, _) in &order {
                            if let Some(engine) = place(a, b, cons[to].offset, p) {
                                states.push(engine);
                                covered.push(p);
                                found_pattern.get_or_insert_with(|| pattern(p));
                            }
                        }
                    }
                }
                searched.push(((cons[from].offset, cons[to].offset), result));
                if found_pattern.is_some() {
                    break;
                }
            }
            windows_found_none = complete && found_pattern.is_none();
        }
        if covered.contains(&position) {
            continue;
        }
        // A state at this position would have been found by the window
        // inside its block (values of another generator: 15 more searches
        // of the runs of 5 to 9 values, 0.8 s, each finding nothing).
        if windows_found_none && last - first + 1 < cons.len() {
            continue;
        }
        if let Some(found) = &found_pattern
            && pattern(position) != *found
        {
            continue;
        }
        let states_before = states.len();
        let key = (cons[first].offset, cons[last].offset);
        if !searched.iter().any(|(k, _)| *k == key)
            && let Some(found) = inside_searched_run(&searched, &cons[first..=last], key)
        {
            searched.push((key, Ok(SumStates::Found(found))));
        }
        if !searched.iter().any(|(k, _)| *k == key) {
            let run = step_order_run(&cons, first, last);
            searched.push((key, sum_states(&run, options, 63, name)));
        }
        let result = &searched
            .iter()
            .find(|(k, _)| *k == key)
            .expect("searched")
            .1;
        match result {
            Ok(SumStates::Found(found)) => {
                for &(a, b) in found {
                    states.extend(place(a, b, cons[last].offset, position));
                }
            }
            Ok(SumStates::Open(count)) if total_known < 128 => {
                unlisted = unlisted.saturating_add(count_value(*count));
            }
            Ok(SumStates::OverBudget { count, advice }) => {
                over_budget.get_or_insert((*count, advice.clone()));
            }
            Ok(SumStates::Open(count)) => {
                short_runs.push((position, *count));
                failed.push((
                    position,
                    RecoverError(format!(
                        "the longest run of observed calls inside one cache block ({} calls) reveals too few bits to search; give at least 3 consecutive math-random values inside one block",
                        last - first + 1
                    )),
                ))
            }
            Err(e) => failed.push((position, e.clone())),
        }
        if total_known >= PINNED_BY_ALL && found_pattern.is_none() && states.len() > states_before {
            found_pattern = Some(pattern(position));
        }
    }
    if total_known >= PINNED_BY_ALL && !states.is_empty() {
        // Pinned by every value: the positions left unsearched have
        // another pattern of steps, where a state giving every value would
        // be a coincidence of probability about 2^-64.
        return Ok(crate::recover::conclude(states));
    }
    // Positions whose run is too short to search, when others did search:
    // their states are not listed but counted (each at most 2^(128 - the
    // run's known bits)), so the answer is "several", not an error (three
    // values inside one block fit at every position that keeps them inside
    // it anyway; `--fresh` picks one).
    if failed.len() == short_runs.len() && failed.len() < total as usize && over_budget.is_none() {
        for (_, count) in &short_runs {
            unlisted = unlisted.saturating_add(count_value(*count));
        }
        failed.clear();
    }
    if let Some((position, first)) = failed.first() {
        let message = format!(
            "{name}: at {} of the {total} cache positions the first value may sit at (the first: {position} calls after a refill), the search is out of reach: {}{}",
            failed.len(),
            first
                .0
                .strip_prefix(&format!("{name}: "))
                .unwrap_or(&first.0),
            if options.fresh {
                ""
            } else {
                "; if the values are the first of a fresh context (a new process or page), say --fresh"
            }
        );
        // Valid values whose runs are all too short to search (dice): exit
        // 3 with what to add, not an input error.
        if failed.len() == short_runs.len() {
            return Ok(Recovered::OverBudget {
                count: Count::About(128u32.saturating_sub(total_known)),
                advice: message,
            });
        }
        return Err(RecoverError(message));
    }
    if let Some((count, advice)) = over_budget {
        return Ok(Recovered::OverBudget {
            count,
            advice: if options.fresh {
                advice
            } else {
                format!(
                    "{advice}; if the values are the first of a fresh context (a new process or page), say --fresh"
                )
            },
        });
    }
    if unlisted > 0 {
        // The positions' counts are each about 2^(128 - information): an
        // estimate, the power of two at or above their sum.
        let total = unlisted.saturating_add(states.len() as u128);
        return Ok(Recovered::Several {
            count: Count::About(128 - (total - 1).leading_zeros()),
            states: Vec::new(),
        });
    }
    Ok(crate::recover::conclude(states))
}

/// The calls `first..=last` of `cons` (inside one block, handed out
/// last-made first) as a run in step order: the last call shows the
/// earliest step.
fn step_order_run(cons: &[SumCall], first: usize, last: usize) -> Vec<SumCall> {
    cons[first..=last]
        .iter()
        .rev()
        .map(|c| SumCall {
            offset: cons[last].offset - c.offset,
            ..*c
        })
        .collect()
}

/// For consecutive calls that one refill may split (at most 64), windows
/// that cover every position: wherever the refill falls, one window lies
/// inside one block, so searching them finds the state of every position
/// whose longest run is shorter than the whole. With `h = n / 2` they are
/// the first `h + 1` calls (inside one block when the refill comes after
/// them), the last `n - h + 1` (when it comes before them), and, for a
/// refill exactly after call `h`, the last `n - h`: so ten doubles are
/// searched as six, then six, and only for the middle split as five.
/// Measured before the sweeps' start checks (ten Node.js 26 doubles across
/// a refill, seeds 777 and 31337, every split): 0.2 to 1.2 s, 1.5 to 1.9 s
/// at the middle split, where halves of five took 0.2 to 3.2 s (11.6 s over
/// the nine splits of one seed against 7.6 s this way); running the two
/// windows of six side by side, each on one thread, saved nothing: the
/// window that holds the state is the slow one. Since the checks, every
/// split takes 0.17 to 0.6 s in `detect`. Only when each window reveals
/// [`HALF_MIN_BITS`] bits, and only worth it where the windows are searched
/// sooner than the runs they replace: ten doubles split five and five took
/// 4.8 to 7.8 s of CPU run by run (the runs of 9, 8, 7, 6 calls at the
/// other splits each searched in full and found nothing, then the run of
/// five). The windows as index ranges `(first, last)` of `cons`, in the
/// order to search them.
fn cover_windows(cons: &[SumCall]) -> Option<[(usize, usize); 3]> {
    // More calls than a block: the first block's worth is covered the same
    // way (wherever the first refill falls, one window is inside one block).
    let n = cons.len().min(V8_CACHE_SIZE);
    let cons = &cons[..n];
    let consecutive = cons.windows(2).all(|w| w[1].offset == w[0].offset + 1);
    if !consecutive || !(8..=V8_CACHE_SIZE).contains(&n) {
        return None;
    }
    let bits = |r: &[SumCall]| r.iter().map(SumCall::revealed).sum::<u32>();
    let h = n / 2;
    if bits(&cons[..h]) < HALF_MIN_BITS || bits(&cons[h..]) < HALF_MIN_BITS {
        return None;
    }
    Some([(0, h), (h - 1, n - 1), (h, n - 1)])
}

/// The fewest bits each window of [`cover_windows`] must reveal: enough to
/// leave about one state, so that its search (complete, or stopped at the
/// first state when the half reveals [`SUB_RUN_PINS`]) answers for every
/// position. Halves of 32 `floor 50` values (5 whole bits each) qualify:
/// searched once each, 1 to 3 s; position by position, 64 runs of 32 to 64
/// values took 2 to 5 minutes.
const HALF_MIN_BITS: u32 = 128 + 16;

/// Known bits above which a state that gives every observed value rules
/// out the cache positions whose calls show another pattern of steps, but
/// by a chance of about 2^-64: a state at such a position gives all the
/// values with probability 2^-known, and there are 64 * 2^128 (position,
/// state) pairs. So once one is found, only the positions with its pattern
/// are still searched (the same margin as [`SUB_RUN_PINS`]).
const PINNED_BY_ALL: u32 = 128 + 6 + 64;

/// A run of calls searched (its first and last call) and what it found.
type SearchedRun = ((u64, u64), Result<SumStates, RecoverError>);

/// Known bits above which a run of calls pins the xorshift state by itself:
/// 128 for the state and 64 more, so that a second state fitting them by
/// chance has a probability of about 2^-64 on a generator's values.
const SUB_RUN_PINS: u32 = 128 + 64;

/// The states of the run `run` (calls `key.0..=key.1`), read off a longer
/// run already searched that contains it and found states, when `run`
/// reveals at least [`SUB_RUN_PINS`] bits; `None` otherwise.
///
/// At the cache positions where the values straddle a refill, `v8-14`'s
/// longest run in one block is a part of the run that the positions
/// keeping every value inside one block searched (ten values: the first or
/// last five to nine). Each state of the longer run fits the part; a part
/// that reveals 192 or more bits has no other state but by a chance of
/// about 2^-64, so searching it again (seconds for five doubles, where the
/// whole run takes a fraction of one) would only find the same states.
/// Every candidate is still verified against every observation.
fn inside_searched_run(
    searched: &[SearchedRun],
    run: &[SumCall],
    key: (u64, u64),
) -> Option<Vec<(u64, u64)>> {
    let known: u32 = run.iter().map(SumCall::revealed).sum();
    if known < SUB_RUN_PINS {
        return None;
    }
    searched
        .iter()
        .find_map(|((first, last), result)| match result {
            Ok(SumStates::Found(found))
                if *first <= key.0 && key.1 <= *last && !found.is_empty() =>
            {
                // In step order a run starts at its last call: the part starts
                // `last - key.1` steps after the longer run.
                Some(
                    found
                        .iter()
                        .map(|&(a, b)| jump_words(a, b, u128::from(*last - key.1), false))
                        .collect(),
                )
            }
            _ => None,
        })
}

/// A count as a number (2^128 and more saturate).
fn count_value(count: Count) -> u128 {
    match count {
        Count::Exact(n) => n,
        Count::PowerOfTwo(n) | Count::AtMost(n) | Count::About(n) => {
            1u128.checked_shl(n).unwrap_or(u128::MAX)
        }
    }
}

/// `recover` for `v8` (V8 15 on): [`recover_v8_era`].
///
/// # Errors
/// As [`recover_v8_era`].
pub fn recover_v8(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_v8_era::<V8Gen>(observations, options)
}

/// `recover` for `v8-legacy` (V8 up to 13.4): [`recover_v8_era`].
///
/// ```
/// use rngkit::runtimes::javascript::V8LegacyRandom;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{RecoverOptions, Recovered};
/// use rngkit_analysis::registry;
///
/// // node --random-seed=1: skip 60 calls, then 8 values across the refill.
/// let mut rng = V8LegacyRandom::with_random_seed(1).unwrap();
/// for _ in 0..60 { rng.math_random(); }
/// let before = rng.clone();
/// let text: String = (0..8).map(|_| format!("math-random = {}\n", rng.math_random())).collect();
/// let entry = registry::find("v8-legacy").unwrap();
/// let obs = parse_observations(entry, &text).unwrap();
/// let Recovered::Unique(state) = entry.recover(&obs, &RecoverOptions::default()).unwrap() else {
///     panic!("one state")
/// };
/// assert_eq!(state.words(), before.state().to_vec());
/// ```
///
/// # Errors
/// As [`recover_v8_era`].
pub fn recover_v8_legacy(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_v8_era::<V8LegacyGen>(observations, options)
}

/// `recover` for `spidermonkey`.
///
/// # Errors
/// As [`recover_xorshift128plus`].
pub fn recover_spidermonkey(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_xorshift128plus::<SpiderMonkeyGen>(observations, options)
}

/// What `recover` and `seed-search` do for `v8-legacy` and `v8-13`, whose
/// double is the top bits of one word, for the front ends' help.
pub const NOTES_V8_ONE_WORD: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear over GF(2): a double is the top 52 or 53 bits of one xorshift128+ word, \
              but V8 hands each block of 64 out last-made first, so each of the 64 cache \
              positions is tried. Three doubles that cross a refill fix the state; values \
              inside one block leave one state per cache position that keeps them inside it \
              (65 - n for n values). With --fresh (the values start a new process or page) \
              the cache position is known: the first 4 values of a new Node.js 20, 22 or 24 \
              process pin the state.",
    recover_examples: &[],
    search: V8_SEARCH,
    search_examples: &[],
    examples: &[],
};

/// What `recover` and `seed-search` do for `v8` and `v8-14`, whose double
/// is the sum `(s0 + s1) >> 11`, for the front ends' help.
pub const NOTES_V8_SUM: crate::notes::Notes = crate::notes::Notes {
    recover: "A double is the top 53 bits of the sum of the two state words, so a bit-plane \
              search over the carries stands between the values and linear equations: three \
              consecutive doubles recover in a fraction of a second of CPU (their 159 known \
              bits now and then leave two or three states, listed), four or more in \
              hundredths. With --fresh (the values start a new process or page) the cache \
              position is known: 5 values of a new Node.js 26 process or Chromium page pin \
              the state; without it, each cache position is tried.",
    recover_examples: &[],
    search: V8_SEARCH,
    search_examples: &[],
    examples: &[],
};

/// The seed search of every V8 era.
const V8_SEARCH: &str = "Runs only the xorshift128+ steps the observed calls read, 64 \
    seeds at a time (AVX-512, AVX2 or scalar).";

/// What `recover` does for `spidermonkey`, for the front ends' help.
pub const NOTES_SPIDERMONKEY: crate::notes::Notes = crate::notes::Notes {
    recover: "A double is the low 53 bits of the sum of the two state words: a bit-plane \
              search over the carries, from bit 0 up, recovers three consecutive doubles in \
              a third of a second of CPU; 128 or more observed low bits are solved directly. \
              `floor N` values reveal the bits their interval pins.",
    ..crate::notes::Notes::NONE
};

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::runtimes::javascript::V8Random;

    #[test]
    fn symbolic_step_matches_the_generator() {
        let (mut f0, mut f1) = unit_forms();
        let (mut a, mut b) = (0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210u64);
        let x = u128::from(a) | (u128::from(b) << 64);
        for _ in 0..50 {
            (f0, f1) = step_forms(&f0, &f1);
            (a, b) = xorshift128plus_step(a, b);
            for j in 0..64 {
                assert_eq!((f0[j] & x).count_ones() & 1, (a >> j & 1) as u32);
                assert_eq!((f1[j] & x).count_ones() & 1, (b >> j & 1) as u32);
            }
        }
    }

    #[test]
    fn the_polynomial_is_primitive_of_degree_128() {
        let p = Xorshift128Plus::characteristic_polynomial();
        assert_eq!(p.degree(), Some(128));
        // x^(2^128 - 1) = 1 and a jump by the period is the identity.
        let start = Xorshift128Plus::weak_random(3);
        let mut r = start.clone();
        r.jump(u128::MAX);
        assert_eq!(r, start);
    }

    #[test]
    fn v8_jumps_equal_calls_across_cache_positions() {
        fn check<E: V8Era>() {
            let mut base = V8MathRandom::<E>::with_random_seed(-5).unwrap();
            // Cache positions at and around both ends of a block (and past
            // the first refill), and two inside: every position in 0..70
            // took 9.5 CPU s for nothing more.
            const POSITIONS: [u32; 14] = [0, 1, 2, 5, 23, 31, 32, 33, 62, 63, 64, 65, 66, 69];
            for pre in 0..70 {
                if !POSITIONS.contains(&pre) {
                    base.next_output();
                    continue;
                }
                for n in [0u128, 1, 2, 5, 63, 64, 65, 127, 128, 129, 300] {
                    let mut a = base.clone();
                    a.jump(n);
                    let mut b = base.clone();
                    for _ in 0..n {
                        b.next_output();
                    }
                    assert_eq!(a, b, "pre {pre} n {n}");
                    if pre == 23 && n % 64 != 0 {
                        assert_eq!(base.distance_to(&a), Ok(n), "pre {pre} n {n}");
                    }
                    a.jump_back(n);
                    assert_eq!(a, base, "back: pre {pre} n {n}");
                }
                base.next_output();
            }
        }
        check::<V8Gen>();
        check::<V8LegacyGen>();
        check::<rngkit::runtimes::javascript::V813Gen>();
        check::<rngkit::runtimes::javascript::V814Gen>();
    }

    #[test]
    fn v8_huge_jumps_round_trip() {
        let start = V8Random::with_random_seed(9).unwrap();
        let mut a = start.clone();
        let n = 0x0123_4567_89ab_cdef_0011_2233_4455_6677u128;
        a.jump(n);
        assert_eq!(start.distance_to(&a), Ok(n));
        a.jump_back(n);
        assert_eq!(a, start);
    }

    /// The eras that hand blocks out last-made first, through the generic
    /// recovery: values across a refill pin the state and the cache
    /// position; values inside one block leave one state per position that
    /// keeps them inside it, and `--fresh` picks position 0. (The real
    /// engines: tests/recover_javascript.rs.)
    #[test]
    fn v8_14_across_a_refill_at_either_end() {
        // Ten values of which 1, 4, 5 or 9 come before a refill: the
        // windows are searched (`cover_windows`): the first six (inside a
        // block for 9), the last six (for 1 and 4), the last five (for 5);
        // the first state found pins the pattern of steps, and the
        // positions with other patterns are left alone; the answer is the
        // one state, as when every position is searched.
        use crate::observe::parse_observations;
        use rngkit::runtimes::javascript::V814Gen;
        let entry = crate::registry::find("v8-14").unwrap();
        for before_refill in [1, 4, 5, 9] {
            let mut rng = V8MathRandom::<V814Gen>::with_random_seed(79).unwrap();
            rng.discard(64 - before_refill);
            let start = rng.clone();
            let text: String = (0..10)
                .map(|_| format!("math-random = {}\n", rng.math_random()))
                .collect();
            let obs = parse_observations(entry, &text).unwrap();
            let Recovered::Unique(state) =
                recover_v8_era::<V814Gen>(&obs, &RecoverOptions::default()).unwrap()
            else {
                panic!("one state with {before_refill} values before the refill")
            };
            assert_eq!(state.words(), start.state().to_vec());
        }
    }

    #[test]
    fn v8_13_and_v8_14_positions_and_fresh() {
        use crate::observe::parse_observations;
        use rngkit::runtimes::javascript::{V813Gen, V814Gen};
        fn check<E: V8Era>(count_across: usize) {
            let name = <E as V8Era>::INFO.name;
            let entry = crate::registry::find(name).unwrap();
            let text_of = |rng: &mut V8MathRandom<E>, n: usize| -> String {
                (0..n)
                    .map(|_| format!("math-random = {}\n", rng.math_random()))
                    .collect()
            };
            // Across the refill after call 64, half on each side.
            let mut rng = V8MathRandom::<E>::with_random_seed(77).unwrap();
            rng.discard(64 - count_across as u64 / 2);
            let before = rng.clone();
            let obs = parse_observations(entry, &text_of(&mut rng, count_across)).unwrap();
            let Recovered::Unique(state) =
                recover_v8_era::<E>(&obs, &RecoverOptions::default()).unwrap()
            else {
                panic!("{name}: one state across the refill")
            };
            assert_eq!(state.words(), before.state().to_vec(), "{name}");
            // The first values of a fresh context, inside one block.
            let mut rng = V8MathRandom::<E>::with_random_seed(78).unwrap();
            let start = rng.clone();
            let obs = parse_observations(entry, &text_of(&mut rng, 12)).unwrap();
            let fresh = RecoverOptions {
                fresh: true,
                ..RecoverOptions::default()
            };
            let Recovered::Unique(state) = recover_v8_era::<E>(&obs, &fresh).unwrap() else {
                panic!("{name}: one state with --fresh")
            };
            assert_eq!(state.words(), start.state().to_vec(), "{name}");
            let Recovered::Several { count, states } =
                recover_v8_era::<E>(&obs, &RecoverOptions::default()).unwrap()
            else {
                panic!("{name}: one state per cache position")
            };
            assert_eq!(count, Count::Exact(65 - 12), "{name}");
            assert!(states.iter().any(|s| s.words() == start.state().to_vec()));
        }
        check::<V813Gen>(6);
        check::<V814Gen>(12);
    }

    /// Three consecutive doubles on every sum engine (our generators; the
    /// real engines: tests/recover_javascript.rs), each state the sweep
    /// returns verified by replay: SpiderMonkey and JSC sweep up from bit
    /// 0, `v8` and `v8-14` down from bit 63. V8's 159 known bits leave two
    /// or three states now and then (they differ in the low bits of the
    /// next doubles), so the true state is among those listed.
    #[test]
    fn three_doubles_on_every_sum_engine() {
        use crate::observe::{parse_observations, replay};
        use rngkit::runtimes::javascript::{JavaScriptCoreGen, V814Gen};
        let fresh = RecoverOptions {
            fresh: true,
            threads: 2,
            ..RecoverOptions::default()
        };
        for seed in [0x5eed_0000_0000_0002u64] {
            let words = [
                rngkit::runtimes::javascript::murmur_hash3_fmix64(seed),
                rngkit::runtimes::javascript::murmur_hash3_fmix64(!seed),
            ];
            let mut cases: Vec<(&str, Engine)> = vec![
                (
                    "spidermonkey",
                    Engine::new::<SpiderMonkeyGen>(Xorshift128Plus::from_state(words).unwrap()),
                ),
                (
                    "javascriptcore",
                    Engine::new::<JavaScriptCoreGen>(Xorshift128Plus::from_state(words).unwrap()),
                ),
                (
                    "v8",
                    Engine::new::<V8Gen>(V8Random::from_state(words[0], words[1], 0).unwrap()),
                ),
                (
                    "v8-14",
                    Engine::new::<V814Gen>(
                        V8MathRandom::<V814Gen>::from_state(words[0], words[1], 0).unwrap(),
                    ),
                ),
            ];
            for (name, start) in cases.iter_mut() {
                let entry = crate::registry::find(name).unwrap();
                let draw = entry.parse_draw("math-random", &[]).unwrap();
                let mut rng = start.clone();
                let values: Vec<String> = (0..103)
                    .map(|_| draw.eval(&mut rng).format(false))
                    .collect();
                let text: String = values[..3]
                    .iter()
                    .map(|v| format!("math-random = {v}\n"))
                    .collect();
                let obs = parse_observations(entry, &text).unwrap();
                // `--fresh` fixes V8's cache position; for JavaScriptCore it
                // means a 32-bit seeded state, which this one is not.
                let options = RecoverOptions {
                    fresh: name.starts_with("v8"),
                    ..fresh.clone()
                };
                let states = match entry.recover(&obs, &options).unwrap() {
                    Recovered::Unique(state) => vec![state],
                    Recovered::Several { states, .. } if !states.is_empty() => states,
                    other => panic!("{name}: {other:?}"),
                };
                assert!(states.len() <= 4, "{name}: {} states", states.len());
                let mut predicted_all = false;
                for state in &states {
                    // Every state gives the three doubles...
                    let mut replayed = state.clone();
                    for v in &values[..3] {
                        assert_eq!(&draw.eval(&mut replayed).format(false), v, "{name}");
                    }
                    // ...and the true one the next hundred.
                    let mut next = state.clone();
                    replay(&obs, &mut next);
                    predicted_all |= values[3..]
                        .iter()
                        .all(|v| &draw.eval(&mut next).format(false) == v);
                }
                assert!(predicted_all, "{name}: no listed state predicts the stream");
            }
        }
    }

    /// Rolls of 256 (the top 8 bits of each double) pin a `v8` state, on one
    /// thread (the browser build's path) and on two; so do 30 rolls of 100
    /// (the meet in the middle), while 600 dice are refused with what to
    /// add. (The real engines: tests/recover_javascript.rs.)
    #[test]
    fn v8_from_rolls_of_256_on_one_and_two_threads() {
        use crate::observe::parse_observations;
        let entry = crate::registry::find("v8").unwrap();
        let mut rng = V8Random::with_random_seed(2026).unwrap();
        let start = rng.clone();
        let text: String = (0..40)
            .map(|_| format!("floor 256 = {}\n", (rng.math_random() * 256.0) as u64))
            .collect();
        let obs = parse_observations(entry, &text).unwrap();
        for threads in [1, 2] {
            let options = RecoverOptions {
                threads,
                ..RecoverOptions::default()
            };
            let Recovered::Unique(state) = recover_v8(&obs, &options).unwrap() else {
                panic!("one state on {threads} threads")
            };
            let mut replayed = state.clone();
            let mut expected = start.clone();
            for _ in 0..200 {
                assert_eq!(replayed.next_word(), expected.next_output());
            }
        }
        let before = rng.clone();
        let text: String = (0..30)
            .map(|_| format!("floor 100 = {}\n", (rng.math_random() * 100.0) as u64))
            .collect();
        let obs = parse_observations(entry, &text).unwrap();
        let Recovered::Unique(mut state) = recover_v8(&obs, &RecoverOptions::default()).unwrap()
        else {
            panic!("30 floor 100 values pin the state")
        };
        let mut expected = before.clone();
        for _ in 0..200 {
            assert_eq!(state.next_word(), expected.next_output());
        }
        let text: String = (0..600)
            .map(|_| format!("floor 6 = {}\n", (rng.math_random() * 6.0) as u64))
            .collect();
        let obs = parse_observations(entry, &text).unwrap();
        // Valid values that say enough in no usable shape: exit 3 with
        // what to add, not an input error.
        let Recovered::OverBudget { advice, .. } =
            recover_v8(&obs, &RecoverOptions::default()).unwrap()
        else {
            panic!("600 dice are out of reach")
        };
        assert!(advice.contains("consecutive"), "{advice}");
    }
}

/// Calls the V8 seed-search kernel covers: the first four cache refills
/// (advance included); later observations take the generic kernel.
const V8_SCAN_CALLS: u64 = 4 * V8_CACHE_SIZE as u64;
/// Seeds a batch of the V8 kernel holds: eight AVX-512 vectors of 64-bit
/// lanes (sixteen AVX2 ones) side by side.
const V8_LANES: usize = 64;

/// The seed-search kernel of the V8 GENs (`v8`, `v8-14`, `v8-13`,
/// `v8-legacy`) over `--random-seed` values: for 64 seeds side by side
/// (plain loops the compiler vectorises, built for AVX-512 and AVX2 as well
/// and picked at run time, or forced with
/// [`SearchSpec::backend`](crate::search::SearchSpec::backend)), the two
/// MurmurHash3 finalizers and only the xorshift128+ steps the observed
/// calls read (each era's cache order: call 0 is step 64 of the refill, or
/// step 1), the era's raw word checked against the observed bits. Seed 0
/// (V8 seeds from the OS then) is never a match. Calls past the fourth
/// refill (advance included) take the generic kernel.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{SearchSpec, search};
///
/// // Two Math.random() values after --random-seed=-77 in the v8-legacy
/// // era (Node.js 20, to which the core's tests hold the GEN).
/// let v8 = registry::find("v8-legacy").unwrap();
/// let mut rng = v8.seed(&rngkit::number::BigInt::from(-77), &Default::default()).unwrap();
/// let draw = v8.parse_draw("math-random", &[]).unwrap();
/// let text: String = (0..2).map(|_| format!("math-random = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let obs = parse_observations(v8, &text).unwrap();
/// let spec = SearchSpec::new(v8, obs, u64::from(u32::MAX) - 1000..=u64::from(u32::MAX)).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![u64::from((-77i32) as u32)]);
/// ```
pub fn scan_v8<'a, E: V8Era + Gen<Rng = V8MathRandom<E>>>(
    spec: &'a crate::search::SearchSpec,
    lay: &'a crate::observe::Layout,
) -> crate::search::Plan<'a> {
    use crate::search::check_scan;
    use rngkit::cpu::CpuLevel;
    let k = spec.max_advance_value();
    let fits = !lay.constraints.is_empty()
        && lay
            .constraints
            .iter()
            .all(|c| c.offset.checked_add(k).is_some_and(|p| p < V8_SCAN_CALLS));
    if !fits {
        return crate::search::generic_scan::<E>(spec, lay);
    }
    // For each advance, (step index, mask, value): call j reads step
    // `step_of_call(j)` (1-based) of the first refills.
    let checks: Vec<Vec<(usize, u64, u64)>> = (0..=k)
        .map(|a| {
            lay.constraints
                .iter()
                .map(|c| {
                    let step = E::ORDER.step_of_call(c.offset + a) as usize;
                    (step - 1, c.known.mask, c.known.value)
                })
                .collect()
        })
        .collect();
    let steps = checks.iter().flatten().map(|c| c.0 + 1).max().unwrap_or(1);
    let kernel = V8Kernel {
        checks,
        steps,
        mapping: E::MAPPING,
    };
    let level = spec.backend_choice().unwrap_or_else(CpuLevel::best);
    crate::search::Plan::Scan(Box::new(move |first, count, survivors| {
        check_scan(level, first as u32, count as u32);
        match level {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `check_scan` confirmed the CPU runs `CpuLevel::Avx512`,
            // whose features include the one the function enables.
            #[allow(unsafe_code)]
            CpuLevel::Avx512 => unsafe {
                v8_chunk_avx512(&kernel, first as u32, count as u32, survivors)
            },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for `CpuLevel::Avx2`.
            #[allow(unsafe_code)]
            CpuLevel::Avx2 => unsafe {
                v8_chunk_avx2(&kernel, first as u32, count as u32, survivors)
            },
            _ => v8_chunk(&kernel, first as u32, count as u32, survivors),
        }
    }))
}

/// One V8 search's checks.
struct V8Kernel {
    /// Per advance: (0-based step, mask, value) on the era's raw words.
    checks: Vec<Vec<(usize, u64, u64)>>,
    /// Steps to run from the seeded state.
    steps: usize,
    mapping: V8Mapping,
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn v8_chunk_avx512(kernel: &V8Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    v8_chunk(kernel, start, count, out);
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn v8_chunk_avx2(kernel: &V8Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    v8_chunk(kernel, start, count, out);
}

// Lane loops index several arrays at once, the shape the vectoriser wants.
#[allow(clippy::needless_range_loop)]
#[inline(always)]
fn v8_chunk(kernel: &V8Kernel, start: u32, count: u32, out: &mut Vec<u64>) {
    let mut words = vec![[0u64; V8_LANES]; kernel.steps];
    let end = u64::from(start) + u64::from(count);
    let mut base = u64::from(start);
    let sum = kernel.mapping == V8Mapping::Sum;
    while base < end {
        let lanes = (end - base).min(V8_LANES as u64) as usize;
        // --random-seed=S: S is an int, sign-extended.
        let seed: [u64; V8_LANES] =
            core::array::from_fn(|l| (base + l as u64) as u32 as i32 as i64 as u64);
        let mut s0: [u64; V8_LANES] = core::array::from_fn(|l| murmur_hash3_fmix64(seed[l]));
        let mut s1: [u64; V8_LANES] = core::array::from_fn(|l| murmur_hash3_fmix64(!seed[l]));
        for step in words.iter_mut() {
            for l in 0..V8_LANES {
                (s0[l], s1[l]) = xorshift128plus_step(s0[l], s1[l]);
                step[l] = if sum {
                    s0[l].wrapping_add(s1[l])
                } else {
                    s0[l]
                };
            }
        }
        let mut hits = 0u64;
        for list in &kernel.checks {
            let mut alive = if lanes == 64 {
                u64::MAX
            } else {
                (1u64 << lanes) - 1
            };
            for &(step, mask, value) in list {
                let mut ok = 0u64;
                for l in 0..V8_LANES {
                    ok |= u64::from(words[step][l] & mask == value) << l;
                }
                alive &= ok;
                if alive == 0 {
                    break;
                }
            }
            hits |= alive;
        }
        // Seed 0 has no --random-seed stream.
        if base == 0 {
            hits &= !1;
        }
        while hits != 0 {
            let l = hits.trailing_zeros();
            hits &= hits - 1;
            out.push(base + u64::from(l));
        }
        base += V8_LANES as u64;
    }
}

//! The analysis of the C++ standard engines: jumps of the two minstd
//! engines (`x -> A^n x mod 2^31 - 1`) and their recovery from one
//! observed value, which is the state; `mt19937-64`'s jumps (the
//! polynomial method of MT19937 on its 64-bit word sequence), bounded
//! distance and recovery from 312 consecutive outputs.

use std::sync::OnceLock;

use rngkit::number::BigInt;
use rngkit::registry::{Engine, Gen};
use rngkit::runtimes::cpp::{MINSTD_M, MinStd, Mt19937_64};

use crate::advance::StepBack;
use crate::gf2::{BitVec, Modulus, Poly, berlekamp_massey};
use crate::observe::{Observation, layout};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, fits};
use crate::{Distance, DistanceError, Jump};

/// `base^e mod 2^31 - 1`.
fn pow_mod(base: u64, e: u128) -> u64 {
    crate::dlog::pow_mod(base, e, MINSTD_M)
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

/// Multiplies the state by `mult` (a unit modulo the prime), keeping the
/// saved normal value.
fn multiply<const A: u64>(rng: &mut MinStd<A>, mult: u64) {
    rng.set_state(u64::from(rng.state()) * mult % MINSTD_M)
        .expect("a nonzero residue times a unit stays in 1..m");
}

impl<const A: u64> StepBack for MinStd<A>
where
    MinStd<A>: rngkit::WordRng,
{
    fn step_back(&mut self) {
        multiply(self, inverse_power(A, 1));
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
        multiply(self, pow_mod(A, n % u128::from(MINSTD_M - 1)));
    }

    fn jump_back(&mut self, n: u128) {
        multiply(self, inverse_power(A, n));
    }
}

/// The prime powers of the group order `2^31 - 2 = 2 * 3^2 * 7 * 11 * 31 *
/// 151 * 331`: all small, so a discrete logarithm is a handful of tiny
/// ones (Pohlig-Hellman).
const ORDER_FACTORS: [(u64, u32); 7] =
    [(2, 1), (3, 2), (7, 1), (11, 1), (31, 1), (151, 1), (331, 1)];

/// The `n` in `0..2^31 - 2` with `a^n = h` modulo 2^31 - 1, for a primitive
/// root `a` and `h` in `1..2^31 - 1`: Pohlig-Hellman over the prime powers
/// of the group order (each digit found among at most 331 powers), joined
/// by the Chinese remainder theorem.
///
/// ```
/// use rngkit_analysis::generators::cpp::minstd_log;
/// // 48271^1000 mod (2^31 - 1):
/// let h = (0..1000).fold(1u64, |x, _| x * 48271 % 2147483647);
/// assert_eq!(minstd_log(48271, h), 1000);
/// ```
pub fn minstd_log(a: u64, h: u64) -> u64 {
    let order = MINSTD_M - 1;
    let mut n = 0u64; // the answer modulo the product so far
    let mut modulus = 1u64;
    for (q, e) in ORDER_FACTORS {
        let qe = q.pow(e);
        // The digits of n mod q^e, base q, lowest first: in the subgroup of
        // order q, gamma = a^(order / q) and the digit d_i solves
        // gamma^d_i = (h a^-(x so far))^(order / q^(i+1)).
        let gamma = pow_mod(a, u128::from(order / q));
        let mut x = 0u64;
        let mut qi = 1u64;
        for _ in 0..e {
            let shifted =
                h * pow_mod(pow_mod(a, u128::from(x)), u128::from(MINSTD_M - 2)) % MINSTD_M;
            let target = pow_mod(shifted, u128::from(order / (qi * q)));
            let digit = (0..q)
                .find(|&d| pow_mod(gamma, u128::from(d)) == target)
                .expect("a primitive root generates every residue");
            x += digit * qi;
            qi *= q;
        }
        // CRT: n = n mod modulus, x mod qe.
        let mut k = 0u64;
        while (n + k * modulus) % qe != x {
            k += 1;
        }
        n += k * modulus;
        modulus *= qe;
    }
    n
}

/// Distances exactly, by [`minstd_log`]: from state `x` to `y` is the `n`
/// with `A^n x = y`, in `0..2^31 - 2` (the period).
///
/// ```
/// use rngkit::runtimes::cpp::MinstdRand0;
/// use rngkit_analysis::{Distance, Jump};
///
/// let a = MinstdRand0::new(5);
/// let mut b = a.clone();
/// b.jump(1_234_567_890);
/// assert_eq!(a.distance_to(&b).unwrap(), 1_234_567_890);
/// ```
impl<const A: u64> Distance for MinStd<A>
where
    MinStd<A>: rngkit::WordRng,
{
    const HAS_FAST_METHOD: bool = true;

    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        let inverse = pow_mod(u64::from(self.state()), u128::from(MINSTD_M - 2));
        let h = u64::from(to.state()) * inverse % MINSTD_M;
        Ok(u128::from(minstd_log(A, h)))
    }
}

/// The calls of libstdc++'s `uniform-int` draws that reveal an interval of
/// a minstd value: `(offset, low, high)`, the value at that offset (the
/// state after the call) being in `low..=high`. A draw of `A..=B` that the
/// draw's steps count as one call (up to about 2,000 values: a call is
/// redrawn with probability below 2^-20) gives `(x - 1) / s` for `s =
/// floor((2^31 - 3) / (B - A + 1))`. Offsets are counted while every
/// earlier observation takes a fixed number of calls.
fn minstd_intervals(observations: &[Observation]) -> Vec<(u64, u64, u64)> {
    use crate::observe::ObservationKind;
    use rngkit::registry::Steps;
    use rngkit::runtimes::cpp::{CppDraw, Library};
    let mut out = Vec::new();
    let mut offset = 0u64;
    for obs in observations {
        let (draw, value) = match &obs.kind {
            ObservationKind::Skip(n) => {
                offset += n;
                continue;
            }
            ObservationKind::Bits(_) => {
                offset += 1;
                continue;
            }
            ObservationKind::Draw { draw, value } => (draw, Some(value)),
            ObservationKind::DrawIn { draw, .. } => (draw, None),
            ObservationKind::SkipRange { .. } => break,
        };
        if let (Some(&CppDraw::UniformInt(Library::Stdcxx, a, b)), Some(value)) =
            (draw.engine_draw::<CppDraw>(), value)
        {
            let n = (i64::from(b) - i64::from(a) + 1) as u64;
            // libstdc++ divides by s = (max() - min()) / n, with max() -
            // min() = 2^31 - 3: the value k comes from x - 1 in
            // k s..(k + 1) s.
            let s = (MINSTD_M - 2) / n;
            if draw.steps(32) == Steps::Fixed(1)
                && s > 0
                && let Some(v) = value.as_i64()
                && (i64::from(a)..=i64::from(b)).contains(&v)
            {
                let k = (v - i64::from(a)) as u64;
                out.push((offset, 1 + k * s, (k + 1) * s));
            }
        }
        match draw.steps(32) {
            Steps::Fixed(n) => offset += n,
            Steps::Variable => break,
        }
    }
    out
}

/// The most candidate states an interval recovery verifies one by one.
const MINSTD_CANDIDATES: usize = 4096;

/// What the intervals leave: the states before the observations (at most
/// [`MINSTD_CANDIDATES`]), or the bits an estimate says remain.
enum IntervalStates {
    States(Vec<u64>),
    About(u32),
}

/// minstd recovery from libstdc++ `uniform-int` draws alone: the values
/// in the narrowest interval are enumerated (`x`, with the value at the
/// second narrowest offset stepped along as `x a^d` by one addition
/// modulo 2^31 - 1 each), kept when every interval holds. One body for
/// both multipliers `a`; the states are checked by the caller.
fn minstd_interval_states(a: u64, mut intervals: Vec<(u64, u64, u64)>) -> IntervalStates {
    // The narrowest first, the second narrowest next (a few intervals: no
    // sort is worth its code in the page's wasm).
    for first in 0..intervals.len().min(2) {
        let narrowest = (first..intervals.len())
            .min_by_key(|&i| intervals[i].2 - intervals[i].1)
            .expect("a nonempty range");
        intervals.swap(first, narrowest);
    }
    let (p, lo, hi) = intervals[0];
    // The value at offset r from the one at p: times a^(r - p) (or its
    // inverse when r comes first).
    let factor = |r: u64| {
        if r >= p {
            pow_mod(a, u128::from(r - p))
        } else {
            inverse_power(a, u128::from(p - r))
        }
    };
    // One interval: its values are the candidates.
    let (step, lo2, hi2) = match intervals.get(1) {
        Some(&(q, l, h)) => (factor(q), l, h),
        None => (1, 1, MINSTD_M - 1),
    };
    let rest: Vec<(u64, u64, u64)> = intervals
        .iter()
        .skip(2)
        .map(|&(r, l, h)| (factor(r), l, h))
        .collect();
    let mut hits = Vec::new();
    let mut z = lo * step % MINSTD_M;
    for x in lo..=hi {
        if (lo2..=hi2).contains(&z)
            && rest
                .iter()
                .all(|&(m, l, h)| (l..=h).contains(&(x * m % MINSTD_M)))
        {
            if hits.len() == MINSTD_CANDIDATES {
                // More than the verification budget: an estimate of what
                // is left.
                let bits: f64 = intervals
                    .iter()
                    .map(|&(_, l, h)| ((MINSTD_M - 1) as f64 / (h - l + 1) as f64).log2())
                    .sum();
                return IntervalStates::About((31.0 - bits).max(1.0).round() as u32);
            }
            // The state before the observations.
            hits.push(x * inverse_power(a, u128::from(p) + 1) % MINSTD_M);
        }
        z += step;
        if z >= MINSTD_M {
            z -= MINSTD_M;
        }
    }
    IntervalStates::States(hits)
}

/// [`minstd_interval_states`] for GEN `G`, each state checked against
/// every observation.
fn recover_minstd_intervals<G, const A: u64>(
    observations: &[Observation],
    intervals: Vec<(u64, u64, u64)>,
) -> Result<Recovered, RecoverError>
where
    G: Gen<Rng = MinStd<A>>,
    MinStd<A>: rngkit::WordRng,
{
    let found = match minstd_interval_states(A, intervals) {
        IntervalStates::States(found) => found,
        IntervalStates::About(bits) => {
            return Ok(Recovered::Several {
                count: Count::About(bits),
                states: Vec::new(),
            });
        }
    };
    let mut states: Vec<Engine> = found
        .into_iter()
        .map(|x| Engine::new::<G>(with_state::<A>(x)))
        .filter(|rng| fits(observations, rng))
        .collect();
    Ok(match states.len() {
        0 => Recovered::NoneFits,
        1 => Recovered::Unique(states.pop().expect("one")),
        n => Recovered::Several {
            count: Count::Exact(n as u128),
            states,
        },
    })
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
/// every observation is then checked against it. Without a whole value,
/// libstdc++ `uniform-int` draws of one call each (ranges up to about
/// 2,000 values: dice, percentages, coins) bound the value at their
/// offsets to intervals, and the values of the narrowest interval are
/// enumerated against the others (at most 2^31 / (B - A + 1) of them, about
/// 2^28 for a die, on one thread; about 12 dice pin the state).
///
/// # Errors
/// [`RecoverError`] when no value is observed whole and no such draw is.
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
        let intervals = minstd_intervals(observations);
        if intervals.is_empty() {
            return Err(RecoverError(
                "minstd recovery needs one whole engine value (a `next` or `u32` observation: it is \
                 the state) or libstdc++ uniform-int draws of up to about 2,000 values (each one \
                 call, an interval of the state)"
                    .into(),
            ));
        }
        return recover_minstd_intervals::<G, A>(observations, intervals);
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
              against every other observation. Without one, libstdc++ uniform-int draws \
              of up to about 2,000 values (one call each: dice, percentages, coins) \
              bound the state to intervals; the narrowest is enumerated against the others \
              (a die's about 2^28 values in about a second; some 12 dice pin the state).",
    recover_examples: &[],
    search: "The generic kernel: each seed costs its reduction modulo 2^31 - 1 and one \
             multiplication a step.",
    search_examples: &[],
    examples: &[],
};

// ------------------------------------------------------------ mt19937-64

/// Words in a block.
const MT64_N: usize = Mt19937_64::N;
/// The degree of the characteristic polynomial (the period is 2^19937 - 1).
const MT64_DEGREE: usize = 19937;

/// Extends the word sequence `x` (a block, then what the twists make of it)
/// to `len` words by [`Mt19937_64::recurrence`].
fn mt64_extend(seq: &mut Vec<u64>, len: usize) {
    seq.reserve(len.saturating_sub(seq.len()));
    while seq.len() < len {
        let j = seq.len() - MT64_N;
        let next = Mt19937_64::recurrence(seq[j], seq[j + 1], seq[j + Mt19937_64::M]);
        seq.push(next);
    }
}

/// The characteristic polynomial of the word sequence, degree 19937, from
/// Berlekamp-Massey on bit 0 of `x[1..]` of one stream (cached). `x[0]`'s
/// low 31 bits are left out: no later word reads them, so a seeded block's
/// `x[0]` need not follow the recurrence's polynomial; every later word
/// does (and the polynomial being primitive, every nonzero bit sequence of
/// the stream has it as its minimal polynomial).
fn mt64_modulus() -> &'static Modulus {
    static M: OnceLock<Modulus> = OnceLock::new();
    M.get_or_init(|| {
        let mut seq = Mt19937_64::new(5489).block().to_vec();
        let len = 2 * MT64_DEGREE + 64;
        mt64_extend(&mut seq, len + 1);
        let mut bits = BitVec::zeros(len);
        for (i, w) in seq[1..=len].iter().enumerate() {
            if w & 1 == 1 {
                bits.set(i, true);
            }
        }
        let poly = berlekamp_massey(&bits);
        assert_eq!(
            poly.degree(),
            Some(MT64_DEGREE),
            "mt19937-64's word sequence has a minimal polynomial of degree 19937"
        );
        Modulus::new(poly)
    })
}

/// `g(T) W_1` for the windows `W_i = x[i..i + 312]` of the sequence that
/// starts with `block`: `Σ g_i W_(1 + i)`.
fn mt64_apply(block: &[u64; MT64_N], g: &Poly) -> [u64; MT64_N] {
    let Some(degree) = g.degree() else {
        return [0; MT64_N];
    };
    let mut seq = block.to_vec();
    mt64_extend(&mut seq, degree + MT64_N + 2);
    let mut out = [0u64; MT64_N];
    for i in 0..=degree {
        if g.coeff(i) {
            for (o, s) in out.iter_mut().zip(&seq[1 + i..1 + i + MT64_N]) {
                *o ^= s;
            }
        }
    }
    out
}

/// The window `x[312 t..312 t + 312]` of the sequence that starts with
/// `block`, for `t >= 1` (forwards) or `t` blocks back: `T^(312 t - 1)`
/// (or `T^-(312 t + 1)`) applied to `W_1`.
fn mt64_block(block: &[u64; MT64_N], t: &BigInt, back: bool) -> [u64; MT64_N] {
    let m = mt64_modulus();
    let g = if back {
        let exponent = t.mul_add_small(MT64_N as u32, 1);
        m.pow_x_inverse_words(&exponent.u64_words())
    } else {
        let exponent = BigInt::from(1u32).complement_in(&t.mul_add_small(MT64_N as u32, 0));
        m.pow_x_words(&exponent.u64_words())
    };
    mt64_apply(block, &g)
}

/// The 312 words from the next output on (untempered): the same for every
/// representation of one point of the stream.
fn mt64_window(rng: &Mt19937_64) -> Vec<u64> {
    let pos = MT64_N - rng.left();
    let mut seq = rng.block().to_vec();
    mt64_extend(&mut seq, pos + MT64_N);
    seq.split_off(pos)
}

/// Jumps of any size: the block `t` twists ahead is the polynomial
/// `x^(312 t - 1) mod P` applied to the stream's windows from the second
/// word (`P` the characteristic polynomial), as for MT19937; jumps back use
/// `x^-(312 t + 1)`. They leave the representation calls would (`left` in
/// `0..312` after a twist, 312 never), keeping the saved normal value.
///
/// ```
/// use rngkit::WordRng;
/// use rngkit::runtimes::cpp::Mt19937_64;
/// use rngkit_analysis::Jump;
///
/// let mut stepped = Mt19937_64::new(7);
/// for _ in 0..1000 { stepped.next_word(); }
/// let mut jumped = Mt19937_64::new(7);
/// jumped.jump(1000);
/// assert_eq!(jumped, stepped);
/// jumped.jump_back(700);
/// let mut again = Mt19937_64::new(7);
/// again.jump(300);
/// assert_eq!(jumped.next_word(), again.next_word());
/// ```
impl Jump for Mt19937_64 {
    fn jump(&mut self, n: u128) {
        self.jump_big(&BigInt::from(n));
    }

    fn jump_back(&mut self, n: u128) {
        let read = (MT64_N - self.left()) as u128;
        if n <= read {
            let block = *self.block();
            self.set_state(block, self.left() + n as usize)
                .expect("a block this generator holds");
            return;
        }
        let behind = n - read; // words before this block's first
        let blocks = behind.div_ceil(MT64_N as u128);
        let position = blocks * MT64_N as u128 - behind;
        let block = mt64_block(self.block(), &BigInt::from(blocks), true);
        self.set_state(block, MT64_N - position as usize)
            .expect("a jump keeps the state nonzero");
    }

    fn jump_big(&mut self, n: &BigInt) -> bool {
        let read = (MT64_N - self.left()) as u32;
        if let Some(small) = n.magnitude_u128()
            && small <= u128::from(MT64_N as u32 - read)
        {
            let block = *self.block();
            self.set_state(block, self.left() - small as usize)
                .expect("a block this generator holds");
            return true;
        }
        // The target position counted from this block's start: q = 312 t +
        // r, the new position in 1..=312 (r = 0 is block t - 1's last).
        let q = n.mul_add_small(1, read);
        let (t, r) = q.div_rem_small(MT64_N as u32);
        let (t, position) = if r == 0 {
            (BigInt::from(1u32).complement_in(&t), MT64_N as u32)
        } else {
            (t, r)
        };
        let block = mt64_block(self.block(), &t, false);
        self.set_state(block, MT64_N - position as usize)
            .expect("a jump keeps the state nonzero");
        true
    }
}

/// The distance only by a bounded search, as MT19937's: the outputs from
/// `self` are stepped until the 312-word window of `to` comes up.
///
/// ```
/// use rngkit::WordRng;
/// use rngkit::runtimes::cpp::Mt19937_64;
/// use rngkit_analysis::Distance;
///
/// let a = Mt19937_64::new(1);
/// let mut b = a.clone();
/// for _ in 0..500 { b.next_word(); }
/// assert_eq!(a.distance_within(&b, 1000).unwrap(), 500);
/// assert!(a.distance_within(&b, 499).is_err());
/// ```
impl Distance for Mt19937_64 {
    const HAS_FAST_METHOD: bool = false;

    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound {
            generator: "mt19937-64",
        })
    }

    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        let target = mt64_window(to);
        let mut cur = self.clone();
        let mut n = 0u128;
        loop {
            let next = Mt19937_64::temper(target[0]);
            if cur.clone().next_output() == next && mt64_window(&cur) == target {
                return Ok(n);
            }
            if n == max {
                return Err(DistanceError::NotWithin { max });
            }
            cur.next_output();
            n += 1;
        }
    }
}

/// `mt19937-64` recovery from 312 consecutive whole outputs (`next` or
/// the common `u64`): untempered, they are a block of the stream, which,
/// read from its first word, is a state; the state before the observations
/// is that block jumped back by its offset. Checked against every
/// observation. Fewer whole outputs in a row leave `2^(19937 - 64 k)`
/// states (about); the other draws reveal no exact bits.
///
/// # Errors
/// Never; the signature is the registry's.
pub fn recover_mt19937_64<G>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G: Gen<Rng = Mt19937_64>,
{
    let lay = layout(observations, 64, false);
    let mut full: Vec<(u64, u64)> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask == u64::MAX)
        .map(|c| (c.offset, c.known.value))
        .collect();
    // The layout's constraints come in offset order, one a word.
    full.dedup_by_key(|&mut (o, _)| o);
    let Some(start) = full
        .windows(MT64_N)
        .position(|w| w[MT64_N - 1].0 - w[0].0 == MT64_N as u64 - 1)
    else {
        // The longest run of consecutive whole outputs.
        let mut best = usize::from(!full.is_empty());
        let mut run = best;
        for w in full.windows(2) {
            run = if w[1].0 == w[0].0 + 1 { run + 1 } else { 1 };
            best = best.max(run);
        }
        return Ok(Recovered::Several {
            count: Count::About((MT64_DEGREE - 64 * best) as u32),
            states: Vec::new(),
        });
    };
    let mut block = [0u64; MT64_N];
    for (slot, &(_, v)) in block.iter_mut().zip(&full[start..start + MT64_N]) {
        *slot = Mt19937_64::untemper(v);
    }
    let Ok(mut rng) = Mt19937_64::from_state(block, MT64_N) else {
        return Ok(Recovered::NoneFits);
    };
    rng.jump_back(u128::from(full[start].0));
    let engine = Engine::new::<G>(rng);
    Ok(if fits(observations, &engine) {
        Recovered::Unique(engine)
    } else {
        Recovered::NoneFits
    })
}

/// The text of `mt19937-64`.
pub const NOTES_MT64: crate::notes::Notes = crate::notes::Notes {
    recover: "312 consecutive whole outputs (`next` or `u64`) are a block of the stream once \
              untempered (the 64-bit tempering is inverted exactly): the state at the first of \
              them, jumped back by its offset, is the state before the observations, checked \
              against every observation. Fewer in a row leave about 2^(19937 - 64 k) states; \
              the library distributions reveal no exact bits.",
    recover_examples: &[],
    search: "The generic kernel: each seed costs the 312-word initialisation and a twist.",
    search_examples: &[],
    examples: &[],
};

// ------------------------------------------------------------ knuth-b

/// `knuth_b`'s table size.
const KNUTH_K: usize = 256;

/// The slot a value `y` of `knuth_b` picks: `floor(256 (y - 1) / (2^31 - 2))`.
fn knuth_slot(y: u64) -> usize {
    (KNUTH_K as u64 * (y - 1) / (MINSTD_M - 1)) as usize
}

/// `knuth-b` recovery from consecutive whole outputs (`next` or `u32`)
/// from the first observation on. Output `t` is the table slot that the
/// previous output picks (the first one's slot is unknown: it depends on
/// the `Y` before the observations), and that slot is refilled with the
/// next `minstd_rand0` value; so:
///
/// * **the base**: a slot read at `t >= 2` and read again later gives, the
///   second time, the base's value at `t`, which is its state: the base
///   before the observations is that value times `16807^-t`. A repeated
///   slot comes soon (a birthday among 256 slots: about 20 outputs);
/// * **the table**: each slot's first read gives its value before the
///   observations, so every slot must be read (a coupon collector: about
///   1,600 outputs, `256 H(256)`); the first output's slot is the one whose
///   first later read gives the base's first value;
/// * **`Y`**: only its slot matters, so the smallest `Y` of the first
///   output's slot stands for all of them (every such state gives the same
///   stream).
///
/// With fewer outputs the unknown slots (31 bits each) are counted. The
/// shuffle cannot be stepped back (the slot written before the first
/// output is unknown), so the outputs must start with the first
/// observation.
///
/// # Errors
/// [`RecoverError`] when no whole output is observed at offset 0.
pub fn recover_knuth_b<G>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G: Gen<Rng = rngkit::runtimes::cpp::KnuthB>,
{
    let lay = layout(observations, 32, false);
    let mut full: Vec<(u64, u64)> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask == 0xffff_ffff)
        .map(|c| (c.offset, c.known.value))
        .collect();
    // The layout's constraints come in offset order, one a word.
    full.dedup_by_key(|&mut (o, _)| o);
    // o[t - 1] is output t (t = 1, 2, ...): the run from offset 0.
    let o: Vec<u64> = full
        .iter()
        .enumerate()
        .take_while(|&(i, &(offset, _))| offset == i as u64)
        .map(|(_, &(_, v))| v)
        .collect();
    if full.is_empty() {
        return Err(RecoverError(
            "knuth-b recovery needs whole outputs (`next`): they show which table slot each \
             output came from; the distributions' values do not"
                .into(),
        ));
    }
    if o.is_empty() {
        return Err(RecoverError(
            "knuth-b recovery needs whole outputs (`next`) from the first observation on: the \
             shuffle table cannot be stepped back past unobserved outputs"
                .into(),
        ));
    }
    if o.iter().any(|v| !(1..MINSTD_M).contains(v)) {
        return Ok(Recovered::NoneFits);
    }
    let n = o.len();
    // slot[t] for t >= 2 (index t - 1), from the output before.
    let slot = |t: usize| knuth_slot(o[t - 2]);
    // The base: a slot read at t and again at t2 > t (the first time).
    let mut base_at: Option<(usize, u64)> = None;
    'search: for t2 in 3..=n {
        for t in (2..t2).rev() {
            if slot(t) == slot(t2) {
                base_at = Some((t, o[t2 - 1]));
                break 'search;
            }
        }
    }
    let unknown_about = |unknown_slots: usize, base: bool| Recovered::Several {
        count: Count::About((31 * unknown_slots + if base { 0 } else { 31 }) as u32),
        states: Vec::new(),
    };
    let Some((t, value)) = base_at else {
        let mut read = [false; KNUTH_K];
        for t in 2..=n {
            read[slot(t)] = true;
        }
        return Ok(unknown_about(read.iter().filter(|&&r| !r).count(), false));
    };
    // The base state before the observations; b[t - 1] is its value at t.
    let x0 = value * inverse_power(16807, t as u128) % MINSTD_M;
    let mut b = Vec::with_capacity(n);
    let mut x = x0;
    for _ in 0..n {
        x = x * 16807 % MINSTD_M;
        b.push(x);
    }
    // The table before: each slot's first read from t = 2 on; the one that
    // gives b_1 is the first output's slot (refilled at t = 1).
    let mut table: [Option<u64>; KNUTH_K] = [None; KNUTH_K];
    let mut written = [false; KNUTH_K];
    let mut first_slot: Option<usize> = None;
    for t in 2..=n {
        let k = slot(t);
        if !written[k] {
            if first_slot.is_none() && o[t - 1] == b[0] {
                first_slot = Some(k);
                table[k] = Some(o[0]);
            } else if table[k].is_none() {
                table[k] = Some(o[t - 1]);
            }
        }
        written[k] = true;
    }
    let unknown = table.iter().filter(|v| v.is_none()).count();
    let Some(j1) = first_slot.filter(|_| unknown == 0) else {
        // The first output's value sits in an unread slot (unknown which).
        return Ok(unknown_about(unknown.max(1), true));
    };
    // The smallest Y whose slot is j1.
    let y0 = (j1 as u64 * (MINSTD_M - 1)).div_ceil(KNUTH_K as u64) + 1;
    let mut words = Vec::with_capacity(KNUTH_K + 2);
    words.push(x0);
    words.push(y0);
    words.extend(table.iter().map(|v| v.expect("every slot read")));
    let Ok(rng) = <rngkit::runtimes::cpp::KnuthB as rngkit::StateWords>::from_words(&words) else {
        return Ok(Recovered::NoneFits);
    };
    let engine = Engine::new::<G>(rng);
    Ok(if fits(observations, &engine) {
        Recovered::Unique(engine)
    } else {
        Recovered::NoneFits
    })
}

/// The text of `knuth-b`.
pub const NOTES_KNUTH_B: crate::notes::Notes = crate::notes::Notes {
    recover: "Whole outputs (`next`) from the first observation on. A table slot read twice \
              gives, the second time, the minstd_rand0 value that refilled it, which is the \
              base's state (about 20 outputs, a birthday among 256 slots); each slot's first \
              read gives its value before the observations, so all 256 must be read (about \
              1,600 outputs); of Y only its slot matters (the smallest Y of it is shown). \
              Fewer outputs leave about 2^(31 x unread slots) states.",
    recover_examples: &[],
    search: "The generic kernel: each seed costs 257 minstd_rand0 steps to fill the table.",
    search_examples: &[],
    examples: &[],
};

//! The analysis of `ranlux24` and `ranlux48`: jumps of any size, exact
//! distances and recovery from about 26 (14) consecutive outputs, all from
//! one fact about their subtract-with-carry base.
//!
//! **The base is a multiplicative congruential generator.** Marsaglia and
//! Zaman's subtract-with-borrow recurrence `x[i] = x[i-S] - x[i-R] - c`
//! in base `b = 2^W` is, on its cycles, the generator `X -> X / b` modulo
//! the prime `M = b^R - b^S + 1` (Tezuka, L'Ecuyer and Couture, "On the
//! lattice structure of the add-with-carry and subtract-with-borrow random
//! number generators", ACM TOMACS 3(4), 1993). Both C++ engines have the
//! same modulus: `2^576 - 2^240 + 1` (`24 x 24` and `12 x 48` bits).
//!
//! * A state (the last `R` values `x[0..R]`, oldest first, and the carry
//!   `c`) maps to `X = sum(a[j] x[j]) - c b^R mod M` with `a[j] = b^j` for
//!   `j >= R - S` and `b^j - b^(j+S)` below; one step maps `X` to
//!   `X b^-1`.
//! * The values are the base-`b` digits of a fraction: `Z / M` with `Z =
//!   -X b^-R` (the state's own `X`) has the digits `x[R-1], x[R-2], ...`,
//!   newest first, then the values before them. So `X` gives back the
//!   words (and the carry, the one of two that maps to `X`).
//! * Every state reached by at least `R` steps is on a cycle and given by
//!   its `X` this way (seeded states need not be: their words are the
//!   seeding LCG's, and some do not come from the recurrence; they join
//!   their cycle within `R` steps, with the same future values as the
//!   cycle's state of their `X`). The two fixed points (all zeros with
//!   carry 0, all `b - 1` with carry 1) both have `X = 0` and are kept
//!   apart by stepping.
//!
//! Jumps multiply `X` by a power of `b`; the discard block only turns
//! calls into base steps. The distance is a discrete logarithm modulo `M`:
//! `M - 1 = 2^240 3^2 5 7^2 13 ... 1538595959564161` has no prime factor
//! above 2^51, so Pohlig-Hellman with Pollard's rho answers in seconds.
//! Recovery reads two runs of consecutive values (inside two blocks) as
//! two narrow intervals for `Z` at two times and finds the one `Z` in the
//! first whose multiple lands in the second: a two-dimensional lattice
//! problem, solved exactly by a continued-fraction descent.

use rngkit::StateWords;
use rngkit::number::BigInt;
use rngkit::registry::{Engine, Gen};
use rngkit::runtimes::cpp::{Ranlux24, Ranlux48};

use crate::dlog::{Group, digest_words, inverse_mod, log_prime_order};
use crate::observe::{Observation, layout};
use crate::recover::{Count, RecoverError, RecoverOptions, Recovered, conclude, fits};
use crate::{Distance, DistanceError, Jump};

// ------------------------------------------------------------ arithmetic

/// Limbs of a residue modulo `M` (576 bits).
const LIMBS: usize = 9;
/// A residue modulo `M`, little-endian 64-bit limbs, below `M`.
type Residue = [u64; LIMBS];

/// `M = 2^576 - 2^240 + 1`.
const MODULUS: Residue = [
    1,
    0,
    0,
    0xffff_0000_0000_0000,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
    u64::MAX,
];

const ONE: Residue = [1, 0, 0, 0, 0, 0, 0, 0, 0];

/// `a >= b` for equally long little-endian numbers.
fn at_least(a: &[u64], b: &[u64]) -> bool {
    for (x, y) in a.iter().rev().zip(b.iter().rev()) {
        if x != y {
            return x > y;
        }
    }
    true
}

/// `a -= b` for `b` no longer than `a` and `a >= b`, the borrow carried
/// up through `a`.
fn sub_in(a: &mut [u64], b: &[u64]) {
    let mut borrow = false;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        if i >= b.len() && !borrow {
            break;
        }
        let (d, b1) = x.overflowing_sub(y);
        let (d, b2) = d.overflowing_sub(u64::from(borrow));
        *x = d;
        borrow = b1 || b2;
    }
}

/// `a += b` over `a`'s length (`b` no longer), returning the carry.
fn add_in(a: &mut [u64], b: &[u64]) -> bool {
    let mut carry = false;
    for (i, x) in a.iter_mut().enumerate() {
        let y = b.get(i).copied().unwrap_or(0);
        if y == 0 && !carry && i >= b.len() {
            break;
        }
        let (s, c1) = x.overflowing_add(y);
        let (s, c2) = s.overflowing_add(u64::from(carry));
        *x = s;
        carry = c1 || c2;
    }
    carry
}

/// Limbs of the widest input of [`reduce`]: a [`Nat`] (a product of two
/// residues takes 18).
const WIDE: usize = NAT_LIMBS;

/// `t mod M` for `t` given by its low `len` limbs, using `2^576 = 2^240 - 1
/// (mod M)`: the part above bit 576, `h`, folds down as `h 2^240 - h`
/// until nothing is left above.
#[inline(never)]
fn reduce(t: &mut [u64; WIDE], mut len: usize) -> Residue {
    while len > LIMBS && t[LIMBS..len].iter().any(|&w| w != 0) {
        let k = len - LIMBS;
        let mut high = [0u64; WIDE - LIMBS];
        high[..k].copy_from_slice(&t[LIMBS..len]);
        t[LIMBS..len].fill(0);
        // t += high << 240 (three limbs and 48 bits).
        let mut shifted = [0u64; WIDE];
        for i in 0..=k {
            let low_part = if i < k { high[i] << 48 } else { 0 };
            let carried = if i > 0 { high[i - 1] >> 16 } else { 0 };
            shifted[i + 3] = low_part | carried;
        }
        let top = (k + 5).min(WIDE);
        add_in(&mut t[..top], &shifted[..top]);
        // t -= high: t >= high 2^240 >= high, so no borrow leaves the top.
        sub_in(&mut t[..top], &high[..k]);
        len = top;
    }
    let mut r = [0u64; LIMBS];
    r.copy_from_slice(&t[..LIMBS]);
    while at_least(&r, &MODULUS) {
        sub_in(&mut r, &MODULUS);
    }
    r
}

#[inline(never)]
fn mul_mod(a: &Residue, b: &Residue) -> Residue {
    let mut t = [0u64; WIDE];
    for (i, &x) in a.iter().enumerate() {
        if x == 0 {
            continue;
        }
        let mut carry = 0u128;
        for (j, &y) in b.iter().enumerate() {
            let v = u128::from(t[i + j]) + u128::from(x) * u128::from(y) + carry;
            t[i + j] = v as u64;
            carry = v >> 64;
        }
        t[i + LIMBS] = carry as u64;
    }
    reduce(&mut t, 2 * LIMBS)
}

fn add_mod(a: &Residue, b: &Residue) -> Residue {
    let mut t = [0u64; WIDE];
    t[..LIMBS].copy_from_slice(a);
    add_in(&mut t[..LIMBS + 1], b);
    reduce(&mut t, LIMBS + 1)
}

fn neg_mod(a: &Residue) -> Residue {
    if a.iter().all(|&w| w == 0) {
        return *a;
    }
    let mut r = MODULUS;
    sub_in(&mut r, a);
    r
}

fn sub_mod(a: &Residue, b: &Residue) -> Residue {
    add_mod(a, &neg_mod(b))
}

/// `g^e` for an exponent given by little-endian 64-bit limbs.
#[inline(never)]
fn pow_mod(g: &Residue, e: &[u64]) -> Residue {
    let mut r = ONE;
    for i in (0..64 * e.len()).rev() {
        r = mul_mod(&r, &r);
        if (e[i / 64] >> (i % 64)) & 1 == 1 {
            r = mul_mod(&r, g);
        }
    }
    r
}

/// `2^k mod M`.
fn two_to(k: u32) -> Residue {
    let mut t = [0u64; WIDE];
    t[(k / 64) as usize] = 1 << (k % 64);
    reduce(&mut t, (k / 64) as usize + 1)
}

/// `a^-1 mod M` (Fermat: `a^(M-2)`), for `a != 0`.
fn inverse(a: &Residue) -> Residue {
    let mut m_minus_2 = MODULUS;
    sub_in(&mut m_minus_2, &[2]);
    pow_mod(a, &m_minus_2)
}

// ------------------------------------------------------------ natural numbers

/// Limbs of [`Nat`]: products of two residues and a little more.
const NAT_LIMBS: usize = 20;

/// An unsigned integer below 2^1280, for exponents, step counts and the
/// interval solver's intermediate values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Nat([u64; NAT_LIMBS]);

impl Nat {
    const ZERO: Nat = Nat([0; NAT_LIMBS]);

    fn from_u128(v: u128) -> Nat {
        let mut n = Nat::ZERO;
        n.0[0] = v as u64;
        n.0[1] = (v >> 64) as u64;
        n
    }

    fn from_residue(r: &Residue) -> Nat {
        let mut n = Nat::ZERO;
        n.0[..LIMBS].copy_from_slice(r);
        n
    }

    /// The value modulo `M`.
    fn residue(&self) -> Residue {
        let mut t = self.0;
        reduce(&mut t, NAT_LIMBS)
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn bits(&self) -> u32 {
        for i in (0..NAT_LIMBS).rev() {
            if self.0[i] != 0 {
                return 64 * i as u32 + 64 - self.0[i].leading_zeros();
            }
        }
        0
    }

    fn ge(&self, other: &Nat) -> bool {
        at_least(&self.0, &other.0)
    }

    fn add(&self, other: &Nat) -> Nat {
        let mut r = *self;
        add_in(&mut r.0, &other.0);
        r
    }

    /// `self - other` for `self >= other`.
    fn sub(&self, other: &Nat) -> Nat {
        let mut r = *self;
        sub_in(&mut r.0, &other.0);
        r
    }

    /// The product, for factors whose product stays below 2^1280.
    #[inline(never)]
    fn mul(&self, other: &Nat) -> Nat {
        let mut r = Nat::ZERO;
        for (i, &x) in self.0.iter().enumerate() {
            if x == 0 {
                continue;
            }
            let mut carry = 0u128;
            for j in 0..NAT_LIMBS - i {
                let v = u128::from(r.0[i + j]) + u128::from(x) * u128::from(other.0[j]) + carry;
                r.0[i + j] = v as u64;
                carry = v >> 64;
            }
        }
        r
    }

    fn mul_u64(&self, k: u64) -> Nat {
        self.mul(&Nat::from_u128(u128::from(k)))
    }

    #[inline(never)]
    fn shl(&self, s: u32) -> Nat {
        let mut r = Nat::ZERO;
        let (limbs, bits) = ((s / 64) as usize, s % 64);
        for i in (limbs..NAT_LIMBS).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    #[inline(never)]
    fn shr(&self, s: u32) -> Nat {
        let mut r = Nat::ZERO;
        let (limbs, bits) = ((s / 64) as usize, s % 64);
        for i in 0..NAT_LIMBS.saturating_sub(limbs) {
            let src = i + limbs;
            let mut v = self.0[src] >> bits;
            if bits > 0 && src + 1 < NAT_LIMBS {
                v |= self.0[src + 1] << (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// Quotient and remainder, for `d != 0`: shift and subtract over the
    /// difference of the lengths only (the interval solver's divisions
    /// mostly have small quotients).
    #[inline(never)]
    fn div_rem(&self, d: &Nat) -> (Nat, Nat) {
        let (nb, db) = (self.bits(), d.bits());
        if nb < db {
            return (Nat::ZERO, *self);
        }
        let mut q = Nat::ZERO;
        let mut r = *self;
        let mut shifted = d.shl(nb - db);
        for s in (0..=nb - db).rev() {
            if r.ge(&shifted) {
                r = r.sub(&shifted);
                q.0[(s / 64) as usize] |= 1 << (s % 64);
            }
            shifted = shifted.shr(1);
        }
        (q, r)
    }

    fn rem_u64(&self, m: u64) -> u64 {
        let mut r = 0u128;
        for &w in self.0.iter().rev() {
            r = ((r << 64) | u128::from(w)) % u128::from(m);
        }
        r as u64
    }

    fn ceil_div(&self, d: &Nat) -> Nat {
        let (q, r) = self.div_rem(d);
        if r.is_zero() {
            q
        } else {
            q.add(&Nat::from_u128(1))
        }
    }

    /// The low limbs, as the exponents of [`pow_mod`] take them.
    fn limbs(&self) -> &[u64] {
        let used = (self.bits() as usize).div_ceil(64);
        &self.0[..used]
    }

    fn to_u128(self) -> Option<u128> {
        (self.bits() <= 128).then(|| u128::from(self.0[0]) | (u128::from(self.0[1]) << 64))
    }

    fn from_bigint(n: &BigInt) -> Option<Nat> {
        let words = n.u64_words();
        (words.len() <= NAT_LIMBS).then(|| {
            let mut r = Nat::ZERO;
            r.0[..words.len()].copy_from_slice(&words);
            r
        })
    }

    fn to_bigint(self) -> BigInt {
        let mut limbs = Vec::with_capacity(2 * NAT_LIMBS);
        for w in self.0 {
            limbs.push(w as u32);
            limbs.push((w >> 32) as u32);
        }
        BigInt::from_limbs(false, &limbs)
    }
}

/// The smallest `x >= 0` with `lo <= (a x mod m) <= hi`, for `lo <= hi <
/// m`; `None` when there is none. The descent of Euclid's algorithm: when
/// no multiple of `a` lands in `[lo, hi]` directly, the wrap count `y` of
/// the first one that does solves the same problem for `(m mod a, a)`, and
/// `x = ceil((lo + m y) / a)`. Iterative, as the descent can be some
/// hundred levels deep.
#[inline(never)]
fn least_in_interval(a: &Nat, m: &Nat, lo: &Nat, hi: &Nat) -> Option<Nat> {
    let (mut a, mut m, mut lo, mut hi) = (*a, *m, *lo, *hi);
    let mut levels: Vec<(Nat, Nat, Nat)> = Vec::new();
    let mut x = loop {
        a = a.div_rem(&m).1;
        if lo.is_zero() {
            break Nat::ZERO;
        }
        if a.is_zero() {
            return None;
        }
        let x = lo.ceil_div(&a);
        if !hi.ge(&a.mul(&x)) {
            // a x > hi: the next level.
            let lo_r = lo.div_rem(&a).1;
            let hi_r = hi.div_rem(&a).1;
            let neg = |r: &Nat| if r.is_zero() { Nat::ZERO } else { a.sub(r) };
            let (next_lo, next_hi) = (neg(&hi_r), neg(&lo_r));
            if !next_hi.ge(&next_lo) {
                return None;
            }
            levels.push((a, m, lo));
            let next_a = m.div_rem(&a).1;
            m = a;
            a = next_a;
            lo = next_lo;
            hi = next_hi;
            continue;
        }
        break x;
    };
    while let Some((a, m, lo)) = levels.pop() {
        x = lo.add(&m.mul(&x)).ceil_div(&a);
    }
    Some(x)
}

// ------------------------------------------------------------ the engines

/// The shape of a `discard_block_engine<subtract_with_carry_engine<W, S,
/// R>, P, U>`.
struct Shape {
    w: u32,
    s: usize,
    r: usize,
    p: usize,
    u: usize,
    /// The order of `b` modulo `M` is `(M - 1) / order_divisor`: 48 for
    /// `ranlux24`, 96 for `ranlux48` (checked by a test against the
    /// factors).
    order_divisor: u64,
}

/// What the analysis needs of one of the two engines; everything else
/// takes the [`Shape`] as a value, so that one copy of the code serves
/// both (the page's wasm pays for each copy).
trait Swc: Clone + PartialEq + StateWords + rngkit::WordRng {
    const SHAPE: Shape;
    fn call(&mut self) -> u64;
}

impl Swc for Ranlux24 {
    const SHAPE: Shape = Shape {
        w: 24,
        s: 10,
        r: 24,
        p: 223,
        u: 23,
        order_divisor: 48,
    };
    fn call(&mut self) -> u64 {
        self.step()
    }
}

impl Swc for Ranlux48 {
    const SHAPE: Shape = Shape {
        w: 48,
        s: 5,
        r: 12,
        p: 389,
        u: 11,
        order_divisor: 96,
    };
    fn call(&mut self) -> u64 {
        self.step()
    }
}

/// The base state and block position of an engine: `(n, carry, words
/// oldest first)`, and the rest of its words (the saved normal value).
struct Parts {
    n: u64,
    carry: u64,
    x: Vec<u64>,
    rest: Vec<u64>,
}

fn parts<G: Swc>(rng: &G) -> Parts {
    split_words(&G::SHAPE, rng.to_words())
}

fn split_words(k: &Shape, mut words: Vec<u64>) -> Parts {
    let rest = words.split_off(2 + k.r);
    Parts {
        n: words[0],
        carry: words[1],
        x: words.split_off(2),
        rest,
    }
}

fn join_words(p: &Parts) -> Vec<u64> {
    let mut words = vec![p.n, p.carry];
    words.extend_from_slice(&p.x);
    words.extend_from_slice(&p.rest);
    words
}

fn assemble<G: Swc>(p: &Parts) -> G {
    G::from_words(&join_words(p)).expect("words of a valid state, rebuilt from its own")
}

/// `b = 2^W` and `b^-1` modulo `M`.
fn base_and_inverse(k: &Shape) -> (Residue, Residue) {
    let b = two_to(k.w);
    // 2^-1 = (M + 1) / 2; b^-1 = (2^-1)^W.
    let mut half = MODULUS;
    half[0] += 1;
    let half = Nat::from_residue(&half).shr(1).residue();
    let exponent = [u64::from(k.w)];
    (b, pow_mod(&half, &exponent))
}

/// The words `x[0..R]` (oldest first) as one number: digit `j` times `b^j`.
fn digits_value(k: &Shape, x: &[u64]) -> Nat {
    let mut v = Nat::ZERO;
    for (j, &w) in x.iter().enumerate() {
        v = v.add(&Nat::from_u128(u128::from(w)).shl(k.w * j as u32));
    }
    v
}

/// `X` of a base state (see the module notes).
#[inline(never)]
fn x_of(k: &Shape, x: &[u64], carry: u64) -> Residue {
    let all = digits_value(k, x);
    // sum(a[j] x[j]) = all - b^S (x[0..R-S] as a number).
    let low = digits_value(k, &x[..k.r - k.s]).shl(k.w * k.s as u32);
    let mut v = sub_mod(&all.residue(), &low.residue());
    if carry == 1 {
        // b^R = 2^576 = 2^240 - 1 (mod M).
        v = sub_mod(&v, &sub_mod(&two_to(240), &ONE));
    }
    v
}

/// The base state with the given `X`: the words from the digits of `Z / M`
/// (`Z = -X b^-R`), newest first, then the carry that maps to `X`.
#[inline(never)]
fn state_of(k: &Shape, x_value: &Residue) -> (Vec<u64>, u64) {
    let (_, b_inv) = base_and_inverse(k);
    let z = neg_mod(&mul_mod(x_value, &pow_mod(&b_inv, &[k.r as u64])));
    let m = Nat::from_residue(&MODULUS);
    let mut z = Nat::from_residue(&z);
    let mut x = vec![0u64; k.r];
    for slot in x.iter_mut().rev() {
        let (digit, rest) = z.shl(k.w).div_rem(&m);
        *slot = digit.0[0];
        z = rest;
    }
    let carry = u64::from(x_of(k, &x, 0) != *x_value);
    (x, carry)
}

/// Whether a base state is one of the two fixed points (all zeros with
/// carry 0, all `b - 1` with carry 1).
fn fixed_point(k: &Shape, p: &Parts) -> bool {
    let max = (1u64 << k.w) - 1;
    (p.carry == 0 && p.x.iter().all(|&w| w == 0)) || (p.carry == 1 && p.x.iter().all(|&w| w == max))
}

/// Whether the state's words are the ones its `X` gives (a state on a
/// cycle; seeded states often are not).
fn on_cycle(k: &Shape, p: &Parts) -> bool {
    fixed_point(k, p) || {
        let (x, carry) = state_of(k, &x_of(k, &p.x, p.carry));
        x == p.x && carry == p.carry
    }
}

/// The base steps and the new block position of `calls` calls from block
/// position `n` (`0..=U`): the block counts `n` values returned; at `U` the
/// next call first discards `P - U`.
fn base_steps(k: &Shape, n: u64, calls: &Nat) -> (Nat, u64) {
    if calls.is_zero() {
        return (Nat::ZERO, n);
    }
    let u = k.u as u64;
    // g = n + calls values into the current block; the last one is value
    // ((g - 1) mod U) + 1 of block (g - 1) / U.
    let g_minus_1 = calls
        .add(&Nat::from_u128(u128::from(n)))
        .sub(&Nat::from_u128(1));
    let (blocks, within) = g_minus_1.div_rem(&Nat::from_u128(u128::from(u)));
    let new_n = within.0[0] + 1;
    let steps = blocks
        .mul_u64(k.p as u64)
        .add(&Nat::from_u128(u128::from(new_n)))
        .sub(&Nat::from_u128(u128::from(n)));
    (steps, new_n)
}

/// Moves the base by `X b^-steps` (forwards) or `X b^steps` (backwards),
/// for a base on a cycle, and sets the block position.
fn move_base(k: &Shape, p: &mut Parts, steps: &Nat, forwards: bool, new_n: u64) {
    p.n = new_n;
    if !fixed_point(k, p) && !steps.is_zero() {
        let (b, b_inv) = base_and_inverse(k);
        let factor = pow_mod(if forwards { &b_inv } else { &b }, steps.limbs());
        let (x, carry) = state_of(k, &mul_mod(&x_of(k, &p.x, p.carry), &factor));
        p.x = x;
        p.carry = carry;
    }
}

/// The calls a jump steps one by one before the base is surely on its
/// cycle: `R + 1` (each call is at least one base step).
fn stepped_calls(k: &Shape) -> u128 {
    k.r as u128 + 1
}

/// `calls` calls forwards: the first [`stepped_calls`] one by one (after
/// them the base is on its cycle), the rest as one multiplication.
fn jump_calls<G: Swc>(rng: &mut G, calls: &Nat) {
    let k = &G::SHAPE;
    let direct = stepped_calls(k);
    let stepped = calls.to_u128().map_or(direct, |n| n.min(direct));
    for _ in 0..stepped {
        rng.call();
    }
    if stepped == direct {
        let mut p = parts(rng);
        jump_parts(k, &mut p, &calls.sub(&Nat::from_u128(direct)));
        *rng = assemble(&p);
    }
}

/// `calls` calls forwards for a base on its cycle.
fn jump_parts(k: &Shape, p: &mut Parts, calls: &Nat) {
    let (steps, new_n) = base_steps(k, p.n, calls);
    move_base(k, p, &steps, true, new_n);
}

/// `calls` calls backwards, to the state on the cycle that reaches this
/// one (or, from a seeded state off the cycle, the cycle's state with the
/// same future values).
fn jump_back_calls<G: Swc>(rng: &mut G, calls: &Nat) {
    let mut p = parts(rng);
    jump_back_parts(&G::SHAPE, &mut p, calls);
    *rng = assemble(&p);
}

fn jump_back_parts(k: &Shape, p: &mut Parts, calls: &Nat) {
    if calls.is_zero() {
        return;
    }
    let u = k.u as u64;
    // Block position 0 is the end of the previous block (n = U) with the
    // P - U discarded values still ahead: the same future.
    let (n, extra) = if p.n == 0 {
        (u, (k.p - k.u) as u64)
    } else {
        (p.n, 0)
    };
    // The target's position t in 1..=U with n - calls = t (mod U), and the
    // whole blocks between: calls = (n - t) + U blocks.
    let t = (n + u - calls.rem_u64(u) - 1) % u + 1;
    let total = calls
        .add(&Nat::from_u128(u128::from(t)))
        .sub(&Nat::from_u128(u128::from(n)));
    let (blocks, _) = total.div_rem(&Nat::from_u128(u128::from(u)));
    let steps = blocks
        .mul_u64(k.p as u64)
        .add(&Nat::from_u128(u128::from(n + extra)))
        .sub(&Nat::from_u128(u128::from(t)));
    move_base(k, p, &steps, false, t);
}

/// The engine's period in calls: the order of `b` times `U` (the order is
/// prime to `P`, so the block position cycles with it).
fn period_nat(k: &Shape) -> Nat {
    let mut m_minus_1 = Nat::from_residue(&MODULUS);
    m_minus_1 = m_minus_1.sub(&Nat::from_u128(1));
    m_minus_1
        .div_rem(&Nat::from_u128(u128::from(k.order_divisor)))
        .0
        .mul_u64(k.u as u64)
}

/// The period of `ranlux24` in calls: `23 (M - 1) / 48`, about 2^574.5.
///
/// ```
/// use rngkit_analysis::generators::ranlux::ranlux24_period;
/// assert_eq!(ranlux24_period().bit_len(), 575);
/// ```
pub fn ranlux24_period() -> BigInt {
    period_nat(&<Ranlux24 as Swc>::SHAPE).to_bigint()
}

/// The period of `ranlux48` in calls: `11 (M - 1) / 96`, about 2^572.9.
///
/// ```
/// use rngkit_analysis::generators::ranlux::ranlux48_period;
/// assert_eq!(ranlux48_period().bit_len(), 573);
/// ```
pub fn ranlux48_period() -> BigInt {
    period_nat(&<Ranlux48 as Swc>::SHAPE).to_bigint()
}

macro_rules! ranlux_jump {
    ($ty:ty) => {
        /// Jumps of any size: the base's `X` times a power of `b^-1`
        /// modulo `M` (see the module notes); the first `R` calls of a
        /// forward jump are stepped, so seeded states off the cycle jump
        /// exactly too.
        ///
        /// ```
        #[doc = concat!("use rngkit::runtimes::cpp::", stringify!($ty), ";")]
        /// use rngkit_analysis::Jump;
        ///
        #[doc = concat!("let start = ", stringify!($ty), "::new(7);")]
        /// let mut stepped = start.clone();
        /// for _ in 0..5000 { stepped.step(); }
        /// let mut jumped = start.clone();
        /// jumped.jump(5000);
        /// assert_eq!(jumped, stepped);
        /// jumped.jump_back(4000);
        /// let mut at_1000 = start.clone();
        /// for _ in 0..1000 { at_1000.step(); }
        /// assert_eq!(jumped, at_1000);
        /// ```
        impl Jump for $ty {
            fn jump(&mut self, n: u128) {
                jump_calls(self, &Nat::from_u128(n));
            }
            fn jump_back(&mut self, n: u128) {
                jump_back_calls(self, &Nat::from_u128(n));
            }
            fn jump_big(&mut self, n: &BigInt) -> bool {
                match Nat::from_bigint(n) {
                    Some(n) if n.bits() < 64 * NAT_LIMBS as u32 - 64 => {
                        jump_calls(self, &n);
                        true
                    }
                    _ => false,
                }
            }
        }

        /// Exact distances: the first calls stepped, then a discrete
        /// logarithm modulo `M` by Pohlig-Hellman over the prime powers of
        /// `M - 1` (the largest prime about 2^50.5, by Pollard's rho: a
        /// few seconds on two cores). Distances above 2^128 - 1 (two
        /// unrelated states are about 2^570 calls apart) are reported as
        /// beyond range.
        ///
        /// ```
        #[doc = concat!("use rngkit::runtimes::cpp::", stringify!($ty), ";")]
        /// use rngkit_analysis::{Distance, Jump};
        ///
        #[doc = concat!("let a = ", stringify!($ty), "::new(3);")]
        /// let mut b = a.clone();
        /// b.jump(1_000_003);
        /// assert_eq!(a.distance_within(&b, 2_000_000), Ok(1_000_003));
        /// ```
        impl Distance for $ty {
            const HAS_FAST_METHOD: bool = true;
            fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
                distance(self, to)
            }
        }
    };
}

ranlux_jump!(Ranlux24);
ranlux_jump!(Ranlux48);

// ------------------------------------------------------------ distance

/// The prime factorisation of `M - 1 = 2^240 (2^336 - 1)`: the factors of
/// `2^336 - 1` are those of the cyclotomic values `Phi_d(2)` for `d | 336`
/// (Brillhart et al., "Factorizations of b^n +- 1", the Cunningham
/// tables); a test checks the product and each factor's primality.
const M_MINUS_1_FACTORS: [(u64, u32); 26] = [
    (2, 240),
    (3, 2),
    (5, 1),
    (7, 2),
    (13, 1),
    (17, 1),
    (29, 1),
    (43, 1),
    (97, 1),
    (113, 1),
    (127, 1),
    (241, 1),
    (257, 1),
    (337, 1),
    (673, 1),
    (1429, 1),
    (2017, 1),
    (3361, 1),
    (5153, 1),
    (5419, 1),
    (14449, 1),
    (15790321, 1),
    (25629623713, 1),
    (54410972897, 1),
    (88959882481, 1),
    (1538595959564161, 1),
];

/// The multiplicative group modulo `M`, for the generic rho and
/// baby-step giant-step of [`crate::dlog`].
struct ModM;

impl Group for ModM {
    type Elem = Residue;
    fn mul(&self, a: &Residue, b: &Residue) -> Residue {
        mul_mod(a, b)
    }
    fn one(&self) -> Residue {
        ONE
    }
    fn digest(&self, a: &Residue) -> u64 {
        digest_words(a)
    }
}

/// `log_g h` modulo the order of `g`, or `None` when `h` is not a power of
/// `g`: Pohlig-Hellman over the prime powers of `M - 1` (digit by digit),
/// joined by Garner's mixed-radix form with the power of 2 first (the
/// only modulus above 64 bits).
fn log_mod_m(g: &Residue, h: &Residue) -> Option<(Nat, Nat)> {
    let m_minus_1 = Nat::from_residue(&MODULUS).sub(&Nat::from_u128(1));
    // (value, modulus) of the answer so far.
    let mut value = Nat::ZERO;
    let mut modulus = Nat::from_u128(1);
    for &(p, e) in &M_MINUS_1_FACTORS {
        let mut q = Nat::from_u128(1);
        for _ in 0..e {
            q = q.mul_u64(p);
        }
        let cofactor = m_minus_1.div_rem(&q).0;
        let gq = pow_mod(g, cofactor.limbs());
        let hq = pow_mod(h, cofactor.limbs());
        // The order of gq: p^f.
        let mut f = 0u32;
        let mut t = gq;
        while t != ONE {
            t = pow_mod(&t, &[p]);
            f += 1;
        }
        // gamma = gq^(p^(f-1)) has order p; digits of x mod p^f.
        let mut x = Nat::ZERO;
        let mut p_k = Nat::from_u128(1);
        let gamma = if f > 0 {
            let mut t = gq;
            for _ in 0..f - 1 {
                t = pow_mod(&t, &[p]);
            }
            t
        } else {
            ONE
        };
        let gq_inv = inverse(&gq);
        for k in 0..f {
            // (hq gq^-x)^(p^(f-1-k)) = gamma^digit.
            let mut t = mul_mod(&hq, &pow_mod(&gq_inv, x.limbs()));
            for _ in 0..f - 1 - k {
                t = pow_mod(&t, &[p]);
            }
            let digit = if t == ONE {
                0
            } else if p == 2 {
                1
            } else {
                log_prime_order(&ModM, &gamma, &t, p)?
            };
            x = x.add(&p_k.mul_u64(digit));
            p_k = p_k.mul_u64(p);
        }
        // hq must be gq^x (else h is not a power of g).
        if pow_mod(&gq, x.limbs()) != hq {
            return None;
        }
        if f == 0 {
            continue;
        }
        // Garner: value + modulus t = x (mod p^f).
        if modulus == Nat::from_u128(1) {
            value = x;
            modulus = p_k;
        } else {
            let pf = p_k.to_u128().and_then(|v| u64::try_from(v).ok())?;
            let have = value.rem_u64(pf);
            let want = x.rem_u64(pf);
            let inv = inverse_mod(modulus.rem_u64(pf), pf)?;
            let diff = (u128::from(want) + u128::from(pf) - u128::from(have)) % u128::from(pf);
            let t = (diff * u128::from(inv) % u128::from(pf)) as u64;
            value = value.add(&modulus.mul_u64(t));
            modulus = modulus.mul_u64(pf);
        }
    }
    Some((value, modulus))
}

/// The calls from `from` to `to` (the smallest count whose jump gives
/// `to`, or `to`'s equivalent at the other end of a block). The first `R +
/// 1` calls are stepped (they cover seeded states off the cycle); after
/// them both block starts are powers of one another, `X_to = X_from
/// b^-D`, and `D` is a discrete logarithm modulo `M` (about 2^25.8 rho
/// steps for the largest prime, 1538595959564161: a few seconds). The
/// base distance `D` is taken modulo the order of `b` and made a multiple
/// of `P` by adding periods (the order is prime to `P`).
///
/// # Errors
/// [`DistanceError::Unreachable`] when `to` is not on `from`'s cycle,
/// [`DistanceError::BeyondRange`] when the distance exceeds 2^128 - 1.
fn distance<G: Swc>(from: &G, to: &G) -> Result<u128, DistanceError> {
    let direct = stepped_calls(&G::SHAPE);
    let mut f = from.clone();
    for calls in 0..=direct {
        if f == *to {
            return Ok(calls);
        }
        if calls < direct {
            f.call();
        }
    }
    let calls = distance_on_cycle(&G::SHAPE, parts(&f), parts(to))?;
    calls
        .add(&Nat::from_u128(direct))
        .to_u128()
        .ok_or(DistanceError::BeyondRange { limit: u128::MAX })
}

/// [`distance`] once the start is on its cycle.
fn distance_on_cycle(k: &Shape, f: Parts, mut t: Parts) -> Result<Nat, DistanceError> {
    if t.rest != f.rest {
        return Err(DistanceError::Unreachable(
            "the states' saved normal values differ",
        ));
    }
    if !on_cycle(k, &t) {
        return Err(DistanceError::Unreachable(
            "the target state is not on a cycle of the base (a seeded state, or words that no \
             step produces) and not within the first calls of the start",
        ));
    }
    // Block position 0 is position U of the block before (the same future;
    // the stream after a call never shows n = 0).
    if t.n == 0 {
        let back = Nat::from_u128((k.p - k.u) as u128);
        move_base(k, &mut t, &back, false, k.u as u64);
    }
    let (b, b_inv) = base_and_inverse(k);
    // The block starts' X.
    let start_of = |p: &Parts| mul_mod(&x_of(k, &p.x, p.carry), &pow_mod(&b, &[p.n]));
    let (xf, xt) = (start_of(&f), start_of(&t));
    let zero = [0u64; LIMBS];
    if xf == zero || xt == zero {
        // A fixed point (reached within the stepped calls if at all).
        return Err(DistanceError::Unreachable(
            "a fixed point of the base is reached only from itself",
        ));
    }
    let h = mul_mod(&xt, &inverse(&xf));
    let Some((d, order)) = log_mod_m(&b_inv, &h) else {
        return Err(DistanceError::Unreachable(
            "the target state is on another cycle of the base",
        ));
    };
    // D + j order = 0 (mod P); the order is prime to P (a test checks).
    let p = k.p as u64;
    let inv = inverse_mod(order.rem_u64(p), p).ok_or(DistanceError::Unreachable(
        "the base's order shares a factor with the block length",
    ))?;
    let j = (p - d.rem_u64(p)) % p * inv % p;
    let d = d.add(&order.mul_u64(j));
    let blocks = d.div_rem(&Nat::from_u128(u128::from(p))).0;
    let mut calls = blocks
        .mul_u64(k.u as u64)
        .add(&Nat::from_u128(u128::from(t.n)));
    let f_n = Nat::from_u128(u128::from(f.n));
    if !calls.ge(&f_n) {
        calls = calls.add(&order.mul_u64(k.u as u64));
    }
    Ok(calls.sub(&f_n))
}

// ------------------------------------------------------------ recovery

/// A run of consecutive base values: the base position of its last value
/// and the values, oldest first.
struct Run {
    last: u64,
    values: Vec<u64>,
}

/// The interval `[lo, hi]` of `Z` at the run's last value: `Z / M` has the
/// run's values as its leading digits, newest first.
fn run_interval(k: &Shape, run: &Run) -> (Nat, Nat) {
    let len = run.values.len() as u32;
    // The digits newest first: the newest is the top one.
    let mut newest_first = Nat::ZERO;
    for &x in run.values.iter().rev() {
        newest_first = newest_first.shl(k.w).add(&Nat::from_u128(u128::from(x)));
    }
    let m = Nat::from_residue(&MODULUS);
    let shift = k.w * len;
    let unit = Nat::from_u128(1).shl(shift);
    let ceil_shift = |n: Nat| n.add(&unit).sub(&Nat::from_u128(1)).shr(shift);
    let lo = ceil_shift(newest_first.mul(&m));
    let hi = ceil_shift(newest_first.add(&Nat::from_u128(1)).mul(&m)).sub(&Nat::from_u128(1));
    (lo, hi)
}

/// The most candidate `Z` one pair of runs may give before the rest of the
/// observations must decide (two runs with `R + 1` values leave one `Z`
/// with probability about `1 - 1/b`).
const RUN_CANDIDATES: usize = 16;

/// Every `u` in `0..=width` with `(a u + c) mod M` in `[lo, hi]`, up to
/// [`RUN_CANDIDATES`].
fn solutions(a: &Residue, c: &Residue, width: &Nat, lo: &Nat, hi: &Nat) -> Vec<Nat> {
    let m = Nat::from_residue(&MODULUS);
    let a_nat = Nat::from_residue(a);
    let mut out = Vec::new();
    let mut start = Nat::ZERO;
    while out.len() < RUN_CANDIDATES && width.ge(&start) {
        // (a (start + v) + c) mod M in [lo, hi]: a v mod M in [lo - cc, hi - cc].
        let cc = Nat::from_residue(&add_mod(c, &mul_mod(a, &start.residue())));
        let shift = |n: &Nat| Nat::from_residue(&sub_mod(&n.residue(), &cc.residue()));
        let (l, h) = (shift(lo), shift(hi));
        let best = if h.ge(&l) {
            least_in_interval(&a_nat, &m, &l, &h)
        } else {
            let top = m.sub(&Nat::from_u128(1));
            let first = least_in_interval(&a_nat, &m, &l, &top);
            let second = least_in_interval(&a_nat, &m, &Nat::ZERO, &h);
            match (first, second) {
                (Some(x), Some(y)) => Some(if x.ge(&y) { y } else { x }),
                (x, y) => x.or(y),
            }
        };
        let Some(v) = best else { break };
        let u = start.add(&v);
        if !width.ge(&u) {
            break;
        }
        out.push(u);
        start = u.add(&Nat::from_u128(1));
    }
    out
}

/// Recovery of `ranlux24` / `ranlux48` from whole outputs (`next`).
fn recover_swc<G: Swc, E: Gen<Rng = G>>(
    observations: &[Observation],
) -> Result<Recovered, RecoverError> {
    recover_runs(&G::SHAPE, G::NAME, G::WORD_BITS, observations, |words| {
        G::from_words(words).ok().map(Engine::new::<E>)
    })
}

/// The body of [`recover_swc`], one copy for both engines; `make` builds
/// an engine from its words.
fn recover_runs(
    k: &Shape,
    name: &str,
    word_bits: u32,
    observations: &[Observation],
    make: fn(&[u64]) -> Option<Engine>,
) -> Result<Recovered, RecoverError> {
    let mask = (1u64 << k.w) - 1;
    let lay = layout(observations, word_bits, false);
    let mut whole: Vec<(u64, u64)> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask & mask == mask)
        .map(|c| (c.offset, c.known.value))
        .collect();
    whole.dedup_by_key(|&mut (o, _)| o);
    if whole.is_empty() {
        return Err(RecoverError(format!(
            "{} recovery needs whole outputs (`next`): runs of them are digits of the base's \
             state; the distributions' values do not give them",
            name
        )));
    }
    if whole.iter().any(|&(_, v)| v > mask) {
        return Ok(Recovered::NoneFits);
    }
    let (b, b_inv) = base_and_inverse(k);
    let u = k.u as u64;
    let mut states = Vec::new();
    let mut best_digits = 0usize;
    // Each block position the first call may have.
    for n in 0..=u {
        let position = |call: u64| {
            let g = n + call;
            (g / u) * k.p as u64 + g % u - n
        };
        let mut runs: Vec<Run> = Vec::new();
        for &(offset, value) in &whole {
            let p = position(offset);
            match runs.last_mut() {
                Some(run) if run.last + 1 == p => {
                    run.last = p;
                    run.values.push(value);
                }
                _ => runs.push(Run {
                    last: p,
                    values: vec![value],
                }),
            }
        }
        runs.sort_by_key(|r| core::cmp::Reverse(r.values.len()));
        let digits = runs.iter().take(2).map(|r| r.values.len()).sum::<usize>();
        best_digits = best_digits.max(digits);
        if runs.len() < 2 || digits < k.r + 1 {
            continue;
        }
        let (lo0, hi0) = run_interval(k, &runs[0]);
        let (lo1, hi1) = run_interval(k, &runs[1]);
        let (p0, p1) = (runs[0].last, runs[1].last);
        // Z at p1 = Z at p0 times b^-(p1 - p0).
        let a = if p1 >= p0 {
            pow_mod(&b_inv, &[p1 - p0])
        } else {
            pow_mod(&b, &[p0 - p1])
        };
        let c = mul_mod(&a, &lo0.residue());
        for v in solutions(&a, &c, &hi0.sub(&lo0), &lo1, &hi1) {
            let z = lo0.add(&v).residue();
            // Z at p0 is -X at p0 + R + 1; X before the observations is
            // that times b^(p0 + R + 1).
            let x0 = neg_mod(&mul_mod(&z, &pow_mod(&b, &[p0 + k.r as u64 + 1])));
            let (x, carry) = state_of(k, &x0);
            let mut words = vec![n, carry];
            words.extend_from_slice(&x);
            let Some(engine) = make(&words) else { continue };
            if fits(observations, &engine) {
                states.push(engine);
            }
        }
        if states.len() > RUN_CANDIDATES {
            break;
        }
    }
    if !states.is_empty() {
        return Ok(conclude(same_streams(k, states)));
    }
    if best_digits > k.r {
        return Ok(Recovered::NoneFits);
    }
    // Too few: each missing digit leaves W bits.
    Ok(Recovered::Several {
        count: Count::About(k.w * (k.r + 1 - best_digits) as u32),
        states: Vec::new(),
    })
}

/// One engine per stream: block position `U` and position 0 of the next
/// block (the discarded values stepped) give the same values; the first
/// found stands for both.
fn same_streams(k: &Shape, states: Vec<Engine>) -> Vec<Engine> {
    use rand_core::Rng;
    let mut out: Vec<Engine> = Vec::new();
    for s in states {
        let duplicate = out.iter().any(|o| {
            let (mut a, mut b) = (s.clone(), o.clone());
            (0..2 * (k.u + k.r)).all(|_| a.next_u64() == b.next_u64())
        });
        if !duplicate {
            out.push(s);
        }
    }
    out
}

/// `ranlux24` recovery: see [`NOTES_RANLUX`].
///
/// # Errors
/// [`RecoverError`] when no whole output is observed.
pub fn recover_ranlux24<G: Gen<Rng = Ranlux24>>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_swc::<Ranlux24, G>(observations)
}

/// `ranlux48` recovery: see [`NOTES_RANLUX`].
///
/// # Errors
/// [`RecoverError`] when no whole output is observed.
pub fn recover_ranlux48<G: Gen<Rng = Ranlux48>>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    recover_swc::<Ranlux48, G>(observations)
}

/// The text of `ranlux24` and `ranlux48`.
pub const NOTES_RANLUX: crate::notes::Notes = crate::notes::Notes {
    recover: "Whole outputs (`next`): the subtract-with-carry base is the generator X -> X/b \
              modulo the prime M = 2^576 - 2^240 + 1 (b = 2^24 or 2^48), and its values are the \
              base-b digits of Z/M. A run of consecutive outputs inside a block pins Z to an \
              interval; two runs with 25 values in all (ranlux24; 13 for ranlux48) leave one Z, \
              found by a continued-fraction descent in milliseconds, for each of the block \
              positions the first output may have. 26 consecutive outputs (14) always hold two \
              such runs; fewer leave about 2^(W x missing values) states.",
    recover_examples: &[],
    search: "The generic kernel: each seed costs the LCG seeding of the words and a block of \
             base steps.",
    search_examples: &[],
    examples: &[],
};

#[cfg(test)]
mod tests {
    use super::*;

    fn rng24(seed: u64, calls: usize) -> Ranlux24 {
        let mut r = Ranlux24::new(seed);
        for _ in 0..calls {
            r.step();
        }
        r
    }

    #[test]
    fn modular_arithmetic_agrees_with_small_identities() {
        // 2^576 = 2^240 - 1 and 2 * 2^-1 = 1.
        let a = two_to(575);
        assert_eq!(add_mod(&a, &a), sub_mod(&two_to(240), &ONE));
        let (b, b_inv) = base_and_inverse(&<Ranlux24 as Swc>::SHAPE);
        assert_eq!(mul_mod(&b, &b_inv), ONE);
        assert_eq!(mul_mod(&b, &inverse(&b)), ONE);
    }

    #[test]
    fn x_is_a_multiplicative_congruential_generator() {
        let mut r = rng24(1, 100);
        let (_, b_inv) = base_and_inverse(&<Ranlux24 as Swc>::SHAPE);
        for _ in 0..200 {
            let p = parts(&r);
            let x = x_of(&<Ranlux24 as Swc>::SHAPE, &p.x, p.carry);
            let before = p.n;
            r.step();
            let q = parts(&r);
            // One call is one base step inside a block.
            if before < 23 && before > 0 {
                assert_eq!(
                    x_of(&<Ranlux24 as Swc>::SHAPE, &q.x, q.carry),
                    mul_mod(&x, &b_inv)
                );
                assert_eq!(
                    state_of(
                        &<Ranlux24 as Swc>::SHAPE,
                        &x_of(&<Ranlux24 as Swc>::SHAPE, &q.x, q.carry)
                    ),
                    (q.x.clone(), q.carry)
                );
            }
        }
    }

    /// Miller-Rabin with the first 12 primes as bases: exact below 2^64.
    fn is_prime(n: u64) -> bool {
        const BASES: [u64; 12] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37];
        if n < 2 {
            return false;
        }
        if let Some(&p) = BASES.iter().find(|&&p| n.is_multiple_of(p)) {
            return n == p;
        }
        let mul = |a: u64, b: u64| (u128::from(a) * u128::from(b) % u128::from(n)) as u64;
        let pow = |mut a: u64, mut e: u64| {
            let mut r = 1;
            while e > 0 {
                if e & 1 == 1 {
                    r = mul(r, a);
                }
                a = mul(a, a);
                e >>= 1;
            }
            r
        };
        let (mut d, mut s) = (n - 1, 0);
        while d % 2 == 0 {
            d /= 2;
            s += 1;
        }
        BASES.iter().all(|&a| {
            let mut x = pow(a, d);
            if x == 1 || x == n - 1 {
                return true;
            }
            (1..s).any(|_| {
                x = mul(x, x);
                x == n - 1
            })
        })
    }

    #[test]
    fn the_factors_of_m_minus_1_are_primes_and_multiply_out() {
        let mut product = Nat::from_u128(1);
        for &(p, e) in &M_MINUS_1_FACTORS {
            assert!(is_prime(p), "{p}");
            for _ in 0..e {
                product = product.mul_u64(p);
            }
        }
        let m_minus_1 = Nat::from_residue(&MODULUS).sub(&Nat::from_u128(1));
        assert_eq!(product, m_minus_1);
    }

    /// The order of `b` is `(M - 1) / ORDER_DIVISOR`: a power of `b` to it
    /// is 1, and to it over any prime factor is not.
    fn check_order<G: Swc>() {
        let k = &G::SHAPE;
        let (b, _) = base_and_inverse(k);
        let m_minus_1 = Nat::from_residue(&MODULUS).sub(&Nat::from_u128(1));
        let order = m_minus_1
            .div_rem(&Nat::from_u128(u128::from(k.order_divisor)))
            .0;
        assert_eq!(pow_mod(&b, order.limbs()), ONE);
        for &(p, _) in &M_MINUS_1_FACTORS {
            let (q, r) = order.div_rem(&Nat::from_u128(u128::from(p)));
            if r.is_zero() {
                assert_ne!(pow_mod(&b, q.limbs()), ONE, "{}: p = {p}", G::NAME);
            }
        }
        // The order is prime to the block length.
        assert_ne!(order.rem_u64(k.p as u64), 0);
    }

    #[test]
    fn the_orders_of_b_are_as_declared() {
        check_order::<Ranlux24>();
        check_order::<Ranlux48>();
    }

    #[test]
    fn least_in_interval_matches_brute_force() {
        let mut s = 0x1234_5678_u64;
        let mut next = |m: u64| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s % m
        };
        for _ in 0..3000 {
            let m = next(300) + 1;
            let a = next(m);
            let lo = next(m);
            let hi = lo + next(m - lo);
            let brute = (0..m).find(|x| (lo..=hi).contains(&(a * x % m)));
            let n = |v: u64| Nat::from_u128(u128::from(v));
            let got = least_in_interval(&n(a), &n(m), &n(lo), &n(hi)).map(|x| x.0[0]);
            assert_eq!(got, brute, "a {a} m {m} [{lo}, {hi}]");
        }
    }
}

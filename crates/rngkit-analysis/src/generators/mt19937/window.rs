//! MT19937 in the "window" model used by jumps, backward steps and
//! distances.
//!
//! The generator's lazy state is a block `mt[0..624]` and `left`: the next
//! output is `mt[624 - left]` (after a twist when `left == 0`). Read as one
//! long sequence x_0, x_1, … with x_0..x_623 the block and
//! x_(j+624) = x_(j+397) ^ f(x_j, x_(j+1)) the words later twists produce,
//! the stream position is p = 624 - left and the state is the window
//! W_p = (x_p, …, x_(p+623)). One step of the window is one output word; the
//! window moves by a linear map whose characteristic polynomial has degree
//! 19937 (the low 31 bits of the window's first word never reach the future).

use rngkit::WordRng;
use rngkit::generators::Mt19937;

use crate::gf2::Poly;
use crate::gf2::xor_into_u32;
use crate::linear::F2Linear;

pub(crate) const N: usize = 624;
const M: usize = Mt19937::M;
const MATRIX_A: u32 = Mt19937::MATRIX_A;
const UPPER: u32 = Mt19937::UPPER_MASK;
const LOWER: u32 = Mt19937::LOWER_MASK;

/// The exponents of MT19937's characteristic polynomial (degree 19937, 135
/// terms), lowest first: what [`derive_characteristic_polynomial`]
/// (Berlekamp–Massey over 40 000 output bits) gives for the recurrence, kept
/// as a table so that a process's first jump does not spend ~250 million
/// instructions deriving it. The tests derive it again from the generator
/// and compare.
///
/// [`derive_characteristic_polynomial`]: crate::linear::derive_characteristic_polynomial
pub(crate) const CHARACTERISTIC_EXPONENTS: [u16; 135] = [
    0, 1189, 1416, 1585, 1643, 1870, 2493, 2773, 3000, 3227, 3454, 3681, 3908, 4135, 4362, 4753,
    5661, 6337, 6569, 7129, 7477, 7525, 7583, 7752, 7979, 8206, 9505, 9901, 9969, 10128, 10693,
    10761, 10920, 11089, 11147, 11157, 11215, 11321, 11374, 11384, 11485, 11611, 11712, 11717,
    11838, 11881, 11944, 11997, 12277, 12335, 12393, 12504, 12509, 12620, 12673, 12731, 12736,
    12789, 12905, 12958, 12963, 13137, 13185, 13190, 13243, 13301, 13412, 13528, 13533, 13639,
    13697, 13760, 13813, 13866, 14093, 14151, 14209, 14320, 14325, 14436, 14547, 14552, 14605,
    14721, 14774, 14779, 14953, 15001, 15006, 15059, 15117, 15228, 15344, 15349, 15455, 15513,
    15576, 15629, 15682, 15909, 15967, 16025, 16136, 16141, 16252, 16363, 16368, 16421, 16537,
    16590, 16595, 16817, 16822, 16875, 16933, 17044, 17160, 17271, 17329, 17445, 17498, 17725,
    17783, 17841, 17952, 18068, 18179, 18237, 18406, 18633, 18691, 18860, 19087, 19314, 19937,
];

/// MT19937's characteristic polynomial, from [`CHARACTERISTIC_EXPONENTS`].
pub(crate) fn characteristic_polynomial() -> Poly {
    let exponents: Vec<usize> = CHARACTERISTIC_EXPONENTS
        .iter()
        .map(|&e| usize::from(e))
        .collect();
    Poly::from_exponents(&exponents)
}

/// The twist of one word pair.
#[inline]
fn f(upper_from: u32, lower_from: u32) -> u32 {
    let y = (upper_from & UPPER) | (lower_from & LOWER);
    (y >> 1) ^ ((y & 1).wrapping_neg() & MATRIX_A)
}

/// Inverts `f`: the y with f(y) = t (both halves).
#[inline]
pub(crate) fn f_inverse(t: u32) -> u32 {
    // MATRIX_A has its top bit set and y >> 1 does not: the top bit of t
    // says whether y was odd.
    if t & UPPER != 0 {
        ((t ^ MATRIX_A) << 1) | 1
    } else {
        t << 1
    }
}

/// Extends `seq` (which starts at a block) by the recurrence to `len` words.
pub(crate) fn extend(seq: &mut Vec<u32>, len: usize) {
    seq.reserve(len.saturating_sub(seq.len()));
    while seq.len() < len {
        let j = seq.len();
        let next = seq[j - N + M] ^ f(seq[j - N], seq[j - N + 1]);
        seq.push(next);
    }
}

/// The window at the generator's stream position.
pub(crate) fn window(rng: &Mt19937) -> [u32; N] {
    let p = N - rng.left() as usize;
    let mut seq = rng.block().to_vec();
    extend(&mut seq, p + N);
    let mut w = [0u32; N];
    w.copy_from_slice(&seq[p..p + N]);
    w
}

/// The block before one twist. Every bit comes back, including the low 31
/// bits of word 0, which the twist never reads; those are recovered from the
/// previous twist's last step (`prev[623] = prev[396] ^ f(.., prev[0])`) and
/// are therefore only meaningful when `prev` itself came from a twist (not
/// when it is `init_genrand`'s block).
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit_analysis::generators::mt19937::untwist;
///
/// let mut mt = Mt19937::new(42);
/// mt.twist();
/// let once = *mt.block();
/// mt.twist();
/// assert_eq!(untwist(mt.block()), once);
/// ```
pub fn untwist(block: &[u32; N]) -> [u32; N] {
    // buf[0..624] = previous block (computed downwards), buf[624..] = block.
    let mut buf = [0u32; 2 * N];
    buf[N..].copy_from_slice(block);
    for j in (0..N).rev() {
        // x_(j+624) = x_(j+397) ^ f(x_j, x_(j+1)) gives x_j's top bit;
        // x_(j+623) = x_(j+396) ^ f(x_(j-1), x_j) gives its low 31 bits.
        let upper = f_inverse(buf[j + N] ^ buf[j + M]) & UPPER;
        let lower = f_inverse(buf[j + N - 1] ^ buf[j + M - 1]) & LOWER;
        buf[j] = upper | lower;
    }
    let mut prev = [0u32; N];
    prev.copy_from_slice(&buf[..N]);
    prev
}

/// A canonical representative of the state's future stream: `left == 0`
/// (twist pending) becomes the twisted block with `left == 624`, and when
/// `left < 624` the dead bits (the low 31 bits of the block's first word,
/// which nothing later reads) get the value a twist would have given them.
/// Two states produce the same stream from now on exactly when their
/// canonical forms are equal.
///
/// ```
/// use rngkit::generators::Mt19937;
/// use rngkit::WordRng;
/// use rngkit_analysis::generators::mt19937::mt19937_canonical;
/// let a = Mt19937::new(1); // left = 0: mt[0] = seed is never read again
/// let mut block = *a.block();
/// block[0] ^= 0x1234;
/// let b = Mt19937::from_state(block, 0).unwrap();
/// assert_ne!(a, b);
/// assert_eq!(mt19937_canonical(&a), mt19937_canonical(&b));
/// let mut twisted = a.clone();
/// twisted.twist();
/// assert_eq!(mt19937_canonical(&a), twisted);
/// ```
pub fn mt19937_canonical(rng: &Mt19937) -> Mt19937 {
    let mut rng = rng.clone();
    if rng.left() == 0 {
        rng.twist();
    }
    if rng.left() as usize == N {
        return rng;
    }
    let mut block = *rng.block();
    // x_623 = x_396 ^ f(x_-1, x_0): x_0's low bits from the block itself.
    block[0] = (block[0] & UPPER) | (f_inverse(block[N - 1] ^ block[M - 1]) & LOWER);
    Mt19937::from_state(block, rng.left()).expect("canonicalising keeps the state valid")
}

/// Applies g(T) to the window W_1 of the sequence starting at `block`, with
/// Horner's rule over chunks of `Q` coefficients (the sliding window of
/// Haramoto et al., 2008): `acc = T^Q acc + h(T) W_1`, with the 2^Q values of
/// h(T) W_1 tabulated. The window `acc` is a ring buffer, so one step of T
/// costs one new word. Returns the resulting window, first word first.
pub(crate) fn apply_to_window_one(block: &[u32; N], g: &Poly) -> [u32; N] {
    const Q: usize = 8;
    let Some(degree) = g.degree() else {
        return [0; N];
    };
    // W_1 .. W_Q from the sequence.
    let mut seq = block.to_vec();
    extend(&mut seq, 1 + Q + N);
    // table[h] = Σ_{r: bit r of h} W_(1+r)
    let mut table = vec![0u32; (1 << Q) * N];
    for h in 1usize..1 << Q {
        let low = h & h.wrapping_neg();
        let r = low.trailing_zeros() as usize;
        let (done, rest) = table.split_at_mut(h * N);
        let entry = &mut rest[..N];
        entry.copy_from_slice(&done[(h ^ low) * N..(h ^ low) * N + N]);
        xor_into_u32(entry, &seq[1 + r..1 + r + N]);
    }
    let mut acc = [0u32; N];
    let mut head = 0usize; // acc's logical word 0 is acc[head]
    let chunks = degree / Q + 1;
    for c in (0..chunks).rev() {
        if c + 1 != chunks {
            // acc = T^Q acc
            for _ in 0..Q {
                let wrap = |i: usize| if i >= N { i - N } else { i };
                let next = acc[wrap(head + M)] ^ f(acc[head], acc[wrap(head + 1)]);
                acc[head] = next;
                head = wrap(head + 1);
            }
        }
        let mut h = 0usize;
        for r in 0..Q {
            if g.coeff(c * Q + r) {
                h |= 1 << r;
            }
        }
        if h != 0 {
            let entry = &table[h * N..h * N + N];
            let (tail, front) = acc.split_at_mut(head);
            let split = N - head;
            xor_into_u32(front, &entry[..split]);
            xor_into_u32(tail, &entry[split..]);
        }
    }
    let mut out = [0u32; N];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = acc[(head + i) % N];
    }
    out
}

/// 192-bit `a · k + add` as words, low first.
fn mul_small(a: u128, k: u64, add: u64) -> [u64; 3] {
    let lo = (a as u64 as u128) * u128::from(k) + u128::from(add);
    let hi = ((a >> 64) as u64 as u128) * u128::from(k) + (lo >> 64);
    [lo as u64, hi as u64, (hi >> 64) as u64]
}

/// `a - 1` for a nonzero 192-bit number.
fn minus_one(mut a: [u64; 3]) -> [u64; 3] {
    for w in &mut a {
        let (v, borrow) = w.overflowing_sub(1);
        *w = v;
        if !borrow {
            break;
        }
    }
    a
}

/// The window at global position `block_index · 624` of the sequence that
/// starts at `block` (negative indices before it).
fn block_at(block: &[u32; N], block_index: u128, backwards: bool) -> [u32; N] {
    // Window index i is reached from W_1 by T^(i - 1).
    let exponent = if backwards {
        // i = -(block_index · 624): exponent -(block_index · 624 + 1)
        mul_small(block_index, N as u64, 1)
    } else {
        minus_one(mul_small(block_index, N as u64, 0))
    };
    let g = jump_polynomial(exponent, backwards);
    apply_to_window_one(block, &g)
}

/// x^e or x^(-e) mod P, remembering the last few: repeated jumps by one
/// amount (parallel streams, numpy's `jumped()`) then cost only the
/// application to the state.
fn jump_polynomial(exponent: [u64; 3], backwards: bool) -> std::sync::Arc<Poly> {
    use std::sync::{Arc, Mutex};
    type Cache = Vec<([u64; 3], bool, Arc<Poly>)>;
    static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
    const KEEP: usize = 8;
    if let Ok(cache) = CACHE.lock()
        && let Some((_, _, g)) = cache
            .iter()
            .find(|(e, b, _)| *e == exponent && *b == backwards)
    {
        return Arc::clone(g);
    }
    let modulus = Mt19937::modulus();
    let g = Arc::new(if backwards {
        modulus.pow_x_inverse_words(&exponent)
    } else {
        modulus.pow_x_words(&exponent)
    });
    if let Ok(mut cache) = CACHE.lock() {
        if cache.len() == KEEP {
            cache.remove(0);
        }
        cache.push((exponent, backwards, Arc::clone(&g)));
    }
    g
}

/// Steps below which stepping beats the polynomial jump.
const STEP_THRESHOLD: u128 = 2 * N as u128;

/// MT19937 `n` steps ahead, with the same representation `n` calls of
/// `next_word` would leave (`left` in 0..624 after any twist).
pub(crate) fn jump(rng: &Mt19937, n: u128) -> Mt19937 {
    let p = (N - rng.left() as usize) as u128;
    let total_fits = p.checked_add(n).filter(|&q| q <= N as u128);
    if let Some(q) = total_fits {
        return Mt19937::from_state(*rng.block(), (N as u128 - q) as u32).expect("valid left");
    }
    if n < STEP_THRESHOLD {
        let mut r = rng.clone();
        r.discard(n as u64);
        return r;
    }
    let (a, b) = (n / N as u128, n % N as u128);
    let s = p + b; // 0..=1247
    // q = a·N + s > N; twists t = (q - 1) / N, new position q - t·N in 1..=N.
    let (t, new_p) = if s == 0 {
        (a - 1, N as u128)
    } else {
        (
            a + (s - 1) / N as u128,
            s - ((s - 1) / N as u128) * N as u128,
        )
    };
    let block = block_at(rng.block(), t, false);
    Mt19937::from_state(block, (N as u128 - new_p) as u32).expect("a jump keeps the state nonzero")
}

/// One step back. Within the block only `left` moves; from the block's
/// first word it untwists to the previous block with `left = 1`.
pub(crate) fn step_back(rng: &Mt19937) -> Mt19937 {
    let left = rng.left() as usize;
    if left < N {
        return Mt19937::from_state(*rng.block(), left as u32 + 1).expect("valid left");
    }
    // The low 31 bits of the block's first word are dead going forwards
    // but the untwist reads them: give them the value the recurrence
    // defines first (in `init_genrand`'s block they hold the seed, which
    // would otherwise leak into the previous block's last word).
    let mut block = *rng.block();
    block[0] = (block[0] & UPPER) | (f_inverse(block[N - 1] ^ block[M - 1]) & LOWER);
    Mt19937::from_state(untwist(&block), 1).expect("untwisting keeps the state nonzero")
}

/// MT19937 `n` steps back. Stays in the current block when it can; otherwise
/// lands on an earlier block with `left` in 0..624.
pub(crate) fn jump_back(rng: &Mt19937, n: u128) -> Mt19937 {
    let p = (N - rng.left() as usize) as u128;
    if n <= p {
        return Mt19937::from_state(*rng.block(), (N as u128 - (p - n)) as u32)
            .expect("valid left");
    }
    if n < STEP_THRESHOLD {
        let mut r = rng.clone();
        for _ in 0..n {
            r = step_back(&r);
        }
        return r;
    }
    // Target position r = p - n < 0; block index s = -(⌊(m - 1) / N⌋ + 1)
    // with m = n - p, so that r - s·N lies in 1..=N.
    let m = n - p;
    let back_blocks = (m - 1) / N as u128 + 1;
    let new_p = back_blocks * N as u128 - m;
    let block = block_at(rng.block(), back_blocks, true);
    Mt19937::from_state(block, (N as u128 - new_p) as u32).expect("a jump keeps the state nonzero")
}

/// The smallest n ≤ max with the window of `to` at position n of the
/// sequence from `from`.
pub(crate) fn search(from: &Mt19937, to: &Mt19937, max: u128) -> Option<u128> {
    const CHUNK: usize = 1 << 16;
    let target = window(to);
    // seq[i] is the word at stream position base + i; the recurrence that
    // extends a block extends any window.
    let mut seq: Vec<u32> = window(from).to_vec();
    let mut base = 0u128;
    loop {
        extend(&mut seq, N + CHUNK);
        for i in 0..CHUNK {
            let n = base + i as u128;
            if n > max {
                return None;
            }
            if seq[i] == target[0] && seq[i..i + N] == target[..] {
                return Some(n);
            }
        }
        seq.drain(..CHUNK);
        base += CHUNK as u128;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::linear::derive_characteristic_polynomial;

    #[test]
    fn precomputed_polynomial_is_the_derived_one() {
        // The start state the derivation used before the table existed.
        let derived = derive_characteristic_polynomial(&Mt19937::new(5489));
        assert_eq!(derived, characteristic_polynomial());
        assert_eq!(&derived, Mt19937::characteristic_polynomial());
        let exponents: Vec<usize> = derived.exponents();
        let table: Vec<usize> = CHARACTERISTIC_EXPONENTS.iter().map(|&e| e.into()).collect();
        assert_eq!(exponents, table);
    }
}

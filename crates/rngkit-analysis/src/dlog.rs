//! Discrete logarithms in the multiplicative group of GF(2^k): Pohlig–Hellman
//! over the prime factors of a squarefree group order, baby-step giant-step
//! for the small primes and Pollard's rho (Brent's cycle finding, an
//! r-adding walk) for the large ones.

use std::collections::HashMap;
use std::hash::Hash;

use crate::gf2::Field;

/// A cyclic group, written multiplicatively.
pub(crate) trait Group {
    type Elem: Copy + Eq + Hash;
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    fn one(&self) -> Self::Elem;
    /// A well-mixed 64-bit digest (partitions the rho walk).
    fn digest(&self, a: &Self::Elem) -> u64;

    fn pow(&self, a: &Self::Elem, e: u128) -> Self::Elem {
        let mut r = self.one();
        for i in (0..128 - e.leading_zeros()).rev() {
            r = self.mul(&r, &r);
            if (e >> i) & 1 == 1 {
                r = self.mul(&r, a);
            }
        }
        r
    }
}

impl<const W: usize> Group for Field<W> {
    type Elem = [u64; W];
    #[inline]
    fn mul(&self, a: &[u64; W], b: &[u64; W]) -> [u64; W] {
        Field::mul(self, a, b)
    }
    fn one(&self) -> [u64; W] {
        Field::one(self)
    }
    #[inline]
    fn digest(&self, a: &[u64; W]) -> u64 {
        digest_words(a)
    }
    fn pow(&self, a: &[u64; W], e: u128) -> [u64; W] {
        Field::pow(self, a, e)
    }
}

/// A well-mixed 64-bit digest of a multi-word group element, for
/// [`Group::digest`].
#[inline]
pub(crate) fn digest_words(words: &[u64]) -> u64 {
    let mut h = 0u64;
    for &w in words {
        h = (h ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    h ^ (h >> 29)
}

/// GF(2^32) modulo a degree-32 polynomial given by its low 32 coefficients.
pub(crate) struct Gf32 {
    low: u64,
}

impl Gf32 {
    pub(crate) fn new(poly_low_32: u32) -> Self {
        Gf32 {
            low: u64::from(poly_low_32),
        }
    }
}

impl Group for Gf32 {
    type Elem = u32;
    fn mul(&self, a: &u32, b: &u32) -> u32 {
        let mut p = crate::gf2::clmul(u64::from(*a), u64::from(*b)) as u64;
        for bit in (32..64).rev() {
            if (p >> bit) & 1 == 1 {
                p ^= (1u64 << bit) ^ (self.low << (bit - 32));
            }
        }
        p as u32
    }
    fn one(&self) -> u32 {
        1
    }
    fn digest(&self, a: &u32) -> u64 {
        u64::from(*a).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// The prime factors of 2^128 - 1 (reference facts).
pub(crate) const FACTORS_2_128_MINUS_1: [u64; 9] =
    [3, 5, 17, 257, 641, 65537, 274177, 6700417, 67280421310721];

/// The prime factors of 2^32 - 1.
pub(crate) const FACTORS_2_32_MINUS_1: [u64; 5] = [3, 5, 17, 257, 65537];

fn mul_mod(a: u64, b: u64, m: u64) -> u64 {
    ((u128::from(a) * u128::from(b)) % u128::from(m)) as u64
}

/// `base^e mod m` by squaring, for `m <= 2^32` (products stay in 64 bits):
/// the jumps and inverses of the generators modulo a prime (minstd's and
/// .NET's `2^31 - 1`).
pub(crate) fn pow_mod(base: u64, mut e: u128, m: u64) -> u64 {
    debug_assert!(m <= 1 << 32);
    let (mut acc, mut b) = (1 % m, base % m);
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * b % m;
        }
        b = b * b % m;
        e >>= 1;
    }
    acc
}

pub(crate) fn inverse_mod(a: u64, m: u64) -> Option<u64> {
    // extended Euclid on i128
    let (mut old_r, mut r) = (i128::from(a % m), i128::from(m));
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    (old_r == 1).then(|| old_s.rem_euclid(i128::from(m)) as u64)
}

/// log_g(h) where `order` (squarefree, the product of `factors`) is a
/// multiple of g's order; `None` when h is not a power of g.
pub(crate) fn discrete_log<G: Group + Sync>(
    group: &G,
    g: &G::Elem,
    h: &G::Elem,
    order: u128,
    factors: &[u64],
) -> Option<u128>
where
    G::Elem: Send + Sync,
{
    let (mut residue, mut modulus) = (0u128, 1u128);
    for &p in factors {
        let cofactor = order / u128::from(p);
        let gp = group.pow(g, cofactor);
        let hp = group.pow(h, cofactor);
        let e = if gp == group.one() {
            // g has no component of order p; then neither may h.
            if hp != group.one() {
                return None;
            }
            0
        } else {
            log_prime_order(group, &gp, &hp, p)?
        };
        // CRT: x ≡ residue (mod modulus), x ≡ e (mod p)
        let r_mod_p = (residue % u128::from(p)) as u64;
        let m_mod_p = (modulus % u128::from(p)) as u64;
        let diff = (e + p - r_mod_p) % p;
        let t = mul_mod(diff, inverse_mod(m_mod_p, p)?, p);
        residue += modulus * u128::from(t);
        modulus *= u128::from(p);
    }
    (group.pow(g, residue) == *h).then_some(residue)
}

/// log_g(h) for g of prime order p.
pub(crate) fn log_prime_order<G: Group + Sync>(
    group: &G,
    g: &G::Elem,
    h: &G::Elem,
    p: u64,
) -> Option<u64>
where
    G::Elem: Send + Sync,
{
    if p < 1 << 32 {
        baby_step_giant_step(group, g, h, p)
    } else {
        (0..8).find_map(|attempt| pollard_rho(group, g, h, p, attempt))
    }
}

fn baby_step_giant_step<G: Group>(group: &G, g: &G::Elem, h: &G::Elem, p: u64) -> Option<u64> {
    let m = (p as f64).sqrt().ceil() as u64 + 1;
    let mut table = HashMap::with_capacity(m as usize);
    let mut cur = group.one();
    for j in 0..m {
        table.entry(cur).or_insert(j);
        cur = group.mul(&cur, g);
    }
    // factor = g^(-m) = g^(p - m mod p)
    let factor = group.pow(g, u128::from((p - m % p) % p));
    let mut gamma = *h;
    for i in 0..=m {
        if let Some(&j) = table.get(&gamma) {
            return Some((i * m + j) % p);
        }
        gamma = group.mul(&gamma, &factor);
    }
    None
}

/// A SplitMix64 stream (Steele, Lea and Flood, 2014) reduced mod p, as a
/// parameter source.
struct Params {
    state: u64,
    p: u64,
}

impl Params {
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        (z ^ (z >> 31)) % self.p
    }
}

/// Pollard's rho with an r-adding walk (Teske's 32 random multipliers) and
/// distinguished points: every element whose digest has its low 12 bits
/// clear is remembered with its exponents, and the first one met twice with
/// different exponents gives the logarithm. Expected about √(πp/2) steps in
/// all, shared by one walk per available CPU (up to 8); the walks meet at
/// distinguished points, so the wall time divides by the number of CPUs.
fn pollard_rho<G: Group + Sync>(
    group: &G,
    g: &G::Elem,
    h: &G::Elem,
    p: u64,
    attempt: u64,
) -> Option<u64>
where
    G::Elem: Send + Sync,
{
    use std::sync::Mutex;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

    const R: usize = 32;
    const DP_BITS: u32 = 12;
    let mut params = Params {
        state: 0x0123_4567_89ab_cdef ^ attempt.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        p,
    };
    let mut steps = [(group.one(), 0u64, 0u64); R];
    for s in &mut steps {
        let (a, b) = (params.next(), params.next());
        *s = (
            group.mul(&group.pow(g, u128::from(a)), &group.pow(h, u128::from(b))),
            a,
            b,
        );
    }
    let seen: Mutex<HashMap<G::Elem, (u64, u64)>> = Mutex::new(HashMap::new());
    let done = AtomicBool::new(false);
    let answer = AtomicU64::new(u64::MAX);
    // Give up (the caller retries with other parameters) well past the
    // expected √(πp/2) steps.
    let budget = 30 * ((p as f64).sqrt() as u64) + (100 << DP_BITS);
    let spent = AtomicU64::new(0);
    // A walk that meets no distinguished point for this long is circling a
    // short cycle: restart it.
    let patience = 40u64 << DP_BITS;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));

    let walker = |id: u64| {
        let mut params = Params {
            state: params.state ^ id.wrapping_mul(0xd1b5_4a32_d192_ed03),
            p,
        };
        // Each trail ends at its first distinguished point; the next one
        // starts from the previous start times a fixed random element.
        let add = |x: u64, y: u64| if x + y >= p { x + y - p } else { x + y };
        let (c1, c2) = (params.next(), params.next());
        let shift = group.mul(&group.pow(g, u128::from(c1)), &group.pow(h, u128::from(c2)));
        let (a0, b0) = (params.next(), params.next());
        let mut start = (
            group.mul(&group.pow(g, u128::from(a0)), &group.pow(h, u128::from(b0))),
            a0,
            b0,
        );
        while !done.load(Ordering::Relaxed) && spent.load(Ordering::Relaxed) < budget {
            start = (
                group.mul(&start.0, &shift),
                add(start.1, c1),
                add(start.2, c2),
            );
            let (mut y, mut a, mut b) = start;
            let mut since_dp = 0u64;
            while since_dp < patience {
                let (m, da, db) = &steps[(group.digest(&y) >> 59) as usize % R];
                y = group.mul(&y, m);
                a += da;
                if a >= p {
                    a -= p;
                }
                b += db;
                if b >= p {
                    b -= p;
                }
                since_dp += 1;
                if group.digest(&y) & ((1 << DP_BITS) - 1) != 0 {
                    continue;
                }
                spent.fetch_add(since_dp, Ordering::Relaxed);
                since_dp = 0;
                if done.load(Ordering::Relaxed) {
                    return;
                }
                let previous = seen
                    .lock()
                    .map(|mut table| table.insert(y, (a, b)))
                    .unwrap_or(None);
                if let Some((a2, b2)) = previous
                    && b2 != b
                {
                    // g^a h^b = g^a2 h^b2  =>  log · (b - b2) = a2 - a (mod p)
                    if let Some(inv) = inverse_mod((b + p - b2) % p, p) {
                        let e = mul_mod((a2 + p - a) % p, inv, p);
                        if group.pow(g, u128::from(e)) == *h {
                            answer.store(e, Ordering::Relaxed);
                            done.store(true, Ordering::Relaxed);
                            return;
                        }
                    }
                }
                break;
            }
            spent.fetch_add(since_dp, Ordering::Relaxed);
        }
    };
    std::thread::scope(|scope| {
        for id in 1..threads as u64 {
            let walker = &walker;
            scope.spawn(move || walker(id));
        }
        walker(0);
    });
    let e = answer.load(Ordering::Relaxed);
    (e != u64::MAX).then_some(e)
}

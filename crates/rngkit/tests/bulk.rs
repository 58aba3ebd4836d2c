//! Bulk generation equals one-by-one generation, on every kernel this CPU
//! has, for random states and awkward lengths, and leaves the same state.
//!
//! Oracles, all outside the code under test: step functions written here
//! from the published definitions (Marsaglia 2003 for xorshift128, the
//! reference MT19937 loop with `%` and the lazy `left` model, Blackman and
//! Vigna for xoshiro256**), plus `rand_xoshiro` and `rand_mt`.

use rand_core::{Rng, SeedableRng};
use rngkit::bulk::BulkFill;
use rngkit::cpu::CpuLevel;
use rngkit::generators::*;

/// Lengths around every block boundary of the kernels: the lane tiers are
/// 16 x 4080 and 16 x 240 words (AVX-512, u32), 16 and 8 x 4088 and x 248
/// (u64, AVX-512: two groups of 8 lanes while they fit, then one), half as
/// many lanes with AVX2; MT19937 blocks are 624 words.
const LENGTHS: &[usize] = &[
    0,
    1,
    2,
    3,
    7,
    8,
    15,
    16,
    17,
    255,
    623,
    624,
    625,
    991,
    992,
    993,
    1919,
    1920,
    1921,
    1983,
    1984,
    1985,
    3839,
    3840,
    3841,
    3840 + 17,
    3967,
    3968,
    3969,
    3968 + 1984 + 7,
    16351,
    16352,
    16353,
    32639,
    32640,
    32641,
    32703,
    32704,
    32705,
    65279,
    65280,
    65281,
    65280 + 3840 * 2 + 5,
    65407,
    65408,
    65409,
    65536,
    65408 + 32704 + 1,
    65408 + 3968 + 1984 + 9,
    262_144 + 3,
    300_001,
];

use crate::oracles::TestRng as Source;

fn kernels() -> Vec<CpuLevel> {
    let supported = CpuLevel::available().to_vec();
    eprintln!("kernels tested on this CPU: {supported:?}");
    supported
}

// --- independent references -------------------------------------------------

fn ref_xorshift128(s: &mut [u32; 4]) -> u32 {
    let t = s[0] ^ (s[0] << 11);
    let w = s[3];
    *s = [s[1], s[2], s[3], (w ^ (w >> 19)) ^ (t ^ (t >> 8))];
    s[3]
}

fn ref_xoshiro256ss(s: &mut [u64; 4]) -> u64 {
    let result = s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
    let t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = s[3].rotate_left(45);
    result
}

/// The reference MT19937 (Matsumoto–Nishimura's loop with `%`), lazy model.
struct RefMt {
    mt: [u32; 624],
    left: usize,
}

impl RefMt {
    fn next(&mut self) -> u32 {
        if self.left == 0 {
            for i in 0..624 {
                let y = (self.mt[i] & 0x8000_0000) | (self.mt[(i + 1) % 624] & 0x7fff_ffff);
                let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
                self.mt[i] = self.mt[(i + 397) % 624] ^ (y >> 1) ^ mag;
            }
            self.left = 624;
        }
        let mut y = self.mt[624 - self.left];
        self.left -= 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

/// The two SIMD generators with a plain state array, each beside its
/// independent reference step above: one checker serves both.
trait Stepped: BulkFill<Word: TestWord> + Sized {
    type State: Copy + PartialEq + core::fmt::Debug;
    /// A state of all-zero words but the last: the sparse corner case.
    const SPARSE: Self::State;
    fn random_state(source: &mut Source) -> Self::State;
    fn make(s: Self::State) -> Self;
    fn state_of(&self) -> Self::State;
    fn reference_step(s: &mut Self::State) -> Self::Word;
}

impl Stepped for Xorshift128 {
    type State = [u32; 4];
    const SPARSE: [u32; 4] = [0, 0, 0, 1];
    fn random_state(source: &mut Source) -> [u32; 4] {
        core::array::from_fn(|_| source.next() as u32)
    }
    fn make(s: [u32; 4]) -> Self {
        Xorshift128::from_state(s).unwrap()
    }
    fn state_of(&self) -> [u32; 4] {
        self.state()
    }
    fn reference_step(s: &mut [u32; 4]) -> u32 {
        ref_xorshift128(s)
    }
}

impl Stepped for Xoshiro256StarStar {
    type State = [u64; 4];
    const SPARSE: [u64; 4] = [0, 0, 0, 1];
    fn random_state(source: &mut Source) -> [u64; 4] {
        core::array::from_fn(|_| source.next())
    }
    fn make(s: [u64; 4]) -> Self {
        Xoshiro256StarStar::from_state(s).unwrap()
    }
    fn state_of(&self) -> [u64; 4] {
        self.state()
    }
    fn reference_step(s: &mut [u64; 4]) -> u64 {
        ref_xoshiro256ss(s)
    }
}

/// An output word as the tests compare it; its bytes come from std's
/// `to_le_bytes`, not from the crate's own byte writer.
trait TestWord: Copy + Default + PartialEq + core::fmt::Debug {
    const BYTES: usize;
    fn le(self) -> Vec<u8>;
}

impl TestWord for u32 {
    const BYTES: usize = 4;
    fn le(self) -> Vec<u8> {
        self.to_le_bytes().to_vec()
    }
}

impl TestWord for u64 {
    const BYTES: usize = 8;
    fn le(self) -> Vec<u8> {
        self.to_le_bytes().to_vec()
    }
}

/// The first `len` little-endian bytes of `words`.
fn bytes_of<W: TestWord>(words: &[W], len: usize) -> Vec<u8> {
    words.iter().flat_map(|w| w.le()).take(len).collect()
}

/// The reference's first `len` words from state `s`, and the state it
/// leaves.
fn reference_words<G: Stepped>(s: G::State, len: usize) -> (Vec<G::Word>, G::State) {
    let mut reference = s;
    let words = (0..len)
        .map(|_| G::reference_step(&mut reference))
        .collect();
    (words, reference)
}

/// `len` words of the generator at state `s` filled on `kernel`, and the
/// state it leaves.
fn filled_words<G: Stepped>(s: G::State, len: usize, kernel: CpuLevel) -> (Vec<G::Word>, G::State) {
    let mut rng = G::make(s);
    let mut got = vec![G::Word::default(); len];
    rng.fill_words_with(&mut got, kernel);
    (got, rng.state_of())
}

/// Bulk words and bytes equal the reference's on every kernel and length,
/// and leave its state; round 0 starts from the sparse state.
fn bulk_equals_one_by_one<G: Stepped>(seed: u64) {
    let mut source = Source(seed);
    for kernel in kernels() {
        for (round, &len) in LENGTHS.iter().enumerate() {
            let mut s = G::random_state(&mut source);
            if round == 0 {
                s = G::SPARSE;
            }
            let (got, state) = filled_words::<G>(s, len, kernel);
            let (expected, reference) = reference_words::<G>(s, len);
            assert!(got == expected, "{kernel:?}, length {len}, state {s:?}");
            assert_eq!(state, reference, "{kernel:?}, length {len}: final state");

            // fill_bytes: whole words then a truncated last word.
            let byte_len = (len * G::Word::BYTES).saturating_sub(len % G::Word::BYTES);
            let mut rng = G::make(s);
            let mut bytes = vec![0u8; byte_len];
            rng.fill_bytes_with(&mut bytes, kernel);
            let words = byte_len.div_ceil(G::Word::BYTES);
            assert!(
                bytes == bytes_of(&expected[..words], byte_len),
                "{kernel:?}, {byte_len} bytes"
            );
            assert_eq!(rng.state_of(), reference_words::<G>(s, words).1);
        }
    }
}

/// `len` words and bytes written at `offset` into a larger buffer equal
/// the reference's, and leave its state.
fn fills_at_offset<G: Stepped>(s: G::State, len: usize, offset: usize, kernel: CpuLevel) {
    let (expected, reference) = reference_words::<G>(s, len);
    let mut store = vec![G::Word::default(); len + 16];
    let mut rng = G::make(s);
    rng.fill_words_with(&mut store[offset..offset + len], kernel);
    assert!(
        store[offset..offset + len] == expected[..],
        "{kernel:?}, offset {offset}"
    );
    assert_eq!(rng.state_of(), reference);
    let byte_len = len * G::Word::BYTES;
    let mut bytes = vec![0u8; byte_len + 64];
    let mut rng = G::make(s);
    rng.fill_bytes_with(&mut bytes[offset..offset + byte_len], kernel);
    assert!(bytes[offset..offset + byte_len] == bytes_of(&expected, byte_len)[..]);
    assert_eq!(rng.state_of(), reference);
}

// --- tests ------------------------------------------------------------------

#[test]
fn xorshift128_bulk_equals_one_by_one() {
    bulk_equals_one_by_one::<Xorshift128>(1);
}

#[test]
fn xoshiro256ss_bulk_equals_one_by_one() {
    bulk_equals_one_by_one::<Xoshiro256StarStar>(2);
}

#[test]
fn xoshiro256ss_fill_bytes_matches_rand_xoshiro() {
    for seed in [0u64, 7, u64::MAX] {
        let mut ours = Xoshiro256StarStar::seed_from_u64(seed);
        let mut theirs = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(seed);
        for len in [0usize, 5, 1 << 20, (1 << 20) + 3] {
            let mut a = vec![0u8; len];
            let mut b = vec![0u8; len];
            ours.fill_bytes(&mut a);
            theirs.fill_bytes(&mut b);
            assert!(a == b, "seed {seed}, {len} bytes");
        }
        assert_eq!(ours.next_u64(), theirs.next_u64());
    }
}

#[test]
fn mt19937_bulk_equals_one_by_one() {
    let mut source = Source(3);
    for kernel in kernels() {
        for (round, &len) in LENGTHS.iter().enumerate() {
            if len > 70_000 && round % 2 == 0 {
                continue; // keep the test short; both parities still covered
            }
            let mt: [u32; 624] = core::array::from_fn(|_| source.next() as u32);
            let left = match round % 5 {
                0 => 0,
                1 => 624,
                2 => 1,
                3 => 623,
                _ => (source.next() % 625) as u32,
            };
            let mut rng = Mt19937::from_state(mt, left).unwrap();
            let mut got = vec![0u32; len];
            rng.fill_words_with(&mut got, kernel);
            let mut reference = RefMt {
                mt,
                left: left as usize,
            };
            let expected: Vec<u32> = (0..len).map(|_| reference.next()).collect();
            assert!(got == expected, "{kernel:?}, length {len}, left {left}");
            assert_eq!(
                rng.left() as usize,
                reference.left,
                "{kernel:?}, length {len}"
            );
            assert!(
                rng.block() == &reference.mt,
                "{kernel:?}, length {len}: block"
            );

            let byte_len = (len * 4).saturating_sub(len % 4);
            let mut rng = Mt19937::from_state(mt, left).unwrap();
            let mut bytes = vec![0u8; byte_len];
            rng.fill_bytes_with(&mut bytes, kernel);
            let words = byte_len.div_ceil(4);
            assert!(
                bytes == bytes_of(&expected[..words], byte_len),
                "{kernel:?}, {byte_len} bytes"
            );
        }
    }
}

#[test]
fn mt19937_fill_and_single_draws_match_rand_mt() {
    let mut ours = Mt19937::new(5489);
    let mut theirs = rand_mt::Mt::new(5489);
    let mut words = vec![0u32; 100_003];
    ours.fill_u32(&mut words);
    assert!(words.iter().all(|&w| w == theirs.next_u32()));
    for _ in 0..2000 {
        assert_eq!(ours.next_u32(), theirs.next_u32());
    }
    let mut a = vec![0u8; (1 << 20) + 2];
    let mut b = vec![0u8; (1 << 20) + 2];
    ours.fill_bytes(&mut a);
    theirs.fill_bytes(&mut b);
    assert!(a == b);
}

#[test]
fn every_kernel_twists_like_the_reference() {
    let mut source = Source(4);
    for _ in 0..20 {
        let mt: [u32; 624] = core::array::from_fn(|_| source.next() as u32);
        let mut rng = Mt19937::from_state(mt, 0).unwrap();
        rng.twist();
        let mut reference = RefMt { mt, left: 0 };
        reference.next();
        assert!(rng.block() == &reference.mt);
        assert_eq!(rng.left(), 624);
    }
}

/// The kernels' stores are aligned by drawing a few words first: every
/// start offset of the destination gives the same words.
#[test]
fn every_destination_alignment_gives_the_same_words() {
    let mut source = Source(5);
    for kernel in kernels() {
        for offset in 0..16 {
            let len = 70_000 + offset * 7;
            let s = Xorshift128::random_state(&mut source);
            fills_at_offset::<Xorshift128>(s, len, offset, kernel);
            let s = Xoshiro256StarStar::random_state(&mut source);
            fills_at_offset::<Xoshiro256StarStar>(s, len, offset, kernel);
        }
    }
}

/// Random lengths and states, all kernels against each other and against
/// the references.
#[test]
fn random_lengths_on_every_kernel() {
    let mut source = Source(6);
    for _ in 0..40 {
        let len = (source.next() % 140_000) as usize;
        let s = Xorshift128::random_state(&mut source);
        let expected = reference_words::<Xorshift128>(s, len);
        let s64 = Xoshiro256StarStar::random_state(&mut source);
        let expected64 = reference_words::<Xoshiro256StarStar>(s64, len);
        let mt: [u32; 624] = core::array::from_fn(|_| source.next() as u32);
        let left = (source.next() % 625) as u32;
        let mut reference_mt = RefMt {
            mt,
            left: left as usize,
        };
        let expected_mt: Vec<u32> = (0..len).map(|_| reference_mt.next()).collect();
        for kernel in kernels() {
            // The words and the final state, as one pair.
            assert!(
                filled_words::<Xorshift128>(s, len, kernel) == expected,
                "{kernel:?} {len}"
            );
            assert!(
                filled_words::<Xoshiro256StarStar>(s64, len, kernel) == expected64,
                "{kernel:?} {len}"
            );
            let mut rng = Mt19937::from_state(mt, left).unwrap();
            let mut got = vec![0u32; len];
            rng.fill_words_with(&mut got, kernel);
            assert!(got == expected_mt, "{kernel:?} {len}");
            assert!(rng.block() == &reference_mt.mt && rng.left() as usize == reference_mt.left);
        }
    }
}

/// Generators without a SIMD kernel still fill exactly like single draws.
#[test]
fn scalar_generators_fill_like_single_draws() {
    fn check<R: BulkFill<Word = W> + Rng + PartialEq, W: Copy + Default + PartialEq>(
        rng: R,
        next: fn(&mut R) -> W,
    ) {
        for kernel in CpuLevel::ALL {
            let mut bulk = rng.clone();
            let mut single = rng.clone();
            let mut words = vec![W::default(); 1001];
            bulk.fill_words_with(&mut words, kernel);
            assert!(words.iter().all(|&w| w == next(&mut single)));
            assert!(bulk == single);
        }
    }
    check(Pcg32::new(42, 54), Pcg32::next_u32);
    check(TinyMt32::new(1), TinyMt32::next_u32);
    check(Xorshift32::from_state(7).unwrap(), Xorshift32::next_u32);
    check(
        Xoroshiro128Plus::seed_from_u64(3),
        Xoroshiro128Plus::next_u64,
    );
    check(SplitMix64::new(9), SplitMix64::next_u64);
}

#[test]
fn fill_bytes_of_scalar_generators_matches_rand_crates() {
    let mut ours = Pcg32::new(42, 54);
    let mut theirs = rand_pcg::Pcg32::new(42, 54);
    let mut a = vec![0u8; 4099];
    let mut b = vec![0u8; 4099];
    ours.fill_bytes(&mut a);
    theirs.fill_bytes(&mut b);
    assert!(a == b);
    let mut ours = Xoroshiro128Plus::seed_from_u64(5);
    let mut theirs = rand_xoshiro::Xoroshiro128Plus::seed_from_u64(5);
    ours.fill_bytes(&mut a);
    theirs.fill_bytes(&mut b);
    assert!(a == b);
}

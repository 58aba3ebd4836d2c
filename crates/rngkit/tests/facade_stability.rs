//! Value stability of the facade: exact outputs for fixed seeds.
//!
//! These pins deliberately freeze current behaviour: a game that saved a seed
//! must get the same loot next version, so a failing pin here means a
//! breaking change that must be decided, not a test to update in passing.
//!
//! Where the expected values come from (never from the code under test):
//! * `reference_*` tests: `tests/facade_reference.py`, a separate Python
//!   implementation of the generators (from Vigna's and O'Neill's reference
//!   C) and of the documented draw mappings. Its output is pasted below;
//!   rerun it with `python3 crates/rngkit/tests/facade_reference.py`.
//! * `by_hand_*` tests: recomputed inside the test from the raw words of a
//!   clone of the generator with the published formulas (Lemire 2019,
//!   algorithm 5; `(w >> 8) * 2^-24`; `(w >> 11) * 2^-53`).
//! * The alias-table pins are regression pins only (our own output,
//!   recorded deliberately), guarded by the distribution tests.

use rngkit::facade::{Algorithm, AliasTable, DeterministicRng, RandomExt, seed_from_str};
use rngkit::generators::{Pcg32, Xoshiro256StarStar};
use rngkit::rand_core::{Rng, SeedableRng};

fn xoshiro() -> DeterministicRng {
    Algorithm::Xoshiro256StarStar.seed_from_u64(42)
}

fn pcg() -> DeterministicRng {
    Algorithm::Pcg32.seed_from_u64(42) // pcg32_srandom(42, 54)
}

fn f32_bits<const N: usize>(v: [f32; N]) -> [u32; N] {
    v.map(f32::to_bits)
}

/// The values printed by `facade_reference.py` for one generator.
struct Expected {
    range_0_10: [u32; 8],
    range_pm1000: [i32; 4],
    range_3_shl_40: [u64; 4],
    range_i64_full: [i64; 2],
    range_i64_small: [i64; 4],
    next_f32: [u32; 4],
    next_f64: [u64; 3],
    range_f32_closed: [u32; 4],
    range_f64_half_open: [u64; 3],
    chance_0_3: [bool; 8],
    coin: [bool; 8],
    shuffle: [u32; 10],
    partial_shuffle: [u32; 3],
    weighted_index: [usize; 8],
    inside_unit_circle: [[u32; 2]; 2],
    on_unit_circle: [[u32; 2]; 2],
    inside_unit_sphere: [[u32; 3]; 2],
    on_unit_sphere: [[u32; 3]; 2],
    rotation_uniform: [[u32; 4]; 2],
}

fn check(make: fn() -> DeterministicRng, e: &Expected) {
    let mut r = make();
    assert_eq!(core::array::from_fn(|_| r.range(0u32..10)), e.range_0_10);
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.range(-1000i32..=1000)),
        e.range_pm1000
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.range(0u64..3 << 40)),
        e.range_3_shl_40
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.range(i64::MIN..=i64::MAX)),
        e.range_i64_full
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.range(-3i64..7)),
        e.range_i64_small
    );
    let mut r = make();
    assert_eq!(core::array::from_fn(|_| r.next_f32().to_bits()), e.next_f32);
    let mut r = make();
    assert_eq!(core::array::from_fn(|_| r.next_f64().to_bits()), e.next_f64);
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.range(-5.0f32..=5.0).to_bits()),
        e.range_f32_closed
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.range(1.0f64..2.0).to_bits()),
        e.range_f64_half_open
    );
    let mut r = make();
    assert_eq!(core::array::from_fn(|_| r.chance(0.3)), e.chance_0_3);
    let mut r = make();
    assert_eq!(core::array::from_fn(|_| r.coin()), e.coin);
    let mut r = make();
    let mut deck: [u32; 10] = core::array::from_fn(|i| i as u32);
    r.shuffle(&mut deck);
    assert_eq!(deck, e.shuffle);
    let mut r = make();
    let mut pool: [u32; 10] = core::array::from_fn(|i| i as u32);
    assert_eq!(r.partial_shuffle(&mut pool, 3).0, e.partial_shuffle);
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| r.weighted_index(&[1.0, 2.0, 3.0, 4.0])),
        e.weighted_index
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| f32_bits(r.inside_unit_circle())),
        e.inside_unit_circle
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| f32_bits(r.on_unit_circle())),
        e.on_unit_circle
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| f32_bits(r.inside_unit_sphere())),
        e.inside_unit_sphere
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| f32_bits(r.on_unit_sphere())),
        e.on_unit_sphere
    );
    let mut r = make();
    assert_eq!(
        core::array::from_fn(|_| f32_bits(r.rotation_uniform())),
        e.rotation_uniform
    );
}

#[test]
fn reference_xoshiro256ss_seed_42() {
    // == xoshiro256ss seed 42 (facade_reference.py)
    check(
        xoshiro,
        &Expected {
            range_0_10: [0, 3, 6, 9, 9, 7, 7, 8],
            range_pm1000: [-833, -242, 360, 850],
            range_3_shl_40: [276624935460, 1250079576903, 2243146913453, 3050131936523],
            range_i64_full: [-7676373272452217066, -2232420343890232706],
            range_i64_small: [-3, 0, 3, 6],
            next_f32: [0x3dabc058, 0x3ec209b2, 0x3f2e1753, 0x3f6cb8ad],
            next_f64: [0x3fb5780b2e0c2ec0, 0x3fd84136619b444e, 0x3fe5c2ea66473c93],
            range_f32_closed: [0xc08529f2, 0xbf9ae7c0, 0x3fe674a4, 0x4087e6da],
            range_f64_half_open: [0x3ff15780b2e0c2ec, 0x3ff6104d9866d114, 0x3ffae17533239e4a],
            chance_0_3: [true, false, false, false, false, false, false, false],
            coin: [false, false, true, true, true, true, true, true],
            shuffle: [9, 1, 4, 2, 8, 7, 6, 5, 3, 0],
            partial_shuffle: [0, 4, 7],
            weighted_index: [0, 2, 3, 3, 3, 3, 3, 3],
            inside_unit_circle: [[0xbf550fea, 0xbe77d938], [0x3eb85d4c, 0x3f59715a]],
            on_unit_circle: [[0x3f5d467b, 0x3f00bcb1], [0xbf397d43, 0x3f306fa8]],
            inside_unit_sphere: [
                [0xbf550fea, 0xbe77d938, 0x3eb85d4c],
                [0x3ee08550, 0x3f33344e, 0x3f05d2dc],
            ],
            on_unit_sphere: [
                [0xbf5485ef, 0xbe7738b3, 0xbf00a593],
                [0x3e8e4643, 0x3f27cd14, 0xbf33c5dc],
            ],
            rotation_uniform: [
                [0x3f28e03e, 0xbf318a8b, 0xbe862d2e, 0xbdfc6037],
                [0xbc676fc9, 0x3e8c5144, 0xbf7447f5, 0x3df3a127],
            ],
        },
    );
}

#[test]
fn reference_pcg32_seed_42() {
    // == pcg32 seed 42 stream 54 (facade_reference.py): a 32-bit generator,
    // so next_u64 is two outputs, the first in the low half.
    check(
        pcg,
        &Expected {
            range_0_10: [6, 4, 7, 5, 7, 7, 7, 5],
            range_pm1000: [261, -37, 454, 30],
            range_3_shl_40: [1588464458980, 1698539485998, 2627582643262, 1664568150335],
            range_i64_full: [-340034924644138313, 275549243519611696],
            range_i64_small: [1, 2, 4, 2],
            next_f32: [0x3f215c02, 0x3ef68fe8, 0x3f3a1d33, 0x3f03d2f2],
            next_f64: [0x3fded1fd02685700, 0x3fe07a5e527743a6, 0x3fe97dac0dd7f48f],
            range_f32_closed: [0x3fa6cc10, 0xbe3cc1c0, 0x40114902, 0x3e18f600],
            range_f64_half_open: [0x3ff7b47f409a15c0, 0x3ff83d2f293ba1d3, 0x3ffcbed606ebfa48],
            chance_0_3: [false, false, false, false, false, true, true, true],
            coin: [true, false, true, true, true, true, true, true],
            shuffle: [0, 7, 1, 2, 9, 8, 3, 5, 4, 6],
            partial_shuffle: [6, 5, 7],
            weighted_index: [2, 2, 3, 2, 3, 1, 1, 1],
            inside_unit_circle: [[0x3e857008, 0xbd170180], [0x3ee874cc, 0x3cf4bc80]],
            on_unit_circle: [[0xbf7e48ef, 0x3decab62], [0xbf7edf90, 0xbdbfef0f]],
            inside_unit_sphere: [
                [0x3e857008, 0xbd170180, 0x3ee874cc],
                [0x3cf4bc80, 0x3efe91e0, 0x3f17dac0],
            ],
            on_unit_sphere: [
                [0xbd96d5f3, 0x3d747611, 0x3f7ed8de],
                [0x3f747d89, 0x3c74b90b, 0x3e979a46],
            ],
            rotation_uniform: [
                [0xbd8a3261, 0xbf3783c2, 0xbf2a17ea, 0x3e4d1030],
                [0xbdeec26b, 0x3f31b050, 0x3ef29a51, 0x3f077dd8],
            ],
        },
    );
}

#[test]
fn reference_string_seed_stream() {
    // facade_reference.py: xoshiro256** seeded from fnv1a64("level-1").
    let mut rng = Algorithm::Xoshiro256StarStar.seed_from_str("level-1");
    assert_eq!(rng.next_u64(), 0x030cec1375348096);
    assert_eq!(rng.next_u64(), 0x09e73b046be27500);
}

/// Lemire's algorithm 5 (TOMACS 2019), 32-bit, written out again here from
/// the paper's pseudo-code, on explicit raw words.
fn lemire32_by_hand(words: &mut impl Iterator<Item = u32>, s: u32) -> u32 {
    let mut x = words.next().unwrap();
    let mut m = x as u64 * s as u64;
    let mut l = m as u32;
    if l < s {
        let t = (0u32.wrapping_sub(s)) % s;
        while l < t {
            x = words.next().unwrap();
            m = x as u64 * s as u64;
            l = m as u32;
        }
    }
    (m >> 32) as u32
}

#[test]
fn by_hand_bounded_ints_follow_lemire_on_every_algorithm() {
    // Spans chosen to cover small, odd, power-of-two and near-2^32 bounds,
    // where rejection actually happens (2^32 - 1 rejects with probability ~1/2).
    let spans = [
        1u32,
        2,
        3,
        6,
        10,
        1000,
        1 << 31,
        (1 << 31) + 1,
        u32::MAX - 2,
        u32::MAX,
    ];
    for algorithm in Algorithm::ALL {
        for &span in &spans {
            let mut rng = algorithm.seed_from_u64(2024);
            let raw = rng.clone();
            let mut words = core::iter::repeat_with({
                let mut raw = raw;
                move || raw.next_u32()
            });
            for _ in 0..50 {
                let expected = lemire32_by_hand(&mut words, span);
                assert_eq!(rng.range(0..span), expected, "{algorithm} span {span}");
            }
        }
    }
}

#[test]
fn by_hand_64_bit_bounded_ints_follow_lemire() {
    let span: u64 = (1 << 63) + 12345; // rejects with probability ~1/2
    let mut rng = Xoshiro256StarStar::seed_from_u64(9);
    let mut raw = rng.clone();
    for _ in 0..200 {
        let expected = loop {
            let m = raw.next_u64() as u128 * span as u128;
            let low = m as u64;
            // Accept unless low < 2^64 mod span (Lemire's threshold).
            if low >= (0u64.wrapping_sub(span)) % span {
                break (m >> 64) as u64;
            }
        };
        assert_eq!(rng.range(0..span), expected);
    }
}

#[test]
fn by_hand_floats_are_the_documented_bit_mappings() {
    for algorithm in Algorithm::ALL {
        let mut rng = algorithm.seed_from_u64(77);
        let mut raw = rng.clone();
        for _ in 0..100 {
            assert_eq!(rng.next_f32(), (raw.next_u32() >> 8) as f32 / 16_777_216.0);
            assert_eq!(
                rng.next_f64(),
                (raw.next_u64() >> 11) as f64 / 9_007_199_254_740_992.0
            );
            // Closed unit interval: 24 bits over 2^24 - 1.
            assert_eq!(
                rng.range(0.0f32..=1.0),
                (raw.next_u32() >> 8) as f32 / 16_777_215.0
            );
            assert_eq!(rng.coin(), raw.next_u32() >> 31 == 1);
        }
    }
}

#[test]
fn by_hand_32_bit_generators_build_u64_low_word_first() {
    let mut rng = Pcg32::new(42, 54);
    let mut raw = rng.clone();
    let (lo, hi) = (raw.next_u32() as u64, raw.next_u32() as u64);
    assert_eq!(
        rng.next_f64(),
        ((lo | hi << 32) >> 11) as f64 / 9_007_199_254_740_992.0
    );
}

#[test]
fn by_hand_string_seed_feeds_seed_from_u64() {
    for algorithm in Algorithm::ALL {
        assert_eq!(
            algorithm.seed_from_str("Ünïcødé 🎲"),
            algorithm.seed_from_u64(0x8ff501ee5c290cc1) // facade_reference.py
        );
    }
    assert_eq!(seed_from_str("level-1"), 0x6dd50851723a3913);
}

#[test]
fn regression_alias_table_draws() {
    // Regression pins (our own output, recorded on purpose): Vose tables are
    // checked for correctness by the distribution tests; this pins the
    // exact stream so a change of table layout is a visible decision.
    let table = AliasTable::new(&[1.0, 2.0, 3.0, 4.0]).unwrap();
    let mut rng = xoshiro();
    let draws: [usize; 12] = core::array::from_fn(|_| table.sample(&mut rng));
    assert_eq!(draws, REGRESSION_ALIAS);
}

const REGRESSION_ALIAS: [usize; 12] = [0, 2, 3, 2, 3, 2, 3, 2, 2, 2, 0, 1];

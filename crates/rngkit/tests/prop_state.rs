//! Property tests of every generator's state handling: words in, words out.
//!
//! The oracle for "which states are valid" is the test kit's one
//! (`oracles::valid_state`), written from the CLI contract's state table and
//! the generators' documented rules, independently of the validation code
//! under test.
//!
//! To cover a new generator, add one `state_props!` row at the bottom.

use proptest::prelude::*;

use crate::strategies::{config, word};
use rngkit::facade::Algorithm;
use rngkit::generators::*;
use rngkit::rand_core::Rng;
use rngkit::{StateWords, WordRng};

const U32_MAX: u64 = u32::MAX as u64;

/// Word lists: mostly the right count, sometimes all zero but the first
/// word, sometimes any count.
fn words(count: usize, bits: u32) -> impl Strategy<Value = Vec<u64>> {
    prop_oneof![
        6 => proptest::collection::vec(word(bits), count..=count),
        2 => word(bits).prop_map(move |first| {
            let mut w = vec![0; count];
            w[0] = first;
            w
        }),
        2 => proptest::collection::vec(word(bits), 0..=count + 2),
    ]
}

fn fits(words: &[u64], bits: u32) -> bool {
    bits == 64 || words.iter().all(|&w| w <= U32_MAX)
}

/// The contract's validity rule for each algorithm (the test kit's one
/// oracle, `oracles::valid_state`).
fn valid(algorithm: Algorithm, w: &[u64]) -> bool {
    crate::oracles::valid_state(algorithm.name(), w)
        .unwrap_or_else(|| panic!("no validity rule for {algorithm:?}: add one from the contract"))
}

/// Properties every generator has; one invocation per generator.
///
/// `$seeded` builds a valid generator from a `u64`, `$json` spells a word
/// list as the generator's serde form.
macro_rules! state_props {
    ($name:ident, $ty:ty, $algorithm:expr, seeded: $seeded:expr, json: $json:expr) => {
        mod $name {
            use super::*;

            fn seeded(seed: u64) -> $ty {
                ($seeded)(seed)
            }

            proptest! {
                #![proptest_config(config())]

                /// `from_words` never panics, accepts exactly the valid
                /// states and gives back the words it was given.
                #[test]
                fn from_words_accepts_exactly_valid(
                    w in words(<$ty>::WORD_COUNT, <$ty>::WORD_BITS)
                ) {
                    let parsed = <$ty>::from_words(&w);
                    prop_assert_eq!(parsed.is_ok(), valid($algorithm, &w), "{:?}", parsed);
                    if let Ok(g) = parsed {
                        prop_assert_eq!(g.to_words(), w);
                    }
                }

                /// A stepped generator survives words -> generator -> words,
                /// and the copy continues the same stream.
                #[test]
                fn words_round_trip(seed in any::<u64>(), steps in 0usize..1500) {
                    let mut g = seeded(seed);
                    g.discard(steps as u64);
                    let words = g.to_words();
                    prop_assert_eq!(words.len(), <$ty>::WORD_COUNT);
                    prop_assert!(fits(&words, <$ty>::WORD_BITS));
                    let mut back = <$ty>::from_words(&words).unwrap();
                    prop_assert_eq!(&back, &g);
                    for _ in 0..16 {
                        prop_assert_eq!(back.next_u64(), g.next_u64());
                    }
                }

                /// Cloning then stepping both gives equal outputs and states;
                /// `discard(n)` is n single steps.
                #[test]
                fn clone_then_step(seed in any::<u64>(), n in 0u64..700) {
                    let mut a = seeded(seed);
                    let mut b = a.clone();
                    let mut c = a.clone();
                    for _ in 0..n {
                        prop_assert_eq!(a.next_word(), b.next_word());
                    }
                    c.discard(n);
                    prop_assert_eq!(&a, &b);
                    prop_assert_eq!(&a, &c);
                    prop_assert_eq!(a.next_u32(), c.next_u32());
                }

                /// The type-erased `DeterministicRng` agrees with the type.
                #[test]
                fn any_generator_agrees(w in words(<$ty>::WORD_COUNT, <$ty>::WORD_BITS)) {
                    let any = $algorithm.from_words(&w);
                    prop_assert_eq!(any.is_ok(), <$ty>::from_words(&w).is_ok());
                    if let Ok(mut any) = any {
                        let mut typed = <$ty>::from_words(&w).unwrap();
                        prop_assert_eq!(any.to_words(), w);
                        prop_assert_eq!(any.algorithm(), $algorithm);
                        prop_assert_eq!(any.algorithm().output_bits(), <$ty>::OUTPUT_BITS);
                        for _ in 0..4 {
                            prop_assert_eq!(any.next_word(), typed.next_word());
                        }
                    }
                }
            }

            #[cfg(feature = "serde")]
            proptest! {
                #![proptest_config(config())]

                /// serde (JSON) round-trips a stepped generator.
                #[test]
                fn serde_round_trip(seed in any::<u64>(), steps in 0usize..1500) {
                    let mut g = seeded(seed);
                    g.discard(steps as u64);
                    let json = serde_json::to_string(&g).unwrap();
                    let mut back: $ty = serde_json::from_str(&json).unwrap();
                    prop_assert_eq!(&back, &g);
                    prop_assert_eq!(back.next_u64(), g.next_u64());
                }

                /// Deserialising any word list never panics and validates
                /// exactly like `from_words`.
                #[test]
                fn serde_validates_like_words(
                    w in words(<$ty>::WORD_COUNT, <$ty>::WORD_BITS)
                ) {
                    let json: String = ($json)(&w);
                    let parsed = serde_json::from_str::<$ty>(&json);
                    let expected = <$ty>::from_words(&w);
                    prop_assert_eq!(parsed.is_ok(), expected.is_ok(), "{}", json);
                    if let Ok(g) = parsed {
                        prop_assert_eq!(g, expected.unwrap());
                    }
                }

                /// Arbitrary text is rejected or accepted, never a panic.
                #[test]
                fn serde_arbitrary_text(text in any::<String>()) {
                    let _ = serde_json::from_str::<$ty>(&text);
                }
            }
        }
    };
}

/// The serde form of a state that serialises as a plain array of words
/// (read only by the serde properties).
#[cfg(feature = "serde")]
fn json_array(w: &[u64]) -> String {
    format!("{w:?}").replace(' ', "")
}

/// The serde form of a one-word state: the bare number, when one word is given.
#[cfg(feature = "serde")]
fn json_scalar(w: &[u64]) -> String {
    match w {
        [x] => x.to_string(),
        _ => json_array(w),
    }
}

state_props!(
    xorshift128,
    Xorshift128,
    Algorithm::Xorshift128,
    seeded: |s: u64| Xorshift128::init_state(s as u32),
    json: json_array
);
state_props!(
    mt19937,
    Mt19937,
    Algorithm::Mt19937,
    seeded: |s: u64| Mt19937::new(s as u32),
    json: |w: &[u64]| match w.split_first() {
        Some((left, mt)) => format!(r#"{{"left":{left},"mt":{}}}"#, json_array(mt)),
        None => "{}".to_string(),
    }
);
state_props!(
    pcg32,
    Pcg32,
    Algorithm::Pcg32,
    seeded: |s: u64| Pcg32::new(s, s.rotate_left(17)),
    json: json_array
);
state_props!(
    xoshiro256ss,
    Xoshiro256StarStar,
    Algorithm::Xoshiro256StarStar,
    seeded: <Xoshiro256StarStar as rngkit::rand_core::SeedableRng>::seed_from_u64,
    json: json_array
);
state_props!(
    xoroshiro128p,
    Xoroshiro128Plus,
    Algorithm::Xoroshiro128Plus,
    seeded: <Xoroshiro128Plus as rngkit::rand_core::SeedableRng>::seed_from_u64,
    json: json_array
);
state_props!(
    splitmix64,
    SplitMix64,
    Algorithm::SplitMix64,
    seeded: SplitMix64::new,
    json: json_scalar
);
state_props!(
    tinymt32,
    TinyMt32,
    Algorithm::TinyMt32,
    seeded: |s: u64| TinyMt32::new(s as u32),
    json: json_array
);
state_props!(
    xorshift32,
    Xorshift32,
    Algorithm::Xorshift32,
    seeded: |s: u64| Xorshift32::from_state((s as u32).max(1)).unwrap(),
    json: json_scalar
);

/// MT19937 save blobs: lengths near and at the two valid sizes, `left`
/// bytes biased to the range edges.
fn blob() -> impl Strategy<Value = Vec<u8>> {
    let sized = |len: usize| {
        (
            proptest::collection::vec(any::<u8>(), len..=len),
            prop_oneof![
                Just(0i32),
                Just(624),
                Just(625),
                Just(-1),
                any::<i32>(),
                0i32..=624
            ],
            any::<bool>(),
        )
            .prop_map(|(mut b, left, zero_block)| {
                if zero_block {
                    b[..2496].fill(0);
                }
                b[2496..2500].copy_from_slice(&left.to_le_bytes());
                b
            })
    };
    prop_oneof![
        3 => sized(BLOB_LEN),
        2 => sized(PADDED_BLOB_LEN),
        2 => proptest::collection::vec(any::<u8>(), 0..3000),
        1 => proptest::collection::vec(any::<u8>(), 2495..=2508),
    ]
}

proptest! {
    #![proptest_config(config())]

    /// `from_blob` never panics; it accepts exactly 2500/2503 bytes with
    /// `left` in 0..=624 and a nonzero block, and `to_blob` gives the bytes back.
    #[test]
    fn mt19937_blob(b in blob()) {
        let parsed = Mt19937::from_blob(&b);
        let expected_ok = (b.len() == BLOB_LEN || b.len() == PADDED_BLOB_LEN)
            && (0..=624).contains(&i32::from_le_bytes(b[2496..2500].try_into().unwrap()))
            && b[..2496].iter().any(|&x| x != 0);
        prop_assert_eq!(parsed.is_ok(), expected_ok, "{:?}", parsed.as_ref().err());
        if let Ok(mut g) = parsed {
            prop_assert_eq!(&g.to_blob()[..], &b[..BLOB_LEN]);
            // Every accepted state can be drawn from, across a twist.
            g.discard(700);
        }
    }
}

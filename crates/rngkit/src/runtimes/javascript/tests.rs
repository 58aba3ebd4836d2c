//! Unit tests of the JavaScript runtimes: xorshift128+'s step back, the
//! V8 state words and `discard` mid-cache, bad states and draw arguments
//! refused, and every draw's known bits and relations sound for the word
//! behind the value. (A file of their own, as in the analysis crate's
//! `generators/javascript/`, so that `mod.rs` stays under 1500 lines.)

use super::*;
use crate::registry::{Gen, of};
use alloc::string::ToString;

#[test]
fn step_back_inverts_step() {
    let mut s = (0x1234_5678_9abc_def0u64, 0x0fed_cba9_8765_4321u64);
    for _ in 0..1000 {
        let next = xorshift128plus_step(s.0, s.1);
        assert_eq!(xorshift128plus_step_back(next.0, next.1), s);
        s = next;
    }
}

/// Every mid-cache state continues exactly, through its words.
#[test]
fn state_words_round_trip_mid_cache() {
    fn check<E: V8Era>() {
        let mut a = V8MathRandom::<E>::with_random_seed(12345).unwrap();
        for k in 0..300 {
            let mut b = V8MathRandom::<E>::from_words(&a.to_words()).unwrap();
            assert_eq!(a, b, "call {k}");
            let mut c = a.clone();
            for _ in 0..70 {
                assert_eq!(c.next_output(), b.next_output(), "call {k}");
            }
            a.next_output();
        }
    }
    check::<V8Gen>();
    check::<V8LegacyGen>();
    check::<V813Gen>();
    check::<V814Gen>();
}

#[test]
fn discard_equals_calls() {
    for n in [0u64, 1, 2, 63, 64, 65, 127, 128, 129, 200, 1000] {
        for pre in [0u64, 1, 5, 63, 64] {
            let mut a = V8LegacyRandom::with_random_seed(-9).unwrap();
            a.discard(pre);
            let mut b = a.clone();
            a.discard(n);
            for _ in 0..n {
                b.next_output();
            }
            assert_eq!(a, b, "pre {pre} n {n}");
            assert_eq!(a.next_output(), b.next_output());
        }
    }
}

#[test]
fn bad_states_are_refused() {
    assert!(V8Random::from_words(&[0, 0, 0]).is_err());
    assert!(V8Random::from_words(&[1, 0, 64]).is_err());
    assert!(V8Random::from_words(&[1, 0, u64::MAX]).is_err());
    assert!(V8Random::from_words(&[1, 0]).is_err());
    assert!(V8Random::from_words(&[1, 0, 63]).is_ok());
    assert!(Xorshift128Plus::from_words(&[0, 0]).is_err());
    assert!(Xorshift128Plus::from_words(&[0, 0, 1]).is_err());
}

#[test]
fn draw_arguments_are_checked() {
    let g = of::<V8Gen>();
    assert!(g.parse_draw("floor", &["0"]).is_err());
    assert!(g.parse_draw("floor", &["-3"]).is_err());
    assert!(g.parse_draw("floor", &["9007199254740993"]).is_err());
    assert!(g.parse_draw("floor", &["9007199254740992"]).is_ok());
    assert!(g.parse_draw("floor", &[]).is_err());
    assert!(g.parse_draw("floor", &["x"]).is_err());
    assert!(g.parse_draw("math-random", &["1"]).is_err());
    let msg = g.parse_draw("floor", &["0"]).unwrap_err().to_string();
    assert!(msg.contains("1 <= N <= 2^53"), "{msg}");
}

/// The known bits hold for the words behind drawn values, and pin the
/// expected number of bits.
#[test]
fn known_bits_are_sound() {
    fn run<G: Gen<Draw = MathRandomDraw>>(
        mut rng: G::Rng,
        word_of: impl Fn(&G::Rng) -> u64,
        full_mask: u64,
    ) {
        let draws = [
            MathRandomDraw::MathRandom,
            MathRandomDraw::Floor(1),
            MathRandomDraw::Floor(2),
            MathRandomDraw::Floor(3),
            MathRandomDraw::Floor(10),
            MathRandomDraw::Floor(1 << 20),
            MathRandomDraw::Floor(1_000_000_007),
            MathRandomDraw::Floor(FLOOR_MAX),
        ];
        let mut relations_checked = 0;
        for i in 0..400 {
            let draw = draws[i % draws.len()];
            let word = word_of(&rng);
            let value = G::eval(&draw, &mut rng);
            let observed = ObservedValue::parse(&value.format(false)).unwrap();
            let known = G::known_bits(&draw, &observed).unwrap();
            assert_eq!(known.len(), 1);
            assert!(known[0].matches(word), "{draw:?} {value:?}");
            // Every relation holds for the word that gave the value.
            for relation in G::relations(&draw, &observed) {
                let parity = relation.terms.iter().fold(0, |acc, &(w, mask)| {
                    acc ^ (word & mask).count_ones() & u32::from(w == 0)
                });
                assert_eq!(relation.terms.len(), 1, "{draw:?}: one word");
                assert_eq!(parity & 1 == 1, relation.parity, "{draw:?} {value:?}");
                relations_checked += 1;
            }
            match draw {
                // A decimal matches within half a unit of its last digit,
                // so it can leave the lowest bits open.
                MathRandomDraw::MathRandom => {
                    assert_eq!(known[0].mask & !full_mask, 0);
                    // (A double whose shortest decimal is short, such
                    // as 0.75958204944583, leaves more open.)
                    if value.format(false).len() >= 18 {
                        assert!(
                            known[0].mask.count_ones() >= full_mask.count_ones() - 6,
                            "{value:?} {:#x}",
                            known[0].mask
                        );
                    }
                }
                MathRandomDraw::Floor(2) => {
                    assert_eq!(known[0].mask.count_ones(), 1);
                }
                MathRandomDraw::Floor(n) if n == 1 << 20 => {
                    assert_eq!(known[0].mask.count_ones(), 20);
                }
                _ => {}
            }
            // Hex bits pin the whole mantissa.
            if draw == MathRandomDraw::MathRandom {
                let hex = ObservedValue::parse(&value.format(true)).unwrap();
                let exact = G::known_bits(&draw, &hex).unwrap();
                assert_eq!(exact[0].mask, full_mask);
                assert!(exact[0].matches(word));
            }
        }
        // Impossible values.
        let bad = ObservedValue::parse("10").unwrap();
        assert!(G::known_bits(&MathRandomDraw::Floor(10), &bad).is_none());
        let bad = ObservedValue::parse("1.5").unwrap();
        assert!(G::known_bits(&MathRandomDraw::MathRandom, &bad).is_none());
        // A value read with fewer digits: fewer bits, still sound.
        let short = ObservedValue::parse("0.5").unwrap();
        let k = G::known_bits(&MathRandomDraw::MathRandom, &short).unwrap();
        assert!(k[0].mask.count_ones() < full_mask.count_ones());
        // `floor 3` and `floor 10` straddle powers of two often.
        assert!(relations_checked > 50, "{relations_checked} relations");
    }
    // The word of the next call, peeked from a clone.
    run::<V8Gen>(
        V8Random::with_random_seed(3).unwrap(),
        |r| r.clone().next_output(),
        !0x7ff,
    );
    run::<V8LegacyGen>(
        V8LegacyRandom::with_random_seed(3).unwrap(),
        |r| r.clone().next_output(),
        !0xfff,
    );
    run::<V813Gen>(
        V813Random::with_random_seed(3).unwrap(),
        |r| r.clone().next_output(),
        !0x7ff,
    );
    run::<V814Gen>(
        V814Random::with_random_seed(3).unwrap(),
        |r| r.clone().next_output(),
        !0x7ff,
    );
    run::<SpiderMonkeyGen>(
        Xorshift128Plus::weak_random(3),
        |r| r.clone().next_output(),
        (1 << 53) - 1,
    );
}

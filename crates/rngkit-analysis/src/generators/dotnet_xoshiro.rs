//! The analysis of .NET 6+'s unseeded `System.Random`: on 64-bit processes
//! (`dotnet`, `dotnet6`) xoshiro256**, whose jumps, distance and linear
//! view are [`super::xoshiro256ss`]'s; on 32-bit ones (`dotnet-32bit`,
//! `dotnet6-32bit`, GENs of the core library that the catalogue leaves out
//! for the page's wasm budget) xoshiro128**, whose step back, jumps,
//! distance and linear view are here; and the recovery of all four, which
//! guesses the few output bits a draw hides.
//!
//! Only whole outputs are linear in the state (the `**` scrambler
//! `rotl(s1 * 5, 7) * 9` inverts a whole word, not a part of one). A
//! `NextInt64()` value is the output's top 63 bits: one bit short. So the
//! recovery guesses the missing low bits of a few such words (2 candidates
//! for each `NextInt64()`), solves the linear system for each guess, and
//! keeps the states that reproduce every observation. Four values give
//! 4 x 64 = 256 equations (16 guesses); a fifth checks them.

use std::sync::OnceLock;

use rngkit::generators::Xoshiro128StarStar;
use rngkit::registry::Gen;
use rngkit::{StateError, WordRng};

// The jump and polynomial macros name what these modules export.
#[allow(unused_imports)]
use crate::advance::*;
use crate::distance::distance_in_field_128;
#[allow(unused_imports)]
use crate::gf2::*;
#[allow(unused_imports)]
use crate::linear::*;
use crate::{Distance, DistanceError, Jump, StepBack};

use crate::observe::{KnownBits, Observation};
use crate::recover::linear::{LinearView, guess_low_bits};
use crate::recover::{RecoverError, RecoverOptions, Recovered};

/// .NET 6+'s recovery: linear over GF(2), guessing the low bit a
/// `NextInt64()` value hides ([`guess_low_bits`]).
///
/// # Errors
/// Never; the signature is the catalogue's.
pub fn recover<G: Gen>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G::Rng: LinearView,
{
    Ok(guess_low_bits::<G>(
        observations,
        "`next-int64` values (each one output, or two on a 32-bit process)",
    ))
}

// -------------------------------------------------------------- xoshiro128**

impl StepBack for Xoshiro128StarStar {
    fn step_back(&mut self) {
        // forward: a2 = s2 ^ s0; a3 = s3 ^ s1; b1 = s1 ^ a2; b0 = s0 ^ a3;
        //          c2 = a2 ^ (s1 << 9); d3 = rotl(a3, 11)
        let [b0, b1, c2, d3] = self.state();
        let a3 = d3.rotate_right(11);
        let s0 = b0 ^ a3;
        // b1 ^ c2 = s1 ^ (s1 << 9): undo the left xorshift
        let mut s1 = b1 ^ c2;
        s1 ^= s1 << 9;
        s1 ^= s1 << 18;
        let a2 = b1 ^ s1;
        let s2 = a2 ^ s0;
        let s3 = a3 ^ s1;
        *self = Xoshiro128StarStar::from_state([s0, s1, s2, s3])
            .expect("the inverse keeps the state nonzero");
    }
}

small_f2_jump!(
    Xoshiro128StarStar,
    xoshiro128_field(),
    |r: &Xoshiro128StarStar| r.state(),
    |s| Xoshiro128StarStar::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible")
);

impl Distance for Xoshiro128StarStar {
    const HAS_FAST_METHOD: bool = true;
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        Ok(distance_in_field_128(self, to, xoshiro128_field()))
    }
}

impl F2Linear for Xoshiro128StarStar {
    const STATE_BITS: usize = 128;
    const DEGREE: usize = 128;

    fn to_bits(&self) -> BitVec {
        u32_to_bits(&self.state())
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        Xoshiro128StarStar::from_state(bits_to_u32::<4>(bits, "xoshiro128** bits")?)
    }

    fn step_linear_bit(&mut self) -> bool {
        // The ** scrambler multiplies; read a state bit instead.
        self.next_word();
        self.state()[0] & 1 == 1
    }

    cached_poly!(
        Xoshiro128StarStar,
        Xoshiro128StarStar::from_state([1, 2, 3, 4]).expect("nonzero")
    );
}

/// GF(2^128) modulo xoshiro128's characteristic polynomial (cached).
fn xoshiro128_field() -> &'static Field<2> {
    static F: OnceLock<Field<2>> = OnceLock::new();
    F.get_or_init(|| Field::new(Xoshiro128StarStar::characteristic_polynomial()))
}

/// The inverses modulo 2^32 that undo the `**` scrambler.
const INV9: u32 = 0x38e3_8e39;
const INV5: u32 = 0xcccc_cccd;

impl LinearView for Xoshiro128StarStar {
    /// A fully known output gives the pre-step `s[1]` (the scrambler
    /// `rotl(s1 * 5, 7) * 9` inverts).
    fn translate(known: KnownBits) -> Option<KnownBits> {
        (known.mask == 0xffff_ffff).then(|| {
            let out = known.value as u32;
            KnownBits::new(
                0xffff_ffff,
                u64::from(out.wrapping_mul(INV9).rotate_right(7).wrapping_mul(INV5)),
            )
        })
    }

    fn linear_step(&mut self) -> u64 {
        let s1 = self.state()[1];
        self.next_word();
        u64::from(s1)
    }
}

/// What `recover` does for `dotnet` and `dotnet6`.
///
/// ```
/// let net = rngkit_analysis::registry::find("dotnet").unwrap();
/// assert!(net.notes().recover.contains("next-int64"));
/// ```
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear recovery over GF(2) through the xoshiro256** view, guessing what a value \
              hides: only whole 64-bit outputs are linear in the state (the `**` scrambler \
              inverts a whole word), and a `next-int64` value is an output's top 63 bits, so \
              the low bit of four such values is guessed (16 linear solves) and every \
              candidate is checked against all observations: 5 consecutive `next-int64` \
              values pin the state, as do 4 `u64` outputs or `next-bytes 32`. `next`, \
              `next-double` and `next-single` show 31, 53 and 24 top bits of a scrambled \
              word, which are not linear in the state: they only check candidates. There is \
              no seed search: new Random() takes its state from the OS.",
    recover_examples: &[],
    search: "",
    search_examples: &[],
    examples: &[],
};

/// What `recover` does for `dotnet-32bit` and `dotnet6-32bit` (GENs of the
/// core library that the catalogue leaves out: the page's wasm budget has
/// no room for a second xoshiro; [`recover`] serves them directly).
///
/// ```
/// use rngkit_analysis::generators::dotnet_xoshiro::NOTES_32;
/// assert!(NOTES_32.recover.contains("xoshiro128"));
/// ```
pub const NOTES_32: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear recovery over GF(2) through the xoshiro128** view, guessing what a value \
              hides: only whole 32-bit outputs are linear in the state (the `**` scrambler \
              inverts a whole word). A `next` value is an output's top 31 bits, whose low \
              bit is guessed (2 candidates a value): 5 consecutive `next` values pin the \
              state. `next-int64` and `next-double` read two outputs, the first whole: 3 \
              `next-int64` or 4 `next-double` values pin it. `next-single` shows 24 top bits, which only check candidates. \
              There is no seed search: new Random() takes its state from the OS.",
    recover_examples: &[],
    search: "",
    search_examples: &[],
    examples: &[],
};

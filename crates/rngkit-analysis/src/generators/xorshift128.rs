//! The analysis of Xorshift128 (`unity`, `bdsp`, `xorshift128`): stepping back, jumps, distance, the
//! linear view for recovery, and seed identification.

#![allow(unused_imports)]

use std::sync::OnceLock;

use rngkit::generators::*;
use rngkit::{StateError, StateWords, WordRng};

use crate::advance::*;
use crate::distance::*;
use crate::dlog::*;
use crate::gf2::*;
use crate::identify::*;
use crate::linear::*;
use crate::observe::KnownBits;
use crate::{Distance, DistanceError, Jump, StepBack};

// ---------------------------------------------------------------- xorshift128

impl StepBack for Xorshift128 {
    fn step_back(&mut self) {
        // Unxorshift (seed note 002): t ^= s ^ (s >> 19) with s = state[2],
        // then undo t ^= t >> 8 and t ^= t << 11.
        let [s0, s1, s2, s3] = self.state();
        let mut t = s3 ^ s2 ^ (s2 >> 19);
        t ^= t >> 8;
        t ^= t >> 16;
        t ^= t << 11;
        t ^= t << 22;
        *self =
            Xorshift128::from_state([t, s0, s1, s2]).expect("the inverse keeps the state nonzero");
    }
}

small_f2_jump!(
    Xorshift128,
    xorshift128_field(),
    |r: &Xorshift128| r.state(),
    |s| Xorshift128::from_state(s).expect("g(T) with g ≠ 0 mod a primitive P is invertible")
);

impl Distance for Xorshift128 {
    const HAS_FAST_METHOD: bool = true;
    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        Ok(distance_in_field_128(self, to, xorshift128_field()))
    }
}

impl F2Linear for Xorshift128 {
    const STATE_BITS: usize = 128;
    const DEGREE: usize = 128;

    fn to_bits(&self) -> BitVec {
        u32_to_bits(&self.state())
    }

    fn from_bits(bits: &BitVec) -> Result<Self, StateError> {
        Xorshift128::from_state(bits_to_u32::<4>(bits, "xorshift128 bits")?)
    }

    fn step_linear_bit(&mut self) -> bool {
        self.next_word() & 1 == 1
    }

    cached_poly!(Xorshift128, Xorshift128::init_state(1));
}

/// GF(2^128) modulo xorshift128's characteristic polynomial (cached).
pub(crate) fn xorshift128_field() -> &'static Field<2> {
    static F: OnceLock<Field<2>> = OnceLock::new();
    F.get_or_init(|| Field::new(Xorshift128::characteristic_polynomial()))
}

/// Unity's InitState multiplier.
const UNITY_MUL: u32 = 0x6c07_8965;

/// Whether `s` is `InitState(s[0])`'s fill: `s[k+1] = s[k] * 0x6c078965 + 1`.
#[inline]
pub fn is_init_state(s: [u32; 4]) -> bool {
    let next = |x: u32| x.wrapping_mul(UNITY_MUL).wrapping_add(1);
    s[1] == next(s[0]) && s[2] == next(s[1]) && s[3] == next(s[2])
}

/// Finds `S` and the smallest `n <= max_advance` with
/// `state == advance(InitState(S), n)` by walking back one step at a time.
///
/// ```
/// use rngkit::generators::Xorshift128;
/// use rngkit::WordRng;
/// use rngkit_analysis::generators::xorshift128::identify_xorshift128;
/// use rngkit_analysis::identify::Identified;
///
/// let mut rng = Xorshift128::init_state(777);
/// rng.discard(1000);
/// assert_eq!(
///     identify_xorshift128(rng.state(), 5000),
///     Some(Identified { seed: 777, advance: 1000 })
/// );
/// assert_eq!(identify_xorshift128(rng.state(), 999), None);
/// ```
pub fn identify_xorshift128(state: [u32; 4], max_advance: u64) -> Option<Identified> {
    let rng = Xorshift128::from_state(state).ok()?;
    walk_back(rng, max_advance, |g| {
        let s = g.state();
        is_init_state(s).then_some(u64::from(s[0]))
    })
}

impl crate::recover::linear::LinearView for Xorshift128 {}

/// `identify` for the Xorshift128 GENs: walks back to an `InitState`-shaped
/// state, at most `max_advance` steps (default 10^7).
pub fn identify(rng: &rngkit::registry::Engine, max_advance: Option<u64>) -> Option<Identified> {
    let g = rng.downcast_ref::<Xorshift128>()?;
    identify_xorshift128(g.state(), max_advance.unwrap_or(10_000_000))
}

/// What `recover` does for Unity's and BDSP's xorshift128, for the front
/// ends' help: the linear recovery, with examples.
pub const NOTES_UNITY: crate::notes::Notes = crate::notes::Notes {
    recover: "Linear recovery over GF(2) of the 128-bit state: 4 full words, or 6 `value` \
              floats (23 bits each as `gen` prints them), in any order and with gaps; \
              composite draws (`inside-unit-circle`, `rotation`, ...) reveal nothing.",
    recover_examples: &[
        "rngkit gen unity --seed 12345 -n 8 value | sed 's/^/value = /' > values.txt",
        "rngkit recover unity --observations values.txt",
        "rngkit recover unity --observations values.txt --at end",
        "rngkit recover unity --observations values.txt --predict 3 range-int 1 7",
    ],
    search: "",
    search_examples: &[
        "rngkit gen unity --seed -12345 --advance 40 -n 2 u32 > words.txt",
        "sed 's/^/u32 = /' words.txt > obs.txt",
        "rngkit seed-search unity --seeds=-20000..0 --max-advance 100 < obs.txt",
    ],
    examples: &[
        crate::notes::Example {
            command: "gen",
            lines: &[
                "rngkit gen unity --seed 0 -n 5 value",
                "rngkit gen unity --seed 0 range-int -2147483648 2147483647",
                "rngkit gen unity --state '0 1 6c078966 714acb3f' u32",
            ],
        },
        crate::notes::Example {
            command: "state",
            lines: &[
                "rngkit state unity --seed 0",
                "rngkit state unity --seed 0 --format json",
            ],
        },
        crate::notes::Example {
            command: "identify",
            lines: &["rngkit identify unity --state '0 1 6c078966 714acb3f'"],
        },
        crate::notes::Example {
            command: "distance",
            lines: &[
                "rngkit state unity --seed 0 --advance 1000000 > later.txt",
                "rngkit distance unity --from '0 1 6c078966 714acb3f' --to-file later.txt",
                "rngkit state unity --seed 0 > zero.txt",
                "rngkit distance unity --signed --from-file later.txt --to-file zero.txt",
            ],
        },
        crate::notes::Example {
            command: "detect",
            lines: &["rngkit gen unity --seed 7 -n 8 value | sed 's/^/value = /' | rngkit detect"],
        },
    ],
};

/// BDSP's examples (its recovery is the generic linear one): `locate`
/// after a restart, from raw words and from blinks.
pub const NOTES_BDSP: crate::notes::Notes = crate::notes::Notes {
    examples: &[crate::notes::Example {
        command: "locate",
        lines: &[
            "rngkit gen bdsp --seed 1 --advance 5000 -n 3 next-uint > words.txt",
            "sed 's/^/next-uint = /' words.txt > obs.txt",
            "rngkit locate bdsp --seed 1 --observations obs.txt --max 10000",
            "rngkit gen bdsp --seed 1 --advance 7000 -n 60 u32 > more.txt",
            "awk 'NR%3==1 { printf \"bits 0xf = %d\\nskip 2\\n\", $1%16 }' more.txt > b.txt",
            "rngkit locate bdsp --seed 1 --observations b.txt --max 10000",
        ],
    }],
    ..crate::notes::Notes::NONE
};

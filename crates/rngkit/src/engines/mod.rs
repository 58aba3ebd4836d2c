//! Engine profiles: the draws that shipped engines build on top of a raw
//! generator, reproduced bit for bit.
//!
//! Each profile is one file and one thin wrapper type over a generator from
//! [`crate::generators`]; the wrapper owns the generator, can be built from it
//! (for a state read from a file or the command line) and hands it back.
//!
//! | profile | type | seeding |
//! |---|---|---|
//! | Unity `UnityEngine.Random` | [`unity::UnityRandom`] | `Random.InitState(seed)` |
//! | Unity.Mathematics `Random` | [`unity_math::UnityMathRandom`] | `new Random(seed)`, 0 rejected |
//! | Pokémon BDSP conventions | [`bdsp::Bdsp`] | `set_seed(seed)` |
//! | mars engine Mersenne Twister | [`mars::MarsRng`] | `init_genrand(seed)` + one eager twist |
//! | MegaCrush PCG struct | [`megacrush::MegaCrushPcg32`] | `Pcg32(seed, seq)` = `pcg32_srandom` |
//! | Godot `RandomNumberGenerator` | [`godot::GodotRng`] | `rng.seed = S` |
//! | Unreal `FRandomStream` | [`unreal::FRandomStream`] | `FRandomStream(S)` |
//! | Pokémon gens 3 to 8 | [`pokemon`] | the game's seed |
//!
//! Each engine module also holds its GEN (`UnityGen`, ...): the registry
//! description the CLI and the bindings use ([`crate::registry`]).
//!
//! Where the source documents disagree, the decision and its proof are in
//! `docs/decisions.md` and in the `engine_*` tests.

use alloc::string::String;
use core::fmt;

/// The three accessors of an engine that wraps its generator `$rng`, owned
/// or borrowed (`G: BorrowMut<$rng>`), in the field `$field`: the same in
/// every engine; `$mut_doc` where `generator_mut` says more.
macro_rules! generator_accessors {
    ($field:ident: $rng:ty) => {
        generator_accessors!($field: $rng, "The underlying generator, mutably.");
    };
    ($field:ident: $rng:ty, $mut_doc:literal) => {
        /// The underlying generator.
        pub fn generator(&self) -> &$rng {
            self.$field.borrow()
        }

        #[doc = $mut_doc]
        pub fn generator_mut(&mut self) -> &mut $rng {
            self.$field.borrow_mut()
        }

        /// Unwraps the generator.
        pub fn into_generator(self) -> G {
            self.$field
        }
    };
}

pub mod bdsp;
pub mod godot;
pub mod lcg;
pub mod mars;
pub mod megacrush;
pub mod pokemon;
pub mod unity;
pub mod unity_math;
pub mod unreal;

/// Why an engine draw or constructor refused its input.
///
/// ```
/// use rngkit::engines::{EngineError, unity_math::UnityMathRandom};
///
/// let err = UnityMathRandom::new(0).unwrap_err();
/// assert!(matches!(err, EngineError::ZeroSeed { .. }));
/// assert!(err.to_string().contains("seed must be non-zero"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum EngineError {
    /// The engine rejects the seed 0 (it would leave the generator at its
    /// fixed point, producing zeros for ever).
    ZeroSeed {
        /// The engine's name as the CLI spells it.
        engine: &'static str,
    },
    /// A half-open integer range `[min, max)` with `max <= min`.
    EmptyRange {
        /// The engine's name as the CLI spells it.
        engine: &'static str,
        /// The inclusive lower bound given.
        min: i64,
        /// The exclusive upper bound given.
        max: i64,
    },
    /// The operating system could not provide entropy.
    Entropy {
        /// The system's explanation.
        reason: String,
    },
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::ZeroSeed { engine } => write!(
                f,
                "{engine} seed must be non-zero (0 is the generator's fixed point)"
            ),
            EngineError::EmptyRange { engine, min, max } => write!(
                f,
                "{engine} range [{min}, {max}) is empty: MAX must be greater than MIN"
            ),
            EngineError::Entropy { reason } => {
                write!(f, "the operating system gave no entropy: {reason}")
            }
        }
    }
}

impl core::error::Error for EngineError {}

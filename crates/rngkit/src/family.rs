//! Draw families: the draws several GENs share, written once.
//!
//! Many GENs differ only in their description and their seeding: the four
//! V8 eras, SpiderMonkey and JavaScriptCore all give `Math.random()` and
//! `floor N`; PHP's `mt_rand` eras give the same `mt_rand` / `rand` /
//! `shuffle` draws with era-specific scaling; PHP 8.2's three
//! `Random\Engine`s give the same `Random\Randomizer` draws. Such a GEN is
//! a [`Member`] of a [`DrawFamily`]: it writes its [`INFO`](Member::INFO),
//! its [`seed`](Member::seed) (and `seed_str` where the runtime has its own
//! string seeding) and names its family; the [`Gen`] implementation, with
//! the draws' syntax, parsing, evaluation, steps and known bits, comes from
//! the family.
//!
//! ```
//! use rngkit::family::Member;
//! use rngkit::registry::{of, Seed};
//! use rngkit::runtimes::php::{PhpGen, PhpMtRandPhpGen};
//!
//! // Two PHP eras: one family, different twist and scaling.
//! let seed = Seed::from(1);
//! let mut modern = of::<PhpGen>().seed(&seed, &Default::default()).unwrap();
//! let mut legacy = of::<PhpMtRandPhpGen>().seed(&seed, &Default::default()).unwrap();
//! let draw = of::<PhpGen>().parse_draw("mt-rand", &["1", "6"]).unwrap();
//! let legacy_draw = of::<PhpMtRandPhpGen>().parse_draw("mt-rand", &["1", "6"]).unwrap();
//! // php 8.2: mt_srand(1); mt_rand(1, 6) twice, then with MT_RAND_PHP.
//! assert_eq!(draw.eval(&mut modern).format(false), "2");
//! assert_eq!(draw.eval(&mut modern).format(false), "6");
//! assert_eq!(legacy_draw.eval(&mut legacy).format(false), "4");
//! assert_eq!(legacy_draw.eval(&mut legacy).format(false), "1");
//! // What a member writes: its INFO, its seeding, its family.
//! assert_eq!(<PhpMtRandPhpGen as Member>::INFO.name, "php-mt-rand-php");
//! ```

use crate::token::Idiom;
use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt;

use rand_core::{Rng, TryRng};

use crate::WordRng;
use crate::draw::{DrawError, DrawValue};
use crate::observe::{BitRelation, KnownBits, ObservedValue};
use crate::registry::{BareDraw, DrawInfo, Gen, GenInfo, Seed, SeedError, SeedOptions, Steps};

/// The draws a family of GENs shares over generators of type `R`.
///
/// A family is a small `Copy` value (often a unit type) whose fields are
/// what varies between its members (PHP's era); the methods take it by
/// value, so a member's constant [`Member::FAMILY`] folds away after
/// monomorphisation.
///
/// ```
/// use rngkit::family::DrawFamily;
/// use rngkit::generators::Mt19937;
/// use rngkit::runtimes::php_random::PhpRandomizer;
///
/// // The Randomizer's draws follow the engine's word width (32 bits here).
/// let draws = <PhpRandomizer as DrawFamily<Mt19937>>::draws(PhpRandomizer);
/// assert!(draws.iter().any(|d| d.syntax.starts_with("get-int")));
/// ```
pub trait DrawFamily<R: WordRng>: Copy + Send + Sync + 'static {
    /// The family's draws, parsed.
    type Draw: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;

    /// The draws' syntax and help ([`Gen::draws`]).
    fn draws(self) -> &'static [DrawInfo];

    /// The draws users hold bare ([`Gen::bare_draws`]); by default the raw
    /// output word, as for a bare generator.
    fn bare_draws(self) -> &'static [BareDraw] {
        crate::registry::raw_bare_draws(R::OUTPUT_BITS)
    }

    /// Parses a draw ([`Gen::parse_draw`]).
    ///
    /// # Errors
    /// [`DrawError`] for bad arguments.
    fn parse_draw(self, name: &str, args: &[&str]) -> Result<Option<Self::Draw>, DrawError>;

    /// Evaluates a draw ([`Gen::eval`]).
    fn eval(self, draw: &Self::Draw, rng: &mut R) -> DrawValue;

    /// Raw steps a draw consumes ([`Gen::steps`]); by default one.
    fn steps(self, draw: &Self::Draw) -> Steps {
        let _ = draw;
        Steps::Fixed(1)
    }

    /// What an observed value reveals of the raw words ([`Gen::known_bits`]).
    fn known_bits(self, draw: &Self::Draw, value: &ObservedValue) -> Option<Vec<KnownBits>>;

    /// Relations an observed value implies ([`Gen::relations`]); none by
    /// default.
    fn relations(self, draw: &Self::Draw, value: &ObservedValue) -> Vec<BitRelation> {
        let _ = (draw, value);
        Vec::new()
    }

    /// The token idioms ([`Gen::idioms`]); none by default.
    fn idioms(self) -> &'static [Idiom] {
        &[]
    }
}

/// A GEN that is one member of a [`DrawFamily`]: its description, its
/// seeding and its family are all it writes; it is a [`Gen`] through the
/// blanket implementation below.
///
/// ```
/// use rngkit::family::Member;
/// use rngkit::registry::{Gen, Seed};
/// use rngkit::runtimes::javascript::SpiderMonkeyGen;
///
/// assert_eq!(<SpiderMonkeyGen as Member>::INFO.name, "spidermonkey");
/// assert!(<SpiderMonkeyGen as Gen>::seed(&Seed::from(1), &Default::default()).is_err());
/// ```
pub trait Member: Send + Sync + 'static {
    /// The generator underneath.
    type Rng: WordRng + Rng + TryRng<Error = Infallible> + PartialEq + Send + Sync + 'static;
    /// The family whose draws the GEN gives.
    type Family: DrawFamily<Self::Rng>;

    /// The family, with this member's parameters.
    const FAMILY: Self::Family;

    /// Name, aliases, seed meaning, docs ([`Gen::INFO`]).
    const INFO: GenInfo;

    /// The generator after `--seed S` ([`Gen::seed`]).
    ///
    /// # Errors
    /// [`SeedError`] for a seed the runtime rejects.
    fn seed(seed: &Seed, options: &SeedOptions) -> Result<Self::Rng, SeedError>;

    /// The generator after `--seed-str TEXT` ([`Gen::seed_str`]): by default
    /// the documented FNV-1a hash as the seed.
    ///
    /// # Errors
    /// As [`seed`](Member::seed).
    fn seed_str(text: &str, options: &SeedOptions) -> Result<Self::Rng, SeedError> {
        crate::registry::hashed_seed_str(Self::INFO.seed_kind, text, options, Self::seed)
    }
}

/// Implements [`DrawFamily`] for a family whose draws are free functions of
/// the generator's word width: `draws(bits)`, `parse(name, args)`,
/// `eval(draw, rng)`, `steps(draw, bits)` and `known(draw, value, bits)`,
/// plus any other methods written in the braces. numpy's `Generator` and
/// PHP's `Randomizer` are built so.
macro_rules! family_of_fns {
    (
        impl[$($bounds:tt)*] $family:ty, $draw:ty,
        $draws:path, $parse:path, $eval:path, $steps:path, $known:path,
        { $($more:item)* }
    ) => {
        impl<R: $($bounds)*> $crate::family::DrawFamily<R> for $family {
            type Draw = $draw;

            fn draws(self) -> &'static [$crate::registry::DrawInfo] {
                $draws(R::OUTPUT_BITS)
            }

            fn parse_draw(
                self,
                name: &str,
                args: &[&str],
            ) -> Result<Option<$draw>, $crate::draw::DrawError> {
                $parse(name, args)
            }

            #[inline]
            fn eval(self, draw: &$draw, rng: &mut R) -> $crate::draw::DrawValue {
                $eval(draw, rng)
            }

            fn steps(self, draw: &$draw) -> $crate::registry::Steps {
                $steps(draw, R::OUTPUT_BITS)
            }

            fn known_bits(
                self,
                draw: &$draw,
                value: &$crate::observe::ObservedValue,
            ) -> Option<alloc::vec::Vec<$crate::observe::KnownBits>> {
                $known(draw, value, R::OUTPUT_BITS)
            }

            $($more)*
        }
    };
}
pub(crate) use family_of_fns;

/// Every family member is a GEN: its draws from its family.
impl<M: Member> Gen for M {
    type Rng = M::Rng;
    type Draw = <M::Family as DrawFamily<M::Rng>>::Draw;

    const INFO: GenInfo = <M as Member>::INFO;

    fn seed(seed: &Seed, options: &SeedOptions) -> Result<M::Rng, SeedError> {
        <M as Member>::seed(seed, options)
    }

    fn seed_str(text: &str, options: &SeedOptions) -> Result<M::Rng, SeedError> {
        <M as Member>::seed_str(text, options)
    }

    fn draws() -> &'static [DrawInfo] {
        M::FAMILY.draws()
    }

    fn bare_draws() -> &'static [BareDraw] {
        M::FAMILY.bare_draws()
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<Self::Draw>, DrawError> {
        M::FAMILY.parse_draw(name, args)
    }

    #[inline]
    fn eval(draw: &Self::Draw, rng: &mut M::Rng) -> DrawValue {
        M::FAMILY.eval(draw, rng)
    }

    fn steps(draw: &Self::Draw) -> Steps {
        M::FAMILY.steps(draw)
    }

    fn known_bits(draw: &Self::Draw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        M::FAMILY.known_bits(draw, value)
    }

    fn relations(draw: &Self::Draw, value: &ObservedValue) -> Vec<BitRelation> {
        M::FAMILY.relations(draw, value)
    }

    fn idioms() -> &'static [Idiom] {
        M::FAMILY.idioms()
    }
}

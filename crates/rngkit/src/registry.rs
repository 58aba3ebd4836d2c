//! The generator registry: every `GEN` of the command line described once,
//! next to its code.
//!
//! A GEN is a unit type implementing [`Gen`]: its name and aliases, what
//! `--seed S` means, its generator type (whose [`StateWords`](crate::StateWords) give the state
//! words and whose [`WordRng`] gives the raw steps), and its engine draws
//! (parse, evaluate, how many raw steps each consumes, which bits of the raw
//! words an observed value reveals). Everything above the core (the CLI,
//! the analysis dispatch, the Python and web bindings) works through the
//! object-safe [`DynGen`] that every [`Gen`] is, and through the type-erased
//! [`Engine`] (a generator with its GEN) and [`Draw`] (a parsed draw).
//!
//! The list of GENs, with the analysis capabilities of each, is
//! `rngkit_analysis::registry`: one line per GEN.
//!
//! ```
//! use rngkit::registry::{of, Seed};
//! use rngkit::engines::unity::UnityGen;
//!
//! let unity = of::<UnityGen>();
//! let mut rng = unity.seed(&Seed::from(0), &Default::default()).unwrap();
//! assert_eq!(rng.format_words(), "00000000 00000001 6c078966 714acb3f");
//! let value = unity.parse_draw("value", &[]).unwrap();
//! // Random.value after InitState(0), printed to 7 digits by Unity: 0.5841396
//! assert_eq!(value.eval(&mut rng).format(false), "0.58413965");
//! ```

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::any::Any;
use core::convert::Infallible;
use core::fmt;

use rand_core::{Rng, TryRng};

pub use crate::draw::Steps;
use crate::draw::{CommonDraw, DrawError};
use crate::number::BigInt;
use crate::observe::{BitRelation, KnownBits, ObservedValue};
use crate::token::{Idiom, TOKEN_SYNTAX, TokenSpec};
use crate::value::DrawValue;
use crate::{StateError, WordRng};

/// What `--seed S` means for a GEN, and how its seeds are printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SeedKind {
    /// A 32-bit seed printed unsigned; `-2^31..0` is accepted as the `int`'s
    /// two's complement.
    U32,
    /// A 32-bit seed written as a signed `int` (Unity's `InitState(int)`,
    /// .NET's `new Random(int)`); `2^31..2^32` is accepted as its two's
    /// complement, and seeds print signed.
    I32,
    /// A 64-bit seed printed unsigned; negative `i64` accepted.
    U64,
    /// A 64-bit seed written as a signed `long` (Java).
    I64,
    /// An integer of any size (CPython's `random.seed(int)`, Ruby's `Random.new`).
    Unbounded,
    /// The generator cannot be seeded (a state is required).
    Unseedable,
}

impl SeedKind {
    /// The bit width of the seed space (`None` for unbounded or unseedable).
    pub const fn bits(self) -> Option<u32> {
        match self {
            SeedKind::U32 | SeedKind::I32 => Some(32),
            SeedKind::U64 | SeedKind::I64 => Some(64),
            _ => None,
        }
    }

    /// Whether seeds print as signed integers.
    pub const fn signed(self) -> bool {
        matches!(self, SeedKind::I32 | SeedKind::I64)
    }

    /// Formats a seed of a fixed-width kind held as its unsigned bits, in
    /// the GEN's own signedness.
    ///
    /// ```
    /// use rngkit::registry::SeedKind;
    /// assert_eq!(SeedKind::I32.format(0xffff_cfc7), "-12345");
    /// assert_eq!(SeedKind::U32.format(0xffff_cfc7), "4294954951");
    /// ```
    pub fn format(self, bits: u64) -> String {
        match self {
            SeedKind::I32 => format!("{}", bits as u32 as i32),
            SeedKind::I64 => format!("{}", bits as i64),
            _ => format!("{bits}"),
        }
    }
}

/// A seed as the user gave it: an integer of any size, or text.
pub type Seed = BigInt;

/// Options that some GENs take beside the seed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SeedOptions {
    /// `--stream N` for the PCG GENs (`None`: the GEN's default).
    pub stream: Option<u64>,
}

/// The description of a GEN that is plain data.
#[derive(Clone, Copy, Debug)]
pub struct GenInfo {
    /// The name the CLI uses (`unity`, `php`, ...).
    pub name: &'static str,
    /// Other accepted spellings of the name.
    pub aliases: &'static [&'static str],
    /// One line: what it reproduces.
    pub summary: &'static str,
    /// What `--seed S` means.
    pub seed_kind: SeedKind,
    /// `--seed S` in words, for `--help`.
    pub seed_doc: &'static str,
    /// The state words in order, for `--help` and `docs/`.
    pub state_doc: &'static str,
    /// Whether `--stream` applies.
    pub has_stream: bool,
    /// Runtime or engine versions matched, and the oracle that proves it.
    pub versions: &'static str,
}

/// One engine draw's syntax and meaning, for `--help` and suggestions.
#[derive(Clone, Copy, Debug)]
pub struct DrawInfo {
    /// The syntax as typed: `range-int MIN MAX`, `next-rand [MIN MAX]`.
    pub syntax: &'static str,
    /// What it computes, and how many raw steps it takes.
    pub help: &'static str,
}

impl DrawInfo {
    /// The name alone (the first word of the syntax).
    pub fn name(&self) -> &'static str {
        self.syntax.split(' ').next().unwrap_or(self.syntax)
    }
}

/// The kind of number a draw gives, for reading values that come without a
/// draw name (`rngkit detect`): which bare values a draw can express.
///
/// ```
/// use rngkit::registry::Yields;
/// let double = Yields::Unit { bits: 53 };
/// assert!(double.admits_f64(0.5) && !double.admits_f64(1.0));
/// let int = Yields::Int { bits: 31, signed: false };
/// assert!(int.admits_i128(0x7fff_ffff) && !int.admits_i128(0x8000_0000) && !int.admits_i128(-1));
/// assert!(Yields::Int { bits: 32, signed: true }.admits_i128(-5));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Yields {
    /// A number in [0, 1) (a double or a float), about `bits` bits of
    /// resolution: 53 for CPython's `random()`, 52 for V8 before 2025, 24
    /// for a float. The draw's own [`Gen::known_bits`] decides exactly
    /// which values it can give (its grid).
    Unit {
        /// The resolution in bits.
        bits: u32,
    },
    /// An integer of `bits` bits: `0..2^bits`, or `-2^(bits-1)..2^(bits-1)`
    /// when `signed` (Java's `nextInt()`).
    Int {
        /// The width.
        bits: u32,
        /// Whether the value is a two's complement.
        signed: bool,
    },
}

impl Yields {
    /// Whether a value `x` is in the draw's range.
    pub fn admits_f64(self, x: f64) -> bool {
        matches!(self, Yields::Unit { .. }) && (0.0..1.0).contains(&x)
    }

    /// Whether an integer `v` is in the draw's range.
    pub fn admits_i128(self, v: i128) -> bool {
        match self {
            Yields::Unit { .. } => v == 0,
            Yields::Int {
                bits,
                signed: false,
            } => v >= 0 && v < (1i128 << bits),
            Yields::Int { bits, signed: true } => {
                v >= -(1i128 << (bits - 1)) && v < (1i128 << (bits - 1))
            }
        }
    }

    /// The resolution or width in bits.
    pub fn bits(self) -> u32 {
        match self {
            Yields::Unit { bits } | Yields::Int { bits, .. } => bits,
        }
    }
}

/// A draw whose values users hold without its name (a `Math.random()` a
/// page printed, the integers of `mt_rand()`), and what it yields: what
/// `rngkit detect` reads bare values as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BareDraw {
    /// The draw as `gen` takes it, arguments included (`getrandbits 32`).
    pub draw: &'static str,
    /// The kind of value it gives.
    pub yields: Yields,
}

/// A draw type for GENs without engine draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoDraw {}

/// Why a seed was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeedError(pub String);

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for SeedError {}

/// `--seed-str TEXT` by the documented FNV-1a hash
/// ([`crate::facade::seed_from_str`]) as the seed, its low 32 bits for
/// 32-bit seeds: the default of [`Gen::seed_str`] and of
/// [`Member::seed_str`](crate::family::Member::seed_str).
pub(crate) fn hashed_seed_str<R>(
    kind: SeedKind,
    text: &str,
    options: &SeedOptions,
    seed: fn(&Seed, &SeedOptions) -> Result<R, SeedError>,
) -> Result<R, SeedError> {
    let hash = crate::facade::seed_from_str(text);
    let hash = match kind.bits() {
        Some(32) => hash & 0xffff_ffff,
        _ => hash,
    };
    seed(&Seed::from(hash), options)
}

/// The bare draw of a bare generator: its raw output word (`u32` or `u64`).
pub(crate) const fn raw_bare_draws(output_bits: u32) -> &'static [BareDraw] {
    match output_bits {
        32 => &[BareDraw {
            draw: "u32",
            yields: Yields::Int {
                bits: 32,
                signed: false,
            },
        }],
        _ => &[BareDraw {
            draw: "u64",
            yields: Yields::Int {
                bits: 64,
                signed: false,
            },
        }],
    }
}

/// A GEN: one generator of the catalogue with its engine's conventions.
///
/// Implemented by a unit type in the GEN's own module. Only
/// [`INFO`](Gen::INFO), [`seed`](Gen::seed) and [`eval`](Gen::eval) are
/// required; a GEN without engine draws sets `type Draw = NoDraw`.
pub trait Gen: Send + Sync + 'static {
    /// The generator underneath (shared by GENs that differ only in draws).
    type Rng: WordRng + Rng + TryRng<Error = Infallible> + PartialEq + Send + Sync + 'static;
    /// The engine draws, parsed.
    type Draw: Clone + fmt::Debug + PartialEq + Send + Sync + 'static;

    /// Name, aliases, seed meaning, docs.
    const INFO: GenInfo;

    /// The generator after `--seed S` (the seed already validated against
    /// [`GenInfo::seed_kind`] for fixed-width kinds).
    ///
    /// # Errors
    /// [`SeedError`] for a seed the engine rejects.
    fn seed(seed: &Seed, options: &SeedOptions) -> Result<Self::Rng, SeedError>;

    /// The generator after `--seed-str TEXT`: by default the documented
    /// FNV-1a hash ([`crate::facade::seed_from_str`]) as the seed (its low
    /// 32 bits for 32-bit seeds). Runtimes with their own string seeding
    /// (CPython) override it.
    ///
    /// # Errors
    /// As [`seed`](Gen::seed).
    fn seed_str(text: &str, options: &SeedOptions) -> Result<Self::Rng, SeedError> {
        hashed_seed_str(Self::INFO.seed_kind, text, options, Self::seed)
    }

    /// The generator from state words in the `--state` order.
    ///
    /// # Errors
    /// The generator's [`StateError`].
    fn from_words(words: &[u64]) -> Result<Self::Rng, StateError> {
        <Self::Rng as crate::StateWords>::from_words(words)
    }

    /// The generator from a binary state (a save blob), for GENs that have
    /// one; `None` when the GEN has no binary form.
    fn from_bytes(bytes: &[u8]) -> Option<Result<Self::Rng, StateError>> {
        let _ = bytes;
        None
    }

    /// The binary state, for GENs that have one.
    fn to_bytes(rng: &Self::Rng) -> Option<Vec<u8>> {
        let _ = rng;
        None
    }

    /// State text in a GEN-specific form beside the hex words (Unity's
    /// `JsonUtility` JSON, BDSP's seed pair); `None` when `text` is not in
    /// such a form.
    fn parse_state(text: &str) -> Option<Result<Self::Rng, String>> {
        let _ = text;
        None
    }

    /// The GEN's own JSON form of a state, where it has one that
    /// [`parse_state`](Gen::parse_state) reads back (Unity's `JsonUtility`
    /// JSON); `None` gives the generic `{"gen":..,"words":[..]}` form of
    /// [`Engine::state_json`].
    fn format_state_json(rng: &Self::Rng) -> Option<String> {
        let _ = rng;
        None
    }

    /// The engine draws (the common `u32 u64 f32 f64 int bool` are added for
    /// every GEN).
    fn draws() -> &'static [DrawInfo] {
        &[]
    }

    /// The draws whose values users hold without a draw name, and what each
    /// yields (`rngkit detect` reads bare values as these). A runtime lists
    /// its own (`math-random`, `mt-rand`, `next-double`); the default, for
    /// a bare generator, is its raw output word (`u32` or `u64`).
    fn bare_draws() -> &'static [BareDraw] {
        raw_bare_draws(<Self::Rng as WordRng>::OUTPUT_BITS)
    }

    /// Parses an engine draw; `Ok(None)` when the GEN has no draw of that name.
    ///
    /// # Errors
    /// [`DrawError`] for bad arguments.
    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<Self::Draw>, DrawError> {
        let _ = (name, args);
        Ok(None)
    }

    /// Linear relations between bits of the consumed raw words that an
    /// observed value implies beyond its [`known_bits`](Gen::known_bits)
    /// (a pick's interval straddling a power of two). Must be sound, as
    /// `known_bits`. None by default.
    fn relations(draw: &Self::Draw, value: &ObservedValue) -> Vec<BitRelation> {
        let _ = (draw, value);
        Vec::new()
    }

    /// How the runtime's programs pick a token's characters: the idioms of
    /// `token IDIOM ALPHABET LENGTH`, each one of the GEN's own draws
    /// (see [`crate::token`]). None by default.
    fn idioms() -> &'static [Idiom] {
        &[]
    }

    /// Evaluates an engine draw.
    fn eval(draw: &Self::Draw, rng: &mut Self::Rng) -> DrawValue;

    /// Raw steps an engine draw consumes.
    fn steps(draw: &Self::Draw) -> Steps {
        let _ = draw;
        Steps::Fixed(1)
    }

    /// The bits of each consumed raw word that an observed value of the draw
    /// reveals, first word first (fewer than the words consumed when the rest
    /// reveal nothing linear). Must be sound: every stream that gives `value`
    /// has these bits. `None` when `value` cannot come out of the draw.
    fn known_bits(draw: &Self::Draw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let _ = (draw, value);
        Some(Vec::new())
    }
}

/// Any [`Gen`], object-safe: what the CLI and the bindings hold.
///
/// Its constructors (`from_words`, `from_bytes`) take `&self` because the
/// GEN itself is the value a trait object dispatches on.
#[allow(clippy::wrong_self_convention)]
pub trait DynGen: Send + Sync {
    /// The plain-data description.
    fn info(&self) -> &'static GenInfo;
    /// Bits in one raw output word (32 or 64).
    fn output_bits(&self) -> u32;
    /// Bits in one state word (32 or 64).
    fn word_bits(&self) -> u32;
    /// Number of state words.
    fn word_count(&self) -> usize;
    /// Bits an observer has to learn to know the state
    /// ([`crate::StateWords::FREE_BITS`]).
    fn state_bits(&self) -> u32;
    /// `--seed S`, validated against the seed kind.
    ///
    /// # Errors
    /// [`SeedError`] for a seed out of range or rejected by the engine.
    fn seed(&self, seed: &Seed, options: &SeedOptions) -> Result<Engine, SeedError>;
    /// `--seed-str TEXT`.
    ///
    /// # Errors
    /// As [`seed`](DynGen::seed).
    fn seed_str(&self, text: &str, options: &SeedOptions) -> Result<Engine, SeedError>;
    /// A state from its words.
    ///
    /// # Errors
    /// The generator's [`StateError`].
    fn from_words(&self, words: &[u64]) -> Result<Engine, StateError>;
    /// A binary state (save blob); `None` when the GEN has no binary form.
    fn from_bytes(&self, bytes: &[u8]) -> Option<Result<Engine, StateError>>;
    /// The binary state of `rng` (a generator of this GEN's type).
    fn to_bytes(&self, rng: &Engine) -> Option<Vec<u8>>;
    /// A GEN-specific state text; `None` when `text` is not in such a form.
    fn parse_state(&self, text: &str) -> Option<Result<Engine, String>>;
    /// The GEN's own JSON form of `rng`'s state, where it has one.
    fn format_state_json(&self, rng: &Engine) -> Option<String>;
    /// The engine draws (without the common ones).
    fn engine_draws(&self) -> &'static [DrawInfo];
    /// The draws users hold values of without a name ([`Gen::bare_draws`]).
    fn bare_draws(&self) -> &'static [BareDraw];
    /// The GEN's token idioms ([`Gen::idioms`]).
    fn idioms(&self) -> &'static [Idiom];
    /// Parses a draw: common, engine, or `token IDIOM ALPHABET LENGTH`.
    ///
    /// # Errors
    /// [`DrawError`] for an unknown name or bad arguments.
    fn parse_draw(&self, name: &str, args: &[&str]) -> Result<Draw, DrawError>;
    /// The [`core::any::TypeId`] of the generator type, to find the GENs
    /// that share one.
    fn rng_type(&self) -> core::any::TypeId;
    /// The generator type's own name ([`crate::StateWords::NAME`]), which
    /// its [`StateError`]s use.
    fn rng_name(&self) -> &'static str;
}

impl dyn DynGen + '_ {
    /// The name.
    pub fn name(&self) -> &'static str {
        self.info().name
    }

    /// Every draw's syntax: the common ones, then the engine's.
    pub fn draw_syntaxes(&self) -> Vec<&'static str> {
        crate::draw::COMMON_DRAWS
            .iter()
            .copied()
            .chain(self.engine_draws().iter().map(|d| d.syntax))
            .chain((!self.idioms().is_empty()).then_some(TOKEN_SYNTAX))
            .collect()
    }
}

impl fmt::Debug for dyn DynGen + '_ {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Checks `seed` against a fixed-width kind: returns it as unsigned bits.
///
/// # Errors
/// [`SeedError`] when it does not fit.
pub fn check_seed(name: &str, kind: SeedKind, seed: &Seed) -> Result<(), SeedError> {
    let Some(bits) = kind.bits() else {
        return Ok(());
    };
    let fits = match seed.to_i128() {
        Some(v) => {
            let (min, max) = if bits == 32 {
                (i128::from(i32::MIN), i128::from(u32::MAX))
            } else {
                (i128::from(i64::MIN), i128::from(u64::MAX))
            };
            (min..=max).contains(&v)
        }
        None => false,
    };
    if fits {
        Ok(())
    } else {
        let range = if bits == 32 {
            "-2147483648..=4294967295"
        } else {
            "-9223372036854775808..=18446744073709551615"
        };
        Err(SeedError(format!(
            "--seed {seed} does not fit {name}'s {bits}-bit seed ({range})"
        )))
    }
}

/// A helper so that `info()` can return a `'static` reference to the
/// associated const.
trait InfoRef {
    const INFO_REF: GenInfo;
}

impl<G: Gen> InfoRef for G {
    const INFO_REF: GenInfo = G::INFO;
}

/// The object-safe face of a generator inside an [`Engine`].
trait ErasedRng: Send + Sync {
    fn next_word(&mut self) -> u64;
    fn next_u32(&mut self) -> u32;
    fn next_u64(&mut self) -> u64;
    fn fill_bytes(&mut self, dst: &mut [u8]);
    fn words(&self) -> Vec<u64>;
    fn clone_box(&self) -> Box<dyn ErasedRng>;
    fn eq_dyn(&self, other: &dyn ErasedRng) -> bool;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn as_any(&self) -> &dyn Any;
    fn as_any_mut(&mut self) -> &mut dyn Any;
}

impl<R> ErasedRng for R
where
    R: WordRng + Rng + PartialEq + Send + Sync + 'static,
{
    fn next_word(&mut self) -> u64 {
        WordRng::next_word(self)
    }
    fn next_u32(&mut self) -> u32 {
        Rng::next_u32(self)
    }
    fn next_u64(&mut self) -> u64 {
        Rng::next_u64(self)
    }
    fn fill_bytes(&mut self, dst: &mut [u8]) {
        Rng::fill_bytes(self, dst);
    }
    fn words(&self) -> Vec<u64> {
        self.to_words()
    }
    fn clone_box(&self) -> Box<dyn ErasedRng> {
        Box::new(self.clone())
    }
    fn eq_dyn(&self, other: &dyn ErasedRng) -> bool {
        other.as_any().downcast_ref::<R>() == Some(self)
    }
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn as_any_mut(&mut self) -> &mut dyn Any {
        self
    }
}

/// A generator with its GEN: what `rngkit gen` draws from, type-erased.
///
/// It is a [`rand_core::Rng`], so every `rand` helper works on it; the
/// concrete generator is one [`downcast_mut`](Engine::downcast_mut) away for
/// monomorphised hot loops.
pub struct Engine {
    spec: &'static dyn DynGen,
    rng: Box<dyn ErasedRng>,
}

impl Engine {
    /// Wraps a generator of GEN `G`.
    pub fn new<G: Gen>(rng: G::Rng) -> Self {
        Engine {
            spec: of::<G>(),
            rng: Box::new(rng),
        }
    }

    /// The GEN.
    pub fn spec(&self) -> &'static dyn DynGen {
        self.spec
    }

    /// One raw step; its output word.
    pub fn next_word(&mut self) -> u64 {
        self.rng.next_word()
    }

    /// Moves `n` raw steps forward by stepping.
    pub fn discard(&mut self, n: u64) {
        for _ in 0..n {
            self.rng.next_word();
        }
    }

    /// The state words in the `--state` order.
    pub fn words(&self) -> Vec<u64> {
        self.rng.words()
    }

    /// The state as `rngkit state` prints it: zero-padded lowercase hex
    /// words separated by spaces.
    pub fn format_words(&self) -> String {
        let width = (self.spec.word_bits() / 4) as usize;
        let words: Vec<String> = self
            .words()
            .iter()
            .map(|w| format!("{w:0width$x}"))
            .collect();
        words.join(" ")
    }

    /// Re-labels the generator as GEN `spec` (which must share its generator
    /// type): `unity` and `bdsp` states are one `Xorshift128`.
    ///
    /// # Panics
    /// When `spec` has another generator type.
    pub fn with_spec(mut self, spec: &'static dyn DynGen) -> Engine {
        assert_eq!(
            spec.rng_type(),
            self.spec.rng_type(),
            "GENs with different generator types"
        );
        self.spec = spec;
        self
    }

    /// The binary state (save blob), for GENs that have one.
    pub fn to_bytes(&self) -> Option<Vec<u8>> {
        self.spec.to_bytes(self)
    }

    /// The concrete generator, when it is an `R`.
    pub fn downcast_ref<R: 'static>(&self) -> Option<&R> {
        self.rng.as_any().downcast_ref()
    }

    /// The concrete generator, mutably, when it is an `R`.
    pub fn downcast_mut<R: 'static>(&mut self) -> Option<&mut R> {
        self.rng.as_any_mut().downcast_mut()
    }
}

/// The `'static` [`DynGen`] of GEN `G`.
///
/// ```
/// use rngkit::registry::of;
/// use rngkit::engines::unity::UnityGen;
/// assert_eq!(of::<UnityGen>().name(), "unity");
/// ```
pub fn of<G: Gen>() -> &'static dyn DynGen {
    // A zero-sized box never allocates, so leaking it costs nothing.
    let typed: &'static TypedGen<G> = Box::leak(Box::new(TypedGen(core::marker::PhantomData)));
    typed
}

/// The [`DynGen`] of a [`Gen`] type.
struct TypedGen<G>(core::marker::PhantomData<fn() -> G>);

impl<G: Gen> DynGen for TypedGen<G> {
    fn info(&self) -> &'static GenInfo {
        &G::INFO_REF
    }

    fn output_bits(&self) -> u32 {
        <G::Rng as WordRng>::OUTPUT_BITS
    }

    fn word_bits(&self) -> u32 {
        <G::Rng as crate::StateWords>::WORD_BITS
    }

    fn word_count(&self) -> usize {
        <G::Rng as crate::StateWords>::WORD_COUNT
    }

    fn state_bits(&self) -> u32 {
        <G::Rng as crate::StateWords>::FREE_BITS
    }

    fn seed(&self, seed: &Seed, options: &SeedOptions) -> Result<Engine, SeedError> {
        if G::INFO.seed_kind == SeedKind::Unseedable {
            return Err(SeedError(format!(
                "{} cannot be seeded: give its state with --state",
                G::INFO.name
            )));
        }
        check_seed(G::INFO.name, G::INFO.seed_kind, seed)?;
        Ok(Engine::new::<G>(G::seed(seed, options)?))
    }

    fn seed_str(&self, text: &str, options: &SeedOptions) -> Result<Engine, SeedError> {
        Ok(Engine::new::<G>(G::seed_str(text, options)?))
    }

    fn from_words(&self, words: &[u64]) -> Result<Engine, StateError> {
        Ok(Engine::new::<G>(G::from_words(words)?))
    }

    fn from_bytes(&self, bytes: &[u8]) -> Option<Result<Engine, StateError>> {
        G::from_bytes(bytes).map(|r| r.map(Engine::new::<G>))
    }

    fn to_bytes(&self, rng: &Engine) -> Option<Vec<u8>> {
        G::to_bytes(rng.downcast_ref::<G::Rng>()?)
    }

    fn parse_state(&self, text: &str) -> Option<Result<Engine, String>> {
        G::parse_state(text).map(|r| r.map(Engine::new::<G>))
    }

    fn format_state_json(&self, rng: &Engine) -> Option<String> {
        G::format_state_json(rng.downcast_ref::<G::Rng>()?)
    }

    fn engine_draws(&self) -> &'static [DrawInfo] {
        G::draws()
    }

    fn bare_draws(&self) -> &'static [BareDraw] {
        G::bare_draws()
    }

    fn idioms(&self) -> &'static [Idiom] {
        G::idioms()
    }

    fn parse_draw(&self, name: &str, args: &[&str]) -> Result<Draw, DrawError> {
        if name == "token" {
            return token_draw(self, args);
        }
        let kind = match CommonDraw::parse(name, args)? {
            Some(common) => DrawKind::Common(common),
            None => match G::parse_draw(name, args)? {
                Some(d) => DrawKind::Engine(d),
                None => {
                    return Err(DrawError::Unknown {
                        generator: G::INFO.name,
                        name: name.into(),
                        known: (self as &dyn DynGen).draw_syntaxes(),
                    });
                }
            },
        };
        let mut text = String::from(name);
        for a in args {
            text.push(' ');
            text.push_str(a);
        }
        Ok(Draw {
            text,
            inner: Box::new(TypedDraw::<G> { kind }),
        })
    }

    fn rng_type(&self) -> core::any::TypeId {
        core::any::TypeId::of::<G::Rng>()
    }

    fn rng_name(&self) -> &'static str {
        <G::Rng as crate::StateWords>::NAME
    }
}

/// A parsed draw of one GEN: common or engine.
#[derive(Clone, Debug, PartialEq)]
enum DrawKind<D> {
    Common(CommonDraw),
    Engine(D),
}

struct TypedDraw<G: Gen> {
    kind: DrawKind<G::Draw>,
}

trait ErasedDraw: Send + Sync {
    fn eval(&self, rng: &mut Engine) -> DrawValue;
    fn steps(&self, output_bits: u32) -> Steps;
    fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>>;
    fn clone_box(&self) -> Box<dyn ErasedDraw>;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    fn rng_type(&self) -> core::any::TypeId;
    fn engine_draw(&self) -> Option<&dyn Any>;
    fn common_draw(&self) -> Option<&CommonDraw>;
    fn token(&self) -> Option<(&TokenSpec, &Draw)> {
        None
    }
    fn relations(&self, value: &ObservedValue, output_bits: u32) -> Vec<BitRelation>;
}

/// `token IDIOM ALPHABET LENGTH` for `spec`: the pick draw the idiom names,
/// parsed once, and the token's arguments.
fn token_draw(spec: &dyn DynGen, args: &[&str]) -> Result<Draw, DrawError> {
    let token = TokenSpec::parse(spec.name(), spec.idioms(), args).map_err(DrawError::Invalid)?;
    let pick_text = token.idiom.pick_text(token.alphabet.len());
    let words: Vec<&str> = pick_text.split(' ').collect();
    let pick = spec.parse_draw(words[0], &words[1..]).map_err(|e| {
        DrawError::Invalid(format!(
            "idiom `{}` picks with `{pick_text}`, which {} refuses: {e}",
            token.idiom.name,
            spec.name()
        ))
    })?;
    let mut text = String::from("token");
    for a in args {
        text.push(' ');
        text.push_str(a);
    }
    Ok(Draw {
        text,
        inner: Box::new(TokenDraw { token, pick }),
    })
}

/// A token: LENGTH picks of one draw, each an index into the alphabet.
/// One implementation for every GEN (the pick is already type-erased), so
/// the web page's WebAssembly holds it once.
struct TokenDraw {
    token: TokenSpec,
    pick: Draw,
}

impl TokenDraw {
    /// The index a pick's value stands for, when it is one.
    fn index(&self, value: &DrawValue) -> Option<usize> {
        let v: i128 = match *value {
            DrawValue::U32(v) => v.into(),
            DrawValue::U64(v) => v.into(),
            DrawValue::I32(v) => v.into(),
            DrawValue::I64(v) => v.into(),
            // LuaJIT's math.random(m, n) is a double.
            DrawValue::F64(v) if libm::trunc(v) == v && libm::fabs(v) < 9.0e15 => v as i128,
            _ => return None,
        };
        usize::try_from(v - i128::from(self.token.idiom.first))
            .ok()
            .filter(|&i| i < self.token.alphabet.len())
    }
}

impl ErasedDraw for TokenDraw {
    fn eval(&self, rng: &mut Engine) -> DrawValue {
        let mut text = String::with_capacity(self.token.length);
        for _ in 0..self.token.length {
            let value = self.pick.eval(rng);
            // An idiom's pick gives an index of the alphabet by
            // construction (the runtime tests check each idiom); U+FFFD
            // marks the impossible case instead of a panic.
            let c = self
                .index(&value)
                .and_then(|i| self.token.alphabet.char_at(i))
                .unwrap_or('\u{fffd}');
            text.push(c);
        }
        DrawValue::Text(text)
    }

    fn steps(&self, output_bits: u32) -> Steps {
        match self.pick.steps(output_bits) {
            Steps::Fixed(n) => Steps::Fixed(n.saturating_mul(self.token.length as u64)),
            Steps::Variable => Steps::Variable,
        }
    }

    fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>> {
        let indices = self.token.indices(value.text()).ok()?;
        let words = match self.pick.steps(output_bits) {
            Steps::Fixed(n) => Some(n as usize),
            Steps::Variable => None,
        };
        let mut known = Vec::new();
        for index in indices {
            let mut pick = match index {
                Some(i) => {
                    let v = i128::from(self.token.idiom.first) + i as i128;
                    self.pick
                        .known_bits(&ObservedValue::from_integer(v), output_bits)?
                }
                None => Vec::new(),
            };
            // Each pick takes its words (one, when that varies), whether or
            // not the value reveals bits of all of them.
            let count = words.unwrap_or(pick.len().max(1));
            pick.resize(count.max(pick.len()), KnownBits::new(0, 0));
            known.extend(pick);
        }
        Some(known)
    }

    fn clone_box(&self) -> Box<dyn ErasedDraw> {
        Box::new(TokenDraw {
            token: self.token.clone(),
            pick: self.pick.clone(),
        })
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({:?}, {:?})", self.token, self.pick)
    }

    fn rng_type(&self) -> core::any::TypeId {
        self.pick.inner.rng_type()
    }

    fn engine_draw(&self) -> Option<&dyn Any> {
        None
    }

    fn common_draw(&self) -> Option<&CommonDraw> {
        None
    }

    fn token(&self) -> Option<(&TokenSpec, &Draw)> {
        Some((&self.token, &self.pick))
    }

    fn relations(&self, value: &ObservedValue, output_bits: u32) -> Vec<BitRelation> {
        // Relations sit at fixed word offsets only when each pick takes a
        // fixed number of words.
        let (Steps::Fixed(words), Ok(indices)) = (
            self.pick.steps(output_bits),
            self.token.indices(value.text()),
        ) else {
            return Vec::new();
        };
        let mut relations = Vec::new();
        for (at, index) in indices.into_iter().enumerate() {
            let Some(i) = index else { continue };
            let v = ObservedValue::from_integer(i128::from(self.token.idiom.first) + i as i128);
            for mut relation in self.pick.relations(&v, output_bits) {
                for term in &mut relation.terms {
                    term.0 += at * words as usize;
                }
                relations.push(relation);
            }
        }
        relations
    }
}

impl<G: Gen> ErasedDraw for TypedDraw<G> {
    fn eval(&self, rng: &mut Engine) -> DrawValue {
        match &self.kind {
            DrawKind::Common(c) => c.eval(rng),
            DrawKind::Engine(d) => {
                let Some(inner) = rng.downcast_mut::<G::Rng>() else {
                    panic!(
                        "a {} draw evaluated on a {} generator",
                        G::INFO.name,
                        rng.spec().name()
                    );
                };
                G::eval(d, inner)
            }
        }
    }

    fn steps(&self, output_bits: u32) -> Steps {
        match &self.kind {
            DrawKind::Common(c) => c.steps(output_bits),
            DrawKind::Engine(d) => G::steps(d),
        }
    }

    fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>> {
        match &self.kind {
            DrawKind::Common(c) => c.known_bits(value, output_bits),
            DrawKind::Engine(d) => G::known_bits(d, value),
        }
    }

    fn relations(&self, value: &ObservedValue, _: u32) -> Vec<BitRelation> {
        match &self.kind {
            DrawKind::Common(_) => Vec::new(),
            DrawKind::Engine(d) => G::relations(d, value),
        }
    }

    fn clone_box(&self) -> Box<dyn ErasedDraw> {
        Box::new(TypedDraw::<G> {
            kind: self.kind.clone(),
        })
    }

    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.kind, f)
    }

    fn rng_type(&self) -> core::any::TypeId {
        core::any::TypeId::of::<G::Rng>()
    }

    fn engine_draw(&self) -> Option<&dyn Any> {
        match &self.kind {
            DrawKind::Common(_) => None,
            DrawKind::Engine(d) => Some(d),
        }
    }

    fn common_draw(&self) -> Option<&CommonDraw> {
        match &self.kind {
            DrawKind::Common(c) => Some(c),
            DrawKind::Engine(_) => None,
        }
    }
}

/// A parsed draw, common or engine, of one GEN: what `gen` evaluates and an
/// observation names.
pub struct Draw {
    text: String,
    inner: Box<dyn ErasedDraw>,
}

impl Draw {
    /// Draws one value.
    ///
    /// # Panics
    /// When `rng` is not a generator of the GEN the draw was parsed for (or
    /// of one sharing its generator type).
    pub fn eval(&self, rng: &mut Engine) -> DrawValue {
        self.inner.eval(rng)
    }

    /// The raw steps it consumes on a generator with `output_bits`-bit words.
    pub fn steps(&self, output_bits: u32) -> Steps {
        self.inner.steps(output_bits)
    }

    /// The bits an observed value reveals (see [`Gen::known_bits`]).
    pub fn known_bits(&self, value: &ObservedValue, output_bits: u32) -> Option<Vec<KnownBits>> {
        self.inner.known_bits(value, output_bits)
    }

    /// The relations between raw-word bits an observed value implies
    /// beyond its known bits (see [`Gen::relations`]).
    pub fn relations(&self, value: &ObservedValue, output_bits: u32) -> Vec<BitRelation> {
        self.inner.relations(value, output_bits)
    }

    /// The draw as typed (`range-int 0 10`).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The GEN's own draw (its [`Gen::Draw`] type `D`) behind this one:
    /// `None` for the common draws (`u32`, `int MIN MAX`, ...) and for a
    /// `D` of another GEN. Analysis code reads its engine's draws from it.
    ///
    /// ```
    /// use rngkit::registry::{DynGen, Gen, of};
    /// use rngkit::runtimes::java::{JavaDraw, JavaGen};
    ///
    /// let java = of::<JavaGen>();
    /// let d = java.parse_draw("next-int", &["6"]).unwrap();
    /// assert_eq!(d.engine_draw::<JavaDraw>(), JavaGen::parse_draw("next-int", &["6"]).unwrap().as_ref());
    /// assert!(java.parse_draw("u32", &[]).unwrap().engine_draw::<JavaDraw>().is_none());
    /// ```
    pub fn engine_draw<D: 'static>(&self) -> Option<&D> {
        self.inner.engine_draw()?.downcast_ref()
    }

    /// The common draw behind this one (`u32`, `int MIN MAX`, ...), `None`
    /// for an engine draw: analysis code that evaluates draws on its own
    /// word source (a seed-search kernel) runs it through
    /// [`CommonDraw::eval`], which takes any `Rng`.
    ///
    /// ```
    /// use rngkit::draw::CommonDraw;
    /// use rngkit::registry::of;
    /// use rngkit::runtimes::python::PythonGen;
    ///
    /// let python = of::<PythonGen>();
    /// assert_eq!(python.parse_draw("u32", &[]).unwrap().common_draw(), Some(&CommonDraw::U32));
    /// assert!(python.parse_draw("random", &[]).unwrap().common_draw().is_none());
    /// ```
    pub fn common_draw(&self) -> Option<&CommonDraw> {
        self.inner.common_draw()
    }
}

impl Draw {
    /// For `token IDIOM ALPHABET LENGTH`: its arguments and the draw that
    /// picks each character (`floor 62` for CPython's `choices` over 62
    /// characters). Analyses read a token as that many picks.
    ///
    /// ```
    /// use rngkit::registry::of;
    /// use rngkit::runtimes::python::PythonGen;
    ///
    /// let python = of::<PythonGen>();
    /// let draw = python.parse_draw("token", &["choices", "a-zA-Z0-9", "32"]).unwrap();
    /// let (token, pick) = draw.token().unwrap();
    /// assert_eq!((token.alphabet.len(), token.length), (62, 32));
    /// assert_eq!(pick.text(), "floor 62");
    /// assert!(python.parse_draw("random", &[]).unwrap().token().is_none());
    /// ```
    pub fn token(&self) -> Option<(&TokenSpec, &Draw)> {
        self.inner.token()
    }
}

impl Clone for Draw {
    fn clone(&self) -> Self {
        Draw {
            text: self.text.clone(),
            inner: self.inner.clone_box(),
        }
    }
}

impl fmt::Debug for Draw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.debug(f)
    }
}

impl PartialEq for Draw {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text && self.inner.rng_type() == other.inner.rng_type()
    }
}

impl Clone for Engine {
    fn clone(&self) -> Self {
        Engine {
            spec: self.spec,
            rng: self.rng.clone_box(),
        }
    }
}

impl PartialEq for Engine {
    fn eq(&self, other: &Self) -> bool {
        self.spec.rng_type() == other.spec.rng_type() && self.rng.eq_dyn(&*other.rng)
    }
}

impl fmt::Debug for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.spec.name())?;
        self.rng.debug(f)?;
        f.write_str(")")
    }
}

// The boxed generator's own words and bytes.
crate::generators::impl_try_rng!(Engine, |self, dst|
    u32: self.rng.next_u32(),
    u64: self.rng.next_u64(),
    bytes: self.rng.fill_bytes(dst),
);

//! R's default random number generator (`RNGkind()` "Mersenne-Twister",
//! "Inversion", "Rejection"), bit for bit: `set.seed(S)`, `runif`,
//! `rnorm`, `sample(N, replace = TRUE)` and the pre-3.6 "Rounding"
//! sampler, and `rbinom` and `rpois` (module `dist`, with `exp_rand`).
//!
//! The generator is the plain [`Mt19937`] (one raw step is one
//! `MT_genrand()`); only the seeding differs. `set.seed(S)` (`RNG_Init` in
//! R's `src/main/RNG.c`) scrambles the seed with the LCG `x = 69069 x + 1`
//! 50 times, then fills R's 625 seed words (`dummy[0]`, the index `mti`,
//! then `mt[0..624]`) with the next 625 values of the same LCG; `FixupSeeds`
//! then sets `mti = 624`, so the first draw twists.
//!
//! R's `.Random.seed` is those words as signed 32-bit integers after the
//! kind code 10403 (Mersenne-Twister, Inversion, Rejection): `c(10403,
//! mti, mt[0..624])`. The `r` GEN reads it as R prints it (`[1] 10403 624
//! -169270483 ...`), as `dput` writes it (`c(10403L, 624L, ...)`) or as a
//! JSON array, and `rngkit state r --format json` prints the JSON array
//! (`jsonlite::toJSON(.Random.seed)`'s form). Its state words are
//! MT19937's: `left = 624 - mti`, then the block.
//!
//! ```
//! use rngkit::runtimes::r;
//!
//! // set.seed(1); runif(2); rnorm(1) (R 4.2.2, printed with %.17g)
//! let mut rng = r::set_seed(1);
//! assert_eq!(r::runif(&mut rng), 0.26550866314209998);
//! assert_eq!(r::runif(&mut rng), 0.37212389963679016);
//! assert_eq!(r::rnorm(&mut rng), 0.18364332422208224);
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

mod dist;

pub use dist::{MAX_RBINOM_SIZE, MAX_RPOIS_LAMBDA, exp_rand, rbinom, rpois};

use crate::draw::{DrawError, DrawValue, expect_args, no_args, one};
use crate::generators::Mt19937;
use crate::number::{parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::rand_core::Rng;
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::runtimes::python::{matching_interval, prefix};

/// The kind code `.Random.seed[1]` holds for R's defaults: 10000 x 1
/// (sample.kind "Rejection") + 100 x 4 (normal.kind "Inversion") + 3
/// ("Mersenne-Twister").
pub const KIND_CODE: i32 = 10403;

/// The LCG of R's seed scrambling and filling.
const fn lcg(x: u32) -> u32 {
    x.wrapping_mul(69069).wrapping_add(1)
}

/// `2^-32`, R's `MT_genrand` scale (`2.3283064365386963e-10`).
const TWO_M32: f64 = 1.0 / 4_294_967_296.0;
/// R's `i2_32m1`, `1 / (2^32 - 1)`, which `fixup` halves.
const I2_32M1: f64 = 2.328_306_437_080_797e-10;
/// R's `BIG` of the Inversion method, `2^27`.
const BIG: f64 = 134_217_728.0;

/// `set.seed(seed)` with R's default kinds.
///
/// ```
/// use rngkit::runtimes::r;
///
/// // set.seed(1); .Random.seed[1:4] is 10403 624 -169270483 -442010614
/// let rng = r::set_seed(1);
/// assert_eq!(r::random_seed(&rng)[..4], [10403, 624, -169270483, -442010614]);
/// ```
pub fn set_seed(seed: i32) -> Mt19937 {
    let mut x = seed as u32;
    for _ in 0..50 {
        x = lcg(x);
    }
    // dummy[0], the index, which FixupSeeds replaces by 624.
    x = lcg(x);
    let mut mt = [0u32; 624];
    for w in &mut mt {
        x = lcg(x);
        *w = x;
    }
    // 624 consecutive values of a full-period LCG are never all zero.
    Mt19937::from_state(mt, 0).expect("an LCG block is not all zero")
}

/// `.Random.seed` of a state: the kind code, `mti = 624 - left`, the block,
/// as signed integers.
pub fn random_seed(rng: &Mt19937) -> Vec<i32> {
    let mut out = Vec::with_capacity(626);
    out.push(KIND_CODE);
    out.push((624 - rng.left()) as i32);
    out.extend(rng.block().iter().map(|&w| w as i32));
    out
}

/// Reads `.Random.seed` text: 626 integers, the first a Mersenne-Twister
/// kind code (ending in 03), in R's printed form (`[1]` markers), `dput`'s
/// (`c(10403L, ...)`) or a JSON array. `None` when the text is none of
/// these (hex state words go on to the generic reader).
///
/// R reads an index `mti <= 0` as 624 (`FixupSeeds`), and so does this.
///
/// ```
/// use rngkit::runtimes::r;
///
/// let seed = r::random_seed(&r::set_seed(42));
/// let printed: Vec<String> = seed.iter().map(|w| w.to_string()).collect();
/// let text = format!("  [1] {}", printed.join(" "));
/// assert_eq!(r::parse_random_seed(&text), Some(Ok(r::set_seed(42))));
/// let dput = format!("c({}L)", printed.join("L, "));
/// assert_eq!(r::parse_random_seed(&dput), Some(Ok(r::set_seed(42))));
/// assert!(r::parse_random_seed("c(10403L, 624L)").unwrap().is_err());
/// ```
pub fn parse_random_seed(text: &str) -> Option<Result<Mt19937, String>> {
    let text = text.trim();
    let marked =
        text.starts_with("c(") || text.starts_with('[') || text.starts_with(".Random.seed");
    let mut tokens = Vec::new();
    // Words are separated by spaces, commas and parentheses; `[7]` line
    // markers, `c`, `.Random.seed` and `<-` are not values; a JSON array's
    // brackets and an `L` suffix are dropped.
    for t in text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')')) {
        if t.starts_with('[') && t.ends_with(']') {
            continue;
        }
        let t = t.trim_matches(|c| c == '[' || c == ']');
        let t = t.strip_suffix('L').unwrap_or(t);
        if t.is_empty() || matches!(t, "c" | "<-" | ".Random.seed") {
            continue;
        }
        match t.parse::<i64>() {
            Ok(v) => tokens.push(v),
            Err(_) if marked => {
                return Some(Err(format!(
                    ".Random.seed: {t:?} is not an integer (expected the 626 integers of .Random.seed)"
                )));
            }
            Err(_) => return None,
        }
    }
    if !marked && (tokens.len() != 626 || tokens[0] % 100 != 3) {
        return None;
    }
    Some(from_random_seed(&tokens))
}

fn from_random_seed(tokens: &[i64]) -> Result<Mt19937, String> {
    if tokens.len() != 626 {
        return Err(format!(
            ".Random.seed of the Mersenne-Twister has 626 integers (kind code, mti, 624 words), found {}",
            tokens.len()
        ));
    }
    if tokens[0].rem_euclid(100) != 3 {
        return Err(format!(
            ".Random.seed kind code {} is not the Mersenne-Twister's (10403 for R's defaults)",
            tokens[0]
        ));
    }
    let mut mt = [0u32; 624];
    for (slot, &t) in mt.iter_mut().zip(&tokens[2..]) {
        *slot = i32::try_from(t)
            .map_err(|_| format!(".Random.seed word {t} is not a 32-bit integer"))?
            as u32;
    }
    let mti = tokens[1];
    if mti > 624 {
        return Err(format!(
            ".Random.seed index {mti} is past 624 (625 is R's never-seeded marker: seed with set.seed)"
        ));
    }
    let mti = if mti <= 0 { 624 } else { mti };
    Mt19937::from_state(mt, (624 - mti) as u32).map_err(|e| format!("{}", e.naming("r")))
}

/// R's `fixup`: 0 becomes `i2_32m1 / 2` (1 cannot occur from 32 bits).
fn fixup(x: f64) -> f64 {
    if x <= 0.0 {
        0.5 * I2_32M1
    } else if 1.0 - x <= 0.0 {
        1.0 - 0.5 * I2_32M1
    } else {
        x
    }
}

/// `unif_rand()`: one word times `2^-32`, through `fixup`.
fn unif_of(y: u32) -> f64 {
    fixup(f64::from(y) * TWO_M32)
}

/// `runif(1)`: `unif_rand()`, one word in `(0, 1)`.
pub fn runif<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    unif_of(rng.next_u32())
}

/// `rnorm(1)` by Inversion: `u = (int)(BIG * unif_rand()) + unif_rand()`,
/// then `qnorm5(u / BIG, 0, 1, 1, 0)` (two words).
pub fn rnorm<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    let u1 = runif(rng);
    let u2 = runif(rng);
    inversion(u1, u2)
}

fn inversion(u1: f64, u2: f64) -> f64 {
    let u = f64::from((BIG * u1) as i32) + u2;
    qnorm(u / BIG)
}

/// The standard normal quantile as R's `qnorm5(p, 0, 1, TRUE, FALSE)`
/// (R 4.2): Wichura's AS 241 (`PPND16`, Applied Statistics 37 (1988),
/// 477-484), evaluated in R's order, with R's `log`; `-Inf` and `Inf` at 0
/// and 1, NaN outside.
///
/// ```
/// use rngkit::runtimes::r::qnorm;
///
/// assert_eq!(qnorm(0.5), 0.0);
/// // R 4.2.2: sprintf("%.17g", qnorm(0.975)), sprintf("%.17g", qnorm(1e-15))
/// assert_eq!(qnorm(0.975), 1.9599639845400536);
/// assert_eq!(qnorm(1e-15), -7.9413453261709952);
/// assert_eq!(qnorm(0.0), f64::NEG_INFINITY);
/// ```
pub fn qnorm(p: f64) -> f64 {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    let q = p - 0.5;
    // Horner's rule from the highest coefficient, as R writes it.
    let horner = |c: &[f64], x: f64| c.iter().fold(0.0, |acc, &k| acc * x + k);
    if q.abs() <= 0.425 {
        let r = 0.180625 - q * q;
        return q * horner(&A, r) / horner(&B, r);
    }
    let r = if q > 0.0 { 1.0 - p } else { p };
    let r = libm::sqrt(-crate::cmath::log(r));
    let val = if r <= 5.0 {
        let r = r - 1.6;
        horner(&C, r) / horner(&D, r)
    } else {
        let r = r - 5.0;
        horner(&E, r) / horner(&F, r)
    };
    if q < 0.0 { -val } else { val }
}

// AS 241's coefficients (Wichura 1988), highest degree first. The first
// step of each Horner fold is `0 * x + c[0]`, exactly `c[0]`, so the fold
// is R's `c[0] * x + c[1]` onwards.
#[allow(clippy::excessive_precision)] // the published digits, as R writes them
const A: [f64; 8] = [
    2509.0809287301226727,
    33430.575583588128105,
    67265.770927008700853,
    45921.953931549871457,
    13731.693765509461125,
    1971.5909503065514427,
    133.14166789178437745,
    3.387132872796366608,
];
#[allow(clippy::excessive_precision)] // the published digits, as R writes them
const B: [f64; 8] = [
    5226.495278852854561,
    28729.085735721942674,
    39307.89580009271061,
    21213.794301586595867,
    5394.1960214247511077,
    687.1870074920579083,
    42.313330701600911252,
    1.0,
];
#[allow(clippy::excessive_precision)] // the published digits, as R writes them
const C: [f64; 8] = [
    7.7454501427834140764e-4,
    0.0227238449892691845833,
    0.24178072517745061177,
    1.27045825245236838258,
    3.64784832476320460504,
    5.7694972214606914055,
    4.6303378461565452959,
    1.42343711074968357734,
];
#[allow(clippy::excessive_precision)] // the published digits, as R writes them
const D: [f64; 8] = [
    1.05075007164441684324e-9,
    5.475938084995344946e-4,
    0.0151986665636164571966,
    0.14810397642748007459,
    0.68976733498510000455,
    1.6763848301838038494,
    2.05319162663775882187,
    1.0,
];
#[allow(clippy::excessive_precision)] // the published digits, as R writes them
const E: [f64; 8] = [
    2.01033439929228813265e-7,
    2.71155556874348757815e-5,
    0.0012426609473880784386,
    0.026532189526576123093,
    0.29656057182850489123,
    1.7848265399172913358,
    5.4637849111641143699,
    6.6579046435011037772,
];
#[allow(clippy::excessive_precision)] // the published digits, as R writes them
const F: [f64; 8] = [
    2.04426310338993978564e-15,
    1.4215117583164458887e-7,
    1.8463183175100546818e-5,
    7.868691311456132591e-4,
    0.0148753612908506148525,
    0.13692988092273580531,
    0.59983220655588793769,
    1.0,
];

/// The largest `N` of `sample N` and `sample-rounding N` (R's `int`).
pub const MAX_SAMPLE: u64 = i32::MAX as u64;

/// `ceil(log2(n))`, the bits `R_unif_index` draws for `n >= 1`.
fn index_bits(n: u64) -> u32 {
    u64::BITS - (n - 1).leading_zeros()
}

/// `rbits(bits)`: `floor(unif_rand() * 65536)` (a word's top 16 bits)
/// for every 16 bits up to and including `bits`, most significant first,
/// masked to `bits` bits.
fn rbits<R: Rng + ?Sized>(rng: &mut R, bits: u32) -> u64 {
    let mut v = 0u64;
    for _ in 0..chunks(bits) {
        let v1 = (runif(rng) * 65536.0) as u64;
        v = (v << 16) | v1;
    }
    v & ((1u64 << bits) - 1)
}

/// Words `rbits(bits)` reads: one per 16 bits, `n = 0, 16, ... <= bits`.
const fn chunks(bits: u32) -> u32 {
    bits / 16 + 1
}

/// `R_unif_index(n)` with sample.kind "Rejection": `rbits(ceil(log2 n))`
/// retried while `>= n`; in `0..n`.
pub fn unif_index<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    let bits = index_bits(n);
    loop {
        let v = rbits(rng, bits);
        if v < n {
            return v;
        }
    }
}

/// One value of `sample(n, replace = TRUE)`: `R_unif_index(n) + 1`.
///
/// ```
/// use rngkit::runtimes::r;
///
/// // set.seed(1); sample(10, 3, replace = TRUE) is 9 4 7
/// let mut rng = r::set_seed(1);
/// let s: Vec<u64> = (0..3).map(|_| r::sample(&mut rng, 10)).collect();
/// assert_eq!(s, [9, 4, 7]);
/// ```
pub fn sample<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    unif_index(rng, n) + 1
}

/// One value of `sample(n, replace = TRUE)` under sample.kind "Rounding"
/// (R before 3.6.0): `floor(n * unif_rand()) + 1`.
pub fn sample_rounding<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    (n as f64 * runif(rng)) as u64 + 1
}

/// The `r` GEN: R's default generator.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::r::RGen;
///
/// let r = of::<RGen>();
/// let mut rng = r.seed(&Seed::from(1), &Default::default()).unwrap();
/// let runif = r.parse_draw("runif", &[]).unwrap();
/// assert_eq!(runif.eval(&mut rng).format(false), "0.2655086631421"); // 0.26550866314209998
/// assert!(r.parse_draw("sample", &["0"]).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RGen;

/// A parsed `r` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum RDraw {
    /// `runif`.
    Runif,
    /// `rnorm`.
    Rnorm,
    /// `sample N`, `1 <= N < 2^31`.
    Sample(u64),
    /// `sample-rounding N`, `1 <= N < 2^31`.
    SampleRounding(u64),
    /// `rbinom SIZE PROB`, `0 <= SIZE <= MAX_RBINOM_SIZE`, `0 <= PROB <= 1`.
    Rbinom {
        /// The number of trials.
        size: u32,
        /// The probability of success.
        prob: f64,
    },
    /// `rpois LAMBDA`, `0 <= LAMBDA <= MAX_RPOIS_LAMBDA`.
    Rpois(f64),
}

/// `rbinom SIZE PROB`'s arguments, checked.
fn parse_rbinom(args: &[&str]) -> Result<RDraw, DrawError> {
    const SYNTAX: &str = "rbinom SIZE PROB";
    expect_args(SYNTAX, args)?;
    let size = parse_int::<i64>(args[0])
        .ok()
        .and_then(|s| u32::try_from(s).ok())
        .filter(|&s| s <= MAX_RBINOM_SIZE)
        .ok_or_else(|| {
            DrawError::Invalid(format!(
                "invalid SIZE {}: `{SYNTAX}` needs a whole number 0 <= SIZE <= {MAX_RBINOM_SIZE} (R draws from 2^31 - 1 up by qbinom, which is not reproduced)",
                crate::error::shown(args[0], 32)
            ))
        })?;
    let prob = parse_f64(args[1])?;
    if !(0.0..=1.0).contains(&prob) {
        return Err(DrawError::Invalid(format!(
            "invalid PROB {prob}: `{SYNTAX}` needs a probability 0 <= PROB <= 1 (R gives NA)"
        )));
    }
    Ok(RDraw::Rbinom { size, prob })
}

/// `rpois LAMBDA`'s argument, checked.
fn parse_rpois(args: &[&str]) -> Result<RDraw, DrawError> {
    const SYNTAX: &str = "rpois LAMBDA";
    let lambda = one(SYNTAX, args, parse_f64)?;
    if !(0.0..=MAX_RPOIS_LAMBDA).contains(&lambda) {
        return Err(DrawError::Invalid(format!(
            "invalid LAMBDA {lambda}: `{SYNTAX}` needs a mean 0 <= LAMBDA <= 1e18 (R gives NA below 0)"
        )));
    }
    Ok(RDraw::Rpois(lambda))
}

/// The value a draw that reads no word gives (`rbinom` with SIZE 0 or
/// PROB 0 or 1, `rpois 0`), `None` for the others.
fn forced(draw: &RDraw) -> Option<u64> {
    match *draw {
        RDraw::Rbinom { size, prob } => {
            if size == 0 || prob == 0.0 {
                Some(0)
            } else if prob == 1.0 {
                Some(u64::from(size))
            } else {
                None
            }
        }
        RDraw::Rpois(lambda) => (lambda == 0.0).then_some(0),
        _ => None,
    }
}

/// Known bits of one word whose `unif_rand()` maps through the monotone
/// `f` to the observed value.
fn word_known(value: &ObservedValue, f: impl Fn(u64) -> f64) -> Option<KnownBits> {
    let (lo, hi) = matching_interval(0xffff_ffff, f, value)?;
    let k = prefix(lo, hi);
    Some(KnownBits::new(k.mask & 0xffff_ffff, k.value & 0xffff_ffff))
}

/// The interval of words whose `floor(n * unif_rand()) == v`.
fn rounding_known(n: u64, v: u64) -> Option<KnownBits> {
    let f = |y: u64| (n as f64 * unif_of(y as u32)) as u64;
    // The first word reaching v, and the first reaching v + 1.
    let first = |target: u64| {
        let (mut lo, mut hi) = (0u64, 1u64 << 32);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if f(mid) >= target {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    let (lo, end) = (first(v), first(v + 1));
    if lo >= end {
        return None;
    }
    let k = prefix(lo, end - 1);
    Some(KnownBits::new(k.mask & 0xffff_ffff, k.value & 0xffff_ffff))
}

/// Known bits of the words behind `R_unif_index(n) == v` when no retry can
/// happen (`n` a power of two): each word's top 16 bits, as far as the mask
/// keeps them.
fn index_known(n: u64, v: u64) -> Option<Vec<KnownBits>> {
    if v >= n {
        return None;
    }
    let bits = index_bits(n);
    let c = chunks(bits);
    Some(
        (0..c)
            .map(|k| {
                let shift = 16 * (c - 1 - k);
                let kept = bits.saturating_sub(shift).min(16);
                let field = (v >> shift) & ((1u64 << kept) - 1);
                KnownBits::new(((1u64 << kept) - 1) << 16, field << 16)
            })
            .collect(),
    )
}

/// The known bits of the 59-bit `k` (the first word's top 27 bits, then
/// the second word) behind an observed `rnorm`. `u / BIG` grows with `k`
/// and `qnorm` with `u`, but AS 241's rounding can step back by an ulp or
/// so, so the interval is taken with a margin far above that (10^-12
/// relative) beside the observation's own tolerance: every `k` giving the
/// value lies inside, which keeps the bits sound.
fn rnorm_known(value: &ObservedValue) -> Option<KnownBits> {
    let target = value.as_f64()?;
    if !target.is_finite() {
        return None;
    }
    let f = |k: u64| inversion(unif_of((k >> 32 << 5) as u32), unif_of(k as u32));
    let slack = value.tolerance() + target.abs() * 1e-12 + 1e-300;
    // The first k whose value passes `t` (`>=`, or `>` when `strict`).
    let first = |t: f64, strict: bool| {
        let (mut lo, mut hi) = (0u64, 1u64 << 59);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let v = f(mid);
            if v > t || (!strict && v == t) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    let (lo, end) = (first(target - slack, false), first(target + slack, true));
    if lo >= end {
        return None;
    }
    let k = prefix(lo, end - 1);
    Some(KnownBits::new(k.mask & ((1 << 59) - 1), k.value))
}

impl crate::registry::Gen for RGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "sample",
            call: "paste(ALPHABET[sample(n, LENGTH, replace = TRUE)], collapse = \"\"): sample(n) a character",
            pick: "sample {n}",
            first: 1,
        }]
    }

    type Rng = Mt19937;
    type Draw = RDraw;

    const INFO: GenInfo = GenInfo {
        name: "r",
        aliases: &["r-mt", "rlang"],
        summary: "R's default generator (Mersenne-Twister, Inversion, Rejection; RNG.c)",
        seed_kind: SeedKind::I32,
        seed_doc: "set.seed(S), a 32-bit int: S scrambled by x = 69069 x + 1 fifty times, the next 625 values fill mti and mt[0..624], mti = 624",
        state_doc: "625 words of 32 bits: `left` (624 - mti), then mt[0..624], as mt19937; or R's .Random.seed (626 integers: 10403, mti, the 624 words, printed, dput or JSON)",
        has_stream: false,
        versions: "R's default RNGkind (Rejection sampling is the default since R 3.6.0; sources: RNG.c, snorm.c, qnorm.c's AS 241, rbinom.c, rpois.c, sexp.c); verified against R 4.2.2 (tests/runtime_r.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Mt19937, SeedError> {
        // Validated as a 32-bit seed already; R's Int32 is the int's bits.
        let s = seed.low_u64() as u32 as i32;
        if s == i32::MIN {
            // R's NA_integer_: set.seed refuses it.
            return Err(SeedError(
                "set.seed(-2147483648) is an error in R (that int is NA): R's seeds are -2147483647..=2147483647".into(),
            ));
        }
        Ok(set_seed(s))
    }

    fn parse_state(text: &str) -> Option<Result<Mt19937, String>> {
        parse_random_seed(text)
    }

    fn format_state_json(rng: &Mt19937) -> Option<String> {
        let words: Vec<String> = random_seed(rng).iter().map(|w| format!("{w}")).collect();
        Some(format!("[{}]", words.join(",")))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[crate::registry::BareDraw {
            draw: "runif",
            yields: crate::registry::Yields::Unit { bits: 32 },
        }]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "runif",
                help: "runif(1): one word times 2^-32 (0 becomes 2^-33 / (1 - 2^-32)), in (0, 1) (1 step)",
            },
            DrawInfo {
                syntax: "rnorm",
                help: "rnorm(1), Inversion: u = floor(2^27 runif) + runif, qnorm(u / 2^27) by AS 241 (2 steps)",
            },
            DrawInfo {
                syntax: "sample N",
                help: "one value of sample(N, replace = TRUE), 1 <= N < 2^31, Rejection: the top 16 bits of ceil(log2 N) / 16 + 1 words, masked to ceil(log2 N) bits, retried while >= N, plus 1 (fixed steps when N is a power of two, else variable)",
            },
            DrawInfo {
                syntax: "sample-rounding N",
                help: "one value of sample(N, replace = TRUE) with sample.kind \"Rounding\" (R before 3.6.0): floor(N runif) + 1 (1 step)",
            },
            DrawInfo {
                syntax: "rbinom SIZE PROB",
                help: "one value of rbinom(1, SIZE, PROB), 0 <= SIZE < 2^31 - 1, 0 <= PROB <= 1: inversion while SIZE min(PROB, 1 - PROB) < 30, else BTPE (Kachitvichyanukul & Schmeiser 1988) (variable steps; none for SIZE 0, PROB 0 or 1)",
            },
            DrawInfo {
                syntax: "rpois LAMBDA",
                help: "one value of rpois(1, LAMBDA), 0 <= LAMBDA <= 1e18: inversion over P(X <= k) below 10, else Ahrens & Dieter's PD (1982: rnorm, then squeeze, quotient or exp_rand hat tests) (variable steps; none for 0)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<RDraw>, DrawError> {
        let draw = match name {
            "runif" => return no_args(RDraw::Runif, name, args),
            "rnorm" => return no_args(RDraw::Rnorm, name, args),
            "sample" | "sample-rounding" => {
                let syntax = if name == "sample" {
                    "sample N"
                } else {
                    "sample-rounding N"
                };
                let n = one(syntax, args, parse_int::<u64>)?;
                if n == 0 || n > MAX_SAMPLE {
                    return Err(DrawError::Invalid(format!(
                        "invalid argument {n}: `{syntax}` needs 1 <= N <= {MAX_SAMPLE}"
                    )));
                }
                if name == "sample" {
                    RDraw::Sample(n)
                } else {
                    RDraw::SampleRounding(n)
                }
            }
            "rbinom" => parse_rbinom(args)?,
            "rpois" => parse_rpois(args)?,
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &RDraw, rng: &mut Mt19937) -> DrawValue {
        match *draw {
            RDraw::Runif => DrawValue::F64(runif(rng)),
            RDraw::Rnorm => DrawValue::F64(rnorm(rng)),
            RDraw::Sample(n) => DrawValue::U64(sample(rng, n)),
            RDraw::SampleRounding(n) => DrawValue::U64(sample_rounding(rng, n)),
            RDraw::Rbinom { size, prob } => DrawValue::U64(u64::from(rbinom(rng, size, prob))),
            RDraw::Rpois(lambda) => DrawValue::U64(rpois(rng, lambda)),
        }
    }

    fn steps(draw: &RDraw) -> Steps {
        match *draw {
            RDraw::Runif | RDraw::SampleRounding(_) => Steps::Fixed(1),
            RDraw::Rnorm => Steps::Fixed(2),
            RDraw::Sample(n) if n.is_power_of_two() => {
                Steps::Fixed(u64::from(chunks(index_bits(n))))
            }
            RDraw::Sample(_) => Steps::Variable,
            RDraw::Rbinom { .. } | RDraw::Rpois(_) if forced(draw).is_some() => Steps::Fixed(0),
            // A variable number of uniforms (and normals) per value.
            RDraw::Rbinom { .. } | RDraw::Rpois(_) => Steps::Variable,
        }
    }

    fn known_bits(draw: &RDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            RDraw::Runif => Some(alloc::vec![word_known(value, |y| unif_of(y as u32))?]),
            RDraw::Rnorm => {
                let k = rnorm_known(value)?;
                Some(alloc::vec![
                    KnownBits::new((k.mask >> 32) << 5, (k.value >> 32) << 5),
                    KnownBits::new(k.mask & 0xffff_ffff, k.value & 0xffff_ffff),
                ])
            }
            RDraw::Sample(n) if n.is_power_of_two() => {
                index_known(n, value.as_u64()?.checked_sub(1)?)
            }
            RDraw::Sample(_) => Some(Vec::new()),
            RDraw::SampleRounding(n) => {
                let v = value.as_u64()?.checked_sub(1)?;
                if v >= n {
                    return None;
                }
                Some(alloc::vec![rounding_known(n, v)?])
            }
            // No word's bits follow from a value alone; only impossible
            // values are refused.
            RDraw::Rbinom { size, .. } => {
                let v = value.as_u64()?;
                match forced(draw) {
                    Some(f) if v != f => None,
                    _ if v > u64::from(size) => None,
                    _ => Some(Vec::new()),
                }
            }
            RDraw::Rpois(_) => {
                let v = value.as_u64()?;
                match forced(draw) {
                    Some(f) if v != f => None,
                    _ => Some(Vec::new()),
                }
            }
        }
    }
}

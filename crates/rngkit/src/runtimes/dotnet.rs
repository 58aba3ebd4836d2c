//! The seeded `System.Random` of .NET: Knuth's subtractive generator as
//! Microsoft adapted it from Numerical Recipes, with its quirks.
//!
//! `new Random(seed)` computes the same stream in .NET Framework (the 4.x
//! reference source, `referencesource/mscorlib/system/random.cs`), in .NET
//! Core and .NET 5 and,
//! for compatibility, in .NET 6+ (`Random.Net5CompatImpl.cs`,
//! `Net5CompatSeedImpl` / `CompatPrng`; only the unseeded `new Random()`
//! moved to xoshiro256**), and in Mono releases that ship Microsoft's code
//! (Mono 6.8's `mscorlib` has .NET Core's `Random` with its `_seedArray`,
//! `_inext`, `_inextp` fields; `mono/mono` also carries the Framework's
//! `referencesource/mscorlib/system/random.cs`). Mono's early own
//! `mcs/class/corlib/System/Random.cs` differed: no `int.MaxValue - 1`
//! adjustment, `Next()` as `(int)(Sample() * int.MaxValue)`, a rounding
//! fix-up in `Next(min, max)`, bytes as `(byte)(Sample() * 256)` and an
//! `OverflowException` for `int.MinValue`. The quirks kept for
//! compatibility:
//!
//! * the seed table has 56 entries, index 0 never used;
//! * the second index starts at 21 where Knuth's lag is 31
//!   (`inextp = 21`), so the generator is not Knuth's `ran3`;
//! * `Math.Abs(seed)`, with `int.MinValue` taken as `int.MaxValue`;
//! * a sample equal to `int.MaxValue` is turned into `int.MaxValue - 1`, so
//!   `Next()` is in `[0, int.MaxValue - 1]`;
//! * `Next(min, max)` with `max - min > int.MaxValue` uses two samples
//!   (`GetSampleForLargeRange`), the second one's parity giving a sign.
//!
//! One raw step of this crate is one `InternalSample()`; its output word is
//! the sample, a non-negative `int`.
//!
//! ```
//! use rngkit::runtimes::dotnet::DotnetRandom;
//!
//! // Values printed by Mono 6.8.
//! let mut rng = DotnetRandom::new(0);
//! assert_eq!(rng.next(), 1559595546);
//! assert_eq!(rng.next(), 1755192844);
//! assert_eq!(rng.next_double(), 0.76802268939466345);
//! ```

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use rand_core::SeedableRng;

use super::java::parse_byte_count;
use crate::draw::{DrawError, DrawValue};
use crate::engines::EngineError;
use crate::generators::impl_rng_u32;
use crate::number::parse_int;
use crate::observe::{KnownBits, ObservedValue, interval_known, prefix_known};
use crate::registry::{DrawInfo, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};
use crate::state::check_count;
use crate::{StateError, StateWords};

/// `MBIG`: the modulus, `int.MaxValue`.
const MBIG: i32 = i32::MAX;
/// `MSEED`: 161803398, from the golden ratio.
const MSEED: i32 = 161_803_398;
/// `1.0 / int.MaxValue`, as C# folds the constant.
const INV_MBIG: f64 = 1.0 / MBIG as f64;
/// The divisor of `GetSampleForLargeRange`: `2u * int.MaxValue - 1` in
/// unsigned arithmetic.
const LARGE_RANGE_DIVISOR: f64 = (2 * MBIG as u32 - 1) as f64;
/// Table size: 55 words at indices 1..=55, index 0 unused.
pub const TABLE_LEN: usize = 56;
/// The engine name used in errors.
const ENGINE: &str = "dotnet-legacy";

/// Seeded `System.Random`: `SeedArray[56]`, `inext`, `inextp`.
///
/// ```
/// use rngkit::runtimes::dotnet::DotnetRandom;
///
/// // Mono 6.8: new Random(int.MinValue) (seeded as int.MaxValue).
/// let mut rng = DotnetRandom::new(i32::MIN);
/// assert_eq!(rng.next(), 1559595546);
/// assert_eq!(rng.try_next_range(i32::MIN, i32::MAX), Ok(-1755192846));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DotnetRandom {
    seed_array: [i32; TABLE_LEN],
    inext: u8,
    inextp: u8,
}

impl DotnetRandom {
    /// `new Random(seed)`. C#'s `int` arithmetic is unchecked and wraps;
    /// the seeding relies on it for seeds above `MSEED`.
    pub fn new(seed: i32) -> Self {
        let mut table = [0i32; TABLE_LEN];
        let subtraction = if seed == i32::MIN { MBIG } else { seed.abs() };
        let mut mj = MSEED.wrapping_sub(subtraction);
        table[55] = mj;
        let mut mk: i32 = 1;
        // Fill in the order 21, 42, 8, 29, ... (21 i mod 55).
        let mut ii = 0usize;
        for _ in 1..55 {
            ii += 21;
            if ii >= 55 {
                ii -= 55;
            }
            table[ii] = mk;
            mk = mj.wrapping_sub(mk);
            if mk < 0 {
                mk = mk.wrapping_add(MBIG);
            }
            mj = table[ii];
        }
        // Four warm-up passes: table[i] -= table[1 + (i + 30) mod 55].
        for _ in 1..5 {
            for i in 1..56 {
                let mut n = i + 30;
                if n >= 55 {
                    n -= 55;
                }
                table[i] = table[i].wrapping_sub(table[1 + n]);
                if table[i] < 0 {
                    table[i] = table[i].wrapping_add(MBIG);
                }
            }
        }
        DotnetRandom {
            seed_array: table,
            inext: 0,
            inextp: 21,
        }
    }

    /// A generator from its fields.
    ///
    /// # Errors
    /// [`StateError::OutOfRange`] when `inext` or `inextp` is above 55.
    pub fn from_parts(
        seed_array: [i32; TABLE_LEN],
        inext: u32,
        inextp: u32,
    ) -> Result<Self, StateError> {
        for (index, value) in [(TABLE_LEN, inext), (TABLE_LEN + 1, inextp)] {
            if value > 55 {
                return Err(StateError::OutOfRange {
                    generator: ENGINE,
                    index,
                    found: u64::from(value),
                    expected: "an index into the table, 0 to 55",
                });
            }
        }
        Ok(DotnetRandom {
            seed_array,
            inext: inext as u8,
            inextp: inextp as u8,
        })
    }

    /// `SeedArray`, index 0 unused.
    pub const fn seed_array(&self) -> &[i32; TABLE_LEN] {
        &self.seed_array
    }

    /// `inext` and `inextp`: the table indices of the last sample and of its
    /// partner (`0` and `21` after seeding; both advance by one, 55 wrapping
    /// to 1).
    pub const fn indices(&self) -> (u32, u32) {
        (self.inext as u32, self.inextp as u32)
    }

    /// `InternalSample()`: one raw step.
    #[inline]
    pub fn internal_sample(&mut self) -> i32 {
        let advance = |i: u8| if i >= 55 { 1 } else { i + 1 };
        let inext = advance(self.inext);
        let inextp = advance(self.inextp);
        let mut value =
            self.seed_array[inext as usize].wrapping_sub(self.seed_array[inextp as usize]);
        if value == MBIG {
            value -= 1;
        }
        if value < 0 {
            value = value.wrapping_add(MBIG);
        }
        self.seed_array[inext as usize] = value;
        self.inext = inext;
        self.inextp = inextp;
        value
    }

    #[inline]
    pub(crate) fn next_output(&mut self) -> u32 {
        self.internal_sample() as u32
    }

    /// `Sample()`: `InternalSample() * (1.0 / int.MaxValue)`, in `[0, 1)`.
    #[inline]
    pub fn sample(&mut self) -> f64 {
        f64::from(self.internal_sample()) * INV_MBIG
    }

    /// `Next()`: `InternalSample()`, in `[0, int.MaxValue)`.
    // Named after .NET's `Next()`; not an iterator.
    #[allow(clippy::should_implement_trait)]
    #[inline]
    pub fn next(&mut self) -> i32 {
        self.internal_sample()
    }

    /// `Next(maxValue)`: `(int)(Sample() * maxValue)`; `Next(0)` is 0 and
    /// still takes a step.
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] for a negative `max_value` (.NET throws
    /// `ArgumentOutOfRangeException`); nothing is consumed.
    pub fn try_next_max(&mut self, max_value: i32) -> Result<i32, EngineError> {
        if max_value < 0 {
            return Err(EngineError::EmptyRange {
                engine: ENGINE,
                min: 0,
                max: i64::from(max_value),
            });
        }
        Ok((self.sample() * f64::from(max_value)) as i32)
    }

    /// `Next(minValue, maxValue)`: `(int)(Sample() * range) + minValue` for
    /// `range = max - min <= int.MaxValue` (one step; `min == max` gives
    /// `min`), otherwise `(int)((long)(GetSampleForLargeRange() * range) + min)`
    /// (two steps).
    ///
    /// # Errors
    /// [`EngineError::EmptyRange`] when `min_value > max_value` (.NET throws
    /// `ArgumentOutOfRangeException`); nothing is consumed.
    pub fn try_next_range(&mut self, min_value: i32, max_value: i32) -> Result<i32, EngineError> {
        if min_value > max_value {
            return Err(EngineError::EmptyRange {
                engine: ENGINE,
                min: i64::from(min_value),
                max: i64::from(max_value),
            });
        }
        let range = i64::from(max_value) - i64::from(min_value);
        Ok(if range <= i64::from(MBIG) {
            ((self.sample() * range as f64) as i32).wrapping_add(min_value)
        } else {
            ((self.sample_for_large_range() * range as f64) as i64 + i64::from(min_value)) as i32
        })
    }

    /// `GetSampleForLargeRange()`: a sample, negated when a second sample is
    /// even, mapped to `[0, 1)` over `2 * int.MaxValue - 1` values.
    fn sample_for_large_range(&mut self) -> f64 {
        let mut result = self.internal_sample();
        if self.internal_sample() % 2 == 0 {
            result = result.wrapping_neg();
        }
        let mut d = f64::from(result);
        d += f64::from(MBIG - 1);
        d / LARGE_RANGE_DIVISOR
    }

    /// `NextDouble()`: `Sample()`.
    #[inline]
    pub fn next_double(&mut self) -> f64 {
        self.sample()
    }

    /// `NextBytes(buffer)`: the low byte of one `InternalSample()` per byte.
    ///
    /// ```
    /// use rngkit::runtimes::dotnet::DotnetRandom;
    /// let mut bytes = [0u8; 4];
    /// DotnetRandom::new(0).next_bytes(&mut bytes);
    /// assert_eq!(bytes, [0x1a, 0x0c, 0x46, 0x6f]); // Mono 6.8
    /// ```
    pub fn next_bytes(&mut self, buffer: &mut [u8]) {
        for b in buffer {
            *b = self.internal_sample() as u8;
        }
    }
}

impl_rng_u32!(DotnetRandom, scalar);

impl SeedableRng for DotnetRandom {
    /// The `int` seed, little-endian.
    type Seed = [u8; 4];

    fn from_seed(seed: Self::Seed) -> Self {
        Self::new(i32::from_le_bytes(seed))
    }

    /// `new Random((int)seed)` (the low 32 bits).
    fn seed_from_u64(seed: u64) -> Self {
        Self::new(seed as u32 as i32)
    }
}

/// The state words: the 56 table words `SeedArray[0..56]` (index 0 unused,
/// kept so that word `i` is `SeedArray[i]`) as the `int`s' 32-bit patterns,
/// then `inext`, then `inextp` (each 0 to 55): 58 words of 32 bits.
///
/// ```
/// use rngkit::runtimes::dotnet::DotnetRandom;
/// use rngkit::StateWords;
///
/// let rng = DotnetRandom::new(1);
/// let words = rng.to_words();
/// assert_eq!(words.len(), 58);
/// assert_eq!(&words[56..], [0, 21]);
/// assert_eq!(DotnetRandom::from_words(&words).unwrap(), rng);
/// ```
impl StateWords for DotnetRandom {
    const NAME: &'static str = "dotnet-legacy";
    const WORD_BITS: u32 = 32;
    const WORD_COUNT: usize = TABLE_LEN + 2;
    /// 55 table entries below 2^31 - 1 (31 bits each); the two indices are
    /// a position.
    const FREE_BITS: u32 = 55 * 31;

    fn to_words(&self) -> Vec<u64> {
        let mut words: Vec<u64> = self
            .seed_array
            .iter()
            .map(|&w| u64::from(w as u32))
            .collect();
        words.push(u64::from(self.inext));
        words.push(u64::from(self.inextp));
        words
    }

    fn from_words(words: &[u64]) -> Result<Self, StateError> {
        check_count(Self::NAME, Self::WORD_COUNT, words.len())?;
        let mut narrow = [0u32; TABLE_LEN + 2];
        for (index, (slot, &word)) in narrow.iter_mut().zip(words).enumerate() {
            *slot = u32::try_from(word).map_err(|_| StateError::WordTooWide {
                generator: Self::NAME,
                index,
                bits: 32,
            })?;
        }
        let mut table = [0i32; TABLE_LEN];
        for (t, &w) in table.iter_mut().zip(&narrow) {
            *t = w as i32;
        }
        Self::from_parts(table, narrow[TABLE_LEN], narrow[TABLE_LEN + 1])
    }
}

// ---------------------------------------------------------------------------
// The `dotnet-legacy` GEN.

/// The `dotnet-legacy` GEN: seeded `System.Random`.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::runtimes::dotnet::DotnetLegacyGen;
///
/// let g = of::<DotnetLegacyGen>();
/// let mut rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
/// let d = g.parse_draw("next", &[]).unwrap();
/// assert_eq!(d.eval(&mut rng).format(false), "1559595546"); // Mono 6.8
/// assert!(g.parse_draw("next", &["5", "4"]).is_err()); // MIN > MAX throws in .NET
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct DotnetLegacyGen;

/// A parsed `dotnet-legacy` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum DotnetDraw {
    /// `next`: `Next()`.
    Next,
    /// `next MAX`: `Next(max)`, `max >= 0`.
    NextMax(i32),
    /// `next MIN MAX`: `Next(min, max)`, `min <= max`.
    NextRange(i32, i32),
    /// `next-double`: `NextDouble()`.
    NextDouble,
    /// `next-bytes N`: `NextBytes(new byte[n])`.
    NextBytes(u32),
}

impl crate::registry::Gen for DotnetLegacyGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "next",
            call: "ALPHABET[random.Next(ALPHABET.Length)] a character",
            pick: "next {n}",
            first: 0,
        }]
    }

    type Rng = DotnetRandom;
    type Draw = DotnetDraw;

    const INFO: GenInfo = GenInfo {
        name: "dotnet-legacy",
        aliases: &["dotnet-seeded", "net5-compat"],
        summary: "seeded System.Random of .NET Framework, .NET (Net5CompatSeedImpl) and \
                  Mono: Knuth's subtractive generator with Microsoft's quirks",
        seed_kind: SeedKind::I32,
        seed_doc: "new Random(S): Math.Abs(S) (int.MinValue as int.MaxValue) subtracted \
                   from 161803398, then the 55-word table and four warm-up passes",
        state_doc: "58 words of 32 bits: SeedArray[0..56] (index 0 unused), inext, inextp",
        has_stream: false,
        versions: ".NET Framework 4.x (reference source), .NET Core, .NET 5, .NET 6+ with a seed \
                   (Net5CompatSeedImpl), Mono with Microsoft's class (6.8 verified); oracle: \
                   Mono 6.8 (tests/runtime_dotnet.rs)",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<DotnetRandom, SeedError> {
        Ok(DotnetRandom::new(seed.low_u64() as u32 as i32))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[
            crate::registry::BareDraw {
                draw: "next-double",
                yields: crate::registry::Yields::Unit { bits: 31 },
            },
            crate::registry::BareDraw {
                draw: "next",
                yields: crate::registry::Yields::Int {
                    bits: 31,
                    signed: false,
                },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "next",
                help: "Next(): the sample, 0 <= x < int.MaxValue, the whole output word (1 step)",
            },
            DrawInfo {
                syntax: "next MAX",
                help: "Next(max), MAX >= 0: (int)(sample / int.MaxValue * max) (1 step)",
            },
            DrawInfo {
                syntax: "next MIN MAX",
                help: "Next(min, max), MIN <= MAX: (int)(sample / int.MaxValue * (max - min)) + \
                       min (1 step); when max - min > int.MaxValue, GetSampleForLargeRange \
                       (2 steps)",
            },
            DrawInfo {
                syntax: "next-double",
                help: "NextDouble(): sample / int.MaxValue (1 step)",
            },
            DrawInfo {
                syntax: "next-bytes N",
                help: "NextBytes(new byte[N]) as hex: the low byte of one sample per byte \
                       (N steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<DotnetDraw>, DrawError> {
        let draw = match name {
            "next" => match *args {
                [] => DotnetDraw::Next,
                [max] => {
                    let max = parse_int::<i32>(max)?;
                    if max < 0 {
                        return Err(DrawError::Invalid(format!(
                            "`next MAX` needs MAX >= 0 (.NET throws \
                             ArgumentOutOfRangeException), got {max}"
                        )));
                    }
                    DotnetDraw::NextMax(max)
                }
                [min, max] => {
                    let min = parse_int::<i32>(min)?;
                    let max = parse_int::<i32>(max)?;
                    if min > max {
                        return Err(DrawError::Invalid(format!(
                            "`next MIN MAX` needs MIN <= MAX (.NET throws \
                             ArgumentOutOfRangeException), got {min} and {max}"
                        )));
                    }
                    DotnetDraw::NextRange(min, max)
                }
                _ => {
                    return Err(DrawError::Invalid(format!(
                        "`next` takes no arguments, MAX, or MIN MAX; found {} arguments",
                        args.len()
                    )));
                }
            },
            "next-double" => {
                crate::draw::expect_args("next-double", args)?;
                DotnetDraw::NextDouble
            }
            "next-bytes" => DotnetDraw::NextBytes(parse_byte_count("next-bytes N", args)?),
            _ => return Ok(None),
        };
        Ok(Some(draw))
    }

    fn eval(draw: &DotnetDraw, rng: &mut DotnetRandom) -> DrawValue {
        match *draw {
            DotnetDraw::Next => DrawValue::I32(rng.next()),
            DotnetDraw::NextMax(max) => DrawValue::I32(rng.try_next_max(max.max(0)).unwrap_or(0)),
            DotnetDraw::NextRange(min, max) => {
                DrawValue::I32(rng.try_next_range(min, max.max(min)).unwrap_or(min))
            }
            DotnetDraw::NextDouble => DrawValue::F64(rng.next_double()),
            DotnetDraw::NextBytes(n) => {
                let mut bytes = vec![0u8; n as usize];
                rng.next_bytes(&mut bytes);
                DrawValue::Bytes(bytes)
            }
        }
    }

    fn steps(draw: &DotnetDraw) -> Steps {
        match *draw {
            DotnetDraw::Next | DotnetDraw::NextMax(_) | DotnetDraw::NextDouble => Steps::Fixed(1),
            DotnetDraw::NextRange(min, max) => {
                if i64::from(max) - i64::from(min) > i64::from(MBIG) {
                    Steps::Fixed(2)
                } else {
                    Steps::Fixed(1)
                }
            }
            DotnetDraw::NextBytes(n) => Steps::Fixed(u64::from(n)),
        }
    }

    /// The generator is additive modulo `2^31 - 1`, not F2-linear; these are
    /// the exact bits of each sample that a value pins down, for a lattice or
    /// brute-force search: the prefix shared by every sample that maps to the
    /// value (scaled draws), the low byte (`next-bytes`), and for the large
    /// range the second sample's parity where the sign is known.
    fn known_bits(draw: &DotnetDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        let sample_max = (MBIG - 1) as u32;
        match *draw {
            DotnetDraw::Next => {
                let v = value.as_i32()?;
                (0..MBIG)
                    .contains(&v)
                    .then(|| vec![KnownBits::new(0xffff_ffff, v as u64)])
            }
            DotnetDraw::NextMax(max) => {
                let v = value.as_i32()?;
                if max == 0 {
                    return (v == 0).then(Vec::new);
                }
                if !(0..max).contains(&v) {
                    return None;
                }
                let scaled = |x: u32| (f64::from(x) * INV_MBIG * f64::from(max)) as i32;
                sample_interval(
                    |x| scaled(x) == v,
                    f64::from(v) / f64::from(max),
                    sample_max,
                )
            }
            DotnetDraw::NextRange(min, max) => {
                let v = value.as_i32()?;
                let range = i64::from(max) - i64::from(min);
                if range == 0 {
                    return (v == min).then(Vec::new);
                }
                if v < min || v >= max {
                    return None;
                }
                if range <= i64::from(MBIG) {
                    let scaled = |x: u32| {
                        ((f64::from(x) * INV_MBIG * range as f64) as i32).wrapping_add(min)
                    };
                    let offset = i64::from(v) - i64::from(min);
                    sample_interval(|x| scaled(x) == v, offset as f64 / range as f64, sample_max)
                } else {
                    large_range_known(min, range, v)
                }
            }
            DotnetDraw::NextDouble => {
                let target = value.as_f64()?;
                sample_interval(
                    |x| value.matches_f64(f64::from(x) * INV_MBIG),
                    target,
                    sample_max,
                )
            }
            DotnetDraw::NextBytes(n) => {
                let bytes = value.as_bytes()?;
                (bytes.len() == n as usize).then(|| {
                    bytes
                        .iter()
                        .map(|&b| KnownBits::new(0xff, u64::from(b)))
                        .collect()
                })
            }
        }
    }
}

/// The common prefix of the samples `x` (in `0..=sample_max`) with
/// `matches(x)`, a predicate holding on one interval; `fraction` is where
/// that interval starts, as a fraction of the sample range.
fn sample_interval(
    matches: impl Fn(u32) -> bool,
    fraction: f64,
    sample_max: u32,
) -> Option<Vec<KnownBits>> {
    let in_range = |x: u32| x <= sample_max && matches(x);
    let guess = fraction * f64::from(MBIG);
    Some(vec![interval_known(in_range, guess)?])
}

/// `Next(min, max)` with `max - min > int.MaxValue`: the signed sample
/// `r = ±x` lies in an interval (the mapping is monotone in `r`); its sign
/// gives the second sample's parity (odd for positive, even for negative).
fn large_range_known(min: i32, range: i64, v: i32) -> Option<Vec<KnownBits>> {
    let limit = i64::from(MBIG - 1);
    let value_of = |r: i64| -> i64 {
        let d = (r as f64 + f64::from(MBIG - 1)) / LARGE_RANGE_DIVISOR;
        i64::from(((d * range as f64) as i64 + i64::from(min)) as i32)
    };
    let target = i64::from(v);
    // value_of is nondecreasing in r on [-limit, limit]: find the first r
    // with value >= target and the first with value > target.
    let first_at_least = |t: i64| -> i64 {
        let (mut lo, mut hi) = (-limit, limit + 1);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if value_of(mid) >= t {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        lo
    };
    let r_lo = first_at_least(target);
    let r_hi = first_at_least(target + 1) - 1;
    if r_lo > r_hi || r_lo > limit || value_of(r_lo) != target {
        return None;
    }
    let unknown = KnownBits::new(0, 0);
    Some(if r_lo > 0 {
        vec![prefix_known(r_lo as u32, r_hi as u32), KnownBits::new(1, 1)]
    } else if r_hi < 0 {
        vec![
            prefix_known((-r_hi) as u32, (-r_lo) as u32),
            KnownBits::new(1, 0),
        ]
    } else {
        // Zero is inside: the sample is at most max(-r_lo, r_hi), any parity.
        let top = (-r_lo).max(r_hi) as u32;
        vec![prefix_known(0, top), unknown]
    })
}

//! The helpers games need, on every generator: [`RandomExt`].

use core::ops::{Range, RangeInclusive};

use rand_core::Rng;

use super::DrawError;

/// 2^-24: one unit in the last place of a 24-bit fraction.
const F32_SCALE: f32 = 1.0 / 16_777_216.0;
/// 2^-53: one unit in the last place of a 53-bit fraction.
const F64_SCALE: f64 = 1.0 / 9_007_199_254_740_992.0;

/// Lemire's nearly divisionless method on 32-bit words: a uniform integer in
/// `0..span` (`span >= 1`) from `next_u32` outputs, without modulo bias.
///
/// D. Lemire, "Fast Random Integer Generation in an Interval", ACM TOMACS
/// 29(1), 2019, algorithm 5: `m = x * span` (64-bit product); the high half
/// is the answer unless the low half falls below `2^32 mod span`, in which
/// case `x` is one of the few values that would bias the result and is
/// redrawn. The division computing `2^32 mod span` runs only when the low
/// half is below `span`, rarely.
#[inline]
pub(crate) fn bounded_u32<R: Rng + ?Sized>(rng: &mut R, span: u32) -> u32 {
    debug_assert!(span > 0);
    let mut product = u64::from(rng.next_u32()) * u64::from(span);
    if (product as u32) < span {
        let threshold = span.wrapping_neg() % span;
        while (product as u32) < threshold {
            product = u64::from(rng.next_u32()) * u64::from(span);
        }
    }
    (product >> 32) as u32
}

/// [`bounded_u32`] on 64-bit words (`next_u64`, 128-bit product).
#[inline]
pub(crate) fn bounded_u64<R: Rng + ?Sized>(rng: &mut R, span: u64) -> u64 {
    debug_assert!(span > 0);
    let mut product = u128::from(rng.next_u64()) * u128::from(span);
    if (product as u64) < span {
        let threshold = span.wrapping_neg() % span;
        while (product as u64) < threshold {
            product = u128::from(rng.next_u64()) * u128::from(span);
        }
    }
    (product >> 64) as u64
}

/// Which words an integer range draws from.
#[derive(Clone, Copy)]
enum Words {
    /// 32-bit Lemire on `next_u32` (types of 32 bits or fewer).
    W32,
    /// 64-bit Lemire on `next_u64` (64-bit types).
    W64,
    /// `usize`/`isize`: `W32` when the span fits in 32 bits, else `W64`, so
    /// the values are the same on 32- and 64-bit targets.
    BySpan,
}

/// A uniform offset in `0..span`, `1 <= span <= 2^64` (`span <= 2^32` for
/// [`Words::W32`]); a span of exactly 2^32 (or 2^64) is the raw word.
#[inline]
fn bounded_offset<R: Rng + ?Sized>(rng: &mut R, span: u128, words: Words) -> u64 {
    const WORD32: u128 = 1 << 32;
    const WORD64: u128 = 1 << 64;
    let use_32 = match words {
        Words::W32 => true,
        Words::W64 => false,
        Words::BySpan => span <= WORD32,
    };
    if use_32 {
        if span == WORD32 {
            u64::from(rng.next_u32())
        } else {
            u64::from(bounded_u32(rng, span as u32))
        }
    } else if span == WORD64 {
        rng.next_u64()
    } else {
        bounded_u64(rng, span as u64)
    }
}

/// Uniform `f32` in `[0, 1)`: the top 24 bits of `next_u32` times 2^-24.
#[inline]
pub(crate) fn unit_f32<R: Rng + ?Sized>(rng: &mut R) -> f32 {
    (rng.next_u32() >> 8) as f32 * F32_SCALE
}

/// Uniform `f32` in `[0, 1]`: the top 24 bits of `next_u32` divided by 2^24 − 1.
#[inline]
fn unit_f32_closed<R: Rng + ?Sized>(rng: &mut R) -> f32 {
    (rng.next_u32() >> 8) as f32 / 16_777_215.0
}

/// Uniform `f64` in `[0, 1)`: the top 53 bits of `next_u64` times 2^-53.
#[inline]
pub(crate) fn unit_f64<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 * F64_SCALE
}

/// Uniform `f64` in `[0, 1]`: the top 53 bits of `next_u64` divided by 2^53 − 1.
#[inline]
fn unit_f64_closed<R: Rng + ?Sized>(rng: &mut R) -> f64 {
    (rng.next_u64() >> 11) as f64 / 9_007_199_254_740_991.0
}

mod sealed {
    pub trait Sealed {}
}

/// A range [`RandomExt::range`] can draw from: `min..max` or `min..=max` of
/// any primitive integer (except 128-bit), `f32` or `f64`.
///
/// # How each kind of range draws (stable; pinned by tests)
///
/// * **Integers**: with `span` the number of values in the range, an
///   offset in `0..span` by Lemire's nearly divisionless method (a redraw
///   in the rare case that would be biased), and the result `min + offset`.
///   Types of 32 bits or fewer draw `next_u32` (32-bit method); `i64` and
///   `u64` draw `next_u64` (64-bit method; this is the CLI's `int MIN MAX`);
///   `usize` and `isize` draw like `u32` when the span fits in 32 bits and
///   like `u64` otherwise, so they give the same values on every platform.
///   A span of exactly 2^32 (or 2^64) is the raw word.
/// * **`f32`**: `min..max` uses `t = (next_u32 >> 8) * 2^-24` in `[0, 1)`,
///   `min..=max` uses `t = (next_u32 >> 8) / (2^24 − 1)` in `[0, 1]`; the
///   result is `min + (max − min) * t` (computed as
///   `min * (1 − t) + max * t` when `max − min` overflows), kept inside the
///   range against rounding (a half-open result that rounds up to `max`
///   becomes the float just below `max`).
/// * **`f64`**: the same with the top 53 bits of one `next_u64` and 2^-53 or
///   1 / (2^53 − 1).
///
/// Each draw consumes the same number of outputs whatever the bounds
/// (except integer redraws), so changing a range never shifts later draws.
/// `min..=min` is allowed and returns `min` (still consuming one draw).
pub trait DrawRange: sealed::Sealed {
    /// The type of the values drawn.
    type Output;

    /// Draws one value, or rejects an empty or invalid range before drawing.
    ///
    /// # Errors
    /// [`DrawError::EmptyRange`] or [`DrawError::InvalidFloatRange`].
    fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> Result<Self::Output, DrawError>;
}

macro_rules! impl_int_range {
    ($words:ident: $($t:ty),*) => {$(
        impl sealed::Sealed for Range<$t> {}
        impl sealed::Sealed for RangeInclusive<$t> {}

        impl DrawRange for Range<$t> {
            type Output = $t;

            #[inline]
            fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> Result<$t, DrawError> {
                let (min, max) = (self.start as i128, self.end as i128);
                if min >= max {
                    return Err(DrawError::EmptyRange { min, max });
                }
                let offset = bounded_offset(rng, (max - min) as u128, Words::$words);
                Ok((min + i128::from(offset)) as $t)
            }
        }

        impl DrawRange for RangeInclusive<$t> {
            type Output = $t;

            #[inline]
            fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> Result<$t, DrawError> {
                let (min, max) = (*self.start() as i128, *self.end() as i128);
                if min > max {
                    return Err(DrawError::EmptyRange { min, max });
                }
                let offset = bounded_offset(rng, (max - min + 1) as u128, Words::$words);
                Ok((min + i128::from(offset)) as $t)
            }
        }
    )*};
}
impl_int_range!(W32: i8, i16, i32, u8, u16, u32);
impl_int_range!(W64: i64, u64);
impl_int_range!(BySpan: isize, usize);

macro_rules! impl_float_range {
    ($t:ty, $unit:ident, $unit_closed:ident) => {
        impl sealed::Sealed for Range<$t> {}
        impl sealed::Sealed for RangeInclusive<$t> {}

        impl DrawRange for Range<$t> {
            type Output = $t;

            #[inline]
            fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> Result<$t, DrawError> {
                let (min, max) = (self.start, self.end);
                if !(min.is_finite() && max.is_finite() && min < max) {
                    return Err(DrawError::InvalidFloatRange {
                        min: min.into(),
                        max: max.into(),
                    });
                }
                let value = lerp!($t, min, max, $unit(rng));
                Ok(if value >= max { max.next_down() } else { value })
            }
        }

        impl DrawRange for RangeInclusive<$t> {
            type Output = $t;

            #[inline]
            fn draw<R: Rng + ?Sized>(self, rng: &mut R) -> Result<$t, DrawError> {
                let (min, max) = (*self.start(), *self.end());
                if !(min.is_finite() && max.is_finite() && min <= max) {
                    return Err(DrawError::InvalidFloatRange {
                        min: min.into(),
                        max: max.into(),
                    });
                }
                Ok(lerp!($t, min, max, $unit_closed(rng)))
            }
        }
    };
}

/// `min + (max - min) * t` clamped to `[min, max]`, without overflow.
macro_rules! lerp {
    ($t:ty, $min:expr, $max:expr, $fraction:expr) => {{
        let (min, max, t): ($t, $t, $t) = ($min, $max, $fraction);
        let span = max - min;
        let value = if span.is_finite() {
            min + span * t
        } else {
            min * (1.0 - t) + max * t
        };
        value.clamp(min, max)
    }};
}

impl_float_range!(f32, unit_f32, unit_f32_closed);
impl_float_range!(f64, unit_f64, unit_f64_closed);

/// A weight for the weighted picks and [`AliasTable`](super::AliasTable):
/// any primitive number, converted to `f64` (integers above 2^53 round).
pub trait Weight: Copy + sealed::Sealed {
    /// The weight as `f64`.
    fn to_f64(self) -> f64;
}

macro_rules! impl_weight {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Weight for $t {
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
impl_weight!(f32, f64, u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);

/// Checks every weight and returns their sum (in `f64`, left to right).
pub(crate) fn total_weight<W: Weight>(weights: &[W]) -> Result<f64, DrawError> {
    if weights.is_empty() {
        return Err(DrawError::EmptyList);
    }
    let mut total = 0.0f64;
    for (index, weight) in weights.iter().map(|w| w.to_f64()).enumerate() {
        total += weight;
        if !(weight.is_finite() && weight >= 0.0 && total.is_finite()) {
            return Err(DrawError::InvalidWeight { index, weight });
        }
    }
    if total > 0.0 {
        Ok(total)
    } else {
        Err(DrawError::ZeroTotalWeight)
    }
}

/// Unwraps a helper's result, panicking with the error's message at the
/// caller's location.
#[track_caller]
#[inline]
fn or_panic<T>(result: Result<T, DrawError>) -> T {
    match result {
        Ok(value) => value,
        Err(err) => panic!("{err}"),
    }
}

/// The helpers a game needs, on every [`Rng`]: any generator of this crate,
/// [`DeterministicRng`](super::DeterministicRng), a `rand` generator, or
/// `&mut dyn Rng` / `Box<dyn RandomSource>`.
///
/// Every helper is a documented function of the generator's outputs, the
/// same on every platform, and pinned by tests: a change of any value is a
/// breaking change. Where seed 003's `RandomUtil` throws, the plain helper
/// panics (see `# Panics`) and the `try_` helper returns a [`DrawError`]
/// without consuming randomness.
///
/// ```
/// use rngkit::facade::{Algorithm, RandomExt};
///
/// let mut rng = Algorithm::default().seed_from_str("dungeon-7");
/// let roll = rng.range(1..=6);                 // a die
/// let speed = rng.range(2.5f32..=4.0);         // closed float range
/// let crit = rng.chance(0.15);                 // true 15% of the time
/// let loot = rng.weighted_pick(&["sword", "shield", "potion"], &[1.0, 1.0, 8.0]);
/// let heading = rng.on_unit_circle();
/// assert!((1..=6).contains(&roll) && (2.5..=4.0).contains(&speed));
/// assert!(["sword", "shield", "potion"].contains(loot));
/// let _ = (crit, heading);
/// ```
pub trait RandomExt: Rng {
    /// A uniform value from an integer or float range: `min..max` (half-open)
    /// or `min..=max` (closed). See [`DrawRange`] for exactly how each kind
    /// of range consumes the generator.
    ///
    /// Integer ranges are unbiased (Lemire's nearly divisionless method).
    /// Seed 003's `NextInt`/`NextLong`/`NextUInt`/`NextULong(min, max)` are
    /// `range(min..max)`; its closed `NextFloat`/`NextDouble(min, max)` are
    /// `range(min..=max)`.
    ///
    /// # Panics
    /// On an empty range (`min >= max` for `min..max`, `min > max` for
    /// `min..=max`) or a float bound that is NaN or infinite.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::Pcg32;
    ///
    /// let mut rng = Pcg32::new(42, 54);
    /// let x = rng.range(-10i64..10);
    /// assert!((-10..10).contains(&x));
    /// let f = rng.range(0.0f64..=1.0);
    /// assert!((0.0..=1.0).contains(&f));
    /// ```
    #[track_caller]
    #[inline]
    fn range<T: DrawRange>(&mut self, range: T) -> T::Output {
        or_panic(range.draw(self))
    }

    /// [`range`](Self::range), returning an error instead of panicking.
    ///
    /// # Errors
    /// [`DrawError::EmptyRange`] or [`DrawError::InvalidFloatRange`].
    ///
    /// ```
    /// use rngkit::facade::{DrawError, RandomExt};
    /// use rngkit::generators::SplitMix64;
    ///
    /// let mut rng = SplitMix64::new(1);
    /// assert_eq!(rng.try_range(3u32..=2), Err(DrawError::EmptyRange { min: 3, max: 2 }));
    /// assert!(rng.try_range(0.0f32..f32::NAN).is_err());
    /// ```
    #[inline]
    fn try_range<T: DrawRange>(&mut self, range: T) -> Result<T::Output, DrawError> {
        range.draw(self)
    }

    /// A uniform index in `0..len`: `range(0..len)` (seed 003's `NextIndex`).
    ///
    /// # Panics
    /// If `len` is 0.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::Xoshiro256StarStar;
    /// use rngkit::rand_core::SeedableRng;
    ///
    /// let mut rng = Xoshiro256StarStar::seed_from_u64(3);
    /// assert!(rng.index(7) < 7);
    /// ```
    #[track_caller]
    #[inline]
    fn index(&mut self, len: usize) -> usize {
        or_panic(self.try_index(len))
    }

    /// [`index`](Self::index), returning an error instead of panicking.
    ///
    /// # Errors
    /// [`DrawError::EmptyRange`] if `len` is 0.
    #[inline]
    fn try_index(&mut self, len: usize) -> Result<usize, DrawError> {
        (0..len).draw(self)
    }

    /// A uniform `f32` in `[0, 1)` with 24 random bits: the top 24 bits of
    /// one `next_u32`, times 2^-24 (seed 003's `NextFloat01`; the CLI's `f32`).
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    /// use rngkit::rand_core::Rng;
    ///
    /// let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
    /// assert_eq!(a.next_f32(), (b.next_u32() >> 8) as f32 / 16777216.0);
    /// ```
    #[inline]
    fn next_f32(&mut self) -> f32 {
        unit_f32(self)
    }

    /// A uniform `f64` in `[0, 1)` with 53 random bits: the top 53 bits of
    /// one `next_u64`, times 2^-53 (seed 003's `NextDouble01`; the CLI's `f64`).
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    /// use rngkit::rand_core::Rng;
    ///
    /// let (mut a, mut b) = (SplitMix64::new(9), SplitMix64::new(9));
    /// assert_eq!(a.next_f64(), (b.next_u64() >> 11) as f64 / 9007199254740992.0);
    /// ```
    #[inline]
    fn next_f64(&mut self) -> f64 {
        unit_f64(self)
    }

    /// `true` with probability `probability` (seed 003's `NextBool(p)`):
    /// `next_f64() < probability`, so 0 is never and 1 is always true. One
    /// `next_u64`.
    ///
    /// # Panics
    /// If `probability` is outside `[0, 1]` or NaN.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::Pcg32;
    ///
    /// let mut rng = Pcg32::new(1, 2);
    /// assert!(rng.chance(1.0));
    /// assert!(!rng.chance(0.0));
    /// ```
    #[track_caller]
    #[inline]
    fn chance(&mut self, probability: f64) -> bool {
        or_panic(self.try_chance(probability))
    }

    /// [`chance`](Self::chance), returning an error instead of panicking.
    ///
    /// # Errors
    /// [`DrawError::ProbabilityOutOfRange`].
    #[inline]
    fn try_chance(&mut self, probability: f64) -> Result<bool, DrawError> {
        if !(0.0..=1.0).contains(&probability) {
            return Err(DrawError::ProbabilityOutOfRange { probability });
        }
        Ok(unit_f64(self) < probability)
    }

    /// A fair coin: the top bit of one `next_u32` (seed 003's `NextBool()`
    /// with the default 0.5, but one bit instead of a float compare).
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    /// use rngkit::rand_core::Rng;
    ///
    /// let (mut a, mut b) = (SplitMix64::new(5), SplitMix64::new(5));
    /// assert_eq!(a.coin(), b.next_u32() >> 31 == 1);
    /// ```
    #[inline]
    fn coin(&mut self) -> bool {
        self.next_u32() >> 31 == 1
    }

    /// `1` or `-1` with equal probability: `1` when [`coin`](Self::coin) is
    /// `true` (seed 003's `NextSign`).
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let sign = SplitMix64::new(5).sign();
    /// assert!(sign == 1 || sign == -1);
    /// ```
    #[inline]
    fn sign(&mut self) -> i32 {
        if self.coin() { 1 } else { -1 }
    }

    /// A uniformly chosen element: `&items[index(items.len())]` (seed 003's
    /// `PickOne`).
    ///
    /// # Panics
    /// If `items` is empty.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let mut rng = SplitMix64::new(11);
    /// let color = rng.pick(&["red", "green", "blue"]);
    /// assert!(["red", "green", "blue"].contains(color));
    /// ```
    #[track_caller]
    #[inline]
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        or_panic(self.try_pick(items))
    }

    /// [`pick`](Self::pick), returning an error for an empty list (seed
    /// 003's `TryPickOne`).
    ///
    /// # Errors
    /// [`DrawError::EmptyList`].
    ///
    /// ```
    /// use rngkit::facade::{DrawError, RandomExt};
    /// use rngkit::generators::SplitMix64;
    ///
    /// let empty: [u8; 0] = [];
    /// assert_eq!(SplitMix64::new(1).try_pick(&empty), Err(DrawError::EmptyList));
    /// ```
    #[inline]
    fn try_pick<'a, T>(&mut self, items: &'a [T]) -> Result<&'a T, DrawError> {
        if items.is_empty() {
            return Err(DrawError::EmptyList);
        }
        Ok(&items[self.index(items.len())])
    }

    /// Shuffles in place, every permutation equally likely: the
    /// Fisher–Yates shuffle in Durstenfeld's form, for `i` from `len − 1`
    /// down to 1, swap `items[i]` with `items[index(i + 1)]` (seed 003's
    /// `Shuffle`). Consumes `len − 1` index draws.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let mut deck: Vec<u32> = (0..52).collect();
    /// SplitMix64::new(2024).shuffle(&mut deck);
    /// deck.sort();
    /// assert_eq!(deck, (0..52).collect::<Vec<_>>());
    /// ```
    #[inline]
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }

    /// Draws `amount` elements uniformly without replacement into the front of
    /// `items` and returns `(chosen, rest)`: for `i` in `0..amount`, swap
    /// `items[i]` with `items[i + index(len − i)]`. The chosen prefix is in
    /// random order. `amount` above `len` is taken as `len`.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let mut pool = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    /// let (winners, _rest) = SplitMix64::new(7).partial_shuffle(&mut pool, 3);
    /// assert_eq!(winners.len(), 3);
    /// ```
    #[inline]
    fn partial_shuffle<'a, T>(
        &mut self,
        items: &'a mut [T],
        amount: usize,
    ) -> (&'a mut [T], &'a mut [T]) {
        let len = items.len();
        let amount = amount.min(len);
        for i in 0..amount {
            let j = i + self.index(len - i);
            items.swap(i, j);
        }
        items.split_at_mut(amount)
    }

    /// An index chosen with probability `weights[i] / sum(weights)`, by a
    /// linear scan (seed 003's `PickWeightedIndex`): `r = next_f64() * total`,
    /// then the first `i` whose running sum exceeds `r`; if rounding runs off
    /// the end, the last index with a positive weight. Zero-weight indices
    /// are never chosen. For many picks from the same weights, build an
    /// [`AliasTable`](super::AliasTable) once instead.
    ///
    /// # Panics
    /// If `weights` is empty, a weight is negative, NaN or infinite, or all
    /// weights are zero.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let mut rng = SplitMix64::new(3);
    /// assert_eq!(rng.weighted_index(&[0.0, 0.0, 5.0]), 2);
    /// assert!(rng.weighted_index(&[1u32, 2, 3]) < 3);
    /// ```
    #[track_caller]
    #[inline]
    fn weighted_index<W: Weight>(&mut self, weights: &[W]) -> usize {
        or_panic(self.try_weighted_index(weights))
    }

    /// [`weighted_index`](Self::weighted_index), returning an error instead
    /// of panicking.
    ///
    /// # Errors
    /// [`DrawError::EmptyList`], [`DrawError::InvalidWeight`] or
    /// [`DrawError::ZeroTotalWeight`].
    fn try_weighted_index<W: Weight>(&mut self, weights: &[W]) -> Result<usize, DrawError> {
        let total = total_weight(weights)?;
        let target = unit_f64(self) * total;
        let mut running = 0.0f64;
        let mut last_positive = 0;
        for (i, weight) in weights.iter().map(|w| w.to_f64()).enumerate() {
            running += weight;
            if target < running {
                return Ok(i);
            }
            if weight > 0.0 {
                last_positive = i;
            }
        }
        Ok(last_positive)
    }

    /// `&items[weighted_index(weights)]` (seed 003's `PickWeighted`).
    ///
    /// # Panics
    /// As [`weighted_index`](Self::weighted_index), and if `items` and
    /// `weights` differ in length.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let rarity = SplitMix64::new(8).weighted_pick(&["common", "rare"], &[9.0f32, 1.0]);
    /// assert!(rarity == &"common" || rarity == &"rare");
    /// ```
    #[track_caller]
    #[inline]
    fn weighted_pick<'a, T, W: Weight>(&mut self, items: &'a [T], weights: &[W]) -> &'a T {
        or_panic(self.try_weighted_pick(items, weights))
    }

    /// [`weighted_pick`](Self::weighted_pick), returning an error instead of
    /// panicking.
    ///
    /// # Errors
    /// [`DrawError::LengthMismatch`], or those of
    /// [`try_weighted_index`](Self::try_weighted_index).
    #[inline]
    fn try_weighted_pick<'a, T, W: Weight>(
        &mut self,
        items: &'a [T],
        weights: &[W],
    ) -> Result<&'a T, DrawError> {
        if items.len() != weights.len() {
            return Err(DrawError::LengthMismatch {
                items: items.len(),
                weights: weights.len(),
            });
        }
        Ok(&items[self.try_weighted_index(weights)?])
    }

    /// A point uniformly distributed inside the unit disc, `x² + y² < 1`
    /// (computed in `f32`): rejection sampling from the square, each
    /// coordinate `2 * next_f32() − 1` (exact), about 1.27 tries on average.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let [x, y] = SplitMix64::new(1).inside_unit_circle();
    /// assert!(x * x + y * y < 1.0);
    /// ```
    #[inline]
    fn inside_unit_circle(&mut self) -> [f32; 2] {
        loop {
            let x = 2.0 * unit_f32(self) - 1.0;
            let y = 2.0 * unit_f32(self) - 1.0;
            if x * x + y * y < 1.0 {
                return [x, y];
            }
        }
    }

    /// A point uniformly distributed on the unit circle: the angle
    /// `θ = 2π · next_f64()`, returned as `[cos θ, sin θ]` computed in `f64`
    /// (with `libm`, identical on every platform) and rounded to `f32`; its
    /// length is 1 within `f32` rounding.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let [x, y] = SplitMix64::new(1).on_unit_circle();
    /// assert!((x * x + y * y - 1.0).abs() < 1e-6);
    /// ```
    #[inline]
    fn on_unit_circle(&mut self) -> [f32; 2] {
        let angle = core::f64::consts::TAU * unit_f64(self);
        [libm::cos(angle) as f32, libm::sin(angle) as f32]
    }

    /// A point uniformly distributed inside the unit ball,
    /// `x² + y² + z² < 1` (computed in `f32`): rejection sampling from the
    /// cube, each coordinate `2 * next_f32() − 1`, about 1.91 tries on average.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let [x, y, z] = SplitMix64::new(1).inside_unit_sphere();
    /// assert!(x * x + y * y + z * z < 1.0);
    /// ```
    #[inline]
    fn inside_unit_sphere(&mut self) -> [f32; 3] {
        loop {
            let x = 2.0 * unit_f32(self) - 1.0;
            let y = 2.0 * unit_f32(self) - 1.0;
            let z = 2.0 * unit_f32(self) - 1.0;
            if x * x + y * y + z * z < 1.0 {
                return [x, y, z];
            }
        }
    }

    /// A direction uniformly distributed on the unit sphere, by Marsaglia's
    /// method (G. Marsaglia, "Choosing a Point from the Surface of a
    /// Sphere", Ann. Math. Statist. 43(2), 1972): draw `u = 2 * next_f64() − 1`,
    /// `v = 2 * next_f64() − 1` until `s = u² + v² < 1`, then
    /// `[2u√(1−s), 2v√(1−s), 1 − 2s]`, computed in `f64` and rounded to
    /// `f32` (length 1 within `f32` rounding). About 1.27 tries on average.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let [x, y, z] = SplitMix64::new(1).on_unit_sphere();
    /// assert!((x * x + y * y + z * z - 1.0).abs() < 1e-6);
    /// ```
    #[inline]
    fn on_unit_sphere(&mut self) -> [f32; 3] {
        loop {
            let u = 2.0 * unit_f64(self) - 1.0;
            let v = 2.0 * unit_f64(self) - 1.0;
            let s = u * u + v * v;
            if s < 1.0 {
                let scale = 2.0 * libm::sqrt(1.0 - s);
                return [
                    (u * scale) as f32,
                    (v * scale) as f32,
                    (1.0 - 2.0 * s) as f32,
                ];
            }
        }
    }

    /// A rotation uniformly distributed over all 3D rotations, as a unit
    /// quaternion `[x, y, z, w]` (Unity's and glam's component order), by
    /// Shoemake's method (K. Shoemake, "Uniform Random Rotations", Graphics
    /// Gems III, 1992): with `u1, u2, u3` three `next_f64()` draws in that
    /// order,
    /// `[√(1−u1)·sin 2πu2, √(1−u1)·cos 2πu2, √u1·sin 2πu3, √u1·cos 2πu3]`,
    /// computed in `f64` (`libm`) and rounded to `f32`.
    ///
    /// `glam::Quat::from_array(q)` or `mint::Quaternion::from(q)` convert it.
    ///
    /// ```
    /// use rngkit::facade::RandomExt;
    /// use rngkit::generators::SplitMix64;
    ///
    /// let q = SplitMix64::new(4).rotation_uniform();
    /// let norm2: f32 = q.iter().map(|c| c * c).sum();
    /// assert!((norm2 - 1.0).abs() < 1e-6);
    /// ```
    #[inline]
    fn rotation_uniform(&mut self) -> [f32; 4] {
        use core::f64::consts::TAU;
        let u1 = unit_f64(self);
        let u2 = unit_f64(self);
        let u3 = unit_f64(self);
        let (a, b) = (libm::sqrt(1.0 - u1), libm::sqrt(u1));
        let (t2, t3) = (TAU * u2, TAU * u3);
        [
            (a * libm::sin(t2)) as f32,
            (a * libm::cos(t2)) as f32,
            (b * libm::sin(t3)) as f32,
            (b * libm::cos(t3)) as f32,
        ]
    }
}

impl<R: Rng + ?Sized> RandomExt for R {}

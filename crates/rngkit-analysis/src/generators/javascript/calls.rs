//! The observations as calls: their layout (one call a word, at most
//! [`JS_MAX_OFFSET`] calls in), the cache positions the first one may sit
//! at, and, for the sum engines, each call's known bits and the interval
//! of its visible value ([`SumCall`]). Every recovery reads its input
//! through these.

use rngkit::runtimes::javascript::V8_CACHE_SIZE;

use crate::observe::{KnownBits, Observation, layout};
use crate::recover::{RecoverError, RecoverOptions};

/// Observations reach at most this many calls in (the symbolic model walks
/// the steps one by one).
pub const JS_MAX_OFFSET: u64 = 1 << 20;

/// The observations' layout (one call a word), refused past
/// [`JS_MAX_OFFSET`] calls.
pub(super) fn js_layout(
    observations: &[Observation],
) -> Result<crate::observe::Layout, RecoverError> {
    let lay = layout(observations, 64, true);
    if let Some(last) = lay.constraints.last()
        && last.offset > JS_MAX_OFFSET
    {
        return Err(RecoverError(format!(
            "the observations reach {} calls in; Math.random recovery follows at most {JS_MAX_OFFSET}",
            last.offset
        )));
    }
    Ok(lay)
}

/// One call of a sum engine as the searches read it: its known bits and
/// the interval its visible 53-bit value (the double's mantissa) lies in. A
/// `floor N` value pins the value to about `2^53 / N` mantissas, which is
/// more than the bits they all share (the meet-in-the-middle search reads
/// the interval, the chain search the bits).
#[derive(Clone, Copy, Debug)]
pub(super) struct SumCall {
    /// Raw steps from the first observed word.
    pub(super) offset: u64,
    /// The bits known there.
    pub(super) known: KnownBits,
    /// The visible value's interval, inclusive.
    pub(super) span: (u64, u64),
}

impl SumCall {
    /// The bits the call reveals: those its interval of `2^53` visible
    /// values leaves (whole bits, rounded down: a `floor 100` value counts
    /// 6), or its known bits where they say more (bits that are not a
    /// prefix, such as SpiderMonkey's bit 0 alone).
    pub(super) fn revealed(&self) -> u32 {
        self.information().floor() as u32
    }

    /// The information the call carries, in bits: `53 - log2` of its
    /// interval's width (`log2 100` for a `floor 100` value), or its known
    /// bits where they say more.
    pub(super) fn information(&self) -> f64 {
        let width = (self.span.1 - self.span.0) as f64 + 1.0;
        (53.0 - width.log2()).max(f64::from(self.known.mask.count_ones()))
    }
}

/// The visible 53 bits of a word (bits `top - 52..=top`).
pub(super) const VISIBLE: u64 = (1 << 53) - 1;

/// The calls the observations constrain, for a sum engine whose doubles
/// show bits `top - 52..=top` of the word: the known bits of each, with the
/// interval of a `math-random` or `floor N` value (others: the interval of
/// the known prefix).
pub(super) fn sum_calls(
    observations: &[Observation],
    top: u32,
) -> Result<Vec<SumCall>, RecoverError> {
    use crate::observe::ObservationKind;
    use rngkit::runtimes::javascript::{MathRandomDraw, mantissa_span};
    let lay = js_layout(observations)?;
    // Words whose visible bits are not a double's 53 (libGDX's `next-int`,
    // `top` 31): the known bits say everything the searches use.
    if top < 52 {
        return Ok(lay
            .constraints
            .into_iter()
            .map(|c| SumCall {
                offset: c.offset,
                known: c.known,
                span: (0, VISIBLE),
            })
            .collect());
    }
    let shift = top - 52;
    Ok(lay
        .constraints
        .into_iter()
        .zip(lay.sources)
        .map(|(c, source)| {
            // A Math.random draw's whole interval, else the known bits'.
            let drawn = match &observations[source].kind {
                ObservationKind::Draw { draw, value } => draw
                    .engine_draw::<MathRandomDraw>()
                    .and_then(|d| mantissa_span(53, d, value)),
                _ => None,
            };
            let span = drawn.unwrap_or_else(|| {
                let mask = c.known.mask >> shift & VISIBLE;
                let low = lowest_known(mask, 52);
                if low > 52 {
                    (0, VISIBLE)
                } else {
                    let free = (1u64 << low) - 1;
                    let lo = c.known.value >> shift & VISIBLE & !free;
                    (lo, lo | free)
                }
            });
            SumCall {
                offset: c.offset,
                known: c.known,
                span,
            }
        })
        .collect())
}

/// The cache positions (calls since the last refill, `0..=63`) the first
/// observation may sit at: every one, or with `--fresh` only 0.
pub(super) fn positions(options: &RecoverOptions) -> std::ops::Range<u64> {
    if options.fresh {
        0..1
    } else {
        0..V8_CACHE_SIZE as u64
    }
}

/// The lowest bit `l` with every bit of `l..=top` known (`top + 1`: the top
/// bit is not known).
pub(super) fn lowest_known(mask: u64, top: u32) -> u32 {
    let want = if top == 63 {
        u64::MAX
    } else {
        (1u64 << (top + 1)) - 1
    };
    let unknown = want & !mask;
    if unknown == 0 {
        0
    } else {
        64 - unknown.leading_zeros()
    }
}

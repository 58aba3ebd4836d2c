//! The input the front ends share, read once: a seed, a step count, and
//! the seed range of a seed search, as the command line's flags, the
//! Python package's arguments and the page's fields give them, so they are
//! accepted or refused the same way, in the same words, everywhere. (State
//! text is read by [`rngkit::state_text`], observation lists by
//! [`crate::observe::parse_observation_list`].) An error names no
//! argument; a front end puts its argument's name before it
//! (`--seed: `, `seed: `), and [`parse_seed_range`] takes the front end's
//! [`Spelling`] for the messages that name how to write a range.
//!
//! A seed range is `A..B` (half-open), `A..=B` or `A..` (to the end of the
//! seed space), with `A` and `B` decimal, `0x` hex, or UTC times
//! (`2026-11-01T00:00:00Z`, the Unix seconds of `srand(time(NULL))`-style
//! seeds). Seeds are written as the GEN writes them: negative for the
//! signed `int` seeds of `unity`, whose unsigned spellings above `i32::MAX`
//! are accepted too. Without a range the search covers the GEN's whole
//! 32-bit seed space; 64-bit seeds need one.
//!
//! ```
//! use rngkit_analysis::input::{parse_seed, parse_seed_range, parse_steps};
//! use rngkit_analysis::message::Spelling;
//! use rngkit_analysis::registry;
//!
//! let unity = registry::find("unity").unwrap();
//! let range = parse_seed_range(unity, Some("-5..10"), &Spelling::CLI).unwrap();
//! assert_eq!((range.first(), range.last(), range.count()), (-5, 9, 15));
//! // A signed range crossing zero is two ranges of seed bit patterns.
//! assert_eq!(range.patterns(), [0xffff_fffb..=0xffff_ffff, 0..=9]);
//! let err = parse_seed_range(unity, Some("5..1"), &Spelling::CLI).unwrap_err();
//! assert_eq!(err.to_string(), "--seeds `5..1` is empty");
//!
//! assert_eq!(parse_seed("0x10").unwrap().to_string(), "16");
//! assert_eq!(parse_seed("ten").unwrap_err(), "`ten` is not an integer (decimal or 0x hex)");
//! assert_eq!(parse_steps("-5").unwrap().to_string(), "-5");
//! ```

use std::fmt;
use std::ops::RangeInclusive;

use rngkit::number::{BigInt, parse_int};
use rngkit::registry::SeedKind;

use crate::entry::Entry;

/// How a front end writes the arguments that messages name: the CLI's
/// flags, Python's keyword arguments, the page's fields. This is all a
/// front end adds to a message.
///
/// ```
/// use rngkit_analysis::message::{Spelling, stream_not_applicable};
/// use rngkit_analysis::registry;
///
/// let python = Spelling { stream: "stream", ..Spelling::CLI };
/// let unity = registry::find("unity").unwrap();
/// assert_eq!(
///     stream_not_applicable(unity, &Spelling::CLI),
///     "--stream applies to pcg32 and megacrush only, not unity"
/// );
/// assert!(stream_not_applicable(unity, &python).starts_with("stream applies"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// The seed range argument, before the range it quotes: `--seeds`.
    pub seeds: &'static str,
    /// How to give a seed range: `--seeds A..B`.
    pub seed_range: &'static str,
    /// How to give `distance` a search bound: `--max N`.
    pub max: &'static str,
    /// The bound of `identify`: `--max-advance`.
    pub max_advance: &'static str,
    /// The PCG stream argument: `--stream`.
    pub stream: &'static str,
}

impl Spelling {
    /// The command line's flags.
    pub const CLI: Spelling = Spelling {
        seeds: "--seeds",
        seed_range: "--seeds A..B",
        max: "--max N",
        max_advance: "--max-advance",
        stream: "--stream",
    };
}

/// A seed as `--seed` takes it: an integer of any size, decimal or `0x` hex
/// (the GEN checks that it fits its seed).
///
/// # Errors
/// One line quoting the text; the front end names its argument before it.
pub fn parse_seed(text: &str) -> Result<BigInt, String> {
    text.parse()
        .map_err(|_| format!("`{text}` is not an integer (decimal or 0x hex)"))
}

/// A step count as `--advance` or the page's first frame takes it: any
/// size, decimal or `0x` hex, optionally negative.
///
/// # Errors
/// One line quoting the text; the front end names its argument before it.
pub fn parse_steps(text: &str) -> Result<BigInt, String> {
    text.parse().map_err(|_| {
        format!("`{text}` is not a step count (decimal or 0x hex, optionally negative, any size)")
    })
}

/// A range of seeds, as the GEN writes them (`first..=last`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeedRange {
    first: i128,
    last: i128,
    bits: u32,
}

impl SeedRange {
    /// The first seed.
    pub fn first(&self) -> i128 {
        self.first
    }

    /// The last seed (included).
    pub fn last(&self) -> i128 {
        self.last
    }

    /// How many seeds the range holds (at least one: an empty range is
    /// refused).
    pub fn count(&self) -> u128 {
        (self.last - self.first) as u128 + 1
    }

    /// The seeds as ranges of bit patterns of the search's width, which
    /// the search kernels take: two when a signed range crosses zero.
    pub fn patterns(&self) -> Vec<RangeInclusive<u64>> {
        let modulus = 1i128 << self.bits;
        let (low, high) = (self.first, self.last);
        if low < 0 && high >= 0 {
            vec![
                (low + modulus) as u64..=(modulus - 1) as u64,
                0..=high as u64,
            ]
        } else if low < 0 {
            vec![(low + modulus) as u64..=(high + modulus) as u64]
        } else {
            vec![low as u64..=high as u64]
        }
    }
}

impl fmt::Display for SeedRange {
    /// `first..=last`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..={}", self.first, self.last)
    }
}

/// A seed range refused (or a GEN without a seed search): one line saying
/// what is wrong and what would be right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeedRangeError(String);

impl fmt::Display for SeedRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SeedRangeError {}

/// The seeds of `entry` to search: `text` read as this module says, or the
/// whole 32-bit seed space for `None`. `spelling` says how the front end
/// writes its seeds argument, for the messages.
///
/// # Errors
/// [`SeedRangeError`] for a GEN without a seed search, a 64-bit seed space
/// without a range, and a range that is malformed, empty, outside the seed
/// space, or mixes the signed and unsigned spellings.
pub fn parse_seed_range(
    entry: &Entry,
    text: Option<&str>,
    spelling: &Spelling,
) -> Result<SeedRange, SeedRangeError> {
    let name = entry.name();
    let arg = spelling.seeds;
    let Some(bits) = entry
        .seed_search_bits()
        .filter(|_| entry.can_search_seeds())
    else {
        return Err(SeedRangeError(format!(
            "{name} has no fixed-width integer seed to search; use `rngkit recover {name}`"
        )));
    };
    // A GEN whose wider seed is searched over 32 bits (PHP keeps the low 32
    // bits of its int; CPython and Ruby take integers of any size) searches
    // 0..2^32 as unsigned seeds.
    let kind = match entry.info().seed_kind {
        k if k.bits() == Some(bits) => k,
        _ => SeedKind::U32,
    };
    let (space_start, space_end): (i128, i128) = match kind {
        SeedKind::I32 => (i128::from(i32::MIN), i128::from(i32::MAX)),
        SeedKind::I64 => (i128::from(i64::MIN), i128::from(i64::MAX)),
        _ if bits == 32 => (0, i128::from(u32::MAX)),
        _ => (0, i128::from(u64::MAX)),
    };
    // Values the seed type cannot write but whose bits fit (a u32 above
    // i32::MAX for an int seed) are accepted as their two's complement;
    // CPython and Ruby seed with the absolute value, so no negative there.
    let (accept_min, accept_max): (i128, i128) = if entry.info().seed_kind == SeedKind::Unbounded {
        (0, i128::from(u32::MAX))
    } else if bits == 32 {
        (i128::from(i32::MIN), i128::from(u32::MAX))
    } else {
        (i128::from(i64::MIN), i128::from(u64::MAX))
    };
    let range = |first, last| SeedRange { first, last, bits };
    let Some(text) = text else {
        if bits != 32 {
            return Err(SeedRangeError(format!(
                "{name} seeds are 64-bit: give the range to search with {}",
                spelling.seed_range
            )));
        }
        return Ok(range(space_start, space_end));
    };
    let bad = || {
        SeedRangeError(format!(
            "{arg} `{text}`: write A..B (half-open), A..=B or A.., with A and B decimal or 0x hex, or a UTC window like 2026-11-01T00:00:00Z..2026-11-02T00:00:00Z"
        ))
    };
    let (a, b, inclusive) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = text.split_once("..") {
        (a, b, false)
    } else {
        return Err(bad());
    };
    let num = |s: &str| -> Result<i128, SeedRangeError> {
        let s = s.trim();
        if let Some(t) = parse_utc(s) {
            return Ok(t);
        }
        parse_int::<i128>(s).map_err(|e| SeedRangeError(format!("{arg}: {e}")))
    };
    let start = if a.trim().is_empty() {
        space_start
    } else {
        num(a)?
    };
    let end = if b.trim().is_empty() {
        if inclusive {
            return Err(bad());
        }
        space_end
    } else if inclusive {
        num(b)?
    } else {
        num(b)?.saturating_sub(1)
    };
    if end < start {
        return Err(SeedRangeError(format!("{arg} `{text}` is empty")));
    }
    if start < accept_min || end > accept_max {
        return Err(SeedRangeError(format!(
            "{arg} `{text}` leaves {name}'s {bits}-bit seed space ({space_start}..={space_end})"
        )));
    }
    if start < 0 && end > space_end {
        return Err(SeedRangeError(format!(
            "{arg} `{text}` mixes negative seeds with seeds above {space_end}; write the range as {name} writes seeds ({space_start}..={space_end})"
        )));
    }
    // Unsigned spellings above the signed maximum are the negative seeds.
    let fold = |v: i128| {
        if v > space_end {
            v - (1i128 << bits)
        } else {
            v
        }
    };
    if start > space_end {
        Ok(range(fold(start), fold(end)))
    } else if end > space_end && kind.signed() {
        Err(SeedRangeError(format!(
            "{arg} `{text}` crosses {space_end}; {name} writes seeds above it as negative ints: split the range"
        )))
    } else {
        Ok(range(start, end))
    }
}

/// `YYYY-MM-DDTHH:MM:SSZ` as Unix seconds.
fn parse_utc(s: &str) -> Option<i128> {
    let s = s.strip_suffix('Z')?;
    let (date, time) = s.split_once('T')?;
    let d: Vec<i64> = date
        .split('-')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let t: Vec<i64> = time
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let ([y, m, day], [hh, mm, ss]) = (d.as_slice(), t.as_slice()) else {
        return None;
    };
    if !(1..=12).contains(m) || !(1..=31).contains(day) || *hh > 23 || *mm > 59 || *ss > 60 {
        return None;
    }
    // Days from 1970-01-01 (Howard Hinnant's civil-from-days, inverted).
    let y = if *m <= 2 { y - 1 } else { *y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(i128::from(days * 86_400 + hh * 3600 + mm * 60 + ss))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::find;

    fn parse(gen_name: &str, text: Option<&str>) -> Result<SeedRange, String> {
        parse_seed_range(find(gen_name).unwrap(), text, &Spelling::CLI).map_err(|e| e.to_string())
    }

    #[test]
    fn the_default_is_the_whole_32_bit_space_and_64_bit_seeds_need_a_range() {
        assert_eq!(parse("mt19937", None).unwrap().count(), 1 << 32);
        assert_eq!(parse("unity", None).unwrap().first(), i128::from(i32::MIN));
        // PHP, CPython and Ruby search their 32-bit seeds.
        for name in ["php", "python", "ruby"] {
            assert_eq!(
                parse(name, None).unwrap().patterns(),
                [0..=u64::from(u32::MAX)]
            );
        }
        assert_eq!(
            parse("xoshiro256ss", None).unwrap_err(),
            "xoshiro256ss seeds are 64-bit: give the range to search with --seeds A..B"
        );
        assert!(
            parse("spidermonkey", Some("0..5"))
                .unwrap_err()
                .starts_with("spidermonkey has no fixed-width integer seed to search")
        );
    }

    #[test]
    fn utc_windows_and_unsigned_spellings_of_negative_seeds() {
        let day = parse(
            "mt19937",
            Some("2026-11-01T00:00:00Z..2026-11-02T00:00:00Z"),
        )
        .unwrap();
        assert_eq!((day.first(), day.count()), (1_793_491_200, 86_400));
        // 0xfffffffb.. is -5.. for unity's int seeds.
        let r = parse("unity", Some("0xfffffffb..=0xffffffff")).unwrap();
        assert_eq!((r.first(), r.last()), (-5, -1));
        assert_eq!(r.to_string(), "-5..=-1");
    }

    #[test]
    fn refused_ranges_say_why() {
        assert!(
            parse("mt19937", Some("1-5"))
                .unwrap_err()
                .contains("write A..B")
        );
        assert!(
            parse("mt19937", Some("0..0x200000000"))
                .unwrap_err()
                .contains("leaves mt19937's 32-bit seed space (0..=4294967295)")
        );
        assert!(
            parse("unity", Some("-1..0x80000001"))
                .unwrap_err()
                .contains("mixes negative seeds")
        );
        assert!(
            parse("unity", Some("0..0x80000001"))
                .unwrap_err()
                .contains("crosses 2147483647")
        );
        assert!(
            parse("python", Some("-5..5"))
                .unwrap_err()
                .contains("leaves python's")
        );
        assert!(
            parse("mt19937", Some("x..5"))
                .unwrap_err()
                .starts_with("--seeds: ")
        );
    }
}

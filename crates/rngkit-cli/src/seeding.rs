//! Building a generator from the SEEDING options, and `--advance`.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use rngkit::generators::Mt19937;
use rngkit::number::parse_int;
use rngkit::profile::{Algorithm, DeterministicRng, Profile};

use crate::cli::Source;
use crate::error::CliError;

/// The generator the options describe, advanced as asked.
pub fn build(source: &Source) -> Result<DeterministicRng, CliError> {
    let profile = source.generator;
    let seeding = &source.seeding;
    if source.stream.is_some() && !profile.has_stream() {
        return Err(CliError::usage(format_args!(
            "--stream applies to pcg32 and megacrush only, not {profile}"
        )));
    }
    if source.stream.is_some()
        && seeding.seed.is_none()
        && seeding.seed_str.is_none()
        && !seeding.entropy
    {
        return Err(CliError::usage(
            "--stream selects the stream of --seed/--seed-str/--entropy; a --state already holds its increment",
        ));
    }
    let stream = match &source.stream {
        Some(text) => {
            parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("--stream: {e}")))?
        }
        None => 54,
    };
    let mut rng = if let Some(text) = &seeding.seed {
        let seed = parse_seed(profile, text)?;
        profile.seeded(seed, stream).map_err(CliError::usage)?
    } else if let Some(text) = &seeding.seed_str {
        let seed = seed_from_str(text)?;
        let seed = if profile.seed_bits() == 32 {
            seed & 0xffff_ffff
        } else {
            seed
        };
        profile.seeded(seed, stream).map_err(CliError::usage)?
    } else if let Some(text) = &seeding.state {
        state_from_text(profile, text)?
    } else if let Some(path) = &seeding.state_file {
        state_from_file(profile, path)?
    } else {
        let rng = from_entropy(profile, source.stream.as_ref().map(|_| stream))?;
        eprintln!("entropy state: {}", format_words(&rng));
        rng
    };
    if let Some(text) = &source.advance {
        advance(&mut rng, text)?;
    }
    Ok(rng)
}

/// A state given as hex words (`--state`), validated for the profile.
pub fn state_from_text(profile: Profile, text: &str) -> Result<DeterministicRng, CliError> {
    let words = parse_state_words(text)?;
    profile.from_words(&words).map_err(CliError::usage)
}

/// A state file (`--state-file`): the 2500/2503-byte save blob for the
/// MT19937 profiles, the hex words as text for the others.
pub fn state_from_file(profile: Profile, path: &Path) -> Result<DeterministicRng, CliError> {
    let data = read_state_file(path)?;
    if profile.algorithm() == Algorithm::Mt19937 {
        let mt = Mt19937::from_blob(&data)
            .map_err(|e| CliError::usage(format_args!("{}: {e}", path.display())))?;
        return Ok(mt.into());
    }
    let text = std::str::from_utf8(&data).map_err(|_| {
        CliError::usage(format_args!(
            "{}: a {profile} state file holds hex words as text, and this file is not UTF-8",
            path.display()
        ))
    })?;
    let words = parse_state_words(text)
        .map_err(|e| CliError::usage(format_args!("{}: {}", path.display(), e.message)))?;
    profile
        .from_words(&words)
        .map_err(|e| CliError::usage(format_args!("{}: {e}", path.display())))
}

/// The most a state file can hold: the MT19937 blob is 2503 bytes and its
/// text form under 6 KiB; anything larger is not a state file.
const MAX_STATE_FILE: u64 = 1 << 20;

/// Reads a state file, refusing one larger than [`MAX_STATE_FILE`] instead
/// of reading without end (`/dev/zero`, a mistaken disk image).
fn read_state_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let cannot =
        |e: io::Error| CliError::usage(format_args!("cannot read {}: {e}", path.display()));
    let mut data = Vec::new();
    fs::File::open(path)
        .map_err(cannot)?
        .take(MAX_STATE_FILE + 1)
        .read_to_end(&mut data)
        .map_err(cannot)?;
    if data.len() as u64 > MAX_STATE_FILE {
        return Err(CliError::usage(format_args!(
            "{}: more than 1 MiB, too large for a state file",
            path.display()
        )));
    }
    Ok(data)
}

/// Parses `--seed`: decimal or hex, negative values as two's complement of
/// the profile's seed width.
fn parse_seed(profile: Profile, text: &str) -> Result<u64, CliError> {
    let bits = profile.seed_bits();
    let value = parse_int::<i128>(text).map_err(|_| {
        CliError::usage(format_args!(
            "--seed: `{text}` is not an integer (decimal or 0x hex)"
        ))
    })?;
    let (min, max) = if bits == 32 {
        (i128::from(i32::MIN), i128::from(u32::MAX))
    } else {
        (i128::from(i64::MIN), i128::from(u64::MAX))
    };
    if value < min || value > max {
        let range = if bits == 32 {
            "-2147483648..=4294967295"
        } else {
            "-9223372036854775808..=18446744073709551615"
        };
        return Err(CliError::usage(format_args!(
            "--seed {text} does not fit {profile}'s {bits}-bit seed ({range})"
        )));
    }
    let mask = if bits == 32 { 0xffff_ffff } else { u64::MAX };
    Ok((value as u64) & mask)
}

/// The stable string-seed hash, [`rngkit::facade::seed_from_str`] (64-bit
/// FNV-1a of the UTF-8 bytes); 32-bit profiles take its low 32 bits.
fn seed_from_str(text: &str) -> Result<u64, CliError> {
    Ok(rngkit::facade::seed_from_str(text))
}

/// Parses `--state` text: hex words separated by whitespace.
pub fn parse_state_words(text: &str) -> Result<Vec<u64>, CliError> {
    let words: Result<Vec<u64>, CliError> = text
        .split_whitespace()
        .enumerate()
        .map(|(i, w)| {
            let digits = w
                .strip_prefix("0x")
                .or_else(|| w.strip_prefix("0X"))
                .unwrap_or(w);
            if digits.is_empty() || digits.len() > 16 {
                return Err(CliError::usage(format_args!(
                    "state word {i} `{w}` is not a hex word of at most 16 digits"
                )));
            }
            u64::from_str_radix(digits, 16)
                .map_err(|_| CliError::usage(format_args!("state word {i} `{w}` is not hex")))
        })
        .collect();
    let words = words?;
    if words.is_empty() {
        return Err(CliError::usage("the state is empty; give its hex words"));
    }
    Ok(words)
}

/// Formats the state as `rngkit state` prints it.
pub fn format_words(rng: &DeterministicRng) -> String {
    let width = (rng.algorithm().word_bits() / 4) as usize;
    rng.to_words()
        .iter()
        .map(|w| format!("{w:0width$x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Moves the generator by `--advance N`: forwards or (negative N)
/// backwards, in O(log |N|) by the analysis crate's jumps; |N| up to 2^128 - 1.
fn advance(rng: &mut DeterministicRng, text: &str) -> Result<(), CliError> {
    let trimmed = text.trim();
    let (forward, magnitude) = match trimmed.strip_prefix('-') {
        Some(rest) => (false, rest),
        None => (true, trimmed),
    };
    let steps = parse_int::<u128>(magnitude).map_err(|_| {
        CliError::usage(format_args!(
            "--advance: `{text}` is not a step count (decimal or 0x hex, optionally negative, |N| < 2^128)"
        ))
    })?;
    rngkit_analysis::any::advance(rng, steps, forward);
    Ok(())
}

/// A state drawn from the OS, valid for the profile.
fn from_entropy(profile: Profile, stream: Option<u64>) -> Result<DeterministicRng, CliError> {
    let random_u64 = || -> Result<u64, CliError> {
        let mut buf = [0u8; 8];
        getrandom::fill(&mut buf)
            .map_err(|e| CliError::usage(format_args!("the OS entropy source failed: {e}")))?;
        Ok(u64::from_le_bytes(buf))
    };
    loop {
        let rng = match profile.algorithm() {
            // Engines seeded from a 32-bit value in practice: draw the seed.
            Algorithm::Mt19937 | Algorithm::TinyMt32 => {
                profile.seeded(random_u64()? & 0xffff_ffff, 0).ok()
            }
            Algorithm::Pcg32 => match stream {
                Some(stream) => profile.seeded(random_u64()?, stream).ok(),
                None => profile.from_words(&[random_u64()?, random_u64()? | 1]).ok(),
            },
            _ => {
                let bits = profile.algorithm().word_bits();
                let count = profile.algorithm().word_count();
                let mut words = Vec::with_capacity(count);
                for _ in 0..count {
                    let w = random_u64()?;
                    words.push(if bits == 32 { w & 0xffff_ffff } else { w });
                }
                profile.from_words(&words).ok()
            }
        };
        // Only the all-zero states are rejected: retrying is the uniform choice.
        if let Some(rng) = rng {
            return Ok(rng);
        }
    }
}

//! Building a generator from the SEEDING options, state text and files, and
//! `--advance`: one place for every command.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

use rngkit::StateError;
use rngkit::number::BigInt;
use rngkit::registry::{Engine, SeedOptions};
use rngkit::state_text::WordForm;
use rngkit_analysis::input::{self, parse_seed};
use rngkit_analysis::message::{Spelling, stream_not_applicable};
use rngkit_analysis::registry::Entry;

use crate::args::Source;
use crate::error::CliError;

/// The generator the options describe, advanced as asked.
pub fn build(source: &Source) -> Result<Engine, CliError> {
    let entry = source.generator;
    let seeding = &source.seeding;
    if source.stream.is_some() && !entry.info().has_stream {
        return Err(CliError::usage(stream_not_applicable(
            entry,
            &Spelling::CLI,
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
    let mut options = SeedOptions::default();
    if let Some(text) = &source.stream {
        options.stream = Some(
            rngkit::number::parse_int::<u64>(text)
                .map_err(|e| CliError::usage(format_args!("--stream: {e}")))?,
        );
    }
    let mut rng = if let Some(text) = &seeding.seed {
        let seed = parse_seed(text).map_err(|e| CliError::usage(format_args!("--seed: {e}")))?;
        entry.seed(&seed, &options).map_err(CliError::usage)?
    } else if let Some(text) = &seeding.seed_str {
        entry.seed_str(text, &options).map_err(CliError::usage)?
    } else if let Some(text) = &seeding.state {
        state_from_text(entry, text)
            .map_err(|e| CliError::usage(format_args!("--state: {}", e.message)))?
    } else if let Some(path) = &seeding.state_file {
        state_from_file(entry, path)?
    } else {
        let rng = from_entropy(entry, options.stream)?;
        eprintln!("entropy state: {}", rng.format_words());
        rng
    };
    if let Some(text) = &source.advance {
        advance(entry, &mut rng, text)?;
    }
    Ok(rng)
}

/// A [`StateError`] as a usage error naming the GEN the user chose (`bdsp`,
/// not `xorshift128`), in the words every front end uses.
pub fn state_error(entry: &Entry, e: &StateError) -> CliError {
    CliError::usage(entry.state_error_message(e))
}

/// A state given as text (`--state`): the generic JSON form, a GEN-specific
/// form (Unity's JSON, BDSP's seed pair), or hex words
/// ([`rngkit::state_text`]).
pub fn state_from_text(entry: &Entry, text: &str) -> Result<Engine, CliError> {
    entry
        .parse_state_text(text, WordForm::Typed)
        .map_err(CliError::usage)
}

/// A state file (`--state-file`, `-` for stdin): the save blob for GENs
/// that have one, else exactly what `rngkit state` prints.
pub fn state_from_file(entry: &Entry, path: &Path) -> Result<Engine, CliError> {
    let data = read_state_file(path)?;
    let shown = if path == Path::new("-") {
        "stdin".to_string()
    } else {
        path.display().to_string()
    };
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(&data);
    // Text (hex words, a JSON form) is printable ASCII; a save blob of
    // random-looking words is not.
    let looks_like_text = data
        .iter()
        .all(|&b| b.is_ascii_graphic() || b.is_ascii_whitespace());
    if !looks_like_text {
        return match entry.from_bytes(data) {
            Some(result) => result.map_err(|e| {
                CliError::usage(format_args!("{shown}: {}", state_error(entry, &e).message))
            }),
            None => Err(CliError::usage(format_args!(
                "{shown}: a {} state file holds the hex words that `rngkit state` prints (or their JSON form), and this file {}",
                entry.name(),
                if std::str::from_utf8(data).is_ok() {
                    "holds control characters, not text"
                } else {
                    "is not UTF-8 text"
                }
            ))),
        };
    }
    let text = std::str::from_utf8(data).expect("checked above");
    entry
        .parse_state_text(text, WordForm::File)
        .map_err(|e| CliError::usage(format_args!("{shown}: {e}")))
}

/// The most a state file can hold: the MT19937 blob is 2503 bytes and its
/// text form under 6 KiB; anything larger is not a state file.
const MAX_STATE_FILE: u64 = 1 << 20;

/// Reads a state file (or stdin for `-`), refusing one larger than
/// [`MAX_STATE_FILE`] instead of reading without end.
fn read_state_file(path: &Path) -> Result<Vec<u8>, CliError> {
    let cannot =
        |e: io::Error| CliError::usage(format_args!("cannot read {}: {e}", path.display()));
    let mut data = Vec::new();
    if path == Path::new("-") {
        io::stdin()
            .lock()
            .take(MAX_STATE_FILE + 1)
            .read_to_end(&mut data)
            .map_err(cannot)?;
    } else {
        fs::File::open(path)
            .map_err(cannot)?
            .take(MAX_STATE_FILE + 1)
            .read_to_end(&mut data)
            .map_err(cannot)?;
    }
    if data.len() as u64 > MAX_STATE_FILE {
        return Err(CliError::usage(format_args!(
            "{}: more than 1 MiB, too large for a state file",
            path.display()
        )));
    }
    Ok(data)
}

/// Writes the state: the save blob for GENs that have one, else the text line.
pub fn write_state_file(rng: &Engine, path: &Path) -> Result<(), CliError> {
    let data = rng
        .to_bytes()
        .unwrap_or_else(|| format!("{}\n", rng.format_words()).into_bytes());
    crate::output_file::write(path, data)
        .map_err(|e| CliError::usage(format_args!("cannot write {}: {e}", path.display())))
}

/// Parses a step count: any size, decimal or 0x hex, optionally negative
/// ([`rngkit_analysis::input::parse_steps`]).
pub fn parse_steps(flag: &str, text: &str) -> Result<BigInt, CliError> {
    input::parse_steps(text).map_err(|e| CliError::usage(format_args!("{flag}: {e}")))
}

/// Moves the generator by `--advance N`: forwards or (negative N) backwards,
/// any size, reduced modulo the period where it is known.
pub fn advance(entry: &Entry, rng: &mut Engine, text: &str) -> Result<(), CliError> {
    let steps = parse_steps("--advance", text)?;
    entry.advance(rng, &steps).map_err(CliError::usage)
}

/// A state drawn from the OS, valid for the GEN.
fn from_entropy(entry: &Entry, stream: Option<u64>) -> Result<Engine, CliError> {
    let random_u64 = || -> Result<u64, CliError> {
        let mut buf = [0u8; 8];
        getrandom::fill(&mut buf)
            .map_err(|e| CliError::usage(format_args!("the OS entropy source failed: {e}")))?;
        Ok(u64::from_le_bytes(buf))
    };
    let mut options = SeedOptions::default();
    options.stream = stream;
    for _ in 0..64 {
        // Engines seeded from a 32-bit value in practice: draw the seed, so
        // the start is one the engine itself could have made. Others get a
        // whole random state (a PCG stream given: a random seed on it).
        let rng = match entry.info().seed_kind.bits() {
            Some(32) => entry
                .seed(&BigInt::from(random_u64()? & 0xffff_ffff), &options)
                .ok(),
            Some(_) if stream.is_some() => entry.seed(&BigInt::from(random_u64()?), &options).ok(),
            _ => {
                let bits = entry.word_bits();
                let mut words = Vec::with_capacity(entry.word_count());
                for _ in 0..entry.word_count() {
                    let w = random_u64()?;
                    words.push(if bits == 32 { w & 0xffff_ffff } else { w });
                }
                // Some states have structure random words rarely meet (the
                // MT `left` word): then a random seed of the GEN's own.
                match entry.from_words(&words) {
                    Ok(rng) => Some(rng),
                    Err(_) => entry.seed(&BigInt::from(random_u64()?), &options).ok(),
                }
            }
        };
        // Only rejected seeds and states (all zero) are retried: retrying is
        // the uniform choice.
        if let Some(rng) = rng {
            return Ok(rng);
        }
    }
    Err(CliError::usage(format_args!(
        "{} could not be started from OS entropy; give --seed or --state",
        entry.name()
    )))
}

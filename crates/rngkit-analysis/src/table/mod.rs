//! Seed tables: a seed query answered by a lookup instead of a search.
//!
//! A table covers the seeds `A..=B` of one GEN and one *key draw* (`php`'s
//! `mt-rand`, `python`'s `getrandbits 32` or `random`, ...): the draw whose
//! value, as the first observation, reveals the top `key_bits` bits of the
//! first raw word after seeding. The table is a sorted index: the seeds
//! bucketed on the top `bucket_bits` bits of their first raw word (about 16
//! seeds a bucket), each bucket's seeds in ascending order. A query reads
//! the one bucket its first observation names, and verifies every seed in
//! it against every observation with [`crate::search::verify`], the check
//! the full search runs on its survivors; so it answers exactly what the
//! full search over the table's seeds answers (advance 0), in ascending
//! seed order. The index is complete: no seed is ever missed.
//!
//! The file ([`format`](mod@format)) has a header (magic, format version, GEN, draw,
//! seed range, parameters, the hash of the checksum table, its own hash)
//! and a checksum for every 1 MiB block of the body. Opening a table
//! ([`Table::open`]) checks the header and streams every block through its
//! checksum before any answer is given, so any flipped byte is refused
//! (the file is read in 1 MiB pieces, never held whole in memory);
//! [`Check::Touched`] checks only the blocks a query reads (every byte an
//! answer rests on, in milliseconds on a table of any size). Why an
//! index rather than a rainbow table, with measurements: `docs/tables.md`.
//!
//! ```
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::registry;
//! use rngkit_analysis::search::SearchSpec;
//! use rngkit_analysis::table::{BuildSpec, Table, build, query};
//!
//! let php = registry::find("php").unwrap();
//! let path = std::env::temp_dir().join(format!("rngkit-doc-{}.table", std::process::id()));
//! let spec = BuildSpec::new(php, 1000..=1999, None).unwrap().threads(1);
//! build(&spec, &path, &Default::default()).unwrap();
//! let table = Table::open(&path).unwrap();
//! // mt_srand(1234); mt_rand() (PHP 7.1+, by the runtime's module).
//! let first = rngkit::runtimes::php::mt_rand(&mut rngkit::runtimes::php::mt_srand(1234));
//! let obs = parse_observations(php, &format!("mt-rand = {first}")).unwrap();
//! let found = query(&[table], &SearchSpec::new(php, obs, 1000..=1999)).unwrap();
//! assert_eq!(found.iter().map(|m| m.seed).collect::<Vec<_>>(), vec![1234]);
//! std::fs::remove_file(&path).unwrap();
//! ```

mod build;
pub mod format;
mod keys;
mod query;

use std::fmt;

pub use build::{BuildSpec, Built, MAX_SEEDS, build};
pub use format::{Check, Header, Table};
pub use query::query;

/// How a GEN's seeding fills the MT19937 block (the key builder's kernel).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Seeding {
    /// `init_genrand(S)`: `mt19937`, PHP 7.1+'s `mt_srand`, Ruby's `srand` (a one-word seed).
    InitGenrand,
    /// `init_by_array([S])`: CPython's `random.seed`.
    ByArray,
}

/// A draw a table can be keyed on: its first value reveals the top
/// `key_bits` bits of the first raw word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyDraw {
    /// The GEN.
    pub generator: &'static str,
    /// The draw, as an observation names it.
    pub draw: &'static str,
    /// The top bits of the first raw word that its value reveals.
    pub key_bits: u32,
    pub(crate) seeding: Seeding,
}

const fn key(
    generator: &'static str,
    draw: &'static str,
    key_bits: u32,
    seeding: Seeding,
) -> KeyDraw {
    KeyDraw {
        generator,
        draw,
        key_bits,
        seeding,
    }
}

/// Every (GEN, draw) a table can be built for; a GEN's first is its default.
pub const KEY_DRAWS: &[KeyDraw] = &[
    key("php", "mt-rand", 31, Seeding::InitGenrand),
    key("php", "rand", 31, Seeding::InitGenrand),
    key("mt19937", "u32", 32, Seeding::InitGenrand),
    key("python", "getrandbits 32", 32, Seeding::ByArray),
    key("python", "random", 27, Seeding::ByArray),
    key("python", "u32", 32, Seeding::ByArray),
    key("ruby", "rand", 27, Seeding::InitGenrand),
    key("ruby", "u32", 32, Seeding::InitGenrand),
];

/// The key draw of `generator` named `draw` (its default when `None`;
/// spaces as an observation writes them).
///
/// ```
/// use rngkit_analysis::table::key_draw;
/// assert_eq!(key_draw("python", None).unwrap().draw, "getrandbits 32");
/// assert_eq!(key_draw("python", Some("random")).unwrap().key_bits, 27);
/// assert!(key_draw("python", Some("randint 1 6")).is_err());
/// assert!(key_draw("java", None).is_err());
/// ```
///
/// # Errors
/// One line naming the GENs or draws that tables take.
pub fn key_draw(generator: &str, draw: Option<&str>) -> Result<KeyDraw, String> {
    let of_gen: Vec<&KeyDraw> = KEY_DRAWS
        .iter()
        .filter(|k| k.generator == generator)
        .collect();
    if of_gen.is_empty() {
        let mut gens: Vec<&str> = KEY_DRAWS.iter().map(|k| k.generator).collect();
        gens.dedup();
        return Err(format!(
            "seed tables are built for {} only, not {generator}",
            gens.join(", ")
        ));
    }
    let Some(draw) = draw else {
        return Ok(*of_gen[0]);
    };
    let draw = normalize(draw);
    of_gen
        .iter()
        .find(|k| k.draw == draw)
        .map(|k| **k)
        .ok_or_else(|| {
            let names: Vec<String> = of_gen.iter().map(|k| format!("`{}`", k.draw)).collect();
            format!(
                "a {generator} table is keyed on {}, not `{draw}`",
                names.join(" or ")
            )
        })
}

/// A draw's text with single spaces, as tables compare them.
pub(crate) fn normalize(draw: &str) -> String {
    draw.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Why a table cannot be built, opened or asked.
#[derive(Debug)]
pub enum TableError {
    /// The file could not be read or written.
    Io(String),
    /// Not a seed table, a truncated or corrupted one, one of another
    /// format version, or one that does not fit the query: one line saying
    /// which and how to rebuild it.
    Bad(String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::Io(m) | TableError::Bad(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for TableError {}

#[cfg(test)]
mod tests;

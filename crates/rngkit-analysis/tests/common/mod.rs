//! Test helpers: GENs by name and seeding from a plain `u64`, as the tests
//! written before the registry spelled them.
#![allow(dead_code)]

use rngkit::number::BigInt;
use rngkit::registry::{Engine, SeedError, SeedOptions};
use rngkit_analysis::registry::{self, Entry};

/// The registry entry of a GEN.
pub fn p(name: &str) -> &'static Entry {
    registry::find(name).unwrap()
}

/// Seeding from a seed's bit pattern and a PCG stream.
pub trait Seeded {
    fn seeded(&self, seed: u64, stream: u64) -> Result<Engine, SeedError>;
}

impl Seeded for Entry {
    fn seeded(&self, seed: u64, stream: u64) -> Result<Engine, SeedError> {
        let mut options = SeedOptions::default();
        options.stream = Some(stream);
        let seed = match self.info().seed_kind {
            rngkit::registry::SeedKind::I32 => BigInt::from(seed as u32 as i32),
            rngkit::registry::SeedKind::I64 => BigInt::from(seed as i64),
            _ => BigInt::from(seed),
        };
        self.seed(&seed, &options)
    }
}

/// `to_words`, as the tests spell it.
pub trait ToWords {
    fn to_words(&self) -> Vec<u64>;
}

impl ToWords for Engine {
    fn to_words(&self) -> Vec<u64> {
        self.words()
    }
}

//! The facade's snapshot loader (`DeterministicRng::restore`) on any bytes:
//! never a panic; an accepted snapshot is canonical (writing it again gives
//! the same bytes). And from a valid snapshot of a fuzz-chosen state, any
//! single changed byte is refused (the FNV-1a checksum changes whenever one
//! byte does), as is any truncation.
#![no_main]

use arbitrary::Arbitrary;
use libfuzzer_sys::fuzz_target;
use rngkit::facade::{Algorithm, DeterministicRng};

#[derive(Arbitrary, Debug)]
struct Input {
    raw: Vec<u8>,
    algorithm: u8,
    seed: u64,
    steps: u16,
    position: u16,
    xor: u8,
}

fuzz_target!(|input: Input| {
    if let Ok(rng) = DeterministicRng::restore(&input.raw) {
        assert_eq!(rng.snapshot(), input.raw);
    }

    let algorithm = Algorithm::ALL[usize::from(input.algorithm) % Algorithm::ALL.len()];
    let mut rng = algorithm.seed_from_u64(input.seed);
    rng.discard(u64::from(input.steps));
    let bytes = rng.snapshot();
    assert_eq!(DeterministicRng::restore(&bytes).as_ref(), Ok(&rng));
    let at = usize::from(input.position) % bytes.len();
    assert!(DeterministicRng::restore(&bytes[..at]).is_err());
    if input.xor != 0 {
        let mut corrupted = bytes.clone();
        corrupted[at] ^= input.xor;
        assert!(
            DeterministicRng::restore(&corrupted).is_err(),
            "byte {at} ^ {:#x}",
            input.xor
        );
    }
});

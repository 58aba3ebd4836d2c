//! The sources: algorithm names and factories, string seeds, snapshots
//! (bytes and serde), the foreign adapter and the OS source.

use rngkit::StateWords;
use rngkit::facade::{
    Algorithm, DeterministicRng, ForeignSource, RandomExt, RandomSource, SNAPSHOT_MAGIC,
    SnapshotError, restore_snapshot, seed_from_str, snapshot,
};
use rngkit::generators::{
    Mt19937, Pcg32, SplitMix64, TinyMt32, Xoroshiro128Plus, Xorshift32, Xorshift128,
    Xoshiro256StarStar,
};
use rngkit::rand_core::{Rng, SeedableRng};

const NAMES: [&str; 7] = [
    "xoshiro256ss",
    "xoroshiro128p",
    "pcg32",
    "splitmix64",
    "mt19937",
    "xorshift128",
    "tinymt32",
];

// ---- names ----

#[test]
fn algorithms_parse_and_display_as_the_cli_names() {
    for (algorithm, name) in Algorithm::ALL.into_iter().zip(NAMES) {
        assert_eq!(algorithm.to_string(), name);
        assert_eq!(name.parse::<Algorithm>(), Ok(algorithm));
    }
    assert_eq!(Algorithm::default(), Algorithm::Xoshiro256StarStar);
}

#[test]
fn unknown_names_list_the_valid_ones() {
    for bad in ["", "Pcg32", "xoshiro256**", "unity", "mt"] {
        let message = bad.parse::<Algorithm>().unwrap_err().to_string();
        for name in NAMES {
            assert!(message.contains(name), "{message}");
        }
    }
}

// ---- factories ----

#[test]
fn factories_match_each_generators_reference_seeding() {
    let seed = 0x1234_5678_9abc_def0_u64;
    let expected: [DeterministicRng; 7] = [
        Xoshiro256StarStar::seed_from_u64(seed).into(),
        Xoroshiro128Plus::seed_from_u64(seed).into(),
        Pcg32::new(seed, 54).into(),
        SplitMix64::new(seed).into(),
        Mt19937::new(seed as u32).into(),
        Xorshift128::init_state(seed as u32).into(),
        TinyMt32::new(seed as u32).into(),
    ];
    for (algorithm, expected) in Algorithm::ALL.into_iter().zip(expected) {
        let rng = algorithm.seed_from_u64(seed);
        assert_eq!(rng, expected);
        assert_eq!(rng.algorithm(), algorithm);
        assert_eq!(DeterministicRng::new(algorithm, seed), rng);
    }
}

#[test]
fn xoshiro_factory_matches_the_rand_xoshiro_crate() {
    // Oracle: rand_xoshiro's seed_from_u64 also expands with SplitMix64.
    let mut ours = Algorithm::Xoshiro256StarStar.seed_from_u64(99);
    let mut theirs = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(99);
    for _ in 0..100 {
        assert_eq!(ours.next_u64(), theirs.next_u64());
    }
    let mut ours = Algorithm::Xoroshiro128Plus.seed_from_str("level-1");
    let mut theirs = rand_xoshiro::Xoroshiro128Plus::seed_from_u64(0x6dd50851723a3913);
    for _ in 0..100 {
        assert_eq!(ours.next_u64(), theirs.next_u64());
    }
}

#[test]
fn mt19937_factory_gives_the_published_first_output() {
    // init_genrand(5489): first output 3499211612 (Matsumoto & Nishimura's
    // mt19937ar.c reference output, also std::mt19937's default seed).
    assert_eq!(
        Algorithm::Mt19937.seed_from_u64(5489).next_u32(),
        3_499_211_612
    );
}

#[test]
fn string_seed_hash_matches_published_and_independent_vectors() {
    // Published FNV-1a 64 vectors (FNV reference test suite, Noll).
    assert_eq!(seed_from_str(""), 0xcbf29ce484222325);
    assert_eq!(seed_from_str("a"), 0xaf63dc4c8601ec8c);
    assert_eq!(seed_from_str("foobar"), 0x85944171f73967e8);
    // Independent: the Python one-liner in tests/facade_reference.py
    //   h=0xcbf29ce484222325; for b in s.encode(): h=((h^b)*0x100000001b3)%2**64
    assert_eq!(seed_from_str("level-1"), 0x6dd50851723a3913);
    assert_eq!(seed_from_str("Ünïcødé 🎲"), 0x8ff501ee5c290cc1);
    assert_eq!(
        seed_from_str("The quick brown fox jumps over the lazy dog"),
        0xf3f9b7f5e7e47110
    );
    // Usable in const context (a compile-time level seed).
    const SEED: u64 = seed_from_str("a");
    assert_eq!(SEED, 0xaf63dc4c8601ec8c);
}

#[test]
fn string_seeds_differ_per_text_and_per_algorithm() {
    let a = Algorithm::Pcg32.seed_from_str("level-1");
    let b = Algorithm::Pcg32.seed_from_str("level-2");
    assert_ne!(a, b);
    assert_eq!(
        a,
        DeterministicRng::from_seed_str(Algorithm::Pcg32, "level-1")
    );
}

// ---- snapshots ----

fn advanced(algorithm: Algorithm) -> DeterministicRng {
    let mut rng = algorithm.seed_from_u64(31337);
    for _ in 0..1000 {
        rng.next_u32(); // MT19937 ends mid-block
    }
    rng
}

#[test]
fn snapshots_round_trip_and_continue_the_stream() {
    for algorithm in Algorithm::ALL {
        let mut rng = advanced(algorithm);
        let bytes = rng.snapshot();
        assert_eq!(&bytes[..4], &SNAPSHOT_MAGIC);
        assert_eq!(bytes[4], 1, "format version");
        let mut restored = DeterministicRng::restore(&bytes).unwrap();
        assert_eq!(restored, rng);
        for _ in 0..10 {
            assert_eq!(restored.next_u64(), rng.next_u64());
        }
    }
}

#[test]
fn snapshot_layout_is_the_documented_one() {
    // xoshiro256** state [1, 2, 3, 4]: header, 4 × 8 bytes LE, FNV-1a-32.
    let rng = Xoshiro256StarStar::from_state([1, 2, 3, 4]).unwrap();
    let bytes = snapshot(&rng);
    let mut expected = b"rngk\x01\x0cxoshiro256ss\x04\x00".to_vec();
    for w in [1u64, 2, 3, 4] {
        expected.extend_from_slice(&w.to_le_bytes());
    }
    // 32-bit FNV-1a (offset 0x811c9dc5, prime 0x01000193), computed here.
    let sum = expected.iter().fold(0x811c9dc5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x01000193)
    });
    expected.extend_from_slice(&sum.to_le_bytes());
    assert_eq!(bytes, expected);
    // 32-bit generators store 4-byte words.
    let bytes = snapshot(&Xorshift128::from_state([1, 2, 3, 4]).unwrap());
    assert_eq!(bytes.len(), 4 + 1 + 1 + 11 + 2 + 16 + 4);
}

#[test]
fn truncated_snapshots_are_rejected_at_every_length() {
    for algorithm in Algorithm::ALL {
        let bytes = advanced(algorithm).snapshot();
        for len in 0..bytes.len() {
            let err = DeterministicRng::restore(&bytes[..len]).unwrap_err();
            assert!(
                matches!(err, SnapshotError::Truncated { .. }),
                "{algorithm} cut at {len}: {err}"
            );
        }
    }
}

#[test]
fn every_single_bit_flip_is_rejected() {
    for algorithm in [Algorithm::Pcg32, Algorithm::Xorshift128, Algorithm::Mt19937] {
        let bytes = advanced(algorithm).snapshot();
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut corrupt = bytes.clone();
                corrupt[i] ^= 1 << bit;
                assert!(
                    DeterministicRng::restore(&corrupt).is_err(),
                    "{algorithm}: flipping bit {bit} of byte {i} went unnoticed"
                );
            }
        }
    }
}

#[test]
fn foreign_versions_trailing_bytes_and_garbage_are_rejected() {
    let bytes = advanced(Algorithm::TinyMt32).snapshot();
    let mut v2 = bytes.clone();
    v2[4] = 2;
    assert_eq!(
        DeterministicRng::restore(&v2),
        Err(SnapshotError::UnsupportedVersion { found: 2 })
    );
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(
        DeterministicRng::restore(&long),
        Err(SnapshotError::TrailingBytes { extra: 1 })
    );
    assert_eq!(
        DeterministicRng::restore(b"PNG\x89 not a save"),
        Err(SnapshotError::BadMagic)
    );
    // Deterministic garbage never panics.
    let mut noise = Algorithm::default().seed_from_u64(0);
    for len in 0..200 {
        let mut junk = vec![0u8; len];
        noise.fill_bytes(&mut junk);
        if len >= 4 {
            junk[..4].copy_from_slice(&SNAPSHOT_MAGIC);
        }
        if len >= 5 {
            junk[4] = 1;
        }
        assert!(DeterministicRng::restore(&junk).is_err());
    }
}

/// Builds a well-formed snapshot (valid checksum) around arbitrary content.
fn forge(name: &str, word_bytes: usize, words: &[u64]) -> Vec<u8> {
    let mut out = b"rngk\x01".to_vec();
    out.push(name.len() as u8);
    out.extend_from_slice(name.as_bytes());
    out.extend_from_slice(&(words.len() as u16).to_le_bytes());
    for w in words {
        out.extend_from_slice(&w.to_le_bytes()[..word_bytes]);
    }
    let sum = out.iter().fold(0x811c9dc5u32, |h, &b| {
        (h ^ b as u32).wrapping_mul(0x01000193)
    });
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

#[test]
fn well_formed_snapshots_of_invalid_states_are_rejected() {
    let zero = forge("xoshiro256ss", 8, &[0, 0, 0, 0]);
    assert!(matches!(
        DeterministicRng::restore(&zero),
        Err(SnapshotError::InvalidState(_))
    ));
    let even = forge("pcg32", 8, &[1, 2]);
    assert!(matches!(
        DeterministicRng::restore(&even),
        Err(SnapshotError::InvalidState(_))
    ));
    let short = forge("pcg32", 8, &[1]);
    assert!(matches!(
        DeterministicRng::restore(&short),
        Err(SnapshotError::InvalidState(_))
    ));
    let left = forge("mt19937", 4, &[625; 625]);
    assert!(matches!(
        DeterministicRng::restore(&left),
        Err(SnapshotError::InvalidState(_))
    ));
    let unknown = forge("xorshift64", 8, &[5]);
    assert!(matches!(
        DeterministicRng::restore(&unknown),
        Err(SnapshotError::UnknownGenerator { .. })
    ));
    let zero32 = forge("xorshift32", 4, &[0]);
    assert!(matches!(
        DeterministicRng::restore(&zero32),
        Err(SnapshotError::InvalidState(_))
    ));
    let fine32 = forge("xorshift32", 4, &[5]);
    assert_eq!(DeterministicRng::restore(&fine32).unwrap().to_words(), [5]);
    let bad_name = forge("pcg\u{e9}", 8, &[1, 3]);
    assert_eq!(
        DeterministicRng::restore(&bad_name),
        Err(SnapshotError::BadName)
    );
}

#[test]
fn typed_snapshots_work_for_any_generator_and_check_the_type() {
    let rng = Xorshift32::from_state(12345).unwrap();
    let bytes = snapshot(&rng);
    assert_eq!(restore_snapshot::<Xorshift32>(&bytes).unwrap(), rng);
    assert!(matches!(
        restore_snapshot::<Xorshift128>(&bytes),
        Err(SnapshotError::WrongGenerator {
            expected: "xorshift128",
            ..
        })
    ));
    // A DeterministicRng snapshot is the same bytes as the generator's own.
    let mt = Mt19937::new(7);
    assert_eq!(DeterministicRng::from(mt.clone()).snapshot(), snapshot(&mt));
    assert_eq!(restore_snapshot::<Mt19937>(&snapshot(&mt)).unwrap(), mt);
}

#[test]
fn snapshot_errors_explain_themselves() {
    let errors = [
        SnapshotError::BadMagic,
        SnapshotError::UnsupportedVersion { found: 9 },
        SnapshotError::Truncated {
            needed: 10,
            found: 3,
        },
        SnapshotError::TrailingBytes { extra: 2 },
        SnapshotError::ChecksumMismatch {
            stored: 1,
            computed: 2,
        },
        SnapshotError::BadName,
    ];
    for err in errors {
        let text = err.to_string();
        assert!(text.contains("snapshot"), "{text}");
    }
}

// ---- serde ----

#[cfg(feature = "serde")]
mod serde_tests {
    use super::*;

    #[test]
    fn serde_round_trips_every_algorithm() {
        for algorithm in Algorithm::ALL {
            let mut rng = advanced(algorithm);
            let json = serde_json::to_string(&rng).unwrap();
            let mut back: DeterministicRng = serde_json::from_str(&json).unwrap();
            assert_eq!(back, rng);
            assert_eq!(back.next_u64(), rng.next_u64());
        }
    }

    #[test]
    fn serde_format_is_versioned_and_named() {
        let rng = DeterministicRng::from(Pcg32::from_state(5, 7).unwrap());
        assert_eq!(
            serde_json::to_string(&rng).unwrap(),
            r#"{"version":1,"algorithm":"pcg32","state":[5,7]}"#
        );
        assert_eq!(
            serde_json::to_string(&Algorithm::TinyMt32).unwrap(),
            r#""tinymt32""#
        );
    }

    #[test]
    fn serde_rejects_bad_documents() {
        for bad in [
            r#"{"version":2,"algorithm":"pcg32","state":[5,7]}"#,
            r#"{"version":1,"algorithm":"pcg64","state":[5,7]}"#,
            r#"{"version":1,"algorithm":"pcg32","state":[5,6]}"#,
            r#"{"version":1,"algorithm":"pcg32","state":[5]}"#,
            r#"{"version":1,"algorithm":"xorshift128","state":[1,2,3,4294967296]}"#,
            r#"{"algorithm":"pcg32","state":[5,7]}"#,
        ] {
            assert!(
                serde_json::from_str::<DeterministicRng>(bad).is_err(),
                "{bad}"
            );
        }
    }
}

// ---- dyn sources and adapters ----

#[test]
fn dyn_sources_name_themselves_and_snapshot_when_they_can() {
    let mut sources: Vec<Box<dyn RandomSource>> = vec![
        Box::new(Algorithm::Pcg32.seed_from_u64(1)),
        Box::new(TinyMt32::new(1)),
        Box::new(ForeignSource::new(
            "rand_pcg",
            rand_pcg::Pcg32::new(0xcafef00dd15ea5e5, 0xa02bdbf7bb3c0a7),
        )),
    ];
    let names: Vec<&str> = sources.iter().map(|s| s.name()).collect();
    assert_eq!(names, ["pcg32", "tinymt32", "rand_pcg"]);
    let saved = sources[0].snapshot().unwrap();
    let next = sources[0].range(0..1_000_000);
    assert_eq!(
        DeterministicRng::restore(&saved)
            .unwrap()
            .range(0..1_000_000),
        next
    );
    assert_eq!(
        restore_snapshot::<TinyMt32>(&sources[1].snapshot().unwrap()).unwrap(),
        TinyMt32::new(1)
    );
    assert!(sources[2].snapshot().is_none());
}

#[test]
fn foreign_source_forwards_the_wrapped_generator_unchanged() {
    let make = || rand_pcg::Pcg32::new(42, 54);
    let mut wrapped = ForeignSource::new("rand_pcg", make());
    let mut plain = make();
    for _ in 0..50 {
        assert_eq!(wrapped.next_u32(), plain.next_u32());
        assert_eq!(wrapped.next_u64(), plain.next_u64());
    }
    let (mut a, mut b) = ([0u8; 13], [0u8; 13]);
    wrapped.fill_bytes(&mut a);
    plain.fill_bytes(&mut b);
    assert_eq!(a, b);
    // Helpers on the wrapper equal helpers on the generator itself.
    assert_eq!(wrapped.range(0..100), plain.range(0..100));
    assert_eq!(wrapped.get_ref(), &plain);
    assert_eq!(wrapped.into_inner(), plain);
}

#[test]
fn generators_report_their_state_words_name() {
    assert_eq!(RandomSource::name(&Mt19937::new(1)), Mt19937::NAME);
}

// ---- OS source ----

#[cfg(feature = "std")]
mod crypto_tests {
    use rngkit::facade::{
        CryptoSource, DrawError, crypto_fill_bytes, crypto_range, try_crypto_range,
    };

    use super::*;

    #[test]
    fn os_bytes_fill_the_buffer() {
        // 64 OS bytes all zero has probability 2^-512.
        let mut buf = [0u8; 64];
        crypto_fill_bytes(&mut buf).unwrap();
        assert!(buf.iter().any(|&b| b != 0));
        let mut other = [0u8; 64];
        CryptoSource.try_fill(&mut other).unwrap();
        assert_ne!(buf, other);
        crypto_fill_bytes(&mut []).unwrap();
    }

    #[test]
    fn os_ranges_respect_bounds_and_reject_empty_ones() {
        for _ in 0..1000 {
            let x = crypto_range(-5i32..5);
            assert!((-5..5).contains(&x));
        }
        assert_eq!(
            try_crypto_range(3u8..3),
            Err(DrawError::EmptyRange { min: 3, max: 3 })
        );
        let mut os = CryptoSource;
        assert!(os.range(0.0f64..1.0) < 1.0);
        assert_eq!(RandomSource::name(&os), "os");
        assert!(RandomSource::snapshot(&os).is_none());
    }

    #[test]
    #[should_panic(expected = "empty integer range")]
    fn os_range_panics_on_empty_range() {
        crypto_range(1u64..1);
    }
}

/// The Unity profile as a source: the helpers see the raw Xorshift128 words
/// (published InitState(0) first word, uny-random-js), and the snapshot is
/// the generator's.
#[test]
fn unity_profile_is_a_source() {
    use rngkit::engines::unity::UnityRandom;
    use rngkit::facade::{RandomSource, restore_snapshot};
    use rngkit::generators::Xorshift128;
    use rngkit::rand_core::Rng;

    let mut unity = UnityRandom::new(0);
    assert_eq!(unity.next_u32(), 1900725526);
    let saved = RandomSource::snapshot(&unity).unwrap();
    let restored: Xorshift128 = restore_snapshot(&saved).unwrap();
    assert_eq!(&restored, unity.generator());
    let mut boxed: Box<dyn RandomSource> = Box::new(unity);
    assert_eq!(boxed.name(), "unity");
    assert_eq!(boxed.next_u32(), 1900725046);
}

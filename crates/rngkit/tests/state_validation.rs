//! Every generator rejects invalid states with an error (never a panic) and
//! round-trips valid ones through words and serde.

use rand_core::Rng;
use rngkit::generators::*;
use rngkit::{StateError, StateWords};

#[test]
fn invalid_states_are_rejected() {
    assert!(matches!(
        Xorshift128::from_state([0; 4]),
        Err(StateError::AllZero { .. })
    ));
    assert!(matches!(
        Xoshiro256StarStar::from_state([0; 4]),
        Err(StateError::AllZero { .. })
    ));
    assert!(matches!(
        Xoroshiro128Plus::from_state([0; 2]),
        Err(StateError::AllZero { .. })
    ));
    assert!(matches!(
        TinyMt32::from_state([0; 4]),
        Err(StateError::AllZero { .. })
    ));
    // status[0]'s top bit is outside TinyMT's 127-bit state.
    assert!(matches!(
        TinyMt32::from_state([0x8000_0000, 0, 0, 0]),
        Err(StateError::AllZero { .. })
    ));
    assert!(matches!(
        Xorshift32::from_state(0),
        Err(StateError::AllZero { .. })
    ));
    assert!(matches!(
        Pcg32::from_state(5, 2),
        Err(StateError::EvenIncrement { increment: 2 })
    ));
    assert!(matches!(
        Mt19937::from_state([1; 624], 625),
        Err(StateError::LeftOutOfRange { left: 625 })
    ));
    assert!(matches!(
        Mt19937::from_state([0; 624], 3),
        Err(StateError::AllZero { .. })
    ));
    assert!(Mt19937::from_state([1; 624], 0).is_ok());
    assert!(Mt19937::from_state([1; 624], 624).is_ok());
}

#[test]
fn word_errors() {
    assert_eq!(
        Xorshift128::from_words(&[1, 2, 3]),
        Err(StateError::WordCount {
            generator: "xorshift128",
            expected: 4,
            found: 3
        })
    );
    assert_eq!(
        TinyMt32::from_words(&[1, 2, 3, 1 << 32]),
        Err(StateError::WordTooWide {
            generator: "tinymt32",
            index: 3,
            bits: 32
        })
    );
    let mut words = vec![u64::MAX];
    words.extend([1u64; 624]);
    assert!(matches!(
        Mt19937::from_words(&words),
        Err(StateError::LeftOutOfRange { .. })
    ));
}

#[test]
fn blob_errors() {
    let blob = Mt19937::new(7).to_blob();
    assert!(matches!(
        Mt19937::from_blob(&blob[..2499]),
        Err(StateError::BlobSize { found: 2499, .. })
    ));
    assert!(matches!(
        Mt19937::from_blob(&[0u8; 2501]),
        Err(StateError::BlobSize { found: 2501, .. })
    ));
    for left in [625i32, -1, i32::MIN] {
        let mut bad = blob.clone();
        bad[2496..].copy_from_slice(&left.to_le_bytes());
        assert_eq!(
            Mt19937::from_blob(&bad),
            Err(StateError::LeftOutOfRange {
                left: i64::from(left)
            })
        );
    }
    let mut padded = blob.clone();
    padded.extend_from_slice(b"pad");
    assert_eq!(Mt19937::from_blob(&padded).unwrap(), Mt19937::new(7));
}

/// The lazy model: a state saved exactly at a block boundary (left == 0)
/// twists on the next draw, giving the same stream as the eager form.
#[test]
fn mt_block_boundary_is_lazy() {
    let mut lazy = Mt19937::new(99);
    let mut eager = Mt19937::new(99);
    eager.twist();
    assert_eq!(lazy.left(), 0);
    assert_eq!(eager.left(), 624);
    for _ in 0..624 {
        assert_eq!(lazy.next_u32(), eager.next_u32());
    }
    assert_eq!(lazy.left(), 0);
    let saved = Mt19937::from_blob(&lazy.to_blob()).unwrap();
    let mut resumed = saved.clone();
    assert_eq!(resumed.next_u32(), eager.next_u32());
}

#[test]
fn untemper_inverts_temper() {
    let mut rng = SplitMix64::new(1);
    for _ in 0..10_000 {
        let x = rng.next_u32();
        assert_eq!(untemper(temper(x)), x);
        assert_eq!(temper(untemper(x)), x);
    }
}

fn round_trip<G: StateWords + PartialEq + core::fmt::Debug + Rng + Clone>(mut g: G) {
    g.next_u64();
    let words = g.to_words();
    assert_eq!(words.len(), G::WORD_COUNT);
    let back = G::from_words(&words).unwrap();
    assert_eq!(back, g);
}

#[test]
fn words_round_trip() {
    round_trip(Xorshift128::init_state(5));
    round_trip(Mt19937::new(5));
    round_trip(Pcg32::new(5, 6));
    round_trip(<Xoshiro256StarStar as rand_core::SeedableRng>::seed_from_u64(5));
    round_trip(<Xoroshiro128Plus as rand_core::SeedableRng>::seed_from_u64(
        5,
    ));
    round_trip(SplitMix64::new(5));
    round_trip(TinyMt32::new(5));
    round_trip(Xorshift32::from_state(5).unwrap());
}

#[cfg(feature = "serde")]
mod serde_tests {
    use super::*;

    fn serde_round_trip<G>(mut g: G)
    where
        G: serde::Serialize + serde::de::DeserializeOwned + PartialEq + core::fmt::Debug + Rng,
    {
        g.next_u32();
        let json = serde_json::to_string(&g).unwrap();
        let back: G = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn serde_round_trips() {
        serde_round_trip(Xorshift128::init_state(5));
        serde_round_trip(Mt19937::new(5));
        serde_round_trip(Pcg32::new(5, 6));
        serde_round_trip(<Xoshiro256StarStar as rand_core::SeedableRng>::seed_from_u64(5));
        serde_round_trip(<Xoroshiro128Plus as rand_core::SeedableRng>::seed_from_u64(
            5,
        ));
        serde_round_trip(SplitMix64::new(5));
        serde_round_trip(TinyMt32::new(5));
        serde_round_trip(Xorshift32::from_state(5).unwrap());
    }

    #[test]
    fn serde_validates() {
        assert_eq!(
            serde_json::to_string(&Xorshift128::init_state(0)).unwrap(),
            "[0,1,1812433254,1900727103]"
        );
        assert!(
            serde_json::from_str::<Xorshift128>("[0,0,0,0]")
                .unwrap_err()
                .to_string()
                .contains("all zero")
        );
        assert!(
            serde_json::from_str::<Pcg32>("[1,2]")
                .unwrap_err()
                .to_string()
                .contains("odd")
        );
        assert!(serde_json::from_str::<Mt19937>(r#"{"left":625,"mt":[1]}"#).is_err());
        let mut doc = serde_json::to_value(Mt19937::new(1)).unwrap();
        doc["left"] = 625.into();
        assert!(
            serde_json::from_value::<Mt19937>(doc.clone())
                .unwrap_err()
                .to_string()
                .contains("0..=624")
        );
        doc["left"] = 1.into();
        doc["mt"].as_array_mut().unwrap().pop();
        assert!(
            serde_json::from_value::<Mt19937>(doc)
                .unwrap_err()
                .to_string()
                .contains("624")
        );
    }
}

/// The fuzz target `state_words` found the test kit's validity oracle
/// refusing a C++ engine's words followed by a saved normal value (here
/// `minstd_rand0`'s x and the two 32-bit halves of 1e222), which the
/// engine rightly takes; the saved value must be a finite double.
#[test]
fn cpp_engine_words_with_a_saved_normal_value() {
    use rngkit::runtimes::cpp::MinstdRand0;
    let words = [687_865_855, 1_862_270_975, 1_852_404_844];
    let rng = MinstdRand0::from_words(&words).unwrap();
    assert_eq!(rng.to_words(), words);
    let infinite = f64::INFINITY.to_bits();
    assert!(MinstdRand0::from_words(&[5, infinite & 0xffff_ffff, infinite >> 32]).is_err());
    assert!(MinstdRand0::from_words(&[5, 1 << 32, 0]).is_err());
    assert!(MinstdRand0::from_words(&[5, 1]).is_err());
}

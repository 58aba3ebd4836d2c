//! `Mt19937::from_blob` on any bytes: never a panic; accepts exactly the
//! 2500/2503-byte blobs with `left` in 0..=624 and a nonzero block; an
//! accepted blob writes back byte for byte and can be drawn from.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rngkit::WordRng;
use rngkit::generators::{BLOB_LEN, Mt19937, PADDED_BLOB_LEN};

fn check(blob: &[u8]) {
    let expected_ok = (blob.len() == BLOB_LEN || blob.len() == PADDED_BLOB_LEN)
        && (0..=624).contains(&i32::from_le_bytes(blob[2496..2500].try_into().unwrap()))
        && blob[..2496].iter().any(|&b| b != 0);
    match Mt19937::from_blob(blob) {
        Ok(mut rng) => {
            assert!(expected_ok, "accepted an invalid blob");
            assert_eq!(rng.to_blob(), &blob[..BLOB_LEN]);
            rng.discard(700);
        }
        Err(e) => {
            assert!(!expected_ok, "refused a valid blob: {e}");
            assert!(!e.to_string().contains('\n'));
        }
    }
}

fuzz_target!(|data: &[u8]| {
    // The raw bytes as a blob of whatever length...
    check(data);
    // ...and, so the fuzzer reaches the parser's insides without a corpus,
    // the bytes cycled into a 2500- or 2503-byte blob.
    if let Some((&mode, rest)) = data.split_first()
        && !rest.is_empty()
    {
        let len = if mode & 1 == 0 {
            BLOB_LEN
        } else {
            PADDED_BLOB_LEN
        };
        let blob: Vec<u8> = rest.iter().copied().cycle().take(len).collect();
        check(&blob);
    }
});

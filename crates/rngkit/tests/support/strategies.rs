//! What the property tests of the core and the analysis crate share: the
//! run configuration and the state-word strategy (both crates' integration
//! binaries include this file by `#[path]`; the fuzz crate, which has no
//! proptest, does not).
#![allow(dead_code)]

use proptest::prelude::*;

/// 256 cases a property: enough to meet every edge the strategies bias
/// towards, short enough for the test command's time budget.
pub fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 256,
        ..ProptestConfig::default()
    }
}

/// One state word of `bits` (32 or 64) bits, biased towards the edges: zero,
/// the width's maximum, one, the top bit of a 32-bit word, and MT19937's
/// `left` boundaries (623 to 626).
pub fn word(bits: u32) -> impl Strategy<Value = u64> {
    let max = if bits == 32 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    };
    prop_oneof![
        6 => 0..=max,
        2 => Just(0u64),
        1 => Just(max),
        1 => Just(1u64),
        1 => Just(0x8000_0000u64),
        1 => 623u64..=626,
        1 => any::<u64>(),
    ]
}

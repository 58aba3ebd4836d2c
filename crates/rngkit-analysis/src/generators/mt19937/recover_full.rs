//! MT19937 state recovery from 624 consecutive fully observed outputs:
//! untempering gives the block, untwisting steps it back to the first
//! observed draw.

use rngkit::generators::{Mt19937, untemper};

use super::window::untwist;
use crate::observe::WordConstraint;

/// The state just before offset 0, from constraints that include 624
/// consecutive full words (tempered outputs), or `None` when they do not.
///
/// Earlier than the run, the state is reached by untwisting, which is exact
/// for everything the stream reads (see [`untwist`]).
pub fn from_full_words(constraints: &[WordConstraint]) -> Option<Mt19937> {
    let mut full: Vec<(u64, u32)> = constraints
        .iter()
        .filter(|c| c.known.mask == 0xffff_ffff)
        .map(|c| (c.offset, c.known.value as u32))
        .collect();
    full.sort_unstable();
    full.dedup_by_key(|&mut (o, _)| o);
    let start = full.windows(624).position(|w| w[623].0 - w[0].0 == 623)?;
    let mut block = [0u32; 624];
    for (slot, &(_, word)) in block.iter_mut().zip(&full[start..start + 624]) {
        *slot = untemper(word);
    }
    let mut offset = full[start].0;
    // The state at `offset` is (block, left = 624); walk back to offset 0.
    while offset > 624 {
        block = untwist(&block);
        offset -= 624;
    }
    if offset == 0 {
        // Untwisted and twisted again, the block keeps what any earlier
        // state decides: 624 words that no MT19937 stream holds in a row
        // (one of them missing or altered) come back changed in the low
        // bits of the first word, and the caller's verification sees it.
        let mut mt = Mt19937::from_state(untwist(&block), 0).ok()?;
        mt.twist();
        return Some(mt);
    }
    Mt19937::from_state(untwist(&block), offset as u32).ok()
}

//! The analysis of Ruby's `Random` (`ruby`): a 32-bit seed is
//! `init_genrand(S)` (as `mt19937`), so seed search is MT19937's kernel;
//! identification here also reads states recovered from outputs, whose
//! 624 words sit at any alignment to the generator's own blocks. State
//! recovery is MT19937's (`rand` floats give the top 27 and 26 bits of two
//! words).

use rngkit::generators::Mt19937;
use rngkit::registry::Engine;

use crate::generators::mt19937::{follows_recurrence, identify_seeded};
use crate::identify::Identified;

const INIT_MUL: u32 = 1_812_433_253;
/// The inverse of [`INIT_MUL`] mod 2^32.
const INIT_MUL_INV: u32 = 2_520_285_293;

/// `identify` for `ruby` (seeds below 2^32): untwists the state back block
/// by block (at most `max_advance / 624 + 2` blocks, else 2^16) and, at
/// each, tries every alignment of the `init_genrand` block in the window:
/// three consecutive words that follow `x[i] = 1812433253 * (x[i-1] ^
/// (x[i-1] >> 30)) + i` are run back to `x[0]`, the seed, which is
/// confirmed by seeding forwards and comparing 624 outputs.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::generators::ruby::identify;
/// use rngkit_analysis::identify::Identified;
///
/// let ruby = rngkit_analysis::registry::find("ruby").unwrap();
/// let mut rng = ruby.seed(&BigInt::from(777), &Default::default()).unwrap();
/// rng.discard(40);
/// assert_eq!(identify(&rng, None), Some(Identified { seed: 777, advance: 40 }));
/// ```
pub fn identify(rng: &Engine, max_advance: Option<u64>) -> Option<Identified> {
    let mt = rng.downcast_ref::<Mt19937>()?;
    let next = |x: u32, i: usize| INIT_MUL.wrapping_mul(x ^ (x >> 30)).wrapping_add(i as u32);
    // The window holds x[i] at index i - p, for i in max(p, 0)..min(624, p + 624).
    identify_seeded(mt, max_advance, 4, |window, p| {
        let (i, mut seed) = follows_recurrence(window, p, next)?;
        for k in (1..i).rev() {
            let y = seed.wrapping_sub(k as u32).wrapping_mul(INIT_MUL_INV);
            seed = y ^ (y >> 30);
        }
        Some((u64::from(seed), Mt19937::new(seed)))
    })
}

/// What `recover` and `seed-search` do for `ruby`, for the front ends'
/// help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "MT19937's recovery: 624 full words, or the bits `rand` floats reveal (the top \
              27 and 26 bits of two words each).",
    recover_examples: &[],
    search: "Searches the one-word seeds 0..2^32 of `Random.new(S)` / `srand(S)` (larger \
             ones: recover the state, then `identify`) with MT19937's kernel, which \
             computes only the words the observations read, 64 seeds at a time.",
    search_examples: &[],
    examples: &[],
};

//! The analysis of Ruby's `Random` (`ruby`): a 32-bit seed is
//! `init_genrand(S)` (as `mt19937`), so seed search is MT19937's kernel;
//! identification here also reads states recovered from outputs, whose
//! 624 words sit at any alignment to the generator's own blocks. State
//! recovery is MT19937's (`rand` floats give the top 27 and 26 bits of two
//! words).

use rngkit::WordRng;
use rngkit::generators::Mt19937;
use rngkit::registry::Engine;

use crate::generators::mt19937::untwist;
use crate::identify::Identified;

const N: usize = 624;
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
    let twists = max_advance.map_or(1 << 16, |n| n / N as u64 + 2);
    let left = i64::from(mt.left());
    let next = |x: u32, i: usize| INIT_MUL.wrapping_mul(x ^ (x >> 30)).wrapping_add(i as u32);
    let mut window = *mt.block();
    for t in 0..=twists as i64 {
        if t > 0 {
            window = untwist(&window);
        }
        // The window holds x[i] at index i - p, for i in max(p, 0)..min(624, p + 624).
        for p in -(N as i64) + 4..N as i64 - 4 {
            let advance = N as i64 * t + p - left;
            if advance < 0 || max_advance.is_some_and(|n| advance as u64 > n) {
                continue;
            }
            // Word 0 of an untwisted block is not trusted (nothing twisted into it).
            let i = p.max(0) as usize + 2;
            let x = |k: usize| window[(k as i64 - p) as usize];
            if i + 2 >= N
                || (i as i64 + 2) >= p + N as i64
                || x(i) != next(x(i - 1), i)
                || x(i + 1) != next(x(i), i + 1)
                || x(i + 2) != next(x(i + 1), i + 2)
            {
                continue;
            }
            let mut seed = x(i - 1);
            for k in (1..i).rev() {
                let y = seed.wrapping_sub(k as u32).wrapping_mul(INIT_MUL_INV);
                seed = y ^ (y >> 30);
            }
            let mut check = Mt19937::new(seed);
            check.discard(advance as u64);
            let mut given = mt.clone();
            if (0..N).all(|_| check.next_word() == given.next_word()) {
                return Some(Identified {
                    seed: u64::from(seed),
                    advance: advance as u64,
                });
            }
        }
    }
    None
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

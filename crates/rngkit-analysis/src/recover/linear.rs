//! Linear recovery for the F2-linear generators: every revealed bit of an
//! output word is one equation in the state bits, solved by Gaussian
//! elimination over GF(2) (the analysis toolkit's [`BitMatrix`]).
//!
//! The coefficients come from the generator itself: the generator is linear,
//! so the linear word at step `t` of a state is the XOR of the words at step
//! `t` of the state's single-bit basis states. Running one generator per
//! state bit gives each equation's row without writing any matrix by hand.

use rngkit::registry::{Engine, Gen};
use rngkit::{StateWords, WordRng};

use crate::gf2::{BitMatrix, BitVec};
use crate::observe::{KnownBits, Observation, WordConstraint, layout};
use crate::recover::{
    Count, ENUMERATE_LIMIT, RecoverError, RecoverOptions, Recovered, conclude, fits,
};

/// A generator whose raw steps expose a word that is linear in the state
/// over GF(2): the output itself (Xorshift128, xorshift32), a state word the
/// output reveals (xoshiro256**), or one bit (xoroshiro128+, TinyMT32).
/// Each generator's analysis module implements it.
pub trait LinearView: WordRng + StateWords {
    /// The known bits of the linear word that `known` output bits imply
    /// (`None`: they imply nothing linear).
    fn translate(known: KnownBits) -> Option<KnownBits> {
        Some(known)
    }

    /// Takes one step and returns the linear word of that step.
    fn linear_step(&mut self) -> u64 {
        self.next_word()
    }
}

/// The equations a set of word constraints implies, as a matrix over the
/// state bits (word-major, in `--state` word order, bit 0 first) and its
/// right-hand side.
pub fn equations<R: LinearView>(constraints: &[WordConstraint]) -> (BitMatrix, BitVec) {
    let word_bits = R::WORD_BITS as usize;
    let unknowns = word_bits * R::WORD_COUNT;
    // A single-bit state the generator rejects as empty is a bit it never
    // reads (TinyMT32's top bit of status[0]): its column stays zero and an
    // extra equation fixes it to 0, so that one state stands for the stream.
    let mut basis: Vec<Option<R>> = (0..unknowns)
        .map(|b| {
            let mut words = vec![0u64; R::WORD_COUNT];
            words[b / word_bits] = 1 << (b % word_bits);
            R::from_words(&words).ok()
        })
        .collect();
    let mut sorted: Vec<(u64, KnownBits)> = constraints
        .iter()
        .filter_map(|c| Some((c.offset, R::translate(c.known)?)))
        .collect();
    sorted.sort_by_key(|&(offset, _)| offset);
    let mut rows: Vec<BitVec> = Vec::new();
    let mut rhs_bits: Vec<bool> = Vec::new();
    for (b, rng) in basis.iter().enumerate() {
        if rng.is_none() {
            let mut row = BitVec::zeros(unknowns);
            row.set(b, true);
            rows.push(row);
            rhs_bits.push(false);
        }
    }
    let mut step = 0u64;
    let mut columns = vec![0u64; unknowns];
    for (offset, known) in sorted {
        while step <= offset {
            for (b, rng) in basis.iter_mut().enumerate() {
                columns[b] = rng.as_mut().map_or(0, R::linear_step);
            }
            step += 1;
        }
        for j in 0..64 {
            if known.mask >> j & 1 == 1 {
                let mut row = BitVec::zeros(unknowns);
                for (b, column) in columns.iter().enumerate() {
                    if column >> j & 1 == 1 {
                        row.set(b, true);
                    }
                }
                rows.push(row);
                rhs_bits.push(known.value >> j & 1 == 1);
            }
        }
    }
    (
        BitMatrix::from_rows(&rows, unknowns),
        BitVec::from_bools(&rhs_bits),
    )
}

/// The solutions of `matrix · x = rhs`: one particular solution and a
/// null-space basis (every solution is the particular one plus a
/// combination of the basis), or `None` when inconsistent.
pub fn solve(matrix: &BitMatrix, rhs: &BitVec) -> Option<(BitVec, Vec<BitVec>)> {
    let particular = if matrix.rows() == 0 {
        BitVec::zeros(matrix.cols())
    } else {
        matrix.solve(rhs)?
    };
    let basis = if matrix.rows() == 0 {
        (0..matrix.cols())
            .map(|i| {
                let mut v = BitVec::zeros(matrix.cols());
                v.set(i, true);
                v
            })
            .collect()
    } else {
        matrix.nullspace()
    };
    Some((particular, basis))
}

/// State words from a solution vector (word-major, bit 0 first).
pub fn words_of<R: StateWords>(x: &BitVec) -> Vec<u64> {
    let word_bits = R::WORD_BITS as usize;
    (0..R::WORD_COUNT)
        .map(|w| {
            (0..word_bits).fold(0u64, |acc, j| {
                acc | (u64::from(x.get(w * word_bits + j)) << j)
            })
        })
        .collect()
}

/// Linear recovery for GEN `G`: rank, the number of states that fit the
/// linear equations, and, when at most [`ENUMERATE_LIMIT`] fit, each of
/// them verified against every observation (the non-linear ones too).
///
/// # Errors
/// Never for now; the signature is the registry's.
pub fn recover<G: Gen>(
    observations: &[Observation],
    _: &RecoverOptions,
) -> Result<Recovered, RecoverError>
where
    G::Rng: LinearView,
{
    let lay = layout(observations, <G::Rng as WordRng>::OUTPUT_BITS, true);
    let (matrix, rhs) = equations::<G::Rng>(&lay.constraints);
    let Some((particular, basis)) = solve(&matrix, &rhs) else {
        return Ok(Recovered::NoneFits);
    };
    let free = basis.len() as u32;
    if free >= 128 || (1u128 << free) > ENUMERATE_LIMIT {
        // Known bits the generator's linear view cannot read (part of a
        // scrambled output), or draws that reveal no exact bit (dice with
        // redraws), still rule states out: the count is then a bound.
        let known: usize = lay
            .constraints
            .iter()
            .map(|c| c.known.mask.count_ones() as usize)
            .sum();
        let unread = matrix.rows() < known
            || !crate::observe::uninformative(observations, <G::Rng as WordRng>::OUTPUT_BITS)
                .is_empty();
        return Ok(Recovered::Several {
            count: if unread {
                Count::AtMost(free)
            } else {
                Count::PowerOfTwo(free)
            },
            states: Vec::new(),
        });
    }
    let mut states = Vec::new();
    for combination in 0u64..(1 << free) {
        let mut x = particular.clone();
        for (i, v) in basis.iter().enumerate() {
            if combination >> i & 1 == 1 {
                x ^= v;
            }
        }
        if let Ok(rng) = G::from_words(&words_of::<G::Rng>(&x)) {
            let rng = Engine::new::<G>(rng);
            if fits(observations, &rng) {
                states.push(rng);
            }
        }
    }
    Ok(conclude(states))
}

/// The most output bits guessed in all: 2^12 linear solves.
pub const MAX_GUESSED_BITS: u32 = 12;

/// The most low bits one word may miss to be completed by guessing.
const MAX_MISSING_PER_WORD: u32 = 8;

/// Linear recovery for a generator whose [`LinearView`] reads whole
/// output words only (a scrambled output, such as xoshiro's `**`, inverts
/// as a whole): words missing only a few low bits (the top `w - k` bits
/// known, `k <= 8`) are completed by guessing them, and every guess is
/// solved. Words with other masks (a prefix of a double, a bounded draw's
/// top bits) are not used for the equations but every candidate is
/// checked against them. When no value can be used at all, the answer is
/// [`Recovered::OverBudget`] whose advice names `whole_draws`, the GEN's
/// draws that show whole outputs (more values of the same kind never help).
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::linear::guess_low_bits;
/// use rngkit_analysis::recover::Recovered;
/// use rngkit_analysis::registry;
///
/// // Five PHP `Randomizer::nextInt()` values: an output's top 63 bits each.
/// let entry = registry::find("php-xoshiro256ss").unwrap();
/// let mut rng = entry.seed(&rngkit::number::BigInt::from(7), &Default::default()).unwrap();
/// let draw = entry.parse_draw("next-int", &[]).unwrap();
/// let text: String = (0..5).map(|_| format!("next-int = {}\n", draw.eval(&mut rng).format(false))).collect();
/// let obs = parse_observations(entry, &text).unwrap();
/// let found = guess_low_bits::<rngkit::runtimes::php_random::PhpXoshiro256ssGen>(&obs, "`generate` values");
/// assert!(matches!(found, Recovered::Unique(_)));
/// ```
pub fn guess_low_bits<G: Gen>(observations: &[Observation], whole_draws: &str) -> Recovered
where
    G::Rng: LinearView,
{
    // The work is generic over the generator only (one copy a generator,
    // not one a GEN: the page's wasm has a size budget).
    recover_words(
        &Shape {
            spec: rngkit::registry::of::<G>(),
            bits: <G::Rng as WordRng>::OUTPUT_BITS,
            unknowns: (<G::Rng as rngkit::StateWords>::WORD_BITS as usize)
                * <G::Rng as rngkit::StateWords>::WORD_COUNT,
            equations: equations::<G::Rng>,
            words: words_of::<G::Rng>,
        },
        observations,
        whole_draws,
    )
}

/// What [`recover_words`] needs of a GEN and its generator, as values: one
/// copy of the search serves every generator.
struct Shape {
    spec: &'static dyn rngkit::registry::DynGen,
    bits: u32,
    unknowns: usize,
    equations: fn(&[WordConstraint]) -> (BitMatrix, BitVec),
    words: fn(&BitVec) -> Vec<u64>,
}

/// [`guess_low_bits`] for the GEN of `shape`.
fn recover_words(shape: &Shape, observations: &[Observation], whole_draws: &str) -> Recovered {
    let Shape {
        spec,
        bits,
        unknowns,
        equations,
        words,
    } = *shape;
    let width = if bits == 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    };
    let lay = layout(observations, bits, true);
    let full: Vec<WordConstraint> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask == width)
        .copied()
        .collect();
    // Words missing k low bits, in offset order.
    let partial: Vec<(u32, WordConstraint)> = lay
        .constraints
        .iter()
        .filter_map(|c| {
            let k = (!c.known.mask & width).count_ones();
            (k > 0 && k <= MAX_MISSING_PER_WORD && c.known.mask == width & (width << k))
                .then_some((k, *c))
        })
        .collect();
    // Take partial words, fewest missing bits first, while the rank grows
    // and the guesses stay few.
    let rank_of = |chosen: &[(u32, WordConstraint)]| {
        let mut all = full.clone();
        all.extend(chosen.iter().map(|&(_, c)| complete(c, 0, width)));
        equations(&all).0.rank()
    };
    let mut chosen: Vec<(u32, WordConstraint)> = Vec::new();
    let mut rank = rank_of(&chosen);
    let mut guessed = 0u32;
    'fewest: for missing in 1..=MAX_MISSING_PER_WORD {
        for &(k, c) in partial.iter().filter(|p| p.0 == missing) {
            if rank >= unknowns || guessed + k > MAX_GUESSED_BITS {
                break 'fewest;
            }
            chosen.push((k, c));
            let grown = rank_of(&chosen);
            if grown == rank {
                chosen.pop();
                continue;
            }
            rank = grown;
            guessed += k;
        }
    }
    let free = (unknowns - rank) as u32;
    // Constraints the equations leave out (a double's prefix, a bounded
    // draw's top bits) still rule states out: the count is then a bound.
    let unused = lay.constraints.len() > full.len() + chosen.len()
        || !crate::observe::uninformative(observations, bits).is_empty();
    if rank == 0 && unused {
        // Nothing usable: more values of the same kind never help.
        return Recovered::OverBudget {
            count: Count::AtMost(free),
            advice: format!(
                "{} recovery reads whole {bits}-bit outputs (or outputs missing at most {MAX_MISSING_PER_WORD} low bits), and these values show less of each: observe {whole_draws}{}raw `u{bits}` outputs",
                spec.info().name,
                if whole_draws.is_empty() { "" } else { " or " },
            ),
        };
    }
    if free >= 64 || (1u128 << free) * (1u128 << guessed) > ENUMERATE_LIMIT {
        return Recovered::Several {
            count: if unused {
                Count::AtMost(free)
            } else {
                Count::PowerOfTwo(free)
            },
            states: Vec::new(),
        };
    }
    let mut states: Vec<Engine> = Vec::new();
    for guess in 0u64..(1 << guessed) {
        let mut all = full.clone();
        let mut rest = guess;
        for &(k, c) in &chosen {
            all.push(complete(c, rest & ((1 << k) - 1), width));
            rest >>= k;
        }
        let (matrix, rhs) = equations(&all);
        let Some((particular, basis)) = solve(&matrix, &rhs) else {
            continue;
        };
        for combination in 0u64..(1 << basis.len()) {
            let mut x = particular.clone();
            for (i, v) in basis.iter().enumerate() {
                if combination >> i & 1 == 1 {
                    x ^= v;
                }
            }
            if let Ok(rng) = spec.from_words(&words(&x))
                && fits(observations, &rng)
                && !states.contains(&rng)
            {
                states.push(rng);
            }
        }
    }
    conclude(states)
}

/// A word constraint missing its low bits, completed with `low`.
fn complete(c: WordConstraint, low: u64, width: u64) -> WordConstraint {
    WordConstraint {
        offset: c.offset,
        known: KnownBits::new(width, c.known.value | (low & !c.known.mask)),
    }
}

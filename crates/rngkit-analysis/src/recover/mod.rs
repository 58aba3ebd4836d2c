//! State recovery: the state just before the first observed draw, from the
//! observations alone.
//!
//! * Xorshift128 (`unity`, `bdsp`, `xorshift128`), Xorshift32
//!   (`unity-math`), xoshiro256**, xoroshiro128+ and TinyMT32 (bit 0 of
//!   each output): linear recovery
//!   ([`linear`]): rank, the number of states that fit the linear equations,
//!   and, when at most [`ENUMERATE_LIMIT`] fit, each of them verified against
//!   every observation (the non-linear ones too).
//! * MT19937 (`mt19937`, `mars`): 624 consecutive full outputs ([`mt`]), or
//!   else any revealed bits, as equations in the 19 937 state bits
//!   ([`mt_partial`]; the low 8 bits of about 4000 outputs pin the state).
//! * PCG32 (`pcg32`, `megacrush`): full outputs with a known increment
//!   ([`pcg`]).
//! * SplitMix64: one full output ([`splitmix`]).
//!
//! ```
//! use rngkit::profile::Profile;
//! use rngkit_analysis::observe::parse_observations;
//! use rngkit_analysis::recover::{Recovered, RecoverOptions, recover};
//!
//! // Eight `Random.value`s after InitState(0) (reference facts) pin the state.
//! let mut rng = Profile::Unity.seeded(0, 0).unwrap();
//! let text: String = (0..8)
//!     .map(|_| format!("value = {}\n", rngkit::engines::unity::value_from_word(rng.next_word() as u32)))
//!     .collect();
//! let obs = parse_observations(Profile::Unity, &text).unwrap();
//! let Recovered::Unique(state) = recover(Profile::Unity, &obs, &RecoverOptions::default()).unwrap() else {
//!     panic!("expected one state")
//! };
//! assert_eq!(state.to_words(), vec![0, 1, 1812433254, 1900727103]);
//! ```

pub mod linear;
pub mod mt;
pub mod mt_partial;
pub mod pcg;
pub mod splitmix;

use std::fmt;

use rngkit::profile::{Algorithm, DeterministicRng, Profile};

use crate::observe::{Observation, layout, matches_all, output_bits};

/// Recovery steps its basis generators through the observations one step
/// at a time, so it stops at observations further in than this.
pub const MAX_OFFSET: u64 = 1 << 24;

/// At most this many linear solutions are enumerated and verified one by one.
pub const ENUMERATE_LIMIT: u128 = 1 << 16;

/// Options for [`recover`].
#[derive(Clone, Debug)]
pub struct RecoverOptions {
    /// PCG32's increment (`(stream << 1) | 1`); default stream 54.
    pub pcg_increment: u64,
    /// Worker threads for the PCG32 search.
    pub threads: usize,
}

impl Default for RecoverOptions {
    fn default() -> Self {
        RecoverOptions {
            pcg_increment: (54 << 1) | 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        }
    }
}

/// What the observations say about the state.
#[derive(Clone, Debug)]
// One value per recovery: the size of an MT19937 state inline is no cost.
#[allow(clippy::large_enum_variant)]
pub enum Recovered {
    /// Exactly one state fits.
    Unique(DeterministicRng),
    /// Several states fit; `states` lists them when they were enumerated.
    Several {
        /// How many states fit (for linear generators: solutions of the
        /// linear equations, all verified when `states` is not empty).
        count: Count,
        /// The fitting states, when few enough to list.
        states: Vec<DeterministicRng>,
    },
    /// No state fits every observation.
    NoneFits,
}

/// A number of states, exact or a power of two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Exactly this many.
    Exact(u128),
    /// 2^n (not enumerated).
    PowerOfTwo(u32),
}

impl fmt::Display for Count {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Count::Exact(n) => write!(f, "{n}"),
            Count::PowerOfTwo(n) => write!(f, "2^{n}"),
        }
    }
}

/// Why recovery could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecoverError(pub String);

impl fmt::Display for RecoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RecoverError {}

/// Recovers the state just before the first observed draw.
///
/// # Errors
/// [`RecoverError`] for an observation set this recovery cannot handle
/// (PCG32 without a full output, SplitMix64 without a full `u64`, MT19937
/// partial words further in than [`mt_partial::MAX_PARTIAL_OFFSET`],
/// anything further in than [`MAX_OFFSET`]).
pub fn recover(
    profile: Profile,
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let algorithm = profile.algorithm();
    let lay = layout(observations, output_bits(profile), true);
    let fits = |rng: &DeterministicRng| matches_all(observations, &mut rng.clone());
    if lay
        .constraints
        .last()
        .is_some_and(|c| c.offset > MAX_OFFSET)
    {
        return Err(RecoverError(format!(
            "the observations reach {} steps in; recovery follows at most {MAX_OFFSET}",
            lay.constraints.last().map_or(0, |c| c.offset)
        )));
    }
    match algorithm {
        Algorithm::Mt19937 => {
            if let Some(mt) = mt::from_full_words(&lay.constraints) {
                let rng = DeterministicRng::Mt19937(mt);
                return Ok(if fits(&rng) {
                    Recovered::Unique(rng)
                } else {
                    Recovered::NoneFits
                });
            }
            if let Some(last) = lay
                .constraints
                .last()
                .filter(|c| c.offset > mt_partial::MAX_PARTIAL_OFFSET)
            {
                return Err(RecoverError(format!(
                    "the observations reach {} words in; MT19937 recovery from partial words follows at most {} \
                     (624 consecutive full outputs have no such limit)",
                    last.offset,
                    mt_partial::MAX_PARTIAL_OFFSET
                )));
            }
            let limit = ENUMERATE_LIMIT.ilog2();
            let Some(solutions) = mt_partial::solve(&lay.constraints, options.threads, limit)
            else {
                return Ok(Recovered::NoneFits);
            };
            let free = solutions.free();
            if free > limit {
                return Ok(Recovered::Several {
                    count: Count::PowerOfTwo(free),
                    states: Vec::new(),
                });
            }
            let mut states = Vec::new();
            for combination in 0u64..(1 << free) {
                let mut x = solutions.particular.clone();
                for (i, v) in solutions.basis.iter().enumerate() {
                    if combination >> i & 1 == 1 {
                        for (a, b) in x.iter_mut().zip(v) {
                            *a ^= b;
                        }
                    }
                }
                if let Some(mt) = mt_partial::state_of(&x) {
                    let rng = DeterministicRng::Mt19937(mt);
                    if fits(&rng) {
                        states.push(rng);
                    }
                }
            }
            Ok(conclude(states))
        }
        Algorithm::Pcg32 => {
            let Some(anchor) = lay
                .constraints
                .iter()
                .position(|c| c.known.mask == 0xffff_ffff)
            else {
                return Err(RecoverError(
                    "PCG32 recovery needs at least one fully observed 32-bit output (u32 / next-uint)".into(),
                ));
            };
            if lay.constraints.len() == 1 {
                return Ok(Recovered::Several {
                    count: Count::PowerOfTwo(32),
                    states: Vec::new(),
                });
            }
            let found = pcg::candidates(
                &lay.constraints,
                anchor,
                options.pcg_increment,
                options.threads,
                1 << 10,
            );
            let states: Vec<DeterministicRng> = found
                .into_iter()
                .filter_map(|s| algorithm.from_words(&[s, options.pcg_increment]).ok())
                .filter(fits)
                .collect();
            Ok(conclude(states))
        }
        Algorithm::SplitMix64 => {
            let Some(state) = splitmix::from_full_word(&lay.constraints) else {
                return Err(RecoverError(
                    "SplitMix64 recovery needs one fully observed u64 output".into(),
                ));
            };
            let rng = algorithm
                .from_words(&[state])
                .map_err(|e| RecoverError(e.to_string()))?;
            Ok(if fits(&rng) {
                Recovered::Unique(rng)
            } else {
                Recovered::NoneFits
            })
        }
        _ => {
            let Some((matrix, rhs)) = linear::equations(algorithm, &lay.constraints) else {
                return Err(RecoverError(format!(
                    "state recovery for {profile} is not implemented"
                )));
            };
            let Some((particular, basis)) = linear::solve(&matrix, &rhs) else {
                return Ok(Recovered::NoneFits);
            };
            let free = basis.len() as u32;
            if free >= 128 || (1u128 << free) > ENUMERATE_LIMIT {
                return Ok(Recovered::Several {
                    count: Count::PowerOfTwo(free),
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
                if let Ok(rng) = algorithm.from_words(&linear::words_of(algorithm, &x))
                    && fits(&rng)
                {
                    states.push(rng);
                }
            }
            Ok(conclude(states))
        }
    }
}

fn conclude(mut states: Vec<DeterministicRng>) -> Recovered {
    match states.len() {
        0 => Recovered::NoneFits,
        1 => Recovered::Unique(states.remove(0)),
        n => Recovered::Several {
            count: Count::Exact(n as u128),
            states,
        },
    }
}

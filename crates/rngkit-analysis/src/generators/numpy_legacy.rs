//! The analysis of numpy's legacy `RandomState` (`numpy-legacy`): its
//! generator is MT19937 plus the legacy Gaussian cache
//! ([`RandomState`]), so jumps, distance, recovery, identification and seed
//! search are MT19937's ([`crate::generators::mt19937`]) on the Twister,
//! with the cache left as it is (a jump moves the words only; a recovered
//! state has an empty cache, as after `RandomState(S)`).

use rngkit::generators::Mt19937;
use rngkit::registry::Engine;
use rngkit::runtimes::numpy_legacy::RandomState;

use crate::generators::mt19937::{RecoverableMt, Twist};
use crate::identify::Identified;
use crate::observe::WordConstraint;
use crate::{Distance, DistanceError, Jump, StepBack};

const N: usize = 624;

impl StepBack for RandomState {
    fn step_back(&mut self) {
        self.mt_mut().step_back();
    }
}

impl Jump for RandomState {
    fn jump(&mut self, n: u128) {
        self.mt_mut().jump(n);
    }

    fn jump_back(&mut self, n: u128) {
        self.mt_mut().jump_back(n);
    }

    fn jump_big(&mut self, n: &rngkit::number::BigInt) -> bool {
        self.mt_mut().jump_big(n)
    }
}

impl Distance for RandomState {
    const HAS_FAST_METHOD: bool = false;

    fn distance_to(&self, _to: &Self) -> Result<u128, DistanceError> {
        Err(DistanceError::NeedsBound {
            generator: "numpy-legacy",
        })
    }

    /// The Twisters' distance (the caches are not compared: a jump leaves
    /// them as they are).
    fn distance_within(&self, to: &Self, max: u128) -> Result<u128, DistanceError> {
        self.mt().distance_within(to.mt(), max)
    }
}

impl RecoverableMt for RandomState {
    const TWIST: Twist = Twist::Standard;

    fn from_untwisted(y: [u32; N]) -> Option<Self> {
        Some(RandomState::from_parts(Mt19937::from_untwisted(y)?, None))
    }

    fn from_full_words(constraints: &[WordConstraint]) -> Option<Self> {
        Some(RandomState::from_parts(
            Mt19937::from_full_words(constraints)?,
            None,
        ))
    }
}

/// `identify` for `numpy-legacy`: an integer seed is `init_genrand(S)`, as
/// Ruby's one-word seeds, so this is [`crate::generators::ruby::identify`]
/// on the Twister (which reads states recovered from outputs at any
/// alignment to the generator's own blocks).
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::generators::numpy_legacy::identify;
/// use rngkit_analysis::identify::Identified;
///
/// let np = rngkit_analysis::registry::find("numpy-legacy").unwrap();
/// let mut rng = np.seed(&BigInt::from(2024), &Default::default()).unwrap();
/// rng.discard(700);
/// assert_eq!(identify(&rng, None), Some(Identified { seed: 2024, advance: 700 }));
/// ```
pub fn identify(rng: &Engine, max_advance: Option<u64>) -> Option<Identified> {
    let rs = rng.downcast_ref::<RandomState>()?;
    let mt = Engine::new::<rngkit::runtimes::ruby::RubyGen>(rs.mt().clone());
    crate::generators::ruby::identify(&mt, max_advance)
}

/// What `recover` and `seed-search` do for `numpy-legacy`, for the front
/// ends' help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "MT19937's recovery on RandomState's Twister: 624 `randint 0 4294967296` words \
              (a full 32-bit span: one whole word each), or 623 `random-sample` floats (the \
              top 27 and 26 bits of two words each: 53 of the 19937 unknowns a float) as \
              GF(2) equations, as CPython's `random()`. The Gaussian cache of the state found is empty; \
              `standard-normal` values reveal no exact bit.",
    recover_examples: &[],
    search: "Searches the seeds 0..2^32 of `RandomState(S)` (numpy's init_genrand) with \
             MT19937's kernel, which computes only the words the observations read, 64 \
             seeds at a time; draws whose word count varies (`standard-normal`, `randint` \
             over a span that is not a power of two) run on the generic path.",
    search_examples: &[],
    examples: &[],
};

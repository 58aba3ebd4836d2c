//! The analysis of Go's `math/rand/v2` GENs: `go-pcg`'s jumps and
//! distances (its source is a 128-bit LCG: Brown's jump and the 2-adic
//! distance on the state), and both GENs' notes.
//!
//! What is not here, and why:
//! * recovering a PCG state from its DXSM outputs: a 64-bit output of a
//!   128-bit LCG state whose low bits are multiplied in is the hard PCG
//!   problem (Bouillaguet, Martinez, Sauvage, IACR ToSC 2020(3): thousands
//!   of CPU hours for the easier XSL RR output), so `recover` is not
//!   offered; seed search covers `NewPCG(S, 0)` for a range of S;
//! * ChaCha8 is a cryptographic generator (ChaCha with 8 rounds, rekeyed
//!   every 124 words for forward secrecy): recovering its key from outputs
//!   would break ChaCha8, and its position moves only forward (the key of
//!   an iteration is the last words of the one before), so it has no
//!   jump, distance or recovery; seed search tries seeds S as
//!   little-endian seed bytes.
//!
//! ```
//! use rngkit::runtimes::go_v2::GoPcg;
//! use rngkit_analysis::{Distance, Jump};
//!
//! let a = GoPcg::new(1, 2);
//! let mut b = a.clone();
//! b.jump(12345);
//! assert_eq!(a.distance_to(&b).unwrap(), 12345);
//! b.jump_back(12345);
//! assert_eq!(a, b);
//! ```

use rngkit::runtimes::go_v2::GoPcg;
use rngkit::runtimes::pcg64::{DEFAULT_INCREMENT, MULTIPLIER};

use crate::notes::Notes;
use crate::{Distance, DistanceError, Jump, StepBack};

impl Jump for GoPcg {
    /// Period 2^128: `n` is taken modulo 2^128.
    fn jump(&mut self, n: u128) {
        self.advance(n);
    }

    fn jump_back(&mut self, n: u128) {
        self.advance(n.wrapping_neg());
    }
}

impl StepBack for GoPcg {
    fn step_back(&mut self) {
        self.jump_back(1);
    }
}

impl Distance for GoPcg {
    const HAS_FAST_METHOD: bool = true;

    fn distance_to(&self, to: &Self) -> Result<u128, DistanceError> {
        // One increment for every PCG of Go: every state is on one cycle.
        Ok(rngkit::engines::lcg::affine_distance_u128(
            MULTIPLIER,
            DEFAULT_INCREMENT,
            self.state(),
            to.state(),
        ))
    }
}

/// `go-pcg`: jumps and distances, no recovery, the generic seed search.
pub const NOTES_PCG: Notes = Notes {
    recover: "",
    recover_examples: &[],
    search: "each seed S of the range is NewPCG(S, 0) (the state's high word S, low word 0: NewPCG mixes nothing), compared on the observed draws by the generic kernel. Recovering a PCG state from DXSM outputs is not offered (the hard PCG problem); a state whose two words are known is given with --state \"HI LO\"",
    search_examples: &[],
    examples: &[],
};

/// `go-chacha8`: no jump, distance or recovery (a cryptographic generator).
pub const NOTES_CHACHA8: Notes = Notes {
    recover: "",
    recover_examples: &[],
    search: "each seed S of the range is NewChaCha8 of S's little-endian bytes (S in the first 8 bytes, the rest zero), compared on the observed draws by the generic kernel. ChaCha8 is a cryptographic generator, rekeyed every 124 words: its key cannot be recovered from outputs, and its position moves only forward (no jump back, no distance)",
    search_examples: &[],
    examples: &[],
};

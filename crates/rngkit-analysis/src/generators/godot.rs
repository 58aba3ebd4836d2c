//! The analysis of Godot's `RandomNumberGenerator` (`godot`): PCG32 with the
//! fixed increment of Godot's seeding, so jumps and distances are PCG32's
//! ([`super::pcg32`]) and recovery is PCG32's with that increment.

use rngkit::engines::godot::{GodotGen, INCREMENT};

use crate::observe::Observation;
use crate::recover::{RecoverError, RecoverOptions, Recovered};

/// PCG32 recovery with Godot's increment `0x280af6fdeecf029f` (whatever
/// `--stream` says): full `randi` outputs pin the state.
///
/// ```
/// use rngkit::number::BigInt;
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{recover, Recovered, RecoverOptions};
/// use rngkit_analysis::registry;
///
/// let godot = registry::find("godot").unwrap();
/// let mut rng = godot.seed(&BigInt::from(7), &Default::default()).unwrap();
/// let start = rng.clone();
/// let randi = godot.parse_draw("randi", &[]).unwrap();
/// let text: String = (0..3).map(|_| format!("randi = {}\n", randi.eval(&mut rng).format(false))).collect();
/// let obs = parse_observations(godot, &text).unwrap();
/// let Recovered::Unique(found) = recover(godot, &obs, &RecoverOptions::default()).unwrap() else { panic!() };
/// assert_eq!(found, start);
/// ```
///
/// # Errors
/// As [`super::pcg32::recover`].
pub fn recover(
    observations: &[Observation],
    options: &RecoverOptions,
) -> Result<Recovered, RecoverError> {
    let mut options = options.clone();
    options.pcg_increment = INCREMENT;
    super::pcg32::recover::<GodotGen>(observations, &options)
}

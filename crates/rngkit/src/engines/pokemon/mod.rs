//! The Pokémon generators beyond BDSP (which is [`super::bdsp`]): one module
//! per generator, each with its GEN and the games' conventions.
//!
//! | module | GENs | generator | games |
//! |---|---|---|---|
//! | [`lcrng`] | `pokerng`, `xdrng`, `arng` | 32-bit LCGs, with reverse generators | generations 3 and 4 (and the gen 4 date/time seed) |
//! | [`bwrng`] | `bwrng` | 64-bit LCG | generation 5 |
//! | [`sfmt`] | `sfmt` | SFMT-19937, 64-bit outputs | generation 7 |
//! | [`swsh`] | `swsh` | xoroshiro128+ with a fixed second word | Sword/Shield |
//!
//! ```
//! use rngkit::engines::pokemon::lcrng::PokeRng;
//! let mut rng = PokeRng::new(0x4D0F_0261);
//! let high = rng.next_u16();
//! rng.prev_output();
//! assert_eq!(rng.state(), 0x4D0F_0261);
//! # let _ = high;
//! ```

pub mod bwrng;
pub mod lcrng;
pub mod sfmt;
pub mod swsh;

//! Published reference vectors, one test per generator. Every expected value
//! below comes from a source outside rngkit, cited next to it.

use rand_core::Rng;
use rngkit::generators::*;

fn take<R: Rng>(rng: &mut R, n: usize) -> Vec<u32> {
    (0..n).map(|_| rng.next_u32()).collect()
}

/// C++11 [rand.predef]: `std::mt19937`'s 10000th invocation from the default
/// seed 5489 yields 4123659995; the first outputs are those of Matsumoto and
/// Nishimura's mt19937ar.c with init_genrand(5489) (also in reference-facts.md).
#[test]
fn mt19937_seed_5489() {
    let mut rng = Mt19937::new(5489);
    assert_eq!(
        take(&mut rng, 5),
        [3499211612, 581869302, 3890346734, 3586334585, 545404204]
    );
    for _ in 5..9999 {
        rng.next_u32();
    }
    assert_eq!(rng.next_u32(), 4123659995);
}

/// pcg-c-basic `pcg32-demo`: pcg32_srandom_r(&rng, 42u, 54u).
#[test]
fn pcg32_42_54() {
    let mut rng = Pcg32::new(42, 54);
    assert_eq!(rng.state(), 0x185706b82c2e03f8);
    assert_eq!(
        take(&mut rng, 6),
        [
            0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e
        ]
    );
}

/// MersenneTwister-Lab/TinyMT `tinymt32/check32.out.txt`, seed 1.
#[test]
fn tinymt32_seed_1() {
    let mut rng = TinyMt32::new(1);
    assert_eq!(
        take(&mut rng, 5),
        [2545341989, 981918433, 3715302833, 2387538352, 3591001365]
    );
}

/// The older TinyMT output file starts 3639423119 5571370: the same stream
/// without the eight warm-up steps. We reproduce it by building the
/// pre-warm-up state by hand from the published init recurrence.
#[test]
fn tinymt32_without_warm_up_matches_older_file() {
    let mut status = [1u32, 0x8f7011ee, 0xfc78ff1f, 0x3793fdff];
    for i in 1..8u32 {
        let prev = status[((i - 1) & 3) as usize];
        status[(i & 3) as usize] ^= i.wrapping_add(1812433253u32.wrapping_mul(prev ^ (prev >> 30)));
    }
    let mut rng = TinyMt32::from_state(status).unwrap();
    assert_eq!(take(&mut rng, 2), [3639423119, 5571370]);
}

/// Real `UnityEngine.Random` captures published with MoatShrimp/uny-random-js
/// (`__tests__`): `InitState(0)` state and raw outputs.
#[test]
fn unity_init_state_0() {
    let mut rng = Xorshift128::init_state(0);
    assert_eq!(rng.state(), [0, 1, 1812433254, 1900727103]);
    assert_eq!(
        take(&mut rng, 5),
        [1900725526, 1900725046, 559298752, 107093222, 556206921]
    );
}

/// Vigna's splitmix64.c from state 0: the first output 0xe220a8397b1dcdaf
/// is widely published (e.g. as the first word of seeding xoshiro from 0).
#[test]
fn splitmix64_state_0() {
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xe220a8397b1dcdaf);
}

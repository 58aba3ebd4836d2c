//! SFMT-19937 seed search (`sfmt`): the kernel, on every backend this CPU
//! has, finds exactly what the generic kernel (seed and step every seed,
//! then verify) finds on small seed ranges, with `next`, `next-u32`,
//! `rand N`, skips and advances, up to the end of the first block; the
//! reference's published outputs give their seed (the core's
//! `Sfmt19937` is held to SFMT.19937.64.out.txt in its own tests).

use proptest::prelude::*;
use rngkit::cpu::CpuLevel;
use rngkit::engines::pokemon::sfmt::SfmtGen;
use rngkit_analysis::registry::{self, Entry};
use rngkit_analysis::search::Match;

use crate::common;

fn sfmt() -> &'static Entry {
    registry::find("sfmt").unwrap()
}

fn found(
    text: &str,
    seeds: std::ops::RangeInclusive<u64>,
    k: u64,
    backend: CpuLevel,
) -> Vec<Match> {
    common::search_matches(sfmt(), text, seeds, k, backend)
}

/// The generic kernel's matches: its survivors, verified.
fn generic(text: &str, seeds: std::ops::RangeInclusive<u64>, k: u64) -> Vec<Match> {
    common::generic_matches::<SfmtGen>(sfmt(), text, seeds, k, 64)
}

#[test]
fn published_outputs_give_their_seed_on_every_backend() {
    // SFMT.19937.64.out.txt: init_gen_rand(4321), outputs 0 and 1; and
    // output 1 alone after an advance of one.
    for &backend in CpuLevel::available() {
        assert_eq!(
            found(
                "next = 16924766246869039260\nnext = 8201438687333352714",
                0..=100_000,
                0,
                backend
            ),
            vec![Match {
                seed: 4321,
                advance: 0
            }],
            "{backend:?}"
        );
        assert_eq!(
            found("next = 8201438687333352714", 4000..=5000, 3, backend),
            vec![Match {
                seed: 4321,
                advance: 1
            }],
            "{backend:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn the_kernel_finds_what_the_generic_kernel_finds(
        seed in 0u64..(1 << 32) - 512,
        draws in proptest::collection::vec(0u8..4, 1..4),
        skip in prop_oneof![Just(0u64), 0u64..5, 300u64..309],
        k in 0u64..3,
    ) {
        // Weak observations (low bits, small moduli), so that several
        // seeds of the range fit, some near the end of the first block.
        let entry = sfmt();
        let mut rng = entry.seed(&rngkit::number::BigInt::from(seed), &Default::default()).unwrap();
        let draws = draws.iter().map(|&w| -> (&str, &[&str]) {
            match w {
                0 => ("rand", &["4"]),
                1 => ("rand", &["2"]),
                2 => ("next-u32", &[]),
                _ => ("rand", &["8"]),
            }
        });
        let text = common::observation_text(entry, &mut rng, skip, draws);
        let lo = seed.saturating_sub(100);
        let seeds = lo..=lo + 300;
        let want = generic(&text, seeds.clone(), k);
        common::every_backend_finds(entry, &text, seed, seeds, k, &want)?;
    }
}

//! Recovering .NET 6+'s unseeded `System.Random` (`dotnet`, `dotnet6`)
//! from the values its methods give: five `NextInt64()` values (the low bit
//! of four guessed), four whole outputs, 32 bytes, with gaps and mixed
//! draws; values that reveal no whole word answer "several".
//!
//! The states are arbitrary (a .NET process takes them from the OS); the
//! values come from our draws, which `rngkit`'s `runtime_dotnet_xoshiro`
//! test checks against an independent reference of the C# methods.

use rngkit::number::BigInt;
use rngkit::registry::Engine;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;

const STATES: [[u64; 4]; 4] = [
    [
        0x0123_4567_89ab_cdef,
        0xfedc_ba98_7654_3210,
        0x0f1e_2d3c_4b5a_6978,
        0x8796_a5b4_c3d2_e1f0,
    ],
    [1, 2, 3, 4],
    [
        0xdead_beef_0000_0001,
        0,
        0x1234_5678_9abc_def0,
        0xffff_ffff_ffff_ffff,
    ],
    [
        0x9e37_79b9_7f4a_7c15,
        0xbf58_476d_1ce4_e5b9,
        0x94d0_49bb_1331_11eb,
        0x2545_f491_4f6c_dd1d,
    ],
];

/// Observation text for `draws` (cycled) from `rng`, `count` of them, with
/// `skip` unobserved raw steps first.
fn observe(name: &str, rng: &mut Engine, draws: &[&str], count: usize) -> String {
    let entry = registry::find(name).unwrap();
    let mut text = String::new();
    for i in 0..count {
        let d = draws[i % draws.len()];
        let mut parts = d.split(' ');
        let name = parts.next().unwrap();
        let args: Vec<&str> = parts.collect();
        let draw = entry.spec().parse_draw(name, &args).unwrap();
        text.push_str(&format!("{d} = {}\n", draw.eval(rng).format(false)));
    }
    text
}

fn recovered(name: &str, text: &str) -> Recovered {
    let entry = registry::find(name).unwrap();
    let obs = parse_observations(entry, text).unwrap();
    recover(entry, &obs, &RecoverOptions::default()).unwrap()
}

fn unique_words(name: &str, text: &str) -> Vec<u64> {
    match recovered(name, text) {
        Recovered::Unique(state) => state.words(),
        other => panic!("{name}: expected one state, got {other:?} from\n{text}"),
    }
}

#[test]
fn five_next_int64_values_pin_the_state() {
    for name in ["dotnet", "dotnet6"] {
        for s in STATES {
            let entry = registry::find(name).unwrap();
            let mut rng = entry.spec().from_words(&s).unwrap();
            let text = observe(name, &mut rng, &["next-int64"], 5);
            assert_eq!(unique_words(name, &text), s.to_vec(), "{name}");
        }
    }
}

#[test]
fn whole_outputs_and_bytes_pin_the_state() {
    for s in STATES {
        let entry = registry::find("dotnet").unwrap();
        let mut rng = entry.spec().from_words(&s).unwrap();
        let text = observe("dotnet", &mut rng, &["u64"], 4);
        assert_eq!(unique_words("dotnet", &text), s.to_vec());
        let mut rng = entry.spec().from_words(&s).unwrap();
        let text = observe("dotnet", &mut rng, &["next-bytes 32"], 1);
        assert_eq!(unique_words("dotnet", &text), s.to_vec());
    }
}

/// Gaps and draws that reveal no whole word: the `next-int64` values still
/// pin the state, the rest only check it; an advance far in first. (A
/// bounded draw on a range that is not a power of two may draw again, which
/// recovery cannot see: `next 8` here, not `next 6`, whose rejection the
/// state `1 2 3 4` hits at once.)
#[test]
fn mixed_draws_with_gaps() {
    let entry = registry::find("dotnet").unwrap();
    for s in STATES {
        let mut rng = entry.spec().from_words(&s).unwrap();
        let start = rng.clone();
        let mut text = String::new();
        for i in 0..6 {
            text.push_str(&observe(
                "dotnet",
                &mut rng,
                &["next-double", "next 8", "next-single", "next-int64"],
                4,
            ));
            if i % 2 == 0 {
                rng.discard(3);
                text.push_str("skip 3\n");
            }
        }
        assert_eq!(unique_words("dotnet", &text), start.words());
    }
    // A stream a billion billion steps in is as good as any.
    let mut rng = entry.spec().from_words(&STATES[0]).unwrap();
    entry
        .advance(&mut rng, &BigInt::from(10u128.pow(18)))
        .unwrap();
    let start = rng.clone();
    let text = observe("dotnet", &mut rng, &["next-int64"], 6);
    assert_eq!(unique_words("dotnet", &text), start.words());
}

#[test]
fn values_without_whole_words_name_the_draws_that_would_do() {
    for draws in [&["next-double"][..], &["next"], &["next-single"]] {
        let entry = registry::find("dotnet").unwrap();
        let mut rng = entry.spec().from_words(&STATES[0]).unwrap();
        let text = observe("dotnet", &mut rng, draws, 20);
        // Valid values that the method cannot use: exit 3 with the draws
        // that would do, and the count as a bound (the values still rule
        // states out).
        match recovered("dotnet", &text) {
            Recovered::OverBudget { count, advice } => {
                assert_eq!(count.to_string(), "at most 2^256", "{draws:?}");
                assert!(advice.contains("`next-int64`"), "{advice}");
            }
            other => panic!("{draws:?}: {other:?}"),
        }
    }
    // Three next-int64 values are not enough either.
    let entry = registry::find("dotnet").unwrap();
    let mut rng = entry.spec().from_words(&STATES[1]).unwrap();
    let text = observe("dotnet", &mut rng, &["next-int64"], 3);
    assert!(matches!(
        recovered("dotnet", &text),
        Recovered::Several { .. }
    ));
}

/// A value no state gives.
#[test]
fn contradicting_values_fit_no_state() {
    let entry = registry::find("dotnet").unwrap();
    let mut rng = entry.spec().from_words(&STATES[2]).unwrap();
    let mut text = observe("dotnet", &mut rng, &["next-int64"], 5);
    text.push_str("next-int64 = 5\nnext-int64 = 5\n");
    assert!(matches!(recovered("dotnet", &text), Recovered::NoneFits));
}

/// The 32-bit process's xoshiro128** (`dotnet-32bit`, `dotnet6-32bit`,
/// GENs of the core library outside the catalogue): `Next()` shows an
/// output's top 31 bits (5 values, the low bit of four guessed),
/// `NextInt64()` and `NextDouble()` read two outputs, the first whole.
#[test]
fn the_32bit_generator_recovers_from_next_int64_and_doubles() {
    use rngkit::registry::of;
    use rngkit::runtimes::dotnet_xoshiro::{Dotnet6x32Gen, Dotnet32Gen};
    use rngkit_analysis::generators::dotnet_xoshiro;
    let states32: [[u64; 4]; 3] = [
        [0x89ab_cdef, 0x7654_3210, 0x4b5a_6978, 0x8796_a5b4],
        [1, 2, 3, 4],
        [0xdead_beef, 0, 0x1234_5678, 0xffff_ffff],
    ];
    type Recover = fn(
        &[rngkit_analysis::observe::Observation],
        &RecoverOptions,
    ) -> Result<Recovered, rngkit_analysis::recover::RecoverError>;
    let gens: [(&dyn rngkit::registry::DynGen, Recover); 2] = [
        (of::<Dotnet32Gen>(), dotnet_xoshiro::recover::<Dotnet32Gen>),
        (
            of::<Dotnet6x32Gen>(),
            dotnet_xoshiro::recover::<Dotnet6x32Gen>,
        ),
    ];
    for (spec, recover32) in gens {
        for s in states32 {
            for (draw, count) in [("next", 6), ("next-int64", 4), ("next-double", 4)] {
                let mut rng = spec.from_words(&s).unwrap();
                let d = spec.parse_draw(draw, &[]).unwrap();
                let text: String = (0..count)
                    .map(|_| format!("{draw} = {}\n", d.eval(&mut rng).format(false)))
                    .collect();
                let obs = parse_observations(spec, &text).unwrap();
                match recover32(&obs, &RecoverOptions::default()).unwrap() {
                    Recovered::Unique(state) => {
                        assert_eq!(state.words(), s.to_vec(), "{} {draw}", spec.name())
                    }
                    other => panic!("{} {draw}: {other:?}", spec.name()),
                }
            }
        }
    }
}

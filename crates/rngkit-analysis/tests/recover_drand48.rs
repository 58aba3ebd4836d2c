//! Cracking the POSIX `drand48` family (`drand48`): the 48-bit state from
//! `drand48()`, `lrand48()` and `mrand48()` values, mixed, with skips and
//! unknown gaps; the states listed when a few fit, counted when many do;
//! none on a contradiction.
//!
//! Observations come from `Drand48`, which
//! `crates/rngkit/tests/runtime_drand48.rs` checks bit for bit against
//! glibc; `glibc_program_outputs_give_its_state` also reads the values from
//! a C program this test compiles with `cc` (skipped, like the runtime
//! tests, only with `RNGKIT_SKIP_MISSING_RUNTIMES=1`).

use crate::oracles;

use rngkit::runtimes::drand48::Drand48;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::recover::{Count, RecoverOptions, Recovered, recover};
use rngkit_analysis::registry;

use crate::common;
use common::first_words as states;

fn run(text: &str) -> Recovered {
    common::recover_text("drand48", text)
}

fn unique(text: &str) -> u64 {
    common::unique_first_word("drand48", text)
}

/// A spread of 48-bit states (an LCG over the state space, not drand48's).
fn some_states(n: usize) -> Vec<u64> {
    let mut x = 0x1234_5678_9abc_def0u64;
    (0..n)
        .map(|_| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            x >> 16
        })
        .collect()
}

#[test]
fn one_drand48_is_the_state() {
    for s in some_states(20) {
        let mut rng = Drand48::from_state(s).unwrap();
        assert_eq!(unique(&format!("drand48 = {}\n", rng.drand48())), s);
    }
    // srand48(0): the state 0x330e.
    let mut rng = Drand48::srand48(0);
    assert_eq!(unique(&format!("drand48 = {}\n", rng.drand48())), 0x330e);
}

#[test]
fn two_consecutive_lrand48_or_mrand48_pin_the_state() {
    for s in some_states(40) {
        let mut rng = Drand48::from_state(s).unwrap();
        let text = format!("lrand48 = {}\nlrand48 = {}\n", rng.lrand48(), rng.lrand48());
        assert_eq!(unique(&text), s, "lrand48 pair");
        let mut rng = Drand48::from_state(s).unwrap();
        let text = format!("mrand48 = {}\nmrand48 = {}\n", rng.mrand48(), rng.mrand48());
        assert_eq!(unique(&text), s, "mrand48 pair");
    }
}

#[test]
fn mixed_draws_with_skips_and_unknown_gaps() {
    for (i, s) in some_states(12).into_iter().enumerate() {
        let mut rng = Drand48::from_state(s).unwrap();
        let a = rng.mrand48();
        for _ in 0..i {
            rng.lrand48();
        }
        let b = rng.lrand48();
        // A known skip.
        let text = format!("mrand48 = {a}\nskip {i}\nlrand48 = {b}\n");
        assert_eq!(unique(&text), s, "skip {i}");
        // The same skip, only known to lie in 0..=11.
        let text = format!("mrand48 = {a}\nskip 0..=11\nlrand48 = {b}\n");
        assert!(states(&run(&text)).contains(&s), "skip 0..=11 around {i}");
    }
    // A skip past what verification can step through is an error, not an
    // overflow or a hang.
    let entry = registry::find("drand48").unwrap();
    for text in [
        "skip 18446744073709551615\nskip 5\nlrand48 in 0..5\n",
        "lrand48 = 1\nskip 0..=18446744073709551615\nlrand48 in 0..5\n",
    ] {
        let obs = parse_observations(entry, text).unwrap();
        let err = recover(entry, &obs, &RecoverOptions::default()).unwrap_err();
        assert!(err.0.contains("recovery follows at most"), "{err}");
    }
    // `skip A..B` is bounded: too many combinations is a search over budget
    // on valid input (the CLI's exit 3), not a hang.
    let entry = registry::find("drand48").unwrap();
    let obs = parse_observations(entry, "lrand48 = 1\nskip 0..100000\nlrand48 = 2\n").unwrap();
    match recover(entry, &obs, &RecoverOptions::default()).unwrap() {
        Recovered::OverBudget { advice, .. } => {
            assert!(advice.contains("combinations"), "{advice}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn ranges_and_raw_bits_also_constrain() {
    let s = some_states(1)[0];
    // Ten lrand48 seen only to 1/128 of their range each: 70 bits.
    let mut rng = Drand48::from_state(s).unwrap();
    let text: String = (0..10)
        .map(|_| {
            let v = i64::from(rng.lrand48());
            let lo = v >> 24 << 24;
            format!("lrand48 in {lo}..{}\n", lo + (1 << 24))
        })
        .collect();
    assert!(states(&run(&text)).contains(&s));
    assert!(
        matches!(run(&text), Recovered::Unique(_)),
        "{:?}",
        run(&text)
    );
    // drand48 in a range, then the raw word's top 32 bits.
    let mut rng = Drand48::from_state(s).unwrap();
    let d = rng.drand48();
    let word = u64::from(rng.mrand48() as u32) << 32;
    let text = format!(
        "drand48 in {}..{}\nbits 0xffffffff00000000 = {word:#x}\n",
        d - 1e-6,
        d + 1e-6
    );
    assert_eq!(unique(&text), s);
}

#[test]
fn few_observations_list_or_count_the_states() {
    let s = some_states(2)[1];
    // One lrand48: 17 unknown bits, 2^17 states, too many to list.
    let mut rng = Drand48::from_state(s).unwrap();
    let text = format!("lrand48 = {}\n", rng.lrand48());
    match run(&text) {
        Recovered::Several {
            count: Count::PowerOfTwo(17),
            states,
        } => assert!(states.is_empty()),
        other => panic!("{other:?}"),
    }
    // One lrand48 and the next one's top 5 bits: about 2^12 states, each
    // listed and verified.
    let mut rng = Drand48::from_state(s).unwrap();
    let a = rng.lrand48();
    let b = i64::from(rng.lrand48());
    let lo = b >> 26 << 26;
    let text = format!("lrand48 = {a}\nlrand48 in {lo}..{}\n", lo + (1 << 26));
    let Recovered::Several {
        count: Count::Exact(n),
        states: listed,
    } = run(&text)
    else {
        panic!("several states")
    };
    assert_eq!(n as usize, listed.len());
    assert!((2000..8000).contains(&n), "{n}");
    let entry = registry::find("drand48").unwrap();
    let obs = parse_observations(entry, &text).unwrap();
    for state in &listed {
        assert!(rngkit_analysis::recover::fits(&obs, state));
    }
    assert!(listed.iter().any(|e| e.words() == [s]));
}

#[test]
fn contradictions_fit_no_state() {
    let mut rng = Drand48::srand48(42);
    let a = rng.drand48();
    let b = rng.drand48();
    // The second value moved by one state unit, 2^-48.
    let moved = (b * 2f64.powi(48) + 1.0) / 2f64.powi(48);
    let text = format!("drand48 = {a}\ndrand48 = {moved}\n");
    assert!(matches!(run(&text), Recovered::NoneFits));
    let mut rng = Drand48::srand48(42);
    let (x, y) = (rng.lrand48(), rng.lrand48());
    let text = format!("lrand48 = {x}\nlrand48 = {}\n", y ^ 1);
    assert!(matches!(run(&text), Recovered::NoneFits));
    // A raw word's low 16 bits are always zero.
    let text = format!("lrand48 = {x}\nlrand48 = {y}\nbits 0xffff = 1\n");
    assert!(matches!(run(&text), Recovered::NoneFits));
}

#[test]
fn glibc_program_outputs_give_its_state() {
    // glibc: srand48(S); two lrand48() seen, then what comes next.
    let Some(out) = oracles::run_c(
        "recover-drand48",
        r#"#include <stdio.h>
#include <stdlib.h>
int main(void) {
    long seeds[] = {0, 1, 42, 1793540220, -7};
    for (int i = 0; i < 5; i++) {
        srand48(seeds[i]);
        long a = lrand48(), b = lrand48();
        long c = mrand48();
        printf("%ld %ld %ld %ld\n", seeds[i], a, b, c);
    }
    return 0;
}
"#,
    ) else {
        return;
    };
    for line in out.lines() {
        let v: Vec<i64> = line.split(' ').map(|w| w.parse().unwrap()).collect();
        let Recovered::Unique(mut rng) = run(&format!("lrand48 = {}\nlrand48 = {}\n", v[1], v[2]))
        else {
            panic!("one state for {line}")
        };
        assert_eq!(rng.words(), [Drand48::srand48(v[0]).state()], "{line}");
        // The recovered state, stepped past the two, gives glibc's mrand48().
        let entry = registry::find("drand48").unwrap();
        let draw = entry.parse_draw("mrand48", &[]).unwrap();
        rng.discard(2);
        assert_eq!(
            draw.eval(&mut rng).format(false),
            v[3].to_string(),
            "{line}"
        );
    }
}

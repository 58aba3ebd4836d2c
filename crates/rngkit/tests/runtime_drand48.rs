//! The `drand48` GEN against the C library itself.
//!
//! Oracle: glibc's `srand48`/`seed48`/`drand48`/`lrand48`/`mrand48`, in a C
//! program this test writes, compiles with `cc` and runs (Debian package
//! `gcc`; CI has it). `drand48` values are printed as their IEEE-754 bits.
//!
//! Without a C compiler the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use crate::oracles;

use rngkit::StateWords;
use rngkit::draw::DrawValue;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Seed, of};
use rngkit::runtimes::drand48::{Drand48, Drand48Gen};

const DRAWS: usize = 1000;

const SEEDS: [i64; 22] = [
    0,
    1,
    -1,
    42,
    1234,
    -1234,
    0x7fff_ffff,
    0x8000_0000,
    -0x8000_0000,
    0xffff_ffff,
    0x1_0000_0000,
    0x1_0000_0007,
    -0x1_0000_0007,
    i64::MIN,
    i64::MAX,
    0xdead_beef,
    123_456_789,
    987_654_321_987,
    0x330e,
    5489,
    65536,
    -65536,
];

const SEED48: [[u16; 3]; 4] = [
    [0, 0, 0],
    [0x330e, 0x1234, 0xabcd],
    [0xffff, 0xffff, 0xffff],
    [1, 2, 3],
];

const PRELUDE: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
static void bits(double d) { uint64_t u; memcpy(&u, &d, 8); printf(" 0x%016llx", (unsigned long long)u); }
"#;

fn drand48_gen() -> &'static dyn DynGen {
    of::<Drand48Gen>()
}

fn compare(label: &str, ours: &str, theirs: &str) {
    if ours != theirs {
        let o: Vec<&str> = ours.split(' ').collect();
        let t: Vec<&str> = theirs.split(' ').collect();
        let i = o.iter().zip(&t).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{label}: draw {i} differs: ours {:?}, glibc {:?}",
            o.get(i),
            t.get(i)
        );
    }
}

/// Our line for `count` draws of each name in turn, after `rng`.
fn ours(rng: &mut rngkit::registry::Engine, names: &[&str], count: usize) -> String {
    let gen_d = drand48_gen();
    let draws: Vec<_> = names
        .iter()
        .map(|n| gen_d.parse_draw(n, &[]).unwrap())
        .collect();
    let values: Vec<String> = (0..count)
        .map(|i| oracles::f64_bits_format(&draws[i % draws.len()].eval(rng)))
        .collect();
    values.join(" ")
}

#[test]
fn every_draw_matches_glibc() {
    let mut c = String::from(PRELUDE);
    c.push_str("int main(void) {\n  long long seeds[] = {");
    for s in SEEDS {
        // i64::MIN is not a C literal: write it as an expression.
        if s == i64::MIN {
            c.push_str("-9223372036854775807LL - 1, ");
        } else {
            c.push_str(&format!("{s}LL, "));
        }
    }
    c.push_str("};\n");
    c.push_str(&format!(
        r#"  for (int s = 0; s < {n}; s++) {{
    srand48((long)seeds[s]); for (int i = 0; i < {d}; i++) bits(drand48()); printf("\n");
    srand48((long)seeds[s]); for (int i = 0; i < {d}; i++) printf(" %ld", lrand48()); printf("\n");
    srand48((long)seeds[s]); for (int i = 0; i < {d}; i++) printf(" %ld", mrand48()); printf("\n");
    srand48((long)seeds[s]); for (int i = 0; i < {d}; i++) {{ if (i % 3 == 0) bits(drand48()); else if (i % 3 == 1) printf(" %ld", lrand48()); else printf(" %ld", mrand48()); }} printf("\n");
  }}
  unsigned short v[][3] = {{"#,
        n = SEEDS.len(),
        d = DRAWS
    ));
    for v in SEED48 {
        c.push_str(&format!("{{{}, {}, {}}}, ", v[0], v[1], v[2]));
    }
    c.push_str(&format!(
        r#"}};
  for (int s = 0; s < {n}; s++) {{
    seed48(v[s]); for (int i = 0; i < {d}; i++) {{ if (i % 3 == 0) bits(drand48()); else if (i % 3 == 1) printf(" %ld", lrand48()); else printf(" %ld", mrand48()); }} printf("\n");
  }}
  return 0;
}}
"#,
        n = SEED48.len(),
        d = DRAWS
    ));
    let Some(output) = oracles::run_c("runtime-drand48", &c) else {
        return;
    };
    let mut lines = output.lines().map(|l| l.strip_prefix(' ').unwrap_or(l));
    let gen_d = drand48_gen();
    let mut compared = 0;
    for s in SEEDS {
        for names in [
            &["drand48"][..],
            &["lrand48"],
            &["mrand48"],
            &["drand48", "lrand48", "mrand48"],
        ] {
            let mut rng = gen_d.seed(&Seed::from(s), &Default::default()).unwrap();
            let theirs = lines.next().expect("a line");
            compare(
                &format!("srand48({s}) {names:?}"),
                &ours(&mut rng, names, DRAWS),
                theirs,
            );
            compared += DRAWS;
        }
    }
    for v in SEED48 {
        // seed48 is the --state word.
        let word = u64::from(v[0]) | u64::from(v[1]) << 16 | u64::from(v[2]) << 32;
        let mut rng = gen_d.from_words(&[word]).unwrap();
        assert_eq!(Drand48::seed48(v).to_words(), [word]);
        compare(
            &format!("seed48({v:?})"),
            &ours(&mut rng, &["drand48", "lrand48", "mrand48"], DRAWS),
            lines.next().expect("a line"),
        );
        compared += DRAWS;
    }
    assert_eq!(compared, (SEEDS.len() * 4 + SEED48.len()) * DRAWS);
}

#[test]
fn common_draws_read_the_generators_outputs() {
    // u32 is mrand48's 32 bits, f64 is drand48, one step each.
    let gen_d = drand48_gen();
    let u32_draw = gen_d.parse_draw("u32", &[]).unwrap();
    let f64_draw = gen_d.parse_draw("f64", &[]).unwrap();
    for s in SEEDS {
        let mut a = gen_d.seed(&Seed::from(s), &Default::default()).unwrap();
        let mut b = Drand48::srand48(s);
        for _ in 0..200 {
            assert_eq!(
                u32_draw.eval(&mut a),
                DrawValue::U32(b.clone().mrand48() as u32)
            );
            let _ = b.mrand48();
            assert_eq!(f64_draw.eval(&mut a), DrawValue::F64(b.drand48()));
        }
    }
}

#[test]
fn known_bits_are_sound() {
    let gen_d = drand48_gen();
    for name in ["drand48", "lrand48", "mrand48"] {
        let draw = gen_d.parse_draw(name, &[]).unwrap();
        let mut rng = gen_d.seed(&Seed::from(77), &Default::default()).unwrap();
        for _ in 0..500 {
            let mut stepper = rng.clone();
            let value = draw.eval(&mut rng);
            let word = stepper.next_word();
            assert_eq!(stepper, rng);
            let mut texts = vec![value.format(false)];
            if let DrawValue::F64(_) = value {
                texts.push(value.format(true));
            }
            for text in texts {
                let known = draw
                    .known_bits(&ObservedValue::parse(&text).unwrap(), 64)
                    .unwrap();
                assert_eq!(known.len(), 1);
                assert!(
                    known[0].matches(word),
                    "{name} {text}: {:?} vs {word:#x}",
                    known[0]
                );
            }
        }
    }
    // Exact bits pin the whole state; lrand48 the top 31 bits.
    let d = gen_d.parse_draw("drand48", &[]).unwrap();
    let k = d
        .known_bits(&ObservedValue::parse("0x3fe0000000000000").unwrap(), 64)
        .unwrap();
    assert_eq!(
        (k[0].mask, k[0].value),
        (0xffff_ffff_ffff_0000, 0x8000_0000_0000_0000)
    );
    let l = gen_d.parse_draw("lrand48", &[]).unwrap();
    assert!(
        l.known_bits(&ObservedValue::parse("-1").unwrap(), 64)
            .is_none()
    );
}

#[test]
fn states_are_validated() {
    let gen_d = drand48_gen();
    assert!(gen_d.from_words(&[(1 << 48) - 1]).is_ok());
    let err = gen_d.from_words(&[1 << 48]).unwrap_err().to_string();
    assert!(err.contains("48 bits"), "{err}");
    assert!(gen_d.from_words(&[1, 2]).is_err());
    assert!(gen_d.parse_draw("drand48", &["1"]).is_err());
    let seeded = gen_d.seed(&Seed::from(1), &Default::default()).unwrap();
    assert_eq!(seeded.format_words(), "000000000001330e"); // srand48(1)
}

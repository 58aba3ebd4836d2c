//! The numpy `Generator` GENs against numpy itself.
//!
//! Oracle: numpy (PyPI, the version in `oracles::NUMPY_VERSION`) run as a
//! process ([`oracles::numpy_python`] finds or installs it). One Python
//! program seeds `Generator(BitGenerator(S))` for every GEN, draw and seed
//! and prints each value: floats as their IEEE-754 bits, integers in
//! decimal, permutations comma-joined. Our side evaluates the same draws
//! through the registry; the two texts must be equal. 10 seeds x 1000
//! values per draw and GEN, one interleaved stream per seed (the 32-bit
//! buffer shared by `integers`, `choice` and `permutation` between 64-bit
//! draws), and 100 000 normals and exponentials on one seed for the
//! ziggurats' rare branches (the tail, the wedges).

use std::collections::HashMap;

use rngkit::draw::DrawValue;
use rngkit::registry::{DynGen, of};
use rngkit::runtimes::numpy::{
    NumpyGen, NumpyMt19937Gen, NumpyPcg64DxsmGen, NumpyPhiloxGen, NumpySfc64Gen,
};

use crate::oracles;

const VALUES: usize = 1000;

/// Seeds both sides read: small ones, 32-bit edges, and entropy longer
/// than SeedSequence's 4-word pool.
const SEEDS: [&str; 10] = [
    "0",
    "1",
    "42",
    "12345",
    "4294967295",
    "4294967296",
    "18446744073709551621",
    "340282366920938463463374607431768211459",
    "123456789012345678901234567890123456789012345678901234567890",
    "20261202",
];

/// The GENs and the numpy bit generator behind each.
fn gens() -> Vec<(&'static dyn DynGen, &'static str)> {
    vec![
        (of::<NumpyGen>(), "PCG64"),
        (of::<NumpyPcg64DxsmGen>(), "PCG64DXSM"),
        (of::<NumpyPhiloxGen>(), "Philox"),
        (of::<NumpySfc64Gen>(), "SFC64"),
        (of::<NumpyMt19937Gen>(), "MT19937"),
    ]
}

/// Each draw: our syntax, and numpy's call on `g`.
const DRAWS: &[(&str, &[&str], &str)] = &[
    ("random", &[], "g.random()"),
    ("random-raw", &[], "int(g.bit_generator.random_raw())"),
    ("integers", &["0", "10"], "g.integers(0, 10)"),
    ("integers", &["-5", "1000"], "g.integers(-5, 1000)"),
    (
        "integers",
        &["0", "3000000000"],
        "g.integers(0, 3000000000)",
    ),
    (
        "integers",
        &["0", "4294967296"],
        "g.integers(0, 4294967296)",
    ),
    (
        "integers",
        &["7", "4294967304"],
        "g.integers(7, 4294967304)",
    ),
    (
        "integers",
        &["0", "1099511627776"],
        "g.integers(0, 1099511627776)",
    ),
    (
        "integers",
        &["-9223372036854775808", "9223372036854775808"],
        "g.integers(-9223372036854775808, 9223372036854775808)",
    ),
    (
        "integers",
        &["-3", "6148914691236517205"],
        "g.integers(-3, 6148914691236517205)",
    ),
    ("integers", &["10", "11"], "g.integers(10, 11)"),
    ("choice", &["7"], "g.choice(7)"),
    ("permutation", &["10"], "g.permutation(10)"),
    ("normal", &[], "g.normal()"),
    ("normal", &["2", "3"], "g.normal(2.0, 3.0)"),
    ("standard-normal", &[], "g.standard_normal()"),
    ("exponential", &[], "g.exponential()"),
    ("exponential", &["2.5"], "g.exponential(2.5)"),
    ("standard-exponential", &[], "g.standard_exponential()"),
    ("uniform", &[], "g.uniform()"),
    ("uniform", &["-3", "7"], "g.uniform(-3.0, 7.0)"),
];

/// One interleaved stream per seed, cycling through these draws.
const INTERLEAVED: &[usize] = &[2, 0, 3, 13, 11, 4, 12, 7, 16, 5, 2, 2, 1, 19];

/// How the Python program prints a value, and ours the same way.
const PY_FORMAT: &str = r#"
def fmt(v):
    if isinstance(v, (float, np.floating)):
        return "0x%016x" % struct.unpack("<Q", struct.pack("<d", float(v)))[0]
    if isinstance(v, np.ndarray):
        return ",".join(str(int(x)) for x in v)
    return str(int(v))
"#;

fn fmt(v: &DrawValue) -> String {
    match v {
        DrawValue::F64(x) => format!("0x{:016x}", x.to_bits()),
        DrawValue::Ints(items) => items
            .iter()
            .map(i64::to_string)
            .collect::<Vec<_>>()
            .join(","),
        other => other.format(false),
    }
}

fn program() -> String {
    let mut p = String::from("import struct, sys\nimport numpy as np\n");
    p.push_str(PY_FORMAT);
    p.push_str(&format!("SEEDS = [{}]\n", SEEDS.join(", ")));
    p.push_str("CALLS = [\n");
    for (_, _, call) in DRAWS {
        p.push_str(&format!("    lambda g: {call},\n"));
    }
    p.push_str("]\n");
    p.push_str(&format!(
        "INTERLEAVED = [{}]\n",
        INTERLEAVED
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    ));
    p.push_str(&format!(
        r#"out = []
for name in [{names}]:
    B = getattr(np.random, name)
    for d, call in enumerate(CALLS):
        for s in SEEDS:
            g = np.random.Generator(B(s))
            out.append("%s|%d|%d|%s" % (name, d, s, " ".join(fmt(call(g)) for _ in range({VALUES}))))
    for s in SEEDS:
        g = np.random.Generator(B(s))
        vals = [fmt(CALLS[INTERLEAVED[i % len(INTERLEAVED)]](g)) for i in range({VALUES})]
        out.append("%s|i|%d|%s" % (name, s, " ".join(vals)))
    g = np.random.Generator(B(7))
    out.append("%s|n|7|%s" % (name, " ".join(fmt(g.standard_normal()) for _ in range(100000))))
    g = np.random.Generator(B(7))
    out.append("%s|e|7|%s" % (name, " ".join(fmt(g.standard_exponential()) for _ in range(100000))))
print(np.__version__)
sys.stdout.write("\n".join(out) + "\n")
"#,
        names = gens()
            .iter()
            .map(|(_, b)| format!("{b:?}"))
            .collect::<Vec<_>>()
            .join(", "),
    ));
    p
}

/// Runs the program once for all the tests of this file.
fn numpy_output() -> Option<&'static HashMap<String, String>> {
    use std::sync::OnceLock;
    static OUT: OnceLock<Option<HashMap<String, String>>> = OnceLock::new();
    OUT.get_or_init(|| {
        let python = oracles::numpy_python()?;
        let dir = oracles::temp_dir("numpy");
        let path = dir.join("oracle.py");
        std::fs::write(&path, program()).expect("write the oracle program");
        let text = oracles::run(std::process::Command::new(&python).arg(&path));
        let _ = std::fs::remove_dir_all(&dir);
        let mut lines = text.lines();
        let version = lines.next().expect("numpy's version");
        assert_eq!(
            version,
            oracles::NUMPY_VERSION,
            "the oracle is numpy {version}, the version matched is {}",
            oracles::NUMPY_VERSION
        );
        Some(
            lines
                .map(|l| {
                    let (key, values) = l.rsplit_once('|').expect("KEY|VALUES");
                    (key.to_string(), values.to_string())
                })
                .collect(),
        )
    })
    .as_ref()
}

fn ours(generator: &dyn DynGen, seed: &str, steps: &[(&str, &[&str])], count: usize) -> String {
    let draws: Vec<_> = steps
        .iter()
        .map(|(name, args)| generator.parse_draw(name, args).unwrap())
        .collect();
    let mut rng = generator
        .seed(&seed.parse().unwrap(), &Default::default())
        .unwrap();
    (0..count)
        .map(|i| fmt(&draws[i % draws.len()].eval(&mut rng)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_draw_matches_numpy() {
    let Some(out) = numpy_output() else { return };
    for (generator, bitgen) in gens() {
        for (d, (name, args, _)) in DRAWS.iter().enumerate() {
            for seed in SEEDS {
                let theirs = &out[&format!("{bitgen}|{d}|{seed}")];
                let label = format!("{} {name} {args:?} seed {seed}", generator.info().name);
                oracles::compare_tokens(
                    "numpy",
                    &label,
                    &ours(generator, seed, &[(name, args)], VALUES),
                    theirs,
                );
            }
        }
    }
}

#[test]
fn interleaved_draws_share_the_32_bit_buffer_as_numpy() {
    let Some(out) = numpy_output() else { return };
    let steps: Vec<(&str, &[&str])> = INTERLEAVED
        .iter()
        .map(|&d| (DRAWS[d].0, DRAWS[d].1))
        .collect();
    for (generator, bitgen) in gens() {
        for seed in SEEDS {
            let theirs = &out[&format!("{bitgen}|i|{seed}")];
            let label = format!("{} interleaved seed {seed}", generator.info().name);
            oracles::compare_tokens(
                "numpy",
                &label,
                &ours(generator, seed, &steps, VALUES),
                theirs,
            );
        }
    }
}

#[test]
fn ziggurat_rare_branches_match_numpy() {
    let Some(out) = numpy_output() else { return };
    for (generator, bitgen) in gens() {
        for (tag, draw) in [("n", "standard-normal"), ("e", "standard-exponential")] {
            let theirs = &out[&format!("{bitgen}|{tag}|7")];
            let label = format!("{} {draw} x 100000, seed 7", generator.info().name);
            oracles::compare_tokens(
                "numpy",
                &label,
                &ours(generator, "7", &[(draw, &[])], 100_000),
                theirs,
            );
        }
    }
}

#[test]
fn state_words_are_numpys_state() {
    // The words `rngkit state` prints are bit_generator.state's values.
    let Some(python) = oracles::numpy_python() else {
        return;
    };
    let program = r#"
import numpy as np
g = np.random.default_rng(42)
g.integers(0, 10)
s = g.bit_generator.state
st = s["state"]
print(" ".join("%016x" % w for w in [st["state"] >> 64, st["state"] & (2**64-1), st["inc"] >> 64, st["inc"] & (2**64-1), s["has_uint32"], s["uinteger"]]))
p = np.random.Philox(5)
p.random_raw(3)
s = p.state
print(" ".join("%016x" % int(w) for w in list(s["state"]["counter"]) + list(s["state"]["key"]) + [s["buffer_pos"], s["has_uint32"], s["uinteger"]]))
m = np.random.MT19937(5)
print(624 - m.state["state"]["pos"], " ".join("%08x" % int(w) for w in m.state["state"]["key"][:3]))
"#;
    let dir = oracles::temp_dir("numpy-state");
    let path = dir.join("state.py");
    std::fs::write(&path, program).unwrap();
    let text = oracles::run(std::process::Command::new(&python).arg(&path));
    let _ = std::fs::remove_dir_all(&dir);
    let lines: Vec<&str> = text.lines().collect();

    let g = of::<NumpyGen>();
    let mut rng = g.seed(&42.into(), &Default::default()).unwrap();
    g.parse_draw("integers", &["0", "10"])
        .unwrap()
        .eval(&mut rng);
    assert_eq!(rng.format_words(), lines[0]);

    let g = of::<NumpyPhiloxGen>();
    let mut rng = g.seed(&5.into(), &Default::default()).unwrap();
    let raw = g.parse_draw("random-raw", &[]).unwrap();
    for _ in 0..3 {
        raw.eval(&mut rng);
    }
    assert_eq!(rng.format_words(), lines[1]);

    let g = of::<NumpyMt19937Gen>();
    let rng = g.seed(&5.into(), &Default::default()).unwrap();
    let words = rng.format_words();
    let ours: Vec<&str> = words.split(' ').collect();
    let theirs: Vec<&str> = lines[2].split(' ').collect();
    assert_eq!(ours[0].trim_start_matches('0'), theirs[0]);
    assert_eq!(&ours[1..4], &theirs[1..4]);
}

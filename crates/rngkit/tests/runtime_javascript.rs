//! `Math.random()` of the real engines, run as processes, against the
//! `v8`, `v8-legacy`, `spidermonkey` and `javascriptcore` GENs, bit for bit.
//!
//! Every engine runs the same oracle program (written below, into a temp
//! file): a few thousand `Math.random()` calls printed as the 64-bit
//! pattern of the double, then `Math.floor(Math.random() * N)` for ten `N`.
//! The GEN replays the same draws through the registry and must print the
//! same text (`--hex` bits for doubles, decimal for integers).
//!
//! * Node.js (`node --random-seed=S`, Debian package `nodejs`) checks
//!   `v8-legacy`; Chromium (`chromium --js-flags=--random-seed=S`, package
//!   `chromium`) checks `v8`; 12 seeds each.
//! * Node.js 22, 24 and 26 and Deno, from the npm registry
//!   (`scripts/install-runtimes --npm-only` puts them under
//!   `~/.cache/rngkit-runtimes`), check `v8-legacy`, `v8-13`, `v8-14` and
//!   `v8`: 10 seeds x 1000 `Math.random()` and 1000 `floor N` each.
//! * `jsc` (package `libjavascriptcoregtk-4.0-bin`) checks `javascriptcore`
//!   with its debug seed (`--forcedWeakRandomSeed=S`, 12 seeds), and once
//!   unseeded.
//! * Firefox (package `firefox-esr`) cannot be seeded: each of 10 realms
//!   runs the oracle; the state before its first call is solved here over
//!   GF(2) from bit 0 of the first 256 mantissas (an independent model of
//!   the step, written in this file), and then every value of the realm must
//!   match, all 53 bits. The unseeded `jsc` run is checked the same way.
//!
//! A missing runtime fails the test with the package to install (or the
//! script to run), unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::path::{Path, PathBuf};
use std::process::Command;

use rngkit::registry::{DynGen, Engine, Seed, of};
use rngkit::runtimes::javascript::{
    JavaScriptCoreGen, SpiderMonkeyGen, V8Gen, V8LegacyGen, V813Gen, V814Gen, Xorshift128Plus,
};

use crate::oracles;

/// Seeds for the seedable engines: small, large, negative and the extremes
/// of V8's `int` flag.
const SEEDS: [i64; 12] = [
    1,
    2,
    3,
    42,
    12345,
    987_654_321,
    2_147_483_647,
    -1,
    -7,
    -123_456,
    -2_147_483_648,
    4_294_967_294, // V8 reads it as the int -2
];

/// The `N` of the `floor N` draws (100 draws each).
const FLOOR_NS: [u64; 10] = [
    2,
    3,
    6,
    10,
    100,
    1000,
    65536,
    1_000_000_007,
    4_294_967_296,
    9_007_199_254_740_992,
];

/// The oracle: a function returning the draws as space-separated tokens,
/// `r<hex bits>` for `Math.random()` and `f<N>:<value>` for the floors.
fn oracle_function(randoms: usize) -> String {
    let ns: Vec<String> = FLOOR_NS.iter().map(u64::to_string).collect();
    format!(
        "function rngkitOracle() {{
  const f = new Float64Array(1), u = new BigUint64Array(f.buffer);
  const out = [];
  for (let i = 0; i < {randoms}; i++) {{ f[0] = Math.random(); out.push('r' + u[0].toString(16)); }}
  for (const n of [{ns}]) {{
    for (let i = 0; i < 100; i++) out.push('f' + n + ':' + Math.floor(Math.random() * n));
  }}
  return out.join(' ');
}}
",
        ns = ns.join(", ")
    )
}

/// Replays `tokens` on `engine` through the registry; panics at the first
/// difference. Also checks, against the same tokens, that the state words
/// taken mid-stream (mid-cache for V8) continue the stream, and that
/// `discard` (`--advance`) skips calls. Returns the number of draws matched.
fn replay(spec: &'static dyn DynGen, engine: Engine, tokens: &[&str], what: &str) -> usize {
    let math_random = spec.parse_draw("math-random", &[]).unwrap();
    let mut floors = std::collections::HashMap::new();
    for n in FLOOR_NS {
        floors.insert(n, spec.parse_draw("floor", &[&n.to_string()]).unwrap());
    }
    let check = |mut engine: Engine, from: usize, restore_at: Option<usize>| {
        for (i, token) in tokens.iter().enumerate().skip(from) {
            if Some(i) == restore_at {
                engine = spec.from_words(&engine.words()).expect("own words");
            }
            let (got, expected) = if let Some(hex) = token.strip_prefix('r') {
                (
                    math_random.eval(&mut engine).format(true),
                    format!("0x{hex:0>16}"),
                )
            } else if let Some(rest) = token.strip_prefix('f') {
                let (n, v) = rest.split_once(':').expect("f<N>:<value>");
                let draw = &floors[&n.parse::<u64>().unwrap()];
                (draw.eval(&mut engine).format(false), v.to_string())
            } else {
                panic!("{what}: unexpected token {token:?}");
            };
            assert_eq!(
                got, expected,
                "{what}: call {i} ({token}) differs (from {from}, restored at {restore_at:?})"
            );
        }
    };
    check(engine.clone(), 0, Some(777));
    let mut skipped = engine;
    skipped.discard(1000);
    check(skipped, 1000, None);
    tokens.len()
}

fn tokens(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

#[test]
fn node_matches_v8_legacy() {
    let Some(node) = oracles::find_runtime(&["node", "nodejs"], "nodejs") else {
        return;
    };
    let version = oracles::run(Command::new(&node).arg("--version"));
    let dir = oracles::temp_dir("node");
    let script = dir.join("oracle.js");
    std::fs::write(
        &script,
        oracle_function(1200) + "console.log(rngkitOracle());\n",
    )
    .unwrap();
    let spec = of::<V8LegacyGen>();
    let mut total = 0;
    for seed in SEEDS {
        let out = oracles::run(
            Command::new(&node)
                .arg(format!("--random-seed={seed}"))
                .arg(&script),
        );
        let toks = tokens(&out);
        assert_eq!(toks.len(), 2200, "node printed {} draws", toks.len());
        let engine = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
        total += replay(
            spec,
            engine,
            &toks,
            &format!("node {} seed {seed}", version.trim()),
        );
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!(
        "node {}: {} seeds, {total} draws matched",
        version.trim(),
        SEEDS.len()
    );
}

/// Runs the oracle (`randoms` doubles, then the floors) under `bin` once per
/// seed, `args(seed, script)` giving the arguments, and replays every draw
/// on `spec` seeded the same way.
fn seeded_runtime_matches(
    bin: &PathBuf,
    args: impl Fn(i64, &Path) -> Vec<String>,
    spec: &'static dyn DynGen,
    seeds: &[i64],
    randoms: usize,
) {
    let version = oracles::run(Command::new(bin).arg("--version"));
    let version = version.lines().next().unwrap_or("").trim().to_string();
    let dir = oracles::temp_dir("seeded");
    let script = dir.join("oracle.js");
    std::fs::write(
        &script,
        oracle_function(randoms) + "console.log(rngkitOracle());\n",
    )
    .unwrap();
    let mut total = 0;
    for &seed in seeds {
        let out = oracles::run(Command::new(bin).args(args(seed, &script)));
        let toks = tokens(&out);
        assert_eq!(
            toks.len(),
            randoms + 1000,
            "{version} printed {} draws",
            toks.len()
        );
        let engine = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
        total += replay(spec, engine, &toks, &format!("{version} seed {seed}"));
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!(
        "{version} as {}: {} seeds, {total} draws matched",
        spec.info().name,
        seeds.len()
    );
}

/// `node --random-seed=S SCRIPT`.
fn node_args(seed: i64, script: &Path) -> Vec<String> {
    vec![
        format!("--random-seed={seed}"),
        script.display().to_string(),
    ]
}

#[test]
fn node22_matches_v8_legacy() {
    let Some(node) = oracles::npm_node(22) else {
        return;
    };
    seeded_runtime_matches(&node, node_args, of::<V8LegacyGen>(), &SEEDS[..10], 1000);
}

#[test]
fn node24_matches_v8_13() {
    let Some(node) = oracles::npm_node(24) else {
        return;
    };
    seeded_runtime_matches(&node, node_args, of::<V813Gen>(), &SEEDS[..10], 1000);
}

#[test]
fn node26_matches_v8_14() {
    let Some(node) = oracles::npm_node(26) else {
        return;
    };
    seeded_runtime_matches(&node, node_args, of::<V814Gen>(), &SEEDS[..10], 1000);
}

/// Deno 2.9 (V8 15.0) already hands the cache out in step order: `v8`.
#[test]
fn deno_matches_v8() {
    let Some(deno) = oracles::npm_deno() else {
        return;
    };
    let args = |seed: i64, script: &Path| {
        vec![
            "run".to_string(),
            "--quiet".to_string(),
            format!("--v8-flags=--random-seed={seed}"),
            script.display().to_string(),
        ]
    };
    seeded_runtime_matches(&deno, args, of::<V8Gen>(), &SEEDS[..10], 1000);
}

/// The eras differ: each npm Node.js is reproduced by its own GEN only
/// (the first 300 doubles of seed 7 against every V8 GEN).
#[test]
fn each_node_era_matches_only_its_gen() {
    let gens: [(&str, &'static dyn DynGen); 4] = [
        ("v8-legacy", of::<V8LegacyGen>()),
        ("v8-13", of::<V813Gen>()),
        ("v8-14", of::<V814Gen>()),
        ("v8", of::<V8Gen>()),
    ];
    for (major, own) in [(22, "v8-legacy"), (24, "v8-13"), (26, "v8-14")] {
        let Some(node) = oracles::npm_node(major) else {
            return;
        };
        let out = oracles::run(Command::new(&node).arg("--random-seed=7").arg("-e").arg(
            "const f = new Float64Array(1), u = new BigUint64Array(f.buffer); const o = []; \
             for (let i = 0; i < 300; i++) { f[0] = Math.random(); o.push('0x' + u[0].toString(16).padStart(16, '0')); } \
             console.log(o.join(' '))",
        ));
        let toks = tokens(&out);
        for (name, spec) in gens {
            let mut engine = spec.seed(&Seed::from(7), &Default::default()).unwrap();
            let d = spec.parse_draw("math-random", &[]).unwrap();
            let same = toks
                .iter()
                .take_while(|t| d.eval(&mut engine).format(true) == **t)
                .count();
            if name == own {
                assert_eq!(same, 300, "node {major} as {name}");
            } else {
                assert!(same < 300, "node {major} also matches {name}");
            }
        }
    }
}

#[test]
fn chromium_matches_v8() {
    let Some(chromium) = oracles::find_runtime(&["chromium", "chromium-browser"], "chromium")
    else {
        return;
    };
    let version = oracles::run(Command::new(&chromium).arg("--version"));
    let script = format!("{}return rngkitOracle();", oracle_function(1200));
    let spec = of::<V8Gen>();
    let mut total = 0;
    for seed in SEEDS {
        let body =
            oracles::chromium_output(&chromium, &script, Some(&format!("--random-seed={seed}")));
        let body = body.as_str();
        let toks = tokens(body);
        assert_eq!(toks.len(), 2200, "chromium gave {} draws", toks.len());
        let engine = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
        total += replay(
            spec,
            engine,
            &toks,
            &format!("{} seed {seed}", version.trim()),
        );
    }
    eprintln!(
        "{}: {} seeds, {total} draws matched",
        version.trim(),
        SEEDS.len()
    );
}

#[test]
fn jsc_matches_javascriptcore_with_forced_seeds() {
    let Some(jsc) = oracles::find_runtime(&["jsc"], "libjavascriptcoregtk-4.0-bin") else {
        return;
    };
    let dir = oracles::temp_dir("jsc");
    let script = dir.join("oracle.js");
    // 4200 plain calls: enough for the baseline JIT and the optimising tiers.
    std::fs::write(&script, oracle_function(4200) + "print(rngkitOracle());\n").unwrap();
    let spec = of::<JavaScriptCoreGen>();
    let mut total = 0;
    for seed in SEEDS {
        let seed = seed as u32; // WeakRandom takes an unsigned
        let out = oracles::run(
            Command::new(&jsc)
                .arg("--forceWeakRandomSeed=true")
                .arg(format!("--forcedWeakRandomSeed={seed}"))
                .arg(&script),
        );
        let toks = tokens(&out);
        assert_eq!(toks.len(), 5200, "jsc printed {} draws", toks.len());
        let words = Xorshift128Plus::weak_random(seed).state();
        let engine = spec.from_words(&words).unwrap();
        total += replay(spec, engine, &toks, &format!("jsc forced seed {seed}"));
    }
    std::fs::remove_dir_all(&dir).ok();
    eprintln!("jsc: {} forced seeds, {total} draws matched", SEEDS.len());
}

#[test]
fn jsc_unseeded_matches_javascriptcore_after_recovery() {
    let Some(jsc) = oracles::find_runtime(&["jsc"], "libjavascriptcoregtk-4.0-bin") else {
        return;
    };
    let dir = oracles::temp_dir("jsc-free");
    let script = dir.join("oracle.js");
    std::fs::write(&script, oracle_function(4200) + "print(rngkitOracle());\n").unwrap();
    let out = oracles::run(Command::new(&jsc).arg(&script));
    std::fs::remove_dir_all(&dir).ok();
    let toks = tokens(&out);
    let n = check_recovered(of::<JavaScriptCoreGen>(), &toks, "jsc unseeded");
    eprintln!("jsc unseeded: {n} draws matched");
}

/// Bun runs JavaScriptCore: an unseeded Bun process (no seed flag exists)
/// is `javascriptcore`, recovered from its own values and replayed.
#[test]
fn bun_unseeded_matches_javascriptcore_after_recovery() {
    let Some(bun) = oracles::npm_bun() else {
        return;
    };
    let version = oracles::run(Command::new(&bun).arg("--version"));
    let dir = oracles::temp_dir("bun");
    let script = dir.join("oracle.js");
    std::fs::write(
        &script,
        oracle_function(4200) + "console.log(rngkitOracle());\n",
    )
    .unwrap();
    let out = oracles::run(Command::new(&bun).arg("run").arg(&script));
    std::fs::remove_dir_all(&dir).ok();
    let toks = tokens(&out);
    let n = check_recovered(of::<JavaScriptCoreGen>(), &toks, "bun unseeded");
    eprintln!("bun {}: {n} draws matched", version.trim());
}

#[test]
fn firefox_matches_spidermonkey_after_recovery() {
    let Some(firefox) = oracles::find_runtime(&["firefox-esr", "firefox"], "firefox-esr") else {
        return;
    };
    let version = oracles::run(Command::new(&firefox).arg("--version"));
    // Each same-origin iframe is its own realm with its own generator; the
    // oracle runs inside it through its own eval.
    let script = format!(
        "{}for (let k = 0; k < 10; k++) {{
  const frame = document.createElement('iframe');
  document.body.appendChild(frame);
  const text = frame.contentWindow.eval('(' + rngkitOracle.toString() + ')()');
  dump('RNGKIT ' + text + '\\n');
}}",
        oracle_function(1200)
    );
    let realms = oracles::firefox_dumps(&firefox, &script, 10);
    assert_eq!(realms.len(), 10);
    let spec = of::<SpiderMonkeyGen>();
    let mut total = 0;
    let mut states = Vec::new();
    for (k, realm) in realms.iter().enumerate() {
        let toks = tokens(realm);
        assert_eq!(toks.len(), 2200);
        total += check_recovered(spec, &toks, &format!("{} realm {k}", version.trim()));
        states.push(toks[0]);
    }
    states.sort();
    states.dedup();
    assert_eq!(
        states.len(),
        10,
        "the realms should have their own generators"
    );
    eprintln!("{}: 10 realms, {total} draws matched", version.trim());
}

/// Solves the state before the first call from bit 0 of the first 256
/// mantissas, then replays every token from it.
fn check_recovered(spec: &'static dyn DynGen, toks: &[&str], what: &str) -> usize {
    let mantissas: Vec<u64> = toks
        .iter()
        .take(256)
        .map(|t| {
            let bits = u64::from_str_radix(t.strip_prefix('r').expect("a Math.random token"), 16)
                .expect("hex bits");
            let m = f64::from_bits(bits) * 9_007_199_254_740_992.0;
            assert!(m.fract() == 0.0 && m < 9_007_199_254_740_992.0);
            m as u64
        })
        .collect();
    let (s0, s1) = solve_low_bits(&mantissas);
    let engine = spec.from_words(&[s0, s1]).expect("a non-zero state");
    replay(spec, engine, toks, what)
}

/// The state `(s0, s1)` whose calls give these mantissas' bit 0, from a
/// symbolic model of xorshift128+ (23, 17, 26) over GF(2): unknown `k` is
/// bit `k` of `s0` for `k < 64`, bit `k - 64` of `s1` above.
fn solve_low_bits(mantissas: &[u64]) -> (u64, u64) {
    let mut s0: [u128; 64] = std::array::from_fn(|j| 1u128 << j);
    let mut s1: [u128; 64] = std::array::from_fn(|j| 1u128 << (64 + j));
    let mut rows: Vec<(u128, bool)> = Vec::new();
    for &m in mantissas {
        let mut x = s0;
        let y = s1;
        let old = x;
        for j in 23..64 {
            x[j] ^= old[j - 23];
        }
        let old = x;
        for j in 0..64 - 17 {
            x[j] ^= old[j + 17];
        }
        for j in 0..64 {
            x[j] ^= y[j];
            if j + 26 < 64 {
                x[j] ^= y[j + 26];
            }
        }
        s0 = y;
        s1 = x;
        // Bit 0 of s0 + s1 is the xor of their bits 0.
        rows.push((s0[0] ^ s1[0], m & 1 == 1));
    }
    // Gauss-Jordan elimination.
    let mut pivot_rows: Vec<(u128, bool)> = Vec::new();
    for col in 0..128 {
        let bit = 1u128 << col;
        let Some(p) = rows.iter().position(|r| r.0 & bit != 0) else {
            continue;
        };
        let pivot = rows.swap_remove(p);
        for r in rows.iter_mut().chain(pivot_rows.iter_mut()) {
            if r.0 & bit != 0 {
                r.0 ^= pivot.0;
                r.1 ^= pivot.1;
            }
        }
        pivot_rows.push(pivot);
    }
    assert_eq!(pivot_rows.len(), 128, "the low bits should fix the state");
    assert!(
        rows.iter().all(|r| !r.1),
        "inconsistent equations: not xorshift128+ (23, 17, 26) with a sum output"
    );
    let mut state = 0u128;
    for (row, value) in pivot_rows {
        if value {
            state |= 1u128 << row.trailing_zeros();
        }
    }
    (state as u64, (state >> 64) as u64)
}

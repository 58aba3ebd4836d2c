//! The C++ engine GENs (`mt19937-64`, `minstd-rand`, `minstd-rand0`,
//! `ranlux24`, `ranlux48`, `knuth-b`) and the library distribution draws
//! `uniform-int-LIB`, `uniform-real-LIB`, `canonical-LIB` and `normal-LIB`
//! (`LIB` = `libstdcxx` or `libcxx`; also on `mt19937`, `std::mt19937`)
//! against the real standard libraries.
//!
//! Oracles: one C++ program, compiled twice: with `g++ -std=c++17` (GCC's
//! libstdc++) and with `clang++ -std=c++17 -stdlib=libc++` (LLVM's libc++;
//! Debian packages `g++`, `clang`, `libc++-dev`, `libc++abi-dev`, which
//! `scripts/install-runtimes` installs). It reads requests `ENGINE DRAW A B
//! SEED COUNT` and prints, for each, COUNT values from `Engine e(SEED)`:
//! `e()` for `next`, `std::uniform_int_distribution<int>(A, B)(e)` for
//! `int`, `std::uniform_real_distribution<double>(A, B)(e)` for `real`,
//! `std::generate_canonical<double, 53>(e)` for `canonical`, COUNT calls of
//! one `std::normal_distribution<double>(A, B)` object for `normal` (its
//! saved second values included) and of a new object each time for
//! `fresh-normal` (what `mt19937`'s normal draws are), doubles printed with
//! `%.17g` and compared bit for bit; and for `check` the 10000th value of a
//! default-constructed engine. Each draw is compared on 10 seeds x 1000
//! values per library; the 10000th values are also compared with the
//! standard's ([rand.predef]).
//!
//! Without the compilers the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::registry::{DynGen, Seed, of};
use rngkit::runtimes::cpp::{
    KnuthBGen, MinstdRand0Gen, MinstdRandGen, Mt19937_64Gen, Ranlux24Gen, Ranlux48Gen,
};

use crate::oracles;

const DRAWS: usize = 1000;

const ORACLE: &str = r#"
#include <random>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
template <class E> void run(const char* draw, const char* a, const char* b, unsigned long long seed, int count) {
    E e(seed);
    std::string out;
    char buf[40];
    std::normal_distribution<double> normal(strtod(a, nullptr), strtod(b, nullptr));
    for (int i = 0; i < count; i++) {
        if (!strcmp(draw, "next")) {
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)e());
        } else if (!strcmp(draw, "check")) {
            E d;
            for (int j = 0; j < 9999; j++) d();
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)d());
        } else if (!strcmp(draw, "int")) {
            std::uniform_int_distribution<int> dist(atoi(a), atoi(b));
            snprintf(buf, sizeof buf, "%d", dist(e));
        } else if (!strcmp(draw, "real")) {
            std::uniform_real_distribution<double> dist(strtod(a, nullptr), strtod(b, nullptr));
            snprintf(buf, sizeof buf, "%.17g", dist(e));
        } else if (!strcmp(draw, "canonical")) {
            snprintf(buf, sizeof buf, "%.17g", std::generate_canonical<double, 53>(e));
        } else if (!strcmp(draw, "normal")) {
            snprintf(buf, sizeof buf, "%.17g", normal(e));
        } else if (!strcmp(draw, "fresh-normal")) {
            std::normal_distribution<double> dist(strtod(a, nullptr), strtod(b, nullptr));
            snprintf(buf, sizeof buf, "%.17g", dist(e));
        } else {
            fprintf(stderr, "unknown draw %s\n", draw);
            exit(1);
        }
        if (i) out += ' ';
        out += buf;
    }
    puts(out.c_str());
}
int main() {
    char engine[32], draw[32], a[64], b[64];
    int count;
    unsigned long long seed;
    while (scanf("%31s %31s %63s %63s %llu %d", engine, draw, a, b, &seed, &count) == 6) {
        std::string en = engine;
        if (en == "mt19937") run<std::mt19937>(draw, a, b, seed, count);
        else if (en == "mt19937-64") run<std::mt19937_64>(draw, a, b, seed, count);
        else if (en == "minstd-rand") run<std::minstd_rand>(draw, a, b, seed, count);
        else if (en == "minstd-rand0") run<std::minstd_rand0>(draw, a, b, seed, count);
        else if (en == "ranlux24") run<std::ranlux24>(draw, a, b, seed, count);
        else if (en == "ranlux48") run<std::ranlux48>(draw, a, b, seed, count);
        else if (en == "knuth-b") run<std::knuth_b>(draw, a, b, seed, count);
        else { fprintf(stderr, "unknown engine %s\n", engine); return 1; }
    }
}
"#;

/// The GENs under test: (GEN, whether it has `next`, the standard's
/// 10000th value of a default-constructed engine, [rand.predef]).
fn gens() -> Vec<(&'static dyn DynGen, bool, u64)> {
    vec![
        (of::<rngkit::generators::Mt19937>(), false, 4_123_659_995),
        (of::<Mt19937_64Gen>(), true, 9_981_545_732_273_789_042),
        (of::<MinstdRandGen>(), true, 399_268_537),
        (of::<MinstdRand0Gen>(), true, 1_043_618_065),
        (of::<Ranlux24Gen>(), true, 9_901_578),
        (of::<Ranlux48Gen>(), true, 249_142_670_248_501),
        (of::<KnuthBGen>(), true, 1_112_339_016),
    ]
}

/// Ten seeds: 0 (which the LCGs map to 1), the default seeds, seeds at
/// and past the modulus 2^31 - 1 and the LCG modulus 2147483563 of the
/// subtract-with-carry seeding, and 64-bit ones (the engines' `result_type`
/// is 64 bits on Linux). `mt19937` (a 32-bit seed) takes them mod 2^32,
/// as `std::mt19937`'s constructor does.
const SEEDS: [u64; 10] = [
    0,
    1,
    42,
    5489,
    19_780_503,
    2_147_483_563,
    2_147_483_647,
    4_294_967_295,
    4_294_967_296 + 12_345,
    18_446_744_073_709_551_615,
];

/// The bounds of `uniform_int_distribution<int>(A, B)`: small ranges,
/// powers of two, one value, the whole `int` range, and ranges wider
/// than the 24- and 31-bit engines (libstdc++'s upscaling).
const RANGES: [(i32, i32); 9] = [
    (1, 6),
    (0, 99),
    (0, 255),
    (7, 7),
    (-1_000_000_000, 1_000_000_000),
    (i32::MIN, i32::MAX),
    (0, 16_777_216),
    (-5, 1 << 30),
    (0, 2_147_483_645),
];

/// The bounds of `uniform_real_distribution<double>(A, B)`: the unit
/// interval, a signed one with inexact bounds, and a wide one.
const REAL_RANGES: [(&str, &str); 3] = [("0", "1"), ("-2.5", "0.1"), ("-1e300", "1e300")];

/// The parameters of `normal_distribution<double>(MEAN, SD)`.
const NORMAL_PARAMS: [(&str, &str); 2] = [("0", "1"), ("10.5", "0.3")];

/// One request: its line, the GEN, our draw name (`LIB` standing for the
/// library's suffix), its arguments, the seed, and whether the values are
/// doubles (compared by their bits).
type Request = (String, &'static dyn DynGen, String, Vec<String>, u64, bool);

fn requests() -> Vec<Request> {
    let mut out = Vec::new();
    for (engine_gen, has_next, _) in gens() {
        let is_mt = engine_gen.name() == "mt19937";
        let seeds: Vec<u64> = SEEDS
            .iter()
            .map(|&s| if is_mt { s & 0xffff_ffff } else { s })
            .collect();
        // (the C++ side's draw and bounds, our draw, its arguments, doubles)
        let mut draws: Vec<(String, String, Vec<String>, bool)> = Vec::new();
        if has_next {
            draws.push(("next 0 0".into(), "next".into(), vec![], false));
        }
        for (a, b) in RANGES {
            draws.push((
                format!("int {a} {b}"),
                "uniform-int-LIB".into(),
                vec![a.to_string(), b.to_string()],
                false,
            ));
        }
        for (a, b) in REAL_RANGES {
            draws.push((
                format!("real {a} {b}"),
                "uniform-real-LIB".into(),
                vec![a.into(), b.into()],
                true,
            ));
        }
        draws.push(("canonical 0 0".into(), "canonical-LIB".into(), vec![], true));
        for (mean, sd) in NORMAL_PARAMS {
            // mt19937's generator keeps no saved normal value: each of its
            // normal draws is a new distribution object's first value.
            let cpp = if is_mt { "fresh-normal" } else { "normal" };
            draws.push((
                format!("{cpp} {mean} {sd}"),
                "normal-LIB".into(),
                vec![mean.into(), sd.into()],
                true,
            ));
        }
        for (line, name, args, doubles) in draws {
            for &seed in &seeds {
                out.push((
                    format!("{} {line} {seed} {DRAWS}", engine_gen.name()),
                    engine_gen,
                    name.clone(),
                    args.clone(),
                    seed,
                    doubles,
                ));
            }
        }
    }
    out
}

/// Doubles as their bits: the C++ side prints `%.17g`, ours the shortest
/// form that reads back; both read back to the same double when equal.
fn double_bits(label: &str, tokens: &str) -> Vec<u64> {
    tokens
        .split(' ')
        .map(|t| {
            t.parse::<f64>()
                .unwrap_or_else(|_| panic!("{label}: `{t}` is not a double"))
                .to_bits()
        })
        .collect()
}

fn check_library(tag: &str, compiler: &str, package: &str, args: &[&str], lib: &str) {
    let requests = requests();
    let mut input: String = requests.iter().map(|r| format!("{}\n", r.0)).collect();
    for (engine_gen, _, _) in gens() {
        input.push_str(&format!("{} check 0 0 0 1\n", engine_gen.name()));
    }
    let Some(output) = oracles::run_cpp(tag, compiler, package, args, ORACLE, &input) else {
        return;
    };
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(
        lines.len(),
        requests.len() + gens().len(),
        "{compiler}: one line per request"
    );
    for ((line, engine_gen, name, draw_args, seed, doubles), theirs) in requests.iter().zip(&lines)
    {
        let name = name.replace("LIB", lib);
        let draw_args: Vec<&str> = draw_args.iter().map(String::as_str).collect();
        let draw = engine_gen.parse_draw(&name, &draw_args).unwrap();
        let mut rng = engine_gen
            .seed(&Seed::from(*seed), &Default::default())
            .unwrap();
        let ours: Vec<String> = (0..DRAWS)
            .map(|_| draw.eval(&mut rng).format(false))
            .collect();
        let label = format!("{line} ({name})");
        if *doubles {
            let (o, t) = (
                double_bits(&label, &ours.join(" ")),
                double_bits(&label, theirs),
            );
            if let Some(i) = (0..o.len().max(t.len())).find(|&i| o.get(i) != t.get(i)) {
                panic!(
                    "{label}: draw {i} differs: ours {:?}, {compiler} {:?}",
                    ours.get(i),
                    theirs.split(' ').nth(i)
                );
            }
        } else {
            oracles::compare_tokens(compiler, &label, &ours.join(" "), theirs);
        }
    }
    for ((engine_gen, _, standard), theirs) in gens().iter().zip(&lines[requests.len()..]) {
        assert_eq!(
            *theirs,
            standard.to_string(),
            "{compiler}: {}'s 10000th value against [rand.predef]",
            engine_gen.name()
        );
    }
}

#[test]
fn engines_and_distributions_match_libstdcxx() {
    check_library("cpp-libstdcxx", "g++", "g++", &["-std=c++17"], "libstdcxx");
}

#[test]
fn engines_and_distributions_match_libcxx() {
    check_library(
        "cpp-libcxx",
        "clang++",
        "clang",
        &["-std=c++17", "-stdlib=libc++"],
        "libcxx",
    );
}

/// The 10000th values of the standard ([rand.predef]), on our engines: the
/// published vectors, without a compiler.
#[test]
fn standard_check_values() {
    let defaults = [5489u64, 5489, 1, 1, 19_780_503, 19_780_503, 1];
    for ((engine_gen, _, standard), default) in gens().into_iter().zip(defaults) {
        let mut rng = engine_gen
            .seed(&Seed::from(default), &Default::default())
            .unwrap();
        let name = if engine_gen.name() == "mt19937" {
            "u32"
        } else {
            "next"
        };
        let draw = engine_gen.parse_draw(name, &[]).unwrap();
        for _ in 0..9999 {
            draw.eval(&mut rng);
        }
        assert_eq!(
            draw.eval(&mut rng).format(false),
            standard.to_string(),
            "{}",
            engine_gen.name()
        );
    }
}

/// Reads an `mt19937_64` state with `operator>>` and prints
/// `generate_canonical<double, 53>` and `uniform_real_distribution<double>(0,
/// 10)` of it (on copies).
const EDGE: &str = r#"
#include <random>
#include <cstdio>
#include <sstream>
#include <iostream>
#include <string>
int main() {
    std::string words;
    std::getline(std::cin, words);
    std::mt19937_64 e;
    std::istringstream in(words);
    in >> e;
    if (!in) { fprintf(stderr, "bad state\n"); return 1; }
    std::mt19937_64 f = e;
    printf("%.17g %.17g\n", std::generate_canonical<double, 53>(e), std::uniform_real_distribution<double>(0, 10)(f));
}
"#;

/// Where the libraries differ: a call of `2^64 - 1` on `mt19937_64` (a
/// block whose first twisted word tempers to it) makes libc++'s
/// `generate_canonical` exactly 1 (and `uniform_real_distribution(0, 10)`
/// exactly 10), and libstdc++'s `nextafter(1, 0)`; both read the state
/// with `operator>>` (libstdc++ the 312 words and its index, 312: a twist
/// first; libc++ the 312 words, which it twists a word at a time).
#[test]
fn canonical_at_one_matches_both_libraries() {
    use rngkit::runtimes::cpp::Mt19937_64;
    let mut block = [0u64; 312];
    for (i, w) in block.iter_mut().enumerate() {
        *w = (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    }
    // The first twisted word is mt[156] ^ (the twist of mt[0], mt[1]).
    let wanted = Mt19937_64::untemper(u64::MAX);
    block[156] = wanted ^ Mt19937_64::recurrence(block[0], block[1], 0);
    let text: Vec<String> = block.iter().map(u64::to_string).collect();
    let mut words = vec![0u64];
    words.extend_from_slice(&block);
    let mt64 = of::<Mt19937_64Gen>();
    for (tag, compiler, package, args, input, lib) in [
        (
            "cpp-edge-libstdcxx",
            "g++",
            "g++",
            &["-std=c++17"][..],
            format!("{} 312\n", text.join(" ")),
            "libstdcxx",
        ),
        (
            "cpp-edge-libcxx",
            "clang++",
            "clang",
            &["-std=c++17", "-stdlib=libc++"][..],
            format!("{}\n", text.join(" ")),
            "libcxx",
        ),
    ] {
        let Some(output) = oracles::run_cpp(tag, compiler, package, args, EDGE, &input) else {
            continue;
        };
        let ours: Vec<f64> = [
            (format!("canonical-{lib}"), vec![]),
            (format!("uniform-real-{lib}"), vec!["0", "10"]),
        ]
        .iter()
        .map(|(name, args)| {
            let mut rng = mt64.from_words(&words).unwrap();
            mt64.parse_draw(name, args)
                .unwrap()
                .eval(&mut rng)
                .format(false)
                .parse()
                .unwrap()
        })
        .collect();
        let theirs: Vec<f64> = output
            .split_whitespace()
            .map(|t| t.parse().unwrap())
            .collect();
        assert_eq!(ours, theirs, "{compiler}");
        let one = if lib == "libcxx" {
            1.0
        } else {
            1.0 - f64::EPSILON / 2.0
        };
        assert_eq!(theirs[0], one, "{compiler}");
    }
}

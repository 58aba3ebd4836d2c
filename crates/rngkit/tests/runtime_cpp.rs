//! The C++ engine GENs (`mt19937-64`, `minstd-rand`, `minstd-rand0`,
//! `ranlux24`, `ranlux48`, `knuth-b`) and the `uniform-int-libstdcxx` /
//! `uniform-int-libcxx` draws (also on `mt19937`, `std::mt19937`) against
//! the real standard libraries.
//!
//! Oracles: one C++ program, compiled twice: with `g++ -std=c++17` (GCC's
//! libstdc++) and with `clang++ -std=c++17 -stdlib=libc++` (LLVM's libc++;
//! Debian packages `g++`, `clang`, `libc++-dev`, `libc++abi-dev`, which
//! `scripts/install-runtimes` installs). It reads requests `ENGINE DRAW A B
//! SEED COUNT` and prints, for each, COUNT values from `Engine e(SEED)`:
//! `e()` for `next`, `std::uniform_int_distribution<int>(A, B)(e)`
//! otherwise, and for `check` the 10000th value of a default-constructed
//! engine. Each draw is compared on 10 seeds x 1000 values per library; the
//! 10000th values are also compared with the standard's ([rand.predef]).
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
#include <cstring>
#include <string>
template <class E> void run(const char* draw, int a, int b, unsigned long long seed, int count) {
    E e(seed);
    std::string out;
    char buf[32];
    for (int i = 0; i < count; i++) {
        if (!strcmp(draw, "next")) {
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)e());
        } else if (!strcmp(draw, "check")) {
            E d;
            for (int j = 0; j < 9999; j++) d();
            snprintf(buf, sizeof buf, "%llu", (unsigned long long)d());
        } else {
            std::uniform_int_distribution<int> dist(a, b);
            snprintf(buf, sizeof buf, "%d", dist(e));
        }
        if (i) out += ' ';
        out += buf;
    }
    puts(out.c_str());
}
int main() {
    char engine[32], draw[32];
    int a, b, count;
    unsigned long long seed;
    while (scanf("%31s %31s %d %d %llu %d", engine, draw, &a, &b, &seed, &count) == 6) {
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

/// The requests, in order, and our side of each: (request line, draw
/// name and arguments, seed).
/// One request: its line, the GEN, the draw name (empty: the library's
/// `uniform-int` draw), its arguments, the seed.
type Request = (String, &'static dyn DynGen, String, Vec<String>, u64);

fn requests() -> Vec<Request> {
    let mut out = Vec::new();
    for (engine_gen, has_next, _) in gens() {
        let seeds: Vec<u64> = SEEDS
            .iter()
            .map(|&s| {
                if engine_gen.name() == "mt19937" {
                    s & 0xffff_ffff
                } else {
                    s
                }
            })
            .collect();
        let mut draws: Vec<(String, String, Vec<String>)> = Vec::new();
        if has_next {
            draws.push(("next 0 0".into(), "next".into(), vec![]));
        }
        for (a, b) in RANGES {
            // The C++ program reads the library from how it was built.
            draws.push((
                format!("x {a} {b}"),
                String::new(),
                vec![a.to_string(), b.to_string()],
            ));
        }
        for (line, name, args) in draws {
            for &seed in &seeds {
                out.push((
                    format!("{} {line} {seed} {DRAWS}", engine_gen.name()),
                    engine_gen,
                    name.clone(),
                    args.clone(),
                    seed,
                ));
            }
        }
    }
    out
}

fn check_library(tag: &str, compiler: &str, package: &str, args: &[&str], draw_name: &str) {
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
    for ((line, engine_gen, name, draw_args, seed), theirs) in requests.iter().zip(&lines) {
        let name = if name.is_empty() { draw_name } else { name };
        let draw_args: Vec<&str> = draw_args.iter().map(String::as_str).collect();
        let draw = engine_gen.parse_draw(name, &draw_args).unwrap();
        let mut rng = engine_gen
            .seed(&Seed::from(*seed), &Default::default())
            .unwrap();
        let ours: Vec<String> = (0..DRAWS)
            .map(|_| draw.eval(&mut rng).format(false))
            .collect();
        oracles::compare_tokens(
            compiler,
            &format!("{line} ({name})"),
            &ours.join(" "),
            theirs,
        );
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
fn engines_and_uniform_int_match_libstdcxx() {
    check_library(
        "cpp-libstdcxx",
        "g++",
        "g++",
        &["-std=c++17"],
        "uniform-int-libstdcxx",
    );
}

#[test]
fn engines_and_uniform_int_match_libcxx() {
    check_library(
        "cpp-libcxx",
        "clang++",
        "clang",
        &["-std=c++17", "-stdlib=libc++"],
        "uniform-int-libcxx",
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

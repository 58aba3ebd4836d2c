//! `java` and `splittable-random` against the real JVM.
//!
//! Each test writes a Java program into a temporary directory, compiles it
//! with `javac`, runs it with `java` and compares its output, value for
//! value, with what the GEN's draws give through the registry (the CLI's
//! path). Floats are compared by their bits (`Double.doubleToRawLongBits`,
//! `Float.floatToRawIntBits`): Java's `Double.toString` before JDK 19 is not
//! always the shortest round-trip text, the bits are exact.
//!
//! Needs a JDK 17+ (`javac`, `java` on `PATH`, or `RNGKIT_JAVA_HOME`);
//! Debian: `openjdk-17-jdk-headless`. Without one the tests fail, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::Command;

use rngkit::StateWords;
use rngkit::draw::DrawValue;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Engine, Seed, Steps, of};
use rngkit::runtimes::fdlibm;
use rngkit::runtimes::java::{JavaGen, JavaRandom};
use rngkit::runtimes::java_splittable::{SplittableRandom, SplittableRandomGen};

use crate::oracles;
// A case: the rngkit draw, the runtime's expression on `r` giving the
// same text, and whether floats compare as `--hex` bits.
use crate::oracles::{IndexedCase as Case, indexed_case as case};

/// Draws per (method, seed).
const DRAWS: usize = 1000;

/// 22 seeds: zero, signs, the extremes of `long`, the scrambling constant,
/// values around 2^31 and 2^48.
const SEEDS: [i64; 22] = [
    0,
    1,
    -1,
    42,
    -42,
    7,
    12345,
    -987_654_321,
    i64::MIN,
    i64::MAX,
    0x5_deec_e66d,
    -0x5_deec_e66d,
    1 << 48,
    (1 << 48) - 1,
    1 << 31,
    -(1 << 31),
    0x7fff_ffff,
    0xdead_beef_cafe,
    123_456_789_012_345,
    1_000_003,
    3_141_592_653_589_793_238,
    -3_141_592_653_589_793_238,
];

// ---------------------------------------------------------------------------
// Running the JDK.

/// The JDK's tools, or `None` (after a note) when absent and
/// `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
fn jdk() -> Option<(PathBuf, PathBuf)> {
    let (javac, java) = match std::env::var_os("RNGKIT_JAVA_HOME") {
        Some(home) => {
            let bin = PathBuf::from(home).join("bin");
            (bin.join("javac"), bin.join("java"))
        }
        None => (PathBuf::from("javac"), PathBuf::from("java")),
    };
    oracles::tools_work(
        &[&javac, &java],
        "-version",
        "JDK (javac/java)",
        "the JVM",
        "a JDK 17+ (`javac` and `java` on PATH, or RNGKIT_JAVA_HOME)",
        "the Debian package openjdk-17-jdk-headless",
    )
    .then_some((javac, java))
}

/// Compiles and runs `class` (its source `source`), returning stdout.
fn run_java(class: &str, source: &str) -> Option<String> {
    let (javac, java) = jdk()?;
    Some(oracles::compile_and_run(
        "runtime-java",
        &format!("{class}.java"),
        source,
        |dir, file| {
            let mut javac = Command::new(&javac);
            javac.arg("-d").arg(dir).arg(file);
            javac
        },
        |dir| {
            let mut java = Command::new(&java);
            // The tests read SplittableRandom's and Random's private fields.
            java.arg("--add-opens")
                .arg("java.base/java.util=ALL-UNNAMED")
                .arg("-cp")
                .arg(dir)
                .arg(class);
            java
        },
    ))
}

/// The Java helpers every oracle program has.
const JAVA_HELPERS: &str = r#"
    static String hexD(double d) { return String.format("0x%016x", Double.doubleToRawLongBits(d)); }
    static String hexF(float f) { return String.format("0x%08x", Float.floatToRawIntBits(f)); }
    static String hexB(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) s.append(String.format("%02x", x & 0xff));
        return s.toString();
    }
"#;

/// `nextInt(bound)` for each of the space-separated `bounds`.
fn next_int_cases(bounds: &str) -> impl Iterator<Item = Case> + '_ {
    bounds.split(' ').map(|bound| {
        let java = format!("Integer.toString(r.nextInt({bound}))");
        case("next-int", &[bound], &java, false)
    })
}

/// JDK 17's `nextInt(origin, bound)` for each pair of `spans`.
fn next_int_range_cases(spans: &[(&str, &str)]) -> Vec<Case> {
    spans
        .iter()
        .map(|&(origin, bound)| {
            let java = format!("Integer.toString(r.nextInt({origin}, {bound}))");
            case("next-int", &[origin, bound], &java, false)
        })
        .collect()
}

/// The Java program: for each case and seed, a fresh generator and
/// `DRAWS` values, one line `case seed v1 v2 ...`.
fn oracle_program(class: &str, constructor: &str, cases: &[Case]) -> String {
    let mut switch = String::new();
    for (i, c) in cases.iter().enumerate() {
        writeln!(switch, "            case {i}: return {};", c.expr).unwrap();
    }
    let seeds: Vec<String> = SEEDS.iter().map(|s| format!("{s}L")).collect();
    format!(
        r#"import java.util.*;
public class {class} {{
{JAVA_HELPERS}
    static String draw(int c, {constructor} r) {{
        switch (c) {{
{switch}            default: throw new IllegalStateException();
        }}
    }}
    public static void main(String[] args) {{
        long[] seeds = {{ {seeds} }};
        StringBuilder out = new StringBuilder();
        for (int c = 0; c < {count}; c++) {{
            for (long s : seeds) {{
                {constructor} r = new {constructor}(s);
                out.append(c).append(' ').append(s);
                for (int i = 0; i < {DRAWS}; i++) out.append(' ').append(draw(c, r));
                out.append('\n');
            }}
            System.out.print(out);
            out.setLength(0);
        }}
        System.out.flush();
    }}
}}
"#,
        seeds = seeds.join(", "),
        count = cases.len(),
    )
}

/// Compares the oracle's lines `case seed v1 v2 ...` with `gen_`'s draws
/// ([`oracles::compare_indexed_lines`]), handing each value to `check`;
/// the count compared.
fn compare(
    gen_: &'static dyn DynGen,
    cases: &[Case],
    output: &str,
    check: impl FnMut(&DrawValue),
) -> usize {
    let shape = (cases.len() * SEEDS.len(), DRAWS);
    oracles::compare_indexed_lines::<i64>(gen_, cases, output, shape, check)
}

// ---------------------------------------------------------------------------
// java.util.Random

/// The methods `java.util.Random` and `SplittableRandom` share, on the
/// bounds both are checked with: powers of two (the top-bits branch) and
/// others (the rejection loop; 2^30 + 1 rejects half of the words); for
/// JDK 17's nextInt(origin, bound), power-of-two spans (2^31 included,
/// where bound - origin wraps), rejection, and spans that do not fit an int
/// (the draw-until-inside loop). Each case runs on fresh generators, so
/// their order is free.
fn shared_cases() -> Vec<Case> {
    let mut cases = vec![
        case("next-int", &[], "Integer.toString(r.nextInt())", false),
        case("next-long", &[], "Long.toString(r.nextLong())", false),
        case("next-double", &[], "hexD(r.nextDouble())", true),
    ];
    cases.extend(next_int_cases(
        "1 2 16 1073741824 7 100 1073741825 2147483647",
    ));
    cases.extend(next_int_range_cases(&[
        ("0", "16"),
        ("-8", "8"),
        ("-100", "100"),
        ("-2147483648", "0"),
        ("-2147483648", "2147483647"),
        ("-1000000000", "1000000000"),
    ]));
    cases
}

fn java_cases() -> Vec<Case> {
    let mut cases = shared_cases();
    cases.push(case("next-float", &[], "hexF(r.nextFloat())", true));
    let java = "Boolean.toString(r.nextBoolean())";
    cases.push(case("next-boolean", &[], java, false));
    cases.push(case("next-gaussian", &[], "hexD(r.nextGaussian())", true));
    cases.extend(next_int_cases("3 10 1000000"));
    cases.extend(next_int_range_cases(&[
        ("5", "10"),
        ("0", "1073741825"),
        ("-1", "2147483647"),
        ("-2147483648", "1"),
    ]));
    for (origin, bound) in [
        ("0", "1099511627776"),
        ("-5", "5"),
        ("0", "10"),
        ("0", "4294967296"),
        ("0", "8589934592"),
        ("1", "2"),
        ("-9223372036854775808", "0"),
        ("-9223372036854775808", "9223372036854775807"),
        ("-1000000000000000000", "1000000000000000000"),
        ("0", "4611686018427387905"),
    ] {
        cases.push(case(
            "next-long",
            &[origin, bound],
            &format!("Long.toString(r.nextLong({origin}L, {bound}L))"),
            false,
        ));
    }
    for n in ["0", "1", "3", "4", "7", "33"] {
        cases.push(case(
            "next-bytes",
            &[n],
            &format!("hexB(nb(r, {n}))"),
            false,
        ));
    }
    cases
}

#[test]
fn java_random_matches_the_jvm() {
    let cases = java_cases();
    let program = oracle_program("RngkitJavaRandom", "Random", &cases).replace(
        "    public static void main",
        "    static byte[] nb(Random r, int n) { byte[] b = new byte[n]; r.nextBytes(b); return b; }\n    public static void main",
    );
    let Some(output) = run_java("RngkitJavaRandom", &program) else {
        return;
    };
    let compared = compare(of::<JavaGen>(), &cases, &output, |_| {});
    assert_eq!(compared, cases.len() * SEEDS.len() * DRAWS);
    eprintln!(
        "java: {} methods x {} seeds x {DRAWS} draws = {compared} values match",
        cases.len(),
        SEEDS.len()
    );
}

/// One generator through an interleaved script of every method (the
/// Gaussian cache survives other draws and a raw `next` does not clear it),
/// then the state words against `Random`'s private fields.
#[test]
fn java_random_interleaved_and_state_words() {
    let script = [
        ("next-gaussian", vec![]),
        ("next-int", vec!["10"]),
        ("next-gaussian", vec![]),
        ("next-gaussian", vec![]),
        ("next-long", vec!["-5", "5"]),
        ("next-double", vec![]),
        ("next-gaussian", vec![]),
        ("next-bytes", vec!["5"]),
        ("next-int", vec!["-2147483648", "1"]),
        ("next-boolean", vec![]),
        ("next-float", vec![]),
    ];
    let java_of = |name: &str, args: &[&str]| -> String {
        match (name, args) {
            ("next-gaussian", _) => "hexD(r.nextGaussian())".into(),
            ("next-int", [b]) => format!("Integer.toString(r.nextInt({b}))"),
            ("next-int", [o, b]) => format!("Integer.toString(r.nextInt({o}, {b}))"),
            ("next-long", [o, b]) => format!("Long.toString(r.nextLong({o}L, {b}L))"),
            ("next-double", _) => "hexD(r.nextDouble())".into(),
            ("next-bytes", [n]) => format!("hexB(nb(r, {n}))"),
            ("next-boolean", _) => "Boolean.toString(r.nextBoolean())".into(),
            ("next-float", _) => "hexF(r.nextFloat())".into(),
            _ => unreachable!(),
        }
    };
    let mut body = String::new();
    for (i, (name, args)) in script.iter().enumerate() {
        writeln!(
            body,
            "                case {i}: out.append(' ').append({}); break;",
            java_of(name, args)
        )
        .unwrap();
    }
    let seeds: Vec<String> = SEEDS.iter().map(|s| format!("{s}L")).collect();
    let program = format!(
        r#"import java.util.*;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicLong;
public class RngkitJavaMixed {{
{JAVA_HELPERS}
    static byte[] nb(Random r, int n) {{ byte[] b = new byte[n]; r.nextBytes(b); return b; }}
    public static void main(String[] args) throws Exception {{
        Field seedField = Random.class.getDeclaredField("seed");
        Field have = Random.class.getDeclaredField("haveNextNextGaussian");
        Field cached = Random.class.getDeclaredField("nextNextGaussian");
        seedField.setAccessible(true); have.setAccessible(true); cached.setAccessible(true);
        long[] seeds = {{ {seeds} }};
        StringBuilder out = new StringBuilder();
        for (long s : seeds) {{
            Random r = new Random(s);
            out.append(s);
            for (int i = 0; i < {steps}; i++) {{
                switch (i % {len}) {{
{body}                }}
                if (i % 97 == 0) {{
                    long seed = ((AtomicLong) seedField.get(r)).get();
                    out.append(" state:").append(String.format("%016x", seed));
                    if (have.getBoolean(r)) out.append(String.format("_%016x", Double.doubleToRawLongBits(cached.getDouble(r))));
                }}
            }}
            out.append('\n');
        }}
        System.out.print(out);
    }}
}}
"#,
        seeds = seeds.join(", "),
        steps = 3 * DRAWS,
        len = script.len(),
    );
    let Some(output) = run_java("RngkitJavaMixed", &program) else {
        return;
    };
    let java = of::<JavaGen>();
    // `seed` or `seed_gaussianbits`: the state words, as the CLI prints them.
    let draws: Vec<_> = script
        .iter()
        .map(|(name, args)| {
            let bits = matches!(*name, "next-gaussian" | "next-double" | "next-float");
            (java.parse_draw(name, args).unwrap(), bits)
        })
        .collect();
    let (compared, _) = oracles::compare_with_states::<i64>(java, &draws, &output, 3 * DRAWS);
    assert_eq!(compared, SEEDS.len() * 3 * DRAWS);
}

/// `StrictMath.log` on 200 000 arguments across every binade, near 1, near
/// the reduction's boundaries (sqrt(2)/2, the hfsq range), subnormal and
/// special, against [`fdlibm::log`] bit for bit.
#[test]
fn strict_math_log_matches_the_jvm() {
    let program = r#"import java.util.*;
public class RngkitStrictLog {
    public static void main(String[] args) {
        SplittableRandom g = new SplittableRandom(20240601L);
        List<Double> xs = new ArrayList<>();
        double[] special = { 0.0, -0.0, -1.0, 1.0, 2.0, 0.5, Double.MIN_VALUE, Double.MIN_NORMAL,
            Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NaN,
            Math.sqrt(2), Math.sqrt(0.5), Math.E, 1e-300, 1e300 };
        for (double x : special) xs.add(x);
        for (int i = 0; i < 40000; i++) xs.add(Double.longBitsToDouble(g.nextLong() & Long.MAX_VALUE));
        for (int i = 0; i < 40000; i++) xs.add(g.nextDouble());
        for (int i = 0; i < 40000; i++) xs.add(Double.longBitsToDouble(g.nextLong() & 0x000fffffffffffffL));
        for (int i = 0; i < 40000; i++) xs.add(1.0 + (g.nextDouble() - 0.5) * Math.scalb(1.0, -g.nextInt(1, 50)));
        // Mantissas around the reduction's thresholds (top 20 bits 0x6147a,
        // 0x6a09e, 0x6b851), any exponent.
        long[] tops = { 0x6147aL, 0x6a09eL, 0x6b851L };
        for (int i = 0; i < 40000; i++) {
            long top = tops[i % 3] + g.nextInt(-2, 3);
            long exp = g.nextInt(1, 2047);
            long bits = (exp << 52) | (top << 32) | (g.nextLong() & 0xffffffffL);
            xs.add(Double.longBitsToDouble(bits));
        }
        StringBuilder out = new StringBuilder();
        for (double x : xs) {
            out.append(String.format("%016x %016x\n", Double.doubleToRawLongBits(x), Double.doubleToRawLongBits(StrictMath.log(x))));
        }
        System.out.print(out);
    }
}
"#;
    let Some(output) = run_java("RngkitStrictLog", program) else {
        return;
    };
    let mut compared = 0;
    for line in output.lines() {
        let (x, y) = line.split_once(' ').unwrap();
        let x = f64::from_bits(u64::from_str_radix(x, 16).unwrap());
        let expected = f64::from_bits(u64::from_str_radix(y, 16).unwrap());
        let ours = fdlibm::log(x);
        if expected.is_nan() {
            assert!(ours.is_nan(), "log({x:e}) should be NaN, got {ours:e}");
        } else {
            assert_eq!(
                ours.to_bits(),
                expected.to_bits(),
                "log({x:e}) [{:016x}]",
                x.to_bits()
            );
        }
        compared += 1;
    }
    assert!(compared >= 200_000);
}

// ---------------------------------------------------------------------------
// java.util.SplittableRandom

fn splittable_cases() -> Vec<Case> {
    let mut cases = shared_cases();
    cases.push(case("split", &[], "sp(r)", false));
    cases
}

/// `split()` as the draw prints it: the child's `seed gamma` (private
/// fields, read by reflection).
const SPLIT_HELPER: &str = r#"
    static java.lang.reflect.Field SEED, GAMMA;
    static String sp(SplittableRandom r) {
        try {
            if (SEED == null) {
                SEED = SplittableRandom.class.getDeclaredField("seed"); SEED.setAccessible(true);
                GAMMA = SplittableRandom.class.getDeclaredField("gamma"); GAMMA.setAccessible(true);
            }
            SplittableRandom c = r.split();
            return SEED.getLong(c) + " " + GAMMA.getLong(c);
        } catch (ReflectiveOperationException e) { throw new RuntimeException(e); }
    }
    public static void main"#;

#[test]
fn splittable_random_matches_the_jvm() {
    let cases = splittable_cases();
    let program = oracle_program("RngkitSplittable", "SplittableRandom", &cases)
        .replace("    public static void main", SPLIT_HELPER);
    let Some(output) = run_java("RngkitSplittable", &program) else {
        return;
    };
    // A split prints two fields; rejoin them before comparing.
    let rejoined: String = output
        .lines()
        .map(|line| {
            let mut fields = line.split(' ');
            let index: usize = fields.next().unwrap().parse().unwrap();
            let seed = fields.next().unwrap();
            let rest: Vec<&str> = fields.collect();
            let values: Vec<String> = if cases[index].draw == "split" {
                rest.chunks(2).map(|p| p.join("\u{1}")).collect()
            } else {
                rest.iter().map(|s| s.to_string()).collect()
            };
            format!("{index} {seed} {}\n", values.join(" "))
        })
        .collect();
    let compared = compare(of::<SplittableRandomGen>(), &cases, &rejoined, |value| {
        if let DrawValue::Ints(child) = value {
            // The printed child is a valid state of the GEN.
            let words: Vec<u64> = child.iter().map(|&w| w as u64).collect();
            let restored = SplittableRandom::from_words(&words).unwrap();
            assert_eq!(restored.to_words(), words);
        }
    });
    assert_eq!(compared, cases.len() * SEEDS.len() * DRAWS);
    eprintln!(
        "splittable-random: {} methods x {} seeds x {DRAWS} draws = {compared} values match",
        cases.len(),
        SEEDS.len()
    );
}

// ---------------------------------------------------------------------------
// Without the JVM: steps, known bits, state words and argument errors.

/// Draws the value and checks that `steps` and `known_bits` are right for the
/// raw words actually consumed.
fn check_draw_consistency(gen_: &'static dyn DynGen, draw: &str, args: &[&str], seed: i64) {
    let d = gen_.parse_draw(draw, args).unwrap();
    let bits = gen_.output_bits();
    for start in 0..200u64 {
        let mut rng = gen_.seed(&Seed::from(seed), &Default::default()).unwrap();
        rng.discard(start);
        let before = rng.clone();
        let value = d.eval(&mut rng);
        // Which raw words were consumed: step a copy until the states meet.
        let mut words = Vec::new();
        let mut probe: Engine = before.clone();
        while probe.words()[0] != rng.words()[0] && words.len() < 64 {
            words.push(probe.next_word());
        }
        if let Steps::Fixed(n) = d.steps(bits) {
            assert_eq!(words.len() as u64, n, "{} steps, seed {seed}", d.text());
        }
        let observed = ObservedValue::parse(&value.format(false)).unwrap();
        let known = d
            .known_bits(&observed, bits)
            .unwrap_or_else(|| panic!("{} = {} deemed impossible", d.text(), value.format(false)));
        assert!(known.len() <= words.len());
        for (k, &w) in known.iter().zip(&words) {
            assert!(
                k.matches(w),
                "{} = {}: known {:x}/{:x} vs word {w:x}",
                d.text(),
                value.format(false),
                k.value,
                k.mask
            );
        }
    }
}

#[test]
fn java_known_bits_and_steps_are_sound() {
    let java = of::<JavaGen>();
    for seed in [0, 42, -7] {
        for (draw, args) in [
            ("next-int", vec![]),
            ("next-int", vec!["16"]),
            ("next-int", vec!["1"]),
            ("next-int", vec!["10"]),
            ("next-int", vec!["-8", "8"]),
            ("next-int", vec!["-2147483648", "0"]),
            ("next-int", vec!["5", "12"]),
            ("next-long", vec![]),
            ("next-long", vec!["0", "1099511627776"]),
            ("next-long", vec!["-9223372036854775808", "0"]),
            ("next-long", vec!["0", "65536"]),
            ("next-double", vec![]),
            ("next-float", vec![]),
            ("next-boolean", vec![]),
            ("next-bytes", vec!["7"]),
        ] {
            check_draw_consistency(java, draw, &args, seed);
        }
    }
    // next-long reveals both words whole, whatever the borrow.
    let d = java.parse_draw("next-long", &[]).unwrap();
    let known = d
        .known_bits(&ObservedValue::parse("-1").unwrap(), 32)
        .unwrap();
    assert!(known.iter().all(|k| k.mask == 0xffff_ffff));
    // A value the draw cannot give.
    let d = java.parse_draw("next-int", &["10"]).unwrap();
    assert_eq!(d.known_bits(&ObservedValue::parse("10").unwrap(), 32), None);
    // A rounded double reveals fewer bits, soundly.
    let d = java.parse_draw("next-double", &[]).unwrap();
    let mut rng = java.seed(&Seed::from(42), &Default::default()).unwrap();
    let mut probe = rng.clone();
    let x = match d.eval(&mut rng) {
        DrawValue::F64(x) => x,
        _ => unreachable!(),
    };
    let rounded = format!("{x:.4}");
    let known = d
        .known_bits(&ObservedValue::parse(&rounded).unwrap(), 32)
        .unwrap();
    let (w0, w1) = (probe.next_word(), probe.next_word());
    assert!(known[0].matches(w0) && known[1].matches(w1));
    assert!(known[0].mask.count_ones() < 26);
}

#[test]
fn splittable_known_bits_and_steps_are_sound() {
    let g = of::<SplittableRandomGen>();
    for seed in [0, 42, i64::MIN] {
        for (draw, args) in [
            ("next-int", vec![]),
            ("next-int", vec!["16"]),
            ("next-int", vec!["-8", "8"]),
            ("next-long", vec![]),
            ("next-double", vec![]),
        ] {
            check_draw_consistency(g, draw, &args, seed);
        }
    }
    // split: two steps, the child's seed is the first word.
    let d = g.parse_draw("split", &[]).unwrap();
    assert_eq!(d.steps(64), Steps::Fixed(2));
    let mut rng = g.seed(&Seed::from(42), &Default::default()).unwrap();
    let mut probe = rng.clone();
    let value = d.eval(&mut rng).format(false);
    let known = d
        .known_bits(&ObservedValue::parse(&value).unwrap(), 64)
        .unwrap();
    assert_eq!(known.len(), 1);
    assert!(known[0].matches(probe.next_word()));
}

#[test]
fn java_state_words_and_errors() {
    let java = of::<JavaGen>();
    assert_eq!(java.word_bits(), 64);
    assert_eq!(java.output_bits(), 32);
    // new Random(S) keeps (S ^ 0x5DEECE66D) mod 2^48.
    let rng = java.seed(&Seed::from(0), &Default::default()).unwrap();
    assert_eq!(rng.words(), [0x5_deec_e66d]);
    let rng = java.seed(&Seed::from(-1i64), &Default::default()).unwrap();
    assert_eq!(
        rng.words(),
        [((-1i64 as u64) ^ 0x5_deec_e66d) & ((1 << 48) - 1)]
    );
    // Seeds beyond a long are refused.
    assert!(
        java.seed(&Seed::from(1u128 << 64), &Default::default())
            .is_err()
    );
    for bad in [
        &[1u64 << 48][..],
        &[][..],
        &[1, 2, 3][..],
        &[1, f64::NAN.to_bits()][..],
        &[1, f64::INFINITY.to_bits()][..],
    ] {
        let err = java.from_words(bad).unwrap_err();
        assert!(!err.to_string().is_empty());
    }
    // A cached Gaussian is returned without a step.
    let mut r = JavaRandom::from_words(&[5, 0.25f64.to_bits()]).unwrap();
    assert_eq!(r.next_gaussian(), 0.25);
    assert_eq!(r.seed48(), 5);
    for (draw, args) in [
        ("next-int", vec!["0"]),
        ("next-int", vec!["-3"]),
        ("next-int", vec!["5", "5"]),
        ("next-int", vec!["6", "5"]),
        ("next-int", vec!["1", "2", "3"]),
        ("next-int", vec!["x"]),
        ("next-int", vec!["4294967296"]),
        ("next-long", vec!["3"]),
        ("next-long", vec!["3", "3"]),
        ("next-double", vec!["1"]),
        ("next-bytes", vec![]),
        ("next-bytes", vec!["-1"]),
        ("next-bytes", vec!["99999999"]),
        ("next-nothing", vec![]),
    ] {
        let err = java.parse_draw(draw, &args).unwrap_err();
        assert!(!err.to_string().is_empty(), "{draw} {args:?}");
    }
    let err = java.parse_draw("next-int", &["0"]).unwrap_err().to_string();
    assert!(err.contains("BOUND > 0"), "{err}");
}

#[test]
fn splittable_state_words_and_errors() {
    let g = of::<SplittableRandomGen>();
    let rng = g.seed(&Seed::from(-1i64), &Default::default()).unwrap();
    assert_eq!(rng.format_words(), "ffffffffffffffff 9e3779b97f4a7c15");
    assert!(g.from_words(&[1, 2]).is_err());
    assert!(g.from_words(&[1]).is_err());
    assert!(g.from_words(&[1, 3]).is_ok());
    for (draw, args) in [
        ("next-int", vec!["0"]),
        ("next-int", vec!["7", "7"]),
        ("split", vec!["1"]),
        ("next-long", vec!["1", "2"]),
    ] {
        assert!(g.parse_draw(draw, &args).is_err(), "{draw} {args:?}");
    }
}

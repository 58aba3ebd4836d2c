//! The `libgdx` GEN against an independent reference of libGDX's
//! `RandomXS128`.
//!
//! The libGDX jar is not installable here (no Maven repository is
//! reachable), so the oracle is a Java class written from the methods of
//! `gdx/src/com/badlogic/gdx/math/RandomXS128.java` (libGDX 1.x), extending
//! `java.util.Random` as libGDX's does, compiled with `javac` and run as a
//! process: 10 seeds x 1000 values per draw, and an interleaved stream of
//! every draw per seed.

use rngkit::registry::{DynGen, of};
use rngkit::runtimes::libgdx::LibgdxGen;

use crate::oracles;

/// The seeds: small ones, the int64 extremes, 2^31, a negative beyond
/// 32 bits and 0xdeadbeef.
const SEEDS: [&str; 10] = [
    "0",
    "1",
    "42",
    "-1",
    "123456789",
    "-9223372036854775808",
    "9223372036854775807",
    "2147483648",
    "-987654321012345",
    "3735928559",
];

/// Values per draw and seed.
const DRAWS: usize = 1000;

/// The draws checked, as `gen` takes them.
fn cases() -> Vec<Vec<&'static str>> {
    let mut cases: Vec<Vec<&str>> = vec![
        vec!["next-long"],
        vec!["next-int"],
        vec!["next-double"],
        vec!["next-float"],
        vec!["next-boolean"],
        vec!["next-bytes", "13"],
        vec!["next-bytes", "8"],
        vec!["next-bytes", "3"],
    ];
    for n in ["1", "2", "6", "100", "1024", "1000000007", "2147483647"] {
        cases.push(vec!["next-int", n]);
    }
    for n in
        "1 6 4294967296 1099511627777 4611686018427387904 6917529027641081856 9223372036854775807"
            .split(' ')
    {
        cases.push(vec!["next-long", n]);
    }
    cases
}

/// The reference class: libGDX's algorithms, written from its source.
const REFERENCE: &str = r#"
import java.util.Random;

public class Gdx {
    static class XS128 extends Random {
        long seed0, seed1;
        XS128(long seed) { setSeed(seed); }
        static long murmurHash3(long x) {
            x ^= x >>> 33;
            x *= 0xff51afd7ed558ccdL;
            x ^= x >>> 33;
            x *= 0xc4ceb9fe1a85ec53L;
            x ^= x >>> 33;
            return x;
        }
        @Override public void setSeed(long seed) {
            long s0 = murmurHash3(seed == 0 ? Long.MIN_VALUE : seed);
            seed0 = s0;
            seed1 = murmurHash3(s0);
        }
        @Override public long nextLong() {
            long s1 = seed0;
            final long s0 = seed1;
            seed0 = s0;
            s1 ^= s1 << 23;
            return (seed1 = (s1 ^ s0 ^ (s1 >>> 17) ^ (s0 >>> 26))) + s0;
        }
        @Override public int nextInt() { return (int) nextLong(); }
        @Override public int nextInt(int n) { return (int) nextLong((long) n); }
        @Override public long nextLong(long n) {
            if (n <= 0) throw new IllegalArgumentException("n must be positive");
            for (;;) {
                long bits = nextLong() >>> 1;
                long value = bits % n;
                if (bits - value + (n - 1) >= 0) return value;
            }
        }
        @Override public double nextDouble() { return (nextLong() >>> 11) * (1.0 / (1L << 53)); }
        @Override public float nextFloat() { return (float) ((nextLong() >>> 40) * (1.0 / (1L << 24))); }
        @Override public boolean nextBoolean() { return (nextLong() & 1) != 0; }
        @Override public void nextBytes(byte[] bytes) {
            int i = bytes.length;
            while (i != 0) {
                int n = i < 8 ? i : 8;
                for (long bits = nextLong(); n-- != 0; bits >>= 8) bytes[--i] = (byte) bits;
            }
        }
    }

    static String call(XS128 r, String[] c) {
        switch (c[0]) {
            case "next-long":
                return c.length == 1 ? Long.toString(r.nextLong()) : Long.toString(r.nextLong(Long.parseLong(c[1])));
            case "next-int":
                return c.length == 1 ? Integer.toString(r.nextInt()) : Integer.toString(r.nextInt(Integer.parseInt(c[1])));
            case "next-double":
                return String.format("0x%016x", Double.doubleToRawLongBits(r.nextDouble()));
            case "next-float":
                return String.format("0x%08x", Float.floatToRawIntBits(r.nextFloat()));
            case "next-boolean":
                return Boolean.toString(r.nextBoolean());
            case "next-bytes": {
                byte[] b = new byte[Integer.parseInt(c[1])];
                r.nextBytes(b);
                StringBuilder s = new StringBuilder();
                for (byte x : b) s.append(String.format("%02x", x & 0xff));
                return s.toString();
            }
        }
        throw new IllegalArgumentException(c[0]);
    }

    public static void main(String[] a) throws Exception {
        java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(System.in));
        int draws = Integer.parseInt(in.readLine().trim());
        String[] seeds = in.readLine().trim().split(" ");
        java.util.List<String[]> cases = new java.util.ArrayList<>();
        for (String line; (line = in.readLine()) != null && !line.isEmpty(); ) cases.add(line.split(" "));
        StringBuilder out = new StringBuilder();
        for (String s : seeds) {
            for (String[] c : cases) {
                XS128 r = new XS128(Long.parseLong(s));
                for (int i = 0; i < draws; i++) out.append(i == 0 ? "" : " ").append(call(r, c));
                out.append('\n');
            }
            XS128 r = new XS128(Long.parseLong(s));
            for (int i = 0; i < draws; i++) out.append(i == 0 ? "" : " ").append(call(r, cases.get(i % cases.size())));
            out.append('\n');
        }
        System.out.print(out);
    }
}
"#;

#[test]
fn libgdx_matches_reference_of_random_xs128() {
    let Some(dir) = oracles::compile_java("libgdx", "Gdx", REFERENCE) else {
        return;
    };
    let cases = cases();
    let mut input = format!("{DRAWS}\n{}\n", SEEDS.join(" "));
    for c in &cases {
        input.push_str(&c.join(" "));
        input.push('\n');
    }
    let dir_text = dir.to_string_lossy().into_owned();
    let output = oracles::run_runtime(
        "java",
        &["-cp", &dir_text, "Gdx"],
        "openjdk-17-jdk-headless",
        &input,
    );
    let _ = std::fs::remove_dir_all(&dir);
    let Some(output) = output else {
        return;
    };
    let g: &dyn DynGen = of::<LibgdxGen>();
    let mut lines = output.lines();
    let mut compared = 0;
    for s in SEEDS {
        let seed = s.parse().expect("seed");
        let draws: Vec<_> = cases
            .iter()
            .map(|c| g.parse_draw(c[0], &c[1..]).expect("parse"))
            .collect();
        for (c, draw) in cases.iter().zip(&draws) {
            let mut rng = g.seed(&seed, &Default::default()).expect("seed");
            let ours: Vec<String> = (0..DRAWS)
                .map(|_| oracles::float_bits_format(&draw.eval(&mut rng)))
                .collect();
            oracles::compare_tokens(
                "the reference",
                &format!("seed {s} {}", c.join(" ")),
                &ours.join(" "),
                lines.next().expect("a line per seed and case"),
            );
            compared += DRAWS;
        }
        let mut rng = g.seed(&seed, &Default::default()).expect("seed");
        let ours: Vec<String> = (0..DRAWS)
            .map(|i| oracles::float_bits_format(&draws[i % draws.len()].eval(&mut rng)))
            .collect();
        oracles::compare_tokens(
            "the reference",
            &format!("seed {s} interleaved"),
            &ours.join(" "),
            lines.next().expect("the interleaved line"),
        );
    }
    assert_eq!(compared, SEEDS.len() * cases.len() * DRAWS);
}

/// What libGDX throws is a bad draw here.
#[test]
fn libgdx_rejects_what_libgdx_throws() {
    let g: &dyn DynGen = of::<LibgdxGen>();
    for (name, args) in [
        ("next-int", &["0"][..]),
        ("next-int", &["-5"]),
        ("next-long", &["0"]),
        ("next-int-n", &["-1"]),
        ("next-int", &["1", "2"]),
        ("next-boolean", &["1"]),
        ("next-int", &["2147483648"]),
    ] {
        assert!(g.parse_draw(name, args).is_err(), "{name} {args:?}");
    }
}

//! `dotnet-legacy` against a real .NET runtime: Mono, whose `System.Random`
//! is Microsoft's .NET Framework reference source (the algorithm that
//! .NET 6+ keeps as `Net5CompatSeedImpl` for seeded instances).
//!
//! Each test writes a C# program into a temporary directory, compiles it
//! with `mcs`, runs it with `mono` and compares its output with the GEN's
//! draws through the registry. Doubles are compared by their bits
//! (`BitConverter.DoubleToInt64Bits`).
//!
//! Needs `mcs` and `mono` on `PATH`; Debian: `mono-mcs mono-runtime`.
//! Without them the tests fail, unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Command;

use rngkit::StateWords;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Seed, Steps, of};
use rngkit::runtimes::dotnet::{DotnetLegacyGen, DotnetRandom};

use crate::oracles;
// A case: the rngkit draw, the runtime's expression on `r` giving the
// same text, and whether floats compare as `--hex` bits.
use crate::oracles::{IndexedCase as Case, indexed_case as case};

/// Draws per (method, seed).
const DRAWS: usize = 1000;

/// 22 seeds: zero, signs, both extremes of `int` (`int.MinValue` is seeded
/// as `int.MaxValue`), `MSEED` = 161803398 and its neighbours (where
/// `MSEED - |seed|` changes sign), powers of two.
const SEEDS: [i32; 22] = [
    0,
    1,
    -1,
    42,
    -42,
    7,
    100,
    12345,
    65536,
    i32::MIN,
    i32::MAX,
    i32::MIN + 1,
    i32::MAX - 1,
    161_803_398,
    -161_803_398,
    161_803_399,
    161_803_397,
    1 << 30,
    -(1 << 30),
    987_654_321,
    -987_654_321,
    314_159_265,
];

/// Compiles and runs a C# program, returning stdout; `None` (after a note)
/// when Mono is absent and `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
pub(crate) fn run_mono(name: &str, source: &str) -> Option<String> {
    if !oracles::tools_work(
        &[Path::new("mcs"), Path::new("mono")],
        "--version",
        "Mono (mcs/mono)",
        "Mono",
        "`mcs` and `mono` on PATH",
        "the Debian packages mono-mcs and mono-runtime",
    ) {
        return None;
    }
    let exe = format!("{name}.exe");
    Some(oracles::compile_and_run(
        "runtime-dotnet",
        &format!("{name}.cs"),
        source,
        |dir, file| {
            let mut mcs = Command::new("mcs");
            mcs.arg(format!("-out:{}", dir.join(&exe).display()))
                .arg(file);
            mcs
        },
        |dir| {
            let mut mono = Command::new("mono");
            mono.arg(dir.join(&exe));
            mono
        },
    ))
}

/// The C# helpers every oracle program has.
const CS_HELPERS: &str = r#"
    static string HexD(double d) { return "0x" + BitConverter.DoubleToInt64Bits(d).ToString("x16"); }
    static byte[] Nb(Random r, int n) { var b = new byte[n]; r.NextBytes(b); return b; }
    static string HexB(byte[] b) { return BitConverter.ToString(b).Replace("-", "").ToLowerInvariant(); }
"#;

fn cases() -> Vec<Case> {
    let mut cases = vec![
        case("next", &[], "r.Next().ToString()", false),
        case("next-double", &[], "HexD(r.NextDouble())", true),
    ];
    for max in "0 1 2 10 100 1000 1073741824 2147483647".split(' ') {
        cases.push(case(
            "next",
            &[max],
            &format!("r.Next({max}).ToString()"),
            false,
        ));
    }
    // Small ranges (one sample; MIN == MAX still takes one), the boundary
    // range int.MaxValue (still small) and large ranges (two samples).
    for (min, max) in [
        ("0", "0"),
        ("5", "5"),
        ("-10", "10"),
        ("0", "100"),
        ("-1", "0"),
        ("0", "2147483647"),
        ("-2147483648", "-1"),
        ("-2147483648", "0"),
        ("-1", "2147483647"),
        ("-2147483648", "2147483647"),
        ("-2000000000", "2000000000"),
    ] {
        cases.push(case(
            "next",
            &[min, max],
            &format!("r.Next({min}, {max}).ToString()"),
            false,
        ));
    }
    for n in ["0", "1", "5", "16"] {
        cases.push(case(
            "next-bytes",
            &[n],
            &format!("HexB(Nb(r, {n}))"),
            false,
        ));
    }
    cases
}

#[test]
fn dotnet_legacy_matches_mono() {
    let cases = cases();
    let mut switch = String::new();
    for (i, c) in cases.iter().enumerate() {
        writeln!(switch, "            case {i}: return {};", c.expr).unwrap();
    }
    let seeds: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let program = format!(
        r#"using System;
using System.Text;
public class RngkitDotnet {{
{CS_HELPERS}
    static string Draw(int c, Random r) {{
        switch (c) {{
{switch}            default: throw new InvalidOperationException();
        }}
    }}
    public static void Main() {{
        System.Threading.Thread.CurrentThread.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;
        int[] seeds = {{ {seeds} }};
        var out_ = new StringBuilder();
        for (int c = 0; c < {count}; c++) {{
            foreach (int s in seeds) {{
                var r = new Random(s);
                out_.Append(c).Append(' ').Append(s);
                for (int i = 0; i < {DRAWS}; i++) out_.Append(' ').Append(Draw(c, r));
                out_.Append('\n');
            }}
        }}
        Console.Out.Write(out_.ToString());
    }}
}}
"#,
        seeds = seeds.join(", "),
        count = cases.len(),
    );
    let Some(output) = run_mono("RngkitDotnet", &program) else {
        return;
    };
    let shape = (cases.len() * SEEDS.len(), DRAWS);
    let g = of::<DotnetLegacyGen>();
    let compared = oracles::compare_indexed_lines::<i32>(g, &cases, &output, shape, |_| {});
    eprintln!(
        "dotnet-legacy: {} methods x {} seeds x {DRAWS} draws = {compared} values match",
        cases.len(),
        SEEDS.len()
    );
}

/// An interleaved script on one generator, with the state words checked
/// against `SeedArray`, `inext` and `inextp` (read by reflection) as it goes.
#[test]
fn dotnet_legacy_interleaved_and_state_words() {
    let script: [(&str, &[&str], &str, bool); 7] = [
        ("next", &[], "r.Next().ToString()", false),
        ("next", &["7"], "r.Next(7).ToString()", false),
        (
            "next",
            &["-2147483648", "2147483647"],
            "r.Next(-2147483648, 2147483647).ToString()",
            false,
        ),
        ("next-double", &[], "HexD(r.NextDouble())", true),
        ("next-bytes", &["3"], "HexB(Nb(r, 3))", false),
        ("next", &["-5", "5"], "r.Next(-5, 5).ToString()", false),
        ("next", &["0"], "r.Next(0).ToString()", false),
    ];
    let mut body = String::new();
    for (i, (_, _, cs, _)) in script.iter().enumerate() {
        writeln!(
            body,
            "                    case {i}: o.Append(' ').Append({cs}); break;"
        )
        .unwrap();
    }
    let seeds: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let program = format!(
        r#"using System;
using System.Reflection;
using System.Text;
public class RngkitDotnetMixed {{
{CS_HELPERS}
    public static void Main() {{
        System.Threading.Thread.CurrentThread.CurrentCulture = System.Globalization.CultureInfo.InvariantCulture;
        var flags = BindingFlags.NonPublic | BindingFlags.Instance;
        // .NET Framework's reference source names the fields SeedArray,
        // inext, inextp; the .NET Core source that Mono 6 ships, _seedArray,
        // _inext, _inextp.
        var table = typeof(Random).GetField("_seedArray", flags) ?? typeof(Random).GetField("SeedArray", flags);
        var inext = typeof(Random).GetField("_inext", flags) ?? typeof(Random).GetField("inext", flags);
        var inextp = typeof(Random).GetField("_inextp", flags) ?? typeof(Random).GetField("inextp", flags);
        int[] seeds = {{ {seeds} }};
        var o = new StringBuilder();
        foreach (int s in seeds) {{
            var r = new Random(s);
            o.Append(s);
            for (int i = 0; i < {steps}; i++) {{
                if (i % 97 == 0) {{
                    o.Append(" state:");
                    foreach (int w in (int[])table.GetValue(r)) o.Append(((uint)w).ToString("x8")).Append('_');
                    o.Append(((int)inext.GetValue(r)).ToString("x8")).Append('_');
                    o.Append(((int)inextp.GetValue(r)).ToString("x8"));
                }}
                switch (i % {len}) {{
{body}                }}
            }}
            o.Append('\n');
        }}
        Console.Out.Write(o.ToString());
    }}
}}
"#,
        seeds = seeds.join(", "),
        steps = 3 * DRAWS,
        len = script.len(),
    );
    let Some(output) = run_mono("RngkitDotnetMixed", &program) else {
        return;
    };
    let g = of::<DotnetLegacyGen>();
    let draws: Vec<_> = script
        .iter()
        .map(|(name, args, _, bits)| (g.parse_draw(name, args).unwrap(), *bits))
        .collect();
    let (_, states) = oracles::compare_with_states::<i32>(g, &draws, &output, 3 * DRAWS);
    assert!(states > SEEDS.len() * 30);
}

// ---------------------------------------------------------------------------
// Without Mono: steps, known bits, state words, argument errors.

#[test]
fn dotnet_known_bits_and_steps_are_sound() {
    let g: &'static dyn DynGen = of::<DotnetLegacyGen>();
    for seed in [0, 42, i32::MIN] {
        for (draw, args) in [
            ("next", vec![]),
            ("next", vec!["0"]),
            ("next", vec!["1"]),
            ("next", vec!["10"]),
            ("next", vec!["2147483647"]),
            ("next", vec!["5", "5"]),
            ("next", vec!["-10", "10"]),
            ("next", vec!["-2147483648", "2147483647"]),
            ("next", vec!["-2147483648", "0"]),
            ("next", vec!["-2000000000", "2000000000"]),
            ("next-double", vec![]),
            ("next-bytes", vec!["9"]),
        ] {
            let d = g.parse_draw(draw, &args).unwrap();
            for start in 0..300u64 {
                let mut rng = g.seed(&Seed::from(seed), &Default::default()).unwrap();
                rng.discard(start);
                let mut probe = rng.clone();
                let value = d.eval(&mut rng);
                let Steps::Fixed(n) = d.steps(32) else {
                    panic!("dotnet draws have fixed steps")
                };
                let words: Vec<u64> = (0..n).map(|_| probe.next_word()).collect();
                assert_eq!(probe, rng, "{} steps", d.text());
                let text = value.format(false);
                let observed =
                    ObservedValue::parse(if text.is_empty() { "0" } else { &text }).unwrap();
                let known = d
                    .known_bits(&observed, 32)
                    .unwrap_or_else(|| panic!("{} = {text} deemed impossible", d.text()));
                for (k, &w) in known.iter().zip(&words) {
                    assert!(k.matches(w), "{} = {text}: {k:?} vs {w:x}", d.text());
                }
            }
        }
    }
    // Next() reveals the whole sample; a value out of range is impossible.
    let d = g.parse_draw("next", &["10"]).unwrap();
    assert_eq!(d.known_bits(&ObservedValue::parse("10").unwrap(), 32), None);
    let d = g.parse_draw("next", &[]).unwrap();
    assert_eq!(
        d.known_bits(&ObservedValue::parse("2147483647").unwrap(), 32),
        None
    );
}

#[test]
fn dotnet_state_words_and_errors() {
    let g = of::<DotnetLegacyGen>();
    assert_eq!(g.word_count(), 58);
    assert_eq!(g.word_bits(), 32);
    let rng = g.seed(&Seed::from(0), &Default::default()).unwrap();
    let words = rng.words();
    assert_eq!(words[0], 0, "SeedArray[0] is never written");
    assert_eq!(&words[56..], [0, 21]);
    // Seeds: -2^31..2^32 (the upper half as the int's two's complement).
    let a = g.seed(&Seed::from(-1), &Default::default()).unwrap();
    let b = g.seed(&Seed::from(u32::MAX), &Default::default()).unwrap();
    assert_eq!(a, b);
    assert!(
        g.seed(&Seed::from(1u64 << 32), &Default::default())
            .is_err()
    );
    let mut bad = words.clone();
    bad[56] = 56;
    assert!(g.from_words(&bad).is_err());
    bad[56] = 0;
    bad[57] = 99;
    assert!(g.from_words(&bad).is_err());
    bad[57] = 21;
    bad[3] = 1 << 32;
    assert!(g.from_words(&bad).is_err());
    assert!(g.from_words(&words[..57]).is_err());
    // Index 55 wraps to 1.
    let mut w = words.clone();
    w[56] = 55;
    w[57] = 55;
    let mut r = DotnetRandom::from_words(&w).unwrap();
    r.next();
    assert_eq!(r.indices(), (1, 1));
    for (draw, args) in [
        ("next", vec!["-1"]),
        ("next", vec!["5", "4"]),
        ("next", vec!["1", "2", "3"]),
        ("next", vec!["2147483648"]),
        ("next-double", vec!["1"]),
        ("next-bytes", vec!["x"]),
        ("nextdouble", vec![]),
    ] {
        let err = g.parse_draw(draw, &args).unwrap_err();
        assert!(!err.to_string().is_empty(), "{draw} {args:?}");
    }
}

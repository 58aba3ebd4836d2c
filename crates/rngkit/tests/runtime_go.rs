//! The `go` GEN against Go's `math/rand` itself.
//!
//! Oracle: `go run` on a program written to a temporary folder (Debian
//! package `golang-go`, Go 1.19 on Debian 12; `scripts/install-runtimes`
//! installs it). For each seed and each draw the program makes
//! `rand.New(rand.NewSource(seed))` and prints 1000 values of the method:
//! integers in decimal, floats as their IEEE-754 bits (`math.Float64bits`,
//! `math.Float32bits`), permutations as comma-joined indices. Our side
//! evaluates the same draws through the registry.
//!
//! Without `go` the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::registry::{DynGen, Seed, of};
use rngkit::runtimes::go::GoGen;

use crate::oracles;
// Our value as the Go programs print it.
use crate::oracles::go_token as token;

const DRAWS: usize = 1000;

/// Seeds: zero and its stand-in 89482311, seeds equal to 0 mod 2^31 - 1,
/// negatives (Go's truncating `%`) and the int64 extremes.
const SEEDS: [&str; 10] = [
    "0",
    "1",
    "42",
    "-1",
    "2147483647",
    "-2147483648",
    "89482311",
    "123456789012345",
    "9223372036854775807",
    "-9223372036854775808",
];

/// A draw: its name and arguments for `gen`, and the Go expression that
/// gives the same value as a string token (`r` is the `*rand.Rand`).
struct Case {
    draw: &'static str,
    args: Vec<&'static str>,
    go: String,
}

fn case(draw: &'static str, args: &[&'static str], go: &str) -> Case {
    Case {
        draw,
        args: args.to_vec(),
        go: go.to_string(),
    }
}

fn cases() -> Vec<Case> {
    let mut cases = vec![
        case("int63", &[], "itoa(r.Int63())"),
        case("uint32", &[], "utoa(uint64(r.Uint32()))"),
        case("uint64", &[], "utoa(r.Uint64())"),
        case("int31", &[], "itoa(int64(r.Int31()))"),
        case("float64", &[], "utoa(math.Float64bits(r.Float64()))"),
        case(
            "float32",
            &[],
            "utoa(uint64(math.Float32bits(r.Float32())))",
        ),
    ];
    // Powers of two (a mask), small bounds, and bounds where about half
    // the words are rejected (1<<30 + 1, 3<<61, 1<<62 + 1).
    for (draw, bounds, go) in [
        (
            "int31n",
            "1 2 6 10 1024 1000000007 1073741825 2147483647",
            "itoa(int64(r.Int31n({n})))",
        ),
        (
            "int63n",
            "1 6 1000 1099511627776 6917529027641081856 4611686018427387905 9223372036854775807",
            "itoa(r.Int63n({n}))",
        ),
        (
            "intn",
            "1 6 100 1073741825 2147483647 2147483648 4611686018427387905 9223372036854775807",
            "itoa(int64(r.Intn({n})))",
        ),
    ] {
        for n in bounds.split(' ') {
            cases.push(case(draw, &[n], &go.replace("{n}", n)));
        }
    }
    for (draw, n, go) in oracles::go_perm_cases() {
        cases.push(case(draw, &[n], &go));
    }
    cases
}

/// The Go program's imports and helpers: the tokens every case prints.
fn prelude() -> String {
    let imports = ["bufio", "math", "math/rand", "os", "strconv", "strings"];
    oracles::go_header(&imports) + &oracles::go_token_funcs("*rand.Rand")
}

/// The program: one line of `DRAWS` tokens per seed and case.
fn program(cases: &[Case]) -> String {
    let mut p = prelude();
    let exprs = cases.iter().map(|c| c.go.as_str());
    p.push_str(&oracles::go_main_start(
        "int64",
        &SEEDS,
        "*rand.Rand",
        exprs,
    ));
    p.push_str(&format!(
        "\t}}\n\tfor _, s := range seeds {{\n\t\tfor _, f := range cases {{\n\t\t\tr := rand.New(rand.NewSource(s))\n\t\t\tt := make([]string, {DRAWS})\n\t\t\tfor i := range t {{\n\t\t\t\tt[i] = f(r)\n\t\t\t}}\n\t\t\tw.WriteString(strings.Join(t, \" \"))\n\t\t\tw.WriteString(\"\\n\")\n\t\t}}\n\t}}\n}}\n"
    ));
    p
}

#[test]
fn go_matches_go_math_rand() {
    let cases = cases();
    let Some(output) = oracles::run_go(&program(&cases)) else {
        return;
    };
    let g: &dyn DynGen = of::<GoGen>();
    let mut lines = output.lines();
    let mut compared = 0;
    for s in SEEDS {
        let seed: Seed = s.parse().expect("seed");
        for c in &cases {
            let draw = g.parse_draw(c.draw, &c.args).expect("parse");
            let mut rng = g.seed(&seed, &Default::default()).expect("seed");
            let ours: Vec<String> = (0..DRAWS).map(|_| token(&draw.eval(&mut rng))).collect();
            let theirs = lines.next().expect("a line per seed and case");
            oracles::compare_tokens(
                "Go",
                &format!("seed {s} {} {:?}", c.draw, c.args),
                &ours.join(" "),
                theirs,
            );
            compared += DRAWS;
        }
    }
    assert!(lines.next().is_none(), "Go printed more lines than cases");
    assert_eq!(compared, SEEDS.len() * cases.len() * DRAWS);
}

#[test]
fn go_interleaved_methods_share_one_stream() {
    // Every method in turn on one Rand: the steps each consumes (rejection
    // included) must match, or the values drift apart.
    let steps: &[oracles::Step] = &[
        ("int63", &[], "itoa(r.Int63())"),
        ("intn", &["6"], "itoa(int64(r.Intn(6)))"),
        ("float64", &[], "utoa(math.Float64bits(r.Float64()))"),
        ("uint64", &[], "utoa(r.Uint64())"),
        ("shuffle", &["7"], "shuffled(r, 7)"),
        (
            "int31n",
            &["1073741825"],
            "itoa(int64(r.Int31n(1073741825)))",
        ),
        ("perm", &["4"], "ints(r.Perm(4))"),
        (
            "float32",
            &[],
            "utoa(uint64(math.Float32bits(r.Float32())))",
        ),
        ("uint32", &[], "utoa(uint64(r.Uint32()))"),
        (
            "int63n",
            &["6917529027641081856"],
            "itoa(r.Int63n(6917529027641081856))",
        ),
        ("int31", &[], "itoa(int64(r.Int31()))"),
    ];
    let p = format!(
        "{}func main() {{\n\tw := bufio.NewWriter(os.Stdout)\n\tdefer w.Flush()\n\tseeds := []int64{{{}}}\n\tsteps := []func(r *rand.Rand) string{{\n{}\t}}\n\tfor _, s := range seeds {{\n\t\tr := rand.New(rand.NewSource(s))\n\t\tt := make([]string, {DRAWS})\n\t\tfor i := range t {{\n\t\t\tt[i] = steps[i%len(steps)](r)\n\t\t}}\n\t\tw.WriteString(strings.Join(t, \" \"))\n\t\tw.WriteString(\"\\n\")\n\t}}\n}}\n",
        prelude(),
        SEEDS.join(", "),
        oracles::step_lines(steps, |go| format!(
            "\t\tfunc(r *rand.Rand) string {{ return {go} }},\n"
        ))
        .concat(),
    );
    let Some(output) = oracles::run_go(&p) else {
        return;
    };
    oracles::compare_steps("Go", of::<GoGen>(), steps, &SEEDS, DRAWS, &output, token);
}

#[test]
fn draws_reject_bad_arguments_like_go_panics() {
    let g = of::<GoGen>();
    let bad: [(&str, &[&str]); 6] = [
        ("int31n", &["2147483648"]),
        ("int31n", &["0"]),
        ("int63n", &["0"]),
        ("int63n", &["9223372036854775808"]),
        ("int63", &["1"]),
        ("intn", &["1.5"]),
    ];
    oracles::refuses_in_one_line(g, &oracles::GO_BAD_ARGUMENTS);
    oracles::refuses_in_one_line(g, &bad);
    assert!(g.parse_draw("intn", &["9223372036854775807"]).is_ok());
}

#[test]
fn state_words_round_trip_and_step_back() {
    let g = of::<GoGen>();
    let mut rng = g.seed(&Seed::from(2024), &Default::default()).unwrap();
    for _ in 0..1000 {
        rng.next_word();
    }
    let words = rng.words();
    assert_eq!(words.len(), 609);
    assert_eq!(words[1], (words[0] + 334) % 607, "feed = tap + 334 mod 607");
    let back = g.from_words(&words).unwrap();
    assert_eq!(back, rng);
    let mut bad = words.clone();
    bad[1] = (bad[1] + 1) % 607;
    assert!(g.from_words(&bad).is_err());
    bad[0] = 607;
    assert!(g.from_words(&bad).is_err());

    let mut go = rngkit::runtimes::go::GoRand::new(-77);
    let start = go.clone();
    for _ in 0..2000 {
        go.uint64();
    }
    for _ in 0..2000 {
        go.step_back();
    }
    assert_eq!(go, start);
}

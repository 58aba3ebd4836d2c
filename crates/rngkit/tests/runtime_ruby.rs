//! The `ruby` GEN against Ruby itself.
//!
//! Oracle: `ruby` run as a process (Debian package `ruby`; CI installs it).
//! The test writes a Ruby program that builds `Random.new(seed)` for each
//! seed and prints every draw: floats as their IEEE-754 bits, integers in
//! decimal, byte strings as hex. Our side evaluates the same draws through
//! the registry, formatted as the CLI prints them; the texts must be equal.
//!
//! Without `ruby` the tests fail with the package to install, unless
//! `RNGKIT_SKIP_MISSING_RUNTIMES=1`.

use rngkit::draw::DrawValue;
use rngkit::generators::Mt19937;
use rngkit::observe::ObservedValue;
use rngkit::registry::{DynGen, Seed, Steps, of};
use rngkit::runtimes::ruby::{self, RubyGen};

use crate::oracles::{self, f64_bits_format};

const DRAWS: usize = 1000;

/// Seeds as text both sides read: Rust's `BigInt` and Ruby's `Integer(s)`.
fn seeds() -> Vec<String> {
    let mut seeds = oracles::big_int_seeds();
    seeds.extend(
        [
            "1234",
            "8589934592",
            "4611686018427387904",
            // Three words with the top one 1: only that word is dropped.
            "0x1000000010000002a",
        ]
        .map(String::from),
    );
    // 2^(32*624 + 1): a key of 625 words, all zero but the top one.
    seeds.push(format!("0x2{}", "0".repeat(8 * 624)));
    seeds
}

/// The seeds as the items of a Ruby array, a line each.
fn seed_items(seeds: &[String]) -> String {
    seeds
        .iter()
        .map(|s| format!("  Integer('{s}'),\n"))
        .collect()
}

struct Case {
    name: &'static str,
    args: Vec<String>,
    ruby: String,
}

fn case(name: &'static str, args: &[&str], ruby: &str) -> Case {
    Case {
        name,
        args: args.iter().map(|s| s.to_string()).collect(),
        ruby: ruby.to_string(),
    }
}

fn cases() -> Vec<Case> {
    let mut cases = vec![case("rand", &[], "fh(r.rand)")];
    for n in "1 2 3 6 10 256 1000000007 2147483648 4294967295 4294967296 4294967297 8589934592 12884901888 4611686018427387904 4611686018427387905 9223372036854775807 18446744073709551615".split(' ') {
        cases.push(case("rand-int", &[n], &format!("r.rand({n}).to_s")));
    }
    for x in ["0", "1", "2.5", "1e-300", "1e300", "3", "0.1"] {
        cases.push(case(
            "rand-float",
            &[x],
            &format!("fh(r.rand(Float({x:?})))"),
        ));
    }
    for (a, b) in [
        ("0", "0"),
        ("1", "6"),
        ("-5", "5"),
        ("0", "255"),
        ("-9223372036854775808", "9223372036854775807"),
        ("0", "4294967295"),
        ("0", "4294967296"),
        ("10", "4611686018427387914"),
        ("-4611686018427387904", "4611686018427387904"),
        ("7", "1000"),
    ] {
        cases.push(case(
            "rand-range",
            &[a, b],
            &format!("r.rand({a}..{b}).to_s"),
        ));
    }
    for n in ["0", "1", "3", "4", "5", "8", "17"] {
        cases.push(case("bytes", &[n], &format!("r.bytes({n}).unpack1('H*')")));
    }
    cases
}

const PRELUDE: &str = r#"
def fh(x)
  "0x%016x" % [x].pack('G').unpack1('Q>')
end
"#;

fn ruby_gen() -> &'static dyn DynGen {
    of::<RubyGen>()
}

#[test]
fn every_draw_matches_ruby() {
    let (seeds, cases) = (seeds(), cases());
    let case_items: String = cases
        .iter()
        .map(|c| format!("  ->(r) {{ {} }},\n", c.ruby))
        .collect();
    let program = format!(
        "{PRELUDE}seeds = [\n{}]\ncases = [\n{case_items}]\nout = []\nseeds.each do |s|\n  cases.each do |f|\n    r = Random.new(s)\n    out << Array.new({DRAWS}) {{ f.(r) }}.join(' ')\n  end\nend\n$stdout.write(out.join(\"\\n\") + \"\\n\")\n",
        seed_items(&seeds),
    );
    let list: Vec<_> = cases.iter().map(|c| (c.name, &c.args[..], DRAWS)).collect();
    oracles::RUBY.cases(ruby_gen(), &seeds, &list, &program, f64_bits_format);
}

#[test]
fn seeding_gives_rubys_state() {
    // Random#state (the block as one integer, word 0 lowest) and
    // Random#left (ours + 1), after seeding and after 700 words: our words
    // as they are.
    let seeds = seeds();
    let program = format!(
        "[\n{}].each do |s|\n  r = Random.new(s)\n  2.times do\n    st = r.send(:state)\n    puts ([r.send(:left) - 1] + Array.new(624) {{ |i| (st >> (32 * i)) & 0xffffffff }}).join(' ')\n    700.times {{ r.rand(4294967296) }}\n  end\nend\n",
        seed_items(&seeds),
    );
    let seed = |s: &str| ruby::seed(&s.parse().unwrap());
    oracles::RUBY.states_after_700(&seeds, &program, seed, |theirs| theirs);
}

#[test]
fn interleaved_draws_match_ruby() {
    let steps: [oracles::Step; 6] = [
        ("rand", &[], "fh(r.rand)"),
        ("rand-int", &["10"], "r.rand(10).to_s"),
        ("bytes", &["7"], "r.bytes(7).unpack1('H*')"),
        ("rand-range", &["-3", "3"], "r.rand(-3..3).to_s"),
        ("rand-float", &["2.5"], "fh(r.rand(2.5))"),
        ("rand-int", &["1"], "r.rand(1).to_s"),
    ];
    let program = format!(
        "{PRELUDE}steps = [\n{}]\n{}.each do |s|\n  r = Random.new(s)\n  puts Array.new(3000) {{ |i| steps[i % steps.size].(r) }}.join(' ')\nend\n",
        oracles::step_lines(&steps, |rb| format!("  ->(r) {{ {rb} }},\n")).concat(),
        oracles::SCRIPT_SEEDS,
    );
    oracles::RUBY.interleaved(ruby_gen(), &steps, &program, f64_bits_format);
}

#[test]
fn known_bits_are_sound_and_steps_are_right() {
    let gen_ruby = ruby_gen();
    let draws: [(&str, &[&str]); 17] = [
        ("rand", &[]),
        ("rand-float", &["0"]),
        ("rand-float", &["2.5"]),
        ("rand-float", &["0.001"]),
        ("rand-int", &["1"]),
        ("rand-int", &["16"]),
        ("rand-int", &["4294967296"]),
        ("rand-int", &["8589934592"]),
        ("rand-int", &["18446744073709551615"]),
        ("rand-int", &["10"]),
        ("rand-range", &["5", "5"]),
        ("rand-range", &["-8", "7"]),
        (
            "rand-range",
            &["-9223372036854775808", "9223372036854775807"],
        ),
        ("rand-range", &["1", "6"]),
        ("bytes", &["0"]),
        ("bytes", &["6"]),
        ("bytes", &["8"]),
    ];
    // The printed text, and for floats the exact bits too; bytes as hex
    // (`0x` added where the bare digits do not parse).
    oracles::known_bits_are_sound(gen_ruby, &Seed::from(2024), &draws, |value| {
        let texts = match value {
            DrawValue::Bytes(b) if b.is_empty() => vec![],
            DrawValue::F64(_) => vec![value.format(false), value.format(true)],
            _ => vec![value.format(false)],
        };
        texts
            .into_iter()
            .map(|t| match ObservedValue::parse(&t) {
                Ok(_) => t,
                Err(_) => format!("0x{t}"),
            })
            .collect()
    });
    // A power-of-two bound reveals the low bits; others reveal nothing.
    let d = gen_ruby.parse_draw("rand-int", &["16"]).unwrap();
    let k = d
        .known_bits(&ObservedValue::parse("9").unwrap(), 32)
        .unwrap();
    assert_eq!((k[0].mask, k[0].value), (15, 9));
    assert!(
        d.known_bits(&ObservedValue::parse("16").unwrap(), 32)
            .is_none()
    );
    assert_eq!(
        gen_ruby.parse_draw("rand-int", &["10"]).unwrap().steps(32),
        Steps::Variable
    );
}

#[test]
fn bad_arguments_are_refused_like_ruby() {
    let gen_ruby = ruby_gen();
    for (name, args, needle) in [
        ("rand-int", &["0"][..], "N >= 1"),
        ("rand-int", &["-5"], "not"),
        ("rand-float", &["-1"], "X >= 0"),
        ("rand-float", &["inf"], "finite"),
        ("rand-range", &["5", "3"], "A <= B"),
        ("bytes", &["-1"], "not"),
        ("bytes", &["2000000"], "up to"),
        ("rand", &["1"], "argument"),
    ] {
        let err = gen_ruby.parse_draw(name, args).unwrap_err().to_string();
        assert!(err.contains(needle), "{name} {args:?}: {err}");
    }
}

#[test]
fn ruby_shares_mt19937_states() {
    let gen_ruby = ruby_gen();
    assert_eq!(gen_ruby.rng_type(), of::<Mt19937>().rng_type());
    // Small seeds are init_genrand: the mt19937 GEN's own seeding.
    let a = gen_ruby
        .seed(&Seed::from(5489), &Default::default())
        .unwrap();
    let b = of::<Mt19937>()
        .seed(&Seed::from(5489), &Default::default())
        .unwrap();
    assert_eq!(a.words(), b.words());
}

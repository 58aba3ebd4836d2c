//! Tokens through the binary, with tokens that real runtimes print (each
//! runtime run as a process; without it the test fails naming the package,
//! unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`). Unseeded programs take their
//! state from the OS, so every run checks a state nobody chose:
//!
//! * `gen` prints CPython's `random.choices` tokens;
//! * 150 CPython `choices` tokens of 32 characters, one character seen as
//!   `?`, recover the state and predict the next 2;
//! * 2 tokens of a fresh Node.js process predict its third (`--fresh`);
//! * 2 `nextInt(62)` tokens of a `new Random()` predict the third;
//! * a PHP token of a seeded `mt_rand` gives its seed by `seed-search`;
//! * a character outside the alphabet, a token of another length, an
//!   unknown idiom exit 2 with one line naming what is wrong; too few
//!   characters exit 3.

use std::process::Command;

use crate::common::{rngkit_exits, rngkit_in, stdout_lines as lines};

const ALNUM_UPPER_FIRST: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

fn ok_lines(out: &std::process::Output) -> Vec<String> {
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    lines(out)
}

fn python(program: &str) -> Option<Vec<String>> {
    let out = crate::oracles::run_script("python3", "py", "python3", program)?;
    Some(out.lines().map(str::to_owned).collect())
}

#[test]
fn gen_prints_cpython_choices_tokens() {
    let Some(theirs) = python(
        "import random, string\nrandom.seed(2026)\nfor _ in range(4): print(''.join(random.choices(string.ascii_letters + string.digits, k=20)))",
    ) else {
        return;
    };
    let out = rngkit_in(
        &[
            "gen",
            "python",
            "--seed",
            "2026",
            "-n",
            "4",
            "token",
            "choices",
            "a-zA-Z0-9",
            "20",
        ],
        "",
    );
    assert_eq!(ok_lines(&out), theirs);
}

#[test]
fn cpython_choices_tokens_recover_with_an_unseen_character() {
    let Some(tokens) = python(
        "import random, string\nr = random.Random()\nfor _ in range(152): print(''.join(r.choices(string.ascii_letters + string.digits, k=32)))",
    ) else {
        return;
    };
    let mut text = String::from("# tokens of a CPython process, one character lost\n");
    for (i, token) in tokens[..150].iter().enumerate() {
        let token = if i == 70 {
            format!("{}?{}", &token[..5], &token[6..])
        } else {
            token.clone()
        };
        text.push_str(&format!("token choices a-zA-Z0-9 32 = {token}\n"));
    }
    let out = rngkit_in(
        &[
            "recover",
            "python",
            "--predict",
            "2",
            "token",
            "choices",
            "a-zA-Z0-9",
            "32",
        ],
        &text,
    );
    assert_eq!(ok_lines(&out), tokens[150..]);
}

#[test]
fn two_tokens_of_a_fresh_node_process_predict_the_third() {
    let Some(node) = crate::oracles::find_runtime(&["node", "nodejs"], "nodejs") else {
        return;
    };
    let script = format!(
        "const A = '{ALNUM_UPPER_FIRST}';\nfor (let t = 0; t < 3; t++) {{ let s = ''; for (let i = 0; i < 32; i++) s += A[Math.floor(Math.random() * A.length)]; console.log(s); }}"
    );
    let printed = crate::oracles::run(Command::new(node).arg("-e").arg(&script));
    let tokens: Vec<&str> = printed.lines().collect();
    let text: String = tokens[..2]
        .iter()
        .map(|t| format!("token floor A-Za-z0-9 32 = {t}\n"))
        .collect();
    // Node.js 20 is V8 11: the `v8-legacy` era.
    let out = rngkit_in(
        &[
            "recover",
            "v8-legacy",
            "--fresh",
            "--predict",
            "1",
            "token",
            "floor",
            "A-Za-z0-9",
            "32",
        ],
        &text,
    );
    assert_eq!(ok_lines(&out), [tokens[2]]);
}

#[test]
fn two_next_int_tokens_of_new_random_predict_the_third() {
    let source = format!(
        "import java.util.Random;\npublic class Tokens {{ public static void main(String[] x) {{ Random r = new Random(); String a = \"{ALNUM_UPPER_FIRST}\"; for (int t = 0; t < 3; t++) {{ StringBuilder b = new StringBuilder(); for (int i = 0; i < 32; i++) b.append(a.charAt(r.nextInt(a.length()))); System.out.println(b); }} }} }}\n"
    );
    let Some(dir) = crate::oracles::compile_java("cli-tokens", "Tokens", &source) else {
        return;
    };
    let printed = crate::oracles::run(Command::new("java").arg("-cp").arg(&dir).arg("Tokens"));
    std::fs::remove_dir_all(&dir).ok();
    let tokens: Vec<&str> = printed.lines().collect();
    let text: String = tokens[..2]
        .iter()
        .map(|t| format!("token next-int A-Za-z0-9 32 = {t}\n"))
        .collect();
    let out = rngkit_in(
        &[
            "recover",
            "java",
            "--predict",
            "1",
            "token",
            "next-int",
            "A-Za-z0-9",
            "32",
        ],
        &text,
    );
    assert_eq!(ok_lines(&out), [tokens[2]]);
}

#[test]
fn a_seeded_php_token_gives_its_seed() {
    // The seed is drawn here, at run time; the search covers 2^20 seeds
    // around it (the full 2^32 takes about a minute on 2 cores).
    let seed = 1_000_000 + std::process::id() % 1_000_000;
    let program = format!(
        "<?php mt_srand({seed}); $a = '{ALNUM_UPPER_FIRST}'; $b = ''; for ($i = 0; $i < 16; $i++) $b .= $a[mt_rand(0, 61)]; echo $b, \"\\n\";"
    );
    let Some(printed) = crate::oracles::run_runtime("php", &[], "php-cli", &program) else {
        return;
    };
    let text = format!("token mt-rand A-Za-z0-9 16 = {}", printed.trim());
    let range = format!(
        "{}..{}",
        seed - (seed % (1 << 20)),
        seed - (seed % (1 << 20)) + (1 << 20)
    );
    let out = rngkit_in(
        &["seed-search", "php", "--seeds", &range, "--threads", "1"],
        &text,
    );
    assert_eq!(ok_lines(&out), [seed.to_string()]);
}

#[test]
fn bad_tokens_exit_2_with_one_line() {
    let cases: [(&str, &str); 6] = [
        (
            "token choices a-z 4 = abcd\ntoken choices a-z 4 = abCd\n",
            "line 2: `abCd`: `C` (character 3) is not in ALPHABET `a-z`",
        ),
        (
            "token choices a-z 4 = abcde\n",
            "line 1: `abcde` has 5 characters, the draw's LENGTH is 4",
        ),
        (
            "token frob a-z 4 = abcd\n",
            "line 1: python has no token idiom `frob`; its idioms are: choices, choice",
        ),
        (
            "token choices abca 4 = abcd\n",
            "line 1: ALPHABET `abca` holds `a` twice (characters 1 and 4)",
        ),
        (
            "token choices a-z 0 = abcd\n",
            "line 1: LENGTH `0` is not a count of characters from 1 to 1048576",
        ),
        (
            "token choices a-z 4 abcd\n",
            "line 1: `token choices a-z 4 abcd`: write `token IDIOM ALPHABET LENGTH = TOKEN`, with `?` for a character not seen",
        ),
    ];
    for (text, expected) in cases {
        let out = rngkit_in(&["recover", "python"], text);
        assert_eq!(out.status.code(), Some(2), "{text}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.contains(expected), "{text}: {stderr}");
    }
    let out = rngkit_in(
        &["gen", "glibc", "--seed", "1", "token", "floor", "a-z", "4"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("glibc has no token idioms"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn too_few_characters_exit_3() {
    let out = rngkit_exits(
        3,
        &["recover", "python"],
        "token choices a-zA-Z0-9 32 = MTX6T5bC6O3hDpHJanr4VjXiMha2mn82\n",
    );
    // 32 characters leave 2^19777 states: at least 19777 / 5.95 more.
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "(tokens: at least 3322 more characters, each of 62 carrying at most 5.95 bits)"
        ),
        "{stderr}"
    );
}

#[test]
fn every_idiom_of_every_gen_draws_tokens_of_its_alphabet() {
    let alphabet = rngkit::token::Alphabet::parse("a-zA-Z0-9").unwrap();
    let mut idioms = 0;
    for entry in rngkit_analysis::registry::all() {
        for idiom in entry.idioms() {
            let draw = entry
                .parse_draw("token", &[idiom.name, "a-zA-Z0-9", "64"])
                .unwrap_or_else(|e| panic!("{} `{}`: {e}", entry.name(), idiom.name));
            // Unseedable GENs start from a state of their own words.
            let words: Vec<u64> = (1..=entry.word_count() as u64)
                .map(|w| {
                    w.wrapping_mul(0x9e37_79b9_7f4a_7c15) & (u64::MAX >> (64 - entry.word_bits()))
                })
                .collect();
            let mut rng = match entry.seed(&rngkit::number::BigInt::from(7), &Default::default()) {
                Ok(rng) => rng,
                Err(_) => entry.from_words(&words).unwrap(),
            };
            let token = draw.eval(&mut rng).format(false);
            assert_eq!(
                token.chars().count(),
                64,
                "{} `{}`",
                entry.name(),
                idiom.name
            );
            assert!(
                token.chars().all(|c| alphabet.index_of(c).is_some()),
                "{} `{}` drew {token}",
                entry.name(),
                idiom.name
            );
            idioms += 1;
        }
    }
    assert!(idioms >= 30, "{idioms} idioms");
}

#[test]
fn three_to_string_36_ids_of_a_fresh_node_26_predict_the_next_two() {
    let Some(node) = crate::oracles::npm_node(26) else {
        return;
    };
    // Three ids leave two states about one time in three; `--fresh` keeps
    // the one V8 seeds a new context with (`fmix64(seed), fmix64(!seed)`).
    // Four processes, so that the two-state case is met most runs.
    for _ in 0..4 {
        let printed =
            crate::oracles::run(Command::new(&node).arg("-e").arg(
                "for (let i = 0; i < 5; i++) console.log(Math.random().toString(36).slice(2))",
            ));
        let ids: Vec<&str> = printed.lines().collect();
        let text: String = ids[..3]
            .iter()
            .map(|id| format!("to-string-36 = {id}\n"))
            .collect();
        let out = rngkit_in(
            &[
                "recover",
                "v8-14",
                "--fresh",
                "--predict",
                "2",
                "to-string-36",
            ],
            &text,
        );
        assert_eq!(ok_lines(&out), ids[3..], "ids {ids:?}");
    }
}

#[test]
fn a_seeded_ruby_sample_token_gives_its_seed() {
    let seed = 10_000 + std::process::id() % 50_000;
    let program = format!(
        "srand({seed}); a = '{ALNUM_UPPER_FIRST}'.chars; puts Array.new(16) {{ a.sample }}.join\n"
    );
    let Some(printed) = crate::oracles::run_script("ruby", "rb", "ruby", &program) else {
        return;
    };
    let text = format!("token sample A-Za-z0-9 16 = {}", printed.trim());
    let out = rngkit_in(
        &[
            "seed-search",
            "ruby",
            "--seeds",
            "0..65536",
            "--threads",
            "1",
        ],
        &text,
    );
    assert_eq!(ok_lines(&out), [seed.to_string()]);
}

#[test]
fn detect_alphabet_names_python_and_its_idiom_on_cpython_tokens() {
    // A small seed, drawn at run time: detect searches the seeds below 2^20.
    let seed = std::process::id() % 60_000;
    let Some(tokens) = python(&format!(
        "import random\nrandom.seed({seed})\nfor _ in range(4): print(''.join(random.choices('abcdefghijklmnopqrstuvwxyz0123456789', k=16)))"
    )) else {
        return;
    };
    let out = rngkit_in(
        &["detect", "--alphabet", "a-z0-9", "--max-seconds", "20"],
        &(tokens.join("\n") + "\n"),
    );
    assert_eq!(
        ok_lines(&out),
        [format!("python token choices a-z0-9 seed={seed}")]
    );
    let out = rngkit_in(&["detect", "--alphabet", "a-z"], "abcd\nab9d\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("line 2: `ab9d`: `9` (character 3) is not in ALPHABET `a-z`"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn detect_alphabet_names_python_on_150_tokens_of_an_unseeded_cpython() {
    // Unseeded: the state nobody chose, so only the recovery names it. The
    // relations of each pick count towards the fit's margin (4800
    // characters reveal about 4.6 bits each, 4 of them known bits).
    let Some(tokens) = python(
        "import random, string\nfor _ in range(152): print(''.join(random.choices(string.ascii_letters + string.digits, k=32)))",
    ) else {
        return;
    };
    let out = rngkit_in(
        &["detect", "--alphabet", "a-zA-Z0-9", "--max-seconds", "120"],
        &(tokens[..150].join("\n") + "\n"),
    );
    let lines = ok_lines(&out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    let state = lines[0]
        .strip_prefix("python token choices a-zA-Z0-9 state=")
        .unwrap_or_else(|| panic!("{}", lines[0]));
    // The state it names gives the two tokens after the 150.
    let out = rngkit_in(
        &[
            "gen",
            "python",
            "--state",
            state,
            // Two 32-bit words a `random()`, one `random()` a character.
            "--advance",
            "9600",
            "-n",
            "2",
            "token",
            "choices",
            "a-zA-Z0-9",
            "32",
        ],
        "",
    );
    assert_eq!(ok_lines(&out), tokens[150..]);
}

#[test]
fn four_to_string_36_ids_of_jsc_predict_the_next_two() {
    let Some(jsc) = crate::oracles::find_runtime(&["jsc"], "libjavascriptcoregtk-4.0-bin") else {
        return;
    };
    // JavaScriptCore prints its own digits (SpiderMonkey's algorithm, not
    // V8's); unseeded, so only the recovery knows the state.
    let dir = crate::oracles::temp_dir("jsc-ids");
    let script = dir.join("ids.js");
    std::fs::write(
        &script,
        "for (let i = 0; i < 6; i++) print(Math.random().toString(36).slice(2));\n",
    )
    .unwrap();
    let printed = crate::oracles::run(Command::new(&jsc).arg(&script));
    std::fs::remove_dir_all(&dir).ok();
    let ids: Vec<&str> = printed.lines().collect();
    let text: String = ids[..4]
        .iter()
        .map(|id| format!("to-string-36 = {id}\n"))
        .collect();
    let out = rngkit_in(
        &[
            "recover",
            "javascriptcore",
            "--predict",
            "2",
            "to-string-36",
        ],
        &text,
    );
    assert_eq!(ok_lines(&out), ids[4..], "ids {ids:?}");
}

//! Tokens (`token IDIOM ALPHABET LENGTH`) against the real runtimes: each
//! idiom's program run as a process, three alphabets (62 letters and
//! digits, 16 hex digits, 36 lower-case letters and digits) and three seeds,
//! five tokens of 32 characters each, compared with `gen`'s draw of the same
//! GEN seeded the same way.
//!
//! Each runtime prints one token a line, for each alphabet in order, each
//! seed in order, seeding afresh before the five tokens; the alphabet is
//! written out in the program as the program's own string, and in the draw
//! in rngkit's ALPHABET grammar.

use std::process::Command;

use rngkit::registry::{DynGen, Seed, of};

use crate::oracles;

const SEEDS: [i64; 3] = [1, 12345, 2_026_120_400];
const TOKENS: usize = 5;
const LENGTH: usize = 32;

/// The three alphabets: the grammar for the draw and the program's string.
/// Letters come in the order the runtime's programs usually hold them
/// (Python's `string.ascii_letters` is lower case first, the common
/// JavaScript and Java strings upper case first).
fn alphabets(lower_first: bool) -> [(&'static str, &'static str); 3] {
    let letters = if lower_first {
        (
            "a-zA-Z0-9",
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        )
    } else {
        (
            "A-Za-z0-9",
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
        )
    };
    [
        letters,
        ("0-9a-f", "0123456789abcdef"),
        ("a-z0-9", "abcdefghijklmnopqrstuvwxyz0123456789"),
    ]
}

fn gen_named(name: &str) -> &'static dyn DynGen {
    use rngkit::runtimes::*;
    match name {
        "python" => of::<python::PythonGen>(),
        "v8-legacy" => of::<javascript::V8LegacyGen>(),
        "v8-13" => of::<javascript::V813Gen>(),
        "v8-14" => of::<javascript::V814Gen>(),
        "javascriptcore" => of::<javascript::JavaScriptCoreGen>(),
        "java" => of::<java::JavaGen>(),
        "php" => of::<php::PhpGen>(),
        "ruby" => of::<ruby::RubyGen>(),
        "go" => of::<go::GoGen>(),
        "numpy-legacy" => of::<numpy_legacy::NumpyLegacyGen>(),
        "numpy" => of::<numpy::NumpyGen>(),
        "r" => of::<r::RGen>(),
        "lua54" => of::<lua::Lua54Gen>(),
        "luajit" => of::<lua::LuaJitGen>(),
        "dotnet-legacy" => of::<dotnet::DotnetLegacyGen>(),
        _ => panic!("no GEN {name} in this test"),
    }
}

/// Our tokens, in the oracle programs' order.
fn ours(gen_name: &str, idiom: &str, lower_first: bool) -> Vec<String> {
    let spec = gen_named(gen_name);
    let mut out = Vec::new();
    for (grammar, _) in alphabets(lower_first) {
        let draw = spec
            .parse_draw("token", &[idiom, grammar, &LENGTH.to_string()])
            .unwrap();
        for seed in SEEDS {
            let mut rng = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
            for _ in 0..TOKENS {
                out.push(draw.eval(&mut rng).format(false));
            }
        }
    }
    out
}

/// Compares a runtime's printed tokens with ours, line by line.
fn compare(who: &str, gen_name: &str, idiom: &str, lower_first: bool, output: &str) {
    let theirs: Vec<&str> = output.lines().map(str::trim_end).collect();
    let ours = ours(gen_name, idiom, lower_first);
    assert_eq!(
        theirs.len(),
        ours.len(),
        "{who} printed {} tokens, expected {}",
        theirs.len(),
        ours.len()
    );
    for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
        let (alphabet, seed) = (i / (TOKENS * SEEDS.len()), i / TOKENS % SEEDS.len());
        assert_eq!(
            o, t,
            "{who}, `token {idiom}` of {gen_name}: token {i} (alphabet {alphabet}, seed {}) differs",
            SEEDS[seed]
        );
    }
}

/// The alphabets' program strings, quoted, as a list literal of most
/// languages (`["..", "..", ".."]`).
fn list(lower_first: bool) -> String {
    let quoted: Vec<String> = alphabets(lower_first)
        .iter()
        .map(|(_, s)| format!("\"{s}\""))
        .collect();
    quoted.join(", ")
}

fn seeds() -> String {
    SEEDS.map(|s| s.to_string()).join(", ")
}

#[test]
fn cpython_choices_and_choice() {
    for (idiom, expr) in [
        ("choices", "''.join(random.choices(a, k=L))"),
        ("choice", "''.join(random.choice(a) for _ in range(L))"),
    ] {
        let program = format!(
            "import random\nL = {LENGTH}\nfor a in [{}]:\n    for s in [{}]:\n        random.seed(s)\n        for _ in range({TOKENS}):\n            print({expr})\n",
            list(true),
            seeds()
        );
        let Some(output) = oracles::run_script("python3", "py", "python3", &program) else {
            return;
        };
        compare("CPython", "python", idiom, true, &output);
    }
}

/// The JavaScript idiom: `A[Math.floor(Math.random() * A.length)]`, each
/// seed a process of its own (`--random-seed`).
fn node_floor(node: &std::path::Path, gen_name: &str) {
    let dir = oracles::temp_dir("tokens-node");
    let script = dir.join("tokens.js");
    let program = format!(
        "const out = [];\nfor (const a of [{}]) {{\n  for (let t = 0; t < {TOKENS}; t++) {{\n    let s = '';\n    for (let i = 0; i < {LENGTH}; i++) s += a[Math.floor(Math.random() * a.length)];\n    out.push(s);\n  }}\n}}\nconsole.log(out.join('\\n'));\n",
        list(false)
    );
    std::fs::write(&script, program).unwrap();
    let version = oracles::run(Command::new(node).arg("--version"));
    // One process per seed prints every alphabet; reorder to alphabet-major.
    let mut by_seed = Vec::new();
    for seed in SEEDS {
        let out = oracles::run(
            Command::new(node)
                .arg(format!("--random-seed={seed}"))
                .arg(&script),
        );
        by_seed.push(out.lines().map(String::from).collect::<Vec<_>>());
    }
    std::fs::remove_dir_all(&dir).ok();
    // Within one process the alphabets follow each other on one stream: ours
    // draws them the same way.
    let spec = gen_named(gen_name);
    for (s, seed) in SEEDS.iter().enumerate() {
        let mut rng = spec.seed(&Seed::from(*seed), &Default::default()).unwrap();
        let mut expected = Vec::new();
        for (grammar, _) in alphabets(false) {
            let draw = spec
                .parse_draw("token", &["floor", grammar, &LENGTH.to_string()])
                .unwrap();
            for _ in 0..TOKENS {
                expected.push(draw.eval(&mut rng).format(false));
            }
        }
        assert_eq!(
            by_seed[s],
            expected,
            "node {} --random-seed={seed}: tokens differ from {gen_name}",
            version.trim()
        );
    }
}

#[test]
fn node20_floor() {
    let Some(node) = oracles::find_runtime(&["node", "nodejs"], "nodejs") else {
        return;
    };
    node_floor(&node, "v8-legacy");
}

#[test]
fn node22_24_26_floor() {
    for (major, gen_name) in [(22, "v8-legacy"), (24, "v8-13"), (26, "v8-14")] {
        let Some(node) = oracles::npm_node(major) else {
            return;
        };
        node_floor(&node, gen_name);
    }
}

#[test]
fn java_next_int() {
    let source = format!(
        "import java.util.Random;\npublic class Tokens {{\n  public static void main(String[] x) {{\n    String[] as = {{ {} }};\n    long[] seeds = {{ {} }};\n    StringBuilder out = new StringBuilder();\n    for (String a : as) for (long s : seeds) {{\n      Random r = new Random(s);\n      for (int t = 0; t < {TOKENS}; t++) {{\n        StringBuilder b = new StringBuilder();\n        for (int i = 0; i < {LENGTH}; i++) b.append(a.charAt(r.nextInt(a.length())));\n        out.append(b).append('\\n');\n      }}\n    }}\n    System.out.print(out);\n  }}\n}}\n",
        list(false),
        SEEDS.map(|s| format!("{s}L")).join(", ")
    );
    let Some(dir) = oracles::compile_java("tokens", "Tokens", &source) else {
        return;
    };
    let output = oracles::run(Command::new("java").arg("-cp").arg(&dir).arg("Tokens"));
    std::fs::remove_dir_all(&dir).ok();
    compare("Java", "java", "next-int", false, &output);
}

#[test]
fn php_mt_rand_and_rand() {
    for (idiom, call) in [("mt-rand", "mt_rand"), ("rand", "rand")] {
        let program = format!(
            "<?php\nforeach ([{}] as $a) foreach ([{}] as $s) {{\n  mt_srand($s);\n  for ($t = 0; $t < {TOKENS}; $t++) {{\n    $b = '';\n    for ($i = 0; $i < {LENGTH}; $i++) $b .= $a[{call}(0, strlen($a) - 1)];\n    echo $b, \"\\n\";\n  }}\n}}\n",
            list(false),
            seeds()
        );
        let Some(output) = oracles::run_runtime("php", &[], "php-cli", &program) else {
            return;
        };
        compare("PHP", "php", idiom, false, &output);
    }
}

#[test]
fn ruby_sample() {
    let program = format!(
        "[{}].each do |a|\n  [{}].each do |s|\n    r = Random.new(s)\n    {TOKENS}.times {{ puts Array.new({LENGTH}) {{ a.chars.sample(random: r) }}.join }}\n  end\nend\n",
        list(false),
        seeds()
    );
    let Some(output) = oracles::run_script("ruby", "rb", "ruby", &program) else {
        return;
    };
    compare("Ruby", "ruby", "sample", false, &output);
}

#[test]
fn go_intn() {
    let program = format!(
        "package main\n\nimport (\n\t\"fmt\"\n\t\"math/rand\"\n)\n\nfunc main() {{\n\tfor _, a := range []string{{ {} }} {{\n\t\tfor _, s := range []int64{{ {} }} {{\n\t\t\tr := rand.New(rand.NewSource(s))\n\t\t\tfor t := 0; t < {TOKENS}; t++ {{\n\t\t\t\tb := make([]byte, {LENGTH})\n\t\t\t\tfor i := range b {{\n\t\t\t\t\tb[i] = a[r.Intn(len(a))]\n\t\t\t\t}}\n\t\t\t\tfmt.Println(string(b))\n\t\t\t}}\n\t\t}}\n\t}}\n}}\n",
        list(false),
        seeds()
    );
    let Some(output) = oracles::run_go(&program) else {
        return;
    };
    compare("Go", "go", "intn", false, &output);
}

#[test]
fn numpy_randint_and_integers() {
    let Some(python) = oracles::numpy_python() else {
        return;
    };
    for (gen_name, idiom, make, call) in [
        (
            "numpy-legacy",
            "randint",
            "np.random.RandomState(s)",
            "r.randint(0, len(a), L)",
        ),
        (
            "numpy",
            "integers",
            "np.random.default_rng(s)",
            "r.integers(0, len(a), L)",
        ),
    ] {
        let program = format!(
            "import numpy as np\nL = {LENGTH}\nfor a in [{}]:\n    for s in [{}]:\n        r = {make}\n        for _ in range({TOKENS}):\n            print(''.join(a[i] for i in {call}))\n",
            list(false),
            seeds()
        );
        let dir = oracles::temp_dir("tokens-numpy");
        let path = dir.join("tokens.py");
        std::fs::write(&path, program).unwrap();
        let output = oracles::run(Command::new(&python).arg(&path));
        std::fs::remove_dir_all(&dir).ok();
        compare("numpy", gen_name, idiom, false, &output);
    }
}

#[test]
fn r_sample() {
    let program = format!(
        "for (a in c({})) for (s in c({})) {{\n  set.seed(s)\n  ch <- strsplit(a, '')[[1]]\n  for (t in 1:{TOKENS}) cat(paste(ch[sample(length(ch), {LENGTH}, replace = TRUE)], collapse = ''), '\\n', sep = '')\n}}\n",
        list(false),
        seeds()
    );
    let Some(output) = oracles::run_script("Rscript", "R", "r-base-core", &program) else {
        return;
    };
    compare("R", "r", "sample", false, &output);
}

#[test]
fn lua_random() {
    let program = format!(
        "for _, a in ipairs({{ {} }}) do\n  for _, s in ipairs({{ {} }}) do\n    math.randomseed(s)\n    for t = 1, {TOKENS} do\n      local b = {{}}\n      for i = 1, {LENGTH} do\n        local k = math.random(1, #a)\n        b[i] = a:sub(k, k)\n      end\n      print(table.concat(b))\n    end\n  end\nend\n",
        list(false),
        seeds()
    );
    for (bin, package, gen_name) in [
        ("lua5.4", "lua5.4", "lua54"),
        ("luajit", "luajit", "luajit"),
    ] {
        let Some(output) = oracles::run_script(bin, "lua", package, &program) else {
            return;
        };
        compare(bin, gen_name, "random", false, &output);
    }
}

/// `Math.random().toString(36)` (whole, and `.slice(2, 10)`) of Node.js
/// 20, 22, 24 and 26, each seeded with `--random-seed`.
#[test]
fn node_to_string_36() {
    let script = "const out = [];\nfor (let i = 0; i < 200; i++) out.push(Math.random().toString(36));\nfor (let i = 0; i < 200; i++) out.push(Math.random().toString(36).slice(2, 10));\nconsole.log(out.join('\\n'));\n";
    let mut nodes = Vec::new();
    if let Some(node) = oracles::find_runtime(&["node", "nodejs"], "nodejs") {
        nodes.push((node, "v8-legacy"));
    }
    for (major, gen_name) in [(22, "v8-legacy"), (24, "v8-13"), (26, "v8-14")] {
        if let Some(node) = oracles::npm_node(major) {
            nodes.push((node, gen_name));
        }
    }
    for (node, gen_name) in nodes {
        let version = oracles::run(Command::new(&node).arg("--version"));
        let spec = gen_named(gen_name);
        let whole = spec.parse_draw("to-string-36", &[]).unwrap();
        let prefix = spec.parse_draw("to-string-36", &["8"]).unwrap();
        for seed in SEEDS {
            let out = oracles::run(
                Command::new(&node)
                    .arg(format!("--random-seed={seed}"))
                    .arg("-e")
                    .arg(script),
            );
            let theirs: Vec<&str> = out.lines().collect();
            let mut rng = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
            let ours: Vec<String> = (0..400)
                .map(|i| {
                    let draw = if i < 200 { &whole } else { &prefix };
                    draw.eval(&mut rng).format(false)
                })
                .collect();
            for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
                // Node prints the whole text; the draw the digits after `0.`.
                let t = if i < 200 {
                    t.strip_prefix("0.").unwrap_or(t)
                } else {
                    t
                };
                assert_eq!(
                    o,
                    t,
                    "node {} --random-seed={seed}, call {i}: {gen_name}'s to-string-36",
                    version.trim()
                );
            }
            assert_eq!(theirs.len(), 400);
        }
    }
}

/// JavaScriptCore's `Math.random().toString(36)`, whole and sliced, from
/// `jsc` with forced `WeakRandom` seeds, against `javascriptcore`'s
/// `to-string-36` from the same seeds' states.
#[test]
fn jsc_to_string_36() {
    let Some(jsc) = oracles::find_runtime(&["jsc"], "libjavascriptcoregtk-4.0-bin") else {
        return;
    };
    let dir = oracles::temp_dir("jsc-radix");
    let script = dir.join("ids.js");
    std::fs::write(
        &script,
        "const out = [];\nfor (let i = 0; i < 300; i++) out.push(Math.random().toString(36));\nfor (let i = 0; i < 100; i++) out.push(Math.random().toString(36).slice(2, 10));\nprint(out.join('\\n'));\n",
    )
    .unwrap();
    let spec = gen_named("javascriptcore");
    let whole = spec.parse_draw("to-string-36", &[]).unwrap();
    let prefix = spec.parse_draw("to-string-36", &["8"]).unwrap();
    for seed in SEEDS {
        let seed = seed as u32; // WeakRandom takes an unsigned seed
        let out = oracles::run(
            Command::new(&jsc)
                .arg("--forceWeakRandomSeed=true")
                .arg(format!("--forcedWeakRandomSeed={seed}"))
                .arg(&script),
        );
        let theirs: Vec<&str> = out.lines().collect();
        assert_eq!(theirs.len(), 400, "jsc printed {} lines", theirs.len());
        let words = rngkit::runtimes::javascript::Xorshift128Plus::weak_random(seed).state();
        let mut rng = spec.from_words(&words).unwrap();
        for (i, t) in theirs.iter().enumerate() {
            let draw = if i < 300 { &whole } else { &prefix };
            let ours = draw.eval(&mut rng).format(false);
            let t = t.strip_prefix("0.").unwrap_or(t);
            assert_eq!(ours, t, "jsc forced seed {seed}, call {i}");
        }
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// SpiderMonkey's digits: Firefox prints 3000 doubles with their bits and
/// `toString(36)`, and [`exact_radix_string`] must print the same (the
/// generator itself is proven by `runtime_javascript`'s Firefox test).
///
/// [`exact_radix_string`]: rngkit::runtimes::javascript::exact_radix_string
#[test]
fn firefox_to_string_36() {
    let Some(firefox) = oracles::find_runtime(&["firefox-esr", "firefox"], "firefox-esr") else {
        return;
    };
    let script = "const f = new Float64Array(1), u = new BigUint64Array(f.buffer);\nconst out = [];\nfor (let i = 0; i < 3000; i++) { const x = Math.random(); f[0] = x; out.push(u[0].toString(16) + ' ' + x.toString(36)); }\ndump('RNGKIT ' + out.join(';') + '\\n');";
    let lines = oracles::firefox_dumps(&firefox, script, 1);
    let pairs: Vec<&str> = lines[0].split(';').collect();
    assert_eq!(pairs.len(), 3000);
    let mut differs_from_v8 = 0;
    for pair in pairs {
        let (bits, text) = pair.split_once(' ').expect("bits and digits");
        let x = f64::from_bits(u64::from_str_radix(bits, 16).expect("hex bits"));
        assert_eq!(
            rngkit::runtimes::javascript::exact_radix_string(x, 36).as_deref(),
            Some(text),
            "Firefox's ({x}).toString(36)"
        );
        if rngkit::runtimes::javascript::v8_radix_string(x, 36) != text {
            differs_from_v8 += 1;
        }
    }
    // The two algorithms part at the last digits about half the time.
    assert!(
        differs_from_v8 > 300,
        "{differs_from_v8} of 3000 differ from V8's digits"
    );
}

/// Apache commons-lang3 3.12 (Debian's jar) `RandomStringUtils.random(LEN,
/// 0, 0, true, DIGITS, null, r)` on `new Random(seed)`: `randomAlphanumeric`
/// and `randomAlphabetic` with the caller's Random, code points outside the
/// class redrawn.
#[test]
fn commons_lang3_random_string_utils() {
    const JAR: &str = "/usr/share/java/commons-lang3.jar";
    if !std::path::Path::new(JAR).exists() {
        assert!(
            oracles::skipping_allowed(),
            "{JAR} missing: install the Debian package libcommons-lang3-java, or set RNGKIT_SKIP_MISSING_RUNTIMES=1"
        );
        eprintln!("note: {JAR} missing; skipped");
        return;
    }
    let source = format!(
        "import java.util.Random;\nimport org.apache.commons.lang3.RandomStringUtils;\npublic class Lang3 {{\n  public static void main(String[] x) {{\n    for (boolean digits : new boolean[] {{ true, false }}) for (long s : new long[] {{ {} }}) {{\n      Random r = new Random(s);\n      for (int t = 0; t < {TOKENS}; t++) System.out.println(RandomStringUtils.random({LENGTH}, 0, 0, true, digits, null, r));\n    }}\n  }}\n}}\n",
        SEEDS.map(|s| format!("{s}L")).join(", ")
    );
    let dir = oracles::temp_dir("lang3");
    std::fs::write(dir.join("Lang3.java"), source).unwrap();
    let compiled = Command::new("javac")
        .args(["-cp", JAR, "Lang3.java"])
        .current_dir(&dir)
        .status()
        .expect("javac runs");
    assert!(compiled.success(), "javac failed");
    let classpath = format!("{JAR}:{}", dir.display());
    let output = oracles::run(Command::new("java").args(["-cp", &classpath, "Lang3"]));
    std::fs::remove_dir_all(&dir).ok();
    let spec = gen_named("java");
    let mut ours = Vec::new();
    for name in ["random-alphanumeric", "random-alphabetic"] {
        let draw = spec.parse_draw(name, &[&LENGTH.to_string()]).unwrap();
        for seed in SEEDS {
            let mut rng = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
            for _ in 0..TOKENS {
                ours.push(draw.eval(&mut rng).format(false));
            }
        }
    }
    let theirs: Vec<&str> = output.lines().collect();
    assert_eq!(ours, theirs, "commons-lang3 RandomStringUtils");
}

/// `substr(str_shuffle(TEXT), 0, LEN)` after `mt_srand(seed)`: the draw
/// prints the bytes in hex, as `str-shuffle TEXT` does.
#[test]
fn php_str_shuffle_prefix() {
    let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let program = format!(
        "<?php\nforeach ([{}] as $s) {{\n  mt_srand($s);\n  for ($t = 0; $t < {TOKENS}; $t++) echo bin2hex(substr(str_shuffle('{text}'), 0, 12)), \"\\n\";\n}}\n",
        seeds()
    );
    let Some(output) = oracles::run_runtime("php", &[], "php-cli", &program) else {
        return;
    };
    let spec = gen_named("php");
    let draw = spec.parse_draw("str-shuffle", &[text, "12"]).unwrap();
    let mut ours = Vec::new();
    for seed in SEEDS {
        let mut rng = spec.seed(&Seed::from(seed), &Default::default()).unwrap();
        for _ in 0..TOKENS {
            ours.push(draw.eval(&mut rng).format(false));
        }
    }
    assert_eq!(
        ours,
        output.lines().collect::<Vec<_>>(),
        "PHP substr(str_shuffle())"
    );
}

/// Mono's `System.Random(seed)` (.NET Framework's subtractive generator):
/// `a[r.Next(a.Length)]`.
#[test]
fn mono_next() {
    let source = format!(
        "using System;\nusing System.Text;\nclass Tokens {{\n  static void Main() {{\n    foreach (string a in new string[] {{ {} }}) foreach (int s in new int[] {{ {} }}) {{\n      var r = new Random(s);\n      for (int t = 0; t < {TOKENS}; t++) {{\n        var b = new StringBuilder();\n        for (int i = 0; i < {LENGTH}; i++) b.Append(a[r.Next(a.Length)]);\n        Console.WriteLine(b);\n      }}\n    }}\n  }}\n}}\n",
        list(false),
        seeds()
    );
    let Some(output) = crate::runtime_dotnet::run_mono("Tokens", &source) else {
        return;
    };
    compare("Mono", "dotnet-legacy", "next", false, &output);
}

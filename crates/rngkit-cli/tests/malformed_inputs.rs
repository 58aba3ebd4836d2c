//! The `rngkit` binary on a table of malformed command lines and files.
//!
//! The contract (`docs/cli.md`, "Rules every command follows"): bad usage or
//! bad input exits 2 with exactly one line on stderr that starts `error:`,
//! nothing on stdout, and never a panic. Each row also names a fragment the
//! message must contain, so a row cannot pass by failing for an unrelated
//! reason. To cover a new command, add rows to `TABLE`.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One malformed invocation: its argv and a fragment of the expected message.
struct Row {
    args: Vec<OsString>,
    needle: &'static str,
}

fn words(first: &str, rest: &str, count: usize) -> String {
    let mut s = first.to_string();
    for _ in 0..count {
        s.push(' ');
        s.push_str(rest);
    }
    s
}

/// Input files for the file rows, in a fresh directory.
struct Fixtures {
    dir: PathBuf,
}

impl Fixtures {
    fn new() -> Self {
        let dir = std::env::temp_dir().join(format!("rngkit-malformed-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("a-directory")).unwrap();
        // A valid MT19937 blob: 624 nonzero words, left = 0, built by hand
        // from the contract's layout (624 LE u32, then LE i32 left).
        let mut blob = Vec::new();
        for i in 0..624u32 {
            blob.extend_from_slice(&(i.wrapping_mul(2_654_435_761) | 1).to_le_bytes());
        }
        blob.extend_from_slice(&0i32.to_le_bytes());
        assert_eq!(blob.len(), 2500);
        let write = |name: &str, data: &[u8]| std::fs::write(dir.join(name), data).unwrap();
        write("blob", &blob);
        write("empty", b"");
        write("truncated", &blob[..2499]);
        let mut long = blob.clone();
        long.extend_from_slice(&[0, 0, 0, 0]);
        write("long", &long);
        let with_left = |left: i32| {
            let mut b = blob.clone();
            b[2496..].copy_from_slice(&left.to_le_bytes());
            b
        };
        write("left625", &with_left(625));
        write("left-1", &with_left(-1));
        write("left-min", &with_left(i32::MIN));
        let mut zero = vec![0u8; 2496];
        zero.extend_from_slice(&5i32.to_le_bytes());
        write("zero-block", &zero);
        write("three-words", b"1 2 3\n");
        write("not-utf8", &[0xff, 0xfe, 0x20, 0x31]);
        write("words-too-wide", b"100000000 1 1 1");
        write("obs-unknown-draw", b"valu = 0.5\n");
        write("obs-no-value", b"value =\n");
        write("obs-bad-mask", b"bits zz = 1\n");
        write("obs-negative-skip", b"skip -1\n");
        write("obs-not-utf8", &[0xff, 0xfe, b'\n']);
        write("obs-one-word", b"u32 = 5\n");
        // `DRAW in LOW..HIGH` and `skip A..B`.
        write("obs-in-empty", b"next-float in 0.5..0.5\n");
        write("obs-in-reversed", b"next-float in 1..0\n");
        write("obs-in-not-number", b"next-float in a..b\n");
        write("obs-in-no-range", b"next-float in\n");
        write("obs-in-no-dots", b"next-float in 0.5\n");
        write("obs-in-no-draw", b"in 0..1\n");
        write("obs-in-bits", b"bits 0xf in 0..1\n");
        write("obs-in-bad-draw", b"next-int 0 in 0..1\n");
        write("obs-skip-empty-range", b"skip 5..5\n");
        write("obs-skip-bad-range", b"skip 1..x\n");
        write("obs-java-bound", b"next-int -3 = 1\n");
        // `detect`: bare values mixed with observations, a decimal out of
        // [0, 1), a draw no GEN has.
        write("detect-mixed", b"0.25\nvalue = 0.5\n");
        write("detect-out-of-range", b"0.25\n1.5\n");
        write("detect-no-draw", b"no-such-draw = 1\n");
        write("detect-text", b"hello\n");
        write("obs-java-value", b"next-int 16 = 16\n");
        write("obs-dotnet-bound", b"next -1 = 0\n");
        write("obs-dotnet-in-empty", b"next-double in 0.5..0.5\n");
        // A state file cut off mid-word, and one with a word missing.
        write("state-cut", b"00000000 00000001 6c078966 714a\n");
        write("state-short", b"00000000 00000001 6c078966\n");
        write("json-short", br#"{"s0":0,"s1":1,"s2":2}"#);
        write("obs-js-not-a-double", b"math-random = 1.5\n");
        write("obs-js-floor-out-of-range", b"floor 6 = 6\n");
        write("obs-js-floor-zero", b"floor 0 = 0\n");
        // 100 dice: bits enough in number, but each behind an unknown carry.
        let dice: String = (0..100)
            .map(|i| format!("floor 6 = {}\n", i * 7 % 6))
            .collect();
        write("obs-js-dice", dice.as_bytes());
        write("obs-php-min-max", b"mt-rand 5 1 = 3\n");
        write("obs-php-outside", b"mt-rand 0 99 = 100\n");
        write("obs-php-one", b"mt-rand = 5\n");
        write("obs-python-one", b"random = 0.5\n");
        write("obs-glibc-few", b"rand = 5\nrand = 6\n");
        write("obs-glibc-negative", b"rand = -1\n");
        Fixtures { dir }
    }

    fn path(&self, name: &str) -> String {
        self.dir.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Fixtures {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The table: each row an argv and a fragment of the expected message. An
/// argument `@NAME` stands for the path of the fixture NAME, and `$NAME` for
/// the word NAME that `rows()` builds (too long to write here, or not UTF-8).
#[rustfmt::skip]
const TABLE: &[(&[&str], &str)] = &[
    // Commands and generator names. (`rngkit` alone used to print the
    // help text, many lines, on stderr.)
    (&[], "no command given"),
    (&["gen"], "required"),
    (&["state"], "required"),
    (&["frobnicate"], "unrecognized subcommand"),
    (&["gen", "unity3d", "--seed", "1", "u32"], "unknown generator"),
    (&["gen", "", "--seed", "1", "u32"], "unknown generator"),
    (&["gen", "UNITY", "--seed", "1", "u32"], "unknown generator"),
    (&["state", "mt", "--seed", "1"], "unknown generator"),
    (&["gen", "unity", "u32"], "required"),
    (&["gen", "unity", "--seed", "1"], "DRAW"),
    (&["gen", "unity", "--seed", "1", "--bogus", "u32"], "--bogus"),
    (&["state", "unity", "--seed", "1", "--hex"], "--hex"),
    // Seeds.
    (&["gen", "unity", "--seed", "", "u32"], "--seed"),
    (&["gen", "unity", "--seed", "0x", "u32"], "--seed"),
    (&["gen", "unity", "--seed", "1.5", "u32"], "--seed"),
    (&["gen", "unity", "--seed", "$huge_number", "u32"], "--seed"),
    (&["gen", "unity", "--seed", "4294967296", "u32"], "32-bit"),
    (&["gen", "mt19937", "--seed", "-2147483649", "u32"], "32-bit"),
    (&["gen", "pcg32", "--seed", "18446744073709551616", "u32"], "64-bit"),
    (&["gen", "unity-math", "--seed", "0", "u32"], "seed 0"),
    (&["gen", "unity-math", "--seed", "0x100000000", "u32"], "32-bit"),
    (&["gen", "unity", "--seed", "1", "--seed", "2", "u32"], "--seed"),
    (&["gen", "unity", "--seed", "1", "--entropy", "u32"], "--entropy"),
    (&["gen", "unity", "--seed", "1", "--stream", "5", "u32"], "--stream"),
    (&["gen", "pcg32", "--seed", "1", "--stream", "-1", "u32"], "--stream"),
    (&["gen", "pcg32", "--state", "1 3", "--stream", "5", "u32"], "--stream"),
    // Counts, advances and draws.
    (&["gen", "unity", "--seed", "1", "-n", "-1", "u32"], "-n"),
    (&["gen", "unity", "--seed", "1", "-n", "18446744073709551616", "u32"], "-n"),
    (&["gen", "unity", "--seed", "1", "--advance", "x", "u32"], "--advance"),
    (&["gen", "unity", "--seed", "1", "--advance", "", "u32"], "--advance"),
    (&["gen", "unity", "--seed", "1", "nope"], "has no draw"),
    (&["gen", "unity", "--seed", "1", "U32"], "has no draw"),
    (&["gen", "unity", "--seed", "1", "u32", "extra"], "argument"),
    (&["gen", "unity", "--seed", "1", "int", "5"], "takes 2"),
    (&["gen", "unity", "--seed", "1", "int", "5", "5"], "MIN < MAX"),
    (&["gen", "unity", "--seed", "1", "int", "9", "-9"], "MIN < MAX"),
    (&["gen", "unity", "--seed", "1", "int", "0", "9223372036854775808"], "64-bit signed"),
    (&["gen", "unity", "--seed", "1", "int", "a", "b"], "`a`"),
    (&["gen", "unity", "--seed", "1", "--raw", "f64"], "--raw"),
    (&["gen", "unity", "--seed", "1", "--hex", "--raw", "u32"], "--raw"),
    // --state text.
    (&["state", "unity", "--state", ""], "empty"),
    (&["state", "unity", "--state", "   "], "empty"),
    (&["state", "unity", "--state", "0 0 0 0"], "all zero"),
    (&["state", "unity", "--state", "1 2 3"], "4 words"),
    (&["state", "unity", "--state", "1 2 3 4 5"], "4 words"),
    (&["state", "unity", "--state", "1 2 3 100000000"], "32 bits"),
    (&["state", "unity", "--state", "g 1 2 3"], "not hex"),
    (&["state", "unity", "--state", "0x 1 2 3"], "hex word"),
    (&["state", "unity", "--state", "-1 2 3 4"], "'-1'"),
    (&["state", "unity", "--state=-1 2 3 4"], "not hex"),
    (&["state", "splitmix64", "--state", "10000000000000000"], "16 digits"),
    (&["state", "splitmix64", "--state", "$long_word"], "16 digits"),
    (&["state", "unity", "--state", "$many_words"], "found 50000"),
    (&["state", "pcg32", "--state", "1 2"], "odd"),
    (&["state", "unity-math", "--state", "0"], "all zero"),
    (&["state", "tinymt32", "--state", "80000000 0 0 0"], "all zero"),
    (&["state", "mt19937", "--state", "$mt_left_625"], "0..=624"),
    (&["state", "mars", "--state", "$mt_left_neg"], "0..=624"),
    (&["state", "mt19937", "--state", "$mt_short"], "625 words"),
    (&["state", "mt19937", "--state", "$mt_long"], "625 words"),
    (&["state", "mt19937", "--state", "$mt_zero"], "all zero"),
    // Ambiguous and truncated states: decimal-looking short words, files
    // that are not exactly what `rngkit state` prints.
    (&["gen", "unity", "--state", "12 34 56 78", "value"], "0x12"),
    (&["state", "splitmix64", "--state", "1234"], "decimal or hex"),
    (&["state", "bdsp", "--state", "12 6c078966714acb3f"], "0x12"),
    (&["state", "unity", "--state-file", "@state-cut"], "cut off"),
    (&["state", "unity", "--state-file", "@state-short"], "cut off"),
    (&["state", "unity", "--state-file", "@json-short"], "lacks"),
    (&["state", "unity", "--state", r#"{"s0":1,"s1":2,"s2":3,"s3":4294967295}"#], "C# int"),
    // --state-file and -o.
    (&["state", "mars", "--state-file", "@empty"], "found 0"),
    (&["state", "mars", "--state-file", "@truncated"], "found 2499"),
    (&["state", "mt19937", "--state-file", "@long"], "found 2504"),
    (&["state", "mars", "--state-file", "@left625"], "0..=624"),
    (&["state", "mt19937", "--state-file", "@left-1"], "-1"),
    (&["state", "mt19937", "--state-file", "@left-min"], "-2147483648"),
    (&["state", "mt19937", "--state-file", "@zero-block"], "all zero"),
    (&["state", "mt19937", "--state-file", "@a-directory"], "cannot read"),
    (&["state", "mt19937", "--state-file", "@missing"], "cannot read"),
    // An endless file used to be read into memory until the process died.
    (&["state", "mars", "--state-file", "/dev/zero"], "too large"),
    (&["gen", "unity", "--state-file", "/dev/zero", "u32"], "too large"),
    (&["gen", "unity", "--state-file", "@blob", "u32"], "UTF-8"),
    (&["gen", "unity", "--state-file", "@not-utf8", "u32"], "UTF-8"),
    (&["state", "unity", "--state-file", "@empty"], "empty"),
    (&["state", "unity", "--state-file", "@three-words"], "4 words"),
    (&["state", "unity", "--state-file", "@words-too-wide"], "32 bits"),
    (&["state", "unity", "--seed", "1", "-o", "@a-directory"], "cannot write"),
    (&["state", "mars", "--seed", "1", "-o", "@no-such-dir/x"], "cannot write"),
    // distance.
    (&["distance", "unity"], "required"),
    (&["distance", "unity", "--from", "0 0 0 0", "--to", "1 2 3 4"], "--from"),
    (&["distance", "unity", "--from", "1 2 3 4", "--to", "1 2 3"], "--to"),
    (&["distance", "tinymt32", "--from", "1 2 3 4", "--to", "1 2 3 5", "--max", "x"], "--max"),
    (&["distance", "mt19937", "--from-file", "/dev/zero", "--to-file", "@blob"], "too large"),
    (&["distance", "splitmix64", "--from", "1", "--to-file", "@a-directory"], "cannot read"),
    // --advance takes any size now; a step count that is not a number fails.
    (&["gen", "unity", "--seed", "1", "--advance", "0x1g", "u32"], "--advance"),
    // Non-UTF-8 arguments.
    (&["$bad"], "unrecognized subcommand"),
    (&["gen", "$bad", "--seed", "1", "u32"], "UTF-8"),
    (&["gen", "unity", "--seed", "$bad", "u32"], "UTF-8"),
    (&["gen", "unity", "--seed", "1", "$bad"], "UTF-8"),
    (&["state", "unity", "--state", "$bad"], "UTF-8"),
    // detect: malformed values and options.
    (&["detect", "--observations", "@detect-mixed"], "line 1 is a bare value but line 2 is not"),
    (&["detect", "--observations", "@detect-out-of-range"], "line 2: `1.5` is a decimal outside [0, 1)"),
    (&["detect", "--observations", "@detect-no-draw"], "no generator reads these observations"),
    (&["detect", "--observations", "@detect-text"], "no generator reads these observations"),
    (&["detect", "--observations", "@empty"], "no observations"),
    (&["detect", "--max-seconds", "0"], "--max-seconds"),
    (&["detect", "--max-seconds", "x"], "--max-seconds"),
    (&["detect", "--threads", "0"], "--threads"),
    (&["detect", "--observations", "@missing"], "cannot read"),
    // recover / identify / seed-search: malformed observation files and options.
    (&["recover", "java", "--observations", "@obs-in-empty"], "line 1: the range `0.5..0.5` holds no value"),
    (&["recover", "java", "--observations", "@obs-in-reversed"], "holds no value"),
    (&["recover", "java", "--observations", "@obs-in-not-number"], "LOW `a`"),
    (&["recover", "java", "--observations", "@obs-in-no-range"], "nothing after `in`"),
    (&["recover", "java", "--observations", "@obs-in-no-dots"], "is not a range"),
    (&["recover", "java", "--observations", "@obs-in-no-draw"], "no draw before `in`"),
    (&["recover", "java", "--observations", "@obs-in-bits"], "not `bits`"),
    (&["recover", "java", "--observations", "@obs-in-bad-draw"], "BOUND > 0"),
    (&["seed-search", "dotnet-legacy", "--observations", "@obs-dotnet-in-empty"], "holds no value"),
    (&["recover", "java", "--observations", "@obs-skip-empty-range"], "holds no count"),
    (&["recover", "java", "--observations", "@obs-skip-bad-range"], "line 1: skip"),
    (&["recover", "java", "--observations", "@obs-java-bound"], "BOUND > 0"),
    (&["recover", "java", "--observations", "@obs-java-value"], "is not a value"),
    (&["seed-search", "dotnet-legacy", "--observations", "@obs-dotnet-bound"], "line 1"),
    (&["seed-search", "java", "--seeds", "0..10", "--observations", "@obs-java-value"], "line 1"),
    (&["distance", "java", "--from", "1000000000000000", "--to", "1"], "48"),
    (&["recover", "unity", "--observations", "@obs-unknown-draw"], "line 1: unity has no draw `valu`"),
    (&["recover", "unity", "--observations", "@obs-no-value"], "line 1: nothing after `=`"),
    (&["recover", "unity", "--observations", "@obs-bad-mask"], "line 1: MASK"),
    (&["recover", "unity", "--observations", "@obs-negative-skip"], "line 1: skip"),
    (&["recover", "unity", "--observations", "@obs-not-utf8"], "UTF-8"),
    // --fresh is a switch: it takes no value.
    (&["recover", "v8", "--fresh=1"], "--fresh"),
    // --max-candidates: a count of at least 1, 2^K with K <= 63.
    (&["recover", "java", "--max-candidates", "0"], "--max-candidates"),
    (&["recover", "java", "--max-candidates", "2^64"], "--max-candidates"),
    (&["recover", "java", "--max-candidates", "lots"], "--max-candidates"),
    (&["recover", "java", "--max-candidates=-5"], "--max-candidates"),
    // The V8 eras' state: two xorshift words and the cache position.
    (&["gen", "v8-13", "--state", "1 2", "math-random"], "3 words"),
    (&["gen", "node26", "--state", "1 2 0x41", "math-random"], "6 bits"),
    (&["recover", "unity", "--observations", "@empty"], "no observations"),
    (&["recover", "unity", "--observations", "@a-directory"], "cannot read"),
    (&["recover", "unity3d", "--observations", "@obs-one-word"], "unknown generator"),
    // The JavaScript GENs and their draws.
    (&["gen", "v8", "--seed", "0", "math-random"], "random-seed=0"),
    (&["gen", "v8-legacy", "--seed", "0", "math-random"], "random-seed=0"),
    (&["gen", "v8-13", "--seed", "0", "math-random"], "random-seed=0"),
    (&["gen", "node26", "--seed", "0", "math-random"], "random-seed=0"),
    (&["gen", "v8-14", "--state", "1 2 64", "math-random"], "word"),
    (&["gen", "spidermonkey", "--seed", "1", "math-random"], "cannot be seeded"),
    (&["gen", "javascriptcore", "--seed", "1", "math-random"], "cannot be seeded"),
    (&["gen", "javascriptcore", "--state", "0 0", "math-random"], "zero"),
    (&["gen", "v8", "--state", "1 2 64", "math-random"], "word"),
    (&["gen", "v8", "--state", "1 2", "math-random"], "3"),
    (&["gen", "v8", "--seed", "1", "floor", "0"], "1 <= N <= 2^53"),
    (&["gen", "v8", "--seed", "1", "floor", "9007199254740993"], "1 <= N <= 2^53"),
    (&["gen", "v8", "--seed", "1", "floor", "x"], "not a 64-bit unsigned integer"),
    (&["gen", "v8", "--seed", "1", "floor"], "floor"),
    (&["gen", "v8", "--seed", "1", "math-random", "3"], "math-random"),
    (&["recover", "v8", "--observations", "@obs-js-not-a-double"], "line 1"),
    (&["recover", "spidermonkey", "--observations", "@obs-js-floor-out-of-range"], "line 1"),
    (&["recover", "v8-legacy", "--observations", "@obs-js-floor-zero"], "line 1"),
    (&["recover", "v8", "--observations", "@obs-one-word", "--predict", "1", "floor", "0"], "1 <= N <= 2^53"),
    (&["identify", "mars", "--state-file", "@truncated"], "2500"),
    (&["identify", "mars", "--state-file", "@left625"], "0..=624"),
    (&["identify", "unity", "--state", "1 2 3"], "needs 4 words"),
    (&["seed-search", "mt19937", "--observations", "@obs-one-word", "--seeds", "10..5"], "is empty"),
    (&["seed-search", "mt19937", "--observations", "@obs-one-word", "--seeds", "abc"], "--seeds"),
    (&["seed-search", "mt19937", "--observations", "@obs-one-word", "--seeds", "0..5", "--threads", "0"], "--threads"),
    (&["recover", "java", "--observations", "@obs-one-word", "--max-candidates", "2^64"], "--max-candidates"),
    (&["recover", "java", "--observations", "@obs-one-word", "--max-candidates", "0"], "--max-candidates"),
    (&["seed-search", "mt19937", "--observations", "@obs-one-word", "--seeds", "0..5", "--max-advance", "x"], "--max-advance"),
    // The runtime GENs (PHP, CPython, Ruby, glibc): unknown versions,
    // empty ranges the runtime rejects, values no draw gives, seeds
    // outside the searched space.
    (&["gen", "php9", "--seed", "1", "mt-rand"], "unknown generator `php9`"),
    (&["seed-search", "php-5.3", "--seeds", "0..1"], "unknown generator"),
    (&["gen", "php", "--seed", "1", "mt-rand", "5", "1"], "Argument #2 ($max)"),
    (&["gen", "php5", "--seed", "1", "mt-rand", "5", "1"], "max(1) is smaller than min(5)"),
    (&["gen", "php3", "--seed", "1", "mt-rand", "5", "1"], "max(1) is smaller than min(5)"),
    (&["gen", "python", "--seed", "1", "randint", "5", "1"], "empty range for randint"),
    (&["gen", "python", "--seed", "1", "randrange", "5", "5"], "empty range for randrange"),
    (&["gen", "ruby", "--seed", "1", "rand-int", "0"], "N >= 1"),
    (&["gen", "lua54", "--seed", "1", "random", "5", "1"], "interval is empty"),
    (&["gen", "lua54", "--seed", "1", "random", "1.5"], "64-bit integers"),
    (&["gen", "luajit", "--seed", "1", "random", "1", "2", "3"], "at most two arguments"),
    (&["gen", "luajit", "--seed", "1", "random", "nan"], "bad argument to 'random'"),
    (&["gen", "go", "--seed", "1", "intn", "0"], "invalid argument to Intn"),
    (&["gen", "go", "--seed", "1", "int31n", "2147483648"], "1 <= N <= 2147483647"),
    (&["gen", "go", "--seed", "1", "int63n", "-3"], "invalid argument to Int63n"),
    (&["gen", "go", "--seed", "1", "perm", "-1"], "0 <= N <= 16777216"),
    (&["gen", "go", "--seed", "1", "shuffle", "x"], "`shuffle N`"),
    (&["gen", "go", "--seed", "1", "int63", "5"], "takes 0 arguments"),
    (&["gen", "go", "--state", "0 1 2", "int63"], "609"),
    (&["gen", "go-pcg", "--seed", "1", "intn", "-3"], "invalid argument to IntN"),
    (&["gen", "go-pcg", "--seed", "1", "uint32n", "4294967296"], "1 <= N <= 4294967295"),
    (&["gen", "go-pcg", "--seed", "1", "uint64n", "0"], "invalid argument to Uint64N"),
    (&["gen", "go-pcg", "--seed", "1", "perm", "x"], "`perm N`"),
    (&["gen", "go-pcg", "--state", "1 2 3", "uint64"], "2"),
    (&["gen", "go-chacha8", "--seed", "1", "int32n", "2147483648"], "invalid argument to Int32N"),
    (&["gen", "go-chacha8", "--seed-str", "short", "uint64"], "32 bytes of text"),
    (&["gen", "go-chacha8", "--seed", "-1", "uint64"], "2^256"),
    (&["gen", "go-chacha8", "--state", "0x7d 1 2 3 4", "uint64"], "0 to 124"),
    (&["gen", "numpy", "--seed", "-1", "random"], "non-negative"),
    (&["gen", "numpy", "--seed", "1", "integers", "5", "5"], "low >= high"),
    (&["gen", "numpy", "--seed", "1", "integers", "0", "9223372036854775809"], "out of bounds for int64"),
    (&["gen", "numpy-sfc64", "--seed", "1", "choice", "0"], "positive integer"),
    (&["gen", "numpy-philox", "--seed", "1", "permutation", "x"], "`x`"),
    (&["gen", "numpy", "--seed", "1", "normal", "0", "-1"], "scale < 0"),
    (&["gen", "numpy-mt19937", "--seed", "1", "uniform", "1"], "both LOW and HIGH"),
    (&["gen", "numpy", "--state", "0 1 2 4 0 0", "random"], "must be odd"),
    (&["gen", "numpy-pcg64dxsm", "--state", "0 1 2 3 2 0", "random"], "has_uint32"),
    (&["gen", "numpy-philox", "--state", "0 0 0 0 1 2 5 0 0", "random"], "buffer_pos"),
    (&["gen", "numpy-legacy", "--seed", "1", "randint", "5", "5"], "needs LOW < HIGH"),
    (&["gen", "numpy-legacy", "--seed", "1", "normal", "0", "-1"], "SCALE >= 0"),
    (&["gen", "numpy-legacy", "--seed", "1", "choice", "0"], "1 <= N"),
    (&["gen", "numpy-legacy", "--seed", "1", "permutation", "x"], "`x` is not a 64-bit unsigned integer"),
    (&["gen", "numpy-legacy", "--seed", "4294967296", "random-sample"], "does not fit numpy-legacy's 32-bit seed"),
    (&["gen", "numpy-legacy", "--state", "1 2 3", "random-sample"], "628 words"),
    (&["gen", "numpy-legacy", "--state", "('MT19937', array([1, 2], dtype=uint32), 624, 0, 0.0)", "random-sample"], "624 key words"),
    (&["gen", "r", "--seed", "1", "sample", "0"], "1 <= N"),
    (&["gen", "r", "--seed", "-2147483648", "runif"], "that int is NA"),
    (&["gen", "r", "--seed", "1", "rnorm", "2"], "`rnorm` takes 0 argument(s)"),
    (&["gen", "r", "--state", "c(10403L, 624L)", "runif"], "626 integers"),
    (&["gen", "r", "--seed", "1", "rbinom", "-1", "0.5"], "0 <= SIZE <= 2147483646"),
    (&["gen", "r", "--seed", "1", "rbinom", "2.5", "0.5"], "invalid SIZE 2.5"),
    (&["gen", "r", "--seed", "1", "rbinom", "2147483647", "0.5"], "by qbinom"),
    (&["gen", "r", "--seed", "1", "rbinom", "10", "1.5"], "0 <= PROB <= 1"),
    (&["gen", "r", "--seed", "1", "rbinom", "10", "nan"], "not a finite decimal"),
    (&["gen", "r", "--seed", "1", "rbinom", "10"], "`rbinom SIZE PROB` takes 2 argument(s)"),
    (&["gen", "r", "--seed", "1", "rpois", "-1"], "0 <= LAMBDA <= 1e18"),
    (&["gen", "r", "--seed", "1", "rpois", "inf"], "not a finite decimal"),
    (&["gen", "r", "--seed", "1", "rpois", "1e19"], "0 <= LAMBDA <= 1e18"),
    (&["gen", "dotnet", "--seed", "1", "next"], "cannot be seeded"),
    (&["gen", "dotnet", "--state", "1 2 3 4", "next", "-1"], "needs MAX >= 0"),
    (&["gen", "dotnet6", "--state", "1 2 3 4", "next-int64", "5", "1"], "needs MIN <= MAX"),
    (&["gen", "dotnet", "--state", "1 2 3 4", "next-range", "5"], "takes MIN MAX"),
    (&["gen", "dotnet", "--state", "0 0 0 0", "next"], "zero"),
    (&["gen", "dotnet6", "--state", "1 2 3", "next"], "4"),
    (&["gen", "dotnet-32bit", "--state", "100000000 1 2 3", "next"], "32 bits"),
    (&["gen", "dotnet6-32bit", "--seed-str", "x", "next"], "cannot be seeded"),
    (&["gen", "libgdx", "--seed", "1", "next-int", "0"], "n must be positive"),
    (&["gen", "libgdx", "--seed", "1", "next-long-n", "-5"], "n must be positive"),
    (&["gen", "libgdx", "--seed", "1", "next-boolean", "1"], "next-boolean"),
    (&["gen", "libgdx", "--state", "0 0", "next-long"], "zero"),
    (&["gen", "minstd-rand", "--seed", "1", "uniform-int-libcxx", "6", "1"], "needs A <= B"),
    (&["gen", "mt19937", "--seed", "1", "uniform-int-libstdcxx", "1"], "takes two arguments"),
    (&["gen", "knuth-b", "--seed", "1", "uniform-int-libstdcxx", "0", "2147483648"], "the bounds are C++ ints"),
    (&["gen", "ranlux24", "--seed", "1", "next", "5"], "takes no arguments"),
    (&["gen", "mt19937", "--seed", "1", "uniform-real-libcxx", "1", "0"], "needs A <= B"),
    (&["gen", "ranlux48", "--seed", "1", "uniform-real-libstdcxx", "0", "inf"], "a finite decimal number"),
    (&["gen", "minstd-rand", "--seed", "1", "normal-libstdcxx", "0", "0"], "needs SD > 0"),
    (&["gen", "knuth-b", "--seed", "1", "normal-libcxx", "0"], "takes two arguments"),
    (&["gen", "mt19937-64", "--seed", "1", "canonical-libcxx", "1"], "takes no arguments"),
    (&["gen", "minstd-rand", "--state", "1 0 0x7ff00000", "next"], "a finite double"),
    (&["gen", "mt19937-64", "--state", "0x313", "next"], "mt19937-64 state needs 313 words"),
    (&["gen", "minstd-rand0", "--state", "0x0", "next"], "must be in 1..=2147483646"),
    (&["gen", "php", "--seed", "0x1000000000000000000", "mt-rand"], "does not fit php's 64-bit seed"),
    (&["seed-search", "php", "--observations", "@obs-php-min-max", "--seeds", "0..5"], "line 1: mt_rand(): Argument #2"),
    (&["seed-search", "php", "--observations", "@obs-php-outside", "--seeds", "0..5"], "is not a value `mt-rand 0 99` can give"),
    (&["seed-search", "php", "--observations", "@obs-php-one", "--seeds", "0..0x100000001"], "leaves php's 32-bit seed space"),
    (&["seed-search", "python", "--observations", "@obs-python-one", "--seeds", "-5..5"], "leaves python's 32-bit seed space"),
    (&["seed-search", "glibc", "--observations", "@obs-glibc-few", "--seeds", "0..0x100000001"], "leaves glibc's 32-bit seed space"),
    (&["seed-search", "php", "--observations", "@obs-php-one", "--seeds", "2026-13-01T00:00:00Z..2026-11-02T00:00:00Z"], "--seeds"),
    (&["recover", "glibc", "--observations", "@obs-glibc-few"], "31 consecutive rand() outputs"),
    (&["recover", "glibc", "--observations", "@obs-glibc-negative"], "`-1` is not a value `rand` can give"),
    (&["state", "mars", "--state-file", "$bad_path"], "cannot read"),
    // The game GENs.
    (&["gen", "pokerng", "--seed", "0", "rand", "0"], "N in 1..=65536"),
    (&["gen", "xdrng", "--seed", "0", "rand", "70000"], "N in 1..=65536"),
    (&["gen", "arng", "--seed", "0", "next-u16", "3"], "takes"),
    (&["gen", "pokerng", "--seed", "4294967296", "next"], "32-bit seed"),
    (&["gen", "bwrng", "--seed", "1", "rand", "0x100000001"], "1..=4294967296"),
    (&["gen", "swsh", "--seed", "1", "rand", "0"], "N >= 1"),
    (&["gen", "swsh", "--seed", "1", "rand", "-3"], "unsigned"),
    (&["state", "swsh", "--state", "0 0"], "all zero"),
    (&["gen", "sfmt", "--seed", "1", "rand", "0"], "N >= 1"),
    (&["state", "sfmt", "--state", "$sfmt_odd_index"], "even index"),
    (&["state", "sfmt", "--state", "$sfmt_short"], "sfmt"),
    (&["gen", "godot", "--seed", "1", "randi-range", "1"], "randi-range FROM TO"),
    (&["gen", "godot", "--seed", "1", "randf-range", "0", "x"], "finite"),
    (&["gen", "godot", "--seed", "1", "randfn", "1"], "randfn"),
    (&["gen", "unreal", "--seed", "4294967296", "frand"], "32-bit seed"),
    (&["gen", "unreal", "--seed", "1", "rand-range", "1"], "rand-range MIN MAX"),
    (&["gen", "unreal", "--seed", "1", "vrand", "2"], "takes"),
    (&["gen", "unreal", "--seed", "1", "nextint"], "has no draw"),
    // Control characters quoted from the input are escaped, never
    // written raw to the terminal (fuzz: `state_text`, `wasm_request`).
    (&["gen", "unity", "--seed", "1", "\u{1b}[31m"], r"no draw `\u{1b}[31m`"),
    (&["gen", "unity", "--seed", "1\u{7}", "u32"], r"`1\u{7}`"),
    (&["gen", "unity", "--state", "{\"s0\":1\u{7}}", "u32"], r"\u{7}"),
];

fn rows(f: &Fixtures) -> Vec<Row> {
    let bad = OsStr::from_bytes(b"\xff\xfe");
    let bad_path = f.dir.join(OsStr::from_bytes(b"missing-\xff"));
    let built = |name: &str| -> OsString {
        match name {
            "huge_number" => "9".repeat(200).into(),
            "long_word" => "f".repeat(100_000).into(),
            "many_words" => words("1", "1", 49_999).into(),
            // Words are hex: 0x271 = 625.
            "mt_left_625" => words("0x271", "1", 624).into(),
            "mt_left_neg" => words("ffffffff", "1", 624).into(),
            "mt_short" => words("0", "1", 623).into(),
            "mt_long" => words("0", "1", 625).into(),
            "mt_zero" => words("0", "0", 624).into(),
            "sfmt_odd_index" => words("3", "1", 624).into(),
            "sfmt_short" => words("0", "1", 100).into(),
            "bad" => bad.to_os_string(),
            "bad_path" => bad_path.clone().into_os_string(),
            _ => panic!("the table names no word `${name}`"),
        }
    };
    TABLE
        .iter()
        .map(|&(args, needle)| Row {
            args: args
                .iter()
                .map(|a| match (a.strip_prefix('@'), a.strip_prefix('$')) {
                    (Some(fixture), _) => f.path(fixture).into(),
                    (_, Some(name)) => built(name),
                    _ => OsString::from(a),
                })
                .collect(),
            needle,
        })
        .collect()
}

/// Exit 2, nothing on stdout, one `error:` line containing the fragment.
fn check(row: &Row, cwd: &Path) -> Result<(), String> {
    let out = Command::new(
        std::env::var_os("RNGKIT_TEST_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_rngkit").into()),
    )
    .args(&row.args)
    .current_dir(cwd)
    .env_remove("RUST_BACKTRACE")
    .output()
    .expect("the rngkit binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    let shown: Vec<String> = row
        .args
        .iter()
        .map(|a| {
            let s = a.to_string_lossy();
            if s.len() > 60 {
                format!("{}...", &s[..60])
            } else {
                s.into_owned()
            }
        })
        .collect();
    let fail = |why: &str| Err(format!("rngkit {shown:?}: {why}; stderr: {stderr:?}"));
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        return fail("panicked");
    }
    if out.status.code() != Some(2) {
        return fail(&format!("exit {:?}, expected 2", out.status.code()));
    }
    if !out.stdout.is_empty() {
        return fail("wrote to stdout");
    }
    if stderr.lines().count() != 1 || !stderr.ends_with('\n') {
        return fail("stderr is not exactly one line");
    }
    if !stderr.starts_with("error: ") {
        return fail("stderr does not start with `error: `");
    }
    if stderr.trim_end_matches('\n').chars().any(char::is_control) {
        return fail("stderr holds a control character");
    }
    if !stderr.contains(row.needle) {
        return fail(&format!("message lacks `{}`", row.needle));
    }
    Ok(())
}

#[test]
fn malformed_inputs_exit_2_with_one_error_line() {
    let fixtures = Fixtures::new();
    let rows = rows(&fixtures);
    assert!(rows.len() >= 40, "the table has {} rows", rows.len());
    let failures: Vec<String> = rows
        .iter()
        .filter_map(|r| check(r, &fixtures.dir).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} rows failed:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
}

/// Dice on the sum engines are valid input out of reach, not malformed
/// input: exit 3, one `error:` line saying what to add (and, for the V8
/// era that hands its cache out last-made first, naming --fresh).
#[test]
fn dice_on_the_sum_engines_exit_3_with_what_to_add() {
    let dice: String = (0..100)
        .map(|i| format!("floor 6 = {}\n", i * 7 % 6))
        .collect();
    for (name, needle) in [
        ("v8", "consecutive"),
        ("spidermonkey", "consecutive"),
        ("v8-14", "--fresh"),
    ] {
        let dir = std::env::temp_dir().join(format!("rngkit-dice-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("dice.txt"), &dice).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_rngkit"))
            .args(["recover", name, "--observations", "dice.txt"])
            .current_dir(&dir)
            .output()
            .expect("the rngkit binary runs");
        std::fs::remove_dir_all(&dir).ok();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{name}: {stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1 && stderr.contains(needle),
            "{name}: {stderr}"
        );
    }
}

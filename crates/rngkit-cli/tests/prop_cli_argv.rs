//! Property test of the `rngkit` binary on random command lines built from
//! its real vocabulary (commands, options, generator and draw names, edge
//! numbers, state strings, prepared files) mixed with free text.
//!
//! Whatever the argv, the contract's common rules hold: exit status in
//! {0, 1, 2, 3}, never a panic, and a failure prints nothing on stdout and
//! exactly one `error:` line on stderr. This is the stable-toolchain twin
//! of the `cli_args` fuzz target (`fuzz/`); both derive their vocabulary from
//! the CLI and the registry.

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use proptest::prelude::*;

/// Near misses users type, beside the real vocabulary.
const NEAR_MISSES: &[&str] = &["Unity", "mt", "xoshiro256**", "-", "--", "uint", "U32"];

/// The vocabulary: every command and option the binary's `--help` lists,
/// every GEN, alias and draw name of the registry, and near misses. Derived,
/// so a new command, option or GEN is fuzzed without editing this test.
fn words() -> &'static [String] {
    static WORDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let help = |args: &[&str]| {
            let out = Command::new(env!("CARGO_BIN_EXE_rngkit"))
                .args(args)
                .output()
                .unwrap();
            String::from_utf8_lossy(&out.stdout).into_owned()
        };
        let mut words: Vec<String> = NEAR_MISSES.iter().map(|w| w.to_string()).collect();
        let top = help(&["--help"]);
        let commands: Vec<String> = top
            .lines()
            .skip_while(|l| !l.starts_with("Commands:"))
            .skip(1)
            .take_while(|l| l.starts_with("  "))
            .filter_map(|l| l.split_whitespace().next().map(str::to_string))
            .filter(|c| c != "help")
            .collect();
        for command in &commands {
            words.push(command.clone());
            for line in help(&[command, "--help"]).lines() {
                for token in line.split(|c: char| c.is_whitespace() || c == ',') {
                    let token = token.split('=').next().unwrap_or(token);
                    let option = token.starts_with("--") && token.len() > 2
                        || (token.len() == 2 && token.starts_with('-') && token != "--");
                    if option
                        && token[1..]
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-')
                    {
                        words.push(token.to_string());
                    }
                }
            }
        }
        words.extend(crate::common::vocabulary::registry_words());
        words.sort();
        words.dedup();
        assert!(words.iter().any(|w| w == "seed-search") && words.iter().any(|w| w == "--advance"));
        words
    })
}

/// Numbers: small ones, the word-width edges, malformed spellings.
static NUMBERS: std::sync::LazyLock<Vec<&str>> = std::sync::LazyLock::new(|| {
    let small = ["0", "1", "-1", "5489", "0x10"];
    let more = [
        "624", "625", "0x", "", "1e3", " 7 ", "_1", "abc", "-0", "+5", "1000",
    ];
    [&small[..], &crate::common::vocabulary::WORD_EDGES, &more].concat()
});

const STATES: &[&str] = &[
    "0 1 6c078966 714acb3f",
    "0 0 0 0",
    "185706b82c2e03f8 6d",
    "185706b82c2e03f8 6c",
    "1",
    "ffffffffffffffff",
    "10000000000000000",
    "1 2 3",
    "g 1 2 3",
    "",
];

/// Files in the scratch directory the commands run in.
const FILES: &[&str] = &["blob", "empty", "text", "a-directory", "missing", "out"];

fn token() -> impl Strategy<Value = String> {
    let pick =
        |table: &'static [&'static str]| (0..table.len()).prop_map(move |i| table[i].to_string());
    prop_oneof![
        6 => (0..words().len()).prop_map(|i| words()[i].clone()),
        3 => pick(&NUMBERS),
        1 => pick(STATES),
        1 => pick(FILES),
        1 => "[a-z0-9 _.-]{0,8}",
        1 => any::<String>().prop_map(|s| s.chars().take(12).collect()),
    ]
}

/// Whether running the argv is safe and quick: `-o` only into the scratch
/// directory, a bounded `--advance`.
fn acceptable(args: &[String]) -> bool {
    args.iter().enumerate().all(|(i, a)| {
        let next = args.get(i + 1).map(String::as_str);
        let short_cluster = a.starts_with('-') && !a.starts_with("--");
        if a == "-o" || a == "--output" {
            next.is_some_and(|n| FILES.contains(&n))
        } else if (short_cluster && a.contains('o')) || a.starts_with("--output") {
            false
        } else if a == "--advance" || a == "-n" || a == "--count" || a == "--max" {
            next.is_none_or(|n| n.trim().parse::<u64>().map_or(true, |v| v <= 1_000_000))
        } else {
            !a.starts_with("--advance=") && !a.starts_with("--max=")
        }
    })
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("rngkit-prop-argv-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("a-directory")).unwrap();
    let mut blob = vec![1u8; 2496];
    blob.extend_from_slice(&0i32.to_le_bytes());
    std::fs::write(dir.join("blob"), blob).unwrap();
    std::fs::write(dir.join("empty"), b"").unwrap();
    std::fs::write(dir.join("text"), b"0 1 6c078966 714acb3f\n").unwrap();
    dir
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn any_argv_follows_the_common_rules(args in proptest::collection::vec(token(), 0..9)) {
        prop_assume!(acceptable(&args));
        let dir = scratch();
        let mut child = Command::new(env!("CARGO_BIN_EXE_rngkit"))
            .args(&args)
            .current_dir(&dir)
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the rngkit binary runs");
        let mut stderr_pipe = child.stderr.take().unwrap();
        let stderr_reader = std::thread::spawn(move || {
            let mut s = Vec::new();
            let _ = stderr_pipe.read_to_end(&mut s);
            s
        });
        // Endless output (`--raw` without -n) stops when the pipe closes.
        let mut stdout = Vec::new();
        child.stdout.take().unwrap().take(1 << 20).read_to_end(&mut stdout).unwrap();
        let status = child.wait().unwrap();
        let stderr = String::from_utf8_lossy(&stderr_reader.join().unwrap()).into_owned();
        let code = status.code();
        prop_assert!(!stderr.contains("panicked"), "{:?}: {}", args, stderr);
        prop_assert!(matches!(code, Some(0..=3)), "{:?}: exit {:?}: {}", args, code, stderr);
        if code != Some(0) {
            prop_assert!(stdout.is_empty(), "{:?} failed but wrote stdout", args);
            prop_assert_eq!(stderr.lines().count(), 1, "{:?}: {}", args, stderr);
            prop_assert!(stderr.starts_with("error: "), "{:?}: {}", args, stderr);
        } else {
            prop_assert!(!stderr.contains("error:"), "{:?}: {}", args, stderr);
        }
    }
}

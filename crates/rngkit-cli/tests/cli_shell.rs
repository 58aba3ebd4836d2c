//! `rngkit completions SHELL` and `rngkit man`: the bash script, run by
//! bash with COMP_WORDS set as bash sets them for a TAB, completes commands,
//! GEN names and the GEN's draws; so do the fish script (fish's own
//! `complete -C LINE`) and the zsh script (a real interactive zsh on a
//! pseudo-terminal, zsh's zpty module, sent the line and a TAB); the manual
//! page is roff with a GENERATORS section that names every GEN of the
//! catalogue.

use std::process::Command;

use rngkit_analysis::registry;

use crate::common::{Scratch, run};

/// What bash's completion offers for the words `line` (the last word is
/// the one being completed), with the generated script loaded.
fn bash_complete(script: &str, words: &[&str]) -> Vec<String> {
    let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source '{script}'\nCOMP_WORDS=({})\nCOMP_CWORD={}\nCOMP_LINE='{}'\nCOMP_POINT=${{#COMP_LINE}}\n\
         _rngkit_with_draws rngkit '{}' '{}'\nprintf '%s\\n' \"${{COMPREPLY[@]}}\"\n",
        quoted.join(" "),
        words.len() - 1,
        words.join(" "),
        words[words.len() - 1],
        words[words.len().saturating_sub(2)],
    );
    run_shell("bash", &["--norc", "-c", &program])
}

/// The lines a shell prints for `args` (it must exit 0).
fn run_shell(shell: &str, args: &[&str]) -> Vec<String> {
    let out = Command::new(shell)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{shell} runs (scripts/install-runtimes installs it): {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_commands_gens_and_draws() {
    let dir = Scratch::new("completions");
    let script = dir.file(
        "rngkit.bash",
        run(&["completions", "bash"]).ok().join("\n") + "\n",
    );
    let offered = bash_complete(&script, &["rngkit", "g"]);
    assert_eq!(offered, ["gen"], "rngkit g<TAB>");
    let offered = bash_complete(&script, &["rngkit", ""]);
    for command in [
        "gen",
        "state",
        "recover",
        "detect",
        "seed-search",
        "completions",
        "man",
    ] {
        assert!(
            offered.iter().any(|o| o == command),
            "{command}: {offered:?}"
        );
    }
    // After `gen `: every GEN of the catalogue.
    let offered = bash_complete(&script, &["rngkit", "gen", ""]);
    for e in registry::all() {
        assert!(
            offered.iter().any(|o| o == e.name()),
            "{}: {offered:?}",
            e.name()
        );
    }
    let offered = bash_complete(&script, &["rngkit", "seed-search", "gl"]);
    assert_eq!(offered, ["glibc"]);
    // `table build `: the GENs a table can be built for.
    let offered = bash_complete(&script, &["rngkit", "table", "build", ""]);
    for gen_name in ["php", "mt19937", "python", "ruby"] {
        assert!(
            offered.iter().any(|o| o == gen_name),
            "{gen_name}: {offered:?}"
        );
    }
    assert!(!offered.iter().any(|o| o == "glibc"), "{offered:?}");
    // After `gen GEN SEEDING `: that GEN's draws, and not another's.
    let offered = bash_complete(&script, &["rngkit", "gen", "glibc", "--seed", "1", ""]);
    for draw in ["u32", "rand", "int"] {
        assert!(offered.iter().any(|o| o == draw), "{draw}: {offered:?}");
    }
    assert!(!offered.iter().any(|o| o == "math-random"), "{offered:?}");
    let offered = bash_complete(
        &script,
        &["rngkit", "gen", "unity", "--seed", "1", "range-"],
    );
    assert!(offered.iter().any(|o| o == "range-int"), "{offered:?}");
    // An option's value is not a draw.
    let offered = bash_complete(&script, &["rngkit", "gen", "glibc", "--seed", ""]);
    assert!(!offered.iter().any(|o| o == "rand"), "{offered:?}");
}

/// What fish's completion offers for `line` (the text before the cursor),
/// with the generated script loaded: `complete -C`, one candidate a line
/// (its description after a tab).
fn fish_complete(script: &str, line: &str) -> Vec<String> {
    let program = format!("source '{script}'; complete -C '{line}'");
    run_shell("fish", &["--no-config", "-c", &program])
        .iter()
        .map(|l| l.split('\t').next().unwrap_or("").to_string())
        .collect()
}

#[test]
fn fish_completes_gens_then_the_gens_draws() {
    let dir = Scratch::new("completions-fish");
    let script = dir.file(
        "rngkit.fish",
        run(&["completions", "fish"]).ok().join("\n") + "\n",
    );
    // After `gen ` (and after an option's value): every GEN, no draw.
    for line in ["rngkit gen ", "rngkit gen --seed 1 "] {
        let offered = fish_complete(&script, line);
        for e in registry::all() {
            assert!(
                offered.iter().any(|o| o == e.name()),
                "{line}: {}",
                e.name()
            );
        }
        assert!(
            !offered.iter().any(|o| o == "mt-rand"),
            "{line}: {offered:?}"
        );
    }
    assert_eq!(fish_complete(&script, "rngkit seed-search gl"), ["glibc"]);
    // After `gen GEN SEEDING `: that GEN's draws, not another's, no GEN.
    let offered = fish_complete(&script, "rngkit gen php --seed 1 -n 3 ");
    for draw in ["mt-rand", "rand", "u32", "shuffle"] {
        assert!(offered.iter().any(|o| o == draw), "{draw}: {offered:?}");
    }
    for other in ["math-random", "range-float", "mt19937"] {
        assert!(!offered.iter().any(|o| o == other), "{other}: {offered:?}");
    }
    let offered = fish_complete(&script, "rngkit gen unity --seed=1 range-");
    assert_eq!(offered, ["range-float", "range-int"]);
    // No draws before a seeding, or after the draw.
    let offered = fish_complete(&script, "rngkit gen php mt");
    assert!(!offered.iter().any(|o| o == "mt-rand"), "{offered:?}");
    let offered = fish_complete(&script, "rngkit gen php --seed 1 mt-rand ");
    assert!(!offered.iter().any(|o| o == "mt-rand"), "{offered:?}");
}

/// What an interactive zsh prints when `line` is typed and TAB pressed,
/// with the generated script on its `fpath` and compinit run: a zsh
/// drives another on a pseudo-terminal (zpty). The line is typed once the
/// other has printed a marker after compinit (zle drops what is typed
/// before it starts), then cleared, and a second marker printed; what came
/// between is returned with the terminal's escape sequences removed.
fn zsh_complete(folder: &str, line: &str) -> String {
    let program = format!(
        r#"zmodload zsh/zpty
zpty z 'zsh -f -i'
zpty -w z 'PS1="> "; fpath=({folder} $fpath); autoload -U compinit; compinit -u -D; LISTMAX=100000; print -r -- __read""y__'
deadline=$(( SECONDS + 60 ))
wait_for() {{
    out=""
    while (( SECONDS < deadline )) && [[ $out != *$1* ]]; do
        if zpty -r -t z chunk; then out+=$chunk; else sleep 0.05; fi
    done
}}
wait_for __ready__
zpty -w -n z '{line}'$'\t'$'\C-u'
zpty -w z 'print -r -- __end_of""_completion__'
wait_for __end_of_completion__
zpty -d z
print -r -- "$out"
"#
    );
    let out = Command::new("zsh")
        .args(["-f", "-c", &program])
        .output()
        .expect("zsh runs (scripts/install-runtimes installs it)");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(
        text.contains("__end_of_completion__"),
        "zsh did not finish the completion of {line:?} in 60 s: {text}"
    );
    // Escape sequences (ESC [ ... letter) and carriage returns out.
    let mut plain = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                for n in chars.by_ref() {
                    if n.is_ascii_alphabetic() {
                        break;
                    }
                }
            }
        } else if c != '\r' {
            plain.push(c);
        }
    }
    plain
}

#[test]
fn zsh_completes_the_gens_draws() {
    let dir = Scratch::new("completions-zsh");
    dir.file(
        "_rngkit",
        run(&["completions", "zsh"]).ok().join("\n") + "\n",
    );
    let folder = dir.0.to_str().unwrap();
    let listed = zsh_complete(folder, "rngkit gen php --seed 1 ");
    for draw in ["mt-rand", "array-rand", "str-shuffle"] {
        assert!(listed.contains(draw), "{draw} not offered: {listed}");
    }
    for other in ["math-random", "range-float", "next-gaussian"] {
        assert!(!listed.contains(other), "{other} offered for php: {listed}");
    }
    let listed = zsh_complete(folder, "rngkit gen unity --seed 1 range-");
    for draw in ["range-float", "range-int"] {
        assert!(listed.contains(draw), "{draw} not offered: {listed}");
    }
    assert!(!listed.contains("mt-rand"), "{listed}");
    // A GEN is completed by name: the line becomes `rngkit gen glibc`.
    let listed = zsh_complete(folder, "rngkit gen glib");
    assert!(listed.contains("rngkit gen glibc"), "{listed}");
}

#[test]
fn every_shell_gets_a_script_naming_commands_and_gens() {
    for shell in ["bash", "zsh", "fish", "powershell"] {
        let text = run(&["completions", shell]).ok().join("\n");
        assert!(text.contains("seed-search"), "{shell}: no seed-search");
        // PowerShell's script completes commands and options only.
        if shell != "powershell" {
            for needle in ["glibc", "mt19937", "math-random"] {
                assert!(text.contains(needle), "{shell}: no {needle}");
            }
        }
    }
}

#[test]
fn man_prints_roff_with_every_gen() {
    let page = run(&["man"]).ok().join("\n");
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "{}",
        &page[..80]
    );
    assert!(page.contains(".TH rngkit 1"), "no title");
    assert!(page.contains(".SH GENERATORS"), "no GENERATORS section");
    for command in ["gen", "seed\\-search", "detect", "completions"] {
        assert!(page.contains(command), "{command}");
    }
    let section = &page[page.find(".SH GENERATORS").unwrap()..];
    for e in registry::all() {
        let name = format!("\\fB{}\\fR", e.name().replace('-', "\\-"));
        assert!(section.contains(&name), "{} not in GENERATORS", e.name());
    }
    // man itself renders it, where man is installed.
    let dir = Scratch::new("man");
    let file = dir.file("rngkit.1", &page);
    if let Ok(out) = Command::new("man")
        .args(["-l", &file])
        .env("MANPAGER", "cat")
        .env("PAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
    {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            text.contains("GENERATORS") && text.contains("glibc"),
            "{text}"
        );
    }
}

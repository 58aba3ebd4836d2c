//! `rngkit completions SHELL` and `rngkit man`: the bash script, run by
//! bash with COMP_WORDS set as bash sets them for a TAB, completes commands,
//! GEN names and the GEN's draws; the manual page is roff with a GENERATORS
//! section that names every GEN of the catalogue.

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
    let out = Command::new("bash")
        .arg("--norc")
        .arg("-c")
        .arg(&program)
        .output()
        .expect("bash runs");
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

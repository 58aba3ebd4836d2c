//! `rngkit completions SHELL` and `rngkit man`: the shell completion
//! scripts (clap_complete) and the manual page (clap_mangen), from the same
//! argument grammar as the program, with the GEN names and each GEN's draws
//! taken from the catalogue.

use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{Args, CommandFactory, ValueEnum};
use clap_complete::Shell;
use rngkit_analysis::registry::{self, Entry};

use crate::cli::Cli;
use crate::error::CliError;
use crate::output::Output;
use crate::reference;

/// The shells `completions` writes for.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShellName {
    Bash,
    Zsh,
    Fish,
    Powershell,
}

/// Arguments of `rngkit completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish or powershell.
    #[arg(value_enum, value_name = "SHELL")]
    pub shell: ShellName,
}

/// The long help of `completions`.
pub fn completions_help() -> String {
    "Prints a completion script for SHELL on stdout. It completes the commands,\n\
     their options, GEN names and, after a GEN, its draws (bash: the draws of the\n\
     GEN on the line; zsh, fish: every GEN's draws; powershell: commands and\n\
     options only).\n\n\
     INSTALL:\n  \
       bash:        rngkit completions bash > ~/.local/share/bash-completion/completions/rngkit\n  \
       zsh:         rngkit completions zsh > \"${fpath[1]}/_rngkit\"\n  \
       fish:        rngkit completions fish > ~/.config/fish/completions/rngkit.fish\n  \
       powershell:  rngkit completions powershell >> $PROFILE"
        .to_string()
}

/// The long help of `man`.
pub fn man_help() -> String {
    "Prints the manual page, in roff, on stdout; its GENERATORS section lists\n\
     every GEN of the catalogue.\n\n\
     INSTALL:\n  \
       rngkit man > ~/.local/share/man/man1/rngkit.1   (then `man rngkit`)\n  \
       rngkit man | man -l -                           (read it once)"
        .to_string()
}

/// The names of a GEN's draws: the common ones, its engine draws and
/// `token` where it has idioms.
pub fn draw_names(entry: &Entry) -> Vec<&'static str> {
    let mut names = vec!["u32", "u64", "f32", "f64", "int", "bool"];
    for d in entry.engine_draws() {
        let name = d.syntax.split_whitespace().next().unwrap_or(d.syntax);
        if !names.contains(&name) {
            names.push(name);
        }
    }
    if !entry.idioms().is_empty() {
        names.push("token");
    }
    names
}

/// Every GEN's name, in catalogue order.
fn gen_names() -> Vec<&'static str> {
    registry::all().iter().map(|e| e.name()).collect()
}

/// The grammar as the completion scripts see it: GEN arguments take the
/// catalogue's names, DRAW every GEN's draws (the program itself parses
/// GENs with aliases and suggestions, which a script cannot list).
fn completion_command() -> clap::Command {
    let gens = gen_names();
    let mut draws: Vec<&'static str> = Vec::new();
    for e in registry::all() {
        for d in draw_names(e) {
            if !draws.contains(&d) {
                draws.push(d);
            }
        }
    }
    let mut cmd = Cli::command();
    for sub in [
        "gen",
        "state",
        "recover",
        "locate",
        "identify",
        "seed-search",
        "distance",
    ] {
        let gens = gens.clone();
        cmd = cmd.mut_subcommand(sub, |s| {
            s.mut_arg("generator", |a| {
                a.value_parser(PossibleValuesParser::new(gens))
            })
        });
    }
    cmd.mut_subcommand("gen", |s| {
        s.mut_arg("draw", |a| a.value_parser(PossibleValuesParser::new(draws)))
    })
}

/// `rngkit completions SHELL`.
pub fn completions(args: CompletionsArgs) -> Result<ExitCode, CliError> {
    let shell = match args.shell {
        ShellName::Bash => Shell::Bash,
        ShellName::Zsh => Shell::Zsh,
        ShellName::Fish => Shell::Fish,
        ShellName::Powershell => Shell::PowerShell,
    };
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut completion_command(), "rngkit", &mut script);
    match args.shell {
        ShellName::Bash => script.extend_from_slice(bash_draws().as_bytes()),
        ShellName::Fish => script.extend_from_slice(fish_values().as_bytes()),
        // clap_complete's zsh script carries the value lists itself;
        // its PowerShell script completes commands and options only.
        ShellName::Zsh | ShellName::Powershell => {}
    }
    let mut out = Output::new();
    out.bytes(&script)?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The bash script's dynamic part: after `rngkit gen GEN ... ` (a seeding
/// given, the word not an option's value), the draws of that GEN; every
/// other word goes to clap's `_rngkit`.
fn bash_draws() -> String {
    let mut cases = String::new();
    for e in registry::all() {
        let mut names = vec![e.name()];
        names.extend(e.info().aliases.iter().copied());
        cases.push_str(&format!(
            "        {}) echo \"{}\" ;;\n",
            names.join("|"),
            draw_names(e).join(" ")
        ));
    }
    format!(
        r#"
# The draws of each GEN (rngkit's catalogue), offered after `rngkit gen GEN
# SEEDING`.
_rngkit_gen_draws() {{
    case "$1" in
{cases}    esac
}}

_rngkit_with_draws() {{
    local cur="${{COMP_WORDS[COMP_CWORD]}}" prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    if [[ "${{COMP_WORDS[1]}}" == gen && $COMP_CWORD -ge 3 && "$cur" != -* ]]; then
        local i w gen="" seeded="" positional=0 skip=""
        for ((i = 2; i < COMP_CWORD; i++)); do
            w="${{COMP_WORDS[i]}}"
            if [[ -n "$skip" ]]; then skip=""; continue; fi
            case "$w" in
                --seed|--seed-str|--state|--state-file) seeded=1; skip=1 ;;
                --entropy) seeded=1 ;;
                --stream|--advance|-n|--count|--format) skip=1 ;;
                -*) ;;
                *) positional=$((positional + 1)); [[ -z "$gen" ]] && gen="$w" ;;
            esac
        done
        if [[ -n "$gen" && -n "$seeded" && -z "$skip" && $positional -eq 1 ]]; then
            COMPREPLY=($(compgen -W "$(_rngkit_gen_draws "$gen")" -- "$cur"))
            return 0
        fi
    fi
    _rngkit "$@"
}}

if [[ "${{BASH_VERSINFO[0]}}" -eq 4 && "${{BASH_VERSINFO[1]}}" -ge 4 || "${{BASH_VERSINFO[0]}}" -gt 4 ]]; then
    complete -F _rngkit_with_draws -o nosort -o bashdefault -o default rngkit
else
    complete -F _rngkit_with_draws -o bashdefault -o default rngkit
fi
"#
    )
}

/// The fish script's value lists, which clap_complete leaves out for
/// positional arguments: GEN names after the commands that take a GEN, and
/// every GEN's draws after `gen`'s GEN.
fn fish_values() -> String {
    let gens = gen_names().join(" ");
    let mut draws: Vec<&str> = Vec::new();
    for e in registry::all() {
        for d in draw_names(e) {
            if !draws.contains(&d) {
                draws.push(d);
            }
        }
    }
    format!(
        "\n# GEN names and draws (rngkit's catalogue).\n\
         complete -c rngkit -n \"__fish_seen_subcommand_from gen state recover locate identify seed-search distance\" -f -a \"{gens}\"\n\
         complete -c rngkit -n \"__fish_seen_subcommand_from gen\" -f -a \"{}\"\n",
        draws.join(" ")
    )
}

/// `rngkit man`: clap_mangen's page of the whole grammar, then the
/// GENERATORS section from the catalogue and the exit statuses.
pub fn man() -> Result<ExitCode, CliError> {
    let page = clap_mangen::Man::new(Cli::command());
    let mut roff = Vec::new();
    page.render(&mut roff)?;
    let mut text = String::from_utf8(roff).expect("clap_mangen writes UTF-8");
    text.push_str(&generators_section());
    let mut out = Output::new();
    out.bytes(text.as_bytes())?;
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// Text for a roff body line: backslashes doubled, and a line that would
/// start with `.` or `'` (a request) guarded with `\&`.
fn roff_text(s: &str) -> String {
    let s = s.replace('\\', "\\e").replace('-', "\\-");
    if s.starts_with('.') || s.starts_with('\'') {
        format!("\\&{s}")
    } else {
        s
    }
}

/// The GENERATORS and EXIT STATUS sections, in roff.
fn generators_section() -> String {
    let mut out = String::from(".SH GENERATORS\n");
    for row in reference::rows() {
        out.push_str(".TP\n");
        let mut head = format!("\\fB{}\\fR", roff_text(row.name));
        if !row.aliases.is_empty() {
            head.push_str(&format!(" (also {})", roff_text(&row.aliases.join(", "))));
        }
        out.push_str(&head);
        out.push('\n');
        out.push_str(&roff_text(row.summary));
        out.push_str("\n.br\n");
        out.push_str(&format!("\\-\\-seed: {}\n", roff_text(row.seed_doc)));
        if !row.cracking.is_empty() {
            out.push_str(&format!(
                ".br\ncracking: {}\n",
                roff_text(&row.cracking.join(", "))
            ));
        }
    }
    out.push_str(
        ".SH \"EXIT STATUS\"\n\
         0 success; 1 a well\\-formed question without an answer; 2 bad usage or input; \
         3 underdetermined (several answers fit, or over the budget).\n\
         .SH \"SEE ALSO\"\n\
         rngkit COMMAND \\-\\-help; docs/cli.md in the source.\n",
    );
    out
}

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
     their options, GEN names and, after `gen GEN`, the draws of that GEN\n\
     (bash, zsh, fish; powershell: commands and options only).\n\n\
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

/// The commands whose first positional argument is a GEN.
const GEN_COMMANDS: [&str; 7] = [
    "gen",
    "state",
    "recover",
    "locate",
    "identify",
    "seed-search",
    "distance",
];

/// The options of `command` that take a value (`--seed`, `-n`, ...), as
/// they are written on a command line, for a script that reads the line.
fn value_options(command: &str) -> Vec<String> {
    let cli = Cli::command();
    let Some(sub) = cli.find_subcommand(command) else {
        return Vec::new();
    };
    let mut options = Vec::new();
    for arg in sub.get_arguments() {
        if arg.is_positional() || !arg.get_action().takes_values() {
            continue;
        }
        options.extend(
            arg.get_long_and_visible_aliases()
                .into_iter()
                .flatten()
                .map(|l| format!("--{l}")),
        );
        options.extend(
            arg.get_short_and_visible_aliases()
                .into_iter()
                .flatten()
                .map(|c| format!("-{c}")),
        );
    }
    options
}

/// `gen`'s options that take a value other than a seeding: the word after
/// one is its value, not the GEN or the draw.
fn gen_value_options() -> Vec<String> {
    value_options("gen")
        .into_iter()
        .filter(|o| !SEEDINGS.contains(&o.as_str()))
        .collect()
}

/// The seeding options that take a value.
const SEEDINGS: [&str; 4] = ["--seed", "--seed-str", "--state", "--state-file"];

/// Every GEN's draws, each name once, in catalogue order.
fn all_draws() -> Vec<&'static str> {
    let mut draws: Vec<&'static str> = Vec::new();
    for e in registry::all() {
        for d in draw_names(e) {
            if !draws.contains(&d) {
                draws.push(d);
            }
        }
    }
    draws
}

/// One line a GEN for a shell's `case`: `arm(names, draws)` with the GEN's
/// name and aliases, and its draws.
fn draw_cases(arm: impl Fn(&[&str], &[&str]) -> String) -> String {
    registry::all()
        .iter()
        .map(|e| {
            let mut names = vec![e.name()];
            names.extend(e.info().aliases.iter().copied());
            arm(&names, &draw_names(e))
        })
        .collect()
}

/// The grammar as the completion scripts see it: GEN arguments take the
/// catalogue's names, DRAW every GEN's draws (the program itself parses
/// GENs with aliases and suggestions, which a script cannot list; the
/// shells' scripts narrow DRAW to the GEN on the line).
fn completion_command() -> clap::Command {
    let gens = gen_names();
    let mut cmd = Cli::command();
    for sub in GEN_COMMANDS {
        let gens = gens.clone();
        cmd = cmd.mut_subcommand(sub, |s| {
            s.mut_arg("generator", |a| {
                a.value_parser(PossibleValuesParser::new(gens))
            })
        });
    }
    // `table build GEN`: the GENs a table can be built for.
    let mut table_gens: Vec<&'static str> = Vec::new();
    for k in rngkit_analysis::table::KEY_DRAWS {
        if !table_gens.contains(&k.generator) {
            table_gens.push(k.generator);
        }
    }
    cmd = cmd.mut_subcommand("table", |t| {
        t.mut_subcommand("build", |b| {
            b.mut_arg("generator", |a| {
                a.value_parser(PossibleValuesParser::new(table_gens))
            })
        })
    });
    cmd.mut_subcommand("gen", |s| {
        s.mut_arg("draw", |a| {
            a.value_parser(PossibleValuesParser::new(all_draws()))
        })
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
        ShellName::Zsh => script = zsh_with_draws(&script).into_bytes(),
        // clap_complete's PowerShell script completes commands and options
        // only.
        ShellName::Powershell => {}
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
    let cases = draw_cases(|names, draws| {
        format!(
            "        {}) echo \"{}\" ;;\n",
            names.join("|"),
            draws.join(" ")
        )
    });
    let skips = gen_value_options().join("|");
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
                --seed=*|--seed-str=*|--state=*|--state-file=*|--entropy) seeded=1 ;;
                {skips}) skip=1 ;;
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
/// after `gen GEN SEEDING` the draws of that GEN (the same reading of the
/// line as bash's).
fn fish_values() -> String {
    let gens = gen_names().join(" ");
    let cases = draw_cases(|names, draws| {
        format!(
            "        case {}\n            printf '%s\\n' {}\n",
            names.join(" "),
            draws.join(" ")
        )
    });
    let option_cases: String = GEN_COMMANDS
        .iter()
        .map(|command| {
            format!(
                "        case {command}\n            set options {}\n",
                value_options(command).join(" ")
            )
        })
        .collect();
    let gen_skips = gen_value_options().join(" ");
    format!(
        r#"
# True while the word being completed is a GEN: after a command that takes
# one, and no positional word yet (an option's value is not one).
function __rngkit_wants_gen
    set -l words (commandline -opc)
    test (count $words) -ge 2; or return 1
    set -l options
    switch $words[2]
{option_cases}        case '*'
            return 1
    end
    test (count $words) -ge 3; or return 0
    set -l skip 0
    for w in $words[3..-1]
        if test $skip = 1
            set skip 0
        else if contains -- $w $options
            set skip 1
        else if not string match -q -- '-*' $w
            return 1
        end
    end
    test $skip = 0
end
complete -c rngkit -n "__rngkit_wants_gen" -f -a "{gens}"

# The draws of the GEN on the line, offered after `rngkit gen GEN SEEDING`.
function __rngkit_gen_draws
    set -l words (commandline -opc)
    test (count $words) -ge 3; or return
    set -l gen ''
    set -l seeded 0
    set -l skip 0
    set -l positional 0
    for w in $words[3..-1]
        if test $skip = 1
            set skip 0
            continue
        end
        switch $w
            case --seed --seed-str --state --state-file
                set seeded 1
                set skip 1
            case '--seed=*' '--seed-str=*' '--state=*' '--state-file=*' --entropy
                set seeded 1
            case {gen_skips}
                set skip 1
            case '-*'
            case '*'
                set positional (math $positional + 1)
                test -z "$gen"; and set gen $w
        end
    end
    test -n "$gen" -a $seeded = 1 -a $skip = 0 -a $positional = 1; or return
    switch $gen
{cases}    end
end
complete -c rngkit -n "__fish_seen_subcommand_from gen" -f -a "(__rngkit_gen_draws)"
"#
    )
}

/// The zsh script with `gen`'s DRAW narrowed to the GEN on the line:
/// clap_complete writes every GEN's draws as one value list; that list
/// becomes a call of `_rngkit_gen_draws`, defined before the script's last
/// lines (which run `_rngkit` when zsh autoloads the file).
fn zsh_with_draws(script: &[u8]) -> String {
    let script = String::from_utf8_lossy(script);
    let list = format!(":({})' \\", all_draws().join(" "));
    let script = script.replacen(&list, ":_rngkit_gen_draws' \\", 1);
    let cases = draw_cases(|names, draws| {
        format!(
            "        ({}) draws=({}) ;;\n",
            names.join("|"),
            draws.join(" ")
        )
    });
    let function = format!(
        r#"
# The draws of the GEN on the line (rngkit's catalogue): $line[1] is the
# GEN, and the first word of DRAW is the draw's name.
_rngkit_gen_draws() {{
    local -a draws
    case "${{line[1]}}" in
{cases}    esac
    if (( CURRENT == 1 )); then
        compadd -a draws
    else
        _message 'the draw'"'"'s arguments'
    fi
}}

"#
    );
    match script.rfind("if [ \"$funcstack[1]\" = \"_rngkit\" ]") {
        Some(at) => format!("{}{function}{}", &script[..at], &script[at..]),
        None => format!("{script}{function}"),
    }
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

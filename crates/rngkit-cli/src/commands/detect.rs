//! `rngkit detect [--observations FILE] [--max-seconds S]`

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::Args;
use rngkit_analysis::detect::{
    Answer, DetectOptions, Detection, Fit, MARGIN, PLAUSIBLE_RUN, Verdict, detect, detect_tokens,
};
use rngkit_analysis::message::Undetected;
use rngkit_analysis::registry;

use crate::args::FormatArg;
use crate::commands::observations;
use crate::commands::recover::parse_threads;
use crate::error::{CliError, EXIT_NO_ANSWER, EXIT_UNDERDETERMINED};
use crate::output::{Output, documents};

/// The long help of `detect`.
pub fn help() -> String {
    let mut bare = String::new();
    for e in registry::all() {
        let draws: Vec<String> = e
            .bare_draws()
            .iter()
            .map(|b| format!("`{}`", b.draw))
            .collect();
        bare.push_str(&format!("  {:<18} {}\n", e.name(), draws.join(", ")));
    }
    format!(
        "Which generator made these values? Give bare values one a line (integers, or
decimals in [0, 1); no draw name) or observations in the `recover` syntax
(`DRAW = VALUE`, `skip N`, ...; see `rngkit recover --help`).

Bare values are read as every draw that can give them (below). Cheap checks
rule readings out first: the range (decimals are draws in [0, 1), integers
the draws of their width), each draw's grid (a 17-digit double is no float,
a double that is not a multiple of 2^-52 no Node.js 20 Math.random()), and
plausibility ({PLAUSIBLE_RUN} or more integers that all leave a 32-bit draw's top bit clear
did not come from it), and size (values that reveal far fewer bits than a
Mersenne Twister's state holds go to no solver: 624 PHP mt_rand() values
reveal 19344 bits of 19937). Every reading left is recovered in parallel;
those recovery leaves open are seed-searched, cheap first: the seeds below
2^20 (each reading in turn while slow recoveries still run), then the rest
of the 2^32 only where it finishes within --max-seconds (the error line says
what was skipped and the `rngkit seed-search GEN` that runs it). A GEN is
printed only with a state or seed whose stream gives every value again.
--threads 1 does the same on one worker thread, within --max-seconds too.
(The web page, whose WebAssembly has no threads and no clock, recovers one
reading after another, leaves out the PCG32 recoveries (2^32 guesses) and,
below 8 values, V8's sum eras', and searches the seeds below 2^16 only.)

OUTPUT (stdout, one line per GEN that fits, best first):
  GEN DRAW state=WORDS        the state before the first value (`rngkit state` words)
  GEN DRAW states=N           N states fit (V8 values at an unknown cache position)
  GEN DRAW seed=S [advance=k] the seed whose stream gives the values
A fit of several GENs sharing one state and giving the same values (the
MT19937 runtimes read as raw words; PHP eras that differ only in seeding)
prints once, with ` family=GEN,...` at the end.

A fit is decisive when the values reveal {MARGIN} bits more than the state
(or the 32-bit seed) holds; fewer values fit any state of some GENs (any 624
words fit MT19937), so such a fit is printed only when nothing fits
decisively, and exits 3. Exit 0: one GEN (or one family) fits decisively;
3: several unrelated GENs do, or too few values to tell (stderr says how
many to add); 1: nothing fits; 2: malformed input.

BARE DRAWS (what a bare value is read as, per GEN):
{bare}
EXAMPLES:
  node -e 'for (let i = 0; i < 10; i++) console.log(Math.random())' > values.txt
  rngkit detect --observations values.txt
  python3 -c 'import random; [print(random.getrandbits(32)) for _ in range(700)]' | rngkit detect
  python3 -c 'import random; [print(\"\".join(random.choices(\"abcdefghijklmnopqrstuvwxyz0123456789\", k=16))) for _ in range(4)]' \\
    | rngkit detect --alphabet a-z0-9
{}",
        crate::args::command_examples("detect")
    )
}

/// Arguments of `rngkit detect`.
#[derive(Args, Debug)]
pub struct DetectArgs {
    /// The values, one a line, bare or as `DRAW = VALUE` (default or `-`:
    /// stdin).
    #[arg(long, value_name = "FILE")]
    pub observations: Option<PathBuf>,
    /// The time for recoveries and seed searches together, in seconds
    /// (decimals allowed); what does not finish is reported on stderr.
    #[arg(long, value_name = "S", default_value = "4")]
    pub max_seconds: String,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<String>,
    /// Read bare tokens, one a line, drawn from ALPHABET (the grammar of
    /// `token IDIOM ALPHABET LENGTH`, e.g. a-zA-Z0-9): every GEN's token
    /// idioms are tried; a fit names the GEN and the idiom.
    #[arg(long, value_name = "ALPHABET")]
    pub alphabet: Option<String>,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: DetectArgs) -> Result<ExitCode, CliError> {
    let budget = parse_seconds(&args.max_seconds)?;
    let mut options = DetectOptions {
        budget,
        ..DetectOptions::default()
    };
    if let Some(t) = &args.threads {
        options.threads = parse_threads(t)?;
    }
    let (name, text) = observations::read_text(args.observations.as_deref())?;
    let watch = crate::interrupt::Watch::start();
    options.stop = watch.stop();
    let started = std::time::Instant::now();
    let (found, interrupted) = watch.run_keeping(
        || match &args.alphabet {
            Some(alphabet) => detect_tokens(&text, alphabet, &options),
            None => detect(&text, &options),
        },
        || crate::interrupt::detect_stopped(started.elapsed(), budget),
    );
    let found = found.map_err(|e| CliError::usage(format_args!("{name}: {e}")))?;
    drop(watch);
    if interrupted {
        let line = crate::interrupt::detect_interrupted(
            started.elapsed(),
            budget,
            found.fits.len(),
            found.open.len(),
        );
        return report_interrupted(&found, &line, args.format.json());
    }
    if args.format.json() {
        return report_json(&found);
    }
    report(&found)
}

/// A detection a signal cut short: the fits it verified before the
/// signal (each reproduces every value: they are answers, not guesses) on
/// stdout as the finished run prints them, its open readings and `line`
/// on stderr, exit 130. With `json`, the document says `interrupted`.
fn report_interrupted(found: &Detection, line: &str, json: bool) -> Result<ExitCode, CliError> {
    let mut out = Output::new();
    if json {
        out.json(&documents::detect_interrupted(found, line))?;
    } else {
        for fit in &found.fits {
            out.line(&fit_line(fit))?;
        }
    }
    out.finish()?;
    if !json {
        const SHOWN: usize = 8;
        for o in found.open.iter().take(SHOWN) {
            eprintln!("detect:   {} {}: {}", o.generator.name(), o.draw, o.why);
        }
        if found.open.len() > SHOWN {
            eprintln!(
                "detect:   ... and {} more open readings (--format json lists them all)",
                found.open.len() - SHOWN
            );
        }
    }
    eprintln!("{line}");
    Ok(ExitCode::from(crate::interrupt::EXIT_INTERRUPTED))
}

/// `--format json`: the whole detection as one document; exit 1 and 3 as
/// in the text form, their message in the document and on stderr.
fn report_json(found: &Detection) -> Result<ExitCode, CliError> {
    let (_, exit) = documents::detect_status(found.verdict());
    let message = Undetected::new(found).map(|u| u.listed("in \"fits\"").to_string());
    let mut out = Output::new();
    out.json(&documents::detect(found, message.as_deref()))?;
    out.finish()?;
    match message {
        None => Ok(ExitCode::SUCCESS),
        Some(message) => Err(CliError {
            code: exit,
            message,
        }),
    }
}

fn parse_seconds(text: &str) -> Result<Duration, CliError> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 1e6 => Ok(Duration::from_secs_f64(s)),
        _ => Err(CliError::usage(format_args!(
            "--max-seconds: `{text}` is not a number of seconds in (0, 1000000], e.g. 4 or 0.5"
        ))),
    }
}

/// The stdout line of a fit.
pub fn fit_line(fit: &Fit) -> String {
    let mut line = format!("{} {}", fit.generator.name(), fit.draw);
    match &fit.answer {
        Answer::State(s) => line.push_str(&format!(" state={}", s.format_words())),
        Answer::States(s) => line.push_str(&format!(" states={}", s.len())),
        Answer::Seed { seed, advance, .. } => {
            line.push_str(&format!(
                " seed={}",
                fit.generator.info().seed_kind.format(*seed)
            ));
            if *advance > 0 {
                line.push_str(&format!(" advance={advance}"));
            }
        }
    }
    if !fit.family.is_empty() {
        let names: Vec<&str> = fit.family.iter().map(|(g, _)| g.name()).collect();
        line.push_str(&format!(" family={}", names.join(",")));
    }
    line
}

fn report(found: &Detection) -> Result<ExitCode, CliError> {
    let verdict = found.verdict();
    let printed: Vec<&Fit> = match verdict {
        Verdict::Identified | Verdict::Ambiguous => found.decisive().collect(),
        _ => found.fits.iter().collect(),
    };
    let mut out = Output::new();
    for fit in &printed {
        out.line(&fit_line(fit))?;
    }
    out.finish()?;
    let weak: Vec<&Fit> = found.fits.iter().filter(|f| !f.decisive).collect();
    match verdict {
        Verdict::Identified => {
            // Chatter on success only: a failure's stderr is its one
            // `error:` line.
            eprintln!(
                "detect: {} values; {} readings (GEN, draw) tried, {} ruled out by range, grid or plausibility",
                found.values, found.tried, found.pruned
            );
            for fit in &printed {
                if !fit.family.is_empty() {
                    let members: Vec<String> = fit
                        .family
                        .iter()
                        .map(|(g, d)| format!("{} {}", g.name(), d))
                        .collect();
                    eprintln!(
                        "detect: {} {} shares its state and values with {} (one family)",
                        fit.generator.name(),
                        fit.draw,
                        members.join(", ")
                    );
                }
            }
            if !weak.is_empty() || !found.open.is_empty() {
                eprintln!(
                    "detect: left unsettled once the fit above was decisive (another GEN fits such values by chance with probability below 2^-{MARGIN}):"
                );
                for f in &weak {
                    eprintln!(
                        "detect:   {} {} (fits, but so would any values this few)",
                        f.generator.name(),
                        f.draw
                    );
                }
                for o in &found.open {
                    eprintln!("detect:   {} {}: {}", o.generator.name(), o.draw, o.why);
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        verdict => Err(CliError {
            code: match verdict {
                Verdict::NoneFits => EXIT_NO_ANSWER,
                _ => EXIT_UNDERDETERMINED,
            },
            message: Undetected::new(found)
                .expect("the verdict is not Identified")
                .listed("on stdout")
                .to_string(),
        }),
    }
}

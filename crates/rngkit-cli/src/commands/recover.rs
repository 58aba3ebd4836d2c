//! `rngkit recover GEN [--observations FILE] [--fresh] [--at start|end] [--predict N DRAW [ARGS...]] [-o FILE]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use rngkit::number::parse_int;
use rngkit::registry::Engine;
use rngkit_analysis::message::{
    Agreed, Hints, Spelling, Unresolved, UnresolvedKind, stream_not_applicable,
};
use rngkit_analysis::recover::stream::{Streamed, recover_streamed};
use rngkit_analysis::recover::{RecoverOptions, Recovered};
use rngkit_analysis::registry::{self, Entry};

use crate::args::{FormatArg, parse_gen, reject_options_after_draw};
use crate::commands::observations;
use crate::commands::predict::{agreeing_draws, predictions};
use crate::commands::recover_json::Asked;
use crate::error::{CliError, EXIT_NO_ANSWER, EXIT_UNDERDETERMINED};
use crate::output::Output;
use crate::seeding::write_state_file;

/// The long help of `recover`: the syntax and the outcomes, then each
/// GEN's own notes (how it is recovered, how many values it needs) and
/// examples, from the catalogue.
pub fn help() -> String {
    let methods: Vec<&str> = registry::all()
        .iter()
        .filter(|e| e.can_recover())
        .map(|e| e.name())
        .collect();
    format!(
        "OBSERVATIONS (one a line; blank lines and # comments are ignored):\n  \
  DRAW [ARGS] = VALUE   a draw exactly as `gen` takes it, e.g. `value = 0.5841396`,\n                        \
  `range-int 0 100 = 83`, `u32 = 0xd091bb5c`\n  \
  DRAW [ARGS] in LOW..HIGH\n                        \
  the draw gave LOW <= value < HIGH (`LOW..=HIGH`: <= HIGH), for values not\n                        \
  seen exactly: `next-float in 0..0.05`, `next-int 16 in 8..16`; LOW and HIGH\n                        \
  are integers or decimal floats; checked on every GEN, used by lattice\n                        \
  recoveries\n  \
  skip N                N raw steps nobody saw\n  \
  skip A..B             an unknown number of them, A to B - 1 (A..=B: to B)\n  \
  bits MASK = VALUE     (next output word & MASK) == VALUE, e.g. a BDSP blink: `bits 0xf = 0x1`\n\n\
Prints the state just before the first observed draw (--at end: just after the\n\
last), as `rngkit state` prints it. --predict N DRAW [ARGS] prints instead the N\n\
draws that follow the observations (N < 0: the -N draws before the first one,\n\
nearest first). Exit 3 when several states fit (listed when few enough, the\n\
count goes to stderr) or when listing them would search more than\n\
--max-candidates (the count is then a bound, `at most 2^n`, or an estimate,\n\
`about 2^n`, and the message says what to add); exit 1 when none does. When\n\
several states fit, are listed, and all give the same N draws, --predict\n\
prints them (exit 0) and says on stderr how many states fit and how far they\n\
agree. A search that runs over a second shows a progress bar on stderr when\n\
stderr is a terminal.\n\n\
--fresh: the first observation is the first draw of a fresh context (a new\n\
process, page or realm). The GENs whose recovery uses it say how below; the\n\
others ignore it.\n\n\
HOW MANY OBSERVATIONS: each observation gives the linear solver one equation\n\
per exact bit it reveals of the raw words, and a GEN needs about as many bits\n\
as its state holds (below). Measured (the average over 20000 random words of\n\
the bits `known_bits` finds):\n  \
  u32, next-uint, next-u32        32\n  \
  value printed with 7 decimals   23 (as `gen` prints it: 23)\n  \
  value printed with 2 decimals   about 5 (`%.2f`: 4.9)\n  \
  range-int 0 100                 2 (100 = 4 x 25: the word mod 4)\n  \
  range-int 0 10                  1 (the word mod 2)\n  \
  range-int 0 7                   0 (an odd span reveals no bit)\n  \
  bits MASK = VALUE               the bits set in MASK\n\
Composite draws (inside-unit-circle, rotation, color-hsv, ...) reveal none:\n\
recover names the observations that gave nothing; use exact draws, or\n\
`rngkit seed-search` when the seed is 32-bit.\n\n\
SUPPORTED: {}.\n\n\
GENERATORS (how each is recovered and what it needs; docs/ has one page per\n\
family):\n\
{}\n\
EXAMPLES:\n\
{}",
        methods.join(", "),
        crate::args::notes_help(|n| n.recover),
        crate::args::examples_help(|n| n.recover_examples),
    )
}

/// Which state `recover` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum At {
    /// Just before the first observation.
    Start,
    /// Just after the last observation.
    End,
}

/// Arguments of `rngkit recover`.
#[derive(Args, Debug)]
pub struct RecoverArgs {
    /// The generator (see `rngkit gen --help`).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    /// The observation list (default or `-`: stdin).
    #[arg(long, value_name = "FILE")]
    pub observations: Option<PathBuf>,
    /// Print the state before the first observation (start, the default) or
    /// after the last (end).
    #[arg(long, value_enum, default_value = "start")]
    pub at: At,
    /// Print the N draws after the observations (N < 0: the -N before them,
    /// nearest first) instead of the state: `--predict 5 range-int 1 7`.
    #[arg(
        long,
        value_name = "N DRAW [ARGS]",
        num_args = 2..,
        allow_hyphen_values = true
    )]
    pub predict: Option<Vec<String>>,
    /// Write the state to FILE instead (the GEN's save blob where it has
    /// one, see `rngkit state --help`).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The first observation is the first draw of a fresh context (a new
    /// process, page or realm): GENs whose fresh state is narrower say how
    /// they use it (see GENERATORS below).
    #[arg(long)]
    pub fresh: bool,
    /// The PCG stream, for GENs that take one (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Worker threads for the searches inside recovery (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<String>,
    /// The most candidate states a search inside recovery may check
    /// (default 2^36, about 25 s on 2 cores for the residue scans);
    /// beyond it recovery exits 3 with what remains. Decimal, 0x hex or
    /// `2^K`: `--max-candidates 2^46` runs the exact scan for odd bounds.
    #[arg(long, value_name = "N")]
    pub max_candidates: Option<String>,
    #[command(flatten)]
    pub format: FormatArg,
}

pub fn run(args: RecoverArgs) -> Result<ExitCode, CliError> {
    let entry = args.generator;
    let name = entry.name();
    if args.stream.is_some() && !entry.info().has_stream {
        return Err(CliError::usage(stream_not_applicable(
            entry,
            &Spelling::CLI,
        )));
    }
    let mut options = RecoverOptions {
        fresh: args.fresh,
        ..RecoverOptions::default()
    };
    if let Some(text) = &args.stream {
        let stream =
            parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("--stream: {e}")))?;
        options.pcg_increment = (stream << 1) | 1;
    }
    if let Some(text) = &args.threads {
        options.threads = parse_threads(text)?;
    }
    if let Some(text) = &args.max_candidates {
        options.max_candidates = parse_candidates(text)?;
    }
    let predict = match &args.predict {
        Some(words) => Some(parse_predict(entry, words)?),
        None => None,
    };
    if predict.is_some() && (args.output.is_some() || args.at == At::End) {
        return Err(CliError::usage(
            "--predict prints draws; it does not combine with -o or --at",
        ));
    }
    // The list is streamed: recovery holds a window of it and verifies
    // the rest as it is read (`recover::stream`).
    let mut stream = observations::stream(entry, args.observations.as_deref())?;
    let ticker = crate::progress::Ticker::watch(&options.progress, &format!("recover {name}"));
    let watch = crate::interrupt::Watch::start();
    options.stop = watch.stop();
    let started = std::time::Instant::now();
    let streamed = watch.run(
        || recover_streamed(entry, &mut stream, &options),
        || crate::interrupt::recovery_stopped(name, &options.progress, started.elapsed()),
    );
    drop(watch);
    ticker.finish();
    let Streamed {
        recovered,
        ends,
        held: obs,
        misfit,
        ..
    } = streamed.map_err(CliError::usage)?;
    if let Some(line) = misfit {
        // The first observations fit, a later one broke the fit: say which
        // (a hint at other GENs would mislead; the first values fit this one).
        let last = obs.last().map_or(0, |o| o.line);
        return Err(CliError::no_answer(format_args!(
            "no state fits all the observations: the states that fit the first {} (lines 1 to {last}) do not give line {line}; that line, or the source of the values from there on, differs",
            obs.len(),
        )));
    }
    let text = stream.get_ref().kept();
    if args.format.json() {
        return super::recover_json::answer(
            &Asked {
                entry,
                at_end: args.at == At::End,
                output: args.output.as_ref(),
            },
            &obs,
            &ends,
            &recovered,
            predict.as_ref(),
            &text,
        );
    }
    let mut agreement = None;
    match &recovered {
        Recovered::Unique(rng) => {
            match &predict {
                Some((n, draw)) => print_lines(&predictions(entry, rng, &ends[0], *n, draw)?)?,
                None => {
                    let rng = if args.at == At::End { &ends[0] } else { rng };
                    write_state(rng, args.output.as_ref())?;
                }
            }
            return Ok(ExitCode::SUCCESS);
        }
        Recovered::Several { count, states } => {
            // Several states, listed: they may still agree on what --predict
            // asks (V8 values inside one cache block, say).
            if let (Some((n, draw)), false) = (&predict, states.is_empty()) {
                let (agree, horizon) = agreeing_draws(entry, states, &ends, *n, draw)?;
                let asked = n.unsigned_abs() as usize;
                if agree.len() >= asked {
                    print_lines(&agree[..asked])?;
                    let agreed = Agreed {
                        count: *count,
                        asked,
                        agreeing: agree.len(),
                        horizon,
                    };
                    eprintln!("note: {agreed}");
                    return Ok(ExitCode::SUCCESS);
                }
                agreement = Some((agree.len(), asked));
            }
            let mut out = Output::new();
            let listed = if args.at == At::End { &ends } else { states };
            for state in listed {
                out.line(&state.format_words())?;
            }
            out.finish()?;
        }
        Recovered::OverBudget { .. } | Recovered::NoneFits => {}
    }
    let mut message = Unresolved::new(entry, &obs, &recovered, &Hints::full(Some(&text)))
        .expect("one state was answered above")
        .listed("on stdout");
    if let Some((agreeing, asked)) = agreement {
        message = message.agreement(agreeing, asked);
    }
    Err(CliError {
        code: match message.kind() {
            UnresolvedKind::Several => EXIT_UNDERDETERMINED,
            UnresolvedKind::NoneFits => EXIT_NO_ANSWER,
        },
        message: message.to_string(),
    })
}

/// `--predict N DRAW [ARGS]`.
fn parse_predict(
    entry: &Entry,
    words: &[String],
) -> Result<(i64, rngkit::registry::Draw), CliError> {
    let (n, rest) = words.split_first().expect("clap gives at least two values");
    let n = parse_int::<i64>(n).map_err(|e| CliError::usage(format_args!("--predict N: {e}")))?;
    reject_options_after_draw("recover --predict", rest)?;
    let (name, args) = rest.split_first().expect("clap gives at least two values");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let draw = entry.parse_draw(name, &args).map_err(CliError::usage)?;
    Ok((n, draw))
}

fn print_lines(lines: &[String]) -> Result<(), CliError> {
    let mut out = Output::new();
    for line in lines {
        out.line(line)?;
    }
    out.finish()
}

fn write_state(rng: &Engine, path: Option<&PathBuf>) -> Result<(), CliError> {
    match path {
        Some(path) => write_state_file(rng, path),
        None => {
            let mut out = Output::new();
            out.line(&rng.format_words())?;
            out.finish()
        }
    }
}

/// Parses `--max-candidates N`: decimal, `0x` hex or `2^K` (K <= 63), at
/// least 1.
fn parse_candidates(text: &str) -> Result<u64, CliError> {
    let value = match text.strip_prefix("2^") {
        Some(k) => parse_int::<u32>(k)
            .ok()
            .filter(|&k| k <= 63)
            .map(|k| 1u64 << k),
        None => parse_int::<u64>(text).ok(),
    };
    value.filter(|&n| n >= 1).ok_or_else(|| {
        CliError::usage(format_args!(
            "--max-candidates: `{text}` is not a count (decimal, 0x hex or 2^K with K <= 63, at least 1)"
        ))
    })
}

/// Parses `--threads T` (at least 1).
pub fn parse_threads(text: &str) -> Result<usize, CliError> {
    match parse_int::<u64>(text) {
        Ok(n) if (1..=4096).contains(&n) => Ok(n as usize),
        _ => Err(CliError::usage(format_args!(
            "--threads: `{text}` is not a thread count in 1..=4096"
        ))),
    }
}

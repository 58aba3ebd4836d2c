//! `rngkit seed-search GEN [--observations FILE] [--seeds A..B] [--max-advance K] [--threads T]`

use std::io::{self, IsTerminal, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use rngkit::cpu::CpuLevel;
use rngkit::number::parse_int;
use rngkit_analysis::input::{SeedRange, parse_seed_range};
use rngkit_analysis::message::{Hints, NoSeedFits, Spelling, stream_not_applicable};
use rngkit_analysis::notes;
use rngkit_analysis::registry::{self, Entry};
use rngkit_analysis::search::{Match, SearchSpec, search};

use crate::args::{FormatArg, parse_gen};
use crate::commands::observations;
use crate::commands::recover::parse_threads;
use crate::error::CliError;
use crate::output::documents::{self, SearchSummary};

/// Searches of at least this many seeds time their first pieces and print
/// their estimate when it is over a minute.
const CALIBRATE_FROM: u128 = 1 << 20;
/// How long the timed first pieces run, at least.
const CALIBRATE_SECONDS: f64 = 0.25;

/// The long help of `seed-search`: the syntax and the outcomes, then each
/// GEN's own notes (its kernel, its seed space) and examples, from the
/// catalogue.
pub fn help() -> String {
    let kernels: Vec<&str> = registry::all()
        .iter()
        .filter(|e| e.has_own_seed_kernel())
        .map(|e| e.name())
        .collect();
    format!(
        "Prints every seed S in the range whose stream, from seed(S) advanced by 0..=K raw
steps, gives every observation (the `recover` observation syntax): `S`, or
`S advance=k` with --max-advance. Matches print as they are found (in no fixed
order across threads); exit 1 when none matches. A one-line summary (seeds
scanned, time, rate, matches) goes to stderr at the end. A search of 2^20
seeds or more first times its opening pieces (a quarter second) and, when the
whole would take over a minute, prints the estimate on stderr before going on
(whether or not stderr is a terminal).

--seeds A..B is half-open, A..=B inclusive, A.. runs to the end of the seed
space: shard a search over machines with 0..0x40000000, 0x40000000..0x80000000, ...
GENs with signed int seeds take and print negative seeds: -5..10.
A window of UTC times, 2026-11-01T00:00:00Z..2026-11-02T00:00:00Z, means the
Unix seconds in it (srand(time(NULL))-style seeds).
The default range is the GEN's whole 32-bit seed space (64-bit seeds need
--seeds); GENs whose seeds are wider but searched over 32 bits say so below.
GENs without a kernel of their own seed and step every seed.

{}
GENERATORS (what each one's search runs):
{}
EXAMPLES:
{}",
        notes::wrap(
            &format!(
                "--kernel scalar|avx2|avx512 forces the vector kernel of the GENs that have \
                 one (to compare them; the default is the fastest this CPU runs): {}.",
                kernels.join(", ")
            ),
            "",
            80
        ),
        crate::args::notes_help(|n| n.search),
        crate::args::examples_help(|n| n.search_examples),
    )
}

/// The values of `--kernel`: a [`CpuLevel`] by its name, with the help line
/// each value has always had (clap's derive cannot name another crate's
/// enum as a `ValueEnum`, so the list is written here).
fn kernel_parser() -> impl TypedValueParser<Value = CpuLevel> {
    PossibleValuesParser::new([
        PossibleValue::new(CpuLevel::Scalar.name()).help("Portable scalar code"),
        PossibleValue::new(CpuLevel::Avx2.name()).help("AVX2"),
        PossibleValue::new(CpuLevel::Avx512.name()).help("AVX-512 (F, DQ, VL and BW)"),
    ])
    .map(|name| {
        name.parse::<CpuLevel>()
            .expect("clap accepts only the names of CpuLevels")
    })
}

/// Arguments of `rngkit seed-search`.
#[derive(Args, Debug)]
pub struct SeedSearchArgs {
    /// The generator (see `rngkit gen --help`).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    /// The observation list (default: stdin).
    #[arg(long, value_name = "FILE")]
    pub observations: Option<PathBuf>,
    /// The seeds to try: A..B (half-open), A..=B, A.., or a UTC time window
    /// (default: all 32-bit seeds).
    #[arg(long, value_name = "A..B", allow_hyphen_values = true)]
    pub seeds: Option<String>,
    /// Also try seed(S) advanced by up to K raw steps (default 0).
    #[arg(long, value_name = "K")]
    pub max_advance: Option<String>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<String>,
    /// The PCG stream, for GENs that take one (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Force a vector kernel (the GENs that have one: see below).
    #[arg(long, value_parser = kernel_parser())]
    pub kernel: Option<CpuLevel>,
    #[command(flatten)]
    pub format: FormatArg,
    /// Answer from seed tables (`rngkit table build`; repeat for shards)
    /// instead of searching.
    #[arg(long, value_name = "FILE")]
    pub table: Vec<PathBuf>,
    /// With --table: check every block of the tables first (full, the
    /// default) or only the blocks the query reads (touched).
    #[arg(long, value_name = "HOW", value_parser = ["full", "touched"])]
    pub table_check: Option<String>,
}

/// The time the other GENs get when no seed fits (`seed-search` then says
/// which GENs and seeds the values fit).
pub(crate) const HINT_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

pub fn run(args: SeedSearchArgs) -> Result<ExitCode, CliError> {
    // `commands::seed_search_or_lookup` sends a query with tables to them.
    debug_assert!(args.table.is_empty());
    let entry = args.generator;
    let kind = entry.info().seed_kind;
    let seeds =
        parse_seed_range(entry, args.seeds.as_deref(), &Spelling::CLI).map_err(CliError::usage)?;
    let max_advance = match &args.max_advance {
        Some(text) => parse_int::<u64>(text)
            .map_err(|e| CliError::usage(format_args!("--max-advance: {e}")))?,
        None => 0,
    };
    if args.stream.is_some() && !entry.info().has_stream {
        return Err(CliError::usage(stream_not_applicable(
            entry,
            &Spelling::CLI,
        )));
    }
    let (source, text) = observations::read_text(args.observations.as_deref())?;
    let observations = observations::parse(entry, &source, &text)?;
    let threads = match &args.threads {
        Some(text) => Some(parse_threads(text)?),
        None => None,
    };
    let stream = match &args.stream {
        Some(text) => Some(
            parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("--stream: {e}")))?,
        ),
        None => None,
    };
    // A signed range crossing zero is two ranges of bit patterns.
    let ranges: Vec<RangeInclusive<u64>> = seeds.patterns();
    let total: u128 = ranges
        .iter()
        .map(|r| u128::from(r.end() - r.start()) + 1)
        .sum();
    let progress = io::stderr().is_terminal();
    let json = args.format.json();
    let started = Instant::now();
    let mut stdout = io::stdout().lock();
    let matches = std::cell::Cell::new(0u64);
    let mut closed = false;
    let mut write_error = None;
    let mut done_before = 0u64;
    // A large search first times a few growing pieces of its range, so that
    // it can say how long the whole will take before it commits to it.
    let mut queue: std::collections::VecDeque<RangeInclusive<u64>> = ranges.into();
    let mut calibrating = total >= CALIBRATE_FROM;
    let mut piece = 1u64 << 12;
    let thread_count =
        threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let watch = crate::interrupt::Watch::start();
    while let Some(whole) = queue.pop_front() {
        let range = if calibrating && whole.end() - whole.start() > piece {
            let cut = whole.start() + piece;
            queue.push_front(cut..=*whole.end());
            *whole.start()..=cut - 1
        } else {
            whole
        };
        let piece_started = Instant::now();
        let mut spec = SearchSpec::new(entry, observations.clone(), range)
            .max_advance(max_advance)
            .stop(watch.stop());
        if let Some(t) = threads {
            spec = spec.threads(t);
        }
        if let Some(s) = stream {
            spec = spec.stream(s);
        }
        if let Some(level) = args.kernel {
            spec = spec.backend(level);
        }
        let done = search(
            &spec,
            |m: Match| {
                matches.set(matches.get() + 1);
                if closed || write_error.is_some() {
                    return;
                }
                if progress {
                    eprint!("\r\x1b[K");
                }
                let seed = kind.format(m.seed);
                let line = if json {
                    format!("{}\n", documents::seed_match(entry, m.seed, m.advance))
                } else if max_advance > 0 {
                    format!("{seed} advance={}\n", m.advance)
                } else {
                    format!("{seed}\n")
                };
                match stdout
                    .write_all(line.as_bytes())
                    .and_then(|()| stdout.flush())
                {
                    Ok(()) => {}
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => closed = true,
                    Err(e) => write_error = Some(e),
                }
            },
            |done| {
                if progress {
                    let done = done_before + done;
                    let seconds = started.elapsed().as_secs_f64().max(1e-3);
                    let fraction = done as f64 / total.max(1) as f64;
                    let width = 30;
                    let filled = ((fraction * width as f64) as usize).min(width);
                    eprint!(
                        "\r\x1b[K[{}{}] {:5.1}%  {:.1} M seeds/s  {} found",
                        "#".repeat(filled),
                        " ".repeat(width - filled),
                        fraction * 100.0,
                        done as f64 / seconds / 1e6,
                        matches.get()
                    );
                }
            },
        )
        .map_err(CliError::usage)?;
        done_before += done;
        if watch.interrupted() && u128::from(done_before) < total {
            if progress {
                eprint!("\r\x1b[K");
            }
            return Ok(crate::interrupt::search_stopped(
                &seeds,
                done_before,
                matches.get(),
                started.elapsed(),
            ));
        }
        if calibrating {
            let timed = (done, piece_started.elapsed().as_secs_f64());
            piece *= 2;
            if timed.1 >= CALIBRATE_SECONDS || queue.is_empty() {
                calibrating = false;
                let rate = timed.0 as f64 / timed.1.max(1e-9);
                let left = total.saturating_sub(u128::from(done_before)) as f64;
                let estimate = left / rate.max(1e-9);
                if estimate > 60.0 {
                    if progress {
                        eprint!("\r\x1b[K");
                    }
                    eprintln!(
                        "note: {} seeds at about {:.2} M seeds/s (measured on the first {done_before}): an estimated {} on {} thread{}; --seeds A..B shards it over processes or machines",
                        total,
                        rate / 1e6,
                        crate::progress::human_duration(estimate),
                        thread_count,
                        if thread_count == 1 { "" } else { "s" }
                    );
                }
            }
        }
    }
    if progress {
        eprint!("\r\x1b[K");
    }
    let seconds = started.elapsed().as_secs_f64();
    let summary = format!(
        "searched {done_before} seeds in {seconds:.2} s ({:.1} M seeds/s), {} match{}",
        done_before as f64 / seconds.max(1e-9) / 1e6,
        matches.get(),
        if matches.get() == 1 { "" } else { "es" }
    );
    if let Some(e) = write_error {
        return Err(CliError::usage(format_args!("cannot write to stdout: {e}")));
    }
    finish(
        &mut stdout,
        Ending {
            entry,
            seeds: &seeds,
            max_advance,
            text: &text,
            searched: done_before,
            seconds,
            matches: matches.get(),
            summary,
            json,
        },
    )
}

/// How a seed search ended, the search's or a table's (`--table`): what
/// the last part of its answer needs.
pub(crate) struct Ending<'a> {
    pub entry: &'static Entry,
    pub seeds: &'a SeedRange,
    pub max_advance: u64,
    /// The observations' text: with no match, the message says which
    /// other GENs and seeds the values fit.
    pub text: &'a str,
    pub searched: u64,
    pub seconds: f64,
    pub matches: u64,
    /// The text form's summary line.
    pub summary: String,
    pub json: bool,
}

/// The end of a seed search's answer, after its matches: with no match,
/// the one error line saying which GENs and seeds the values fit (exit 1);
/// in JSON, the summary line that ends the stream; in text, the summary on
/// stderr.
pub(crate) fn finish(stdout: &mut impl Write, end: Ending) -> Result<ExitCode, CliError> {
    let none = (end.matches == 0).then(|| {
        // The summary joins the one error line.
        let hints = Hints {
            other_gens: Some((end.text, HINT_BUDGET)),
            ..Hints::default()
        };
        NoSeedFits::new(end.entry, end.seeds, end.max_advance, &hints).to_string()
    });
    if end.json {
        // The summary is the stream's last line.
        let line = documents::seed_summary(&SearchSummary {
            entry: end.entry,
            searched: end.searched,
            seconds: end.seconds,
            matches: end.matches,
            message: none.as_deref(),
        });
        match writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
            Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
                return Err(CliError::usage(format_args!("cannot write to stdout: {e}")));
            }
            _ => {}
        }
    }
    if let Some(none) = none {
        return Err(CliError::no_answer(format!("{none} ({})", end.summary)));
    }
    if !end.json {
        eprintln!("{}", end.summary);
    }
    Ok(ExitCode::SUCCESS)
}

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
use rngkit_analysis::input::parse_seed_range;
use rngkit_analysis::message::{Hints, NoSeedFits, Spelling, stream_not_applicable};
use rngkit_analysis::registry::Entry;
use rngkit_analysis::search::{Match, SearchSpec, search};

use crate::cli::parse_gen;
use crate::commands::observations;
use crate::commands::recover::parse_threads;
use crate::error::CliError;

/// Searches of at least this many seeds time their first pieces and print
/// their estimate when it is over a minute.
const CALIBRATE_FROM: u128 = 1 << 20;
/// How long the timed first pieces run, at least.
const CALIBRATE_SECONDS: f64 = 0.25;

/// The long help of `seed-search`.
pub fn help() -> String {
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
GENs with signed int seeds (unity) take and print negative seeds: -5..10.
A window of UTC times, 2026-11-01T00:00:00Z..2026-11-02T00:00:00Z, means the
Unix seconds in it (srand(time(NULL))-style seeds).
The default range is the GEN's whole 32-bit seed space (64-bit seeds need --seeds).
PHP's mt_srand keeps the low 32 bits of its int, so php, php-mt-rand-php, php5
and php3 search 0..2^32 (S + k*2^32 is the same seed); python and ruby search
their one-word seeds 0..2^32 (larger ones: recover the state, then identify).

PHP: `mt-rand`, `mt-rand MIN MAX` and `rand MIN MAX` run a vector kernel per era
(php: PHP 7.1+, rejection-aware; php5 and php-mt-rand-php: PHP's twist bug and
float scaling; php3: Cokus's seeding); glibc runs without stepping (srand's
table is linear in the outputs).

python runs init_by_array 64 seeds at a time (AVX-512, AVX2 or scalar), checks
`random`, `getrandbits` and `bits` at fixed places on all 64 at once, then runs
every other observation (`randint`/`randrange`/`choice`, whose redraws move the
later words, `shuffle`, `sample`, ranges, gaps, outputs past word 624) with
CPython's own draw code on each seed still alive: dice take about as long as
floats (all 2^32 seeds in a few minutes on 2 cores). A `random` the program
never seeded is seeded from os.urandom: no seed search can find it.

sfmt runs init_gen_rand 64 seeds at a time and regenerates only the words the
outputs read; the V8 GENs (v8, v8-14, v8-13, v8-legacy) run only the
xorshift128+ steps the observed calls read, 64 seeds at a time.

--kernel scalar|avx2|avx512 forces the vector kernel of mt19937, mars, ruby,
php, php5, php-mt-rand-php, php3, python, sfmt and the V8 GENs (to compare
them; the default is the fastest this CPU runs).

mt19937/mars observations within the first 624 outputs (advance included) run a
kernel that computes only the words they need, with AVX-512 or AVX2 when the CPU
has them; two full outputs 227 apart (e.g. `u32 = A`, `skip 226`, `u32 = B`)
give the seed with no search at all.

java: seed S stands for the state (S ^ 0x5DEECE66D) mod 2^48, so
--seeds 0..0x1000000000000 is every 48-bit state once (shard it: 2^40 seeds per
machine); a 16-lane kernel (AVX-512/AVX2) filters on exact bits, inequalities
and next-int BOUND residues. dotnet-legacy: a 64-seed kernel over the int
seeds; Math.Abs makes S and -S one stream, so --seeds 0.. covers them all;
Environment.TickCount seeds: a window of milliseconds since boot.

EXAMPLES:
  echo 'u32 = 1791095845' | rngkit seed-search mt19937 --seeds 0..1000
  rngkit gen unity --seed -12345 --advance 40 -n 2 u32 > words.txt
  sed 's/^/u32 = /' words.txt > obs.txt
  rngkit seed-search unity --seeds=-20000..0 --max-advance 100 < obs.txt
  printf 'mt-rand 1 100 = %s\\n' 7 75 16 98 99 63 42 76 85 5 > rolls.txt
  rngkit seed-search php --seeds 1793540000..1793541000 < rolls.txt
  echo 'next-int = -1170105035' | rngkit seed-search java --seeds 0..0x1000000"
        .to_string()
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
    /// The PCG stream for pcg32/megacrush seeds (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Force a vector kernel (the MT19937 GENs, PHP's, python, sfmt, V8's).
    #[arg(long, value_parser = kernel_parser())]
    pub kernel: Option<CpuLevel>,
}

/// The time the other GENs get when no seed fits (`seed-search` then says
/// which GENs and seeds the values fit).
const HINT_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);

pub fn run(args: SeedSearchArgs) -> Result<ExitCode, CliError> {
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
    while let Some(whole) = queue.pop_front() {
        let range = if calibrating && whole.end() - whole.start() > piece {
            let cut = whole.start() + piece;
            queue.push_front(cut..=*whole.end());
            *whole.start()..=cut - 1
        } else {
            whole
        };
        let piece_started = Instant::now();
        let mut spec = SearchSpec::new(entry, observations.clone(), range).max_advance(max_advance);
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
                let line = if max_advance > 0 {
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
    if matches.get() == 0 {
        // The summary joins the one error line.
        let hints = Hints {
            other_gens: Some((&text, HINT_BUDGET)),
            ..Hints::default()
        };
        let none = NoSeedFits::new(entry, &seeds, max_advance, &hints);
        return Err(CliError::no_answer(format!("{none} ({summary})")));
    }
    eprintln!("{summary}");
    Ok(ExitCode::SUCCESS)
}

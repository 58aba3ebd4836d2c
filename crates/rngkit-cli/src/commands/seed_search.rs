//! `rngkit seed-search GEN [--observations FILE] [--seeds A..B] [--max-advance K] [--threads T]`

use std::io::{self, IsTerminal, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, ValueEnum};
use rngkit::number::parse_int;
use rngkit::profile::Profile;
use rngkit_analysis::search::mt::Backend;
use rngkit_analysis::search::{Match, SearchSpec, search};

use crate::commands::observations;
use crate::commands::recover::parse_threads;
use crate::error::CliError;

const SEED_SEARCH_HELP: &str = "\
Prints every seed S in the range whose stream, from seed(S) advanced by 0..=K raw
steps, gives every observation (the `recover` observation syntax): `S`, or
`S advance=k` with --max-advance. Matches print as they are found (in no fixed
order across threads); exit 1 when none matches.

--seeds A..B is half-open, A..=B inclusive, A.. runs to the end of the seed
space: shard a search over machines with 0..0x40000000, 0x40000000..0x80000000, ...
The default range is the generator's whole 32-bit seed space (64-bit seeds
need --seeds).

mt19937/mars observations within the first 624 outputs (advance included) run a
kernel that computes only the words they need, with AVX-512 or AVX2 when the CPU has them; two full
outputs 227 apart (e.g. `u32 = A`, `skip 226`, `u32 = B`) give the seed with no
search at all.

EXAMPLES:
  echo 'u32 = 1791095845' | rngkit seed-search mt19937
  rngkit seed-search unity --observations values.txt --max-advance 100";

/// An MT kernel to force (for comparisons; the default picks the fastest).
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Kernel {
    /// Portable scalar code.
    Scalar,
    /// AVX2.
    Avx2,
    /// AVX-512F.
    Avx512,
}

/// Arguments of `rngkit seed-search`.
#[derive(Args, Debug)]
#[command(after_help = SEED_SEARCH_HELP)]
pub struct SeedSearchArgs {
    /// The generator profile.
    #[arg(value_name = "GEN", value_parser = crate::cli::parse_profile)]
    pub generator: Profile,
    /// The observation list (default: stdin).
    #[arg(long, value_name = "FILE")]
    pub observations: Option<PathBuf>,
    /// The seeds to try: A..B (half-open), A..=B, A.. (default: all 32-bit seeds).
    #[arg(long, value_name = "A..B")]
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
    /// Force an MT19937 kernel.
    #[arg(long, value_enum)]
    pub kernel: Option<Kernel>,
}

pub fn run(args: SeedSearchArgs) -> Result<ExitCode, CliError> {
    let profile = args.generator;
    let seeds = parse_seeds(profile, args.seeds.as_deref())?;
    let max_advance = match &args.max_advance {
        Some(text) => parse_int::<u64>(text)
            .map_err(|e| CliError::usage(format_args!("--max-advance: {e}")))?,
        None => 0,
    };
    if args.stream.is_some() && !profile.has_stream() {
        return Err(CliError::usage(format_args!(
            "--stream applies to pcg32 and megacrush only, not {profile}"
        )));
    }
    let observations = observations::read(profile, args.observations.as_deref())?;
    let mut spec = SearchSpec::new(profile, observations, seeds.clone()).max_advance(max_advance);
    if let Some(text) = &args.threads {
        spec = spec.threads(parse_threads(text)?);
    }
    if let Some(text) = &args.stream {
        spec = spec.stream(
            parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("--stream: {e}")))?,
        );
    }
    if let Some(kernel) = args.kernel {
        spec = spec.backend(match kernel {
            Kernel::Scalar => Backend::Scalar,
            Kernel::Avx2 => Backend::Avx2,
            Kernel::Avx512 => Backend::Avx512,
        });
    }
    let total = spec.seed_count();
    let progress = io::stderr().is_terminal();
    let started = Instant::now();
    let mut stdout = io::stdout().lock();
    let matches = std::cell::Cell::new(0u64);
    let mut closed = false;
    let mut write_error = None;
    search(
        &spec,
        |m: Match| {
            matches.set(matches.get() + 1);
            if closed || write_error.is_some() {
                return;
            }
            if progress {
                eprint!("\r\x1b[K");
            }
            let line = if max_advance > 0 {
                format!("{} advance={}\n", m.seed, m.advance)
            } else {
                format!("{}\n", m.seed)
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
    if progress {
        eprint!("\r\x1b[K");
    }
    if let Some(e) = write_error {
        return Err(CliError::usage(format_args!("cannot write to stdout: {e}")));
    }
    if matches.get() == 0 {
        return Err(CliError::no_answer(format!(
            "no seed in {}..={} matches the observations{}",
            seeds.start(),
            seeds.end(),
            if max_advance > 0 {
                format!(" at any advance up to {max_advance}")
            } else {
                String::new()
            }
        )));
    }
    Ok(ExitCode::SUCCESS)
}

/// Parses `--seeds`: `A..B` (half-open), `A..=B`, `A..` or `..B`; the
/// default is the whole 32-bit seed space.
fn parse_seeds(profile: Profile, text: Option<&str>) -> Result<RangeInclusive<u64>, CliError> {
    let space_end = if profile.seed_bits() == 32 {
        u64::from(u32::MAX)
    } else {
        u64::MAX
    };
    let Some(text) = text else {
        if profile.seed_bits() != 32 {
            return Err(CliError::usage(format_args!(
                "{profile} seeds are 64-bit: give the range to search with --seeds A..B"
            )));
        }
        return Ok(0..=space_end);
    };
    let bad = || {
        CliError::usage(format_args!(
            "--seeds `{text}`: write A..B (half-open), A..=B or A.., with A and B decimal or 0x hex"
        ))
    };
    let (a, b, inclusive) = if let Some((a, b)) = text.split_once("..=") {
        (a, b, true)
    } else if let Some((a, b)) = text.split_once("..") {
        (a, b, false)
    } else {
        return Err(bad());
    };
    let num = |s: &str| -> Result<u128, CliError> {
        parse_int::<u128>(s.trim()).map_err(|e| CliError::usage(format_args!("--seeds: {e}")))
    };
    let start = if a.trim().is_empty() { 0 } else { num(a)? };
    let end = if b.trim().is_empty() {
        if inclusive {
            return Err(bad());
        }
        u128::from(space_end)
    } else if inclusive {
        num(b)?
    } else {
        let b = num(b)?;
        if b <= start {
            return Err(CliError::usage(format_args!("--seeds `{text}` is empty")));
        }
        b - 1
    };
    if end < start {
        return Err(CliError::usage(format_args!("--seeds `{text}` is empty")));
    }
    if end > u128::from(space_end) {
        return Err(CliError::usage(format_args!(
            "--seeds `{text}` leaves {profile}'s {}-bit seed space (which ends at {space_end})",
            profile.seed_bits()
        )));
    }
    Ok(start as u64..=end as u64)
}

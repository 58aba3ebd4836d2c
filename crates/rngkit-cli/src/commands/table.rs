//! `rngkit table build GEN --seeds A..B [--draw DRAW] -o FILE`, and the
//! table side of `rngkit seed-search GEN --table FILE...`.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};
use rngkit_analysis::input::parse_seed_range;
use rngkit_analysis::message::Spelling;
use rngkit_analysis::progress::Progress;
use rngkit_analysis::registry::Entry;
use rngkit_analysis::search::SearchSpec;
use rngkit_analysis::table::{self, BuildSpec, Check, KEY_DRAWS, Table, TableError};

use crate::args::parse_gen;
use crate::commands::observations;
use crate::commands::recover::parse_threads;
use crate::commands::seed_search::{self, Ending, SeedSearchArgs};
use crate::error::CliError;
use crate::output::documents;

/// The long help of `rngkit table`.
pub fn help() -> String {
    let mut draws = String::new();
    for k in KEY_DRAWS {
        draws.push_str(&format!(
            "  {:<10} {:<16} the top {} bits of the first word\n",
            k.generator, k.draw, k.key_bits
        ));
    }
    format!(
        "A seed table answers `rngkit seed-search GEN --table FILE` by a lookup instead of
a search: every seed of the range whose stream gives the observations (advance 0),
the same seeds the full search finds, in ascending order. It is a sorted index of
the seeds by their first output (about 4.5 bytes a seed: 2^24 seeds are 72 MiB,
all 2^32 would be 18 GiB, so build large ranges as shards, e.g. 2^28 seeds
each, and give several --table options). The first observation must be the
draw the table is keyed on. A query first checks the whole file against its
checksums (about 0.3 s a GiB here), so a damaged table is refused, never
answered from; --table-check touched checks only the blocks the query reads
(every byte the answer rests on, in milliseconds on any size; a damaged
block elsewhere goes unseen). --max-advance does not combine. Building
holds 12 bytes a seed in memory, runs on every core, shows progress on a
terminal and writes FILE.partial, renamed to FILE when whole; when FILE is
already that table, whole, it is kept, so a loop of builds over shards run
again after an interruption builds only the missing ones. See
docs/tables.md for the design and measurements.

KEY DRAWS (GEN, --draw, what the first value reveals; the first is the default):
{draws}
EXAMPLES:
  rngkit table build {g} --seeds 0..0x1000000 -o {g}.table
  rngkit gen {g} --seed 4242 -n 2 {d} | sed 's/^/{d} = /' > obs.txt
  rngkit seed-search {g} --table {g}.table --observations obs.txt",
        g = KEY_DRAWS[0].generator,
        d = KEY_DRAWS[0].draw
    )
}

/// Arguments of `rngkit table`.
#[derive(Args, Debug)]
pub struct TableArgs {
    #[command(subcommand)]
    pub command: TableCommand,
}

/// The `table` subcommands.
#[derive(Subcommand, Debug)]
pub enum TableCommand {
    /// Build a seed table for `seed-search --table`.
    Build(BuildArgs),
}

/// Arguments of `rngkit table build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The generator (php, mt19937, python, ruby).
    #[arg(value_name = "GEN", value_parser = parse_gen)]
    pub generator: &'static Entry,
    /// The seeds: A..B (half-open), A..=B, A.. (at most 2^30 a table).
    #[arg(long, value_name = "A..B", allow_hyphen_values = true)]
    pub seeds: Option<String>,
    /// The draw the first observation will be (default: the GEN's first
    /// key draw, see below).
    #[arg(long, value_name = "DRAW")]
    pub draw: Option<String>,
    /// The table file to write.
    #[arg(short = 'o', long, value_name = "FILE")]
    pub output: PathBuf,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "T")]
    pub threads: Option<String>,
}

pub fn run(args: TableArgs) -> Result<ExitCode, CliError> {
    match args.command {
        TableCommand::Build(b) => build(b),
    }
}

/// What an interrupted `table build` says on stderr: how far it got, that
/// the file was not written, and the command that builds it again.
fn build_stopped(
    output: &std::path::Path,
    seeds: &str,
    progress: &Progress,
    elapsed: std::time::Duration,
) -> String {
    let mut partial = output.as_os_str().to_owned();
    partial.push(".partial");
    // The writer may still hold it open; unlinked, it goes with the process.
    let _ = std::fs::remove_file(&partial);
    let done = progress
        .snapshot()
        .fraction()
        .map_or(String::new(), |f| format!(" at {:.1}%", f * 100.0));
    format!(
        "interrupted: table build stopped{done} after {:.2} s; {} was not written (a table is written whole)\nresume: {}\n(or build the seeds in shards, several `--seeds` ranges into several files queried together: a finished shard is kept)",
        elapsed.as_secs_f64(),
        output.display(),
        crate::interrupt::resume_command("--seeds", seeds)
    )
}

fn build(args: BuildArgs) -> Result<ExitCode, CliError> {
    let entry = args.generator;
    // The GEN and draw first: a GEN without tables says so before its seeds.
    table::key_draw(entry.name(), args.draw.as_deref()).map_err(CliError::usage)?;
    let Some(seeds_text) = args.seeds.as_deref() else {
        return Err(CliError::usage(
            "table build needs --seeds A..B (at most 2^30 seeds a table; all 2^32 are 16 shards of 2^28)",
        ));
    };
    let seeds =
        parse_seed_range(entry, Some(seeds_text), &Spelling::CLI).map_err(CliError::usage)?;
    let patterns = seeds.patterns();
    let [range] = patterns.as_slice() else {
        return Err(CliError::usage(
            "--seeds crosses zero: build the negative and the non-negative seeds as two tables",
        ));
    };
    let mut spec =
        BuildSpec::new(entry, range.clone(), args.draw.as_deref()).map_err(CliError::usage)?;
    if let Some(text) = &args.threads {
        spec = spec.threads(parse_threads(text)?);
    }
    // Resuming a sharded build: a shard already whole is kept.
    if let Ok(done) = Table::open(&args.output) {
        let h = done.header();
        if h.generator == spec.key().generator
            && h.draw == spec.key().draw
            && h.first == *range.start()
            && h.last() == *range.end()
        {
            eprintln!(
                "{} is already this table, whole and checked: kept (delete it to build it again)",
                args.output.display()
            );
            return Ok(ExitCode::SUCCESS);
        }
    }
    let progress = Progress::default();
    let ticker =
        crate::progress::Ticker::watch(&progress, &format!("table build {}", entry.name()));
    let started = Instant::now();
    // A signal ends the build (nothing in it can be kept: a table is
    // written whole), takes its unfinished file away and says how to
    // build again, or in shards that keep what they finish.
    let watch = crate::interrupt::Watch::start();
    let built = watch.run(
        || table::build(&spec, &args.output, &progress),
        || build_stopped(&args.output, seeds_text, &progress, started.elapsed()),
    );
    drop(watch);
    let built = built.map_err(table_error)?;
    ticker.finish();
    let header = &built.header;
    let bytes = header.file_len();
    eprintln!(
        "built {} ({} seeds {}..={}, keyed on `{}`, {:.1} MiB) in {:.2} s (first outputs {:.2} s, sort {:.2} s, write {:.2} s)",
        args.output.display(),
        header.count,
        header.first,
        header.last(),
        header.draw,
        bytes as f64 / (1u64 << 20) as f64,
        started.elapsed().as_secs_f64(),
        built.keys_seconds,
        built.sort_seconds,
        built.write_seconds
    );
    Ok(ExitCode::SUCCESS)
}

/// The tables' seed ranges, overlapping and adjoining ones merged.
fn merged(tables: &[Table]) -> Vec<std::ops::RangeInclusive<u64>> {
    let mut ranges: Vec<(u64, u64)> = tables
        .iter()
        .map(|t| (t.header().first, t.header().last()))
        .collect();
    ranges.sort_unstable();
    let mut out: Vec<(u64, u64)> = Vec::new();
    for (lo, hi) in ranges {
        match out.last_mut() {
            Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out.into_iter().map(|(lo, hi)| lo..=hi).collect()
}

fn table_error(e: TableError) -> CliError {
    CliError::usage(e)
}

/// `seed-search GEN --table FILE...`: the seeds the tables hold that give
/// the observations, printed as the full search prints them.
pub fn seed_search(args: SeedSearchArgs) -> Result<ExitCode, CliError> {
    let entry = args.generator;
    if args.max_advance.is_some() {
        return Err(CliError::usage(
            "--max-advance does not combine with --table: a table answers advance 0 (the first output after seeding); search without --table",
        ));
    }
    if args.stream.is_some() || args.kernel.is_some() {
        // Neither changes what a table holds.
        return Err(CliError::usage(
            "--stream and --kernel do not combine with --table",
        ));
    }
    let check = match args.table_check.as_deref() {
        Some("touched") => Check::Touched,
        _ => Check::Full,
    };
    let started = Instant::now();
    let tables = args
        .table
        .iter()
        .map(|p| Table::open_with(p, check))
        .collect::<Result<Vec<Table>, TableError>>()
        .map_err(table_error)?;
    let (source, text) = observations::read_text(args.observations.as_deref())?;
    let observations = observations::parse(entry, &source, &text)?;
    // The default range: from the tables' first seed to their last.
    let default = tables
        .iter()
        .map(|t| t.header().first)
        .min()
        .zip(tables.iter().map(|t| t.header().last()).max())
        .map(|(a, b)| format!("{a}..={b}"));
    let seeds_text = args.seeds.clone().or(default);
    let seeds =
        parse_seed_range(entry, seeds_text.as_deref(), &Spelling::CLI).map_err(CliError::usage)?;
    // Without --seeds, every table's seeds (shards may leave gaps).
    let ranges = if args.seeds.is_some() {
        seeds.patterns()
    } else {
        merged(&tables)
    };
    let mut found = Vec::new();
    let mut looked = 0u128;
    for range in ranges {
        looked += u128::from(range.end() - range.start()) + 1;
        let spec = SearchSpec::new(entry, observations.clone(), range).threads(1);
        found.extend(table::query(&tables, &spec).map_err(table_error)?);
    }
    let kind = entry.info().seed_kind;
    let json = args.format.json();
    let mut stdout = io::stdout().lock();
    for m in &found {
        // The same lines as the search's, in either format.
        let line = if json {
            format!("{}\n", documents::seed_match(entry, m.seed, m.advance))
        } else {
            format!("{}\n", kind.format(m.seed))
        };
        match stdout.write_all(line.as_bytes()) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break,
            Err(e) => return Err(CliError::usage(format_args!("cannot write to stdout: {e}"))),
        }
    }
    let _ = stdout.flush();
    let summary = format!(
        "looked up {looked} seeds in {} table{} in {:.3} s, {} match{}",
        tables.len(),
        if tables.len() == 1 { "" } else { "s" },
        started.elapsed().as_secs_f64(),
        found.len(),
        if found.len() == 1 { "" } else { "es" }
    );
    // A table answers advance 0 only (`--max-advance` is refused above).
    seed_search::finish(
        &mut stdout,
        Ending {
            entry,
            seeds: &seeds,
            max_advance: 0,
            text: &text,
            searched: u64::try_from(looked).unwrap_or(u64::MAX),
            seconds: started.elapsed().as_secs_f64(),
            matches: found.len() as u64,
            summary,
            json,
        },
    )
}

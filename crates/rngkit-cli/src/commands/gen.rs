//! `rngkit gen GEN SEEDING [--advance N] [-n COUNT] [--hex | --raw] DRAW [ARGS...]`

use std::process::ExitCode;

use rngkit::draw::Draw;
use rngkit::number::parse_int;
use rngkit::profile::DeterministicRng;
use rngkit::rand_core::Rng;

use crate::cli::GenArgs;
use crate::error::CliError;
use crate::output::{Output, Written};
use crate::seeding;

pub fn run(args: GenArgs) -> Result<ExitCode, CliError> {
    let profile = args.source.generator;
    let (name, rest) = args.draw.split_first().expect("clap requires DRAW");
    if name.starts_with('-') {
        return Err(CliError::usage(format_args!(
            "unknown option `{name}` (options go before DRAW; see `rngkit gen --help`)"
        )));
    }
    // DRAW takes every word after it (so `int -5 5` works); a long option
    // there was meant for `gen` itself.
    if let Some(option) = rest.iter().find(|a| a.starts_with("--")) {
        return Err(CliError::usage(format_args!(
            "`{option}` after the draw: options go before DRAW (`rngkit gen GEN SEEDING [OPTIONS] DRAW [ARGS...]`)"
        )));
    }
    let draw_args: Vec<&str> = rest.iter().map(String::as_str).collect();
    let draw = Draw::parse(profile, name, &draw_args).map_err(CliError::usage)?;
    let count = match &args.count {
        Some(text) => {
            Some(parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("-n: {e}")))?)
        }
        None => None,
    };
    if args.raw && !matches!(draw, Draw::U32 | Draw::U64) {
        return Err(CliError::usage(format_args!(
            "--raw writes raw words: use it with the draw u32 or u64, not `{name}`"
        )));
    }
    let mut rng = seeding::build(&args.source)?;
    let mut out = Output::new();
    if args.raw {
        raw(&mut rng, &draw, count, &mut out)?;
    } else {
        for _ in 0..count.unwrap_or(1) {
            let value = draw.eval(&mut rng);
            if let Written::Closed = out.line(&value.format(args.hex))? {
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// `--raw`: COUNT words (or without end) as little-endian binary.
fn raw(
    rng: &mut DeterministicRng,
    draw: &Draw,
    count: Option<u64>,
    out: &mut Output,
) -> Result<(), CliError> {
    let word_bytes: u64 = if *draw == Draw::U32 { 4 } else { 8 };
    // Whole output words map straight onto fill_bytes (the bulk path); a
    // u32 from a 64-bit generator is the upper half of a word, drawn one by one.
    let bulk = *draw == Draw::U64 || rng.algorithm().output_bits() == 32;
    let mut remaining = count.map(|c| c.saturating_mul(word_bytes));
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let len = match remaining {
            Some(0) => return Ok(()),
            Some(r) => r.min(buf.len() as u64) as usize,
            None => buf.len(),
        };
        let chunk = &mut buf[..len];
        if bulk {
            rng.fill_bytes(chunk);
        } else {
            for word in chunk.chunks_exact_mut(4) {
                word.copy_from_slice(&rng.next_u32().to_le_bytes());
            }
        }
        if let Written::Closed = out.bytes(chunk)? {
            return Ok(());
        }
        if let Some(r) = remaining.as_mut() {
            *r -= len as u64;
        }
    }
}

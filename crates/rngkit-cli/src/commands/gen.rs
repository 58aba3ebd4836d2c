//! `rngkit gen GEN SEEDING [--advance N] [-n COUNT] [--hex | --raw] DRAW [ARGS...]`

use std::process::ExitCode;

use clap::Args;
use rngkit::draw::CommonDraw;
use rngkit::number::parse_int;
use rngkit::rand_core::Rng;
use rngkit::registry::Engine;

use crate::args::{
    FormatArg, Source, command_examples, generators_help, reject_options_after_draw,
};
use crate::error::CliError;
use crate::output::{Output, Written, documents};
use crate::seeding;

/// The long help of `gen`.
pub fn help() -> String {
    format!(
        "{}\nEXAMPLES:\n{}\n\n\
         Floats print as the shortest decimal that round-trips; --hex prints integers\n\
         as 0x hex and floats as their IEEE-754 bits. --raw writes little-endian binary\n\
         words (u32 or u64 draws), without end unless -n is given (for piping into a\n\
         statistical battery such as dieharder, an external tool).\n\n{}",
        super::draws_help(),
        command_examples("gen"),
        generators_help()
    )
}

/// Arguments of `rngkit gen`.
#[derive(Args, Debug)]
pub struct GenArgs {
    #[command(flatten)]
    pub source: Source,
    /// How many draws to print (default 1).
    #[arg(short = 'n', long = "count", value_name = "COUNT")]
    pub count: Option<String>,
    /// Print integers as 0x hex and floats as their IEEE-754 bits.
    #[arg(long, conflicts_with = "raw")]
    pub hex: bool,
    /// Write raw little-endian binary words to stdout (draw u32 or u64).
    #[arg(long)]
    pub raw: bool,
    #[command(flatten)]
    pub format: FormatArg,
    /// The draw and its arguments, e.g. `u32`, `int 1 7`.
    #[arg(
        value_name = "DRAW",
        required = true,
        num_args = 1..,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub draw: Vec<String>,
}

pub fn run(args: GenArgs) -> Result<ExitCode, CliError> {
    let entry = args.source.generator;
    reject_options_after_draw("gen", &args.draw)?;
    let (name, rest) = args.draw.split_first().expect("clap requires DRAW");
    let draw_args: Vec<&str> = rest.iter().map(String::as_str).collect();
    let draw = entry
        .parse_draw(name, &draw_args)
        .map_err(CliError::usage)?;
    let count = match &args.count {
        Some(text) => {
            Some(parse_int::<u64>(text).map_err(|e| CliError::usage(format_args!("-n: {e}")))?)
        }
        None => None,
    };
    let raw_word = match CommonDraw::parse(name, &draw_args) {
        Ok(Some(CommonDraw::U32)) => Some(4),
        Ok(Some(CommonDraw::U64)) => Some(8),
        _ => None,
    };
    if args.raw && raw_word.is_none() {
        return Err(CliError::usage(format_args!(
            "--raw writes raw words: use it with the draw u32 or u64, not `{name}`"
        )));
    }
    if args.raw && args.format.json() {
        return Err(CliError::usage(
            "--raw writes binary words; it does not combine with --format json",
        ));
    }
    let mut rng = seeding::build(&args.source)?;
    let mut out = Output::new();
    if let (true, Some(word_bytes)) = (args.raw, raw_word) {
        raw(&mut rng, word_bytes, count, &mut out)?;
    } else if args.format.json() {
        let count = count.unwrap_or(1);
        for index in 0..count {
            let value = draw.eval(&mut rng);
            if let Written::Closed = out.json(&documents::gen_draw(index, &value, args.hex))? {
                return Ok(ExitCode::SUCCESS);
            }
        }
        out.json(&documents::gen_summary(entry, &args.draw, count, args.hex))?;
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
    rng: &mut Engine,
    word_bytes: u64,
    count: Option<u64>,
    out: &mut Output,
) -> Result<(), CliError> {
    // Whole output words map straight onto fill_bytes (the bulk path); a
    // u32 from a 64-bit generator is the upper half of a word, drawn one by one.
    let bulk = word_bytes == 8 || rng.spec().output_bits() == 32;
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

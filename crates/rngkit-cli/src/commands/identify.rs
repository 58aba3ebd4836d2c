//! `rngkit identify GEN (--state STATE | --state-file FILE) [--max-advance N]`

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use rngkit::number::parse_int;
use rngkit::profile::{Algorithm, DeterministicRng, Profile};
use rngkit_analysis::identify::{
    Identified, identify_mt19937, identify_splitmix_filled, identify_tinymt32, identify_unity_math,
    identify_xorshift128,
};

use crate::error::CliError;
use crate::output::Output;
use crate::seeding::parse_state_words;

const IDENTIFY_HELP: &str = "\
Prints `seed=S advance=n` such that the state is seed(S) advanced by n raw steps.

mt19937/mars: untwists the block back to the one init_genrand wrote, with no
search (any save blob; --max-advance, default 2^20 blocks, only stops a walk
that never reaches one). unity/bdsp/xorshift128: walks back step by step to
an InitState-shaped state, at most --max-advance steps (default 10^7);
xoshiro256ss/xoroshiro128p likewise to a state filled by SplitMix64 from the
seed; tinymt32 to a tinymt32_init state (default bound 10^6). splitmix64: the
state is its own seed; unity-math: every state is a seed's, at advance 0.

EXAMPLES:
  rngkit identify mars --state-file rng.bin
  rngkit identify unity --state \"0 1 6c078966 714acb3f\"";

/// Arguments of `rngkit identify`.
#[derive(Args, Debug)]
#[command(after_help = IDENTIFY_HELP)]
pub struct IdentifyArgs {
    /// The generator profile.
    #[arg(value_name = "GEN", value_parser = crate::cli::parse_profile)]
    pub generator: Profile,
    /// The state as hex words (the `rngkit state` form).
    #[arg(
        long,
        value_name = "STATE",
        required_unless_present = "state_file",
        conflicts_with = "state_file"
    )]
    pub state: Option<String>,
    /// A state file: the save blob for mars/mt19937, the text words otherwise.
    #[arg(long, value_name = "FILE")]
    pub state_file: Option<PathBuf>,
    /// The largest advance to consider.
    #[arg(long, value_name = "N")]
    pub max_advance: Option<String>,
}

pub fn run(args: IdentifyArgs) -> Result<ExitCode, CliError> {
    let profile = args.generator;
    let rng = read_state(profile, &args)?;
    let max_advance = match &args.max_advance {
        Some(text) => Some(
            parse_int::<u64>(text)
                .map_err(|e| CliError::usage(format_args!("--max-advance: {e}")))?,
        ),
        None => None,
    };
    let found: Option<Identified> = match (&rng, profile.algorithm()) {
        (DeterministicRng::Mt19937(mt), _) => {
            let twists = max_advance.map_or(1 << 20, |n| n / 624 + 2);
            identify_mt19937(mt, twists).filter(|id| max_advance.is_none_or(|n| id.advance <= n))
        }
        (DeterministicRng::Xorshift128(x), _) => {
            identify_xorshift128(x.state(), max_advance.unwrap_or(10_000_000))
        }
        (DeterministicRng::Xoshiro256StarStar(_) | DeterministicRng::Xoroshiro128Plus(_), _) => {
            identify_splitmix_filled(&rng, max_advance.unwrap_or(10_000_000))
        }
        (DeterministicRng::TinyMt32(t), _) => {
            identify_tinymt32(t, max_advance.unwrap_or(1_000_000))
        }
        (DeterministicRng::Xorshift32(x), _) => identify_unity_math(x),
        (_, Algorithm::SplitMix64) => Some(Identified {
            seed: rng.to_words()[0],
            advance: 0,
        }),
        _ => {
            return Err(CliError::usage(format_args!(
                "identify supports every generator but pcg32/megacrush (any state is pcg32_srandom of some seed), not {profile}"
            )));
        }
    };
    match found {
        Some(id) => {
            let mut out = Output::new();
            out.line(&format!("seed={} advance={}", id.seed, id.advance))?;
            out.finish()?;
            Ok(ExitCode::SUCCESS)
        }
        None => Err(CliError::no_answer(match max_advance {
            Some(n) => format!("no seed gives this {profile} state within {n} steps"),
            None => format!(
                "no seed gives this {profile} state within the default bound (see --max-advance)"
            ),
        })),
    }
}

fn read_state(profile: Profile, args: &IdentifyArgs) -> Result<DeterministicRng, CliError> {
    if let Some(text) = &args.state {
        let words = parse_state_words(text)?;
        return profile.from_words(&words).map_err(CliError::usage);
    }
    let path = args
        .state_file
        .as_ref()
        .expect("clap requires --state or --state-file");
    let data = std::fs::read(path)
        .map_err(|e| CliError::usage(format_args!("cannot read {}: {e}", path.display())))?;
    if profile.algorithm() == Algorithm::Mt19937 {
        let mt = rngkit::generators::Mt19937::from_blob(&data)
            .map_err(|e| CliError::usage(format_args!("{}: {e}", path.display())))?;
        return Ok(DeterministicRng::Mt19937(mt));
    }
    let text = std::str::from_utf8(&data).map_err(|_| {
        CliError::usage(format_args!(
            "{}: a {profile} state file holds hex words as text",
            path.display()
        ))
    })?;
    let words = parse_state_words(text)?;
    profile
        .from_words(&words)
        .map_err(|e| CliError::usage(format_args!("{}: {e}", path.display())))
}

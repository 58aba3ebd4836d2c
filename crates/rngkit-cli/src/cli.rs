//! The argument grammar, as `shared/cli-contract.md` fixes it.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use rngkit::profile::Profile;

macro_rules! generators_help {
    () => {
        "\
GENERATORS:
  unity          UnityEngine.Random (Xorshift128)     --seed = Random.InitState(S), 32-bit
  bdsp           Xorshift128, Pokémon BDSP conventions --seed = set_seed(S), 32-bit
  xorshift128    Marsaglia Xorshift128 (11, 8, 19)    --seed = Unity's InitState fill
  mars           MT19937, mars engine draws           --seed = init_genrand(S) + one twist
  mt19937        MT19937                              --seed = init_genrand(S), 32-bit
  pcg32          PCG32 XSH RR 64/32                   --seed = pcg32_srandom(S, --stream)
  megacrush      PCG32, MegaCrush gameplay struct     --seed = Pcg32(S, --stream)
  xoshiro256ss   xoshiro256**                         --seed = 4 SplitMix64 outputs from S
  xoroshiro128p  xoroshiro128+ (24, 16, 37)           --seed = 2 SplitMix64 outputs from S
  splitmix64     SplitMix64                           --seed = the state itself
  tinymt32       TinyMT32 (reference parameters)      --seed = tinymt32_init(S)
  unity-math     Unity.Mathematics.Random             --seed = new Random(S), S != 0

STATE WORDS (--state, and what `rngkit state` prints), hex:
  xorshift128 family  4 x 32-bit: s0 s1 s2 s3 (Random.State order)
  mt19937 / mars      625 x 32-bit: left, then mt[0..624] untempered
  pcg32 / megacrush   2 x 64-bit: state increment
  xoshiro256ss        4 x 64-bit     xoroshiro128p  2 x 64-bit
  splitmix64          1 x 64-bit     tinymt32       4 x 32-bit     unity-math  1 x 32-bit"
    };
}

const GENERATORS_HELP: &str = generators_help!();

/// Reproduce, inspect and analyse the random number generators of games and
/// engines, bit for bit.
#[derive(Parser, Debug)]
#[command(
    name = "rngkit",
    version,
    about,
    after_help = "Run `rngkit COMMAND --help` for a command's options and examples.\n\
                  Exit status: 0 ok, 1 no answer, 2 bad usage or input, 3 underdetermined."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print draws from a generator.
    #[command(
        after_long_help = const_format_gen_help(),
        override_usage = "rngkit gen GEN SEEDING [--advance N] [-n COUNT] [--hex | --raw] DRAW [ARGS...]"
    )]
    Gen(GenArgs),
    /// Print a generator's state (after an optional advance).
    #[command(
        after_long_help = const_format_state_help(),
        override_usage = "rngkit state GEN SEEDING [--advance N] [-o FILE]"
    )]
    State(StateArgs),
    /// Print how many steps lead from one state to another.
    #[command(
        after_long_help = DISTANCE_HELP,
        override_usage = "rngkit distance GEN (--from STATE | --from-file FILE) (--to STATE | --to-file FILE) [--max N]"
    )]
    Distance(DistanceArgs),
}

const DISTANCE_HELP: &str = "\
Prints the smallest n >= 0 such that advancing the --from state n steps gives
the --to state (one step = one output word).

Exact and fast: xorshift128 family (unity, bdsp), xoroshiro128p (any distance
below the period 2^128 - 1), xoshiro256ss (distances below 2^128 - 1), pcg32 /
megacrush (same stream), splitmix64, unity-math. MT19937 (mars, mt19937) and
tinymt32 have prime periods, which leave no fast method: give --max N to search
up to N steps. Exit 1 when the distance is not found (not within --max,
different PCG streams).

EXAMPLES:
  rngkit distance unity --from \"0 1 6c078966 714acb3f\" --to \"$(rngkit state unity --seed 0 --advance 1000000)\"
  rngkit distance mars --from-file turn1.bin --to-file turn2.bin --max 100000";

const fn const_format_gen_help() -> &'static str {
    concat!(
        "DRAWS (every generator): u32, u64, f32 ([0,1), 24 bits), f64 ([0,1), 53 bits),\n",
        "  int MIN MAX (unbiased, MIN <= x < MAX), bool\n\n",
        "ENGINE DRAWS (bit-exact to the engine):\n",
        "  unity       value, range-float MIN MAX, range-int MIN MAX, inside-unit-circle,\n",
        "              inside-unit-sphere, on-unit-sphere, rotation, rotation-uniform,\n",
        "              color-hsv [HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX]\n",
        "  unity-math  next-uint, next-int MIN MAX, next-float, next-bool, next-double\n",
        "  bdsp        next-uint, next-rand [MIN MAX], next-alt-rand MIN MAX, next-float [MIN MAX]\n",
        "  mars        next-u32, next-unit, next-float, next-float-pc24, next-int-inclusive N\n",
        "  megacrush   next-uint, next-int MIN MAX, next-float, next-bool\n\n",
        "EXAMPLES:\n",
        "  rngkit gen unity --seed 0 -n 5 value\n",
        "  rngkit gen unity --seed 0 range-int -2147483648 2147483647\n",
        "  rngkit gen mt19937 --seed 5489 -n 5 u32\n",
        "  rngkit gen pcg32 --seed 42 --stream 54 --hex -n 6 u32\n",
        "  rngkit gen xoshiro256ss --seed-str \"level-1\" -n 3 int 1 7\n",
        "  rngkit gen unity --state \"0 1 6c078966 714acb3f\" u32\n",
        "  rngkit gen splitmix64 --seed 1 --raw u64 | dieharder -a -g 200\n\n",
        "Floats print as the shortest decimal that round-trips; --hex prints integers\n",
        "as 0x hex and floats as their IEEE-754 bits. --raw writes little-endian binary\n",
        "words (u32 or u64 draws), without end unless -n is given.\n\n",
        generators_help!()
    )
}

const fn const_format_state_help() -> &'static str {
    concat!(
        "EXAMPLES:\n  rngkit state unity --seed 0\n  rngkit state mars --seed 1234 --advance 170 -o rng.bin\n  rngkit state mt19937 --state-file rng.bin\n\n\
     Words print as zero-padded lowercase hex (8 digits for 32-bit words, 16 for\n\
     64-bit). With -o, mars/mt19937 write the 2500-byte save blob; other\n\
     generators write the text line, which --state-file reads back.\n\n",
        generators_help!()
    )
}

/// How the generator is seeded: exactly one of these.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub struct Seeding {
    /// Seed the way the generator's engine does (see GENERATORS). Decimal or
    /// 0x hex; negative values are two's complement.
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub seed: Option<String>,
    /// Seed from the documented, stable hash of this UTF-8 text.
    #[arg(long, value_name = "TEXT")]
    pub seed_str: Option<String>,
    /// The full state as hex words, space separated (see STATE WORDS).
    #[arg(long, value_name = "WORDS")]
    pub state: Option<String>,
    /// A state file: the 2500/2503-byte save blob for mars/mt19937, the text
    /// words otherwise.
    #[arg(long, value_name = "FILE")]
    pub state_file: Option<PathBuf>,
    /// Seed from the OS; the state used is printed to stderr for replay.
    #[arg(long)]
    pub entropy: bool,
}

/// Options shared by commands that build a generator.
#[derive(Args, Debug)]
pub struct Source {
    /// The generator profile (see GENERATORS below).
    #[arg(value_name = "GEN", value_parser = parse_profile)]
    pub generator: Profile,
    #[command(flatten)]
    pub seeding: Seeding,
    /// PCG stream selector for pcg32/megacrush with --seed (default 54).
    #[arg(long, value_name = "N")]
    pub stream: Option<String>,
    /// Move N raw steps first (one step = one output word). N may be
    /// negative (step back) and huge (|N| < 2^128): jumps take O(log N).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub advance: Option<String>,
}

fn parse_profile(s: &str) -> Result<Profile, String> {
    s.parse::<Profile>().map_err(|e| e.to_string())
}

#[derive(Args, Debug)]
#[command(after_help = GENERATORS_HELP)]
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

#[derive(Args, Debug)]
#[command(after_help = GENERATORS_HELP)]
pub struct DistanceArgs {
    /// The generator profile (see GENERATORS below).
    #[arg(value_name = "GEN", value_parser = parse_profile)]
    pub generator: Profile,
    /// The start state, as hex words.
    #[arg(
        long,
        value_name = "STATE",
        required_unless_present = "from_file",
        conflicts_with = "from_file"
    )]
    pub from: Option<String>,
    /// The start state from a file (the save blob for mars/mt19937).
    #[arg(long, value_name = "FILE")]
    pub from_file: Option<PathBuf>,
    /// The target state, as hex words.
    #[arg(
        long,
        value_name = "STATE",
        required_unless_present = "to_file",
        conflicts_with = "to_file"
    )]
    pub to: Option<String>,
    /// The target state from a file (the save blob for mars/mt19937).
    #[arg(long, value_name = "FILE")]
    pub to_file: Option<PathBuf>,
    /// Search at most N steps (needed for mars, mt19937, tinymt32).
    #[arg(long, value_name = "N")]
    pub max: Option<String>,
}

#[derive(Args, Debug)]
#[command(after_help = GENERATORS_HELP)]
pub struct StateArgs {
    #[command(flatten)]
    pub source: Source,
    /// Write the state to FILE (the save blob for mars/mt19937).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
}

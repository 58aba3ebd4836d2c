//! MT19937 seed search for one observed first output, timed: the task
//! php_mt_seed solves, for side-by-side measurements.
//!
//! ```sh
//! cargo run --release -p rngkit-analysis --example mt_seed_scan -- \
//!     [--seed S | --output W] [--seeds N] [--first F] [--threads T] \
//!     [--backend best|scalar|avx2|avx512] [--kernel]
//! ```
//!
//! By default it searches all 2^32 seeds on 2 threads through
//! `rngkit_analysis::search::search` (chunks, survivors verified) for the
//! first output of seed 0x76543210 and prints the seeds found and the rate.
//! `--kernel` scans `--seeds` seeds from `--first` with `MtPlan::scan` on the
//! calling thread only (for instruction counts under callgrind).

use std::time::Instant;

use rngkit::WordRng;
use rngkit::cpu::CpuLevel;
use rngkit::generators::Mt19937;
use rngkit_analysis::generators::mt19937::search::MtPlan;
use rngkit_analysis::observe::{layout, parse_observations};
use rngkit_analysis::registry;
use rngkit_analysis::search::{SearchSpec, search};

fn main() {
    let mut seed = 0x7654_3210u64;
    let mut output: Option<u32> = None;
    let mut seeds: u64 = 1 << 32;
    let mut first: u64 = 0;
    let mut threads = 2usize;
    let mut backend = CpuLevel::best();
    let mut kernel_only = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || {
            let v = args.next().expect("a value after the option");
            if let Some(hex) = v.strip_prefix("0x") {
                u64::from_str_radix(hex, 16).expect("a hex number")
            } else {
                v.parse().expect("a number")
            }
        };
        match arg.as_str() {
            "--seed" => seed = value(),
            "--output" => output = Some(value() as u32),
            "--seeds" => seeds = value(),
            "--first" => first = value(),
            "--threads" => threads = value() as usize,
            "--kernel" => kernel_only = true,
            "--backend" => {
                let name = args.next().expect("a value after --backend");
                backend = match name.as_str() {
                    "best" => CpuLevel::best(),
                    // scalar, avx2, avx512: the CpuLevel names.
                    _ => name
                        .parse()
                        .unwrap_or_else(|e| panic!("--backend {name}: {e}")),
                }
            }
            other => panic!("unknown option {other}"),
        }
    }
    let target = output.unwrap_or_else(|| Mt19937::new(seed as u32).next_word() as u32);
    let entry = registry::find("mt19937").expect("the mt19937 GEN");
    let obs = parse_observations(entry, &format!("u32 = {target}")).unwrap();
    let start = Instant::now();
    if kernel_only {
        let lay = layout(&obs, 32, false);
        let plan = MtPlan::new(&lay.constraints, 0).expect("a first-block plan");
        let mut survivors = Vec::new();
        let cpu = cpu_seconds();
        plan.scan(backend, first as u32, seeds as u32, &mut survivors);
        let secs = start.elapsed().as_secs_f64();
        let cpu = cpu_seconds() - cpu;
        println!("survivors: {survivors:x?}");
        println!(
            "{backend:?}, 1 thread (kernel only): {seeds} seeds in {secs:.3} s, {:.1} Mseeds/s; \
             {cpu:.2} s CPU, {:.1} Mseeds per CPU-second",
            seeds as f64 / secs / 1e6,
            seeds as f64 / cpu / 1e6
        );
        return;
    }
    let spec = SearchSpec::new(entry, obs, first..=first + seeds - 1)
        .threads(threads)
        .backend(backend);
    let mut found = Vec::new();
    let done = search(&spec, |m| found.push(m.seed), |_| {}).expect("a valid search");
    let secs = start.elapsed().as_secs_f64();
    found.sort_unstable();
    println!("target output {target:#010x}: seeds {found:#x?}");
    println!(
        "{backend:?}, {threads} threads: {done} seeds in {secs:.3} s, {:.1} Mseeds/s",
        done as f64 / secs / 1e6
    );
}

/// CPU time of the process so far (user + system, 10 ms ticks, from /proc):
/// on a machine shared with other work, seeds per CPU-second measure the
/// kernel rather than the other tenants. 0 where /proc is missing.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let fields: Vec<&str> = stat[stat.rfind(')').map_or(0, |i| i + 1)..]
        .split_whitespace()
        .collect();
    // utime and stime are fields 14 and 15 of proc(5), fields[11] and [12]
    // here (field 3, the state, is fields[0]).
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

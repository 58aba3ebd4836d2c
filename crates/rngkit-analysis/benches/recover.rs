//! Seed search, recovery and identification speed.
//!
//! `cargo bench -p rngkit-analysis --bench recover`. The seed-search figures
//! are seeds per second for one observed first output of `mt19937` (the
//! php_mt_seed task): per kernel on one thread, and the threaded search on
//! two threads with the best kernel.

#[path = "../tests/common/mod.rs"]
mod common;
use common::*;
use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rngkit::cpu::CpuLevel;
use rngkit::engines::unity::value_from_word;
use rngkit_analysis::generators::mt19937::identify_mt19937;
use rngkit_analysis::generators::mt19937::search::MtPlan;
use rngkit_analysis::observe::{Observation, parse_observations};
use rngkit_analysis::recover::{RecoverOptions, recover};
use rngkit_analysis::search::{SearchSpec, search};

fn first_output(seed: u32) -> u32 {
    p("mt19937").seeded(u64::from(seed), 0).unwrap().next_word() as u32
}

/// The php_mt_seed task: the first output of seed 0x76543210 observed,
/// and the MT19937 kernels' plan for it.
fn first_output_task() -> (Vec<Observation>, MtPlan) {
    let target = first_output(0x7654_3210);
    let obs = parse_observations(p("mt19937"), &format!("u32 = {target}")).unwrap();
    let lay = rngkit_analysis::observe::layout(&obs, 32, false);
    let plan = MtPlan::new(&lay.constraints, 0).unwrap();
    (obs, plan)
}

/// The threaded search of the task over `seeds` seeds from 0x76000000, on
/// two threads.
fn two_thread_search(obs: &[Observation], seeds: u64) -> SearchSpec {
    SearchSpec::new(
        p("mt19937"),
        obs.to_vec(),
        0x7600_0000..=0x7600_0000 + seeds - 1,
    )
    .threads(2)
}

fn seed_search(c: &mut Criterion) {
    let (obs, plan) = first_output_task();
    let mut group = c.benchmark_group("seed_search_mt19937_first_output");
    group.sample_size(10);
    const KERNEL_SEEDS: u32 = 1 << 22;
    group.throughput(Throughput::Elements(u64::from(KERNEL_SEEDS)));
    for &backend in CpuLevel::available() {
        group.bench_function(format!("kernel_1_thread/{backend:?}"), |b| {
            let mut survivors = Vec::new();
            b.iter(|| {
                survivors.clear();
                plan.scan(backend, 0x7600_0000, KERNEL_SEEDS, &mut survivors);
                black_box(survivors.len())
            })
        });
    }
    const SEARCH_SEEDS: u64 = 1 << 26;
    group.throughput(Throughput::Elements(SEARCH_SEEDS));
    group.bench_function("search_2_threads/best", |b| {
        let spec = two_thread_search(&obs, SEARCH_SEEDS);
        b.iter(|| {
            let mut n = 0;
            search(&spec, |_| n += 1, |_| {}).unwrap();
            black_box(n)
        })
    });
    group.finish();
}

/// CPU time used so far by this thread (`thread`) or the whole process, from
/// `/proc` (10 ms ticks). On a shared machine wall-clock rates measure the
/// other tenants too; seeds per CPU-second measure the kernel.
fn cpu_time(thread: bool) -> Duration {
    let path = if thread {
        "/proc/thread-self/stat"
    } else {
        "/proc/self/stat"
    };
    let stat = std::fs::read_to_string(path).expect("/proc is available");
    let fields: Vec<&str> = stat[stat.rfind(')').unwrap() + 1..]
        .split_whitespace()
        .collect();
    // Field N of the man page is fields[N - 3] here (field 3 is the state);
    // utime and stime are fields 14 and 15, in 10 ms ticks.
    let ticks = |n: usize| fields[n - 3].parse::<u64>().expect("a tick count");
    Duration::from_millis((ticks(14) + ticks(15)) * 10)
}

fn seed_search_cpu(c: &mut Criterion) {
    let (obs, plan) = first_output_task();
    let mut group = c.benchmark_group("seed_search_mt19937_first_output_cpu_time");
    group.sample_size(10);
    const KERNEL_SEEDS: u32 = 1 << 23;
    group.throughput(Throughput::Elements(u64::from(KERNEL_SEEDS)));
    for &backend in CpuLevel::available() {
        group.bench_function(format!("kernel_per_core/{backend:?}"), |b| {
            let mut survivors = Vec::new();
            b.iter_custom(|iters| {
                let before = cpu_time(true);
                for _ in 0..iters {
                    survivors.clear();
                    plan.scan(backend, 0x7600_0000, KERNEL_SEEDS, &mut survivors);
                }
                cpu_time(true) - before
            })
        });
    }
    // Two threads: the process CPU time halved is the time on two idle cores.
    const SEARCH_SEEDS: u64 = 1 << 26;
    group.throughput(Throughput::Elements(SEARCH_SEEDS));
    group.bench_function("search_2_threads/best", |b| {
        let spec = two_thread_search(&obs, SEARCH_SEEDS);
        b.iter_custom(|iters| {
            let before = cpu_time(false);
            for _ in 0..iters {
                search(&spec, |_| {}, |_| {}).unwrap();
            }
            (cpu_time(false) - before) / 2
        })
    });
    group.finish();
}

fn identification(c: &mut Criterion) {
    let mut rng = p("mars").seeded(0xdead_beef, 0).unwrap();
    rng.discard(2 * 624 + 170);
    let mt = rng
        .downcast_ref::<rngkit::generators::Mt19937>()
        .unwrap()
        .clone();
    let blob = mt.to_blob();
    c.bench_function("identify_mars_blob_two_twists", |b| {
        b.iter(|| {
            let state = rngkit::generators::Mt19937::from_blob(black_box(&blob)).unwrap();
            identify_mt19937(&state, 1 << 20)
        })
    });
}

fn recovery(c: &mut Criterion) {
    // MT19937 from 624 full outputs.
    let mut rng = p("mt19937").seeded(2024, 0).unwrap();
    let text: String = (0..624)
        .map(|_| format!("u32 = {}\n", rng.next_word()))
        .collect();
    let mt_obs = parse_observations(p("mt19937"), &text).unwrap();
    let options = RecoverOptions {
        threads: 1,
        ..RecoverOptions::default()
    };
    c.bench_function("recover_mt19937_624_words", |b| {
        b.iter(|| recover(p("mt19937"), black_box(&mt_obs), &options).unwrap())
    });
    // Unity from 8 consecutive `value`s (parsing included: it inverts the floats).
    let mut rng = p("unity").seeded(0xbeef, 0).unwrap();
    let text: String = (0..8)
        .map(|_| format!("value = {}\n", value_from_word(rng.next_word() as u32)))
        .collect();
    c.bench_function("recover_unity_8_values", |b| {
        b.iter(|| {
            let obs = parse_observations(p("unity"), black_box(&text)).unwrap();
            recover(p("unity"), &obs, &options).unwrap()
        })
    });
}

fn partial_recovery(c: &mut Criterion) {
    // MT19937 from the low 8 bits of 4000 outputs (32 000 equations in the
    // 19 937 state bits), and TinyMT32 from 160 full outputs (bit 0 each).
    let mut rng = p("mt19937").seeded(2025, 0).unwrap();
    let text: String = (0..4000)
        .map(|_| format!("bits 0xff = {}\n", rng.next_word() & 0xff))
        .collect();
    let mt_obs = parse_observations(p("mt19937"), &text).unwrap();
    let mut tiny = p("tinymt32").seeded(2025, 0).unwrap();
    let text: String = (0..160)
        .map(|_| format!("u32 = {}\n", tiny.next_word()))
        .collect();
    let tiny_obs = parse_observations(p("tinymt32"), &text).unwrap();
    let mut group = c.benchmark_group("recover_partial");
    group.sample_size(10);
    for threads in [1, 2] {
        let options = RecoverOptions {
            threads,
            ..RecoverOptions::default()
        };
        group.bench_function(
            format!("mt19937_low8_4000_outputs/{threads}_threads"),
            |b| b.iter(|| recover(p("mt19937"), black_box(&mt_obs), &options).unwrap()),
        );
    }
    let options = RecoverOptions {
        threads: 1,
        ..RecoverOptions::default()
    };
    group.bench_function("tinymt32_160_outputs", |b| {
        b.iter(|| recover(p("tinymt32"), black_box(&tiny_obs), &options).unwrap())
    });
    group.finish();
}

criterion_group!(
    benches,
    partial_recovery,
    seed_search,
    seed_search_cpu,
    identification,
    recovery
);
criterion_main!(benches);

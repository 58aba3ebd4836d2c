//! Cracking `java` and `dotnet-legacy`: seed-search kernels, lattice
//! recovery, GF(2^31 - 1) recovery; the sum engines' `Math.random` from
//! percentages (the meet in the middle) and from a few doubles (the plane
//! sweeps).
//!
//! `cargo bench -p rngkit-analysis --bench cracking`. Kernel figures are
//! candidates per second on one thread for one observed `nextInt()`
//! (`java`, 48-bit states) or one observed `Next()` (`dotnet-legacy`,
//! seeding included); `search_2_threads` runs the whole threaded search.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rngkit::cpu::CpuLevel;
use rngkit::runtimes::java::JavaRandom;
use rngkit_analysis::generators::dotnet::{LANES, samples};
use rngkit_analysis::generators::java::candidates;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::recover::{RecoverOptions, recover};
use rngkit_analysis::registry;
use rngkit_analysis::search::{SearchSpec, search};

fn java_scan(c: &mut Criterion) {
    let java = registry::find("java").unwrap();
    // new Random(42).nextInt() (OpenJDK 17).
    let obs = parse_observations(java, "next-int = -1170105035").unwrap();
    let mut group = c.benchmark_group("java_48bit_scan_one_next_int");
    group.sample_size(10);
    const N: u64 = 1 << 28;
    group.throughput(Throughput::Elements(N));
    for &kernel in CpuLevel::available() {
        group.bench_function(format!("kernel_1_thread/{kernel:?}"), |b| {
            b.iter(|| black_box(candidates(kernel, &obs, 0, 0..N).unwrap().len()))
        });
    }
    const SEARCH: u64 = 1 << 31;
    group.throughput(Throughput::Elements(SEARCH));
    group.bench_function("search_2_threads/best", |b| {
        let spec = SearchSpec::new(java, obs.clone(), 0..=SEARCH - 1).threads(2);
        b.iter(|| {
            let mut n = 0;
            search(&spec, |_| n += 1, |_| {}).unwrap();
            black_box(n)
        })
    });
    group.finish();
}

fn java_lattice(c: &mut Criterion) {
    let java = registry::find("java").unwrap();
    let mut cases: Vec<(&str, String)> = Vec::new();
    let mut r = JavaRandom::new(12345);
    cases.push((
        "12_next_int_16",
        (0..12)
            .map(|_| format!("next-int 16 = {}\n", r.try_next_int_bounded(16).unwrap()))
            .collect(),
    ));
    let mut r = JavaRandom::new(2024);
    let mut text = String::new();
    let mut hits = 0;
    while hits < 20 {
        if r.next_float() < 0.05 {
            text.push_str("next-float in 0..0.05\n");
            hits += 1;
        } else {
            text.push_str("skip 1\n");
        }
    }
    cases.push(("20_next_float_below_0.05", text));
    let mut r = JavaRandom::new(31_337);
    let mut text = String::new();
    for i in 0..6 {
        if i > 0 {
            text.push_str("skip 0..=3\n");
            r.next_int();
        }
        for _ in 0..3 {
            text.push_str(&format!(
                "next-int 16 = {}\n",
                r.try_next_int_bounded(16).unwrap()
            ));
        }
    }
    cases.push(("18_next_int_16_five_gaps_0_to_3", text));
    let mut r = JavaRandom::new(4242);
    let mut text = String::new();
    for i in 0..3 {
        if i > 0 {
            text.push_str("skip 0..=3\n");
            r.next_int();
            r.next_int();
        }
        for _ in 0..5 {
            text.push_str(&format!(
                "next-int 16 = {}\n",
                r.try_next_int_bounded(16).unwrap()
            ));
        }
    }
    cases.push(("15_next_int_16_two_gaps_0_to_3", text));
    cases.push((
        "two_next_int",
        "next-int = -1170105035\nnext-int = 234785527\n".into(),
    ));
    cases.push((
        "one_next_double",
        "next-double = 0.7224575488195071\n".into(),
    ));
    let mut group = c.benchmark_group("java_lattice_recovery");
    group.sample_size(10);
    for (name, text) in cases {
        let obs = parse_observations(java, &text).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| black_box(recover(java, &obs, &RecoverOptions::default()).unwrap()))
        });
    }
    group.finish();
}

fn dotnet(c: &mut Criterion) {
    let dotnet = registry::find("dotnet-legacy").unwrap();
    let mut group = c.benchmark_group("dotnet_seed_scan_one_next");
    group.sample_size(10);
    const N: u32 = 1 << 20;
    group.throughput(Throughput::Elements(u64::from(N)));
    for &kernel in CpuLevel::available() {
        group.bench_function(format!("kernel_1_thread/{kernel:?}"), |b| {
            let mut out = [[0u32; LANES]; 1];
            b.iter(|| {
                let mut acc = 0u32;
                for base in (0..N).step_by(LANES) {
                    let seeds: [i32; LANES] = core::array::from_fn(|l| (base + l as u32) as i32);
                    samples(kernel, &seeds, 1, &mut out);
                    acc ^= out[0][0];
                }
                black_box(acc)
            })
        });
    }
    // new Random(0).Next() = 1559595546 (Mono 6.8).
    let obs = parse_observations(dotnet, "next = 1559595546").unwrap();
    const SEARCH: u64 = 1 << 26;
    group.throughput(Throughput::Elements(SEARCH));
    group.bench_function("search_2_threads/best", |b| {
        let spec = SearchSpec::new(dotnet, obs.clone(), 0..=SEARCH - 1).threads(2);
        b.iter(|| {
            let mut n = 0;
            search(&spec, |_| n += 1, |_| {}).unwrap();
            black_box(n)
        })
    });
    group.finish();
    let mut r = rngkit::runtimes::dotnet::DotnetRandom::new(2024);
    let text: String = (0..55).map(|_| format!("next = {}\n", r.next())).collect();
    let obs = parse_observations(dotnet, &text).unwrap();
    c.bench_function("dotnet_recover_55_samples", |b| {
        b.iter(|| black_box(recover(dotnet, &obs, &RecoverOptions::default()).unwrap()))
    });
}

/// Benchmarks `recover` on `count` values of `draw` (with `args`) of GEN
/// `gen_name`, seeded from 2026, after `skip` calls.
fn bench_recover(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    gen_name: &str,
    draw: (&str, &[&str]),
    count: usize,
    skip: u64,
) {
    let entry = registry::find(gen_name).unwrap();
    let mut rng = rngkit_analysis::needed::start_state(entry, 2026).unwrap();
    rng.discard(skip);
    let (name, args) = draw;
    let drawn = entry.parse_draw(name, args).unwrap();
    let label = std::iter::once(name)
        .chain(args.iter().copied())
        .collect::<Vec<_>>()
        .join(" ");
    let text: String = (0..count)
        .map(|_| format!("{label} = {}\n", drawn.eval(&mut rng).format(false)))
        .collect();
    let obs = parse_observations(entry, &text).unwrap();
    group.bench_function(format!("{gen_name}_{count}"), |b| {
        b.iter(|| black_box(recover(entry, &obs, &RecoverOptions::default()).unwrap()))
    });
}

/// `Math.floor(Math.random() * 100)` on the sum engines: 28 and 600
/// consecutive values (no public tool recovers these; the chain search
/// refused them, 2^35 leaves), from a cache position that is not a block's
/// start.
fn sum_engine_percentages(c: &mut Criterion) {
    let mut group = c.benchmark_group("sum_engines_floor_100");
    group.sample_size(10);
    for (gen_name, count) in [
        ("v8", 28),
        ("v8", 600),
        ("v8-14", 600),
        ("spidermonkey", 600),
    ] {
        bench_recover(&mut group, gen_name, ("floor", &["100"]), count, 17);
    }
    group.finish();
}

/// `Math.random()` doubles on the sum engines: the plane sweeps with their
/// word-wide start checks (three and four doubles), and ten `v8-14`
/// doubles whose refill falls after the fifth, the worst split (the
/// searches of the windows that straddle it find nothing, in full).
fn sum_engine_doubles(c: &mut Criterion) {
    let mut group = c.benchmark_group("sum_engines_doubles");
    group.sample_size(10);
    for (gen_name, count, skip) in [
        ("v8", 3, 0),
        ("v8", 5, 0),
        ("spidermonkey", 3, 0),
        ("spidermonkey", 4, 0),
        // A fresh v8-14 refills at call 0 and at call 64: values 59..=68.
        ("v8-14", 10, 59),
    ] {
        bench_recover(&mut group, gen_name, ("math-random", &[]), count, skip);
    }
    group.finish();
}

criterion_group!(
    benches,
    java_scan,
    java_lattice,
    dotnet,
    sum_engine_percentages,
    sum_engine_doubles
);
criterion_main!(benches);

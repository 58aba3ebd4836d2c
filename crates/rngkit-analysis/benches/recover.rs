//! Seed search, recovery and identification speed.
//!
//! `cargo bench -p rngkit-analysis --bench recover`. The seed-search figures
//! are seeds per second for one observed first output of `mt19937` (the
//! php_mt_seed task): per kernel on one thread, and the threaded search on
//! two threads with the best kernel.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rngkit::profile::{DeterministicRng, Profile};
use rngkit_analysis::identify::identify_mt19937;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::search::mt::{Backend, MtPlan};
use rngkit_analysis::search::{SearchSpec, search};

fn first_output(seed: u32) -> u32 {
    Profile::Mt19937
        .seeded(u64::from(seed), 0)
        .unwrap()
        .next_word() as u32
}

fn seed_search(c: &mut Criterion) {
    let target = first_output(0x7654_3210);
    let obs = parse_observations(Profile::Mt19937, &format!("u32 = {target}")).unwrap();
    let lay = rngkit_analysis::observe::layout(&obs, 32, false);
    let plan = MtPlan::new(&lay.constraints, 0).unwrap();
    let mut group = c.benchmark_group("seed_search_mt19937_first_output");
    group.sample_size(10);
    const KERNEL_SEEDS: u32 = 1 << 22;
    group.throughput(Throughput::Elements(u64::from(KERNEL_SEEDS)));
    for backend in Backend::available() {
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
        let spec = SearchSpec::new(
            Profile::Mt19937,
            obs.clone(),
            0x7600_0000..=0x7600_0000 + SEARCH_SEEDS - 1,
        )
        .threads(2);
        b.iter(|| {
            let mut n = 0;
            search(&spec, |_| n += 1, |_| {}).unwrap();
            black_box(n)
        })
    });
    group.finish();
}

fn identification(c: &mut Criterion) {
    let mut rng = Profile::Mars.seeded(0xdead_beef, 0).unwrap();
    rng.discard(2 * 624 + 170);
    let DeterministicRng::Mt19937(mt) = rng else {
        unreachable!()
    };
    let blob = mt.to_blob();
    c.bench_function("identify_mars_blob_two_twists", |b| {
        b.iter(|| {
            let state = rngkit::generators::Mt19937::from_blob(black_box(&blob)).unwrap();
            identify_mt19937(&state, 1 << 20)
        })
    });
}

criterion_group!(benches, seed_search, identification);
criterion_main!(benches);

//! Jump and distance timings: xorshift128 and MT19937 jumps by random u128
//! amounts, the parts of a process's first MT19937 jump (cold path),
//! full-range xorshift128 distance; `ranlux24` and `ranlux48` jumps against
//! stepping (what libstdc++'s and libc++'s `discard(n)` do).

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rand_core::Rng;
use rngkit::generators::{Mt19937, SplitMix64, Xorshift128};
use rngkit_analysis::gf2::Modulus;
use rngkit_analysis::linear::{F2Linear, derive_characteristic_polynomial};
use rngkit_analysis::{Distance, Jump};

fn random_u128(r: &mut SplitMix64) -> u128 {
    u128::from(r.next_u64()) << 64 | u128::from(r.next_u64())
}

fn jumps(c: &mut Criterion) {
    let mut r = SplitMix64::new(1);
    let amounts: Vec<u128> = (0..64).map(|_| random_u128(&mut r)).collect();
    let mut i = 0;
    let start = Xorshift128::init_state(0);
    c.bench_function("xorshift128 jump by a random u128", |b| {
        b.iter(|| {
            i = (i + 1) % amounts.len();
            let mut g = start.clone();
            g.jump(black_box(amounts[i]));
            g
        })
    });
    let start = Mt19937::new(5489);
    c.bench_function("mt19937 jump by a random u128", |b| {
        b.iter(|| {
            i = (i + 1) % amounts.len();
            let mut g = start.clone();
            g.jump(black_box(amounts[i]));
            g
        })
    });
    // numpy's `MT19937.jumped()` applies one precomputed polynomial; a
    // repeated jump amount reuses ours from the cache in the same way.
    c.bench_function("mt19937 jump by 2^127, repeated (cached polynomial)", |b| {
        b.iter(|| {
            let mut g = start.clone();
            g.jump(black_box(1u128 << 127));
            g
        })
    });
    let amounts_back: Vec<u128> = amounts.iter().map(|a| a >> 1).collect();
    c.bench_function("mt19937 jump back by a random u128", |b| {
        b.iter(|| {
            i = (i + 1) % amounts_back.len();
            let mut g = start.clone();
            g.jump_back(black_box(amounts_back[i]));
            g
        })
    });
}

/// What a process's first MT19937 jump pays on top of a warm one: the
/// characteristic polynomial (before: derived by Berlekamp–Massey, the
/// `derive` row; now: read from a table) and the reduction data of its
/// modulus; then the jump itself with an amount not in the polynomial cache.
/// `scripts/cold-jump-timing` times the whole process.
fn cold_jump(c: &mut Criterion) {
    let mut group = c.benchmark_group("mt19937_cold_jump");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500));
    group.bench_function(
        "derive_characteristic_polynomial (replaced by the table)",
        |b| b.iter(|| derive_characteristic_polynomial(black_box(&Mt19937::new(5489)))),
    );
    group.bench_function("modulus_from_table", |b| {
        b.iter(|| Modulus::new(black_box(Mt19937::characteristic_polynomial()).clone()))
    });
    let mut r = SplitMix64::new(3);
    let start = Mt19937::new(1);
    group.bench_function("jump_by_a_fresh_127_bit_amount", |b| {
        b.iter(|| {
            // A new amount every time: the polynomial cache never hits.
            let n = random_u128(&mut r) >> 1 | 1 << 126;
            let mut g = start.clone();
            g.jump(black_box(n));
            g
        })
    });
    group.finish();
}

fn distances(c: &mut Criterion) {
    let mut r = SplitMix64::new(2);
    let start = Xorshift128::init_state(0);
    let targets: Vec<Xorshift128> = (0..16)
        .map(|_| {
            let mut t = start.clone();
            t.jump(random_u128(&mut r));
            t
        })
        .collect();
    let mut i = 0;
    c.bench_function("xorshift128 distance, full range", |b| {
        b.iter(|| {
            i = (i + 1) % targets.len();
            start.distance_to(black_box(&targets[i])).unwrap()
        })
    });
}

fn ranlux_jumps(c: &mut Criterion) {
    use rngkit::runtimes::cpp::{Ranlux24, Ranlux48};
    let mut group = c.benchmark_group("ranlux_1e6_calls");
    group.sample_size(10);
    let (r24, r48) = (Ranlux24::new(5), Ranlux48::new(5));
    group.bench_function("ranlux24_jump", |b| {
        b.iter(|| {
            let mut g = r24.clone();
            g.jump(black_box(1_000_000));
            g
        })
    });
    group.bench_function("ranlux24_stepping", |b| {
        b.iter(|| {
            let mut g = r24.clone();
            for _ in 0..black_box(1_000_000) {
                g.step();
            }
            g
        })
    });
    group.bench_function("ranlux48_jump", |b| {
        b.iter(|| {
            let mut g = r48.clone();
            g.jump(black_box(1_000_000));
            g
        })
    });
    group.bench_function("ranlux48_stepping", |b| {
        b.iter(|| {
            let mut g = r48.clone();
            for _ in 0..black_box(1_000_000) {
                g.step();
            }
            g
        })
    });
    group.finish();
}

criterion_group! {
    name = short_jumps;
    config = Criterion::default().warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    targets = jumps, ranlux_jumps
}
criterion_group!(cold, cold_jump);
criterion_group! {
    name = short_distances;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_millis(100)).measurement_time(Duration::from_secs(5));
    targets = distances
}
criterion_main!(short_jumps, cold, short_distances);

//! The game GENs: SFMT-19937 bulk generation against its own scalar loop,
//! the exact LCG distance (any two states), and Sword/Shield state recovery
//! from `rand 2` results. Figures in `docs/performance.md`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rngkit::engines::pokemon::bwrng::BwRng;
use rngkit::engines::pokemon::lcrng::PokeRng;
use rngkit::engines::pokemon::sfmt::Sfmt19937;
use rngkit::number::BigInt;
use rngkit_analysis::Distance;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::recover::{RecoverOptions, recover};
use rngkit_analysis::registry;

fn sfmt(c: &mut Criterion) {
    const WORDS: usize = 1 << 16;
    let mut g = c.benchmark_group("sfmt19937_u64");
    g.throughput(Throughput::Bytes((WORDS * 8) as u64));
    let mut buf = vec![0u64; WORDS];
    let mut rng = Sfmt19937::new(4321);
    g.bench_function("fill_u64 (block-wise)", |b| {
        b.iter(|| {
            rng.fill_u64(&mut buf);
            black_box(&buf);
        })
    });
    let mut rng = Sfmt19937::new(4321);
    g.bench_function("next_u64 loop", |b| {
        b.iter(|| {
            for slot in buf.iter_mut() {
                *slot = rng.next_u64();
            }
            black_box(&buf);
        })
    });
    g.finish();
}

fn lcg_distance(c: &mut Criterion) {
    let mut g = c.benchmark_group("lcg_distance");
    let (a, b) = (PokeRng::new(0x1234_5678), PokeRng::new(0x9abc_def0));
    g.bench_function("pokerng (32-bit)", |bench| {
        bench.iter(|| black_box(black_box(&a).distance_to(black_box(&b))))
    });
    let (a, b) = (BwRng::new(0x1234_5678_9abc_def0), BwRng::new(42));
    g.bench_function("bwrng (64-bit)", |bench| {
        bench.iter(|| black_box(black_box(&a).distance_to(black_box(&b))))
    });
    g.finish();
}

fn swsh_recovery(c: &mut Criterion) {
    let swsh = registry::find("swsh").unwrap();
    let mut rng = swsh
        .seed(&BigInt::from(0x1234_5678_9abc_def0u64), &Default::default())
        .unwrap();
    let draw = swsh.parse_draw("rand", &["2"]).unwrap();
    let text: String = (0..140)
        .map(|_| format!("rand 2 = {}\n", draw.eval(&mut rng).format(false)))
        .collect();
    let obs = parse_observations(swsh, &text).unwrap();
    let options = RecoverOptions::default();
    let mut g = c.benchmark_group("swsh_recovery");
    g.sample_size(20);
    g.bench_function("140 x rand 2", |b| {
        b.iter(|| black_box(recover(swsh, &obs, &options).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, sfmt, lcg_distance, swsh_recovery);
criterion_main!(benches);

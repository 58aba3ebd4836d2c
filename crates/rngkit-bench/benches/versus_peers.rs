//! rngkit against its peers, side by side in one run.
//!
//! Group `<generator>/<operation>`, function `<implementation>`:
//! * `rngkit`: the generator as users call it (`next_*`, `fill_bytes`, which
//!   takes the best bulk kernel);
//! * `rngkit_scalar`: `fill_bytes` forced onto the portable kernel;
//! * `rngkit_loop`: `fill_bytes` done as a loop of single draws (what
//!   `rand_core`'s default `fill_bytes` does), the baseline for the bulk
//!   speed-up;
//! * the peers: `rand_xoshiro`, `rand_pcg`, `rand_mt`, `fastrand`.
//!
//! `scripts/bench-table` turns `target/criterion` into a table of ratios.

use std::convert::Infallible;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use rand::RngExt as _;
use rand_core::{Rng, SeedableRng};
use rngkit::bulk::BulkFill;
use rngkit::cpu::CpuLevel;
use rngkit::engines::mars::MarsRng;
use rngkit::engines::unity::UnityRandom;
use rngkit::facade::RandomExt as _;
use rngkit::generators::*;

/// Draws per iteration of the single-draw benchmarks.
const DRAWS: u64 = 1000;

type Group<'a> = BenchmarkGroup<'a, criterion::measurement::WallTime>;

fn bench_u64(group: &mut Group<'_>, name: &str, mut next: impl FnMut() -> u64) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for _ in 0..DRAWS {
                acc = acc.wrapping_add(next());
            }
            black_box(acc)
        })
    });
}

fn bench_fill(group: &mut Group<'_>, name: &str, len: usize, mut fill: impl FnMut(&mut [u8])) {
    let mut buf = vec![0u8; len];
    group.bench_function(name, |b| {
        b.iter(|| {
            fill(black_box(&mut buf));
            black_box(buf[len - 1])
        })
    });
}

/// `fill_bytes` as a loop of single 32-bit draws: `rand_core`'s
/// `fill_bytes_via_next_word`, which is what the generators' `fill_bytes`
/// did before the bulk kernels.
fn loop_fill_u32(rng: &mut impl Rng, dst: &mut [u8]) {
    rand_core::utils::fill_bytes_via_next_word(dst, || Ok::<u32, Infallible>(rng.next_u32()))
        .unwrap_or_else(|never| match never {});
}

/// As `loop_fill_u32` with 64-bit draws.
fn loop_fill_u64(rng: &mut impl Rng, dst: &mut [u8]) {
    rand_core::utils::fill_bytes_via_next_word(dst, || Ok::<u64, Infallible>(rng.next_u64()))
        .unwrap_or_else(|never| match never {});
}

/// One benchmark group of single draws: `name => closure returning u64`.
/// Every closure is a concrete type, so each is inlined into its loop.
macro_rules! draws {
    ($c:expr, $group:expr, $($name:literal => $next:expr),+ $(,)?) => {{
        let mut group = $c.benchmark_group($group);
        group.throughput(Throughput::Elements(DRAWS));
        $(bench_u64(&mut group, $name, $next);)+
        group.finish();
    }};
}

/// One benchmark group of `fill_bytes` into `$len` bytes:
/// `name => closure(&mut [u8])`.
macro_rules! fills {
    ($c:expr, $group:expr, $len:expr, $($name:literal => $fill:expr),+ $(,)?) => {{
        let mut group = $c.benchmark_group($group);
        group.throughput(Throughput::Bytes($len as u64));
        $(bench_fill(&mut group, $name, $len, $fill);)+
        group.finish();
    }};
}

const SIZES: [(&str, usize); 2] = [("1KiB", 1024), ("1MiB", 1024 * 1024)];

/// A fastrand generator seeded like the others.
fn fastrand_rng() -> fastrand::Rng {
    fastrand::Rng::with_seed(42)
}

/// The four benchmark families of an rngkit generator; `$peers32`,
/// `$peers64` and `$fill_peers` are further `name => closure` pairs, and
/// `$loop_fill` is the one-draw-at-a-time fill of the generator's width.
macro_rules! suite {
    ($c:expr, $name:literal, $make:expr, $loop_fill:ident,
     [$($p32:literal => $n32:expr),*], [$($p64:literal => $n64:expr),*],
     [$($pf:literal => $f:expr),*]) => {{
        draws!($c, concat!($name, "/next_u32"),
            "rngkit" => { let mut r = $make; move || u64::from(r.next_u32()) }
            $(, $p32 => $n32)*);
        draws!($c, concat!($name, "/next_u64"),
            "rngkit" => { let mut r = $make; move || r.next_u64() }
            $(, $p64 => $n64)*);
        for (label, len) in SIZES {
            fills!($c, format!("{}/fill_{label}", $name), len,
                "rngkit" => { let mut r = $make; move |b: &mut [u8]| r.fill_bytes(b) },
                "rngkit_scalar" => { let mut r = $make; move |b: &mut [u8]| r.fill_bytes_with(b, CpuLevel::Scalar) },
                "rngkit_loop" => { let mut r = $make; move |b: &mut [u8]| $loop_fill(&mut r, b) }
                $(, $pf => $f)*);
        }
    }};
}

/// [`suite!`] for a 32-bit generator.
macro_rules! suite32 {
    ($c:expr, $name:literal, $make:expr, $($peers:tt)*) => {
        suite!($c, $name, $make, loop_fill_u32, $($peers)*)
    };
}

/// [`suite!`] for a 64-bit generator.
macro_rules! suite64 {
    ($c:expr, $name:literal, $make:expr, $($peers:tt)*) => {
        suite!($c, $name, $make, loop_fill_u64, $($peers)*)
    };
}

fn xorshift128(c: &mut Criterion) {
    suite32!(c, "xorshift128", Xorshift128::init_state(42),
        ["fastrand" => { let mut f = fastrand_rng(); move || u64::from(f.u32(..)) }],
        ["fastrand" => { let mut f = fastrand_rng(); move || f.u64(..) }],
        ["fastrand" => { let mut f = fastrand_rng(); move |b: &mut [u8]| f.fill(b) }]);
}

fn mt19937(c: &mut Criterion) {
    suite32!(c, "mt19937", Mt19937::new(5489),
        ["rand_mt" => { let mut p = rand_mt::Mt::new(5489); move || u64::from(p.next_u32()) }],
        ["rand_mt" => { let mut p = rand_mt::Mt::new(5489); move || p.next_u64() }],
        ["rand_mt" => { let mut p = rand_mt::Mt::new(5489); move |b: &mut [u8]| p.fill_bytes(b) }]);
}

fn pcg32(c: &mut Criterion) {
    suite32!(c, "pcg32", Pcg32::new(42, 54),
        ["rand_pcg" => { let mut p = rand_pcg::Pcg32::new(42, 54); move || u64::from(p.next_u32()) },
         "fastrand" => { let mut f = fastrand_rng(); move || u64::from(f.u32(..)) }],
        ["rand_pcg" => { let mut p = rand_pcg::Pcg32::new(42, 54); move || p.next_u64() }],
        ["rand_pcg" => { let mut p = rand_pcg::Pcg32::new(42, 54); move |b: &mut [u8]| p.fill_bytes(b) }]);
}

fn xoshiro256ss(c: &mut Criterion) {
    suite64!(c, "xoshiro256ss", Xoshiro256StarStar::seed_from_u64(42),
        ["rand_xoshiro" => { let mut p = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(42); move || u64::from(p.next_u32()) }],
        ["rand_xoshiro" => { let mut p = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(42); move || p.next_u64() },
         "fastrand" => { let mut f = fastrand_rng(); move || f.u64(..) }],
        ["rand_xoshiro" => { let mut p = rand_xoshiro::Xoshiro256StarStar::seed_from_u64(42); move |b: &mut [u8]| p.fill_bytes(b) },
         "fastrand" => { let mut f = fastrand_rng(); move |b: &mut [u8]| f.fill(b) }]);
}

fn xoroshiro128p(c: &mut Criterion) {
    suite64!(c, "xoroshiro128p", Xoroshiro128Plus::seed_from_u64(42),
        ["rand_xoshiro" => { let mut p = rand_xoshiro::Xoroshiro128Plus::seed_from_u64(42); move || u64::from(p.next_u32()) }],
        ["rand_xoshiro" => { let mut p = rand_xoshiro::Xoroshiro128Plus::seed_from_u64(42); move || p.next_u64() }],
        ["rand_xoshiro" => { let mut p = rand_xoshiro::Xoroshiro128Plus::seed_from_u64(42); move |b: &mut [u8]| p.fill_bytes(b) }]);
}

fn splitmix64(c: &mut Criterion) {
    // rand_xoshiro's SplitMix64 uses another finaliser for next_u32; the
    // speed comparison is still one state step each.
    suite64!(c, "splitmix64", SplitMix64::new(42),
        ["rand_xoshiro" => { let mut p = rand_xoshiro::SplitMix64::seed_from_u64(42); move || u64::from(p.next_u32()) }],
        ["rand_xoshiro" => { let mut p = rand_xoshiro::SplitMix64::seed_from_u64(42); move || p.next_u64() }],
        ["rand_xoshiro" => { let mut p = rand_xoshiro::SplitMix64::seed_from_u64(42); move |b: &mut [u8]| p.fill_bytes(b) }]);
}

fn tinymt32(c: &mut Criterion) {
    suite32!(c, "tinymt32", TinyMt32::new(1),
        ["fastrand" => { let mut f = fastrand_rng(); move || u64::from(f.u32(..)) }],
        ["fastrand" => { let mut f = fastrand_rng(); move || f.u64(..) }],
        ["fastrand" => { let mut f = fastrand_rng(); move |b: &mut [u8]| f.fill(b) }]);
}

fn xorshift32(c: &mut Criterion) {
    suite32!(c, "xorshift32", Xorshift32::from_state(1).unwrap(),
        ["fastrand" => { let mut f = fastrand_rng(); move || u64::from(f.u32(..)) }],
        ["fastrand" => { let mut f = fastrand_rng(); move || f.u64(..) }],
        ["fastrand" => { let mut f = fastrand_rng(); move |b: &mut [u8]| f.fill(b) }]);
}

/// The facade's bounded and float draws (on xoshiro256**) against `rand`'s
/// on `rand_xoshiro`'s xoshiro256**, and fastrand's own.
fn facade(c: &mut Criterion) {
    let ours = || Xoshiro256StarStar::seed_from_u64(42);
    let theirs = || rand_xoshiro::Xoshiro256StarStar::seed_from_u64(42);
    draws!(c, "facade/range_u32_1_to_100",
        "rngkit" => { let mut r = ours(); move || u64::from(r.range(1u32..=100)) },
        "rand" => { let mut p = theirs(); move || u64::from(p.random_range(1u32..=100)) },
        "fastrand" => { let mut f = fastrand_rng(); move || u64::from(f.u32(1..=100)) });
    draws!(c, "facade/range_i64",
        "rngkit" => { let mut r = ours(); move || r.range(-1000i64..1000) as u64 },
        "rand" => { let mut p = theirs(); move || p.random_range(-1000i64..1000) as u64 },
        "fastrand" => { let mut f = fastrand_rng(); move || f.i64(-1000..1000) as u64 });
    draws!(c, "facade/f64_unit",
        "rngkit" => { let mut r = ours(); move || r.next_f64().to_bits() },
        "rand" => { let mut p = theirs(); move || p.random::<f64>().to_bits() },
        "fastrand" => { let mut f = fastrand_rng(); move || f.f64().to_bits() });
    draws!(c, "facade/range_f32_closed",
        "rngkit" => { let mut r = ours(); move || u64::from(r.range(2.5f32..=4.0).to_bits()) },
        "rand" => { let mut p = theirs(); move || u64::from(p.random_range(2.5f32..=4.0).to_bits()) });
}

/// Engine draws. No crate reproduces these engines, so the reference row is
/// the raw draw of the same generator (`*_raw`): the cost of the mapping.
fn engines(c: &mut Criterion) {
    let unity = || UnityRandom::from(Xorshift128::init_state(42));
    draws!(c, "unity/value",
        "rngkit" => { let mut u = unity(); move || u64::from(u.value().to_bits()) },
        "raw_next_u32" => { let mut r = Xorshift128::init_state(42); move || u64::from(r.next_u32()) });
    draws!(c, "unity/range_float",
        "rngkit" => { let mut u = unity(); move || u64::from(u.range_float(-100.0, 500.0).to_bits()) },
        "raw_next_u32" => { let mut r = Xorshift128::init_state(42); move || u64::from(r.next_u32()) });
    draws!(c, "unity/range_int",
        "rngkit" => { let mut u = unity(); move || u64::from(u.range_int(-100, 500) as u32) },
        "raw_next_u32" => { let mut r = Xorshift128::init_state(42); move || u64::from(r.next_u32()) });
    draws!(c, "mars/next_unit",
        "rngkit" => { let mut m = MarsRng::seed(5489); move || m.next_unit().to_bits() },
        "rand_mt_next_u32" => { let mut p = rand_mt::Mt::new(5489); move || u64::from(p.next_u32()) });
    draws!(c, "mars/next_int_inclusive",
        "rngkit" => { let mut m = MarsRng::seed(5489); move || u64::from(m.next_int_inclusive(99)) },
        "rand_mt_next_u32" => { let mut p = rand_mt::Mt::new(5489); move || u64::from(p.next_u32()) });
}

fn config() -> Criterion {
    // Short by default: the machine is shared. Many short samples, so that
    // some run undisturbed (`scripts/bench-table --stat min` uses the
    // fastest). Command-line flags override.
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(1))
        .sample_size(100)
}

criterion_group! {
    name = benches;
    config = config();
    targets = xorshift128, mt19937, pcg32, xoshiro256ss, xoroshiro128p, splitmix64, tinymt32, xorshift32, facade, engines
}
criterion_main!(benches);

//! Distribution tests of every helper: Pearson's chi-square for discrete
//! draws, Kolmogorov–Smirnov for continuous ones, each on a fixed seed at the
//! significance level α = 0.001 (so a correct helper fails one such test in a
//! thousand seeds; with the seeds fixed the outcome is deterministic).
//!
//! Critical values:
//! * chi-square, upper tail α = 0.001: NIST/SEMATECH e-Handbook of
//!   Statistical Methods, §1.3.6.7.4 "Critical Values of the Chi-Square
//!   Distribution" (df 1: 10.828, 2: 13.816, 3: 16.266, 4: 18.467,
//!   5: 20.515, 9: 27.877, 15: 37.697, 19: 43.820, 23: 49.728).
//! * KS, two-sided α = 0.001, large n: D_crit = c(α)/√n with
//!   c(α) = √(−ln(α/2)/2) = 1.9495 (the asymptotic Kolmogorov distribution;
//!   Massey, "The Kolmogorov-Smirnov Test for Goodness of Fit", JASA 46, 1951).
//!
//! To show the tests have power, the same statistics are run on known-wrong
//! methods (a naive `word % span`, the naive shuffle, normalised cube
//! points) and must reject them.

use std::f64::consts::PI;

use rngkit::facade::{Algorithm, AliasTable, DeterministicRng, RandomExt};
use rngkit::rand_core::Rng;

const KS_C_ALPHA: f64 = 1.9495;

fn rng(seed: u64) -> DeterministicRng {
    Algorithm::default().seed_from_u64(seed)
}

/// Pearson's statistic, sum of (observed − expected)² / expected.
fn chi_square(observed: &[u64], probabilities: &[f64]) -> f64 {
    let n: u64 = observed.iter().sum();
    observed
        .iter()
        .zip(probabilities)
        .map(|(&o, &p)| {
            let e = p * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum()
}

fn uniform(k: usize) -> Vec<f64> {
    vec![1.0 / k as f64; k]
}

/// The chi-square critical value at α = 0.001 with `df` degrees of freedom
/// (the NIST/SEMATECH table cited above, for the degrees used here).
fn chi2_critical(df: usize) -> f64 {
    let table = [
        (1, 10.828),
        (2, 13.816),
        (3, 16.266),
        (4, 18.467),
        (5, 20.515),
        (9, 27.877),
        (15, 37.697),
        (19, 43.820),
        (23, 49.728),
    ];
    let found = table.iter().find(|&&(d, _)| d == df);
    found
        .unwrap_or_else(|| panic!("no critical value for df {df}"))
        .1
}

/// Pearson's test of `observed` against `probabilities` at α = 0.001, with
/// one degree of freedom fewer than there are categories.
#[track_caller]
fn assert_chi_square(observed: &[u64], probabilities: &[f64], what: &str) {
    let critical = chi2_critical(probabilities.len() - 1);
    let stat = chi_square(observed, probabilities);
    assert!(
        stat < critical,
        "{what}: chi-square {stat:.3} >= {critical} (df {}), counts {observed:?}",
        observed.len() - 1
    );
}

/// The two-sided KS statistic of `samples` against the continuous `cdf`.
fn ks_statistic(mut samples: Vec<f64>, cdf: impl Fn(f64) -> f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    let n = samples.len() as f64;
    samples
        .iter()
        .enumerate()
        .map(|(i, &x)| {
            let f = cdf(x);
            (f - i as f64 / n).max((i + 1) as f64 / n - f)
        })
        .fold(0.0, f64::max)
}

#[track_caller]
fn assert_ks(samples: Vec<f64>, cdf: impl Fn(f64) -> f64, what: &str) {
    let critical = KS_C_ALPHA / (samples.len() as f64).sqrt();
    let d = ks_statistic(samples, cdf);
    assert!(d < critical, "{what}: KS D = {d:.5} >= {critical:.5}");
}

fn uniform_cdf(min: f64, max: f64) -> impl Fn(f64) -> f64 {
    move |x| ((x - min) / (max - min)).clamp(0.0, 1.0)
}

fn counts(k: usize, n: usize, mut draw: impl FnMut() -> usize) -> Vec<u64> {
    let mut c = vec![0u64; k];
    for _ in 0..n {
        c[draw()] += 1;
    }
    c
}

// ---- integers ----

#[test]
fn small_ranges_are_uniform_on_every_algorithm() {
    for algorithm in Algorithm::ALL {
        let mut r = algorithm.seed_from_u64(1);
        let c = counts(10, 100_000, || r.range(0u32..10) as usize);
        assert_chi_square(&c, &uniform(10), algorithm.name());
    }
}

#[test]
fn large_32_bit_spans_have_no_modulo_bias() {
    // span = 3·2^30: `word % span` maps 2^32 words onto it, so the lowest
    // third of values gets two words each and the rest one. Thirds of the
    // range are the bins.
    let span: u32 = 3 << 30;
    let mut r = rng(2);
    let c = counts(3, 60_000, || (r.range(0..span) >> 30) as usize);
    assert_chi_square(&c, &uniform(3), "range(0..3<<30)");

    let mut r = rng(2);
    let naive = counts(3, 60_000, || ((r.next_u32() % span) >> 30) as usize);
    assert!(
        chi_square(&naive, &uniform(3)) > chi2_critical(2),
        "the statistic must see the bias of a naive modulo: {naive:?}"
    );
}

#[test]
fn large_64_bit_spans_have_no_modulo_bias() {
    let span: u64 = 3 << 62;
    let mut r = rng(3);
    let c = counts(3, 60_000, || (r.range(0..span) >> 62) as usize);
    assert_chi_square(&c, &uniform(3), "range(0..3<<62)");
}

#[test]
fn signed_and_inclusive_ranges_are_uniform() {
    let mut r = rng(4);
    let c = counts(5, 50_000, || (r.range(-2i64..=2) + 2) as usize);
    assert_chi_square(&c, &uniform(5), "range(-2..=2)");
    // The full i8 range, binned by its top four bits.
    let c = counts(16, 64_000, || {
        ((r.range(i8::MIN..=i8::MAX) as u8) >> 4) as usize
    });
    assert_chi_square(&c, &uniform(16), "range(i8::MIN..=i8::MAX)");
    let c = counts(5, 50_000, || r.index(5));
    assert_chi_square(&c, &uniform(5), "index(5)");
}

// ---- floats ----

#[test]
fn unit_floats_are_uniform() {
    for algorithm in [
        Algorithm::Xoshiro256StarStar,
        Algorithm::Pcg32,
        Algorithm::Mt19937,
    ] {
        let mut r = algorithm.seed_from_u64(5);
        let f32s = (0..100_000).map(|_| f64::from(r.next_f32())).collect();
        assert_ks(f32s, uniform_cdf(0.0, 1.0), "next_f32");
        let f64s = (0..100_000).map(|_| r.next_f64()).collect();
        assert_ks(f64s, uniform_cdf(0.0, 1.0), "next_f64");
    }
}

#[test]
fn float_ranges_are_uniform() {
    let mut r = rng(6);
    let closed = (0..100_000)
        .map(|_| f64::from(r.range(-2.0f32..=3.0)))
        .collect();
    assert_ks(closed, uniform_cdf(-2.0, 3.0), "range(-2.0f32..=3.0)");
    let half_open = (0..100_000).map(|_| r.range(10.0f64..12.5)).collect();
    assert_ks(half_open, uniform_cdf(10.0, 12.5), "range(10.0f64..12.5)");
}

// ---- booleans ----

#[test]
fn chance_coin_and_sign_have_their_probabilities() {
    let mut r = rng(7);
    for p in [0.3, 0.01, 0.5] {
        let c = counts(2, 100_000, || r.chance(p) as usize);
        assert_chi_square(&c, &[1.0 - p, p], "chance");
    }
    let c = counts(2, 100_000, || r.coin() as usize);
    assert_chi_square(&c, &uniform(2), "coin");
    let c = counts(2, 100_000, || (r.sign() + 1) as usize / 2);
    assert_chi_square(&c, &uniform(2), "sign");
}

// ---- picks and shuffles ----

#[test]
fn pick_is_uniform() {
    let items = [0usize, 1, 2, 3, 4];
    let mut r = rng(8);
    let c = counts(5, 50_000, || *r.pick(&items));
    assert_chi_square(&c, &uniform(5), "pick");
}

/// Index of a permutation of 0..4 in lexicographic order (Lehmer code).
fn permutation_rank(p: &[usize]) -> usize {
    let mut rank = 0;
    for i in 0..p.len() {
        let smaller_after = p[i + 1..].iter().filter(|&&x| x < p[i]).count();
        rank = rank * (p.len() - i) + smaller_after;
    }
    rank
}

#[test]
fn shuffle_makes_every_permutation_equally_likely() {
    let mut r = rng(9);
    let c = counts(24, 48_000, || {
        let mut v = [0usize, 1, 2, 3];
        r.shuffle(&mut v);
        permutation_rank(&v)
    });
    assert_chi_square(&c, &uniform(24), "shuffle of 4");
}

#[test]
fn partial_shuffle_makes_every_ordered_choice_equally_likely() {
    let mut r = rng(10);
    let c = counts(20, 40_000, || {
        let mut v = [0usize, 1, 2, 3, 4];
        let (chosen, _) = r.partial_shuffle(&mut v, 2);
        let (a, b) = (chosen[0], chosen[1]);
        a * 4 + if b > a { b - 1 } else { b }
    });
    assert_chi_square(&c, &uniform(20), "partial_shuffle(5, 2)");
}

// ---- weighted ----

#[test]
fn weighted_index_and_alias_table_follow_the_weights() {
    for weights in [vec![1.0, 2.0, 3.0, 4.0], vec![0.5, 7.5, 2.0, 0.25]] {
        let total: f64 = weights.iter().sum();
        let p: Vec<f64> = weights.iter().map(|w| w / total).collect();
        let mut r = rng(11);
        let c = counts(4, 80_000, || r.weighted_index(&weights));
        assert_chi_square(&c, &p, "weighted_index");
        let table = AliasTable::new(&weights).unwrap();
        let c = counts(4, 80_000, || table.sample(&mut r));
        assert_chi_square(&c, &p, "alias table");
    }
}

#[test]
fn weighted_with_zero_weights_follows_the_positive_ones() {
    let weights = [3u32, 0, 1, 0, 4, 2];
    let positive = [0usize, 2, 4, 5];
    let p = [0.3, 0.1, 0.4, 0.2];
    let mut r = rng(12);
    let linear = counts(6, 60_000, || r.weighted_index(&weights));
    let table = AliasTable::new(&weights).unwrap();
    let alias = counts(6, 60_000, || table.sample(&mut r));
    for c in [linear, alias] {
        assert_eq!((c[1], c[3]), (0, 0));
        let kept: Vec<u64> = positive.iter().map(|&i| c[i]).collect();
        assert_chi_square(&kept, &p, "zero weights");
    }
}

// ---- geometry ----

fn angle01(x: f64, y: f64) -> f64 {
    (y.atan2(x) + PI) / (2.0 * PI)
}

#[test]
fn inside_unit_circle_is_uniform_over_the_disc() {
    // Uniform on the disc: r² ~ U(0, 1) and the angle ~ U(0, 2π).
    let mut r = rng(13);
    let points: Vec<[f64; 2]> = (0..100_000)
        .map(|_| r.inside_unit_circle().map(f64::from))
        .collect();
    let r2 = points.iter().map(|[x, y]| x * x + y * y).collect();
    assert_ks(r2, uniform_cdf(0.0, 1.0), "inside_unit_circle r²");
    let angles = points.iter().map(|&[x, y]| angle01(x, y)).collect();
    assert_ks(angles, uniform_cdf(0.0, 1.0), "inside_unit_circle angle");
}

#[test]
fn on_unit_circle_is_uniform_in_angle() {
    let mut r = rng(14);
    let angles = (0..100_000)
        .map(|_| {
            let [x, y] = r.on_unit_circle().map(f64::from);
            angle01(x, y)
        })
        .collect();
    assert_ks(angles, uniform_cdf(0.0, 1.0), "on_unit_circle angle");
}

#[test]
fn inside_unit_sphere_is_uniform_over_the_ball() {
    // Uniform in the ball: r³ ~ U(0, 1) and z/r ~ U(-1, 1).
    let mut r = rng(15);
    let points: Vec<[f64; 3]> = (0..100_000)
        .map(|_| r.inside_unit_sphere().map(f64::from))
        .collect();
    let r3 = points
        .iter()
        .map(|p| p.iter().map(|c| c * c).sum::<f64>().powf(1.5))
        .collect();
    assert_ks(r3, uniform_cdf(0.0, 1.0), "inside_unit_sphere r³");
    let cos = points
        .iter()
        .map(|&[x, y, z]| z / (x * x + y * y + z * z).sqrt())
        .collect();
    assert_ks(cos, uniform_cdf(-1.0, 1.0), "inside_unit_sphere z/r");
}

#[test]
fn on_unit_sphere_is_uniform_over_the_surface() {
    // Archimedes: each coordinate of a uniform point on the sphere is
    // U(-1, 1); the azimuth is U(0, 2π).
    let mut r = rng(16);
    let points: Vec<[f64; 3]> = (0..100_000)
        .map(|_| r.on_unit_sphere().map(f64::from))
        .collect();
    for axis in 0..3 {
        let coordinate = points.iter().map(|p| p[axis]).collect();
        assert_ks(
            coordinate,
            uniform_cdf(-1.0, 1.0),
            "on_unit_sphere coordinate",
        );
    }
    let azimuth = points.iter().map(|&[x, y, _]| angle01(x, y)).collect();
    assert_ks(azimuth, uniform_cdf(0.0, 1.0), "on_unit_sphere azimuth");
}

/// Rotates `v` by the unit quaternion `[x, y, z, w]`.
fn rotate([x, y, z, w]: [f64; 4], v: [f64; 3]) -> [f64; 3] {
    // v' = v + 2w (u × v) + 2 u × (u × v), u = (x, y, z)
    let u = [x, y, z];
    let cross = |a: [f64; 3], b: [f64; 3]| {
        [
            a[1] * b[2] - a[2] * b[1],
            a[2] * b[0] - a[0] * b[2],
            a[0] * b[1] - a[1] * b[0],
        ]
    };
    let t = cross(u, v).map(|c| 2.0 * c);
    let ut = cross(u, t);
    [0, 1, 2].map(|i| v[i] + w * t[i] + ut[i])
}

#[test]
fn rotation_uniform_is_haar_distributed() {
    // A uniform rotation takes a fixed vector to a uniform point on the
    // sphere, and its angle θ = 2·acos|w| has the Haar CDF (θ − sin θ)/π.
    let mut r = rng(17);
    let quaternions: Vec<[f64; 4]> = (0..100_000)
        .map(|_| r.rotation_uniform().map(f64::from))
        .collect();
    for v in [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]] {
        let z = quaternions.iter().map(|&q| rotate(q, v)[2]).collect();
        assert_ks(z, uniform_cdf(-1.0, 1.0), "rotated vector z");
    }
    let angles = quaternions
        .iter()
        .map(|q| 2.0 * q[3].abs().min(1.0).acos())
        .collect();
    assert_ks(
        angles,
        |t| ((t - t.sin()) / PI).clamp(0.0, 1.0),
        "rotation angle",
    );
}

// ---- the tests can fail: known-wrong methods are rejected ----

#[test]
fn the_statistics_reject_known_biased_methods() {
    // The naive shuffle (swap every i with any index) is biased over 3
    // elements (27 equally likely paths onto 6 permutations).
    let mut r = rng(18);
    let c = counts(6, 60_000, || {
        let mut v = [0usize, 1, 2];
        for i in 0..3 {
            let j = r.index(3);
            v.swap(i, j);
        }
        v[0] * 2 + usize::from(v[1] > v[2])
    });
    assert!(chi_square(&c, &uniform(6)) > chi2_critical(5), "{c:?}");

    // Normalising a point of the cube crowds directions toward its corners.
    let points: Vec<f64> = (0..100_000)
        .map(|_| {
            let p = [r.next_f64(), r.next_f64(), r.next_f64()].map(|c| 2.0 * c - 1.0);
            p[2] / p.iter().map(|c| c * c).sum::<f64>().sqrt()
        })
        .collect();
    let critical = KS_C_ALPHA / (points.len() as f64).sqrt();
    assert!(ks_statistic(points, uniform_cdf(-1.0, 1.0)) > critical);
}

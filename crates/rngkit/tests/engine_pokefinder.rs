//! The Pokémon GENs against the vectors of PokeFinder's own unit tests
//! (Admiral-Fish/PokeFinder, commit
//! 7ff884747575428c0b7c070091a1e579ebfae3f5; the data files are JSON read by
//! the Qt tests next to them):
//!
//! * `Test/RNG/lcrng.json` (`Test/RNG/LCRNGTest.cpp`): `next`, `advance`,
//!   `jump` and `distance` of ARNG, ARNGR, PokeRNG, PokeRNGR, XDRNG and
//!   XDRNGR (`Core/RNG/LCRNG.hpp`), in that order in each `results` list;
//! * `Test/RNG/lcrng64.json` (`Test/RNG/LCRNG64Test.cpp`): the same for
//!   BWRNG and BWRNGR (`Core/RNG/LCRNG64.hpp`);
//! * `Test/RNG/sfmt.json` (`Test/RNG/SFMTTest.cpp`): SFMT's first 64-bit
//!   output, its low 32 bits and the 312th/624th outputs (`advance(n - 1)`
//!   then `next()`) for four seeds (`Core/RNG/SFMT.cpp`);
//! * `Test/RNG/xoroshiro.json`, section `normal` (`Test/RNG/XoroshiroTest.cpp`):
//!   `Xoroshiro(seed)` (`Core/RNG/Xoroshiro.cpp`: `s1 = 0x82A2B175229D6A5B`),
//!   the first output and the 5th/10th (`advance(n - 1)` then `next()`); its
//!   jumps of up to 2^32 steps are checked in `rngkit-analysis`'s
//!   `tests/games.rs`;
//! * `Test/Gen4/seedtotime4.json` (`Test/Gen4/SeedToTimeCalculator4Test.cpp`):
//!   every date and time of a year giving a seed, copied to
//!   `tests/reference/pokefinder_seedtotime4.txt`;
//! * `Test/Gen4/id4.json`, `idgenerator4` (`Test/Gen4/IDGenerator4Test.cpp`):
//!   date, time, delay, seed and the trainer ID / secret ID that the
//!   Mersenne Twister seeded with it gives (`Core/Gen4/Generators/IDGenerator4.cpp`:
//!   the second MT output, TID low and SID high).

use rngkit::WordRng;
use rngkit::engines::pokemon::bwrng::{BwRng, BwRngGen};
use rngkit::engines::pokemon::lcrng::{ARng, Gen4Time, PokeRng, XdRng, gen4_seed};
use rngkit::engines::pokemon::sfmt::Sfmt19937;
use rngkit::engines::pokemon::swsh;
use rngkit::generators::Mt19937;
use rngkit::registry::{Seed, of};

/// The three 32-bit LCRNGs and their reverses, as PokeFinder's test lists
/// them: `(forward, reverse)` state after `n` steps from `seed`.
fn lcrng32_after(seed: u32, n: u64) -> [u32; 6] {
    // Going back n steps is going forward 2^32 - n (the period is 2^32).
    let back = (1u64 << 32) - (n & 0xffff_ffff);
    let f = |mut r: ARng, k| {
        r.jump(k);
        r.state()
    };
    let g = |mut r: PokeRng, k| {
        r.jump(k);
        r.state()
    };
    let h = |mut r: XdRng, k| {
        r.jump(k);
        r.state()
    };
    [
        f(ARng::new(seed), n),
        f(ARng::new(seed), back),
        g(PokeRng::new(seed), n),
        g(PokeRng::new(seed), back),
        h(XdRng::new(seed), n),
        h(XdRng::new(seed), back),
    ]
}

#[test]
fn lcrng_next_matches_pokefinder() {
    // lcrng.json "next": one step of each generator.
    #[rustfmt::skip]
    let cases: [(u32, [u32; 6]); 4] = [
        (0, [1, 1774682003, 24691, 171270561, 2531011, 2708534849]),
        (1073741824, [1073741825, 2848423827, 1073766515, 1245012385, 1076272835, 3782276673]),
        (2147483648, [2147483649, 3922165651, 2147508339, 2318754209, 2150014659, 561051201]),
        (3221225472, [3221225473, 700940179, 3221250163, 3392496033, 3223756483, 1634793025]),
    ];
    for (seed, want) in cases {
        let got = [
            ARng::new(seed).next_output(),
            ARng::new(seed).prev_output(),
            PokeRng::new(seed).next_output(),
            PokeRng::new(seed).prev_output(),
            XdRng::new(seed).next_output(),
            XdRng::new(seed).prev_output(),
        ];
        assert_eq!(got, want, "seed {seed}");
        assert_eq!(lcrng32_after(seed, 1), want, "seed {seed} by jump");
    }
}

#[test]
fn lcrng_advance_and_jump_match_pokefinder() {
    // lcrng.json "advance" (stepping) and "jump" (jump tables): the state
    // after n steps.
    #[rustfmt::skip]
    let cases: [(u32, u64, [u32; 6]); 8] = [
        (0, 5, [3733311693, 763577639, 2386711175, 176476653, 2727824503, 380547949]),
        (0, 10, [21836446, 1818635634, 4012700850, 1692953950, 2006221698, 1049017678]),
        (2147483648, 5, [1585828045, 2911061287, 239227527, 2323960301, 580340855, 2528031597]),
        (2147483648, 10, [2169320094, 3966119282, 1865217202, 3840437598, 4153705346, 3196501326]),
        (0, 1073741824, [3221225472, 1073741824, 1073741824, 3221225472, 1073741824, 3221225472]),
        (0, 2147483648, [2147483648, 2147483648, 2147483648, 2147483648, 2147483648, 2147483648]),
        (0, 3221225472, [1073741824, 3221225472, 3221225472, 1073741824, 3221225472, 1073741824]),
        (0, 4294967295, [1774682003, 1, 171270561, 24691, 2708534849, 2531011]),
    ];
    for (seed, n, want) in cases {
        assert_eq!(lcrng32_after(seed, n), want, "seed {seed} +{n}");
        if n <= 10 {
            // Stepping agrees with the jump.
            let (mut a, mut p, mut x) = (ARng::new(seed), PokeRng::new(seed), XdRng::new(seed));
            for _ in 0..n {
                a.prev_output();
                p.prev_output();
                x.prev_output();
            }
            assert_eq!(
                [a.state(), p.state(), x.state()],
                [want[1], want[3], want[5]]
            );
        }
    }
}

#[test]
fn lcrng_distances_match_pokefinder() {
    // lcrng.json "distance": the steps from `start` to `end` of each
    // generator; jumping that far from `start` lands on `end`.
    #[rustfmt::skip]
    let cases: [(u32, u32, [u32; 6]); 4] = [
        (0, 1073741824, [3221225472, 1073741824, 1073741824, 3221225472, 1073741824, 3221225472]),
        (0, 2147483648, [2147483648, 2147483648, 2147483648, 2147483648, 2147483648, 2147483648]),
        (0, 3221225472, [1073741824, 3221225472, 3221225472, 1073741824, 3221225472, 1073741824]),
        (0, 4294967295, [1020506179, 3274461117, 1790425565, 2504541731, 3275615725, 1019351571]),
    ];
    for (start, end, d) in cases {
        for (i, &dist) in d.iter().enumerate() {
            let landed = lcrng32_after(start, u64::from(dist))[i];
            assert_eq!(landed, end, "generator {i}: {start} +{dist}");
        }
        // A reverse distance is the forward one's complement.
        for k in [0, 2, 4] {
            assert_eq!(d[k].wrapping_add(d[k + 1]), 0, "generator {k}");
        }
    }
}

fn bwrng_after(seed: u64, n: u64) -> [u64; 2] {
    let mut f = BwRng::new(seed);
    f.jump(n);
    let mut r = BwRng::new(seed);
    r.jump(n.wrapping_neg());
    [f.state(), r.state()]
}

#[test]
fn bwrng_matches_pokefinder() {
    // lcrng64.json "next".
    for (seed, want) in [
        (0u64, [2531011u64, 11176499316418471673]),
        (
            4611686018427387904,
            [4611686018429918915, 15788185334845859577],
        ),
        (
            9223372036854775808,
            [9223372036857306819, 1953127279563695865],
        ),
        (
            13835058055282163712,
            [13835058055284694723, 6564813297991083769],
        ),
    ] {
        assert_eq!(
            [
                BwRng::new(seed).next_output(),
                BwRng::new(seed).prev_output()
            ],
            want,
            "seed {seed}"
        );
    }
    // "advance" and "jump": the state after n steps.
    for (seed, n, want) in [
        (0u64, 5u64, [14429455622161994279u64, 12520804569371229877]),
        (0, 10, [7456084121517757018, 4952160670449465814]),
        (
            9223372036854775808,
            5,
            [5206083585307218471, 3297432532516454069],
        ),
        (
            9223372036854775808,
            10,
            [16679456158372532826, 14175532707304241622],
        ),
        (0, 1073741824, [8389119115066867712, 5445938940215296000]),
        (0, 2147483648, [12166552211706347520, 6280191862003204096]),
        (0, 3221225472, [11332299289918439424, 2502758765363724288]),
        (0, 4294967295, [4532217658632103673, 17202820797742620355]),
    ] {
        assert_eq!(bwrng_after(seed, n), want, "seed {seed} +{n}");
    }
    // "distance": jumping that far from 0 lands on `end`.
    for (end, d) in [
        (
            4611686018427387904u64,
            [4611686018427387904u64, 13835058055282163712],
        ),
        (
            9223372036854775808,
            [9223372036854775808, 9223372036854775808],
        ),
        (
            13835058055282163712,
            [13835058055282163712, 4611686018427387904],
        ),
        (
            18446744073709551615,
            [4308816396900070621, 14137927676809480995],
        ),
    ] {
        assert_eq!(bwrng_after(0, d[0])[0], end);
        assert_eq!(bwrng_after(0, d[1])[1], end);
    }
}

#[test]
fn bwrng_rand_is_the_high_half_times_n() {
    // PokeFinder's LCRNG64::nextUInt(max) (Core/RNG/LCRNG64.hpp) is
    // ((next() >> 32) * max) >> 32: on the "next" vectors above, the high
    // halves are 0, 2^30, 2^31 and 3 * 2^30, so rand 25 gives 0, 6, 12, 18
    // (a modulo would give 0, 24, 23, 22).
    let g = of::<BwRngGen>();
    for (seed, want) in [
        (0u64, "0"),
        (4611686018427387904, "6"),
        (9223372036854775808, "12"),
        (13835058055282163712, "18"),
    ] {
        let mut rng = g.seed(&Seed::from(seed), &Default::default()).unwrap();
        let d = g.parse_draw("rand", &["25"]).unwrap();
        assert_eq!(d.eval(&mut rng).format(false), want, "seed {seed}");
    }
}

#[test]
fn sfmt_matches_pokefinder() {
    // sfmt.json "next" and "nextUInt": the first 64-bit output and its low
    // 32 bits (PokeFinder's nextUInt reads the first 32-bit word).
    for (seed, first, low) in [
        (0u32, 1139168856888879704u64, 772581976u32),
        (1073741824, 16904603280325073948, 2024659996),
        (2147483648, 10086397636629762885, 3802665797),
        (3221225472, 17594728912160310879, 2291943007),
    ] {
        let mut rng = Sfmt19937::new(seed);
        let w = rng.next_u64();
        assert_eq!(w, first, "seed {seed}");
        assert_eq!(w as u32, low, "seed {seed}");
    }
    // "advance": advance(n - 1), then next(): the n-th 64-bit output (312
    // is the last of the first block, 624 the last of the second).
    for (seed, n, want) in [
        (0u32, 312usize, 9588053816190298373u64),
        (0, 624, 14927454118222438905),
        (2147483648, 312, 10024173918031204033),
        (2147483648, 624, 4155070475069981568),
    ] {
        let mut out = vec![0u64; n];
        Sfmt19937::new(seed).fill_u64(&mut out);
        assert_eq!(out[n - 1], want, "seed {seed} output {n}");
        let mut rng = Sfmt19937::new(seed);
        rng.discard((n - 1) as u64);
        assert_eq!(rng.next_word(), want, "seed {seed} output {n} by stepping");
    }
}

#[test]
fn swsh_xoroshiro_matches_pokefinder() {
    // xoroshiro.json "normal": Xoroshiro(seed) with s1 = 0x82A2B175229D6A5B.
    for (seed, first) in [
        (0u64, 9413281287807789659u64),
        (4611686018427387904, 14024967306235177563),
        (9223372036854775808, 189909250953013851),
        (13835058055282163712, 4801595269380401755),
    ] {
        assert_eq!(swsh::seeded(seed).next_word(), first, "seed {seed}");
    }
    assert_eq!(9413281287807789659, swsh::XOROSHIRO_CONST);
    for (seed, n, want) in [
        (0u64, 5u64, 17676842096070414519u64),
        (0, 10, 6702887940291596197),
        (9223372036854775808, 5, 5138662405597443191),
        (9223372036854775808, 10, 12849307009304356729),
    ] {
        let mut rng = swsh::seeded(seed);
        rng.discard(n - 1);
        assert_eq!(rng.next_word(), want, "seed {seed} output {n}");
    }
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `(seed, year, delay, count, [(month, day, minute)])`.
type SeedToTime = (u32, u32, u32, usize, Vec<(u32, u32, u32)>);

#[test]
fn gen4_seed_to_time_matches_pokefinder() {
    // For each seed and year, every date and minute (hour 0, second 0)
    // whose seed with PokeFinder's delay is that seed, in PokeFinder's
    // order. The delays wrap modulo 2^32 (2025 needs delay 2^32 - 25 for
    // seed 0x40000000): the low part is a full 32-bit addition.
    let text = include_str!("reference/pokefinder_seedtotime4.txt");
    let mut blocks: Vec<SeedToTime> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words[0] == "seed" {
            let n = |i: usize| words[i].parse::<u64>().unwrap();
            blocks.push((
                n(1) as u32,
                n(3) as u32,
                n(5) as u32,
                n(7) as usize,
                Vec::new(),
            ));
        } else {
            let last = blocks.last_mut().unwrap();
            for w in words {
                let p: Vec<u32> = w.split('-').map(|x| x.parse().unwrap()).collect();
                last.4.push((p[0], p[1], p[2]));
            }
        }
    }
    assert_eq!(blocks.len(), 4);
    for (seed, year, delay, count, want) in blocks {
        assert_eq!(want.len(), count);
        assert_eq!(delay, (seed & 0xffff).wrapping_add(2000).wrapping_sub(year));
        let mut got = Vec::new();
        for month in 1..=12 {
            for day in 1..=days_in_month(year, month) {
                for minute in 0..60 {
                    let t = Gen4Time {
                        year,
                        month,
                        day,
                        hour: 0,
                        minute,
                        second: 0,
                    };
                    if gen4_seed(t, delay) == seed {
                        got.push((month, day, minute));
                    }
                }
            }
        }
        assert_eq!(got, want, "seed {seed:#x} year {year}");
    }
}

#[test]
fn gen4_trainer_ids_match_pokefinder() {
    // id4.json "idgenerator4": 2000-01-01 00:00:SS with a delay gives the
    // seed; the second output of MT19937 seeded with it is SID << 16 | TID.
    for (second, delay, seed, tid, sid) in [
        (9u32, 6839u32, 167778999u32, 12345u32, 48356u32),
        (24, 6945, 419437345, 12345, 5327),
        (16, 5980, 285218652, 54321, 45288),
        (16, 6725, 285219397, 54321, 19624),
        (20, 5304, 352326840, 54321, 3494),
    ] {
        let t = Gen4Time {
            year: 2000,
            month: 1,
            day: 1,
            hour: 0,
            minute: 0,
            second,
        };
        assert_eq!(gen4_seed(t, delay), seed);
        let mut mt = Mt19937::new(seed);
        mt.next_word();
        let ids = mt.next_word() as u32;
        assert_eq!((ids & 0xffff, ids >> 16), (tid, sid), "seed {seed}");
    }
}

#[test]
fn gen4_seed_carries_like_the_game() {
    // The games add the frame counter to the 32-bit sum
    // (pret/pokeplatinum src/main.c `InitRNG`, pret/pokeheartgold
    // include/gf_rtc.h `RngSeedFromRTC`, pret/pokediamond arm9/src/main.c),
    // and PokeFinder's Utilities4::calcSeed (Core/Util/Utilities.cpp) does
    // the same: a delay past 16 bits carries into the hour byte, and the top
    // byte wraps.
    let t = Gen4Time {
        year: 2009,
        month: 12,
        day: 31,
        hour: 23,
        minute: 59,
        second: 59,
    };
    // AB = (372 + 59 + 59) mod 256 = 0xEA, CD = 0x17.
    assert_eq!(gen4_seed(t, 0xFFF7), 0xEA18_0000);
    assert_eq!(gen4_seed(t, 0x1_0000), 0xEA18_0009);
    // PokeFinder's SeedToTimeCalculator4 maps an hour byte above 23 to hour
    // 23 and the excess into the delay: seed 0x12340000 in 2000 is hour 23
    // with delay (0x34 - 23) * 0x10000.
    let t = Gen4Time {
        year: 2000,
        month: 1,
        day: 18,
        hour: 23,
        minute: 0,
        second: 0,
    };
    assert_eq!(gen4_seed(t, (0x34 - 23) * 0x1_0000), 0x1234_0000);
    // The whole sum wraps modulo 2^32.
    let t = Gen4Time {
        year: 2000,
        month: 12,
        day: 21,
        hour: 0,
        minute: 3,
        second: 1,
    };
    // 12 * 21 + 4 = 256: AB wraps to 0.
    assert_eq!(gen4_seed(t, u32::MAX), u32::MAX);
}

//! Round trips for the game GENs' analyses: jumps against stepping,
//! distances of jumped states, recovery from the games' outputs (LCRNGs
//! from 16-bit values, SwSh from `rand N` with redraws, Godot from `randi`),
//! and the generation 4 date/time seed search.

use rngkit::WordRng;
use rngkit::engines::pokemon::lcrng::{Gen4Time, gen4_seed, gen4_seed_range};
use rngkit::engines::pokemon::sfmt::Sfmt19937;
use rngkit::number::BigInt;
use rngkit::registry::Engine;
use rngkit_analysis::observe::parse_observations;
use rngkit_analysis::recover::{RecoverOptions, Recovered, recover};
use rngkit_analysis::registry::{self, Entry};
use rngkit_analysis::search::{Match, SearchSpec, search};
use rngkit_analysis::{Distance, Jump};

fn entry(name: &str) -> &'static Entry {
    registry::find(name).unwrap()
}

fn seeded(e: &Entry, seed: u64) -> Engine {
    e.seed(&BigInt::from(seed), &Default::default()).unwrap()
}

#[test]
fn jumps_match_stepping_and_distances_invert_them() {
    for name in [
        "godot", "unreal", "pokerng", "xdrng", "arng", "bwrng", "swsh", "sfmt",
    ] {
        let e = entry(name);
        // SFMT's jumps and distances are polynomial products over its
        // 19937-bit state: two seeds are enough there (four took 10 s).
        let seeds: &[u64] = if name == "sfmt" {
            &[0, 0xdead_beef]
        } else {
            &[0, 1, 0xdead_beef, 0x1234_5678]
        };
        for &seed in seeds {
            let start = seeded(e, seed);
            for n in [0u64, 1, 2, 311, 312, 313, 1000, 4097] {
                let mut stepped = start.clone();
                stepped.discard(n);
                let mut jumped = start.clone();
                e.advance(&mut jumped, &BigInt::from(n)).unwrap();
                assert_eq!(jumped, stepped, "{name} seed {seed} +{n}");
                // The next outputs agree too (representation aside).
                assert_eq!(jumped.clone().next_word(), stepped.clone().next_word());
                let mut back = jumped.clone();
                e.advance(&mut back, &BigInt::from(-(n as i64))).unwrap();
                assert_eq!(back, start, "{name} seed {seed} -{n}");
                let d = if name == "sfmt" {
                    e.distance(&start, &jumped, Some(5000))
                } else {
                    e.distance(&start, &jumped, None)
                };
                assert_eq!(d, Ok(u128::from(n)), "{name} distance");
            }
        }
    }
}

#[test]
fn huge_jumps_wrap_the_period_and_distance_is_exact() {
    for (name, bits) in [
        ("unreal", 32u32),
        ("pokerng", 32),
        ("xdrng", 32),
        ("arng", 32),
        ("bwrng", 64),
        ("godot", 64),
    ] {
        let e = entry(name);
        let start = seeded(e, 99);
        let mut far = start.clone();
        let n = (1u128 << bits) - 12345;
        e.advance(&mut far, &BigInt::from(n)).unwrap();
        assert_eq!(e.distance(&start, &far, None), Ok(n), "{name}");
        // One period returns to the start.
        let mut full = start.clone();
        e.advance(&mut full, &BigInt::from(1u128 << bits)).unwrap();
        assert_eq!(full, start, "{name}");
        let mut back = far.clone();
        e.advance(&mut back, &BigInt::from(12345)).unwrap();
        assert_eq!(back, start, "{name}");
    }
    // SFMT: far jumps forwards and back again.
    let a = Sfmt19937::new(1);
    let mut b = a.clone();
    b.jump(10u128.pow(30));
    b.jump_back(10u128.pow(30) - 7);
    let mut c = a.clone();
    c.discard(7);
    assert_eq!(b, c);
    assert!(a.distance_to(&c).is_err(), "sfmt needs a bound");
}

#[test]
fn lcrngs_recover_from_three_16_bit_outputs() {
    for name in ["pokerng", "xdrng", "arng"] {
        let e = entry(name);
        for seed in [0u64, 7, 0x4D0F_0261, 0xffff_ffff, 0x8000_1234] {
            let mut rng = seeded(e, seed);
            let start = rng.clone();
            let d = e.parse_draw("next-u16", &[]).unwrap();
            let mut text = String::new();
            for i in 0..3 {
                text += &format!("next-u16 = {}\n", d.eval(&mut rng).format(false));
                if i == 0 {
                    rng.discard(2);
                    text += "skip 2\n";
                }
            }
            let obs = parse_observations(e, &text).unwrap();
            match recover(e, &obs, &RecoverOptions::default()).unwrap() {
                Recovered::Unique(s) => assert_eq!(s, start, "{name} {seed}"),
                Recovered::Several { states, .. } => {
                    assert!(states.contains(&start), "{name} {seed}")
                }
                Recovered::NoneFits => panic!("{name} {seed}: none fits"),
                other => panic!("{name} {seed}: {other:?}"),
            }
        }
    }
}

#[test]
fn unreal_recovers_from_fractions() {
    let e = entry("unreal");
    let mut rng = seeded(e, 0x7654_3210);
    let start = rng.clone();
    let d = e.parse_draw("get-fraction", &[]).unwrap();
    let text: String = (0..3)
        .map(|_| format!("get-fraction = {}\n", d.eval(&mut rng).format(false)))
        .collect();
    let obs = parse_observations(e, &text).unwrap();
    let Recovered::Unique(s) = recover(e, &obs, &RecoverOptions::default()).unwrap() else {
        panic!("not unique")
    };
    assert_eq!(s, start);
}

#[test]
fn godot_recovers_from_randi() {
    let e = entry("godot");
    let mut rng = seeded(e, 123_456_789);
    let start = rng.clone();
    let d = e.parse_draw("randi", &[]).unwrap();
    let text: String = (0..3)
        .map(|_| format!("randi = {}\n", d.eval(&mut rng).format(false)))
        .collect();
    let obs = parse_observations(e, &text).unwrap();
    let r = recover(e, &obs, &RecoverOptions::default()).unwrap();
    let Recovered::Unique(s) = r else {
        panic!("not unique: {r:?}")
    };
    assert_eq!(s, start);
}

#[test]
fn swsh_recovers_from_rand_results_with_redraws() {
    let e = entry("swsh");
    // 130 `rand 2` (bit 0 each) with a `rand 3` every 40 draws; pick seeds
    // where the `rand 3` draws redrew once or twice, so the layout shifts.
    let mut checked = 0;
    for seed in 0u64..200 {
        let mut rng = seeded(e, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let start = rng.clone();
        let mut text = String::new();
        let mut redraws = 0;
        for i in 0..136 {
            let n = if i % 40 == 20 { 3 } else { 2 };
            let d = e.parse_draw("rand", &[&n.to_string()]).unwrap();
            let before = rng.clone();
            text += &format!("rand {n} = {}\n", d.eval(&mut rng).format(false));
            let mut probe = before;
            let mut used = 0;
            while probe != rng {
                probe.next_word();
                used += 1;
            }
            redraws += used - 1;
        }
        if !(1..=2).contains(&redraws) {
            continue;
        }
        let obs = parse_observations(e, &text).unwrap();
        let r = recover(e, &obs, &RecoverOptions::default()).unwrap();
        let Recovered::Unique(s) = r else {
            panic!("seed {seed}: not unique: {r:?}")
        };
        assert_eq!(s, start);
        checked += 1;
        if checked == 2 {
            break;
        }
    }
    assert_eq!(checked, 2, "found seeds with one redraw");
}

#[test]
fn gen4_seed_search_over_a_delay_window_with_iv_observations() {
    // A Method 1 frame: PID low, PID high, IVs1, IVs2 (15 bits each, bit 15
    // unused): the IVs are observed as `bits 0x7fff0000 = ...`.
    let e = entry("pokerng");
    let t = Gen4Time {
        year: 2009,
        month: 7,
        day: 4,
        hour: 21,
        minute: 30,
        second: 12,
    };
    let delay = 651;
    let seed = gen4_seed(t, delay);
    let mut rng = seeded(e, u64::from(seed));
    let words: Vec<u64> = (0..4).map(|_| rng.next_word()).collect();
    let text = format!(
        "skip 2\nbits 0x7fff0000 = {:#x}\nbits 0x7fff0000 = {:#x}\n",
        words[2] & 0x7fff_0000,
        words[3] & 0x7fff_0000
    );
    let obs = parse_observations(e, &text).unwrap();
    let window = gen4_seed_range(t, 600..=700);
    let spec = SearchSpec::new(
        e,
        obs,
        u64::from(*window.start())..=u64::from(*window.end()),
    );
    let mut found = Vec::new();
    search(&spec, |m: Match| found.push(m.seed), |_| {}).unwrap();
    assert_eq!(found, vec![u64::from(seed)]);
}

#[test]
fn pokefinder_jump_and_distance_vectors() {
    // Admiral-Fish/PokeFinder's own test data (commit
    // 7ff884747575428c0b7c070091a1e579ebfae3f5).
    // Test/RNG/xoroshiro.json "normal"/"jump" (Test/RNG/XoroshiroTest.cpp):
    // Xoroshiro(seed) jumped n - 1 steps, then next().
    let e = entry("swsh");
    for (n, want) in [
        (1_073_741_824u64, 3_401_927_017_795_051_517u64),
        (2_147_483_648, 6_685_056_814_496_308_209),
        (3_221_225_472, 13_866_174_297_823_814_841),
        (4_294_967_295, 4_809_213_515_391_165_710),
    ] {
        let mut rng = seeded(e, 0);
        e.advance(&mut rng, &BigInt::from(n - 1)).unwrap();
        assert_eq!(rng.next_word(), want, "swsh +{n}");
    }
    // Test/RNG/lcrng.json and lcrng64.json "distance": from state 0 to
    // `end`, for the forward generators (ARNG, PokeRNG, XDRNG; BWRNG).
    for (end, arng, pokerng, xdrng) in [
        (
            1_073_741_824u64,
            3_221_225_472u128,
            1_073_741_824u128,
            1_073_741_824u128,
        ),
        (2_147_483_648, 2_147_483_648, 2_147_483_648, 2_147_483_648),
        (3_221_225_472, 1_073_741_824, 3_221_225_472, 3_221_225_472),
        (4_294_967_295, 1_020_506_179, 1_790_425_565, 3_275_615_725),
    ] {
        for (name, want) in [("arng", arng), ("pokerng", pokerng), ("xdrng", xdrng)] {
            let e = entry(name);
            let d = e.distance(&seeded(e, 0), &seeded(e, end), None);
            assert_eq!(d, Ok(want), "{name} 0 -> {end}");
        }
    }
    let e = entry("bwrng");
    for (end, want) in [
        (4_611_686_018_427_387_904u64, 4_611_686_018_427_387_904u128),
        (9_223_372_036_854_775_808, 9_223_372_036_854_775_808),
        (13_835_058_055_282_163_712, 13_835_058_055_282_163_712),
        (18_446_744_073_709_551_615, 4_308_816_396_900_070_621),
    ] {
        let d = e.distance(&seeded(e, 0), &seeded(e, end), None);
        assert_eq!(d, Ok(want), "bwrng 0 -> {end}");
    }
}

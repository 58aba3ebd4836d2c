//! `UnityEngine.Random` against real Unity output.
//!
//! Oracles:
//! * the reference facts (the project's checked reference facts, "Unity"): the
//!   `InitState(0)` state, raw words, `value`s and `Range`s;
//! * real-Unity captures published with MoatShrimp/uny-random-js (MIT),
//!   `__tests__/*.js` ("vs. UnityEngine.Random"), cited per table below;
//! * for exactness, independent arithmetic: the `value` of a published raw
//!   word recomputed by `f64` division (double rounding is innocuous for
//!   division from 53 to 24 bits), and `Range(int, int)` recomputed in `i64`
//!   without any wrapping.
//!
//! Composite draws go through `sin`/`cos`/`pow`/`sqrt`, whose last bit is
//! platform-dependent, so they are compared at the printed precision: within
//! half a unit of the last printed digit plus one `f32` ulp.

// The float bounds are quoted as published; like C#'s `f` literals they round
// to the nearest f32, so the extra digits are deliberate.
#![allow(clippy::excessive_precision)]

use rngkit::engines::unity::{ColorHsvRanges, State, UnityRandom, hsv_to_rgb};
use rngkit::generators::Xorshift128;

/// Asserts `actual` matches a value printed with limited precision.
#[track_caller]
fn assert_printed(actual: f32, printed: &str) {
    let expected: f64 = printed.parse().unwrap();
    if expected == 0.0 {
        assert_eq!(actual, 0.0, "printed {printed}");
        return;
    }
    let mantissa = printed
        .trim_start_matches('-')
        .split(['e', 'E'])
        .next()
        .unwrap();
    let digits = mantissa.replace('.', "").trim_start_matches('0').len() as i32;
    let magnitude = expected.abs().log10().floor() as i32;
    let unit = 10f64.powi(magnitude - digits + 1);
    let ulp = f64::from(f32::from_bits(actual.abs().to_bits() + 1) - actual.abs());
    let error = (f64::from(actual) - expected).abs();
    assert!(
        error <= unit / 2.0 + ulp,
        "{actual} vs printed {printed}: error {error:e} > {:e}",
        unit / 2.0 + ulp
    );
}

/// The criterion of the captures whose *inputs* are printed too (the ranged
/// `ColorHSV` overloads): the bounds are themselves rounded to 7 digits, so
/// the result can only be held to the source's own `toBeCloseTo(x, 6)`,
/// `|error| < 5e-7`.
#[track_caller]
fn assert_close_to_6_digits(actual: f32, printed: &str) {
    let expected: f64 = printed.parse().unwrap();
    let error = (f64::from(actual) - expected).abs();
    assert!(
        error < 5e-7,
        "{actual} vs printed {printed}: error {error:e}"
    );
}

#[test]
fn init_state_zero_matches_the_published_state_and_words() {
    let mut rng = UnityRandom::new(0);
    assert_eq!(
        rng.state(),
        State::from_words([0, 1, 1812433254, 1900727103])
    );
    let words: Vec<u32> = (0..5).map(|_| rng.next_raw()).collect();
    assert_eq!(
        words,
        [1900725526, 1900725046, 559298752, 107093222, 556206921]
    );
}

#[test]
fn negative_seed_is_the_twos_complement() {
    assert_eq!(
        UnityRandom::new(-1).state().words(),
        Xorshift128::init_state(u32::MAX).state()
    );
}

#[test]
fn value_is_exact() {
    // Published raw words after InitState(0) and the printed values.
    let words = [1900725526u32, 1900725046, 559298752, 107093222, 556206921];
    let printed = [
        "0.5841396",
        "0.5840824",
        "0.6736069",
        "0.766507",
        "0.3050319",
    ];
    let mut rng = UnityRandom::new(0);
    for (word, printed) in words.iter().zip(printed) {
        let value = rng.value();
        let by_division = (f64::from(word & 0x7f_ffff) / 8388607.0) as f32;
        assert_eq!(value.to_bits(), by_division.to_bits());
        assert_printed(value, printed);
    }
}

#[test]
fn value_scale_is_the_float_printed_in_the_binary() {
    let printed: f32 = "1.192093e-07".parse().unwrap();
    assert_eq!(printed.to_bits(), 0x3400_0001);
    assert_eq!(printed, 1.0f32 / 8388607.0);
}

#[test]
fn range_float_published_exact_values() {
    assert_eq!(UnityRandom::new(0).range_float(-100.0, 500.0), 149.5162);
    assert_eq!(UnityRandom::new(0).range_float(500.0, -100.0), 250.4838);
    assert_eq!(
        UnityRandom::new(0).range_float(-1201661979.1, 1331884683.0),
        -148060352.0
    );
}

#[test]
fn range_float_is_two_separately_rounded_products() {
    // Against f64 arithmetic rounded step by step (each f32 product of two
    // f32s is exact in f64, so one rounding to f32 is the IEEE f32 product).
    let mut rng = UnityRandom::new(12345);
    let mut words = Xorshift128::init_state(12345);
    for (min, max) in [(-1e9f32, 3e7f32), (0.1, 0.3), (-7.5, -2.25), (1e-20, 1e20)] {
        let r = rngkit::rand_core::Rng::next_u32(&mut words);
        let t = (f64::from(r & 0x7f_ffff) / 8388607.0) as f32;
        let a = (f64::from(min) * f64::from(t)) as f32;
        let one_minus_t = (1.0 - f64::from(t)) as f32;
        let b = (f64::from(one_minus_t) * f64::from(max)) as f32;
        let expected = (f64::from(a) + f64::from(b)) as f32;
        assert_eq!(rng.range_float(min, max).to_bits(), expected.to_bits());
    }
}

// uny-random-js __tests__/range.js: (seed, min, max, printed result).
const RANGE_FLOAT: [(i32, f32, f32, &str); 22] = [
    (0, -100.0, 500.0, "149.5162"),
    (2147483647, -234.7656, 56785.99, "47109.91"),
    (3351175, -95732.0, -1544.0, "-1544"),
    (7597963, -11.33, 20.99, "-11.33"),
    (235411, -4444.0, -234.0, "-2665.124"),
    (210997249, -9999.0, 1000000.0, "647786.8"),
    (862074862, -132544.4562, 35421.544, "-65151.05"),
    (1002426036, -7689.23546, 234.46177, "-6834.376"),
    (1195436933, -79.04523, 1324.53992, "890.7208"),
    (1606178519, -678.00089, 4325.42987, "1811.462"),
    (2121896975, 613.36509, 4356.89644, "845.5419"),
    (0, 500.0, -100.0, "250.4838"),
    (2147483647, 56785.99, -234.7656, "9441.312"),
    (3351175, -1544.0, -95732.0, "-95732"),
    (7597963, 20.99, -11.33, "20.99"),
    (235411, -234.0, -4444.0, "-2012.876"),
    (210997249, 1000000.0, -9999.0, "342214.2"),
    (862074862, 35421.544, -132544.4562, "-31971.86"),
    (1002426036, 234.46177, -7689.23546, "-620.3977"),
    (1195436933, 1324.53992, -79.04523, "354.7739"),
    (1606178519, 4325.42987, -678.00089, "1835.966"),
    (2121896975, 4356.89644, 613.36509, "4124.72"),
];

#[test]
fn range_float_matches_unity_captures() {
    for (seed, min, max, printed) in RANGE_FLOAT {
        assert_printed(UnityRandom::new(seed).range_float(min, max), printed);
    }
    // Large ranges (same file), printed to f32 precision.
    let large: [(i32, f32, f32, &str); 6] = [
        (2147483647, -567939757.08083, 880460832.48783, "634676032"),
        (3351175, -3546723467.0, 243563568.0, "243563568"),
        (7597963, -1155454545.33, 2455454540.99, "-1155454590"),
        (210997249, -189151.45509, 1334068561.59681, "868777856"),
        (1195436933, -997890042.04523, 736548186.53992, "200469216"),
        (2121896975, 761728340.36509, 1196094308.89644, "788668032"),
    ];
    for (seed, min, max, printed) in large {
        let expected: f32 = printed.parse().unwrap();
        assert_eq!(UnityRandom::new(seed).range_float(min, max), expected);
    }
}

// uny-random-js __tests__/range.js: Range(int, int), both orders (the
// table of the recorded-vector suite), checked here on its own.
#[test]
fn range_int_matches_unity_captures() {
    for (seed, min, max, expected) in crate::unity_recorded::RANGE_INT {
        assert_eq!(
            UnityRandom::new(seed).range_int(min, max),
            expected,
            "seed {seed} [{min}, {max})"
        );
    }
}

/// `Range(int, int)` in `i64`, no wrapping anywhere: the true span, the true
/// remainder, the true sum (which always fits `i32`).
fn range_int_reference(r: u32, min: i32, max: i32) -> i32 {
    let (min, max, r) = (i64::from(min), i64::from(max), i64::from(r));
    let value = if min < max {
        min + r % (max - min)
    } else if max < min {
        min - r % (min - max)
    } else {
        min
    };
    i32::try_from(value).unwrap()
}

#[test]
fn range_int_all_branches_and_extreme_spans() {
    let cases = [
        (i32::MIN, i32::MAX),
        (i32::MAX, i32::MIN),
        (-2_000_000_000, 2_000_000_000),
        (2_000_000_000, -2_000_000_000),
        (-1, 0),
        (0, 1),
        (i32::MIN, i32::MIN + 1),
        (5, -5),
        (-10, 10),
    ];
    let mut words = Xorshift128::init_state(99);
    let mut rng = UnityRandom::new(99);
    for _ in 0..200 {
        for (min, max) in cases {
            let r = rngkit::rand_core::Rng::next_u32(&mut words);
            assert_eq!(rng.range_int(min, max), range_int_reference(r, min, max));
        }
    }
    // The published first word after InitState(0) over the whole int range.
    assert_eq!(
        UnityRandom::new(0).range_int(i32::MIN, i32::MAX),
        -2147483648 + 1900725526
    );
}

#[test]
fn range_int_with_equal_bounds_consumes_nothing() {
    let mut rng = UnityRandom::new(0);
    assert_eq!(rng.range_int(42, 42), 42);
    assert_eq!(rng.state(), UnityRandom::new(0).state());
    assert_eq!(rng.next_raw(), 1900725526);
}

// uny-random-js __tests__ captures for eleven seeds, printed as Unity prints.
const SEEDS: [i32; 11] = [
    0, 2147483647, 3351175, 7597963, 96438, 4919044, 11288839, 77823943, 1218593819, 1585133052,
    1658364365,
];

#[test]
fn inside_unit_circle_matches_unity() {
    // __tests__/inside-unit-circle.js
    let expected = [
        ["-0.5568735", "0.3252837"],
        ["0.4653803", "-0.8426805"],
        ["0.635841", "1.11174E-07"],
        ["0.5842606", "0"],
        ["-0.3490024", "0.5226312"],
        ["-0.2029198", "0.452485"],
        ["0.9454173", "0.2046462"],
        ["0.7806057", "0.03002666"],
        ["-0.3480174", "0.2446694"],
        ["0.2043322", "0.32606"],
        ["-0.3409346", "0.6978043"],
    ];
    for (seed, printed) in SEEDS.iter().zip(expected) {
        let mut rng = UnityRandom::new(*seed);
        let v = rng.inside_unit_circle();
        for (c, p) in v.iter().zip(printed) {
            assert_printed(*c, p);
        }
        assert_eq!(rng.state(), advanced(*seed, 2), "two steps");
    }
}

#[test]
fn on_unit_sphere_matches_unity_with_two_draws() {
    // __tests__/on-unit-sphere.js
    let expected = [
        ["-0.8513461", "0.4968821", "-0.1682793"],
        ["0.6724826", "-0.3337047", "0.6606121"],
        ["0", "0", "1"],
        ["0", "0", "-1"],
        ["-0.7503621", "0.582448", "-0.3125879"],
        ["0.02386112", "0.9303835", "-0.3658103"],
        ["0.332929", "-0.1423508", "-0.9321451"],
        ["-0.1200217", "-0.09960454", "-0.987762"],
        ["0.4121334", "0.8900013", "-0.1950482"],
        ["0.4391454", "0.5892453", "-0.6781898"],
        ["-0.7451363", "-0.5643646", "-0.3553373"],
    ];
    for (seed, printed) in SEEDS.iter().zip(expected) {
        let mut rng = UnityRandom::new(*seed);
        let v = rng.on_unit_sphere();
        for (c, p) in v.iter().zip(printed) {
            assert_printed(*c, p);
        }
        assert_eq!(rng.state(), advanced(*seed, 2), "two steps");
    }
}

#[test]
fn inside_unit_sphere_matches_unity() {
    // __tests__/inside-unit-sphere.js
    let expected = [
        ["-0.7462912", "0.4355676", "-0.1475139"],
        ["0.5033774", "-0.2497899", "0.4944919"],
        ["0", "0", "0.9214631"],
        ["0", "0", "-0.9919689"],
        ["-0.6109951", "0.4742682", "-0.25453"],
        ["0.02355918", "0.9186104", "-0.3611813"],
        ["0.3044533", "-0.1301754", "-0.8524179"],
        ["-0.0560805", "-0.04654053", "-0.4615348"],
        ["0.2042176", "0.4410074", "-0.09664896"],
        ["0.396535", "0.5320708", "-0.6123849"],
        ["-0.3251288", "-0.2462519", "-0.155046"],
    ];
    for (seed, printed) in SEEDS.iter().zip(expected) {
        let mut rng = UnityRandom::new(*seed);
        let v = rng.inside_unit_sphere();
        for (c, p) in v.iter().zip(printed) {
            assert_printed(*c, p);
        }
        assert_eq!(rng.state(), advanced(*seed, 3), "three steps");
    }
}

#[test]
fn rotation_matches_unity() {
    // __tests__/rotation.js
    let expected = [
        ["0.2477755", "0.247607", "0.5112399", "0.7848133"],
        ["-0.475693", "-0.6145", "-0.1160635", "0.6185752"],
        ["-0.8547637", "0.1636125", "0.482786", "0.09760993"],
        ["0.6835046", "0.2168617", "0.6508329", "0.249417"],
        ["0.3817121", "0.2565702", "0.0974079", "0.882598"],
        ["-0.2685211", "-0.3730135", "-0.679015", "0.5724474"],
        ["-0.6302427", "0.5891635", "-0.3579766", "0.3571178"],
        ["-0.7625467", "0.1702199", "0.6144871", "0.1093312"],
        ["-0.1571929", "-0.5142093", "0.6098142", "0.5822422"],
        ["-0.5393264", "-0.5597456", "-0.375738", "0.5046116"],
        ["-0.2755948", "0.1600303", "0.6467262", "0.6929523"],
    ];
    for (seed, printed) in SEEDS.iter().zip(expected) {
        let mut rng = UnityRandom::new(*seed);
        let q = rng.rotation();
        for (c, p) in q.iter().zip(printed) {
            assert_printed(*c, p);
        }
        assert_eq!(rng.state(), advanced(*seed, 4), "four steps");
    }
}

#[test]
fn rotation_uniform_matches_unity() {
    // __tests__/rotation-uniform.js
    let expected = [
        ["-0.3852562", "0.6600888", "-0.572001", "0.297784"],
        ["0.1831105", "-0.3690048", "0.4419404", "0.7968656"],
        ["0", "0", "0.9793385", "0.2022278"],
        ["0.8397167", "-0.5430248", "0", "0"],
        ["-0.496745", "0.6399518", "-0.1453847", "0.5679519"],
        ["0.8261091", "0.02118684", "0.1314006", "0.5475662"],
        ["-0.3864154", "0.9037454", "0.1834059", "0.01702113"],
        ["-0.6366615", "-0.7671657", "-0.04677578", "0.062698"],
        ["0.7014403", "0.3248164", "-0.4390977", "0.4578964"],
        ["-0.734482", "-0.5473856", "-0.3996317", "0.03463545"],
        ["-0.4970253", "-0.6562275", "-0.2830662", "0.4921431"],
    ];
    for (seed, printed) in SEEDS.iter().zip(expected) {
        let mut rng = UnityRandom::new(*seed);
        let q = rng.rotation_uniform();
        for (c, p) in q.iter().zip(printed) {
            assert_printed(*c, p);
        }
        assert_eq!(rng.state(), advanced(*seed, 3), "three steps");
    }
}

#[test]
fn color_hsv_defaults_match_unity() {
    // __tests__/colorHSV.js, Random.ColorHSV()
    let expected = [
        ["0.280165", "0.4749825", "0.6736069"],
        ["0.4188507", "0.4194092", "0.388662"],
        ["0.7824091", "0.3163231", "0.3163231"],
        ["0.9760998", "0.3332019", "0.3332019"],
        ["0.2132251", "0.2335552", "0.5398842"],
        ["0.3074178", "0.2367011", "0.9625161"],
        ["0.7647283", "0.7155517", "0.7255623"],
        ["0.1020132", "0.06225326", "0.06371301"],
        ["0.02201884", "0.06335761", "0.121665"],
        ["0.7362407", "0.1090128", "0.7145579"],
        ["0.05228301", "0.05010686", "0.08307291"],
    ];
    for (seed, printed) in SEEDS.iter().zip(expected) {
        let mut rng = UnityRandom::new(*seed);
        let [r, g, b, a] = rng.color_hsv();
        for (c, p) in [r, g, b].iter().zip(printed) {
            assert_printed(*c, p);
        }
        assert_eq!(a, 1.0);
        assert_eq!(rng.state(), advanced(*seed, 4), "alpha is drawn too");
    }
}

#[test]
fn color_hsv_overloads_match_unity() {
    // __tests__/colorHSV.js, the six- and eight-argument overloads.
    let six = [
        (
            4919044,
            [
                0.4112355, 0.9567251, 0.5220811, 0.8733672, 0.03283918, 0.6109516,
            ],
            ["0.4513241", "0.1255293", "0.5892817"],
        ),
        (
            77823943,
            [
                0.1589235, 0.8536462, 0.3470565, 0.7604165, 0.5185792, 0.9612151,
            ],
            ["0.5637339", "0.2772641", "0.5361265"],
        ),
        (
            1218593819,
            [0.0, 0.2928473, 0.5587336, 1.0, 0.0, 1.0],
            ["0.1160788", "0.121665", "0.009716179"],
        ),
    ];
    for (seed, b, printed) in six {
        let ranges = ColorHsvRanges::default()
            .hue(b[0], b[1])
            .saturation(b[2], b[3])
            .value(b[4], b[5]);
        let c = UnityRandom::new(seed).color_hsv_ranges(ranges);
        for (c, p) in c.iter().zip(printed) {
            assert_close_to_6_digits(*c, p);
        }
        assert_eq!(c[3], 1.0);
    }
    let eight = [
        (
            96438,
            [
                0.4776986, 0.5658471, 0.1417581, 0.7545162, 0.2890312, 0.8724657, 0.09216214,
                0.9967413,
            ],
            ["0.294453", "0.5379881", "0.6040183", "0.8713523"],
        ),
        (
            1585133052,
            [
                0.3103028, 0.6900989, 0.2188076, 0.4164305, 0.1378517, 0.7215825, 0.09216214,
                0.9967413,
            ],
            ["0.3478539", "0.3975368", "0.5676181", "0.2574574"],
        ),
        (
            1658364365,
            [
                0.1839423, 0.8481582, 0.3851734, 1.0, 0.0, 0.06329382, 0.0, 1.0,
            ],
            ["0.001949894", "0.002597082", "0.005258002", "0.05327214"],
        ),
    ];
    for (seed, b, printed) in eight {
        let c = UnityRandom::new(seed).color_hsv_ranges(ColorHsvRanges::from_array(b));
        for (c, p) in c.iter().zip(printed) {
            assert_close_to_6_digits(*c, p);
        }
    }
}

#[test]
fn color_hsv_two_and_four_argument_overloads_fill_unity_defaults() {
    // Random.cs: ColorHSV(hmin, hmax) = ColorHSV(hmin, hmax, 0, 1, 0, 1, 1, 1).
    let two = UnityRandom::new(5).color_hsv_ranges(ColorHsvRanges::default().hue(0.2, 0.4));
    let full = UnityRandom::new(5).color_hsv_ranges(ColorHsvRanges::from_array([
        0.2, 0.4, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0,
    ]));
    assert_eq!(two, full);
}

#[test]
fn hsv_to_rgb_follows_color_cs() {
    // Sector boundaries and the sectors -1 and 6 Unity's switch handles.
    assert_eq!(hsv_to_rgb(1.0, 1.0, 1.0, true), [1.0, 0.0, 0.0]);
    assert_eq!(hsv_to_rgb(-0.1, 1.0, 1.0, true)[0], 1.0);
    assert_eq!(hsv_to_rgb(2.0, 1.0, 1.0, true), [0.0, 0.0, 0.0]);
    assert_eq!(hsv_to_rgb(f32::NAN, 1.0, 1.0, true), [0.0, 0.0, 0.0]);
    assert_eq!(hsv_to_rgb(0.3, 0.5, 0.0, true), [0.0, 0.0, 0.0]);
    // hdr: values above 1 survive; without hdr they are clamped.
    assert_eq!(hsv_to_rgb(0.0, 0.5, 2.0, true)[0], 2.0);
    assert_eq!(hsv_to_rgb(0.0, 0.5, 2.0, false)[0], 1.0);
}

#[test]
fn state_get_and_set() {
    let mut rng = UnityRandom::new(3);
    rng.value();
    let saved = rng.state();
    let a = rng.value();
    rng.set_state(saved).unwrap();
    assert_eq!(rng.value(), a);
    let err = rng.set_state(State::default()).unwrap_err();
    assert_eq!(
        err,
        rngkit::StateError::AllZero {
            generator: "xorshift128"
        }
    );
    assert_ne!(
        rng.state(),
        State::default(),
        "a rejected state changes nothing"
    );
}

#[test]
fn with_state_restores_after_a_panic() {
    let mut rng = UnityRandom::new(11);
    rng.next_raw();
    let before = rng.state();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        rng.with_state(Xorshift128::init_state(0), |r| {
            assert_eq!(r.next_raw(), 1900725526);
            panic!("boom");
        })
    }));
    assert!(result.is_err());
    assert_eq!(rng.state(), before);

    {
        let mut scoped = rng.scoped_state(Xorshift128::init_state(0));
        assert_printed(scoped.value(), "0.5841396");
    }
    assert_eq!(rng.state(), before);
}

#[test]
fn entropy_seeding_gives_distinct_valid_states() {
    let a = UnityRandom::from_entropy().unwrap();
    let b = UnityRandom::from_entropy().unwrap();
    assert_ne!(a.state(), b.state());
    assert_ne!(a.state(), State::default());
}

/// The state of `InitState(seed)` after `steps` raw steps, by the generator.
fn advanced(seed: i32, steps: usize) -> State {
    let mut rng = Xorshift128::init_state(seed as u32);
    for _ in 0..steps {
        rngkit::rand_core::Rng::next_u32(&mut rng);
    }
    State::from_words(rng.state())
}

#[cfg(feature = "serde")]
#[test]
fn state_serialises_like_unity_json_utility() {
    // JsonUtility.ToJson(Random.state) after InitState(0).
    let json = serde_json::to_string(&UnityRandom::new(0).state()).unwrap();
    assert_eq!(json, r#"{"s0":0,"s1":1,"s2":1812433254,"s3":1900727103}"#);
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, UnityRandom::new(0).state());
}

#[test]
fn draws_run_on_a_borrowed_generator() {
    let mut generator = Xorshift128::init_state(0);
    assert_eq!(
        UnityRandom::from_generator(&mut generator).range_int(i32::MIN, i32::MAX),
        -2147483648 + 1900725526
    );
    assert_eq!(generator.state()[3], 1900725526);
}

/// Fuzz regression (`state_text`, crash-5f5de312): a JSON state field
/// holding a newline and control characters was quoted verbatim, so the
/// message ran over two lines with raw NULs in it. Quoted user text is now
/// cut short with its control characters escaped.
#[test]
fn json_state_messages_quote_user_text_on_one_printable_line() {
    use rngkit::engines::bdsp::parse_seed_pair;
    use rngkit::engines::unity::parse_state_json;
    let message = |text: &str| parse_state_json(text).unwrap().unwrap_err();
    let m = message("{0\n\0\0\x000\x10}");
    assert!(
        m.starts_with(r"the JSON state field `0\n\0\0\00\u{10}` is not"),
        "{m}"
    );
    for bad in [
        "{\"s0\"\n:1}",
        "{\"s\n0\":1}",
        "{\"s0\":1\u{7}}",
        &format!("{{\"{}\":1}}", "k".repeat(100_000)),
        &format!("{{\"s0\":{}}}", "1".repeat(100_000)),
    ] {
        let m = message(bad);
        assert!(!m.chars().any(char::is_control), "{m:?}");
        assert!(m.len() < 300, "{} bytes", m.len());
    }
    let m = parse_seed_pair("0\u{1} 1").unwrap().unwrap_err();
    assert!(m.contains(r"`0\u{1}`"), "{m}");
}

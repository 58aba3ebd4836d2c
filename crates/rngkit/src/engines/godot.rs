//! Godot's `RandomNumberGenerator` (`core/math/random_number_generator.h`
//! over `core/math/random_pcg.h`): PCG32 (XSH RR 64/32, the pcg-c-basic code
//! in `thirdparty/misc/pcg.cpp`) with Godot's seeding and draws.
//!
//! Seeding: `rng.seed = S` calls `pcg32_srandom_r(&pcg, S, DEFAULT_INC)` with
//! `DEFAULT_INC = PCG_DEFAULT_INC_64 = 1442695040888963407`, so the
//! increment is `(DEFAULT_INC << 1) | 1 = 0x280a_f6fd_eecf_029f`
//! (mod 2^64). This is Godot's seeding since PR #27171 ("Properly setup seed
//! in RNG", merged March 2019 for 3.1; issue #27166). Before it, Godot 3.0
//! set `pcg.state = S` with the increment `DEFAULT_INC` itself (its first
//! `randi()` after `seed(0)` was 0, issue #17664), and PR #25680 (3.1 betas)
//! added one discarded step. Those states are reachable with `--state "S
//! 1442695040888963407"` (Godot 3.0); this GEN's `--seed` is the current
//! seeding.
//!
//! Draws (`real_t` is `float` in standard builds):
//!
//! * `randi()`: one PCG32 output.
//! * `randf()`: `a = rand()`; 0 when `a == 0`, else
//!   `ldexpf((float)(rand() | 0x80000001), -32 - clz(a))`: 2 steps (1 when
//!   the first output is 0, probability 2^-32).
//! * `randi_range(from, to)`: `from` when equal (no step); else with
//!   `min`/`max` and `diff = max - min`, `rand() + min` when `diff` is
//!   `2^32 - 1`, else `pcg32_boundedrand_r(diff + 1) + min` (rejection below
//!   `-bound % bound`, then `r % bound`; PR #43184, 2020, and the
//!   full-range case of 4.3).
//! * `randf_range(from, to)`: `randf() * (to - from) + from` in float.
//! * `randfn(mean, deviation)`: `temp = randf()`, `temp += 1e-5` when below
//!   `1e-5`, then `mean + deviation * (cosf(TAU_f * randf()) * sqrt(-2.0 *
//!   logf(temp)))` with the products in double, rounded to float: 4 steps.
//!   `cosf`/`logf`/`cos`/`log` are the C library's (with the `std`
//!   feature; glibc on Linux, as Godot's Linux builds), so `randfn` can
//!   differ in the last bit between platforms, as Godot's own does.
//! * `@GlobalScope` `randf_range` and `randfn` use the double versions
//!   (`randd()`: `a = rand()`, then `ldexp((double)(rand() << 32 | rand() |
//!   0x8000000000000001), -64 - clz(a))`, 3 steps): `global-randf-range`
//!   and `global-randfn`. The global `randi`/`randf` are the same as the
//!   class's.

use alloc::vec;
use alloc::vec::Vec;

use crate::draw::{DrawError, DrawValue, no_args, two};
use crate::generators::Pcg32;
use crate::number::{parse_f32, parse_f64, parse_int};
use crate::observe::{KnownBits, ObservedValue};
use crate::registry::{DrawInfo, Gen, GenInfo, Seed, SeedError, SeedKind, SeedOptions, Steps};

/// `RandomPCG::DEFAULT_INC` (`PCG_DEFAULT_INC_64`), the `initseq` of every
/// Godot seeding.
pub const DEFAULT_INC: u64 = 1_442_695_040_888_963_407;
/// `RandomPCG::DEFAULT_SEED`: the seed of a new `RandomNumberGenerator`.
pub const DEFAULT_SEED: u64 = 12_047_754_176_567_800_795;
/// The PCG increment Godot's seeding gives: `(DEFAULT_INC << 1) | 1`.
pub const INCREMENT: u64 = (DEFAULT_INC << 1) | 1;
/// `CMP_EPSILON`.
const CMP_EPSILON: f64 = 0.00001;
/// `Math_TAU`.
const TAU: f64 = core::f64::consts::TAU;

/// `rng.seed = S`.
///
/// ```
/// use rngkit::engines::godot::{self, DEFAULT_SEED};
///
/// // A new RandomNumberGenerator's `state` printed by Godot 3.2 (PR #45019).
/// assert_eq!(godot::seeded(DEFAULT_SEED).state() as i64, -6332740101472756719);
/// ```
pub fn seeded(seed: u64) -> Pcg32 {
    Pcg32::new(seed, DEFAULT_INC)
}

/// Godot's draws over a borrowed PCG32.
///
/// ```
/// use rngkit::engines::godot::{self, GodotRng, DEFAULT_SEED};
///
/// // Godot 3.2, PR #45019: a new RandomNumberGenerator's randf() x3.
/// let mut pcg = godot::seeded(DEFAULT_SEED);
/// let mut rng = GodotRng(&mut pcg);
/// assert_eq!(format!("{:.6}", rng.randf()), "0.621225");
/// assert_eq!(format!("{:.6}", rng.randf()), "0.978975");
/// ```
pub struct GodotRng<'a>(pub &'a mut Pcg32);

impl GodotRng<'_> {
    /// `randi()`.
    #[inline]
    pub fn randi(&mut self) -> u32 {
        self.0.next_output()
    }

    /// `pcg32_boundedrand_r(bound)` (`bound > 0`).
    pub fn bounded(&mut self, bound: u32) -> u32 {
        let threshold = bound.wrapping_neg() % bound;
        loop {
            let r = self.randi();
            if r >= threshold {
                return r % bound;
            }
        }
    }

    /// `randf()`.
    pub fn randf(&mut self) -> f32 {
        let a = self.randi();
        if a == 0 {
            return 0.0;
        }
        let significand = (self.randi() | 0x8000_0001) as f32;
        ldexpf(significand, -32 - a.leading_zeros() as i32)
    }

    /// `randd()`.
    pub fn randd(&mut self) -> f64 {
        let a = self.randi();
        if a == 0 {
            return 0.0;
        }
        let hi = u64::from(self.randi());
        let lo = u64::from(self.randi());
        let significand = ((hi << 32) | lo | 0x8000_0000_0000_0001) as f64;
        libm::ldexp(significand, -64 - a.leading_zeros() as i32)
    }

    /// `randi_range(from, to)`.
    pub fn randi_range(&mut self, from: i32, to: i32) -> i32 {
        if from == to {
            return from;
        }
        let min = i64::from(from.min(to));
        let max = i64::from(from.max(to));
        let diff = (max - min) as u32;
        if diff == u32::MAX {
            return (i64::from(self.randi()) + min) as i32;
        }
        (i64::from(self.bounded(diff + 1)) + min) as i32
    }

    /// `randf_range(from, to)` (float).
    pub fn randf_range(&mut self, from: f32, to: f32) -> f32 {
        self.randf() * (to - from) + from
    }

    /// `randfn(mean, deviation)` (float).
    pub fn randfn(&mut self, mean: f32, deviation: f32) -> f32 {
        let mut temp = self.randf();
        if f64::from(temp) < CMP_EPSILON {
            temp = (f64::from(temp) + CMP_EPSILON) as f32;
        }
        let angle = (TAU as f32) * self.randf();
        let radius = libm::sqrt(-2.0 * f64::from(c_logf(temp)));
        (f64::from(mean) + f64::from(deviation) * (f64::from(c_cosf(angle)) * radius)) as f32
    }

    /// `@GlobalScope.randf_range(from, to)`: `randd() * (to - from) + from`.
    pub fn global_randf_range(&mut self, from: f64, to: f64) -> f64 {
        self.randd() * (to - from) + from
    }

    /// `@GlobalScope.randfn(mean, deviation)` (double).
    pub fn global_randfn(&mut self, mean: f64, deviation: f64) -> f64 {
        let mut temp = self.randd();
        if temp < CMP_EPSILON {
            temp += CMP_EPSILON;
        }
        mean + deviation * (c_cos(TAU * self.randd()) * libm::sqrt(-2.0 * c_log(temp)))
    }
}

// Godot calls the C library's `cos`/`log` and `cosf`/`logf` (glibc on Linux).
use crate::cmath::{cos as c_cos, cosf as c_cosf, log as c_log, logf as c_logf};

/// `ldexpf` for the finite, normal values `randf` scales (exact: a power
/// of two times a float, never below 2^-64).
fn ldexpf(x: f32, e: i32) -> f32 {
    libm::ldexpf(x, e)
}

/// The `godot` GEN.
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::godot::GodotGen;
///
/// let g = of::<GodotGen>();
/// let mut rng = g.seed(&Seed::from(12047754176567800795u64), &Default::default()).unwrap();
/// let randf = g.parse_draw("randf", &[]).unwrap();
/// assert_eq!(randf.eval(&mut rng).format(false), "0.6212246");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct GodotGen;

/// A parsed Godot draw.
#[derive(Clone, Debug, PartialEq)]
pub enum GodotDraw {
    /// `randi`.
    Randi,
    /// `randf`.
    Randf,
    /// `randi-range FROM TO`.
    RandiRange(i32, i32),
    /// `randf-range FROM TO`.
    RandfRange(f32, f32),
    /// `randfn [MEAN DEV]`.
    Randfn(f32, f32),
    /// `randd` (the double behind the global functions).
    Randd,
    /// `global-randf-range FROM TO`.
    GlobalRandfRange(f64, f64),
    /// `global-randfn [MEAN DEV]`.
    GlobalRandfn(f64, f64),
}

impl Gen for GodotGen {
    type Rng = Pcg32;
    type Draw = GodotDraw;

    const INFO: GenInfo = GenInfo {
        name: "godot",
        aliases: &["godot-rng"],
        summary: "Godot RandomNumberGenerator (PCG32, pcg32_srandom_r with DEFAULT_INC)",
        seed_kind: SeedKind::U64,
        seed_doc: "rng.seed = S: pcg32_srandom_r(S, 1442695040888963407) (Godot >= 3.1)",
        state_doc: "2 words of 64 bits: state increment (the increment is 0x280af6fdeecf029f for seeded streams)",
        has_stream: false,
        versions: "Godot 3.1 to 4.x seeding; randi_range as Godot 4 (bounded PCG, 4.3 full range); published Godot 3.0/3.2 outputs and an independent Python reference",
    };

    fn seed(seed: &Seed, _: &SeedOptions) -> Result<Pcg32, SeedError> {
        Ok(seeded(seed.low_u64()))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[
            crate::registry::BareDraw {
                draw: "randi",
                yields: crate::registry::Yields::Int {
                    bits: 32,
                    signed: false,
                },
            },
            crate::registry::BareDraw {
                draw: "randf",
                yields: crate::registry::Yields::Unit { bits: 24 },
            },
        ]
    }

    fn draws() -> &'static [DrawInfo] {
        &[
            DrawInfo {
                syntax: "randi",
                help: "randi(): one PCG32 output (1 step)",
            },
            DrawInfo {
                syntax: "randf",
                help: "randf(): ldexpf(rand() | 0x80000001, -32 - clz(rand())) (2 steps; 1 when the first is 0)",
            },
            DrawInfo {
                syntax: "randi-range FROM TO",
                help: "randi_range(from, to), inclusive, either order: bounded PCG with rejection (variable steps; none when FROM == TO)",
            },
            DrawInfo {
                syntax: "randf-range FROM TO",
                help: "randf_range(from, to): randf() * (to - from) + from, float (2 steps)",
            },
            DrawInfo {
                syntax: "randfn [MEAN DEV]",
                help: "randfn(mean = 0, deviation = 1): Box-Muller on two randf(), float (4 steps)",
            },
            DrawInfo {
                syntax: "randd",
                help: "RandomPCG::randd(): the double in [0, 1] the global functions use (3 steps)",
            },
            DrawInfo {
                syntax: "global-randf-range FROM TO",
                help: "@GlobalScope.randf_range: randd() * (to - from) + from, double (3 steps)",
            },
            DrawInfo {
                syntax: "global-randfn [MEAN DEV]",
                help: "@GlobalScope.randfn: Box-Muller on two randd(), double (6 steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<GodotDraw>, DrawError> {
        let finite32 = |syntax: &str, a: f32, b: f32| {
            if a.is_finite() && b.is_finite() {
                Ok(())
            } else {
                Err(DrawError::Invalid(alloc::format!(
                    "`{syntax}` needs finite numbers, got {a} and {b}"
                )))
            }
        };
        let finite64 = |syntax: &str, a: f64, b: f64| {
            if a.is_finite() && b.is_finite() {
                Ok(())
            } else {
                Err(DrawError::Invalid(alloc::format!(
                    "`{syntax}` needs finite numbers, got {a} and {b}"
                )))
            }
        };
        Ok(Some(match name {
            "randi" => return no_args(GodotDraw::Randi, name, args),
            "randf" => return no_args(GodotDraw::Randf, name, args),
            "randd" => return no_args(GodotDraw::Randd, name, args),
            "randi-range" => {
                let (a, b) = two("randi-range FROM TO", args, parse_int::<i32>)?;
                GodotDraw::RandiRange(a, b)
            }
            "randf-range" => {
                let (a, b) = two("randf-range FROM TO", args, parse_f32)?;
                finite32("randf-range FROM TO", a, b)?;
                GodotDraw::RandfRange(a, b)
            }
            "randfn" => {
                let (m, d) = crate::draw::optional_two("randfn [MEAN DEV]", args, parse_f32)?
                    .unwrap_or((0.0, 1.0));
                finite32("randfn [MEAN DEV]", m, d)?;
                GodotDraw::Randfn(m, d)
            }
            "global-randf-range" => {
                let (a, b) = two("global-randf-range FROM TO", args, parse_f64)?;
                finite64("global-randf-range FROM TO", a, b)?;
                GodotDraw::GlobalRandfRange(a, b)
            }
            "global-randfn" => {
                let (m, d) =
                    crate::draw::optional_two("global-randfn [MEAN DEV]", args, parse_f64)?
                        .unwrap_or((0.0, 1.0));
                finite64("global-randfn [MEAN DEV]", m, d)?;
                GodotDraw::GlobalRandfn(m, d)
            }
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &GodotDraw, rng: &mut Pcg32) -> DrawValue {
        let mut g = GodotRng(rng);
        match *draw {
            GodotDraw::Randi => DrawValue::U32(g.randi()),
            GodotDraw::Randf => DrawValue::F32(g.randf()),
            GodotDraw::RandiRange(a, b) => DrawValue::I32(g.randi_range(a, b)),
            GodotDraw::RandfRange(a, b) => DrawValue::F32(g.randf_range(a, b)),
            GodotDraw::Randfn(m, d) => DrawValue::F32(g.randfn(m, d)),
            GodotDraw::Randd => DrawValue::F64(g.randd()),
            GodotDraw::GlobalRandfRange(a, b) => DrawValue::F64(g.global_randf_range(a, b)),
            GodotDraw::GlobalRandfn(m, d) => DrawValue::F64(g.global_randfn(m, d)),
        }
    }

    fn steps(draw: &GodotDraw) -> Steps {
        match *draw {
            GodotDraw::Randi => Steps::Fixed(1),
            // 2 steps except after a zero output (probability 2^-32): counted
            // as fixed, as the common `int` is; verification catches the rest.
            GodotDraw::Randf | GodotDraw::RandfRange(..) => Steps::Fixed(2),
            GodotDraw::Randfn(..) => Steps::Fixed(4),
            GodotDraw::Randd | GodotDraw::GlobalRandfRange(..) => Steps::Fixed(3),
            GodotDraw::GlobalRandfn(..) => Steps::Fixed(6),
            GodotDraw::RandiRange(a, b) => {
                if a == b {
                    return Steps::Fixed(0);
                }
                let diff = (i64::from(a.max(b)) - i64::from(a.min(b))) as u32;
                if diff == u32::MAX || (diff + 1).is_power_of_two() {
                    Steps::Fixed(1)
                } else {
                    Steps::Variable
                }
            }
        }
    }

    fn known_bits(draw: &GodotDraw, value: &ObservedValue) -> Option<Vec<KnownBits>> {
        match *draw {
            GodotDraw::Randi => Some(vec![KnownBits::new(
                0xffff_ffff,
                u64::from(value.as_u32()?),
            )]),
            GodotDraw::RandiRange(a, b) => {
                let v = i64::from(value.as_i32()?);
                let (min, max) = (i64::from(a.min(b)), i64::from(a.max(b)));
                if !(min..=max).contains(&v) {
                    return None;
                }
                if a == b {
                    return Some(Vec::new());
                }
                let bound = (max - min + 1) as u64;
                let offset = (v - min) as u64;
                if bound == 1 << 32 {
                    Some(vec![KnownBits::new(0xffff_ffff, offset)])
                } else if bound.is_power_of_two() {
                    Some(vec![KnownBits::new(bound - 1, offset)])
                } else {
                    Some(Vec::new())
                }
            }
            GodotDraw::Randf
            | GodotDraw::RandfRange(..)
            | GodotDraw::Randfn(..)
            | GodotDraw::Randd
            | GodotDraw::GlobalRandfRange(..)
            | GodotDraw::GlobalRandfn(..) => value.as_f64().map(|_| Vec::new()),
        }
    }
}

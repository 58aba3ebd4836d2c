//! Unity's `UnityEngine.Random`: the engine-global Xorshift128 and every draw
//! Unity builds on it.
//!
//! Sources: the reverse-engineering notes on the native player (Unity
//! 2020.3, `Random_CUSTOM_Range`, `Random_CUSTOM_RandomRangeInt`,
//! `Random_Get_Custom_PropValue`, `InitScriptingRand`), Unity's C# reference
//! source (`Runtime/Export/Random/Random.cs` for `ColorHSV`,
//! `Runtime/Export/Math/Color.cs` for `HSVToRGB`, `Mathf.cs` for `Lerp`), and
//! real-Unity captures published with MoatShrimp/uny-random-js (MIT), which
//! the tests check against.
//!
//! The transcendental functions (`sin`, `cos`, `pow`, `sqrt`) come from the
//! pure-Rust [`libm`] crate, so the composite draws give the same bits on
//! every platform and without `std`. Unity's own C runtime may differ in the
//! last unit in the last place; `value` and both `Range`s never touch these
//! functions and are exact.
//!
//! Every draw except `ColorHSV` is native engine code, the same in every
//! build. `ColorHSV` (with `Mathf.Lerp` and `Color.HSVToRGB`) is managed C#,
//! and its float arithmetic depends on the [`ScriptingBackend`]: Mono
//! evaluates float expressions in double precision, IL2CPP in single
//! precision. The default is Mono, the Editor's backend, whose rounding the
//! published captures follow (`tests/unity_recorded.rs`).

use core::borrow::BorrowMut;
use core::mem;
use core::ops::{Deref, DerefMut};

use crate::StateError;
use crate::generators::Xorshift128;

/// `2π` as the `f32` Unity uses (`6.2831855f`).
pub const TWO_PI: f32 = core::f32::consts::TAU;

/// The multiplier of `Random.value`: the float printed `1.192093e-07` in the
/// player binary, bits `0x34000001`, which is `1.0f / 8388607.0f`.
///
/// Multiplying by it and dividing by `8388607.0f` give the same float for
/// every one of the 2^23 possible inputs (checked exhaustively by the
/// `engine_bdsp` test), so `value` is also `(r & 0x7fffff) / 8388607.0f`.
pub const VALUE_SCALE: f32 = f32::from_bits(0x3400_0001);

/// Unity's `Random.value` mapping of one raw output word: the low 23 bits
/// times [`VALUE_SCALE`], a float in the closed range `[0, 1]`.
///
/// ```
/// use rngkit::engines::unity::value_from_word;
/// assert_eq!(value_from_word(0x007f_ffff), 1.0);
/// assert_eq!(value_from_word(0xff80_0000), 0.0);
/// ```
#[inline]
pub fn value_from_word(word: u32) -> f32 {
    (word & 0x007f_ffff) as f32 * VALUE_SCALE
}

/// The scripting backend that runs Unity's managed C# code, which decides
/// how `Random.ColorHSV` (through `Mathf.Lerp` and `Color.HSVToRGB`, both C#)
/// rounds. Every other draw of [`UnityRandom`] is native engine code and the
/// same under both.
///
/// * [`Mono`](Self::Mono), the default: the Unity Editor and Mono player
///   builds. Unity's Mono promotes `float` arithmetic to `double` on every
///   platform (Unity-Technologies/mono#1553, 2022, removed the last
///   exception, macOS ARM64): each C# expression is evaluated in `double`
///   and rounded to `float` when stored into a `float` local, argument or
///   field. It is the default because the real-Unity captures rngkit is
///   checked against (uny-random-js, most likely recorded in the Editor,
///   which always runs Mono) follow it: it matches all 17 recorded
///   `ColorHSV` colours to their printed 7 digits, single precision 13.
/// * [`Il2cpp`](Self::Il2cpp): IL2CPP player builds compile the C# to C++,
///   where `float` arithmetic is single precision, each operation rounded
///   to `f32`. No IL2CPP captures exist to confirm it; it is the semantics
///   of the generated C++.
///
/// Both consume the same four raw steps. With the default ranges the
/// channels differ by at most 2^-24 (one unit in the last place of a value
/// in `[0.5, 1)`), in some channel of about 39 % of colours; narrow or
/// shifted ranges can widen the gap a little (up to 4.8e-7 with random
/// ranges inside `[0, 1]`), and a hue range reaching past the sectors
/// Unity handles can, at the boundary, give black under one backend only.
///
/// ```
/// use rngkit::engines::unity::{ScriptingBackend, UnityRandom};
///
/// // Real Unity (Editor) after InitState(0) printed g = 0.4749825.
/// let mono = UnityRandom::new(0).color_hsv_with(ScriptingBackend::Mono);
/// let il2cpp = UnityRandom::new(0).color_hsv_with(ScriptingBackend::Il2cpp);
/// assert_eq!(format!("{:.7}", mono[1]), "0.4749825");
/// assert_eq!(format!("{:.7}", il2cpp[1]), "0.4749824");
/// assert_eq!(mono[1], 0.47498247); // one ulp apart
/// assert_eq!(il2cpp[1], 0.47498244);
/// assert_eq!(ScriptingBackend::default(), ScriptingBackend::Mono);
/// assert_eq!(UnityRandom::new(0).color_hsv(), mono);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ScriptingBackend {
    /// Mono (the Editor, Mono players): `double` intermediates, rounded to
    /// `float` at each store into a `float` variable.
    #[default]
    Mono,
    /// IL2CPP players: `float` arithmetic, each operation rounded to `f32`.
    Il2cpp,
}

impl ScriptingBackend {
    /// `Mathf.Lerp(a, b, t)`, `a + (b - a) * Clamp01(t)`, as this backend
    /// evaluates it: Mono in `double`, rounded once to `f32` (where
    /// `ColorHSV` stores the result into its `float` local); IL2CPP in
    /// `f32`, each operation rounded.
    ///
    /// ```
    /// use rngkit::engines::unity::ScriptingBackend;
    ///
    /// let (a, b, t) = (0.3103028f32, 0.6900989f32, 0.8390949f32);
    /// assert_eq!(ScriptingBackend::Mono.lerp(a, b, t), 0.6289877);
    /// assert_eq!(ScriptingBackend::Il2cpp.lerp(a, b, t), 0.6289878);
    /// assert_eq!(ScriptingBackend::Il2cpp.lerp(2.0, 4.0, 7.0), 4.0); // t clamped
    /// ```
    #[inline]
    pub fn lerp(self, a: f32, b: f32, t: f32) -> f32 {
        // Clamp01 keeps NaN, like f32::clamp.
        let t = t.clamp(0.0, 1.0);
        match self {
            ScriptingBackend::Mono => {
                (f64::from(a) + (f64::from(b) - f64::from(a)) * f64::from(t)) as f32
            }
            ScriptingBackend::Il2cpp => a + (b - a) * t,
        }
    }

    /// `Color.HSVToRGB(h, s, v, hdr)` as this backend evaluates it,
    /// returning `[r, g, b]`.
    ///
    /// Faithful to the engine's quirks: the sector is `(int)floor(h * 6)`
    /// and only sectors -1..=6 produce a colour (any other hue, including
    /// NaN, gives black when `s` and `v` are non-zero, as C#'s `(int)` cast
    /// does on x86); `hdr == false` clamps each channel to `[0, 1]`.
    ///
    /// Mono rounds to `f32` where Color.cs stores into a `float` local:
    /// `h_to_floor = H * 6` and `t = h_to_floor - temp` (both exact after
    /// that first rounding), `var_1 = V * (1 - S)`,
    /// `var_2 = V * (1 - S * t)` and `var_3 = V * (1 - S * (1 - t))`, each
    /// evaluated in `double` and rounded once. IL2CPP rounds every
    /// operation.
    ///
    /// ```
    /// use rngkit::engines::unity::ScriptingBackend;
    ///
    /// for backend in [ScriptingBackend::Mono, ScriptingBackend::Il2cpp] {
    ///     assert_eq!(backend.hsv_to_rgb(0.0, 1.0, 1.0, true), [1.0, 0.0, 0.0]);
    ///     assert_eq!(backend.hsv_to_rgb(0.5, 0.0, 0.25, true), [0.25, 0.25, 0.25]);
    /// }
    /// // The h, s, v of Random.ColorHSV() after InitState(1218593819); Unity
    /// // printed g = 0.06335761.
    /// let (h, s, v) = (0.5975241, 0.81902075, 0.121665016);
    /// assert_eq!(ScriptingBackend::Mono.hsv_to_rgb(h, s, v, true)[1], 0.06335761);
    /// assert_eq!(ScriptingBackend::Il2cpp.hsv_to_rgb(h, s, v, true)[1], 0.0633576);
    /// ```
    pub fn hsv_to_rgb(self, h: f32, s: f32, v: f32, hdr: bool) -> [f32; 3] {
        if s == 0.0 {
            return [v, v, v];
        }
        if v == 0.0 {
            return [0.0, 0.0, 0.0];
        }
        let (sector, var1, var2, var3) = match self {
            ScriptingBackend::Mono => {
                let (s, v) = (f64::from(s), f64::from(v));
                let h6 = (f64::from(h) * 6.0) as f32;
                let sector = floor_to_sector(h6);
                let t = f64::from((f64::from(h6) - f64::from(sector as f32)) as f32);
                (
                    sector,
                    (v * (1.0 - s)) as f32,
                    (v * (1.0 - s * t)) as f32,
                    (v * (1.0 - s * (1.0 - t))) as f32,
                )
            }
            ScriptingBackend::Il2cpp => {
                let h6 = h * 6.0;
                let sector = floor_to_sector(h6);
                let t = h6 - sector as f32;
                (
                    sector,
                    v * (1.0 - s),
                    v * (1.0 - s * t),
                    v * (1.0 - s * (1.0 - t)),
                )
            }
        };
        let rgb = match sector {
            0 | 6 => [v, var3, var1],
            1 => [var2, v, var1],
            2 => [var1, v, var3],
            3 => [var1, var2, v],
            4 => [var3, var1, v],
            5 | -1 => [v, var1, var2],
            _ => [0.0, 0.0, 0.0],
        };
        if hdr {
            rgb
        } else {
            rgb.map(|c| c.clamp(0.0, 1.0))
        }
    }
}

/// `(int)Math.Floor(x)` as C# computes it on x86: NaN and out-of-range
/// values become `int.MinValue`, which matches no `HSVToRGB` sector.
fn floor_to_sector(x: f32) -> i32 {
    let floor = libm::floorf(x);
    if floor.is_nan() || !(-2_147_483_648.0..2_147_483_648.0).contains(&floor) {
        i32::MIN
    } else {
        floor as i32
    }
}

/// Unity's `Random.State`: the four Xorshift128 words as C# `int`s, `s0`
/// first (the word shifted out next).
///
/// With the `serde` feature it serialises with the field names Unity's
/// `JsonUtility` writes (`{"s0":..,"s1":..,"s2":..,"s3":..}`).
///
/// ```
/// use rngkit::engines::unity::{State, UnityRandom};
///
/// let rng = UnityRandom::new(0);
/// assert_eq!(rng.state(), State { s0: 0, s1: 1, s2: 1812433254, s3: 1900727103 });
/// assert_eq!(State::from_words([0xffff_ffff, 1, 2, 3]).s0, -1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct State {
    /// First word (shifted out by the next step).
    pub s0: i32,
    /// Second word.
    pub s1: i32,
    /// Third word.
    pub s2: i32,
    /// Fourth word: the most recent output.
    pub s3: i32,
}

impl State {
    /// The state from its four words in `--state` order.
    pub const fn from_words(words: [u32; 4]) -> Self {
        State {
            s0: words[0] as i32,
            s1: words[1] as i32,
            s2: words[2] as i32,
            s3: words[3] as i32,
        }
    }

    /// The four words in `--state` order.
    pub const fn words(self) -> [u32; 4] {
        [
            self.s0 as u32,
            self.s1 as u32,
            self.s2 as u32,
            self.s3 as u32,
        ]
    }
}

/// Unity's `UnityEngine.Random`, as one value instead of an engine global.
///
/// Every draw consumes the documented number of raw steps of the underlying
/// [`Xorshift128`] and computes its result with the engine's `f32`
/// arithmetic: each product and sum rounded separately, no fused
/// multiply-add.
///
/// ```
/// use rngkit::engines::unity::UnityRandom;
///
/// // Published captures of real Unity after `Random.InitState(0)`.
/// let mut rng = UnityRandom::new(0);
/// assert_eq!(format!("{:.7}", rng.value()), "0.5841396");
/// let mut rng = UnityRandom::new(0);
/// assert_eq!(rng.range_float(-100.0, 500.0), 149.5162);
/// let mut rng = UnityRandom::new(0);
/// assert_eq!(rng.range_int(-1366991463, -784454117), -1213877975);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UnityRandom<G = Xorshift128> {
    rng: G,
}

impl UnityRandom {
    /// `Random.InitState(seed)`: the state `[s, s*k+1, ...]` with
    /// `k = 0x6c078965`. A negative seed is its two's complement.
    pub const fn new(seed: i32) -> Self {
        UnityRandom {
            rng: Xorshift128::init_state(seed as u32),
        }
    }

    /// Seeds from the operating system's entropy source, as the engine does
    /// at start-up (`InitScriptingRand` reads 16 bytes from
    /// `/dev/urandom` or `BCryptGenRandom` straight into the four words,
    /// little-endian on every platform Unity ships).
    ///
    /// Print [`UnityRandom::state`] to be able to replay the run.
    ///
    /// # Errors
    /// [`EngineError::Entropy`](super::EngineError::Entropy) when the system
    /// has no entropy source.
    #[cfg(feature = "std")]
    pub fn from_entropy() -> Result<Self, super::EngineError> {
        use alloc::string::ToString;
        loop {
            let mut bytes = [0u8; 16];
            getrandom::fill(&mut bytes).map_err(|e| super::EngineError::Entropy {
                reason: e.to_string(),
            })?;
            let mut words = [0u32; 4];
            for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(4)) {
                *word = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            }
            // All zero (probability 2^-128) is the one unusable state: draw again.
            if let Ok(rng) = Xorshift128::from_state(words) {
                return Ok(UnityRandom { rng });
            }
        }
    }
}

impl<G: BorrowMut<Xorshift128>> UnityRandom<G> {
    /// `Random.InitState(seed)` on an existing generator.
    pub fn init_state(&mut self, seed: i32) {
        *self.rng.borrow_mut() = Xorshift128::init_state(seed as u32);
    }

    /// Wraps a generator in any state (for example one parsed from
    /// `--state`): owned (`Xorshift128`) or borrowed (`&mut Xorshift128`,
    /// to run engine draws on a generator kept elsewhere).
    ///
    /// ```
    /// use rngkit::engines::unity::UnityRandom;
    /// use rngkit::generators::Xorshift128;
    ///
    /// let mut generator = Xorshift128::init_state(0);
    /// let t = UnityRandom::from_generator(&mut generator).value();
    /// assert_eq!(format!("{t:.7}"), "0.5841396");
    /// assert_eq!(generator.state()[3], 1900725526); // the generator moved on
    /// ```
    pub const fn from_generator(rng: G) -> Self {
        UnityRandom { rng }
    }

    generator_accessors!(rng: Xorshift128, "The underlying generator, mutably (for raw steps, jumps, ...).");

    /// `Random.state` (get).
    pub fn state(&self) -> State {
        State::from_words(self.generator().state())
    }

    /// `Random.state` (set).
    ///
    /// # Errors
    /// [`StateError::AllZero`] for the all-zero state, which Unity would
    /// accept and then return 0 for ever; rngkit refuses it. The current
    /// state is left unchanged.
    pub fn set_state(&mut self, state: State) -> Result<(), StateError> {
        *self.rng.borrow_mut() = Xorshift128::from_state(state.words())?;
        Ok(())
    }

    /// One raw step: the new `s3`, the word every draw below is built from.
    #[inline]
    pub fn next_raw(&mut self) -> u32 {
        self.rng.borrow_mut().next_output()
    }

    /// `Random.value`: one step, `(r & 0x7fffff) * (1.0f / 8388607.0f)`, in
    /// the closed range `[0, 1]`.
    #[inline]
    pub fn value(&mut self) -> f32 {
        value_from_word(self.next_raw())
    }

    /// `Random.Range(float min, float max)`: one step, then
    /// `min * t + (1 - t) * max` with `t` = [`value`](Self::value), each
    /// product rounded to `f32` before the sum. The result lies between the
    /// bounds whichever is larger (`t == 0` gives `max`, `t == 1` gives
    /// `min`).
    ///
    /// ```
    /// use rngkit::engines::unity::UnityRandom;
    /// let mut rng = UnityRandom::new(0);
    /// assert_eq!(rng.range_float(-1201661979.1, 1331884683.0), -148060352.0);
    /// ```
    #[inline]
    pub fn range_float(&mut self, min: f32, max: f32) -> f32 {
        let t = self.value();
        range_from_t(t, min, max)
    }

    /// `Random.Range(int min, int max)`, all three branches of the native
    /// `RandomRangeInt`:
    ///
    /// * `min < max`: one step, `min + r % (uint)(max - min)`, half-open
    ///   `[min, max)`;
    /// * `min > max`: one step, `min - r % (uint)(min - max)`, in
    ///   `(max, min]`;
    /// * `min == max`: returns `min` **without** consuming a step.
    ///
    /// The difference wraps like C#'s unchecked `int` arithmetic and the
    /// modulo is unsigned, so spans wider than 2^31 (up to
    /// `int.MinValue..int.MaxValue`) work.
    ///
    /// ```
    /// use rngkit::engines::unity::UnityRandom;
    /// let mut rng = UnityRandom::new(0);
    /// assert_eq!(rng.range_int(-784454117, -1366991463), -937567605);
    /// assert_eq!(rng.range_int(7, 7), 7);
    /// ```
    #[inline]
    pub fn range_int(&mut self, min: i32, max: i32) -> i32 {
        if min < max {
            let r = self.next_raw();
            min.wrapping_add((r % max.wrapping_sub(min) as u32) as i32)
        } else if max < min {
            let r = self.next_raw();
            min.wrapping_sub((r % min.wrapping_sub(max) as u32) as i32)
        } else {
            min
        }
    }

    /// `Random.insideUnitCircle`, two steps: `a = Range(0, 2π)`, then
    /// `(cos a, sin a) * pow(Range(0, 1), 0.5)`. Returns `[x, y]`.
    pub fn inside_unit_circle(&mut self) -> [f32; 2] {
        let angle = self.range_float(0.0, TWO_PI);
        let radius = libm::powf(self.range_float(0.0, 1.0), 0.5);
        [libm::cosf(angle) * radius, libm::sinf(angle) * radius]
    }

    /// `Random.onUnitSphere`, two steps (the engine's native function):
    /// `z = Range(-1, 1)`, `a = Range(0, 2π)`, `r = sqrt(1 - z*z)`, the point
    /// `(r cos a, r sin a, z)`. Returns `[x, y, z]`.
    ///
    /// A port that computes it as `insideUnitSphere.normalized` would use
    /// three steps and different values; rngkit follows the engine (pinned
    /// by real-Unity captures in the tests).
    pub fn on_unit_sphere(&mut self) -> [f32; 3] {
        let z = self.range_float(-1.0, 1.0);
        let angle = self.range_float(0.0, TWO_PI);
        let r = libm::sqrtf(1.0 - z * z);
        [r * libm::cosf(angle), r * libm::sinf(angle), z]
    }

    /// `Random.insideUnitSphere`, three steps: the
    /// [`on_unit_sphere`](Self::on_unit_sphere) point scaled by
    /// `pow(t, 1/3)` with `t` the [`value`](Self::value) of the third step.
    pub fn inside_unit_sphere(&mut self) -> [f32; 3] {
        let [x, y, z] = self.on_unit_sphere();
        let scale = libm::powf(self.value(), 1.0 / 3.0);
        [x * scale, y * scale, z * scale]
    }

    /// `Random.rotation`, four steps: `Range(-1, 1)` for x, y, z, w in that
    /// order, normalised (each component divided by the length), negated
    /// when `w < 0`. Returns `[x, y, z, w]`.
    pub fn rotation(&mut self) -> [f32; 4] {
        let q = [
            self.range_float(-1.0, 1.0),
            self.range_float(-1.0, 1.0),
            self.range_float(-1.0, 1.0),
            self.range_float(-1.0, 1.0),
        ];
        let length = libm::sqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        let q = q.map(|c| c / length);
        positive_w(q)
    }

    /// `Random.rotationUniform`, three steps: `u1 = Range(0, 1)`,
    /// `θ = Range(0, 2π)`, `ρ = Range(0, 2π)`; with `i = sqrt(1 - u1)` and
    /// `j = sqrt(u1)` the quaternion `(i sin θ, i cos θ, j sin ρ, j cos ρ)`,
    /// negated when `w < 0`. Returns `[x, y, z, w]`.
    pub fn rotation_uniform(&mut self) -> [f32; 4] {
        let u1 = self.range_float(0.0, 1.0);
        let theta = self.range_float(0.0, TWO_PI);
        let rho = self.range_float(0.0, TWO_PI);
        let i = libm::sqrtf(1.0 - u1);
        let j = libm::sqrtf(u1);
        positive_w([
            i * libm::sinf(theta),
            i * libm::cosf(theta),
            j * libm::sinf(rho),
            j * libm::cosf(rho),
        ])
    }

    /// `Random.ColorHSV()`: hue, saturation and value each in `[0, 1]`,
    /// alpha 1 (still drawn: four steps), evaluated as Mono does (the
    /// default [`ScriptingBackend`]). Returns `[r, g, b, a]`.
    ///
    /// ```
    /// use rngkit::engines::unity::UnityRandom;
    /// // Published capture of real Unity after InitState(0): r 0.280165,
    /// // g 0.4749825, b 0.6736069 (b is the value channel, the third value).
    /// let [r, g, b, a] = UnityRandom::new(0).color_hsv();
    /// assert_eq!(format!("{r:.6} {g:.7} {b:.7} {a}"), "0.280165 0.4749825 0.6736069 1");
    /// ```
    pub fn color_hsv(&mut self) -> [f32; 4] {
        self.color_hsv_ranges_with(ScriptingBackend::Mono, ColorHsvRanges::default())
    }

    /// `Random.ColorHSV()` as the given scripting backend evaluates it.
    ///
    /// ```
    /// use rngkit::engines::unity::{ScriptingBackend, UnityRandom};
    /// let [r, g, b, a] = UnityRandom::new(0).color_hsv_with(ScriptingBackend::Il2cpp);
    /// assert_eq!(format!("{r:.6} {g:.7} {b:.7} {a}"), "0.280165 0.4749824 0.6736069 1");
    /// ```
    pub fn color_hsv_with(&mut self, backend: ScriptingBackend) -> [f32; 4] {
        self.color_hsv_ranges_with(backend, ColorHsvRanges::default())
    }

    /// `Random.ColorHSV(hueMin, hueMax, ...)`, every overload (build the
    /// ranges with [`ColorHsvRanges`]; omitted ranges keep Unity's
    /// defaults), evaluated as Mono does (the default [`ScriptingBackend`]).
    /// Four steps in the order h, s, v, a; each channel is
    /// `Mathf.Lerp(min, max, Random.value)`, then
    /// `Color.HSVToRGB(h, s, v, hdr: true)`. Returns `[r, g, b, a]`.
    ///
    /// ```
    /// use rngkit::engines::unity::{ColorHsvRanges, UnityRandom};
    /// // Published capture: Random.ColorHSV(0.3103028f, 0.6900989f, 0.2188076f,
    /// // 0.4164305f, 0.1378517f, 0.7215825f, 0.09216214f, 0.9967413f) after
    /// // InitState(1585133052).
    /// let ranges = ColorHsvRanges::from_array([
    ///     0.3103028, 0.6900989, 0.2188076, 0.4164305, 0.1378517, 0.7215825, 0.09216214, 0.9967413,
    /// ]);
    /// let [r, g, b, a] = UnityRandom::new(1585133052).color_hsv_ranges(ranges);
    /// assert_eq!(format!("{r:.7} {g:.7} {b:.7} {a:.7}"), "0.3478539 0.3975368 0.5676181 0.2574574");
    /// ```
    pub fn color_hsv_ranges(&mut self, ranges: ColorHsvRanges) -> [f32; 4] {
        self.color_hsv_ranges_with(ScriptingBackend::Mono, ranges)
    }

    /// `Random.ColorHSV(hueMin, hueMax, ...)` as the given scripting backend
    /// evaluates it (see [`ScriptingBackend::lerp`] and
    /// [`ScriptingBackend::hsv_to_rgb`] for the rounding). Both backends
    /// consume the same four steps.
    ///
    /// ```
    /// use rngkit::engines::unity::{ColorHsvRanges, ScriptingBackend, UnityRandom};
    /// let ranges = ColorHsvRanges::from_array([
    ///     0.3103028, 0.6900989, 0.2188076, 0.4164305, 0.1378517, 0.7215825, 0.09216214, 0.9967413,
    /// ]);
    /// let mut il2cpp = UnityRandom::new(1585133052);
    /// let [r, g, b, a] = il2cpp.color_hsv_ranges_with(ScriptingBackend::Il2cpp, ranges);
    /// assert_eq!(format!("{r:.7} {g:.7} {b:.7} {a:.7}"), "0.3478538 0.3975366 0.5676180 0.2574574");
    /// let mut mono = UnityRandom::new(1585133052);
    /// mono.color_hsv_ranges_with(ScriptingBackend::Mono, ranges);
    /// assert_eq!(il2cpp.state(), mono.state());
    /// ```
    pub fn color_hsv_ranges_with(
        &mut self,
        backend: ScriptingBackend,
        ranges: ColorHsvRanges,
    ) -> [f32; 4] {
        let h = backend.lerp(ranges.hue[0], ranges.hue[1], self.value());
        let s = backend.lerp(ranges.saturation[0], ranges.saturation[1], self.value());
        let v = backend.lerp(ranges.value[0], ranges.value[1], self.value());
        let [r, g, b] = backend.hsv_to_rgb(h, s, v, true);
        let a = backend.lerp(ranges.alpha[0], ranges.alpha[1], self.value());
        [r, g, b, a]
    }

    /// Runs `f` with the generator temporarily in the state `temporary`, then
    /// puts the previous state back, also when `f` panics. This is Unity's
    /// `var old = Random.state; Random.InitState(x); ...; Random.state = old;`
    /// idiom made safe.
    ///
    /// ```
    /// use rngkit::engines::unity::UnityRandom;
    /// use rngkit::generators::Xorshift128;
    ///
    /// let mut rng = UnityRandom::new(7);
    /// let before = rng.state();
    /// let roll = rng.with_state(Xorshift128::init_state(0), |r| r.value());
    /// assert_eq!(format!("{roll:.7}"), "0.5841396");
    /// assert_eq!(rng.state(), before);
    /// ```
    pub fn with_state<R>(&mut self, temporary: Xorshift128, f: impl FnOnce(&mut Self) -> R) -> R {
        let mut guard = self.scoped_state(temporary);
        f(&mut guard)
    }

    /// Puts the generator in the state `temporary` until the returned guard
    /// is dropped (also during a panic), when the previous state comes back.
    /// The guard dereferences to this `UnityRandom`.
    pub fn scoped_state(&mut self, temporary: Xorshift128) -> ScopedState<'_, G> {
        let saved = mem::replace(self.rng.borrow_mut(), temporary);
        ScopedState { rng: self, saved }
    }
}

impl From<Xorshift128> for UnityRandom {
    fn from(rng: Xorshift128) -> Self {
        UnityRandom::from_generator(rng)
    }
}

/// The guard of [`UnityRandom::scoped_state`]: restores the saved state when
/// dropped.
#[derive(Debug)]
pub struct ScopedState<'a, G: BorrowMut<Xorshift128> = Xorshift128> {
    rng: &'a mut UnityRandom<G>,
    saved: Xorshift128,
}

impl<G: BorrowMut<Xorshift128>> Deref for ScopedState<'_, G> {
    type Target = UnityRandom<G>;
    fn deref(&self) -> &UnityRandom<G> {
        self.rng
    }
}

impl<G: BorrowMut<Xorshift128>> DerefMut for ScopedState<'_, G> {
    fn deref_mut(&mut self) -> &mut UnityRandom<G> {
        self.rng
    }
}

impl<G: BorrowMut<Xorshift128>> Drop for ScopedState<'_, G> {
    fn drop(&mut self) {
        mem::swap(self.rng.rng.borrow_mut(), &mut self.saved);
    }
}

/// The ranges of `Random.ColorHSV`, `[min, max]` for each channel; the
/// default is Unity's: hue, saturation, value `[0, 1]`, alpha `[1, 1]`.
///
/// The builder methods mirror the overloads:
///
/// ```
/// use rngkit::engines::unity::ColorHsvRanges;
///
/// // Random.ColorHSV(0f, 0.5f, 0.8f, 1f)
/// let ranges = ColorHsvRanges::default().hue(0.0, 0.5).saturation(0.8, 1.0);
/// assert_eq!(ranges.value, [0.0, 1.0]);
/// assert_eq!(ColorHsvRanges::from_array([0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0]), ColorHsvRanges::default());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ColorHsvRanges {
    /// Hue `[min, max]`.
    pub hue: [f32; 2],
    /// Saturation `[min, max]`.
    pub saturation: [f32; 2],
    /// Value (brightness) `[min, max]`.
    pub value: [f32; 2],
    /// Alpha `[min, max]`.
    pub alpha: [f32; 2],
}

impl Default for ColorHsvRanges {
    fn default() -> Self {
        ColorHsvRanges {
            hue: [0.0, 1.0],
            saturation: [0.0, 1.0],
            value: [0.0, 1.0],
            alpha: [1.0, 1.0],
        }
    }
}

impl ColorHsvRanges {
    /// All eight bounds in the argument order of the longest overload:
    /// hue min/max, saturation min/max, value min/max, alpha min/max.
    pub const fn from_array(b: [f32; 8]) -> Self {
        ColorHsvRanges {
            hue: [b[0], b[1]],
            saturation: [b[2], b[3]],
            value: [b[4], b[5]],
            alpha: [b[6], b[7]],
        }
    }

    /// Sets the hue range.
    pub const fn hue(mut self, min: f32, max: f32) -> Self {
        self.hue = [min, max];
        self
    }

    /// Sets the saturation range.
    pub const fn saturation(mut self, min: f32, max: f32) -> Self {
        self.saturation = [min, max];
        self
    }

    /// Sets the value (brightness) range.
    pub const fn value(mut self, min: f32, max: f32) -> Self {
        self.value = [min, max];
        self
    }

    /// Sets the alpha range.
    pub const fn alpha(mut self, min: f32, max: f32) -> Self {
        self.alpha = [min, max];
        self
    }
}

/// The interpolation of `Random.Range(float, float)` for a given `t`:
/// `min * t + (1 - t) * max`, each product rounded separately.
#[inline]
pub fn range_from_t(t: f32, min: f32, max: f32) -> f32 {
    let a = min * t;
    let b = (1.0 - t) * max;
    a + b
}

/// `Mathf.Lerp(a, b, t)`, `a + (b - a) * Clamp01(t)`, as Mono evaluates it
/// (in `double`, rounded once to `f32`); [`ScriptingBackend::lerp`] chooses
/// the backend.
///
/// ```
/// use rngkit::engines::unity::lerp;
/// assert_eq!(lerp(0.0, 1.0, 0.25), 0.25);
/// assert_eq!(lerp(2.0, 4.0, -1.0), 2.0); // t clamped to [0, 1]
/// ```
#[inline]
pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
    ScriptingBackend::Mono.lerp(a, b, t)
}

/// `Color.HSVToRGB(h, s, v, hdr)`, Unity's conversion, as Mono evaluates it,
/// returning `[r, g, b]`; [`ScriptingBackend::hsv_to_rgb`] chooses the
/// backend and documents the quirks and rounding.
///
/// ```
/// use rngkit::engines::unity::hsv_to_rgb;
/// assert_eq!(hsv_to_rgb(0.0, 1.0, 1.0, true), [1.0, 0.0, 0.0]);
/// assert_eq!(hsv_to_rgb(0.5, 0.0, 0.25, true), [0.25, 0.25, 0.25]);
/// ```
pub fn hsv_to_rgb(h: f32, s: f32, v: f32, hdr: bool) -> [f32; 3] {
    ScriptingBackend::Mono.hsv_to_rgb(h, s, v, hdr)
}

/// Negates a quaternion whose `w` is negative (Unity's canonical sign).
fn positive_w(q: [f32; 4]) -> [f32; 4] {
    if q[3] < 0.0 { q.map(|c| -c) } else { q }
}

// ---------------------------------------------------------------------------
// The `unity` GEN: seeding, draws and what observed draws reveal.

/// The `unity` GEN: `UnityEngine.Random` over [`Xorshift128`].
///
/// ```
/// use rngkit::registry::{of, Seed};
/// use rngkit::engines::unity::UnityGen;
///
/// let unity = of::<UnityGen>();
/// let mut rng = unity.seed(&Seed::from(0), &Default::default()).unwrap();
/// assert_eq!(rng.format_words(), "00000000 00000001 6c078966 714acb3f");
/// let range = unity.parse_draw("range-float", &["-100", "500"]).unwrap();
/// assert_eq!(range.eval(&mut rng).format(false), "149.5162"); // a real Unity capture
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct UnityGen;

/// A parsed `UnityEngine.Random` draw.
#[derive(Clone, Debug, PartialEq)]
pub enum UnityDraw {
    /// `value`: `Random.value`, closed [0, 1].
    Value,
    /// `range-float MIN MAX`: `Random.Range(float, float)`.
    RangeFloat(f32, f32),
    /// `range-int MIN MAX`: `Random.Range(int, int)`, all three branches.
    RangeInt(i32, i32),
    /// `inside-unit-circle`: `Random.insideUnitCircle` (2 words).
    InsideUnitCircle,
    /// `inside-unit-sphere`: `Random.insideUnitSphere` (3 words).
    InsideUnitSphere,
    /// `on-unit-sphere`: `Random.onUnitSphere` (2 words).
    OnUnitSphere,
    /// `rotation`: `Random.rotation` (4 words), `x y z w`.
    Rotation,
    /// `rotation-uniform`: `Random.rotationUniform` (3 words), `x y z w`.
    RotationUniform,
    /// `color-hsv [HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX]`: `Random.ColorHSV`, `r g b a`.
    ColorHsv(Option<[f32; 8]>),
}

/// Unity's `InitState(seed)` for a seed already checked to fit 32 bits.
pub(crate) fn init_state_from(seed: &crate::registry::Seed) -> Xorshift128 {
    Xorshift128::init_state(seed.low_u64() as u32)
}

impl crate::registry::Gen for UnityGen {
    fn idioms() -> &'static [crate::token::Idiom] {
        use crate::token::Idiom;
        &[Idiom {
            name: "range-int",
            call: "ALPHABET[Random.Range(0, ALPHABET.Length)] a character",
            pick: "range-int 0 {n}",
            first: 0,
        }]
    }

    type Rng = Xorshift128;
    type Draw = UnityDraw;

    const INFO: crate::registry::GenInfo = crate::registry::GenInfo {
        name: "unity",
        aliases: &["unityengine", "unity-random"],
        summary: "Unity's UnityEngine.Random (Xorshift128)",
        seed_kind: crate::registry::SeedKind::I32,
        seed_doc: "Random.InitState(S): S is a 32-bit int (negative values are its two's complement)",
        state_doc: "4 words of 32 bits: s0 s1 s2 s3 (Random.State order: s0 is shifted out first); also Unity's JsonUtility.ToJson(Random.state)",
        has_stream: false,
        versions: "Unity 5 to 6 (native Xorshift128; recorded captures of real Unity)",
    };

    fn seed(
        seed: &crate::registry::Seed,
        _: &crate::registry::SeedOptions,
    ) -> Result<Xorshift128, crate::registry::SeedError> {
        Ok(init_state_from(seed))
    }

    /// Unity's `JsonUtility.ToJson(Random.state)` ([`parse_state_json`]).
    fn parse_state(text: &str) -> Option<Result<Xorshift128, alloc::string::String>> {
        parse_state_json(text)
    }

    fn format_state_json(rng: &Xorshift128) -> Option<alloc::string::String> {
        Some(crate::engines::unity::format_state_json(rng))
    }

    fn bare_draws() -> &'static [crate::registry::BareDraw] {
        &[crate::registry::BareDraw {
            draw: "value",
            yields: crate::registry::Yields::Unit { bits: 23 },
        }]
    }

    fn draws() -> &'static [crate::registry::DrawInfo] {
        use crate::registry::DrawInfo;
        &[
            DrawInfo {
                syntax: "value",
                help: "Random.value, closed [0, 1] (1 step)",
            },
            DrawInfo {
                syntax: "range-float MIN MAX",
                help: "Random.Range(float, float) (1 step)",
            },
            DrawInfo {
                syntax: "range-int MIN MAX",
                help: "Random.Range(int, int), half-open; MIN > MAX counts down; MIN == MAX returns MIN (1 step, 0 when equal)",
            },
            DrawInfo {
                syntax: "inside-unit-circle",
                help: "Random.insideUnitCircle, `x y` (2 steps)",
            },
            DrawInfo {
                syntax: "inside-unit-sphere",
                help: "Random.insideUnitSphere, `x y z` (3 steps)",
            },
            DrawInfo {
                syntax: "on-unit-sphere",
                help: "Random.onUnitSphere, `x y z` (2 steps)",
            },
            DrawInfo {
                syntax: "rotation",
                help: "Random.rotation, `x y z w` (4 steps)",
            },
            DrawInfo {
                syntax: "rotation-uniform",
                help: "Random.rotationUniform, `x y z w` (3 steps)",
            },
            DrawInfo {
                syntax: "color-hsv [HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX]",
                help: "Random.ColorHSV, `r g b a` (4 steps)",
            },
        ]
    }

    fn parse_draw(name: &str, args: &[&str]) -> Result<Option<UnityDraw>, crate::draw::DrawError> {
        use crate::draw::{DrawError, no_args, two};
        use crate::number::{parse_f32, parse_int};
        Ok(Some(match name {
            "value" => return no_args(UnityDraw::Value, "value", args),
            "range-float" => {
                let (min, max) = two("range-float MIN MAX", args, parse_f32)?;
                UnityDraw::RangeFloat(min, max)
            }
            "range-int" => {
                let (min, max) = two("range-int MIN MAX", args, parse_int::<i32>)?;
                UnityDraw::RangeInt(min, max)
            }
            "inside-unit-circle" => return no_args(UnityDraw::InsideUnitCircle, name, args),
            "inside-unit-sphere" => return no_args(UnityDraw::InsideUnitSphere, name, args),
            "on-unit-sphere" => return no_args(UnityDraw::OnUnitSphere, name, args),
            "rotation" => return no_args(UnityDraw::Rotation, name, args),
            "rotation-uniform" => return no_args(UnityDraw::RotationUniform, name, args),
            "color-hsv" => match args.len() {
                0 => UnityDraw::ColorHsv(None),
                8 => {
                    let mut ranges = [0f32; 8];
                    for (slot, arg) in ranges.iter_mut().zip(args) {
                        *slot = parse_f32(arg)?;
                    }
                    UnityDraw::ColorHsv(Some(ranges))
                }
                found => {
                    return Err(DrawError::Invalid(alloc::format!(
                        "`color-hsv` takes no arguments or all eight of HMIN HMAX SMIN SMAX VMIN VMAX AMIN AMAX, found {found}"
                    )));
                }
            },
            _ => return Ok(None),
        }))
    }

    fn eval(draw: &UnityDraw, rng: &mut Xorshift128) -> crate::draw::DrawValue {
        use crate::draw::DrawValue;
        let mut unity = UnityRandom::from_generator(rng);
        match *draw {
            UnityDraw::Value => DrawValue::F32(unity.value()),
            UnityDraw::RangeFloat(min, max) => DrawValue::F32(unity.range_float(min, max)),
            UnityDraw::RangeInt(min, max) => DrawValue::I32(unity.range_int(min, max)),
            UnityDraw::InsideUnitCircle => DrawValue::F32s(unity.inside_unit_circle().to_vec()),
            UnityDraw::InsideUnitSphere => DrawValue::F32s(unity.inside_unit_sphere().to_vec()),
            UnityDraw::OnUnitSphere => DrawValue::F32s(unity.on_unit_sphere().to_vec()),
            UnityDraw::Rotation => DrawValue::F32s(unity.rotation().to_vec()),
            UnityDraw::RotationUniform => DrawValue::F32s(unity.rotation_uniform().to_vec()),
            UnityDraw::ColorHsv(None) => DrawValue::F32s(unity.color_hsv().to_vec()),
            UnityDraw::ColorHsv(Some(r)) => DrawValue::F32s(
                unity
                    .color_hsv_ranges(ColorHsvRanges::from_array(r))
                    .to_vec(),
            ),
        }
    }

    fn steps(draw: &UnityDraw) -> crate::registry::Steps {
        crate::registry::Steps::Fixed(match draw {
            UnityDraw::RangeInt(min, max) if min == max => 0,
            UnityDraw::InsideUnitCircle | UnityDraw::OnUnitSphere => 2,
            UnityDraw::InsideUnitSphere | UnityDraw::RotationUniform => 3,
            UnityDraw::Rotation | UnityDraw::ColorHsv(_) => 4,
            _ => 1,
        })
    }

    fn known_bits(
        draw: &UnityDraw,
        value: &crate::observe::ObservedValue,
    ) -> Option<alloc::vec::Vec<crate::observe::KnownBits>> {
        use crate::observe::mod_known;
        use alloc::vec;
        match *draw {
            UnityDraw::Value => Some(vec![value_known(value)?]),
            UnityDraw::RangeFloat(min, max) => Some(vec![range_float_known(value, min, max)?]),
            UnityDraw::RangeInt(min, max) => {
                let v = value.as_i32()?;
                if min == max {
                    return (v == min).then(alloc::vec::Vec::new);
                }
                let (modulus, residue) = if min < max {
                    (max.wrapping_sub(min) as u32, v.wrapping_sub(min) as u32)
                } else {
                    (min.wrapping_sub(max) as u32, min.wrapping_sub(v) as u32)
                };
                (residue < modulus).then(|| vec![mod_known(modulus, residue)])
            }
            // The composite draws go through sin, cos and sqrt: nothing linear.
            _ => value.is_vector().then(alloc::vec::Vec::new),
        }
    }
}

/// `Random.value` (and BDSP's `next_float()`): strictly increasing in the 23
/// low bits (the `recover_observe` test checks all 2^23), so the matching
/// patterns form one interval around the nearest one.
pub fn value_known(value: &crate::observe::ObservedValue) -> Option<crate::observe::KnownBits> {
    let target = value.as_f64()?;
    let known = crate::observe::interval_known(
        |k| k < (1 << 23) && value.matches_f32(value_from_word(k)),
        target * 8_388_607.0,
    )?;
    Some(crate::observe::KnownBits::new(
        known.mask & 0x7f_ffff,
        known.value,
    ))
}

/// The low-23-bit patterns `k` whose `Range(min, max)` matches `value`, as
/// known bits. The float interpolation is not monotone to the last ulp, so
/// the candidates are scanned over the whole window that the exact
/// interpolation allows, widened by a bound on the rounding error.
pub fn range_float_known(
    value: &crate::observe::ObservedValue,
    min: f32,
    max: f32,
) -> Option<crate::observe::KnownBits> {
    let matches = |k: u32| value.matches_f32(range_from_t(value_from_word(k), min, max));
    let target = value.as_f64()?;
    let (lo_f, hi_f) = (f64::from(min), f64::from(max));
    let scan = |from: u32, to: u32| {
        let mut found = crate::observe::KnownAccumulator::default();
        for k in from..=to {
            if matches(k) {
                found.add(u64::from(k));
            }
        }
        found.finish(0x007f_ffff)
    };
    if lo_f == hi_f {
        return scan(0, 0).map(|_| crate::observe::KnownBits::new(0, 0));
    }
    // Five roundings, each within 2^-24 relative of a term at most |min| + |max|.
    let slack = 8.0 / 16_777_216.0 * (lo_f.abs() + hi_f.abs()) + f64::MIN_POSITIVE;
    let half = value.tolerance();
    let t_of = |y: f64| (y - hi_f) / (lo_f - hi_f);
    let (a, b) = (t_of(target - half - slack), t_of(target + half + slack));
    let (t_lo, t_hi) = if a < b { (a, b) } else { (b, a) };
    let to_k = |t: f64| (t * 8_388_607.0).clamp(0.0, 8_388_607.0);
    let from = (libm::floor(to_k(t_lo)) as u32).saturating_sub(2);
    let to = (libm::ceil(to_k(t_hi)) as u32)
        .saturating_add(2)
        .min(0x7f_ffff);
    scan(from, to)
}

/// Writes a state as Unity's `JsonUtility.ToJson(Random.state)` does: the
/// four words as signed decimal `int`s, no spaces; [`parse_state_json`]
/// reads it back.
///
/// ```
/// use rngkit::engines::unity::{format_state_json, parse_state_json};
/// use rngkit::generators::Xorshift128;
/// let rng = Xorshift128::from_state([0xffff_ffff, 2, 3, 0x8000_0000]).unwrap();
/// let json = format_state_json(&rng);
/// assert_eq!(json, r#"{"s0":-1,"s1":2,"s2":3,"s3":-2147483648}"#);
/// assert_eq!(parse_state_json(&json).unwrap().unwrap(), rng);
/// ```
pub fn format_state_json(rng: &Xorshift128) -> alloc::string::String {
    let [s0, s1, s2, s3] = rng.state().map(|w| w as i32);
    alloc::format!(r#"{{"s0":{s0},"s1":{s1},"s2":{s2},"s3":{s3}}}"#)
}

/// Reads Unity's `JsonUtility.ToJson(Random.state)`, the one text form of a
/// Unity state that games and tools write: `{"s0":-1187214701,"s1":...,
/// "s2":...,"s3":...}`. `Random.State` is a struct of four serialized C#
/// `int` fields `s0 s1 s2 s3`, the Xorshift128 words in order (`s0` is
/// shifted out first), so the values are signed decimal `int`s; a negative
/// one is the word's two's complement.
///
/// The `unity`, `bdsp` and `xorshift128` GENs accept it wherever they take a
/// state (`--state`, `--state-file`). Returns `None` when `text` is not a JSON
/// object (so it can be read as hex words instead), and an error naming the
/// problem for a malformed object: a missing, repeated or unknown field, a
/// value that is not an integer or does not fit an `int`, the all-zero
/// state.
///
/// ```
/// use rngkit::engines::unity::parse_state_json;
///
/// // Random.InitState(0) gives s = 0, 1, 1812433254, 1900727103.
/// let rng = parse_state_json(r#"{"s0":0,"s1":1,"s2":1812433254,"s3":1900727103}"#)
///     .unwrap()
///     .unwrap();
/// assert_eq!(rng.state(), [0, 1, 0x6c07_8966, 0x714a_cb3f]);
/// // Negative ints are the words' two's complement; spacing is free.
/// let rng = parse_state_json(r#"{ "s0": -1, "s1": 2, "s2": 3, "s3": -2147483648 }"#)
///     .unwrap()
///     .unwrap();
/// assert_eq!(rng.state(), [0xffff_ffff, 2, 3, 0x8000_0000]);
/// assert!(parse_state_json("0 1 6c078966 714acb3f").is_none());
/// assert!(parse_state_json(r#"{"s0":1,"s1":2,"s2":3}"#).unwrap().is_err());
/// ```
pub fn parse_state_json(text: &str) -> Option<Result<Xorshift128, alloc::string::String>> {
    let body = text.trim().strip_prefix('{')?;
    Some(parse_state_json_body(body))
}

fn parse_state_json_body(body: &str) -> Result<Xorshift128, alloc::string::String> {
    use alloc::format;
    const FORM: &str =
        r#"the form of JsonUtility.ToJson(Random.state) is {"s0":INT,"s1":INT,"s2":INT,"s3":INT}"#;
    let Some(inner) = body.trim_end().strip_suffix('}') else {
        return Err(format!("the JSON state has no closing `}}`; {FORM}"));
    };
    let mut words: [Option<u32>; 4] = [None; 4];
    for field in inner.split(',') {
        // User text in messages goes through `shown`: cut short, control
        // characters escaped, so the message stays one printable line.
        let shown = crate::error::shown(field.trim(), 32);
        let Some((key, value)) = field.split_once(':') else {
            return Err(format!(
                "the JSON state field `{shown}` is not `\"sN\":INT`; {FORM}"
            ));
        };
        let key = key.trim();
        let index = match key {
            "\"s0\"" => 0,
            "\"s1\"" => 1,
            "\"s2\"" => 2,
            "\"s3\"" => 3,
            _ => {
                return Err(format!(
                    "the JSON state has an unknown field {}; {FORM}",
                    crate::error::shown(key, 32)
                ));
            }
        };
        let value = value.trim();
        let digits = value.strip_prefix('-').unwrap_or(value);
        let parsed = if !digits.is_empty()
            && digits.len() <= 11
            && digits.bytes().all(|b| b.is_ascii_digit())
        {
            value
                .parse::<i64>()
                .ok()
                .and_then(|v| i32::try_from(v).ok())
        } else {
            None
        };
        let Some(v) = parsed else {
            return Err(format!(
                "the JSON state field {key} is `{}`, not a C# int (signed decimal, -2147483648..=2147483647); {FORM}",
                crate::error::shown(value, 24)
            ));
        };
        if words[index].replace(v as u32).is_some() {
            return Err(format!("the JSON state gives {key} twice; {FORM}"));
        }
    }
    let mut s = [0u32; 4];
    for (i, w) in words.iter().enumerate() {
        s[i] = w.ok_or_else(|| format!("the JSON state lacks \"s{i}\"; {FORM}"))?;
    }
    Xorshift128::from_state(s).map_err(|_| {
        alloc::string::String::from(
            "the JSON state is all zero, which Xorshift128 never reaches (a Random.state is never all zero)",
        )
    })
}

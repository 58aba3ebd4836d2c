//! The analysis of glibc's `rand()` (`glibc`): its table moves by the
//! linear recurrence `r[i] = r[i-31] + r[i-3]` over the integers mod 2^32,
//! so a step back is a subtraction and a jump of `n` steps is
//! `x^n mod (x^31 - x^28 - 1)` over Z/2^32, applied to the table.

use rngkit::runtimes::glibc::GlibcRandom;

use crate::{Jump, StepBack};

/// Words in the table.
const DEGREE: usize = 31;

impl StepBack for GlibcRandom {
    /// The newest word was `oldest + third`: subtracting gives back the word
    /// that left the table.
    fn step_back(&mut self) {
        let w = self.words();
        let newest = w[DEGREE - 1];
        let third_before = w[DEGREE - 1 - 3];
        let mut previous = [0u32; DEGREE];
        previous[0] = newest.wrapping_sub(third_before);
        previous[1..].copy_from_slice(&w[..DEGREE - 1]);
        *self = GlibcRandom::from_words_array(previous);
    }
}

/// A polynomial of degree below 31 over Z/2^32, coefficient `i` of `x^i`.
type Poly = [u32; DEGREE];

/// `a * b mod (x^31 - x^28 - 1)`.
fn mul_mod(a: &Poly, b: &Poly) -> Poly {
    let mut wide = [0u32; 2 * DEGREE - 1];
    for (i, &ai) in a.iter().enumerate() {
        if ai == 0 {
            continue;
        }
        for (j, &bj) in b.iter().enumerate() {
            wide[i + j] = wide[i + j].wrapping_add(ai.wrapping_mul(bj));
        }
    }
    // x^31 = x^28 + 1: fold from the top down.
    for k in (DEGREE..wide.len()).rev() {
        let c = wide[k];
        if c != 0 {
            wide[k] = 0;
            wide[k - 3] = wide[k - 3].wrapping_add(c);
            wide[k - DEGREE] = wide[k - DEGREE].wrapping_add(c);
        }
    }
    core::array::from_fn(|i| wide[i])
}

/// `base^n mod (x^31 - x^28 - 1)`.
fn pow_mod(base: &Poly, mut n: u128) -> Poly {
    let mut result = [0u32; DEGREE];
    result[0] = 1;
    let mut square = *base;
    while n > 0 {
        if n & 1 == 1 {
            result = mul_mod(&result, &square);
        }
        square = mul_mod(&square, &square);
        n >>= 1;
    }
    result
}

/// Applies `g(T)` to the table: the word `k` of the new table is
/// `sum_j g_j * s[j + k]`, with `s` the sequence continued from the table.
fn apply(rng: &GlibcRandom, g: &Poly) -> GlibcRandom {
    let mut s = [0u32; 2 * DEGREE - 1];
    s[..DEGREE].copy_from_slice(&rng.words());
    for i in DEGREE..s.len() {
        s[i] = s[i - DEGREE].wrapping_add(s[i - 3]);
    }
    GlibcRandom::from_words_array(core::array::from_fn(|k| {
        g.iter().enumerate().fold(0u32, |acc, (j, &c)| {
            acc.wrapping_add(c.wrapping_mul(s[j + k]))
        })
    }))
}

impl Jump for GlibcRandom {
    /// ```
    /// use rngkit::runtimes::glibc::GlibcRandom;
    /// use rngkit_analysis::{Jump, StepBack};
    ///
    /// let start = GlibcRandom::srand(1);
    /// let mut stepped = start.clone();
    /// for _ in 0..1000 { stepped.rand(); }
    /// let mut jumped = start.clone();
    /// jumped.jump(1000);
    /// assert_eq!(jumped, stepped);
    /// jumped.jump_back(1000);
    /// assert_eq!(jumped, start);
    /// ```
    fn jump(&mut self, n: u128) {
        let mut x = [0u32; DEGREE];
        x[1] = 1;
        *self = apply(self, &pow_mod(&x, n));
    }

    fn jump_back(&mut self, n: u128) {
        // x^-1 = x^30 - x^27, since x * (x^30 - x^27) = x^31 - x^28 = 1.
        let mut inverse = [0u32; DEGREE];
        inverse[30] = 1;
        inverse[27] = u32::MAX;
        *self = apply(self, &pow_mod(&inverse, n));
    }
}

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

// ------------------------------------------------------------ recovery

/// Outputs used for counting the fitting states (the rest are verified on
/// each candidate).
const COUNT_WINDOW: usize = 256;

/// The low bits `l[0..31]` of the first 31 words of a run of consecutive
/// `rand()` outputs that fit the run, as 31-bit masks: glibc's words are
/// `r[i] = r[i-31] + r[i-3]` (mod 2^32) and `rand()` is `r[i] >> 1`, so
/// `o[i] - o[i-31] - o[i-3]` (mod 2^31) is the carry out of the low bits,
/// `l[i-31] & l[i-3]`, and the low bits follow `l[i] = l[i-31] ^ l[i-3]`.
/// A carry of 1 fixes two low bits (linear equations); a carry of 0 rules
/// out one of four combinations, checked on every candidate.
///
/// Returns `None` when the outputs contradict the recurrence, else the
/// number of fitting assignments (counted over the first 256 outputs) and
/// up to `keep` of them.
///
/// ```
/// use rngkit::runtimes::glibc::GlibcRandom;
/// use rngkit_analysis::generators::glibc::low_bit_candidates;
///
/// let mut rng = GlibcRandom::srand(1);
/// let outputs: Vec<u32> = (0..120).map(|_| rng.rand() as u32).collect();
/// let (count, low) = low_bit_candidates(&outputs, 10, 1).unwrap();
/// assert_eq!((count, low.len()), (1, 1));
/// // An output that breaks the recurrence: nothing fits.
/// let mut broken = outputs.clone();
/// broken[60] ^= 0x100;
/// assert!(low_bit_candidates(&broken, 10, 1).is_none());
/// ```
///
/// # Panics
/// If fewer than 31 outputs are given.
pub fn low_bit_candidates(
    outputs: &[u32],
    keep: usize,
    threads: usize,
) -> Option<(u128, Vec<u32>)> {
    assert!(outputs.len() >= DEGREE, "needs 31 outputs");
    let n = outputs.len().min(COUNT_WINDOW);
    // The low bit of word i as a mask over the 31 unknowns.
    let mut low = vec![0u32; n];
    for (i, l) in low.iter_mut().enumerate().take(DEGREE) {
        *l = 1 << i;
    }
    for i in DEGREE..n {
        low[i] = low[i - DEGREE] ^ low[i - 3];
    }
    let mut equations: Vec<(u32, bool)> = Vec::new();
    let mut zero_carry = Vec::new();
    for i in DEGREE..outputs.len() {
        let carry = outputs[i]
            .wrapping_sub(outputs[i - DEGREE])
            .wrapping_sub(outputs[i - 3])
            & 0x7fff_ffff;
        match carry {
            0 if i < n => zero_carry.push(i),
            0 => {}
            1 if i < n => {
                equations.push((low[i - DEGREE], true));
                equations.push((low[i - 3], true));
            }
            1 => {}
            _ => return None,
        }
    }
    // Gaussian elimination over GF(2), 31 unknowns.
    let mut pivots: Vec<(u32, bool)> = Vec::new();
    for (mut mask, mut rhs) in equations {
        for &(p, r) in &pivots {
            if mask & (1 << p.trailing_zeros()) != 0 {
                mask ^= p;
                rhs ^= r;
            }
        }
        if mask == 0 {
            if rhs {
                return None;
            }
            continue;
        }
        let bit = 1 << mask.trailing_zeros();
        for (p, r) in &mut pivots {
            if *p & bit != 0 {
                *p ^= mask;
                *r ^= rhs;
            }
        }
        pivots.push((mask, rhs));
    }
    let pivot_bits: u32 = pivots.iter().map(|&(p, _)| 1 << p.trailing_zeros()).sum();
    let particular: u32 = pivots
        .iter()
        .filter(|&&(_, r)| r)
        .map(|&(p, _)| 1 << p.trailing_zeros())
        .sum();
    // One null-space vector per free unknown.
    let basis: Vec<u32> = (0..DEGREE as u32)
        .filter(|&b| pivot_bits & (1 << b) == 0)
        .map(|b| {
            let mut v = 1 << b;
            for &(p, _) in &pivots {
                if p & (1 << b) != 0 {
                    v |= 1 << p.trailing_zeros();
                }
            }
            v
        })
        .collect();
    Some(enumerate(
        &low,
        &zero_carry,
        particular,
        &basis,
        keep,
        threads,
    ))
}

/// Counts (and keeps up to `keep` of) the assignments `particular ^ span(basis)`
/// under which no zero-carry output sees two set low bits.
fn enumerate(
    low: &[u32],
    zero_carry: &[usize],
    particular: u32,
    basis: &[u32],
    keep: usize,
    threads: usize,
) -> (u128, Vec<u32>) {
    const W: usize = COUNT_WINDOW / 64;
    // For an assignment x: bit i of `a` is l[i - 31](x), of `b` l[i - 3](x),
    // over the zero-carry outputs i; x fits when a & b == 0.
    let bits_of = |x: u32| -> ([u64; W], [u64; W]) {
        let mut a = [0u64; W];
        let mut b = [0u64; W];
        for &i in zero_carry {
            if (low[i - DEGREE] & x).count_ones() & 1 == 1 {
                a[i / 64] |= 1 << (i % 64);
            }
            if (low[i - 3] & x).count_ones() & 1 == 1 {
                b[i / 64] |= 1 << (i % 64);
            }
        }
        (a, b)
    };
    let free = basis.len();
    // The top `split` free unknowns pick a thread's share; Gray code walks the rest.
    let split = free.min(6);
    let inner = free - split;
    let deltas: Vec<([u64; W], [u64; W])> = basis[..inner].iter().map(|&v| bits_of(v)).collect();
    let shares: Vec<u32> = (0..1u32 << split).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new((0u128, Vec::new()));
    let work = || {
        loop {
            let s = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(&share) = shares.get(s) else { break };
            let mut x = particular;
            for (k, &v) in basis[inner..].iter().enumerate() {
                if share >> k & 1 == 1 {
                    x ^= v;
                }
            }
            let (mut a, mut b) = bits_of(x);
            let mut count = 0u128;
            let mut kept = Vec::new();
            let fits = |a: &[u64; W], b: &[u64; W]| a.iter().zip(b).all(|(p, q)| p & q == 0);
            let mut check = |x: u32, a: &[u64; W], b: &[u64; W]| {
                if fits(a, b) {
                    count += 1;
                    if kept.len() < keep {
                        kept.push(x);
                    }
                }
            };
            check(x, &a, &b);
            for g in 1u64..1 << inner {
                let k = g.trailing_zeros() as usize;
                x ^= basis[k];
                for w in 0..W {
                    a[w] ^= deltas[k].0[w];
                    b[w] ^= deltas[k].1[w];
                }
                check(x, &a, &b);
            }
            let mut total = results.lock().expect("no panics while held");
            total.0 += count;
            let room = keep.saturating_sub(total.1.len());
            total.1.extend(kept.into_iter().take(room));
        }
    };
    let workers = threads.max(1).min(shares.len());
    // One worker runs inline: the browser's wasm32-unknown-unknown cannot
    // spawn. More are joined one by one (pthread_join): the scope's own
    // wait ends when the closures return, before the threads are gone.
    if workers <= 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers).map(|_| scope.spawn(work)).collect();
            for h in handles {
                let _ = h.join();
            }
        });
    }
    results.into_inner().expect("no panics while held")
}

/// glibc `rand()` recovery: from a run of at least 31 consecutive outputs,
/// every assignment of the 31 unknown low bits that fits the run (see
/// [`low_bit_candidates`]); each candidate table is stepped back to the
/// state before the first observation and verified against all of them.
/// Fewer than 31 consecutive outputs leave the table's words unknown.
///
/// # Errors
/// [`RecoverError`](crate::recover::RecoverError) without 31 consecutive
/// `rand()` outputs.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::recover::{Recovered, recover};
/// use rngkit_analysis::registry;
///
/// let glibc = registry::find("glibc").unwrap();
/// // rand() after srand(1), as glibc prints them (1804289383, 846930886, ...).
/// let mut rng = glibc.seed(&1.into(), &Default::default()).unwrap();
/// let draw = glibc.parse_draw("rand", &[]).unwrap();
/// let text: String = (0..120).map(|_| format!("rand = {}\n", draw.eval(&mut rng).format(false))).collect();
/// assert!(text.starts_with("rand = 1804289383\nrand = 846930886\n"));
/// let obs = parse_observations(glibc, &text).unwrap();
/// let Recovered::Unique(state) = recover(glibc, &obs, &Default::default()).unwrap() else { panic!() };
/// assert_eq!(state, glibc.seed(&1.into(), &Default::default()).unwrap());
/// ```
pub fn recover<G: rngkit::registry::Gen<Rng = GlibcRandom>>(
    observations: &[crate::observe::Observation],
    options: &crate::recover::RecoverOptions,
) -> Result<crate::recover::Recovered, crate::recover::RecoverError> {
    use crate::recover::{Count, ENUMERATE_LIMIT, RecoverError, Recovered, conclude, fits};
    use rngkit::registry::Engine;

    let lay = crate::observe::layout(observations, 32, false);
    // The first run of whole outputs at consecutive offsets.
    let full: Vec<(u64, u32)> = lay
        .constraints
        .iter()
        .filter(|c| c.known.mask == 0x7fff_ffff)
        .map(|c| (c.offset, c.known.value as u32))
        .collect();
    let mut run: &[(u64, u32)] = &[];
    let mut start = 0;
    for i in 1..=full.len() {
        if i == full.len() || full[i].0 != full[i - 1].0 + 1 {
            if i - start >= DEGREE {
                run = &full[start..i];
                break;
            }
            start = i;
        }
    }
    if run.is_empty() {
        return Err(RecoverError(
            "glibc recovery needs at least 31 consecutive rand() outputs (about 100 pin the state down)"
                .into(),
        ));
    }
    let outputs: Vec<u32> = run.iter().map(|&(_, o)| o).collect();
    let keep = ENUMERATE_LIMIT as usize;
    let Some((count, candidates)) = low_bit_candidates(&outputs, keep, options.threads) else {
        return Ok(Recovered::NoneFits);
    };
    let back = run[0].0 + DEGREE as u64;
    let states: Vec<Engine> = candidates
        .into_iter()
        .filter_map(|low| {
            let table: [u32; DEGREE] = core::array::from_fn(|i| (outputs[i] << 1) | (low >> i & 1));
            let mut rng = GlibcRandom::from_words_array(table);
            for _ in 0..back {
                rng.step_back();
            }
            let rng = Engine::new::<G>(rng);
            fits(observations, &rng).then_some(rng)
        })
        .collect();
    if count > ENUMERATE_LIMIT {
        return Ok(Recovered::Several {
            count: Count::Exact(count),
            states: Vec::new(),
        });
    }
    Ok(conclude(states))
}

// ------------------------------------------------------------ seed search

/// Park-Miller's modulus, 2^31 - 1.
const PM_MODULUS: u64 = 0x7fff_ffff;
/// Words glibc's `srand` discards.
const DISCARDED: u64 = 310;
/// Seeds a batch of the kernel covers.
const BATCH: usize = 16;

/// The seed-search kernel of `glibc`: no stepping. `srand(S)` fills the
/// table with `t[0] = S` and `t[j] = 16807^j * S mod (2^31 - 1)` (Schrage's
/// method in glibc gives exactly this residue for every 32-bit `int`
/// `S`, negative ones too; `S = 0` is taken as 1), and the additive
/// recurrence is linear over Z/2^32, so the word behind output `k` is a
/// fixed combination `sum_i C[k][i] * t[i]` whose coefficients come from
/// running the generator on unit tables. Each seed costs 30 modular
/// multiplications and 31 multiply-adds per observed output; the batch
/// loops are compiled for AVX-512 as well and picked at run time.
///
/// ```
/// use rngkit_analysis::observe::parse_observations;
/// use rngkit_analysis::registry;
/// use rngkit_analysis::search::{Match, SearchSpec, search};
///
/// let entry = registry::find("glibc").unwrap();
/// let obs = parse_observations(entry, "rand = 1804289383\nrand = 846930886").unwrap();
/// let spec = SearchSpec::new(entry, obs, 0..=1000).threads(1);
/// let mut found = Vec::new();
/// search(&spec, |m| found.push(m.seed), |_| {}).unwrap();
/// assert_eq!(found, vec![0, 1]);
/// ```
pub fn scan<'a, G: rngkit::registry::Gen<Rng = GlibcRandom>>(
    spec: &'a crate::search::SearchSpec,
    lay: &'a crate::observe::Layout,
) -> crate::search::Plan<'a> {
    let max_advance = spec.max_advance_value();
    let Some(last) = lay.constraints.iter().map(|c| c.offset).max() else {
        return crate::search::generic_scan::<G>(spec, lay);
    };
    // Beyond a few thousand words, stepping is as cheap as the coefficients.
    if last.saturating_add(max_advance) > 4096 {
        return crate::search::generic_scan::<G>(spec, lay);
    }
    let plan = GlibcPlan::new(lay, max_advance);
    Plan::Scan(Box::new(move |first, count, survivors| {
        plan.scan(first as u32, count as u32, survivors)
    }))
}

use crate::search::Plan;

/// The precomputed coefficients and checks of one glibc search.
struct GlibcPlan {
    /// `16807^j mod (2^31 - 1)` for the table words `j = 1..31`.
    powers: [u64; DEGREE],
    /// For each checked position: the coefficient of each table word.
    coefficients: Vec<[u32; DEGREE]>,
    /// For each advance: (position index, mask, value) on the output.
    checks: Vec<Vec<(usize, u32, u32)>>,
}

impl GlibcPlan {
    fn new(lay: &crate::observe::Layout, max_advance: u64) -> GlibcPlan {
        let mut positions: Vec<u64> = (0..=max_advance)
            .flat_map(|k| lay.constraints.iter().map(move |c| c.offset + k))
            .collect();
        positions.sort_unstable();
        positions.dedup();
        let last = *positions.last().expect("at least one constraint");
        // The word behind output k after seeding, from the unit table e_i
        // (in the generator's sequence order, oldest first).
        let mut unit_words = vec![[0u32; DEGREE]; positions.len()];
        for i in 0..DEGREE {
            let mut table = [0u32; DEGREE];
            table[i] = 1;
            let mut rng = GlibcRandom::from_words_array(table);
            for _ in 0..DISCARDED {
                rng.next_output();
            }
            let mut p = 0;
            for k in 0..=last {
                rng.next_output();
                if positions[p] == k {
                    unit_words[p][i] = rng.words()[DEGREE - 1];
                    p += 1;
                    if p == positions.len() {
                        break;
                    }
                }
            }
        }
        // srand's table t[j] sits at sequence place (j - 3) mod 31 (glibc's
        // front pointer starts at word 3).
        let coefficients = unit_words
            .iter()
            .map(|c| core::array::from_fn(|j| c[(j + DEGREE - 3) % DEGREE]))
            .collect();
        let mut powers = [1u64; DEGREE];
        for j in 1..DEGREE {
            powers[j] = powers[j - 1] * 16807 % PM_MODULUS;
        }
        let checks = (0..=max_advance)
            .map(|k| {
                lay.constraints
                    .iter()
                    .map(|c| {
                        let p = positions.binary_search(&(c.offset + k)).expect("position");
                        (p, c.known.mask as u32, c.known.value as u32)
                    })
                    .collect()
            })
            .collect();
        GlibcPlan {
            powers,
            coefficients,
            checks,
        }
    }

    fn scan(&self, start: u32, count: u32, survivors: &mut Vec<u64>) {
        #[cfg(target_arch = "x86_64")]
        if rngkit::cpu::CpuLevel::Avx512.is_supported() {
            // SAFETY: the CPU runs `CpuLevel::Avx512`, whose features include
            // avx512f and avx512dq, the ones the function is compiled for.
            #[allow(unsafe_code)]
            unsafe {
                self.scan_avx512(start, count, survivors)
            };
            return;
        }
        self.scan_portable(start, count, survivors);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512dq")]
    fn scan_avx512(&self, start: u32, count: u32, survivors: &mut Vec<u64>) {
        self.scan_body(start, count, survivors);
    }

    fn scan_portable(&self, start: u32, count: u32, survivors: &mut Vec<u64>) {
        self.scan_body(start, count, survivors);
    }

    /// The kernel: plain loops over batches of seeds, which the compiler
    /// vectorises for whichever features the caller enables.
    // Lane loops index several arrays at once, the shape the vectoriser wants.
    #[allow(clippy::needless_range_loop)]
    #[inline(always)]
    fn scan_body(&self, start: u32, count: u32, survivors: &mut Vec<u64>) {
        let end = u64::from(start) + u64::from(count);
        let mut base = u64::from(start);
        let mut table = [[0u32; BATCH]; DEGREE];
        while base < end {
            let lanes = (end - base).min(BATCH as u64) as usize;
            for l in 0..BATCH {
                let seed = (base + l as u64) as u32;
                let seed = if seed == 0 { 1 } else { seed };
                table[0][l] = seed;
            }
            // The signed int's residue mod 2^31 - 1.
            let mut residue = [0u64; BATCH];
            for l in 0..BATCH {
                let s = i64::from(table[0][l] as i32);
                residue[l] = s.rem_euclid(PM_MODULUS as i64) as u64;
            }
            for j in 1..DEGREE {
                let p = self.powers[j];
                for l in 0..BATCH {
                    let x = p * residue[l];
                    let x = (x & PM_MODULUS) + (x >> 31);
                    let x = (x & PM_MODULUS) + (x >> 31);
                    let x = if x >= PM_MODULUS { x - PM_MODULUS } else { x };
                    table[j][l] = x as u32;
                }
            }
            let mut hits = 0u32;
            for list in &self.checks {
                let mut alive = (1u32 << lanes) - 1;
                for &(p, mask, value) in list {
                    let c = &self.coefficients[p];
                    let mut acc = [0u32; BATCH];
                    for j in 0..DEGREE {
                        for l in 0..BATCH {
                            acc[l] = acc[l].wrapping_add(c[j].wrapping_mul(table[j][l]));
                        }
                    }
                    let mut ok = 0u32;
                    for (l, &a) in acc.iter().enumerate() {
                        ok |= u32::from((a >> 1) & mask == value) << l;
                    }
                    alive &= ok;
                    if alive == 0 {
                        break;
                    }
                }
                hits |= alive;
            }
            crate::search::push_hits(u64::from(hits), base, survivors);
            base += BATCH as u64;
        }
    }
}

/// What `recover` and `seed-search` do for `glibc`, for the front ends'
/// help.
pub const NOTES: crate::notes::Notes = crate::notes::Notes {
    recover: "From a run of at least 31 consecutive `rand` outputs: each reveals the top 31 \
              bits of a table word, and the candidates for the 31 unknown low bits are the \
              ones that fit the additive recurrence, each verified against all the outputs; \
              about 88 outputs (81 to 93 over 20 seeds) leave one state.",
    recover_examples: &[],
    search: "Runs without stepping: `srand`'s table is linear in the outputs, so each seed \
             costs a few multiplications.",
    search_examples: &[],
    examples: &[],
};

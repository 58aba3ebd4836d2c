//! The meet-in-the-middle search behind the sum engines' recovery from
//! `floor N` values (`v8`, `v8-14`, `spidermonkey`, `javascriptcore`).
//!
//! A call's word is `w[t] = q[t-1] + q[t]` (`q[t]`: `s1` after `t` steps),
//! and a `floor N` value pins the double, so the word's visible 53 bits, to
//! an interval of width `2^53 / N`. Take the top `k` visible bit planes and
//! write `Q[t]` for `q[t]`'s bits there (a `k`-bit integer): then `Q[t-1] +
//! Q[t] + c[t] = W[t] (mod 2^k)`, where `W[t]` is the word's top `k` bits
//! (one value, or two when the interval straddles a multiple of `2^(53-k)`)
//! and `c[t]` the carry into the lowest plane. So `Q[t-1] + Q[t]` takes one
//! of `b[t]` known values (`b[t]` = the number of `W[t]` values plus one for
//! the carry), and from `Q[0]` every choice gives the next `Q[t]`: a path.
//!
//! Each bit of each `Q[t]` is one linear equation in the 128 state bits,
//! with a coefficient row fixed in advance. The rows of `m` calls number
//! `k (m + 1)`; past rank 128 the dependent rows are checks, and a path is
//! the true one only if every check holds. The checks are linear, so each
//! call's `Q[t]` adds its own part to the syndrome (a table per call), and
//! the syndrome of a path is the XOR of its calls' parts: that is what
//! makes a meet in the middle possible. For each value of `Q[h]` in the
//! middle, the paths back to `Q[0]` are stored by syndrome and the paths on
//! to `Q[m]` look theirs up: `2^k (L + R)` steps instead of the `2^k L R`
//! paths a search from one end walks (`L`, `R`: the choices of the two
//! halves).
//!
//! For `floor 100` on V8 (`k` = 6, calls of 2 or 3 choices), 28 calls give
//! 2^44 paths against 46 checks; the chain search that guesses a carry per
//! call and checks nothing until the rows fix the state needed 2^35 leaves
//! and was refused, the meet walks about 2^26 steps.

use super::forms::{Forms, back_substitute, solve_rows, step_forms, unit_forms};

/// The widest window of planes a plan takes (its syndrome tables hold
/// `2^k` entries a call).
pub const MAX_PLANES: u32 = 10;

/// The longest chain a plan takes.
pub const MAX_CALLS: usize = 64;

/// A meet-in-the-middle search over `m` consecutive calls (see the module
/// docs).
#[derive(Clone, Debug)]
pub struct Meet {
    /// Calls in the chain.
    pub m: usize,
    /// Bit planes used: the top `k` of the 53 visible ones.
    pub k: u32,
    /// The word's lowest plane used.
    pub low: u32,
    /// Per call (`t - 1`): the first value `Q[t-1] + Q[t]` may take.
    starts: Vec<u64>,
    /// Per call: how many consecutive values (mod `2^k`) it may take.
    counts: Vec<u64>,
    /// The left half is calls `1..=h`, the right `h + 1..=m`.
    h: usize,
    /// Per `q[t]` (`t = 0..=m`), per value of `Q[t]`: its part of the
    /// syndrome (the first 128 checks).
    table: Vec<u128>,
    /// Checks (dependent rows) in all.
    checks: u32,
    /// Per state bit: the rows whose values sum to it (`words` each).
    solution: Vec<u64>,
    words: usize,
}

/// The rank of the rows of `m` calls' top `k` planes (planes
/// `low..low + k`), and the checks their dependent rows give, each as the
/// set of rows (bit `t k + j`: bit `j` of `Q[t]`) whose values sum to 0;
/// with the back-substituted solution when the rank is 128.
struct Rows {
    rank: u32,
    /// After each call's rows (`t = 0..=m`): the rank and the checks so far.
    profile: Vec<(u32, u32)>,
    checks: Vec<Vec<u64>>,
    solution: Vec<u64>,
    words: usize,
}

fn eliminate(m: usize, k: u32, low: u32, want_solution: bool) -> Rows {
    let k = k as usize;
    let rows = k * (m + 1);
    let words = rows.div_ceil(64);
    let (mut s0, mut s1): (Forms, Forms) = unit_forms();
    let mut pivots: Vec<Option<(u128, Vec<u64>)>> = vec![None; 128];
    let mut checks = Vec::new();
    let mut rank = 0;
    let mut profile = Vec::with_capacity(m + 1);
    for t in 0..=m {
        if t > 0 {
            (s0, s1) = step_forms(&s0, &s1);
        }
        for j in 0..k {
            let i = t * k + j;
            let mut form = s1[low as usize + j];
            let mut comb = vec![0u64; words];
            comb[i / 64] |= 1 << (i % 64);
            while form != 0 {
                let b = form.trailing_zeros() as usize;
                let Some((row, c)) = &pivots[b] else { break };
                form ^= row;
                for (x, y) in comb.iter_mut().zip(c) {
                    *x ^= y;
                }
            }
            if form == 0 {
                checks.push(comb);
            } else {
                pivots[form.trailing_zeros() as usize] = Some((form, comb));
                rank += 1;
            }
        }
        profile.push((rank, checks.len() as u32));
    }
    let solution = if want_solution && rank == 128 {
        back_substitute(&pivots)
    } else {
        Vec::new()
    };
    Rows {
        rank,
        profile,
        checks,
        solution,
        words,
    }
}

/// Per chain length `m` (index), the rank and number of checks of the top
/// `k` planes' rows (they depend on `m`, `k` and the planes, not on the
/// values), for `m` up to `max_m`.
///
/// ```
/// use rngkit_analysis::generators::javascript::meet::rank_profile;
///
/// // V8's top 6 planes: 22 calls (138 rows) reach rank 128.
/// let profile = rank_profile(6, 58, 30);
/// assert!(profile[20].0 < 128);
/// assert_eq!(profile[30], (128, 6 * 31 - 128));
/// ```
pub fn rank_profile(k: u32, low: u32, max_m: usize) -> Vec<(u32, u32)> {
    // One elimination over the longest chain gives every shorter one: the
    // rows are added call by call.
    eliminate(max_m, k, low, false).profile
}

/// The values `Q[t-1] + Q[t]` (mod `2^k`) call `t` allows when its visible
/// 53-bit value lies in `span` (inclusive): `(first, count)`. `carry` is
/// whether a carry can come into the lowest plane used.
///
/// ```
/// use rngkit_analysis::generators::javascript::meet::choices;
///
/// // Top 6 bits 0 or 1, and a carry: the sum is 63 (wrapped), 0 or 1.
/// assert_eq!(choices((0, (2 << 47) - 1), 6, true), (63, 3));
/// ```
pub fn choices(span: (u64, u64), k: u32, carry: bool) -> (u64, u64) {
    let shift = 53 - k;
    let (lo, hi) = (span.0 >> shift, span.1 >> shift);
    let size = 1u64 << k;
    let count = (hi - lo + 1 + u64::from(carry)).min(size);
    let first = (lo + size - u64::from(carry)) & (size - 1);
    (first, count)
}

impl Meet {
    /// The plan for the calls whose visible 53-bit values lie in `spans`
    /// (inclusive intervals, call `t + 1` at index `t`), using the top `k`
    /// visible planes of words whose visible bits end at `top` (63 for V8,
    /// 52 for SpiderMonkey and JavaScriptCore). `None` when the rows do not
    /// reach rank 128.
    ///
    /// ```
    /// use rngkit::runtimes::javascript::xorshift128plus_step;
    /// use rngkit_analysis::generators::javascript::meet::Meet;
    ///
    /// // 32 percentages of V8 (the sum's top 53 bits), as mantissa spans.
    /// let start = (0x0123_4567_89ab_cdef_u64, 0xfedc_ba98_7654_3210_u64);
    /// let (mut s0, mut s1) = start;
    /// let spans: Vec<(u64, u64)> = (0..32)
    ///     .map(|_| {
    ///         (s0, s1) = xorshift128plus_step(s0, s1);
    ///         let percent = ((s0.wrapping_add(s1) >> 11) as u128 * 100 >> 53) as u128;
    ///         let lo = (percent << 53).div_ceil(100) as u64;
    ///         let hi = (((percent + 1) << 53).div_ceil(100) - 1) as u64;
    ///         (lo, hi)
    ///     })
    ///     .collect();
    /// let meet = Meet::new(&spans, 63, 5).unwrap();
    /// assert!(meet.steps_log2() < 25.0 && meet.false_log2() < 10.0);
    /// let mut found = Vec::new();
    /// meet.search(0..meet.items(), &mut found);
    /// assert!(found.contains(&(u128::from(start.0) | u128::from(start.1) << 64)));
    /// ```
    ///
    /// # Panics
    /// When `k` is not in `1..=`[`MAX_PLANES`] or `top` not in `52..64`.
    pub fn new(spans: &[(u64, u64)], top: u32, k: u32) -> Option<Meet> {
        assert!((1..=MAX_PLANES).contains(&k) && (52..64).contains(&top));
        let m = spans.len();
        let low = top + 1 - k;
        let rows = eliminate(m, k, low, true);
        if rows.rank < 128 {
            return None;
        }
        let (starts, counts): (Vec<u64>, Vec<u64>) =
            spans.iter().map(|&s| choices(s, k, low > 0)).unzip();
        let logs: Vec<f64> = counts.iter().map(|&c| (c as f64).log2()).collect();
        let h = split_point(&logs);
        let used = rows.checks.len().min(128);
        let mut column = vec![0u128; rows.words * 64];
        for (c, check) in rows.checks.iter().take(used).enumerate() {
            for (w, &bits) in check.iter().enumerate() {
                let mut b = bits;
                while b != 0 {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    column[w * 64 + i] |= 1u128 << c;
                }
            }
        }
        let size = 1usize << k;
        let mut table = vec![0u128; (m + 1) * size];
        for t in 0..=m {
            for v in 0..size {
                let mut s = 0u128;
                for j in 0..k as usize {
                    if v >> j & 1 == 1 {
                        s ^= column[t * k as usize + j];
                    }
                }
                table[t * size + v] = s;
            }
        }
        Some(Meet {
            m,
            k,
            low,
            starts,
            counts,
            h,
            table,
            checks: rows.checks.len() as u32,
            solution: rows.solution,
            words: rows.words,
        })
    }

    /// log2 of the paths in all (before the checks).
    pub fn paths_log2(&self) -> f64 {
        f64::from(self.k) + self.counts.iter().map(|&c| (c as f64).log2()).sum::<f64>()
    }

    /// log2 of the paths expected to pass the first 128 checks by chance
    /// (each one solved and verified).
    pub fn false_log2(&self) -> f64 {
        self.paths_log2() - f64::from(self.checks.min(128))
    }

    /// log2 of the search's steps: for each of the `2^k` middle values, the
    /// two halves' paths.
    pub fn steps_log2(&self) -> f64 {
        let (l, r) = self.halves();
        f64::from(self.k) + (l.exp2() + r.exp2()).log2()
    }

    /// log2 of the paths of the left and right halves.
    fn halves(&self) -> (f64, f64) {
        let logs = self.counts.iter().map(|&c| (c as f64).log2());
        let left: f64 = logs.clone().take(self.h).sum();
        let right: f64 = logs.skip(self.h).sum();
        (left, right)
    }

    /// The number of middle values `Q[h]`: [`Meet::search`] takes any
    /// subrange of `0..` this (threads can share them).
    pub fn items(&self) -> u64 {
        1 << self.k
    }

    fn part(&self, t: usize, q: u64) -> u128 {
        self.table[(t << self.k) + q as usize]
    }

    /// `Q` on one side of call `t` (`Q[t-1]` or `Q[t]`) when the other is
    /// `q` and the call takes its choice `i`: the sum is symmetric.
    fn across(&self, t: usize, i: u64, q: u64) -> u64 {
        (self.starts[t - 1] + i).wrapping_sub(q) & ((1u64 << self.k) - 1)
    }

    /// Every state (as the chain search packs it: `s0` in the low 64 bits)
    /// before the chain's first call whose path passes the checks, for the
    /// middle values in `items`. Most are the true state; a few pass by
    /// chance ([`Meet::false_log2`]) and are for the caller to verify.
    pub fn search(&self, items: std::ops::Range<u64>, out: &mut Vec<u128>) {
        let mask = (1u64 << self.k) - 1;
        let (left, _) = self.halves();
        debug_assert!(left <= MAX_STORED_LOG2 + 2.0);
        let mut table = Table::with_entries(left.exp2().ceil() as usize);
        let mut batch = Batch::default();
        for qh in items {
            let qh = qh & mask;
            table.clear();
            self.left(
                self.h,
                qh,
                self.part(self.h, qh),
                0,
                1,
                &mut table,
                &mut batch,
            );
            table.insert_all(&mut batch);
            self.right(self.h + 1, qh, 0, 0, 1, qh, &table, &mut batch, out);
            self.look_up(qh, &table, &mut batch, out);
        }
    }

    /// The paths from `Q[t] = q` back to `Q[0]`, stored by syndrome with
    /// their choices as a mixed-radix code (call `h`'s choice lowest).
    #[allow(clippy::too_many_arguments)]
    fn left(
        &self,
        t: usize,
        q: u64,
        syndrome: u128,
        code: u64,
        radix: u64,
        table: &mut Table,
        batch: &mut Batch,
    ) {
        if t == 0 {
            if batch.push(fold(syndrome), code) {
                table.insert_all(batch);
            }
            return;
        }
        let count = self.counts[t - 1];
        for i in 0..count {
            let p = self.across(t, i, q);
            self.left(
                t - 1,
                p,
                syndrome ^ self.part(t - 1, p),
                code + i * radix,
                radix * count,
                table,
                batch,
            );
        }
    }

    /// The paths from `Q[t-1] = q` on to `Q[m]` (choices as a mixed-radix
    /// code, call `h + 1`'s lowest), looked up a batch at a time.
    #[allow(clippy::too_many_arguments)]
    fn right(
        &self,
        t: usize,
        q: u64,
        syndrome: u128,
        code: u64,
        radix: u64,
        qh: u64,
        table: &Table,
        batch: &mut Batch,
        out: &mut Vec<u128>,
    ) {
        if t > self.m {
            if batch.push(fold(syndrome), code) {
                self.look_up(qh, table, batch, out);
            }
            return;
        }
        let count = self.counts[t - 1];
        for i in 0..count {
            let n = self.across(t, i, q);
            self.right(
                t + 1,
                n,
                syndrome ^ self.part(t, n),
                code + i * radix,
                radix * count,
                qh,
                table,
                batch,
                out,
            );
        }
    }

    /// The batch's right paths looked up in the left table; each match is
    /// solved and, if it passes every check, its state kept.
    fn look_up(&self, qh: u64, table: &Table, batch: &mut Batch, out: &mut Vec<u128>) {
        table.touch(batch);
        let mut path = vec![0u64; self.m + 1];
        for (&key, &right) in batch.keys[..batch.len].iter().zip(&batch.codes) {
            table.each(key, |left| {
                path[self.h] = qh;
                self.decode_right(right, &mut path);
                self.decode_left(left, &mut path);
                out.extend(self.solve(&path));
            });
        }
        batch.len = 0;
    }

    /// `path[h + 1..=m]` from a right code and `path[h]`.
    fn decode_right(&self, mut code: u64, path: &mut [u64]) {
        for t in self.h + 1..=self.m {
            let count = self.counts[t - 1];
            path[t] = self.across(t, code % count, path[t - 1]);
            code /= count;
        }
    }

    /// `path[0..h]` from a left code and `path[h]`.
    fn decode_left(&self, mut code: u64, path: &mut [u64]) {
        for t in (1..=self.h).rev() {
            let count = self.counts[t - 1];
            path[t - 1] = self.across(t, code % count, path[t]);
            code /= count;
        }
    }

    /// The state of a whole path, if it passes every check in the tables.
    fn solve(&self, path: &[u64]) -> Option<u128> {
        let syndrome = path
            .iter()
            .enumerate()
            .fold(0u128, |s, (t, &q)| s ^ self.part(t, q));
        if syndrome != 0 {
            return None;
        }
        let k = self.k as usize;
        let mut values = vec![0u64; self.words];
        for (t, &q) in path.iter().enumerate() {
            let i = t * k;
            values[i / 64] |= q << (i % 64);
            if i % 64 + k > 64 {
                values[i / 64 + 1] |= q >> (64 - i % 64);
            }
        }
        Some(solve_rows(&self.solution, self.words, &values))
    }
}

/// [`Meet::steps_log2`] of a plan over `k` planes whose calls have
/// `2^logs[t]` choices each, without building it.
///
/// ```
/// use rngkit_analysis::generators::javascript::meet::steps_log2;
///
/// // 2^5 middle values, each with two halves of 2^10 paths.
/// assert_eq!(steps_log2(5, &[1.0; 20]), 5.0 + 11.0);
/// ```
pub fn steps_log2(k: u32, logs: &[f64]) -> f64 {
    let h = split_point(logs);
    let left: f64 = logs[..h].iter().sum();
    let right: f64 = logs[h..].iter().sum();
    f64::from(k) + (left.exp2() + right.exp2()).log2()
}

/// The most left paths a search stores for one middle value, as a power
/// of two: its table (8 bytes a slot, half full) then takes 64 MiB. The
/// split leans right beyond it, which costs steps but not memory.
pub const MAX_STORED_LOG2: f64 = 22.0;

/// The split `h` (left calls `1..=h`) that balances the two halves' paths,
/// with at most `2^`[`MAX_STORED_LOG2`] on the left (the stored side).
fn split_point(logs: &[f64]) -> usize {
    let total: f64 = logs.iter().sum();
    let limit = (total / 2.0).min(MAX_STORED_LOG2);
    let mut acc = 0.0;
    let mut h = 0;
    for (i, l) in logs.iter().enumerate() {
        if acc + l > limit {
            break;
        }
        acc += l;
        h = i + 1;
    }
    h.clamp(1, logs.len().saturating_sub(1).max(1))
}

fn fold(s: u128) -> u64 {
    ((s as u64) ^ ((s >> 64) as u64).rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// An open-addressing multimap from syndrome keys to left codes (duplicate
/// keys kept: distinct paths can share a syndrome), one 8-byte slot each:
/// the slot is chosen by the key's top bits and holds the key's low 32
/// bits and the code, so a probe reads one cache line. Two keys that agree
/// in those bits both come back; the caller checks the whole syndrome.
struct Table {
    slots: Vec<u64>,
    shift: u32,
}

const EMPTY: u64 = u64::MAX;

/// Keys waiting for the table, with their codes: the table is far larger
/// than the caches, so a probe is a cache miss, and probes made one at a
/// time wait for each other; a batch touches all its slots first, so the
/// misses overlap (each probe then finds its line cached).
const BATCH: usize = 64;

struct Batch {
    keys: [u64; BATCH],
    codes: [u64; BATCH],
    len: usize,
}

impl Default for Batch {
    fn default() -> Self {
        Batch {
            keys: [0; BATCH],
            codes: [0; BATCH],
            len: 0,
        }
    }
}

impl Batch {
    /// Adds a key; `true` when the batch is full.
    fn push(&mut self, key: u64, code: u64) -> bool {
        self.keys[self.len] = key;
        self.codes[self.len] = code;
        self.len += 1;
        self.len == BATCH
    }
}

impl Table {
    fn with_entries(n: usize) -> Table {
        let size = (2 * n.max(8)).next_power_of_two();
        Table {
            slots: vec![EMPTY; size],
            shift: 64 - size.trailing_zeros(),
        }
    }

    fn clear(&mut self) {
        self.slots.fill(EMPTY);
    }

    fn slot(&self, key: u64) -> usize {
        (key >> self.shift) as usize
    }

    /// Reads the first slot of each key in `batch`: independent loads, whose
    /// cache misses the processor overlaps.
    fn touch(&self, batch: &Batch) {
        let mut any = 0u64;
        for &key in &batch.keys[..batch.len] {
            any ^= self.slots[self.slot(key)];
        }
        std::hint::black_box(any);
    }

    /// Stores the batch's codes under their keys and empties it.
    fn insert_all(&mut self, batch: &mut Batch) {
        self.touch(batch);
        for i in 0..batch.len {
            self.insert(batch.keys[i], batch.codes[i]);
        }
        batch.len = 0;
    }

    /// Stores `code` (below `2^32 - 1`) under `key`.
    fn insert(&mut self, key: u64, code: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = (key & 0xffff_ffff) << 32 | code;
    }

    fn each(&self, key: u64, mut f: impl FnMut(u64)) {
        let mask = self.slots.len() - 1;
        let low = key & 0xffff_ffff;
        let mut i = self.slot(key);
        while self.slots[i] != EMPTY {
            if self.slots[i] >> 32 == low {
                f(self.slots[i] & 0xffff_ffff);
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rngkit::runtimes::javascript::xorshift128plus_step;

    /// The visible 53-bit value of a word, V8 (`top` 63) or SpiderMonkey
    /// (52), and the span `floor n` of it allows.
    fn floor_span(visible: u64, n: u64) -> (u64, u64) {
        let v = ((visible as u128 * n as u128) >> 53) as u64;
        let lo = ((v as u128) << 53).div_ceil(n as u128) as u64;
        let hi = (((v as u128 + 1) << 53).div_ceil(n as u128) - 1) as u64;
        (lo, hi)
    }

    fn run(top: u32, n: u64, m: usize, k: u32, start: (u64, u64)) {
        let (mut s0, mut s1) = start;
        let spans: Vec<(u64, u64)> = (0..m)
            .map(|_| {
                (s0, s1) = xorshift128plus_step(s0, s1);
                let w = s0.wrapping_add(s1);
                let visible = if top == 63 {
                    w >> 11
                } else {
                    w & ((1 << 53) - 1)
                };
                let span = floor_span(visible, n);
                assert!((span.0..=span.1).contains(&visible));
                span
            })
            .collect();
        let meet = Meet::new(&spans, top, k).expect("rank 128");
        assert!(meet.false_log2() < 12.0, "{}", meet.false_log2());
        let mut found = Vec::new();
        meet.search(0..meet.items(), &mut found);
        let truth = u128::from(start.0) | u128::from(start.1) << 64;
        assert!(found.contains(&truth), "{top} {n} {m} {k}");
    }

    #[test]
    fn floor_100_on_v8_and_spidermonkey() {
        run(
            63,
            100,
            28,
            6,
            (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210),
        );
        run(
            52,
            100,
            28,
            6,
            (0x1111_2222_3333_4444, 0x5555_6666_7777_8888),
        );
    }

    #[test]
    fn powers_of_two_and_wide_spans() {
        run(63, 64, 24, 6, (3, 0x8000_0000_0000_0001));
        run(52, 1000, 20, 8, (77, 1 << 40));
    }

    #[test]
    fn the_rank_profile_matches_the_elimination() {
        let profile = rank_profile(6, 58, 30);
        for m in [10, 21, 25, 30] {
            let rows = eliminate(m, 6, 58, false);
            assert_eq!(profile[m], (rows.rank, rows.checks.len() as u32));
        }
    }

    #[test]
    fn choices_wrap_and_cap() {
        // Top 6 bits 0 with a carry possible: values 63 and 0.
        assert_eq!(choices((0, 1), 6, true), (63, 2));
        assert_eq!(choices((0, (1 << 53) - 1), 6, true), (63, 64));
        assert_eq!(choices((5 << 47, (6 << 47) + 3), 6, false), (5, 2));
    }
}

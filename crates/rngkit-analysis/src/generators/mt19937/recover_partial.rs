//! MT19937 recovery from partial outputs: every revealed bit of a tempered
//! output is one GF(2) equation in the state bits.
//!
//! The unknowns are the block `y` *before* the first observed block: the top
//! bit of `y[0]` and all of `y[1..624]` (19 937 bits; the low 31 bits of
//! `y[0]` never reach the stream). Writing `z[0..624] = y`, the stream's
//! untempered words follow the linear recurrence
//! `z[n + 624] = z[n + 397] ^ twist(z[n], z[n + 1])`, and the output at
//! offset `k` is `temper(z[624 + k])`.
//!
//! PHP's buggy twist ([`Twist::Legacy`]: PHP 5.2.1 to 7.0.x and
//! `MT_RAND_PHP`, `twist_php` in php-src's `ext/standard/mt_rand.c`) xors in
//! `0x9908b0df` on the low bit of `z[n]` instead of `z[n + 1]`. It is just
//! as linear; the low bit of `y[0]` then reaches the stream too, so it has
//! 19 938 unknowns (the extra one is column 19 937), and nothing else
//! changes. (Its untwist shows that 624 consecutive words still determine
//! the block before them: the top bit of each difference `z[n + 624] ^
//! z[n + 397]` is that low bit, the other 31 bits give the top bit of
//! `z[n]` and bits 1 to 30 of `z[n + 1]`, so the map is one to one.)
//!
//! Instead of stepping 19 937 basis generators, each word `z[n]` is carried
//! symbolically: 32 rows (one a bit) of the unknowns' coefficients, 312
//! `u64`s each. The recurrence is applied to those rows directly, keeping
//! the last 624 words (about 50 MB), and the tempering (linear too) turns
//! the rows of the observed word into equation rows. The system is solved
//! by dense elimination with the method of four Russians: pivots are found
//! 32 columns at a time, and every other row is cleared of all 32 in a
//! single pass with four 256-entry combination tables.

use rngkit::generators::{Mt19937, temper, untemper};

pub use super::Twist;
use crate::observe::{WordConstraint, WordRelation};
use crate::progress::Progress;

const N: usize = 624;
const M: usize = Mt19937::M;
const MATRIX_A: u32 = Mt19937::MATRIX_A;

/// Unknown state bits of MT19937.
pub const UNKNOWNS: usize = 19_937;
/// The column of the low bit of `y[0]`, an unknown of [`Twist::Legacy`] only.
const LEGACY_LOW_BIT: usize = UNKNOWNS;
/// `u64`s in one equation row: the unknowns (at most 19 938), then the
/// right-hand side bit.
const WORDS: usize = (UNKNOWNS + 2).div_ceil(64);
/// The right-hand side's column: the last one of a row.
const RHS: usize = WORDS * 64 - 1;
/// Equations held at once (about 70 MB of rows): when full, the system is
/// reduced to its echelon rows and collection goes on.
const BATCH_ROWS: usize = UNKNOWNS + 8192;
/// Offsets further in than this are not followed symbolically (each word
/// costs about 30 000 `u64` operations).
pub const MAX_PARTIAL_OFFSET: u64 = 1 << 18;

/// The number of unknown state bits with `twist`: 19 937 for MT19937's,
/// 19 938 for PHP's (the low bit of the first word reaches the stream).
///
/// ```
/// use rngkit_analysis::generators::mt19937::recover_partial::{unknowns, Twist};
/// assert_eq!(unknowns(Twist::Standard), 19_937);
/// assert_eq!(unknowns(Twist::Legacy), 19_938);
/// ```
pub const fn unknowns(twist: Twist) -> usize {
    match twist {
        Twist::Standard => UNKNOWNS,
        Twist::Legacy => UNKNOWNS + 1,
    }
}

/// The solutions of the equations the revealed bits imply.
#[derive(Clone, Debug)]
pub struct Solutions {
    /// Equations used (revealed bits, up to the row cap).
    pub equations: usize,
    /// Rank of the system (at most 19 937).
    pub rank: usize,
    /// One solution (free unknowns zero), as the 19 937 state bits.
    pub particular: Vec<u64>,
    /// A null-space basis (only computed when it has at most
    /// `basis_limit` vectors; empty otherwise).
    pub basis: Vec<Vec<u64>>,
    /// The number of unknowns ([`unknowns`] of the twist).
    pub unknowns: usize,
}

impl Solutions {
    /// Number of free unknowns: `2^free` states fit the equations.
    pub fn free(&self) -> u32 {
        (self.unknowns - self.rank) as u32
    }
}

#[inline]
fn bit(row: &[u64], c: usize) -> bool {
    row[c >> 6] >> (c & 63) & 1 == 1
}

#[inline]
fn flip(row: &mut [u64], c: usize) {
    row[c >> 6] ^= 1 << (c & 63);
}

/// Appends to `matrix` (rows of `width` words, the last bit the right-hand
/// side) one equation per bit `j` of `mask`: bit `j` of a tempered word,
/// the XOR of the rows in `rows` (one per untempered bit) that tempering
/// mixes into it (`temper_columns`), equals bit `j` of `value`. Returns
/// how many it appended. The first word and every later one read alike.
fn push_tempered_bits(
    matrix: &mut Vec<u64>,
    width: usize,
    rows: &[u64],
    temper_columns: &[u32; 32],
    mask: u32,
    value: u32,
) -> usize {
    let rhs = width * 64 - 1;
    let mut appended = 0;
    for j in (0..32).filter(|j| mask >> j & 1 == 1) {
        let start = matrix.len();
        matrix.resize(start + width, 0);
        let eq = &mut matrix[start..];
        for (b, col) in temper_columns.iter().enumerate() {
            if col >> j & 1 == 1 {
                xor_into(eq, &rows[b * width..(b + 1) * width]);
            }
        }
        if value >> j & 1 == 1 {
            flip(eq, rhs);
        }
        appended += 1;
    }
    appended
}

/// The GF(2) dot product of `row` and `x` (the parity of their common
/// bits): one back-substitution step of both solvers.
fn dot(row: &[u64], x: &[u64]) -> bool {
    row.iter()
        .zip(x.iter())
        .fold(0u64, |acc, (a, b)| acc ^ (a & b))
        .count_ones()
        & 1
        == 1
}

#[inline]
fn xor_into(dst: &mut [u64], src: &[u64]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= s;
    }
}

/// The 32 rows of the untempered words of the stream, one word at a time.
struct SymbolicStream {
    /// `ring[(n % 624) * 32 + j]` is bit `j` of `z[n]`, for the window
    /// `z[base..base + 624]`.
    ring: Vec<u64>,
    base: usize,
    scratch: Vec<u64>,
    twist: Twist,
}

impl SymbolicStream {
    fn new(twist: Twist) -> Self {
        let mut ring = vec![0u64; N * 32 * WORDS];
        flip(&mut ring[31 * WORDS..32 * WORDS], 0);
        if twist == Twist::Legacy {
            flip(&mut ring[..WORDS], LEGACY_LOW_BIT);
        }
        for i in 1..N {
            for j in 0..32 {
                let row = (i * 32 + j) * WORDS;
                flip(&mut ring[row..row + WORDS], 1 + (i - 1) * 32 + j);
            }
        }
        SymbolicStream {
            ring,
            base: 0,
            scratch: vec![0u64; 32 * WORDS],
            twist,
        }
    }

    fn row(&self, n: usize, j: usize) -> &[u64] {
        let at = ((n % N) * 32 + j) * WORDS;
        &self.ring[at..at + WORDS]
    }

    /// The 32 rows of the newest word, `z[base + 623]` (the tests read it).
    #[cfg(test)]
    fn newest(&self) -> &[u64] {
        let slot = ((self.base + N - 1) % N) * 32 * WORDS;
        &self.ring[slot..slot + 32 * WORDS]
    }

    /// Computes `z[base + 624]` and slides the window.
    fn advance(&mut self) {
        let n = self.base;
        let mut scratch = std::mem::take(&mut self.scratch);
        // The word whose low bit decides the xor with MATRIX_A.
        let low = match self.twist {
            Twist::Standard => n + 1,
            Twist::Legacy => n,
        };
        for j in 0..32 {
            let out = &mut scratch[j * WORDS..(j + 1) * WORDS];
            out.copy_from_slice(self.row(n + M, j));
            // twist: y = (z[n] & UPPER) | (z[n+1] & LOWER); (y >> 1) ^ (z[low] & 1) * A
            if j < 30 {
                xor_into(out, self.row(n + 1, j + 1));
            } else if j == 30 {
                xor_into(out, self.row(n, 31));
            }
            if MATRIX_A >> j & 1 == 1 {
                xor_into(out, self.row(low, 0));
            }
        }
        let slot = (n % N) * 32 * WORDS;
        self.ring[slot..slot + 32 * WORDS].copy_from_slice(&scratch);
        self.scratch = scratch;
        self.base += 1;
    }
}

/// Solves for the state from the constraints (offsets at most
/// [`MAX_PARTIAL_OFFSET`]) on a Mersenne Twister with `twist`, using
/// `threads` threads for the elimination. `None` when the equations
/// contradict each other.
pub fn solve(
    constraints: &[WordConstraint],
    twist: Twist,
    threads: usize,
    basis_limit: u32,
) -> Option<Solutions> {
    solve_with_progress(
        constraints,
        &[],
        twist,
        threads,
        basis_limit,
        &Progress::default(),
    )
}

/// [`solve`] with `relations` (parities of bits at fixed offsets, at
/// most 623 words apart within one relation) as equations too, counting
/// its work on `progress`: the columns of the final elimination.
pub fn solve_with_progress(
    constraints: &[WordConstraint],
    relations: &[WordRelation],
    twist: Twist,
    threads: usize,
    basis_limit: u32,
    progress: &Progress,
) -> Option<Solutions> {
    // Each known bit is a relation of one term; all are read in the order
    // of the furthest word they name, so the stream's window holds every
    // word of a relation when it is read.
    // (furthest offset, (offset, mask) terms, parity)
    type Item<'a> = (u64, &'a [(u64, u64)], bool);
    let mut items: Vec<Item> = Vec::new();
    let singles: Vec<(u64, u64)> = constraints
        .iter()
        .flat_map(|c| {
            (0..32)
                .filter(move |j| c.known.mask >> j & 1 == 1)
                .map(move |j| (c.offset, 1u64 << j))
        })
        .collect();
    let mut at = 0;
    for c in constraints {
        for j in 0..32 {
            if c.known.mask >> j & 1 == 1 {
                items.push((c.offset, &singles[at..at + 1], c.known.value >> j & 1 == 1));
                at += 1;
            }
        }
    }
    for r in relations {
        let first = r.terms.iter().map(|t| t.0).min().unwrap_or(0);
        if r.last_offset() - first >= N as u64 {
            continue; // wider than the window: left to the verification
        }
        items.push((r.last_offset(), &r.terms, r.parity));
    }
    items.sort_by_key(|item| item.0);
    // temper(1 << i): which output bits input bit i reaches.
    let temper_columns: [u32; 32] = std::array::from_fn(|i| temper(1 << i));
    let mut matrix: Vec<u64> = Vec::new();
    let unknowns = unknowns(twist);
    let mut stream = SymbolicStream::new(twist);
    let mut equations = 0usize;
    for &(last, terms, parity) in &items {
        while stream.base as u64 <= last {
            stream.advance();
        }
        if matrix.len() / WORDS >= BATCH_ROWS {
            let rank = echelon(&mut matrix, WORDS, unknowns, threads.max(1)).len();
            if contradicts(&matrix[rank * WORDS..]) {
                return None;
            }
            matrix.truncate(rank * WORDS);
        }
        let start = matrix.len();
        matrix.resize(start + WORDS, 0);
        let eq = &mut matrix[start..];
        for &(offset, mask) in terms {
            // The word at `offset` is z[offset + 624] of the stream, still
            // in its window (`last - offset < 624`).
            let n = offset as usize + N;
            for j in (0..32).filter(|j| mask >> j & 1 == 1) {
                for (i, column) in temper_columns.iter().enumerate() {
                    if column >> j & 1 == 1 {
                        xor_into(eq, stream.row(n, i));
                    }
                }
            }
        }
        if parity {
            flip(eq, RHS);
        }
        equations += 1;
    }
    drop(stream);
    // The final elimination is most of the time (the batches before it
    // keep the matrix small): its columns are the progress shown.
    progress.add_total(unknowns as u64, "columns");
    let pivots = echelon_counted(&mut matrix, WORDS, unknowns, threads.max(1), Some(progress));
    let rank = pivots.len();
    // Rows below the rank are zero on the unknowns: a set RHS contradicts.
    if contradicts(&matrix[rank * WORDS..]) {
        return None;
    }
    let back_substitute = |x: &mut Vec<u64>, with_rhs: bool| {
        for (r, &p) in pivots.iter().enumerate().rev() {
            let row = &matrix[r * WORDS..(r + 1) * WORDS];
            let mut parity = dot(row, x);
            if with_rhs {
                parity ^= bit(row, RHS);
            }
            if parity {
                flip(x, p);
            }
        }
    };
    let mut particular = vec![0u64; WORDS];
    back_substitute(&mut particular, true);
    let free = (unknowns - rank) as u32;
    let mut basis = Vec::new();
    if free <= basis_limit {
        let mut is_pivot = vec![false; unknowns];
        for &p in &pivots {
            is_pivot[p] = true;
        }
        for f in (0..unknowns).filter(|&f| !is_pivot[f]) {
            let mut v = vec![0u64; WORDS];
            flip(&mut v, f);
            back_substitute(&mut v, false);
            basis.push(v);
        }
    }
    Some(Solutions {
        equations,
        rank,
        particular,
        basis,
        unknowns,
    })
}

/// The generator for a solution: block `y` with `left = 0`, twisted once so
/// that it reads like [`super::recover_full::from_full_words`]' answers (`left = 624`).
/// `None` for the all-zero block.
pub fn state_of(x: &[u64]) -> Option<Mt19937> {
    let mut mt = Mt19937::from_state(block_of(x, Twist::Standard), 0).ok()?;
    mt.twist();
    Some(mt)
}

/// The block `y` before the first observed block that a solution stands
/// for (the bits of `y[0]` that never reach the stream are zero); the
/// generator is `y` with `left = 0`, or `y` twisted once with `left = 624`.
pub fn block_of(x: &[u64], twist: Twist) -> [u32; N] {
    let mut y = [0u32; N];
    y[0] = u32::from(bit(x, 0)) << 31;
    if twist == Twist::Legacy {
        y[0] |= u32::from(bit(x, LEGACY_LOW_BIT));
    }
    for (i, word) in y.iter_mut().enumerate().skip(1) {
        *word = (0..32).fold(0u32, |acc, j| {
            acc | (u32::from(bit(x, 1 + (i - 1) * 32 + j)) << j)
        });
    }
    y
}

/// What [`solve_window`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Window {
    /// The equations contradict each other: no MT19937 stream gives them.
    Contradiction,
    /// The equations of every constraint read leave `2^free` states.
    Open {
        /// Unknowns left free: `2^free` states fit the equations.
        free: u32,
        /// Whether every constraint was read (constraints further in than
        /// [`MAX_PARTIAL_OFFSET`] are not).
        complete: bool,
    },
    /// One state fits the equations read: its untempered words at offsets
    /// `offset + 1..=offset + 624` (the first window word's low 31 bits
    /// reach no later word, so they are for the caller to verify with the
    /// rest), found from the constraints up to `used`.
    Unique {
        /// The offset of the window's first word (the first constraint's).
        offset: u64,
        /// The 624 untempered words from `offset + 1` on.
        block: Box<[u32; N]>,
        /// Constraints read (in offset order), of all given.
        used: usize,
    },
}

/// Unknowns above which [`solve_window`] leaves the work to [`solve`]: its
/// rows are then as wide as [`solve`]'s, and no cheaper.
pub const WINDOW_MAX_UNKNOWNS: usize = 12_000;

/// The 624 words from the first constrained offset on, solved with the
/// unknowns they leave, for the standard twist: each of those words is its
/// known output bits plus one unknown per hidden bit (untempering is
/// linear), so `random()` floats leave 5 or 6 unknowns a word (about 3430
/// for the window) instead of the 19 937 state bits, and 624 full words
/// leave none. Of the first word only the top bit reaches later words, so
/// it is one unknown at most.
/// Later words follow from the window by the recurrence `z[n + 624] = z[n +
/// 397] ^ twist(z[n], z[n + 1])`, carried symbolically over those few
/// unknowns; their revealed bits are equations, read in offset order only
/// until they pin every unknown. So the cost does not grow with the input:
/// the constraints left unread are for the caller to verify on the
/// candidate, by simulation.
///
/// `None` when the window leaves more than [`WINDOW_MAX_UNKNOWNS`] unknowns.
///
/// ```
/// use rngkit::generators::{Mt19937, temper};
/// use rngkit_analysis::observe::{KnownBits, WordConstraint};
/// use rngkit_analysis::generators::mt19937::recover_partial::{Window, solve_window};
///
/// // The top 27 bits of 1400 outputs (what `random()` floats reveal of
/// // their first words, and a little less than of their second).
/// let mut mt = Mt19937::new(5489);
/// let words: Vec<u32> = (0..1400).map(|_| rngkit::WordRng::next_word(&mut mt) as u32).collect();
/// let constraints: Vec<WordConstraint> = words
///     .iter()
///     .enumerate()
///     .map(|(i, &w)| WordConstraint {
///         offset: i as u64,
///         known: KnownBits::new(0xffff_ffe0, u64::from(w & 0xffff_ffe0)),
///     })
///     .collect();
/// let Some(Window::Unique { offset, block, used }) = solve_window(&constraints, 1) else {
///     panic!("one window")
/// };
/// assert_eq!(offset, 0);
/// assert!(used < 1400);
/// assert!(block.iter().zip(&words[1..]).all(|(&y, &w)| temper(y) == w));
/// ```
pub fn solve_window(constraints: &[WordConstraint], threads: usize) -> Option<Window> {
    let mut sorted: Vec<WordConstraint> = constraints.to_vec();
    sorted.sort_by_key(|c| c.offset);
    let first = sorted.first()?.offset;
    // The known bits of each window word, merged.
    let mut known = [(0u32, 0u32); N];
    let mut rest = 0;
    for (i, c) in sorted.iter().enumerate() {
        if c.offset >= first + N as u64 {
            rest = i;
            break;
        }
        rest = i + 1;
        let (mask, value) = (c.known.mask as u32, c.known.value as u32);
        let slot = &mut known[(c.offset - first) as usize];
        if (slot.1 ^ value) & slot.0 & mask != 0 {
            return Some(Window::Contradiction);
        }
        *slot = (slot.0 | mask, slot.1 | (value & mask));
    }
    // Only the top bit of the window's first word reaches later words (the
    // twist reads nothing else of it): one unknown when its known bits
    // leave that bit open, none when they fix it.
    let (mask0, value0) = known[0];
    let top_open = (0..32).any(|j| mask0 >> j & 1 == 0 && untemper(1 << j) >> 31 == 1);
    let unknowns: usize = usize::from(top_open)
        + known[1..]
            .iter()
            .map(|k| k.0.count_zeros() as usize)
            .sum::<usize>();
    if unknowns > WINDOW_MAX_UNKNOWNS {
        return None;
    }
    let width = (unknowns + 1).div_ceil(64);
    let rhs = width * 64 - 1;
    // ring[(n % 624) * 32 + i]: bit i of the untempered word n of the
    // window, as unknowns plus a constant (the RHS column).
    let mut ring = vec![0u64; N * 32 * width];
    let mut column = usize::from(top_open);
    if top_open {
        flip(&mut ring[31 * width..], 0);
    } else if untemper(value0 & mask0) >> 31 == 1 {
        flip(&mut ring[31 * width..], rhs);
    }
    // The columns of each word's unknowns, for reading a solution back.
    let mut columns: Vec<Vec<(usize, u32)>> = vec![Vec::new()];
    for (k, &(mask, value)) in known.iter().enumerate().skip(1) {
        let constant = untemper(value & mask);
        let mut mine = Vec::new();
        for j in (0..32).filter(|j| mask >> j & 1 == 0) {
            let reach = untemper(1 << j);
            for i in (0..32).filter(|i| reach >> i & 1 == 1) {
                flip(&mut ring[(k * 32 + i) * width..], column);
            }
            mine.push((column, j));
            column += 1;
        }
        for i in (0..32).filter(|i| constant >> i & 1 == 1) {
            flip(&mut ring[(k * 32 + i) * width..], rhs);
        }
        columns.push(mine);
    }
    let temper_columns: [u32; 32] = std::array::from_fn(|i| temper(1 << i));
    let mut scratch = vec![0u64; 32 * width];
    let mut base = 0usize; // the window holds words base..base + 624
    let mut matrix: Vec<u64> = Vec::new();
    let mut rank = 0;
    let mut pivots: Vec<usize> = Vec::new();
    let mut used = rest;
    let mut pending = 0;
    // The first word's own known bits: its low 31 bits are what the
    // recurrence `z[623] = z[396] ^ twist(z[-1], z[0])` says of them,
    // read from window words (the twist value's top bit is the low bit of
    // `z[0]`, and with MATRIX_A taken off again, its other bits are bits 1
    // to 30).
    {
        let row = |k: usize, j: usize| &ring[(k * 32 + j) * width..(k * 32 + j + 1) * width];
        // t = z[623] ^ z[396] = twist(z[-1], z[0]), bit by bit.
        let mut t = vec![0u64; 32 * width];
        for (j, out) in t.chunks_exact_mut(width).enumerate() {
            out.copy_from_slice(row(N - 1, j));
            xor_into(out, row(M - 1, j));
        }
        let mut z0 = vec![0u64; 32 * width];
        z0[..width].copy_from_slice(&t[31 * width..]);
        for j in 1..31 {
            let out = &mut z0[j * width..(j + 1) * width];
            out.copy_from_slice(&t[(j - 1) * width..j * width]);
            if MATRIX_A >> (j - 1) & 1 == 1 {
                xor_into(out, &t[31 * width..]);
            }
        }
        z0[31 * width..].copy_from_slice(row(0, 31));
        pending += push_tempered_bits(&mut matrix, width, &z0, &temper_columns, mask0, value0);
    }
    let mut i = rest;
    while rank < unknowns {
        let end = i >= sorted.len() || sorted[i].offset > MAX_PARTIAL_OFFSET;
        if pending > 0 && (end || pending >= unknowns - rank + 256) {
            // Rows in the order of their first unknown: the elimination
            // then finds each pivot near the top instead of scanning (a
            // row's first unknown only moves right as it is reduced).
            let mut order: Vec<(usize, usize)> = matrix
                .chunks_exact(width)
                .map(|row| {
                    row.iter()
                        .position(|&w| w != 0)
                        .map_or(usize::MAX, |i| i * 64 + row[i].trailing_zeros() as usize)
                })
                .zip(0..)
                .collect();
            order.sort_unstable();
            let mut sorted_rows = Vec::with_capacity(matrix.len());
            for &(_, r) in &order {
                sorted_rows.extend_from_slice(&matrix[r * width..(r + 1) * width]);
            }
            matrix = sorted_rows;
            pivots = echelon(&mut matrix, width, unknowns, threads.max(1));
            rank = pivots.len();
            if matrix[rank * width..]
                .chunks_exact(width)
                .any(|row| bit(row, rhs))
            {
                return Some(Window::Contradiction);
            }
            matrix.truncate(rank * width);
            pending = 0;
            continue;
        }
        if end {
            break;
        }
        let c = sorted[i];
        let n = (c.offset - first) as usize;
        while base + N <= n {
            // z[base + 624] = z[base + 397] ^ twist(z[base], z[base + 1]).
            let row = |m: usize, j: usize| ((m % N) * 32 + j) * width;
            for j in 0..32 {
                let out = &mut scratch[j * width..(j + 1) * width];
                out.copy_from_slice(&ring[row(base + M, j)..row(base + M, j) + width]);
                if j < 30 {
                    xor_into(
                        out,
                        &ring[row(base + 1, j + 1)..row(base + 1, j + 1) + width],
                    );
                } else if j == 30 {
                    xor_into(out, &ring[row(base, 31)..row(base, 31) + width]);
                }
                if MATRIX_A >> j & 1 == 1 {
                    xor_into(out, &ring[row(base + 1, 0)..row(base + 1, 0) + width]);
                }
            }
            let slot = (base % N) * 32 * width;
            ring[slot..slot + 32 * width].copy_from_slice(&scratch);
            base += 1;
        }
        let rows = &ring[(n % N) * 32 * width..(n % N + 1) * 32 * width];
        let block_start = matrix.len();
        push_tempered_bits(
            &mut matrix,
            width,
            rows,
            &temper_columns,
            c.known.mask as u32,
            c.known.value as u32,
        );
        // A word's equations touch few unknowns (those of the three words
        // it is made from), so most of them repeat each other: reduced on
        // their own first, only the independent ones stay.
        let Some(local) = independent_rows(&mut matrix[block_start..], width, unknowns) else {
            return Some(Window::Contradiction);
        };
        matrix.truncate(block_start + local * width);
        pending += local;
        i += 1;
        used = i;
    }
    if rank < unknowns {
        return Some(Window::Open {
            free: (unknowns - rank) as u32,
            complete: used == sorted.len(),
        });
    }
    // Back substitution over the echelon rows.
    let mut x = vec![0u64; width];
    for (r, &p) in pivots.iter().enumerate().rev() {
        let row = &matrix[r * width..(r + 1) * width];
        if dot(row, &x) ^ bit(row, rhs) {
            flip(&mut x, p);
        }
    }
    let mut window = [0u32; N];
    window[0] = if top_open {
        u32::from(bit(&x, 0)) << 31
    } else {
        untemper(value0 & mask0) & 0x8000_0000
    };
    for (k, word) in window.iter_mut().enumerate().skip(1) {
        let mut t = known[k].1 & known[k].0;
        for &(col, j) in &columns[k] {
            t |= u32::from(bit(&x, col)) << j;
        }
        *word = untemper(t);
    }
    // The block one word later, whose last word the recurrence gives.
    let mut block = Box::new([0u32; N]);
    block[..N - 1].copy_from_slice(&window[1..]);
    let y = (window[0] & 0x8000_0000) | (window[1] & 0x7fff_ffff);
    block[N - 1] = window[M] ^ (y >> 1) ^ (0u32.wrapping_sub(y & 1) & MATRIX_A);
    Some(Window::Unique {
        offset: first,
        block,
        used,
    })
}

/// Moves a basis of the span of `rows` (a few rows of `width` `u64`s) to
/// the front and returns its size; `None` when a row reduces to zero on the
/// first `unknowns` columns with its right-hand side (the last column) set,
/// an equation no assignment satisfies.
fn independent_rows(rows: &mut [u64], width: usize, unknowns: usize) -> Option<usize> {
    let rhs = width * 64 - 1;
    let mut pivots: Vec<usize> = Vec::new();
    for r in 0..rows.len() / width {
        let (head, tail) = rows.split_at_mut(r * width);
        let row = &mut tail[..width];
        for (i, &p) in pivots.iter().enumerate() {
            if bit(row, p) {
                xor_into(row, &head[i * width..(i + 1) * width]);
            }
        }
        let lead = (0..width)
            .find(|&w| row[w] != 0)
            .map(|w| w * 64 + row[w].trailing_zeros() as usize)
            .filter(|&c| c < unknowns);
        match lead {
            Some(c) => {
                let k = pivots.len();
                // Keep the earlier pivots clear of this one's column.
                let (done, rest) = rows.split_at_mut(r * width);
                let new = &rest[..width];
                for i in 0..k {
                    let p = &mut done[i * width..(i + 1) * width];
                    if bit(p, c) {
                        xor_into(p, new);
                    }
                }
                if k != r {
                    swap_rows(rows, width, k, r);
                }
                pivots.push(c);
            }
            None if bit(row, rhs) => return None,
            None => {}
        }
    }
    Some(pivots.len())
}

/// Row echelon form of `matrix` (rows of `width` `u64`s) over its first
/// `unknowns` columns, by Gaussian elimination with the method of four
/// Russians; returns the pivot column of each of the first `rank` rows.
///
/// Later columns (a right-hand side) are carried along.
pub fn echelon(matrix: &mut [u64], width: usize, unknowns: usize, threads: usize) -> Vec<usize> {
    echelon_counted(matrix, width, unknowns, threads, None)
}

/// [`echelon`], counting the columns it has passed on `progress`.
fn echelon_counted(
    matrix: &mut [u64],
    width: usize,
    unknowns: usize,
    threads: usize,
    progress: Option<&Progress>,
) -> Vec<usize> {
    const GROUP: usize = 32;
    const TABLE_BITS: usize = 8;
    const TABLES: usize = GROUP / TABLE_BITS;
    let rows = matrix.len() / width;
    let mut pivots: Vec<usize> = Vec::new();
    let mut tables = vec![0u64; (TABLES << TABLE_BITS) * width];
    let mut col = 0;
    let mut counted = 0;
    while col < unknowns && pivots.len() < rows {
        if let Some(p) = progress {
            p.advance((col - counted) as u64);
            counted = col;
        }
        let first = pivots.len();
        let start_word = col / 64;
        let mut group: Vec<usize> = Vec::with_capacity(GROUP);
        while group.len() < GROUP && col < unknowns && pivots.len() < rows {
            let rank = pivots.len();
            // The bit at `col` of row r once reduced by the group's pivots
            // (which are zero at each other's pivot columns).
            let reduced_bit = |m: &[u64], r: usize| {
                let row = &m[r * width..(r + 1) * width];
                let mut b = bit(row, col);
                for (i, &c) in group.iter().enumerate() {
                    if bit(row, c) {
                        b ^= bit(&m[(first + i) * width..], col);
                    }
                }
                b
            };
            if let Some(r) = (rank..rows).find(|&r| reduced_bit(matrix, r)) {
                swap_rows(matrix, width, r, rank);
                let (head, tail) = matrix.split_at_mut(rank * width);
                let new = &mut tail[..width];
                for (i, &c) in group.iter().enumerate() {
                    if bit(new, c) {
                        let p = &head[(first + i) * width..(first + i + 1) * width];
                        xor_into(&mut new[start_word..], &p[start_word..]);
                    }
                }
                for i in 0..group.len() {
                    let p = &mut head[(first + i) * width..(first + i + 1) * width];
                    if bit(p, col) {
                        xor_into(&mut p[start_word..], &new[start_word..]);
                    }
                }
                group.push(col);
                pivots.push(col);
            }
            col += 1;
        }
        let rank = pivots.len();
        if rank == first || rank == rows {
            continue;
        }
        // Combination tables: table t, entry e = XOR of the pivots
        // first + 8t + i for the set bits i of e.
        let span = width - start_word;
        for t in 0..TABLES {
            let base = t << TABLE_BITS;
            for e in 1usize..1 << TABLE_BITS {
                let low = e.trailing_zeros() as usize;
                let at = (base + e) * width;
                if 8 * t + low >= group.len() {
                    tables[at + start_word..at + width].fill(0);
                    continue;
                }
                let prev = (base + (e & (e - 1))) * width;
                let pivot = (first + 8 * t + low) * width;
                for k in 0..span {
                    tables[at + start_word + k] =
                        tables[prev + start_word + k] ^ matrix[pivot + start_word + k];
                }
            }
        }
        let tables = &tables;
        let group = &group;
        let clear = move |chunk: &mut [u64]| {
            for row in chunk.chunks_exact_mut(width) {
                let mut index = [0usize; TABLES];
                for (i, &c) in group.iter().enumerate() {
                    if bit(row, c) {
                        index[i / TABLE_BITS] |= 1 << (i % TABLE_BITS);
                    }
                }
                if index == [0; TABLES] {
                    continue;
                }
                let entry = |t: usize| {
                    let at = ((t << TABLE_BITS) + index[t]) * width;
                    &tables[at + start_word..at + width]
                };
                let (t0, t1, t2, t3) = (entry(0), entry(1), entry(2), entry(3));
                for (k, w) in row[start_word..].iter_mut().enumerate() {
                    *w ^= t0[k] ^ t1[k] ^ t2[k] ^ t3[k];
                }
            }
        };
        let rest = &mut matrix[rank * width..];
        let remaining = rows - rank;
        if threads > 1 && remaining >= 2048 {
            let per = remaining.div_ceil(threads) * width;
            // Joined one by one (pthread_join): the scope's own wait ends
            // when the closures return, before the threads are gone.
            std::thread::scope(|s| {
                let handles: Vec<_> = rest
                    .chunks_mut(per)
                    .map(|chunk| s.spawn(move || clear(chunk)))
                    .collect();
                for h in handles {
                    let _ = h.join();
                }
            });
        } else {
            clear(rest);
        }
    }
    if let Some(p) = progress {
        p.advance((unknowns - counted) as u64);
    }
    pivots
}

/// Whether any of these rows (zero on the unknowns) has its RHS set.
fn contradicts(rows: &[u64]) -> bool {
    rows.chunks_exact(WORDS).any(|row| bit(row, RHS))
}

fn swap_rows(matrix: &mut [u64], width: usize, a: usize, b: usize) {
    if a == b {
        return;
    }
    let (lo, hi) = (a.min(b), a.max(b));
    let (head, tail) = matrix.split_at_mut(hi * width);
    head[lo * width..(lo + 1) * width].swap_with_slice(&mut tail[..width]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gf2::{BitMatrix, BitVec};

    #[test]
    fn echelon_rank_matches_the_toolkit() {
        let mut s = 0x1234_5678_9abc_def1u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        for (rows, cols, sparse) in [(300, 200, false), (150, 250, false), (400, 300, true)] {
            let width = (cols + 1usize).div_ceil(64);
            let mut m = vec![0u64; rows * width];
            for r in 0..rows {
                for c in 0..cols {
                    let on = if sparse {
                        next() % 23 == 0
                    } else {
                        next() & 1 == 1
                    };
                    if on {
                        flip(&mut m[r * width..], c);
                    }
                }
            }
            let bitrows: Vec<BitVec> = (0..rows)
                .map(|r| {
                    BitVec::from_bools(
                        &(0..cols)
                            .map(|c| bit(&m[r * width..], c))
                            .collect::<Vec<_>>(),
                    )
                })
                .collect();
            let expected = BitMatrix::from_rows(&bitrows, cols).rank();
            let pivots = echelon(&mut m, width, cols, 1);
            assert_eq!(pivots.len(), expected, "{rows}x{cols}");
        }
    }

    /// The window solver's count of fitting states is the full solver's,
    /// and its unique state is the stream's.
    #[test]
    fn window_counts_match_the_full_solver() {
        use crate::observe::KnownBits;
        let mut mt = Mt19937::new(20_260_601);
        let words: Vec<u32> = (0..1400)
            .map(|_| rngkit::WordRng::next_word(&mut mt) as u32)
            .collect();
        // (mask of each word, words observed, first offset)
        for (masks, count, skip) in [
            (&[0xffff_ffe0u32, 0xffff_ffc0][..], 800usize, 0usize), // 400 floats
            (&[0xffff_fffe][..], 624, 3),                           // PHP mt_rand()
            (&[0xffff_0000][..], 1300, 10),                         // getrandbits(16)
            (&[0xffff_ffe0, 0xffff_ffc0][..], 1246, 0),             // 623 floats
        ] {
            let constraints: Vec<WordConstraint> = (skip..skip + count)
                .map(|i| {
                    let mask = masks[i % masks.len()];
                    WordConstraint {
                        offset: i as u64,
                        known: KnownBits::new(u64::from(mask), u64::from(words[i] & mask)),
                    }
                })
                .collect();
            let full = solve(&constraints, Twist::Standard, 2, 0).unwrap();
            match solve_window(&constraints, 2).unwrap() {
                Window::Open { free, complete } => {
                    assert!(complete);
                    assert_eq!(free, full.free(), "{masks:x?} x {count}");
                }
                Window::Unique { offset, block, .. } => {
                    assert_eq!(full.free(), 0, "{masks:x?} x {count}");
                    for (k, &y) in block.iter().enumerate() {
                        assert_eq!(temper(y), words[offset as usize + 1 + k]);
                    }
                }
                Window::Contradiction => panic!("the stream's own bits contradict"),
            }
        }
        // One flipped known bit among 1400 top-27-bit words contradicts.
        let mut constraints: Vec<WordConstraint> = (0..1400)
            .map(|i| WordConstraint {
                offset: i as u64,
                known: KnownBits::new(0xffff_ffe0, u64::from(words[i] & 0xffff_ffe0)),
            })
            .collect();
        constraints[1000].known =
            KnownBits::new(0xffff_ffe0, constraints[1000].known.value ^ 0x100);
        assert!(matches!(
            solve_window(&constraints, 2),
            Some(Window::Contradiction) | Some(Window::Unique { .. })
        ));
    }

    #[test]
    fn symbolic_rows_evaluate_to_the_stream() {
        for twist in [Twist::Standard, Twist::Legacy] {
            let mut x = vec![0u64; WORDS];
            let mut s = 0x9e37_79b9_7f4a_7c15u64;
            for w in x.iter_mut() {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                *w = s;
            }
            x[WORDS - 1] &= (1 << (unknowns(twist) % 64)) - 1;
            if twist == Twist::Legacy {
                // The legacy twist's extra unknown, set so that it counts.
                x[LEGACY_LOW_BIT / 64] |= 1 << (LEGACY_LOW_BIT % 64);
            }
            // Each twist's own generator, from the same solution bits.
            let mut rng: Box<dyn FnMut() -> u32> = match twist {
                Twist::Standard => {
                    let mut mt = state_of(&x).unwrap();
                    Box::new(move || rngkit::WordRng::next_word(&mut mt) as u32)
                }
                Twist::Legacy => {
                    let mut mt = rngkit::runtimes::php::PhpLegacyMt::from_state(
                        block_of(&x, Twist::Legacy),
                        0,
                    )
                    .unwrap();
                    Box::new(move || rngkit::WordRng::next_word(&mut mt) as u32)
                }
            };
            let mut stream = SymbolicStream::new(twist);
            for _ in 0..1500 {
                stream.advance();
                let rows = stream.newest();
                let mut word = 0u32;
                for j in 0..32 {
                    let row = &rows[j * WORDS..(j + 1) * WORDS];
                    let p = row
                        .iter()
                        .zip(&x)
                        .fold(0u64, |a, (r, v)| a ^ (r & v))
                        .count_ones()
                        & 1;
                    word |= p << j;
                }
                assert_eq!(temper(word), rng(), "{twist:?}");
            }
        }
    }
}

//! The `dotnet` (.NET 8+) and `dotnet6` (.NET 6, 7) GENs, and their 32-bit
//! process twins `dotnet-32bit` and `dotnet6-32bit`, against an independent
//! reference.
//!
//! No .NET 6+ runtime is installable here (Debian has Mono, whose
//! `System.Random` is the legacy algorithm), so the oracle is a Python
//! program written from dotnet/runtime's C# methods
//! (`Random.Xoshiro256StarStarImpl.cs` and `Random.Xoshiro128StarStarImpl.cs`
//! of .NET 6/7, and .NET 8's bounded draws with Lemire's method),
//! separately from the Rust code: it runs as a
//! process on 10 states x 1000 values per draw, and on an interleaved
//! stream of every draw. The generators themselves (xoshiro256** and
//! xoshiro128**) are checked against `rand_xoshiro`.

use rand_core::{Rng, SeedableRng};
use rngkit::registry::{DynGen, of};
use rngkit::runtimes::dotnet_xoshiro::{Dotnet6Gen, Dotnet6x32Gen, Dotnet32Gen, DotnetGen};

use crate::oracles;

const DRAWS: usize = 1000;

/// Ten states: SplitMix64 fills (as rand_xoshiro's seed_from_u64) and a few
/// hand-picked ones with small or structured words.
fn states() -> Vec<[u64; 4]> {
    let mut states: Vec<[u64; 4]> = (0..7u64)
        .map(|i| rngkit::generators::Xoshiro256StarStar::seed_from_u64(i * 0x9e37_79b9 + 1).state())
        .collect();
    states.push([1, 2, 3, 4]);
    states.push([0, 0, 0, 1]);
    states.push([u64::MAX, u64::MAX, u64::MAX, u64::MAX]);
    states
}

/// Ten states of the 32-bit generator: the halves of the 64-bit ones.
fn states32() -> Vec<[u64; 4]> {
    states()
        .iter()
        .map(|s| {
            let w = [
                s[0] as u32,
                (s[1] >> 32) as u32,
                s[2] as u32,
                (s[3] >> 32) as u32,
            ];
            if w == [0; 4] {
                [5, 6, 7, 8]
            } else {
                w.map(u64::from)
            }
        })
        .collect()
}

/// The draws checked, as `gen` takes them.
fn cases() -> Vec<Vec<&'static str>> {
    let mut cases: Vec<Vec<&str>> = vec![
        vec!["next"],
        vec!["next-int64"],
        vec!["next-double"],
        vec!["next-single"],
        vec!["next-bytes", "13"],
        vec!["next-bytes", "8"],
        vec!["next-bytes", "3"],
    ];
    for max in "0 1 2 6 100 1024 1000000007 1073741825 2147483647".split(' ') {
        cases.push(vec!["next", max]);
    }
    for (min, max) in [
        ("0", "0"),
        ("5", "6"),
        ("-5", "5"),
        ("1", "7"),
        ("100", "1124"),
        ("-2147483648", "2147483647"),
        ("-2147483648", "0"),
        ("-1000", "2147483647"),
    ] {
        cases.push(vec!["next", min, max]);
    }
    for max in "0 1 6 100 4294967296 1099511627777 4611686018427387904 6917529027641081856 9223372036854775807".split(' ') {
        cases.push(vec!["next-int64", max]);
    }
    for (min, max) in [
        ("7", "7"),
        ("-10", "10"),
        ("-9223372036854775808", "9223372036854775807"),
        ("-9223372036854775808", "-9223372036854775807"),
        ("0", "4294967297"),
        ("-4611686018427387904", "4611686018427387905"),
    ] {
        cases.push(vec!["next-int64", min, max]);
    }
    cases
}

/// The reference: the C# methods of `XoshiroImpl` in Python, one function a
/// method. `lemire` picks .NET 8's bounded draws, else .NET 6/7's.
const REFERENCE: &str = r#"
import struct, sys

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1

def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64

class Xoshiro:
    def __init__(self, s, lemire):
        self.s0, self.s1, self.s2, self.s3 = s
        self.lemire = lemire

    def next_uint64(self):
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        result = (rotl((s1 * 5) & M64, 7) * 9) & M64
        t = (s1 << 17) & M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl(s3, 45)
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3
        return result

    def next_uint32(self):
        return self.next_uint64() >> 32

    def Next(self):
        while True:
            r = self.next_uint64() >> 33
            if r != 0x7fffffff:
                return r

    def NextInt64(self):
        while True:
            r = self.next_uint64() >> 1
            if r != 0x7fffffffffffffff:
                return r

    # .NET 8: Lemire's nearly divisionless method.
    def bounded_uint(self, bound):
        product = bound * self.next_uint32()
        low = product & M32
        if low < bound:
            remainder = ((1 << 32) - bound) % bound
            while low < remainder:
                product = bound * self.next_uint32()
                low = product & M32
        return product >> 32

    def bounded_ulong(self, bound):
        product = bound * self.next_uint64()
        low = product & M64
        if low < bound:
            remainder = ((1 << 64) - bound) % bound
            while low < remainder:
                product = bound * self.next_uint64()
                low = product & M64
        return product >> 64

    # .NET 6 and 7: the smallest power of two, rejection.
    def masked(self, r):
        if r <= 1:
            return 0
        bits = (r - 1).bit_length()
        while True:
            v = self.next_uint64() >> (64 - bits)
            if v < r:
                return v

    def NextMax(self, mx):
        if self.lemire:
            return self.bounded_uint(mx)
        return self.masked(mx)

    def NextRange(self, lo, hi):
        r = hi - lo
        if self.lemire:
            return self.bounded_uint(r & M32) + lo
        return self.masked(r) + lo

    def NextInt64Max(self, mx):
        if self.lemire:
            return self.bounded_ulong(mx)
        return self.masked(mx)

    def NextInt64Range(self, lo, hi):
        r = (hi - lo) & M64
        v = self.bounded_ulong(r) if self.lemire else self.masked(r)
        return ((v + lo + (1 << 63)) & M64) - (1 << 63)

    def NextDouble(self):
        return (self.next_uint64() >> 11) * (1.0 / (1 << 53))

    def NextSingle(self):
        return (self.next_uint64() >> 40) * (1.0 / (1 << 24))

    def NextBytes(self, n):
        out = bytearray()
        while len(out) + 8 <= n:
            out += struct.pack('<Q', self.next_uint64())
        if len(out) < n:
            out += struct.pack('<Q', self.next_uint64())[: n - len(out)]
        return bytes(out)


def rotl32(x, k):
    return ((x << k) | (x >> (32 - k))) & M32

class Xoshiro32(Xoshiro):
    """The 32-bit process's XoshiroImpl (xoshiro128**)."""

    def next_uint32(self):
        s0, s1, s2, s3 = self.s0, self.s1, self.s2, self.s3
        result = (rotl32((s1 * 5) & M32, 7) * 9) & M32
        t = (s1 << 9) & M32
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = rotl32(s3, 11)
        self.s0, self.s1, self.s2, self.s3 = s0, s1, s2, s3
        return result

    def next_uint64(self):
        high = self.next_uint32()
        return (high << 32) | self.next_uint32()

    def Next(self):
        while True:
            r = self.next_uint32() >> 1
            if r != 0x7fffffff:
                return r

    def masked32(self, r):
        if r <= 1:
            return 0
        bits = (r - 1).bit_length()
        while True:
            v = self.next_uint32() >> (32 - bits)
            if v < r:
                return v

    def NextMax(self, mx):
        if self.lemire:
            return self.bounded_uint(mx)
        return self.masked32(mx)

    def NextRange(self, lo, hi):
        r = (hi - lo) & M32
        if self.lemire:
            return self.bounded_uint(r) + lo
        return self.masked32(r) + lo

    def NextInt64Max(self, mx):
        if self.lemire:
            return self.bounded_ulong(mx)
        if mx <= 0x7fffffff:
            return self.NextMax(mx)
        return self.masked(mx)

    def NextInt64Range(self, lo, hi):
        r = (hi - lo) & M64
        if self.lemire:
            v = self.bounded_ulong(r)
        elif r <= 0x7fffffff:
            v = self.masked32(r)
        else:
            v = self.masked(r)
        return ((v + lo + (1 << 63)) & M64) - (1 << 63)

    def NextSingle(self):
        return (self.next_uint32() >> 8) * (1.0 / (1 << 24))

    def NextBytes(self, n):
        out = bytearray()
        while len(out) + 4 <= n:
            out += struct.pack('<I', self.next_uint32())
        if len(out) < n:
            out += struct.pack('<I', self.next_uint32())[: n - len(out)]
        return bytes(out)

def call(rng, args):
    name, rest = args[0], [int(a) for a in args[1:]]
    if name == 'next':
        if not rest: return str(rng.Next())
        if len(rest) == 1: return str(rng.NextMax(rest[0]))
        return str(rng.NextRange(*rest))
    if name == 'next-int64':
        if not rest: return str(rng.NextInt64())
        if len(rest) == 1: return str(rng.NextInt64Max(rest[0]))
        return str(rng.NextInt64Range(*rest))
    if name == 'next-double':
        return '0x%016x' % struct.unpack('<Q', struct.pack('<d', rng.NextDouble()))[0]
    if name == 'next-single':
        return '0x%08x' % struct.unpack('<I', struct.pack('<f', rng.NextSingle()))[0]
    if name == 'next-bytes':
        return rng.NextBytes(rest[0]).hex()
    raise ValueError(name)

lines = []
for cls, states in ((Xoshiro, STATES), (Xoshiro32, STATES32)):
    for lemire in (True, False):
        for s in states:
            for args in CASES:
                rng = cls(s, lemire)
                lines.append(' '.join(call(rng, args) for _ in range(DRAWS)))
            rng = cls(s, lemire)
            lines.append(' '.join(call(rng, CASES[i % len(CASES)]) for i in range(DRAWS)))
sys.stdout.write('\n'.join(lines) + '\n')
"#;

#[test]
fn dotnet_matches_reference_of_the_csharp_methods() {
    let states = states();
    let cases = cases();
    let states32 = states32();
    let tuples = |states: &[[u64; 4]]| {
        states
            .iter()
            .map(|s| format!("({}, {}, {}, {})", s[0], s[1], s[2], s[3]))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let program = format!(
        "STATES = [{}]\nSTATES32 = [{}]\nCASES = [{}]\nDRAWS = {DRAWS}\n{REFERENCE}",
        tuples(&states),
        tuples(&states32),
        cases
            .iter()
            .map(|c| format!(
                "[{}]",
                c.iter()
                    .map(|a| format!("'{a}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
            .collect::<Vec<_>>()
            .join(", "),
    );
    let Some(output) = oracles::CPYTHON.run(&program) else {
        return;
    };
    let mut lines = output.lines();
    let mut compared = 0;
    for (g, states) in [
        (of::<DotnetGen>(), &states),
        (of::<Dotnet6Gen>(), &states),
        (of::<Dotnet32Gen>(), &states32),
        (of::<Dotnet6x32Gen>(), &states32),
    ] {
        for s in states {
            for c in &cases {
                let draw = g.parse_draw(c[0], &c[1..]).expect("parse");
                let mut rng = g.from_words(s).expect("state");
                let ours: Vec<String> = (0..DRAWS)
                    .map(|_| oracles::float_bits_format(&draw.eval(&mut rng)))
                    .collect();
                let theirs = lines.next().expect("a line per state and case");
                oracles::compare_tokens(
                    "the reference",
                    &format!("{} state {s:x?} {}", g.name(), c.join(" ")),
                    &ours.join(" "),
                    theirs,
                );
                compared += DRAWS;
            }
            // Every draw in turn from one state: the steps each consumes.
            let draws: Vec<_> = cases
                .iter()
                .map(|c| g.parse_draw(c[0], &c[1..]).expect("parse"))
                .collect();
            let mut rng = g.from_words(s).expect("state");
            let ours: Vec<String> = (0..DRAWS)
                .map(|i| oracles::float_bits_format(&draws[i % draws.len()].eval(&mut rng)))
                .collect();
            oracles::compare_tokens(
                "the reference",
                &format!("{} state {s:x?} interleaved", g.name()),
                &ours.join(" "),
                lines.next().expect("the interleaved line"),
            );
        }
    }
    assert_eq!(compared, 4 * states.len() * cases.len() * DRAWS);
}

/// The generator underneath is xoshiro256** exactly: `NextUInt64()` is
/// rand_xoshiro's `next_u64` from the same four words.
#[test]
fn dotnet_generator_is_rand_xoshiro() {
    for (i, s) in states().iter().enumerate() {
        let g = of::<DotnetGen>();
        let mut ours = g.from_words(s).unwrap();
        let mut seed = [0u8; 32];
        for (chunk, w) in seed.chunks_mut(8).zip(s) {
            chunk.copy_from_slice(&w.to_le_bytes());
        }
        let mut theirs = rand_xoshiro::Xoshiro256StarStar::from_seed(seed);
        for n in 0..1000 {
            assert_eq!(ours.next_word(), theirs.next_u64(), "state {i}, output {n}");
        }
    }
}

/// The 32-bit generator is xoshiro128** exactly: rand_xoshiro's
/// `Xoshiro128StarStar` from the same four words.
#[test]
fn dotnet_32bit_generator_is_rand_xoshiro() {
    for (i, s) in states32().iter().enumerate() {
        let mut ours = of::<Dotnet32Gen>().from_words(s).unwrap();
        let mut seed = [0u8; 16];
        for (chunk, w) in seed.chunks_mut(4).zip(s) {
            chunk.copy_from_slice(&(*w as u32).to_le_bytes());
        }
        let mut theirs = rand_xoshiro::Xoshiro128StarStar::from_seed(seed);
        for n in 0..1000 {
            assert_eq!(
                ours.next_word(),
                u64::from(theirs.next_u32()),
                "state {i}, output {n}"
            );
        }
    }
}

/// What .NET's argument checks throw is a bad draw here, nothing drawn.
#[test]
fn dotnet_rejects_what_dotnet_throws() {
    let g: &dyn DynGen = of::<DotnetGen>();
    for (name, args) in [
        ("next", &["-1"][..]),
        ("next", &["5", "4"]),
        ("next-int64", &["-1"]),
        ("next-int64", &["0", "-1"]),
        ("next-max", &["1", "2"]),
        ("next-range", &["3"]),
        ("next", &["1", "2", "3"]),
        ("next-double", &["1"]),
        ("next", &["2147483648"]),
    ] {
        assert!(g.parse_draw(name, args).is_err(), "{name} {args:?}");
    }
    assert!(g.seed(&1.into(), &Default::default()).is_err());
    assert!(g.from_words(&[0, 0, 0, 0]).is_err());
}

#!/usr/bin/env python3
"""Independent reference for tests/facade_stability.rs.

Re-implements, from the published descriptions and not from the Rust code,
the generators (SplitMix64 and xoshiro256** after Vigna's reference C,
PCG32 after O'Neill's pcg32_srandom_r / pcg32_random_r) and the facade's
documented draw mappings (Lemire's nearly divisionless bounded integers,
24/53-bit floats, Durstenfeld shuffle, linear weighted pick, rejection
sampling in the disc/ball, Marsaglia 1972, Shoemake 1992), and prints the
values the Rust test pins. Run: python3 crates/rngkit/tests/facade_reference.py

f32 results are printed as IEEE-754 bit patterns; f32 arithmetic is emulated
by rounding each f64 result to f32 (exact for the products used here, as a
24-bit by 24-bit product fits in 53 bits).
"""
import math
import struct

M64 = (1 << 64) - 1
M32 = (1 << 32) - 1


def f32(x):
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f64_bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


class SplitMix64:
    def __init__(self, state):
        self.state = state

    def next64(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def next32(self):
        return self.next64() >> 32


class Xoshiro256ss:
    def __init__(self, seed):
        sm = SplitMix64(seed)
        self.s = [sm.next64() for _ in range(4)]

    def next64(self):
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M64
        result = (rotl((s[1] * 5) & M64, 7) * 9) & M64
        t = (s[1] << 17) & M64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def next32(self):
        return self.next64() >> 32  # upper half, as the crate documents


class Pcg32:
    MULT = 6364136223846793005

    def __init__(self, seed, stream):
        self.state = 0
        self.inc = ((stream << 1) | 1) & M64
        self.next32()
        self.state = (self.state + seed) & M64
        self.next32()

    def next32(self):
        old = self.state
        self.state = (old * self.MULT + self.inc) & M64
        xorshifted = (((old >> 18) ^ old) >> 27) & M32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & M32

    def next64(self):
        lo = self.next32()
        hi = self.next32()
        return lo | (hi << 32)  # first output in the low half


def lemire(next_word, span, bits):
    """Lemire's bounded draw (2019, algorithm 5) on `bits`-bit words."""
    mask = (1 << bits) - 1
    m = next_word() * span
    low = m & mask
    if low < span:
        t = ((1 << bits) - span) % span
        while low < t:
            m = next_word() * span
            low = m & mask
    return m >> bits


def bounded(rng, span, words):
    """words: 32 for types of <= 32 bits, 64 for i64/u64, 'usize' for
    usize/isize (32-bit words when the span fits in 32 bits)."""
    if words == 'usize':
        words = 32 if span <= 1 << 32 else 64
    if words == 32:
        return rng.next32() if span == 1 << 32 else lemire(rng.next32, span, 32)
    return rng.next64() if span == 1 << 64 else lemire(rng.next64, span, 64)


def range_int(rng, lo, hi, words):  # half-open
    return lo + bounded(rng, hi - lo, words)


def unit_f32(rng):
    return (rng.next32() >> 8) * 2.0 ** -24


def unit_f32_closed(rng):
    return f32((rng.next32() >> 8) / 16777215.0)


def unit_f64(rng):
    return (rng.next64() >> 11) * 2.0 ** -53


def range_f32_closed(rng, lo, hi):
    t = unit_f32_closed(rng)
    return min(max(f32(lo + f32(f32(hi - lo) * t)), lo), hi)


def range_f64_half_open(rng, lo, hi):
    v = lo + (hi - lo) * unit_f64(rng)
    assert v < hi
    return v


def coin(rng):
    return rng.next32() >> 31 == 1


def shuffle(rng, items):
    for i in range(len(items) - 1, 0, -1):
        j = range_int(rng, 0, i + 1, 'usize')
        items[i], items[j] = items[j], items[i]
    return items


def partial_shuffle(rng, items, amount):
    n = len(items)
    for i in range(amount):
        j = i + range_int(rng, 0, n - i, 'usize')
        items[i], items[j] = items[j], items[i]
    return items[:amount]


def weighted_index(rng, weights):
    total = 0.0
    for w in weights:
        total += w
    r = unit_f64(rng) * total
    run = 0.0
    last = 0
    for i, w in enumerate(weights):
        run += w
        if r < run:
            return i
        if w > 0:
            last = i
    return last


def inside_circle(rng):
    while True:
        x = f32(2.0 * unit_f32(rng) - 1.0)
        y = f32(2.0 * unit_f32(rng) - 1.0)
        if f32(f32(x * x) + f32(y * y)) < 1.0:
            return [x, y]


def inside_sphere(rng):
    while True:
        x = f32(2.0 * unit_f32(rng) - 1.0)
        y = f32(2.0 * unit_f32(rng) - 1.0)
        z = f32(2.0 * unit_f32(rng) - 1.0)
        if f32(f32(f32(x * x) + f32(y * y)) + f32(z * z)) < 1.0:
            return [x, y, z]


def on_circle(rng):
    a = 2 * math.pi * unit_f64(rng)
    return [f32(math.cos(a)), f32(math.sin(a))]


def on_sphere(rng):  # Marsaglia 1972
    while True:
        u = 2.0 * unit_f64(rng) - 1.0
        v = 2.0 * unit_f64(rng) - 1.0
        s = u * u + v * v
        if s < 1.0:
            k = 2.0 * math.sqrt(1.0 - s)
            return [f32(u * k), f32(v * k), f32(1.0 - 2.0 * s)]


def rotation(rng):  # Shoemake 1992
    u1, u2, u3 = unit_f64(rng), unit_f64(rng), unit_f64(rng)
    a, b = math.sqrt(1.0 - u1), math.sqrt(u1)
    t2, t3 = 2 * math.pi * u2, 2 * math.pi * u3
    return [f32(a * math.sin(t2)), f32(a * math.cos(t2)), f32(b * math.sin(t3)), f32(b * math.cos(t3))]


def hexs(values, bits):
    return '[' + ', '.join('0x%08x' % bits(v) for v in values) + ']'


def report(name, make):
    print('==', name)
    r = make(); print('range(0..10) x8:', [range_int(r, 0, 10, 32) for _ in range(8)])
    r = make(); print('range(-1000..=1000 i32) x4:', [range_int(r, -1000, 1001, 32) for _ in range(4)])
    r = make(); print('range(0..3<<40 u64) x4:', [range_int(r, 0, 3 << 40, 64) for _ in range(4)])
    r = make(); print('range(i64::MIN..=i64::MAX) x2:', [range_int(r, -(1 << 63), 1 << 63, 64) for _ in range(2)])
    r = make(); print('range(-3i64..7) x4:', [range_int(r, -3, 7, 64) for _ in range(4)])
    r = make(); print('next_f32 bits x4:', hexs([unit_f32(r) for _ in range(4)], f32_bits))
    r = make(); print('next_f64 bits x3:', [hex(f64_bits(unit_f64(r))) for _ in range(3)])
    r = make(); print('range(-5.0f32..=5.0) bits x4:', hexs([range_f32_closed(r, -5.0, 5.0) for _ in range(4)], f32_bits))
    r = make(); print('range(1.0f64..2.0) bits x3:', [hex(f64_bits(range_f64_half_open(r, 1.0, 2.0))) for _ in range(3)])
    r = make(); print('chance(0.3) x8:', [unit_f64(r) < 0.3 for _ in range(8)])
    r = make(); print('coin x8:', [coin(r) for _ in range(8)])
    r = make(); print('shuffle(0..10):', shuffle(r, list(range(10))))
    r = make(); print('partial_shuffle(0..10, 3):', partial_shuffle(r, list(range(10)), 3))
    r = make(); print('weighted_index([1,2,3,4]) x8:', [weighted_index(r, [1.0, 2.0, 3.0, 4.0]) for _ in range(8)])
    r = make(); print('inside_unit_circle x2:', [hexs(inside_circle(r), f32_bits) for _ in range(2)])
    r = make(); print('on_unit_circle x2:', [hexs(on_circle(r), f32_bits) for _ in range(2)])
    r = make(); print('inside_unit_sphere x2:', [hexs(inside_sphere(r), f32_bits) for _ in range(2)])
    r = make(); print('on_unit_sphere x2:', [hexs(on_sphere(r), f32_bits) for _ in range(2)])
    r = make(); print('rotation_uniform x2:', [hexs(rotation(r), f32_bits) for _ in range(2)])


def fnv1a64(text):
    h = 0xcbf29ce484222325
    for b in text.encode('utf-8'):
        h = ((h ^ b) * 0x100000001b3) & M64
    return h


if __name__ == '__main__':
    report('xoshiro256ss seed 42', lambda: Xoshiro256ss(42))
    report('pcg32 seed 42 stream 54', lambda: Pcg32(42, 54))
    for text in ['', 'a', 'foobar', 'level-1', 'Ünïcødé 🎲', 'The quick brown fox jumps over the lazy dog']:
        print('fnv1a64(%r) = %#018x' % (text, fnv1a64(text)))
    r = Xoshiro256ss(fnv1a64('level-1'))
    print('xoshiro256ss seed_from_str("level-1") next_u64 x2:', [hex(r.next64()) for _ in range(2)])

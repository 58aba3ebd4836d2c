#!/usr/bin/env python3
"""Independent reference for Unity.Mathematics.Random (random.cs of
Unity-Technologies/Unity.Mathematics), written from the C# source without
looking at rngkit's Rust code. Pure Python: integers for the xorshift, struct
packing for float bit patterns and for rounding to float32 (a float32 op is
computed exactly in float64 here when it can be, then rounded once).

Prints the vectors pasted into tests/engine_unity_math.rs. Run:
    python3 crates/rngkit/tests/reference/unity_math_ref.py
"""
import struct

M32 = 0xFFFFFFFF


def f32(x):
    """Round a Python float (binary64) to the nearest binary32."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def asfloat(bits):
    return struct.unpack('<f', struct.pack('<I', bits & M32))[0]


def asdouble(bits):
    return struct.unpack('<d', struct.pack('<Q', bits))[0]


def f32_bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


def f64_bits(x):
    return struct.unpack('<Q', struct.pack('<d', x))[0]


def to_int(u):
    u &= M32
    return u - (1 << 32) if u >= 1 << 31 else u


class Random:
    def __init__(self, seed):
        assert seed != 0
        self.state = seed
        self.next_state()

    def next_state(self):
        t = self.state
        s = self.state
        s ^= (s << 13) & M32
        s ^= s >> 17
        s ^= (s << 5) & M32
        self.state = s
        return t

    def next_uint(self):
        return (self.next_state() - 1) & M32

    def next_int_range(self, lo, hi):
        rng = (hi - lo) & M32
        return to_int(((self.next_state() * rng) >> 32) + lo)

    def next_float(self):
        # asfloat(0x3f800000 | s >> 9) - 1.0f: exact in binary64, then f32.
        return f32(asfloat(0x3F800000 | (self.next_state() >> 9)) - 1.0)

    def next_float_range(self, lo, hi):
        t = self.next_float()
        span = f32(f32(hi) - f32(lo))
        return f32(f32(t * span) + f32(lo))

    def next_bool(self):
        return (self.next_state() & 1) == 1

    def next_double(self):
        hi = self.next_state()
        lo = self.next_state()
        sx = ((hi << 20) ^ lo) & ((1 << 64) - 1)
        return asdouble(0x3FF0000000000000 | sx) - 1.0


def wang_hash(n):
    n = (n ^ 61) ^ (n >> 16)
    n = (n * 9) & M32
    n ^= n >> 4
    n = (n * 0x27D4EB2D) & M32
    return n ^ (n >> 15)


if __name__ == '__main__':
    for seed in (1, 0x6E624EB7, 0xFFFFFFFF):
        r = Random(seed)
        print('seed', seed, 'state', r.state)
        print('  next_uint', [Random(seed).next_uint()] + [r.next_uint() for _ in range(4)][1:])
    for seed in (1, 12345):
        r = Random(seed)
        print('seed', seed, 'uint', [r.next_uint() for _ in range(5)])
        r = Random(seed)
        print('seed', seed, 'int(-10,10)', [r.next_int_range(-10, 10) for _ in range(5)])
        r = Random(seed)
        print('seed', seed, 'int(MIN,MAX)', [r.next_int_range(-2**31, 2**31 - 1) for _ in range(3)])
        r = Random(seed)
        print('seed', seed, 'float bits', [hex(f32_bits(r.next_float())) for _ in range(5)])
        r = Random(seed)
        print('seed', seed, 'float(-3.5,100) bits',
              [hex(f32_bits(r.next_float_range(-3.5, 100.0))) for _ in range(3)])
        r = Random(seed)
        print('seed', seed, 'bool', [r.next_bool() for _ in range(8)])
        r = Random(seed)
        print('seed', seed, 'double bits', [hex(f64_bits(r.next_double())) for _ in range(3)])
    print('CreateFromIndex(0..3) states', [Random(wang_hash((i + 62) & M32)).state for i in range(3)])

#!/usr/bin/env python3
"""Independent reference for the game GENs of engines/godot.rs, engines/unreal.rs
and engines/pokemon/ (pokerng, xdrng, arng, bwrng, sfmt, swsh).

Written from the algorithms as documented (Godot's core/math/random_pcg.h and
thirdparty/misc/pcg.cpp, Unreal's RandomStream.h, PokeFinder's LCRNG/LCRNG64/
SFMT/Xoroshiro, PKHeX's Xoroshiro128Plus, the SFMT reference paper), with
Python integers and `struct` for float32 rounding; it shares no code with the
Rust crate. Prints one line per case:

    GEN SEED | DRAW ARGS | COUNT | v1 v2 ...

with every value in rngkit's `--hex` form (integers zero-padded hex, floats as
their IEEE-754 bits). Regenerate with:

    python3 crates/rngkit/tests/reference/games_ref.py > crates/rngkit/tests/reference/games_vectors.txt
"""

import ctypes
import ctypes.util
import math
import struct

# Godot's float randfn calls the C library's cosf/logf (glibc on Linux): the
# reference calls them too (Python's math.cos/math.log are the C library's
# double functions already).
_LIBM = ctypes.CDLL(ctypes.util.find_library("m"))
_LIBM.cosf.argtypes = [ctypes.c_float]
_LIBM.cosf.restype = ctypes.c_float
_LIBM.logf.argtypes = [ctypes.c_float]
_LIBM.logf.restype = ctypes.c_float

M32 = (1 << 32) - 1
M64 = (1 << 64) - 1


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def f32_bits(x):
    return "0x%08x" % struct.unpack("<I", struct.pack("<f", x))[0]


def f64_bits(x):
    return "0x%016x" % struct.unpack("<Q", struct.pack("<d", x))[0]


def u32h(v):
    return "0x%08x" % (v & M32)


def u64h(v):
    return "0x%016x" % (v & M64)


# ----------------------------------------------------------------- LCRNGs

LCRNGS = {
    "pokerng": (0x41C64E6D, 0x6073),
    "xdrng": (0x343FD, 0x269EC3),
    "arng": (0x6C078965, 0x1),
}


class Lcrng:
    def __init__(self, mul, add, seed):
        self.mul, self.add, self.seed = mul, add, seed & M32

    def next(self):
        self.seed = (self.seed * self.mul + self.add) & M32
        return self.seed


def lcrng_cases(name, seed):
    mul, add = LCRNGS[name]
    out = []
    r = Lcrng(mul, add, seed)
    out.append((name, seed, "next", [u32h(r.next()) for _ in range(8)]))
    r = Lcrng(mul, add, seed)
    out.append((name, seed, "next-u16", [u32h(r.next() >> 16) for _ in range(8)]))
    for n in (25, 32, 100, 65536):
        r = Lcrng(mul, add, seed)
        out.append((name, seed, "rand %d" % n, [u32h((r.next() >> 16) % n) for _ in range(6)]))
    return out


# ------------------------------------------------------------------ BWRNG


def bwrng_cases(seed):
    mul, add = 0x5D588B656C078965, 0x269EC3
    out = []

    def gen():
        s = seed & M64
        while True:
            s = (s * mul + add) & M64
            yield s

    g = gen()
    out.append(("bwrng", seed, "next", [u64h(next(g)) for _ in range(6)]))
    g = gen()
    out.append(("bwrng", seed, "next-u32", [u32h(next(g) >> 32) for _ in range(6)]))
    for n in (25, 100, 0x100000000):
        g = gen()
        out.append(("bwrng", seed, "rand %d" % n, [u32h(((next(g) >> 32) * n) >> 32) for _ in range(6)]))
    return out


# ------------------------------------------------------------------- SwSh


class Xoroshiro:
    def __init__(self, seed):
        self.s0, self.s1 = seed & M64, 0x82A2B175229D6A5B

    @staticmethod
    def rotl(x, k):
        return ((x << k) | (x >> (64 - k))) & M64

    def next(self):
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & M64
        s1 ^= s0
        self.s0 = self.rotl(s0, 24) ^ s1 ^ ((s1 << 16) & M64)
        self.s1 = self.rotl(s1, 37)
        return result

    def rand(self, n):
        # PKHeX GetBitmask: n - 1 with every bit below its top bit set.
        mask = n - 1
        for i in range(6):
            mask |= mask >> (1 << i)
        while True:
            r = self.next() & mask
            if r < n:
                return r


def swsh_cases(seed):
    out = []
    x = Xoroshiro(seed)
    out.append(("swsh", seed, "next", [u64h(x.next()) for _ in range(6)]))
    for n in (2, 6, 25, 32, 100, 0xFFFFFFFF, 0x100000000, 3 << 62):
        x = Xoroshiro(seed)
        out.append(("swsh", seed, "rand %d" % n, [u64h(x.rand(n)) for _ in range(8)]))
    return out


# ------------------------------------------------------------------- SFMT


class Sfmt:
    """SFMT-19937 on a list of 624 32-bit words (the reference's layout)."""

    MSK = (0xDFFFFFEF, 0xDDFECB7F, 0xBFFAFFFF, 0xBFFFFFF6)
    PARITY = (0x00000001, 0x00000000, 0x00000000, 0x13C9E684)

    def __init__(self, seed):
        w = [0] * 624
        w[0] = seed & M32
        for i in range(1, 624):
            w[i] = (1812433253 * (w[i - 1] ^ (w[i - 1] >> 30)) + i) & M32
        self.w = w
        self.idx = 624
        inner = 0
        for i in range(4):
            inner ^= w[i] & self.PARITY[i]
        inner = bin(inner).count("1") & 1
        if inner == 0:
            # The first set bit of the parity vector: bit 0 of word 0.
            self.w[0] ^= 1

    @staticmethod
    def lshift128(q, bytes_):
        v = q[0] | q[1] << 32 | q[2] << 64 | q[3] << 96
        v = (v << (8 * bytes_)) & ((1 << 128) - 1)
        return [(v >> (32 * k)) & M32 for k in range(4)]

    @staticmethod
    def rshift128(q, bytes_):
        v = q[0] | q[1] << 32 | q[2] << 64 | q[3] << 96
        v >>= 8 * bytes_
        return [(v >> (32 * k)) & M32 for k in range(4)]

    def rec(self, a, b, c, d):
        x = self.lshift128(a, 1)
        y = self.rshift128(c, 1)
        return [
            a[k] ^ x[k] ^ ((b[k] >> 11) & self.MSK[k]) ^ y[k] ^ ((d[k] << 18) & M32)
            for k in range(4)
        ]

    def gen_rand_all(self):
        q = [self.w[4 * i : 4 * i + 4] for i in range(156)]
        c, d = q[154], q[155]
        for i in range(156):
            b = q[i + 122] if i < 34 else q[i - 34]
            r = self.rec(q[i], b, c, d)
            q[i] = r
            c, d = d, r
        self.w = [v for row in q for v in row]

    def next64(self):
        if self.idx >= 624:
            self.gen_rand_all()
            self.idx = 0
        lo, hi = self.w[self.idx], self.w[self.idx + 1]
        self.idx += 2
        return lo | hi << 32


def sfmt_cases(seed):
    out = []
    s = Sfmt(seed)
    vals = [s.next64() for _ in range(700)]  # crosses two regenerations
    out.append(("sfmt", seed, "next", [u64h(v) for v in vals]))
    s = Sfmt(seed)
    out.append(("sfmt", seed, "next-u32", [u32h(s.next64() & M32) for _ in range(5)]))
    for n in (25, 100, 0xFFFFFFFF):
        s = Sfmt(seed)
        out.append(("sfmt", seed, "rand %d" % n, [u64h(s.next64() % n) for _ in range(5)]))
    return out


# ------------------------------------------------------------------ Godot

PCG_MUL = 6364136223846793005
GODOT_INC = 1442695040888963407


class Pcg:
    def __init__(self, seed, seq):
        self.inc = ((seq << 1) | 1) & M64
        self.state = 0
        self.rand()
        self.state = (self.state + seed) & M64
        self.rand()

    def rand(self):
        old = self.state
        self.state = (old * PCG_MUL + self.inc) & M64
        xs = (((old >> 18) ^ old) >> 27) & M32
        rot = old >> 59
        return ((xs >> rot) | (xs << ((-rot) & 31))) & M32

    def bounded(self, bound):
        threshold = ((1 << 32) - bound) % bound
        while True:
            r = self.rand()
            if r >= threshold:
                return r % bound

    def randf(self):
        a = self.rand()
        if a == 0:
            return 0.0
        clz = 32 - a.bit_length()
        return math.ldexp(f32(self.rand() | 0x80000001), -32 - clz)

    def randd(self):
        a = self.rand()
        if a == 0:
            return 0.0
        clz = 32 - a.bit_length()
        sig = ((self.rand() << 32) | self.rand() | 0x8000000000000001) & M64
        return math.ldexp(float(sig), -64 - clz)  # float(int) rounds to nearest even

    def randi_range(self, a, b):
        if a == b:
            return a
        lo, hi = min(a, b), max(a, b)
        diff = hi - lo
        if diff == M32:
            return self.rand() + lo
        return self.bounded(diff + 1) + lo

    def randf_range(self, a, b):
        return f32(f32(self.randf() * f32(f32(b) - f32(a))) + f32(a))

    def randfn(self, mean, dev):
        temp = self.randf()
        if temp < 0.00001:
            temp = f32(temp + 0.00001)
        angle = f32(f32(math.tau) * self.randf())
        radius = math.sqrt(-2.0 * _LIBM.logf(temp))
        return f32(f32(mean) + f32(dev) * (_LIBM.cosf(angle) * radius))

    def global_randf_range(self, a, b):
        return self.randd() * (b - a) + a

    def global_randfn(self, mean, dev):
        temp = self.randd()
        if temp < 0.00001:
            temp += 0.00001
        return mean + dev * (math.cos(math.tau * self.randd()) * math.sqrt(-2.0 * math.log(temp)))


def godot_cases(seed):
    out = []
    g = lambda: Pcg(seed, GODOT_INC)
    p = g()
    out.append(("godot", seed, "randi", [u32h(p.rand()) for _ in range(6)]))
    p = g()
    out.append(("godot", seed, "randf", [f32_bits(p.randf()) for _ in range(6)]))
    p = g()
    out.append(("godot", seed, "randd", [f64_bits(p.randd()) for _ in range(4)]))
    for a, b in ((-50, 50), (0, 1), (10, 3), (0, 7), (-2147483648, 2147483647), (5, 5), (0, 3000000000 - 2**31)):
        p = g()
        out.append(("godot", seed, "randi-range %d %d" % (a, b), [u32h(p.randi_range(a, b)) for _ in range(6)]))
    for a, b in ((-100.0, 100.0), (0.0, 1.0), (3.5, -2.25)):
        p = g()
        out.append(("godot", seed, "randf-range %r %r" % (a, b), [f32_bits(p.randf_range(a, b)) for _ in range(6)]))
        p = g()
        out.append(("godot", seed, "global-randf-range %r %r" % (a, b), [f64_bits(p.global_randf_range(a, b)) for _ in range(6)]))
    for m, d in ((0.0, 1.0), (5.0, 10.0)):
        p = g()
        out.append(("godot", seed, "randfn %r %r" % (m, d), [f32_bits(p.randfn(m, d)) for _ in range(6)]))
        p = g()
        out.append(("godot", seed, "global-randfn %r %r" % (m, d), [f64_bits(p.global_randfn(m, d)) for _ in range(6)]))
    return out


# ----------------------------------------------------------------- Unreal


class Stream:
    def __init__(self, seed):
        self.seed = seed & M32

    def mutate(self):
        self.seed = (self.seed * 196314165 + 907633515) & M32
        return self.seed

    def fraction(self):
        bits = 0x3F800000 | (self.mutate() >> 9)
        return f32(struct.unpack("<f", struct.pack("<I", bits))[0] - 1.0)

    def rand_helper(self, a):
        if a <= 0:
            return 0
        return min(int(f32(self.fraction() * f32(a))), a - 1)

    def rand_range(self, lo, hi):
        rng = ((hi - lo + 1) + 2**31) % 2**32 - 2**31
        return ((lo + self.rand_helper(rng)) + 2**31) % 2**32 - 2**31

    def frand_range(self, lo, hi):
        lo, hi = f32(lo), f32(hi)
        return f32(lo + f32(f32(hi - lo) * self.fraction()))

    def vrand(self):
        while True:
            x = f32(f32(self.fraction() * 2.0) - 1.0)
            y = f32(f32(self.fraction() * 2.0) - 1.0)
            z = f32(f32(self.fraction() * 2.0) - 1.0)
            l = x * x + y * y + z * z
            if not (l > 1.0 or l < f32(1.0e-4)):
                s = 1.0 / math.sqrt(l)
                return (x * s, y * s, z * s)


def unreal_cases(seed):
    out = []
    s = Stream(seed)
    out.append(("unreal", seed, "get-unsigned-int", [u32h(s.mutate()) for _ in range(6)]))
    s = Stream(seed)
    out.append(("unreal", seed, "get-fraction", [f32_bits(s.fraction()) for _ in range(6)]))
    s = Stream(seed)
    out.append(("unreal", seed, "frand", [f32_bits(s.fraction()) for _ in range(6)]))
    for a in (10, 1, 0, -3, 100000000):
        s = Stream(seed)
        out.append(("unreal", seed, "rand-helper %d" % a, [u32h(s.rand_helper(a)) for _ in range(6)]))
    for lo, hi in ((1, 6), (-10, 10), (0, 0), (-2147483648, 2147483647)):
        s = Stream(seed)
        out.append(("unreal", seed, "rand-range %d %d" % (lo, hi), [u32h(s.rand_range(lo, hi)) for _ in range(6)]))
    for lo, hi in ((-1.0, 1.0), (100.0, 250.5)):
        s = Stream(seed)
        out.append(("unreal", seed, "frand-range %r %r" % (lo, hi), [f32_bits(s.frand_range(lo, hi)) for _ in range(6)]))
    s = Stream(seed)
    out.append(("unreal", seed, "vrand", [" ".join(f64_bits(c) for c in s.vrand()) for _ in range(4)]))
    return out


def seeds(bits, count):
    out = [0, 1, 2, (1 << bits) - 1, 0x12345678]
    x = 0x243F6A8885A308D3
    for _ in range(count):
        x = (x * 6364136223846793005 + 1442695040888963407) & M64
        out.append(x >> (64 - bits))
    return out


def main():
    cases = []
    for s in seeds(32, 20):
        for name in LCRNGS:
            cases += lcrng_cases(name, s)
        cases += unreal_cases(s)
    for s in seeds(64, 20):
        cases += bwrng_cases(s)
        cases += swsh_cases(s)
        cases += godot_cases(s)
    for s in seeds(32, 3):
        cases += sfmt_cases(s)
    for name, seed, draw, values in cases:
        print("%s %d | %s | %d | %s" % (name, seed, draw, len(values), " ; ".join(values)))


if __name__ == "__main__":
    main()

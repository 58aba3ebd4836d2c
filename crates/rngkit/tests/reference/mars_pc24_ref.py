#!/usr/bin/env python3
"""Exact-rational reference for the mars `next_float` mappings (seed 001),
independent of rngkit's integer model: Python `Fraction`s for the x87
24-bit precision-control path, IEEE binary64 for the 53-bit path.

PC24: the sign-extending integer load is exact; a negative read gets + 2^32,
rounded to a 24-bit significand; the product with the multiplier
0x3df0000000100000 = (2^52 + 2^20) * 2^-84 is rounded to 24 bits.
PC53: the product rounded to binary64, then stored to binary32.

Finding (asserted against the FPU in tests/engine_mars.rs): the two differ
only on words with the top bit set: always when the low 9 bits are 0x080
(~1/512 of the negative words: the fix-up add is a tie rounded down to even,
the 53-bit product lands above it), plus rare double-rounding cases of the
53-bit path near the top of the range (e.g. 0xfffffd7f). Run: python3 crates/rngkit/tests/reference/mars_pc24_ref.py
"""
import random
import struct
from fractions import Fraction as F

M = F(2**52 + 2**20, 2**84)


def round24(x):
    if x == 0:
        return x
    e = x.numerator.bit_length() - x.denominator.bit_length()
    while x / F(2) ** (e - 23) >= 2**24:
        e += 1
    while x / F(2) ** (e - 23) < 2**23:
        e -= 1
    q = x / F(2) ** (e - 23)
    n = q.numerator // q.denominator
    rest = q - n
    if rest > F(1, 2) or (rest == F(1, 2) and n % 2 == 1):
        n += 1
    return n * F(2) ** (e - 23)


def pc24(y):
    loaded = F(y) if y < 2**31 else round24(F(y))
    return float(round24(loaded * M))


def pc53(y):
    return struct.unpack('<f', struct.pack('<f', float(y) * float(M)))[0]


if __name__ == '__main__':
    random.seed(1)
    counts = {False: [0, 0], True: [0, 0]}
    violations = 0
    for _ in range(200_000):
        y = random.getrandbits(32)
        differ = pc24(y) != pc53(y)
        counts[y >= 2**31][0] += 1
        counts[y >= 2**31][1] += differ
        violations += (y >= 2**31 and y & 0x1FF == 0x080) and not differ
        violations += differ and y < 2**31
    print('non-negative reads: %d words, %d differ' % tuple(counts[False]))
    print('negative reads:     %d words, %d differ' % tuple(counts[True]))
    print('words breaking the rule:', violations)
    print('0xfffffd7f:', pc24(0xFFFFFD7F), pc53(0xFFFFFD7F))

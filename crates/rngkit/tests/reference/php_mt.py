#!/usr/bin/env python3
"""An independent reference for PHP's mt_rand() family, written from the
documented algorithms (not from rngkit's Rust code), for the eras that can no
longer be installed (PHP 3.0.7 to 5.2.0, PHP 5.2.1 to 7.0.x) and for the
modes PHP 8.2 still has (MT_RAND_MT19937, MT_RAND_PHP).

Sources of the algorithms:
* php-src ext/standard/rand.c (PHP 4.x to 5.2.0): Cokus's seedMT
  (state[0] = seed | 1, state[i] = state[i-1] * 69069) and reloadMT;
* php-src ext/standard/rand.c (PHP 5.2.1 to 7.0.x): init_genrand seeding and
  the twist with loBit(u) instead of loBit(v);
* php-src ext/standard/mt_rand.c (PHP 7.1 to 8.1) and ext/random/random.c
  (PHP 8.2): the fixed twist, range with rejection, RAND_RANGE_BADSCALING;
* the openwall php_mt_seed README, which describes the three eras.

Usage: php_mt.py ERA SEED COUNT DRAW [ARGS...]
  ERA: php (7.1+), php-mt-rand-php (7.1+ with MT_RAND_PHP), php5, php3
  DRAW: word | mt-rand | mt-rand MIN MAX | rand MIN MAX
Prints COUNT results, one a line, each draw on the same generator seeded
once. Without arguments, reads such jobs (ERA SEED COUNT DRAW [ARGS...])
from standard input, one a line, and prints the results of each in turn.
"""

import sys

N = 624
M = 397
MASK32 = 0xFFFFFFFF


class Mt:
    def __init__(self, era, seed):
        seed &= MASK32  # mt_srand takes the low 32 bits of the int
        self.era = era
        s = [0] * N
        if era == "php3":
            # seedMT: x = seed | 1, then successive products by 69069.
            x = (seed | 1) & MASK32
            for i in range(N):
                s[i] = x
                x = (x * 69069) & MASK32
        else:
            s[0] = seed
            for i in range(1, N):
                p = s[i - 1]
                s[i] = (1812433253 * (p ^ (p >> 30)) + i) & MASK32
        self.s = s
        self.reload()

    def reload(self):
        s = self.s
        buggy = self.era in ("php5", "php-mt-rand-php")
        for i in range(N):
            u = s[i]
            v = s[(i + 1) % N]  # s[0] is already the new word for i = 623
            y = (u & 0x80000000) | (v & 0x7FFFFFFF)
            lo = (u if buggy else v) & 1
            s[i] = s[(i + M) % N] ^ (y >> 1) ^ (0x9908B0DF if lo else 0)
        self.i = 0

    def word(self):
        if self.i >= N:
            self.reload()
        y = self.s[self.i]
        self.i += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y & MASK32


def to_i64(x):
    x &= (1 << 64) - 1
    return x - (1 << 64) if x >> 63 else x


def c_double_to_long(d):
    """(long) d on x86-64: truncation; out of range gives LONG_MIN."""
    if d != d or d >= 2.0**63 or d < -(2.0**63):
        return -(1 << 63)
    return int(d)


def c_double_to_ulong(d):
    """(unsigned long) d for 0 <= d < 2^64 (what gcc emits on x86-64)."""
    return int(d) & ((1 << 64) - 1)


def range_uniform(mt, lo, hi):
    """PHP 8.2 php_random_range on MT19937 (32-bit words, little-endian)."""
    umax = (hi - lo) & ((1 << 64) - 1)
    if umax > MASK32:
        def draw():
            return mt.word() | (mt.word() << 32)
        full = (1 << 64) - 1
    else:
        def draw():
            return mt.word()
        full = MASK32
    r = draw()
    if umax == full:
        return to_i64(lo + r)
    umax += 1
    if umax & (umax - 1) == 0:
        return to_i64(lo + (r & (umax - 1)))
    limit = full - (full % umax) - 1
    while r > limit:
        r = draw()
    return to_i64(lo + r % umax)


def badscaling_82(mt, lo, hi):
    """PHP 8.2's MT_RAND_PHP scaling (php_mt_rand_common)."""
    n = mt.word() >> 1
    off = (float(hi) - float(lo) + 1.0) * (float(n) / 2147483648.0)
    return to_i64(c_double_to_ulong(off) + lo)


def rand_range_old(mt, lo, hi):
    """RAND_RANGE of PHP 3.0.7 to 7.0.x: min + (long)((max - min + 1.0) * (n / 2^31))."""
    n = mt.word() >> 1
    off = (float(hi) - float(lo) + 1.0) * (float(n) / 2147483648.0)
    return to_i64(lo + c_double_to_long(off))


def run(words, out):
    era, seed, count, draw = words[0], int(words[1]), int(words[2]), words[3]
    args = [int(a) for a in words[4:]]
    mt = Mt(era, seed)
    for _ in range(count):
        if draw == "word":
            out.append(mt.word())
        elif draw == "mt-rand" and not args:
            out.append(mt.word() >> 1)
        elif draw in ("mt-rand", "rand") and len(args) == 2:
            lo, hi = args
            if draw == "rand" and hi < lo:
                lo, hi = hi, lo
            if era == "php":
                out.append(range_uniform(mt, lo, hi))
            elif era == "php-mt-rand-php":
                out.append(badscaling_82(mt, lo, hi))
            else:
                out.append(rand_range_old(mt, lo, hi))
        else:
            sys.exit("unknown draw: " + " ".join(words[3:]))


def main():
    out = []
    if len(sys.argv) > 1:
        run(sys.argv[1:], out)
    else:
        for line in sys.stdin:
            if line.strip():
                run(line.split(), out)
    sys.stdout.write("".join("%d\n" % v for v in out))


if __name__ == "__main__":
    main()

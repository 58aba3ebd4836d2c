#!/usr/bin/env python3
"""Independent reference for Unity's `Random.ColorHSV` under the two scripting
backends, written from Unity's C# reference source (UnityCsReference:
Runtime/Export/Random/Random.cs `ColorHSV`, Runtime/Export/Math/Mathf.cs
`Lerp`/`Clamp01`/`FloorToInt`, Runtime/Export/Math/Color.cs `HSVToRGB`)
without looking at rngkit's Rust code.

Pure Python: integers for the xorshift; Python floats are IEEE binary64, so
a C# expression evaluated in double (Mono) is the same Python expression;
struct packing rounds to binary32.

* Mono: each C# expression evaluated in double, rounded to float when stored
  into a float local, argument or field (`var h = Mathf.Lerp(...)`,
  `h_to_floor`, `t`, `var_1`, `var_2`, `var_3`).
* IL2CPP: C++ float arithmetic, every operation rounded to binary32 (a
  binary32 +, -, * of two binary32 values is the binary64 result rounded
  once: binary64 holds it exactly or rounds innocuously).

Prints the vectors and digests pasted into tests/unity_backend.rs. Run:
    python3 crates/rngkit/tests/reference/unity_colorhsv_ref.py
"""
import math
import struct

M32 = 0xFFFFFFFF
INT_MIN = -(1 << 31)


def f32(x):
    """Round a Python float (binary64) to the nearest binary32."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def bits(x):
    return struct.unpack('<I', struct.pack('<f', x))[0]


class Xorshift128:
    def __init__(self, seed):
        s = [seed & M32]
        for _ in range(3):
            s.append((s[-1] * 1812433253 + 1) & M32)
        self.s = s

    def next(self):
        x, y, z, w = self.s
        t = (x ^ (x << 11)) & M32
        w2 = (w ^ (w >> 19) ^ t ^ (t >> 8)) & M32
        self.s = [y, z, w, w2]
        return w2

    def value(self):
        # (r & 0x7fffff) / 8388607.0f: one binary32 division.
        return f32((self.next() & 0x7FFFFF) / 8388607.0)


def clamp01(t):
    return 0.0 if t < 0 else 1.0 if t > 1 else t


def lerp(backend, a, b, t):
    t = clamp01(t)
    if backend == 'mono':
        return f32(a + (b - a) * t)
    return f32(a + f32(f32(b - a) * t))


def sector_of(x):
    """(int)Math.Floor(x), x86 conversion: out of range -> int.MinValue."""
    fl = math.floor(x)
    if fl < INT_MIN or fl > (1 << 31) - 1:
        return INT_MIN
    return fl


def hsv_to_rgb(backend, H, S, V, hdr):
    if S == 0:
        return [V, V, V]
    if V == 0:
        return [0.0, 0.0, 0.0]
    if backend == 'mono':
        h_to_floor = f32(H * 6.0)
        temp = sector_of(h_to_floor)
        t = f32(h_to_floor - f32(float(temp)))
        var_1 = f32(V * (1 - S))
        var_2 = f32(V * (1 - S * t))
        var_3 = f32(V * (1 - S * (1 - t)))
    else:
        h_to_floor = f32(H * 6.0)
        temp = sector_of(h_to_floor)
        t = f32(h_to_floor - f32(float(temp)))
        var_1 = f32(V * f32(1 - S))
        var_2 = f32(V * f32(1 - f32(S * t)))
        var_3 = f32(V * f32(1 - f32(S * f32(1 - t))))
    table = {
        0: (V, var_3, var_1), 1: (var_2, V, var_1), 2: (var_1, V, var_3),
        3: (var_1, var_2, V), 4: (var_3, var_1, V), 5: (V, var_1, var_2),
        6: (V, var_3, var_1), -1: (V, var_1, var_2),
    }
    rgb = list(table.get(temp, (0.0, 0.0, 0.0)))
    if not hdr:
        rgb = [clamp01(c) for c in rgb]
    return rgb


def color_hsv(backend, seed, b):
    rng = Xorshift128(seed)
    h = lerp(backend, b[0], b[1], rng.value())
    s = lerp(backend, b[2], b[3], rng.value())
    v = lerp(backend, b[4], b[5], rng.value())
    r, g, bb = hsv_to_rgb(backend, h, s, v, True)
    a = lerp(backend, b[6], b[7], rng.value())
    return [r, g, bb, a]


DEFAULT = [0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0]

# The 17 recorded colours (uny-random-js __tests__/colorHSV.js), bounds as
# printed there, parsed to the nearest binary32.
RECORDED = [(s, DEFAULT) for s in [
    0, 2147483647, 3351175, 7597963, 96438, 4919044, 11288839, 77823943,
    1218593819, 1585133052, 1658364365]] + [
    (4919044, ['0.4112355', '0.9567251', '0.5220811', '0.8733672', '0.03283918', '0.6109516', '1', '1']),
    (77823943, ['0.1589235', '0.8536462', '0.3470565', '0.7604165', '0.5185792', '0.9612151', '1', '1']),
    (1218593819, ['0', '0.2928473', '0.5587336', '1', '0', '1', '1', '1']),
    (96438, ['0.4776986', '0.5658471', '0.1417581', '0.7545162', '0.2890312', '0.8724657', '0.09216214', '0.9967413']),
    (1585133052, ['0.3103028', '0.6900989', '0.2188076', '0.4164305', '0.1378517', '0.7215825', '0.09216214', '0.9967413']),
    (1658364365, ['0.1839423', '0.8481582', '0.3851734', '1', '0', '0.06329382', '0', '1']),
]


def fnv1a(words, h=0xCBF29CE484222325):
    for w in words:
        for k in range(4):
            h ^= (w >> (8 * k)) & 0xFF
            h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def main():
    print('// (seed, Mono [r, g, b, a] bits, IL2CPP [r, g, b, a] bits)')
    for seed, b in RECORDED:
        b = [f32(float(x)) for x in b]
        m = [bits(c) for c in color_hsv('mono', seed, b)]
        i = [bits(c) for c in color_hsv('il2cpp', seed, b)]
        fmt = lambda v: '[' + ', '.join('0x%08x' % x for x in v) + ']'
        print('(%d, %s, %s),' % (seed, fmt(m), fmt(i)))

    # Digest 1: Random.ColorHSV() after InitState(seed), seeds 0..10000.
    # Digest 2: ranged, the eight bounds drawn from InitState(20240601)'s
    # values: hue bounds 2u - 0.5 (in [-0.5, 1.5], reaching sectors -1, 6 and
    # the black ones), the others u.
    for backend in ('mono', 'il2cpp'):
        words = []
        for seed in range(10000):
            words += [bits(c) for c in color_hsv(backend, seed, DEFAULT)]
        print('%s default digest 0x%016x' % (backend, fnv1a(words)))
        gen = Xorshift128(20240601)
        words = []
        for seed in range(10000):
            u = [gen.value() for _ in range(8)]
            b = [f32(f32(2.0 * u[0]) - 0.5), f32(f32(2.0 * u[1]) - 0.5)] + u[2:]
            words += [bits(c) for c in color_hsv(backend, seed, b)]
        print('%s ranged digest 0x%016x' % (backend, fnv1a(words)))

    # HSVToRGB on its own: hdr false clamps; hue sectors -1 and 6.
    print('// (h, s, v bits, hdr, Mono bits, IL2CPP bits)')
    for h, s, v, hdr in [(-0.1, 0.7, 1.5, False), (-0.1, 0.7, 1.5, True),
                         (1.1, 0.3, 0.9, True), (1.2, 0.3, 0.9, True),
                         (0.99999994, 0.99999994, 0.3, True),
                         (0.3333333, 0.9999, 0.77, False)]:
        h, s, v = f32(h), f32(s), f32(v)
        m = [bits(c) for c in hsv_to_rgb('mono', h, s, v, hdr)]
        i = [bits(c) for c in hsv_to_rgb('il2cpp', h, s, v, hdr)]
        fmt = lambda v: '[' + ', '.join('0x%08x' % x for x in v) + ']'
        print('([0x%08x, 0x%08x, 0x%08x], %s, %s, %s),'
              % (bits(h), bits(s), bits(v), str(hdr).lower(), fmt(m), fmt(i)))


if __name__ == '__main__':
    main()

"""Benchmarks of the Python package against its peers (run by hand, see
docs/performance.md):

* u32(10**7) into a numpy array, against numpy's own MT19937 and PCG64
  `random_raw(10**7)`;
* MT19937 state recovery from 624 outputs, against randcrack and
  mersenne-twister-predictor (install them into a scratch virtualenv:
  `pip install randcrack mersenne-twister-predictor`; they are peers, not
  dependencies).

Usage: python bench.py   (prints one line per measurement; medians of runs)
"""

import random
import statistics
import time

import numpy as np

import rngkit


def median_seconds(fn, runs=7):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    n = 10**7
    ours_mt = rngkit.Mt19937(1)
    ours_x = rngkit.Xoshiro256StarStar(1)
    np_mt = np.random.MT19937(1)
    np_pcg = np.random.PCG64(1)
    rows = [
        ("rngkit mt19937 u32(1e7)", median_seconds(lambda: ours_mt.u32(n))),
        ("rngkit xoshiro256ss u64(1e7)", median_seconds(lambda: ours_x.u64(n))),
        ("numpy MT19937 random_raw(1e7)", median_seconds(lambda: np_mt.random_raw(n))),
        ("numpy PCG64 random_raw(1e7)", median_seconds(lambda: np_pcg.random_raw(n))),
        ("numpy BitGenerator(rngkit mt19937).random(1e7)",
         median_seconds(lambda: np.random.Generator(ours_mt).random(n))),
        ("numpy BitGenerator(MT19937).random(1e7)",
         median_seconds(lambda: np.random.Generator(np_mt).random(n))),
    ]
    victim = random.Random(7)
    outputs = [victim.getrandbits(32) for _ in range(624)]
    obs = [("u32", v) for v in outputs]
    rows.append(("rngkit recover mt19937 (624 outputs)",
                 median_seconds(lambda: rngkit.recover("mt19937", obs), runs=21)))
    try:
        from randcrack import RandCrack

        def crack():
            rc = RandCrack()
            for v in outputs:
                rc.submit(v)
            return rc.predict_getrandbits(32)

        rows.append(("randcrack (624 submits + predict)", median_seconds(crack)))
    except ImportError:
        print("randcrack not installed: skipped")
    try:
        from mt19937predictor import MT19937Predictor

        def predict():
            p = MT19937Predictor()
            for v in outputs:
                p.setrandbits(v, 32)
            return p.getrandbits(32)

        rows.append(("mersenne-twister-predictor (624 setrandbits + predict)", median_seconds(predict)))
    except ImportError:
        print("mersenne-twister-predictor not installed: skipped")
    for name, seconds in rows:
        print(f"{name:58s} {seconds * 1e3:10.3f} ms")


if __name__ == "__main__":
    main()

"""numpy's own BitGenerator methods on an rngkit BitGenerator equal the same
methods on numpy's own bit generators holding the same words.

Oracles: numpy's MT19937 with legacy seeding (init_genrand, as RandomState
seeds it) for rngkit's mt19937, and numpy's PCG64 (XSL-RR 128/64 with the
default multiplier) set to the state and increment of rngkit's php-pcg64
(PHP's PcgOneseq128XslRr64, the same generator with PHP's fixed increment).
numpy's SFC64 has no rngkit counterpart (no rngkit GEN is SFC64), so it is
not compared.
"""

import pickle

import numpy as np
import pytest

import rngkit
from conftest import STATE_ONLY


def legacy_mt19937(seed):
    bg = np.random.MT19937()
    bg._legacy_seeding(seed)
    return bg


def numpy_pcg64_like(g):
    """numpy's PCG64 holding the state and increment of a php-pcg64 BitGenerator."""
    s_hi, s_lo, i_hi, i_lo = g.state
    bg = np.random.PCG64()
    bg.state = {
        "bit_generator": "PCG64",
        "state": {"state": (s_hi << 64) | s_lo, "inc": (i_hi << 64) | i_lo},
        "has_uint32": 0,
        "uinteger": 0,
    }
    return bg


def draw_everything(bitgen):
    """A battery of numpy BitGenerator methods, using next_uint64, next_uint32
    (32-bit integers and float32) and next_double, interleaved."""
    g = np.random.Generator(bitgen)
    out = [
        g.random(17),
        g.integers(0, 1000, 9),
        g.integers(0, 2**40, 5, dtype=np.int64),
        g.integers(-5, 5, 7, dtype=np.int32),
        g.random(3, dtype=np.float32),
        g.standard_normal(11),
        g.exponential(2.0, 5),
        g.integers(0, 2**64 - 1, 4, dtype=np.uint64, endpoint=True),
        g.integers(0, 255, 9, dtype=np.uint8),
        g.permutation(20),
        g.uniform(-3, 3, 4),
        g.bytes(13),
        g.choice(50, 6, replace=False),
    ]
    return out


def assert_same(a, b):
    assert len(a) == len(b)
    for x, y in zip(a, b):
        if isinstance(x, bytes):
            assert x == y
        else:
            np.testing.assert_array_equal(x, y)


@pytest.mark.parametrize("seed", [0, 1, 5489, 1234, 2**32 - 1])
def test_mt19937_generator_methods_equal_numpy_legacy_mt19937(seed):
    assert_same(draw_everything(rngkit.Mt19937(seed)), draw_everything(legacy_mt19937(seed)))


def test_mt19937_random_raw_and_state_equal_numpy():
    ours, theirs = rngkit.Mt19937(42), legacy_mt19937(42)
    np.testing.assert_array_equal(ours.random_raw(2000), theirs.random_raw(2000))
    st = theirs.state["state"]
    # numpy's pos is the index of the next word; rngkit's `left` counts the unread ones
    assert ours.state == (624 - st["pos"], *map(int, st["key"]))


def test_mt19937_randomstate_matches_through_the_same_words():
    # RandomState(seed) is numpy's MT19937 with legacy seeding: its raw words
    # and doubles are rngkit's u32 and genrand_res53 (next_double)
    rs = np.random.RandomState(7)
    ours = rngkit.Mt19937(7)
    np.testing.assert_array_equal(rs.randint(0, 2**32, 50, dtype=np.uint64), ours.u32(50))
    g = np.random.Generator(ours)
    np.testing.assert_array_equal(rs.random_sample(20), g.random(20))


def mt_window_outputs(window, n):
    """An independent MT19937 stepper over a window of 624 untempered words,
    oldest first (the MT recurrence and tempering of Matsumoto and
    Nishimura, 1998)."""
    w = list(window)
    out = []
    for _ in range(n):
        y = (w[0] & 0x80000000) | (w[1] & 0x7FFFFFFF)
        new = w[397] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        w = w[1:] + [new]
        t = new
        t ^= t >> 11
        t ^= (t << 7) & 0x9D2C5680
        t ^= (t << 15) & 0xEFC60000
        t ^= t >> 18
        out.append(t)
    return out


def test_mt19937_advance_2_128_equals_numpy_jumped():
    """numpy's MT19937.jumped() is the reference jump of Haramoto et al. on
    numpy's key array: it reads (key, pos) with pos = 624 as pos = 0, and its
    result (key', pos') means a window of 624 words already drawn, oldest at
    key'[pos'], the next word computed from them (numpy then reads key'[pos']
    as the next output, which is numpy issue #15394: its stream after
    jumped() is not a plain offset). The state numpy's jump computes is
    compared, through the 1300 words it defines (more than its 19937 bits),
    with rngkit's advance(2**128) from the same start."""
    for seed in (1234, 5489):
        bg = legacy_mt19937(seed)
        st = bg.state["state"]
        assert st["pos"] == 624
        key = list(map(int, st["key"]))
        js = bg.jumped().state["state"]
        pos, jkey = int(js["pos"]), list(map(int, js["key"]))
        window = jkey[pos:] + jkey[:pos]
        ours = rngkit.Mt19937(seed)
        assert ours.state == (0, *key)  # left = 0: the same start as numpy's pos = 624
        ours.advance(2**128)
        assert ours.random_raw(1300).tolist() == mt_window_outputs(window, 1300)
        # jumped() is a copy moved 2**128 steps
        moved = rngkit.Mt19937(seed)
        moved.advance(2**128)
        assert rngkit.Mt19937(seed).jumped() == moved


@pytest.mark.parametrize("seed", [0, 42, 2**63 + 5])
def test_php_pcg64_generator_methods_equal_numpy_pcg64(seed):
    ours = rngkit.BitGenerator("php-pcg64", seed)
    theirs = numpy_pcg64_like(ours)
    assert_same(draw_everything(ours), draw_everything(theirs))


def test_php_pcg64_raw_words_equal_numpy_pcg64():
    ours = rngkit.BitGenerator("php-pcg64", 99)
    theirs = numpy_pcg64_like(ours)
    np.testing.assert_array_equal(ours.random_raw(1000), theirs.random_raw(1000))
    np.testing.assert_array_equal(ours.u64(100), theirs.random_raw(100))


def words_of(g, n):
    return [int(x) for x in g.random_raw(n)]


@pytest.mark.parametrize("gen", rngkit.generators())
def test_every_generator_works_in_numpy_with_the_documented_word_order(gen):
    """numpy.random.Generator works on every GEN, and draws what the
    documented conventions say from the generator's own raw words."""
    kw = {"state": STATE_ONLY[gen]} if rngkit.describe(gen)["seed_kind"] == "none" else {"seed": 77}
    a, b = rngkit.BitGenerator(gen, **kw), rngkit.BitGenerator(gen, **kw)
    g = np.random.Generator(a)
    doubles = g.random(4)
    words = words_of(b, 8)
    if a.output_bits == 32:
        expected = [((words[2 * i] >> 5) * 67108864.0 + (words[2 * i + 1] >> 6)) / 9007199254740992.0 for i in range(4)]
    else:
        expected = [(w >> 11) * (1.0 / 9007199254740992.0) for w in words[:4]]
    assert doubles.tolist() == expected
    # next_uint32 of 64-bit generators: low half, then high half
    c, d = rngkit.BitGenerator(gen, **kw), rngkit.BitGenerator(gen, **kw)
    halves = np.random.Generator(c).integers(0, 2**32, 4, dtype=np.uint32, endpoint=False)
    w = words_of(d, 4)
    if c.output_bits == 64:
        expected = [w[0] & 0xFFFFFFFF, w[0] >> 32, w[1] & 0xFFFFFFFF, w[1] >> 32]
    else:
        expected = w[:4]
    assert halves.tolist() == expected


def test_numpy_lock_is_shared_with_the_generator():
    g = rngkit.Xoshiro256StarStar(1)
    lock = g.lock
    assert lock.acquire()
    assert lock.locked() and g.lock.locked()
    assert not g.lock.acquire(blocking=False)
    lock.release()
    with g.lock:
        assert lock.locked()
    assert not lock.locked()
    with pytest.raises(RuntimeError):
        lock.release()


def test_numpy_generator_keeps_the_state_alive_and_shares_it():
    g = rngkit.Xoshiro256StarStar(5)
    twin = g.copy()
    npg = np.random.Generator(g)
    del g
    raw = npg.bit_generator.random_raw(3)
    np.testing.assert_array_equal(raw, twin.random_raw(3))
    # the numpy BitGenerator and the rngkit object draw from one state
    npg.random()
    twin.random_raw()
    assert npg.bit_generator == twin
    capsule = rngkit.Xoshiro256StarStar(5).capsule  # the object dies, the capsule keeps the state
    assert type(capsule).__name__ == "PyCapsule"


def test_pickled_numpy_generator_round_trips():
    npg = np.random.Generator(rngkit.Pcg32(3))
    npg.random()  # draw so that a half word may be buffered
    npg.integers(0, 10, dtype=np.int32)
    clone = pickle.loads(pickle.dumps(npg.bit_generator))
    assert np.random.Generator(clone).integers(0, 2**32, 5, dtype=np.uint32).tolist() == npg.integers(0, 2**32, 5, dtype=np.uint32).tolist()

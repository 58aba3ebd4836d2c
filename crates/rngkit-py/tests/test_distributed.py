"""rngkit.distributed: seed search on a Dask LocalCluster of 2 worker processes.

The expected match sets come from independent references written here from
the generators' specifications, vectorised with numpy over the whole range:

* MT19937's init_genrand and first tempered output (Matsumoto & Nishimura's
  mt19937ar.c, 2002: ``mt[i] = 1812433253 * (mt[i-1] ^ (mt[i-1] >> 30)) + i``,
  the twist and the tempering shifts/masks 11, 7/0x9d2c5680, 15/0xefc60000,
  18). Checked against the first output of init_genrand(5489), 3499211612
  (0xd091bb5c; C++11's default-seeded ``std::mt19937``).
* java.util.Random as its Javadoc specifies it (``@implSpec``): the seed
  ``(S ^ 0x5DEECE66D) & (2^48 - 1)``, ``next(bits)``: ``seed = seed *
  0x5DEECE66D + 0xB mod 2^48``, returning ``seed >> (48 - bits)``; and
  ``nextInt(bound)`` for a power of two ``(bound * next(31)) >> 31``.
"""

import json
import os
import signal
import threading
import time

import numpy as np
import pytest

distributed = pytest.importorskip(
    "distributed", reason="dask.distributed is not installed (pip install 'dask[distributed]')"
)

import rngkit  # noqa: E402
import rngkit.distributed as rd  # noqa: E402
from rngkit import Match  # noqa: E402

U64 = np.uint64


def mt19937_first_outputs(start, stop):
    """The first output of init_genrand(S) for S in range(start, stop)."""
    out = []
    for a in range(start, stop, 1 << 14):
        s = np.arange(a, min(stop, a + (1 << 14)), dtype=np.uint64)
        mt = np.empty((398, s.size), dtype=np.uint64)
        mt[0] = s & U64(0xFFFFFFFF)
        for i in range(1, 398):
            p = mt[i - 1]
            mt[i] = (U64(1812433253) * (p ^ (p >> U64(30))) + U64(i)) & U64(0xFFFFFFFF)
        y = (mt[0] & U64(0x80000000)) | (mt[1] & U64(0x7FFFFFFF))
        x = mt[397] ^ (y >> U64(1)) ^ np.where(y & U64(1), U64(0x9908B0DF), U64(0))
        x ^= x >> U64(11)
        x ^= (x << U64(7)) & U64(0x9D2C5680)
        x ^= (x << U64(15)) & U64(0xEFC60000)
        x ^= x >> U64(18)
        out.append(x & U64(0xFFFFFFFF))
    return np.concatenate(out)


JAVA_MULT = U64(0x5DEECE66D)
MASK48 = U64((1 << 48) - 1)


def java_next_int_pow2_seeds(start, stop, bits, value):
    """Seeds S in range(start, stop) with new Random(S).nextInt(2**bits) == value."""
    hits = []
    for a in range(start, stop, 1 << 22):
        s = np.arange(a, min(stop, a + (1 << 22)), dtype=np.int64)
        x = (s.astype(np.uint64) ^ JAVA_MULT) & MASK48
        x = (x * JAVA_MULT + U64(11)) & MASK48  # next(31) = x >> 17
        v = x >> U64(48 - bits)  # (2**bits * next(31)) >> 31
        hits.extend(int(h) for h in s[v == U64(value)])
    return hits


def java_next_int_pow2_of(seed, bits):
    """new Random(seed).nextInt(2**bits), for one seed (Python ints)."""
    x = (seed ^ 0x5DEECE66D) & ((1 << 48) - 1)
    x = (x * 0x5DEECE66D + 0xB) & ((1 << 48) - 1)
    return x >> (48 - bits)


def test_references_match_published_values():
    assert int(mt19937_first_outputs(5489, 5490)[0]) == 3499211612
    # new Random(0).nextInt() is -1155484576 (printed by any JDK)
    x = (np.zeros(1, np.uint64) ^ JAVA_MULT) & MASK48
    x = (x * JAVA_MULT + U64(11)) & MASK48
    assert np.int32(np.uint32(int(x[0] >> U64(16)))) == -1155484576


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    )
    c = distributed.Client(cluster)
    yield c
    c.close()
    cluster.close()


def sorted_matches(ms):
    return sorted((m.seed, m.advance) for m in ms)


def test_mt19937_range_with_planted_seeds(client):
    start, stop = 3 << 20, 4 << 20  # 2^20 seeds
    outputs = mt19937_first_outputs(start, stop)
    # plant: the seeds whose first output has the top 16 bits of seed
    # start + 12345's first output
    mask = 0xFFFF0000
    value = int(outputs[12345]) & mask
    expected = [start + int(i) for i in np.nonzero((outputs & U64(mask)) == U64(value))[0]]
    assert start + 12345 in expected and 3 <= len(expected) < 100
    obs = [f"bits {mask:#x} = {value:#x}"]
    search = rd.seed_search(client, "mt19937", obs, seeds=range(start, stop), progress=True)
    found = sorted_matches(search)
    assert found == [(s, 0) for s in expected]
    assert search.searched == stop - start
    assert search.finished == search.submitted >= 2


def java_seeds_with_next_int_pow2(start, stop, bits, value):
    """Seeds S in range(start, stop), stop <= 2^48, with new
    Random(S).nextInt(2**bits) == value, by inverting the LCG instead of
    scanning: the first state x1 lies in [value << (48 - bits), (value + 1)
    << (48 - bits)); each x1 has one predecessor x0 = (x1 - 11) * M^-1 mod
    2^48, and S = x0 ^ M."""
    inverse = pow(0x5DEECE66D, -1, 1 << 48)
    width = 1 << (48 - bits)
    x1 = np.arange(value * width, (value + 1) * width, dtype=np.uint64)
    # numpy's uint64 products wrap modulo 2^64, hence are right modulo 2^48
    x0 = (((x1 - U64(11)) & MASK48) * U64(inverse)) & MASK48
    seeds = x0 ^ JAVA_MULT
    return sorted(int(s) for s in seeds[(seeds >= U64(start)) & (seeds < U64(stop))])


def test_java_seed_inversion_agrees_with_the_forward_scan():
    start, stop = 1 << 36, (1 << 36) + (1 << 28)
    value = java_next_int_pow2_of(start + 0x0BADCAFE, 24)
    expected = java_next_int_pow2_seeds(start, stop, 24, value)
    assert start + 0x0BADCAFE in expected and len(expected) >= 3
    assert java_seeds_with_next_int_pow2(start, stop, 24, value) == expected


def test_java_random_2_34_slice_with_planted_states(client):
    """A 2^34 slice of java.util.Random's seeds (about 6 CPU-seconds of
    scanning; 2^36 took 25 and made this the slowest Python test); the
    observation, one nextInt(2^28), fits about 64 seeds in it, all of which
    must come back, the planted one among them."""
    start = 5 << 36
    stop = start + (1 << 34)
    planted = start + 0x2BADCAFE5
    value = java_next_int_pow2_of(planted, 28)
    expected = java_seeds_with_next_int_pow2(start, stop, 28, value)
    assert planted in expected and 16 <= len(expected) < 200
    assert all(java_next_int_pow2_of(s, 28) == value for s in expected)
    obs = [("next-int 268435456", value)]
    search = rd.seed_search(client, "java", obs, seeds=(start, stop), progress=False)
    assert sorted_matches(search) == [(s, 0) for s in expected]
    assert search.searched == stop - start
    assert search.submitted >= 16  # several chunks a worker thread


def test_the_default_range_is_the_gens_32_bit_seed_space():
    # The native seed-range reader chooses it, as seed_search and the CLI do.
    assert rd._seed_bounds("mt19937", None) == (0, 1 << 32)
    assert rd._seed_bounds("unity", None) == (-(1 << 31), 1 << 31)
    assert rd._seed_bounds("python", None) == (0, 1 << 32)
    # unsigned spellings of negative int seeds are folded as the CLI folds them
    assert rd._seed_bounds("unity", range(0xFFFFFFFB, 0x100000000)) == (-5, 0)


def test_bad_observations_fail_before_any_task():
    class NoCluster:
        def __getattr__(self, name):
            raise AssertionError(f"the client was used: {name}")

    with pytest.raises(ValueError) as local:
        rngkit.seed_search("mt19937", [("u32", "zz")], seeds=range(0, 10))
    with pytest.raises(ValueError) as remote:
        rd.seed_search(NoCluster(), "mt19937", [("u32", "zz")], seeds=range(0, 10))
    assert str(remote.value) == str(local.value)
    with pytest.raises(ValueError, match="empty"):
        rd.seed_search(NoCluster(), "mt19937", [("u32", 1)], seeds=range(10, 10))
    with pytest.raises(ValueError, match="seeds=range"):
        rd.seed_search(NoCluster(), "java", [("next-int", 1)])
    with pytest.raises(ValueError, match="chunk"):
        rd.seed_search(NoCluster(), "mt19937", [("u32", 1)], seeds=range(0, 9), chunk=0)


def test_docstring_examples():
    import doctest

    result = doctest.testmod(rd)
    assert result.attempted >= 1 and result.failed == 0


def test_range_arithmetic():
    assert rd._subtract((0, 100), [(10, 20), (15, 30), (90, 200)]) == [(0, 10), (30, 90)]
    assert rd._subtract((0, 10), [(-5, 50)]) == []
    chunks = list(rd._chunks([(0, 10), (20, 23)], 4))
    assert chunks == [(0, 3), (3, 6), (6, 10), (20, 23)]


def java_case(bits=20):
    start = (1 << 36) + (5 << 28)
    stop = start + (1 << 27)
    planted = start + 0x1234567
    value = java_next_int_pow2_of(planted, bits)
    expected = java_next_int_pow2_seeds(start, stop, bits, value)
    assert planted in expected
    return start, stop, [(f"next-int {1 << bits}", value)], [(s, 0) for s in expected]


def test_worker_killed_mid_search_costs_a_retry():
    start, stop, obs, expected = java_case()
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as cluster, distributed.Client(cluster) as client:
        pids = client.run(os.getpid)
        address, victim = sorted(pids.items())[0]
        killed = threading.Event()
        lost = []

        def kill_one(done, total):
            # at the first progress report at which the victim holds chunks
            # (between two of its chunks it may hold none, more so on a
            # loaded machine: wait for the next report then)
            if killed.is_set():
                return
            holding = client.processing()[address]
            if holding:
                killed.set()
                lost.extend(holding)
                os.kill(victim, signal.SIGKILL)

        # chunks of 2^23 seeds: ~0.1 s each
        search = rd.seed_search(
            client, "java", obs, seeds=range(start, stop), chunk=1 << 23, progress=kill_one
        )
        found = sorted_matches(search)
        assert killed.is_set() and lost  # it died holding chunks
        assert found == expected
        assert search.finished == search.submitted == 16
        assert victim not in client.run(os.getpid).values()  # the nanny restarted it


def test_resume_skips_finished_chunks(client, tmp_path):
    start, stop, obs, expected = java_case()
    log = tmp_path / "search.log"
    chunk = 1 << 22  # 32 chunks
    first = rd.seed_search(client, "java", obs, seeds=range(start, stop), chunk=chunk, log=log,
                           progress=False)
    got_first = []
    for m in first:
        got_first.append(m)
        if first.finished >= 6:
            break
    first.close()
    time.sleep(0.2)
    assert not client.futures  # the queued and running chunks were cancelled
    lines = log.read_text().splitlines()
    header, done = json.loads(lines[0]), [json.loads(line) for line in lines[1:]]
    assert header["gen"] == "java" and 6 <= len(done) < 32
    done_seeds = sum(d["stop"] - d["start"] for d in done)

    # restarted with another chunk size: only the seeds the log lacks are searched
    second = rd.seed_search(client, "java", obs, seeds=range(start, stop), chunk=3 << 21, log=log,
                            progress=False)
    found = sorted_matches(second)
    assert found == expected
    assert second.logged == len(done)
    assert second.searched == (stop - start) - done_seeds
    assert set(got_first) <= {Match(*m) for m in expected}

    # the log now covers the range exactly once
    spans = sorted((d["start"], d["stop"]) for d in map(json.loads, log.read_text().splitlines()[1:]))
    assert spans[0][0] == start and spans[-1][1] == stop
    assert all(a[1] == b[0] for a, b in zip(spans, spans[1:]))
    logged = sorted(tuple(m) for d in map(json.loads, log.read_text().splitlines()[1:])
                    for m in d["matches"])
    assert logged == expected

    # a third run finds everything in the log and submits nothing
    third = rd.seed_search(client, "java", obs, seeds=range(start, stop), log=log, progress=False)
    assert sorted_matches(third) == expected
    assert third.submitted == third.calibrated == third.searched == 0

    # a log of another search is refused
    with pytest.raises(ValueError, match="another search"):
        rd.seed_search(client, "java", [("next-int", 5)], seeds=range(start, stop), log=log)


def test_build_tables_in_shards_and_resume(client, tmp_path):
    """Tables built as Dask tasks, queried together, agree with the numpy
    reference; a run after a lost shard rebuilds only that shard."""
    start, stop = 1 << 30, (1 << 30) + (1 << 18)
    tables = rd.build_tables(client, "mt19937", tmp_path, seeds=range(start, stop), shard=1 << 16)
    assert [t.seeds for t in tables] == [range(a, a + (1 << 16)) for a in range(start, stop, 1 << 16)]
    firsts = mt19937_first_outputs(start, stop)
    for i in [3, 100_000, (1 << 18) - 1]:
        value = int(firsts[i])
        want = [Match(start + int(j), 0) for j in np.flatnonzero(firsts == value)]
        assert list(rngkit.seed_search("mt19937", [("u32", value)], table=tables)) == want
    times = {t.path: os.stat(t.path).st_mtime_ns for t in tables}
    os.remove(tables[1].path)
    again = rd.build_tables(client, "mt19937", tmp_path, seeds=range(start, stop), shard=1 << 16)
    assert [t.path for t in again] == [t.path for t in tables]
    for t in again:
        if t.path != tables[1].path:
            assert os.stat(t.path).st_mtime_ns == times[t.path]

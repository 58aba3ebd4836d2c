"""Seed tables from Python: rngkit.Table.build and seed_search(..., table=...)
answer as the full search does (the reference), and bad tables raise
ValueError naming what is wrong. CPython's own ``random`` gives the python
observations."""

import os
import random

import pytest

import rngkit
from rngkit import Match


def full(gen, obs, seeds):
    return sorted(rngkit.seed_search(gen, obs, seeds=seeds), key=lambda m: m.seed)


def test_python_table_answers_as_the_full_search(tmp_path):
    pick = random.Random(40)
    base = pick.randrange(0, (1 << 32) - (1 << 20))
    seeds = range(base, base + (1 << 20))
    table = rngkit.Table.build("python", tmp_path / "py.table", seeds=seeds)
    assert (table.gen, table.draw, table.seeds) == ("python", "getrandbits 32", seeds)
    assert table.bytes == os.path.getsize(tmp_path / "py.table")
    for _ in range(3):
        s = pick.choice(seeds)
        victim = random.Random(s)
        obs = [("getrandbits 32", victim.getrandbits(32)), ("getrandbits 32", victim.getrandbits(32))]
        got = list(rngkit.seed_search("python", obs, table=table))
        assert got == full("python", obs, seeds)
        assert Match(s, 0) in got
    # one value only, a path instead of a Table, a narrower range
    s = pick.choice(seeds)
    obs = [("getrandbits 32", random.Random(s).getrandbits(32))]
    narrow = range(s - 5, s + 5)
    got = list(rngkit.seed_search("python", obs, table=str(tmp_path / "py.table"), seeds=narrow))
    assert got == full("python", obs, narrow) and Match(s, 0) in got
    # a seed outside the table: nothing, as the full search says
    obs = [("getrandbits 32", random.Random(base - 1).getrandbits(32))] * 2
    assert list(rngkit.seed_search("python", obs, table=table)) == full("python", obs, seeds)


def test_random_draw_and_shards(tmp_path):
    a = rngkit.Table.build("python", tmp_path / "a.table", seeds=range(0, 1 << 16), draw="random")
    b = rngkit.Table.build("python", tmp_path / "b.table", seeds=(1 << 16, 1 << 17), draw="random")
    for s in [7, (1 << 16) + 9]:
        victim = random.Random(s)
        obs = [("random", victim.random()), ("random", victim.random())]
        got = list(rngkit.seed_search("python", obs, table=[a, b]))
        assert got == full("python", obs, range(0, 1 << 17)) == [Match(s, 0)]
    with pytest.raises(ValueError, match="keyed on the draw `random`"):
        list(rngkit.seed_search("python", [("getrandbits 32", 5)], table=a))
    with pytest.raises(ValueError, match="passes the seeds of the table"):
        list(rngkit.seed_search("python", [("random", 0.5)], table=a, seeds=range(0, 1 << 17)))
    with pytest.raises(ValueError, match="advance 0"):
        rngkit.seed_search("python", [("random", 0.5)], table=a, max_advance=3)


def test_bad_tables_raise(tmp_path):
    path = tmp_path / "php.table"
    table = rngkit.Table.build("php", path, seeds=range(5000, 5000 + (1 << 18)))
    first = rngkit.BitGenerator("php", 5000 + 1234).mt_rand()
    assert list(rngkit.seed_search("php", [("mt-rand", first)], table=table)) == full(
        "php", [("mt-rand", first)], table.seeds
    )
    data = path.read_bytes()
    for at in [20, 300, len(data) // 2, len(data) - 4]:
        bad = bytearray(data)
        bad[at] ^= 0x08
        (tmp_path / "bad.table").write_bytes(bytes(bad))
        with pytest.raises(ValueError, match="corrupted|format version") as e:
            rngkit.Table(tmp_path / "bad.table")
        assert "rngkit table build" in str(e.value)
    (tmp_path / "cut.table").write_bytes(data[:-100])
    with pytest.raises(ValueError, match="truncated"):
        rngkit.Table(tmp_path / "cut.table")
    with pytest.raises(ValueError, match="is a table of php, not python"):
        list(rngkit.seed_search("python", [("getrandbits 32", 5)], table=table))
    with pytest.raises(ValueError, match="tables are built for"):
        rngkit.Table.build("java", tmp_path / "j.table", seeds=range(0, 10))
    assert not (tmp_path / "j.table").exists()

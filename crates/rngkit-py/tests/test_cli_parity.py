"""Python values equal the CLI's, for every GEN and every draw."""

import re

import numpy as np
import pytest

import rngkit

# A value for each placeholder of a draw's syntax.
PLACEHOLDERS = {
    "MIN": 3, "MAX": 50, "M": 3, "N": 10, "K": 3, "A": 2, "B": 9, "START": 3, "STOP": 50,
    "STEP": 5, "MU": 0.5, "SIGMA": 2.0, "X": 2.5, "BOUND": 1000, "ORIGIN": -20,
    "TEXT": "abcdef", "HMIN": 0.0, "HMAX": 1.0, "SMIN": 0.5, "SMAX": 1.0,
    "VMIN": 0.25, "VMAX": 0.75, "AMIN": 1.0, "AMAX": 1.0,
    "FROM": 3, "TO": 50, "MEAN": 0.5, "DEV": 2.0, "SD": 2.0,
    "LOW": 3, "HIGH": 50, "LOC": 0.5, "SCALE": 2.0,
    # rbinom's BTPE (SIZE PROB = 30) with the mirror (PROB > 0.5); rpois's PD (LAMBDA >= 10).
    "SIZE": 100, "PROB": 0.7, "LAMBDA": 12.5,
    # to-string-36 LEN, random-alphanumeric LEN, str-shuffle TEXT LEN.
    "LEN": 4,
}
FLOAT_DRAWS = {"range-float", "next-float", "rand-float", "uniform", "gauss",
               "randf-range", "global-randf-range", "frand-range", "randfn", "global-randfn",
               "uniform-real-libstdcxx", "uniform-real-libcxx", "normal-libstdcxx", "normal-libcxx"}

from conftest import STATE_ONLY  # noqa: E402


def seeding(gen):
    if gen in STATE_ONLY:
        return ["--state", STATE_ONLY[gen]], {"state": STATE_ONLY[gen]}
    return ["--seed", "12345"], {"seed": 12345}


def draw_cases(syntax):
    """The draw name and argument lists for a syntax (with and without its
    optional part)."""
    name, *rest = syntax.split(" ")
    # Optional groups nest (`START [STOP [STEP]]`); each group is all or nothing.
    cases, current = [], []
    for token in rest:
        if token.startswith("["):
            cases.append(list(current))
        current.append(token.strip("[]"))
    cases.append(current)
    result = []
    for args in cases:
        values = []
        for a in args:
            v = PLACEHOLDERS[a]
            if name in FLOAT_DRAWS and isinstance(v, int):
                v = float(v)
            values.append(v)
        result.append((name, values))
    return result


def all_cases():
    for gen in rngkit.generators():
        for syntax in rngkit.describe(gen)["draws"]:
            for name, args in draw_cases(syntax):
                yield pytest.param(gen, name, args, id=f"{gen}-{name}-{len(args)}")


def same(value, text):
    """Whether the Python value is what the CLI printed."""
    if isinstance(value, bool):
        return text == ("true" if value else "false")
    if isinstance(value, int):
        return int(text) == value
    if isinstance(value, float):
        return float(text) == value or float(np.float32(text)) == value
    if isinstance(value, bytes):
        return text == value.hex()
    if isinstance(value, str):
        return text == value
    if isinstance(value, tuple):
        parts = text.split()
        return len(parts) == len(value) and all(same(v, p) for v, p in zip(value, parts))
    raise AssertionError(f"unexpected value type {type(value)}")


def cli_arg(v):
    return repr(v) if isinstance(v, float) else str(v)


@pytest.mark.parametrize("gen,name,args", list(all_cases()))
def test_draw_equals_cli(cli, gen, name, args):
    cli_seed, py_seed = seeding(gen)
    count = 6
    lines = cli("gen", gen, *cli_seed, "-n", count, name, *map(cli_arg, args)).stdout.split("\n")[:count]
    g = rngkit.BitGenerator(gen, **py_seed)
    method = getattr(g, name.replace("-", "_"))
    values = [method(*args) for _ in range(count)]
    for v, text in zip(values, lines):
        assert same(v, text), f"{gen} {name} {args}: python {v!r}, cli {text!r}"
    # the array form draws the same values
    again = rngkit.BitGenerator(gen, **py_seed).draw(name, *args, n=count)
    for v, w in zip(values, list(again)):
        if isinstance(v, tuple):
            assert tuple(type(x)(y) for x, y in zip(v, w)) == v
        else:
            assert (v == w) if not isinstance(v, float) else float(w) == v


@pytest.mark.parametrize("gen", rngkit.generators())
def test_state_equals_cli(cli, gen):
    cli_seed, py_seed = seeding(gen)
    g = rngkit.BitGenerator(gen, **py_seed)
    assert g.state_hex == cli("state", gen, *cli_seed).stdout.strip()
    g.advance(1000)
    assert g.state_hex == cli("state", gen, *cli_seed, "--advance", "1000").stdout.strip()
    # the state words round-trip through the CLI's --state
    words = cli("state", gen, "--state", g.state_hex).stdout.strip()
    assert rngkit.BitGenerator(gen, state=words) == g
    # the JSON form is the CLI's `state --format json`, read back by both
    assert g.state_json == cli("state", gen, "--state", g.state_hex, "--format", "json").stdout.strip()
    assert cli("state", gen, "--state", g.state_json).stdout.strip() == g.state_hex
    assert rngkit.BitGenerator(gen, state=g.state_json) == g


@pytest.mark.parametrize("gen", rngkit.generators())
def test_seed_str_equals_cli(cli, gen):
    if gen in STATE_ONLY:
        pytest.skip("state only")
    proc = cli("state", gen, "--seed-str", "level-1", check=False)
    if proc.returncode != 0:
        # the runtime refuses such a string seed: the same message here
        with pytest.raises(ValueError) as e:
            rngkit.BitGenerator(gen, seed_str="level-1")
        assert proc.stderr.strip() == f"error: {e.value}"
        return
    g = rngkit.BitGenerator(gen, seed_str="level-1")
    assert g.state_hex == proc.stdout.strip()


@pytest.mark.parametrize("gen", [g for g in rngkit.generators() if rngkit.describe(g)["can_jump"]])
def test_huge_and_negative_advance_equals_cli(cli, gen):
    cli_seed, py_seed = seeding(gen)
    for n in (10**30, -12345, 2**200 + 7):
        g = rngkit.BitGenerator(gen, **py_seed)
        proc = cli("state", gen, *cli_seed, "--advance", n, check=False)
        if proc.returncode != 0:
            # beyond what the core's jump covers: the same error, not a crash
            with pytest.raises(ValueError) as e:
                g.advance(n)
            assert proc.stderr.strip() == f"error: {e.value}"
            continue
        g.advance(n)
        assert g.state_hex == proc.stdout.strip()


@pytest.mark.parametrize("gen", ["u32", "u64"])
def test_raw_words_equal_cli_raw(cli, gen):
    for name in rngkit.generators():
        cli_seed, py_seed = seeding(name)
        lines = cli("gen", name, *cli_seed, "-n", 8, gen).stdout.split()
        arr = getattr(rngkit.BitGenerator(name, **py_seed), gen)(8)
        assert [int(x) for x in lines] == arr.tolist(), name


def _words(text):
    return " ".join(text.split())


def test_notes_are_the_cli_help(cli):
    """describe(gen)["notes"] is what `rngkit recover --help` and
    `rngkit seed-search --help` print for the GEN: one text, two front ends."""
    recover_help = _words(cli("recover", "--help").stdout)
    search_help = _words(cli("seed-search", "--help").stdout)
    recovering = 0
    for gen in rngkit.generators():
        notes = rngkit.describe(gen)["notes"]
        assert set(notes) == {"recover", "recover_examples", "search", "search_examples"}
        if notes["recover"]:
            recovering += 1
            assert _words(notes["recover"]) in recover_help, gen
        if notes["search"]:
            assert _words(notes["search"]) in search_help, gen
        for line in notes["recover_examples"]:
            assert _words(line) in recover_help, gen
        for line in notes["search_examples"]:
            assert _words(line) in search_help, gen
    # every GEN that recovers says how (the linear ones share one text)
    assert recovering == sum(rngkit.describe(g)["can_recover"] for g in rngkit.generators())

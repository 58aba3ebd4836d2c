"""Fuzzing the Python API (issue 42): every public call, fed arbitrary
Python values (None, booleans, integers of any size, floats with NaN and
infinities, text, bytes, lists, tuples, dicts, nested, numpy scalars) mixed
with the values the calls take (GEN and draw names, seeds, observation
lines), raises only ``ValueError`` or ``TypeError`` for what it refuses,
never a crash, a hang or another exception. ``NoSolution`` and
``Underdetermined`` are the documented answers to a well-formed question
(no state fits, several do) and are accepted too; ``AttributeError`` only
where an attribute is looked up (a draw by its method name).

Hypothesis runs a bounded number of examples (``EXAMPLES`` each, about a
minute in all; ``RNGKIT_FUZZ_EXAMPLES=5000`` runs a longer campaign). Calls whose work grows with a number are given small
numbers or junk (``max_seconds``, ``max_advance``, ``max``, seed ranges),
recoveries that search 2^32 or more candidates on a few values are left
out (``SLOW``), and a seed search is started and closed without being
iterated: what is fuzzed is every argument's checking, not the searches.
"""

import math
import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rngkit

EXAMPLES = int(os.environ.get("RNGKIT_FUZZ_EXAMPLES", "150"))

GENS = rngkit.generators()
# Recoveries with no small bound on a few values (PCG32's 2^32 guesses,
# V8's carry search, java's residue scan, the fresh plane searches).
SLOW = {"pcg32", "megacrush", "libgdx", "godot", "java", "javascriptcore", "spidermonkey"}
QUICK = [g for g in GENS if g not in SLOW and not g.startswith("v8")]

ACCEPTED = (ValueError, TypeError, rngkit.NoSolution, rngkit.Underdetermined)

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

# -- arbitrary values ----------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.binary(max_size=20),
    st.sampled_from([np.uint32(7), np.int64(-3), np.float32(0.5), np.uint64(2**64 - 1)]),
)
anything = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.tuples(inner, inner),
        st.dictionaries(st.text(max_size=5), inner, max_size=3),
    ),
    max_leaves=10,
)

gen_names = st.one_of(st.sampled_from(GENS), st.text(max_size=12))
DRAWS = ["u32", "u64", "f32", "f64", "int", "bool", "value", "range-int", "next-int",
         "mt-rand", "random", "math-random", "next", "rand", "skip", "bits", "token"]
draw_names = st.one_of(st.sampled_from(DRAWS), st.text(max_size=12))
numbers = st.one_of(
    st.integers(-(2**64), 2**64),
    st.sampled_from(["0", "0x10", "-1", "5489", "1e3", "", "0.5", "abc"]),
)
observation_lines = st.builds(
    lambda d, v: f"{d} = {v}", draw_names, st.one_of(numbers, st.text(max_size=8))
)
observation_lists = st.one_of(
    st.lists(observation_lines, max_size=4).map("\n".join),
    st.lists(st.tuples(draw_names, numbers), max_size=4),
    anything,
)
small_counts = st.one_of(st.integers(-5, 10_000), anything)


def calls(f, *args, **kwargs):
    """Calls f; returns its result, or None when it refused the input with
    an accepted exception. Any other exception fails the test."""
    try:
        return f(*args, **kwargs)
    except ACCEPTED:
        return None


def some_generator(gen, seed):
    """A generator of a GEN, or None for GENs that take no seed."""
    try:
        return rngkit.BitGenerator(gen, seed)
    except ValueError:
        return None


# -- the calls -----------------------------------------------------------


@SETTINGS
@given(gen=st.one_of(gen_names, anything), seed=st.one_of(numbers, anything),
       seed_str=st.one_of(st.none(), st.text(max_size=8), anything),
       state=st.one_of(st.none(), anything, st.text(max_size=40)),
       stream=st.one_of(st.none(), numbers, anything))
def test_constructor_takes_anything(gen, seed, seed_str, state, stream):
    calls(rngkit.BitGenerator, gen, seed)
    calls(rngkit.BitGenerator, gen, seed, seed_str=seed_str, state=state, stream=stream)
    calls(rngkit.BitGenerator, gen, state=state)
    calls(rngkit.BitGenerator.from_bytes, gen, state)
    calls(rngkit.describe, gen)


@SETTINGS
@given(gen=st.sampled_from(GENS), name=draw_names,
       args=st.lists(st.one_of(numbers, anything), max_size=3),
       n=st.one_of(st.none(), st.integers(-3, 50), anything),
       steps=st.one_of(st.integers(-(2**40), 2**40), anything),
       attribute=st.text(min_size=1, max_size=12))
def test_draws_and_moves_take_anything(gen, name, args, n, steps, attribute):
    g = some_generator(gen, 1)
    if g is None:
        return
    calls(g.draw, name, *args, n=n)
    calls(g.draw, name, *args)
    for method in (g.u32, g.u64, g.f32, g.f64):
        calls(method, n)
    calls(g.random_raw, n)
    # An advance of a GEN without a jump steps one by one: keep it short.
    if not isinstance(steps, int) or abs(steps) < 10_000 or rngkit.describe(gen)["can_jump"]:
        calls(g.copy().advance, steps)
        calls(g.copy().jump, steps)
    calls(g.copy().step_back, n)
    calls(g.jumped, n if not isinstance(n, int) or n < 10 else 1)
    try:
        method = getattr(g, attribute)
    except AttributeError:
        return
    if callable(method) and attribute.isidentifier() and not attribute.startswith("_"):
        calls(method, *args)


@SETTINGS
@given(gen=st.one_of(st.sampled_from(QUICK), st.text(max_size=8), anything),
       observations=observation_lists,
       stream=st.one_of(st.none(), numbers, anything),
       at=st.one_of(st.sampled_from(["start", "end"]), anything),
       fresh=st.one_of(st.booleans(), anything),
       threads=st.one_of(st.none(), st.integers(-2, 2), anything))
def test_recover_takes_anything(gen, observations, stream, at, fresh, threads):
    calls(rngkit.recover, gen, observations, stream=stream, at=at, fresh=fresh, threads=threads)


@SETTINGS
@given(values=st.one_of(st.lists(st.one_of(numbers, st.floats(0, 1)), max_size=6),
                        st.text(max_size=40), anything),
       max_seconds=st.one_of(st.floats(0.01, 0.2), anything),
       threads=st.one_of(st.none(), st.integers(-1, 2), anything))
def test_detect_takes_anything(values, max_seconds, threads):
    if isinstance(max_seconds, (int, float)) and not isinstance(max_seconds, bool) \
            and (math.isnan(max_seconds) or max_seconds > 0.2):
        max_seconds = 0.2  # a number of seconds is a budget: keep the run short
    calls(rngkit.detect, values, max_seconds=max_seconds, threads=threads)


@SETTINGS
@given(gen=st.one_of(gen_names, anything), observations=observation_lists,
       seeds=st.one_of(st.none(), anything, st.text(max_size=12),
                       st.builds(range, st.integers(-10, 2**33), st.integers(-10, 2**33))),
       max_advance=small_counts, threads=st.one_of(st.none(), st.integers(-1, 2), anything),
       stream=st.one_of(st.none(), numbers, anything),
       progress=st.one_of(st.none(), anything, st.just(lambda done, total: None)))
def test_seed_search_takes_anything(gen, observations, seeds, max_advance, threads, stream, progress):
    search = calls(rngkit.seed_search, gen, observations, seeds=seeds, max_advance=max_advance,
                   threads=threads, stream=stream, progress=progress)
    if search is not None:
        search.close()


@SETTINGS
@given(gen=st.sampled_from(GENS), other=st.sampled_from(GENS),
       end=st.one_of(anything, st.text(max_size=40)),
       max_advance=small_counts, bound=small_counts, signed=anything)
def test_identify_and_distance_take_anything(gen, other, end, max_advance, bound, signed):
    g, h = some_generator(gen, 3), some_generator(other, 4)
    if g is None:
        return
    # Without a bound, identify and distance search their defaults (up to
    # 2^32 steps on a GEN that cannot jump): a bound of 1000 instead.
    max_advance = 1000 if max_advance is None else max_advance
    bound = 1000 if bound is None else bound
    calls(rngkit.identify, g, max_advance=max_advance)
    calls(rngkit.identify, end)
    for target in (end, h):
        if target is None:
            continue
        # An exact distance on a state of 128 bits or more is a discrete
        # logarithm (a second or so), and on a GEN without a distance
        # method a stepping search as long as `max`.
        calls(rngkit.distance, g, target, max=bound, signed=signed)
    calls(rngkit.distance, end, g)


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -0.0, 2**200, -(2**200), b"\xff", "\0"])
def test_edge_values_everywhere(bad):
    """The edge values on every argument of one call each (a quick, fixed
    companion to the random ones)."""
    g = rngkit.Mt19937(1)
    calls(rngkit.BitGenerator, "mt19937", bad)
    calls(rngkit.BitGenerator, "mt19937", state=bad)
    calls(g.draw, "int", bad, 5)
    calls(g.u32, bad)
    calls(g.copy().advance, bad)
    calls(rngkit.recover, "mt19937", [("u32", bad)])
    calls(rngkit.detect, [bad], max_seconds=0.1)
    calls(rngkit.identify, g, max_advance=bad)
    calls(rngkit.distance, g, g, max=bad)
    s = calls(rngkit.seed_search, "mt19937", [("u32", 1)], seeds=bad)
    if s is not None:
        s.close()

"""rngkit: bit-exact game, engine and runtime random number generators.

Every generator of the ``rngkit`` command line (its ``GEN`` names: ``unity``,
``mt19937``, ``php``, ``python``, ``java``, ...) is a :class:`BitGenerator`,
built from a seed, a string seed, state words or a save blob, with every
draw of its engine as a method and numpy's BitGenerator interface::

    >>> import numpy as np, rngkit
    >>> unity = rngkit.Unity(0)                # UnityEngine.Random.InitState(0)
    >>> round(unity.value(), 7)                # Random.value
    0.5841396
    >>> rngkit.BitGenerator("php", 42).mt_rand(1, 100)   # mt_srand(42); mt_rand(1, 100)
    43
    >>> words = rngkit.Mt19937(5489).u32(1000)         # a numpy uint32 array
    >>> g = np.random.Generator(rngkit.Xoshiro256StarStar(1))
    >>> 0.0 <= g.random() < 1.0
    True

The analyses of the CLI are functions: :func:`recover` (a state from
observed draws), :func:`identify` (the seed and advance of a state),
:func:`seed_search` (an iterator over the seeds that fit observations),
:func:`detect` (which generator made some values) and :func:`distance`;
:class:`Table` builds seed tables that answer :func:`seed_search` by a lookup. Errors are exceptions carrying the CLI's messages:
``ValueError``/``TypeError`` for bad input, :class:`NoSolution` when the
question has no answer, :class:`Underdetermined` when several states fit.

Named constructors (``rngkit.Unity``, ``rngkit.Mt19937``, ``rngkit.Php``,
...): every GEN has one, its name in CamelCase (``unity-math`` ->
``UnityMath``), returning a :class:`BitGenerator`. They are written out in
this module from the catalogue (``tools/gen_constructors.py``), so type
checkers and IDEs see them; a GEN added to the Rust core works at once
(through the module's ``__getattr__``) and a test asks for the list to be
regenerated.

:class:`BitGenerator` is named after numpy's role for it: numpy's
``numpy.random.Generator`` is the distribution layer that takes a bit
generator.

numpy word order: for 64-bit generators ``next_uint64`` is one output word
and ``next_uint32`` the low then the high half of a word (numpy's PCG64
convention); for 32-bit generators ``next_uint32`` is one word,
``next_uint64`` is ``(first << 32) | second`` and ``next_double`` is
MT19937's ``genrand_res53`` of two words (numpy's MT19937 convention), so an
rngkit ``mt19937`` in ``numpy.random.Generator`` draws exactly what numpy's
own ``MT19937`` with the same state draws.
"""

from __future__ import annotations

import os as _os
import re as _re
import time as _time
from typing import TYPE_CHECKING, Any, Callable, Iterator, NamedTuple, Optional, Union

from . import _rngkit
from ._rngkit import (
    BitGenerator,
    NoSolution,
    RngkitError,
    Underdetermined,
    Detected,
    OpenReading,
    describe,
    detect,
    distance,
    generators,
    recover,
)

if TYPE_CHECKING:
    from ._rngkit import StateLike

__all__ = [
    "BitGenerator",
    "NoSolution",
    "RngkitError",
    "Underdetermined",
    "Match",
    "Identified",
    "Detected",
    "OpenReading",
    "describe",
    "detect",
    "distance",
    "generators",
    "identify",
    "recover",
    "seed_search",
    "Table",
    "constructor_name",
]

__version__ = "0.1.0"


class Match(NamedTuple):
    """A seed whose stream, advanced by ``advance`` raw steps, fits the observations."""

    seed: int
    advance: int


class Identified(NamedTuple):
    """``state == BitGenerator(gen, seed)`` advanced by ``advance`` raw steps."""

    seed: int
    advance: int


def identify(generator: BitGenerator, *, max_advance: Optional[int] = None) -> Identified:
    """The seed and advance that give ``generator``'s state.

    Finds S and n with ``generator``'s state equal to
    ``BitGenerator(generator.gen, S)`` advanced by n raw steps. mt19937 and its
    kin untwist any state with no bound; the others walk back at most
    ``max_advance`` steps (a default bound otherwise). Raises
    :class:`NoSolution` when nothing is found, ``ValueError`` for a GEN
    without a method.

    >>> g = BitGenerator("mt19937", 1234); g.advance(170)
    >>> identify(g)
    Identified(seed=1234, advance=170)
    """
    seed, advance = _rngkit.identify(generator, max_advance=max_advance)
    return Identified(seed, advance)


class SeedSearch:
    """The iterator :func:`seed_search` returns: yields :class:`Match` values.

    ``close()`` (or leaving a ``with`` block) stops the native search;
    ``total`` is the number of seeds in the range. ``searched``,
    ``matches``, ``seconds`` and ``seeds_per_second`` are the summary
    fields of ``rngkit seed-search --format json``, so far (final once the
    iterator is exhausted).

    >>> s = seed_search("mt19937", [("u32", 3499211612)], seeds=range(5000, 6000))
    >>> list(s), s.searched, s.matches
    ([Match(seed=5489, advance=0)], 1000, 1)
    """

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def __iter__(self) -> "SeedSearch":
        return self

    def __next__(self) -> Match:
        seed, advance = next(self._inner)
        return Match(seed, advance)

    @property
    def total(self) -> int:
        return self._inner.total

    @property
    def searched(self) -> int:
        """Seeds searched so far."""
        return self._inner.searched

    @property
    def matches(self) -> int:
        """Matches yielded so far."""
        return self._inner.matches

    @property
    def seconds(self) -> float:
        """Seconds since the search started, until it ended or was closed."""
        return self._inner.seconds

    @property
    def seeds_per_second(self) -> float:
        """``searched / seconds``."""
        seconds = self.seconds
        return self.searched / seconds if seconds > 0 else 0.0

    def close(self) -> None:
        self._inner.close()

    def __enter__(self) -> "SeedSearch":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Table:
    """A seed table (``rngkit table build``): answers :func:`seed_search` by a lookup.

    ``Table(path)`` opens and checks a table (every block against its
    checksum: a damaged one raises ``ValueError`` naming what is wrong and
    how to rebuild it); :meth:`build` writes one. ``gen``, ``draw`` (the draw
    the first observation must be), ``seeds`` (a ``range``) and ``bytes``
    describe it. See docs/tables.md.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "php.table")
    >>> t = Table.build("php", path, seeds=range(1000, 2000))
    >>> t.gen, t.draw, t.seeds
    ('php', 'mt-rand', range(1000, 2000))
    >>> first = BitGenerator("php", 1234).mt_rand()
    >>> list(seed_search("php", [("mt-rand", first)], table=t))
    [Match(seed=1234, advance=0)]
    """

    def __init__(self, path: Union[str, "_os.PathLike[str]"]) -> None:
        self.path = _os.fspath(path)
        self._set(_rngkit._table_info(self.path))

    def _set(self, info: Any) -> None:
        self.gen: str = info["gen"]
        self.draw: str = info["draw"]
        self.seeds: range = range(info["first"], info["first"] + info["count"])
        self.bytes: int = info["bytes"]

    @classmethod
    def build(
        cls,
        gen: Any,
        path: Union[str, "_os.PathLike[str]"],
        *,
        seeds: Any = None,
        draw: Optional[str] = None,
        threads: Optional[int] = None,
    ) -> "Table":
        """Builds the table of ``gen`` over ``seeds`` (a ``range`` or ``(A, B)``,
        B excluded; default every 32-bit seed) keyed on ``draw`` (the GEN's
        default when ``None``: ``php`` ``mt-rand``, ``mt19937`` ``u32``,
        ``python`` ``getrandbits 32``, ``ruby`` ``rand``) into ``path``, on
        native threads with the GIL released; written as ``path.partial``
        and renamed when whole. About 4.5 bytes a seed on disk, 12 in memory
        while building."""
        table = cls.__new__(cls)
        table.path = _os.fspath(path)
        table._set(
            _rngkit._table_build(gen, table.path, seeds=seeds, draw=draw, threads=threads)
        )
        return table

    def __repr__(self) -> str:
        return f"Table({self.path!r}: {self.gen} {self.draw!r}, seeds={self.seeds})"


class _Found:
    """A finished list of matches (a table's answer) behind the
    :class:`SeedSearch` interface: every seed of the range was looked up."""

    def __init__(self, found: Any, total: int, seconds: float) -> None:
        self._it = iter(found)
        self.total = total
        self.searched = total
        self.seconds = seconds
        self.matches = 0

    def __iter__(self) -> "_Found":
        return self

    def __next__(self) -> Any:
        match = next(self._it)
        self.matches += 1
        return match

    def close(self) -> None:
        self._it = iter(())


def seed_search(
    gen: Any,
    observations: Any,
    *,
    seeds: Any = None,
    max_advance: int = 0,
    threads: Optional[int] = None,
    stream: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
    table: Any = None,
    table_check: str = "full",
) -> SeedSearch:
    """Every seed in ``seeds`` whose stream fits the observations, as found.

    ``gen`` is a GEN name (or a BitGenerator, for its GEN); ``observations``
    are as :func:`recover` takes them (the CLI's observation text, or a list
    of ``(draw, value)`` pairs and lines such as ``'skip 3'``); ``seeds`` is
    a ``range`` (or a pair ``(A, B)``, B excluded) of seeds as the GEN writes
    them (Unity's are signed), by default every 32-bit seed; each seed is
    tried at advances ``0..=max_advance``. The search runs on ``threads``
    native threads (default: all cores) with the GIL released; matches are
    yielded as they are found, in no fixed order. ``progress(done, total)``
    is called about ten times a second. Ctrl-C raises ``KeyboardInterrupt``
    in the loop and stops the search; so does ``close()``.

    ``table``: a :class:`Table` or a path (or a list of them, shards): the
    same seeds are found by a lookup instead of a search, in ascending
    order; ``seeds`` defaults to the tables' seeds and must lie in them, the
    first observation must be the table's draw, advance is 0 (``max_advance``
    and ``stream`` are refused). ``table_check``: ``"full"`` checks every
    block of the tables first, ``"touched"`` only the blocks the query reads
    (as the CLI's ``--table-check``).

    >>> obs = [("u32", 3499211612)]            # the first output of init_genrand(5489)
    >>> list(seed_search("mt19937", obs, seeds=range(5000, 6000)))
    [Match(seed=5489, advance=0)]
    """
    if table is not None:
        if max_advance or stream is not None:
            raise ValueError(
                "max_advance and stream do not combine with table: a table answers advance 0"
            )
        tables = table if isinstance(table, (list, tuple)) else [table]
        paths = [t.path if isinstance(t, Table) else _os.fspath(t) for t in tables]
        started = _time.perf_counter()
        found = _rngkit._table_query(gen, observations, paths, seeds=seeds, check=table_check)
        seconds = _time.perf_counter() - started
        total = len(range(*_rngkit._seed_range(gen, seeds))) if seeds is not None else 0
        return SeedSearch(_Found(found, total, seconds))
    inner = _rngkit.seed_search(
        gen,
        observations,
        seeds=seeds,
        max_advance=max_advance,
        threads=threads,
        stream=stream,
        progress=progress,
    )
    return SeedSearch(inner)


def constructor_name(gen: str) -> str:
    """The named constructor of a GEN: ``unity-math`` -> ``UnityMath``."""
    return "".join(part[:1].upper() + part[1:] for part in _re.split(r"[-_]", gen) if part)


def _constructor_doc(gen: str) -> str:
    info = describe(gen)
    draws = "\n".join(f"  {syntax}: {meaning}" for syntax, meaning in info["draws"].items())
    return (
        f"{info['summary']}\n\n"
        f"A BitGenerator of GEN '{gen}'. seed: {info['seed']}\n"
        f"state: {info['state']}\n"
        f"Matches: {info['versions']}\n\n"
        f"Draws (methods in snake case):\n{draws}\n"
    )


# Every GEN has a named constructor, written out below so that type checkers
# and IDEs see it (tests/test_typing.py checks the list against the catalogue).


# --- named constructors: generated by tools/gen_constructors.py from the catalogue ---


def Unity(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('unity', seed, seed_str=seed_str, state=state, stream=stream)


def Bdsp(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('bdsp', seed, seed_str=seed_str, state=state, stream=stream)


def Xorshift128(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('xorshift128', seed, seed_str=seed_str, state=state, stream=stream)


def Mars(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('mars', seed, seed_str=seed_str, state=state, stream=stream)


def Mt19937(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('mt19937', seed, seed_str=seed_str, state=state, stream=stream)


def Pcg32(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('pcg32', seed, seed_str=seed_str, state=state, stream=stream)


def Megacrush(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('megacrush', seed, seed_str=seed_str, state=state, stream=stream)


def Xoshiro256ss(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('xoshiro256ss', seed, seed_str=seed_str, state=state, stream=stream)


def Xoroshiro128p(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('xoroshiro128p', seed, seed_str=seed_str, state=state, stream=stream)


def Splitmix64(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('splitmix64', seed, seed_str=seed_str, state=state, stream=stream)


def Tinymt32(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('tinymt32', seed, seed_str=seed_str, state=state, stream=stream)


def UnityMath(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('unity-math', seed, seed_str=seed_str, state=state, stream=stream)


def Php(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php', seed, seed_str=seed_str, state=state, stream=stream)


def PhpMtRandPhp(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php-mt-rand-php', seed, seed_str=seed_str, state=state, stream=stream)


def Php5(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php5', seed, seed_str=seed_str, state=state, stream=stream)


def Php3(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php3', seed, seed_str=seed_str, state=state, stream=stream)


def PhpMt19937(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php-mt19937', seed, seed_str=seed_str, state=state, stream=stream)


def PhpPcg64(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php-pcg64', seed, seed_str=seed_str, state=state, stream=stream)


def PhpXoshiro256ss(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('php-xoshiro256ss', seed, seed_str=seed_str, state=state, stream=stream)


def Python(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('python', seed, seed_str=seed_str, state=state, stream=stream)


def Ruby(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('ruby', seed, seed_str=seed_str, state=state, stream=stream)


def NumpyLegacy(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('numpy-legacy', seed, seed_str=seed_str, state=state, stream=stream)


def R(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('r', seed, seed_str=seed_str, state=state, stream=stream)


def Glibc(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('glibc', seed, seed_str=seed_str, state=state, stream=stream)


def Go(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('go', seed, seed_str=seed_str, state=state, stream=stream)


def GoPcg(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('go-pcg', seed, seed_str=seed_str, state=state, stream=stream)


def GoChacha8(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('go-chacha8', seed, seed_str=seed_str, state=state, stream=stream)


def Numpy(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('numpy', seed, seed_str=seed_str, state=state, stream=stream)


def NumpyPcg64dxsm(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('numpy-pcg64dxsm', seed, seed_str=seed_str, state=state, stream=stream)


def NumpyPhilox(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('numpy-philox', seed, seed_str=seed_str, state=state, stream=stream)


def NumpySfc64(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('numpy-sfc64', seed, seed_str=seed_str, state=state, stream=stream)


def NumpyMt19937(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('numpy-mt19937', seed, seed_str=seed_str, state=state, stream=stream)


def Lua54(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('lua54', seed, seed_str=seed_str, state=state, stream=stream)


def Luajit(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('luajit', seed, seed_str=seed_str, state=state, stream=stream)


def Mt1993764(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('mt19937-64', seed, seed_str=seed_str, state=state, stream=stream)


def MinstdRand(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('minstd-rand', seed, seed_str=seed_str, state=state, stream=stream)


def MinstdRand0(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('minstd-rand0', seed, seed_str=seed_str, state=state, stream=stream)


def Ranlux24(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('ranlux24', seed, seed_str=seed_str, state=state, stream=stream)


def Ranlux48(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('ranlux48', seed, seed_str=seed_str, state=state, stream=stream)


def KnuthB(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('knuth-b', seed, seed_str=seed_str, state=state, stream=stream)


def Drand48(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('drand48', seed, seed_str=seed_str, state=state, stream=stream)


def Java(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('java', seed, seed_str=seed_str, state=state, stream=stream)


def SplittableRandom(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('splittable-random', seed, seed_str=seed_str, state=state, stream=stream)


def DotnetLegacy(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('dotnet-legacy', seed, seed_str=seed_str, state=state, stream=stream)


def Dotnet(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('dotnet', seed, seed_str=seed_str, state=state, stream=stream)


def Dotnet6(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('dotnet6', seed, seed_str=seed_str, state=state, stream=stream)


def Dotnet32bit(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('dotnet-32bit', seed, seed_str=seed_str, state=state, stream=stream)


def Dotnet632bit(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('dotnet6-32bit', seed, seed_str=seed_str, state=state, stream=stream)


def V8(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('v8', seed, seed_str=seed_str, state=state, stream=stream)


def V814(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('v8-14', seed, seed_str=seed_str, state=state, stream=stream)


def V813(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('v8-13', seed, seed_str=seed_str, state=state, stream=stream)


def V8Legacy(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('v8-legacy', seed, seed_str=seed_str, state=state, stream=stream)


def Spidermonkey(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('spidermonkey', seed, seed_str=seed_str, state=state, stream=stream)


def Javascriptcore(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('javascriptcore', seed, seed_str=seed_str, state=state, stream=stream)


def Libgdx(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('libgdx', seed, seed_str=seed_str, state=state, stream=stream)


def Godot(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('godot', seed, seed_str=seed_str, state=state, stream=stream)


def Unreal(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('unreal', seed, seed_str=seed_str, state=state, stream=stream)


def Pokerng(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('pokerng', seed, seed_str=seed_str, state=state, stream=stream)


def Xdrng(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('xdrng', seed, seed_str=seed_str, state=state, stream=stream)


def Arng(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('arng', seed, seed_str=seed_str, state=state, stream=stream)


def Bwrng(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('bwrng', seed, seed_str=seed_str, state=state, stream=stream)


def Sfmt(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('sfmt', seed, seed_str=seed_str, state=state, stream=stream)


def Swsh(
    seed: Optional[int] = None,
    *,
    seed_str: Optional[str] = None,
    state: Optional[StateLike] = None,
    stream: Optional[int] = None,
) -> BitGenerator:
    return BitGenerator('swsh', seed, seed_str=seed_str, state=state, stream=stream)


MT19937 = Mt19937
PCG32 = Pcg32
Xoshiro256StarStar = Xoshiro256ss
Xoroshiro128Plus = Xoroshiro128p
SplitMix64 = Splitmix64
TinyMT32 = Tinymt32
MT19937_64 = Mt1993764

_CONSTRUCTORS: dict[str, str] = {
    'Unity': 'unity',
    'Bdsp': 'bdsp',
    'Xorshift128': 'xorshift128',
    'Mars': 'mars',
    'Mt19937': 'mt19937',
    'MT19937': 'mt19937',
    'Pcg32': 'pcg32',
    'PCG32': 'pcg32',
    'Megacrush': 'megacrush',
    'Xoshiro256ss': 'xoshiro256ss',
    'Xoshiro256StarStar': 'xoshiro256ss',
    'Xoroshiro128p': 'xoroshiro128p',
    'Xoroshiro128Plus': 'xoroshiro128p',
    'Splitmix64': 'splitmix64',
    'SplitMix64': 'splitmix64',
    'Tinymt32': 'tinymt32',
    'TinyMT32': 'tinymt32',
    'UnityMath': 'unity-math',
    'Php': 'php',
    'PhpMtRandPhp': 'php-mt-rand-php',
    'Php5': 'php5',
    'Php3': 'php3',
    'PhpMt19937': 'php-mt19937',
    'PhpPcg64': 'php-pcg64',
    'PhpXoshiro256ss': 'php-xoshiro256ss',
    'Python': 'python',
    'Ruby': 'ruby',
    'NumpyLegacy': 'numpy-legacy',
    'R': 'r',
    'Glibc': 'glibc',
    'Go': 'go',
    'GoPcg': 'go-pcg',
    'GoChacha8': 'go-chacha8',
    'Numpy': 'numpy',
    'NumpyPcg64dxsm': 'numpy-pcg64dxsm',
    'NumpyPhilox': 'numpy-philox',
    'NumpySfc64': 'numpy-sfc64',
    'NumpyMt19937': 'numpy-mt19937',
    'Lua54': 'lua54',
    'Luajit': 'luajit',
    'Mt1993764': 'mt19937-64',
    'MT19937_64': 'mt19937-64',
    'MinstdRand': 'minstd-rand',
    'MinstdRand0': 'minstd-rand0',
    'Ranlux24': 'ranlux24',
    'Ranlux48': 'ranlux48',
    'KnuthB': 'knuth-b',
    'Drand48': 'drand48',
    'Java': 'java',
    'SplittableRandom': 'splittable-random',
    'DotnetLegacy': 'dotnet-legacy',
    'Dotnet': 'dotnet',
    'Dotnet6': 'dotnet6',
    'Dotnet32bit': 'dotnet-32bit',
    'Dotnet632bit': 'dotnet6-32bit',
    'V8': 'v8',
    'V814': 'v8-14',
    'V813': 'v8-13',
    'V8Legacy': 'v8-legacy',
    'Spidermonkey': 'spidermonkey',
    'Javascriptcore': 'javascriptcore',
    'Libgdx': 'libgdx',
    'Godot': 'godot',
    'Unreal': 'unreal',
    'Pokerng': 'pokerng',
    'Xdrng': 'xdrng',
    'Arng': 'arng',
    'Bwrng': 'bwrng',
    'Sfmt': 'sfmt',
    'Swsh': 'swsh',
}
__all__ += [
    'Unity',
    'Bdsp',
    'Xorshift128',
    'Mars',
    'Mt19937',
    'Pcg32',
    'Megacrush',
    'Xoshiro256ss',
    'Xoroshiro128p',
    'Splitmix64',
    'Tinymt32',
    'UnityMath',
    'Php',
    'PhpMtRandPhp',
    'Php5',
    'Php3',
    'PhpMt19937',
    'PhpPcg64',
    'PhpXoshiro256ss',
    'Python',
    'Ruby',
    'NumpyLegacy',
    'R',
    'Glibc',
    'Go',
    'GoPcg',
    'GoChacha8',
    'Numpy',
    'NumpyPcg64dxsm',
    'NumpyPhilox',
    'NumpySfc64',
    'NumpyMt19937',
    'Lua54',
    'Luajit',
    'Mt1993764',
    'MinstdRand',
    'MinstdRand0',
    'Ranlux24',
    'Ranlux48',
    'KnuthB',
    'Drand48',
    'Java',
    'SplittableRandom',
    'DotnetLegacy',
    'Dotnet',
    'Dotnet6',
    'Dotnet32bit',
    'Dotnet632bit',
    'V8',
    'V814',
    'V813',
    'V8Legacy',
    'Spidermonkey',
    'Javascriptcore',
    'Libgdx',
    'Godot',
    'Unreal',
    'Pokerng',
    'Xdrng',
    'Arng',
    'Bwrng',
    'Sfmt',
    'Swsh',
    'MT19937',
    'PCG32',
    'Xoshiro256StarStar',
    'Xoroshiro128Plus',
    'SplitMix64',
    'TinyMT32',
    'MT19937_64',
]
# --- end of the generated constructors ---


def _document_constructors() -> None:
    for name, gen in _CONSTRUCTORS.items():
        globals()[name].__doc__ = _constructor_doc(gen)


_document_constructors()


if not TYPE_CHECKING:
    # Hidden from type checkers: a module __getattr__ would make every
    # misspelt name (rngkit.Unty) type-check.

    def __getattr__(name: str) -> Callable[..., BitGenerator]:
        # A GEN added to the Rust core after the block above was generated still
        # gets its constructor (until tools/gen_constructors.py writes it out).
        for gen in generators():
            if constructor_name(gen) == name:

                def construct(
                    seed: Optional[int] = None,
                    *,
                    seed_str: Optional[str] = None,
                    state: Optional[StateLike] = None,
                    stream: Optional[int] = None,
                ) -> BitGenerator:
                    return BitGenerator(gen, seed, seed_str=seed_str, state=state, stream=stream)

                construct.__name__ = construct.__qualname__ = name
                construct.__doc__ = _constructor_doc(gen)
                return construct
        raise AttributeError(f"module 'rngkit' has no attribute '{name}'")

"""rngkit: bit-exact game, engine and runtime random number generators.

Every generator of the ``rngkit`` command line (its ``GEN`` names: ``unity``,
``mt19937``, ``php``, ``python``, ``java``, ...) is a :class:`Generator`,
built from a seed, a string seed, state words or a save blob, with every
draw of its engine as a method and numpy's BitGenerator interface::

    >>> import numpy as np, rngkit
    >>> unity = rngkit.Unity(0)                # UnityEngine.Random.InitState(0)
    >>> round(unity.value(), 7)                # Random.value
    0.5841396
    >>> rngkit.Generator("php", 42).mt_rand(1, 100)   # mt_srand(42); mt_rand(1, 100)
    43
    >>> words = rngkit.Mt19937(5489).u32(1000)         # a numpy uint32 array
    >>> g = np.random.Generator(rngkit.Xoshiro256StarStar(1))
    >>> 0.0 <= g.random() < 1.0
    True

The analyses of the CLI are functions: :func:`recover` (a state from
observed draws), :func:`identify` (the seed and advance of a state),
:func:`seed_search` (an iterator over the seeds that fit observations),
:func:`detect` (which generator made some values) and :func:`distance`. Errors are exceptions carrying the CLI's messages:
``ValueError``/``TypeError`` for bad input, :class:`NoSolution` when the
question has no answer, :class:`Underdetermined` when several states fit.

Named constructors (``rngkit.Unity``, ``rngkit.Mt19937``, ``rngkit.Php``,
...) are made from the catalogue when the package is imported: every GEN
has one, its name in CamelCase (``unity-math`` -> ``UnityMath``), so a
generator added to the Rust core needs no Python code.

numpy word order: for 64-bit generators ``next_uint64`` is one output word
and ``next_uint32`` the low then the high half of a word (numpy's PCG64
convention); for 32-bit generators ``next_uint32`` is one word,
``next_uint64`` is ``(first << 32) | second`` and ``next_double`` is
MT19937's ``genrand_res53`` of two words (numpy's MT19937 convention), so an
rngkit ``mt19937`` in ``numpy.random.Generator`` draws exactly what numpy's
own ``MT19937`` with the same state draws.
"""

from __future__ import annotations

import re as _re
from typing import Any, Callable, Iterator, NamedTuple, Optional

from . import _rngkit
from ._rngkit import (
    Generator,
    NoSolution,
    RngkitError,
    Underdetermined,
    Detected,
    describe,
    detect,
    distance,
    generators,
    recover,
)

__all__ = [
    "Generator",
    "NoSolution",
    "RngkitError",
    "Underdetermined",
    "Match",
    "Identified",
    "Detected",
    "describe",
    "detect",
    "distance",
    "generators",
    "identify",
    "recover",
    "seed_search",
    "constructor_name",
]

__version__ = "0.1.0"


class Match(NamedTuple):
    """A seed whose stream, advanced by ``advance`` raw steps, fits the observations."""

    seed: int
    advance: int


class Identified(NamedTuple):
    """``state == Generator(gen, seed)`` advanced by ``advance`` raw steps."""

    seed: int
    advance: int


def identify(generator: Generator, *, max_advance: Optional[int] = None) -> Identified:
    """The seed and advance that give ``generator``'s state.

    Finds S and n with ``generator``'s state equal to
    ``Generator(generator.gen, S)`` advanced by n raw steps. mt19937 and its
    kin untwist any state with no bound; the others walk back at most
    ``max_advance`` steps (a default bound otherwise). Raises
    :class:`NoSolution` when nothing is found, ``ValueError`` for a GEN
    without a method.

    >>> g = Generator("mt19937", 1234); g.advance(170)
    >>> identify(g)
    Identified(seed=1234, advance=170)
    """
    seed, advance = _rngkit.identify(generator, max_advance=max_advance)
    return Identified(seed, advance)


class SeedSearch:
    """The iterator :func:`seed_search` returns: yields :class:`Match` values.

    ``close()`` (or leaving a ``with`` block) stops the native search;
    ``total`` is the number of seeds in the range.
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

    def close(self) -> None:
        self._inner.close()

    def __enter__(self) -> "SeedSearch":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def seed_search(
    gen: Any,
    observations: Any,
    *,
    seeds: Any = None,
    max_advance: int = 0,
    threads: Optional[int] = None,
    stream: Optional[int] = None,
    progress: Optional[Callable[[int, int], Any]] = None,
) -> SeedSearch:
    """Every seed in ``seeds`` whose stream fits the observations, as found.

    ``gen`` is a GEN name (or a Generator, for its GEN); ``observations``
    are as :func:`recover` takes them (the CLI's observation text, or a list
    of ``(draw, value)`` pairs and lines such as ``'skip 3'``); ``seeds`` is
    a ``range`` (or a pair ``(A, B)``, B excluded) of seeds as the GEN writes
    them (Unity's are signed), by default every 32-bit seed; each seed is
    tried at advances ``0..=max_advance``. The search runs on ``threads``
    native threads (default: all cores) with the GIL released; matches are
    yielded as they are found, in no fixed order. ``progress(done, total)``
    is called about ten times a second. Ctrl-C raises ``KeyboardInterrupt``
    in the loop and stops the search; so does ``close()``.

    >>> obs = [("u32", 3499211612)]            # the first output of init_genrand(5489)
    >>> list(seed_search("mt19937", obs, seeds=range(5000, 6000)))
    [Match(seed=5489, advance=0)]
    """
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


# Nicer spellings beside the generated CamelCase names.
_ALIASES = {
    "mt19937": ["MT19937"],
    "pcg32": ["PCG32"],
    "xoshiro256ss": ["Xoshiro256StarStar"],
    "xoroshiro128p": ["Xoroshiro128Plus"],
    "splitmix64": ["SplitMix64"],
    "tinymt32": ["TinyMT32"],
}


def constructor_name(gen: str) -> str:
    """The named constructor of a GEN: ``unity-math`` -> ``UnityMath``."""
    return "".join(part[:1].upper() + part[1:] for part in _re.split(r"[-_]", gen) if part)


def _make_constructor(gen: str) -> Callable[..., Generator]:
    info = describe(gen)

    def construct(
        seed: Any = None,
        *,
        seed_str: Optional[str] = None,
        state: Any = None,
        stream: Optional[int] = None,
    ) -> Generator:
        return Generator(gen, seed, seed_str=seed_str, state=state, stream=stream)

    construct.__name__ = construct.__qualname__ = constructor_name(gen)
    construct.__module__ = __name__
    draws = "\n".join(f"  {syntax}: {meaning}" for syntax, meaning in info["draws"].items())
    construct.__doc__ = (
        f"{info['summary']}\n\n"
        f"A Generator of GEN '{gen}'. seed: {info['seed']}\n"
        f"state: {info['state']}\n"
        f"Matches: {info['versions']}\n\n"
        f"Draws (methods in snake case):\n{draws}\n"
    )
    return construct


def _install_constructors() -> None:
    namespace = globals()
    for gen in generators():
        ctor = _make_constructor(gen)
        for name in [ctor.__name__, *_ALIASES.get(gen, [])]:
            if name not in namespace:
                namespace[name] = ctor
                __all__.append(name)


_install_constructors()

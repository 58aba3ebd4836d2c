"""Type stubs of the native module (see the package docstring)."""

from typing import Any, Callable, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, Union, overload

import numpy as np

Observations = Union[str, Sequence[Any]]
StateLike = Union[str, bytes, bytearray, Sequence[int], "BitGenerator"]

class RngkitError(Exception): ...
class NoSolution(RngkitError): ...

class Underdetermined(RngkitError):
    count: int
    candidates: list["BitGenerator"]

class Lock:
    def acquire(self, blocking: bool = ..., timeout: float = ...) -> bool: ...
    def release(self) -> None: ...
    def locked(self) -> bool: ...
    def __enter__(self) -> bool: ...
    def __exit__(self, *args: Any) -> None: ...

class DrawMethod:
    help: str
    def __call__(self, *args: Any, n: Optional[int] = ...) -> Any: ...

class BitGenerator:
    def __init__(
        self,
        gen: Union[str, "BitGenerator"],
        seed: Optional[int] = ...,
        *,
        seed_str: Optional[str] = ...,
        state: Optional[StateLike] = ...,
        stream: Optional[int] = ...,
    ) -> None: ...
    @staticmethod
    def from_bytes(gen: Union[str, "BitGenerator"], data: bytes) -> "BitGenerator": ...
    def to_bytes(self) -> bytes: ...
    @property
    def gen(self) -> str: ...
    state: Tuple[int, ...]
    @property
    def state_hex(self) -> str: ...
    @property
    def state_json(self) -> str: ...
    @property
    def output_bits(self) -> int: ...
    @property
    def draws(self) -> list[str]: ...
    def draw(self, name: str, *args: Any, n: Optional[int] = ...) -> Any: ...
    def u32(self, n: Optional[int] = ...) -> Any: ...
    def u64(self, n: Optional[int] = ...) -> Any: ...
    def f32(self, n: Optional[int] = ...) -> Any: ...
    def f64(self, n: Optional[int] = ...) -> Any: ...
    def random_raw(self, size: Optional[int] = ...) -> Union[int, np.ndarray]: ...
    def advance(self, n: int) -> None: ...
    def jump(self, n: int) -> None: ...
    def step_back(self, n: Optional[int] = ...) -> None: ...
    def jumped(self, jumps: Optional[int] = ...) -> "BitGenerator": ...
    def copy(self) -> "BitGenerator": ...
    @property
    def capsule(self) -> Any: ...
    @property
    def lock(self) -> Lock: ...
    def __getattr__(self, name: str) -> DrawMethod: ...

class SeedSearch(Iterator[Tuple[int, int]]):
    total: int
    searched: int
    matches: int
    seconds: float
    def __next__(self) -> Tuple[int, int]: ...
    def close(self) -> None: ...

class Detected:
    """One GEN whose stream regenerates every value given to :func:`detect`."""

    gen: str
    draw: str
    states: list[BitGenerator]
    state: BitGenerator
    seed: Optional[int]
    advance: Optional[int]
    decisive: bool
    family: list[str]
    kind: str
    revealed_bits: int
    state_bits: int
    values_to_settle: Optional[int]

class OpenReading:
    """A reading :func:`detect` left open (``with_open=True``), likeliest first."""

    rank: int
    gen: str
    draw: str
    why: str
    evidence_bits: float
    prior: int
    revealed_bits: int
    state_bits: int
    more_values: Optional[int]

@overload
def detect(
    values: Union[str, Sequence[Union[int, float, str]]],
    *,
    max_seconds: float = ...,
    threads: Optional[int] = ...,
    with_open: Literal[False] = ...,
) -> Tuple[str, list[Detected]]: ...
@overload
def detect(
    values: Union[str, Sequence[Union[int, float, str]]],
    *,
    max_seconds: float = ...,
    threads: Optional[int] = ...,
    with_open: Literal[True],
) -> Tuple[str, list[Detected], list[OpenReading]]: ...
def generators() -> list[str]: ...
def describe(gen: Union[str, BitGenerator]) -> dict[str, Any]: ...
def recover(
    gen: Union[str, BitGenerator],
    observations: Observations,
    *,
    stream: Optional[int] = ...,
    at: str = ...,
    threads: Optional[int] = ...,
    fresh: bool = ...,
) -> BitGenerator: ...
def identify(generator: BitGenerator, *, max_advance: Optional[int] = ...) -> Tuple[int, int]: ...
def distance(
    start: BitGenerator, end: StateLike, *, max: Optional[int] = ..., signed: bool = ...
) -> int: ...
def seed_search(
    gen: Union[str, BitGenerator],
    observations: Observations,
    *,
    seeds: Any = ...,
    max_advance: Optional[int] = ...,
    threads: Optional[int] = ...,
    stream: Optional[int] = ...,
    progress: Optional[Callable[[int, int], Any]] = ...,
) -> SeedSearch: ...
def _seed_range(gen: Union[str, BitGenerator], seeds: Any = ...) -> Tuple[int, int]: ...
def _table_build(
    gen: Union[str, BitGenerator],
    path: str,
    *,
    seeds: Any = ...,
    draw: Optional[str] = ...,
    threads: Optional[int] = ...,
) -> Dict[str, Any]: ...
def _table_info(path: str) -> Dict[str, Any]: ...
def _table_query(
    gen: Union[str, BitGenerator],
    observations: Observations,
    paths: Sequence[str],
    *,
    seeds: Any = ...,
    check: str = ...,
) -> List[Tuple[int, int]]: ...
def run_cli(argv: Sequence[str]) -> int: ...

import os
from typing import Any, Callable, Iterator, List, Optional, Tuple, Union

from . import BitGenerator, Match, Table

LOG_VERSION: int

def search_chunk(
    gen: str,
    observations: Any,
    start: int,
    stop: int,
    max_advance: int = ...,
    stream: Optional[int] = ...,
    threads: int = ...,
) -> List[Tuple[int, int]]: ...

class DistributedSearch(Iterator[Match]):
    total: int
    chunk: int
    logged: int
    calibrated: int
    submitted: int
    finished: int
    searched: int
    def __iter__(self) -> "DistributedSearch": ...
    def __next__(self) -> Match: ...
    def close(self) -> None: ...
    def __enter__(self) -> "DistributedSearch": ...
    def __exit__(self, *exc: Any) -> None: ...

def seed_search(
    client: Any,
    gen: Union[str, BitGenerator],
    observations: Any,
    *,
    seeds: Any = ...,
    chunk: Optional[int] = ...,
    max_advance: int = ...,
    stream: Optional[int] = ...,
    target_seconds: float = ...,
    log: Optional[Union[str, "os.PathLike[str]"]] = ...,
    progress: Union[bool, Callable[[int, int], Any]] = ...,
    retries: int = ...,
    threads: int = ...,
) -> DistributedSearch: ...

def build_shard(
    gen: str, path: str, start: int, stop: int, draw: Optional[str] = ..., threads: int = ...
) -> str: ...
def build_tables(
    client: Any,
    gen: Union[str, BitGenerator],
    directory: Union[str, "os.PathLike[str]"],
    *,
    seeds: Any = ...,
    shard: int = ...,
    draw: Optional[str] = ...,
    threads: int = ...,
    retries: int = ...,
) -> List[Table]: ...

"""Seed search on a Dask cluster: :func:`seed_search` over ``dask.distributed``.

The seed range is cut into chunks sized from a quick local calibration (about
``target_seconds`` of one thread's work each); every chunk is one Dask task
that runs the native kernel (:func:`rngkit.seed_search` with ``threads=1``,
the GIL released, so a worker with N threads searches N chunks at once) and
returns only its matches. Matches are yielded as tasks finish. A finished-chunk
log (one JSON line per finished chunk, with its matches) makes a search
resumable: a restarted search with the same log searches only what the log does
not cover, and yields the logged matches too, so no seed is searched twice and
none is skipped. A worker lost mid-task costs a retry of its chunk (Dask
reschedules it; ``retries`` covers errors raised in the task)::

    from dask.distributed import Client, LocalCluster
    import rngkit.distributed

    client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    obs = [("u32", 3499211612)]                 # init_genrand(5489)'s first output
    for m in rngkit.distributed.seed_search(client, "mt19937", obs,
                                            seeds=range(0, 1 << 32),
                                            log="mt-search.log"):
        print(m.seed, m.advance)

Needs ``dask[distributed]`` (``pip install 'dask[distributed]'``); ``tqdm``,
when importable, draws a progress bar (terminal or notebook), beside the Dask
dashboard's task stream (``client.dashboard_link``).
"""

from __future__ import annotations

import hashlib
import json
import os
import time
import uuid
from typing import Any, Callable, Iterator, List, Optional, Sequence, Tuple, Union

try:
    from distributed import as_completed, get_client
except ImportError as _error:  # pragma: no cover - exercised only without dask
    raise ImportError(
        "rngkit.distributed needs dask.distributed: pip install 'dask[distributed]'"
    ) from _error

from . import BitGenerator, Match, Table, _rngkit
from . import seed_search as _local_seed_search

__all__ = ["seed_search", "DistributedSearch", "search_chunk", "build_tables", "build_shard"]

#: The log's format version (its first line names it).
LOG_VERSION = 1

Interval = Tuple[int, int]  # [start, stop): seeds as the GEN writes them


def search_chunk(
    gen: str,
    observations: Any,
    start: int,
    stop: int,
    max_advance: int = 0,
    stream: Optional[int] = None,
    threads: int = 1,
) -> List[Tuple[int, int]]:
    """One task: every ``(seed, advance)`` in ``range(start, stop)`` that fits.

    Runs the native kernel (GIL released) on ``threads`` threads and returns
    the matches sorted; the scanned data never leaves the worker.

    >>> search_chunk("mt19937", [("u32", 3499211612)], 5000, 6000)
    [(5489, 0)]
    """
    with _local_seed_search(
        gen,
        observations,
        seeds=range(start, stop),
        max_advance=max_advance,
        threads=threads,
        stream=stream,
    ) as found:
        return sorted((int(m.seed), int(m.advance)) for m in found)


def _gen_name(gen: Any) -> str:
    if isinstance(gen, BitGenerator):
        return gen.gen
    if isinstance(gen, str):
        return gen
    raise TypeError(f"gen must be a GEN name (str) or a BitGenerator, not {type(gen).__name__}")


def _seed_bounds(gen: str, seeds: Any) -> Interval:
    """The range as ``[start, stop)``, as the GEN writes seeds: read (or, for
    None, chosen) by the native seed-range reader, so it is refused in the
    words ``seed_search`` and the CLI use."""
    start, stop = _rngkit._seed_range(gen, seeds)
    return start, stop


def _observations_key(observations: Any) -> Any:
    """A JSON-able form of the observations, for the log's fingerprint."""
    if isinstance(observations, str):
        return observations
    out = []
    for item in observations:
        if isinstance(item, (tuple, list)):
            out.append([_observations_key_item(x) for x in item])
        else:
            out.append(_observations_key_item(item))
    return out


def _observations_key_item(x: Any) -> Any:
    if isinstance(x, (tuple, list)):
        return [_observations_key_item(y) for y in x]
    if isinstance(x, (bool, int, float, str)) or x is None:
        return x
    return repr(x)


def _fingerprint(gen: str, observations: Any, max_advance: int, stream: Optional[int]) -> str:
    blob = json.dumps(
        [gen, _observations_key(observations), int(max_advance), stream],
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def _subtract(span: Interval, done: Sequence[Interval]) -> List[Interval]:
    """``span`` less the union of ``done`` (sorted, disjoint pieces)."""
    start, stop = span
    pieces = []
    cursor = start
    for a, b in sorted(done):
        if b <= cursor or a >= stop:
            continue
        if a > cursor:
            pieces.append((cursor, min(a, stop)))
        cursor = max(cursor, b)
        if cursor >= stop:
            break
    if cursor < stop:
        pieces.append((cursor, stop))
    return pieces


class _Log:
    """The finished-chunk log: a header line, then one line per finished chunk.

    Lines are JSON: ``{"rngkit-seed-search": 1, "search": FINGERPRINT, ...}``
    then ``{"start": A, "stop": B, "matches": [[seed, advance], ...]}``. A
    torn last line (a crash while writing) is ignored, its chunk redone.
    """

    def __init__(self, path: Union[str, "os.PathLike[str]"], fingerprint: str, header: dict) -> None:
        self.path = os.fspath(path)
        self.done: List[Interval] = []
        self.matches: List[Tuple[int, int, int, int]] = []  # start, stop, seed, advance
        exists = os.path.exists(self.path) and os.path.getsize(self.path) > 0
        if exists:
            self._read(fingerprint)
        self._file = open(self.path, "a", encoding="utf-8")
        if not exists:
            self._write({"rngkit-seed-search": LOG_VERSION, "search": fingerprint, **header})

    def _read(self, fingerprint: str) -> None:
        with open(self.path, "r", encoding="utf-8") as f:
            text = f.read()
        lines = text.split("\n")
        if not text.endswith("\n"):
            lines = lines[:-1]  # torn last line
            # keep the file well formed for the lines appended next
            with open(self.path, "w", encoding="utf-8") as f:
                f.write("".join(line + "\n" for line in lines if line))
        lines = [line for line in lines if line.strip()]
        try:
            header = json.loads(lines[0])
        except (IndexError, ValueError):
            header = {}
        if not isinstance(header, dict) or header.get("rngkit-seed-search") != LOG_VERSION:
            raise ValueError(f"{self.path}: not an rngkit seed-search log")
        if header.get("search") != fingerprint:
            raise ValueError(
                f"{self.path}: the log is of another search (GEN, observations, max_advance or "
                "stream differ); give a new log file"
            )
        for number, line in enumerate(lines[1:], start=2):
            try:
                entry = json.loads(line)
                a, b = int(entry["start"]), int(entry["stop"])
                found = [(int(s), int(k)) for s, k in entry["matches"]]
            except (ValueError, KeyError, TypeError) as e:
                raise ValueError(f"{self.path}:{number}: a malformed log line ({e})") from None
            self.done.append((a, b))
            self.matches.extend((a, b, s, k) for s, k in found)

    def _write(self, obj: dict) -> None:
        self._file.write(json.dumps(obj, separators=(",", ":")) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())

    def record(self, start: int, stop: int, found: Sequence[Tuple[int, int]]) -> None:
        self._write({"start": start, "stop": stop, "matches": [list(m) for m in found]})

    def close(self) -> None:
        if not self._file.closed:
            self._file.close()


class DistributedSearch:
    """The iterator :func:`seed_search` returns: yields :class:`rngkit.Match`.

    ``close()`` (or leaving a ``with`` block, or a KeyboardInterrupt in the
    loop) cancels the chunks still queued or running. Counters, in chunks:
    ``logged`` (found finished in the log at the start), ``calibrated``
    (searched locally while timing the kernel), ``submitted`` and
    ``finished`` (Dask tasks of this run); ``searched`` is the number of
    seeds this run searched, ``total`` the number of seeds in the range,
    ``chunk`` the chunk size in seeds.
    """

    def __init__(self, inner: Iterator[Match], state: "_State") -> None:
        self._inner = inner
        self._state = state

    def __iter__(self) -> "DistributedSearch":
        return self

    def __next__(self) -> Match:
        return next(self._inner)

    def close(self) -> None:
        """Cancels what is queued or running; the iterator then ends."""
        self._inner.close()  # type: ignore[attr-defined]
        if self._state.book is not None:  # a search closed before it started
            self._state.book.close()

    def __enter__(self) -> "DistributedSearch":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __getattr__(self, name: str) -> Any:
        if name in _State.COUNTERS:
            return getattr(self._state, name)
        raise AttributeError(name)


class _State:
    COUNTERS = ("total", "chunk", "logged", "calibrated", "submitted", "finished", "searched")

    def __init__(self) -> None:
        self.total = 0
        self.chunk = 0
        self.logged = 0
        self.calibrated = 0
        self.submitted = 0
        self.finished = 0
        self.searched = 0
        self.book: Optional[_Log] = None


def _chunks(pieces: Sequence[Interval], chunk: int) -> Iterator[Interval]:
    """Each piece cut into near-equal chunks of at most ``chunk`` seeds."""
    for a, b in pieces:
        n = -(-(b - a) // chunk)
        for i in range(n):
            yield a + (b - a) * i // n, a + (b - a) * (i + 1) // n


def _cluster_threads(client: Any) -> int:
    try:
        workers = client.scheduler_info().get("workers", {})
        return max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))
    except Exception:  # the scheduler's view is only a sizing hint
        return 1


def seed_search(
    client: Any,
    gen: Union[str, BitGenerator],
    observations: Any,
    *,
    seeds: Any = None,
    chunk: Optional[int] = None,
    max_advance: int = 0,
    stream: Optional[int] = None,
    target_seconds: float = 10.0,
    log: Optional[Union[str, "os.PathLike[str]"]] = None,
    progress: Union[bool, Callable[[int, int], Any]] = True,
    retries: int = 3,
    threads: int = 1,
) -> DistributedSearch:
    """Every seed in ``seeds`` that fits the observations, searched on a Dask cluster.

    ``client`` is a ``dask.distributed.Client`` (None: the current one).
    ``gen``, ``observations``, ``seeds``, ``max_advance`` and ``stream`` are
    as :func:`rngkit.seed_search` takes them; they are checked here, on the
    client, before any task is submitted (a bad observation list raises the
    CLI's ``ValueError`` at once). ``chunk`` is the number of seeds per task;
    by default the kernel is timed on the first seeds of the range (that
    work counts: its matches are yielded and logged) and a chunk holds about
    ``target_seconds`` of one thread's work, fewer when the range is small
    so that every worker thread gets several chunks.

    Each task searches its chunk with ``threads`` native threads (default 1:
    a Dask worker with N threads runs N chunks at once, each with the GIL
    released) and returns only its matches. At most about two chunks per
    worker thread are in flight; the rest are submitted as tasks finish, so
    a 2^48 range costs no more scheduler memory than a small one. Matches
    are yielded as chunks finish, sorted within a chunk.

    ``log`` names a finished-chunk log file: a search restarted with the same
    log (the same GEN, observations, max_advance and stream; the range may
    differ) yields the logged matches in the range and searches only the
    seeds the log does not cover. ``progress``: True draws a tqdm bar when
    tqdm is importable; a callable is called as ``progress(done, total)``
    in seeds after each chunk. ``retries`` is Dask's retries for a task that
    raises; a task whose worker dies is rescheduled by Dask.

    Closing the iterator (``close()``, a ``with`` block, or a
    KeyboardInterrupt in the loop) cancels the queued and running tasks.
    """
    if client is None:
        client = get_client()
    name = _gen_name(gen)
    start, stop = _seed_bounds(name, seeds)
    max_advance = int(max_advance)
    if chunk is not None and int(chunk) < 1:
        raise ValueError(f"chunk must be at least 1 seed, not {chunk}")
    if not target_seconds > 0:
        raise ValueError(f"target_seconds must be positive, not {target_seconds}")
    # The native checks (GEN, seed range, observations, max_advance, stream),
    # with the CLI's messages, before anything reaches the cluster.
    _local_seed_search(
        name,
        observations,
        seeds=range(start, stop),
        max_advance=max_advance,
        threads=1,
        stream=stream,
    ).close()
    fingerprint = _fingerprint(name, observations, max_advance, stream)
    header = {"gen": name, "max_advance": max_advance, "stream": stream}
    state = _State()
    state.total = stop - start
    book = _Log(log, fingerprint, header) if log is not None else None
    state.book = book
    inner = _run(
        client, name, observations, (start, stop), chunk, max_advance, stream,
        float(target_seconds), book, progress, int(retries), int(threads), fingerprint, state,
    )
    return DistributedSearch(inner, state)


def _run(
    client: Any,
    gen: str,
    observations: Any,
    span: Interval,
    chunk: Optional[int],
    max_advance: int,
    stream: Optional[int],
    target_seconds: float,
    book: Optional[_Log],
    progress: Union[bool, Callable[[int, int], Any]],
    retries: int,
    threads: int,
    fingerprint: str,
    state: _State,
) -> Iterator[Match]:
    start, stop = span
    bar = None
    report: Optional[Callable[[int, int], Any]] = progress if callable(progress) else None
    futures: dict = {}
    done_seeds = 0
    try:
        pieces = [(start, stop)]
        if book is not None:
            pieces = _subtract(span, book.done)
            inside = [(a, b) for a, b in book.done if a < stop and b > start]
            state.logged = len(inside)
            done_seeds = state.total - sum(b - a for a, b in pieces)
            for a, b, s, k in book.matches:
                if start <= s < stop and a < stop and b > start:
                    yield Match(s, k)
        if progress is True:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                tqdm = None
            if tqdm is not None:
                bar = tqdm(
                    total=state.total, initial=done_seeds, unit="seed", unit_scale=True,
                    desc=f"seed-search {gen}", smoothing=0.05,
                )

        def advance_progress(n: int) -> None:
            nonlocal done_seeds
            done_seeds += n
            if bar is not None:
                bar.update(n)
            if report is not None:
                report(done_seeds, state.total)

        def finish(a: int, b: int, found: List[Tuple[int, int]]) -> Iterator[Match]:
            if book is not None:
                book.record(a, b, found)
            advance_progress(b - a)
            state.searched += b - a
            for s, k in found:
                yield Match(s, k)

        if chunk is None and pieces:
            # Time the kernel on one thread over the first seeds left; the
            # slices searched are real work, logged like chunks.
            # At most a 64th of the range: the rest goes to the cluster.
            budget = max(1 << 12, sum(b - a for a, b in pieces) // 64)
            size, elapsed, timed = 1 << 12, 0.0, 0
            while pieces and elapsed < 0.25 and timed < budget:
                a, b = pieces[0]
                piece_stop = min(b, a + size, a + budget - timed)
                began = time.perf_counter()
                found = search_chunk(gen, observations, a, piece_stop, max_advance, stream, 1)
                elapsed += time.perf_counter() - began
                timed += piece_stop - a
                state.calibrated += 1
                yield from finish(a, piece_stop, found)
                pieces[0] = (piece_stop, b)
                if piece_stop == b:
                    pieces.pop(0)
                size *= 2
            rate = timed / max(elapsed, 1e-9)  # seeds a second, one thread
            left = sum(b - a for a, b in pieces)
            # at least 16 chunks a worker thread, so that the last wave is short
            even = -(-left // (16 * _cluster_threads(client))) if left else 1
            chunk = max(1 << 16, min(int(rate * target_seconds), even))
        state.chunk = int(chunk or 0)
        todo = _chunks(pieces, int(chunk or 1))
        ac = as_completed()
        run = uuid.uuid4().hex[:8]

        def submit_more() -> None:
            window = 2 * _cluster_threads(client) + 2
            while len(futures) < window:
                try:
                    a, b = next(todo)
                except StopIteration:
                    return
                future = client.submit(
                    search_chunk, gen, observations, a, b, max_advance, stream, threads,
                    key=f"rngkit-seed-search-{fingerprint[:8]}{run}-{a}-{b}",
                    retries=retries, pure=False,
                )
                futures[future] = (a, b)
                state.submitted += 1
                ac.add(future)

        submit_more()
        while futures:
            future = next(ac)
            a, b = futures.pop(future)
            found = future.result()
            state.finished += 1
            submit_more()
            yield from finish(a, b, found)
    finally:
        if futures:
            client.cancel(list(futures))
            futures.clear()
        if bar is not None:
            bar.close()
        if book is not None:
            book.close()


def build_shard(
    gen: str, path: str, start: int, stop: int, draw: Optional[str] = None, threads: int = 1
) -> str:
    """One task: the table of ``range(start, stop)`` into ``path``, unless a
    whole table of exactly those seeds is there already (a resumed build
    skips it). Returns ``path``."""
    if os.path.exists(path):
        try:
            done = Table(path)
            if done.gen == gen and done.seeds == range(start, stop) and (
                draw is None or done.draw == " ".join(draw.split())
            ):
                return path
        except ValueError:
            pass  # damaged or of another build: built again
    Table.build(gen, path, seeds=range(start, stop), draw=draw, threads=threads)
    return path


def build_tables(
    client: Any,
    gen: Union[str, BitGenerator],
    directory: Union[str, "os.PathLike[str]"],
    *,
    seeds: Any = None,
    shard: int = 1 << 26,
    draw: Optional[str] = None,
    threads: int = 1,
    retries: int = 2,
) -> List[Table]:
    """Builds the seed tables of ``seeds`` (default: every 32-bit seed) as
    shards of ``shard`` seeds, one Dask task each, into ``directory``
    (``GEN-START-STOP.table``); returns them as :class:`rngkit.Table`, in
    seed order, for ``rngkit.seed_search(..., table=...)`` or the CLI's
    repeated ``--table``. Resumable: a shard whose table is already whole is
    skipped, so an interrupted build run again builds only what is missing
    (each shard is written under a temporary name and renamed when whole).
    Each task holds 12 bytes a seed in memory while it builds.
    """
    if client is None:
        client = get_client()
    name = _gen_name(gen)
    start, stop = _seed_bounds(name, seeds)
    if shard < 1:
        raise ValueError(f"shard must be at least 1 seed, not {shard}")
    directory = os.fspath(directory)
    os.makedirs(directory, exist_ok=True)
    futures = []
    for a in range(start, stop, shard):
        b = min(stop, a + shard)
        path = os.path.join(directory, f"{name}-{a}-{b}.table")
        futures.append(
            client.submit(
                build_shard, name, path, a, b, draw, threads, pure=False, retries=retries
            )
        )
    paths = client.gather(futures)
    return [Table(p) for p in paths]


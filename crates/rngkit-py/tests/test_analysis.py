"""recover, identify, seed_search, distance: results, the CLI's answers,
and the workflows of randcrack and Project_Xs in a few lines each."""

import os
import random
import signal
import threading
import time

import pytest

import rngkit


def test_randcrack_workflow_with_cpython_random():
    """randcrack: submit 624 getrandbits(32) of CPython's random, predict
    the rest. Here: recover the state, then draw exactly what CPython draws."""
    victim = random.Random(20261201)
    victim.random()  # anywhere in the stream
    outputs = [victim.getrandbits(32) for _ in range(624)]
    cracked = rngkit.recover("python", [("getrandbits 32", v) for v in outputs], at="end")
    assert [cracked.getrandbits(32) for _ in range(10)] == [victim.getrandbits(32) for _ in range(10)]
    assert [cracked.random() for _ in range(5)] == [victim.random() for _ in range(5)]
    assert cracked.randrange(0, 1000) == victim.randrange(0, 1000)
    # and the past: the draw before the observations (what randcrack cannot do)
    past = rngkit.recover("python", [("getrandbits 32", v) for v in outputs])
    past.step_back(2)  # random() takes two words
    assert past.random() == random.Random(20261201).random()


def xorshift_blinks(rng, count):
    """Project_Xs' observation model (BDSP): one raw word a frame; the player
    blinks on frames where r & 0b1110 == 0, a double blink when r & 1.
    Returns (blink types, frame gaps)."""
    blinks, gaps, gap = [], [], 0
    while len(blinks) < count:
        r = rng.next_uint()
        gap += 1
        if r & 0b1110 == 0:
            blinks.append(r & 0xF)
            gaps.append(gap)
            gap = 0
    return blinks, gaps


def test_project_xs_workflow_recovers_bdsp_from_blinks():
    """Project_Xs: watch the player's blinks, recover the Xorshift128 state.
    Each blink reveals the low 4 bits of its frame's word; the gaps are skips."""
    start = rngkit.Bdsp(0x12345678)
    blinks, gaps = xorshift_blinks(start.copy(), 40)
    observations = []
    for b, g in zip(blinks, gaps):
        if g > 1:
            observations.append(f"skip {g - 1}")
        observations.append(f"bits 0xf = {b}")
    state = rngkit.recover("bdsp", observations)
    assert state == start
    # then predict: the next 5 words after the last blink
    after = rngkit.recover("bdsp", observations, at="end")
    rng = start.copy()
    rng.advance(sum(gaps))
    assert after.u32(5).tolist() == rng.u32(5).tolist()


def test_recover_underdetermined_lists_candidates():
    unity = rngkit.Unity(7)
    values = [unity.range_int(0, 10) for _ in range(4)]  # 4 bits: far too few
    with pytest.raises(rngkit.Underdetermined) as e:
        rngkit.recover("unity", [("range-int 0 10", v) for v in values])
    assert e.value.count == 2**124
    assert e.value.candidates == []
    assert "states fit" in str(e.value)


def test_recover_no_solution():
    with pytest.raises(rngkit.NoSolution, match="no state fits"):
        rngkit.recover("splitmix64", [("u64", 1), ("u64", 1)])


def test_outcome_messages_equal_the_clis(cli):
    """Several states, none, a composite draw that reveals no bit, a refused
    seed range: the words come from one layer, so Python's exception says
    what the CLI's `error:` line says (less the CLI's flag spelling)."""
    circle = "inside-unit-circle = 0.1 0.2\ninside-unit-circle = 0.3 -0.4\n"
    cases = [
        ("unity", "u32 = 5\n", rngkit.Underdetermined, 3),
        ("splitmix64", "u64 = 1\nu64 = 1\n", rngkit.NoSolution, 1),
        ("unity", "# nothing\n", ValueError, 2),
        ("unity", circle, rngkit.Underdetermined, 3),
    ]
    for gen, text, exc, code in cases:
        proc = cli("recover", gen, input=text, check=False)
        assert proc.returncode == code, proc.stderr
        with pytest.raises(exc) as e:
            rngkit.recover(gen, text)
        message = str(e.value)
        if code == 2:
            # the source is named: the CLI read stdin, Python a list
            assert proc.stderr.strip() == f"error: {message.replace('the observation list', 'stdin')}"
        elif text == circle:
            # the seed-search advice carries a timed rate: compare up to it
            head = message.split(": all 2^32 seeds")[0]
            assert proc.stderr.startswith(f"error: {head}: all 2^32 seeds"), proc.stderr
        else:
            assert proc.stderr.strip() == f"error: {message}"
    proc = cli("seed-search", "mt19937", "--seeds", "5..5", input="u32 = 1\n", check=False)
    with pytest.raises(ValueError) as e:
        rngkit.seed_search("mt19937", [("u32", 1)], seeds=range(5, 5))
    assert proc.stderr.strip() == f"error: --{e.value}"


def test_recover_equals_cli(cli):
    text = "".join(f"value = {rngkit.Unity(3).value()!r}\n" for _ in range(1))
    u = rngkit.Unity(3)
    obs = "".join(f"u32 = {u.u32()}\n" for _ in range(6))
    assert rngkit.recover("unity", obs).state_hex == cli("recover", "unity", input=obs).stdout.strip()
    assert text


def test_identify_mt_and_unity(cli):
    g = rngkit.Mars(1234)
    g.advance(170)
    assert rngkit.identify(g) == rngkit.Identified(1234, 170)
    assert cli("identify", "mars", "--state", g.state_hex).stdout.strip() == "seed=1234 advance=170"
    u = rngkit.Unity(-12345)
    u.advance(77)
    assert rngkit.identify(u, max_advance=1000) == (-12345, 77)
    with pytest.raises(rngkit.NoSolution, match="within 10 steps"):
        rngkit.identify(u, max_advance=10)


def test_distance_signed_and_cli(cli):
    a = rngkit.Unity(0)
    b = a.copy()
    b.advance(10**20)
    assert rngkit.distance(a, b) == 10**20
    assert rngkit.distance(b, a, signed=True) == -(10**20)
    assert str(rngkit.distance(a, b.state_hex)) == cli("distance", "unity", "--from", a.state_hex, "--to", b.state_hex).stdout.strip()
    m = rngkit.Mt19937(1)
    n = m.copy()
    n.advance(500)
    assert rngkit.distance(m, n, max=1000) == 500
    with pytest.raises(rngkit.NoSolution):
        rngkit.distance(m, n, max=100)
    with pytest.raises(ValueError, match="give max=N"):
        rngkit.distance(m, n)


def test_seed_search_finds_planted_seeds_and_equals_cli(cli):
    planted = rngkit.Mt19937(3_000_123)
    obs = [("u32", int(x)) for x in planted.u32(2)]
    found = list(rngkit.seed_search("mt19937", obs, seeds=range(2_000_000, 4_000_000)))
    assert found == [rngkit.Match(3_000_123, 0)]
    text = "".join(f"u32 = {v}\n" for _, v in obs)
    out = cli("seed-search", "mt19937", "--seeds", "2000000..4000000", input=text).stdout.split()
    assert [int(x) for x in out] == [m.seed for m in found]


def test_seed_search_signed_seeds_advance_and_progress():
    u = rngkit.Unity(-5)
    u.advance(3)
    obs = [("u32", u.u32()), ("u32", u.u32())]
    seen = []
    found = list(rngkit.seed_search("unity", obs, seeds=range(-100, 100), max_advance=5,
                                    progress=lambda done, total: seen.append((done, total))))
    assert found == [rngkit.Match(-5, 3)]
    assert seen and seen[-1] == (200, 200)


def test_seed_search_can_be_closed_and_interrupted():
    obs = [("u32", 1), ("u32", 2), ("u32", 3)]  # matches nothing: a long search
    search = rngkit.seed_search("unity", obs, threads=1)
    # Python leaves SIGINT ignored when it starts with it ignored (a
    # background job of a non-interactive shell): install the handler that
    # raises KeyboardInterrupt, as an interactive Python has.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        start = time.monotonic()
        timer = threading.Timer(0.3, lambda: signal.raise_signal(signal.SIGINT))
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            for _ in search:
                pass
        assert time.monotonic() - start < 5
    finally:
        signal.signal(signal.SIGINT, previous)
    # close() stops another one at once
    other = rngkit.seed_search("unity", obs, threads=1)
    other.close()
    assert list(other) == []


def test_seed_search_releases_the_gil():
    obs = [("u32", 1), ("u32", 2), ("u32", 3)]
    counter = [0]
    stop = threading.Event()

    def spin():
        while not stop.is_set():
            counter[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    search = rngkit.seed_search("unity", obs, seeds=range(0, 1 << 22), threads=1)
    list(search)
    stop.set()
    t.join()
    assert counter[0] > 1000  # Python ran while the native search did


def test_detect_names_cpython_random_by_its_seed_and_predicts():
    """rngkit.detect on values from this very interpreter's random module."""
    victim = random.Random(12345)
    values = [victim.random() for _ in range(10)]
    verdict, fits = rngkit.detect(values, max_seconds=60)
    assert verdict == "identified"
    assert [(f.gen, f.draw, f.seed) for f in fits] == [("python", "random", 12345)]
    found = fits[0].state
    assert [found.random() for _ in range(10)] == values
    assert [found.random() for _ in range(5)] == [victim.random() for _ in range(5)]


def test_detect_merges_the_mt19937_family_and_refuses_a_guess():
    victim = random.Random()
    words = [victim.getrandbits(32) for _ in range(700)]
    verdict, fits = rngkit.detect(words, max_seconds=60)
    assert verdict == "identified" and len(fits) == 1
    assert fits[0].gen == "mt19937" and "python" in fits[0].family
    assert fits[0].decisive
    # One value says nothing: never 'identified'.
    verdict, _ = rngkit.detect([0.5], max_seconds=1)
    assert verdict in ("ambiguous", "underdetermined")
    with pytest.raises(ValueError):
        rngkit.detect("0.5\nvalue = 0.5\n")


def _threads() -> int:
    """The threads of this process, Rust's included (Linux /proc)."""
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="needs Linux /proc")
def test_detect_leaves_no_thread_running_after_it_returns():
    """31-bit integers are read as raw words of many GENs; PCG32's
    recoveries (2^32 guesses) run far past a one-second budget. detect
    must stop and join them before it returns."""
    victim = random.Random()
    values = [victim.getrandbits(31) for _ in range(10)]
    before = _threads()
    started = time.monotonic()
    verdict, _ = rngkit.detect(values, max_seconds=1, threads=2)
    elapsed = time.monotonic() - started
    assert verdict in ("underdetermined", "none", "ambiguous")
    assert _threads() == before
    # The stopped recoveries gave up soon after the budget (loose: the
    # machine may be busy).
    assert elapsed < 30


def test_tokens_equal_cpython_choices_and_recover_its_state():
    """A token is a draw: `token choices ALPHABET LENGTH` is CPython's
    ''.join(random.choices(alphabet, k=LENGTH)), and 150 of them (one
    character unseen, `?`) recover the state."""
    import string

    alphabet = string.ascii_letters + string.digits
    victim = random.Random(20261204)
    tokens = ["".join(victim.choices(alphabet, k=32)) for _ in range(152)]
    g = rngkit.BitGenerator("python", seed=20261204)
    assert [g.draw("token", "choices", "a-zA-Z0-9", 32) for _ in range(3)] == tokens[:3]
    seen = tokens[:150]
    seen[7] = seen[7][:3] + "?" + seen[7][4:]
    cracked = rngkit.recover("python", [("token choices a-zA-Z0-9 32", t) for t in seen], at="end")
    assert [cracked.draw("token", "choices", "a-zA-Z0-9", 32) for _ in range(2)] == tokens[150:]
    with pytest.raises(ValueError, match="not in ALPHABET"):
        rngkit.recover("python", [("token choices a-z 4", "abC!")])

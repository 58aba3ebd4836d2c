"""The Python results carry the field names of `rngkit ... --format json`
(docs/cli-json.schema.json): detect's fits and open readings, seed-search's
matches, identify's answer; and for the same values the same answers."""

import json
import random

import rngkit


def _json(cli, *args, input=None):
    proc = cli(*args, "--format", "json", input=input, check=False)
    return [json.loads(line) for line in proc.stdout.splitlines()]


def test_detect_fits_have_the_json_fields_and_values(cli):
    victim = random.Random(12345)
    values = [victim.random() for _ in range(10)]
    text = "".join(f"{v!r}\n" for v in values)
    verdict, fits, _open = rngkit.detect(text, max_seconds=60, with_open=True)
    (doc,) = _json(cli, "detect", "--max-seconds", "60", input=text)
    assert verdict == doc["status"] == "identified"
    (fit,) = fits
    want = doc["fits"][0]
    # Every field of the JSON fit, `answer`'s flattened, under its name.
    names = (set(want) - {"answer"}) | (set(want["answer"]) - {"state"})
    for name in names:
        assert hasattr(fit, name), name
    for name in ["gen", "draw", "decisive", "revealed_bits", "state_bits", "values_to_settle"]:
        assert getattr(fit, name) == want[name], name
    assert fit.kind == want["answer"]["kind"] == "seed"
    assert (fit.seed, fit.advance) == (want["answer"]["seed"], want["answer"]["advance"])
    assert fit.family == [m["gen"] for m in want["family"]]


def test_detect_open_readings_have_the_json_fields(cli):
    verdict, _fits, open_ = rngkit.detect([0.5], max_seconds=1, with_open=True)
    (doc,) = _json(cli, "detect", "--max-seconds", "1", input="0.5\n")
    assert verdict == doc["status"]
    assert open_ and doc["open"]
    want = set(doc["open"][0])
    for reading in open_:
        assert {n for n in want if hasattr(reading, n)} == want
    assert [o.rank for o in open_] == list(range(1, len(open_) + 1))
    # Without with_open the result is the (verdict, fits) pair it always was.
    assert len(rngkit.detect([0.5], max_seconds=1)) == 2


def test_match_and_identified_fields_are_the_json_fields(cli):
    obs = "".join(f"u32 = {v}\n" for v in cli("gen", "mt19937", "--seed", "77", "-n", "3", "u32").stdout.split())
    lines = _json(cli, "seed-search", "mt19937", "--seeds", "0..200", input=obs)
    match = lines[0]
    assert set(match) - {"type"} == set(rngkit.Match._fields)
    found = list(rngkit.seed_search("mt19937", obs, seeds=(0, 200)))
    assert [m._asdict() for m in found] == [{"seed": match["seed"], "advance": match["advance"]}]
    g = rngkit.BitGenerator("unity", 12345)
    g.advance(10)
    state = cli("state", "unity", "--seed", "12345", "--advance", "10").stdout.strip()
    (doc,) = _json(cli, "identify", "unity", "--state", state)
    assert set(rngkit.Identified._fields) <= set(doc)
    assert rngkit.identify(g)._asdict() == {"seed": doc["seed"], "advance": doc["advance"]}


def test_seed_search_summary_fields_are_the_json_summarys(cli):
    obs = "".join(f"u32 = {v}\n" for v in cli("gen", "mt19937", "--seed", "1500", "-n", "2", "u32").stdout.split())
    lines = _json(cli, "seed-search", "mt19937", "--seeds", "1000..=2999", input=obs)
    summary = lines[-1]
    assert summary["type"] == "summary"
    search = rngkit.seed_search("mt19937", obs, seeds=range(1000, 3000))
    assert (search.searched, search.matches) == (0, 0)
    found = list(search)
    # The summary's fields, under the same names, with the same values.
    for name in ["searched", "matches", "seconds", "seeds_per_second"]:
        assert hasattr(search, name), name
    assert (search.searched, search.matches) == (summary["searched"], summary["matches"]) == (2000, 1)
    assert [m.seed for m in found] == [1500]
    assert search.seconds > 0 and search.seeds_per_second == search.searched / search.seconds
    # Closed early: what it had covered, no more than the range.
    with rngkit.seed_search("mt19937", obs, seeds=range(0, 2**32)) as search:
        pass
    assert 0 <= search.searched < 2**32 and search.matches == 0
    seconds = search.seconds
    assert search.seconds == seconds, "the time stops when the search is closed"

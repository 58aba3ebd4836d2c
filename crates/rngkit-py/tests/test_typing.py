"""Type checkers see the whole API: the named constructors are written out
in the package (and agree with the catalogue), and ``mypy --strict``
accepts the Python examples of the README files."""

import importlib.util
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

import rngkit

HERE = pathlib.Path(__file__).resolve().parent
PACKAGE = HERE.parent
REPO = PACKAGE.parents[1]


def _gen_constructors():
    spec = importlib.util.spec_from_file_location(
        "gen_constructors", PACKAGE / "tools" / "gen_constructors.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_written_constructors_agree_with_the_catalogue():
    gen = _gen_constructors()
    source = pathlib.Path(rngkit.__file__).read_text()
    assert gen.current_block(source) == gen.render(rngkit.generators()), (
        "the named constructors in python/rngkit/__init__.py are stale: "
        "run python crates/rngkit-py/tools/gen_constructors.py"
    )


def test_every_gen_has_its_constructor_as_a_plain_module_attribute():
    for gen in rngkit.generators():
        name = rngkit.constructor_name(gen)
        assert name in vars(rngkit), name  # not only through __getattr__
        assert name in rngkit.__all__
        assert rngkit._CONSTRUCTORS[name] == gen
        g = getattr(rngkit, name)()  # from OS entropy: every GEN takes that
        assert isinstance(g, rngkit.BitGenerator) and g.gen == gen
        assert gen in getattr(rngkit, name).__doc__


def test_the_base_class_is_not_named_like_numpys_generator():
    import numpy as np

    assert rngkit.BitGenerator.__name__ == "BitGenerator"
    assert not hasattr(rngkit, "Generator")
    # It is what numpy.random.Generator takes.
    g = np.random.Generator(rngkit.Mt19937(5489))
    assert 0.0 <= g.random() < 1.0


def python_examples(path):
    """The ```python blocks of a Markdown file."""
    text = path.read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_readme_examples_pass_mypy_strict(tmp_path):
    if importlib.util.find_spec("mypy") is None:
        if os.environ.get("RNGKIT_REQUIRE_MYPY"):
            pytest.fail("mypy is not installed (pip install mypy)")
        pytest.skip("mypy is not installed (pip install mypy)")
    files = []
    for readme in (REPO / "README.md", PACKAGE / "README.md"):
        for i, block in enumerate(python_examples(readme)):
            if block.lstrip().startswith(">>>"):
                continue  # a doctest session, not a program
            if "dask" in block:
                # dask's own API is unannotated (mypy --strict: "Call to
                # untyped function Client"); that is dask's, not ours.
                continue
            f = tmp_path / f"{readme.parent.name}_{i}.py"
            f.write_text(block)
            files.append(str(f))
    assert files, "no ```python examples found in the READMEs"
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *files],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr

    # The checker sees the real names only: a misspelt one is an error, and a
    # named constructor returns a BitGenerator.
    probe = tmp_path / "probe.py"
    probe.write_text(
        "import rngkit\n"
        "g: rngkit.BitGenerator = rngkit.Unity(0)\n"
        "rngkit.Unty(0)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(probe)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    errors = [line for line in proc.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, proc.stdout
    assert "probe.py:3:" in errors[0] and 'has no attribute "Unty"' in errors[0], proc.stdout


def test_the_rngkit_command_is_the_cli(cli):
    """`rngkit` from the package (the console script's function) prints what
    the cargo-built binary prints."""
    for args in (["--help"], ["gen", "unity", "--seed", "0", "-n", "5", "value"],
                 ["gen", "nope", "--seed", "0", "u32"]):
        expected = cli(*args, check=False)
        proc = subprocess.run(
            [sys.executable, "-m", "rngkit", *args], capture_output=True, text=True
        )
        assert (proc.returncode, proc.stdout, proc.stderr) == (
            expected.returncode,
            expected.stdout,
            expected.stderr,
        ), args
    script = shutil.which("rngkit", path=os.path.dirname(sys.executable))
    if script is not None:  # installed as a wheel: the console script
        proc = subprocess.run([script, "--help"], capture_output=True, text=True)
        assert proc.returncode == 0 and proc.stdout == cli("--help").stdout

"""Shared fixtures: the `rngkit` CLI binary built by cargo, the oracle the
Python values are compared with."""

import os
import pathlib
import shutil
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]

# A valid state for each GEN that cannot be seeded (its word count and
# width), for the tests that need any generator of every GEN.
STATE_ONLY = {"spidermonkey": "0123456789abcdef fedcba9876543210",
              "javascriptcore": "0123456789abcdef fedcba9876543210",
              "dotnet": "0123456789abcdef fedcba9876543210 0f1e2d3c4b5a6978 8796a5b4c3d2e1f0",
              "dotnet6": "0123456789abcdef fedcba9876543210 0f1e2d3c4b5a6978 8796a5b4c3d2e1f0",
              "dotnet-32bit": "89abcdef 76543210 4b5a6978 8796a5b4",
              "dotnet6-32bit": "89abcdef 76543210 4b5a6978 8796a5b4"}


def _find_cli():
    explicit = os.environ.get("RNGKIT_BIN")
    if explicit:
        return explicit
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", REPO / "target"))
    for profile in ("release", "debug"):
        candidate = target / profile / "rngkit"
        if candidate.exists():
            return str(candidate)
    return shutil.which("rngkit")


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI: cli('gen', 'unity', '--seed', '0', 'value') -> stdout lines."""
    path = _find_cli()
    if path is None:
        message = "the rngkit CLI is not built (cargo build -p rngkit-cli, or set RNGKIT_BIN)"
        if os.environ.get("RNGKIT_REQUIRE_CLI"):
            pytest.fail(message)
        pytest.skip(message)

    def run(*args, input=None, check=True):
        proc = subprocess.run(
            [path, *map(str, args)], input=input, capture_output=True, text=True
        )
        if check and proc.returncode != 0:
            raise AssertionError(f"rngkit {' '.join(map(str, args))}: {proc.stderr}")
        return proc

    return run

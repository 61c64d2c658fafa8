"""Shared helpers: the CLI the module is checked against, and its JSON."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import stratagem


def cli_path() -> Path:
    """The `stratagem` binary of the same build: STRATAGEM_BIN, or beside build/python."""
    if os.environ.get("STRATAGEM_BIN"):
        return Path(os.environ["STRATAGEM_BIN"])
    return Path(stratagem.__file__).resolve().parents[2] / "stratagem"


def run_cli(*args: str, stdin: str = "") -> str:
    done = subprocess.run([str(cli_path()), *args], input=stdin, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def cli_json(*args: str, stdin: str = ""):
    return json.loads(run_cli(*args, stdin=stdin))


@pytest.fixture(scope="session")
def cli():
    path = cli_path()
    assert path.is_file(), f"the CLI is not built at {path} (set STRATAGEM_BIN)"
    return path

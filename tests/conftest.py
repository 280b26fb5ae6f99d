"""Shared fixtures: a temporary copy of the example season, and a runner for `dbf`."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dbftest import Run, run_dbf, snapshot  # noqa: F401 - re-exported for older imports

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "tournaments"


@pytest.fixture
def dbf():
    return run_dbf


@pytest.fixture
def example(tmp_path, monkeypatch) -> Path:
    """A private copy of the shipped example (`tournaments/`); DBF_DIR points at it."""
    target = tmp_path / "tournaments"
    shutil.copytree(EXAMPLE, target, ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    monkeypatch.setenv("DBF_DIR", str(target))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    return target


@pytest.fixture
def empty_season(tmp_path, monkeypatch) -> Path:
    """A fresh `dbf init --season 2026-27` folder; DBF_DIR points at it."""
    target = tmp_path / "tournaments"
    monkeypatch.setenv("DBF_DIR", str(target))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    result = run_dbf("init", "--season", "2026-27")
    assert result.exit_code == 0, result.stderr
    return target




def pytest_configure(config):
    """The property tests run a fixed sequence of examples (hypothesis `derandomize`), so a red
    suite means the code changed, not the dice. `--hypothesis-seed=N` (bench/fuzz.sh) or
    DBF_HYPOTHESIS_RANDOM=1 draws new cases; a failing case found so gets its own test."""
    import os

    from hypothesis import settings

    # A width the shell or pytest-xdist's workers export (COLUMNS=80) would wrap every message
    # of the in-process runs; the tests that care about width set COLUMNS themselves.
    os.environ.pop("COLUMNS", None)
    os.environ.pop("LINES", None)
    if os.environ.get("DBF_HYPOTHESIS_RANDOM") or config.getoption("hypothesis_seed", None) is not None:
        return
    settings.register_profile("dbf-fixed", derandomize=True, database=None)
    settings.load_profile("dbf-fixed")

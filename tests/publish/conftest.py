"""Fixtures for the publishing tests: the example season played forward (tests/publish/simulate.py).

The seasons are played once per test session (read-only); tests that write get a private copy.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import simulate  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "tournaments"
EVIL = simulate.EVIL


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".dbf.lock", "journal", "site"))
    return dst


@pytest.fixture(scope="session")
def played_dir(tmp_path_factory) -> Path:
    """Read-only: the example after every cup round (1-9) and 3 division rounds; KBH-1 renamed to a script tag."""
    root = _copy(EXAMPLE, tmp_path_factory.mktemp("played") / "tournaments")
    simulate.play(root, rename={"KBH-1": EVIL})
    return root


@pytest.fixture(scope="session")
def half_dir(tmp_path_factory) -> Path:
    """Read-only: the example after cup rounds 1-4 (round 5 not drawn) and 2 division rounds."""
    root = _copy(EXAMPLE, tmp_path_factory.mktemp("half") / "tournaments")
    simulate.play(root, cup_rounds=4, div_rounds=2)
    return root


@pytest.fixture(scope="session")
def site(played_dir, tmp_path_factory) -> Path:
    """Read-only: `dbf publish` of the played season (English)."""
    out = tmp_path_factory.mktemp("site")
    code, _, err = simulate.run("--dir", str(played_dir), "publish", "--out", str(out))
    assert code == 0, err
    return out


@pytest.fixture
def played(played_dir, tmp_path, monkeypatch) -> Path:
    """A private copy of the played season; DBF_DIR points at it."""
    root = _copy(played_dir, tmp_path / "tournaments")
    monkeypatch.setenv("DBF_DIR", str(root))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    return root


@pytest.fixture
def half_played(half_dir, tmp_path, monkeypatch) -> dict:
    """A private copy of the half-played season; DBF_DIR points at it."""
    root = _copy(half_dir, tmp_path / "tournaments")
    monkeypatch.setenv("DBF_DIR", str(root))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    return {"dir": root}

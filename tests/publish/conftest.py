"""Fixtures for the publishing tests: the example season played forward (tests/publish/simulate.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import simulate  # noqa: E402

EVIL = "<script>alert(1)</script>"


@pytest.fixture
def played(example) -> Path:
    """The example after every cup round (1-9) and 3 division rounds; one team renamed to a script tag."""
    simulate.play(example, rename={"KBH-1": EVIL})
    return example


@pytest.fixture
def half_played(example) -> dict:
    """The example after cup rounds 1-4 (round 5 not drawn) and 2 division rounds."""
    return {"dir": example, **simulate.play(example, cup_rounds=4, div_rounds=2)}

"""Crash safety (issue 8): kill -9 a writing dbf at random points; state is before or after."""

import os

from crashkit import run


def test_kill_dash_nine_at_random_points_leaves_before_or_after(tmp_path):
    count = int(os.environ.get("DBF_CRASH_WRITES", "12"))
    stats = run(tmp_path / "t", count, seed=7)
    assert stats["writes"] == count
    assert stats["before"] + stats["after"] == count

"""`dbf up | head -1`: the reader of stdout goes away. dbf stops quietly (as `cat` does),
never with "internal error: BrokenPipeError" on stderr and exit 2."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest


def _run_into_closed_pipe(args: list[str], env: dict) -> subprocess.CompletedProcess:
    read_end, write_end = os.pipe()
    os.close(read_end)          # nobody reads: the first write fails with EPIPE
    try:
        return subprocess.run([sys.executable, "-m", "dbfcli", *args], stdout=write_end,
                              stderr=subprocess.PIPE, env=env, timeout=60)
    finally:
        os.close(write_end)


@pytest.mark.parametrize("args", [["up"], ["--json", "cup", "teams"], ["cup", "teams"], ["vp", "12", "--boards", "36"],
                                  ["--json", "vp", "12", "--boards", "36"]])
def test_closed_stdout_is_not_an_internal_error(example, args):
    env = {**os.environ, "DBF_DIR": str(example)}
    env.pop("DBF_DEBUG", None)
    r = _run_into_closed_pipe(args, env)
    stderr = r.stderr.decode("utf-8", "replace")
    assert "internal error" not in stderr and "Traceback" not in stderr, stderr
    assert "BrokenPipe" not in stderr, stderr
    assert r.returncode == 0


def test_closed_stdout_during_help_is_quiet(example):
    """click handles --help itself (it exits 1 on EPIPE); still no traceback or internal error."""
    env = {**os.environ, "DBF_DIR": str(example)}
    r = _run_into_closed_pipe(["--help"], env)
    stderr = r.stderr.decode("utf-8", "replace")
    assert "internal error" not in stderr and "Traceback" not in stderr and "BrokenPipe" not in stderr, stderr

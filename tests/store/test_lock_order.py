"""Issue 29: the waiters for the season lock are served in the order they came
(store/lockqueue.py), a killed waiter never blocks the line, and a reader that comes after a
waiting writer waits behind it. Real processes and real ``flock``s; no timing is asserted,
only order."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="flock and fcntl locks")

REPO = Path(__file__).resolve().parents[2]

#: one waiter: take the season lock of argv[1] (shared if argv[3] == "r"), then append argv[2]
#: to the order file and hold the lock a moment
WAITER = r"""
import sys, time
from pathlib import Path
from dbfcli.store.atomic import SeasonLock
folder, name, kind, order = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
print("waiting", flush=True)
with SeasonLock(folder, timeout=60, shared=(kind == "r")):
    with open(order, "a") as fh:
        fh.write(name + "\n")
    time.sleep(0.05)
"""

HOLDER = r"""
import sys, time
from pathlib import Path
from dbfcli.store.atomic import SeasonLock
with SeasonLock(Path(sys.argv[1]), timeout=5):
    print("held", flush=True)
    sys.stdin.readline()
"""


def _env() -> dict:
    return dict(os.environ, PYTHONPATH=str(REPO / "src"))


def _start(code: str, *args: str, stdin=None) -> subprocess.Popen:
    p = subprocess.Popen([sys.executable, "-c", code, *args], env=_env(), stdout=subprocess.PIPE,
                         stdin=stdin, text=True)
    assert p.stdout is not None and p.stdout.readline().strip() in ("held", "waiting")
    return p


def _queue(tmp_path: Path, kinds: str, kill: set[int] = frozenset()) -> list[str]:
    """A holder keeps the lock while waiters 0..n-1 come one after another (each known to be
    waiting before the next starts); then the holder lets go. Returns the order served."""
    folder, order = tmp_path / "season", tmp_path / "order"
    folder.mkdir()
    holder = _start(HOLDER, str(folder), stdin=subprocess.PIPE)
    waiters = []
    for i, kind in enumerate(kinds):
        waiters.append(_start(WAITER, str(folder), str(i), kind, str(order)))
        time.sleep(0.15)               # it has taken its ticket by now (it polls every <= 20 ms)
    for i in kill:
        waiters[i].send_signal(signal.SIGKILL)
        waiters[i].wait()
    assert holder.stdin is not None
    holder.stdin.write("\n")
    holder.stdin.flush()
    holder.wait(timeout=30)
    for w in waiters:
        w.wait(timeout=60)
    return order.read_text().split()


def test_29_writers_are_served_in_the_order_they_came(tmp_path):
    assert _queue(tmp_path, "wwwwwwww") == [str(i) for i in range(8)]


def test_29_a_waiter_killed_in_the_line_does_not_block_it(tmp_path):
    assert _queue(tmp_path, "wwwwww", kill={1, 3}) == ["0", "2", "4", "5"]


def test_29_a_reader_after_a_waiting_writer_waits_behind_it(tmp_path):
    served = _queue(tmp_path, "rwr")
    assert served.index("1") < served.index("2")   # the reader that came later did not pass the writer
    assert served[0] == "0"

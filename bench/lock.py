"""The season lock under concurrent writers (issue 29): how long a `dbf result submit` holds
the season lock against the time of the whole command, and 20 submits started at once on the
machine's cores, each with the default lock wait (10 s): how many got through, how many timed
out (exit 3, nothing lost), the slowest.

    python bench/lock.py [--writers 20] [--json]

Each submit records a different match of cup round 1 of a copy of the example season; the
lock times come from DBF_LOCK_LOG (store/atomic.py: one line per lock released). Never a
timed test.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))


def _env(extra: dict | None = None) -> dict:
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    env.pop("DBF_DIR", None)
    env.update(extra or {})
    return env


def season(tmp: Path, n: int) -> tuple[Path, list[Path]]:
    from run import _fill_blank

    root = tmp / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    dbf = [sys.executable, "-m", "dbfcli", "--dir", str(root)]
    subprocess.run(dbf + ["draw", "cup", "--round", "1", "--seed", "2026"], env=_env(), check=True, capture_output=True)
    blanks = tmp / "blanks"
    subprocess.run(dbf + ["result", "blank", "--round", "1", "--out", str(blanks)], env=_env(), check=True,
                   capture_output=True)
    sheets = []
    for p in sorted(blanks.glob("*.yaml"))[:n + 1]:
        f = tmp / "sheets" / p.name
        f.parent.mkdir(exist_ok=True)
        f.write_text(_fill_blank(p.read_text(encoding="utf-8")), encoding="utf-8")
        sheets.append(f)
    return root, sheets


def measure(writers: int = 20) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="dbf-bench-lock-"))
    try:
        root, sheets = season(tmp, writers)
        log = tmp / "lock.log"
        dbf = [sys.executable, "-m", "dbfcli", "--dir", str(root), "result", "submit"]
        t0 = time.monotonic()   # one writer alone
        one = subprocess.run(dbf + [str(sheets[-1])], env=_env({"DBF_LOCK_LOG": str(log)}), capture_output=True)
        alone = time.monotonic() - t0
        held_alone = max((float(line.split()[0]) for line in log.read_text().splitlines()), default=0.0)
        log.unlink()
        t0 = time.monotonic()
        procs = [subprocess.Popen(dbf + [str(s)], env=_env({"DBF_LOCK_LOG": str(log)}), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL) for s in sheets[:writers]]
        codes, ends = [], []
        for p in procs:
            codes.append(p.wait(timeout=300))
            ends.append(time.monotonic() - t0)
        held = [float(line.split()[0]) for line in log.read_text().splitlines() if line.endswith("exclusive")]
        return {"writers": writers, "alone_s": alone, "alone_exit": one.returncode, "alone_held_s": held_alone,
                "ok": codes.count(0), "timed_out": codes.count(3), "other": len(codes) - codes.count(0) - codes.count(3),
                "slowest_s": max(ends), "held_median_s": statistics.median(held) if held else None,
                "held_max_s": max(held) if held else None}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--writers", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    f = measure(args.writers)
    if args.json:
        print(json.dumps(f))
        return 0
    print(f"one submit alone: {f['alone_s'] * 1000:.0f} ms, of which the season lock held {f['alone_held_s'] * 1000:.0f} ms"
          f" ({100 * f['alone_held_s'] / f['alone_s']:.0f}%)")
    print(f"{f['writers']} submits at once: {f['ok']} recorded, {f['timed_out']} timed out (exit 3), {f['other']} other;"
          f" slowest {f['slowest_s']:.1f} s; lock held median {(f['held_median_s'] or 0) * 1000:.0f} ms,"
          f" max {(f['held_max_s'] or 0) * 1000:.0f} ms; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

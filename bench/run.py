"""Benchmarks, side by side in one run, as ratios to a baseline (issue 2, issue 9).

    python bench/run.py            # full run: start-up, state size, memory
    python bench/run.py --ci       # small subset; fails only on a gross regression

Start-up cases run `dbf` as a fresh process on a copy of the example season
and compare the median wall time with `python -c "import typer, rich.table,
yaml"` measured in the same run. Peak RSS comes from wait4(). Never a timed
test: this script reports, and in --ci mode fails only beyond 3x the target.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "tournaments"
STARTUP_TARGET = 1.5     # x baseline (issue 9)
MEMORY_TARGET_MB = 60    # example season (issue 9)
GROSS = 3.0              # --ci fails only beyond GROSS x target


def dbf_exe() -> list[str]:
    exe = shutil.which("dbf", path=str(Path(sys.executable).parent)) or shutil.which("dbf")
    return [exe] if exe else [sys.executable, "-m", "dbfcli"]


def measure(cmd: list[str], runs: int, env: dict, cwd: Path) -> tuple[float, float, int]:
    """(median seconds, best seconds, peak RSS MB) over ``runs`` fresh processes."""
    times, peak = [], 0
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        _, status, usage = os.wait4(proc.pid, 0)
        times.append(time.perf_counter() - start)
        proc.returncode = os.waitstatus_to_exitcode(status)
        peak = max(peak, usage.ru_maxrss // 1024)
    return statistics.median(times), min(times), peak


def example_copy() -> Path:
    tmp = Path(tempfile.mkdtemp(prefix="dbf-bench-"))
    shutil.copytree(EXAMPLE, tmp / "tournaments", ignore=shutil.ignore_patterns("journal", ".dbf.lock"))
    return tmp / "tournaments"


def startup_cases(folder: Path) -> list[tuple[str, list[str]]]:
    dbf = dbf_exe() + ["--dir", str(folder)]
    sheet = next(iter(sorted((REPO / "tests" / "sheets").glob("good_*.yaml"))), None) if (REPO / "tests" / "sheets").is_dir() else None
    cases = [
        ("dbf --help", dbf + ["--help"]),
        ("dbf check", dbf + ["check"]),
        ("dbf cup teams", dbf + ["cup", "teams"]),
        ("dbf standings 2div", dbf + ["standings", "2div"]),
        ("dbf up", dbf + ["up"]),
        ("dbf gp", dbf + ["gp"]),
        ("dbf vp 12 --boards 36", dbf + ["vp", "12", "--boards", "36"]),
        ("dbf distance 8000 1050", dbf + ["distance", "8000", "1050"]),
        ("dbf deadlines", dbf + ["deadlines", "--today", "2026-12-01"]),
    ]
    if sheet is not None:
        cases.append(("dbf result check SHEET", dbf + ["result", "check", str(sheet)]))
    return cases


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ci", action="store_true", help="small subset; fail only on gross regressions")
    ap.add_argument("--runs", type=int, default=0)
    args = ap.parse_args()
    runs = args.runs or (5 if args.ci else 15)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="0")
    folder = example_copy()
    cwd = folder.parent
    baseline_cmd = [sys.executable, "-c", "import typer, rich.table, yaml"]
    measure(baseline_cmd, 2, env, cwd)  # warm the disk cache
    base, base_best, base_mem = measure(baseline_cmd, runs, env, cwd)
    rows = [("baseline: import typer, rich.table, yaml", base, 1.0, None, base_mem, "")]
    failed = []
    cases = startup_cases(folder)
    if args.ci:
        cases = [c for c in cases if c[0] in ("dbf --help", "dbf check", "dbf standings 2div", "dbf up")]
    for name, cmd in cases:
        measure(cmd, 1, env, cwd)
        med, best, mem = measure(cmd, runs, env, cwd)
        ratio = med / base
        ok = ratio <= STARTUP_TARGET and mem <= MEMORY_TARGET_MB
        gross = ratio > STARTUP_TARGET * GROSS or mem > MEMORY_TARGET_MB * GROSS
        if gross:
            failed.append(name)
        rows.append((name, med, ratio, STARTUP_TARGET, mem, "pass" if ok else ("FAIL (gross)" if gross else "over target")))
    print(f"{'case':42} {'median ms':>10} {'ratio':>6} {'target':>7} {'RSS MB':>7}  result")
    for name, med, ratio, target, mem, verdict in rows:
        t = f"{target:.1f}x" if target else ""
        print(f"{name:42} {med * 1000:10.1f} {ratio:6.2f} {t:>7} {mem:7d}  {verdict}")
    print(f"({runs} runs each; python {sys.version.split()[0]}; {os.cpu_count()} cores)")
    shutil.rmtree(folder.parent, ignore_errors=True)
    if failed:
        print("gross regression: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

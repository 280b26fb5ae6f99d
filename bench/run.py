"""Benchmarks, side by side in one run, as ratios to a baseline (issue 2, issue 9).

    python bench/run.py            # everything: start-up, draw, state size, memory (~3-5 min)
    python bench/run.py --ci       # a CI-sized subset (< 60 s); fails only on a gross regression

One table: each case, its median, the baseline it is compared with, the ratio,
the target ratio, peak RSS, and pass/fail.

* start-up: ``dbf`` as a fresh process on a copy of the example season (round 1
  drawn, one sheet recorded), against ``python -c "import typer, rich.table,
  yaml"``; runs are interleaved (baseline, case, baseline, case ...) so that a
  busy machine slows both alike. Target 1.5x, RSS <= 60 MB.
* draw: round 1 of the cup (pools + same-club draw, bench/bench_draw.py) at
  1k, 4k, 16k and 100k teams against fixed budgets (4,096 teams: 1 s; others
  30 s), and the growth of the time per team from 4k to 100k (near-linear: <= 3x).
* a whole round in one command: ``dbf result submit DIR`` of 100 filled-in blank sheets
  against ``dbf result submit ONE.yaml``, each on a fresh copy of a 300-team season
  (issue 17). Target 3x.
* state size: a season of 4,096 cup teams with every match recorded and 30
  finals of trophy history (tools/make_large_season.py, built in a temp folder),
  ``dbf standings``, ``dbf up``, ``dbf gp`` against 0.5 s; RSS <= 250 MB.

Every ``dbf`` case uses a parse cache in the temp folder, warmed by one run
first (the cache is how a TD's second command runs); ``(no cache)`` rows show
the first run. Peak RSS comes from wait4(). Never a timed test: this script
reports; ``--ci`` exits 1 only when a ratio exceeds 3x its target (or RSS 3x
its limit).
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "tournaments"
BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(REPO / "tools"))

STARTUP_TARGET = 1.5     # x baseline (issue 9)
MEMORY_EXAMPLE_MB = 60   # example season (issue 9)
MEMORY_LARGE_MB = 250    # 4,096-team season (issue 9)
STATE_BUDGET_S = 0.5     # dbf standings / up / gp on the large season
DRAW_4K_BUDGET_S = 1.0
DRAW_BUDGET_S = 30.0
DRAW_GROWTH = 3.0        # time per team, 100k over 4k
GROSS = 3.0              # --ci fails only beyond GROSS x target
SEASON = "2026-27"


@dataclass
class Row:
    case: str
    median: float | None          # seconds (None: a section heading)
    baseline: float | None = None  # seconds, or None for a unitless ratio case
    ratio: float | None = None
    target: float | None = None    # target ratio (None: information only)
    rss: int | None = None         # MB
    rss_limit: int | None = None
    note: str = ""
    cpu_ratio: float | None = None   # the same ratio of user+sys CPU time (less sensitive to a busy machine)

    @property
    def verdict(self) -> str:
        if self.median is None or self.note == "baseline":
            return ""
        if self.note.startswith("exit"):
            return "FAIL (" + self.note + ")"
        over_rss = self.rss_limit is not None and self.rss is not None and self.rss > self.rss_limit
        if self.target is None:
            return "info" + (" (RSS over)" if over_rss else "")
        if self.gross:
            return "FAIL (gross)"
        return "over target" if (self.ratio or 0) > self.target or over_rss else "pass"

    @property
    def gross(self) -> bool:
        if self.median is None or self.target is None:
            return self.note.startswith("exit")
        rss_gross = self.rss_limit is not None and self.rss is not None and self.rss > self.rss_limit * GROSS
        return self.note.startswith("exit") or (self.ratio or 0) > self.target * GROSS or rss_gross


# --------------------------------------------------------------------------- processes
def dbf_exe() -> list[str]:
    exe = shutil.which("dbf", path=str(Path(sys.executable).parent))
    return [exe] if exe else [sys.executable, "-m", "dbfcli"]


def run_once(cmd: list[str], env: dict, cwd: Path, tty: bool = False) -> tuple[float, float, int, int]:
    """(wall seconds, CPU seconds, peak RSS MB, exit code) of one fresh process. ``tty``: its
    stdout and stderr are a pseudo-terminal, read to the end, as a TD at a terminal sees it
    (Rich tables and colour); otherwise they go to /dev/null (not a terminal: plain text)."""
    if tty:
        import pty

        try:
            controller, terminal = pty.openpty()
        except OSError:   # no pseudo-terminals here (a minimal container): measure it piped
            return run_once(cmd, env, cwd)
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=terminal, stderr=terminal, env=env, cwd=cwd)
        os.close(terminal)
        while True:
            try:
                if not os.read(controller, 65536):
                    break
            except OSError:   # EIO: the process closed the terminal
                break
        os.close(controller)
    else:
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss // 1024, proc.returncode


def measure_interleaved(cases: dict[str, tuple], runs: int, cwd: Path,
                        expect: dict[str, int] | None = None) -> dict[str, tuple[float, float, int, str]]:
    """Median wall time, median CPU time, peak RSS and a note (wrong exit code) per case; one
    warm-up run each (fills the parse cache and the bytecode cache), then ``runs`` rounds in
    which every case runs once, in turn. A case is ``(argv, env)`` or ``(argv, env, tty)``."""
    expect = expect or {}
    times: dict[str, list[float]] = {name: [] for name in cases}
    cpu: dict[str, list[float]] = {name: [] for name in cases}
    rss: dict[str, int] = {name: 0 for name in cases}
    notes: dict[str, str] = {name: "" for name in cases}
    for name, (cmd, env, *tty) in cases.items():
        _, _, _, code = run_once(cmd, env, cwd, *tty)
        if code != expect.get(name, 0):
            notes[name] = f"exit {code}"
    for _ in range(runs):
        for name, (cmd, env, *tty) in cases.items():
            wall, used, mb, _ = run_once(cmd, env, cwd, *tty)
            times[name].append(wall)
            cpu[name].append(used)
            rss[name] = max(rss[name], mb)
    return {name: (statistics.median(times[name]), statistics.median(cpu[name]), rss[name], notes[name])
            for name in cases}


def dbf_env(cache: Path | str) -> dict:
    """The environment of a measured process: its own parse cache, no stray DBF_* settings, and
    bytecode written (a user's installed dbf has its .pyc files; without them every run compiles)."""
    env = dict(os.environ, DBF_CACHE_DIR=str(cache))
    for var in ("DBF_DIR", "DBF_SEASON", "DBF_LANG", "DBF_DEBUG", "PYTHONDONTWRITEBYTECODE"):
        env.pop(var, None)
    return env


# --------------------------------------------------------------------------- the example season
def example_copy(tmp: Path) -> tuple[Path, Path | None]:
    """A copy of the example with round 1 drawn and C1-002 recorded; returns the folder and a
    valid sheet for C1-001 (for ``dbf result check SHEET``), or None if that could not be made."""
    import random

    import yaml

    folder = tmp / "tournaments"
    shutil.copytree(EXAMPLE, folder, ignore=shutil.ignore_patterns("journal", ".dbf.lock", ".pending.yaml"))
    env = dbf_env("off")
    dbf = dbf_exe() + ["--dir", str(folder)]
    if subprocess.run(dbf + ["draw", "cup", "--round", "1", "--seed", "1"], env=env,
                      capture_output=True).returncode != 0:
        return folder, None
    from make_large_season import cup_sheet  # noqa: E402 - tools/ on sys.path

    teams = {t["id"]: t for t in yaml.safe_load((folder / SEASON / "cup" / "teams.yaml").read_text())["teams"]}
    draw = yaml.safe_load((folder / SEASON / "cup" / "draws" / "round-01.yaml").read_text())
    sheets = []
    for k, m in enumerate(draw["matches"][:2]):
        first, second = (teams[t] for t in m["teams"])
        import datetime as dt

        sheet = cup_sheet(random.Random(k), 1, m["id"], first, second, dt.date(2026, 12, 13), up=0)
        path = tmp / f"{m['id']}.yaml"
        path.write_text(yaml.safe_dump(sheet, sort_keys=False, allow_unicode=True), encoding="utf-8")
        sheets.append(path)
    if len(sheets) < 2:
        return folder, None
    subprocess.run(dbf + ["result", "submit", str(sheets[1])], env=env, capture_output=True)
    return folder, sheets[0]


def startup_rows(tmp: Path, runs: int, ci: bool) -> list[Row]:
    folder, sheet = example_copy(tmp)
    cache = tmp / "cache-example"
    env = dbf_env(cache)
    dbf = dbf_exe() + ["--dir", str(folder)]
    cases: dict[str, tuple] = {
        "baseline": ([sys.executable, "-c", "import typer, rich.table, yaml"], env),
        "dbf --help": (dbf + ["--help"], env),
        "dbf standings 2div": (dbf + ["standings", "2div"], env),
        "dbf up": (dbf + ["up"], env),
        "dbf check": (dbf + ["check"], env),
    }
    if sheet is not None:
        cases["dbf result check SHEET"] = (dbf + ["result", "check", str(sheet)], env)
        # the slowest case as a TD at a terminal sees it (Rich renders the GP table)
        cases["dbf result check SHEET (terminal)"] = (dbf + ["result", "check", str(sheet)], env, True)
    if not ci:
        cases.update({
            "dbf gp": (dbf + ["gp"], env),
            "dbf cup teams": (dbf + ["cup", "teams"], env),
            "dbf vp 12 --boards 36": (dbf + ["vp", "12", "--boards", "36"], env),
            "dbf distance 8000 1050": (dbf + ["distance", "8000", "1050"], env),
            "dbf deadlines": (dbf + ["deadlines", "--today", "2026-12-01"], env),
            "dbf standings 2div (no cache)": (dbf + ["standings", "2div"], dbf_env("off")),
            "dbf check (no cache)": (dbf + ["check"], dbf_env("off")),
            "dbf standings 2div (terminal)": (dbf + ["standings", "2div"], env, True),
            "dbf up (terminal)": (dbf + ["up"], env, True),
            # issue 29's table
            "dbf standings 1div (terminal)": (dbf + ["standings", "1div"], env, True),
            "dbf standings 2div --json": (dbf + ["standings", "2div", "--json"], env),
            "dbf up --json": (dbf + ["up", "--json"], env),
        })
    got = measure_interleaved(cases, runs, tmp)
    base, base_cpu, base_rss, _ = got.pop("baseline")
    rows = [Row("start-up, example season", None),
            Row("baseline: import typer, rich.table, yaml", base, base, 1.0, None, base_rss, cpu_ratio=1.0,
                note="baseline")]
    for name, (med, used, mb, note) in got.items():
        rows.append(Row(name, med, base, med / base, STARTUP_TARGET, mb, MEMORY_EXAMPLE_MB, note,
                        cpu_ratio=used / base_cpu))
    if sheet is None:
        rows.append(Row("dbf result check SHEET", None, note="skipped: the example could not be drawn"))
    return rows


# --------------------------------------------------------------------------- the draw
def draw_rows(ci: bool, sizes: tuple[int, ...] | None = None) -> list[Row]:
    from bench_draw import round1  # noqa: E402 - bench/ on sys.path

    sizes = sizes or ((1_000, 4_096) if ci else (1_000, 4_096, 16_000, 100_000))
    rows = [Row("draw: pools + round 1 (§1.5.2), in process", None)]
    per_team = {}
    for n in sizes:
        reps = 1 if n >= 100_000 else 3
        times = []
        for _ in range(reps):
            split, draw, _, _ = round1(n)
            times.append(split + draw)
        med = statistics.median(times)
        per_team[n] = med / n
        budget = DRAW_4K_BUDGET_S if n == 4_096 else DRAW_BUDGET_S
        rows.append(Row(f"draw round 1, {n:,} teams", med, budget, med / budget, 1.0))
    if 100_000 in per_team and 4_096 in per_team:
        growth = per_team[100_000] / per_team[4_096]
        rows.append(Row("draw: time per team, 100k / 4k", growth, None, growth, DRAW_GROWTH))
    return rows


# --------------------------------------------------------------------------- state size
def build_large(tmp: Path, n: int) -> Path:
    folder = tmp / f"large-{n}"
    env = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    subprocess.run([sys.executable, str(REPO / "tools" / "make_large_season.py"), str(n), str(folder), "--results"],
                   check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return folder


def state_rows(tmp: Path, n: int, runs: int, ci: bool) -> list[Row]:
    t0 = time.perf_counter()
    folder = build_large(tmp, n)
    built = time.perf_counter() - t0
    cup = len(list((folder / SEASON / "cup" / "matches").glob("*.yaml")))
    div = len(list((folder / SEASON / "divisions" / "matches").glob("*.yaml")))
    env = dbf_env(tmp / f"cache-large-{n}")
    dbf = dbf_exe() + ["--dir", str(folder)]
    targeted = {
        "dbf standings 2div": (dbf + ["standings", "2div"], env),
        "dbf up": (dbf + ["up"], env),
        "dbf gp": (dbf + ["gp"], env),
    }
    info = {} if ci else {
        "dbf check": (dbf + ["check"], env),
        "dbf cup teams": (dbf + ["cup", "teams"], env),
        "dbf trophy": (dbf + ["trophy"], env),
        "dbf up (no cache)": (dbf + ["up"], dbf_env("off")),
    }
    got = measure_interleaved({**targeted, **info}, runs, tmp)
    rows = [Row(f"state: {n:,} cup teams, {cup} + {div} recorded matches, 30 finals (built in {built:.0f} s)",
                None)]
    for name, (med, used, mb, note) in got.items():
        target = 1.0 if name in targeted else None
        rows.append(Row(f"{name} [{n:,}]", med, STATE_BUDGET_S, med / STATE_BUDGET_S, target, mb,
                        MEMORY_LARGE_MB, note, cpu_ratio=used / STATE_BUDGET_S))
    return rows


# --------------------------------------------------------------------------- a whole round in one command
BATCH_TARGET = 3.0       # 100 sheets in at most 3x the wall time of one (issue 17)
BATCH_SHEETS = 100


def _fill_blank(text: str) -> str:
    """A pre-filled sheet (dbf result blank) with what a captain writes: IMPs and boards."""
    import re

    text = text.replace("  - [0, 0]", "  - [31, 17]", 1)
    for side in ("home", "away"):
        block = re.search(rf"^{side}:\n(.*?)(?=^\S)", text, flags=re.M | re.S).group(1)
        n = block.count("boards: 0}")
        filled = block
        for b in {4: [40] * 4, 5: [40, 40, 40, 20, 20], 6: [40, 40, 20, 20, 20, 20]}[n]:
            filled = filled.replace("boards: 0}", f"boards: {b}}}", 1)
        text = text.replace(block, filled)
    return text


def batch_rows(tmp: Path, runs: int, ci: bool) -> list[Row]:
    """``dbf result submit DIR`` of 100 sheets against ``dbf result submit ONE.yaml``, each on a
    fresh copy of a 300-team season with round 1 drawn (136 matches); interleaved runs."""
    env = dbf_env(tmp / "cache-batch")
    base = tmp / "batch-season"
    genv = dict(os.environ, PYTHONPATH=str(REPO / "src"))
    subprocess.run([sys.executable, str(REPO / "tools" / "make_large_season.py"), "300", str(base)],
                   check=True, env=genv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    dbf = dbf_exe()
    subprocess.run(dbf + ["--dir", str(base), "draw", "cup", "--round", "1", "--seed", "1"], env=env, check=True,
                   stdout=subprocess.DEVNULL)
    blanks = tmp / "batch-blanks"
    subprocess.run(dbf + ["--dir", str(base), "result", "blank", "--round", "1", "--out", str(blanks)], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    many = tmp / "batch-sheets"
    many.mkdir()
    for path in sorted(blanks.glob("*.yaml"))[:BATCH_SHEETS]:
        (many / path.name).write_text(_fill_blank(path.read_text(encoding="utf-8")), encoding="utf-8")
    one = sorted(many.glob("*.yaml"))[0]
    n = len(list(many.glob("*.yaml")))
    cases = {f"dbf result submit ONE.yaml": [str(one)], f"dbf result submit DIR ({n} sheets)": [str(many)]}
    times: dict[str, list[float]] = {k: [] for k in cases}
    cpu: dict[str, list[float]] = {k: [] for k in cases}
    rss: dict[str, int] = {k: 0 for k in cases}
    notes: dict[str, str] = {k: "" for k in cases}
    for i in range(runs + 1):          # the first round warms the caches and is not counted
        for name, args in cases.items():
            season = tmp / "batch-run"
            shutil.rmtree(season, ignore_errors=True)
            shutil.copytree(base, season)
            wall, used, mb, code = run_once(dbf + ["--dir", str(season), "result", "submit", *args], env, tmp)
            if code != 0:
                notes[name] = f"exit {code}"
            if i:
                times[name].append(wall)
                cpu[name].append(used)
                rss[name] = max(rss[name], mb)
    single, batch = (statistics.median(times[k]) for k in cases)
    single_cpu, batch_cpu = (statistics.median(cpu[k]) for k in cases)
    (one_name, many_name) = cases
    return [Row(f"a whole round in one command: {n} sheets v one (300-team season, issue 17)", None),
            Row(one_name, single, None, None, None, rss[one_name], None, notes[one_name] or "baseline"),
            Row(many_name, batch, single, batch / single, BATCH_TARGET, rss[many_name], None, notes[many_name],
                cpu_ratio=batch_cpu / single_cpu if single_cpu else None)]


def lock_rows(writers: int) -> list[Row]:
    """Issue 29: the time a `dbf result submit` holds the season lock against the whole command
    (bench/lock.py), and ``writers`` submits started at once with the default lock wait."""
    from lock import measure   # bench/lock.py

    f = measure(writers)
    note = f"{f['ok']} of {f['writers']} recorded, {f['timed_out']} timed out (exit 3), slowest {f['slowest_s']:.1f} s"
    return [Row("the season lock (issue 29)", None),
            Row("result submit: lock held / whole command", f["alone_held_s"], f["alone_s"],
                f["alone_held_s"] / f["alone_s"], None, None, None, "info"),
            Row(f"{writers} submits at once: lock held (median)", f["held_median_s"] or 0.0, None, None, None, None,
                None, note if f["ok"] == f["writers"] else "exit 3: " + note)]


# --------------------------------------------------------------------------- report
def machine() -> str:
    cpu = platform.processor() or "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ""
    if hasattr(os, "getloadavg"):
        load = ", load average %.1f" % os.getloadavg()[0]
    return f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()}, {platform.system()}{load}"


def render(rows: list[Row], runs: int) -> str:
    out = [f"{'case':58} {'median':>9} {'baseline':>9} {'ratio':>6} {'cpu':>5} {'target':>7} {'RSS MB':>7}  result"]
    for r in rows:
        if r.median is None:
            out.append(f"-- {r.case}" + (f" ({r.note})" if r.note else ""))
            continue
        unit = (lambda s: f"{s * 1000:.0f} ms" if s < 10 else f"{s:.1f} s")
        med = unit(r.median) if r.baseline is not None or r.target is None else f"{r.median:.2f}x"
        base = unit(r.baseline) if r.baseline is not None else ""
        ratio = f"{r.ratio:.2f}" if r.ratio is not None else ""
        cpu = f"{r.cpu_ratio:.2f}" if r.cpu_ratio is not None else ""
        target = f"{r.target:.1f}x" if r.target is not None else ""
        rss = "" if r.rss is None else (f"{r.rss}" + (f"/{r.rss_limit}" if r.rss_limit else ""))
        extra = f" ({r.note})" if r.note and r.note not in ("baseline", "info") and not r.note.startswith("exit") else ""
        out.append(f"{r.case:58} {med:>9} {base:>9} {ratio:>6} {cpu:>5} {target:>7} {rss:>7}  {r.verdict}{extra}")
    out.append(f"(start-up: median of {runs} interleaved runs after one warm-up, state size: of {max(3, runs // 3)}; ratio = median wall time / baseline, "
               f"decides pass/fail; cpu = the same for user+sys CPU time; {machine()})")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="dbf benchmarks (issue 9)")
    ap.add_argument("--ci", action="store_true", help="CI-sized subset; fail only on a gross regression")
    ap.add_argument("--runs", type=int, default=0, help="runs per process case (default 15, --ci 5)")
    ap.add_argument("--teams", type=int, default=0, help="cup teams of the large season (default 4096, --ci 1024)")
    ap.add_argument("--skip", action="append", default=[], choices=("startup", "draw", "state", "batch", "lock"),
                    help="leave a section out (repeatable)")
    args = ap.parse_args(argv)
    runs = args.runs or (5 if args.ci else 15)
    teams = args.teams or (1024 if args.ci else 4096)
    tmp = Path(tempfile.mkdtemp(prefix="dbf-bench-"))
    rows: list[Row] = []
    try:
        if "startup" not in args.skip:
            rows += startup_rows(tmp, runs, args.ci)
        if "draw" not in args.skip:
            rows += draw_rows(args.ci)
        if "state" not in args.skip:
            rows += state_rows(tmp, teams, max(3, runs // 3), args.ci)
        if "batch" not in args.skip:
            rows += batch_rows(tmp, 1 if args.ci else max(3, runs // 5), args.ci)
        if "lock" not in args.skip and not args.ci:
            rows += lock_rows(20)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(render(rows, runs))
    gross = [r.case for r in rows if r.gross]
    if args.ci and gross:
        print("gross regression: " + ", ".join(gross), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

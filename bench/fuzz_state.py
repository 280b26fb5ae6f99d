"""The state-file fuzzer of issues 16 and 27, run from the command line (tests/reliability/statecases.py).

    python bench/fuzz_state.py --cases 10000 --seed 2027 --jobs 2
    python bench/fuzz_state.py --seed 2027 --case 4711      # one case again, its commands' output shown

Each job builds its own played season once (a temporary folder), then runs the cases
``job, job + jobs, ...`` of ``0 .. cases-1``; case N is drawn from ``Random(f"{seed}:{N}")``, so
a failing case is found again by its seed and number, however many jobs ran. Prints one JSON
document (cases, commands by exit code, cases by kind of file and of edit, the counts, the first
failures) and a summary line with cases/s and the three counts of issue 27 (internal errors,
tracebacks, cases where check passes what a command refuses). Exit 1 when any count is not 0.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO / "tests"), str(REPO / "tests" / "reliability")]


def run_job(args: tuple[int, int, int, int]) -> dict:
    """One job: its own season, the cases ``job::jobs`` of ``range(cases)``; the tally as JSON."""
    seed, cases, job, jobs = args
    import statecases

    before = os.environ.get("DBF_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="dbf-fuzz-state-") as tmp:
        os.environ["DBF_CACHE_DIR"] = str(Path(tmp) / "cache")   # the parse cache in play, keyed on content
        try:
            return _job(statecases, Path(tmp), seed, cases, job, jobs)
        finally:
            if before is None:
                os.environ.pop("DBF_CACHE_DIR", None)
            else:
                os.environ["DBF_CACHE_DIR"] = before


def _job(statecases, tmp: Path, seed: int, cases: int, job: int, jobs: int) -> dict:
    start, cpu = time.perf_counter(), time.process_time()
    fuzzer = statecases.StateFuzzer(tmp / "tournaments", tmp / "out")
    setup = time.perf_counter() - start
    tally = fuzzer.run(seed, range(job, cases, jobs))
    out = tally.as_json()
    out["setup_seconds"], out["seconds"] = round(setup, 1), round(tally.seconds, 1)
    out["cpu_seconds"] = round(time.process_time() - cpu, 1)   # this process's, setup included
    return out


def merged(parts: list[dict]) -> dict:
    out = {"cases": 0, "commands": 0, "exit_codes": {}, "kinds": {}, "edits": {}, "counts": {}, "failures": []}
    for part in parts:
        out["cases"] += part["cases"]
        out["commands"] += part["commands"]
        for key in ("exit_codes", "kinds", "edits", "counts"):
            for k, v in part[key].items():
                out[key][k] = out[key].get(k, 0) + v
        out["failures"] += part["failures"]
    return out


def one_case(seed: int, number: int) -> None:
    """Case ``number`` of ``seed`` again, with what each of its commands printed."""
    import statecases
    import statefuzz

    shown = statefuzz.run

    def run(root, args):
        code, text = shown(root, args)
        print(f"$ dbf {' '.join(map(str, args))}  -> exit {code}\n{text}")
        return code, text

    with tempfile.TemporaryDirectory(prefix="dbf-fuzz-state-") as tmp:
        os.environ["DBF_CACHE_DIR"] = str(Path(tmp) / "cache")
        fuzzer = statecases.StateFuzzer(Path(tmp) / "tournaments", Path(tmp) / "out")
        statefuzz.run = run
        real_write = Path.write_bytes

        def write_bytes(path, data):   # the case's edit, shown as a diff of the file
            if path.is_relative_to(fuzzer.root) and path.exists() and not fuzzer.restoring:
                import difflib

                old = path.read_bytes().decode("utf-8", "replace").splitlines(keepends=True)
                print("".join(difflib.unified_diff(old, data.decode("utf-8", "replace").splitlines(keepends=True),
                                                   str(path.relative_to(fuzzer.root)), "edited")))
            return real_write(path, data)

        Path.write_bytes = write_bytes
        tally = statecases.Tally()
        fuzzer.case(seed, number, tally)
        print(json.dumps(tally.as_json(), indent=1, ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--jobs", type=int, default=1, help="processes, each with its own season (the machine's cores)")
    ap.add_argument("--case", type=int, help="run this one case again and show its commands' output")
    ap.add_argument("--json", type=Path, help="write the figures to this file too")
    a = ap.parse_args(argv)
    if a.case is not None:
        one_case(a.seed, a.case)
        return 0
    start, load = time.perf_counter(), os.getloadavg()
    jobs = [(a.seed, a.cases, job, a.jobs) for job in range(a.jobs)]
    if a.jobs == 1:
        parts = [run_job(jobs[0])]
    else:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(a.jobs) as pool:
            parts = pool.map(run_job, jobs)
    wall = time.perf_counter() - start
    out = merged(parts)
    out.update(seed=a.seed, jobs=a.jobs, wall_seconds=round(wall, 1), cases_per_second=round(out["cases"] / wall, 2),
               setup_seconds=[p["setup_seconds"] for p in parts], job_seconds=[p["seconds"] for p in parts],
               cpu_seconds=[p["cpu_seconds"] for p in parts],
               load_average_before=[round(x, 2) for x in load], load_average_after=[round(x, 2) for x in os.getloadavg()])
    text = json.dumps(out, indent=1, ensure_ascii=False)
    print(text)
    if a.json:
        a.json.write_text(text + "\n", encoding="utf-8")
    c = out["counts"]
    print(f"fuzz_state: {out['cases']} cases, {out['commands']} commands in {wall:.0f} s "
          f"({out['cases_per_second']} cases/s, {a.jobs} job(s), seed {a.seed}, load {load[0]:.1f}): "
          f"{c['internal']} internal errors, {c['traceback']} tracebacks, {c['check_passes']} cases where check "
          f"passes what a command refuses ({c['check_misnames']} where check misnames it, {c['reader_wrote']} "
          f"readers that wrote, {c['write_changed']} refused writes that changed the season)")
    return 1 if any(c.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

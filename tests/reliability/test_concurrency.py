"""Concurrency (issue 8): many `dbf result submit` processes at once, with a reader looping.

50 processes submit 50 different sheets of the same round while a reader runs
`dbf up` / `dbf standings` in a loop: all 50 are recorded exactly once, the
journal has 50 new entries, and the reader never sees a half-written file.
Then 20 processes submit the *same* sheet: exactly one records it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text

N_SHEETS = int(os.environ.get("DBF_CONCURRENT_SHEETS", "50"))
N_SAME = int(os.environ.get("DBF_CONCURRENT_SAME", "20"))


def _dbf(*args):
    return [sys.executable, "-m", "dbfcli", "--lock-timeout", "300", *map(str, args)]


def test_many_submitters_and_a_reader(example, tmp_path):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "5").exit_code == 0
    schedule = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"]
    assert len(schedule) > N_SHEETS
    teams = cup_teams(example)
    sheets = []
    for i, m in enumerate(schedule[: N_SHEETS + 1]):
        path = tmp_path / f"sheet-{i:02d}.yaml"
        path.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, imps=(40 + i % 7, 20),
                                   up=m["up"]), encoding="utf-8")
        sheets.append(path)
    journal = example / SEASON / "journal"
    before_entries = len(list(journal.glob("*.yaml")))
    env = dict(os.environ, DBF_DIR=str(example))

    reader = subprocess.Popen([sys.executable, "-c", f"""
import json, subprocess, sys, time
stop = time.time() + 600
n = bad = 0
while time.time() < stop:
    for args in (["up", "--json"], ["standings", "2div", "--json"], ["check", "--json"]):
        r = subprocess.run({_dbf()!r} + args, capture_output=True, text=True)
        n += 1
        try:
            json.loads(r.stdout)
        except ValueError:
            bad += 1
            print("UNPARSEABLE", args, r.returncode, r.stdout[:200], r.stderr[:200], flush=True)
        if r.returncode not in (0,):
            bad += 1
            print("EXIT", args, r.returncode, r.stdout[:300], flush=True)
    try:
        open({str(tmp_path / 'stop')!r}).close()
        break
    except FileNotFoundError:
        pass
print("READS", n, bad, flush=True)
"""], env=env, stdout=subprocess.PIPE, text=True)

    procs = [subprocess.Popen(_dbf("result", "submit", s, "--json"), env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for s in sheets[:N_SHEETS]]
    outs = [p.communicate(timeout=600) for p in procs]
    for p, (out, err) in zip(procs, outs):
        assert p.returncode == 0, out + err
        assert json.loads(out)["ok"] is True
    (tmp_path / "stop").write_text("")
    reader_out, _ = reader.communicate(timeout=600)
    reads, bad = map(int, reader_out.strip().splitlines()[-1].split()[1:])
    assert bad == 0, reader_out
    assert reads >= 3

    recorded = sorted(p.name for p in (example / SEASON / "cup" / "matches").glob("*.yaml"))
    assert recorded == sorted(f"{m['id']}.yaml" for m in schedule[:N_SHEETS])
    assert len(list(journal.glob("*.yaml"))) - before_entries == N_SHEETS

    # the same sheet from N_SAME processes at once: exactly one records it
    same = sheets[N_SHEETS]
    procs = [subprocess.Popen(_dbf("result", "submit", same, "--json"), env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(N_SAME)]
    results = [(p.wait(timeout=600), p.stdout.read()) for p in procs]
    docs = [json.loads(out) for _, out in results]
    assert all(code == 0 for code, _ in results), results
    recorded_now = [d for d in docs if not d.get("already_recorded")]
    assert len(recorded_now) == 1, docs
    assert len(list(journal.glob("*.yaml"))) - before_entries == N_SHEETS + 1
    time.sleep(0)

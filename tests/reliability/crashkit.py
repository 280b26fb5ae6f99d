"""Kill a writing `dbf` at random points and check nothing is half-written (issue 8).

Shared by tests/reliability/test_crash.py (a CI-sized count) and
bench/crash.py (the full count of 200+ writes).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import yaml

POINTS = ["after-temp-write", "before-rename", "after-pending", "between-files", "before-journal"]


def team(i: int, club: int) -> dict:
    base = 500000 + i * 10
    return {"id": f"T-{i}", "name": f"Team {i}", "captain": base, "club": club, "postcode": "5000",
            "players": [{"id": base + k, "name": f"Player {i}.{k}", "club": club} for k in range(4)]}


def state(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != ".dbf.lock" and "journal" not in p.parts and not p.name.endswith(".tmp")}


def run(folder: Path, count: int, seed: int = 1) -> dict:
    """``count`` writes, each killed at a fault point or by SIGKILL after a random delay."""
    rng = random.Random(seed)
    season = folder / "2026-27"
    env = dict(os.environ, DBF_DIR=str(folder))
    subprocess.run([sys.executable, "-m", "dbfcli", "init", "--season", "2026-27"], env=env, check=True,
                   capture_output=True)
    stats = {"writes": 0, "killed": 0, "before": 0, "after": 0, "recovered": 0}
    entry = folder / "entry.yaml"
    for i in range(count):
        entry.write_text(yaml.safe_dump({"teams": [team(i, 4100 + i % 7)]}), encoding="utf-8")
        before = state(season)
        # what the write would produce, computed on a scratch copy
        proc_env = dict(env)
        how = rng.choice(POINTS + ["signal"])
        if how != "signal":
            proc_env["DBF_FAULT"] = f"kill:{how}"
        proc = subprocess.Popen([sys.executable, "-m", "dbfcli", "cup", "enter", str(entry)], env=proc_env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if how == "signal":
            time.sleep(rng.uniform(0.05, 0.35))
            try:
                proc.send_signal(signal.SIGKILL)
            except ProcessLookupError:
                pass
        code = proc.wait()
        stats["writes"] += 1
        stats["killed"] += code != 0
        # every state file parses, right after the kill
        for rel, data in state(season).items():
            if rel.endswith(".yaml"):
                yaml.load(data, Loader=yaml.CSafeLoader)
        # the next command (under the lock) finishes or discards the interrupted write
        check = subprocess.run([sys.executable, "-m", "dbfcli", "--lock-timeout", "5", "check", "--json"], env=env,
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr
        after_recovery = state(season)
        teams = yaml.safe_load(after_recovery.get("cup/teams.yaml", b"teams: []")) or {"teams": []}
        ids = [t["id"] for t in teams["teams"]]
        if f"T-{i}" in ids:
            stats["after"] += 1
            assert ids == [f"T-{k}" for k in range(i + 1) if f"T-{k}" in ids]
        else:
            stats["before"] += 1
            assert after_recovery == before, f"write {i} ({how}) left a partial state"
        stats["recovered"] += (season / ".pending.yaml").exists()
        assert not (season / ".pending.yaml").exists()
    return stats

"""The races of issue 13 with real processes: every write takes the season lock BEFORE it
loads anything, readers hold it shared while they read.

Each race runs ``RUNS`` times (10) on a fresh copy of the example season:

- ``result submit`` of C2-001 against ``draw cup --round 2 --force`` (§1.5.16);
- ``result amend`` of C1-001 with a new winner against ``draw cup --round 2`` (§1.5.16);
- readers (``gp``, ``up``, ``check``, a ``result submit`` of another sheet) while a loop of
  ``result submit`` / ``undo`` runs.

Never two successes that leave the season inconsistent: after every run ``dbf check`` is 0;
the loser exits 1, 2 or 3 with a message; the recorded draw and results agree; readers never
exit 2 on a valid season. The figures of the last run are printed (``pytest -s``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text

RUNS = int(os.environ.get("DBF_RACE_RUNS", "10"))


def _dbf(*args) -> list[str]:
    return [sys.executable, "-m", "dbfcli", "--lock-timeout", "60", *map(str, args)]


def _race(folder: Path, a: list[str], b: list[str], b_first: bool) -> list[tuple[int, str, str]]:
    """Start two commands at once (real processes; ``b`` started first when ``b_first``);
    their (exit code, stdout, stderr), ``a``'s first."""
    env = dict(os.environ, DBF_DIR=str(folder))
    env.pop("DBF_SEASON", None)
    order = [b, a] if b_first else [a, b]
    procs = {id(c): subprocess.Popen(c, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for c in order}
    out = []
    for c in (a, b):
        p = procs[id(c)]
        o, e = p.communicate(timeout=300)
        out.append((p.returncode, o, e))
    return out


def _check(folder: Path) -> None:
    """`dbf check` agrees: the season is consistent (a process of its own: cheaper than
    building the whole app in-process)."""
    r = subprocess.run(_dbf("--dir", folder, "check", "--json"), capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr


def _draw(folder: Path, round_no: int) -> dict:
    path = folder / SEASON / "cup" / "draws" / f"round-{round_no:02d}.yaml"
    return yaml.safe_load(path.read_text(encoding="utf-8")) if path.exists() else None


_POSTCODES = ["2100", "2200", "8000", "5000", "9000", "4000", "6000", "7100",
              "3400", "2800", "8200", "5700", "4700", "6700", "7400", "9200"]


def _teams_file(path: Path) -> Path:
    """16 cup teams of 4 players, each of its own club (all enter in round 1)."""
    rows = []
    for i, pc in enumerate(_POSTCODES):
        p = 100 + i
        rows.append(f"  - id: T{i + 1:02d}\n    name: Team {i + 1}\n    captain: {p}1\n    club: {4100 + i}\n"
                    f"    postcode: \"{pc}\"\n    players:\n"
                    + "".join(f"      - {{id: {p}{k}, name: P{p}{k}, club: {4100 + i}}}\n" for k in range(1, 5)))
    path.write_text("teams:\n" + "".join(rows), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def round_one_played(tmp_path_factory) -> tuple[Path, dict, Path]:
    """A small season (16 cup teams) with cup round 1 drawn and every match recorded:
    C1-001 by a sheet (the first team wins), the others by sheets too; and an amendment of
    C1-001 that the other team wins."""
    base = tmp_path_factory.mktemp("races")
    root = base / "tournaments"
    d = ["--dir", root]
    assert run_dbf(*d, "init", "--season", SEASON).exit_code == 0
    assert run_dbf(*d, "cup", "enter", _teams_file(base / "teams.yaml")).exit_code == 0
    assert run_dbf(*d, "draw", "cup", "--round", "1", "--seed", "11").exit_code == 0
    schedule = run_dbf(*d, "schedule", "cup", "--round", "1", "--json").json["matches"]
    teams = cup_teams(root)
    first = schedule[0]
    assert first["id"] == "C1-001"
    sheet = base / "C1-001.yaml"
    sheet.write_text(sheet_text("C1-001", teams[first["home"]], teams[first["away"]], 1, imps=(40, 20),
                                up=first["up"]), encoding="utf-8")
    r = run_dbf(*d, "result", "submit", sheet)
    assert r.exit_code == 0, r.stderr
    for m in schedule[1:]:   # by sheets: a round-1 walkover winner must play round 2 (§1.5.2, issue 25)
        f = base / f"{m['id']}.yaml"
        f.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, imps=(40, 20), up=m["up"]),
                     encoding="utf-8")
        r = run_dbf(*d, "result", "submit", f)
        assert r.exit_code == 0, r.stderr
    amend = base / "C1-001-amended.yaml"
    amend.write_text(sheet_text("C1-001", teams[first["home"]], teams[first["away"]], 1, imps=(20, 40),
                                up=first["up"]), encoding="utf-8")
    _check(root)
    return root, first, amend


def _copy(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".dbf.lock"))
    return dst


def _outcome(code: int, err: str) -> str:
    assert code in (0, 1, 2, 3), (code, err)
    assert "internal error" not in err and "Traceback" not in err, err
    if code:
        assert err.strip(), "a loser says why"
    return "ok" if code == 0 else f"exit {code}"


def test_13_submit_races_redraw_force(round_one_played, tmp_path):
    """§1.5.16: a result is never recorded against a draw that a concurrent --force replaced."""
    played, _, _ = round_one_played
    base = _copy(played, tmp_path / "base")
    assert run_dbf("--dir", base, "draw", "cup", "--round", "2", "--seed", "12").exit_code == 0
    c2 = next(m for m in run_dbf("--dir", base, "schedule", "cup", "--round", "2", "--json").json["matches"]
              if m["id"] == "C2-001")
    teams = cup_teams(base)
    sheet = tmp_path / "C2-001.yaml"
    sheet.write_text(sheet_text("C2-001", teams[c2["home"]], teams[c2["away"]], 2, up=c2["up"]), encoding="utf-8")
    tally: Counter = Counter()
    for i in range(RUNS):
        folder = _copy(base, tmp_path / f"run{i}")
        submit = _dbf("result", "submit", sheet)
        redraw = _dbf("draw", "cup", "--round", "2", "--force", "--seed", 100 + i)
        (s_code, _, s_err), (d_code, _, d_err) = _race(folder, submit, redraw, b_first=bool(i % 2))
        tally[("submit", _outcome(s_code, s_err))] += 1
        tally[("redraw", _outcome(d_code, d_err))] += 1
        recorded = (folder / SEASON / "cup" / "matches" / "C2-001.yaml").exists()
        drawn = {m["id"]: m["teams"] for m in _draw(folder, 2)["matches"]}
        assert recorded == (s_code == 0)
        if recorded:   # the result stands on the draw in force: its teams are C2-001's
            rec = yaml.safe_load((folder / SEASON / "cup" / "matches" / "C2-001.yaml").read_text(encoding="utf-8"))
            assert sorted(drawn["C2-001"]) == sorted([rec["home"], rec["away"]])
        if s_code == 0 and d_code == 0:   # both won: only if the redraw kept C2-001's pairing
            assert sorted(drawn["C2-001"]) == sorted([c2["home"], c2["away"]])
        assert s_code == 0 or d_code == 0, (s_err, d_err)
        _check(folder)
        shutil.rmtree(folder)
    print("\nsubmit v redraw --force:", dict(tally))


def test_13_amend_new_winner_races_next_draw(round_one_played, tmp_path):
    """§1.5.16: an amendment that changes the winner never stands beside a round 2 drawn
    with the old winner."""
    played, first, amend = round_one_played
    tally: Counter = Counter()
    for i in range(RUNS):
        folder = _copy(played, tmp_path / f"run{i}")
        a = _dbf("result", "amend", amend)
        d = _dbf("draw", "cup", "--round", "2", "--seed", 200 + i)
        (a_code, _, a_err), (d_code, _, d_err) = _race(folder, a, d, b_first=bool(i % 2))
        tally[("amend", _outcome(a_code, a_err))] += 1
        tally[("draw", _outcome(d_code, d_err))] += 1
        assert d_code == 0, d_err            # the draw never needs to lose
        rec = yaml.safe_load((folder / SEASON / "cup" / "matches" / "C1-001.yaml").read_text(encoding="utf-8"))
        winner = rec["winner"]
        assert winner == (first["away"] if a_code == 0 else first["home"])
        in_round_2 = {t for m in _draw(folder, 2)["matches"] for t in m["teams"]} | set(_draw(folder, 2)["byes"])
        loser = first["home"] if winner == first["away"] else first["away"]
        assert winner in in_round_2 and loser not in in_round_2
        _check(folder)
        shutil.rmtree(folder)
    print("\namend v draw:", dict(tally))


_READER = """
import json, os, subprocess, sys, time
cmd, stop = json.loads(sys.argv[1]), sys.argv[2]
codes = {}
bad = []
n = 0
while True:
    done = os.path.exists(stop)
    for args in (["gp", "--json"], ["up", "--json"], ["check", "--json"], ["result", "submit", sys.argv[3], "--json"]):
        r = subprocess.run(cmd + args, capture_output=True, text=True)
        n += 1
        codes[r.returncode] = codes.get(r.returncode, 0) + 1
        if r.returncode != 0 or "internal error" in r.stderr:
            bad.append([args[0], r.returncode, r.stdout[-300:], r.stderr[-300:]])
        else:
            json.loads(r.stdout)
    if done:
        break
print(json.dumps({"reads": n, "codes": codes, "bad": bad}))
"""


def test_13_readers_during_submits_and_undos(round_one_played, tmp_path):
    """Readers (and another submit) never exit 2 on a valid season while a loop of
    ``result submit`` and ``undo`` replaces files."""
    played, _, _ = round_one_played
    folder = _copy(played, tmp_path / "season")
    assert run_dbf("--dir", folder, "draw", "cup", "--round", "2", "--seed", "12").exit_code == 0
    matches = run_dbf("--dir", folder, "schedule", "cup", "--round", "2", "--json").json["matches"]
    teams = cup_teams(folder)
    sheets = []
    for m in matches[:2]:
        s = tmp_path / f"{m['id']}.yaml"
        s.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 2, up=m["up"]), encoding="utf-8")
        sheets.append(s)
    env = dict(os.environ, DBF_DIR=str(folder))
    stop = tmp_path / "stop"
    import json

    reader = subprocess.Popen([sys.executable, "-c", _READER, json.dumps(_dbf()), str(stop), str(sheets[1])],
                              env=env, stdout=subprocess.PIPE, text=True)
    writes = Counter()
    try:
        for _ in range(RUNS):
            for args in (("result", "submit", sheets[0]), ("undo",)):
                r = subprocess.run(_dbf(*args), env=env, capture_output=True, text=True, timeout=300)
                assert r.returncode == 0, r.stderr
                writes[args[0]] += 1
    finally:
        stop.write_text("")
        out, _ = reader.communicate(timeout=300)
    doc = json.loads(out.strip().splitlines()[-1])
    assert doc["bad"] == [], doc["bad"]
    assert doc["reads"] >= 4
    _check(folder)
    print(f"\nreaders during {RUNS} submit/undo pairs:", doc["reads"], "reads, exit codes", doc["codes"])

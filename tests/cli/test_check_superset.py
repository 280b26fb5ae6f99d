"""`dbf check` is the superset of what any command rejects (issue 13, "dbf check is not the
superset"): each kind of state file is broken in a few ways, then fed to `dbf check` and to
every command that reads it. Whenever a command rejects the state (exit 1 or 2), `dbf check`
rejects it too, with the same exit code, and names the broken file."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from dbftest import run_dbf

SEASON = "2026-27"

#: kind of state file -> (path under DIR, [(case name, contents)])
BROKEN: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "additions": (f"{SEASON}/cup/additions.yaml", [
        ("yaml", "schema: 1\nadditions: [\n"),
        ("shape", "schema: 1\nadditions: 5\n"),
        ("entry", "schema: 1\nadditions:\n- {team: KBH-1, round: two, player: {id: 1, name: X}}\n"),
        ("no-player", "schema: 1\nadditions:\n- {team: KBH-1, round: 2}\n"),
        ("top", "- 1\n- 2\n"),
    ]),
    "schedule": (f"{SEASON}/cup/schedule.yaml", [
        ("yaml", "schema: 1\nmatches: {C1-002: [\n"),
        ("shape", "schema: 1\nmatches: [1, 2]\n"),
        ("time", "schema: 1\nmatches:\n  C1-002: {date: 2026-12-12, time: '25:99'}\n"),
        ("date", "schema: 1\nmatches:\n  C1-002: {date: 12/12/2026}\n"),
        ("entry", "schema: 1\nmatches:\n  C1-002: [1, 2]\n"),
        ("top", "- 1\n"),
    ]),
    "contacts": (f"{SEASON}/cup/contacts.yaml", [
        ("yaml", "schema: 1\ncontacts: {1: [\n"),
        ("shape", "schema: 1\ncontacts: [1, 2]\n"),
        ("top", "just text\n"),
    ]),
    "draw": (f"{SEASON}/cup/draws/round-01.yaml", [
        ("yaml", "schema: 1\nround: [\n"),
        ("shape", "schema: 1\nround: 1\nseed: 1\nmatches: 5\nbyes: []\n"),
        ("no-round", "schema: 1\nseed: 1\nmatches: []\n"),
        ("top", "- 1\n"),
    ]),
    "record": (f"{SEASON}/cup/matches/C1-001.yaml", [
        ("yaml", "schema: 1\nmatch: [\n"),
        ("shape", "schema: 1\nmatch: C1-001\nround: one\n"),
        ("top", "- 1\n"),
    ]),
    "travel": (f"{SEASON}/cup/travel/C1-001-{{team}}.yaml", [
        ("yaml", "schema: 1\nmatch: [\n"),
        ("shape", "schema: 1\nmatch: C1-001\nround: 1\nteam: X\n"),
        ("top", "- 1\n"),
    ]),
    "trophy": ("trophy.yaml", [
        ("yaml", "finals: [\n"),
        ("shape", "finals: 5\n"),
        ("entry", "finals:\n- {season: 2020-21}\n"),
    ]),
    "frozen": (f"{SEASON}/divisions/schedule-1div.yaml", [
        ("yaml", "schema: 1\nrounds: [\n"),
        ("shape", "schema: 1\nrounds: 5\n"),
        ("top", "- 1\n"),
    ]),
    "registry": (f"{SEASON}/systems/registry.yaml", [
        ("yaml", "schema: 1\npairs: [\n"),
        ("shape", "schema: 1\npairs: 5\n"),
        ("entry", "schema: 1\npairs:\n- {team: KBH-1}\n"),
    ]),
    "playoff": (f"{SEASON}/divisions/playoff.yaml", [
        ("yaml", "schema: 1\nchoice: [\n"),
        ("top", "- 1\n"),
    ]),
}

#: commands that read the season (read-only, or --dry-run writes); each must run on the intact state
CMD = {
    "cup teams": ["cup", "teams"], "schedule cup": ["schedule", "cup", "--round", "1"],
    "schedule 1div": ["schedule", "1div"], "deadlines": ["deadlines", "--today", "2026-12-01"],
    "publish": ["publish", "--out", "{tmp}/site"], "notify": ["notify", "draw", "--round", "1", "--out", "{tmp}/mail"],
    "fees": ["fees"], "gp": ["gp"], "up": ["up"], "standings": ["standings", "1div"], "trophy": ["trophy"],
    "division teams": ["division", "teams", "1div"],
    "walkover": ["result", "walkover", "{match2}", "--withdrawn", "{team2}", "--dry-run", "--now", "2026-12-14T08:00"],
    "travel": ["travel", "claim", "{match2}", "--team", "{team2}", "--zones", "24", "--dry-run"],
    "schedule set": ["schedule", "cup", "set", "{match3}", "--date", "2026-12-12", "--dry-run"],
    "add-player": ["cup", "add-player", "{team3}", "--round", "2", "--id", "999001", "--name", "Ny Spiller", "--dry-run"],
    "log": ["log"],
}
COMMANDS = list(CMD.values())
_CUP = ["schedule cup", "deadlines", "publish", "notify", "fees", "walkover", "travel", "schedule set", "add-player"]
#: kind of state file -> the commands that read it (every reader found by grepping the store's
#: readers: store/snapshot.py names the one reader of each kind)
READERS = {
    "additions": ["fees", "walkover", "add-player", "publish"],
    "schedule": ["schedule cup", "deadlines", "publish", "notify", "schedule set", "add-player"],
    "contacts": ["publish", "notify"],
    "draw": _CUP + ["up"],
    "record": _CUP + ["up", "gp", "trophy"],
    "travel": ["fees", "travel", "publish"],
    "trophy": ["trophy", "publish"],
    "frozen": ["schedule 1div", "standings", "publish", "deadlines"],
    "registry": ["deadlines", "schedule cup", "walkover", "publish"],
    "playoff": ["standings", "publish", "deadlines"],
}


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> tuple[Path, dict]:
    """The example with round 1 drawn, a walkover recorded, an agreed date, an addition, a
    contact, a travel claim, a trophy history, the 1div schedule frozen: every kind of file."""
    import os

    import yaml

    root = tmp_path_factory.mktemp("superset") / "tournaments"
    shutil.copytree(Path(__file__).resolve().parents[2] / "tournaments", root,
                    ignore=shutil.ignore_patterns(".dbf.lock", "journal"))
    old = os.environ.get("DBF_DIR")
    os.environ["DBF_DIR"] = str(root)
    try:
        assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
        draw = yaml.safe_load((root / SEASON / "cup/draws/round-01.yaml").read_text())
        (m1, t1), (m2, t2), (m3, t3) = [(m["id"], m["teams"]) for m in draw["matches"][:3]]
        steps = [
            ["result", "walkover", m1, "--withdrawn", t1[1], "--now", "2026-12-14T08:00"],
            ["schedule", "cup", "set", m2, "--date", "2026-12-12", "--time", "10:00"],
            ["cup", "add-player", t1[0], "--round", "2", "--id", "999000", "--name", "Ny Spiller"],
            ["travel", "claim", m1, "--team", t1[1], "--zones", "24"],
            ["schedule", "1div", "--freeze"],
        ]
        for step in steps:
            r = run_dbf(*step)
            assert r.exit_code == 0, (step, r.stderr)
    finally:
        if old is None:
            os.environ.pop("DBF_DIR")
        else:
            os.environ["DBF_DIR"] = old
    captain = yaml.safe_load((root / SEASON / "cup/teams.yaml").read_text())["teams"][0]["captain"]
    (root / SEASON / "cup/contacts.yaml").write_text(f"schema: 1\ncontacts:\n  {captain}: a@example.dk\n")
    (root / "trophy.yaml").write_text(f"finals:\n- {{season: 2020-21, captain: {captain}, name: X}}\n")
    (root / SEASON / "systems").mkdir(exist_ok=True)
    (root / SEASON / "systems/registry.yaml").write_text("schema: 1\npairs: []\n")
    (root / SEASON / "divisions/playoff.yaml").write_text("schema: 1\n")
    names = {"match2": m2, "team2": t2[1], "match3": m3, "team3": t3[0], "team": t1[1]}
    return root, names


def _copy(season, tmp_path, monkeypatch) -> tuple[Path, dict]:
    root, names = season
    target = tmp_path / "tournaments"
    shutil.copytree(root, target)
    monkeypatch.setenv("DBF_DIR", str(target))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    return target, dict(names, tmp=str(tmp_path))


def _args(command: list[str], names: dict) -> list[str]:
    return [a.format(**names) for a in command]


def test_every_kind_has_its_readers():
    assert set(READERS) == set(BROKEN) and all(set(v) <= set(CMD) for v in READERS.values())


def test_every_command_runs_on_the_intact_state(season, tmp_path, monkeypatch):
    root, names = _copy(season, tmp_path, monkeypatch)
    r = run_dbf("check")
    assert r.exit_code == 0, r.stderr
    for command in COMMANDS:
        r = run_dbf(*_args(command, names))
        assert r.exit_code == 0, (command, r.stderr)


CASES = [(kind, case, text) for kind, (_, cases) in BROKEN.items() for case, text in cases]


@pytest.mark.parametrize("kind,case,text", CASES, ids=[f"{k}-{c}" for k, c, _ in CASES])
def test_check_rejects_what_a_command_rejects(season, tmp_path, monkeypatch, kind, case, text):
    root, names = _copy(season, tmp_path, monkeypatch)
    rel = BROKEN[kind][0].format(**names)
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    check = run_dbf("check", "--json")
    assert "Traceback" not in check.stderr
    file_in_season = rel.split("/", 1)[1] if rel.startswith(SEASON) else rel
    rejected_by = []
    for command in (CMD[name] for name in READERS[kind]):
        r = run_dbf(*_args(command, names))
        assert "Traceback" not in r.stderr, (command, r.stderr)
        if r.exit_code in (1, 2):
            rejected_by.append((command, r.exit_code))
    if not rejected_by:
        return
    assert check.exit_code != 0, f"{rel} ({case}) passes dbf check but is rejected by {rejected_by}"
    assert max(code for _, code in rejected_by) >= check.exit_code or check.exit_code == 2
    if any(code == 2 for _, code in rejected_by):
        assert check.exit_code == 2, (rejected_by, check.stdout)
    files = {e.get("file") or "" for e in check.json["errors"]}
    assert any(f.endswith(file_in_season) for f in files), (files, rel)

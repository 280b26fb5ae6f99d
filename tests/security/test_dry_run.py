"""``--dry-run`` writes nothing (docs/interface.md): not a file, not a folder, not a lock file --
for every writing command, on a copy of the example with cup round 1 drawn."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from dbftest import run_dbf
from test_result import SEASON, cup_teams, sheet_text

REPO = Path(__file__).resolve().parents[2]


def _tree(root: Path) -> dict[str, bytes | None]:
    """Every path under root, folders and lock files included (a folder maps to None)."""
    return {str(p.relative_to(root)): (None if p.is_dir() else p.read_bytes()) for p in sorted(root.rglob("*"))}


@pytest.fixture
def drawn(tmp_path, monkeypatch):
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    monkeypatch.setenv("DBF_DIR", str(root))
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "4").exit_code == 0
    m = run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]
    teams = cup_teams(root)
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"]))
    entry = tmp_path / "entry.yaml"
    entry.write_text(json.dumps({"teams": [teams[m["home"]]]}))
    return root, m, teams, sheet, entry


def _cases(m, teams, sheet, entry):
    team = teams[m["home"]]
    card = REPO / "examples" / "systems" / "precision.yaml"
    div = REPO / "tournaments" / SEASON / "divisions" / "2div.yaml"
    return [
        ["cup", "enter", entry], ["division", "enter", "2div", div],
        ["draw", "cup", "--round", "1", "--force"],
        ["result", "submit", sheet], ["result", "walkover", m["id"], "--withdrawn", m["away"]],
        ["schedule", "cup", "set", m["id"], "--time", "10:00"],
        ["system", "register", team["id"], card, "--pair", str(team["players"][0]["id"]),
         str(team["players"][1]["id"])],
        ["travel", "claim", m["id"], "--team", m["away"], "--zones", "20"],
        ["cup", "add-player", team["id"], "--round", "2", "--id", "999001", "--name", "Per Sø"],
        ["undo"],
    ]


def test_dry_run_writes_nothing(drawn):
    root, m, teams, sheet, entry = drawn
    for argv in _cases(m, teams, sheet, entry):
        before = _tree(root.parent)
        r = run_dbf(*argv, "--dry-run", "--json")
        assert r.exit_code == 0, (argv, r.stdout)
        assert r.json.get("dry_run", True) is True
        assert _tree(root.parent) == before, f"{argv} --dry-run wrote something"


def test_init_dry_run_creates_no_folder(drawn):
    root = drawn[0]
    before = _tree(root.parent)
    r = run_dbf("init", "--season", "2030-31", "--dry-run", "--json")
    assert r.exit_code == 0 and r.json["dry_run"] is True
    assert _tree(root.parent) == before

"""Text from outside is made safe at the edge (issue 27): a name or id with a control
character is refused at entry with its line (`format.text`), and a name that got into a state
file anyway (a hand edit) never breaks a later command: `dbf publish` writes its team
calendars (the name on one line in X-WR-CALNAME) instead of dying with an internal error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf, snapshot

REPO = Path(__file__).resolve().parents[2]
SEASON = "2026-27"
BAD = {"LF": "\n", "CR": "\r", "ESC": "\x1b[2J", "BEL": "\x07", "NUL": "\x00", "RLO": "\u202e", "LSEP": "\u2028"}


def _team(name: str, player: str = "Anna Holm") -> dict:
    return {"schema": 1, "teams": [{"id": "NEW-1", "name": name, "captain": 900001, "club": 1, "postcode": "5000",
                                    "players": [{"id": 900001 + i, "name": player if i == 0 else f"P {i}"}
                                                for i in range(4)]}]}


@pytest.mark.parametrize("kind", sorted(BAD))
def test_a_name_with_a_control_character_is_refused_at_entry_with_its_line(example, tmp_path, kind):
    before = snapshot(example)
    for doc in (_team(f"Evil{BAD[kind]}Team"), _team("Fine", f"Anna{BAD[kind]}Holm")):
        f = tmp_path / "new.yaml"
        f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
        r = run_dbf("cup", "enter", f, "--json")
        assert r.exit_code == 2, r.stdout
        (err,) = r.json["errors"]
        assert err["code"] == "format.text" and err["line"] is not None
        assert BAD[kind][0] not in err["message"], err["message"]   # echoed escaped
    assert snapshot(example) == before


def test_a_hand_edited_name_with_a_line_break_does_not_break_publish(tmp_path, monkeypatch):
    root = tmp_path / "tournaments"
    shutil.copytree(REPO / "tournaments", root, ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    monkeypatch.setenv("DBF_DIR", str(root))
    teams = root / SEASON / "cup" / "teams.yaml"
    doc = yaml.safe_load(teams.read_text(encoding="utf-8"))
    doc["teams"][0]["name"] = "Evil\nX-WR-CALNAME: owned"
    teams.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "1").exit_code == 0
    r = run_dbf("publish", "--out", tmp_path / "site")
    assert r.exit_code == 0, r.stderr
    for ics in (tmp_path / "site").rglob("*.ics"):
        text = ics.read_bytes().decode("utf-8").replace("\r\n ", "")
        assert "\nX-WR-CALNAME: owned" not in text.replace("\r\n", "\n")


@pytest.mark.parametrize("kind", sorted(BAD))
def test_an_id_echoed_in_a_message_reaches_the_terminal_escaped(example, kind):
    """Issue 27: a match id with a trailing newline (or ESC, a bidi override) was echoed raw."""
    r = run_dbf("result", "walkover", f"C1-001{BAD[kind]}", "--withdrawn", "X")
    assert r.exit_code == 2
    first = r.stderr.split("\n")[0]
    assert "C1-001" in first and "is not in any recorded draw" in first      # one line, not broken by the id
    assert BAD[kind][0] not in first and "\r" not in r.stderr

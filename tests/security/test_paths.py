"""Paths and names (issue 8): nothing a user supplies becomes a path outside the season folder.

Team ids, match ids, division ids, season names, card/pair names are validated (no ``/``,
``..``, NUL, absolute paths). Every hostile command here must end with exit 1 or 2, and
the whole temporary root (the tournaments folder, the working directory, the folder the
input files sit in) must be byte for byte as before: no file appeared anywhere.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import yaml

from dbftest import run_dbf, snapshot
from test_result import SEASON, cup_teams, sheet_text

HOSTILE_IDS = ["../../etc/x", "/tmp/dbf-evil", "a/b", "..", "x\x00y", "..\\x"]
REPO = Path(__file__).resolve().parents[2]


def _drawn_copy(base: Path) -> Path:
    shutil.copytree(REPO / "tournaments", base / "tournaments",
                    ignore=shutil.ignore_patterns(".dbf.lock", "journal", ".cache"))
    assert run_dbf("--dir", base / "tournaments", "draw", "cup", "--round", "1", "--seed", "3").exit_code == 0
    (base / "work").mkdir()
    return base


@pytest.fixture(scope="module")
def _shared(tmp_path_factory):
    return _drawn_copy(tmp_path_factory.mktemp("paths"))


@pytest.fixture
def root(_shared, monkeypatch):
    """The example season with round 1 drawn (shared: every command here must leave it as it was);
    cwd is an empty folder inside the temp root."""
    monkeypatch.setenv("DBF_DIR", str(_shared / "tournaments"))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    monkeypatch.chdir(_shared / "work")
    return _shared


@pytest.fixture
def own_root(tmp_path, monkeypatch):
    """A private drawn copy, for tests that write."""
    base = _drawn_copy(tmp_path)
    monkeypatch.setenv("DBF_DIR", str(base / "tournaments"))
    monkeypatch.delenv("DBF_SEASON", raising=False)
    monkeypatch.chdir(base / "work")
    return base


def _refused(root: Path, *args: str):
    """Run dbf; it must refuse (exit 1 or 2) and leave the whole temp root as it was."""
    before = snapshot(root)
    r = run_dbf(*args)
    text = r.stdout + r.stderr
    assert r.exit_code in (1, 2), (args, r.exit_code, text)
    assert "Traceback" not in text and "internal error" not in text, text
    assert snapshot(root) == before, f"{args} wrote files"
    assert not Path("/tmp/dbf-evil").exists() and not Path("/tmp/dbf-evil.yaml").exists()
    return r


def _first_match(root: Path) -> dict:
    return run_dbf("schedule", "cup", "--round", "1", "--json").json["matches"][0]


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_walkover_match_id(root, bad):
    m = _first_match(root)
    _refused(root, "result", "walkover", bad, "--withdrawn", m["home"])


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_walkover_withdrawn_team(root, bad):
    m = _first_match(root)
    _refused(root, "result", "walkover", m["id"], "--withdrawn", bad)


@pytest.mark.parametrize("field", ["match", "home_team", "away_team"])
@pytest.mark.parametrize("bad", ["../../x", "1div-R01-01/../../../x", "C1-001/../../x"])
@pytest.mark.parametrize("verb", ["check", "submit"])
def test_sheet_ids(root, tmp_path, verb, field, bad):
    m = _first_match(root)
    teams = cup_teams(root / "tournaments")
    text = sheet_text(m["id"], teams[m["home"]], teams[m["away"]], 1, up=m["up"])
    old = {"match": f"match: {m['id']}", "home_team": f"team: {m['home']}", "away_team": f"team: {m['away']}"}[field]
    new = old.split(": ")[0] + ": " + yaml.safe_dump(bad).splitlines()[0]
    sheet = tmp_path / "in" / "sheet.yaml"
    sheet.parent.mkdir(exist_ok=True)
    sheet.write_text(text.replace(old, new, 1))
    _refused(root, "result", verb, sheet)


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "a/b", "..", "x\x00y", "a b"])
@pytest.mark.parametrize("noun", [("cup", "enter"), ("division", "enter", "2div")], ids=" ".join)
def test_teams_file_id_yaml(root, tmp_path, noun, bad):
    team = {"id": bad, "name": "Evil", "captain": 1, "club": 4100, "postcode": "5000",
            "players": [{"id": i, "name": f"P{i}", "club": 4100} for i in range(1, 5)]}
    f = tmp_path / "in" / "teams.yaml"
    f.parent.mkdir(exist_ok=True)
    f.write_text(yaml.safe_dump({"teams": [team]}))
    r = _refused(root, *noun, f)
    assert "teams.yaml" in r.stderr


CSV_HEAD = "team_id,team_name,captain,club,postcode,player_id,player_name,player_club\n"


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "a/b"])
def test_teams_file_id_csv(own_root, tmp_path, bad):
    root = own_root   # a private copy: while the bug lasts, the entry is written
    f = tmp_path / "in" / "teams.csv"
    f.parent.mkdir(exist_ok=True)
    f.write_text(CSV_HEAD + "".join(f"{bad},Evil,1,4100,5000,{i},P{i},4100\n" for i in range(1, 5)))
    _refused(root, "cup", "enter", f)


@pytest.mark.parametrize("bad", ["../x", "../../2026-27", "/tmp/dbf-evil", "2026-27/..", "2026-27\x00", "..", "2026-27/cup"])
def test_season_option(root, bad):
    r = _refused(root, "--season", bad, "cup", "teams")
    assert "2026-27" in r.stderr   # the message shows the expected form


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "1div/../../x", "1div\x00"])
@pytest.mark.parametrize("command", [("standings",), ("division", "teams"), ("division", "fees"), ("schedule",),
                                     ("playoff",)], ids=" ".join)
def test_division_ids(root, command, bad):
    _refused(root, *command, bad)


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "1div/../../x"])
def test_division_enter_id(root, tmp_path, bad):
    f = tmp_path / "in" / "teams.yaml"
    f.parent.mkdir(exist_ok=True)
    shutil.copy(root / "tournaments" / SEASON / "divisions" / "2div.yaml", f)
    _refused(root, "division", "enter", bad, f)


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_system_register_team(root, bad):
    card = Path(__file__).resolve().parents[2] / "examples" / "systems" / "precision.yaml"
    _refused(root, "system", "register", bad, card, "--pair", "1", "2")


def test_system_register_writes_the_card_inside_the_season(own_root):
    root = own_root
    """The registered card's file name comes from the (validated) team id and the pair."""
    card = Path(__file__).resolve().parents[2] / "examples" / "systems" / "precision.yaml"
    team = next(iter(cup_teams(root / "tournaments").values()))
    a, b = team["players"][0]["id"], team["players"][1]["id"]
    r = run_dbf("system", "register", team["id"], card, "--pair", a, b, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    for change in r.json["changes"]:
        path = (root / "tournaments" / SEASON / change["file"]).resolve()
        assert path.is_relative_to((root / "tournaments" / SEASON).resolve()) and path.exists()


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_schedule_cup_set(root, bad):
    _refused(root, "schedule", "cup", "set", bad, "--date", "2026-12-12")


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "C1-001/../../x"])
def test_travel_claim(root, bad):
    m = _first_match(root)
    _refused(root, "travel", "claim", bad, "--team", m["home"], "--zones", "20")


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "a/b"])
def test_travel_claim_team(root, bad):
    m = _first_match(root)
    _refused(root, "travel", "claim", m["id"], "--team", bad, "--zones", "20")


@pytest.mark.parametrize("bad", HOSTILE_IDS)
def test_seating_match(root, bad):
    _refused(root, "seating", bad)


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil", "1div/../x"])
def test_press_what(root, bad):
    _refused(root, "press", bad)


@pytest.mark.parametrize("bad", ["../x", "/tmp/dbf-evil"])
def test_ledger_team(root, bad):
    for noun in ("up", "fees"):
        r = run_dbf(noun, bad, "--json")
        assert r.exit_code in (0, 2), r.stdout   # a filter: unknown team, or an empty list
        assert "Traceback" not in r.stdout + r.stderr


def test_hand_made_draw_with_a_hostile_match_id_is_refused(own_root):
    root = own_root
    """A draw file edited by hand with ``id: ../../x`` must not lead a walkover outside."""
    draw = root / "tournaments" / SEASON / "cup" / "draws" / "round-01.yaml"
    doc = yaml.safe_load(draw.read_text())
    first = doc["matches"][0]
    first["id"] = "../../../../evil"
    draw.write_text(yaml.safe_dump(doc, sort_keys=False))
    _refused(root, "result", "walkover", "../../../../evil", "--withdrawn", first["teams"][0])


def test_symlinked_match_file_is_not_followed_out(own_root, tmp_path):
    root = own_root
    """A match file that is a symlink pointing outside: a write replaces the link, never the target."""
    m = _first_match(root)
    outside = tmp_path / "outside.yaml"
    outside.write_text("precious\n")
    matches = root / "tournaments" / SEASON / "cup" / "matches"
    matches.mkdir(parents=True, exist_ok=True)
    os.symlink(outside, matches / f"{m['id']}.yaml")
    r = run_dbf("result", "walkover", m["id"], "--withdrawn", m["home"])
    assert r.exit_code in (0, 1, 2)
    assert outside.read_text() == "precious\n"

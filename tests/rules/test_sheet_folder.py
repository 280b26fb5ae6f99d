"""The catalogue of result sheets in tests/sheets/ (§1.5.4-§1.5.16, §2.11).

Every ``<§ id>_<what>.yaml`` fails with exactly the rule its name starts with
(``1_5_12b_...`` -> ``§1.5.12b``); ``warn_<§ id>_...`` passes with exactly that
warning; ``good_<stage>.yaml`` passes with no problem at all.
"""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest
import yaml

from dbfcli.rules.model import CupDraw, CupMatch, Player, Team
from dbfcli.rules.settings import Settings
from dbfcli.rules.sheet.validate import Addition, Appearance, CupContext, RecordedMatch, validate_cup_sheet
from dbfcli.store.sheets import parse_sheet

SHEETS = Path(__file__).resolve().parents[1] / "sheets"


def load_context(path: Path = SHEETS / "_context.yaml", match: str | None = None, **over) -> CupContext:
    """The fixture season of tests/sheets/_context.yaml as a CupContext."""
    doc = yaml.safe_load(path.read_text())
    teams = {t["id"]: Team(t["id"], t["name"], t["captain"], t["club"], t["postcode"],
                           tuple(Player(p["id"], p["name"], p.get("club"), p.get("division")) for p in t["players"]))
             for t in doc["teams"]}
    draws = {int(r): CupDraw(int(r), 0, tuple(CupMatch(m["id"], int(r), tuple(m["teams"]), m.get("pool"))
                                              for m in d["matches"]), tuple(d.get("byes", ())))
             for r, d in doc["draws"].items()}
    recorded = tuple(
        RecordedMatch(m["match"], m["round"], m["home"], m["away"], m["winner"], m["loser"], m.get("kind", "result"),
                      tuple(Appearance(a["player"], a["team"], a.get("substitute", False), a.get("boards", 40),
                                       a.get("opponent_allowed", False)) for a in m.get("appearances", ())))
        for m in doc.get("recorded", ()))
    additions = tuple(Addition(a["team"], Player(a["player"]["id"], a["player"]["name"], a["player"].get("club")),
                               a["round"], a.get("announced_on")) for a in doc.get("additions", ()))
    up = {team: (v[0], v[1]) for team, v in (doc.get("computed_up", {}).get(match) or {}).items()}
    args = dict(teams=teams, draws=draws, settings=Settings(), recorded=recorded, additions=additions,
                division_players={int(k): v for k, v in doc.get("division_players", {}).items()},
                computed_up=up, now=dt.datetime(2027, 6, 1))
    args.update(over)
    return CupContext(**args)


def check_file(path: Path, penalty: bool = False, **over):
    sheet, problems = parse_sheet(path.read_text(), path.name)
    assert problems == [], [str(p) for p in problems]
    return validate_cup_sheet(sheet, load_context(match=sheet.match, **over), penalty=penalty)


def expected_rule(name: str) -> str:
    """``1_5_12b_player_...`` -> ``1.5.12b``; ``2_11_...`` -> ``2.11``."""
    m = re.match(r"(?:warn_)?((?:\d+_)+?\d+[a-z]?)_[a-z]", name)
    assert m, name
    return m.group(1).replace("_", ".")


BAD = sorted(p for p in SHEETS.glob("[0-9]*.yaml"))
WARN = sorted(SHEETS.glob("warn_*.yaml"))
GOOD = sorted(SHEETS.glob("good_*.yaml"))


def test_catalogue_is_complete():
    """One bad sheet per rule the validation enforces, and a good sheet per stage."""
    rules = {expected_rule(p.stem) for p in BAD}
    assert rules >= {"1.5.9", "1.5.10", "1.5.11", "1.5.12", "1.5.12a", "1.5.12b", "1.5.12c", "1.5.14",
                     "1.5.16", "2.11"}
    assert {p.stem for p in GOOD} >= {"good_round1", "good_round6", "good_quarter_final", "good_final"}


@pytest.mark.parametrize("path", BAD, ids=[p.stem for p in BAD])
def test_bad_sheet_fails_with_exactly_its_rule(path):
    """§ named by the file: e.g. 1_5_12b_... fails with §1.5.12b and nothing else."""
    check = check_file(path)
    assert {p.rule for p in check.errors} == {expected_rule(path.stem)}, [str(p) for p in check.problems]
    for p in check.errors:
        assert p.where is not None and p.where.file == path.name and p.where.line, str(p)


@pytest.mark.parametrize("path", WARN, ids=[p.stem for p in WARN])
def test_warning_sheet_records_with_exactly_its_warning(path):
    check = check_file(path)
    assert check.errors == [], [str(p) for p in check.errors]
    assert {p.rule for p in check.warnings} == {expected_rule(path.stem)}, [str(p) for p in check.warnings]


@pytest.mark.parametrize("path", GOOD, ids=[p.stem for p in GOOD])
def test_good_sheet_has_no_problem(path):
    check = check_file(path)
    assert check.problems == (), [str(p) for p in check.problems]
    assert check.winner is not None
    # §1.5.10: all the round's GP go to the winning team, exactly
    from dbfcli.rules.cup.gp import round_gp
    assert sum(check.gp.values()) == round_gp(check.round) * 100

"""``dbfcli.app.divisions`` called directly: a division's roster entered in seeding order
(§1.1.2.3; 12 teams, §1.1.2.1/§1.1.3.1; no recorded match orphaned), its teams listed, the entry
fees (§1.1.1.3); refusals asserted by their (§, code)."""

from __future__ import annotations

import pytest
import yaml

from dbfcli.app.cup import EntryFile
from dbfcli.app.divisions import DivisionEntry, division_fees, division_teams, enter_division
from dbfcli.app.session import Session
from dbftest import snapshot
from test_result import SEASON


def _file(doc: dict, csv: bool = False) -> EntryFile:
    return EntryFile(label="div.yaml", name="div.yaml", csv=csv, data=yaml.safe_dump(doc, sort_keys=False).encode())


def _roster(example, div: str = "2div") -> dict:
    return yaml.safe_load((example / SEASON / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))


def _unread() -> Session:
    return Session(actor="pytest", opener=lambda: pytest.fail("the season was read"))


def test_1_1_2_3_enter_replaces_the_roster_in_seeding_order(session, example):
    doc = _roster(example)
    doc["teams"].reverse()
    with session() as s:
        out = enter_division(s, DivisionEntry(division="2div", file=_file(doc)))
    assert not out.refused and out.written and out.show == "entered"
    assert out.doc == {"ok": True, "division": "2div", "teams": 12, "dry_run": False}
    assert [t.id for t in out.plan] == [t["id"] for t in doc["teams"]]
    assert [t["id"] for t in _roster(example)["teams"]] == [t["id"] for t in doc["teams"]]


def test_1_1_2_3_enter_dry_run_writes_nothing(session, example):
    before = snapshot(example)
    with session() as s:
        out = enter_division(s, DivisionEntry(division="2div", file=_file(_roster(example)), dry_run=True))
    assert not out.refused and not out.written and snapshot(example) == before


def test_1_1_3_1_eleven_teams_is_a_warning_kept_as_a_note(session, example):
    doc = _roster(example)
    doc["teams"] = doc["teams"][:11]
    with session() as s:
        out = enter_division(s, DivisionEntry(division="2div", file=_file(doc), dry_run=True))
    assert not out.refused and [(p.rule, p.severity) for p in out.notes] == [("1.1.3.1", "warning")]


@pytest.mark.parametrize("div, declared, expected", [
    ("9div", "2div", [(None, "unknown.division")]),     # before the file is read
    ("1div", "2div", [(None, "format.mismatch")]),      # the file says another division
])
def test_1_1_2_3_enter_refusals_before_the_season_is_read(ids, example, div, declared, expected):
    doc = _roster(example)
    doc["division"] = declared
    out = enter_division(_unread(), DivisionEntry(division=div, file=_file(doc)))
    assert ids(out) == expected and out.exit == 2


def test_enter_a_file_that_could_not_be_read_is_refused_after_the_division(ids):
    from dbfcli.rules.problems import Problem

    unread = EntryFile(label="x.yaml", name="x.yaml", csv=False,
                       problems=(Problem.error(None, "cannot read x.yaml", code="io.cannot-read"),))
    assert ids(enter_division(_unread(), DivisionEntry(division="9div", file=unread))) == [(None, "unknown.division")]
    assert ids(enter_division(_unread(), DivisionEntry(division="2div", file=unread))) == [(None, "io.cannot-read")]


def test_1_1_3_1_enter_that_orphans_recorded_matches_is_refused(ids, session, example):
    from divseasonkit import record_all

    record_all(example, divisions=("2div",))
    doc = _roster(example)
    old = doc["teams"][0]["id"]
    doc["teams"][0]["id"] = "HEL-Z"                      # a rename: the recorded matches are HEL-A's
    before = snapshot(example)
    with session() as s:
        out = enter_division(s, DivisionEntry(division="2div", file=_file(doc)))
    assert ids(out) == [("1.1.3.1", "div.results-orphaned")] and out.exit == 1
    assert out.problems[0].message.args[0] == old and snapshot(example) == before


def test_1_1_2_3_division_teams_in_seeding_order(ids, session, example):
    with session(False) as s:
        out = division_teams(s, "2div")
    assert not out.refused and out.plan.division == "2div" and out.plan.season == SEASON
    assert [t.id for t in out.plan.teams] == [t["id"] for t in _roster(example)["teams"]]
    assert [t["id"] for t in out.doc["teams"]] == [t.id for t in out.plan.teams]
    assert ids(division_teams(_unread(), "4div")) == [(None, "unknown.division")]


def test_1_1_1_3_division_fees_base_and_travel_pool(ids, session):
    with session(False) as s:
        out = division_fees(s)
    assert out.doc["rule"] == "1.1.1.3" and list(out.doc["divisions"]) == ["1div", "2div", "3div-a", "3div-b"]
    two = out.doc["divisions"]["2div"]
    assert all(t["total_kr"] == t["base_kr"] + t["travel_pool_kr"] for t in two["teams"])
    assert two["travel_pool_total_kr"] == sum(t["travel_pool_kr"] for t in two["teams"])
    totals = [r for r in out.plan.rows if r[1] is None]
    assert [r[0] for r in totals] == ["1div", "2div", "3div-a", "3div-b"]
    with session(False) as s:
        assert list(division_fees(s, "3div-a").doc["divisions"]) == ["3div-a"]
    with session(False) as s:
        assert ids(division_fees(s, "9div")) == [(None, "unknown.division")]

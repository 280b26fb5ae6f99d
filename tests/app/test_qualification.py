"""``dbfcli.app.qualification`` called directly: the east tournament (§1.1.5.2), Kreds IV's
ranking and the qualifiers file (§1.1.5.1-2); refusals asserted by § and code."""

from __future__ import annotations

from fractions import Fraction

from dbfcli.app.qualification import (EastEntry, EastResult, QualifiersRequest, WestEntry, east_schedule, east_standings,
                                      enter_east, enter_west, qualifiers, record_east)
from dbfcli.app.session import Session
from dbftest import snapshot
from test_qualification_cmd import FIELD, _east, _west


def _codes(problems):
    return [(p.rule, p.code) for p in problems]


def test_1_1_5_2_before_the_east_is_entered_an_empty_table_with_a_warning(ids, session):
    for use_case in (east_schedule, east_standings):
        with session(False) as s:
            out = use_case(s)
        assert not out.refused and not out.plan.entered and _codes(out.notes) == [("1.1.5.2", "state.not-entered")]
    with session() as s:
        assert ids(record_east(s, EastResult(match="QE-R01-01", imps=(3, 4)))) == [(None, "state.not-entered")]
    with session(False) as s:
        assert ids(qualifiers(s, QualifiersRequest())) == [(None, "state.not-entered")]


def test_1_1_5_2_the_east_field_is_checked_before_the_season_is_read(ids, session, example, tmp_path):
    before = snapshot(example)
    wrong = _east(tmp_path / "e.yaml", FIELD[:-1] + [("CPH-Q3", "2200", "copenhagen")])
    opened = []
    out = enter_east(Session(actor="pytest", opener=lambda: opened.append("season")), EastEntry(file=wrong))
    assert {rule for rule, _ in ids(out)} == {"1.1.5.2"} and out.exit == 1 and snapshot(example) == before
    assert opened == [], "refused for its own form: the season was not opened (nor locked)"
    with session() as s:   # §1.1.5.2: the areas may agree another field (warnings, then entered)
        out = enter_east(s, EastEntry(file=wrong, agreed=True, dry_run=True))
    assert not out.refused and not out.written and {p.rule for p in out.notes} == {"1.1.5.2"}


def test_1_1_5_2_east_tournament_results_standings_and_qualifiers(ids, session, tmp_path):
    with session() as s:
        out = enter_east(s, EastEntry(file=_east(tmp_path / "e.yaml")))
    assert out.written and [t.id for t in out.plan.direct] == ["K2-D"]
    with session(False) as s:
        sched = east_schedule(s)
    assert len(sched.plan.schedule) == 5 and sched.doc["boards"] == 24
    with session() as s:
        assert ids(record_east(s, EastResult(match="QE-R09-01", imps=(52, 31)))) == [(None, "unknown.match")]
    with session() as s:
        assert ids(record_east(s, EastResult(match="QE-R01-01", imps=(-1, 31)))) == [(None, "usage.option")]
    with session() as s:
        out = record_east(s, EastResult(match="QE-R01-01", imps=(52, 31)))
    assert out.written and sum(out.plan) == 20 and all(isinstance(v, Fraction) for v in out.plan)   # WBF 20-VP, exact
    with session() as s:   # the schedule follows the entry order: no new field once a result is recorded
        assert ids(enter_east(s, EastEntry(file=tmp_path / "e.yaml"))) == [(None, "state.already-recorded")]
    with session(False) as s:
        assert ids(qualifiers(s, QualifiersRequest())) == [(None, "state.not-entered")]   # Kreds IV's
    with session() as s:
        assert enter_west(s, WestEntry(file=_west(tmp_path / "w.yaml"))).written
    with session(False) as s:
        assert ("1.1.5.2", "qualify.incomplete") in ids(qualifiers(s, QualifiersRequest()))
    for rnd in sched.plan.schedule:
        for mid, _, away in rnd:
            if away:
                with session() as s:
                    assert not record_east(s, EastResult(match=mid, imps=(30, 20))).refused
    with session(False) as s:
        table = east_standings(s)
    assert table.doc["complete"] and len(table.plan.rows) == 6
    with session(False) as s:
        out = qualifiers(s, QualifiersRequest(membership=(5200, 4800), out=tmp_path / "q.yaml"))
    assert not out.refused and out.plan.places == (3, 3) and len(out.plan.qualified) == 6   # §1.1.5.1
    assert out.plan.data.startswith(b"#") and not (tmp_path / "q.yaml").exists(), "the face writes --out"
    with session(False) as s:   # §1.1.5.1: the places follow the membership
        assert qualifiers(s, QualifiersRequest(membership=(2000, 7000))).plan.places != (3, 3)

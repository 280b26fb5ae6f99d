"""``dbfcli.app.schedules`` called directly: the cup's schedule of a round (§1.5.4-§1.5.8,
§1.5.13, §1.5.16) and a division's round robin (§1.1.2.1, §1.1.2.3), frozen in one write."""

from __future__ import annotations

from pathlib import Path

from dbfcli.app.schedules import CupScheduleRequest, DivisionScheduleRequest, cup_schedule, division_schedule
from dbftest import run_dbf


def test_1_5_6_cup_schedule_needs_a_round_that_is_drawn(ids, session):
    with session(False) as s:
        assert ids(cup_schedule(s, CupScheduleRequest(round=None))) == [(None, "usage.missing")]
    with session(False) as s:
        out = cup_schedule(s, CupScheduleRequest(round=1))
    assert ids(out) == [(None, "state.not-drawn")] and out.exit == 2 and out.plan is None


def test_1_5_5_cup_schedule_decides_home_by_up_then_drawn_first(ids, session, tmp_path):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "4").exit_code == 0
    with session(False) as s:
        out = cup_schedule(s, CupScheduleRequest(round=1, ics=tmp_path / "r1.ics", team="KBH-1"))
    assert not out.refused and out.exit == 0 and not out.written
    plan = out.plan
    assert plan.round == 1 and len(plan.rows) == len(out.doc["matches"]) > 0
    # §1.5.5: round 1, no UP credited yet: every home team is the team drawn first (the basis is a key)
    assert {r.basis for r in plan.rows} == {"drawn_first"}
    assert all(r.home == r.teams[0] for r in plan.rows)
    assert plan.ics.path == tmp_path / "r1.ics" and plan.ics.events == 1 and b"BEGIN:VCALENDAR" in plan.ics.data
    assert not (tmp_path / "r1.ics").exists(), "the face writes the file the user named"
    assert out.doc["ics"] == {"file": str(tmp_path / "r1.ics"), "events": 1}


def test_1_5_4_cup_schedule_refuses_team_without_ics_or_not_playing(ids, session, tmp_path):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "4").exit_code == 0
    with session(False) as s:
        assert ids(cup_schedule(s, CupScheduleRequest(round=1, team="KBH-1"))) == [(None, "usage.conflict")]
    with session(False) as s:
        out = cup_schedule(s, CupScheduleRequest(round=1, team="NOPE", ics=tmp_path / "x.ics"))
    assert ids(out) == [(None, "unknown.team")]


def test_1_5_6_a_late_agreed_date_is_a_refusal_that_keeps_the_schedule(ids, session, example):
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "4").exit_code == 0
    (example / "2026-27" / "cup" / "schedule.yaml").write_text("schema: 1\nmatches:\n  C1-001: {date: 2026-12-20}\n")
    with session(False) as s:
        out = cup_schedule(s, CupScheduleRequest(round=1))
    assert ("1.5.6", "match.after-match-day") in ids(out) and out.exit == 1
    assert out.plan is not None and out.doc["matches"], "the tables are shown with the error"


def test_1_1_2_1_division_schedule_computed_then_frozen_in_one_write(ids, session, example):
    with session(False) as s:
        out = division_schedule(s, DivisionScheduleRequest(division="2div"))
    assert not out.refused and not out.plan.frozen and not out.plan.stored and not out.written
    computed = [[m.id for m in r.matches] for r in out.plan.rounds]
    # §1.1.2.1: an all-play-all: every pair of teams meets once
    teams = out.doc["teams"]
    pairs = {frozenset((m.home, m.away)) for r in out.plan.rounds for m in r.matches if m.away}
    assert len(pairs) == teams * (teams - 1) // 2
    with session() as s:
        out = division_schedule(s, DivisionScheduleRequest(division="2div", freeze=True, dry_run=True))
    assert out.plan.stored and not out.written and not (example / "2026-27" / "divisions" / "schedule-2div.yaml").exists()
    with session() as s:
        out = division_schedule(s, DivisionScheduleRequest(division="2div", freeze=True))
    assert out.written and out.plan.frozen and out.doc["stored_in"] == "divisions/schedule-2div.yaml"
    assert [[m.id for m in r.matches] for r in out.plan.rounds] == computed
    with session() as s:
        again = division_schedule(s, DivisionScheduleRequest(division="2div", freeze=True))
    assert not again.written and again.plan.frozen, "a stored schedule is kept (§1.1.2.1: ids never change)"


def test_1_1_2_1_division_schedule_refusals_by_code(ids, session, tmp_path):
    with session() as s:
        assert ids(division_schedule(s, DivisionScheduleRequest(division="2div", refreeze=True))) == [
            (None, "usage.conflict")]
    with session(False) as s:
        assert ids(division_schedule(s, DivisionScheduleRequest(division="2div", team="HEL-A"))) == [
            (None, "usage.conflict")]
    with session(False) as s:
        out = division_schedule(s, DivisionScheduleRequest(division="2div", team="NOPE", ics=tmp_path / "f.ics"))
    assert ids(out) == [(None, "unknown.team")]
    with session(False) as s:
        out = division_schedule(s, DivisionScheduleRequest(division="2div", team="HEL-A", ics=tmp_path / "e.ics"))
    assert out.plan.ics.events > 0 and not Path(tmp_path / "e.ics").exists()


def test_1_5_6_an_agreed_later_day_needs_a_dispensation(ids, session, example):
    from dbfcli.app.schedules import ScheduleAgreement, set_cup_schedule

    with session() as s:
        assert ids(set_cup_schedule(s, ScheduleAgreement(match="C1-001", time="10:00"))) == [(None, "unknown.match")]
    assert run_dbf("draw", "cup", "--round", "1", "--seed", "4").exit_code == 0
    with session() as s:
        assert ids(set_cup_schedule(s, ScheduleAgreement(match="C1-001"))) == [(None, "usage.missing")]
    with session() as s:
        assert ids(set_cup_schedule(s, ScheduleAgreement(match="C1-001", venue="0001"))) == [(None, "unknown.postcode")]
    with session() as s:
        out = set_cup_schedule(s, ScheduleAgreement(match="C1-001", date="2026-12-20"))
    assert ids(out) == [("1.5.6", "match.after-match-day")] and not out.written
    assert not (example / "2026-27" / "cup" / "schedule.yaml").exists()
    with session() as s:
        out = set_cup_schedule(s, ScheduleAgreement(match="C1-001", date="2026-12-20", dispensation="snow"))
    assert out.written and out.plan.date.isoformat() == "2026-12-20" and out.doc["dispensation"] == "snow"
    with session() as s:   # §1.5.8: the venue the captains agreed
        out = set_cup_schedule(s, ScheduleAgreement(match="C1-002", venue="5000", time="10:00"))
    assert out.plan.venue == "5000" and out.plan.time == "10:00"

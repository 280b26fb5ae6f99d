"""``dbfcli.app.rollover`` called directly: next season's divisions from this season's results
(§1.1.1.1, §1.1.2.2, §1.1.2.4, §1.1.3.3, §1.1.4.1-3, §1.1.5), the new season written in one step
and made current; the plan is the Outcome's."""

from __future__ import annotations

import pytest

from dbfcli.app.rollover import RolloverRequest, rollover
from dbftest import run_dbf, snapshot
from divkit import HALVES, qualifiers_file, write_results


@pytest.fixture
def finished(example, tmp_path):
    """The example season with every division match, the play-off and the runners-up match played."""
    order = write_results(example)
    assert run_dbf("playoff", "1div", "choose", "AAL-A", "--today", "2027-02-25").exit_code == 0
    assert run_dbf("lot", "record", "3div-PO", "--order", "RAN-A,VAL-A", "--by", "TD", "--witness", "W").exit_code == 0
    for m in ("1div-SF1", "1div-SF2", "1div-F", "3div-PO"):
        assert run_dbf("playoff", "3div" if m == "3div-PO" else "1div", "result", m, *HALVES).exit_code == 0
    return example, order, qualifiers_file(tmp_path / "q.yaml")


def test_1_1_2_2_rollover_refuses_what_it_cannot_build(ids, session, tmp_path):
    with session() as s:
        assert ids(rollover(s, RolloverRequest(to="2027-28", qualifiers=None))) == [(None, "usage.missing")]
    with session() as s:
        assert ids(rollover(s, RolloverRequest(to="bad", qualifiers=None))) == [(None, "format.id")]
    with session() as s:
        assert ids(rollover(s, RolloverRequest(to="2028-29", qualifiers=None))) == [(None, "usage.option")]
    with session() as s:
        out = rollover(s, RolloverRequest(to="2027-28", qualifiers=qualifiers_file(tmp_path / "q.yaml"),
                                          winners=("bad",)))
    assert ids(out) == [(None, "usage.option")]


def test_1_1_4_2_a_rollover_that_waits_for_a_match_keeps_its_plan_and_writes_nothing(ids, session, example, tmp_path):
    write_results(example)
    before = snapshot(example)
    with session() as s:
        out = rollover(s, RolloverRequest(to="2027-28", qualifiers=qualifiers_file(tmp_path / "q.yaml")))
    assert out.exit == 1 and not out.written and snapshot(example) == before
    # §1.1.4.2: the runners-up match is not played; §1.1.2.4: 1div seeded by the round robin (a warning)
    assert ids(out) == [("1.1.2.4", "rollover.playoff-unfinished"), ("1.1.4.2", "rollover.waits-for-match")]
    assert out.plan is not None and out.plan.plan.steps, "the steps are shown before the refusal"
    assert not (example / "2027-28").exists()


def test_1_1_2_2_rollover_plan_then_the_new_season(ids, session, finished):
    folder, order, q = finished
    before = snapshot(folder)
    with session() as s:
        dry = rollover(s, RolloverRequest(to="2027-28", qualifiers=q, dry_run=True))
    assert not dry.refused and not dry.written and snapshot(folder) == before and not (folder / "2027-28").exists()
    new = dry.plan.plan.new
    assert set(new) == {"1div", "2div", "3div-a", "3div-b"} and new["1div"][0] == "ODE-A"   # §1.1.2.4: the champion
    assert len(new["3div-a"]) == len(new["3div-b"]) == 12                                    # §1.1.4.1
    assert any(step.rule == "1.1.2.2" for step in dry.plan.plan.steps)
    with session() as s:
        assert ids(rollover(s, RolloverRequest(to="2027-28", qualifiers=q, winners=("X-PO=ODE-A",)))) == [
            (None, "unknown.match")]
    with session() as s:
        out = rollover(s, RolloverRequest(to="2027-28", qualifiers=q))
    assert not out.refused and out.written and out.plan.current and out.doc["current"] == "2027-28"
    assert out.plan.plan.new == new and out.plan.source == "2026-27" and not out.plan.finished
    assert (folder / "2027-28" / "season.toml").exists() and 'current = "2027-28"' in (folder / "dbf.toml").read_text()
    with session() as s:   # the new season is there: not what a rollover may write over
        assert ids(rollover(s, RolloverRequest(to="2027-28", qualifiers=q, vacancies=("ODE-A",)))) == [
            (None, "state.exists")]

"""``dbfcli.app.playoff`` called directly: the 1st-division play-off (§1.1.2.5-§1.1.2.11) and the
3rd division's runners-up match (§1.1.4.2); every refusal asserted by its § and code."""

from __future__ import annotations

import pytest

from dbfcli.app.playoff import ChoiceRequest, PlayoffRequest, ResultRequest, choose_opponent, playoff_view, record_result
from dbftest import snapshot
from divkit import write_results

WIN = ("30-20", "10-12", "40-40", "5-9")      # 85-81 for the first team
LOSE = ("20-30", "10-12", "40-40", "5-9")     # 75-91


@pytest.fixture
def played(example):
    write_results(example)
    return example


def test_1_1_2_5_only_1div_and_3div_have_a_play_off(ids, session):
    with session(False) as s:
        assert ids(playoff_view(s, PlayoffRequest(division="2div"))) == [("1.1.2.5", "unknown.division")]
    with session(False) as s:
        out = playoff_view(s, PlayoffRequest(division="3div-a"))
    assert not out.refused and out.plan.division == "3div" and [m["id"] for m in out.doc["matches"]] == ["3div-PO"]
    assert ("1.1.4.2", "playoff.round-robin-incomplete") in [(p.rule, p.code) for p in out.notes]


def test_1_1_2_8_the_choice_waits_for_a_complete_round_robin(ids, session, example):
    before = snapshot(example)
    with session() as s:
        out = choose_opponent(s, ChoiceRequest(division="1div", team="AAL-A"))
    assert ("1.1.2.8", "playoff.round-robin-incomplete") in ids(out) and out.exit == 1 and not out.written
    assert snapshot(example) == before


def test_1_1_2_8_provisional_pairing_and_a_late_choice(ids, session, played):
    with session(False) as s:
        out = playoff_view(s, PlayoffRequest(division="1div", today="2027-02-22"))
    pairing = out.plan.state["pairing"]
    assert pairing.status == "provisional" and out.doc["pairing"]["deadline"] == "2027-03-01"
    assert [m["teams"] for m in out.doc["matches"]] == [["ODE-A", "ROS-A"], ["GEN-A", "AAL-A"]]
    before = snapshot(played)
    with session() as s:
        late = choose_opponent(s, ChoiceRequest(division="1div", team="AAL-A", today="2027-03-02"))
    assert ids(late) == [("1.1.2.8", "playoff.choice-late")] and snapshot(played) == before
    with session() as s:
        assert ids(choose_opponent(s, ChoiceRequest(division="1div", team="KBH-A", today="2027-02-25"))) == [
            ("1.1.2.8", "playoff.choice")]
    with session() as s:   # §1.1.2.8: no result while no. 1 may still choose
        out = record_result(s, ResultRequest(division="1div", match="1div-SF1", halves=WIN, today="2027-02-22"))
    assert ids(out) == [("1.1.2.8", "playoff.choice-open")]


def test_1_1_2_8_choice_then_results_then_final(ids, session, played):
    with session() as s:
        out = choose_opponent(s, ChoiceRequest(division="1div", team="AAL-A", today="2027-02-25"))
    assert not out.refused and out.written
    assert out.plan.chooser == "ODE-A" and out.plan.pairing.pairs == (("ODE-A", "AAL-A"), ("GEN-A", "ROS-A"))
    with session() as s:   # §1.1.2.7: four halves of 16 boards
        assert ("1.1.2.7", "playoff.halves") in ids(record_result(s, ResultRequest(
            division="1div", match="1div-SF1", halves=WIN[:3])))
    with session() as s:
        assert ids(record_result(s, ResultRequest(division="1div", match="1div-SF1", halves=("x",)))) == [
            (None, "usage.option")]
    with session() as s:
        assert ids(record_result(s, ResultRequest(division="1div", match="1div-F", halves=WIN))) == [
            (None, "unknown.match")]
    for match, halves, winner in (("1div-SF1", WIN, "ODE-A"), ("1div-SF2", LOSE, "ROS-A"), ("1div-F", LOSE, "ROS-A")):
        with session() as s:
            out = record_result(s, ResultRequest(division="1div", match=match, halves=halves))
        assert not out.refused and out.written and out.plan.winner == winner == out.doc["winner"]
    with session(False) as s:
        assert playoff_view(s, PlayoffRequest(division="1div")).doc["champion"] == "ROS-A"   # §1.1.2.4
    with session() as s:   # §1.1.2.8: the semi-finals are played, the choice is fixed
        assert ids(choose_opponent(s, ChoiceRequest(division="1div", team="GEN-A", today="2027-02-26"))) == [
            ("1.1.2.8", "playoff.choice-fixed")]
    with session() as s:   # §1.1.2.6: the final stands between the semi-finals' winners
        out = record_result(s, ResultRequest(division="1div", match="1div-SF2", halves=WIN))
    assert ids(out) == [("1.1.2.6", "playoff.final-teams")] and not out.written


def test_1_1_2_8_choose_is_the_1st_divisions_only(ids, session):
    with session() as s:
        assert ids(choose_opponent(s, ChoiceRequest(division="3div", team="X"))) == [("1.1.2.8", "usage.option")]
    with session() as s:
        assert ids(choose_opponent(s, ChoiceRequest(division="1div", team=None))) == [(None, "usage.missing")]
    with session() as s:
        assert ids(playoff_view(s, PlayoffRequest(division="1div", today="garbage"))) == [(None, "usage.option")]

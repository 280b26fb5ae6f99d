"""A cup match's life as a state (issue 13.4, rules/cup/matchstate.py): what each command may do."""

from __future__ import annotations

import datetime as dt

import pytest

from dbfcli.rules.cup.home import Agreement
from dbfcli.rules.cup.matchstate import allowed, match_state, redraw_refusal, walkover_fees
from dbfcli.rules.model import CupDraw, CupMatch
from dbfcli.rules.cup.records import RecordedMatch

R1 = CupDraw(1, 7, (CupMatch("C1-001", 1, ("A", "B")), CupMatch("C1-002", 1, ("C", "D"))))
R2 = CupDraw(2, 8, (CupMatch("C2-001", 2, ("A", "C")),))
FINAL = CupDraw(9, 9, (CupMatch("C9-001", 9, ("A", "C")),))
WON = RecordedMatch("C1-001", 1, "A", "B", "A", "B")


def test_stages_drawn_scheduled_recorded_walkover_locked():
    draws = {1: R1}
    assert match_state(draws, {}, {}, "C1-001").stage == "drawn"
    agreed = {"C1-001": Agreement(dt.date(2026, 12, 12))}
    assert match_state(draws, {}, agreed, "C1-001").stage == "scheduled"
    assert match_state(draws, {}, {"C1-001": Agreement(dispensation="late")}, "C1-001").dispensation == "late"
    rec = match_state(draws, {"C1-001": WON}, {}, "C1-001")
    assert (rec.stage, rec.winner, rec.locked) == ("recorded", "A", False)
    wo = RecordedMatch("C1-002", 1, "C", "D", "C", "D", "walkover")
    assert match_state(draws, {"C1-002": wo}, {}, "C1-002").stage == "walkover"
    assert match_state({1: R1, 2: R2}, {"C1-001": WON}, {}, "C1-001").locked_by == 2
    final = RecordedMatch("C9-001", 9, "A", "C", "A", "C")
    assert match_state({9: FINAL}, {"C9-001": final}, {}, "C9-001").locked_by == 9
    assert match_state({9: FINAL}, {}, {}, "C9-001").locked is False


@pytest.mark.parametrize("action", ["submit", "amend", "walkover", "travel", "schedule"])
def test_every_action_needs_a_drawn_match_1_5_16(action):
    problems = allowed(match_state({1: R1}, {}, {}, "C1-009"), action, match_id="C1-009")
    assert [p.rule for p in problems] == ["1.5.16"]


def test_submit_and_walkover_of_a_recorded_match_are_refused_and_amend_of_an_unrecorded_one():
    drawn = match_state({1: R1}, {}, {}, "C1-001")
    recorded = match_state({1: R1}, {"C1-001": WON}, {}, "C1-001")
    assert allowed(drawn, "submit") == [] and allowed(drawn, "walkover") == []
    assert allowed(recorded, "submit") and allowed(recorded, "walkover")
    assert allowed(drawn, "amend") and allowed(recorded, "amend", winner="B") == []


def test_amend_that_changes_a_winner_already_drawn_on_is_refused_1_5_16():
    locked = match_state({1: R1, 2: R2}, {"C1-001": WON}, {}, "C1-001")
    assert allowed(locked, "amend", winner="A") == []          # same winner: a corrected sheet
    refused = allowed(locked, "amend", winner="B")
    assert refused and "1.5.16" in refused[0].hint


def test_redraw_policy_1_5_16():
    assert redraw_refusal({}, set(), 1, False) is None
    assert redraw_refusal({1: R1}, set(), 1, True) is None
    assert redraw_refusal({1: R1}, set(), 1, False).rule == "1.5.16"
    assert redraw_refusal({1: R1}, {1}, 1, True).rule == "1.5.16"
    assert redraw_refusal({1: R1, 2: R2}, set(), 1, True).rule == "1.5.16"


def test_walkover_fine_and_next_round_fee_waived_1_5_15():
    state = match_state({1: R1}, {}, {}, "C1-001")
    fine, fees = walkover_fees(state, "A", "B", 5, 100)
    assert fine["amount_kr"] == 500 and fine["team"] == "B"
    assert fees == {"A": {"round": 2, "players": 0, "amount_kr": 0, "waived": True}}
    assert walkover_fees(match_state({9: FINAL}, {}, {}, "C9-001"), "A", "C", 4, 100)[1] == {}

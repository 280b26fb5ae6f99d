"""§1.5.16 with §1.5.6: the next round drawn while a match with a recorded dispensation is
unplayed; its winner is a pending place ("winner of C6-008") filled when the result is recorded
(rules/cup/draw.py, rules/cup/draw_pending.py, rules/cup/home.py, rules/cup/matchstate.py, rules/invariants.py)."""

from __future__ import annotations

import datetime as dt

from dbfcli.rules.cup.draw import draw_cup_round
from dbfcli.rules.cup.draw_pending import awaited, fill_draw, open_places, place, unresolved
from dbfcli.rules.cup.home import Agreement, schedule_match
from dbfcli.rules.invariants import check_cup
from dbfcli.rules.cup.matchstate import MatchState, allowed, match_state
from dbfcli.rules.model import CupDraw, CupMatch
from dbfcli.rules.cup.records import RecordedMatch
from dbfcli.rules.seasonstate import CupState
from dbfcli.rules.settings import CupSettings
from dbfcli.store.cup.results import CupRecord

ENTRY = {f"T{i:02d}": 6 for i in range(16)}          # a field of 16 that starts at the 1/8 final
CLUBS = {t: i for i, t in enumerate(ENTRY)}


def draw(round_no, draws, winners, seed=1, dispensations=()):
    return draw_cup_round(round_no, entry=ENTRY, clubs=CLUBS, pool_of={}, draws=draws, winners=winners, seed=seed,
                          dispensations=dispensations)


def round6():
    out, problems = draw(6, {}, {})
    assert problems == []
    return out.draw


def test_1_5_16_1_5_6_unplayed_match_with_dispensation_is_a_pending_place():
    r6 = round6()
    late = r6.matches[-1]
    winners = {m.id: m.teams[0] for m in r6.matches[:-1]}
    out, problems = draw(7, {6: r6}, winners, dispensations={late.id})
    assert problems == []
    drawn = [t for m in out.draw.matches for t in m.teams] + list(out.draw.byes)
    assert place(late.id) in drawn and sorted(drawn) == sorted(list(winners.values()) + [place(late.id)])
    assert [m.id for m in out.draw.matches if unresolved(m)] and open_places([out.draw]) != []


def test_1_5_16_unplayed_match_without_dispensation_still_refuses_the_draw():
    r6 = round6()
    winners = {m.id: m.teams[0] for m in r6.matches[:-2]}
    out, problems = draw(7, {6: r6}, winners, dispensations={r6.matches[-1].id})
    assert out is None and [(p.rule, p.code) for p in problems] == [("1.5.16", "state.round-not-finished")]
    assert r6.matches[-2].id in problems[0].message and r6.matches[-1].id not in problems[0].message


def test_1_5_16_same_seed_same_draw_with_a_pending_place():
    r6 = round6()
    winners = {m.id: m.teams[0] for m in r6.matches[:-1]}
    a, _ = draw(7, {6: r6}, winners, seed=9, dispensations={r6.matches[-1].id})
    b, _ = draw(7, {6: r6}, winners, seed=9, dispensations={r6.matches[-1].id})
    assert a.draw == b.draw


def pending_round7():
    r6 = round6()
    late = r6.matches[-1]
    winners = {m.id: m.teams[0] for m in r6.matches[:-1]}
    out, _ = draw(7, {6: r6}, winners, dispensations={late.id})
    return r6, late, winners, out.draw


def test_1_5_16_next_round_refused_while_a_place_is_unresolved():
    r6, late, winners, r7 = pending_round7()
    waiting = next(m for m in r7.matches if unresolved(m))
    w7 = {m.id: m.teams[0] for m in r7.matches if m is not waiting}
    out, problems = draw(8, {6: r6, 7: r7}, w7, dispensations={late.id, waiting.id})
    assert out is None and [(p.rule, p.code) for p in problems] == [("1.5.16", "state.pending-place")]


def test_1_5_16_a_place_fills_with_the_recorded_winner_and_empties_without_it():
    _, late, _, r7 = pending_round7()
    filled = fill_draw(r7, {late.id: late.teams[1]})
    m = next(m for m in filled.matches if late.id in m.pending)
    assert late.teams[1] in m.teams and not unresolved(m)
    again = fill_draw(r7, {})
    assert [x.teams for x in again.matches] == [x.teams for x in r7.matches]
    assert open_places([again]) == [(m.id, late.id)]


def test_1_5_16_the_filled_round_draws_on():
    r6, late, winners, r7 = pending_round7()
    filled = fill_draw(r7, {late.id: late.teams[1]})
    w7 = {m.id: m.teams[0] for m in filled.matches}
    out, problems = draw(8, {6: r6, 7: filled}, w7)
    assert problems == [] and len(out.draw.matches) == 2


def test_1_5_5_home_waits_for_the_pending_place():
    m = CupMatch("C7-001", 7, ("T01", place("C6-008")))
    s, problems = schedule_match(m, CupSettings(match_days={7: dt.date(2027, 4, 25)}), {"T01": "5000"}, {"T01": 99})
    assert (s.home, s.away, s.up, s.travel, s.neutral, s.pending) == (None, None, None, {}, False, ("C6-008",))
    assert problems == [] and "1.5.5" in s.reason


def test_1_5_16_no_sheet_or_walkover_for_a_match_with_a_pending_place():
    state = MatchState(match=CupMatch("C7-001", 7, ("T01", place("C6-008"))), stage="drawn")
    for action in ("submit", "walkover", "travel"):
        assert [(p.rule, p.code) for p in allowed(state, action)] == [("1.5.16", "state.pending-place")]
    assert allowed(state, "schedule") == []


def test_1_5_16_amending_the_awaited_match_may_change_the_place():
    """The place follows the awaited match's winner: an amendment of that match is not
    refused as "already drawn with the old winner" (§1.5.16)."""
    r6 = CupDraw(6, 1, (CupMatch("C6-008", 6, ("A", "B")),))
    r7 = fill_draw(CupDraw(7, 1, (CupMatch("C7-001", 7, ("C", place("C6-008"))),)), {"C6-008": "A"})
    old = RecordedMatch("C6-008", 6, "A", "B", "A", "B", "result")
    state = match_state({6: r6, 7: r7}, {"C6-008": old}, {}, "C6-008")
    assert allowed(state, "amend", winner="B") == []


def _rec(mid, round_, a, b):
    return CupRecord(f"cup/matches/{mid}.yaml", {}, RecordedMatch(mid, round_, a, b, a, b, "result"), {})


def test_1_5_16_1_5_6_invariants_hold_for_a_pending_place_with_a_dispensation():
    r6 = CupDraw(6, 1, (CupMatch("C6-001", 6, ("A", "B")), CupMatch("C6-002", 6, ("C", "D"))))
    raw7 = CupDraw(7, 1, (CupMatch("C7-001", 7, ("A", place("C6-002"))),))
    dispensed = {"C6-002": Agreement(dispensation="selected for DBF; opponents accept")}
    waiting = CupState(draws={6: r6, 7: fill_draw(raw7, {})}, records=(_rec("C6-001", 6, "A", "B"),),
                       schedule=dispensed)
    assert check_cup(waiting, None) == []
    played = CupState(draws={6: r6, 7: fill_draw(raw7, {"C6-002": "C"})},
                      records=(_rec("C6-001", 6, "A", "B"), _rec("C6-002", 6, "C", "D")), schedule=dispensed)
    assert check_cup(played, None) == []
    undispensed = CupState(draws=waiting.draws, records=waiting.records)
    assert {p.rule for p in check_cup(undispensed, None)} == {"1.5.16"}
    assert awaited(place("C6-002")) == "C6-002"

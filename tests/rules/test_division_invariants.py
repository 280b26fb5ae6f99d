"""The division invariants (issue 13.5 for §1.1, rules/invariants.py DIVISION_INVARIANTS): for
each, a recorded division state that breaks it is reported by its division's § (§1.1.2.1,
§1.1.3.1 or §1.1.4.1) and the intact state is not."""

from __future__ import annotations

import pytest

from dbfcli.rules.invariants import DIVISION_INVARIANTS, check_division, check_divisions, new_breaks
from dbfcli.rules.model import Division, Team
from dbfcli.rules.divisions.roundrobin import division_schedule
from dbfcli.rules.seasonstate import DivisionState
from dbfcli.rules.settings import DivisionSettings, Settings
from dbfcli.rules.divisions.standings import DivResult
from dbfcli.rules.value import replace

SETTINGS = Settings()


def division(div="1div", n=12) -> Division:
    return Division(div, tuple(Team(f"{div[:1].upper()}{i:02d}", f"team {i}", 1000 + i, 1, "8000") for i in range(1, n + 1)))


def scheduled(div="1div", n=12):
    return division_schedule(division(div, n), DivisionSettings())


def result(m, imps=(40, 30), boards=36, **changes) -> DivResult:
    r = DivResult(m.id, m.round, m.home, m.away, imps[0], imps[1], boards)
    return replace(r, **changes) if changes else r


def state(results, div="1div", n=12, frozen=True, **changes) -> DivisionState:
    rounds = scheduled(div, n)
    return DivisionState(id=div, division=division(div, n), frozen=rounds if frozen else None,
                         frozen_teams=tuple(t.id for t in division(div, n).teams) if frozen else None,
                         results=tuple(results), **changes)


def first_round(div="1div", n=12):
    return [m for m in scheduled(div, n)[0].matches if m.away is not None]


INTACT = state([result(m) for m in first_round()])


def test_intact_division_keeps_every_invariant():
    assert check_division(INTACT, SETTINGS) == []
    assert check_divisions({"1div": INTACT}, SETTINGS) == []


def test_a_division_without_teams_has_nothing_to_break():
    assert check_division(DivisionState(id="2div"), SETTINGS) == []


def _rounds():
    return scheduled()


def _broken():
    r1, r2 = _rounds()[0].matches, _rounds()[1].matches
    m = r1[0]
    later = next(x for rnd in _rounds()[1:] for x in rnd.matches
                 if x.away is not None and {x.home, x.away} & {m.home, m.away} == {m.home})
    return {
        # §1.1.2.1: a match of the schedule, its round and teams the scheduled ones
        "div.result-scheduled": state([result(m, match_id="1div-R01-99")]),
        # §1.1.2.1: two teams of the division, not one team against itself
        "div.result-teams": state([result(m, away="X99")]),
        # §1.1.2.1: a match recorded once
        "div.record-once": state([result(m), result(m)]),
        # §1.1.2.1: a pair meets as often as the schedule says (once)
        "div.pair-meets-as-scheduled": state([result(m), result(r2[0], home=m.home, away=m.away)]),
        # §1.1.2.1: one match a round for each team
        "div.team-once-a-round": state([result(m), result(later, round=1)]),
        # §1.1.2.1: IMP totals >= 0, a match has boards
        "div.result-figures": state([result(m, imps=(-3, 10))]),
        # div.vp-within-scale: the WBF scale cannot give VP outside it, see its own test below
    }


@pytest.mark.parametrize("name", sorted(set(i.name for i in DIVISION_INVARIANTS) - {"div.vp-within-scale"}))
def test_each_division_invariant_has_a_broken_state_1_1_2_1(name):
    found = check_division(_broken()[name], SETTINGS, only=[name])
    assert found, name
    assert {p.rule or p.code for p in found if p.is_error} <= {"1.1.2.1", "format.result"}


def test_every_division_invariant_is_named_and_documented():
    assert len({i.name for i in DIVISION_INVARIANTS}) == len(DIVISION_INVARIANTS) == 7
    assert all(i.doc and i.name.startswith("div.") for i in DIVISION_INVARIANTS)


def test_vp_outside_the_scale_is_reported_1_1_2_1(monkeypatch):
    class Broken:
        name, total = "broken", 2000

        def winner(self, margin, boards):
            return 2500          # more than the total: the loser would get less than 0

    import dbfcli.rules.divisions.vp as vp

    m = first_round()[0]
    assert check_division(state([result(m)]), SETTINGS, only=["div.vp-within-scale"]) == []
    monkeypatch.setattr(vp, "builtin_scale", lambda name: Broken())
    found = check_division(state([result(m)]), SETTINGS, only=["div.vp-within-scale"])
    assert [(p.rule, p.code) for p in found] == [("1.1.2.1", "div.vp-within-scale")]


def test_the_rule_is_the_divisions_own_1_1_3_1_and_1_1_4_1():
    for div, rule in (("2div", "1.1.3.1"), ("3div-a", "1.1.4.1")):
        m = first_round(div)[0]
        found = check_division(state([result(m), result(m)], div=div), SETTINGS, only=["div.record-once"])
        assert [p.rule for p in found] == [rule]


def test_an_unfrozen_division_is_checked_against_the_schedule_its_entry_order_gives_1_1_2_1():
    m = first_round()[0]
    assert check_division(state([result(m)], frozen=False), SETTINGS) == []
    wrong_round = check_division(state([result(m, round=2)], frozen=False), SETTINGS, only=["div.result-scheduled"])
    assert [p.rule for p in wrong_round] == ["1.1.2.1"]


def test_an_unreadable_stored_schedule_is_left_to_its_reader():
    m = first_round()[0]
    st = state([result(m, match_id="1div-R01-99")], frozen=False, schedule_unreadable=True)
    assert check_division(st, SETTINGS, only=["div.result-scheduled", "div.pair-meets-as-scheduled"]) == []


def test_home_and_away_swapped_is_a_warning_not_a_break_1_1_2_1():
    m = first_round()[0]
    found = check_division(state([result(m, home=m.away, away=m.home)]), SETTINGS)
    assert found and not any(p.is_error for p in found)
    assert new_breaks(check_division(INTACT, SETTINGS), found) == []


def test_a_write_breaks_only_what_held_before():
    broken = _broken()["div.record-once"]
    before = check_division(broken, SETTINGS)
    assert new_breaks(before, before) == []
    assert new_breaks(check_division(INTACT, SETTINGS), before)

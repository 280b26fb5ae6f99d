"""The season invariants (issue 13.5, rules/invariants.py): for each, a state that breaks it
is reported by its § and name, and the intact state is not."""

from __future__ import annotations

import pytest

from dbfcli.rules.cup.fees import Refund
from dbfcli.rules.cup.home import Agreement
from dbfcli.rules.invariants import INVARIANTS, check_cup, new_breaks
from dbfcli.rules.model import CupDraw, CupMatch, Player, Team
from dbfcli.rules.cup.records import Addition, Appearance, RecordedMatch, Withdrawal
from dbfcli.rules.seasonstate import CupState
from dbfcli.rules.value import replace
from dbfcli.store.cup.results import CupRecord

R1 = CupDraw(1, 7, (CupMatch("C1-001", 1, ("A", "B")), CupMatch("C1-002", 1, ("C", "D"))), ("E",))
R2 = CupDraw(2, 8, (CupMatch("C2-001", 2, ("A", "C")),), ("E",))


#: round 2 drawn while C1-002 waits with a dispensation (§1.5.6): its winner is a pending place
R2_PENDING = CupDraw(2, 8, (CupMatch("C2-001", 2, ("A", "pending: C1-002")),), ("E",))
DISPENSED = {"C1-002": Agreement(dispensation="two players selected for DBF; the opponents accept")}


def record(mid="C1-001", round_=1, home="A", away="B", winner="A", loser="B", gp=None, apps=(), rel=None,
           kind="result", penalty=False) -> CupRecord:
    m = RecordedMatch(mid, round_, home, away, winner, loser, kind, tuple(apps))
    return CupRecord(rel or f"cup/matches/{mid}.yaml", {"penalty": penalty}, m,
                     gp if gp is not None else {1: 400, 2: 400})


def cup(*records, draws=None, travel=()) -> CupState:
    return CupState(draws=draws or {1: R1, 2: R2}, records=tuple(records), travel=tuple(travel))


SIX = Team("E", "E", 1, 10, "5000", tuple(Player(i, str(i)) for i in range(1, 7)))
SEVENTH = Addition("E", Player(7, "7"), 2)

INTACT = cup(record(), record("C1-002", home="C", away="D", winner="C", loser="D"))


def test_intact_state_keeps_every_invariant():
    assert check_cup(INTACT, None) == []


BROKEN = {
    "record.once": (None, cup(record(), record(rel="cup/matches/C1-001-copy.yaml"))),
    "record.file-name": (None, cup(record(rel="cup/matches/other.yaml"))),
    "result.drawn-match": ("1.5.16", cup(record("C1-009"))),
    "result.drawn-teams": ("1.5.16", cup(record(home="A", away="X", winner="A", loser="X"))),
    "result.winner-is-a-team": ("1.5.10", cup(record(winner="A", loser="C"))),
    "result.gp-sum": ("1.5.10", cup(record(gp={1: 400, 2: 300}))),
    "draw.winner-went-through": ("1.5.16", cup(record(winner="B", loser="A"))),
    "draw.team-once": ("1.5.16", cup(draws={1: replace(R1, byes=("A",))})),
    "round.player-on-one-team": ("1.5.12a", cup(
        record(apps=[Appearance(11, "A")]),
        record("C1-002", home="C", away="D", winner="C", loser="D", apps=[Appearance(11, "C")]))),
    "travel.drawn-match": ("1.5.17", cup(travel=[Refund("X", 1, "C1-001", 100)])),
    # issue 14.2: a team of 6 with a 7th player can play no sheet again (§1.5.11)
    "team.can-field-a-side": ("1.5.11", replace(cup(), teams=(SIX,), additions=(SEVENTH,))),
    # §1.5.16 with §1.5.6: a pending place for a match without a dispensation; one filled wrongly
    "draw.pending-place": ("1.5.16", cup(record(), draws={1: R1, 2: R2_PENDING})),
    "draw.pending-filled": ("1.5.16", replace(cup(record(), record("C1-002", home="C", away="D", winner="C", loser="D"),
                                                  draws={1: R1, 2: replace(R2_PENDING, matches=(
                                                      CupMatch("C2-001", 2, ("A", "D"), pending=(None, "C1-002")),))}),
                                              schedule=DISPENSED)),
}


def test_every_invariant_has_a_breaking_case():
    assert set(BROKEN) == {i.name for i in INVARIANTS}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_state_that_breaks_an_invariant_is_reported_by_its_id(name):
    rule, state = BROKEN[name]
    inv = next(i for i in INVARIANTS if i.name == name)
    assert inv.rule == rule
    found = inv.check(state, None)
    assert found and all(p.rule == rule and p.is_error for p in found)
    assert found[0] in check_cup(state, None)


#: issue 24: the code each broken invariant's problems carry (the kind of problem: a result for
#: a match in no draw is ``match.not-drawn`` as a sheet for one is)
CODE_OF = {
    "draw.pending-filled": "bracket.pending-place", "draw.pending-place": "bracket.pending-place",
    "draw.team-once": "bracket.team-once", "draw.winner-went-through": "bracket.winner-went-through",
    "record.file-name": "format.mismatch", "record.once": "format.duplicate",
    "result.drawn-match": "match.not-drawn", "result.drawn-teams": "sheet.teams", "result.gp-sum": "result.gp-sum",
    "result.winner-is-a-team": "result.winner", "round.player-on-one-team": "player.two-teams",
    "team.can-field-a-side": "roster.too-many-players", "travel.drawn-match": "travel.not-drawn",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_24_a_broken_invariant_is_reported_by_its_code(name):
    rule, state = BROKEN[name]
    inv = next(i for i in INVARIANTS if i.name == name)
    assert {(p.rule, p.code) for p in inv.check(state, None)} == {(rule, CODE_OF[name])}


def test_gp_of_a_penalised_sheet_may_fall_short_1_5_14():
    assert check_cup(cup(record(gp={1: 400, 2: 300}, penalty=True)), None) == []


def test_new_breaks_leaves_out_what_was_broken_already():
    before = check_cup(BROKEN["result.gp-sum"][1], None)
    after = before + check_cup(BROKEN["result.drawn-match"][1], None)
    assert [p.rule for p in new_breaks(before, after)] == ["1.5.16"]


def test_1_5_11_a_withdrawn_player_makes_room_for_the_seventh():
    """§1.5.11 (issue 14.2): the TD withdrew one of E's six, so the addition keeps E at 6."""
    state = replace(cup(), teams=(SIX,), additions=(SEVENTH,), withdrawals=(Withdrawal("E", 6, 2),))
    assert check_cup(state, None) == []


def test_1_5_11_a_team_out_of_the_cup_is_not_concerned():
    """§1.5.11: the invariant is about the next match; a team knocked out has none."""
    state = replace(cup(record("C1-001", home="A", away="E", winner="A", loser="E")), teams=(SIX,),
                    additions=(SEVENTH,))
    assert [p for p in check_cup(state, None) if p.rule == "1.5.11"] == []


def test_1_5_17_a_travel_claim_problem_names_the_file_it_was_read_from():
    """Found by the state-file fuzzer (issue 27): a hand edit of a claim's match (to null) gave a
    problem naming cup/travel/None-GEN-5.yaml, a file that does not exist; it names the file read."""
    from dbfcli.rules.invariants import check_cup

    claim = Refund("GEN-5", 1, "None", 100, file="cup/travel/C1-001-GEN-5.yaml")
    found = [p for p in check_cup(cup(travel=[claim]), None) if p.rule == "1.5.17"]
    assert [p.where.file for p in found] == ["cup/travel/C1-001-GEN-5.yaml"]

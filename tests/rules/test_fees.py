"""Cup fees and walkovers (§1.5.11, §1.5.12, §1.5.14, §1.5.15)."""

from __future__ import annotations

import pytest

from dbfcli.rules.cup.fees import Payment, ledgers, next_round_fee, rounds_in, team_ledger, team_players_in_round, walkover
from dbfcli.rules.model import CupDraw, CupMatch, Player, Team
from dbfcli.rules.sheet.validate import Addition, Join, RecordedMatch

FEE = 60


def team(tid, ids):
    return Team(tid, tid, ids[0], 1000, "5000", tuple(Player(i, f"P{i}") for i in ids))


A = team("A", [1, 2, 3, 4])
B = team("B", [11, 12, 13, 14, 15])
C = team("C", [21, 22, 23, 24, 25, 26])
D = team("D", [31, 32, 33, 34])
TEAMS = {t.id: t for t in (A, B, C, D)}
DRAWS = {1: CupDraw(1, 7, (CupMatch("C1-001", 1, ("A", "B")), CupMatch("C1-002", 1, ("C", "D")))),
         2: CupDraw(2, 7, (CupMatch("C2-001", 2, ("A", "C")),))}


@pytest.mark.parametrize("tid, round_no, additions, joins, expected", [
    ("A", 1, (), (), 4),
    ("B", 1, (), (), 5),
    # §1.5.11: an addition pays from the round he enters
    ("A", 1, (Addition("A", Player(5, "E"), 2),), (), 4),
    ("A", 2, (Addition("A", Player(5, "E"), 2),), (), 5),
    # §1.5.12: a joined substitute pays from the round he first substituted
    ("A", 1, (), (Join(9, "A", 1, 2),), 5),
    ("A", 3, (), (Join(9, "A", 2, 3),), 5),
])
def test_1_5_11_1_5_12_players_counted_per_round(tid, round_no, additions, joins, expected):
    assert team_players_in_round(TEAMS[tid], round_no, additions, joins) == expected


def test_1_5_15_round_fees_entry_paid_and_next_round_owed():
    """§1.5.15: round 1 paid with the entry; round 2 due with the sheet (§1.5.14)."""
    rec = (RecordedMatch("C1-001", 1, "A", "B", "A", "B"),)
    led = team_ledger(A, FEE, DRAWS, rec, TEAMS)
    assert [(r.round, r.kind, r.amount_kr) for r in led.rows] == [(1, "fee", 240), (1, "paid", 240), (2, "fee", 240)]
    assert (led.owed_kr, led.paid_kr, led.fines_kr, led.balance_kr) == (480, 240, 0, 240)
    lost = team_ledger(B, FEE, DRAWS, rec, TEAMS)
    assert lost.balance_kr == 0 and lost.owed_kr == 300


def test_1_5_11_a_player_added_for_round_1_is_not_paid_with_the_entry():
    """§1.5.11 "Der betales rundegebyr for nye spillere for denne og efterfølgende runder" with §1.5.15
    (issue 14 item 4): A entered 4 players (240 kr with the entry) and added a 5th for round 1: the
    round costs 300 kr, 240 are paid, 60 kr are still owed."""
    added = (Addition("A", Player(5, "E"), 1),)
    led = team_ledger(A, FEE, {1: DRAWS[1]}, (), TEAMS, additions=added)
    assert [(r.round, r.kind, r.players, r.amount_kr) for r in led.rows] == [(1, "fee", 5, 300), (1, "paid", 4, 240)]
    assert led.balance_kr == 60


def test_1_5_15_walkover_fine_and_waived_fee():
    """§1.5.15: D withdraws: fined C's fee for the round (6 x 60); C pays no fee for round 2."""
    wo, problems = walkover("C1-002", 1, ("C", "D"), "D")
    assert problems == [] and wo.winner == "C" and wo.loser == "D" and wo.kind == "walkover"
    all_ = ledgers(TEAMS, FEE, DRAWS, (wo,))
    d, c = all_["D"], all_["C"]
    assert [(r.kind, r.amount_kr) for r in d.rows if r.kind == "fine"] == [("fine", 360)]
    assert d.fines_kr == 360 and d.balance_kr == 360
    assert [(r.round, r.kind, r.amount_kr) for r in c.rows] == [(1, "fee", 360), (1, "paid", 360), (2, "waived", 0)]
    assert c.balance_kr == 0


def test_1_5_15_walkover_unknown_team_is_a_problem_not_an_exception():
    wo, problems = walkover("C1-002", 1, ("C", "D"), "X")
    assert wo is None and problems[0].is_error


def test_1_5_14_next_round_fee_and_payment():
    row = next_round_fee(B, 1, FEE)
    assert (row.round, row.players, row.amount_kr) == (2, 5, 300)
    assert next_round_fee(B, 1, FEE, walkover=True).amount_kr == 0
    rec = (RecordedMatch("C1-001", 1, "A", "B", "B", "A"),)
    led = team_ledger(B, FEE, {1: DRAWS[1]}, rec, TEAMS, payments=(Payment("B", 2, 300, "C1-001"),))
    assert led.owed_kr == 600 and led.paid_kr == 600 and led.balance_kr == 0


def test_1_5_3_seeded_team_pays_from_its_entry_round_and_byes_count():
    draws = {3: CupDraw(3, 1, (), byes=("A",))}
    assert rounds_in("A", draws, ()) == [3, 4]
    led = team_ledger(A, FEE, draws, (), TEAMS)
    assert [(r.round, r.kind) for r in led.rows] == [(3, "fee"), (3, "paid"), (4, "fee")]


def test_1_5_12_joined_substitute_pays_retroactively():
    """§1.5.12: a substitute of round 1 who plays again in round 2 joins; fees from round 1."""
    rec = (RecordedMatch("C1-001", 1, "A", "B", "A", "B"), RecordedMatch("C2-001", 2, "A", "C", "A", "C"))
    led = team_ledger(A, FEE, DRAWS, rec, TEAMS, joins=(Join(99, "A", 1, 2),))
    fees = [(r.round, r.players, r.amount_kr) for r in led.rows if r.kind == "fee"]
    assert fees == [(1, 5, 300), (2, 5, 300), (3, 5, 300)]


def test_1_5_17_refunds_listed_apart_from_the_fee_balance():
    """§1.5.17, §1.5.4: a recorded travel claim is a refund row; balance unchanged, net = balance - refunds."""
    from dbfcli.rules.cup.fees import Refund

    plain = ledgers(TEAMS, FEE, DRAWS, ())["B"]
    led = ledgers(TEAMS, FEE, DRAWS, (), refunds=[Refund("B", 1, "C1-001", 768, 4), Refund("A", 1, "C1-001", 5)])["B"]
    assert led.balance_kr == plain.balance_kr and led.refunds_kr == 768 and led.net_kr == plain.balance_kr - 768
    assert [(r.kind, r.amount_kr) for r in led.rows if r.kind == "refund"] == [("refund", 768)]
    assert led.to_json()["refunds_kr"] == 768

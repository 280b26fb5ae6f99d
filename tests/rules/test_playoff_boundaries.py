"""§1.1.2.10 carry-over and §1.1.2.11 ties, boundary cases against the Danish text:
"50% af IMP-differencen overføres, hvis vinderholdet i det indbyrdes opgør opnåede en højere
slutplacering end taberholdet; 33 1/3 % af IMP-differencen overføres, hvis vinderholdet i det
indbyrdes opgør opnåede en lavere slutplacering end taberholdet." -- "Hvis der er IMP-lighed i
nogen kamp (overførsel iberegnet), vinder det hold, der har vundet den indbyrdes kamp i slutspillet
(uden overførsel). Hvis der også her er IMP-lighed, spilles runder a 4 spil, til en afgørelse
foreligger." """

from __future__ import annotations

from fractions import Fraction

import pytest

from dbfcli.rules.divisions.playoff import F1, SF1, Half, MutualResult, PlayoffResult, carry_over, decide, make_match

ORDER = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L")


def halves(*imps, boards=16):
    return tuple(Half(i, boards) for i in imps)


@pytest.mark.parametrize("mutual, carried", [
    (MutualResult("A", "D", 11, 10), {"A": Fraction(1, 2), "D": 0}),      # 1 IMP at 50 %: half an IMP
    (MutualResult("A", "D", 10, 11), {"A": 0, "D": Fraction(1, 3)}),      # 1 IMP at 33 1/3 %: exactly 1/3
    (MutualResult("C", "D", 40, 0), {"C": 20, "D": 0}),                   # neighbours in the order: 50 %
    (MutualResult("C", "D", 0, 40), {"C": 0, "D": Fraction(40, 3)}),     # 13 1/3, not 13.3 nor 13
    (MutualResult("A", "B", Fraction(25, 2), 10), {"A": Fraction(5, 4), "B": 0}),   # a split-board result
    (MutualResult("D", "A", 0, 0), {"A": 0, "D": 0}),                     # a drawn match carries nothing
])
def test_1_1_2_10_exact_shares(mutual, carried):
    co, problems = carry_over(mutual, ORDER)
    assert problems == [] and co == carried


def test_1_1_2_10_placing_is_the_round_robin_order_given():
    """§1.1.2.10 'slutplacering': the same result carries 50 % or 33 1/3 % depending on the order."""
    m = MutualResult("B", "C", 19, 10)
    assert carry_over(m, ("A", "B", "C", "D"))[0]["B"] == Fraction(9, 2)
    assert carry_over(m, ("A", "C", "B", "D"))[0]["B"] == Fraction(3)


def test_1_1_2_10_team_outside_the_order_is_an_error():
    co, problems = carry_over(MutualResult("A", "X", 20, 10), ORDER)
    assert co == {"A": 0, "X": 0} and [p.rule for p in problems] == ["1.1.2.10"]


def test_1_1_2_10_the_final_carries_over_too():
    """§1.1.2.10 'I samtlige slutspillets kampe': the final as well as the semi-finals."""
    m, problems = make_match(F1, "final", ("D", "B"), ORDER, [MutualResult("D", "B", 30, 21)], 0)
    assert problems == [] and m.teams == ("B", "D") and m.carry_over == {"B": 0, "D": 3}


# §1.1.2.11: B (2nd) v D (4th); D won their round-robin match by 9 and finished lower: D carries 3
@pytest.fixture
def semi():
    m, _ = make_match(SF1, "semi-final", ("B", "D"), ORDER, [MutualResult("B", "D", 10, 19)], 0)
    assert m.carry_over == {"B": 0, "D": 3}
    return m


@pytest.mark.parametrize("imps, extra, winner, by, why", [
    (((20, 10), (10, 10), (10, 10), (10, 10)), (), "B", "imps", "B by 10 - 3"),
    (((13, 10), (10, 10), (10, 10), (10, 10)), (), "B", "match", "63 = 60 + 3: B won the play-off match itself"),
    (((12, 10), (10, 10), (10, 10), (10, 10)), (), "D", "imps", "62 < 63: the carry-over decides for D"),
    (((10, 10), (10, 10), (10, 10), (10, 10)), (), "D", "imps", "a level play-off match: D's 3 carried decide"),
])
def test_1_1_2_11_ties_including_carry_over(semi, imps, extra, winner, by, why):
    d, problems = decide(semi, PlayoffResult(SF1, halves(*imps), halves(*extra, boards=4)))
    assert problems == [] and (d.winner, d.decided_by) == (winner, by), why


def test_1_1_2_11_a_third_of_an_imp_is_never_a_tie():
    """§1.1.2.10 exact: 7 IMPs at 33 1/3 % = 7/3; 2 IMPs down in the play-off is not level."""
    m, _ = make_match(SF1, "semi-final", ("B", "C"), ORDER, [MutualResult("B", "C", 13, 20)], 0)
    d, problems = decide(m, PlayoffResult(SF1, halves((12, 10), (10, 10), (10, 10), (10, 10))))
    assert problems == [] and (d.winner, d.decided_by) == ("C", "imps")
    assert d.totals == {"B": 42, "C": Fraction(127, 3)}
    d, problems = decide(m, PlayoffResult(SF1, halves((13, 10), (10, 10), (10, 10), (10, 10))))
    assert (d.winner, d.decided_by) == ("B", "imps")


@pytest.mark.parametrize("extra, winner, by, errors", [
    (((1, 1), (0, 0), (4, 0)), "B", "extra round 3", 0),
    (((1, 1), (0, 0)), None, None, 1),                        # still tied: a 3rd round of 4 boards
    (((2, 0), (0, 5)), "B", "extra round 1", 1),              # a round after the decision is an error
])
def test_1_1_2_11_extra_rounds_until_decided(extra, winner, by, errors):
    m, _ = make_match(SF1, "semi-final", ("B", "D"), ORDER, [MutualResult("B", "D", 10, 10)], 0)
    d, problems = decide(m, PlayoffResult(SF1, halves((10, 10), (10, 10), (10, 10), (10, 10)), halves(*extra, boards=4)))
    assert len(problems) == errors and all(p.rule == "1.1.2.11" for p in problems)
    assert (d.winner, d.decided_by) == (winner, by) if winner else d is None

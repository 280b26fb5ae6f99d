"""§1.1.2.4-11 and §1.1.4.2: the 1st-division play-off and the 3rd-division runners-up match."""

import datetime as dt
from fractions import Fraction

import pytest

from dbfcli.rules.divisions.playoff import (
    F1, PO3, SF1, SF2, Half, MutualResult, PlayoffResult, carry_over, choice_deadline, decide, draw_lot,
    extra_round_line_up, final_order, first_division_playoff, home_section_1, make_match, runners_up_match,
    semi_final_pairing, show_imps,
)

ORDER = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L")


# §1.1.2.10: every carry-over case
@pytest.mark.parametrize("mutual, team, expected", [
    (MutualResult("A", "D", 30, 10), "A", Fraction(10)),        # winner higher: 50 % of 20
    (MutualResult("A", "D", 10, 30), "D", Fraction(20, 3)),     # winner lower: 33 1/3 % of 20
    (MutualResult("B", "C", 20, 13), "B", Fraction(7, 2)),      # odd difference, 50 % -> 3.5 exactly
    (MutualResult("B", "C", 13, 20), "C", Fraction(7, 3)),      # 7 IMPs at 33 1/3 % -> 7/3 exactly
    (MutualResult("C", "B", 20, 13), "C", Fraction(7, 3)),      # order of the record does not matter
    (MutualResult("A", "B", 17, 17), "A", Fraction(0)),         # drawn: nothing carried
    (MutualResult("A", "B", 17, 17), "B", Fraction(0)),
])
def test_1_1_2_10_carry_over(mutual, team, expected):
    co, problems = carry_over(mutual, ORDER)
    assert problems == []
    assert co[team] == expected
    assert sum(v for t, v in co.items() if t != team) == (0 if mutual.winner in (None, team) else co[mutual.winner])


def test_1_1_2_10_loser_carries_nothing():
    co, _ = carry_over(MutualResult("A", "D", 10, 30), ORDER)
    assert co == {"A": Fraction(0), "D": Fraction(20, 3)}


def test_1_1_2_10_missing_mutual_result_is_a_problem():
    co, problems = carry_over(None, ORDER)
    assert co == {} and [(p.rule, p.code) for p in problems] == [("1.1.2.10", "playoff.carry-over")]


def test_1_1_2_10_missing_mutual_result_names_the_match_and_is_a_warning_while_provisional():
    """Before the round robin is complete the carry-over is not known yet: a warning naming the
    match and its teams, not two identical errors."""
    m, problems = make_match(SF1, "semi-final", ("A", "D"), ORDER, [], seed=1, provisional=True)
    assert [(p.rule, p.severity) for p in problems] == [("1.1.2.10", "warning")]
    assert problems[0].message.startswith(f"{SF1}: no round-robin result between A and D")
    _, problems = make_match(SF1, "semi-final", ("A", "D"), ORDER, [], seed=1)
    assert [(p.rule, p.severity) for p in problems] == [("1.1.2.10", "error")]


@pytest.mark.parametrize("value, shown", [
    (Fraction(7, 3), "2.3"), (Fraction(20, 3), "6.7"), (Fraction(7, 2), "3.5"), (Fraction(1, 20), "0.1"),
    (Fraction(3, 20), "0.2"), (Fraction(0), "0.0"), (Fraction(-1, 20), "-0.1"),
])
def test_1_1_2_10_display_one_decimal_half_up(value, shown):
    assert show_imps(value) == shown


# §1.1.2.9: home in section 1
def test_1_1_2_9_mutual_winner_home_in_section_1_away_in_section_2():
    m, problems = make_match(SF1, "semi-final", ("D", "A"), ORDER, [MutualResult("A", "D", 10, 30)], seed=1)
    assert problems == [] and m.teams == ("A", "D")
    assert (m.home_section_1, m.home_section_2, m.lot) == ("D", "A", None)


@pytest.mark.parametrize("seed", range(6))
def test_1_1_2_9_drawn_mutual_match_lots_reproducible(seed):
    mutual = [MutualResult("A", "D", 20, 20)]
    m1, _ = make_match(SF1, "semi-final", ("A", "D"), ORDER, mutual, seed)
    m2, _ = make_match(SF1, "semi-final", ("D", "A"), ORDER, mutual, seed)
    assert m1.lot is not None and m1.lot.rule == "1.1.2.9" and m1.lot.seed == seed
    assert m1.home_section_1 == m2.home_section_1 == m1.lot.drawn in ("A", "D")


def test_1_1_2_9_lots_vary_with_the_seed():
    drawn = {home_section_1(SF1, ("A", "D"), MutualResult("A", "D", 5, 5), s)[0] for s in range(40)}
    assert drawn == {"A", "D"}


# §1.1.2.8: the choice of opponent
RESULT_DAY = dt.date(2027, 3, 7)


@pytest.mark.parametrize("choice, chosen_on, today, status, pairs", [
    ("C", dt.date(2027, 3, 10), None, "chosen", (("A", "C"), ("B", "D"))),
    ("B", dt.date(2027, 3, 15), None, "chosen", (("A", "B"), ("C", "D"))),       # on the 8th day: in time
    (None, None, dt.date(2027, 3, 15), "provisional", (("A", "D"), ("B", "C"))),  # deadline not passed yet
    (None, None, dt.date(2027, 3, 16), "default", (("A", "D"), ("B", "C"))),     # no choice: no. 4
])
def test_1_1_2_8_choice_and_default(choice, chosen_on, today, status, pairs):
    p, problems = semi_final_pairing(ORDER, choice, chosen_on=chosen_on, results_known_on=RESULT_DAY, today=today)
    assert problems == []
    assert (p.status, p.pairs, p.deadline) == (status, pairs, dt.date(2027, 3, 15))


def test_1_1_2_8_late_choice_refused_plays_no_4():
    p, problems = semi_final_pairing(ORDER, "C", chosen_on=dt.date(2027, 3, 16), results_known_on=RESULT_DAY)
    assert [x.rule for x in problems] == ["1.1.2.8"] and "after the deadline" in problems[0].message
    assert p.status == "default" and p.pairs == (("A", "D"), ("B", "C"))


@pytest.mark.parametrize("choice", ["A", "E", "Z"])
def test_1_1_2_8_choice_must_be_among_nos_2_to_4(choice):
    p, problems = semi_final_pairing(ORDER, choice, chosen_on=RESULT_DAY, results_known_on=RESULT_DAY)
    assert [x.rule for x in problems] == ["1.1.2.8"] and p.opponent == "D"


def test_1_1_2_8_deadline_uses_choice_days():
    assert choice_deadline(RESULT_DAY, 8) == dt.date(2027, 3, 15)
    assert choice_deadline(RESULT_DAY, 3) == dt.date(2027, 3, 10)


def test_1_1_2_5_needs_four_teams():
    p, problems = semi_final_pairing(("A", "B", "C"))
    assert p is None and [x.rule for x in problems] == ["1.1.2.5"]


# §1.1.2.5-7, §1.1.2.6: semis and final
MUTUAL = [MutualResult("A", "C", 25, 15), MutualResult("B", "D", 12, 19), MutualResult("A", "D", 8, 8),
          MutualResult("B", "C", 30, 1), MutualResult("A", "B", 11, 22), MutualResult("C", "D", 3, 3)]


def test_1_1_2_6_semis_then_final_no_third_place():
    p, _ = semi_final_pairing(ORDER, "C", chosen_on=RESULT_DAY, results_known_on=RESULT_DAY)
    matches, problems = first_division_playoff(ORDER, MUTUAL, 3, p)
    assert problems == [] and [m.id for m in matches] == [SF1, SF2]
    assert matches[0].carry_over == {"A": 5, "C": 0} and matches[0].home_section_1 == "A"
    assert matches[1].carry_over == {"B": 0, "D": Fraction(7, 3)} and matches[1].home_section_1 == "D"
    assert all(m.boards == 64 and m.sections == 2 for m in matches)          # §1.1.2.7
    matches, _ = first_division_playoff(ORDER, MUTUAL, 3, p, finalists=("B", "A"))
    final = matches[-1]
    assert [m.stage for m in matches] == ["semi-final", "semi-final", "final"] and final.id == F1
    assert final.teams == ("A", "B") and final.carry_over["B"] == Fraction(11, 3) and final.home_section_1 == "B"


# §1.1.2.7, §1.1.4.2: board structure
def halves(*imps, boards=16):
    return tuple(Half(i, boards) for i in imps)


def test_1_1_2_7_result_needs_two_sections_of_two_halves_of_16():
    m, _ = make_match(SF1, "semi-final", ("A", "C"), ORDER, MUTUAL, 0)
    ok = PlayoffResult(SF1, halves((30, 20), (10, 12), (40, 40), (5, 9)))
    assert decide(m, ok)[1] == []
    short = PlayoffResult(SF1, halves((30, 20), (10, 12), (40, 40)))
    assert "1.1.2.7" in [p.rule for p in decide(m, short)[1]]
    wrong = PlayoffResult(SF1, halves((30, 20), (10, 12), (40, 40), (5, 9), boards=12))
    assert [p.rule for p in decide(m, wrong)[1]].count("1.1.2.7") == 4
    bad_section = PlayoffResult(SF1, (Half((1, 1), 16, 1), Half((1, 1), 16, 2), Half((1, 1)), Half((1, 0))))
    assert "1.1.2.7" in [p.rule for p in decide(m, bad_section)[1]]


def test_1_1_4_2_runners_up_match():
    m = runners_up_match("a2", "b2", seed=11)
    assert m.id == PO3 and m.boards == 64 and m.sections == 1 and m.halves_per_section == 4
    assert m.carry_over == {"a2": 0, "b2": 0} and m.lot.rule == "1.1.4.2"
    assert m.home_section_1 == runners_up_match("a2", "b2", seed=11).home_section_1
    assert {runners_up_match("a2", "b2", seed=s).home_section_1 for s in range(30)} == {"a2", "b2"}
    d, problems = decide(m, PlayoffResult(PO3, halves((10, 0), (0, 20), (5, 5), (1, 0))))
    assert problems == [] and d.winner == "b2"
    assert "1.1.4.2" in [p.rule for p in decide(m, PlayoffResult(PO3, halves((1, 0), (0, 0))))[1]]


# §1.1.2.11: tie-breaks
@pytest.fixture
def semi():
    # B beat D by 6 in the round robin and finished higher: B carries 3
    m, _ = make_match(SF2, "semi-final", ("B", "D"), ORDER, [MutualResult("B", "D", 16, 10)], 0)
    return m


@pytest.mark.parametrize("imps, extra, winner, by", [
    (((50, 40), (10, 10), (10, 10), (10, 10)), (), "B", "imps"),
    (((40, 50), (10, 10), (10, 10), (10, 10)), (), "D", "imps"),             # D overturns the carry-over
    (((40, 43), (10, 10), (10, 10), (10, 10)), (), "D", "match"),            # 70+3 = 73 = 73: D won the match itself
    (((40, 40), (10, 10), (10, 10), (10, 13)), (), "D", "match"),
])
def test_1_1_2_11_winner(semi, imps, extra, winner, by):
    d, problems = decide(semi, PlayoffResult(SF2, halves(*imps), extra))
    assert problems == [] and (d.winner, d.decided_by) == (winner, by)


def test_1_1_2_11_extra_rounds_when_still_tied():
    m, _ = make_match(SF1, "semi-final", ("A", "D"), ORDER, [MutualResult("A", "D", 8, 8)], 5)
    tied = halves((10, 10), (10, 10), (10, 10), (10, 10))
    d, problems = decide(m, PlayoffResult(SF1, tied))
    assert d is None and [(p.rule, p.code) for p in problems] == [("1.1.2.11", "playoff.still-tied")] and "extra round 1" in problems[0].message
    d, problems = decide(m, PlayoffResult(SF1, tied, halves((3, 3), (0, 5), boards=4)))
    assert problems == [] and (d.winner, d.decided_by) == ("D", "extra round 2")
    away = m.home_section_1                # away in section 2 = home in section 1
    assert d.extra_rounds == ((1, away, "pairs that ended the match continue in the same line-up"),
                              (2, away, f"{away}'s pairs switch places"))


def test_1_1_2_11_extra_rounds_have_4_boards_and_stop_at_a_decision(semi):
    tied = halves((40, 43), (10, 10), (10, 10), (10, 10))
    d, problems = decide(semi, PlayoffResult(SF2, tied, halves((1, 0), boards=4)))
    assert "1.1.2.11" in [p.rule for p in problems]                # decided before the extra rounds
    m, _ = make_match(SF1, "semi-final", ("A", "D"), ORDER, [MutualResult("A", "D", 8, 8)], 5)
    level = halves((10, 10), (10, 10), (10, 10), (10, 10))
    _, problems = decide(m, PlayoffResult(SF1, level, halves((4, 0), (1, 1), boards=4)))
    assert [p.rule for p in problems] == ["1.1.2.11"]               # a round after the deciding one
    _, problems = decide(m, PlayoffResult(SF1, level, halves((4, 0), boards=8)))
    assert [p.rule for p in problems] == ["1.1.2.11"]


def test_1_1_2_11_line_up_single_section_match():
    m = runners_up_match("a2", "b2", seed=2)
    rounds = extra_round_line_up(m, 3)
    assert {r[1] for r in rounds} == {m.other(m.home_section_1)}


# §1.1.2.4, §1.1.2.6: final ranking after the play-off
def test_1_1_2_4_champion_first_semi_losers_in_round_robin_order():
    m, _ = make_match(SF1, "semi-final", ("A", "D"), ORDER, MUTUAL, 0)
    n, _ = make_match(SF2, "semi-final", ("B", "C"), ORDER, MUTUAL, 0)
    sf1, _ = decide(m, PlayoffResult(SF1, halves((0, 50), (0, 0), (0, 0), (0, 0))))
    sf2, _ = decide(n, PlayoffResult(SF2, halves((0, 50), (0, 0), (0, 0), (0, 0))))
    f, _ = make_match(F1, "final", ("D", "C"), ORDER, MUTUAL, 0)
    fin, _ = decide(f, PlayoffResult(F1, halves((0, 60), (0, 0), (0, 0), (0, 0))))
    assert final_order(ORDER, (sf1, sf2), fin)[:5] == ("D", "C", "A", "B", "E")
    assert final_order(ORDER, (sf1, sf2), None) == ORDER


def test_lot_independent_of_candidate_order():
    assert draw_lot("1.1.1.1", "x", 4, ["p", "q", "r"]) == draw_lot("1.1.1.1", "x", 4, ["r", "q", "p"])

"""§1.1.5.1-2: qualification places and the east qualification tournament."""

from fractions import Fraction

import pytest

from dbfcli.rules.divisions.qualification import (
    Qualifiers, allocate_places, check_east_field, circle_schedule, tournament_standings,
)


# §1.1.5.1: at and around the 1/6 threshold (total 6000: one place's worth = 1000 members)
@pytest.mark.parametrize("west, east, current, expected, changed", [
    (3000, 3000, (3, 3), (3, 3), False),
    (4000, 2000, (3, 3), (3, 3), False),     # deviation exactly 1/6: not "more than"
    (4001, 1999, (3, 3), (4, 2), True),      # just over
    (1999, 4001, (3, 3), (2, 4), True),      # the same towards the east
    (2000, 4000, (3, 3), (3, 3), False),
    (4500, 1500, (3, 3), (4, 2), True),      # quota 4.5: the tie rounds toward the current split
    (5001, 999, (3, 3), (5, 1), True),       # quota 5.001
    (4001, 1999, (4, 2), (4, 2), False),     # once moved, the new split is the reference
    (3000, 3000, (4, 2), (4, 2), False),     # share 4000: deviation exactly 1000, stays
    (2999, 3001, (4, 2), (3, 3), True),      # deviation 1001 > 1000: back to proportion 2.999 -> 3
])
def test_1_1_5_1_allocation(west, east, current, expected, changed):
    a = allocate_places(west, east, current)
    assert ((a.west, a.east), a.changed) == (expected, changed)
    assert a.west + a.east == 6


def test_1_1_5_1_threshold_exact_integer_arithmetic():
    # total 9001: 1/6 is 1500.1666..; west share at 3 places 4500.5
    assert not allocate_places(6000, 3001).changed     # deviation 1499.5
    assert allocate_places(6002, 2999).changed          # deviation 1501.5


# §1.1.5.2: qualifiers and reserves
def test_1_1_5_2_default_qualifiers_and_reserves():
    q = Qualifiers(west=("W1", "W2", "W3", "W4", "W5"), east_direct=("K2",), east_tournament=("E1", "E2", "E3", "E4"))
    assert [t for t, _, _ in q.qualified()] == ["W1", "K2", "W2", "E1", "W3", "E2"]
    assert q.reserves() == (("W4", "E3"), ("W5", "E4"))        # §1.1.1.1: west no. 4, east no. 3
    assert q.check() == []


def test_1_1_5_2_reallocated_places():
    q = Qualifiers(west=("W1", "W2", "W3", "W4", "W5"), east_direct=("K2",), east_tournament=("E1", "E2", "E3"),
                   west_places=4, east_places=2)
    assert sorted(t for t, _, _ in q.qualified()) == ["E1", "K2", "W1", "W2", "W3", "W4"]
    assert q.reserves()[0] == ("W5", "E2")


@pytest.mark.parametrize("q, rule", [
    (Qualifiers(west=("W1", "W2"), east_tournament=("E1", "E2", "E3")), "1.1.5.2"),
    (Qualifiers(west=("W1", "W2", "E1"), east_tournament=("E1", "E2", "E3")), "1.1.5.2"),
])
def test_1_1_5_2_check(q, rule):
    assert [p.rule for p in q.check()] == [rule]


def test_1_1_5_2_east_field():
    ok = [("B1", "bornholm"), ("C1", "copenhagen"), ("C2", "copenhagen"), ("K1", "kreds2"), ("K2", "kreds2"), ("K3", "kreds2")]
    assert check_east_field(ok) == []
    bad = ok[:-1] + [("C3", "copenhagen")]
    problems = check_east_field(bad)
    assert {p.rule for p in problems} == {"1.1.5.2"} and all(not p.is_error for p in problems)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_1_1_5_2_circle_schedule_all_play_all(n):
    teams = [f"T{i}" for i in range(n)]
    rounds = circle_schedule(teams)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = [frozenset(p) for r in rounds for p in r if p[1] is not None]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    for r in rounds:
        playing = [t for p in r for t in p if t is not None]
        assert len(playing) == len(set(playing))


def linear_vp(margin, boards):
    """A simple 20-VP linear scale for the ordering tests (the real scale is dbfcli.rules.divisions.vp)."""
    w = min(Fraction(20), 10 + Fraction(margin, 3))
    return w, 20 - w


def test_1_1_5_2_standings_order_and_ties():
    teams = ["A", "B", "C", "D"]
    results = [("A", "B", 40, 10), ("C", "D", 30, 30), ("A", "C", 20, 25), ("B", "D", 33, 12),
               ("A", "D", 50, 0), ("B", "C", 10, 10)]
    rows, problems = tournament_standings(teams, results, linear_vp)
    assert [r.team for r in rows] == ["A", "C", "B", "D"]
    # A: beat B by 30 (20), lost to C by 5 (10 - 5/3), beat D by 50 (20)
    assert rows[0].vp == 50 - Fraction(5, 3) and rows[0].vp > rows[1].vp
    assert problems == [] and rows[0].played == 3


def test_1_1_5_2_level_teams_resolved_by_mutual_match_else_flagged():
    rows, problems = tournament_standings(["A", "B"], [("A", "B", 20, 20)], linear_vp)
    assert all(r.tied for r in rows) and [p.rule for p in problems] == ["1.1.5.2"]
    rows, problems = tournament_standings(["A", "B", "C"], [("A", "C", 30, 0), ("B", "C", 30, 0)], linear_vp)
    assert [r.tied for r in rows] == [True, True, False]
    rows, problems = tournament_standings(["A", "B"], [("A", "B", 20, 20), ("A", "B", 1, 0)], linear_vp)
    assert "1.1.5.2" in [p.rule for p in problems if p.is_error]


def test_1_1_5_2_east_tournament_with_the_wbf_scale():
    """§1.1.5.2: 6 teams, 5 rounds of 24-board matches, VP by the WBF 20-VP scale (dbfcli.rules.divisions.vp)."""
    teams = ["B1", "C1", "C2", "K1", "K2", "K3"]
    strength = {t: i for i, t in enumerate(teams)}
    results = [(a, b, 30 + 4 * strength[b], 30 + 4 * strength[a]) for r in circle_schedule(teams) for a, b in r]
    rows, problems = tournament_standings(teams, results)
    assert problems == [] and [r.team for r in rows] == teams and all(r.played == 5 for r in rows)
    assert sum(r.vp for r in rows) == 15 * 20                      # 15 matches x 20 VP, exact
    assert rows[0].vp == sum(tournament_standings(["B1", x], [("B1", x, 30 + 4 * strength[x], 30)])[0][0].vp
                             for x in teams[1:])


def test_1_1_5_2_east_table_counts_only_scheduled_matches():
    from dbfcli.rules.divisions.qualification import east_schedule, east_table

    teams = ["A", "B", "C", "D", "E", "F"]
    schedule = east_schedule(teams)
    mid, home, away = schedule[0][0]
    rows, got, problems = east_table(teams, {mid: (30, 10), "QE-R09-09": (50, 0)})
    assert got == schedule and not [p for p in problems if p.is_error]   # a warning: the others are level
    assert rows[0].team == home and len(rows) == 6

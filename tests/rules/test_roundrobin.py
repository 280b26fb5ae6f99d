"""The divisions' all-play-all (§1.1.2.1, §1.1.3.1, §1.1.4.1) and its seeding (§1.1.2.3)."""

import datetime as dt
from itertools import combinations

import pytest

from dbfcli.rules.model import Division, Team
from dbfcli.rules.divisions.roundrobin import (
    breaks, circle_rounds, div_match_id, division_schedule, orient, pairings, round_dates, rounds_per_weekend,
    runs, schedule_problems,
)
from dbfcli.rules.settings import DivisionSettings

SAT = [dt.date(2026, 10, 3), dt.date(2026, 11, 7), dt.date(2027, 1, 9), dt.date(2027, 2, 6)]


def _division(n, div="1div"):
    return Division(div, tuple(Team(f"T{i:02d}", f"Team {i}", 100 + i, 1000 + i, "5000") for i in range(1, n + 1)))


def _seed_rounds(rounds, seeds):
    return sorted(r.number for r in rounds for m in r.matches if m.home in seeds and m.away in seeds)


@pytest.mark.parametrize("n", range(2, 17))
def test_1_1_2_1_every_pair_meets_exactly_once(n):
    """§1.1.2.1: all play all -- n-1 rounds (n even) or n rounds with one bye each (n odd)."""
    rounds = division_schedule(_division(n), DivisionSettings())
    ids = [f"T{i:02d}" for i in range(1, n + 1)]
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    assert [r.number for r in rounds] == list(range(1, len(rounds) + 1))
    met = [frozenset((m.home, m.away)) for r in rounds for m in r.matches if m.away]
    assert len(met) == len(set(met)) == n * (n - 1) // 2
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)}
    for r in rounds:
        playing = [t for m in r.matches for t in (m.home, m.away) if t]
        assert sorted(playing) == sorted(set(playing)) == (sorted(ids))  # everyone once per round
        byes = [m for m in r.matches if m.away is None]
        assert len(byes) == n % 2
        assert [m.id for m in r.matches] == [div_match_id("1div", r.number, k) for k in range(1, len(r.matches) + 1)]
        assert all(m.round == r.number for m in r.matches)
    if n % 2:
        assert sorted(m.home for r in rounds for m in r.matches if m.away is None) == sorted(ids)  # one bye each


@pytest.mark.parametrize("n", range(2, 17))
def test_1_1_2_1_home_away_balance_and_no_three_in_a_row(n):
    """Each team's home and away counts differ by at most 1 (equal with odd n); nobody is home,
    or away, three rounds running."""
    rounds = division_schedule(_division(n), DivisionSettings())
    home, away = {}, {}
    for r in rounds:
        for m in r.matches:
            if m.away:
                home[m.home] = home.get(m.home, 0) + 1
                away[m.away] = away.get(m.away, 0) + 1
    for t in (f"T{i:02d}" for i in range(1, n + 1)):
        diff = home.get(t, 0) - away.get(t, 0)
        assert abs(diff) <= (0 if n % 2 else 1)
    assert max(runs(rounds).values()) <= 2
    assert not [p for p in schedule_problems(_division(n), DivisionSettings(), rounds) if "in a row" in p.message]


def test_1_1_2_3_twelve_teams_seeds_meet_in_rounds_9_10_11_two_per_round():
    """§1.1.2.3: last season's nos. 1-4 (entry order) meet each other as late as possible:
    with 12 teams their six mutual matches are rounds 9, 10 and 11, two per round."""
    rounds = division_schedule(_division(12), DivisionSettings())
    seeds = {"T01", "T02", "T03", "T04"}
    assert _seed_rounds(rounds, seeds) == [9, 9, 10, 10, 11, 11]
    last = {frozenset((m.home, m.away)) for m in rounds[-1].matches}
    assert {frozenset(("T01", "T02")), frozenset(("T03", "T04"))} <= last  # 1-2 and 3-4 meet last


def test_1_1_2_3_twelve_teams_the_seeding_is_optimal():
    """§1.1.2.3 optimality: in any round a team plays once, so four teams hold at most two
    mutual meetings per round; six meetings need at least three rounds, so no schedule of
    11 rounds can start them later than round 9. Ours starts them in round 9 and also has the
    largest possible sum of meeting rounds (2*(9+10+11))."""
    rounds = division_schedule(_division(12), DivisionSettings())
    seeds = {"T01", "T02", "T03", "T04"}
    per_round = {}
    for r in _seed_rounds(rounds, seeds):
        per_round[r] = per_round.get(r, 0) + 1
    assert max(per_round.values()) <= len(seeds) // 2
    bound = len(rounds) - (6 + 1) // 2 + 1  # latest possible first meeting: 11 - 3 + 1 = 9
    assert bound == 9
    assert min(per_round) == bound
    assert sum(_seed_rounds(rounds, seeds)) == 2 * (9 + 10 + 11)


@pytest.mark.parametrize("n", range(7, 17))
def test_1_1_2_3_seeds_last_three_rounds_for_7_to_16_teams(n):
    """§1.1.2.3 for every size with at least 8 seats (the doubling construction and the
    searched completion): the seeds' meetings fill the last three rounds."""
    rounds = division_schedule(_division(n), DivisionSettings())
    last = len(rounds)
    assert _seed_rounds(rounds, {"T01", "T02", "T03", "T04"}) == [last - 2, last - 2, last - 1, last - 1, last, last]


@pytest.mark.parametrize("n", [5, 6])
def test_1_1_2_3_six_seats_cannot_do_better(n):
    """With 6 seats two non-seeds meet only once, so only one round can hold two seed meetings:
    the six meetings need five rounds, i.e. all of them. The schedule still puts the double last."""
    rounds = division_schedule(_division(n), DivisionSettings())
    assert _seed_rounds(rounds, {"T01", "T02", "T03", "T04"}) == [1, 2, 3, 4, 5, 5]


def test_1_1_2_1_schedule_is_deterministic_and_follows_entry_order():
    a = division_schedule(_division(12), DivisionSettings())
    b = division_schedule(_division(12), DivisionSettings())
    assert a == b
    renamed = Division("2div", tuple(Team(f"X{i}", "x", 1, 1, "5000") for i in range(12)))
    c = division_schedule(renamed, DivisionSettings())
    assert [[(m.home[1:], m.away[1:]) for m in r.matches] for r in c] == \
        [[(str(int(m.home[1:]) - 1), str(int(m.away[1:]) - 1)) for m in r.matches] for r in a]
    assert c[0].matches[0].id == "2div-R01-01"


def test_1_1_2_1_dates_saturday_then_sunday():
    """§1.1.2.1 "over 4 weekends": 3, 3, 3, 2 rounds; Saturday takes the first ceil(k/2)."""
    settings = DivisionSettings(weekends=tuple(SAT))
    rounds = division_schedule(_division(12), settings)
    got = [r.date for r in rounds]
    sun = lambda d: d + dt.timedelta(days=1)  # noqa: E731
    assert got == [SAT[0], SAT[0], sun(SAT[0]), SAT[1], SAT[1], sun(SAT[1]), SAT[2], SAT[2], sun(SAT[2]),
                   SAT[3], sun(SAT[3])]
    assert schedule_problems(_division(12), settings, rounds) == []


def test_1_1_2_1_dates_none_without_weekends_and_spread_when_not_adding_up():
    assert all(r.date is None for r in division_schedule(_division(12), DivisionSettings()))
    settings = DivisionSettings(weekends=tuple(SAT), rounds_per_weekend=(3, 3, 3, 3))
    assert rounds_per_weekend(11, settings) == (3, 3, 3, 2)
    problems = schedule_problems(_division(12), settings)
    assert any("adds up to 12" in p.message and p.rule == "1.1.2.1" for p in problems)
    assert round_dates(9, DivisionSettings(weekends=tuple(SAT)))[-1] == SAT[3] + dt.timedelta(days=1)


@pytest.mark.parametrize("div,rule", [("1div", "1.1.2.1"), ("2div", "1.1.3.1"), ("3div-a", "1.1.4.1")])
def test_schedule_problems_name_the_division_paragraph(div, rule):
    problems = schedule_problems(_division(10, div), DivisionSettings())
    assert any(p.rule == rule and "10 teams" in p.message for p in problems)
    assert schedule_problems(_division(1, div), DivisionSettings())[0].is_error


def test_circle_method_and_orient_helpers():
    rounds = circle_rounds(list(range(6)))
    assert len(rounds) == 5
    assert len({frozenset(p) for r in rounds for p in r}) == 15
    oriented = orient(pairings(4), 4)
    assert oriented is not None and sum(len(r) for r in oriented) == 6
    assert pairings(1) == []


def test_breaks_counts_repeated_venues():
    assert breaks([[(0, 1)], [(0, 1)]], 2) == 2  # 0 home twice, 1 away twice
    assert breaks([[(0, 1)], [(1, 0)]], 2) == 0
    assert breaks([[(0, 2)], [(0, 1)]], 2) == 0  # a bye (seat 2) ends the run


def test_round_venues_one_per_weekend():
    import datetime as dt

    from dbfcli.rules.divisions.roundrobin import Round, round_venues
    from dbfcli.rules.settings import DivisionSettings

    s = DivisionSettings(weekends=(dt.date(2026, 10, 3), dt.date(2026, 11, 7)), venues=("5000", "8000"))
    rounds = [Round(1, dt.date(2026, 10, 3), ()), Round(2, dt.date(2026, 10, 4), ()), Round(3, dt.date(2026, 11, 8), ()),
              Round(4, dt.date(2026, 12, 5), ()), Round(5, None, ())]
    assert round_venues(rounds, s) == {1: "5000", 2: "5000", 3: "8000"}
    assert round_venues(rounds, DivisionSettings(weekends=s.weekends)) == {}

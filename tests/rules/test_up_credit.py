"""§1.5.4 (UP credited only when noted) and §1.5.5 (home by UP in total, then drawn first), boundary
cases against the Danish text: "Antal opnåede UP skal være noteret på resultatblanketten. Er dette
ikke tilfældet, får holdet ikke godskrevet UP for den pågældende kamp." -- "Holdet med flest UP i
alt har hjemmebane. Ved ligestilling i UP har det først udtrukne hold hjemmebane." Reading
(docs/regulations.md): "UP in total" = UP credited in all earlier rounds of this season's cup."""

from __future__ import annotations

import pytest

from dbfcli.rules.cup.home import home_team, up_credited_before
from dbfcli.rules.model import CupMatch
from dbfcli.rules.sheet.scores import check_up
from dbfcli.rules.cup.up import distance_up


class Side:
    def __init__(self, team, up):
        self.team, self.up, self.up_where, self.where = team, up, None, None


class Sheet:
    def __init__(self, *sides):
        self.sides = sides


@pytest.mark.parametrize("noted, computed, credited, severities, why", [
    (None, 5, {}, ["warning"], "not noted: nothing credited, even when the tool computes 5"),
    (None, 0, {}, [], "not noted and nothing to note"),
    (0, 0, {"A": 0}, [], "0 noted is noted"),
    (5, 5, {"A": 5}, [], "noted as computed"),
    (6, 5, {"A": 5}, ["warning"], "over-claimed (issue 14): the rule's figure is credited, the TD is warned"),
    (4, 5, {"A": 4}, ["warning"], "under-claimed: never more than noted, the TD is warned"),
    (-1, 5, {}, ["error"], "a negative claim is refused"),
])
def test_1_5_4_credited_only_when_noted(noted, computed, credited, severities, why):
    """§1.5.4: "1 UP for hver påbegyndt 30 km" -- the by-rule figure, never more than noted."""
    up, problems = check_up(Sheet(Side("A", noted)), {"A": (computed, "route")})
    assert up == credited, why
    assert [("error" if p.is_error else "warning") for p in problems] == severities, why
    assert all(p.rule == "1.5.4" for p in problems)


def test_1_5_4_no_route_known_credits_the_claim():
    up, problems = check_up(Sheet(Side("A", 7)), {})
    assert up == {"A": 7} and problems == []


@pytest.mark.parametrize("round_no, expected", [
    (1, {}),                                  # nothing before round 1
    (2, {"A": 3}),
    (3, {"A": 3, "B": 4}),                    # round 2's credit counts in round 3, not in round 2
    (9, {"A": 3, "B": 4 + 14}),
])
def test_1_5_5_up_in_total_is_earlier_rounds(round_no, expected):
    credits = [(1, {"A": 3}), (2, {"B": 4}), (5, {"B": 14})]
    assert up_credited_before(credits, round_no) == expected


@pytest.mark.parametrize("teams, totals, home", [
    (("A", "B"), {"A": 17, "B": 18}, "B"),     # one UP more is enough
    (("A", "B"), {"A": 18, "B": 17}, "A"),
    (("B", "A"), {"A": 18, "B": 18}, "B"),     # equal: drawn first, whatever the name
    (("A", "B"), {"B": 0}, "A"),               # 0 credited is the same as none
])
def test_1_5_5_most_up_then_drawn_first(teams, totals, home):
    assert home_team(CupMatch("C5-001", 5, teams), totals)[0] == home


def test_1_5_4_commenced_30_km_steps():
    """§1.5.4 'for hver påbegyndt 30 km': each step starts one km after the last full 30."""
    for n in range(1, 20):
        assert distance_up(30 * n) == n and distance_up(30 * n + 1) == n + 1

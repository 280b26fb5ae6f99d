"""§1.5.2, §1.5.3: round sizing, byes, pools (bracket of 128 places from round 3)."""

import random

import pytest

from dbfcli.rules.cup.bracket import places, plan_cup, pool_range
from dbfcli.rules.cup.pools import split_pools

from cupfield import synthetic  # noqa: E402


def check_plan(plan, entry):
    """Invariants every plan must keep (§1.5.2 guarantee, bracket arithmetic)."""
    pool_teams = sum(1 for e in entry.values() if e <= 2)
    assert sum(p.teams + p.late for p in plan.pools) == pool_teams
    for p in plan.pools:
        assert p.teams - 2 * p.matches1 == p.byes1 >= 0
        assert p.field2 - 2 * p.matches2 == p.byes2 >= 0
        assert p.byes1 <= 2 * p.matches2, "§1.5.2: a round-1 bye must be followed by a match in round 2"
        assert p.matches1 <= p.teams - p.largest_club or p.matches1 == 0, "§1.5.2: same-club pairs"
        assert p.field2 - p.matches2 == p.survivors
    r0 = plan.round(plan.first_national_round)
    assert r0.field - r0.matches == plan.bracket_size // 2
    assert r0.byes >= r0.forced_byes
    assert r0.field == plan.survivors + sum(1 for e in entry.values() if e >= 3)
    for r in plan.rounds:
        assert r.field == 2 * r.matches + r.byes and r.matches > 0
    assert plan.rounds[-1].round == 9 and plan.rounds[-1].field == 2


@pytest.mark.parametrize("n, d4, d3, first_round, survivors", [
    (37, 4, 8, 5, 12),      # small: the bracket starts at the 1/16 final (32 places)
    (160, 8, 36, 3, 57),    # pools give all they can (57); round 3 gets extra byes by lot
    (301, 8, 36, 3, 76),    # exactly 128 - 8 - 44 survivors: round 3 byes = the 8 seeded to round 4
], ids=["37", "160", "301"])
def test_1_5_2_plan_fields(n, d4, d3, first_round, survivors):
    """§1.5.2/§1.5.3: fields of 37, 160 and 301 teams are sized exactly."""
    entry, clubs, pool_of = synthetic(n, d4, d3)
    plan, problems = plan_cup(entry, pool_of, clubs)
    assert problems == []
    assert (plan.first_national_round, plan.survivors) == (first_round, survivors)
    check_plan(plan, entry)


@pytest.mark.parametrize("n", [1000, 4096, 100_000], ids=str)
def test_1_5_2_field_too_large_is_a_problem(n):
    """§1.5.2: two pool rounds at most quarter a field; 128 places cannot take the rest."""
    entry, clubs, pool_of = synthetic(n, 8, 36) if n < 10_000 else \
        ({f"T{i}": 1 for i in range(n)}, {}, {f"T{i}": "east" for i in range(n)})
    plan, problems = plan_cup(entry, pool_of, clubs)
    assert plan is None
    assert [p.rule for p in problems] == ["1.5.2"]
    assert "cannot be drawn" in problems[0].message


def test_1_5_2_largest_field_that_fits():
    """§1.5.2: 512 pool teams cut to a quarter fill the 128 places exactly; one more team cannot be drawn."""
    entry = {f"T{i}": 1 for i in range(512)}
    plan, problems = plan_cup(entry, {t: "east" for t in entry}, {})
    assert problems == [] and plan.survivors == 128 and plan.first_national_round == 3
    assert plan.round(3).matches == 64 and plan.round(3).byes == 0
    plan, problems = plan_cup(entry | {"X": 3}, {t: "east" for t in entry}, {})
    assert plan is None and problems[0].rule == "1.5.2"
    small = {f"T{i}": 1 for i in range(508)} | {"X": 3}
    plan, problems = plan_cup(small, {t: "east" for t in small}, {})
    assert plan.survivors == 127 and plan.round(3).field == 128


def test_1_5_3_round4_entrants_hold_round3_byes():
    """§1.5.3: teams seeded to round 4 take bye places in round 3; round 4 is a full 1/32 final."""
    entry = {f"P{i}": 1 for i in range(200)} | {f"D{i}": 3 for i in range(20)} | {f"E{i}": 4 for i in range(10)}
    plan, problems = plan_cup(entry, {t: "east" for t in entry if t[0] == "P"}, {})
    r3 = plan.round(3)
    assert (r3.field, r3.byes, r3.forced_byes) == (118, 10, 10)
    assert plan.round(4).field == 64


@pytest.mark.parametrize("n1, late, largest, expected", [
    (10, 0, 1, (3, 5)),
    (10, 0, 5, (3, 5)),
    (10, 0, 8, (4, 5)),     # 8 of one club: 6 byes in round 1, they play in round 2
    (10, 0, 10, (5, 5)),    # one club: everybody has a bye in round 1, plays in round 2
    (1, 0, 1, (1, 0)),      # a lonely team cannot be given a match
    (1, 1, 1, (1, 1)),      # ... unless a division team joins the pool in round 2
], ids=["spread", "half", "over-half", "one-club", "lonely", "lonely+late"])
def test_1_5_2_pool_range(n1, late, largest, expected):
    assert pool_range(n1, late, largest) == expected


def test_1_5_2_one_club_over_half_gets_byes():
    """§1.5.2: a club with more than half a pool: its surplus teams get round-1 byes, then play round 2."""
    entry = {f"T{i}": 1 for i in range(10)}
    clubs = {f"T{i}": (7 if i < 8 else i) for i in range(10)}
    plan, problems = plan_cup(entry, {t: "east" for t in entry}, clubs)
    p = plan.pool("east")
    assert (p.matches1, p.byes1) == (2, 6)
    assert p.byes1 <= 2 * p.matches2


def test_1_5_2_lonely_pool_is_a_problem():
    entry = {"A": 1, "B": 1, "C": 1}
    plan, problems = plan_cup(entry, {"A": "east", "B": "east", "C": "west"}, {})
    assert plan is None and [p.rule for p in problems] == ["1.5.2"]


def test_1_5_2_team_without_pool():
    plan, problems = plan_cup({"A": 1, "B": 1}, {"A": "east"}, {})
    assert plan is None and "B" in problems[0].message


def test_places():
    assert [places(r) for r in (3, 4, 9)] == [128, 64, 2]


def test_1_5_2_pools_east_and_two_west_balanced():
    """§1.5.2: one pool east, two west, west halves of equal size (±1), Bornholm east."""
    rng = random.Random(5)
    geo = {f"W{i}": ("west", rng.uniform(55, 57.5), rng.uniform(8.2, 10.8)) for i in range(51)}
    geo |= {f"E{i}": ("east", rng.uniform(55, 56), rng.uniform(11.5, 12.6)) for i in range(20)}
    geo["BORNHOLM"] = ("east", 55.1, 14.7)
    pools = split_pools(geo, 3)
    sizes = {p: sum(1 for v in pools.values() if v == p) for p in set(pools.values())}
    assert sizes == {"east": 21, "west-1": 25, "west-2": 26}
    assert pools["BORNHOLM"] == "east"
    north = [geo[t][1] for t, p in pools.items() if p == "west-1"]
    south = [geo[t][1] for t, p in pools.items() if p == "west-2"]
    assert sum(north) / len(north) > sum(south) / len(south)


@pytest.mark.parametrize("geo, expected", [
    ({"A": ("east", 55, 12), "B": ("west", 56, 9)}, {"A": "all", "B": "all"}),
    ({"A": ("east", 55, 12), "B": ("east", 55, 12), "C": ("west", 56, 9), "D": ("west", 56, 9.1)},
     {"A": "east", "B": "east", "C": "west", "D": "west"}),
], ids=["merge", "west-unsplit"])
def test_1_5_2_pools_as_far_as_possible(geo, expected):
    """§1.5.2 "så vidt muligt": no pool of one team."""
    assert split_pools(geo, 3) == expected


@pytest.mark.parametrize("entry", [{}, {"A": 1}, {"A": 1, "B": 1}, {"A": 3}], ids=["none", "one", "two-pool", "one-div"])
def test_1_5_2_too_few_teams(entry):
    plan, problems = plan_cup(entry, {t: "east" for t in entry}, {})
    assert plan is None and [p.rule for p in problems] == ["1.5.2"]


def test_smallest_cups():
    """Two division teams: just the final; four pool teams: round 1, then the final."""
    plan, _ = plan_cup({"A": 3, "B": 4}, {}, {})
    assert plan.played_rounds == (9,)
    entry = {t: 1 for t in "ABCD"}
    plan, _ = plan_cup(entry, {t: "east" for t in entry}, {})
    assert plan.played_rounds == (1, 9)

"""§1.1.4.1: the 3rd division's two geographic groups of 12."""

import random
from itertools import combinations

import pytest

from dbfcli.rules.divisions.groups import EAST, WEST, great_circle_km, group_travel, split_groups

JUTLAND = {"aarhus": (56.16, 10.20), "aalborg": (57.05, 9.92), "esbjerg": (55.47, 8.45), "vejle": (55.71, 9.54),
           "herning": (56.14, 8.97), "horsens": (55.86, 9.85), "randers": (56.46, 10.04), "kolding": (55.49, 9.47),
           "silkeborg": (56.17, 9.55), "viborg": (56.45, 9.40), "fredericia": (55.57, 9.75), "hjoerring": (57.46, 9.98)}
ZEALAND = {"koebenhavn": (55.68, 12.57), "roskilde": (55.64, 12.08), "koege": (55.46, 12.18), "holbaek": (55.72, 11.72),
           "naestved": (55.23, 11.76), "slagelse": (55.40, 11.35), "hilleroed": (55.93, 12.31), "helsingoer": (56.04, 12.61),
           "ringsted": (55.44, 11.79), "kalundborg": (55.68, 11.09), "lyngby": (55.77, 12.50), "frederikssund": (55.84, 12.07)}


def test_1_1_4_1_jutland_and_zealand_split_along_the_great_belt():
    coords = {**JUTLAND, **ZEALAND}
    teams = sorted(coords)                     # mixed seeding order
    split, problems = split_groups(teams, coords)
    assert problems == []
    assert set(split.west) == set(JUTLAND) and set(split.east) == set(ZEALAND)
    assert list(split.west) == [t for t in teams if t in JUTLAND]          # keeps the input order
    assert split.groups() == {WEST: split.west, EAST: split.east}
    assert split.travel_west == pytest.approx(group_travel(list(JUTLAND), coords))
    assert split.travel_east < split.travel_west                          # Zealand is more compact


@pytest.mark.parametrize("seed", range(8))
def test_1_1_4_1_split_is_optimal_against_brute_force(seed):
    rng = random.Random(seed)
    n = 12
    coords = {f"T{i:02d}": (rng.uniform(54.6, 57.7), rng.uniform(8.1, 15.1)) for i in range(n)}
    teams = list(coords)
    split, _ = split_groups(teams, coords)
    best = min(group_travel(c, coords) + group_travel([t for t in teams if t not in c], coords)
               for c in combinations(teams, n // 2))
    assert split.travel == pytest.approx(best)
    assert len(split.west) == len(split.east) == n // 2


@pytest.mark.parametrize("seed", range(3))
def test_1_1_4_1_24_teams_no_single_swap_improves(seed):
    rng = random.Random(100 + seed)
    coords = {f"T{i:02d}": (rng.uniform(54.6, 57.7), rng.uniform(8.1, 12.7)) for i in range(24)}
    split, problems = split_groups(list(coords), coords)
    assert problems == [] and len(split.west) == len(split.east) == 12
    for a in split.west:
        for b in split.east:
            w = [t for t in split.west if t != a] + [b]
            e = [t for t in split.east if t != b] + [a]
            assert group_travel(w, coords) + group_travel(e, coords) >= split.travel - 1e-6
    mean = lambda g: sum(coords[t][1] for t in g) / len(g)
    assert mean(split.west) <= mean(split.east)


def test_1_1_4_1_missing_place_and_size():
    coords = dict(list(JUTLAND.items())[:4])
    split, problems = split_groups(list(coords) + ["nowhere"], coords)
    assert split is None and [p.rule for p in problems] == ["1.1.4.1"] and "nowhere" in problems[0].message
    split, problems = split_groups(list(coords), coords)
    assert len(split.west) == 2 and [p.rule for p in problems] == ["1.1.4.1"] and not problems[0].is_error


def test_great_circle_km_known_distances():
    assert great_circle_km((55.68, 12.57), (55.68, 12.57)) == 0
    assert great_circle_km((55.6761, 12.5683), (55.4038, 10.4024)) == pytest.approx(138, abs=2)   # Copenhagen-Odense

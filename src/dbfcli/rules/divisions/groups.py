"""The two geographic groups of the 3rd division (§1.1.4.1).

"3. division består af 24 hold, som inden for to geografisk opdelte grupper
med hver 12 hold ... spiller alle mod alle." The regulations do not say how
to divide; our reading (docs/readings/geography.md, "What the 3rd-division split
minimises"): the split with the least *travel*, measured as the sum of road distances
between every two teams of the same group (each such pair meets once in the all-play-
all, so this is the travel a group causes up to a constant factor), by the cup's road
model (bridges and ferries, not straight lines across the water), using the captain's
postcode as each team's place.

The search: every split of the teams by a straight line into two halves
(a rotating sweep: the order of the projections changes only where two
points project equally, so one direction between each pair of such critical
angles covers all line splits; O(n² log n) directions × sort), each improved by a local
search of single swaps until no swap helps. The group with the smaller mean
longitude is ``3div-a`` (west), the other ``3div-b`` (east).

>>> round(great_circle_km((55.6761, 12.5683), (56.1629, 10.2039)))   # Copenhagen - Aarhus
157
"""

from __future__ import annotations

import math
from itertools import combinations
from typing import Callable, Mapping, Sequence

from ..problems import Msg, Problem
from ..value import Value

EARTH_KM = 6371.0088
WEST, EAST = "3div-a", "3div-b"


def great_circle_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Haversine distance in km between two (lat, lon) points in degrees."""
    la1, lo1, la2, lo2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_KM * math.asin(min(1.0, math.sqrt(h)))


class GroupSplit(Value):
    """§1.1.4.1: the groups (teams in the input's seeding order) and each group's travel in km."""

    west: tuple[str, ...]
    east: tuple[str, ...]
    travel_west: float
    travel_east: float

    @property
    def travel(self) -> float:
        return self.travel_west + self.travel_east

    def groups(self) -> dict[str, tuple[str, ...]]:
        return {WEST: self.west, EAST: self.east}


def group_travel(teams: Sequence[str], coords: Mapping[str, tuple[float, float]],
                 distance: Callable[[str, str], float] | None = None) -> float:
    """The travel measure of one group: the sum of distances over all pairs (road km when
    ``distance`` is given, else great-circle km)."""
    km = distance or (lambda a, b: great_circle_km(coords[a], coords[b]))
    return sum(km(a, b) for a, b in combinations(teams, 2))


def _sweep_splits(points: list[tuple[float, float]], k: int) -> set[frozenset[int]]:
    """All splits of point indices into k + rest by a straight line."""
    n = len(points)
    angles = set()
    for i, j in combinations(range(n), 2):
        dx, dy = points[j][0] - points[i][0], points[j][1] - points[i][1]
        # direction u with u·(pj - pi) = 0
        angles.add(math.atan2(dx, -dy) % (2 * math.pi))
    crit = sorted(angles) or [0.0]
    probes = [(crit[i] + crit[(i + 1) % len(crit)] + (2 * math.pi if i + 1 == len(crit) else 0)) / 2
              for i in range(len(crit))]
    out = set()
    for t in probes:
        ux, uy = math.cos(t), math.sin(t)
        order = sorted(range(n), key=lambda i: (points[i][0] * ux + points[i][1] * uy, i))
        out.add(frozenset(order[:k]))
    return out


def _local_search(group: set[int], n: int, d: list[list[float]]) -> set[int]:
    """Best single swaps until none reduces the within-group distance sum."""
    a = set(group)
    b = set(range(n)) - a
    while True:
        sa = {i: sum(d[i][k] for k in a) for i in range(n)}
        sb = {i: sum(d[i][k] for k in b) for i in range(n)}
        best, move = -1e-9, None
        for i in a:
            for j in b:
                delta = (sb[i] - d[i][j]) + (sa[j] - d[i][j]) - sa[i] - sb[j]
                if delta < best:
                    best, move = delta, (i, j)
        if move is None:
            return a
        i, j = move
        a.remove(i)
        a.add(j)
        b.remove(j)
        b.add(i)


def _best_split(teams: Sequence[str], coords: Mapping[str, tuple[float, float]],
                distance: Callable[[str, str], float] | None) -> frozenset[int]:
    """The indices of one half of the split with the least within-group distance: every sweep
    split improved by local search, the cheapest kept (ties: the smallest sorted indices)."""
    n = len(teams)
    lat0 = math.radians(sum(coords[t][0] for t in teams) / n)
    points = [(coords[t][1] * math.cos(lat0), coords[t][0]) for t in teams]
    km = distance or (lambda a, b: great_circle_km(coords[a], coords[b]))
    d = [[0.0 if a == b else km(a, b) for b in teams] for a in teams]

    def cost(group: set[int]) -> float:
        other = set(range(n)) - group
        return sum(d[i][j] for g in (group, other) for i, j in combinations(sorted(g), 2))

    best: frozenset[int] = frozenset()
    best_cost = math.inf
    seen: set[frozenset[int]] = set()
    for start in sorted(_sweep_splits(points, n // 2), key=sorted):
        improved = frozenset(_local_search(set(start), n, d))
        if improved in seen:
            continue
        seen.add(improved)
        c = cost(set(improved))
        if c < best_cost - 1e-9 or (abs(c - best_cost) <= 1e-9 and sorted(improved) < sorted(best)):
            best, best_cost = improved, c
    return best


def split_groups(teams: Sequence[str], coords: Mapping[str, tuple[float, float]],
                 distance: Callable[[str, str], float] | None = None) -> tuple[GroupSplit | None, list[Problem]]:
    """§1.1.4.1: divide ``teams`` (24 normally; any number ≥ 2) into a west and an
    east group of equal size (the west one smaller by one for an odd number)
    with the least total within-group distance: ``distance(a, b)`` in km (the rollover gives
    the cup's road model, :func:`dbfcli.rules.geography.road_route`, so a sea crossing counts
    as the road and ferry it takes), else great-circle km. ``coords`` only seed the search."""
    problems = [Problem.error("1.1.4.1", Msg("team {} has no known place (captain's postcode)", t), hint=Msg('fix the postcode'),
                              code="div.split-no-place")
                for t in teams if t not in coords]
    if len(set(teams)) != len(teams):
        problems.append(Problem.error("1.1.4.1", Msg('a team is listed twice for the 3rd-division split'),
                                      code="div.split-twice"))
    if problems or len(teams) < 2:
        return None, problems or [Problem.error("1.1.4.1", Msg('at least 2 teams are needed to form two '
                                                               'groups'), code="div.split-size")]
    if len(teams) != 24:
        problems.append(Problem.warning("1.1.4.1", Msg('the 3rd division has {}, not 24', Msg.counted(len(teams), "team")),
                                        code="div.split-size"))
    n = len(teams)
    best = _best_split(teams, coords, distance)
    one = [teams[i] for i in range(n) if i in best]
    two = [teams[i] for i in range(n) if i not in best]
    if sum(coords[t][1] for t in one) / len(one) > sum(coords[t][1] for t in two) / len(two):
        one, two = two, one
    return GroupSplit(tuple(one), tuple(two), group_travel(one, coords, distance),
                      group_travel(two, coords, distance)), problems

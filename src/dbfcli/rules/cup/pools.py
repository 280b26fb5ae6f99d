"""§1.5.2: the pools of rounds 1 and 2 (1 east and 2 west of the Great Belt).

The east pool takes every team whose captain lives east of the Great Belt
(Zealand, Lolland-Falster, Bornholm...). The west teams (Funen, Jutland) are
split into ``pools - 1`` pools along the principal axis of their captains'
positions: the positions are projected onto the direction of greatest spread
and cut into slices of equal size (sizes differ by at most one). Cutting
along the long axis keeps each pool compact (short trips) and the sizes
balanced; the method is deterministic (ties broken by team id), so the same
field always gives the same pools.

Reading of "so vidt muligt" (as far as possible, §1.5.2; docs/readings/draw.md):
a pool that would hold a single team cannot give that team a match, so the
west is only split when every west pool gets at least 2 teams, and east and
west are merged into one pool when either side has exactly one team.

>>> geo = {"A": ("east", 55.7, 12.5), "B": ("east", 55.6, 12.1),
...        "C": ("west", 57.0, 9.9), "D": ("west", 56.9, 10.0),
...        "E": ("west", 55.4, 10.4), "F": ("west", 55.5, 10.3)}
>>> sorted(split_pools(geo, 3).items())
[('A', 'east'), ('B', 'east'), ('C', 'west-1'), ('D', 'west-1'), ('E', 'west-2'), ('F', 'west-2')]
"""

from __future__ import annotations

import math
from collections.abc import Mapping

EAST, WEST = "east", "west"
ONE_POOL = "all"


def _principal_axis(points: list[tuple[float, float]]) -> tuple[float, float]:
    """Unit vector of greatest spread of (x, y) points (closed form for 2x2 covariance)."""
    n = len(points)
    mx = sum(p[0] for p in points) / n
    my = sum(p[1] for p in points) / n
    sxx = sum((p[0] - mx) ** 2 for p in points)
    syy = sum((p[1] - my) ** 2 for p in points)
    sxy = sum((p[0] - mx) * (p[1] - my) for p in points)
    angle = 0.5 * math.atan2(2 * sxy, sxx - syy)
    ux, uy = math.cos(angle), math.sin(angle)
    if uy < 0 or (uy == 0 and ux < 0):   # orient northwards so slice 1 is the north end
        ux, uy = -ux, -uy
    return ux, uy


def split_side(teams: Mapping[str, tuple[float, float]], parts: int) -> list[list[str]]:
    """Cut teams (id -> (lat, lon)) into ``parts`` slices of equal size along the principal axis.

    Slice 0 is the northern end of the axis. Positions are in a local flat
    projection (km east = lon * 111.32 * cos(lat), km north = lat * 110.57).
    """
    ids = sorted(teams)
    if parts <= 1 or len(ids) < 2:
        return [ids]
    lat0 = math.radians(sum(teams[i][0] for i in ids) / len(ids))
    pts = [(teams[i][1] * 111.32 * math.cos(lat0), teams[i][0] * 110.57) for i in ids]
    ux, uy = _principal_axis(pts)
    order = sorted(range(len(ids)), key=lambda k: (-(pts[k][0] * ux + pts[k][1] * uy), ids[k]))
    n = len(ids)
    slices = []
    for s in range(parts):
        lo, hi = s * n // parts, (s + 1) * n // parts
        slices.append([ids[k] for k in order[lo:hi]])
    return slices


def split_pools(geo: Mapping[str, tuple[str, float, float]], pools: int = 3) -> dict[str, str]:
    """Pool of every pool team (§1.5.2). ``geo``: team id -> (side, lat, lon), side "east"/"west".

    ``pools`` is ``CupSettings.pools``: 1 = one pool; 2 = east and west;
    3 (the rule) = east + 2 west; k = east + k-1 west slices.
    Pool names: ``east``, ``west`` or ``west-1`` (north end) ... ``west-k``, or ``all``.
    """
    if pools <= 1 or not geo:
        return {t: ONE_POOL for t in geo}
    east = {t: (g[1], g[2]) for t, g in geo.items() if g[0] == EAST}
    west = {t: (g[1], g[2]) for t, g in geo.items() if g[0] != EAST}
    if len(east) == 1 or len(west) == 1:
        return {t: ONE_POOL for t in geo}
    return {t: EAST for t in east} | _west_pools(west, pools - 1)


def _west_pools(west: Mapping[str, tuple[float, float]], parts: int) -> dict[str, str]:
    """The west side in ``parts`` slices from the north (fewer when it has too few teams: at
    least two a slice): ``west``, or ``west-1`` .. ``west-k``."""
    while parts > 1 and len(west) < 2 * parts:
        parts -= 1
    if parts == 1:
        return {t: WEST for t in west}
    return {t: f"{WEST}-{k}" for k, ids in enumerate(split_side(west, parts), start=1) for t in ids}

"""The WBF IMP scale: a board's point difference in International Match Points.

The scale of the Laws of Duplicate Bridge (Law 78B), used for every match of
the cup (§1.5.10) and the divisions (§1.1.2.1): 0-10 points -> 0 IMP,
20-40 -> 1, ... 3500-3990 -> 23, 4000 and more -> 24. Bridge scores are
multiples of 10; a difference between two band edges (e.g. 15) falls in the
lower band, as the printed table reads "20-40" for 1 IMP.

>>> imps(0), imps(10), imps(20), imps(-430), imps(4000), imps(12345)
(0, 0, 1, -10, 24, 24)
"""

from __future__ import annotations

from bisect import bisect_right

from ..problems import Msg

#: Lower edge of the point difference for 1, 2, ... 24 IMPs (Law 78B).
IMP_EDGES: tuple[int, ...] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)


def imps(points: int) -> int:
    """IMPs for a point difference, keeping its sign (``-430`` -> ``-10``).

    >>> [imps(p) for p in (40, 50, 80, 90, 3990, -3990)]
    [1, 2, 2, 3, 23, -23]
    """
    value = bisect_right(IMP_EDGES, abs(points))
    return -value if points < 0 else value


def imp_band(value: int) -> tuple[int, int | None]:
    """The point differences ``(low, high)`` that give ``value`` IMPs (``high`` None for 24).

    >>> imp_band(0), imp_band(1), imp_band(13), imp_band(24)
    ((0, 10), (20, 40), (750, 890), (4000, None))
    """
    if not 0 <= value <= 24:
        raise ValueError(Msg('IMPs per board are 0-24, not {}', value))
    low = 0 if value == 0 else IMP_EDGES[value - 1]
    high = None if value == 24 else IMP_EDGES[value] - 10
    return low, high

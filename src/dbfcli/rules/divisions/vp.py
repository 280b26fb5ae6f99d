"""Victory points: the WBF 20-VP continuous scale and VP table files.

The regulations name no VP scale (docs/regulations.md, "Where the text is open"); the season
setting ``vp_scale`` chooses one, default ``"wbf-20"``: the WBF continuous
20-VP scale of 2013 (Technical Report of the WBF Scoring Panel, Bavin,
Bethe, Bramley, Buchen):

* blitz ``X = 15·√N`` for a match of ``N`` boards, ``τ = (√5 − 1)/2``;
* ``VP(M) = 10 + 10·(1 − τ^(3M/X)) / (1 − τ³)``, capped at 20, rounded to
  2 decimals (half up);
* then the published tables' concavity correction: while some margin ``k``
  has ``vp[k+1] − vp[k] > vp[k] − vp[k−1]``, add 0.01 to ``vp[k]`` for the
  smallest such ``k``. The result: no IMP is worth more VP than the IMP
  before it;
* the loser gets ``20 − winner``.

Everything after the rounding is integer hundredths (``1543`` = 15.43 VP),
so sums of VP in the standings are exact.

>>> vp_table(24)[:6]
(1000, 1025, 1050, 1075, 1099, 1123)
>>> victory_points(10, 36)
(1194, 806)
>>> format_vp(victory_points(10, 36)[0])
'11.94'
>>> match_vp(WBF20, 60, 75, 36)
(720, 1280)
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Mapping, Protocol, runtime_checkable

from ..problems import Msg, Problem, Where
from ..value import Located, Value

#: Full VP of a match on the 20-VP scale, in hundredths.
TOTAL = 2000
_DRAW = 1000
_TAU = (math.sqrt(5.0) - 1.0) / 2.0
_DENOM = 1.0 - _TAU**3


def blitz(boards: int) -> float:
    """The WBF blitz margin ``15·√N`` (not rounded; the table ends where VP reach 20).

    >>> round(blitz(16), 6)
    60.0
    """
    return 15.0 * math.sqrt(boards)


def _raw_hundredths(margin: int, x: float) -> int:
    value = _DRAW + _DRAW * (1.0 - _TAU ** (3.0 * margin / x)) / _DENOM
    return min(TOTAL, int(math.floor(value + 0.5)))  # round half up, once, at the edge


def raw_table(boards: int) -> tuple[int, ...]:
    """The rounded formula values for margins ``0 ..`` until 20 VP, before the correction.

    >>> raw_table(16)[:4]
    (1000, 1031, 1061, 1091)
    """
    if boards <= 0:
        raise ValueError(f"a match has at least 1 board, not {boards}")
    x = blitz(boards)
    out = [_raw_hundredths(0, x)]
    margin = 0
    while out[-1] < TOTAL:
        margin += 1
        out.append(_raw_hundredths(margin, x))
    return tuple(out)


def concavity_corrected(table: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """The published tables' correction: while some ``k`` has ``vp[k+1] - vp[k] > vp[k] - vp[k-1]``,
    add 1 hundredth to ``vp[k]`` for the smallest such ``k``. (Scanning forward and stepping back
    one place after each fix always works on the smallest offending ``k``: a fix at ``k`` can only
    create a new offence at ``k - 1`` or ``k + 1``.)

    >>> concavity_corrected([1000, 1010, 1030, 1040])
    (1000, 1015, 1030, 1040)
    """
    out = list(table)
    k = 1
    while k < len(out) - 1:
        if out[k + 1] - out[k] > out[k] - out[k - 1]:
            out[k] += 1
            k = max(1, k - 1)
        else:
            k += 1
    return tuple(out)


@lru_cache(maxsize=64)
def vp_table(boards: int) -> tuple[int, ...]:
    """The winner's VP (hundredths) for margins ``0 .. blitz``; the last entry is 2000.

    Reproduces the published WBF continuous tables (tests/rules/test_vp.py
    names the sources). ``boards`` must be positive.

    >>> t = vp_table(16)
    >>> len(t) - 1, t[1], t[-2], t[-1]
    (60, 1031, 1993, 2000)
    """
    return concavity_corrected(raw_table(boards))


def victory_points(imps_margin: int, boards: int) -> tuple[int, int]:
    """``(winner, loser)`` VP in hundredths for an IMP margin (its sign is ignored).

    >>> victory_points(0, 36), victory_points(-3, 16), victory_points(500, 40)
    ((1000, 1000), (1091, 909), (2000, 0))
    """
    table = vp_table(boards)
    winner = table[min(abs(imps_margin), len(table) - 1)]
    return winner, TOTAL - winner


def format_vp(hundredths: int) -> str:
    """``1543`` -> ``'15.43'`` (the one place VP become text).

    >>> format_vp(1543), format_vp(0), format_vp(2000), format_vp(-5)
    ('15.43', '0.00', '20.00', '-0.05')
    """
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(hundredths), 100)
    return f"{sign}{whole}.{cents:02d}"


def vp_number(hundredths: int) -> float:
    """VP as a JSON number with 2 decimals (``1543`` -> ``15.43``)."""
    return round(hundredths / 100, 2)


@runtime_checkable
class VPScale(Protocol):
    """A VP scale: the winner's VP (hundredths) for a margin >= 0 in a match of ``boards``;
    the loser gets ``total - winner``."""

    @property
    def name(self) -> str: ...

    @property
    def total(self) -> int: ...

    def winner(self, margin: int, boards: int) -> int: ...


class WBFScale(Value):
    """The WBF 20-VP continuous scale (2013), the default (``vp_scale = "wbf-20"``)."""

    name: str = "wbf-20"
    total: int = TOTAL

    def winner(self, margin: int, boards: int) -> int:
        return victory_points(margin, boards)[0]


WBF20 = WBFScale()


class TableScale(Located):
    """A VP table file: ``points`` are ``(from_margin, winner_hundredths)`` steps in rising
    margin order, starting at margin 0; a margin gets the VP of the last step at or below it.
    The same form holds a continuous table (one step per IMP) or a discrete one (bands).
    The table is the same for every board count (a season that wants per-board tables
    names one file per division board count)."""

    name: str
    points: tuple[tuple[int, int], ...]
    total: int = TOTAL
    where: Where | None = None

    def winner(self, margin: int, boards: int) -> int:
        margin = abs(margin)
        value = self.points[0][1]
        for start, vp in self.points:
            if start > margin:
                break
            value = vp
        return value


def table_scale(name: str, table: Mapping[int, int], total: int = TOTAL,
                where: Where | None = None) -> tuple[TableScale | None, list[Problem]]:
    """Builds a :class:`TableScale` from ``{margin: winner hundredths}``; checks that it is a
    scale (starts at margin 0 with half the total, never falls, never exceeds the total).

    >>> s, probs = table_scale("club", {0: 1000, 3: 1100, 8: 1200, 20: 2000})
    >>> s.winner(2, 24), s.winner(9, 24), s.winner(99, 24), probs
    (1000, 1200, 2000, [])
    >>> table_scale("bad", {1: 1200, 2: 1100})[1][0].message
    'VP table "bad" must start at margin 0'
    """
    problems: list[Problem] = []
    if not table:
        return None, [Problem.error(None, Msg('VP table "{}" is empty', name), where, code="format.vp-table")]
    points = tuple(sorted((int(k), int(v)) for k, v in table.items()))
    if points[0][0] != 0:
        problems.append(Problem.error(None, Msg('VP table "{}" must start at margin 0', name), where, code="format.vp-table"))
    elif points[0][1] * 2 != total:
        problems.append(Problem.error(None, Msg('VP table "{}": a drawn match (margin 0) must give half '
                                                'the total ({}), not {}', name, format_vp(total // 2),
                                                format_vp(points[0][1])), where, code="format.vp-table"))
    for (m1, v1), (m2, v2) in zip(points, points[1:]):
        if v2 < v1:
            problems.append(Problem.error(None, Msg('VP table "{}": VP fall from {} at margin {} to {} at '
                                                    'margin {}', name, format_vp(v1), m1, format_vp(v2), m2), where, code="format.vp-table"))
    if any(v > total or v < 0 for _, v in points):
        problems.append(Problem.error(None, Msg('VP table "{}": a VP value is outside 0..{}', name,
                                                format_vp(total)), where, code="format.vp-table"))
    if any(m < 0 for m, _ in points):
        problems.append(Problem.error(None, Msg('VP table "{}": margins are IMPs >= 0', name), where, code="format.vp-table"))
    if problems:
        return None, problems
    return TableScale(name, points, total, where), []


def builtin_scale(name: str) -> VPScale | None:
    """The scale for a built-in name (``"wbf-20"``), else ``None`` (then it names a table file)."""
    return WBF20 if name in ("wbf-20", "wbf20", "wbf") else None


def match_vp(scale: VPScale, imps_home: int, imps_away: int, boards: int) -> tuple[int, int]:
    """``(home, away)`` VP in hundredths of one match.

    >>> match_vp(WBF20, 40, 40, 36), match_vp(WBF20, 90, 30, 36)
    ((1000, 1000), (1809, 191))
    """
    margin = imps_home - imps_away
    won = scale.winner(abs(margin), boards)
    lost = scale.total - won
    if margin > 0:
        return won, lost
    if margin < 0:
        return lost, won
    return scale.total // 2, scale.total - scale.total // 2

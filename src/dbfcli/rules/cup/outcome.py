"""The winner of a cup match (§1.5.10).

§1.5.10: the team with most IMPs wins; on equal IMPs the total points
decide; still equal, the match is extended by 4 boards at a time "until a
winner is found by the same principle" -- each extra segment is decided
first by its IMPs, then by its total points (when the sheet gives them).

Sides are indexed 0 = home, 1 = away (the order of the sheet).

>>> decide([Score(8, (23, 11)), Score(8, (8, 30))]).winner
1
>>> o = decide([Score(8, (10, 10))], total_points=(5230, 4870))
>>> o.winner, o.decided_by
(0, 'total_points')
"""

from __future__ import annotations

from typing import Sequence

from ..problems import Msg, Problem, Where
from ..value import Located, Value

#: boards of one extra segment (§1.5.10)
EXTRA_BOARDS = 4


class Score(Located):
    """One segment: boards played and IMPs [home, away]; ``total_points`` only
    where a tie needs them (extra segments, §1.5.10)."""

    boards: int
    imps: tuple[int, int]
    total_points: tuple[int, int] | None = None
    where: Where | None = None


class Outcome(Value):
    """``winner`` is 0 (home) or 1 (away), ``None`` when undecided.

    ``imps`` are the ordinary match's totals, ``extra_imps`` those of the extra
    segments; ``decided_by`` is ``"imps"``, ``"total_points"`` or ``"extra"``."""

    winner: int | None
    imps: tuple[int, int]
    extra_imps: tuple[int, int] = (0, 0)
    decided_by: str | None = None
    extra_segments_used: int = 0
    problems: tuple[Problem, ...] = ()

    @property
    def total_imps(self) -> tuple[int, int]:
        return (self.imps[0] + self.extra_imps[0], self.imps[1] + self.extra_imps[1])


def _sum(scores: Sequence[Score]) -> tuple[int, int]:
    return (sum(s.imps[0] for s in scores), sum(s.imps[1] for s in scores))


def _lead(pair: tuple[int, int]) -> int | None:
    if pair[0] == pair[1]:
        return None
    return 0 if pair[0] > pair[1] else 1


def _by_imps_or_points(imps: tuple[int, int], total_points: tuple[int, int] | None, where: Where | None,
                       problems: list[Problem]) -> tuple[int | None, str | None]:
    """§1.5.10: the IMPs decide; when they tie, the total points (a problem when there are none)."""
    winner = _lead(imps)
    if winner is not None:
        return winner, "imps"      # total points given but not needed: harmless
    if total_points is None:
        problems.append(Problem.error(
            "1.5.10", Msg('IMPs are equal ({}-{}); the total points decide, and the sheet has none', imps[0],
                          imps[1]),
            where, hint=Msg('add total_points: [home, away]'), code="result.tie-no-points"))
        return None, None
    winner = _lead(total_points)
    return winner, ("total_points" if winner is not None else None)


def _by_extra_segments(extra_segments: Sequence[Score], winner: int | None, decided_by: str | None,
                       problems: list[Problem]) -> tuple[int | None, str | None, int]:
    """§1.5.10: 4-board extra segments, played only while the match is tied, until one decides
    (its IMPs, else its total points): ``(winner, decided_by, extra segments used)``."""
    used = 0
    for seg in extra_segments:
        if seg.boards != EXTRA_BOARDS:
            problems.append(Problem.error(
                "1.5.10", Msg('an extra segment is {} boards, this one has {}', EXTRA_BOARDS, seg.boards), seg.where,
                code="result.extra-segment-boards"))
        if winner is not None:
            problems.append(Problem.error(
                "1.5.10", Msg('extra segment played although the match was decided by {}',
                              (decided_by or '').replace('_', ' ')),
                seg.where, hint=Msg('remove extra_segments'), code="result.extra-segment-not-needed"))
            continue
        used += 1
        winner = _lead(seg.imps)
        if winner is None and seg.total_points is not None:
            winner = _lead(seg.total_points)
        if winner is not None:
            decided_by = "extra"
    return winner, decided_by, used


def decide(
    segments: Sequence[Score],
    total_points: tuple[int, int] | None = None,
    extra_segments: Sequence[Score] = (),
    where: Where | None = None,
    total_points_where: Where | None = None,
) -> Outcome:
    """§1.5.10: the winner, and every problem with the way the sheet decides it.

    Problems (rule ``1.5.10``): IMPs tie and no total points; extra segments
    on a sheet whose match was already decided; an extra segment that is not
    4 boards; still tied after the last extra segment.

    >>> o = decide([Score(8, (10, 10))], (100, 100), [Score(4, (0, 0)), Score(4, (3, 0))])
    >>> o.winner, o.decided_by, o.extra_segments_used, o.total_imps
    (0, 'extra', 2, (13, 10))
    >>> [p.rule for p in decide([Score(8, (7, 7))]).problems]
    ['1.5.10']
    """
    problems: list[Problem] = []
    imps = _sum(segments)
    extra = _sum(extra_segments)
    winner, decided_by = _by_imps_or_points(imps, total_points, where, problems)
    winner, decided_by, used = _by_extra_segments(extra_segments, winner, decided_by, problems)
    if winner is None and (total_points is not None or extra_segments):
        last = extra_segments[-1].where if extra_segments else (total_points_where or where)
        problems.append(Problem.error(
            "1.5.10", Msg('the match is still tied; play 4 more boards and add an extra segment'), last,
            hint=Msg('extra_segments: [[home, away]] (4 boards each)'), code="result.still-tied"))
    return Outcome(winner, imps, extra, decided_by, used, tuple(problems))

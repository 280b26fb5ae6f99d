"""Seating and line-ups in a cup match (§1.5.13).

- The away team seats first in odd segments and last in even ones.
- If a captain demands it, two unchanged pairs may not meet in two
  consecutive segments.
- An unchanged pair may meet another unchanged pair in at most three
  segments of the ordinary match (extra 4-board segments do not count).
- If one team (not both) has HUM pairs, that team is always away
  (:func:`dbfcli.rules.systems.changes.hum_forces_away`), and its opponents
  may let one pair play against a HUM pair in every segment: meetings with
  a HUM pair are exempt from both limits.

A pair is the set of its two players; "unchanged" means the same two
players sit together, so a pair that changes partner is a new pair.
In each segment ``home[i]`` meets ``away[i]`` (table i).

>>> seating_order(3, home="ODE-1", away="KBH-3")
[(1, 'KBH-3', 'ODE-1'), (2, 'ODE-1', 'KBH-3'), (3, 'KBH-3', 'ODE-1')]
"""

from __future__ import annotations

from collections import Counter

from ..problems import Msg, Problem, Where
from ..value import Value

Pair = frozenset


def pair(a: int, b: int) -> frozenset[int]:
    """A pair of two players (order does not matter)."""
    return frozenset((a, b))


def seats_first(segment: int, home: str, away: str) -> str:
    """§1.5.13: who takes their seats first in ``segment`` (1-based): away in odd, home in even."""
    return away if segment % 2 == 1 else home


def seating_order(segments: int, home: str, away: str) -> list[tuple[int, str, str]]:
    """§1.5.13: (segment, seats first, seats last) for every segment."""
    return [(s, seats_first(s, home, away), home if seats_first(s, home, away) == away else away)
            for s in range(1, segments + 1)]


class Lineup(Value):
    """One segment's line-up: the home and away pairs by table (``home[i]`` meets ``away[i]``)."""

    segment: int
    home: tuple[frozenset[int], ...]
    away: tuple[frozenset[int], ...]
    where: Where | None = None


def _name(p: frozenset[int]) -> str:
    return "-".join(str(x) for x in sorted(p))


def meetings(lineups: list[Lineup]) -> dict[tuple[frozenset[int], frozenset[int]], list[int]]:
    """For each (home pair, away pair): the segments in which they met."""
    out: dict[tuple[frozenset[int], frozenset[int]], list[int]] = {}
    for lu in sorted(lineups, key=lambda x: x.segment):
        for h, a in zip(lu.home, lu.away):
            out.setdefault((h, a), []).append(lu.segment)
    return out


def check_lineups(lineups: list[Lineup], *, ordinary_segments: int | None = None,
                  no_consecutive_demanded: bool = False,
                  home_hum_pairs: frozenset[frozenset[int]] = frozenset(), away_hum_pairs: frozenset[frozenset[int]] = frozenset(),
                  max_meetings: int = 3) -> list[Problem]:
    """§1.5.13: check recorded line-ups; every problem listed.

    ``ordinary_segments``: segments of the ordinary match (later ones are
    extra segments, ignored here); ``no_consecutive_demanded``: a captain
    demanded that unchanged pairs do not meet in consecutive segments;
    ``*_hum_pairs``: the pairs playing a HUM system on each side."""
    out = _lineup_shapes(lineups)
    ordinary = [lu for lu in lineups if ordinary_segments is None or lu.segment <= ordinary_segments]
    one_side_hum = bool(home_hum_pairs) != bool(away_hum_pairs)
    hum = home_hum_pairs | away_hum_pairs
    where = {lu.segment: lu.where for lu in lineups}
    for (h, a), segs_met in sorted(meetings(ordinary).items(), key=lambda kv: (kv[1], _name(kv[0][0]))):
        if one_side_hum and (h in hum or a in hum):
            continue   # §1.5.13: the opponents may let one pair play the HUM pair in every segment
        out += _meeting_problems(Msg("pair {} (home) and pair {} (away)", _name(h), _name(a)), segs_met, where,
                                 max_meetings, no_consecutive_demanded)
    return out


def _lineup_shapes(lineups: list[Lineup]) -> list[Problem]:
    """One line-up per segment, one pair of two players from each team a table, nobody twice."""
    out = [Problem.error(None, Msg('segment {} has {} line-ups', s, n), code="format.seating")
           for s, n in sorted(Counter(lu.segment for lu in lineups).items()) if n > 1]
    for lu in lineups:
        players = [p for side in (lu.home, lu.away) for pr in side for p in pr]
        if len(lu.home) != len(lu.away) or any(len(pr) != 2 for pr in lu.home + lu.away):
            out.append(Problem.error(None, Msg('segment {}: each table needs one pair of two players from '
                                               'each team', lu.segment), lu.where, code="format.seating"))
        elif len(set(players)) != len(players):
            out.append(Problem.error(None, Msg('segment {}: a player sits at two places', lu.segment), lu.where, code="format.seating"))
    return out


def _meeting_problems(who: Msg, segs_met: list[int], where: dict[int, Where | None], max_meetings: int,
                      no_consecutive_demanded: bool) -> list[Problem]:
    """§1.5.13 for two pairs that meet in ``segs_met``: at most ``max_meetings`` segments, and
    not in consecutive ones when a captain demanded it."""
    out = []
    if len(segs_met) > max_meetings:
        out.append(Problem.error("1.5.13", Msg('{} meet in {} segments ({}); unchanged pairs may meet in '
                                               'at most {} segments of the ordinary match', who, len(segs_met),
                                               ', '.join(map(str, segs_met)), max_meetings), where.get(segs_met[max_meetings]),
                                 code="seating.meet-too-often"))
    if no_consecutive_demanded:
        out += [Problem.error("1.5.13", Msg('{} meet in consecutive segments {} and {}, which a captain '
                                            'demanded they do not', who, x, y), where.get(y),
                              code="seating.consecutive")
                for x, y in zip(segs_met, segs_met[1:]) if y == x + 1]
    return out

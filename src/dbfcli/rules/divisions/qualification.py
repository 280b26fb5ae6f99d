"""Qualification to the 3rd division (§1.1.5.1-2).

§1.1.5.1: 6 places, 3 west and 3 east of the Great Belt (Storebælt); the split
changes "if the membership of the areas deviates by more than 1/6 of DBF's
total membership". Our reading (docs/readings/playoff-rollover.md): one place
stands for 1/6 of the membership; an area's *share* under the current split
is ``places × total / 6``; the split changes when an area's membership
deviates from its share by more than ``total / 6`` (one place's worth), and
then the places are allocated in proportion to membership, largest remainder,
a tie rounding toward the current split.

>>> allocate_places(4000, 2000).west, allocate_places(4001, 1999).west
(3, 4)

§1.1.5.2: west, Kreds IV finds 3 teams; east, Kreds II has 1 place and the
others come from a weekend tournament of 6 teams (1 Bornholm, 2 Copenhagen,
3 Kreds II), all-play-all in 24-board matches.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Callable, Mapping, Sequence, cast

from ..problems import Msg, Problem
from ..value import Value

PLACES = 6                      # §1.1.5.1
DEVIATION = Fraction(1, 6)      # §1.1.5.1: "mere end 1/6 af DBFs samlede medlemstal"
EAST_FIELD = {"bornholm": 1, "copenhagen": 2, "kreds2": 3}   # §1.1.5.2
EAST_BOARDS = 24                # §1.1.5.2


class Allocation(Value):
    """§1.1.5.1: places west and east of the Great Belt, and why."""

    west: int
    east: int
    changed: bool
    reason: str


def allocate_places(west_members: int, east_members: int, current: tuple[int, int] = (3, 3)) -> Allocation:
    """§1.1.5.1: the 6 places between west and east of the Great Belt.

    Exact integer test: the split changes iff ``|6·west − current_west·total| > total``.

    >>> a = allocate_places(3000, 6001)     # east is 2/3 + a little
    >>> (a.west, a.east, a.changed)
    (2, 4, True)
    """
    total = west_members + east_members
    cw, ce = current
    if total <= 0:
        return Allocation(cw, ce, False, Msg('no membership figures: the current split stands'))
    gap = abs(PLACES * west_members - cw * total)          # = 6 × |west − share| in members
    share = Fraction(cw * total, PLACES)
    if gap <= total:
        return Allocation(cw, ce, False,
                          Msg('west has {} of {} members, its share at {} places is {}; the deviation {} '
                              'is not more than 1/6 of the total ({})', west_members, total, cw,
                              f'{float(share):.1f}', f'{float(Fraction(gap, PLACES)):.1f}',
                              f'{float(Fraction(total, PLACES)):.1f}'))
    quota = Fraction(PLACES * west_members, total)
    west = int(quota)
    rest = quota - west
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and west < cw):
        west += 1
    return Allocation(west, PLACES - west, True,
                      Msg('west has {} of {} members, deviating {} from its share {}, more than 1/6 of '
                          'the total ({}); places in proportion: west {} -> {}, east {}', west_members, total,
                          f'{float(Fraction(gap, PLACES)):.1f}', f'{float(share):.1f}',
                          f'{float(Fraction(total, PLACES)):.1f}', f'{float(quota):.2f}', west, PLACES - west))


class Qualifiers(Value):
    """The qualification results the rollover needs (§1.1.4.3, §1.1.1.1).

    ``west``: Kreds IV's ranking (the Jutland-Funen middle series), best first;
    ``east_direct``: Kreds II's direct place(s); ``east_tournament``: the East
    promotion tournament's ranking, best first. The first ``west_places`` of
    ``west`` qualify; in the east, Kreds II's direct teams and then the best of
    the tournament up to ``east_places``. The rest, in order, are the
    reserves of §1.1.1.1 (west no. 4, east tournament no. 3 by default)."""

    west: tuple[str, ...] = ()
    east_tournament: tuple[str, ...] = ()
    east_direct: tuple[str, ...] = ()
    west_places: int = 3
    east_places: int = 3

    def east_ranked(self) -> tuple[str, ...]:
        """The east's order: Kreds II's direct place(s), then the tournament's ranking
        (the rank used for seeding in the rollover)."""
        direct = self.east_direct[: self.east_places]
        return direct + self.east_tournament

    def rank(self, team: str) -> tuple[str, int] | None:
        """(area, 1-based rank) of a team in its area's list, or None."""
        if team in self.west:
            return "west", self.west.index(team) + 1
        east = self.east_ranked()
        return ("east", east.index(team) + 1) if team in east else None

    @property
    def tournament_places(self) -> int:
        return max(0, self.east_places - len(self.east_direct))

    def qualified(self) -> tuple[tuple[str, str, int], ...]:
        """(team, area, rank in its list) of the qualified teams, interleaved
        west/east by rank (the seeding order of the rollover)."""
        west = [(t, "west", i + 1) for i, t in enumerate(self.west[: self.west_places])]
        east = [(t, "east", i + 1) for i, t in enumerate(self.east_ranked()[: self.east_places])]
        out = []
        for i in range(max(len(west), len(east))):
            out += [x for x in (west[i] if i < len(west) else None, east[i] if i < len(east) else None) if x]
        return tuple(out)

    def reserves(self) -> tuple[tuple[str | None, str | None], ...]:
        """§1.1.1.1: pairs (west reserve, east reserve) in the order they move
        up on vacancies in the 3rd division: (west no. 4, east tournament no. 3), ..."""
        w = self.west[self.west_places:]
        e = self.east_tournament[self.tournament_places:]
        return tuple((w[i] if i < len(w) else None, e[i] if i < len(e) else None) for i in range(max(len(w), len(e))))

    def check(self) -> list[Problem]:
        problems = []
        counts = Counter(self.west + self.east_tournament + self.east_direct)
        for team, n in counts.items():
            if n > 1:
                problems.append(Problem.error("1.1.5.2", Msg('{} is listed {} times in the qualification',
                                                             team, n), code="qualify.listed-twice"))
        if len(self.west) < self.west_places:
            problems.append(Problem.error("1.1.5.2", Msg('west (Kreds IV) names {} for {} places',
                                                         Msg.counted(len(self.west), "team"), self.west_places),
                                          code="qualify.places"))
        if len(self.east_direct) > 1:
            problems.append(Problem.warning("1.1.5.2", Msg('Kreds II has 1 direct place, {} are named '
                                                           '(allowed only if the areas agree)',
                                                           len(self.east_direct)), code="qualify.places"))
        if len(self.east_direct) + len(self.east_tournament) < self.east_places:
            problems.append(Problem.error("1.1.5.2", Msg('east names {} for {} places',
                                                         Msg.counted(len(self.east_direct) + len(self.east_tournament),
                                                                     "team"), self.east_places), code="qualify.places"))
        return problems


def check_east_field(origins: Sequence[tuple[str, str]], agreed: bool = True) -> list[Problem]:
    """§1.1.5.2: the east tournament is 1 Bornholm, 2 Copenhagen and 3 Kreds II teams
    ("medmindre områderne aftaler andet"). ``agreed``: the areas agreed another field, so a
    different field is a warning; otherwise it is an error. An unknown region is always an error.

    >>> [p.is_error for p in check_east_field([("B1", "bornholm")], agreed=False)][:1]
    [True]
    """
    got = Counter(origin for _, origin in origins)
    problems = []
    for team, origin in origins:
        if origin not in EAST_FIELD:
            problems.append(Problem.error("1.1.5.2", Msg('{}: region {} is not one of {}', team, f'{origin!r}',
                                                         ', '.join(EAST_FIELD)), code="qualify.region"))
    make = Problem.warning if agreed else Problem.error
    for origin in sorted(set(got) | set(EAST_FIELD)):
        if origin in EAST_FIELD and got.get(origin, 0) != EAST_FIELD[origin]:
            problems.append(make(
                "1.1.5.2", Msg('the east tournament has {} from {}; the rule says {}', Msg.counted(got.get(origin, 0), "team"), origin,
                               EAST_FIELD[origin]),
                hint=None if agreed else Msg('if the areas agreed another field, say so (--agreed)'),
                code="qualify.places"))
    return problems


def east_match_id(round_no: int, number: int) -> str:
    """Match ids of the east tournament: ``QE-R01-02`` = round 1, match 2.

    >>> east_match_id(5, 3)
    'QE-R05-03'
    """
    return f"QE-R{round_no:02d}-{number:02d}"


def east_schedule(teams: Sequence[str]) -> tuple[tuple[tuple[str, str, str | None], ...], ...]:
    """§1.1.5.2: the east tournament's rounds as ``(match id, home, away)`` (away None: a bye),
    by :func:`circle_schedule` over the teams in entry order.

    >>> east_schedule("ABCD")[0]
    (('QE-R01-01', 'A', 'D'), ('QE-R01-02', 'B', 'C'))
    """
    out = []
    for r, rnd in enumerate(circle_schedule(teams), 1):
        ordered = [p for p in rnd if p[1] is not None] + [p for p in rnd if p[1] is None]
        out.append(tuple((east_match_id(r, k), a, b) for k, (a, b) in enumerate(ordered, 1)))
    return tuple(out)


def circle_schedule(teams: Sequence[str]) -> tuple[tuple[tuple[str, str | None], ...], ...]:
    """All-play-all rounds by the circle method (§1.1.5.2): team 0 fixed, the
    others rotate; an odd field gets a bye (``None``). Home alternates for the
    fixed team.

    >>> [len(r) for r in circle_schedule("ABCDEF")]
    [3, 3, 3, 3, 3]
    """
    ids: list[str | None] = list(teams)
    if len(ids) % 2:
        ids.append(None)
    n = len(ids)
    rounds = []
    rot = ids[1:]
    for r in range(n - 1):
        line = [ids[0]] + rot
        pairs = []
        for i in range(n // 2):
            a, b = line[i], line[n - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a
            if a is None:
                a, b = b, None
            pairs.append((cast(str, a), b))   # a field has one bye at most: a is a team
        rounds.append(tuple(pairs))
        rot = rot[-1:] + rot[:-1]
    return tuple(rounds)


class QualRow(Value):
    rank: int
    team: str
    played: int
    imps_for: int
    imps_against: int
    vp: Fraction
    tied: bool = False


VPFunction = Callable[[int, int], tuple[Fraction, Fraction]]   # (margin, boards) -> (winner VP, loser VP)


def wbf_vp(margin: int, boards: int) -> tuple[Fraction, Fraction]:
    """The WBF 20-VP scale of :mod:`dbfcli.rules.divisions.vp` as exact fractions (winner, loser).

    >>> wbf_vp(10, 24)
    (Fraction(1233, 100), Fraction(767, 100))
    """
    from .vp import victory_points

    w, l = victory_points(margin, boards)
    return Fraction(w, 100), Fraction(l, 100)


def _mutual_order(block: list[str], mutual: dict[frozenset[str], tuple[str, str, int, int]]) -> tuple[list[str], bool]:
    """§1.1.5.2: teams level on VP and IMP difference, ordered by their mutual match when two;
    ``tied`` when that does not part them (or more than two are level)."""
    if len(block) == 2 and frozenset(block) in mutual:
        a, b, ia, ib = mutual[frozenset(block)]
        if ia != ib:
            return ([a, b] if ia > ib else [b, a]), False
        return block, True
    return block, len(block) > 1


def tournament_standings(teams: Sequence[str], results: Sequence[tuple[str, str, int, int]],
                         vp: VPFunction = wbf_vp, boards: int = EAST_BOARDS) -> tuple[tuple[QualRow, ...], list[Problem]]:
    """§1.1.5.2: the east qualification tournament's table.

    VP per match from ``vp`` (default: the WBF 20-VP scale of
    :mod:`dbfcli.rules.divisions.vp`, for 24 boards). Order: VP, then IMP difference, then the mutual match; teams
    still level are marked ``tied`` and a warning asks the TD to draw lots.
    """
    problems: list[Problem] = []
    imps_for = dict.fromkeys(teams, 0)
    imps_against = dict.fromkeys(teams, 0)
    vps = {t: Fraction(0) for t in teams}
    played = dict.fromkeys(teams, 0)
    mutual: dict[frozenset[str], tuple[str, str, int, int]] = {}
    for a, b, ia, ib in results:
        if a not in vps or b not in vps:
            problems.append(Problem.error("1.1.5.2", Msg('result {}-{}: team not in the tournament', a, b),
                                          code="qualify.result-teams"))
            continue
        pair = frozenset((a, b))
        if pair in mutual:
            problems.append(Problem.error("1.1.5.2", Msg('{} and {} met twice; all-play-all means once', a, b),
                                          code="qualify.met-twice"))
            continue
        mutual[pair] = (a, b, ia, ib)
        w, l = vp(abs(ia - ib), boards)
        va, vb = (w, l) if ia >= ib else (l, w)
        for t, f, g, v in ((a, ia, ib, va), (b, ib, ia, vb)):
            imps_for[t] += f
            imps_against[t] += g
            vps[t] += Fraction(v)
            played[t] += 1

    def key(t: str) -> tuple[Fraction, int]:
        return (-vps[t], -(imps_for[t] - imps_against[t]))

    order = sorted(teams, key=key)
    rows: list[QualRow] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and key(order[j + 1]) == key(order[i]):
            j += 1
        block, tied = _mutual_order(order[i:j + 1], mutual)
        if tied:
            problems.append(Problem.warning("1.1.5.2", Msg('{} are level on VP, IMP difference and mutual '
                                                           'result', ', '.join(block)),
                                            hint=Msg('the TD draws lots for the order'), code="qualify.tied"))
        for t in block:
            rows.append(QualRow(len(rows) + 1, t, played[t], imps_for[t], imps_against[t], vps[t], tied))
        i = j + 1
    return tuple(rows), problems


def east_table(teams: Sequence[str], results: Mapping[str, tuple[int, int]]) -> tuple[
        tuple[QualRow, ...], tuple[tuple[tuple[str, str, str | None], ...], ...], list[Problem]]:
    """§1.1.5.2: ``(rows, schedule, problems)`` of the east tournament: its all-play-all
    (:func:`east_schedule`) and the standings of the recorded ``results`` (match id ->
    IMPs home, away; a result of an unknown match or of a bye counts for nothing)."""
    schedule = east_schedule(teams)
    by_id = {mid: (home, away) for rnd in schedule for mid, home, away in rnd}
    played = [(home, away, a, b) for mid, (a, b) in results.items()
              for home, away in [by_id.get(mid, ("", None))] if away is not None]
    rows, problems = tournament_standings(list(teams), played)
    return rows, schedule, problems

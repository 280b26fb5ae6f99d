"""§1.5.2, §1.5.3: how many matches and byes every cup round has.

The cup is two pool rounds (§1.5.2), then a national bracket: round 3 is the
1/64 final (128 places), round 4 the 1/32 final (64) ... round 9 the final.
Teams seeded to round 4 (§1.5.3) take bye places in round 3, so round 4 is a
full 1/32 final. The pool rounds deliver, with byes given by lot, exactly the
number of survivors the bracket needs.

Counting (docs/readings/draw.md has the full reading):

* National round R0 has P = 2**(10 - R0) places (P/2 slots). F teams are in
  its draw: the pool survivors T, every division team, of which the ``f``
  seeded to round R0+1 hold byes. F - P/2 matches are played and P - F byes
  given, so exactly P/2 teams reach round R0+1. Needs P/2 <= F <= P - f.
  Every later round is full: no byes.
* A pool with n1 round-1 teams (largest club c), e2 round-2 entrants and t
  survivors plays m1 = min(n1//2, n1 - c, n1 + e2 - t) matches in round 1
  (fewest byes; never a same-club pair, §1.5.2), b1 = n1 - 2*m1 byes, then
  m2 = n1 - m1 + e2 - t matches in round 2. The guarantee of one match
  (§1.5.2) holds exactly when ceil((n1 - min(n1//2, n1-c) + e2)/2) <= t <= n1//2 + e2.
* Small fields start the bracket later: R0 is the first round from 3 on where
  the field fits with at least one match (F > P/2). A round without a match
  (every team a bye) is not played and gets no draw. A field that does not fit 128 places even with
  the pools cut to a quarter cannot be drawn under the rules (two pool rounds,
  a knockout round at most halves a field): a §1.5.2 problem, never a guess.

>>> plan, probs = plan_cup({"A": 1, "B": 1, "C": 1, "D": 1}, {k: "east" for k in "ABCD"}, {})
>>> plan.first_national_round, plan.bracket_size, [(r.round, r.matches, r.byes) for r in plan.rounds]
(9, 2, [(1, 2, 0), (9, 1, 0)])
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Mapping

from ..problems import Msg, Problem
from ..value import Value

FIRST_NATIONAL, LAST = 3, 9


def places(round_no: int) -> int:
    """Places in national round ``round_no`` (3 -> 128, 4 -> 64 ... 9 -> 2).

    >>> [places(r) for r in range(3, 10)]
    [128, 64, 32, 16, 8, 4, 2]
    """
    return int(2 ** (10 - round_no))


class PoolPlan(Value):
    """One pool's rounds 1 and 2 (§1.5.2)."""

    pool: str
    teams: int            # round-1 teams
    late: int             # teams entering in round 2
    largest_club: int     # most round-1 teams with one captain's club
    matches1: int
    byes1: int
    matches2: int
    byes2: int
    survivors: int        # teams the pool sends to the national draw

    @property
    def field2(self) -> int:
        return self.teams - self.matches1 + self.late


class RoundPlan(Value):
    """One round: teams in its draw (byes included), matches, byes; ``forced_byes``
    are the byes that belong to teams seeded to the next round (§1.5.3)."""

    round: int
    field: int
    matches: int
    byes: int
    forced_byes: int = 0


class CupPlan(Value):
    first_national_round: int
    bracket_size: int
    survivors: int                  # pool teams that reach the national draw
    pools: tuple[PoolPlan, ...]
    rounds: tuple[RoundPlan, ...]   # only the rounds that are played (at least one match)

    def round(self, round_no: int) -> RoundPlan | None:
        return next((r for r in self.rounds if r.round == round_no), None)

    def pool(self, name: str) -> PoolPlan | None:
        return next((p for p in self.pools if p.pool == name), None)

    @property
    def played_rounds(self) -> tuple[int, ...]:
        return tuple(r.round for r in self.rounds)

    def previous_round(self, round_no: int) -> int | None:
        """The played round before ``round_no`` (small fields skip rounds), or None."""
        return max((r for r in self.played_rounds if r < round_no), default=None)


def _ceil_half(n: int) -> int:
    return -(-n // 2)


def pool_range(n1: int, late: int, largest_club: int) -> tuple[int, int]:
    """Survivors a pool can deliver while keeping §1.5.2 (no same-club pair in
    round 1, every round-1 team plays at least once): (least, most); least > most
    means the pool cannot be played.

    >>> pool_range(10, 0, 2), pool_range(10, 0, 8), pool_range(1, 0, 1)
    ((3, 5), (4, 5), (1, 0))
    """
    m1max = max(0, min(n1 // 2, n1 - largest_club))
    return _ceil_half(n1 - m1max + late), n1 // 2 + late


def _pool_plan(name: str, n1: int, late: int, cmax: int, t: int) -> PoolPlan:
    m1 = max(0, min(n1 // 2, n1 - cmax, n1 + late - t))
    f2 = n1 - m1 + late
    m2 = f2 - t
    return PoolPlan(name, n1, late, cmax, m1, n1 - 2 * m1, m2, f2 - 2 * m2, t)


def _share(total: int, pools: list[tuple[str, int, int, int]]) -> dict[str, int]:
    """Survivors per pool: from each pool's least, one at a time to the pool with
    the lowest survival rate (ties: pool name), never above its most."""
    t = {name: lo for name, _, lo, _ in pools}
    heap = [(lo / size if size else 0.0, name, size, hi) for name, size, lo, hi in pools if lo < hi]
    heapq.heapify(heap)
    left = total - sum(t.values())
    while left > 0 and heap:
        _, name, size, hi = heapq.heappop(heap)
        t[name] += 1
        left -= 1
        if t[name] < hi:
            heapq.heappush(heap, (t[name] / size, name, size, hi))
    return t


def _unplaced(pool_teams: list[str], pool_of: Mapping[str, str]) -> list[Problem]:
    """§1.5.2: every pool team needs a pool (a position for its captain's postcode)."""
    return [Problem.error("1.5.2", Msg("team {} has no pool (no position known for its captain's "
                                       'postcode)', t),
                          hint=Msg("check the team's postcode"),
                          code="bracket.no-pool") for t in pool_teams if t not in pool_of]


#: a pool's row (§1.5.2): pool, teams, round-1 teams, late teams, largest club, lo, hi
PoolRow = tuple[str, int, int, int, int, int, int]


def _pool_rows(pool_teams: list[str], entry: Mapping[str, int], pool_of: Mapping[str, str],
               clubs: Mapping[str, int]) -> tuple[list[PoolRow], list[Problem]]:
    """One row per pool (§1.5.2): ``(pool, teams, round-1 teams, late teams, largest club, lo, hi)``
    where ``lo..hi`` is how many teams the pool can send on; a problem for a pool that cannot
    give each of its teams a match."""
    n1s: Counter[str] = Counter()
    lates: Counter[str] = Counter()
    club_counts: dict[str, Counter[str | int]] = {}
    for t in pool_teams:
        p = pool_of[t]
        if entry[t] == 1:
            n1s[p] += 1
            club_counts.setdefault(p, Counter())[clubs.get(t, t)] += 1
        else:
            lates[p] += 1
    rows: list[PoolRow] = []
    problems: list[Problem] = []
    for p in sorted(set(n1s) | set(lates)):
        cmax = max(club_counts.get(p, Counter()).values(), default=0)
        lo, hi = pool_range(n1s[p], lates[p], cmax)
        if lo > hi:
            problems.append(Problem.error(
                "1.5.2", Msg('pool {} cannot give each of its {} a match (largest club has {}); '
                             'every non-division team is guaranteed one match', p, Msg.counted(n1s[p], "team"), cmax),
                hint=Msg('merge the pool with another (cup.pools in season.toml)'), code="bracket.pool-club"))
        rows.append((p, n1s[p] + lates[p], n1s[p], lates[p], cmax, lo, hi))
    return rows, problems


def _too_many_for_the_first_national_round(n_pool: int, tlo: int, size: int, forced: int, d_all: int) -> Problem:
    """§1.5.2/§1.5.3: the two pool rounds cannot cut the pool teams down to the 1/64 final."""
    return Problem.error(
        "1.5.2",
        Msg('the field cannot be drawn: {} pool teams can be cut to no fewer than {} in the two pool '
            'rounds (a knockout round at most halves a field), but the 1/64 final ({} places) has room '
            'for only {} of them beside the {} division teams (§1.5.3; {} of them hold byes to round 4)',
            n_pool, tlo, size, max(0, size - forced - d_all), d_all, forced),
        hint=Msg('the regulations have exactly two pool rounds before the 1/64 final (round 3)'),
        code="bracket.pool-cut")


def _bracket(r0: int, t: int, d_all: int, forced: int, rows: list[PoolRow]) -> CupPlan:
    """The plan when the national bracket starts in round ``r0`` with ``t`` pool teams (§1.5.3)."""
    size = places(r0)
    field = t + d_all
    share = _share(t, [(r[0], r[1], r[5], r[6]) for r in rows])
    pools = tuple(_pool_plan(r[0], r[2], r[3], r[4], share[r[0]]) for r in rows)
    rounds = []
    if pools:
        rounds.append(RoundPlan(1, sum(p.teams for p in pools), sum(p.matches1 for p in pools),
                                sum(p.byes1 for p in pools)))
        rounds.append(RoundPlan(2, sum(p.field2 for p in pools), sum(p.matches2 for p in pools),
                                sum(p.byes2 for p in pools)))
    rounds.append(RoundPlan(r0, field, field - size // 2, size - field, forced))
    rounds.extend(RoundPlan(r, places(r), places(r) // 2, 0) for r in range(r0 + 1, LAST + 1))
    return CupPlan(r0, size, t, pools, tuple(r for r in rounds if r.matches > 0))


def plan_cup(
    entry: Mapping[str, int], pool_of: Mapping[str, str], clubs: Mapping[str, int]
) -> tuple[CupPlan | None, list[Problem]]:
    """The sizes of every round (§1.5.2, §1.5.3) from the entry round of every team
    (``entry``: team -> round, see rules.cup.entry), the pool of every pool team
    (``pool_of``, see rules.cup.pools) and the captain's club of every team (``clubs``).
    Returns (None, problems) when the field cannot be drawn."""
    pool_teams = sorted(t for t, e in entry.items() if e <= 2)
    problems = _unplaced(pool_teams, pool_of)
    if problems:
        return None, problems
    rows, problems = _pool_rows(pool_teams, entry, pool_of, clubs)
    if problems:
        return None, problems
    thi = sum(r[6] for r in rows)
    division = Counter(e for e in entry.values() if e >= FIRST_NATIONAL)
    d_all = sum(division.values())
    if thi + d_all < 2:
        return None, [Problem.error("1.5.2", Msg('too few teams for a cup with a final: {} entered, {} '
                                                 'would reach the national rounds', len(entry), thi + d_all),
                                    code="bracket.too-few-teams")]
    return _national(entry, rows, len(pool_teams), division)


def _national(entry: Mapping[str, int], rows: list[PoolRow], n_pool: int,
              division: Counter[int]) -> tuple[CupPlan | None, list[Problem]]:
    """The first national round that fits the field (§1.5.3): no team enters after the round
    that follows it, the pool teams can be cut to fit beside the division teams, and it has
    at least one match."""
    tlo, thi = sum(r[5] for r in rows), sum(r[6] for r in rows)
    d_all = sum(division.values())
    for r0 in range(FIRST_NATIONAL, LAST + 1):
        size = places(r0)
        forced = division.get(r0 + 1, 0) if r0 < LAST else 0
        if any(e > r0 + 1 for e in entry.values()):
            continue
        if tlo + d_all > size - forced:
            if r0 == FIRST_NATIONAL:
                return None, [_too_many_for_the_first_national_round(n_pool, tlo, size, forced, d_all)]
            continue
        t = min(max(size - forced - d_all, tlo), thi) if rows else 0
        if t + d_all <= size // 2:   # no match in round r0: the bracket starts later
            continue
        return _bracket(r0, t, d_all, forced, rows), []
    return None, [Problem.error("1.5.3", Msg('no bracket fits this field: check the entry rounds per '
                                             'division'),
                                hint=Msg('cup.entry_round in season.toml'), code="bracket.no-fit")]

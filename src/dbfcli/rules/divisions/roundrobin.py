"""The divisions' all-play-all schedule (§1.1.2.1, §1.1.3.1, §1.1.4.1) with the seeding of
§1.1.2.3: last season's nos. 1-4 meet each other as late as possible.

Teams are numbered by their place in the division's entry order (the seeding order): team 0
is last season's no. 1. With an odd number of teams a bye joins, so ``m`` (even) "seats" play
``m - 1`` rounds and every pair meets exactly once.

**Pairings** (which pairs meet in which round), by the number of seats ``m``:

* ``m = 2q`` with ``q`` even (8, 12, 16, ... -- the divisions' 12 teams): the *doubling*
  construction. The seats form two halves ``A = a0..a(q-1)`` and ``B = b0..b(q-1)``;
  ``q - 1`` "inner" rounds play the circle-method (Berger) 1-factorization of ``K_q`` in both
  halves at once, ``q`` "cross" rounds play ``a_i - b_(i+s mod q)``. The seeds sit at
  ``a0, a(q/2), b0, b(q/2)``: their six meetings fall in exactly three rounds (cross 0,
  cross ``q/2`` and the inner round that pairs ``a0-a(q/2)``), two meetings each.
* ``m = 2q`` with ``q`` odd, ``m >= 10``: the last three rounds are fixed (the seeds'
  1-factorization of ``K_4`` beside three circle-method rounds of the other ``m - 4`` seats)
  and the first ``m - 4`` rounds are completed by a deterministic depth-first search for
  perfect matchings (a few hundred steps for 10 or 14 seats).
* ``m <= 6``: the circle method. With 6 seats no schedule can keep the seeds apart in the
  first round (two non-seeds cannot fill three rounds with one pairing), so nothing better
  exists.

Then the rounds are **permuted**: rounds with fewer seed meetings first. With ``m >= 8`` the
seeds' six meetings are the last three rounds, two per round, ending with 1-2 and 3-4. That is
optimal: a round holds at most two meetings of four teams, so six meetings need three rounds.

**Home and away** are then chosen by a depth-first search over the matches in round order
with these guarantees (tested for 2-16 teams): every team's home and away counts differ by at
most 1 (exactly equal with an odd number of teams), and no team is home, or away, in three
consecutive rounds (a bye ends a run). Should the search ever run out of its step budget it
keeps only the balance guarantee; :func:`schedule_problems` then reports the runs.

**Dates**: ``DivisionSettings.weekends`` lists the Saturday of each weekend and
``rounds_per_weekend`` how many rounds it holds (default 3, 3, 3, 2 = 11). Within a weekend
of ``k`` rounds the first ``ceil(k / 2)`` are on Saturday, the rest on Sunday. When the numbers
do not add up, rounds are spread evenly over the weekends (earlier weekends take the extra) and
:func:`schedule_problems` says so.

**Geography** (§1.1.2.3 "considering the teams' geography"): a division weekend is played at
one venue per weekend (``DivisionSettings.venues``) to which every team travels, so which
round a pairing lands in changes no team's travel, and "home" only decides seating (§2.2).
The seeds' late meetings all fall on the last weekend. See docs/readings/divisions-standings.md.

>>> from dbfcli.rules.model import Division, Team
>>> teams = tuple(Team(f"T{i:02d}", f"Team {i}", 1, 1, "5000") for i in range(1, 13))
>>> rounds = division_schedule(Division("1div", teams), DivisionSettings())
>>> len(rounds), rounds[0].matches[0].id, [(m.home, m.away) for m in rounds[-1].matches][:2]
(11, '1div-R01-01', [('T01', 'T02'), ('T04', 'T03')])
"""

from __future__ import annotations

import datetime as dt
from typing import Iterable

from ..model import Division, all_play_all_rule
from ..problems import Msg, Problem
from ..settings import DivisionSettings
from ..value import Value

SEEDS = 4
_SEARCH_BUDGET = 200_000

Pair = tuple[int, int]


class DivMatch(Value):
    """One division match; ``away`` None is a bye. Ids: ``1div-R01-03`` (round 1, match 3)."""

    id: str
    round: int
    home: str
    away: str | None


class Round(Value):
    """A round of the all-play-all: its number (1-based), date (None when no weekends are set)."""

    number: int
    date: dt.date | None
    matches: tuple[DivMatch, ...]


def div_match_id(division_id: str, round_no: int, number: int) -> str:
    """``div_match_id("1div", 1, 3)`` -> ``'1div-R01-03'``.

    >>> div_match_id("3div-a", 11, 6)
    '3div-a-R11-06'
    """
    return f"{division_id}-R{round_no:02d}-{number:02d}"


# --- pairings --------------------------------------------------------------------------------

def circle_rounds(seats: list[int]) -> list[list[Pair]]:
    """The circle method (Berger tables): the last seat stays, the others rotate.

    >>> circle_rounds([0, 1, 2, 3])
    [[(3, 0), (1, 2)], [(3, 1), (2, 0)], [(3, 2), (0, 1)]]
    """
    q = len(seats)
    out = []
    for k in range(q - 1):
        rnd = [(seats[q - 1], seats[k])]
        for j in range(1, q // 2):
            rnd.append((seats[(k + j) % (q - 1)], seats[(k - j) % (q - 1)]))
        out.append(rnd)
    return out


def _doubling(m: int) -> list[list[Pair]]:
    """``m = 2q``, ``q`` even; seeds 0-3 at a0, a(q/2), b0, b(q/2)."""
    q, h = m // 2, m // 4
    a_pos: list[int | None] = [0] + [None] * (q - 1)
    b_pos: list[int | None] = [2] + [None] * (q - 1)
    a_pos[h], b_pos[h] = 1, 3
    rest = iter(range(SEEDS, m))
    for pos in (a_pos, b_pos):
        for i in range(q):
            if pos[i] is None:
                pos[i] = next(rest)
    a, b = [p for p in a_pos if p is not None], [p for p in b_pos if p is not None]   # every place filled now
    inner = circle_rounds(list(range(q)))  # on positions 0..q-1
    rounds = [[(a[x], a[y]) for x, y in rnd] + [(b[x], b[y]) for x, y in rnd] for rnd in inner]
    rounds += [[(a[i], b[(i + s) % q]) for i in range(q)] for s in range(q)]
    return rounds


def _completed(m: int) -> list[list[Pair]] | None:
    """``m >= 8``: fix the seeds' three rounds last, complete the rest by depth-first search."""
    others = circle_rounds(list(range(SEEDS, m)))
    k4 = [[(0, 3), (1, 2)], [(0, 2), (1, 3)], [(0, 1), (2, 3)]]
    fixed = [k4[i] + others[i] for i in range(3)]
    used = {frozenset(p) for rnd in fixed for p in rnd}
    wanted = m - 1 - len(fixed)
    done: list[list[Pair]] = []
    steps = 0

    def fill(matched: set[int], cur: list[Pair]) -> bool:
        nonlocal steps
        steps += 1
        if steps > _SEARCH_BUDGET:
            return False
        free = [v for v in range(m) if v not in matched]
        if not free:
            done.append(list(cur))
            if len(done) == wanted or fill(set(), []):
                return True
            done.pop()
            return False
        v = free[0]
        for w in free[1:]:
            edge = frozenset((v, w))
            if edge in used:
                continue
            used.add(edge)
            matched.update((v, w))
            cur.append((v, w))
            if fill(matched, cur):
                return True
            cur.pop()
            matched.difference_update((v, w))
            used.discard(edge)
        return False

    return done + fixed if fill(set(), []) else None


def pairings(n: int) -> list[list[Pair]]:
    """Rounds of unordered pairs of team numbers ``0..n-1``; with odd ``n`` the number ``n`` is
    the bye. Seeds are teams 0-3; rounds come in schedule order (seeds' meetings last).

    >>> [len(r) for r in pairings(5)], sum(len(r) for r in pairings(12))
    ([3, 3, 3, 3, 3], 66)
    """
    if n < 2:
        return []
    m = n + n % 2
    rounds: list[list[Pair]] | None = None
    if m >= 8 and (m // 2) % 2 == 0:
        rounds = _doubling(m)
    elif m >= 8:
        rounds = _completed(m)
    if rounds is None:
        rounds = circle_rounds(list(range(m)))
    seeds = set(range(min(SEEDS, n)))

    def meetings(rnd: list[Pair]) -> int:
        return sum(1 for x, y in rnd if x in seeds and y in seeds)

    def final_order(rnd: list[Pair]) -> int:  # among the seeded rounds: 1-4, then 1-3, then 1-2 last
        for x, y in rnd:
            if {x, y} & {0} and max(x, y) in seeds:
                return -max(x, y)
        return 0

    order = sorted(range(len(rounds)), key=lambda i: (meetings(rounds[i]), final_order(rounds[i]), i))
    return [sorted((min(p), max(p)) for p in rounds[i]) for i in order]


# --- home and away ---------------------------------------------------------------------------

class _Orientation:
    """The backtracking search of :func:`orient`: home and away for each real match in turn."""

    def __init__(self, rounds: list[list[Pair]], n: int, strict: bool):
        games: list[list[int]] = [[] for _ in range(n)]  # per team: round indices with a real match
        for r, rnd in enumerate(rounds):
            for x, y in rnd:
                if x < n and y < n:
                    games[x].append(r)
                    games[y].append(r)
        self.strict = strict
        self.cap = [(len(g) + 1) // 2 for g in games]
        self.last: list[list[tuple[int, bool]]] = [[] for _ in range(n)]  # (round, home?) so far
        self.home_count = [0] * n
        self.away_count = [0] * n
        self.real = [(r, x, y) for r, rnd in enumerate(rounds) for x, y in rnd if x < n and y < n]
        self.chosen: list[bool] = []  # True: x at home
        self.steps = 0

    def run_ok(self, t: int, r: int, home: bool) -> bool:
        if not self.strict:
            return True
        seq = self.last[t]
        return not (len(seq) >= 2 and seq[-1] == (r - 1, home) and seq[-2] == (r - 2, home))

    def want_home(self, t: int) -> int:  # +1 wants home, -1 wants away, 0 indifferent
        if not self.last[t]:
            return 0
        return -1 if self.last[t][-1][1] else 1

    def prefer_x_home(self, x: int, y: int) -> bool:
        score = self.want_home(x) - self.want_home(y)
        if score:
            return score > 0
        return (self.home_count[x] - self.away_count[x]) <= (self.home_count[y] - self.away_count[y])

    def fits(self, h: int, a: int, r: int) -> bool:
        if self.home_count[h] >= self.cap[h] or self.away_count[a] >= self.cap[a]:
            return False
        return self.run_ok(h, r, True) and self.run_ok(a, r, False)

    def _take(self, h: int, a: int, r: int, x_home: bool) -> None:
        self.home_count[h] += 1
        self.away_count[a] += 1
        self.last[h].append((r, True))
        self.last[a].append((r, False))
        self.chosen.append(x_home)

    def _drop(self, h: int, a: int) -> None:
        self.chosen.pop()
        self.last[h].pop()
        self.last[a].pop()
        self.home_count[h] -= 1
        self.away_count[a] -= 1

    def place(self, i: int) -> bool:
        self.steps += 1
        if self.steps > _SEARCH_BUDGET:
            return False
        if i == len(self.real):
            return True
        r, x, y = self.real[i]
        first = self.prefer_x_home(x, y)
        for x_home in (first, not first):
            h, a = (x, y) if x_home else (y, x)
            if not self.fits(h, a, r):
                continue
            self._take(h, a, r, x_home)
            if self.place(i + 1):
                return True
            self._drop(h, a)
        return False


def orient(rounds: list[list[Pair]], n: int, strict: bool = True) -> list[list[Pair]] | None:
    """Chooses home (first) and away (second) for every real match (byes stay ``(team, n)``).
    ``strict``: no team home or away in three consecutive rounds. Always: home and away counts
    differ by at most 1. Returns None if the search budget runs out."""
    search = _Orientation(rounds, n, strict)
    if not search.place(0):
        return None
    it = iter(search.chosen)
    out = []
    for rnd in rounds:
        row = []
        for x, y in rnd:
            if x < n and y < n:
                row.append((x, y) if next(it) else (y, x))
            else:
                row.append((min(x, y), max(x, y)))  # bye: (team, n)
        out.append(row)
    return out


def _venue_rows(rounds: list[list[Pair]], n: int) -> list[list[bool | None]]:
    """Per team, per round: True home, False away, None bye."""
    rows: list[list[bool | None]] = [[None] * len(rounds) for _ in range(n)]
    for r, rnd in enumerate(rounds):
        for h, a in rnd:
            if h < n and a < n:
                rows[h][r] = True
                rows[a][r] = False
    return rows


def breaks(rounds: list[list[Pair]], n: int) -> int:
    """Home-home or away-away in consecutive rounds, summed over the teams (a bye breaks a run)."""
    return sum(1 for row in _venue_rows(rounds, n) for a, b in zip(row, row[1:]) if a is not None and a == b)


def oriented_pairings(n: int) -> list[list[Pair]]:
    """:func:`pairings` with home first; strict runs when the search finds them."""
    rounds = pairings(n)
    return orient(rounds, n) or orient(rounds, n, strict=False) or rounds


# --- dates -----------------------------------------------------------------------------------

def rounds_per_weekend(total_rounds: int, settings: DivisionSettings) -> tuple[int, ...]:
    """The weekend split used: the setting if it adds up, else an even spread.

    >>> rounds_per_weekend(11, DivisionSettings()), rounds_per_weekend(9, DivisionSettings())
    ((3, 3, 3, 2), (3, 2, 2, 2))
    """
    split = tuple(settings.rounds_per_weekend)
    weekends = len(settings.weekends) or len(split) or 1
    if sum(split) == total_rounds and len(split) == weekends:
        return split
    base, extra = divmod(total_rounds, weekends)
    return tuple(base + (1 if w < extra else 0) for w in range(weekends))


def weekend_rounds(split: tuple[int, ...], weekend: int) -> range | None:
    """§1.1.2.1: the numbers of the rounds played on ``weekend`` (1, 2, ...) of a season split
    ``split`` (:func:`rounds_per_weekend`); ``None`` for a weekend the season does not have.

    >>> weekend_rounds((3, 3, 3, 2), 2), weekend_rounds((3, 3, 3, 2), 5)
    (range(4, 7), None)
    """
    if not 1 <= weekend <= len(split):
        return None
    first = sum(split[:weekend - 1]) + 1
    return range(first, first + split[weekend - 1])


def round_dates(total_rounds: int, settings: DivisionSettings) -> tuple[dt.date | None, ...]:
    """Date of each round: Saturday gets the first ``ceil(k/2)`` of a weekend's ``k`` rounds.

    >>> s = DivisionSettings(weekends=(dt.date(2026, 10, 3), dt.date(2026, 11, 7)), rounds_per_weekend=(3, 2))
    >>> [d.isoformat() for d in round_dates(5, s)]
    ['2026-10-03', '2026-10-03', '2026-10-04', '2026-11-07', '2026-11-08']
    """
    if not settings.weekends:
        return (None,) * total_rounds
    out: list[dt.date | None] = []
    for saturday, k in zip(settings.weekends, rounds_per_weekend(total_rounds, settings)):
        saturday_rounds = (k + 1) // 2
        out += [saturday] * saturday_rounds + [saturday + dt.timedelta(days=1)] * (k - saturday_rounds)
    return tuple(out[:total_rounds]) + (None,) * (total_rounds - len(out))



def round_venues(rounds: Iterable[Round], settings: DivisionSettings) -> dict[int, str]:
    """Venue postcode of each round's weekend, when ``venues`` are set (one per weekend):
    a round on a weekend's Saturday or Sunday is played at that weekend's venue.

    >>> s = DivisionSettings(weekends=(dt.date(2026, 10, 3),), venues=("5000",))
    >>> round_venues([Round(1, dt.date(2026, 10, 4), ()), Round(2, None, ())], s)
    {1: '5000'}
    """
    if not settings.venues or not settings.weekends:
        return {}
    by_saturday = dict(zip(settings.weekends, settings.venues))
    out = {}
    for r in rounds:
        if r.date is None:
            continue
        saturday = r.date if r.date in by_saturday else next((s for s in by_saturday if 0 <= (r.date - s).days <= 1), None)
        if saturday is not None:
            out[r.number] = by_saturday[saturday]
    return out

# --- the schedule ----------------------------------------------------------------------------

def division_schedule(division: Division, settings: DivisionSettings) -> tuple[Round, ...]:
    """The all-play-all of ``division`` (§1.1.2.1/§1.1.3.1/§1.1.4.1), seeded per §1.1.2.3.

    Match numbers within a round follow the home team's place in the entry order; a bye is
    the round's last "match" (``away`` None).
    """
    ids = [t.id for t in division.teams]
    n = len(ids)
    rounds = oriented_pairings(n)
    dates = round_dates(len(rounds), settings)
    out = []
    for r, (rnd, date) in enumerate(zip(rounds, dates), start=1):
        real = sorted(((h, a) for h, a in rnd if h < n and a < n), key=lambda p: min(p))
        byes = [(h if h < n else a) for h, a in rnd if not (h < n and a < n)]
        matches = [DivMatch(div_match_id(division.id, r, k), r, ids[h], ids[a]) for k, (h, a) in enumerate(real, 1)]
        matches += [DivMatch(div_match_id(division.id, r, len(real) + 1), r, ids[t], None) for t in byes]
        out.append(Round(r, date, tuple(matches)))
    return tuple(out)


def runs(rounds: tuple[Round, ...]) -> dict[str, int]:
    """Longest home-or-away run per team (a bye ends a run)."""
    best: dict[str, int] = {}
    state: dict[str, tuple[int, bool, int]] = {}  # team -> (round, home?, run length)
    for rnd in rounds:
        for m in rnd.matches:
            sides = [(m.home, True)] + ([(m.away, False)] if m.away else [])
            if m.away is None:
                state.pop(m.home, None)
                best.setdefault(m.home, 0)
                continue
            for team, home in sides:
                prev = state.get(team)
                length = prev[2] + 1 if prev and prev[0] == rnd.number - 1 and prev[1] == home else 1
                state[team] = (rnd.number, home, length)
                best[team] = max(best.get(team, 0), length)
    return best


def schedule_problems(division: Division, settings: DivisionSettings,
                      rounds: tuple[Round, ...] | None = None) -> list[Problem]:
    """Warnings about the schedule settings and guarantees the schedule could not keep."""
    rule = all_play_all_rule(division.number)
    problems: list[Problem] = []
    n = len(division.teams)
    if n < 2:
        problems.append(Problem.error(rule, Msg('{} has {}; an all-play-all needs at least 2',
                                                division.id, Msg.counted(n, "team")), code="div.team-count"))
        return problems
    if n != 12:
        problems.append(Problem.warning(rule, Msg('{} has {}; the regulations say 12', division.id, Msg.counted(n, "team")),
                                        code="div.team-count"))
    total = n - 1 + n % 2
    split = tuple(settings.rounds_per_weekend)
    if settings.weekends and len(settings.weekends) != len(split):
        problems.append(Problem.warning(rule, Msg('{}: {} set but rounds_per_weekend has {} '
                                                  'entries; rounds spread evenly', division.id,
                                                  Msg.counted(len(settings.weekends), "weekend"), len(split)),
                                        hint=Msg('give one rounds_per_weekend entry per weekend'), code="div.weekends"))
    if sum(split) != total:
        problems.append(Problem.warning(rule, Msg('{}: rounds_per_weekend adds up to {}, the all-play-all '
                                                  'of {} has {}; rounds spread evenly',
                                                  division.id, sum(split), Msg.counted(n, "team"),
                                                  Msg.counted(total, "round")),
                                        hint=Msg('make rounds_per_weekend add up to {}', total), code="div.weekends"))
    if len(settings.weekends) not in (0, 4) and division.number in (1, 2, 3):
        problems.append(Problem.warning(rule, Msg('{}: {}; the regulations say 4', division.id,
                                                  Msg.counted(len(settings.weekends), "weekend")), code="div.weekends"))
    rounds = rounds if rounds is not None else division_schedule(division, settings)
    long_runs = {t: k for t, k in runs(rounds).items() if k >= 3}
    if long_runs:
        problems.append(Problem.warning(rule, Msg('home or away three rounds in a row: {}', Msg.join(
                                            ", ", [Msg('{} ({})', t, k) for t, k in sorted(long_runs.items())])),
                                        code="div.home-away-run"))
    return problems


# --- a stored ("frozen") schedule ------------------------------------------------------------

def frozen_schedule(division_id: str, rounds: list[tuple[int, list[tuple[str, str, str | None]]]],
                    settings: DivisionSettings) -> tuple[Round, ...]:
    """The schedule as stored in ``divisions/schedule-<div>.yaml``: ``rounds`` is a list of
    ``(round number, [(match id, home, away or None), ...])``. Dates are not stored: they
    follow the season's weekends (:func:`round_dates`), so moving a weekend moves its rounds.

    >>> r = frozen_schedule("2div", [(1, [("2div-R01-01", "A", "B")])], DivisionSettings())
    >>> r[0].matches[0]
    DivMatch(id='2div-R01-01', round=1, home='A', away='B')
    """
    dates = round_dates(len(rounds), settings)
    return tuple(Round(no, date, tuple(DivMatch(mid, no, home, away) for mid, home, away in matches))
                 for (no, matches), date in zip(rounds, dates))


def _roster_changed(division: Division, stored_teams: tuple[str, ...], rule: str) -> list[Problem]:
    """A warning when the roster is not the one the schedule was made from."""
    roster = tuple(t.id for t in division.teams)
    if roster == tuple(stored_teams):
        return []
    gone = [t for t in stored_teams if t not in roster]
    new = [t for t in roster if t not in stored_teams]
    what = (f"left: {', '.join(gone)}" if gone else "") + ("; " if gone and new else "") + \
           (f"new: {', '.join(new)}" if new else "")
    return [Problem.warning(rule, Msg('{}: the roster changed since the schedule was frozen ({}); the '
                                      'stored schedule stands', division.id,
                                      what or 'same teams, another entry order'),
                            hint=Msg('if no {} result is recorded yet: dbf schedule {} --freeze '
                                     '--refreeze', division.id, division.id), code="div.roster-changed")]


def _stored_round(division: Division, k: int, rnd: Round, rule: str, seen_ids: set[str],
                  pairs: set[frozenset[str]]) -> list[Problem]:
    """The problems of stored round ``rnd`` (the ``k``-th); adds its ids and pairs to the sets."""
    problems: list[Problem] = []
    if rnd.number != k:
        problems.append(Problem.error(rule, Msg('{}: stored round {} where round {} belongs', division.id,
                                                rnd.number, k), code="div.schedule-round"))
    playing: set[str] = set()
    for m in rnd.matches:
        head, _, tail = m.id.rpartition("-R")
        if head != division.id or not tail.startswith(f"{rnd.number:02d}-"):
            problems.append(Problem.error(rule, Msg('{}: match id {} does not name round {} of {}',
                                                    division.id, m.id, rnd.number, division.id),
                                          code="div.schedule-match-id"))
        if m.id in seen_ids:
            problems.append(Problem.error(rule, Msg('{}: match id {} stored twice', division.id, m.id),
                                          code="div.schedule-match-id"))
        seen_ids.add(m.id)
        for t in (m.home, m.away):
            if t is not None and t in playing:
                problems.append(Problem.error(rule, Msg('{}: {} plays twice in round {}', division.id, t,
                                                        rnd.number), code="div.team-once-a-round"))
            if t is not None:
                playing.add(t)
        if m.away is not None:
            pair = frozenset((m.home, m.away))
            if pair in pairs:
                problems.append(Problem.error(rule, Msg('{}: {} and {} meet twice', division.id, m.home,
                                                        m.away), code="div.schedule-pairs"))
            pairs.add(pair)
    return problems


def check_frozen(division: Division, stored_teams: tuple[str, ...], rounds: tuple[Round, ...]) -> list[Problem]:
    """A stored schedule is still an all-play-all of the division (§1.1.2.1/§1.1.3.1/§1.1.4.1):
    rounds numbered 1..n, every id ``DIV-Rnn-mm`` of its round and unique, no team twice in a
    round, no pair twice, every pair of the roster once. A roster different from the one the
    schedule was made from (``stored_teams``) is a warning: the stored match ids stand, the TD
    decides (re-freeze only before any result is recorded)."""
    rule = all_play_all_rule(division.number)
    problems = _roster_changed(division, stored_teams, rule)
    seen_ids: set[str] = set()
    pairs: set[frozenset[str]] = set()
    for k, rnd in enumerate(rounds, 1):
        problems += _stored_round(division, k, rnd, rule, seen_ids, pairs)
    missing = [(a, b) for i, a in enumerate(stored_teams) for b in stored_teams[i + 1:]
               if frozenset((a, b)) not in pairs]
    if missing:
        shown = ", ".join(f"{a}-{b}" for a, b in missing[:5]) + (" ..." if len(missing) > 5 else "")
        problems.append(Problem.error(rule, Msg('{}: the stored schedule lacks {}: {}', division.id,
                                                Msg.counted(len(missing), "pairing"), shown), code="div.schedule-pairs"))
    return problems

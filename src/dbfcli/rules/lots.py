"""The lot-drawing engine of the cup draw (§1.5.2, §1.5.16): balls out of an urn.

Teams are drawn one at a time. Each pick is uniformly random among the teams
that still leave a valid completion, so the draw never walks into a dead end
and never silently starts over:

* **Byes** are drawn first. In round 1 no two teams of one captain's club may
  meet (§1.5.2). With ``n`` teams left and ``k`` byes still to give, the rest
  can be paired iff the clubs' excess over ``h = (n - k) / 2`` fits into the
  byes: ``sum(max(0, c - h)) <= k`` (a complete multipartite graph on an even
  number ``m`` of vertices has a perfect matching iff no part exceeds ``m/2``;
  byes taken from the over-full clubs are the only way to shrink them).
  Drawing a bye keeps ``h``; so when the excess equals ``k`` the next bye must
  come from an over-full club, otherwise any team may be drawn.
* **Pairs**: the first team of a match is drawn uniformly among all teams left
  (each has a valid opponent when the rest is pairable). With ``n`` left before
  the pick, its opponent must come from a club holding exactly ``n/2`` of the
  teams when there is one (else that club could not be paired later), else
  from any other club.

Club counts sit in buckets by size, so each pick costs O(1) amortised (the
opponent is found by rejection sampling, which is exactly uniform and needs
under 2 tries on average because no club holds more than half).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import Any

from .value import Value


class Urn:
    """Teams still in the urn, grouped by club, with O(1) removal and max-club tracking."""

    def __init__(self, teams: Sequence[str], club_of: Mapping[str, Hashable] | None = None):
        self.items: list[str] = list(teams)
        self.pos = {t: i for i, t in enumerate(self.items)}
        self.club = {t: (club_of.get(t, ("team", t)) if club_of is not None else ("team", t)) for t in self.items}
        self.members: dict[Hashable, list[str]] = {}
        self.mpos: dict[str, int] = {}
        for t in self.items:
            lst = self.members.setdefault(self.club[t], [])
            self.mpos[t] = len(lst)
            lst.append(t)
        self.buckets: dict[int, dict[Hashable, None]] = {}
        for c, lst in self.members.items():
            self.buckets.setdefault(len(lst), {})[c] = None
        self.maxc = max(self.buckets, default=0)

    def __len__(self) -> int:
        return len(self.items)

    def count(self, club: Hashable) -> int:
        return len(self.members.get(club, ()))

    def remove(self, t: str) -> None:
        i, last = self.pos.pop(t), self.items.pop()
        if last != t:
            self.items[i] = last
            self.pos[last] = i
        c = self.club[t]
        lst = self.members[c]
        j, lastm = self.mpos.pop(t), lst.pop()
        if lastm != t:
            lst[j] = lastm
            self.mpos[lastm] = j
        old = len(lst) + 1
        del self.buckets[old][c]
        if not self.buckets[old]:
            del self.buckets[old]
        if lst:
            self.buckets.setdefault(len(lst), {})[c] = None
        else:
            del self.members[c]
        while self.maxc > 0 and self.maxc not in self.buckets:
            self.maxc -= 1

    def clubs_with(self, size: int) -> list[Hashable]:
        return list(self.buckets.get(size, {}))

    def pick_any(self, rng: random.Random) -> str:
        return self.items[rng.randrange(len(self.items))]

    def pick_in(self, rng: random.Random, club: Hashable) -> str:
        lst = self.members[club]
        return lst[rng.randrange(len(lst))]

    def pick_not_in(self, rng: random.Random, club: Hashable) -> str:
        while True:
            t = self.items[rng.randrange(len(self.items))]
            if self.club[t] != club:
                return t


def bye_excess(counts: Iterable[int], n: int, k: int) -> int:
    """Sum of the clubs' excess over (n - k) / 2: the byes the clubs need (feasible iff <= k).

    >>> bye_excess([3, 1, 1], 5, 1), bye_excess([4, 1, 1], 6, 0)
    (1, 1)
    """
    h = (n - k) // 2
    return sum(max(0, c - h) for c in counts)


def draw_byes(urn: Urn, k: int, rng: random.Random, no_bye: frozenset[str] = frozenset()) -> list[str] | None:
    """Draw ``k`` byes from the urn, keeping the rest pairable without same-club pairs.

    ``no_bye``: teams that may not get a bye (§1.5.2 guarantee); only used where
    clubs do not matter (round 2). Returns None when no valid bye set exists.
    """
    if k == 0:
        return []
    if no_bye:
        return _byes_but(urn, k, rng, no_bye)
    n = len(urn)
    if k > n or (n - k) % 2:
        return None
    h = (n - k) // 2
    over, excess = _over_full(urn, h)
    if excess > k:
        return None
    out = []
    for left in range(k, 0, -1):
        # every remaining bye must shrink an over-full club once the excess is as large as the byes left
        t = urn.pick_any(rng) if excess < left else _pick_over_full(urn, over, rng)
        c = urn.club[t]
        if c in over:
            excess -= 1
            if urn.count(c) - 1 <= h:
                del over[c]
        urn.remove(t)
        out.append(t)
    return out


def _byes_but(urn: Urn, k: int, rng: random.Random, no_bye: frozenset[str]) -> list[str] | None:
    """§1.5.2: ``k`` byes drawn from the teams not in ``no_bye`` (clubs do not matter); None if too few."""
    eligible = [t for t in urn.items if t not in no_bye]
    if len(eligible) < k:
        return None
    eligible.sort()
    out = []
    for _ in range(k):
        t = _swap_pop(eligible, rng)
        urn.remove(t)
        out.append(t)
    return out


def _over_full(urn: Urn, h: int) -> tuple[dict[Hashable, None], int]:
    """The clubs with more than ``h`` teams (more than half the pairs left: they would meet
    each other), and by how many teams in all they are over."""
    over: dict[Hashable, None] = {}
    excess = 0
    for size in sorted(urn.buckets, reverse=True):
        if size <= h:
            break
        for c in urn.buckets[size]:
            over[c] = None
            excess += size - h
    return over, excess


def _pick_over_full(urn: Urn, over: dict[Hashable, None], rng: random.Random) -> str:
    """One team drawn at random from the over-full clubs, each team equally likely."""
    total = sum(urn.count(c) for c in over)
    r = rng.randrange(total)
    for c in over:
        if r < urn.count(c):
            return urn.members[c][r]
        r -= urn.count(c)
    raise AssertionError("the over-full clubs hold fewer teams than counted")


def _swap_pop(lst: list[str], rng: random.Random) -> str:
    i = rng.randrange(len(lst))
    lst[i], lst[-1] = lst[-1], lst[i]
    return lst.pop()


def draw_pairs(urn: Urn, rng: random.Random) -> list[tuple[str, str]] | None:
    """Empty the urn into pairs; no pair shares a club. None if impossible (a club over half)."""
    if len(urn) % 2 or urn.maxc * 2 > len(urn):
        return None
    pairs = []
    while len(urn):
        n = len(urn)
        a = urn.pick_any(rng)
        urn.remove(a)
        if urn.maxc * 2 == n:      # a club holding half the teams must take this opponent
            b = urn.pick_in(rng, urn.clubs_with(urn.maxc)[0])
        else:
            b = urn.pick_not_in(rng, urn.club[a])
        urn.remove(b)
        pairs.append((a, b))
    return pairs


def draw_lots(
    teams: Iterable[str], byes: int, rng: random.Random, *, club_of: Mapping[str, Hashable] | None = None,
    no_bye: Iterable[str] = (),
) -> tuple[list[str], list[tuple[str, str]]] | None:
    """Byes then pairs from ``teams`` (sorted first, so the seed alone decides).

    ``club_of`` given: no same-club pair (§1.5.2 round 1). ``no_bye``: teams that
    must play. Returns (byes, pairs) in the order drawn, or None when impossible.

    >>> draw_lots(["A", "B", "C", "D"], 0, random.Random(1), club_of={"A": 1, "B": 1, "C": 2, "D": 2}) is not None
    True
    >>> draw_lots(["A", "B", "C"], 1, random.Random(1), club_of={"A": 1, "B": 1, "C": 2})[0] in (["A"], ["B"])
    True
    """
    urn = Urn(sorted(teams), club_of)
    fixed = frozenset(no_bye)
    if club_of is not None and fixed:
        return None   # not needed by the cup: round 1 has no must-play teams
    got = draw_byes(urn, byes, rng, fixed)
    if got is None:
        return None
    pairs = draw_pairs(urn, rng)
    if pairs is None:
        return None
    return got, pairs


# --- lots the TD draws (§1.1.3.2, §1.1.2.5, §1.1.2.9, §1.1.4.2, §1.1.1.1) ------------------------
#
# The divisions draw lots where every tie-break is spent (a standings tie that decides a place
# that matters), for home in a play-off match whose round-robin match was drawn, and for a
# vacancy place when it is too late for a match. A lot is recorded once, with who drew it,
# when, who witnessed it and the order drawn; dbf draws one itself only from the operating
# system's randomness, and records the seed so the order can be replayed (:func:`draw_order`).


class DrawnLot(Value):
    """A lot as recorded in ``divisions/lots.yaml``.

    ``key`` is what it decides: a division id (``2div``) for a standings tie among ``teams``,
    a play-off match id (``1div-SF1``, ``3div-PO``) for home in section 1, or a rollover match
    id (``3div-PO3``, ``Q-PO1``) for a vacancy place. ``order`` is the drawn order, first drawn
    first: the better place, the home team, the team that goes up. ``seed`` is set when dbf drew
    it (replayable with :func:`draw_order`), None when the TD drew it by hand."""

    key: str
    rule: str
    teams: tuple[str, ...]
    order: tuple[str, ...]
    drawn_by: str
    witnesses: tuple[str, ...]
    drawn_at: str
    seed: int | None = None
    proof: Mapping[str, Any] | None = None   # a committed lot (issue 30): what it reveals (rules.cup.drawproof)

    @property
    def first(self) -> str:
        return self.order[0]

    def decides(self, key: str, teams: Iterable[str]) -> bool:
        return self.key == key and frozenset(self.teams) == frozenset(teams)


class PendingLot(Value):
    """A lot that must be drawn before something can be decided: ``dbf lot draw KEY --teams ...``."""

    key: str
    rule: str
    teams: tuple[str, ...]
    what: str

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "rule": self.rule, "teams": list(self.teams), "what": self.what}

    def command(self) -> str:
        return f"dbf lot draw {self.key} --teams {','.join(self.teams)} --by NAME --witness NAME"


def draw_order(teams: Iterable[str], seed: int) -> tuple[str, ...]:
    """The order a lot with ``seed`` draws among ``teams`` (sorted first, so the seed alone decides).

    >>> draw_order(["B", "A", "C"], 7) == draw_order(["C", "B", "A"], 7)
    True
    """
    pool = sorted(teams)
    return tuple(random.Random(seed).sample(pool, len(pool)))


def check_lot(lot: DrawnLot) -> list[str]:
    """What is wrong with a recorded lot, as messages: its order is not its teams once each, or
    dbf's seed does not replay its order."""
    out = []
    if sorted(lot.order) != sorted(lot.teams) or len(set(lot.teams)) != len(lot.teams):
        out.append(f"lot {lot.key}: the order {', '.join(lot.order)} is not the teams {', '.join(lot.teams)} once each")
    elif lot.seed is not None and draw_order(lot.teams, lot.seed) != tuple(lot.order):
        out.append(f"lot {lot.key}: seed {lot.seed} draws {', '.join(draw_order(lot.teams, lot.seed))}, "
                   f"not the recorded {', '.join(lot.order)}")
    if len(lot.teams) < 2:
        out.append(f"lot {lot.key}: a lot is drawn among two teams or more")
    return out


def find_lot(lots: Iterable[DrawnLot], key: str, teams: Iterable[str]) -> DrawnLot | None:
    """The recorded lot deciding ``key`` among exactly ``teams``, or None."""
    return next((lot for lot in lots if lot.decides(key, teams)), None)

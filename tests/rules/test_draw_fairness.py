"""§1.5.2 fairness of the lot-drawing: "each next pick is random among the picks that still
leave a valid completion", and every valid draw can come out.

What "fair" means here (docs/readings/draw.md): the draw is a sequence of
uniform picks among the valid next picks, like balls drawn from an urn that
never lets the drawer reach a dead end. That does NOT make every valid set of
pairings equally likely in general. So the test computes, with an independent
brute-force reference, (1) every valid complete draw and (2) the exact
probability the sequential process gives each one, and checks that the engine
(a) produces exactly the valid draws, all of them, and (b) produces them with
those probabilities (chi-square test, p = 0.001, fixed seeds: deterministic).
"""

import math
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from dbfcli.rules.lots import draw_lots


def make(counts):
    teams, clubs = [], {}
    for c, k in enumerate(counts):
        for i in range(k):
            t = f"{'ABCDEFG'[c]}{i + 1}"
            teams.append(t)
            clubs[t] = c
    return teams, clubs


def pairable_without_same_club(clubs):
    """``pairable(teams)``: can these teams be paired with no two of one club? (brute force, memoised)"""

    @lru_cache(maxsize=None)
    def pairable(rem: frozenset) -> bool:
        if not rem:
            return True
        a = min(rem)
        return any(clubs[a] != clubs[b] and pairable(rem - {a, b}) for b in rem - {a})

    return pairable


def reference(teams, clubs, byes):
    """Exact outcome probabilities of the sequential process, by brute force (no shortcut rules)."""

    pairable = pairable_without_same_club(clubs)

    @lru_cache(maxsize=None)
    def completable(rem: frozenset, k: int) -> bool:
        if k == 0:
            return pairable(rem)
        return any(completable(rem - {t}, k - 1) for t in rem)

    out: Counter = Counter()

    def walk(rem, k, got_byes, pairs, p):
        if k > 0:
            valid = sorted(t for t in rem if completable(rem - {t}, k - 1))
            for t in valid:
                walk(rem - {t}, k - 1, got_byes | {t}, pairs, p / len(valid))
            return
        if not rem:
            out[(frozenset(got_byes), frozenset(pairs))] += p
            return
        firsts = sorted(a for a in rem if any(clubs[a] != clubs[b] and pairable(rem - {a, b}) for b in rem - {a}))
        for a in firsts:
            opp = sorted(b for b in rem - {a} if clubs[a] != clubs[b] and pairable(rem - {a, b}))
            for b in opp:
                walk(rem - {a, b}, 0, got_byes, pairs | {frozenset((a, b))}, p / len(firsts) / len(opp))

    walk(frozenset(teams), byes, frozenset(), frozenset(), Fraction(1))
    return out


def all_valid(teams, clubs, byes):
    """Every valid complete draw (bye set + pairing without same-club pairs), independent of the process."""
    from itertools import combinations

    found = set()

    def pairings(rem):
        if not rem:
            yield frozenset()
            return
        a = min(rem)
        for b in rem - {a}:
            if clubs[a] != clubs[b]:
                for rest in pairings(rem - {a, b}):
                    yield rest | {frozenset((a, b))}

    for bye_set in combinations(sorted(teams), byes):
        for p in pairings(frozenset(teams) - set(bye_set)):
            found.add((frozenset(bye_set), p))
    return found


def chi2_critical(df: int, z: float = 3.0902) -> float:
    """Upper 0.1 % point of chi-square (Wilson-Hilferty approximation)."""
    h = 2 / (9 * df)
    return df * (1 - h + z * math.sqrt(h)) ** 3


CASES = [
    ((2, 2, 2), 0, 3000),       # 6 teams, 3 clubs of 2: 8 valid pairings
    ((3, 1, 1), 1, 1500),       # 5 teams, one club over half: the bye must come from it
    ((3, 2, 2), 1, 3000),       # 7 teams, 1 bye, several shapes
    ((4, 2, 1, 1), 2, 4000),    # 8 teams, 2 byes: excess 1 <= 2 byes
    ((2, 2), 0, 1000),          # the 4-team case: 2 valid pairings
]


@pytest.mark.parametrize("counts, byes, n", CASES, ids=lambda v: str(v))
def test_1_5_2_every_valid_draw_appears_with_the_process_probability(counts, byes, n):
    """§1.5.2: valid draws only, all of them, at the frequencies the sequential process defines."""
    teams, clubs = make(counts)
    exact = reference(teams, clubs, byes)
    assert sum(exact.values()) == 1
    assert set(exact) == all_valid(teams, clubs, byes), "look-ahead must reach every valid draw"
    seen: Counter = Counter()
    for seed in range(n):
        got = draw_lots(teams, byes, random.Random(seed), club_of=clubs)
        assert got is not None
        seen[(frozenset(got[0]), frozenset(frozenset(p) for p in got[1]))] += 1
    assert set(seen) == set(exact), "§1.5.2: exactly the valid draws, every one of them"
    chi2 = sum((seen[o] - n * float(p)) ** 2 / (n * float(p)) for o, p in exact.items())
    df = len(exact) - 1
    if df:
        assert chi2 < chi2_critical(df), f"chi-square {chi2:.1f} over {df} degrees of freedom"


def test_fairness_reference_is_not_trivially_uniform():
    """The sequential process is not uniform over pairings in general; the test above therefore
    checks against the exact process probabilities, not against 1/count."""
    teams, clubs = make((4, 2, 1, 1))
    exact = reference(teams, clubs, 2)
    assert len(set(exact.values())) > 1


from hypothesis import given, settings, strategies as st  # noqa: E402


def brute_force_exists(teams, clubs, byes):
    """Is there any bye set + same-club-free pairing? (search over subsets, memoised)"""

    pairable = pairable_without_same_club(clubs)

    @lru_cache(maxsize=None)
    def completable(rem: frozenset, k: int) -> bool:
        return pairable(rem) if k == 0 else any(completable(rem - {t}, k - 1) for t in rem)

    return completable(frozenset(teams), byes)


@settings(max_examples=120, deadline=None)
@given(st.lists(st.integers(1, 4), min_size=1, max_size=3), st.integers(0, 3), st.integers(0, 10_000))
def test_1_5_2_lots_succeed_exactly_when_a_valid_draw_exists(counts, byes, seed):
    """§1.5.2 look-ahead: the engine finds a draw iff brute force finds one, and it is valid."""
    teams, clubs = make(counts)
    if byes > len(teams):
        return
    exists = brute_force_exists(teams, clubs, byes)
    got = draw_lots(teams, byes, random.Random(seed), club_of=clubs)
    assert (got is not None) == exists
    if got:
        bye_list, pairs = got
        assert len(bye_list) == byes and all(clubs[a] != clubs[b] for a, b in pairs)
        assert sorted(bye_list + [t for p in pairs for t in p]) == sorted(teams)

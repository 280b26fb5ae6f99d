"""Benchmark of the cup draw (§1.5.2): pools and round 1 with the same-club rule.

    python bench/bench_draw.py

Builds synthetic fields with a fixed seed (captains spread east/west of the
Great Belt, clubs of about 6 teams, one club just over half of the east pool, so that
the same-club look-ahead and the byes it needs are exercised), then times:

* the pool split + round 1 draw of every pool (byes: the pool's parity and any
  club's excess over half), at 1k, 4k, 16k and 100k teams;
* the size plan (which reports, for fields above ~560 teams, that the field
  cannot be drawn under the regulations' two pool rounds, §1.5.2);
* a whole cup drawn round by round for a field that fits (301 teams).

Targets (issue 3): round 1 of a 4,096-team field <= 1 s; 100k <= 30 s, near-linear.
bench/run.py puts ``round1`` in its table (section "draw"); this script adds the size plan
and a whole cup.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from dbfcli.rules.cup.bracket import plan_cup  # noqa: E402
from dbfcli.rules.cup.draw import draw_cup_round, draw_pools  # noqa: E402
from dbfcli.rules.lots import bye_excess  # noqa: E402
from dbfcli.rules.cup.pools import split_pools  # noqa: E402


def field(n: int, seed: int = 2627, d4: int = 8, d3: int = 36):
    rng = random.Random(seed)
    entry, clubs, geo = {}, {}, {}
    big = n // 4      # one club with a quarter of all teams, all east: just over half its pool
    for i in range(n):
        t = f"T{i:06d}"
        entry[t] = 4 if i < d4 else 3 if i < d4 + d3 else 1
        east = i < big or rng.random() < 0.3
        clubs[t] = 0 if i < big else 1 + rng.randrange(max(1, n // 6))
        geo[t] = ("east", rng.uniform(54.6, 56.1), rng.uniform(11.2, 12.6)) if east else \
                 ("west", rng.uniform(54.9, 57.6), rng.uniform(8.2, 10.9))
    return entry, clubs, geo


def round1(n: int) -> tuple[float, float, int, int]:
    entry, clubs, geo = field(n)
    t0 = time.perf_counter()
    pool_of = split_pools({t: g for t, g in geo.items() if entry[t] <= 2}, 3)
    t1 = time.perf_counter()
    by_pool: dict[str, list[str]] = {}
    for t, p in pool_of.items():
        if entry[t] == 1:
            by_pool.setdefault(p, []).append(t)
    byes = {}
    for p, teams in by_pool.items():
        counts = Counter(clubs[t] for t in teams)
        k = max(len(teams) % 2, 2 * max(counts.values()) - len(teams))   # fewest byes (rules.cup.bracket)
        assert bye_excess(counts.values(), len(teams), k) <= k
        byes[p] = k
    draw, problems = draw_pools(1, by_pool, byes, random.Random(1), clubs)
    t2 = time.perf_counter()
    assert draw is not None, problems
    assert all(clubs[m.teams[0]] != clubs[m.teams[1]] for m in draw.matches)
    return t1 - t0, t2 - t1, len(draw.matches), len(draw.byes)


def plan_time(n: int) -> tuple[float, str]:
    entry, clubs, geo = field(n)
    pool_of = split_pools({t: g for t, g in geo.items() if entry[t] <= 2}, 3)
    t0 = time.perf_counter()
    plan, problems = plan_cup(entry, pool_of, clubs)
    dt = time.perf_counter() - t0
    return dt, ("round %d first national" % plan.first_national_round) if plan else f"§{problems[0].rule}: cannot be drawn"


def whole_cup(n: int) -> tuple[float, int]:
    entry, clubs, geo = field(n)
    pool_of = split_pools({t: g for t, g in geo.items() if entry[t] <= 2}, 3)
    t0 = time.perf_counter()
    draws, winners = {}, {}
    rng = random.Random(5)
    for r in range(1, 10):
        out, problems = draw_cup_round(r, entry=entry, clubs=clubs, pool_of=pool_of, draws=draws,
                                       winners=winners, seed=r)
        if out is None:
            continue
        draws[r] = out.draw
        winners.update({m.id: m.teams[rng.randrange(2)] for m in out.draw.matches})
    return time.perf_counter() - t0, len(draws)


def main() -> None:
    print("round 1 (pools + same-club draw with look-ahead)")
    print(f"{'teams':>8} {'pools s':>9} {'draw s':>9} {'total s':>9} {'us/team':>8} {'matches':>8} {'byes':>5}")
    for n in (1_000, 4_096, 16_000, 100_000):
        split, draw, matches, byes = round1(n)
        total = split + draw
        print(f"{n:>8} {split:>9.3f} {draw:>9.3f} {total:>9.3f} {total / n * 1e6:>8.1f} {matches:>8} {byes:>5}")
    print()
    print("size plan (§1.5.2/§1.5.3)")
    for n in (301, 1_000, 4_096, 100_000):
        dt, what = plan_time(n)
        print(f"{n:>8} {dt:>9.3f} s  {what}")
    dt, rounds = whole_cup(301)
    print()
    print(f"whole cup of 301 teams, {rounds} rounds drawn: {dt:.3f} s")


if __name__ == "__main__":
    main()

"""A synthetic cup field for the draw tests (§1.5.2, §1.5.3): entry rounds, clubs, pools."""

import random

from dbfcli.rules.cup.pools import split_pools


def synthetic(n, d4, d3, seed=1, clubs_per=6):
    """n teams: d4 seeded to round 4, d3 to round 3, the rest in the pools (45 % east)."""
    rng = random.Random(seed)
    entry, clubs, geo = {}, {}, {}
    for i in range(n):
        t = f"T{i:06d}"
        entry[t] = 4 if i < d4 else 3 if i < d4 + d3 else 1
        clubs[t] = rng.randrange(max(1, n // clubs_per))
        east = rng.random() < 0.45
        geo[t] = ("east", rng.uniform(54.6, 56.1), rng.uniform(11.2, 12.6)) if east else \
                 ("west", rng.uniform(54.9, 57.6), rng.uniform(8.2, 10.9))
    pool_of = split_pools({t: g for t, g in geo.items() if entry[t] <= 2}, 3)
    return entry, clubs, pool_of

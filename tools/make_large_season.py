#!/usr/bin/env python3
"""A large synthetic season for benchmarks (bench/): N cup teams.

    python tools/make_large_season.py 4096 /tmp/big [--seed 7]
    dbf --dir /tmp/big check

Same shape as the shipped example (tools/make_example.py): real postcodes,
clubs with many teams (the same-club rule of §1.5.2 bites), 4-6 players per
team (§1.5.11), four divisions of 12 (§1.1) whose players sit on some cup
teams (§1.5.3). Beyond 400 teams it adds one extra fictional club per 40
teams, in towns the example's clubs do not cover, so the club structure
keeps its proportions. Deterministic for a given N and seed; not committed
as data.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))

import make_example as ex  # noqa: E402
from names import CLUBS, Club  # noqa: E402

PATTERNS = ("{town} Bridgeklub", "Bridgeklubben {town}", "BK {town}", "{town} Bridgeforening")


def extra_clubs(n_cup: int, rng: random.Random, places: dict[str, ex.Place]) -> list[Club]:
    """One extra fictional club per 40 teams beyond 400, each in its own town
    (a town name of the postcode table not yet home to a club)."""
    if n_cup <= 400:
        return []
    homes = ex.residential(places)
    taken = {places[c.postcode].name for c in CLUBS}
    islands = {p for c in CLUBS for p in c.area} | set(ex.SMALL_ISLANDS)
    towns: dict[str, str] = {}
    for code in sorted(homes):
        name = homes[code].name
        if code not in islands and name not in taken and " " not in name and name not in towns:
            towns[name] = code
    picked = rng.sample(sorted(towns), min(len(towns), n_cup // 40))
    codes = {c.code for c in CLUBS}
    out = []
    for i, town in enumerate(sorted(picked)):
        stem = "".join(ch for ch in town.upper() if ch.isalpha())
        stem = stem.replace("Æ", "AE").replace("Ø", "OE").replace("Å", "AA")[:3]
        code, k = stem, 1
        while code in codes:
            k += 1
            code = f"{stem[:2]}{k}"
        codes.add(code)
        out.append(Club(8000 + i, rng.choice(PATTERNS).format(town=town), code, town,
                        towns[town], rng.choice((1, 2, 2, 3)), 10.0))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="number of cup teams (e.g. 4096)")
    ap.add_argument("outdir", type=Path, help="tournaments folder to write (created)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = ap.parse_args(argv)
    if args.n < len(CLUBS):
        ap.error(f"N must be at least {len(CLUBS)} (one team per club)")
    t0 = time.perf_counter()
    places = ex.load_postcodes()
    clubs = list(CLUBS) + extra_clubs(args.n, random.Random(args.seed), places)
    season = ex.build_season(args.seed, args.n, clubs, places)
    files = ex.season_files(season, f"tools/make_large_season.py {args.n}")
    ex.write_files(args.outdir, files)
    players = sum(len(t.players) for t in season.cup)
    print(f"wrote {len(season.cup)} cup teams ({players} players, {len(clubs)} clubs) "
          f"under {args.outdir} in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

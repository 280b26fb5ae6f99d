#!/usr/bin/env python3
"""Make the shipped example season ``tournaments/`` from a fixed seed.

    python tools/make_example.py            # rewrites tournaments/
    python tools/make_example.py OUTDIR     # writes the same files under OUTDIR

Everything comes from ``random.Random(SEED)``, the lists in ``tools/names.py``
and the postcode table, so two runs give byte-identical files
(``tests/test_example_season.py`` checks that the committed files are exactly
what this script writes: never edit them by hand).

What it makes (docs/example-season.md):

- 160 cup teams of 4-6 players (§1.5.11) from 47 fictional clubs spread over
  Denmark by population; seven clubs enter 6-12 teams, so the same-club rule
  of round 1 (§1.5.2, the captain's club decides) has work to do.
- The four divisions of §1.1 (1div, 2div, 3div-a west, 3div-b east), 12 teams
  each in last season's order (§1.1.2.3).
- About 25 cup teams with players from this season's divisions, marked with
  ``division:`` so they enter in round 3 or 4 (§1.5.3).

``build_season`` is shared with ``tools/make_large_season.py``.
"""

from __future__ import annotations

import argparse
import csv
import math
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml

TOOLS = Path(__file__).resolve().parent
ROOT = TOOLS.parent
sys.path.insert(0, str(TOOLS))

from names import CLUBS, FIRST_NAMES, LAST_NAMES, TEAM_WORDS, Club  # noqa: E402

SEED = 2627
SEASON = "2026-27"
N_CUP_TEAMS = 160
DIVISION_IDS = ("1div", "2div", "3div-a", "3div-b")
DIVISION_NUMBER = {"1div": 1, "2div": 2, "3div-a": 3, "3div-b": 3}

#: Clubs of each division's 12 teams (§1.1; 3div-a = Jutland/Funen,
#: 3div-b = Zealand, Lolland-Falster and Bornholm, §1.1.4.1). The order here
#: is not the seeding order: that is shuffled by the seed.
DIVISION_CLUBS: dict[str, tuple[str, ...]] = {
    "1div": ("KBH", "KBH", "FRB", "FRB", "LYN", "GEN", "AMA", "AAR", "AAR", "ODE", "AAL", "ROS"),
    "2div": ("KBH", "FRB", "LYN", "HOR", "HEL", "AAR", "RIS", "ODE", "FYN", "AAL", "ESB", "VEJ"),
    "3div-a": ("AAR", "BRA", "SIL", "HRS", "RAN", "HER", "KOL", "FRE", "NOR", "HJO", "SVE", "VIB"),
    "3div-b": ("KBH", "GEN", "VAL", "BAL", "HVI", "ROS", "HIL", "KOG", "NAE", "NYF", "RON", "SLA"),
}
#: How many division teams lend players to a cup team of their club (§1.5.3).
DIVISION_TEAMS_IN_CUP = 26

#: Team sizes (§1.5.11: 4-6 players): mostly 4-5, some 6.
CUP_SIZES, CUP_SIZE_WEIGHTS = (4, 5, 6), (50, 35, 15)
DIVISION_SIZES, DIVISION_SIZE_WEIGHTS = (4, 5, 6), (25, 45, 30)

#: Small ferry islands that a mainland club's radius must not reach.
SMALL_ISLANDS = ("8789", "8799", "4944", "4945", "5935", "5960", "5965")


# ---------------------------------------------------------------- postcodes

def postcode_csv() -> Path:
    """The postcode table: the package data (``src/dbfcli/data/dk_postcodes.csv``)."""
    path = ROOT / "src" / "dbfcli" / "data" / "dk_postcodes.csv"
    if not path.exists():
        raise SystemExit(f"{path} not found: run from a clone of the repository")
    return path


@dataclass(frozen=True)
class Place:
    postcode: str
    name: str
    lat: float
    lon: float


def load_postcodes(path: Path | None = None) -> dict[str, Place]:
    with open(path or postcode_csv(), encoding="utf-8", newline="") as f:
        return {r["postcode"]: Place(r["postcode"], r["name"], float(r["lat"]), float(r["lon"]))
                for r in csv.DictReader(f)}


def residential(places: dict[str, Place]) -> dict[str, Place]:
    """Drop the codes nobody lives at: business/PO-box codes sharing one point."""
    seen: dict[tuple[float, float], int] = {}
    for p in places.values():
        seen[(p.lat, p.lon)] = seen.get((p.lat, p.lon), 0) + 1
    return {k: p for k, p in places.items()
            if seen[(p.lat, p.lon)] == 1 and int(k) >= 1000
            and "pakkecent" not in p.name.lower() and "centraltastning" not in p.name.lower()}


def km(a: Place, b: Place) -> float:
    """Great-circle distance; good enough to say who lives near a club."""
    la1, lo1, la2, lo2 = map(math.radians, (a.lat, a.lon, b.lat, b.lon))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def club_areas(clubs: list[Club], places: dict[str, Place]) -> dict[str, list[list[str]]]:
    """Where each club's members live: postcodes grouped by town name, so that
    the ~300 street codes of central Copenhagen count as one town."""
    homes = residential(places)
    islands = {p for c in clubs for p in c.area} | set(SMALL_ISLANDS)
    areas: dict[str, list[list[str]]] = {}
    for c in clubs:
        if c.area:
            codes = [p for p in c.area if p in places]
        else:
            centre = places[c.postcode]
            codes = sorted(k for k, p in homes.items()
                           if k not in islands and km(centre, p) <= c.radius_km)
            if c.postcode not in codes:
                codes.append(c.postcode)
        towns: dict[str, list[str]] = {}
        for k in sorted(codes):
            towns.setdefault(places[k].name, []).append(k)
        areas[c.code] = [towns[t] for t in sorted(towns)]
    return areas


# ---------------------------------------------------------------- people

@dataclass
class Person:
    id: int
    name: str
    club: int
    division: int | None = None

    def entry(self, with_division: bool) -> dict:
        d = {"id": self.id, "name": self.name, "club": self.club}
        if with_division and self.division is not None:
            d["division"] = self.division
        return d


@dataclass
class TeamOut:
    id: str
    name: str
    club: Club
    postcode: str = ""
    captain: Person | None = None
    players: list[Person] = field(default_factory=list)

    def entry(self, with_division: bool) -> dict:
        assert self.captain is not None
        return {"id": self.id, "name": self.name, "captain": self.captain.id,
                "club": self.club.number, "postcode": self.postcode,
                "players": [p.entry(with_division) for p in self.players]}


class People:
    """Hands out fictional members: unique 6-digit DBF numbers, and (while the
    name lists last) unique names."""

    def __init__(self, rng: random.Random, how_many: int, unique_names: bool):
        self.rng = rng
        self.ids = rng.sample(range(100000, 1000000), how_many)
        self.ids.reverse()           # pop() hands them out in sampled order
        self.names: set[str] = set()
        self.unique_names = unique_names

    def new(self, club: int) -> Person:
        for _ in range(200):
            name = f"{self.rng.choice(FIRST_NAMES)} {self.rng.choice(LAST_NAMES)}"
            if name not in self.names or not self.unique_names:
                break
        else:
            raise RuntimeError("name lists exhausted: add names to tools/names.py")
        self.names.add(name)
        return Person(self.ids.pop(), name, club)


def neighbours(clubs: list[Club], places: dict[str, Place]) -> dict[str, list[Club]]:
    """Each club's three nearest clubs: where a team's guest players come from."""
    out = {}
    for c in clubs:
        others = sorted((x for x in clubs if x.code != c.code),
                        key=lambda x: (km(places[c.postcode], places[x.postcode]), x.number))
        out[c.code] = others[:3]
    return out


# ---------------------------------------------------------------- season

@dataclass
class Season:
    seed: int
    cup: list[TeamOut]
    divisions: dict[str, list[TeamOut]]


def apportion(total: int, weights: list[int]) -> list[int]:
    """Split ``total`` in proportion to ``weights`` (largest remainder, ties by
    position), every share at least 1."""
    s = sum(weights)
    exact = [total * w / s for w in weights]
    shares = [max(1, int(e)) for e in exact]
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - int(exact[i])), i))
    i = 0
    while sum(shares) < total:
        shares[order[i % len(order)]] += 1
        i += 1
    while sum(shares) > total:
        j = max(range(len(shares)), key=lambda k: (shares[k], -k))
        shares[j] -= 1
    return shares


def build_season(seed: int = SEED, n_cup: int = N_CUP_TEAMS,
                 clubs: list[Club] | None = None,
                 places: dict[str, Place] | None = None) -> Season:
    """The whole season, from ``random.Random(seed)`` only."""
    rng = random.Random(seed)
    clubs = list(clubs or CLUBS)
    places = places or load_postcodes()
    by_code = {c.code: c for c in clubs}
    areas = club_areas(clubs, places)
    near = neighbours(clubs, places)
    counts = ([c.teams for c in clubs] if n_cup == sum(c.teams for c in clubs)
              else apportion(n_cup, [c.teams for c in clubs]))
    people = People(rng, 6 * (n_cup + 4 * 12) + 10, unique_names=n_cup <= 400)

    def address(club: Club) -> str:
        """A member's postcode: half live in the club's own town."""
        if rng.random() < 0.5:
            return club.postcode
        return rng.choice(rng.choice(areas[club.code]))

    def member(club: Club) -> Person:
        """A player: mostly the club's own, some from a neighbouring club."""
        if rng.random() < 0.85:
            return people.new(club.number)
        return people.new(rng.choice(near[club.code]).number)

    # The divisions (§1.1), last season's order = seeding order (§1.1.2.3).
    letters: dict[str, int] = {}
    divisions: dict[str, list[TeamOut]] = {}
    used_names: set[str] = set()
    for div in DIVISION_IDS:
        codes = list(DIVISION_CLUBS[div])
        rng.shuffle(codes)
        teams = []
        for code in codes:
            club = by_code[code]
            letters[code] = letters.get(code, 0) + 1
            captain = people.new(club.number)
            captain.division = DIVISION_NUMBER[div]
            size = rng.choices(DIVISION_SIZES, DIVISION_SIZE_WEIGHTS)[0]
            players = [captain] + [member(club) for _ in range(size - 1)]
            for p in players:
                p.division = DIVISION_NUMBER[div]
            first, last = captain.name.split(" ", 1)
            name = f"Team {last}" if f"Team {last}" not in used_names else f"Team {captain.name}"
            used_names.add(name)
            teams.append(TeamOut(f"{code}-{chr(64 + letters[code])}", name, club,
                                 address(club), captain, players))
        divisions[div] = teams

    # Cup team ids and names (§1.5): <club code>-<n>, "<town> <word>".
    cup: list[TeamOut] = []
    for club, count in zip(clubs, counts):
        words = rng.sample(TEAM_WORDS, min(count, len(TEAM_WORDS)))
        for n in range(1, count + 1):
            word = words[(n - 1) % len(words)]
            if n > len(words):
                word = f"{word} {(n - 1) // len(words) + 1}"
            cup.append(TeamOut(f"{club.code}-{n}", f"{club.town} {word}", club))

    # Division players who also play the cup (§1.5.3): a few players of a
    # division team join one cup team of the same club; now and then a cup
    # team gets players from two division teams.
    lent: dict[str, list[Person]] = {}
    by_club: dict[str, list[TeamOut]] = {}
    for t in cup:
        by_club.setdefault(t.club.code, []).append(t)
    all_div = [t for div in DIVISION_IDS for t in divisions[div]]
    for dt in rng.sample(all_div, min(DIVISION_TEAMS_IN_CUP, len(all_div))):
        options = [t for t in by_club.get(dt.club.code, []) if t.id not in lent]
        mixed = [t for t in by_club.get(dt.club.code, []) if len(lent.get(t.id, [])) == 1]
        if mixed and rng.random() < 0.3:
            options = mixed
        if not options:
            continue
        target = rng.choice(options)
        room = 3 - len(lent.get(target.id, []))
        k = min(room, rng.choice((1, 1, 2, 2, 3)))
        lent.setdefault(target.id, []).extend(rng.sample(dt.players, k))

    for t in cup:
        size = rng.choices(CUP_SIZES, CUP_SIZE_WEIGHTS)[0]
        guests = lent.get(t.id, [])
        own = [p for p in guests if p.club == t.club.number]
        if own and rng.random() < 0.5:
            captain = rng.choice(own)
        else:
            captain = people.new(t.club.number)
        rest = [p for p in guests if p is not captain]
        fresh = max(0, size - 1 - len(rest))
        players = [captain] + rest + [member(t.club) for _ in range(fresh)]
        t.captain, t.players = captain, players
        t.postcode = address(t.club)
    return Season(seed, cup, divisions)


# ---------------------------------------------------------------- files

def header(generator: str, seed: int) -> str:
    return (f"# generated by {generator}, seed {seed}; do not edit by hand.\n"
            f"# Fictional people and clubs; postcodes: GeoNames, CC BY 4.0.\n")


def dump_teams(doc: dict) -> str:
    """YAML of a teams file: block style, one flow mapping per player, and a
    blank line between teams so a person can read it."""
    text = yaml.safe_dump(doc, sort_keys=False, allow_unicode=True,
                          default_flow_style=None, width=200)
    return text.replace("\n- id: ", "\n\n- id: ").replace(":\n\n- id: ", ":\n- id: ", 1)


def season_files(season: Season, generator: str, season_id: str = SEASON) -> dict[str, str]:
    """Relative path -> file text, for every file the generator owns."""
    head = header(generator, season.seed)
    files = {
        "dbf.toml": (
            f"# The tournaments folder of dbf ({generator}).\n"
            "# current: the season commands use when --season and $DBF_SEASON are absent.\n"
            f'current = "{season_id}"\n'
            "# git: commit every write to this folder with git (false: the journal only).\n"
            "git = false\n"),
        f"{season_id}/cup/teams.yaml": head + dump_teams(
            {"schema": 1, "teams": [t.entry(True) for t in season.cup]}),
    }
    toml = default_season_toml()
    if toml is not None:
        files[f"{season_id}/season.toml"] = toml(season_id)
    for div, teams in season.divisions.items():
        files[f"{season_id}/divisions/{div}.yaml"] = head + (
            "# Teams in last season's order = seeding order (§1.1.2.3).\n") + dump_teams(
            {"schema": 1, "division": div, "teams": [t.entry(False) for t in teams]})
    return files


def default_season_toml():
    """The foundation's ``dbf init`` text (``dbfcli.store.settings``), or None
    when the package is not importable (then no season.toml is written)."""
    sys.path.insert(0, str(ROOT / "src"))
    try:
        from dbfcli.store.settings import default_season_toml as render
    except ImportError:
        return None
    return render


def write_files(outdir: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = outdir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode("utf-8"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", nargs="?", type=Path, default=ROOT / "tournaments",
                    help="tournaments folder to write (default: the repository's tournaments/)")
    args = ap.parse_args(argv)
    season = build_season(SEED, N_CUP_TEAMS)
    files = season_files(season, "tools/make_example.py")
    write_files(args.outdir, files)
    print(f"wrote {len(files)} files under {args.outdir}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

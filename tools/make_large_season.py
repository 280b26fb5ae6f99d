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

With ``--results`` every match of the season is recorded as well, for the
state-size benchmarks of issue 9 (bench/run.py):

* the cup: the draw rules (§1.5.2, docs/readings/draw.md) declare a field of
  more than about 300-500 teams impossible to fit the 128-place 1/64 final,
  so ``dbf draw`` refuses it. The generator therefore writes the draws and
  the recorded matches itself, in the formats ``dbf draw cup`` and
  ``dbf result submit`` write (``cup/draws/round-NN.yaml``,
  ``cup/matches/<ID>.yaml``): a knockout in which every team plays, entering
  at its entry round (§1.5.3: division teams at 3 or 4); each round pairs all
  teams still in (an odd one out gets a bye), the first round avoids two
  teams of one club (§1.5.2). Eight rounds halve 4,096 teams only to 16, so
  round 9 holds one final (§1.5.1: one a season) between two of them and
  gives the other 14 byes: the state has the size of a 4,096-team knockout
  (some 4,080 recorded sheets), not the shape of the regulations' bracket.
* the divisions: the schedule frozen by ``dbf schedule DIV --freeze`` and
  every match recorded (``divisions/matches/<ID>.yaml``).
* ``DIR/trophy.yaml``: ``--history`` finals (default 30) for ``dbf trophy``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
SRC = TOOLS.parent / "src"
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


def dbf_json(outdir: Path, *args: str) -> dict:
    """Run ``dbf --dir OUTDIR ARGS --json`` (this checkout's package) and parse its output."""
    env = dict(os.environ, PYTHONPATH=str(SRC) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               DBF_CACHE_DIR="off")
    env.pop("DBF_SEASON", None)
    out = subprocess.run([sys.executable, "-m", "dbfcli", "--dir", str(outdir), *args, "--json"],
                         capture_output=True, text=True, env=env)
    if out.returncode != 0:
        raise SystemExit(f"dbf {' '.join(args)} failed ({out.returncode}): {out.stderr.strip()[:500]}")
    return json.loads(out.stdout)


def _yaml_dump(data, header: str) -> str:
    sys.path.insert(0, str(SRC))
    from dbfcli.store.yamlio import dump_yaml

    return dump_yaml(data, header)


def _lineup(rng: random.Random, players: list[dict], boards: int) -> list[dict]:
    """Who played how many boards (§1.5.14): four seats, each played ``boards`` boards;
    three players sit all match, the others share the fourth seat."""
    ids = [p["id"] for p in players][:6]
    rest = ids[3:] or ids[:1]
    share = [boards // len(rest) + (1 if k < boards % len(rest) else 0) for k in range(len(rest))]
    rows = [{"id": i, "boards": boards} for i in ids[:3]]
    rows += [{"id": i, "boards": b} for i, b in zip(rest, share) if b]
    return rows


def _segments(rng: random.Random, n: int) -> list[list[int]]:
    return [[rng.randrange(0, 40), rng.randrange(0, 40)] for _ in range(n)]


def cup_sheet(rng: random.Random, r: int, mid: str, first: dict, second: dict, played_on: dt.date,
              up: int = 0) -> dict:
    """A valid result sheet (docs/interface.md) for cup match ``mid`` of round ``r``: first team at home,
    40 boards (48 from round 7) in 8-board segments, never an IMP tie; ``up`` claimed by the away team."""
    boards = 40 if r <= 6 else 48
    segs = _segments(rng, boards // 8)
    if sum(s[0] for s in segs) == sum(s[1] for s in segs):
        segs[-1][0] += 1
    home_rows, away_rows = _lineup(rng, first["players"], boards), _lineup(rng, second["players"], boards)
    return {"match": mid, "played_on": played_on, "submitted_at": dt.datetime.combine(played_on, dt.time(20)),
            "segments": segs,
            "home": {"team": first["id"], "players": home_rows},
            "away": {"team": second["id"], **({"up": up} if up else {}), "players": away_rows},
            "signed_by": home_rows[0]["id"]}


def cup_record(rng, r: int, mid: str, first: dict, second: dict, played_on: dt.date, fee_kr: int) -> tuple[str, dict]:
    """A recorded cup match in the shape ``dbf result submit`` writes (docs/sheets.md)."""
    from dbfcli.rules.cup.gp import format_gp, round_gp, share_gp

    up = rng.choice((0, 0, 1, 2, 3, 5, 8, 14))
    sheet = cup_sheet(rng, r, mid, first, second, played_on, up)
    segs, boards = sheet["segments"], 40 if r <= 6 else 48
    home_rows, away_rows = sheet["home"]["players"], sheet["away"]["players"]
    h, a = sum(s[0] for s in segs), sum(s[1] for s in segs)
    winner, loser = (first, second) if h > a else (second, first)
    win_rows = home_rows if winner is first else away_rows
    gp = share_gp(round_gp(r) * 100, {row["id"]: row["boards"] for row in win_rows})
    doc = {"schema": 1, "match": mid, "round": r, "kind": "result", "teams": [first["id"], second["id"]],
           "home": first["id"], "away": second["id"], "winner": winner["id"], "loser": loser["id"],
           "imps": [h, a], "boards": boards, "decided_by": "imps", "played_on": played_on.isoformat()}
    if up:
        doc["up"] = {second["id"]: up}
    doc["gp"] = {pid: format_gp(v) for pid, v in sorted(gp.items())}
    doc["penalty"] = False
    doc["appearances"] = [{"player": row["id"], "team": t["id"], "boards": row["boards"]}
                          for t, rows in ((first, home_rows), (second, away_rows)) for row in rows]
    doc["substitutes"], doc["joins"] = [], []
    if r < 9:
        doc["fees"] = {winner["id"]: {"round": r + 1, "players": len(winner["players"]),
                                      "amount_kr": fee_kr * len(winner["players"])}}
    doc["recorded_at"] = dt.datetime.combine(played_on + dt.timedelta(days=1), dt.time(8)).isoformat()
    doc["sheet"] = sheet
    return f"{mid} (tools/make_large_season.py)", doc


def _pair_avoiding_clubs(teams: list[dict]) -> list[tuple[dict, dict]]:
    """Consecutive pairs of a shuffled list, swapping so that no pair shares a club (§1.5.2)."""
    teams = list(teams)
    for i in range(0, len(teams) - 1, 2):
        if teams[i]["club"] == teams[i + 1]["club"]:
            for j in range(i + 2, len(teams)):
                if teams[j]["club"] != teams[i]["club"]:
                    teams[i + 1], teams[j] = teams[j], teams[i + 1]
                    break
    return [(teams[i], teams[i + 1]) for i in range(0, len(teams) - 1, 2)]


def record_cup(outdir: Path, season: str, seed: int) -> int:
    """Draws and recorded matches of a knockout in which every cup team plays (see the module doc)."""
    from dbfcli.rules.model import cup_match_id

    teams = dbf_json(outdir, "cup", "teams")["teams"]
    rng = random.Random(seed * 7919 + 1)
    first_day = dt.date(2026, 9, 12)
    still_in: list[dict] = []
    files = 0
    for r in range(1, 10):
        field = still_in + [t for t in teams if t["entry_round"] == r]
        rng.shuffle(field)
        pairs = _pair_avoiding_clubs(field) if r == 1 else [(field[i], field[i + 1])
                                                             for i in range(0, len(field) - 1, 2)]
        byes = [field[-1]] if len(field) % 2 else []
        if r == 9:  # one final (§1.5.1: one a season); the other teams left have byes
            byes = [t for pair in pairs[1:] for t in pair] + byes
            pairs = pairs[:1]
        played_on = first_day + dt.timedelta(weeks=3 * (r - 1))
        matches, winners = [], []
        for k, (a, b) in enumerate(pairs, 1):
            mid = cup_match_id(r, k)
            matches.append({"id": mid, "pool": None, "teams": [a["id"], b["id"]]})
            header, doc = cup_record(rng, r, mid, a, b, played_on, 60)
            path = outdir / season / "cup" / "matches" / f"{mid}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(_yaml_dump(doc, header), encoding="utf-8")
            winners.append(a if doc["winner"] == a["id"] else b)
            files += 1
        draw = {"schema": 1, "round": r, "seed": rng.getrandbits(62),
                "drawn_at": dt.datetime.combine(played_on - dt.timedelta(days=10), dt.time(20),
                                                tzinfo=dt.timezone.utc).isoformat(timespec="seconds"),
                "drawn_order": [t["id"] for t in byes] + [t for m in matches for t in m["teams"]],
                "matches": matches, "byes": [t["id"] for t in byes]}
        path = outdir / season / "cup" / "draws" / f"round-{r:02d}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(_yaml_dump(draw, f"cup round {r} (tools/make_large_season.py, synthetic)"), encoding="utf-8")
        still_in = winners + byes
    return files


def record_divisions(outdir: Path, season: str, seed: int) -> int:
    """Freeze each division's schedule (``dbf schedule DIV --freeze``) and record every match."""
    import yaml

    import tomllib

    rng = random.Random(seed * 104729 + 3)
    settings = tomllib.loads((outdir / season / "season.toml").read_text(encoding="utf-8"))
    files = 0
    for div in ("1div", "2div", "3div-a", "3div-b"):
        roster = yaml.safe_load((outdir / season / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
        players = {t["id"]: t["players"] for t in roster["teams"]}
        boards = int(settings.get("divisions", {}).get(div, {}).get("boards", 36))
        sched = dbf_json(outdir, "schedule", div, "--freeze")
        for rnd in sched["rounds"]:
            played_on = dt.date.fromisoformat(rnd["date"]) if rnd.get("date") else dt.date(2026, 10, 3)
            for m in rnd["matches"]:
                if m.get("away") is None:
                    continue
                if boards % 8 == 0:   # 8-board segments, short form
                    segs = _segments(rng, boards // 8)
                    h, a = sum(s[0] for s in segs), sum(s[1] for s in segs)
                else:                 # e.g. 36 boards: three of 12, long form
                    segs = [{"boards": boards // 3, "imps": s} for s in _segments(rng, 3)]
                    h, a = sum(s["imps"][0] for s in segs), sum(s["imps"][1] for s in segs)
                home_rows = _lineup(rng, players[m["home"]], boards)
                away_rows = _lineup(rng, players[m["away"]], boards)
                sheet = {"match": m["id"], "played_on": played_on, "segments": segs,
                         "home": {"team": m["home"], "players": home_rows},
                         "away": {"team": m["away"], "players": away_rows},
                         "signed_by": home_rows[0]["id"]}
                doc = {"schema": 1, "match": m["id"], "division": div, "round": rnd["round"],
                       "home": m["home"], "away": m["away"], "boards": boards, "imps": [h, a], "segments": segs,
                       "appearances": [{"player": row["id"], "team": t, "boards": row["boards"]}
                                       for t, rows in ((m["home"], home_rows), (m["away"], away_rows))
                                       for row in rows],
                       "recorded_at": dt.datetime.combine(played_on, dt.time(22)).isoformat(),
                       "sheet": sheet}
                path = outdir / season / "divisions" / "matches" / f"{m['id']}.yaml"
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(_yaml_dump(doc, f"{m['id']} (tools/make_large_season.py)"), encoding="utf-8")
                files += 1
    return files


def write_history(outdir: Path, n: int, seed: int, last_season: str) -> None:
    """``DIR/trophy.yaml``: the finals of the ``n`` seasons before ``last_season`` (§1.5.1)."""
    rng = random.Random(seed * 31 + n)
    start = int(last_season[:4]) - n
    captains = [(100000 + rng.randrange(900000), f"Kaptajn {i + 1}") for i in range(max(3, n // 3))]
    finals = []
    for k in range(n):
        y = start + k
        cap, name = rng.choice(captains) if k % 4 else captains[k % len(captains)]
        finals.append({"season": f"{y}-{(y + 1) % 100:02d}", "captain": cap, "name": name})
    (outdir / "trophy.yaml").write_text(_yaml_dump({"schema": 1, "finals": finals},
                                                   f"{n} cup finals (tools/make_large_season.py, fictional)"),
                                        encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("n", type=int, help="number of cup teams (e.g. 4096)")
    ap.add_argument("outdir", type=Path, help="tournaments folder to write (created)")
    ap.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    ap.add_argument("--results", action="store_true",
                    help="also record every cup and division match (state-size benchmark, issue 9)")
    ap.add_argument("--history", type=int, default=None,
                    help="finals in DIR/trophy.yaml (default 30 with --results, else none)")
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
    history = args.history if args.history is not None else (30 if args.results else 0)
    if args.results:
        t1 = time.perf_counter()
        cup = record_cup(args.outdir, ex.SEASON, args.seed)
        div = record_divisions(args.outdir, ex.SEASON, args.seed)
        print(f"recorded {cup} cup and {div} division matches in {time.perf_counter() - t1:.1f} s", file=sys.stderr)
    if history:
        write_history(args.outdir, history, args.seed, ex.SEASON)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

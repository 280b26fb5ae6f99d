"""Play the example season forward for the publishing tests: real draws (rules.cup.draw), made-up
results written in the state-file formats of ARCHITECTURE.md (cup/draws, cup/matches,
divisions/matches). Deterministic: the same arguments give the same files."""

from __future__ import annotations

import random
from pathlib import Path

import yaml

from dbfcli.rules.cup.bracket import plan_cup
from dbfcli.rules.cup.draw import draw_cup_round
from dbfcli.rules.cup.entry import entry_rounds
from dbfcli.rules.geography import side_of
from dbfcli.rules.cup.gp import format_gp, match_gp
from dbfcli.rules.cup.pools import split_pools
from dbfcli.rules.cup.roster import division_players
from dbfcli.rules.divisions.roundrobin import division_schedule
from dbfcli.store.geodata import load_postcodes
from dbfcli.store.season import SeasonStore
from dbfcli.store.settings import load_settings
from dbfcli.store.teams import load_cup_teams, load_divisions


EVIL = "<script>alert(1)</script>"


def run(*args: str) -> tuple[int, str, str]:
    """`dbf ARGS` in-process: (exit code, stdout, stderr)."""
    from typer.testing import CliRunner

    from dbfcli.cli.app import app

    result = CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr if result.stderr_bytes is not None else ""


def _write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def play(root: Path, season: str = "2026-27", cup_rounds: int = 9, div_rounds: int = 3,
         seed: int = 1, rename: dict[str, str] | None = None) -> dict:
    """Draw and play cup rounds up to ``cup_rounds`` (as far as the plan goes) and ``div_rounds``
    division rounds. ``rename``: team id -> new name written into the teams files first."""
    season_dir = root / season
    if rename:
        for rel in ["cup/teams.yaml", *[f"divisions/{d}.yaml" for d in ("1div", "2div", "3div-a", "3div-b")]]:
            p = season_dir / rel
            data = yaml.safe_load(p.read_text(encoding="utf-8"))
            for t in data["teams"]:
                if t["id"] in rename:
                    t["name"] = rename[t["id"]]
            _write(p, data)
    store = SeasonStore(root, season)
    settings = load_settings(store)
    teams, _ = load_cup_teams(store)
    divisions, _ = load_divisions(store)
    entry, _ = entry_rounds(teams, settings.cup.entry_round, division_players(divisions))
    table = load_postcodes()
    by_id = {t.id: t for t in teams}
    geo = {}
    for t in teams:
        if entry[t.id] <= 2:
            pt = table.point(t.postcode)
            geo[t.id] = (side_of(table, t.postcode) or "west", pt.lat, pt.lon)
    pool_of = split_pools(geo, settings.cup.pools)
    clubs = {t.id: t.club for t in teams}
    plan, _ = plan_cup(entry, pool_of, clubs)
    rng = random.Random(seed)
    draws, winners = {}, {}
    played = []
    for rnd in plan.played_rounds:
        if rnd > cup_rounds:
            break
        out, problems = draw_cup_round(rnd, entry=entry, clubs=clubs, pool_of=pool_of, draws=draws,
                                       winners=winners, seed=seed + rnd)
        assert out is not None, problems
        d = out.draw
        draws[rnd] = d
        _write(season_dir / f"cup/draws/round-{rnd:02d}.yaml", {
            "schema": 1, "round": rnd, "seed": d.seed, "drawn_order": list(d.drawn_order),
            "matches": [{"id": m.id, "pool": m.pool, "teams": list(m.teams)} for m in d.matches],
            "byes": list(d.byes)})
        for m in d.matches:
            home, away = m.teams
            hi, ai = rng.randint(20, 110), rng.randint(20, 110)
            if hi == ai:
                hi += 1
            winner, loser = (home, away) if hi > ai else (away, home)
            boards = {p.id: 40 for p in by_id[winner].players[:4]}
            gp = match_gp(rnd, boards)
            up = rng.randint(0, 12)
            _write(season_dir / f"cup/matches/{m.id}.yaml", {
                "schema": 1, "match": m.id, "round": rnd, "kind": "result", "teams": list(m.teams),
                "home": home, "away": away, "winner": winner, "loser": loser, "imps": [hi, ai], "boards": 40,
                "up": {away: up} if up else {}, "gp": {pid: format_gp(h) for pid, h in gp.items()}})
            winners[m.id] = winner
        played.append(rnd)
    for div_id, div in divisions.items():
        rounds = division_schedule(div, settings.division(div_id))
        for r in rounds[:div_rounds]:
            for m in r.matches:
                if m.away is None:
                    continue
                _write(season_dir / f"divisions/matches/{m.id}.yaml", {
                    "schema": 1, "match": m.id, "division": div_id, "round": r.number, "home": m.home,
                    "away": m.away, "boards": settings.division(div_id).boards,
                    "imps": [rng.randint(10, 90), rng.randint(10, 90)]})
    return {"rounds": played, "draws": draws, "winners": winners, "plan": plan}

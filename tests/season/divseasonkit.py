"""Division results by team strength, for the season tests (issue 15).

Every match of a division is recorded in the record form of divisions/matches/<id>.yaml: the
stronger team wins by 3 IMPs per point of strength between them, equal strengths draw 40-40.
Two teams of equal strength play the same results against everybody and draw each other, so
they are level on VP, mini-league, IMP quotient and IMP difference: only a lot separates them
(§1.1.3.2). Default strength: the entry order (first = strongest)."""

from __future__ import annotations

import yaml

SEASON = "2026-27"
DIVS = ("1div", "2div", "3div-a", "3div-b")


def entry_order(folder, div, season=SEASON) -> list[str]:
    doc = yaml.safe_load((folder / season / "divisions" / f"{div}.yaml").read_text(encoding="utf-8"))
    return [t["id"] for t in doc["teams"]]


def imps(strength, home, away):
    diff = (strength[home] - strength[away]) * 3
    return [40 + max(diff, 0), 40 + max(-diff, 0)]


def record_all(folder, season=SEASON, level=(), divisions=DIVS, skip=()):
    """Record every match of ``divisions``; ``level``: groups of team ids given the strength of
    the group's first team. ``skip``: match ids left out. Returns {div: entry order}."""
    from dbfcli.rules.divisions.roundrobin import division_schedule
    from dbfcli.store.season import SeasonStore
    from dbfcli.store.settings import load_settings
    from dbfcli.store.teams import load_division

    store = SeasonStore(folder, season)
    settings = load_settings(store)
    out = store.dir / "divisions" / "matches"
    out.mkdir(parents=True, exist_ok=True)
    orders = {}
    for div in divisions:
        d, _ = load_division(store, div)
        orders[div] = [t.id for t in d.teams]
        strength = {t: -i for i, t in enumerate(orders[div])}
        for group in level:
            for t in group:
                if t in strength and group[0] in strength:
                    strength[t] = strength[group[0]]
        for rnd in division_schedule(d, settings.division(div)):
            for m in rnd.matches:
                if m.away is None or m.id in skip:
                    continue
                doc = {"schema": 1, "match": m.id, "division": div, "round": m.round, "home": m.home,
                       "away": m.away, "boards": settings.division(div).boards,
                       "imps": imps(strength, m.home, m.away)}
                (out / f"{m.id}.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    return orders

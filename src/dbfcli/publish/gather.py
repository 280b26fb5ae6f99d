"""Everything the site, the press report and the e-mails show, read from the season folder.

This is store code (it reads files); it hands plain rule values to ``site.py``,
``press.py`` and ``mail.py``. It reads the documented state files directly
(ARCHITECTURE.md / the issue's formats) where no store module of their own
kind exists yet:

* ``cup/draws/round-NN.yaml``  {schema, round, seed, drawn_order, matches: [{id, pool, teams}], byes}
* ``cup/matches/<ID>.yaml``     {schema, match, round, kind, teams, home, away, winner, loser, imps, boards, up, gp}
* ``divisions/matches/<ID>.yaml`` {schema, match, division, round, home, away, boards, imps}
* ``cup/schedule.yaml``         agreed date/time/venue per match (optional)
* ``cup/contacts.yaml``         {schema, contacts: {member_id: e-mail}} (optional; issue 7)
* ``DIR/trophy.yaml``           {schema, finals: [{season, captain, name}]} (optional, across seasons)

A malformed file is a :class:`StoreError` (exit 2) from ``read_yaml``; a file with the
wrong shape is skipped with a warning Problem (the site still builds).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..rules.model import CupDraw, CupMatch, Division, Team
from ..rules.problems import Problem, Where
from ..rules.settings import Settings
from ..rules.standings import DivResult
from ..store.season import SeasonStore

ROUND_FILE = re.compile(r"round-(\d+)\.yaml$")


@dataclass(frozen=True, slots=True)
class CupResult:
    """A recorded cup match (result or walkover). ``imps`` is (home, away)."""

    match: str
    round: int
    kind: str
    teams: tuple[str, str]
    home: str | None
    away: str | None
    winner: str | None
    loser: str | None
    imps: tuple[int, int] | None
    boards: int | None
    up: Mapping[str, int]
    gp: Mapping[int, int]          # member id -> hundredths of a GP

    def imps_of(self, team: str) -> int | None:
        if self.imps is None:
            return None
        if team == self.home:
            return self.imps[0]
        if team == self.away:
            return self.imps[1]
        return None


@dataclass
class SeasonData:
    """One season, as read: teams, draws, results, settings."""

    season: str
    settings: Settings
    cup_teams: dict[str, Team]
    entry: dict[str, int]
    divisions: dict[str, Division]
    draws: dict[int, CupDraw]
    results: dict[str, CupResult]
    div_results: dict[str, list[DivResult]]
    agreements: dict[str, Any] = field(default_factory=dict)
    contacts: dict[int, str] = field(default_factory=dict)
    finals: list[Any] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)

    @property
    def winners(self) -> dict[str, str]:
        return {m: r.winner for m, r in self.results.items() if r.winner}

    def team_name(self, team_id: str | None) -> str:
        if team_id is None:
            return ""
        t = self.cup_teams.get(team_id)
        if t is None:
            for d in self.divisions.values():
                for dt_ in d.teams:
                    if dt_.id == team_id:
                        return dt_.name
        return t.name if t else team_id

    def up_totals(self, before_round: int) -> dict[str, int]:
        """UP credited in the rounds before ``before_round`` (§1.5.5 reading: UP in total so far)."""
        out: dict[str, int] = {}
        for r in self.results.values():
            if r.round < before_round:
                for team, n in r.up.items():
                    out[team] = out.get(team, 0) + n
        return out

    def gp_totals(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for r in self.results.values():
            for pid, h in r.gp.items():
                out[pid] = out.get(pid, 0) + h
        return out


def _int(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _pair(value: Any) -> tuple[int, int] | None:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(_int(v) is not None for v in value):
        return int(value[0]), int(value[1])
    return None


def load_draws(store: SeasonStore) -> tuple[dict[int, CupDraw], list[Problem]]:
    """Every recorded cup draw (``cup/draws/round-NN.yaml``)."""
    draws: dict[int, CupDraw] = {}
    problems: list[Problem] = []
    for rel in store.list("cup/draws"):
        m = ROUND_FILE.search(rel)
        if not m:
            continue
        doc = store.read_yaml(rel)
        d = doc.data if doc else None
        try:
            rnd = int(d.get("round", m.group(1)))
            matches = tuple(CupMatch(str(x["id"]), rnd, (str(x["teams"][0]), str(x["teams"][1])), x.get("pool"))
                            for x in d.get("matches") or ())
            draws[rnd] = CupDraw(rnd, int(d.get("seed") or 0), matches, tuple(str(b) for b in d.get("byes") or ()),
                                 tuple(str(t) for t in d.get("drawn_order") or ()))
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            problems.append(Problem.warning("1.5.16", f"{rel}: not a draw file; skipped", Where(rel)))
    return draws, problems


def load_cup_results(store: SeasonStore) -> tuple[dict[str, CupResult], list[Problem]]:
    """Every recorded cup result sheet and walkover (``cup/matches/*.yaml``)."""
    from ..rules.gp import parse_gp

    out: dict[str, CupResult] = {}
    problems: list[Problem] = []
    for rel in store.list("cup/matches"):
        doc = store.read_yaml(rel)
        d = doc.data if doc else None
        try:
            teams = tuple(str(t) for t in (d.get("teams") or (d.get("home"), d.get("away"))))
            gp = {}
            for pid, v in (d.get("gp") or {}).items():
                try:
                    gp[int(pid)] = parse_gp(v) if not isinstance(v, int) or isinstance(v, bool) else v * 100
                except (TypeError, ValueError):
                    continue
            res = CupResult(
                str(d["match"]), int(d.get("round") or int(str(d["match"]).split("-")[0][1:])),
                str(d.get("kind") or "result"), (teams[0], teams[1]),
                d.get("home") and str(d["home"]), d.get("away") and str(d["away"]),
                d.get("winner") and str(d["winner"]), d.get("loser") and str(d["loser"]),
                _pair(d.get("imps")), _int(d.get("boards")),
                {str(k): int(v) for k, v in (d.get("up") or {}).items() if _int(v) is not None}, gp)
            out[res.match] = res
        except (AttributeError, KeyError, TypeError, ValueError, IndexError):
            problems.append(Problem.warning("1.5.14", f"{rel}: not a recorded result; skipped", Where(rel)))
    return out, problems


def load_div_results(store: SeasonStore) -> tuple[dict[str, list[DivResult]], list[Problem]]:
    """Every recorded division match (``divisions/matches/*.yaml``), by division."""
    out: dict[str, list[DivResult]] = {}
    problems: list[Problem] = []
    for rel in store.list("divisions/matches"):
        doc = store.read_yaml(rel)
        d = doc.data if doc else None
        try:
            imps = _pair(d.get("imps"))
            if imps is None:
                raise ValueError("imps")
            div = str(d.get("division") or str(d["match"]).split("-R")[0])
            out.setdefault(div, []).append(DivResult(str(d["match"]), int(d["round"]), str(d["home"]), str(d["away"]),
                                                     imps[0], imps[1], int(d.get("boards") or 0), Where(rel)))
        except (AttributeError, KeyError, TypeError, ValueError):
            problems.append(Problem.warning("1.1.2.1", f"{rel}: not a recorded division match; skipped", Where(rel)))
    return out, problems


def load_contacts(store: SeasonStore) -> dict[int, str]:
    """``cup/contacts.yaml``: member id -> e-mail address, kept by the TD (the teams file has none)."""
    doc = store.read_yaml("cup/contacts.yaml", required=False)
    if doc is None or not hasattr(doc.data, "get"):
        return {}
    out = {}
    for k, v in (doc.data.get("contacts") or {}).items():
        if _int(k) is not None and isinstance(v, str) and "@" in v:
            out[int(k)] = v.strip()
    return out


def load_agreements(store: SeasonStore) -> dict[str, Any]:
    """``cup/schedule.yaml``: agreed date, time, venue, dispensation per match (rules.home.Agreement)."""
    from ..rules.home import Agreement

    doc = store.read_yaml("cup/schedule.yaml", required=False)
    if doc is None or not hasattr(doc.data, "get"):
        return {}
    items = doc.data.get("matches") or {}
    if isinstance(items, list):
        items = {str(x.get("id") or x.get("match")): x for x in items if hasattr(x, "get")}
    out = {}
    for mid, x in items.items():
        if not hasattr(x, "get"):
            continue
        date = x.get("date")
        if isinstance(date, str):
            try:
                date = dt.date.fromisoformat(date)
            except ValueError:
                date = None
        venue = x.get("venue")
        out[str(mid)] = Agreement(date if isinstance(date, dt.date) else None,
                                  str(x["time"]) if x.get("time") else None,
                                  str(venue) if venue else None, x.get("dispensation"))
    return out


def load_finals(store: SeasonStore) -> list[Any]:
    """Cup finals of earlier seasons (``DIR/trophy.yaml``) for the trophy history (§1.5.1)."""
    from ..rules.trophy import Final

    path = store.root / "trophy.yaml"
    if not path.is_file():
        return []
    from ..store.yamlio import YamlLoadError, parse_yaml

    try:
        doc = parse_yaml(path.read_bytes(), "trophy.yaml")
    except YamlLoadError:
        return []
    finals = []
    for x in (doc.data.get("finals") if hasattr(doc.data, "get") else None) or ():
        try:
            finals.append(Final(str(x["season"]), int(x["captain"]), str(x.get("name") or "")))
        except (KeyError, TypeError, ValueError):
            continue
    return finals


def load_season(store: SeasonStore) -> SeasonData:
    """Read the whole season for publishing (never stops at the first problem)."""
    from ..rules.entry import entry_rounds
    from ..rules.roster import division_players
    from ..store.settings import load_settings_checked
    from ..store.teams import load_cup_teams, load_divisions

    settings, problems = load_settings_checked(store)
    teams, p = load_cup_teams(store)
    problems += p
    divisions, p = load_divisions(store)
    problems += p
    entry, p = entry_rounds(teams, settings.cup.entry_round, division_players(divisions))
    problems += p
    draws, p = load_draws(store)
    problems += p
    results, p = load_cup_results(store)
    problems += p
    div_results, p = load_div_results(store)
    problems += p
    data = SeasonData(store.season, settings, {t.id: t for t in teams}, entry, dict(divisions), draws, results,
                      div_results, load_agreements(store), load_contacts(store), load_finals(store), problems)
    return data


def place_name(postcode: str | None) -> str:
    """``"6700 Esbjerg"`` for a venue postcode (the postcode alone when unknown)."""
    if not postcode:
        return ""
    from ..store.geodata import load_postcodes

    pt = load_postcodes().point(postcode)
    return f"{postcode} {pt.name}" if pt else str(postcode)


def schedule_round(data: SeasonData, round_no: int) -> tuple[list[Any], list[Problem]]:
    """Home team, venue, date, time and UP of every match of a drawn round (rules.home, §1.5.5-§1.5.8)."""
    from ..rules.geography import road_route
    from ..rules.home import schedule_match
    from ..rules.up import up_for_trip
    from ..store.geodata import load_postcodes

    draw = data.draws.get(round_no)
    if draw is None:
        return [], []
    table = load_postcodes()
    up_settings = data.settings.cup.up

    def trip(a: str, b: str, r: int):
        route = road_route(table, a, b)
        if route is None:
            return None, None
        t = up_for_trip(route, up_settings, r)
        return t.km, t.total

    postcodes = {t.id: t.postcode for t in data.cup_teams.values()}
    for d in data.divisions.values():
        for team in d.teams:
            postcodes.setdefault(team.id, team.postcode)
    totals = data.up_totals(round_no)
    out, problems = [], []
    for m in draw.matches:
        s, p = schedule_match(m, data.settings.cup, postcodes, totals, data.agreements.get(m.id), trip)
        out.append(s)
        problems += p
    return out, problems
